//! Life and death settled by reading, for a group shut in by the opponent: a bounded search of
//! the local fight (the region of points not the opponent's that holds the group), in which
//! only the points of that region are played, the stones around it are taken to stand, and no
//! position of the line repeats. Ko follows a [`KoRetake`]: in play a ko is retaken after one
//! move elsewhere (or a ko threat, while a side has one); in the confirmation of life and death
//! after the game (Japanese 1989 Art. 7-2) only after a pass. The attacker wins when a stone
//! of the group is captured; the defender when the group is unconditionally alive (Benson) or
//! both pass with it on the board (seki). The answer carries its proof: the line played
//! against the best defence.
use std::collections::HashMap;

use super::board::{Board, Point};
use crate::domain::color::Color;

/// Regions with more empty points than this are not read (open borders are for the estimate).
pub const MAX_REGION_POINTS: usize = 10;
/// Chains around the region with this many liberties or fewer are read with it.
const SHORT_OF_LIBERTIES: usize = 2;
/// ... and with this many, when no more than one of them lies outside the region (a chain
/// shut in with the group, like the inner chain of a seki with its own eye).
const SHUT_IN_LIBERTIES: usize = 3;
/// Positions a reading may visit before it gives up.
const MAX_NODES: usize = 8_000;
/// Positions one reading on its own ([`read`]) may visit: a shape read alone, not one of the
/// many groups of a finished board, may take longer (six stones on the second line: 77,000).
const READ_ALONE_NODES: usize = 100_000;
/// A chain of this many stones is not put in atari for nothing (see `lives`).
const BIG_CHAIN: usize = 7;
/// Moves a line may run to.
const MAX_DEPTH: usize = 24;

/// One move of a line: who plays and where (None: a pass; a ko threat played outside the
/// region and its answer show as two passes).
pub type LineMove = (Color, Option<Point>);

/// When a ko captured in the reading may be retaken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KoRetake {
    /// As in play: after one move elsewhere, or at once by a ko threat outside the region
    /// that the opponent answers, while the side has threats left (Black's, White's).
    Play { threats: [u8; 2] },
    /// Japanese 1989 Art. 7-2: when life and death is confirmed after the game, a ko captured
    /// may be retaken only once its side has passed, a pass for that ko; threats play no part.
    Confirmation,
}

impl KoRetake {
    /// Play with no ko threats on either side: what a finished game's proposal assumes.
    pub const NO_THREATS: KoRetake = KoRetake::Play { threats: [0, 0] };
}

/// The ko restrictions of a position in the reading: the points where each side may not yet
/// retake a ko (by colour: Black, White) and the ko threats each has left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
struct KoState {
    banned: [Vec<Point>; 2],
    threats: [u8; 2],
}

fn side(color: Color) -> usize {
    usize::from(color == Color::White)
}

/// What reading says of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Captured even when its owner moves first: `line` is that fight, the owner's best
    /// defence and the capture that refutes it.
    Dead { line: Vec<LineMove> },
    /// Standing even when the opponent moves first: `line` is the attack and the answer
    /// that keeps it alive (two eyes, or a seki both leave alone).
    Alive { line: Vec<LineMove> },
    /// Whoever moves first wins it.
    Unsettled,
}

struct Search<'a> {
    target: Point,
    defender: Color,
    region: &'a [Point],
    rule: KoRetake,
    nodes: usize,
    /// Positions this reading may visit.
    limit: usize,
    /// Set while a move was left out because it repeated a position of the line: what was
    /// found below then holds for this line only, and is not remembered for others.
    repeated: bool,
    /// (position, player to move, ko restrictions, passes in a row) → whether the defender lives.
    memo: HashMap<MemoKey, bool>,
}

type MemoKey = (u64, bool, KoState, u8);

/// What a side may play next in the reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Move(Point),
    /// A pass; under [`KoRetake::Confirmation`] a pass for the ko banned at the point given.
    Pass(Option<Point>),
    /// A ko threat outside the region and the opponent's answer.
    Threat,
}

/// The region of points not `attacker`'s that holds `target`, if it is small enough to read.
pub(crate) fn region_of(board: &Board, target: Point, attacker: Color) -> Option<Vec<Point>> {
    let mut seen = vec![false; board.len()];
    let mut stack = vec![target];
    let mut region = Vec::new();
    let mut empty = 0;
    if let Some(s) = seen.get_mut(target.index()) {
        *s = true;
    }
    while let Some(p) = stack.pop() {
        region.push(p);
        if board.get(p).is_none() {
            empty += 1;
            if empty > MAX_REGION_POINTS {
                return None;
            }
        }
        for n in board.neighbours(p) {
            if board.get(n) != Some(attacker)
                && let Some(s) = seen.get_mut(n.index()).filter(|s| !**s)
            {
                *s = true;
                stack.push(n);
            }
        }
    }
    // The opponent's stones inside (every liberty in the region, like a stone on the vital
    // point) belong to the fight: their points can be played again once they are taken.
    let mut inside = Vec::new();
    for &p in &region {
        for n in board.neighbours(p) {
            if board.get(n) == Some(attacker) && !inside.contains(&n) && !seen.get(n.index()).copied().unwrap_or(true) {
                let chain = board.chain(n);
                if board.liberties(n).iter().all(|l| seen.get(l.index()) == Some(&true)) {
                    inside.extend(chain);
                }
            }
        }
    }
    region.extend(inside);
    // Short of liberties, the stones around are part of the fight too (a seki, a capturing
    // race): their liberties outside are played as well. Chains with more liberties out in
    // the open are taken to stand: reading them would spend the budget on the open board.
    let mut outside = Vec::new();
    for &p in &region {
        for n in board.neighbours(p) {
            if board.get(n) == Some(attacker) && !region.contains(&n) && !outside.contains(&n) {
                let liberties = board.liberties(n);
                let out_in_the_open = liberties.iter().filter(|l| !region.contains(l)).count();
                if liberties.len() <= SHORT_OF_LIBERTIES
                    || (liberties.len() <= SHUT_IN_LIBERTIES && out_in_the_open <= 1)
                {
                    outside.extend(board.chain(n));
                    for l in liberties {
                        if !region.contains(&l) && !outside.contains(&l) {
                            empty += 1;
                            outside.push(l);
                        }
                    }
                }
            }
        }
    }
    if empty > MAX_REGION_POINTS {
        return None;
    }
    region.extend(outside);
    Some(region)
}

impl Search<'_> {
    /// Does the defender keep the group, with `to_move` to play? `line` gets the best line.
    fn lives(
        &mut self,
        board: &Board,
        to_move: Color,
        ko: &KoState,
        passes: u8,
        path: &mut Vec<u64>,
        line: &mut Vec<LineMove>,
    ) -> Option<bool> {
        if board.get(self.target) != Some(self.defender) {
            return Some(false);
        }
        if passes >= 2 {
            return Some(true);
        }
        // Only the defender's own move can make the group unconditionally alive. Benson is
        // worked out only once two points with no attacker beside them exist (it costs a
        // whole-board pass); eyes holding dead stones are then read on instead, which is
        // slower but no less right.
        if to_move != self.defender
            && self.eye_points(board) >= 2
            && super::benson::pass_alive(board, self.defender).get(self.target.index()) == Some(&true)
        {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > self.limit || path.len() > MAX_DEPTH {
            return None;
        }
        let key = (board.hash(), to_move == self.defender, ko.clone(), passes);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        let repeated_above = std::mem::replace(&mut self.repeated, false);
        let defending = to_move == self.defender;
        let mut unknown = false;
        let mut best: Option<Vec<LineMove>> = None;
        for step in self.steps(board, to_move, ko) {
            let mut next = board.clone();
            let mut next_ko = ko.clone();
            let mut next_to_move = to_move.opponent();
            let mut shown = vec![(to_move, None)];
            let me = side(to_move);
            let them = side(to_move.opponent());
            match step {
                Step::Move(p) => {
                    let Ok(done) = next.play(to_move, p, false) else { continue };
                    // Nobody puts a big chain in atari without taking anything: such a move
                    // only hands the opponent the stones, and reading it costs the most.
                    if done.captures == 0 && next.liberties(p).len() == 1 && next.chain(p).len() >= BIG_CHAIN {
                        continue;
                    }
                    shown = vec![(to_move, Some(p))];
                    let ko_capture = (done.captures == 1 && next.chain(p).len() == 1 && next.liberties(p).len() == 1)
                        .then_some(done.single_capture)
                        .flatten();
                    if let KoRetake::Play { .. } = self.rule {
                        // In play a ban lasts one move.
                        next_ko.banned = Default::default();
                    }
                    for banned in &mut next_ko.banned {
                        banned.retain(|b| next.get(*b).is_none());
                    }
                    if let Some(taken) = ko_capture
                        && let Some(banned) = next_ko.banned.get_mut(them)
                        && !banned.contains(&taken)
                    {
                        banned.push(taken);
                        banned.sort_unstable();
                    }
                }
                Step::Pass(lifted) => {
                    if let Some(banned) = next_ko.banned.get_mut(me) {
                        match (self.rule, lifted) {
                            (KoRetake::Confirmation, Some(p)) => banned.retain(|b| *b != p),
                            (KoRetake::Confirmation, None) => {}
                            (KoRetake::Play { .. }, _) => banned.clear(),
                        }
                    }
                }
                Step::Threat => {
                    // The threat is answered: the same side moves again, free to retake.
                    if let Some(banned) = next_ko.banned.get_mut(me) {
                        banned.clear();
                    }
                    if let Some(t) = next_ko.threats.get_mut(me) {
                        *t = t.saturating_sub(1);
                    }
                    next_to_move = to_move;
                    shown = vec![(to_move, None), (to_move.opponent(), None)];
                }
            }
            let position = next.hash() ^ threats_hash(&next_ko.threats);
            if matches!(step, Step::Move(_)) && path.contains(&position) {
                self.repeated = true;
                continue;
            }
            path.push(position);
            let mut sub = Vec::new();
            let passes_next = if matches!(step, Step::Pass(_)) { passes + 1 } else { 0 };
            let result = self.lives(&next, next_to_move, &next_ko, passes_next, path, &mut sub);
            path.pop();
            match result {
                None => unknown = true,
                Some(lives) => {
                    shown.extend(sub);
                    if lives == defending {
                        // A win for the side to move: this move is the answer.
                        *line = shown;
                        self.remember(key, lives, repeated_above);
                        return Some(lives);
                    }
                    // A loss: keep the longest resistance as the line to show.
                    if best.as_ref().is_none_or(|b| shown.len() > b.len()) {
                        best = Some(shown);
                    }
                }
            }
        }
        if unknown {
            return None;
        }
        *line = best.unwrap_or_default();
        let lives = !defending;
        self.remember(key, lives, repeated_above);
        Some(lives)
    }

    /// Empty points of the region with no attacker stone beside them.
    fn eye_points(&self, board: &Board) -> usize {
        let attacker = Some(self.defender.opponent());
        self.region
            .iter()
            .filter(|p| board.get(**p).is_none() && !board.neighbours(**p).any(|n| board.get(n) == attacker))
            .count()
    }

    /// The moves `to_move` may try, those next to stones first (they decide most fights),
    /// then its passes and its ko threat.
    fn steps(&self, board: &Board, to_move: Color, ko: &KoState) -> Vec<Step> {
        let banned = ko.banned.get(side(to_move)).map(Vec::as_slice).unwrap_or_default();
        let retakes =
            |p: Point| banned.contains(&p) && board.preview(to_move, p, false).is_ok_and(|done| done.captures == 1);
        let mut steps: Vec<Step> = self
            .region
            .iter()
            .copied()
            .filter(|p| board.get(*p).is_none() && !retakes(*p) && !own_eye(board, *p, to_move))
            .map(Step::Move)
            .collect();
        steps.sort_by_key(|s| match s {
            Step::Move(p) => !board.neighbours(*p).any(|n| board.get(n).is_some()),
            _ => true,
        });
        match self.rule {
            KoRetake::Confirmation if !banned.is_empty() => steps.extend(banned.iter().map(|p| Step::Pass(Some(*p)))),
            _ => steps.push(Step::Pass(None)),
        }
        if let KoRetake::Play { .. } = self.rule
            && !banned.is_empty()
            && ko.threats.get(side(to_move)).is_some_and(|t| *t > 0)
        {
            steps.push(Step::Threat);
        }
        steps
    }

    /// Keeps a result for other lines unless a repetition shaped it; either way the line
    /// above learns whether one did.
    fn remember(&mut self, key: MemoKey, lives: bool, repeated_above: bool) {
        if !self.repeated {
            self.memo.insert(key, lives);
        }
        self.repeated |= repeated_above;
    }
}

/// A point all of whose neighbours are stones of one chain of `color`: filling it connects
/// nothing and only takes a liberty from that chain, so the reading does not try it.
fn own_eye(board: &Board, p: Point, color: Color) -> bool {
    let mut neighbours = board.neighbours(p);
    let Some(first) = neighbours.next() else { return false };
    if board.get(first) != Some(color) {
        return false;
    }
    let chain = board.chain(first);
    neighbours.all(|n| board.get(n) == Some(color) && chain.contains(&n))
}

/// Mixed into a position's hash: with threats left the whole board differs, so a repetition
/// of the region after a threat is no repetition of the board.
fn threats_hash(threats: &[u8; 2]) -> u64 {
    (u64::from(threats[0]) << 8 | u64::from(threats[1])).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Reads the group at `target` (a stone) against its opponent, within the region the
/// opponent shuts it in. None when the region is too open or the reading too long.
pub fn read(board: &Board, target: Point, rule: KoRetake) -> Option<Verdict> {
    let mut budget = READ_ALONE_NODES;
    read_with_limit(board, target, rule, &mut budget, READ_ALONE_NODES)
}

/// [`read`] within `budget` positions (at most the one reading's own limit), which it spends:
/// a caller reading a whole board shares one budget among its groups.
pub fn read_within(board: &Board, target: Point, rule: KoRetake, budget: &mut usize) -> Option<Verdict> {
    read_with_limit(board, target, rule, budget, MAX_NODES)
}

fn read_with_limit(
    board: &Board,
    target: Point,
    rule: KoRetake,
    budget: &mut usize,
    max_nodes: usize,
) -> Option<Verdict> {
    let defender = board.get(target)?;
    let attacker = defender.opponent();
    let region = region_of(board, target, attacker)?;
    let limit = (*budget).min(max_nodes);
    let mut search =
        Search { target, defender, region: &region, rule, nodes: 0, limit, repeated: false, memo: HashMap::new() };
    let start = match rule {
        KoRetake::Play { threats } => KoState { banned: Default::default(), threats },
        KoRetake::Confirmation => KoState::default(),
    };
    let first = board.hash() ^ threats_hash(&start.threats);
    let verdict = (|| {
        let mut defended = Vec::new();
        if !search.lives(board, defender, &start, 0, &mut vec![first], &mut defended)? {
            // Captured even moving first: dead whoever starts.
            return Some(Verdict::Dead { line: defended });
        }
        let mut attacked = Vec::new();
        let lives_attacked = search.lives(board, attacker, &start, 0, &mut vec![first], &mut attacked)?;
        Some(if lives_attacked { Verdict::Alive { line: attacked } } else { Verdict::Unsettled })
    })();
    *budget = budget.saturating_sub(search.nodes);
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        Board::from_text(rows).unwrap_or_else(|e| panic!("{e}"))
    }

    fn at(b: &Board, x: u8, y: u8) -> Point {
        b.point(x, y).unwrap_or_else(|| panic!("{x},{y}"))
    }

    #[test]
    fn a_group_with_one_eye_space_of_two_is_dead_and_the_line_shows_the_capture() {
        // Black's corner group has a two-point eye space: whoever plays, it cannot make two eyes.
        let b = board(
            "..XO.
             XXXO.
             OOOO.
             .....",
        );
        match read(&b, at(&b, 2, 0), KoRetake::NO_THREATS) {
            Some(Verdict::Dead { line }) => {
                assert_eq!(line.first().map(|m| m.0), Some(Color::Black), "Black defends first: {line:?}");
                assert!(line.iter().any(|m| m.0 == Color::White && m.1.is_some()), "White captures: {line:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn two_eyes_are_alive_and_straight_three_is_unsettled() {
        let two_eyes = board(
            ".X.XO.
             XXXXO.
             OOOOO.
             ......",
        );
        assert!(matches!(read(&two_eyes, at(&two_eyes, 1, 0), KoRetake::NO_THREATS), Some(Verdict::Alive { .. })));
        // Three in a row on the edge: the middle point makes two eyes or kills.
        let straight_three = board(
            "...XO.
             XXXXO.
             OOOOO.
             ......",
        );
        assert_eq!(read(&straight_three, at(&straight_three, 3, 0), KoRetake::NO_THREATS), Some(Verdict::Unsettled));
    }

    /// tests/life/corpus.txt: positions with known status and where it comes from; reading
    /// must agree with every one. Each board is set in the top left of a 9×9 board, or of the
    /// size its `size:` line gives; a `ko:` line gives the ko rule (no threats unless it says).
    #[test]
    fn the_corpus_reads_as_the_books_say() {
        let corpus = include_str!("../../../tests/life/corpus.txt");
        let mut read_count = 0;
        let mut wrong = Vec::new();
        let mut sizes = std::collections::BTreeSet::new();
        for block in corpus.split("\nname: ").skip(1) {
            let mut lines = block.lines().peekable();
            let name = lines.next().unwrap_or_default().trim();
            let mut fields = HashMap::new();
            while let Some((key, value)) = lines.peek().and_then(|l| l.split_once(": ")) {
                fields.insert(key.trim(), value.trim());
                lines.next();
            }
            let field = |key: &str| fields.get(key).copied().unwrap_or_else(|| panic!("{name}: no {key}"));
            let (expect, target, _source) = (field("expect"), field("target"), field("source"));
            let size: usize = fields.get("size").map_or(9, |s| s.parse().unwrap_or_else(|_| panic!("{name}: size")));
            let rule = match fields.get("ko").copied() {
                None => KoRetake::NO_THREATS,
                Some("confirmation") => KoRetake::Confirmation,
                Some(threats) => {
                    let count = |side: &str| {
                        threats
                            .split(',')
                            .find_map(|t| t.trim().strip_prefix(side))
                            .map_or(0, |n| n.trim().parse().unwrap_or_else(|_| panic!("{name}: ko")))
                    };
                    KoRetake::Play { threats: [count("black threats"), count("white threats")] }
                }
            };
            let rows: Vec<&str> = lines.map(str::trim).take_while(|l| !l.is_empty()).collect();
            assert!(rows.len() <= size && rows.iter().all(|r| r.len() <= size), "{name}: larger than {size}×{size}");
            let padded: Vec<String> =
                (0..size).map(|y| format!("{:.<size$}", rows.get(y).copied().unwrap_or_default())).collect();
            let b = board(&padded.join("\n"));
            sizes.insert(size);
            let letter = |i: usize| target.as_bytes().get(i).map_or(0, |c| c.saturating_sub(b'a'));
            let at = at(&b, letter(0), letter(1));
            assert!(b.get(at).is_some(), "{name}: no stone at {target}");
            let verdict = match read(&b, at, rule) {
                Some(Verdict::Dead { .. }) => "dead",
                Some(Verdict::Alive { .. }) => "alive",
                Some(Verdict::Unsettled) => "unsettled",
                None => "not read",
            };
            if verdict != expect {
                wrong.push(format!("{name}: read {verdict}, expected {expect}"));
            }
            read_count += 1;
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
        assert!(read_count >= 23, "{read_count} positions");
        assert!(sizes.contains(&9) && sizes.contains(&19), "boards of 9×9 to 19×19: {sizes:?}");
    }

    #[test]
    fn a_wide_open_group_is_not_read() {
        let open = board(
            "......
             ..X...
             ......
             ......",
        );
        assert_eq!(read(&open, at(&open, 2, 1), KoRetake::NO_THREATS), None);
    }
}
