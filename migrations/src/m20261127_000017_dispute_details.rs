//! What a ruling and a dead-stone dispute say besides their kind: the referee's reasons for a
//! ruling, shown to both players and kept in its audit row, and the groups a player who
//! refused the marks contests (held alive or dead), shown first on the dispute's page.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Disputes {
    Table,
    RulingReasons,
    Contested,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column a statement: SQLite alters a table one column at a time.
        for column in [Disputes::RulingReasons, Disputes::Contested] {
            manager.alter_table(Table::alter().table(Disputes::Table).add_column(text_null(column)).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Disputes::Contested, Disputes::RulingReasons] {
            manager.alter_table(Table::alter().table(Disputes::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
