//! The waiting list's moves, written by whichever change frees a place (a player withdrawing,
//! the director raising the limit): the first who wait get a place, each with an audit row,
//! and a mail in the language his account reads. Only before the first round is paired: once
//! the event is under way a freed place stays free (1988 Art. 29 withdrawals mid-event).
use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::db::entities::{event, player, user};
use crate::domain::tournament::registration::to_promote;
use crate::error::AppResult;
use crate::i18n::{Arg, Locale};
use crate::mail::Mail;
use crate::services::{audit, queries};

/// The entries that hold a place and play: not waiting, not withdrawn.
pub fn taken(entries: &[player::Model]) -> usize {
    entries.iter().filter(|p| p.waiting_since.is_none() && !p.withdrawn).count()
}

/// Gives the free places to the head of the waiting list; returns those promoted.
pub async fn promote(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    actor: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<player::Model>> {
    if queries::count_rounds(conn, event.id).await? > 0 {
        return Ok(Vec::new());
    }
    let entries = queries::entries(conn, event.id).await?;
    let waiting: Vec<player::Model> = queries::waiting_list(conn, event.id).await?;
    let count = to_promote(event.places, taken(&entries), waiting.len());
    let mut promoted = Vec::with_capacity(count);
    for p in waiting.into_iter().take(count) {
        let mut active: player::ActiveModel = p.into();
        active.waiting_since = Set(None);
        let placed = active.update(conn).await?;
        audit::entry(now, actor, Some(event.id))
            .record(conn, "player.promoted", json!({ "player": placed.id }))
            .await?;
        promoted.push(placed);
    }
    Ok(promoted)
}

/// The mails that tell each promoted player (with an address) he has a place, in the language
/// his account reads (中文 and English when unknown).
pub async fn promotion_mails(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    promoted: &[player::Model],
) -> AppResult<Vec<Mail>> {
    let accounts: Vec<i32> = promoted.iter().filter_map(|p| p.user_id).collect();
    let chosen: HashMap<i32, Locale> = user::Entity::find()
        .filter(user::Column::Id.is_in(accounts))
        .all(conn)
        .await?
        .iter()
        .filter_map(|u| Some((u.id, queries::account_locale(u)?)))
        .collect();
    let link = format!("/events/{}", event.id);
    Ok(promoted
        .iter()
        .filter_map(|p| {
            let to = p.email.clone()?;
            let languages = Locale::mail_languages(p.user_id.and_then(|u| chosen.get(&u).copied()));
            let args = [("name", Arg::Str(&p.name)), ("event", Arg::Str(&event.name))];
            let subject =
                languages.iter().map(|l| l.t_args("mail-promoted-subject", &args)).collect::<Vec<_>>().join(" / ");
            let body = languages
                .iter()
                .map(|l| l.t_args("mail-promoted-body", &args))
                .collect::<Vec<_>>()
                .join("\n\n----\n\n");
            Some(Mail { to, subject, body, link: Some(link.clone()) })
        })
        .collect())
}
