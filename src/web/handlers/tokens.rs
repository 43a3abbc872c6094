//! The event's API tokens (issue 54): its director makes one for a purpose, sees it once, and
//! withdraws it here; each is listed with its last use.
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{api_token, event};
use crate::error::AppResult;
use crate::services::api_tokens::{self, Purpose};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::see_other;
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "events/tokens.html")]
pub struct TokensPage {
    ctx: PageCtx,
    event: event::Model,
    tokens: Vec<api_token::Model>,
    /// A token just made: its name and the token itself, shown this once.
    made: Option<(String, String)>,
    /// The site's address, for the page's curl example.
    base_url: String,
}

impl TokensPage {
    fn purposes(&self) -> Vec<(&'static str, String)> {
        Purpose::ALL.iter().map(|p| (p.code(), self.ctx.t(&format!("token-purpose-{}", p.code())))).collect()
    }

    fn purpose_name(&self, code: &str) -> String {
        self.ctx.locale.try_t(&format!("token-purpose-{code}")).unwrap_or_else(|| code.to_string())
    }

    fn at(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time(at, &self.event.time_zone)
    }

    /// When, or a dash for never.
    fn maybe(&self, at: &Option<chrono::DateTime<chrono::Utc>>) -> String {
        at.as_ref().map(|at| self.at(at)).unwrap_or_else(|| "—".into())
    }
}

async fn page(
    state: &AppState,
    ctx: PageCtx,
    event: event::Model,
    made: Option<(String, String)>,
) -> AppResult<TokensPage> {
    let tokens = api_tokens::of_event(&state.db, event.id).await?;
    let base_url = state.settings.server.base_url.trim_end_matches('/').to_string();
    Ok(TokensPage { ctx, event, tokens, made, base_url })
}

pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<TokensPage> {
    let (_, event) = director_of(&state, &ctx, path.event_id).await?;
    page(&state, ctx, event, None).await
}

#[derive(Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    purpose: String,
}

/// Makes a token and shows it, this once: the answer is the page itself, which no cache keeps.
pub async fn create(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<TokenForm>,
) -> AppResult<HttpResponse> {
    let (account, event) = director_of(&state, &ctx, path.event_id).await?;
    let form = form.parse()?;
    let made = api_tokens::create(&state, &account, event.id, &form.name, &form.purpose).await?;
    let shown = page(&state, ctx, event, Some((made.token.name, made.secret))).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(shown.render()?))
}

#[derive(Deserialize)]
pub struct TokenPath {
    event_id: i32,
    token_id: i32,
}

pub async fn revoke(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<TokenPath>,
    form: LateForm<std::collections::HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (account, event) = director_of(&state, &ctx, path.event_id).await?;
    form.parse()?;
    api_tokens::revoke(&state, &account, event.id, path.token_id).await?;
    Ok(see_other(&format!("/events/{}/tokens", event.id)))
}
