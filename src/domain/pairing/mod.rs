//! Pairing players for a round. Shared types live here; each system has its own module.

pub mod matching;
pub mod swiss;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::color::Color;

pub use swiss::pair_swiss;

/// What the pairing needs to know about one player present for the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingPlayer {
    pub id: i64,
    /// Game points so far (win = 2, draw = 1, bye = 2).
    pub points: u32,
    /// `Rank::value` of the player's rank (higher is stronger).
    pub rank_value: i32,
    pub rating: Option<i32>,
    /// Everyone met before, including forfeited games. Ids not in the field are ignored.
    pub opponents: Vec<i64>,
    /// Colours played so far, in order (forfeits excluded if they were never played).
    pub colours: Vec<Color>,
    pub had_bye: bool,
}

/// One game of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub black: i64,
    pub white: i64,
}

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    /// Board 1 first: the board whose better player is highest in the order
    /// (points, then strength) comes first.
    pub boards: Vec<Board>,
    /// The player sitting out (scores as a win), only when the field is odd.
    pub bye: Option<i64>,
    /// `(black, white)` of every board that repeats an earlier game; empty whenever
    /// a pairing without repeats was found.
    pub rematches: Vec<(i64, i64)>,
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairingError {
    /// Fewer than two players are present.
    NotEnoughPlayers,
    /// The same player id was given twice.
    DuplicatePlayer(i64),
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::NotEnoughPlayers => {
                f.write_str("cannot pair the round: at least two players must be present")
            }
            PairingError::DuplicatePlayer(id) => {
                write!(f, "cannot pair the round: player {id} is listed more than once")
            }
        }
    }
}

impl std::error::Error for PairingError {}
