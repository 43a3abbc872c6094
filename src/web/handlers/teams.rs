//! The teams page of a team event: squads in board order and the next round's line-ups.
use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::db::entities::event;
use crate::error::{AppError, AppResult};
use crate::services::queries;
use crate::services::queries::EventRoles;
use crate::services::teams::{self, TeamsView};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page_with_status, see_other};
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "teams/show.html")]
pub struct TeamsPage {
    ctx: PageCtx,
    event: event::Model,
    roles: EventRoles,
    view: TeamsView,
    /// A refused line-up: the team, the players ticked, and why.
    refused: Option<(i64, Vec<i64>, String)>,
}

impl TeamsPage {
    /// Whether the box of `player` in `team`'s form is ticked: as sent when refused, else as
    /// the next line-up stands.
    fn ticked(&self, team: &i64, player: &i32) -> bool {
        match &self.refused {
            Some((refused, chosen, _)) if refused == team => chosen.contains(&i64::from(*player)),
            _ => self.view.teams.iter().any(|t| t.id == *team && t.plays_next(player)),
        }
    }

    fn error_for(&self, team: &i64) -> Option<&str> {
        self.refused.as_ref().filter(|(refused, _, _)| refused == team).map(|(_, _, e)| e.as_str())
    }
}

async fn teams_page(state: &AppState, ctx: PageCtx, event_id: i32) -> AppResult<TeamsPage> {
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let view = teams::view(&state.db, &found).await?;
    Ok(TeamsPage { ctx, event: found, roles, view, refused: None })
}

pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<TeamsPage> {
    teams_page(&state, ctx, path.event_id).await
}

/// The line-up form: one checkbox per squad player, named `p<player id>`.
pub async fn set_lineup(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i64)>,
    form: LateForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let (event_id, team_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let mut chosen: Vec<i64> =
        form.keys().filter_map(|k| k.strip_prefix('p')).filter_map(|id| id.parse().ok()).collect();
    chosen.sort_unstable();
    match teams::set_lineup(&state, &account, event_id, team_id, &chosen).await {
        Ok(()) => {
            ctx.flash("success", ctx.t("flash-lineup-saved"));
            Ok(see_other(&format!("/events/{event_id}/teams")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = teams_page(&state, ctx, event_id).await?;
            shown.refused = Some((team_id, chosen, message));
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}
