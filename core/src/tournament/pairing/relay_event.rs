//! The relay challenge match (擂台赛, Art. 27.6) as an event: the teams from the players'
//! team names, the order fixed when game 1 is drafted, one game per round, and the match
//! rebuilt from the stored games and nominations (see [`super::relay`] for the rules).
//!
//! Choices the articles leave to the event, as Yunzi makes them:
//! - The seeding stored with the event is every team's squad, team after team in rotation
//!   order, each in its registered order (board number, then strength, as for team events).
//!   With a fixed order that is the order of play; with a nominated order it is the squad
//!   the team names its players from. Players registered later are not in the match.
//! - Rotation order: by strength (the sum of the ranks of each team's first players, as many
//!   as the smallest team has) or by lot, as the event's seating says.
//! - A nomination is stored for the round (game) it is for and applies only if the team
//!   must then name a player; a later correction that changes who must name leaves it unused.

use std::cmp::Reverse;
use std::collections::HashMap;

use super::event_plan::{DraftRound, EventPlan, History, NextRoundError, Player};
use super::mcmahon::mix;
use super::relay::{Order, RelayError, RelayMatch, RelaySettings, RelayTeam};
use super::team_event::teams;
use crate::tournament::event::{RelayOrder, Seating, SystemSettings};

/// A team of the match: its id (smallest player id), name and squad in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelaySide {
    pub id: i64,
    pub name: String,
    pub players: Vec<i64>,
}

/// The name of side `id` among `sides`, or the id when none has it (for messages).
pub fn side_name(sides: &[RelaySide], id: i64) -> String {
    sides.iter().find(|s| s.id == id).map_or_else(|| id.to_string(), |s| s.name.clone())
}

/// The seeding for game 1: the squads of the teams present, in rotation order.
pub fn relay_seeding(plan: &EventPlan<'_>, players: &[Player]) -> Vec<i64> {
    let mut teams: Vec<_> = teams(players, usize::MAX).into_iter().filter(|t| !t.roster.is_empty()).collect();
    let first = teams.iter().map(|t| t.roster.len()).min().unwrap_or(0);
    let rank: HashMap<i64, i32> = players.iter().map(|p| (p.id, p.rank_value)).collect();
    let strength =
        |ids: &[i64]| -> i64 { ids.iter().take(first).filter_map(|id| rank.get(id)).map(|&r| i64::from(r)).sum() };
    match plan.settings.seating {
        Seating::Strength => teams.sort_by_key(|t| (Reverse(strength(&t.roster)), t.id)),
        Seating::Lot => teams.sort_by_key(|t| mix(plan.seed ^ mix(t.id as u64))),
    }
    teams.into_iter().flat_map(|t| t.roster).collect()
}

/// The teams of a stored seeding, in rotation order: consecutive players of one team name.
pub fn relay_sides(players: &[Player], seeding: &[i64]) -> Vec<RelaySide> {
    let team_of: HashMap<i64, &str> = players.iter().map(|p| (p.id, p.team.trim())).collect();
    let mut sides: Vec<RelaySide> = Vec::new();
    for &id in seeding {
        let name = team_of.get(&id).copied().unwrap_or_default();
        match sides.last_mut() {
            Some(side) if side.name == name => {
                side.players.push(id);
                side.id = side.id.min(id);
            }
            _ => sides.push(RelaySide { id, name: name.to_string(), players: vec![id] }),
        }
    }
    sides
}

/// The match as stored: the sides, every result in round order, and the nominations
/// (`(round, team id) → player`). Stops at the first game without a result.
pub fn relay_match(
    settings: &SystemSettings,
    lot: u64,
    sides: &[RelaySide],
    history: &History,
    nominations: &HashMap<(u32, i64), i64>,
) -> Result<RelayMatch, RelayError> {
    let order = |players: &[i64]| match settings.relay_order {
        RelayOrder::Fixed => Order::Fixed(players.to_vec()),
        RelayOrder::Nominated => Order::Nominated(players.to_vec()),
    };
    let teams = sides.iter().map(|s| RelayTeam { id: s.id, order: order(&s.players) }).collect();
    let mut relay =
        RelayMatch::new(RelaySettings { teams, draw: settings.relay_draw, colours: settings.relay_colours, lot })?;
    let last = history.games.iter().map(|g| g.round).max().unwrap_or(0);
    for round in 1..=last + 1 {
        for team in relay.awaiting_nomination() {
            if let Some(&player) = nominations.get(&(round, team)) {
                // A nomination a later correction made stale (the player is out now) is
                // unused: the team names again.
                relay.nominate(team, player).ok();
            }
        }
        for game in history.games.iter().filter(|g| g.round == round) {
            let Some(result) = game.result else { return Ok(relay) };
            // As played: the director may have swapped the drafted colours.
            relay.record_played(game.black, game.white, result)?;
        }
    }
    Ok(relay)
}

/// Round `number`: the match's next game, or why there is none yet.
pub fn next_relay_round(
    settings: &SystemSettings,
    lot: u64,
    players: &[Player],
    history: &History,
    seeding: &[i64],
    nominations: &HashMap<(u32, i64), i64>,
) -> Result<DraftRound, NextRoundError> {
    let sides = relay_sides(players, seeding);
    let relay = relay_match(settings, lot, &sides, history, nominations).map_err(NextRoundError::Relay)?;
    if let Some(team) = relay.winner() {
        return Err(NextRoundError::RelayWon(team));
    }
    let game = relay
        .next_game()
        .ok_or_else(|| NextRoundError::Relay(RelayError::AwaitingNomination(relay.awaiting_nomination())))?;
    Ok(DraftRound { boards: vec![game.board()], costs: vec![None], byes: Vec::new(), rematches: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::GameResult;
    use crate::tournament::event::{System, SystemSettings};
    use crate::tournament::pairing::event_round::PlayedGame;
    use crate::tournament::pairing::relay::DrawPolicy;
    use crate::tournament::pairing::team_event::tests::player;

    /// Two teams: A (ids 1–3: 2d, 1d, 1k, boards 2, 1, 3) and B (ids 4–6: 3d, 1k, 2k, no boards).
    fn players() -> Vec<Player> {
        vec![
            player(1, "A", Some(2), 1),
            player(2, "A", Some(1), 0),
            player(3, "A", Some(3), -1),
            player(4, "B", None, 2),
            player(5, "B", None, -1),
            player(6, "B", None, -2),
        ]
    }

    fn settings(order: RelayOrder, draw: DrawPolicy) -> SystemSettings {
        SystemSettings { relay_order: order, relay_draw: draw, ..SystemSettings::default() }
    }

    fn plan(settings: &SystemSettings) -> EventPlan<'_> {
        EventPlan { system: System::Relay, settings, rounds: 0, seed: 7 }
    }

    const LOT: u64 = 7;

    /// The two players of a relay round's one board, whatever their colours.
    fn seated(draft: &DraftRound) -> [i64; 2] {
        let board = draft.boards[0];
        [board.black.min(board.white), board.black.max(board.white)]
    }

    fn played(round: u32, black: i64, white: i64, result: &str) -> PlayedGame {
        PlayedGame { round, black, white, result: GameResult::parse(result).ok(), handicap: 0, ruling: None }
    }

    #[test]
    fn seeding_is_each_squad_in_registered_order_stronger_team_first() {
        let s = settings(RelayOrder::Fixed, DrawPolicy::Replay);
        // First three players: A 1+0-1 = 0, B 2-1-2 = -1, so A rotates first; A's order by board.
        assert_eq!(relay_seeding(&plan(&s), &players()), vec![2, 1, 3, 4, 5, 6]);
        let sides = relay_sides(&players(), &[4, 5, 6, 2, 1, 3]);
        assert_eq!(
            sides,
            vec![
                RelaySide { id: 4, name: "B".into(), players: vec![4, 5, 6] },
                RelaySide { id: 1, name: "A".into(), players: vec![2, 1, 3] },
            ]
        );
    }

    #[test]
    fn a_fixed_order_match_runs_to_the_winner_with_streaks() {
        let s = settings(RelayOrder::Fixed, DrawPolicy::Replay);
        let seeding = [2, 1, 3, 4, 5, 6];
        let none = HashMap::new();
        let mut history = History::default();
        // Game 1: B's 4 against A's 2, colours drawn.
        let first = next_relay_round(&s, LOT, &players(), &history, &seeding, &none).expect("game 1");
        assert_eq!(seated(&first), [2, 4]);
        // As played: 4 wins, stays on and beats 1, draws with 3 (replayed), then loses to 3.
        history.games.push(played(1, 4, 2, "B+R"));
        history.games.push(played(2, 1, 4, "W+3.5"));
        history.games.push(played(3, 3, 4, "Draw"));
        history.games.push(played(4, 3, 4, "B+R"));
        // 3 holds against 5, then loses to 6, and A has nobody left.
        history.games.push(played(5, 5, 3, "W+R"));
        let next = next_relay_round(&s, LOT, &players(), &history, &seeding, &none).expect("game 6");
        assert_eq!(seated(&next), [3, 6]);
        history.games.push(played(6, 6, 3, "B+R"));
        let sides = relay_sides(&players(), &seeding);
        let relay = relay_match(&s, LOT, &sides, &history, &none).expect("rebuilt");
        assert_eq!(relay.winner(), Some(4));
        assert_eq!((relay.streak(4), relay.streak(3), relay.streak(6)), (2, 2, 1));
        assert_eq!(next_relay_round(&s, LOT, &players(), &history, &seeding, &none), Err(NextRoundError::RelayWon(4)));
    }

    #[test]
    fn a_nominated_order_waits_for_the_teams_and_ignores_unused_nominations() {
        let s = settings(RelayOrder::Nominated, DrawPolicy::BothOut);
        let seeding = [2, 1, 3, 4, 5, 6];
        let mut history = History::default();
        let mut named = HashMap::new();
        assert_eq!(
            next_relay_round(&s, LOT, &players(), &history, &seeding, &named),
            Err(NextRoundError::Relay(RelayError::AwaitingNomination(vec![1, 4])))
        );
        named.insert((1, 1), 3);
        named.insert((1, 4), 6);
        let first = next_relay_round(&s, LOT, &players(), &history, &seeding, &named).expect("game 1");
        assert_eq!(seated(&first), [3, 6]);
        // A draw puts both out: both teams name again for game 2. A's stale nomination for
        // game 3 is ignored.
        history.games.push(played(1, 6, 3, "Draw"));
        named.insert((3, 1), 2);
        assert_eq!(
            next_relay_round(&s, LOT, &players(), &history, &seeding, &named),
            Err(NextRoundError::Relay(RelayError::AwaitingNomination(vec![1, 4])))
        );
        named.insert((2, 1), 2);
        named.insert((2, 4), 5);
        let second = next_relay_round(&s, LOT, &players(), &history, &seeding, &named).expect("game 2");
        assert_eq!(seated(&second), [2, 5]);
        // A game that is not the match's next one is refused.
        history.games.push(played(2, 4, 2, "B+R"));
        let sides = relay_sides(&players(), &seeding);
        assert_eq!(
            relay_match(&s, LOT, &sides, &history, &named),
            Err(RelayError::GameOutOfTurn { black: 4, white: 2 })
        );
    }
}
