//! A player reports his board's result (players' own results, issue 49), in one transaction:
//! the report is kept (services::reports); when the opponent's agrees, the result is recorded;
//! when it differs, a dispute goes to the referee desk (the repo's filing, on the board as the
//! live area holds it), both players and the referees told.
use crate::db::entities::user;
use crate::domain::color::Color;
use crate::domain::message::Message;
use crate::domain::referee::DisputeKind;
use crate::domain::result::GameResult;
use crate::domain::tournament::self_report::{self, Outcome, Refusal, Status};
use crate::error::{AppError, AppResult};
use crate::services::queries::{self, BoardRef};
use crate::services::repo::results::write_result;
use crate::services::{live, repo, reports};
use crate::state::AppState;

/// What a report came to, for the player's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reported {
    /// It waits for the opponent's report (or a director).
    Waiting,
    /// The opponent's report agreed: the result is recorded.
    Recorded(GameResult),
    /// The reports differ: a referee decides (the dispute's id).
    Disputed(i32),
}

/// `account`'s colour on board `at` of a published round; 403 for anyone who does not play it
/// (checked before anything a form says).
pub async fn seat_of(state: &AppState, account: &user::Model, at: BoardRef) -> AppResult<Color> {
    let round =
        queries::round(&state.db, at.event_id, at.round).await?.filter(|r| r.published).ok_or(AppError::NotFound)?;
    let g = queries::board_of(&state.db, &round, at.board).await?;
    let own = queries::entries(&state.db, at.event_id).await?.into_iter().find(|p| p.user_id == Some(account.id));
    match own {
        Some(p) if p.id == g.black_id => Ok(Color::Black),
        Some(p) if p.id == g.white_id => Ok(Color::White),
        _ => Err(AppError::Forbidden),
    }
}

/// `account`, a player of board `at`, reports `result`. Refused when the event does not take
/// reports, the board is not his, its round is over (a later round is published) or its
/// result is in, or he reported already; limited per account.
pub async fn report(state: &AppState, account: &user::Model, at: BoardRef, result: GameResult) -> AppResult<Reported> {
    let now = state.clock.now();
    let limits = repo::mail_limits::MailLimits::from_settings(&state.settings.security);
    repo::mail_limits::count_report(&state.db, limits, account.id, now).await?;
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, at.event_id).await?;
    if !event.players_report {
        return Err(AppError::refused("error-reports-off"));
    }
    let rounds = queries::rounds(&txn, at.event_id).await?;
    let round = rounds.iter().find(|r| r.number == at.round && r.published).ok_or(AppError::NotFound)?;
    if rounds.iter().any(|r| r.number > at.round && r.published) {
        return Err(AppError::BadRequest(Message::new("error-report-round-over").number("n", at.round)));
    }
    let mut board = live::load_for_change(&txn, at).await?;
    let g = board.game.clone();
    if let Some(existing) = &g.result {
        return Err(AppError::BadRequest(
            Message::new("error-result-exists").number("board", at.board).text("result", existing),
        ));
    }
    let own = queries::entries(&txn, at.event_id)
        .await?
        .into_iter()
        .find(|p| p.user_id == Some(account.id))
        .ok_or(AppError::Forbidden)?;
    let side = if g.black_id == own.id {
        Color::Black
    } else if g.white_id == own.id {
        Color::White
    } else {
        return Err(AppError::Forbidden);
    };
    let row = reports::of_game(&txn, g.id).await?;
    let outcome = self_report::report(&reports::reports_of(row.as_ref()), side, result).map_err(|refusal| {
        AppError::refused(match refusal {
            Refusal::Twice => "error-report-twice",
            Refusal::Settled => "error-report-settled",
        })
    })?;
    let status = match outcome {
        Outcome::Waiting => Status::Reported,
        Outcome::Agreed(_) => Status::Confirmed,
        Outcome::Disagree { .. } => Status::Disputed,
    };
    let saved = reports::save(&txn, row, at.event_id, at.round, &g, side, result, status, account.id, now).await?;
    let reported = match outcome {
        Outcome::Waiting => Reported::Waiting,
        Outcome::Agreed(agreed) => {
            write_result(&txn, Some(account.id), at.event_id, round, &g, agreed, now, "reported").await?;
            reports::settle(&txn, saved, Status::Confirmed, None, None, now).await?;
            Reported::Recorded(agreed)
        }
        Outcome::Disagree { black, white } => {
            // The claim as stored: both reports in the results' own notation, for every reader.
            let claim = format!("{} ≠ {}", black.to_storage_string(), white.to_storage_string());
            let filing = repo::Filing::new(DisputeKind::ResultDisagreement, &claim).by(None);
            let mails = repo::file_dispute(&txn, &board, filing, now).await?;
            board.outbox.extend(mails);
            let dispute = queries::latest_dispute_of_game(&txn, g.id).await?;
            reports::settle(&txn, saved, Status::Disputed, dispute, None, now).await?;
            Reported::Disputed(dispute.unwrap_or_default())
        }
    };
    txn.commit().await?;
    live::send_outbox(state, &mut board);
    Ok(reported)
}
