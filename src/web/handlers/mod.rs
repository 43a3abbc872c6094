//! One module per resource. A handler extracts, checks the caller's role on its first line,
//! calls one service and renders; the page structs live beside their handlers.
pub mod accounts;
pub mod admin;
pub mod audit_log;
pub mod disputes;
pub mod events;
pub mod exports;
pub mod home;
pub mod live;
pub mod notifications;
pub mod paper;
pub mod participation;
pub mod players;
pub mod relay;
pub mod reports;
pub mod rounds;
pub mod screen;
pub mod staff;
pub mod standings;
pub mod sync;
pub mod teams;
pub mod tokens;

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};
use askama::Template;

use crate::error::AppResult;

/// A rendered page with the given status (forms shown again with a problem use 400).
pub fn page_with_status(status: StatusCode, template: &impl Template) -> AppResult<HttpResponse> {
    Ok(HttpResponse::build(status).content_type("text/html; charset=utf-8").body(template.render()?))
}

pub fn page(template: &impl Template) -> AppResult<HttpResponse> {
    page_with_status(StatusCode::OK, template)
}

/// Redirect after a successful POST, so a reload does not submit twice.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther().insert_header((header::LOCATION, location.to_string())).finish()
}

/// Only local paths may be redirect targets (no open redirect to another site).
pub fn safe_next(next: Option<&str>, fallback: &str) -> String {
    match next {
        // Browsers drop tabs and newlines from URLs, so "/\t/evil" would become "//evil".
        Some(n)
            if n.starts_with('/')
                && !n.starts_with("//")
                && !n.chars().any(|c| c == '\\' || c.is_whitespace() || c.is_control()) =>
        {
            n.to_string()
        }
        _ => fallback.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_stay_on_this_site() {
        assert_eq!(safe_next(Some("/events/3"), "/"), "/events/3");
        assert_eq!(safe_next(Some("//evil.example"), "/"), "/");
        assert_eq!(safe_next(Some("https://evil.example"), "/"), "/");
        assert_eq!(safe_next(Some("/\\evil.example"), "/"), "/");
        assert_eq!(safe_next(None, "/events"), "/events");
        assert_eq!(safe_next(Some("/\t/evil.example"), "/"), "/");
        assert_eq!(safe_next(Some("/\n/evil.example"), "/"), "/");
        assert_eq!(safe_next(Some("/ /evil.example"), "/"), "/");
    }
}
