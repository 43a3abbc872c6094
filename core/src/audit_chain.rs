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

/// A chain's row as one instance sends it to another (issue 54: a venue's event followed by
/// the public instance): the row's own fields, `seq` its id where it was written.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SentRow {
    pub seq: i32,
    pub at: DateTime<Utc>,
    pub actor_id: Option<i32>,
    pub event_id: Option<i32>,
    pub action: String,
    pub detail: String,
    pub prev_hash: String,
    pub hash: String,
}

impl SentRow {
    /// Whether the row's hash is the hash of its own content.
    pub fn hash_fits(&self) -> bool {
        self.hash == row_hash(&self.prev_hash, &self.at, self.actor_id, self.event_id, &self.action, &self.detail)
    }
}

/// Why rows sent to continue a chain were refused. `seq` names the first row that does not fit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The row's content does not match its hash: it was changed on the way or forged.
    ContentChanged { seq: i32 },
    /// The row does not follow the row sent before it: rows reordered, left out or inserted.
    LinkBroken { seq: i32 },
    /// The first new row follows no row received: rows before it are missing, or the chain
    /// was rewritten (it forks from the one received).
    Gap { seq: i32 },
    /// A row of another chain (another event's) than the one followed.
    OtherChain { seq: i32 },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::ContentChanged { seq } => {
                write!(f, "row {seq}: its content does not match its hash (changed or forged)")
            }
            Refusal::LinkBroken { seq } => {
                write!(f, "row {seq} does not follow the row sent before it (rows reordered, left out or inserted)")
            }
            Refusal::Gap { seq } => write!(
                f,
                "row {seq} follows no row received here: rows before it are missing, or the chain was rewritten"
            ),
            Refusal::OtherChain { seq } => write!(f, "row {seq} belongs to another event's chain"),
        }
    }
}

/// Which of `rows` (oldest first) continue a chain received up to `head` (its last row's hash,
/// [`GENESIS`] for none): the index of the first new row. Rows the receiver has already (a
/// push sent again after a crash before its answer arrived) come first and are skipped;
/// `known` says whether a row of that hash was received. Every row must be of `chain` (the
/// event's id where the rows are written), hash its own content and follow the row before it.
pub fn continue_chain(
    head: &str,
    chain: Option<i32>,
    rows: &[SentRow],
    known: impl Fn(&str) -> bool,
) -> Result<usize, Refusal> {
    for (index, row) in rows.iter().enumerate() {
        if row.event_id != chain {
            return Err(Refusal::OtherChain { seq: row.seq });
        }
        if !row.hash_fits() {
            return Err(Refusal::ContentChanged { seq: row.seq });
        }
        if index > 0 && row.prev_hash != rows[index - 1].hash {
            return Err(Refusal::LinkBroken { seq: row.seq });
        }
    }
    let Some(first) = rows.first() else { return Ok(0) };
    if first.prev_hash == head {
        return Ok(0);
    }
    // Sent again: the rows up to the head were received already, each of them.
    match rows.iter().position(|row| row.hash == head) {
        Some(at) if rows[..at].iter().all(|row| known(&row.hash)) => Ok(at + 1),
        Some(_) | None => Err(Refusal::Gap { seq: first.seq }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(event: i32, n: usize, start: &str) -> Vec<SentRow> {
        let mut prev = start.to_string();
        (0..n)
            .map(|i| {
                let at = DateTime::<Utc>::from_timestamp(1_800_000_000 + i as i64, 0).unwrap_or_default();
                let detail = format!("{{\"round\":1,\"board\":{i}}}");
                let hash = row_hash(&prev, &at, Some(3), Some(event), "result.recorded", &detail);
                let row = SentRow {
                    seq: 100 + i as i32,
                    at,
                    actor_id: Some(3),
                    event_id: Some(event),
                    action: "result.recorded".into(),
                    detail,
                    prev_hash: prev.clone(),
                    hash: hash.clone(),
                };
                prev = hash;
                row
            })
            .collect()
    }

    #[test]
    fn a_chain_is_taken_from_its_start_and_continued_from_its_head() {
        let rows = chain(7, 6, GENESIS);
        assert_eq!(continue_chain(GENESIS, Some(7), &rows[..3], |_| false), Ok(0));
        assert_eq!(continue_chain(&rows[2].hash, Some(7), &rows[3..], |_| false), Ok(0));
        // Nothing new: an empty push (the state alone) is no refusal.
        assert_eq!(continue_chain(&rows[5].hash, Some(7), &[], |_| false), Ok(0));
    }

    #[test]
    fn rows_sent_again_after_a_crash_are_skipped_not_doubled() {
        let rows = chain(7, 6, GENESIS);
        let received: Vec<&str> = rows[..4].iter().map(|r| r.hash.as_str()).collect();
        let known = |hash: &str| received.contains(&hash);
        // Received through row 4; the venue, not knowing, sends rows 3 to 6 again.
        assert_eq!(continue_chain(&rows[3].hash, Some(7), &rows[2..], known), Ok(2));
        // All of them received already.
        assert_eq!(continue_chain(&rows[5].hash, Some(7), &rows, |_| true), Ok(6));
    }

    #[test]
    fn forged_reordered_missing_and_foreign_rows_are_refused_by_the_first_that_does_not_fit() {
        let rows = chain(7, 5, GENESIS);
        let mut forged = rows.clone();
        forged[2].detail = "{\"round\":1,\"board\":2,\"result\":\"W+R\"}".into();
        assert_eq!(continue_chain(GENESIS, Some(7), &forged, |_| false), Err(Refusal::ContentChanged { seq: 102 }));

        let mut reordered = rows.clone();
        reordered.swap(1, 2);
        assert_eq!(continue_chain(GENESIS, Some(7), &reordered, |_| false), Err(Refusal::LinkBroken { seq: 102 }));

        // Row 2 left out: row 3 does not follow row 1.
        let missing: Vec<SentRow> = rows.iter().enumerate().filter(|(i, _)| *i != 1).map(|(_, r)| r.clone()).collect();
        assert_eq!(continue_chain(GENESIS, Some(7), &missing, |_| false), Err(Refusal::LinkBroken { seq: 102 }));

        // Received through row 2; rows 4 and 5 alone leave row 3 out.
        assert_eq!(continue_chain(&rows[1].hash, Some(7), &rows[3..], |_| true), Err(Refusal::Gap { seq: 103 }));

        // A chain rewritten from its start, each row hashed anew: it follows nothing received.
        let rewritten = chain(7, 5, "0000");
        assert_eq!(continue_chain(&rows[4].hash, Some(7), &rewritten, |_| false), Err(Refusal::Gap { seq: 100 }));

        // Another event's rows, with a valid token for this one.
        let other = chain(8, 2, GENESIS);
        assert_eq!(continue_chain(GENESIS, Some(7), &other, |_| false), Err(Refusal::OtherChain { seq: 100 }));
    }
}
