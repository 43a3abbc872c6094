//! A board's live game: the page (board, clocks, the players' controls), the players' actions,
//! and the game record.
use actix_web::{HttpMessage, HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{event, player, round};
use crate::domain::color::Color;
use crate::domain::games::game_shape::{BoardGame, GameMove};
use crate::domain::live::Phase;
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::error::{AppError, AppResult};
use crate::services::live::{self, Action};
use crate::services::queries::{self, BoardRef, LiveBoard, Seat};
use crate::state::AppState;
use crate::web::board_svg::{self, Marks};
use crate::web::board_words;
use crate::web::extractors::{LateForm, PageCtx};
use crate::web::handlers::see_other;
use crate::web::page_cache::FreshUntil;
use crate::web::paths::BoardPath;

/// One side's clock as the page shows it.
pub struct ClockLine {
    pub colour: &'static str,
    pub name: String,
    /// "12:34", with the periods or moves left in byo-yomi.
    pub text: String,
    pub running: bool,
    /// Milliseconds shown, for the page's script.
    pub millis: u64,
}

#[derive(Template, WebTemplate)]
#[template(path = "live/board.html")]
pub struct BoardPage {
    ctx: PageCtx,
    event: event::Model,
    round: round::Model,
    board: i32,
    black: player::Model,
    white: player::Model,
    svg: String,
    phase: Phase,
    /// "black" or "white": whose move it is.
    to_move: &'static str,
    /// The colour the reader plays, or recorder / spectator.
    seat: Seat,
    moves: usize,
    clocks: Vec<ClockLine>,
    /// The spoken calls' checkbox, named for the game's clock (byo-yomi's counts, or the time
    /// left); none without a clock.
    speak_key: Option<&'static str>,
    /// The count while marking or once counted: the margin for the reader.
    count: Option<String>,
    result: Option<String>,
    /// The shown result in SGF's form (empty while none): the page's script reloads the page
    /// when a stream message brings another (a correction).
    result_code: String,
    /// Phase, whose move, moves and prisoners (see `live_feed::status_line`).
    status: String,
    with_numbers: bool,
    paused: bool,
    adjourning: bool,
    sealed: bool,
    /// See `live_feed::hold_code`.
    hold: &'static str,
    /// Colours still to arrive (checked in or moved), while it matters.
    missing: Vec<&'static str>,
    /// The scheduled start, in the event's time zone.
    starts_at: Option<String>,
    /// The stored version of the position the page shows (see `LiveState::version`).
    version: u64,
    /// 2002 Art. 22.5 may apply, and whether the reader (a player) has asked for it.
    timeout_may_pass: bool,
    asked_pass_on_timeout: bool,
    /// The board's referee steps and results, for its players and the event's staff.
    timeline: Vec<TimelineLine>,
    /// A board assistant's move held for the referee: why the engine refused it.
    held: Option<String>,
    /// A cycle holds the game: why play waits, for everyone at the board and watching.
    cycle_held: Option<String>,
    /// Where 五子棋's opening stands ("swap", "offer", "keep"), or "".
    stage: &'static str,
    /// A point as this game writes it ("D4" on a go board, "d4" on 五子棋's), for the inputs.
    point_example: String,
    /// 三通棋: White still has its two at once.
    two_open: bool,
    /// A move takes a piece from one point to another (四季棋): two clicks.
    moves_pieces: bool,
    /// A move may carry several pieces of a stack (一字棋): the form asks how many.
    carries_stacks: bool,
    /// A move is a hand and a guess (八卦棋): the form asks for both.
    takes_hands: bool,
    /// The game has passes (go, 五子棋; none of the other folk games).
    has_passes: bool,
    /// The download is SGF (go, 五子棋), not Yunzi's text format (the other folk games).
    record_is_sgf: bool,
    /// The position as text, a line for each side's stones (see `board_words`).
    stones: Vec<String>,
    /// What the last move did, in the reader's language.
    last_said: Option<String>,
    /// The board's column labels left to right and row labels top to bottom, comma-separated:
    /// the script names the point the keyboard is on from them.
    columns: String,
    rows: String,
    /// The page names go's points as Japanese players do ("4の十六").
    japanese_points: bool,
    /// The HTML a club's or a stream's page puts this board in with (the embed's address).
    embed_code: String,
    /// A broadcast delay holds the game back from spectators: how far, said to the reader.
    delay_note: Option<String>,
}

/// A step of the board's timeline as the page shows it.
pub struct TimelineLine {
    pub at: String,
    pub who: String,
    pub action: String,
    pub step: String,
    pub what: String,
    pub article: String,
    pub link: Option<String>,
}

/// The board's timeline in the reader's language.
async fn timeline_lines(
    state: &AppState,
    ctx: &PageCtx,
    at: BoardRef,
    time_zone: &str,
    ruleset: &str,
) -> AppResult<Vec<TimelineLine>> {
    let steps = crate::services::disputes::timeline(&state.db, at).await?;
    // A step this version has no words for (a later version's, in a restored backup) is named
    // by its code, never by a missing key.
    let named = |key: String, code: &str| ctx.locale.try_t(&key).unwrap_or_else(|| code.to_string());
    Ok(steps
        .into_iter()
        .map(|s| {
            let what = match s.action.as_str() {
                "dispute.filed" | "dispute.appealed" if !s.what.is_empty() => {
                    named(format!("dispute-{}", s.what), &s.what)
                }
                "dispute.ruled" | "dispute.appeal_heard" if !s.what.is_empty() => {
                    let ruling = named(format!("desk-{}", s.what), &s.what);
                    if s.side.is_empty() { ruling } else { format!("{ruling} · {}", ctx.t(&s.side)) }
                }
                // A result, in the reader's words for the event's game.
                action if action.starts_with("result.") => match GameResult::parse(&s.what) {
                    Ok(result) => ctx.locale.result_text_for(&result, ruleset),
                    Err(_) => s.what.clone(),
                },
                _ => s.what.clone(),
            };
            TimelineLine {
                at: crate::web::view::local_time(&s.at, time_zone),
                who: if s.who.is_empty() { ctx.t("dispute-by-engine") } else { s.who },
                step: named(format!("step-{}", s.action.replace(['.', '_'], "-")), &s.action),
                action: s.action,
                what,
                article: s.article,
                link: s.dispute.map(|id| crate::services::queries::dispute_link(at.event_id, id)),
            }
        })
        .collect())
}

impl BoardPage {
    fn base(&self) -> String {
        format!("/events/{}/rounds/{}/boards/{}", self.event.id, self.round.number, self.board)
    }

    /// The hint for where 五子棋's opening stands.
    fn opening_hint_key(&self) -> String {
        format!("live-opening-{}", self.stage)
    }

    fn phase_key(&self) -> &'static str {
        crate::web::live_feed::phase_key(self.phase)
    }

    /// The play controls are on the page of everyone seated while the game is played; they
    /// are enabled on the reader's turn (the script follows the turn).
    fn may_play(&self) -> bool {
        matches!(self.phase, Phase::Waiting | Phase::Playing) && self.seat != Seat::Spectator && !self.adjourning
    }

    /// At an adjournment the player to move (or a recorder) seals a move.
    fn may_seal(&self) -> bool {
        self.adjourning && self.my_turn()
    }

    /// The colours the reader may check in: their own, or (a recorder) any still missing.
    fn may_check_in(&self) -> Vec<&'static str> {
        self.missing
            .iter()
            .copied()
            .filter(|c| match self.seat {
                Seat::Player(own) => own.as_str() == *c,
                Seat::Recorder => true,
                Seat::Spectator => false,
            })
            .collect()
    }

    fn is_referee(&self) -> bool {
        self.seat == Seat::Recorder && self.phase == Phase::Playing
    }

    fn my_turn(&self) -> bool {
        match self.seat {
            Seat::Player(c) => c.as_str() == self.to_move,
            Seat::Recorder => true,
            Seat::Spectator => false,
        }
    }

    /// "black", "white", "recorder" or "spectator", for the page's script.
    fn seat_code(&self) -> &'static str {
        match self.seat {
            Seat::Player(c) => c.as_str(),
            Seat::Recorder => "recorder",
            Seat::Spectator => "spectator",
        }
    }

    fn may_mark(&self) -> bool {
        self.phase == Phase::Marking && self.seat != Seat::Spectator
    }

    /// The colour the reader resigns or agrees for: their own, or (a recorder) the side to move.
    fn own_colour(&self) -> &'static str {
        match self.seat {
            Seat::Player(c) => c.as_str(),
            _ => self.to_move,
        }
    }

    /// The colours the reader may resign for: their own; a recorder either.
    fn resign_colours(&self) -> Vec<&'static str> {
        match self.seat {
            Seat::Player(c) => vec![c.as_str()],
            Seat::Recorder => vec!["black", "white"],
            Seat::Spectator => Vec::new(),
        }
    }

    /// The kinds of dispute, (code, name in the reader's language).
    fn dispute_kinds(&self) -> Vec<(&'static str, String)> {
        crate::domain::referee::DisputeKind::ALL
            .iter()
            .filter(|k| {
                k.filed_at_the_board()
                    && !(k.go_only() && crate::domain::tournament::event::is_folk_game(&self.event.ruleset))
            })
            .map(|k| (k.code(), self.ctx.t(&format!("dispute-{}", k.code()))))
            .collect()
    }

    fn is_seated(&self) -> bool {
        self.seat != Seat::Spectator
    }

    fn is_open(&self) -> bool {
        matches!(self.phase, Phase::Waiting | Phase::Playing | Phase::Marking)
    }
}

#[derive(Deserialize)]
pub struct BoardQuery {
    /// "on": write the move numbers on the stones.
    #[serde(default)]
    numbers: String,
}

pub async fn show(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<BoardPath>,
    query: web::Query<BoardQuery>,
) -> AppResult<BoardPage> {
    let at = path.at();
    let board = queries::live_board(&state.db, at).await?;
    let seat = queries::seat_of(&state.db, &board, ctx.user.as_ref()).await?;
    let now = state.clock.now();
    // A spectator sees a game a broadcast delay holds back as it stood the delay ago.
    let (board, more_at) = match seat {
        Seat::Spectator => {
            let more_at = queries::spectators_see_more_at(&board, now);
            (queries::as_spectators_see(board, now)?, more_at)
        }
        _ => (board, None),
    };
    // Kept for the next anonymous reader until the running clock's second changes, or the
    // next held-back move is to be seen.
    if let Some(until) = [crate::web::live_feed::clocks_change_at(&board, now), more_at].into_iter().flatten().min() {
        req.extensions_mut().insert(FreshUntil(until));
    }
    board_page(&state, ctx, at, board, seat, query.numbers == "on").await
}

/// The policy of an embed: the site's own, but any page may frame it.
pub const EMBED_CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors *; base-uri 'none'";

/// A board for a club's or a stream's page to put in an `<iframe>` (issue 53): the board, the
/// names, the clocks, the last move and the result, following the game by the board's stream;
/// as a spectator sees it whoever is signed in. With the round's grid ([`round_embed`]), the
/// only pages any other page may frame.
#[derive(Template)]
#[template(path = "live/embed.html")]
pub struct EmbedPage {
    page: BoardPage,
}

pub async fn embed(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<BoardPath>) -> AppResult<HttpResponse> {
    let at = path.at();
    let board = queries::as_spectators_see(queries::live_board(&state.db, at).await?, state.clock.now())?;
    let page = EmbedPage { page: board_page(&state, ctx, at, board, Seat::Spectator, false).await? };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Content-Security-Policy", EMBED_CSP))
        .body(page.render()?))
}

/// A round's boards in one embed (issue 53): `/events/{id}/rounds/{n}/embed`, by default the
/// first [`GRID_DEFAULT_BOARDS`] boards, `?boards=5-8` for others (at most [`GRID_MAX_BOARDS`]).
/// Each board as a spectator sees it; one stream follows them all.
#[derive(Template)]
#[template(path = "live/grid.html")]
pub struct GridPage {
    ctx: PageCtx,
    event: event::Model,
    round: round::Model,
    boards: Vec<GridBoard>,
    /// The boards asked for, as the query gives them to the stream ("1-16").
    range: String,
    delay_note: Option<String>,
}

/// One board of a round's grid.
pub struct GridBoard {
    board: i32,
    game: i32,
    black: String,
    white: String,
    svg: String,
    clocks: Vec<ClockLine>,
    last_said: Option<String>,
    result: Option<String>,
    result_code: String,
    version: u64,
    moves: usize,
}

pub const GRID_DEFAULT_BOARDS: i32 = 16;
pub const GRID_MAX_BOARDS: i32 = 64;

#[derive(Deserialize)]
pub struct GridQuery {
    /// "5-8", "3" or blank (the first boards).
    #[serde(default)]
    boards: String,
}

impl GridQuery {
    /// The first and last board asked for.
    fn range(&self) -> AppResult<(i32, i32)> {
        let text = self.boards.trim();
        let bad = || {
            AppError::BadRequest(Message::new("error-grid-boards").text("text", text).number("max", GRID_MAX_BOARDS))
        };
        let number = |t: &str| t.trim().parse::<i32>().ok().filter(|n| *n >= 1).ok_or_else(bad);
        let (first, last) = match text.split_once('-') {
            _ if text.is_empty() => (1, GRID_DEFAULT_BOARDS),
            Some((first, last)) => (number(first)?, number(last)?),
            None => (number(text)?, number(text)?),
        };
        if last < first || last - first >= GRID_MAX_BOARDS {
            return Err(bad());
        }
        Ok((first, last))
    }
}

/// The games of a published round on boards `first` to `last` (404 for a round not published).
async fn grid_games(
    state: &AppState,
    event_id: i32,
    number: i32,
    (first, last): (i32, i32),
) -> AppResult<(round::Model, Vec<crate::db::entities::game::Model>)> {
    let round = queries::round(&state.db, event_id, number).await?.filter(|r| r.published).ok_or(AppError::NotFound)?;
    let games = queries::games_of(&state.db, round.id).await?;
    Ok((round, games.into_iter().filter(|g| (first..=last).contains(&g.board)).collect()))
}

pub async fn round_embed(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<crate::web::paths::RoundPath>,
    query: web::Query<GridQuery>,
) -> AppResult<HttpResponse> {
    let range = query.range()?;
    let (round, games) = grid_games(&state, path.event_id, path.number, range).await?;
    let now = state.clock.now();
    let mut boards = Vec::with_capacity(games.len());
    let mut delay_note = None;
    let mut event = None;
    for game in games {
        let at = BoardRef { event_id: path.event_id, round: path.number, board: game.board };
        let board = queries::as_spectators_see(queries::live_board(&state.db, at).await?, now)?;
        if delay_note.is_none()
            && let Some(delay) = queries::delay_now(&board)
        {
            delay_note = Some(ctx.t_n("live-delayed-round", "minutes", delay.num_minutes()));
        }
        let live = &board.live;
        let drawing = live.game().drawing();
        let last = live.moves().last().and_then(|m| m.point);
        let shown = crate::web::live_feed::shown_result(&board);
        boards.push(GridBoard {
            board: game.board,
            game: game.id,
            black: board.black.name.clone(),
            white: board.white.name.clone(),
            svg: board_svg::render(&drawing, &Marks { last, dead: &live.state().dead, numbers: &[] }),
            clocks: clock_lines(&board, now, ctx.locale),
            last_said: board_words::last_move(live, ctx.locale),
            result: shown.as_ref().map(|r| ctx.locale.result_text_for(r, &board.event.ruleset)),
            result_code: shown.map(|r| r.to_sgf()).unwrap_or_default(),
            version: live.state().version,
            moves: live.moves().len(),
        });
        event.get_or_insert(board.event);
    }
    let event = match event {
        Some(event) => event,
        None => queries::event(&state.db, path.event_id).await?,
    };
    let page = GridPage { ctx, event, round, boards, range: format!("{}-{}", range.0, range.1), delay_note };
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header(("Content-Security-Policy", EMBED_CSP))
        .body(page.render()?))
}

/// The grid's one stream: each board's changes as its own live page's stream sends them (as a
/// spectator sees them), all in one.
pub async fn round_embed_stream(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<crate::web::paths::RoundPath>,
    query: web::Query<GridQuery>,
) -> AppResult<HttpResponse> {
    let permit = crate::web::sse::admit(&state, ctx.locale, &req)?;
    let range = query.range()?;
    let (_, games) = grid_games(&state, path.event_id, path.number, range).await?;
    let mut receivers = Vec::with_capacity(games.len());
    let mut first = String::new();
    for game in games {
        let at = BoardRef { event_id: path.event_id, round: path.number, board: game.board };
        let (receiver, message) = crate::web::live_feed::follow(&state, at, None).await?;
        receivers.push(receiver);
        first.push_str(crate::web::live_feed::page_text(&message));
    }
    Ok(crate::web::sse::stream_merged(first, receivers, permit, crate::web::live_feed::page_part))
}

/// Both clocks of the board at `now` as the page shows them.
fn clock_lines(board: &LiveBoard, now: chrono::DateTime<chrono::Utc>, locale: crate::i18n::Locale) -> Vec<ClockLine> {
    let names = [board.black.name.clone(), board.white.name.clone()];
    crate::web::live_feed::clock_feeds(board, now)
        .into_iter()
        .zip(names)
        .map(|(feed, name)| ClockLine {
            colour: feed.colour,
            name,
            text: format!("{}{}", crate::web::live_feed::mmss(feed.millis), feed.suffix.get(locale)),
            running: feed.running,
            millis: feed.millis,
        })
        .collect()
}

async fn board_page(
    state: &AppState,
    ctx: PageCtx,
    at: BoardRef,
    board: LiveBoard,
    seat: Seat,
    with_numbers: bool,
) -> AppResult<BoardPage> {
    // Disputes are the business of the board's players and the event's staff only.
    let timeline = if seat == Seat::Spectator {
        Vec::new()
    } else {
        timeline_lines(state, &ctx, at, &board.event.time_zone, &board.event.ruleset).await?
    };
    let now = state.clock.now();
    let live = &board.live;
    let last = live.moves().last().and_then(|m| m.point);
    let live_state = live.state();
    let numbers: Vec<(u8, u8, usize)> = if with_numbers {
        live.moves().iter().enumerate().filter_map(|(i, m)| m.point.map(|(x, y)| (x, y, i + 1))).collect()
    } else {
        Vec::new()
    };
    let drawing = live.game().drawing();
    let svg = board_svg::render(&drawing, &Marks { last, dead: &live_state.dead, numbers: &numbers });
    let stones = board_words::stones_by_side(live, &drawing, ctx.locale)
        .iter()
        .map(|(colour, names)| board_words::stones_line(*colour, names, ctx.locale))
        .collect();
    let last_said = board_words::last_move(live, ctx.locale);
    let japanese_points =
        board_words::Notation::of(live.go().is_some(), ctx.locale) == board_words::Notation::JapaneseGo;
    let clocks = clock_lines(&board, now, ctx.locale);
    let result_text = |r: &GameResult| ctx.locale.result_text_for(r, &board.event.ruleset);
    let count = crate::web::live_feed::count_text(&board, ctx.locale);
    let status = crate::web::live_feed::status_line(&board, ctx.locale);
    // The recorded result (entered by hand, corrected, ruled), else the live game's own.
    let shown = crate::web::live_feed::shown_result(&board);
    let result_code = shown.as_ref().map(|r| r.to_sgf()).unwrap_or_default();
    let result = shown.as_ref().map(result_text);
    let delay_note = queries::delay_now(&board).map(|delay| {
        let key = if seat == Seat::Spectator { "live-delayed-spectator" } else { "live-delayed-seated" };
        ctx.t_n(key, "minutes", delay.num_minutes())
    });
    let embed_code = format!(
        r#"<iframe src="{}/events/{}/rounds/{}/boards/{}/embed" width="480" height="640" title="{} – {}" loading="lazy"></iframe>"#,
        state.settings.server.base_url.trim_end_matches('/'),
        board.event.id,
        board.round.number,
        board.game.board,
        board.black.name,
        board.white.name
    );
    Ok(BoardPage {
        svg,
        embed_code,
        delay_note,
        stones,
        last_said,
        columns: drawing.column_labels.join(","),
        rows: drawing.row_labels.join(","),
        japanese_points,
        phase: live_state.phase,
        to_move: live.to_move().as_str(),
        seat,
        moves: live.moves().len(),
        speak_key: live_state.clock.as_ref().map(|clock| match clock.control {
            crate::domain::clock::TimeControl::ChineseByoYomi { .. }
            | crate::domain::clock::TimeControl::Japanese { .. } => "live-speak",
            _ => "live-speak-time",
        }),
        clocks,
        count,
        status,
        result,
        result_code,
        with_numbers,
        paused: live.is_paused(),
        adjourning: live.is_adjourning(),
        sealed: live_state.sealed.is_some(),
        hold: crate::web::live_feed::hold_code(&board),
        missing: if matches!(live_state.phase, Phase::Waiting | Phase::Playing) {
            [Color::Black, Color::White]
                .into_iter()
                .filter(|c| live_state.arrived[c.index()].is_none())
                .map(Color::as_str)
                .collect()
        } else {
            Vec::new()
        },
        // The game's own clock decides (the event's control may have been edited since).
        version: live_state.version,
        timeout_may_pass: live.timeout_may_pass() && matches!(seat, Seat::Player(_)),
        asked_pass_on_timeout: match seat {
            Seat::Player(c) => live_state.pass_on_timeout[c.index()],
            _ => false,
        },
        starts_at: board.round.starts_at.map(|at| {
            let zone: chrono_tz::Tz = board.event.time_zone.parse().unwrap_or(chrono_tz::UTC);
            at.with_timezone(&zone).format("%Y-%m-%d %H:%M").to_string()
        }),
        // Why a move is held is the board's and the referees' business.
        held: live_state.held.as_ref().filter(|_| seat != Seat::Spectator).map(|h| h.why.clone()),
        cycle_held: live_state
            .held_cycle
            .map(|cycle| ctx.locale.message(&crate::domain::live::LiveError::CycleHeld(cycle.lap).message())),
        stage: crate::web::live_feed::opening_stage(&board),
        // 三通棋, the games whose pieces move and 八卦棋 have no pass.
        has_passes: board.live.game().santong().is_none()
            && !board.live.game().moves_pieces()
            && !board.live.game().takes_hands(),
        moves_pieces: board.live.game().moves_pieces(),
        carries_stacks: board.live.game().carries_stacks(),
        takes_hands: board.live.game().takes_hands(),
        record_is_sgf: board.live.record_is_sgf(),
        two_open: matches!(board.live.state().phase, Phase::Waiting | Phase::Playing)
            && board.live.game().santong().is_some_and(crate::domain::games::santong::SantongGame::double_move_left),
        point_example: {
            let game = board.live.game();
            if game.moves_pieces() {
                // Two cells of the board as a step is typed ("a8-a5"; "9-8" on numbered points,
                // downwards as 七星棋 and 一字棋 move).
                match game.drawing().lines {
                    crate::domain::games::game_shape::Lines::Lattice { points, .. } => {
                        let name = |i: usize| points.get(i).map(|(_, n)| n.clone()).unwrap_or_default();
                        format!("{}-{}", name(8), name(7))
                    }
                    _ => format!("{}-{}", game.cell_name(0, 0), game.cell_name(0, 3)),
                }
            } else {
                game.cell_name(3, game.drawing().height.saturating_sub(4))
            }
        },
        timeline,
        board: board.game.board,
        event: board.event,
        round: board.round,
        black: board.black,
        white: board.white,
        ctx,
    })
}

#[derive(Deserialize)]
pub struct PointForm {
    #[serde(default)]
    point: String,
    /// A recorder's entry for a colour ("black"/"white"); blank: the side to move.
    #[serde(default)]
    colour: String,
    /// The move number this move was sent as (required: a move without it is refused).
    #[serde(default)]
    r#move: String,
    /// 一字棋: how many pieces the move carries or puts down; blank for one.
    #[serde(default)]
    count: String,
    /// 八卦棋: the 辅子 held in this hand, and the sum guessed.
    #[serde(default)]
    held: String,
    #[serde(default)]
    guess: String,
}

#[derive(Deserialize)]
pub struct ColourForm {
    #[serde(default)]
    colour: String,
}

fn colour_of(text: &str) -> AppResult<Color> {
    text.parse::<Color>().map_err(|e| AppError::BadRequest(e.message()))
}

/// A point typed as the game names its cells ("D4" or SGF "dd" on a go board, "h8" on
/// 五子棋's) on the board.
fn point_on_board(board: &LiveBoard, text: &str) -> AppResult<(u8, u8)> {
    let game = board.live.game();
    game.parse_cell(text).ok_or_else(|| {
        let drawing = game.drawing();
        // The top right corner of a grid; of a triangle (三通棋), the right end of its base.
        let (key, corner) = match drawing.lines {
            crate::domain::games::game_shape::Lines::Triangles { .. } => {
                ("error-live-cell", game.cell_name(drawing.width.saturating_sub(1), drawing.height.saturating_sub(1)))
            }
            crate::domain::games::game_shape::Lines::Lattice { points, .. } => {
                ("error-live-number", points.last().map(|(_, name)| name.clone()).unwrap_or_default())
            }
            crate::domain::games::game_shape::Lines::Grid { .. } => {
                ("error-live-point", game.cell_name(drawing.width.saturating_sub(1), 0))
            }
        };
        AppError::BadRequest(Message::new(key).text("point", text.trim()).text("corner", &corner))
    })
}

/// A typed point, or None for "pass" (停一手).
fn point_or_pass(board: &LiveBoard, text: &str) -> AppResult<Option<(u8, u8)>> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") || text == "停一手" {
        Ok(None)
    } else {
        point_on_board(board, text).map(Some)
    }
}

/// Does what the sender's form asks, as `read` makes it an action (and the move number it
/// was sent as). The form is read only once the reader is known to have a seat at the board
/// (a wrong seat is told 403 whatever it holds), with the board at hand.
async fn run_form<T: serde::de::DeserializeOwned>(
    state: &AppState,
    ctx: &PageCtx,
    at: BoardRef,
    form: LateForm<T>,
    read: impl Fn(T, &LiveBoard) -> AppResult<(Action, Option<usize>)>,
) -> AppResult<HttpResponse> {
    let board = act_on_form(state, ctx, at, form, read).await?;
    answer(state, ctx, at, &board)
}

/// [`run_form`]'s action, the board as it left it.
async fn act_on_form<T: serde::de::DeserializeOwned>(
    state: &AppState,
    ctx: &PageCtx,
    at: BoardRef,
    form: LateForm<T>,
    read: impl Fn(T, &LiveBoard) -> AppResult<(Action, Option<usize>)>,
) -> AppResult<LiveBoard> {
    let account = ctx.require_user()?;
    live::act_as_read(state, account, at, |board| read(form.parse()?, board)).await
}

/// Tells the board's watchers, and answers the sender.
fn answer(state: &AppState, ctx: &PageCtx, at: BoardRef, board: &LiveBoard) -> AppResult<HttpResponse> {
    crate::web::live_feed::publish(state, board);
    if ctx.from_script {
        // The script takes the new position from the stream: no page to draw again.
        return Ok(HttpResponse::NoContent().finish());
    }
    Ok(see_other(&format!("/events/{}/rounds/{}/boards/{}", at.event_id, at.round, at.board)))
}

pub async fn play(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<PointForm>,
) -> AppResult<HttpResponse> {
    let at = path.at();
    let board = act_on_form(&state, &ctx, at, form, |form, board| {
        // 一字棋's form says how many pieces apart from the points: as typed, "9-0 x3".
        let point = match form.count.trim() {
            "" | "1" => form.point.clone(),
            count => format!("{} x{count}", form.point.trim()),
        };
        let opening = match board.live.game().takes_hands() {
            true => Some(hand_of(&form.held, &form.guess)?),
            false => opening_move(board, &point)?,
        };
        let colour = match form.colour.trim() {
            "" => None,
            text => Some(colour_of(text)?),
        };
        // Every move names the move it is meant for (the page and its script always send it),
        // so a click that arrives late or twice is never recorded as a later move.
        let meant_for = match form.r#move.trim() {
            "" => return Err(AppError::refused("error-move-number-missing")),
            text => Some(text.parse::<usize>().map_err(|_| AppError::refused("error-bad-request"))?),
        };
        let action = match opening {
            Some(mv) => Action::Opening(colour, mv),
            None => Action::Play(colour, point_or_pass(board, &point)?),
        };
        Ok((action, meant_for))
    })
    .await?;
    // A move the rules refuse that a board assistant entered is held for the referee (a move is
    // refused while one is held, so a held move after this one is this one): the answer says
    // so — 202 with why for a script, the page's notice for a form — not as if it were played.
    if let Some(held) = &board.live.state().held {
        crate::web::live_feed::publish(&state, &board);
        let said = format!("{} ({})", ctx.t("live-held"), ctx.claim(&held.why));
        if ctx.from_script {
            return Ok(HttpResponse::Accepted().content_type("text/plain; charset=utf-8").body(said));
        }
        ctx.flash("warning", said);
        return Ok(see_other(&format!("/events/{}/rounds/{}/boards/{}", at.event_id, at.round, at.board)));
    }
    answer(&state, &ctx, at, &board)
}

/// 八卦棋's hand as the play form sends it: the 辅子 held (0–2) and the sum guessed (1–4);
/// whether the round allows them is the engine's to say.
fn hand_of(held: &str, guess: &str) -> AppResult<GameMove> {
    let number = |text: &str| text.trim().parse::<u8>().ok();
    match (number(held), number(guess)) {
        (Some(held), Some(guess)) if held <= 2 && (1..=4).contains(&guess) => Ok(GameMove::Hand { held, guess }),
        _ => Err(AppError::refused("error-live-hand")),
    }
}

/// The moves that are not one stone as the play form sends them: 五子棋's opening — "swap"
/// (交换) after Black 3, two points ("e5 k11") for Black 5's offers, and, while they stand, the
/// one White keeps — and 三通棋's two cells at once ("5-5 5-6"). None for a stone or a pass.
fn opening_move(board: &LiveBoard, text: &str) -> AppResult<Option<GameMove>> {
    let text = text.trim();
    if board.live.game().moves_pieces() {
        // A piece from one point to another, typed "a8-a5" (or "a8 a5"); 一字棋 also carries or
        // puts down several at once, "9-0 x3" or "+5 x3".
        let mut words: Vec<&str> = text.split([' ', ',', '，']).filter(|w| !w.is_empty()).collect();
        let count = match words.last().and_then(|w| w.strip_prefix(['x', '×'])) {
            Some(n) => {
                let n = n.parse::<u8>().map_err(|_| AppError::refused("error-live-count"))?;
                words.pop();
                Some(n)
            }
            None => None,
        };
        let points: Vec<&str> = words
            .iter()
            .flat_map(|w| w.split('-'))
            .map(|p| p.trim_start_matches('+'))
            .filter(|p| !p.is_empty())
            .collect();
        return match (points.as_slice(), count) {
            ([from, to], count) => {
                let (from, to) = (point_on_board(board, from)?, point_on_board(board, to)?);
                Ok(Some(match count {
                    None => GameMove::Step { from, to },
                    Some(count) => GameMove::Carry { from, to, count },
                }))
            }
            ([at], Some(count)) => Ok(Some(GameMove::PlaceMany { at: point_on_board(board, at)?, count })),
            _ => Ok(None),
        };
    }
    if board.live.game().santong().is_some() {
        // 三通棋: White's two at once, typed as two cells ("5-5 5-6").
        let points: Vec<&str> = text.split([' ', ',', '，']).filter(|p| !p.is_empty()).collect();
        if let [first, second] = points.as_slice() {
            let (a, b) = (point_on_board(board, first)?, point_on_board(board, second)?);
            return Ok(Some(GameMove::PlaceTwo([a, b])));
        }
        return Ok(None);
    }
    let Some(renju) = board.live.game().renju() else { return Ok(None) };
    if text.eq_ignore_ascii_case("swap") || text == "交换" {
        return Ok(Some(GameMove::Swap));
    }
    let points: Vec<&str> = text.split([' ', ',', '，']).filter(|p| !p.is_empty()).collect();
    if let [first, second] = points.as_slice() {
        let (a, b) = (point_on_board(board, first)?, point_on_board(board, second)?);
        return Ok(Some(GameMove::Offer([a, b])));
    }
    if renju.fifth_offer().is_some() && !text.eq_ignore_ascii_case("pass") && text != "停一手" {
        let (x, y) = point_on_board(board, text)?;
        return Ok(Some(GameMove::Keep(x, y)));
    }
    Ok(None)
}

/// An action a player takes for a colour (their own; a recorder's for either).
async fn for_colour(
    state: &AppState,
    ctx: &PageCtx,
    path: BoardPath,
    form: LateForm<ColourForm>,
    action: fn(Color) -> Action,
) -> AppResult<HttpResponse> {
    run_form(state, ctx, path.at(), form, |form, _| Ok((action(colour_of(&form.colour)?), None))).await
}

pub async fn resign(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ColourForm>,
) -> AppResult<HttpResponse> {
    for_colour(&state, &ctx, *path, form, Action::Resign).await
}

pub async fn mark(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<PointForm>,
) -> AppResult<HttpResponse> {
    run_form(&state, &ctx, path.at(), form, |form, board| {
        let (x, y) = point_on_board(board, &form.point)?;
        Ok((Action::Mark(x, y), None))
    })
    .await
}

pub async fn agree(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ColourForm>,
) -> AppResult<HttpResponse> {
    for_colour(&state, &ctx, *path, form, Action::Agree).await
}

pub async fn arrive(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<ColourForm>,
) -> AppResult<HttpResponse> {
    for_colour(&state, &ctx, *path, form, Action::Arrive).await
}

#[derive(Deserialize)]
pub struct PassOnTimeoutForm {
    #[serde(default)]
    colour: String,
    /// "yes" to ask, anything else to stop asking.
    #[serde(default)]
    asked: String,
}

pub async fn pass_on_timeout(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<PassOnTimeoutForm>,
) -> AppResult<HttpResponse> {
    run_form(&state, &ctx, path.at(), form, |form, _| {
        Ok((Action::PassOnTimeout(colour_of(&form.colour)?, form.asked == "yes"), None))
    })
    .await
}

#[derive(Deserialize)]
pub struct HoldForm {
    #[serde(default)]
    step: String,
}

/// A referee stops the clock ("pause"), calls an adjournment ("adjourn") or resumes play
/// ("resume"), Art. 14.
pub async fn hold(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<HoldForm>,
) -> AppResult<HttpResponse> {
    run_form(&state, &ctx, path.at(), form, |form, _| {
        let action = match form.step.trim() {
            "pause" => Action::Pause,
            "adjourn" => Action::Adjourn,
            "resume" => Action::Resume,
            other => {
                return Err(AppError::BadRequest(Message::new("error-hold-step").text("step", other)));
            }
        };
        Ok((action, None))
    })
    .await
}

pub async fn seal(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<PointForm>,
) -> AppResult<HttpResponse> {
    run_form(&state, &ctx, path.at(), form, |form, board| Ok((Action::Seal(point_or_pass(board, &form.point)?), None)))
        .await
}

#[derive(Deserialize)]
pub struct RefusalForm {
    /// What the player holds, in a sentence (optional).
    #[serde(default)]
    claim: String,
}

/// A player (or a recorder) does not accept the marks: the game waits for a referee, with the
/// groups the player holds alive or dead as the marks left say, and the player's sentence.
pub async fn dispute(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<RefusalForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let at = path.at();
    queries::require_seat(&state.db, &account, at).await?;
    let form = form.parse()?;
    let board = live::refuse_marks(&state, &account, at, &form.claim).await?;
    answer(&state, &ctx, at, &board)
}

/// The game record, with each move's time; for a spectator, as far as a broadcast delay lets
/// them see it.
pub async fn sgf(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<BoardPath>) -> AppResult<HttpResponse> {
    let at = path.at();
    let board = queries::live_board(&state.db, at).await?;
    let board = match queries::seat_of(&state.db, &board, ctx.user.as_ref()).await? {
        Seat::Spectator => queries::as_spectators_see(board, state.clock.now())?,
        _ => board,
    };
    let body = board.live.sgf(&board.black.name, &board.white.name, &board.event.name);
    // 三通棋's record is Yunzi's text format, not SGF.
    let (kind, extension) =
        if board.live.record_is_sgf() { ("application/x-go-sgf", "sgf") } else { ("text/plain", "txt") };
    Ok(HttpResponse::Ok()
        .content_type(format!("{kind}; charset=utf-8"))
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"round-{}-board-{}.{extension}\"", at.round, at.board),
        ))
        .body(body))
}
