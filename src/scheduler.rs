//! The server's background work, started beside it (`startup`) and stopped with it: twice a
//! second the sweep that ends games whose flag fell with nobody acting (on the one instance
//! that holds the sweep's lock), the announcements of changed rounds and boards to their
//! watchers (every instance), every two seconds the heartbeat that lets a restart charge the
//! downtime to nobody, the SQLite checkpoint, the periodic backups and the pushes to the public
//! copies of events run here (issue 54); and, on PostgreSQL, the
//! follower that passes the other instances' live boards on to this instance's watchers.
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use chrono::{DateTime, Utc};

use crate::error::AppResult;
use crate::services::live;
use crate::services::queries::{self, BoardRef};
use crate::state::AppState;
use crate::web::live_feed::{message, publish};

/// Where servers before the heartbeat moved into the database noted that they were alive: read
/// once, when the database has no heartbeat yet.
fn legacy_heartbeat_file(state: &AppState) -> PathBuf {
    state.settings.data.dir.join("heartbeat")
}

/// When the deployment last said it was alive.
async fn last_beat(state: &AppState) -> anyhow::Result<Option<DateTime<Utc>>> {
    if let Some(at) = live::last_beat(&state.db).await? {
        return Ok(Some(at));
    }
    let file = legacy_heartbeat_file(state);
    Ok(std::fs::read_to_string(file).ok().and_then(|t| t.trim().parse::<DateTime<Utc>>().ok()))
}

/// Notes that the deployment is alive now (also on a clean stop), when this instance runs the
/// sweep: the next start charges the time after it to nobody.
pub async fn beat(state: &AppState) {
    if !state.cluster.sweeps_here() {
        return;
    }
    // In the writers' turn (see `db::begin_write`): a write outside it would find a move's write
    // under way and sleep, or make the next move's sleep, on SQLite.
    let written = async {
        let txn = crate::db::begin_write(&state.db).await?;
        live::beat(&txn, state.clock.now()).await?;
        txn.commit().await?;
        crate::error::AppResult::Ok(())
    };
    if let Err(e) = written.await {
        tracing::warn!(error = %e, "the heartbeat could not be written");
    }
}

/// The heartbeat written as the server stops (see [`beat`]). On PostgreSQL the pool's idle
/// connections may have been opened on the stopped workers' runtimes and now fail ("a Tokio
/// context is being shut down"): then the beat is written once more on a connection of its own,
/// or the next start would charge the player to move for the time since the last periodic beat.
pub async fn last_beat_on_stop(state: &AppState) {
    if !state.cluster.sweeps_here() {
        return;
    }
    let now = state.clock.now();
    let Err(first) = live::beat(&state.db, now).await else { return };
    let url = &state.settings.database.url;
    if !url.starts_with("postgres") {
        tracing::warn!(error = %first, "the heartbeat could not be written");
        return;
    }
    match crate::db::connect(url).await {
        Ok(own) => {
            if let Err(e) = live::beat(&own, now).await {
                tracing::warn!(error = %e, first = %first, "the heartbeat could not be written");
            }
            let _ = own.close().await;
        }
        Err(e) => tracing::warn!(error = %e, first = %first, "the heartbeat could not be written"),
    }
}

/// Run once at start. The instance that runs the sweep (the only one on SQLite; on PostgreSQL
/// the one that holds the sweep's lock, see `cluster`) sweeps for fallen flags twice a second
/// and beats every two seconds; taking the lock at start, it first charges nobody for the time
/// since the deployment's last heartbeat (an instance that finds the lock held joins a
/// deployment that was never down). Every instance announces changed rounds to its own
/// watchers, and on PostgreSQL passes on the other instances' live boards to them. The work
/// stops when the returned handle is aborted (when the server stops).
pub async fn start(state: web::Data<AppState>) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let mut lock = state.cluster.sweep_lock();
    if lock.held().await {
        state.cluster.set_sweeps_here(true);
        if let Some(down) = last_beat(&state).await? {
            let resumed = live::resume_after_restart(&state, down).await?;
            if resumed > 0 {
                tracing::info!(resumed, %down, "live clocks resumed after a restart");
            }
        }
        live::beat(&state.db, state.clock.now()).await?;
    }
    let news = state.cluster.listen().await?;
    let follower = news.map(|news| tokio::spawn(follow_other_instances(state.clone(), news)));
    Ok(tokio::spawn(async move {
        // Aborting this task drops the follower's handle: stop it with us.
        let _follower = follower.map(AbortOnDrop);
        let mut tick = tokio::time::interval(Duration::from_millis(500));
        // The periodic backups are the scheduler's own: one at a time, however long one takes.
        let backups = Arc::new(crate::services::backup::Schedule::default());
        // The venue's pushes to its public copies (issue 54): one round at a time, on a task of
        // its own, so a slow line never holds up the sweep.
        let syncing = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut beats = 0u32;
        loop {
            tick.tick().await;
            let sweeps_here = lock.held().await;
            state.cluster.set_sweeps_here(sweeps_here);
            if sweeps_here {
                match live::sweep_due(&state).await {
                    Ok(ended) => {
                        for board in &ended {
                            publish(&state, board);
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "the sweep of live games failed"),
                }
            }
            if let Err(e) = crate::web::round_feed::announce_changes(&state).await {
                tracing::warn!(error = %e, "announcing changed rounds failed");
            }
            if let Err(e) = announce_board_changes(&state).await {
                tracing::warn!(error = %e, "announcing changed boards failed");
            }
            if let Err(e) = crate::web::live_feed::release_delayed_boards(&state).await {
                tracing::warn!(error = %e, "releasing held-back boards to their spectators failed");
            }
            beats += 1;
            if sweeps_here && beats.is_multiple_of(4) && !syncing.swap(true, std::sync::atomic::Ordering::AcqRel) {
                let (sync_state, syncing) = (state.clone(), syncing.clone());
                tokio::spawn(async move {
                    if let Err(e) = crate::services::workflows::venue_sync::sync_all(&sync_state).await {
                        tracing::warn!(error = %e, "bringing the public copies up to date failed");
                    }
                    syncing.store(false, std::sync::atomic::Ordering::Release);
                });
            }
            if sweeps_here && beats.is_multiple_of(4) {
                beat(&state).await;
                if let Err(e) = crate::db::checkpoint(&state.db).await {
                    tracing::warn!(error = %e, "the database checkpoint failed");
                }
                // The periodic backup (when one is due) on its own task: a large database
                // must not hold up the sweep.
                let (backup_state, backups) = (state.clone(), backups.clone());
                tokio::spawn(async move {
                    let now = backup_state.clock.now();
                    match backups.run_if_due(&backup_state.db, &backup_state.settings, now).await {
                        Ok(Some(file)) => tracing::info!(file = %file.display(), "backup written"),
                        Ok(None) => {}
                        Err(e) => tracing::warn!(error = %e, "the periodic backup failed"),
                    }
                });
            }
        }
    }))
}

/// Aborts a task when dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Passes the other instances' live boards on to this instance's watchers: what they are sent
/// comes with the news, or else a board changed elsewhere is read again and sent when someone
/// here watches it. The boards are read side by
/// side, each on a task of its own; news of a board whose reading has not begun yet is already
/// served by it. After a lost connection every watched board is sent again (news may have been
/// missed).
async fn follow_other_instances(state: web::Data<AppState>, mut news: crate::cluster::News) {
    let waiting: Arc<std::sync::Mutex<std::collections::HashSet<i32>>> = Arc::default();
    loop {
        let places = match news.next().await {
            // What the watchers are sent came along: no need to read the board.
            Ok(crate::cluster::Heard::Board(place, Some(message))) => {
                state.live.publish(place.game, Arc::from(message));
                continue;
            }
            Ok(crate::cluster::Heard::Board(place, None)) => vec![place],
            Ok(crate::cluster::Heard::Reconnected) => state.live.watched_games(),
            Err(e) => {
                tracing::warn!(error = %e, "listening to the other instances failed; trying again");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        for place in places {
            let newly = state.live.is_watched(place.game)
                && waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).insert(place.game);
            if newly {
                let (state, waiting) = (state.clone(), waiting.clone());
                tokio::spawn(async move {
                    // From here on, news of this board is read again by another task.
                    waiting.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(&place.game);
                    resend(&state, place).await;
                });
            }
        }
    }
}

/// Run by the sweep on every instance: each watched board that an audit row has named since its
/// watchers were last told (a result typed or corrected, a report accepted, a ruling, made
/// through any page or instance) is read again and sent to them. So a change reaches the
/// board's watchers because it was written, not because its handler remembered to tell them;
/// moves, which are not audited, are sent by the live board's own handlers at once. One query
/// per watched event, and a board is read only when a row names it.
pub async fn announce_board_changes(state: &AppState) -> AppResult<()> {
    let mut by_event: std::collections::HashMap<i32, Vec<(crate::cluster::BoardPlace, i64)>> = Default::default();
    for (place, told) in state.live.watched_games_with_versions() {
        by_event.entry(place.event_id).or_default().push((place, told));
    }
    for (event, boards) in by_event {
        let since = boards.iter().map(|(_, told)| *told).min().unwrap_or(0);
        let (latest, changed) = crate::services::audit::boards_changed_since(&state.db, event, since).await?;
        if latest <= since {
            continue;
        }
        for (place, told) in boards {
            if told < latest && changed.contains(&(place.round, place.board)) {
                resend(state, place).await;
            }
            state.live.told_up_to(place.game, latest);
        }
    }
    Ok(())
}

/// Reads the board at `place` and sends it to this instance's watchers.
async fn resend(state: &AppState, place: crate::cluster::BoardPlace) {
    let at = BoardRef { event_id: place.event_id, round: place.round, board: place.board };
    match queries::live_board(&state.db, at).await {
        Ok(board) if board.game.id == place.game => {
            state.live.publish(place.game, Arc::from(message(state, &board)));
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "a board changed on another instance could not be read"),
    }
}
