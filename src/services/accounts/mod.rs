//! Sign-up, e-mail confirmation, login, password reset, and site admins; the account's
//! sessions and login limits are its own submodules.
pub mod login_limits;
pub mod sessions;

use chrono::Duration;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, Set,
};
use serde_json::json;

use crate::auth::{password, token};
use crate::clock::Clock;
use crate::db::entities::{auth_token, user};
use crate::domain::message::Message;
use crate::domain::tournament::player::{EmailAddress, FieldError, PlayerName};
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::mail::Mail;
use crate::services::audit;
use crate::services::queries;
use crate::services::repo::mail_limits;
use crate::state::AppState;

pub const PASSWORD_MIN_CHARS: usize = 10;
const PASSWORD_MAX_CHARS: usize = 200;
const CONFIRM_PURPOSE: &str = "confirm_email";
const RESET_PURPOSE: &str = "reset_password";

fn bad(e: FieldError) -> AppError {
    AppError::BadRequest(e.0)
}

fn check_password(password: &str) -> AppResult<()> {
    let n = password.chars().count();
    if !(PASSWORD_MIN_CHARS..=PASSWORD_MAX_CHARS).contains(&n) {
        return Err(AppError::BadRequest(
            Message::new("error-password-length")
                .number("min", PASSWORD_MIN_CHARS as i64)
                .number("max", PASSWORD_MAX_CHARS as i64),
        ));
    }
    Ok(())
}

pub struct SignUp {
    pub email: String,
    pub display_name: String,
    pub password: String,
    /// The code of the language the form was read in (`zh`, `en` …): the account's own, which
    /// its mail is written in. A code the site does not speak leaves it unset.
    pub language: String,
}

/// The language an account's mail is written in: its own, else the site's first.
fn mail_language(account: &user::Model) -> Locale {
    Locale::mail_languages(queries::account_locale(account)).first().copied().unwrap_or(Locale::Zh)
}

/// Creates an unconfirmed account and mails the confirmation link. The first account of an
/// empty install becomes the site admin. When the address already has an account, its owner
/// is told by mail instead, and the caller sees the same answer either way, so the form does
/// not reveal who has an account. Sign-ups from one network address (`address`) and the mails
/// they cause are limited (see [`mail_limits`]). Returns the (normalised) address the mail went
/// to, and whether the account is the site admin of a new install.
pub async fn sign_up(state: &AppState, form: SignUp, address: &str) -> AppResult<(String, bool)> {
    let email = EmailAddress::parse(&form.email).map_err(bad)?;
    let name = PlayerName::parse(&form.display_name).map_err(bad)?;
    check_password(&form.password)?;
    let now = state.clock.now();
    let limits = mail_limits::MailLimits::from_settings(&state.settings.security);
    // Counted before the password is hashed: a refused sign-up costs the server nothing.
    mail_limits::count_sign_up(&state.db, limits, address, now).await?;
    let hash = password::hash(form.password).await?;
    let raw_token = token::random_token()?;

    let txn = crate::db::begin_write(&state.db).await?;
    if let Some(owner) = queries::find_user_by_email(&txn, email.as_str()).await? {
        // Nothing was written; the limits count in their own transaction.
        drop(txn);
        let base = state.settings.server.base_url.trim_end_matches('/');
        let mail = Mail::said(
            &owner.email,
            mail_language(&owner),
            &Message::new("mail-exists-subject"),
            &Message::new("mail-exists-body")
                .text("name", &owner.display_name)
                .text("login", format!("{base}/login"))
                .text("forgot", format!("{base}/forgot")),
        );
        send_limited(state, mail_limits::MailKind::AddressTaken, mail, Some(address), now);
        return Ok((owner.email, false));
    }
    let first = user::Entity::find().count(&txn).await? == 0;
    let account = user::ActiveModel {
        email: Set(email.as_str().to_string()),
        display_name: Set(name.as_str().to_string()),
        password_hash: Set(hash),
        is_admin: Set(first),
        email_confirmed_at: Set(None),
        created_at: Set(now),
        locale: Set(Locale::from_code(&form.language).map(|l| l.code().to_string())),
        ..Default::default()
    }
    .insert(&txn)
    .await;
    let account = match account {
        Ok(account) => account,
        // The same address signed up by another request at this moment: the same answer as
        // for any taken address (that request's mail is on its way).
        Err(error) if crate::db::is_unique_violation(&error) => return Ok((email.as_str().to_string(), false)),
        Err(error) => return Err(error.into()),
    };
    store_token(&txn, account.id, CONFIRM_PURPOSE, &raw_token, now + Duration::days(7), now).await?;
    audit::entry(now, Some(account.id), None)
        .commit(txn, "account.created", json!({ "user": account.id, "site_admin": first }))
        .await?;

    send_confirmation(state, &account, &raw_token, Some(address));
    Ok((account.email, first))
}

/// Sends `mail` (of `kind`, caused by a request from `address`) in the background if the mail
/// limits allow it; otherwise it is dropped, and only the log says so. The limits are checked
/// in the background too: the answer takes as long whether a mail goes to an account or not.
pub(crate) fn send_limited(
    state: &AppState,
    kind: mail_limits::MailKind,
    mail: Mail,
    address: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
) {
    let limits = mail_limits::MailLimits::from_settings(&state.settings.security);
    let (db, mailer, address) = (state.db.clone(), state.mailer.clone(), address.map(str::to_string));
    tokio::spawn(async move {
        match mail_limits::may_send(&db, limits, kind, &mail.to, address.as_deref(), now).await {
            Ok(true) => {
                mailer.send_all(&[mail]).await;
            }
            Ok(false) => {
                tracing::info!(kind = ?kind, "a mail was not sent: its recipient or source has had enough for now")
            }
            Err(error) => tracing::warn!(error = %error, "the mail limits could not be checked; the mail was not sent"),
        }
    });
}

async fn store_token(
    conn: &impl ConnectionTrait,
    user_id: i32,
    purpose: &str,
    raw: &str,
    expires_at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    auth_token::ActiveModel {
        user_id: Set(user_id),
        purpose: Set(purpose.to_string()),
        token_hash: Set(token::sha256_hex(raw)),
        expires_at: Set(expires_at),
        used_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

fn send_confirmation(state: &AppState, account: &user::Model, raw_token: &str, address: Option<&str>) {
    let link = format!("{}/confirm/{raw_token}", state.settings.server.base_url.trim_end_matches('/'));
    let mail = Mail::said(
        &account.email,
        mail_language(account),
        &Message::new("mail-confirm-subject"),
        &Message::new("mail-confirm-body").text("name", &account.display_name).text("link", &link),
    );
    send_limited(state, mail_limits::MailKind::Confirmation, mail, address, state.clock.now());
}

/// Spends a token of `purpose`: it must exist, be unused and unexpired.
async fn take_token(
    conn: &impl ConnectionTrait,
    purpose: &str,
    raw: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<auth_token::Model> {
    let found = auth_token::Entity::find()
        .filter(auth_token::Column::TokenHash.eq(token::sha256_hex(raw)))
        .filter(auth_token::Column::Purpose.eq(purpose))
        .one(conn)
        .await?;
    let Some(found) = found else {
        return Err(AppError::refused("error-link-invalid"));
    };
    if found.used_at.is_some() || found.expires_at <= now {
        return Err(AppError::refused("error-link-expired"));
    }
    let mut active: auth_token::ActiveModel = found.clone().into();
    active.used_at = Set(Some(now));
    active.update(conn).await?;
    Ok(found)
}

pub async fn confirm_email(state: &AppState, raw_token: &str) -> AppResult<user::Model> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let spent = take_token(&txn, CONFIRM_PURPOSE, raw_token, now).await?;
    let account = user::Entity::find_by_id(spent.user_id).one(&txn).await?.ok_or(AppError::NotFound)?;
    let mut active: user::ActiveModel = account.into();
    active.email_confirmed_at = Set(Some(now));
    let account = active.update(&txn).await?;
    audit::entry(now, Some(account.id), None).commit(txn, "account.confirmed", json!({ "user": account.id })).await?;
    Ok(account)
}

/// Sends a new confirmation link if the address has an unconfirmed account. Says nothing
/// either way, so the form cannot be used to find out who has an account.
pub async fn resend_confirmation(state: &AppState, email: &str, address: &str) -> AppResult<()> {
    let Ok(email) = EmailAddress::parse(email) else { return Ok(()) };
    let now = state.clock.now();
    let raw = token::random_token()?;
    let txn = crate::db::begin_write(&state.db).await?;
    let account = queries::find_user_by_email(&txn, email.as_str()).await?;
    let Some(account) = account.filter(|a| a.email_confirmed_at.is_none()) else { return Ok(()) };
    store_token(&txn, account.id, CONFIRM_PURPOSE, &raw, now + Duration::days(7), now).await?;
    txn.commit().await?;
    send_confirmation(state, &account, &raw, Some(address));
    Ok(())
}

/// Checks the password under the per-account and per-address limits (failures count; a
/// success does not).
pub async fn log_in(state: &AppState, email: &str, password_text: String, address: &str) -> AppResult<user::Model> {
    let now = state.clock.now();
    let account_key = email.trim().to_lowercase();
    let limits = login_limits::Limits::from_settings(&state.settings.security);
    let attempt = login_limits::begin(&state.db, limits, &account_key, address, now).await?;
    let account = queries::find_user_by_email(&state.db, &account_key).await?;
    let ok = password::verify(password_text, account.as_ref().map(|a| a.password_hash.clone())).await?;
    match account {
        Some(account) if ok => {
            login_limits::succeeded(&state.db, attempt).await?;
            if account.email_confirmed_at.is_none() {
                return Err(AppError::refused("error-confirm-first"));
            }
            Ok(account)
        }
        _ => Err(AppError::refused("error-login-failed")),
    }
}

/// Keeps the language of code `language` (`zh`, `en` …) as the account's own (for mail sent
/// without a request), unless it is already or the site does not speak it.
pub async fn remember_language(conn: &impl ConnectionTrait, account: &user::Model, language: &str) -> AppResult<()> {
    let Some(language) = Locale::from_code(language) else { return Ok(()) };
    if account.locale.as_deref() == Some(language.code()) {
        return Ok(());
    }
    let mut active: user::ActiveModel = account.clone().into();
    active.locale = Set(Some(language.code().to_string()));
    active.update(conn).await?;
    Ok(())
}

/// Changes the signed-in user's password after checking the current one (counted like a
/// login attempt), and ends every other session of the account.
pub async fn change_password(
    state: &AppState,
    account: &user::Model,
    current: String,
    new_password: String,
    keep_session: i32,
    address: &str,
) -> AppResult<u64> {
    check_password(&new_password)?;
    let now = state.clock.now();
    let limits = login_limits::Limits::from_settings(&state.settings.security);
    let attempt = login_limits::begin(&state.db, limits, &account.email, address, now).await?;
    if !password::verify(current, Some(account.password_hash.clone())).await? {
        return Err(AppError::refused("error-current-password"));
    }
    login_limits::succeeded(&state.db, attempt).await?;
    let hash = password::hash(new_password).await?;
    let txn = crate::db::begin_write(&state.db).await?;
    let mut active: user::ActiveModel = account.clone().into();
    active.password_hash = Set(hash);
    active.update(&txn).await?;
    let ended = sessions::end_all(&txn, account.id, Some(keep_session)).await?;
    audit::entry(now, Some(account.id), None)
        .commit(txn, "account.password_changed", json!({ "user": account.id, "sessions_ended": ended }))
        .await?;
    Ok(ended)
}

/// Mails a reset link if the address has an account, within the mail limits (`address`: the
/// network address asking). Says nothing either way.
pub async fn request_password_reset(state: &AppState, email: &str, address: &str) -> AppResult<()> {
    let Ok(email) = EmailAddress::parse(email) else { return Ok(()) };
    let now = state.clock.now();
    let raw = token::random_token()?;
    let txn = crate::db::begin_write(&state.db).await?;
    let Some(account) = queries::find_user_by_email(&txn, email.as_str()).await? else {
        return Ok(());
    };
    store_token(&txn, account.id, RESET_PURPOSE, &raw, now + Duration::hours(1), now).await?;
    txn.commit().await?;
    let link = format!("{}/reset/{raw}", state.settings.server.base_url.trim_end_matches('/'));
    let mail = Mail::said(
        &account.email,
        mail_language(&account),
        &Message::new("mail-reset-subject"),
        &Message::new("mail-reset-body").text("name", &account.display_name).text("link", &link),
    );
    // In the background: answering only after a mail to a real account would be slower, and
    // the delay would tell who has one.
    send_limited(state, mail_limits::MailKind::Reset, mail, Some(address), now);
    Ok(())
}

/// Sets a new password from a reset link. Following the link also proves the address, so an
/// unconfirmed account becomes confirmed.
pub async fn reset_password(state: &AppState, raw_token: &str, new_password: String) -> AppResult<user::Model> {
    check_password(&new_password)?;
    let hash = password::hash(new_password).await?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let spent = take_token(&txn, RESET_PURPOSE, raw_token, now).await?;
    let account = user::Entity::find_by_id(spent.user_id).one(&txn).await?.ok_or(AppError::NotFound)?;
    let confirmed = account.email_confirmed_at.unwrap_or(now);
    let mut active: user::ActiveModel = account.into();
    active.password_hash = Set(hash);
    active.email_confirmed_at = Set(Some(confirmed));
    let account = active.update(&txn).await?;
    // Whoever knew the old password (or holds a copied cookie) is signed out everywhere.
    let ended = sessions::end_all(&txn, account.id, None).await?;
    login_limits::forget_account(&txn, &account.email).await?;
    audit::entry(now, Some(account.id), None)
        .commit(txn, "account.password_reset", json!({ "user": account.id, "sessions_ended": ended }))
        .await?;
    Ok(account)
}

/// Is a reset link still good? (For showing the form or a clear message.)
pub async fn reset_link_is_valid(state: &AppState, raw_token: &str) -> AppResult<bool> {
    let found = auth_token::Entity::find()
        .filter(auth_token::Column::TokenHash.eq(token::sha256_hex(raw_token)))
        .filter(auth_token::Column::Purpose.eq(RESET_PURPOSE))
        .one(&state.db)
        .await?;
    Ok(found.is_some_and(|t| t.used_at.is_none() && t.expires_at > state.clock.now()))
}

/// `yunzi admin create`: a confirmed site admin, for operators.
pub async fn create_admin(
    db: &DatabaseConnection,
    clock: &dyn Clock,
    email: &str,
    name: &str,
    password_text: String,
) -> AppResult<user::Model> {
    let email = EmailAddress::parse(email).map_err(bad)?;
    let name = PlayerName::parse(name).map_err(bad)?;
    check_password(&password_text)?;
    let hash = password::hash(password_text).await?;
    let now = clock.now();
    let txn = crate::db::begin_write(db).await?;
    if queries::find_user_by_email(&txn, email.as_str()).await?.is_some() {
        return Err(AppError::BadRequest(Message::new("error-account-exists").text("email", email.as_str())));
    }
    let account = user::ActiveModel {
        email: Set(email.as_str().to_string()),
        display_name: Set(name.as_str().to_string()),
        password_hash: Set(hash),
        is_admin: Set(true),
        email_confirmed_at: Set(Some(now)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    audit::entry(now, None, None).commit(txn, "account.admin_created", json!({ "user": account.id })).await?;
    Ok(account)
}

/// A confirmed account for `email`, made in `txn` by someone who followed a link mailed to
/// that address (an invitation to an event's staff: the mail proves the address).
/// `hash` comes from [`checked_password_hash`], made before the transaction (hashing takes a
/// while, and a write transaction holds SQLite's writers back).
pub async fn create_invited_in(
    txn: &impl ConnectionTrait,
    email: &str,
    display_name: &str,
    hash: String,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<user::Model> {
    let email = EmailAddress::parse(email).map_err(bad)?;
    let name = PlayerName::parse(display_name).map_err(bad)?;
    if queries::find_user_by_email(txn, email.as_str()).await?.is_some() {
        return Err(AppError::refused("error-invitation-account-exists"));
    }
    let account = user::ActiveModel {
        email: Set(email.as_str().to_string()),
        display_name: Set(name.as_str().to_string()),
        password_hash: Set(hash),
        is_admin: Set(false),
        email_confirmed_at: Set(Some(now)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::entry(now, Some(account.id), None)
        .record(txn, "account.created", json!({ "user": account.id, "invited": true }))
        .await?;
    Ok(account)
}

/// The argon2id hash of a new password that meets the rules.
pub async fn checked_password_hash(password_text: String) -> AppResult<String> {
    check_password(&password_text)?;
    Ok(password::hash(password_text).await?)
}

/// One account on the site admin's page.
pub struct AccountSummary {
    pub id: i32,
    pub email: String,
    pub display_name: String,
    pub is_admin: bool,
    pub confirmed: bool,
    pub sessions: usize,
}

pub async fn summaries(
    db: &DatabaseConnection,
    lifetimes: sessions::Lifetimes,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<AccountSummary>> {
    use sea_orm::QueryOrder;
    let accounts = user::Entity::find().order_by_asc(user::Column::Id).all(db).await?;
    let live = sessions::live_counts(db, lifetimes, now).await?;
    Ok(accounts
        .into_iter()
        .map(|account| AccountSummary {
            sessions: live.get(&account.id).copied().unwrap_or(0),
            id: account.id,
            email: account.email,
            display_name: account.display_name,
            is_admin: account.is_admin,
            confirmed: account.email_confirmed_at.is_some(),
        })
        .collect())
}

/// A site admin ends every session of an account; audited.
pub async fn end_sessions_by_admin(state: &AppState, admin: &user::Model, user_id: i32) -> AppResult<u64> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    if user::Entity::find_by_id(user_id).one(&txn).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let ended = sessions::end_all(&txn, user_id, None).await?;
    audit::entry(now, Some(admin.id), None)
        .commit(txn, "account.sessions_ended", json!({ "user": user_id, "sessions_ended": ended }))
        .await?;
    Ok(ended)
}
