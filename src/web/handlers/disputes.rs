//! The referee desk: disputes filed from a board page, and the event's queue for its referees.
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::referee::DisputeKind;
use crate::error::{AppError, AppResult};
use crate::services::disputes::{self, QueueEntry};
use crate::services::rounds::BoardRef;
use crate::state::AppState;
use crate::web::extractors::{PageCtx, staff_of};
use crate::web::handlers::see_other;

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    claim: String,
}

/// A player of the board, or the event's staff, files a dispute.
pub async fn file(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32, i32)>,
    form: web::Form<DisputeForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let (event_id, round, board) = path.into_inner();
    let kind = DisputeKind::parse(&form.kind)
        .ok_or_else(|| AppError::BadRequest(format!("\"{}\" is not a kind of dispute", form.kind.trim())))?;
    disputes::file(&state, &account, BoardRef { event_id, round, board }, kind, &form.claim, ctx.locale).await?;
    ctx.flash("success", ctx.t("flash-dispute-filed"));
    Ok(see_other(&format!("/events/{event_id}/rounds/{round}/boards/{board}")))
}

#[derive(Deserialize)]
pub struct RulingForm {
    #[serde(default)]
    ruling: String,
}

/// A referee of the event rules on a dispute.
pub async fn rule(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: web::Form<RulingForm>,
) -> AppResult<HttpResponse> {
    let (event_id, dispute_id) = path.into_inner();
    let (account, _) = staff_of(&state, &ctx, event_id).await?;
    disputes::rule(&state, &account, event_id, dispute_id, &form.ruling, ctx.locale).await?;
    ctx.flash("success", ctx.t("flash-dispute-ruled"));
    Ok(see_other(&format!("/events/{event_id}/disputes")))
}

#[derive(Template, WebTemplate)]
#[template(path = "disputes/queue.html")]
pub struct QueuePage {
    ctx: PageCtx,
    event: event::Model,
    entries: Vec<QueueEntry>,
}

impl QueuePage {
    fn kind_text(&self, kind: &DisputeKind) -> String {
        self.ctx.t(&format!("dispute-{}", kind.code()))
    }

    fn ruling_text(&self, ruling: &crate::domain::referee::Ruling) -> String {
        self.ctx.t(&format!("ruling-{}", ruling.code()))
    }
}

/// The event's open disputes for its directors and referees, most urgent first.
pub async fn queue(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<QueuePage> {
    let event_id = path.into_inner();
    let (_, found) = staff_of(&state, &ctx, event_id).await?;
    let entries = disputes::queue(&state.db, event_id).await?;
    Ok(QueuePage { ctx, event: found, entries })
}
