//! The pure core: no web, database, async or I/O code here.
pub mod color;
pub mod event;
pub mod go;
pub mod komi;
pub mod pairing;
pub mod player;
pub mod rank;
pub mod result;
pub mod standings;

#[cfg(test)]
mod purity {
    /// The domain stays pure: no web framework, database, templates, mail or async runtime.
    #[test]
    fn the_domain_imports_no_io_crates() {
        let forbidden = ["actix", "sea_orm", "askama", "lettre", "tokio", "sqlx", "reqwest", "std::fs", "std::net"];
        let mut stack = vec![std::path::PathBuf::from("src/domain")];
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
                    // This guard itself reads files; everything above it is checked.
                    let checked = text.split("mod purity {").next().unwrap_or("");
                    for (n, line) in checked.lines().enumerate() {
                        let code = line.split("//").next().unwrap_or("");
                        if let Some(word) = forbidden.iter().find(|w| code.contains(*w) && !code.contains("\"")) {
                            offences.push(format!("{}:{}: {word}", path.display(), n + 1));
                        }
                    }
                }
            }
        }
        assert!(files >= 8, "read {files} files");
        assert!(offences.is_empty(), "{offences:?}");
    }
}
