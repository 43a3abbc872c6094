//! The referee desk, second part: whom a dispute is about (the offender, when known), one
//! appeal to the chief referee with its decision, the game as it was before the ruling (so an
//! appeal that overturns it starts from there), the event's warning penalty, and the
//! notifications the app shows its users.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
    WarningPenalty,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Disputes {
    Table,
    Offender,
    AppealClaim,
    AppealedBy,
    AppealedAt,
    AppealDecision,
    AppealRuledBy,
    AppealRuledAt,
    BeforeRuling,
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    Id,
    UserId,
    EventId,
    Message,
    Link,
    CreatedAt,
    ReadAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table a column at a time.
        let columns = [
            string_null(Disputes::Offender),
            text_null(Disputes::AppealClaim),
            integer_null(Disputes::AppealedBy),
            timestamp_with_time_zone_null(Disputes::AppealedAt),
            text_null(Disputes::AppealDecision),
            integer_null(Disputes::AppealRuledBy),
            timestamp_with_time_zone_null(Disputes::AppealRuledAt),
            text_null(Disputes::BeforeRuling),
        ];
        for mut column in columns {
            manager.alter_table(Table::alter().table(Disputes::Table).add_column(&mut column).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter().table(Events::Table).add_column(string(Events::WarningPenalty).default("")).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Notifications::Table)
                    .col(pk_auto(Notifications::Id))
                    .col(integer(Notifications::UserId))
                    .col(integer_null(Notifications::EventId))
                    .col(text(Notifications::Message))
                    .col(string(Notifications::Link))
                    .col(timestamp_with_time_zone(Notifications::CreatedAt))
                    .col(timestamp_with_time_zone_null(Notifications::ReadAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Notifications::Table, Notifications::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Notifications::Table, Notifications::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("notifications_user_read")
                    .table(Notifications::Table)
                    .col(Notifications::UserId)
                    .col(Notifications::ReadAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Notifications::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Events::Table).drop_column(Events::WarningPenalty).to_owned()).await?;
        for column in [
            Disputes::Offender,
            Disputes::AppealClaim,
            Disputes::AppealedBy,
            Disputes::AppealedAt,
            Disputes::AppealDecision,
            Disputes::AppealRuledBy,
            Disputes::AppealRuledAt,
            Disputes::BeforeRuling,
        ] {
            manager.alter_table(Table::alter().table(Disputes::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
