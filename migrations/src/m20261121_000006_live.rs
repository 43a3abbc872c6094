//! Live games: the event's board size, a round's scheduled start, each game's live state and
//! the instant its running clock flags, and the moves as the server received them.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    BoardSize,
}

#[derive(DeriveIden)]
enum Rounds {
    Table,
    StartsAt,
}

#[derive(DeriveIden)]
enum Games {
    Table,
    Id,
    LiveState,
    FlagAt,
}

#[derive(DeriveIden)]
enum GameMoves {
    Table,
    Id,
    GameId,
    Number,
    Colour,
    X,
    Y,
    SpentMs,
    At,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(integer(Events::BoardSize).default(19)).to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Rounds::Table)
                    .add_column(timestamp_with_time_zone_null(Rounds::StartsAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table(Games::Table).add_column(text_null(Games::LiveState)).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table(Games::Table).add_column(timestamp_with_time_zone_null(Games::FlagAt)).to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("games_flag_at").table(Games::Table).col(Games::FlagAt).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(GameMoves::Table)
                    .col(pk_auto(GameMoves::Id))
                    .col(integer(GameMoves::GameId))
                    .col(integer(GameMoves::Number))
                    .col(string(GameMoves::Colour))
                    .col(integer_null(GameMoves::X))
                    .col(integer_null(GameMoves::Y))
                    .col(big_integer(GameMoves::SpentMs))
                    .col(timestamp_with_time_zone(GameMoves::At))
                    .foreign_key(
                        ForeignKey::create()
                            .from(GameMoves::Table, GameMoves::GameId)
                            .to(Games::Table, Games::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("game_moves_game_number")
                    .table(GameMoves::Table)
                    .col(GameMoves::GameId)
                    .col(GameMoves::Number)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(GameMoves::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name("games_flag_at").table(Games::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Games::Table).drop_column(Games::FlagAt).to_owned()).await?;
        manager.alter_table(Table::alter().table(Games::Table).drop_column(Games::LiveState).to_owned()).await?;
        manager.alter_table(Table::alter().table(Rounds::Table).drop_column(Rounds::StartsAt).to_owned()).await?;
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::BoardSize).to_owned()).await
    }
}
