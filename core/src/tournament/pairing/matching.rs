//! Maximum-weight matching on a general (non-bipartite) graph.
//!
//! Edmonds' blossom algorithm with primal-dual updates, in the O(n³) form described by Galil,
//! "Efficient algorithms for finding maximum matching in graphs" (ACM Computing Surveys, 1986), and
//! implemented in Van Rantwijk's public-domain `mwmatching`. The algorithm runs in stages; each stage
//! grows an alternating forest from every exposed vertex along tight edges until it finds an augmenting
//! path. When the forest gets stuck, the dual variables move by the largest amount that keeps them
//! feasible, which makes a new edge tight, lets a T-blossom be expanded, or proves optimality.
//!
//! Terms used below:
//! - Vertices are `0..n`. Ids `n..2n` name non-trivial blossoms; a vertex is its own trivial blossom.
//! - Edge `k` has two endpoints: `2k` stands for its `u`, `2k + 1` for its `v`, and `p ^ 1` is the
//!   opposite end of endpoint `p`. Storing endpoints rather than vertices keeps the edge at hand.
//! - Labels follow the literature: S (outer) blossoms sit at even depth of the forest, T (inner) at odd.
//!
//! Arithmetic is exact. Vertex duals are stored doubled (`2u`) and weights enter slacks doubled
//! (`2u + 2v - 2w`), so every dual, slack and adjustment is an integer: exposed vertices are S-roots in
//! every stage and so always share one dual value, every labelled vertex is linked to its root by tight
//! edges, hence all labelled vertices have duals of one parity and the slack between two S-vertices is
//! even, which makes halving it exact. Weights are `i128` limited to ±2¹⁰⁰ ([`WEIGHT_LIMIT`]), so that
//! duals, which stay within a small multiple of `n * max|weight|`, keep far inside `i128`.

use std::collections::HashMap;
use std::mem;

/// An undirected edge between two vertices with an integer weight (may be negative or zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub u: usize,
    pub v: usize,
    pub weight: i128,
}

/// Weights are clamped to ±2¹⁰⁰: room for pairing criteria in strict tiers, and for duals.
pub const WEIGHT_LIMIT: i128 = 1 << 100;

/// A matching with its proof of optimality: the vertex duals of the final state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The mate of each vertex, `None` when unmatched.
    pub mates: Vec<Option<usize>>,
    /// Twice the dual of each vertex (0 for a vertex without edges).
    pub doubled_duals: Vec<i128>,
    /// The blossoms of the final state holding each vertex, outermost first (indices into
    /// `blossom_duals`).
    blossoms_of: Vec<Vec<u32>>,
    /// Twice the dual of each blossom of the final state.
    blossom_duals: Vec<i128>,
}

impl Solution {
    /// Twice the reduced cost of a pair `(u, v)` of weight `weight`: the two vertex duals plus the
    /// duals of the blossoms holding both, minus the weight. Every edge of the graph has a
    /// non-negative slack, matched edges zero. A pair left out of the graph with a non-negative slack
    /// could not have improved a perfect matching (LP duality): that is how a pairing proves that
    /// pairs it never offered to the matcher cannot belong to the optimum.
    pub fn doubled_slack(&self, u: usize, v: usize, weight: i128) -> i128 {
        let vertex = |x: usize| self.doubled_duals.get(x).copied().unwrap_or(0);
        let (outer_u, outer_v) = (self.blossoms_of.get(u), self.blossoms_of.get(v));
        let shared: i128 = match (outer_u, outer_v) {
            (Some(a), Some(b)) => a
                .iter()
                .zip(b)
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| self.blossom_duals.get(*x as usize).copied().unwrap_or(0))
                .sum(),
            _ => 0,
        };
        vertex(u) + vertex(v) + shared - 2 * weight
    }

    /// Solutions of disjoint parts of a graph, made one start for [`solve_perfect`] on the whole:
    /// `parts` gives each part's vertices (part vertex `i` is `vertices[i]` of the whole) and its
    /// solution. Blossom duals are spread onto their vertices. `earlier`, a solution of the whole,
    /// fills the gaps: the dual of a vertex in no part, and the mate of a vertex its part left
    /// unmatched when that mate was left unmatched too (a pair between parts).
    pub fn combine(vertex_count: usize, parts: &[(Vec<usize>, Solution)], earlier: Option<&Solution>) -> Solution {
        let mut mates = vec![None; vertex_count];
        let mut doubled_duals: Vec<i128> =
            (0..vertex_count).map(|v| earlier.map_or(0, |earlier| earlier.dissolved_dual(v))).collect();
        for (vertices, solution) in parts {
            for (local, &vertex) in vertices.iter().enumerate() {
                if let Some(slot) = doubled_duals.get_mut(vertex) {
                    *slot = solution.dissolved_dual(local);
                }
                let mate = solution.mates.get(local).copied().flatten().and_then(|m| vertices.get(m).copied());
                if let Some(slot) = mates.get_mut(vertex) {
                    *slot = mate;
                }
            }
        }
        if let Some(earlier) = earlier {
            for vertex in 0..vertex_count {
                let Some(mate) = earlier.mates.get(vertex).copied().flatten() else { continue };
                if mates[vertex].is_none() && mates.get(mate).is_some_and(Option::is_none) {
                    mates[vertex] = Some(mate);
                    mates[mate] = Some(vertex);
                }
            }
        }
        Solution { mates, doubled_duals, blossoms_of: vec![Vec::new(); vertex_count], blossom_duals: Vec::new() }
    }

    /// The part of this solution on `vertices` (part vertex `i` is `vertices[i]`), as a start for
    /// [`solve_perfect`] on that part: blossom duals spread onto their vertices, mates outside the
    /// part dropped.
    pub fn restricted(&self, vertices: &[usize]) -> Solution {
        let local: HashMap<usize, usize> = vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mates = vertices
            .iter()
            .map(|&v| self.mates.get(v).copied().flatten().and_then(|m| local.get(&m).copied()))
            .collect();
        let doubled_duals = vertices.iter().map(|&v| self.dissolved_dual(v)).collect();
        Solution { mates, doubled_duals, blossoms_of: vec![Vec::new(); vertices.len()], blossom_duals: Vec::new() }
    }

    /// Twice the vertex's dual with the duals of its blossoms spread onto it: half of each
    /// blossom's dual goes to each of its vertices, which keeps every edge feasible.
    fn dissolved_dual(&self, vertex: usize) -> i128 {
        let own = self.doubled_duals.get(vertex).copied().unwrap_or(0);
        let blossoms = self.blossoms_of.get(vertex).map_or(&[][..], Vec::as_slice);
        own + blossoms.iter().map(|&b| self.blossom_duals.get(b as usize).copied().unwrap_or(0) / 2).sum::<i128>()
    }
}

/// The mate of each vertex (None = unmatched) in a matching of maximum total weight among
/// matchings of maximum cardinality when `max_cardinality` is true, else among all matchings.
/// Vertices are 0..vertex_count. Self-loops and edges naming vertices out of range are
/// ignored; with parallel edges the heaviest counts.
pub fn max_weight_matching(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
    solve(vertex_count, edges, max_cardinality).mates
}

/// [`max_weight_matching`] together with the duals that certify it.
pub fn solve(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> Solution {
    run(vertex_count, edges, max_cardinality, None)
}

/// A maximum-weight perfect matching, started warm. The result always has maximum cardinality; its
/// weight is the maximum whenever it is perfect (when the graph has no perfect matching, use
/// [`solve`]: the warm start gives up the condition on unmatched vertices' duals). It starts from `previous` (a solution on fewer edges of the same vertices)
/// when given, else from a greedy matching. Its duals are kept where they are feasible and raised
/// where a new edge needs it, blossoms are dissolved into their vertices, and matched edges that are
/// still tight stay matched; the free vertices are then matched greedily along edges made tight by
/// lowering their duals. Each stage of the algorithm then only has to place the vertices left over,
/// which is what makes pairing thousands of players quick.
pub fn solve_perfect(vertex_count: usize, edges: &[Edge], previous: Option<&Solution>) -> Solution {
    run(vertex_count, edges, true, Some(previous))
}

/// `warm`: None for the classic cold start; Some(previous or None) for a warm start.
fn run(vertex_count: usize, edges: &[Edge], max_cardinality: bool, warm: Option<Option<&Solution>>) -> Solution {
    let mut mates = vec![None; vertex_count];
    let mut doubled_duals = vec![0; vertex_count];
    let mut blossoms_of = vec![Vec::new(); vertex_count];
    let edges = usable_edges(vertex_count, edges);
    if edges.is_empty() {
        return Solution { mates, doubled_duals, blossoms_of, blossom_duals: Vec::new() };
    }

    // Only vertices with an edge take part, so the work does not grow with isolated vertices.
    let mut used_vertices: Vec<usize> = edges.iter().flat_map(|edge| [edge.u, edge.v]).collect();
    used_vertices.sort_unstable();
    used_vertices.dedup();
    // Every edge vertex is in the list, so the search always succeeds.
    let compact = |vertex: usize| used_vertices.binary_search(&vertex).unwrap_or_default();
    let compact_edges =
        edges.iter().map(|edge| Edge { u: compact(edge.u), v: compact(edge.v), weight: edge.weight }).collect();

    let mut solver = Solver::new(used_vertices.len(), compact_edges, max_cardinality);
    if let Some(previous) = warm {
        let start = previous.map(|previous| {
            let duals: Vec<i128> = used_vertices.iter().map(|&v| previous.dissolved_dual(v)).collect();
            let mates: Vec<Option<usize>> = used_vertices
                .iter()
                .map(|&v| previous.mates.get(v).copied().flatten().and_then(|m| used_vertices.binary_search(&m).ok()))
                .collect();
            (duals, mates)
        });
        solver.warm_start(start);
    }
    solver.solve();
    let compact_count = solver.vertex_count;
    for (compact_vertex, mate) in solver.vertex_mates().into_iter().enumerate() {
        let Some(&vertex) = used_vertices.get(compact_vertex) else { continue };
        if let Some(slot) = doubled_duals.get_mut(vertex) {
            *slot = solver.dual[compact_vertex];
        }
        if let Some(slot) = blossoms_of.get_mut(vertex) {
            let mut chain = Vec::new();
            let mut current = compact_vertex;
            while let Some(up) = solver.parent[current] {
                chain.push((up - compact_count) as u32);
                current = up;
            }
            chain.reverse();
            *slot = chain;
        }
        if let (Some(mate), Some(slot)) = (mate, mates.get_mut(vertex)) {
            *slot = used_vertices.get(mate).copied();
        }
    }
    let blossom_duals = solver.dual[compact_count..].iter().map(|z| 2 * z).collect();
    Solution { mates, doubled_duals, blossoms_of, blossom_duals }
}

/// Drops self-loops and out-of-range edges, clamps weights to [`WEIGHT_LIMIT`], and keeps only the
/// heaviest of parallel edges (stored with `u < v`).
fn usable_edges(vertex_count: usize, edges: &[Edge]) -> Vec<Edge> {
    let mut usable: Vec<Edge> = edges
        .iter()
        .filter(|edge| edge.u != edge.v && edge.u < vertex_count && edge.v < vertex_count)
        .map(|edge| Edge {
            u: edge.u.min(edge.v),
            v: edge.u.max(edge.v),
            weight: edge.weight.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT),
        })
        .collect();
    // Heaviest first within each vertex pair, so deduplication keeps it.
    usable.sort_unstable_by(|a, b| (a.u, a.v, b.weight).cmp(&(b.u, b.v, a.weight)));
    usable.dedup_by_key(|edge| (edge.u, edge.v));
    usable
}

/// One edge seen from one of its ends.
#[derive(Debug, Clone, Copy)]
struct Incidence {
    far_endpoint: usize,
    neighbour: usize,
    doubled_weight: i128,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Free,
    /// S: even depth in the alternating forest; its vertices are scanned.
    Outer,
    /// T: odd depth; entered by a non-matching edge and left by its base's matching edge.
    Inner,
}

/// The dual adjustment chosen when the forest cannot grow along tight edges.
#[derive(Debug, Clone, Copy)]
enum Adjustment {
    /// No adjustment can help any more: the matching is optimal (delta 1).
    Finish,
    /// Makes the edge between an S-vertex and a free vertex tight (delta 2).
    TightenToFree(usize),
    /// Makes the edge between two S-blossoms tight (delta 3).
    TightenBetweenOuter(usize),
    /// Brings the dual of this T-blossom to zero so it can be expanded (delta 4).
    ExpandInner(usize),
}

/// State of one run. Arrays indexed by blossom id have `2n` slots (vertices first); all stored indices
/// come from the cleaned edge list or from blossom ids handed out here, so they are in range.
struct Solver {
    vertex_count: usize,
    max_cardinality: bool,
    edges: Vec<Edge>,
    /// `2 * weight` of each edge, the unit in which slacks are measured.
    doubled_weight: Vec<i128>,
    /// The vertex at each endpoint.
    endpoint_vertex: Vec<usize>,
    /// For each vertex, its edges, `incidence[incidence_start[v]..incidence_start[v + 1]]`: stored
    /// together with what a scan needs of them, so growing the forest reads memory in order.
    incidence: Vec<Incidence>,
    incidence_start: Vec<usize>,
    /// For each vertex, the far endpoint of its matching edge.
    mate: Vec<Option<usize>>,
    /// Label of each top-level blossom. A vertex inside a T-blossom also records `Inner` once an S-vertex
    /// reaches it by a tight edge: expanding that blossom needs to know which parts were reached.
    label: Vec<Label>,
    /// The endpoint through which the label came; its vertex lies in the parent in the forest.
    label_endpoint: Vec<Option<usize>>,
    /// The top-level blossom containing each vertex.
    top_blossom: Vec<usize>,
    /// The blossom directly containing each blossom, if it is not top-level.
    parent: Vec<Option<usize>>,
    /// Sub-blossoms of each non-trivial blossom, around its cycle, starting with the one holding the base.
    children: Vec<Vec<usize>>,
    /// `child_links[b][i]` is the endpoint in `children[b][i]` of the edge to `children[b][i + 1]`
    /// (wrapping around), so its opposite endpoint lies in the next child.
    child_links: Vec<Vec<usize>>,
    /// Base vertex of each blossom in use; `None` marks a free blossom id.
    base: Vec<Option<usize>>,
    /// For a free vertex (or an unreached one inside a T-blossom): its least-slack edge to an S-vertex.
    /// For a top-level S-blossom: its least-slack edge to another S-blossom. Keeps deltas 2 and 3 cheap.
    best_edge: Vec<Option<usize>>,
    /// For an S-blossom made in this stage: the least-slack edge to each other S-blossom it touches,
    /// so merging it into a larger blossom need not rescan all its vertices.
    best_edges_by_neighbour: Vec<Option<Vec<usize>>>,
    unused_blossom_ids: Vec<usize>,
    /// `2u` for vertices, `z` for non-trivial blossoms.
    dual: Vec<i128>,
    /// Edges known to be tight in this stage (a tight edge may also be found by computing its slack).
    tight: Vec<bool>,
    /// S-vertices waiting to be scanned.
    queue: Vec<usize>,
    /// Vertices and blossoms labelled or given a best edge in this stage: the only ones whose duals
    /// move or that can bound the next adjustment, so the adjustments need not sweep all 2n slots.
    touched: Vec<usize>,
    is_touched: Vec<bool>,
    /// Breadcrumbs of `scan_blossom`, cleared before it returns.
    scan_mark: Vec<bool>,
}

impl Solver {
    /// `edges` must be clean: no self-loops, every vertex below `vertex_count`.
    fn new(vertex_count: usize, edges: Vec<Edge>, max_cardinality: bool) -> Self {
        let blossom_slots = 2 * vertex_count;
        let mut endpoint_vertex = Vec::with_capacity(2 * edges.len());
        let mut incidence_start = vec![0; vertex_count + 1];
        for edge in &edges {
            endpoint_vertex.push(edge.u);
            endpoint_vertex.push(edge.v);
            incidence_start[edge.u + 1] += 1;
            incidence_start[edge.v + 1] += 1;
        }
        for vertex in 0..vertex_count {
            incidence_start[vertex + 1] += incidence_start[vertex];
        }
        let mut filled = incidence_start.clone();
        let unset = Incidence { far_endpoint: 0, neighbour: 0, doubled_weight: 0 };
        let mut incidence = vec![unset; 2 * edges.len()];
        for (index, edge) in edges.iter().enumerate() {
            let doubled_weight = 2 * edge.weight;
            for (near, far, far_endpoint) in [(edge.u, edge.v, 2 * index + 1), (edge.v, edge.u, 2 * index)] {
                incidence[filled[near]] = Incidence { far_endpoint, neighbour: far, doubled_weight };
                filled[near] += 1;
            }
        }
        let max_weight = edges.iter().map(|edge| edge.weight).max().unwrap_or(0).max(0);
        // Vertex duals start at u = max_weight / 2 (stored doubled), which makes every edge feasible.
        let dual = (0..blossom_slots).map(|id| if id < vertex_count { max_weight } else { 0 }).collect();
        Solver {
            vertex_count,
            max_cardinality,
            doubled_weight: edges.iter().map(|edge| 2 * edge.weight).collect(),
            tight: vec![false; edges.len()],
            edges,
            endpoint_vertex,
            incidence,
            incidence_start,
            mate: vec![None; vertex_count],
            label: vec![Label::Free; blossom_slots],
            label_endpoint: vec![None; blossom_slots],
            top_blossom: (0..vertex_count).collect(),
            parent: vec![None; blossom_slots],
            children: vec![Vec::new(); blossom_slots],
            child_links: vec![Vec::new(); blossom_slots],
            base: (0..blossom_slots).map(|id| (id < vertex_count).then_some(id)).collect(),
            best_edge: vec![None; blossom_slots],
            best_edges_by_neighbour: vec![None; blossom_slots],
            // Reversed so that ids are handed out from the low end; any order would do.
            unused_blossom_ids: (vertex_count..blossom_slots).rev().collect(),
            dual,
            queue: Vec::new(),
            touched: Vec::new(),
            is_touched: vec![false; blossom_slots],
            scan_mark: vec![false; blossom_slots],
        }
    }

    fn incident(&self, vertex: usize) -> &[Incidence] {
        &self.incidence[self.incidence_start[vertex]..self.incidence_start[vertex + 1]]
    }

    fn vertex_mates(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|mate| mate.map(|endpoint| self.endpoint_vertex[endpoint])).collect()
    }

    /// Replaces the cold start (all duals at the largest weight, nothing matched) by `start`'s duals
    /// and matching (see [`solve_perfect`]), or by a greedy start. Only for maximum cardinality:
    /// without it, the algorithm needs all exposed vertices to share the least dual.
    fn warm_start(&mut self, start: Option<(Vec<i128>, Vec<Option<usize>>)>) {
        let n = self.vertex_count;
        let (duals, wanted_mates) = match start {
            Some(start) => start,
            // Each vertex at its heaviest edge: feasible, and mutual favourites are tight.
            None => {
                let mut duals = vec![i128::MIN; n];
                for (k, edge) in self.edges.iter().enumerate() {
                    let w = self.doubled_weight[k] / 2;
                    duals[edge.u] = duals[edge.u].max(w);
                    duals[edge.v] = duals[edge.v].max(w);
                }
                (duals, vec![None; n])
            }
        };
        self.dual[..n].copy_from_slice(&duals);
        // Keep the wanted matched edges that are tight.
        for vertex in 0..n {
            let Some(mate) = wanted_mates[vertex] else { continue };
            if mate <= vertex || wanted_mates.get(mate).copied().flatten() != Some(vertex) {
                continue;
            }
            let tight_edge = self
                .incident(vertex)
                .iter()
                .find(|seen| seen.neighbour == mate && self.slack(seen.far_endpoint / 2) == 0)
                .map(|seen| seen.far_endpoint / 2);
            if let Some(k) = tight_edge
                && self.mate[vertex].is_none()
                && self.mate[mate].is_none()
            {
                self.match_edge(k);
            }
        }
        // Raise a dual where an edge is infeasible: at a free end if there is one. A matched end's
        // mate is lowered as far as its other edges allow, to keep their edge tight and matched.
        for k in 0..self.edges.len() {
            let deficit = -self.slack(k);
            if deficit <= 0 {
                continue;
            }
            let Edge { u, v, .. } = self.edges[k];
            let raised = if self.mate[u].is_none() || self.mate[v].is_some() { u } else { v };
            self.dual[raised] += deficit;
            if let Some(far) = self.mate[raised] {
                let mate = self.endpoint_vertex[far];
                let room = self
                    .incident(mate)
                    .iter()
                    .filter(|other| other.far_endpoint / 2 != far / 2)
                    .map(|other| self.slack(other.far_endpoint / 2))
                    .min()
                    .unwrap_or(deficit);
                self.dual[mate] -= room.clamp(0, deficit);
                if room < deficit {
                    self.mate[raised] = None;
                    self.mate[mate] = None;
                }
            }
        }
        // Greedy: lower each free vertex's dual onto its least-slack edge; match if the far end is free.
        for vertex in 0..n {
            if self.mate[vertex].is_some() {
                continue;
            }
            let least =
                self.incident(vertex).iter().map(|seen| seen.far_endpoint).min_by_key(|&far| self.slack(far / 2));
            let Some(far) = least else { continue };
            self.dual[vertex] -= self.slack(far / 2);
            if self.mate[self.endpoint_vertex[far]].is_none() {
                self.match_edge(far / 2);
            }
        }
        // Exposed vertices must share a parity (module docs); raising a dual keeps edges feasible.
        for vertex in 0..n {
            if self.mate[vertex].is_none() && self.dual[vertex] % 2 != 0 {
                self.dual[vertex] += 1;
            }
        }
    }

    fn match_edge(&mut self, k: usize) {
        let (u, v) = (self.edges[k].u, self.edges[k].v);
        self.mate[u] = Some(2 * k + 1);
        self.mate[v] = Some(2 * k);
    }

    /// Each stage augments the matching by one edge or proves it optimal, so n stages suffice.
    fn solve(&mut self) {
        for _ in 0..self.vertex_count {
            if !self.run_stage() {
                break;
            }
            self.expand_zero_dual_outer_blossoms();
        }
    }

    /// Returns whether the matching was augmented.
    fn run_stage(&mut self) -> bool {
        self.label.fill(Label::Free);
        self.best_edge.fill(None);
        self.best_edges_by_neighbour.fill(None);
        // A T-blossom expanded last stage may have left edges marked tight that no longer are.
        self.tight.fill(false);
        self.queue.clear();
        for id in self.touched.drain(..) {
            self.is_touched[id] = false;
        }

        for vertex in 0..self.vertex_count {
            if self.mate[vertex].is_none() && self.label[self.top_blossom[vertex]] == Label::Free {
                self.assign_label(vertex, Label::Outer, None);
            }
        }
        loop {
            if self.grow_forest() {
                return true;
            }
            let (delta, adjustment) = self.choose_adjustment();
            self.move_duals(delta);
            match adjustment {
                Adjustment::Finish => return false,
                Adjustment::TightenToFree(edge) => {
                    self.tight[edge] = true;
                    let Edge { u, v, .. } = self.edges[edge];
                    let outer_end = if self.label[self.top_blossom[u]] == Label::Free { v } else { u };
                    self.queue.push(outer_end);
                }
                Adjustment::TightenBetweenOuter(edge) => {
                    self.tight[edge] = true;
                    self.queue.push(self.edges[edge].u);
                }
                Adjustment::ExpandInner(blossom) => self.expand_blossom(blossom, false),
            }
        }
    }

    /// Twice the slack of an edge (valid for edges between different top-level blossoms).
    fn slack(&self, edge: usize) -> i128 {
        let Edge { u, v, .. } = self.edges[edge];
        self.dual[u] + self.dual[v] - self.doubled_weight[edge]
    }

    fn leaves(&self, blossom: usize) -> Vec<usize> {
        let mut leaves = Vec::new();
        let mut pending = vec![blossom];
        while let Some(current) = pending.pop() {
            if current < self.vertex_count {
                leaves.push(current);
            } else {
                pending.extend_from_slice(&self.children[current]);
            }
        }
        leaves
    }

    fn touch(&mut self, id: usize) {
        if !self.is_touched[id] {
            self.is_touched[id] = true;
            self.touched.push(id);
        }
    }

    /// Labels the top-level blossom of `vertex`, reached through endpoint `through` (None for a root).
    fn assign_label(&mut self, vertex: usize, label: Label, through: Option<usize>) {
        let blossom = self.top_blossom[vertex];
        for id in [vertex, blossom] {
            self.label[id] = label;
            self.label_endpoint[id] = through;
            self.best_edge[id] = None;
            self.touch(id);
        }
        let leaves = if blossom == vertex { vec![vertex] } else { self.leaves(blossom) };
        for &leaf in &leaves {
            self.touch(leaf);
        }
        match label {
            Label::Outer => {
                self.queue.extend(leaves);
            }
            Label::Inner => {
                // The base is the blossom's only vertex matched outside it; its mate continues the path as S.
                if let Some(base) = self.base[blossom]
                    && let Some(mate_endpoint) = self.mate[base]
                {
                    self.assign_label(self.endpoint_vertex[mate_endpoint], Label::Outer, Some(mate_endpoint ^ 1));
                }
            }
            Label::Free => {}
        }
    }

    /// Scans queued S-vertices along tight edges, growing the forest and forming blossoms.
    /// Returns true as soon as the matching is augmented.
    fn grow_forest(&mut self) -> bool {
        while let Some(vertex) = self.queue.pop() {
            // Duals do not move while the forest grows: the scanned vertex's is read once.
            let vertex_dual = self.dual[vertex];
            for position in self.incidence_start[vertex]..self.incidence_start[vertex + 1] {
                let Incidence { far_endpoint, neighbour, doubled_weight } = self.incidence[position];
                let edge = far_endpoint / 2;
                // Re-read each time: a blossom formed while scanning may have swallowed the vertex.
                let own_blossom = self.top_blossom[vertex];
                let neighbour_blossom = self.top_blossom[neighbour];
                if own_blossom == neighbour_blossom {
                    continue;
                }
                let mut edge_slack = 0;
                if !self.tight[edge] {
                    edge_slack = vertex_dual + self.dual[neighbour] - doubled_weight;
                    self.tight[edge] = edge_slack <= 0;
                }
                if self.tight[edge] {
                    match self.label[neighbour_blossom] {
                        Label::Free => self.assign_label(neighbour, Label::Inner, Some(far_endpoint ^ 1)),
                        Label::Outer => match self.scan_blossom(vertex, neighbour) {
                            Some(base) => self.add_blossom(base, edge),
                            None => {
                                self.augment_matching(edge);
                                return true;
                            }
                        },
                        Label::Inner => {
                            if self.label[neighbour] == Label::Free {
                                self.label[neighbour] = Label::Inner;
                                self.label_endpoint[neighbour] = Some(far_endpoint ^ 1);
                            }
                        }
                    }
                } else if self.label[neighbour_blossom] == Label::Outer {
                    if self.best_edge[own_blossom].is_none_or(|best| edge_slack < self.slack(best)) {
                        self.best_edge[own_blossom] = Some(edge);
                        self.touch(own_blossom);
                    }
                } else if self.label[neighbour] == Label::Free
                    && self.best_edge[neighbour].is_none_or(|best| edge_slack < self.slack(best))
                {
                    self.best_edge[neighbour] = Some(edge);
                    self.touch(neighbour);
                }
            }
        }
        false
    }

    /// Follows the forest up from two adjacent S-vertices in alternation. Returns the base of the blossom
    /// they close if both paths meet, or None if they reach different roots (an augmenting path).
    fn scan_blossom(&mut self, first: usize, second: usize) -> Option<usize> {
        let mut marked = Vec::new();
        let mut meeting_base = None;
        let mut current = Some(first);
        let mut other = Some(second);
        while let Some(vertex) = current {
            let blossom = self.top_blossom[vertex];
            if self.scan_mark[blossom] {
                meeting_base = self.base[blossom];
                break;
            }
            self.scan_mark[blossom] = true;
            marked.push(blossom);
            // Two steps up: through the matching edge to the T parent, then to the S grandparent.
            current = self.label_endpoint[blossom].and_then(|up| {
                let inner_blossom = self.top_blossom[self.endpoint_vertex[up]];
                self.label_endpoint[inner_blossom].map(|up_again| self.endpoint_vertex[up_again])
            });
            if other.is_some() {
                mem::swap(&mut current, &mut other);
            }
        }
        for blossom in marked {
            self.scan_mark[blossom] = false;
        }
        meeting_base
    }

    /// Turns the cycle closed by `edge` through `base` into a new S-blossom.
    fn add_blossom(&mut self, base: usize, edge: usize) {
        let Some(blossom) = self.unused_blossom_ids.pop() else {
            // Unreachable: fewer than n blossoms exist at once, each holding at least three vertices.
            return;
        };
        let Edge { u, v, .. } = self.edges[edge];
        let base_blossom = self.top_blossom[base];
        self.base[blossom] = Some(base);
        self.parent[blossom] = None;
        self.parent[base_blossom] = Some(blossom);

        // Walk from u's side down to the base, then reverse, so the cycle runs base → u → v → base.
        let mut cycle = Vec::new();
        let mut links = Vec::new();
        let mut current = self.top_blossom[u];
        while current != base_blossom {
            let Some(up) = self.label_endpoint[current] else { break };
            self.parent[current] = Some(blossom);
            cycle.push(current);
            links.push(up);
            current = self.top_blossom[self.endpoint_vertex[up]];
        }
        cycle.push(base_blossom);
        cycle.reverse();
        links.reverse();
        links.push(2 * edge);
        current = self.top_blossom[v];
        while current != base_blossom {
            let Some(up) = self.label_endpoint[current] else { break };
            self.parent[current] = Some(blossom);
            cycle.push(current);
            links.push(up ^ 1);
            current = self.top_blossom[self.endpoint_vertex[up]];
        }

        self.label[blossom] = Label::Outer;
        self.touch(blossom);
        self.label_endpoint[blossom] = self.label_endpoint[base_blossom];
        self.dual[blossom] = 0;
        for leaf in self.leaves_of_all(&cycle) {
            // Former T-vertices become S and must now be scanned.
            if self.label[self.top_blossom[leaf]] == Label::Inner {
                self.queue.push(leaf);
            }
            self.top_blossom[leaf] = blossom;
        }
        self.children[blossom] = cycle;
        self.child_links[blossom] = links;
        self.collect_best_edges(blossom);
    }

    fn leaves_of_all(&self, blossoms: &[usize]) -> Vec<usize> {
        blossoms.iter().flat_map(|&blossom| self.leaves(blossom)).collect()
    }

    /// Gathers the least-slack edge from the new blossom to each other S-blossom, reusing the lists
    /// of sub-blossoms that have one.
    fn collect_best_edges(&mut self, blossom: usize) {
        let mut best_to: Vec<Option<usize>> = vec![None; 2 * self.vertex_count];
        for position in 0..self.children[blossom].len() {
            let child = self.children[blossom][position];
            let candidates = match self.best_edges_by_neighbour[child].take() {
                Some(list) => list,
                None => self
                    .leaves(child)
                    .into_iter()
                    .flat_map(|leaf| self.incident(leaf).iter().map(|seen| seen.far_endpoint / 2))
                    .collect(),
            };
            for edge in candidates {
                let Edge { u, v, .. } = self.edges[edge];
                let far = if self.top_blossom[v] == blossom { u } else { v };
                let far_blossom = self.top_blossom[far];
                if far_blossom != blossom
                    && self.label[far_blossom] == Label::Outer
                    && best_to[far_blossom].is_none_or(|best| self.slack(edge) < self.slack(best))
                {
                    best_to[far_blossom] = Some(edge);
                }
            }
            self.best_edge[child] = None;
        }
        let list: Vec<usize> = best_to.into_iter().flatten().collect();
        self.best_edge[blossom] = list.iter().copied().min_by_key(|&edge| self.slack(edge));
        self.best_edges_by_neighbour[blossom] = Some(list);
    }

    /// Index of the child one step around the cycle of `blossom`.
    fn step(&self, blossom: usize, index: usize, forward: bool) -> usize {
        let length = self.children[blossom].len().max(1);
        if forward { (index + 1) % length } else { (index + length - 1) % length }
    }

    /// The endpoint in child `index` of the cycle edge leading to the next child in the walking direction.
    fn cycle_link(&self, blossom: usize, index: usize, forward: bool) -> usize {
        let links = &self.child_links[blossom];
        let length = links.len().max(1);
        if forward { links[index % length] } else { links[(index + length - 1) % length] ^ 1 }
    }

    /// From child `start`, the way round the cycle to the base (index 0) that has even length:
    /// forward from odd positions, backward from even ones.
    fn direction_to_base(start: usize) -> bool {
        start % 2 == 1
    }

    fn expand_blossom(&mut self, blossom: usize, end_of_stage: bool) {
        let mut pending = vec![blossom];
        while let Some(current) = pending.pop() {
            for position in 0..self.children[current].len() {
                let child = self.children[current][position];
                self.parent[child] = None;
                if child < self.vertex_count {
                    self.top_blossom[child] = child;
                } else if end_of_stage && self.dual[child] == 0 {
                    // Zero-dual blossoms carry no information; dissolve them too.
                    pending.push(child);
                } else {
                    for leaf in self.leaves(child) {
                        self.top_blossom[leaf] = child;
                    }
                }
            }
            if !end_of_stage && self.label[current] == Label::Inner {
                self.relabel_expanded_inner(current);
            }
            self.release_blossom(current);
        }
    }

    /// After a T-blossom dissolves mid-stage, its children on the even path from the entry child to the
    /// base stay in the forest (alternately T and S); the others become free unless an S-vertex had
    /// already reached them, in which case they become T.
    fn relabel_expanded_inner(&mut self, blossom: usize) {
        let Some(entry_endpoint) = self.label_endpoint[blossom] else { return };
        let entry_child = self.top_blossom[self.endpoint_vertex[entry_endpoint ^ 1]];
        let Some(entry_index) = self.children[blossom].iter().position(|&child| child == entry_child) else {
            return;
        };
        let forward = Self::direction_to_base(entry_index);
        let mut index = entry_index;
        let mut through = entry_endpoint;
        while index != 0 {
            let entry_vertex = self.endpoint_vertex[through ^ 1];
            let leaving = self.cycle_link(blossom, index, forward);
            // Clear marks of vertices reached from outside, which assign_label overwrites.
            self.label[entry_vertex] = Label::Free;
            self.label[self.endpoint_vertex[leaving ^ 1]] = Label::Free;
            self.assign_label(entry_vertex, Label::Inner, Some(through));
            self.tight[leaving / 2] = true;
            index = self.step(blossom, index, forward);
            through = self.cycle_link(blossom, index, forward);
            self.tight[through / 2] = true;
            index = self.step(blossom, index, forward);
        }

        // The base child becomes T, but its mate is outside the old blossom and already labelled S.
        let base_child = self.children[blossom][index];
        let entry_vertex = self.endpoint_vertex[through ^ 1];
        for id in [entry_vertex, base_child] {
            self.label[id] = Label::Inner;
            self.label_endpoint[id] = Some(through);
            self.touch(id);
        }
        self.best_edge[base_child] = None;

        index = self.step(blossom, index, forward);
        while self.children[blossom][index] != entry_child {
            let child = self.children[blossom][index];
            if self.label[child] != Label::Outer
                && let Some(reached) = self.leaves(child).into_iter().find(|&leaf| self.label[leaf] != Label::Free)
            {
                self.label[reached] = Label::Free;
                if let Some(base) = self.base[child]
                    && let Some(mate_endpoint) = self.mate[base]
                {
                    self.label[self.endpoint_vertex[mate_endpoint]] = Label::Free;
                }
                let through = self.label_endpoint[reached];
                self.assign_label(reached, Label::Inner, through);
            }
            index = self.step(blossom, index, forward);
        }
    }

    fn release_blossom(&mut self, blossom: usize) {
        self.label[blossom] = Label::Free;
        self.label_endpoint[blossom] = None;
        self.parent[blossom] = None;
        self.children[blossom].clear();
        self.child_links[blossom].clear();
        self.base[blossom] = None;
        self.best_edge[blossom] = None;
        self.best_edges_by_neighbour[blossom] = None;
        self.unused_blossom_ids.push(blossom);
    }

    fn expand_zero_dual_outer_blossoms(&mut self) {
        for blossom in self.vertex_count..2 * self.vertex_count {
            if self.parent[blossom].is_none()
                && self.base[blossom].is_some()
                && self.label[blossom] == Label::Outer
                && self.dual[blossom] == 0
            {
                self.expand_blossom(blossom, true);
            }
        }
    }

    /// Swaps matched and unmatched edges on the even path inside `blossom` from `vertex` to its base,
    /// making `vertex` the new base. Nested sub-blossoms on the path are handled the same way; they are
    /// disjoint, so a work list replaces recursion.
    fn augment_blossom(&mut self, blossom: usize, vertex: usize) {
        let mut work = vec![(blossom, vertex)];
        while let Some((current, new_base)) = work.pop() {
            // The child of `current` that holds the new base.
            let mut start_child = new_base;
            while let Some(up) = self.parent[start_child]
                && up != current
            {
                start_child = up;
            }
            if start_child >= self.vertex_count {
                work.push((start_child, new_base));
            }
            let Some(start) = self.children[current].iter().position(|&child| child == start_child) else {
                continue;
            };
            let forward = Self::direction_to_base(start);
            let mut index = start;
            while index != 0 {
                index = self.step(current, index, forward);
                let link = self.cycle_link(current, index, forward);
                let near_child = self.children[current][index];
                if near_child >= self.vertex_count {
                    work.push((near_child, self.endpoint_vertex[link]));
                }
                index = self.step(current, index, forward);
                let far_child = self.children[current][index];
                if far_child >= self.vertex_count {
                    work.push((far_child, self.endpoint_vertex[link ^ 1]));
                }
                self.mate[self.endpoint_vertex[link]] = Some(link ^ 1);
                self.mate[self.endpoint_vertex[link ^ 1]] = Some(link);
            }
            self.children[current].rotate_left(start);
            self.child_links[current].rotate_left(start);
            self.base[current] = Some(new_base);
        }
    }

    /// Augments along the path through tight `edge` between two S-vertices in different trees:
    /// from each end, flip matched and unmatched edges up to its root.
    fn augment_matching(&mut self, edge: usize) {
        let Edge { u, v, .. } = self.edges[edge];
        for (start, start_far) in [(u, 2 * edge + 1), (v, 2 * edge)] {
            let mut outer_vertex = start;
            let mut far_endpoint = start_far;
            loop {
                let outer_blossom = self.top_blossom[outer_vertex];
                if outer_blossom >= self.vertex_count {
                    self.augment_blossom(outer_blossom, outer_vertex);
                }
                self.mate[outer_vertex] = Some(far_endpoint);
                // A root has no label endpoint: the path ends here.
                let Some(to_inner) = self.label_endpoint[outer_blossom] else { break };
                let inner_blossom = self.top_blossom[self.endpoint_vertex[to_inner]];
                let Some(to_outer) = self.label_endpoint[inner_blossom] else { break };
                outer_vertex = self.endpoint_vertex[to_outer];
                let inner_entry = self.endpoint_vertex[to_outer ^ 1];
                if inner_blossom >= self.vertex_count {
                    self.augment_blossom(inner_blossom, inner_entry);
                }
                self.mate[inner_entry] = Some(to_outer);
                far_endpoint = to_outer ^ 1;
            }
        }
    }

    /// The smallest dual move that changes what the forest can do (deltas 1 to 4 of the literature).
    fn choose_adjustment(&self) -> (i128, Adjustment) {
        let mut best: Option<(i128, Adjustment)> = None;
        let mut consider = |delta: i128, adjustment: Adjustment| {
            if best.is_none_or(|(best_delta, _)| delta < best_delta) {
                best = Some((delta, adjustment));
            }
        };
        let min_vertex_dual = || self.dual[..self.vertex_count].iter().copied().min().unwrap_or(0);
        if !self.max_cardinality {
            // Without the cardinality constraint, S-vertex duals may not go below zero.
            consider(min_vertex_dual(), Adjustment::Finish);
        }
        for &id in &self.touched {
            if id < self.vertex_count
                && self.label[self.top_blossom[id]] == Label::Free
                && let Some(edge) = self.best_edge[id]
            {
                consider(self.slack(edge), Adjustment::TightenToFree(edge));
            }
            if self.parent[id].is_none() && self.base[id].is_some() {
                match self.label[id] {
                    Label::Outer => {
                        if let Some(edge) = self.best_edge[id] {
                            // Both ends move, so half the slack closes the gap; the slack is even
                            // (see module docs).
                            let edge_slack = self.slack(edge);
                            debug_assert!(edge_slack % 2 == 0, "odd slack {edge_slack} between S-blossoms");
                            consider(edge_slack / 2, Adjustment::TightenBetweenOuter(edge));
                        }
                    }
                    Label::Inner if id >= self.vertex_count => {
                        consider(self.dual[id], Adjustment::ExpandInner(id));
                    }
                    _ => {}
                }
            }
        }
        // With maximum cardinality and nothing left to grow, the matching is final.
        best.unwrap_or_else(|| (min_vertex_dual().max(0), Adjustment::Finish))
    }

    fn move_duals(&mut self, delta: i128) {
        for &id in &self.touched {
            if id < self.vertex_count {
                match self.label[self.top_blossom[id]] {
                    Label::Outer => self.dual[id] -= delta,
                    Label::Inner => self.dual[id] += delta,
                    Label::Free => {}
                }
            }
            if id >= self.vertex_count && self.parent[id].is_none() && self.base[id].is_some() {
                match self.label[id] {
                    Label::Outer => self.dual[id] += delta,
                    Label::Inner => self.dual[id] -= delta,
                    Label::Free => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64*: small, deterministic, good enough for test inputs.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        /// Uniform-ish integer in `low..=high`.
        fn range(&mut self, low: i64, high: i64) -> i64 {
            let span = u64::try_from(high - low + 1).unwrap_or(1);
            low + i64::try_from(self.next() % span).unwrap_or(0)
        }

        fn below(&mut self, bound: usize) -> usize {
            usize::try_from(self.next() % u64::try_from(bound.max(1)).unwrap_or(1)).unwrap_or(0)
        }
    }

    fn edge(u: usize, v: usize, weight: i64) -> Edge {
        let weight = i128::from(weight);
        Edge { u, v, weight }
    }

    /// The heaviest weight between each pair, after the same cleaning rules as the solver.
    fn weight_matrix(vertex_count: usize, edges: &[Edge]) -> Vec<Vec<Option<i128>>> {
        let mut matrix = vec![vec![None; vertex_count]; vertex_count];
        for e in edges {
            if e.u == e.v || e.u >= vertex_count || e.v >= vertex_count {
                continue;
            }
            let best = matrix[e.u][e.v].map_or(e.weight, |old: i128| old.max(e.weight));
            matrix[e.u][e.v] = Some(best);
            matrix[e.v][e.u] = Some(best);
        }
        matrix
    }

    /// Checks that `mates` is a matching of the given edges and returns its (cardinality, weight).
    fn score(vertex_count: usize, edges: &[Edge], mates: &[Option<usize>]) -> (usize, i128) {
        assert_eq!(mates.len(), vertex_count, "one entry per vertex");
        let matrix = weight_matrix(vertex_count, edges);
        let mut cardinality = 0;
        let mut weight = 0;
        for (vertex, mate) in mates.iter().enumerate() {
            if let Some(mate) = *mate {
                assert!(mate < vertex_count, "mate out of range");
                assert_eq!(mates[mate], Some(vertex), "mates must be symmetric");
                let pair_weight = matrix[vertex][mate];
                assert!(pair_weight.is_some(), "matched pair {vertex}-{mate} has no edge");
                if vertex < mate {
                    cardinality += 1;
                    weight += pair_weight.unwrap_or(0);
                }
            }
        }
        (cardinality, weight)
    }

    /// Best (cardinality, weight) over all matchings, by dynamic programming over vertex subsets.
    fn brute_force(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
        let matrix = weight_matrix(vertex_count, edges);
        let key = |score: (usize, i128)| if max_cardinality { score } else { (0, score.1) };
        let mut best: Vec<(usize, i128)> = vec![(0, 0); 1 << vertex_count];
        for mask in 1..1usize << vertex_count {
            let lowest = mask.trailing_zeros() as usize;
            let rest = mask & !(1 << lowest);
            let mut candidate = best[rest];
            for other in lowest + 1..vertex_count {
                if rest & (1 << other) != 0
                    && let Some(weight) = matrix[lowest][other]
                {
                    let (count, total) = best[rest & !(1 << other)];
                    let option = (count + 1, total + weight);
                    if key(option) > key(candidate) {
                        candidate = option;
                    }
                }
            }
            best[mask] = candidate;
        }
        best[(1 << vertex_count) - 1]
    }

    /// Asserts the solver's answer is a valid matching as good as the brute-force optimum.
    fn assert_optimal(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
        let mates = max_weight_matching(vertex_count, edges, max_cardinality);
        let got = score(vertex_count, edges, &mates);
        let want = brute_force(vertex_count, edges, max_cardinality);
        if max_cardinality {
            assert_eq!(got, want, "edges {edges:?}");
        } else {
            assert_eq!(got.1, want.1, "edges {edges:?}");
        }
        mates
    }

    /// Runs the solver on clean edges and checks the dual certificate of optimality: feasible duals,
    /// tight matched edges, zero (or, with maximum cardinality, common minimal) dual on exposed vertices,
    /// and every blossom with positive dual fully matched inside.
    fn assert_certificate(vertex_count: usize, edges: &[Edge], max_cardinality: bool) {
        let clean = usable_edges(vertex_count, edges);
        let mut solver = Solver::new(vertex_count, clean, max_cardinality);
        solver.solve();
        let n = solver.vertex_count;
        let min_vertex_dual = solver.dual[..n].iter().copied().min().unwrap_or(0);
        let offset = if max_cardinality { (-min_vertex_dual).max(0) } else { 0 };
        assert!(min_vertex_dual + offset >= 0);
        let live_blossoms: Vec<usize> = (n..2 * n).filter(|&b| solver.base[b].is_some()).collect();
        assert!(live_blossoms.iter().all(|&b| solver.dual[b] >= 0), "negative blossom dual");
        let ancestors = |vertex: usize| {
            let mut chain = vec![vertex];
            let mut current = vertex;
            while let Some(up) = solver.parent[current] {
                chain.push(up);
                current = up;
            }
            chain
        };
        for (index, e) in solver.edges.iter().enumerate() {
            let (above_u, above_v) = (ancestors(e.u), ancestors(e.v));
            let shared: i128 = above_u.iter().filter(|b| above_v.contains(b)).map(|&b| 2 * solver.dual[b]).sum();
            let slack = solver.dual[e.u] + solver.dual[e.v] - 2 * e.weight + shared;
            assert!(slack >= 0, "edge {e:?} has negative slack");
            if solver.mate[e.u] == Some(2 * index + 1) {
                assert_eq!(slack, 0, "matched edge {e:?} is not tight");
            }
        }
        for vertex in 0..n {
            if solver.mate[vertex].is_none() {
                assert_eq!(solver.dual[vertex] + offset, 0, "exposed vertex {vertex} has a positive dual");
            }
        }
        let mates = solver.vertex_mates();
        for &b in &live_blossoms {
            if solver.dual[b] > 0 {
                let leaves = solver.leaves(b);
                let inside = leaves.iter().filter(|&&leaf| mates[leaf].is_some_and(|m| leaves.contains(&m))).count();
                assert_eq!(inside + 1, leaves.len(), "blossom {b} with positive dual is not full");
            }
        }
    }

    #[test]
    fn empty_graphs() {
        assert!(max_weight_matching(0, &[], false).is_empty());
        assert_eq!(max_weight_matching(3, &[], true), vec![None; 3]);
    }

    #[test]
    fn ignores_self_loops_and_out_of_range_edges() {
        let edges = [edge(0, 0, 100), edge(1, 7, 100), edge(usize::MAX, 0, 5)];
        assert_eq!(max_weight_matching(2, &edges, true), vec![None, None]);
    }

    #[test]
    fn single_edge() {
        assert_eq!(max_weight_matching(2, &[edge(0, 1, 5)], false), vec![Some(1), Some(0)]);
        assert_eq!(max_weight_matching(3, &[edge(2, 0, 0)], true), vec![Some(2), None, Some(0)]);
    }

    #[test]
    fn heaviest_parallel_edge_counts() {
        let edges = [edge(0, 1, -5), edge(1, 0, 3), edge(1, 2, 2)];
        assert_eq!(assert_optimal(3, &edges, false), vec![Some(1), Some(0), None]);
    }

    #[test]
    fn triangle_takes_heaviest_edge() {
        let edges = [edge(0, 1, 5), edge(1, 2, 11), edge(2, 0, 5)];
        assert_eq!(assert_optimal(3, &edges, false), vec![None, Some(2), Some(1)]);
    }

    #[test]
    fn path_prefers_weight_or_cardinality() {
        let edges = [edge(0, 1, 1), edge(1, 2, 10), edge(2, 3, 1)];
        assert_eq!(assert_optimal(4, &edges, false), vec![None, Some(2), Some(1), None]);
        assert_eq!(assert_optimal(4, &edges, true), vec![Some(1), Some(0), Some(3), Some(2)]);
    }

    #[test]
    fn negative_weights() {
        let edges = [edge(0, 1, -2), edge(1, 2, -1), edge(2, 3, -2), edge(0, 3, -7)];
        assert_eq!(assert_optimal(4, &edges, false), vec![None; 4]);
        assert_eq!(assert_optimal(4, &edges, true), vec![Some(1), Some(0), Some(3), Some(2)]);
        // A negative edge is worth taking only when it frees something heavier.
        let mixed = [edge(0, 1, 6), edge(1, 2, 8), edge(2, 3, 6), edge(0, 4, -1), edge(3, 5, -1)];
        assert_eq!(assert_optimal(6, &mixed, false), vec![Some(1), Some(0), Some(3), Some(2), None, None]);
        assert_eq!(assert_optimal(6, &mixed, true), vec![Some(4), Some(2), Some(1), Some(5), Some(0), Some(3)]);
    }

    #[test]
    fn blossom_is_formed_and_used() {
        // The odd cycle 1-2-3 has to shrink before vertex 4's edge can be used with it.
        let edges = [edge(1, 2, 8), edge(1, 3, 9), edge(2, 3, 10), edge(3, 4, 7)];
        assert_eq!(assert_optimal(5, &edges, false), vec![None, Some(2), Some(1), Some(4), Some(3)]);
        let wider = [edges.as_slice(), &[edge(1, 6, 5), edge(4, 5, 6)]].concat();
        let want = vec![None, Some(6), Some(3), Some(2), Some(5), Some(4), Some(1)];
        assert_eq!(assert_optimal(7, &wider, false), want);
    }

    #[test]
    fn nested_blossoms() {
        // S-blossom inside an S-blossom.
        let nested = [edge(1, 2, 9), edge(1, 3, 9), edge(2, 3, 10), edge(2, 4, 8), edge(3, 5, 8), edge(4, 5, 10)];
        let nested = [nested.as_slice(), &[edge(5, 6, 6)]].concat();
        assert_eq!(assert_optimal(7, &nested, false), vec![None, Some(3), Some(4), Some(1), Some(2), Some(6), Some(5)]);
        // Nested S-blossom, augmented, then expanded recursively at the end of a stage.
        let expand = [
            edge(1, 2, 8),
            edge(1, 3, 8),
            edge(2, 3, 10),
            edge(2, 4, 12),
            edge(3, 5, 12),
            edge(4, 5, 14),
            edge(4, 6, 12),
            edge(5, 7, 12),
            edge(6, 7, 14),
            edge(7, 8, 12),
        ];
        let want = vec![None, Some(2), Some(1), Some(5), Some(6), Some(3), Some(4), Some(8), Some(7)];
        assert_eq!(assert_optimal(9, &expand, false), want);
        // T-blossoms that must be expanded mid-stage, and nested ones relabelled on expansion.
        let inner_expansions: [&[Edge]; 3] = [
            &[
                edge(1, 2, 23),
                edge(1, 5, 22),
                edge(1, 6, 15),
                edge(2, 3, 25),
                edge(3, 4, 22),
                edge(4, 5, 25),
                edge(4, 8, 14),
                edge(5, 7, 13),
            ],
            &[
                edge(1, 2, 45),
                edge(1, 5, 45),
                edge(2, 3, 50),
                edge(3, 4, 45),
                edge(4, 5, 50),
                edge(1, 6, 30),
                edge(3, 9, 35),
                edge(4, 8, 35),
                edge(5, 7, 26),
                edge(9, 10, 5),
            ],
            &[
                edge(1, 2, 40),
                edge(1, 3, 40),
                edge(2, 3, 60),
                edge(2, 4, 55),
                edge(3, 5, 55),
                edge(4, 5, 50),
                edge(1, 8, 15),
                edge(5, 7, 30),
                edge(7, 6, 10),
                edge(8, 10, 10),
                edge(4, 9, 30),
            ],
        ];
        for edges in inner_expansions {
            for max_cardinality in [false, true] {
                assert_optimal(11, edges, max_cardinality);
                assert_certificate(11, edges, max_cardinality);
            }
        }
    }

    #[test]
    fn extreme_weights_do_not_overflow() {
        let big = i64::MAX;
        let small = i64::MIN;
        let edges = [edge(0, 1, big), edge(1, 2, big - 1), edge(2, 3, big), edge(3, 0, small), edge(0, 2, small)];
        for max_cardinality in [false, true] {
            assert_optimal(4, &edges, max_cardinality);
            assert_certificate(4, &edges, max_cardinality);
        }
        let mut rng = Rng(7);
        for weight_limit in [1 << 40, 1 << 61] {
            for _ in 0..300 {
                let vertex_count = 2 + rng.below(7);
                let edges = random_edges(&mut rng, vertex_count, (-weight_limit, weight_limit), true);
                for max_cardinality in [false, true] {
                    assert_optimal(vertex_count, &edges, max_cardinality);
                }
            }
        }
    }

    /// A random graph: dense or sparse, with occasional parallel edges, self-loops and bad vertices.
    fn random_edges(rng: &mut Rng, vertex_count: usize, (low, high): (i64, i64), messy: bool) -> Vec<Edge> {
        let percent_present = [15, 35, 60, 100][rng.below(4)];
        let mut edges = Vec::new();
        for u in 0..vertex_count {
            for v in u + 1..vertex_count {
                if rng.range(1, 100) <= percent_present {
                    let (a, b) = if rng.next().is_multiple_of(2) { (u, v) } else { (v, u) };
                    edges.push(edge(a, b, rng.range(low, high)));
                }
            }
        }
        if messy && vertex_count > 0 {
            for _ in 0..rng.below(3) {
                let u = rng.below(vertex_count);
                let v = rng.below(vertex_count);
                edges.push(edge(u, v, rng.range(low, high)));
                edges.push(edge(u, vertex_count + rng.below(3), rng.range(low, high)));
            }
        }
        // Shuffle so the edge order carries no structure.
        for index in (1..edges.len()).rev() {
            edges.swap(index, rng.below(index + 1));
        }
        edges
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut graphs_checked = 0;
        for round in 0..4000 {
            let vertex_count = rng.below(11);
            let edges = random_edges(&mut rng, vertex_count, (-20, 50), round % 4 == 0);
            for max_cardinality in [false, true] {
                assert_optimal(vertex_count, &edges, max_cardinality);
                assert_certificate(vertex_count, &edges, max_cardinality);
            }
            graphs_checked += 1;
        }
        println!("checked {graphs_checked} random graphs against brute force, both modes");
    }

    #[test]
    fn matches_brute_force_with_many_ties() {
        // Few distinct weights make many tight edges at once, so blossoms nest and dissolve more often.
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        for round in 0..3000 {
            let vertex_count = 4 + rng.below(7);
            let weights = [(1, 3), (0, 6), (-3, 8)][round % 3];
            let edges = random_edges(&mut rng, vertex_count, weights, false);
            for max_cardinality in [false, true] {
                assert_optimal(vertex_count, &edges, max_cardinality);
            }
        }
    }

    #[test]
    fn certificate_holds_on_larger_random_graphs() {
        let mut rng = Rng(12345);
        for _ in 0..300 {
            let vertex_count = 10 + rng.below(50);
            let weights = [(-20, 50), (1, 4)][rng.below(2)];
            let edges = random_edges(&mut rng, vertex_count, weights, false);
            for max_cardinality in [false, true] {
                assert_certificate(vertex_count, &edges, max_cardinality);
            }
        }
    }

    /// The warm starts find the optimum whenever a perfect matching exists, greedy from nothing and
    /// from the solution on a random part of the edges (the pairing's certify-and-add loop), and a
    /// maximum cardinality always.
    /// A warm-started solve has maximum cardinality, and the best weight when that is perfect.
    fn assert_perfect_optimum(
        vertex_count: usize,
        edges: &[Edge],
        want: (usize, i128),
        mates: &[Option<usize>],
        start: &str,
    ) {
        let got = score(vertex_count, edges, mates);
        if 2 * want.0 == vertex_count {
            assert_eq!(got, want, "{start} start, edges {edges:?}");
        } else {
            assert_eq!(got.0, want.0, "{start} start cardinality, edges {edges:?}");
        }
    }

    #[test]
    fn warm_starts_match_brute_force() {
        let mut rng = Rng(0x005E_ED0F_5EED);
        let mut perfect_graphs = 0;
        for round in 0..6000 {
            let vertex_count = rng.below(11);
            let weights = [(-20, 50), (1, 4), (-1000, -1)][round % 3];
            let edges = random_edges(&mut rng, vertex_count, weights, round % 5 == 0);
            let want = brute_force(vertex_count, &edges, true);
            let part: Vec<Edge> = edges.iter().copied().filter(|_| rng.below(3) > 0).collect();
            let first = solve_perfect(vertex_count, &part, None);
            let greedy = solve_perfect(vertex_count, &edges, None);
            let warm = solve_perfect(vertex_count, &edges, Some(&first));
            for (start, solution) in [("greedy", &greedy), ("warm", &warm)] {
                assert_perfect_optimum(vertex_count, &edges, want, &solution.mates, start);
            }
            perfect_graphs += usize::from(2 * want.0 == vertex_count);
        }
        assert!(perfect_graphs > 1000, "only {perfect_graphs} graphs had a perfect matching");
    }

    /// Starts made of parts solved apart (the pairing's score groups), with or without an
    /// earlier solution of the whole to fill the gaps, still end at the optimum.
    #[test]
    fn starts_combined_from_parts_match_brute_force() {
        let mut rng = Rng(0x0C0_4B1E);
        let mut perfect_graphs = 0;
        for round in 0..4000 {
            let vertex_count = rng.below(11);
            let weights = [(-20, 50), (1, 4), (-1000, -1)][round % 3];
            let edges = random_edges(&mut rng, vertex_count, weights, round % 5 == 0);
            let want = brute_force(vertex_count, &edges, true);
            // Two parts cut at a random vertex, each on its own edges.
            let cut = rng.below(vertex_count + 1);
            let parts: Vec<(Vec<usize>, Solution)> = [0..cut, cut..vertex_count]
                .into_iter()
                .map(|range| {
                    let inside: Vec<Edge> = edges
                        .iter()
                        .filter(|e| range.contains(&e.u) && range.contains(&e.v))
                        .map(|e| Edge { u: e.u - range.start, v: e.v - range.start, weight: e.weight })
                        .collect();
                    let vertices: Vec<usize> = range.collect();
                    let solution = solve_perfect(vertices.len(), &inside, None);
                    (vertices, solution)
                })
                .collect();
            let earlier_edges: Vec<Edge> = edges.iter().copied().filter(|_| rng.below(2) > 0).collect();
            let earlier = solve_perfect(vertex_count, &earlier_edges, None);
            let restricted: Vec<(Vec<usize>, Solution)> = parts
                .iter()
                .map(|(vertices, _)| {
                    let inside: Vec<Edge> = edges
                        .iter()
                        .filter_map(|e| {
                            let u = vertices.iter().position(|&x| x == e.u)?;
                            let v = vertices.iter().position(|&x| x == e.v)?;
                            Some(Edge { u, v, weight: e.weight })
                        })
                        .collect();
                    let warm = earlier.restricted(vertices);
                    (vertices.clone(), solve_perfect(vertices.len(), &inside, Some(&warm)))
                })
                .collect();
            for (name, start) in [
                ("parts", Solution::combine(vertex_count, &parts, None)),
                ("parts and earlier", Solution::combine(vertex_count, &restricted, Some(&earlier))),
            ] {
                let solution = solve_perfect(vertex_count, &edges, Some(&start));
                assert_perfect_optimum(vertex_count, &edges, want, &solution.mates, &format!("{name}, cut {cut}"));
            }
            perfect_graphs += usize::from(2 * want.0 == vertex_count);
        }
        assert!(perfect_graphs > 700, "only {perfect_graphs} graphs had a perfect matching");
    }

    /// The published slack is the certificate the pairing relies on: non-negative on every edge,
    /// zero on matched edges; and an edge left out with a negative slack is exactly one whose
    /// addition can pay.
    #[test]
    fn published_slacks_certify_the_solution() {
        let mut rng = Rng(77);
        for _ in 0..1500 {
            let vertex_count = 2 * (1 + rng.below(5));
            let edges = random_edges(&mut rng, vertex_count, (-30, 30), false);
            let solution = solve_perfect(vertex_count, &edges, None);
            for e in usable_edges(vertex_count, &edges) {
                let edge_slack = solution.doubled_slack(e.u, e.v, e.weight);
                assert!(edge_slack >= 0, "edge {e:?} slack {edge_slack}");
                if solution.mates[e.u] == Some(e.v) {
                    assert_eq!(edge_slack, 0, "matched edge {e:?}");
                }
            }
            // Leave one edge out: if its slack against the smaller solution is non-negative, adding
            // it back cannot improve the optimum.
            if edges.is_empty() {
                continue;
            }
            let left_out = edges[rng.below(edges.len())];
            let rest: Vec<Edge> = edges.iter().copied().filter(|e| *e != left_out).collect();
            let smaller = solve_perfect(vertex_count, &rest, None);
            if smaller.mates.iter().all(Option::is_some)
                && smaller.doubled_slack(left_out.u, left_out.v, left_out.weight) >= 0
            {
                assert_eq!(
                    score(vertex_count, &rest, &smaller.mates),
                    brute_force(vertex_count, &edges, true),
                    "certified without {left_out:?} in {edges:?}"
                );
            }
        }
    }
}
