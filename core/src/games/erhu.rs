//! 二虎棋 (two tigers) of the folk-games text, a game of the tiger family (老虎棋类): two
//! tigers against sixteen dogs on the four-米 board.
//! - The board: 5 × 5 lines and six diagonals — the two long ones corner to corner and the
//!   four short ones joining the middles of the sides — 25 points. They are the diagonals of
//!   the four 米 squares, so a point has diagonal lines when its column and row (from 0)
//!   add up to an even number. Points are named a1–e5: columns a–e from the left, rows 1–5
//!   from the bottom.
//! - The setup (分组式布阵): the dogs in four stacks of four on the centres of the four 米
//!   squares (b2, d2, b4, d4); the tigers between the stacks, on b3 and d3.
//! - The tigers (Black) move first. A dog steps along a line to a neighbouring empty point,
//!   one dog off its stack at a time; once apart, dogs never stack again. A tiger steps the
//!   same way, or jumps: along a line over a neighbouring point holding dogs (one to four) to
//!   the empty point beyond, taking one dog of those jumped, however many there are.
//! - The tigers win when they have taken six dogs; the dogs win when neither tiger can move
//!   (a tiger shut in alone stays on the board).
//!
//! Where the seed is silent (docs/GAMES.md): one jump a move (the seed describes one); the
//! side to move with no move at all loses, as 四季棋's rule says of a player who cannot move —
//! for the tigers that is the seed's own rule, for the dogs the same reading; and "neither side
//! can win" (和棋) is read as the same position standing a third time with the same side to
//! move (`domain::repetition`). The seed's figure is missing: which two of the four points
//! between stacks hold the tigers does not matter, since a quarter turn of the board maps one
//! choice onto the other.
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{
    BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, height_label, step_line, step_points,
};
use super::repetition::Repetitions;
use crate::color::Color;
use crate::message::Message;

/// Lines each way.
pub const SIZE: u8 = 5;
/// Dogs at the start.
pub const DOGS: u8 = 16;
/// Dogs the tigers must take to win.
pub const TO_TAKE: u8 = 6;

/// The tigers' side: they move first.
pub const TIGERS: Color = Color::Black;
/// The dogs' side.
pub const DOGS_SIDE: Color = Color::White;

/// A point of the board: column 0–4 from the left, row 0–4 from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ErhuPoint {
    pub column: u8,
    pub row: u8,
}

impl ErhuPoint {
    pub fn new(column: u8, row: u8) -> Option<ErhuPoint> {
        (column < SIZE && row < SIZE).then_some(ErhuPoint { column, row })
    }

    /// A point written as players write it ("c3").
    pub fn parse(text: &str) -> Option<ErhuPoint> {
        let mut chars = text.trim().chars();
        let column = chars.next().filter(|c| ('a'..='e').contains(c))?;
        let row: u8 = chars.as_str().parse().ok()?;
        ErhuPoint::new(column as u8 - b'a', row.checked_sub(1)?)
    }

    fn index(self) -> usize {
        usize::from(self.row * SIZE + self.column)
    }

    /// Whether diagonal lines run through this point.
    pub fn has_diagonals(self) -> bool {
        (self.column + self.row).is_multiple_of(2)
    }

    /// The point `steps` along direction (dx, dy), if it is on the board.
    fn towards(self, (dx, dy): (i8, i8), steps: i8) -> Option<ErhuPoint> {
        let column = u8::try_from(i8::try_from(self.column).ok()? + dx * steps).ok()?;
        let row = u8::try_from(i8::try_from(self.row).ok()? + dy * steps).ok()?;
        ErhuPoint::new(column, row)
    }

    /// The directions along lines from this point.
    fn directions(self) -> &'static [(i8, i8)] {
        const STRAIGHT: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const ALL: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
        if self.has_diagonals() { &ALL } else { &STRAIGHT }
    }

    /// The direction and distance (1 or 2) from `self` to `to` along a line, if a line joins
    /// them within two steps.
    fn line_to(self, to: ErhuPoint) -> Option<((i8, i8), i8)> {
        self.directions().iter().find_map(|&d| (1..=2).find(|&n| self.towards(d, n) == Some(to)).map(|n| (d, n)))
    }
}

impl fmt::Display for ErhuPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column), self.row + 1)
    }
}

/// What stands on a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ErhuCell {
    #[default]
    Empty,
    Tiger,
    /// A stack of one to four dogs.
    Dogs(u8),
}

/// Why the rules refuse a move of 二虎棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErhuRefusal {
    GameOver,
    /// The point moved from holds no piece of the side to move.
    NotYours,
    /// The point moved to is taken (by a tiger, or by dogs: dogs once apart never stack again).
    Occupied,
    /// No line joins the two points within one step (or, for a tiger, two).
    NoLine,
    /// A tiger's jump must pass over dogs.
    NothingToJump,
    /// Only a tiger jumps.
    DogsDoNotJump,
}

impl ErhuRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            ErhuRefusal::GameOver => "game-over",
            ErhuRefusal::NotYours => "erhu-not-yours",
            ErhuRefusal::Occupied => "erhu-occupied",
            ErhuRefusal::NoLine => "erhu-no-line",
            ErhuRefusal::NothingToJump => "erhu-nothing-to-jump",
            ErhuRefusal::DogsDoNotJump => "erhu-dogs-do-not-jump",
        }
    }
}

impl ErhuRefusal {
    /// As the game shape refuses a move: the rule's name and its reason in the reader's
    /// language (refused as sent, never held for a referee, like every step).
    pub fn refusal(self) -> Refusal {
        let key = match self {
            ErhuRefusal::GameOver => "illegal-game-over",
            ErhuRefusal::NotYours => "folk-not-yours",
            ErhuRefusal::Occupied => "erhu-occupied",
            ErhuRefusal::NoLine => "erhu-no-line",
            ErhuRefusal::NothingToJump => "erhu-nothing-to-jump",
            ErhuRefusal::DogsDoNotJump => "erhu-dogs-do-not-jump",
        };
        Refusal { code: self.code(), reason: Message::new(key), made_at_the_board: false }
    }
}

impl fmt::Display for ErhuRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErhuRefusal::GameOver => "play has ended",
            ErhuRefusal::NotYours => "no piece of the side to move stands there",
            ErhuRefusal::Occupied => {
                "the point is taken: a piece moves onto an empty point only (dogs once apart never stack again)"
            }
            ErhuRefusal::NoLine => "a piece moves one step along a line (a tiger also jumps two)",
            ErhuRefusal::NothingToJump => "a tiger jumps only over dogs",
            ErhuRefusal::DogsDoNotJump => "a dog moves one step; only a tiger jumps",
        })
    }
}

impl std::error::Error for ErhuRefusal {}

/// How a game of 二虎棋 ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErhuEnd {
    /// The tigers have taken six dogs.
    SixTaken,
    /// Neither tiger can move.
    TigersShutIn,
    /// The dogs cannot move (Yunzi's reading: the side that cannot move loses). It does not
    /// arise: the board stays joined with any two points taken away, so while a dog and an
    /// empty point remain, some dog is next to an empty point.
    DogsCannotMove,
    /// The same position stood a third time: neither side can win.
    Repetition,
}

impl ErhuEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            ErhuEnd::SixTaken | ErhuEnd::DogsCannotMove => Some(TIGERS),
            ErhuEnd::TigersShutIn => Some(DOGS_SIDE),
            ErhuEnd::Repetition => None,
        }
    }

    /// How the game ended, said for a referee.
    pub fn message(self) -> Message {
        match self {
            ErhuEnd::SixTaken => Message::new("erhu-end-six-taken"),
            ErhuEnd::TigersShutIn => Message::new("erhu-end-tigers-shut-in"),
            ErhuEnd::DogsCannotMove => Message::new("folk-end-cannot-move")
                .nested("winner", TIGERS.message())
                .nested("loser", DOGS_SIDE.message()),
            ErhuEnd::Repetition => Message::new("folk-end-repetition"),
        }
    }

    /// How the game ended, in English.
    pub fn describe(self) -> &'static str {
        match self {
            ErhuEnd::SixTaken => "the tigers have taken six dogs",
            ErhuEnd::TigersShutIn => "neither tiger can move",
            ErhuEnd::DogsCannotMove => "the dogs cannot move",
            ErhuEnd::Repetition => "the same position a third time: a draw",
        }
    }
}

/// A move: a piece from one point to another (a tiger's jump is two points along a line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ErhuMove {
    pub from: ErhuPoint,
    pub to: ErhuPoint,
}

/// A game of 二虎棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErhuGame {
    cells: [ErhuCell; (SIZE * SIZE) as usize],
    to_move: Color,
    taken: u8,
    moves: usize,
    end: Option<ErhuEnd>,
    seen: Repetitions<([ErhuCell; (SIZE * SIZE) as usize], Color)>,
}

impl Default for ErhuGame {
    fn default() -> Self {
        ErhuGame::new()
    }
}

impl ErhuGame {
    /// The setup: four stacks of four dogs, the tigers between them; the tigers to move.
    pub fn new() -> ErhuGame {
        let mut cells = [ErhuCell::Empty; (SIZE * SIZE) as usize];
        for (column, row) in [(1, 1), (3, 1), (1, 3), (3, 3)] {
            cells[usize::from(row * SIZE + column)] = ErhuCell::Dogs(4);
        }
        for (column, row) in [(1, 2), (3, 2)] {
            cells[usize::from(row * SIZE + column)] = ErhuCell::Tiger;
        }
        let mut game = ErhuGame { cells, to_move: TIGERS, taken: 0, moves: 0, end: None, seen: Repetitions::default() };
        game.seen.stands((game.cells, game.to_move));
        game
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Dogs the tigers have taken.
    pub fn taken(&self) -> u8 {
        self.taken
    }

    pub fn at(&self, point: ErhuPoint) -> ErhuCell {
        self.cells[point.index()]
    }

    /// How play ended, once it has.
    pub fn end(&self) -> Option<ErhuEnd> {
        self.end
    }

    fn side_at(&self, point: ErhuPoint) -> Option<Color> {
        match self.at(point) {
            ErhuCell::Empty => None,
            ErhuCell::Tiger => Some(TIGERS),
            ErhuCell::Dogs(_) => Some(DOGS_SIDE),
        }
    }

    /// Whether the side to move may make `mv`, and if not, why.
    pub fn check(&self, mv: ErhuMove) -> Result<(), ErhuRefusal> {
        if self.end.is_some() {
            return Err(ErhuRefusal::GameOver);
        }
        if self.side_at(mv.from) != Some(self.to_move) {
            return Err(ErhuRefusal::NotYours);
        }
        let (direction, steps) = mv.from.line_to(mv.to).ok_or(ErhuRefusal::NoLine)?;
        if self.at(mv.to) != ErhuCell::Empty {
            return Err(ErhuRefusal::Occupied);
        }
        if steps == 2 {
            if self.to_move == DOGS_SIDE {
                return Err(ErhuRefusal::DogsDoNotJump);
            }
            let over = mv.from.towards(direction, 1).ok_or(ErhuRefusal::NoLine)?;
            if !matches!(self.at(over), ErhuCell::Dogs(_)) {
                return Err(ErhuRefusal::NothingToJump);
            }
        }
        Ok(())
    }

    /// The side to move makes `mv`; refused (and nothing changes) as [`ErhuGame::check`] says.
    pub fn play(&mut self, mv: ErhuMove) -> Result<(), ErhuRefusal> {
        self.check(mv)?;
        let (direction, steps) = mv.from.line_to(mv.to).ok_or(ErhuRefusal::NoLine)?;
        let (from, to) = (mv.from.index(), mv.to.index());
        match self.cells[from] {
            ErhuCell::Dogs(n) => {
                self.cells[from] = if n > 1 { ErhuCell::Dogs(n - 1) } else { ErhuCell::Empty };
                self.cells[to] = ErhuCell::Dogs(1);
            }
            _ => {
                self.cells[from] = ErhuCell::Empty;
                self.cells[to] = ErhuCell::Tiger;
                if let Some(over) = mv.from.towards(direction, 1).filter(|_| steps == 2)
                    && let ErhuCell::Dogs(n) = self.cells[over.index()]
                {
                    self.cells[over.index()] = if n > 1 { ErhuCell::Dogs(n - 1) } else { ErhuCell::Empty };
                    self.taken += 1;
                }
            }
        }
        self.to_move = self.to_move.opponent();
        self.moves += 1;
        self.end = if self.taken >= TO_TAKE {
            Some(ErhuEnd::SixTaken)
        } else if self.legal_moves().is_empty() {
            Some(if self.to_move == TIGERS { ErhuEnd::TigersShutIn } else { ErhuEnd::DogsCannotMove })
        } else if self.seen.stands((self.cells, self.to_move)) {
            Some(ErhuEnd::Repetition)
        } else {
            None
        };
        Ok(())
    }

    fn points() -> impl Iterator<Item = ErhuPoint> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |column| ErhuPoint { column, row }))
    }

    /// Every move the side to move may make now (none once play has ended).
    pub fn legal_moves(&self) -> Vec<ErhuMove> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for from in Self::points().filter(|p| self.side_at(*p) == Some(self.to_move)) {
            for &d in from.directions() {
                for steps in 1..=2 {
                    if let Some(to) = from.towards(d, steps) {
                        let mv = ErhuMove { from, to };
                        if self.check(mv).is_ok() {
                            out.push(mv);
                        }
                    }
                }
            }
        }
        out
    }
}

/// The point of the game shape's cell (x, y): x the column, y from the top row.
fn point_of_cell(x: u8, y: u8) -> Option<ErhuPoint> {
    ErhuPoint::new(x, (SIZE - 1).checked_sub(y)?)
}

fn cell_of_point(point: ErhuPoint) -> (u8, u8) {
    (point.column, SIZE - 1 - point.row)
}

impl BoardGame for ErhuGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.end.is_some(), side, self.to_move)?;
        let (from, to) = step_points(mv, point_of_cell)?;
        ErhuGame::check(self, ErhuMove { from, to }).map_err(ErhuRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        let (from, to) = step_points(mv, point_of_cell)?;
        ErhuGame::play(self, ErhuMove { from, to }).map_err(ErhuRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.end.map(|end| PlayEnd::decided(end.winner()))
    }

    fn end_message(&self) -> Option<Message> {
        self.end.map(ErhuEnd::message)
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn moves_pieces(&self) -> bool {
        true
    }

    /// The tigers as black pieces marked 虎; the dogs as white ones marked 犬, or with the
    /// height of their stack.
    fn drawing(&self) -> Drawing {
        let pieces = ErhuGame::points()
            .filter_map(|point| {
                let (x, y) = cell_of_point(point);
                match self.at(point) {
                    ErhuCell::Empty => None,
                    ErhuCell::Tiger => Some(Piece::labelled(x, y, TIGERS, "虎")),
                    ErhuCell::Dogs(1) => Some(Piece::labelled(x, y, DOGS_SIDE, "犬")),
                    ErhuCell::Dogs(n) => height_label(n).map(|height| Piece::labelled(x, y, DOGS_SIDE, height)),
                }
            })
            .collect();
        let last = SIZE - 1;
        let middle = last / 2;
        Drawing {
            width: SIZE,
            height: SIZE,
            lines: Lines::Grid {
                marked: Vec::new(),
                diagonals: vec![
                    [(0, 0), (last, last)],
                    [(last, 0), (0, last)],
                    [(0, middle), (middle, 0)],
                    [(middle, 0), (last, middle)],
                    [(last, middle), (middle, last)],
                    [(middle, last), (0, middle)],
                ],
            },
            pieces,
            offered: Vec::new(),
            column_labels: (0..SIZE).map(|c| char::from(b'a' + c).to_string()).collect(),
            row_labels: (1..=SIZE).rev().map(|r| r.to_string()).collect(),
        }
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        point_of_cell(x, y).map(|p| p.to_string()).unwrap_or_default()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        ErhuPoint::parse(&text.to_ascii_lowercase()).map(cell_of_point)
    }

    /// Not SGF's: Yunzi's text format, which [`replay_text`] reads back.
    fn record_header(&self) -> String {
        "# 二虎棋 (erhu), Yunzi's text format: docs/GAMES.md; B the tigers, W the dogs\n".to_string()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        step_line(self, side, mv)
    }
}

/// A record of 二虎棋 in Yunzi's text format (docs/GAMES.md): `#` comments, then a move a
/// line, its side first — `B` the tigers, `W` the dogs — and the move `b3-b1` (a jump is
/// written the same way, over the point between). The game, or the first line refused.
pub fn replay_text(text: &str) -> Result<ErhuGame, RecordError> {
    let mut game = ErhuGame::new();
    for line in lines(text)? {
        let Entry::Move { side, words } = &line.entry else {
            return Err(line.refuse("二虎棋's record has no header"));
        };
        line.check_turn(*side, game.to_move())?;
        let mv = match words.as_slice() {
            [mv] => mv
                .split_once('-')
                .and_then(|(from, to)| Some(ErhuMove { from: ErhuPoint::parse(from)?, to: ErhuPoint::parse(to)? })),
            _ => None,
        };
        let mv = mv.ok_or_else(|| line.refuse("a move is written b3-c3, points a1 to e5"))?;
        game.play(mv).map_err(|why| line.refuse(why))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn p(name: &str) -> ErhuPoint {
        ErhuPoint::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    fn mv(text: &str) -> ErhuMove {
        let (from, to) = text.split_once('-').unwrap_or_else(|| panic!("{text}"));
        ErhuMove { from: p(from), to: p(to) }
    }

    fn play(game: &mut ErhuGame, moves: &[&str]) {
        for m in moves {
            game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    /// A game with the given pieces only, `side` to move.
    fn with(tigers: &[&str], dogs: &[(&str, u8)], side: Color) -> ErhuGame {
        let mut g = ErhuGame::new();
        g.cells = [ErhuCell::Empty; 25];
        tigers.iter().for_each(|t| g.cells[p(t).index()] = ErhuCell::Tiger);
        dogs.iter().for_each(|(d, n)| g.cells[p(d).index()] = ErhuCell::Dogs(*n));
        g.to_move = side;
        g
    }

    #[test]
    fn the_board_has_twenty_five_points_and_six_diagonals() {
        // §1: 5 vertical, 5 horizontal and 6 diagonal lines, 25 points. A diagonal line is a
        // run of points with diagonals, each the diagonal neighbour of the last.
        assert_eq!(ErhuGame::points().count(), 25);
        let mut diagonals = 0;
        for start in ErhuGame::points().filter(|p| p.has_diagonals()) {
            for d in [(1, 1), (1, -1)] {
                let before = start.towards((-d.0, -d.1), 1);
                if before.is_none() && start.towards(d, 1).is_some() {
                    let length = (0..).take_while(|n| start.towards(d, *n).is_some()).count();
                    assert!(length == 5 || length == 3, "{start}: {length}");
                    diagonals += 1;
                }
            }
        }
        assert_eq!(diagonals, 6);
        assert!(p("c3").has_diagonals() && p("b2").has_diagonals() && !p("b3").has_diagonals());
    }

    #[test]
    fn no_two_points_cut_the_board_so_dogs_always_have_a_move() {
        // Why `ErhuEnd::DogsCannotMove` does not arise: with any two points taken away (the
        // tigers), the rest of the board is still joined, so a dog and an empty point are
        // joined by a path of dogs and empty points, and some dog on it is next to an empty
        // point.
        let all: Vec<ErhuPoint> = ErhuGame::points().collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                let rest: Vec<ErhuPoint> = all.iter().copied().filter(|q| q != a && q != b).collect();
                let mut reached = vec![rest[0]];
                let mut next = 0;
                while let Some(q) = reached.get(next).copied() {
                    next += 1;
                    for &d in q.directions() {
                        if let Some(n) = q.towards(d, 1).filter(|n| rest.contains(n) && !reached.contains(n)) {
                            reached.push(n);
                        }
                    }
                }
                assert_eq!(reached.len(), rest.len(), "without {a} and {b}");
            }
        }
    }

    #[test]
    fn sixteen_dogs_in_four_stacks_and_two_tigers_between_them() {
        // §2, §3(1): 4 stacks of 4 on the centres of the 米 squares; the tigers between.
        let g = ErhuGame::new();
        for stack in ["b2", "d2", "b4", "d4"] {
            assert_eq!(g.at(p(stack)), ErhuCell::Dogs(4), "{stack}");
        }
        assert_eq!((g.at(p("b3")), g.at(p("d3"))), (ErhuCell::Tiger, ErhuCell::Tiger));
        let pieces: u8 = ErhuGame::points()
            .map(|q| match g.at(q) {
                ErhuCell::Dogs(n) => n,
                _ => 0,
            })
            .sum();
        assert_eq!(pieces, DOGS);
        assert_eq!(g.to_move(), TIGERS, "§3(2): the tigers move first");
    }

    #[test]
    fn a_dog_steps_off_its_stack_and_never_stacks_again() {
        // §3(2): one piece a move, one step along a line to a neighbouring empty point;
        // dogs once apart do not gather again.
        let mut g = ErhuGame::new();
        play(&mut g, &["b3-a3"]);
        assert_eq!(g.check(mv("b2-a3")), Err(ErhuRefusal::Occupied), "onto the tiger");
        assert_eq!(g.check(mv("a3-a4")), Err(ErhuRefusal::NotYours), "the dogs move now");
        assert_eq!(g.check(mv("b2-b3")), Ok(()));
        assert_eq!(g.check(mv("d2-c3")), Ok(()), "d2 has diagonals");
        assert_eq!(g.check(mv("b2-c4")), Err(ErhuRefusal::NoLine));
        play(&mut g, &["b2-c2"]);
        assert_eq!((g.at(p("b2")), g.at(p("c2"))), (ErhuCell::Dogs(3), ErhuCell::Dogs(1)));
        play(&mut g, &["d3-e3"]);
        assert_eq!(g.check(mv("c2-b2")), Err(ErhuRefusal::Occupied), "never back onto a stack");
        assert_eq!(g.check(mv("c2-d2")), Err(ErhuRefusal::Occupied));
        assert_eq!(g.check(mv("c2-c4")), Err(ErhuRefusal::DogsDoNotJump));
    }

    #[test]
    fn a_tiger_steps_or_jumps_over_dogs_and_takes_one_of_them() {
        // §3(2): over one to four dogs on the middle point of three in a line, onto the empty
        // end; one dog taken however many were jumped.
        let mut g = ErhuGame::new();
        assert_eq!(g.check(mv("b3-b1")), Ok(()), "over the stack of four on b2");
        assert_eq!(g.check(mv("b3-b5")), Ok(()));
        assert_eq!(g.check(mv("b3-d1")), Err(ErhuRefusal::NoLine), "b3 has no diagonals");
        assert_eq!(g.check(mv("b3-c3")), Ok(()));
        play(&mut g, &["b3-b1"]);
        assert_eq!((g.at(p("b2")), g.taken()), (ErhuCell::Dogs(3), 1));
        assert_eq!((g.at(p("b1")), g.at(p("b3"))), (ErhuCell::Tiger, ErhuCell::Empty));
        let lone = with(&["c3", "e5"], &[("a1", 1), ("b2", 1)], TIGERS);
        assert_eq!(lone.check(mv("c3-e3")), Err(ErhuRefusal::NothingToJump), "d3 is empty");
        assert_eq!(lone.check(mv("c3-a1")), Err(ErhuRefusal::Occupied), "a dog beyond stops the jump");
    }

    #[test]
    fn six_dogs_taken_win_for_the_tigers() {
        // §3(3): six dogs taken in all wins for the tigers.
        let mut g = with(&["a1", "e5"], &[("b2", 4), ("d4", 4)], TIGERS);
        g.taken = 5;
        play(&mut g, &["a1-c3"]);
        assert_eq!((g.taken(), g.end()), (6, Some(ErhuEnd::SixTaken)));
        assert_eq!(g.end().and_then(ErhuEnd::winner), Some(TIGERS));
        assert_eq!(g.check(mv("c3-c4")), Err(ErhuRefusal::GameOver));
    }

    #[test]
    fn tigers_shut_in_win_for_the_dogs_and_one_shut_in_stays() {
        // §3(3): both tigers unable to move, apart or together, win for the dogs; one tiger
        // shut in stays on the board and the other plays on. The tiger on a1 goes to a2, b1
        // or b2, or jumps to a3, c1 or c3: dogs on all six shut it in.
        let corner = [("a2", 1), ("b1", 1), ("b2", 1), ("a3", 1), ("c1", 1), ("c3", 1)];
        let mut g = with(&["a1", "e5"], &corner, DOGS_SIDE);
        g.cells[p("c5").index()] = ErhuCell::Dogs(1);
        play(&mut g, &["c5-b5"]);
        assert_eq!(g.end(), None);
        assert!(g.legal_moves().iter().all(|m| m.from == p("e5")), "a1 is shut in and stays");
        assert_eq!(g.at(p("a1")), ErhuCell::Tiger);
        // e5 goes to e4, d5 or d4, or jumps to e3, c5 or c3: the last dog to d4 shuts it in.
        let mut g = with(&["a1", "e5"], &corner, DOGS_SIDE);
        for dog in ["e4", "d5", "e3", "c5", "d3"] {
            g.cells[p(dog).index()] = ErhuCell::Dogs(1);
        }
        play(&mut g, &["d3-d4"]);
        assert_eq!(g.end(), Some(ErhuEnd::TigersShutIn));
        assert_eq!(g.end().and_then(ErhuEnd::winner), Some(DOGS_SIDE));
    }

    #[test]
    fn the_same_position_a_third_time_is_a_draw() {
        // §3(3) 和棋, read as a position standing a third time with the same side to move.
        let mut g = ErhuGame::new();
        play(&mut g, &["b3-a3", "b2-c2", "a3-b3", "c2-c3", "b3-a3", "c3-c2", "a3-b3", "c2-c3", "b3-a3"]);
        assert_eq!(g.end(), None, "each position twice at most so far");
        play(&mut g, &["c3-c2"]);
        assert_eq!(g.end(), Some(ErhuEnd::Repetition));
        assert_eq!(g.end().and_then(ErhuEnd::winner), None);
    }

    #[test]
    fn through_the_game_shape_the_board_is_drawn_with_its_stacks_and_a_step_reads_back() {
        let mut g = ErhuGame::new();
        let board = ErhuGame::new();
        let cell = |name: &str| board.parse_cell(name).unwrap_or_else(|| panic!("{name}"));
        let drawing = g.drawing();
        let label = |name: &str| drawing.pieces.iter().find(|p| (p.x, p.y) == cell(name)).and_then(|p| p.label);
        assert_eq!((label("b2"), label("b3")), (Some("4"), Some("虎")));
        assert!(matches!(&drawing.lines, Lines::Grid { diagonals, .. } if diagonals.len() == 6));
        let jump = GameMove::Step { from: cell("b3"), to: cell("b1") };
        let mut record = g.record_header();
        record.push_str(&g.record_move(TIGERS, jump));
        BoardGame::play(&mut g, TIGERS, jump).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.drawing().pieces.iter().find(|p| (p.x, p.y) == cell("b2")).and_then(|p| p.label), Some("3"));
        let refused = BoardGame::check(&g, DOGS_SIDE, GameMove::Step { from: cell("d2"), to: cell("d4") }).err();
        assert_eq!(refused.map(|r| r.code), Some("erhu-occupied"));
        assert_eq!(replay_text(&record).map(|r| r.taken()), Ok(1));
        assert!(!g.record_is_sgf() && g.moves_pieces() && g.play_end().is_none());
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("# two tigers\nB b3-b1\nW b2-b3\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((g.taken(), g.moves()), (1, 2));
        assert!(replay_text("B b3-c4").err().is_some_and(|(n, why)| n == 1 && why.contains("one step along a line")));
        assert!(replay_text("W b2-c2").err().is_some_and(|(n, _)| n == 1));
        assert!(replay_text("B b3-z9").is_err());
        assert!(replay_text("setup: 1").is_err());
    }

    proptest! {
        /// Random legal play keeps the pieces counted (dogs on the board and taken make
        /// sixteen, two tigers), ends as the rules say, and a finished game's end is true of
        /// its position.
        #[test]
        fn random_play_keeps_the_pieces_and_ends_as_the_rules_say(
            choices in proptest::collection::vec(any::<usize>(), 0..300),
        ) {
            let mut g = ErhuGame::new();
            for choice in choices {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                g.play(legal[choice % legal.len()]).unwrap_or_else(|e| panic!("{e}"));
                let (mut dogs, mut tigers) = (0u8, 0u8);
                for q in ErhuGame::points() {
                    match g.at(q) {
                        ErhuCell::Dogs(n) => dogs += n,
                        ErhuCell::Tiger => tigers += 1,
                        ErhuCell::Empty => {}
                    }
                }
                prop_assert_eq!((dogs + g.taken(), tigers), (DOGS, 2));
            }
            match g.end() {
                Some(ErhuEnd::SixTaken) => prop_assert_eq!(g.taken(), TO_TAKE),
                Some(ErhuEnd::TigersShutIn) => prop_assert_eq!(g.to_move(), TIGERS),
                Some(ErhuEnd::DogsCannotMove) => prop_assert!(false, "two tigers never cut the dogs off"),
                Some(ErhuEnd::Repetition) | None => prop_assert!(g.taken() < TO_TAKE),
            }
        }
    }
}
