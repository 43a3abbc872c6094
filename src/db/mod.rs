//! Database access: connection set-up and the sea-orm entities (DB shape only).
pub mod entities {
    pub mod audit;
    pub mod auth_token;
    pub mod bye;
    pub mod dispute;
    pub mod event;
    pub mod event_staff;
    pub mod game;
    pub mod game_move;
    pub mod heartbeat;
    pub mod lineup;
    pub mod login_failure;
    pub mod notification;
    pub mod player;
    pub mod presence;
    pub mod rating_entry;
    pub mod rating_list;
    pub mod result_report;
    pub mod round;
    pub mod session;
    pub mod staff_invitation;
    pub mod throttle_event;
    pub mod user;
}

use std::time::Duration;

use anyhow::Context;
use migration::{Migrator, MigratorTrait};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbErr, SqlErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};

use crate::config::SqliteSync;

/// The advisory lock the migrations run under on PostgreSQL ("yunzi" and 2).
const MIGRATION_LOCK: i64 = 0x7975_6e7a_6902;

/// Connects to the database (creating the SQLite file and its folder when needed) and brings
/// the schema up to date.
pub async fn connect_and_migrate(url: &str) -> anyhow::Result<DatabaseConnection> {
    connect_and_migrate_with(url, SqliteSync::Normal).await
}

/// As `connect_and_migrate`, with SQLite's sync setting from the configuration.
pub async fn connect_and_migrate_with(url: &str, sync: SqliteSync) -> anyhow::Result<DatabaseConnection> {
    let db = connect_with(url, sync).await?;
    if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
        // Instances of one deployment may start together: they take turns on the migrations
        // (an advisory lock on a session of its own, freed when it closes).
        use sea_orm::sqlx::Connection;
        let mut session = db.get_postgres_connection_pool().acquire().await?.detach();
        sea_orm::sqlx::query("SELECT pg_advisory_lock($1)").bind(MIGRATION_LOCK).execute(&mut session).await?;
        let migrated = Migrator::up(&db, None).await;
        session.close().await?;
        migrated.context("running database migrations")?;
    } else {
        Migrator::up(&db, None).await.context("running database migrations")?;
    }
    Ok(db)
}

pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    connect_with(url, SqliteSync::Normal).await
}

pub async fn connect_with(url: &str, sync: SqliteSync) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_file(url)
        && let Some(parent) = std::path::Path::new(&path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).with_context(|| format!("creating the data folder {}", parent.display()))?;
    }
    let mut options = ConnectOptions::new(url.to_string());
    options.connect_timeout(Duration::from_secs(10)).sqlx_logging(false);
    if url.starts_with("sqlite:") {
        // WAL lets readers (public pages) run while a director writes results.
        // NORMAL syncs at checkpoints, not at every commit: with WAL the database survives a
        // crash of the app intact with every commit; only a power cut may lose the last ones.
        // Live games commit every move, and a sync per commit would cap them at the disk's pace.
        // The WAL is folded back into the database by `checkpoint` in the background, not by
        // whichever commit happens to fill it (that commit would wait for the disk).
        // FULL (a setting) syncs every commit, for operators who would rather lose speed than
        // the last commits to a power cut.
        let synchronous = match sync {
            SqliteSync::Normal => sea_orm::sqlx::sqlite::SqliteSynchronous::Normal,
            SqliteSync::Full => sea_orm::sqlx::sqlite::SqliteSynchronous::Full,
        };
        options.map_sqlx_sqlite_opts(move |o| {
            o.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(synchronous)
                .pragma("wal_autocheckpoint", "0")
        });
        if url.contains(":memory:") {
            // Every pooled connection to :memory: would be a different empty database.
            options.max_connections(1).min_connections(1);
        }
    }
    let db = Database::connect(options)
        .await
        .with_context(|| format!("connecting to the database ({})", redact_url(url)))?;
    Ok(db)
}

/// Folds SQLite's write-ahead log back into the database without holding up writers (a
/// passive checkpoint); nothing on PostgreSQL. The live sweep calls it every few seconds.
pub async fn checkpoint(db: &DatabaseConnection) -> Result<(), DbErr> {
    if db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite {
        db.execute_unprepared("PRAGMA wal_checkpoint(PASSIVE)").await?;
    }
    Ok(())
}

/// Begins a transaction that will write. On SQLite it takes the write lock at once
/// (BEGIN IMMEDIATE), so a second writer waits its turn and then reads fresh data, instead of
/// failing with "database is locked" after reading a stale snapshot. PostgreSQL ignores the mode.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

/// Did a statement fail on a unique index (two requests creating the same thing at once)?
pub fn is_unique_violation(error: &DbErr) -> bool {
    matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The file behind a SQLite URL (None for PostgreSQL or an in-memory database).
pub fn sqlite_file(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    if path.is_empty() || path.contains(":memory:") { None } else { Some(path.to_string()) }
}

/// The URL without its password, for messages and logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let credentials = &url[scheme_end + 3..at];
            match credentials.find(':') {
                Some(colon) => format!("{}{}:***{}", &url[..scheme_end + 3], &credentials[..colon], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_redacted_from_database_urls() {
        assert_eq!(
            redact_url("postgres://yunzi:s3cret@db.example:5432/yunzi"),
            "postgres://yunzi:***@db.example:5432/yunzi"
        );
        assert_eq!(redact_url("sqlite://data/yunzi.db?mode=rwc"), "sqlite://data/yunzi.db?mode=rwc");
        assert_eq!(sqlite_file("sqlite://data/yunzi.db?mode=rwc").as_deref(), Some("data/yunzi.db"));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
    }
}
