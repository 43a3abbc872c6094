//! 四季棋 (the four-seasons game) of the folk-games text: four pieces, 春 spring and 夏
//! summer for 甲 (Black, who moves first), 秋 autumn and 冬 winter for 乙 (White), on an 8 × 8
//! board.
//! - The setup: one piece in each corner, clockwise 春 夏 秋 冬 — 春 a8 (top left), 夏 h8, 秋
//!   h1, 冬 a1. Squares are named a1–h8: columns a–h from the left, rows 1–8 from the bottom.
//! - A move takes one of one's own pieces straight along a row or a column, any distance,
//!   never turning, never over or onto another piece (nothing is taken).
//! - Spring and autumn never meet, nor winter and summer: 春 may not cross 秋's row or column
//!   (nor 秋 春's), and 冬 and 夏 likewise — unless another piece stands between, along that
//!   row or column, the square crossed and the other season.
//! - The player who cannot move loses.
//!
//! Where the seed is silent (docs/GAMES.md): "never meet" is read as never stopping on, as
//! well as never crossing, the other season's row or column in its open view — a piece that
//! stopped there would have met it. The rule binds the piece that moves, as the seed words
//! it (行进时): a piece stepping out from between two seasons may leave them in each other's
//! view, and each then keeps off the other's lines as it moves. Since nothing forces an end,
//! the same position standing a third time with the same side to move is a draw
//! (`domain::repetition`).
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, step_line, step_points};
use super::repetition::Repetitions;
use crate::color::Color;
use crate::message::Message;

/// Squares each way.
pub const SIZE: u8 = 8;

/// One of the four pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Season {
    Spring,
    Summer,
    Autumn,
    Winter,
}

impl Season {
    pub const ALL: [Season; 4] = [Season::Spring, Season::Summer, Season::Autumn, Season::Winter];

    /// 春 and 夏 are 甲's (Black), 秋 and 冬 乙's (White).
    pub fn side(self) -> Color {
        match self {
            Season::Spring | Season::Summer => Color::Black,
            Season::Autumn | Season::Winter => Color::White,
        }
    }

    /// The season this one never meets.
    pub fn opposite(self) -> Season {
        match self {
            Season::Spring => Season::Autumn,
            Season::Autumn => Season::Spring,
            Season::Summer => Season::Winter,
            Season::Winter => Season::Summer,
        }
    }

    /// The character on the piece.
    pub fn character(self) -> &'static str {
        match self {
            Season::Spring => "春",
            Season::Summer => "夏",
            Season::Autumn => "秋",
            Season::Winter => "冬",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The season's name, in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Season::Spring => "season-spring",
            Season::Summer => "season-summer",
            Season::Autumn => "season-autumn",
            Season::Winter => "season-winter",
        })
    }
}

/// A square: column 0–7 from the left, row 0–7 from the bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SijiSquare {
    pub column: u8,
    pub row: u8,
}

impl SijiSquare {
    pub fn new(column: u8, row: u8) -> Option<SijiSquare> {
        (column < SIZE && row < SIZE).then_some(SijiSquare { column, row })
    }

    /// A square written as players write it ("a8").
    pub fn parse(text: &str) -> Option<SijiSquare> {
        let mut chars = text.trim().chars();
        let column = chars.next().filter(|c| ('a'..='h').contains(c))?;
        let row: u8 = chars.as_str().parse().ok()?;
        SijiSquare::new(column as u8 - b'a', row.checked_sub(1)?)
    }
}

impl fmt::Display for SijiSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column), self.row + 1)
    }
}

/// A move: a piece from one square to another in its row or column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SijiMove {
    pub from: SijiSquare,
    pub to: SijiSquare,
}

/// Why the rules refuse a move of 四季棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SijiRefusal {
    GameOver,
    /// No piece of the side to move stands there.
    NotYours,
    /// Along a row or a column only, at least one square, never turning.
    NotStraight,
    /// Never over or onto another piece.
    Blocked,
    /// The way crosses (or stops on) the other season's row or column in its open view.
    SeasonsMeet(Season, Season),
}

impl SijiRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            SijiRefusal::GameOver => "game-over",
            SijiRefusal::NotYours => "siji-not-yours",
            SijiRefusal::NotStraight => "siji-not-straight",
            SijiRefusal::Blocked => "siji-blocked",
            SijiRefusal::SeasonsMeet(..) => "siji-seasons-meet",
        }
    }
}

impl SijiRefusal {
    /// As the game shape refuses a move: the rule's name and its reason in the reader's
    /// language. A step is refused as sent, never held for a referee (the referee desk holds
    /// a stone put down, which a step is not).
    pub fn refusal(self) -> Refusal {
        let reason = match self {
            SijiRefusal::GameOver => Message::new("illegal-game-over"),
            SijiRefusal::NotYours => Message::new("folk-not-yours"),
            SijiRefusal::NotStraight => Message::new("siji-not-straight"),
            SijiRefusal::Blocked => Message::new("siji-blocked"),
            SijiRefusal::SeasonsMeet(moving, other) => {
                Message::new("siji-seasons-meet").nested("moving", moving.message()).nested("other", other.message())
            }
        };
        Refusal { code: self.code(), reason, made_at_the_board: false }
    }
}

impl fmt::Display for SijiRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SijiRefusal::GameOver => f.write_str("play has ended"),
            SijiRefusal::NotYours => f.write_str("no piece of the side to move stands there"),
            SijiRefusal::NotStraight => f.write_str("a piece moves along its row or its column, without turning"),
            SijiRefusal::Blocked => f.write_str("a piece never passes over or lands on another"),
            SijiRefusal::SeasonsMeet(moving, other) => write!(
                f,
                "{} may not cross or stop on {}'s row or column unless a piece stands between",
                moving.character(),
                other.character()
            ),
        }
    }
}

impl std::error::Error for SijiRefusal {}

/// How a game of 四季棋 ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SijiEnd {
    /// The side to move could not move: the other wins.
    CannotMove(Color),
    /// The same position stood a third time.
    Repetition,
}

impl SijiEnd {
    pub fn winner(self) -> Option<Color> {
        match self {
            SijiEnd::CannotMove(stuck) => Some(stuck.opponent()),
            SijiEnd::Repetition => None,
        }
    }

    /// How the game ended, said for a referee.
    pub fn message(self) -> Message {
        match self {
            SijiEnd::CannotMove(stuck) => Message::new("folk-end-cannot-move")
                .nested("winner", stuck.opponent().message())
                .nested("loser", stuck.message()),
            SijiEnd::Repetition => Message::new("folk-end-repetition"),
        }
    }
}

/// A game of 四季棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SijiGame {
    /// Where each season stands, in `Season::ALL`'s order.
    at: [SijiSquare; 4],
    to_move: Color,
    moves: usize,
    end: Option<SijiEnd>,
    seen: Repetitions<([SijiSquare; 4], Color)>,
}

impl Default for SijiGame {
    fn default() -> Self {
        SijiGame::new()
    }
}

impl SijiGame {
    /// The setup: 春 夏 秋 冬 clockwise in the corners from the top left; 甲 (Black) to move.
    pub fn new() -> SijiGame {
        let corner = |column, row| SijiSquare { column, row };
        SijiGame::from_position([corner(0, 7), corner(7, 7), corner(7, 0), corner(0, 0)], Color::Black)
    }

    /// A game from a position: each season's square, in `Season::ALL`'s order.
    pub fn from_position(at: [SijiSquare; 4], to_move: Color) -> SijiGame {
        let mut game = SijiGame { at, to_move, moves: 0, end: None, seen: Repetitions::default() };
        game.seen.stands((at, to_move));
        game
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    pub fn end(&self) -> Option<SijiEnd> {
        self.end
    }

    /// Where `season` stands.
    pub fn square_of(&self, season: Season) -> SijiSquare {
        self.at[season.index()]
    }

    /// The season on `square`, if any.
    pub fn season_at(&self, square: SijiSquare) -> Option<Season> {
        Season::ALL.into_iter().find(|s| self.square_of(*s) == square)
    }

    /// Whether a piece other than `lifted` stands strictly between `a` and `b` on their
    /// shared row or column.
    fn blocked_between(&self, a: SijiSquare, b: SijiSquare, lifted: Season) -> bool {
        Season::ALL.into_iter().filter(|s| *s != lifted).map(|s| self.square_of(s)).any(|q| {
            let within = |x: u8, lo: u8, hi: u8| lo.min(hi) < x && x < lo.max(hi);
            (a.row == b.row && q.row == a.row && within(q.column, a.column, b.column))
                || (a.column == b.column && q.column == a.column && within(q.row, a.row, b.row))
        })
    }

    /// Whether the side to move may make `mv`, and if not, why.
    pub fn check(&self, mv: SijiMove) -> Result<(), SijiRefusal> {
        if self.end.is_some() {
            return Err(SijiRefusal::GameOver);
        }
        let moving = self.season_at(mv.from).filter(|s| s.side() == self.to_move).ok_or(SijiRefusal::NotYours)?;
        if mv.from == mv.to || (mv.from.row != mv.to.row && mv.from.column != mv.to.column) {
            return Err(SijiRefusal::NotStraight);
        }
        let other = moving.opposite();
        let facing = self.square_of(other);
        let step = |a: u8, b: u8| i16::from(b) - i16::from(a);
        let (dc, dr) = (step(mv.from.column, mv.to.column).signum(), step(mv.from.row, mv.to.row).signum());
        let mut square = mv.from;
        while square != mv.to {
            square = SijiSquare {
                column: u8::try_from(i16::from(square.column) + dc).map_err(|_| SijiRefusal::NotStraight)?,
                row: u8::try_from(i16::from(square.row) + dr).map_err(|_| SijiRefusal::NotStraight)?,
            };
            if self.season_at(square).is_some() {
                return Err(SijiRefusal::Blocked);
            }
            let in_view = (square.row == facing.row || square.column == facing.column)
                && !self.blocked_between(square, facing, moving);
            if in_view {
                return Err(SijiRefusal::SeasonsMeet(moving, other));
            }
        }
        Ok(())
    }

    /// The side to move makes `mv`; refused (and nothing changes) as [`SijiGame::check`] says.
    pub fn play(&mut self, mv: SijiMove) -> Result<(), SijiRefusal> {
        self.check(mv)?;
        let moving = self.season_at(mv.from).ok_or(SijiRefusal::NotYours)?;
        self.at[moving.index()] = mv.to;
        self.to_move = self.to_move.opponent();
        self.moves += 1;
        self.end = if self.legal_moves().is_empty() {
            Some(SijiEnd::CannotMove(self.to_move))
        } else if self.seen.stands((self.at, self.to_move)) {
            Some(SijiEnd::Repetition)
        } else {
            None
        };
        Ok(())
    }

    /// Every move the side to move may make now (none once play has ended).
    pub fn legal_moves(&self) -> Vec<SijiMove> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for season in Season::ALL.into_iter().filter(|s| s.side() == self.to_move) {
            let from = self.square_of(season);
            let targets = (0..SIZE)
                .map(|column| SijiSquare { column, row: from.row })
                .chain((0..SIZE).map(|row| SijiSquare { column: from.column, row }));
            for to in targets.filter(|to| *to != from) {
                let mv = SijiMove { from, to };
                if self.check(mv).is_ok() {
                    out.push(mv);
                }
            }
        }
        out
    }
}

/// The square of the game shape's cell (x, y): x the column, y from the top row.
fn square_of_cell(x: u8, y: u8) -> Option<SijiSquare> {
    SijiSquare::new(x, (SIZE - 1).checked_sub(y)?)
}

fn cell_of_square(square: SijiSquare) -> (u8, u8) {
    (square.column, SIZE - 1 - square.row)
}

impl BoardGame for SijiGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.end.is_some(), side, self.to_move)?;
        let (from, to) = step_points(mv, square_of_cell)?;
        SijiGame::check(self, SijiMove { from, to }).map_err(SijiRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        let (from, to) = step_points(mv, square_of_cell)?;
        SijiGame::play(self, SijiMove { from, to }).map_err(SijiRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.end.map(|end| PlayEnd::decided(end.winner()))
    }

    fn end_message(&self) -> Option<Message> {
        self.end.map(SijiEnd::message)
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn moves_pieces(&self) -> bool {
        true
    }

    fn drawing(&self) -> Drawing {
        let pieces = Season::ALL
            .into_iter()
            .map(|season| {
                let (x, y) = cell_of_square(self.square_of(season));
                Piece::labelled(x, y, season.side(), season.character())
            })
            .collect();
        Drawing {
            width: SIZE,
            height: SIZE,
            lines: Lines::Grid { marked: Vec::new(), diagonals: Vec::new() },
            pieces,
            offered: Vec::new(),
            column_labels: (0..SIZE).map(|c| char::from(b'a' + c).to_string()).collect(),
            row_labels: (1..=SIZE).rev().map(|r| r.to_string()).collect(),
        }
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        square_of_cell(x, y).map(|s| s.to_string()).unwrap_or_default()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        SijiSquare::parse(&text.to_ascii_lowercase()).map(cell_of_square)
    }

    /// Not SGF's: Yunzi's text format, which [`replay_text`] reads back.
    fn record_header(&self) -> String {
        "# 四季棋 (siji), Yunzi's text format: docs/GAMES.md\n".to_string()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        step_line(self, side, mv)
    }
}

/// A record of 四季棋 in Yunzi's text format (docs/GAMES.md): `#` comments, then a move a
/// line, its side first — `B` 甲 (春 夏), `W` 乙 (秋 冬) — and the move `a8-a5`. The game, or
/// the first line refused.
pub fn replay_text(text: &str) -> Result<SijiGame, RecordError> {
    let mut game = SijiGame::new();
    for line in lines(text)? {
        let Entry::Move { side, words } = &line.entry else {
            return Err(line.refuse("四季棋's record has no header"));
        };
        line.check_turn(*side, game.to_move())?;
        let mv = match words.as_slice() {
            [mv] => mv
                .split_once('-')
                .and_then(|(from, to)| Some(SijiMove { from: SijiSquare::parse(from)?, to: SijiSquare::parse(to)? })),
            _ => None,
        };
        let mv = mv.ok_or_else(|| line.refuse("a move is written a8-a5, squares a1 to h8"))?;
        game.play(mv).map_err(|why| line.refuse(why))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sq(name: &str) -> SijiSquare {
        SijiSquare::parse(name).unwrap_or_else(|| panic!("{name}"))
    }

    fn mv(text: &str) -> SijiMove {
        let (from, to) = text.split_once('-').unwrap_or_else(|| panic!("{text}"));
        SijiMove { from: sq(from), to: sq(to) }
    }

    fn play(game: &mut SijiGame, moves: &[&str]) {
        for m in moves {
            game.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn four_seasons_start_clockwise_in_the_corners() {
        // §1–3(1): 8 × 8; 春 夏 for 甲, 秋 冬 for 乙; one in each corner, clockwise.
        let g = SijiGame::new();
        let corners: Vec<String> = Season::ALL.iter().map(|s| g.square_of(*s).to_string()).collect();
        assert_eq!(corners, ["a8", "h8", "h1", "a1"], "clockwise from the top left");
        assert_eq!((Season::Spring.side(), Season::Autumn.side()), (Color::Black, Color::White));
        assert_eq!(g.to_move(), Color::Black);
        assert_eq!(g.legal_moves().len(), 24, "each of 甲's pieces has six squares along each of its two lines");
    }

    #[test]
    fn a_piece_goes_straight_any_distance_never_turning_or_passing() {
        // §3(2): one own piece a move, along a row or column, any distance, no turning, no
        // jumping.
        let mut g = SijiGame::new();
        assert_eq!(g.check(mv("a8-a2")), Ok(()));
        assert_eq!(g.check(mv("a8-c6")), Err(SijiRefusal::NotStraight));
        assert_eq!(g.check(mv("a8-a8")), Err(SijiRefusal::NotStraight));
        assert_eq!(g.check(mv("a8-a1")), Err(SijiRefusal::Blocked), "冬 stands on a1");
        assert_eq!(g.check(mv("h1-h4")), Err(SijiRefusal::NotYours), "秋 is 乙's");
        play(&mut g, &["a8-a6"]);
        assert_eq!(g.square_of(Season::Spring), sq("a6"));
        play(&mut g, &["a1-a3"]);
        assert_eq!(g.check(mv("a6-a2")), Err(SijiRefusal::Blocked), "over 冬 on a3");
    }

    #[test]
    fn spring_never_crosses_autumns_lines_unless_a_piece_stands_between() {
        // §3(2): 春 may not cross 秋's row or column, nor 秋 春's; 冬 and 夏 likewise; 春 and
        // 冬, 夏 and 秋 are free of each other; a piece between lets it cross.
        let mut g = SijiGame::new();
        play(&mut g, &["h8-h5", "h1-h4"]);
        // 秋 on h4: its row 4 is open to a4.
        assert_eq!(g.check(mv("a8-a5")), Ok(()));
        assert_eq!(
            g.check(mv("a8-a4")),
            Err(SijiRefusal::SeasonsMeet(Season::Spring, Season::Autumn)),
            "stopping in 秋's open view"
        );
        assert_eq!(g.check(mv("a8-a2")), Err(SijiRefusal::SeasonsMeet(Season::Spring, Season::Autumn)));
        assert!(g.check(mv("a8-a2")).err().is_some_and(|e| e.to_string().contains("春 may not cross")));
        // 夏 on h5 is free of 秋: it stands next to it.
        play(&mut g, &["h5-g5", "a1-d1"]);
        // 冬 on d1: column d is now 冬's, and 夏 on g5 may not cross it along row 5.
        assert_eq!(g.check(mv("g5-b5")), Err(SijiRefusal::SeasonsMeet(Season::Summer, Season::Winter)));
        assert_eq!(g.check(mv("g5-e5")), Ok(()), "short of column d");
        play(&mut g, &["g5-g6", "d1-d4"]);
        // 冬 now stands on row 4 between a4 and 秋 on h4: 春 may cross there.
        assert_eq!(g.check(mv("a8-a2")), Ok(()));
    }

    #[test]
    fn the_player_who_cannot_move_loses() {
        // §3(3): when one side can no longer move, the other wins. 秋 in the corner h1, 冬
        // beside it on g1 with 春 on f1 (冬 between 春 and 秋); 夏 comes down to h2: 秋 is shut
        // in, and 冬 cannot go up column g, into 夏's open view along row 2.
        let mut g = SijiGame::from_position([sq("f1"), sq("h3"), sq("h1"), sq("g1")], Color::Black);
        assert_eq!(g.end(), None);
        play(&mut g, &["h3-h2"]);
        assert_eq!(g.end(), Some(SijiEnd::CannotMove(Color::White)));
        assert_eq!(g.end().and_then(SijiEnd::winner), Some(Color::Black));
        assert_eq!(g.check(mv("f1-f5")), Err(SijiRefusal::GameOver));
    }

    #[test]
    fn the_same_position_a_third_time_is_a_draw() {
        let mut g = SijiGame::new();
        play(&mut g, &["a8-a7", "h1-h2", "a7-a8", "h2-h1", "a8-a7", "h1-h2", "a7-a8"]);
        assert_eq!(g.end(), None);
        play(&mut g, &["h2-h1"]);
        assert_eq!(g.end(), Some(SijiEnd::Repetition));
        assert_eq!(g.end().and_then(SijiEnd::winner), None);
    }

    #[test]
    fn through_the_game_shape_a_step_is_two_cells_and_the_record_reads_back() {
        let mut g = SijiGame::new();
        let board = SijiGame::new();
        let cell = |name: &str| board.parse_cell(name).unwrap_or_else(|| panic!("{name}"));
        let (a8, a5, h8) = (cell("a8"), cell("A5"), cell("h8"));
        assert_eq!((a8, g.cell_name(0, 7)), ((0, 0), "a1".to_string()));
        assert_eq!(
            BoardGame::check(&g, Color::White, GameMove::Step { from: a8, to: a5 }).err().map(|r| r.code),
            Some("wrong-player")
        );
        assert_eq!(BoardGame::check(&g, Color::Black, GameMove::Place(0, 3)).err().map(|r| r.code), Some("not-a-step"));
        let drawing = g.drawing();
        assert_eq!(drawing.pieces.iter().find(|p| (p.x, p.y) == h8).and_then(|p| p.label), Some("夏"));
        let mut record = g.record_header();
        for (side, from, to) in [(Color::Black, "h8", "h5"), (Color::White, "h1", "h4")] {
            let mv = GameMove::Step {
                from: g.parse_cell(from).unwrap_or_default(),
                to: g.parse_cell(to).unwrap_or_default(),
            };
            record.push_str(&g.record_move(side, mv));
            BoardGame::play(&mut g, side, mv).unwrap_or_else(|e| panic!("{e}"));
        }
        let crossing = GameMove::Step { from: cell("a8"), to: cell("a2") };
        let refused = BoardGame::check(&g, Color::Black, crossing).err();
        assert!(refused.as_ref().is_some_and(|r| r.code == "siji-seasons-meet"), "{refused:?}");
        assert_eq!(replay_text(&record).map(|r| r.square_of(Season::Autumn)), Ok(sq("h4")));
        assert!(!g.record_is_sgf() && g.moves_pieces() && g.play_end().is_none());
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("# four seasons\nB h8-h5\nW h1-h4\n").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((g.moves(), g.to_move()), (2, Color::Black));
        assert!(replay_text("B h8-h5\nW h1-h4\nB a8-a2").err().is_some_and(|(n, why)| n == 3 && why.contains("秋")));
        assert!(replay_text("W h1-h4").err().is_some_and(|(n, _)| n == 1));
        assert!(replay_text("B a8-z9").is_err());
    }

    proptest! {
        /// In random legal play a piece never stops in its opposite season's open view (the
        /// rule binds the piece that moves: one stepping out from between two may leave them
        /// facing), and a finished game's end is true of its position.
        #[test]
        fn random_play_never_stops_a_season_in_its_opposites_view(choices in proptest::collection::vec(any::<usize>(), 0..200)) {
            let mut g = SijiGame::new();
            for choice in choices {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[choice % legal.len()];
                g.play(mv).unwrap_or_else(|e| panic!("{e}"));
                let moved = g.season_at(mv.to).unwrap_or_else(|| panic!("{mv:?}"));
                let (a, b) = (mv.to, g.square_of(moved.opposite()));
                let facing = (a.row == b.row || a.column == b.column) && !g.blocked_between(a, b, moved);
                prop_assert!(!facing, "{:?} stopped in view of {:?}", moved, moved.opposite());
            }
            if let Some(SijiEnd::CannotMove(stuck)) = g.end() {
                prop_assert_eq!(stuck, g.to_move());
                let mut open = g.clone();
                open.end = None;
                prop_assert!(open.legal_moves().is_empty());
            }
        }
    }
}
