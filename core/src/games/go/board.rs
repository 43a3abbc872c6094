//! The board: points, chains, liberties, captures, and incremental Zobrist hashing.
//!
//! Chains are kept up to date move by move (a circular list of stones per chain and a head
//! per stone), each with *pseudo-liberties*: one count per (stone, empty neighbour) pair,
//! plus the sum and the sum of squares of those neighbours' indices. A chain is in atari
//! exactly when all its pseudo-liberties are the same point, i.e. `n·Σx² = (Σx)²`. With that,
//! whether a move is legal, what it captures and the hash of the position after it are all
//! known without changing the board (see [`Board::preview`]), which the legal-move map and
//! superko need at every turn.
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::color::Color;

/// Smallest and largest board sides Yunzi plays on (the limits every reader holds input to).
pub const MIN_SIDE: u8 = crate::limits::MIN_BOARD_SIDE;
pub const MAX_SIDE: u8 = crate::limits::MAX_BOARD_SIDE;
const MAX_POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;
const NONE: u16 = u16::MAX;

/// A point of the board, as an index `y * width + x` (x from the left, y from the top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardError(pub String);

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BoardError {}

/// Why a stone cannot be placed, as far as the board alone can tell. (Ko and superko are the
/// game's business: they depend on history.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Occupied,
    /// The stone (or its chain) would have no liberty and capture nothing.
    Suicide {
        stones: u16,
    },
}

/// What a move would do: checked without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preview {
    /// Opponent stones it captures.
    pub captures: u16,
    /// Own stones it removes (multi-stone suicide where allowed; 0 otherwise).
    pub suicide: u16,
    /// Zobrist hash of the stones after the move.
    pub hash_after: u64,
    /// When exactly one stone is captured: where it was (for ko).
    pub single_capture: Option<Point>,
    /// Heads of the captured chains (unused slots hold `NONE`), so playing the move need
    /// not look for them again.
    captured: [u16; 4],
}

/// Zobrist keys, one per (point, colour), fixed for all time so hashes are reproducible
/// across runs and machines (splitmix64 from a constant seed).
static ZOBRIST: [[u64; 2]; MAX_POINTS] = {
    let mut table = [[0u64; 2]; MAX_POINTS];
    let mut state: u64 = 0x5945_4e5a_4920_2019; // "YENZI 2019"-ish constant; any fixed seed works
    let mut i = 0;
    while i < MAX_POINTS {
        let mut c = 0;
        while c < 2 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[i][c] = z ^ (z >> 31);
            c += 1;
        }
        i += 1;
    }
    table
};

fn key(point: usize, color: Color) -> u64 {
    ZOBRIST.get(point).map(|k| k[color.index()]).unwrap_or(0)
}

/// Which colours an empty region touches, as bits (see [`Board::walk_regions`]).
const TOUCHES_BLACK: u8 = 1;
const TOUCHES_WHITE: u8 = 2;
const TOUCHES_BOTH: u8 = TOUCHES_BLACK | TOUCHES_WHITE;

/// Empty-region totals for counting (see [`Board::regions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Regions {
    pub black: u32,
    pub white: u32,
    pub shared: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ChainInfo {
    size: u16,
    pseudo: u32,
    sum: u64,
    sum_sq: u64,
    hash: u64,
}

impl ChainInfo {
    const EMPTY: ChainInfo = ChainInfo { size: 0, pseudo: 0, sum: 0, sum_sq: 0, hash: 0 };

    fn add_liberty(&mut self, at: usize) {
        let at = at as u64;
        self.pseudo += 1;
        self.sum += at;
        self.sum_sq += at * at;
    }

    // Wrapping, not saturating: every removal matches an earlier addition, so the sums never
    // go below zero, and the plain arithmetic is cheaper on the hot path.
    fn remove_liberty(&mut self, at: usize) {
        let at = at as u64;
        self.pseudo = self.pseudo.wrapping_sub(1);
        self.sum = self.sum.wrapping_sub(at);
        self.sum_sq = self.sum_sq.wrapping_sub(at * at);
    }

    fn in_atari(&self) -> bool {
        self.pseudo > 0 && u64::from(self.pseudo) * self.sum_sq == self.sum * self.sum
    }
}

#[derive(Clone)]
pub struct Board {
    width: u8,
    height: u8,
    stones: Vec<Option<Color>>,
    neighbours: Arc<[[u16; 4]]>,
    /// The head (representative stone) of the chain each stone belongs to.
    head: Vec<u16>,
    /// The next stone of the same chain (a circular list).
    next: Vec<u16>,
    /// Chain data, valid at head indices.
    chain: Vec<ChainInfo>,
    hash: u64,
    /// Stones on the board: [black, white].
    stone_counts: [u32; 2],
    /// Stones removed by the last `play`, in removal order.
    removed: Vec<Point>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{} hash {:016x}", self.width, self.height, self.hash)?;
        f.write_str(&self.to_text())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && self.stones == other.stones
    }
}

impl Eq for Board {}

impl Board {
    pub fn new(width: u8, height: u8) -> Result<Board, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(BoardError(format!(
                "a {width}x{height} board is not supported: each side must have {MIN_SIDE} to {MAX_SIDE} lines"
            )));
        }
        let (w, h) = (usize::from(width), usize::from(height));
        let len = w * h;
        Ok(Board {
            width,
            height,
            stones: vec![None; len],
            neighbours: neighbour_table(width, height),
            head: vec![NONE; len],
            next: vec![NONE; len],
            chain: vec![ChainInfo::EMPTY; len],
            hash: 0,
            stone_counts: [0, 0],
            removed: Vec::with_capacity(len),
        })
    }
}

/// The neighbours of every point of a `width`×`height` board, built once per size and shared
/// by every board of that size (packed: up to 4 indices, then `NONE`).
type NeighbourTable = Arc<[[u16; 4]]>;

fn neighbour_table(width: u8, height: u8) -> NeighbourTable {
    // One slot per board size, filled on first use: no lock on the way to a new board.
    const SIDES: usize = (MAX_SIDE - MIN_SIDE + 1) as usize;
    static TABLES: [OnceLock<NeighbourTable>; SIDES * SIDES] = [const { OnceLock::new() }; SIDES * SIDES];
    let slot = usize::from(width.saturating_sub(MIN_SIDE)) * SIDES + usize::from(height.saturating_sub(MIN_SIDE));
    match TABLES.get(slot) {
        Some(table) => table.get_or_init(|| build_neighbours(width, height)).clone(),
        None => build_neighbours(width, height),
    }
}

fn build_neighbours(width: u8, height: u8) -> Arc<[[u16; 4]]> {
    {
        let (w, h) = (usize::from(width), usize::from(height));
        let len = w * h;
        let mut neighbours = vec![[NONE; 4]; len];
        for (i, slot) in neighbours.iter_mut().enumerate() {
            let (x, y) = (i % w, i / w);
            let mut k = 0;
            let mut push = |n: usize| {
                if let Some(s) = slot.get_mut(k) {
                    *s = n as u16;
                    k += 1;
                }
            };
            if y > 0 {
                push(i - w);
            }
            if x > 0 {
                push(i - 1);
            }
            if x + 1 < w {
                push(i + 1);
            }
            if y + 1 < h {
                push(i + w);
            }
        }
        neighbours.into()
    }
}

impl Board {
    pub fn width(&self) -> u8 {
        self.width
    }

    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.stones.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stones.iter().all(Option::is_none)
    }

    pub fn point(&self, x: u8, y: u8) -> Option<Point> {
        (x < self.width && y < self.height).then(|| Point(u16::from(y) * u16::from(self.width) + u16::from(x)))
    }

    /// (x, y) of a point, x from the left and y from the top, both from 0.
    pub fn xy(&self, p: Point) -> (u8, u8) {
        let w = u16::from(self.width);
        ((p.0 % w) as u8, (p.0 / w) as u8)
    }

    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.stones.len() as u16).map(Point)
    }

    pub fn get(&self, p: Point) -> Option<Color> {
        self.stones.get(p.index()).copied().flatten()
    }

    /// The Zobrist hash of the stones on the board (not of the player to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.neighbours.get(p.index()).into_iter().flatten().filter(|n| **n != NONE).map(|n| Point(*n))
    }

    /// Stones removed by the last [`Board::play`].
    pub fn last_removed(&self) -> &[Point] {
        &self.removed
    }

    /// Forgets what the last move removed (after setup changes, which capture nothing).
    pub fn forget_removed(&mut self) {
        self.removed.clear();
    }

    pub fn count(&self, color: Color) -> usize {
        self.stone_counts.get(color.index()).map(|n| *n as usize).unwrap_or(0)
    }

    fn head_of(&self, i: usize) -> usize {
        self.head.get(i).map(|h| usize::from(*h)).unwrap_or(i)
    }

    fn info(&self, head: usize) -> ChainInfo {
        self.chain.get(head).copied().unwrap_or(ChainInfo::EMPTY)
    }

    fn neighbour_indices(&self, i: usize) -> [u16; 4] {
        self.neighbours.get(i).copied().unwrap_or([NONE; 4])
    }

    /// The stones of the chain through `p` (empty if `p` is empty).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        self.chain_stones(p).collect()
    }

    /// The stones of the chain through `p`, walked along its circular list without collecting
    /// them (the reading asks for liberties millions of times).
    fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.index();
        let mut next = self.get(p).map(|_| start);
        let mut walked = 0;
        std::iter::from_fn(move || {
            let i = next?;
            walked += 1;
            let after = self.next.get(i).map(|n| usize::from(*n)).unwrap_or(start);
            next = (after != start && walked <= self.stones.len()).then_some(after);
            Some(Point(i as u16))
        })
    }

    /// How many stones the chain through `p` has (0 if `p` is empty).
    pub fn chain_len(&self, p: Point) -> usize {
        if self.get(p).is_none() {
            return 0;
        }
        usize::from(self.info(self.head_of(p.index())).size)
    }

    /// The one liberty of the chain through `p` when it is in atari (no walk: the chain's
    /// pseudo-liberties are all that point, so it is their mean).
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        self.get(p)?;
        let c = self.info(self.head_of(p.index()));
        if !c.in_atari() {
            return None;
        }
        let at = c.sum / u64::from(c.pseudo);
        u16::try_from(at).ok().map(Point)
    }

    /// The distinct liberties of the chain through `p`.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> =
            self.chain_stones(p).flat_map(|s| self.neighbours(s)).filter(|n| self.get(*n).is_none()).collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// How many distinct liberties the chain through `p` has: [`Board::liberties`]`.len()`,
    /// counted on the stack when there are few (the reading's estimates ask at every position).
    pub fn liberty_count(&self, p: Point) -> usize {
        const FEW: usize = 32;
        let mut seen = [0u16; FEW];
        let mut count = 0;
        for n in self.chain_stones(p).flat_map(|s| self.neighbours(s)).filter(|n| self.get(*n).is_none()) {
            if seen.get(..count).is_some_and(|known| known.contains(&n.0)) {
                continue;
            }
            match seen.get_mut(count) {
                Some(slot) => *slot = n.0,
                None => return self.liberties(p).len(),
            }
            count += 1;
        }
        count
    }

    /// Places a setup stone (SGF AB/AW, handicap, 座子) with no capture and no legality check:
    /// setup may describe any position.
    pub fn set_stone(&mut self, p: Point, color: Color) {
        if self.get(p).is_some() {
            self.remove_stone(p);
        }
        self.place(p.index(), color);
    }

    /// Sets many points at once (SGF setup: `Some` puts that colour there, `None` empties it),
    /// building the chains once. Stone by stone, each removal rebuilds its chain, so a record
    /// clearing and refilling a full board node after node took seconds.
    pub fn set_points(&mut self, changes: impl IntoIterator<Item = (Point, Option<Color>)>) {
        let mut stones = self.stones.clone();
        for (p, color) in changes {
            if let Some(slot) = stones.get_mut(p.index()) {
                *slot = color;
            }
        }
        let len = stones.len();
        self.stones = vec![None; len];
        self.head = vec![NONE; len];
        self.next = vec![NONE; len];
        self.chain = vec![ChainInfo::EMPTY; len];
        self.hash = 0;
        self.stone_counts = [0, 0];
        self.removed.clear();
        for (i, color) in stones.into_iter().enumerate() {
            if let Some(color) = color {
                self.place(i, color);
            }
        }
    }

    /// Takes a stone off (SGF AE, agreed dead stones on a copy for counting).
    pub fn remove_stone(&mut self, p: Point) {
        let i = p.index();
        let Some(color) = self.get(p) else { return };
        // Simplest correct route: take the whole chain off and put the rest back.
        let rest: Vec<Point> = self.chain(p).into_iter().filter(|s| *s != p).collect();
        self.remove_chain_at(i);
        for s in rest {
            self.place(s.index(), color);
        }
    }

    /// Puts a stone down and merges it into its chains; no captures.
    fn place(&mut self, i: usize, color: Color) {
        let Some(slot) = self.stones.get_mut(i) else { return };
        *slot = Some(color);
        self.hash ^= key(i, color);
        if let Some(n) = self.stone_counts.get_mut(color.index()) {
            *n += 1;
        }
        if let (Some(h), Some(n)) = (self.head.get_mut(i), self.next.get_mut(i)) {
            *h = i as u16;
            *n = i as u16;
        }
        let mut info = ChainInfo { size: 1, hash: key(i, color), ..ChainInfo::EMPTY };
        // One pass: empty neighbours are the new stone's liberties; every neighbouring chain
        // loses this point as a liberty, once per adjacency; own chains are noted for merging.
        let mut own = [NONE; 4];
        for (k, &n) in self.neighbour_indices(i).iter().enumerate() {
            if n == NONE {
                break; // neighbour lists are packed
            }
            let n = usize::from(n);
            match self.stones.get(n).copied().flatten() {
                None => info.add_liberty(n),
                Some(c) => {
                    let h = self.head_of(n);
                    if let Some(chain) = self.chain.get_mut(h) {
                        chain.remove_liberty(i);
                    }
                    if c == color
                        && let Some(o) = own.get_mut(k)
                    {
                        *o = h as u16;
                    }
                }
            }
        }
        if let Some(c) = self.chain.get_mut(i) {
            *c = info;
        }
        for h in own {
            if h != NONE {
                // Heads are looked up again: an earlier merge may have relabelled this chain.
                let (a, b) = (self.head_of(i), self.head_of(usize::from(h)));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins two chains, relabelling the smaller one.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.info(a).size >= self.info(b).size { (a, b) } else { (b, a) };
        let small_info = self.info(small);
        // Relabel the smaller chain's stones.
        let mut i = small;
        loop {
            if let Some(h) = self.head.get_mut(i) {
                *h = big as u16;
            }
            i = self.next.get(i).map(|n| usize::from(*n)).unwrap_or(small);
            if i == small {
                break;
            }
        }
        // Splice the two circular lists.
        let (next_big, next_small) = (self.next.get(big).copied(), self.next.get(small).copied());
        if let (Some(nb), Some(ns)) = (next_big, next_small) {
            if let Some(x) = self.next.get_mut(big) {
                *x = ns;
            }
            if let Some(x) = self.next.get_mut(small) {
                *x = nb;
            }
        }
        if let Some(c) = self.chain.get_mut(big) {
            c.size += small_info.size;
            c.pseudo += small_info.pseudo;
            c.sum += small_info.sum;
            c.sum_sq += small_info.sum_sq;
            c.hash ^= small_info.hash;
        }
    }

    /// Removes the whole chain through `i`, giving liberties back to its neighbours.
    fn remove_chain_at(&mut self, i: usize) {
        let start = self.head_of(i);
        let mut stone = start;
        loop {
            let following = self.next.get(stone).map(|n| usize::from(*n)).unwrap_or(start);
            if let Some(color) = self.stones.get(stone).copied().flatten() {
                self.hash ^= key(stone, color);
                if let Some(n) = self.stone_counts.get_mut(color.index()) {
                    *n -= 1;
                }
            }
            if let Some(s) = self.stones.get_mut(stone) {
                *s = None;
            }
            self.removed.push(Point(stone as u16));
            stone = following;
            if stone == start {
                break;
            }
        }
        // Now every removed point is empty: each neighbouring stone's chain gains it.
        let removed_from = self.removed.len() - self.info(start).size as usize;
        for k in removed_from..self.removed.len() {
            let Some(s) = self.removed.get(k).map(|p| p.index()) else { continue };
            if let Some(h) = self.head.get_mut(s) {
                *h = NONE;
            }
            if let Some(n) = self.next.get_mut(s) {
                *n = NONE;
            }
            for n in self.neighbour_indices(s) {
                if n == NONE {
                    continue;
                }
                let n = usize::from(n);
                if self.stones.get(n).copied().flatten().is_some() {
                    let h = self.head_of(n);
                    if let Some(c) = self.chain.get_mut(h) {
                        c.add_liberty(s);
                    }
                }
            }
        }
        if let Some(c) = self.chain.get_mut(start) {
            *c = ChainInfo::EMPTY;
        }
    }

    /// Is the chain with head `h` in atari with its one liberty at `i`? All its pseudo-
    /// liberties equal `i` exactly when Σx = i·n and Σx² = i²·n (then Σ(x−i)² = 0); no division.
    fn in_atari_at(&self, h: usize, i: usize) -> bool {
        match self.chain.get(h) {
            Some(c) => {
                let (n, i) = (u64::from(c.pseudo), i as u64);
                n > 0 && c.sum == i * n && c.sum_sq == i * i * n
            }
            None => false,
        }
    }

    /// What playing `color` at `p` would do, without changing the board.
    /// `multi_stone_suicide`: whether a move that leaves its own chain (of two or more stones)
    /// without liberties is allowed, removing that chain (NZ, Ing, Tromp-Taylor). Single-stone
    /// suicide is never a legal move.
    #[inline]
    pub fn preview(&self, color: Color, p: Point, multi_stone_suicide: bool) -> Result<Preview, Placement> {
        let i = p.index();
        match self.stones.get(i) {
            None | Some(Some(_)) => return Err(Placement::Occupied),
            Some(None) => {}
        }
        let neighbours = self.neighbour_indices(i);
        let mut hash = self.hash ^ key(i, color);
        let mut captures: u16 = 0;
        let mut single_capture = None;
        let mut has_liberty = false;
        // Heads already counted as captured (two neighbours may belong to one chain).
        let mut taken = [NONE; 4];
        for (k, &n) in neighbours.iter().enumerate() {
            if n == NONE {
                break; // neighbour lists are packed: the first NONE ends them
            }
            let n = usize::from(n);
            match self.stones.get(n).copied().flatten() {
                None => has_liberty = true,
                Some(c) => {
                    let h = self.head_of(n);
                    let atari_here = self.in_atari_at(h, i);
                    if c == color {
                        has_liberty |= !atari_here;
                    } else if atari_here && !taken.contains(&(h as u16)) {
                        if let Some(slot) = taken.get_mut(k) {
                            *slot = h as u16;
                        }
                        let info = self.info(h);
                        captures += info.size;
                        hash ^= info.hash;
                        single_capture = if captures == 1 { Some(Point(n as u16)) } else { None };
                    }
                }
            }
        }
        if captures > 0 || has_liberty {
            return Ok(Preview { captures, suicide: 0, hash_after: hash, single_capture, captured: taken });
        }
        // The rare case: no liberty and no capture. Size up the own chain this would make.
        let mut own = [NONE; 4];
        let mut own_size: u16 = 1;
        let mut own_hash = key(i, color);
        for (k, &n) in neighbours.iter().enumerate() {
            if n == NONE {
                break;
            }
            let n = usize::from(n);
            if self.stones.get(n).copied().flatten() == Some(color) {
                let h = self.head_of(n);
                if !own.contains(&(h as u16)) {
                    if let Some(slot) = own.get_mut(k) {
                        *slot = h as u16;
                    }
                    let info = self.info(h);
                    own_size += info.size;
                    own_hash ^= info.hash;
                }
            }
        }
        if own_size < 2 || !multi_stone_suicide {
            return Err(Placement::Suicide { stones: own_size });
        }
        // Multi-stone suicide: the merged chain (the new stone and its own neighbours) goes.
        Ok(Preview {
            captures: 0,
            suicide: own_size,
            hash_after: hash ^ own_hash,
            single_capture: None,
            captured: taken,
        })
    }

    /// Plays a stone: captures opponent chains left without liberties, then (only where
    /// `multi_stone_suicide` allows it) removes its own chain if that has none.
    pub fn play(&mut self, color: Color, p: Point, multi_stone_suicide: bool) -> Result<Preview, Placement> {
        let preview = self.preview(color, p, multi_stone_suicide)?;
        self.apply(color, p, preview);
        Ok(preview)
    }

    /// Carries out a move already checked with [`Board::preview`] on this same position (the
    /// game checks first, then plays, and need not work it out twice).
    #[inline]
    pub fn apply(&mut self, color: Color, p: Point, preview: Preview) {
        self.removed.clear();
        let i = p.index();
        self.place(i, color);
        // Placing merges only `color`'s chains, so the captured chains keep their heads.
        for h in preview.captured {
            if h != NONE {
                self.remove_chain_at(usize::from(h));
            }
        }
        if preview.suicide > 0 {
            self.remove_chain_at(i);
        }
    }

    /// Every empty region with its points and which colours ([black, white]) it touches,
    /// for life and death and seki (the counts use the leaner [`Board::regions`]).
    pub fn empty_regions(&self) -> Vec<(Vec<Point>, [bool; 2])> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for start in self.points() {
            if self.get(start).is_some() || seen.get(start.index()).copied().unwrap_or(true) {
                continue;
            }
            let (mut points, mut stack, mut touches) = (Vec::new(), vec![start], [false, false]);
            if let Some(s) = seen.get_mut(start.index()) {
                *s = true;
            }
            while let Some(p) = stack.pop() {
                points.push(p);
                for n in self.neighbours(p) {
                    match self.get(n) {
                        Some(c) => {
                            if let Some(t) = touches.get_mut(c.index()) {
                                *t = true;
                            }
                        }
                        None => {
                            if let Some(s) = seen.get_mut(n.index()).filter(|s| !**s) {
                                *s = true;
                                stack.push(n);
                            }
                        }
                    }
                }
            }
            out.push((points, touches));
        }
        out
    }

    /// The empty regions, for counting: points of regions touching only Black, only White,
    /// or both.
    pub fn regions(&self) -> Regions {
        let mut out = Regions { black: 0, white: 0, shared: 0 };
        self.walk_regions::<false>(|size, touches, _| match touches {
            TOUCHES_BLACK => out.black += size,
            TOUCHES_WHITE => out.white += size,
            TOUCHES_BOTH => out.shared += size,
            _ => {}
        });
        out
    }

    /// Independent groups of Black and of White, for the group tax: chains joined through
    /// an empty region that touches only their colour (they share an eye) count as one.
    pub fn groups(&self) -> [u32; 2] {
        let n = self.stones.len();
        let mut joined = Joined::new(n);
        self.walk_regions::<true>(|_, touches, border| {
            if (touches == TOUCHES_BLACK || touches == TOUCHES_WHITE)
                && let Some((&first, rest)) = border.split_first()
            {
                for &h in rest {
                    joined.join(first, h);
                }
            }
        });
        let mut groups = [0, 0];
        let mut counted = vec![false; n];
        for i in 0..n {
            let Some(color) = self.stones.get(i).copied().flatten() else { continue };
            if self.head_of(i) != i {
                continue;
            }
            let root = joined.root(i);
            if let Some(mark) = counted.get_mut(root).filter(|m| !**m) {
                *mark = true;
                if let Some(g) = groups.get_mut(color.index()) {
                    *g += 1;
                }
            }
        }
        groups
    }

    /// Calls `visit(size, touches, border)` for each maximal empty region, where `touches` is
    /// `TOUCHES_BLACK`, `TOUCHES_WHITE`, `TOUCHES_BOTH` or 0, and `border` lists the heads of the
    /// bordering chains (collected only when `BORDER`: the area count does not need them).
    /// Every count walks the whole board, so the walk is kept lean: fixed arrays on the stack
    /// and one mark per point.
    fn walk_regions<const BORDER: bool>(&self, mut visit: impl FnMut(u32, u8, &[usize])) {
        const UNSEEN: u8 = 0;
        const SEEN: u8 = 4;
        let mut mark = [SEEN; MAX_POINTS];
        for (m, s) in mark.iter_mut().zip(&self.stones) {
            *m = match s {
                None => UNSEEN,
                Some(Color::Black) => TOUCHES_BLACK,
                Some(Color::White) => TOUCHES_WHITE,
            };
        }
        let mut stack = [0u16; MAX_POINTS];
        let mut border = Vec::new();
        for start in 0..self.stones.len() {
            match mark.get_mut(start) {
                Some(m) if *m == UNSEEN => *m = SEEN,
                _ => continue,
            }
            let (mut size, mut touches, mut top) = (0u32, 0u8, 1usize);
            if let Some(s) = stack.first_mut() {
                *s = start as u16;
            }
            border.clear();
            while top > 0 {
                top -= 1;
                let p = stack.get(top).map(|p| usize::from(*p)).unwrap_or(0);
                size += 1;
                for nb in self.neighbour_indices(p) {
                    if nb == NONE {
                        break;
                    }
                    let Some(m) = mark.get_mut(usize::from(nb)) else { continue };
                    touches |= *m;
                    if *m == UNSEEN {
                        *m = SEEN;
                        if let Some(slot) = stack.get_mut(top) {
                            *slot = nb;
                            top += 1;
                        }
                    } else if BORDER && *m != SEEN {
                        border.push(self.head_of(usize::from(nb)));
                    }
                }
            }
            visit(size, touches & TOUCHES_BOTH, &border);
        }
    }

    /// The board as text: `X` black, `O` white, `.` empty, one row per line, top row first.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.stones.len() + usize::from(self.height));
        for (i, s) in self.stones.iter().enumerate() {
            out.push(match s {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
            if (i + 1) % usize::from(self.width) == 0 {
                out.push('\n');
            }
        }
        out
    }

    /// A board from rows of `X`, `O` and `.` (or `+`), top row first; for tests and fixtures.
    pub fn from_text(rows: &str) -> Result<Board, BoardError> {
        let lines: Vec<&str> = rows.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let height = u8::try_from(lines.len()).map_err(|_| BoardError("too many rows".into()))?;
        let width = lines.first().map(|l| l.chars().filter(|c| !c.is_whitespace()).count()).unwrap_or(0);
        let width = u8::try_from(width).map_err(|_| BoardError("rows too long".into()))?;
        let mut board = Board::new(width, height)?;
        for (y, line) in lines.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != usize::from(width) {
                return Err(BoardError(format!("row {} has {} points, not {width}", y + 1, cells.len())));
            }
            for (x, c) in cells.iter().enumerate() {
                let color = match c {
                    'X' | 'x' | 'B' | '●' => Some(Color::Black),
                    'O' | 'o' | 'W' | '○' => Some(Color::White),
                    '.' | '+' | '-' => None,
                    other => return Err(BoardError(format!("unknown point {other:?} in row {}", y + 1))),
                };
                if let (Some(color), Some(p)) = (color, board.point(x as u8, y as u8)) {
                    board.set_stone(p, color);
                }
            }
        }
        Ok(board)
    }

    /// Recomputes everything from the stones; tests use it to check the incremental state.
    #[cfg(test)]
    fn rebuilt(&self) -> Board {
        let mut fresh = Board::new(self.width, self.height).unwrap_or_else(|_| self.clone());
        for p in self.points() {
            if let Some(c) = self.get(p) {
                fresh.place(p.index(), c);
            }
        }
        fresh
    }
}

/// Disjoint sets of the indices 0..n (union-find with path halving): which chains go
/// together, for the group tax's groups and the estimate's large groups.
pub(crate) struct Joined(Vec<usize>);

impl Joined {
    pub(crate) fn new(n: usize) -> Joined {
        Joined((0..n).collect())
    }

    /// The representative of `x`'s set.
    pub(crate) fn root(&mut self, mut x: usize) -> usize {
        while let Some(&up) = self.0.get(x)
            && up != x
        {
            let grand = self.0.get(up).copied().unwrap_or(up);
            if let Some(slot) = self.0.get_mut(x) {
                *slot = grand;
            }
            x = grand;
        }
        x
    }

    /// Puts `a` and `b` in one set.
    pub(crate) fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        if a != b
            && let Some(slot) = self.0.get_mut(a)
        {
            *slot = b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn at(board: &Board, x: u8, y: u8) -> Point {
        board.point(x, y).unwrap_or(Point(0))
    }

    /// The incremental chain data must equal a rebuild from scratch.
    fn consistent(board: &Board) {
        let fresh = board.rebuilt();
        assert_eq!(board.hash, fresh.hash, "hash");
        for p in board.points() {
            if board.get(p).is_some() {
                let (a, b) = (board.info(board.head_of(p.index())), fresh.info(fresh.head_of(p.index())));
                assert_eq!(
                    (a.size, a.pseudo, a.sum, a.sum_sq, a.hash),
                    (b.size, b.pseudo, b.sum, b.sum_sq, b.hash),
                    "chain at {p:?}"
                );
                let libs = board.liberties(p);
                assert_eq!(a.in_atari(), libs.len() == 1, "atari at {p:?}");
                assert_eq!(board.atari_liberty(p), (libs.len() == 1).then(|| libs[0]), "atari liberty at {p:?}");
                // Counted on the stack (the fallback past 32 on the big boards' long chains).
                assert_eq!(board.liberty_count(p), libs.len(), "liberty count at {p:?}");
                let chain = board.chain(p);
                assert_eq!(chain.len(), board.chain_len(p), "chain at {p:?}");
                assert!(chain.contains(&p) && chain.iter().all(|s| board.get(*s) == board.get(p)), "chain at {p:?}");
            }
        }
    }

    #[test]
    fn sizes_outside_2_to_25_are_refused() {
        assert!(Board::new(1, 9).is_err());
        assert!(Board::new(26, 26).is_err());
        assert!(Board::new(2, 2).is_ok());
        assert!(Board::new(25, 25).is_ok());
        assert!(Board::new(19, 13).is_ok());
    }

    #[test]
    fn a_single_stone_is_captured_and_the_hash_comes_back() {
        let mut b = Board::new(9, 9).unwrap_or_else(|e| panic!("{e}"));
        let empty = b.hash();
        let centre = at(&b, 4, 4);
        b.play(White, centre, false).ok();
        for (x, y) in [(4, 3), (3, 4), (5, 4)] {
            b.play(Black, at(&b, x, y), false).ok();
        }
        let last = at(&b, 4, 5);
        let preview = b.preview(Black, last, false);
        assert_eq!(preview.map(|p| (p.captures, p.single_capture)), Ok((1, Some(centre))));
        let hash_after = preview.map(|p| p.hash_after).unwrap_or(0);
        b.play(Black, last, false).ok();
        assert_eq!(b.get(centre), None);
        assert_eq!(b.last_removed(), &[centre]);
        assert_eq!(b.hash(), hash_after);
        consistent(&b);
        for (x, y) in [(4, 3), (3, 4), (5, 4), (4, 5)] {
            b.remove_stone(at(&b, x, y));
        }
        assert_eq!(b.hash(), empty);
        consistent(&b);
    }

    #[test]
    fn suicide_is_refused_unless_multi_stone_suicide_is_allowed() {
        // White at a1/b1 corner area: a black stone into a one-point eye is suicide.
        let mut b = Board::from_text(
            ".XO..
             XXO..
             OOO..
             .....
             .....",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        consistent(&b);
        let corner = at(&b, 0, 0);
        // Black filling its own last liberty: a 4-stone suicide.
        assert_eq!(b.preview(Black, corner, false), Err(Placement::Suicide { stones: 4 }));
        let allowed = b.preview(Black, corner, true);
        assert_eq!(allowed.map(|p| p.suicide), Ok(4));
        b.play(Black, corner, true).ok();
        assert_eq!(b.count(Black), 0);
        consistent(&b);
        // A single stone with no liberty is never legal, even under multi-stone suicide.
        let mut eye = Board::from_text(
            ".O.
             O.O
             .O.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let centre = at(&eye, 1, 1);
        assert_eq!(eye.preview(Black, centre, true), Err(Placement::Suicide { stones: 1 }));
        assert_eq!(eye.play(White, centre, false).map(|p| p.captures), Ok(0), "own eye filling is legal");
        consistent(&eye);
    }

    #[test]
    fn a_move_without_liberties_that_captures_is_legal() {
        // White's three stones have one liberty, the corner; Black's stone there would have
        // none, but it captures first (the rule that makes ko possible).
        let mut b = Board::from_text(
            ".OX.
             OOX.
             XXX.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        consistent(&b);
        let corner = at(&b, 0, 0);
        assert_eq!(b.preview(Black, corner, false).map(|p| (p.captures, p.single_capture)), Ok((3, None)));
        assert_eq!(b.play(Black, corner, false).map(|p| p.captures), Ok(3));
        assert_eq!(b.count(White), 0);
        assert_eq!(b.last_removed().len(), 3);
        consistent(&b);
        // White may now play back into the emptied points.
        assert!(b.play(White, at(&b, 1, 1), false).is_ok());
        consistent(&b);
    }

    #[test]
    fn random_play_keeps_the_incremental_state_exact() {
        for (w, h) in [(2, 2), (5, 5), (9, 9), (13, 7), (19, 19), (25, 25)] {
            let mut b = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            let mut seed: u64 = 7 + u64::from(w) * 31 + u64::from(h);
            let mut color = Black;
            for step in 0..(usize::from(w) * usize::from(h) * 3) {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let p = Point(((seed >> 33) % b.len() as u64) as u16);
                if b.play(color, p, step % 2 == 0).is_ok() {
                    color = color.opponent();
                }
                if step % 17 == 0 {
                    consistent(&b);
                }
            }
            consistent(&b);
        }
    }

    #[test]
    fn a_long_chain_counts_its_many_liberties() {
        // A line across the middle of 19×19: 38 liberties, more than are counted on the stack.
        let mut b = Board::new(19, 19).unwrap_or_else(|e| panic!("{e}"));
        for x in 0..19 {
            b.set_stone(at(&b, x, 9), Black);
        }
        let middle = at(&b, 9, 9);
        assert_eq!((b.chain_len(middle), b.liberty_count(middle), b.liberties(middle).len()), (19, 38, 38));
        consistent(&b);
    }

    #[test]
    fn setting_many_points_at_once_matches_setting_them_one_by_one() {
        for (w, h) in [(5, 5), (9, 9), (19, 19), (25, 25)] {
            let mut seed: u64 = 11 + u64::from(w);
            let mut one_by_one = Board::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            let mut at_once = one_by_one.clone();
            for _ in 0..6 {
                let mut changes = Vec::new();
                for _ in 0..(usize::from(w) * usize::from(h)) {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let p = Point(((seed >> 33) % one_by_one.len() as u64) as u16);
                    let color = [Some(Black), Some(White), None][((seed >> 20) % 3) as usize];
                    changes.push((p, color));
                }
                for &(p, color) in &changes {
                    match color {
                        Some(c) => one_by_one.set_stone(p, c),
                        None => one_by_one.remove_stone(p),
                    }
                }
                at_once.set_points(changes);
                consistent(&at_once);
                assert_eq!(at_once, one_by_one);
                assert_eq!(at_once.hash(), one_by_one.hash());
                for p in at_once.points().filter(|p| at_once.get(*p).is_some()) {
                    assert_eq!(at_once.liberties(p).len(), one_by_one.liberties(p).len());
                }
            }
        }
    }

    #[test]
    fn text_round_trip() {
        let text = "X.O\n.XO\nOO.\n";
        let b = Board::from_text(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(b.to_text(), text);
        assert!(Board::from_text("X.\nO").is_err());
    }
}
