//! A fixed workload for profiling the pairing at scale (not a benchmark: see benches/pairing.rs).
//! cargo run --release --example profile_pairing -- PLAYERS ROUNDS
use std::time::Instant;

use yunzi::domain::color::Color;
use yunzi::domain::pairing::mcmahon::{Entrant, field_from_history, mcmahon_initial_score};
use yunzi::domain::pairing::{PairingSettings, pair_round};
use yunzi::domain::result::{GameResult, Margin};
use yunzi::domain::standings::{ByeRecord, GameRecord};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: i64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    let mut rng = Lcg(20261121);
    let entrants: Vec<Entrant> = (1..=players)
        .map(|id| {
            let rank_value = (rng.next() % 20) as i32 + (rng.next() % 20) as i32 - 22;
            Entrant {
                id,
                initial_score: mcmahon_initial_score(rank_value, 2, -20),
                rank_value,
                rating: None,
                club: format!("club {}", rng.next() % (players as u64 / 10 + 1)),
                country: format!("country {}", rng.next() % 20),
                team: String::new(),
            }
        })
        .collect();
    let ranks: std::collections::HashMap<i64, i32> = entrants.iter().map(|e| (e.id, e.rank_value)).collect();
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        let present: Vec<i64> = entrants.iter().map(|e| e.id).collect();
        let field = field_from_history(&entrants, &present, &games, &byes);
        let settings = PairingSettings { round, ..PairingSettings::default() };
        let started = Instant::now();
        let pairing = pair_round(&field, &settings).unwrap_or_else(|e| panic!("round {round}: {e}"));
        println!("round {round}: {:.2} s {:?}", started.elapsed().as_secs_f64(), pairing.stats);
        for board in pairing.boards {
            let gap = ranks[&board.black] - ranks[&board.white];
            let black_wins = (rng.next() % 10) as i32 + gap.clamp(-4, 4) >= 5;
            let winner = if black_wins { Color::Black } else { Color::White };
            let result = Some(GameResult::Win { winner, margin: Margin::Resignation });
            games.push(GameRecord { round, black: board.black, white: board.white, result });
        }
        if let Some(player) = pairing.bye {
            byes.push(ByeRecord { round, player });
        }
    }
}
