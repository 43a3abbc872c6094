//! The signed-in user's notices (the referee desk's steps on their boards and events).
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::error::AppResult;
use crate::services::notifications;
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::see_other;

#[derive(Template, WebTemplate)]
#[template(path = "notifications.html")]
pub struct NotificationsPage {
    ctx: PageCtx,
    notices: Vec<ShownNotice>,
}

/// A notice as the list shows it, in the reader's language.
pub struct ShownNotice {
    text: String,
    link: String,
    at: String,
    unread: bool,
}

pub async fn list(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<NotificationsPage> {
    let account = ctx.require_user()?;
    let notices = notifications::latest(&state.db, account.id)
        .await?
        .into_iter()
        .map(|n| ShownNotice {
            text: n.said.map_or_else(|stored| stored, |message| ctx.say(&message)),
            link: n.link,
            at: n.at,
            unread: n.unread,
        })
        .collect();
    Ok(NotificationsPage { ctx, notices })
}

pub async fn mark_read(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    notifications::mark_read(&state, account).await?;
    Ok(see_other("/notifications"))
}
