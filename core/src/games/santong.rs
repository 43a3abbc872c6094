//! 三通棋 (the three-sides game) of the folk-games text: a triangle of 64 small triangles,
//! the cells; Black (甲方) and White (乙方) put one piece a turn on an empty cell, and White
//! has once in the game — when it likes — the right to put two at once, to make up for
//! Black's first move; nothing moves or is captured. The first to join its own pieces into one
//! group that reaches all three sides wins ("三通"), whatever its shape; a corner cell touches
//! the two sides it lies on.
//!
//! Where the seed leaves a rule open (docs/GAMES.md):
//! - pieces are joined (相连) when their triangles share a side, as the board's lines join
//!   them; triangles meeting at a point only are not joined;
//! - a full board with no three-sided group is a draw (the seed does not say; it can happen).
//!
//! Cells are numbered by row from the apex (row 0, one triangle) to the base (row 7, fifteen):
//! row r holds 2r + 1 triangles, k = 0 … 2r from the left, the even ones pointing up. A cell
//! is written `r-k` with both counted from 1 ("1-1" is the apex, "8-15" the right corner).
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal};
use crate::color::Color;
use crate::message::Message;
use crate::result::{GameResult, Margin};

/// Rows of the triangle; the board holds ROWS² = 64 cells.
pub const ROWS: u8 = 8;

/// A cell: row from the apex and place in the row, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub row: u8,
    pub k: u8,
}

impl Cell {
    fn is_on_board(self) -> bool {
        self.row < ROWS && self.k <= 2 * self.row
    }

    fn index(self) -> usize {
        usize::from(self.row) * usize::from(self.row) + usize::from(self.k)
    }

    /// The cells sharing a side with this one.
    pub fn neighbours(self) -> Vec<Cell> {
        let Cell { row, k } = self;
        let mut out = Vec::with_capacity(3);
        if k > 0 {
            out.push(Cell { row, k: k - 1 });
        }
        if k < 2 * row {
            out.push(Cell { row, k: k + 1 });
        }
        if k.is_multiple_of(2) {
            // Pointing up: its base lies on the next row's downward triangle below it.
            if row + 1 < ROWS {
                out.push(Cell { row: row + 1, k: k + 1 });
            }
        } else if row > 0 {
            // Pointing down: its top side lies on the upward triangle above it.
            out.push(Cell { row: row - 1, k: k - 1 });
        }
        out
    }

    /// Which sides of the board the cell lies on: left, right, base.
    pub fn sides(self) -> [bool; 3] {
        [self.k == 0, self.k == 2 * self.row, self.row == ROWS - 1 && self.k.is_multiple_of(2)]
    }

    /// Parses "r-k" (both from 1).
    pub fn parse(text: &str) -> Option<Cell> {
        let (r, k) = text.trim().split_once('-')?;
        let (r, k): (u8, u8) = (r.trim().parse().ok()?, k.trim().parse().ok()?);
        let cell = Cell { row: r.checked_sub(1)?, k: k.checked_sub(1)? };
        cell.is_on_board().then_some(cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.row + 1, self.k + 1)
    }
}

/// Why the rules refuse a move of 三通棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SantongRefusal {
    OffBoard,
    Occupied,
    GameOver,
    /// Only White (乙方) has the two-at-once right, and only once.
    NoDoubleMove,
    /// The two pieces of the double move go on two different cells.
    SameCell,
}

impl SantongRefusal {
    pub fn code(self) -> &'static str {
        match self {
            SantongRefusal::OffBoard => "off-board",
            SantongRefusal::Occupied => "occupied",
            SantongRefusal::GameOver => "game-over",
            SantongRefusal::NoDoubleMove => "santong-no-double-move",
            SantongRefusal::SameCell => "santong-same-cell",
        }
    }
}

impl fmt::Display for SantongRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SantongRefusal::OffBoard => "there is no such cell: rows 1–8 from the apex, and row r has 2r − 1 cells",
            SantongRefusal::Occupied => "the cell is taken",
            SantongRefusal::GameOver => "play has ended",
            SantongRefusal::NoDoubleMove => "only White may put two pieces at once, and only once in the game",
            SantongRefusal::SameCell => "the two pieces go on two different cells",
        })
    }
}

impl std::error::Error for SantongRefusal {}

/// How a game of 三通棋 ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SantongEnd {
    /// This side's group reaches all three sides.
    ThreeSides(Color),
    /// Every cell is taken and neither side has.
    Draw,
}

/// A game of 三通棋 under the seed's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SantongGame {
    cells: Vec<Option<Color>>,
    to_move: Color,
    double_move_used: bool,
    end: Option<SantongEnd>,
    moves: usize,
}

impl Default for SantongGame {
    fn default() -> Self {
        SantongGame::new()
    }
}

impl SantongGame {
    /// An empty board, Black (甲方) to move.
    pub fn new() -> SantongGame {
        let n = usize::from(ROWS) * usize::from(ROWS);
        SantongGame { cells: vec![None; n], to_move: Color::Black, double_move_used: false, end: None, moves: 0 }
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn get(&self, cell: Cell) -> Option<Color> {
        cell.is_on_board().then(|| self.cells.get(cell.index()).copied().flatten()).flatten()
    }

    pub fn end(&self) -> Option<SantongEnd> {
        self.end
    }

    /// Whether White's two-at-once right is still there.
    pub fn double_move_left(&self) -> bool {
        !self.double_move_used
    }

    /// Moves made (the double move counted once).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Every empty cell.
    pub fn empty_cells(&self) -> Vec<Cell> {
        (0..ROWS)
            .flat_map(|row| (0..=2 * row).map(move |k| Cell { row, k }))
            .filter(|c| self.get(*c).is_none())
            .collect()
    }

    fn check_cell(&self, cell: Cell) -> Result<(), SantongRefusal> {
        if !cell.is_on_board() {
            return Err(SantongRefusal::OffBoard);
        }
        if self.get(cell).is_some() {
            return Err(SantongRefusal::Occupied);
        }
        Ok(())
    }

    /// The side to move puts one piece on `cell`.
    pub fn put(&mut self, cell: Cell) -> Result<(), SantongRefusal> {
        if self.end.is_some() {
            return Err(SantongRefusal::GameOver);
        }
        self.check_cell(cell)?;
        self.place(cell);
        self.finish_turn();
        Ok(())
    }

    /// White's once-in-a-game right: two pieces at once. The game may end with the first.
    pub fn put_two(&mut self, first: Cell, second: Cell) -> Result<(), SantongRefusal> {
        if self.end.is_some() {
            return Err(SantongRefusal::GameOver);
        }
        if self.to_move != Color::White || self.double_move_used {
            return Err(SantongRefusal::NoDoubleMove);
        }
        self.check_cell(first)?;
        self.check_cell(second)?;
        if first == second {
            return Err(SantongRefusal::SameCell);
        }
        self.double_move_used = true;
        self.place(first);
        if self.end.is_none() {
            self.place(second);
        }
        self.finish_turn();
        Ok(())
    }

    fn place(&mut self, cell: Cell) {
        if let Some(slot) = self.cells.get_mut(cell.index()) {
            *slot = Some(self.to_move);
        }
        if self.reaches_three_sides(cell) {
            self.end = Some(SantongEnd::ThreeSides(self.to_move));
        } else if self.cells.iter().all(Option::is_some) {
            self.end = Some(SantongEnd::Draw);
        }
    }

    fn finish_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.moves += 1;
    }

    /// Whether the group holding `cell` touches all three sides.
    fn reaches_three_sides(&self, cell: Cell) -> bool {
        let Some(colour) = self.get(cell) else { return false };
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![cell];
        let mut sides = [false; 3];
        seen[cell.index()] = true;
        while let Some(c) = stack.pop() {
            for (side, on) in sides.iter_mut().zip(c.sides()) {
                *side |= on;
            }
            for n in c.neighbours() {
                if self.get(n) == Some(colour) && !seen[n.index()] {
                    seen[n.index()] = true;
                    stack.push(n);
                }
            }
        }
        sides == [true; 3]
    }
}

impl SantongRefusal {
    /// As the game shape refuses a move: the rule's name and its reason in the reader's
    /// language.
    pub fn refusal(self) -> Refusal {
        let key = match self {
            SantongRefusal::OffBoard => "illegal-off-board",
            SantongRefusal::Occupied => "illegal-occupied",
            SantongRefusal::GameOver => "illegal-game-over",
            SantongRefusal::NoDoubleMove => "santong-no-double-move",
            SantongRefusal::SameCell => "santong-same-cell",
        };
        Refusal { code: self.code(), reason: Message::new(key), made_at_the_board: false }
    }
}

impl SantongEnd {
    pub fn result(self) -> GameResult {
        match self {
            SantongEnd::ThreeSides(winner) => GameResult::Win { winner, margin: Margin::Unspecified },
            SantongEnd::Draw => GameResult::Draw,
        }
    }

    /// How the game ended, said for a referee.
    pub fn message(self) -> Message {
        match self {
            SantongEnd::ThreeSides(winner) => {
                Message::new("santong-end-three-sides").nested("winner", winner.message())
            }
            SantongEnd::Draw => Message::new("santong-end-draw"),
        }
    }
}

/// The cell (x, y) of the game shape: x the place in the row, y the row.
fn cell_of(x: u8, y: u8) -> Cell {
    Cell { row: y, k: x }
}

impl SantongGame {
    /// Whether the side to move may make `mv`, as the game shape asks.
    fn check_shape(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        if self.end.is_some() {
            return Err(SantongRefusal::GameOver.refusal());
        }
        if side != self.to_move {
            return Err(Refusal::wrong_player(self.to_move));
        }
        match mv {
            GameMove::Place(x, y) => self.check_cell(cell_of(x, y)).map_err(SantongRefusal::refusal),
            GameMove::PlaceTwo([a, b]) => {
                if self.to_move != Color::White || self.double_move_used {
                    return Err(SantongRefusal::NoDoubleMove.refusal());
                }
                self.check_cell(cell_of(a.0, a.1)).map_err(SantongRefusal::refusal)?;
                self.check_cell(cell_of(b.0, b.1)).map_err(SantongRefusal::refusal)?;
                if a == b {
                    return Err(SantongRefusal::SameCell.refusal());
                }
                Ok(())
            }
            GameMove::Pass
            | GameMove::Swap
            | GameMove::Offer(_)
            | GameMove::Keep(..)
            | GameMove::Step { .. }
            | GameMove::Carry { .. }
            | GameMove::PlaceMany { .. }
            | GameMove::Hand { .. } => Err(Refusal {
                code: "not-in-santong",
                reason: Message::new("santong-not-a-move"),
                made_at_the_board: false,
            }),
        }
    }
}

impl BoardGame for SantongGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn end_message(&self) -> Option<Message> {
        self.end.map(SantongEnd::message)
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.check_shape(side, mv)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.check_shape(side, mv)?;
        let played = match mv {
            GameMove::Place(x, y) => self.put(cell_of(x, y)),
            GameMove::PlaceTwo([a, b]) => self.put_two(cell_of(a.0, a.1), cell_of(b.0, b.1)),
            _ => Ok(()),
        };
        played.map_err(SantongRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.end.map(|end| PlayEnd::Decided(end.result()))
    }

    fn drawing(&self) -> Drawing {
        let pieces = (0..ROWS)
            .flat_map(|row| (0..=2 * row).map(move |k| Cell { row, k }))
            .filter_map(|c| self.get(c).map(|colour| Piece::new(c.k, c.row, colour)))
            .collect();
        Drawing {
            width: 2 * ROWS - 1,
            height: ROWS,
            lines: Lines::Triangles { rows: ROWS },
            pieces,
            offered: Vec::new(),
            column_labels: Vec::new(),
            row_labels: (1..=ROWS).map(|r| r.to_string()).collect(),
        }
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        cell_of(x, y).to_string()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        Cell::parse(text).map(|c| (c.k, c.row))
    }

    /// Not SGF's: 三通棋 has no SGF game number, so the download is Yunzi's text format.
    fn record_header(&self) -> String {
        "# 三通棋 (santong), Yunzi's text format: docs/GAMES.md\n".to_string()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        let tag = if side == Color::Black { "B" } else { "W" };
        match mv {
            GameMove::Place(x, y) => format!("{tag} {}\n", cell_of(x, y)),
            GameMove::PlaceTwo([a, b]) => format!("{tag} {} {}\n", cell_of(a.0, a.1), cell_of(b.0, b.1)),
            _ => String::new(),
        }
    }
}

/// A record of 三通棋 in Yunzi's text format (docs/GAMES.md): `#` comments, then a move a
/// line: `B 3-2`, or White's double move `W 5-4 6-1`. The game, or the first line the rules
/// refuse (its number and why).
pub fn replay_text(text: &str) -> Result<SantongGame, RecordError> {
    let mut game = SantongGame::new();
    for line in lines(text)? {
        let Entry::Move { side, words } = &line.entry else {
            return Err(line.refuse("三通棋's record has no header: a move a line"));
        };
        line.check_turn(*side, game.to_move())?;
        let cell = |text: &str| Cell::parse(text).ok_or_else(|| line.refuse(SantongRefusal::OffBoard));
        let played = match words.as_slice() {
            [one] => game.put(cell(one)?),
            [first, second] => game.put_two(cell(first)?, cell(second)?),
            _ => return Err(line.refuse("a move is a cell (3-2), or White's two (5-4 6-1)")),
        };
        played.map_err(|why| line.refuse(why))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn c(text: &str) -> Cell {
        Cell::parse(text).unwrap_or_else(|| panic!("{text}"))
    }

    #[test]
    fn the_board_is_a_triangle_of_sixty_four_triangles() {
        // §1: 64 small triangles, three sets of parallel lines.
        let g = SantongGame::new();
        assert_eq!(g.empty_cells().len(), 64);
        // Each triangle shares a side with at most three others, and sharing is mutual.
        for cell in g.empty_cells() {
            let around = cell.neighbours();
            assert!((1..=3).contains(&around.len()), "{cell}");
            assert!(around.iter().all(|n| n.neighbours().contains(&cell)), "{cell}");
        }
        assert_eq!(c("1-1").sides(), [true, true, false], "the apex touches two sides");
        assert_eq!(c("8-1").sides(), [true, false, true], "a base corner touches two sides");
        assert_eq!(c("8-15").sides(), [false, true, true]);
        assert_eq!(c("8-2").sides(), [false, false, false], "a downward triangle of the base row is inside");
        assert_eq!(Cell::parse("9-1"), None);
        assert_eq!(Cell::parse("3-6"), None, "row 3 has five cells");
    }

    #[test]
    fn one_piece_a_turn_on_an_empty_cell_and_white_once_two() -> Result<(), SantongRefusal> {
        // §3(1): in turn, one piece a move, on an empty cell; 乙方 once may put two at once.
        let mut g = SantongGame::new();
        assert_eq!(g.put_two(c("2-1"), c("2-2")), Err(SantongRefusal::NoDoubleMove), "not Black's");
        g.put(c("4-4"))?;
        assert_eq!(g.put(c("4-4")), Err(SantongRefusal::Occupied));
        assert_eq!(g.put_two(c("5-5"), c("5-5")), Err(SantongRefusal::SameCell));
        g.put_two(c("5-5"), c("5-6"))?;
        assert_eq!((g.get(c("5-5")), g.get(c("5-6"))), (Some(Color::White), Some(Color::White)));
        assert_eq!(g.to_move(), Color::Black);
        g.put(c("2-1"))?;
        assert_eq!(g.put_two(c("6-1"), c("6-2")), Err(SantongRefusal::NoDoubleMove), "only once");
        assert_eq!(g.moves(), 3);
        Ok(())
    }

    #[test]
    fn a_group_reaching_all_three_sides_wins_whatever_its_shape() -> Result<(), SantongRefusal> {
        // §3(3): joined pieces with branches to the three sides; the apex counts for two sides.
        // Black goes down the left side from the apex to the base: the apex touches left and
        // right, the base row the base.
        let mut g = SantongGame::new();
        let black = ["1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1"];
        let white = ["8-9", "8-11", "8-13", "7-9", "7-11", "7-13", "6-9"];
        for (i, cell) in black.iter().enumerate() {
            assert_eq!(g.end(), None, "not yet at move {}", 2 * i + 1);
            g.put(c(cell))?;
            if let Some(w) = white.get(i) {
                g.put(c(w))?;
            }
        }
        assert_eq!(g.end(), None, "the left side cells are not joined: 2-1 and 3-1 meet at a point only");
        // Join them through the downward triangles: 2-2 joins 1-1 and 2-1 …
        let mut joined = SantongGame::new();
        let path =
            ["1-1", "2-2", "2-1", "3-2", "3-1", "4-2", "4-1", "5-2", "5-1", "6-2", "6-1", "7-2", "7-1", "8-2", "8-1"];
        let mut white_cells = SantongGame::new().empty_cells().into_iter().rev();
        for cell in path {
            joined.put(c(cell))?;
            if joined.end().is_some() {
                break;
            }
            let w = white_cells.find(|w| joined.get(*w).is_none() && !path.contains(&w.to_string().as_str()));
            joined.put(w.unwrap_or_else(|| panic!("a cell for White")))?;
        }
        assert_eq!(
            joined.end(),
            Some(SantongEnd::ThreeSides(Color::Black)),
            "the apex and the base corner: three sides"
        );
        assert_eq!(joined.put(c("5-5")), Err(SantongRefusal::GameOver));
        Ok(())
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("# opening\nB 4-4\nW 5-5 5-6\nB 2-1\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.moves(), 3);
        assert!(!g.double_move_left());
        let twice = replay_text("B 4-4\nW 5-5 5-6\nB 2-1\nW 6-1 6-2").err();
        assert!(twice.is_some_and(|(n, why)| n == 4 && why.contains("only once")));
        assert_eq!(replay_text("B 9-9").err().map(|e| e.0), Some(1));
        assert!(replay_text("W 1-1").err().is_some_and(|(_, why)| why.contains("black's turn")));
    }

    #[test]
    fn santong_is_played_through_the_shape_of_a_game() -> Result<(), Refusal> {
        let mut g = SantongGame::new();
        let drawing = g.drawing();
        assert_eq!((drawing.width, drawing.height, drawing.lines.clone()), (15, 8, Lines::Triangles { rows: 8 }));
        assert_eq!(g.parse_cell("8-15"), Some((14, 7)));
        assert_eq!(g.cell_name(14, 7), "8-15");
        assert_eq!(g.parse_cell("2-4"), None, "row 2 has three cells");
        BoardGame::play(&mut g, Color::Black, GameMove::Place(0, 0))?;
        assert_eq!(g.check(Color::White, GameMove::Pass).err().map(|r| r.code), Some("not-in-santong"));
        assert_eq!(g.check(Color::Black, GameMove::Place(1, 1)).err().map(|r| r.code), Some("wrong-player"));
        assert_eq!(g.check(Color::White, GameMove::Place(0, 0)).err().map(|r| r.code), Some("occupied"));
        BoardGame::play(&mut g, Color::White, GameMove::PlaceTwo([(1, 1), (2, 1)]))?;
        assert_eq!(g.drawing().pieces.len(), 3);
        BoardGame::play(&mut g, Color::Black, GameMove::Place(0, 2))?;
        let twice = g.check(Color::White, GameMove::PlaceTwo([(0, 3), (1, 3)])).err();
        assert_eq!(twice.map(|r| r.code), Some("santong-no-double-move"));
        assert_eq!(g.play_end(), None);
        assert_eq!(g.record_move(Color::White, GameMove::PlaceTwo([(1, 1), (2, 1)])), "W 2-2 2-3\n");
        Ok(())
    }

    proptest! {
        /// Random legal play always ends — a three-sided group or a full board — and a win is
        /// the rule's: the winner has a joined group touching all three sides, found again from
        /// scratch, and the loser has none.
        #[test]
        fn random_play_always_ends_as_the_rules_say(
            choices in proptest::collection::vec(any::<usize>(), 64),
            double_at in 0usize..40,
        ) {
            let mut g = SantongGame::new();
            let mut turn = 0;
            while g.end().is_none() {
                let empty = g.empty_cells();
                let pick = |i: usize| empty[choices[i % choices.len()] % empty.len()];
                let first = pick(turn);
                if g.to_move() == Color::White && turn >= double_at && g.double_move_left() && empty.len() >= 2 {
                    let second = empty.iter().copied().find(|e| *e != first).unwrap_or(first);
                    g.put_two(first, second).unwrap_or_else(|e| panic!("{e}"));
                } else {
                    g.put(first).unwrap_or_else(|e| panic!("{e}"));
                }
                turn += 1;
                prop_assert!(turn <= 64, "the board fills within 64 turns");
            }
            let three_sided = |colour: Color| {
                (0..ROWS).flat_map(|row| (0..=2 * row).map(move |k| Cell { row, k }))
                    .filter(|cell| g.get(*cell) == Some(colour))
                    .any(|cell| g.reaches_three_sides(cell))
            };
            match g.end() {
                Some(SantongEnd::ThreeSides(winner)) => {
                    prop_assert!(three_sided(winner));
                }
                Some(SantongEnd::Draw) => {
                    prop_assert!(g.empty_cells().is_empty());
                    prop_assert!(!three_sided(Color::Black) && !three_sided(Color::White));
                }
                None => prop_assert!(false, "play stopped without an end"),
            }
        }
    }
}
