//! How often a position has stood on the board, for the folk games whose pieces move about
//! (二虎棋, 四季棋, 六角棋): nothing in them forces an end, so the third time the same
//! position stands with the same side to move, play has gone round and the game is drawn —
//! the reading a referee applies to "neither side can win" (docs/GAMES.md).
use std::collections::HashMap;
use std::hash::Hash;

/// The times each position (with its side to move) has stood on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repetitions<P: Eq + Hash> {
    seen: HashMap<P, u8>,
}

/// The number of times a position stands before the game is drawn.
pub const DRAWN_AT: u8 = 3;

impl<P: Eq + Hash> Default for Repetitions<P> {
    fn default() -> Self {
        Repetitions { seen: HashMap::new() }
    }
}

impl<P: Eq + Hash> Repetitions<P> {
    /// Counts one more time `position` stands; whether that makes the third.
    pub fn stands(&mut self, position: P) -> bool {
        let times = self.seen.entry(position).or_insert(0);
        *times = times.saturating_add(1);
        *times >= DRAWN_AT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_time_a_position_stands_draws() {
        let mut seen = Repetitions::default();
        assert!(!seen.stands(("a", 1)));
        assert!(!seen.stands(("b", 1)));
        assert!(!seen.stands(("a", 1)));
        assert!(!seen.stands(("a", 2)), "another side to move is another position");
        assert!(seen.stands(("a", 1)));
    }
}
