//! The tournament: events and their settings, players and their registration and participation,
//! pairing in every system, standings, players' own results, ratings (the GoR and rating
//! lists), and the files other programs read and write of it (OpenGotha, EGF, AGA).
pub mod event;
pub mod gor;
pub mod interop;
pub mod pairing;
pub mod participation;
pub mod player;
pub mod rating_list;
pub mod registration;
pub mod self_report;
pub mod standings;
