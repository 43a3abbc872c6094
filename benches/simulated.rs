//! A simulated open tournament, shared by the pairing benchmark and the profiling workload.
#![allow(dead_code)]
use std::time::{Duration, Instant};

use yunzi::domain::color::Color;
use yunzi::domain::result::{GameResult, Margin};
use yunzi::domain::tournament::pairing::mcmahon::{Entrant, field_from_history, mcmahon_initial_score};
use yunzi::domain::tournament::pairing::{PairingPlayer, PairingSettings, RoundPairing, pair_round};
use yunzi::domain::tournament::standings::{ByeRecord, GameRecord};

/// A small deterministic generator, so every run measures the same tournament.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

pub struct Event {
    pub entrants: Vec<Entrant>,
    pub games: Vec<GameRecord>,
    pub byes: Vec<ByeRecord>,
}

impl Event {
    pub fn field(&self) -> Vec<PairingPlayer> {
        let present: Vec<i64> = self.entrants.iter().map(|e| e.id).collect();
        field_from_history(&self.entrants, &present, &self.games, &self.byes, &[], 0)
    }
}

/// `players` entrants with ranks spread like a large open (most between 10k and 3d), clubs of
/// about ten and twenty countries; McMahon bar 3d, floor 20k (or Swiss: all initial scores 0);
/// `rounds` rounds paired by Yunzi with results where the stronger player usually wins.
pub fn simulated(players: i64, rounds: u32, mcmahon: bool) -> Event {
    simulated_with(players, rounds, mcmahon, |_, _, _| {})
}

/// [`simulated`], telling `each_round` every round's pairing and how long it took.
pub fn simulated_with(
    players: i64,
    rounds: u32,
    mcmahon: bool,
    mut each_round: impl FnMut(u32, &RoundPairing, Duration),
) -> Event {
    let mut rng = Lcg(20261121);
    let entrants = (1..=players)
        .map(|id| {
            // Two dice: a hump around 3k, from 22k to 7d.
            let rank_value = (rng.next() % 20) as i32 + (rng.next() % 20) as i32 - 22;
            Entrant {
                id,
                initial_score: if mcmahon { mcmahon_initial_score(rank_value, 2, -20) } else { 0 },
                rank_value,
                rating: None,
                club: format!("club {}", rng.next() % (players as u64 / 10 + 1)),
                country: format!("country {}", rng.next() % 20),
                team: String::new(),
            }
        })
        .collect();
    let mut event = Event { entrants, games: Vec::new(), byes: Vec::new() };
    let ranks: std::collections::HashMap<i64, i32> = event.entrants.iter().map(|e| (e.id, e.rank_value)).collect();
    for round in 1..=rounds {
        let settings = PairingSettings { round, ..PairingSettings::default() };
        let field = event.field();
        let started = Instant::now();
        let pairing = pair_round(&field, &settings).unwrap_or_else(|e| panic!("round {round}: {e}"));
        each_round(round, &pairing, started.elapsed());
        for board in pairing.boards {
            let gap = ranks[&board.black] - ranks[&board.white];
            let black_wins = (rng.next() % 10) as i32 + gap.clamp(-4, 4) >= 5;
            let winner = if black_wins { Color::Black } else { Color::White };
            let result = Some(GameResult::Win { winner, margin: Margin::Resignation });
            event.games.push(GameRecord { round, black: board.black, white: board.white, result });
        }
        if let Some(player) = pairing.bye {
            event.byes.push(ByeRecord { round, player });
        }
    }
    event
}

/// The simulated McMahon event of `players` after `rounds` rounds as the OpenGotha file a
/// director would have (a new McMahon tournament's parameters in OpenGotha 3.51, bar 3d, floor
/// 20k, one more round to pair): the input of OpenGotha mode at scale.
pub fn opengotha_file(players: i64, rounds: u32) -> String {
    use yunzi::domain::rank::Rank;
    use yunzi::domain::tournament::interop::opengotha::{
        OgGame, OgParameters, OgPlayer, OgTournament, player_key, write,
    };
    let event = simulated(players, rounds, true);
    let key = |id: i64| player_key(&format!("Surname{id:05}"), "Given");
    let players = event
        .entrants
        .iter()
        .map(|e| OgPlayer {
            ids: Default::default(),
            key: key(e.id),
            name: format!("Surname{:05} Given", e.id),
            surname: format!("Surname{:05}", e.id),
            first_name: "Given".into(),
            rank: Rank::from_value(e.rank_value).unwrap_or_else(|| panic!("rank {}", e.rank_value)),
            rating: None,
            rating_points: -900,
            club: e.club.clone(),
            country: e.country.clone(),
            participating: vec![true; rounds as usize + 1],
            smms_correction: 0,
            final_registration: true,
        })
        .collect();
    let mut games = Vec::new();
    for round in 1..=rounds {
        for (table, g) in event.games.iter().filter(|g| g.round == round).enumerate() {
            games.push(OgGame {
                round,
                table: table as u32 + 1,
                black: key(g.black),
                white: key(g.white),
                handicap: 0,
                result: g.result,
                played: true,
                both_win: false,
            });
        }
    }
    let tournament = OgTournament {
        name: format!("Simulated open, {} players", event.entrants.len()),
        location: String::new(),
        begin: None,
        end: None,
        rounds: rounds + 1,
        komi: None,
        mcmahon_bar: Rank::from_value(2),
        mcmahon_floor: Rank::from_value(-20),
        players,
        games,
        byes: event.byes.iter().map(|b| (b.round, key(b.player))).collect(),
        parameters: OgParameters::new_mcmahon(),
    };
    write(&tournament)
}
