//! The check-in desk of a Swiss or McMahon event (one tap a player), a player's own check-in,
//! and a player's advance request to skip rounds.
use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::tournament::participation::Mark;
use crate::error::{AppError, AppResult};
use crate::services::participation::{self, Desk};
use crate::services::queries;
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of, staff_of};
use crate::web::handlers::see_other;
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "events/check_in.html")]
pub struct CheckInPage {
    ctx: PageCtx,
    event: event::Model,
    /// None: every round is paired (or the system pairs no rounds by presence).
    desk: Option<Desk>,
    /// Rounds the desk may switch to: the desk's round and those after it.
    rounds: Vec<i32>,
    director: bool,
    /// When the event asks a fee: paid and owed, for the treasurer (marked row by row here).
    fees: Option<crate::domain::tournament::registration::FeeTotals>,
}

impl CheckInPage {
    fn asks_fee(&self) -> bool {
        self.event.entry_fee_minor.is_some()
    }

    /// Where the fee's form sends the desk back to.
    fn fee_from(&self) -> &'static str {
        "desk"
    }

    /// An amount of the event's fee currency as the page writes it.
    fn money(&self, minor: &i64) -> String {
        format!("{} {}", crate::domain::tournament::registration::amount_text(*minor), self.event.fee_currency)
            .trim()
            .to_string()
    }

    /// A letter heading's anchor: the letter, or "other" for names filed under #.
    fn letter_id(&self, letter: &char) -> String {
        if letter.is_ascii_alphabetic() { letter.to_string() } else { "other".into() }
    }

    fn mark_label(&self, mark: &Option<Mark>) -> String {
        self.ctx.t(match mark {
            Some(Mark::Present) => "check-in-mark-present",
            Some(Mark::Absent) => "check-in-mark-absent",
            Some(Mark::Skip) => "check-in-mark-skip",
            None => "check-in-mark-none",
        })
    }

    /// Whether a letter heading goes before row `index` (the first row of its letter).
    fn starts_letter(&self, index: &usize) -> bool {
        let Some(desk) = &self.desk else { return false };
        *index == 0 || desk.rows.get(*index - 1).map(|r| r.letter) != desk.rows.get(*index).map(|r| r.letter)
    }
}

#[derive(Debug, Deserialize)]
pub struct DeskQuery {
    round: Option<i32>,
}

pub async fn desk(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    query: web::Query<DeskQuery>,
) -> AppResult<CheckInPage> {
    let event_id = path.event_id;
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let director = queries::roles(&state.db, event_id, &account).await?.director;
    let first =
        if participation::takes_check_in(&found) { participation::desk_round(&state.db, &found).await? } else { None };
    let (desk, rounds) = match first {
        Some(first) => {
            let round = query.round.filter(|n| (first..=found.rounds).contains(n)).unwrap_or(first);
            (Some(participation::desk(&state.db, &found, round).await?), (first..=found.rounds).collect())
        }
        None => (None, Vec::new()),
    };
    let fees = match found.entry_fee_minor {
        Some(fee) => Some(crate::domain::tournament::registration::fee_totals(
            fee,
            queries::players(&state.db, event_id).await?.iter().map(|p| (p.fee_paid_at.is_some(), !p.withdrawn)),
        )),
        None => None,
    };
    Ok(CheckInPage { ctx, event: found, desk, rounds, director, fees })
}

#[derive(Debug, Deserialize)]
pub struct MarkForm {
    #[serde(default)]
    player: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    mark: String,
}

/// One tap at the desk: `mark` is present, absent, skip or clear.
pub async fn mark(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<MarkForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let (Ok(player), Ok(round)) = (form.player.trim().parse::<i32>(), form.round.trim().parse::<i32>()) else {
        return Err(AppError::refused("error-check-in-form"));
    };
    let mark = match form.mark.trim() {
        "clear" => None,
        code => Some(Mark::parse(code).ok_or_else(|| AppError::refused("error-check-in-form"))?),
    };
    participation::mark(&state, &account, &found, player, round, mark).await?;
    Ok(see_other(&format!("/events/{event_id}/check-in?round={round}#p{player}")))
}

#[derive(Debug, Deserialize)]
pub struct OpenForm {
    #[serde(default)]
    open: String,
}

/// The director lets players check themselves in, or stops them.
pub async fn set_open(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<OpenForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let open = form.parse()?.open == "true";
    participation::set_check_in_open(&state, &account, event_id, open).await?;
    ctx.flash("success", ctx.t(if open { "flash-check-in-opened" } else { "flash-check-in-closed" }));
    Ok(see_other(&format!("/events/{event_id}/check-in")))
}

/// A player checks themselves in for the next round.
pub async fn check_in_self(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let account = ctx.require_user()?.clone();
    let round = participation::check_in_self(&state, &account, event_id).await?;
    ctx.flash("success", ctx.t_n("flash-checked-in", "n", round));
    Ok(see_other(&format!("/events/{event_id}")))
}

/// A player's advance request: the rounds ticked (`skip-<n>`) are skipped, the others played.
pub async fn set_skips(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let account = ctx.require_user()?.clone();
    let form = form.parse()?;
    let mut rounds = Vec::new();
    for key in form.keys().filter_map(|k| k.strip_prefix("skip-")) {
        rounds.push(key.parse::<i32>().map_err(|_| AppError::refused("error-check-in-form"))?);
    }
    rounds.sort_unstable();
    participation::set_skips(&state, &account, event_id, &rounds).await?;
    ctx.flash("success", ctx.t("flash-skips-saved"));
    Ok(see_other(&format!("/events/{event_id}#my-rounds")))
}
