//! The public pages kept for anonymous readers, by the version of what they show: the store
//! only (what is kept and when it is served is `web::page_cache`'s).
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use chrono::{DateTime, Utc};

use crate::i18n::Locale;

/// Pages kept at most, and their bytes (both encodings) at most.
const MAX_PAGES: usize = 2_000;
const MAX_BYTES: usize = 256 * 1024 * 1024;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub event: i32,
    /// Path and query.
    pub path: String,
    pub locale: Locale,
}

/// What a page was drawn from: its event's latest audit row and, for a live board, the
/// board's game row as stored (moves, clocks and marks change it without an audit row).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    pub event: i64,
    pub board: Option<String>,
}

/// A page as drawn at `version`, in both encodings, with its ETag.
pub struct Page {
    pub version: Version,
    /// Until when the page is right even if nothing changes: a running clock's second.
    pub fresh_until: Option<DateTime<Utc>>,
    pub etag: HeaderValue,
    /// JSON of the read API, else a page of HTML.
    pub json: bool,
    pub identity: Bytes,
    pub gzip: Bytes,
}

impl Page {
    fn size(&self) -> usize {
        self.identity.len() + self.gzip.len()
    }
}

#[derive(Default)]
pub struct PageCache {
    pages: Mutex<(HashMap<Key, Arc<Page>>, usize)>,
}

impl PageCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, (HashMap<Key, Arc<Page>>, usize)> {
        self.pages.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The page kept under `key` if it was drawn at `version` and is still right at `now`.
    pub fn get(&self, key: &Key, version: &Version, now: DateTime<Utc>) -> Option<Arc<Page>> {
        self.lock()
            .0
            .get(key)
            .filter(|page| page.version == *version && page.fresh_until.is_none_or(|until| now < until))
            .cloned()
    }

    pub fn put(&self, key: Key, page: Arc<Page>) {
        let mut guard = self.lock();
        let (pages, bytes) = &mut *guard;
        if let Some(old) = pages.get(&key)
            && old.version.event > page.version.event
        {
            return; // A newer page got here first.
        }
        *bytes += page.size();
        if let Some(old) = pages.insert(key, page) {
            *bytes -= old.size();
        }
        // Over the limits: drop pages until under (any: the next reader redraws them).
        while pages.len() > MAX_PAGES || *bytes > MAX_BYTES {
            let Some(victim) = pages.keys().next().cloned() else { break };
            if let Some(old) = pages.remove(&victim) {
                *bytes -= old.size();
            }
        }
    }

    /// Pages kept now, for the health page.
    pub fn len(&self) -> usize {
        self.lock().0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
