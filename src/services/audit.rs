//! The append-only audit log. There is deliberately no function to change or delete a row.
//! Every row is chained to the one before it in its event's chain (see
//! `domain::audit_chain`); `verify` walks a chain and names the first row that does not fit.
use crate::domain::audit_chain;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    Set, Statement,
};

use std::collections::HashMap;

use crate::db::entities::{audit, player, user};
use crate::error::AppResult;

/// The first of the two keys of PostgreSQL's advisory lock that keeps a chain's writers in
/// line ("YUNZ"); the second is the event.
const CHAIN_LOCK: i32 = 0x5955_4e5a;

/// Who made a change, to which event (None: the site's own chain) and when: what every audit
/// row of the change carries besides its action and detail.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub at: DateTime<Utc>,
    pub actor: Option<i32>,
    pub event: Option<i32>,
}

/// The author line of a change's audit rows (see [`Entry::commit`]).
pub fn entry(at: DateTime<Utc>, actor: Option<i32>, event: Option<i32>) -> Entry {
    Entry { at, actor, event }
}

impl Entry {
    /// The one protocol for a change that matters: its audit row is written in the change's
    /// own transaction and the transaction is committed with it, so the change and its row
    /// stand or fall together (and nothing is written after the row). Takes the transaction.
    pub async fn commit(self, txn: crate::db::WriteTxn, action: &str, detail: serde_json::Value) -> AppResult<()> {
        record(&txn, self.at, self.actor, self.event, action, detail).await?;
        txn.commit().await?;
        Ok(())
    }

    /// One more row in a transaction that records several (a move and the dispute it files);
    /// the last is written by [`Entry::commit`].
    pub async fn record(self, conn: &impl ConnectionTrait, action: &str, detail: serde_json::Value) -> AppResult<()> {
        record(conn, self.at, self.actor, self.event, action, detail).await
    }
}

async fn record(
    conn: &impl ConnectionTrait,
    at: DateTime<Utc>,
    actor: Option<i32>,
    event: Option<i32>,
    action: &str,
    detail: serde_json::Value,
) -> AppResult<()> {
    if conn.get_database_backend() == DatabaseBackend::Postgres {
        // Two transactions must not both read the same last row and fork the chain. SQLite
        // needs nothing: its writers already take turns (BEGIN IMMEDIATE).
        conn.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1, $2)",
            [CHAIN_LOCK.into(), event.unwrap_or(0).into()],
        ))
        .await?;
    }
    let prev_hash = chain_of(event)
        .order_by_desc(audit::Column::Id)
        .select_only()
        .column(audit::Column::Hash)
        .into_tuple::<String>()
        .one(conn)
        .await?
        .unwrap_or_else(|| audit_chain::GENESIS.to_string());
    let at = audit_chain::to_stored_precision(at);
    let detail = detail.to_string();
    let hash = audit_chain::row_hash(&prev_hash, &at, actor, event, action, &detail);
    audit::ActiveModel {
        at: Set(at),
        actor_id: Set(actor),
        event_id: Set(event),
        action: Set(action.to_string()),
        detail: Set(detail),
        prev_hash: Set(prev_hash),
        hash: Set(hash),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// The event's version: the id of its latest audit row (None: no such event). Every change its
/// public pages show writes one in the same transaction, and one event's writers take turns
/// (the chain's lock), so it grows with every committed change.
pub async fn event_version(conn: &impl ConnectionTrait, event: i32) -> AppResult<Option<i64>> {
    let latest = audit::Entity::find()
        .filter(audit::Column::EventId.eq(event))
        .select_only()
        .column_as(audit::Column::Id.max(), "latest")
        .into_tuple::<Option<i32>>()
        .one(conn)
        .await?;
    Ok(latest.flatten().map(i64::from))
}

/// The boards (round number, board number) that the event's audit rows after `since` name,
/// and the event's latest row: what changed on which board, whoever changed it, on whichever
/// instance (every change to a board's game that matters is audited with its round and board).
pub async fn boards_changed_since(
    conn: &impl ConnectionTrait,
    event: i32,
    since: i64,
) -> AppResult<(i64, Vec<(i32, i32)>)> {
    let rows: Vec<(i32, String)> = audit::Entity::find()
        .filter(audit::Column::EventId.eq(event))
        .filter(audit::Column::Id.gt(since))
        .select_only()
        .column(audit::Column::Id)
        .column(audit::Column::Detail)
        .into_tuple()
        .all(conn)
        .await?;
    let latest = rows.iter().map(|(id, _)| i64::from(*id)).max().unwrap_or(since);
    let mut boards: Vec<(i32, i32)> = Vec::new();
    for (_, detail) in &rows {
        let Ok(detail) = serde_json::from_str::<serde_json::Value>(detail) else { continue };
        let number = |value: Option<&serde_json::Value>| {
            value.and_then(serde_json::Value::as_i64).and_then(|n| i32::try_from(n).ok())
        };
        if let (Some(round), Some(board)) = (number(detail.get("round")), number(detail.get("board"))) {
            boards.push((round, board));
        }
        // A venue's push names every board it changed (issue 54).
        for pair in detail.get("changed_boards").and_then(serde_json::Value::as_array).into_iter().flatten() {
            if let (Some(round), Some(board)) = (number(pair.get(0)), number(pair.get(1))) {
                boards.push((round, board));
            }
        }
    }
    boards.sort_unstable();
    boards.dedup();
    Ok((latest, boards))
}

fn chain_of(event: Option<i32>) -> sea_orm::Select<audit::Entity> {
    match event {
        Some(id) => audit::Entity::find().filter(audit::Column::EventId.eq(id)),
        None => audit::Entity::find().filter(audit::Column::EventId.is_null()),
    }
}

pub async fn for_event(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<audit::Model>> {
    Ok(audit::Entity::find()
        .filter(audit::Column::EventId.eq(event_id))
        .order_by_desc(audit::Column::Id)
        .all(conn)
        .await?)
}

/// The names an event's audit rows refer to by id: the accounts that acted (or were made
/// staff) and the event's players.
#[derive(Debug, Default)]
pub struct Names {
    pub accounts: HashMap<i32, String>,
    pub players: HashMap<i32, String>,
}

/// The names `rows` of event `event_id` refer to.
pub async fn names_in(conn: &impl ConnectionTrait, event_id: i32, rows: &[audit::Model]) -> AppResult<Names> {
    let mut account_ids: Vec<i32> = rows.iter().filter_map(|row| row.actor_id).collect();
    account_ids.extend(rows.iter().filter_map(|row| {
        let detail: serde_json::Value = serde_json::from_str(&row.detail).ok()?;
        detail.get("user")?.as_i64().and_then(|id| i32::try_from(id).ok())
    }));
    account_ids.sort_unstable();
    account_ids.dedup();
    let accounts = user::Entity::find()
        .filter(user::Column::Id.is_in(account_ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|u| (u.id, u.display_name))
        .collect();
    let players = player::Entity::find()
        .filter(player::Column::EventId.eq(event_id))
        .all(conn)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    Ok(Names { accounts, players })
}

/// What walking a chain found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainCheck {
    /// Every row fits; `head` is the last row's hash (write it down to notice a rewrite of
    /// the whole chain later), `rows` how many there are.
    Intact { rows: usize, head: String },
    /// The first row that does not fit, and why.
    Broken { row_id: i32, reason: ChainBreak },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainBreak {
    /// The row's own content no longer matches its hash: it was changed.
    ContentChanged,
    /// The row does not follow the row before it: a row before it was removed, inserted or
    /// replaced.
    LinkBroken,
}

impl std::fmt::Display for ChainCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChainCheck::Intact { rows, head } => write!(f, "intact: {rows} rows, head {head}"),
            ChainCheck::Broken { row_id, reason: ChainBreak::ContentChanged } => {
                write!(f, "row {row_id} was changed: its content does not match its hash")
            }
            ChainCheck::Broken { row_id, reason: ChainBreak::LinkBroken } => write!(
                f,
                "row {row_id} does not follow the row before it: a row before it was removed, inserted or replaced"
            ),
        }
    }
}

/// Walks one chain (an event's, or with `None` the rows of no event) from its first row.
pub async fn verify(conn: &impl ConnectionTrait, event: Option<i32>) -> AppResult<ChainCheck> {
    let rows = chain_of(event).order_by_asc(audit::Column::Id).all(conn).await?;
    Ok(check_chain(&rows))
}

/// Every chain in the database: the events' and the one of rows without an event.
pub async fn verify_all(conn: &impl ConnectionTrait) -> AppResult<Vec<(Option<i32>, ChainCheck)>> {
    let mut events: Vec<Option<i32>> = audit::Entity::find()
        .select_only()
        .column(audit::Column::EventId)
        .distinct()
        .into_tuple::<Option<i32>>()
        .all(conn)
        .await?;
    events.sort();
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        out.push((event, verify(conn, event).await?));
    }
    Ok(out)
}

/// Checks rows of one chain given oldest first.
pub fn check_chain<'a>(rows: impl IntoIterator<Item = &'a audit::Model>) -> ChainCheck {
    let mut prev = audit_chain::GENESIS.to_string();
    let mut count = 0;
    for row in rows {
        count += 1;
        if row.prev_hash != prev {
            return ChainCheck::Broken { row_id: row.id, reason: ChainBreak::LinkBroken };
        }
        let expected =
            audit_chain::row_hash(&row.prev_hash, &row.at, row.actor_id, row.event_id, &row.action, &row.detail);
        if row.hash != expected {
            return ChainCheck::Broken { row_id: row.id, reason: ChainBreak::ContentChanged };
        }
        prev = row.hash.clone();
    }
    ChainCheck::Intact { rows: count, head: prev }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: usize) -> Vec<audit::Model> {
        let mut rows = Vec::new();
        let mut prev = audit_chain::GENESIS.to_string();
        for i in 0..n {
            let at = DateTime::<Utc>::from_timestamp(1_800_000_000 + i as i64, 0).unwrap_or_default();
            let detail = format!("{{\"n\":{i}}}");
            let hash = audit_chain::row_hash(&prev, &at, Some(1), Some(7), "result.recorded", &detail);
            rows.push(audit::Model {
                id: i as i32 + 1,
                at,
                actor_id: Some(1),
                event_id: Some(7),
                action: "result.recorded".into(),
                detail,
                prev_hash: prev.clone(),
                hash: hash.clone(),
            });
            prev = hash;
        }
        rows
    }

    #[test]
    fn each_kind_of_tampering_is_found_at_its_row() {
        let rows = chain(5);
        assert!(matches!(check_chain(&rows), ChainCheck::Intact { rows: 5, .. }));

        let mut changed = rows.clone();
        changed[2].detail = "{\"n\":99}".into();
        assert_eq!(check_chain(&changed), ChainCheck::Broken { row_id: 3, reason: ChainBreak::ContentChanged });

        let mut removed = rows.clone();
        removed.remove(1);
        assert_eq!(check_chain(&removed), ChainCheck::Broken { row_id: 3, reason: ChainBreak::LinkBroken });

        // A row forged with a correct hash after row 2 still breaks the link of row 3.
        let mut inserted = rows.clone();
        let mut forged = rows[1].clone();
        forged.prev_hash = rows[1].hash.clone();
        forged.detail = "{\"forged\":true}".into();
        forged.hash = audit_chain::row_hash(
            &forged.prev_hash,
            &forged.at,
            forged.actor_id,
            forged.event_id,
            &forged.action,
            &forged.detail,
        );
        inserted.insert(2, forged);
        assert_eq!(check_chain(&inserted), ChainCheck::Broken { row_id: 3, reason: ChainBreak::LinkBroken });

        // Removing the first row breaks the second (it no longer starts the chain).
        assert_eq!(check_chain(&rows[1..]), ChainCheck::Broken { row_id: 2, reason: ChainBreak::LinkBroken });
    }
}
