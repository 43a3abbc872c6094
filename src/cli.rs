//! The `yunzi` command line.
use std::path::PathBuf;

use clap::{Parser, Subcommand};

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
