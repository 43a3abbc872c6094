//! The venue instance's background work for its public copies (issue 54): it pulls the
//! registrations made on the public site and registers them (the players area), then pushes
//! what the copy lacks (the sync area). Run every two seconds by the scheduler.
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use crate::db::entities::{sync_link, user};
use crate::domain::message::Message;
use crate::domain::tournament::player::{NewPlayer, PlayerInput};
use crate::error::{AppError, AppResult};
use crate::services::repo::sync_ids;
use crate::services::sync::{Registration, venue};
use crate::state::AppState;

/// Pulls the registrations made on the public site that the venue has not taken yet, and
/// registers them here as the registration API does (a player entered here under the same
/// name is taken as the same player). Returns how many were registered.
pub async fn pull_once(state: &AppState, link: &sync_link::Model) -> AppResult<Result<usize, Message>> {
    let target = venue::Target::parse(&link.address).map_err(AppError::BadRequest)?;
    let answer = match venue::CLIENT.get(target.api("/registrations")).bearer_auth(&link.token).send().await {
        Ok(answer) if answer.status().is_success() => answer,
        Ok(answer) => return Ok(Err(venue::refused_answer(answer).await)),
        Err(e) => return Ok(Err(venue::lost_line(&e))),
    };
    let registrations: Vec<Registration> = match answer.json().await {
        Ok(list) => list,
        Err(e) => return Ok(Err(Message::new("sync-error-unreadable").text("what", e.to_string()))),
    };
    let Some(maker) = user::Entity::find_by_id(link.created_by).one(&state.db).await? else { return Ok(Ok(0)) };
    let pulled: std::collections::HashSet<i32> = sync_ids::ids_of(&state.db, link.event_id, sync_ids::PULLED)
        .await?
        .into_iter()
        .map(|(remote, _)| remote)
        .collect();
    let mut registered = 0;
    for r in registrations.iter().filter(|r| !pulled.contains(&r.id)) {
        let (rating, board) = (r.rating.map(|v| v.to_string()).unwrap_or_default(), r.board.map(|b| b.to_string()));
        let input = PlayerInput {
            name: &r.name,
            rank: &r.rank,
            rating: &rating,
            club: &r.club,
            country: &r.country,
            email: r.email.as_deref().unwrap_or(""),
            team: &r.team,
            board: board.as_deref().unwrap_or(""),
            aga_id: r.aga_id.as_deref().unwrap_or(""),
            egf_pin: r.egf_pin.as_deref().unwrap_or(""),
        };
        // Entered here already under the same name (a walk-in typed at the desk): the same
        // player, noted so rather than registered twice.
        if let Ok(new) = NewPlayer::parse(&input) {
            let existing = crate::db::entities::player::Entity::find()
                .filter(crate::db::entities::player::Column::EventId.eq(link.event_id))
                .filter(crate::db::entities::player::Column::NameKey.eq(new.name.key()))
                .one(&state.db)
                .await?;
            if let Some(p) = existing {
                let txn = crate::db::begin_write(&state.db).await?;
                sync_ids::map_id(&txn, link.event_id, sync_ids::PULLED, r.id, p.id).await?;
                txn.commit().await?;
                continue;
            }
        }
        let source = "sync:registration";
        match crate::services::players::add_pulled(state, &maker, link.event_id, &input, source, Some(r.id)).await {
            Ok(_) => registered += 1,
            // One registration the venue refuses (the places taken, a field it does not take)
            // must not hold up the others, nor the push.
            Err(e) => {
                tracing::warn!(event = link.event_id, public_id = r.id, error = %e, "a registration from the public site was not taken")
            }
        }
    }
    venue::note_pull(state, link).await?;
    Ok(Ok(registered))
}

/// One round of the background work: for every link, the public registrations pulled and the
/// changes pushed (a link refused by the public instance waits a minute).
pub async fn sync_all(state: &AppState) -> AppResult<()> {
    let now = state.clock.now();
    for link in venue::links(&state.db).await? {
        let refused_lately = link.last_error.as_deref().is_some_and(venue::was_refused)
            && link
                .last_attempt_at
                .is_some_and(|at| now - at < chrono::Duration::from_std(venue::AFTER_REFUSAL).unwrap_or_default());
        if refused_lately {
            continue;
        }
        // A link that fails, for whatever reason, holds up neither its push nor the others.
        match pull_once(state, &link).await {
            Ok(Ok(_)) => {}
            Ok(Err(why)) => {
                tracing::debug!(event = link.event_id, why = %crate::i18n::Locale::En.message(&why), "pulling the public registrations failed")
            }
            Err(e) => tracing::warn!(event = link.event_id, error = %e, "pulling the public registrations failed"),
        }
        match venue::push_once(state, link.event_id).await {
            Ok(Some(Err(why))) => {
                tracing::info!(event = link.event_id, why = %crate::i18n::Locale::En.message(&why), "the public copy could not be brought up to date")
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(event = link.event_id, error = %e, "the public copy could not be brought up to date")
            }
        }
    }
    Ok(())
}
