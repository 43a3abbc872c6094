//! Login limits that a venue can live with and an attacker cannot slip past. Failed logins
//! count per account (a guesser is stopped after a few tries at one account) and per network
//! address. An address past its limit is not locked: each account keeps two tries from it in
//! the window (a mistyped password and the right one), so one attendee failing on purpose
//! cannot keep the venue that shares the address logged out, while a guesser trying many
//! accounts there gets two guesses at each instead of five. Successes never count. The counts
//! live in the database, so every instance of a deployment sees them, and they run on the
//! injected clock.
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set, Statement,
};

use crate::config::SecuritySettings;
use crate::db::entities::login_failure;
use crate::error::{AppError, AppResult};

const ACCOUNT: &str = "account";
const ADDRESS: &str = "address";
/// PostgreSQL advisory-lock namespace for one account's attempts ("LOGN").
const ATTEMPT_LOCK: i32 = 0x4c4f_474e;
/// The failures an account may have in the window and still be tried from an address past
/// its limit: one mistyped password, then the right one gets in.
const TRIES_FROM_A_BUSY_ADDRESS: u64 = 2;

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub per_account: u32,
    pub per_address: u32,
    pub window: Duration,
}

impl Limits {
    pub fn from_settings(security: &SecuritySettings) -> Limits {
        Limits {
            per_account: security.login_failures_per_account.max(1),
            per_address: security.login_failures_per_address.max(1),
            window: Duration::minutes(i64::from(security.login_window_minutes.max(1))),
        }
    }
}

/// A login attempt under way: counted as a failure until `succeeded` says otherwise, so
/// parallel guesses are counted before their slow password checks end.
pub struct Attempt {
    account_key: String,
    address_row: i32,
}

/// Counts an attempt at `account_key` from `address`, or refuses it when the account has used
/// up its failures in the window, or when the address has and the account has failed
/// [`TRIES_FROM_A_BUSY_ADDRESS`] times. Err carries the minutes until the oldest failure that
/// stands in the way leaves the window.
pub async fn begin(
    db: &DatabaseConnection,
    limits: Limits,
    account_key: &str,
    address: &str,
    now: DateTime<Utc>,
) -> AppResult<Attempt> {
    // An IPv6 visitor's whole /64 is one address here (see `network_of`).
    let address = &crate::services::repo::mail_limits::network_of(address);
    let since = now - limits.window;
    let txn = crate::db::begin_write(db).await?;
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        // One account's attempts take turns, so parallel guesses cannot all see room left.
        txn.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            [ATTEMPT_LOCK.into(), account_key.into()],
        ))
        .await?;
    }
    login_failure::Entity::delete_many().filter(login_failure::Column::At.lte(since)).exec(&txn).await?;
    let recent = |scope: &str, key: &str| {
        login_failure::Entity::find()
            .filter(login_failure::Column::Scope.eq(scope))
            .filter(login_failure::Column::Key.eq(key))
            .filter(login_failure::Column::At.gt(since))
    };
    let account_failures = recent(ACCOUNT, account_key).count(&txn).await?;
    let address_busy = recent(ADDRESS, address).count(&txn).await? >= u64::from(limits.per_address);
    if account_failures >= u64::from(limits.per_account)
        || (address_busy && account_failures >= TRIES_FROM_A_BUSY_ADDRESS)
    {
        let oldest = recent(ACCOUNT, account_key).order_by_asc(login_failure::Column::At).one(&txn).await?;
        let wait = oldest.map(|row| (row.at + limits.window - now).num_seconds().max(0)).unwrap_or(0);
        return Err(AppError::TooManyAttempts { retry_after_minutes: ((wait + 59) / 60).max(1) as u32 });
    }
    let count = |scope: &str, key: &str| login_failure::ActiveModel {
        scope: Set(scope.to_string()),
        key: Set(key.to_string()),
        at: Set(now),
        ..Default::default()
    };
    count(ACCOUNT, account_key).insert(&txn).await?;
    let address_row = count(ADDRESS, address).insert(&txn).await?;
    txn.commit().await?;
    Ok(Attempt { account_key: account_key.to_string(), address_row: address_row.id })
}

/// The attempt was a success: it does not count against the address, and the account's
/// failures are forgotten.
pub async fn succeeded(db: &impl ConnectionTrait, attempt: Attempt) -> AppResult<()> {
    login_failure::Entity::delete_by_id(attempt.address_row).exec(db).await?;
    forget_account(db, &attempt.account_key).await
}

/// Forgets an account's failures (after a password reset, say).
pub async fn forget_account(db: &impl ConnectionTrait, account_key: &str) -> AppResult<()> {
    login_failure::Entity::delete_many()
        .filter(login_failure::Column::Scope.eq(ACCOUNT))
        .filter(login_failure::Column::Key.eq(account_key))
        .exec(db)
        .await?;
    Ok(())
}
