//! Yunzi (云子): a go tournament management system.
//!
//! `domain` is the pure core (no web, database or async code); `services` are the use cases
//! and own transactions and I/O; `web` holds the thin actix handlers and the route table.
pub mod auth;
pub mod cli;
pub mod clock;
pub mod cluster;
pub mod config;
pub mod db;
/// The pure core is its own crate (`core/`, `yunzi-core`), so that the compiler keeps it free of
/// web, database and async code; the app names it `domain` as before.
pub use yunzi_core as domain;
pub mod error;
pub mod followed_events;
pub mod i18n;
pub mod live_games;
pub mod live_hub;
pub mod mail;
pub mod page_store;
pub mod pdf_store;
pub mod scheduler;
pub mod services;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod web;

/// Every program built on the library (the server, its tests and benchmarks) allocates with
/// mimalloc: the server's many small, short-lived allocations (a query's SQL and rows, a
/// page's strings) cost less there than in glibc's malloc.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(test)]
mod purity {
    /// The domain stays pure: no web framework, database, templates, mail, async runtime or
    /// file and network I/O. (This guard lives outside `core/` so that nothing there has
    /// to name those crates, not even a test.)
    #[test]
    fn the_domain_uses_no_io_crates() {
        let forbidden = ["actix", "sea_orm", "askama", "lettre", "tokio", "sqlx", "reqwest", "std::fs", "std::net"];
        let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/core/src"))];
        let mut offences = Vec::new();
        let mut files = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    files += 1;
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    for (n, line) in text.lines().enumerate() {
                        let code = line.split("//").next().unwrap_or("");
                        if let Some(word) = forbidden.iter().find(|w| code.contains(*w)) {
                            offences.push(format!("{}:{}: {word}", path.display(), n + 1));
                        }
                    }
                }
            }
        }
        assert!(files >= 15, "read {files} files");
        assert!(offences.is_empty(), "{offences:?}");
    }
}

#[cfg(test)]
mod docs_tables {
    /// docs/REFEREE.md carries the desk's table as the code offers it (a test outside
    /// `core/`, which reads no files).
    #[test]
    fn the_docs_table_is_the_desks() {
        use crate::domain::referee::{DisputeKind, Edition, rulings_table};
        let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/REFEREE.md"))
            .unwrap_or_else(|e| panic!("docs/REFEREE.md: {e}"));
        let table = rulings_table();
        assert!(docs.contains(&table), "docs/REFEREE.md's table differs from the desk's; it should read:\n{table}");
        assert_eq!(table.lines().count(), 2 + Edition::ALL.len() * DisputeKind::ALL.len());
    }
}
