//! The registration page's CSV import must never panic, whatever the bytes: a list of players
//! or every problem line by line, each with a message.
//! Run: bash tests/fuzz/run csv_reader 600
#![no_main]

use libfuzzer_sys::fuzz_target;
use yunzi::i18n::Locale;
use yunzi::services::players::parse_csv;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(errors) = parse_csv(&text, &[], Locale::Zh) {
        assert!(!errors.is_empty() && errors.iter().all(|e| !e.message.trim().is_empty()), "a refusal says why");
    }
});
