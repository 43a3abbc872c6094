//! Typed, layered settings: built-in defaults (config/default.toml, compiled in), then
//! config/{YUNZI_ENV}.toml, then an optional file given on the command line, then environment
//! variables `YUNZI__SECTION__KEY`. No globals: the value travels in `AppState`.
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub data: DataSettings,
    pub database: DatabaseSettings,
    pub mail: MailSettings,
    pub security: SecuritySettings,
    pub backup: BackupSettings,
    pub live: LiveSettings,
}

/// Limits on live-board streams (server-sent events), so that watchers cannot starve the
/// pages: over either limit a stream is refused with 429 and the page works by reload.
#[derive(Debug, Clone, Deserialize)]
pub struct LiveSettings {
    /// Streams open at once, all clients together.
    pub max_streams: usize,
    /// Streams open at once from one client address.
    pub max_streams_per_address: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    pub bind: String,
    pub base_url: String,
    pub secure_cookies: bool,
    /// The reverse proxies in front of Yunzi, by address, comma-separated: a request from one
    /// of them is counted (login limits) by the address it forwards in X-Forwarded-For.
    pub trusted_proxies: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DataSettings {
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    pub url: String,
    /// SQLite only: "normal" (a power cut may lose the last commits) or "full" (every commit
    /// reaches the disk before it is acknowledged).
    pub sqlite_synchronous: SqliteSync,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SqliteSync {
    Normal,
    Full,
}

/// Periodic backups of the embedded database.
#[derive(Debug, Clone, Deserialize)]
pub struct BackupSettings {
    /// Minutes between backups; 0 turns them off.
    pub every_minutes: u32,
    /// How many backups to keep (the oldest go first).
    pub keep: u32,
    /// Where they go; empty: {data.dir}/backups.
    pub dir: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MailSettings {
    pub transport: MailTransport,
    pub from: String,
    pub smtp: SmtpSettings,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    File,
    Smtp,
}

#[derive(Clone, Deserialize)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub tls: SmtpTls,
    pub username: String,
    pub password: String,
}

// Hand-written so the password never reaches a log line.
impl std::fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("username", &self.username)
            .field("password", &"[redacted]")
            .finish()
    }
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    None,
    Starttls,
    Tls,
}

#[derive(Clone, Deserialize)]
pub struct SecuritySettings {
    pub session_key: String,
    pub login_failures_per_account: u32,
    pub login_failures_per_address: u32,
    pub login_window_minutes: u32,
    /// A session ends after this long unused, and at the latest this long after login.
    pub session_idle_minutes: u32,
    pub session_absolute_hours: u32,
    /// Mails of one kind (confirmation, address taken, reset, invitation) to one address, and
    /// mails caused by requests from one network address, in the mail window; over either a
    /// mail is not sent (the answer does not change, so it tells nobody who has an account).
    pub mails_per_recipient: u32,
    pub mails_per_address: u32,
    /// Sign-ups from one network address in the mail window; past it a sign-up is refused.
    pub sign_ups_per_address: u32,
    pub mail_window_minutes: u32,
}

impl std::fmt::Debug for SecuritySettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SecuritySettings")
            .field("session_key", &"[redacted]")
            .field("login_failures_per_account", &self.login_failures_per_account)
            .field("login_failures_per_address", &self.login_failures_per_address)
            .field("login_window_minutes", &self.login_window_minutes)
            .field("session_idle_minutes", &self.session_idle_minutes)
            .field("session_absolute_hours", &self.session_absolute_hours)
            .field("mails_per_recipient", &self.mails_per_recipient)
            .field("mails_per_address", &self.mails_per_address)
            .field("sign_ups_per_address", &self.sign_ups_per_address)
            .field("mail_window_minutes", &self.mail_window_minutes)
            .finish()
    }
}

const DEFAULTS: &str = include_str!("../config/default.toml");

impl Settings {
    /// Loads the layered settings. `extra_file` is the `--config` file, if any.
    pub fn load(extra_file: Option<&Path>) -> anyhow::Result<Settings> {
        let env_name = std::env::var("YUNZI_ENV").unwrap_or_else(|_| "development".into());
        let mut builder = config::Config::builder()
            .add_source(config::File::from_str(DEFAULTS, config::FileFormat::Toml))
            .add_source(config::File::with_name(&format!("config/{env_name}")).required(false));
        if let Some(file) = extra_file {
            builder = builder.add_source(config::File::from(file).required(true));
        }
        builder
            .add_source(config::Environment::with_prefix("YUNZI").prefix_separator("__").separator("__"))
            .build()
            .context("reading the configuration")?
            .try_deserialize()
            .context("the configuration has a wrong or missing value")
    }

    /// The built-in defaults alone, for tests that build their settings in code.
    pub fn defaults() -> anyhow::Result<Settings> {
        config::Config::builder()
            .add_source(config::File::from_str(DEFAULTS, config::FileFormat::Toml))
            .build()?
            .try_deserialize()
            .context("the built-in defaults do not parse")
    }

    /// The database to use: the configured URL, or embedded SQLite inside the data folder.
    pub fn database_url(&self) -> String {
        if self.database.url.trim().is_empty() {
            format!("sqlite://{}?mode=rwc", self.data.dir.join("yunzi.db").display())
        } else {
            self.database.url.trim().to_string()
        }
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data.dir.join("outbox")
    }

    pub fn backup_dir(&self) -> PathBuf {
        if self.backup.dir.trim().is_empty() {
            self.data.dir.join("backups")
        } else {
            PathBuf::from(self.backup.dir.trim())
        }
    }

    /// The trusted reverse proxies' addresses; an entry that is not an address is an error.
    pub fn trusted_proxies(&self) -> anyhow::Result<Vec<std::net::IpAddr>> {
        self.server
            .trusted_proxies
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry.parse().with_context(|| format!("server.trusted_proxies: '{entry}' is not an IP address"))
            })
            .collect()
    }
}
