//! Players' own results (issue 49): a board's report page, where each player reports the
//! result from his phone (the QR code on the table card and the result slip opens it) and the
//! opponent confirms it; the director's switch, and his acceptance of a one-sided report.
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::db::entities::{event, game, player};
use crate::domain::color::Color;
use crate::domain::result::GameResult;
use crate::domain::tournament::self_report::{Reports, Status};
use crate::error::{AppError, AppResult};
use crate::services::queries::{self, BoardRef};
use crate::services::reports;
use crate::services::workflows::self_report::{self, Reported};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page, page_with_status, see_other};
use crate::web::paths::{BoardPath, EventPath};

/// The report page of one board.
#[derive(Template)]
#[template(path = "rounds/report.html")]
pub struct ReportPage {
    ctx: PageCtx,
    event: event::Model,
    round: i32,
    game: game::Model,
    black: player::Model,
    white: player::Model,
    /// The reader's colour on this board, if he plays it.
    side: Option<Color>,
    reports: Reports,
    /// Why the reader cannot report here, when he cannot.
    closed: Option<String>,
    /// The outcome and margin as typed, and the refusal, when the form comes back.
    outcome: String,
    margin: String,
    error: Option<String>,
}

impl ReportPage {
    fn result_text(&self, result: &GameResult) -> String {
        self.ctx.locale.result_text_for(result, &self.event.ruleset)
    }

    fn margin_placeholder_key(&self) -> &'static str {
        if crate::domain::tournament::event::is_folk_game(&self.event.ruleset) {
            "margin-placeholder-folk"
        } else {
            "margin-placeholder"
        }
    }

    fn path(&self) -> String {
        format!("/events/{}/rounds/{}/boards/{}/report", self.event.id, self.round, self.game.board)
    }

    /// The opponent's report, which the reader may confirm with one tap.
    fn to_confirm(&self) -> Option<GameResult> {
        let side = self.side?;
        if self.reports.of(side).is_some() {
            return None;
        }
        self.reports.of(side.opponent())
    }

    /// The form's outcome and margin for a result (to confirm it as it was reported).
    fn fields_of(&self, result: &GameResult) -> (&'static str, String) {
        match *result {
            GameResult::Win { winner: Color::Black, margin } => ("black", margin_text(margin)),
            GameResult::Win { winner: Color::White, margin } => ("white", margin_text(margin)),
            _ => ("draw", String::new()),
        }
    }

    fn status_key(&self) -> &'static str {
        if self.game.result.is_some() {
            return "report-state-recorded";
        }
        match self.reports.status {
            None => "report-state-missing",
            Some(Status::Reported) => "report-state-reported",
            Some(Status::Confirmed | Status::Accepted) => "report-state-recorded",
            Some(Status::Disputed) => "report-state-disputed",
        }
    }

    fn recorded(&self) -> Option<GameResult> {
        self.game.result.as_deref().and_then(|t| GameResult::parse(t).ok())
    }
}

/// A margin as the form's margin field takes it back.
fn margin_text(margin: crate::domain::result::Margin) -> String {
    let text = GameResult::Win { winner: Color::Black, margin }.to_storage_string();
    text.trim_start_matches("B+").to_string()
}

async fn report_page(state: &AppState, ctx: PageCtx, at: BoardRef) -> AppResult<ReportPage> {
    let found = queries::event(&state.db, at.event_id).await?;
    let rounds = queries::rounds(&state.db, at.event_id).await?;
    let round = rounds.iter().find(|r| r.number == at.round && r.published).ok_or(AppError::NotFound)?;
    let g = queries::board_of(&state.db, round, at.board).await?;
    let everyone = queries::as_shown(queries::players(&state.db, at.event_id).await?);
    let seat = |id: i32| everyone.iter().find(|p| p.id == id).cloned().ok_or(AppError::NotFound);
    let (black, white) = (seat(g.black_id)?, seat(g.white_id)?);
    let own = ctx.user.as_ref().map(|u| u.id);
    let side = match own {
        Some(account) if black.user_id == Some(account) => Some(Color::Black),
        Some(account) if white.user_id == Some(account) => Some(Color::White),
        _ => None,
    };
    let row = reports::of_game(&state.db, g.id).await?;
    let closed = if !found.players_report {
        Some(ctx.t("error-reports-off"))
    } else if side.is_none() {
        Some(ctx.t("report-not-yours"))
    } else if rounds.iter().any(|r| r.number > at.round && r.published) {
        Some(ctx.t_n("error-report-round-over", "n", at.round))
    } else {
        None
    };
    Ok(ReportPage {
        reports: reports::reports_of(row.as_ref()),
        closed,
        event: found,
        round: at.round,
        game: g,
        black,
        white,
        side,
        outcome: String::new(),
        margin: String::new(),
        error: None,
        ctx,
    })
}

/// GET /events/{event_id}/rounds/{number}/boards/{board}/report
pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<BoardPath>) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    let BoardPath { event_id, number: round, board } = *path;
    page(&report_page(&state, ctx, BoardRef { event_id, round, board }).await?)
}

#[derive(Debug, Deserialize)]
pub struct ReportForm {
    #[serde(default)]
    outcome: String,
    #[serde(default)]
    margin: String,
}

impl ReportForm {
    /// A player reports a win of either side, with or without its margin, or a draw (not a
    /// forfeit, a void game or a both-lose: those are the referee's), read as the staff's form
    /// reads it.
    fn parse(&self, ruleset: &str) -> AppResult<GameResult> {
        if !matches!(self.outcome.as_str(), "black" | "white" | "draw") {
            return Err(AppError::refused("error-choose-outcome"));
        }
        crate::web::handlers::rounds::result_of(&self.outcome, &self.margin, ruleset)
    }
}

/// POST /events/{event_id}/rounds/{number}/boards/{board}/report
pub async fn report(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ReportForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let BoardPath { event_id, number: round, board } = *path;
    let at = BoardRef { event_id, round, board };
    // Only the board's two players report: refused before the form is read.
    self_report::seat_of(&state, &account, at).await?;
    let ruleset = queries::event(&state.db, event_id).await?.ruleset;
    let form = form.parse()?;
    let done = match form.parse(&ruleset) {
        Ok(result) => self_report::report(&state, &account, at, result).await,
        Err(e) => Err(e),
    };
    match done {
        Ok(reported) => {
            let (kind, text) = match reported {
                Reported::Waiting => ("success", ctx.t("flash-report-waiting")),
                Reported::Recorded(result) => {
                    let words = ctx.locale.result_text_for(&result, &ruleset);
                    ("success", ctx.t_s("flash-report-recorded", "result", &words))
                }
                Reported::Disputed(_) => ("warning", ctx.t("flash-report-disputed")),
            };
            ctx.flash(kind, text);
            Ok(see_other(&format!("/events/{event_id}/rounds/{round}/boards/{board}/report")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = report_page(&state, ctx, at).await?;
            shown.outcome = form.outcome.clone();
            shown.margin = form.margin.clone();
            shown.error = Some(message);
            page_with_status(actix_web::http::StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

/// POST /events/{event_id}/rounds/{number}/boards/{board}/report/accept: the director takes
/// the one report as the result.
pub async fn accept(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<BoardPath>) -> AppResult<HttpResponse> {
    let BoardPath { event_id, number: round, board } = *path;
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let result = reports::accept(&state, &account, event_id, round, board).await?;
    let words = ctx.locale.result_text_for(&result, &found.ruleset);
    ctx.flash("success", ctx.t_s("flash-report-accepted", "result", &words));
    Ok(see_other(&format!("/events/{event_id}/rounds/{round}#board-{board}")))
}

#[derive(Debug, Deserialize)]
pub struct SwitchForm {
    #[serde(default)]
    on: String,
}

/// POST /events/{event_id}/reports: the director lets players report their results, or not.
pub async fn switch(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<SwitchForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let on = form.parse()?.on == "true";
    reports::set_players_report(&state, &account, event_id, on).await?;
    ctx.flash("success", ctx.t(if on { "flash-reports-on" } else { "flash-reports-off" }));
    Ok(see_other(&format!("/events/{event_id}#players-report")))
}
