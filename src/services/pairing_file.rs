//! `yunzi pair FILE`: pairs a round from a Yunzi pairing file, for directors who want to see (or
//! script) a pairing outside the web app, and for measuring the pairing on large fields.
//!
//! The file is JSON: `{"settings": {…}, "entrants": […], "present": [ids], "games": […],
//! "byes": […]}`. `settings` are [`PairingSettings`] (every field optional); `entrants` are
//! [`Entrant`]s; `present` defaults to every entrant; games are `{"round", "black", "white",
//! "result"}` with results as Yunzi writes them ("B+R", "W+3.5", "0" …, or null).
use std::path::Path;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::json;

use std::collections::HashMap;

use crate::domain::limits::{MAX_GAMES_PER_FILE, MAX_PLAYERS_PER_EVENT, MAX_ROUNDS};
use crate::domain::rank::Rank;
use crate::domain::tournament::interop::opengotha::{self, OgTournament};
use crate::domain::tournament::pairing::gotha::{self, GothaError};
use crate::domain::tournament::pairing::mcmahon::{Entrant, field_from_history, mcmahon_initial_score};
use crate::domain::tournament::pairing::{PairingSettings, pair_round};
use crate::domain::tournament::standings::{ByeRecord, GameRecord};

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingFile {
    #[serde(default)]
    pub settings: PairingSettings,
    pub entrants: Vec<Entrant>,
    pub present: Option<Vec<i64>>,
    #[serde(default)]
    pub games: Vec<GameRecord>,
    #[serde(default)]
    pub byes: Vec<ByeRecord>,
}

/// Reads a Yunzi pairing file and holds it to what an event can be (docs/SECURITY.md, limits):
/// at most [`MAX_PLAYERS_PER_EVENT`] entrants with distinct ids, rounds from 1 to
/// [`MAX_ROUNDS`], and games, byes and present players that name entrants.
pub fn read(text: &str) -> Result<PairingFile, String> {
    let file: PairingFile = serde_json::from_str(text).map_err(|e| format!("not a Yunzi pairing file: {e}"))?;
    let counted = [
        ("entrants", file.entrants.len(), MAX_PLAYERS_PER_EVENT),
        ("games", file.games.len(), MAX_GAMES_PER_FILE),
        ("byes", file.byes.len(), MAX_GAMES_PER_FILE),
        ("forbidden pairs", file.settings.forbidden_pairs.len(), MAX_GAMES_PER_FILE),
    ];
    for (what, count, most) in counted {
        if count > most {
            return Err(format!("the file has {count} {what}, more than the {most} an event can have"));
        }
    }
    if file.settings.same_team_rounds > MAX_ROUNDS {
        return Err(format!(
            "same_team_rounds is {}, more than the {MAX_ROUNDS} rounds an event can have",
            file.settings.same_team_rounds
        ));
    }
    let mut ids = std::collections::HashSet::with_capacity(file.entrants.len());
    for entrant in &file.entrants {
        if !ids.insert(entrant.id) {
            return Err(format!("entrant {} is listed twice", entrant.id));
        }
    }
    let round_in_range = |round: u32, what: &str| {
        if (1..=MAX_ROUNDS).contains(&round) {
            Ok(())
        } else {
            Err(format!("{what} in round {round}: rounds are numbered from 1 to {MAX_ROUNDS}"))
        }
    };
    let entrant = |id: i64, what: &str| {
        if ids.contains(&id) { Ok(()) } else { Err(format!("{what} names player {id}, who is not an entrant")) }
    };
    for game in &file.games {
        round_in_range(game.round, "a game")?;
        entrant(game.black, &format!("a game in round {}", game.round))?;
        entrant(game.white, &format!("a game in round {}", game.round))?;
    }
    for bye in &file.byes {
        round_in_range(bye.round, "a bye")?;
        entrant(bye.player, &format!("a bye in round {}", bye.round))?;
    }
    for id in file.present.iter().flatten() {
        entrant(*id, "the present list")?;
    }
    Ok(file)
}

/// `--round N` within what an event can have.
fn round_option(round: Option<u32>) -> Result<Option<u32>, String> {
    match round {
        Some(r) if !(1..=MAX_ROUNDS).contains(&r) => {
            Err(format!("--round {r}: rounds are numbered from 1 to {MAX_ROUNDS}"))
        }
        _ => Ok(round),
    }
}

/// A Yunzi pairing file from an OpenGotha tournament file: players numbered 1, 2 … in the
/// file's order (their keys returned alongside), McMahon initial scores from the file's bar
/// and floor, present as the file's `participating` says for `round` (default: the next).
fn from_opengotha(tournament: &OgTournament, round: Option<u32>) -> (PairingFile, Vec<String>) {
    let id_of: HashMap<&str, i64> =
        tournament.players.iter().enumerate().map(|(i, p)| (p.key.as_str(), i as i64 + 1)).collect();
    let id = |key: &str| id_of.get(key).copied().unwrap_or(0);
    let value = |rank: Option<Rank>, default: i32| rank.map_or(default, |r| r.value());
    let (bar, floor) = (value(tournament.mcmahon_bar, 8), value(tournament.mcmahon_floor, -30));
    let target = round.unwrap_or(tournament.last_round() + 1) as usize;
    let entrants = tournament
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| Entrant {
            id: i as i64 + 1,
            initial_score: mcmahon_initial_score(p.rank.value(), bar, floor),
            rank_value: p.rank.value(),
            rating: p.rating,
            club: p.club.clone(),
            country: p.country.clone(),
            team: String::new(),
        })
        .collect();
    let present = tournament
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| target == 0 || p.participating.get(target - 1).copied().unwrap_or(true))
        .map(|(i, _)| i as i64 + 1)
        .collect();
    let file = PairingFile {
        settings: PairingSettings::default(),
        entrants,
        present: Some(present),
        games: tournament
            .games
            .iter()
            .map(|g| GameRecord { round: g.round, black: id(&g.black), white: id(&g.white), result: g.result })
            .collect(),
        byes: tournament.byes.iter().map(|(round, key)| ByeRecord { round: *round, player: id(key) }).collect(),
    };
    (file, tournament.players.iter().map(|p| p.key.clone()).collect())
}

/// What `yunzi pair` was asked for.
#[derive(Debug, Clone, Default)]
pub struct PairOptions {
    /// The round to pair from the rounds before it; default: the round after the last.
    pub round: Option<u32>,
    /// "opengotha" or "yunzi"; default: OpenGotha's for an OpenGotha file, else Yunzi's.
    pub weights: Option<String>,
    /// Compare an OpenGotha file's rounds with OpenGotha mode's pairings.
    pub compare: bool,
    /// The OpenGotha version to reproduce ("3.51"), instead of the file's.
    pub opengotha_version: Option<String>,
}

/// "3.51", "3.51.02" or "351" as 351.
fn gotha_version(text: &str) -> Result<u32, String> {
    let mut parts = text.trim().split('.');
    let major: Option<u32> = parts.next().and_then(|p| p.parse().ok());
    let version = match (major, parts.next().map(str::parse::<u32>)) {
        (Some(major), Some(Ok(minor))) if minor < 100 => Some(major * 100 + minor),
        (Some(whole), None) if whole >= 100 => Some(whole),
        _ => None,
    };
    version.ok_or_else(|| format!("--opengotha-version {text}: write a version as 3.51"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weights {
    OpenGotha,
    Yunzi,
}

/// The output lines: one JSON object per board, the bye if any, then a summary (or, with
/// `compare`, one line per round compared and a summary). An OpenGotha file (XML) is paired
/// with OpenGotha's weights and its own parameters (`domain::tournament::pairing::gotha`), or with Yunzi's
/// criteria as [`from_opengotha`] reads it; each board also names the players' keys.
pub fn pair(path: &Path, options: &PairOptions) -> Result<Vec<String>, String> {
    let round = round_option(options.round)?;
    let text = super::read_text(path)?;
    let xml = text.trim_start_matches('\u{feff}').trim_start().starts_with('<');
    let weights = match options.weights.as_deref() {
        None if xml => Weights::OpenGotha,
        None | Some("yunzi") => Weights::Yunzi,
        Some("opengotha") => Weights::OpenGotha,
        Some(other) => return Err(format!("--weights {other}: the weights are \"opengotha\" or \"yunzi\"")),
    };
    if !xml {
        if weights == Weights::OpenGotha || options.compare {
            return Err(format!(
                "{}: OpenGotha's weights need an OpenGotha tournament file (XML), with its parameters",
                path.display()
            ));
        }
        let file = read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        return pair_with_yunzi(file, &[], round);
    }
    let mut tournament = opengotha::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if let Some(version) = &options.opengotha_version {
        tournament.parameters.version = gotha_version(version)?;
    }
    if options.compare {
        return compare(&tournament, round).map_err(|e| format!("{}: {e}", path.display()));
    }
    match weights {
        Weights::OpenGotha => pair_with_gotha(&tournament, round).map_err(|e| format!("{}: {e}", path.display())),
        Weights::Yunzi => {
            // Yunzi's results have no "both win": only OpenGotha's weights can count it.
            if let Some(g) = tournament.games.iter().find(|g| g.both_win) {
                return Err(format!(
                    "{}: round {}, table {}: both players win (RESULT_BOTHWIN), a result Yunzi's weights cannot count; pair with --weights opengotha",
                    path.display(),
                    g.round,
                    g.table
                ));
            }
            let (file, keys) = from_opengotha(&tournament, round);
            pair_with_yunzi(file, &keys, round)
        }
    }
}

fn pair_with_gotha(tournament: &OgTournament, round: Option<u32>) -> Result<Vec<String>, GothaError> {
    let round = round.unwrap_or_else(|| tournament.last_round() + 1);
    let started = Instant::now();
    let pairing = gotha::pair_round(tournament, round)?;
    let seconds = started.elapsed().as_secs_f64();
    let key = |i: usize| tournament.players.get(i).map(|p| p.key.clone());
    let mut lines = Vec::with_capacity(pairing.boards.len() + 2);
    for (index, board) in pairing.boards.iter().enumerate() {
        lines.push(
            json!({
                "board": index + 1,
                "black": board.black + 1,
                "white": board.white + 1,
                "handicap": board.handicap,
                "black_key": key(board.black),
                "white_key": key(board.white),
                "costs": board.costs,
                "weight": board.costs.total(),
            })
            .to_string(),
        );
    }
    if let Some(bye) = pairing.bye {
        lines.push(json!({ "bye": bye + 1, "bye_key": key(bye) }).to_string());
    }
    lines.push(
        json!({
            "round": round,
            "weights": "opengotha",
            "players": pairing.boards.len() * 2 + usize::from(pairing.bye.is_some()),
            "boards": pairing.boards.len(),
            "rematches": pairing.boards.iter().filter(|b| b.costs.duplicate == 0).count(),
            "total_weight": pairing.weight,
            "ignored_criteria": pairing.ignored_criteria,
            "candidate_pairs": pairing.candidate_pairs,
            "solves": pairing.solves,
            "seconds": seconds,
        })
        .to_string(),
    );
    Ok(lines)
}

/// Every round of the file (or just `round`) against OpenGotha mode's pairing of its players.
fn compare(tournament: &OgTournament, round: Option<u32>) -> Result<Vec<String>, GothaError> {
    let started = Instant::now();
    let rounds: Vec<u32> = match round {
        Some(r) => vec![r],
        None => (1..tournament.last_round() + 1).collect(),
    };
    let mut lines = Vec::new();
    let (mut boards, mut same, mut identical, mut ties) = (0, 0, 0, 0);
    for r in rounds.iter().copied() {
        let c = gotha::compare_round(tournament, r)?;
        boards += c.boards;
        same += c.same_pairs;
        identical += usize::from(c.identical());
        ties += usize::from(c.tie());
        let mut line = serde_json::to_value(&c).unwrap_or_default();
        line["identical"] = json!(c.identical());
        line["tie"] = json!(c.tie());
        lines.push(line.to_string());
    }
    lines.push(
        json!({
            "rounds": rounds.len(),
            "boards": boards,
            "same_pairs": same,
            "identical_rounds": identical,
            "tied_rounds": ties,
            "other_rounds": rounds.len() - identical - ties,
            "seconds": started.elapsed().as_secs_f64(),
        })
        .to_string(),
    );
    Ok(lines)
}

fn pair_with_yunzi(file: PairingFile, keys: &[String], round: Option<u32>) -> Result<Vec<String>, String> {
    let key = |id: i64| usize::try_from(id - 1).ok().and_then(|i| keys.get(i)).cloned();
    let last = file.games.iter().map(|g| g.round).chain(file.byes.iter().map(|b| b.round)).max().unwrap_or(0);
    let round = round.unwrap_or(last + 1);
    if round == 0 {
        return Err("rounds are numbered from 1".into());
    }
    let games: Vec<GameRecord> = file.games.into_iter().filter(|g| g.round < round).collect();
    let byes: Vec<ByeRecord> = file.byes.into_iter().filter(|b| b.round < round).collect();
    let present = file.present.unwrap_or_else(|| file.entrants.iter().map(|e| e.id).collect());
    let settings = PairingSettings { round, ..file.settings };

    let started = Instant::now();
    let field = field_from_history(&file.entrants, &present, &games, &byes, &[], 0);
    let pairing = pair_round(&field, &settings).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();

    let mut lines = Vec::with_capacity(pairing.boards.len() + 2);
    for (index, (board, cost)) in pairing.boards.iter().zip(&pairing.costs).enumerate() {
        lines.push(
            json!({
                "board": index + 1,
                "black": board.black,
                "white": board.white,
                "handicap": board.handicap,
                "black_key": key(board.black),
                "white_key": key(board.white),
                "costs": cost,
            })
            .to_string(),
        );
    }
    if let (Some(player), Some(cost)) = (pairing.bye, pairing.bye_cost) {
        lines.push(json!({ "bye": player, "costs": cost }).to_string());
    }
    lines.push(
        json!({
            "round": round,
            "weights": "yunzi",
            "players": field.len(),
            "boards": pairing.boards.len(),
            "rematches": pairing.rematches.len(),
            // Minus the tiered costs; may exceed 64 bits, so written as a string.
            "total_weight": pairing.stats.total_weight.to_string(),
            "candidate_pairs": pairing.stats.candidate_pairs,
            "solves": pairing.stats.solves,
            "fallback": pairing.stats.fallback,
            "seconds": seconds,
        })
        .to_string(),
    );
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/opengotha").join(name)
    }

    fn summary(lines: &[String]) -> serde_json::Value {
        lines.last().and_then(|l| serde_json::from_str(l).ok()).unwrap_or_default()
    }

    #[test]
    fn a_pairing_file_past_the_limits_is_refused_with_the_limit_named() {
        let entrant = |id: usize| format!(r#"{{"id": {id}, "rank_value": 0}}"#);
        let entrants = |n: usize| (1..=n).map(entrant).collect::<Vec<_>>().join(",");
        let file = |entrants: &str, games: &str| format!(r#"{{"entrants": [{entrants}], "games": [{games}]}}"#);
        let refused = |text: &str| read(text).err().unwrap_or_default();
        assert_eq!(read(&file(&entrants(MAX_PLAYERS_PER_EVENT), "")).map(|f| f.entrants.len()), Ok(10_000));
        assert_eq!(
            refused(&file(&entrants(MAX_PLAYERS_PER_EVENT + 1), "")),
            "the file has 10001 entrants, more than the 10000 an event can have"
        );
        let game =
            |round: u32, white: i64| format!(r#"{{"round": {round}, "black": 1, "white": {white}, "result": null}}"#);
        assert_eq!(
            refused(&file(&entrants(2), &game(465_536, 2))),
            "a game in round 465536: rounds are numbered from 1 to 30"
        );
        assert_eq!(refused(&file(&entrants(2), &game(0, 2))), "a game in round 0: rounds are numbered from 1 to 30");
        assert_eq!(
            refused(&file(&entrants(2), &game(1, 3))),
            "a game in round 1 names player 3, who is not an entrant"
        );
        assert_eq!(refused(&file(&format!("{},{}", entrant(1), entrant(1)), "")), "entrant 1 is listed twice");
        let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        assert!(refused(&nested).starts_with("not a Yunzi pairing file: invalid type: sequence"));
        assert!(
            pair(Path::new("Cargo.toml"), &PairOptions { round: Some(31), ..Default::default() })
                .is_err_and(|e| e == "--round 31: rounds are numbered from 1 to 30")
        );
    }

    /// The command line's OpenGotha mode: the comparison's totals, a round paired with
    /// OpenGotha's terms, and bad options named.
    #[test]
    fn the_command_pairs_and_compares_opengotha_files() {
        let toulouse = fixture("2024-Toulouse_3511.xml");
        // Paired by the build that printed pairgoth's weight dumps, which weighs as 3.52 does.
        let as_dumps_build =
            PairOptions { compare: true, opengotha_version: Some("3.52".into()), ..Default::default() };
        let compared = pair(&toulouse, &as_dumps_build).unwrap_or_default();
        let total = summary(&compared);
        assert_eq!(
            (total["rounds"].as_u64(), total["boards"].as_u64(), total["same_pairs"].as_u64()),
            (Some(6), Some(105), Some(103))
        );
        assert_eq!((total["identical_rounds"].as_u64(), total["tied_rounds"].as_u64()), (Some(5), Some(1)));

        let not_simple = fixture("notsimplemm.xml");
        let total = summary(&pair(&not_simple, &as_dumps_build).unwrap_or_default());
        assert_eq!((total["identical_rounds"].as_u64(), total["tied_rounds"].as_u64()), (Some(3), Some(2)));

        // Round 3 of the small file: its bye as the file gives it, three boards with their terms.
        let lines = pair(&not_simple, &PairOptions { round: Some(3), ..Default::default() }).unwrap_or_default();
        assert!(lines.iter().any(|l| l.contains("\"bye_key\":\"GOLOUBKOVALEXANDRA\"")), "{lines:?}");
        let boards: Vec<&String> = lines.iter().filter(|l| l.contains("\"board\"")).collect();
        assert_eq!(boards.len(), 3);
        assert!(boards.iter().all(|l| l.contains("\"seeding\"") && l.contains("\"weight\"")));
        assert_eq!(summary(&lines)["weights"].as_str(), Some("opengotha"));

        let refused = |options: PairOptions, path: &Path, expected: &str| match pair(path, &options) {
            Ok(lines) => panic!("accepted: {lines:?}"),
            Err(e) => assert!(e.contains(expected), "{e} should say {expected}"),
        };
        refused(
            PairOptions { weights: Some("fide".into()), ..Default::default() },
            &toulouse,
            "\"opengotha\" or \"yunzi\"",
        );
        refused(PairOptions { opengotha_version: Some("new".into()), ..Default::default() }, &toulouse, "as 3.51");
        let json = std::env::temp_dir().join(format!("yunzi-pair-{}.json", std::process::id()));
        std::fs::write(&json, r#"{"entrants": []}"#).unwrap_or_default();
        refused(PairOptions { weights: Some("opengotha".into()), ..Default::default() }, &json, "need an OpenGotha");
        let _ = std::fs::remove_file(json);
    }
}
