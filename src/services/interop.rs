//! Exports of an event's published rounds: OpenGotha's tournament file and the EGF results
//! table (see `domain::interop`).
use std::collections::HashMap;

use sea_orm::ConnectionTrait;

use crate::db::entities::event;
use crate::domain::event::System;
use crate::domain::interop::egf::{self, EgfHeader, EgfPlayer};
use crate::domain::interop::opengotha::{self, OgGame, OgParameters, OgPlayer, OgTournament};
use crate::domain::komi::Komi;
use crate::domain::pairing::event_round::{EventPlan, pairing_input};
use crate::domain::rank::Rank;
use crate::domain::result::GameResult;
use crate::domain::standings::{ByeRecord, GameRecord};
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::services::pairing_file::PairingFile;
use crate::services::{players, rounds, standings};

/// The event's published rounds as an OpenGotha tournament file.
pub async fn opengotha_file(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<String> {
    let (system, settings) = rounds::system_of(event)?;
    let everyone = players::list(conn, event.id).await?;
    let published: Vec<_> = rounds::list(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let keys = opengotha::unique_keys(&everyone.iter().map(|p| p.name.clone()).collect::<Vec<_>>());
    let key_of: HashMap<i32, String> = everyone.iter().zip(&keys).map(|(p, k)| (p.id, k.clone())).collect();
    let key = |id: i32| key_of.get(&id).cloned().unwrap_or_default();
    let rounds_total = event.rounds.max(published.len() as i32).max(1) as u32;
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &published {
        for g in rounds::games_of(conn, r.id).await? {
            let result = g.result.as_deref().and_then(|t| GameResult::parse(t).ok());
            let played = result.as_ref().is_some_and(|r| !r.is_forfeit());
            games.push(OgGame {
                round: r.number as u32,
                table: g.board as u32,
                black: key(g.black_id),
                white: key(g.white_id),
                handicap: u8::try_from(g.handicap).unwrap_or(0),
                result,
                played,
            });
        }
        for b in rounds::byes_of(conn, r.id).await? {
            byes.push((r.number as u32, key(b.player_id)));
        }
    }
    let tournament = OgTournament {
        name: event.name.clone(),
        location: event.venue.clone(),
        begin: Some(event.start_date),
        end: Some(event.end_date),
        rounds: rounds_total,
        komi: Komi::from_half_points(event.komi_half_points).ok(),
        mcmahon_bar: Rank::from_value(if system == System::McMahon { settings.mcmahon_bar } else { 8 }),
        mcmahon_floor: Rank::from_value(if system == System::McMahon { settings.mcmahon_floor } else { -30 }),
        players: everyone
            .iter()
            .zip(&keys)
            .map(|(p, k)| {
                let rank = Rank::from_value(p.rank_value).ok_or_else(|| {
                    AppError::Internal(anyhow::anyhow!("player {}: rank value {}", p.id, p.rank_value))
                })?;
                Ok(OgPlayer {
                    key: k.clone(),
                    name: p.name.clone(),
                    // One name in Yunzi: all of it in `name`, a colliding key's number in `firstName`.
                    surname: p.name.clone(),
                    first_name: k.strip_prefix(&opengotha::player_key(&p.name, "")).unwrap_or("").to_string(),
                    rank,
                    rating: p.rating,
                    rating_points: p.rating.unwrap_or(-900).clamp(-900, 2949),
                    smms_correction: 0,
                    final_registration: true,
                    club: p.club.clone(),
                    country: p.country.clone(),
                    // A withdrawn player takes no part in the rounds not yet played.
                    participating: (1..=rounds_total).map(|n| !p.withdrawn || n as usize <= published.len()).collect(),
                })
            })
            .collect::<AppResult<Vec<_>>>()?,
        games,
        byes,
        parameters: if system == System::McMahon { OgParameters::new_mcmahon() } else { OgParameters::new_swiss() },
    };
    Ok(opengotha::write(&tournament))
}

/// A Swiss or McMahon event as a Yunzi pairing file (JSON): the entrants, who is present, the
/// published games and byes, and the settings (with the seed) the app uses for the next round,
/// so `yunzi pair FILE` pairs that round exactly as the app would.
pub async fn pairing_file(conn: &impl ConnectionTrait, event: &event::Model, locale: Locale) -> AppResult<String> {
    let (system, settings) = rounds::system_of(event)?;
    if !system.pairs_by_score() {
        return Err(AppError::BadRequest(locale.t("error-pairing-file-system")));
    }
    let everyone = rounds::domain_players(&players::list(conn, event.id).await?);
    let published: Vec<_> = rounds::list(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let past = rounds::history(conn, &published).await?;
    let next = published.len() as i32 + 1;
    let plan = EventPlan {
        system,
        settings: &settings,
        rounds: event.rounds.max(0) as u32,
        seed: rounds::round_seed(event.id, next),
    };
    let (entrants, present, settings) = pairing_input(&plan, &everyone, next as u32);
    let file = PairingFile { settings, entrants, present: Some(present), games: past.game_records(), byes: past.byes };
    serde_json::to_string_pretty(&file).map_err(|e| AppError::Internal(e.into()))
}

/// The EGF results table, players in the order of the standings.
pub async fn egf_table(conn: &impl ConnectionTrait, event: &event::Model, locale: Locale) -> AppResult<String> {
    let (system, _) = rounds::system_of(event)?;
    if system == System::Knockout {
        return Err(AppError::BadRequest(locale.t("error-egf-knockout")));
    }
    let table = standings::compute(conn, event, locale).await?;
    let published: Vec<_> = rounds::list(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &published {
        for b in rounds::byes_of(conn, r.id).await? {
            byes.push(ByeRecord { round: r.number as u32, player: i64::from(b.player_id) });
        }
        for g in rounds::games_of(conn, r.id).await? {
            let record = GameRecord {
                round: r.number as u32,
                black: i64::from(g.black_id),
                white: i64::from(g.white_id),
                result: g.result.as_deref().and_then(|t| GameResult::parse(t).ok()),
            };
            games.push((record, u8::try_from(g.handicap).unwrap_or(0)));
        }
    }
    let players: Vec<EgfPlayer> = table
        .rows
        .iter()
        .map(|row| EgfPlayer {
            id: i64::from(row.player.id),
            name: row.player.name.clone(),
            rank: row.player.rank.clone(),
            country: row.player.country.clone(),
            club: row.player.club.clone(),
            score: row.values.first().cloned().unwrap_or_default(),
        })
        .collect();
    let header = EgfHeader {
        event: event.name.clone(),
        place: event.venue.clone(),
        start: event.start_date.to_string(),
        end: event.end_date.to_string(),
        komi: Komi::from_half_points(event.komi_half_points).map(|k| k.display_points()).unwrap_or_default(),
    };
    Ok(egf::write(&header, &players, published.len() as u32, &games, &byes))
}
