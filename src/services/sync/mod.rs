//! An event run on a venue instance and followed by the public one (issue 54).
//!
//! The venue instance pushes, every few seconds while it can reach the public one, its event's
//! audit rows written since the last push (in the order of its chain) and the event's state
//! read in the same transaction ([`copy`]). The public instance takes the rows only if they
//! continue the chain it has received (each row's hash fits its content and follows the row
//! before it; rows it has already, sent again after a crash, are skipped), stores them as
//! received, makes its copy of the event what the state says, and answers with the head it now
//! has; all in one transaction, so a push is taken whole or not at all. The venue notes the
//! answer; a push cut off before the answer is sent again. Before and during the event the
//! venue pulls the registrations made on the public site ([`venue::pull_once`]).
pub mod copy;
pub mod public;
pub mod venue;

use serde::{Deserialize, Serialize};

use crate::db::entities::game_move;
use crate::domain::audit_chain::SentRow;

/// The push's format; a public instance of another version refuses it by name.
pub const PROTOCOL: u32 = 1;

/// What the venue sends.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Push {
    pub protocol: u32,
    /// The event's id on the venue (its audit rows carry it).
    pub venue_event: i32,
    /// The audit rows since the last push confirmed, oldest first.
    pub rows: Vec<SentRow>,
    /// The event's state after the last of them.
    pub state: copy::EventState,
    /// The moves stored since the last push confirmed.
    pub moves: Vec<game_move::Model>,
}

/// The public instance's answer: what it now has of the venue's chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Received {
    /// Rows of the venue's chain received in all, and the hash of the last.
    pub rows: i32,
    pub head: String,
    /// Rows of this push that were new.
    pub new_rows: usize,
    /// A game has fewer moves on the copy than the push said: the venue sends every move again.
    #[serde(default)]
    pub resend_moves: bool,
}

/// A registration made on the public site, as the venue pulls it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    /// The player's id on the public instance.
    pub id: i32,
    pub name: String,
    pub rank: String,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub email: Option<String>,
    pub team: String,
    pub board: Option<i32>,
    pub aga_id: Option<String>,
    pub egf_pin: Option<String>,
}
