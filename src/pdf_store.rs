//! The venue's PDFs, rendered once per version of what they show (issue 48: a reader must not
//! be able to stall the server by asking for PDFs). A PDF of a public page (a published
//! round's sheets, the standings) is kept under (event, path, locale) with the event's version
//! read before its data; asked again at that version, it is served from memory. One PDF is
//! rendered by one request at a time (the others asking for it wait for it, costing nothing),
//! at most [`RENDERS_AT_ONCE`] PDFs render at once, and at most [`RENDERS_WAITING`] more wait
//! their turn: past that a request is answered 503 with `Retry-After`.
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;

use crate::i18n::Locale;

/// PDFs rendering at once: one per core of the small machines clubs run this on.
pub const RENDERS_AT_ONCE: usize = 2;
/// PDFs that may wait for a render slot; more are told to come back.
pub const RENDERS_WAITING: usize = 6;
/// PDFs kept at most, and their bytes at most.
const MAX_PDFS: usize = 256;
const MAX_BYTES: usize = 128 * 1024 * 1024;

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub event: i32,
    pub path: String,
    pub locale: Locale,
}

pub struct Pdf {
    pub version: i64,
    pub etag: HeaderValue,
    pub bytes: Bytes,
}

/// Why a PDF cannot be rendered now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

pub struct PdfStore {
    kept: Mutex<(HashMap<Key, Arc<Pdf>>, usize)>,
    /// One lock per PDF being made: whoever holds it renders, the others wait for its result.
    making: Mutex<HashMap<Key, Arc<tokio::sync::Mutex<()>>>>,
    slots: Arc<tokio::sync::Semaphore>,
    /// Renders running or waiting for a slot.
    queued: Arc<AtomicUsize>,
}

impl Default for PdfStore {
    fn default() -> Self {
        PdfStore {
            kept: Mutex::default(),
            making: Mutex::default(),
            slots: Arc::new(tokio::sync::Semaphore::new(RENDERS_AT_ONCE)),
            queued: Arc::new(AtomicUsize::new(0)),
        }
    }
}

/// A place among the renders running or waiting; given back when dropped (also when the
/// request waiting for a slot goes away).
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A render slot, held while one PDF renders: moved into the render itself, so that a reader
/// who goes away does not free it before the render ends.
pub struct Slot {
    _place: Place,
    _permit: tokio::sync::OwnedSemaphorePermit,
}

impl PdfStore {
    fn kept(&self) -> std::sync::MutexGuard<'_, (HashMap<Key, Arc<Pdf>>, usize)> {
        self.kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The PDF kept under `key` at `version`.
    pub fn get(&self, key: &Key, version: i64) -> Option<Arc<Pdf>> {
        self.kept().0.get(key).filter(|pdf| pdf.version == version).cloned()
    }

    pub fn put(&self, key: Key, pdf: Arc<Pdf>) {
        let mut guard = self.kept();
        let (pdfs, bytes) = &mut *guard;
        if pdfs.get(&key).is_some_and(|old| old.version > pdf.version) {
            return;
        }
        let size = pdf.bytes.len();
        if let Some(old) = pdfs.insert(key, pdf) {
            *bytes -= old.bytes.len();
        }
        *bytes += size;
        // Over the bounds: the oldest versions go first (any order would do; this is cheap).
        while (pdfs.len() > MAX_PDFS || *bytes > MAX_BYTES) && !pdfs.is_empty() {
            let Some(oldest) = pdfs.iter().min_by_key(|(_, p)| p.version).map(|(k, _)| k.clone()) else { break };
            if let Some(gone) = pdfs.remove(&oldest) {
                *bytes -= gone.bytes.len();
            }
        }
    }

    /// The lock of the PDF `key`: held while it is made, so that one request renders it.
    pub fn making(&self, key: &Key) -> Arc<tokio::sync::Mutex<()>> {
        let mut making = self.making.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Locks nobody holds or waits for any more are dropped as new ones are made.
        making.retain(|_, lock| Arc::strong_count(lock) > 1);
        making.entry(key.clone()).or_default().clone()
    }

    /// A render slot, waiting for one if all are taken, or `Busy` when too many already wait.
    pub async fn slot(&self) -> Result<Slot, Busy> {
        let before = self.queued.fetch_add(1, Ordering::SeqCst);
        let place = Place(self.queued.clone());
        if before >= RENDERS_AT_ONCE + RENDERS_WAITING {
            return Err(Busy);
        }
        let permit = self.slots.clone().acquire_owned().await.map_err(|_| Busy)?;
        Ok(Slot { _place: place, _permit: permit })
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;

    use super::*;

    #[tokio::test]
    async fn renders_past_the_slots_and_the_queue_are_told_to_wait() {
        let store = PdfStore::default();
        let mut held = Vec::new();
        for _ in 0..RENDERS_AT_ONCE {
            held.push(store.slot().await.unwrap_or_else(|_| panic!("a free slot")));
        }
        // The rest of the queue waits (futures not ready yet); beyond it, Busy at once.
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        let mut waiting: Vec<_> = (0..RENDERS_WAITING).map(|_| Box::pin(store.slot())).collect();
        for w in waiting.iter_mut() {
            assert!(w.as_mut().poll(&mut cx).is_pending(), "waits for a slot");
        }
        assert!(store.slot().await.is_err(), "past the queue: busy");
        // A waiting request that goes away gives its place back.
        waiting.pop();
        assert_eq!(store.queued.load(Ordering::SeqCst), RENDERS_AT_ONCE + RENDERS_WAITING - 1);
        drop(held);
        for w in waiting {
            assert!(w.await.is_ok(), "a slot freed");
        }
        assert_eq!(store.queued.load(Ordering::SeqCst), 0, "every place given back");
    }

    #[test]
    fn a_pdf_is_kept_by_version_and_a_newer_one_replaces_it() {
        let store = PdfStore::default();
        let key = Key { event: 1, path: "/events/1/standings.pdf".into(), locale: Locale::En };
        let pdf = |version: i64| {
            Arc::new(Pdf { version, etag: HeaderValue::from_static("W/\"x\""), bytes: Bytes::from_static(b"%PDF") })
        };
        store.put(key.clone(), pdf(3));
        assert!(store.get(&key, 3).is_some() && store.get(&key, 4).is_none());
        store.put(key.clone(), pdf(2));
        assert!(store.get(&key, 3).is_some(), "an older render does not replace a newer one");
        store.put(key.clone(), pdf(4));
        assert!(store.get(&key, 4).is_some() && store.get(&key, 3).is_none());
    }
}
