//! The `sync_ids` table (shape only): which row here stands for which row of the other
//! instance, per event and kind ("player", "round", "game"; on the venue, "pulled" players).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sync_ids")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    pub kind: String,
    pub remote_id: i32,
    pub local_id: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
