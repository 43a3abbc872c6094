//! The dead-stone proposal on GNU Go's scoring suite, timed in the process: for each of the
//! suite's 57 active cases, `yunzi score FILE --rules japanese-1989 --dead auto` as the
//! command runs it (read, replay, proposal, count), 9 times; the figure per game is its
//! median, and the bench prints the median and the slowest of those over the suite, and how
//! many results equal the suite's expected ones. Then, once per game, `--explain` as the
//! dispute page reads it: how many of the proposal's dead stones and dead groups are proven by
//! a certificate the independent checker replayed (`proof`, `verify`) — the shares issue 50
//! sets out to raise —, how many are proven by any means, and the time that takes.
//!
//! Run: `cargo bench --bench proposal`. GNU Go is GPL, so the suite is not in the repository:
//! copy `regression/score.tst`, `score2.tst` and `games/` of a gnugo checkout into the
//! git-ignored `.cache/gnugo/regression` (docs/ENGINE.md says how), or point
//! `YUNZI_GNUGO_SUITE` at such a folder. Without it the bench says so and measures nothing.
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use yunzi::services::records::{self, DeadStones};

#[path = "../tests/it/gnugo_suite.rs"]
mod gnugo_suite;
use gnugo_suite::{gnugo_cases, signed_margin};

/// Times each game is scored; its median is its figure.
const RUNS: usize = 9;

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or_default()
}

fn main() {
    let dir = std::env::var_os("YUNZI_GNUGO_SUITE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(".cache/gnugo/regression"));
    let cases = gnugo_cases(&dir);
    if cases.is_empty() {
        println!("GNU Go's scoring suite is not at {}: nothing measured (see docs/ENGINE.md)", dir.display());
        return;
    }
    let mut per_game = Vec::new();
    let mut explain_times = Vec::new();
    let mut shares = Shares::default();
    let mut exact = 0;
    for (record, expected) in &cases {
        let path = dir.join(record);
        let mut times = Vec::new();
        let mut result = String::new();
        for _ in 0..RUNS {
            let start = Instant::now();
            let scored = score(&path, &DeadStones::Auto { explain: false });
            times.push(start.elapsed());
            result = scored["result"].as_str().unwrap_or_default().to_string();
        }
        if signed_margin(&result).is_some() && signed_margin(&result) == signed_margin(expected) {
            exact += 1;
        }
        per_game.push(median(times));
        let start = Instant::now();
        let line = score(&path, &DeadStones::Auto { explain: true });
        explain_times.push(start.elapsed());
        let groups = line["explain"].as_array().cloned().unwrap_or_default();
        let dead: Vec<String> = line["dead"]
            .as_array()
            .map(|d| d.iter().filter_map(|p| p.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        let game_exact = signed_margin(&result).is_some() && signed_margin(&result) == signed_margin(expected);
        for group in groups.iter().filter(|g| g["verdict"] == "dead") {
            let stones = group["stones"].as_array().map_or(0, Vec::len);
            let proven = group["basis"] == "proven";
            let certified = group["proof"]["checked"] == true;
            if group["why"].as_str().is_some_and(|w| w.contains("the checker refused")) {
                shares.refused += 1;
            }
            shares.groups += 1;
            shares.stones += stones;
            if proven {
                shares.proven_groups += 1;
                shares.proven_stones += stones;
            }
            if certified {
                shares.certified_groups += 1;
                shares.certified_stones += stones;
                if !game_exact {
                    shares.certified_in_inexact_games += 1;
                    // Would GNU Go's count follow if this group stood? Then GNU Go counts it
                    // alive, and the proof is suspect.
                    let own: Vec<String> = group["stones"]
                        .as_array()
                        .map(|s| s.iter().filter_map(|p| p.as_str().map(str::to_string)).collect())
                        .unwrap_or_default();
                    let standing: Vec<&String> =
                        dead.iter().filter(|p| !own.iter().any(|o| sgf_of(o) == **p)).collect();
                    let list = standing.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(",");
                    let marks = if list.is_empty() { DeadStones::None } else { DeadStones::Points(list) };
                    let rescored = score(&path, &marks);
                    let result = rescored["result"].as_str().unwrap_or_default().to_string();
                    if signed_margin(&result).is_some() && signed_margin(&result) == signed_margin(expected) {
                        shares.suspect += 1;
                        println!("suspect: {record}: {own:?} proven dead, and GNU Go's count is ours with it alive");
                    }
                }
            }
        }
    }
    let slowest = per_game.iter().max().copied().unwrap_or_default();
    let n = per_game.len();
    println!(
        "proposal on GNU Go's scoring suite: {exact}/{n} exact; per 19x19 game (median of {RUNS} runs): median {:.1} ms, slowest {:.1} ms",
        median(per_game).as_secs_f64() * 1000.0,
        slowest.as_secs_f64() * 1000.0
    );
    let share = |part: usize, whole: usize| if whole == 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 };
    println!(
        "proven by a certificate the checker replayed (issue 50's measure): {}/{} dead stones ({:.1} %), {}/{} dead groups ({:.1} %); {} of those groups in games whose count differs from GNU Go's, {} of them suspect (alive, they would bring the count to GNU Go's); {} proofs refused by the checker",
        shares.certified_stones,
        shares.stones,
        share(shares.certified_stones, shares.stones),
        shares.certified_groups,
        shares.groups,
        share(shares.certified_groups, shares.groups),
        shares.certified_in_inexact_games,
        shares.suspect,
        shares.refused,
    );
    println!(
        "proven by any means (with Benson's life, or reading inside pass-alive walls): {}/{} dead stones ({:.1} %), {}/{} dead groups ({:.1} %); with --explain per game: median {:.1} ms, slowest {:.1} ms",
        shares.proven_stones,
        shares.stones,
        share(shares.proven_stones, shares.stones),
        shares.proven_groups,
        shares.groups,
        share(shares.proven_groups, shares.groups),
        median(explain_times.clone()).as_secs_f64() * 1000.0,
        explain_times.iter().max().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
}

/// `yunzi score FILE --rules japanese-1989` with `dead`, as the command runs it: its JSON line
/// (null if the record could not be scored).
fn score(path: &Path, dead: &DeadStones) -> serde_json::Value {
    records::score(std::slice::from_ref(&path.to_path_buf()), Some("japanese-1989"), &[], None, dead)
        .ok()
        .and_then(|lines| lines.first().cloned())
        .unwrap_or_default()
}

/// The proposal's dead groups and stones over the suite, and how many of them are proven.
#[derive(Default)]
struct Shares {
    groups: usize,
    stones: usize,
    proven_groups: usize,
    proven_stones: usize,
    certified_groups: usize,
    certified_stones: usize,
    certified_in_inexact_games: usize,
    /// Proven groups that, left standing, bring an inexact game's count to GNU Go's.
    suspect: usize,
    /// Proofs the search found and the checker refused.
    refused: usize,
}

/// "C18" (19×19, as `--explain` names a point) as the SGF point "cb" of the `dead` list.
fn sgf_of(point: &str) -> String {
    let column = point.chars().next().and_then(|c| "ABCDEFGHJKLMNOPQRST".find(c)).unwrap_or(0);
    let row: usize = point.get(1..).and_then(|r| r.parse().ok()).unwrap_or(0);
    let letter = |i: usize| char::from(b'a' + i as u8);
    format!("{}{}", letter(column), letter(19usize.saturating_sub(row)))
}
