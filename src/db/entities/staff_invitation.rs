//! The `staff_invitations` table: an event's role offered to an address without an account
//! (shape only; the rules live in services::events).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "staff_invitations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    /// The address invited, lower-cased.
    pub email: String,
    /// services::queries::StaffRole::code.
    pub role: String,
    /// SHA-256 of the link's token (the token itself is only in the mail).
    pub token_hash: String,
    pub invited_by: i32,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub accepted_at: Option<DateTimeUtc>,
    pub withdrawn_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
