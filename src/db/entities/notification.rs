//! The `notifications` table: what the app tells one user (shape only; see
//! services::notifications).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: i32,
    pub event_id: Option<i32>,
    /// services::notifications::Notice as JSON, rendered in the reader's language.
    pub message: String,
    /// Where the notice leads (a path in the app).
    pub link: String,
    pub created_at: DateTimeUtc,
    pub read_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
