//! The `audit_log` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub at: DateTimeUtc,
    pub actor_id: Option<i32>,
    pub event_id: Option<i32>,
    pub action: String,
    #[sea_orm(column_type = "Text")]
    pub detail: String,
    /// The hash of the row before this one in the same event's chain ("" for the first).
    pub prev_hash: String,
    /// SHA-256 of `prev_hash` and this row's fields (see `domain::audit_chain`).
    pub hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
