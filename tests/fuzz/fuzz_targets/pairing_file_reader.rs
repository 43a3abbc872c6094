//! `yunzi pair`'s Yunzi pairing file reader must never panic; what it accepts names only its
//! entrants, in rounds an event can have.
//! Run: bash tests/fuzz/run pairing_file_reader 600
#![no_main]

use libfuzzer_sys::fuzz_target;
use yunzi::domain::limits::{MAX_PLAYERS_PER_EVENT, MAX_ROUNDS};
use yunzi::services::pairing_file;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(file) = pairing_file::read(&text) {
        assert!(file.entrants.len() <= MAX_PLAYERS_PER_EVENT);
        let known = |id: i64| file.entrants.iter().any(|e| e.id == id);
        assert!(file.games.iter().all(|g| (1..=MAX_ROUNDS).contains(&g.round) && known(g.black) && known(g.white)));
    }
});
