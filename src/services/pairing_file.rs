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

use crate::domain::interop::opengotha::{self, OgTournament};
use crate::domain::pairing::mcmahon::{Entrant, field_from_history, mcmahon_initial_score};
use crate::domain::pairing::{PairingSettings, pair_round};
use crate::domain::rank::Rank;
use crate::domain::standings::{ByeRecord, GameRecord};

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

/// A Yunzi pairing file from an OpenGotha tournament file: players numbered 1, 2 … in the
/// file's order (their keys returned alongside), McMahon initial scores from the file's bar
/// and floor, present as the file's `participating` says for `round` (default: the next).
fn from_opengotha(tournament: &OgTournament, round: Option<u32>) -> (PairingFile, Vec<String>) {
    let id_of: HashMap<&str, i64> =
        tournament.players.iter().enumerate().map(|(i, p)| (p.key.as_str(), i as i64 + 1)).collect();
    let id = |key: &str| id_of.get(key).copied().unwrap_or(0);
    let value = |rank: Option<Rank>, default: i32| rank.map_or(default, |r| r.value());
    let (bar, floor) = (value(tournament.mcmahon_bar, 8), value(tournament.mcmahon_floor, -30));
    let last = tournament.games.iter().map(|g| g.round).chain(tournament.byes.iter().map(|b| b.0)).max().unwrap_or(0);
    let target = round.unwrap_or(last + 1) as usize;
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

/// The output lines: one JSON object per board, the bye if any, then a summary. An OpenGotha
/// file (XML) is read as [`from_opengotha`] says, and each board also names the players' keys.
pub fn pair(path: &Path, round: Option<u32>) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (file, keys) = if text.trim_start_matches('\u{feff}').trim_start().starts_with('<') {
        let tournament = opengotha::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        from_opengotha(&tournament, round)
    } else {
        let file: PairingFile =
            serde_json::from_str(&text).map_err(|e| format!("{}: not a Yunzi pairing file: {e}", path.display()))?;
        (file, Vec::new())
    };
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
