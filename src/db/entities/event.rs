//! The `events` table (shape only; rules live in the domain and services).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub venue: String,
    pub start_date: Date,
    pub end_date: Date,
    pub time_zone: String,
    pub rounds: i32,
    pub system: String,
    pub ruleset: String,
    pub komi_half_points: i32,
    /// Board size for games played live (9 to 19 … 25).
    pub board_size: i32,
    /// Minutes after a round's scheduled start past which an absent player loses; 0: none.
    pub late_limit_minutes: i32,
    /// Minutes spectators see a game in play behind the board; 0: none (issue 53).
    pub broadcast_delay_minutes: i32,
    /// What a cycle comes to (domain::referee::CycleOutcome): "draw", "replay" or "no-result".
    pub cycle_outcome: String,
    /// domain::referee::WarningPenalty::code ("" as the rules say).
    pub warning_penalty: String,
    pub time_control: String,
    /// The system's own settings as JSON (domain::tournament::event::SystemSettings).
    pub system_settings: String,
    /// Player ids in seed order, fixed when round 1 is drafted (round robin, knockout, best-of).
    pub seeding: Option<String>,
    /// A knockout stage's seeds (after a Swiss, McMahon, team Swiss or group round robin),
    /// fixed when its first round is drafted.
    pub stage_seeding: Option<String>,
    pub registration_open: bool,
    /// Whether players may check themselves in for the next round (the desk always may).
    pub check_in_open: bool,
    pub created_by: i32,
    pub created_at: DateTimeUtc,
    /// The most players registered at once; later ones wait for a place (None: no limit).
    pub places: Option<i32>,
    /// Players cannot register themselves after this moment (None: while registration is open).
    pub registration_deadline: Option<DateTimeUtc>,
    /// The entry fee in the currency's smallest unit (None: no fee).
    pub entry_fee_minor: Option<i32>,
    /// The fee's currency as the director writes it (CNY, EUR, 元 …).
    pub fee_currency: String,
    /// Players report their own boards' results (recorded when both agree).
    pub players_report: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
