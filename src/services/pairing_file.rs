//! `yunzi pair FILE`: pairs a round from a Yunzi pairing file, for directors who want to see (or
//! script) a pairing outside the web app, and for measuring the pairing on large fields.
//!
//! The file is JSON: `{"settings": {…}, "entrants": […], "present": [ids], "games": […],
//! "byes": […]}`. `settings` are [`PairingSettings`] (every field optional); `entrants` are
//! [`Entrant`]s; `present` defaults to every entrant; games are `{"round", "black", "white",
//! "result"}` with results as Yunzi writes them ("B+R", "W+3.5", "0" …, or null).
use std::path::Path;
use std::time::Instant;

use serde::Deserialize;
use serde_json::json;

use crate::domain::pairing::mcmahon::{Entrant, field_from_history};
use crate::domain::pairing::{PairingSettings, pair_round};
use crate::domain::standings::{ByeRecord, GameRecord};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PairingFile {
    #[serde(default)]
    settings: PairingSettings,
    entrants: Vec<Entrant>,
    present: Option<Vec<i64>>,
    #[serde(default)]
    games: Vec<GameRecord>,
    #[serde(default)]
    byes: Vec<ByeRecord>,
}

/// The output lines: one JSON object per board, the bye if any, then a summary.
pub fn pair(path: &Path, round: Option<u32>) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file: PairingFile =
        serde_json::from_str(&text).map_err(|e| format!("{}: not a Yunzi pairing file: {e}", path.display()))?;
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
    let field = field_from_history(&file.entrants, &present, &games, &byes);
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
            "players": field.len(),
            "boards": pairing.boards.len(),
            "rematches": pairing.rematches.len(),
            "candidate_pairs": pairing.stats.candidate_pairs,
            "solves": pairing.stats.solves,
            "fallback": pairing.stats.fallback,
            "seconds": seconds,
        })
        .to_string(),
    );
    Ok(lines)
}
