//! Use cases. Each public function is one transaction (plus mail after the commit); the ones
//! that change what matters (results, published pairings, staff, imports) also append an
//! audit row inside that transaction.
pub mod accounts;
pub mod api_tokens;
pub mod audit;
pub mod backup;
pub mod disputes;
pub mod events;
pub mod live;
pub mod notifications;
pub mod pairing_file;
pub mod participation;
pub mod players;
pub mod queries;
pub mod rating_lists;
pub mod ratings;
pub mod records;
pub mod relay;
pub mod repo;
pub mod reports;
pub mod rounds;
pub mod standings;
pub mod sync;
pub mod teams;
pub mod workflows;

use std::path::Path;

use crate::domain::limits::MAX_FILE_BYTES;

/// A file's text, refused past [`MAX_FILE_BYTES`] before anything is read. Stray bytes that
/// are not UTF-8 (records are UTF-8 by the format's default) must not stop a referee.
pub fn read_text(path: &Path) -> Result<String, String> {
    let shown = || path.display().to_string();
    let size = std::fs::metadata(path).map_err(|e| format!("{}: {e}", shown()))?.len();
    if size > MAX_FILE_BYTES {
        return Err(format!("{}: {size} bytes; files of at most {MAX_FILE_BYTES} bytes are read", shown()));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", shown()))?;
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}
