//! `yunzi rules`, `yunzi check` and `yunzi score` on real files, through the real binary.
use std::process::Command;

use crate::gnugo_suite::{gnugo_cases, signed_margin};
use crate::helpers::*;
use crate::random_record::random_record;

fn yunzi(args: &[&str]) -> Result<std::process::Output, Box<dyn std::error::Error>> {
    Ok(Command::new(env!("CARGO_BIN_EXE_yunzi")).args(args).output()?)
}

#[actix_web::test]
async fn check_and_score_a_directory_of_a_thousand_records() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let dir = temp_dir("records");
    for i in 0..1000u64 {
        let size = [9u8, 13, 19][(i % 3) as usize];
        std::fs::write(dir.join(format!("game{i:04}.sgf")), random_record(i, size, 60))?;
    }
    let checked = yunzi(&["check", &dir.display().to_string()])?;
    assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stdout));
    let out = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(out.lines().filter(|l| l.contains(": ok, 60 moves")).count(), 1000);

    let scored = yunzi(&["score", &dir.display().to_string()])?;
    assert!(scored.status.success(), "{}", String::from_utf8_lossy(&scored.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8_lossy(&scored.stdout).lines().map(serde_json::from_str).collect::<Result<_, _>>()?;
    assert_eq!(lines.len(), 1000);
    assert!(lines.iter().all(|l| l["illegal_moves"].as_array().is_some_and(|a| a.is_empty())));
    assert!(lines.iter().all(|l| l["result"].as_str().is_some_and(|r| r.starts_with("B+") || r.starts_with("W+"))));

    // One illegal move among them: check names it and fails.
    std::fs::write(dir.join("zz-illegal.sgf"), "(;SZ[9]RU[Chinese];B[ee];W[dd];B[dd])")?;
    let failed = yunzi(&["check", &dir.display().to_string()])?;
    assert_eq!(failed.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&failed.stdout)
            .contains("zz-illegal.sgf: illegal move 3 (B D6): the point is occupied")
    );
    Ok(())
}

#[actix_web::test]
async fn score_counts_a_record_with_dead_stones_and_names_the_result_both_ways() -> TestResult {
    let dir = temp_dir("score");
    // 9x9: Black owns columns a–e (wall on e), White f–i (wall on f); a dead white stone at b2.
    let mut text = String::from("(;GM[1]FF[4]SZ[9]RU[Chinese]KM[3.75]");
    text.push_str("AB");
    for y in "abcdefghi".chars() {
        text.push_str(&format!("[e{y}]"));
    }
    text.push_str("AW[bh]");
    for y in "abcdefghi".chars() {
        text.push_str(&format!("[f{y}]"));
    }
    text.push(')');
    let file = dir.join("count.sgf");
    std::fs::write(&file, text)?;
    let out = yunzi(&["score", &file.display().to_string(), "--dead", "B2"])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim())?;
    // Black 45 points, White 36; komi 3¾ 子 = 7.5: Black leads by 9 − 7.5 = 1.5 = ¾ 子.
    assert_eq!(line["result"], "B+1.5");
    assert_eq!(line["result_zh"], "黑胜¾子");
    assert_eq!(line["dead"][0], "bh");
    let bad = yunzi(&["score", &file.display().to_string(), "--dead", "Z99"])?;
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("\"Z99\" is not a point of this 9x9 board"));
    let rules = yunzi(&["rules"])?;
    let listing = String::from_utf8_lossy(&rules.stdout);
    // Go's 14 presets, then 一字棋's three setups, 七星棋's two, 二虎棋, 四季棋, 六角棋, 八卦棋,
    // 三通棋, and 五子棋's three rule sets.
    assert_eq!(listing.lines().count(), 14 + 3 + 2 + 4 + 1 + 3);
    assert!(listing.contains("pre-tang  size=19x19") && listing.contains("scoring=captures"), "{listing}");
    assert!(listing.contains("chinese-2002  size=19x19") && listing.contains("ko=situational"));
    assert!(
        listing.contains("japanese-2012  size=19x19") && listing.contains("life-by-verification=true"),
        "{listing}"
    );
    Ok(())
}

/// Issue 19, item 3, and issue 50: `--explain` says for each group the proposal calls dead
/// whether that is proven (with the proof the checker replayed) or estimated, and how sure,
/// and why it has no proof; never an estimate shown as a proof. `--explain` without `--dead auto` is refused.
#[actix_web::test]
async fn the_proposal_says_what_is_proven_and_what_is_estimated() -> TestResult {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/explain-9x9.sgf");
    let scored = yunzi(&["score", file, "--dead", "auto", "--explain"])?;
    assert!(scored.status.success(), "{}", String::from_utf8_lossy(&scored.stderr));
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    let explain = line["explain"].as_array().ok_or("no explain")?;
    assert_eq!(explain.len(), 2, "{explain:?}");
    let proven = &explain[0];
    assert_eq!((proven["verdict"].as_str(), proven["basis"].as_str()), (Some("dead"), Some("proven")));
    assert_eq!((proven["colour"].as_str(), proven["stones"][0].as_str()), (Some("white"), Some("B7")));
    // Its proof, checked: the zone round it, and the line that captures it.
    assert_eq!(proven["proof"]["checked"], true, "{proven}");
    assert!(proven["proof"]["zone"].as_array().is_some_and(|z| z.iter().any(|p| p == "B7")), "{proven}");
    assert!(proven["proof"]["main_line"].as_array().is_some_and(|l| !l.is_empty()), "{proven}");
    let estimated = &explain[1];
    assert_eq!((estimated["basis"].as_str(), estimated["stones"][0].as_str()), (Some("estimated"), Some("H6")));
    assert!(
        estimated["why"].as_str().is_some_and(|w| w.contains("% of 160 playouts") && !w.contains("Benson")),
        "{estimated}"
    );
    // Both off the board: White's B7 to Black, Black's H6 to White.
    assert_eq!((line["black"]["territory"].as_u64(), line["result"].as_str()), (Some(5), Some("W+52.5")));
    // A group shut in by a wall that is not unconditionally alive: proven by reading, with
    // the line that captures it.
    let read = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/read-9x9.sgf");
    let scored = yunzi(&["score", read, "--dead", "auto", "--explain"])?;
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    let group = &line["explain"][0];
    assert_eq!((group["basis"].as_str(), group["colour"].as_str()), (Some("proven"), Some("black")), "{line}");
    assert!(group["why"].as_str().is_some_and(|w| w.starts_with("read: ")), "{group}");
    let sequence: Vec<&str> =
        group["sequence"].as_array().ok_or("no sequence")?.iter().filter_map(|m| m.as_str()).collect();
    assert!(sequence.first().is_some_and(|m| m.starts_with("B ")), "Black defends first: {sequence:?}");
    assert!(sequence.last().is_some_and(|m| m.starts_with("W ") && m != &"W pass"), "White captures: {sequence:?}");
    let refused = yunzi(&["score", file, "--explain"])?;
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("use it with --dead auto"));
    Ok(())
}

/// Issue 47, acceptance 5: `yunzi score --rules japanese-2012 --dead auto --explain` gives each
/// group's verdict with its verification line (第七条: 検証は対象石側が先着). Inside Black's living
/// wall, White's bent four is captured with White moving first (dead); White's straight three
/// lives with White moving first (alive), where the 1989 confirmation, with Black first, kills
/// it — the same file counts differently under the two.
#[actix_web::test]
async fn the_2012_proposal_explains_each_verdict_with_its_verification() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/verification-2012-9x9.sgf");
    let scored = yunzi(&["score", file, "--rules", "japanese-2012", "--dead", "auto", "--explain"])?;
    assert!(scored.status.success(), "{}", String::from_utf8_lossy(&scored.stderr));
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    let explain = line["explain"].as_array().ok_or("no explain")?;
    let verdict = |stone: &str| {
        explain
            .iter()
            .find(|g| g["stones"].as_array().is_some_and(|s| s.iter().any(|p| p == stone)))
            .cloned()
            .ok_or_else(|| format!("no group with {stone}: {explain:?}"))
    };
    let bent_four = verdict("D9")?;
    assert_eq!((bent_four["verdict"].as_str(), bent_four["basis"].as_str()), (Some("dead"), Some("proven")));
    assert!(bent_four["why"].as_str().is_some_and(|w| w.starts_with("verified (2012 Art. 7)")), "{bent_four}");
    let moves: Vec<&str> =
        bent_four["sequence"].as_array().ok_or("no line")?.iter().filter_map(|m| m.as_str()).collect();
    assert!(moves.first().is_some_and(|m| m.starts_with("W ")), "White, the examined side, first: {moves:?}");
    assert!(moves.last().is_some_and(|m| m.starts_with("B ") && *m != "B pass"), "Black captures: {moves:?}");
    let three = verdict("F9")?;
    assert_eq!((three["verdict"].as_str(), three["basis"].as_str()), (Some("alive"), Some("verified")), "{three}");
    assert_eq!(three["sequence"][0].as_str(), Some("W H9"), "White takes the vital point first");
    let dead: Vec<&str> = line["dead"].as_array().ok_or("no dead")?.iter().filter_map(|p| p.as_str()).collect();
    assert_eq!(dead.len(), 7, "the bent four's seven stones only: {dead:?}");
    // Territory: Black 13 points and White's 7 stones as prisoners; White's three points.
    assert_eq!((line["black"]["territory"].as_u64(), line["black"]["prisoners"].as_u64()), (Some(13), Some(7)));
    assert_eq!(line["white"]["territory"].as_u64(), Some(3));
    let old = yunzi(&["score", file, "--rules", "japanese-1989", "--dead", "auto"])?;
    let old: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&old.stdout).trim())?;
    assert_eq!(old["dead"].as_array().map(Vec::len), Some(12), "1989: the straight three dies too: {old}");
    Ok(())
}

/// A large group dead as one: White's 17 stones in two chains, captured in the playouts less
/// often than a chain alone must be to count as dead, are proposed dead as one group, with
/// its size in the reason; the dead stones are the 18 GNU Go 3.8 gives for the position.
#[actix_web::test]
async fn a_large_group_captured_as_one_is_proposed_dead_and_says_why() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/large-group-19x19.sgf");
    let scored = yunzi(&["score", file, "--rules", "japanese-1989", "--dead", "auto", "--explain"])?;
    assert!(scored.status.success(), "{}", String::from_utf8_lossy(&scored.stderr));
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    let mut dead: Vec<&str> = line["dead"].as_array().ok_or("no dead")?.iter().filter_map(|p| p.as_str()).collect();
    dead.sort_unstable();
    let mut gnugo = vec![
        "hm", "jm", "km", "fn", "gn", "kn", "ln", "fo", "ko", "fp", "gp", "jp", "kp", "gq", "hq", "iq", "jq", "mr",
    ];
    gnugo.sort_unstable();
    assert_eq!(dead, gnugo, "{line}");
    let explain = line["explain"].as_array().ok_or("no explain")?;
    let group = explain
        .iter()
        .find(|g| g["stones"].as_array().is_some_and(|s| s.len() == 16))
        .ok_or_else(|| format!("no 16-stone chain: {explain:?}"))?;
    assert_eq!(group["basis"].as_str(), Some("estimated"), "an estimate, never shown as a proof");
    assert!(group["why"].as_str().is_some_and(|w| w.contains("as one group of 17 stones (2 chains)")), "{group}");
    Ok(())
}

/// Issue 19, item 4: three kos that keep a one-eyed Black group alive next to a White group
/// with two eyes are false life (1988 Art. 20.2), named by `check` and by `score`; the triple
/// ko between two bare groups stays a triple ko.
#[actix_web::test]
async fn a_cycle_that_keeps_a_dead_group_alive_is_false_life() -> TestResult {
    let false_life = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/false-life.sgf");
    let triple = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/triple-ko.sgf");
    let checked = yunzi(&["check", false_life])?;
    assert!(checked.status.success());
    let out = String::from_utf8_lossy(&checked.stdout);
    assert!(out.contains("ok, 18 moves"), "{out}");
    assert!(
        out.contains("cycle: false-life (moves 1 to 6 repeat the position). Black lives only by going round it")
            && out.contains("Art. 20.2"),
        "{out}"
    );
    let scored = yunzi(&["score", false_life])?;
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    assert_eq!(
        (line["cycles"][0]["kind"].as_str(), line["cycles"][0]["living_falsely"].as_str()),
        (Some("false-life"), Some("black"))
    );
    let checked = yunzi(&["check", triple, "--rules", "chinese-1988"])?;
    let out = String::from_utf8_lossy(&checked.stdout);
    assert!(out.contains("cycle: triple-ko (moves 1 to 6") && !out.contains("false life"), "{out}");
    Ok(())
}

#[actix_web::test]
async fn a_triple_ko_record_is_reported_as_a_cycle_or_refused_by_superko() -> TestResult {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/triple-ko.sgf");
    let scored = yunzi(&["score", file, "--rules", "chinese-1988"])?;
    assert!(scored.status.success());
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&scored.stdout).trim())?;
    assert_eq!(line["cycles"][0]["kind"], "triple-ko");
    assert_eq!(line["cycles"][0]["living_falsely"], serde_json::Value::Null);
    assert_eq!((line["cycles"][0]["first_move"].as_u64(), line["cycles"][0]["last_move"].as_u64()), (Some(1), Some(6)));
    assert_eq!(line["moves"], 18);
    // 1988 Art. 20.3: the referee rules draw or replay; the count is still reported, and the
    // result is not a win (issue 47: "?", as SGF writes a result not known).
    assert_eq!(line["cycle_policy"], "referee");
    assert_eq!((line["result"].as_str(), line["cycle_decides"].as_bool()), (Some("?"), Some(true)));
    assert!(line["result_zh"].as_str().is_some_and(|r| r.contains("裁判")), "{line}");
    assert!(line["counted_result"].as_str().is_some_and(|r| r.starts_with('B') || r.starts_with('W')));
    // Under the Japanese rules a cycle is no result (Art. 12); an event may choose a draw.
    let japanese = yunzi(&["score", file, "--rules", "japanese-1989"])?;
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&japanese.stdout).trim())?;
    assert_eq!((line["result"].as_str(), line["cycle_policy"].as_str()), (Some("Void"), Some("no-result")));
    let draw = yunzi(&["score", file, "--rules", "chinese-1988", "--set", "cycles=draw"])?;
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&draw.stdout).trim())?;
    assert_eq!((line["result"].as_str(), line["result_zh"].as_str()), (Some("0"), Some("和棋")));
    // A replay leaves this game without a result (the replayed game gets its own).
    let replay = yunzi(&["score", file, "--rules", "chinese-1988", "--set", "cycles=replay"])?;
    let line: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&replay.stdout).trim())?;
    assert_eq!((line["result"].as_str(), line["cycle_policy"].as_str()), (Some("Void"), Some("replay")));
    let wrong = yunzi(&["score", file, "--set", "cycles=sometimes"])?;
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("--set cycles=sometimes"));
    // Under the 2002 rules (situational superko) the lap cannot be closed.
    let checked = yunzi(&["check", file, "--rules", "chinese-2002"])?;
    assert_eq!(checked.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&checked.stdout)
            .contains("illegal move 6 (W N18): superko: it repeats the starting position")
    );
    Ok(())
}

/// `yunzi pair FILE`: the next round of a Swiss from a pairing file, one JSON line per board
/// with its costs, the bye, and a summary; `--round` re-pairs an earlier round from its history;
/// a bad file is refused with a clear message.
#[tokio::test]
async fn pair_prints_each_board_with_its_costs() -> TestResult {
    let dir = temp_dir("pair");
    let file = dir.join("club.json");
    // Five players; round 1 was 1–4 (1 won) and 2–3 (3 won), 5 had the bye.
    std::fs::write(
        &file,
        r#"{
          "settings": {"placement": "split-and-fold", "avoid_same_club": true},
          "entrants": [
            {"id": 1, "rank_value": 4, "club": "Hangzhou"},
            {"id": 2, "rank_value": 3, "club": "Shanghai"},
            {"id": 3, "rank_value": 2, "club": "Hangzhou"},
            {"id": 4, "rank_value": 1},
            {"id": 5, "rank_value": 0}
          ],
          "games": [
            {"round": 1, "black": 1, "white": 4, "result": "B+R"},
            {"round": 1, "black": 3, "white": 2, "result": "B+3.5"}
          ],
          "byes": [{"round": 1, "player": 5}]
        }"#,
    )?;
    let path = file.to_string_lossy().to_string();
    let out = yunzi(&["pair", &path])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out.stdout)?.lines().map(serde_json::from_str).collect::<Result<_, _>>()?;
    // Two boards, the bye, the summary.
    assert_eq!(lines.len(), 4, "{lines:?}");
    let summary = &lines[3];
    assert_eq!(
        (summary["round"].as_u64(), summary["boards"].as_u64(), summary["rematches"].as_u64()),
        (Some(2), Some(2), Some(0))
    );
    // Scores: 1, 3, 5 on 2 points; 2, 4 on 0. The bye cannot go to 5 again: it goes to the
    // lowest of the 0-point group (4). One 2-point player must meet 2, who has met 3: the bottom
    // of the group (5) floats down, which outweighs keeping 1 and 3 (one club) apart, and the
    // board says what the club cost.
    assert_eq!(lines[2]["bye"].as_i64(), Some(4));
    let mut met = Vec::new();
    for board in &lines[..2] {
        let (b, w) = (board["black"].as_i64().unwrap_or(0), board["white"].as_i64().unwrap_or(0));
        met.push((b.min(w), b.max(w), board["costs"]["geography"].as_u64(), board["costs"]["score_gap"].as_u64()));
        assert_eq!(board["costs"]["rematch"].as_u64(), Some(0));
    }
    met.sort_unstable();
    assert_eq!(met, vec![(1, 3, Some(1 << 17), Some(0)), (2, 5, Some(0), Some(2))]);
    // Round 1 again from no history: five fresh players, the bye to the lowest (5).
    let first = yunzi(&["pair", &path, "--round", "1"])?;
    let text = String::from_utf8(first.stdout)?;
    assert!(text.contains(r#""bye":5"#), "{text}");

    std::fs::write(&file, r#"{"entrants": [{"id": 1, "rank": "3d"}]}"#)?;
    let bad = yunzi(&["pair", &path])?;
    assert!(!bad.status.success());
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.contains("not a Yunzi pairing file") && message.contains("rank"), "{message}");
    Ok(())
}

/// GNU Go's scoring suite, when a copy is at `.cache/gnugo/regression` (or `YUNZI_GNUGO_SUITE`):
/// `yunzi score --rules japanese-1989 --dead auto` must score at least as many of its 57 cases
/// exactly as it did when this floor was set. GNU Go is GPL, so the suite is fetched into a
/// git-ignored folder and never committed; without it the test says so and passes.
#[actix_web::test]
async fn the_dead_stone_proposal_scores_gnu_gos_suite() -> TestResult {
    /// Exact cases on 2026-11-24: 36 with playouts that keep eyes and seki, 52 once the
    /// playouts answer ataris and a chain captured in 40% of them is dead; on 2026-11-27, 54
    /// once a large group captured as one in 30% of them is dead. Raise as it grows.
    const FLOOR: usize = 54;
    if on_postgres() {
        return Ok(());
    }
    let dir = std::env::var_os("YUNZI_GNUGO_SUITE")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".cache/gnugo/regression"));
    let cases = gnugo_cases(&dir);
    if cases.is_empty() {
        eprintln!("GNU Go's scoring suite is not at {}: skipped (see docs/ENGINE.md)", dir.display());
        return Ok(());
    }
    assert_eq!(cases.len(), 57, "the suite's active cases");
    let mut exact = 0;
    let mut misses = Vec::new();
    for (sgf, expected) in &cases {
        let path = dir.join(sgf).display().to_string();
        let out = yunzi(&["score", &path, "--rules", "japanese-1989", "--dead", "auto"])?;
        let line: serde_json::Value = serde_json::from_slice(&out.stdout)?;
        let got = line["result"].as_str().unwrap_or_default().to_string();
        if signed_margin(&got).is_some() && signed_margin(&got) == signed_margin(expected) {
            exact += 1;
        } else {
            misses.push(format!("{sgf}: {got} (expected {expected})"));
        }
    }
    eprintln!("GNU Go's scoring suite: {exact}/57 exact; missed: {misses:#?}");
    assert!(exact >= FLOOR, "{exact}/57 exact, fewer than the {FLOOR} reached before");
    Ok(())
}

/// The files that once kept the command line busy for minutes are refused at once, naming
/// the limit they pass; a closed pipe ends a command quietly.
#[actix_web::test]
async fn hostile_files_are_refused_with_the_limit_named_and_a_closed_pipe_is_quiet() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let file = |name: &str| format!("{}/tests/{name}", env!("CARGO_MANIFEST_DIR"));
    let ranges = yunzi(&["check", &file("sgf/hostile-repeated-range-values.sgf")])?;
    assert!(!ranges.status.success());
    assert!(
        String::from_utf8_lossy(&ranges.stderr).contains("property AB has more than 1000 values"),
        "{}",
        String::from_utf8_lossy(&ranges.stderr)
    );
    let rounds = yunzi(&["pair", &file("opengotha/hostile-round-465536.xml")])?;
    assert!(!rounds.status.success());
    assert!(String::from_utf8_lossy(&rounds.stderr).contains("names round 465536: an event has at most 30 rounds"));
    let round_option = yunzi(&["pair", &file("opengotha/notsimplemm.xml"), "--round", "31"])?;
    assert!(String::from_utf8_lossy(&round_option.stderr).contains("--round 31: rounds are numbered from 1 to 30"));

    // `yunzi check DIR | head -1`: more output than a pipe holds, and the reader goes away
    // after one byte; the command ends with status 0 and says nothing.
    let dir = temp_dir("pipe");
    for i in 0..3000 {
        std::fs::write(dir.join(format!("g{i:04}.sgf")), "(;SZ[9])")?;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .args(["check", &dir.display().to_string()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    let mut first = [0u8; 1];
    if let Some(out) = child.stdout.as_mut() {
        std::io::Read::read_exact(out, &mut first)?;
    }
    drop(child.stdout.take());
    let ended = child.wait_with_output()?;
    assert_eq!(ended.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&ended.stderr), "");
    Ok(())
}

/// `yunzi check` on 五子棋 records (tests/gomoku, SGF GM[4]): a forbidden move fails the
/// check and is named by its kind; a legal record says who won and how; the opening's rules
/// are kept; `yunzi rules` lists the game's rule sets.
#[actix_web::test]
async fn check_adjudicates_gomoku_records() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let run = |file: &str, extra: &[&str]| check_record("gomoku", file, extra);
    let (code, out) = run("double-three.sgf", &[])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("forbidden move 9 (i8): double three (三三); White wins"), "{out}");
    let (code, out) = run("overline.sgf", &[])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("forbidden move 11 (i8): overline (长连)"), "{out}");
    let (code, out) = run("five.sgf", &[])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 9 moves; Black wins: five in a row"), "{out}");
    let (code, out) = run("swap-and-offers.sgf", &["--game", "gomoku"])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 6 moves; play goes on"), "{out}");
    let (code, out) = run("white-two-outside.sgf", &[])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("illegal move 2 (W a15): White 2 must be placed within the central 5×5"), "{out}");
    let (code, out) = run("free-white-six.sgf", &[])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("White wins"), "{out}");
    // Under free gomoku Black's six in a row is no foul but a win.
    let (code, out) = run("overline.sgf", &["--rules", "gomoku-free"])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 11 moves; Black wins"), "{out}");
    let (code, _) = run("double-three.sgf", &["--game", "chess"])?;
    assert_eq!(code, Some(2), "an unknown game is refused");
    let rules = String::from_utf8_lossy(&yunzi(&["rules"])?.stdout).into_owned();
    for line in ["renju  game=gomoku(五子棋)", "renju-seed  ", "gomoku-free  "] {
        assert!(rules.lines().any(|l| l.starts_with(line)), "{line} in {rules}");
    }
    Ok(())
}

/// `yunzi check` on one of the folk games' records (tests/DIR/FILE) with `args` after it: the
/// exit status and what it printed.
fn check_record(dir: &str, file: &str, args: &[&str]) -> Result<(Option<i32>, String), Box<dyn std::error::Error>> {
    let path = format!("{}/tests/{dir}/{file}", env!("CARGO_MANIFEST_DIR"));
    let mut all = vec!["check", path.as_str()];
    all.extend_from_slice(args);
    let out = yunzi(&all)?;
    Ok((out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// `yunzi check --game yizi` on 一字棋 records in Yunzi's text format (tests/yizi): a legal game
/// says who won and why; a piece carried away from the goal fails the check with the line and
/// the rule; `yunzi rules` lists the three setups. Likewise 三通棋 (tests/santong): a game won
/// by a group that reaches all three sides, and White's second double move refused.
#[actix_web::test]
async fn check_replays_yizi_and_santong_records() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let (code, out) = check_record("yizi", "rule-one.txt", &["--game", "yizi"])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 10 moves; White wins: the last piece to the goal"), "{out}");
    let (code, out) = check_record("yizi", "backwards.txt", &["--game", "一字棋"])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("illegal move on line 8: \"W 4-9\": pieces move towards the goal only"), "{out}");
    let (code, out) = check_record("santong", "left-side.txt", &["--game", "santong"])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 29 moves; Black wins: a group reaching all three sides"), "{out}");
    let (code, out) = check_record("santong", "two-double-moves.txt", &["--game", "三通棋"])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("line 6") && out.contains("only once in the game"), "{out}");
    let (code, out) = check_record("qixing", "rule-one.txt", &["--game", "qixing"])?;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("ok, 7 moves; Black wins: the last piece into point 7"), "{out}");
    let (code, out) = check_record("qixing", "passing.txt", &["--game", "七星棋"])?;
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("illegal move on line 4") && out.contains("may not pass another"), "{out}");
    let rules = String::from_utf8_lossy(&yunzi(&["rules"])?.stdout).into_owned();
    for code in [
        "yizi-1  game=yizi(一字棋)",
        "yizi-2  ",
        "yizi-3  ",
        "santong  game=santong(三通棋)",
        "qixing-1  ",
        "qixing-2  ",
    ] {
        assert!(rules.lines().any(|l| l.starts_with(code)), "{code} in {rules}");
    }
    Ok(())
}

/// `yunzi check --game` on records of 二虎棋, 四季棋, 六角棋 and 八卦棋 (tests/erhu, siji,
/// liujiao, bagua): each legal game says who won and how, each refused move fails the check
/// with its line and the rule; `yunzi rules` lists the four.
#[actix_web::test]
async fn check_replays_the_moving_folk_games() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    for (game, file, flag, code, says) in [
        (
            "erhu",
            "tigers-take-six.txt",
            "erhu",
            0,
            "ok, 11 moves; Black (the tigers) wins: the tigers have taken six dogs",
        ),
        ("erhu", "dogs-shut-in.txt", "二虎棋", 0, "ok, 22 moves; White (the dogs) wins: neither tiger can move"),
        ("erhu", "jump-a-tiger.txt", "erhu", 1, "illegal move on line 5: \"B c3-e3\": a tiger jumps only over dogs"),
        ("siji", "winter-shut-in.txt", "siji", 0, "ok, 5 moves; Black wins: White cannot move"),
        (
            "siji",
            "crossing.txt",
            "四季棋",
            1,
            "illegal move on line 4: \"B a8-a2\": 春 may not cross or stop on 秋's row",
        ),
        ("liujiao", "shape.txt", "liujiao", 0, "ok, 20 moves; Black wins: six on a long line"),
        (
            "liujiao",
            "two-steps.txt",
            "六角棋",
            1,
            "illegal move on line 2: \"B 8-10\": a piece moves one step along a line",
        ),
        ("bagua", "black-home.txt", "bagua", 0, "Black wins: first on the opponent’s eye, 17 rounds in 19 throws"),
        (
            "bagua",
            "same-guess.txt",
            "八卦棋",
            1,
            "illegal move on line 3: \"B 3/2 W 3/1\": the second guess may not be",
        ),
    ] {
        let (exit, out) = check_record(game, file, &["--game", flag])?;
        assert_eq!(exit, Some(code), "{game}/{file}: {out}");
        assert!(out.contains(says), "{game}/{file}: {out}");
    }
    let rules = String::from_utf8_lossy(&yunzi(&["rules"])?.stdout).into_owned();
    for code in [
        "erhu  game=erhu(二虎棋)",
        "siji  game=siji(四季棋)",
        "liujiao  game=liujiao(六角棋)",
        "bagua  game=bagua(八卦棋)",
    ] {
        assert!(rules.lines().any(|l| l.starts_with(code)), "{code} in {rules}");
    }
    Ok(())
}

/// Issue 47: a cycle the players left decides nothing. One lap of the 9×9 triple ko, then
/// Black plays elsewhere and both pass: counted under every rule set, where the same record
/// ending on the lap is void (japanese-1989) or waits for the referee (chinese-1988).
#[actix_web::test]
async fn a_cycle_the_players_broke_is_counted() -> TestResult {
    let dir = temp_dir("broken-cycle");
    let kept = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/triple-ko-9x9.sgf"))?;
    let broken = kept.trim_end().trim_end_matches(')').to_string() + ";B[ee];W[];B[])";
    let (kept_file, broken_file) = (dir.join("kept.sgf"), dir.join("broken.sgf"));
    std::fs::write(&kept_file, &kept)?;
    std::fs::write(&broken_file, &broken)?;
    for (rules, kept_result) in [("japanese-1989", "Void"), ("korean-1992", "Void"), ("chinese-1988", "?")] {
        let scored = |file: &std::path::Path| -> Result<serde_json::Value, Box<dyn std::error::Error>> {
            let out = yunzi(&["score", &file.display().to_string(), "--rules", rules])?;
            Ok(serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim())?)
        };
        let line = scored(&kept_file)?;
        assert_eq!(line["result"].as_str(), Some(kept_result), "{rules}: {line}");
        let line = scored(&broken_file)?;
        assert_eq!(line["cycle_decides"].as_bool(), Some(false), "{rules}: {line}");
        assert_eq!(line["result"], line["counted_result"], "{rules}: counted");
        assert_eq!(line["cycles"].as_array().map(Vec::len), Some(1), "the lap is still reported");
    }
    Ok(())
}

/// An SGF point ("ee") of a corpus coordinate ("E11": columns A–O with I, rows from the bottom).
fn renju_point(text: &str) -> String {
    let column = "ABCDEFGHIJKLMNO".find(&text[..1]).unwrap_or(0);
    let row: usize = text[1..].parse().unwrap_or(1);
    let letters = "abcdefghijklmno".as_bytes();
    format!("{}{}", letters[column] as char, letters[15 - row] as char)
}

/// Issue 47, acceptance 3: every position of tests/renju/forbidden.txt (103 from renju practice,
/// each with its source: double threes, double fours on two lines and on one, overlines, false
/// threes whose straight-four point is itself forbidden, fives with a forbidden shape beside
/// them) written as a record with set-up stones (`AB`/`AW`, `PL[B]`) and Black's move, and
/// judged by `yunzi check --game gomoku` under the RIF reading and the seed's; White's overline
/// wins; a set-up with five already on the board is refused with its reason.
#[actix_web::test]
async fn check_judges_five_in_a_row_positions_set_up_in_a_record() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let dir = temp_dir("renju-positions");
    let corpus = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/renju/forbidden.txt"))?;
    let mut judged = 0;
    let mut wrong = Vec::new();
    for (i, block) in corpus.split("\nname: ").skip(1).enumerate() {
        let name = block.lines().next().unwrap_or_default().trim();
        let fields: std::collections::HashMap<&str, &str> =
            block.lines().skip(1).filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim(), v.trim())).collect();
        let stones = |key: &str| -> String {
            fields
                .get(key)
                .copied()
                .unwrap_or_default()
                .split_whitespace()
                .map(|p| format!("[{}]", renju_point(p)))
                .collect()
        };
        let (black, white) = (stones("black"), stones("white"));
        let white = if white.is_empty() { String::new() } else { format!("AW{white}") };
        let at = renju_point(fields.get("at").copied().ok_or("no point")?);
        let file = dir.join(format!("position{i:03}.sgf"));
        std::fs::write(&file, format!("(;GM[4]FF[4]SZ[15]AB{black}{white}PL[B];B[{at}])"))?;
        let expect = fields.get("expect").copied().ok_or("no verdict")?;
        for (rules, expected) in [("renju", expect), ("renju-seed", fields.get("seed").copied().unwrap_or(expect))] {
            let out = yunzi(&["check", "--game", "gomoku", "--rules", rules, &file.display().to_string()])?;
            let said = String::from_utf8_lossy(&out.stdout).into_owned();
            let verdict = if said.contains("double four (四四)") {
                "double-four"
            } else if said.contains("double three (三三)") {
                "double-three"
            } else if said.contains("overline (长连)") {
                "overline"
            } else if said.contains("Black wins: five in a row") {
                "five"
            } else if said.contains("play goes on") {
                "plain"
            } else {
                "?"
            };
            if verdict != expected || !said.contains("started from a set-up position") {
                wrong.push(format!("{name} ({rules}): {verdict}, expected {expected}: {said}"));
            }
        }
        judged += 1;
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert_eq!(judged, corpus.matches("\nname: ").count(), "every position of the corpus");
    assert!(judged >= 60, "{judged} positions");
    // White's overline wins (White wins with five or more); Black's six, set up, is refused.
    let white_six = dir.join("white-six.sgf");
    std::fs::write(&white_six, "(;GM[4]FF[4]SZ[15]AB[aa][ac][ae][ag][ai]AW[hc][hd][he][hg][hh]PL[W];W[hf])")?;
    let out = String::from_utf8_lossy(&yunzi(&["check", "--game", "gomoku", &white_six.display().to_string()])?.stdout)
        .into_owned();
    assert!(out.contains("White wins: five in a row"), "{out}");
    let five_up = dir.join("five-up.sgf");
    std::fs::write(&five_up, "(;GM[4]FF[4]SZ[15]AB[hc][hd][he][hf][hg]AW[aa]PL[W];W[ab])")?;
    let refused = yunzi(&["check", "--game", "gomoku", &five_up.display().to_string()])?;
    let said = format!("{}{}", String::from_utf8_lossy(&refused.stdout), String::from_utf8_lossy(&refused.stderr));
    assert!(!refused.status.success() && said.contains("already has five in a row for Black"), "{said}");
    Ok(())
}

/// Issue 47: false life is dead, not a void game, under the rules whose texts say so (1988 Art.
/// 20.2; the Japanese rules' annex): `yunzi score` counts the falsely living group dead, with
/// the engine's proposal and with no `--dead` given; the Korean text, silent, keeps the void.
#[actix_web::test]
async fn false_life_is_counted_dead_not_void() -> TestResult {
    if on_postgres() {
        return Ok(()); // no database involved; once is enough
    }
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/false-life.sgf");
    let scored = |args: &[&str]| -> Result<serde_json::Value, Box<dyn std::error::Error>> {
        let out = yunzi(&[&["score", file][..], args].concat())?;
        Ok(serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim())?)
    };
    for rules in ["chinese-1988", "japanese-1989"] {
        for dead in [&["--dead", "auto"][..], &[][..]] {
            let line = scored(&[&["--rules", rules][..], dead].concat())?;
            assert_eq!(line["cycles"][0]["living_falsely"], "black", "{rules}: {line}");
            assert_eq!(line["cycle_decides"].as_bool(), Some(false), "{rules} {dead:?}: {line}");
            assert!(line["result"].as_str().is_some_and(|r| r.starts_with("W+")), "{rules} {dead:?}: {line}");
            assert!(line["dead"].as_array().is_some_and(|d| d.len() >= 20), "{rules} {dead:?}: Black's stones dead");
        }
    }
    let korean = scored(&["--rules", "korean-1992"])?;
    assert_eq!(korean["result"], "Void", "{korean}");
    Ok(())
}
