//! The `sync_copies` table (shape only; rules live in services::sync): on the public instance,
//! an event that follows a venue instance's, and what it has received.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sync_copies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub event_id: i32,
    /// The event's id on the venue instance (its audit rows carry it).
    pub venue_event_id: i32,
    pub rows_received: i32,
    /// The hash of the venue's last audit row received ("" none).
    pub head: String,
    pub first_received_at: DateTimeUtc,
    pub last_received_at: DateTimeUtc,
    pub refusals: i32,
    /// The last push refused, and why (shown to the director).
    #[sea_orm(column_type = "Text", nullable)]
    pub last_refusal: Option<String>,
    pub last_refusal_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
