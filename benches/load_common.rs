//! What the load examples share: the app on loopback in a fresh data folder (SQLite, or
//! DATABASE_URL), with room for `streams` streams from one address.
use std::path::PathBuf;
use std::sync::Arc;

use yunzi::clock::SystemClock;
use yunzi::config::Settings;
use yunzi::startup::Application;

pub struct LoadApp {
    /// host:port the app listens on.
    pub address: String,
    /// Its database, for the example to fill.
    pub database_url: String,
    /// Its data folder, removed by the example at the end.
    pub data: PathBuf,
}

/// Starts the app for example `name` and returns where it is.
pub async fn start(name: &str, streams: usize) -> anyhow::Result<LoadApp> {
    let data = std::env::temp_dir().join(format!("yunzi-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let mut settings = Settings::defaults()?;
    settings.server.bind = "127.0.0.1:0".into();
    settings.data.dir = data.clone();
    // Every stream comes from loopback here, where a real crowd has a thousand addresses.
    settings.live.max_streams_per_address = streams + 1;
    settings.live.max_streams = settings.live.max_streams.max(streams + 1);
    if let Ok(url) = std::env::var("DATABASE_URL") {
        settings.database.url = url;
    }
    let database_url = settings.database_url();
    let app = Application::build(settings, Arc::new(SystemClock)).await?;
    let address = format!("127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    Ok(LoadApp { address, database_url, data })
}
