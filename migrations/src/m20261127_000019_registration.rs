//! Registration as clubs and federations run it (issue 49): two players of one event may share
//! a name (the unique index becomes a plain one); an event may limit its places, close
//! registration at a deadline and ask an entry fee; a player may wait for a place, and the
//! desk marks when his fee was paid.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Players {
    Table,
    EventId,
    NameKey,
    WaitingSince,
    FeePaidAt,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    Places,
    RegistrationDeadline,
    EntryFeeMinor,
    FeeCurrency,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("players_event_name_unique").table(Players::Table).to_owned()).await?;
        manager
            .create_index(
                Index::create()
                    .name("players_event_name")
                    .table(Players::Table)
                    .col(Players::EventId)
                    .col(Players::NameKey)
                    .to_owned(),
            )
            .await?;
        // One column a statement: SQLite alters a table one column at a time.
        for column in [Players::WaitingSince, Players::FeePaidAt] {
            manager
                .alter_table(
                    Table::alter().table(Players::Table).add_column(timestamp_with_time_zone_null(column)).to_owned(),
                )
                .await?;
        }
        for column in [Events::Places, Events::EntryFeeMinor] {
            manager
                .alter_table(Table::alter().table(Events::Table).add_column(integer_null(column)).to_owned())
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Events::Table)
                    .add_column(timestamp_with_time_zone_null(Events::RegistrationDeadline))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(string(Events::FeeCurrency).default("")).to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Events::FeeCurrency, Events::RegistrationDeadline, Events::EntryFeeMinor, Events::Places] {
            manager.alter_table(Table::alter().table(Events::Table).drop_column(column).to_owned()).await?;
        }
        for column in [Players::FeePaidAt, Players::WaitingSince] {
            manager.alter_table(Table::alter().table(Players::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_index(Index::drop().name("players_event_name").table(Players::Table).to_owned()).await?;
        manager
            .create_index(
                Index::create()
                    .name("players_event_name_unique")
                    .table(Players::Table)
                    .col(Players::EventId)
                    .col(Players::NameKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}
