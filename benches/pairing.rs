//! McMahon pairing at scale (2,000 players), Swiss on 500, standings, and the matcher.
//! Run: cargo bench --bench pairing
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use yunzi::domain::color::Color;
use yunzi::domain::pairing::matching::{Edge, max_weight_matching};
use yunzi::domain::pairing::mcmahon::{Entrant, field_from_history, mcmahon_initial_score};
use yunzi::domain::pairing::{PairingPlayer, PairingSettings, pair_round};
use yunzi::domain::result::{GameResult, Margin};
use yunzi::domain::standings::{ByeRecord, GameRecord, compute_standings};

/// A small deterministic generator, so every run measures the same tournament.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

struct Event {
    entrants: Vec<Entrant>,
    games: Vec<GameRecord>,
    byes: Vec<ByeRecord>,
}

impl Event {
    fn field(&self) -> Vec<PairingPlayer> {
        let present: Vec<i64> = self.entrants.iter().map(|e| e.id).collect();
        field_from_history(&self.entrants, &present, &self.games, &self.byes)
    }
}

/// `players` entrants with ranks spread like a large open (most between 10k and 3d), clubs of
/// about ten and twenty countries; McMahon bar 3d, floor 20k (or Swiss: all initial scores 0);
/// `rounds` rounds paired by Yunzi with results where the stronger player usually wins.
fn simulated(players: i64, rounds: u32, mcmahon: bool) -> Event {
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
        let pairing = pair_round(&event.field(), &settings).unwrap_or_else(|e| panic!("round {round}: {e}"));
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

/// 2,000 players: round 2 (every group split by the first results, the hardest round for the
/// certificate) and round 5. 10,000 players is not benchmarked here yet: see README.
fn mcmahon(c: &mut Criterion) {
    let mut group = c.benchmark_group("mcmahon");
    group.sample_size(10);
    for played in [1, 4] {
        let event = simulated(2_000, played, true);
        let field = event.field();
        let settings = PairingSettings { round: played + 1, ..PairingSettings::default() };
        group.bench_function(format!("pair round {} of 2000 players", played + 1), |b| {
            b.iter(|| pair_round(black_box(&field), &settings))
        });
    }
    group.finish();
}

fn swiss_and_standings(c: &mut Criterion) {
    let event = simulated(500, 9, false);
    let field = event.field();
    let settings = PairingSettings { round: 10, ..PairingSettings::default() };
    c.bench_function("swiss: pair round 10 of 500 players", |b| b.iter(|| pair_round(black_box(&field), &settings)));
    let ids: Vec<i64> = event.entrants.iter().map(|e| e.id).collect();
    c.bench_function("standings: 500 players after 9 rounds", |b| {
        b.iter(|| compute_standings(black_box(&ids), black_box(&event.games), black_box(&event.byes)))
    });
}

/// The exact matcher alone on a complete graph of 400 vertices with random weights: the
/// worst case for its O(n³) stages (real pairings give it sparse graphs).
fn matching(c: &mut Criterion) {
    let mut rng = Lcg(2024);
    let mut edges = Vec::new();
    for u in 0..400 {
        for v in u + 1..400 {
            edges.push(Edge { u, v, weight: i128::from(rng.next() % 1_000_000) });
        }
    }
    let mut group = c.benchmark_group("matching");
    group.sample_size(10);
    group.bench_function("max-weight matching, complete graph of 400", |b| {
        b.iter(|| max_weight_matching(400, black_box(&edges), true))
    });
    group.finish();
}

criterion_group!(pairing, mcmahon, swiss_and_standings, matching);
criterion_main!(pairing);
