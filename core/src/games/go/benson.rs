//! Benson's unconditional life: the chains that stay on the board whatever the opponent
//! plays, even if their owner always passes, and the small regions they own. Both the
//! dead-stone proposal (`life`) and reading (`reading`) stand on it.
use super::board::{Board, Point};
use crate::color::Color;

/// Regions up to this size cannot hold an opponent group with two eyes (the smallest living
/// shape, in the corner, takes eight points).
pub(super) const SMALL_REGION: usize = 7;

/// A maximal connected set of points not occupied by `color`, with what borders it.
pub(super) struct Region {
    pub(super) points: Vec<usize>,
    /// Heads of `color`'s chains that touch it.
    pub(super) chains: Vec<usize>,
}

/// The chain head of each stone (head = smallest index in the chain, computed here so this
/// module needs nothing but the public board API).
pub(super) fn chain_heads(board: &Board) -> Vec<Option<usize>> {
    let mut heads = vec![None; board.len()];
    for p in board.points() {
        if board.get(p).is_some() && heads.get(p.index()).copied().flatten().is_none() {
            let chain = board.chain(p);
            let head = chain.iter().map(|s| s.index()).min().unwrap_or(p.index());
            for s in chain {
                if let Some(h) = heads.get_mut(s.index()) {
                    *h = Some(head);
                }
            }
        }
    }
    heads
}

pub(super) fn regions_of(board: &Board, color: Color, heads: &[Option<usize>]) -> Vec<Region> {
    let mut seen = vec![false; board.len()];
    let mut out = Vec::new();
    for start in board.points() {
        if board.get(start) == Some(color) || seen.get(start.index()).copied().unwrap_or(true) {
            continue;
        }
        let mut region = Region { points: Vec::new(), chains: Vec::new() };
        let mut stack = vec![start];
        if let Some(s) = seen.get_mut(start.index()) {
            *s = true;
        }
        while let Some(p) = stack.pop() {
            region.points.push(p.index());
            for n in board.neighbours(p) {
                if board.get(n) == Some(color) {
                    if let Some(h) = heads.get(n.index()).copied().flatten()
                        && !region.chains.contains(&h)
                    {
                        region.chains.push(h);
                    }
                } else if let Some(s) = seen.get_mut(n.index()).filter(|s| !**s) {
                    *s = true;
                    stack.push(n);
                }
            }
        }
        out.push(region);
    }
    out
}

/// Benson's algorithm: which of `color`'s stones can never be captured, even if `color`
/// passes every move, and which regions they own. Returns, per point, whether it is a
/// pass-alive stone of `color` or lies in a region enclosed by such stones (their territory).
pub fn pass_alive(board: &Board, color: Color) -> Vec<bool> {
    let heads = chain_heads(board);
    let regions = regions_of(board, color, &heads);
    let mut chains: Vec<usize> = heads.iter().flatten().copied().collect();
    chains.sort_unstable();
    chains.dedup();
    chains.retain(|h| board.get(Point(*h as u16)) == Some(color));
    let mut chain_alive: Vec<bool> = vec![true; chains.len()];
    let mut region_alive: Vec<bool> = vec![true; regions.len()];
    // A region is vital to a chain when every empty point in it is a liberty of that chain.
    let liberty_of = |point: usize, head: usize| -> bool {
        board.neighbours(Point(point as u16)).any(|n| heads.get(n.index()).copied().flatten() == Some(head))
    };
    let vital: Vec<Vec<bool>> = regions
        .iter()
        .map(|r| {
            chains
                .iter()
                .map(|&h| {
                    r.chains.contains(&h)
                        && r.points.iter().all(|&p| board.get(Point(p as u16)).is_some() || liberty_of(p, h))
                })
                .collect()
        })
        .collect();
    loop {
        let mut changed = false;
        // Chains with fewer than two vital regions (among the regions still standing) fall.
        for (ci, alive) in chain_alive.iter_mut().enumerate() {
            if !*alive {
                continue;
            }
            let count = (0..regions.len())
                .filter(|&ri| {
                    region_alive.get(ri) == Some(&true) && vital.get(ri).and_then(|v| v.get(ci)) == Some(&true)
                })
                .count();
            if count < 2 {
                *alive = false;
                changed = true;
            }
        }
        // Regions touching a fallen chain fall too.
        for (ri, region) in regions.iter().enumerate() {
            if region_alive.get(ri) != Some(&true) {
                continue;
            }
            let touches_fallen = region
                .chains
                .iter()
                .any(|h| chains.iter().position(|c| c == h).and_then(|ci| chain_alive.get(ci)) == Some(&false));
            if touches_fallen {
                if let Some(a) = region_alive.get_mut(ri) {
                    *a = false;
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = vec![false; board.len()];
    for (ci, &h) in chains.iter().enumerate() {
        if chain_alive.get(ci) == Some(&true) {
            for s in board.chain(Point(h as u16)) {
                if let Some(o) = out.get_mut(s.index()) {
                    *o = true;
                }
            }
        }
    }
    // A region bordered only by pass-alive chains is that colour's own when the opponent
    // cannot live in it: it is vital to one of them (every empty point is that chain's
    // liberty, so no opponent eye fits) or it is too small for two opponent eyes.
    for (ri, region) in regions.iter().enumerate() {
        let bordered_by_living = region_alive.get(ri) == Some(&true)
            && !region.chains.is_empty()
            && region
                .chains
                .iter()
                .all(|h| chains.iter().position(|c| c == h).and_then(|ci| chain_alive.get(ci)) == Some(&true));
        let no_room = region.points.len() <= SMALL_REGION
            || chains.iter().enumerate().any(|(ci, _)| {
                chain_alive.get(ci) == Some(&true) && vital.get(ri).and_then(|v| v.get(ci)) == Some(&true)
            });
        let enclosed = bordered_by_living && no_room;
        if enclosed {
            for &p in &region.points {
                if let Some(o) = out.get_mut(p) {
                    *o = true;
                }
            }
        }
    }
    out
}
