//! What the app tells its users about the referee desk: a dispute filed or ruled on their
//! board (or at their event, for its referees), an appeal made or heard. Each notice is a row
//! the user sees at once in the app (the count in the menu, the list on /notifications), and a
//! mail sent after the commit. The row keeps the notice's facts, not its words, so it reads in
//! whichever language the user reads the app in; the mail carries both.
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    Set,
};
use serde::{Deserialize, Serialize};

use crate::db::entities::{event_staff, notification, user};
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::mail::Mail;
use crate::services::queries::StaffRole;
use crate::state::AppState;

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
}

impl Notice {
    /// The notice in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        let kind = locale.t(&format!("dispute-{}", self.kind));
        let ruling = self.ruling.as_deref().map(|r| locale.t(&format!("desk-{r}"))).unwrap_or_default();
        locale.t_args(
            &format!("notice-{}", self.what),
            &[
                ("event", Arg::Str(&self.event)),
                ("round", Arg::Num(self.round.into())),
                ("board", Arg::Num(self.board.into())),
                ("kind", Arg::Str(&kind)),
                ("ruling", Arg::Str(&ruling)),
            ],
        )
    }
}

/// The accounts of the event's staff in `roles`.
pub async fn staff_in(conn: &impl ConnectionTrait, event_id: i32, roles: &[StaffRole]) -> AppResult<Vec<i32>> {
    Ok(event_staff::Entity::find()
        .filter(event_staff::Column::EventId.eq(event_id))
        .filter(event_staff::Column::Role.is_in(roles.iter().map(|r| r.code())))
        .all(conn)
        .await?
        .into_iter()
        .map(|row| row.user_id)
        .collect())
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
        let (en, zh) = (notice.render(Locale::En), notice.render(Locale::Zh));
        mails.push(Mail {
            to: account.email,
            subject: format!("{} · {en}", notice.event),
            body: format!("{en}\n{zh}\n\n{link}\n"),
        });
    }
    Ok(mails)
}

/// A notice as the list shows it.
pub struct Shown {
    pub text: String,
    pub link: String,
    pub at: chrono::DateTime<chrono::Utc>,
    pub unread: bool,
}

/// How many notices `user_id` has not read.
pub async fn unread(conn: &impl ConnectionTrait, user_id: i32) -> AppResult<u64> {
    Ok(notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::ReadAt.is_null())
        .count(conn)
        .await?)
}

/// The user's latest notices, newest first.
pub async fn latest(conn: &impl ConnectionTrait, user_id: i32, locale: Locale) -> AppResult<Vec<Shown>> {
    let rows = notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .order_by_desc(notification::Column::Id)
        .limit(100)
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| Shown {
            // A row this version cannot read shows as stored rather than vanish.
            text: serde_json::from_str::<Notice>(&row.message).map(|n| n.render(locale)).unwrap_or(row.message),
            link: row.link,
            at: row.created_at,
            unread: row.read_at.is_none(),
        })
        .collect())
}

/// Marks all of the user's notices read.
pub async fn mark_read(state: &AppState, account: &user::Model) -> AppResult<()> {
    notification::Entity::update_many()
        .col_expr(notification::Column::ReadAt, Expr::value(state.clock.now()))
        .filter(notification::Column::UserId.eq(account.id))
        .filter(notification::Column::ReadAt.is_null())
        .exec(&state.db)
        .await?;
    Ok(())
}
