//! Who is watching which live game: one broadcast channel per game, made when the first
//! watcher arrives and dropped when a message finds nobody listening. Messages are the
//! finished server-sent-event text, shared by every watcher.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

/// Messages a slow watcher may fall behind by before it skips to the newest (each message
/// carries the whole position, so skipping loses nothing).
const BACKLOG: usize = 16;

#[derive(Default)]
pub struct LiveHub {
    channels: Mutex<HashMap<i32, broadcast::Sender<Arc<str>>>>,
}

impl LiveHub {
    fn channels(&self) -> std::sync::MutexGuard<'_, HashMap<i32, broadcast::Sender<Arc<str>>>> {
        self.channels.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn subscribe(&self, game: i32) -> broadcast::Receiver<Arc<str>> {
        self.channels().entry(game).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Sends `message` to the game's watchers; returns how many there were.
    pub fn publish(&self, game: i32, message: Arc<str>) -> usize {
        let mut channels = self.channels();
        let Some(sender) = channels.get(&game) else { return 0 };
        match sender.send(message) {
            Ok(watchers) => watchers,
            Err(_) => {
                channels.remove(&game);
                0
            }
        }
    }

    /// Watchers of all games, for the health page and the load benchmark.
    pub fn watchers(&self) -> usize {
        self.channels().values().map(broadcast::Sender::receiver_count).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn watchers_of_a_game_get_its_messages_and_nobody_else_does() {
        let hub = LiveHub::default();
        let mut first = hub.subscribe(1);
        let mut second = hub.subscribe(1);
        let mut other = hub.subscribe(2);
        assert_eq!(hub.publish(1, Arc::from("move")), 2);
        assert_eq!(first.recv().await.ok().as_deref(), Some("move"));
        assert_eq!(second.recv().await.ok().as_deref(), Some("move"));
        assert!(other.try_recv().is_err());
        drop(other);
        assert_eq!(hub.publish(2, Arc::from("nobody")), 0, "the channel goes with its last watcher");
        assert_eq!(hub.publish(3, Arc::from("never watched")), 0);
        assert_eq!(hub.watchers(), 2);
    }
}
