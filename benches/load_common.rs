//! What the load examples share: the app on loopback in a fresh data folder (SQLite, or
//! DATABASE_URL), with room for `streams` streams from one address.
use std::path::PathBuf;
use std::sync::Arc;

use yunzi::clock::SystemClock;
use yunzi::config::Settings;
use yunzi::startup::Application;

pub struct LoadApp {
    /// host:port the app listens on (the first instance's).
    pub address: String,
    /// Every instance's host:port (one unless asked for more).
    pub addresses: Vec<String>,
    /// Its database, for the example to fill.
    pub database_url: String,
    /// Its data folder, removed by the example at the end.
    pub data: PathBuf,
}

/// Starts the app for example `name` and returns where it is.
pub async fn start(name: &str, streams: usize) -> anyhow::Result<LoadApp> {
    start_instances(name, streams, 1).await
}

/// Starts `instances` instances of the app on one database (more than one needs DATABASE_URL
/// to name a PostgreSQL database), each in a data folder of its own.
pub async fn start_instances(name: &str, streams: usize, instances: usize) -> anyhow::Result<LoadApp> {
    let data = std::env::temp_dir().join(format!("yunzi-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let url = std::env::var("DATABASE_URL").ok();
    if instances > 1 && !url.as_deref().is_some_and(|u| u.starts_with("postgres")) {
        anyhow::bail!("{instances} instances share a PostgreSQL database: set DATABASE_URL=postgres://…");
    }
    // One session key for all: a login on one instance holds on the others.
    let mut key = [0u8; 64];
    getrandom::fill(&mut key).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let key = yunzi::auth::token::hex(&key);
    let mut addresses = Vec::new();
    let mut database_url = String::new();
    for n in 0..instances.max(1) {
        let mut settings = Settings::defaults()?;
        settings.server.bind = "127.0.0.1:0".into();
        settings.data.dir = if n == 0 { data.clone() } else { data.join(format!("instance-{n}")) };
        // Every stream comes from loopback here, where a real crowd has a thousand addresses.
        settings.live.max_streams_per_address = streams + 1;
        settings.live.max_streams = settings.live.max_streams.max(streams + 1);
        if let Some(url) = &url {
            settings.database.url = url.clone();
        }
        settings.security.session_key = key.clone();
        database_url = settings.database_url();
        let app = Application::build(settings, Arc::new(SystemClock)).await?;
        addresses.push(format!("127.0.0.1:{}", app.port()));
        actix_web::rt::spawn(app.run_until_stopped());
    }
    Ok(LoadApp { address: addresses[0].clone(), addresses, database_url, data })
}
