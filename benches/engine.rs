//! The rules engine on a fixed set of generated 250-move 19×19 games.
//! Run: cargo bench --bench engine
//! - replay: every move checked with full positional superko, then an area count;
//! - legal map: the set of legal points at every turn of a game.
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use yunzi::domain::go::board::Point;
use yunzi::domain::go::game::{Game, Move};
use yunzi::domain::go::ruleset::Ruleset;
use yunzi::domain::go::scoring::{self, CountInput};

fn rules() -> Ruleset {
    Ruleset::preset("tromp-taylor").unwrap_or_else(|| panic!("preset"))
}

/// Fixed games: random legal moves from a fixed seed, passing only when nothing is legal.
fn games(count: u64, length: usize) -> Vec<Vec<Move>> {
    (0..count)
        .map(|seed| {
            let mut game = Game::new(rules()).unwrap_or_else(|e| panic!("{e}"));
            let mut state = (seed + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut moves = Vec::with_capacity(length);
            for _ in 0..length {
                let legal = game.legal_points();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv = legal
                    .get((state % legal.len().max(1) as u64) as usize)
                    .map(|p| Move::Play(*p))
                    .unwrap_or(Move::Pass);
                let color = game.to_move();
                if game.play(color, mv).is_err() {
                    break;
                }
                moves.push(mv);
            }
            moves
        })
        .collect()
}

fn replay_and_count(rules: &Ruleset, moves: &[Move]) -> i32 {
    let mut game = Game::new(rules.clone()).unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        let color = game.to_move();
        if game.play(color, *mv).is_err() {
            break;
        }
    }
    let prisoners = [0, 0];
    scoring::count(
        game.board(),
        game.rules(),
        &CountInput { dead: &[], prisoners, warnings: [0, 0], handicap: 0, territory: &[] },
    )
    .margin_half_points
}

fn legal_map(moves: &[Move]) -> usize {
    let mut game = Game::new(rules()).unwrap_or_else(|e| panic!("{e}"));
    let mut total = 0;
    for mv in moves {
        total += game.legal_points().len();
        let color = game.to_move();
        if game.play(color, *mv).is_err() {
            break;
        }
    }
    total
}

fn benches(c: &mut Criterion) {
    let set = games(20, 250);
    assert!(set.iter().all(|g| g.len() == 250));
    let tromp_taylor = rules();
    let mut i = 0;
    c.bench_function("replay 250-move 19x19 game, positional superko + area count", |b| {
        b.iter(|| {
            i = (i + 1) % set.len();
            replay_and_count(&tromp_taylor, black_box(&set[i]))
        })
    });
    let mut j = 0;
    c.bench_function("legal-move map at every turn of a 250-move 19x19 game", |b| {
        b.iter(|| {
            j = (j + 1) % set.len();
            legal_map(black_box(&set[j]))
        })
    });
    let _ = Point(0);
}

criterion_group!(engine, benches);
criterion_main!(engine);
