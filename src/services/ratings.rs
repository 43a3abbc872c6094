//! The ratings an event moves (docs/RATINGS.md): the EGF's GoR, from each player's rating
//! before the event (their rank's rating when they have none) and every game played to a
//! result. Games won by forfeit, voided or without a result are not rated, as the EGF rates
//! only games played.
use std::collections::BTreeMap;

use sea_orm::ConnectionTrait;

use crate::db::entities::event;
use crate::domain::color::Color;
use crate::domain::rank::Rank;
use crate::domain::result::{GameResult, Margin};
use crate::domain::tournament::gor::{self, Outcome, RatedGame};
use crate::error::AppResult;
use crate::services::queries;

/// One player's GoR before and after the event.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub player_id: i32,
    pub name: String,
    pub before: f64,
    pub after: f64,
    /// Games of the event rated for this player.
    pub games: usize,
}

/// Every rated player's GoR change, the biggest gain first.
pub async fn gor_changes(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<Vec<RatingChange>> {
    let players = queries::players(conn, event.id).await?;
    let before: BTreeMap<i32, f64> = players
        .iter()
        .filter_map(|p| {
            let rating = p.rating.map(f64::from).or_else(|| Rank::parse(&p.rank).ok().map(gor::initial))?;
            Some((p.id, rating))
        })
        .collect();
    let mut games = Vec::new();
    for round in queries::rounds(conn, event.id).await? {
        for game in queries::games_of(conn, round.id).await? {
            let outcome = match game.result.as_deref().and_then(|r| r.parse::<GameResult>().ok()) {
                Some(GameResult::Win { margin: Margin::Forfeit, .. }) => continue,
                Some(GameResult::Win { winner: Color::Black, .. }) => Outcome::BlackWins,
                Some(GameResult::Win { winner: Color::White, .. }) => Outcome::WhiteWins,
                Some(GameResult::Draw) => Outcome::Jigo,
                _ => continue,
            };
            let handicap = u8::try_from(game.handicap).unwrap_or(0);
            games.push(RatedGame { black: game.black_id, white: game.white_id, handicap, outcome });
        }
    }
    let after = gor::after_event(&before, &games);
    let mut changes: Vec<RatingChange> = players
        .iter()
        .filter_map(|p| {
            let played = games.iter().filter(|g| g.black == p.id || g.white == p.id).count();
            (played > 0).then_some(RatingChange {
                player_id: p.id,
                name: p.name.clone(),
                before: *before.get(&p.id)?,
                after: *after.get(&p.id)?,
                games: played,
            })
        })
        .collect();
    changes.sort_by(|a, b| (b.after - b.before).total_cmp(&(a.after - a.before)).then_with(|| a.name.cmp(&b.name)));
    Ok(changes)
}
