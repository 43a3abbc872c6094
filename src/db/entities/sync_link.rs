//! The `sync_links` table (shape only; rules live in services::sync): on a venue instance, an
//! event's link to its copy on the public instance, and how far the copy has been brought.
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sync_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub event_id: i32,
    /// The public copy's page, e.g. `https://go.example.org/events/12`.
    pub address: String,
    /// The public instance's sync token for that event (it must be sent, so it is kept).
    pub token: String,
    /// Whether players' e-mail addresses go to the public copy.
    pub share_addresses: bool,
    pub created_by: i32,
    pub created_at: DateTimeUtc,
    /// The last audit row the public copy has confirmed (0: none yet), and its hash.
    pub pushed_row_id: i32,
    pub pushed_head: String,
    /// The last stored move the public copy has confirmed.
    pub moves_through: i64,
    /// SHA-256 of the event's state last confirmed (a change without an audit row, a clock's
    /// state, is pushed too).
    pub state_hash: String,
    pub last_attempt_at: Option<DateTimeUtc>,
    pub last_success_at: Option<DateTimeUtc>,
    /// Why the last attempt failed (None: it did not).
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    pub last_pull_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
