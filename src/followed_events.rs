//! Which events follow a venue instance's (issue 54), known without asking the database on
//! every change to an event: the check asked it on every unsafe request, a live move among
//! them (issue 52). A copy is never undone, so "followed" once read is kept for good. "Not
//! followed" is kept only by an instance that is its database's only one (SQLite), where the
//! pushes that make a copy arrive through this very process and note it here
//! (`services::sync::public::receive`); instances sharing PostgreSQL ask the database until
//! the answer is "followed".
use std::collections::HashMap;
use std::sync::RwLock;

/// Events known so far, by id: followed or not.
#[derive(Default)]
pub struct FollowedEvents {
    known: RwLock<HashMap<i32, bool>>,
}

impl FollowedEvents {
    /// What is known of `event_id` (none: ask the database).
    pub fn known(&self, event_id: i32) -> Option<bool> {
        self.known.read().unwrap_or_else(|poisoned| poisoned.into_inner()).get(&event_id).copied()
    }

    /// Keeps what the database answered for `event_id`: "followed" always, "not followed" only
    /// on an instance that is its database's only one. An answer read before a push made the
    /// event a copy, and kept after it, never undoes "followed".
    pub fn learned(&self, event_id: i32, followed: bool, only_instance: bool) {
        if !followed && !only_instance {
            return;
        }
        let mut known = self.known.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        *known.entry(event_id).or_insert(followed) |= followed;
    }

    /// A push has made `event_id` a copy (its transaction committed).
    pub fn now_followed(&self, event_id: i32) {
        self.known.write().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(event_id, true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_followed_is_kept_only_by_a_databases_only_instance() {
        let events = FollowedEvents::default();
        events.learned(1, false, false);
        assert_eq!(events.known(1), None, "another instance may take the first push");
        events.learned(1, false, true);
        assert_eq!(events.known(1), Some(false));
        events.learned(2, true, false);
        assert_eq!(events.known(2), Some(true), "a copy stays one");
    }

    #[test]
    fn an_answer_read_before_the_first_push_does_not_undo_it() {
        let events = FollowedEvents::default();
        // A change's check read "not followed"; the push committed before the check kept it.
        events.now_followed(7);
        events.learned(7, false, true);
        assert_eq!(events.known(7), Some(true));
        // Kept before the push: the push's note wins.
        events.learned(8, false, true);
        events.now_followed(8);
        assert_eq!(events.known(8), Some(true));
    }
}
