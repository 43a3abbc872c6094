//! The static assets (the style sheet, the scripts, the icon), compiled into the binary like
//! the templates and messages, so that a binary copied to a server serves a complete site from
//! any folder (issue 51). The pages link each asset by a URL that carries a hash of its bytes
//! ([`url`]), which a browser may keep for a year: a build with other bytes links another URL,
//! so no visitor keeps a stale style sheet or script after a deployment. An asset asked for
//! without the current hash (an old page, a hand-typed link) is served too, for an hour, with an
//! ETag to revalidate it cheaply.
use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

/// Every file of `static/`: its path under `/static/`, its content type and its bytes. A test
/// checks that this list and the folder agree.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("css/app.css", "text/css; charset=utf-8", include_bytes!("../../static/css/app.css")),
    ("img/favicon.svg", "image/svg+xml", include_bytes!("../../static/img/favicon.svg")),
    ("js/check-in.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/check-in.js")),
    ("js/event-form.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/event-form.js")),
    ("js/grid.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/grid.js")),
    ("js/live.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/live.js")),
    ("js/rating-search.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/rating-search.js")),
    ("js/round.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/round.js")),
    ("js/screen.js", "text/javascript; charset=utf-8", include_bytes!("../../static/js/screen.js")),
];

/// How long a browser may use an asset asked for without its current hash before it asks
/// again (with its ETag).
const MAX_AGE: &str = "public, max-age=3600";
/// An asset asked for by its current hash never changes at that URL.
const MAX_AGE_HASHED: &str = "public, max-age=31536000, immutable";

/// Each asset's hash (hex, as in its URL and its ETag), in the order of [`ASSETS`].
fn hashes() -> &'static [String] {
    static HASHES: OnceLock<Vec<String>> = OnceLock::new();
    HASHES.get_or_init(|| ASSETS.iter().map(|(_, _, bytes)| format!("{:016x}", fnv1a(bytes))).collect())
}

/// The URL a page links an asset by: `/static/{name}?v={hash of its bytes}`. A name that is
/// not an asset (a mistake in a template, which the asset tests would catch) gets no hash.
pub fn url(name: &str) -> String {
    match ASSETS.iter().position(|(asset, _, _)| *asset == name).and_then(|i| hashes().get(i)) {
        Some(hash) => format!("/static/{name}?v={hash}"),
        None => format!("/static/{name}"),
    }
}

#[derive(serde::Deserialize)]
pub struct Version {
    v: Option<String>,
}

/// GET /static/{path}: the asset, or 404; 304 when the browser's copy is current.
pub async fn serve(path: web::Path<String>, version: web::Query<Version>, request: HttpRequest) -> HttpResponse {
    let Some(i) = ASSETS.iter().position(|(name, _, _)| *name == path.as_str()) else {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("no such file");
    };
    let (Some((_, content_type, bytes)), Some(hash)) = (ASSETS.get(i), hashes().get(i)) else {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("no such file");
    };
    let etag = format!("\"{hash}\"");
    let cached = request.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str());
    let max_age = if version.v.as_deref() == Some(hash.as_str()) { MAX_AGE_HASHED } else { MAX_AGE };
    let mut response = if cached { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response.insert_header((header::CACHE_CONTROL, max_age)).insert_header((header::ETAG, etag));
    if cached { response.finish() } else { response.content_type(*content_type).body(*bytes) }
}

/// FNV-1a, 64 bits: a stable hash of an asset's bytes for its ETag.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, b| (hash ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::ASSETS;

    /// Every file of `static/` is compiled in, and nothing else: an asset added to the folder
    /// but not to the list would be missing from a deployed binary.
    #[test]
    fn the_compiled_assets_are_the_static_folder() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let mut on_disk = Vec::new();
        let mut folders = vec![root.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())).flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if let Ok(relative) = path.strip_prefix(&root) {
                    on_disk.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let mut listed: Vec<String> = ASSETS.iter().map(|(name, _, _)| name.to_string()).collect();
        listed.sort();
        assert_eq!(listed, on_disk, "web/assets.rs must list every file of static/");
    }
}
