//! Standings from the published rounds in the Chinese order: points (win 2, draw 1, loss 0, 1988
//! Art. 28), then 对手分 (SOS), 累进分 (cumulative score) and direct encounter (see
//! `domain::standings`), with a cross-table cell per round.
use std::collections::HashMap;

use sea_orm::ConnectionTrait;

use crate::db::entities::player;
use crate::domain::standings::compute_standings;
use crate::error::AppResult;
use crate::services::{players, rounds};

pub struct StandingView {
    pub place: u32,
    pub player: player::Model,
    pub points: u32,
    pub sos: i64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    /// One cell per published round, as in a printed cross-table: "3b+" = against the player
    /// in place 3, with black, won; "bye"; "" when not paired.
    pub cells: Vec<String>,
}

pub struct Standings {
    pub rounds: Vec<i32>,
    pub rows: Vec<StandingView>,
}

pub async fn compute(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Standings> {
    let published: Vec<_> = rounds::list(conn, event_id).await?.into_iter().filter(|r| r.published).collect();
    let past = rounds::history(conn, &published).await?;
    let everyone = players::list(conn, event_id).await?;
    let by_id: HashMap<i64, &player::Model> = everyone.iter().map(|p| (i64::from(p.id), p)).collect();
    let ids: Vec<i64> = everyone.iter().map(|p| i64::from(p.id)).collect();
    let table = compute_standings(&ids, &past.games, &past.byes);
    let place_of: HashMap<i64, u32> = table.iter().map(|r| (r.player, r.place)).collect();
    let mut rows = Vec::with_capacity(table.len());
    for row in table {
        let Some(p) = by_id.get(&row.player) else { continue };
        let cells = published
            .iter()
            .map(|r| {
                let n = r.number as u32;
                if past.byes.iter().any(|b| b.round == n && b.player == row.player) {
                    return "bye".to_string();
                }
                let Some(g) =
                    past.games.iter().find(|g| g.round == n && (g.black == row.player || g.white == row.player))
                else {
                    return String::new();
                };
                let (opponent, colour, mine) = if g.black == row.player {
                    (g.white, 'b', g.result.as_ref().map(|res| res.points().0))
                } else {
                    (g.black, 'w', g.result.as_ref().map(|res| res.points().1))
                };
                let outcome = match mine {
                    None => "?",
                    Some(2) => "+",
                    Some(1) => "=",
                    Some(_) => "-",
                };
                format!("{}{colour}{outcome}", place_of.get(&opponent).copied().unwrap_or(0))
            })
            .collect();
        rows.push(StandingView {
            place: row.place,
            player: (*p).clone(),
            points: row.points,
            sos: row.sos,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            byes: row.byes,
            cells,
        });
    }
    Ok(Standings { rounds: published.iter().map(|r| r.number).collect(), rows })
}
