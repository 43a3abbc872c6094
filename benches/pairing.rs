//! Swiss pairing and standings on a large field: 500 players after 9 simulated rounds.
//! Run: cargo bench --bench pairing
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use yunzi::domain::color::Color;
use yunzi::domain::pairing::matching::{Edge, max_weight_matching};
use yunzi::domain::pairing::{PairingPlayer, pair_swiss};
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

struct Field {
    ids: Vec<i64>,
    ranks: Vec<i32>,
    games: Vec<GameRecord>,
    byes: Vec<ByeRecord>,
}

impl Field {
    fn pairing_players(&self) -> Vec<PairingPlayer> {
        let table = compute_standings(&self.ids, &self.games, &self.byes);
        self.ids
            .iter()
            .zip(&self.ranks)
            .map(|(&id, &rank_value)| {
                let mine: Vec<&GameRecord> = self.games.iter().filter(|g| g.black == id || g.white == id).collect();
                PairingPlayer {
                    id,
                    points: table.iter().find(|r| r.player == id).map(|r| r.points).unwrap_or(0),
                    rank_value,
                    rating: None,
                    opponents: mine.iter().map(|g| if g.black == id { g.white } else { g.black }).collect(),
                    colours: mine.iter().map(|g| if g.black == id { Color::Black } else { Color::White }).collect(),
                    had_bye: self.byes.iter().any(|b| b.player == id),
                }
            })
            .collect()
    }
}

fn simulated(players: i64, rounds: u32) -> Field {
    let mut rng = Lcg(20261121);
    let ids: Vec<i64> = (1..=players).collect();
    let ranks: Vec<i32> = ids.iter().map(|_| (rng.next() % 38) as i32 - 30).collect();
    let mut field = Field { ids, ranks, games: Vec::new(), byes: Vec::new() };
    for round in 1..=rounds {
        let pairing = pair_swiss(&field.pairing_players()).unwrap_or_else(|e| panic!("round {round}: {e}"));
        for board in pairing.boards {
            let winner = if rng.next().is_multiple_of(2) { Color::Black } else { Color::White };
            let result = Some(GameResult::Win { winner, margin: Margin::Resignation });
            field.games.push(GameRecord { round, black: board.black, white: board.white, result });
        }
        if let Some(player) = pairing.bye {
            field.byes.push(ByeRecord { round, player });
        }
    }
    field
}

fn benches(c: &mut Criterion) {
    let field = simulated(500, 9);
    let players = field.pairing_players();
    c.bench_function("swiss: pair round 10 of 500 players", |b| b.iter(|| pair_swiss(black_box(&players))));
    c.bench_function("standings: 500 players after 9 rounds", |b| {
        b.iter(|| compute_standings(black_box(&field.ids), black_box(&field.games), black_box(&field.byes)))
    });
}

/// The exact matcher alone on a complete graph of 400 vertices with random weights: the
/// worst case for its O(n³) stages (real pairings give it sparser graphs).
fn matching(c: &mut Criterion) {
    let mut rng = Lcg(2024);
    let mut edges = Vec::new();
    for u in 0..400 {
        for v in u + 1..400 {
            edges.push(Edge { u, v, weight: (rng.next() % 1_000_000) as i64 });
        }
    }
    let mut group = c.benchmark_group("matching");
    group.sample_size(10);
    group.bench_function("max-weight matching, complete graph of 400", |b| {
        b.iter(|| max_weight_matching(400, black_box(&edges), true))
    });
    group.finish();
}

criterion_group!(pairing, benches, matching);
criterion_main!(pairing);
