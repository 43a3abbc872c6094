//! Which row here stands for which row of another instance (issue 54), per event and kind:
//! written by the public copy as it takes a venue's push (services::sync) and by the venue as
//! it registers a player pulled from the public site (services::players), in their own
//! transactions.
use sea_orm::{
    ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set,
};

use crate::db::entities::sync_id;
use crate::error::AppResult;

/// The kinds of row `sync_ids` maps, on the public instance; and on the venue, the players
/// pulled from the public one.
pub const PLAYER: &str = "player";
pub const ROUND: &str = "round";
pub const GAME: &str = "game";
pub const PULLED: &str = "pulled";

/// The rows of `kind` mapped for the event: (the other instance's id, this one's).
pub async fn ids_of(conn: &impl ConnectionTrait, event_id: i32, kind: &str) -> AppResult<Vec<(i32, i32)>> {
    Ok(sync_id::Entity::find()
        .filter(sync_id::Column::EventId.eq(event_id))
        .filter(sync_id::Column::Kind.eq(kind))
        .select_only()
        .column(sync_id::Column::RemoteId)
        .column(sync_id::Column::LocalId)
        .into_tuple()
        .all(conn)
        .await?)
}

/// Notes that `local` here stands for `remote` there.
pub async fn map_id(conn: &impl ConnectionTrait, event_id: i32, kind: &str, remote: i32, local: i32) -> AppResult<()> {
    sync_id::ActiveModel {
        id: NotSet,
        event_id: Set(event_id),
        kind: Set(kind.to_string()),
        remote_id: Set(remote),
        local_id: Set(local),
    }
    .insert(conn)
    .await?;
    Ok(())
}
