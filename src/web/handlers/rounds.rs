//! Rounds: generate, adjust and publish pairings; enter results; standings.
use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{event, player};
use crate::domain::event::System;
use crate::domain::pairing::BoardCost;
use crate::domain::pairing::event_round::parse_ruling;
use crate::domain::pairing::knockout::StageName;
use crate::domain::pairing::mcmahon::QUALITY_UNIT;
use crate::domain::pairing::team::{TeamStandingRow, TeamTieBreak};
use crate::domain::result::{GameResult, Margin};
use crate::domain::standings::{TieBreak, Tradition};
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::services::players;
use crate::services::queries::{self, BoardRef, EventRoles};
use crate::services::relay::{self, RelayView};
use crate::services::rounds::{self, RoundView};
use crate::services::standings::{self, MatchGame, StandingView, Standings};
use crate::services::workflows::interop;
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of, staff_of};
use crate::web::handlers::{page, page_with_status, see_other};
use crate::web::view;

fn round_url(event_id: i32, number: i32) -> String {
    format!("/events/{event_id}/rounds/{number}")
}

pub async fn generate(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let event_id = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let number = rounds::generate_next(&state, &account, event_id, ctx.locale).await?;
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
}

/// `?me=<player id>` on the round and standings pages: the player who came from search (their
/// own page links here), whose row is shown first on a long list. Anything else is ignored.
#[derive(Deserialize, Default)]
pub struct Following {
    #[serde(default)]
    me: Option<String>,
    /// The standings' page of a big field (1-based), or "all".
    #[serde(default)]
    page: Option<String>,
}

impl Following {
    fn player(&self) -> Option<i32> {
        self.me.as_deref().and_then(|id| id.trim().parse().ok())
    }
}

/// A field bigger than this has its standings in pages of [`STANDINGS_PAGE_ROWS`] (a phone lays
/// out a table only once it has all of it), with a link to the whole table for print.
const STANDINGS_PAGED_FROM: usize = 200;
const STANDINGS_PAGE_ROWS: usize = 100;

/// Whether the standings come in pages: a big field, not in groups.
fn pageable(standings: &Standings) -> bool {
    standings.rows.len() > STANDINGS_PAGED_FROM && standings.rows.iter().all(|r| r.group.is_none())
}

/// Which rows of the standings a page shows: all, or a page of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowPage {
    All,
    /// 1-based, of `count` pages.
    Page {
        number: usize,
        count: usize,
    },
}

impl RowPage {
    /// The page asked for (`?page=N` or `all`), else the followed player's, else the first;
    /// a small field or one in groups is one page.
    fn of(standings: &Standings, following: &Following) -> RowPage {
        if !pageable(standings) {
            return RowPage::All;
        }
        let count = standings.rows.len().div_ceil(STANDINGS_PAGE_ROWS);
        let asked = following.page.as_deref().map(str::trim);
        if asked == Some("all") {
            return RowPage::All;
        }
        let mine = following
            .player()
            .and_then(|me| standings.rows.iter().position(|r| r.player.id == me))
            .map(|at| at / STANDINGS_PAGE_ROWS + 1);
        let number = asked.and_then(|n| n.parse::<usize>().ok()).or(mine).unwrap_or(1).clamp(1, count);
        RowPage::Page { number, count }
    }
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
        crate::domain::event::is_folk_game(&self.event.ruleset)
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
    path: web::Path<(i32, i32)>,
    following: web::Query<Following>,
) -> AppResult<RoundPage> {
    let (event_id, number) = path.into_inner();
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
    use crate::domain::self_report::Status;
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
    path: web::Path<(i32, i32)>,
    form: LateForm<Vec<(String, String)>>,
) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
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
        match form.parse(ctx.locale, &found.ruleset) {
            Ok(result) => entries.push((board, result)),
            Err(AppError::BadRequest(why)) => {
                refused.insert(board, why);
            }
            Err(other) => return Err(other),
        }
    }
    if entries.is_empty() && refused.is_empty() {
        return Err(AppError::BadRequest(ctx.t("error-results-none")));
    }
    let not_saved = rounds::record_results(&state, &account, event_id, number, &entries, ctx.locale).await?;
    let saved = entries.len() - not_saved.len();
    refused.extend(not_saved);
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
    path: web::Path<(i32, i32)>,
    form: LateForm<StartForm>,
) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let text = form.starts_at.trim();
    let starts_at = if text.is_empty() {
        None
    } else {
        let local = chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
            .map_err(|_| AppError::BadRequest(ctx.t("error-round-start")))?;
        let zone: chrono_tz::Tz = found.time_zone.parse().unwrap_or(chrono_tz::UTC);
        // A time that a clock change skips or repeats takes the earlier reading.
        let at = chrono::TimeZone::from_local_datetime(&zone, &local)
            .earliest()
            .ok_or_else(|| AppError::BadRequest(ctx.t("error-round-start")))?;
        Some(at.with_timezone(&chrono::Utc))
    };
    rounds::set_start(&state, &account, event_id, number, starts_at, ctx.locale).await?;
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
    path: web::Path<(i32, i32)>,
    form: LateForm<SwapForm>,
) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    rounds::swap(&state, &account, event_id, number, form.a, form.b, ctx.locale).await?;
    Ok(see_other(&round_url(event_id, number)))
}

pub async fn swap_colours(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, number, board) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    rounds::swap_colours(&state, &account, event_id, number, board, ctx.locale).await?;
    Ok(see_other(&round_url(event_id, number)))
}

pub async fn discard(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<(i32, i32)>) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    rounds::discard_draft(&state, &account, event_id, number, ctx.locale).await?;
    ctx.flash("info", ctx.t_n("flash-round-discarded", "n", number));
    Ok(see_other(&format!("/events/{event_id}")))
}

pub async fn publish(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<(i32, i32)>) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let failed = rounds::publish(&state, &account, event_id, number, ctx.locale).await?;
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
    fn parse(&self, locale: Locale, ruleset: &str) -> AppResult<GameResult> {
        result_of(&self.outcome, &self.margin, locale, ruleset)
    }
}

/// A result form's outcome and margin as the result they say, for a game of `ruleset`: a folk
/// game's win has no margin in points or stones (only a resignation or a loss on time). The
/// staff's grid and form and a player's own report read it the same way.
pub(crate) fn result_of(outcome: &str, margin: &str, locale: Locale, ruleset: &str) -> AppResult<GameResult> {
    let margin = margin.trim();
    // The margin is read alone first, so a refusal quotes what was typed ("abc", not "B+abc").
    if matches!(outcome, "black" | "white") && !margin.is_empty() {
        Margin::parse(margin).map_err(|e| AppError::refused(locale, &e.message()))?;
    }
    let text = match outcome {
        "black" => format!("B+{margin}"),
        "white" => format!("W+{margin}"),
        "black_forfeit" => "B+F".to_string(),
        "white_forfeit" => "W+F".to_string(),
        "draw" => "0".to_string(),
        "no_result" => "Void".to_string(),
        "both_lose" => "BothLose".to_string(),
        _ => return Err(AppError::BadRequest(locale.t("error-choose-outcome"))),
    };
    let result = GameResult::parse(&text).map_err(|e| AppError::refused(locale, &e.message()))?;
    if crate::domain::event::is_folk_game(ruleset)
        && matches!(result, GameResult::Win { margin: Margin::Points(_) | Margin::Stones(_), .. })
    {
        let margin = crate::i18n::Arg::Str(margin);
        return Err(AppError::BadRequest(locale.t_args("error-folk-margin", &[("margin", margin)])));
    }
    Ok(result)
}

pub async fn record_result(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32, i32)>,
    form: LateForm<ResultForm>,
) -> AppResult<HttpResponse> {
    let (event_id, number, board) = path.into_inner();
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let result = form.parse(ctx.locale, &found.ruleset)?;
    rounds::record_result(&state, &account, BoardRef { event_id, round: number, board }, result, ctx.locale).await?;
    Ok(see_other(&format!("{}#board-{board}", round_url(event_id, number))))
}

pub async fn correct_result(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32, i32)>,
    form: LateForm<ResultForm>,
) -> AppResult<HttpResponse> {
    let (event_id, number, board) = path.into_inner();
    let (account, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let result = form.parse(ctx.locale, &found.ruleset)?;
    rounds::correct_result(
        &state,
        &account,
        BoardRef { event_id, round: number, board },
        result,
        &form.reason,
        &form.shown,
        ctx.locale,
    )
    .await?;
    ctx.flash("success", ctx.t_n("flash-result-corrected", "n", board));
    Ok(see_other(&format!("{}#board-{board}", round_url(event_id, number))))
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/standings.html")]
pub struct StandingsPage {
    ctx: PageCtx,
    event: event::Model,
    standings: Standings,
    /// A relay's chain of games and who stays on, shown under its table.
    relay: Option<RelayView>,
    /// The player followed from their page (`?me=`): their row is shown first.
    me: Option<i32>,
    rows: RowPage,
}

pub async fn standings(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<i32>,
    following: web::Query<Following>,
) -> AppResult<StandingsPage> {
    let event_id = path.into_inner();
    let found = queries::event(&state.db, event_id).await?;
    let standings = standings::compute(&state.db, &found).await?;
    let relay = match queries::system_of(&found)?.0 {
        System::Relay => Some(relay::view(&state.db, &found, ctx.locale).await?),
        _ => None,
    };
    let rows = RowPage::of(&standings, &following);
    Ok(StandingsPage { ctx, event: found, standings, relay, me: following.player(), rows })
}

impl StandingsPage {
    /// Whether the event's games are go, which the rating bodies (EGF, AGA) rate.
    fn rated_by_go_bodies(&self) -> bool {
        !crate::domain::event::is_folk_game(&self.event.ruleset)
    }

    /// The rows this page shows.
    fn shown_rows(&self) -> &[StandingView] {
        match self.rows {
            RowPage::All => &self.standings.rows,
            RowPage::Page { number, .. } => {
                let start = ((number - 1) * STANDINGS_PAGE_ROWS).min(self.standings.rows.len());
                let end = (start + STANDINGS_PAGE_ROWS).min(self.standings.rows.len());
                &self.standings.rows[start..end]
            }
        }
    }

    /// The pages of a big field: (number, first place number, last, whether shown now); empty
    /// for a field on one page.
    fn row_pages(&self) -> Vec<(usize, usize, usize, bool)> {
        let RowPage::Page { number, count } = self.rows else { return Vec::new() };
        let rows = self.standings.rows.len();
        (1..=count)
            .map(|n| (n, (n - 1) * STANDINGS_PAGE_ROWS + 1, (n * STANDINGS_PAGE_ROWS).min(rows), n == number))
            .collect()
    }

    /// Whether a big field is shown whole (after `?page=all`).
    fn paged_field(&self) -> bool {
        pageable(&self.standings)
    }

    /// The followed player's row, shown again first.
    fn my_row(&self) -> Option<&StandingView> {
        let me = self.me?;
        self.standings.rows.iter().find(|r| r.player.id == me)
    }

    fn is_me(&self, id: &i32) -> bool {
        self.me == Some(*id)
    }

    fn cells(&self, row: &StandingView) -> Vec<String> {
        row.cells.iter().map(|c| view::cross_cell(self.ctx.locale, c)).collect()
    }

    fn values(&self, row: &StandingView) -> Vec<String> {
        view::tie_break_values(row, &self.standings.columns, self.standings.tradition)
    }

    /// The legend in the words of the event's game (a draw is no 持碁 at a folk game).
    fn legend_key(&self) -> &'static str {
        if crate::domain::event::is_folk_game(&self.event.ruleset) {
            "standings-legend-folk"
        } else {
            "standings-legend"
        }
    }

    fn game_text(&self, game: &MatchGame) -> String {
        view::match_game(self.ctx.locale, game, &self.event.ruleset)
    }

    fn stage_name(&self, stage: &StageName) -> String {
        view::stage_name(self.ctx.locale, stage)
    }

    fn points(&self, half_points: &u32) -> String {
        view::points(i64::from(*half_points))
    }

    fn result_text(&self, result: &GameResult) -> String {
        view::result(self.ctx.locale, result, &self.event.ruleset)
    }

    fn column_name(&self, tie_break: &TieBreak) -> String {
        view::tie_break_name(self.ctx.locale, *tie_break)
    }

    fn team_column_name(&self, tie_break: &TeamTieBreak) -> String {
        self.ctx.t(match tie_break {
            TeamTieBreak::GamePoints => "game-points",
            TeamTieBreak::Sos => "team-sos",
            TeamTieBreak::KeyBoard => "key-board",
        })
    }

    fn team_value(&self, tie_break: &TeamTieBreak, row: &TeamStandingRow) -> u32 {
        match tie_break {
            TeamTieBreak::GamePoints => row.game_points,
            TeamTieBreak::Sos => row.sos,
            TeamTieBreak::KeyBoard => row.key_board,
        }
    }
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
    path: web::Path<(i32, i32, i32)>,
    form: LateForm<RulingForm>,
) -> AppResult<HttpResponse> {
    let (event_id, number, board) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let ruling = parse_ruling(form.ruling.trim()).ok_or_else(|| AppError::BadRequest(ctx.t("error-choose-ruling")))?;
    rounds::rule_both_lose(&state, &account, BoardRef { event_id, round: number, board }, ruling, ctx.locale).await?;
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

pub async fn why(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<(i32, i32)>) -> AppResult<WhyPage> {
    let (event_id, number) = path.into_inner();
    let (found, _, view) = visible_round(&state, &ctx, event_id, number).await?;
    Ok(WhyPage { ctx, event: found, view })
}

/// A file download: the event's short name and the extension.
fn download(event: &event::Model, extension: &str, content_type: &str, body: String) -> HttpResponse {
    let stem: String = event
        .name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .trim_matches('-')
        .into();
    let stem = if stem.is_ascii() && !stem.is_empty() { stem } else { format!("event-{}", event.id) };
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{stem}.{extension}\"")))
        .body(body)
}

/// The published rounds as an OpenGotha tournament file.
pub async fn export_opengotha(state: web::Data<AppState>, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.into_inner()).await?;
    let xml = interop::opengotha_file(&state.db, &found).await?;
    Ok(download(&found, "xml", "application/xml; charset=utf-8", xml))
}

/// The standings as an EGF results table.
pub async fn export_pairing_file(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<i32>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.into_inner()).await?;
    let file = interop::pairing_file(&state.db, &found, ctx.locale).await?;
    Ok(download(&found, "yunzi.json", "application/json", file))
}

/// What the EGD export page's form sends (all optional: a choice left out takes its default).
#[derive(Debug, Deserialize, Default)]
pub struct EgdQuery {
    #[serde(default)]
    class: Option<String>,
    #[serde(default)]
    tm: Option<String>,
    #[serde(default)]
    country: Option<String>,
    #[serde(default)]
    town: Option<String>,
}

impl EgdQuery {
    /// The choices, or the first one that cannot be taken, named.
    fn choices(&self, ctx: &PageCtx) -> AppResult<interop::EgdChoices> {
        use crate::domain::interop::egf::{Class, egd_country};
        let class = match self.class.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => {
                Some(Class::parse(text).ok_or_else(|| AppError::BadRequest(ctx.t_s("error-egd-class", "text", text)))?)
            }
        };
        let adjusted_minutes = match self.tm.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|m| *m <= 24 * 60)
                    .ok_or_else(|| AppError::BadRequest(ctx.t_s("error-egd-time", "text", text)))?,
            ),
        };
        let country = match self.country.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(String::new()),
            Some(text) if egd_country(text) != "XX" || text.eq_ignore_ascii_case("xx") => Some(egd_country(text)),
            Some(text) => return Err(AppError::BadRequest(ctx.t_s("error-egd-country", "text", text))),
        };
        let town = self.town.as_deref().map(|t| t.trim().chars().take(60).collect());
        Ok(interop::EgdChoices { class, adjusted_minutes, country, town })
    }
}

/// GET /events/{event_id}/export/egf.txt: the EGD's results file, with the export page's
/// choices (class, adjusted time, country, town) when it sends them.
pub async fn export_egf(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<i32>,
    query: web::Query<EgdQuery>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.into_inner()).await?;
    go_games_only(&found, &ctx)?;
    let choices = query.choices(&ctx)?;
    let table = interop::egf_table(&state.db, &found, &choices, ctx.locale).await?;
    let file = format!("{}.h{}", found.start_date, table_reduction(&table));
    Ok(download(&found, &file, "text/plain; charset=utf-8", table))
}

/// The `hN` of a table's HA header, for the file's name as the EGD's tools name it.
fn table_reduction(table: &str) -> String {
    table
        .lines()
        .find_map(|l| l.strip_prefix("; HA[h").and_then(|rest| rest.strip_suffix(']')))
        .unwrap_or("9")
        .to_string()
}

/// The EGD export page: the director chooses the class, the adjusted time, the country and
/// the town the file declares, each filled with what the event says.
#[derive(Template)]
#[template(path = "events/egd.html")]
pub struct EgdPage {
    ctx: PageCtx,
    event: event::Model,
    class: String,
    adjusted_minutes: u32,
    country: String,
    town: String,
    /// Why the file cannot be written (a knockout), if so.
    problem: Option<String>,
}

impl EgdPage {
    fn classes(&self) -> [&'static str; 5] {
        ["A", "B", "C", "D", "X"]
    }
}

pub async fn egd(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let event_id = path.into_inner();
    let (_, found) = director_of(&state, &ctx, event_id).await?;
    go_games_only(&found, &ctx)?;
    let (class, adjusted_minutes, country, town) = interop::egd_defaults(&found);
    let problem = match interop::egf_table(&state.db, &found, &interop::EgdChoices::default(), ctx.locale).await {
        Ok(_) => None,
        Err(AppError::BadRequest(message)) => Some(message),
        Err(other) => return Err(other),
    };
    page(&EgdPage { ctx, event: found, class: class.code().to_string(), adjusted_minutes, country, town, problem })
}

/// The results as a spreadsheet reads them (CSV, UTF-8 with a byte order mark so spreadsheet
/// programs take the Chinese names): place, name, rank, club, country, EGD PIN, the event's
/// criteria, and once a go event is over each player's GoR before and after it.
pub async fn export_results(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.into_inner()).await?;
    let table = standings::compute(&state.db, &found).await?;
    let rated = !crate::domain::event::is_folk_game(&found.ruleset) && rounds::is_over(&state.db, &found).await?;
    let gor = if rated { crate::services::ratings::gor_changes(&state.db, &found).await? } else { Vec::new() };
    let mut header =
        vec![ctx.t("place"), ctx.t("player-name"), ctx.t("rank"), ctx.t("club"), ctx.t("country"), ctx.t("egf-pin")];
    header.extend(table.columns.iter().map(|c| view::tie_break_name(ctx.locale, *c)));
    header.extend([ctx.t("gor-before"), ctx.t("gor-after"), ctx.t("gor-change")]);
    let mut lines = vec![header];
    for row in &table.rows {
        let p = &row.player;
        // What players typed cannot run in a spreadsheet (OWASP's CSV injection).
        let inert = crate::domain::interop::inert_cell;
        let mut line = vec![
            row.place.to_string(),
            inert(&p.name),
            ctx.rank(&p.rank),
            inert(&p.club),
            inert(&p.country),
            inert(p.egf_pin.as_deref().unwrap_or_default()),
        ];
        line.extend(view::tie_break_values(row, &table.columns, table.tradition));
        match gor.iter().find(|c| c.player_id == p.id) {
            Some(c) => line.extend([
                format!("{:.1}", c.before),
                format!("{:.1}", c.after),
                format!("{:+.1}", c.after - c.before),
            ]),
            None => line.extend([String::new(), String::new(), String::new()]),
        }
        lines.push(line);
    }
    let csv: String = std::iter::once("\u{feff}".to_string())
        .chain(lines.iter().map(|fields| fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",") + "\r\n"))
        .collect();
    Ok(download(&found, "csv", "text/csv; charset=utf-8", csv))
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

/// The rating bodies' files (EGF, AGA) are of go games: an event of a folk game has none, and
/// says why rather than write its games as go.
fn go_games_only(found: &event::Model, ctx: &PageCtx) -> AppResult<()> {
    if crate::domain::event::is_folk_game(&found.ruleset) {
        let game = crate::web::view::ruleset_name(ctx.locale, &found.ruleset);
        return Err(AppError::BadRequest(ctx.t_s("error-export-go-only", "game", &game)));
    }
    Ok(())
}

/// The AGA results page: each player's AGA membership number, and the file once every player
/// of a rated game has one.
#[derive(Template)]
#[template(path = "events/aga.html")]
pub struct AgaPage {
    ctx: PageCtx,
    event: event::Model,
    players: Vec<player::Model>,
    /// The numbers as typed, when a save was refused (player id → text).
    typed: HashMap<i32, String>,
    /// Why the file cannot be written yet (who has no number), or why a save was refused.
    problem: Option<String>,
}

impl AgaPage {
    fn value_of(&self, player: &player::Model) -> String {
        self.typed.get(&player.id).cloned().or_else(|| player.aga_id.clone()).unwrap_or_default()
    }
}

async fn aga_page(state: &AppState, ctx: PageCtx, found: event::Model) -> AppResult<AgaPage> {
    let players = queries::players(&state.db, found.id).await?;
    let problem = match interop::aga_results(&state.db, &found, ctx.locale).await {
        Ok(_) => None,
        Err(AppError::BadRequest(message)) => Some(message),
        Err(other) => return Err(other),
    };
    Ok(AgaPage { ctx, event: found, players, typed: HashMap::new(), problem })
}

pub async fn aga(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let event_id = path.into_inner();
    let (_, found) = director_of(&state, &ctx, event_id).await?;
    go_games_only(&found, &ctx)?;
    page(&aga_page(&state, ctx, found).await?)
}

/// Saves the numbers typed on the AGA page (fields `aga-<player id>`). A refused form comes
/// back with what was typed and the reason.
pub async fn set_aga_ids(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<i32>,
    form: LateForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let event_id = path.into_inner();
    let (actor, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let typed: HashMap<i32, String> =
        form.into_iter().filter_map(|(key, value)| Some((key.strip_prefix("aga-")?.parse().ok()?, value))).collect();
    let mut ordered: Vec<(i32, String)> = typed.iter().map(|(id, text)| (*id, text.clone())).collect();
    ordered.sort();
    match players::set_aga_ids(&state, &actor, event_id, &ordered, ctx.locale).await {
        Ok(changed) => {
            ctx.flash("success", ctx.t_n("flash-aga-ids-saved", "n", changed as i64));
            Ok(see_other(&format!("/events/{event_id}/export/aga")))
        }
        Err(AppError::BadRequest(message)) => {
            let mut refused = aga_page(&state, ctx, found).await?;
            refused.typed = typed;
            refused.problem = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &refused)
        }
        Err(other) => Err(other),
    }
}

pub async fn export_aga(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let (_, found) = director_of(&state, &ctx, path.into_inner()).await?;
    go_games_only(&found, &ctx)?;
    let file = interop::aga_results(&state.db, &found, ctx.locale).await?;
    Ok(download(&found, "aga.txt", "text/plain; charset=utf-8", file))
}
