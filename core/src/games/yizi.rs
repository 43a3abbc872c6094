//! 一字棋 (the one-line game) of the folk-games text: eleven points in a row, the left end
//! the goal (终点棋位, point 0 here; the others 1–10 counted from it), ten pieces shared by both
//! players. Three rule variants, one agreement:
//! - 棋规一: the ten pieces start one on each point but the goal;
//! - 棋规二: two on each of the five points farthest from the goal (6–10);
//! - 棋规三: none start on the board; the players take turns putting pieces on it (at least
//!   one, as many as are left, all on one point that is not the goal, stacking allowed), and
//!   once all ten are down they take turns moving, the player who put the last one down moving
//!   second — which is simply the turn passing on;
//! - a move takes one or more pieces off the top of one point's stack and carries them towards
//!   the goal (never back) by any distance, all to one point, onto whatever stands there; a
//!   piece on the goal never moves again;
//! - the game ends when all ten stand on the goal: whoever moved the last piece there wins, or,
//!   by the players' agreement made beforehand, loses (`YiziEnd::LastMoverLoses`).
//!
//! The seed has the loser of the previous game choose who starts; an event's pairing gives
//! Black the first move instead (docs/GAMES.md).
use std::fmt;

use super::folk_record::{Entry, RecordError, lines};
use super::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal, height_label, record_line};
use crate::color::Color;
use crate::message::Message;

/// Points on the line, the goal included.
pub const POINTS: usize = 11;
/// Pieces in the game.
pub const PIECES: u8 = 10;

/// How the pieces start (棋规一, 二, 三).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum YiziSetup {
    /// 棋规一: one piece on each point but the goal.
    OneOnEach,
    /// 棋规二: two on each of the five points farthest from the goal.
    TwoOnTheFarFive,
    /// 棋规三: the players put the pieces down in turn before moving them.
    PlacedInTurn,
}

/// Who wins when the last piece reaches the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum YiziEnd {
    /// The seed's rule: whoever moves the last piece to the goal wins.
    LastMoverWins,
    /// The agreement the seed allows: whoever moves the last piece there loses.
    LastMoverLoses,
}

/// A move of 一字棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum YiziMove {
    /// 棋规三's placing: `count` pieces put down on point `at`.
    Put { at: u8, count: u8 },
    /// `count` pieces from the top of point `from` carried to point `to`, nearer the goal.
    Carry { from: u8, to: u8, count: u8 },
}

/// Why the rules refuse a move of 一字棋.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YiziRefusal {
    /// No point of that number (0–10).
    OffTheLine,
    /// Play has ended.
    GameOver,
    /// Pieces are still to be put down (棋规三): no piece moves yet.
    StillPutting,
    /// All pieces are down: they are moved now, not put down.
    AllPut,
    /// Nothing is put on the goal.
    PutOnTheGoal,
    /// Fewer than one, or more than are left to put down.
    PutCount,
    /// A piece on the goal never moves again.
    FromTheGoal,
    /// Pieces move towards the goal only, at least one point.
    NotTowardsTheGoal,
    /// Fewer than one, or more than stand on that point.
    CarryCount,
}

impl YiziRefusal {
    /// The stable name pages and records use.
    pub fn code(self) -> &'static str {
        match self {
            YiziRefusal::OffTheLine => "yizi-off-the-line",
            YiziRefusal::GameOver => "game-over",
            YiziRefusal::StillPutting => "yizi-still-putting",
            YiziRefusal::AllPut => "yizi-all-put",
            YiziRefusal::PutOnTheGoal => "yizi-put-on-the-goal",
            YiziRefusal::PutCount => "yizi-put-count",
            YiziRefusal::FromTheGoal => "yizi-from-the-goal",
            YiziRefusal::NotTowardsTheGoal => "yizi-not-towards-the-goal",
            YiziRefusal::CarryCount => "yizi-carry-count",
        }
    }
}

impl fmt::Display for YiziRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            YiziRefusal::OffTheLine => "there is no such point: the points are 0 (the goal) to 10",
            YiziRefusal::GameOver => "play has ended",
            YiziRefusal::StillPutting => "pieces are still to be put down before any moves",
            YiziRefusal::AllPut => "all ten pieces are down: now they are moved",
            YiziRefusal::PutOnTheGoal => "no piece is put down on the goal",
            YiziRefusal::PutCount => "put down at least one piece, and no more than are left",
            YiziRefusal::FromTheGoal => "a piece on the goal never moves again",
            YiziRefusal::NotTowardsTheGoal => "pieces move towards the goal only, at least one point",
            YiziRefusal::CarryCount => "carry at least one piece, and no more than stand on the point",
        })
    }
}

impl std::error::Error for YiziRefusal {}

/// A game of 一字棋 under its rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YiziGame {
    setup: YiziSetup,
    end: YiziEnd,
    /// Pieces on each point, the goal (0) first.
    stacks: [u8; POINTS],
    /// Pieces still to put down (棋规三).
    to_put: u8,
    to_move: Color,
    /// Who moved last, once anyone has.
    last_mover: Option<Color>,
    moves: usize,
}

impl YiziGame {
    /// A new game: Black moves (or, under 棋规三, puts down) first.
    pub fn new(setup: YiziSetup, end: YiziEnd) -> YiziGame {
        let mut stacks = [0u8; POINTS];
        let to_put = match setup {
            YiziSetup::OneOnEach => {
                stacks.iter_mut().skip(1).for_each(|s| *s = 1);
                0
            }
            YiziSetup::TwoOnTheFarFive => {
                stacks.iter_mut().skip(POINTS - 5).for_each(|s| *s = 2);
                0
            }
            YiziSetup::PlacedInTurn => PIECES,
        };
        YiziGame { setup, end, stacks, to_put, to_move: Color::Black, last_mover: None, moves: 0 }
    }

    pub fn setup(&self) -> YiziSetup {
        self.setup
    }

    /// Who wins when the last piece reaches the goal, as agreed.
    pub fn end_rule(&self) -> YiziEnd {
        self.end
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces on each point, the goal first.
    pub fn stacks(&self) -> [u8; POINTS] {
        self.stacks
    }

    /// Pieces still to be put down (棋规三).
    pub fn to_put(&self) -> u8 {
        self.to_put
    }

    /// Moves made so far (puttings included).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Whether every piece stands on the goal.
    pub fn is_over(&self) -> bool {
        self.stacks[0] == PIECES
    }

    /// The winner, once play has ended.
    pub fn winner(&self) -> Option<Color> {
        let last = self.last_mover.filter(|_| self.is_over())?;
        Some(match self.end {
            YiziEnd::LastMoverWins => last,
            YiziEnd::LastMoverLoses => last.opponent(),
        })
    }

    /// Whether the side to move may make `mv`, and if not, why.
    pub fn check(&self, mv: YiziMove) -> Result<(), YiziRefusal> {
        if self.is_over() {
            return Err(YiziRefusal::GameOver);
        }
        let point = |p: u8| usize::from(p) < POINTS;
        match mv {
            YiziMove::Put { at, count } => {
                if !point(at) {
                    return Err(YiziRefusal::OffTheLine);
                }
                if self.to_put == 0 {
                    return Err(YiziRefusal::AllPut);
                }
                if at == 0 {
                    return Err(YiziRefusal::PutOnTheGoal);
                }
                if count == 0 || count > self.to_put {
                    return Err(YiziRefusal::PutCount);
                }
                Ok(())
            }
            YiziMove::Carry { from, to, count } => {
                if !point(from) || !point(to) {
                    return Err(YiziRefusal::OffTheLine);
                }
                if self.to_put > 0 {
                    return Err(YiziRefusal::StillPutting);
                }
                if from == 0 {
                    return Err(YiziRefusal::FromTheGoal);
                }
                if to >= from {
                    return Err(YiziRefusal::NotTowardsTheGoal);
                }
                if count == 0 || count > self.stacks[usize::from(from)] {
                    return Err(YiziRefusal::CarryCount);
                }
                Ok(())
            }
        }
    }

    /// The side to move makes `mv`; refused (and nothing changes) as [`YiziGame::check`] says.
    pub fn play(&mut self, mv: YiziMove) -> Result<(), YiziRefusal> {
        self.check(mv)?;
        match mv {
            YiziMove::Put { at, count } => {
                self.stacks[usize::from(at)] += count;
                self.to_put -= count;
            }
            YiziMove::Carry { from, to, count } => {
                self.stacks[usize::from(from)] -= count;
                self.stacks[usize::from(to)] += count;
            }
        }
        self.last_mover = Some(self.to_move);
        self.to_move = self.to_move.opponent();
        self.moves += 1;
        Ok(())
    }

    /// Every move the side to move may make now.
    pub fn legal_moves(&self) -> Vec<YiziMove> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        if self.to_put > 0 {
            for at in 1..POINTS as u8 {
                out.extend((1..=self.to_put).map(|count| YiziMove::Put { at, count }));
            }
            return out;
        }
        for from in 1..POINTS as u8 {
            for to in 0..from {
                out.extend((1..=self.stacks[usize::from(from)]).map(|count| YiziMove::Carry { from, to, count }));
            }
        }
        out
    }
}

impl YiziRefusal {
    /// As the game shape refuses a move: the rule's name and its reason in the reader's
    /// language.
    pub fn refusal(self) -> Refusal {
        let key = match self {
            YiziRefusal::GameOver => "illegal-game-over",
            other => other.code(),
        };
        Refusal { code: self.code(), reason: Message::new(key), made_at_the_board: false }
    }
}

/// The drawing's cell of point `point` (0 the goal, at the left): four half-steps apart.
fn cell_of_point(point: u8) -> Option<(u8, u8)> {
    (usize::from(point) < POINTS).then_some((point * 4, 0))
}

fn point_of_cell(x: u8, y: u8) -> Option<u8> {
    (y == 0 && x.is_multiple_of(4)).then_some(x / 4).filter(|p| usize::from(*p) < POINTS)
}

impl YiziEnd {
    /// How the game ended, said for a referee, with its winner.
    pub fn message(self, winner: Color) -> Message {
        let key = match self {
            YiziEnd::LastMoverWins => "yizi-end-last-wins",
            YiziEnd::LastMoverLoses => "yizi-end-last-loses",
        };
        Message::new(key).nested("winner", winner.message())
    }
}

/// The game shape's move as 一字棋's: one piece or several carried, or put down (棋规三).
fn yizi_move(mv: GameMove) -> Result<YiziMove, Refusal> {
    let point = |(x, y): (u8, u8)| point_of_cell(x, y).ok_or_else(|| YiziRefusal::OffTheLine.refusal());
    match mv {
        GameMove::Step { from, to } => Ok(YiziMove::Carry { from: point(from)?, to: point(to)?, count: 1 }),
        GameMove::Carry { from, to, count } => Ok(YiziMove::Carry { from: point(from)?, to: point(to)?, count }),
        GameMove::Place(x, y) => Ok(YiziMove::Put { at: point((x, y))?, count: 1 }),
        GameMove::PlaceMany { at, count } => Ok(YiziMove::Put { at: point(at)?, count }),
        _ => Err(Refusal::new("not-a-step", "yizi-not-a-move")),
    }
}

impl BoardGame for YiziGame {
    fn to_move(&self) -> Color {
        self.to_move
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Refusal::check_turn(self.is_over(), side, self.to_move)?;
        YiziGame::check(self, yizi_move(mv)?).map_err(YiziRefusal::refusal)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        BoardGame::check(self, side, mv)?;
        YiziGame::play(self, yizi_move(mv)?).map_err(YiziRefusal::refusal)
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

    fn carries_stacks(&self) -> bool {
        true
    }

    /// The line of eleven points, the goal a big ring at the left; each stack one piece
    /// marked with its height.
    fn drawing(&self) -> Drawing {
        let cells: Vec<(u8, u8)> = (0..POINTS as u8).filter_map(cell_of_point).collect();
        Drawing::of(
            41,
            1,
            Lines::Lattice {
                points: cells.iter().zip(0..).map(|(c, p): (&(u8, u8), u8)| (*c, p.to_string())).collect(),
                segments: vec![[(0, 0), (40, 0)]],
                marked: vec![(0, 0)],
            },
            (0..POINTS as u8)
                .filter_map(|p| {
                    let height = self.stacks[usize::from(p)];
                    let (x, y) = cell_of_point(p)?;
                    (height > 0).then(|| Piece::shared(x, y, height_label(height)))
                })
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
        let setup = match self.setup {
            YiziSetup::OneOnEach => 1,
            YiziSetup::TwoOnTheFarFive => 2,
            YiziSetup::PlacedInTurn => 3,
        };
        let end = if self.end == YiziEnd::LastMoverWins { "last-wins" } else { "last-loses" };
        format!("# 一字棋 (yizi), Yunzi's text format: docs/GAMES.md\nsetup: {setup}\nend: {end}\n")
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        let times = |count: u8| if count == 1 { String::new() } else { format!(" x{count}") };
        match yizi_move(mv) {
            Ok(YiziMove::Carry { from, to, count }) => record_line(side, format_args!("{from}-{to}{}", times(count))),
            Ok(YiziMove::Put { at, count }) => record_line(side, format_args!("+{at}{}", times(count))),
            Err(_) => String::new(),
        }
    }
}

/// A record of 一字棋 in Yunzi's text format (docs/GAMES.md): `#` comments, a header of
/// `setup: 1|2|3` and `end: last-wins|last-loses`, then one move a line: `B 7-3` (one piece
/// from point 7 to point 3), `W 9-0 x2` (two pieces), `B +5 x3` (棋规三: three put down on 5).
/// The sides must take turns, Black first. The game, or the first line it cannot read or the
/// rules refuse (its number and why).
pub fn replay_text(text: &str) -> Result<YiziGame, RecordError> {
    let (mut setup, mut end) = (YiziSetup::OneOnEach, YiziEnd::LastMoverWins);
    let mut game: Option<YiziGame> = None;
    for line in lines(text)? {
        let (side, words) = match &line.entry {
            Entry::Header { key, value } => {
                match (*key, *value) {
                    ("setup", "1") => setup = YiziSetup::OneOnEach,
                    ("setup", "2") => setup = YiziSetup::TwoOnTheFarFive,
                    ("setup", "3") => setup = YiziSetup::PlacedInTurn,
                    ("end", "last-wins") => end = YiziEnd::LastMoverWins,
                    ("end", "last-loses") => end = YiziEnd::LastMoverLoses,
                    ("game", "yizi") => {}
                    _ => return Err(line.refuse("the header says setup: 1, 2 or 3 and end: last-wins or last-loses")),
                }
                continue;
            }
            Entry::Move { side, words } => (*side, words),
        };
        let g = game.get_or_insert_with(|| YiziGame::new(setup, end));
        line.check_turn(side, g.to_move())?;
        let count = match words.get(1) {
            None => 1,
            Some(c) => c
                .strip_prefix('x')
                .and_then(|n| n.parse::<u8>().ok())
                .ok_or_else(|| line.refuse("a count is written x2, x3 …"))?,
        };
        let unreadable = || line.refuse("a move is written 7-3, or +5 for pieces put down");
        let what = words.first().copied().unwrap_or_default();
        let mv = match what.strip_prefix('+') {
            Some(at) => YiziMove::Put { at: at.parse().map_err(|_| unreadable())?, count },
            None => {
                let (from, to) = what.split_once('-').ok_or_else(unreadable)?;
                YiziMove::Carry {
                    from: from.parse().map_err(|_| unreadable())?,
                    to: to.parse().map_err(|_| unreadable())?,
                    count,
                }
            }
        };
        g.play(mv).map_err(|why| line.refuse(why))?;
    }
    Ok(game.unwrap_or_else(|| YiziGame::new(setup, end)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn through_the_game_shape_stacks_are_drawn_and_carried_and_the_record_reads_back() {
        let mut g = YiziGame::new(YiziSetup::PlacedInTurn, YiziEnd::LastMoverLoses);
        let at = |p: u8| cell_of_point(p).unwrap_or_default();
        let mut record = g.record_header();
        for mv in [
            GameMove::PlaceMany { at: at(9), count: 4 },
            GameMove::Place(at(3).0, at(3).1),
            GameMove::PlaceMany { at: at(9), count: 5 },
            GameMove::Carry { from: at(9), to: at(0), count: 3 },
            GameMove::Step { from: at(3), to: at(1) },
        ] {
            let side = BoardGame::to_move(&g);
            record.push_str(&g.record_move(side, mv));
            BoardGame::play(&mut g, side, mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        }
        assert!(record.contains("B +9 x4\nW +3\nB +9 x5\nW 9-0 x3\nB 3-1\n"), "{record}");
        let drawing = g.drawing();
        let label = |p: u8| drawing.pieces.iter().find(|q| (q.x, q.y) == at(p)).and_then(|q| q.label);
        assert_eq!((label(0), label(9), label(1), label(3)), (Some("3"), Some("6"), Some("1"), None));
        let back = replay_text(&record).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(back.stacks(), g.stacks());
        let away = GameMove::Carry { from: at(1), to: at(2), count: 1 };
        assert_eq!(BoardGame::check(&g, Color::White, away).err().map(|r| r.code), Some("yizi-not-towards-the-goal"));
    }

    #[test]
    fn the_board_and_the_three_setups() {
        // §1–2: eleven points, the goal at the left end; ten shared pieces.
        let one = YiziGame::new(YiziSetup::OneOnEach, YiziEnd::LastMoverWins);
        assert_eq!(one.stacks(), [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "棋规一: one on each point but the goal");
        let two = YiziGame::new(YiziSetup::TwoOnTheFarFive, YiziEnd::LastMoverWins);
        assert_eq!(two.stacks(), [0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2], "棋规二: two on the five farthest");
        let three = YiziGame::new(YiziSetup::PlacedInTurn, YiziEnd::LastMoverWins);
        assert_eq!((three.stacks().iter().sum::<u8>(), three.to_put()), (0, 10), "棋规三: none on the board");
        for g in [one, two] {
            assert_eq!(g.stacks().iter().sum::<u8>(), PIECES);
        }
    }

    #[test]
    fn pieces_move_towards_the_goal_any_distance_and_stack() {
        // §3(2): any point's pieces; towards the goal only; at least one point, up to the goal;
        // onto an occupied point, stacking without limit; several together to one point.
        let mut g = YiziGame::new(YiziSetup::OneOnEach, YiziEnd::LastMoverWins);
        assert_eq!(g.check(YiziMove::Carry { from: 3, to: 5, count: 1 }), Err(YiziRefusal::NotTowardsTheGoal));
        assert_eq!(g.check(YiziMove::Carry { from: 3, to: 3, count: 1 }), Err(YiziRefusal::NotTowardsTheGoal));
        assert_eq!(g.check(YiziMove::Carry { from: 3, to: 1, count: 2 }), Err(YiziRefusal::CarryCount));
        assert_eq!(g.check(YiziMove::Carry { from: 11, to: 1, count: 1 }), Err(YiziRefusal::OffTheLine));
        assert_eq!(g.check(YiziMove::Put { at: 3, count: 1 }), Err(YiziRefusal::AllPut));
        g.play(YiziMove::Carry { from: 10, to: 4, count: 1 }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.stacks()[4], 2, "onto the piece already there");
        assert_eq!(g.to_move(), Color::White);
        g.play(YiziMove::Carry { from: 4, to: 0, count: 2 }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.stacks()[0], 2, "both together, to the goal");
        // ⑥ a piece on the goal never moves again.
        assert_eq!(g.check(YiziMove::Carry { from: 0, to: 0, count: 1 }), Err(YiziRefusal::FromTheGoal));
        // Part of a stack: the top pieces only.
        g.play(YiziMove::Carry { from: 9, to: 8, count: 1 }).unwrap_or_else(|e| panic!("{e}"));
        g.play(YiziMove::Carry { from: 8, to: 5, count: 1 }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.stacks()[8], 1);
        assert_eq!(g.stacks()[5], 2);
    }

    #[test]
    fn the_last_piece_to_the_goal_wins_or_by_agreement_loses() {
        // §3(3): all ten on the goal ends it; who moved the last there wins — also when the last
        // move carried several; or, agreed beforehand, loses.
        let script =
            [(10, 0, 1), (9, 0, 1), (8, 0, 1), (7, 0, 1), (6, 0, 1), (5, 0, 1), (4, 0, 1), (3, 2, 1), (2, 0, 2)];
        for (end, winner) in [(YiziEnd::LastMoverWins, Color::White), (YiziEnd::LastMoverLoses, Color::Black)] {
            let mut g = YiziGame::new(YiziSetup::OneOnEach, end);
            for (i, (from, to, count)) in script.iter().enumerate() {
                assert_eq!(g.winner(), None, "not over before move {}", i + 1);
                g.play(YiziMove::Carry { from: *from, to: *to, count: *count }).unwrap_or_else(|e| panic!("{e}"));
            }
            assert!(!g.is_over(), "point 1 still holds a piece");
            g.play(YiziMove::Carry { from: 1, to: 0, count: 1 }).unwrap_or_else(|e| panic!("{e}"));
            assert!(g.is_over());
            assert_eq!(g.moves(), 10);
            assert_eq!(g.winner(), Some(winner), "{end:?}");
            assert_eq!(g.check(YiziMove::Carry { from: 1, to: 0, count: 1 }), Err(YiziRefusal::GameOver));
        }
    }

    #[test]
    fn under_rule_three_the_pieces_are_put_down_in_turn_first() {
        // §5: none at the start; at least one a turn, up to all left; several only on one
        // point; on occupied points too; not on the goal; moving starts once all are down, the
        // one who put the last down moving second.
        let mut g = YiziGame::new(YiziSetup::PlacedInTurn, YiziEnd::LastMoverWins);
        assert_eq!(g.check(YiziMove::Carry { from: 5, to: 0, count: 1 }), Err(YiziRefusal::StillPutting));
        assert_eq!(g.check(YiziMove::Put { at: 0, count: 1 }), Err(YiziRefusal::PutOnTheGoal));
        assert_eq!(g.check(YiziMove::Put { at: 5, count: 0 }), Err(YiziRefusal::PutCount));
        assert_eq!(g.check(YiziMove::Put { at: 5, count: 11 }), Err(YiziRefusal::PutCount));
        g.play(YiziMove::Put { at: 5, count: 3 }).unwrap_or_else(|e| panic!("{e}"));
        g.play(YiziMove::Put { at: 5, count: 6 }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.stacks()[5], 9, "stacked on the pieces there");
        g.play(YiziMove::Put { at: 10, count: 1 }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.to_put(), 0);
        assert_eq!(g.to_move(), Color::White, "Black put the last piece down: White moves first");
        assert_eq!(g.check(YiziMove::Put { at: 1, count: 1 }), Err(YiziRefusal::AllPut));
        assert!(g.check(YiziMove::Carry { from: 5, to: 0, count: 9 }).is_ok());
    }

    #[test]
    fn a_record_in_the_text_format_replays() {
        let record =
            "# a short game\nsetup: 2\nend: last-wins\nB 10-0 x2\nW 9-0 x2\nB 8-0 x2\nW 7-0 x2\nB 6-0\nW 6-0\n";
        let g = replay_text(record).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(g.winner(), Some(Color::White));
        assert_eq!(replay_text("B 3-5").err().map(|e| e.0), Some(1));
        let wrong_turn = replay_text("B 3-1\nB 4-1").err();
        assert!(wrong_turn.is_some_and(|(n, why)| n == 2 && why.contains("white's turn")));
        assert!(replay_text("setup: 4").is_err());
        assert!(replay_text("B 3-1 y2").err().is_some_and(|(_, why)| why.contains("x2")));
    }

    fn play_out(setup: YiziSetup, end: YiziEnd, choices: &[usize]) -> (YiziGame, usize) {
        let mut g = YiziGame::new(setup, end);
        let mut turns = 0;
        let mut i = 0;
        while !g.is_over() {
            let legal = g.legal_moves();
            assert!(!legal.is_empty(), "a side always has a move until the end");
            let pick = choices.get(i).copied().unwrap_or(0) % legal.len();
            i += 1;
            g.play(legal[pick]).unwrap_or_else(|e| panic!("{e}"));
            turns += 1;
            // Each move brings a piece nearer the goal (or puts one down): the game is finite.
            assert!(turns <= 10 * 10 + 10, "more moves than the pieces have steps");
        }
        (g, turns)
    }

    proptest! {
        /// Random legal play always ends, with every piece on the goal, and the winner is the
        /// rule's: the last mover, or under the agreement the other side.
        #[test]
        fn random_play_always_ends_as_the_rules_say(
            setup in prop_oneof![Just(YiziSetup::OneOnEach), Just(YiziSetup::TwoOnTheFarFive), Just(YiziSetup::PlacedInTurn)],
            loses in any::<bool>(),
            choices in proptest::collection::vec(any::<usize>(), 0..120),
        ) {
            let end = if loses { YiziEnd::LastMoverLoses } else { YiziEnd::LastMoverWins };
            let (g, turns) = play_out(setup, end, &choices);
            prop_assert_eq!(g.stacks()[0], PIECES);
            // Black moved last when the number of moves is odd.
            let last = if turns % 2 == 1 { Color::Black } else { Color::White };
            let expected = if loses { last.opponent() } else { last };
            prop_assert_eq!(g.winner(), Some(expected));
        }
    }
}
