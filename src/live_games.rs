//! Live games kept in memory between moves, so that a move neither reads a game's moves again
//! nor replays them through the rules engine: the store only (what is kept, and when it may be
//! used, is `services::queries::board`'s and `services::live`'s).
//!
//! A kept game is used only while its game row is the row it was kept with: moves are stored
//! with the row's live state (whose version every change bumps) in one transaction, so an equal
//! row means the same moves. Anything that changes a game without this instance knowing (a
//! ruling, the sweep, another instance on the same PostgreSQL database) changes the row, and
//! the game is read again.
use std::collections::HashMap;
use std::sync::Mutex;

use crate::db::entities::game;
use crate::domain::live::{LiveGame, LiveSetup};

/// Games kept at most (an event with every board live is a few hundred); past it the store
/// starts again empty.
const MAX_GAMES: usize = 20_000;

struct Kept {
    row: game::Model,
    live: LiveGame,
}

#[derive(Default)]
pub struct LiveGames {
    kept: Mutex<HashMap<i32, Kept>>,
}

impl LiveGames {
    /// The game of `row`, if it was kept with this very row and setup.
    pub fn get(&self, row: &game::Model, setup: &LiveSetup) -> Option<LiveGame> {
        let kept = self.kept.lock().ok()?;
        let found = kept.get(&row.id)?;
        (found.row == *row && found.live.setup() == setup).then(|| found.live.clone())
    }

    /// Keeps `live` as the game of `row` (the row as stored with it). A finished game is let go:
    /// nothing more will be played in it.
    pub fn keep(&self, row: &game::Model, live: &LiveGame) {
        let Ok(mut kept) = self.kept.lock() else { return };
        if live.state().phase == crate::domain::live::Phase::Finished {
            kept.remove(&row.id);
            return;
        }
        if kept.len() >= MAX_GAMES && !kept.contains_key(&row.id) {
            kept.clear();
        }
        kept.insert(row.id, Kept { row: row.clone(), live: live.clone() });
    }
}
