//! Game records on disk for referees and scripts: `yunzi check` and `yunzi score`.
//! Reads SGF files (or every .sgf under a directory), replays them with the rules engine
//! and reports one line per file.
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::domain::color::Color;
use crate::domain::games::go::board::Point;
use crate::domain::games::go::game::CycleDecision;
use crate::domain::games::go::record::{self, IllegalMove, coordinate};
use crate::domain::games::go::ruleset::Ruleset;
use crate::domain::games::go::scoring::{self, CountInput};
use crate::domain::games::go::sgf::{self, SgfGame};
use crate::domain::komi::Komi;

/// Every .sgf file named, directories searched recursively, in a stable order.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut stack = vec![path.clone()];
            let mut found = Vec::new();
            while let Some(dir) = stack.pop() {
                let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                for entry in entries.flatten() {
                    let p = entry.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                        found.push(p);
                    }
                }
            }
            found.sort();
            out.extend(found);
        } else if path.exists() {
            out.push(path.clone());
        } else {
            return Err(format!("{}: no such file or directory", path.display()));
        }
    }
    Ok(out)
}

fn read(path: &Path) -> Result<SgfGame, String> {
    let text = super::read_text(path)?;
    sgf::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn describe_illegal(height: u8, illegal: &IllegalMove) -> String {
    let colour = match illegal.color {
        Color::Black => "B",
        Color::White => "W",
    };
    let at = illegal.point.map(|p| coordinate(height, p)).unwrap_or_else(|| "pass".into());
    format!("move {} ({colour} {at}): {}", illegal.number, illegal.reason)
}

/// `yunzi check`: replays each file; stops at the first illegal move. Returns the report
/// lines and whether every file was legal.
pub fn check(
    paths: &[PathBuf],
    game: Option<&str>,
    rules: Option<&str>,
    overrides: &[String],
) -> Result<(Vec<String>, bool), String> {
    let game = match game.map(str::trim) {
        None => None,
        Some("go" | "weiqi" | "围棋") => Some(Game::Go),
        Some("gomoku" | "renju" | "五子棋") => Some(Game::Gomoku),
        Some("yizi" | "一字棋") => Some(Game::Yizi),
        Some("santong" | "三通棋") => Some(Game::Santong),
        Some("qixing" | "七星棋") => Some(Game::Qixing),
        Some("erhu" | "二虎棋") => Some(Game::Erhu),
        Some("siji" | "四季棋") => Some(Game::Siji),
        Some("liujiao" | "六角棋") => Some(Game::Liujiao),
        Some("bagua" | "八卦棋") => Some(Game::Bagua),
        Some(other) => {
            return Err(format!(
                "--game {other}: the games are go, gomoku (五子棋), yizi (一字棋), erhu (二虎棋), santong (三通棋), siji (四季棋), liujiao (六角棋), qixing (七星棋) and bagua (八卦棋)"
            ));
        }
    };
    let mut lines = Vec::new();
    for path in collect_files(paths)? {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(folk) = game.filter(|g| !matches!(g, Game::Go | Game::Gomoku)) {
            let (line, legal) = check_folk(folk, &path, &text);
            lines.push(line);
            if !legal {
                return Ok((lines, false));
            }
            continue;
        }
        if game == Some(Game::Gomoku) || (game.is_none() && is_gomoku_record(&text)) {
            if !overrides.is_empty() {
                return Err("--set changes go's rule parameters; 五子棋 takes --rules only".to_string());
            }
            let (line, legal) = check_gomoku(&path, &text, rules)?;
            lines.extend(line);
            if !legal {
                return Ok((lines, false));
            }
            continue;
        }
        let record = read(&path)?;
        let set = rules_with(&record, rules, overrides)?;
        let replay = record::replay(&record, set).map_err(|e| format!("{}: {e}", path.display()))?;
        match replay.illegal {
            Some(illegal) => {
                lines.push(format!("{}: illegal {}", path.display(), describe_illegal(record.height, &illegal)));
                return Ok((lines, false));
            }
            None => lines.push(format!("{}: ok, {} moves", path.display(), replay.game.moves().len())),
        }
        lines.extend(replay.game.cycles().iter().map(|c| format!("  {}", c.describe())));
    }
    Ok((lines, true))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Game {
    Go,
    Gomoku,
    Yizi,
    Santong,
    Qixing,
    Erhu,
    Siji,
    Liujiao,
    Bagua,
}

/// One record of a folk game in Yunzi's text format (`domain::games::folk_record`): its line, and
/// whether every move in it is legal.
fn check_folk(game: Game, path: &std::path::Path, text: &str) -> (String, bool) {
    use crate::domain::games::{bagua, erhu, liujiao, qixing, santong, siji, yizi};
    let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
    let replayed = match game {
        Game::Yizi => yizi::replay_text(text).map(|g| {
            let how = match g.end_rule() {
                yizi::YiziEnd::LastMoverWins => "the last piece to the goal",
                yizi::YiziEnd::LastMoverLoses => "the opponent moved the last piece to the goal",
            };
            (g.moves(), g.winner().map(|w| format!("{} wins: {how}", side(w))))
        }),
        Game::Santong => santong::replay_text(text).map(|g| {
            let outcome = g.end().map(|end| match end {
                santong::SantongEnd::ThreeSides(w) => format!("{} wins: a group reaching all three sides", side(w)),
                santong::SantongEnd::Draw => "a draw: the board is full and nobody reaches all three sides".to_string(),
            });
            (g.moves(), outcome)
        }),
        Game::Qixing => qixing::replay_text(text).map(|g| {
            (g.moves(), g.winner().map(|w| format!("{} wins: the last piece into point 7 (as agreed)", side(w))))
        }),
        Game::Erhu => erhu::replay_text(text).map(|g| {
            let outcome = g.end().map(|end| match end.winner() {
                Some(w) if w == erhu::TIGERS => format!("Black (the tigers) wins: {}", end.describe()),
                Some(_) => format!("White (the dogs) wins: {}", end.describe()),
                None => end.describe().to_string(),
            });
            (g.moves(), outcome)
        }),
        Game::Siji => siji::replay_text(text).map(|g| {
            let outcome = g.end().map(|end| match end {
                siji::SijiEnd::CannotMove(stuck) => {
                    format!("{} wins: {} cannot move", side(stuck.opponent()), side(stuck))
                }
                siji::SijiEnd::Repetition => "a draw: the same position a third time".to_string(),
            });
            (g.moves(), outcome)
        }),
        Game::Liujiao => liujiao::replay_text(text).map(|g| (g.moves(), g.end().map(|end| end.describe()))),
        _ => bagua::replay_text(text).map(|g| {
            let outcome = g.winner().map(|w| {
                format!("{} wins: first on the opponent’s eye, {} rounds in {} throws", side(w), g.rounds(), g.throws())
            });
            (g.throws(), outcome)
        }),
    };
    let shown = path.display();
    match replayed {
        Err((line, why)) => (format!("{shown}: illegal move on line {line}: {why}"), false),
        Ok((moves, outcome)) => {
            (format!("{shown}: ok, {moves} moves; {}", outcome.as_deref().unwrap_or("play goes on")), true)
        }
    }
}

/// Whether an SGF text says it is a record of 五子棋 (GM[4] in its root).
fn is_gomoku_record(text: &str) -> bool {
    crate::domain::games::go::sgf::main_line(text)
        .ok()
        .and_then(|nodes| nodes.into_iter().next())
        .is_some_and(|root| root.iter().any(|(k, v)| k == "GM" && v.first().is_some_and(|g| g.trim() == "4")))
}

/// One 五子棋 record: its lines, and whether it is free of illegal and forbidden moves.
fn check_gomoku(path: &std::path::Path, text: &str, rules: Option<&str>) -> Result<(Vec<String>, bool), String> {
    use crate::domain::games::renju::{RenjuEnd, RenjuRules, record};
    let rules = rules
        .map(|r| {
            RenjuRules::from_code(r)
                .ok_or_else(|| format!("--rules {r}: 五子棋's rules are renju, renju-seed and gomoku-free"))
        })
        .transpose()?;
    let replay = record::replay(text, rules).map_err(|e| format!("{}: {e}", path.display()))?;
    let shown = path.display();
    let mut lines = Vec::new();
    if let Some(stones) = replay.set_up_stones {
        lines.push(format!("{shown}: started from a set-up position of {stones} stones"));
    }
    if let Some((number, cell, why)) = &replay.refused {
        lines.push(format!("{shown}: illegal move {number} ({cell}): {why}"));
        return Ok((lines, false));
    }
    let legal = match replay.end() {
        Some(RenjuEnd::Forbidden { kind, at: (x, y) }) => {
            use crate::domain::games::game_shape::BoardGame;
            lines.push(format!(
                "{shown}: forbidden move {} ({}): {} ({}); White wins",
                replay.moves,
                replay.game.cell_name(x, y),
                kind.english(),
                kind.chinese()
            ));
            false
        }
        Some(end) => {
            lines.push(format!("{shown}: ok, {} moves; {end}", replay.moves));
            true
        }
        None => {
            lines.push(format!("{shown}: ok, {} moves; play goes on", replay.moves));
            true
        }
    };
    if let Some(node) = replay.played_on {
        lines.push(format!("  the record plays on after the game ended (node {node})"));
    }
    Ok((lines, legal))
}

/// The record's rule set with the command line's `key=value` overrides applied.
fn rules_with(record: &SgfGame, rules: Option<&str>, overrides: &[String]) -> Result<Ruleset, String> {
    let mut set = record::rules_for(record, rules)?;
    let mut komi_set = false;
    for o in overrides {
        let (key, value) = o.split_once('=').ok_or_else(|| format!("--set {o}: write it as key=value"))?;
        set.set(key, value).map_err(|e| format!("--set {o}: {e}"))?;
        komi_set |= key.trim() == "komi";
    }
    // A handicap game's komi, as the overrides leave it (`--set handicap-komi=…`).
    if record.komi.is_none() && record.handicap.unwrap_or(0) > 0 && !komi_set {
        set.komi = set.handicap_komi;
    }
    Ok(set)
}

/// Where the dead stones come from for `yunzi score`.
#[derive(Debug, Clone)]
pub enum DeadStones {
    /// Every stone on the board is alive.
    None,
    /// Stones inside the territory the record marks (TB/TW on the last node).
    FromRecord,
    /// Points given on the command line: SGF letters ("dd,de") or coordinates ("D4,E5").
    Points(String),
    /// The engine's proposal (`life::propose`); `explain`: say for each dead or seki group
    /// why, and whether that is proven or estimated.
    Auto { explain: bool },
}

fn dead_points(
    record: &SgfGame,
    board: &crate::domain::games::go::board::Board,
    dead: &DeadStones,
    rules: crate::domain::games::go::life::LifeRules,
) -> Result<Vec<Point>, String> {
    match dead {
        DeadStones::None => Ok(Vec::new()),
        DeadStones::Auto { .. } => Ok(crate::domain::games::go::life::propose_dead(board, rules)),
        DeadStones::Points(list) => list
            .split([',', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                record::parse_point(s, record.width, record.height)
                    .and_then(|p| board.point(p.x, p.y))
                    .ok_or_else(|| format!("\"{s}\" is not a point of this {}x{} board", record.width, record.height))
            })
            .collect(),
        DeadStones::FromRecord => {
            let last = record.nodes.last().unwrap_or(&record.root);
            let mut out = Vec::new();
            for (list, owner) in [(&last.territory_black, Color::Black), (&last.territory_white, Color::White)] {
                for sp in list {
                    if let Some(p) = board.point(sp.x, sp.y)
                        && board.get(p) == Some(owner.opponent())
                    {
                        out.push(p);
                    }
                }
            }
            Ok(out)
        }
    }
}

fn half_to_number(half: i32) -> Value {
    // Half-points and quarter-stones are exact in binary floating point.
    json!(f64::from(half) / 2.0)
}

/// `yunzi score`: one JSON object per file.
pub fn score(
    paths: &[PathBuf],
    rules: Option<&str>,
    overrides: &[String],
    komi: Option<&str>,
    dead: &DeadStones,
) -> Result<Vec<Value>, String> {
    let komi = komi.map(Komi::parse).transpose().map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for path in collect_files(paths)? {
        let record = read(&path)?;
        let mut set: Ruleset = rules_with(&record, rules, overrides)?;
        if let Some(k) = komi {
            set.komi = k;
        }
        let replay = record::replay(&record, set.clone()).map_err(|e| format!("{}: {e}", path.display()))?;
        let game = &replay.game;
        let board = game.board();
        let mut explained = None;
        let (dead_stones, open_territory) = match dead {
            DeadStones::Auto { explain } => {
                let proposal = crate::domain::games::go::life::propose(board, set.life_rules());
                if *explain {
                    explained = Some(explain_proposal(board, &proposal, &set));
                }
                (proposal.dead, proposal.territory)
            }
            _ => (
                dead_points(&record, board, dead, set.life_rules()).map_err(|e| format!("{}: {e}", path.display()))?,
                Vec::new(),
            ),
        };
        // False life is no life where the rules say so: with no dead stones given, the falsely
        // living side's stones the proposal calls dead are counted dead all the same.
        let mut dead_stones = dead_stones;
        let falsely = game.cycles().last().and_then(|c| c.living_falsely).filter(|_| set.false_life_dead);
        if let (DeadStones::None, Some(side)) = (dead, falsely) {
            let proposed = crate::domain::games::go::life::propose_dead(board, set.life_rules());
            dead_stones.extend(proposed.into_iter().filter(|p| board.get(*p) == Some(side)));
        }
        let input = CountInput {
            territory: &open_territory,
            dead: &dead_stones,
            prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
            warnings: [0, 0],
            handicap: record.handicap.unwrap_or(0),
        };
        let count = scoring::count(board, &set, &input);
        let to_sgf_point = |p: &Point| {
            let (x, y) = board.xy(*p);
            let letter = |v: u8| char::from(b'a' + v);
            format!("{}{}", letter(x), letter(y))
        };
        let side = |c: &scoring::SideCount| {
            let mut side = json!({
                "stones": c.stones,
                "territory": c.territory,
                "prisoners": c.prisoners,
                "score": half_to_number(c.score_half_points),
            });
            // Groups matter only under a group tax, and are counted only then.
            if let (Some(groups), Some(fields)) = (c.groups, side.as_object_mut()) {
                fields.insert("groups".into(), groups.into());
            }
            side
        };
        let margin = count.margin_half_points;
        // A cycle kept up to the end decides the game by the rules' policy; one the players
        // broke is counted. Where a referee must choose (1988: draw or replay) there is no
        // result yet: "?", as SGF writes an unknown result.
        let decision = game.cycle_decision();
        let (result, result_zh) = match decision {
            CycleDecision::Counted => (count.result.to_sgf(), count.result.display_zh()),
            CycleDecision::Decided(result) => (result.to_sgf(), result.display_zh()),
            CycleDecision::Referee => ("?".to_string(), "须裁判裁决（和棋或重下）".to_string()),
        };
        let cycle_policy = (!game.cycles().is_empty()).then_some(set.cycles.code());
        out.push(json!({
            "file": path.display().to_string(),
            "rules": set.name,
            "komi": set.komi.display_points(),
            "result": result,
            "result_zh": result_zh,
            "cycle_decides": decision != CycleDecision::Counted,
            "counted_result": count.result.to_sgf(),
            "cycle_policy": cycle_policy,
            "margin_points": half_to_number(margin.abs()),
            "margin_stones": json!(f64::from(margin.abs()) / 4.0),
            "black": side(&count.black),
            "white": side(&count.white),
            "shared_points": count.shared,
            "dead": dead_stones.iter().map(to_sgf_point).collect::<Vec<_>>(),
            "moves": game.moves().len(),
            "cycles": game.cycles().iter().map(|c| json!({
                "first_move": c.first_move, "last_move": c.last_move, "length": c.length(), "kind": c.kind.code(),
                "living_falsely": c.living_falsely.map(|side| side.as_str()),
            })).collect::<Vec<_>>(),
            "illegal_moves": replay.illegal.iter().map(|i| json!({
                "move": i.number,
                "color": i.color.as_str(),
                "point": i.point.map(|p| coordinate(record.height, p)),
                "reason": i.reason.to_string(),
            })).collect::<Vec<_>>(),
            "recorded_result": record.result,
        }));
        if let (Some(explained), Some(fields)) = (explained, out.last_mut().and_then(Value::as_object_mut)) {
            fields.insert("explain".into(), explained);
        }
    }
    Ok(out)
}

/// `yunzi score --dead auto --explain`: each group the proposal calls dead, and each chain
/// left in seki, with its verdict, whether that is proven or estimated, and why.
fn explain_proposal(
    board: &crate::domain::games::go::board::Board,
    proposal: &crate::domain::games::go::life::Proposal,
    rules: &Ruleset,
) -> Value {
    use crate::domain::games::go::life::Basis;
    use crate::domain::games::go::reading::Verdict;
    let mut groups = proposal.groups.clone();
    crate::domain::games::go::life::read_groups(board, &mut groups, rules.life_rules());
    let point = |p: &Point| {
        let (x, y) = board.xy(*p);
        coordinate(board.height(), sgf::SgfPoint { x, y })
    };
    let name = |c: Color| if c == Color::Black { "Black" } else { "White" };
    let percent = |share: f32| (share * 100.0).round() as u32;
    let mut out = Vec::new();
    let line_text = |line: &[crate::domain::games::go::reading::LineMove]| -> Vec<String> {
        line.iter()
            .map(|(c, p)| {
                let side = if *c == Color::Black { "B" } else { "W" };
                format!("{side} {}", p.as_ref().map(point).unwrap_or_else(|| "pass".into()))
            })
            .collect()
    };
    let verification = rules.reading_ko() == crate::domain::games::go::reading::KoRetake::Verification;
    for group in &groups {
        let opponent = name(group.colour.opponent());
        let own = name(group.colour);
        let playouts = group.playouts;
        // Read dead whoever starts; or left unsettled inside a living wall, captured with the
        // opponent first, as the side that claims it dead plays it out.
        let read = match (&group.reading, group.basis) {
            (Some(Verdict::Dead { line }), _) if verification => Some((
                line,
                format!(
                    "verified (2012 Art. 7): {own}, the examined side, moves first and is captured all the same; the verification"
                ),
            )),
            (Some(Verdict::Dead { line }), _) => Some((
                line,
                format!(
                    "read: shut in by {opponent}, it is captured even with {own} to play first; {own}'s best defence and {opponent}'s answer"
                ),
            )),
            (Some(Verdict::Unsettled { attack }), Basis::Proven) => Some((
                attack,
                format!(
                    "read: shut in by {opponent}'s living stones and left undefended, it is captured with {opponent} to play first (the side that claims it dead moves first); {opponent}'s attack and {own}'s best answers"
                ),
            )),
            _ => None,
        };
        if let Some((line, why)) = read {
            let sequence = line_text(line);
            let mut entry = json!({
                "verdict": "dead", "colour": group.colour.as_str(), "basis": "proven",
                "why": format!("{why}: {}", sequence.join(", ")),
                "sequence": sequence,
                "stones": group.stones.iter().map(point).collect::<Vec<_>>(),
            });
            if let Some(proof) = &group.proof {
                entry["proof"] = proof_json(proof, &point, &line_text);
            }
            out.push(entry);
            continue;
        }
        let doubt = match &group.reading {
            Some(Verdict::Alive { .. }) if verification => {
                "; the verification (2012 Art. 7, its own side first) does not capture it: check it"
            }
            Some(Verdict::Alive { .. }) => "; reading the local fight finds it alive: check it",
            Some(Verdict::Unsettled { .. }) => {
                "; reading the local fight finds it unsettled (whoever plays first wins it): check it"
            }
            _ => "",
        };
        let (basis, why) = match group.basis {
            Basis::Proven => (
                "proven",
                format!(
                    "inside a region {opponent}'s unconditionally alive stones enclose (Benson), with no room for two eyes"
                ),
            ),
            Basis::Estimated { captured, owned } => (
                "estimated",
                format!(
                    "captured in {}% of {playouts} playouts; its points {opponent}'s in {}% of them",
                    percent(captured),
                    percent(owned)
                ),
            ),
            Basis::LargeGroup { captured, owned, stones, chains } => (
                "estimated",
                format!(
                    "captured in {}% of {playouts} playouts as one group of {stones} stones ({chains} chains); its points {opponent}'s in {}% of them. A group this large that has two eyes is almost never captured",
                    percent(captured),
                    percent(owned)
                ),
            ),
            Basis::Eyeless { owned } => (
                "estimated",
                format!(
                    "no eye space in the area {opponent} encloses; its points {opponent}'s in {}% of {playouts} playouts",
                    percent(owned)
                ),
            ),
        };
        let unproven = group.unproven.map(unproven_text).unwrap_or_default();
        out.push(json!({
            "verdict": "dead", "colour": group.colour.as_str(), "basis": basis, "why": format!("{why}{doubt}{unproven}"),
            "stones": group.stones.iter().map(point).collect::<Vec<_>>(),
        }));
    }
    // The 2012 verification's word on the groups it keeps alive inside a living wall.
    for (at, line) in &proposal.verified_alive {
        let Some(colour) = board.get(*at) else { continue };
        let sequence = line_text(line);
        let own = name(colour);
        let end = if sequence.is_empty() { "it has nothing to fear".to_string() } else { sequence.join(", ") };
        out.push(json!({
            "verdict": "alive", "colour": colour.as_str(), "basis": "verified",
            "why": format!("verified (2012 Art. 7): with {own}, the examined side, moving first it is not captured (a cycle or four passes leave it standing): {end}"),
            "sequence": sequence,
            "stones": board.chain(*at).iter().map(point).collect::<Vec<_>>(),
        }));
    }
    // Seki among the stones left standing.
    let mut settled = board.clone();
    settled.set_points(proposal.dead.iter().map(|p| (*p, None)));
    let in_seki = scoring::seki_chains(&settled);
    let mut seen = vec![false; settled.len()];
    for p in settled.points() {
        let Some(colour) = settled.get(p) else { continue };
        if in_seki.get(p.index()) != Some(&true) || seen.get(p.index()).copied().unwrap_or(true) {
            continue;
        }
        let stones = settled.chain(p);
        for s in &stones {
            if let Some(v) = seen.get_mut(s.index()) {
                *v = true;
            }
        }
        out.push(json!({
            "verdict": "seki", "colour": colour.as_str(), "basis": "shape",
            "why": "shares liberties with the opponent where a stone of either side would put its own chain in atari (or shares an eye with such a chain)",
            "stones": stones.iter().map(point).collect::<Vec<_>>(),
        }));
    }
    Value::Array(out)
}

/// A checked proof in `--explain`: the zone it is played in, who moves first, what the checker
/// replayed, and the lines (the longest resistance, then the owner's next-best tries).
fn proof_json(
    proof: &crate::domain::games::go::life::Proof,
    point: &dyn Fn(&Point) -> String,
    line_text: &dyn Fn(&[crate::domain::games::go::reading::LineMove]) -> Vec<String>,
) -> Value {
    let certificate = &proof.certificate;
    json!({
        "checked": true,
        "zone": certificate.zone.iter().map(point).collect::<Vec<_>>(),
        "owner_first": certificate.owner_first,
        "answers": certificate.strategy.len(),
        "positions_checked": proof.checked.positions,
        "longest_line": proof.checked.longest,
        "assumes": "nothing outside the zone: the owner may play anywhere in it, fill any liberty outside it of the attacker's chains next to it, or pass (any other move elsewhere changes nothing in it); the attacker plays only in the zone and never takes a ko; a captured surrounding chain, the group reaching out of the zone or a repeated position counts for the owner",
        "main_line": proof.lines.first().map(|l| line_text(l)).unwrap_or_default(),
        "refutations": proof.lines.iter().skip(1).map(|l| line_text(l)).collect::<Vec<_>>(),
    })
}

/// Why a group has no proof, for `--explain` (after the estimate's own reason).
fn unproven_text(why: crate::domain::games::go::proof::Unproven) -> String {
    use crate::domain::games::go::proof::Unproven;
    match why {
        Unproven::OutOfBudget { empty } => {
            format!("; not proven: the search ran out of positions in the zone round it ({empty} empty points)")
        }
        Unproven::HoldsOut { empty } => format!(
            "; not proven: in the zone round it ({empty} empty points) its owner holds out (it lives, reaches out of the zone, or captures a surrounding chain)"
        ),
        Unproven::NoZone => {
            "; not proven: it is not shut in closely enough to draw a zone round it (its region is open or large)"
                .into()
        }
        Unproven::Refused => "; not proven: the checker refused the search's proof".into(),
    }
}

/// `yunzi rules`: every preset with its parameters.
pub fn rules_listing() -> Vec<String> {
    Ruleset::presets()
        .iter()
        .map(|r| {
            let params: Vec<String> = r.parameters().iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{}  {}", r.name, params.join(" "))
        })
        .chain(
            [
                ("yizi-1", "one-on-each"),
                ("yizi-2", "two-on-the-far-five"),
                ("yizi-3", "put-down-in-turn"),
            ]
            .iter()
            .map(|(code, setup)| {
                format!("{code}  game=yizi(一字棋) points=11 goal=0 pieces=10(shared) setup={setup} move=towards-goal,any-distance,stacking end=last-to-goal-wins|last-to-goal-loses(agreed)")
            }),
        )
        .chain(["qixing-1", "qixing-2"].iter().zip(["on-the-seven-stars", "put-down-in-turn"]).map(|(code, setup)| {
            format!("{code}  game=qixing(七星棋) points=25 stars=1,5,9,13,17,21,25 pieces=7(shared) setup={setup} move=down,any-distance,no-passing end=last-into-7-wins|last-into-7-loses(agreed)")
        }))
        .chain([
            "erhu  game=erhu(二虎棋) points=25(4-mi-board) tigers=2(first) dogs=16(4-stacks) move=step|tiger-jumps-over-dogs-takes-one win=six-taken|tigers-shut-in repeat-3=draw".to_string(),
            "siji  game=siji(四季棋) squares=8x8 pieces=春夏(black)秋冬(white) setup=corners-clockwise move=straight,any-distance,no-passing apart=春秋,夏冬 win=opponent-cannot-move repeat-3=draw".to_string(),
            "liujiao  game=liujiao(六角棋) points=30 pieces=9+9 setup=edge-in-turn move=step win=six-on-a-long-line|six-round-a-small-hexagon black-first=white-one-more-move(draw-if-shape) repeat-3=draw".to_string(),
            "bagua  game=bagua(八卦棋) points=13 pieces=1+1(+2+2-hidden) round=hold-1-2(last-mover-0-2),guess-sum,right-one-steps course=eye-to-circle,clockwise-once,in-to-opponent's-eye(13,rule-7;its-end-yunzi's-reading) win=first-on-opponent's-eye".to_string(),
        ])
        .chain(std::iter::once(
            "santong  game=santong(三通棋) cells=64(triangles) move=one-piece,white-once-two join=shared-side win=one-group-touching-three-sides full-board=draw"
                .to_string(),
        ))
        .chain(crate::domain::games::renju::RenjuRules::ALL.iter().map(|r| {
            let params: Vec<String> = r.parameters().iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{}  {}", r.code(), params.join(" "))
        }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, content: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("yunzi-records-{}-{name}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let path = dir.join(format!("{name}.sgf"));
        let _ = std::fs::write(&path, content);
        path
    }

    #[test]
    fn score_reports_a_counted_result_as_json() {
        // 5x5: Black owns the left three columns, White the right one; a dead white stone.
        let path = temp("score", "(;SZ[5]KM[0]RU[Chinese]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][aa])");
        let lines =
            score(std::slice::from_ref(&path), None, &[], None, &DeadStones::Points("aa".into())).unwrap_or_default();
        let line = lines.first().cloned().unwrap_or_default();
        assert_eq!(line["result"], "B+5");
        assert_eq!(line["black"]["stones"], 5);
        assert_eq!(line["dead"][0], "aa");
        let without = score(&[path], None, &[], None, &DeadStones::None).unwrap_or_default();
        assert_ne!(without.first().map(|l| l["result"].clone()), Some(json!("B+5")));
    }

    #[test]
    fn auto_proposes_the_stone_inside_unconditional_territory() {
        // Black's corner (two one-point eyes at ba and da) with a white stone inside at bb.
        let path = temp(
            "auto",
            "(;SZ[8]KM[0]RU[Chinese]AB[ca][ea][cb][db][eb][fb][ac][bc][cc][fc][ed][fd][ae][be][ce][de][ee]AW[bb][ga][gb][gc][gd][fe][ge][af][bf][cf][df][ef][ff])",
        );
        let lines = score(&[path], None, &[], None, &DeadStones::Auto { explain: false }).unwrap_or_default();
        let line = lines.first().cloned().unwrap_or_default();
        assert_eq!(line["dead"], json!(["bb"]));
    }

    #[test]
    fn check_stops_at_the_first_illegal_move() {
        let good = temp("good", "(;SZ[9];B[ee];W[dd])");
        let bad = temp("bad", "(;SZ[9];B[ee];W[ee])");
        let (lines, ok) = check(&[good.clone(), bad], None, None, &[]).unwrap_or_default();
        assert!(!ok);
        assert!(lines.last().is_some_and(|l| l.contains("move 2 (W E5): the point is occupied")), "{lines:?}");
        assert_eq!(check(&[good], None, None, &[]).map(|(_, ok)| ok), Ok(true));
        assert!(check(&[PathBuf::from("/no/such.sgf")], None, None, &[]).is_err());
    }
}
