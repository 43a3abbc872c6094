//! The API's write tokens (issue 54): a director makes a token for one event and one purpose;
//! it is shown once and stored only as its SHA-256 (as the mailed tokens are), used by a
//! script as `Authorization: Bearer <token>`, noted at each use, and withdrawn by the director.
//! Making and withdrawing one are audited; so is every write made with one, under its name.
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde_json::json;

use crate::auth::token::{random_token, sha256_hex};
use crate::db::entities::{api_token, user};
use crate::domain::message::Message;
use crate::error::{AppError, AppResult};
use crate::services::audit;
use crate::state::AppState;

/// What a token may write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Results of the event's boards (a venue's tablets).
    Results,
    /// Players registered for the event (a club's software).
    Registration,
    /// Everything the other two may, for a venue instance that keeps the public one up to date.
    Sync,
}

impl Purpose {
    pub const ALL: [Purpose; 3] = [Purpose::Results, Purpose::Registration, Purpose::Sync];

    pub fn code(self) -> &'static str {
        match self {
            Purpose::Results => "results",
            Purpose::Registration => "registration",
            Purpose::Sync => "sync",
        }
    }

    pub fn parse(text: &str) -> Option<Purpose> {
        Purpose::ALL.into_iter().find(|p| p.code() == text.trim())
    }

    /// Whether a token of this purpose may do what `needed` names.
    pub fn allows(self, needed: Purpose) -> bool {
        self == needed || self == Purpose::Sync
    }
}

/// The longest name a token may have.
pub const MAX_NAME: usize = 80;

/// A token made: its row, and the token itself, to be shown once.
pub struct Made {
    pub token: api_token::Model,
    pub secret: String,
}

/// Makes a token for `event_id`, named `name`, for `purpose`; the secret is in the answer only.
pub async fn create(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    name: &str,
    purpose: &str,
) -> AppResult<Made> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME || name.chars().any(char::is_control) {
        return Err(AppError::BadRequest(Message::new("error-token-name").number("max", MAX_NAME as i64)));
    }
    let purpose = Purpose::parse(purpose).ok_or_else(|| AppError::refused("error-token-purpose"))?;
    // "yz_" says what it is wherever it turns up (a log, a leaked file).
    let secret = format!("yz_{}", random_token()?);
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let token = api_token::ActiveModel {
        event_id: Set(event_id),
        name: Set(name.to_string()),
        purpose: Set(purpose.code().to_string()),
        token_hash: Set(sha256_hex(&secret)),
        created_by: Set(actor.id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "token.created", json!({ "token": token.id, "name": token.name, "purpose": token.purpose }))
        .await?;
    Ok(Made { token, secret })
}

/// Withdraws the event's token `token_id`: it writes nothing from now on.
pub async fn revoke(state: &AppState, actor: &user::Model, event_id: i32, token_id: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let token = api_token::Entity::find_by_id(token_id)
        .filter(api_token::Column::EventId.eq(event_id))
        .one(&txn)
        .await?
        .ok_or(AppError::NotFound)?;
    if token.revoked_at.is_some() {
        return Ok(());
    }
    let name = token.name.clone();
    let mut active: api_token::ActiveModel = token.into();
    active.revoked_at = Set(Some(now));
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "token.revoked", json!({ "token": token_id, "name": name }))
        .await?;
    Ok(())
}

/// The event's tokens, newest first.
pub async fn of_event(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<api_token::Model>> {
    Ok(api_token::Entity::find()
        .filter(api_token::Column::EventId.eq(event_id))
        .order_by_desc(api_token::Column::Id)
        .all(conn)
        .await?)
}

/// Who writes with a token: the token, and the director who made it (the audit rows' actor).
pub struct Writer {
    pub token: api_token::Model,
    pub maker: user::Model,
}

impl Writer {
    /// How the audit rows of its writes name it.
    pub fn source(&self) -> String {
        format!("token:{}", self.token.name)
    }
}

/// The writer behind `secret` for `needed` on `event_id`: 401 for no such token or one
/// withdrawn, 403 for a token of another event or purpose (or whose maker is no longer a
/// director of the event). Notes the token's use.
pub async fn writer(state: &AppState, secret: &str, event_id: i32, needed: Purpose) -> AppResult<Writer> {
    let token = api_token::Entity::find()
        .filter(api_token::Column::TokenHash.eq(sha256_hex(secret.trim())))
        .one(&state.db)
        .await?
        .filter(|t| t.revoked_at.is_none())
        .ok_or(AppError::BadToken)?;
    let purpose = Purpose::parse(&token.purpose).ok_or(AppError::BadToken)?;
    if token.event_id != event_id || !purpose.allows(needed) {
        return Err(AppError::Forbidden);
    }
    let maker = user::Entity::find_by_id(token.created_by).one(&state.db).await?.ok_or(AppError::Forbidden)?;
    if !crate::services::queries::roles(&state.db, event_id, &maker).await?.director {
        return Err(AppError::Forbidden);
    }
    note_use(state, token.id, state.clock.now()).await?;
    Ok(Writer { token, maker })
}

async fn note_use(state: &AppState, token_id: i32, at: DateTime<Utc>) -> AppResult<()> {
    let txn = crate::db::begin_write(&state.db).await?;
    api_token::Entity::update_many()
        .col_expr(api_token::Column::LastUsedAt, sea_orm::sea_query::Expr::value(at))
        .filter(api_token::Column::Id.eq(token_id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}
