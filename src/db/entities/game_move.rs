//! The `game_moves` table: the moves of a live game as the server received them (append-only).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "game_moves")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub game_id: i32,
    /// 1 for the first move.
    pub number: i32,
    /// "black" or "white".
    pub colour: String,
    /// The point from the top left, 0-based; none for a pass.
    pub x: Option<i32>,
    pub y: Option<i32>,
    /// Milliseconds charged to the mover.
    pub spent_ms: i64,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
