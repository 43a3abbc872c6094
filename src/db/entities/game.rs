//! The `games` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "games")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub round_id: i32,
    pub board: i32,
    pub black_id: i32,
    pub white_id: i32,
    /// The result in SGF RE form (see domain::result::GameResult), or none yet.
    pub result: Option<String>,
    pub recorded_at: Option<DateTimeUtc>,
    pub handicap: i32,
    /// What each pairing criterion cost on this board, as JSON (domain::tournament::pairing::PairCost).
    pub pairing_costs: Option<String>,
    /// A director's ruling on this game (knockout "both lose": "replay" or "advance:<player id>").
    pub ruling: Option<String>,
    /// A game played live: its state as JSON (domain::live::LiveState), or none.
    pub live_state: Option<String>,
    /// When the running clock flags if nobody moves, for the sweep that ends games on time.
    pub flag_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
