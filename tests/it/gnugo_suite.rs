//! GNU Go's scoring suite (`regression/score.tst`, `score2.tst`): its active cases and how
//! results compare. Shared by the integration test and `benches/proposal.rs` (by path).

/// The cases of GNU Go's scoring regression suite (`regression/score.tst`, `score2.tst`): the
/// record and the expected `final_score` (Japanese counting, the record's komi). Disabled
/// (commented-out) cases are left out, as the suite leaves them out.
pub fn gnugo_cases(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for file in ["score.tst", "score2.tst"] {
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else { continue };
        let (mut load, mut command) = (None::<String>, false);
        for line in text.lines().map(str::trim) {
            if let Some(path) = line.strip_prefix("loadsgf ") {
                load = Some(path.split_whitespace().next().unwrap_or_default().to_string());
                command = false;
            } else if line.split_whitespace().nth(1) == Some("final_score")
                && line.starts_with(|c: char| c.is_ascii_digit())
            {
                command = load.is_some();
            } else if let Some(expected) = line.strip_prefix("#? [")
                && command
                && let Some(sgf) = load.take()
            {
                let answer = expected.split(']').next().unwrap_or_default().replace('\\', "");
                cases.push((sgf, answer));
                command = false;
            }
        }
    }
    cases
}

/// "W+12.5" as 12.5 for White, -12.5 for Black; a draw is 0.
pub fn signed_margin(result: &str) -> Option<f64> {
    match result.trim() {
        "0" | "Draw" | "Jigo" => Some(0.0),
        r => {
            let (side, margin) = r.split_once('+')?;
            let margin: f64 = margin.parse().ok()?;
            match side {
                "W" => Some(margin),
                "B" => Some(-margin),
                _ => None,
            }
        }
    }
}
