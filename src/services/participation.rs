//! Participation per round (domain::tournament::participation): the venue's check-in desk, players
//! checking themselves in while the director lets them, and players asking in advance to
//! skip rounds. Each mark is one transaction with its audit row.
use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::db::entities::{event, player, presence as presence_row, user};
use crate::domain::message::Message;
use crate::domain::search::romanised;
use crate::domain::tournament::event::System;
use crate::domain::tournament::participation::{Mark, Tally, check_in_begun, tally};
use crate::error::{AppError, AppResult};
use crate::services::repo::presence;
use crate::services::{audit, queries};
use crate::state::AppState;

/// Whether an event's rounds are paired from who is present: Swiss and McMahon. A round robin's
/// table, a bracket or a match fixes who plays whom; an absent player there loses by forfeit.
pub fn takes_check_in(event: &event::Model) -> bool {
    matches!(System::parse(&event.system), Ok(System::Swiss | System::McMahon))
}

/// The round the desk works on: the draft if there is one, else the next to pair; `None` once
/// every round is paired.
pub async fn desk_round(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<Option<i32>> {
    let rounds = queries::rounds(conn, event.id).await?;
    let next = rounds.iter().find(|r| !r.published).map_or(rounds.len() as i32 + 1, |draft| draft.number);
    Ok((next <= event.rounds).then_some(next))
}

/// One line of the desk.
#[derive(Debug, Clone)]
pub struct DeskRow {
    pub player: player::Model,
    pub mark: Option<Mark>,
    /// The name as the desk sorts it (pinyin for Chinese characters).
    pub romanised: String,
    /// The letter the row is filed under.
    pub letter: char,
}

/// The desk for one round: every player still in the event, by romanised name.
#[derive(Debug, Clone)]
pub struct Desk {
    pub round: i32,
    pub rows: Vec<DeskRow>,
    pub tally: Tally,
    /// The round is drafted already: a change counts once the draft is discarded and paired again.
    pub drafted: bool,
    /// Anyone is checked in, so only those checked in will be paired.
    pub begun: bool,
}

pub async fn desk(conn: &impl ConnectionTrait, event: &event::Model, round: i32) -> AppResult<Desk> {
    let marks = queries::round_marks(conn, event.id, round).await?;
    let drafted = queries::round(conn, event.id, round).await?.is_some();
    let mut rows: Vec<DeskRow> = queries::players(conn, event.id)
        .await?
        .into_iter()
        .filter(|p| !p.withdrawn)
        .map(|p| {
            let romanised = romanised(&p.name);
            let letter = romanised.chars().next().map_or('#', |c| c.to_ascii_uppercase());
            let letter = if letter.is_ascii_alphabetic() { letter } else { '#' };
            DeskRow { mark: marks.get(&p.id).copied(), player: p, romanised, letter }
        })
        .collect();
    rows.sort_by(|a, b| a.romanised.cmp(&b.romanised).then(a.player.id.cmp(&b.player.id)));
    Ok(Desk {
        round,
        tally: tally(rows.iter().map(|r| r.mark.as_ref())),
        begun: check_in_begun(marks.values()),
        rows,
        drafted,
    })
}

/// A round whose marks may still change: after the last published round, within the event.
async fn open_round(conn: &impl ConnectionTrait, event: &event::Model, round: i32) -> AppResult<()> {
    if !takes_check_in(event) {
        return Err(AppError::refused("error-check-in-system"));
    }
    if round < 1 || round > event.rounds {
        return Err(AppError::BadRequest(
            Message::new("error-check-in-round").number("n", round).number("max", event.rounds),
        ));
    }
    if queries::round(conn, event.id, round).await?.is_some_and(|r| r.published) {
        return Err(AppError::BadRequest(Message::new("error-round-published").number("n", round)));
    }
    Ok(())
}

/// Sets (or with `None` clears) one player's mark for `round`.
async fn write_mark(
    txn: &impl ConnectionTrait,
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    player_id: i32,
    round: i32,
    mark: Option<Mark>,
) -> AppResult<()> {
    let now = state.clock.now();
    presence_row::Entity::delete_many()
        .filter(presence_row::Column::EventId.eq(event_id))
        .filter(presence_row::Column::RoundNumber.eq(round))
        .filter(presence_row::Column::PlayerId.eq(player_id))
        .exec(txn)
        .await?;
    if let Some(mark) = mark {
        presence::insert_mark(txn, now, actor, (event_id, player_id, round), mark).await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .record(
            txn,
            "presence.marked",
            json!({ "player": player_id, "round": round, "mark": mark.map_or("none", Mark::code) }),
        )
        .await?;
    Ok(())
}

async fn player_of(conn: &impl ConnectionTrait, event_id: i32, player_id: i32) -> AppResult<player::Model> {
    player::Entity::find_by_id(player_id).one(conn).await?.filter(|p| p.event_id == event_id).ok_or(AppError::NotFound)
}

/// The desk's tap: a player checked in, marked absent or asked to skip, or the mark cleared.
pub async fn mark(
    state: &AppState,
    actor: &user::Model,
    event: &event::Model,
    player_id: i32,
    round: i32,
    mark: Option<Mark>,
) -> AppResult<()> {
    let txn = crate::db::begin_write(&state.db).await?;
    open_round(&txn, event, round).await?;
    let p = player_of(&txn, event.id, player_id).await?;
    if p.withdrawn && mark.is_some() {
        return Err(AppError::BadRequest(Message::new("error-check-in-withdrawn").text("name", &p.name)));
    }
    write_mark(&txn, state, actor, event.id, player_id, round, mark).await?;
    txn.commit().await?;
    Ok(())
}

/// A player checks themselves in for the desk's round, while the director lets players do so.
/// Returns the round.
pub async fn check_in_self(state: &AppState, account: &user::Model, event_id: i32) -> AppResult<i32> {
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    if !event.check_in_open {
        return Err(AppError::refused("error-check-in-closed"));
    }
    let entry = own_player(&txn, &event, account).await?;
    let round = desk_round(&txn, &event).await?.ok_or_else(|| AppError::refused("error-check-in-none"))?;
    open_round(&txn, &event, round).await?;
    write_mark(&txn, state, account, event_id, entry.id, round, Some(Mark::Present)).await?;
    txn.commit().await?;
    Ok(round)
}

async fn own_player(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    account: &user::Model,
) -> AppResult<player::Model> {
    queries::players(conn, event.id)
        .await?
        .into_iter()
        .find(|p| p.user_id == Some(account.id) && !p.withdrawn)
        .ok_or_else(|| AppError::refused("error-not-registered"))
}

/// The rounds a player may still ask to skip (not yet paired), and those they asked to skip.
pub async fn skippable_rounds(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    player_id: i32,
) -> AppResult<Vec<(i32, bool)>> {
    if !takes_check_in(event) {
        return Ok(Vec::new());
    }
    let paired = queries::rounds(conn, event.id).await?.len() as i32;
    let skipping: HashMap<i32, bool> = queries::marks(conn, event.id)
        .await?
        .into_iter()
        .filter(|m| m.player_id == player_id)
        .map(|m| (m.round_number, m.mark == Mark::Skip.code()))
        .collect();
    Ok((paired + 1..=event.rounds).map(|n| (n, skipping.get(&n).copied().unwrap_or(false))).collect())
}

/// A player's advance request: skip exactly `rounds` among the rounds not yet paired (the
/// others lose a skip they had; a check-in or a desk's absence mark on them stays).
pub async fn set_skips(state: &AppState, account: &user::Model, event_id: i32, rounds: &[i32]) -> AppResult<()> {
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    if !takes_check_in(&event) {
        return Err(AppError::refused("error-check-in-system"));
    }
    let entry = own_player(&txn, &event, account).await?;
    let open = skippable_rounds(&txn, &event, entry.id).await?;
    if let Some(bad) = rounds.iter().find(|n| !open.iter().any(|(open, _)| open == *n)) {
        return Err(AppError::BadRequest(Message::new("error-skip-round").number("n", *bad)));
    }
    for (n, skipping) in open {
        let wanted = rounds.contains(&n);
        if wanted != skipping {
            write_mark(&txn, state, account, event_id, entry.id, n, wanted.then_some(Mark::Skip)).await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// Lets players check themselves in (or stops them).
pub async fn set_check_in_open(state: &AppState, actor: &user::Model, event_id: i32, open: bool) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = queries::event(&txn, event_id).await?;
    let mut active: event::ActiveModel = found.into();
    active.check_in_open = Set(open);
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id)).commit(txn, "event.check-in", json!({ "open": open })).await?;
    Ok(())
}
