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

    /// Counts an attempt for `key` unless it is blocked, in one step, so parallel requests
    /// cannot all pass the check before any of them is counted. Err: minutes to wait.
    pub fn try_acquire(&self, key: &str, now: DateTime<Utc>) -> Result<(), u32> {
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        // Bound memory: forget keys whose window has passed when the map grows large.
        if hits.len() > 100_000 {
            let cutoff = now - self.window;
            hits.retain(|_, q| q.back().is_some_and(|t| *t > cutoff));
        }
        let queue = hits.entry(key.to_string()).or_default();
        while queue.front().is_some_and(|t| *t <= now - self.window) {
            queue.pop_front();
        }
        if queue.len() >= self.limit as usize {
            let wait = queue.front().map(|oldest| (*oldest + self.window - now).num_seconds().max(0)).unwrap_or(0);
            return Err(((wait + 59) / 60).max(1) as u32);
        }
        queue.push_back(now);
        Ok(())
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
            assert_eq!(limiter.try_acquire("a", t0 + Duration::minutes(i)), Ok(()));
        }
        assert_eq!(limiter.try_acquire("a", t0 + Duration::minutes(3)), Err(12));
        assert_eq!(limiter.try_acquire("b", t0), Ok(()), "other keys are not affected");
        // The first attempt leaves the window at minute 15.
        assert_eq!(limiter.try_acquire("a", t0 + Duration::minutes(15)), Ok(()));
        limiter.clear("a");
        for _ in 0..3 {
            assert_eq!(limiter.try_acquire("a", t0), Ok(()));
        }
    }
}
