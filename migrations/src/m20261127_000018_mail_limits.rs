//! What the mail and sign-up limits count (issue 48): each mail sent, by kind and recipient and
//! by the network address whose request caused it, and each sign-up by address. In the
//! database, as the login limits are, so that every instance of a deployment counts them.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ThrottleEvents {
    Table,
    Id,
    Scope,
    Key,
    At,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ThrottleEvents::Table)
                    .col(pk_auto(ThrottleEvents::Id))
                    .col(string(ThrottleEvents::Scope))
                    .col(string(ThrottleEvents::Key))
                    .col(timestamp_with_time_zone(ThrottleEvents::At))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("throttle_events_by_key")
                    .table(ThrottleEvents::Table)
                    .col(ThrottleEvents::Scope)
                    .col(ThrottleEvents::Key)
                    .col(ThrottleEvents::At)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ThrottleEvents::Table).to_owned()).await?;
        Ok(())
    }
}
