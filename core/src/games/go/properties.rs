//! Property tests across the engine: SGF round trips, counting, superko.
use proptest::prelude::*;

use super::board::Point;
use super::game::{Game, Move};
use super::record;
use super::ruleset::{KoRule, Ruleset, Setup};
use super::scoring::{self, CountInput, tromp_taylor};
use super::sgf::{self, SgfGame, SgfMove, SgfNode, SgfPoint};
use crate::color::Color;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn rules(name: &str, size: u8) -> Ruleset {
    let mut r = Ruleset::preset(name).unwrap_or_else(|| panic!("{name}"));
    r.width = size;
    r.height = size;
    r.setup = Setup::Empty;
    r
}

/// Is `p` a one-point eye of `color` (every neighbour its own stone)? Random play that never
/// fills these ends with a fully played-out board.
fn own_eye(game: &Game, p: Point, color: Color) -> bool {
    game.board().neighbours(p).all(|n| game.board().get(n) == Some(color))
}

/// Random legal play; `played_out` avoids filling own eyes and passes when nothing else is left.
fn random_game(name: &str, size: u8, seed: u64, moves: usize, played_out: bool) -> Game {
    let mut game = Game::new(rules(name, size)).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Rng(seed | 1);
    for _ in 0..moves {
        if game.ending().is_some() {
            break;
        }
        let color = game.to_move();
        let mut legal = game.legal_points();
        if played_out {
            legal.retain(|p| !own_eye(&game, *p, color));
        }
        let mv =
            legal.get((rng.next() % legal.len().max(1) as u64) as usize).map(|p| Move::Play(*p)).unwrap_or(Move::Pass);
        if game.play(color, mv).is_err() {
            break;
        }
    }
    game
}

/// Play to 两溢 (章浒, 两溢后计俘子的围棋规则 §三): random legal moves, where a side
/// fills its own one-point eye only while the chain it joins keeps two more, and passes
/// (handing a prisoner under the pass-stone rule) only when nothing else is left.
fn two_overflow_game(rules: Ruleset, seed: u64) -> Game {
    let mut game = Game::new(rules).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = Rng(seed | 1);
    let limit = 4 * game.board().len() + 40;
    while game.ending().is_none() && game.moves().len() < limit {
        let color = game.to_move();
        let mut legal = game.legal_points();
        legal.retain(|p| !own_eye(&game, *p, color) || fill_keeps_two_eyes(&game, *p, color));
        let mv =
            legal.get((rng.next() % legal.len().max(1) as u64) as usize).map(|p| Move::Play(*p)).unwrap_or(Move::Pass);
        if game.play(color, mv).is_err() {
            break;
        }
    }
    game
}

/// After `color` fills its own eye at `p`, does the chain there still have two one-point eyes?
fn fill_keeps_two_eyes(game: &Game, p: Point, color: Color) -> bool {
    let mut board = game.board().clone();
    if board.play(color, p, false).is_err() {
        return false;
    }
    let eyes =
        board.liberties(p).into_iter().filter(|&l| board.neighbours(l).all(|n| board.get(n) == Some(color))).count();
    eyes >= 2
}

/// Every empty point a one-point eye and every group (chains sharing eyes) owning exactly two.
fn every_group_has_two_eyes(board: &super::board::Board) -> bool {
    let regions = board.regions();
    let groups = board.groups();
    regions.shared == 0
        && board.empty_regions().iter().all(|(points, _)| points.len() == 1)
        && regions.black == 2 * groups[0]
        && regions.white == 2 * groups[1]
}

fn to_record(game: &Game) -> SgfGame {
    let mut record = SgfGame::new(game.board().width(), game.board().height());
    record.rules = Some(game.rules().name.clone());
    for m in game.moves() {
        let point = match m.mv {
            Move::Play(p) => {
                let (x, y) = game.board().xy(p);
                Some(SgfPoint { x, y })
            }
            Move::Pass => None,
        };
        record.nodes.push(SgfNode { mv: Some(SgfMove { color: m.color, point }), ..Default::default() });
    }
    record
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random legal games survive SGF write and read with identical positions and hashes.
    #[test]
    fn games_survive_an_sgf_round_trip(seed in any::<u64>(), size in 5u8..=19, moves in 0usize..160) {
        let game = random_game("chinese-2002", size, seed, moves, false);
        let text = sgf::write(&to_record(&game));
        let read = sgf::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let rules = record::rules_for(&read, Some("chinese-2002")).map_err(TestCaseError::fail)?;
        let replay = record::replay(&read, rules).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(replay.illegal.is_none());
        prop_assert_eq!(replay.game.moves().len(), game.moves().len());
        for (a, b) in replay.game.moves().iter().zip(game.moves()) {
            prop_assert_eq!(a.hash_after, b.hash_after);
        }
        prop_assert_eq!(replay.game.board(), game.board());
        prop_assert_eq!(replay.game.board().hash(), game.board().hash());
        // The board's running stone counts agree with its points.
        for color in [Color::Black, Color::White] {
            let on_board = game.board().points().filter(|p| game.board().get(*p) == Some(color)).count();
            prop_assert_eq!(game.board().count(color), on_board);
        }
    }

    /// On a fully played-out board the area count (no dead stones) equals Tromp-Taylor.
    #[test]
    fn area_count_of_a_played_out_board_equals_tromp_taylor(seed in any::<u64>(), size in 5u8..=13) {
        let game = random_game("tromp-taylor", size, seed, 2000, true);
        prop_assert!(game.ending().is_some(), "the playout ends with two passes");
        let mut area = rules("chinese-2002", size);
        area.komi = crate::komi::Komi::ZERO;
        let count = scoring::count(game.board(), &area, &CountInput::default());
        prop_assert_eq!(count.margin_half_points, 2 * tromp_taylor(game.board()));
    }

    /// 章浒, 两溢后计俘子的围棋规则 §四: with equal moves (a pass hands a prisoner, White
    /// passes last) the side with more prisoners is the side with more stones on the board,
    /// by the same margin (m−b > m−a ⇔ a > b): counting prisoners (两溢后计俘子) and counting
    /// living stones (两溢后计活子) always agree, at any point where the moves are equal.
    #[test]
    fn capture_count_equals_stone_count_when_moves_are_equal(seed in any::<u64>(), size in 7u8..=13, moves in 0usize..400) {
        let mut game = random_game("pre-tang", size, seed, moves, true);
        if game.ending().is_none() && game.moves().len() % 2 == 1 {
            // Equal moves: White answers Black's last move with a pass (a prisoner).
            game.play(Color::White, Move::Pass).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        }
        let mut captures = rules("pre-tang", size);
        captures.setup = Setup::Empty;
        let mut stones = captures.clone();
        stones.scoring = super::ruleset::Scoring::StoneCount;
        // Stones agreed dead are handed over as prisoners (淘子), on both counts alike.
        let dead: Vec<Point> = game.board().points().filter(|p| game.board().get(*p).is_some()).step_by(7).collect();
        let input = CountInput { dead: &dead, prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)], ..CountInput::default() };
        let by_captures = scoring::count(game.board(), &captures, &input);
        let by_stones = scoring::count(game.board(), &stones, &input);
        prop_assert_eq!(by_captures.margin_half_points, by_stones.margin_half_points);
    }

    /// §四 again: at 两溢, where every group is down to its two basic eyes, the capture
    /// count and the Ming–Qing area count with 还棋头 give the same margin (a+x/2 > 180½ ⇔
    /// a > b); the 座子 of the preset stay on the board.
    #[test]
    fn at_two_overflow_capture_count_equals_ming_qing(seed in any::<u64>()) {
        let game = two_overflow_game(Ruleset::preset("pre-tang").unwrap_or_else(|| panic!("pre-tang")), seed);
        prop_assume!(every_group_has_two_eyes(game.board()));
        let input = CountInput { prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)], ..CountInput::default() };
        let captures = scoring::count(game.board(), game.rules(), &input);
        let mut ming_qing = Ruleset::preset("ming-qing").unwrap_or_else(|| panic!("ming-qing"));
        ming_qing.komi = crate::komi::Komi::ZERO;
        let area = scoring::count(game.board(), &ming_qing, &input);
        prop_assert_eq!(captures.margin_half_points, area.margin_half_points);
    }

    /// Under positional superko no whole-board position ever repeats in an accepted game.
    #[test]
    fn positional_superko_never_repeats_a_position(seed in any::<u64>(), size in 2u8..=7) {
        let game = random_game("tromp-taylor", size, seed, 400, false);
        prop_assert_eq!(game.rules().ko, KoRule::Positional);
        let mut seen = std::collections::HashSet::new();
        let start = Game::new(rules("tromp-taylor", size)).map(|g| g.board().hash()).unwrap_or(0);
        seen.insert(start);
        for m in game.moves() {
            if let Move::Play(_) = m.mv {
                prop_assert!(seen.insert(m.hash_after), "a position repeated");
            }
        }
    }
}
