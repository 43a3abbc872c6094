//! Black's forbidden moves (禁手) in 五子棋 under competition rules: what a Black stone on an
//! empty point makes, read line by line as the Renju International Federation's rules define
//! the shapes (docs/GAMES.md quotes them):
//! - five (五连): exactly five in a row. It wins even when the same stone also makes a
//!   forbidden shape, so it is looked for first;
//! - overline (长连): six or more in a row, forbidden;
//! - four (四): a line that one more stone turns into five; a straight four (活四) has two
//!   such points five apart and is still one four. Two fours from one stone are a double four
//!   (四四), on two lines or on one (`X.XXX.X` filled in the middle);
//! - three (三): a line that one more stone turns into a straight four, where that stone
//!   neither makes five at the same time nor is itself forbidden — so whether a three is real
//!   is decided by the same test one move deeper (a "false three" is not a three). Two threes from one stone are a double three
//!   (三三); a line with a four in it is counted as a four, not a three (四三 is allowed).
//!
//! The board is the caller's: a square of `size × size` cells, `Some(colour)` or empty, in
//! rows from the top. Only Black has forbidden moves; White wins with five or more.
use crate::color::Color;
use crate::message::Message;

/// The kind of a forbidden move, by the rules' own names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// 三三: two threes at once.
    DoubleThree,
    /// 四四: two fours at once (on two lines, or on one when the rules say so).
    DoubleFour,
    /// 长连: six or more in a row.
    Overline,
}

impl Forbidden {
    /// The stable code pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double-three",
            Forbidden::DoubleFour => "double-four",
            Forbidden::Overline => "overline",
        }
    }

    pub fn english(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        }
    }

    /// The kind's name, said in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Forbidden::DoubleThree => "renju-double-three",
            Forbidden::DoubleFour => "renju-double-four",
            Forbidden::Overline => "renju-overline",
        })
    }

    pub fn chinese(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "三三",
            Forbidden::DoubleFour => "四四",
            Forbidden::Overline => "长连",
        }
    }
}

/// What one Black stone makes, for the rules' purposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlackMove {
    /// Five in a row: Black wins.
    Five,
    /// A forbidden move: Black loses.
    Forbidden(Forbidden),
    /// Anything else.
    Plain,
}

/// Which double fours are forbidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoubleFourReading {
    /// The RIF rules: any two fours, on one line too. The competition default.
    AnyTwoFours,
    /// The seed's words: two fours "in different directions" (在不同方向上同时形成两个四).
    DifferentDirections,
}

/// The four directions of a line: along a row, down a column, and the two diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A board as the analysis reads it.
#[derive(Debug, Clone)]
pub struct Cells {
    size: i32,
    cells: Vec<Option<Color>>,
}

impl Cells {
    pub fn new(size: u8) -> Cells {
        let n = usize::from(size);
        Cells { size: i32::from(size), cells: vec![None; n * n] }
    }

    pub fn size(&self) -> u8 {
        u8::try_from(self.size).unwrap_or(u8::MAX)
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        (0..self.size).contains(&x).then_some(())?;
        (0..self.size).contains(&y).then_some(())?;
        usize::try_from(y * self.size + x).ok()
    }

    pub fn get(&self, x: u8, y: u8) -> Option<Color> {
        self.at(i32::from(x), i32::from(y))
    }

    fn at(&self, x: i32, y: i32) -> Option<Color> {
        self.index(x, y).and_then(|i| self.cells.get(i).copied().flatten())
    }

    /// Whether (x, y) is on the board and empty.
    fn is_empty(&self, x: i32, y: i32) -> bool {
        self.index(x, y).is_some_and(|i| self.cells.get(i).is_some_and(Option::is_none))
    }

    pub fn set(&mut self, x: u8, y: u8, colour: Option<Color>) {
        if let Some(cell) = self.index(i32::from(x), i32::from(y)).and_then(|i| self.cells.get_mut(i)) {
            *cell = colour;
        }
    }

    fn set_at(&mut self, x: i32, y: i32, colour: Option<Color>) {
        if let Some(cell) = self.index(x, y).and_then(|i| self.cells.get_mut(i)) {
            *cell = colour;
        }
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The length of the run of `colour` through (x, y) along `dir`, counting (x, y) itself.
    fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32), colour: Color) -> i32 {
        let count =
            |sign: i32| (1..).take_while(|k| self.at(x + sign * k * dx, y + sign * k * dy) == Some(colour)).count();
        1 + i32::try_from(count(1) + count(-1)).unwrap_or(i32::MAX)
    }

    /// The longest run `colour` has through (x, y) (a stone there or about to be).
    pub fn longest_run(&self, x: u8, y: u8, colour: Color) -> u32 {
        let (x, y) = (i32::from(x), i32::from(y));
        DIRECTIONS.iter().map(|&d| self.run(x, y, d, colour)).max().map_or(0, |r| r.unsigned_abs())
    }
}

/// What a Black stone on the empty cell (x, y) makes under competition rules. The board is
/// left as it was.
pub fn black_move(cells: &mut Cells, x: u8, y: u8, reading: DoubleFourReading) -> BlackMove {
    let (x, y) = (i32::from(x), i32::from(y));
    if !cells.is_empty(x, y) {
        return BlackMove::Plain;
    }
    cells.set_at(x, y, Some(Color::Black));
    let kind = classify(cells, x, y, reading);
    cells.set_at(x, y, None);
    kind
}

/// [`black_move`] with the stone already on (x, y).
fn classify(cells: &mut Cells, x: i32, y: i32, reading: DoubleFourReading) -> BlackMove {
    let runs: Vec<i32> = DIRECTIONS.iter().map(|&d| cells.run(x, y, d, Color::Black)).collect();
    if runs.contains(&5) {
        return BlackMove::Five;
    }
    if runs.iter().any(|&r| r > 5) {
        return BlackMove::Forbidden(Forbidden::Overline);
    }
    let fours: Vec<usize> = DIRECTIONS.iter().map(|&d| fours_on_line(cells, x, y, d)).collect();
    let double_four = match reading {
        DoubleFourReading::AnyTwoFours => fours.iter().sum::<usize>() >= 2,
        DoubleFourReading::DifferentDirections => fours.iter().filter(|&&f| f > 0).count() >= 2,
    };
    if double_four {
        return BlackMove::Forbidden(Forbidden::DoubleFour);
    }
    let threes = DIRECTIONS.iter().zip(&fours).filter(|&(&d, &f)| f == 0 && is_three(cells, x, y, d, reading)).count();
    if threes >= 2 {
        return BlackMove::Forbidden(Forbidden::DoubleThree);
    }
    BlackMove::Plain
}

/// The empty cells on the line through (x, y) along `dir` where one more Black stone makes
/// exactly five with the stone on (x, y) in it.
fn five_points(cells: &mut Cells, x: i32, y: i32, (dx, dy): (i32, i32)) -> Vec<i32> {
    let mut points = Vec::new();
    for k in -4..=4 {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if k == 0 || !cells.is_empty(qx, qy) {
            continue;
        }
        cells.set_at(qx, qy, Some(Color::Black));
        // The run through q includes (x, y) when every cell between them is Black.
        let joined =
            (1..k.abs()).all(|j| cells.at(x + k.signum() * j * dx, y + k.signum() * j * dy) == Some(Color::Black));
        if joined && cells.run(qx, qy, (dx, dy), Color::Black) == 5 {
            points.push(k);
        }
        cells.set_at(qx, qy, None);
    }
    points
}

/// How many fours the stone on (x, y) is part of along `dir`: a straight four (two five
/// points five apart) is one four; two five points closer together are two fours on one line.
fn fours_on_line(cells: &mut Cells, x: i32, y: i32, dir: (i32, i32)) -> usize {
    let points = five_points(cells, x, y, dir);
    match points.as_slice() {
        [a, b] if (b - a).abs() == 5 => 1,
        _ => points.len(),
    }
}

/// Whether the stone on (x, y) is part of a three along `dir`: some empty cell on the line,
/// not itself forbidden, where one more Black stone makes a straight four with (x, y) in it.
fn is_three(cells: &mut Cells, x: i32, y: i32, (dx, dy): (i32, i32), reading: DoubleFourReading) -> bool {
    for k in -4..=4 {
        let (qx, qy) = (x + k * dx, y + k * dy);
        if k == 0 || !cells.is_empty(qx, qy) {
            continue;
        }
        cells.set_at(qx, qy, Some(Color::Black));
        // RIF: the straight four must come "without at the same time a five in a row", and
        // (9.3) from a stone that is itself not forbidden.
        let allowed = is_straight_four(cells, x, y, (dx, dy)) && classify(cells, qx, qy, reading) == BlackMove::Plain;
        cells.set_at(qx, qy, None);
        if allowed {
            return true;
        }
    }
    false
}

/// Whether (x, y) is in a straight four along `dir`: four in a row, open at both ends, each
/// end making exactly five.
fn is_straight_four(cells: &mut Cells, x: i32, y: i32, dir: (i32, i32)) -> bool {
    matches!(five_points(cells, x, y, dir).as_slice(), [a, b] if (b - a).abs() == 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from rows of `X` (Black), `O` (White) and `.`, set in the top left of a 15×15.
    pub(crate) fn cells(rows: &str) -> Cells {
        let mut c = Cells::new(15);
        for (y, row) in rows.lines().map(str::trim).filter(|r| !r.is_empty()).enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let colour = match ch {
                    'X' => Some(Color::Black),
                    'O' => Some(Color::White),
                    _ => None,
                };
                c.set(x as u8, y as u8, colour);
            }
        }
        c
    }

    fn verdict(rows: &str, x: u8, y: u8) -> BlackMove {
        black_move(&mut cells(rows), x, y, DoubleFourReading::AnyTwoFours)
    }

    /// A point as renju writes it: column A–O (I included), row 1 at the bottom of 15×15.
    fn point(text: &str) -> (u8, u8) {
        let text = text.trim().to_ascii_uppercase();
        let column = text.bytes().next().and_then(|c| c.checked_sub(b'A')).filter(|x| *x < 15);
        let row: Option<u8> = text.get(1..).and_then(|r| r.parse().ok()).filter(|r| (1..=15).contains(r));
        match (column, row) {
            (Some(x), Some(r)) => (x, 15 - r),
            _ => panic!("{text} is not a point of 15×15"),
        }
    }

    /// tests/renju/forbidden.txt: positions with known verdicts from renju practice; the
    /// analysis must agree with every one, under the RIF reading and (where the entry gives
    /// one) the seed's.
    #[test]
    fn the_forbidden_move_corpus_reads_as_renju_practice_says() {
        let corpus = include_str!("../../../../tests/renju/forbidden.txt");
        let mut wrong = Vec::new();
        let mut kinds = std::collections::BTreeMap::new();
        for block in corpus.split("\nname: ").skip(1) {
            let mut lines = block.lines();
            let name = lines.next().unwrap_or_default().trim();
            let fields: std::collections::HashMap<&str, &str> =
                lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim(), v.trim())).collect();
            let field = |key: &str| fields.get(key).copied().unwrap_or_else(|| panic!("{name}: no {key}"));
            let _source = field("source");
            let mut c = Cells::new(15);
            for (key, colour) in [("black", Color::Black), ("white", Color::White)] {
                for p in fields.get(key).copied().unwrap_or_default().split_whitespace() {
                    let (x, y) = point(p);
                    assert!(c.get(x, y).is_none(), "{name}: {p} twice");
                    c.set(x, y, Some(colour));
                }
            }
            let (x, y) = point(field("at"));
            assert!(c.get(x, y).is_none(), "{name}: the point asked about is taken");
            let said = |m: BlackMove| match m {
                BlackMove::Five => "five",
                BlackMove::Plain => "plain",
                BlackMove::Forbidden(f) => f.code(),
            };
            let expect = field("expect");
            *kinds.entry(expect).or_insert(0) += 1;
            let rif = said(black_move(&mut c, x, y, DoubleFourReading::AnyTwoFours));
            if rif != expect {
                wrong.push(format!("{name}: {rif}, expected {expect}"));
            }
            let seed_expect = fields.get("seed").copied().unwrap_or(expect);
            let seed = said(black_move(&mut c, x, y, DoubleFourReading::DifferentDirections));
            if seed != seed_expect {
                wrong.push(format!("{name} (the seed's reading): {seed}, expected {seed_expect}"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
        let total: usize = kinds.values().sum();
        assert!(total >= 40, "{total} positions: {kinds:?}");
        for kind in ["double-three", "double-four", "overline", "five", "plain"] {
            assert!(kinds.get(kind).is_some_and(|n| *n >= 3), "{kind}: {kinds:?}");
        }
    }

    #[test]
    fn the_shapes_of_one_stone() {
        // A plain double three: two open threes across.
        let double_three = "
            ...............
            ...............
            ....X..........
            ....X..........
            ...............
            ..XX...........
            ...............";
        assert_eq!(verdict(double_three, 4, 5), BlackMove::Forbidden(Forbidden::DoubleThree));
        // Four and three: allowed.
        let four_three = "
            ...............
            ....X..........
            ....X..........
            ....X..........
            ...............
            ..XX...........
            ...............";
        assert_eq!(verdict(four_three, 4, 5), BlackMove::Plain);
        // Double four on one line: X.XXX.X filled in the middle.
        let one_line = "
            ...............
            ...............
            ..X.X.X.X......
            ...............";
        assert_eq!(verdict(one_line, 5, 2), BlackMove::Forbidden(Forbidden::DoubleFour));
        assert_eq!(black_move(&mut cells(one_line), 5, 2, DoubleFourReading::DifferentDirections), BlackMove::Plain);
        // Overline and five.
        let row = "
            ...............
            ..XXX.XX.......
            ...............";
        assert_eq!(verdict(row, 5, 1), BlackMove::Forbidden(Forbidden::Overline));
        let five = "
            ...............
            ..XXX.X........
            ...............";
        assert_eq!(verdict(five, 5, 1), BlackMove::Five);
    }
}
