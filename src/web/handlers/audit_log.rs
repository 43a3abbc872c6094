//! An event's audit log: every change that matters, filtered, with the hash chain's check.
use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{audit, event};
use crate::domain::result::GameResult;
use crate::error::AppResult;
use crate::services::audit as audit_service;
use crate::state::AppState;
use crate::web::extractors::{PageCtx, staff_of};
use crate::web::paths::EventPath;

#[derive(Template, WebTemplate)]
#[template(path = "events/audit.html")]
pub struct AuditPage {
    ctx: PageCtx,
    event: event::Model,
    /// The rows shown (all, or those of the board and kind asked for), newest first.
    rows: Vec<audit::Model>,
    chain: audit_service::ChainCheck,
    names: audit_service::Names,
    filter: AuditFilter,
    /// The kinds of action in the log ("result", "round" …), for the filter.
    kinds: Vec<String>,
}

/// Which rows of the audit log to show: one board's, one kind of action's.
#[derive(Deserialize, Default)]
pub struct AuditFilter {
    #[serde(default)]
    board: String,
    #[serde(default)]
    kind: String,
}

impl AuditFilter {
    fn board(&self) -> Option<i64> {
        self.board.trim().parse().ok()
    }

    fn keeps(&self, row: &audit::Model) -> bool {
        let kind = self.kind.trim();
        if !kind.is_empty() && row.action.split('.').next() != Some(kind) {
            return false;
        }
        match self.board() {
            Some(board) => detail_of(row).get("board").and_then(serde_json::Value::as_i64) == Some(board),
            None => true,
        }
    }
}

fn detail_of(row: &audit::Model) -> serde_json::Value {
    serde_json::from_str(&row.detail).unwrap_or_default()
}

impl AuditPage {
    fn local(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time_exact(at, &self.event.time_zone)
    }

    /// An action ("round.published") by its name in the reader's language; an action this
    /// version does not name (a later one's, in a restored backup) by its code.
    fn action_name(&self, action: &str) -> String {
        let key = format!("audit-action-{}", action.replace(['.', '_'], "-"));
        self.ctx.locale.try_t(&key).unwrap_or_else(|| action.to_string())
    }

    /// A kind of action ("result") by its name in the reader's language.
    fn kind_name(&self, kind: &str) -> String {
        self.ctx.locale.try_t(&format!("audit-kind-{kind}")).unwrap_or_else(|| kind.to_string())
    }

    /// Who acted: the account's name, or the engine (the clock, a cycle found).
    fn who(&self, row: &audit::Model) -> String {
        match row.actor_id {
            Some(id) => self.names.accounts.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
            None => self.ctx.t("dispute-by-engine"),
        }
    }

    /// What the row records, in the reader's language: the round and board, a result (and
    /// what it was before), the players, teams, disputes and rulings it names.
    fn summary(&self, row: &audit::Model) -> String {
        use crate::i18n::Arg::Num;
        use serde_json::Value;
        let detail = detail_of(row);
        let locale = self.ctx.locale;
        let number = |key: &str| detail.get(key).and_then(Value::as_i64);
        let text = |key: &str| detail.get(key).and_then(Value::as_str);
        let player = |id: Option<i64>| {
            id.and_then(|id| i32::try_from(id).ok()).and_then(|id| self.names.players.get(&id).cloned())
        };
        let ruleset = self.event.ruleset.as_str();
        let result =
            |key: &str| text(key).and_then(|t| GameResult::parse(t).ok()).map(|r| locale.result_text_for(&r, ruleset));
        let mut parts: Vec<String> = Vec::new();
        match (number("round"), number("board")) {
            (Some(round), Some(board)) => {
                parts.push(locale.t_args("audit-round-board", &[("round", Num(round)), ("board", Num(board))]))
            }
            (Some(round), None) => parts.push(locale.t_args("round-n", &[("n", Num(round))])),
            _ => {}
        }
        match (result("before"), result("result")) {
            (Some(before), Some(after)) => parts.push(format!("{before} → {after}")),
            (None, Some(after)) => parts.push(after),
            _ => {}
        }
        let player_name = player(number("player"));
        if let Some(name) = &player_name {
            parts.push(name.clone());
        }
        // A player's corrected details: each field named, with its value before and after
        // (an address only named).
        if let Some(changes) = detail.get("changes").and_then(Value::as_object) {
            let shown = |field: &str, value: &Value| match value {
                Value::Null => "—".to_string(),
                Value::String(t) if field == "rank" => crate::web::view::rank(locale, t),
                Value::String(t) if t.is_empty() => "—".to_string(),
                Value::String(t) => t.clone(),
                other => other.to_string(),
            };
            for (field, values) in changes {
                let label = match field.as_str() {
                    "name" => "player-name",
                    "team" => "team-name",
                    "board" => "team-board",
                    "aga_id" => "aga-id",
                    "egf_pin" => "egf-pin",
                    known => known,
                };
                let label = locale.try_t(label).unwrap_or_else(|| field.clone());
                match (field.as_str(), values.as_array().map(Vec::as_slice)) {
                    ("email", _) | (_, None) => parts.push(label),
                    (_, Some([before, after])) => {
                        parts.push(format!("{label} {} → {}", shown(field, before), shown(field, after)))
                    }
                    (_, Some(_)) => parts.push(label),
                }
            }
        }
        if let Some(pair) = detail.get("players").and_then(Value::as_array)
            && pair.len() == 2
        {
            let names: Vec<String> = pair.iter().filter_map(|id| player(id.as_i64())).collect();
            parts.push(names.join(" – "));
        }
        if let Some(team) = text("team") {
            parts.push(team.to_string());
        }
        // A change written through the API names its token.
        if let Some(token) = text("source").and_then(|s| s.strip_prefix("token:")) {
            parts.push(locale.t_args("audit-by-token", &[("name", crate::i18n::Arg::Str(token))]));
        }
        // The venue instance's copy (issue 54): a registration pulled from the public site, a
        // push taken (its rows) or refused (why), the public copy's address.
        if text("source") == Some("sync:registration") {
            parts.push(self.ctx.t("audit-by-sync-pull"));
        }
        if row.action.starts_with("sync.") {
            if let Some(rows) = number("rows") {
                parts.push(locale.t_args("audit-sync-rows", &[("n", crate::i18n::Arg::Num(rows))]));
            }
            for key in ["address", "reason"] {
                if let Some(said) = text(key) {
                    parts.push(said.to_string());
                }
            }
        }
        if let Some(kind) = text("kind") {
            parts.push(locale.try_t(&format!("dispute-{kind}")).unwrap_or_else(|| kind.to_string()));
        }
        if let Some(ruling) = text("ruling") {
            let mut said = locale.try_t(&format!("desk-{ruling}")).unwrap_or_else(|| ruling.to_string());
            // The side the ruling names: who moves first, the offender, the loser.
            if let Some(side) = text("side") {
                said = format!("{said} · {}", locale.try_t(side).unwrap_or_else(|| side.to_string()));
            }
            parts.push(said);
        }
        if let Some(article) = text("article") {
            parts.push(crate::web::view::article(locale, article));
        }
        if let Some(open) = detail.get("open").and_then(Value::as_bool) {
            parts.push(self.ctx.t(if open { "registration-open" } else { "registration-closed" }));
        }
        if let Some(user) = number("user").and_then(|id| i32::try_from(id).ok()) {
            parts.push(self.names.accounts.get(&user).cloned().unwrap_or_else(|| format!("#{user}")));
        }
        if let Some(role) = text("role") {
            parts.push(locale.try_t(role).unwrap_or_else(|| role.to_string()));
        }
        if let Some(count) = number("count") {
            parts.push(locale.t_args("audit-players-n", &[("n", Num(count))]));
        }
        let boards = detail.get("boards").and_then(|b| b.as_i64().or_else(|| b.as_array().map(|a| a.len() as i64)));
        if let Some(boards) = boards {
            parts.push(locale.t_args("audit-boards-n", &[("n", Num(boards))]));
        }
        // A player's row names them by id and by name: once is enough.
        if let Some(name) = text("name").filter(|name| player_name.as_deref() != Some(*name)) {
            parts.push(name.to_string());
        }
        if let Some(email) = text("email") {
            parts.push(email.to_string());
        }
        if let Some(reason) = text("reason") {
            parts.push(self.ctx.t_s("audit-reason", "reason", reason));
        }
        parts.join(" · ")
    }

    /// The chain's verdict in the reader's language.
    fn chain_message(&self) -> String {
        use audit_service::{ChainBreak, ChainCheck};
        match &self.chain {
            ChainCheck::Intact { rows, .. } => self.ctx.t_n("audit-chain-intact", "rows", rows),
            ChainCheck::Broken { row_id, reason: ChainBreak::ContentChanged } => {
                self.ctx.t_n("audit-chain-changed", "row", row_id)
            }
            ChainCheck::Broken { row_id, reason: ChainBreak::LinkBroken } => {
                self.ctx.t_n("audit-chain-unlinked", "row", row_id)
            }
        }
    }
}

pub async fn audit_log(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    filter: web::Query<AuditFilter>,
) -> AppResult<AuditPage> {
    let event_id = path.event_id;
    let (_, found) = staff_of(&state, &ctx, event_id).await?;
    let rows = audit_service::for_event(&state.db, event_id).await?;
    // The rows come newest first; the chain is walked from its start, whatever is shown.
    let chain = audit_service::check_chain(rows.iter().rev());
    let names = audit_service::names_in(&state.db, event_id, &rows).await?;
    let mut kinds: Vec<String> = rows.iter().filter_map(|r| r.action.split('.').next()).map(str::to_string).collect();
    kinds.sort();
    kinds.dedup();
    let filter = filter.into_inner();
    let rows = rows.into_iter().filter(|row| filter.keeps(row)).collect();
    Ok(AuditPage { ctx, event: found, rows, chain, names, filter, kinds })
}
