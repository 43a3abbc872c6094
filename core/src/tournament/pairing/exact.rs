//! The optimal pairing of a large field without looking at all n²/2 pairs at once, and the proof
//! that it is optimal over all of them. Yunzi's own weights (`mcmahon.rs`) and OpenGotha's
//! (`gotha.rs`) both pair through it.
//!
//! The matcher gets a sparse candidate graph: each player's next neighbours in the order (so a
//! perfect matching exists), their best partners by weight in their own score group and a few in
//! each group either side, partners spread across the whole group, those around the partner the
//! placement criterion names and around the player's own place in the groups either side, and
//! every possible bye. It returns the optimum on that graph with its duals `y`. A pair left out
//! can only improve on that optimum if its weight exceeds `y_u + y_v` (linear programming duality
//! for perfect matchings);
//! the check runs over every pair, skipping whole groups with the field's bound on what any pair
//! between a player and a group can weigh, and the pairs that fail are added and the graph solved
//! again, warm. When no pair fails, the pairing is optimal over all pairs.
use std::collections::HashMap;

use super::matching::{self, Edge};

/// Pairs that fail the certificate, per player and pass: adding every failing pair at once would
/// flood the graph; the next solve moves the duals and usually settles the rest.
const VIOLATORS_PER_PLAYER: usize = 10;
/// A player's partners in each neighbouring group, as a share of those in its own.
const SIDE_SHARE: usize = 4;
/// In a large score group many partners weigh nearly the same: a player is offered its best
/// partners by weight among at least this share of its group (10,000 players: groups of 1,700
/// gave optimal partners ranked 31st to 66th, and a second solve).
const OWN_GROUP_SHARE: usize = 30;
/// The players either side of the partner the placement criterion names for a player (folding or
/// slipping its group) who are offered whatever they weigh: the optimum pairs many players there
/// although by weight they rank below a hundred others (when a group holds more players due one
/// colour than the other, or when OpenGotha's weights tie across much of a group).
const SEEDED_REACH: usize = 8;
/// The players either side of a player's own place, scaled, in each neighbouring group: where a
/// float lands when the criterion for moving between groups wants the middle of both (OpenGotha's
/// draw-up/draw-down in its middle mode; 10,000 players: two such pairs cost a second solve).
const SIDE_PLACE_REACH: usize = 2;

/// A field to pair: players `0..players()` in the pairing order, in score groups that are runs
/// of that order, and, when `vertex_count()` is one more, the bye as the last vertex.
pub(crate) trait Field: Sync {
    fn players(&self) -> usize;
    fn vertex_count(&self) -> usize;
    /// The first player of `u`'s score group.
    fn group_start(&self, u: usize) -> usize;
    fn group_size(&self, u: usize) -> usize;
    /// The weight of pairing `u` with `v` (higher is better), or `None` if the pair is not offered.
    fn weight(&self, u: usize, v: usize) -> Option<i128>;
    /// At least the weight of any pair of `u` with a player of the group starting at `start`.
    fn bound(&self, u: usize, start: usize) -> i128;
    /// The player of `u`'s group whom the placement criterion would pair `u` with, when that is
    /// not a neighbour in the order (folding or slipping the group; not a random split).
    fn seeded_partner(&self, u: usize) -> Option<usize>;
    /// Threads a solve may use.
    fn cores(&self) -> usize;
}

/// The optimum over all pairs, or (`perfect` false) the best the complete graph allows when no
/// perfect matching exists.
pub(crate) struct Solved {
    pub mates: Vec<Option<usize>>,
    pub perfect: bool,
    pub candidate_pairs: usize,
    pub solves: u32,
}

/// Finds the optimal perfect matching over all offered pairs of `field`.
pub(crate) fn solve(field: &impl Field) -> Solved {
    let n = field.players();
    let vertices = field.vertex_count();
    // Large groups have many near-equal partners around each player's ideal one: offering more
    // of them up front saves rounds of certification (10,000 players: 4 solves, not 6).
    let mut reach = (n / 300).clamp(12, 32);
    let mut pairs = candidates(field, reach);
    let mut solves = 0;
    let mut previous = None;
    loop {
        let edges = edges(&pairs);
        let start = groups_solved_apart(field, &edges, previous.as_ref());
        let solution = matching::solve_perfect(vertices, &edges, Some(&start));
        solves += 1;
        if solution.mates.iter().any(Option::is_none) {
            // The candidates allow no perfect matching: widen them until every pair is offered.
            if reach < n {
                reach *= 4;
                pairs.extend(candidates(field, reach));
                continue;
            }
            return Solved { mates: solution.mates, perfect: false, candidate_pairs: pairs.len(), solves };
        }
        let violators = uncertified(field, &pairs, &solution);
        if violators.is_empty() {
            return Solved { mates: solution.mates, perfect: true, candidate_pairs: pairs.len(), solves };
        }
        pairs.extend(violators);
        previous = Some(solution);
    }
}

/// The starting candidate graph: for each player, the next `reach` usable players in the order
/// (so a perfect matching exists), the `reach` (or a share of its group, if more) best partners
/// by weight in its own group and a share of `reach` in the groups either side, partners spread
/// over its group, those around the partner its placement names and around its own place in the
/// groups either side, and every usable bye.
pub(super) fn candidates(field: &impl Field, reach: usize) -> Pairs {
    let n = field.players();
    let of_player = |&u: &usize| {
        let mut pairs: Vec<((u32, u32), i128)> = Vec::new();
        // `weighed`: the pair's weight when already known (always taken in the pair's order).
        let mut add_weighed = |v: usize, weighed: Option<i128>| {
            let (low, high) = (u.min(v), u.max(v));
            if low == high {
                return false;
            }
            let Some(weight) = weighed.or_else(|| field.weight(low, high)) else { return false };
            pairs.push(((low as u32, high as u32), weight));
            true
        };
        let mut found = 0;
        for v in u + 1..n {
            if found == reach || v > u + 4 * reach {
                break;
            }
            found += usize::from(add_weighed(v, None));
        }
        // The best partners by weight in the player's own group, and a few in each group either
        // side: a float between groups costs far more than any choice inside one, so the best
        // floats never rank among the best partners overall.
        let own_start = field.group_start(u);
        let own_end = own_start + field.group_size(u);
        let above = if own_start == 0 { 0..0 } else { field.group_start(own_start - 1)..own_start };
        let below = if own_end == n { own_end..own_end } else { own_end..own_end + field.group_size(own_end) };
        let side_reach = (reach / SIDE_SHARE).max(1);
        let own_reach = reach.max(field.group_size(u) / OWN_GROUP_SHARE);
        let mut best: Vec<(i128, usize)> = Vec::new();
        let (place, own_size) = (u - own_start, own_end - own_start);
        for side in [above.clone(), below.clone()].into_iter().filter(|side| !side.is_empty()) {
            let at = side.start + place * side.len() / own_size;
            for v in at.saturating_sub(SIDE_PLACE_REACH).max(side.start)..(at + SIDE_PLACE_REACH + 1).min(side.end) {
                add_weighed(v, None);
            }
        }
        for (range, count) in [(own_start..own_end, own_reach), (above, side_reach), (below, side_reach)] {
            best.clear();
            best.extend(range.filter(|&v| v != u).filter_map(|v| Some((field.weight(u, v)?, v))));
            if best.len() > count {
                best.select_nth_unstable_by(count, |a, b| b.0.cmp(&a.0));
                best.truncate(count);
            }
            for &(weight, v) in &best {
                add_weighed(v, (u < v).then_some(weight));
            }
        }
        // Partners spread over the whole group too: pairs far apart in the group bound the duals,
        // so the certificate holds without many rounds of adding failing pairs.
        let (group, size) = (own_start, field.group_size(u));
        let stride = (size / reach).max(1);
        for v in (group + (u - group) % stride..group + size).step_by(stride) {
            add_weighed(v, None);
        }
        if let Some(seeded) = field.seeded_partner(u) {
            for v in seeded.saturating_sub(SEEDED_REACH).max(own_start)..(seeded + SEEDED_REACH + 1).min(own_end) {
                add_weighed(v, None);
            }
        }
        if field.vertex_count() > n {
            add_weighed(n, None);
        }
        pairs
    };
    // Each player's look at its groups is independent of the others': shared among the cores.
    let players: Vec<usize> = (0..n).collect();
    on_cores(&players, field.cores(), of_player).into_iter().flatten().collect()
}

/// Candidate pairs `(u, v)`, `u < v`, with their weights (weighed once, when first offered).
pub(super) type Pairs = HashMap<(u32, u32), i128>;

pub(super) fn edges(pairs: &Pairs) -> Vec<Edge> {
    let mut edges: Vec<Edge> =
        pairs.iter().map(|(&(u, v), &weight)| Edge { u: u as usize, v: v as usize, weight }).collect();
    // The matcher's result may depend on edge order among equal weights: keep it fixed.
    edges.sort_unstable_by_key(|e| (e.u, e.v));
    edges
}

/// A start for each solve: every score group matched on its own candidate pairs, warm from
/// `previous`, the groups shared out among the cores. The solver's work grows with the square of
/// the players it has left to place, so placing them group by group leaves the whole field little
/// to do but the floats between groups (10,000 players: groups of up to 3,000).
pub(super) fn groups_solved_apart(
    field: &impl Field,
    edges: &[Edge],
    previous: Option<&matching::Solution>,
) -> matching::Solution {
    let n = field.players();
    let mut inside: HashMap<usize, Vec<Edge>> = HashMap::new();
    for edge in edges {
        if edge.v < n && field.group_start(edge.u) == field.group_start(edge.v) {
            let start = field.group_start(edge.u);
            inside.entry(start).or_default().push(Edge { u: edge.u - start, v: edge.v - start, weight: edge.weight });
        }
    }
    // Largest first, dealt out in turn, so the cores finish together.
    let mut groups: Vec<(usize, Vec<Edge>)> = inside.into_iter().collect();
    groups.sort_unstable_by_key(|(start, edges)| (std::cmp::Reverse(edges.len()), *start));
    let solve_group = |(start, edges): &(usize, Vec<Edge>)| {
        let vertices: Vec<usize> = (*start..start + field.group_size(*start)).collect();
        let warm = previous.map(|previous| previous.restricted(&vertices));
        let solution = matching::solve_perfect(vertices.len(), edges, warm.as_ref());
        (vertices, solution)
    };
    let parts = on_cores(&groups, field.cores(), solve_group);
    matching::Solution::combine(field.vertex_count(), &parts, previous)
}

/// Pairs outside the candidate graph whose weight exceeds the sum of their duals: the only pairs
/// that could improve the matching. Empty means the matching is optimal over all pairs.
pub(super) fn uncertified(field: &impl Field, pairs: &Pairs, solution: &matching::Solution) -> Vec<((u32, u32), i128)> {
    let n = field.players();
    let duals = &solution.doubled_duals;
    // A whole group passes when even its smallest dual clears the field's bound for it.
    let mut groups: Vec<(usize, usize, i128)> = Vec::new(); // start, end, smallest dual
    let mut start = 0;
    while start < n {
        let end = start + field.group_size(start);
        groups.push((start, end, duals[start..end].iter().copied().min().unwrap_or(0)));
        start = end;
    }
    let worst_of = |u: usize| {
        let mut worst: Vec<(i128, u32, i128)> = Vec::new();
        for &(start, end, smallest) in &groups {
            let bound = 2 * field.bound(u, start);
            if end <= u + 1 || duals[u] + smallest >= bound {
                continue;
            }
            // In the players' order, not by dual: a field keeps a group's players together.
            for v in start.max(u + 1)..end {
                let vertex_duals = duals[u] + duals[v];
                if vertex_duals >= bound {
                    continue;
                }
                // Blossom duals only add to a pair's slack: look them up only for a pair whose
                // vertex duals fall short. Pairs in the graph never fail (the solution's duals
                // are feasible on it), so the graph is only asked about the few that do.
                if let Some(weight) = field.weight(u, v)
                    && vertex_duals < 2 * weight
                    && let slack = solution.doubled_slack(u, v, weight)
                    && slack < 0
                    && !pairs.contains_key(&(u as u32, v as u32))
                {
                    worst.push((slack, v as u32, weight));
                }
            }
        }
        worst.sort_unstable();
        worst.iter().take(VIOLATORS_PER_PLAYER).map(move |&(_, v, weight)| ((u as u32, v), weight)).collect::<Vec<_>>()
    };
    // Every pair is checked, so the pass is shared out among the cores.
    let players: Vec<usize> = (0..n).collect();
    on_cores(&players, field.cores(), |&u| worst_of(u)).into_iter().flatten().collect()
}

/// `work` applied to every item, the items dealt out in turn to `workers` threads; the results in
/// the items' order, so they never depend on the threads.
pub(crate) fn on_cores<T: Sync, R: Send>(items: &[T], workers: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = workers.min(items.len());
    if workers <= 1 {
        return items.iter().map(work).collect();
    }
    let work = &work;
    let mut dealt: Vec<Vec<(usize, R)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                scope.spawn(move || {
                    items.iter().enumerate().skip(worker).step_by(workers).map(|(i, item)| (i, work(item))).collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    let mut results: Vec<(usize, R)> = dealt.iter_mut().flat_map(std::mem::take).collect();
    results.sort_unstable_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}
