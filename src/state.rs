//! What every handler can reach: the database, the mailer, the clock, the settings. Built
//! once in `startup`, shared through `web::Data`.
use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::clock::Clock;
use crate::config::Settings;
use crate::live_hub::LiveHub;
use crate::mail::Mailer;

pub struct AppState {
    pub db: DatabaseConnection,
    pub mailer: Mailer,
    pub clock: Arc<dyn Clock>,
    pub settings: Settings,
    /// The reverse proxies whose X-Forwarded-For is believed (from the settings).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Watchers of live games (server-sent events).
    pub live: LiveHub,
    /// Live games kept between moves (see `live_games`).
    pub live_games: crate::live_games::LiveGames,
    /// The other instances on the same PostgreSQL database, and who runs the sweep.
    pub cluster: crate::cluster::Cluster,
    /// Public pages drawn for anonymous readers, by event version (see `web::page_cache`).
    pub pages: crate::page_store::PageCache,
    /// The venue's PDFs by event version, and the slots their renders take turns in.
    pub pdfs: crate::pdf_store::PdfStore,
    /// Which events follow a venue instance's (see `followed_events`).
    pub followed: crate::followed_events::FollowedEvents,
}
