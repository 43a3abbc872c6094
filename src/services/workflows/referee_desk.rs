//! A dispute filed from a board, a referee's ruling and the chief referee's hearing of an
//! appeal, each from the decision to the board in one transaction: `services::disputes` says
//! who may file and what may be ruled and records it, `services::live` (the one owner of a
//! board's changes) applies it to the game.
use crate::db::entities::user;
use crate::domain::referee::DisputeKind;
use crate::error::AppResult;
use crate::services::disputes::{self, AppealDecision, RulingChoice};
use crate::services::live;
use crate::services::queries::{BoardRef, LiveBoard};
use crate::services::repo;
use crate::state::AppState;

/// A player of the board, or a director or referee of the event, files a dispute. A cycle
/// claimed on a game in play holds it, both clocks stopped, until a referee rules (Art. 20.3),
/// as when the engine finds one. Returns the board, for its watchers.
pub async fn file(
    state: &AppState,
    account: &user::Model,
    at: BoardRef,
    kind: DisputeKind,
    claim: &str,
) -> AppResult<LiveBoard> {
    let claim = disputes::claim_text(claim)?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut board = live::load_for_change(&txn, at).await?;
    let offender = disputes::offender_for(&txn, &board, account, kind).await?;
    if kind == DisputeKind::Cycle {
        live::hold_for_claimed_cycle(&txn, &mut board, account.id, now).await?;
    }
    let filing = repo::Filing::new(kind, &claim).by(Some(account.id)).about(offender);
    let mails = repo::file_dispute(&txn, &board, filing, now).await?;
    txn.commit().await?;
    board.outbox.extend(mails);
    live::send_outbox(state, &mut board);
    Ok(board)
}

/// What the desk does with a dispute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskDecision {
    /// A referee of the event rules on an open dispute: the ruling (one the desk offers for
    /// it) is applied to the game through the same path as play, and the dispute records the
    /// ruling, who gave it and when, with an audit row naming its article.
    Rule,
    /// The chief referee hears an appeal: upholds the ruling ("uphold") or replaces it with
    /// another the article allows, applied to the game as it was before the ruling (provided
    /// nothing has happened on the board since).
    HearAppeal,
}

/// `by` decides dispute `dispute_id` of the event as `choice` says (see [`DeskDecision`]).
/// Returns the board, for its watchers.
pub async fn decide(
    state: &AppState,
    by: &user::Model,
    event_id: i32,
    dispute_id: i32,
    decision: DeskDecision,
    choice: &RulingChoice,
) -> AppResult<LiveBoard> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = match decision {
        DeskDecision::Rule => disputes::open_for_ruling(&txn, by, event_id, dispute_id).await?,
        DeskDecision::HearAppeal => disputes::appeal_to_hear(&txn, by, event_id, dispute_id).await?,
    };
    let mut board = live::load_for_change(&txn, disputes::board_of(&txn, &found).await?).await?;
    let mails = match decision {
        DeskDecision::Rule => {
            let (kind, decided) = disputes::choose(&found, &board, choice, now)?;
            let before = live::apply_ruling(&txn, &mut board, kind, decided.ruling, found.id, by.id, now).await?;
            disputes::record_ruling(&txn, &board, &found, &decided, &before, by.id, now).await?
        }
        DeskDecision::HearAppeal => {
            let heard = if choice.ruling.trim() == "uphold" {
                AppealDecision::Uphold
            } else {
                let before = disputes::before_ruling_of(&found)?;
                live::undo_ruling(&txn, &mut board, before, found.id, by.id, now).await?;
                let (kind, decided) = disputes::choose(&found, &board, choice, now)?;
                live::apply_ruling(&txn, &mut board, kind, decided.ruling, found.id, by.id, now).await?;
                AppealDecision::Overturn { ruling: decided.ruling }
            };
            disputes::record_appeal_decision(&txn, &board, &found, heard, by.id, now).await?
        }
    };
    txn.commit().await?;
    board.outbox.extend(mails);
    live::send_outbox(state, &mut board);
    Ok(board)
}
