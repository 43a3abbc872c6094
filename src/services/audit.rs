//! The append-only audit log. There is deliberately no function to change or delete a row.
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::db::entities::audit;
use crate::error::AppResult;

pub async fn record(
    conn: &impl ConnectionTrait,
    at: DateTime<Utc>,
    actor: Option<i32>,
    event: Option<i32>,
    action: &str,
    detail: serde_json::Value,
) -> AppResult<()> {
    audit::ActiveModel {
        at: Set(at),
        actor_id: Set(actor),
        event_id: Set(event),
        action: Set(action.to_string()),
        detail: Set(detail.to_string()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

pub async fn for_event(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<audit::Model>> {
    Ok(audit::Entity::find()
        .filter(audit::Column::EventId.eq(event_id))
        .order_by_desc(audit::Column::Id)
        .all(conn)
        .await?)
}
