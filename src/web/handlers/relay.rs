//! The relay page (擂台赛): the teams in rotation order, who plays next, each team's
//! nomination, and the chain of games.
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::result::GameResult;
use crate::error::{AppError, AppResult};
use crate::services::queries;
use crate::services::queries::EventRoles;
use crate::services::relay::{self, RelayView};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page_with_status, see_other};
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "relay/show.html")]
pub struct RelayPage {
    ctx: PageCtx,
    event: event::Model,
    roles: EventRoles,
    relay: RelayView,
    /// Why the last nomination was refused.
    refused: Option<String>,
}

impl RelayPage {
    fn result_text(&self, result: &GameResult) -> String {
        crate::web::view::result(self.ctx.locale, result, &self.event.ruleset)
    }
}

async fn relay_page(state: &AppState, ctx: PageCtx, event_id: i32) -> AppResult<RelayPage> {
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let view = relay::view(&state.db, &found).await?;
    Ok(RelayPage { ctx, event: found, roles, relay: view, refused: None })
}

pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<RelayPage> {
    relay_page(&state, ctx, path.event_id).await
}

#[derive(Debug, Deserialize)]
pub struct NominationForm {
    #[serde(default)]
    player: String,
}

pub async fn nominate(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i64)>,
    form: LateForm<NominationForm>,
) -> AppResult<HttpResponse> {
    let (event_id, team_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let outcome = match form.player.trim().parse::<i64>() {
        Ok(player) => relay::nominate(&state, &account, event_id, team_id, player).await,
        Err(_) => Err(AppError::refused("error-relay-choose-player")),
    };
    match outcome {
        Ok(()) => {
            ctx.flash("success", ctx.t("flash-nomination-saved"));
            Ok(see_other(&format!("/events/{event_id}/relay")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = relay_page(&state, ctx, event_id).await?;
            shown.refused = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}
