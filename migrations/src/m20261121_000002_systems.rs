//! Pairing systems: each event's system settings and seeding, each board's pairing costs (the
//! "why paired" page) and handicap, a ruling on a board (knockout "both lose"), and players' teams.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    SystemSettings,
    Seeding,
}

#[derive(DeriveIden)]
enum Games {
    Table,
    Handicap,
    PairingCosts,
    Ruling,
}

#[derive(DeriveIden)]
enum Byes {
    Table,
    PairingCosts,
}

#[derive(DeriveIden)]
enum Players {
    Table,
    Team,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one column at a time.
        let additions: Vec<(DynIden, ColumnDef)> = vec![
            (Events::Table.into_iden(), text(Events::SystemSettings).default("{}").to_owned()),
            (Events::Table.into_iden(), text_null(Events::Seeding).to_owned()),
            (Games::Table.into_iden(), integer(Games::Handicap).default(0).to_owned()),
            (Games::Table.into_iden(), text_null(Games::PairingCosts).to_owned()),
            (Games::Table.into_iden(), string_null(Games::Ruling).to_owned()),
            (Byes::Table.into_iden(), text_null(Byes::PairingCosts).to_owned()),
            (Players::Table.into_iden(), string(Players::Team).default("").to_owned()),
        ];
        for (table, mut column) in additions {
            manager.alter_table(Table::alter().table(table).add_column(&mut column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let removals: Vec<(DynIden, DynIden)> = vec![
            (Events::Table.into_iden(), Events::SystemSettings.into_iden()),
            (Events::Table.into_iden(), Events::Seeding.into_iden()),
            (Games::Table.into_iden(), Games::Handicap.into_iden()),
            (Games::Table.into_iden(), Games::PairingCosts.into_iden()),
            (Games::Table.into_iden(), Games::Ruling.into_iden()),
            (Byes::Table.into_iden(), Byes::PairingCosts.into_iden()),
            (Players::Table.into_iden(), Players::Team.into_iden()),
        ];
        for (table, column) in removals {
            manager.alter_table(Table::alter().table(table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
