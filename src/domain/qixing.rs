//! 七星棋 (the seven-stars game) of `folk-board-games.txt`: 25 points on one bent line, numbered
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

use super::color::Color;
use super::folk_record::{Entry, RecordError, lines};

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

/// A game of 七星棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QixingGame {
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
        QixingGame { end, occupied, to_put, to_move: Color::Black, last_mover: None, moves: 0 }
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
