//! Trust: sessions kept on the server (a copied cookie dies with its session), failed logins
//! counted in the database (every instance sees them), and the audit log chained by hashes
//! and closed to REPLACE and id reuse. Rows written before the chain are sealed here, in
//! their order.
use sea_orm_migration::sea_orm::prelude::DateTimeUtc;
use sea_orm_migration::sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
use sea_orm_migration::{prelude::*, schema::*};

use crate::audit_chain;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    SessionEpoch,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedAt,
    LastSeenAt,
    Address,
    UserAgent,
}

#[derive(DeriveIden)]
enum LoginFailures {
    Table,
    Id,
    Scope,
    Key,
    At,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    EventId,
    PrevHash,
    Hash,
}

/// SQLite refuses a row whose id is taken (INSERT OR REPLACE would otherwise delete the old
/// row without firing the delete trigger); PostgreSQL refuses it too, and TRUNCATE.
const SQLITE_NO_REUSE: &str = "CREATE TRIGGER audit_log_no_reuse BEFORE INSERT ON audit_log \
     WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id) \
     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only: that id is taken'); END;";
const POSTGRES_NO_REUSE: [&str; 4] = [
    "CREATE FUNCTION audit_log_no_reuse() RETURNS trigger LANGUAGE plpgsql AS \
     $$ BEGIN IF EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id) THEN \
     RAISE EXCEPTION 'the audit log is append-only: that id is taken'; END IF; RETURN NEW; END; $$",
    "CREATE TRIGGER audit_log_no_reuse BEFORE INSERT ON audit_log \
     FOR EACH ROW EXECUTE FUNCTION audit_log_no_reuse()",
    "CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS \
     $$ BEGIN RAISE EXCEPTION 'the audit log is append-only'; END; $$",
    "CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log \
     FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // The epoch in the cookie is replaced by the sessions table.
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::SessionEpoch).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(pk_auto(Sessions::Id))
                    .col(integer(Sessions::UserId))
                    .col(string_uniq(Sessions::TokenHash))
                    .col(timestamp_with_time_zone(Sessions::CreatedAt))
                    .col(timestamp_with_time_zone(Sessions::LastSeenAt))
                    .col(string(Sessions::Address))
                    .col(string(Sessions::UserAgent))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("sessions_by_user").table(Sessions::Table).col(Sessions::UserId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LoginFailures::Table)
                    .col(pk_auto(LoginFailures::Id))
                    .col(string(LoginFailures::Scope))
                    .col(string(LoginFailures::Key))
                    .col(timestamp_with_time_zone(LoginFailures::At))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("login_failures_by_key")
                    .table(LoginFailures::Table)
                    .col(LoginFailures::Scope)
                    .col(LoginFailures::Key)
                    .col(LoginFailures::At)
                    .to_owned(),
            )
            .await?;

        for column in [AuditLog::PrevHash, AuditLog::Hash] {
            manager
                .alter_table(Table::alter().table(AuditLog::Table).add_column(string(column).default("")).to_owned())
                .await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("audit_log_by_event")
                    .table(AuditLog::Table)
                    .col(AuditLog::EventId)
                    .col(AuditLog::Id)
                    .to_owned(),
            )
            .await?;

        let db = manager.get_connection();
        let backend = manager.get_database_backend();
        // Sealing writes the new columns: lift the update guard for that one step.
        match backend {
            DatabaseBackend::Sqlite => db.execute_unprepared("DROP TRIGGER audit_log_no_update").await?,
            _ => db.execute_unprepared("ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only").await?,
        };
        seal_existing_rows(db, backend).await?;
        match backend {
            DatabaseBackend::Sqlite => {
                db.execute_unprepared(
                    "CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log \
                     BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;",
                )
                .await?;
                db.execute_unprepared(SQLITE_NO_REUSE).await?;
            }
            _ => {
                db.execute_unprepared("ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only").await?;
                for statement in POSTGRES_NO_REUSE {
                    db.execute_unprepared(statement).await?;
                }
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DatabaseBackend::Sqlite => {
                db.execute_unprepared("DROP TRIGGER IF EXISTS audit_log_no_reuse").await?;
            }
            _ => {
                db.execute_unprepared("DROP TRIGGER IF EXISTS audit_log_no_reuse ON audit_log").await?;
                db.execute_unprepared("DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log").await?;
                db.execute_unprepared("DROP FUNCTION IF EXISTS audit_log_no_reuse()").await?;
                db.execute_unprepared("DROP FUNCTION IF EXISTS audit_log_no_truncate()").await?;
            }
        }
        manager.drop_index(Index::drop().name("audit_log_by_event").table(AuditLog::Table).to_owned()).await?;
        for column in [AuditLog::Hash, AuditLog::PrevHash] {
            manager.alter_table(Table::alter().table(AuditLog::Table).drop_column(column).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(LoginFailures::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Sessions::Table).to_owned()).await?;
        manager
            .alter_table(
                Table::alter().table(Users::Table).add_column(integer(Users::SessionEpoch).default(0)).to_owned(),
            )
            .await?;
        Ok(())
    }
}

/// Chains the rows already in the log, each event's rows in id order.
async fn seal_existing_rows<C: ConnectionTrait>(db: &C, backend: DatabaseBackend) -> Result<(), DbErr> {
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT id, at, actor_id, event_id, action, detail FROM audit_log ORDER BY id",
        ))
        .await?;
    let mut last_hash: std::collections::HashMap<Option<i32>, String> = std::collections::HashMap::new();
    for row in rows {
        let id: i32 = row.try_get("", "id")?;
        let at: DateTimeUtc = row.try_get("", "at")?;
        let actor: Option<i32> = row.try_get("", "actor_id")?;
        let event: Option<i32> = row.try_get("", "event_id")?;
        let action: String = row.try_get("", "action")?;
        let detail: String = row.try_get("", "detail")?;
        let prev = last_hash.get(&event).cloned().unwrap_or_else(|| audit_chain::GENESIS.to_string());
        let hash = audit_chain::row_hash(&prev, &at, actor, event, &action, &detail);
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            match backend {
                DatabaseBackend::Sqlite => "UPDATE audit_log SET prev_hash = ?, hash = ? WHERE id = ?",
                _ => "UPDATE audit_log SET prev_hash = $1, hash = $2 WHERE id = $3",
            },
            [prev.into(), hash.clone().into(), id.into()],
        ))
        .await?;
        last_hash.insert(event, hash);
    }
    Ok(())
}
