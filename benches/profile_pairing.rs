//! A fixed workload for profiling the pairing at scale, and the command for the 10,000-player
//! figures in README (too slow for criterion's ten samples).
//! cargo run --release --example profile_pairing -- [PLAYERS] [ROUNDS]
//!   one McMahon event, each round paired with Yunzi's weights and timed;
//! cargo run --release --example profile_pairing -- opengotha PLAYERS ROUNDS FILE.xml
//!   writes that event after ROUNDS rounds as an OpenGotha file, for
//!   `/usr/bin/time -v yunzi pair FILE.xml --round ROUNDS+1` (OpenGotha mode, the user's path).
#[path = "simulated.rs"]
mod simulated;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("opengotha") {
        let players: i64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2_000);
        let rounds: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(3);
        let path = args.get(4).cloned().unwrap_or_else(|| format!("opengotha-{players}.xml"));
        if let Err(e) = std::fs::write(&path, simulated::opengotha_file(players, rounds)) {
            eprintln!("cannot write {path}: {e}");
            std::process::exit(1);
        }
        println!("{path}: {players} players, {rounds} rounds played; pair it with --round {}", rounds + 1);
        return;
    }
    let players: i64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    simulated::simulated_with(players, rounds, true, |round, pairing, took| {
        println!("round {round}: {:.2} s {:?}", took.as_secs_f64(), pairing.stats);
    });
}
