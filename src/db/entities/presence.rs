//! The `round_presence` table (shape only; rules live in domain::tournament::participation).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "round_presence")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    pub player_id: i32,
    pub round_number: i32,
    /// domain::tournament::participation::Mark::code.
    pub mark: String,
    pub marked_by: Option<i32>,
    pub marked_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
