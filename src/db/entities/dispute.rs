//! The `disputes` table: what the referee desk is asked to decide (shape only; the kinds,
//! articles and rulings live in domain::referee).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "disputes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub event_id: i32,
    pub game_id: i32,
    /// domain::referee::DisputeKind::code.
    pub kind: String,
    /// Moves played when it was filed.
    pub move_number: i32,
    /// The game record (SGF) at filing.
    pub position: String,
    /// Who filed it; none: the engine.
    pub filed_by: Option<i32>,
    pub claim: String,
    pub filed_at: DateTimeUtc,
    /// "open" or "ruled".
    pub status: String,
    /// The ruling as JSON (domain::referee::Ruling).
    pub ruling: Option<String>,
    pub ruled_by: Option<i32>,
    pub ruled_at: Option<DateTimeUtc>,
    /// The referee's reasons for the ruling, as written (shown to both players).
    pub ruling_reasons: Option<String>,
    /// The side the dispute is about ("black"/"white"), when known: whoever made the held
    /// move, lost on time, or is the opponent of the player who filed it.
    pub offender: Option<String>,
    /// One appeal to the chief referee (Art. 16.4): the claim, who and when.
    pub appeal_claim: Option<String>,
    pub appealed_by: Option<i32>,
    pub appealed_at: Option<DateTimeUtc>,
    /// The chief referee's decision as JSON (services::disputes::AppealDecision).
    pub appeal_decision: Option<String>,
    pub appeal_ruled_by: Option<i32>,
    pub appeal_ruled_at: Option<DateTimeUtc>,
    /// Dead stones: what the player who refused the marks contests, as JSON
    /// (domain::live::Contested).
    pub contested: Option<String>,
    /// The game before the ruling as JSON (domain::live::BeforeRuling).
    pub before_ruling: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
