//! Signed-in sessions, kept on the server. The cookie carries a random token; the database
//! keeps its SHA-256 with the account, when it started, when it was last used and where from.
//! A session ends when its user logs out or ends it from the account page, when the password
//! changes, when a site admin ends it, when it has been idle too long, or at its absolute end.
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::auth::token;
use crate::config::SecuritySettings;
use crate::db::entities::{session, user};
use crate::error::AppResult;

/// A session's last use is written at most this often, so reading pages costs no write.
const TOUCH_EVERY: Duration = Duration::seconds(60);
/// Longest user-agent hint kept.
const USER_AGENT_CHARS: usize = 200;

/// How long sessions last, from the settings.
#[derive(Debug, Clone, Copy)]
pub struct Lifetimes {
    pub idle: Duration,
    pub absolute: Duration,
}

impl Lifetimes {
    pub fn from_settings(security: &SecuritySettings) -> Lifetimes {
        Lifetimes {
            idle: Duration::minutes(i64::from(security.session_idle_minutes.max(1))),
            absolute: Duration::hours(i64::from(security.session_absolute_hours.max(1))),
        }
    }

    fn is_live(&self, found: &session::Model, now: DateTime<Utc>) -> bool {
        now < found.last_seen_at + self.idle && now < found.created_at + self.absolute
    }
}

/// Where a login came from (hints for the sessions page, never used to decide anything).
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub address: String,
    pub user_agent: String,
}

/// Starts a session for `account`; returns the raw token for the cookie.
pub async fn start(
    conn: &impl ConnectionTrait,
    account: &user::Model,
    origin: &Origin,
    now: DateTime<Utc>,
) -> AppResult<String> {
    let raw = token::random_token()?;
    session::ActiveModel {
        user_id: Set(account.id),
        token_hash: Set(token::sha256_hex(&raw)),
        created_at: Set(now),
        last_seen_at: Set(now),
        address: Set(origin.address.chars().take(64).collect()),
        user_agent: Set(origin.user_agent.chars().take(USER_AGENT_CHARS).collect()),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(raw)
}

/// The live session a cookie's token names, with its account; None for an unknown, ended or
/// expired one (an expired one is removed).
pub async fn resolve(
    conn: &impl ConnectionTrait,
    raw: &str,
    lifetimes: Lifetimes,
    now: DateTime<Utc>,
) -> AppResult<Option<(session::Model, user::Model)>> {
    let Some((found, account)) = session::Entity::find()
        .filter(session::Column::TokenHash.eq(token::sha256_hex(raw)))
        .find_also_related(user::Entity)
        .one(conn)
        .await?
    else {
        return Ok(None);
    };
    if !lifetimes.is_live(&found, now) {
        session::Entity::delete_by_id(found.id).exec(conn).await?;
        return Ok(None);
    }
    let Some(account) = account else {
        return Ok(None);
    };
    let found = if now - found.last_seen_at >= TOUCH_EVERY {
        let mut active: session::ActiveModel = found.into();
        active.last_seen_at = Set(now);
        active.update(conn).await?
    } else {
        found
    };
    Ok(Some((found, account)))
}

/// The account's live sessions, most recently used first.
pub async fn list(
    conn: &impl ConnectionTrait,
    user_id: i32,
    lifetimes: Lifetimes,
    now: DateTime<Utc>,
) -> AppResult<Vec<session::Model>> {
    let all = session::Entity::find()
        .filter(session::Column::UserId.eq(user_id))
        .order_by_desc(session::Column::LastSeenAt)
        .all(conn)
        .await?;
    Ok(all.into_iter().filter(|s| lifetimes.is_live(s, now)).collect())
}

/// How many live sessions each account has (for the site admin's page).
pub async fn live_counts(
    conn: &impl ConnectionTrait,
    lifetimes: Lifetimes,
    now: DateTime<Utc>,
) -> AppResult<std::collections::HashMap<i32, usize>> {
    let mut counts = std::collections::HashMap::new();
    for live in session::Entity::find().all(conn).await?.into_iter().filter(|s| lifetimes.is_live(s, now)) {
        *counts.entry(live.user_id).or_insert(0) += 1;
    }
    Ok(counts)
}

/// Ends one session of the account (a session of another account is left alone: false).
pub async fn end(conn: &impl ConnectionTrait, user_id: i32, session_id: i32) -> AppResult<bool> {
    let result = session::Entity::delete_many()
        .filter(session::Column::Id.eq(session_id))
        .filter(session::Column::UserId.eq(user_id))
        .exec(conn)
        .await?;
    Ok(result.rows_affected > 0)
}

/// Ends every session of the account but `keep` (if given). Returns how many ended.
pub async fn end_all(conn: &impl ConnectionTrait, user_id: i32, keep: Option<i32>) -> AppResult<u64> {
    let mut query = session::Entity::delete_many().filter(session::Column::UserId.eq(user_id));
    if let Some(keep) = keep {
        query = query.filter(session::Column::Id.ne(keep));
    }
    Ok(query.exec(conn).await?.rows_affected)
}
