//! Logging through `tracing`. `RUST_LOG` chooses the level (default: info for Yunzi).
use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::{EnvFilter, fmt};

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    // try_init: tests may call this more than once.
    let _ = fmt()
        .with_env_filter(filter)
        .with_target(false)
        // One line per request when its span closes: method, path (tokens redacted), status, time.
        .with_span_events(FmtSpan::CLOSE)
        .try_init();
}
