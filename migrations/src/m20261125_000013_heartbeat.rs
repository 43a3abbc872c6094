//! The server's heartbeat in the database rather than in one instance's data folder: with two
//! instances on one PostgreSQL database, the time the whole deployment was down (charged to
//! nobody's clock at the next start) is known only to the database they share.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Heartbeats {
    Table,
    Id,
    BeatAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Heartbeats::Table)
                    // One row (id 1), written by the instance that runs the sweep.
                    .col(integer(Heartbeats::Id).primary_key())
                    .col(timestamp_with_time_zone(Heartbeats::BeatAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Heartbeats::Table).to_owned()).await
    }
}
