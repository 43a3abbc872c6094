//! The `rating_lists` table (shape only; reading a list is domain::tournament::rating_list).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rating_lists")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// "egf", "aga" or "csv".
    pub kind: String,
    /// The name the list is known by on the site ("EGF", "中国等级分"); a re-import names it.
    pub label: String,
    pub entries: i32,
    pub imported_by: i32,
    pub imported_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
