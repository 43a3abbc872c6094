//! Sign up, confirm the e-mail address, log in and out, reset a forgotten password.
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::services::accounts::sessions;
use crate::services::accounts::{self, PASSWORD_MIN_CHARS, SignUp};
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, client_address, start_session};
use crate::web::handlers::{page_with_status, safe_next, see_other};

#[derive(Template, WebTemplate)]
#[template(path = "accounts/signup.html")]
pub struct SignupPage {
    ctx: PageCtx,
    email: String,
    display_name: String,
    error: Option<String>,
    min_password: usize,
}

pub async fn signup_form(ctx: PageCtx) -> SignupPage {
    SignupPage { ctx, email: String::new(), display_name: String::new(), error: None, min_password: PASSWORD_MIN_CHARS }
}

#[derive(Deserialize)]
pub struct SignupForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    display_name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/check_mail.html")]
pub struct CheckMailPage {
    ctx: PageCtx,
    email: String,
    outbox: Option<String>,
}

pub async fn signup(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    form: web::Form<SignupForm>,
) -> AppResult<HttpResponse> {
    let form = form.into_inner();
    let again = |ctx: PageCtx, form: &SignupForm, error: String| {
        page_with_status(
            StatusCode::BAD_REQUEST,
            &SignupPage {
                ctx,
                email: form.email.clone(),
                display_name: form.display_name.clone(),
                error: Some(error),
                min_password: PASSWORD_MIN_CHARS,
            },
        )
    };
    if form.password != form.password_again {
        let message = ctx.t("error-passwords-differ");
        return again(ctx, &form, message);
    }
    let request = SignUp {
        email: form.email.clone(),
        display_name: form.display_name.clone(),
        password: form.password.clone(),
        language: ctx.locale.code().to_string(),
    };
    let address = client_address(&req, &state.trusted_proxies);
    match accounts::sign_up(&state, request, &address).await {
        Ok((email, site_admin)) => {
            // Where the mail waits is the server's business: told only to whoever sets up a
            // new install (its first account), never to the public.
            let outbox = state.mailer.outbox().filter(|_| site_admin).map(|p| p.display().to_string());
            page_with_status(StatusCode::OK, &CheckMailPage { ctx, email, outbox })
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            again(ctx, &form, message)
        }
        Err(other) => Err(other),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/confirm.html")]
pub struct ConfirmPage {
    ctx: PageCtx,
    token: String,
}

/// The link in the mail opens a page with a button, so a mail scanner that follows links
/// does not confirm on the user's behalf.
pub async fn confirm_form(ctx: PageCtx, token: web::Path<String>) -> ConfirmPage {
    ConfirmPage { ctx, token: token.into_inner() }
}

pub async fn confirm(state: web::Data<AppState>, ctx: PageCtx, token: web::Path<String>) -> AppResult<HttpResponse> {
    let account = accounts::confirm_email(&state, &token).await?;
    ctx.flash("success", ctx.t_s("flash-confirmed", "email", &account.email));
    Ok(see_other("/login"))
}

#[derive(Deserialize)]
pub struct EmailForm {
    #[serde(default)]
    email: String,
}

pub async fn resend_confirmation(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    form: web::Form<EmailForm>,
) -> AppResult<HttpResponse> {
    let address = client_address(&req, &state.trusted_proxies);
    accounts::resend_confirmation(&state, &form.email, &address).await?;
    ctx.flash("info", ctx.t("flash-confirmation-resent"));
    Ok(see_other("/login"))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/login.html")]
pub struct LoginPage {
    ctx: PageCtx,
    email: String,
    next: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

pub async fn login_form(ctx: PageCtx, query: web::Query<NextQuery>) -> LoginPage {
    LoginPage { ctx, email: String::new(), next: safe_next(query.next.as_deref(), "/events"), error: None }
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    next: Option<String>,
}

pub async fn login(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    form: web::Form<LoginForm>,
) -> AppResult<HttpResponse> {
    let form = form.into_inner();
    let address = client_address(&req, &state.trusted_proxies);
    let next = safe_next(form.next.as_deref(), "/events");
    match accounts::log_in(&state, &form.email, form.password, &address).await {
        Ok(account) => {
            // The language of the pages they sign in on is the one their mail is written in.
            accounts::remember_language(&state.db, &account, ctx.locale.code()).await?;
            // A new session on login: a session fixed before login is worth nothing after.
            start_session(&state, &ctx.session, &req, &account).await?;
            Ok(see_other(&next))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            page_with_status(StatusCode::BAD_REQUEST, &LoginPage { ctx, email: form.email, next, error: Some(message) })
        }
        Err(other) => Err(other),
    }
}

pub async fn logout(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    // The server forgets the session, so a copy of the cookie is worth nothing either.
    if let Some(id) = ctx.session_id {
        sessions::end(&state.db, account.id, id).await?;
    }
    ctx.session.purge();
    Ok(see_other("/"))
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/forgot.html")]
pub struct ForgotPage {
    ctx: PageCtx,
    sent: bool,
}

pub async fn forgot_form(ctx: PageCtx) -> ForgotPage {
    ForgotPage { ctx, sent: false }
}

pub async fn forgot(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    form: web::Form<EmailForm>,
) -> AppResult<ForgotPage> {
    let address = client_address(&req, &state.trusted_proxies);
    accounts::request_password_reset(&state, &form.email, &address).await?;
    Ok(ForgotPage { ctx, sent: true })
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/reset.html")]
pub struct ResetPage {
    ctx: PageCtx,
    token: String,
    valid: bool,
    error: Option<String>,
    min_password: usize,
}

pub async fn reset_form(state: web::Data<AppState>, ctx: PageCtx, token: web::Path<String>) -> AppResult<ResetPage> {
    let valid = accounts::reset_link_is_valid(&state, &token).await?;
    Ok(ResetPage { ctx, token: token.into_inner(), valid, error: None, min_password: PASSWORD_MIN_CHARS })
}

#[derive(Deserialize)]
pub struct ResetForm {
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

pub async fn reset(
    state: web::Data<AppState>,
    ctx: PageCtx,
    token: web::Path<String>,
    form: web::Form<ResetForm>,
) -> AppResult<HttpResponse> {
    let token = token.into_inner();
    let form = form.into_inner();
    // A dead link shows the "expired" message, not a form that can never succeed.
    if !accounts::reset_link_is_valid(&state, &token).await? {
        let page = ResetPage { ctx, token, valid: false, error: None, min_password: PASSWORD_MIN_CHARS };
        return page_with_status(StatusCode::BAD_REQUEST, &page);
    }
    let error = if form.password != form.password_again {
        Some(ctx.t("error-passwords-differ"))
    } else {
        match accounts::reset_password(&state, &token, form.password).await {
            Ok(_) => {
                ctx.flash("success", ctx.t("flash-password-reset"));
                return Ok(see_other("/login"));
            }
            Err(AppError::BadRequest(message)) => {
                let message = ctx.say(&message);
                Some(message)
            }
            Err(other) => return Err(other),
        }
    };
    page_with_status(
        StatusCode::BAD_REQUEST,
        &ResetPage { ctx, token, valid: true, error, min_password: PASSWORD_MIN_CHARS },
    )
}

/// One of the user's sessions as the account page shows it.
pub struct SessionRow {
    pub id: i32,
    pub current: bool,
    pub created_at: String,
    pub last_seen_at: String,
    pub address: String,
    pub user_agent: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "accounts/account.html")]
pub struct AccountPage {
    ctx: PageCtx,
    sessions: Vec<SessionRow>,
    /// How long sessions last, as the settings say.
    lifetimes_hint: String,
    error: Option<String>,
    min_password: usize,
}

async fn account_page_with(state: &AppState, ctx: PageCtx, error: Option<String>) -> AppResult<AccountPage> {
    let account = ctx.require_user()?;
    let lifetimes = sessions::Lifetimes::from_settings(&state.settings.security);
    let rows = sessions::list(&state.db, account.id, lifetimes, state.clock.now()).await?;
    let stamp = |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d %H:%M UTC").to_string();
    let sessions = rows
        .into_iter()
        .map(|s| SessionRow {
            id: s.id,
            current: Some(s.id) == ctx.session_id,
            created_at: stamp(s.created_at),
            last_seen_at: stamp(s.last_seen_at),
            address: s.address,
            user_agent: s.user_agent,
        })
        .collect();
    // In days when both lifetimes are whole days (the defaults: 3 and 14), else in hours.
    let (idle, absolute) = (lifetimes.idle.num_hours(), lifetimes.absolute.num_hours());
    let whole_days = idle > 0 && idle % 24 == 0 && absolute % 24 == 0;
    let (key, unit) = if whole_days { ("account-sessions-hint", 24) } else { ("account-sessions-hint-hours", 1) };
    let lifetimes_hint = ctx.locale.t_args(
        key,
        &[("idle", crate::i18n::Arg::Num(idle / unit)), ("absolute", crate::i18n::Arg::Num(absolute / unit))],
    );
    Ok(AccountPage { ctx, sessions, lifetimes_hint, error, min_password: PASSWORD_MIN_CHARS })
}

/// The account page: the password, and every browser signed in to the account.
pub async fn account_page(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<AccountPage> {
    ctx.require_user()?;
    account_page_with(&state, ctx, None).await
}

#[derive(Deserialize)]
pub struct PasswordForm {
    #[serde(default)]
    current: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password_again: String,
}

pub async fn change_password(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    form: LateForm<PasswordForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let form = form.parse()?;
    let keep = ctx.session_id.ok_or(AppError::LoginRequired { next: "/account".into() })?;
    let error = if form.password != form.password_again {
        ctx.t("error-passwords-differ")
    } else {
        let address = client_address(&req, &state.trusted_proxies);
        match accounts::change_password(&state, &account, form.current, form.password, keep, &address).await {
            Ok(ended) => {
                ctx.flash("success", ctx.t_n("flash-password-changed", "count", ended));
                return Ok(see_other("/account"));
            }
            Err(AppError::BadRequest(message)) => ctx.say(&message),
            Err(other) => return Err(other),
        }
    };
    page_with_status(StatusCode::BAD_REQUEST, &account_page_with(&state, ctx, Some(error)).await?)
}

/// Ends one of the user's own sessions (ending the current one logs out here).
pub async fn end_session(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    let session_id = path.into_inner();
    if !sessions::end(&state.db, account.id, session_id).await? {
        return Err(AppError::NotFound);
    }
    if Some(session_id) == ctx.session_id {
        ctx.session.purge();
        return Ok(see_other("/login"));
    }
    ctx.flash("success", ctx.t("flash-session-ended"));
    Ok(see_other("/account"))
}

/// Ends every session of the account but the one in use.
pub async fn end_other_sessions(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    let ended = sessions::end_all(&state.db, account.id, ctx.session_id).await?;
    ctx.flash("success", ctx.t_n("flash-sessions-ended", "count", ended));
    Ok(see_other("/account"))
}

/// Ends every session of the account, this one too: signed out everywhere.
pub async fn end_all_sessions(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?;
    sessions::end_all(&state.db, account.id, None).await?;
    ctx.session.purge();
    Ok(see_other("/login"))
}
