//! A whole-board estimate of the dead stones at the end of a game, for positions that Benson's
//! unconditional life (`life::pass_alive`) leaves open, which is nearly every finished human
//! game: its borders are closed, but few groups are pass-alive.
//!
//! The estimate plays the position out many times at random, with a policy that keeps what
//! players keep: nobody fills their own eye, nobody puts a chain of two or more stones into
//! atari (which keeps seki standing and stops a group from killing itself), ko is not retaken
//! at once, and suicide is never played. Where a chain's points end up owned by the opponent in
//! most playouts, the chain is dead. This is an estimate, and says how sure it is: the share of
//! playouts in which the opponent owned the chain's points.
use super::board::{Board, Point};
use crate::domain::color::Color;

/// How many playouts an estimate takes (half with each side to move first).
pub const PLAYOUTS: usize = 160;

/// A chain is dead when, on average over its stones, the opponent owned the points this much
/// more often than its owner (ownership runs from -1 to 1).
const DEAD_BELOW: f32 = -0.4;

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

/// One random game from `board` to the end; adds who owns each point to `owned`.
fn playout(board: &Board, first: Color, rng: &mut Rng, owned: &mut [i32]) {
    let mut board = board.clone();
    let mut empties: Vec<Point> = board.points().filter(|p| board.get(*p).is_none()).collect();
    let mut color = first;
    let mut passes = 0;
    let mut ko: Option<Point> = None;
    let most_moves = 3 * board.len();
    for _ in 0..most_moves {
        let mut untried = empties.len();
        let mut played = None;
        while untried > 0 {
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
                if passes == 2 {
                    break;
                }
            }
            Some((at, p, single_capture)) => {
                passes = 0;
                empties.swap_remove(at);
                empties.extend_from_slice(board.last_removed());
                // A lone stone that took a lone stone and has one liberty left: retaking at
                // once would repeat the position (ko).
                ko = single_capture.filter(|_| board.chain(p).len() == 1 && board.liberties(p).len() == 1);
            }
        }
        color = color.opponent();
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
    let mut rng = Rng(board.hash() | 1);
    for i in 0..playouts {
        let first = if i % 2 == 0 { Color::Black } else { Color::White };
        playout(board, first, &mut rng, &mut owned);
    }
    let total = playouts.max(1) as f32;
    let ownership: Vec<f32> = owned.iter().map(|&o| o as f32 / total).collect();
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
        if mean < DEAD_BELOW {
            // Ownership -1 means the opponent owned it every time: as a share, (1 - mean) / 2.
            let sure = (1.0 - mean) / 2.0;
            certainty.extend(std::iter::repeat_n(sure, chain.len()));
            dead.extend(chain);
        }
    }
    Estimate { ownership, dead, certainty, playouts }
}
