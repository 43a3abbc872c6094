//! Games played live through Yunzi (see `domain::live`): each action is one transaction that
//! replays the stored moves through the rules engine, applies the action with the server's
//! time, stores the new moves and the state (clock included), and when the game ends writes
//! its result through the same path as a result entered by hand.
//!
//! Who may act: the two players (their accounts), each for their own colour; the event's
//! directors and referees for either colour, as board assistants recording an over-the-board
//! game.
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect,
    QueryTrait, Set,
};
use serde_json::json;

use crate::db::WriteTxn;
use crate::db::entities::{game, game_move, heartbeat, round, user};
use crate::domain::color::Color;
use crate::domain::games::game_shape::{BoardGame, GameMove};
use crate::domain::live::{BeforeRuling, LiveError, LiveGame, Phase, Played};
use crate::domain::message::Message;
use crate::domain::referee::{DisputeKind, Ruling};
use crate::domain::result::{GameResult, Margin};
use crate::error::{AppError, AppResult};
use crate::services::queries::{self, BoardRef, LiveBoard, Seat};
use crate::services::{audit, repo};
use crate::state::AppState;

/// The board at `at`, loaded for a change: its game's row is locked until the transaction ends,
/// so two actions on one board (or an action and the sweep, or a ruling) take turns on
/// PostgreSQL as well (SQLite's write transactions take turns already).
pub async fn load_for_change(conn: &impl ConnectionTrait, at: BoardRef) -> AppResult<LiveBoard> {
    queries::live_board_locked(conn, at).await
}

/// What a player, or a recorder for them, does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A stone at (x, y), or a pass; by the side to move, or a recorder's entry for the colour
    /// named (a move out of turn at the board is held for the referee).
    Play(Option<Color>, Option<(u8, u8)>),
    /// A move that is not one stone on a point: 五子棋's opening (the swap after Black 3, the
    /// two offers for Black 5, the one White keeps) and 三通棋's two at once.
    Opening(Option<Color>, GameMove),
    Resign(Color),
    /// Marks the chain at (x, y) dead, or alive again.
    Mark(u8, u8),
    Agree(Color),
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

/// Whether `seat` may act for `colour`.
fn may_act_for(seat: Seat, colour: Color) -> bool {
    match seat {
        Seat::Player(own) => own == colour,
        Seat::Recorder => true,
        Seat::Spectator => false,
    }
}

fn refused(e: LiveError) -> AppError {
    AppError::BadRequest(e.message())
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
) -> AppResult<LiveBoard> {
    act_as_read(state, account, at, |_| Ok((action, meant_for))).await
}

/// [`act`] with the action (and the move number it was sent as) read by `read` from what the
/// sender sent, once they are known to have a seat at the board: a wrong seat is told 403
/// whatever the form holds, and the form is read with the board at hand (its size, for a
/// typed point).
///
/// On SQLite, whose one write lock every board's moves share, the action is first decided on
/// the board as last stored, read without the lock (its game kept in memory from the last
/// change when the game row is unchanged: no moves read or replayed), and stored only if the
/// game row is still the one read, checked under the lock: the lock is held for the writes
/// alone, which is what lets a server take a thousand moves a second. If the game changed in
/// between (another action on the board, the sweep, a ruling), the action is done again with
/// the board read under the lock, as it is on PostgreSQL.
pub async fn act_as_read(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    read: impl Fn(&LiveBoard) -> AppResult<(Action, Option<usize>)>,
) -> AppResult<LiveBoard> {
    // On PostgreSQL a game's row is locked on its own, and other boards' moves go on beside
    // it: the board is read under the lock (its game kept all the same), a transaction fewer.
    if state.db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite
        && let Some(board) = act_once(state, account, at, &read, None).await?
    {
        return Ok(board);
    }
    let txn = crate::db::begin_write(&state.db).await?;
    let board = queries::live_board_locked_kept(&txn, at, &state.live_games).await?;
    act_once(state, account, at, &read, Some((txn, board)))
        .await?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a board read under the lock changed")))
}

/// The transaction to store `board`'s change in: the one it was read in, or a new one when the
/// game row is still the row the board was read with (none: it changed).
async fn write_for(db: &DatabaseConnection, held: Option<WriteTxn>, board: &LiveBoard) -> AppResult<Option<WriteTxn>> {
    if let Some(txn) = held {
        return Ok(Some(txn));
    }
    let txn = crate::db::begin_write(db).await?;
    let stored = queries::game_row_locked(&txn, board.game.id).await?;
    if stored.as_ref() == Some(&board.game) {
        return Ok(Some(txn));
    }
    txn.rollback().await?;
    Ok(None)
}

/// What an action stores besides the moves and the game's state.
#[derive(Default)]
struct AlsoStored {
    /// 五子棋's swap: the pairing's seats are exchanged.
    swapped: bool,
    /// A move held for the referee: the dispute filed (its kind, the offender, the move as text).
    held: Option<(DisputeKind, Color, String)>,
    /// A referee's step on the clock, audited (1988 Art. 14).
    referee_step: Option<&'static str>,
}

/// Stores the change to `board` made by `actor` (its moves from `stored_moves` on, and what
/// else the action did) in one transaction: the one it was read in, or a new one when its game
/// is unchanged since it was read. Returns the board as stored (none: the game had changed,
/// nothing stored); the caller keeps its game and sends its mail.
///
/// The work runs where `db::run_write` puts it: on SQLite, whose writes take turns, the turn
/// is not held up by the request threads' other work.
async fn store(
    state: &AppState,
    held_txn: Option<WriteTxn>,
    mut board: LiveBoard,
    stored_moves: usize,
    now: chrono::DateTime<chrono::Utc>,
    actor: i32,
    also: AlsoStored,
) -> AppResult<Option<LiveBoard>> {
    let db = state.db.clone();
    let stored = crate::db::run_write(&state.db, async move {
        let Some(txn) = write_for(&db, held_txn, &board).await? else { return Ok(None) };
        save(&txn, &mut board, stored_moves, now, Change::Act(actor)).await?;
        if also.swapped {
            swap_colours(&txn, &mut board, actor, now).await?;
        }
        if let Some((kind, offender, what)) = also.held {
            let mails =
                repo::file_dispute(&txn, &board, repo::Filing::new(kind, &what).about(Some(offender)), now).await?;
            board.outbox.extend(mails);
        }
        if let Some(what) = also.referee_step {
            audit::entry(now, Some(actor), Some(board.event.id))
                .record(
                    &txn,
                    what,
                    json!({ "round": board.round.number, "board": board.game.board, "moves": board.live.moves().len(),
                        "article": "1988 Art. 14" }),
                )
                .await?;
        }
        txn.commit().await?;
        AppResult::Ok(Some(board))
    })
    .await??;
    let Some(mut board) = stored else { return Ok(None) };
    state.live_games.keep(&board.game, &board.live);
    send_outbox(state, &mut board);
    Ok(Some(board))
}

/// One attempt at [`act_as_read`]: with the board read under the lock (`locked`), or read
/// without it and stored only if its game has not changed (none when it had: nothing stored).
async fn act_once(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    read: &impl Fn(&LiveBoard) -> AppResult<(Action, Option<usize>)>,
    locked: Option<(WriteTxn, LiveBoard)>,
) -> AppResult<Option<LiveBoard>> {
    let now = state.clock.now();
    let (mut board, seat, held_txn) = match locked {
        Some((txn, board)) => {
            let seat = queries::seat_of(&txn, &board, Some(account)).await?;
            (board, seat, Some(txn))
        }
        None => {
            let board = queries::live_board_kept(&state.db, at, &state.live_games).await?;
            let seat = queries::seat_of(&state.db, &board, Some(account)).await?;
            (board, seat, None)
        }
    };
    if seat == Seat::Spectator {
        return Err(AppError::Forbidden);
    }
    let (action, meant_for) = read(&board)?;
    if let Some(meant) = meant_for
        && meant != board.live.moves().len() + 1
    {
        let played = board.live.moves().len();
        return Err(AppError::Conflict(Some(
            Message::new("error-move-stale")
                .number("meant", meant as i64)
                .number("played", played.saturating_sub(meant - 1) as i64),
        )));
    }
    if board.game.result.is_some() && board.live.state().phase != Phase::Finished {
        return Err(AppError::refused("error-live-result-entered"));
    }
    let stored_moves = board.live.moves().len();
    let live = &mut board.live;
    // The passing of time first: a scheduled start, an absent player's forfeit, a fallen flag.
    let flagged = live.tick(now).is_some();
    // A move of the game: a stone, or another kind (a piece stepping, which may be a game's
    // first move).
    let moves_now = matches!(action, Action::Play(..) | Action::Opening(..) | Action::Seal(_));
    if live.moves().len() > stored_moves && moves_now {
        // A flag fell and counted as a pass (2002 Art. 22.5): the turn has moved on, and the
        // move sent for the old position is not played.
        return store(state, held_txn, board, stored_moves, now, account.id, AlsoStored::default()).await;
    }
    if live.state().phase == Phase::Waiting && moves_now {
        if let Some(start) = board.round.starts_at {
            return Err(AppError::BadRequest(
                Message::new("error-live-not-started")
                    .text("start", crate::domain::tournament::event::local_time(&start, &board.event.time_zone)),
            ));
        }
        // Without a scheduled start, the game starts with its first move.
        live.start(now).map_err(refused)?;
    }
    let to_move = live.to_move();
    let mut held = None;
    let outcome: Result<(), LiveError> = match action {
        Action::Play(colour, point) => {
            let colour = colour.unwrap_or(to_move);
            if !may_act_for(seat, colour) || (seat != Seat::Recorder && colour != to_move) {
                return Err(AppError::refused("error-live-not-your-turn"));
            }
            match live.play(colour, point, now) {
                Ok(played) => {
                    if let Played::TimeOut(_) = played {
                        tracing::info!(game = board.game.id, "a move arrived after the flag");
                    }
                    Ok(())
                }
                // A board assistant enters what happened at the board: a move the rules refuse
                // (out of turn, or illegal) that can be made on a real board was played there,
                // and the referee rules on it.
                Err(LiveError::Illegal(why)) if seat == Seat::Recorder && why.made_at_the_board => {
                    let what = held_move_text(live, colour, point, &why.reason);
                    live.hold(colour, point, why.reason.to_stored(), now).map(|kind| held = Some((kind, colour, what)))
                }
                Err(e) => Err(e),
            }
        }
        Action::Opening(colour, mv) => {
            let colour = colour.unwrap_or(to_move);
            if !may_act_for(seat, colour) || colour != to_move {
                return Err(AppError::refused("error-live-not-your-turn"));
            }
            live.play_move(colour, mv, now).map(|_| ())
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
                return Err(AppError::refused("error-live-not-your-turn"));
            }
            live.seal(to_move, point, now)
        }
    };
    let swapped = matches!(action, Action::Opening(_, GameMove::Swap)) && outcome.is_ok();
    // A flag that fell before the action ends the game all the same: that is stored, and the
    // board page tells the loss on time.
    if let Err(e) = outcome
        && !flagged
    {
        return Err(refused(e));
    }
    let referee_step = match action {
        Action::Pause => Some("live.paused"),
        Action::Adjourn => Some("live.adjourned"),
        Action::Resume => Some("live.resumed"),
        // Which move was sealed stays secret until play resumes.
        Action::Seal(_) => Some("live.move_sealed"),
        _ => None,
    };
    store(state, held_txn, board, stored_moves, now, account.id, AlsoStored { swapped, held, referee_step }).await
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
    let mut board = load_for_change(&txn, at).await?;
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
    save(&txn, &mut board, stored, now, Change::Time).await?;
    txn.commit().await?;
    send_outbox(state, &mut board);
    Ok(Some(board))
}

/// When the deployment last said it was alive (its sweep beats every two seconds).
pub async fn last_beat(db: &impl ConnectionTrait) -> AppResult<Option<chrono::DateTime<chrono::Utc>>> {
    Ok(heartbeat::Entity::find_by_id(1).one(db).await?.map(|row| row.beat_at))
}

/// Notes that the deployment is alive at `now`. PostgreSQL keeps microseconds: the time is
/// rounded up to one, so that the downtime charged to nobody never starts before the beat.
pub async fn beat(db: &impl ConnectionTrait, now: chrono::DateTime<chrono::Utc>) -> AppResult<()> {
    let below = i64::from(now.timestamp_subsec_nanos() % 1_000);
    let at = if below == 0 { now } else { now + chrono::TimeDelta::nanoseconds(1_000 - below) };
    let row = heartbeat::ActiveModel { id: Set(1), beat_at: Set(at) };
    heartbeat::Entity::insert(row)
        .on_conflict(
            sea_orm::sea_query::OnConflict::column(heartbeat::Column::Id)
                .update_column(heartbeat::Column::BeatAt)
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
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
    let mut board = load_for_change(&txn, BoardRef { event_id: r.event_id, round: r.number, board: g.board }).await?;
    if !board.live.skip_downtime(down, now) {
        return Ok(false);
    }
    let stored = board.live.moves().len();
    save(&txn, &mut board, stored, now, Change::Time).await?;
    txn.commit().await?;
    send_outbox(state, &mut board);
    Ok(true)
}

/// The engine's claim for a held move: "White at A9: suicide".
/// What a board assistant entered that the rules refuse, as the dispute states it.
fn held_move_text(live: &LiveGame, colour: Color, point: Option<(u8, u8)>, why: &Message) -> String {
    let at = match point {
        Some((x, y)) => Message::new("claim-point").text("point", live.game().cell_name(x, y)),
        None => Message::new("claim-pass"),
    };
    Message::new("claim-held-move")
        .nested("colour", colour.message())
        .nested("at", at)
        .number("move", live.moves().len() as i64)
        .nested("why", why.clone())
        .to_stored()
}

/// A point as referees read it ("D4").
fn point_name(board: &LiveBoard, x: u8, y: u8) -> String {
    board.live.game().cell_name(x, y)
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

/// Applies a referee's `ruling` on dispute `dispute_id` (of `kind`) to the board (loaded for
/// change) at `now`, as a ruling by `by`, in the caller's transaction: the game goes on, is
/// replayed, or ends, and a result changed by the ruling is written (or cleared) like any
/// other. Returns the game as it was before.
#[allow(clippy::too_many_arguments)]
pub async fn apply_ruling(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    kind: DisputeKind,
    ruling: Ruling,
    dispute_id: i32,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<BeforeRuling> {
    let mut before_ruling = BeforeRuling {
        state: board.live.state().clone(),
        moves: board.live.moves().to_vec(),
        result: board.game.result.clone(),
        version_after: 0,
    };
    let stored = board.live.moves().len();
    board.live.tick(now);
    board.live.apply_ruling(kind, ruling, now).map_err(|e| AppError::BadRequest(e.message()))?;
    let stored = if ruling == Ruling::Replay {
        // The record so far stays with the dispute (its position) and the audit row.
        forget_moves(txn, board).await?;
        0
    } else {
        stored
    };
    // A result already written follows the ruling; a first one is written by `save`.
    if board.game.result.is_some() {
        let reason = format!("ruling {} on dispute {}", ruling.code(), dispute_id);
        let result = board.live.state().result;
        rewrite_result(txn, board, result, by, &reason, now).await?;
    }
    save(txn, board, stored, now, Change::Ruling(by)).await?;
    before_ruling.version_after = board.live.state().version;
    Ok(before_ruling)
}

/// The longest sentence a player may add when refusing the marks.
const REFUSAL_MAX_CHARS: usize = 2000;

/// A player of the board (or a recorder for the players) does not accept the marks: the game
/// waits for a referee, and a dead-stone dispute is filed naming what is contested (the groups
/// the player holds alive or dead, read from the marks left against the engine's proposal)
/// and the player's `sentence`, if any (1988 Art. 21.3).
pub async fn refuse_marks(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    sentence: &str,
) -> AppResult<LiveBoard> {
    let sentence = crate::domain::tournament::player::clean_text(sentence, "field-claim", REFUSAL_MAX_CHARS, false)
        .map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut board = load_for_change(&txn, at).await?;
    let by = match queries::seat_of(&txn, &board, Some(account)).await? {
        Seat::Spectator => return Err(AppError::Forbidden),
        Seat::Player(colour) => Some(colour),
        Seat::Recorder => None,
    };
    if board.game.result.is_some() && board.live.state().phase != Phase::Finished {
        return Err(AppError::refused("error-live-result-entered"));
    }
    let stored = board.live.moves().len();
    board.live.dispute().map_err(refused)?;
    save(&txn, &mut board, stored, now, Change::Act(account.id)).await?;
    let marks = board.live.state().dead.clone();
    let names: Vec<String> = marks.iter().map(|&(x, y)| point_name(&board, x, y)).collect();
    let mut claim = if names.is_empty() {
        Message::new("claim-dead-stones").nested("marks", Message::new("claim-marks-none"))
    } else {
        Message::new("claim-dead-stones").text("marks", names.join(" "))
    };
    if !sentence.is_empty() {
        claim = Message::new("claim-with-sentence").nested("claim", claim).text("sentence", sentence);
    }
    let contested = match board.live.go() {
        Some(go) => {
            let (proposal, _) = crate::domain::live::proposal_for(go, board.live.setup().handicap);
            let contested = crate::domain::live::contested(go, &proposal, &marks, by);
            Some(serde_json::to_string(&contested).map_err(|e| AppError::Internal(e.into()))?)
        }
        None => None,
    };
    let claim = claim.to_stored();
    let filing = repo::Filing { contested, ..repo::Filing::new(DisputeKind::DeadStones, &claim).by(Some(account.id)) };
    let mails = repo::file_dispute(&txn, &board, filing, now).await?;
    txn.commit().await?;
    board.outbox.extend(mails);
    send_outbox(state, &mut board);
    Ok(board)
}

/// A player or recorder claims a cycle (Art. 20.3): a game in play is held, its clocks
/// stopped at `now`, until a referee rules, as when the engine finds one. A game not in play
/// is left as it is (the claim is about its record).
pub async fn hold_for_claimed_cycle(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    let stored = board.live.moves().len();
    // A result entered by hand: the board's game is not played here.
    if board.game.result.is_some() && board.live.state().phase != Phase::Finished {
        return Ok(());
    }
    let flagged = board.live.tick(now).is_some();
    // A move already held stops the game for the referee; voiding it plays a lost turn, which
    // a second hold would refuse, so the cycle is then only filed.
    let state = board.live.state();
    if state.phase == Phase::Playing && state.held_cycle.is_none() && state.held.is_none() {
        board.live.hold_for_cycle(None, now).map_err(refused)?;
    } else if !flagged {
        return Ok(());
    }
    // The hold, or a flag that fell meanwhile, is stored before watchers are told.
    save(txn, board, stored, now, Change::Act(by)).await
}

/// The game's stored moves are dropped (a replay, or a ruling undone: the moves are stored
/// again from the game).
async fn forget_moves(txn: &impl ConnectionTrait, board: &LiveBoard) -> AppResult<()> {
    game_move::Entity::delete_many().filter(game_move::Column::GameId.eq(board.game.id)).exec(txn).await?;
    Ok(())
}

/// The board's written result becomes `result` (None: none, the game is played on), audited
/// with `reason`, unless it is that already.
async fn rewrite_result(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    result: Option<GameResult>,
    by: i32,
    reason: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    if board.game.result.as_deref().and_then(|t| GameResult::parse(t).ok()) == result {
        return Ok(());
    }
    let event_id = board.event.id;
    repo::results::overwrite_result(txn, Some(by), event_id, &board.round, &board.game, result, now, reason).await?;
    board.game.result = result.map(|r| r.to_storage_string());
    Ok(())
}

/// An appeal on dispute `dispute_id` overturns its ruling: the game is put back as it was
/// `before` it (its moves, state and result), provided nothing has happened on the board
/// since; the new ruling applies to that.
pub async fn undo_ruling(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    before: BeforeRuling,
    dispute_id: i32,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    if board.live.state().version != before.version_after {
        return Err(AppError::refused("error-appeal-play-went-on"));
    }
    let restored = LiveGame::restore(board.live.setup().clone(), before.moves, before.state)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("dispute {}: {e}", dispute_id)))?;
    board.live = restored;
    forget_moves(txn, board).await?;
    let result = before.result.as_deref().and_then(|t| GameResult::parse(t).ok());
    let reason = format!("appeal on dispute {}: the ruling is undone", dispute_id);
    rewrite_result(txn, board, result, by, &reason, now).await?;
    save(txn, board, 0, now, Change::Ruling(by)).await
}

/// Sends the mail a committed change made.
pub(crate) fn send_outbox(state: &AppState, board: &mut LiveBoard) {
    if !board.outbox.is_empty() {
        state.mailer.send_in_background(std::mem::take(&mut board.outbox));
    }
}

/// 五子棋's swap after Black 3 (三手可交换): the players exchange colours, so the pairing's
/// seats are exchanged with them — the result, the colour history and the names then follow
/// the stones — with an audit row.
async fn swap_colours(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    let mut active: game::ActiveModel = board.game.clone().into();
    active.black_id = Set(board.game.white_id);
    active.white_id = Set(board.game.black_id);
    board.game = active.update(txn).await?;
    std::mem::swap(&mut board.black, &mut board.white);
    audit::entry(now, Some(by), Some(board.event.id))
        .record(
            txn,
            "live.colours_swapped",
            json!({ "round": board.round.number, "board": board.game.board, "moves": board.live.moves().len(),
                "black": board.black.id, "white": board.white.id, "rule": "五子棋 三手可交换" }),
        )
        .await?;
    Ok(())
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
/// flags, and the result once the game has one.
pub(crate) async fn save(
    txn: &impl ConnectionTrait,
    board: &mut LiveBoard,
    stored_moves: usize,
    now: chrono::DateTime<chrono::Utc>,
    change: Change,
) -> AppResult<()> {
    let actor = change.actor();
    let mut mails = Vec::new();
    board.live.bump_version();
    // A whole-board repetition (triple ko, eternal life …) goes to the referees (Art. 20.3).
    for cycle in board.live.take_new_cycles() {
        let claim = cycle.describe().to_stored();
        mails.extend(repo::file_dispute(txn, board, repo::Filing::new(DisputeKind::Cycle, &claim), now).await?);
    }
    let live = &board.live;
    // One statement for the new moves and one for the row: a move's writes hold the write lock.
    let new_moves: Vec<game_move::ActiveModel> = live
        .moves()
        .iter()
        .enumerate()
        .skip(stored_moves)
        .map(|(index, m)| game_move::ActiveModel {
            game_id: Set(board.game.id),
            number: Set(index as i32 + 1),
            colour: Set(m.colour.as_str().to_string()),
            x: Set(m.point.map(|(x, _)| i32::from(x))),
            y: Set(m.point.map(|(_, y)| i32::from(y))),
            spent_ms: Set(i64::try_from(m.spent).unwrap_or(i64::MAX)),
            at: Set(m.at),
            ..Default::default()
        })
        .collect();
    if !new_moves.is_empty() {
        game_move::Entity::insert_many(new_moves).exec_without_returning(txn).await?;
    }
    let state = live.state();
    let flag_at = live.due_at();
    let live_state = Some(serde_json::to_string(state).map_err(|e| AppError::Internal(e.into()))?);
    game::Entity::update_many()
        .set(game::ActiveModel { live_state: Set(live_state.clone()), flag_at: Set(flag_at), ..Default::default() })
        .filter(game::Column::Id.eq(board.game.id))
        .exec(txn)
        .await?;
    // The row as it is now stored (what a kept game is checked against).
    board.game.live_state = live_state;
    board.game.flag_at = flag_at;
    if let (Phase::Finished, Some(result), None) = (state.phase, state.result, &board.game.result) {
        // A loss the clock gave is filed for the referees to review (a clock may fail, Art. 23).
        if let GameResult::Win { winner, margin: Margin::Time } = result
            && !matches!(change, Change::Ruling(_))
        {
            let loser = winner.opponent();
            let claim = Message::new("claim-lost-on-time")
                .nested("colour", loser.message())
                .number("move", live.moves().len() as i64)
                .to_stored();
            let filing = repo::Filing::new(DisputeKind::ClockIncident, &claim).about(Some(loser));
            let filed = repo::file_dispute(txn, board, filing, now);
            mails.extend(filed.await?);
        }
        repo::results::write_result(txn, actor, board.event.id, &board.round, &board.game, result, now, "live").await?;
    }
    board.outbox.extend(mails);
    Ok(())
}
