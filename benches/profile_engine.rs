//! A fixed workload for profiling the engine with callgrind (not a benchmark: see benches/).
//! cargo build --release --example profile_engine
//! valgrind --tool=callgrind target/release/examples/profile_engine [replay|legal]
use yunzi::domain::games::go::game::{Game, Move};
use yunzi::domain::games::go::ruleset::Ruleset;
use yunzi::domain::games::go::scoring::{self, CountInput};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_else(|| "legal".into());
    let rules = Ruleset::preset("tromp-taylor").unwrap_or_else(|| panic!("preset"));
    let mut games = Vec::new();
    for seed in 0..20u64 {
        let mut game = Game::new(rules.clone()).unwrap_or_else(|e| panic!("{e}"));
        let mut state = (seed + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut moves = Vec::new();
        for _ in 0..250 {
            let legal = game.legal_points();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv =
                legal.get((state % legal.len().max(1) as u64) as usize).map(|p| Move::Play(*p)).unwrap_or(Move::Pass);
            let color = game.to_move();
            if game.play(color, mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        games.push(moves);
    }
    if mode != "replay" {
        return;
    }
    let mut total = 0i64;
    for _ in 0..20 {
        for moves in &games {
            let mut game = Game::new(rules.clone()).unwrap_or_else(|e| panic!("{e}"));
            for mv in moves {
                let c = game.to_move();
                let _ = game.play(c, *mv);
            }
            total += i64::from(scoring::count(game.board(), game.rules(), &CountInput::default()).margin_half_points);
        }
    }
    println!("{total}");
}
