//! Writes of rows that two use-case areas keep together, and nothing else: no rule is
//! checked here (the use case that calls has checked it). A team event's line-ups and a
//! relay's nominations are both rows of one team for one round.
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use crate::db::entities::lineup;
use crate::error::{AppError, AppResult};

/// Stores `team`'s players for `round` in place of any chosen before.
pub async fn replace_lineup(
    conn: &impl ConnectionTrait,
    event_id: i32,
    round: i32,
    team: &str,
    players: &[i64],
) -> AppResult<()> {
    lineup::Entity::delete_many()
        .filter(lineup::Column::EventId.eq(event_id))
        .filter(lineup::Column::Round.eq(round))
        .filter(lineup::Column::Team.eq(team))
        .exec(conn)
        .await?;
    let players_json = serde_json::to_string(players).map_err(|e| AppError::Internal(e.into()))?;
    lineup::ActiveModel {
        event_id: Set(event_id),
        round: Set(round),
        team: Set(team.to_string()),
        players: Set(players_json),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}
