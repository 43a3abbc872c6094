//! The event's sync page (issue 54). On a venue instance: the link to the public copy, how far
//! behind the copy is, and a push now. On the public instance: what the copy has received from
//! the venue, whether the chain received walks, and the pushes refused.
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{event, sync_copy};
use crate::error::AppResult;
use crate::services::audit::ChainCheck;
use crate::services::sync::{public, venue};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::see_other;
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "events/sync.html")]
pub struct SyncPage {
    ctx: PageCtx,
    event: event::Model,
    /// This event's copy on the public site, when it is linked.
    status: Option<venue::Status>,
    /// What this event has received, when it follows a venue's.
    copy: Option<sync_copy::Model>,
    /// The walk of the chain received.
    chain: Option<ChainCheck>,
    /// This page's address, for the venue's link form.
    own_address: String,
    /// Only a site admin links an event: the server then sends requests to the address given.
    can_link: bool,
}

impl SyncPage {
    fn at(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time(at, &self.event.time_zone)
    }

    /// When, or a dash for never.
    fn maybe(&self, at: &Option<chrono::DateTime<chrono::Utc>>) -> String {
        at.as_ref().map(|at| self.at(at)).unwrap_or_else(|| "—".into())
    }

    /// A link's stored failure in the reader's language.
    fn failure(&self, stored: &str) -> String {
        match crate::domain::message::Message::from_stored(stored) {
            Some(message) => self.ctx.locale.message(&message),
            None => stored.to_string(),
        }
    }

    fn chain_intact(&self) -> bool {
        matches!(self.chain, Some(ChainCheck::Intact { .. }))
    }

    fn chain_text(&self) -> String {
        self.chain.as_ref().map(ToString::to_string).unwrap_or_default()
    }
}

async fn page(state: &AppState, ctx: PageCtx, event: event::Model, req: &HttpRequest) -> AppResult<SyncPage> {
    let status = match venue::link_of(&state.db, event.id).await? {
        Some(link) => Some(venue::status(&state.db, &link).await?),
        None => None,
    };
    let copy = public::copy_of(&state.db, event.id).await?;
    let chain = match &copy {
        Some(_) => Some(public::verify_received(&state.db, event.id).await?),
        None => None,
    };
    // The site's configured address, or else the one this page was asked at.
    let base = match state.settings.server.base_url.trim_end_matches('/') {
        "" => {
            let info = req.connection_info();
            format!("{}://{}", info.scheme(), info.host())
        }
        configured => configured.to_string(),
    };
    let own_address = format!("{base}/events/{}", event.id);
    let can_link = ctx.user.as_ref().is_some_and(|u| u.is_admin);
    Ok(SyncPage { ctx, event, status, copy, chain, own_address, can_link })
}

pub async fn show(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    req: HttpRequest,
) -> AppResult<SyncPage> {
    let (_, event) = director_of(&state, &ctx, path.event_id).await?;
    page(&state, ctx, event, &req).await
}

#[derive(Deserialize)]
pub struct LinkForm {
    #[serde(default)]
    address: String,
    #[serde(default)]
    token: String,
    /// A checkbox: present when ticked.
    share_addresses: Option<String>,
}

/// Links the event to its public copy (the public instance is asked first).
pub async fn link(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<LinkForm>,
) -> AppResult<HttpResponse> {
    let (account, event) = director_of(&state, &ctx, path.event_id).await?;
    let form = form.parse()?;
    // The server will send requests to the address given: a site admin's decision, not any
    // event director's (who could otherwise probe the hosts it reaches).
    if !account.is_admin {
        return Err(crate::error::AppError::refused("error-sync-admin-only"));
    }
    let unreachable =
        venue::link(&state, &account, event.id, &form.address, &form.token, form.share_addresses.is_some()).await?;
    match unreachable {
        None => ctx.flash("success", ctx.t("sync-linked")),
        Some(why) => ctx.flash("warning", ctx.t_s("sync-linked-unreachable", "why", &ctx.locale.message(&why))),
    }
    Ok(see_other(&format!("/events/{}/sync", event.id)))
}

pub async fn unlink(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<std::collections::HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (account, event) = director_of(&state, &ctx, path.event_id).await?;
    form.parse()?;
    venue::unlink(&state, &account, event.id).await?;
    ctx.flash("success", ctx.t("sync-unlinked"));
    Ok(see_other(&format!("/events/{}/sync", event.id)))
}

/// Pushes now rather than at the next turn of the background work, and says how it went.
pub async fn push_now(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<std::collections::HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (_, event) = director_of(&state, &ctx, path.event_id).await?;
    form.parse()?;
    match venue::push_once(&state, event.id).await? {
        Some(Ok(_)) => ctx.flash("success", ctx.t("sync-pushed")),
        Some(Err(why)) => ctx.flash("warning", ctx.t_s("sync-push-failed", "why", &ctx.locale.message(&why))),
        None => {}
    }
    Ok(see_other(&format!("/events/{}/sync", event.id)))
}
