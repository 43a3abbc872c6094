//! A Swiss or McMahon round of an event paired with OpenGotha 3.51's weights (the event setting
//! "OpenGotha 3.51's weights"): the event becomes the OpenGotha tournament it stands for, with
//! the parameters a new tournament of its system gets in OpenGotha 3.51, and [`gotha::pair_round`]
//! pairs it, exactly as `yunzi pair` pairs an OpenGotha file.
//!
//! What comes from the event rather than from OpenGotha's defaults: the McMahon bar and floor,
//! the handicap rule (from the ranks, less the event's reduction, at most its largest handicap;
//! none when the event plays even games), the club rule (OpenGotha's geography term, off when the
//! event does not keep club-mates apart), and the score of a round without a game or a bye
//! (nothing, as Yunzi's standings count it; OpenGotha's default would give a McMahon player half
//! a point). OpenGotha has no rule keeping team-mates apart (the event form refuses one with
//! these weights) and no forbidden pairs (the draft warns about a board that pairs one).
use std::collections::HashMap;

use super::event_plan::{DraftRound, EventPlan, History, NextRoundError, Player};
use super::gotha::{self, GothaRound};
use super::{Board, BoardCost, PairingError};
use crate::names::split_name;
use crate::rank::Rank;
use crate::tournament::event::{System, SystemSettings};
use crate::tournament::interop::opengotha::{OgGame, OgParameters, OgPlayer, OgTournament};

/// Round `number` of a Swiss or McMahon event, paired with OpenGotha 3.51's weights from the
/// games and byes of the rounds before it; the players present take part.
pub fn pair_with_gotha(
    plan: &EventPlan<'_>,
    players: &[Player],
    history: &History,
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    if players.iter().filter(|p| p.present).count() < 2 {
        return Err(NextRoundError::Pairing(PairingError::NotEnoughPlayers));
    }
    let tournament = tournament(plan, players, history, number);
    let round = gotha::pair_round(&tournament, number).map_err(NextRoundError::Gotha)?;
    Ok(draft(players, history, &round))
}

/// The event as the OpenGotha tournament it stands for, before round `number` is paired.
pub fn tournament(plan: &EventPlan<'_>, players: &[Player], history: &History, number: u32) -> OgTournament {
    let settings = plan.settings;
    let mcmahon = plan.system == System::McMahon;
    let parameters = parameters(plan.system, settings);
    // Keys only index players inside the tournament: the id keeps them unique whatever the names.
    let key = |id: i64| format!("P{id}");
    let rounds = plan.rounds.max(number);
    let sat_out: std::collections::HashSet<(u32, i64)> = history.absences.iter().map(|a| (a.round, a.player)).collect();
    let og_players = players
        .iter()
        .map(|p| {
            let (surname, first_name) = split_name(&p.name);
            // The strength the event reads (rank, or rating as a grade) is the rank OpenGotha sees.
            let rank = Rank::nearest(settings.strength.value(p.rank_value, p.rating));
            OgPlayer {
                key: key(p.id),
                name: p.name.clone(),
                surname,
                first_name,
                rank,
                rating: p.rating,
                rating_points: p.rating.unwrap_or(-900).clamp(-900, 2949),
                club: p.club.clone(),
                country: p.country.clone(),
                participating: (1..=rounds)
                    .map(|r| if r == number { p.present } else { !sat_out.contains(&(r, p.id)) })
                    .collect(),
                smms_correction: 0,
                final_registration: true,
                ids: Default::default(),
            }
        })
        .collect();
    let mut tables: HashMap<u32, u32> = HashMap::new();
    let games = history
        .games
        .iter()
        .filter(|g| g.round < number)
        .map(|g| {
            let table = tables.entry(g.round).or_insert(0);
            *table += 1;
            OgGame {
                round: g.round,
                table: *table,
                black: key(g.black),
                white: key(g.white),
                handicap: g.handicap,
                result: g.result,
                played: g.result.is_some_and(|r| !r.is_forfeit()),
                both_win: false,
            }
        })
        .collect();
    let byes = history.byes.iter().filter(|b| b.round < number).map(|b| (b.round, key(b.player))).collect();
    OgTournament {
        name: String::new(),
        location: String::new(),
        begin: None,
        end: None,
        rounds,
        komi: None,
        mcmahon_bar: Some(Rank::nearest(if mcmahon { settings.mcmahon_bar } else { 8 })),
        mcmahon_floor: Some(Rank::nearest(if mcmahon { settings.mcmahon_floor } else { -30 })),
        players: og_players,
        games,
        byes,
        parameters,
    }
}

/// The OpenGotha parameters an event of `system` stands for: those a new tournament of the
/// system gets in OpenGotha 3.51, with the event's own handicap and club rules and the score of
/// a round without a game. The OpenGotha file exported from the event carries the same, so
/// OpenGotha (or `yunzi pair`) pairs that file as the app pairs the event.
pub fn parameters(system: System, settings: &SystemSettings) -> OgParameters {
    let mut parameters =
        if system == System::McMahon { OgParameters::new_mcmahon() } else { OgParameters::new_swiss() };
    // A round without a game or a bye scores nothing, as in Yunzi's standings; a round sat out
    // (not participating, in OpenGotha's words) scores the event's rule.
    parameters.nbw_absent_x2 = settings.absent_score.half_points() as i32;
    parameters.mms_absent_x2 = settings.absent_score.half_points() as i32;
    match settings.handicap {
        Some(rule) => {
            // Yunzi's rule: the difference of the ranks, less the reduction, at most the largest.
            parameters.handicap_on_mms = false;
            parameters.handicap_rank_threshold = 8;
            parameters.handicap_correction = i32::from(rule.reduction);
            parameters.handicap_ceiling = i32::from(rule.max_stones);
        }
        None => parameters.handicap_ceiling = 0,
    }
    if settings.avoid_same_club {
        // A Swiss in OpenGotha starts without geography; the event asked for its club rule.
        let mcmahon_defaults = OgParameters::new_mcmahon();
        parameters.avoid_same_geography = mcmahon_defaults.avoid_same_geography;
        parameters.country_factor = mcmahon_defaults.country_factor;
        parameters.club_factor = mcmahon_defaults.club_factor;
    } else {
        parameters.avoid_same_geography = 0;
    }
    parameters
}

/// OpenGotha's round as the app's draft: boards in OpenGotha's table order, each with its terms.
fn draft(players: &[Player], history: &History, round: &GothaRound) -> DraftRound {
    let boards: Vec<Board> = round
        .boards
        .iter()
        .map(|b| Board { black: players[b.black].id, white: players[b.white].id, handicap: b.handicap })
        .collect();
    let met =
        |a: i64, b: i64| history.games.iter().any(|g| (g.black, g.white) == (a, b) || (g.black, g.white) == (b, a));
    DraftRound {
        costs: round.boards.iter().map(|b| Some(BoardCost::OpenGotha { opengotha: b.costs })).collect(),
        byes: round.bye.map(|i| (players[i].id, None)).into_iter().collect(),
        rematches: boards.iter().filter(|b| met(b.black, b.white)).map(|b| (b.black, b.white)).collect(),
        boards,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::result::{GameResult, Margin};
    use crate::tournament::event::{SystemSettings, Weights};
    use crate::tournament::pairing::event_plan::PlayedGame;
    use crate::tournament::pairing::event_round::next_round;
    use crate::tournament::pairing::mcmahon::HandicapRule;
    use crate::tournament::standings::ByeRecord;

    /// `n` players, the strongest first (1d, 1k, 2k …), each of a club of his own.
    fn players(n: i64) -> Vec<Player> {
        (1..=n)
            .map(|id| Player::for_test(id, 1 - id as i32, Some(2100 - 100 * id as i32), format!("club {id}")))
            .collect()
    }

    fn gotha_settings() -> SystemSettings {
        SystemSettings { weights: Weights::OpenGotha351, ..SystemSettings::default() }
    }

    fn pairs(draft: &DraftRound) -> Vec<(i64, i64)> {
        let mut pairs: Vec<_> = draft.boards.iter().map(|b| (b.black.min(b.white), b.black.max(b.white))).collect();
        pairs.sort();
        pairs
    }

    /// Every board of `draft` played as round `round`, the stronger player (lower id) winning.
    fn play(history: &mut History, round: u32, draft: &DraftRound) {
        for b in &draft.boards {
            let winner = if b.black < b.white { Color::Black } else { Color::White };
            let result = Some(GameResult::Win { winner, margin: Margin::Resignation });
            history.games.push(PlayedGame {
                round,
                black: b.black,
                white: b.white,
                result,
                handicap: b.handicap,
                ruling: None,
            });
        }
    }

    #[test]
    fn a_swiss_first_round_is_split_and_slip_as_a_new_opengotha_swiss_pairs_it() {
        // OpenGotha's Swiss (`initForSwiss`) places the one score group by split and slip: the
        // top half meets the bottom half in order, 1–5, 2–6, 3–7, 4–8.
        let settings = gotha_settings();
        let plan = EventPlan { system: System::Swiss, settings: &settings, rounds: 3, seed: 7 };
        let draft = next_round(&plan, &players(8), &History::default(), &[], 1).expect("round 1");
        assert_eq!(pairs(&draft), vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
        assert!(draft.costs.iter().all(|c| matches!(c, Some(BoardCost::OpenGotha { .. }))));
        assert!(draft.byes.is_empty() && draft.rematches.is_empty());
    }

    #[test]
    fn later_rounds_avoid_rematches_and_leave_out_who_is_absent() {
        let settings = gotha_settings();
        let plan = EventPlan { system: System::McMahon, settings: &settings, rounds: 4, seed: 7 };
        let mut everyone = players(7);
        let mut history = History::default();
        let first = next_round(&plan, &everyone, &history, &[], 1).expect("round 1");
        assert_eq!(first.boards.len(), 3);
        assert_eq!(first.byes.len(), 1, "seven players: one bye");
        play(&mut history, 1, &first);
        history.byes.extend(first.byes.iter().map(|&(player, _)| ByeRecord { round: 1, player }));
        // Player 2 does not come to round 2: six are paired, none twice, no one meets again.
        everyone[1].present = false;
        let second = next_round(&plan, &everyone, &history, &[], 2).expect("round 2");
        assert_eq!(second.boards.len(), 3);
        assert!(second.byes.is_empty());
        let seated: Vec<i64> = second.boards.iter().flat_map(|b| [b.black, b.white]).collect();
        assert!(!seated.contains(&2));
        let mut unique = seated.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 6);
        for (a, b) in pairs(&second) {
            assert!(!pairs(&first).contains(&(a, b)), "{a} and {b} met in round 1");
        }
        assert!(second.rematches.is_empty());
    }

    #[test]
    fn handicaps_and_the_club_rule_are_the_events() {
        // Two players 1d and 4k: three ranks apart, one taken off: two stones, the 4k has Black.
        let handicap = HandicapRule { reduction: 1, max_stones: 9 };
        let settings =
            SystemSettings { handicap: Some(handicap), mcmahon_bar: 0, mcmahon_floor: -30, ..gotha_settings() };
        let plan = EventPlan { system: System::McMahon, settings: &settings, rounds: 3, seed: 7 };
        let mut two = players(4);
        two.retain(|p| p.id == 1 || p.id == 4);
        let draft = next_round(&plan, &two, &History::default(), &[], 1).expect("round 1");
        assert_eq!(draft.boards.len(), 1);
        assert_eq!((draft.boards[0].black, draft.boards[0].white, draft.boards[0].handicap), (4, 1, 2));

        // Four players in a row of ranks, the two strongest of one club, the other two of
        // another: the score groups alone pair 1–2 and 3–4; the club rule (OpenGotha's
        // geography, worth three McMahon points of difference) pairs the clubs across.
        let mut four = players(4);
        for p in &mut four {
            p.club = if p.id <= 2 { "north".into() } else { "south".into() };
        }
        let clubs = SystemSettings { mcmahon_bar: 0, mcmahon_floor: -30, ..gotha_settings() };
        let plan = EventPlan { system: System::McMahon, settings: &clubs, rounds: 3, seed: 7 };
        let with_rule = next_round(&plan, &four, &History::default(), &[], 1).expect("with the rule");
        assert!(pairs(&with_rule).iter().all(|&(a, b)| a <= 2 && b > 2), "{:?}", pairs(&with_rule));
        let no_rule = SystemSettings { avoid_same_club: false, ..clubs.clone() };
        let plan = EventPlan { system: System::McMahon, settings: &no_rule, rounds: 3, seed: 7 };
        let without = next_round(&plan, &four, &History::default(), &[], 1).expect("without the rule");
        assert_eq!(pairs(&without), vec![(1, 2), (3, 4)]);
        assert_eq!(parameters(System::Swiss, &no_rule).avoid_same_geography, 0);
    }

    #[test]
    fn a_round_without_a_game_scores_nothing_as_in_the_standings() {
        let p = parameters(System::McMahon, &gotha_settings());
        assert_eq!((p.nbw_absent_x2, p.mms_absent_x2), (0, 0));
        assert_eq!(p.mms_bye_x2, 2, "the bye keeps OpenGotha's whole point");
        assert_eq!(parameters(System::Swiss, &gotha_settings()).handicap_ceiling, 0, "even games");
    }
}
