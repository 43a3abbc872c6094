//! The next round of an event, whatever its system: the one entry point the rounds service
//! calls. It turns the event's settings, its players and what has been played into the
//! boards and byes of the next round, each with what it cost (the "why paired" page).
//!
//! - Swiss and McMahon pair each round by exact matching ([`super::mcmahon`]); the director
//!   sets the number of rounds.
//! - Round robin, knockout and best-of fix a *seeding* when round 1 is drafted (the players
//!   present then, by strength or by lot) and follow it to the end: the Berger table, the
//!   bracket, the match. Players registered later are not in it.
//! - Knockout is rebuilt from the seeding by entering every result and ruling again in
//!   playing order ([`rebuild_knockout`]); walkovers are returned as byes (they score no
//!   points: knockout standings are placings).

use std::cmp::Reverse;

use super::best_of::{BestOf, MatchState};
pub use super::event_plan::{
    DraftRound, EventPlan, History, NextRoundError, PlayedGame, Player, knockout_start, rebuild_knockout,
};
use super::event_plan::{knockout_draft, stage_history, stage_settings};
use super::gotha_event::pair_with_gotha;
use super::knockout::{BothLoseRuling, Knockout, KnockoutError};
use super::mcmahon::{Entrant, field_from_history, mcmahon_initial_score, mix};
use super::relay_event::{next_relay_round, relay_seeding};
use super::round_robin::{group_round_count, pair_group_round, round_robin_groups};
use super::team_event::{next_team_round, team_knockout, team_seeding, team_stage_seeding};
use super::{BoardCost, PairingSettings, pair_round};
use crate::result::GameResult;
use crate::tournament::event::{Seating, System, SystemSettings, Weights};
use crate::tournament::standings::{
    AbsentRecord, ByeRecord, Entrant as StandingsEntrant, GameRecord, compute_standings_with,
};

/// A player's initial score in half-points: the McMahon score from rank in a McMahon, else 0.
pub fn initial_score(plan: &EventPlan<'_>, rank_value: i32, rating: Option<i32>) -> i32 {
    if plan.system == System::McMahon {
        let strength = plan.settings.strength.value(rank_value, rating);
        mcmahon_initial_score(strength, plan.settings.mcmahon_bar, plan.settings.mcmahon_floor)
    } else {
        0
    }
}

/// Whether the system keeps a seeding from round 1.
pub fn uses_seeding(system: System) -> bool {
    matches!(system, System::RoundRobin | System::Knockout | System::BestOf | System::Team | System::Relay)
}

/// The seeding for round 1: the players present, strongest first (rank, rating, registration
/// order), or shuffled by lot. In a best-of, seed 1 has Black in game 1, decided by a
/// simulated nigiri (猜先) whatever the seating.
pub fn seeding(plan: &EventPlan<'_>, players: &[Player]) -> Vec<i64> {
    match plan.system {
        System::Team => return team_seeding(plan, players),
        System::Relay => return relay_seeding(plan, players),
        _ => {}
    }
    let mut present: Vec<(usize, &Player)> = players.iter().enumerate().filter(|(_, p)| p.present).collect();
    match plan.settings.seating {
        Seating::Strength => present.sort_by_key(|&(order, p)| {
            (Reverse(plan.settings.strength.value(p.rank_value, p.rating)), Reverse(p.rating), order)
        }),
        Seating::Lot => present.sort_by_key(|&(_, p)| mix(plan.seed ^ mix(p.id as u64))),
    }
    let mut ids: Vec<i64> = present.iter().map(|(_, p)| p.id).collect();
    if plan.system == System::BestOf && ids.len() == 2 && mix(plan.seed ^ 0x6E69_6769_7269).is_multiple_of(2) {
        ids.swap(0, 1);
    }
    ids
}

/// Round `number` (from 1). A team event takes the teams' default line-ups here (the app
/// passes the chosen ones to [`next_team_round`]), a relay no nominations (the app passes
/// them to [`next_relay_round`]). `seeding` is the stored seeding for rounds after the first of a
/// seeded system (see [`uses_seeding`]); for round 1 pass [`seeding`]'s.
pub fn next_round(
    plan: &EventPlan<'_>,
    players: &[Player],
    history: &History,
    seeding: &[i64],
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    match plan.system {
        System::Swiss | System::McMahon => match knockout_start(plan) {
            Some(start) if number >= start => knockout_round(plan, players, seeding, history, number),
            _ => pair_by_score(plan, players, history, number),
        },
        System::RoundRobin if knockout_start(plan).is_some_and(|start| number >= start) => {
            knockout_round(plan, players, seeding, history, number)
        }
        System::RoundRobin => {
            let groups = round_robin_groups(seeding, plan.settings.groups).map_err(NextRoundError::RoundRobin)?;
            let rounds = group_round_count(&groups, plan.settings.cycles).map_err(NextRoundError::RoundRobin)?;
            if number > rounds {
                return Err(NextRoundError::ScheduleComplete(rounds));
            }
            let pairing =
                pair_group_round(&groups, plan.settings.cycles, number).map_err(NextRoundError::RoundRobin)?;
            Ok(DraftRound {
                costs: vec![None; pairing.boards.len()],
                boards: pairing.boards,
                byes: pairing.byes.into_iter().map(|id| (id, None)).collect(),
                rematches: Vec::new(),
            })
        }
        System::Knockout => knockout_round(plan, players, seeding, history, number),
        System::Team => next_team_round(plan, players, history, seeding, &Default::default(), number),
        System::Relay => next_relay_round(plan.settings, plan.seed, players, history, seeding, &Default::default()),
        System::BestOf => {
            let state = best_of_state(plan.settings, seeding, history)?;
            match (state.winner, state.next_game) {
                (Some(winner), _) => Err(NextRoundError::MatchDecided(winner)),
                (None, Some(board)) => {
                    Ok(DraftRound { boards: vec![board], costs: vec![None], byes: Vec::new(), rematches: Vec::new() })
                }
                (None, None) => Err(NextRoundError::SeedingMissing),
            }
        }
    }
}

/// The round of the event's knockout that is round `number` of the event (in a team event, the
/// team matches: team ids as black and white).
pub(super) fn knockout_round(
    plan: &EventPlan<'_>,
    players: &[Player],
    seeding: &[i64],
    history: &History,
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    knockout_draft(event_knockout(plan, players, seeding, history), knockout_start(plan).unwrap_or(1), number)
}

/// [`EventPlan::rounds`] for an event: a round robin's from its round-1 `seeding` (the rounds
/// of its largest group; 0 before the groups are drawn), any other system's the director's.
pub fn rounds_before_stage(system: System, settings: &SystemSettings, director_rounds: u32, seeding: &[i64]) -> u32 {
    match system {
        System::RoundRobin => round_robin_groups(seeding, settings.groups)
            .and_then(|groups| group_round_count(&groups, settings.cycles))
            .unwrap_or(0),
        _ => director_rounds,
    }
}

/// The event's knockout as its games and rulings make it (see [`rebuild_knockout`]): its seeds,
/// and the rounds from [`knockout_start`] on, numbered from 1. A knockout stage is single
/// elimination, with a third-place game from four players; a team event's is a bracket of
/// teams ([`team_knockout`]).
pub fn event_knockout(
    plan: &EventPlan<'_>,
    players: &[Player],
    seeds: &[i64],
    history: &History,
) -> Result<Knockout, KnockoutError> {
    let start = knockout_start(plan).unwrap_or(1);
    match plan.system {
        System::Knockout => return rebuild_knockout(plan.settings, seeds, history),
        System::Team => return team_knockout(plan, players, seeds, history),
        _ => {}
    }
    rebuild_knockout(&stage_settings(plan, seeds), seeds, &stage_history(history, start))
}

/// The seeds of a knockout stage (积分编排淘汰制), from the standings over the rounds before it,
/// players present only:
/// - after a Swiss or McMahon, the top `knockout_after`, best first;
/// - after a group round robin (`seeding`: its round-1 seeding, which draws the groups), the
///   top `knockout_after` of each group, by place and then group: winners of groups 1, 2, …
///   first, then the runners-up … So the bracket's first round crosses the groups (1–4 is
///   group 1's winner against group 2's runner-up when two groups send two each);
/// - after a team Swiss, the top `knockout_after` teams ([`team_stage_seeding`]).
pub fn knockout_stage_seeding(
    plan: &EventPlan<'_>,
    players: &[Player],
    history: &History,
    seeding: &[i64],
) -> Vec<i64> {
    let Some(start) = knockout_start(plan) else { return Vec::new() };
    if plan.system == System::Team {
        return team_stage_seeding(plan, players, history, start);
    }
    let games: Vec<GameRecord> = history.game_records().into_iter().filter(|g| g.round < start).collect();
    let byes: Vec<ByeRecord> = history.byes.iter().filter(|b| b.round < start).copied().collect();
    let absences: Vec<AbsentRecord> = history.absences.iter().filter(|a| a.round < start).copied().collect();
    let present: Vec<i64> = players.iter().filter(|p| p.present).map(|p| p.id).collect();
    let take = plan.settings.knockout_after as usize;
    let ranked = |pool: &[i64]| -> Vec<i64> {
        let entrants: Vec<StandingsEntrant> = players
            .iter()
            .filter(|p| pool.contains(&p.id))
            .map(|p| StandingsEntrant { id: p.id, initial_score: initial_score(plan, p.rank_value, p.rating) })
            .collect();
        let games: Vec<GameRecord> =
            games.iter().filter(|g| pool.contains(&g.black) && pool.contains(&g.white)).copied().collect();
        let byes: Vec<ByeRecord> = byes.iter().filter(|b| pool.contains(&b.player)).copied().collect();
        let absences: Vec<AbsentRecord> = absences.iter().filter(|a| pool.contains(&a.player)).copied().collect();
        // Players come from the event, each once, so the table can always be made; an empty
        // seeding (the knockout then names the problem) covers the impossible case.
        let table = compute_standings_with(&entrants, &games, &byes, &absences, &plan.settings.tie_break_rules())
            .unwrap_or_default();
        table.iter().map(|row| row.player).filter(|id| present.contains(id)).take(take).collect()
    };
    if plan.system != System::RoundRobin {
        let everyone: Vec<i64> = players.iter().map(|p| p.id).collect();
        return ranked(&everyone);
    }
    let groups = round_robin_groups(seeding, plan.settings.groups).unwrap_or_default();
    let qualified: Vec<Vec<i64>> = groups.iter().map(|group| ranked(group)).collect();
    (0..take).flat_map(|place| qualified.iter().filter_map(move |q| q.get(place).copied())).collect()
}

fn pair_by_score(
    plan: &EventPlan<'_>,
    players: &[Player],
    history: &History,
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    if number > plan.rounds {
        return Err(NextRoundError::AllRoundsPaired(plan.rounds));
    }
    if plan.settings.weights == Weights::OpenGotha351 {
        return pair_with_gotha(plan, players, history, number);
    }
    let (entrants, present, settings) = pairing_input(plan, players, number);
    let field = field_from_history(
        &entrants,
        &present,
        &history.game_records(),
        &history.byes,
        &history.absences,
        plan.settings.absent_score.half_points(),
    );
    let pairing = pair_round(&field, &settings).map_err(NextRoundError::Pairing)?;
    Ok(DraftRound {
        costs: pairing.costs.into_iter().map(|c| Some(BoardCost::Yunzi(c))).collect(),
        boards: pairing.boards,
        byes: pairing.bye.map(|id| (id, pairing.bye_cost.map(BoardCost::Yunzi))).into_iter().collect(),
        rematches: pairing.rematches,
    })
}

/// What the Swiss/McMahon engine is given for round `number`: the entrants (registration
/// order, McMahon initial scores), the players present, and the event's settings for that
/// round. The pairing-file export writes the same, so `yunzi pair` pairs as the app does.
pub fn pairing_input(
    plan: &EventPlan<'_>,
    players: &[Player],
    number: u32,
) -> (Vec<Entrant>, Vec<i64>, PairingSettings) {
    let entrants: Vec<Entrant> = players
        .iter()
        .map(|p| Entrant {
            id: p.id,
            initial_score: initial_score(plan, p.rank_value, p.rating),
            rank_value: p.rank_value,
            rating: p.rating,
            club: p.club.clone(),
            country: p.country.clone(),
            team: p.team.clone(),
        })
        .collect();
    let present: Vec<i64> = players.iter().filter(|p| p.present).map(|p| p.id).collect();
    let settings = PairingSettings {
        round: number,
        placement: plan.settings.placement,
        avoid_same_club: plan.settings.avoid_same_club,
        avoid_same_country: false,
        same_team_rounds: plan.settings.same_team_rounds,
        forbidden_pairs: plan.settings.forbidden_pairs.clone(),
        handicap: plan.settings.handicap,
        seed: plan.seed,
    };
    (entrants, present, settings)
}

/// The best-of match from its seeding (Black in game 1 first) and the results in order.
pub fn best_of_state(
    settings: &SystemSettings,
    seeding: &[i64],
    history: &History,
) -> Result<MatchState, NextRoundError> {
    let &[first, second] = seeding else {
        return Err(NextRoundError::BestOfNeedsTwo(seeding.len()));
    };
    let results: Vec<GameResult> = history.games.iter().filter_map(|g| g.result).collect();
    BestOf::new(settings.best_of).and_then(|b| b.state(first, second, &results)).map_err(NextRoundError::BestOf)
}

/// A knockout ruling as stored with its game: "replay" or "advance:<player id>".
pub fn ruling_code(ruling: BothLoseRuling) -> String {
    match ruling {
        BothLoseRuling::Replay => "replay".into(),
        BothLoseRuling::Advance(player) => format!("advance:{player}"),
    }
}

pub fn parse_ruling(code: &str) -> Option<BothLoseRuling> {
    match code.split_once(':') {
        None if code == "replay" => Some(BothLoseRuling::Replay),
        Some(("advance", id)) => id.parse().ok().map(BothLoseRuling::Advance),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::result::Margin;
    use crate::tournament::pairing::Board;
    use crate::tournament::pairing::round_robin::RoundRobinError;

    fn players(n: i64) -> Vec<Player> {
        (1..=n).map(|id| Player::for_test(id, 30 - id as i32, None, format!("club {}", id % 3))).collect()
    }

    fn win(winner: Color) -> Option<GameResult> {
        Some(GameResult::Win { winner, margin: Margin::Resignation })
    }

    fn plan(system: System, settings: &SystemSettings) -> EventPlan<'_> {
        EventPlan { system, settings, rounds: 3, seed: 11 }
    }

    /// Plays every board of `draft` as round `round`, the higher seed (lower id) winning.
    fn play(history: &mut History, round: u32, draft: &DraftRound) {
        for b in &draft.boards {
            let winner = if b.black < b.white { Color::Black } else { Color::White };
            history.games.push(PlayedGame {
                round,
                black: b.black,
                white: b.white,
                result: win(winner),
                handicap: 0,
                ruling: None,
            });
        }
        for (id, _) in &draft.byes {
            history.byes.push(ByeRecord { round, player: *id });
        }
    }

    /// 积分编排淘汰制: three Swiss rounds for seven players, then the top four of the standings
    /// (a withdrawn player is passed over) play semi-finals 1–4 and 2–3, a final and a game for
    /// third place.
    #[test]
    fn a_swiss_followed_by_a_knockout_of_the_top_four() -> Result<(), NextRoundError> {
        let settings = SystemSettings { knockout_after: 4, ..SystemSettings::default() };
        let plan = plan(System::Swiss, &settings);
        assert_eq!(knockout_start(&plan), Some(4));
        let mut field = players(7);
        let mut history = History::default();
        for round in 1..=3 {
            let draft = next_round(&plan, &field, &history, &[], round)?;
            assert!(draft.costs.iter().all(Option::is_some), "the Swiss rounds are searched");
            play(&mut history, round, &draft);
        }
        // The stronger (lower id) always won: 1 has three wins; after it, by points then 对手分.
        let table = compute_standings_with(
            &field.iter().map(|p| StandingsEntrant { id: p.id, initial_score: 0 }).collect::<Vec<_>>(),
            &history.game_records(),
            &history.byes,
            &history.absences,
            &settings.tie_break_rules(),
        )
        .map_err(|_| NextRoundError::SeedingMissing)?;
        let order: Vec<i64> = table.iter().map(|r| r.player).collect();
        assert_eq!(order[0], 1);
        // The second in the table withdraws before the stage: the next four are seeded.
        let withdrawn = order[1];
        if let Some(p) = field.iter_mut().find(|p| p.id == withdrawn) {
            p.present = false;
        }
        let seeds = knockout_stage_seeding(&plan, &field, &history, &[]);
        let want: Vec<i64> = order.iter().copied().filter(|&id| id != withdrawn).take(4).collect();
        assert_eq!(seeds, want);

        let semis = next_round(&plan, &field, &history, &seeds, 4)?;
        let pairs: Vec<(i64, i64)> =
            semis.boards.iter().map(|b| (b.black.min(b.white), b.black.max(b.white))).collect();
        let sorted = |a: i64, b: i64| (a.min(b), a.max(b));
        assert_eq!(pairs.len(), 2);
        assert!(pairs.contains(&sorted(seeds[0], seeds[3])) && pairs.contains(&sorted(seeds[1], seeds[2])));
        assert!(semis.costs.iter().all(Option::is_none), "a bracket decides, not a search");
        play(&mut history, 4, &semis);
        let finals = next_round(&plan, &field, &history, &seeds, 5)?;
        assert_eq!(finals.boards.len(), 2, "the final and the game for third place");
        play(&mut history, 5, &finals);
        let knockout = event_knockout(&plan, &field, &seeds, &history).map_err(NextRoundError::Knockout)?;
        let champion = seeds.iter().copied().min().unwrap_or_default();
        assert_eq!(knockout.champion(), Some(champion));
        assert_eq!(next_round(&plan, &field, &history, &seeds, 6), Err(NextRoundError::ChampionKnown(champion)));
        Ok(())
    }

    /// 分组循环 then knockout: eight players in two snake-seeded groups (1 4 5 8 and 2 3 6 7)
    /// play their tables in three rounds; the top two of each group go through, winners first,
    /// so the semi-finals cross the groups: 1 (group 1's winner) – 3 (group 2's runner-up)
    /// and 2 – 4.
    #[test]
    fn a_group_round_robin_followed_by_a_knockout_of_each_groups_top_two() -> Result<(), NextRoundError> {
        let settings = SystemSettings { groups: 2, knockout_after: 2, ..SystemSettings::default() };
        let field = players(8);
        let unseeded = EventPlan { rounds: 0, ..plan(System::RoundRobin, &settings) };
        assert_eq!(knockout_start(&unseeded), None, "no stage before the groups are drawn");
        let group_seeding = seeding(&unseeded, &field);
        assert_eq!(group_seeding, (1..=8).collect::<Vec<i64>>());
        let rounds = rounds_before_stage(System::RoundRobin, &settings, 0, &group_seeding);
        assert_eq!(rounds, 3, "a group of four plays three rounds");
        let plan = EventPlan { rounds, ..unseeded };
        assert_eq!(knockout_start(&plan), Some(4));
        let mut history = History::default();
        for round in 1..=3 {
            let draft = next_round(&plan, &field, &history, &group_seeding, round)?;
            assert_eq!(draft.boards.len(), 4);
            play(&mut history, round, &draft);
        }
        let seeds = knockout_stage_seeding(&plan, &field, &history, &group_seeding);
        assert_eq!(seeds, vec![1, 2, 4, 3], "winners 1 and 2, then runners-up 4 and 3");

        let pairs = |draft: &DraftRound| {
            let mut pairs: Vec<(i64, i64)> =
                draft.boards.iter().map(|b| (b.black.min(b.white), b.black.max(b.white))).collect();
            pairs.sort_unstable();
            pairs
        };
        let semis = next_round(&plan, &field, &history, &seeds, 4)?;
        assert_eq!(pairs(&semis), vec![(1, 3), (2, 4)], "nobody meets their own group in the semi-finals");
        play(&mut history, 4, &semis);
        let finals = next_round(&plan, &field, &history, &seeds, 5)?;
        assert_eq!(pairs(&finals), vec![(1, 2), (3, 4)], "the final and the game for third place");
        play(&mut history, 5, &finals);
        let knockout = event_knockout(&plan, &field, &seeds, &history).map_err(NextRoundError::Knockout)?;
        let places: Vec<(u32, i64)> =
            knockout.placings().unwrap_or_default().iter().map(|p| (p.place, p.player)).collect();
        assert_eq!(places, vec![(1, 1), (2, 2), (3, 3), (4, 4)]);
        assert_eq!(next_round(&plan, &field, &history, &seeds, 6), Err(NextRoundError::ChampionKnown(1)));
        Ok(())
    }

    #[test]
    fn swiss_stops_at_the_directors_rounds_and_explains_each_board() -> Result<(), NextRoundError> {
        let settings = SystemSettings::default();
        let plan = plan(System::Swiss, &settings);
        let field = players(7);
        let mut history = History::default();
        for round in 1..=3 {
            let draft = next_round(&plan, &field, &history, &[], round)?;
            assert_eq!(draft.boards.len(), 3);
            assert_eq!(draft.byes.len(), 1);
            assert!(draft.costs.iter().all(Option::is_some), "every searched board has its costs");
            play(&mut history, round, &draft);
        }
        assert_eq!(next_round(&plan, &field, &history, &[], 4), Err(NextRoundError::AllRoundsPaired(3)));
        Ok(())
    }

    #[test]
    fn mcmahon_pairs_by_initial_score_from_the_bar_and_floor() -> Result<(), NextRoundError> {
        // Rank values only matter relative to each other here: bar 29, floor 24.
        let settings = SystemSettings { mcmahon_bar: 29, mcmahon_floor: 24, ..SystemSettings::default() };
        let plan = plan(System::McMahon, &settings);
        assert_eq!(initial_score(&plan, 35, None), 10, "above the bar counts as the bar");
        assert_eq!(initial_score(&plan, 20, None), 0, "below the floor counts as the floor");
        // Players 1 and 2 (values 29, 28) are alone in the two top groups; 1 must meet 2.
        let draft = next_round(&plan, &players(8), &History::default(), &[], 1)?;
        assert!(draft.boards.iter().any(|b| (b.black.min(b.white), b.black.max(b.white)) == (1, 2)), "{draft:?}");
        Ok(())
    }

    /// With strength read from the rating, a 1k whose GoR is 2310 starts as a 3d (bar 3d, floor
    /// 10k), and one without a rating keeps the rank.
    #[test]
    fn mcmahon_can_read_strength_from_the_rating() {
        let by_rank = SystemSettings { mcmahon_bar: 2, mcmahon_floor: -10, ..SystemSettings::default() };
        let by_rating = SystemSettings { strength: crate::tournament::event::Strength::Rating, ..by_rank.clone() };
        let (rank_plan, rating_plan) = (plan(System::McMahon, &by_rank), plan(System::McMahon, &by_rating));
        assert_eq!(initial_score(&rank_plan, -1, Some(2310)), 2 * (-1 + 10), "1k by rank");
        assert_eq!(initial_score(&rating_plan, -1, Some(2310)), 2 * (2 + 10), "2310 is 3d: at the bar");
        assert_eq!(initial_score(&rating_plan, -1, None), 2 * (-1 + 10), "no rating: the rank");
        assert_eq!(initial_score(&rating_plan, 5, Some(1200)), 2, "1200 is 9k: one grade above the floor");
    }

    #[test]
    fn round_robin_follows_the_seating_to_the_end() -> Result<(), NextRoundError> {
        let settings = SystemSettings { cycles: 2, ..SystemSettings::default() };
        let plan = plan(System::RoundRobin, &settings);
        let mut field = players(5);
        let seeds = seeding(&plan, &field);
        assert_eq!(seeds, vec![1, 2, 3, 4, 5], "strongest first");
        // A withdrawal after the start changes nothing: the table stands.
        field[4].present = false;
        let mut met = std::collections::HashMap::new();
        let mut history = History::default();
        for round in 1..=10 {
            let draft = next_round(&plan, &field, &history, &seeds, round)?;
            assert_eq!((draft.boards.len(), draft.byes.len()), (2, 1));
            for b in &draft.boards {
                *met.entry((b.black.min(b.white), b.black.max(b.white))).or_insert(0) += 1;
            }
            play(&mut history, round, &draft);
        }
        assert_eq!(met.len(), 10);
        assert!(met.values().all(|&n| n == 2), "a double round robin: every pair twice");
        assert_eq!(next_round(&plan, &field, &history, &seeds, 11), Err(NextRoundError::ScheduleComplete(10)));
        let alone = next_round(&plan, &field, &History::default(), &[1], 1);
        assert_eq!(alone, Err(NextRoundError::RoundRobin(RoundRobinError::TooFewPlayers(1))));
        let knockout = EventPlan { system: System::Knockout, ..plan };
        let alone = next_round(&knockout, &field, &History::default(), &[1], 1);
        assert_eq!(alone, Err(NextRoundError::Knockout(KnockoutError::NotEnoughPlayers)));
        Ok(())
    }

    #[test]
    fn seating_by_lot_is_repeatable_and_differs_by_seed() {
        let settings = SystemSettings { seating: Seating::Lot, ..SystemSettings::default() };
        let field = players(16);
        let a = seeding(&plan(System::RoundRobin, &settings), &field);
        let b = seeding(&plan(System::RoundRobin, &settings), &field);
        let other = seeding(&EventPlan { seed: 12, ..plan(System::RoundRobin, &settings) }, &field);
        assert_eq!(a, b);
        assert_ne!(a, other);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=16).collect::<Vec<_>>());
    }

    #[test]
    fn knockout_rounds_follow_the_bracket_with_replays_rulings_and_walkovers() -> Result<(), NextRoundError> {
        let settings = SystemSettings { lives: 1, third_place_game: true, ..SystemSettings::default() };
        let plan = plan(System::Knockout, &settings);
        let field = players(6);
        let seeds = seeding(&plan, &field);
        let mut history = History::default();
        // Round 1 of 6 in a bracket of 8: seeds 1 and 2 have walkovers.
        let first = next_round(&plan, &field, &history, &seeds, 1)?;
        assert_eq!(first.byes.iter().map(|b| b.0).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(first.boards.len(), 2);
        // The first board is drawn: the replay (colours swapped) is a game of round 1.
        let b = first.boards[0];
        history.games.push(PlayedGame {
            round: 1,
            black: b.black,
            white: b.white,
            result: Some(GameResult::Draw),
            handicap: 0,
            ruling: None,
        });
        let knockout = rebuild_knockout(&settings, &seeds, &history).map_err(NextRoundError::Knockout)?;
        let replay = knockout.current_round().games_to_play();
        assert!(replay.contains(&Board { black: b.white, white: b.black, handicap: 0 }), "{replay:?}");
        assert!(matches!(
            next_round(&plan, &field, &history, &seeds, 2),
            Err(NextRoundError::Knockout(KnockoutError::RoundUnfinished(1)))
        ));
        // The replay: both lose; the director rules that the stronger seed advances.
        let advance = b.black.min(b.white);
        history.games.push(PlayedGame {
            round: 1,
            black: b.white,
            white: b.black,
            result: Some(GameResult::BothLose),
            handicap: 0,
            ruling: Some(BothLoseRuling::Advance(advance)),
        });
        let other = first.boards[1];
        let winner = if other.black < other.white { Color::Black } else { Color::White };
        history.games.push(PlayedGame {
            round: 1,
            black: other.black,
            white: other.white,
            result: win(winner),
            handicap: 0,
            ruling: None,
        });
        history.byes.extend(first.byes.iter().map(|&(player, _)| ByeRecord { round: 1, player }));
        let mut round = 2;
        loop {
            match next_round(&plan, &field, &history, &seeds, round) {
                Ok(draft) => {
                    play(&mut history, round, &draft);
                    round += 1;
                }
                Err(NextRoundError::ChampionKnown(champion)) => {
                    assert_eq!(champion, 1);
                    break;
                }
                Err(other) => return Err(other),
            }
        }
        // Semi-finals in round 2, the final and the third-place game in round 3.
        assert_eq!(round, 4);
        assert_eq!(history.games.iter().filter(|g| g.round == 3).count(), 2);
        Ok(())
    }

    #[test]
    fn best_of_three_alternates_colours_and_stops_when_decided() -> Result<(), NextRoundError> {
        let settings = SystemSettings { best_of: 3, ..SystemSettings::default() };
        let plan = plan(System::BestOf, &settings);
        let seeds = seeding(&plan, &players(2));
        let mut history = History::default();
        let first = next_round(&plan, &players(2), &history, &seeds, 1)?;
        assert_eq!(first.boards[0].black, seeds[0], "seed 1 has Black in game 1 (nigiri)");
        // Seed 1 wins game 1 with Black and game 2 with White: 2–0, decided.
        history.games.push(PlayedGame {
            round: 1,
            black: seeds[0],
            white: seeds[1],
            result: win(Color::Black),
            handicap: 0,
            ruling: None,
        });
        let second = next_round(&plan, &players(2), &history, &seeds, 2)?;
        assert_eq!(second.boards[0], Board { black: seeds[1], white: seeds[0], handicap: 0 });
        history.games.push(PlayedGame {
            round: 2,
            black: seeds[1],
            white: seeds[0],
            result: win(Color::White),
            handicap: 0,
            ruling: None,
        });
        assert_eq!(next_round(&plan, &players(2), &history, &seeds, 3), Err(NextRoundError::MatchDecided(seeds[0])));
        assert_eq!(
            next_round(&plan, &players(3), &History::default(), &seeding(&plan, &players(3)), 1),
            Err(NextRoundError::BestOfNeedsTwo(3))
        );
        Ok(())
    }

    #[test]
    fn rulings_round_trip_through_their_stored_code() {
        for ruling in [BothLoseRuling::Replay, BothLoseRuling::Advance(42)] {
            assert_eq!(parse_ruling(&ruling_code(ruling)), Some(ruling));
        }
        assert_eq!(parse_ruling("advance:x"), None);
        assert_eq!(parse_ruling("coin"), None);
    }
}
