//! Each account's language (`zh`, `en`, `ja`, `ko`), so that mail sent without a request —
//! pairings, notices, invitations — is written in the language its reader chose on the pages.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Locale,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).add_column(string_null(Users::Locale)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::Locale).to_owned()).await
    }
}
