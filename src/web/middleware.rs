//! Middleware: CSRF guard, error pages, security headers, and request logging that never
//! writes a token from a link into the log.
use actix_session::SessionExt;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::{Error, HttpResponse, web};
use askama::Template;
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RootSpanBuilder};

use crate::auth::token::constant_time_eq;
use crate::error::AppError;
use crate::i18n::Locale;
use crate::web::extractors::{CSRF_FIELD, CSRF_SESSION_KEY, locale_of, urlencode};
use crate::web::multipart;

/// Refuses any unsafe request that did not come from one of our own forms: the browser's
/// Fetch-Metadata / Origin must say same-origin, and the body must carry the session's token.
pub async fn csrf_guard(mut req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, Error> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await;
    }
    // The API's writes carry a token in a header, which no browser sends by itself: a
    // cross-site form cannot write with it (the handler checks the token first). One without
    // a token is told so.
    if req.path().starts_with("/api/") {
        if crate::web::extractors::bearer_token(req.headers()).is_some() {
            return next.call(req).await;
        }
        return Ok(req.error_response(AppError::BadToken));
    }
    if !same_origin(&req) {
        tracing::warn!(path = %req.path(), "refused a cross-site form submission");
        return Ok(req.error_response(AppError::Csrf));
    }
    let body = match req.extract::<web::Bytes>().await {
        Ok(body) => body,
        Err(error) => return Ok(req.error_response(error)),
    };
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let submitted = token_in_body(&content_type, &body);
    let expected = req.get_session().get::<String>(CSRF_SESSION_KEY).ok().flatten();
    let valid = matches!((&submitted, &expected), (Some(s), Some(e)) if constant_time_eq(s.as_bytes(), e.as_bytes()));
    if !valid {
        tracing::warn!(path = %req.path(), "refused a form with a missing or wrong CSRF token");
        return Ok(req.error_response(AppError::Csrf));
    }
    req.set_payload(Payload::from(body));
    next.call(req).await
}

/// The event a request changes, if it is an event's (`/events/{id}/…` or the API's), and
/// whether that change is one a followed event still takes here: its tokens and its sync page,
/// a player's own registration (pulled to the venue), and the venue's pushes.
fn followed_event_change(path: &str) -> Option<(i32, bool)> {
    let (api, rest) = match path.strip_prefix("/api/v1/events/") {
        Some(rest) => (true, rest),
        None => (false, path.strip_prefix("/events/")?),
    };
    let (id, tail) = rest.split_once('/').unwrap_or((rest, ""));
    let id = id.parse::<i32>().ok()?;
    let first = tail.split('/').next().unwrap_or("");
    let allowed = if api { first == "sync" } else { matches!(first, "tokens" | "sync" | "register") };
    Some((id, allowed))
}

/// Refuses a change to an event that follows a venue instance's (issue 54): it is run there,
/// and the next push would undo a change made here. On unsafe requests only, and answered from
/// memory once known (`followed_events`).
pub async fn followed_read_only(req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, Error> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await;
    }
    // The path as the router reads it (percent-decoded): `/events/%37/…` is event 7's.
    let path = req.match_info().as_str().to_string();
    let Some((event_id, false)) = followed_event_change(&path) else { return next.call(req).await };
    let Some(state) = req.app_data::<web::Data<crate::state::AppState>>().cloned() else {
        return next.call(req).await;
    };
    match crate::services::sync::public::is_followed(&state, event_id).await {
        Ok(false) => next.call(req).await,
        Ok(true) => {
            Ok(req
                .error_response(AppError::Conflict(Some(crate::domain::message::Message::new("error-event-followed")))))
        }
        Err(e) => Ok(req.error_response(e)),
    }
}

fn same_origin(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        return matches!(site, "same-origin" | "none");
    }
    match headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) {
        // No Fetch-Metadata and no Origin: an old browser or a script; the token decides.
        None => true,
        Some(origin) => {
            let host = req.connection_info().host().to_string();
            origin.split_once("://").map(|(_, rest)| rest) == Some(host.as_str())
        }
    }
}

fn token_in_body(content_type: &str, body: &[u8]) -> Option<String> {
    if let Some(boundary) = multipart::boundary(content_type) {
        let parts = multipart::parse(body, &boundary)?;
        return multipart::text_field(&parts, CSRF_FIELD);
    }
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
        return pairs.into_iter().find(|(k, _)| k == CSRF_FIELD).map(|(_, v)| v);
    }
    None
}

#[cfg(test)]
mod followed_tests {
    use super::followed_event_change;

    #[test]
    fn a_followed_event_takes_only_its_tokens_sync_and_registrations() {
        assert_eq!(followed_event_change("/events/7/rounds/1/results/3"), Some((7, false)));
        assert_eq!(followed_event_change("/events/7/edit"), Some((7, false)));
        assert_eq!(followed_event_change("/api/v1/events/7/players"), Some((7, false)));
        assert_eq!(followed_event_change("/events/7/tokens/2/revoke"), Some((7, true)));
        assert_eq!(followed_event_change("/events/7/sync"), Some((7, true)));
        assert_eq!(followed_event_change("/events/7/register"), Some((7, true)));
        assert_eq!(followed_event_change("/api/v1/events/7/sync"), Some((7, true)));
        assert_eq!(followed_event_change("/events"), None);
        assert_eq!(followed_event_change("/events/import"), None);
        assert_eq!(followed_event_change("/login"), None);
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    locale: Locale,
    status: u16,
    title: String,
    message: String,
    /// Where to act on the message, and the link's words.
    link: Option<(String, String)>,
    /// The page the reader came from on this site, to go back to.
    back: Option<String>,
    /// The reader has a session (the header offers no sign-in then).
    signed_in: bool,
}

impl ErrorPage {
    fn t(&self, key: &str) -> String {
        self.locale.t(key)
    }
}

/// Turns every error response into a page in the visitor's language. Anonymous GETs of a
/// page that needs a login are sent to the login page instead.
pub async fn render_errors(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    // No clone of the request here: routing needs to own it.
    let is_get = req.method() == Method::GET;
    let response = next.call(req).await?;
    let status = response.status();
    // Pages a handler rendered itself (a form shown again with its problem) pass untouched.
    if !(status.is_client_error() || status.is_server_error()) || response.response().error().is_none() {
        return Ok(response.map_into_boxed_body());
    }
    // The read API answers its errors as JSON with a stable code, in English.
    let api = response.request().path().starts_with("/api/");
    let locale = if api { crate::i18n::Locale::En } else { locale_of(response.request()) };
    let app_error = response.response().error().and_then(|e| e.as_error::<AppError>());
    if let (Some(AppError::LoginRequired { next }), true) = (app_error, is_get) {
        let target = format!("/login?next={}", urlencode(next));
        let (req, _) = response.into_parts();
        let redirect = HttpResponse::SeeOther().insert_header((header::LOCATION, target)).finish();
        return Ok(ServiceResponse::new(req, redirect));
    }
    let message = match app_error {
        Some(AppError::BadRequest(message)) => locale.message(message),
        Some(AppError::TooManyAttempts { retry_after_minutes }) => locale
            .t_args("error-too-many-attempts", &[("minutes", crate::i18n::Arg::Num(i64::from(*retry_after_minutes)))]),
        Some(AppError::TooManyStreams(message)) => message.clone(),
        Some(AppError::Csrf) => locale.t("error-csrf"),
        Some(AppError::BadToken) => locale.t("error-api-token"),
        Some(AppError::Unreadable(_)) => locale.t("error-unreadable"),
        Some(AppError::Conflict(Some(message))) => locale.message(message),
        Some(AppError::Unfinished { message, .. }) => locale.message(message),
        Some(AppError::Conflict(None)) => locale.t("error-conflict"),
        Some(AppError::Busy { retry_after_seconds }) => {
            locale.t_args("error-busy", &[("seconds", crate::i18n::Arg::Num(i64::from(*retry_after_seconds)))])
        }
        Some(AppError::LoginRequired { .. }) => locale.t("error-login-required"),
        _ => match status {
            StatusCode::NOT_FOUND => locale.t("error-not-found"),
            StatusCode::FORBIDDEN => locale.t("error-forbidden"),
            StatusCode::PAYLOAD_TOO_LARGE => locale.t_args(
                "error-too-large",
                &[("megabytes", crate::i18n::Arg::Num((crate::web::MAX_BODY_BYTES / (1024 * 1024)) as i64))],
            ),
            s if s.is_server_error() => locale.t("error-internal"),
            _ => locale.t("error-bad-request"),
        },
    };
    if api {
        let (req, _) = response.into_parts();
        return Ok(ServiceResponse::new(req, crate::web::api::error_response(status, message)));
    }
    let back = page_came_from(response.request());
    let link = match app_error {
        Some(AppError::Unfinished { link, label, .. }) => Some((link.clone(), locale.message(label))),
        _ => None,
    };
    // A form refused (a mistake, or something changed meanwhile) goes back to the page it was
    // sent from, its message on top, so the reader is where they were.
    if !is_get
        && matches!(status, StatusCode::BAD_REQUEST | StatusCode::CONFLICT)
        && let Some(back) = &back
    {
        let session = response.request().get_session();
        match link {
            Some(link) => crate::web::extractors::flash_with_link(&session, "error", message, link),
            None => crate::web::extractors::flash(&session, "error", message),
        }
        let back = back.clone();
        let (req, _) = response.into_parts();
        let redirect = HttpResponse::SeeOther().insert_header((header::LOCATION, back)).finish();
        return Ok(ServiceResponse::new(req, redirect));
    }
    let signed_in = crate::web::extractors::has_session(&response.request().get_session());
    let page = ErrorPage {
        locale,
        status: status.as_u16(),
        title: locale.t(match status {
            StatusCode::BAD_REQUEST => "error-title-400",
            StatusCode::FORBIDDEN => "error-title-403",
            StatusCode::NOT_FOUND => "error-title-404",
            StatusCode::CONFLICT => "error-title-409",
            StatusCode::TOO_MANY_REQUESTS => "error-title-429",
            StatusCode::SERVICE_UNAVAILABLE => "error-title-503",
            s if s.is_server_error() => "error-title-500",
            _ => "error-title-400",
        }),
        message,
        link,
        back,
        signed_in,
    };
    let html = page.render().unwrap_or_else(|_| "Error".to_string());
    let retry_after = response.headers().get(header::RETRY_AFTER).cloned();
    let (req, _) = response.into_parts();
    let mut rendered = HttpResponse::build(status);
    if let Some(retry_after) = retry_after {
        rendered.insert_header((header::RETRY_AFTER, retry_after));
    }
    let rendered = rendered.content_type("text/html; charset=utf-8").body(html);
    Ok(ServiceResponse::new(req, rendered))
}

/// The page of this site a form was sent from (its path and query), from the Referer the
/// browser sends under our same-origin referrer policy, when the browser navigated to send it;
/// None for another site, none, or a script's request (the live board's clicks want the
/// refusal itself, to show it where the player looks).
fn page_came_from(req: &actix_web::HttpRequest) -> Option<String> {
    let mode = req.headers().get("sec-fetch-mode").and_then(|v| v.to_str().ok());
    if mode.is_some_and(|m| m != "navigate") {
        return None;
    }
    let referer = req.headers().get(header::REFERER)?.to_str().ok()?;
    let (_, rest) = referer.split_once("://")?;
    let host = req.connection_info().host().to_string();
    let path = rest.strip_prefix(host.as_str())?;
    let path = path.split('#').next().unwrap_or_default();
    // A path of this site only ("/events/3"), never "//elsewhere".
    (path.starts_with('/') && !path.starts_with("//") && path != req.path()).then(|| path.to_string())
}

pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "same-origin"))
        .add((
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        ))
}

/// Answers that say any page may frame them (an embed's own policy, `frame-ancestors *`) go
/// without the site's `X-Frame-Options: DENY`, which would say the opposite.
pub async fn allow_embed_framing(req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, Error> {
    let mut response = next.call(req).await?;
    let framable = response
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|policy| policy.to_str().ok())
        .is_some_and(|policy| policy.contains("frame-ancestors *"));
    if framable {
        response.headers_mut().remove(header::X_FRAME_OPTIONS);
    }
    Ok(response)
}

/// Request spans for `TracingLogger` that name the route pattern and a path with the secret
/// part of e-mail links (confirmation and reset tokens) blanked out.
pub struct RedactedRootSpan;

impl RootSpanBuilder for RedactedRootSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        tracing::info_span!(
            "request",
            method = %request.method(),
            path = %redact_path(request.path()),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

pub fn redact_path(path: &str) -> String {
    for prefix in ["/confirm/", "/reset/"] {
        if let Some(rest) = path.strip_prefix(prefix)
            && !rest.is_empty()
        {
            return format!("{prefix}[token]");
        }
    }
    path.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_in_link_paths_are_never_logged() {
        assert_eq!(redact_path("/reset/abcdef0123"), "/reset/[token]");
        assert_eq!(redact_path("/confirm/abcdef0123"), "/confirm/[token]");
        assert_eq!(redact_path("/events/3"), "/events/3");
        assert_eq!(urlencode("/events/3?x=a b"), "/events/3%3Fx%3Da%20b");
    }

    #[test]
    fn the_token_is_found_in_either_form_encoding() {
        assert_eq!(
            token_in_body("application/x-www-form-urlencoded", b"a=1&csrf_token=tok&b=2").as_deref(),
            Some("tok")
        );
        let body = b"--B\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\ntok\r\n--B--\r\n";
        assert_eq!(token_in_body("multipart/form-data; boundary=B", body).as_deref(), Some("tok"));
        assert_eq!(token_in_body("application/json", b"{\"csrf_token\":\"tok\"}"), None);
    }
}
