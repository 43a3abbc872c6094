//! Sign up, confirm the e-mail address, log in and out, reset a forgotten password.
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::error::{AppError, AppResult};
use crate::services::accounts::{self, PASSWORD_MIN_CHARS, SignUp};
use crate::state::AppState;
use crate::web::extractors::{PageCtx, start_session};
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

pub async fn signup(state: web::Data<AppState>, ctx: PageCtx, form: web::Form<SignupForm>) -> AppResult<HttpResponse> {
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
    let request =
        SignUp { email: form.email.clone(), display_name: form.display_name.clone(), password: form.password.clone() };
    match accounts::sign_up(&state, request, ctx.locale).await {
        Ok(email) => {
            let outbox = state.mailer.outbox().map(|p| p.display().to_string());
            page_with_status(StatusCode::OK, &CheckMailPage { ctx, email, outbox })
        }
        Err(AppError::BadRequest(message)) => again(ctx, &form, message),
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
    let account = accounts::confirm_email(&state, &token, ctx.locale).await?;
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
    form: web::Form<EmailForm>,
) -> AppResult<HttpResponse> {
    accounts::resend_confirmation(&state, &form.email, ctx.locale).await?;
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

/// The visitor's network address for the login limit. Forwarded headers are believed only when
/// the operator says a reverse proxy sets them; otherwise anyone could claim any address.
fn client_address(req: &HttpRequest, trust_proxy_headers: bool) -> String {
    if trust_proxy_headers && let Some(address) = req.connection_info().realip_remote_addr() {
        return address.to_string();
    }
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default()
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
    let address = client_address(&req, state.settings.server.trust_proxy_headers);
    let next = safe_next(form.next.as_deref(), "/events");
    match accounts::log_in(&state, &form.email, form.password, &address, ctx.locale).await {
        Ok(account) => {
            // A new session on login: a session fixed before login is worth nothing after.
            start_session(&ctx.session, &account, state.clock.now())?;
            Ok(see_other(&next))
        }
        Err(AppError::BadRequest(message)) => {
            page_with_status(StatusCode::BAD_REQUEST, &LoginPage { ctx, email: form.email, next, error: Some(message) })
        }
        Err(other) => Err(other),
    }
}

pub async fn logout(ctx: PageCtx) -> AppResult<HttpResponse> {
    ctx.require_user()?;
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

pub async fn forgot(state: web::Data<AppState>, ctx: PageCtx, form: web::Form<EmailForm>) -> AppResult<ForgotPage> {
    accounts::request_password_reset(&state, &form.email, ctx.locale).await?;
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
        match accounts::reset_password(&state, &token, form.password, ctx.locale).await {
            Ok(_) => {
                ctx.flash("success", ctx.t("flash-password-reset"));
                return Ok(see_other("/login"));
            }
            Err(AppError::BadRequest(message)) => Some(message),
            Err(other) => return Err(other),
        }
    };
    page_with_status(
        StatusCode::BAD_REQUEST,
        &ResetPage { ctx, token, valid: true, error, min_password: PASSWORD_MIN_CHARS },
    )
}
