//! More than one `yunzi serve` on one PostgreSQL database (see docs/DEPLOY.md).
//!
//! Each instance keeps its own watchers (`LiveHub`). A change to a live board made through one
//! instance is told to the others with PostgreSQL's `NOTIFY`; an instance with watchers of that
//! board reads it again and sends it to them. The periodic work (the sweep for fallen flags,
//! the heartbeat) runs on the one instance that holds an advisory lock: the lock belongs to a
//! database session of its own, so when that instance dies its session ends, the lock is free,
//! and the next instance to ask takes the work over within a sweep's tick.
//!
//! On SQLite there is one instance: it does all the periodic work and tells nobody.
use std::sync::atomic::{AtomicBool, Ordering};

use sea_orm::sqlx::postgres::{PgConnection, PgListener, PgPool};
use sea_orm::{DatabaseBackend, DatabaseConnection};

/// The channel live boards' changes are told on.
const CHANNEL: &str = "yunzi_live";

/// The advisory lock of the periodic work ("yunzi" and 1). Advisory locks belong to one
/// database, so deployments on other databases of the same server do not meet.
const SWEEP_LOCK: i64 = 0x7975_6e7a_6901;

/// A live board: its game, and its place (event, round number, board number) to read it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardPlace {
    pub game: i32,
    pub event_id: i32,
    pub round: i32,
    pub board: i32,
}

pub struct Cluster {
    /// This instance's name in what it tells, so that it skips its own news.
    instance: String,
    /// The database's pool when it is PostgreSQL (None on SQLite: one instance, nobody to tell).
    pool: Option<PgPool>,
    /// Whether this instance ran the sweep at its last tick.
    sweeping: AtomicBool,
}

impl Cluster {
    pub fn new(db: &DatabaseConnection) -> Cluster {
        let mut bytes = [0u8; 8];
        // Without randomness the name still differs by process and time.
        if getrandom::fill(&mut bytes).is_err() {
            let seed = std::process::id() as u64 ^ chrono::Utc::now().timestamp_nanos_opt().unwrap_or(0) as u64;
            bytes = seed.to_le_bytes();
        }
        let pool =
            (db.get_database_backend() == DatabaseBackend::Postgres).then(|| db.get_postgres_connection_pool().clone());
        Cluster { instance: crate::auth::token::hex(&bytes), pool, sweeping: AtomicBool::new(false) }
    }

    /// Whether this instance runs the sweep (as of its last tick).
    pub fn sweeps_here(&self) -> bool {
        self.sweeping.load(Ordering::Relaxed)
    }

    pub fn set_sweeps_here(&self, sweeping: bool) {
        self.sweeping.store(sweeping, Ordering::Relaxed);
    }

    /// Whether other instances may share the database (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        self.pool.is_some()
    }

    /// Tells the other instances that the board at `place` changed, and what its watchers are
    /// sent (`message`), packed into the notification when it fits (an instance that gets the
    /// news without it reads the board again). Nothing on SQLite. Sent on its own task: the
    /// request that made the change does not wait for it.
    pub fn tell_board_changed(&self, place: BoardPlace, message: &str) {
        let Some(pool) = self.pool.clone() else { return };
        let mut payload =
            format!("{} {} {} {} {}", self.instance, place.game, place.event_id, place.round, place.board);
        if let Some(packed) = pack(message)
            && payload.len() + 1 + packed.len() <= MAX_PAYLOAD
        {
            payload.push(' ');
            payload.push_str(&packed);
        }
        tokio::spawn(async move {
            let notify = sea_orm::sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload);
            if let Err(e) = notify.execute(&pool).await {
                tracing::warn!(error = %e, "the other instances could not be told of a live board's change");
            }
        });
    }

    /// Listens to the other instances' news (None on SQLite).
    pub async fn listen(&self) -> anyhow::Result<Option<News>> {
        let Some(pool) = &self.pool else { return Ok(None) };
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(News { listener, instance: self.instance.clone() }))
    }

    /// The lock of the periodic work, for this instance.
    pub fn sweep_lock(&self) -> SweepLock {
        SweepLock { pool: self.pool.clone(), session: None, holding: false }
    }
}

/// What the other instances tell.
pub struct News {
    listener: PgListener,
    instance: String,
}

/// One piece of news.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Another instance changed this board; what its watchers are sent, when it came along.
    Board(BoardPlace, Option<String>),
    /// The connection was lost and is made again: news may have been missed meanwhile.
    Reconnected,
}

impl News {
    /// The next news from another instance (this instance's own are skipped).
    pub async fn next(&mut self) -> anyhow::Result<Heard> {
        loop {
            let Some(notification) = self.listener.try_recv().await? else {
                return Ok(Heard::Reconnected);
            };
            if let Some((from, place, packed)) = parse(notification.payload())
                && from != self.instance
            {
                return Ok(Heard::Board(place, packed.and_then(unpack)));
            }
        }
    }
}

/// "<instance> <game> <event> <round> <board>", then the packed message when it came along
/// (unpacked only for news from another instance).
fn parse(payload: &str) -> Option<(&str, BoardPlace, Option<&str>)> {
    let mut parts = payload.split(' ');
    let instance = parts.next()?;
    let mut number = || parts.next()?.parse::<i32>().ok();
    let place = BoardPlace { game: number()?, event_id: number()?, round: number()?, board: number()? };
    Some((instance, place, parts.next()))
}

/// PostgreSQL's limit on a notification's payload (bytes, less one).
const MAX_PAYLOAD: usize = 7_999;

/// A message compressed and written in base64, for a notification (its text is mostly the
/// board's drawing, which compresses well).
fn pack(message: &str) -> Option<String> {
    use base64::Engine;
    use std::io::Write;
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(message.as_bytes()).ok()?;
    Some(base64::engine::general_purpose::STANDARD_NO_PAD.encode(encoder.finish().ok()?))
}

fn unpack(packed: &str) -> Option<String> {
    use base64::Engine;
    use std::io::Read;
    let bytes = base64::engine::general_purpose::STANDARD_NO_PAD.decode(packed).ok()?;
    let mut message = String::new();
    // A message is a few kilobytes: a bound keeps a forged notification from inflating a bomb.
    flate2::read::DeflateDecoder::new(bytes.as_slice()).take(1 << 20).read_to_string(&mut message).ok()?;
    Some(message)
}

/// Whether this instance does the periodic work: on SQLite always; on PostgreSQL while it holds
/// the advisory lock on a session of its own.
pub struct SweepLock {
    pool: Option<PgPool>,
    /// The session that asks for the lock (and holds it once taken).
    session: Option<PgConnection>,
    holding: bool,
}

impl SweepLock {
    /// Takes the lock when it is free, and checks that the session holding it is alive (a
    /// session that died has lost it, and another instance may hold it now).
    pub async fn held(&mut self) -> bool {
        use sea_orm::sqlx::Connection;
        let Some(pool) = &self.pool else { return true };
        let session = match &mut self.session {
            Some(session) => session,
            None => match pool.acquire().await {
                // Detached: the session is this lock's alone, and closes when it drops.
                Ok(connection) => self.session.insert(connection.detach()),
                Err(e) => {
                    tracing::warn!(error = %e, "no session for the sweep's lock");
                    return false;
                }
            },
        };
        let checked = if self.holding {
            session.ping().await.map(|()| true)
        } else {
            sea_orm::sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(SWEEP_LOCK)
                .fetch_one(&mut *session)
                .await
        };
        match checked {
            Ok(true) if !self.holding => {
                tracing::info!("this instance now runs the sweep");
                self.holding = true;
            }
            Ok(held) => self.holding = held,
            Err(e) => {
                if self.holding {
                    tracing::warn!(error = %e, "the session holding the sweep's lock was lost");
                }
                self.holding = false;
                self.session = None;
            }
        }
        self.holding
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_names_its_instance_and_board_and_nonsense_is_ignored() {
        let place = BoardPlace { game: 97, event_id: 3, round: 2, board: 41 };
        assert_eq!(parse("ab12 97 3 2 41"), Some(("ab12", place, None)));
        assert_eq!(parse("ab12 97 3 2"), None);
        assert_eq!(parse("ab12 97 3 x 41"), None);
        assert_eq!(parse(""), None);
        assert_eq!(parse("ab12 97 3 2 41 !!not-base64"), Some(("ab12", place, Some("!!not-base64"))));
        assert_eq!(unpack("!!not-base64"), None, "a broken message: the board is read again");
    }

    #[test]
    fn a_message_is_packed_small_and_comes_back_whole() {
        // A board's drawing repeats itself: a 19×19 board's message is a few kilobytes.
        let stones: String = (0..200)
            .map(|i| format!(r#"<circle class="stone black" data-point="{i}" cx="{i}" cy="3" r="0.48"/>"#))
            .collect();
        let message = format!("event: update\ndata: {{\"svg\":\"{}\"}}\n\n", stones.replace('"', "\\\""));
        let packed = pack(&message).expect("packed");
        assert!(packed.len() < MAX_PAYLOAD / 2, "{} bytes packed from {}", packed.len(), message.len());
        assert_eq!(unpack(&packed).as_deref(), Some(message.as_str()));
    }
}
