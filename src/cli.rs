//! The `yunzi` command line: its arguments, and the work of each command.
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::{Parser, Subcommand};
use migration::{Migrator, MigratorTrait};

use crate::clock::SystemClock;
use crate::config::Settings;
use crate::startup::Application;

#[derive(Debug, Parser)]
#[command(name = "yunzi", version, about = "Yunzi (云子): go tournament management")]
pub struct Cli {
    /// An extra configuration file, read after config/default.toml and config/{YUNZI_ENV}.toml.
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    /// The data folder (embedded database, mail outbox, session key).
    #[arg(long, global = true)]
    pub data: Option<PathBuf>,
    /// The database URL; a postgres:// URL runs on PostgreSQL. Default: SQLite in the data folder.
    #[arg(long, global = true, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the web application (the default).
    Serve {
        /// Address to listen on, e.g. 0.0.0.0:8080.
        #[arg(long)]
        bind: Option<String>,
    },
    /// Bring the database schema up to date (or show or undo migrations).
    Migrate {
        #[command(subcommand)]
        action: Option<MigrateAction>,
    },
    /// List the rule sets with their parameters.
    Rules,
    /// Replay game records and report the first illegal move (exit status 1 if any; for
    /// 五子棋, also a forbidden move, named by its kind).
    Check {
        #[command(flatten)]
        records: RecordArgs,
        /// The game the records are of: "go" (the default), "gomoku" (五子棋: SGF GM[4], read
        /// under --rules renju, renju-seed or gomoku-free; default the record's RU, else renju;
        /// a GM[4] record is read as 五子棋 without it), or one of the folk games in Yunzi's
        /// text format (docs/GAMES.md): "yizi" (一字棋), "erhu" (二虎棋), "santong" (三通棋),
        /// "siji" (四季棋), "liujiao" (六角棋), "qixing" (七星棋), "bagua" (八卦棋).
        #[arg(long)]
        game: Option<String>,
    },
    /// Count game records: one JSON line per file.
    Score {
        #[command(flatten)]
        records: RecordArgs,
        /// Komi overriding the record's: 7.5, 6.5目, 3¾子 …
        #[arg(long)]
        komi: Option<String>,
        /// Dead stones: points ("dd,de" or "D16,E16"); "sgf" for the stones inside the
        /// territory the record marks (TB/TW); "auto" for the engine's proposal (proven by
        /// Benson's life, or estimated by playouts). Without it every stone is alive.
        #[arg(long)]
        dead: Option<String>,
        /// With --dead auto: for each group proposed dead, and each chain left in seki, say
        /// whether that is proven or estimated, and why ("explain" in the JSON).
        #[arg(long)]
        explain: bool,
    },
    /// Pair a round from a Yunzi pairing file (JSON: settings, entrants, games, byes) or an
    /// OpenGotha tournament file (XML; see docs/PAIRING.md): one JSON line per board with each
    /// criterion's cost, then a summary line.
    Pair {
        file: PathBuf,
        /// The round to pair, using only the rounds before it; default: the round after the last.
        #[arg(long)]
        round: Option<u32>,
        /// Whose weights pair an OpenGotha file: "opengotha" (OpenGotha 3.51's, from the file's own
        /// parameters; the default) or "yunzi" (Yunzi's criteria on the file's players and games).
        #[arg(long)]
        weights: Option<String>,
        /// For an OpenGotha file: compare every round in the file (or --round N) with OpenGotha
        /// mode's pairing of the same players; one JSON line per round, then a summary.
        #[arg(long)]
        compare: bool,
        /// Reproduce this OpenGotha version ("3.47", "3.51") instead of the one the file names;
        /// versions before 3.49 numbered only occupied score groups, priced geography by the
        /// older formula and drew colour lots by player order.
        #[arg(long)]
        opengotha_version: Option<String>,
    },
    /// Manage site administrators.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Check the audit log's hash chains (exit status 1 naming the first row that does not fit).
    Audit {
        #[command(subcommand)]
        action: AuditAction,
    },
    /// The venue copies of events (issue 54): how far behind each public copy is.
    Sync {
        #[command(subcommand)]
        action: SyncAction,
    },
    /// Copy the embedded database into FILE (a consistent snapshot, while the server runs).
    Backup { file: PathBuf },
    /// Put a backup made by `yunzi backup` in place of the data folder's database (checked
    /// first: a Yunzi database of a schema this version knows).
    Restore {
        file: PathBuf,
        /// Keep an existing database aside (renamed .before-restore) instead of refusing.
        #[arg(long)]
        replace: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum SyncAction {
    /// For each event linked to a public copy: the changes the copy has confirmed, how many
    /// it lacks and since when, and the last attempt's failure; for each event that follows a
    /// venue's: what it has received and whether the chain received walks.
    Status {
        #[arg(long)]
        event: Option<i32>,
    },
}

#[derive(Debug, Subcommand)]
pub enum AuditAction {
    /// Walk every chain (or one event's) from its first row.
    Verify {
        #[arg(long)]
        event: Option<i32>,
    },
}

/// The game records a command reads and the rules they are read under.
#[derive(Debug, clap::Args)]
pub struct RecordArgs {
    /// SGF files or directories (searched for *.sgf).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// A rule set (see `yunzi rules`); default: the record's RU, else chinese-1988.
    #[arg(long)]
    pub rules: Option<String>,
    /// Override a rule parameter, e.g. --set cycles=draw --set ko=positional (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub enum MigrateAction {
    /// Apply every pending migration (the default).
    Up,
    /// Undo the last migration.
    Down,
    /// List migrations and whether each is applied.
    Status,
}

#[derive(Debug, Subcommand)]
pub enum AdminAction {
    /// Create a confirmed site-admin account. The password is read from YUNZI_ADMIN_PASSWORD
    /// or, when that is unset, from the first line of standard input.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
    },
}

/// Writes one line to standard output. A reader that went away (`yunzi pair FILE | head`) is
/// not an error: the command ends quietly, as other command-line tools do.
fn say(line: impl std::fmt::Display) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("yunzi: writing the output: {error}");
        std::process::exit(2);
    }
}

/// The `yunzi` command: parses the arguments, runs the command and says how it ended.
pub fn main() -> std::process::ExitCode {
    match actix_web::rt::System::new().block_on(run()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            // One readable line (with its causes), not a backtrace.
            eprintln!("yunzi: {error:#}");
            std::process::ExitCode::from(2)
        }
    }
}

async fn run() -> anyhow::Result<()> {
    crate::telemetry::init();
    let cli = Cli::parse();
    // The record tools need no settings, database or server.
    match &cli.command {
        Some(Command::Rules) => {
            for line in crate::services::records::rules_listing() {
                say(line);
            }
            return Ok(());
        }
        Some(Command::Check { records, game }) => {
            let (lines, all_legal) = crate::services::records::check(
                &records.files,
                game.as_deref(),
                records.rules.as_deref(),
                &records.overrides,
            )
            .map_err(anyhow::Error::msg)?;
            for line in lines {
                say(line);
            }
            std::process::exit(if all_legal { 0 } else { 1 });
        }
        Some(Command::Pair { file, round, weights, compare, opengotha_version }) => {
            let options = crate::services::pairing_file::PairOptions {
                round: *round,
                weights: weights.clone(),
                compare: *compare,
                opengotha_version: opengotha_version.clone(),
            };
            for line in crate::services::pairing_file::pair(file, &options).map_err(anyhow::Error::msg)? {
                say(line);
            }
            return Ok(());
        }
        Some(Command::Score { records, komi, dead, explain }) => {
            use crate::services::records::DeadStones;
            let dead = match dead.as_deref() {
                Some("auto") => DeadStones::Auto { explain: *explain },
                _ if *explain => anyhow::bail!("--explain explains the engine's proposal: use it with --dead auto"),
                None => DeadStones::None,
                Some("sgf") => DeadStones::FromRecord,
                Some(points) => DeadStones::Points(points.to_string()),
            };
            let lines = crate::services::records::score(
                &records.files,
                records.rules.as_deref(),
                &records.overrides,
                komi.as_deref(),
                &dead,
            )
            .map_err(anyhow::Error::msg)?;
            for line in lines {
                say(line);
            }
            return Ok(());
        }
        _ => {}
    }
    let mut settings = Settings::load(cli.config.as_deref())?;
    if let Some(data) = &cli.data {
        settings.data.dir = data.clone();
    }
    if let Some(url) = &cli.database_url {
        settings.database.url = url.clone();
    }
    match cli.command.unwrap_or(Command::Serve { bind: None }) {
        Command::Serve { bind } => {
            if let Some(bind) = bind {
                settings.server.bind = bind;
            }
            let app = Application::build(settings.clone(), Arc::new(SystemClock)).await?;
            let host = settings.server.bind.rsplit_once(':').map(|(h, _)| h).unwrap_or("127.0.0.1");
            tracing::info!(
                "Yunzi is serving on http://{host}:{} (database: {})",
                app.port(),
                crate::db::redact_url(&settings.database_url())
            );
            app.run_until_stopped().await?;
        }
        Command::Migrate { action } => {
            let db = crate::db::connect_for_migrations(&settings.database_url()).await?;
            match action.unwrap_or(MigrateAction::Up) {
                MigrateAction::Up => Migrator::up(&db, None).await?,
                MigrateAction::Down => Migrator::down(&db, Some(1)).await?,
                MigrateAction::Status => Migrator::status(&db).await?,
            }
            say("migrations: done");
        }
        Command::Rules | Command::Check { .. } | Command::Score { .. } | Command::Pair { .. } => {}
        Command::Audit { action: AuditAction::Verify { event } } => {
            use crate::services::audit::{self, ChainCheck};
            let db = crate::db::connect_and_migrate(&settings.database_url()).await?;
            let chains = match event {
                Some(id) => vec![(Some(id), audit::verify(&db, Some(id)).await.map_err(|e| anyhow::anyhow!("{e}"))?)],
                None => audit::verify_all(&db).await.map_err(|e| anyhow::anyhow!("{e}"))?,
            };
            let mut broken = false;
            for (chain, check) in &chains {
                let name = chain.map(|id| format!("event {id}")).unwrap_or_else(|| "accounts (no event)".into());
                broken |= matches!(check, ChainCheck::Broken { .. });
                say(format!("{name}: {check}"));
            }
            if broken {
                std::process::exit(1);
            }
            say(format!("audit log: {} chain(s) verified", chains.len()));
        }
        Command::Sync { action: SyncAction::Status { event } } => {
            use crate::services::sync::{public, venue};
            let db = crate::db::connect_and_migrate(&settings.database_url()).await?;
            let fail = |e: crate::error::AppError| anyhow::anyhow!("{e}");
            let when = |at: Option<chrono::DateTime<chrono::Utc>>| {
                at.map(|at| at.format("%Y-%m-%d %H:%M:%S UTC").to_string()).unwrap_or_else(|| "never".into())
            };
            let links = venue::links(&db).await.map_err(fail)?;
            let mut shown = 0;
            for link in links.iter().filter(|l| event.is_none_or(|id| id == l.event_id)) {
                let s = venue::status(&db, link).await.map_err(fail)?;
                let behind = match (s.behind(), s.oldest_unconfirmed) {
                    (0, _) => "up to date".to_string(),
                    (n, Some(at)) => format!("{n} change(s) behind, the oldest made {}", when(Some(at))),
                    (n, None) => format!("{n} change(s) behind"),
                };
                say(format!(
                    "event {} → {}: {behind} ({} of {} confirmed); last brought up to date: {}; registrations last fetched: {}",
                    s.event_id,
                    s.address,
                    s.confirmed,
                    s.rows,
                    when(s.last_success_at),
                    when(s.last_pull_at)
                ));
                if let Some(why) = &s.last_error {
                    let why = crate::domain::message::Message::from_stored(why)
                        .map(|m| crate::i18n::Locale::En.message(&m))
                        .unwrap_or_else(|| why.clone());
                    say(format!("  last attempt ({}) failed: {why}", when(s.last_attempt_at)));
                }
                shown += 1;
            }
            for copy in public::copies(&db).await.map_err(fail)? {
                let id = copy.event_id;
                if event.is_some_and(|wanted| wanted != id) {
                    continue;
                }
                let chain = public::verify_received(&db, id).await.map_err(fail)?;
                say(format!(
                    "event {id} follows the venue's event {}: {} change(s) received, the last {}; chain received: {chain}; {} sending(s) refused{}",
                    copy.venue_event_id,
                    copy.rows_received,
                    when(Some(copy.last_received_at)),
                    copy.refusals,
                    copy.last_refusal.map(|why| format!(", the last: {why}")).unwrap_or_default()
                ));
                shown += 1;
            }
            if shown == 0 {
                say("no event here is linked to a public copy or follows a venue's".to_string());
            }
        }
        Command::Backup { file } => {
            let db = crate::db::connect_and_migrate(&settings.database_url()).await?;
            crate::services::backup::backup_to(&db, &file).await?;
            say(format!("backup written to {}", file.display()));
        }
        Command::Restore { file, replace } => {
            let restored = crate::services::backup::restore(&settings, &file, replace).await?;
            let db = crate::db::connect(&settings.database_url()).await?;
            let chains = crate::services::audit::verify_all(&db).await.map_err(|e| anyhow::anyhow!("{e}"))?;
            let broken = chains.iter().filter(|(_, c)| matches!(c, crate::services::audit::ChainCheck::Broken { .. }));
            say(format!(
                "restored {} into {} ({} migrations, {} events, {} audit rows; audit chains {})",
                file.display(),
                crate::db::redact_url(&settings.database_url()),
                restored.migrations,
                restored.events,
                restored.audit_rows,
                if broken.count() == 0 { "verified" } else { "BROKEN: run yunzi audit verify" }
            ));
        }
        Command::Admin { action: AdminAction::Create { email, name } } => {
            let password = match std::env::var("YUNZI_ADMIN_PASSWORD") {
                Ok(p) => p,
                Err(_) => {
                    let mut line = String::new();
                    std::io::stdin().lock().read_line(&mut line).context("reading the password")?;
                    line.trim_end_matches(['\r', '\n']).to_string()
                }
            };
            let db = crate::db::connect_and_migrate(&settings.database_url()).await?;
            let clock = SystemClock;
            let user = crate::services::accounts::create_admin(&db, &clock, &email, &name, password)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            say(format!("site admin {} created (id {})", user.email, user.id));
        }
    }
    Ok(())
}
