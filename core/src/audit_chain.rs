//! The audit log's hash chain, in one place for the migration that seals the rows written
//! before it existed (the migrations crate depends on the core for it) and for the app that
//! writes and verifies rows. Pure: a hash of values, no database.
//!
//! Each event has its own chain (rows without an event form one more). A row's hash covers
//! the hash of the row before it in its chain and its own content, so changing, removing or
//! inserting a row breaks the chain from that row on.
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

/// The `prev_hash` of a chain's first row.
pub const GENESIS: &str = "";

/// The instant as it is hashed: microseconds, the precision both databases keep.
pub fn instant_text(at: &DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

/// Drops what a database would drop (below microseconds), so the hash of a row written is
/// the hash of the row read back.
pub fn to_stored_precision(at: DateTime<Utc>) -> DateTime<Utc> {
    let micros = at.timestamp_micros();
    DateTime::<Utc>::from_timestamp_micros(micros).unwrap_or(at)
}

/// SHA-256 over the previous hash and the row's fields, each length-prefixed so no two
/// different rows hash the same text. Hex, 64 digits.
pub fn row_hash(
    prev_hash: &str,
    at: &DateTime<Utc>,
    actor_id: Option<i32>,
    event_id: Option<i32>,
    action: &str,
    detail: &str,
) -> String {
    let fields = [
        prev_hash.to_string(),
        instant_text(at),
        actor_id.map(|v| v.to_string()).unwrap_or_default(),
        event_id.map(|v| v.to_string()).unwrap_or_default(),
        action.to_string(),
        detail.to_string(),
    ];
    let mut hasher = Sha256::new();
    for field in &fields {
        hasher.update((field.len() as u64).to_be_bytes());
        hasher.update(field.as_bytes());
    }
    hasher.finalize().iter().map(|b| format!("{b:02x}")).collect()
}
