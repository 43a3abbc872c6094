//! The pure core: no web, database, async or I/O code here. The games are in `games/`, the
//! tournament in `tournament/`; the rest is what both use.
pub mod audit_chain;
pub mod clock;
pub mod color;
pub mod games;
pub mod interop;
pub mod komi;
pub mod limits;
pub mod live;
pub mod message;
pub mod rank;
pub mod referee;
pub mod result;
pub mod search;
pub mod tournament;

// Each game and each part of the tournament by its short path as well (`crate::go` is
// `crate::games::go`), as the app and the core name them.
pub use games::{bagua, erhu, folk_record, game_shape, go, liujiao, qixing, renju, repetition, santong, siji, yizi};
pub use tournament::{event, gor, pairing, participation, player, rating_list, registration, self_report, standings};
