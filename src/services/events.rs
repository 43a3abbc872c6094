//! Events, their settings and their staff (directors and referees).
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryFilter, QueryOrder, Set};
use serde_json::json;

use crate::auth::token;
use crate::db::entities::{event, event_staff, staff_invitation, user};
use crate::domain::message::Message;
use crate::domain::tournament::event::EventSettings;
use crate::domain::tournament::player::EmailAddress;
use crate::error::{AppError, AppResult};
use crate::i18n::Locale;
use crate::mail::Mail;
use crate::services::audit;
use crate::services::queries::{self, StaffRole};
use crate::state::AppState;

pub async fn list(conn: &impl ConnectionTrait) -> AppResult<Vec<event::Model>> {
    Ok(event::Entity::find().order_by_desc(event::Column::StartDate).order_by_desc(event::Column::Id).all(conn).await?)
}

fn apply(active: &mut event::ActiveModel, settings: &EventSettings) {
    active.name = Set(settings.name.clone());
    active.venue = Set(settings.venue.clone());
    active.start_date = Set(settings.start_date);
    active.end_date = Set(settings.end_date);
    active.time_zone = Set(settings.time_zone.clone());
    active.rounds = Set(settings.rounds as i32);
    active.system = Set(settings.system.code().to_string());
    active.ruleset = Set(settings.ruleset.to_string());
    active.komi_half_points = Set(settings.komi.half_points());
    active.board_size = Set(i32::from(settings.board_size));
    active.late_limit_minutes = Set(settings.late_limit_minutes as i32);
    active.broadcast_delay_minutes = Set(settings.broadcast_delay_minutes as i32);
    active.cycle_outcome = Set(settings.cycle_outcome.code().to_string());
    active.warning_penalty = Set(settings.warning_penalty.code().to_string());
    active.time_control = Set(settings.time_control.clone());
    active.system_settings = Set(settings.system_settings.to_json());
}

/// Creates the event with its creator as its first director.
pub async fn create(state: &AppState, creator: &user::Model, settings: &EventSettings) -> AppResult<event::Model> {
    let txn = crate::db::begin_write(&state.db).await?;
    let created = create_in(&txn, state.clock.now(), creator, settings).await?;
    txn.commit().await?;
    Ok(created)
}

/// [`create`] inside the caller's transaction (an import creates the event with its players).
pub async fn create_in(
    txn: &impl ConnectionTrait,
    now: chrono::DateTime<chrono::Utc>,
    creator: &user::Model,
    settings: &EventSettings,
) -> AppResult<event::Model> {
    let mut active = event::ActiveModel {
        registration_open: Set(true),
        created_by: Set(creator.id),
        created_at: Set(now),
        ..Default::default()
    };
    apply(&mut active, settings);
    let created = active.insert(txn).await?;
    event_staff::ActiveModel {
        event_id: Set(created.id),
        user_id: Set(creator.id),
        role: Set(StaffRole::Director.code().to_string()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::entry(now, Some(creator.id), Some(created.id))
        .record(txn, "event.created", json!({ "name": created.name }))
        .await?;
    Ok(created)
}

pub async fn update(state: &AppState, actor: &user::Model, event_id: i32, settings: &EventSettings) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let current = queries::event(&txn, event_id).await?;
    let played = crate::services::queries::count_rounds(&txn, event_id).await?;
    let stored = crate::domain::tournament::event::SystemSettings::from_json(&current.system_settings);
    // Once a knockout stage follows the director's rounds or the group table (积分编排淘汰制),
    // the rounds before it are the ones that count, and neither they nor the stage's size can
    // change.
    let stage_started = current.stage_seeding.is_some();
    let scored = if stage_started { current.rounds.max(0) as u64 } else { played };
    if (settings.rounds as u64) < scored {
        return Err(AppError::BadRequest(Message::new("error-rounds-below-played").number("n", scored as i64)));
    }
    if stage_started
        && (settings.rounds as i32 != current.rounds
            || settings.system_settings.knockout_after != stored.knockout_after)
    {
        return Err(AppError::refused("error-knockout-stage-fixed"));
    }
    // The system and what fixes its table cannot change once round 1 is drafted: the rounds
    // already made would no longer follow from the settings.
    let fixed = |s: &crate::domain::tournament::event::SystemSettings| {
        (s.cycles, s.groups, s.seating, s.lives, s.third_place_game, s.best_of)
    };
    if played > 0 && (current.system != settings.system.code() || fixed(&stored) != fixed(&settings.system_settings)) {
        return Err(AppError::refused("error-system-fixed"));
    }
    let mut active: event::ActiveModel = current.into();
    apply(&mut active, settings);
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "event.updated", json!({ "name": settings.name }))
        .await?;
    Ok(())
}

pub async fn set_registration_open(state: &AppState, actor: &user::Model, event_id: i32, open: bool) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut active: event::ActiveModel = queries::event(&txn, event_id).await?.into();
    active.registration_open = Set(open);
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "event.registration", json!({ "open": open }))
        .await?;
    Ok(())
}

/// The director sets the registration's terms: places, deadline and fee. Raising (or
/// lifting) the limit before the first round gives the new places to those who wait, each
/// mailed. Returns how many were promoted.
pub async fn set_registration_terms(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    terms: &crate::domain::tournament::registration::Terms,
) -> AppResult<usize> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let mut active: event::ActiveModel = queries::event_locked(&txn, event_id).await?.into();
    active.places = Set(terms.places);
    active.registration_deadline = Set(terms.deadline);
    active.entry_fee_minor = Set(terms.fee.as_ref().map(|f| f.minor));
    active.fee_currency = Set(terms.fee.as_ref().map(|f| f.currency.clone()).unwrap_or_default());
    let event = active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .record(
            &txn,
            "event.registration_terms",
            json!({
                "places": terms.places,
                "deadline": terms.deadline,
                "fee": terms.fee.as_ref().map(|f| crate::domain::tournament::registration::amount_text(f.minor.into())),
                "currency": event.fee_currency,
            }),
        )
        .await?;
    let promoted = crate::services::repo::waiting_list::promote(&txn, &event, Some(actor.id), now).await?;
    txn.commit().await?;
    let mails = crate::services::repo::waiting_list::promotion_mails(&state.db, &event, &promoted).await?;
    state.mailer.send_in_background(mails);
    Ok(promoted.len())
}

pub struct StaffMember {
    pub staff_id: i32,
    pub role: StaffRole,
    pub name: String,
    pub email: String,
}

pub async fn staff(conn: &impl ConnectionTrait, event_id: i32) -> AppResult<Vec<StaffMember>> {
    let rows = event_staff::Entity::find()
        .filter(event_staff::Column::EventId.eq(event_id))
        .order_by_asc(event_staff::Column::Id)
        .all(conn)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if let (Some(account), Some(role)) = (queries::find_user(conn, row.user_id).await?, StaffRole::parse(&row.role))
        {
            out.push(StaffMember { staff_id: row.id, role, name: account.display_name, email: account.email });
        }
    }
    Ok(out)
}

/// Adds a co-director or referee by the e-mail of their account.
pub async fn add_staff(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    email: &str,
    role: StaffRole,
) -> AppResult<StaffAdded> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = queries::event(&txn, event_id).await?;
    let Some(account) = queries::find_user_by_email(&txn, email).await? else {
        // No account yet: the address is invited, and the link signs them up into the role.
        let mail = invite_in(&txn, state, actor, &found, email, role, now).await?;
        txn.commit().await?;
        // However many events invite one address, it gets a few invitations an hour.
        let limits = crate::services::repo::mail_limits::MailLimits::from_settings(&state.settings.security);
        let kind = crate::services::repo::mail_limits::MailKind::Invitation;
        if crate::services::repo::mail_limits::may_send(&state.db, limits, kind, &mail.to, None, now).await? {
            state.mailer.send_in_background(vec![mail]);
        } else {
            tracing::info!("an invitation was not sent: its address has had enough for now");
        }
        return Ok(StaffAdded::Invited);
    };
    let exists = event_staff::Entity::find()
        .filter(event_staff::Column::EventId.eq(event_id))
        .filter(event_staff::Column::UserId.eq(account.id))
        .filter(event_staff::Column::Role.eq(role.code()))
        .one(&txn)
        .await?;
    if exists.is_some() {
        return Err(AppError::BadRequest(Message::new("error-already-staff").text("name", &account.display_name)));
    }
    insert_staff(&txn, actor.id, event_id, account.id, role.code(), None, now).await?;
    txn.commit().await?;
    Ok(StaffAdded::Added)
}

/// Gives `user_id` the role `role` in `event_id`, as `actor` did (through `invitation`, when
/// one was accepted), with its audit row.
async fn insert_staff(
    txn: &impl ConnectionTrait,
    actor: i32,
    event_id: i32,
    user_id: i32,
    role: &str,
    invitation: Option<i32>,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    event_staff::ActiveModel {
        event_id: Set(event_id),
        user_id: Set(user_id),
        role: Set(role.to_string()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    let detail = match invitation {
        Some(id) => json!({ "user": user_id, "role": role, "invitation": id }),
        None => json!({ "user": user_id, "role": role }),
    };
    audit::entry(now, Some(actor), Some(event_id)).record(txn, "staff.added", detail).await
}

/// What adding a staff member by address did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaffAdded {
    Added,
    /// The address has no account: an invitation was mailed.
    Invited,
}

/// How long an invitation's link works.
const INVITATION_DAYS: i64 = 14;

/// Records an invitation of `email` to `role` in `event` and returns its mail (in 中文 and
/// English: the invitee's language is not known yet).
#[allow(clippy::too_many_arguments)]
async fn invite_in(
    txn: &impl ConnectionTrait,
    state: &AppState,
    actor: &user::Model,
    event: &event::Model,
    email: &str,
    role: StaffRole,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Mail> {
    let address = EmailAddress::parse(email).map_err(|e| AppError::BadRequest(e.0))?;
    let open = staff_invitation::Entity::find()
        .filter(staff_invitation::Column::EventId.eq(event.id))
        .filter(staff_invitation::Column::Email.eq(address.as_str()))
        .filter(staff_invitation::Column::Role.eq(role.code()))
        .filter(staff_invitation::Column::AcceptedAt.is_null())
        .filter(staff_invitation::Column::WithdrawnAt.is_null())
        .filter(staff_invitation::Column::ExpiresAt.gt(now))
        .one(txn)
        .await?;
    if open.is_some() {
        return Err(AppError::BadRequest(Message::new("error-already-invited").text("email", address.as_str())));
    }
    let raw = token::random_token()?;
    let invitation = staff_invitation::ActiveModel {
        event_id: Set(event.id),
        email: Set(address.as_str().to_string()),
        role: Set(role.code().to_string()),
        token_hash: Set(token::sha256_hex(&raw)),
        invited_by: Set(actor.id),
        created_at: Set(now),
        expires_at: Set(now + chrono::Duration::days(INVITATION_DAYS)),
        accepted_at: Set(None),
        withdrawn_at: Set(None),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::entry(now, Some(actor.id), Some(event.id))
        .record(
            txn,
            "staff.invited",
            json!({ "invitation": invitation.id, "email": address.as_str(), "role": role.code() }),
        )
        .await?;
    let link = format!("{}/invite/{raw}", state.settings.server.base_url.trim_end_matches('/'));
    let said = |language: Locale| {
        let say = |key: &'static str| {
            language.message(
                &Message::new(key)
                    .text("name", &actor.display_name)
                    .text("event", &event.name)
                    .nested("role", Message::new(role.code()))
                    .text("link", &link)
                    .number("days", INVITATION_DAYS),
            )
        };
        (say("mail-invite-subject"), say("mail-invite-body"))
    };
    // The invitee has no account yet: written in the inviter's language, then English (or 中文).
    let said: Vec<(String, String)> =
        Locale::mail_languages(queries::account_locale(actor)).into_iter().map(said).collect();
    Ok(Mail {
        to: address.as_str().to_string(),
        subject: said.iter().map(|s| s.0.as_str()).collect::<Vec<_>>().join(" / "),
        body: said.iter().map(|s| s.1.as_str()).collect::<Vec<_>>().join("\n\n"),
        link: None,
    })
}

/// An invitation waiting for its answer, as the event page lists it.
pub struct PendingInvitation {
    pub id: i32,
    pub email: String,
    pub role: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// The event's invitations neither accepted, withdrawn nor expired.
pub async fn pending_invitations(
    conn: &impl ConnectionTrait,
    event_id: i32,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Vec<PendingInvitation>> {
    Ok(staff_invitation::Entity::find()
        .filter(staff_invitation::Column::EventId.eq(event_id))
        .filter(staff_invitation::Column::AcceptedAt.is_null())
        .filter(staff_invitation::Column::WithdrawnAt.is_null())
        .filter(staff_invitation::Column::ExpiresAt.gt(now))
        .order_by_asc(staff_invitation::Column::Id)
        .all(conn)
        .await?
        .into_iter()
        .map(|i| PendingInvitation { id: i.id, email: i.email, role: i.role, expires_at: i.expires_at })
        .collect())
}

/// Withdraws a pending invitation: its link stops working.
pub async fn withdraw_invitation(state: &AppState, actor: &user::Model, event_id: i32, id: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let found = staff_invitation::Entity::find_by_id(id)
        .filter(staff_invitation::Column::EventId.eq(event_id))
        .filter(staff_invitation::Column::AcceptedAt.is_null())
        .filter(staff_invitation::Column::WithdrawnAt.is_null())
        .one(&txn)
        .await?
        .ok_or(AppError::NotFound)?;
    let mut active: staff_invitation::ActiveModel = found.clone().into();
    active.withdrawn_at = Set(Some(now));
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            "staff.invitation_withdrawn",
            json!({ "invitation": id, "email": found.email, "role": found.role }),
        )
        .await?;
    Ok(())
}

/// The invitation a link's `raw` token opens, while it can still be accepted, with its event.
pub async fn open_invitation(
    conn: &impl ConnectionTrait,
    raw: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<Option<(staff_invitation::Model, event::Model)>> {
    let found = staff_invitation::Entity::find()
        .filter(staff_invitation::Column::TokenHash.eq(token::sha256_hex(raw)))
        .one(conn)
        .await?
        .filter(|i| i.accepted_at.is_none() && i.withdrawn_at.is_none() && i.expires_at > now);
    match found {
        Some(invitation) => {
            let event = queries::event(conn, invitation.event_id).await?;
            Ok(Some((invitation, event)))
        }
        None => Ok(None),
    }
}

/// Accepts the invitation for `account` in `txn`: the role is theirs, the link spent.
pub async fn accept_invitation_in(
    txn: &impl ConnectionTrait,
    invitation: &staff_invitation::Model,
    account: &user::Model,
    now: chrono::DateTime<chrono::Utc>,
) -> AppResult<()> {
    // Spent once: of two acceptances at the same moment, the second finds it taken.
    let spent = staff_invitation::Entity::update_many()
        .col_expr(staff_invitation::Column::AcceptedAt, sea_orm::sea_query::Expr::value(now))
        .filter(staff_invitation::Column::Id.eq(invitation.id))
        .filter(staff_invitation::Column::AcceptedAt.is_null())
        .exec(txn)
        .await?;
    if spent.rows_affected != 1 {
        return Err(AppError::refused("error-link-expired"));
    }
    insert_staff(txn, account.id, invitation.event_id, account.id, &invitation.role, Some(invitation.id), now).await
}

/// Removes a staff member; the last director cannot be removed (the event would be orphaned).
pub async fn remove_staff(state: &AppState, actor: &user::Model, event_id: i32, staff_id: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let row = event_staff::Entity::find_by_id(staff_id)
        .one(&txn)
        .await?
        .filter(|r| r.event_id == event_id)
        .ok_or(AppError::NotFound)?;
    if row.role == StaffRole::Director.code() {
        let directors = event_staff::Entity::find()
            .filter(event_staff::Column::EventId.eq(event_id))
            .filter(event_staff::Column::Role.eq(StaffRole::Director.code()))
            .all(&txn)
            .await?;
        if directors.len() <= 1 {
            return Err(AppError::refused("error-last-director"));
        }
    }
    let (user_id, role) = (row.user_id, row.role.clone());
    row.delete(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "staff.removed", json!({ "user": user_id, "role": role }))
        .await?;
    Ok(())
}
