//! The `byes` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "byes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub round_id: i32,
    pub player_id: i32,
    pub pairing_costs: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
