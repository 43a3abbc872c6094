//! One stream per round's page (not one per board): it says when the event's version moves
//! on (a result entered, corrected or ruled, a game ended on the board …), and the page's
//! script then fetches the page again — from the page cache, drawn once per version for all
//! its readers. The versions of the watched rounds are read twice a second by the sweep,
//! whatever the number of watchers, and each change is one message shared by all of them.
use std::sync::Arc;

use actix_web::{HttpRequest, HttpResponse, web};

use crate::error::{AppError, AppResult};
use crate::services::{audit, queries};
use crate::state::AppState;
use crate::web::extractors::PageCtx;

/// The stream's message for event version `version`.
fn message(version: i64) -> String {
    format!("event: version\ndata: {{\"version\":{version}}}\n\n")
}

/// GET /events/{event_id}/rounds/{number}/events: the round's published page's stream.
pub async fn events(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, number) = path.into_inner();
    let permit = crate::web::sse::admit(&state, ctx.locale, &req)?;
    let round = queries::rounds(&state.db, event_id).await?.into_iter().find(|r| r.number == number && r.published);
    if round.is_none() {
        return Err(AppError::NotFound);
    }
    let version = audit::event_version(&state.db, event_id).await?.unwrap_or(0);
    let receiver = state.live.subscribe_round(event_id, number, version);
    let first = message(version);
    Ok(crate::web::sse::stream(first, receiver, permit))
}

/// Run by the sweep: tells every watched round whose event moved on. One small query per
/// watched event, however many watch it.
pub async fn announce_changes(state: &AppState) -> AppResult<()> {
    let watched = state.live.watched_rounds();
    let mut versions: std::collections::HashMap<i32, i64> = std::collections::HashMap::new();
    for ((event, round), announced) in watched {
        let version = match versions.get(&event) {
            Some(&v) => v,
            None => {
                let v = audit::event_version(&state.db, event).await?.unwrap_or(0);
                versions.insert(event, v);
                v
            }
        };
        if version > announced {
            state.live.announce_round(event, round, version, Arc::from(message(version)));
        }
    }
    Ok(())
}
