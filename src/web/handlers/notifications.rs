//! The signed-in user's notices (the referee desk's steps on their boards and events).
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::error::AppResult;
use crate::services::notifications::{self, Shown};
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::see_other;

#[derive(Template, WebTemplate)]
#[template(path = "notifications.html")]
pub struct NotificationsPage {
    ctx: PageCtx,
    notices: Vec<Shown>,
}

pub async fn list(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<NotificationsPage> {
    let account = ctx.require_user()?;
    let notices = notifications::latest(&state.db, account.id, ctx.locale).await?;
    Ok(NotificationsPage { ctx, notices })
}

pub async fn mark_read(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    notifications::mark_read(&state, account).await?;
    Ok(see_other("/notifications"))
}
