//! Who is watching which live game: one broadcast channel per game, made when the first
//! watcher arrives and dropped when a message finds nobody listening. Messages are the
//! finished server-sent-event text, shared by every watcher. Also how many streams are open,
//! in all and per client address, so that watchers cannot starve the pages.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use crate::cluster::BoardPlace;

/// Messages a slow watcher may fall behind by before it skips to the newest (each message
/// carries the whole position, so skipping loses nothing).
const BACKLOG: usize = 16;

#[derive(Default)]
pub struct LiveHub {
    /// By game: its channel, where the board is (to read it again when it changed elsewhere),
    /// and the event version (its latest audit row) its watchers have been told of.
    channels: Mutex<HashMap<i32, GameWatch>>,
    /// The rounds' pages being watched, by (event, round number): their channel and the event
    /// version last announced.
    rounds: Mutex<HashMap<(i32, i32), RoundWatch>>,
    /// The spectators' channels of games a broadcast delay holds back, by game (issue 53).
    delayed: Mutex<HashMap<i32, DelayedWatch>>,
    streams: Arc<StreamCounts>,
}

/// A held-back game's spectators' channel: what they are sent is the game as it stood the
/// delay ago, released by the sweep (`live_feed::release_delayed_boards`) when the next move
/// is due to be seen, or at once when the game changed otherwise (it may have ended). It
/// watches the game's own channel, so a change made anywhere is noticed as the players'
/// watchers are told of it.
struct DelayedWatch {
    sender: broadcast::Sender<Arc<str>>,
    live: broadcast::Receiver<Arc<str>>,
    place: BoardPlace,
    /// When the spectators next see more (None: only when the game changes).
    due: Option<chrono::DateTime<chrono::Utc>>,
}

/// A watched game's channel, its board's place, and the event version its watchers know.
type GameWatch = (broadcast::Sender<Arc<str>>, BoardPlace, i64);

/// A watched round's channel, and the event version last announced on it.
type RoundWatch = (broadcast::Sender<Arc<str>>, i64);

/// Open streams: in all, and per client address.
#[derive(Default)]
struct StreamCounts {
    open: Mutex<(usize, HashMap<String, usize>)>,
}

impl StreamCounts {
    fn lock(&self) -> std::sync::MutexGuard<'_, (usize, HashMap<String, usize>)> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Why a stream was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamRefused {
    /// The server holds its limit of streams.
    Total(usize),
    /// This address holds its limit.
    PerAddress(usize),
}

/// An admitted stream's place; it is given back when the stream ends (the permit drops).
pub struct StreamPermit {
    counts: Arc<StreamCounts>,
    address: String,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut open = self.counts.lock();
        open.0 = open.0.saturating_sub(1);
        if let Some(count) = open.1.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.1.remove(&self.address);
            }
        }
    }
}

impl LiveHub {
    /// Admits one more stream from `address` unless it would pass `max_total` streams in all
    /// or `max_per_address` from that address.
    pub fn admit(
        &self,
        address: &str,
        max_total: usize,
        max_per_address: usize,
    ) -> Result<StreamPermit, StreamRefused> {
        let mut open = self.streams.lock();
        if open.0 >= max_total {
            return Err(StreamRefused::Total(max_total));
        }
        let from_address = open.1.get(address).copied().unwrap_or(0);
        if from_address >= max_per_address {
            return Err(StreamRefused::PerAddress(max_per_address));
        }
        open.0 += 1;
        open.1.insert(address.to_string(), from_address + 1);
        Ok(StreamPermit { counts: self.streams.clone(), address: address.to_string() })
    }

    /// Streams open now, in all.
    pub fn open_streams(&self) -> usize {
        self.streams.lock().0
    }

    fn channels(&self) -> std::sync::MutexGuard<'_, HashMap<i32, GameWatch>> {
        self.channels.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Watches the game at `place`, whose watcher was shown the board as of event version
    /// `version`. A game already watched keeps the version its watchers were last told of.
    pub fn subscribe(&self, place: BoardPlace, version: i64) -> broadcast::Receiver<Arc<str>> {
        self.channels()
            .entry(place.game)
            .or_insert_with(|| (broadcast::channel(BACKLOG).0, place, version))
            .0
            .subscribe()
    }

    /// Whether anyone here watches the game.
    pub fn is_watched(&self, game: i32) -> bool {
        self.channels().get(&game).is_some_and(|(sender, _, _)| sender.receiver_count() > 0)
    }

    /// The games watched here.
    pub fn watched_games(&self) -> Vec<BoardPlace> {
        self.watched_games_with_versions().into_iter().map(|(place, _)| place).collect()
    }

    /// The games watched here, with the event version their watchers were last told of.
    pub fn watched_games_with_versions(&self) -> Vec<(BoardPlace, i64)> {
        self.channels()
            .values()
            .filter(|(sender, _, _)| sender.receiver_count() > 0)
            .map(|&(_, place, version)| (place, version))
            .collect()
    }

    /// Notes that the game's watchers know of the event's changes up to `version`.
    pub fn told_up_to(&self, game: i32, version: i64) {
        if let Some((_, _, told)) = self.channels().get_mut(&game) {
            *told = (*told).max(version);
        }
    }

    /// Sends `message` to the game's watchers; returns how many there were.
    pub fn publish(&self, game: i32, message: Arc<str>) -> usize {
        let mut channels = self.channels();
        let Some((sender, _, _)) = channels.get(&game) else { return 0 };
        match sender.send(message) {
            Ok(watchers) => watchers,
            Err(_) => {
                channels.remove(&game);
                0
            }
        }
    }

    fn rounds(&self) -> std::sync::MutexGuard<'_, HashMap<(i32, i32), RoundWatch>> {
        self.rounds.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Watches round `round` of `event`, whose stream starts at event version `version`.
    /// A round already watched keeps the version last announced to it: a newcomer's newer
    /// version is news its earlier watchers still wait for (the sweep announces it to all; the
    /// newcomer's page ignores a version it already has).
    pub fn subscribe_round(&self, event: i32, round: i32, version: i64) -> broadcast::Receiver<Arc<str>> {
        let mut rounds = self.rounds();
        rounds.entry((event, round)).or_insert_with(|| (broadcast::channel(BACKLOG).0, version)).0.subscribe()
    }

    /// The watched rounds with the version last announced to them; rounds nobody watches any
    /// more are forgotten.
    pub fn watched_rounds(&self) -> Vec<((i32, i32), i64)> {
        let mut rounds = self.rounds();
        rounds.retain(|_, (sender, _)| sender.receiver_count() > 0);
        rounds.iter().map(|(&key, &(_, version))| (key, version)).collect()
    }

    /// Tells a round's watchers that its event is now at `version` (once per version).
    pub fn announce_round(&self, event: i32, round: i32, version: i64, message: Arc<str>) -> usize {
        let mut rounds = self.rounds();
        let Some((sender, announced)) = rounds.get_mut(&(event, round)) else { return 0 };
        if version <= *announced {
            return 0;
        }
        *announced = version;
        sender.send(message).unwrap_or(0)
    }

    fn delayed(&self) -> std::sync::MutexGuard<'_, HashMap<i32, DelayedWatch>> {
        self.delayed.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Watches, as a spectator, the game at `place` that a broadcast delay holds back: the
    /// messages are the sweep's releases (see [`LiveHub::release_delayed`]), the first due at
    /// `due` (when the next held-back move is to be seen).
    pub fn subscribe_delayed(
        &self,
        place: BoardPlace,
        version: i64,
        due: Option<chrono::DateTime<chrono::Utc>>,
    ) -> broadcast::Receiver<Arc<str>> {
        let mut delayed = self.delayed();
        let watch = delayed.entry(place.game).or_insert_with(|| DelayedWatch {
            sender: broadcast::channel(BACKLOG).0,
            live: self.subscribe(place, version),
            place,
            due,
        });
        watch.due = [watch.due, due].into_iter().flatten().min();
        watch.sender.subscribe()
    }

    /// The held-back games whose spectators are due news at `now`: the next move is due to be
    /// seen, or the game changed since they were last sent it. Games nobody watches any more
    /// are forgotten.
    pub fn delayed_due(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<BoardPlace> {
        let mut delayed = self.delayed();
        delayed.retain(|_, watch| watch.sender.receiver_count() > 0);
        let mut due = Vec::new();
        for watch in delayed.values_mut() {
            let mut changed = false;
            while let Ok(_) | Err(broadcast::error::TryRecvError::Lagged(_)) = watch.live.try_recv() {
                changed = true;
            }
            if changed || watch.due.is_some_and(|at| at <= now) {
                watch.due = None;
                due.push(watch.place);
            }
        }
        due
    }

    /// Sends a held-back game's spectators `message`, and notes when they are next due news.
    pub fn release_delayed(&self, game: i32, message: Arc<str>, due: Option<chrono::DateTime<chrono::Utc>>) {
        if let Some(watch) = self.delayed().get_mut(&game) {
            watch.due = due;
            let _ = watch.sender.send(message);
        }
    }

    /// Tells a held-back game's spectators' watch to look at the game again at `at` (its reading
    /// failed).
    pub fn try_again_at(&self, game: i32, at: chrono::DateTime<chrono::Utc>) {
        if let Some(watch) = self.delayed().get_mut(&game) {
            watch.due = Some(at);
        }
    }

    /// Watchers of all games, for the health page and the load benchmark.
    pub fn watchers(&self) -> usize {
        let (held_back, own_watches) = {
            let delayed = self.delayed();
            (delayed.values().map(|watch| watch.sender.receiver_count()).sum::<usize>(), delayed.len())
        };
        // A held-back game's own watch of the game is not a watcher.
        let watching: usize = self.channels().values().map(|(sender, _, _)| sender.receiver_count()).sum();
        watching.saturating_sub(own_watches) + held_back
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn watchers_of_a_game_get_its_messages_and_nobody_else_does() {
        let hub = LiveHub::default();
        let place = |game| BoardPlace { game, event_id: 1, round: 1, board: game };
        let mut first = hub.subscribe(place(1), 0);
        let mut second = hub.subscribe(place(1), 0);
        let mut other = hub.subscribe(place(2), 0);
        assert!(hub.is_watched(2) && !hub.is_watched(3));
        assert_eq!(hub.publish(1, Arc::from("move")), 2);
        assert_eq!(first.recv().await.ok().as_deref(), Some("move"));
        assert_eq!(second.recv().await.ok().as_deref(), Some("move"));
        assert!(other.try_recv().is_err());
        drop(other);
        assert_eq!(hub.publish(2, Arc::from("nobody")), 0, "the channel goes with its last watcher");
        assert_eq!(hub.publish(3, Arc::from("never watched")), 0);
        assert_eq!(hub.watchers(), 2);
        assert_eq!(hub.watched_games(), vec![place(1)]);
    }

    /// A broadcast delay: the spectators of a held-back game hear only what the sweep releases
    /// to them, when it is due or once the game changed.
    #[tokio::test]
    async fn spectators_of_a_held_back_game_hear_only_its_releases() {
        use chrono::TimeZone;
        let hub = LiveHub::default();
        let place = BoardPlace { game: 5, event_id: 1, round: 1, board: 1 };
        let at = |s: i64| chrono::Utc.timestamp_opt(1_800_000_000 + s, 0).single().unwrap_or_default();
        let mut player = hub.subscribe(place, 0);
        let mut spectator = hub.subscribe_delayed(place, 0, Some(at(900)));
        assert!(hub.delayed_due(at(10)).is_empty(), "nothing due yet");
        assert_eq!(hub.watchers(), 2);
        assert_eq!(hub.publish(5, Arc::from("move 2")), 2, "the player, and the spectators' watch");
        assert_eq!(player.recv().await.ok().as_deref(), Some("move 2"));
        assert!(spectator.try_recv().is_err(), "the spectator is not told of the move");
        assert_eq!(hub.delayed_due(at(11)), vec![place], "the game changed: its spectators are due news");
        hub.release_delayed(5, Arc::from("as of 15 minutes ago"), Some(at(900)));
        assert_eq!(spectator.recv().await.ok().as_deref(), Some("as of 15 minutes ago"));
        assert!(hub.delayed_due(at(899)).is_empty());
        assert_eq!(hub.delayed_due(at(900)), vec![place], "the next move is due to be seen");
        drop(spectator);
        assert!(hub.delayed_due(at(2000)).is_empty(), "forgotten with its last spectator");
        assert_eq!(hub.watchers(), 1);
    }

    #[tokio::test]
    async fn a_round_hears_of_each_new_version_once_and_is_forgotten_when_unwatched() {
        let hub = LiveHub::default();
        let mut page = hub.subscribe_round(7, 2, 40);
        assert_eq!(hub.watched_rounds(), vec![((7, 2), 40)]);
        assert_eq!(hub.announce_round(7, 2, 40, Arc::from("same")), 0, "nothing new");
        assert_eq!(hub.announce_round(7, 2, 41, Arc::from("41")), 1);
        assert_eq!(hub.announce_round(7, 2, 41, Arc::from("41 again")), 0);
        assert_eq!(page.recv().await.ok().as_deref(), Some("41"));
        assert_eq!(hub.announce_round(7, 3, 50, Arc::from("nobody")), 0);
        drop(page);
        assert!(hub.watched_rounds().is_empty());
    }

    #[tokio::test]
    async fn a_watcher_who_comes_later_does_not_hide_the_news_from_the_earlier_ones() {
        let hub = LiveHub::default();
        // The first page streams from version 40; a result moves the event to 41 and a second
        // reader's stream starts there before the sweep has announced it.
        let mut early = hub.subscribe_round(7, 2, 40);
        let mut late = hub.subscribe_round(7, 2, 41);
        assert_eq!(hub.watched_rounds(), vec![((7, 2), 40)]);
        assert_eq!(hub.announce_round(7, 2, 41, Arc::from("41")), 2, "both hear of 41");
        assert_eq!(early.recv().await.ok().as_deref(), Some("41"));
        assert_eq!(late.recv().await.ok().as_deref(), Some("41"));
    }

    #[test]
    fn streams_are_limited_in_all_and_per_address_and_given_back_when_they_end() {
        let hub = LiveHub::default();
        let a1 = hub.admit("10.0.0.1", 3, 2).expect("first");
        let a2 = hub.admit("10.0.0.1", 3, 2).expect("second");
        assert_eq!(hub.admit("10.0.0.1", 3, 2).err(), Some(StreamRefused::PerAddress(2)));
        let b1 = hub.admit("10.0.0.2", 3, 2).expect("another address");
        assert_eq!(hub.admit("10.0.0.3", 3, 2).err(), Some(StreamRefused::Total(3)));
        assert_eq!(hub.open_streams(), 3);
        drop(a1);
        assert_eq!(hub.open_streams(), 2);
        let a3 = hub.admit("10.0.0.1", 3, 2).expect("a place was given back");
        drop((a2, a3, b1));
        assert_eq!(hub.open_streams(), 0);
        assert!(hub.streams.lock().1.is_empty(), "no address is remembered once its streams end");
    }
}
