//! The pure core: no web, database, async or I/O code here.
pub mod clock;
pub mod color;
pub mod event;
pub mod game_shape;
pub mod games;
pub mod go;
pub mod interop;
pub mod komi;
pub mod limits;
pub mod live;
pub mod message;
pub mod pairing;
pub mod player;
pub mod rank;
pub mod referee;
pub mod result;
pub mod standings;
