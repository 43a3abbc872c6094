//! The relay challenge match (擂台赛): the teams in rotation order, who plays next, each
//! team's nominations, and the chain of games with each player's streak.
use std::collections::HashMap;

use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::db::entities::{event, player, user};
use crate::domain::color::Color;
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::{RelayOrder, System, SystemSettings};
use crate::domain::tournament::pairing::event_round::{EventPlan, Player};
use crate::domain::tournament::pairing::relay::{RelayError, RelayMatch};
use crate::domain::tournament::pairing::relay_event::{self, RelaySide, relay_match, relay_seeding, relay_sides};
use crate::error::{AppError, AppResult};
use crate::services::audit;
use crate::services::{queries, repo};
use crate::state::AppState;

pub struct RelayPlayerView {
    pub id: i64,
    pub name: String,
    pub rank: String,
    pub out: bool,
    /// Wins so far (连胜: a player who loses is out, so every win is in a row).
    pub streak: u32,
    /// Plays the next game.
    pub at_board: bool,
}

pub struct RelayTeamView {
    pub id: i64,
    pub name: String,
    /// In the order of play (fixed order) or the squad's registered order (nominated).
    pub players: Vec<RelayPlayerView>,
    pub remaining: usize,
    /// Must name its player before the next game can be drafted.
    pub must_name: bool,
}

pub struct RelayGameView {
    pub number: u32,
    pub black: String,
    pub black_team: String,
    pub white: String,
    pub white_team: String,
    pub result: GameResult,
    /// Who this game put out (empty: the game is replayed).
    pub out: Vec<String>,
}

pub struct RelayView {
    /// Game 1 is drafted, so the order is fixed; before that the teams are as registered now.
    pub started: bool,
    pub nominated: bool,
    pub teams: Vec<RelayTeamView>,
    pub chain: Vec<RelayGameView>,
    /// (Black, White) of the next game once both are known and it is not drafted yet.
    pub next_game: Option<(String, String)>,
    pub winner: Option<String>,
    /// Once the match is won: the winning team's last player standing and their streak, as
    /// the page says it.
    pub last_standing: Option<Message>,
    /// The event's rounds are all played and no team has won: the number set, for the
    /// director to raise it (a relay is never run past it).
    pub rounds_used_up: Option<i32>,
    /// The round (game) the nominations are for, and whether it is drafted already.
    pub next_round: i32,
    pub locked: bool,
    /// Why no match can be made from the registered teams (two or three are needed).
    pub problem: Option<Message>,
    /// Registered players without a team name.
    pub without_team: Vec<String>,
}

fn relay_settings(event: &event::Model) -> AppResult<SystemSettings> {
    let (system, settings) = queries::system_of(event)?;
    if system != System::Relay {
        return Err(AppError::refused("error-not-relay-event"));
    }
    Ok(settings)
}

/// The sides: as stored when game 1 was drafted, or as game 1 would seat them now.
fn sides_of(event: &event::Model, settings: &SystemSettings, everyone: &[Player]) -> Vec<RelaySide> {
    let stored = queries::stored_seeding(event);
    let seeding = if stored.is_empty() {
        let plan = EventPlan { system: System::Relay, settings, rounds: 0, seed: queries::round_seed(event.id, 0) };
        relay_seeding(&plan, everyone)
    } else {
        stored
    };
    relay_sides(everyone, &seeding)
}

/// Why a relay cannot go on, with team names instead of ids (an id when no side has it).
fn relay_error(e: &RelayError, sides: &[RelaySide]) -> Message {
    e.message(&|id| relay_event::side_name(sides, id))
}

pub async fn view(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<RelayView> {
    let settings = relay_settings(event)?;
    let registered = queries::players(conn, event.id).await?;
    let everyone = queries::domain_players(&registered);
    let by_id: HashMap<i64, &player::Model> = registered.iter().map(|p| (i64::from(p.id), p)).collect();
    let name = |id: i64| by_id.get(&id).map(|p| p.name.clone()).unwrap_or_default();
    let sides = sides_of(event, &settings, &everyone);
    let team_name = |id: i64| sides.iter().find(|s| s.id == id).map(|s| s.name.clone()).unwrap_or_default();
    let past = queries::history(conn, &queries::rounds(conn, event.id).await?).await?;
    let named = queries::nominations(conn, event.id, &sides).await?;
    let (next_round, locked) = queries::lineup_round(conn, event.id).await?;
    let without_team = registered.iter().filter(|p| p.team.trim().is_empty() && !p.withdrawn).map(|p| p.name.clone());
    let mut view = RelayView {
        started: !queries::stored_seeding(event).is_empty(),
        nominated: settings.relay_order == RelayOrder::Nominated,
        teams: Vec::new(),
        chain: Vec::new(),
        next_game: None,
        winner: None,
        last_standing: None,
        rounds_used_up: None,
        next_round,
        locked,
        problem: None,
        without_team: without_team.collect(),
    };
    let relay: RelayMatch = match relay_match(&settings, queries::relay_lot(event), &sides, &past, &named) {
        Ok(relay) => relay,
        Err(e) => {
            view.problem = Some(relay_error(&e, &sides));
            return Ok(view);
        }
    };
    let next = relay.next_game();
    let at_board = |id: i64| next.is_some_and(|g| g.holder.player == id || g.challenger.player == id);
    let must_name = relay.awaiting_nomination();
    view.teams = sides
        .iter()
        .zip(relay.teams())
        .map(|(side, status)| RelayTeamView {
            id: side.id,
            name: side.name.clone(),
            players: side
                .players
                .iter()
                .map(|&id| RelayPlayerView {
                    id,
                    name: name(id),
                    rank: by_id.get(&id).map(|p| p.rank.clone()).unwrap_or_default(),
                    out: status.out.contains(&id),
                    streak: relay.streak(id),
                    at_board: at_board(id),
                })
                .collect(),
            remaining: status.remaining.len(),
            must_name: must_name.contains(&side.id),
        })
        .collect();
    view.chain = relay
        .games()
        .iter()
        .map(|record| {
            let board = record.game.board();
            RelayGameView {
                number: record.game.number,
                black: name(board.black),
                black_team: team_name(record.game.seat(Color::Black).team),
                white: name(board.white),
                white_team: team_name(record.game.seat(Color::White).team),
                result: record.result,
                out: record.out.iter().map(|&id| name(id)).collect(),
            }
        })
        .collect();
    // The next game as it will be drafted; once drafted it is on the round page.
    let drafted = past.games.iter().any(|g| g.result.is_none());
    view.next_game = next.filter(|_| !drafted).map(|g| (name(g.board().black), name(g.board().white)));
    view.winner = relay.winner().map(team_name);
    if view.winner.is_some() {
        // The winner of the last game is the last player standing.
        view.last_standing = relay.games().last().and_then(|record| {
            let board = record.game.board();
            [board.black, board.white]
                .into_iter()
                .find(|id| !record.out.contains(id))
                .map(|id| Message::new("relay-last-standing").text("name", name(id)).number("n", relay.streak(id)))
        });
    } else if past.games.iter().all(|g| g.result.is_some())
        && past.games.iter().map(|g| g.round).max().unwrap_or(0) >= event.rounds.max(0) as u32
    {
        view.rounds_used_up = Some(event.rounds);
    }
    Ok(view)
}

/// Names `team_id`'s player for the next game (nominated order only), when the team must
/// name one and the game is not drafted yet.
pub async fn nominate(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    team_id: i64,
    player: i64,
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let settings = relay_settings(&event)?;
    let (round, locked) = queries::lineup_round(&txn, event_id).await?;
    if locked {
        return Err(AppError::BadRequest(Message::new("error-lineup-locked").number("n", round)));
    }
    let everyone = queries::pairing_players(&txn, event_id).await?;
    let sides = sides_of(&event, &settings, &everyone);
    let side = sides.iter().find(|s| s.id == team_id).ok_or(AppError::NotFound)?;
    let past = queries::history(&txn, &queries::rounds(&txn, event_id).await?).await?;
    let mut named = queries::nominations(&txn, event_id, &sides).await?;
    named.remove(&(round as u32, team_id));
    let refused = |e: RelayError| AppError::BadRequest(relay_error(&e, &sides));
    let mut relay = relay_match(&settings, queries::relay_lot(&event), &sides, &past, &named).map_err(refused)?;
    if relay.winner().is_some() {
        return Err(AppError::refused("error-event-over"));
    }
    relay.nominate(team_id, player).map_err(refused)?;
    repo::replace_lineup(&txn, event_id, round, &side.name, &[player]).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "relay.nomination", json!({ "round": round, "team": side.name, "player": player }))
        .await?;
    Ok(())
}
