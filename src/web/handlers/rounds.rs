//! Rounds: generate, adjust and publish pairings; enter and correct results; the pairing
//! "why" page (the standings are in `standings`, the downloads in `exports`).
use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::message::Message;
use crate::domain::result::{GameResult, Margin};
use crate::domain::tournament::event::System;
use crate::domain::tournament::pairing::BoardCost;
use crate::domain::tournament::pairing::event_round::parse_ruling;
use crate::domain::tournament::pairing::knockout::StageName;
use crate::domain::tournament::pairing::mcmahon::QUALITY_UNIT;
use crate::error::{AppError, AppResult};
use crate::services::queries::{self, BoardRef, EventRoles};
use crate::services::rounds::{self, RoundView};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of, staff_of};
use crate::web::handlers::standings::Following;
use crate::web::handlers::{page_with_status, see_other};
use crate::web::paths::{BoardPath, EventPath, RoundPath};
use crate::web::view;

fn round_url(event_id: i32, number: i32) -> String {
    format!("/events/{event_id}/rounds/{number}")
}

pub async fn generate(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let number = rounds::generate_next(&state, &account, event_id, "form").await?;
    ctx.flash("info", ctx.t_n("flash-round-drafted", "n", number));
    Ok(see_other(&round_url(event_id, number)))
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/show.html")]
pub struct RoundPage {
    ctx: PageCtx,
    event: event::Model,
    roles: EventRoles,
    view: RoundView,
    round_count: usize,
    system: System,
    /// The results grid as it was sent, for the boards it could not save: board → (outcome,
    /// margin) typed, and why each was refused.
    typed: HashMap<i32, (String, String)>,
    refused: HashMap<i32, String>,
    /// The player followed from their page (`?me=`): their board is shown first.
    me: Option<i32>,
    /// The event's version the page was drawn at (read before its data), for the stream.
    version: i64,
    /// Players' own results: each board's reports (state code, words), when the event takes
    /// them and the round is published.
    report_states: HashMap<i32, (&'static str, String)>,
    /// The HTML a club's or a stream's page puts the round's boards in with.
    embed_code: String,
}

impl RoundPage {
    /// A board's reports (state code, words), when the event takes them.
    fn report_state(&self, board: &i32) -> Option<&(&'static str, String)> {
        self.report_states.get(board)
    }

    /// A published round read by someone with no form on it follows the round's stream:
    /// results appear as they are entered.
    fn follows_stream(&self) -> bool {
        self.view.round.published && !self.roles.director && !self.can_enter_results()
    }

    /// The followed player's board this round.
    fn my_board(&self) -> Option<&rounds::BoardView> {
        let me = self.me?;
        self.view.boards.iter().find(|b| b.black.id == me || b.white.id == me)
    }

    fn is_me(&self, id: &i32) -> bool {
        self.me == Some(*id)
    }

    /// The followed player's name, for the pinned row's label.
    fn my_name(&self) -> &str {
        self.my_board().map_or("", |b| if self.me == Some(b.black.id) { &b.black.name } else { &b.white.name })
    }

    fn stage_name(&self, stage: &StageName) -> String {
        crate::web::view::stage_name(self.ctx.locale, stage)
    }

    /// Boards won from half boards: 6 → "3", 3 → "1½".
    fn boards_won(&self, half_boards: &u32) -> String {
        crate::web::view::points(i64::from(*half_boards))
    }

    fn number(&self) -> i32 {
        self.view.round.number
    }

    /// The round's scheduled start in the event's time zone: "2026-12-05T09:30" for the form.
    fn start_local(&self) -> String {
        let zone: chrono_tz::Tz = self.event.time_zone.parse().unwrap_or(chrono_tz::UTC);
        self.view
            .round
            .starts_at
            .map(|at| at.with_timezone(&zone).format("%Y-%m-%dT%H:%M").to_string())
            .unwrap_or_default()
    }

    fn result_text(&self, result: &GameResult) -> String {
        view::result(self.ctx.locale, result, &self.event.ruleset)
    }

    /// The draft's warnings, as sentences.
    fn warnings(&self) -> Vec<String> {
        self.view.warnings.iter().map(|w| view::draft_warning(self.ctx.locale, w)).collect()
    }

    /// The outcome typed for `board` in the results grid (blank: none chosen).
    fn typed_outcome(&self, board: &i32) -> String {
        self.typed.get(board).map(|(o, _)| o.clone()).unwrap_or_default()
    }

    fn typed_margin(&self, board: &i32) -> String {
        self.typed.get(board).map(|(_, m)| m.clone()).unwrap_or_default()
    }

    /// Some board of the round still waits for its result.
    fn has_open_boards(&self) -> bool {
        self.view.boards.iter().any(|b| b.result.is_none())
    }

    /// Why the results grid could not save `board`.
    fn refusal(&self, board: &i32) -> Option<String> {
        self.refused.get(board).cloned()
    }

    /// Whether the event plays a folk game (五子棋, 八卦棋 …): its pages speak none of go's words.
    fn folk(&self) -> bool {
        crate::domain::tournament::event::is_folk_game(&self.event.ruleset)
    }

    /// A message key in the words of the event's game: `key` for go, `key-folk` for the folk
    /// games (a margin without 目 or 子, a draw without 持碁).
    fn game_key(&self, key: &'static str) -> String {
        if !self.folk() {
            return key.to_string();
        }
        match key {
            "margin" => "margin-folk",
            "margin-placeholder" => "margin-placeholder-folk",
            "results-grid-hint" => "results-grid-hint-folk",
            "result-legend" => "result-legend-folk",
            other => other,
        }
        .to_string()
    }

    /// The outcomes a results grid offers, as (form value, message key).
    fn outcomes(&self) -> [(&'static str, &'static str); 7] {
        [
            ("black", "outcome-black"),
            ("white", "outcome-white"),
            ("draw", if self.folk() { "outcome-draw-folk" } else { "outcome-draw" }),
            ("black_forfeit", "outcome-black-forfeit"),
            ("white_forfeit", "outcome-white-forfeit"),
            ("no_result", "outcome-no-result"),
            ("both_lose", "outcome-both-lose"),
        ]
    }

    /// Only where the engine pairs by score may the director edit a draft.
    fn can_edit(&self) -> bool {
        !self.view.round.published && self.roles.director && self.system.pairs_by_score()
    }

    /// Where no table fixes the colours, the director may swap a draft board's.
    fn can_swap_colours(&self) -> bool {
        !self.view.round.published && self.roles.director && self.system.colours_editable()
    }

    fn explained(&self) -> bool {
        self.view.boards.iter().any(|b| b.costs.is_some())
    }

    fn can_enter_results(&self) -> bool {
        self.view.round.published && (self.roles.director || self.roles.referee)
    }

    /// Every player on this round, for the swap form.
    fn round_players(&self) -> Vec<(i32, String)> {
        use crate::i18n::Arg;
        let seat = |name: &str, board: i32, colour: &str| {
            let colour = self.ctx.t(colour);
            self.ctx.locale.t_args(
                "swap-seat",
                &[("name", Arg::Str(name)), ("board", Arg::Num(board.into())), ("colour", Arg::Str(&colour))],
            )
        };
        let mut out: Vec<(i32, String)> = Vec::new();
        for b in &self.view.boards {
            out.push((b.black.id, seat(&b.black.name, b.board, "black")));
            out.push((b.white.id, seat(&b.white.name, b.board, "white")));
        }
        for p in &self.view.byes {
            out.push((p.id, self.ctx.t_s("swap-seat-bye", "name", &p.name)));
        }
        out
    }
}

/// A round as `ctx`'s user may see it: drafts only for directors.
async fn visible_round(
    state: &AppState,
    ctx: &PageCtx,
    event_id: i32,
    number: i32,
) -> AppResult<(event::Model, EventRoles, RoundView)> {
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let view = rounds::view(&state.db, &found, number).await?;
    if !view.round.published && !roles.director {
        return Err(AppError::NotFound);
    }
    Ok((found, roles, view))
}

pub async fn show(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<RoundPath>,
    following: web::Query<Following>,
) -> AppResult<RoundPage> {
    let RoundPath { event_id, number } = *path;
    let mut page = round_page(&state, ctx, event_id, number).await?;
    page.me = following.player();
    Ok(page)
}

async fn round_page(state: &AppState, ctx: PageCtx, event_id: i32, number: i32) -> AppResult<RoundPage> {
    // Read before the round: the page is at least this new (see `web::round_feed`).
    let version = crate::services::audit::event_version(&state.db, event_id).await?.unwrap_or(0);
    let (found, roles, view) = visible_round(state, &ctx, event_id, number).await?;
    let round_count =
        queries::rounds(&state.db, event_id).await?.iter().filter(|r| r.published || roles.director).count();
    let (system, _) = queries::system_of(&found)?;
    let report_states = if found.players_report && view.round.published {
        report_states(state, &ctx, &view, &found.ruleset).await?
    } else {
        HashMap::new()
    };
    let embed_code = format!(
        r#"<iframe src="{}/events/{event_id}/rounds/{number}/embed" width="960" height="720" title="{} · {}" loading="lazy"></iframe>"#,
        state.settings.server.base_url.trim_end_matches('/'),
        found.name,
        ctx.t_n("round-n", "n", number),
    );
    Ok(RoundPage {
        ctx,
        event: found,
        roles,
        view,
        round_count,
        system,
        typed: HashMap::new(),
        refused: HashMap::new(),
        me: None,
        version,
        report_states,
        embed_code,
    })
}

/// Where each board's reports stand, at a glance: missing, reported (by whom, what), disputed,
/// confirmed or accepted.
async fn report_states(
    state: &AppState,
    ctx: &PageCtx,
    view: &RoundView,
    ruleset: &str,
) -> AppResult<HashMap<i32, (&'static str, String)>> {
    use crate::domain::tournament::self_report::Status;
    let games = queries::games_of(&state.db, view.round.id).await?;
    let rows = crate::services::reports::of_event(&state.db, view.round.event_id).await?;
    let mut states = HashMap::new();
    for g in &games {
        let row = rows.get(&g.id);
        let reports = crate::services::reports::reports_of(row);
        let said = |side: &str, result: Option<GameResult>| {
            result.map(|r| ctx.t_s(side, "result", &ctx.locale.result_text_for(&r, ruleset))).unwrap_or_default()
        };
        // A result the director corrected since is his, not the reports': no report tag.
        let recorded = g.result.as_deref().and_then(|t| GameResult::parse(t).ok());
        let agreed = match (reports.black, reports.white) {
            (Some(black), Some(white)) if black == white => Some(black),
            (one, other) => one.xor(other).or(recorded),
        };
        if matches!(reports.status, Some(Status::Confirmed | Status::Accepted))
            && recorded.map(|r| r.winner()) != agreed.map(|a| a.winner())
        {
            continue;
        }
        let state = match (reports.status, g.result.is_some()) {
            (Some(Status::Confirmed), _) => ("confirmed", ctx.t("report-state-confirmed")),
            (Some(Status::Accepted), _) => ("accepted", ctx.t("report-state-accepted")),
            (Some(Status::Disputed), true) => ("ruled", ctx.t("report-state-ruled")),
            (Some(Status::Disputed), false) => ("disputed", ctx.t("report-state-disputed")),
            (Some(Status::Reported), false) => {
                let text = [said("report-black-said", reports.black), said("report-white-said", reports.white)]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ");
                ("reported", text)
            }
            (None, false) => ("missing", ctx.t("report-state-missing")),
            // Entered by the director (or played on the board): no report is needed.
            (_, true) => continue,
        };
        states.insert(g.board, state);
    }
    Ok(states)
}

/// The round's results grid: every board's outcome and margin in one form ("outcome-3",
/// "margin-3" for board 3; a board left without an outcome is skipped). The boards that can be
/// saved are, in one transaction; the page comes back with the others as typed, each with why.
pub async fn record_results(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<RoundPath>,
    form: LateForm<Vec<(String, String)>>,
) -> AppResult<HttpResponse> {
    let RoundPath { event_id, number } = *path;
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let fields = form.parse()?;
    let mut typed: HashMap<i32, (String, String)> = HashMap::new();
    for (name, value) in &fields {
        let (slot, board) = match (name.strip_prefix("outcome-"), name.strip_prefix("margin-")) {
            (Some(board), _) => (0, board),
            (_, Some(board)) => (1, board),
            _ => continue,
        };
        let Ok(board) = board.parse::<i32>() else { continue };
        let entry = typed.entry(board).or_default();
        if slot == 0 { entry.0 = value.trim().to_string() } else { entry.1 = value.trim().to_string() }
    }
    let mut refused: HashMap<i32, String> = HashMap::new();
    let mut entries = Vec::new();
    let mut boards: Vec<i32> = typed.keys().copied().collect();
    boards.sort_unstable();
    for board in boards {
        let (outcome, margin) = typed.get(&board).cloned().unwrap_or_default();
        if outcome.is_empty() {
            if !margin.is_empty() {
                refused.insert(board, ctx.t("error-choose-outcome"));
            }
            continue;
        }
        let form = ResultForm { outcome, margin, reason: String::new(), shown: String::new() };
        match form.parse(&found.ruleset) {
            Ok(result) => entries.push((board, result)),
            Err(AppError::BadRequest(why)) => {
                let why = ctx.say(&why);
                refused.insert(board, why);
            }
            Err(other) => return Err(other),
        }
    }
    if entries.is_empty() && refused.is_empty() {
        return Err(AppError::refused("error-results-none"));
    }
    let not_saved = rounds::record_results(&state, &account, event_id, number, &entries).await?;
    let saved = entries.len() - not_saved.len();
    refused.extend(not_saved.into_iter().map(|(board, why)| (board, ctx.say(&why))));
    if refused.is_empty() {
        ctx.flash("success", ctx.t_n("flash-results-saved", "n", saved));
        return Ok(see_other(&round_url(event_id, number)));
    }
    typed.retain(|board, _| refused.contains_key(board));
    let mut page = round_page(&state, ctx, event_id, number).await?;
    page.typed = typed;
    page.refused = refused;
    page_with_status(StatusCode::BAD_REQUEST, &page)
}

#[derive(Deserialize)]
pub struct StartForm {
    #[serde(default)]
    starts_at: String,
}

/// Sets when the round's games start, typed in the event's time zone (blank: no set start).
pub async fn set_start(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<RoundPath>,
    form: LateForm<StartForm>,
) -> AppResult<HttpResponse> {
    let RoundPath { event_id, number } = *path;
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let text = form.starts_at.trim();
    let starts_at = if text.is_empty() {
        None
    } else {
        let local = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
            .map_err(|_| AppError::refused("error-round-start"))?;
        let zone: chrono_tz::Tz = found.time_zone.parse().unwrap_or(chrono_tz::UTC);
        // A time that a clock change skips or repeats takes the earlier reading.
        let at = chrono::TimeZone::from_local_datetime(&zone, &local)
            .earliest()
            .ok_or_else(|| AppError::refused("error-round-start"))?;
        Some(at.with_timezone(&chrono::Utc))
    };
    rounds::set_start(&state, &account, event_id, number, starts_at).await?;
    Ok(see_other(&round_url(event_id, number)))
}

#[derive(Deserialize)]
pub struct SwapForm {
    a: i32,
    b: i32,
}

pub async fn swap(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<RoundPath>,
    form: LateForm<SwapForm>,
) -> AppResult<HttpResponse> {
    let RoundPath { event_id, number } = *path;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    rounds::swap(&state, &account, event_id, number, form.a, form.b).await?;
    Ok(see_other(&round_url(event_id, number)))
}

pub async fn swap_colours(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
) -> AppResult<HttpResponse> {
    let BoardPath { event_id, number, board } = *path;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    rounds::swap_colours(&state, &account, event_id, number, board).await?;
    Ok(see_other(&round_url(event_id, number)))
}

pub async fn discard(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<RoundPath>) -> AppResult<HttpResponse> {
    let RoundPath { event_id, number } = *path;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    rounds::discard_draft(&state, &account, event_id, number).await?;
    ctx.flash("info", ctx.t_n("flash-round-discarded", "n", number));
    Ok(see_other(&format!("/events/{event_id}")))
}

pub async fn publish(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<RoundPath>) -> AppResult<HttpResponse> {
    let RoundPath { event_id, number } = *path;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let failed = rounds::publish(&state, &account, event_id, number, "form").await?;
    // One message: the warning matters more than the success when mail failed.
    if failed > 0 {
        ctx.flash("warning", ctx.t_n("flash-mail-failed", "count", failed));
    } else {
        ctx.flash("success", ctx.t_n("flash-round-published", "n", number));
    }
    Ok(see_other(&round_url(event_id, number)))
}

/// The result form: an outcome plus an optional margin ("R", "3.5", "¾子", "T").
#[derive(Deserialize)]
pub struct ResultForm {
    #[serde(default)]
    outcome: String,
    #[serde(default)]
    margin: String,
    #[serde(default)]
    reason: String,
    /// For a correction: the result the director was looking at (its SGF form), so a result
    /// changed meanwhile is not overwritten unseen.
    #[serde(default)]
    shown: String,
}

impl ResultForm {
    /// The result the form says, for a game of `ruleset` (see [`result_of`]).
    fn parse(&self, ruleset: &str) -> AppResult<GameResult> {
        result_of(&self.outcome, &self.margin, ruleset)
    }
}

/// A result form's outcome and margin as the result they say, for a game of `ruleset`: a folk
/// game's win has no margin in points or stones (only a resignation or a loss on time). The
/// staff's grid and form and a player's own report read it the same way.
pub(crate) fn result_of(outcome: &str, margin: &str, ruleset: &str) -> AppResult<GameResult> {
    let margin = margin.trim();
    // The margin is read alone first, so a refusal quotes what was typed ("abc", not "B+abc").
    if matches!(outcome, "black" | "white") && !margin.is_empty() {
        Margin::parse(margin).map_err(|e| AppError::BadRequest(e.message()))?;
    }
    let text = match outcome {
        "black" => format!("B+{margin}"),
        "white" => format!("W+{margin}"),
        "black_forfeit" => "B+F".to_string(),
        "white_forfeit" => "W+F".to_string(),
        "draw" => "0".to_string(),
        "no_result" => "Void".to_string(),
        "both_lose" => "BothLose".to_string(),
        _ => return Err(AppError::refused("error-choose-outcome")),
    };
    let result = GameResult::parse(&text).map_err(|e| AppError::BadRequest(e.message()))?;
    fits_the_game(result, ruleset, margin)
}

/// `result`, unless it is a folk game's win by points or stones, which their rules have not
/// (`margin`: as the reader typed it, for the refusal).
pub(crate) fn fits_the_game(result: GameResult, ruleset: &str, margin: &str) -> AppResult<GameResult> {
    if crate::domain::tournament::event::is_folk_game(ruleset)
        && matches!(result, GameResult::Win { margin: Margin::Points(_) | Margin::Stones(_), .. })
    {
        return Err(AppError::BadRequest(Message::new("error-folk-margin").text("margin", margin)));
    }
    Ok(result)
}

pub async fn record_result(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ResultForm>,
) -> AppResult<HttpResponse> {
    let BoardPath { event_id, number, board } = *path;
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let result = form.parse(&found.ruleset)?;
    rounds::record_result(&state, &account, BoardRef { event_id, round: number, board }, result, "entered").await?;
    Ok(see_other(&format!("{}#board-{board}", round_url(event_id, number))))
}

pub async fn correct_result(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ResultForm>,
) -> AppResult<HttpResponse> {
    let BoardPath { event_id, number, board } = *path;
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let result = form.parse(&found.ruleset)?;
    rounds::correct_result(
        &state,
        &account,
        BoardRef { event_id, round: number, board },
        result,
        &form.reason,
        &form.shown,
    )
    .await?;
    ctx.flash("success", ctx.t_n("flash-result-corrected", "n", board));
    Ok(see_other(&format!("{}#board-{board}", round_url(event_id, number))))
}

#[derive(Deserialize)]
pub struct RulingForm {
    #[serde(default)]
    ruling: String,
}

/// Knockout: the director rules on a game both players lost: "replay" or "advance:<id>".
pub async fn rule_both_lose(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<RulingForm>,
) -> AppResult<HttpResponse> {
    let BoardPath { event_id, number, board } = *path;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let ruling = parse_ruling(form.ruling.trim()).ok_or_else(|| AppError::refused("error-choose-ruling"))?;
    rounds::rule_both_lose(&state, &account, BoardRef { event_id, round: number, board }, ruling).await?;
    Ok(see_other(&format!("{}#board-{board}", round_url(event_id, number))))
}

/// Why the engine paired each board: what every criterion cost, tier by tier.
#[derive(Template, WebTemplate)]
#[template(path = "rounds/why.html")]
pub struct WhyPage {
    ctx: PageCtx,
    event: event::Model,
    view: RoundView,
}

impl WhyPage {
    fn number(&self) -> i32 {
        self.view.round.number
    }

    /// Whether the director changed this board (or bye) by hand after the draft.
    fn by_hand(&self, cost: &BoardCost) -> bool {
        matches!(cost, BoardCost::ByHand { .. })
    }

    /// Whether any board or bye was changed by hand after the draft (the search's total is
    /// then no longer the round's).
    fn changed_by_hand(&self) -> bool {
        let marked = |c: &Option<BoardCost>| matches!(c, Some(BoardCost::ByHand { .. }));
        self.view.boards.iter().any(|b| marked(&b.costs)) || self.view.bye_costs.iter().any(|(_, c)| marked(c))
    }

    /// Whether OpenGotha's weights paired the round (its terms replace Yunzi's tiers).
    fn opengotha(&self) -> bool {
        self.view.boards.iter().any(|b| matches!(b.costs, Some(BoardCost::OpenGotha { .. })))
    }

    /// The round's total weight under OpenGotha's weights (the matching makes it as large as it can).
    fn opengotha_weight(&self) -> String {
        let total: i64 = self
            .view
            .boards
            .iter()
            .filter_map(|b| match b.costs {
                Some(BoardCost::OpenGotha { opengotha }) => Some(opengotha.total()),
                _ => None,
            })
            .sum();
        view::grouped(total)
    }

    /// The criteria in tier order with their values on `cost` ("–" when nothing); under
    /// OpenGotha's weights the pair's weight (what the round maximises, so it comes first where
    /// a narrow screen still shows it), then its terms in OpenGotha's order.
    fn cells(&self, cost: &BoardCost) -> Vec<String> {
        let show = |v: u32| if v == 0 { "–".to_string() } else { v.to_string() };
        let share = |v: u32| {
            if v == 0 { "–".to_string() } else { format!("{:.2}", f64::from(v) / f64::from(QUALITY_UNIT)) }
        };
        let term = |v: i64| if v == 0 { "–".to_string() } else { view::grouped(v) };
        match cost {
            BoardCost::Yunzi(cost) => vec![
                show(cost.forbidden),
                show(cost.rematch),
                show(cost.same_team),
                show(cost.colour_clash),
                if cost.score_gap == 0 { "–".to_string() } else { view::points(i64::from(cost.score_gap)) },
                show(cost.float_repeat),
                share(cost.float_position),
                share(cost.placement),
                share(cost.colour),
                share(cost.geography),
            ],
            BoardCost::ByHand { .. } => Vec::new(),
            BoardCost::OpenGotha { opengotha: c } => vec![
                view::grouped(c.total()),
                term(c.duplicate),
                term(c.random),
                term(c.colour),
                term(c.category),
                term(c.score),
                term(c.dudd),
                term(c.seeding),
                term(c.handicap),
                term(c.geography),
            ],
        }
    }
}

pub async fn why(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<RoundPath>) -> AppResult<WhyPage> {
    let RoundPath { event_id, number } = *path;
    let (found, _, view) = visible_round(&state, &ctx, event_id, number).await?;
    Ok(WhyPage { ctx, event: found, view })
}
