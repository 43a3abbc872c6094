//! A small multipart/form-data reader for the upload forms (players' CSV, OpenGotha files). The
//! whole body is already in memory (bounded by `MAX_BODY_BYTES`), so a full streaming parser
//! would buy nothing; the CSRF guard and the import handlers all use this one.

pub struct Part<'a> {
    pub name: String,
    pub filename: Option<String>,
    pub data: &'a [u8],
}

/// The boundary from a Content-Type header, if it is multipart/form-data.
pub fn boundary(content_type: &str) -> Option<String> {
    let mut pieces = content_type.split(';');
    if !pieces.next()?.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    pieces.find_map(|p| {
        let (key, value) = p.trim().split_once('=')?;
        key.trim().eq_ignore_ascii_case("boundary").then(|| value.trim().trim_matches('"').to_string())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    (from..=haystack.len() - needle.len()).find(|&i| haystack.get(i..i + needle.len()) == Some(needle))
}

/// The parts of a request body sent as multipart/form-data; None for any other body.
pub fn parts<'a>(req: &actix_web::HttpRequest, body: &'a [u8]) -> Option<Vec<Part<'a>>> {
    let content_type = req.headers().get(actix_web::http::header::CONTENT_TYPE)?.to_str().ok()?;
    parse(body, &boundary(content_type)?)
}

/// The contents of the uploaded file in field `name`, unless no file was chosen.
pub fn file<'a>(parts: &[Part<'a>], name: &str) -> Option<&'a [u8]> {
    parts.iter().find(|p| p.name == name && !p.data.is_empty()).map(|p| p.data)
}

/// Splits the body into parts; None when it is not well-formed multipart.
pub fn parse<'a>(body: &'a [u8], boundary: &str) -> Option<Vec<Part<'a>>> {
    let delimiter = format!("--{boundary}");
    let delimiter = delimiter.as_bytes();
    let mut parts = Vec::new();
    let mut position = find(body, delimiter, 0)? + delimiter.len();
    loop {
        // After a delimiter: "--" ends the body, otherwise CRLF and a part follows.
        if body.get(position..position + 2) == Some(b"--") {
            return Some(parts);
        }
        if body.get(position..position + 2) != Some(b"\r\n") {
            return None;
        }
        position += 2;
        let headers_end = find(body, b"\r\n\r\n", position)?;
        let headers = std::str::from_utf8(body.get(position..headers_end)?).ok()?;
        let data_start = headers_end + 4;
        let mut next_delimiter = Vec::with_capacity(delimiter.len() + 2);
        next_delimiter.extend_from_slice(b"\r\n");
        next_delimiter.extend_from_slice(delimiter);
        let data_end = find(body, &next_delimiter, data_start)?;
        let (name, filename) = disposition(headers)?;
        parts.push(Part { name, filename, data: body.get(data_start..data_end)? });
        position = data_end + next_delimiter.len();
    }
}

fn disposition(headers: &str) -> Option<(String, Option<String>)> {
    let line = headers.split("\r\n").find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))?;
    let mut name = None;
    let mut filename = None;
    for piece in line.split(';').skip(1) {
        if let Some((key, value)) = piece.trim().split_once('=') {
            let value = value.trim().trim_matches('"').to_string();
            match key.trim() {
                "name" => name = Some(value),
                "filename" => filename = Some(value),
                _ => {}
            }
        }
    }
    Some((name?, filename))
}

/// The text of the first part called `name`.
pub fn text_field(parts: &[Part<'_>], name: &str) -> Option<String> {
    parts.iter().find(|p| p.name == name).map(|p| String::from_utf8_lossy(p.data).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_fields_and_files() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nabc123\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\nContent-Type: text/csv\r\n\r\nname,rank\r\nLi,3d\r\n\r\n--XyZ--\r\n";
        let boundary = boundary("multipart/form-data; boundary=XyZ").unwrap_or_default();
        let parts = parse(body.as_bytes(), &boundary).unwrap_or_default();
        assert_eq!(parts.len(), 2);
        assert_eq!(text_field(&parts, "csrf_token").as_deref(), Some("abc123"));
        let file = parts.iter().find(|p| p.name == "file");
        assert_eq!(file.and_then(|f| f.filename.as_deref()), Some("p.csv"));
        assert_eq!(file.map(|f| f.data), Some(&b"name,rank\r\nLi,3d\r\n"[..]));
    }

    #[test]
    fn malformed_bodies_are_refused_not_panicked_on() {
        assert!(boundary("application/x-www-form-urlencoded").is_none());
        assert!(parse(b"garbage", "XyZ").is_none());
        assert!(parse(b"--XyZ\r\nno headers end", "XyZ").is_none());
        assert!(parse(b"--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated", "XyZ").is_none());
        assert_eq!(parse(b"--XyZ--", "XyZ").map(|p| p.len()), Some(0));
    }
}
