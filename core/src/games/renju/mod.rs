//! 五子棋 (gomoku; renju under its competition rules) in the shape every game's rules take
//! (`domain::game_shape`), as the folk-games text states the rules:
//! - a 15×15 board (a go board's 19×19 may be borrowed for free gomoku); Black first, then in
//!   turn; nothing is ever moved or captured;
//! - the first to make five in a row wins;
//! - under the competition rules (`RenjuRules::Renju`, `RenjuRules::RenjuSeedReading`):
//!   Black 1 on the centre point, White 2 within the central 5×5; after Black 3 the player
//!   with White may swap colours (三手可交换); Black 5 is offered on two points at once and
//!   White keeps one (五手两挑一); Black's double three, double four and overline are
//!   forbidden and lose (判作输棋), White has no forbidden move and wins with an overline;
//! - free gomoku (`RenjuRules::Free`): none of that, five or more wins for either side.
//!
//! Where the seed is silent (docs/GAMES.md): two passes in a row, or a full board, are a
//! draw, as in the RIF rules; the forbidden move is adjudicated at once by the engine rather
//! than on White's claim, since the server sees every move; the two fifth-move offers may be
//! any two empty points (the seed asks nothing more).
pub mod forbidden;
pub mod record;

use std::fmt;

use crate::color::Color;
use crate::games::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal};
use crate::message::Message;
use crate::result::{GameResult, Margin};
use forbidden::{BlackMove, Cells, DoubleFourReading, Forbidden, black_move};

/// The rules an event plays 五子棋 under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RenjuRules {
    /// The competition rules with the RIF reading of a double four: two fours on one line
    /// count too. The default.
    Renju,
    /// The competition rules as the seed words them: a double four is two fours in
    /// different directions only.
    RenjuSeedReading,
    /// Free gomoku (无禁手): five or more wins for either side, no opening rules.
    Free,
}

impl RenjuRules {
    pub const ALL: [RenjuRules; 3] = [RenjuRules::Renju, RenjuRules::RenjuSeedReading, RenjuRules::Free];

    /// The stable name events and the command line use.
    pub fn code(self) -> &'static str {
        match self {
            RenjuRules::Renju => "renju",
            RenjuRules::RenjuSeedReading => "renju-seed",
            RenjuRules::Free => "gomoku-free",
        }
    }

    pub fn from_code(code: &str) -> Option<RenjuRules> {
        RenjuRules::ALL.into_iter().find(|r| r.code() == code.trim())
    }

    /// The rules' parameters, for `yunzi rules`.
    pub fn parameters(self) -> Vec<(&'static str, &'static str)> {
        let mut out = vec![("game", "gomoku(五子棋)"), ("board", if self.competition() { "15" } else { "15|19" })];
        match self {
            RenjuRules::Free => out.extend([("opening", "none"), ("win", "five-or-more"), ("forbidden", "none")]),
            _ => out.extend([
                ("opening", "centre,central-5x5,swap-after-3,fifth-offered-twice"),
                ("win", "exactly-five,white:five-or-more"),
                ("forbidden", "black:double-three,double-four,overline"),
                (
                    "double-four",
                    if self == RenjuRules::Renju { "any-two-fours(RIF)" } else { "different-directions(seed)" },
                ),
            ]),
        }
        out.push(("draw", "two-passes,full-board"));
        out
    }

    fn competition(self) -> bool {
        self != RenjuRules::Free
    }

    fn reading(self) -> DoubleFourReading {
        match self {
            RenjuRules::RenjuSeedReading => DoubleFourReading::DifferentDirections,
            _ => DoubleFourReading::AnyTwoFours,
        }
    }
}

/// How a game of 五子棋 ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenjuEnd {
    /// Five in a row (or more, for White and in free gomoku).
    Five { winner: Color },
    /// Black made a forbidden move on (x, y) and loses.
    Forbidden { kind: Forbidden, at: (u8, u8) },
    /// Both passed in turn, or the board is full.
    Draw,
}

impl RenjuEnd {
    pub fn result(self) -> GameResult {
        match self {
            RenjuEnd::Five { winner } => GameResult::Win { winner, margin: Margin::Unspecified },
            RenjuEnd::Forbidden { .. } => GameResult::Win { winner: Color::White, margin: Margin::Unspecified },
            RenjuEnd::Draw => GameResult::Draw,
        }
    }

    /// How the game ended, said for a referee ("Black wins: five in a row").
    pub fn message(self) -> Message {
        match self {
            RenjuEnd::Five { winner } => Message::new("renju-end-five").nested("winner", winner.message()),
            RenjuEnd::Forbidden { kind, .. } => Message::new("renju-end-forbidden").nested("kind", kind.message()),
            RenjuEnd::Draw => Message::new("renju-end-draw"),
        }
    }
}

impl fmt::Display for RenjuEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenjuEnd::Five { winner: Color::Black } => write!(f, "Black wins: five in a row"),
            RenjuEnd::Five { winner: Color::White } => write!(f, "White wins: five in a row"),
            RenjuEnd::Forbidden { kind, .. } => {
                write!(f, "White wins: Black's forbidden move, {} ({})", kind.english(), kind.chinese())
            }
            RenjuEnd::Draw => write!(f, "Draw"),
        }
    }
}

/// Where the opening of the competition rules stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opening {
    /// Ordinary play (and all of free gomoku).
    Play,
    /// Black 3 is on the board: White may swap colours before White 4.
    SwapOffered,
    /// White 4 is on the board: Black 5 is to be offered on two points.
    FifthToOffer,
    /// Black has offered two points for move 5: White keeps one.
    FifthOffered([(u8, u8); 2]),
}

/// Why a set-up position of 五子棋 is refused (see [`RenjuGame::from_position`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetUpError {
    Board(Refusal),
    OffBoard((u8, u8)),
    /// A point set up twice.
    Twice((u8, u8)),
    /// Five or more in a row already stand: the game would have ended.
    FiveOnTheBoard {
        colour: Color,
        at: (u8, u8),
    },
}

/// A game of 五子棋 under its rules.
#[derive(Debug, Clone)]
pub struct RenjuGame {
    rules: RenjuRules,
    cells: Cells,
    /// Stones in the order they stand (the kept fifth move in its place).
    stones: Vec<(Color, (u8, u8))>,
    to_move: Color,
    opening: Opening,
    /// The players exchanged colours after Black 3: the player paired with Black holds White.
    swapped: bool,
    passes: u8,
    end: Option<RenjuEnd>,
    /// Started from a set-up position: the opening rules do not apply.
    set_up: bool,
}

/// The board sizes 五子棋 is played on: its own 15×15, or a borrowed go board.
pub const SIZES: [u8; 2] = [15, 19];

fn refusal(code: &'static str, key: &'static str, made_at_the_board: bool) -> Refusal {
    Refusal { code, reason: Message::new(key), made_at_the_board }
}

impl RenjuGame {
    /// A new game on a `size` board (15, or 19 for free gomoku).
    pub fn new(rules: RenjuRules, size: u8) -> Result<RenjuGame, Refusal> {
        if !SIZES.contains(&size) || (rules.competition() && size != 15) {
            return Err(refusal("board-size", "renju-board-size", false));
        }
        Ok(RenjuGame {
            rules,
            cells: Cells::new(size),
            stones: Vec::new(),
            to_move: Color::Black,
            opening: Opening::Play,
            swapped: false,
            passes: 0,
            end: None,
            set_up: false,
        })
    }

    /// A position set up as problem collections, Renlib, Piskvork and engines' test files write
    /// it (SGF `AB`/`AW`, `PL`), `to_move` next: the opening rules (centre, swap, the fifth
    /// offered twice) belong to a game from the empty board and do not apply; every move after
    /// it is judged as in a game. A position no game could reach is refused with why: a point
    /// set up twice, or five (or more) in a row already on the board, which would have ended
    /// the game.
    pub fn from_position(
        rules: RenjuRules,
        size: u8,
        stones: &[(Color, (u8, u8))],
        to_move: Color,
    ) -> Result<RenjuGame, SetUpError> {
        let mut game = RenjuGame::new(rules, size).map_err(SetUpError::Board)?;
        for &(colour, (x, y)) in stones {
            if x >= size || y >= size {
                return Err(SetUpError::OffBoard((x, y)));
            }
            if game.cells.get(x, y).is_some() {
                return Err(SetUpError::Twice((x, y)));
            }
            game.cells.set(x, y, Some(colour));
            game.stones.push((colour, (x, y)));
        }
        if let Some(&(colour, at)) = game.stones.iter().find(|(c, (x, y))| game.cells.longest_run(*x, *y, *c) >= 5) {
            return Err(SetUpError::FiveOnTheBoard { colour, at });
        }
        game.to_move = to_move;
        game.opening = Opening::Play;
        game.set_up = true;
        Ok(game)
    }

    pub fn rules(&self) -> RenjuRules {
        self.rules
    }

    pub fn size(&self) -> u8 {
        self.cells.size()
    }

    /// Whether the players exchanged colours after Black 3 (三手交换).
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<RenjuEnd> {
        self.end
    }

    /// The stones in the order they were placed.
    pub fn stones(&self) -> &[(Color, (u8, u8))] {
        &self.stones
    }

    /// The two points Black offered for move 5, while White is to keep one.
    pub fn fifth_offer(&self) -> Option<[(u8, u8); 2]> {
        match self.opening {
            Opening::FifthOffered(points) => Some(points),
            _ => None,
        }
    }

    /// Whether Black 5 is to be offered on two points now.
    pub fn fifth_to_offer(&self) -> bool {
        self.opening == Opening::FifthToOffer && self.end.is_none()
    }

    /// Black 5 from a record that does not keep the two offers: the stone that stands is the
    /// one White kept.
    pub fn place_recorded_fifth(&mut self, x: u8, y: u8) -> Result<(), Refusal> {
        if !self.fifth_to_offer() {
            return Err(refusal("renju-no-offer-now", "renju-no-offer-now", false));
        }
        self.empty_cell(x, y)?;
        self.put(Color::Black, (x, y));
        Ok(())
    }

    /// Where the opening stands, for the board page: "swap" (White may swap colours),
    /// "offer" (Black 5 is to be offered on two points), "keep" (White keeps one); None in
    /// ordinary play.
    pub fn opening_stage(&self) -> Option<&'static str> {
        if self.swap_open() {
            Some("swap")
        } else if self.fifth_to_offer() {
            Some("offer")
        } else if self.fifth_offer().is_some() && self.end.is_none() {
            Some("keep")
        } else {
            None
        }
    }

    /// Whether White may swap colours now.
    pub fn swap_open(&self) -> bool {
        self.opening == Opening::SwapOffered && self.end.is_none()
    }

    /// What a Black stone on (x, y) would make now, under these rules (None in free gomoku,
    /// where Black has no forbidden move, or on an occupied cell).
    pub fn black_move_at(&self, x: u8, y: u8) -> Option<BlackMove> {
        if !self.rules.competition() || self.cells.get(x, y).is_some() || x >= self.size() || y >= self.size() {
            return None;
        }
        let mut cells = self.cells.clone();
        Some(black_move(&mut cells, x, y, self.rules.reading()))
    }

    fn empty_cell(&self, x: u8, y: u8) -> Result<(), Refusal> {
        if x >= self.size() || y >= self.size() {
            return Err(refusal("off-board", "illegal-off-board", false));
        }
        if self.cells.get(x, y).is_some() {
            return Err(refusal("occupied", "illegal-occupied", false));
        }
        Ok(())
    }

    fn centre(&self) -> u8 {
        self.size() / 2
    }

    /// Whether a stone on (x, y) keeps to the opening rules for the next stone.
    fn opening_allows(&self, x: u8, y: u8) -> Result<(), Refusal> {
        if !self.rules.competition() || self.set_up {
            return Ok(());
        }
        let c = self.centre();
        match self.stones.len() {
            0 if (x, y) != (c, c) => Err(refusal("renju-first-centre", "renju-first-centre", true)),
            1 if x.abs_diff(c) > 2 || y.abs_diff(c) > 2 => {
                Err(refusal("renju-second-central", "renju-second-central", true))
            }
            _ => Ok(()),
        }
    }

    fn put(&mut self, side: Color, (x, y): (u8, u8)) {
        self.cells.set(x, y, Some(side));
        self.stones.push((side, (x, y)));
        self.passes = 0;
        self.to_move = side.opponent();
        self.end = self.ending_after(side, x, y);
        self.opening = match (self.rules.competition() && !self.set_up, self.stones.len()) {
            (true, 3) => Opening::SwapOffered,
            (true, 4) => Opening::FifthToOffer,
            _ => Opening::Play,
        };
    }

    /// The end a stone of `side` just placed on (x, y) brings, if any.
    fn ending_after(&self, side: Color, x: u8, y: u8) -> Option<RenjuEnd> {
        let run = self.cells.longest_run(x, y, side);
        if side == Color::Black && self.rules.competition() {
            // Judged with the stone taken off again: what did placing it make?
            let mut before = self.cells.clone();
            before.set(x, y, None);
            match black_move(&mut before, x, y, self.rules.reading()) {
                BlackMove::Five => return Some(RenjuEnd::Five { winner: Color::Black }),
                BlackMove::Forbidden(kind) => return Some(RenjuEnd::Forbidden { kind, at: (x, y) }),
                BlackMove::Plain => {}
            }
        } else if run >= 5 {
            return Some(RenjuEnd::Five { winner: side });
        }
        self.cells.is_full().then_some(RenjuEnd::Draw)
    }

    fn check_move(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        if self.end.is_some() {
            return Err(refusal("game-over", "illegal-game-over", false));
        }
        if side != self.to_move {
            return Err(Refusal::wrong_player(self.to_move));
        }
        match (self.opening, mv) {
            (Opening::FifthOffered(points), GameMove::Keep(x, y)) => {
                if points.contains(&(x, y)) {
                    Ok(())
                } else {
                    Err(refusal("renju-keep-offered", "renju-keep-offered", false))
                }
            }
            (Opening::FifthOffered(_), _) => Err(refusal("renju-keep-offered", "renju-keep-offered", false)),
            (_, GameMove::Keep(..)) => Err(refusal("renju-no-offer", "renju-no-offer", false)),
            (Opening::FifthToOffer, GameMove::Offer([a, b])) => {
                self.empty_cell(a.0, a.1)?;
                self.empty_cell(b.0, b.1)?;
                if a == b {
                    return Err(refusal("renju-offer-two", "renju-offer-two", false));
                }
                Ok(())
            }
            (Opening::FifthToOffer, GameMove::Place(..)) => Err(refusal("renju-offer-two", "renju-offer-two", true)),
            (_, GameMove::Offer(_)) => Err(refusal("renju-no-offer-now", "renju-no-offer-now", false)),
            (
                _,
                GameMove::PlaceTwo(_)
                | GameMove::Step { .. }
                | GameMove::Carry { .. }
                | GameMove::PlaceMany { .. }
                | GameMove::Hand { .. },
            ) => Err(refusal("not-in-gomoku", "illegal-not-in-gomoku", false)),
            (Opening::SwapOffered, GameMove::Swap) => Ok(()),
            (_, GameMove::Swap) => Err(refusal("renju-no-swap", "renju-no-swap", false)),
            (_, GameMove::Pass) => {
                if self.rules.competition() && !self.set_up && self.stones.len() < 5 {
                    // The opening's stones are placed by rule; a pass would skip them.
                    Err(refusal("renju-no-pass-in-opening", "renju-no-pass-in-opening", false))
                } else {
                    Ok(())
                }
            }
            (_, GameMove::Place(x, y)) => {
                self.empty_cell(x, y)?;
                self.opening_allows(x, y)
            }
        }
    }
}

impl BoardGame for RenjuGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn end_message(&self) -> Option<Message> {
        self.end().map(|end| end.message())
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.check_move(side, mv)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.check_move(side, mv)?;
        match mv {
            GameMove::Place(x, y) => self.put(side, (x, y)),
            GameMove::Pass => {
                self.passes += 1;
                self.to_move = side.opponent();
                if self.passes >= 2 {
                    self.end = Some(RenjuEnd::Draw);
                }
            }
            // The players exchange colours; the stones keep theirs, and White plays 4.
            GameMove::Swap => {
                self.swapped = !self.swapped;
                self.opening = Opening::Play;
            }
            GameMove::Offer(points) => {
                self.opening = Opening::FifthOffered(points);
                self.to_move = Color::White;
            }
            // White keeps one of the two: it stands as Black 5, and White plays 6.
            GameMove::Keep(x, y) => self.put(Color::Black, (x, y)),
            // Refused by check_move above.
            GameMove::PlaceTwo(_)
            | GameMove::Step { .. }
            | GameMove::Carry { .. }
            | GameMove::PlaceMany { .. }
            | GameMove::Hand { .. } => {}
        }
        Ok(())
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.end.map(|end| PlayEnd::Decided(end.result()))
    }

    fn drawing(&self) -> Drawing {
        let size = self.size();
        let mut pieces: Vec<Piece> = self.stones.iter().map(|&(colour, (x, y))| Piece::new(x, y, colour)).collect();
        pieces.sort_by_key(|p| (p.y, p.x));
        let c = self.centre();
        let (low, high) = (3, size - 4);
        Drawing {
            width: size,
            height: size,
            lines: Lines::Grid {
                marked: vec![(c, c), (low, low), (high, low), (low, high), (high, high)],
                diagonals: Vec::new(),
            },
            pieces,
            offered: self
                .fifth_offer()
                .map(|points| points.iter().map(|&(x, y)| Piece::new(x, y, Color::Black)).collect())
                .unwrap_or_default(),
            column_labels: (0..size).map(|x| char::from(b'a' + x).to_string()).collect(),
            row_labels: (0..size).map(|y| (size - y).to_string()).collect(),
        }
    }

    /// Renju's notation: a column letter a–o (no letter skipped) and the row from the bottom
    /// ("h8", the centre).
    fn cell_name(&self, x: u8, y: u8) -> String {
        format!("{}{}", char::from(b'a' + x), self.size() - y)
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        let text = text.trim().to_ascii_lowercase();
        let mut chars = text.chars();
        let column = chars.next()?;
        let rest = chars.as_str();
        let size = self.size();
        if rest.is_empty() {
            return None;
        }
        if rest.len() == 1 && rest.chars().all(|c| c.is_ascii_lowercase()) {
            // SGF letters, as the record writes them.
            let (x, y) = (
                u8::try_from(column).ok()?.checked_sub(b'a')?,
                u8::try_from(rest.chars().next()?).ok()?.checked_sub(b'a')?,
            );
            return (x < size && y < size).then_some((x, y));
        }
        let x = u8::try_from(column).ok()?.checked_sub(b'a')?;
        let row: u8 = rest.parse().ok()?;
        (x < size && (1..=size).contains(&row)).then(|| (x, size - row))
    }

    fn record_header(&self) -> String {
        let rules = match self.rules {
            RenjuRules::Renju => "RIF",
            RenjuRules::RenjuSeedReading => "renju-seed",
            RenjuRules::Free => "free",
        };
        format!("GM[4]FF[4]CA[UTF-8]AP[Yunzi]SZ[{}]RU[{rules}]", self.size())
    }

    /// SGF for 五子棋 (GM[4]): `B[hh]`, a pass `W[]`; the swap and the fifth move's two
    /// offers, which SGF has no property for, as Yunzi's own `SW[]` and `OF[..][..]` (readers
    /// skip properties they do not know); the kept fifth move as Black's `B[..]`.
    fn record_move(&self, side: Color, mv: GameMove) -> String {
        let point = |(x, y): (u8, u8)| format!("{}{}", char::from(b'a' + x), char::from(b'a' + y));
        let tag = match side {
            Color::Black => "B",
            Color::White => "W",
        };
        match mv {
            GameMove::Pass => format!("{tag}[]"),
            GameMove::Place(x, y) => format!("{tag}[{}]", point((x, y))),
            GameMove::Swap => "SW[]".to_string(),
            GameMove::Offer([a, b]) => format!("OF[{}][{}]", point(a), point(b)),
            GameMove::Keep(x, y) => format!("B[{}]", point((x, y))),
            GameMove::PlaceTwo(_)
            | GameMove::Step { .. }
            | GameMove::Carry { .. }
            | GameMove::PlaceMany { .. }
            | GameMove::Hand { .. } => String::new(),
        }
    }
}

#[cfg(test)]
mod tests;
