//! Participation per round: who plays each round of a Swiss or McMahon event (checked in at
//! the venue desk, marked absent, or asked in advance to skip it), and whether players may
//! check themselves in.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RoundPresence {
    Table,
    Id,
    EventId,
    PlayerId,
    RoundNumber,
    Mark,
    MarkedBy,
    MarkedAt,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    CheckInOpen,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RoundPresence::Table)
                    .col(pk_auto(RoundPresence::Id))
                    .col(integer(RoundPresence::EventId))
                    .col(integer(RoundPresence::PlayerId))
                    .col(integer(RoundPresence::RoundNumber))
                    // domain::participation::Mark::code: "present", "absent" or "skip".
                    .col(string(RoundPresence::Mark))
                    .col(integer_null(RoundPresence::MarkedBy))
                    .col(timestamp_with_time_zone(RoundPresence::MarkedAt))
                    .to_owned(),
            )
            .await?;
        // One mark a player a round: a second tap replaces the first.
        manager
            .create_index(
                Index::create()
                    .name("round_presence_one_mark")
                    .table(RoundPresence::Table)
                    .col(RoundPresence::EventId)
                    .col(RoundPresence::RoundNumber)
                    .col(RoundPresence::PlayerId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(boolean(Events::CheckInOpen).default(false)).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::CheckInOpen).to_owned()).await?;
        manager.drop_table(Table::drop().table(RoundPresence::Table).to_owned()).await
    }
}
