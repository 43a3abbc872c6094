//! Disputes for the referee desk (see `domain::referee`): filed by a player of the board, by
//! the event's staff, or by the engine (dead stones refused, a cycle, a board assistant's
//! illegal move or second move in a row, a loss on time); each with the board, the move number,
//! a snapshot of the position, who filed it, the claim and the time, and an audit row naming
//! its article. A referee of the event rules among the rulings the article allows; this area
//! decides what may be ruled and records it, the live area applies it to the game, and the
//! referee desk's coordinator (in the workflows) runs both. Either player may appeal a ruling once, to
//! the chief referee. The board's players and the event's referees are told of each step.
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::db::entities::{audit as audit_row, dispute, event, game, player, round, user};
use crate::domain::clock::{MINUTE, Millis};
use crate::domain::color::Color;
use crate::domain::live::{BeforeRuling, LiveGame};
use crate::domain::message::Message;
use crate::domain::referee::{
    Circumstances, CycleOutcome, DisputeKind, Edition, Ruling, offered_rulings, ruling_article,
};
use crate::domain::tournament::player::clean_text;
use crate::error::{AppError, AppResult};
use crate::mail::Mail;
use crate::services::audit;
use crate::services::queries::{self, BoardRef, LiveBoard, Seat};
use crate::services::repo::{self, Notice};
use crate::state::AppState;

/// The longest claim a player may write.
pub const CLAIM_MAX_CHARS: usize = 2000;

/// The article of an appeal (1988 Art. 16.4: the ruling stands meanwhile).
pub const APPEAL_ARTICLE: &str = "1988 Art. 16.4";

/// A claim as a player or the staff wrote it, cleaned and held to [`CLAIM_MAX_CHARS`].
pub fn claim_text(claim: &str) -> AppResult<String> {
    clean_text(claim, "field-claim", CLAIM_MAX_CHARS, true).map_err(|e| AppError::BadRequest(e.0))
}

/// Who may file a dispute about `board` and whom it is about: a player of the board files
/// about their opponent (conduct, a clock, a move), except where no side is meant; the
/// event's staff name nobody. Others are refused.
pub async fn offender_for(
    conn: &impl ConnectionTrait,
    board: &LiveBoard,
    account: &user::Model,
    kind: DisputeKind,
) -> AppResult<Option<Color>> {
    Ok(match queries::seat_of(conn, board, Some(account)).await? {
        Seat::Spectator => return Err(AppError::Forbidden),
        Seat::Player(own)
            if !matches!(kind, DisputeKind::DeadStones | DisputeKind::Cycle | DisputeKind::CountingError) =>
        {
            Some(own.opponent())
        }
        _ => None,
    })
}

fn kind_of(d: &dispute::Model) -> AppResult<DisputeKind> {
    DisputeKind::parse(&d.kind)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("dispute {}: unknown kind {}", d.id, d.kind)))
}

fn offender_of(d: &dispute::Model) -> Option<Color> {
    d.offender.as_deref().and_then(|c| c.parse::<Color>().ok())
}

/// The rulings the desk offers for a dispute on `board` now: those the article allows (see
/// `domain::referee::offered_rulings`) that apply to the game as it stands (tried on a copy:
/// a move must be held to be voided, a game counted to be recounted …). Moved stones cannot
/// leave the record out of place: the record is the position, so "the position stands" is
/// the same as putting it back and is not offered apart. A board whose result was entered by
/// hand, never played here, only has the claim dismissed.
pub fn applicable_rulings(
    d: &dispute::Model,
    board: &LiveBoard,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Ruling>> {
    let kind = kind_of(d)?;
    let entered_by_hand = board.game.result.is_some() && board.live.state().result.is_none();
    Ok(article_rulings(d, board)?
        .into_iter()
        .filter(|r| {
            if entered_by_hand {
                return *r == Ruling::Dismiss;
            }
            let mut trial = board.live.clone();
            trial.tick(now);
            *r == Ruling::Dismiss || trial.apply_ruling(kind, *r, now).is_ok()
        })
        .collect())
}

/// Every ruling the article allows for dispute `d` on `board`, whether or not it applies to
/// the game as it stands (see [`applicable_rulings`]); the event's cycle setting first (after
/// counting false life dead, for a held cycle the engine names false life).
pub fn article_rulings(d: &dispute::Model, board: &LiveBoard) -> AppResult<Vec<Ruling>> {
    let event = &board.event;
    let circumstances = Circumstances {
        edition: Edition::of_ruleset(&event.ruleset),
        cycle_outcome: CycleOutcome::parse(&event.cycle_outcome).unwrap_or(CycleOutcome::Draw),
        offender: offender_of(d),
        claims_dead: None,
        living_falsely: board.live.held_false_life(),
    };
    Ok(offered_rulings(kind_of(d)?, &circumstances).into_iter().filter(|r| *r != Ruling::PositionStands).collect())
}

/// A ruling as a form sends it: the ruling's form value, and for a clock adjustment the
/// minutes given back to each side.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RulingChoice {
    #[serde(default)]
    pub ruling: String,
    #[serde(default)]
    pub black_minutes: String,
    #[serde(default)]
    pub white_minutes: String,
    /// The referee's reasons (optional), shown to both players with the ruling.
    #[serde(default)]
    pub reasons: String,
}

/// A ruling as decided: what, and the referee's reasons if given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decided {
    pub ruling: Ruling,
    pub reasons: Option<String>,
}

fn minutes(text: &str) -> AppResult<Millis> {
    match text.trim() {
        "" => Ok(0),
        t => t
            .parse::<u32>()
            .ok()
            .filter(|m| *m <= 600)
            .map(|m| u64::from(m) * MINUTE)
            .ok_or_else(|| AppError::BadRequest(Message::new("error-ruling-minutes").text("minutes", t))),
    }
}

/// The offered ruling the form chose.
fn chosen(offered: &[Ruling], choice: &RulingChoice) -> AppResult<Ruling> {
    let value = choice.ruling.trim();
    let ruling = offered
        .iter()
        .copied()
        .find(|r| r.form_value() == value)
        .ok_or_else(|| AppError::BadRequest(Message::new("error-ruling-not-offered").text("ruling", value)))?;
    Ok(match ruling {
        Ruling::AdjustClock { .. } => {
            let (black, white) = (minutes(&choice.black_minutes)?, minutes(&choice.white_minutes)?);
            if black == 0 && white == 0 {
                return Err(AppError::refused("error-ruling-no-time"));
            }
            Ruling::AdjustClock { black, white }
        }
        other => other,
    })
}

/// The board a dispute is about.
pub async fn board_of(conn: &impl ConnectionTrait, d: &dispute::Model) -> AppResult<BoardRef> {
    let g = game::Entity::find_by_id(d.game_id).one(conn).await?.ok_or(AppError::NotFound)?;
    let r = round::Entity::find_by_id(g.round_id).one(conn).await?.ok_or(AppError::NotFound)?;
    Ok(BoardRef { event_id: d.event_id, round: r.number, board: g.board })
}

async fn find(conn: &impl ConnectionTrait, event_id: i32, dispute_id: i32) -> AppResult<dispute::Model> {
    dispute::Entity::find_by_id(dispute_id)
        .one(conn)
        .await?
        .filter(|d| d.event_id == event_id)
        .ok_or(AppError::NotFound)
}

/// What a step on a dispute leaves: its audit row, naming the article, and the notices to
/// the board's players and the referees (the mails are returned, to send after the commit).
struct DeskStep<'a> {
    action: &'a str,
    /// The notice's "what" (see `Notice`).
    notice: &'a str,
    /// The ruling's code, or "uphold".
    ruling: Option<&'a str>,
    side: Option<Color>,
    article: String,
    /// The referee's reasons, for the audit row and the notices.
    reasons: Option<&'a str>,
}

async fn record_step(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    d: &dispute::Model,
    by: i32,
    step: DeskStep<'_>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    audit::entry(now, Some(by), Some(d.event_id))
        .record(
            txn,
            step.action,
            json!({ "dispute": d.id, "round": board.round.number, "board": board.game.board, "kind": d.kind,
                "ruling": step.ruling, "side": step.side.map(Color::as_str), "article": step.article,
                "reason": step.reasons }),
        )
        .await?;
    tell(txn, board, d, &step, by, now).await
}

/// Tells the board's players and referees of a step on dispute `d`.
async fn tell(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    d: &dispute::Model,
    step: &DeskStep<'_>,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let notice = Notice {
        what: step.notice.into(),
        event: board.event.name.clone(),
        round: board.round.number,
        board: board.game.board,
        kind: d.kind.clone(),
        ruling: step.ruling.map(str::to_string),
        side: step.side.map(|c| c.as_str().to_string()),
        reasons: step.reasons.map(str::to_string),
    };
    // The referees include the chief referee, who hears appeals.
    let told = queries::told_of(txn, board).await?;
    repo::notify_in(txn, &told, Some(by), board.event.id, &notice, &queries::dispute_link(d.event_id, d.id), now).await
}

fn to_json<T: Serialize>(value: &T) -> AppResult<String> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(e.into()))
}

/// An open dispute of the event, for `referee` (a referee of the event) to rule on.
pub async fn open_for_ruling(
    txn: &impl ConnectionTrait,
    referee: &user::Model,
    event_id: i32,
    dispute_id: i32,
) -> AppResult<dispute::Model> {
    if !queries::roles(txn, event_id, referee).await?.referee {
        return Err(AppError::Forbidden);
    }
    let found = find(txn, event_id, dispute_id).await?;
    if found.status != "open" {
        return Err(AppError::refused("error-dispute-ruled"));
    }
    Ok(found)
}

/// The ruling a referee chose on the form for dispute `d`, provided the desk offers it for
/// the game on `board` as it stands at `now`; with the dispute's kind.
pub fn choose(
    d: &dispute::Model,
    board: &LiveBoard,
    choice: &RulingChoice,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<(DisputeKind, Decided)> {
    let reasons =
        clean_text(&choice.reasons, "field-reasons", CLAIM_MAX_CHARS, false).map_err(|e| AppError::BadRequest(e.0))?;
    let ruling = chosen(&applicable_rulings(d, board, now)?, choice)?;
    Ok((kind_of(d)?, Decided { ruling, reasons: Some(reasons).filter(|r| !r.is_empty()) }))
}

/// Records `ruling` on dispute `d` (applied to the game, which stood as `before`): who gave
/// it and when, with an audit row naming its article, and tells the board's players and the
/// referees. Returns the mails to send once the transaction commits.
pub async fn record_ruling(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    d: &dispute::Model,
    decided: &Decided,
    before: &BeforeRuling,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let ruling = decided.ruling;
    let article = ruling_article(kind_of(d)?, ruling, Edition::of_ruleset(&board.event.ruleset));
    let mut active: dispute::ActiveModel = d.clone().into();
    active.before_ruling = Set(Some(to_json(before)?));
    active.status = Set("ruled".into());
    active.ruling = Set(Some(to_json(&ruling)?));
    active.ruling_reasons = Set(decided.reasons.clone());
    active.ruled_by = Set(Some(by));
    active.ruled_at = Set(Some(now));
    active.update(txn).await?;
    let step = DeskStep {
        action: "dispute.ruled",
        notice: "ruled",
        ruling: Some(ruling.code()),
        side: ruling.side(),
        article,
        reasons: decided.reasons.as_deref(),
    };
    record_step(txn, board, d, by, step, now).await
}

/// What the chief referee decided on an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "kebab-case")]
pub enum AppealDecision {
    /// The ruling stands.
    Uphold,
    /// Another ruling replaces it, applied to the game as it now stands.
    Overturn { ruling: Ruling },
}

/// A player of the board appeals a ruling, once (Art. 16.4): the ruling stands meanwhile, and
/// the chief referee hears it.
pub async fn appeal(
    state: &AppState,
    account: &user::Model,
    event_id: i32,
    dispute_id: i32,
    claim: &str,
) -> AppResult<()> {
    let claim = clean_text(claim, "field-appeal", CLAIM_MAX_CHARS, true).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = find(&txn, event_id, dispute_id).await?;
    let board = queries::live_board(&txn, board_of(&txn, &found).await?).await?;
    if !matches!(queries::seat_of(&txn, &board, Some(account)).await?, Seat::Player(_)) {
        return Err(AppError::Forbidden);
    }
    if found.status != "ruled" {
        return Err(AppError::refused("error-appeal-not-ruled"));
    }
    if found.appealed_at.is_some() {
        return Err(AppError::refused("error-appeal-once"));
    }
    let mut active: dispute::ActiveModel = found.clone().into();
    active.appeal_claim = Set(Some(claim));
    active.appealed_by = Set(Some(account.id));
    active.appealed_at = Set(Some(now));
    active.update(&txn).await?;
    let step = DeskStep {
        action: "dispute.appealed",
        notice: "appealed",
        ruling: None,
        side: None,
        article: APPEAL_ARTICLE.into(),
        reasons: None,
    };
    let mails = record_step(&txn, &board, &found, account.id, step, now).await?;
    txn.commit().await?;
    state.mailer.send_in_background(mails);
    Ok(())
}

/// A dispute of the event whose appeal `chief` (the event's chief referee) is to hear.
pub async fn appeal_to_hear(
    txn: &impl ConnectionTrait,
    chief: &user::Model,
    event_id: i32,
    dispute_id: i32,
) -> AppResult<dispute::Model> {
    if !queries::roles(txn, event_id, chief).await?.chief_referee {
        return Err(AppError::Forbidden);
    }
    let found = find(txn, event_id, dispute_id).await?;
    if found.appealed_at.is_none() || found.appeal_decision.is_some() {
        return Err(AppError::refused("error-appeal-nothing-to-hear"));
    }
    Ok(found)
}

/// The game as it stood before dispute `d`'s ruling.
pub fn before_ruling_of(d: &dispute::Model) -> AppResult<BeforeRuling> {
    parse_json(&d.before_ruling)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("dispute {}: no record of the game before its ruling", d.id)))
}

/// Records the chief referee's `decision` on dispute `d`'s appeal (applied to the game
/// already when it overturns the ruling), with an audit row naming the article, and tells the
/// board's players and the referees. Returns the mails to send once the transaction commits.
pub async fn record_appeal_decision(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    d: &dispute::Model,
    decision: AppealDecision,
    by: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let (ruling_code, side) = match decision {
        AppealDecision::Uphold => ("uphold", None),
        AppealDecision::Overturn { ruling } => (ruling.code(), ruling.side()),
    };
    let mut active: dispute::ActiveModel = d.clone().into();
    active.appeal_decision = Set(Some(to_json(&decision)?));
    active.appeal_ruled_by = Set(Some(by));
    active.appeal_ruled_at = Set(Some(now));
    active.update(txn).await?;
    let step = DeskStep {
        action: "dispute.appeal_heard",
        notice: "appeal-heard",
        ruling: Some(ruling_code),
        side,
        article: APPEAL_ARTICLE.into(),
        reasons: None,
    };
    record_step(txn, board, d, by, step, now).await
}

/// An open dispute as the queue lists it.
pub struct QueueEntry {
    pub dispute: dispute::Model,
    pub kind: DisputeKind,
    pub edition: Edition,
    pub article: String,
    /// The event's rule set has its own article for this kind (else the 1988 rules apply).
    pub own_article: bool,
    /// Every ruling the article allows.
    pub allowed: Vec<Ruling>,
    /// Those that apply to the game as it stands: the desk offers these.
    pub rulings: Vec<Ruling>,
    pub round: i32,
    pub board: i32,
    pub black: String,
    pub white: String,
}

impl QueueEntry {
    /// Every ruling the article allows, each with the article it applies and whether it
    /// applies to the game now (one that does not is shown, not offered).
    pub fn offered(&self) -> Vec<(Ruling, String, bool)> {
        self.allowed
            .iter()
            .map(|r| (*r, ruling_article(self.kind, *r, self.edition), self.rulings.contains(r)))
            .collect()
    }

    /// Whether a clock adjustment is among the rulings (its form asks for minutes).
    pub fn offers_clock(&self) -> bool {
        self.rulings.iter().any(|r| matches!(r, Ruling::AdjustClock { .. }))
    }
}

async fn player_name(conn: &impl ConnectionTrait, id: i32) -> AppResult<String> {
    Ok(player::Entity::find_by_id(id).one(conn).await?.map(|p| p.name).unwrap_or_default())
}

async fn entry_of(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    d: dispute::Model,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<QueueEntry> {
    let kind = kind_of(&d)?;
    let g = game::Entity::find_by_id(d.game_id).one(conn).await?.ok_or(AppError::NotFound)?;
    let r = round::Entity::find_by_id(g.round_id).one(conn).await?.ok_or(AppError::NotFound)?;
    let mut board =
        queries::live_board(conn, BoardRef { event_id: d.event_id, round: r.number, board: g.board }).await?;
    // An appeal awaiting the chief referee: what may replace the ruling applies to the game as
    // it was before it.
    if d.appealed_at.is_some()
        && d.appeal_decision.is_none()
        && let Some(before) = parse_json::<BeforeRuling>(&d.before_ruling)
        && let Ok(restored) = LiveGame::restore(board.live.setup().clone(), before.moves, before.state)
    {
        board.live = restored;
        board.game.result = before.result;
    }
    Ok(QueueEntry {
        rulings: applicable_rulings(&d, &board, now)?,
        allowed: article_rulings(&d, &board)?,
        own_article: kind.is_covered_by(Edition::of_ruleset(&event.ruleset)) && Edition::has_own_text(&event.ruleset),
        kind,
        edition: Edition::of_ruleset(&event.ruleset),
        article: kind.article(Edition::of_ruleset(&event.ruleset)),
        round: r.number,
        board: g.board,
        black: player_name(conn, g.black_id).await?,
        white: player_name(conn, g.white_id).await?,
        dispute: d,
    })
}

/// The event's disputes a referee still has to act on: the open ones, most urgent kind first,
/// then oldest first; then the appeals the chief referee has not heard.
pub async fn queue(
    conn: &impl ConnectionTrait,
    event_id: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<(Vec<QueueEntry>, Vec<QueueEntry>)> {
    let event = queries::event(conn, event_id).await?;
    let rows = dispute::Entity::find()
        .filter(dispute::Column::EventId.eq(event_id))
        .order_by_asc(dispute::Column::FiledAt)
        .order_by_asc(dispute::Column::Id)
        .all(conn)
        .await?;
    let (mut open, mut appeals) = (Vec::new(), Vec::new());
    for d in rows {
        if d.status == "open" {
            open.push(entry_of(conn, &event, d, now).await?);
        } else if d.appealed_at.is_some() && d.appeal_decision.is_none() {
            appeals.push(entry_of(conn, &event, d, now).await?);
        }
    }
    open.sort_by_key(|e| (e.kind.urgency(), e.dispute.filed_at));
    Ok((open, appeals))
}

/// One dispute as its page shows it, to the event's staff and the board's players only.
pub struct DisputeView {
    pub entry: QueueEntry,
    pub filed_by: String,
    pub ruling: Option<Ruling>,
    pub ruled_by: String,
    pub appeal: Option<AppealDecision>,
    pub appealed_by: String,
    pub appeal_ruled_by: String,
    /// The viewer is a player of the board (may appeal once it is ruled).
    pub viewer_plays: bool,
    pub viewer_referee: bool,
    pub viewer_chief: bool,
}

async fn account_name(conn: &impl ConnectionTrait, id: Option<i32>) -> AppResult<String> {
    Ok(match id {
        Some(id) => user::Entity::find_by_id(id).one(conn).await?.map(|u| u.display_name).unwrap_or_default(),
        None => String::new(),
    })
}

fn parse_json<T: serde::de::DeserializeOwned>(text: &Option<String>) -> Option<T> {
    text.as_deref().and_then(|t| serde_json::from_str(t).ok())
}

/// A dispute for `account`: the event's staff and the players of its board see it; others
/// get 403 (a player sees the details of disputes on their own board only).
pub async fn view(
    conn: &impl ConnectionTrait,
    account: &user::Model,
    event_id: i32,
    dispute_id: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<DisputeView> {
    let event = queries::event(conn, event_id).await?;
    let d = find(conn, event_id, dispute_id).await?;
    let roles = queries::roles(conn, event_id, account).await?;
    let g = game::Entity::find_by_id(d.game_id).one(conn).await?.ok_or(AppError::NotFound)?;
    let plays = [g.black_id, g.white_id];
    let mut viewer_plays = false;
    for id in plays {
        if player::Entity::find_by_id(id).one(conn).await?.is_some_and(|p| p.user_id == Some(account.id)) {
            viewer_plays = true;
        }
    }
    if !(roles.director || roles.referee || viewer_plays) {
        return Err(AppError::Forbidden);
    }
    Ok(DisputeView {
        filed_by: account_name(conn, d.filed_by).await?,
        ruling: parse_json(&d.ruling),
        ruled_by: account_name(conn, d.ruled_by).await?,
        appeal: parse_json(&d.appeal_decision),
        appealed_by: account_name(conn, d.appealed_by).await?,
        appeal_ruled_by: account_name(conn, d.appeal_ruled_by).await?,
        viewer_plays,
        viewer_referee: roles.referee,
        viewer_chief: roles.chief_referee,
        entry: entry_of(conn, &event, d, now).await?,
    })
}

/// One step in a board's timeline.
pub struct Step {
    pub at: chrono::DateTime<chrono::Utc>,
    /// Who (blank: the engine or the clock).
    pub who: String,
    /// The audit action ("dispute.filed", "result.recorded" …).
    pub action: String,
    /// What the step names: the dispute's kind, the ruling, the result.
    pub what: String,
    /// The side a ruling names ("white"), or blank.
    pub side: String,
    pub article: String,
    pub dispute: Option<i32>,
}

/// The board's referee steps and results, oldest first, from the audit log: disputes filed,
/// ruled, appealed and heard, pauses and adjournments, results written and corrected.
pub async fn timeline(conn: &impl ConnectionTrait, at: BoardRef) -> AppResult<Vec<Step>> {
    let rows = audit_row::Entity::find()
        .filter(audit_row::Column::EventId.eq(at.event_id))
        .filter(
            Condition::any()
                .add(audit_row::Column::Action.starts_with("dispute."))
                .add(audit_row::Column::Action.starts_with("result."))
                .add(audit_row::Column::Action.starts_with("live.")),
        )
        .order_by_asc(audit_row::Column::Id)
        .all(conn)
        .await?;
    let mut steps = Vec::new();
    for row in rows {
        let Ok(detail) = serde_json::from_str::<serde_json::Value>(&row.detail) else { continue };
        let number = |key: &str| detail.get(key).and_then(serde_json::Value::as_i64);
        if number("round") != Some(i64::from(at.round)) || number("board") != Some(i64::from(at.board)) {
            continue;
        }
        let text = |key: &str| detail.get(key).and_then(serde_json::Value::as_str).unwrap_or_default().to_string();
        let what = match row.action.as_str() {
            "dispute.filed" | "dispute.appealed" => text("kind"),
            "dispute.ruled" | "dispute.appeal_heard" => text("ruling"),
            "result.recorded" | "result.corrected" => text("result"),
            _ => String::new(),
        };
        let side = match row.action.as_str() {
            "dispute.ruled" | "dispute.appeal_heard" => text("side"),
            _ => String::new(),
        };
        steps.push(Step {
            at: row.at,
            who: account_name(conn, row.actor_id).await?,
            action: row.action,
            what,
            side,
            article: text("article"),
            dispute: number("dispute").and_then(|n| i32::try_from(n).ok()),
        });
    }
    Ok(steps)
}
