//! 八卦棋 (the eight-trigrams game) of `folk-board-games.txt`: two 本子 (main pieces) on the
//! taiji diagram, moved one step at a time by whoever guesses the sum of the 辅子 (helper
//! pieces) both players hold hidden in their hands.
//! - The board: the two fish of the taiji inside one circle; 11 points on the circle and on
//!   the S between the fish, and the two fish eyes: 13 points.
//! - The setup: each player's 本子 on an eye — 甲 (Black) the upper eye, 乙 (White) the lower.
//! - A round: both hold 辅子 hidden (出子) — one or two in the first round; from then on the
//!   player who moved in the last round may hold none — then guess their sum in turn (猜子),
//!   甲 first in the first round and the last round's mover first after that; the second may
//!   not guess the first's number. Whoever guessed right moves one step (走子); if neither
//!   did, they hold and guess again, the same player first, until one moves.
//!
//! The seed's text breaks off after the round, and its figure is missing, so where the points
//! lie, where a step goes and how the game is won are Yunzi's reading (docs/GAMES.md), a
//! referee's, not the seed's:
//! - eight points on the circle at the eight directions (八卦's eight trigrams), N to NW; on
//!   the S, its middle O and the middle of each of its arcs, U (the upper arc) and L (the
//!   lower); the S joins the circle at N and S. The upper eye is the centre of the upper arc,
//!   inside the fish whose head is up (bounded by the circle's west half and the S); the lower
//!   eye inside the other;
//! - each 本子 goes once round its own fish, from its eye onto the S at its arc's middle, and
//!   home: 甲 EU → U → N → NW → W → SW → S → L → O → U → EU; 乙 the same turned half round,
//!   EL → L → S → SE → E → NE → N → U → O → L → EL. Ten steps each;
//! - the first home wins. The two 本子 may stand on one point: the seed gives them no way to
//!   take or block each other.
use std::fmt;

use super::color::Color;
use super::folk_record::{Entry, RecordError, lines};

/// The thirteen points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BaguaPoint {
    UpperEye,
    LowerEye,
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
    /// The middle of the S's upper arc.
    Upper,
    /// The middle of the S, the circle's centre.
    Centre,
    /// The middle of the S's lower arc.
    Lower,
}

impl BaguaPoint {
    pub const ALL: [BaguaPoint; 13] = [
        BaguaPoint::UpperEye,
        BaguaPoint::LowerEye,
        BaguaPoint::North,
        BaguaPoint::NorthEast,
        BaguaPoint::East,
        BaguaPoint::SouthEast,
        BaguaPoint::South,
        BaguaPoint::SouthWest,
        BaguaPoint::West,
        BaguaPoint::NorthWest,
        BaguaPoint::Upper,
        BaguaPoint::Centre,
        BaguaPoint::Lower,
    ];

    /// The point's short name in records: EU, EL, N … NW, U, O, L.
    pub fn code(self) -> &'static str {
        match self {
            BaguaPoint::UpperEye => "EU",
            BaguaPoint::LowerEye => "EL",
            BaguaPoint::North => "N",
            BaguaPoint::NorthEast => "NE",
            BaguaPoint::East => "E",
            BaguaPoint::SouthEast => "SE",
            BaguaPoint::South => "S",
            BaguaPoint::SouthWest => "SW",
            BaguaPoint::West => "W",
            BaguaPoint::NorthWest => "NW",
            BaguaPoint::Upper => "U",
            BaguaPoint::Centre => "O",
            BaguaPoint::Lower => "L",
        }
    }
}

/// Steps round a fish and home.
pub const COURSE: usize = 10;

/// The points a side's 本子 goes through, its eye first and last.
pub fn course(side: Color) -> [BaguaPoint; COURSE + 1] {
    use BaguaPoint::*;
    match side {
        Color::Black => [UpperEye, Upper, North, NorthWest, West, SouthWest, South, Lower, Centre, Upper, UpperEye],
        Color::White => [LowerEye, Lower, South, SouthEast, East, NorthEast, North, Upper, Centre, Lower, LowerEye],
    }
}

/// One player's hand in a throw: the 辅子 held, and the sum guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hand {
    pub held: u8,
    pub guess: u8,
}

/// One throw of a round: both hands shown, the first guesser's first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throw {
    pub first: Hand,
    pub second: Hand,
}

/// Why the rules refuse a throw of 八卦棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaguaRefusal {
    GameOver,
    /// One or two 辅子; none only for the last round's mover.
    Held {
        side: Color,
        may_hold_none: bool,
    },
    /// A sum that cannot be: 2–4 in the first round, 1–4 after.
    Guess {
        lowest: u8,
    },
    /// The second guesser may not guess the first's number.
    SameGuess,
}

impl BaguaRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            BaguaRefusal::GameOver => "game-over",
            BaguaRefusal::Held { .. } => "bagua-held",
            BaguaRefusal::Guess { .. } => "bagua-guess",
            BaguaRefusal::SameGuess => "bagua-same-guess",
        }
    }
}

impl fmt::Display for BaguaRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BaguaRefusal::GameOver => f.write_str("play has ended"),
            BaguaRefusal::Held { side, may_hold_none: true } => {
                write!(f, "{} holds none, one or two 辅子 (it moved last round)", side.as_str())
            }
            BaguaRefusal::Held { side, .. } => write!(f, "{} holds one or two 辅子", side.as_str()),
            BaguaRefusal::Guess { lowest } => write!(f, "the sum guessed is {lowest} to 4"),
            BaguaRefusal::SameGuess => f.write_str("the second guess may not be the first's number"),
        }
    }
}

impl std::error::Error for BaguaRefusal {}

/// A game of 八卦棋 under its rules (and Yunzi's reading of its course).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaguaGame {
    /// Steps each side's 本子 has gone, Black's first.
    steps: [u8; 2],
    first_guesser: Color,
    last_mover: Option<Color>,
    throws: usize,
}

impl Default for BaguaGame {
    fn default() -> Self {
        BaguaGame::new()
    }
}

fn slot(side: Color) -> usize {
    usize::from(side == Color::White)
}

impl BaguaGame {
    /// The setup: both 本子 on their eyes; 甲 (Black) guesses first.
    pub fn new() -> BaguaGame {
        BaguaGame { steps: [0, 0], first_guesser: Color::Black, last_mover: None, throws: 0 }
    }

    /// Who guesses first in the throw to come.
    pub fn first_guesser(&self) -> Color {
        self.first_guesser
    }

    /// Who moved in the last round, if anyone has.
    pub fn last_mover(&self) -> Option<Color> {
        self.last_mover
    }

    /// Throws so far, those where nobody guessed right included.
    pub fn throws(&self) -> usize {
        self.throws
    }

    /// Rounds played: steps taken by both.
    pub fn rounds(&self) -> usize {
        usize::from(self.steps[0]) + usize::from(self.steps[1])
    }

    /// Where `side`'s 本子 stands.
    pub fn position(&self, side: Color) -> BaguaPoint {
        course(side)[usize::from(self.steps[slot(side)]).min(COURSE)]
    }

    /// Steps `side`'s 本子 has gone round its course.
    pub fn steps(&self, side: Color) -> u8 {
        self.steps[slot(side)]
    }

    /// The side whose 本子 is home, once one is.
    pub fn winner(&self) -> Option<Color> {
        [Color::Black, Color::White].into_iter().find(|s| usize::from(self.steps(*s)) >= COURSE)
    }

    /// Whether `throw` is one the rules allow now, and if not, why.
    pub fn check(&self, throw: Throw) -> Result<(), BaguaRefusal> {
        if self.winner().is_some() {
            return Err(BaguaRefusal::GameOver);
        }
        let second = self.first_guesser.opponent();
        for (side, hand) in [(self.first_guesser, throw.first), (second, throw.second)] {
            let may_hold_none = self.last_mover == Some(side);
            if hand.held > 2 || (hand.held == 0 && !may_hold_none) {
                return Err(BaguaRefusal::Held { side, may_hold_none });
            }
        }
        let lowest = if self.last_mover.is_some() { 1 } else { 2 };
        if [throw.first.guess, throw.second.guess].iter().any(|g| !(lowest..=4).contains(g)) {
            return Err(BaguaRefusal::Guess { lowest });
        }
        if throw.first.guess == throw.second.guess {
            return Err(BaguaRefusal::SameGuess);
        }
        Ok(())
    }

    /// The throw is made: the side who guessed the sum, if either did, moves one step and
    /// guesses first next; otherwise the same player guesses first again.
    pub fn play(&mut self, throw: Throw) -> Result<Option<Color>, BaguaRefusal> {
        self.check(throw)?;
        self.throws += 1;
        let sum = throw.first.held + throw.second.held;
        let mover = if throw.first.guess == sum {
            Some(self.first_guesser)
        } else if throw.second.guess == sum {
            Some(self.first_guesser.opponent())
        } else {
            None
        };
        if let Some(side) = mover {
            self.steps[slot(side)] += 1;
            self.last_mover = Some(side);
            self.first_guesser = side;
        }
        Ok(mover)
    }
}

/// A record of 八卦棋 in Yunzi's text format (docs/GAMES.md): `#` comments, then a throw a
/// line, the first guesser first, each hand as guess/held: `B 3/2 W 4/1` (Black guessed 3
/// holding 2, White 4 holding 1; the sum is 3, Black moves). The game, or the first line
/// refused.
pub fn replay_text(text: &str) -> Result<BaguaGame, RecordError> {
    let mut game = BaguaGame::new();
    for line in lines(text)? {
        let Entry::Move { side, words } = &line.entry else {
            return Err(line.refuse("八卦棋's record has no header"));
        };
        line.check_turn(*side, game.first_guesser())?;
        let hand = |word: &str| {
            let (guess, held) = word.split_once('/')?;
            Some(Hand { guess: guess.trim().parse().ok()?, held: held.trim().parse().ok()? })
        };
        let other = if *side == Color::Black { "W" } else { "B" };
        let throw = match words.as_slice() {
            [first, who, second] if *who == other => hand(first).zip(hand(second)),
            _ => None,
        };
        let (first, second) = throw.ok_or_else(|| {
            line.refuse("a throw is written B 3/2 W 4/1: each side's guess/held, first guesser first")
        })?;
        game.play(Throw { first, second }).map_err(|why| line.refuse(why))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn throw(first: (u8, u8), second: (u8, u8)) -> Throw {
        Throw { first: Hand { guess: first.0, held: first.1 }, second: Hand { guess: second.0, held: second.1 } }
    }

    #[test]
    fn thirteen_points_and_each_main_piece_on_its_eye() {
        // §1–3(1): 11 points on the circle and the S, two eyes; each 本子 on an eye.
        assert_eq!(BaguaPoint::ALL.len(), 13);
        let g = BaguaGame::new();
        assert_eq!((g.position(Color::Black), g.position(Color::White)), (BaguaPoint::UpperEye, BaguaPoint::LowerEye));
        // Each course goes round a fish: eight of the eleven points and home.
        for side in [Color::Black, Color::White] {
            let c = course(side);
            assert_eq!(c[0], c[COURSE]);
            let mut round: Vec<&str> = c[1..COURSE - 1].iter().map(|p| p.code()).collect();
            round.sort_unstable();
            round.dedup();
            assert_eq!(round.len(), 8, "{side:?}");
        }
    }

    #[test]
    fn the_first_round_holds_one_or_two_and_black_guesses_first() {
        // §3(3)–(4): one or two 辅子 in the first round; sums 2, 3, 4; 甲 guesses first; the
        // second may not guess the first's number.
        let mut g = BaguaGame::new();
        assert_eq!(g.first_guesser(), Color::Black);
        assert_eq!(
            g.check(throw((3, 0), (4, 1))),
            Err(BaguaRefusal::Held { side: Color::Black, may_hold_none: false })
        );
        assert_eq!(
            g.check(throw((3, 3), (4, 1))),
            Err(BaguaRefusal::Held { side: Color::Black, may_hold_none: false })
        );
        assert_eq!(g.check(throw((1, 1), (4, 1))), Err(BaguaRefusal::Guess { lowest: 2 }));
        assert_eq!(g.check(throw((3, 1), (3, 2))), Err(BaguaRefusal::SameGuess));
        // §3(5): the one who guessed the sum moves one step.
        assert_eq!(g.play(throw((3, 1), (4, 2))), Ok(Some(Color::Black)));
        assert_eq!((g.position(Color::Black), g.position(Color::White)), (BaguaPoint::Upper, BaguaPoint::LowerEye));
        assert_eq!((g.rounds(), g.throws()), (1, 1));
    }

    #[test]
    fn when_neither_guesses_right_they_throw_again_the_same_first() {
        // §3(5): neither right: hold and guess again, the same player first, until one moves.
        let mut g = BaguaGame::new();
        assert_eq!(g.play(throw((3, 1), (4, 1))), Ok(None));
        assert_eq!((g.first_guesser(), g.rounds(), g.throws()), (Color::Black, 0, 1));
        assert_eq!(g.play(throw((2, 2), (4, 1))), Ok(None));
        assert_eq!(g.play(throw((2, 2), (3, 1))), Ok(Some(Color::White)));
        assert_eq!(g.position(Color::White), BaguaPoint::Lower);
        // §3(4): the round's winner guesses first in the next.
        assert_eq!(g.first_guesser(), Color::White);
    }

    #[test]
    fn the_last_mover_may_hold_none_so_a_sum_may_be_one() {
        // §3(6): from the second round, the last round's mover may hold none; sums 1 to 4.
        let mut g = BaguaGame::new();
        g.play(throw((4, 2), (3, 2))).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.last_mover(), Some(Color::Black));
        assert_eq!(g.check(throw((1, 0), (2, 1))), Ok(()), "Black moved: it may hold none");
        assert_eq!(
            g.check(throw((1, 1), (2, 0))),
            Err(BaguaRefusal::Held { side: Color::White, may_hold_none: false })
        );
        assert_eq!(g.play(throw((2, 0), (1, 1))), Ok(Some(Color::White)), "a sum of one");
        assert_eq!(g.first_guesser(), Color::White);
        assert!(g.check(throw((1, 0), (2, 1))).is_ok(), "now White moved last, guesses first, may hold none");
        assert!(g.check(throw((1, 1), (2, 0))).is_err(), "and Black may not");
    }

    #[test]
    fn the_first_home_wins() {
        // Yunzi's reading: ten steps round one's fish and home to the eye.
        let mut g = BaguaGame::new();
        for step in 1..=COURSE {
            assert_eq!(g.winner(), None);
            let held = if step == 1 { 1 } else { 0 };
            g.play(throw((held + 1, held), (4, 1))).unwrap_or_else(|e| panic!("{step}: {e}"));
            assert_eq!(g.position(Color::Black), course(Color::Black)[step]);
        }
        assert_eq!(g.winner(), Some(Color::Black));
        assert_eq!(g.position(Color::Black), BaguaPoint::UpperEye);
        assert_eq!(g.check(throw((1, 0), (2, 1))), Err(BaguaRefusal::GameOver));
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let g = replay_text("# eight trigrams\nB 3/1 W 4/1\nB 2/1 W 3/1\nB 2/0 W 1/1\n")
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((g.throws(), g.rounds(), g.first_guesser()), (3, 2, Color::White));
        assert!(replay_text("B 3/1 W 3/2").err().is_some_and(|(n, why)| n == 1 && why.contains("second guess")));
        assert!(replay_text("W 3/1 B 4/2").err().is_some_and(|(n, _)| n == 1), "Black guesses first");
        assert!(replay_text("B 3/1 B 4/2").is_err());
    }

    proptest! {
        /// Random throws: each moves at most one step; the first to ten steps wins and the
        /// other has fewer.
        #[test]
        fn random_throws_move_one_step_at_most_and_the_first_home_wins(
            hands in proptest::collection::vec((0u8..3, 1u8..5, 0u8..3, 1u8..5), 1..600),
        ) {
            let mut g = BaguaGame::new();
            for (h1, g1, h2, g2) in hands {
                let t = throw((g1, h1), (g2, h2));
                let before = g.rounds();
                match g.play(t) {
                    Ok(mover) => prop_assert_eq!(g.rounds(), before + usize::from(mover.is_some())),
                    Err(_) => prop_assert_eq!(g.rounds(), before),
                }
            }
            if let Some(w) = g.winner() {
                prop_assert_eq!(usize::from(g.steps(w)), COURSE);
                prop_assert!(usize::from(g.steps(w.opponent())) < COURSE);
            }
        }
    }
}
