//! The `sync_rows` table (shape only): on the public instance, the venue's audit rows of a
//! followed event as received, unchanged, so their chain can be walked here as there.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sync_rows")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The followed event here.
    pub event_id: i32,
    /// The row's id on the venue.
    pub seq: i32,
    pub at: DateTimeUtc,
    pub actor_id: Option<i32>,
    pub venue_event_id: Option<i32>,
    pub action: String,
    #[sea_orm(column_type = "Text")]
    pub detail: String,
    pub prev_hash: String,
    pub hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
