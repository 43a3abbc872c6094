//! The `players` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "players")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    pub name: String,
    /// The name folded for duplicate detection (see domain::tournament::player::name_key).
    pub name_key: String,
    pub rank: String,
    pub rank_value: i32,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub team: String,
    /// Board in the team's registered order (1 first); None: ordered after, by strength.
    pub board: Option<i32>,
    /// AGA membership number (digits), for the AGA results file.
    pub aga_id: Option<String>,
    /// EGD PIN (digits), from the EGF rating list or an OpenGotha file.
    pub egf_pin: Option<String>,
    pub email: Option<String>,
    pub user_id: Option<i32>,
    pub withdrawn: bool,
    pub created_at: DateTimeUtc,
    /// On the event's waiting list since then (None: the player has a place).
    pub waiting_since: Option<DateTimeUtc>,
    /// When the desk marked the entry fee paid (None: owed, if the event asks one).
    pub fee_paid_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
