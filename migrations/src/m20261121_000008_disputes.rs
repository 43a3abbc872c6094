//! Disputes for the referee desk: what was claimed about which board, at which move, with a
//! snapshot of the position, who filed it (none: the engine) and when; later the ruling.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Games {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Disputes {
    Table,
    Id,
    EventId,
    GameId,
    Kind,
    MoveNumber,
    Position,
    FiledBy,
    Claim,
    FiledAt,
    Status,
    Ruling,
    RuledBy,
    RuledAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Disputes::Table)
                    .col(pk_auto(Disputes::Id))
                    .col(integer(Disputes::EventId))
                    .col(integer(Disputes::GameId))
                    .col(string(Disputes::Kind))
                    .col(integer(Disputes::MoveNumber))
                    .col(text(Disputes::Position))
                    .col(integer_null(Disputes::FiledBy))
                    .col(text(Disputes::Claim))
                    .col(timestamp_with_time_zone(Disputes::FiledAt))
                    .col(string(Disputes::Status))
                    .col(text_null(Disputes::Ruling))
                    .col(integer_null(Disputes::RuledBy))
                    .col(timestamp_with_time_zone_null(Disputes::RuledAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Disputes::Table, Disputes::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Disputes::Table, Disputes::GameId)
                            .to(Games::Table, Games::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("disputes_event_status")
                    .table(Disputes::Table)
                    .col(Disputes::EventId)
                    .col(Disputes::Status)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Disputes::Table).to_owned()).await
    }
}
