//! The open read API under `/api/v1`: events, players (never an e-mail address), published
//! rounds, standings and live boards as JSON, and a live board's changes as a stream. What it
//! serves is what the public pages show, read by the same services, so nothing a page hides
//! (a draft round, the pairing's costs, a staff note, a sealed move) can reach it.
//!
//! The OpenAPI 3.1 document at `/api/v1/openapi.json` is derived from the handlers' and the
//! types' annotations below, so it cannot drift from them. Errors are JSON with a stable code
//! (see `middleware::render_errors`); every answer may be read from any origin (CORS), and
//! carries an `ETag` a client sends back to get `304 Not Modified`. docs/API.md says it all
//! with `curl`.
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::db::entities::{event, player};
use crate::domain::games::game_shape::BoardGame;
use crate::domain::message::Message;
use crate::domain::tournament::event::tie_break_code;
use crate::domain::tournament::standings::{Tradition, value_text};
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::services::queries::{self, LiveBoard};
use crate::services::standings::{CellOutcome, CrossCell};
use crate::services::{events, rounds, standings};
use crate::state::AppState;
use crate::web::live_feed::{self, BoardUpdate, ClockState};
use crate::web::paths::{BoardPath, EventPath, RoundPath};

/// The largest page of a list; the default is [`DEFAULT_PER_PAGE`].
pub const MAX_PER_PAGE: usize = 500;
pub const DEFAULT_PER_PAGE: usize = 100;

/// An error: `code` is stable (clients branch on it), `message` is English for people.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiError {
    pub error: ErrorBody,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// One of `not_found`, `bad_request`, `unauthorized`, `forbidden`, `conflict`,
    /// `too_many_requests`, `internal`.
    #[schema(example = "not_found")]
    pub code: String,
    pub message: String,
}

/// The stable code of an error's status.
pub fn error_code(status: actix_web::http::StatusCode) -> &'static str {
    match status.as_u16() {
        404 | 405 => "not_found",
        401 => "unauthorized",
        403 => "forbidden",
        409 => "conflict",
        429 => "too_many_requests",
        s if s >= 500 => "internal",
        _ => "bad_request",
    }
}

/// One page of a list, and where the next is.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paging {
    /// The page served, from 1.
    pub page: usize,
    pub per_page: usize,
    /// Items in the whole list.
    pub total: usize,
    /// The next page's address, when there is one.
    pub next: Option<String>,
}

/// An event, as its public page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Event {
    pub id: i32,
    pub name: String,
    pub venue: String,
    #[schema(value_type = String, format = Date, example = "2026-11-26")]
    pub start_date: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub end_date: NaiveDate,
    /// IANA time zone of the venue.
    pub time_zone: String,
    /// Rounds planned.
    pub rounds: i32,
    /// Pairing system: `swiss`, `mcmahon`, `round-robin`, `knockout`, `match`, `team`, `relay` ….
    pub system: String,
    /// Rule set (`chinese-1988`, `japanese-1989`, `aga`, `gomoku` …).
    pub ruleset: String,
    /// Komi in half points (15 = 7.5 points, or 3¾ stones under Chinese counting).
    pub komi_half_points: i32,
    pub board_size: i32,
    /// Time control as written on the event form (`chinese 60m 3x60s`, `fischer 30m 20s` …).
    pub time_control: String,
    pub registration_open: bool,
    /// Published rounds so far.
    pub published_rounds: Vec<i32>,
    /// The event's pages on this site, for people.
    pub html: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventList {
    pub items: Vec<EventSummary>,
    pub paging: Paging,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventSummary {
    pub id: i32,
    pub name: String,
    pub venue: String,
    #[schema(value_type = String, format = Date)]
    pub start_date: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub end_date: NaiveDate,
    pub system: String,
    pub ruleset: String,
}

/// A registered player. Never an e-mail address or an account.
#[derive(Debug, Serialize, ToSchema)]
pub struct Player {
    pub id: i32,
    /// The name as pages show it: when another player of the event has the same name, it
    /// carries the club (or the number) that tells them apart, as `Zhang Wei (Beijing)`.
    pub name: String,
    /// The name as registered, without that mark.
    pub registered_name: String,
    /// Grade as registered: `5d`, `3k`, `2p`.
    #[schema(example = "3d")]
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    /// Country code as registered (`CN`, `JP`, `KR` …), or empty.
    pub country: String,
    pub team: String,
    /// EGD PIN, when known (public in the European Go Database).
    pub egf_pin: Option<String>,
    pub withdrawn: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerList {
    pub items: Vec<Player>,
    pub paging: Paging,
}

/// A player where a board or a row names one.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerRef {
    pub id: i32,
    /// As pages show it (see `Player::name`).
    pub name: String,
    pub rank: String,
}

/// A published round, in the list of rounds.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundSummary {
    pub number: i32,
    pub published_at: Option<DateTime<Utc>>,
    /// When its games start (live clocks run from then).
    pub starts_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RoundList {
    pub items: Vec<RoundSummary>,
}

/// A published round: its pairings and the results so far.
#[derive(Debug, Serialize, ToSchema)]
pub struct Round {
    pub event_id: i32,
    pub number: i32,
    pub published_at: Option<DateTime<Utc>>,
    pub starts_at: Option<DateTime<Utc>>,
    pub boards: Vec<Board>,
    /// Players with a bye (or a walkover, in a knockout).
    pub byes: Vec<PlayerRef>,
}

/// One board of a round.
#[derive(Debug, Serialize, ToSchema)]
pub struct Board {
    pub board: i32,
    pub black: PlayerRef,
    pub white: PlayerRef,
    /// Handicap stones (0: an even game).
    pub handicap: i32,
    /// The result in SGF's `RE` form (`B+R`, `W+3.5`, `0` a draw, `Void` no result), or none
    /// yet.
    #[schema(example = "B+R")]
    pub result: Option<String>,
    /// The board's live page and its JSON in this API.
    pub live: String,
}

/// The standings after the published rounds, with every tie-break the event uses.
#[derive(Debug, Serialize, ToSchema)]
pub struct Standings {
    pub event_id: i32,
    /// The published rounds they count.
    pub rounds: Vec<i32>,
    /// The tie-breaks in order (`points`, `mms`, `sos`, `sosos`, `sodos`, `cuss`, `direct`,
    /// `wins`).
    pub tie_breaks: Vec<String>,
    /// How unplayed rounds count: `chinese` or `european` (docs/STANDINGS.md).
    pub tradition: String,
    pub rows: Vec<StandingRow>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StandingRow {
    /// Place (shared places repeat).
    pub place: u32,
    /// Row number in the cross-table, which `results` name opponents by.
    pub number: u32,
    pub player: PlayerRef,
    /// Points in half points (win 2, draw 1).
    pub points_half: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// One value per tie-break, in `tie_breaks`' order.
    pub tie_breaks: Vec<TieBreakValue>,
    /// One cell per round: opponent's row number, colour and outcome.
    pub results: Vec<RoundCell>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TieBreakValue {
    pub code: String,
    /// The value in the criterion's own unit (half points for scores; quarters for a European
    /// SODOS), or none when it does not apply to the player.
    pub value: Option<i64>,
    /// As printed on the standings page.
    pub text: String,
}

/// A player's round in the cross-table.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundCell {
    pub round: i32,
    /// `game`, `bye` or `not_paired`.
    pub kind: String,
    /// The opponent's row number.
    pub opponent: Option<u32>,
    pub colour: Option<String>,
    /// `won`, `lost`, `drawn`, `won_by_forfeit`, `lost_by_forfeit`, `no_result` or `pending`.
    pub outcome: Option<String>,
}

/// A board as it stands: position, moves, clocks.
#[derive(Debug, Serialize, ToSchema)]
pub struct LiveBoardView {
    pub event_id: i32,
    pub round: i32,
    pub board: i32,
    pub black: PlayerRef,
    pub white: PlayerRef,
    pub ruleset: String,
    pub width: u8,
    pub height: u8,
    pub handicap: i32,
    /// Grows with every change; the stream's updates carry it too.
    pub version: u64,
    /// `waiting`, `playing`, `marking`, `disputed` or `finished`.
    pub phase: String,
    pub to_move: String,
    /// Rows from the top: `.` empty, `X` Black, `O` White, `#` a piece both sides move.
    pub position: Vec<String>,
    pub moves: Vec<MoveView>,
    pub clocks: Vec<ClockState>,
    /// `paused`, `adjourning`, `adjourned`, `held` (a move held for the referee), `cycle` (a
    /// cycle holds the game until the referee rules) or empty.
    pub hold: String,
    pub result: Option<String>,
    /// The board's stream of changes (server-sent events).
    pub stream: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MoveView {
    pub number: usize,
    pub colour: String,
    /// The point as players write it (`D4`), or none for a pass.
    pub point: Option<String>,
    /// Time the move took, in milliseconds.
    pub spent_ms: u64,
    pub at: DateTime<Utc>,
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Yunzi read API",
        version = "1",
        description = "Events, players, published rounds, standings and live boards of a Yunzi server; results written with a token the event's director made. Errors are JSON `{\"error\": {\"code\", \"message\"}}`; lists are paged with `page` and `per_page`; every answer has an ETag.",
        license(name = "MIT OR Apache-2.0")
    ),
    paths(
        list_events,
        show_event,
        list_players,
        list_rounds,
        show_round,
        show_standings,
        show_board,
        board_stream,
        write_result,
        write_player,
        write_next_round,
        write_publish,
        sync_push,
        sync_status,
        sync_registrations
    ),
    components(schemas(
        ApiError,
        ErrorBody,
        ResultWrite,
        Written,
        PlayerWrite,
        PlayerWritten,
        RoundWritten,
        SyncPush,
        SyncRow,
        SyncReceived,
        SyncRegistration
    )),
    modifiers(&TokenScheme)
)]
pub struct ApiDoc;

/// The write endpoints' `Authorization: Bearer <token>` (a token the event's director made).
struct TokenScheme;

impl utoipa::Modify for TokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("A token the event's director made on the event's tokens page: shown once, for one event and one purpose (`results`, `registration` or `sync`)."))
                    .build(),
            ),
        );
    }
}

/// A page of a list.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct PageQuery {
    /// The page, from 1.
    page: Option<usize>,
    /// Items per page, 1 to 500 (100 when left out).
    per_page: Option<usize>,
}

/// The OpenAPI document, made once.
fn document() -> &'static [u8] {
    static DOCUMENT: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| ApiDoc::openapi().to_pretty_json().unwrap_or_default().into_bytes())
}

pub async fn openapi(req: HttpRequest) -> HttpResponse {
    json_bytes(&req, web::Bytes::from_static(document()))
}

/// `body` as JSON with its ETag, or 304 when the client has it already.
fn json_bytes(req: &HttpRequest, body: web::Bytes) -> HttpResponse {
    let etag = crate::web::page_cache::etag_of(&body);
    if crate::web::page_cache::already_has(req, &etag) {
        return HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .finish();
    }
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

fn json<T: Serialize>(req: &HttpRequest, value: &T) -> AppResult<HttpResponse> {
    let body = serde_json::to_vec(value).map_err(|e| AppError::Internal(e.into()))?;
    Ok(json_bytes(req, web::Bytes::from(body)))
}

/// `page` and `per_page` from the query; anything else there is refused, so a typo is seen.
fn paging(req: &HttpRequest) -> AppResult<(usize, usize)> {
    let pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(req.query_string()).map_err(|_| AppError::refused("api-query-unreadable"))?;
    let (mut page, mut per_page) = (1, DEFAULT_PER_PAGE);
    for (name, value) in pairs {
        let number = value.parse::<usize>().ok().filter(|n| *n >= 1);
        match name.as_str() {
            "page" => page = number.ok_or_else(|| AppError::refused("api-page-number"))?,
            "per_page" => {
                per_page = number.filter(|n| *n <= MAX_PER_PAGE).ok_or_else(|| {
                    AppError::BadRequest(Message::new("api-per-page").number("max", MAX_PER_PAGE as i64))
                })?
            }
            other => return Err(AppError::BadRequest(Message::new("api-unknown-parameter").text("name", other))),
        }
    }
    Ok((page, per_page))
}

/// The items of page `page`, and the paging facts of `path`.
fn page_of<T>(items: Vec<T>, page: usize, per_page: usize, path: &str) -> (Vec<T>, Paging) {
    let total = items.len();
    let start = (page - 1).saturating_mul(per_page).min(total);
    let end = start.saturating_add(per_page).min(total);
    let next = (end < total).then(|| format!("{path}?page={}&per_page={per_page}", page + 1));
    let shown = items.into_iter().skip(start).take(end - start).collect();
    (shown, Paging { page, per_page, total, next })
}

fn player_ref(p: &player::Model) -> PlayerRef {
    PlayerRef { id: p.id, name: p.name.clone(), rank: p.rank.clone() }
}

/// `p` as listed, `shown` its name as pages show it.
fn player_of(p: &player::Model, shown: &player::Model) -> Player {
    Player {
        id: p.id,
        name: shown.name.clone(),
        registered_name: p.name.clone(),
        rank: p.rank.clone(),
        rating: p.rating,
        club: p.club.clone(),
        country: p.country.clone(),
        team: p.team.clone(),
        egf_pin: p.egf_pin.clone(),
        withdrawn: p.withdrawn,
    }
}

/// The events, newest first.
#[utoipa::path(
    get,
    path = "/api/v1/events",
    tag = "events",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of events", body = EventList),
        (status = 400, description = "A bad page or per_page", body = ApiError)
    )
)]
pub async fn list_events(state: web::Data<AppState>, req: HttpRequest) -> AppResult<HttpResponse> {
    let (page, per_page) = paging(&req)?;
    let all: Vec<EventSummary> = events::list(&state.db)
        .await?
        .into_iter()
        .map(|e| EventSummary {
            id: e.id,
            name: e.name,
            venue: e.venue,
            start_date: e.start_date,
            end_date: e.end_date,
            system: e.system,
            ruleset: e.ruleset,
        })
        .collect();
    let (items, paging) = page_of(all, page, per_page, "/api/v1/events");
    json(&req, &EventList { items, paging })
}

async fn published_rounds(state: &AppState, event_id: i32) -> AppResult<Vec<crate::db::entities::round::Model>> {
    Ok(queries::rounds(&state.db, event_id).await?.into_iter().filter(|r| r.published).collect())
}

/// One event.
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}",
    tag = "events",
    params(EventPath),
    responses(
        (status = 200, description = "The event", body = Event),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn show_event(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let found: event::Model = queries::event(&state.db, path.event_id).await?;
    let published = published_rounds(&state, found.id).await?.iter().map(|r| r.number).collect();
    json(
        &req,
        &Event {
            id: found.id,
            html: format!("/events/{}", found.id),
            name: found.name,
            venue: found.venue,
            start_date: found.start_date,
            end_date: found.end_date,
            time_zone: found.time_zone,
            rounds: found.rounds,
            system: found.system,
            ruleset: found.ruleset,
            komi_half_points: found.komi_half_points,
            board_size: found.board_size,
            time_control: found.time_control,
            registration_open: found.registration_open,
            published_rounds: published,
        },
    )
}

/// The event's players, strongest first.
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/players",
    tag = "players",
    params(EventPath, PageQuery),
    responses(
        (status = 200, description = "A page of players", body = PlayerList),
        (status = 400, description = "A bad page or per_page", body = ApiError),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn list_players(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let (page, per_page) = paging(&req)?;
    let found = queries::event(&state.db, path.event_id).await?;
    let registered = queries::players(&state.db, found.id).await?;
    let shown = queries::as_shown(registered.clone());
    let all: Vec<Player> = registered.iter().zip(&shown).map(|(p, shown)| player_of(p, shown)).collect();
    let (items, paging) = page_of(all, page, per_page, &format!("/api/v1/events/{}/players", found.id));
    json(&req, &PlayerList { items, paging })
}

/// The event's published rounds (drafts are never listed).
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/rounds",
    tag = "rounds",
    params(EventPath),
    responses(
        (status = 200, description = "The published rounds", body = RoundList),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn list_rounds(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let items = published_rounds(&state, found.id)
        .await?
        .into_iter()
        .map(|r| RoundSummary { number: r.number, published_at: r.published_at, starts_at: r.starts_at })
        .collect();
    json(&req, &RoundList { items })
}

/// A published round's pairings and results. A draft is not found.
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/rounds/{number}",
    tag = "rounds",
    params(RoundPath),
    responses(
        (status = 200, description = "The round", body = Round),
        (status = 404, description = "No such event or published round", body = ApiError)
    )
)]
pub async fn show_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<RoundPath>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let number = path.number;
    let view = rounds::view(&state.db, &found, number).await?;
    if !view.round.published {
        return Err(AppError::NotFound);
    }
    let boards = view
        .boards
        .iter()
        .map(|b| Board {
            board: b.board,
            black: player_ref(&b.black),
            white: player_ref(&b.white),
            handicap: b.handicap,
            result: b.result.map(|r| r.to_sgf()),
            live: format!("/api/v1/events/{}/rounds/{number}/boards/{}", found.id, b.board),
        })
        .collect();
    json(
        &req,
        &Round {
            event_id: found.id,
            number,
            published_at: view.round.published_at,
            starts_at: view.round.starts_at,
            boards,
            byes: view.byes.iter().map(player_ref).collect(),
        },
    )
}

fn cell_of(round: i32, cell: &CrossCell) -> RoundCell {
    match cell {
        CrossCell::NotPaired => {
            RoundCell { round, kind: "not_paired".into(), opponent: None, colour: None, outcome: None }
        }
        CrossCell::Bye => RoundCell { round, kind: "bye".into(), opponent: None, colour: None, outcome: None },
        CrossCell::Game { opponent, colour, outcome } => RoundCell {
            round,
            kind: "game".into(),
            opponent: Some(*opponent),
            colour: Some(colour.as_str().into()),
            outcome: Some(
                match outcome {
                    CellOutcome::Pending => "pending",
                    CellOutcome::Won => "won",
                    CellOutcome::Drawn => "drawn",
                    CellOutcome::Lost => "lost",
                    CellOutcome::WonByForfeit => "won_by_forfeit",
                    CellOutcome::LostByForfeit => "lost_by_forfeit",
                    CellOutcome::NoResult => "no_result",
                }
                .into(),
            ),
        },
    }
}

/// The standings after the published rounds.
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/standings",
    tag = "standings",
    params(EventPath),
    responses(
        (status = 200, description = "The standings", body = Standings),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn show_standings(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let table = standings::compute(&state.db, &found).await?;
    let rows = table
        .rows
        .iter()
        .map(|row| StandingRow {
            place: row.place,
            number: row.number,
            player: player_ref(&row.player),
            points_half: row.points,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            tie_breaks: table
                .columns
                .iter()
                .zip(&row.values)
                .map(|(&column, &value)| TieBreakValue {
                    code: tie_break_code(column).into(),
                    value,
                    text: value_text(value, column, table.tradition),
                })
                .collect(),
            results: table.rounds.iter().zip(&row.cells).map(|(&round, cell)| cell_of(round, cell)).collect(),
        })
        .collect();
    json(
        &req,
        &Standings {
            event_id: found.id,
            rounds: table.rounds.clone(),
            tie_breaks: table.columns.iter().map(|&c| tie_break_code(c).to_string()).collect(),
            tradition: match table.tradition {
                Tradition::Chinese => "chinese",
                Tradition::European => "european",
            }
            .into(),
            rows,
        },
    )
}

/// A board of a published round, as the read API names it.
async fn board_at(state: &AppState, path: &BoardPath) -> AppResult<LiveBoard> {
    let at = path.at();
    let round = queries::round(&state.db, at.event_id, at.round).await?;
    if !round.is_some_and(|r| r.published) {
        return Err(AppError::NotFound);
    }
    // No such board in the round is a refusal on the page, and a 404 here.
    queries::live_board(&state.db, at).await.map_err(|e| match e {
        AppError::BadRequest(_) => AppError::NotFound,
        other => other,
    })
}

/// A board: position, moves and clocks; under the event's broadcast delay, a game still being
/// played as spectators see it (the moves of up to the delay ago).
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/rounds/{number}/boards/{board}",
    tag = "live",
    params(BoardPath),
    responses(
        (status = 200, description = "The board", body = LiveBoardView),
        (status = 404, description = "No such board in a published round", body = ApiError)
    )
)]
pub async fn show_board(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<BoardPath>,
) -> AppResult<HttpResponse> {
    // The API is public: a game a broadcast delay holds back is shown as spectators see it.
    let found = queries::as_spectators_see(board_at(&state, &path).await?, state.clock.now())?;
    let live = &found.live;
    let drawing = live.game().drawing();
    let moves = live
        .moves()
        .iter()
        .enumerate()
        .map(|(i, m)| MoveView {
            number: i + 1,
            colour: m.colour.as_str().into(),
            point: m.point.map(|(x, y)| live.game().cell_name(x, y)),
            spent_ms: m.spent,
            at: m.at,
        })
        .collect();
    let path = format!("/api/v1/events/{}/rounds/{}/boards/{}", found.event.id, found.round.number, found.game.board);
    let view = LiveBoardView {
        event_id: found.event.id,
        round: found.round.number,
        board: found.game.board,
        black: player_ref(&found.black),
        white: player_ref(&found.white),
        ruleset: found.event.ruleset.clone(),
        width: drawing.width,
        height: drawing.height,
        handicap: found.game.handicap,
        version: live.state().version,
        phase: live_feed::phase_code(live.state().phase).into(),
        to_move: live.to_move().as_str().into(),
        position: live_feed::position_rows(&drawing),
        moves,
        clocks: live_feed::clock_feeds(&found, state.clock.now()).iter().map(ClockState::of).collect(),
        hold: live_feed::hold_code(&found).into(),
        result: live.state().result.map(|r| r.to_sgf()),
        stream: format!("{path}/stream"),
    };
    json(&req, &view)
}

/// A board's changes as server-sent events: the board now, then an update after every change
/// (under a broadcast delay, each held-back move as it comes into sight).
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/rounds/{number}/boards/{board}/stream",
    tag = "live",
    params(BoardPath),
    responses(
        (status = 200, description = "`text/event-stream`: `event: update` messages, each a BoardUpdate as `data`, and a `: keep-alive` comment every 15 s", content_type = "text/event-stream", body = BoardUpdate),
        (status = 404, description = "No such board in a published round", body = ApiError),
        (status = 429, description = "Too many streams open, in all or from this address", body = ApiError)
    )
)]
pub async fn board_stream(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<BoardPath>,
) -> AppResult<HttpResponse> {
    let permit = crate::web::sse::admit(&state, Locale::En, &req)?;
    board_at(&state, &path).await?;
    // As a spectator: a game a broadcast delay holds back comes as spectators see it.
    let (receiver, first) = live_feed::follow(&state, path.at(), None).await?;
    Ok(crate::web::sse::stream_mapped(
        live_feed::api_text(&first).unwrap_or_default().to_string(),
        receiver,
        permit,
        live_feed::api_part,
    ))
}

/// Who writes: the request's token, checked for the event and `needed` before the body is read.
async fn writer_of(
    state: &AppState,
    req: &HttpRequest,
    event_id: i32,
    needed: crate::services::api_tokens::Purpose,
) -> AppResult<crate::services::api_tokens::Writer> {
    let secret = crate::web::extractors::bearer_token(req.headers()).ok_or(AppError::BadToken)?;
    crate::services::api_tokens::writer(state, &secret, event_id, needed).await
}

/// A write's JSON body, or 400 saying what could not be read.
fn json_of<T: serde::de::DeserializeOwned>(body: &[u8]) -> AppResult<T> {
    serde_json::from_slice(body).map_err(|e| AppError::Unreadable(e.to_string()))
}

/// A result to record.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResultWrite {
    /// The result as SGF writes it: `B+R`, `W+3.5`, `B+T` (on time), `0` (a draw), `Void`.
    #[schema(example = "B+R")]
    pub result: String,
}

/// A write done.
#[derive(Debug, Serialize, ToSchema)]
pub struct Written {
    /// The result recorded, in SGF's form.
    pub result: String,
    /// The token it was recorded with, by name (as the event's audit log names it).
    pub token: String,
}

/// Records a board's result, as the round page's form does (the same checks, the same audit
/// row, with the token named): for a token of purpose `results` or `sync`.
#[utoipa::path(
    post,
    path = "/api/v1/events/{event_id}/rounds/{number}/boards/{board}/result",
    tag = "write",
    params(BoardPath),
    request_body = ResultWrite,
    security(("token" = [])),
    responses(
        (status = 201, description = "Recorded", body = Written),
        (status = 400, description = "Not a result, or not one this board may take", body = ApiError),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError),
        (status = 404, description = "No such board in a published round", body = ApiError),
        (status = 409, description = "The board has a result already (a director corrects it on the round page)", body = ApiError)
    )
)]
pub async fn write_result(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<BoardPath>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let writer = writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Results).await?;
    let sent: ResultWrite = json_of(&body)?;
    let event = queries::event(&state.db, path.event_id).await?;
    let result =
        crate::domain::result::GameResult::parse(&sent.result).map_err(|e| AppError::BadRequest(e.message()))?;
    let result = crate::web::handlers::rounds::fits_the_game(result, &event.ruleset, sent.result.trim())?;
    crate::services::rounds::record_result(&state, &writer.maker, path.at(), result, &writer.source()).await.map_err(
        |e| match e {
            AppError::BadRequest(message) if message.key == "error-result-exists" => AppError::Conflict(Some(message)),
            other => other,
        },
    )?;
    Ok(HttpResponse::Created().json(Written { result: result.to_sgf(), token: writer.token.name }))
}

/// A player to register: the director's form's fields; only the name and the rank are needed.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PlayerWrite {
    #[schema(example = "Li Xuanhao")]
    pub name: String,
    /// `5d`, `3k`, `2p` (or 段/级: `5段`, `3级`).
    #[schema(example = "5d")]
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    /// A country code (`CN`, `JP`, `KR` …).
    pub country: String,
    /// Never served by the API; used for the player's mail, as on the form.
    pub email: String,
    /// Team events: the team's name, and the board in its order.
    pub team: String,
    pub board: Option<i32>,
    pub aga_id: String,
    pub egf_pin: String,
}

/// A player registered.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayerWritten {
    pub player: Player,
    /// The event's places were all taken: the entry waits for one.
    pub waiting: bool,
    /// The entry looks like a player registered already (the same name and club …): kept, and
    /// said, as the form says it.
    pub warning: Option<String>,
    /// The token it was registered with, by name.
    pub token: String,
}

/// Registers a player, as the director's form does (the same checks — a name and an address
/// taken, the places, the limits — and the same audit row, with the token named): for a token
/// of purpose `registration` or `sync`.
#[utoipa::path(
    post,
    path = "/api/v1/events/{event_id}/players",
    tag = "write",
    params(EventPath),
    request_body = PlayerWrite,
    security(("token" = [])),
    responses(
        (status = 201, description = "Registered (or waiting for a place)", body = PlayerWritten),
        (status = 400, description = "A field the form would refuse, or one it has not", body = ApiError),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn write_player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let writer = writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Registration).await?;
    let sent: PlayerWrite = json_of(&body)?;
    let (rating, board) =
        (sent.rating.map(|r| r.to_string()).unwrap_or_default(), sent.board.map(|b| b.to_string()).unwrap_or_default());
    let input = crate::domain::tournament::player::PlayerInput {
        name: &sent.name,
        rank: &sent.rank,
        rating: &rating,
        club: &sent.club,
        country: &sent.country,
        email: &sent.email,
        team: &sent.team,
        board: &board,
        aga_id: &sent.aga_id,
        egf_pin: &sent.egf_pin,
    };
    let added = crate::services::players::add(&state, &writer.maker, path.event_id, &input, &writer.source()).await?;
    let written = PlayerWritten {
        player: player_of(&added.player, &added.player),
        waiting: added.player.waiting_since.is_some(),
        warning: added.warning.map(|w| Locale::En.message(&w)),
        token: writer.token.name,
    };
    Ok(HttpResponse::Created().json(written))
}

/// A round drafted or published through the API.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoundWritten {
    /// The round's number.
    pub round: i32,
    pub published: bool,
    /// Pairing mails that could not be sent (publishing mails every paired player).
    pub mail_failed: usize,
    /// The token it was written with, by name.
    pub token: String,
}

/// Pairs the next round as a draft, as the event page's button does (the same checks: no other
/// draft, the system's own rules): for a token of purpose `sync`. The draft is then seen on the
/// round page (`GET /events/{event_id}/rounds/{number}`) and published with the next endpoint.
#[utoipa::path(
    post,
    path = "/api/v1/events/{event_id}/rounds",
    tag = "write",
    params(EventPath),
    security(("token" = [])),
    responses(
        (status = 201, description = "Drafted", body = RoundWritten),
        (status = 400, description = "A draft waits already, or the event has all its rounds", body = ApiError),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError),
        (status = 404, description = "No such event", body = ApiError)
    )
)]
pub async fn write_next_round(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let writer = writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Sync).await?;
    let round = rounds::generate_next(&state, &writer.maker, path.event_id, &writer.source()).await?;
    Ok(HttpResponse::Created().json(RoundWritten { round, published: false, mail_failed: 0, token: writer.token.name }))
}

/// Publishes a drafted round, as the round page's button does (each paired player is mailed):
/// for a token of purpose `sync`.
#[utoipa::path(
    post,
    path = "/api/v1/events/{event_id}/rounds/{number}/publish",
    tag = "write",
    params(RoundPath),
    security(("token" = [])),
    responses(
        (status = 200, description = "Published", body = RoundWritten),
        (status = 400, description = "The round is published already", body = ApiError),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError),
        (status = 404, description = "No such round", body = ApiError)
    )
)]
pub async fn write_publish(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<RoundPath>,
) -> AppResult<HttpResponse> {
    let writer = writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Sync).await?;
    let mail_failed = rounds::publish(&state, &writer.maker, path.event_id, path.number, &writer.source()).await?;
    Ok(HttpResponse::Ok().json(RoundWritten {
        round: path.number,
        published: true,
        mail_failed,
        token: writer.token.name,
    }))
}

/// A venue instance's push (docs/SYNC.md): the event's audit rows since the last push, oldest
/// first, and the event's state after the last of them. Described here; read as
/// `services::sync::Push`.
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code)]
pub struct SyncPush {
    /// The push's format (1).
    pub protocol: u32,
    /// The event's id on the venue instance (its audit rows carry it).
    pub venue_event: i32,
    /// The venue's audit rows, each hashed over the hash of the row before it and its own
    /// fields (SHA-256, see docs/SECURITY.md).
    pub rows: Vec<SyncRow>,
    /// The event's rows (event, players, rounds, games, byes, line-ups, check-ins) as the
    /// venue's database holds them.
    #[schema(value_type = Object)]
    pub state: serde_json::Value,
    /// The moves stored since the last push confirmed.
    #[schema(value_type = Vec<Object>)]
    pub moves: Vec<serde_json::Value>,
}

/// One row of the venue's audit chain.
#[derive(Debug, Serialize, ToSchema)]
#[allow(dead_code)]
pub struct SyncRow {
    /// The row's id on the venue.
    pub seq: i32,
    pub at: DateTime<Utc>,
    pub actor_id: Option<i32>,
    pub event_id: Option<i32>,
    pub action: String,
    /// The row's detail, JSON as text.
    pub detail: String,
    pub prev_hash: String,
    pub hash: String,
}

/// What the public copy has of the venue's chain.
#[derive(Debug, Serialize, ToSchema)]
pub struct SyncReceived {
    /// Rows received in all, and the hash of the last ("" none).
    pub rows: i32,
    pub head: String,
    /// Rows of this push that were new (0 when all were received before).
    pub new_rows: usize,
    /// A game has fewer moves on the copy than the push said: send every move again.
    pub resend_moves: bool,
}

impl From<crate::services::sync::Received> for SyncReceived {
    fn from(r: crate::services::sync::Received) -> Self {
        SyncReceived { rows: r.rows, head: r.head, new_rows: r.new_rows, resend_moves: r.resend_moves }
    }
}

/// A registration made on the public site, for the venue to take.
#[derive(Debug, Serialize, ToSchema)]
pub struct SyncRegistration {
    /// The player's id on the public instance.
    pub id: i32,
    pub name: String,
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    /// The address he registered with (the venue's director needs it as the public one does).
    pub email: Option<String>,
    pub team: String,
    pub board: Option<i32>,
    pub aga_id: Option<String>,
    pub egf_pin: Option<String>,
}

/// Takes a venue instance's push for a followed event: the rows must continue the chain
/// received (each row's hash fits its content and follows the row before; rows received
/// before are skipped), and the whole push is taken in one transaction or refused whole.
#[utoipa::path(
    post,
    path = "/api/v1/events/{event_id}/sync",
    tag = "write",
    params(EventPath),
    request_body = SyncPush,
    security(("token" = [])),
    responses(
        (status = 200, description = "Taken: what the copy now has", body = SyncReceived),
        (status = 400, description = "Not a push of this version, or a state that names rows not sent", body = ApiError),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError),
        (status = 409, description = "Refused: a row forged, reordered, missing, or of another event's chain (shown to the director)", body = ApiError)
    )
)]
pub async fn sync_push(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let writer = writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Sync).await?;
    let push: crate::services::sync::Push = json_of(&body)?;
    let sender = crate::services::sync::public::Sender { maker: writer.maker.id, source: writer.source() };
    let received = crate::services::sync::public::receive(&state, &sender, path.event_id, push).await?;
    Ok(HttpResponse::Ok().json(SyncReceived::from(received)))
}

/// What the copy has received, for its venue (a link's check).
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/sync",
    tag = "write",
    params(EventPath),
    security(("token" = [])),
    responses(
        (status = 200, description = "What the copy has (0 rows before the first push)", body = SyncReceived),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError)
    )
)]
pub async fn sync_status(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Sync).await?;
    let copy = crate::services::sync::public::copy_of(&state.db, path.event_id).await?;
    let received = SyncReceived {
        rows: copy.as_ref().map(|c| c.rows_received).unwrap_or(0),
        head: copy.map(|c| c.head).unwrap_or_default(),
        new_rows: 0,
        resend_moves: false,
    };
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(received))
}

/// The registrations made on the public site that the venue has not taken yet.
#[utoipa::path(
    get,
    path = "/api/v1/events/{event_id}/sync/registrations",
    tag = "write",
    params(EventPath),
    security(("token" = [])),
    responses(
        (status = 200, description = "Players registered here, not yet from the venue", body = [SyncRegistration]),
        (status = 401, description = "No token, or not (or no longer) a token", body = ApiError),
        (status = 403, description = "A token of another event or purpose", body = ApiError)
    )
)]
pub async fn sync_registrations(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    writer_of(&state, &req, path.event_id, crate::services::api_tokens::Purpose::Sync).await?;
    let list: Vec<SyncRegistration> = crate::services::sync::public::registrations(&state.db, path.event_id)
        .await?
        .into_iter()
        .map(|r| SyncRegistration {
            id: r.id,
            name: r.name,
            rank: r.rank,
            rating: r.rating,
            club: r.club,
            country: r.country,
            email: r.email,
            team: r.team,
            board: r.board,
            aga_id: r.aga_id,
            egf_pin: r.egf_pin,
        })
        .collect();
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(list))
}

/// Cross-origin reading: every answer under `/api/` may be read by any site's script, and a
/// preflight is answered here (GET and HEAD only: the API writes nothing yet).
pub async fn cors<B: actix_web::body::MessageBody + 'static>(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<B>,
) -> Result<actix_web::dev::ServiceResponse<actix_web::body::BoxBody>, actix_web::Error> {
    if !req.path().starts_with("/api/") {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    if req.method() == actix_web::http::Method::OPTIONS {
        let response = HttpResponse::NoContent()
            .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
            .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, "GET, HEAD, OPTIONS"))
            .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, "If-None-Match, Last-Event-ID"))
            .insert_header((header::ACCESS_CONTROL_MAX_AGE, "86400"))
            .finish();
        return Ok(req.into_response(response));
    }
    let mut response = next.call(req).await?.map_into_boxed_body();
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static("ETag"));
    Ok(response)
}

/// An error under `/api/` as JSON.
pub fn error_response(status: actix_web::http::StatusCode, message: String) -> HttpResponse {
    let body = ApiError { error: ErrorBody { code: error_code(status).into(), message } };
    HttpResponse::build(status).content_type("application/json").json(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_push_has_the_fields_a_push_is_read_with() {
        let doc = serde_json::to_value(SyncPush {
            protocol: 1,
            venue_event: 1,
            rows: vec![],
            state: serde_json::Value::Null,
            moves: vec![],
        })
        .expect("a value");
        let keys = |v: &serde_json::Value| {
            let mut k: Vec<String> = v.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
            k.sort();
            k
        };
        let row = crate::domain::audit_chain::SentRow {
            seq: 1,
            at: Utc::now(),
            actor_id: None,
            event_id: None,
            action: String::new(),
            detail: String::new(),
            prev_hash: String::new(),
            hash: String::new(),
        };
        let documented_row = SyncRow {
            seq: 1,
            at: Utc::now(),
            actor_id: None,
            event_id: None,
            action: String::new(),
            detail: String::new(),
            prev_hash: String::new(),
            hash: String::new(),
        };
        assert_eq!(
            keys(&serde_json::to_value(&row).expect("a row")),
            keys(&serde_json::to_value(&documented_row).expect("a row"))
        );
        let push = serde_json::json!({"protocol": 1, "venue_event": 1, "rows": [], "state": null, "moves": []});
        assert_eq!(keys(&doc), keys(&push));
        // The push is read from exactly those fields (the state aside, checked by the two-instance test).
        let names = ["moves", "protocol", "rows", "state", "venue_event"];
        assert_eq!(keys(&doc), names);
    }

    #[test]
    fn a_page_of_a_list_names_the_next() {
        let (items, paging) = page_of((1..=7).collect::<Vec<_>>(), 2, 3, "/api/v1/events");
        assert_eq!(items, vec![4, 5, 6]);
        assert_eq!((paging.total, paging.next.as_deref()), (7, Some("/api/v1/events?page=3&per_page=3")));
        let (items, paging) = page_of((1..=7).collect::<Vec<_>>(), 3, 3, "/x");
        assert_eq!((items, paging.next), (vec![7], None));
        let (items, _) = page_of((1..=7).collect::<Vec<_>>(), 9, 3, "/x");
        assert!(items.is_empty());
    }

    #[test]
    fn the_document_is_openapi_3_1_with_every_path() {
        let doc: serde_json::Value = serde_json::from_slice(document()).unwrap_or_default();
        assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "{}", doc["openapi"]);
        for path in [
            "/api/v1/events",
            "/api/v1/events/{event_id}",
            "/api/v1/events/{event_id}/players",
            "/api/v1/events/{event_id}/rounds",
            "/api/v1/events/{event_id}/rounds/{number}",
            "/api/v1/events/{event_id}/standings",
            "/api/v1/events/{event_id}/rounds/{number}/boards/{board}",
            "/api/v1/events/{event_id}/rounds/{number}/boards/{board}/stream",
        ] {
            assert!(doc["paths"][path]["get"].is_object(), "{path}");
        }
        let player = &doc["components"]["schemas"]["Player"]["properties"];
        assert!(player["name"].is_object() && player.get("email").is_none());
    }
}
