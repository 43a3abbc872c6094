//! The event's lateness limit (Art. 23): minutes after a round's scheduled start past which an
//! absent player loses; 0 for none.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    LateLimitMinutes,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(integer(Events::LateLimitMinutes).default(0)).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::LateLimitMinutes).to_owned()).await
    }
}
