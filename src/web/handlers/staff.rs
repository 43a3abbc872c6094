//! An event's staff: added and removed by the director, invited by mail, and the invitation
//! accepted (or withdrawn).
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::i18n::Arg;
use crate::services::events::{self};
use crate::services::queries::StaffRole;
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page_with_status, see_other};
use crate::web::paths::EventPath;

#[derive(Deserialize)]
pub struct StaffForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    role: String,
}

pub async fn add_staff(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<StaffForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let role = StaffRole::parse(&form.role).ok_or_else(|| AppError::refused("error-bad-role"))?;
    match events::add_staff(&state, &account, event_id, &form.email, role).await? {
        events::StaffAdded::Added => ctx.flash("success", ctx.t("flash-staff-added")),
        events::StaffAdded::Invited => ctx.flash("success", ctx.t_s("flash-staff-invited", "email", form.email.trim())),
    }
    Ok(see_other(&format!("/events/{event_id}")))
}

pub async fn remove_staff(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, staff_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    events::remove_staff(&state, &account, event_id, staff_id).await?;
    Ok(see_other(&format!("/events/{event_id}")))
}

pub async fn withdraw_invitation(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, invitation_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    events::withdraw_invitation(&state, &account, event_id, invitation_id).await?;
    ctx.flash("success", ctx.t("flash-invitation-withdrawn"));
    Ok(see_other(&format!("/events/{event_id}")))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/invitation.html")]
pub struct InvitationPage {
    ctx: PageCtx,
    /// What the invitation offers, said, and the address it was sent to; None: the link is
    /// unknown, used, withdrawn or expired.
    invitation: Option<(String, String)>,
    token: String,
    display_name: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct InvitationForm {
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

async fn invitation_page(
    state: &AppState,
    ctx: PageCtx,
    token: String,
    display_name: String,
    error: Option<String>,
) -> AppResult<InvitationPage> {
    let found = events::open_invitation(&state.db, &token, state.clock.now()).await?;
    let invitation = found.map(|(i, e)| {
        let role = ctx.t(&i.role);
        let offer = ctx.locale.t_args("invitation-offer", &[("event", Arg::Str(&e.name)), ("role", Arg::Str(&role))]);
        (offer, i.email)
    });
    Ok(InvitationPage { ctx, invitation, token, display_name, error })
}

/// The page a mailed invitation opens: the event and the role, and the sign-up form.
pub async fn invitation_form(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let page_shown = invitation_page(&state, ctx, path.into_inner(), String::new(), None).await?;
    let status = if page_shown.invitation.is_some() { StatusCode::OK } else { StatusCode::NOT_FOUND };
    page_with_status(status, &page_shown)
}

/// Signs the invited address up, into the role it was invited to.
pub async fn accept_invitation(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<String>,
    form: web::Form<InvitationForm>,
) -> AppResult<HttpResponse> {
    let token = path.into_inner();
    let form = form.into_inner();
    if form.password != form.password_again {
        let message = ctx.t("error-passwords-differ");
        let shown = invitation_page(&state, ctx, token, form.display_name, Some(message)).await?;
        return page_with_status(StatusCode::BAD_REQUEST, &shown);
    }
    match crate::services::workflows::invitations::accept(&state, &token, &form.display_name, form.password).await {
        Ok(event_id) => {
            ctx.flash("success", ctx.t("flash-invitation-accepted"));
            Ok(see_other(&format!("/login?next=/events/{event_id}")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let shown = invitation_page(&state, ctx, token, form.display_name, Some(message)).await?;
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}
