//! Backups of the embedded database, by hand (`yunzi backup FILE`, `yunzi restore FILE`) and
//! every few minutes while the server runs. PostgreSQL has its own tools (pg_dump), and the
//! messages say so.
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, bail};
use chrono::{DateTime, NaiveDateTime, Utc};
use migration::{Migrator, MigratorTrait};
use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};

use crate::config::Settings;

const PG_DUMP_HINT: &str = "this database is PostgreSQL: back it up with pg_dump (e.g. `pg_dump -Fc yunzi > yunzi.dump`) \
     and restore with pg_restore; `yunzi backup` copies the embedded SQLite database";
/// Periodic backups are named by the instant they were taken (UTC), so they sort by age.
const PREFIX: &str = "yunzi-";
const STAMP: &str = "%Y%m%d-%H%M%S";

/// Copies the live database into `target` (a new file) while the app may keep writing:
/// SQLite's VACUUM INTO writes one consistent snapshot.
pub async fn backup_to(db: &DatabaseConnection, target: &Path) -> anyhow::Result<()> {
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        bail!("{PG_DUMP_HINT}");
    }
    if target.exists() {
        bail!("{} exists already; give a new file name", target.display());
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let path = target.to_str().context("the backup's path is not valid UTF-8")?;
    db.execute_raw(Statement::from_sql_and_values(DatabaseBackend::Sqlite, "VACUUM INTO ?", [path.into()]))
        .await
        .with_context(|| format!("writing the backup {}", target.display()))?;
    Ok(())
}

/// What `restore` found in a backup file.
#[derive(Debug)]
pub struct Restored {
    pub migrations: usize,
    pub events: i64,
    pub audit_rows: i64,
}

/// Puts the backup `source` in place of the configured SQLite database, after checking that it
/// is a Yunzi database of a schema this version knows. An existing database is kept aside
/// (renamed with `.before-restore`) only when `replace` is given; otherwise it is refused.
pub async fn restore(settings: &Settings, source: &Path, replace: bool) -> anyhow::Result<Restored> {
    let url = settings.database_url();
    let Some(target) = crate::db::sqlite_file(&url).map(PathBuf::from) else { bail!("{PG_DUMP_HINT}") };
    let migrations = check_backup(source).await?;
    if target.exists() {
        if !replace {
            bail!(
                "{} holds a database already; restore into a fresh data folder, or pass --replace to keep the old one aside",
                target.display()
            );
        }
        let aside = target.with_extension("db.before-restore");
        std::fs::rename(&target, &aside).with_context(|| format!("moving {} aside", target.display()))?;
    }
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(PathBuf::from(format!("{}{suffix}", target.display())));
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::copy(source, &target).with_context(|| format!("copying {} to {}", source.display(), target.display()))?;
    // An older schema is brought up to date, as at every start.
    let db = crate::db::connect_and_migrate(&url).await?;
    let events = count(&db, "SELECT COUNT(*) AS n FROM events").await?;
    let audit_rows = count(&db, "SELECT COUNT(*) AS n FROM audit_log").await?;
    db.close().await?;
    Ok(Restored { migrations, events, audit_rows })
}

/// Opens `source` read-only and checks it is a Yunzi database: SQLite, with Yunzi's migration
/// table naming only migrations this version knows. Returns how many it has.
async fn check_backup(source: &Path) -> anyhow::Result<usize> {
    let mut head = [0u8; 16];
    let read = std::fs::File::open(source)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .with_context(|| format!("reading {}", source.display()))?;
    if read < 16 || &head != b"SQLite format 3\0" {
        bail!("{} is not a SQLite database (not a Yunzi backup)", source.display());
    }
    // A plain read-only connection: the app's own sets WAL mode, which is a write.
    let url = format!("sqlite://{}?mode=ro", source.display());
    let db = sea_orm::Database::connect(&url).await.with_context(|| format!("opening {}", source.display()))?;
    let applied = db
        .query_all_raw(Statement::from_string(DatabaseBackend::Sqlite, "SELECT version FROM seaql_migrations"))
        .await
        .map_err(|_| anyhow::anyhow!("{} is not a Yunzi database (it has no migration table)", source.display()))?;
    db.close().await?;
    let known: Vec<String> = Migrator::migrations().iter().map(|m| m.name().to_string()).collect();
    let mut names = Vec::new();
    for row in applied {
        let name: String = row.try_get("", "version")?;
        if !known.contains(&name) {
            bail!(
                "{} has migration {name}, which this version of Yunzi does not know (a newer Yunzi made it)",
                source.display()
            );
        }
        names.push(name);
    }
    if !names.iter().any(|n| known.first() == Some(n)) {
        bail!("{} is not a Yunzi database (its migrations are not Yunzi's)", source.display());
    }
    Ok(names.len())
}

async fn count(db: &DatabaseConnection, sql: &str) -> anyhow::Result<i64> {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
        .context("a count returned no row")?;
    Ok(row.try_get("", "n")?)
}

/// Periodic backups while the server runs: due when the newest backup in the folder is
/// `every` old, then the oldest beyond `keep` are removed. The folder is the record, so a
/// restart picks up where it left off.
#[derive(Default)]
pub struct Schedule {
    running: AtomicBool,
}

impl Schedule {
    /// Takes a backup if one is due at `now` and none is running; returns the new file.
    pub async fn run_if_due(
        &self,
        db: &DatabaseConnection,
        settings: &Settings,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Option<PathBuf>> {
        let every = settings.backup.every_minutes;
        if every == 0 || db.get_database_backend() != DatabaseBackend::Sqlite {
            return Ok(None);
        }
        let dir = settings.backup_dir();
        let existing = list(&dir)?;
        if existing.last().is_some_and(|(taken, _)| now - *taken < chrono::Duration::minutes(i64::from(every))) {
            return Ok(None);
        }
        if self.running.swap(true, Ordering::SeqCst) {
            return Ok(None);
        }
        let target = dir.join(format!("{PREFIX}{}.db", now.format(STAMP)));
        let outcome = backup_to(db, &target).await;
        self.running.store(false, Ordering::SeqCst);
        outcome?;
        let mut all = list(&dir)?;
        let keep = settings.backup.keep.max(1) as usize;
        while all.len() > keep {
            let (_, oldest) = all.remove(0);
            std::fs::remove_file(&oldest).with_context(|| format!("removing the old backup {}", oldest.display()))?;
        }
        Ok(Some(target))
    }
}

/// The periodic backups in `dir`, oldest first.
pub fn list(dir: &Path) -> anyhow::Result<Vec<(DateTime<Utc>, PathBuf)>> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok(Vec::new()) };
    let mut found = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        let Some(stamp) = name.strip_prefix(PREFIX).and_then(|rest| rest.strip_suffix(".db")) else { continue };
        if let Ok(taken) = NaiveDateTime::parse_from_str(stamp, STAMP) {
            found.push((taken.and_utc(), path));
        }
    }
    found.sort();
    Ok(found)
}
