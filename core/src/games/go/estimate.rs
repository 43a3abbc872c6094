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
//! `CAPTURED_FROM`) or its points end up the opponent's in most of them, and so is a large
//! group its chains make, captured as one less often (see `large_groups`). This is an estimate,
//! and says how sure it is: the share of playouts in which the chain was captured and in which
//! the opponent owned its points.
use super::board::{Board, Joined, Point};
use crate::color::Color;

/// How many playouts an estimate takes (half with each side to move first); as many again
/// when a large group lies too near its line to tell (see `large_groups`).
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
    /// How many playouts it took: `PLAYOUTS`, or twice as many (see `large_groups`).
    pub playouts: usize,
    /// The large groups the playouts captured as one often enough to be dead (see
    /// `large_groups`); their stones are in `dead` too.
    pub dead_large_groups: Vec<LargeGroup>,
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

/// One random game from `board` to the end; adds who owns each point to `owned`, and marks
/// in `taken` (one flag per point, all false on entry) the stones of `board` it captured.
fn playout(board: &Board, first: Color, rng: &mut Rng, owned: &mut [i32], taken: &mut [bool]) {
    let start = board;
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

/// A chain of the start position and what the playouts did to it.
struct ChainFate {
    color: Color,
    stones: Vec<Point>,
    /// One bit per playout: set where the chain was captured.
    fell: Vec<u64>,
    /// The share of playouts that captured it.
    captured: f32,
    /// Its owner's mean ownership of its points, from -1 to 1.
    own: f32,
}

impl ChainFate {
    /// In how many playouts one of the two chains was captured and the other not.
    fn disagreements(&self, other: &ChainFate) -> u32 {
        self.fell.iter().zip(&other.fell).map(|(a, b)| (a ^ b).count_ones()).sum()
    }
}

/// Estimates the dead stones of a finished position with `playouts` random playouts, and as
/// many again when a large group's share of captures after the first ones lies too near the
/// line that makes it dead to tell (see `large_groups`).
pub fn estimate(board: &Board, playouts: usize) -> Estimate {
    let (mut chains, chain_of) = chains_of(board, 2 * playouts);
    let mut owned = vec![0i32; board.len()];
    let mut taken = vec![false; board.len()];
    let mut rng = Rng(board.hash() | 1);
    let mut played = 0;
    let near_the_line = |g: &ChainGroup| (g.captured - LARGE_GROUP_CAPTURED_FROM).abs() < TOO_NEAR_TO_TELL;
    loop {
        for i in played..played + playouts {
            let first = if i % 2 == 0 { Color::Black } else { Color::White };
            taken.fill(false);
            playout(board, first, &mut rng, &mut owned, &mut taken);
            for chain in chains.iter_mut() {
                // A chain is captured whole: its first stone says.
                if chain.stones.first().is_some_and(|s| taken.get(s.index()) == Some(&true))
                    && let Some(word) = chain.fell.get_mut(i / 64)
                {
                    *word |= 1 << (i % 64);
                }
            }
        }
        played += playouts;
        settle_chains(&mut chains, &owned, played);
        if played >= 2 * playouts || !large_groups(board, &chains, &chain_of, played).iter().any(near_the_line) {
            break;
        }
    }
    let total = played.max(1) as f32;
    let ownership: Vec<f32> = owned.iter().map(|&o| o as f32 / total).collect();
    // A stone is captured exactly when its chain is.
    let mut captured = vec![0.0; board.len()];
    for chain in &chains {
        for s in &chain.stones {
            if let Some(c) = captured.get_mut(s.index()) {
                *c = chain.captured;
            }
        }
    }
    let dead_large_groups: Vec<ChainGroup> = large_groups(board, &chains, &chain_of, played)
        .into_iter()
        .filter(|g| g.captured >= LARGE_GROUP_CAPTURED_FROM)
        .collect();
    let mut in_dead_large_group = vec![false; chains.len()];
    for group in &dead_large_groups {
        for &c in &group.chains {
            if let Some(v) = in_dead_large_group.get_mut(c) {
                *v = true;
            }
        }
    }
    let (mut dead, mut certainty) = (Vec::new(), Vec::new());
    for (c, chain) in chains.iter().enumerate() {
        let (mean, taken) = (chain.own, chain.captured);
        if mean < DEAD_BELOW
            || (taken >= CAPTURED_FROM && mean < RETAKEN_FROM)
            || in_dead_large_group.get(c) == Some(&true)
        {
            // Ownership -1 means the opponent owned it every time: as a share, (1 - mean) / 2.
            let sure = (1.0 - mean) / 2.0;
            certainty.extend(std::iter::repeat_n(sure, chain.stones.len()));
            dead.extend(chain.stones.iter().copied());
        }
    }
    let dead_large_groups = dead_large_groups
        .into_iter()
        .map(|g| LargeGroup {
            stones: g.chains.iter().filter_map(|&c| chains.get(c)).flat_map(|c| c.stones.iter().copied()).collect(),
            chains: g.chains.len(),
            captured: g.captured,
        })
        .collect();
    Estimate { ownership, dead, certainty, captured, playouts: played, dead_large_groups }
}

/// The chains of `board`, each with room for the fates of `playouts` playouts, and per point
/// the index of its chain (`usize::MAX` for an empty point).
fn chains_of(board: &Board, playouts: usize) -> (Vec<ChainFate>, Vec<usize>) {
    let mut chain_of = vec![usize::MAX; board.len()];
    let mut chains: Vec<ChainFate> = Vec::new();
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if chain_of.get(p.index()) != Some(&usize::MAX) {
            continue;
        }
        let stones = board.chain(p);
        for s in &stones {
            if let Some(c) = chain_of.get_mut(s.index()) {
                *c = chains.len();
            }
        }
        chains.push(ChainFate { color, stones, fell: vec![0; playouts.div_ceil(64)], captured: 0.0, own: 0.0 });
    }
    (chains, chain_of)
}

/// Each chain's share of captures and its owner's mean ownership after `played` playouts.
fn settle_chains(chains: &mut [ChainFate], owned: &[i32], played: usize) {
    let total = played.max(1) as f32;
    for chain in chains {
        let sign = if chain.color == Color::Black { 1.0 } else { -1.0 };
        let n = chain.stones.len().max(1) as f32;
        chain.own = chain.stones.iter().map(|s| sign * owned.get(s.index()).copied().unwrap_or(0) as f32).sum::<f32>()
            / (n * total);
        chain.captured = chain.fell.iter().map(|w| w.count_ones()).sum::<u32>() as f32 / total;
    }
}

/// A large group the playouts capture as one, often enough that it is dead though each of
/// its chains falls less often than `CAPTURED_FROM` (see `large_groups`).
#[derive(Debug, Clone, PartialEq)]
pub struct LargeGroup {
    /// Every stone of the group.
    pub stones: Vec<Point>,
    /// How many chains it is made of.
    pub chains: usize,
    /// The share of playouts that captured it (its chains', weighted by stones).
    pub captured: f32,
}

/// A group found by `large_groups`, by chain index.
struct ChainGroup {
    chains: Vec<usize>,
    captured: f32,
}

/// The large groups of the position: the caller holds each to `LARGE_GROUP_CAPTURED_FROM`,
/// which makes it dead though the playouts capture it less often than a small chain must be
/// to count as dead. Killing a big group takes many exact moves of the
/// attacker (every outside liberty, the vital points), and random play rarely makes them all
/// while every random move of its owner inside is a chance of two eyes: so the playouts
/// capture a dead big group less often than a dead small one. A group that has two eyes,
/// though, is never captured at all (nobody fills their own eye). On GNU Go's scoring suite,
/// groups of 15 stones or more that GNU Go calls alive are captured in at most 24% of the
/// playouts, and those it calls dead in 28-40% (1,000 playouts a game).
///
/// A group is chains of one colour that share a liberty and that the playouts captured
/// together: in all but `SAME_FATE_MISSES` of them, both or neither. Each must itself fall
/// in `WEAK_CHAIN_FROM` of the playouts, so a strong chain never joins a weak one.
fn large_groups(board: &Board, chains: &[ChainFate], chain_of: &[usize], playouts: usize) -> Vec<ChainGroup> {
    let mut joined = Joined::new(chains.len());
    let misses_allowed = (playouts as f32 * SAME_FATE_MISSES) as u32;
    let weak = |c: usize| chains.get(c).is_some_and(|f| f.captured >= WEAK_CHAIN_FROM);
    for p in board.points().filter(|p| board.get(*p).is_none()) {
        let mut around: [usize; 4] = [usize::MAX; 4];
        for (slot, n) in around.iter_mut().zip(board.neighbours(p)) {
            *slot = chain_of.get(n.index()).copied().unwrap_or(usize::MAX);
        }
        for (i, &a) in around.iter().enumerate() {
            for &b in around.iter().skip(i + 1) {
                let (Some(fa), Some(fb)) = (chains.get(a), chains.get(b)) else { continue };
                if a == b || fa.color != fb.color || !weak(a) || !weak(b) || fa.disagreements(fb) > misses_allowed {
                    continue;
                }
                joined.join(a, b);
            }
        }
    }
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); chains.len()];
    for c in 0..chains.len() {
        if weak(c) {
            let r = joined.root(c);
            if let Some(m) = members.get_mut(r) {
                m.push(c);
            }
        }
    }
    members
        .into_iter()
        .filter_map(|group| {
            let stones: usize = group.iter().filter_map(|&c| chains.get(c)).map(|c| c.stones.len()).sum();
            let weighted = |f: &dyn Fn(&ChainFate) -> f32| {
                group.iter().filter_map(|&c| chains.get(c)).map(|c| f(c) * c.stones.len() as f32).sum::<f32>()
                    / stones.max(1) as f32
            };
            let (captured, own) = (weighted(&|c| c.captured), weighted(&|c| c.own));
            (stones >= LARGE_GROUP_STONES && own < RETAKEN_FROM).then_some(ChainGroup { chains: group, captured })
        })
        .collect()
}

/// A group of at least this many stones is large (see `large_groups`).
const LARGE_GROUP_STONES: usize = 15;

/// A large group is dead when the playouts capture it at least this often (see `large_groups`).
const LARGE_GROUP_CAPTURED_FROM: f32 = 0.3;

/// A large group whose share of captures after the first playouts is nearer the line than
/// this gets as many playouts again: about two standard deviations of a share near 0.3 over
/// 160 playouts.
const TOO_NEAR_TO_TELL: f32 = 0.07;

/// Chains join a group only when they fall at least this often.
const WEAK_CHAIN_FROM: f32 = 0.2;

/// Chains join a group only when their fates differ in at most this share of the playouts.
const SAME_FATE_MISSES: f32 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;

    /// Three white chains of 5, 3 and 7 stones, each sharing a liberty with the next.
    const THREE_CHAINS: &str = "
        .........
        OOOOO.OOO
        .........
        OOOOOOO..
        .........
        ....X....
        .........
        .........
        .........";

    /// The chains of `rows` after `playouts` playouts in which the chain at each given point
    /// fell in the given playouts.
    fn fates(
        rows: &str,
        playouts: usize,
        fell: &[((u8, u8), std::ops::Range<usize>)],
    ) -> (Board, Vec<ChainFate>, Vec<usize>) {
        let board = Board::from_text(rows).unwrap_or_else(|e| panic!("{e}"));
        let (mut chains, chain_of) = chains_of(&board, playouts);
        for ((x, y), range) in fell {
            let p = board.point(*x, *y).unwrap_or_else(|| panic!("no point {x},{y}"));
            let chain = chains.get_mut(chain_of[p.index()]).unwrap_or_else(|| panic!("no chain at {x},{y}"));
            for i in range.clone() {
                chain.fell[i / 64] |= 1 << (i % 64);
            }
        }
        let owned: Vec<i32> = board
            .points()
            .map(|p| {
                let chain = chain_of.get(p.index()).and_then(|&c| chains.get(c));
                // Owned by its owner whenever it stands, by the opponent when it fell.
                let fell = chain.map(|c| c.fell.iter().map(|w| w.count_ones()).sum::<u32>() as i32).unwrap_or(0);
                let stood = playouts as i32 - fell;
                match board.get(p) {
                    Some(Color::Black) => stood - fell,
                    Some(Color::White) => fell - stood,
                    None => 0,
                }
            })
            .collect();
        settle_chains(&mut chains, &owned, playouts);
        (board, chains, chain_of)
    }

    #[test]
    fn chains_that_share_liberties_and_fall_together_are_one_large_group() {
        let (board, chains, chain_of) = fates(THREE_CHAINS, 160, &[((0, 1), 0..56), ((6, 1), 0..56), ((0, 3), 0..56)]);
        let groups = large_groups(&board, &chains, &chain_of, 160);
        assert_eq!(groups.len(), 1, "one group of 15 stones");
        let group = &groups[0];
        assert_eq!(group.chains.len(), 3);
        assert!((group.captured - 0.35).abs() < 1e-6, "captured {}", group.captured);
        assert!(group.captured >= LARGE_GROUP_CAPTURED_FROM, "dead as one");
        assert!(chains.iter().all(|c| c.captured < CAPTURED_FROM), "though no chain is dead by itself");
    }

    #[test]
    fn a_chain_with_another_fate_or_a_strong_one_does_not_join() {
        // The 7-stone chain's fate differs from the others' in 16 playouts (5% of 160 is 8).
        let (board, chains, chain_of) = fates(THREE_CHAINS, 160, &[((0, 1), 0..56), ((6, 1), 0..56), ((0, 3), 8..64)]);
        assert!(large_groups(&board, &chains, &chain_of, 160).is_empty(), "5 + 3 stones are not large");
        // In 8 it is one group.
        let (board, chains, chain_of) = fates(THREE_CHAINS, 160, &[((0, 1), 0..56), ((6, 1), 0..56), ((0, 3), 0..64)]);
        assert_eq!(large_groups(&board, &chains, &chain_of, 160).len(), 1);
        // The 3-stone chain falls in a tenth of the playouts only: a strong chain joins nothing,
        // so the other two (12 stones) are not large, even with the same fates.
        let (board, chains, chain_of) = fates(THREE_CHAINS, 160, &[((0, 1), 0..56), ((6, 1), 0..16), ((0, 3), 0..56)]);
        assert!(large_groups(&board, &chains, &chain_of, 160).is_empty());
    }

    #[test]
    fn the_estimate_of_a_position_with_a_large_group_is_deterministic_and_consistent() {
        // Whatever the playouts make of it, every stone of a large group found dead is in the
        // dead list, and the same position gives the same estimate.
        let board = Board::from_text(THREE_CHAINS).unwrap_or_else(|e| panic!("{e}"));
        let first = estimate(&board, PLAYOUTS);
        assert_eq!(first, estimate(&board, PLAYOUTS));
        assert!(first.playouts == PLAYOUTS || first.playouts == 2 * PLAYOUTS);
        for group in &first.dead_large_groups {
            assert!(group.stones.iter().all(|s| first.dead.contains(s)));
        }
    }
}
