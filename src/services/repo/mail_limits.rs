//! Mail sent only as often as a person needs it, and sign-ups limited per network address, so
//! that nobody can use Yunzi to flood an inbox or spend the server's mail reputation. Each mail
//! of a kind (confirmation, address taken, password reset, invitation) counts against its
//! recipient, and against the network address whose request caused it; past either limit it is
//! not sent, and the page answers as it always does (a different answer would tell who has an
//! account). Sign-ups count against their network address; past the limit one is refused with
//! 429. The counts live in the database (`throttle_events`), so every instance of a deployment
//! sees them, and they run on the injected clock.
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set, Statement,
};

use crate::config::SecuritySettings;
use crate::db::entities::throttle_event;
use crate::error::{AppError, AppResult};

/// PostgreSQL advisory-lock namespace for one counted key ("MAIL").
const COUNT_LOCK: i32 = 0x4d41_494c;
const MAIL_SOURCE: &str = "mail-source";
const SIGN_UP: &str = "sign-up";
const REPORT: &str = "result-report";
/// The results one account may report within the window: a player has a board a round; a
/// few more for a mistyped form, far fewer than a script would send.
pub const REPORTS_PER_ACCOUNT: u64 = 20;

#[derive(Debug, Clone, Copy)]
pub struct MailLimits {
    pub per_recipient: u32,
    pub per_address: u32,
    pub sign_ups_per_address: u32,
    pub window: Duration,
}

impl MailLimits {
    pub fn from_settings(security: &SecuritySettings) -> MailLimits {
        MailLimits {
            per_recipient: security.mails_per_recipient.max(1),
            per_address: security.mails_per_address.max(1),
            sign_ups_per_address: security.sign_ups_per_address.max(1),
            window: Duration::minutes(i64::from(security.mail_window_minutes.max(1))),
        }
    }
}

/// The mails a person asks for, each limited per recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    Confirmation,
    AddressTaken,
    Reset,
    Invitation,
}

impl MailKind {
    fn scope(self) -> &'static str {
        match self {
            MailKind::Confirmation => "mail:confirmation",
            MailKind::AddressTaken => "mail:address-taken",
            MailKind::Reset => "mail:reset",
            MailKind::Invitation => "mail:invitation",
        }
    }
}

/// Counts a sign-up from `address`, or refuses it (429, with the minutes until the oldest
/// counted one leaves the window) when the address has used up its sign-ups.
pub async fn count_sign_up(
    db: &DatabaseConnection,
    limits: MailLimits,
    address: &str,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let address = &network_of(address);
    let txn = crate::db::begin_write(db).await?;
    lock(&txn, SIGN_UP, address).await?;
    forget_old(&txn, limits, now).await?;
    let since = now - limits.window;
    let recent = recent(SIGN_UP, address, since);
    if recent.clone().count(&txn).await? >= u64::from(limits.sign_ups_per_address) {
        let oldest = recent.order_by_asc(throttle_event::Column::At).one(&txn).await?;
        let wait = oldest.map(|row| (row.at + limits.window - now).num_seconds().max(0)).unwrap_or(0);
        return Err(AppError::TooManyAttempts { retry_after_minutes: ((wait + 59) / 60).max(1) as u32 });
    }
    insert(&txn, SIGN_UP, address, now).await?;
    txn.commit().await?;
    Ok(())
}

/// Counts a result reported by `account`, or refuses it (429) past `REPORTS_PER_ACCOUNT`
/// within the window.
pub async fn count_report(
    db: &DatabaseConnection,
    limits: MailLimits,
    account: i32,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let key = account.to_string();
    let txn = crate::db::begin_write(db).await?;
    lock(&txn, REPORT, &key).await?;
    forget_old(&txn, limits, now).await?;
    let since = now - limits.window;
    let recent = recent(REPORT, &key, since);
    if recent.clone().count(&txn).await? >= REPORTS_PER_ACCOUNT {
        let oldest = recent.order_by_asc(throttle_event::Column::At).one(&txn).await?;
        let wait = oldest.map(|row| (row.at + limits.window - now).num_seconds().max(0)).unwrap_or(0);
        return Err(AppError::TooManyAttempts { retry_after_minutes: ((wait + 59) / 60).max(1) as u32 });
    }
    insert(&txn, REPORT, &key, now).await?;
    txn.commit().await?;
    Ok(())
}

/// Whether a mail of `kind` to `recipient`, caused by a request from `address` (None: by a
/// signed-in director, counted per recipient only), may be sent at `now`; if so it is
/// counted.
pub async fn may_send(
    db: &DatabaseConnection,
    limits: MailLimits,
    kind: MailKind,
    recipient: &str,
    address: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let recipient = recipient.trim().to_lowercase();
    let network = address.map(network_of);
    let address = network.as_deref();
    let txn = crate::db::begin_write(db).await?;
    // Always the recipient's lock first, then the source's: no two requests wait on each other.
    lock(&txn, kind.scope(), &recipient).await?;
    if let Some(address) = address {
        lock(&txn, MAIL_SOURCE, address).await?;
    }
    forget_old(&txn, limits, now).await?;
    let since = now - limits.window;
    if recent(kind.scope(), &recipient, since).count(&txn).await? >= u64::from(limits.per_recipient) {
        return Ok(false);
    }
    if let Some(address) = address
        && recent(MAIL_SOURCE, address, since).count(&txn).await? >= u64::from(limits.per_address)
    {
        return Ok(false);
    }
    insert(&txn, kind.scope(), &recipient, now).await?;
    if let Some(address) = address {
        insert(&txn, MAIL_SOURCE, address, now).await?;
    }
    txn.commit().await?;
    Ok(true)
}

/// The network an address counts as for the limits (login, sign-up, mail): an IPv4 address
/// itself; an IPv6 address by its /64, the block one subscriber is given, so that a visitor
/// cannot step past a limit by taking the next address of his own block. Anything else (no
/// address) as it is.
pub fn network_of(address: &str) -> String {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
        Ok(ip) => ip.to_string(),
        Err(_) => address.to_string(),
    }
}

/// On PostgreSQL, requests counting one key take turns, so parallel ones cannot all see room
/// left (SQLite's write transactions already do).
async fn lock(txn: &impl ConnectionTrait, scope: &str, key: &str) -> AppResult<()> {
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        txn.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            [COUNT_LOCK.into(), format!("{scope} {key}").into()],
        ))
        .await?;
    }
    Ok(())
}

fn recent(scope: &str, key: &str, since: DateTime<Utc>) -> sea_orm::Select<throttle_event::Entity> {
    throttle_event::Entity::find()
        .filter(throttle_event::Column::Scope.eq(scope))
        .filter(throttle_event::Column::Key.eq(key))
        .filter(throttle_event::Column::At.gt(since))
}

async fn forget_old(txn: &impl ConnectionTrait, limits: MailLimits, now: DateTime<Utc>) -> AppResult<()> {
    throttle_event::Entity::delete_many().filter(throttle_event::Column::At.lte(now - limits.window)).exec(txn).await?;
    Ok(())
}

async fn insert(txn: &impl ConnectionTrait, scope: &str, key: &str, now: DateTime<Utc>) -> AppResult<()> {
    throttle_event::ActiveModel {
        scope: Set(scope.to_string()),
        key: Set(key.to_string()),
        at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_as_its_64_and_ipv4_as_itself() {
        assert_eq!(network_of("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(network_of("2001:db8:1:2:ffff:1:2:3"), network_of("2001:db8:1:2::9"));
        assert_ne!(network_of("2001:db8:1:3::1"), network_of("2001:db8:1:2::1"));
        assert_eq!(network_of("203.0.113.7"), "203.0.113.7");
        assert_eq!(network_of("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(network_of(""), "");
    }
}
