//! Accounts, events, staff, players, rounds, games, byes and the audit log.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    DisplayName,
    PasswordHash,
    IsAdmin,
    EmailConfirmedAt,
    SessionEpoch,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AuthTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
    Name,
    Venue,
    StartDate,
    EndDate,
    TimeZone,
    Rounds,
    System,
    Ruleset,
    KomiHalfPoints,
    TimeControl,
    RegistrationOpen,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum EventStaff {
    Table,
    Id,
    EventId,
    UserId,
    Role,
}

#[derive(DeriveIden)]
enum Players {
    Table,
    Id,
    EventId,
    Name,
    NameKey,
    Rank,
    RankValue,
    Rating,
    Club,
    Country,
    Email,
    UserId,
    Withdrawn,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Rounds {
    Table,
    Id,
    EventId,
    Number,
    Published,
    PublishedAt,
}

#[derive(DeriveIden)]
enum Games {
    Table,
    Id,
    RoundId,
    Board,
    BlackId,
    WhiteId,
    Result,
    RecordedAt,
}

#[derive(DeriveIden)]
enum Byes {
    Table,
    Id,
    RoundId,
    PlayerId,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    At,
    ActorId,
    EventId,
    Action,
    Detail,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(pk_auto(Users::Id))
                    .col(string_uniq(Users::Email))
                    .col(string(Users::DisplayName))
                    .col(string(Users::PasswordHash))
                    .col(boolean(Users::IsAdmin).default(false))
                    .col(timestamp_with_time_zone_null(Users::EmailConfirmedAt))
                    .col(integer(Users::SessionEpoch).default(0))
                    .col(timestamp_with_time_zone(Users::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuthTokens::Table)
                    .col(pk_auto(AuthTokens::Id))
                    .col(integer(AuthTokens::UserId))
                    .col(string(AuthTokens::Purpose))
                    .col(string_uniq(AuthTokens::TokenHash))
                    .col(timestamp_with_time_zone(AuthTokens::ExpiresAt))
                    .col(timestamp_with_time_zone_null(AuthTokens::UsedAt))
                    .col(timestamp_with_time_zone(AuthTokens::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(AuthTokens::Table, AuthTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Events::Table)
                    .col(pk_auto(Events::Id))
                    .col(string(Events::Name))
                    .col(string(Events::Venue))
                    .col(date(Events::StartDate))
                    .col(date(Events::EndDate))
                    .col(string(Events::TimeZone))
                    .col(integer(Events::Rounds))
                    .col(string(Events::System))
                    .col(string(Events::Ruleset))
                    .col(integer(Events::KomiHalfPoints))
                    .col(string(Events::TimeControl))
                    .col(boolean(Events::RegistrationOpen).default(true))
                    .col(integer(Events::CreatedBy))
                    .col(timestamp_with_time_zone(Events::CreatedAt))
                    .foreign_key(
                        ForeignKey::create().from(Events::Table, Events::CreatedBy).to(Users::Table, Users::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(EventStaff::Table)
                    .col(pk_auto(EventStaff::Id))
                    .col(integer(EventStaff::EventId))
                    .col(integer(EventStaff::UserId))
                    .col(string(EventStaff::Role))
                    .foreign_key(
                        ForeignKey::create()
                            .from(EventStaff::Table, EventStaff::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(EventStaff::Table, EventStaff::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("event_staff_unique")
                    .table(EventStaff::Table)
                    .col(EventStaff::EventId)
                    .col(EventStaff::UserId)
                    .col(EventStaff::Role)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Players::Table)
                    .col(pk_auto(Players::Id))
                    .col(integer(Players::EventId))
                    .col(string(Players::Name))
                    .col(string(Players::NameKey))
                    .col(string(Players::Rank))
                    .col(integer(Players::RankValue))
                    .col(integer_null(Players::Rating))
                    .col(string(Players::Club))
                    .col(string(Players::Country))
                    .col(string_null(Players::Email))
                    .col(integer_null(Players::UserId))
                    .col(boolean(Players::Withdrawn).default(false))
                    .col(timestamp_with_time_zone(Players::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Players::Table, Players::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Players::Table, Players::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // The database, not only the service, refuses a second player of the same name in an event.
        manager
            .create_index(
                Index::create()
                    .name("players_event_name_unique")
                    .table(Players::Table)
                    .col(Players::EventId)
                    .col(Players::NameKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Rounds::Table)
                    .col(pk_auto(Rounds::Id))
                    .col(integer(Rounds::EventId))
                    .col(integer(Rounds::Number))
                    .col(boolean(Rounds::Published).default(false))
                    .col(timestamp_with_time_zone_null(Rounds::PublishedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Rounds::Table, Rounds::EventId)
                            .to(Events::Table, Events::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("rounds_event_number_unique")
                    .table(Rounds::Table)
                    .col(Rounds::EventId)
                    .col(Rounds::Number)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Games::Table)
                    .col(pk_auto(Games::Id))
                    .col(integer(Games::RoundId))
                    .col(integer(Games::Board))
                    .col(integer(Games::BlackId))
                    .col(integer(Games::WhiteId))
                    .col(string_null(Games::Result))
                    .col(timestamp_with_time_zone_null(Games::RecordedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Games::Table, Games::RoundId)
                            .to(Rounds::Table, Rounds::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create().from(Games::Table, Games::BlackId).to(Players::Table, Players::Id),
                    )
                    .foreign_key(
                        ForeignKey::create().from(Games::Table, Games::WhiteId).to(Players::Table, Players::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("games_round_board_unique")
                    .table(Games::Table)
                    .col(Games::RoundId)
                    .col(Games::Board)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Byes::Table)
                    .col(pk_auto(Byes::Id))
                    .col(integer(Byes::RoundId))
                    .col(integer(Byes::PlayerId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Byes::Table, Byes::RoundId)
                            .to(Rounds::Table, Rounds::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(ForeignKey::create().from(Byes::Table, Byes::PlayerId).to(Players::Table, Players::Id))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .col(pk_auto(AuditLog::Id))
                    .col(timestamp_with_time_zone(AuditLog::At))
                    .col(integer_null(AuditLog::ActorId))
                    .col(integer_null(AuditLog::EventId))
                    .col(string(AuditLog::Action))
                    .col(text(AuditLog::Detail))
                    .to_owned(),
            )
            .await?;
        // Append-only in the database itself, not just by convention in the code.
        let db = manager.get_connection();
        match manager.get_database_backend() {
            sea_orm::DatabaseBackend::Sqlite => {
                for operation in ["UPDATE", "DELETE"] {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER audit_log_no_{op} BEFORE {operation} ON audit_log \
                         BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
                        op = operation.to_lowercase()
                    ))
                    .await?;
                }
            }
            sea_orm::DatabaseBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS \
                     $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END; $$",
                )
                .await?;
                db.execute_unprepared(
                    "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log \
                     FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
                )
                .await?;
            }
            _ => {}
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Dropping the table drops its triggers; the PostgreSQL function goes separately below.
        for table in [
            AuditLog::Table.into_iden(),
            Byes::Table.into_iden(),
            Games::Table.into_iden(),
            Rounds::Table.into_iden(),
            Players::Table.into_iden(),
            EventStaff::Table.into_iden(),
            Events::Table.into_iden(),
            AuthTokens::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        if manager.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
            manager.get_connection().execute_unprepared("DROP FUNCTION IF EXISTS audit_log_append_only()").await?;
        }
        Ok(())
    }
}
