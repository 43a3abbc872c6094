//! The addresses of an event, a round and a board, named once: the page routes and the read
//! API take them as extractors (`web::Path<BoardPath>`), and the API's OpenAPI document
//! describes its path parameters from the same types. The route table's placeholders carry
//! the same names (`{event_id}`, `{number}`, `{board}`): a path that does not parse is a 404.
use serde::Deserialize;
use utoipa::IntoParams;

use crate::services::queries::BoardRef;

/// An event's address: `/events/{event_id}/…`.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct EventPath {
    /// The event's id.
    pub event_id: i32,
}

/// A round's address: `/events/{event_id}/rounds/{number}/…`.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct RoundPath {
    /// The event's id.
    pub event_id: i32,
    /// The round's number, from 1.
    pub number: i32,
}

/// A board's address: `/events/{event_id}/rounds/{number}/boards/{board}/…` (and the round
/// page's forms for one board, `…/results/{board}`).
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct BoardPath {
    /// The event's id.
    pub event_id: i32,
    /// The round's number, from 1.
    pub number: i32,
    /// The board's number in the round.
    pub board: i32,
}

impl BoardPath {
    /// The board as the services name it.
    pub fn at(&self) -> BoardRef {
        BoardRef { event_id: self.event_id, round: self.number, board: self.board }
    }
}
