//! Request extractors: `PageCtx` (language, signed-in user, CSRF token, flash message) and the
//! role checks handlers call on their first line.
use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::{Deserialize, Serialize};

use crate::auth::token;
use crate::db::entities::{event, user};
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::services::accounts::sessions;
use crate::services::queries;
use crate::state::AppState;

pub const CSRF_FIELD: &str = "csrf_token";
pub const CSRF_SESSION_KEY: &str = "csrf";
/// The cookie's name for the raw token of the server-side session (see `services::accounts::sessions`).
pub(crate) const SESSION_TOKEN_KEY: &str = "sid";

/// Starts the signed-in session of `account` (after login): a fresh cookie session with a
/// fresh CSRF token, holding the token of a new session row.
pub async fn start_session(
    state: &AppState,
    session: &Session,
    req: &HttpRequest,
    account: &user::Model,
) -> AppResult<()> {
    let origin = sessions::Origin {
        address: client_address(req, &state.trusted_proxies),
        user_agent: req
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string(),
    };
    let raw = sessions::start(&state.db, account, &origin, state.clock.now()).await?;
    session.renew();
    let fail = |e: actix_session::SessionInsertError| AppError::Internal(anyhow::anyhow!("{e}"));
    session.insert(SESSION_TOKEN_KEY, raw).map_err(fail)?;
    session.insert(CSRF_SESSION_KEY, token::random_token()?).map_err(fail)?;
    Ok(())
}

/// The visitor's network address, for the login limits and the sessions page. A forwarded
/// address is believed only from a configured reverse proxy: the right-most entry of
/// X-Forwarded-For that is not itself one of them (the left ones are the visitor's to write).
pub fn client_address(req: &HttpRequest, trusted_proxies: &[std::net::IpAddr]) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else { return String::new() };
    if !trusted_proxies.contains(&peer) {
        return peer.to_string();
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter_map(|entry| entry.parse::<std::net::IpAddr>().ok())
        .collect::<Vec<_>>();
    forwarded.into_iter().rev().find(|ip| !trusted_proxies.contains(ip)).unwrap_or(peer).to_string()
}

pub(crate) const FLASH_SESSION_KEY: &str = "flash";

/// The visitor's language: the `lang` cookie if set, else Accept-Language.
pub fn locale_of(req: &HttpRequest) -> Locale {
    if let Some(locale) = req.cookie(Locale::COOKIE).and_then(|c| Locale::from_code(c.value())) {
        return locale;
    }
    let header =
        req.headers().get(actix_web::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    Locale::negotiate(header)
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Flash {
    pub kind: String,
    pub text: String,
    /// Where to act on the message (a path of this site) and the link's words.
    #[serde(default)]
    pub link: Option<(String, String)>,
}

/// Leaves a message for the next page the visitor sees.
/// Whether the session belongs to a signed-in reader (a server-side session's token is in it).
pub fn has_session(session: &Session) -> bool {
    session.get::<String>(SESSION_TOKEN_KEY).ok().flatten().is_some()
}

pub fn flash(session: &Session, kind: &str, text: String) {
    let _ = session.insert(FLASH_SESSION_KEY, Flash { kind: kind.to_string(), text, link: None });
}

/// Leaves a message with a link to where to act on it.
pub fn flash_with_link(session: &Session, kind: &str, text: String, link: (String, String)) {
    let _ = session.insert(FLASH_SESSION_KEY, Flash { kind: kind.to_string(), text, link: Some(link) });
}

/// Numbers templates pass to messages, by value or by reference.
pub trait AsNumber {
    fn as_number(&self) -> i64;
}

macro_rules! as_number {
    ($($t:ty),*) => {
        $(
            impl AsNumber for $t {
                fn as_number(&self) -> i64 {
                    i64::try_from(*self).unwrap_or(i64::MAX)
                }
            }
        )*
    };
}

as_number!(i32, i64, u32, u64, usize);

impl<T: AsNumber + ?Sized> AsNumber for &T {
    fn as_number(&self) -> i64 {
        (**self).as_number()
    }
}

/// What every page needs to know about the request.
pub struct PageCtx {
    pub locale: Locale,
    pub user: Option<user::Model>,
    /// The server-side session the user is signed in with.
    pub session_id: Option<i32>,
    pub csrf: String,
    /// The path and query of this page (for "back here after login" and the language switch).
    pub path: String,
    pub flash: Option<Flash>,
    pub session: Session,
    /// The signed-in user's unread notices (shown in the menu).
    pub unread: u64,
    /// Sent by the page's own script (header `Yunzi-Script: 1`), which needs no page back.
    pub from_script: bool,
}

/// The header the live page's script sends with an action: it takes the new position from
/// the event stream, so the answer is 204 rather than a redirect to the page drawn again.
pub const SCRIPT_HEADER: &str = "yunzi-script";

impl FromRequest for PageCtx {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let session = req.get_session();
            let state = req
                .app_data::<web::Data<AppState>>()
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("no application state")))?;
            let csrf = match session.get::<String>(CSRF_SESSION_KEY).ok().flatten() {
                Some(t) => t,
                None => {
                    let t = token::random_token().map_err(AppError::Internal)?;
                    session.insert(CSRF_SESSION_KEY, &t).map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
                    t
                }
            };
            let (user, session_id) = match session.get::<String>(SESSION_TOKEN_KEY).ok().flatten() {
                Some(raw) => {
                    let lifetimes = sessions::Lifetimes::from_settings(&state.settings.security);
                    match sessions::resolve(&state.db, &raw, lifetimes, state.clock.now())
                        .await
                        .map_err(actix_web::Error::from)?
                    {
                        Some((row, account)) => (Some(account), Some(row.id)),
                        None => {
                            // Logged out, ended, expired, or the password changed: signed out,
                            // whatever the cookie says.
                            session.remove(SESSION_TOKEN_KEY);
                            (None, None)
                        }
                    }
                }
                None => (None, None),
            };
            // Removed only when there is one: a removal marks the session changed, and the
            // cookie would be sealed and sent again with every answer (every move of a game).
            let flash = match session.contains_key(FLASH_SESSION_KEY) {
                true => session.remove_as::<Flash>(FLASH_SESSION_KEY).and_then(Result::ok),
                false => None,
            };
            let path = match req.query_string() {
                "" => req.path().to_string(),
                q => format!("{}?{q}", req.path()),
            };
            let from_script = req.headers().contains_key(SCRIPT_HEADER);
            // A script's action is answered without a page: no count of notices to show.
            let unread = match &user {
                Some(_) if from_script && req.method() != actix_web::http::Method::GET => 0,
                Some(account) => crate::services::notifications::unread(&state.db, account.id)
                    .await
                    .map_err(actix_web::Error::from)?,
                None => 0,
            };
            Ok(PageCtx { locale: locale_of(&req), user, session_id, csrf, path, flash, session, unread, from_script })
        })
    }
}

impl PageCtx {
    pub fn t(&self, key: &str) -> String {
        self.locale.t(key)
    }

    pub fn t_n(&self, key: &str, name: &'static str, value: impl AsNumber) -> String {
        self.locale.t_args(key, &[(name, Arg::Num(value.as_number()))])
    }

    /// A rank in the reader's language (see `web::view::rank`).
    pub fn rank(&self, text: &str) -> String {
        crate::web::view::rank(self.locale, text)
    }

    /// A stored statement (a dispute's claim, a held move's reason): the engine's in the
    /// reader's language, a person's as typed.
    pub fn claim(&self, text: &str) -> String {
        self.locale.stored_text(text)
    }

    /// An article of the rules ("1988 Art. 21.3") in the reader's language (see
    /// `web::view::article`).
    pub fn article(&self, text: &str) -> String {
        crate::web::view::article(self.locale, text)
    }

    /// A date in the reader's order (see `web::view::date`).
    pub fn date(&self, date: &chrono::NaiveDate) -> String {
        crate::web::view::date(self.locale, *date)
    }

    /// What a service said (a refusal, a warning) in the reader's language.
    pub fn say(&self, message: &crate::domain::message::Message) -> String {
        self.locale.message(message)
    }

    pub fn t_s(&self, key: &str, name: &'static str, value: &str) -> String {
        self.locale.t_args(key, &[(name, Arg::Str(value))])
    }

    pub fn require_user(&self) -> AppResult<&user::Model> {
        self.user.as_ref().ok_or_else(|| AppError::LoginRequired { next: self.path.clone() })
    }

    /// The signed-in user, who must be a site admin.
    pub fn require_admin(&self) -> AppResult<&user::Model> {
        let account = self.require_user()?;
        if !account.is_admin {
            return Err(AppError::Forbidden);
        }
        Ok(account)
    }

    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.is_admin)
    }

    pub fn flash(&self, kind: &str, text: String) {
        flash(&self.session, kind, text);
    }

    pub fn other_locales(&self) -> Vec<Locale> {
        Locale::ALL.into_iter().filter(|l| *l != self.locale).collect()
    }

    pub fn lang_link(&self, locale: &Locale) -> String {
        format!("/lang/{}?next={}", locale.code(), urlencode(&self.path))
    }
}

/// The signed-in user, who must direct `event_id` (or be a site admin), and the event.
pub async fn director_of(state: &AppState, ctx: &PageCtx, event_id: i32) -> AppResult<(user::Model, event::Model)> {
    let account = ctx.require_user()?.clone();
    let found = queries::event(&state.db, event_id).await?;
    if !queries::roles(&state.db, event_id, &account).await?.director {
        return Err(AppError::Forbidden);
    }
    Ok((account, found))
}

/// The signed-in user, who must be a director or referee of `event_id`, and the event.
pub async fn staff_of(state: &AppState, ctx: &PageCtx, event_id: i32) -> AppResult<(user::Model, event::Model)> {
    let account = ctx.require_user()?.clone();
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles(&state.db, event_id, &account).await?;
    if !(roles.director || roles.referee) {
        return Err(AppError::Forbidden);
    }
    Ok((account, found))
}

/// A form body read but not yet parsed: handlers check the caller's role first and parse
/// after, so a wrong role is told 403 whatever the body holds (never 400 about a field).
pub struct LateForm<T> {
    body: web::Bytes,
    shape: std::marker::PhantomData<T>,
}

impl<T: serde::de::DeserializeOwned> LateForm<T> {
    pub fn parse(&self) -> AppResult<T> {
        serde_urlencoded::from_bytes(&self.body).map_err(|error| AppError::Unreadable(error.to_string()))
    }
}

impl<T> FromRequest for LateForm<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Bytes::from_request(req, payload);
        Box::pin(async move { Ok(LateForm { body: body.await?, shape: std::marker::PhantomData }) })
    }
}

/// `text` percent-encoded for a query string (a path kept readable: `/` stays).
pub fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The token of an `Authorization: Bearer <token>` header.
pub fn bearer_token(headers: &actix_web::http::header::HeaderMap) -> Option<String> {
    let value = headers.get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then(|| token.to_string())
}
