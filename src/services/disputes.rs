//! Disputes for the referee desk (see `domain::referee`): filed by a player of the board, by
//! the event's staff, or by the engine (a dead-stone disagreement at the end of a live game);
//! each with the board, the move number, a snapshot of the position, who filed it, the claim and
//! the time, and an audit row naming its article. The queue shows a referee the open ones, most
//! urgent first.
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde_json::json;

use crate::db::entities::{dispute, game, player, round, user};
use crate::domain::player::clean_text;
use crate::domain::referee::{
    Circumstances, CycleOutcome, DisputeKind, Edition, Ruling, allowed_rulings, ruling_article,
};
use crate::domain::result::GameResult;
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::services::live::{self, LiveBoard, Seat};
use crate::services::rounds::BoardRef;
use crate::services::{audit, events};
use crate::state::AppState;

/// The longest claim a player may write.
pub const CLAIM_MAX_CHARS: usize = 2000;

/// Records a dispute about `board` in the caller's transaction (`by`: None for the engine).
pub async fn file_in(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    kind: DisputeKind,
    claim: &str,
    by: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<dispute::Model> {
    let edition = Edition::of_ruleset(&board.event.ruleset);
    let filed = dispute::ActiveModel {
        event_id: Set(board.event.id),
        game_id: Set(board.game.id),
        kind: Set(kind.code().to_string()),
        move_number: Set(board.live.moves().len() as i32),
        position: Set(board.live.sgf(&board.black.name, &board.white.name, &board.event.name)),
        filed_by: Set(by),
        claim: Set(claim.to_string()),
        filed_at: Set(now),
        status: Set("open".into()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::record(
        txn,
        now,
        by,
        Some(board.event.id),
        "dispute.filed",
        json!({ "dispute": filed.id, "round": board.round.number, "board": board.game.board, "kind": kind.code(),
                "move": filed.move_number, "article": kind.article(edition) }),
    )
    .await?;
    Ok(filed)
}

/// A player of the board, or a director or referee of the event, files a dispute.
pub async fn file(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    kind: DisputeKind,
    claim: &str,
    locale: Locale,
) -> AppResult<dispute::Model> {
    let claim = clean_text(claim, "The claim", CLAIM_MAX_CHARS, true).map_err(|e| AppError::BadRequest(e.0))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let board = live::load(&txn, at, locale).await?;
    if live::seat_of(&txn, &board, Some(account)).await? == Seat::Spectator {
        return Err(AppError::Forbidden);
    }
    let filed = file_in(&txn, &board, kind, &claim, Some(account.id), now).await?;
    txn.commit().await?;
    Ok(filed)
}

/// The rulings the desk can apply today for a dispute: those its article allows that end the
/// game with a result (a cycle's draw or no result) or dismiss the claim. Replays, play resumed
/// after a dead-stone dispute, voided moves, warnings and recounts are still to come.
pub fn applicable_rulings(kind: DisputeKind, event: &crate::db::entities::event::Model) -> Vec<Ruling> {
    let circumstances = Circumstances {
        edition: Edition::of_ruleset(&event.ruleset),
        cycle_outcome: CycleOutcome::parse(&event.cycle_outcome).unwrap_or(CycleOutcome::Draw),
        offender: None,
        claims_dead: None,
    };
    allowed_rulings(kind, &circumstances)
        .into_iter()
        .filter(|r| matches!(r, Ruling::Draw | Ruling::NoResult | Ruling::Dismiss))
        .collect()
}

/// A referee of the event rules on an open dispute: the ruling (one the desk offers for it) is
/// applied to the game through the same path as play (a result written, audited), and the
/// dispute records the ruling, who gave it and when, with an audit row naming its article.
pub async fn rule(
    state: &AppState,
    referee: &user::Model,
    event_id: i32,
    dispute_id: i32,
    code: &str,
    locale: Locale,
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    if !events::roles(&txn, event_id, referee).await?.referee {
        return Err(AppError::Forbidden);
    }
    let event = events::get(&txn, event_id).await?;
    let found = dispute::Entity::find_by_id(dispute_id)
        .one(&txn)
        .await?
        .filter(|d| d.event_id == event_id)
        .ok_or(AppError::NotFound)?;
    if found.status != "open" {
        return Err(AppError::BadRequest(locale.t("error-dispute-ruled")));
    }
    let kind = DisputeKind::parse(&found.kind)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("dispute {dispute_id}: unknown kind {}", found.kind)))?;
    let ruling = applicable_rulings(kind, &event).into_iter().find(|r| r.code() == code.trim()).ok_or_else(|| {
        AppError::BadRequest(locale.t_args("error-ruling-not-offered", &[("ruling", Arg::Str(code.trim()))]))
    })?;
    let g = game::Entity::find_by_id(found.game_id).one(&txn).await?.ok_or(AppError::NotFound)?;
    let r = round::Entity::find_by_id(g.round_id).one(&txn).await?.ok_or(AppError::NotFound)?;
    let at = BoardRef { event_id, round: r.number, board: g.board };
    let result = match ruling {
        Ruling::Draw => Some(GameResult::Draw),
        Ruling::NoResult => Some(GameResult::NoResult),
        _ => None,
    };
    if let Some(result) = result {
        let mut board = live::load_for_change(&txn, at, locale).await?;
        let (stored, before) = (board.live.moves().len(), board.live.state().phase);
        board.live.end_by_ruling(result).map_err(|e| AppError::BadRequest(e.to_string()))?;
        live::save(&txn, &mut board, stored, before, now, Some(referee.id), locale).await?;
    }
    let edition = Edition::of_ruleset(&event.ruleset);
    let article = ruling_article(kind, ruling, edition);
    let mut active: dispute::ActiveModel = found.into();
    active.status = Set("ruled".into());
    active.ruling = Set(Some(serde_json::to_string(&ruling).map_err(|e| AppError::Internal(e.into()))?));
    active.ruled_by = Set(Some(referee.id));
    active.ruled_at = Set(Some(now));
    active.update(&txn).await?;
    audit::record(
        &txn,
        now,
        Some(referee.id),
        Some(event_id),
        "dispute.ruled",
        json!({ "dispute": dispute_id, "round": at.round, "board": at.board, "kind": kind.code(),
                "ruling": ruling.code(), "article": article }),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// An open dispute as the queue lists it.
pub struct QueueEntry {
    pub dispute: dispute::Model,
    pub kind: DisputeKind,
    pub article: String,
    /// The rulings the desk offers for it.
    pub rulings: Vec<Ruling>,
    pub round: i32,
    pub board: i32,
    pub black: String,
    pub white: String,
}

/// The event's open disputes, most urgent kind first, then oldest first.
pub async fn queue(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<QueueEntry>> {
    let event = events::get(conn, event_id).await?;
    let edition = Edition::of_ruleset(&event.ruleset);
    let open = dispute::Entity::find()
        .filter(dispute::Column::EventId.eq(event_id))
        .filter(dispute::Column::Status.eq("open"))
        .order_by_asc(dispute::Column::FiledAt)
        .all(conn)
        .await?;
    let mut entries = Vec::new();
    for d in open {
        let Some(kind) = DisputeKind::parse(&d.kind) else { continue };
        let Some(g) = game::Entity::find_by_id(d.game_id).one(conn).await? else { continue };
        let Some(r) = round::Entity::find_by_id(g.round_id).one(conn).await? else { continue };
        let name = |id: i32| async move {
            player::Entity::find_by_id(id).one(conn).await.map(|p| p.map(|p| p.name).unwrap_or_default())
        };
        entries.push(QueueEntry {
            rulings: applicable_rulings(kind, &event),
            kind,
            article: kind.article(edition),
            round: r.number,
            board: g.board,
            black: name(g.black_id).await?,
            white: name(g.white_id).await?,
            dispute: d,
        });
    }
    entries.sort_by_key(|e| (e.kind.urgency(), e.dispute.filed_at));
    Ok(entries)
}
