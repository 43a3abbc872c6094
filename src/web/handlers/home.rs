//! The front page, the health check and the language switch.
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::services::events;
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::safe_next;

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
pub struct HomePage {
    ctx: PageCtx,
    events: Vec<event::Model>,
}

pub async fn index(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HomePage> {
    let mut upcoming = events::list(&state.db).await?;
    upcoming.truncate(10);
    Ok(HomePage { ctx, events: upcoming })
}

/// The site's icon where browsers look for it unasked (the pages name the SVG itself).
pub async fn favicon() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .body(include_str!("../../../static/img/favicon.svg"))
}

/// For load balancers and the test harness: the database answers.
pub async fn health(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    state.db.ping().await?;
    // With instances sharing PostgreSQL, which of them runs the sweep (docs/DEPLOY.md).
    let body = match (state.cluster.is_shared(), state.cluster.sweeps_here()) {
        (false, _) => "ok",
        (true, true) => "ok\nsweep: this instance",
        (true, false) => "ok\nsweep: another instance",
    };
    Ok(HttpResponse::Ok().content_type("text/plain").body(body))
}

#[derive(Deserialize)]
pub struct LanguageQuery {
    next: Option<String>,
}

/// Remembers the chosen language in a cookie for a year and returns to the page.
pub async fn set_language(
    state: web::Data<AppState>,
    ctx: PageCtx,
    code: web::Path<String>,
    query: web::Query<LanguageQuery>,
) -> AppResult<HttpResponse> {
    let locale = Locale::from_code(&code).ok_or(AppError::NotFound)?;
    // Remembered by the account too, for the mail it is sent.
    if let Some(account) = &ctx.user {
        crate::services::accounts::remember_language(&state.db, account, locale.code()).await?;
    }
    let cookie = Cookie::build(Locale::COOKIE, locale.code())
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(Duration::days(365))
        .finish();
    let target = safe_next(query.next.as_deref(), "/");
    Ok(HttpResponse::SeeOther().cookie(cookie).insert_header((actix_web::http::header::LOCATION, target)).finish())
}
