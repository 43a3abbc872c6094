//! Participation marks written when a round is drafted (domain::participation).
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};

use crate::db::entities::{presence, user};
use crate::domain::participation::{Mark, check_in_begun};
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
        presence::ActiveModel {
            event_id: Set(event_id),
            player_id: Set(p.id),
            round_number: Set(number),
            mark: Set(Mark::Absent.code().to_string()),
            marked_by: Set(Some(actor.id)),
            marked_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        absent.push(p.id);
    }
    Ok(absent)
}
