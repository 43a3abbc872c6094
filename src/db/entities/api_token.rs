//! The `api_tokens` table (shape only; rules live in services::api_tokens).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    /// What the director called it ("the venue's tablets").
    pub name: String,
    /// services::api_tokens::Purpose::code.
    pub purpose: String,
    /// SHA-256 of the token; the token itself is shown once and never stored.
    #[sea_orm(unique)]
    pub token_hash: String,
    pub created_by: i32,
    pub created_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
