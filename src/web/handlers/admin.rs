//! The site admin's page: every account, and ending all sessions of one (a lost phone, a
//! shared computer at the venue, a suspected break-in).
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::error::AppResult;
use crate::services::accounts::{self, AccountSummary};
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::see_other;

#[derive(Template, WebTemplate)]
#[template(path = "admin/users.html")]
pub struct UsersPage {
    ctx: PageCtx,
    accounts: Vec<AccountSummary>,
}

pub async fn users(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<UsersPage> {
    ctx.require_admin()?;
    let lifetimes = crate::services::accounts::sessions::Lifetimes::from_settings(&state.settings.security);
    let accounts = accounts::summaries(&state.db, lifetimes, state.clock.now()).await?;
    Ok(UsersPage { ctx, accounts })
}

pub async fn end_sessions(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let admin = ctx.require_admin()?;
    let ended = accounts::end_sessions_by_admin(&state, admin, path.into_inner()).await?;
    ctx.flash("success", ctx.t_n("flash-sessions-ended", "count", ended));
    Ok(see_other("/admin/users"))
}
