//! McMahon pairing at scale (2,000 players) with Yunzi's weights and OpenGotha's, Swiss on 500,
//! standings, and the matcher.
//! Run: cargo bench --bench pairing
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
#[path = "simulated.rs"]
mod simulated;
use simulated::{Lcg, opengotha_file, simulated};
use yunzi::domain::tournament::interop::opengotha;
use yunzi::domain::tournament::pairing::gotha;
use yunzi::domain::tournament::pairing::matching::{Edge, max_weight_matching};
use yunzi::domain::tournament::pairing::{PairingSettings, pair_round};
use yunzi::domain::tournament::standings::compute_standings;

/// 2,000 players: round 2 (every group split by the first results, the hardest round for the
/// certificate) and round 5. 10,000 players: benches/profile_pairing.rs (see README).
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

/// OpenGotha mode as `yunzi pair FILE.xml --round 4` runs it: the file of a 2,000-player McMahon
/// open after three rounds read, and round 4 paired with OpenGotha's weights, proven optimal.
/// 10,000 players: `profile_pairing -- opengotha 10000 3 FILE` and `yunzi pair` (see README).
fn opengotha_mode(c: &mut Criterion) {
    let xml = opengotha_file(2_000, 3);
    let mut group = c.benchmark_group("opengotha");
    group.sample_size(10);
    group.bench_function("read the file and pair round 4 of 2000 players", |b| {
        b.iter(|| {
            let tournament = opengotha::parse(black_box(&xml)).unwrap_or_else(|e| panic!("{e:?}"));
            gotha::pair_round(&tournament, 4).unwrap_or_else(|e| panic!("{e}"))
        })
    });
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

criterion_group!(pairing, mcmahon, opengotha_mode, swiss_and_standings, matching);
criterion_main!(pairing);
