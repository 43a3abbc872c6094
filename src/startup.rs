//! Builds the whole application from `Settings`: database, mailer, session key, middleware and
//! the route table. Tests build it the same way on port 0.
use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;

use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::{SessionMiddleware, storage::CookieSessionStore};
use actix_web::cookie::{Key, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Server;
use actix_web::{App, HttpServer, middleware, web};
use anyhow::Context;
use tracing_actix_web::TracingLogger;

use crate::auth::token;
use crate::clock::Clock;
use crate::config::Settings;
use crate::mail::Mailer;
use crate::state::AppState;

pub struct Application {
    port: u16,
    server: Server,
    /// The sweep for fallen flags and the heartbeat (see `scheduler::start`).
    sweeper: tokio::task::JoinHandle<()>,
    state: web::Data<AppState>,
}

impl Application {
    pub async fn build(mut settings: Settings, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
        let db =
            crate::db::connect_and_migrate_with(&settings.database_url(), settings.database.sqlite_synchronous).await?;
        let key = session_key(&settings)?;
        let listener =
            TcpListener::bind(&settings.server.bind).with_context(|| format!("binding {}", settings.server.bind))?;
        let port = listener.local_addr()?.port();
        if settings.server.base_url.trim().is_empty() {
            settings.server.base_url = default_base_url(&settings.server.bind, port);
        }
        // After the public address is known: mails link under it.
        let mailer = Mailer::from_settings(&settings)?;
        let trusted_proxies = settings.trusted_proxies()?;
        let session_hours = i64::from(settings.security.session_absolute_hours.max(1));
        let cluster = crate::cluster::Cluster::new(&db);
        let state = web::Data::new(AppState {
            cluster,
            trusted_proxies,
            db,
            mailer,
            clock,
            settings,
            live: crate::live_hub::LiveHub::default(),
            live_games: crate::live_games::LiveGames::default(),
            pages: Default::default(),
            pdfs: Default::default(),
            followed: Default::default(),
        });
        let sweeper = crate::scheduler::start(state.clone()).await?;
        let live_state = state.clone();
        let secure = state.settings.server.secure_cookies;
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(crate::web::form_config())
                .app_data(crate::web::path_config())
                .app_data(crate::web::query_config())
                .app_data(web::PayloadConfig::new(crate::web::MAX_BODY_BYTES))
                .configure(crate::web::configure)
                .default_service(web::to(crate::web::not_found))
                .wrap(middleware::from_fn(crate::web::page_cache::serve))
                // After the CSRF guard (a forged form is refused as such), before any handler.
                .wrap(middleware::from_fn(crate::web::text_boundary::check))
                .wrap(middleware::from_fn(crate::web::middleware::followed_read_only))
                .wrap(middleware::from_fn(crate::web::middleware::csrf_guard))
                .wrap(middleware::from_fn(crate::web::middleware::render_errors))
                .wrap(middleware::from_fn(crate::web::api::cors))
                .wrap(
                    SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
                        .cookie_name("yunzi_session".into())
                        .cookie_secure(secure)
                        .cookie_http_only(true)
                        .cookie_same_site(SameSite::Lax)
                        .cookie_content_security(CookieContentSecurity::Private)
                        .session_lifecycle(
                            PersistentSession::default().session_ttl(CookieDuration::hours(session_hours)),
                        )
                        .build(),
                )
                .wrap(crate::web::middleware::security_headers())
                .wrap(middleware::from_fn(crate::web::middleware::allow_embed_framing))
                .wrap(middleware::Compress::default())
                .wrap(TracingLogger::<crate::web::middleware::RedactedRootSpan>::new())
        })
        // A response written in pieces (a streamed static file, a live stream's first message)
        // must not wait for the reader's delayed acknowledgement (40 ms a time under Nagle).
        .on_connect(|connection, _| {
            if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
                let _ = tcp.set_nodelay(true);
            }
        })
        .listen(listener)?
        .run();
        Ok(Application { port, server, sweeper, state: live_state })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// A handle that can stop the server (tests use it to shut down cleanly).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stopped = self.server.await;
        // The last heartbeat (while this instance still holds the sweep) tells the next start
        // when we stopped. Then no sweeping without a server: waiting for the aborted task
        // closes the session that held the sweep's lock (PostgreSQL), so an instance started
        // next takes it at once.
        crate::scheduler::last_beat_on_stop(&self.state).await;
        self.sweeper.abort();
        let _ = self.sweeper.await;
        stopped
    }
}

/// Links in mails point at the address we listen on when no public address is configured.
fn default_base_url(bind: &str, port: u16) -> String {
    let host = bind.rsplit_once(':').map(|(h, _)| h).unwrap_or("127.0.0.1");
    let host = match host {
        "0.0.0.0" | "" => "127.0.0.1",
        "[::]" => "[::1]",
        other => other,
    };
    format!("http://{host}:{port}")
}

/// The key that signs and encrypts session cookies: from the settings (environment), or
/// generated once and kept in the data folder so a restart logs nobody out.
fn session_key(settings: &Settings) -> anyhow::Result<Key> {
    let configured = settings.security.session_key.trim();
    if !configured.is_empty() {
        let bytes = token::from_hex(configured)
            .filter(|b| b.len() >= 64)
            .context("security.session_key must be at least 64 bytes written as hex digits")?;
        return Ok(Key::from(&bytes));
    }
    let path = settings.data.dir.join("session.key");
    if let Ok(text) = std::fs::read_to_string(&path) {
        if let Some(bytes) = token::from_hex(text.trim()).filter(|b| b.len() >= 64) {
            return Ok(Key::from(&bytes));
        }
        anyhow::bail!("{} is damaged; delete it to make a new one", path.display());
    }
    let mut bytes = [0u8; 64];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    write_private(&path, &token::hex(&bytes))?;
    tracing::info!(path = %path.display(), "generated a new session key");
    Ok(Key::from(&bytes))
}

fn write_private(path: &Path, contents: &str) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    use std::io::Write;
    let mut file = options.open(path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(contents.as_bytes())?;
    Ok(())
}
