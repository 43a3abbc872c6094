//! The `throttle_events` table: what the mail and sign-up limits count (a mail sent, by kind
//! and recipient and by the address that caused it; a sign-up, by address), in the database so
//! that every instance of a deployment counts them.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "throttle_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// What is counted: "mail:<kind>" (key: the recipient), "mail-source" or "sign-up" (key:
    /// the network address).
    pub scope: String,
    pub key: String,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
