//! Site-wide rating lists (the EGD's, the AGA's, a national list) that registration searches,
//! each replaced whole by a re-import; and a player's EGD PIN, kept for the EGF and OpenGotha.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum RatingLists {
    Table,
    Id,
    Kind,
    Label,
    Entries,
    ImportedBy,
    ImportedAt,
}

#[derive(DeriveIden)]
enum RatingEntries {
    Table,
    Id,
    ListId,
    Key,
    Name,
    Rank,
    Rating,
    Club,
    Country,
    SearchText,
}

#[derive(DeriveIden)]
enum Players {
    Table,
    EgfPin,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RatingLists::Table)
                    .col(pk_auto(RatingLists::Id))
                    // domain::rating_list::ListKind: "egf", "aga" or "csv".
                    .col(string(RatingLists::Kind))
                    .col(string_uniq(RatingLists::Label))
                    .col(integer(RatingLists::Entries))
                    .col(integer(RatingLists::ImportedBy))
                    .col(timestamp_with_time_zone(RatingLists::ImportedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RatingEntries::Table)
                    .col(pk_auto(RatingEntries::Id))
                    .col(integer(RatingEntries::ListId))
                    .col(string(RatingEntries::Key))
                    .col(string(RatingEntries::Name))
                    .col(string(RatingEntries::Rank))
                    .col(integer_null(RatingEntries::Rating))
                    .col(string(RatingEntries::Club))
                    .col(string(RatingEntries::Country))
                    // domain::rating_list::search_text: what a query's words are looked for in.
                    .col(text(RatingEntries::SearchText))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("rating_entries_by_list")
                    .table(RatingEntries::Table)
                    .col(RatingEntries::ListId)
                    .col(RatingEntries::Key)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table(Players::Table).add_column(string_null(Players::EgfPin)).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Players::Table).drop_column(Players::EgfPin).to_owned()).await?;
        manager.drop_table(Table::drop().table(RatingEntries::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(RatingLists::Table).to_owned()).await
    }
}
