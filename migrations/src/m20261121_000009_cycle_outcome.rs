//! What a cycle (triple ko, eternal life …) comes to at this event (1988 Art. 20.3 leaves it to
//! the event): "draw", "replay" or "no-result".
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    CycleOutcome,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(string(Events::CycleOutcome).default("draw")).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::CycleOutcome).to_owned()).await
    }
}
