//! Participation marks (domain::tournament::participation): written by the desk and players
//! (services::participation) and when a round is drafted (services::rounds).
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

use crate::db::entities::{presence, user};
use crate::domain::tournament::participation::{Mark, check_in_begun};
use crate::error::AppResult;
use crate::services::queries;

/// When round `number` is drafted after the desk began checking players in: the players still
/// unmarked are recorded absent, so the round they sat out is known later (standings, export).
/// Returns their ids.
pub async fn record_unchecked_absent(
    txn: &impl ConnectionTrait,
    now: chrono::DateTime<chrono::Utc>,
    actor: &user::Model,
    event_id: i32,
    number: i32,
) -> AppResult<Vec<i32>> {
    let marks = queries::round_marks(txn, event_id, number).await?;
    if !check_in_begun(marks.values()) {
        return Ok(Vec::new());
    }
    let mut absent = Vec::new();
    for p in queries::players(txn, event_id).await?.into_iter().filter(|p| !p.withdrawn) {
        if marks.contains_key(&p.id) {
            continue;
        }
        insert_mark(txn, now, actor, (event_id, p.id, number), Mark::Absent).await?;
        absent.push(p.id);
    }
    Ok(absent)
}

/// Stores `mark` for (event, player, round); the caller has cleared any mark before.
pub async fn insert_mark(
    txn: &impl ConnectionTrait,
    now: chrono::DateTime<chrono::Utc>,
    actor: &user::Model,
    (event_id, player_id, round): (i32, i32, i32),
    mark: Mark,
) -> AppResult<()> {
    presence::ActiveModel {
        event_id: Set(event_id),
        player_id: Set(player_id),
        round_number: Set(round),
        mark: Set(mark.code().to_string()),
        marked_by: Set(Some(actor.id)),
        marked_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}
