//! A sliding-window limiter for login attempts, keyed by account and by network address.
//! Written here rather than taken from governor so that it runs on the injected clock and
//! tests can move time instead of sleeping.
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

pub struct RateLimiter {
    limit: u32,
    window: Duration,
    hits: Mutex<HashMap<String, VecDeque<DateTime<Utc>>>>,
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Self {
        Self { limit, window, hits: Mutex::new(HashMap::new()) }
    }

    /// Minutes until `key` may try again, or None when it may try now.
    pub fn blocked_for(&self, key: &str, now: DateTime<Utc>) -> Option<u32> {
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        let queue = hits.get_mut(key)?;
        while queue.front().is_some_and(|t| *t <= now - self.window) {
            queue.pop_front();
        }
        if queue.len() < self.limit as usize {
            return None;
        }
        let oldest = *queue.front()?;
        let wait = (oldest + self.window - now).num_seconds().max(0);
        Some(((wait + 59) / 60).max(1) as u32)
    }

    pub fn record(&self, key: &str, now: DateTime<Utc>) {
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        // Bound memory: forget keys whose window has passed when the map grows large.
        if hits.len() > 100_000 {
            let cutoff = now - self.window;
            hits.retain(|_, q| q.back().is_some_and(|t| *t > cutoff));
        }
        hits.entry(key.to_string()).or_default().push_back(now);
    }

    pub fn clear(&self, key: &str) {
        self.hits.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_the_limit_and_frees_after_the_window() {
        let limiter = RateLimiter::new(3, Duration::minutes(15));
        let t0 = DateTime::<Utc>::from_timestamp(1_800_000_000, 0).unwrap_or_default();
        for i in 0..3 {
            assert_eq!(limiter.blocked_for("a", t0 + Duration::minutes(i)), None);
            limiter.record("a", t0 + Duration::minutes(i));
        }
        assert_eq!(limiter.blocked_for("a", t0 + Duration::minutes(3)), Some(12));
        assert_eq!(limiter.blocked_for("b", t0), None);
        assert_eq!(limiter.blocked_for("a", t0 + Duration::minutes(15)), None);
        limiter.clear("a");
        assert_eq!(limiter.blocked_for("a", t0), None);
    }
}
