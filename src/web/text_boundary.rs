//! One boundary for the text that enters: every query parameter and every field of a form
//! body (url-encoded or multipart, uploaded files included) is refused with 400, naming the
//! field, when it holds NUL or another control character. PostgreSQL cannot store NUL in text
//! at all, SQLite would keep it, and neither belongs in a name, a claim or a rating list; so
//! no handler sees one, on either database. Tab, line feed and carriage return are text
//! (textareas, CSV); an uploaded file may also hold form feed and the DOS end-of-file mark.
use actix_web::body::BoxBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{Error, web};

use crate::domain::message::Message;
use crate::error::AppError;
use crate::web::multipart;

/// Whether a form field may not hold `c`.
fn forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || is_invisible_format(c)
}

/// The first character of `text` that a form field may not hold.
pub fn forbidden_in_field(text: &str) -> Option<char> {
    text.chars().find(|c| forbidden(*c))
}

/// The first character of an uploaded file that no text file we read holds: as in a field,
/// but form feed, the DOS end-of-file mark and a leading byte-order mark are text here. A file
/// not in UTF-8 (Latin-1, say) is read byte by byte; one in UTF-16 is refused, every other
/// byte of it being NUL.
pub fn forbidden_in_file(data: &[u8]) -> Option<char> {
    match std::str::from_utf8(data) {
        Ok(text) => {
            text.trim_start_matches('\u{feff}').chars().find(|c| !matches!(c, '\u{c}' | '\u{1a}') && forbidden(*c))
        }
        Err(_) => data
            .iter()
            .find(|b| (**b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c | 0x1a)) || **b == 0x7f)
            .map(|b| char::from(*b)),
    }
}

/// Characters that are not control characters to Unicode but no field needs: the byte-order
/// mark inside a value (U+FEFF is kept out of names, where it hides).
fn is_invisible_format(c: char) -> bool {
    c == '\u{feff}'
}

/// The field of `pairs` (name, value) whose name or value holds a forbidden character.
fn offending_pair(pairs: &[(String, String)]) -> Option<(String, char)> {
    pairs.iter().find_map(|(name, value)| {
        forbidden_in_field(name).or_else(|| forbidden_in_field(value)).map(|c| (name.clone(), c))
    })
}

/// The field of a request body that holds a forbidden character, by the body's content type.
fn offending_field(content_type: &str, body: &[u8]) -> Option<(String, char)> {
    if let Some(boundary) = multipart::boundary(content_type) {
        let parts = multipart::parse(body, &boundary)?;
        return parts.iter().find_map(|part| {
            let found = match part.filename {
                Some(_) => forbidden_in_file(part.data),
                None => forbidden_in_field(&String::from_utf8_lossy(part.data)),
            };
            forbidden_in_field(&part.name).or(found).map(|c| (part.name.clone(), c))
        });
    }
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).ok()?;
        return offending_pair(&pairs);
    }
    None
}

fn refused(_req: &ServiceRequest, field: &str, c: char) -> AppError {
    let code = format!("U+{:04X}", u32::from(c));
    // A field's name is the sender's to choose: enough of it to find the field, no more.
    let field: String = field.chars().filter(|c| forbidden_in_field(&c.to_string()).is_none()).take(60).collect();
    AppError::BadRequest(Message::new("error-control-character").text("field", field).text("code", code))
}

/// The middleware: the query first, then (for a request that sends one) the body.
pub async fn check(mut req: ServiceRequest, next: Next<BoxBody>) -> Result<ServiceResponse<BoxBody>, Error> {
    let query: Vec<(String, String)> = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    if let Some((field, c)) = offending_pair(&query) {
        let error = refused(&req, &field, c);
        return Ok(req.error_response(error));
    }
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await;
    }
    let body = match req.extract::<web::Bytes>().await {
        Ok(body) => body,
        Err(error) => return Ok(req.error_response(error)),
    };
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    if let Some((field, c)) = offending_field(&content_type, &body) {
        let error = refused(&req, &field, c);
        return Ok(req.error_response(error));
    }
    req.set_payload(Payload::from(body));
    next.call(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_with_their_field_and_text_passes() {
        assert_eq!(forbidden_in_field("a\u{0}@example.org"), Some('\u{0}'));
        assert_eq!(forbidden_in_field("Li\u{1b}[31m"), Some('\u{1b}'));
        assert_eq!(forbidden_in_field("bell\u{7}"), Some('\u{7}'));
        assert_eq!(forbidden_in_field("del\u{7f}"), Some('\u{7f}'));
        assert_eq!(forbidden_in_field("c1\u{85}"), Some('\u{85}'));
        assert_eq!(forbidden_in_field("柯洁 9段\tline one\r\nline two"), None);
        let pairs = vec![("name".to_string(), "Ke Jie".to_string()), ("claim".to_string(), "x\u{0}".to_string())];
        assert_eq!(offending_pair(&pairs), Some(("claim".to_string(), '\u{0}')));
        let form = b"name=Ke+Jie&email=a%00%40example.org";
        assert_eq!(offending_field("application/x-www-form-urlencoded", form), Some(("email".to_string(), '\u{0}')));
        let upload = "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.txt\"\r\n\r\nLi\u{0}Wei 3d\r\n--B--\r\n";
        assert_eq!(
            offending_field("multipart/form-data; boundary=B", upload.as_bytes()),
            Some(("file".to_string(), '\u{0}'))
        );
        let clean = "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.txt\"\r\n\r\n\u{feff}Li Wei\t3d\x0c\r\n\x1a\r\n--B--\r\n";
        assert_eq!(forbidden_in_file("Li\u{85}Wei".as_bytes()), Some('\u{85}'), "C1 in a UTF-8 file");
        assert_eq!(forbidden_in_file(b"M\xfcller\x00"), Some('\u{0}'), "NUL in a Latin-1 file");
        assert_eq!(forbidden_in_file(b"M\xfcller 3d\r\n"), None);
        assert_eq!(offending_field("multipart/form-data; boundary=B", clean.as_bytes()), None);
    }
}
