//! 八卦棋 (the eight-trigrams game) of the folk-games text: two 本子 (main pieces) on the
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
//! The seed's text breaks off inside rule (7), the course, and its figure is missing. What
//! survives of rule (7): "两个鱼眼分别为双方走子的起点，对方的起点就是己方的终点。第1步先离开
//! 鱼眼沿线到达圆周，然后沿圆周按顺时针方向绕行一周，再折返进" — each side starts on its own eye
//! and ends on the opponent's; the first step leaves the eye along its line to the circle, then
//! the piece goes once round the circle clockwise, then turns back in … (broken off). Where the
//! points lie and how the broken-off remainder ends are Yunzi's reading (docs/GAMES.md), a
//! referee's, not the seed's:
//! - eight points on the circle at the eight directions (八卦's eight trigrams), N to NW; on
//!   the S, its middle O and the middle of each of its arcs, U (the upper arc) and L (the
//!   lower); the S joins the circle at N and S. The upper eye is inside the fish whose head is
//!   up, joined by a line to N, the circle's point above it; the lower eye likewise to S;
//! - each 本子's course: off its eye to the circle, once round clockwise back to that point,
//!   then in along the S ("折返进") to the opponent's eye: 甲 EU → N → NE → E → SE → S → SW →
//!   W → NW → N → U → O → L → EL; 乙 the same turned half round, EL → S → SW → W → NW → N → NE
//!   → E → SE → S → L → O → U → EU. Thirteen steps each;
//! - the first on the opponent's eye wins (对方的起点就是己方的终点). The two 本子 may stand on
//!   one point: the seed gives them no way to take or block each other.
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, record_line};
use crate::color::Color;
use crate::message::Message;

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

/// Steps from one's own eye, round the circle, to the opponent's eye (rule (7)).
pub const COURSE: usize = 13;

/// The points a side's 本子 goes through, from its own eye to the opponent's (rule (7)).
pub fn course(side: Color) -> [BaguaPoint; COURSE + 1] {
    use BaguaPoint::*;
    match side {
        Color::Black => [
            UpperEye, North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest, North, Upper, Centre,
            Lower, LowerEye,
        ],
        Color::White => [
            LowerEye, South, SouthWest, West, NorthWest, North, NorthEast, East, SouthEast, South, Lower, Centre,
            Upper, UpperEye,
        ],
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
    /// The other player's hand is due.
    NotYourHand,
}

impl BaguaRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            BaguaRefusal::GameOver => "game-over",
            BaguaRefusal::Held { .. } => "bagua-held",
            BaguaRefusal::Guess { .. } => "bagua-guess",
            BaguaRefusal::SameGuess => "bagua-same-guess",
            BaguaRefusal::NotYourHand => "bagua-not-your-hand",
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
            BaguaRefusal::NotYourHand => f.write_str("the other player's hand is due"),
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
    /// The first guesser's hand of the throw under way, until the second's is in.
    pending: Option<Hand>,
    /// The last throw made, and who guessed first in it, for the board to show.
    last_throw: Option<(Throw, Color)>,
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
        BaguaGame {
            steps: [0, 0],
            first_guesser: Color::Black,
            last_mover: None,
            throws: 0,
            pending: None,
            last_throw: None,
        }
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
        self.last_throw = Some((throw, self.first_guesser));
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

impl BaguaGame {
    /// Whose hand is due: the first guesser's, then, once it is in, the other's.
    pub fn hand_due(&self) -> Color {
        if self.pending.is_some() { self.first_guesser.opponent() } else { self.first_guesser }
    }

    /// Whether the side due may give `hand` now: its 辅子 as the round allows, its guess a
    /// possible sum, and the second guess not the first's. The first hand is checked with a
    /// stand-in for the second (which it cannot see), so only its own part is judged.
    pub fn check_hand(&self, hand: Hand) -> Result<(), BaguaRefusal> {
        let stand_in = |guess: u8| Hand { held: 1, guess: if guess == 4 { 3 } else { 4 } };
        match self.pending {
            None => self.check(Throw { first: hand, second: stand_in(hand.guess) }),
            Some(first) => self.check(Throw { first, second: hand }),
        }
    }

    /// The side due gives its hand: the first is kept hidden; the second completes the throw.
    /// The side that steps, once the throw is made and if anyone does.
    pub fn give_hand(&mut self, side: Color, hand: Hand) -> Result<Option<Color>, BaguaRefusal> {
        if side != self.hand_due() {
            return Err(BaguaRefusal::NotYourHand);
        }
        self.check_hand(hand)?;
        match self.pending.take() {
            None => {
                self.pending = Some(hand);
                Ok(None)
            }
            Some(first) => self.play(Throw { first, second: hand }),
        }
    }
}

/// Where each point is drawn (`Lines::Lattice`): a circle of eight round the centre, the S's
/// arcs bulging east above and west below, each eye the centre of its arc.
fn cell_of(point: BaguaPoint) -> (u8, u8) {
    use BaguaPoint::*;
    match point {
        North => (32, 0),
        NorthEast => (55, 5),
        East => (64, 18),
        SouthEast => (55, 31),
        South => (32, 36),
        SouthWest => (9, 31),
        West => (0, 18),
        NorthWest => (9, 5),
        Upper => (48, 9),
        Centre => (32, 18),
        Lower => (16, 27),
        UpperEye => (32, 9),
        LowerEye => (32, 27),
    }
}

impl BoardGame for BaguaGame {
    fn to_move(&self) -> Color {
        self.hand_due()
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.winner().is_some(), side, self.hand_due())?;
        let GameMove::Hand { held, guess } = mv else { return Err(Refusal::new("not-a-hand", "bagua-not-a-hand")) };
        self.check_hand(Hand { held, guess }).map_err(BaguaRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        let GameMove::Hand { held, guess } = mv else { return Ok(()) };
        self.give_hand(side, Hand { held, guess }).map(|_| ()).map_err(BaguaRefusal::refusal)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.winner().map(|winner| PlayEnd::decided(Some(winner)))
    }

    fn end_message(&self) -> Option<Message> {
        self.winner().map(|winner| Message::new("bagua-end-goal").nested("winner", winner.message()))
    }

    fn record_is_sgf(&self) -> bool {
        false
    }

    fn takes_hands(&self) -> bool {
        true
    }

    fn hidden_moves(&self) -> usize {
        usize::from(self.pending.is_some())
    }

    /// The last throw's hands and sum, and this round's first guess once given (never its
    /// 辅子).
    fn status_message(&self) -> Option<Message> {
        let last = self.last_throw.map(|(t, first)| {
            Message::new("bagua-last-throw")
                .nested("first", first.message())
                .number("first_held", t.first.held)
                .number("first_guess", t.first.guess)
                .nested("second", first.opponent().message())
                .number("second_held", t.second.held)
                .number("second_guess", t.second.guess)
                .number("sum", t.first.held + t.second.held)
        });
        let now = self.pending.map(|hand| {
            Message::new("bagua-first-guess").nested("side", self.first_guesser.message()).number("guess", hand.guess)
        });
        // Each side's course: how far along, and the goal, the opponent's eye.
        let courses = Message::new("bagua-courses")
            .number("black", self.steps(Color::Black))
            .number("white", self.steps(Color::White))
            .number("course", COURSE as i64);
        let said = match (last, now) {
            (Some(last), Some(now)) => Some(Message::new("bagua-status-both").nested("last", last).nested("now", now)),
            (last, now) => last.or(now),
        };
        Some(match said {
            Some(said) => Message::new("bagua-status-both").nested("last", said).nested("now", courses),
            None => courses,
        })
    }

    fn drawing(&self) -> Drawing {
        use BaguaPoint::*;
        let points = BaguaPoint::ALL.iter().map(|p| (cell_of(*p), p.code().to_string())).collect();
        let circle = [North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest, North];
        let s_curve = [North, Upper, Centre, Lower, South];
        let segments = circle
            .windows(2)
            .chain(s_curve.windows(2))
            .map(|w| [cell_of(w[0]), cell_of(w[1])])
            // Each eye's line to the circle (rule (7)'s first step), and its fish's arc of the S.
            .chain([
                [cell_of(UpperEye), cell_of(North)],
                [cell_of(LowerEye), cell_of(South)],
                [cell_of(UpperEye), cell_of(Upper)],
                [cell_of(LowerEye), cell_of(Lower)],
            ])
            .collect();
        let (black, white) = (cell_of(self.position(Color::Black)), cell_of(self.position(Color::White)));
        // Both on one point: Black's is drawn, marked as carrying White's too.
        let pieces = if black == white {
            vec![Piece::labelled(black.0, black.1, Color::Black, "○")]
        } else {
            vec![Piece::new(black.0, black.1, Color::Black), Piece::new(white.0, white.1, Color::White)]
        };
        let marked = vec![cell_of(UpperEye), cell_of(LowerEye)];
        Drawing::of(65, 37, Lines::Lattice { points, segments, marked }, pieces)
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        BaguaPoint::ALL.iter().find(|p| cell_of(**p) == (x, y)).map(|p| p.code().to_string()).unwrap_or_default()
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        BaguaPoint::ALL.iter().find(|p| p.code().eq_ignore_ascii_case(text.trim())).map(|p| cell_of(*p))
    }

    /// Not SGF's: Yunzi's text format, a hand a line, which [`replay_text`] reads back.
    fn record_header(&self) -> String {
        "# 八卦棋 (bagua), Yunzi's text format: docs/GAMES.md; a hand a line, guess/held\n".to_string()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        match mv {
            GameMove::Hand { held, guess } => record_line(side, format_args!("{guess}/{held}")),
            _ => String::new(),
        }
    }
}

impl BaguaRefusal {
    /// As the game shape refuses a hand: the rule's name and its reason in the reader's
    /// language.
    pub fn refusal(self) -> Refusal {
        let key = match self {
            BaguaRefusal::GameOver => "illegal-game-over",
            BaguaRefusal::Held { may_hold_none: true, .. } => "bagua-held-none",
            BaguaRefusal::Held { .. } => "bagua-held",
            BaguaRefusal::Guess { lowest: 1 } => "bagua-guess-from-one",
            BaguaRefusal::Guess { .. } => "bagua-guess",
            BaguaRefusal::SameGuess => "bagua-same-guess",
            BaguaRefusal::NotYourHand => "bagua-not-your-hand",
        };
        Refusal::new(self.code(), key)
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
        line.check_turn(*side, game.hand_due())?;
        let hand = |word: &str| {
            let (guess, held) = word.split_once('/')?;
            Some(Hand { guess: guess.trim().parse().ok()?, held: held.trim().parse().ok()? })
        };
        let other = if *side == Color::Black { "W" } else { "B" };
        let throw = match words.as_slice() {
            [first, who, second] if *who == other => hand(first).zip(hand(second)),
            _ => None,
        };
        if let [one] = words.as_slice() {
            // A hand a line, as the live board writes it: the first guesser's, then the other's.
            let hand = hand(one).ok_or_else(|| line.refuse("a hand is written B 3/2: guess/held"))?;
            game.give_hand(*side, hand).map_err(|why| line.refuse(why))?;
            continue;
        }
        if game.pending.is_some() {
            return Err(line.refuse("a round's first hand is in: the next line is the other's"));
        }
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
    }

    /// Rule (7): "两个鱼眼分别为双方走子的起点，对方的起点就是己方的终点。第1步先离开鱼眼沿线到达
    /// 圆周，然后沿圆周按顺时针方向绕行一周，再折返进…" — from one's own eye, the first step onto
    /// the circle, once round it clockwise, then in to the opponent's eye; every step along a
    /// line of the board.
    #[test]
    fn each_course_leaves_its_eye_goes_round_clockwise_and_ends_on_the_opponents_eye() {
        use BaguaPoint::*;
        let circle = [North, NorthEast, East, SouthEast, South, SouthWest, West, NorthWest];
        let lines = match BaguaGame::new().drawing().lines {
            Lines::Lattice { segments, .. } => segments,
            _ => Vec::new(),
        };
        for side in [Color::Black, Color::White] {
            let c = course(side);
            let (own, goal) = (BaguaGame::new().position(side), BaguaGame::new().position(side.opponent()));
            assert_eq!((c[0], c[COURSE]), (own, goal), "{side:?}: 对方的起点就是己方的终点");
            assert!(circle.contains(&c[1]), "{side:?}: the first step reaches the circle");
            // Once round clockwise: eight steps, each to the next point clockwise, back to c[1].
            let start = circle.iter().position(|p| *p == c[1]).unwrap_or_else(|| panic!("{side:?}"));
            for (i, step) in c[1..=9].iter().enumerate() {
                assert_eq!(*step, circle[(start + i) % 8], "{side:?}, step {}", i + 1);
            }
            assert!(c[10..COURSE].iter().all(|p| !circle.contains(p)), "{side:?}: then in, off the circle");
            for pair in c.windows(2) {
                let (a, b) = (cell_of(pair[0]), cell_of(pair[1]));
                assert!(lines.iter().any(|l| *l == [a, b] || *l == [b, a]), "{side:?}: no line {pair:?}");
            }
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
        assert_eq!((g.position(Color::Black), g.position(Color::White)), (BaguaPoint::North, BaguaPoint::LowerEye));
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
        assert_eq!(g.position(Color::White), BaguaPoint::South, "off its eye onto the circle");
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
    fn the_first_on_the_opponents_eye_wins() {
        // Rule (7): thirteen steps from one's own eye to the opponent's.
        let mut g = BaguaGame::new();
        for step in 1..=COURSE {
            assert_eq!(g.winner(), None);
            let held = if step == 1 { 1 } else { 0 };
            g.play(throw((held + 1, held), (4, 1))).unwrap_or_else(|e| panic!("{step}: {e}"));
            assert_eq!(g.position(Color::Black), course(Color::Black)[step]);
        }
        assert_eq!(g.winner(), Some(Color::Black));
        assert_eq!(g.position(Color::Black), BaguaPoint::LowerEye, "on White's eye");
        assert_eq!(g.check(throw((1, 0), (2, 1))), Err(BaguaRefusal::GameOver));
    }

    #[test]
    fn through_the_game_shape_a_round_is_two_hands_and_the_first_stays_hidden() {
        let mut g = BaguaGame::new();
        assert!(g.takes_hands() && BoardGame::to_move(&g) == Color::Black);
        let hand = |held, guess| GameMove::Hand { held, guess };
        assert_eq!(BoardGame::check(&g, Color::Black, hand(0, 3)).err().map(|r| r.code), Some("bagua-held"));
        assert_eq!(BoardGame::check(&g, Color::Black, GameMove::Pass).err().map(|r| r.code), Some("not-a-hand"));
        let mut record = g.record_header();
        for (side, mv) in [(Color::Black, hand(2, 3)), (Color::White, hand(1, 4))] {
            record.push_str(&g.record_move(side, mv));
            BoardGame::play(&mut g, side, mv).unwrap_or_else(|e| panic!("{e}"));
            if side == Color::Black {
                // Black's hand is in: White is due, sees the guess and never the 辅子 held.
                assert_eq!((BoardGame::to_move(&g), g.hidden_moves()), (Color::White, 1));
                let status = format!("{:?}", g.status_message());
                assert!(status.contains("bagua-first-guess") && !status.contains("held"), "{status}");
                let same = BoardGame::check(&g, Color::White, hand(1, 3)).err().map(|r| r.code);
                assert_eq!(same, Some("bagua-same-guess"));
            }
        }
        // The sum is 3: Black guessed it and steps off its eye onto the circle, at N.
        assert_eq!((g.hidden_moves(), g.position(Color::Black), g.steps(Color::White)), (0, BaguaPoint::North, 0));
        assert!(format!("{:?}", g.status_message()).contains("bagua-last-throw"));
        let back = replay_text(&record).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((back.rounds(), back.first_guesser()), (1, Color::Black));
        let drawing = g.drawing();
        assert!(matches!(&drawing.lines, Lines::Lattice { points, .. } if points.len() == 13));
        assert_eq!(drawing.pieces.len(), 2);
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
        /// Random throws: each moves at most one step; the first to the end of its course
        /// wins and the other has fewer steps.
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
