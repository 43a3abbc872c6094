//! Public pages served from a cache that is never stale. An event's version is the id of its
//! latest audit row: every change its public pages show writes one in the change's own
//! transaction (and one event's writers take turns, so the ids grow in commit order). A live
//! board's page also shows what play changes without an audit row (moves, clocks, marks): its
//! version adds the board's game row as stored, and while a clock runs the page is kept only
//! until the second it shows changes. A page drawn for an anonymous reader is kept under
//! (event, path, locale) with the version read *before* the page read its data, so a page kept
//! under a version is never older than it. A request whose version matches is answered from
//! memory, compressed once, with an `ETag` (and `304` when the browser has it already).
//! Signed-in readers, flashes and anything with a form of theirs are drawn afresh every time.
use std::io::Write;
use std::sync::Arc;

use actix_session::SessionExt;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

use crate::page_store::{Key, Page, Version};
use crate::services::{audit, queries};
use crate::state::AppState;
use crate::web::extractors::{FLASH_SESSION_KEY, SESSION_TOKEN_KEY, locale_of};

/// What a cacheable public page shows, from its path: an event's page, its players, a player,
/// a round, the standings, the teams, the relay (and the read API's answers of the same), or a
/// live board's page. Searches, exports, the read API's live boards and every staff page are
/// not cached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    Event(i32),
    Board(queries::BoardRef),
}

impl Shown {
    fn event(self) -> i32 {
        match self {
            Shown::Event(event) => event,
            Shown::Board(at) => at.event_id,
        }
    }
}

fn cacheable_page(path: &str) -> Option<Shown> {
    let (api, rest) = match path.strip_prefix("/api/v1/events/") {
        Some(rest) => (true, rest),
        None => (false, path.strip_prefix("/events/")?),
    };
    let mut parts = rest.split('/');
    let event = parts.next()?.parse().ok()?;
    let tail: Vec<&str> = parts.collect();
    let number = |s: &str| -> Option<i32> {
        if s.is_empty() || s.len() > 9 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    let public = match (api, tail.as_slice()) {
        (false, ["rounds", round, "boards", board]) => {
            return Some(Shown::Board(queries::BoardRef {
                event_id: event,
                round: number(round)?,
                board: number(board)?,
            }));
        }
        (false, [] | ["players" | "standings" | "teams" | "relay"]) => true,
        (false, ["players" | "rounds", n]) => number(n).is_some(),
        // The read API's answers of the same facts (its live board is never cached: it says
        // the clocks to the millisecond).
        (true, [] | ["players" | "rounds" | "standings"]) => true,
        (true, ["rounds", n]) => number(n).is_some(),
        _ => false,
    };
    public.then_some(Shown::Event(event))
}

/// Only the query strings a public page means something by (`?me=<player>`, the standings'
/// `?page=<n>` or `page=all`, a live board's `?numbers=on`), so that made-up queries cannot
/// fill the cache.
fn cacheable_query(query: &str) -> bool {
    let number = |v: &str| !v.is_empty() && v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit());
    let pairs: Vec<&str> = if query.is_empty() { Vec::new() } else { query.split('&').collect() };
    pairs.len() <= 2
        && pairs.iter().all(|pair| match pair.split_once('=') {
            Some(("me", v)) => number(v),
            Some(("page", v)) => number(v) || v == "all",
            Some(("per_page", v)) => number(v),
            Some(("numbers", v)) => v == "on",
            _ => false,
        })
}

/// Put in the request's extensions by a page that shows a running clock: the instant the
/// second it shows changes, after which the page must be drawn again.
#[derive(Debug, Clone, Copy)]
pub struct FreshUntil(pub chrono::DateTime<chrono::Utc>);

fn accepts_gzip(req: &HttpRequest) -> bool {
    let Some(accepted) = req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    accepted.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or("");
        let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// A weak ETag naming `body` (its SHA-256, shortened).
pub fn etag_of(body: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(body);
    let etag = format!("W/\"{}\"", digest.iter().take(10).map(|b| format!("{b:02x}")).collect::<String>());
    HeaderValue::from_str(&etag).unwrap_or_else(|_| HeaderValue::from_static("W/\"\""))
}

pub fn already_has(req: &HttpRequest, etag: &HeaderValue) -> bool {
    let Some(sent) = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) else { return false };
    let ours = etag.to_str().unwrap_or("");
    sent.split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag == ours || tag.trim_start_matches("W/") == ours.trim_start_matches("W/"))
}

fn answer(req: &HttpRequest, page: &Page) -> HttpResponse {
    let not_modified = already_has(req, &page.etag);
    let mut response = if not_modified { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::ETAG, page.etag.clone()))
        // Asked again every time: the answer is a 304 while nothing changed.
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Encoding, Accept-Language, Cookie"));
    if not_modified {
        return response.finish();
    }
    response.content_type(if page.json { "application/json" } else { "text/html; charset=utf-8" });
    if accepts_gzip(req) {
        response.insert_header((header::CONTENT_ENCODING, "gzip")).body(page.gzip.clone())
    } else {
        response.insert_header(header::ContentEncoding::Identity).body(page.identity.clone())
    }
}

fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(bytes.len() / 4), flate2::Compression::default());
    encoder.write_all(bytes)?;
    encoder.finish()
}

/// The middleware: answers a cacheable public page from the cache, or draws it and keeps it.
pub async fn serve(req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, Error> {
    let cacheable = matches!(*req.method(), Method::GET | Method::HEAD) && cacheable_query(req.query_string());
    let Some(shown) = cacheable_page(req.path()).filter(|_| cacheable) else { return next.call(req).await };
    {
        let session = req.get_session();
        let signed_in = session.get::<String>(SESSION_TOKEN_KEY).ok().flatten().is_some();
        if signed_in || session.contains_key(FLASH_SESSION_KEY) {
            return next.call(req).await;
        }
    }
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else { return next.call(req).await };
    // Read before the page reads anything: a page kept under it is at least this new.
    let Ok(Some(event_version)) = audit::event_version(&state.db, shown.event()).await else {
        return next.call(req).await;
    };
    let board = match shown {
        Shown::Event(_) => None,
        Shown::Board(at) => match queries::board_as_stored(&state.db, at).await {
            Ok(Some(row)) => Some(row),
            // No such board (the page says so), or the database did not answer: drawn afresh.
            _ => return next.call(req).await,
        },
    };
    let version = Version { event: event_version, board };
    let key = Key {
        event: shown.event(),
        path: req.uri().path_and_query().map_or_else(String::new, |p| p.to_string()),
        locale: locale_of(req.request()),
    };
    if let Some(page) = state.pages.get(&key, &version, state.clock.now()) {
        let response = answer(req.request(), &page);
        return Ok(req.into_response(response));
    }
    let response = next.call(req).await?;
    let content_type = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let (is_html, is_json) = (content_type.starts_with("text/html"), content_type.starts_with("application/json"));
    if response.status() != StatusCode::OK
        || !(is_html || is_json)
        || response.headers().contains_key(header::CONTENT_ENCODING)
    {
        return Ok(response);
    }
    let (request, response) = response.into_parts();
    let cookies: Vec<HeaderValue> = response.headers().get_all(header::SET_COOKIE).cloned().collect();
    let body = match response.into_body().try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => actix_web::body::to_bytes(body)
            .await
            .map_err(|e| actix_web::error::ErrorInternalServerError(e.to_string()))?,
    };
    // A page holding a form of the reader's own (its CSRF token) is theirs alone.
    let personal = body
        .windows(crate::web::extractors::CSRF_FIELD.len())
        .any(|w| w == crate::web::extractors::CSRF_FIELD.as_bytes());
    let fresh_until = request.extensions().get::<FreshUntil>().map(|fresh| fresh.0);
    let page = Page {
        version,
        fresh_until,
        etag: etag_of(&body),
        json: is_json,
        gzip: web::Bytes::from(gzip(&body)?),
        identity: body,
    };
    let page = Arc::new(page);
    if !personal {
        state.pages.put(key, page.clone());
    }
    let mut response = answer(&request, &page);
    for cookie in cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(ServiceResponse::new(request, response))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_event_pages_are_cached() {
        for path in [
            "/events/7",
            "/events/7/players",
            "/events/7/players/12",
            "/events/7/rounds/3",
            "/events/7/standings",
            "/events/7/teams",
            "/events/7/relay",
            "/api/v1/events/7",
            "/api/v1/events/7/players",
            "/api/v1/events/7/rounds",
            "/api/v1/events/7/rounds/3",
            "/api/v1/events/7/standings",
        ] {
            assert_eq!(cacheable_page(path), Some(Shown::Event(7)), "{path}");
        }
        for path in [
            "/events",
            "/events/new",
            "/events/7/edit",
            "/events/7/audit",
            "/events/7/search",
            "/events/7/rounds/3/boards/1/events",
            "/events/7/rounds/3/boards/1/record.sgf",
            "/events/7/rounds/3/boards/x",
            "/events/7/rounds/3/boards/99999999999",
            "/events/7/rounds/3/why",
            "/events/7/rounds/x",
            "/events/7/export/egf.txt",
            "/events/7/disputes",
            "/api/v1/events/7/rounds/3/boards/1",
            "/api/v1/events/7/teams",
            "/api/v1/events",
        ] {
            assert_eq!(cacheable_page(path), None, "{path}");
        }
        // A live board's page, by its place.
        assert_eq!(
            cacheable_page("/events/7/rounds/3/boards/12"),
            Some(Shown::Board(queries::BoardRef { event_id: 7, round: 3, board: 12 }))
        );
        assert!(cacheable_query("numbers=on") && !cacheable_query("numbers=off"));
        assert!(
            cacheable_query("") && cacheable_query("me=12") && cacheable_query("page=3") && cacheable_query("page=all")
        );
        assert!(cacheable_query("me=12&page=2"));
        assert!(!cacheable_query("me=") && !cacheable_query("me=12&x=1") && !cacheable_query("q=wang"));
        assert!(!cacheable_query("page=x") && !cacheable_query("page=1&page=2&page=3"));
    }
}
