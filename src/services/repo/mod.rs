//! Writes of rows that several use-case areas keep together, and nothing else: no rule is
//! checked here (the use case that calls has checked it). A team event's line-ups and a
//! relay's nominations are both rows of one team for one round; a notice to users is written
//! by whichever area's change it tells of (a dispute filed on a live board, a ruling); a
//! dispute is filed by a player or staff (services::disputes) and by the engine while a live
//! game is saved (services::live); a board's result is written in [`results`]; the absences a draft fixes in [`presence`];
//! the mails and sign-ups counted against their limits (accounts' mails, events' invitations) in [`mail_limits`];
//! the waiting list's promotions (a player withdrawing, the director's terms changed) in [`waiting_list`];
//! which row stands for which of another instance's (a venue's copy) in [`sync_ids`].
pub mod mail_limits;
pub mod presence;
pub mod results;
pub mod sync_ids;
pub mod waiting_list;

use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};

use serde_json::json;

use crate::db::entities::{dispute, lineup, notification, user};
use crate::domain::color::Color;
use crate::domain::message::Message;
use crate::domain::referee::{DisputeKind, Edition};
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::mail::Mail;
use crate::services::audit;
use crate::services::queries::{self, LiveBoard};

/// Stores `team`'s players for `round` in place of any chosen before.
pub async fn replace_lineup(
    conn: &impl ConnectionTrait,
    event_id: i32,
    round: i32,
    team: &str,
    players: &[i64],
) -> AppResult<()> {
    lineup::Entity::delete_many()
        .filter(lineup::Column::EventId.eq(event_id))
        .filter(lineup::Column::Round.eq(round))
        .filter(lineup::Column::Team.eq(team))
        .exec(conn)
        .await?;
    let players_json = serde_json::to_string(players).map_err(|e| AppError::Internal(e.into()))?;
    lineup::ActiveModel {
        event_id: Set(event_id),
        round: Set(round),
        team: Set(team.to_string()),
        players: Set(players_json),
        ..Default::default()
    }
    .insert(conn)
    .await?;
    Ok(())
}

/// The facts of a notice about a dispute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// What happened: "filed", "ruled", "appealed", "appeal-heard".
    pub what: String,
    pub event: String,
    pub round: i32,
    pub board: i32,
    /// domain::referee::DisputeKind::code.
    pub kind: String,
    /// domain::referee::Ruling::code, or "uphold" for an appeal heard and upheld.
    #[serde(default)]
    pub ruling: Option<String>,
    /// The side the ruling names ("white": who moves first, the offender, the loser).
    #[serde(default)]
    pub side: Option<String>,
    /// The referee's reasons for the ruling, as written.
    #[serde(default)]
    pub reasons: Option<String>,
}

impl Notice {
    /// What the notice says, to be put in each reader's language.
    pub fn message(&self) -> Message {
        let kind = Message::keyed(format!("dispute-{}", self.kind));
        let said = Message::keyed(format!("notice-{}", self.what))
            .text("event", &self.event)
            .number("round", self.round)
            .number("board", self.board)
            .nested("kind", kind);
        let said = match (self.ruling.as_deref(), self.side.as_deref()) {
            (Some(r), Some(side)) => said.nested(
                "ruling",
                Message::new("notice-ruling-side")
                    .nested("ruling", Message::keyed(format!("desk-{r}")))
                    .nested("side", Message::keyed(side.to_string())),
            ),
            (Some(r), None) => said.nested("ruling", Message::keyed(format!("desk-{r}"))),
            (None, _) => said.text("ruling", ""),
        };
        match &self.reasons {
            Some(reasons) => said.then(Message::new("notice-reasons").text("reasons", reasons)),
            None => said,
        }
    }
}

/// Tells each of `recipients` (but `actor`, who knows) `notice`, leading to `link`, in the
/// caller's transaction. Returns the mails to send once it commits.
pub async fn notify_in(
    txn: &impl ConnectionTrait,
    recipients: &[i32],
    actor: Option<i32>,
    event_id: i32,
    notice: &Notice,
    link: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let mut told: Vec<i32> = recipients.iter().copied().filter(|id| Some(*id) != actor).collect();
    told.sort_unstable();
    told.dedup();
    let message = serde_json::to_string(notice).map_err(|e| AppError::Internal(e.into()))?;
    let mut mails = Vec::new();
    for user_id in told {
        let Some(account) = user::Entity::find_by_id(user_id).one(txn).await? else { continue };
        notification::ActiveModel {
            user_id: Set(user_id),
            event_id: Set(Some(event_id)),
            message: Set(message.clone()),
            link: Set(link.to_string()),
            created_at: Set(now),
            read_at: Set(None),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        // In the account's language, with English after it (中文 and English when unknown).
        let said: Vec<String> = Locale::mail_languages(crate::services::queries::account_locale(&account))
            .into_iter()
            .map(|language| language.message(&notice.message()))
            .collect();
        // The notice names the event, round and board already: the subject is the notice,
        // without the referee's reasons (the body has them).
        let first = Locale::mail_languages(crate::services::queries::account_locale(&account))
            .into_iter()
            .next()
            .map(|language| language.message(&Notice { reasons: None, ..notice.clone() }.message()))
            .unwrap_or_default();
        mails.push(Mail { to: account.email, subject: first, body: said.join("\n"), link: Some(link.to_string()) });
    }
    Ok(mails)
}

/// A dispute as filed.
#[derive(Debug, Clone, Default)]
pub struct Filing<'a> {
    pub kind: Option<DisputeKind>,
    /// The claim, as stored (a message key's JSON or the text written).
    pub claim: &'a str,
    /// Who filed it: None for the engine.
    pub by: Option<i32>,
    /// The side it is about, when known.
    pub offender: Option<Color>,
    /// Dead stones: the groups the player who refused the marks contests
    /// (`domain::live::Contested` as JSON).
    pub contested: Option<String>,
}

impl<'a> Filing<'a> {
    pub fn new(kind: DisputeKind, claim: &'a str) -> Filing<'a> {
        Filing { kind: Some(kind), claim, ..Filing::default() }
    }

    pub fn by(self, by: Option<i32>) -> Filing<'a> {
        Filing { by, ..self }
    }

    pub fn about(self, offender: Option<Color>) -> Filing<'a> {
        Filing { offender, ..self }
    }
}

/// Records a dispute about `board` in the caller's transaction, and tells the board's players
/// and the referees. Returns the mails to send once the transaction commits.
pub async fn file_dispute(
    txn: &impl ConnectionTrait,
    board: &LiveBoard,
    filing: Filing<'_>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<Mail>> {
    let Filing { kind, claim, by, offender, contested } = filing;
    let kind = kind.ok_or_else(|| AppError::Internal(anyhow::anyhow!("a dispute filed without its kind")))?;
    let edition = Edition::of_ruleset(&board.event.ruleset);
    let filed = dispute::ActiveModel {
        event_id: Set(board.event.id),
        game_id: Set(board.game.id),
        kind: Set(kind.code().to_string()),
        move_number: Set(board.live.moves().len() as i32),
        position: Set(board.live.record_sgf(&board.black.name, &board.white.name, &board.event.name)),
        filed_by: Set(by),
        claim: Set(claim.to_string()),
        filed_at: Set(now),
        status: Set("open".into()),
        offender: Set(offender.map(|c| c.as_str().to_string())),
        contested: Set(contested),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::entry(now, by, Some(board.event.id))
        .record(
            txn,
            "dispute.filed",
            json!({ "dispute": filed.id, "round": board.round.number, "board": board.game.board, "kind": kind.code(),
                "move": filed.move_number, "article": kind.article(edition) }),
        )
        .await?;
    let notice = Notice {
        what: "filed".into(),
        event: board.event.name.clone(),
        round: board.round.number,
        board: board.game.board,
        kind: kind.code().into(),
        ruling: None,
        side: None,
        reasons: None,
    };
    let told = queries::told_of(txn, board).await?;
    notify_in(txn, &told, by, board.event.id, &notice, &queries::dispute_link(board.event.id, filed.id), now).await
}
