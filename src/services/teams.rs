//! Team events (分台定人制): the teams as registered and each round's line-ups.
use std::collections::HashMap;

use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::db::entities::{event, player, user};
use crate::domain::message::Message;
use crate::domain::tournament::event::{System, SystemSettings, TeamPairing};
use crate::domain::tournament::pairing::team_event::{EventTeam, teams};
use crate::error::{AppError, AppResult};
use crate::services::audit;
use crate::services::{queries, repo};
use crate::state::AppState;

/// One team for the teams page.
#[derive(Debug, Clone)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
    /// The squad in registered order, the first `boards` being the regulars.
    pub squad: Vec<player::Model>,
    pub boards: usize,
    /// Who plays the next round, board 1 first (the chosen line-up, or the regulars).
    pub next_lineup: Vec<i64>,
    /// The captain chose the next round's line-up (not just the regulars).
    pub chosen: bool,
    /// The team has fewer players present than boards.
    pub short: bool,
}

impl TeamView {
    pub fn plays_next(&self, player: &i32) -> bool {
        self.next_lineup.contains(&i64::from(*player))
    }

    pub fn board_of(&self, player: &i32) -> Option<usize> {
        self.next_lineup.iter().position(|&p| p == i64::from(*player)).map(|i| i + 1)
    }
}

#[derive(Debug, Clone)]
pub struct TeamsView {
    pub teams: Vec<TeamView>,
    /// The round the line-ups are for.
    pub next_round: i32,
    /// That round is drafted already: its line-ups are locked.
    pub locked: bool,
    /// Registered players without a team name.
    pub without_team: Vec<player::Model>,
}

fn team_event(event: &event::Model) -> AppResult<SystemSettings> {
    let (system, settings) = queries::system_of(event)?;
    if system != System::Team {
        return Err(AppError::refused("error-not-team-event"));
    }
    Ok(settings)
}

pub async fn view(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<TeamsView> {
    let settings = team_event(event)?;
    let boards = settings.team_boards as usize;
    let registered = queries::players(conn, event.id).await?;
    let everyone = queries::domain_players(&registered);
    let (next_round, locked) = queries::lineup_round(conn, event.id).await?;
    let chosen = queries::lineups_for(conn, event.id, next_round, &everyone, &settings).await?;
    let by_id: HashMap<i64, &player::Model> = registered.iter().map(|p| (i64::from(p.id), p)).collect();
    let teams = teams(&everyone, boards)
        .into_iter()
        .map(|t: EventTeam| {
            let next_lineup = t.lineup(boards, chosen.get(&t.id).map(Vec::as_slice)).map(|l| l.players().to_vec());
            TeamView {
                id: t.id,
                squad: t.squad().iter().filter_map(|id| by_id.get(id).map(|p| (*p).clone())).collect(),
                boards,
                short: t.roster.len() < boards,
                chosen: chosen.contains_key(&t.id),
                next_lineup: next_lineup.unwrap_or_else(|_| t.roster.clone()),
                name: t.name,
            }
        })
        .collect();
    let without_team = registered.into_iter().filter(|p| p.team.trim().is_empty() && !p.withdrawn).collect();
    Ok(TeamsView { teams, next_round, locked, without_team })
}

/// Sets the players a team fields in the next round (checked: one per board, from the team,
/// seated in the registered order). Refused once that round is drafted.
pub async fn set_lineup(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    team_id: i64,
    chosen: &[i64],
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let settings = team_event(&event)?;
    let (round, locked) = queries::lineup_round(&txn, event_id).await?;
    if locked {
        return Err(AppError::BadRequest(Message::new("error-lineup-locked").number("n", round)));
    }
    if settings.team_pairing == TeamPairing::AllPlayAll && round > 1 {
        return Err(AppError::refused("error-lineup-all-play-all"));
    }
    let everyone = queries::pairing_players(&txn, event_id).await?;
    let boards = settings.team_boards as usize;
    let team = teams(&everyone, boards).into_iter().find(|t| t.id == team_id).ok_or(AppError::NotFound)?;
    let lineup = team.lineup(boards, Some(chosen)).map_err(|e| {
        AppError::BadRequest(
            Message::new("error-lineup")
                .text("team", &team.name)
                .number("n", boards as i64)
                .nested("detail", e.message()),
        )
    })?;
    repo::replace_lineup(&txn, event_id, round, &team.name, lineup.players()).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "team.lineup", json!({ "round": round, "team": team.name, "players": lineup.players() }))
        .await?;
    Ok(())
}
