//! Accepting an invitation to an event's staff: the account is made and the role given in one
//! transaction (the two areas, accounts and events, each do their part).
use crate::error::{AppError, AppResult};
use crate::services::{accounts, events};
use crate::state::AppState;

/// Signs up the address the invitation behind `token` was mailed to, with the role it offers.
/// Returns the event's id.
pub async fn accept(state: &AppState, token: &str, display_name: &str, password: String) -> AppResult<i32> {
    let hash = accounts::checked_password_hash(password).await?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let Some((invitation, event)) = events::open_invitation(&txn, token, now).await? else {
        return Err(AppError::refused("error-link-expired"));
    };
    let account = accounts::create_invited_in(&txn, &invitation.email, display_name, hash, now).await?;
    events::accept_invitation_in(&txn, &invitation, &account, now).await?;
    txn.commit().await?;
    Ok(event.id)
}
