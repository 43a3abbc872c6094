//! The read layer: the loaders every use case shares — an event and its roles, its players,
//! its rounds, their games and history, the seeding, line-ups and nominations, accounts, a
//! board as a live game. It
//! imports no service, and every service may import it (docs/ARCHITECTURE.md): a service
//! that needs another area's data reads it here instead of calling that area's service.
mod board;

use std::collections::{HashMap, HashSet};

use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::db::entities::{bye, event, event_staff, game, lineup, player, presence, round, user};
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::{System, SystemSettings};
use crate::domain::tournament::pairing::event_round::{self, EventPlan, History, PlayedGame, Player, parse_ruling};
use crate::domain::tournament::pairing::relay_event::RelaySide;
use crate::domain::tournament::pairing::team_event::teams;
use crate::domain::tournament::participation::{Mark, check_in_begun, plays};
use crate::domain::tournament::standings::{AbsentRecord, ByeRecord};
use crate::error::{AppError, AppResult};

pub use board::{
    LiveBoard, Seat, as_spectators_see, board_as_stored, broadcast_delay, delay_now, game_row_locked, is_held_back,
    live_board, live_board_kept, live_board_locked, live_board_locked_kept, require_seat, seat_of, setup_of,
    spectators_see_more_at, told_of,
};

// Events and who may do what in them.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffRole {
    Director,
    Referee,
    /// 裁判长: rules like a referee and alone hears appeals (Art. 16.4).
    ChiefReferee,
}

impl StaffRole {
    pub fn code(self) -> &'static str {
        match self {
            StaffRole::Director => "director",
            StaffRole::Referee => "referee",
            StaffRole::ChiefReferee => "chief-referee",
        }
    }

    pub fn parse(code: &str) -> Option<StaffRole> {
        match code {
            "director" => Some(StaffRole::Director),
            "referee" => Some(StaffRole::Referee),
            "chief-referee" => Some(StaffRole::ChiefReferee),
            _ => None,
        }
    }
}

/// What a user may do in one event.
#[derive(Debug, Clone, Copy, Default)]
pub struct EventRoles {
    pub director: bool,
    /// Referees and the chief referee rule on disputes.
    pub referee: bool,
    pub chief_referee: bool,
}

pub async fn roles(conn: &impl ConnectionTrait, event_id: i32, account: &user::Model) -> AppResult<EventRoles> {
    let rows = event_staff::Entity::find()
        .filter(event_staff::Column::EventId.eq(event_id))
        .filter(event_staff::Column::UserId.eq(account.id))
        .all(conn)
        .await?;
    let has = |role: StaffRole| rows.iter().any(|r| r.role == role.code());
    Ok(EventRoles {
        // A site admin can act as director of any event (to help a stuck club).
        director: account.is_admin || has(StaffRole::Director),
        referee: has(StaffRole::Referee) || has(StaffRole::ChiefReferee),
        chief_referee: has(StaffRole::ChiefReferee),
    })
}

/// The roles of whoever is reading: none for a visitor who is not signed in.
pub async fn roles_of(
    conn: &impl ConnectionTrait,
    event_id: i32,
    account: Option<&user::Model>,
) -> AppResult<EventRoles> {
    match account {
        Some(account) => roles(conn, event_id, account).await,
        None => Ok(EventRoles::default()),
    }
}

/// The event, or not found.
pub async fn event(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<event::Model> {
    event::Entity::find_by_id(event_id).one(conn).await?.ok_or(AppError::NotFound)
}

/// The event, its row locked until the transaction ends (PostgreSQL; SQLite writes one at a
/// time anyway): two registrations at once cannot both take the last place.
pub async fn event_locked(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<event::Model> {
    event::Entity::find_by_id(event_id).lock_exclusive().one(conn).await?.ok_or(AppError::NotFound)
}

/// The accounts of the event's staff in `roles`.
pub async fn staff_in(conn: &impl ConnectionTrait, event_id: i32, roles: &[StaffRole]) -> AppResult<Vec<i32>> {
    Ok(event_staff::Entity::find()
        .filter(event_staff::Column::EventId.eq(event_id))
        .filter(event_staff::Column::Role.is_in(roles.iter().map(|r| r.code())))
        .all(conn)
        .await?
        .into_iter()
        .map(|row| row.user_id)
        .collect())
}

/// The last dispute filed about a game, if any.
pub async fn latest_dispute_of_game(conn: &impl ConnectionTrait, game_id: i32) -> AppResult<Option<i32>> {
    use crate::db::entities::dispute;
    Ok(dispute::Entity::find()
        .filter(dispute::Column::GameId.eq(game_id))
        .order_by_desc(dispute::Column::Id)
        .one(conn)
        .await?
        .map(|d| d.id))
}

/// Where a dispute is seen and ruled on.
pub fn dispute_link(event_id: i32, dispute_id: i32) -> String {
    format!("/events/{event_id}/disputes/{dispute_id}")
}

// Players.

/// The event's players: those with a place (not those on its waiting list).
pub async fn players(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<player::Model>> {
    Ok(player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .filter(player::Column::WaitingSince.is_null())
        .order_by_desc(player::Column::RankValue)
        .order_by_asc(player::Column::NameKey)
        .all(conn)
        .await?)
}

/// Every entry of the event: its players and its waiting list.
pub async fn entries(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<player::Model>> {
    Ok(player::Entity::find().filter(player::Column::EventId.eq(event_id)).all(conn).await?)
}

/// The event's waiting list, first come first.
pub async fn waiting_list(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<player::Model>> {
    Ok(player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .filter(player::Column::WaitingSince.is_not_null())
        .filter(player::Column::Withdrawn.eq(false))
        .order_by_asc(player::Column::WaitingSince)
        .order_by_asc(player::Column::Id)
        .all(conn)
        .await?)
}

/// `players` as pages show them: a name another of them shares carries its mark (club, then
/// number: see `domain::tournament::player::namesake_marks`), the entries' order kept. For showing only:
/// never write these back.
pub fn as_shown(mut players: Vec<player::Model>) -> Vec<player::Model> {
    use crate::domain::tournament::player::{Entrant, namesake_marks, shown_name};
    let mut in_order: Vec<&player::Model> = players.iter().collect();
    in_order.sort_by_key(|p| p.id);
    let entrants: Vec<Entrant<'_>> = in_order
        .iter()
        .enumerate()
        .map(|(i, p)| Entrant { id: p.id, name_key: &p.name_key, club: &p.club, number: i + 1 })
        .collect();
    let marks = namesake_marks(&entrants);
    if marks.is_empty() {
        return players;
    }
    for p in &mut players {
        p.name = shown_name(&p.name, marks.get(&p.id));
    }
    players
}

// Rounds, their games and what the pairing needs of them.

pub async fn count_rounds(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<u64> {
    Ok(round::Entity::find().filter(round::Column::EventId.eq(event_id)).count(conn).await?)
}

/// The event's rounds, drafts included, in order.
pub async fn rounds(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<round::Model>> {
    Ok(round::Entity::find()
        .filter(round::Column::EventId.eq(event_id))
        .order_by_asc(round::Column::Number)
        .all(conn)
        .await?)
}

pub async fn games_of(conn: &impl ConnectionTrait, round_id: i32) -> AppResult<Vec<game::Model>> {
    Ok(game::Entity::find()
        .filter(game::Column::RoundId.eq(round_id))
        .order_by_asc(game::Column::Board)
        .all(conn)
        .await?)
}

pub async fn byes_of(conn: &impl ConnectionTrait, round_id: i32) -> AppResult<Vec<bye::Model>> {
    Ok(bye::Entity::find().filter(bye::Column::RoundId.eq(round_id)).all(conn).await?)
}

/// Everything played in the given rounds, in playing order (round, then board).
pub async fn history(conn: &impl ConnectionTrait, rounds: &[round::Model]) -> AppResult<History> {
    let mut past = History::default();
    for r in rounds {
        for g in games_of(conn, r.id).await? {
            past.games.push(PlayedGame {
                round: r.number as u32,
                black: i64::from(g.black_id),
                white: i64::from(g.white_id),
                result: g.result.as_deref().and_then(|text| GameResult::parse(text).ok()),
                handicap: u8::try_from(g.handicap).unwrap_or(0),
                ruling: g.ruling.as_deref().and_then(parse_ruling),
            });
        }
        for b in byes_of(conn, r.id).await? {
            past.byes.push(ByeRecord { round: r.number as u32, player: i64::from(b.player_id) });
        }
    }
    // Rounds sat out: a mark that kept a player out, unless the round paired them after all.
    if let Some(first) = rounds.first() {
        let numbers: Vec<i32> = rounds.iter().map(|r| r.number).collect();
        let booked: HashSet<(u32, i64)> = past
            .games
            .iter()
            .flat_map(|g| [(g.round, g.black), (g.round, g.white)])
            .chain(past.byes.iter().map(|b| (b.round, b.player)))
            .collect();
        for mark in marks(conn, first.event_id).await? {
            let sat_out = Mark::parse(&mark.mark).is_some_and(Mark::sits_out);
            let absence = AbsentRecord { round: mark.round_number as u32, player: i64::from(mark.player_id) };
            if sat_out && numbers.contains(&mark.round_number) && !booked.contains(&(absence.round, absence.player)) {
                past.absences.push(absence);
            }
        }
    }
    Ok(past)
}

/// Every participation mark of the event (domain::tournament::participation), by round then player.
pub async fn marks(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<presence::Model>> {
    Ok(presence::Entity::find()
        .filter(presence::Column::EventId.eq(event_id))
        .order_by_asc(presence::Column::RoundNumber)
        .order_by_asc(presence::Column::PlayerId)
        .all(conn)
        .await?)
}

/// The event's system and its settings, as stored.
pub fn system_of(event: &event::Model) -> AppResult<(System, SystemSettings)> {
    let system =
        System::parse(&event.system).map_err(|e| AppError::Internal(anyhow::anyhow!("event {}: {}", event.id, e.0)))?;
    Ok((system, SystemSettings::from_json(&event.system_settings)))
}

/// The round in which the event's knockout starts (see [`event_round::knockout_start`]).
pub fn knockout_start(event: &event::Model, system: System, settings: &SystemSettings) -> Option<u32> {
    event_round::knockout_start(&plan_of(event, system, settings, 0))
}

/// The event's knockout from its stored seeding and `past` (a knockout, or a Swiss or McMahon's
/// knockout stage once seeded); None before it starts or without one.
pub fn knockout_of(
    event: &event::Model,
    system: System,
    settings: &SystemSettings,
    players: &[Player],
    past: &History,
) -> Option<
    Result<
        crate::domain::tournament::pairing::knockout::Knockout,
        crate::domain::tournament::pairing::knockout::KnockoutError,
    >,
> {
    knockout_start(event, system, settings)?;
    let seeds = knockout_seeding(event, system);
    if system != System::Knockout && seeds.is_empty() {
        return None;
    }
    Some(event_round::event_knockout(&plan_of(event, system, settings, 0), players, &seeds, past))
}

/// The seeding stored when round 1 was drafted (empty before).
pub fn stored_seeding(event: &event::Model) -> Vec<i64> {
    parse_seeding(event.seeding.as_deref())
}

/// The seeds of the event's knockout: a knockout's round-1 seeding, or a knockout stage's
/// (stored when the stage's first round is drafted; empty before).
pub fn knockout_seeding(event: &event::Model, system: System) -> Vec<i64> {
    if system == System::Knockout { stored_seeding(event) } else { parse_seeding(event.stage_seeding.as_deref()) }
}

fn parse_seeding(text: Option<&str>) -> Vec<i64> {
    text.and_then(|text| serde_json::from_str(text).ok()).unwrap_or_default()
}

/// The event's players as the pairing reads them (withdrawn ones marked absent).
pub async fn pairing_players(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<Player>> {
    Ok(domain_players(&players(conn, event_id).await?))
}

/// The event's players as the pairing of round `number` reads them: present only if they play
/// it (domain::tournament::participation::plays: not withdrawn, not sitting out, checked in once the desk
/// has begun checking players in).
pub async fn round_players(conn: &impl ConnectionTrait, event_id: i32, number: i32) -> AppResult<Vec<Player>> {
    let everyone = players(conn, event_id).await?;
    let marks = round_marks(conn, event_id, number).await?;
    let begun = check_in_begun(marks.values());
    let mut field = domain_players(&everyone);
    for (player, model) in field.iter_mut().zip(&everyone) {
        player.present = plays(model.withdrawn, marks.get(&model.id).copied(), begun);
    }
    Ok(field)
}

/// The marks of round `number`, by player id.
pub async fn round_marks(conn: &impl ConnectionTrait, event_id: i32, number: i32) -> AppResult<HashMap<i32, Mark>> {
    Ok(presence::Entity::find()
        .filter(presence::Column::EventId.eq(event_id))
        .filter(presence::Column::RoundNumber.eq(number))
        .all(conn)
        .await?
        .into_iter()
        .filter_map(|m| Mark::parse(&m.mark).map(|mark| (m.player_id, mark)))
        .collect())
}

pub fn domain_players(everyone: &[player::Model]) -> Vec<Player> {
    everyone
        .iter()
        .map(|p| Player {
            id: i64::from(p.id),
            name: p.name.clone(),
            rank_value: p.rank_value,
            rating: p.rating,
            club: p.club.clone(),
            country: p.country.clone(),
            team: p.team.clone(),
            board: p.board,
            present: !p.withdrawn,
        })
        .collect()
}

/// Every random choice of a round (lots, split-and-random, nigiri) comes from this seed.
pub(crate) fn round_seed(event_id: i32, number: i32) -> u64 {
    (u64::from(event_id.unsigned_abs()) << 32) | u64::from(number.unsigned_abs())
}

/// A relay's lot for its colours: fixed for the event (so its games redraw the same way)
/// and not guessable from its id alone.
pub(crate) fn relay_lot(event: &event::Model) -> u64 {
    round_seed(event.id, 0) ^ (event.created_at.timestamp() as u64).rotate_left(17)
}

pub(crate) async fn board_of(conn: &impl ConnectionTrait, r: &round::Model, board: i32) -> AppResult<game::Model> {
    game::Entity::find()
        .filter(game::Column::RoundId.eq(r.id))
        .filter(game::Column::Board.eq(board))
        .one(conn)
        .await?
        .ok_or_else(|| {
            AppError::BadRequest(Message::new("error-no-such-board").number("n", r.number).number("board", board))
        })
}

pub(crate) async fn published_round(
    conn: &impl ConnectionTrait,
    event_id: i32,
    number: i32,
) -> AppResult<round::Model> {
    let found = round(conn, event_id, number)
        .await?
        .ok_or_else(|| AppError::BadRequest(Message::new("error-no-such-round").number("n", number)))?;
    if !found.published {
        return Err(AppError::BadRequest(Message::new("error-round-not-published").number("n", number)));
    }
    Ok(found)
}

/// A board of a round of an event, as results name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRef {
    pub event_id: i32,
    pub round: i32,
    pub board: i32,
}

/// Round `number` of the event, if there is one.
pub async fn round(conn: &impl ConnectionTrait, event_id: i32, number: i32) -> AppResult<Option<round::Model>> {
    Ok(round::Entity::find()
        .filter(round::Column::EventId.eq(event_id))
        .filter(round::Column::Number.eq(number))
        .one(conn)
        .await?)
}

/// The event's plan for the round drawn with `seed`.
pub fn plan_of<'a>(event: &event::Model, system: System, settings: &'a SystemSettings, seed: u64) -> EventPlan<'a> {
    let rounds = event_round::rounds_before_stage(system, settings, event.rounds.max(0) as u32, &stored_seeding(event));
    EventPlan { system, settings, rounds, seed }
}

// Line-ups of team events and nominations of relays.

/// The line-ups chosen for `round`, by team id (teams not listed play their regulars).
pub async fn lineups_for(
    conn: &impl ConnectionTrait,
    event_id: i32,
    round: i32,
    everyone: &[Player],
    settings: &SystemSettings,
) -> AppResult<HashMap<i64, Vec<i64>>> {
    let by_name: HashMap<String, i64> =
        teams(everyone, settings.team_boards as usize).into_iter().map(|t| (t.name, t.id)).collect();
    let rows = lineup::Entity::find()
        .filter(lineup::Column::EventId.eq(event_id))
        .filter(lineup::Column::Round.eq(round))
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let team = *by_name.get(&row.team)?;
            let chosen: Vec<i64> = serde_json::from_str(&row.players).ok()?;
            Some((team, chosen))
        })
        .collect())
}

/// Every stored nomination: `(round, team id) → player`.
pub async fn nominations(
    conn: &impl ConnectionTrait,
    event_id: i32,
    sides: &[RelaySide],
) -> AppResult<HashMap<(u32, i64), i64>> {
    let by_name: HashMap<&str, i64> = sides.iter().map(|s| (s.name.as_str(), s.id)).collect();
    let rows = lineup::Entity::find().filter(lineup::Column::EventId.eq(event_id)).all(conn).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let team = *by_name.get(row.team.as_str())?;
            let named: Vec<i64> = serde_json::from_str(&row.players).ok()?;
            Some(((u32::try_from(row.round).ok()?, team), *named.first()?))
        })
        .collect())
}

/// The round line-ups (and relay nominations) are taken for now, and whether it is drafted
/// already.
pub async fn lineup_round(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<(i32, bool)> {
    let list = rounds(conn, event_id).await?;
    Ok(match list.last() {
        Some(last) if !last.published => (last.number, true),
        Some(last) => (last.number + 1, false),
        None => (1, false),
    })
}

// Accounts.

/// The account's language, when it has chosen one (for mail sent without a request).
pub fn account_locale(account: &user::Model) -> Option<crate::i18n::Locale> {
    account.locale.as_deref().and_then(crate::i18n::Locale::from_code)
}

pub async fn find_user(db: &impl ConnectionTrait, id: i32) -> AppResult<Option<user::Model>> {
    Ok(user::Entity::find_by_id(id).one(db).await?)
}

pub async fn find_user_by_email(db: &impl ConnectionTrait, email: &str) -> AppResult<Option<user::Model>> {
    Ok(user::Entity::find().filter(user::Column::Email.eq(email.trim().to_lowercase())).one(db).await?)
}
