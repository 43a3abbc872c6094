//! Write tokens for the API (issue 54): a director's token for one event and one purpose,
//! stored only as its SHA-256, withdrawn by a date, with its last use.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ApiTokens {
    Table,
    Id,
    EventId,
    Name,
    Purpose,
    TokenHash,
    CreatedBy,
    CreatedAt,
    LastUsedAt,
    RevokedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ApiTokens::Table)
                    .col(pk_auto(ApiTokens::Id))
                    .col(integer(ApiTokens::EventId))
                    .col(string(ApiTokens::Name))
                    .col(string(ApiTokens::Purpose))
                    .col(string(ApiTokens::TokenHash).unique_key())
                    .col(integer(ApiTokens::CreatedBy))
                    .col(timestamp_with_time_zone(ApiTokens::CreatedAt))
                    .col(timestamp_with_time_zone_null(ApiTokens::LastUsedAt))
                    .col(timestamp_with_time_zone_null(ApiTokens::RevokedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("api_tokens_by_event").table(ApiTokens::Table).col(ApiTokens::EventId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ApiTokens::Table).to_owned()).await
    }
}
