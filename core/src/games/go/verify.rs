//! The independent checker of dead-stone proofs ([`super::proof::Certificate`]): it replays a
//! certificate's strategy against every move the group's owner can make, with the board's own
//! rules (legality, captures) and the zone's conditions, and nothing of the search that made
//! it. A proof is accepted only if every line ends with the group captured. It shares no code
//! with the search on purpose: a proof is never trusted because the searcher said so.
use std::collections::HashSet;

use super::board::{Board, Point};
use super::proof::Certificate;
use crate::color::Color;

/// What the checker replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checked {
    /// Distinct positions it went through.
    pub positions: usize,
    /// Plies of the longest line to the capture.
    pub longest: usize,
}

/// A line this long has gone wrong (a proof's lines are far shorter).
const GUARD_PLIES: usize = 200;

/// Replays `certificate` on `board`; Ok with what was replayed, or why the proof fails.
pub fn verify(board: &Board, certificate: &Certificate) -> Result<Checked, String> {
    let first = *certificate.target.first().ok_or("the proof names no group")?;
    let owner = board.get(first).ok_or("the proof's group is not on the board")?;
    let mut group = board.chain(first);
    let mut target = certificate.target.clone();
    group.sort_unstable();
    target.sort_unstable();
    if group != target {
        return Err("the proof's stones are not one chain of the board".into());
    }
    let mut in_zone = vec![false; board.len()];
    for p in &certificate.zone {
        *in_zone.get_mut(p.index()).ok_or("a zone point is off the board")? = true;
    }
    let checker = Checker { certificate, owner, in_zone };
    if let Some(broken) = checker.broken(board) {
        return Err(format!("at the start: {broken}"));
    }
    let mut state = State { proven: HashSet::new(), path: Vec::new(), longest: 0 };
    let plies = if certificate.owner_first {
        checker.owner_to_move(board, &mut state, 0)?
    } else {
        checker.attacker_to_move(board, &mut state, 0)?
    };
    Ok(Checked { positions: state.proven.len(), longest: state.longest.max(plies) })
}

struct Checker<'a> {
    certificate: &'a Certificate,
    owner: Color,
    in_zone: Vec<bool>,
}

struct State {
    /// Positions (with who moves) from which every line was replayed to the capture.
    proven: HashSet<(u64, bool)>,
    /// The positions of the line being replayed, to catch a cycle.
    path: Vec<(u64, bool)>,
    longest: usize,
}

impl Checker<'_> {
    fn zone(&self, p: Point) -> bool {
        self.in_zone.get(p.index()).copied().unwrap_or(false)
    }

    fn captured(&self, board: &Board) -> bool {
        self.certificate.target.iter().any(|s| board.get(*s) != Some(self.owner))
    }

    /// Why the position breaks the zone's conditions, if it does: the group touching a point
    /// outside the zone that is not the attacker's (it would reach out of the fight).
    fn broken(&self, board: &Board) -> Option<String> {
        let attacker = self.owner.opponent();
        let group = board.chain(*self.certificate.target.first()?);
        for s in &group {
            if !self.zone(*s) {
                return Some("the group reaches out of the zone".into());
            }
            if board.neighbours(*s).any(|n| !self.zone(n) && board.get(n) != Some(attacker)) {
                return Some("the group touches a point outside the zone".into());
            }
        }
        None
    }

    /// The owner's moves outside the zone that the fight must answer: the empty points next
    /// to any attacker's chain that touches the zone (a surrounding chain, or one the attacker
    /// played at the zone's edge: its liberties outside are real liberties the owner may take). Where several
    /// such points touch only that one chain and points outside the zone, each would do the
    /// same (take one of its liberties), so only the first the owner may legally play is
    /// replayed. Every other move outside the zone changes nothing in it: a pass.
    fn outside_moves(&self, board: &Board) -> Vec<Point> {
        let attacker = self.owner.opponent();
        let mut chains_done: Vec<Point> = Vec::new();
        let mut out: Vec<Point> = Vec::new();
        let zone_points: Vec<Point> = board.points().filter(|p| self.zone(*p)).collect();
        for p in zone_points {
            for q in board.neighbours(p) {
                if board.get(q) != Some(attacker) {
                    continue;
                }
                let chain = board.chain(q);
                let Some(&lowest) = chain.iter().min() else { continue };
                if chains_done.contains(&lowest) {
                    continue;
                }
                chains_done.push(lowest);
                let mut alike: Vec<Point> = Vec::new();
                for liberty in board.liberties(q) {
                    if self.zone(liberty) {
                        continue;
                    }
                    let touches_only_this_chain = board
                        .neighbours(liberty)
                        .all(|m| !self.zone(m) && (board.get(m) != Some(attacker) || chain.contains(&m)));
                    if touches_only_this_chain {
                        alike.push(liberty);
                    } else {
                        out.push(liberty);
                    }
                }
                alike.sort_unstable();
                if let Some(first_legal) = alike
                    .into_iter()
                    .find(|l| board.preview(self.owner, *l, self.certificate.multi_stone_suicide).is_ok())
                {
                    out.push(first_legal);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// After a move by `mover`: Ok(true) if the group is captured, Ok(false) if the fight
    /// goes on, Err if the move broke the zone's conditions or repeated a position.
    fn after(&self, board: &Board, mover: Color, state: &State, ply: usize) -> Result<bool, String> {
        if self.captured(board) {
            return Ok(true);
        }
        if mover == self.owner && board.last_removed().iter().any(|p| !self.zone(*p)) {
            return Err(format!("ply {ply}: the owner captures a surrounding chain"));
        }
        if let Some(broken) = self.broken(board) {
            return Err(format!("ply {ply}: {broken}"));
        }
        if state.path.contains(&(board.hash(), mover == self.owner.opponent())) {
            return Err(format!("ply {ply}: a position repeats"));
        }
        if ply >= GUARD_PLIES {
            return Err(format!("ply {ply}: the line does not end"));
        }
        Ok(false)
    }

    /// The owner to move: every empty zone point it may play, every outside move that takes
    /// a surrounding chain's liberty, and a pass, must lose the group. Returns the longest line's plies from here.
    fn owner_to_move(&self, board: &Board, state: &mut State, ply: usize) -> Result<usize, String> {
        let key = (board.hash(), true);
        if state.proven.contains(&key) {
            return Ok(0);
        }
        state.path.push(key);
        let mut longest = 0;
        let outside = self.outside_moves(board);
        let replies =
            board.points().filter(|p| self.zone(*p) && board.get(*p).is_none()).chain(outside).map(Some).chain([None]);
        for reply in replies {
            let mut next = board.clone();
            match reply {
                Some(p) => {
                    if next.play(self.owner, p, self.certificate.multi_stone_suicide).is_err() {
                        continue; // not a legal move for the owner
                    }
                }
                None => next.forget_removed(),
            }
            let plies = if self.after(&next, self.owner, state, ply + 1)? {
                1
            } else {
                1 + self.attacker_to_move(&next, state, ply + 1)?
            };
            longest = longest.max(plies);
        }
        state.path.pop();
        state.proven.insert(key);
        state.longest = state.longest.max(ply + longest);
        Ok(longest)
    }

    /// The attacker to move: the strategy's answer must be a legal move in the zone that is
    /// not a ko capture.
    fn attacker_to_move(&self, board: &Board, state: &mut State, ply: usize) -> Result<usize, String> {
        let key = (board.hash(), false);
        if state.proven.contains(&key) {
            return Ok(0);
        }
        let answer = *self
            .certificate
            .strategy
            .get(&board.hash())
            .ok_or_else(|| format!("ply {ply}: the proof has no answer here"))?;
        if !self.zone(answer) {
            return Err(format!("ply {ply}: the answer is outside the zone"));
        }
        let mut next = board.clone();
        let played = next
            .play(self.owner.opponent(), answer, false)
            .map_err(|why| format!("ply {ply}: the answer is not a legal move ({why:?})"))?;
        if played.captures == 1 && next.chain_len(answer) == 1 && next.liberties(answer).len() == 1 {
            return Err(format!("ply {ply}: the answer takes a ko"));
        }
        state.path.push(key);
        let plies = if self.after(&next, self.owner.opponent(), state, ply + 1)? {
            1
        } else {
            1 + self.owner_to_move(&next, state, ply + 1)?
        };
        state.path.pop();
        state.proven.insert(key);
        Ok(plies)
    }
}
