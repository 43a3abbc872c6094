//! 六角棋 (the hexagon game) of the folk-games text: nine pieces a side on a hexagonal
//! board of thirty points.
//! - The board: three sets of four parallel lines inside a regular hexagon — its six sides and
//!   six inner "long lines" of six points each — crossing at 30 points, 18 of them on the
//!   edge; seven small hexagons of six points each. On a triangular lattice these are the
//!   points within three steps of the centre but for the centre of each small hexagon (the
//!   seven points no two of the lines cross at). The points are numbered 1–30 row by row,
//!   from the top (a side of 4 points) to the bottom, left to right (docs/GAMES.md draws
//!   them).
//! - The setup: the 18 pieces on the 18 edge points, the two sides in turn around the edge.
//! - A move takes one of one's own pieces one step along a line to a neighbouring empty
//!   point. 甲 (Black) moves first.
//! - Whoever first has six pieces on one long line (六子连珠) or round one small hexagon (六子
//!   连环) wins. When that is 甲, 乙 has one more move, and if 乙 then has a shape too the
//!   game is drawn (平棋).
//!
//! Where the seed is silent (docs/GAMES.md): the seed's figure is missing; the board above
//! is the only one its counts allow (30 points, 18 on the edge, 6 long lines of 6 points,
//! 7 small hexagons), and which edge point the first of 甲's pieces takes does not matter
//! beyond a turn of the board. A side that cannot move loses, as 四季棋's rule says of a
//! player who cannot move; and the same position standing a third time with the same side
//! to move is a draw (`domain::repetition`).
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, step_line, step_points};
use super::repetition::Repetitions;
use crate::color::Color;
use crate::message::Message;

/// Points on the board.
pub const POINTS: u8 = 30;

/// Each point's place on the triangular lattice (x, y, z with x + y + z = 0), point 1 first:
/// rows of z from -3 (the top) to 3, x rising left to right along a row.
const CUBE: [(i8, i8, i8); 30] = [
    (0, 3, -3),
    (1, 2, -3),
    (2, 1, -3),
    (3, 0, -3),
    (-1, 3, -2),
    (1, 1, -2),
    (3, -1, -2),
    (-2, 3, -1),
    (-1, 2, -1),
    (0, 1, -1),
    (1, 0, -1),
    (2, -1, -1),
    (3, -2, -1),
    (-3, 3, 0),
    (-1, 1, 0),
    (1, -1, 0),
    (3, -3, 0),
    (-3, 2, 1),
    (-2, 1, 1),
    (-1, 0, 1),
    (0, -1, 1),
    (1, -2, 1),
    (2, -3, 1),
    (-3, 1, 2),
    (-1, -1, 2),
    (1, -3, 2),
    (-3, 0, 3),
    (-2, -1, 3),
    (-1, -2, 3),
    (0, -3, 3),
];

/// The six long lines (长线), six points each.
pub const LONG_LINES: [[u8; 6]; 6] = [
    [8, 9, 10, 11, 12, 13],
    [18, 19, 20, 21, 22, 23],
    [5, 9, 15, 20, 25, 29],
    [2, 6, 11, 16, 22, 26],
    [3, 6, 10, 15, 19, 24],
    [7, 12, 16, 21, 25, 28],
];

/// The six points round each of the seven small hexagons, the middle one first.
pub const SMALL_HEXAGONS: [[u8; 6]; 7] = [
    [10, 11, 15, 16, 20, 21],
    [1, 2, 5, 6, 9, 10],
    [3, 4, 6, 7, 11, 12],
    [12, 13, 16, 17, 22, 23],
    [21, 22, 25, 26, 29, 30],
    [19, 20, 24, 25, 27, 28],
    [8, 9, 14, 15, 18, 19],
];

/// The edge, clockwise from the top left corner: 甲's pieces start on the first, third …
pub const EDGE: [u8; 18] = [1, 2, 3, 4, 7, 13, 17, 23, 26, 30, 29, 28, 27, 24, 18, 14, 8, 5];

/// Whether a line of the board joins points `a` and `b` (1–30) in one step.
pub fn neighbours(a: u8, b: u8) -> bool {
    let place = |p: u8| CUBE.get(usize::from(p).wrapping_sub(1)).copied();
    match (place(a), place(b)) {
        (Some(p), Some(q)) => (p.0 - q.0).abs() + (p.1 - q.1).abs() + (p.2 - q.2).abs() == 2,
        _ => false,
    }
}

/// A point's place on the lattice, for drawing it: (x, z) of the triangular lattice.
pub fn lattice(point: u8) -> Option<(i8, i8)> {
    CUBE.get(usize::from(point).wrapping_sub(1)).map(|c| (c.0, c.2))
}

/// Where point `point` (1–30) is drawn: (x, y) in half-steps from the left and rows from the
/// top (`Lines::Lattice`).
pub fn cell_of_point(point: u8) -> Option<(u8, u8)> {
    let (x, _, z) = CUBE.get(usize::from(point).checked_sub(1)?)?;
    Some((u8::try_from(2 * x + z + 6).ok()?, u8::try_from(z + 3).ok()?))
}

/// The point drawn at (x, y), if one is.
pub fn point_of_cell(x: u8, y: u8) -> Option<u8> {
    (1..=POINTS).find(|p| cell_of_point(*p) == Some((x, y)))
}

/// The board's twelve lines, each from one end to the other: in each of the three
/// directions, the two sides and the two long lines.
fn lines_of_the_board() -> Vec<[(u8, u8); 2]> {
    let mut out = Vec::new();
    for axis in 0..3 {
        for level in [-3, -1, 1, 3] {
            let on: Vec<u8> = (1..=POINTS)
                .filter(|p| {
                    let c = CUBE[usize::from(p - 1)];
                    [c.0, c.1, c.2][axis] == level
                })
                .collect();
            if let (Some(first), Some(last)) =
                (on.first().and_then(|p| cell_of_point(*p)), on.last().and_then(|p| cell_of_point(*p)))
            {
                out.push([first, last]);
            }
        }
    }
    out
}

/// A move: a piece from one point to a neighbouring one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LiujiaoMove {
    pub from: u8,
    pub to: u8,
}

/// Why the rules refuse a move of 六角棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiujiaoRefusal {
    GameOver,
    /// No point of that number.
    OffTheBoard,
    /// No piece of the side to move stands there.
    NotYours,
    /// One step along a line only.
    NotNeighbours,
    Occupied,
}

impl LiujiaoRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            LiujiaoRefusal::GameOver => "game-over",
            LiujiaoRefusal::OffTheBoard => "liujiao-off-the-board",
            LiujiaoRefusal::NotYours => "liujiao-not-yours",
            LiujiaoRefusal::NotNeighbours => "liujiao-not-neighbours",
            LiujiaoRefusal::Occupied => "liujiao-occupied",
        }
    }
}

impl LiujiaoRefusal {
    /// As the game shape refuses a move (refused as sent, like every step).
    pub fn refusal(self) -> Refusal {
        let key = match self {
            LiujiaoRefusal::GameOver => "illegal-game-over",
            LiujiaoRefusal::OffTheBoard => "illegal-off-board",
            LiujiaoRefusal::NotYours => "folk-not-yours",
            LiujiaoRefusal::NotNeighbours => "liujiao-not-neighbours",
            LiujiaoRefusal::Occupied => "illegal-occupied",
        };
        Refusal { code: self.code(), reason: Message::new(key), made_at_the_board: false }
    }
}

impl fmt::Display for LiujiaoRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LiujiaoRefusal::GameOver => "play has ended",
            LiujiaoRefusal::OffTheBoard => "there is no such point: they are numbered 1 to 30",
            LiujiaoRefusal::NotYours => "no piece of the side to move stands there",
            LiujiaoRefusal::NotNeighbours => "a piece moves one step along a line",
            LiujiaoRefusal::Occupied => "a piece stands there already",
        })
    }
}

impl std::error::Error for LiujiaoRefusal {}

/// The shapes that win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// 六子连珠: six on a long line.
    Line,
    /// 六子连环: six round a small hexagon.
    Ring,
}

/// How a game of 六角棋 ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiujiaoEnd {
    /// A side made its shape first (and, for 甲, 乙's one more move made none).
    Shape(Color, Shape),
    /// 甲 made a shape, and 乙 one with its one more move: 平棋.
    BothShapes,
    /// The side to move could not move.
    CannotMove(Color),
    /// The same position stood a third time.
    Repetition,
}

impl LiujiaoEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            LiujiaoEnd::Shape(side, _) => Some(side),
            LiujiaoEnd::CannotMove(stuck) => Some(stuck.opponent()),
            LiujiaoEnd::BothShapes | LiujiaoEnd::Repetition => None,
        }
    }

    /// How the game ended, said for a referee.
    pub fn message(self) -> Message {
        match self {
            LiujiaoEnd::Shape(side, Shape::Line) => Message::new("liujiao-end-line").nested("winner", side.message()),
            LiujiaoEnd::Shape(side, Shape::Ring) => Message::new("liujiao-end-ring").nested("winner", side.message()),
            LiujiaoEnd::BothShapes => Message::new("liujiao-end-both"),
            LiujiaoEnd::CannotMove(stuck) => Message::new("folk-end-cannot-move")
                .nested("winner", stuck.opponent().message())
                .nested("loser", stuck.message()),
            LiujiaoEnd::Repetition => Message::new("folk-end-repetition"),
        }
    }

    /// How the game ended, in English.
    pub fn describe(self) -> String {
        let side = |c: Color| if c == Color::Black { "Black" } else { "White" };
        match self {
            LiujiaoEnd::Shape(c, Shape::Line) => format!("{} wins: six on a long line", side(c)),
            LiujiaoEnd::Shape(c, Shape::Ring) => format!("{} wins: six round a small hexagon", side(c)),
            LiujiaoEnd::BothShapes => "a draw: both sides made a shape".into(),
            LiujiaoEnd::CannotMove(c) => format!("{} wins: {} cannot move", side(c.opponent()), side(c)),
            LiujiaoEnd::Repetition => "a draw: the same position a third time".into(),
        }
    }
}

/// A game of 六角棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiujiaoGame {
    /// The piece on each point, point 1 first.
    board: [Option<Color>; 30],
    to_move: Color,
    moves: usize,
    /// 甲's shape, made and waiting for 乙's one more move.
    black_shape: Option<Shape>,
    end: Option<LiujiaoEnd>,
    seen: Repetitions<([Option<Color>; 30], Color)>,
}

impl Default for LiujiaoGame {
    fn default() -> Self {
        LiujiaoGame::new()
    }
}

impl LiujiaoGame {
    /// The setup: the sides in turn round the edge, 甲 (Black) on point 1; 甲 to move.
    pub fn new() -> LiujiaoGame {
        let black: Vec<u8> = EDGE.iter().step_by(2).copied().collect();
        let white: Vec<u8> = EDGE.iter().skip(1).step_by(2).copied().collect();
        LiujiaoGame::from_position(&black, &white, Color::Black)
    }

    /// A game from a position: the points of each side's pieces.
    pub fn from_position(black: &[u8], white: &[u8], to_move: Color) -> LiujiaoGame {
        let mut board = [None; 30];
        for (points, colour) in [(black, Color::Black), (white, Color::White)] {
            for p in points.iter().filter_map(|p| usize::from(*p).checked_sub(1)).filter(|i| *i < 30) {
                board[p] = Some(colour);
            }
        }
        let mut game =
            LiujiaoGame { board, to_move, moves: 0, black_shape: None, end: None, seen: Repetitions::default() };
        game.seen.stands((board, to_move));
        game
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    pub fn end(&self) -> Option<LiujiaoEnd> {
        self.end
    }

    /// The piece on `point` (1–30), if any.
    pub fn at(&self, point: u8) -> Option<Color> {
        usize::from(point).checked_sub(1).and_then(|i| self.board.get(i).copied().flatten())
    }

    /// The shape `side` has on the board, if any.
    pub fn shape_of(&self, side: Color) -> Option<Shape> {
        let all = |points: &[u8; 6]| points.iter().all(|p| self.at(*p) == Some(side));
        if LONG_LINES.iter().any(all) {
            Some(Shape::Line)
        } else if SMALL_HEXAGONS.iter().any(all) {
            Some(Shape::Ring)
        } else {
            None
        }
    }

    /// Whether the side to move may make `mv`, and if not, why.
    pub fn check(&self, mv: LiujiaoMove) -> Result<(), LiujiaoRefusal> {
        if self.end.is_some() {
            return Err(LiujiaoRefusal::GameOver);
        }
        let on_board = |p: u8| (1..=POINTS).contains(&p);
        if !on_board(mv.from) || !on_board(mv.to) {
            return Err(LiujiaoRefusal::OffTheBoard);
        }
        if self.at(mv.from) != Some(self.to_move) {
            return Err(LiujiaoRefusal::NotYours);
        }
        if !neighbours(mv.from, mv.to) {
            return Err(LiujiaoRefusal::NotNeighbours);
        }
        if self.at(mv.to).is_some() {
            return Err(LiujiaoRefusal::Occupied);
        }
        Ok(())
    }

    /// The side to move makes `mv`; refused (and nothing changes) as [`LiujiaoGame::check`]
    /// says.
    pub fn play(&mut self, mv: LiujiaoMove) -> Result<(), LiujiaoRefusal> {
        self.check(mv)?;
        let mover = self.to_move;
        self.board[usize::from(mv.from - 1)] = None;
        self.board[usize::from(mv.to - 1)] = Some(mover);
        self.to_move = mover.opponent();
        self.moves += 1;
        let made = self.shape_of(mover);
        self.end = match (mover, made, self.black_shape) {
            // 乙's one more move after 甲's shape.
            (Color::White, Some(_), Some(_)) => Some(LiujiaoEnd::BothShapes),
            (Color::White, None, Some(black)) => Some(LiujiaoEnd::Shape(Color::Black, black)),
            (Color::White, Some(white), None) => Some(LiujiaoEnd::Shape(Color::White, white)),
            (Color::Black, Some(black), _) => {
                self.black_shape = Some(black);
                // 乙 has its one more move, if it has a move at all.
                self.legal_moves().is_empty().then_some(LiujiaoEnd::Shape(Color::Black, black))
            }
            _ => None,
        };
        if self.end.is_none() && self.black_shape.is_none() {
            self.end = if self.legal_moves().is_empty() {
                Some(LiujiaoEnd::CannotMove(self.to_move))
            } else if self.seen.stands((self.board, self.to_move)) {
                Some(LiujiaoEnd::Repetition)
            } else {
                None
            };
        }
        Ok(())
    }

    /// Every move the side to move may make now (none once play has ended).
    pub fn legal_moves(&self) -> Vec<LiujiaoMove> {
        if self.end.is_some() {
            return Vec::new();
        }
        (1..=POINTS)
            .filter(|p| self.at(*p) == Some(self.to_move))
            .flat_map(|from| (1..=POINTS).map(move |to| LiujiaoMove { from, to }))
            .filter(|m| self.check(*m).is_ok())
            .collect()
    }
}

impl BoardGame for LiujiaoGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.end.is_some(), side, self.to_move)?;
        let (from, to) = step_points(mv, point_of_cell)?;
        LiujiaoGame::check(self, LiujiaoMove { from, to }).map_err(LiujiaoRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        let (from, to) = step_points(mv, point_of_cell)?;
        LiujiaoGame::play(self, LiujiaoMove { from, to }).map_err(LiujiaoRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.end.map(|end| PlayEnd::decided(end.winner()))
    }

    fn end_message(&self) -> Option<Message> {
        self.end.map(LiujiaoEnd::message)
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn moves_pieces(&self) -> bool {
        true
    }

    fn drawing(&self) -> Drawing {
        let pieces = (1..=POINTS)
            .filter_map(|p| Some((cell_of_point(p)?, self.at(p)?)))
            .map(|((x, y), colour)| Piece::new(x, y, colour))
            .collect();
        let points = (1..=POINTS).filter_map(|p| Some((cell_of_point(p)?, p.to_string()))).collect();
        Drawing::of(13, 7, Lines::Lattice { points, segments: lines_of_the_board(), marked: Vec::new() }, pieces)
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        point_of_cell(x, y).map(|p| p.to_string()).unwrap_or_default()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        text.trim().parse::<u8>().ok().and_then(cell_of_point)
    }

    /// Not SGF's: Yunzi's text format, which [`replay_text`] reads back.
    fn record_header(&self) -> String {
        "# 六角棋 (liujiao), Yunzi's text format: docs/GAMES.md\n".to_string()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        step_line(self, side, mv)
    }
}

/// A record of 六角棋 in Yunzi's text format (docs/GAMES.md): `#` comments, then a move a
/// line, its side first (`B` 甲, `W` 乙) and the move `8-9` (point numbers). The game, or the
/// first line refused.
pub fn replay_text(text: &str) -> Result<LiujiaoGame, RecordError> {
    let mut game = LiujiaoGame::new();
    for line in lines(text)? {
        let Entry::Move { side, words } = &line.entry else {
            return Err(line.refuse("六角棋's record has no header"));
        };
        line.check_turn(*side, game.to_move())?;
        let mv = match words.as_slice() {
            [mv] => mv.split_once('-').and_then(|(from, to)| {
                Some(LiujiaoMove { from: from.trim().parse().ok()?, to: to.trim().parse().ok()? })
            }),
            _ => None,
        };
        let mv = mv.ok_or_else(|| line.refuse("a move is written 8-9, points 1 to 30"))?;
        game.play(mv).map_err(|why| line.refuse(why))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn play(game: &mut LiujiaoGame, moves: &[(u8, u8)]) {
        for &(from, to) in moves {
            game.play(LiujiaoMove { from, to }).unwrap_or_else(|e| panic!("{from}-{to}: {e}"));
        }
    }

    #[test]
    fn the_board_is_thirty_points_on_twelve_lines_with_seven_small_hexagons() {
        // §1: 3 sets of 4 parallel lines; 30 points, 18 on the edge; 6 long lines of 6
        // points; 7 small hexagons with 6 points round each.
        assert_eq!(CUBE.len(), 30);
        assert!(CUBE.iter().all(|c| c.0 + c.1 + c.2 == 0 && c.0.abs().max(c.1.abs()).max(c.2.abs()) <= 3));
        let radius = |p: u8| {
            let c = CUBE[usize::from(p - 1)];
            c.0.abs().max(c.1.abs()).max(c.2.abs())
        };
        let edge: Vec<u8> = (1..=POINTS).filter(|p| radius(*p) == 3).collect();
        let mut ring = EDGE.to_vec();
        ring.sort_unstable();
        assert_eq!(edge, ring, "the edge is 18 points");
        assert!(EDGE.iter().zip(EDGE.iter().cycle().skip(1)).all(|(a, b)| neighbours(*a, *b)), "the edge goes round");
        // Each set of parallel lines: the two sides (|coordinate| 3) and two long lines (1).
        for axis in 0..3 {
            let coordinate =
                |p: u8| [CUBE[usize::from(p - 1)].0, CUBE[usize::from(p - 1)].1, CUBE[usize::from(p - 1)].2][axis];
            for level in [-1, 1] {
                let line: Vec<u8> = (1..=POINTS).filter(|p| coordinate(*p) == level).collect();
                assert!(LONG_LINES.iter().any(|l| l.to_vec() == line), "{axis} {level}: {line:?}");
            }
            for level in [-3, 3] {
                assert_eq!((1..=POINTS).filter(|p| coordinate(*p) == level).count(), 4, "a side has 4 points");
            }
        }
        for ring in SMALL_HEXAGONS {
            assert!(
                ring.iter().all(|a| ring.iter().filter(|b| neighbours(*a, **b)).count() == 2),
                "{ring:?} goes round"
            );
        }
    }

    #[test]
    fn the_pieces_start_in_turn_round_the_edge() {
        // §2–3(1): 9 a side, all 18 on the edge, the sides in turn.
        let g = LiujiaoGame::new();
        assert_eq!((1..=POINTS).filter(|p| g.at(*p) == Some(Color::Black)).count(), 9);
        assert_eq!((1..=POINTS).filter(|p| g.at(*p) == Some(Color::White)).count(), 9);
        assert!(EDGE.iter().zip(EDGE.iter().cycle().skip(1)).all(|(a, b)| g.at(*a) != g.at(*b)));
        assert!([6, 9, 10, 11, 12, 15, 16, 19, 20, 21, 22, 25].iter().all(|p| g.at(*p).is_none()));
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn a_piece_steps_along_a_line_to_an_empty_neighbour() {
        // §3(2): one piece a move, one step along a line to a neighbouring empty point.
        let mut g = LiujiaoGame::new();
        let check = |g: &LiujiaoGame, from, to| g.check(LiujiaoMove { from, to });
        assert_eq!(check(&g, 8, 9), Ok(()));
        assert_eq!(check(&g, 8, 10), Err(LiujiaoRefusal::NotNeighbours));
        assert_eq!(check(&g, 8, 14), Err(LiujiaoRefusal::Occupied));
        assert_eq!(check(&g, 5, 9), Err(LiujiaoRefusal::NotYours));
        assert_eq!(check(&g, 8, 31), Err(LiujiaoRefusal::OffTheBoard));
        assert_eq!(g.legal_moves().len(), 6);
        play(&mut g, &[(8, 9), (5, 8)]);
        assert_eq!((g.at(9), g.at(8), g.at(5)), (Some(Color::Black), Some(Color::White), None));
    }

    /// 甲 five on the long line 8–13 with a piece on 7 beside 13; 乙 five round the small
    /// hexagon 19 20 24 25 27 28 with a piece on 29 beside 28.
    fn both_one_move_from_a_shape(to_move: Color) -> LiujiaoGame {
        LiujiaoGame::from_position(&[8, 9, 10, 11, 12, 7, 1, 3, 17], &[19, 20, 24, 25, 27, 29, 30, 23, 14], to_move)
    }

    #[test]
    fn black_first_with_a_shape_wins_unless_white_answers_with_one() {
        // §3(3)–(4): the first shape wins; if it is 甲's, 乙 moves once more, and a shape then
        // makes a draw.
        let mut g = both_one_move_from_a_shape(Color::Black);
        play(&mut g, &[(7, 13)]);
        assert_eq!(g.end(), None, "乙 has one more move");
        assert_eq!(g.shape_of(Color::Black), Some(Shape::Line));
        play(&mut g, &[(30, 26)]);
        assert_eq!(g.end(), Some(LiujiaoEnd::Shape(Color::Black, Shape::Line)));
        assert_eq!(g.end().and_then(LiujiaoEnd::winner), Some(Color::Black));
        assert_eq!(g.check(LiujiaoMove { from: 13, to: 7 }), Err(LiujiaoRefusal::GameOver));

        let mut g = both_one_move_from_a_shape(Color::Black);
        play(&mut g, &[(7, 13), (29, 28)]);
        assert_eq!(g.end(), Some(LiujiaoEnd::BothShapes));
        assert_eq!(g.end().and_then(LiujiaoEnd::winner), None);
    }

    #[test]
    fn white_first_with_a_shape_wins_at_once() {
        let mut g = both_one_move_from_a_shape(Color::White);
        play(&mut g, &[(29, 28)]);
        assert_eq!(g.end(), Some(LiujiaoEnd::Shape(Color::White, Shape::Ring)));
        assert!(g.end().is_some_and(|e| e.describe() == "White wins: six round a small hexagon"));
    }

    #[test]
    fn a_side_that_cannot_move_loses_and_a_third_repetition_draws() {
        // Yunzi's readings where the seed is silent. 乙's one piece on 1 is shut in by 2 and 5.
        let mut g = LiujiaoGame::from_position(&[2, 5, 30], &[1], Color::Black);
        play(&mut g, &[(30, 29)]);
        assert_eq!(g.end(), Some(LiujiaoEnd::CannotMove(Color::White)));
        assert_eq!(g.end().and_then(LiujiaoEnd::winner), Some(Color::Black));

        let mut g = LiujiaoGame::new();
        let round = [(8, 9), (13, 12), (9, 8), (12, 13)];
        play(&mut g, &round);
        play(&mut g, &round[..3]);
        assert_eq!(g.end(), None);
        play(&mut g, &round[3..]);
        assert_eq!(g.end(), Some(LiujiaoEnd::Repetition));
    }

    #[test]
    fn through_the_game_shape_the_lattice_is_drawn_and_a_step_reads_back() {
        let mut g = LiujiaoGame::new();
        let drawing = g.drawing();
        let Lines::Lattice { points, segments, .. } = &drawing.lines else { panic!("{:?}", drawing.lines) };
        assert_eq!((points.len(), segments.len(), drawing.pieces.len()), (30, 12, 18));
        // Each point is drawn once, and the numbering reads row by row, left to right.
        let mut cells: Vec<(u8, u8)> = points.iter().map(|(c, _)| *c).collect();
        cells.sort_by_key(|&(x, y)| (y, x));
        cells.dedup();
        assert_eq!(cells.len(), 30);
        assert_eq!(points.iter().map(|(c, _)| *c).collect::<Vec<_>>(), cells);
        // Neighbours along a line are a step apart: two half-steps in a row, one across.
        for a in 1..=POINTS {
            for b in 1..=POINTS {
                if neighbours(a, b) {
                    let ((ax, ay), (bx, by)) =
                        (cell_of_point(a).unwrap_or_default(), cell_of_point(b).unwrap_or_default());
                    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
                    assert!((dx, dy) == (2, 0) || (dx, dy) == (1, 1), "{a} {b}");
                }
            }
        }
        let step =
            GameMove::Step { from: g.parse_cell("8").unwrap_or_default(), to: g.parse_cell("9").unwrap_or_default() };
        let mut record = g.record_header();
        record.push_str(&g.record_move(Color::Black, step));
        BoardGame::play(&mut g, Color::Black, step).unwrap_or_else(|e| panic!("{e}"));
        let far =
            GameMove::Step { from: g.parse_cell("5").unwrap_or_default(), to: g.parse_cell("10").unwrap_or_default() };
        assert_eq!(BoardGame::check(&g, Color::White, far).err().map(|r| r.code), Some("liujiao-not-neighbours"));
        assert_eq!(replay_text(&record).map(|r| r.at(9)), Ok(Some(Color::Black)));
        assert!(!g.record_is_sgf() && g.moves_pieces() && g.play_end().is_none());
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("# hexagon\nB 8-9\nW 5-8\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.moves(), 2);
        assert!(replay_text("B 8-10").err().is_some_and(|(n, why)| n == 1 && why.contains("one step")));
        assert!(replay_text("W 5-9").err().is_some_and(|(n, _)| n == 1));
        assert!(replay_text("B 8").is_err());
    }

    proptest! {
        /// Random legal play keeps nine pieces a side, and a finished game's end is true of
        /// its position.
        #[test]
        fn random_play_ends_as_the_rules_say(choices in proptest::collection::vec(any::<usize>(), 0..400)) {
            let mut g = LiujiaoGame::new();
            for choice in choices {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                g.play(legal[choice % legal.len()]).unwrap_or_else(|e| panic!("{e}"));
                for side in [Color::Black, Color::White] {
                    prop_assert_eq!((1..=POINTS).filter(|p| g.at(*p) == Some(side)).count(), 9);
                }
            }
            match g.end() {
                Some(LiujiaoEnd::Shape(side, _)) => prop_assert!(g.shape_of(side).is_some()),
                Some(LiujiaoEnd::BothShapes) => {
                    prop_assert!(g.shape_of(Color::Black).is_some() && g.shape_of(Color::White).is_some())
                }
                _ => {}
            }
        }
    }
}
