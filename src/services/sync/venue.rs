//! The venue instance's side: the link to the public copy, the pushes that keep it up to date,
//! the pull of the registrations made there, and how far behind the copy is.
use std::sync::LazyLock;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::{
    AccessMode, ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait,
    IsolationLevel, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set, TransactionTrait,
};
use serde_json::json;

use super::{PROTOCOL, Push, Received, copy};
use crate::auth::token::sha256_hex;
use crate::db::entities::{audit, sync_link, user};
use crate::domain::audit_chain::SentRow;
use crate::domain::message::Message;
use crate::error::{AppError, AppResult};
use crate::services::audit as audit_log;
use crate::state::AppState;

/// How long the venue waits after the public instance refused a push before trying again (the
/// same rows would be refused again until someone looks).
pub const AFTER_REFUSAL: Duration = Duration::from_secs(60);

/// The key of `last_error`'s message when the public instance refused the push (not a lost
/// line).
pub const REFUSED: &str = "sync-error-refused";

/// Whether a link's stored failure is the public instance's refusal.
pub fn was_refused(last_error: &str) -> bool {
    Message::from_stored(last_error).is_some_and(|m| m.key == REFUSED)
}

/// The public copy's event: its site and its id there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `https://go.example.org` (with a path prefix, if the site has one).
    pub base: String,
    pub event: i32,
}

impl Target {
    /// The copy's event page's address, as the director gives it: `https://host/events/12`.
    pub fn parse(text: &str) -> Result<Target, Message> {
        let bad = || Message::new("error-sync-address");
        let url = reqwest::Url::parse(text.trim()).map_err(|_| bad())?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() || url.query().is_some() {
            return Err(bad());
        }
        let segments: Vec<&str> = url.path().trim_end_matches('/').split('/').collect();
        let at = segments.iter().rposition(|s| *s == "events").ok_or_else(bad)?;
        let event = segments.get(at + 1).and_then(|s| s.parse::<i32>().ok()).filter(|id| *id > 0).ok_or_else(bad)?;
        if segments.len() != at + 2 {
            return Err(bad());
        }
        let origin = url.origin().ascii_serialization();
        let prefix = segments[..at].join("/");
        Ok(Target { base: format!("{origin}{prefix}"), event })
    }

    pub fn api(&self, tail: &str) -> String {
        format!("{}/api/v1/events/{}/sync{tail}", self.base, self.event)
    }

    pub fn page(&self) -> String {
        format!("{}/events/{}", self.base, self.event)
    }
}

/// The one client of the pushes and pulls: bounded waits, so a dead line fails a push instead
/// of holding it.
pub static CLIENT: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(60))
        .user_agent(concat!("yunzi/", env!("CARGO_PKG_VERSION"), " (sync)"))
        .build()
        .unwrap_or_default()
});

/// The event's link, if it has one.
pub async fn link_of(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Option<sync_link::Model>> {
    Ok(sync_link::Entity::find().filter(sync_link::Column::EventId.eq(event_id)).one(conn).await?)
}

/// Every link of this instance.
pub async fn links(conn: &impl ConnectionTrait) -> AppResult<Vec<sync_link::Model>> {
    Ok(sync_link::Entity::find().order_by_asc(sync_link::Column::EventId).all(conn).await?)
}

/// Whether a token looks like one the public instance makes (`yz_` and 64 hex digits).
fn token_shape(token: &str) -> bool {
    token.strip_prefix("yz_").is_some_and(|hex| hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// How linking went: the public instance answered (None), or could not be reached (why): the
/// link is kept and tried again.
pub type Linked = Option<Message>;

/// Links `event_id` to its copy at `address` with the public instance's sync `token`; a link
/// made before is replaced (and the copy brought up from the start of the chain; the rows it
/// has are skipped). The public instance is asked first: a token it refuses is refused here.
pub async fn link(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    address: &str,
    token: &str,
    share_addresses: bool,
) -> AppResult<Linked> {
    let target = Target::parse(address).map_err(AppError::BadRequest)?;
    let token = token.trim();
    if !token_shape(token) {
        return Err(AppError::refused("error-sync-token"));
    }
    let unreachable = match CLIENT.get(target.api("")).bearer_auth(token).send().await {
        Ok(answer) if answer.status().is_success() => None,
        Ok(answer) if matches!(answer.status().as_u16(), 401 | 403 | 404) => {
            return Err(AppError::BadRequest(
                Message::new("error-sync-token-refused").number("status", answer.status().as_u16()),
            ));
        }
        Ok(answer) => Some(refused_answer(answer).await),
        Err(e) => Some(lost_line(&e)),
    };
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    crate::services::queries::event_locked(&txn, event_id).await?;
    sync_link::Entity::delete_many().filter(sync_link::Column::EventId.eq(event_id)).exec(&txn).await?;
    sync_link::ActiveModel {
        id: NotSet,
        event_id: Set(event_id),
        address: Set(target.page()),
        token: Set(token.to_string()),
        share_addresses: Set(share_addresses),
        created_by: Set(actor.id),
        created_at: Set(now),
        pushed_row_id: Set(0),
        pushed_head: Set(String::new()),
        moves_through: Set(0),
        state_hash: Set(String::new()),
        last_attempt_at: Set(unreachable.as_ref().map(|_| now)),
        last_success_at: Set(None),
        last_error: Set(unreachable.as_ref().map(Message::to_stored)),
        last_pull_at: Set(None),
    }
    .insert(&txn)
    .await?;
    audit_log::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "sync.linked", json!({ "address": target.page(), "share_addresses": share_addresses }))
        .await?;
    Ok(unreachable)
}

/// Ends the event's link: nothing more is pushed (the public copy stays as it is).
pub async fn unlink(state: &AppState, actor: &user::Model, event_id: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(link) = link_of(&txn, event_id).await? else { return Ok(()) };
    sync_link::Entity::delete_by_id(link.id).exec(&txn).await?;
    audit_log::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "sync.unlinked", json!({ "address": link.address }))
        .await
}

/// How far behind the public copy is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub event_id: i32,
    pub address: String,
    /// The event's audit rows here, and how many of them the copy has confirmed.
    pub rows: u64,
    pub confirmed: u64,
    /// When the oldest change the copy lacks was made (None: it lacks none).
    pub oldest_unconfirmed: Option<DateTime<Utc>>,
    pub last_success_at: Option<DateTime<Utc>>,
    pub last_attempt_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_pull_at: Option<DateTime<Utc>>,
}

impl Status {
    pub fn behind(&self) -> u64 {
        self.rows.saturating_sub(self.confirmed)
    }
}

pub async fn status(conn: &impl ConnectionTrait, link: &sync_link::Model) -> AppResult<Status> {
    let of_event = || audit::Entity::find().filter(audit::Column::EventId.eq(link.event_id));
    let rows = of_event().count(conn).await?;
    let confirmed = of_event().filter(audit::Column::Id.lte(link.pushed_row_id)).count(conn).await?;
    let oldest_unconfirmed = of_event()
        .filter(audit::Column::Id.gt(link.pushed_row_id))
        .order_by_asc(audit::Column::Id)
        .select_only()
        .column(audit::Column::At)
        .into_tuple::<DateTime<Utc>>()
        .one(conn)
        .await?;
    Ok(Status {
        event_id: link.event_id,
        address: link.address.clone(),
        rows,
        confirmed,
        oldest_unconfirmed,
        last_success_at: link.last_success_at,
        last_attempt_at: link.last_attempt_at,
        last_error: link.last_error.clone(),
        last_pull_at: link.last_pull_at,
    })
}

/// What one push did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pushed {
    /// The copy had everything already.
    Nothing,
    /// The copy took it: its answer.
    Taken(Received),
}

/// What to send: the rows after the last confirmed, the state, the moves since, and the state's
/// hash; read in one transaction (a snapshot on PostgreSQL too), so the state is the one after
/// the last row.
async fn pending(state: &AppState, link: &sync_link::Model) -> AppResult<(Push, String)> {
    let txn = if state.db.get_database_backend() == DatabaseBackend::Postgres {
        state.db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)).await?
    } else {
        state.db.begin().await?
    };
    let rows: Vec<SentRow> = audit::Entity::find()
        .filter(audit::Column::EventId.eq(link.event_id))
        .filter(audit::Column::Id.gt(link.pushed_row_id))
        .order_by_asc(audit::Column::Id)
        .all(&txn)
        .await?
        .into_iter()
        .map(|r| SentRow {
            seq: r.id,
            at: r.at,
            actor_id: r.actor_id,
            event_id: r.event_id,
            action: r.action,
            detail: r.detail,
            prev_hash: r.prev_hash,
            hash: r.hash,
        })
        .collect();
    let event_state = copy::read(&txn, link.event_id, link.share_addresses).await?;
    let moves = copy::moves_since(&txn, &event_state, link.moves_through).await?;
    txn.commit().await?;
    let state_json = serde_json::to_string(&event_state).map_err(|e| AppError::Internal(e.into()))?;
    let hash = sha256_hex(&state_json);
    Ok((Push { protocol: PROTOCOL, venue_event: link.event_id, rows, state: event_state, moves }, hash))
}

/// Notes that the public site's registrations were fetched for `link` now.
pub async fn note_pull(state: &AppState, link: &sync_link::Model) -> AppResult<()> {
    let txn = crate::db::begin_write(&state.db).await?;
    sync_link::Entity::update_many()
        .col_expr(sync_link::Column::LastPullAt, sea_orm::sea_query::Expr::value(state.clock.now()))
        .filter(sync_link::Column::Id.eq(link.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Why a request did not reach the public instance.
pub fn lost_line(e: &reqwest::Error) -> Message {
    if e.is_timeout() {
        Message::new("sync-error-timeout")
    } else if e.is_connect() {
        Message::new("sync-error-connect")
    } else {
        Message::new("sync-error-broken")
    }
}

/// An answer that is not a success, as the link notes it: the status and the public
/// instance's own words (English, from its API).
pub async fn refused_answer(answer: reqwest::Response) -> Message {
    let status = answer.status().as_u16();
    let said = answer
        .json::<serde_json::Value>()
        .await
        .ok()
        .and_then(|v| v.pointer("/error/message").and_then(|m| m.as_str()).map(str::to_string))
        .unwrap_or_default();
    let key = if status == 409 { REFUSED } else { "sync-error-http" };
    Message::new(key).number("status", status).text("said", said)
}

/// One push at a time on this instance (the scheduler's and a director's "Send now"): a push
/// overtaken by an older one would be refused as a gap, or undo the other's moves.
static PUSHING: LazyLock<tokio::sync::Mutex<()>> = LazyLock::new(|| tokio::sync::Mutex::new(()));

/// Pushes what the copy of `event_id` lacks, once, and notes the outcome on its link (None:
/// the event has no link).
pub async fn push_once(state: &AppState, event_id: i32) -> AppResult<Option<Result<Pushed, Message>>> {
    let _turn = PUSHING.lock().await;
    // Read in the turn: the last push's bookkeeping is the one to go on from.
    let Some(link) = link_of(&state.db, event_id).await? else { return Ok(None) };
    push_link(state, &link).await.map(Some)
}

async fn push_link(state: &AppState, link: &sync_link::Model) -> AppResult<Result<Pushed, Message>> {
    let (push, hash) = pending(state, link).await?;
    if push.rows.is_empty() && push.moves.is_empty() && hash == link.state_hash {
        return Ok(Ok(Pushed::Nothing));
    }
    let target = Target::parse(&link.address).map_err(AppError::BadRequest)?;
    let body = serde_json::to_vec(&push).map_err(|e| AppError::Internal(e.into()))?;
    let sent = CLIENT
        .post(target.api(""))
        .bearer_auth(&link.token)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(body)
        .send()
        .await;
    let now = state.clock.now();
    let outcome = match sent {
        Ok(answer) if answer.status().is_success() => match answer.json::<Received>().await {
            Ok(received) => Ok(received),
            Err(e) => Err(Message::new("sync-error-unreadable").text("what", e.to_string())),
        },
        Ok(answer) => Err(refused_answer(answer).await),
        Err(e) => Err(lost_line(&e)),
    };
    let txn = crate::db::begin_write(&state.db).await?;
    let mut active: sync_link::ActiveModel = link.clone().into();
    active.last_attempt_at = Set(Some(now));
    let result = match outcome {
        Ok(received) => {
            if let Some(last) = push.rows.last() {
                active.pushed_row_id = Set(last.seq);
            }
            active.pushed_head = Set(received.head.clone());
            if received.resend_moves {
                active.moves_through = Set(0);
            } else if let Some(last) = push.moves.last() {
                active.moves_through = Set(i64::from(last.id));
            }
            active.state_hash = Set(hash);
            active.last_success_at = Set(Some(now));
            active.last_error = Set(None);
            Ok(Pushed::Taken(received))
        }
        Err(why) => {
            active.last_error = Set(Some(why.to_stored()));
            Err(why)
        }
    };
    // The link's own bookkeeping: not a change of the event (no audit row, or every push
    // would make the next).
    active.update(&txn).await?;
    txn.commit().await?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_s_address_is_its_event_page() {
        let t = Target::parse("https://go.example.org/events/12").expect("an event page");
        assert_eq!(t, Target { base: "https://go.example.org".into(), event: 12 });
        assert_eq!(t.api(""), "https://go.example.org/api/v1/events/12/sync");
        let t = Target::parse(" http://127.0.0.1:8080/yunzi/events/3/ ").expect("with a prefix and a port");
        assert_eq!(t, Target { base: "http://127.0.0.1:8080/yunzi".into(), event: 3 });
        for bad in [
            "go.example.org/events/12",
            "ftp://go.example.org/events/12",
            "https://go.example.org/events/",
            "https://go.example.org/events/x",
            "https://go.example.org/events/12/standings",
            "https://go.example.org/events/12?x=1",
            "https://go.example.org/",
        ] {
            assert!(Target::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_token_has_the_public_instance_s_shape() {
        assert!(token_shape(&format!("yz_{}", "a1".repeat(32))));
        assert!(!token_shape("yz_short"));
        assert!(!token_shape(&format!("xx_{}", "a1".repeat(32))));
        assert!(!token_shape(&format!("yz_{}", "g1".repeat(32))));
    }
}
