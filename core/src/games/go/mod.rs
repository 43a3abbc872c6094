//! The rules engine: boards, rule sets, replaying game records, counting.
pub mod benson;
pub mod board;
pub mod estimate;
pub mod game;
pub mod life;
pub mod proof;
#[cfg(test)]
mod properties;
pub mod reading;
pub mod record;
pub mod ruleset;
pub mod scoring;
pub mod sgf;
pub mod shape;
pub mod verify;
