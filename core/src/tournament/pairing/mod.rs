//! Pairing players for a round. Shared types live here; each system has its own module.

pub mod best_of;
pub mod event_plan;
pub mod event_round;
mod exact;
pub mod gotha;
pub mod gotha_event;
pub mod knockout;
pub mod matching;
pub mod mcmahon;
pub mod relay;
pub mod relay_event;
pub mod round_robin;
pub mod team;
pub mod team_event;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::color::Color;

pub use mcmahon::{PairCost, PairingSettings, PairingStats, pair_round};

/// What a board (or a bye) cost, under the weights that paired it: the "why paired" page shows
/// these, stored with the game as JSON. Yunzi's costs are stored bare (as before this type), so
/// rounds paired by older versions still read; OpenGotha's under the key `opengotha`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BoardCost {
    OpenGotha {
        opengotha: gotha::GothaCosts,
    },
    /// The director changed the board by hand after the draft (players exchanged or colours
    /// swapped): what the search priced is no longer what is on it.
    ByHand {
        by_hand: bool,
    },
    Yunzi(PairCost),
}

impl BoardCost {
    /// The marker stored on a board the director changed by hand.
    pub const BY_HAND: BoardCost = BoardCost::ByHand { by_hand: true };
}

/// How colours change from game to game where no table fixes them: in a relay, each game's
/// two players; in a team Swiss, the team with Black on board 1 (it has Black on every odd
/// board). The event chooses; each system's default and why are in docs/PAIRING.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Colours {
    /// Drawn by lot for every game or match (猜先), from the event's seed.
    Nigiri,
    /// Alternating: in a relay, a player who played the last game takes the other colour
    /// (otherwise drawn); in a team Swiss, board 1's Black goes to the team that has had it
    /// fewer times.
    Alternate,
}

impl Colours {
    /// The rule's code in the event form and the stored settings.
    pub fn code(self) -> &'static str {
        match self {
            Colours::Nigiri => "nigiri",
            Colours::Alternate => "alternate",
        }
    }
}

/// What the pairing needs to know about one player present for the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingPlayer {
    pub id: i64,
    /// The score that groups players, in half-points: points so far (win = 2, draw = 1, bye = 2)
    /// in a Swiss, the McMahon score (initial score + points) in a McMahon.
    pub score: i32,
    /// `Rank::value` of the player's rank (higher is stronger).
    pub rank_value: i32,
    pub rating: Option<i32>,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub team: String,
    /// Everyone met before, including forfeited games. Ids not in the field are ignored.
    pub opponents: Vec<i64>,
    /// Colours played so far, in order.
    pub colours: Vec<Color>,
    pub had_bye: bool,
    /// Times drawn up (paired with a higher score) minus times drawn down.
    #[serde(default)]
    pub float_balance: i32,
}

/// One game of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    pub black: i64,
    pub white: i64,
    /// Handicap stones (0: an even game with komi; 1: Black moves first without komi).
    #[serde(default)]
    pub handicap: u8,
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
    /// What each criterion cost on each board (same order as `boards`), for the "why paired" page.
    pub costs: Vec<PairCost>,
    /// What giving the bye cost.
    pub bye_cost: Option<PairCost>,
    pub stats: PairingStats,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A board's stored costs read back as the kind they were written: Yunzi's bare (as rounds
    /// paired by older versions stored them), OpenGotha's under its key, and the marker of a
    /// board changed by hand.
    #[test]
    fn stored_board_costs_read_back_as_their_kind() -> Result<(), serde_json::Error> {
        let yunzi = BoardCost::Yunzi(PairCost { rematch: 1, colour: 250, ..PairCost::default() });
        let gotha = BoardCost::OpenGotha { opengotha: gotha::GothaCosts { seeding: 4_800_000, ..Default::default() } };
        for cost in [yunzi, gotha, BoardCost::BY_HAND] {
            assert_eq!(serde_json::from_str::<BoardCost>(&serde_json::to_string(&cost)?)?, cost);
        }
        assert_eq!(serde_json::to_string(&BoardCost::BY_HAND)?, r#"{"by_hand":true}"#);
        let stored_before = serde_json::to_string(&PairCost { forbidden: 1, ..PairCost::default() })?;
        assert_eq!(
            serde_json::from_str::<BoardCost>(&stored_before)?,
            BoardCost::Yunzi(PairCost { forbidden: 1, ..PairCost::default() })
        );
        Ok(())
    }
}
