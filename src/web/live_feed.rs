//! Live updates of a board over server-sent events: after every change the whole position
//! (board, clocks, the running turn's calls) goes to everyone watching, so a watcher who
//! reconnects has lost nothing. The background work that also tells them (the sweep, the other
//! instances' news) is in `crate::scheduler`.
use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::clock::{Call, ClockView, TimeControl, calls};
use crate::domain::color::Color;
use crate::domain::games::game_shape::{BoardGame, Drawing, PlayEnd};
use crate::domain::live::Phase;
use crate::error::AppResult;
use crate::i18n::{Arg, Locale};
use crate::services::queries::{self, BoardRef, LiveBoard};
use crate::state::AppState;
use crate::web::board_svg::{self, Marks};
use crate::web::board_words;
use crate::web::extractors::PageCtx;

/// A clock as shown: the number that counts down, and what follows it in each language; and
/// what the page's script needs to run it on (see static/js/live.js).
#[derive(Debug, Clone, Serialize)]
pub struct ClockFeed {
    pub colour: &'static str,
    pub millis: u64,
    /// What follows the number in the periods (" · byo-yomi 3 left"), in each language.
    pub suffix: Said,
    pub running: bool,
    /// "absolute", "chinese", "japanese", "canadian" or "fischer".
    pub kind: &'static str,
    /// Main time left before the periods (Chinese: before the reserve).
    pub main: u64,
    /// Periods left (moves left in the period, Canadian), each `period` long.
    pub periods: u32,
    pub period: u64,
    /// In the periods: time left in the current one.
    pub period_left: u64,
    pub overtime: bool,
}

#[derive(Debug, Clone, Serialize)]
struct CallFeed {
    /// Milliseconds into the turn.
    at: u64,
    /// A byo-yomi period used up (or the last minutes begun): the page announces it to a
    /// screen reader, where the other calls are only spoken aloud when asked for.
    period: bool,
    /// The call as a referee of each language says it.
    #[serde(flatten)]
    said: Said,
}

#[derive(Debug, Serialize)]
struct Snapshot {
    game: i32,
    /// Grows with every stored change: a watcher drops a message older than one it has.
    version: u64,
    moves: usize,
    phase: &'static str,
    to_move: &'static str,
    // The drawing of the board (`svg`) is written after these (see `message`).
    result: Option<String>,
    clocks: Vec<ClockFeed>,
    /// "paused", "adjourning" (a move is being sealed), "adjourned", "held" (a move held for the
    /// referee), "cycle" (a cycle holds the game) or "".
    hold: &'static str,
    /// Where 五子棋's opening stands (see [`opening_stage`]).
    stage: &'static str,
    /// The running turn's time so far, when it runs.
    turn_elapsed: Option<u64>,
    calls: Vec<CallFeed>,
    /// The status line (phase, whose move, moves, prisoners) and the count while it means
    /// something, in each language, for the page to redraw without a reload.
    status: Said,
    count: Option<Said>,
    /// What the last move did ("黑 D4", "White G7, 2 captured"), for the page's announcements.
    said: Option<Said>,
}

/// A clock at the moment of the answer (a running clock goes on counting down from it), as the
/// read API serves it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClockState {
    pub colour: String,
    /// `absolute`, `chinese`, `japanese`, `canadian` or `fischer`.
    pub kind: String,
    pub running: bool,
    /// Main time left, in milliseconds.
    pub main: u64,
    /// Byo-yomi periods left (moves left in the period, Canadian).
    pub periods: u32,
    /// A period's length in milliseconds.
    pub period: u64,
    /// Time left in the current period.
    pub period_left: u64,
    pub overtime: bool,
}

/// One message of the read API's board stream (`event: update`): the board after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct BoardUpdate {
    pub version: u64,
    pub phase: String,
    pub to_move: String,
    /// Moves made so far.
    pub moves: usize,
    /// The last move's point as players write it (`D4`), none after a pass.
    pub last_move: Option<String>,
    /// Rows from the top: `.` empty, `X` Black, `O` White, `#` a piece both sides move.
    pub position: Vec<String>,
    pub clocks: Vec<ClockState>,
    pub hold: String,
    pub result: Option<String>,
    /// Milliseconds the running turn has taken when the update was sent.
    pub turn_elapsed: Option<u64>,
}

/// Between a change's two messages in what the hub carries: before it the read API's, after
/// it the live page's. An SSE comment, so it would say nothing to a reader that got it. The
/// API's message (a few hundred bytes) comes first: finding where the page's begins reads
/// that alone, not the page's drawing of the board.
const PAGE_PART: &str = ": page\n";

/// Where the live page's message of a change begins (a message without the API's part is
/// the page's whole).
fn page_start(message: &str) -> usize {
    message.find(PAGE_PART).map_or(0, |at| at + PAGE_PART.len())
}

/// The live page's message of a change (what the page's stream sends).
pub fn page_text(message: &str) -> &str {
    &message[page_start(message)..]
}

/// The read API's message of a change (what the API's stream sends).
pub fn api_text(message: &str) -> Option<&str> {
    message.find(PAGE_PART).map(|at| &message[..at])
}

/// [`page_text`] for a page's stream, its bytes shared with every other watcher's (see
/// `sse::shared`).
pub fn page_part(message: &Arc<str>) -> Option<web::Bytes> {
    Some(crate::web::sse::shared(message).slice(page_start(message)..))
}

/// [`api_text`] for the read API's stream (nothing for a message without it).
pub fn api_part(message: &Arc<str>) -> Option<web::Bytes> {
    let end = message.find(PAGE_PART)?;
    Some(crate::web::sse::shared(message).slice(..end))
}

/// A text in every language of the UI: one message serves every watcher, whatever they read.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Said {
    en: String,
    zh: String,
    ja: String,
    ko: String,
}

impl Said {
    pub fn of(text: impl Fn(Locale) -> String) -> Said {
        Said { en: text(Locale::En), zh: text(Locale::Zh), ja: text(Locale::Ja), ko: text(Locale::Ko) }
    }

    pub fn get(&self, locale: Locale) -> &str {
        match locale {
            Locale::En => &self.en,
            Locale::Zh => &self.zh,
            Locale::Ja => &self.ja,
            Locale::Ko => &self.ko,
        }
    }
}

/// The locale key of a phase's name.
pub fn phase_key(phase: Phase) -> &'static str {
    match phase {
        Phase::Waiting => "live-waiting",
        Phase::Playing => "live-playing",
        Phase::Marking => "live-marking",
        Phase::Disputed => "live-disputed",
        Phase::Finished => "live-finished",
    }
}

/// The board's status line in `locale`: "Playing · White to move · 4 moves · Prisoners (Black /
/// White) 0 / 1".
pub fn status_line(board: &LiveBoard, locale: Locale) -> String {
    let live = &board.live;
    let phase = live.state().phase;
    let mut parts = vec![locale.t(phase_key(phase))];
    if phase == Phase::Playing {
        parts.push(format!("{} {}", locale.t(live.to_move().as_str()), locale.t("live-to-move")));
    }
    // 五子棋 counts its stones: the swap and the second offer are not moves of the record.
    let moves = live.game().renju().map_or(live.moves().len(), |g| g.stones().len());
    parts.push(locale.t_args("live-moves-n", &[("n", Arg::Num(moves as i64))]));
    // What the game says of its play (八卦棋's last round and this round's first guess).
    if let Some(said) = live.game().status_message() {
        parts.push(locale.message(&said));
    }
    // How a folk game ended (五子棋's five, or Black's forbidden move and which; 三通棋's three
    // sides; 四季棋's side that cannot move).
    if let Some(end) = live.game().end_message() {
        parts.push(locale.message(&end));
    }
    // Prisoners are go's; 五子棋 captures nothing.
    if let Some(game) = live.go() {
        parts.push(format!(
            "{} {} / {}",
            locale.t("live-prisoners"),
            game.prisoners(Color::Black),
            game.prisoners(Color::White)
        ));
    }
    parts.join(" · ")
}

/// Quarter-stones as stones: 3 → "¾", 7 → "1¾".
fn quarters(value: i32) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let (whole, rest) = (value.unsigned_abs() / 4, value.unsigned_abs() % 4);
    let fraction = ["", "¼", "½", "¾"][rest as usize];
    if whole == 0 && !fraction.is_empty() { format!("{sign}{fraction}") } else { format!("{sign}{whole}{fraction}") }
}

/// Each side's count and the margin in 子 and 目: a lead of 1 子 is 2 目, so the margin's
/// half-points are its quarter-stones.
pub fn count_detail(count: &crate::domain::games::go::scoring::Count, locale: Locale) -> String {
    let halves = |value: i32| crate::web::view::points(i64::from(value));
    let (black, white) = (halves(count.black.score_half_points), halves(count.white.score_half_points));
    let margin = count.margin_half_points.abs();
    let (stones, points) = (quarters(margin), halves(margin));
    locale.t_args(
        "live-count-detail",
        &[
            ("black", Arg::Str(&black)),
            ("white", Arg::Str(&white)),
            ("stones", Arg::Str(&stones)),
            ("points", Arg::Str(&points)),
        ],
    )
}

/// The count with the marks, while it means something: while the players mark dead stones or
/// dispute them, and once a game that ended by passes is counted (not on a board in play,
/// where every empty point would be counted for nobody's reason).
pub fn count_text(board: &LiveBoard, locale: Locale) -> Option<String> {
    let live = &board.live;
    let phase = live.state().phase;
    let counted = matches!(phase, Phase::Marking | Phase::Disputed)
        || (phase == Phase::Finished && live.game().play_end() == Some(PlayEnd::Counting));
    if !counted {
        return None;
    }
    let c = live.count()?;
    Some(format!("{} · {}", locale.result_text(&c.result), count_detail(&c, locale)))
}

pub fn phase_code(phase: Phase) -> &'static str {
    match phase {
        Phase::Waiting => "waiting",
        Phase::Playing => "playing",
        Phase::Marking => "marking",
        Phase::Disputed => "disputed",
        Phase::Finished => "finished",
    }
}

/// The countdown of a clock and what follows it: "· byo-yomi 3 left", "· 读秒 3 次" …
/// The locale key of what follows a clock's number in the periods of `control`, if any; its
/// argument `n` is the periods (or moves) left.
pub fn clock_suffix_key(control: TimeControl) -> Option<&'static str> {
    match control {
        TimeControl::ChineseByoYomi { .. } => Some("clock-suffix-chinese"),
        TimeControl::Japanese { .. } => Some("clock-suffix-japanese"),
        TimeControl::Canadian { .. } => Some("clock-suffix-canadian"),
        _ => None,
    }
}

pub fn clock_parts(control: TimeControl, view: ClockView) -> (u64, Said) {
    match clock_suffix_key(control) {
        // In byo-yomi the referee counts the seconds of the current minute: that counts down.
        Some(key) if view.overtime => (
            view.period_left,
            Said::of(|locale| format!(" · {}", locale.t_args(key, &[("n", Arg::Num(i64::from(view.periods)))]))),
        ),
        _ => (view.main, Said::default()),
    }
}

/// What holds the game up: a pause, an adjournment being sealed or sealed, or nothing.
pub fn hold_code(board: &LiveBoard) -> &'static str {
    let live = &board.live;
    if live.state().held.is_some() {
        "held"
    } else if live.state().held_cycle.is_some() {
        "cycle"
    } else if live.state().sealed.is_some() {
        "adjourned"
    } else if live.is_adjourning() {
        "adjourning"
    } else if live.is_paused() {
        "paused"
    } else {
        ""
    }
}

/// "12:34" for a countdown.
pub fn mmss(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// Both clocks of the board at `now` (none without a time control).
pub fn clock_feeds(board: &LiveBoard, now: DateTime<Utc>) -> Vec<ClockFeed> {
    let state = board.live.state();
    // The clock the game runs on (the event's control may have been edited since it began).
    let Some(clock) = state.clock else { return Vec::new() };
    let control = clock.control;
    [Color::Black, Color::White]
        .into_iter()
        .map(|colour| {
            let view = clock.view(colour, now);
            let (millis, suffix) = clock_parts(control, view);
            let running =
                state.phase == Phase::Playing && clock.running.is_some_and(|r| r.colour == colour && r.since.is_some());
            let elapsed = if running { clock.turn_time(now) } else { 0 };
            let (kind, period) = match control {
                TimeControl::Absolute { .. } => ("absolute", 0),
                TimeControl::ChineseByoYomi { period, .. } => ("chinese", period),
                TimeControl::Japanese { period, .. } => ("japanese", period),
                TimeControl::Canadian { period, .. } => ("canadian", period),
                TimeControl::Fischer { .. } => ("fischer", 0),
            };
            ClockFeed {
                colour: colour.as_str(),
                millis,
                suffix,
                running,
                kind,
                main: clock.player(colour).main.saturating_sub(elapsed),
                periods: view.periods,
                period,
                period_left: view.period_left,
                overtime: view.overtime,
            }
        })
        .collect()
}

/// When the clocks as the page shows them (whole seconds) next change if nothing else does:
/// the running clock's next second; none while no clock runs.
pub fn clocks_change_at(board: &LiveBoard, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let clock = board.live.state().clock?;
    let running = clock.running.filter(|r| r.since.is_some())?;
    let (millis, _) = clock_parts(clock.control, clock.view(running.colour, now));
    // "m:ss" rounds up: 1,500 ms left shows 0:02 until 1,000 are left.
    (millis > 0).then(|| now + chrono::Duration::milliseconds(((millis - 1) % 1000 + 1) as i64))
}

fn call_text(control: TimeControl, call: Call, locale: Locale) -> String {
    let n = |key: &str, n: u32| locale.t_args(key, &[("n", Arg::Num(i64::from(n)))]);
    match call {
        Call::Seconds(s) => n("call-seconds", s),
        Call::Count(c) => c.to_string(),
        Call::MinutesLeft(m) => n("call-minutes-left", m),
        Call::PeriodUsed(left) if matches!(control, TimeControl::ChineseByoYomi { .. }) => n("call-minute-used", left),
        Call::PeriodUsed(left) => n("call-periods-left", left),
    }
}

/// Where 五子棋's opening stands ("swap", "offer", "keep"), or "" (go, and ordinary play).
/// A call in every language, said once per kind of call and kept: a turn's calls (a score of
/// them) go out with every change of every board.
fn call_said(control: TimeControl, call: Call) -> Said {
    type Calls = std::sync::Mutex<std::collections::HashMap<(bool, Call), Said>>;
    static SAID: std::sync::OnceLock<Calls> = std::sync::OnceLock::new();
    let chinese = matches!(control, TimeControl::ChineseByoYomi { .. });
    let mut said = SAID.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    said.entry((chinese, call)).or_insert_with(|| Said::of(|locale| call_text(control, call, locale))).clone()
}

pub fn opening_stage(board: &LiveBoard) -> &'static str {
    let live = &board.live;
    if live.state().phase != Phase::Playing {
        return "";
    }
    live.game().renju().and_then(crate::domain::games::renju::RenjuGame::opening_stage).unwrap_or("")
}

/// The server-sent event for the board as it stands.
/// The board's pieces as text, one string per row from the top: `.` an empty cell, `X` Black's
/// piece, `O` White's, `#` a piece both sides move (七星棋, 一字棋). What the read API serves.
impl ClockState {
    pub fn of(feed: &ClockFeed) -> ClockState {
        ClockState {
            colour: feed.colour.into(),
            kind: feed.kind.into(),
            running: feed.running,
            main: feed.main,
            periods: feed.periods,
            period: feed.period,
            period_left: feed.period_left,
            overtime: feed.overtime,
        }
    }
}

pub fn position_rows(drawing: &Drawing) -> Vec<String> {
    let (width, height) = (usize::from(drawing.width), usize::from(drawing.height));
    let mut rows = vec![vec!['.'; width]; height];
    for piece in &drawing.pieces {
        let (x, y) = (usize::from(piece.x), usize::from(piece.y));
        if let Some(cell) = rows.get_mut(y).and_then(|row| row.get_mut(x)) {
            *cell = match (piece.shared, piece.colour) {
                (true, _) => '#',
                (false, Color::Black) => 'X',
                (false, Color::White) => 'O',
            };
        }
    }
    rows.into_iter().map(|row| row.into_iter().collect()).collect()
}

/// The result a board shows: the one recorded for it (which a director's correction or a
/// ruling changes), else the live game's own.
pub fn shown_result(board: &LiveBoard) -> Option<crate::domain::result::GameResult> {
    board
        .game
        .result
        .as_deref()
        .and_then(|t| crate::domain::result::GameResult::parse(t).ok())
        .or(board.live.state().result)
}

pub fn message(state: &AppState, board: &LiveBoard) -> String {
    let now = state.clock.now();
    let live = &board.live;
    let live_state = live.state();
    let last = live.moves().last().and_then(|m| m.point);
    let drawing = live.game().drawing();
    let svg = board_svg::render_json(&drawing, &Marks { last, dead: &live_state.dead, numbers: &[] });
    let running =
        live_state.clock.and_then(|c| c.running).filter(|r| r.since.is_some() && live_state.phase == Phase::Playing);
    let (turn_elapsed, turn_calls) = match (running, live_state.clock) {
        (Some(r), Some(clock)) => (
            Some(clock.turn_time(now)),
            calls(clock.control, clock.player(r.colour))
                .into_iter()
                .map(|c| CallFeed {
                    at: c.at,
                    period: matches!(c.call, Call::PeriodUsed(_) | Call::MinutesLeft(_)),
                    said: call_said(clock.control, c.call),
                })
                .collect(),
        ),
        _ => (None, Vec::new()),
    };
    let snapshot = Snapshot {
        game: board.game.id,
        version: live_state.version,
        moves: live.moves().len(),
        phase: phase_code(live_state.phase),
        to_move: live.to_move().as_str(),
        result: shown_result(board).map(|r| r.to_sgf()),
        clocks: clock_feeds(board, now),
        hold: hold_code(board),
        stage: opening_stage(board),
        turn_elapsed,
        calls: turn_calls,
        status: Said::of(|locale| status_line(board, locale)),
        count: count_text(board, Locale::En).map(|_| Said::of(|locale| count_text(board, locale).unwrap_or_default())),
        said: live.moves().last().map(|_| Said::of(|locale| board_words::last_move(live, locale).unwrap_or_default())),
    };
    let update = BoardUpdate {
        version: snapshot.version,
        phase: snapshot.phase.into(),
        to_move: snapshot.to_move.into(),
        moves: snapshot.moves,
        last_move: last.map(|(x, y)| live.game().cell_name(x, y)),
        position: position_rows(&drawing),
        clocks: snapshot.clocks.iter().map(ClockState::of).collect(),
        hold: snapshot.hold.into(),
        result: snapshot.result.clone(),
        turn_elapsed: snapshot.turn_elapsed,
    };
    // The drawing, escaped as it was drawn, goes in last, after the rest serialised.
    let json = match serde_json::to_string(&snapshot) {
        Ok(rest) if rest.len() > 2 => format!("{},\"svg\":\"{svg}\"}}", &rest[..rest.len() - 1]),
        _ => format!("{{\"svg\":\"{svg}\"}}"),
    };
    let api = serde_json::to_string(&update).unwrap_or_else(|_| "{}".into());
    format!("event: update\ndata: {api}\n\n{PAGE_PART}event: update\ndata: {json}\n\n")
}

/// Tells the board's watchers what it looks like now, here and (through the database) on the
/// other instances.
pub fn publish(state: &AppState, board: &LiveBoard) {
    let message: Arc<str> = Arc::from(message(state, board));
    state.live.publish(board.game.id, message.clone());
    state.cluster.tell_board_changed(place_of(board), &message);
}

pub fn place_of(board: &LiveBoard) -> crate::cluster::BoardPlace {
    crate::cluster::BoardPlace {
        game: board.game.id,
        event_id: board.event.id,
        round: board.round.number,
        board: board.game.board,
    }
}

/// The board's event stream: the position at once, then every change, and a comment every
/// 15 s so proxies keep the connection open.
pub async fn events(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<(i32, i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, round, board) = path.into_inner();
    let at = BoardRef { event_id, round, board };
    let permit = crate::web::sse::admit(&state, ctx.locale, &req)?;
    let (receiver, first) = follow(&state, at, ctx.user.as_ref()).await?;
    Ok(crate::web::sse::stream_mapped(page_text(&first).to_string(), receiver, permit, page_part))
}

/// Follows the board at `at` for `reader` (none: anonymous): the channel of its changes and the
/// first message, the board now. A spectator of a game a broadcast delay holds back follows
/// the spectators' channel (see `LiveHub::subscribe_delayed`) and is shown the game as it
/// stood the delay ago; its players and the event's staff follow it live.
pub async fn follow(
    state: &AppState,
    at: BoardRef,
    reader: Option<&crate::db::entities::user::Model>,
) -> AppResult<(tokio::sync::broadcast::Receiver<Arc<str>>, String)> {
    let found = queries::live_board(&state.db, at).await?;
    let spectator = queries::seat_of(&state.db, &found, reader).await? == queries::Seat::Spectator;
    // Subscribed before the position is read again for the first message, so no change falls
    // in between (one that came twice is dropped by the page's version check).
    let version = crate::services::audit::event_version(&state.db, at.event_id).await?.unwrap_or(0);
    let now = state.clock.now();
    let receiver = if spectator && queries::is_held_back(&found) {
        state.live.subscribe_delayed(place_of(&found), version, queries::spectators_see_more_at(&found, now))
    } else {
        state.live.subscribe(place_of(&found), version)
    };
    let found = queries::live_board(&state.db, at).await?;
    let shown = if spectator { queries::as_spectators_see(found, now)? } else { found };
    Ok((receiver, message(state, &shown)))
}

/// Run by the sweep on every instance: the spectators of each held-back game due news (see
/// `LiveHub::delayed_due`) are sent the game as they may now see it.
pub async fn release_delayed_boards(state: &AppState) -> AppResult<()> {
    let now = state.clock.now();
    for place in state.live.delayed_due(now) {
        let at = BoardRef { event_id: place.event_id, round: place.round, board: place.board };
        let released = async {
            let board = queries::live_board(&state.db, at).await?;
            if board.game.id != place.game {
                return Ok(None);
            }
            let due = queries::spectators_see_more_at(&board, now);
            let seen = queries::as_spectators_see(board, now)?;
            AppResult::Ok(Some((message(state, &seen), due)))
        };
        match released.await {
            Ok(Some((message, due))) => state.live.release_delayed(place.game, Arc::from(message), due),
            Ok(None) => {}
            // One board that cannot be read holds up no other; it is tried again in a second.
            Err(e) => {
                tracing::warn!(error = %e, game = place.game, "a held-back board could not be read");
                state.live.try_again_at(place.game, now + chrono::Duration::seconds(1));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stream_takes_its_own_part_of_a_change() {
        let message = format!(
            "event: update\ndata: {{\"moves\":3}}\n\n{PAGE_PART}event: update\ndata: {{\"svg\":\"<svg/>\"}}\n\n"
        );
        let (page, api) = ("event: update\ndata: {\"svg\":\"<svg/>\"}\n\n", "event: update\ndata: {\"moves\":3}\n\n");
        assert_eq!(page_text(&message), page);
        assert_eq!(api_text(&message), Some(api));
        // What the streams send: the same parts, from the message every watcher shares.
        let shared: Arc<str> = Arc::from(message.as_str());
        assert_eq!(page_part(&shared).as_deref(), Some(page.as_bytes()));
        assert_eq!(api_part(&shared).as_deref(), Some(api.as_bytes()));
        // A message without the API's part (none is sent so) is the page's whole.
        assert_eq!(page_text("event: update\ndata: {}\n\n"), "event: update\ndata: {}\n\n");
        assert_eq!(api_text("event: update\ndata: {}\n\n"), None);
        assert_eq!(api_part(&Arc::from("event: update\ndata: {}\n\n")), None);
    }
}
