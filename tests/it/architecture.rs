//! Issue 51, item 4: docs/ARCHITECTURE.md is the map a newcomer reads first, so every path it
//! names must be in the tree: a file moved or removed without the map following fails here.
use std::path::Path;

/// The spans of `text` between single backticks.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Whether a code span names a path of the repository (rather than a module path, a command,
/// a route or a value): no spaces, no `::`, no placeholders, and a folder separator or a
/// file's extension.
fn is_repository_path(span: &str) -> bool {
    const EXTENSIONS: [&str; 10] = [".rs", ".md", ".js", ".css", ".html", ".toml", ".sql", ".py", ".ftl", ".svg"];
    !span.is_empty()
        && !span.contains([' ', '{', '}', '*', '…', '<', '>', '='])
        && !span.contains("::")
        && !span.starts_with('/')
        && !span.starts_with("http")
        && (span.contains('/') || EXTENSIONS.iter().any(|e| span.ends_with(e)))
}

#[test]
fn every_path_the_architecture_map_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("docs/ARCHITECTURE.md")).expect("docs/ARCHITECTURE.md");
    let named: Vec<&str> = code_spans(&map).into_iter().filter(|s| is_repository_path(s)).collect();
    assert!(named.len() >= 100, "the map names {} paths: is the test reading it right?", named.len());
    let missing: Vec<&&str> = named.iter().filter(|p| !root.join(p.trim_end_matches('/')).exists()).collect();
    assert!(missing.is_empty(), "docs/ARCHITECTURE.md names paths that are not in the tree: {missing:?}");
}

#[test]
fn the_path_reader_tells_paths_from_other_code() {
    assert_eq!(code_spans("a `src/lib.rs` and `x::y` b"), vec!["src/lib.rs", "x::y"]);
    assert!(is_repository_path("src/web/assets.rs"));
    assert!(is_repository_path("Cargo.toml"));
    assert!(is_repository_path("templates/partials/"));
    assert!(!is_repository_path("domain::games::go::proof"));
    assert!(!is_repository_path("cargo test --lib"));
    assert!(!is_repository_path("/static/{path}"));
    assert!(!is_repository_path("AppState"));
}
