//! A whole-board estimate of the dead stones at the end of a game, for positions that Benson's
//! unconditional life (`life::pass_alive`) leaves open, which is nearly every finished human
//! game: its borders are closed, but few groups are pass-alive.
//!
//! The estimate plays the position out many times at random, with a policy that keeps what
//! players keep: nobody fills their own eye, nobody puts a chain of two or more stones into
//! atari (which keeps seki standing and stops a group from killing itself), ko is not retaken
//! at once, and suicide is never played; and one that answers the last move as players do:
//! a chain it left in atari is taken, an own chain it put in atari is saved when a capture or
//! an extension can save it. A chain is dead when the playouts capture it often (see
//! `CAPTURED_FROM`) or its points end up the opponent's in most of them. This is an estimate,
//! and says how sure it is: the share of playouts in which the chain was captured and in which
//! the opponent owned its points.
use super::board::{Board, Point};
use crate::domain::color::Color;

/// How many playouts an estimate takes (half with each side to move first).
pub const PLAYOUTS: usize = 160;

/// A chain is dead when, on average over its stones, the opponent owned the points this much
/// more often than its owner (ownership runs from -1 to 1).
const DEAD_BELOW: f32 = -0.4;

/// A chain is dead when the playouts capture it at least this often (on average over its
/// stones). Random play reopens the space a capture leaves and often lives in it again, so
/// who owns the points at the end understates a dead group; whether it was taken does not.
/// Tuned on GNU Go's scoring suite with the playouts' tactics (0.3: 17 of 57, 0.4: 52,
/// 0.5: 51, 0.55: 48).
const CAPTURED_FROM: f32 = 0.4;

/// A chain its owner still holds at the end of the playouts this clearly (ownership from -1
/// to 1) is not dead by its captures alone: it is taken and retaken, as in a ko or a snapback.
const RETAKEN_FROM: f32 = 0.5;

/// What the playouts made of the position.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimate {
    /// Per point, from -1 (White owned it in every playout) to 1 (Black did).
    pub ownership: Vec<f32>,
    /// The stones estimated dead, each chain whole.
    pub dead: Vec<Point>,
    /// Per dead stone (same order as `dead`): the share of playouts in which the opponent
    /// owned its chain's points (how sure the estimate is).
    pub certainty: Vec<f32>,
    /// Per point: the share of playouts in which the stone there at the start was captured.
    pub captured: Vec<f32>,
    pub playouts: usize,
}

/// xorshift64*: deterministic, so the same position always gets the same proposal.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        (((x >> 32) * n as u64) >> 32) as usize
    }
}

/// Whether `p` is an eye of `color`: every neighbour is `color`'s, and the diagonals do not
/// make it false (at most one opponent diagonal in the middle, none on the edge).
fn is_eye(board: &Board, p: Point, color: Color) -> bool {
    if board.neighbours(p).any(|n| board.get(n) != Some(color)) {
        return false;
    }
    let (x, y) = board.xy(p);
    let (mut diagonals, mut opponent) = (0, 0);
    for (dx, dy) in [(-1i16, -1i16), (1, -1), (-1, 1), (1, 1)] {
        let (nx, ny) = (i16::from(x) + dx, i16::from(y) + dy);
        let Some(d) = u8::try_from(nx).ok().zip(u8::try_from(ny).ok()).and_then(|(a, b)| board.point(a, b)) else {
            continue;
        };
        diagonals += 1;
        if board.get(d) == Some(color.opponent()) {
            opponent += 1;
        }
    }
    if diagonals < 4 { opponent == 0 } else { opponent < 2 }
}

/// Whether `color` at `p` (a move that captures nothing) would leave a chain of two or more
/// stones with a single liberty.
fn self_atari(board: &Board, p: Point, color: Color) -> bool {
    let mut liberties: [Option<Point>; 2] = [None, None];
    let mut add = |l: Point| {
        if l == p || liberties.contains(&Some(l)) {
            return false;
        }
        match liberties.iter_mut().find(|s| s.is_none()) {
            Some(slot) => {
                *slot = Some(l);
                false
            }
            None => true, // a third liberty: not in atari
        }
    };
    let mut joins = false;
    for n in board.neighbours(p) {
        match board.get(n) {
            None => {
                if add(n) {
                    return false;
                }
            }
            Some(c) if c == color => {
                joins = true;
                for l in board.liberties(n) {
                    if add(l) {
                        return false;
                    }
                }
            }
            Some(_) => {}
        }
    }
    joins && liberties[1].is_none()
}

/// The fight the last move started, answered as players would: take a chain it left in
/// atari (the stone just played, or one next to it), else save an own chain next to it that
/// it put in atari, by taking an attacker in atari or by extending where that gives the
/// chain more than one liberty.
fn urgent(board: &Board, last: Point, color: Color) -> Option<Point> {
    let them = color.opponent();
    let mut own_in_atari: [Option<Point>; 5] = [None; 5];
    for (slot, q) in own_in_atari.iter_mut().zip(std::iter::once(last).chain(board.neighbours(last))) {
        match board.get(q) {
            Some(c) if c == them => {
                if let Some(l) = board.atari_liberty(q) {
                    return Some(l);
                }
            }
            Some(_) if board.atari_liberty(q).is_some() => *slot = Some(q),
            _ => {}
        }
    }
    for q in own_in_atari.into_iter().flatten() {
        // An attacker in atari next to the chain: taking it gives liberties back.
        for s in board.chain(q) {
            for n in board.neighbours(s) {
                if board.get(n) == Some(them)
                    && let Some(l) = board.atari_liberty(n)
                {
                    return Some(l);
                }
            }
        }
        if let Some(escape) = board.atari_liberty(q)
            && let Ok(preview) = board.preview(color, escape, false)
            && (preview.captures > 0 || !self_atari(board, escape, color))
        {
            return Some(escape);
        }
    }
    None
}

/// One random game from `board` to the end; adds who owns each point to `owned`.
fn playout(board: &Board, first: Color, rng: &mut Rng, owned: &mut [i32], captured: &mut [u32]) {
    let start = board;
    let mut taken = vec![false; board.len()];
    let mut board = board.clone();
    let mut empties: Vec<Point> = board.points().filter(|p| board.get(*p).is_none()).collect();
    let mut color = first;
    let mut passes = 0;
    let mut ko: Option<Point> = None;
    let most_moves = 3 * board.len();
    let mut last: Option<Point> = None;
    for _ in 0..most_moves {
        let mut untried = empties.len();
        let mut played = None;
        if let Some(p) = last.and_then(|m| urgent(&board, m, color)).filter(|p| Some(*p) != ko)
            && let Ok(preview) = board.preview(color, p, false)
            && let Some(at) = empties.iter().position(|e| *e == p)
        {
            board.apply(color, p, preview);
            played = Some((at, p, preview.single_capture));
        }
        while played.is_none() && untried > 0 {
            let pick = rng.below(untried);
            let p = empties[pick];
            untried -= 1;
            empties.swap(pick, untried);
            if Some(p) == ko || is_eye(&board, p, color) {
                continue;
            }
            let Ok(preview) = board.preview(color, p, false) else { continue };
            if preview.captures == 0 && self_atari(&board, p, color) {
                continue;
            }
            board.apply(color, p, preview);
            played = Some((untried, p, preview.single_capture));
            break;
        }
        match played {
            None => {
                passes += 1;
                ko = None;
                last = None;
                if passes == 2 {
                    break;
                }
            }
            Some((at, p, single_capture)) => {
                passes = 0;
                last = Some(p);
                empties.swap_remove(at);
                empties.extend_from_slice(board.last_removed());
                for r in board.last_removed() {
                    if start.get(*r).is_some()
                        && let Some(t) = taken.get_mut(r.index())
                    {
                        *t = true;
                    }
                }
                // A lone stone that took a lone stone and has one liberty left: retaking at
                // once would repeat the position (ko).
                ko = single_capture.filter(|_| board.chain(p).len() == 1 && board.liberties(p).len() == 1);
            }
        }
        color = color.opponent();
    }
    for (c, t) in captured.iter_mut().zip(&taken) {
        *c += u32::from(*t);
    }
    for p in board.points() {
        let owner = match board.get(p) {
            Some(c) => Some(c),
            None => {
                let mut around = board.neighbours(p).map(|n| board.get(n));
                let first = around.next().flatten();
                if first.is_some() && around.all(|c| c == first) { first } else { None }
            }
        };
        if let Some(slot) = owned.get_mut(p.index()) {
            *slot += match owner {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
}

/// Estimates the dead stones of a finished position with `playouts` random playouts.
pub fn estimate(board: &Board, playouts: usize) -> Estimate {
    let mut owned = vec![0i32; board.len()];
    let mut captured = vec![0u32; board.len()];
    let mut rng = Rng(board.hash() | 1);
    for i in 0..playouts {
        let first = if i % 2 == 0 { Color::Black } else { Color::White };
        playout(board, first, &mut rng, &mut owned, &mut captured);
    }
    let total = playouts.max(1) as f32;
    let ownership: Vec<f32> = owned.iter().map(|&o| o as f32 / total).collect();
    let captured: Vec<f32> = captured.iter().map(|&c| c as f32 / total).collect();
    let mut seen = vec![false; board.len()];
    let (mut dead, mut certainty) = (Vec::new(), Vec::new());
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if seen.get(p.index()).copied().unwrap_or(true) {
            continue;
        }
        let chain = board.chain(p);
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let mean = chain.iter().map(|s| sign * ownership.get(s.index()).copied().unwrap_or(0.0)).sum::<f32>()
            / chain.len() as f32;
        for s in &chain {
            if let Some(v) = seen.get_mut(s.index()) {
                *v = true;
            }
        }
        let taken =
            chain.iter().map(|s| captured.get(s.index()).copied().unwrap_or(0.0)).sum::<f32>() / chain.len() as f32;
        if mean < DEAD_BELOW || (taken >= CAPTURED_FROM && mean < RETAKEN_FROM) {
            // Ownership -1 means the opponent owned it every time: as a share, (1 - mean) / 2.
            let sure = (1.0 - mean) / 2.0;
            certainty.extend(std::iter::repeat_n(sure, chain.len()));
            dead.extend(chain);
        }
    }
    Estimate { ownership, dead, certainty, captured, playouts }
}
