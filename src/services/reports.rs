//! Players' own results: the rows of the boards' reports (domain::tournament::self_report decides what a
//! report comes to; workflows::self_report records it, files the dispute of a disagreement
//! and writes the agreed result), and the director's switch and acceptance.
use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::db::entities::{event, game, result_report, user};
use crate::domain::color::Color;
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::domain::tournament::self_report::{Reports, Status};
use crate::error::{AppError, AppResult};
use crate::services::repo::results::write_result;
use crate::services::{audit, queries};
use crate::state::AppState;

/// A board's reports as the domain reads them.
pub fn reports_of(row: Option<&result_report::Model>) -> Reports {
    let Some(row) = row else { return Reports::default() };
    let parse = |text: &Option<String>| text.as_deref().and_then(|t| GameResult::parse(t).ok());
    Reports { black: parse(&row.black_result), white: parse(&row.white_result), status: Status::parse(&row.status) }
}

/// The reports of a game, if any.
pub async fn of_game(conn: &impl ConnectionTrait, game_id: i32) -> AppResult<Option<result_report::Model>> {
    Ok(result_report::Entity::find().filter(result_report::Column::GameId.eq(game_id)).one(conn).await?)
}

/// The event's reports by game id.
pub async fn of_event(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<HashMap<i32, result_report::Model>> {
    Ok(result_report::Entity::find()
        .filter(result_report::Column::EventId.eq(event_id))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| (r.game_id, r))
        .collect())
}

/// Writes `side`'s report on `g` (a new row for the board's first) with the status it leaves,
/// and its audit row, in the caller's transaction.
#[allow(clippy::too_many_arguments)]
pub async fn save(
    txn: &impl ConnectionTrait,
    existing: Option<result_report::Model>,
    event_id: i32,
    round: i32,
    g: &game::Model,
    side: Color,
    result: GameResult,
    status: Status,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<result_report::Model> {
    let is_new = existing.is_none();
    let mut row = match existing {
        Some(row) => row.into(),
        None => result_report::ActiveModel {
            event_id: Set(event_id),
            game_id: Set(g.id),
            black_result: Set(None),
            black_at: Set(None),
            white_result: Set(None),
            white_at: Set(None),
            dispute_id: Set(None),
            decided_by: Set(None),
            decided_at: Set(None),
            ..Default::default()
        },
    };
    let text = result.to_storage_string();
    match side {
        Color::Black => {
            row.black_result = Set(Some(text.clone()));
            row.black_at = Set(Some(now));
        }
        Color::White => {
            row.white_result = Set(Some(text.clone()));
            row.white_at = Set(Some(now));
        }
    }
    row.status = Set(status.code().to_string());
    let saved = if is_new { row.insert(txn).await? } else { row.update(txn).await? };
    audit::entry(now, Some(by), Some(event_id))
        .record(txn, "report.filed", json!({ "round": round, "board": g.board, "side": side.as_str(), "result": text }))
        .await?;
    Ok(saved)
}

/// Marks a board's reports settled (`status`), with the dispute a disagreement opened.
pub async fn settle(
    txn: &impl ConnectionTrait,
    row: result_report::Model,
    status: Status,
    dispute: Option<i32>,
    by: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<result_report::Model> {
    let mut active: result_report::ActiveModel = row.into();
    active.status = Set(status.code().to_string());
    active.dispute_id = Set(dispute);
    active.decided_by = Set(by);
    active.decided_at = Set(Some(now));
    Ok(active.update(txn).await?)
}

/// The director lets players report their results, or stops them.
pub async fn set_players_report(state: &AppState, actor: &user::Model, event_id: i32, on: bool) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut active: event::ActiveModel = queries::event(&txn, event_id).await?.into();
    active.players_report = Set(on);
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id)).commit(txn, "event.players_report", json!({ "on": on })).await?;
    Ok(())
}

/// A director takes the one report of board `board` of round `round` as its result.
pub async fn accept(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    round: i32,
    board: i32,
) -> AppResult<GameResult> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let r = queries::round(&txn, event_id, round).await?.filter(|r| r.published).ok_or(AppError::NotFound)?;
    // The board locked as a report locks it: an acceptance and a report at once are one
    // after the other.
    let g = queries::live_board_locked(&txn, queries::BoardRef { event_id, round, board }).await?.game;
    let row = of_game(&txn, g.id).await?;
    let result = crate::domain::tournament::self_report::one_sided(&reports_of(row.as_ref()))
        .ok_or_else(|| AppError::BadRequest(Message::new("error-report-none").number("board", board)))?;
    write_result(&txn, Some(actor.id), event_id, &r, &g, result, now, "report-accepted").await?;
    if let Some(row) = row {
        settle(&txn, row, Status::Accepted, None, Some(actor.id), now).await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "report.accepted", json!({ "round": round, "board": board }))
        .await?;
    Ok(result)
}
