//! The tournament: events and their settings, players and their registration and participation,
//! pairing in every system, standings, players' own results, and ratings (the GoR and rating
//! lists).
pub mod event;
pub mod gor;
pub mod pairing;
pub mod participation;
pub mod player;
pub mod rating_list;
pub mod registration;
pub mod self_report;
pub mod standings;
