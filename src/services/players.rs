//! Registration: players added by a director, imported from CSV, or registering themselves;
//! withdrawal (1988 Art. 29).
use std::collections::{HashMap, HashSet};

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde_json::json;

use crate::db::entities::{event, player, user};
use crate::domain::limits::{MAX_IMPORT_ROWS, MAX_PLAYERS_PER_EVENT};
use crate::domain::message::Message;
use crate::domain::tournament::event::System;
use crate::domain::tournament::interop::aga::AgaId;
use crate::domain::tournament::player::{NewPlayer, PlayerInput};
use crate::domain::tournament::registration::has_room;
use crate::error::{AppError, AppResult};
use crate::services::audit;
use crate::services::queries;
use crate::services::repo::waiting_list;
use crate::state::AppState;

fn active_model(
    event_id: i32,
    p: &NewPlayer,
    user_id: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> player::ActiveModel {
    player::ActiveModel {
        event_id: Set(event_id),
        name: Set(p.name.as_str().to_string()),
        name_key: Set(p.name.key()),
        rank: Set(p.rank.to_string()),
        rank_value: Set(p.rank.value()),
        rating: Set(p.rating),
        club: Set(p.club.clone()),
        country: Set(p.country.clone()),
        team: Set(p.team.clone()),
        board: Set(p.board),
        aga_id: Set(p.aga_id.as_ref().map(|id| id.as_str().to_string())),
        egf_pin: Set(p.egf_pin.clone()),
        email: Set(p.email.as_ref().map(|e| e.as_str().to_string())),
        user_id: Set(user_id),
        withdrawn: Set(false),
        created_at: Set(now),
        waiting_since: Set(None),
        ..Default::default()
    }
}

/// The refusal for an entry whose address another entry of the event has, or None: an
/// address is one person's (it links the entry to an account).
fn address_taken(existing: &[player::Model], p: &NewPlayer) -> Option<Message> {
    let email = p.email.as_ref()?;
    let other = existing.iter().find(|e| e.email.as_deref() == Some(email.as_str()))?;
    Some(Message::new("error-duplicate-email").text("email", email.as_str()).text("name", &other.name))
}

/// An entry as far as spotting a player registered twice goes.
struct Known {
    name: String,
    name_key: String,
    club: String,
    pin: Option<String>,
    aga: Option<String>,
}

impl Known {
    fn of_entry(p: &player::Model) -> Known {
        Known {
            name: p.name.clone(),
            name_key: p.name_key.clone(),
            club: p.club.clone(),
            pin: p.egf_pin.clone(),
            aga: p.aga_id.clone(),
        }
    }

    fn of_new(p: &NewPlayer) -> Known {
        Known {
            name: p.name.as_str().to_string(),
            name_key: p.name.key(),
            club: p.club.clone(),
            pin: p.egf_pin.clone(),
            aga: p.aga_id.as_ref().map(|id| id.as_str().to_string()),
        }
    }

    fn fields(&self) -> (&str, &str, Option<&str>, Option<&str>) {
        (&self.name_key, &self.club, self.pin.as_deref(), self.aga.as_deref())
    }
}

/// The warning for an entry that is likely a registered player again (the same name and the
/// same club, EGD PIN or AGA number), or None. Two players may share a name: only warned.
fn likely_duplicate(existing: &[Known], p: &NewPlayer) -> Option<Message> {
    let new = Known::of_new(p);
    let other =
        existing.iter().find(|e| crate::domain::tournament::player::likely_same_person(new.fields(), e.fields()))?;
    Some(
        Message::new("warning-likely-duplicate")
            .text("name", p.name.as_str())
            .text("other", &other.name)
            .text("club", &other.club),
    )
}

fn known(entries: &[player::Model]) -> Vec<Known> {
    entries.iter().map(Known::of_entry).collect()
}

/// A player added, and the warning when he is likely registered already.
pub struct Added {
    pub player: player::Model,
    pub warning: Option<Message>,
}

/// Registers a player for the event, as the director's form does; `source` says how he came
/// (audited: "form", or "token:<name>" by an API token).
pub async fn add(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    input: &PlayerInput<'_>,
    source: &str,
) -> AppResult<Added> {
    add_pulled(state, actor, event_id, input, source, None).await
}

/// [`add`], for a player registered on the public instance and pulled to the venue's (issue
/// 54): `public_id`, his id there, is noted in the same transaction, so a pull cut off never
/// registers him twice.
pub async fn add_pulled(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    input: &PlayerInput<'_>,
    source: &str,
    public_id: Option<i32>,
) -> AppResult<Added> {
    let new = NewPlayer::parse(input).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event_locked(&txn, event_id).await?;
    let existing = queries::entries(&txn, event_id).await?;
    let warning = likely_duplicate(&known(&existing), &new);
    let mut created = insert_new(&txn, &existing, event_id, &new, None, now).await?;
    if let Some(public_id) = public_id {
        crate::services::repo::sync_ids::map_id(
            &txn,
            event_id,
            crate::services::repo::sync_ids::PULLED,
            public_id,
            created.id,
        )
        .await?;
    }
    // The places all taken: a director's entry waits like anyone's (he may give it a place).
    if !has_room(event.places, waiting_list::taken(&existing)) {
        created = wait(&txn, created, now).await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            "player.added",
            json!({
                "player": created.id,
                "name": created.name,
                "waiting": created.waiting_since.is_some(),
                "source": source,
            }),
        )
        .await?;
    Ok(Added { player: created, warning })
}

/// Puts a new entry on the waiting list.
async fn wait(
    conn: &impl ConnectionTrait,
    entry: player::Model,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<player::Model> {
    let mut active: player::ActiveModel = entry.into();
    active.waiting_since = Set(Some(now));
    Ok(active.update(conn).await?)
}

/// Inserts a player unless another entry in `existing` has his address.
pub(crate) async fn insert_new(
    conn: &impl ConnectionTrait,
    existing: &[player::Model],
    event_id: i32,
    new: &NewPlayer,
    user_id: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<player::Model> {
    if let Some(message) = address_taken(existing, new) {
        return Err(AppError::BadRequest(message));
    }
    if existing.len() >= MAX_PLAYERS_PER_EVENT {
        return Err(AppError::BadRequest(full_event()));
    }
    Ok(active_model(event_id, new, user_id, now).insert(conn).await?)
}

/// A correction saved: the entry as it stands, and whether any field changed (a form sent
/// back as it was writes no audit row, and the director is told nothing changed).
pub struct Edited {
    pub player: player::Model,
    pub changed: bool,
    /// When the entry now looks like another registered player.
    pub warning: Option<Message>,
}

/// A director corrects a registered player (a misspelt name, a rank or club typed wrong):
/// the entry keeps its games, byes and account, and the audit row names each field's value
/// before and after. Refused like an addition when the new name or address is another
/// player's; nothing changes then.
pub async fn edit(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    player_id: i32,
    input: &PlayerInput<'_>,
) -> AppResult<Edited> {
    let edited = NewPlayer::parse(input).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let registered = queries::entries(&txn, event_id).await?;
    let found = registered.iter().find(|p| p.id == player_id).cloned().ok_or(AppError::NotFound)?;
    let others: Vec<player::Model> = registered.into_iter().filter(|p| p.id != player_id).collect();
    if let Some(message) = address_taken(&others, &edited) {
        return Err(AppError::BadRequest(message));
    }
    let warning = likely_duplicate(&known(&others), &edited);
    // A team event scores its matches by each player's team and board as they stand now: once
    // a round is drafted, moving a player would move games already paired or played.
    let event = queries::event(&txn, event_id).await?;
    let by_teams = matches!(queries::system_of(&event)?.0, System::Team | System::Relay);
    let moved = edited.team != found.team || edited.board != found.board;
    if by_teams && moved && !queries::rounds(&txn, event_id).await?.is_empty() {
        return Err(AppError::refused("error-team-fixed"));
    }
    // The entry as a new registration would write it, on the same row, keeping its account,
    // registration time and withdrawal.
    let mut wanted = active_model(event_id, &edited, found.user_id, found.created_at);
    wanted.id = Set(found.id);
    wanted.withdrawn = Set(found.withdrawn);
    // A correction changes no one's place on the waiting list.
    wanted.waiting_since = Set(found.waiting_since);
    let updated = wanted.update(&txn).await?;
    let changes = changed_fields(&found, &updated);
    if !changes.is_empty() {
        audit::entry(now, Some(actor.id), Some(event_id))
            .record(&txn, "player.edited", json!({ "player": player_id, "changes": changes }))
            .await?;
    }
    txn.commit().await?;
    Ok(Edited { changed: !changes.is_empty(), player: updated, warning })
}

/// The fields an edit changed, each as [before, after].
fn changed_fields(before: &player::Model, after: &player::Model) -> serde_json::Map<String, serde_json::Value> {
    let fields = |p: &player::Model| {
        [
            ("name", json!(p.name)),
            ("rank", json!(p.rank)),
            ("rating", json!(p.rating)),
            ("club", json!(p.club)),
            ("country", json!(p.country)),
            ("team", json!(p.team)),
            ("board", json!(p.board)),
            ("aga_id", json!(p.aga_id)),
            ("egf_pin", json!(p.egf_pin)),
            ("email", json!(p.email)),
        ]
    };
    fields(before)
        .into_iter()
        .zip(fields(after))
        .filter(|((_, old), (_, new))| old != new)
        .map(|((name, old), (_, new))| (name.to_string(), json!([old, new])))
        .collect()
}

/// A player registering themselves while registration is open.
pub async fn register_self(
    state: &AppState,
    account: &user::Model,
    event_id: i32,
    input: &PlayerInput<'_>,
) -> AppResult<player::Model> {
    let new = NewPlayer::parse(input).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event_locked(&txn, event_id).await?;
    if !event.registration_open {
        return Err(AppError::refused("error-registration-closed"));
    }
    if let Some(deadline) = event.registration_deadline
        && now > deadline
    {
        let at = crate::domain::tournament::event::local_time(&deadline, &event.time_zone);
        return Err(AppError::BadRequest(Message::new("error-registration-deadline").text("at", &at)));
    }
    let existing = queries::entries(&txn, event_id).await?;
    if existing.iter().any(|p| p.user_id == Some(account.id)) {
        return Err(AppError::refused("error-already-registered"));
    }
    // The director may have entered this player already, with this (confirmed) address: the
    // entry becomes theirs instead of being refused as a duplicate.
    if let Some(entry) =
        existing.iter().find(|p| p.user_id.is_none() && p.email.as_deref() == Some(account.email.as_str()))
    {
        let mut active: player::ActiveModel = entry.clone().into();
        active.user_id = Set(Some(account.id));
        let linked = active.update(&txn).await?;
        audit::entry(now, Some(account.id), Some(event_id))
            .commit(txn, "player.linked", json!({ "player": linked.id }))
            .await?;
        return Ok(linked);
    }
    // The director may have entered this player already without his address: a second entry
    // of the same name and club (or number) is his to link, not the player's to make.
    let unclaimed: Vec<player::Model> = existing.iter().filter(|p| p.user_id.is_none()).cloned().collect();
    if let Some(warning) = likely_duplicate(&known(&unclaimed), &new) {
        return Err(AppError::BadRequest(warning.then(Message::new("error-register-ask-director"))));
    }
    let mut created = insert_new(&txn, &existing, event_id, &new, Some(account.id), now).await?;
    if !has_room(event.places, waiting_list::taken(&existing)) {
        created = wait(&txn, created, now).await?;
    }
    audit::entry(now, Some(account.id), Some(event_id))
        .commit(txn, "player.registered", json!({ "player": created.id, "waiting": created.waiting_since.is_some() }))
        .await?;
    Ok(created)
}

/// The player record of `account` in the event, if any.
pub async fn own_entry(
    conn: &impl ConnectionTrait,
    event_id: i32,
    account: &user::Model,
) -> AppResult<Option<player::Model>> {
    Ok(player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .filter(player::Column::UserId.eq(account.id))
        .one(conn)
        .await?)
}

/// Withdraws (or, for a director, reinstates) a player. Their past games stay; they are not
/// paired again while withdrawn.
pub async fn set_withdrawn(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    player_id: i32,
    withdrawn: bool,
) -> AppResult<Vec<player::Model>> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event_locked(&txn, event_id).await?;
    let found = player::Entity::find_by_id(player_id)
        .one(&txn)
        .await?
        .filter(|p| p.event_id == event_id)
        .ok_or(AppError::NotFound)?;
    let mut active: player::ActiveModel = found.into();
    active.withdrawn = Set(withdrawn);
    active.update(&txn).await?;
    let action = if withdrawn { "player.withdrawn" } else { "player.reinstated" };
    audit::entry(now, Some(actor.id), Some(event_id)).record(&txn, action, json!({ "player": player_id })).await?;
    // A place freed before the first round goes to the first who waits.
    let promoted = if withdrawn { waiting_list::promote(&txn, &event, Some(actor.id), now).await? } else { Vec::new() };
    txn.commit().await?;
    let mails = waiting_list::promotion_mails(&state.db, &event, &promoted).await?;
    state.mailer.send_in_background(mails);
    Ok(promoted)
}

/// A director gives a waiting player a place now, ahead of the list or beyond the limit.
pub async fn give_place(state: &AppState, actor: &user::Model, event_id: i32, player_id: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let waiting = queries::waiting_list(&txn, event_id).await?;
    let entry = waiting.into_iter().find(|p| p.id == player_id).ok_or(AppError::NotFound)?;
    let mut active: player::ActiveModel = entry.into();
    active.waiting_since = Set(None);
    let placed = active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "player.promoted", json!({ "player": placed.id, "by_director": true }))
        .await?;
    let mails = waiting_list::promotion_mails(&state.db, &event, &[placed]).await?;
    state.mailer.send_in_background(mails);
    Ok(())
}

/// Marks a player's entry fee paid (or, to undo a slip, owed again).
pub async fn set_fee_paid(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    player_id: i32,
    paid: bool,
) -> AppResult<player::Model> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    if event.entry_fee_minor.is_none() {
        return Err(AppError::refused("error-no-fee"));
    }
    let found =
        queries::entries(&txn, event_id).await?.into_iter().find(|p| p.id == player_id).ok_or(AppError::NotFound)?;
    if found.fee_paid_at.is_some() == paid {
        return Ok(found);
    }
    let mut active: player::ActiveModel = found.into();
    active.fee_paid_at = Set(paid.then_some(now));
    let updated = active.update(&txn).await?;
    let amount = event
        .entry_fee_minor
        .map(|m| crate::domain::tournament::registration::amount_text(m.into()))
        .unwrap_or_default();
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            if paid { "player.fee_paid" } else { "player.fee_unpaid" },
            json!({ "player": player_id, "amount": amount, "currency": event.fee_currency }),
        )
        .await?;
    Ok(updated)
}

/// Sets the AGA membership numbers typed on the AGA page, `typed` as (player id, text); a
/// blank clears a number. All are checked first: a bad or shared number, or a player not of
/// this event, refuses the whole form, naming the players, and nothing is stored. Returns how
/// many numbers changed.
pub async fn set_aga_ids(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    typed: &[(i32, String)],
) -> AppResult<usize> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let registered = queries::players(&txn, event_id).await?;
    let mut wanted: Vec<(&player::Model, Option<String>)> = Vec::new();
    let mut problems = Vec::new();
    for (player_id, text) in typed {
        let Some(p) = registered.iter().find(|p| p.id == *player_id) else { return Err(AppError::NotFound) };
        match AgaId::parse(text) {
            Ok(id) => wanted.push((p, id.map(|id| id.as_str().to_string()))),
            Err(e) => problems.push(Message::new("named-problem").text("name", &p.name).nested("problem", e.message())),
        }
    }
    // Numbers kept from before count too: two players of one event never share one.
    let mut final_ids: HashMap<i32, Option<String>> = registered.iter().map(|p| (p.id, p.aga_id.clone())).collect();
    for (p, id) in &wanted {
        final_ids.insert(p.id, id.clone());
    }
    let mut holders: HashMap<&str, Vec<&str>> = HashMap::new();
    for p in &registered {
        if let Some(Some(id)) = final_ids.get(&p.id) {
            holders.entry(id.as_str()).or_default().push(p.name.as_str());
        }
    }
    let mut shared: Vec<(&str, String)> =
        holders.iter().filter(|(_, names)| names.len() > 1).map(|(id, names)| (*id, names.join(", "))).collect();
    shared.sort();
    problems.extend(
        shared.into_iter().map(|(id, names)| Message::new("error-aga-id-shared").text("id", id).text("names", names)),
    );
    if let Some(said) = Message::list(problems) {
        return Err(AppError::BadRequest(said));
    }
    let mut changed = Vec::new();
    for (p, id) in wanted {
        if p.aga_id != id {
            let mut active: player::ActiveModel = p.clone().into();
            active.aga_id = Set(id.clone());
            active.update(&txn).await?;
            changed.push(json!({ "player": p.id, "aga_id": id }));
        }
    }
    if !changed.is_empty() {
        audit::entry(now, Some(actor.id), Some(event_id))
            .record(&txn, "players.aga_ids", json!({ "changed": changed }))
            .await?;
    }
    txn.commit().await?;
    Ok(changed.len())
}

/// Keeps two players of a Swiss or McMahon event apart (`forbid`) or lets them meet again.
/// The engine avoids the pair in every round while a pairing without it exists.
pub async fn set_forbidden_pair(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    pair: (i32, i32),
    forbid: bool,
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = queries::event(&txn, event_id).await?;
    let (system, mut settings) = super::queries::system_of(&found)?;
    if !system.pairs_by_score() {
        return Err(AppError::refused("error-forbidden-pair-system"));
    }
    if pair.0 == pair.1 {
        return Err(AppError::refused("error-forbidden-pair-same"));
    }
    let registered = queries::players(&txn, event_id).await?;
    if !registered.iter().any(|p| p.id == pair.0) || !registered.iter().any(|p| p.id == pair.1) {
        return Err(AppError::NotFound);
    }
    let key = (i64::from(pair.0.min(pair.1)), i64::from(pair.0.max(pair.1)));
    settings.forbidden_pairs.retain(|p| *p != key);
    if forbid {
        settings.forbidden_pairs.push(key);
    }
    let mut active: event::ActiveModel = found.into();
    active.system_settings = Set(settings.to_json());
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            if forbid { "pairing.pair_forbidden" } else { "pairing.pair_allowed" },
            json!({ "players": [key.0, key.1] }),
        )
        .await?;
    Ok(())
}

fn full_event() -> Message {
    Message::new("error-event-full").number("max", MAX_PLAYERS_PER_EVENT as i64)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    pub line: u64,
    pub message: Message,
}

/// Which column holds which field, found from the header line (English or Chinese names).
#[derive(Default)]
struct Columns {
    name: Option<usize>,
    rank: Option<usize>,
    rating: Option<usize>,
    club: Option<usize>,
    country: Option<usize>,
    email: Option<usize>,
    team: Option<usize>,
    board: Option<usize>,
    aga_id: Option<usize>,
    egf_pin: Option<usize>,
}

fn columns_from_header(header: &csv::StringRecord) -> Columns {
    let mut columns = Columns::default();
    for (i, title) in header.iter().enumerate() {
        let title = title.trim().trim_start_matches('\u{feff}').to_lowercase();
        let slot = match title.as_str() {
            "name" | "player" | "姓名" | "名字" | "棋手" => &mut columns.name,
            "rank" | "grade" | "level" | "段位" | "级位" | "棋力" | "段级位" => &mut columns.rank,
            "rating" | "elo" | "等级分" => &mut columns.rating,
            "club" | "俱乐部" | "单位" => &mut columns.club,
            "team" | "队伍" | "队" | "队名" => &mut columns.team,
            "board" | "台次" | "台" => &mut columns.board,
            "aga" | "aga_id" | "aga id" | "agaid" | "aga number" | "aga会员号" => &mut columns.aga_id,
            "egf_pin" | "egd_pin" | "egd pin" | "egf pin" | "pin" | "egd编号" | "egd 编号" | "egd番号" | "egd번호"
            | "egd 번호" => &mut columns.egf_pin,
            "country" | "region" | "country/region" | "国家" | "地区" | "国家/地区" => &mut columns.country,
            "email" | "e-mail" | "mail" | "邮箱" | "电子邮件" => &mut columns.email,
            _ => continue,
        };
        *slot = Some(i);
    }
    columns
}

/// The players a CSV text holds, and a warning for each line that is likely a player
/// registered already or met earlier in the file (see `likely_duplicate`).
pub struct CsvPlayers {
    pub players: Vec<NewPlayer>,
    pub warnings: Vec<LineError>,
}

/// Reads the CSV text into players, or every problem line by line. Nothing is stored here.
pub fn parse_csv(text: &str, existing: &[player::Model]) -> Result<CsvPlayers, Vec<LineError>> {
    let first_line = text.lines().next().unwrap_or("");
    let delimiter =
        [b',', b';', b'\t'].into_iter().max_by_key(|d| first_line.bytes().filter(|b| b == d).count()).unwrap_or(b',');
    let mut reader =
        csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let header = match reader.headers() {
        Ok(h) => h.clone(),
        Err(_) => return Err(vec![LineError { line: 1, message: Message::new("error-csv-unreadable") }]),
    };
    let columns = columns_from_header(&header);
    let (Some(name_col), Some(rank_col)) = (columns.name, columns.rank) else {
        return Err(vec![LineError { line: 1, message: Message::new("error-csv-header") }]);
    };
    let mut errors = Vec::new();
    let mut players = Vec::new();
    // Each line is compared with the registered entries and the lines before it.
    let mut seen = known(existing);
    let mut warnings = Vec::new();
    let mut seen_emails: HashSet<String> = existing.iter().filter_map(|p| p.email.clone()).collect();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                errors.push(LineError { line, message: Message::new("error-csv-unreadable") });
                continue;
            }
        };
        let line = record.position().map(|p| p.line()).unwrap_or(0);
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        if players.len() + errors.len() >= MAX_IMPORT_ROWS {
            errors.push(LineError {
                line,
                message: Message::new("error-csv-too-many").number("max", MAX_IMPORT_ROWS as i64),
            });
            break;
        }
        let field = |col: Option<usize>| col.and_then(|c| record.get(c)).unwrap_or("");
        let input = PlayerInput {
            name: field(Some(name_col)),
            rank: field(Some(rank_col)),
            rating: field(columns.rating),
            club: field(columns.club),
            country: field(columns.country),
            email: field(columns.email),
            team: field(columns.team),
            board: field(columns.board),
            aga_id: field(columns.aga_id),
            egf_pin: field(columns.egf_pin),
        };
        match NewPlayer::parse(&input) {
            Err(e) => errors.push(LineError { line, message: e.0 }),
            Ok(p) => {
                if p.email.as_ref().is_some_and(|e| !seen_emails.insert(e.as_str().to_string())) {
                    let email = p.email.as_ref().map(|e| e.as_str()).unwrap_or("");
                    errors.push(LineError {
                        line,
                        message: Message::new("error-duplicate-email")
                            .text("email", email)
                            .text("name", p.name.as_str()),
                    });
                } else if existing.len() + players.len() >= MAX_PLAYERS_PER_EVENT {
                    // The first line the event has no room for.
                    errors.push(LineError { line, message: full_event() });
                    break;
                } else {
                    if let Some(message) = likely_duplicate(&seen, &p) {
                        warnings.push(LineError { line, message });
                    }
                    seen.push(Known::of_new(&p));
                    players.push(p);
                }
            }
        }
    }
    if players.is_empty() && errors.is_empty() {
        errors.push(LineError { line: 2, message: Message::new("error-csv-empty") });
    }
    if errors.is_empty() { Ok(CsvPlayers { players, warnings }) } else { Err(errors) }
}

pub enum ImportOutcome {
    /// How many were imported, how many of them wait for a place, and the lines that are
    /// likely players registered already.
    Imported {
        count: usize,
        waiting: usize,
        warnings: Vec<LineError>,
    },
    Rejected(Vec<LineError>),
}

/// Imports every line or none: one bad line rejects the file, with a report of every problem.
pub async fn import_csv(state: &AppState, actor: &user::Model, event_id: i32, text: &str) -> AppResult<ImportOutcome> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    queries::event(&txn, event_id).await?;
    let event = queries::event_locked(&txn, event_id).await?;
    let existing = queries::entries(&txn, event_id).await?;
    let CsvPlayers { players, warnings } = match parse_csv(text, &existing) {
        Ok(p) => p,
        Err(errors) => return Ok(ImportOutcome::Rejected(errors)),
    };
    // Places in the file's order; the lines after the last place wait, in the same order.
    let mut taken = waiting_list::taken(&existing);
    let mut waiting = 0;
    for p in &players {
        let mut row = active_model(event_id, p, None, now);
        if has_room(event.places, taken) {
            taken += 1;
        } else {
            row.waiting_since = Set(Some(now));
            waiting += 1;
        }
        row.insert(&txn).await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "player.imported", json!({ "count": players.len(), "waiting": waiting }))
        .await?;
    Ok(ImportOutcome::Imported { count: players.len(), waiting, warnings })
}

/// The event's players `query` finds (see `domain::search`), withdrawn ones last.
pub async fn search(conn: &impl ConnectionTrait, event_id: i32, query: &str) -> AppResult<Vec<player::Model>> {
    let mut found: Vec<player::Model> = queries::as_shown(queries::players(conn, event_id).await?)
        .into_iter()
        .filter(|p| crate::domain::search::finds(query, &p.name))
        .collect();
    found.sort_by_key(|p| p.withdrawn);
    Ok(found)
}

/// One game of a player, as the player's page lists it.
pub struct PlayerGame {
    pub round: i32,
    pub board: i32,
    /// In a team event: the board within the team match (第1台…), as the round page numbers it.
    pub match_board: Option<i32>,
    pub colour: crate::domain::color::Color,
    pub opponent: player::Model,
    pub result: Option<crate::domain::result::GameResult>,
    /// The round is the latest published one.
    pub current: bool,
}

/// The published games of `player_id` in `event`, round by round, and the rounds in which
/// the player had a bye.
pub async fn games_of(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    player_id: i32,
) -> AppResult<(Vec<PlayerGame>, Vec<i32>)> {
    use crate::domain::color::Color;
    let event_id = event.id;
    let team_event = queries::system_of(event)?.0 == System::Team;
    let everyone: HashMap<i32, player::Model> =
        queries::as_shown(queries::players(conn, event_id).await?).into_iter().map(|p| (p.id, p)).collect();
    let team_of = |id: i32| everyone.get(&id).map(|p| p.team.trim());
    let published: Vec<_> = queries::rounds(conn, event_id).await?.into_iter().filter(|r| r.published).collect();
    let last = published.iter().map(|r| r.number).max();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &published {
        let round_games = queries::games_of(conn, r.id).await?;
        for g in &round_games {
            let (colour, opponent) = match (g.black_id == player_id, g.white_id == player_id) {
                (true, _) => (Color::Black, g.white_id),
                (_, true) => (Color::White, g.black_id),
                _ => continue,
            };
            let Some(opponent) = everyone.get(&opponent) else { continue };
            // A team match's boards are the round's boards between the same two teams.
            let teams = |black: i32, white: i32| {
                let (x, y) = (team_of(black), team_of(white));
                if x <= y { (x, y) } else { (y, x) }
            };
            let match_board = team_event.then(|| {
                let key = teams(g.black_id, g.white_id);
                1 + round_games.iter().filter(|o| o.board < g.board && teams(o.black_id, o.white_id) == key).count()
                    as i32
            });
            games.push(PlayerGame {
                round: r.number,
                board: g.board,
                match_board,
                colour,
                opponent: opponent.clone(),
                result: g.result.as_deref().and_then(|t| crate::domain::result::GameResult::parse(t).ok()),
                current: Some(r.number) == last,
            });
        }
        if queries::byes_of(conn, r.id).await?.iter().any(|b| b.player_id == player_id) {
            byes.push(r.number);
        }
    }
    Ok((games, byes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_good_file_imports_with_english_or_chinese_headers() {
        let en =
            "name,rank,rating,club,country,email\nLi Wei,3d,2250,Hangzhou,CN,li@example.org\nAnna,5k,,Leiden,NL,\n";
        assert_eq!(parse_csv(en, &[]).map(|p| p.players.len()).ok(), Some(2));
        let zh = "姓名;段位;俱乐部\n张三;2段;杭州棋院\n李四;1级;\n";
        let players = parse_csv(zh, &[]).map(|p| p.players).unwrap_or_default();
        assert_eq!(players.len(), 2);
        assert_eq!(players.first().map(|p| p.rank.to_string()), Some("2d".into()));
    }

    #[test]
    fn every_bad_line_is_reported_with_its_number() {
        let text = "name,rank\nGood One,1d\nBad Rank,31k\n,2d\nGood One,3k\n\"unclosed,1d\n";
        let errors = parse_csv(text, &[]).err().unwrap_or_default();
        let lines: Vec<u64> = errors.iter().map(|e| e.line).collect();
        assert_eq!(&lines[..2], &[3, 4], "{errors:?}");
        assert!(!lines.contains(&5), "a second Good One is a namesake, not an error: {errors:?}");
        assert!(errors.iter().any(|e| e.message.to_string().contains("31k")), "{errors:?}");
    }

    #[test]
    fn namesakes_import_and_only_a_likely_second_entry_is_warned_about() {
        let text = "姓名,段位,单位\n张伟,2段,北京\n张伟,1段,上海\n张 伟,2段,北京\n";
        let read = parse_csv(text, &[]).map_err(|e| format!("{e:?}"));
        let Ok(CsvPlayers { players, warnings }) = read else { panic!("{read:?}", read = read.err()) };
        assert_eq!(players.len(), 3, "all three kept");
        assert_eq!(warnings.iter().map(|w| w.line).collect::<Vec<_>>(), vec![4], "{warnings:?}");
        assert!(
            warnings.iter().all(|w| crate::i18n::Locale::Zh.message(&w.message).contains("张伟（北京）")),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_header_without_name_or_rank_is_refused() {
        let errors = parse_csv("foo,bar\n1,2\n", &[]).err().unwrap_or_default();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.first().map(|e| e.line), Some(1));
        assert!(parse_csv("name,rank\n", &[]).is_err());
    }
}
