//! An event's state as the venue instance sends it and the public copy takes it: the rows of
//! the event's own tables (the event, players, rounds, games, byes, line-ups, check-ins) and the
//! moves stored since the last push. Read in the transaction that reads the audit rows sent
//! beside them, so the state is the state after the last of those rows.
//!
//! Not sent: accounts and staff (the public instance has its own), disputes and players'
//! reports (the referees' desk stays at the venue; its rulings reach the games' results),
//! and players' e-mail addresses unless the link says so.
use std::collections::{BTreeMap, HashMap, HashSet};

use sea_orm::{
    ActiveModelTrait, ActiveValue::NotSet, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};

use crate::db::entities::{bye, event, game, game_move, lineup, player, presence, round, sync_id};
use crate::domain::message::Message;
use crate::error::{AppError, AppResult};
use crate::services::repo::sync_ids::{GAME, PLAYER, PULLED, ROUND, ids_of, map_id};

/// The event's state as sent.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventState {
    pub event: event::Model,
    pub players: Vec<SentPlayer>,
    pub rounds: Vec<round::Model>,
    pub games: Vec<SentGame>,
    pub byes: Vec<bye::Model>,
    pub lineups: Vec<lineup::Model>,
    pub presence: Vec<presence::Model>,
}

/// A player, and his id on the public instance when he registered there (pulled to the venue).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SentPlayer {
    pub player: player::Model,
    pub public_id: Option<i32>,
}

/// A game, and how many moves it has stored (the copy drops any beyond: a replay, a ruling
/// undone).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SentGame {
    pub game: game::Model,
    pub moves: i32,
}

/// The event's state on the venue, for the public copy; its players' addresses only when
/// `share_addresses`.
pub async fn read(conn: &impl ConnectionTrait, event_id: i32, share_addresses: bool) -> AppResult<EventState> {
    let event = crate::services::queries::event(conn, event_id).await?;
    let pulled: HashMap<i32, i32> = ids_of(conn, event_id, PULLED).await?.into_iter().map(|(r, l)| (l, r)).collect();
    let players = player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .order_by_asc(player::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(|mut p| {
            if !share_addresses {
                p.email = None;
            }
            // Accounts are the venue's own: the public instance knows none of them.
            p.user_id = None;
            SentPlayer { public_id: pulled.get(&p.id).copied(), player: p }
        })
        .collect();
    let rounds = round::Entity::find()
        .filter(round::Column::EventId.eq(event_id))
        .order_by_asc(round::Column::Id)
        .all(conn)
        .await?;
    let round_ids: Vec<i32> = rounds.iter().map(|r| r.id).collect();
    let games = game::Entity::find()
        .filter(game::Column::RoundId.is_in(round_ids.clone()))
        .order_by_asc(game::Column::Id)
        .all(conn)
        .await?;
    let counts = moves_per_game(conn, games.iter().map(|g| g.id)).await?;
    let games = games
        .into_iter()
        .map(|g| SentGame { moves: counts.get(&g.id).copied().unwrap_or(0) as i32, game: g })
        .collect();
    let byes = bye::Entity::find()
        .filter(bye::Column::RoundId.is_in(round_ids))
        .order_by_asc(bye::Column::Id)
        .all(conn)
        .await?;
    let lineups = lineup::Entity::find()
        .filter(lineup::Column::EventId.eq(event_id))
        .order_by_asc(lineup::Column::Id)
        .all(conn)
        .await?;
    let presence = presence::Entity::find()
        .filter(presence::Column::EventId.eq(event_id))
        .order_by_asc(presence::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(|mut p| {
            p.marked_by = None;
            p
        })
        .collect();
    Ok(EventState { event, players, rounds, games, byes, lineups, presence })
}

/// The moves of the event's games stored after move row `since`, oldest first.
pub async fn moves_since(
    conn: &impl ConnectionTrait,
    state: &EventState,
    since: i64,
) -> AppResult<Vec<game_move::Model>> {
    Ok(game_move::Entity::find()
        .filter(game_move::Column::GameId.is_in(state.games.iter().map(|g| g.game.id)))
        .filter(game_move::Column::Id.gt(since))
        .order_by_asc(game_move::Column::Id)
        .all(conn)
        .await?)
}

fn bad_state(what: String) -> AppError {
    AppError::BadRequest(Message::new("error-sync-state").text("what", what))
}

/// The venue's ids of one kind and this instance's, for the event being applied.
struct IdMap {
    event_id: i32,
    kind: &'static str,
    ids: HashMap<i32, i32>,
}

impl IdMap {
    async fn load(conn: &impl ConnectionTrait, event_id: i32, kind: &'static str) -> AppResult<IdMap> {
        Ok(IdMap { event_id, kind, ids: ids_of(conn, event_id, kind).await?.into_iter().collect() })
    }

    fn get(&self, remote: i32) -> AppResult<i32> {
        self.ids.get(&remote).copied().ok_or_else(|| bad_state(format!("{} {remote} was not sent", self.kind)))
    }

    async fn add(&mut self, conn: &impl ConnectionTrait, remote: i32, local: i32) -> AppResult<()> {
        map_id(conn, self.event_id, self.kind, remote, local).await?;
        self.ids.insert(remote, local);
        Ok(())
    }

    /// Forgets the rows not in `kept` (the venue's ids); returns this instance's ids of them.
    async fn drop_all_but(&mut self, conn: &impl ConnectionTrait, kept: &HashSet<i32>) -> AppResult<Vec<i32>> {
        let gone: Vec<(i32, i32)> = self.ids.iter().filter(|(r, _)| !kept.contains(r)).map(|(r, l)| (*r, *l)).collect();
        if gone.is_empty() {
            return Ok(Vec::new());
        }
        sync_id::Entity::delete_many()
            .filter(sync_id::Column::EventId.eq(self.event_id))
            .filter(sync_id::Column::Kind.eq(self.kind))
            .filter(sync_id::Column::RemoteId.is_in(gone.iter().map(|(r, _)| *r)))
            .exec(conn)
            .await?;
        for (remote, _) in &gone {
            self.ids.remove(remote);
        }
        Ok(gone.into_iter().map(|(_, l)| l).collect())
    }
}

/// A JSON list of player ids (a seeding, a line-up) with the venue's ids put into this
/// instance's.
fn mapped_list(text: &str, players: &IdMap) -> AppResult<String> {
    let ids: Vec<i64> = serde_json::from_str(text).map_err(|e| bad_state(format!("a list of players: {e}")))?;
    let mapped = ids
        .into_iter()
        .map(|id| i32::try_from(id).map_err(|_| bad_state(format!("player {id}"))).and_then(|id| players.get(id)))
        .collect::<AppResult<Vec<i32>>>()?;
    serde_json::to_string(&mapped).map_err(|e| AppError::Internal(e.into()))
}

/// What applying a push did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The boards (round number, board) whose game changed, for their watchers here.
    pub changed: Vec<(i32, i32)>,
    /// A game has fewer moves here than at the venue: every move should be sent again.
    pub short: bool,
}

/// Before the first push: rounds the event had here of its own (paired before it was linked)
/// give way to the venue's, with their games, byes and what the referees and players filed.
async fn forget_own_rounds(txn: &impl ConnectionTrait, event_id: i32) -> AppResult<()> {
    use crate::db::entities::{dispute, result_report};
    let own: Vec<i32> = round::Entity::find()
        .filter(round::Column::EventId.eq(event_id))
        .select_only()
        .column(round::Column::Id)
        .into_tuple()
        .all(txn)
        .await?;
    if own.is_empty() {
        return Ok(());
    }
    let games: Vec<i32> = game::Entity::find()
        .filter(game::Column::RoundId.is_in(own.clone()))
        .select_only()
        .column(game::Column::Id)
        .into_tuple()
        .all(txn)
        .await?;
    result_report::Entity::delete_many().filter(result_report::Column::EventId.eq(event_id)).exec(txn).await?;
    dispute::Entity::delete_many().filter(dispute::Column::EventId.eq(event_id)).exec(txn).await?;
    game_move::Entity::delete_many().filter(game_move::Column::GameId.is_in(games.clone())).exec(txn).await?;
    game::Entity::delete_many().filter(game::Column::Id.is_in(games)).exec(txn).await?;
    bye::Entity::delete_many().filter(bye::Column::RoundId.is_in(own.clone())).exec(txn).await?;
    round::Entity::delete_many().filter(round::Column::Id.is_in(own)).exec(txn).await?;
    Ok(())
}

/// The system's settings with the players they name (forbidden pairs, smaller id first) put
/// into this instance's ids.
fn mapped_settings(text: &str, players: &IdMap) -> AppResult<String> {
    let mut settings: serde_json::Value =
        serde_json::from_str(text).map_err(|e| bad_state(format!("the system's settings: {e}")))?;
    if let Some(pairs) = settings.get_mut("forbidden_pairs").and_then(serde_json::Value::as_array_mut) {
        for pair in pairs.iter_mut() {
            let ids: Vec<i64> = serde_json::from_value(pair.clone()).map_err(|e| bad_state(format!("a pair: {e}")))?;
            let mut mapped = ids
                .into_iter()
                .map(|id| {
                    i32::try_from(id).map_err(|_| bad_state(format!("player {id}"))).and_then(|id| players.get(id))
                })
                .collect::<AppResult<Vec<i32>>>()?;
            mapped.sort_unstable();
            *pair = serde_json::json!(mapped);
        }
    }
    serde_json::to_string(&settings).map_err(|e| AppError::Internal(e.into()))
}

/// Makes the copy `local` (an event of this instance) what `sent` says, with the moves `moves`
/// stored since the last push; inside the caller's transaction. Rows keep this instance's ids
/// (`sync_ids` says which stands for which); players registered here and not yet taken by the
/// venue are kept. What the venue no longer has goes first, so a round drafted again or a
/// player entered again under the same name takes the place of the old one.
pub async fn apply(
    txn: &impl ConnectionTrait,
    local: &event::Model,
    sent: &EventState,
    moves: &[game_move::Model],
    first: bool,
) -> AppResult<Applied> {
    let event_id = local.id;
    if first {
        forget_own_rounds(txn, event_id).await?;
    }
    let mut players = IdMap::load(txn, event_id, PLAYER).await?;
    let mut rounds = IdMap::load(txn, event_id, ROUND).await?;
    let mut games = IdMap::load(txn, event_id, GAME).await?;

    let kept: HashSet<i32> = sent.games.iter().map(|g| g.game.id).collect();
    let gone_games = games.drop_all_but(txn, &kept).await?;
    if !gone_games.is_empty() {
        game_move::Entity::delete_many().filter(game_move::Column::GameId.is_in(gone_games.clone())).exec(txn).await?;
        game::Entity::delete_many().filter(game::Column::Id.is_in(gone_games)).exec(txn).await?;
    }
    // Byes, line-ups and check-ins: nothing refers to them, so they are written anew.
    let local_rounds: Vec<i32> = rounds.ids.values().copied().collect();
    bye::Entity::delete_many().filter(bye::Column::RoundId.is_in(local_rounds)).exec(txn).await?;
    lineup::Entity::delete_many().filter(lineup::Column::EventId.eq(event_id)).exec(txn).await?;
    presence::Entity::delete_many().filter(presence::Column::EventId.eq(event_id)).exec(txn).await?;
    let kept: HashSet<i32> = sent.rounds.iter().map(|r| r.id).collect();
    let gone = rounds.drop_all_but(txn, &kept).await?;
    if !gone.is_empty() {
        round::Entity::delete_many().filter(round::Column::Id.is_in(gone)).exec(txn).await?;
    }
    let kept: HashSet<i32> = sent.players.iter().map(|p| p.player.id).collect();
    let gone = players.drop_all_but(txn, &kept).await?;
    if !gone.is_empty() {
        player::Entity::delete_many().filter(player::Column::Id.is_in(gone)).exec(txn).await?;
    }

    let here: HashMap<i32, player::Model> = player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .all(txn)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    // Names given up and taken by another player in one push: the players whose name changes
    // are first set aside (a name no player has), so no two hold one name on the way.
    for SentPlayer { player: p, .. } in &sent.players {
        if let Some(mine) = players.ids.get(&p.id).and_then(|local| here.get(local))
            && mine.name_key != p.name_key
        {
            player::Entity::update_many()
                .col_expr(player::Column::NameKey, sea_orm::sea_query::Expr::value(format!("\u{1}sync:{}", mine.id)))
                .filter(player::Column::Id.eq(mine.id))
                .exec(txn)
                .await?;
        }
    }
    let mut taken: HashSet<i32> = players.ids.values().copied().collect();
    for SentPlayer { player: p, public_id } in &sent.players {
        // One registered here and pulled to the venue (or entered there under the same name
        // before the pull) is the same player: he keeps his account and address.
        let existing = match players.ids.get(&p.id) {
            Some(local_id) => here.get(local_id),
            None => public_id
                .filter(|id| !taken.contains(id))
                .and_then(|id| here.get(&id))
                .or_else(|| here.values().find(|mine| !taken.contains(&mine.id) && mine.name_key == p.name_key)),
        };
        let mut row = p.clone();
        row.event_id = event_id;
        // One taken for the first time gets a new row in the venue's order (ties in the
        // standings stand in id order): his registration here makes way for it.
        let adopted = existing.filter(|_| !players.ids.contains_key(&p.id));
        if let Some(mine) = adopted {
            player::Entity::delete_by_id(mine.id).exec(txn).await?;
            let mut active = row.clone().into_active_model().reset_all();
            active.id = NotSet;
            active.user_id = Set(mine.user_id);
            if row.email.is_none() {
                active.email = Set(mine.email.clone());
            }
            let inserted = active.insert(txn).await?;
            players.add(txn, p.id, inserted.id).await?;
            taken.insert(mine.id);
            taken.insert(inserted.id);
            continue;
        }
        match existing {
            Some(mine) => {
                row.id = mine.id;
                // His account here, and his address when the venue does not send it.
                row.user_id = mine.user_id;
                if row.email.is_none() {
                    row.email = mine.email.clone();
                }
                if &row != mine {
                    row.into_active_model().reset_all().update(txn).await?;
                }
            }
            None => {
                let mut active = row.into_active_model().reset_all();
                active.id = NotSet;
                active.user_id = Set(None);
                let inserted = active.insert(txn).await?;
                players.add(txn, p.id, inserted.id).await?;
                taken.insert(inserted.id);
            }
        }
    }

    for r in &sent.rounds {
        let mut row = r.clone();
        row.event_id = event_id;
        match rounds.ids.get(&r.id).copied() {
            Some(local_id) => {
                row.id = local_id;
                row.into_active_model().reset_all().update(txn).await?;
            }
            None => {
                let mut active = row.into_active_model().reset_all();
                active.id = NotSet;
                let inserted = active.insert(txn).await?;
                rounds.add(txn, r.id, inserted.id).await?;
            }
        }
    }

    // Boards swapped on the venue: the games moved are first set aside (a board number no game
    // has), so no two games hold one board on the way.
    let current: HashMap<i32, game::Model> = game::Entity::find()
        .filter(game::Column::Id.is_in(games.ids.values().copied()))
        .all(txn)
        .await?
        .into_iter()
        .map(|g| (g.id, g))
        .collect();
    for SentGame { game: g, .. } in &sent.games {
        if let Some(local_id) = games.ids.get(&g.id).copied()
            && current.get(&local_id).is_some_and(|here| here.board != g.board)
        {
            game::Entity::update_many()
                .col_expr(game::Column::Board, sea_orm::sea_query::Expr::value(-local_id))
                .filter(game::Column::Id.eq(local_id))
                .exec(txn)
                .await?;
        }
    }
    let round_numbers: HashMap<i32, i32> = sent.rounds.iter().map(|r| (r.id, r.number)).collect();
    let moved: HashSet<i32> = moves.iter().map(|m| m.game_id).collect();
    let mut changed = Vec::new();
    for SentGame { game: g, .. } in &sent.games {
        let mut row = g.clone();
        row.round_id = rounds.get(g.round_id)?;
        row.black_id = players.get(g.black_id)?;
        row.white_id = players.get(g.white_id)?;
        // The copy's clocks are the venue's: the sweep here must never act on them.
        row.flag_at = None;
        let local_id = games.ids.get(&g.id).copied();
        let before = local_id.and_then(|id| current.get(&id));
        if moved.contains(&g.id)
            || before.is_none_or(|before| before.result != row.result || before.live_state != row.live_state)
        {
            changed.extend(round_numbers.get(&g.round_id).map(|round| (*round, g.board)));
        }
        match local_id {
            Some(local_id) => {
                row.id = local_id;
                if before != Some(&row) {
                    row.into_active_model().reset_all().update(txn).await?;
                }
            }
            None => {
                let mut active = row.into_active_model().reset_all();
                active.id = NotSet;
                let inserted = active.insert(txn).await?;
                games.add(txn, g.id, inserted.id).await?;
            }
        }
    }

    // The moves: those sent replace the copy's from their number on; a game keeps no more
    // than it has on the venue.
    let mut by_game: BTreeMap<i32, Vec<&game_move::Model>> = BTreeMap::new();
    for m in moves {
        by_game.entry(games.get(m.game_id)?).or_default().push(m);
    }
    for (local_game, sent_moves) in by_game {
        let first = sent_moves.iter().map(|m| m.number).min().unwrap_or(1);
        game_move::Entity::delete_many()
            .filter(game_move::Column::GameId.eq(local_game))
            .filter(game_move::Column::Number.gte(first))
            .exec(txn)
            .await?;
        let rows: Vec<game_move::ActiveModel> = sent_moves
            .into_iter()
            .map(|m| {
                let mut active = m.clone().into_active_model().reset_all();
                active.id = NotSet;
                active.game_id = Set(local_game);
                active
            })
            .collect();
        game_move::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    for SentGame { game: g, moves: count } in &sent.games {
        game_move::Entity::delete_many()
            .filter(game_move::Column::GameId.eq(games.get(g.id)?))
            .filter(game_move::Column::Number.gt(*count))
            .exec(txn)
            .await?;
    }
    // A game with fewer moves here than at the venue: a move the pushes went past (on a
    // PostgreSQL venue two boards' moves may commit out of id order). The venue is asked to
    // send every move again.
    let stored = moves_per_game(txn, games.ids.values().copied()).await?;
    let short = sent.games.iter().any(|g| {
        games.ids.get(&g.game.id).is_some_and(|local| stored.get(local).copied().unwrap_or(0) < i64::from(g.moves))
    });

    for b in &sent.byes {
        bye::ActiveModel {
            id: NotSet,
            round_id: Set(rounds.get(b.round_id)?),
            player_id: Set(players.get(b.player_id)?),
            pairing_costs: Set(b.pairing_costs.clone()),
        }
        .insert(txn)
        .await?;
    }
    for l in &sent.lineups {
        let mut active = l.clone().into_active_model().reset_all();
        active.id = NotSet;
        active.event_id = Set(event_id);
        active.players = Set(mapped_list(&l.players, &players)?);
        active.insert(txn).await?;
    }
    for p in &sent.presence {
        let mut active = p.clone().into_active_model().reset_all();
        active.id = NotSet;
        active.event_id = Set(event_id);
        active.player_id = Set(players.get(p.player_id)?);
        active.marked_by = Set(None);
        active.insert(txn).await?;
    }

    // The event's settings last: its seeding names players by id.
    let mut row = sent.event.clone();
    row.id = event_id;
    row.created_by = local.created_by;
    row.created_at = local.created_at;
    row.seeding = sent.event.seeding.as_deref().map(|s| mapped_list(s, &players)).transpose()?;
    row.system_settings = mapped_settings(&sent.event.system_settings, &players)?;
    row.stage_seeding = sent.event.stage_seeding.as_deref().map(|s| mapped_list(s, &players)).transpose()?;
    if &row != local {
        row.into_active_model().reset_all().update(txn).await?;
    }
    changed.sort_unstable();
    changed.dedup();
    Ok(Applied { changed, short })
}

/// How many moves each of these games has stored (games with none are absent).
async fn moves_per_game(
    conn: &impl ConnectionTrait,
    game_ids: impl IntoIterator<Item = i32>,
) -> Result<HashMap<i32, i64>, sea_orm::DbErr> {
    Ok(game_move::Entity::find()
        .filter(game_move::Column::GameId.is_in(game_ids))
        .select_only()
        .column(game_move::Column::GameId)
        .column_as(game_move::Column::Id.count(), "moves")
        .group_by(game_move::Column::GameId)
        .into_tuple::<(i32, i64)>()
        .all(conn)
        .await?
        .into_iter()
        .collect())
}
