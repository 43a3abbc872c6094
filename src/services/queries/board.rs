//! A board as a live game: its event, round, game row and players with the game replayed
//! from its stored moves, and who sits at it. Read here by every area; changed and saved by
//! services::live alone.
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QueryOrder, QuerySelect};

use super::{BoardRef, StaffRole};
use crate::db::entities::{event, game, game_move, player, round, user};
use crate::domain::clock::TimeControl;
use crate::domain::color::Color;
use crate::domain::games::go::ruleset::Ruleset;
use crate::domain::komi::Komi;
use crate::domain::live::{LiveError, LiveGame, LiveMove, LiveSetup, LiveState};
use crate::domain::referee::WarningPenalty;
use crate::error::{AppError, AppResult};
use crate::live_games::LiveGames;

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

/// The rules, board size, komi, clock and lateness rules of the event's games, the round's
/// scheduled start and this game's handicap.
pub fn setup_of(event: &event::Model, round: &round::Model, game: &game::Model) -> AppResult<LiveSetup> {
    // An event of a folk game keeps go's referee settings (warnings, Art. 25) from the 1988 rules.
    let folk = crate::domain::live::FolkGame::of_ruleset(&event.ruleset);
    let preset =
        if folk.is_some() { crate::domain::tournament::event::DEFAULT_RULESET } else { event.ruleset.as_str() };
    let mut rules = Ruleset::preset(preset)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("event {}: unknown ruleset {}", event.id, event.ruleset)))?;
    let size = u8::try_from(event.board_size).unwrap_or(19);
    rules.width = size;
    rules.height = size;
    let handicap = if folk.is_some() { 0 } else { u8::try_from(game.handicap).unwrap_or(0) };
    // A handicap game is played without komi: the handicap stones are the compensation (the
    // event form says so beside its handicap setting).
    rules.komi = match handicap {
        0 => Komi::from_half_points(event.komi_half_points).map_err(|e| AppError::Internal(e.into()))?,
        _ => rules.handicap_komi,
    };
    let penalty = WarningPenalty::parse(&event.warning_penalty).unwrap_or(WarningPenalty::AsTheRules);
    rules.warning_penalty_half_points = penalty.half_points(rules.warning_penalty_half_points);
    Ok(LiveSetup {
        rules,
        folk,
        handicap,
        control: TimeControl::parse(&event.time_control).ok().flatten(),
        starts_at: round.starts_at,
        late_limit: (event.late_limit_minutes > 0).then(|| event.late_limit_minutes as u64 * 60_000),
        lateness_twice: event.ruleset == "chinese-2002",
    })
}

fn corrupt(e: LiveError) -> AppError {
    AppError::Internal(anyhow::anyhow!("live game: {e}"))
}

/// The board's game from its stored moves and state, to read. A game not yet started is started here
/// once its round's scheduled start has passed (the clock running from that instant).
pub async fn live_board(conn: &impl ConnectionTrait, at: BoardRef) -> AppResult<LiveBoard> {
    load_with(conn, at, false, None).await
}

/// [`live_board`], its game taken from `kept` when it was kept with the game row just read (no
/// moves read, none replayed).
pub async fn live_board_kept(conn: &impl ConnectionTrait, at: BoardRef, kept: &LiveGames) -> AppResult<LiveBoard> {
    load_with(conn, at, false, Some(kept)).await
}

/// The board's game row as stored, as text (none: no such board), in one query: what its live
/// page shows changes it, except what writes an audit row (see `web::page_cache`). Moves are
/// stored with the row's live state in one transaction, so the row names the moves too.
pub async fn board_as_stored(conn: &impl ConnectionTrait, at: BoardRef) -> AppResult<Option<String>> {
    let of_round = game::Entity::belongs_to(round::Entity).from(game::Column::RoundId).to(round::Column::Id).into();
    let row = game::Entity::find()
        .join(JoinType::InnerJoin, of_round)
        .filter(round::Column::EventId.eq(at.event_id))
        .filter(round::Column::Number.eq(at.round))
        .filter(game::Column::Board.eq(at.board))
        .one(conn)
        .await?;
    Ok(row.map(|game| format!("{game:?}")))
}

/// [`live_board`] for a change, by services::live alone (the one owner of a board's changes): the game's row is locked until the transaction ends, so two actions
/// on one board (or an action and the sweep) take turns on PostgreSQL as well (SQLite's write
/// transactions take turns already).
pub async fn live_board_locked(conn: &impl ConnectionTrait, at: BoardRef) -> AppResult<LiveBoard> {
    load_with(conn, at, true, None).await
}

/// [`live_board_locked`], its game taken from `kept` when it was kept with the row just read
/// under the lock.
pub async fn live_board_locked_kept(
    conn: &impl ConnectionTrait,
    at: BoardRef,
    kept: &LiveGames,
) -> AppResult<LiveBoard> {
    load_with(conn, at, true, Some(kept)).await
}

/// The game row of `game_id` as stored now, locked until the transaction ends (see
/// [`live_board_locked`]); none once it is gone.
pub async fn game_row_locked(conn: &impl ConnectionTrait, game_id: i32) -> AppResult<Option<game::Model>> {
    Ok(game::Entity::find_by_id(game_id).lock_exclusive().one(conn).await?)
}

async fn load_with(
    conn: &impl ConnectionTrait,
    at: BoardRef,
    lock: bool,
    kept: Option<&LiveGames>,
) -> AppResult<LiveBoard> {
    // A board as a move or a watcher finds it, in one query; a board that is not there (or
    // a round not published) is looked for step by step, for the answer that says which.
    let (event, round, game, black, white) = match board_rows(conn, at, lock).await? {
        Some(rows) => rows,
        None => board_rows_each(conn, at, lock).await?,
    };
    let setup = setup_of(&event, &round, &game)?;
    let live = match (&game.live_state, kept.and_then(|k| k.get(&game, &setup))) {
        (_, Some(live)) => live,
        (None, None) => LiveGame::new(setup).map_err(corrupt)?,
        (Some(text), None) => {
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

/// A board's event, round, game and players.
type BoardRows = (event::Model, round::Model, game::Model, player::Model, player::Model);

/// The board's rows in one query (none: no such board in a published round), the game's row
/// locked when `lock` (see [`live_board_locked`]). Every move reads them, and every watcher
/// who opens the board: one query where there were four (on PostgreSQL, four round trips
/// with the game's row locked).
async fn board_rows(conn: &impl ConnectionTrait, at: BoardRef, lock: bool) -> AppResult<Option<BoardRows>> {
    use sea_orm::sea_query::{Alias, Expr, ExprTrait, IntoIden, LockType, Query, SelectStatement};
    use sea_orm::{FromQueryResult, IdenStatic, Iterable};

    /// Every column of `E`'s row as `{table}{column}`, its table named `table` in the query.
    fn columns<E: EntityTrait>(query: &mut SelectStatement, table: &'static str) {
        for column in E::Column::iter() {
            query.expr_as(Expr::col((Alias::new(table), column)), Alias::new(format!("{table}{}", column.as_str())));
        }
    }
    /// Joins `E` as `table`, its `id` the `key` column of the row named `of`.
    fn join<E: EntityTrait>(query: &mut SelectStatement, table: &'static str, of: &'static str, key: impl IntoIden) {
        columns::<E>(query, table);
        let id = Expr::col((Alias::new(table), Alias::new("id")));
        query.join_as(JoinType::InnerJoin, E::default(), Alias::new(table), id.equals((Alias::new(of), key)));
    }
    let (e, r, g, b, w) = ("e_", "r_", "g_", "b_", "w_");
    let mut query = Query::select();
    columns::<game::Entity>(&mut query, g);
    query.from_as(game::Entity, Alias::new(g));
    join::<round::Entity>(&mut query, r, g, game::Column::RoundId);
    join::<event::Entity>(&mut query, e, r, round::Column::EventId);
    join::<player::Entity>(&mut query, b, g, game::Column::BlackId);
    join::<player::Entity>(&mut query, w, g, game::Column::WhiteId);
    query
        .and_where(Expr::col((Alias::new(r), round::Column::EventId)).eq(at.event_id))
        .and_where(Expr::col((Alias::new(r), round::Column::Number)).eq(at.round))
        .and_where(Expr::col((Alias::new(r), round::Column::Published)).eq(true))
        .and_where(Expr::col((Alias::new(g), game::Column::Board)).eq(at.board));
    if lock {
        // The game's row alone (SQLite, whose writes take turns, has no row locks).
        query.lock_with_tables(LockType::Update, [Alias::new(g)]);
    }
    let Some(row) = conn.query_one(&query).await? else { return Ok(None) };
    Ok(Some((
        event::Model::from_query_result(&row, e)?,
        round::Model::from_query_result(&row, r)?,
        game::Model::from_query_result(&row, g)?,
        player::Model::from_query_result(&row, b)?,
        player::Model::from_query_result(&row, w)?,
    )))
}

/// [`board_rows`] a query at a time, each step saying what it did not find (the game's row
/// locked when `lock`).
async fn board_rows_each(conn: &impl ConnectionTrait, at: BoardRef, lock: bool) -> AppResult<BoardRows> {
    let event = super::event(conn, at.event_id).await?;
    let round = super::published_round(conn, at.event_id, at.round).await?;
    let game = if lock {
        let locked = game::Entity::find()
            .filter(game::Column::RoundId.eq(round.id))
            .filter(game::Column::Board.eq(at.board))
            .lock_exclusive()
            .one(conn)
            .await?;
        match locked {
            Some(game) => game,
            None => super::board_of(conn, &round, at.board).await?,
        }
    } else {
        super::board_of(conn, &round, at.board).await?
    };
    // Both players in one query: a live move reads the board every time.
    let both =
        player::Entity::find().filter(player::Column::Id.is_in([game.black_id, game.white_id])).all(conn).await?;
    let player = |id: i32| both.iter().find(|p| p.id == id).cloned().ok_or(AppError::NotFound);
    let (black, white) = (player(game.black_id)?, player(game.white_id)?);
    Ok((event, round, game, black, white))
}

/// Who should hear of a dispute on `board`: its players (their accounts) and the referees.
pub async fn told_of(conn: &impl ConnectionTrait, board: &LiveBoard) -> AppResult<Vec<i32>> {
    let referees = [StaffRole::Referee, StaffRole::ChiefReferee];
    let mut told = super::staff_in(conn, board.event.id, &referees).await?;
    told.extend(board.black.user_id);
    told.extend(board.white.user_id);
    Ok(told)
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
    let roles = super::roles(conn, board.event.id, account).await?;
    Ok(if roles.director || roles.referee { Seat::Recorder } else { Seat::Spectator })
}

/// Refuses a reader who may not act on the board (neither one of its players nor the event's
/// staff) before what they sent is read, so a wrong seat is told 403 whatever the form holds.
pub async fn require_seat(conn: &impl ConnectionTrait, account: &user::Model, at: BoardRef) -> AppResult<()> {
    let board = live_board(conn, at).await?;
    if seat_of(conn, &board, Some(account)).await? == Seat::Spectator {
        return Err(AppError::Forbidden);
    }
    Ok(())
}

/// The event's broadcast delay, while it has one (issue 53).
pub fn broadcast_delay(event: &event::Model) -> Option<chrono::Duration> {
    (event.broadcast_delay_minutes > 0).then(|| chrono::Duration::minutes(i64::from(event.broadcast_delay_minutes)))
}

/// The delay that holds the board back from spectators now: the event's, while its game is
/// still being played (a result recorded by hand ends it as well).
pub fn delay_now(board: &LiveBoard) -> Option<chrono::Duration> {
    broadcast_delay(&board.event).filter(|_| board.game.result.is_none() && board.live.is_held_back())
}

/// Whether a broadcast delay holds the board back from spectators now.
pub fn is_held_back(board: &LiveBoard) -> bool {
    delay_now(board).is_some()
}

/// The board as spectators see it at `now`: under the event's broadcast delay, the game as it
/// stood `delay` ago (see `LiveGame::delayed`); else as it is.
pub fn as_spectators_see(mut board: LiveBoard, now: chrono::DateTime<chrono::Utc>) -> AppResult<LiveBoard> {
    if let Some(delay) = delay_now(&board)
        && let Some(seen) = board.live.delayed(now, delay).map_err(corrupt)?
    {
        board.live = seen;
    }
    Ok(board)
}

/// When spectators next see a move they do not see at `now` (None: they see the board as it
/// is).
pub fn spectators_see_more_at(
    board: &LiveBoard,
    now: chrono::DateTime<chrono::Utc>,
) -> Option<chrono::DateTime<chrono::Utc>> {
    board.live.delayed_until(now, delay_now(board)?)
}
