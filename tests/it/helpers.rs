//! The test harness: a running app, a browser-like HTTP client, mail readers, and helpers to
//! read pages.
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use yunzi::clock::{Clock, SystemClock};
use yunzi::config::{MailTransport, Settings, SmtpTls};
use yunzi::startup::Application;

pub type TestResult = Result<(), Box<dyn std::error::Error>>;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh, unique folder under the system temp dir.
pub fn temp_dir(prefix: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("yunzi-{prefix}-{}-{n}-{}", std::process::id(), nanos()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

fn nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
}

pub fn unique(prefix: &str) -> String {
    format!("{prefix}{}x{}", COUNTER.fetch_add(1, Ordering::SeqCst), nanos() % 1_000_000_000)
}

/// Which database this run of the suite uses.
pub fn on_postgres() -> bool {
    std::env::var("TEST_DATABASE").map(|v| v == "postgres").unwrap_or(false)
}

/// A database URL for one test: a file in the data folder (the app creates and migrates it), or
/// a new PostgreSQL database copied from one migrated once per run of the suite, as crates.io's
/// test harness does: a copy took the machine about 0.1 s of CPU, a new database and its
/// migrations about 1 s (issue 52).
pub async fn database_url(data: &Path) -> Result<String, Box<dyn std::error::Error>> {
    if !on_postgres() {
        return Ok(sqlite_url(data));
    }
    let template = POSTGRES_TEMPLATE.get_or_try_init(migrated_template).await?;
    create_postgres_database(&format!("TEMPLATE {template}")).await
}

/// A database URL with no schema at all, for the tests of the migrations themselves.
pub async fn empty_database_url(data: &Path) -> Result<String, Box<dyn std::error::Error>> {
    if !on_postgres() {
        return Ok(sqlite_url(data));
    }
    create_postgres_database("").await
}

fn sqlite_url(data: &Path) -> String {
    format!("sqlite://{}?mode=rwc", data.join("yunzi.db").display())
}

/// The name of this run's migrated PostgreSQL database, which no test connects to.
static POSTGRES_TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

async fn migrated_template() -> Result<String, Box<dyn std::error::Error>> {
    let url = create_postgres_database("").await?;
    let name = url.rsplit_once('/').map(|(_, name)| name.to_string()).unwrap_or_default();
    let db = yunzi::db::connect_and_migrate(&url).await?;
    // A database is copied only while nobody is connected to it.
    db.close().await?;
    Ok(name)
}

/// A new database on the run's PostgreSQL server (`options`: e.g. its template).
async fn create_postgres_database(options: &str) -> Result<String, Box<dyn std::error::Error>> {
    let admin_url = std::env::var("TEST_POSTGRES_URL")
        .map_err(|_| "TEST_DATABASE=postgres needs TEST_POSTGRES_URL (the README test command sets it)")?;
    let name = unique("yunzi_t");
    let admin = Database::connect(admin_url.as_str()).await?;
    admin.execute_unprepared(&format!("CREATE DATABASE {name} {options}")).await?;
    admin.close().await?;
    let base = admin_url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin_url);
    Ok(format!("{base}/{name}"))
}

/// A local SMTP server process (Python's aiosmtpd) that stores every message in a Maildir.
pub struct SmtpServer {
    child: Child,
    pub port: u16,
    pub maildir: PathBuf,
}

impl SmtpServer {
    pub fn start() -> Result<SmtpServer, Box<dyn std::error::Error>> {
        let port = free_port()?;
        // Python creates the Maildir (cur/new/tmp) only when the folder does not exist yet.
        let maildir = temp_dir("maildir").join("box");
        let child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start python3 -m aiosmtpd ({e}); the README test command installs it"))?;
        let mut server = SmtpServer { child, port, maildir };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Ok(server);
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                return Err(
                    format!("aiosmtpd exited at start ({status}); is it installed? (pip install aiosmtpd)").into()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err("aiosmtpd did not start listening".into())
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// The real `yunzi serve` binary in a process of its own.
pub struct ServerProcess {
    pub base: String,
    child: Child,
    log: Arc<Mutex<String>>,
}

impl ServerProcess {
    /// `yunzi serve --data DIR --bind 127.0.0.1:0` with debug logging and `env` (on its embedded
    /// SQLite unless `env` names a DATABASE_URL); waits for the address.
    pub fn start(data: &Path, env: &[(&str, &str)]) -> Result<ServerProcess, Box<dyn std::error::Error>> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_yunzi"))
            .args(["serve", "--bind", "127.0.0.1:0", "--data"])
            .arg(data)
            .env("RUST_LOG", "debug")
            .env("NO_COLOR", "1")
            .env_remove("DATABASE_URL")
            .envs(env.iter().copied())
            .current_dir(data)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let log = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        for stream in [
            child.stdout.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
            child.stderr.take().map(|s| Box::new(s) as Box<dyn Read + Send>),
        ]
        .into_iter()
        .flatten()
        {
            let log = log.clone();
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if let Some(rest) = line.split("serving on http://").nth(1) {
                        let _ = tx.send(rest.split_whitespace().next().unwrap_or("").to_string());
                    }
                    if let Ok(mut log) = log.lock() {
                        log.push_str(&line);
                        log.push('\n');
                    }
                }
            });
        }
        let address =
            rx.recv_timeout(std::time::Duration::from_secs(60)).map_err(|_| "the server did not report its address")?;
        Ok(ServerProcess { child, base: format!("http://{address}"), log })
    }

    pub fn log(&self) -> String {
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// Ends the process at once (SIGKILL): no clean stop, as a crash or a pulled plug.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

pub enum MailSetup {
    /// The default: .eml files in the data folder's outbox.
    Outbox,
    /// A real SMTP server process on loopback.
    Smtp,
}

pub struct TestApp {
    pub base: String,
    pub data: PathBuf,
    pub database_url: String,
    pub smtp: Option<SmtpServer>,
    handle: actix_web::dev::ServerHandle,
}

pub struct Options {
    pub mail: MailSetup,
    pub clock: Arc<dyn Clock>,
    pub login_failures_per_account: u32,
    pub login_failures_per_address: u32,
    /// Sign-ups allowed from one address in the mail window (the tests sign up from one).
    pub sign_ups_per_address: u32,
    /// Reverse proxies whose X-Forwarded-For is believed ("127.0.0.1").
    pub trusted_proxies: String,
    /// Periodic backups: minutes between them (0: off) and how many to keep.
    pub backup_every_minutes: u32,
    pub backup_keep: u32,
    /// Live-board streams allowed in all and per client address.
    pub max_streams: usize,
    pub max_streams_per_address: usize,
    /// The session key as hex (empty: one made for the data folder), for instances that share
    /// their sessions.
    pub session_key: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mail: MailSetup::Outbox,
            clock: Arc::new(SystemClock),
            login_failures_per_account: 5,
            login_failures_per_address: 1000,
            sign_ups_per_address: 1000,
            trusted_proxies: String::new(),
            backup_every_minutes: 0,
            backup_keep: 24,
            max_streams: 10_000,
            max_streams_per_address: 256,
            session_key: String::new(),
        }
    }
}

impl TestApp {
    pub async fn spawn() -> Result<TestApp, Box<dyn std::error::Error>> {
        Self::spawn_with(Options::default()).await
    }

    pub async fn spawn_with(options: Options) -> Result<TestApp, Box<dyn std::error::Error>> {
        let data = temp_dir("data");
        let url = database_url(&data).await?;
        Self::spawn_on(data, url, "127.0.0.1:0", options).await
    }

    /// Another instance on the database at `url` (PostgreSQL), with a data folder of its own.
    pub async fn spawn_sharing(url: &str, options: Options) -> Result<TestApp, Box<dyn std::error::Error>> {
        Self::spawn_on(temp_dir("data"), url.to_string(), "127.0.0.1:0", options).await
    }

    /// Stops the server, as a shutdown would; `start_again` brings it back.
    pub async fn stop(&mut self) {
        self.handle.stop(true).await;
        // The stopped server's last steps (its final heartbeat) run on its own task.
        actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    }

    /// Starts the stopped server again on the same address, data folder and database.
    pub async fn start_again(&mut self, clock: Arc<dyn Clock>) -> TestResult {
        let options = Options { clock, ..Options::default() };
        let bind = self.base.trim_start_matches("http://").to_string();
        let again = Self::spawn_on(self.data.clone(), self.database_url.clone(), &bind, options).await?;
        // The old handle's server has stopped already: dropping it changes nothing.
        drop(std::mem::replace(self, again));
        Ok(())
    }

    async fn spawn_on(
        data: PathBuf,
        url: String,
        bind: &str,
        options: Options,
    ) -> Result<TestApp, Box<dyn std::error::Error>> {
        // The server's warnings and errors (a 500's cause) go to the test's captured output,
        // shown when the test fails.
        let _ = tracing_subscriber::fmt().with_env_filter("warn").with_test_writer().try_init();
        let mut settings = Settings::defaults()?;
        settings.server.bind = bind.into();
        settings.data.dir = data.clone();
        settings.database.url = url;
        settings.security.login_failures_per_account = options.login_failures_per_account;
        settings.security.login_failures_per_address = options.login_failures_per_address;
        settings.security.sign_ups_per_address = options.sign_ups_per_address;
        settings.server.trusted_proxies = options.trusted_proxies;
        settings.backup.every_minutes = options.backup_every_minutes;
        settings.backup.keep = options.backup_keep;
        settings.live.max_streams = options.max_streams;
        settings.live.max_streams_per_address = options.max_streams_per_address;
        settings.security.session_key = options.session_key;
        let smtp = match options.mail {
            MailSetup::Outbox => None,
            MailSetup::Smtp => {
                let server = SmtpServer::start()?;
                settings.mail.transport = MailTransport::Smtp;
                settings.mail.smtp.host = "127.0.0.1".into();
                settings.mail.smtp.port = server.port;
                settings.mail.smtp.tls = SmtpTls::None;
                Some(server)
            }
        };
        let database_url = settings.database.url.clone();
        let app = Application::build(settings, options.clock).await?;
        let base = format!("http://127.0.0.1:{}", app.port());
        let handle = app.handle();
        actix_web::rt::spawn(app.run_until_stopped());
        Ok(TestApp { base, data, database_url, smtp, handle })
    }

    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// Every message sent so far, oldest first.
    pub fn mails(&self) -> Vec<MailMessage> {
        let mut files = Vec::new();
        match &self.smtp {
            Some(server) => {
                for sub in ["new", "cur"] {
                    collect_files(&server.maildir.join(sub), &mut files);
                }
            }
            None => collect_files(&self.data.join("outbox"), &mut files),
        }
        files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        files
            .iter()
            .filter_map(|p| std::fs::read(p).ok())
            .filter(|raw| !raw.is_empty())
            .map(|raw| MailMessage::parse(&raw))
            .collect()
    }

    pub fn mails_to(&self, address: &str) -> Vec<MailMessage> {
        self.mails().into_iter().filter(|m| m.to.to_lowercase().contains(&address.to_lowercase())).collect()
    }

    /// Waits briefly for a message to `address` whose body holds a link starting with `prefix`.
    pub async fn link_in_mail(&self, address: &str, prefix: &str) -> Result<String, Box<dyn std::error::Error>> {
        for _ in 0..50 {
            for mail in self.mails_to(address).iter().rev() {
                if let Some(link) = mail.link_starting(&format!("{}{prefix}", self.base)) {
                    return Ok(link);
                }
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        Err(format!("no mail to {address} with a {prefix} link").into())
    }

    /// A direct connection to the app's database, for checking what is (not) stored.
    pub async fn db(&self) -> Result<DatabaseConnection, Box<dyn std::error::Error>> {
        Ok(yunzi::db::connect(&self.database_url).await?)
    }

    /// Everything the app stores, every column of every row, as one string: equal before and
    /// after a refused request means the request changed nothing.
    pub async fn fingerprint(&self) -> Result<String, Box<dyn std::error::Error>> {
        use sea_orm::{EntityTrait, QueryOrder};
        use yunzi::db::entities::*;
        let db = self.db().await?;
        let out = format!(
            "{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}\n{:?}",
            user::Entity::find().order_by_asc(user::Column::Id).all(&db).await?,
            auth_token::Entity::find().order_by_asc(auth_token::Column::Id).all(&db).await?,
            event::Entity::find().order_by_asc(event::Column::Id).all(&db).await?,
            event_staff::Entity::find().order_by_asc(event_staff::Column::Id).all(&db).await?,
            player::Entity::find().order_by_asc(player::Column::Id).all(&db).await?,
            round::Entity::find().order_by_asc(round::Column::Id).all(&db).await?,
            game::Entity::find().order_by_asc(game::Column::Id).all(&db).await?,
            bye::Entity::find().order_by_asc(bye::Column::Id).all(&db).await?,
            audit::Entity::find().order_by_asc(audit::Column::Id).all(&db).await?,
            lineup::Entity::find().order_by_asc(lineup::Column::Id).all(&db).await?,
            dispute::Entity::find().order_by_asc(dispute::Column::Id).all(&db).await?,
        );
        db.close().await?;
        Ok(out)
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // stop() sends the command at once; the returned future only waits for the end.
        drop(self.handle.stop(false));
    }
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.path().is_file() {
                out.push(entry.path());
            }
        }
    }
}

/// One e-mail, decoded enough to read its recipient, subject and text.
#[derive(Debug, Clone)]
pub struct MailMessage {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl MailMessage {
    pub fn parse(raw: &[u8]) -> MailMessage {
        let text = String::from_utf8_lossy(raw).replace("\r\n", "\n");
        let (head, body) = text.split_once("\n\n").unwrap_or((&text, ""));
        // Unfold continued header lines.
        let head = head.replace("\n ", " ").replace("\n\t", " ");
        let header = |name: &str| {
            head.lines()
                .find(|l| l.to_lowercase().starts_with(&format!("{}:", name.to_lowercase())))
                .map(|l| l.split_once(':').map(|(_, v)| v.trim().to_string()).unwrap_or_default())
                .unwrap_or_default()
        };
        let encoding = header("Content-Transfer-Encoding").to_lowercase();
        let body = match encoding.as_str() {
            "base64" => String::from_utf8_lossy(&base64_decode(body)).into_owned(),
            "quoted-printable" => String::from_utf8_lossy(&quoted_printable_decode(body)).into_owned(),
            _ => body.to_string(),
        };
        MailMessage { to: header("To"), subject: decode_words(&header("Subject")), body: body.replace("\r\n", "\n") }
    }

    pub fn link_starting(&self, prefix: &str) -> Option<String> {
        let start = self.body.find(prefix)?;
        let link: String = self.body[start..].chars().take_while(|c| !c.is_whitespace()).collect();
        Some(link)
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    };
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let Some(v) = value(c) else { continue };
        buffer = (buffer << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    out
}

fn quoted_printable_decode(text: &str) -> Vec<u8> {
    let bytes = text.replace("=\n", "").into_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && i + 2 < bytes.len()
            && let Ok(v) = u8::from_str_radix(&String::from_utf8_lossy(&bytes[i + 1..i + 3]), 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// RFC 2047 encoded words in a header (=?utf-8?b?...?= and =?utf-8?q?...?=).
fn decode_words(value: &str) -> String {
    let mut out = String::new();
    for word in value.split_whitespace() {
        if let Some(inner) = word.strip_prefix("=?").and_then(|w| w.strip_suffix("?=")) {
            let parts: Vec<&str> = inner.splitn(3, '?').collect();
            if let [_, encoding, data] = parts.as_slice() {
                let bytes = if encoding.eq_ignore_ascii_case("b") {
                    base64_decode(data)
                } else {
                    quoted_printable_decode(&data.replace('_', " "))
                };
                out.push_str(&String::from_utf8_lossy(&bytes));
                continue;
            }
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A browser-like client: keeps cookies, does not follow redirects (tests look at them), and
/// sends each form with the CSRF token of the current session.
pub struct Client {
    pub base: String,
    http: reqwest::Client,
    jar: Arc<reqwest::cookie::Jar>,
    csrf: Option<String>,
}

pub struct Page {
    pub status: u16,
    pub location: Option<String>,
    pub body: String,
    /// The response's ETag, and how its body was encoded on the wire.
    pub etag: Option<String>,
    pub encoding: Option<String>,
    /// The answer set a cookie (the session's, sealed again).
    pub sets_cookie: bool,
}

impl Page {
    pub fn assert_status(&self, expected: u16) -> Result<&Page, Box<dyn std::error::Error>> {
        if self.status != expected {
            return Err(format!(
                "expected {expected}, got {} {:?}: {}",
                self.status,
                self.location,
                excerpt(&self.body)
            )
            .into());
        }
        Ok(self)
    }

    pub fn redirected_to(&self, path: &str) -> bool {
        self.status == 303 && self.location.as_deref().is_some_and(|l| l.starts_with(path))
    }
}

fn excerpt(body: &str) -> String {
    if let Some(start) = body.find("class=\"error\"") {
        return body[start..].chars().take(400).collect();
    }
    if let Some(start) = body.find("<main>") {
        return body[start..].chars().take(600).collect();
    }
    body.chars().take(400).collect()
}

/// How long the test client keeps an idle connection for the next request.
const IDLE_CONNECTION: Duration = Duration::from_secs(3);

impl Client {
    pub fn new(base: &str) -> Client {
        let jar = Arc::new(reqwest::cookie::Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            // Shorter than the server's keep-alive (actix: 5 s), so a connection the server is
            // closing is never taken again: on a loaded machine that raced into "connection reset".
            .pool_idle_timeout(IDLE_CONNECTION)
            .build()
            .unwrap_or_default();
        Client { base: base.to_string(), http, jar, csrf: None }
    }

    /// Another browser holding a copy of this one's cookies and form token, as an attacker
    /// who copied the cookie would.
    pub fn copy(&self) -> Result<Client, Box<dyn std::error::Error>> {
        self.copy_to(&self.base)
    }

    /// The same browser on another server (`base`): another instance of the same deployment,
    /// as a reverse proxy sends it there.
    pub fn copy_to(&self, base: &str) -> Result<Client, Box<dyn std::error::Error>> {
        use reqwest::cookie::CookieStore;
        let url: url::Url = self.base.parse()?;
        let mut copy = Client::new(base);
        if let Some(header) = self.jar.cookies(&url) {
            for cookie in header.to_str()?.split("; ") {
                copy.jar.add_cookie_str(cookie, &base.parse()?);
            }
        }
        copy.csrf = self.csrf.clone();
        Ok(copy)
    }

    /// Sends the next requests with this X-Forwarded-For header (as a reverse proxy would).
    pub fn forwarded_for(&mut self, address: &str) -> Result<(), Box<dyn std::error::Error>> {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("x-forwarded-for", address.parse()?);
        self.http = reqwest::Client::builder()
            .cookie_provider(self.jar.clone())
            .redirect(reqwest::redirect::Policy::none())
            .pool_idle_timeout(IDLE_CONNECTION)
            .default_headers(headers)
            .build()?;
        Ok(())
    }

    /// POSTs with the form token this client last saw, never fetching a new one (a replayed
    /// request carries what was copied).
    pub async fn post_with_token(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let token = self.csrf.clone().ok_or("no token copied")?;
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        form.push(("csrf_token", &token));
        self.post_raw(path, &form).await
    }

    async fn page(response: reqwest::Response) -> Result<Page, Box<dyn std::error::Error>> {
        let status = response.status().as_u16();
        let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
        let (location, etag, encoding) = (header("location"), header("etag"), header("content-encoding"));
        let sets_cookie = response.headers().contains_key("set-cookie");
        let body = response.text().await?;
        Ok(Page { status, location, body, etag, encoding, sets_cookie })
    }

    pub async fn get(&mut self, path: &str) -> Result<Page, Box<dyn std::error::Error>> {
        let url = format!("{}{path}", self.base);
        let response = match self.http.get(&url).send().await {
            Ok(response) => response,
            // A kept-alive connection the server was closing as it was taken again (seen once on
            // a loaded machine despite the short idle time above: "connection reset by peer"):
            // a GET changes nothing, so it is sent once more, on a new connection.
            Err(e) if e.is_request() && !e.is_timeout() => self.http.get(&url).send().await?,
            Err(e) => return Err(e.into()),
        };
        let page = Self::page(response).await?;
        if let Some(token) = csrf_in(&page.body) {
            self.csrf = Some(token);
        }
        Ok(page)
    }

    /// GETs a file (a PDF, an export) as bytes; anything but 200 is an error.
    pub async fn get_bytes(&self, path: &str) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
        let response = self.http.get(format!("{}{path}", self.base)).send().await?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await?.to_vec();
        if status != 200 {
            return Err(format!(
                "{path}: {status}: {}",
                String::from_utf8_lossy(&bytes).chars().take(300).collect::<String>()
            )
            .into());
        }
        Ok(bytes)
    }

    /// GETs `path` with extra request headers (If-None-Match, X-Forwarded-For …).
    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Result<Page, Box<dyn std::error::Error>> {
        let mut request = self.http.get(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Self::page(request.send().await?).await
    }

    /// A move posted to a board's `/play` carries the number of the move it is meant for, as the
    /// board's form and script always send it (the server refuses one without): read from the
    /// board page when `fields` leave it out. None for any other path, or when given.
    async fn move_number_for(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<Option<String>, Box<dyn std::error::Error>> {
        let Some(board) = path.strip_suffix("/play") else { return Ok(None) };
        if fields.iter().any(|(name, _)| *name == "move") {
            return Ok(None);
        }
        let page = self.get(board).await?;
        let moves = page
            .body
            .split("data-moves=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|n| n.parse::<usize>().ok());
        Ok(moves.map(|n| (n + 1).to_string()))
    }

    pub async fn token(&mut self) -> Result<String, Box<dyn std::error::Error>> {
        if self.csrf.is_none() {
            self.get("/login").await?;
        }
        self.csrf.clone().ok_or_else(|| "no CSRF token on the page".into())
    }

    /// POSTs a form with this session's CSRF token.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Result<Page, Box<dyn std::error::Error>> {
        let number = self.move_number_for(path, fields).await?;
        let token = self.token().await?;
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        if let Some(number) = &number {
            form.push(("move", number));
        }
        form.push(("csrf_token", &token));
        self.post_raw(path, &form).await
    }

    /// POSTs exactly these fields (no token added), as a same-origin browser form would.
    pub async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Result<Page, Box<dyn std::error::Error>> {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Origin", self.base.clone())
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(serde_urlencoded::to_string(fields)?)
            .send()
            .await?;
        let page = Self::page(response).await?;
        // Like a browser, take the token from the page that holds the next form; after a
        // redirect (login, logout) the session may have a new one.
        self.csrf = csrf_in(&page.body);
        Ok(page)
    }

    /// POSTs a form with this session's CSRF token from the page `page` of this site, as a
    /// browser sends it (the page in Referer, as our same-origin referrer policy lets it).
    pub async fn post_from(
        &mut self,
        page: &str,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let headers = [("Origin", self.base.clone()), ("Referer", format!("{}{page}", self.base))];
        self.post_with_headers(path, fields, &headers).await
    }

    /// POSTs a form with this session's cookies and token, as a page on another site would
    /// make the browser do (Fetch-Metadata says cross-site).
    pub async fn post_cross_site(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let headers = [("Sec-Fetch-Site", "cross-site".to_string()), ("Origin", "https://evil.example".to_string())];
        self.post_with_headers(path, fields, &headers).await
    }

    /// POSTs a form with this session's token and the request headers given.
    /// POSTs a form as the page's own script sends an action (fetch, `Yunzi-Script: 1`).
    pub async fn post_from_script(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let headers = [("Origin", self.base.clone()), ("Yunzi-Script", "1".to_string())];
        self.post_with_headers(path, fields, &headers).await
    }

    async fn post_with_headers(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        headers: &[(&str, String)],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let number = self.move_number_for(path, fields).await?;
        let token = self.token().await?;
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        if let Some(number) = &number {
            form.push(("move", number));
        }
        form.push(("csrf_token", &token));
        let mut request = self.http.post(format!("{}{path}", self.base));
        for (name, value) in headers {
            request = request.header(*name, value.clone());
        }
        let response = request
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(serde_urlencoded::to_string(&form)?)
            .send()
            .await?;
        Self::page(response).await
    }

    /// POSTs a multipart form (file upload) with this session's CSRF token.
    pub async fn post_file(
        &mut self,
        path: &str,
        field: &str,
        filename: &str,
        content: &str,
    ) -> Result<Page, Box<dyn std::error::Error>> {
        self.post_multipart(path, &[], field, filename, content.as_bytes()).await
    }

    /// POSTs a multipart form of text `fields` and one file of raw `content`.
    pub async fn post_multipart(
        &mut self,
        path: &str,
        fields: &[(&str, &str)],
        file_field: &str,
        filename: &str,
        content: &[u8],
    ) -> Result<Page, Box<dyn std::error::Error>> {
        let token = self.token().await?;
        let boundary = "----yunzitestboundary9QX2ZpRatings";
        let mut body = Vec::new();
        for (name, value) in std::iter::once(("csrf_token", token.as_str())).chain(fields.iter().copied()) {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{file_field}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(content);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Origin", self.base.clone())
            .header("Content-Type", format!("multipart/form-data; boundary={boundary}"))
            .body(body)
            .send()
            .await?;
        Self::page(response).await
    }

    /// Signs up, confirms through the mailed link, and logs in.
    pub async fn sign_up_and_log_in(&mut self, app: &TestApp, email: &str, name: &str, password: &str) -> TestResult {
        self.post(
            "/signup",
            &[("email", email), ("display_name", name), ("password", password), ("password_again", password)],
        )
        .await?
        .assert_status(200)?;
        let link = app.link_in_mail(email, "/confirm/").await?;
        let path = link.trim_start_matches(&app.base).to_string();
        self.get(&path).await?.assert_status(200)?;
        let confirmed = self.post(&path, &[]).await?;
        if !confirmed.redirected_to("/login") {
            return Err(format!("confirmation failed: {}", confirmed.status).into());
        }
        self.log_in(email, password).await
    }

    pub async fn log_in(&mut self, email: &str, password: &str) -> TestResult {
        let page = self.post("/login", &[("email", email), ("password", password), ("next", "/events")]).await?;
        if !page.redirected_to("/events") {
            return Err(format!("login failed: {} {}", page.status, excerpt(&page.body)).into());
        }
        // The session (and its CSRF token) is new after login.
        self.csrf = None;
        self.get("/events").await?;
        Ok(())
    }
}

pub fn csrf_in(body: &str) -> Option<String> {
    let marker = "name=\"csrf_token\" value=\"";
    let start = body.find(marker)? + marker.len();
    Some(body[start..].chars().take_while(|c| *c != '"').collect())
}

/// Undoes the HTML escaping askama applies, for reading names back from pages.
pub fn unescape(text: &str) -> String {
    text.replace("&#60;", "<")
        .replace("&#62;", ">")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
        .replace("&#38;", "&")
}

/// The value of attribute `name` in each element that has it, in page order.
pub fn attributes(body: &str, name: &str) -> Vec<String> {
    let marker = format!(" {name}=\"");
    body.match_indices(&marker)
        .map(|(i, _)| unescape(&body[i + marker.len()..].chars().take_while(|c| *c != '"').collect::<String>()))
        .collect()
}

/// The pairing table of a round page: (board, black, white).
pub fn boards(body: &str) -> Vec<(u32, String, String)> {
    let numbers = attributes(body, "data-board");
    let blacks = attributes(body, "data-black");
    let whites = attributes(body, "data-white");
    numbers
        .iter()
        .zip(blacks.iter().zip(whites.iter()))
        .filter_map(|(n, (b, w))| Some((n.parse().ok()?, b.clone(), w.clone())))
        .collect()
}

/// The standings table: name -> (points, SOS, place).
pub fn standings(body: &str) -> HashMap<String, (u32, u32, u32)> {
    let names = attributes(body, "data-player");
    let points = attributes(body, "data-points");
    let sos = attributes(body, "data-sos");
    let places = attributes(body, "data-place");
    names
        .into_iter()
        .enumerate()
        .filter_map(|(i, name)| {
            Some((name, (points.get(i)?.parse().ok()?, sos.get(i)?.parse().ok()?, places.get(i)?.parse().ok()?)))
        })
        .collect()
}

/// The number in a path such as /events/7 after a redirect.
pub fn id_after(location: &Option<String>, prefix: &str) -> Result<i32, Box<dyn std::error::Error>> {
    let location = location.as_deref().ok_or("no redirect")?;
    let rest = location.strip_prefix(prefix).ok_or_else(|| format!("{location} does not start with {prefix}"))?;
    Ok(rest.split(['/', '?', '#']).next().unwrap_or("").parse()?)
}

/// The event form, filled in with `name`, `rounds` and defaults for everything else.
pub fn event_form<'a>(name: &'a str, rounds: &'a str) -> [(&'static str, &'a str); 10] {
    [
        ("name", name),
        ("venue", "Club"),
        ("start_date", "2026-04-01"),
        ("end_date", "2026-04-01"),
        ("time_zone", "Europe/Amsterdam"),
        ("rounds", rounds),
        ("system", "swiss"),
        ("ruleset", "chinese-1988"),
        ("komi", "7.5"),
        ("time_control", ""),
    ]
}

/// A new event of `director`'s: the event form with `system`, and `extra` fields in place of
/// the form's own; then the players of `csv`. Returns its path ("/events/7").
pub async fn event_of(
    director: &mut Client,
    name: &str,
    system: &str,
    extra: &[(&str, &str)],
    csv: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let mut fields: Vec<(&str, &str)> = event_form(name, "3")
        .into_iter()
        .filter(|(k, _)| *k != "system" && !extra.iter().any(|(e, _)| e == k))
        .collect();
    fields.push(("system", system));
    fields.extend_from_slice(extra);
    let created = director.post("/events", &fields).await?;
    let event = format!("/events/{}", id_after(&created.location, "/events/")?);
    director.post_file(&format!("{event}/players/import"), "file", "p.csv", csv).await?.assert_status(303)?;
    Ok(event)
}

/// Twelve players, as a director's CSV file. Some have addresses (they get pairing mails).
pub fn twelve_players_csv(tag: &str) -> String {
    let mut csv = String::from("name,rank,rating,club,country,email\n");
    let players = [
        ("Chen Yaoye", "7d", "2700", "Beijing", "CN"),
        ("Li Xuanhao", "6d", "2650", "Chongqing", "CN"),
        ("Anna Kovacs", "5d", "2500", "Budapest", "HU"),
        ("王小明", "4d", "2400", "杭州棋院", "CN"),
        ("Tom de Vries", "3d", "2300", "Leiden", "NL"),
        ("Sato Yuki", "2d", "2200", "Tokyo", "JP"),
        ("Kim Minji", "1d", "2100", "Seoul", "KR"),
        ("Lukas Novak", "1k", "2000", "Prague", "CZ"),
        ("Maria Rossi", "2k", "1900", "Milano", "IT"),
        ("张三", "3k", "1800", "上海", "CN"),
        ("John Smith", "5k", "1600", "London", "GB"),
        ("Ola Nordmann", "10k", "1200", "Oslo", "NO"),
    ];
    for (i, (name, rank, rating, club, country)) in players.iter().enumerate() {
        let email = if i % 3 == 0 { format!("p{i}-{tag}@example.org") } else { String::new() };
        csv.push_str(&format!("{name},{rank},{rating},{club},{country},{email}\n"));
    }
    csv
}

/// Points and SOS computed by the test itself from the results it entered, to check the
/// app's standings against: win 2, draw 1, loss 0 (1988 Art. 28); SOS sums opponents' points.
#[derive(Default)]
pub struct Ledger {
    pub points: HashMap<String, u32>,
    pub opponents: HashMap<String, Vec<String>>,
}

impl Ledger {
    pub fn game(&mut self, black: &str, white: &str, black_points: u32, white_points: u32) {
        *self.points.entry(black.to_string()).or_default() += black_points;
        *self.points.entry(white.to_string()).or_default() += white_points;
        self.opponents.entry(black.to_string()).or_default().push(white.to_string());
        self.opponents.entry(white.to_string()).or_default().push(black.to_string());
    }

    pub fn sos(&self, player: &str) -> u32 {
        self.opponents
            .get(player)
            .map(|list| list.iter().map(|o| self.points.get(o).copied().unwrap_or(0)).sum())
            .unwrap_or(0)
    }
}
