//! The referee's reasons for a ruling, shown to both players with the ruling and kept in its
//! audit row (1988 Art. 16.4: a player who objects must know what was decided and why).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Disputes {
    Table,
    RulingReasons,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Disputes::Table).add_column(text_null(Disputes::RulingReasons)).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Disputes::Table).drop_column(Disputes::RulingReasons).to_owned()).await
    }
}
