//! Site-wide rating lists (domain::tournament::rating_list): imported by a site admin, replaced whole by a
//! re-import in one transaction that reports what changed, and searched as registration types.
use sea_orm::sea_query::LikeExpr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde_json::json;

use crate::db::entities::rating_list as list_row;
use crate::db::entities::{rating_entry, user};
use crate::domain::message::Message;
use crate::domain::rank::Rank;
use crate::domain::tournament::player::clean_text;
use crate::domain::tournament::rating_list::{self, ListChanges, ListEntry, ListKind};
use crate::error::{AppError, AppResult};
use crate::services::audit;
use crate::state::AppState;

/// A list's kind as stored and as the import form sends it.
pub fn kind_code(kind: ListKind) -> &'static str {
    match kind {
        ListKind::Egf => "egf",
        ListKind::Aga => "aga",
        ListKind::Csv => "csv",
    }
}

pub fn parse_kind(code: &str) -> Option<ListKind> {
    [ListKind::Egf, ListKind::Aga, ListKind::Csv].into_iter().find(|k| kind_code(*k) == code.trim())
}

/// What an import did: the list's size, and the changes from the copy it replaced (None for a
/// list imported the first time).
#[derive(Debug, Clone)]
pub struct ImportReport {
    pub label: String,
    pub entries: usize,
    pub changes: Option<ListChanges>,
}

/// The file's text: UTF-8, or (the EGD serves its list so) Latin-1, one byte a character.
fn decode(kind: ListKind, bytes: &[u8]) -> AppResult<String> {
    match String::from_utf8(bytes.to_vec()) {
        Ok(text) => Ok(text),
        Err(_) if kind == ListKind::Egf => Ok(bytes.iter().map(|&b| char::from(b)).collect()),
        Err(_) => Err(AppError::refused("error-csv-not-utf8")),
    }
}

fn stored(entry: &ListEntry) -> rating_entry::ActiveModel {
    rating_entry::ActiveModel {
        key: Set(entry.key.clone()),
        name: Set(entry.name.clone()),
        rank: Set(entry.rank.map(|r| r.to_string()).unwrap_or_default()),
        rating: Set(entry.rating),
        club: Set(entry.club.clone()),
        country: Set(entry.country.clone()),
        search_text: Set(rating_list::search_text(entry)),
        ..Default::default()
    }
}

fn read_back(row: &rating_entry::Model) -> ListEntry {
    ListEntry {
        key: row.key.clone(),
        name: row.name.clone(),
        rank: Rank::parse(&row.rank).ok(),
        rating: row.rating,
        club: row.club.clone(),
        country: row.country.clone(),
    }
}

/// Imports `bytes` as the list called `label`: all of it, or nothing and the first bad line.
pub async fn import(
    state: &AppState,
    actor: &user::Model,
    kind: ListKind,
    label: &str,
    bytes: &[u8],
) -> AppResult<ImportReport> {
    let label = clean_text(label, "rating-list-label", 60, true).map_err(|e| AppError::BadRequest(e.0))?;
    let text = decode(kind, bytes)?;
    let entries = rating_list::parse(kind, &text).map_err(|e| AppError::BadRequest(e.message()))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let existing = list_row::Entity::find().filter(list_row::Column::Label.eq(label.as_str())).one(&txn).await?;
    let (list_id, changes) = match existing {
        Some(list) => {
            let old: Vec<ListEntry> = rating_entry::Entity::find()
                .filter(rating_entry::Column::ListId.eq(list.id))
                .order_by_asc(rating_entry::Column::Id)
                .all(&txn)
                .await?
                .iter()
                .map(read_back)
                .collect();
            rating_entry::Entity::delete_many().filter(rating_entry::Column::ListId.eq(list.id)).exec(&txn).await?;
            let id = list.id;
            let mut active: list_row::ActiveModel = list.into();
            active.kind = Set(kind_code(kind).to_string());
            active.entries = Set(entries.len() as i32);
            active.imported_by = Set(actor.id);
            active.imported_at = Set(now);
            active.update(&txn).await?;
            (id, Some(rating_list::diff(&old, &entries)))
        }
        None => {
            let created = list_row::ActiveModel {
                kind: Set(kind_code(kind).to_string()),
                label: Set(label.clone()),
                entries: Set(entries.len() as i32),
                imported_by: Set(actor.id),
                imported_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            (created.id, None)
        }
    };
    // In batches: one statement a few hundred rows (SQLite binds at most 32,766 values).
    for batch in entries.chunks(500) {
        let rows = batch.iter().map(|entry| rating_entry::ActiveModel { list_id: Set(list_id), ..stored(entry) });
        rating_entry::Entity::insert_many(rows).exec(&txn).await?;
    }
    let summary = changes
        .as_ref()
        .map(|c| json!({ "added": c.added.len(), "removed": c.removed.len(), "changed": c.changed.len() }));
    audit::entry(now, Some(actor.id), None)
        .commit(
            txn,
            "ratings.imported",
            json!({ "list": label, "kind": kind_code(kind), "entries": entries.len(), "changes": summary }),
        )
        .await?;
    Ok(ImportReport { label, entries: entries.len(), changes })
}

/// The EGF list's entry for EGD PIN `pin`: a player signing up takes their GoR from it, never
/// from the form.
pub async fn egf_entry(conn: &impl ConnectionTrait, pin: &str) -> AppResult<Option<rating_entry::Model>> {
    let egf: Vec<i32> = lists(conn).await?.into_iter().filter(|l| l.kind == "egf").map(|l| l.id).collect();
    if egf.is_empty() {
        return Ok(None);
    }
    Ok(rating_entry::Entity::find()
        .filter(rating_entry::Column::ListId.is_in(egf))
        .filter(rating_entry::Column::Key.eq(pin.trim()))
        .one(conn)
        .await?)
}

pub async fn lists(conn: &impl ConnectionTrait) -> AppResult<Vec<list_row::Model>> {
    Ok(list_row::Entity::find().order_by_asc(list_row::Column::Label).all(conn).await?)
}

/// One entry found, with the list it comes from.
#[derive(Debug, Clone)]
pub struct Found {
    pub list: String,
    pub kind: String,
    /// The name with the EGD's `_` between words of a name written as spaces.
    pub name: String,
    pub entry: rating_entry::Model,
}

/// The entries of every list that `query` finds (domain::tournament::rating_list::matches), at most `limit`.
pub async fn search(conn: &impl ConnectionTrait, query: &str, limit: u64) -> AppResult<Vec<Found>> {
    let words = rating_list::query_words(query);
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let mut select = rating_entry::Entity::find();
    for spellings in &words {
        // One spelling of each word, each as a plain substring: LIKE's wildcards and its escape
        // are escaped.
        let mut any = sea_orm::Condition::any();
        for word in spellings {
            let escaped = word.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            let pattern = LikeExpr::new(format!("%{escaped}%")).escape('\\');
            any = any.add(rating_entry::Column::SearchText.like(pattern));
        }
        select = select.filter(any);
    }
    let rows = select.order_by_asc(rating_entry::Column::Name).limit(limit).all(conn).await?;
    let lists = lists(conn).await?;
    Ok(rows
        .into_iter()
        .map(|entry| {
            let list = lists.iter().find(|l| l.id == entry.list_id);
            Found {
                list: list.map(|l| l.label.clone()).unwrap_or_default(),
                kind: list.map(|l| l.kind.clone()).unwrap_or_default(),
                name: entry.name.replace('_', " "),
                entry,
            }
        })
        .collect())
}

/// What an event wrote into a club's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubUpdate {
    pub label: String,
    pub added: usize,
    pub changed: usize,
}

/// A club's own list, kept up to date by its events: each rated player's rating after the event
/// (`after`: the player and the GoR, rounded), by EGD PIN when the player has one, else by
/// name. The list is made by the first event that writes it; the EGF's, the AGA's and imported
/// lists are copies of someone else's and are never written. One transaction, one audit row.
pub async fn update_club_list(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    label: &str,
    after: &[(crate::db::entities::player::Model, f64)],
) -> AppResult<ClubUpdate> {
    let label = clean_text(label, "rating-list-label", 60, true).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let list = match list_row::Entity::find().filter(list_row::Column::Label.eq(label.as_str())).one(&txn).await? {
        Some(list) if list.kind != CLUB => {
            return Err(AppError::BadRequest(Message::new("error-club-list-kind").text("label", &label)));
        }
        Some(list) => list,
        None => {
            list_row::ActiveModel {
                kind: Set(CLUB.to_string()),
                label: Set(label.clone()),
                entries: Set(0),
                imported_by: Set(actor.id),
                imported_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?
        }
    };
    let existing: Vec<rating_entry::Model> =
        rating_entry::Entity::find().filter(rating_entry::Column::ListId.eq(list.id)).all(&txn).await?;
    let (mut added, mut changed) = (0, 0);
    for (player, gor) in after {
        let key = player.egf_pin.clone().unwrap_or_else(|| format!("name:{}", player.name_key));
        let entry = ListEntry {
            key: key.clone(),
            name: player.name.clone(),
            rank: Rank::parse(&player.rank).ok(),
            rating: Some(gor.round() as i32),
            club: player.club.clone(),
            country: player.country.clone(),
        };
        match existing.iter().find(|e| e.key == key) {
            Some(row) if read_back(row) == entry => {}
            Some(row) => {
                let mut active = stored(&entry);
                active.id = Set(row.id);
                active.list_id = Set(list.id);
                active.update(&txn).await?;
                changed += 1;
            }
            None => {
                rating_entry::ActiveModel { list_id: Set(list.id), ..stored(&entry) }.insert(&txn).await?;
                added += 1;
            }
        }
    }
    let mut active: list_row::ActiveModel = list.clone().into();
    active.entries = Set((existing.len() + added) as i32);
    active.imported_by = Set(actor.id);
    active.imported_at = Set(now);
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "ratings.club-list-updated", json!({ "list": label, "added": added, "changed": changed }))
        .await?;
    Ok(ClubUpdate { label, added, changed })
}

/// The kind of a club's own list, written by its events.
pub const CLUB: &str = "club";
