//! Players' own results (issue 49): an event may let its players report their boards' results;
//! each board's reports (Black's, White's), where they stand, and the dispute a disagreement
//! opened. One row a board.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    PlayersReport,
}

#[derive(DeriveIden)]
enum ResultReports {
    Table,
    Id,
    EventId,
    GameId,
    BlackResult,
    BlackAt,
    WhiteResult,
    WhiteAt,
    Status,
    DisputeId,
    DecidedBy,
    DecidedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Events::Table)
                    .add_column(boolean(Events::PlayersReport).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ResultReports::Table)
                    .col(pk_auto(ResultReports::Id))
                    .col(integer(ResultReports::EventId))
                    .col(integer(ResultReports::GameId).unique_key())
                    .col(string_null(ResultReports::BlackResult))
                    .col(timestamp_with_time_zone_null(ResultReports::BlackAt))
                    .col(string_null(ResultReports::WhiteResult))
                    .col(timestamp_with_time_zone_null(ResultReports::WhiteAt))
                    .col(string(ResultReports::Status))
                    .col(integer_null(ResultReports::DisputeId))
                    .col(integer_null(ResultReports::DecidedBy))
                    .col(timestamp_with_time_zone_null(ResultReports::DecidedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("result_reports_by_event")
                    .table(ResultReports::Table)
                    .col(ResultReports::EventId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ResultReports::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::PlayersReport).to_owned()).await?;
        Ok(())
    }
}
