//! What the app tells its users about the referee desk: a dispute filed or ruled on their
//! board (or at their event, for its referees), an appeal made or heard. Each notice is a row
//! the user sees at once in the app (the count in the menu, the list on /notifications), and a
//! mail sent after the commit. The row keeps the notice's facts, not its words, so it reads in
//! whichever language the user reads the app in; the mail carries both.
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::db::entities::{event, notification, user};
use crate::domain::message::Message;
use crate::error::AppResult;
use crate::services::repo::Notice;
use crate::state::AppState;

/// A notice as the list shows it.
pub struct Shown {
    /// What the notice says, or the stored text of a row this version cannot read.
    pub said: Result<Message, String>,
    pub link: String,
    /// When, in the time zone of the event the notice is about (UTC for one about none).
    pub at: String,
    pub unread: bool,
}

/// How many notices `user_id` has not read.
pub async fn unread(conn: &impl ConnectionTrait, user_id: i32) -> AppResult<u64> {
    Ok(notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::ReadAt.is_null())
        .count(conn)
        .await?)
}

/// The user's latest notices, newest first.
pub async fn latest(conn: &impl ConnectionTrait, user_id: i32) -> AppResult<Vec<Shown>> {
    let rows = notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .order_by_desc(notification::Column::Id)
        .limit(100)
        .all(conn)
        .await?;
    let mut event_ids: Vec<i32> = rows.iter().filter_map(|row| row.event_id).collect();
    event_ids.sort_unstable();
    event_ids.dedup();
    let zones: std::collections::HashMap<i32, String> = event::Entity::find()
        .filter(event::Column::Id.is_in(event_ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|e| (e.id, e.time_zone))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let zone = row.event_id.and_then(|id| zones.get(&id)).map_or("UTC", String::as_str);
            Shown {
                // A row this version cannot read shows as stored rather than vanish.
                said: serde_json::from_str::<Notice>(&row.message).map(|n| n.message()).map_err(|_| row.message),
                link: row.link,
                at: crate::domain::tournament::event::local_time(&row.created_at, zone),
                unread: row.read_at.is_none(),
            }
        })
        .collect())
}

/// Marks all of the user's notices read.
pub async fn mark_read(state: &AppState, account: &user::Model) -> AppResult<()> {
    notification::Entity::update_many()
        .col_expr(notification::Column::ReadAt, Expr::value(state.clock.now()))
        .filter(notification::Column::UserId.eq(account.id))
        .filter(notification::Column::ReadAt.is_null())
        .exec(&state.db)
        .await?;
    Ok(())
}
