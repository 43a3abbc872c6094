//! The `login_failures` table: failed (and still running) login attempts, per account and per
//! network address, in the database so that every instance of a deployment counts them.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_failures")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// "account" or "address".
    pub scope: String,
    pub key: String,
    pub at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
