//! Issue 51, item 1: the style sheet, the scripts and the icon are compiled into the binary
//! (`src/web/assets.rs`) and served from it, whatever folder the server runs in (the test
//! app runs in an empty data folder): each file of `static/` with its content type and its
//! exact bytes, an ETag a browser can revalidate with, and 404 for a file that is not there.
//! Pages link an asset by a URL with the hash of its bytes, which a browser may keep for a
//! year; without the hash (or with an old one) it may keep it an hour.
use crate::helpers::{TestApp, TestResult};

#[actix_web::test]
async fn the_site_serves_its_css_and_scripts_from_the_binary() -> TestResult {
    let app = TestApp::spawn().await?;
    let http = reqwest::Client::new();
    let home = http.get(format!("{}/", app.base)).send().await?;
    assert_eq!(home.status().as_u16(), 200);
    let page = home.text().await?;
    let css = page
        .split('"')
        .find(|part| part.starts_with("/static/css/app.css?v="))
        .ok_or("the page links its style sheet by its hashed URL")?
        .to_string();
    let hash = css.trim_start_matches("/static/css/app.css?v=");
    assert!(hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()), "{css}");
    let hashed = http.get(format!("{}{css}", app.base)).send().await?;
    assert_eq!(hashed.status().as_u16(), 200);
    let cache = |r: &reqwest::Response| {
        r.headers().get("cache-control").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
    };
    assert_eq!(cache(&hashed), "public, max-age=31536000, immutable", "kept a year under its hash");
    let stale = http.get(format!("{}/static/css/app.css?v=0000000000000000", app.base)).send().await?;
    assert_eq!(stale.status().as_u16(), 200, "an old page's link still gets the style sheet");
    assert_eq!(cache(&stale), "public, max-age=3600", "but only for an hour");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut served = 0;
    for (folder, content_type) in [("css", "text/css"), ("js", "text/javascript"), ("img", "image/svg+xml")] {
        for entry in std::fs::read_dir(root.join(folder))?.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            let url = format!("{}/static/{folder}/{name}", app.base);
            let response = http.get(&url).send().await?;
            assert_eq!(response.status().as_u16(), 200, "{url}");
            let headers = response.headers().clone();
            let kind = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
            assert!(kind.starts_with(content_type), "{url}: {kind}");
            let etag = headers.get("etag").and_then(|v| v.to_str().ok()).ok_or("no ETag")?.to_string();
            assert_eq!(response.bytes().await?.as_ref(), std::fs::read(entry.path())?.as_slice(), "{url}");
            // The browser's copy is current: 304, no body.
            let again = http.get(&url).header("If-None-Match", &etag).send().await?;
            assert_eq!(again.status().as_u16(), 304, "{url}");
            served += 1;
        }
    }
    assert!(served >= 7, "{served} assets");
    let missing = http.get(format!("{}/static/js/nothing.js", app.base)).send().await?;
    assert_eq!(missing.status().as_u16(), 404);
    let outside = http.get(format!("{}/static/../Cargo.toml", app.base)).send().await?;
    assert_eq!(outside.status().as_u16(), 404, "no file outside the assets");
    Ok(())
}
