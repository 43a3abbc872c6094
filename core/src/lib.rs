//! The pure core: no web, database, async or I/O code here. The games are in `games/`, the
//! tournament in `tournament/`; the rest is what both use.
pub mod audit_chain;
pub mod clock;
pub mod color;
pub mod games;
pub mod komi;
pub mod limits;
pub mod live;
pub mod message;
pub mod names;
pub mod rank;
pub mod referee;
pub mod result;
pub mod search;
pub mod tournament;

/// The unit tests allocate with mimalloc, as the app that runs the engine does.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
