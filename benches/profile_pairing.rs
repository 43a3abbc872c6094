//! A fixed workload for profiling the pairing at scale, and the command for the 10,000-player
//! figure in README (too slow for criterion's ten samples): one McMahon event, each round timed.
//! cargo run --release --example profile_pairing -- [PLAYERS] [ROUNDS]
#[path = "simulated.rs"]
mod simulated;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: i64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    simulated::simulated_with(players, rounds, true, |round, pairing, took| {
        println!("round {round}: {:.2} s {:?}", took.as_secs_f64(), pairing.stats);
    });
}
