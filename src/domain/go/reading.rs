//! Life and death settled by reading, for a group shut in by the opponent: a bounded search of
//! the local fight (the region of points not the opponent's that holds the group), in which
//! only the points of that region are played, the stones around it are taken to stand, ko
//! is not retaken at once (no threats), and no position of the line repeats. The attacker
//! wins when a stone of the group is captured; the defender when the group is unconditionally
//! alive (Benson) or both pass with it on the board (seki). The answer carries its proof: the
//! line played against the best defence.
use std::collections::HashMap;

use super::board::{Board, Point};
use crate::domain::color::Color;

/// Regions with more empty points than this are not read (open borders are for the estimate).
pub const MAX_REGION_POINTS: usize = 10;
/// Chains around the region with this many liberties or fewer are read with it.
const SHORT_OF_LIBERTIES: usize = 2;
/// Positions a reading may visit before it gives up.
const MAX_NODES: usize = 8_000;
/// Moves a line may run to.
const MAX_DEPTH: usize = 24;

/// One move of a line: who plays and where (None: a pass).
pub type LineMove = (Color, Option<Point>);

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
    nodes: usize,
    /// Positions this reading may visit.
    limit: usize,
    /// Set while a move was left out because it repeated a position of the line: what was
    /// found below then holds for this line only, and is not remembered for others.
    repeated: bool,
    /// (position, player to move, ko point, passes in a row) → whether the defender lives.
    memo: HashMap<(u64, bool, Option<Point>, u8), bool>,
}

/// The region of points not `attacker`'s that holds `target`, if it is small enough to read.
fn region_of(board: &Board, target: Point, attacker: Color) -> Option<Vec<Point>> {
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
    // race): their liberties outside are played as well.
    let mut outside = Vec::new();
    for &p in &region {
        for n in board.neighbours(p) {
            if board.get(n) == Some(attacker) && !region.contains(&n) && !outside.contains(&n) {
                let liberties = board.liberties(n);
                if liberties.len() <= SHORT_OF_LIBERTIES {
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
        ko: Option<Point>,
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
        // Only the defender's own move can make the group unconditionally alive.
        if to_move != self.defender
            && super::life::pass_alive(board, self.defender).get(self.target.index()) == Some(&true)
        {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > self.limit || path.len() > MAX_DEPTH {
            return None;
        }
        let key = (board.hash(), to_move == self.defender, ko, passes);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        let repeated_above = std::mem::replace(&mut self.repeated, false);
        let defending = to_move == self.defender;
        let mut unknown = false;
        let mut best: Option<Vec<LineMove>> = None;
        let mut candidates: Vec<Option<Point>> =
            self.region.iter().copied().filter(|p| board.get(*p).is_none() && Some(*p) != ko).map(Some).collect();
        // Moves next to the group first: they decide most fights.
        candidates.sort_by_key(|m| m.map(|p| !board.neighbours(p).any(|n| board.get(n).is_some())));
        candidates.push(None);
        for mv in candidates {
            let mut next = board.clone();
            let mut next_ko = None;
            if let Some(p) = mv {
                let Ok(done) = next.play(to_move, p, false) else { continue };
                if path.contains(&next.hash()) {
                    self.repeated = true;
                    continue;
                }
                if done.captures == 1 && next.chain(p).len() == 1 && next.liberties(p).len() == 1 {
                    next_ko = done.single_capture;
                }
            }
            path.push(next.hash());
            let mut sub = Vec::new();
            let passes_next = if mv.is_none() { passes + 1 } else { 0 };
            let result = self.lives(&next, to_move.opponent(), next_ko, passes_next, path, &mut sub);
            path.pop();
            match result {
                None => unknown = true,
                Some(lives) => {
                    let mut this = vec![(to_move, mv)];
                    this.extend(sub);
                    if lives == defending {
                        // A win for the side to move: this move is the answer.
                        *line = this;
                        self.remember(key, lives, repeated_above);
                        return Some(lives);
                    }
                    // A loss: keep the longest resistance as the line to show.
                    if best.as_ref().is_none_or(|b| this.len() > b.len()) {
                        best = Some(this);
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

    /// Keeps a result for other lines unless a repetition shaped it; either way the line
    /// above learns whether one did.
    fn remember(&mut self, key: (u64, bool, Option<Point>, u8), lives: bool, repeated_above: bool) {
        if !self.repeated {
            self.memo.insert(key, lives);
        }
        self.repeated |= repeated_above;
    }
}

/// Reads the group at `target` (a stone) against its opponent, within the region the
/// opponent shuts it in. None when the region is too open or the reading too long.
pub fn read(board: &Board, target: Point) -> Option<Verdict> {
    read_within(board, target, &mut MAX_NODES.clone())
}

/// [`read`] within `budget` positions (at most the one reading's own limit), which it spends:
/// a caller reading a whole board shares one budget among its groups.
pub fn read_within(board: &Board, target: Point, budget: &mut usize) -> Option<Verdict> {
    let defender = board.get(target)?;
    let attacker = defender.opponent();
    let region = region_of(board, target, attacker)?;
    let limit = (*budget).min(MAX_NODES);
    let mut search =
        Search { target, defender, region: &region, nodes: 0, limit, repeated: false, memo: HashMap::new() };
    let verdict = (|| {
        let mut defended = Vec::new();
        if !search.lives(board, defender, None, 0, &mut vec![board.hash()], &mut defended)? {
            // Captured even moving first: dead whoever starts.
            return Some(Verdict::Dead { line: defended });
        }
        let mut attacked = Vec::new();
        let lives_attacked = search.lives(board, attacker, None, 0, &mut vec![board.hash()], &mut attacked)?;
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
        match read(&b, at(&b, 2, 0)) {
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
        assert!(matches!(read(&two_eyes, at(&two_eyes, 1, 0)), Some(Verdict::Alive { .. })));
        // Three in a row on the edge: the middle point makes two eyes or kills.
        let straight_three = board(
            "...XO.
             XXXXO.
             OOOOO.
             ......",
        );
        assert_eq!(read(&straight_three, at(&straight_three, 3, 0)), Some(Verdict::Unsettled));
    }

    /// tests/life/corpus.txt: positions with known status and where it comes from; reading
    /// must agree with every one.
    #[test]
    fn the_corpus_reads_as_the_books_say() {
        let corpus = include_str!("../../../tests/life/corpus.txt");
        let mut read_count = 0;
        for block in corpus.split("\nname: ").skip(1) {
            let mut lines = block.lines();
            let name = lines.next().unwrap_or_default();
            let mut field = |key: &str| {
                lines.next().and_then(|l| l.strip_prefix(key)).map(str::trim).unwrap_or_else(|| panic!("{name}: {key}"))
            };
            let (expect, target, _source) = (field("expect: "), field("target: "), field("source: "));
            let rows: Vec<&str> = lines.take_while(|l| !l.trim().is_empty()).collect();
            let b = board(&rows.join("\n"));
            let letter = |i: usize| target.as_bytes().get(i).map_or(0, |c| c.saturating_sub(b'a'));
            let at = at(&b, letter(0), letter(1));
            let verdict = match read(&b, at) {
                Some(Verdict::Dead { .. }) => "dead",
                Some(Verdict::Alive { .. }) => "alive",
                Some(Verdict::Unsettled) => "unsettled",
                None => "not read",
            };
            assert_eq!(verdict, expect, "{name}");
            read_count += 1;
        }
        assert!(read_count >= 23, "{read_count} positions");
    }

    #[test]
    fn a_wide_open_group_is_not_read() {
        let open = board(
            "......
             ..X...
             ......
             ......",
        );
        assert_eq!(read(&open, at(&open, 2, 1)), None);
    }
}
