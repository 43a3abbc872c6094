//! Replaying an SGF game record under a rule set.
use super::board::{Board, BoardError, Point};
use super::game::{Game, Illegal, Move};
use super::ruleset::{Ruleset, Setup};
use super::sgf::{SgfGame, SgfNode, SgfPoint};
use crate::color::Color;

/// The first illegal move of a record, located for a referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// 1-based move number (passes count as moves).
    pub number: usize,
    pub color: Color,
    pub point: Option<SgfPoint>,
    pub reason: Illegal,
}

#[derive(Debug, Clone)]
pub struct Replay {
    pub game: Game,
    /// Replay stops at the first illegal move.
    pub illegal: Option<IllegalMove>,
}

/// The preset an SGF `RU` value names, as written by common programs and servers.
pub fn preset_for_ru(ru: &str) -> Option<&'static str> {
    let r = ru.trim().to_ascii_lowercase();
    let name = match r.as_str() {
        "chinese" | "cn" | "chinese-2002" | "china" | "中国" => "chinese-2002",
        "chinese-1988" => "chinese-1988",
        "japanese" | "jp" | "japanese-1989" | "日本" => "japanese-1989",
        "korean" | "kr" | "korean-1992" => "korean-1992",
        "aga" | "american" => "aga",
        "nz" | "new zealand" | "new-zealand" => "new-zealand",
        "tromp-taylor" | "tromp taylor" | "tt" => "tromp-taylor",
        "ing" | "goe" | "ing goe" => "ing",
        "pre-tang" | "ancient-tang-song" | "ming-qing" | "sunjang" | "tibetan" => {
            return super::ruleset::PRESET_NAMES.iter().find(|n| **n == r.as_str()).copied();
        }
        _ => return None,
    };
    Some(name)
}

/// The rule set for a record: `requested` (a preset name), else the record's RU, else
/// chinese-1988; the record's board size always, and its komi unless the caller overrides it.
pub fn rules_for(sgf: &SgfGame, requested: Option<&str>) -> Result<Ruleset, String> {
    let name = match requested {
        Some(n) => n.to_string(),
        None => sgf.rules.as_deref().and_then(preset_for_ru).unwrap_or("chinese-1988").to_string(),
    };
    let mut rules =
        Ruleset::preset(&name).ok_or_else(|| format!("\"{name}\" is not a rule set (see `yunzi rules`)"))?;
    rules.width = sgf.width;
    rules.height = sgf.height;
    match sgf.komi {
        Some(komi) => rules.komi = komi,
        // A handicap game is played without komi unless the record says otherwise: the
        // handicap stones are the compensation (their return at the count is the rules' own).
        None if sgf.handicap.unwrap_or(0) > 0 => rules.komi = rules.handicap_komi,
        None => {}
    }
    Ok(rules)
}

pub fn point_of(board: &Board, p: SgfPoint) -> Option<Point> {
    board.point(p.x, p.y)
}

/// Column letters of "D4"-style coordinates: I is skipped.
pub const COLUMNS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// "D4" style coordinates (columns skip I, rows count from the bottom), as referees read them.
pub fn coordinate(height: u8, p: SgfPoint) -> String {
    let column = COLUMNS.chars().nth(usize::from(p.x)).unwrap_or('?');
    format!("{column}{}", u16::from(height) - u16::from(p.y))
}

/// A point as a referee or a script writes it: SGF letters ("dd") or a coordinate ("D16").
pub fn parse_point(text: &str, width: u8, height: u8) -> Option<SgfPoint> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    if chars.len() == 2 && chars.iter().all(|c| c.is_ascii_lowercase()) {
        let x = (chars.first()?.to_digit(36)? - 10) as u8;
        let y = (chars.get(1)?.to_digit(36)? - 10) as u8;
        return (x < width && y < height).then_some(SgfPoint { x, y });
    }
    let column = chars.first()?.to_ascii_uppercase();
    let x = COLUMNS.find(column)? as u8;
    let row: u8 = t.get(1..)?.parse().ok()?;
    (x < width && row >= 1 && row <= height).then(|| SgfPoint { x, y: height - row })
}

/// Replays the main line. Setup stones come from the record's root (AB/AW/AE) when it has
/// any, otherwise from the rule set (座子 and the like). The first player is the record's PL,
/// else the colour of its first move, else the rule set's.
pub fn replay(sgf: &SgfGame, rules: Ruleset) -> Result<Replay, BoardError> {
    let mut board = Board::new(sgf.width, sgf.height)?;
    let root = &sgf.root;
    let has_setup = !(root.add_black.is_empty() && root.add_white.is_empty());
    let mut setup: Vec<(Point, Option<Color>)> = Vec::new();
    if has_setup {
        for (list, color) in [(&root.add_black, Color::Black), (&root.add_white, Color::White)] {
            setup.extend(list.iter().filter_map(|p| Some((point_of(&board, *p)?, Some(color)))));
        }
    } else if rules.setup != Setup::Empty {
        for (color, x, y) in super::game::setup_stones(rules.setup, sgf.width, sgf.height) {
            setup.extend(board.point(x, y).map(|p| (p, Some(color))));
        }
    }
    setup.extend(root.add_empty.iter().filter_map(|p| Some((point_of(&board, *p)?, None))));
    board.set_points(setup);
    // Who moves first: the record's PL; after handicap or other setup stones, whoever the
    // record's first move belongs to; otherwise the rule set's first player (a record that
    // starts with the other colour is then reported as a wrong-player move).
    let first_move = sgf.root.mv.as_ref().or_else(|| sgf.nodes.iter().find_map(|n| n.mv.as_ref())).map(|m| m.color);
    let first = match sgf.player_to_move {
        Some(pl) => pl,
        None if has_setup || sgf.handicap.unwrap_or(0) > 0 => first_move.unwrap_or(rules.first_player),
        None => rules.first_player,
    };
    let mut game = Game::from_position(rules, board, first);
    let mut number = 0;
    // A move may stand in the root node itself (some programs write `(;SZ[9]B[ee];W[cc])`).
    let root_move = SgfNode { mv: sgf.root.mv.clone(), ..Default::default() };
    for node in std::iter::once(&root_move).chain(sgf.nodes.iter()) {
        // PL on a later node (after mid-game setup) says who moves next.
        if let Some(pl) = node.other.iter().find(|(k, _)| k == "PL").and_then(|(_, v)| v.first()) {
            match pl.trim() {
                "B" | "b" | "1" => game.set_to_move(Color::Black),
                "W" | "w" | "2" => game.set_to_move(Color::White),
                _ => {}
            }
        }
        if !(node.add_black.is_empty() && node.add_white.is_empty() && node.add_empty.is_empty()) {
            game.edit(&node.add_black, &node.add_white, &node.add_empty);
        }
        let Some(mv) = &node.mv else { continue };
        number += 1;
        let target = match mv.point {
            None => Move::Pass,
            Some(p) => match point_of(game.board(), p) {
                Some(point) => Move::Play(point),
                None => continue,
            },
        };
        if let Err(reason) = game.play(mv.color, target) {
            return Ok(Replay {
                game,
                illegal: Some(IllegalMove { number, color: mv.color, point: mv.point, reason }),
            });
        }
    }
    Ok(Replay { game, illegal: None })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::sgf;

    fn replayed(text: &str, rules: Option<&str>) -> Replay {
        let record = sgf::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let r = rules_for(&record, rules).unwrap_or_else(|e| panic!("{e}"));
        replay(&record, r).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A handicap game has no komi unless the record gives one: `HA[2]` without `KM`, Black
    /// 185 under the 1988 rules is B+3½子 (one stone handed back for the two handicap stones,
    /// no 2¾子 on top of it); a `KM` the record gives is kept.
    #[test]
    fn a_handicap_record_without_komi_counts_none() {
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/sgf/handicap-2-no-komi.sgf"));
        let record = sgf::parse(text).unwrap_or_else(|e| panic!("{e}"));
        for name in ["chinese-1988", "chinese-2002"] {
            let rules = rules_for(&record, Some(name)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(rules.komi, crate::komi::Komi::ZERO, "{name}");
            let game = replay(&record, rules.clone()).unwrap_or_else(|e| panic!("{e}")).game;
            let input = crate::games::go::scoring::CountInput {
                dead: &[],
                prisoners: [0, 0],
                warnings: [0, 0],
                handicap: 2,
                territory: &[],
            };
            let count = crate::games::go::scoring::count(game.board(), &rules, &input);
            assert_eq!((count.black.score_half_points, count.white.score_half_points), (370, 352), "{name}");
            assert_eq!(count.result.display_zh(), "黑胜3½子", "{name}");
        }
        let with_komi = sgf::parse(&text.replace("HA[2]", "HA[2]KM[0.5]")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(rules_for(&with_komi, Some("chinese-1988")).map(|r| r.komi.half_points()), Ok(1));
    }

    /// False life is no life (1988 Art. 20.2 "不允许如图3所示的“假生”作为活棋"; the book, ch. 7:
    /// the Japanese rules' annex rules the same shape dead): its cycle decides nothing under
    /// chinese-1988 and japanese-1989, and the engine proposes the falsely living groups dead.
    #[test]
    fn false_life_is_dead_not_a_void_game() {
        use crate::games::go::game::{CycleDecision, CycleKind};
        let text = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/sgf/false-life.sgf"));
        for name in ["chinese-1988", "japanese-1989"] {
            let game = replayed(text, Some(name)).game;
            assert_eq!(game.cycles().last().map(|c| c.kind), Some(CycleKind::FalseLife), "{name}");
            assert_eq!(game.cycle_decision(), CycleDecision::Counted, "{name}");
            let proposal = crate::games::go::life::propose(game.board(), game.rules().life_rules());
            let black_dead = proposal.dead.iter().filter(|p| game.board().get(**p) == Some(Color::Black)).count();
            let black_stones = game.board().points().filter(|p| game.board().get(*p) == Some(Color::Black)).count();
            assert_eq!(black_dead, black_stones, "{name}: Black lives only by the kos, so every Black stone is dead");
        }
    }

    #[test]
    fn a_clean_9x9_record_replays_with_captures() {
        // Black captures a white stone at e5 (ee) by surrounding it.
        let r = replayed("(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ed];W[ee];B[de];W[aa];B[fe];W[ab];B[ef])", None);
        assert_eq!(r.illegal, None);
        assert_eq!(r.game.prisoners(Color::Black), 1);
        assert_eq!(r.game.rules().name, "chinese-2002");
        assert_eq!(r.game.rules().komi.half_points(), 15);
    }

    #[test]
    fn the_first_illegal_move_is_named_with_its_number_and_reason() {
        let r = replayed("(;SZ[9];B[ee];W[ee])", None);
        let illegal = r.illegal.unwrap_or_else(|| panic!("no illegal move found"));
        assert_eq!((illegal.number, illegal.reason), (2, Illegal::Occupied));
        assert_eq!(coordinate(9, illegal.point.unwrap_or(SgfPoint { x: 0, y: 0 })), "E5");
        let twice = replayed("(;SZ[9];B[ee];B[dd])", None);
        assert_eq!(twice.illegal.map(|i| i.reason), Some(Illegal::WrongPlayer { to_move: Color::White }));
    }

    #[test]
    fn a_move_in_the_root_node_is_played() {
        let r = replayed("(;SZ[9]B[ee];W[ee])", None);
        assert_eq!(r.illegal.map(|i| (i.number, i.reason)), Some((2, Illegal::Occupied)));
    }

    #[test]
    fn pl_after_mid_game_setup_is_followed() {
        let r = replayed("(;SZ[9];B[ee];AW[cc]PL[W];W[dd];B[ff])", None);
        assert_eq!(r.illegal, None, "White moves after the setup node says PL[W]");
    }

    #[test]
    fn handicap_setup_and_player_to_move_are_used() {
        let r = replayed("(;SZ[13]HA[2]AB[dj][jd]PL[W];W[dd];B[jj])", None);
        assert_eq!(r.illegal, None);
        assert_eq!(r.game.board().count(Color::Black), 3);
    }

    #[test]
    fn zuozi_comes_from_the_rule_set_when_the_record_has_no_setup() {
        let r = replayed("(;SZ[19];W[jj];B[kk])", Some("ming-qing"));
        assert_eq!(r.illegal, None);
        assert_eq!((r.game.board().count(Color::Black), r.game.board().count(Color::White)), (3, 3));
    }

    #[test]
    fn a_record_starting_with_the_wrong_colour_is_reported() {
        let r = replayed("(;SZ[19]RU[Chinese];W[pd];B[dd])", None);
        assert_eq!(r.illegal.map(|i| (i.number, i.reason)), Some((1, Illegal::WrongPlayer { to_move: Color::Black })));
        let white_first = replayed("(;SZ[19];W[jj];B[kk])", Some("ming-qing"));
        assert_eq!(white_first.illegal, None, "Ming–Qing: White moves first");
    }

    #[test]
    fn points_read_in_both_notations() {
        assert_eq!(parse_point("dd", 19, 19), Some(SgfPoint { x: 3, y: 3 }));
        assert_eq!(parse_point("D16", 19, 19), Some(SgfPoint { x: 3, y: 3 }));
        assert_eq!(parse_point("J1", 19, 19), Some(SgfPoint { x: 8, y: 18 }));
        assert_eq!(parse_point("I5", 19, 19), None);
        assert_eq!(parse_point("zz", 19, 19), None);
        assert_eq!(parse_point("T20", 19, 19), None);
    }

    #[test]
    fn ru_values_map_to_presets() {
        assert_eq!(preset_for_ru("Japanese"), Some("japanese-1989"));
        assert_eq!(preset_for_ru("AGA"), Some("aga"));
        assert_eq!(preset_for_ru("NZ"), Some("new-zealand"));
        assert_eq!(preset_for_ru("ming-qing"), Some("ming-qing"));
        assert_eq!(preset_for_ru("calvinball"), None);
    }
}
