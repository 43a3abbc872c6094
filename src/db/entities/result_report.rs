//! The `result_reports` table: the results the two players of a board reported themselves
//! (`GameResult` storage strings), where the reports stand, and the dispute a disagreement
//! opened. One row a board (shape only; domain::tournament::self_report decides).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "result_reports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    pub game_id: i32,
    pub black_result: Option<String>,
    pub black_at: Option<DateTimeUtc>,
    pub white_result: Option<String>,
    pub white_at: Option<DateTimeUtc>,
    /// "reported" (one side), "confirmed" (both agree: recorded), "disputed" (they differ: a
    /// dispute is open), "accepted" (a director took a one-sided report).
    pub status: String,
    pub dispute_id: Option<i32>,
    pub decided_by: Option<i32>,
    pub decided_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
