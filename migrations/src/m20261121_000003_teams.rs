//! Team events: each player's board in their team's registered order (分台定人制), and each
//! team's line-up for a round (who plays, when reserves come in).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Players {
    Table,
    Board,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Lineups {
    Table,
    Id,
    EventId,
    Round,
    Team,
    Players,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Players::Table).add_column(integer_null(Players::Board)).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Lineups::Table)
                    .col(pk_auto(Lineups::Id))
                    .col(integer(Lineups::EventId))
                    .col(integer(Lineups::Round))
                    .col(string(Lineups::Team))
                    .col(text(Lineups::Players))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Lineups::Table, Lineups::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("lineups_event_round_team")
                    .table(Lineups::Table)
                    .col(Lineups::EventId)
                    .col(Lineups::Round)
                    .col(Lineups::Team)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Lineups::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Players::Table).drop_column(Players::Board).to_owned()).await
    }
}
