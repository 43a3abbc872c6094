//! The SGF reader must never panic, whatever the bytes; what it accepts must replay and
//! write back.
//! Run: bash tests/fuzz/run sgf_reader 600
#![no_main]

use libfuzzer_sys::fuzz_target;
use yunzi::domain::games::go::{record, sgf};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(game) = sgf::parse(&text) {
        let written = sgf::write(&game);
        assert_eq!(sgf::parse(&written).ok(), Some(game.clone()), "write then read changed the record");
        if let Ok(rules) = record::rules_for(&game, None) {
            let _ = record::replay(&game, rules);
        }
    }
});
