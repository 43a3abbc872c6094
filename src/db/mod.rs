//! Database access: connection set-up and the sea-orm entities (DB shape only).
pub mod entities {
    pub mod api_token;
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
    pub mod sync_copy;
    pub mod sync_id;
    pub mod sync_link;
    pub mod sync_row;
    pub mod throttle_event;
    pub mod user;
}

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock, Mutex};
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
    if url.starts_with("sqlite:") {
        // The migrations run on a connection of their own, closed before the pool opens (see
        // `connect_for_migrations`).
        let single = connect_pool(url, sync, 1).await?;
        Migrator::up(&single, None).await.context("running database migrations")?;
        single.close().await?;
        return connect_with(url, sync).await;
    }
    // PostgreSQL: instances of one deployment may start together: they take turns on the
    // migrations (an advisory lock on a session of its own, freed when it closes).
    use sea_orm::sqlx::Connection;
    let db = connect_with(url, sync).await?;
    let mut session = db.get_postgres_connection_pool().acquire().await?.detach();
    sea_orm::sqlx::query("SELECT pg_advisory_lock($1)").bind(MIGRATION_LOCK).execute(&mut session).await?;
    let migrated = Migrator::up(&db, None).await;
    session.close().await?;
    migrated.context("running database migrations")?;
    Ok(db)
}

/// A connection for running the migrations by hand: on SQLite a pool of one connection. The
/// migrator's steps must run on one connection: on a pool of several, one step was seen to
/// find another's work half done ("trigger audit_log_no_update already exists").
pub async fn connect_for_migrations(url: &str) -> anyhow::Result<DatabaseConnection> {
    connect_pool(url, SqliteSync::Normal, 1).await
}

pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    connect_with(url, SqliteSync::Normal).await
}

pub async fn connect_with(url: &str, sync: SqliteSync) -> anyhow::Result<DatabaseConnection> {
    connect_pool(url, sync, SQLITE_CONNECTIONS).await
}

/// Connections to a SQLite file: readers (pages, a move's read of its board) run beside the
/// one writer of the moment, which WAL allows; more than the cores' worth only adds threads
/// (each connection has its own). Writers take turns in the process (see [`begin_write`]).
const SQLITE_CONNECTIONS: u32 = 4;

/// How long a SQLite statement waits for another connection's write to end before failing
/// "database is locked": as long as a request waits for a pooled connection.
const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(30);

async fn connect_pool(url: &str, sync: SqliteSync, connections: u32) -> anyhow::Result<DatabaseConnection> {
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
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
        });
        // Every pooled connection to :memory: would be a different empty database. The
        // connections are opened at once: not by the first burst of moves.
        let connections = if url.contains(":memory:") { 1 } else { connections };
        options.max_connections(connections).min_connections(connections);
        // A connection to a file cannot have been dropped by a server or a firewall: sqlx's
        // ping on every checkout would only double each statement's trips to the connection's
        // thread (a move reads its board in several statements).
        options.test_before_acquire(false);
    } else {
        // A PostgreSQL connection is pinged before use only after a minute idle, when a proxy
        // or the server may have dropped it: a ping on every checkout is a network round trip
        // more per statement.
        options.test_before_acquire_if_idle_for(Duration::from_secs(60));
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
///
/// On SQLite the process's writers first take turns, first come first served, until the
/// transaction ends: SQLite itself lets a waiting writer sleep and retry (1, 2, 5 … ms),
/// which at hundreds of moves a second costs more than the writes. The writer of the moment
/// then writes on a connection of its own (see [`writer_of`]), not one of the readers'.
pub async fn begin_write(db: &DatabaseConnection) -> Result<WriteTxn, DbErr> {
    let turn = match write_turn(db) {
        // Bounded as SQLite's own wait is: a writer that never ends its transaction makes the
        // others fail, not hang.
        Some(turn) => Some(
            tokio::time::timeout(SQLITE_BUSY_TIMEOUT, turn.lock_owned())
                .await
                .map_err(|_| DbErr::Custom("the database is locked: another write did not end".into()))?,
        ),
        None => None,
    };
    let writer = match &turn {
        Some(_) => writer_of(db).await?,
        None => db.clone(),
    };
    let txn = writer
        .begin_with_options(TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        })
        .await?;
    Ok(WriteTxn { txn, _turn: turn })
}

/// The connection the writers of a SQLite pool write on, opened by its first write with the
/// pool's settings and closed after a minute unused. A file has one writer at a time: on a
/// connection of its own, the writer holding the turn never waits behind hundreds of readers
/// for one of the pool's connections (every move reads its board on the pool) — the wait that
/// made the turn, and so every move, slow at a busy moment.
///
/// Known by the pool's settings (held here, so no later pool is taken for it): a database
/// file replaced under a running server is not written through a connection to the old one
/// while the pool still reads the old one.
async fn writer_of(db: &DatabaseConnection) -> Result<DatabaseConnection, DbErr> {
    type Writers = HashMap<usize, (Arc<sea_orm::sqlx::sqlite::SqliteConnectOptions>, DatabaseConnection)>;
    static WRITERS: LazyLock<Mutex<Writers>> = LazyLock::new(Default::default);
    let options = db.get_sqlite_connection_pool().connect_options();
    let pool_id = Arc::as_ptr(&options) as usize;
    let poisoned = |_| DbErr::Custom("the writers' table was poisoned".into());
    if let Some((_, writer)) = WRITERS.lock().map_err(poisoned)?.get(&pool_id) {
        return Ok(writer.clone());
    }
    // Called in the file's write turn: no other writer opens one meanwhile.
    let pool = sea_orm::sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(0)
        .idle_timeout(Duration::from_secs(60))
        .test_before_acquire(false)
        .acquire_timeout(SQLITE_BUSY_TIMEOUT)
        .connect_with(options.as_ref().clone())
        .await
        .map_err(|e| DbErr::Conn(sea_orm::RuntimeErr::SqlxError(e.into())))?;
    let writer = sea_orm::SqlxSqliteConnector::from_sqlx_sqlite_pool(pool);
    WRITERS.lock().map_err(poisoned)?.insert(pool_id, (options, writer.clone()));
    Ok(writer)
}

/// Runs `work`, a write transaction's work, to its end. On a SQLite file it runs on the
/// writers' thread: the file's writes take turns, and a turn held by a request's task would
/// last as long as that task waits, between its statements, for the request threads to get
/// round to it — at hundreds of moves a second most of the turn (measured: 500 boards asked
/// for 1,000 moves a second got 720–870, every move waiting 0.6 s for its turn). On the
/// writers' thread nothing else runs, and the turn passes from one writer to the next at once.
/// The work runs to its end even if the request that asked for it is gone.
pub async fn run_write<T: Send + 'static>(
    db: &DatabaseConnection,
    work: impl std::future::Future<Output = T> + Send + 'static,
) -> Result<T, DbErr> {
    static WRITERS_THREAD: LazyLock<Option<tokio::runtime::Handle>> = LazyLock::new(|| {
        let (handle_to, handle) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new().name("yunzi-writes".into()).spawn(move || {
            match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(runtime) => {
                    let _ = handle_to.send(Some(runtime.handle().clone()));
                    runtime.block_on(std::future::pending::<()>());
                }
                Err(_) => {
                    let _ = handle_to.send(None);
                }
            }
        });
        spawned.ok().and_then(|_| handle.recv().ok().flatten())
    });
    match (write_turn(db), WRITERS_THREAD.as_ref()) {
        (Some(_), Some(thread)) => {
            thread.spawn(work).await.map_err(|e| DbErr::Custom(format!("a write on the writers' thread failed: {e}")))
        }
        // PostgreSQL's writes to different games go on side by side; an in-memory database
        // has one connection, which is its turn.
        _ => Ok(work.await),
    }
}

/// The write turn of a SQLite file (none for PostgreSQL, and for an in-memory database, whose
/// one connection is its turn).
fn write_turn(db: &DatabaseConnection) -> Option<Arc<tokio::sync::Mutex<()>>> {
    static TURNS: LazyLock<Mutex<HashMap<PathBuf, Arc<tokio::sync::Mutex<()>>>>> = LazyLock::new(Default::default);
    if db.get_database_backend() != sea_orm::DatabaseBackend::Sqlite {
        return None;
    }
    let options = db.get_sqlite_connection_pool().connect_options();
    let file = options.get_filename();
    // sqlx names an in-memory database "file:sqlx-in-memory-N" (shared by its connections).
    let name = file.to_string_lossy();
    if name.is_empty() || name.contains(":memory:") || name.starts_with("file:sqlx-in-memory") {
        return None;
    }
    let mut turns = TURNS.lock().ok()?;
    Some(turns.entry(file.to_path_buf()).or_default().clone())
}

/// A transaction begun by [`begin_write`]: used as its connection, ended by `commit` (dropped,
/// it rolls back). Holds SQLite's write turn until it ends.
pub struct WriteTxn {
    // Dropped first: the rollback is under way before the next writer's turn.
    txn: DatabaseTransaction,
    _turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl WriteTxn {
    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await
    }

    pub async fn rollback(self) -> Result<(), DbErr> {
        self.txn.rollback().await
    }
}

impl std::ops::Deref for WriteTxn {
    type Target = DatabaseTransaction;

    fn deref(&self) -> &DatabaseTransaction {
        &self.txn
    }
}

#[async_trait::async_trait]
impl ConnectionTrait for WriteTxn {
    fn get_database_backend(&self) -> sea_orm::DbBackend {
        self.txn.get_database_backend()
    }

    async fn execute_raw(&self, stmt: sea_orm::Statement) -> Result<sea_orm::ExecResult, DbErr> {
        self.txn.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<sea_orm::ExecResult, DbErr> {
        self.txn.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: sea_orm::Statement) -> Result<Option<sea_orm::QueryResult>, DbErr> {
        self.txn.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: sea_orm::Statement) -> Result<Vec<sea_orm::QueryResult>, DbErr> {
        self.txn.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.txn.support_returning()
    }

    fn is_mock_connection(&self) -> bool {
        self.txn.is_mock_connection()
    }
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

    /// A fresh SQLite file with the schema, in a folder of its own.
    async fn fresh_file(name: &str) -> anyhow::Result<(DatabaseConnection, std::path::PathBuf)> {
        let folder = std::env::temp_dir().join(format!("yunzi-db-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder)?;
        let url = format!("sqlite://{}?mode=rwc", folder.join("yunzi.db").display());
        Ok((connect_and_migrate(&url).await?, folder))
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn readers_are_not_held_up_by_a_write_under_way() -> anyhow::Result<()> {
        let (db, folder) = fresh_file("readers").await?;
        let writing = begin_write(&db).await?;
        writing.execute_unprepared("INSERT INTO heartbeats (id, beat_at) VALUES (1, '2026-11-28 12:00:00')").await?;
        // A page's read while a move is being stored: answered at once, from before the write.
        let read =
            tokio::time::timeout(Duration::from_secs(5), db.execute_unprepared("SELECT count(*) FROM heartbeats"));
        assert!(read.await.is_ok(), "a read waited for the write to end");
        writing.commit().await?;
        let _ = std::fs::remove_dir_all(folder);
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writers_take_their_turns_in_the_order_they_came() -> anyhow::Result<()> {
        let (db, folder) = fresh_file("turns").await?;
        let order = Arc::new(Mutex::new(Vec::new()));
        let first = begin_write(&db).await?;
        let mut writers = Vec::new();
        for n in 0..12 {
            let (db, order) = (db.clone(), order.clone());
            writers.push(tokio::spawn(async move {
                let txn = begin_write(&db).await?;
                order.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.push(n);
                // Long enough for a writer left to SQLite's sleeping retries to overtake another.
                tokio::time::sleep(Duration::from_millis(3)).await;
                txn.commit().await?;
                anyhow::Ok(())
            }));
            // Each comes after the one before is waiting.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        first.commit().await?;
        for writer in writers {
            writer.await??;
        }
        let order = order.lock().map_err(|_| anyhow::anyhow!("poisoned"))?.clone();
        assert_eq!(order, (0..12).collect::<Vec<_>>());
        let _ = std::fs::remove_dir_all(folder);
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_does_not_wait_for_the_readers_connections() -> anyhow::Result<()> {
        let (db, folder) = fresh_file("writer").await?;
        // Every one of the pool's connections taken by a reader (a page reading at length).
        let mut readers = Vec::new();
        for _ in 0..SQLITE_CONNECTIONS {
            let reader = db.begin().await?;
            reader.execute_unprepared("SELECT count(*) FROM heartbeats").await?;
            readers.push(reader);
        }
        // A move is stored all the same, on the writers' connection: it does not wait the
        // pool's 30 s for a reader to finish.
        let write = async {
            let txn = begin_write(&db).await?;
            txn.execute_unprepared("INSERT INTO heartbeats (id, beat_at) VALUES (1, '2026-11-28 12:00:00')").await?;
            txn.commit().await
        };
        let stored = tokio::time::timeout(Duration::from_secs(5), write).await;
        assert!(matches!(stored, Ok(Ok(()))), "the write waited for a reader's connection: {stored:?}");
        for reader in readers {
            reader.rollback().await?;
        }
        let beats = db
            .query_one_raw(sea_orm::Statement::from_string(
                db.get_database_backend(),
                "SELECT count(*) AS n FROM heartbeats",
            ))
            .await?;
        assert_eq!(beats.map(|row| row.try_get::<i64>("", "n")).transpose()?, Some(1));
        let _ = std::fs::remove_dir_all(folder);
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_to_a_file_run_on_the_writers_thread_to_their_end() -> anyhow::Result<()> {
        let (db, folder) = fresh_file("thread").await?;
        let on = run_write(&db, async { std::thread::current().name().map(str::to_string) }).await?;
        assert_eq!(on.as_deref(), Some("yunzi-writes"));
        // The request that asked for a write went away: the write is done all the same.
        let writer = db.clone();
        let asked = run_write(&db, async move {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let txn = begin_write(&writer).await?;
            txn.execute_unprepared("INSERT INTO heartbeats (id, beat_at) VALUES (1, '2026-11-28 12:00:00')").await?;
            txn.commit().await
        });
        assert!(tokio::time::timeout(Duration::from_millis(20), asked).await.is_err());
        let count = || async {
            let row = db
                .query_one_raw(sea_orm::Statement::from_string(
                    db.get_database_backend(),
                    "SELECT count(*) AS n FROM heartbeats",
                ))
                .await?;
            anyhow::Ok(row.map(|row| row.try_get::<i64>("", "n")).transpose()?.unwrap_or(0))
        };
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while count().await? == 0 && std::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(count().await?, 1, "the write given up by its request was not stored");
        // An in-memory database's one connection is its turn: its writes run where they are asked.
        let memory = connect_and_migrate("sqlite::memory:").await?;
        let here = std::thread::current().id();
        assert!(run_write(&memory, async move { std::thread::current().id() == here }).await?);
        let _ = std::fs::remove_dir_all(folder);
        Ok(())
    }

    #[tokio::test]
    async fn sqlite_keeps_its_prepared_statements() -> anyhow::Result<()> {
        // Built with the query planner stability guarantee (.cargo/config.toml): without it a
        // statement with `LIMIT ?` — every `.one()` — is compiled again each time it runs.
        let db = connect("sqlite::memory:").await?;
        let rows = db
            .query_all_raw(sea_orm::Statement::from_string(db.get_database_backend(), "PRAGMA compile_options"))
            .await?;
        let options: Vec<String> = rows.iter().filter_map(|row| row.try_get_by_index::<String>(0).ok()).collect();
        assert!(options.iter().any(|o| o == "ENABLE_QPSG"), "SQLite built without ENABLE_QPSG: {options:?}");
        Ok(())
    }
}
