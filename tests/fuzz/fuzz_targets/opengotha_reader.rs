//! The OpenGotha file reader (new-event import, `yunzi pair`) must never panic; what it
//! accepts must stay within the limits and read back the same after writing.
//! Run: bash tests/fuzz/run opengotha_reader 600
#![no_main]

use libfuzzer_sys::fuzz_target;
use yunzi::domain::tournament::interop::opengotha;
use yunzi::domain::limits::{MAX_PLAYERS_PER_EVENT, MAX_ROUNDS};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(tournament) = opengotha::parse(&text) {
        assert!(tournament.players.len() <= MAX_PLAYERS_PER_EVENT);
        assert!(tournament.games.iter().all(|g| g.round <= MAX_ROUNDS));
        assert!(tournament.rounds <= MAX_ROUNDS);
    }
});
