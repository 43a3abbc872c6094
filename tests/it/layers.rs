//! The house's floors (docs/ARCHITECTURE.md, "Floors"), read from the code's own paths: no
//! service area calls another (they share `services::queries`, `services::repo` and
//! `services::audit`; coordinators in `services::workflows` may call services), the core (`core/src`)
//! reaches nothing outside itself, and no two files of `src/` import each other round a
//! circle. What is still crooked is listed below by name: the test fails when something new
//! goes crooked and when a listed item is straightened (so the list only shrinks).
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Service areas anyone may import.
const SHARED_SERVICES: [&str; 4] = ["mod", "queries", "repo", "audit"];

/// Service → service calls still to be taken apart.
const KNOWN_SERVICE_CALLS: [&str; 0] = [];

/// Circles between files still to be taken apart, each as the sorted files it runs through.
const KNOWN_CIRCLES: [&str; 0] = [];

/// `src/a/b.rs` (or `src/a/b/mod.rs`) → `a::b`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its unit tests and comments: what the program itself uses.
fn code_of(text: &str) -> String {
    let tests_at = text.match_indices("#[cfg(test)]\n").map(|(i, _)| i).find(|&i| {
        text[i..]
            .lines()
            .nth(1)
            .is_some_and(|l| l.trim_start_matches("pub(crate) ").trim_start_matches("pub ").starts_with("mod tests"))
    });
    let text = tests_at.map_or(text, |i| &text[..i]);
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every path a use tree or an expression names from `root` (`crate::` or `super::`),
/// braces expanded: `crate::services::{queries, repo::x}` → `services::queries`, `services::repo::x`.
fn paths_after(code: &str, root: &str) -> Vec<Vec<String>> {
    fn tree(chars: &[char], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let mut path = prefix.to_vec();
        loop {
            let start = *at;
            while *at < chars.len() && (chars[*at].is_alphanumeric() || chars[*at] == '_') {
                *at += 1;
            }
            if *at > start {
                path.push(chars[start..*at].iter().collect());
            }
            while *at < chars.len() && chars[*at].is_whitespace() {
                *at += 1;
            }
            if chars.get(*at) == Some(&':') && chars.get(*at + 1) == Some(&':') {
                *at += 2;
                while *at < chars.len() && chars[*at].is_whitespace() {
                    *at += 1;
                }
                if chars.get(*at) == Some(&'{') {
                    *at += 1;
                    loop {
                        while *at < chars.len() && (chars[*at].is_whitespace() || chars[*at] == ',') {
                            *at += 1;
                        }
                        if *at >= chars.len() || chars[*at] == '}' {
                            *at += 1;
                            break;
                        }
                        let before = *at;
                        tree(chars, at, &path, out);
                        if *at == before {
                            *at += 1;
                        }
                    }
                    return;
                }
                continue;
            }
            out.push(path);
            return;
        }
    }
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let pattern: Vec<char> = root.chars().collect();
    let mut i = 0;
    while i + pattern.len() <= chars.len() {
        let boundary = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == ':');
        if boundary && chars[i..i + pattern.len()] == pattern[..] {
            let mut at = i + pattern.len();
            tree(&chars, &mut at, &[], &mut out);
            i = at.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

struct House {
    /// module path → file (relative, as `services/rounds`)
    files: BTreeMap<String, String>,
    /// file → the files it names
    imports: BTreeMap<String, BTreeSet<String>>,
    /// domain files and the outside crates or modules they name
    domain_reaches_out: Vec<String>,
}

/// The app's files (`src/`) and the core's (`core/src/`, the crate the app names `domain`), each
/// with its module path in the app's terms (`domain::games::go::board` for `core/src/games/go/board.rs`).
fn house_files() -> Vec<(std::path::PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (src, core) = (root.join("src"), root.join("core/src"));
    let mut app = Vec::new();
    rust_files(&src, &mut app);
    let mut domain = Vec::new();
    rust_files(&core, &mut domain);
    let app = app.into_iter().map(|p| {
        let module = module_of(&src, &p);
        (p, module)
    });
    let domain = domain.into_iter().map(|p| {
        let inner = module_of(&core, &p);
        (p, if inner.is_empty() { "domain".to_string() } else { format!("domain::{inner}") })
    });
    app.chain(domain).collect()
}

fn read_house() -> House {
    let paths = house_files();
    let mut files = BTreeMap::new();
    for (_, module) in &paths {
        files.insert(module.clone(), module.replace("::", "/"));
    }
    let resolve = |segments: &[String]| -> Option<String> {
        (1..=segments.len()).rev().find_map(|n| files.get(&segments[..n].join("::")).cloned())
    };
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut domain_reaches_out = Vec::new();
    for (path, module) in &paths {
        let me = module.replace("::", "/");
        // In the core `crate::` is the core itself: `domain::` in the app's terms.
        let in_core = me.starts_with("domain/") || me == "domain";
        let code = code_of(&std::fs::read_to_string(path).unwrap_or_default());
        let parent: Vec<String> = {
            let mut p: Vec<String> = module.split("::").map(String::from).collect();
            // `super` of a `mod.rs` file is its folder's parent; of `a/b.rs` it is `a`.
            p.pop();
            p
        };
        let mut named = BTreeSet::new();
        for mut segments in paths_after(&code, "crate::") {
            if in_core {
                segments.insert(0, "domain".to_string());
            }
            if let Some(file) = resolve(&segments) {
                named.insert(file);
            }
        }
        for segments in paths_after(&code, "super::") {
            let mut full = parent.clone();
            full.extend(segments);
            if let Some(file) = resolve(&full) {
                named.insert(file);
            }
        }
        named.remove(&me);
        if me.starts_with("domain/") || me == "domain" {
            for file in &named {
                if !(file.starts_with("domain/") || file == "domain") {
                    domain_reaches_out.push(format!("{me} -> {file}"));
                }
            }
            for outside in ["actix_web", "sea_orm", "askama", "lettre", "tokio", "sqlx", "reqwest"] {
                if code.contains(&format!("{outside}::")) {
                    domain_reaches_out.push(format!("{me} -> {outside}"));
                }
            }
        }
        imports.insert(me, named);
    }
    House { files, imports, domain_reaches_out }
}

/// The service area of a file (`services/accounts/sessions` → `accounts`), if it is one.
fn service_area(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("services/")?;
    Some(rest.split('/').next().unwrap_or(rest))
}

#[test]
fn no_service_calls_another_and_the_domain_stays_inside() {
    let house = read_house();
    assert!(house.files.contains_key("services::queries"), "the read layer is where the test looks");
    assert!(house.files.contains_key("domain::games::go::board"), "the core crate is read too");
    let mut calls = BTreeSet::new();
    for (file, named) in &house.imports {
        let Some(area) = service_area(file) else { continue };
        if SHARED_SERVICES.contains(&area) || area == "workflows" {
            continue;
        }
        for other in named.iter().filter_map(|n| service_area(n)) {
            if other != area && !SHARED_SERVICES.contains(&other) {
                calls.insert(format!("services/{area} -> services/{other}"));
            }
        }
    }
    let known: BTreeSet<String> = KNOWN_SERVICE_CALLS.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = calls.difference(&known).collect();
    let gone: Vec<&String> = known.difference(&calls).collect();
    assert!(
        new.is_empty(),
        "a service calls another (use services::queries, services::repo, or a coordinator in services::workflows): {new:#?}"
    );
    assert!(gone.is_empty(), "straightened: take these off KNOWN_SERVICE_CALLS: {gone:#?}");
    assert!(house.domain_reaches_out.is_empty(), "the core reaches outside itself: {:#?}", house.domain_reaches_out);
}

#[test]
fn no_two_files_of_src_import_each_other_round_a_circle() {
    let house = read_house();
    // Tarjan's strongly connected components over the file graph.
    let nodes: Vec<&String> = house.imports.keys().collect();
    let index_of: BTreeMap<&String, usize> = nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let edges: Vec<Vec<usize>> =
        nodes.iter().map(|n| house.imports[*n].iter().filter_map(|m| index_of.get(m).copied()).collect()).collect();
    struct Tarjan<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        components: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    self.components.push(component);
                }
            }
        }
    }
    let n = nodes.len();
    let mut t = Tarjan {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        components: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    let circles: BTreeSet<String> = t
        .components
        .iter()
        .map(|c| {
            let mut files: Vec<&str> = c.iter().map(|&i| nodes[i].as_str()).collect();
            files.sort_unstable();
            files.join(" ")
        })
        .collect();
    let known: BTreeSet<String> = KNOWN_CIRCLES.iter().map(|s| s.to_string()).collect();
    let new: Vec<&String> = circles.difference(&known).collect();
    let gone: Vec<&String> = known.difference(&circles).collect();
    assert!(new.is_empty(), "files that import each other round a circle: {new:#?}");
    assert!(gone.is_empty(), "straightened: take these off KNOWN_CIRCLES: {gone:#?}");
}

/// Issue 51: services say what is wrong as a `Message` (a key and its arguments) and only the
/// web layer puts it into the reader's words, so no service function takes the reader's
/// `Locale` (mail to an account is written in the account's own language, read from it).
#[test]
fn no_service_function_takes_a_locale() {
    let services = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/services");
    let mut files = Vec::new();
    rust_files(&services, &mut files);
    assert!(files.len() > 20, "the services are where the test looks: {}", services.display());
    let mut taking = Vec::new();
    let mut signatures = 0;
    for file in &files {
        let code = code_of(&std::fs::read_to_string(file).unwrap_or_default());
        for (at, _) in code.match_indices("fn ") {
            // The signature: from `fn` to the parenthesis that closes its parameters.
            let rest = &code[at..];
            let Some(open) = rest.find('(') else { continue };
            let mut depth = 0;
            let close = rest[open..].char_indices().find_map(|(i, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                (depth == 0).then_some(open + i)
            });
            let Some(close) = close else { continue };
            signatures += 1;
            if rest[open..close].contains("Locale") {
                let name = rest[3..open].trim();
                taking.push(format!("{}: fn {name}", file.strip_prefix(&services).unwrap_or(file).display()));
            }
        }
    }
    assert!(signatures > 200, "the reader finds the services' functions ({signatures})");
    assert!(taking.is_empty(), "service functions that take a Locale: {taking:#?}");
}

#[test]
fn the_path_reader_expands_use_trees() {
    let code =
        "use crate::services::{queries::{self, BoardRef}, repo};\nlet x = crate::domain::go::board::Board::new(9, 9);";
    let found: Vec<String> = paths_after(code, "crate::").iter().map(|p| p.join("::")).collect();
    assert_eq!(
        found,
        ["services::queries::self", "services::queries::BoardRef", "services::repo", "domain::go::board::Board::new"]
    );
}
