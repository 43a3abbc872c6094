//! The `users` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub email: String,
    pub display_name: String,
    pub password_hash: String,
    pub is_admin: bool,
    pub email_confirmed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    /// The language the account reads (`zh`, `en`, `ja`, `ko`), for mail sent without a
    /// request; none until the owner signs up or picks one after this was added.
    pub locale: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
