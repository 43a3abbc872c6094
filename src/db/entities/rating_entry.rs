//! The `rating_entries` table: one player of a rating list (shape only).
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rating_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub list_id: i32,
    /// The PIN, AGA number or id the list gives; unique in the list.
    pub key: String,
    pub name: String,
    /// As `Rank`'s Display writes it ("5d", "12k", "3p"); empty when the list gives none.
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub search_text: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
