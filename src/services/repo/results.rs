//! A board's result and the games of a round, written in one place: by hand, by a game played
//! live, by a referee's ruling or a correction, each with its audit row, in the caller's
//! transaction; a knockout's bracket follows every change of a result.
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::db::entities::{event, game, round};
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::System;
use crate::domain::tournament::pairing::{Board, BoardCost};
use crate::error::{AppError, AppResult};
use crate::services::{audit, queries};

/// A pairing's player id as the database stores it.
pub fn to_id(id: i64) -> AppResult<i32> {
    i32::try_from(id).map_err(|_| AppError::Internal(anyhow::anyhow!("player id {id} out of range")))
}

/// Stores a drafted board of round `round_id` (`cost`: why the pairing chose it).
pub async fn insert_game(
    conn: &impl ConnectionTrait,
    round_id: i32,
    board_number: i32,
    board: &Board,
    cost: Option<&BoardCost>,
) -> AppResult<game::Model> {
    Ok(game::ActiveModel {
        round_id: Set(round_id),
        board: Set(board_number),
        black_id: Set(to_id(board.black)?),
        white_id: Set(to_id(board.white)?),
        result: Set(None),
        recorded_at: Set(None),
        handicap: Set(i32::from(board.handicap)),
        pairing_costs: Set(cost.and_then(|c| serde_json::to_string(c).ok())),
        ruling: Set(None),
        ..Default::default()
    }
    .insert(conn)
    .await?)
}

/// Knockout only: makes the boards of `round` agree with the bracket after a result or ruling
/// changed it: a replay (draw, void game, ruling) becomes a new board; a board no longer
/// needed (its match was decided by a correction) is removed while it has no result. A change
/// the bracket cannot take is refused, so the caller's transaction rolls back.
pub async fn sync_knockout_round(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    round: &round::Model,
) -> AppResult<()> {
    let (system, settings) = queries::system_of(event)?;
    if queries::knockout_start(event, system, &settings).is_none_or(|start| (round.number as u32) < start) {
        return Ok(());
    }
    let rounds = queries::rounds(conn, event.id).await?;
    if rounds.last().map(|r| r.id) != Some(round.id) {
        return Err(AppError::refused("error-knockout-later-rounds"));
    }
    let past = queries::history(conn, &rounds).await?;
    let everyone = queries::pairing_players(conn, event.id).await?;
    let Some(knockout) = queries::knockout_of(event, system, &settings, &everyone, &past) else { return Ok(()) };
    let knockout = knockout
        .map_err(|e| AppError::BadRequest(Message::new("error-knockout-conflict").nested("detail", e.message())))?;
    if system == System::Team {
        // A knockout team match is never replayed: its boards stay as drafted.
        return Ok(());
    }
    let wanted = knockout.current_round().games_to_play();
    let existing = queries::games_of(conn, round.id).await?;
    for g in existing.iter().filter(|g| g.result.is_none()) {
        let board = Board { black: i64::from(g.black_id), white: i64::from(g.white_id), handicap: 0 };
        if !wanted.contains(&board) {
            game::Entity::delete_by_id(g.id).exec(conn).await?;
        }
    }
    let mut next_board = existing.iter().map(|g| g.board).max().unwrap_or(0) + 1;
    for board in wanted {
        let stored = existing.iter().any(|g| {
            g.result.is_none() && i64::from(g.black_id) == board.black && i64::from(g.white_id) == board.white
        });
        if !stored {
            insert_game(conn, round.id, next_board, &board, None).await?;
            next_board += 1;
        }
    }
    Ok(())
}

/// Writes `result` on board `g` of round `r` while it has none, with its audit row (`source`:
/// "entered" by hand, "live" from a game played through Yunzi), in the caller's transaction;
/// a knockout's bracket follows.
#[allow(clippy::too_many_arguments)]
pub async fn write_result(
    txn: &impl ConnectionTrait,
    actor: Option<i32>,
    event_id: i32,
    r: &round::Model,
    g: &game::Model,
    result: GameResult,
    now: chrono::DateTime<chrono::Utc>,
    source: &str,
) -> AppResult<()> {
    let board = g.board;
    let number = r.number;
    if let Some(existing) = &g.result {
        return Err(AppError::BadRequest(
            Message::new("error-result-exists").number("board", board).text("result", existing),
        ));
    }
    let text = result.to_storage_string();
    // Conditional on "still empty", so two people entering the same board at once cannot
    // both succeed: the second finds nothing to update and is told the board has a result.
    let written = game::Entity::update_many()
        .col_expr(game::Column::Result, Expr::value(text.clone()))
        .col_expr(game::Column::RecordedAt, Expr::value(now))
        .filter(game::Column::Id.eq(g.id))
        .filter(game::Column::Result.is_null())
        .exec(txn)
        .await?;
    if written.rows_affected != 1 {
        let current = queries::board_of(txn, r, board).await?.result.unwrap_or_default();
        return Err(AppError::BadRequest(
            Message::new("error-result-exists").number("board", board).text("result", &current),
        ));
    }
    audit::entry(now, actor, Some(event_id))
        .record(txn, "result.recorded", json!({ "round": number, "board": board, "result": text, "source": source }))
        .await?;
    sync_knockout_round(txn, &queries::event(txn, event_id).await?, r).await?;
    Ok(())
}

/// Replaces board `g`'s result with `result` (None: the game is played on, by a referee's
/// ruling), in the caller's transaction, audited with `reason`; a knockout's bracket follows.
#[allow(clippy::too_many_arguments)]
pub async fn overwrite_result(
    txn: &impl ConnectionTrait,
    actor: Option<i32>,
    event_id: i32,
    r: &round::Model,
    g: &game::Model,
    result: Option<GameResult>,
    now: chrono::DateTime<chrono::Utc>,
    reason: &str,
) -> AppResult<()> {
    let (number, board) = (r.number, g.board);
    let before = g.result.clone();
    let text = result.map(|r| r.to_storage_string());
    // Only if the result is still the one read above, so two corrections at once cannot
    // silently overwrite each other (and the audit row's "before" is true).
    let unchanged = match &before {
        Some(previous) => game::Column::Result.eq(previous.clone()),
        None => game::Column::Result.is_null(),
    };
    let written = game::Entity::update_many()
        .col_expr(game::Column::Result, Expr::value(text.clone()))
        .col_expr(game::Column::RecordedAt, Expr::value(result.map(|_| now)))
        .filter(game::Column::Id.eq(g.id))
        .filter(unchanged)
        .exec(txn)
        .await?;
    if written.rows_affected != 1 {
        return Err(AppError::Conflict(Some(Message::new("error-result-changed").number("board", board))));
    }
    audit::entry(now, actor, Some(event_id))
        .record(
            txn,
            "result.corrected",
            json!({ "round": number, "board": board, "before": before, "result": text, "reason": reason }),
        )
        .await?;
    sync_knockout_round(txn, &queries::event(txn, event_id).await?, r).await?;
    Ok(())
}
