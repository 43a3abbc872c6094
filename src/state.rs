//! What every handler can reach: the database, the mailer, the clock, the settings and the
//! login limiters. Built once in `startup`, shared through `web::Data`.
use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::auth::rate_limit::RateLimiter;
use crate::clock::Clock;
use crate::config::Settings;
use crate::live_hub::LiveHub;
use crate::mail::Mailer;

pub struct AppState {
    pub db: DatabaseConnection,
    pub mailer: Mailer,
    pub clock: Arc<dyn Clock>,
    pub settings: Settings,
    pub login_failures_by_account: RateLimiter,
    pub login_attempts_by_address: RateLimiter,
    /// Watchers of live games (server-sent events).
    pub live: LiveHub,
}
