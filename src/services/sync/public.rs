//! The public instance's side: a followed event takes the venue's pushes, checks the chain
//! they continue, and is read-only here (changed at the venue only).
use std::collections::HashSet;

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, Set,
};
use serde_json::json;

use super::{PROTOCOL, Push, Received, Registration, copy};
use crate::db::entities::{audit, player, sync_copy, sync_row};
use crate::domain::audit_chain::{self, Refusal};
use crate::domain::message::Message;
use crate::error::{AppError, AppResult};
use crate::services::audit::{ChainCheck, check_chain};
use crate::state::AppState;

/// The event's copy, when it follows a venue's event.
pub async fn copy_of(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Option<sync_copy::Model>> {
    Ok(sync_copy::Entity::find().filter(sync_copy::Column::EventId.eq(event_id)).one(conn).await?)
}

/// Every event here that follows a venue's.
pub async fn copies(conn: &impl ConnectionTrait) -> AppResult<Vec<sync_copy::Model>> {
    Ok(sync_copy::Entity::find().order_by_asc(sync_copy::Column::EventId).all(conn).await?)
}

/// Whether the event follows a venue's: then it is changed there, not here. Asked on every
/// change to an event, so answered from what this instance knows when it can (see
/// `followed_events`).
pub async fn is_followed(state: &AppState, event_id: i32) -> AppResult<bool> {
    if let Some(known) = state.followed.known(event_id) {
        return Ok(known);
    }
    let followed = copy_of(&state.db, event_id).await?.is_some();
    state.followed.learned(event_id, followed, !state.cluster.is_shared());
    Ok(followed)
}

/// Who sends a push: the account its token's maker (the audit rows' actor), and how the audit
/// rows name the token.
#[derive(Debug, Clone)]
pub struct Sender {
    pub maker: i32,
    pub source: String,
}

/// Takes the venue's push for `event_id` (sent with a sync token of that event, checked by the
/// caller): the new rows of its chain and the state after them, in one transaction; or refuses
/// it whole, noting why for the director (409 with the reason).
pub async fn receive(state: &AppState, writer: &Sender, event_id: i32, push: Push) -> AppResult<Received> {
    if push.protocol != PROTOCOL {
        return Err(AppError::BadRequest(
            Message::new("error-sync-protocol").number("sent", push.protocol).number("known", PROTOCOL),
        ));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = crate::services::queries::event_locked(&txn, event_id).await?;
    let copy = copy_of(&txn, event_id).await?;
    let head = copy.as_ref().map(|c| c.head.clone()).unwrap_or_else(|| audit_chain::GENESIS.to_string());
    let refused = match &copy {
        Some(c) if c.venue_event_id != push.venue_event => {
            Some(Refusal::OtherChain { seq: push.rows.first().map(|r| r.seq).unwrap_or(0) })
        }
        _ => None,
    };
    let received: HashSet<String> = if push.rows.is_empty() {
        HashSet::new()
    } else {
        sync_row::Entity::find()
            .filter(sync_row::Column::EventId.eq(event_id))
            .filter(sync_row::Column::Hash.is_in(push.rows.iter().map(|r| r.hash.clone())))
            .all(&txn)
            .await?
            .into_iter()
            .map(|r| r.hash)
            .collect()
    };
    let first_new = match refused {
        Some(refusal) => Err(refusal),
        None => audit_chain::continue_chain(&head, Some(push.venue_event), &push.rows, |h| received.contains(h)),
    };
    let first_new = match first_new {
        Ok(first) => first,
        Err(refusal) => {
            txn.rollback().await?;
            note_refusal(state, writer, event_id, &refusal, now).await?;
            return Err(AppError::Conflict(Some(
                Message::new("error-sync-refused").text("reason", refusal.to_string()),
            )));
        }
    };
    let new_rows = &push.rows[first_new..];
    for row in new_rows {
        sync_row::ActiveModel {
            id: NotSet,
            event_id: Set(event_id),
            seq: Set(row.seq),
            at: Set(row.at),
            actor_id: Set(row.actor_id),
            venue_event_id: Set(row.event_id),
            action: Set(row.action.clone()),
            detail: Set(row.detail.clone()),
            prev_hash: Set(row.prev_hash.clone()),
            hash: Set(row.hash.clone()),
        }
        .insert(&txn)
        .await?;
    }
    let applied = copy::apply(&txn, &event, &push.state, &push.moves, copy.is_none()).await?;
    let head = new_rows.last().map(|r| r.hash.clone()).unwrap_or(head);
    let rows = match copy {
        Some(c) => {
            let rows = c.rows_received + new_rows.len() as i32;
            let mut active = c.into_active_model();
            active.rows_received = Set(rows);
            active.head = Set(head.clone());
            active.last_received_at = Set(now);
            active.update(&txn).await?;
            rows
        }
        None => {
            sync_copy::ActiveModel {
                id: NotSet,
                event_id: Set(event_id),
                venue_event_id: Set(push.venue_event),
                rows_received: Set(new_rows.len() as i32),
                head: Set(head.clone()),
                first_received_at: Set(now),
                last_received_at: Set(now),
                refusals: Set(0),
                last_refusal: Set(None),
                last_refusal_at: Set(None),
            }
            .insert(&txn)
            .await?;
            new_rows.len() as i32
        }
    };
    // The copy's own row: its pages, caches and streams see the event changed, and the
    // watchers of each board named are sent it again (`audit::boards_changed_since`).
    crate::services::audit::entry(now, Some(writer.maker), Some(event_id))
        .commit(
            txn,
            "sync.received",
            json!({ "rows": new_rows.len(), "through": new_rows.last().map(|r| r.seq), "moves": push.moves.len(),
                "changed_boards": applied.changed, "source": writer.source }),
        )
        .await?;
    state.followed.now_followed(event_id);
    Ok(Received { rows, head, new_rows: new_rows.len(), resend_moves: applied.short })
}

/// A refused push, noted on the copy (for the director's page) and audited.
async fn note_refusal(
    state: &AppState,
    writer: &Sender,
    event_id: i32,
    refusal: &Refusal,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let txn = crate::db::begin_write(&state.db).await?;
    if let Some(c) = copy_of(&txn, event_id).await? {
        let refusals = c.refusals + 1;
        let mut active = c.into_active_model();
        active.refusals = Set(refusals);
        active.last_refusal = Set(Some(refusal.to_string()));
        active.last_refusal_at = Set(Some(now));
        active.update(&txn).await?;
    }
    crate::services::audit::entry(now, Some(writer.maker), Some(event_id))
        .commit(txn, "sync.refused", json!({ "reason": refusal.to_string(), "source": writer.source }))
        .await
}

/// The registrations made here that the venue has not taken yet (not withdrawn).
pub async fn registrations(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<Registration>> {
    let from_venue: HashSet<i32> =
        crate::services::repo::sync_ids::ids_of(conn, event_id, crate::services::repo::sync_ids::PLAYER)
            .await?
            .into_iter()
            .map(|(_, local)| local)
            .collect();
    Ok(player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .filter(player::Column::Withdrawn.eq(false))
        .order_by_asc(player::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .filter(|p| !from_venue.contains(&p.id))
        .map(|p| Registration {
            id: p.id,
            name: p.name,
            rank: p.rank,
            rating: p.rating,
            club: p.club,
            country: p.country,
            email: p.email,
            team: p.team,
            board: p.board,
            aga_id: p.aga_id,
            egf_pin: p.egf_pin,
        })
        .collect())
}

/// Walks the venue's chain as received here, from its first row.
pub async fn verify_received(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<ChainCheck> {
    let rows: Vec<audit::Model> = sync_row::Entity::find()
        .filter(sync_row::Column::EventId.eq(event_id))
        .order_by_asc(sync_row::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(|r| audit::Model {
            id: r.seq,
            at: r.at,
            actor_id: r.actor_id,
            event_id: r.venue_event_id,
            action: r.action,
            detail: r.detail,
            prev_hash: r.prev_hash,
            hash: r.hash,
        })
        .collect();
    Ok(check_chain(&rows))
}
