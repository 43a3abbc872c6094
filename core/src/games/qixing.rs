//! 七星棋 (the seven-stars game) of the folk-games text: 25 points on one bent line, numbered
//! 1 to 25 from the end of the Dipper's handle, seven of them the big rings of the seven stars;
//! seven pieces shared by both players.
//! - 棋规一: the pieces start on the seven big rings; 棋规二: none start on the board, the
//!   players put one down in turn on any empty point until all seven are down, and the one who
//!   put the sixth down moves first — which is simply the turn passing on;
//! - a move takes one piece from a higher number to a lower one, any distance (turning where
//!   the line bends), never past another piece and never onto one; a piece on point 1 cannot
//!   move;
//! - the game ends when the seven pieces stand on points 1 to 7: whoever moved the last one
//!   into point 7 wins, or, by the players' agreement beforehand, loses.
//!
//! The seed's figure is missing from the text we have; it says the 18 small rings lie on the
//! lines between the big ones, so with three in each of the six gaps the big rings are points
//! 1, 5, 9, 13, 17, 21 and 25 (docs/GAMES.md). Where the seed is silent: under 棋规二 the
//! pieces may be put down on 1 to 7 already; the player whose stone completes that position —
//! by putting it down or moving it — is the one who "moved the last piece in".
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, record_line};
use crate::color::Color;
use crate::message::Message;

/// Points on the line.
pub const POINTS: u8 = 25;
/// Pieces in the game.
pub const PIECES: u8 = 7;
/// The big rings, the seven stars.
pub const STARS: [u8; 7] = [1, 5, 9, 13, 17, 21, 25];

/// How the pieces start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QixingSetup {
    /// 棋规一: on the seven big rings.
    OnTheStars,
    /// 棋规二: put down in turn, one a move, anywhere empty.
    PutDownInTurn,
}

/// Who wins when the last piece completes points 1 to 7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QixingEnd {
    LastMoverWins,
    /// The agreement the seed allows: the one who moves the last piece in loses.
    LastMoverLoses,
}

/// A move of 七星棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QixingMove {
    /// 棋规二: a piece put down on a point.
    Put(u8),
    /// A piece from one point to a lower one.
    Slide { from: u8, to: u8 },
}

/// Why the rules refuse a move of 七星棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QixingRefusal {
    OffTheLine,
    GameOver,
    StillPutting,
    AllPut,
    Occupied,
    NoPiece,
    /// Pieces move to lower numbers only.
    NotDown,
    /// A piece may not pass another.
    PastAPiece,
}

impl fmt::Display for QixingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QixingRefusal::OffTheLine => "there is no such point: they are numbered 1 to 25",
            QixingRefusal::GameOver => "play has ended",
            QixingRefusal::StillPutting => "pieces are still to be put down before any moves",
            QixingRefusal::AllPut => "all seven pieces are down: now they are moved",
            QixingRefusal::Occupied => "a piece stands there already",
            QixingRefusal::NoPiece => "no piece stands on that point",
            QixingRefusal::NotDown => "pieces move to lower numbers only",
            QixingRefusal::PastAPiece => "a piece may not pass another on its way",
        })
    }
}

impl std::error::Error for QixingRefusal {}

impl QixingRefusal {
    /// As the game shape refuses a move: the rule's name and its reason in the reader's
    /// language.
    pub fn refusal(self) -> Refusal {
        let (code, key) = match self {
            QixingRefusal::OffTheLine => ("off-board", "qixing-off-the-line"),
            QixingRefusal::GameOver => ("game-over", "illegal-game-over"),
            QixingRefusal::StillPutting => ("qixing-still-putting", "qixing-still-putting"),
            QixingRefusal::AllPut => ("qixing-all-put", "qixing-all-put"),
            QixingRefusal::Occupied => ("occupied", "illegal-occupied"),
            QixingRefusal::NoPiece => ("qixing-no-piece", "qixing-no-piece"),
            QixingRefusal::NotDown => ("qixing-not-down", "qixing-not-down"),
            QixingRefusal::PastAPiece => ("qixing-past-a-piece", "qixing-past-a-piece"),
        };
        Refusal { code, reason: Message::new(key), made_at_the_board: false }
    }
}

/// A game of 七星棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QixingGame {
    setup: QixingSetup,
    end: QixingEnd,
    /// Whether a piece stands on each point (index 0 is point 1).
    occupied: [bool; POINTS as usize],
    to_put: u8,
    to_move: Color,
    last_mover: Option<Color>,
    moves: usize,
}

impl QixingGame {
    /// A new game: Black moves (or puts down) first.
    pub fn new(setup: QixingSetup, end: QixingEnd) -> QixingGame {
        let mut occupied = [false; POINTS as usize];
        let to_put = match setup {
            QixingSetup::OnTheStars => {
                for star in STARS {
                    occupied[usize::from(star - 1)] = true;
                }
                0
            }
            QixingSetup::PutDownInTurn => PIECES,
        };
        QixingGame { setup, end, occupied, to_put, to_move: Color::Black, last_mover: None, moves: 0 }
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Whether a piece stands on `point` (1–25).
    pub fn is_occupied(&self, point: u8) -> bool {
        point >= 1 && self.occupied.get(usize::from(point - 1)).copied().unwrap_or(false)
    }

    /// Whether the seven pieces stand on points 1 to 7.
    pub fn is_over(&self) -> bool {
        self.to_put == 0 && (1..=PIECES).all(|p| self.is_occupied(p))
    }

    pub fn winner(&self) -> Option<Color> {
        let last = self.last_mover.filter(|_| self.is_over())?;
        Some(match self.end {
            QixingEnd::LastMoverWins => last,
            QixingEnd::LastMoverLoses => last.opponent(),
        })
    }

    /// Whether the side to move may make `mv`, and if not, why.
    pub fn check(&self, mv: QixingMove) -> Result<(), QixingRefusal> {
        if self.is_over() {
            return Err(QixingRefusal::GameOver);
        }
        let on_line = |p: u8| (1..=POINTS).contains(&p);
        match mv {
            QixingMove::Put(at) => {
                if !on_line(at) {
                    return Err(QixingRefusal::OffTheLine);
                }
                if self.to_put == 0 {
                    return Err(QixingRefusal::AllPut);
                }
                if self.is_occupied(at) {
                    return Err(QixingRefusal::Occupied);
                }
                Ok(())
            }
            QixingMove::Slide { from, to } => {
                if !on_line(from) || !on_line(to) {
                    return Err(QixingRefusal::OffTheLine);
                }
                if self.to_put > 0 {
                    return Err(QixingRefusal::StillPutting);
                }
                if !self.is_occupied(from) {
                    return Err(QixingRefusal::NoPiece);
                }
                if to >= from {
                    return Err(QixingRefusal::NotDown);
                }
                if self.is_occupied(to) {
                    return Err(QixingRefusal::Occupied);
                }
                if (to + 1..from).any(|p| self.is_occupied(p)) {
                    return Err(QixingRefusal::PastAPiece);
                }
                Ok(())
            }
        }
    }

    /// The side to move makes `mv`; refused (and nothing changes) as [`QixingGame::check`] says.
    pub fn play(&mut self, mv: QixingMove) -> Result<(), QixingRefusal> {
        self.check(mv)?;
        match mv {
            QixingMove::Put(at) => {
                self.occupied[usize::from(at - 1)] = true;
                self.to_put -= 1;
            }
            QixingMove::Slide { from, to } => {
                self.occupied[usize::from(from - 1)] = false;
                self.occupied[usize::from(to - 1)] = true;
            }
        }
        self.last_mover = Some(self.to_move);
        self.to_move = self.to_move.opponent();
        self.moves += 1;
        Ok(())
    }

    /// Every move the side to move may make now.
    pub fn legal_moves(&self) -> Vec<QixingMove> {
        let candidates: Vec<QixingMove> = if self.to_put > 0 {
            (1..=POINTS).map(QixingMove::Put).collect()
        } else {
            (1..=POINTS).flat_map(|from| (1..from).map(move |to| QixingMove::Slide { from, to })).collect()
        };
        candidates.into_iter().filter(|m| self.check(*m).is_ok()).collect()
    }
}

/// Where each star stands in the drawing (`Lines::Lattice`), the end of the handle (point 1)
/// first: the Dipper's seven stars, the handle bending into the bowl.
const STAR_CELLS: [(u8, u8); 7] = [(56, 4), (44, 0), (32, 4), (20, 8), (20, 20), (4, 24), (0, 12)];

/// Where point `point` (1–25) is drawn: the stars where the Dipper has them, the small rings
/// evenly between.
pub fn cell_of_point(point: u8) -> Option<(u8, u8)> {
    let index = usize::from(point.checked_sub(1).filter(|i| *i < POINTS)?);
    let (star, step) = (index / 4, index % 4);
    let from = STAR_CELLS[star];
    let Some(&to) = STAR_CELLS.get(star + 1) else { return Some(from) };
    let between = |a: u8, b: u8| {
        let (a, b) = (i16::from(a), i16::from(b));
        u8::try_from(a + (b - a) * i16::try_from(step).unwrap_or(0) / 4).unwrap_or(0)
    };
    Some((between(from.0, to.0), between(from.1, to.1)))
}

/// The point drawn at (x, y), if one is.
pub fn point_of_cell(x: u8, y: u8) -> Option<u8> {
    (1..=POINTS).find(|p| cell_of_point(*p) == Some((x, y)))
}

impl QixingGame {
    /// The setup and the agreement the game is played under.
    pub fn rules(&self) -> (QixingSetup, QixingEnd) {
        (self.setup, self.end)
    }
}

impl QixingEnd {
    /// How the game ended, said for a referee, with its winner.
    pub fn message(self, winner: Color) -> Message {
        let key = match self {
            QixingEnd::LastMoverWins => "qixing-end-last-wins",
            QixingEnd::LastMoverLoses => "qixing-end-last-loses",
        };
        Message::new(key).nested("winner", winner.message())
    }
}

impl BoardGame for QixingGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.is_over(), side, self.to_move)?;
        QixingGame::check(self, qixing_move(mv)?).map_err(QixingRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        QixingGame::play(self, qixing_move(mv)?).map_err(QixingRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.winner().map(|winner| PlayEnd::decided(Some(winner)))
    }

    fn end_message(&self) -> Option<Message> {
        self.winner().map(|winner| self.end.message(winner))
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn moves_pieces(&self) -> bool {
        true
    }

    /// The Dipper's line, its seven stars as big rings, the shared pieces in neither side's
    /// colour.
    fn drawing(&self) -> Drawing {
        let cells: Vec<(u8, u8)> = (1..=POINTS).filter_map(cell_of_point).collect();
        Drawing::of(
            57,
            25,
            Lines::Lattice {
                points: cells.iter().zip(1..=POINTS).map(|(c, p)| (*c, p.to_string())).collect(),
                segments: cells.windows(2).map(|w| [w[0], w[1]]).collect(),
                marked: STARS.iter().filter_map(|s| cell_of_point(*s)).collect(),
            },
            (1..=POINTS)
                .filter(|p| self.is_occupied(*p))
                .filter_map(cell_of_point)
                .map(|(x, y)| Piece::shared(x, y, None))
                .collect(),
        )
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        point_of_cell(x, y).map(|p| p.to_string()).unwrap_or_default()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        text.trim().parse::<u8>().ok().and_then(cell_of_point)
    }

    /// Not SGF's: Yunzi's text format with its setup and agreement, which [`replay_text`]
    /// reads back.
    fn record_header(&self) -> String {
        let setup = if self.setup == QixingSetup::OnTheStars { 1 } else { 2 };
        let end = if self.end == QixingEnd::LastMoverWins { "last-wins" } else { "last-loses" };
        format!("# 七星棋 (qixing), Yunzi's text format: docs/GAMES.md\nsetup: {setup}\nend: {end}\n")
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        match qixing_move(mv) {
            Ok(QixingMove::Put(at)) => record_line(side, format_args!("+{at}")),
            Ok(QixingMove::Slide { from, to }) => record_line(side, format_args!("{from}-{to}")),
            Err(_) => String::new(),
        }
    }
}

/// The game shape's move as 七星棋's: a piece put down on a point, or a step down the line.
fn qixing_move(mv: GameMove) -> Result<QixingMove, Refusal> {
    let point = |(x, y): (u8, u8)| point_of_cell(x, y).ok_or_else(|| QixingRefusal::OffTheLine.refusal());
    match mv {
        GameMove::Place(x, y) => Ok(QixingMove::Put(point((x, y))?)),
        GameMove::Step { from, to } => Ok(QixingMove::Slide { from: point(from)?, to: point(to)? }),
        _ => Err(Refusal::new("not-a-step", "qixing-not-a-move")),
    }
}

/// A record of 七星棋 in Yunzi's text format (docs/GAMES.md): `#` comments, a header of
/// `setup: 1|2` and `end: last-wins|last-loses`, then a move a line: `B 9-6` (the piece on 9
/// to 6), `W +12` (棋规二: a piece put down on 12). The game, or the first line the rules refuse.
pub fn replay_text(text: &str) -> Result<QixingGame, RecordError> {
    let (mut setup, mut end) = (QixingSetup::OnTheStars, QixingEnd::LastMoverWins);
    let mut game: Option<QixingGame> = None;
    for line in lines(text)? {
        let (side, words) = match &line.entry {
            Entry::Header { key, value } => {
                match (*key, *value) {
                    ("setup", "1") => setup = QixingSetup::OnTheStars,
                    ("setup", "2") => setup = QixingSetup::PutDownInTurn,
                    ("end", "last-wins") => end = QixingEnd::LastMoverWins,
                    ("end", "last-loses") => end = QixingEnd::LastMoverLoses,
                    _ => return Err(line.refuse("the header says setup: 1 or 2 and end: last-wins or last-loses")),
                }
                continue;
            }
            Entry::Move { side, words } => (*side, words),
        };
        let g = game.get_or_insert_with(|| QixingGame::new(setup, end));
        line.check_turn(side, g.to_move())?;
        let number_of = |t: &str| t.trim().parse::<u8>().ok();
        let mv = match words.as_slice() {
            [what] => match (what.strip_prefix('+'), what.split_once('-')) {
                (Some(at), _) => number_of(at).map(QixingMove::Put),
                (None, Some((from, to))) => {
                    number_of(from).zip(number_of(to)).map(|(from, to)| QixingMove::Slide { from, to })
                }
                (None, None) => None,
            },
            _ => None,
        };
        let mv = mv.ok_or_else(|| line.refuse("a move is written 9-6, or +12 for a piece put down"))?;
        g.play(mv).map_err(|why| line.refuse(why))?;
    }
    Ok(game.unwrap_or_else(|| QixingGame::new(setup, end)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn seven_pieces_start_on_the_seven_stars_of_a_line_of_twenty_five() {
        // §1–3(1): 25 points, the seven big rings; seven shared pieces on them.
        let g = QixingGame::new(QixingSetup::OnTheStars, QixingEnd::LastMoverWins);
        let on: Vec<u8> = (1..=POINTS).filter(|p| g.is_occupied(*p)).collect();
        assert_eq!(on, STARS.to_vec());
        assert!(!g.is_over());
        assert_eq!(STARS.len(), usize::from(PIECES));
    }

    #[test]
    fn pieces_go_down_the_line_any_distance_but_never_past_or_onto_another() {
        // §3(2): higher to lower numbers, any steps, no passing, no entering an occupied point;
        // the piece on 1 never moves.
        let mut g = QixingGame::new(QixingSetup::OnTheStars, QixingEnd::LastMoverWins);
        assert_eq!(g.check(QixingMove::Slide { from: 9, to: 12 }), Err(QixingRefusal::NotDown));
        assert_eq!(g.check(QixingMove::Slide { from: 9, to: 5 }), Err(QixingRefusal::Occupied));
        assert_eq!(g.check(QixingMove::Slide { from: 9, to: 4 }), Err(QixingRefusal::PastAPiece));
        assert_eq!(g.check(QixingMove::Slide { from: 10, to: 6 }), Err(QixingRefusal::NoPiece));
        assert_eq!(g.check(QixingMove::Slide { from: 1, to: 1 }), Err(QixingRefusal::NotDown), "1 cannot move");
        assert_eq!(g.check(QixingMove::Put(3)), Err(QixingRefusal::AllPut));
        g.play(QixingMove::Slide { from: 25, to: 22 }).unwrap_or_else(|e| panic!("{e}"));
        g.play(QixingMove::Slide { from: 9, to: 6 }).unwrap_or_else(|e| panic!("{e}"));
        assert!(g.is_occupied(6) && !g.is_occupied(9) && g.is_occupied(22));
        assert_eq!(g.to_move(), Color::Black);
    }

    #[test]
    fn the_last_piece_into_point_seven_wins_or_by_agreement_loses() {
        // §3(3): the game ends with the pieces on 1–7; the one who moved the last in wins, or,
        // agreed beforehand, loses.
        let script = [(5, 2), (9, 3), (13, 4), (17, 5), (21, 6), (25, 8), (8, 7)];
        for (end, winner) in [(QixingEnd::LastMoverWins, Color::Black), (QixingEnd::LastMoverLoses, Color::White)] {
            let mut g = QixingGame::new(QixingSetup::OnTheStars, end);
            for (from, to) in script {
                assert_eq!(g.winner(), None);
                g.play(QixingMove::Slide { from, to }).unwrap_or_else(|e| panic!("{e}"));
            }
            assert!(g.is_over());
            assert_eq!((g.moves(), g.winner()), (7, Some(winner)), "{end:?}");
            assert_eq!(g.check(QixingMove::Slide { from: 7, to: 1 }), Err(QixingRefusal::GameOver));
        }
    }

    #[test]
    fn under_rule_two_the_pieces_are_put_down_one_a_turn_first() {
        // §4: none at the start; one a move on any empty point; the one who put the sixth down
        // moves first.
        let mut g = QixingGame::new(QixingSetup::PutDownInTurn, QixingEnd::LastMoverWins);
        assert_eq!(g.check(QixingMove::Slide { from: 5, to: 1 }), Err(QixingRefusal::StillPutting));
        for (i, at) in [20, 3, 11, 25, 14, 8, 1].into_iter().enumerate() {
            assert_eq!(g.check(QixingMove::Put(26)), Err(QixingRefusal::OffTheLine));
            g.play(QixingMove::Put(at)).unwrap_or_else(|e| panic!("{e}"));
            if i == 0 {
                assert_eq!(g.check(QixingMove::Put(20)), Err(QixingRefusal::Occupied));
            }
        }
        assert_eq!(g.to_move(), Color::White, "White put the sixth down and moves first");
        assert!(g.check(QixingMove::Slide { from: 25, to: 21 }).is_ok());
    }

    #[test]
    fn through_the_game_shape_the_dipper_is_drawn_and_a_game_reads_back() {
        let cells: Vec<(u8, u8)> = (1..=POINTS).filter_map(cell_of_point).collect();
        assert_eq!(cells.len(), 25);
        let mut distinct = cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 25, "every point drawn in its own place");
        assert_eq!(STARS.map(cell_of_point).map(Option::unwrap_or_default), STAR_CELLS);
        for setup in [QixingSetup::OnTheStars, QixingSetup::PutDownInTurn] {
            let mut g = QixingGame::new(setup, QixingEnd::LastMoverLoses);
            let at = |p: u8| cell_of_point(p).unwrap_or_default();
            let mut record = g.record_header();
            let opening: Vec<GameMove> = match setup {
                QixingSetup::OnTheStars => vec![GameMove::Step { from: at(9), to: at(6) }],
                QixingSetup::PutDownInTurn => {
                    [20, 3, 11, 25, 14, 8, 1].iter().map(|p| GameMove::Place(at(*p).0, at(*p).1)).collect()
                }
            };
            for mv in opening {
                let side = BoardGame::to_move(&g);
                record.push_str(&g.record_move(side, mv));
                BoardGame::play(&mut g, side, mv).unwrap_or_else(|e| panic!("{e}"));
            }
            let back = replay_text(&record).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!((back.rules(), back.moves()), (g.rules(), g.moves()));
            assert!(g.drawing().pieces.iter().all(|p| p.shared));
        }
        let g = QixingGame::new(QixingSetup::OnTheStars, QixingEnd::LastMoverWins);
        let up =
            GameMove::Step { from: cell_of_point(9).unwrap_or_default(), to: cell_of_point(12).unwrap_or_default() };
        assert_eq!(BoardGame::check(&g, Color::Black, up).err().map(|r| r.code), Some("qixing-not-down"));
        assert_eq!(BoardGame::check(&g, Color::Black, GameMove::Pass).err().map(|r| r.code), Some("not-a-step"));
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("setup: 1\nB 5-2\nW 9-3\nB 13-4\nW 17-5\nB 21-6\nW 25-8\nB 8-7\n")
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.winner(), Some(Color::Black));
        assert!(replay_text("B 9-4").err().is_some_and(|(n, why)| n == 1 && why.contains("may not pass")));
        assert!(replay_text("B 5-2\nB 9-3").err().is_some_and(|(n, _)| n == 2));
        assert!(replay_text("setup: 3").is_err());
    }

    proptest! {
        /// Random legal play always ends with the pieces on 1–7, and the winner is the rule's,
        /// for both setups and both agreements.
        #[test]
        fn random_play_always_ends_as_the_rules_say(
            put in any::<bool>(),
            loses in any::<bool>(),
            choices in proptest::collection::vec(any::<usize>(), 0..200),
        ) {
            let setup = if put { QixingSetup::PutDownInTurn } else { QixingSetup::OnTheStars };
            let end = if loses { QixingEnd::LastMoverLoses } else { QixingEnd::LastMoverWins };
            let mut g = QixingGame::new(setup, end);
            let mut turn = 0;
            while !g.is_over() {
                let legal = g.legal_moves();
                prop_assert!(!legal.is_empty(), "a side always has a move until the end");
                let pick = choices.get(turn).copied().unwrap_or(0) % legal.len();
                g.play(legal[pick]).unwrap_or_else(|e| panic!("{e}"));
                turn += 1;
                // Each slide brings a piece at least one point down: 7 + 7 × 24 bounds the game.
                prop_assert!(turn <= 7 + 7 * 24);
            }
            let last = if turn % 2 == 1 { Color::Black } else { Color::White };
            prop_assert_eq!(g.winner(), Some(if loses { last.opponent() } else { last }));
        }
    }
}
