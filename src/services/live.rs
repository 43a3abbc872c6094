//! Games played live through Yunzi (see `domain::live`): each action is one transaction that
//! replays the stored moves through the rules engine, applies the action with the server's
//! time, stores the new moves and the state (clock included), and when the game ends writes
//! its result through the same path as a result entered by hand.
//!
//! Who may act: the two players (their accounts), each for their own colour; the event's
//! directors and referees for either colour, as board assistants recording an over-the-board
//! game.
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde_json::json;

use crate::db::entities::{dispute, event, game, game_move, player, round, user};
use crate::domain::clock::TimeControl;
use crate::domain::color::Color;
use crate::domain::go::game::Illegal;
use crate::domain::go::ruleset::Ruleset;
use crate::domain::komi::Komi;
use crate::domain::live::{LiveError, LiveGame, LiveMove, LiveSetup, LiveState, Phase, Played};
use crate::domain::referee::{DisputeKind, Edition, WarningPenalty};
use crate::domain::result::{GameResult, Margin};
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::mail::Mail;
use crate::services::queries::{self, BoardRef, StaffRole};
use crate::services::repo::Notice;
use crate::services::{audit, repo, rounds};
use crate::state::AppState;

/// A board with its game, as the board page shows it.
pub struct LiveBoard {
    pub event: event::Model,
    pub round: round::Model,
    pub game: game::Model,
    pub black: player::Model,
    pub white: player::Model,
    pub live: LiveGame,
    /// Mail the change made (a dispute's notices), sent once it commits.
    pub outbox: Vec<crate::mail::Mail>,
}

/// Who is looking at or acting on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Player(Color),
    /// A director or referee of the event, recording for either side.
    Recorder,
    Spectator,
}

/// What a player, or a recorder for them, does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A stone at (x, y), or a pass; by the side to move, or a recorder's entry for the colour
    /// named (a move out of turn at the board is held for the referee).
    Play(Option<Color>, Option<(u8, u8)>),
    Resign(Color),
    /// Marks the chain at (x, y) dead, or alive again.
    Mark(u8, u8),
    Agree(Color),
    /// The marks are not accepted: a referee decides.
    Dispute,
    /// A referee stops the clock (Art. 14), calls an adjournment, or resumes play.
    Pause,
    Adjourn,
    Resume,
    /// At an adjournment, the player to move seals a move (or a pass).
    Seal(Option<(u8, u8)>),
    /// A player is at the board (Art. 23: lateness counts from the scheduled start).
    Arrive(Color),
    /// A player asks (true) or stops asking that a timeout count as a pass (2002 Art. 22.5).
    PassOnTimeout(Color, bool),
}

/// The rules, board size, komi, clock and lateness rules of the event's games, the round's
/// scheduled start and this game's handicap.
pub fn setup_of(event: &event::Model, round: &round::Model, game: &game::Model) -> AppResult<LiveSetup> {
    let mut rules = Ruleset::preset(&event.ruleset)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("event {}: unknown ruleset {}", event.id, event.ruleset)))?;
    let size = u8::try_from(event.board_size).unwrap_or(19);
    rules.width = size;
    rules.height = size;
    rules.komi = Komi::from_half_points(event.komi_half_points).map_err(|e| AppError::Internal(e.into()))?;
    let penalty = WarningPenalty::parse(&event.warning_penalty).unwrap_or(WarningPenalty::AsTheRules);
    rules.warning_penalty_half_points = penalty.half_points(rules.warning_penalty_half_points);
    Ok(LiveSetup {
        rules,
        handicap: u8::try_from(game.handicap).unwrap_or(0),
        control: TimeControl::parse(&event.time_control).ok().flatten(),
        starts_at: round.starts_at,
        late_limit: (event.late_limit_minutes > 0).then(|| event.late_limit_minutes as u64 * 60_000),
        lateness_twice: event.ruleset == "chinese-2002",
    })
}

fn corrupt(e: LiveError) -> AppError {
    AppError::Internal(anyhow::anyhow!("live game: {e}"))
}

/// The board's game from its stored moves and state. A game not yet started is started here
/// once its round's scheduled start has passed (the clock running from that instant).
pub async fn load(conn: &impl ConnectionTrait, at: BoardRef, locale: Locale) -> AppResult<LiveBoard> {
    load_with(conn, at, locale, false).await
}

/// [`load`] for a change: the game's row is locked until the transaction ends, so two actions
/// on one board (or an action and the sweep) take turns on PostgreSQL as well (SQLite's write
/// transactions take turns already).
pub(crate) async fn load_for_change(conn: &impl ConnectionTrait, at: BoardRef, locale: Locale) -> AppResult<LiveBoard> {
    load_with(conn, at, locale, true).await
}

async fn load_with(conn: &impl ConnectionTrait, at: BoardRef, locale: Locale, lock: bool) -> AppResult<LiveBoard> {
    let event = queries::event(conn, at.event_id).await?;
    let round = queries::published_round(conn, at.event_id, at.round, locale).await?;
    let game = if lock {
        let locked = game::Entity::find()
            .filter(game::Column::RoundId.eq(round.id))
            .filter(game::Column::Board.eq(at.board))
            .lock_exclusive()
            .one(conn)
            .await?;
        match locked {
            Some(game) => game,
            None => queries::board_of(conn, &round, at.board, locale).await?,
        }
    } else {
        queries::board_of(conn, &round, at.board, locale).await?
    };
    let player = |id: i32| player::Entity::find_by_id(id).one(conn);
    let (black, white) = (player(game.black_id).await?, player(game.white_id).await?);
    let (black, white) = (black.ok_or(AppError::NotFound)?, white.ok_or(AppError::NotFound)?);
    let setup = setup_of(&event, &round, &game)?;
    let live = match &game.live_state {
        None => LiveGame::new(setup).map_err(corrupt)?,
        Some(text) => {
            let state: LiveState = serde_json::from_str(text).map_err(|e| AppError::Internal(e.into()))?;
            let stored = game_move::Entity::find()
                .filter(game_move::Column::GameId.eq(game.id))
                .order_by_asc(game_move::Column::Number)
                .all(conn)
                .await?;
            let moves = stored
                .iter()
                .map(|m| LiveMove {
                    colour: if m.colour == "white" { Color::White } else { Color::Black },
                    point: match (m.x, m.y) {
                        (Some(x), Some(y)) => Some((x as u8, y as u8)),
                        _ => None,
                    },
                    spent: m.spent_ms.max(0) as u64,
                    at: m.at,
                })
                .collect();
            LiveGame::restore(setup, moves, state).map_err(corrupt)?
        }
    };
    Ok(LiveBoard { event, round, game, black, white, live, outbox: Vec::new() })
}

/// Who should hear of a dispute on `board`: its players (their accounts) and the referees.
pub(crate) async fn told_of(conn: &impl ConnectionTrait, board: &LiveBoard) -> AppResult<Vec<i32>> {
    let referees = [StaffRole::Referee, StaffRole::ChiefReferee];
    let mut told = queries::staff_in(conn, board.event.id, &referees).await?;
    told.extend(board.black.user_id);
    told.extend(board.white.user_id);
    Ok(told)
}

/// Records a dispute about `board` in the caller's transaction (`by`: None for the engine;
/// `offender`: the side it is about, when known), and tells the board's players and the
/// referees. Returns the mails to send once the transaction commits.
pub async fn file_in(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    kind: DisputeKind,
    claim: &str,
    by: Option<i32>,
    offender: Option<Color>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let edition = Edition::of_ruleset(&board.event.ruleset);
    let filed = dispute::ActiveModel {
        event_id: Set(board.event.id),
        game_id: Set(board.game.id),
        kind: Set(kind.code().to_string()),
        move_number: Set(board.live.moves().len() as i32),
        position: Set(board.live.record_sgf(&board.black.name, &board.white.name, &board.event.name)),
        filed_by: Set(by),
        claim: Set(claim.to_string()),
        filed_at: Set(now),
        status: Set("open".into()),
        offender: Set(offender.map(|c| c.as_str().to_string())),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::record(
        txn,
        now,
        by,
        Some(board.event.id),
        "dispute.filed",
        json!({ "dispute": filed.id, "round": board.round.number, "board": board.game.board, "kind": kind.code(),
                "move": filed.move_number, "article": kind.article(edition) }),
    )
    .await?;
    let notice = Notice {
        what: "filed".into(),
        event: board.event.name.clone(),
        round: board.round.number,
        board: board.game.board,
        kind: kind.code().into(),
        ruling: None,
    };
    let told = told_of(txn, board).await?;
    repo::notify_in(txn, &told, by, board.event.id, &notice, &queries::dispute_link(board.event.id, filed.id), now)
        .await
}

/// The seat of `account` at this board.
pub async fn seat_of(conn: &impl ConnectionTrait, board: &LiveBoard, account: Option<&user::Model>) -> AppResult<Seat> {
    let Some(account) = account else { return Ok(Seat::Spectator) };
    if board.black.user_id == Some(account.id) {
        return Ok(Seat::Player(Color::Black));
    }
    if board.white.user_id == Some(account.id) {
        return Ok(Seat::Player(Color::White));
    }
    let roles = queries::roles(conn, board.event.id, account).await?;
    Ok(if roles.director || roles.referee { Seat::Recorder } else { Seat::Spectator })
}

/// Refuses a reader who may not act on the board (neither one of its players nor the event's
/// staff) before what they sent is read, so a wrong seat is told 403 whatever the form holds.
pub async fn require_seat(state: &AppState, account: &user::Model, at: BoardRef, locale: Locale) -> AppResult<()> {
    let board = load(&state.db, at, locale).await?;
    if seat_of(&state.db, &board, Some(account)).await? == Seat::Spectator {
        return Err(AppError::Forbidden);
    }
    Ok(())
}

/// Whether `seat` may act for `colour`.
fn may_act_for(seat: Seat, colour: Color) -> bool {
    match seat {
        Seat::Player(own) => own == colour,
        Seat::Recorder => true,
        Seat::Spectator => false,
    }
}

fn refused(e: LiveError, locale: Locale) -> AppError {
    AppError::BadRequest(match e {
        LiveError::Illegal(why) => locale.t_args("error-illegal-move", &[("why", Arg::Str(&why.to_string()))]),
        other => other.to_string(),
    })
}

/// Does `action` on the board as `account`, at the server's time. Returns the board after it,
/// for its watchers.
///
/// `meant_for` is the move number a move was sent as (the board's moves when the sender saw
/// it, plus one): when the game has moved on meanwhile (both players clicked, two recorders
/// entered the same move) it is refused, never recorded as a later move.
pub async fn act(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    action: Action,
    meant_for: Option<usize>,
    locale: Locale,
) -> AppResult<LiveBoard> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut board = load_for_change(&txn, at, locale).await?;
    let seat = seat_of(&txn, &board, Some(account)).await?;
    if seat == Seat::Spectator {
        return Err(AppError::Forbidden);
    }
    if let Some(meant) = meant_for
        && meant != board.live.moves().len() + 1
    {
        let played = board.live.moves().len();
        return Err(AppError::Conflict(Some(locale.t_args(
            "error-move-stale",
            &[("meant", Arg::Num(meant as i64)), ("played", Arg::Num(played.saturating_sub(meant - 1) as i64))],
        ))));
    }
    if board.game.result.is_some() && board.live.state().phase != Phase::Finished {
        return Err(AppError::BadRequest(locale.t("error-live-result-entered")));
    }
    let stored_moves = board.live.moves().len();
    let before = board.live.state().phase;
    let live = &mut board.live;
    // The passing of time first: a scheduled start, an absent player's forfeit, a fallen flag.
    let flagged = live.tick(now).is_some();
    let moves_now = matches!(action, Action::Play(..) | Action::Seal(_));
    if live.moves().len() > stored_moves && moves_now {
        // A flag fell and counted as a pass (2002 Art. 22.5): the turn has moved on, and the
        // move sent for the old position is not played.
        save(&txn, &mut board, stored_moves, before, now, Change::Act(account.id), locale).await?;
        txn.commit().await?;
        send_outbox(state, &mut board);
        return Ok(board);
    }
    if live.state().phase == Phase::Waiting && moves_now {
        if let Some(start) = board.round.starts_at {
            return Err(AppError::BadRequest(locale.t_args(
                "error-live-not-started",
                &[("start", Arg::Str(&start.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)))],
            )));
        }
        // Without a scheduled start, the game starts with its first move.
        live.start(now).map_err(|e| refused(e, locale))?;
    }
    let to_move = live.to_move();
    let mut held = None;
    let outcome: Result<(), LiveError> = match action {
        Action::Play(colour, point) => {
            let colour = colour.unwrap_or(to_move);
            if !may_act_for(seat, colour) || (seat != Seat::Recorder && colour != to_move) {
                return Err(AppError::BadRequest(locale.t("error-live-not-your-turn")));
            }
            match live.play(colour, point, now) {
                Ok(played) => {
                    if let Played::TimeOut(_) = played {
                        tracing::info!(game = board.game.id, "a move arrived after the flag");
                    }
                    Ok(())
                }
                // A board assistant enters what happened at the board: a move the rules refuse
                // (out of turn, or illegal) was played there, and the referee rules on it.
                Err(LiveError::Illegal(why)) if seat == Seat::Recorder && held_for_referee(why) => {
                    let what = held_move_text(live, colour, point, &why.to_string());
                    live.hold(colour, point, why.to_string(), now).map(|kind| held = Some((kind, colour, what)))
                }
                Err(e) => Err(e),
            }
        }
        Action::Resign(colour) => {
            if !may_act_for(seat, colour) {
                return Err(AppError::Forbidden);
            }
            live.resign(colour).map(|_| ())
        }
        Action::Mark(x, y) => live.toggle_dead(x, y),
        Action::Agree(colour) => {
            if !may_act_for(seat, colour) {
                return Err(AppError::Forbidden);
            }
            // A recorder enters what the players agreed at the board: both agree (whoever has
            // not yet).
            agree_for(live, colour, seat == Seat::Recorder)
        }
        Action::Dispute => live.dispute(),
        Action::Arrive(colour) => {
            if !may_act_for(seat, colour) {
                return Err(AppError::Forbidden);
            }
            live.arrive(colour, now).map(|_| ())
        }
        // The player's own request: a recorder does not make it for them.
        Action::PassOnTimeout(colour, asked) => {
            if seat != Seat::Player(colour) {
                return Err(AppError::Forbidden);
            }
            live.ask_pass_on_timeout(colour, asked)
        }
        Action::Pause | Action::Adjourn | Action::Resume if seat != Seat::Recorder => {
            return Err(AppError::Forbidden);
        }
        Action::Pause => live.pause(now),
        Action::Adjourn => live.adjourn(),
        Action::Resume => live.resume(now).map(|_| ()),
        Action::Seal(point) => {
            if !may_act_for(seat, to_move) {
                return Err(AppError::BadRequest(locale.t("error-live-not-your-turn")));
            }
            live.seal(to_move, point, now)
        }
    };
    // A flag that fell before the action ends the game all the same: that is stored, and the
    // board page tells the loss on time.
    if let Err(e) = outcome
        && !flagged
    {
        return Err(refused(e, locale));
    }
    save(&txn, &mut board, stored_moves, before, now, Change::Act(account.id), locale).await?;
    if let Some((kind, offender, what)) = held {
        let mails = file_in(&txn, &board, kind, &what, None, Some(offender), now).await?;
        board.outbox.extend(mails);
    }
    let referee_step = match action {
        Action::Pause => Some("live.paused"),
        Action::Adjourn => Some("live.adjourned"),
        Action::Resume => Some("live.resumed"),
        // Which move was sealed stays secret until play resumes.
        Action::Seal(_) => Some("live.move_sealed"),
        _ => None,
    };
    if let Some(what) = referee_step {
        audit::record(
            &txn,
            now,
            Some(account.id),
            Some(board.event.id),
            what,
            json!({ "round": board.round.number, "board": board.game.board, "moves": board.live.moves().len(),
                    "article": "1988 Art. 14" }),
        )
        .await?;
    }
    txn.commit().await?;
    send_outbox(state, &mut board);
    Ok(board)
}

/// Does what the passing of time does to every game due by now with nobody acting (see
/// `LiveGame::due_at`): starts games at their scheduled time, forfeits absent players past the
/// lateness limit, ends games whose flag fell. The sweep calls this twice a second. Returns the
/// boards changed, for their watchers.
pub async fn sweep_due(state: &AppState) -> AppResult<Vec<LiveBoard>> {
    let now = state.clock.now();
    let published = round::Entity::find()
        .select_only()
        .column(round::Column::Id)
        .filter(round::Column::Published.eq(true))
        .into_query();
    let due = game::Entity::find()
        .filter(game::Column::FlagAt.lte(now))
        .filter(game::Column::Result.is_null())
        .filter(game::Column::RoundId.in_subquery(published))
        .all(&state.db)
        .await?;
    let mut changed = Vec::new();
    for g in due {
        // One board that cannot be swept must not hold up the others.
        match sweep_one(state, &g, now).await {
            Ok(Some(board)) => changed.push(board),
            Ok(None) => {}
            Err(e) => tracing::warn!(game = g.id, error = %e, "a due live game could not be swept"),
        }
    }
    Ok(changed)
}

async fn sweep_one(
    state: &AppState,
    g: &game::Model,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Option<LiveBoard>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(r) = round::Entity::find_by_id(g.round_id).one(&txn).await? else { return Ok(None) };
    let at = BoardRef { event_id: r.event_id, round: r.number, board: g.board };
    let mut board = load_for_change(&txn, at, Locale::En).await?;
    let before = board.live.state().clone();
    let stored = board.live.moves().len();
    // Someone may have acted in the meantime: only what is still due is done.
    if board.game.flag_at != g.flag_at {
        return Ok(None);
    }
    board.live.tick(now);
    if board.live.state() == &before && board.live.due_at() == g.flag_at {
        return Ok(None);
    }
    save(&txn, &mut board, stored, before.phase, now, Change::Time, Locale::En).await?;
    txn.commit().await?;
    send_outbox(state, &mut board);
    Ok(Some(board))
}

/// After a restart: the time from `down` (the server's last sign of life) to now is charged to
/// nobody, so every running clock resumes where it stood.
pub async fn resume_after_restart(state: &AppState, down: chrono::DateTime<chrono::Utc>) -> AppResult<usize> {
    let now = state.clock.now();
    let waiting = game::Entity::find()
        .filter(game::Column::FlagAt.is_not_null())
        .filter(game::Column::Result.is_null())
        .all(&state.db)
        .await?;
    let mut resumed = 0;
    for g in waiting {
        match resume_one(state, &g, down, now).await {
            Ok(true) => resumed += 1,
            Ok(false) => {}
            Err(e) => tracing::warn!(game = g.id, error = %e, "a live game could not be resumed"),
        }
    }
    Ok(resumed)
}

async fn resume_one(
    state: &AppState,
    g: &game::Model,
    down: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<bool> {
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(r) = round::Entity::find_by_id(g.round_id).one(&txn).await?.filter(|r| r.published) else {
        return Ok(false);
    };
    let mut board =
        load_for_change(&txn, BoardRef { event_id: r.event_id, round: r.number, board: g.board }, Locale::En).await?;
    if !board.live.skip_downtime(down, now) {
        return Ok(false);
    }
    let stored = board.live.moves().len();
    let phase = board.live.state().phase;
    save(&txn, &mut board, stored, phase, now, Change::Time, Locale::En).await?;
    txn.commit().await?;
    send_outbox(state, &mut board);
    Ok(true)
}

/// Whether a recorder's move the engine refuses for `why` is held for the referee: one that can
/// be played on a real board (not on an occupied point, nor after the end).
fn held_for_referee(why: Illegal) -> bool {
    !matches!(why, Illegal::Occupied | Illegal::GameOver)
}

/// The engine's claim for a held move: "White at A9: suicide".
fn held_move_text(live: &LiveGame, colour: Color, point: Option<(u8, u8)>, why: &str) -> String {
    let at = match point {
        Some((x, y)) => crate::domain::go::record::coordinate(
            live.game().board().height(),
            crate::domain::go::sgf::SgfPoint { x, y },
        ),
        None => "pass".into(),
    };
    format!("The board assistant entered {} at {at} after move {}: {why}", colour.as_str(), live.moves().len())
}

/// A point as referees read it ("D4").
fn point_name(board: &LiveBoard, x: u8, y: u8) -> String {
    crate::domain::go::record::coordinate(board.live.game().board().height(), crate::domain::go::sgf::SgfPoint { x, y })
}

/// `colour` agrees with the marks; a recorder's agreement stands for both players (each who
/// has not agreed yet: the last agreement counts the game).
fn agree_for(live: &mut LiveGame, colour: Color, recorder: bool) -> Result<(), LiveError> {
    if live.state().phase != Phase::Marking {
        return Err(LiveError::NotNow(live.state().phase));
    }
    let colours = if recorder { vec![colour, colour.opponent()] } else { vec![colour] };
    for c in colours {
        if live.state().phase == Phase::Marking && !live.state().agreed[c.index()] {
            live.agree(c)?;
        }
    }
    Ok(())
}

/// Sends the mail a committed change made.
pub(crate) fn send_outbox(state: &AppState, board: &mut LiveBoard) {
    if !board.outbox.is_empty() {
        state.mailer.send_in_background(std::mem::take(&mut board.outbox));
    }
}

/// Who made a change being saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Change {
    /// A player or recorder acted (their account).
    Act(i32),
    /// The passing of time (the sweep, a restart).
    Time,
    /// A referee's ruling (their account).
    Ruling(i32),
}

impl Change {
    fn actor(self) -> Option<i32> {
        match self {
            Change::Act(id) | Change::Ruling(id) => Some(id),
            Change::Time => None,
        }
    }
}

/// Stores what changed: the moves after the first `stored_moves`, the state, when the clock
/// flags, and the result once the game has one (`before`: the phase before the change).
pub(crate) async fn save(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    stored_moves: usize,
    before: Phase,
    now: chrono::DateTime<chrono::Utc>,
    change: Change,
    locale: Locale,
) -> AppResult<()> {
    let actor = change.actor();
    let mut mails = Vec::new();
    board.live.bump_version();
    // A whole-board repetition (triple ko, eternal life …) goes to the referees (Art. 20.3).
    for cycle in board.live.take_new_cycles() {
        let claim = cycle.describe();
        mails.extend(file_in(txn, board, DisputeKind::Cycle, &claim, None, None, now).await?);
    }
    let live = &board.live;
    for (index, m) in live.moves().iter().enumerate().skip(stored_moves) {
        game_move::ActiveModel {
            game_id: Set(board.game.id),
            number: Set(index as i32 + 1),
            colour: Set(m.colour.as_str().to_string()),
            x: Set(m.point.map(|(x, _)| i32::from(x))),
            y: Set(m.point.map(|(_, y)| i32::from(y))),
            spent_ms: Set(i64::try_from(m.spent).unwrap_or(i64::MAX)),
            at: Set(m.at),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    let state = live.state();
    let flag_at = live.due_at();
    let mut active: game::ActiveModel = board.game.clone().into();
    active.live_state = Set(Some(serde_json::to_string(state).map_err(|e| AppError::Internal(e.into()))?));
    active.flag_at = Set(flag_at);
    active.update(txn).await?;
    if state.phase == Phase::Disputed && before != Phase::Disputed {
        // The players do not agree on the dead stones: a dispute for the referees, filed by
        // whoever refused the marks.
        let marks: Vec<String> = state.dead.iter().map(|&(x, y)| point_name(board, x, y)).collect();
        let claim = format!("The players do not agree on the dead stones. Marked dead: {}", marks.join(" "));
        mails.extend(file_in(txn, board, DisputeKind::DeadStones, &claim, actor, None, now).await?);
    }
    if let (Phase::Finished, Some(result), None) = (state.phase, state.result, &board.game.result) {
        // A loss the clock gave is filed for the referees to review (a clock may fail, Art. 23).
        if let GameResult::Win { winner, margin: Margin::Time } = result
            && !matches!(change, Change::Ruling(_))
        {
            let loser = winner.opponent();
            let claim = format!("{} lost on time after move {}", loser.as_str(), live.moves().len());
            let filed = file_in(txn, board, DisputeKind::ClockIncident, &claim, None, Some(loser), now);
            mails.extend(filed.await?);
        }
        rounds::write_result(txn, actor, board.event.id, &board.round, &board.game, result, now, locale, "live")
            .await?;
    }
    board.outbox.extend(mails);
    Ok(())
}
