//! Life and death for counting: a dead-stone proposal the players then confirm or change,
//! standing on Benson's unconditional life (`benson`) and reading (`reading`).
use super::benson::pass_alive;
use super::benson::{chain_heads, regions_of};
use super::board::{Board, Point};
use super::reading::{KoRetake, Verdict};
use crate::color::Color;

/// 假生 (false life, 1988 Art. 20.2): which side keeps a group alive only by going round a
/// cycle. `lap` are the points played in one lap of the cycle and `board` the position the
/// lap returns to. The stones around the lap (chains on or next to its points, less the
/// bare ko stones played in it) are tried both ways: with every lap point won by one side.
/// If one side's stones stay unconditionally alive (Benson) even when the other wins every
/// ko, and the other side's do not when it loses them all, the other side lives falsely.
/// Where neither side is safe (a real triple ko between two weak groups) this says None.
pub fn lives_only_by_the_cycle(board: &Board, lap: &[Point]) -> Option<Color> {
    let safe = |side: Color| -> Option<bool> {
        let winner = side.opponent();
        let mut won = board.clone();
        won.set_points(lap.iter().filter(|&&p| board.get(p) == Some(side)).map(|&p| (p, None)));
        for &p in lap {
            if won.get(p).is_none() {
                // A point the winner cannot take (it would be suicide) stays as it is.
                let _ = won.play(winner, p, true);
            }
        }
        let alive = pass_alive(&won, side);
        let around: Vec<Point> = lap
            .iter()
            .flat_map(|&p| std::iter::once(p).chain(board.neighbours(p)))
            .filter(|&p| board.get(p) == Some(side) && !board.chain(p).iter().all(|s| lap.contains(s)))
            .collect();
        (!around.is_empty()).then(|| around.iter().all(|p| alive.get(p.index()) == Some(&true)))
    };
    match (safe(Color::Black)?, safe(Color::White)?) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// Stones proven dead: not pass-alive themselves, inside a region enclosed by the opponent's
/// pass-alive stones where they cannot live (see `pass_alive`). Nothing in doubt is here.
pub fn proven_dead(board: &Board) -> Vec<Point> {
    proven_dead_with(board, &[pass_alive(board, Color::Black), pass_alive(board, Color::White)])
}

/// [`proven_dead`] with both sides' `pass_alive` maps already worked out.
fn proven_dead_with(board: &Board, [black, white]: &[Vec<bool>; 2]) -> Vec<Point> {
    board
        .points()
        .filter(|p| match board.get(*p) {
            Some(Color::Black) => white.get(p.index()) == Some(&true) && black.get(p.index()) != Some(&true),
            Some(Color::White) => black.get(p.index()) == Some(&true) && white.get(p.index()) != Some(&true),
            None => false,
        })
        .collect()
}

/// How a rule set settles a finished game's life and death, as the proposal reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LifeRules {
    /// How a ko is retaken in the reading.
    pub ko: KoRetake,
    /// A group its owner left unsettled (alive only if it moves first) is dead: the side that
    /// claims it dead moves first when it is played out (chinese-2002 Art. 21.4, japanese-1989
    /// Art. 7 …). Not where the rules let the owner move first or leave disputed stones on the
    /// board (AGA Art. 10, New Zealand, Tromp–Taylor): there such a group stays an estimate.
    pub unsettled_dead: bool,
    /// A chain of two or more stones may take its own last liberty (NZ, Ing, Tromp-Taylor):
    /// a proof must answer such a move too.
    pub multi_stone_suicide: bool,
}

impl From<KoRetake> for LifeRules {
    /// The ko rule alone, with unsettled groups dead and no suicide (the Chinese and Japanese
    /// rules).
    fn from(ko: KoRetake) -> LifeRules {
        LifeRules { ko, unsettled_dead: true, multi_stone_suicide: false }
    }
}

/// The dead-stone proposal for a finished game, which the players confirm or change: the
/// stones proven dead, and the stones the playouts of `estimate` find dead, except any
/// pass-alive stone (which cannot be captured whatever happens). `ko`: how the rules retake a
/// ko when a group the opponent's unconditionally alive stones shut in is read
/// (`Ruleset::reading_ko`).
pub fn propose_dead(board: &Board, rules: LifeRules) -> Vec<Point> {
    dead_stones(board, &super::estimate::estimate(board, super::estimate::PLAYOUTS), rules).dead
}

/// Why the proposal calls a group dead: proven, or estimated and how sure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Basis {
    /// Inside a region that the opponent's unconditionally alive stones enclose (Benson) and
    /// where two eyes do not fit: whatever it plays, the group is captured. Where reading
    /// showed it, [`DeadGroup::reading`] holds the line.
    Proven,
    /// The playouts captured the group in `captured` of them and gave its points to the
    /// opponent in `owned` of them (shares from 0 to 1).
    Estimated { captured: f32, owned: f32 },
    /// Part of a large group (`stones` stones in `chains` chains) that the playouts captured
    /// as one in `captured` of them, too often for a group with two eyes, which is almost
    /// never captured; `owned` as above (see `estimate::large_groups`).
    LargeGroup { captured: f32, owned: f32, stones: usize, chains: usize },
    /// No eye space anywhere in the area the opponent encloses, and the playouts do not keep
    /// it standing (`owned`: the share of playouts that gave its points to the opponent).
    Eyeless { owned: f32 },
}

/// One chain of the proposal's dead stones and why it is there.
#[derive(Debug, Clone, PartialEq)]
pub struct DeadGroup {
    pub colour: Color,
    pub stones: Vec<Point>,
    pub basis: Basis,
    /// How many playouts the estimate took (the shares of `basis` are of these).
    pub playouts: usize,
    /// What reading the local fight says (see [`read_groups`]); None: not read, or the
    /// region is too open or the fight too long to read. With a checked proof, its main line.
    pub reading: Option<super::reading::Verdict>,
    /// The group's proof, checked by [`super::verify::verify`] (see [`read_groups`]).
    pub proof: Option<Proof>,
    /// Why the search found no proof, where it looked for one.
    pub unproven: Option<super::proof::Unproven>,
}

/// A checked proof that a group is dead: the certificate, what the checker replayed, and the
/// lines drawn from it for people (the longest resistance first, then the owner's next-best
/// tries, each refuted).
#[derive(Debug, Clone, PartialEq)]
pub struct Proof {
    pub certificate: super::proof::Certificate,
    pub checked: super::verify::Checked,
    pub lines: Vec<Vec<super::reading::LineMove>>,
}

/// The owner's tries shown beside a proof's main line.
const SHOWN_TRIES: usize = 3;

/// Proves or reads every group the proposal calls dead. First a proof (`proof::prove_dead`)
/// that holds whatever happens outside a zone round the group, which the independent checker
/// (`verify::verify`) must accept before it counts: the group is then proven, its main line
/// becomes its reading (dead whoever starts, or, where the rules call a group left unsettled
/// dead, captured with the attacker first). A group without a proof keeps its basis, says why
/// there is none, and is read as before (`reading::read`, the stones around its region taken to
/// stand): a reading that finds it alive or unsettled is an estimate reading does not bear out;
/// a reading that finds it dead, resting on that assumption, is not shown as a proof. Kept out
/// of [`propose`], which counts every finished game, because it costs up to a second a board;
/// the groups of one board share one budget of positions.
pub fn read_groups(board: &Board, groups: &mut [DeadGroup], rules: LifeRules) {
    let ko = rules.ko;
    // Under the 2012 verification the examined side moves first, and under rules that leave a
    // disputed group on the board (AGA, New Zealand, Tromp–Taylor) an unsettled group is not
    // dead: only there is the attacker-first proof not a proof of death.
    let attacker_first_too = rules.unsettled_dead && ko != KoRetake::Verification;
    let mut proof_budget = BOARD_PROOF_NODES;
    for group in groups.iter_mut().filter(|g| g.proof.is_none()) {
        let Some(&first) = group.stones.first() else { continue };
        match super::proof::prove_dead(board, first, attacker_first_too, rules.multi_stone_suicide, &mut proof_budget) {
            Ok(certificate) => match super::verify::verify(board, &certificate) {
                Ok(checked) => {
                    let lines = super::proof::lines(board, &certificate, SHOWN_TRIES);
                    let main = lines.first().cloned().unwrap_or_default();
                    group.reading = Some(if certificate.owner_first {
                        Verdict::Dead { line: main }
                    } else {
                        Verdict::Unsettled { attack: main }
                    });
                    if !certificate.owner_first {
                        group.basis = Basis::Proven;
                    }
                    group.unproven = None;
                    group.proof = Some(Proof { certificate, checked, lines });
                }
                // A certificate the checker refuses is no proof (and a fault of the search).
                Err(_) => group.unproven = Some(super::proof::Unproven::Refused),
            },
            Err(why) => group.unproven = Some(why),
        }
    }
    // One budget for the board, so a page or a download that reads every group stays bounded.
    let mut budget = BOARD_READING_NODES;
    for group in groups.iter_mut().filter(|g| g.proof.is_none() && g.reading.is_none()) {
        if budget == 0 {
            break;
        }
        group.reading = group.stones.first().and_then(|&p| super::reading::read_within(board, p, ko, &mut budget));
        // Dead with the stones around its region taken to stand: not a proof (no certificate).
        if matches!(group.reading, Some(Verdict::Dead { .. })) {
            group.reading = None;
        }
    }
}

/// Positions all the proofs of one board may visit together (see `proof::GROUP_NODES` for one).
const BOARD_PROOF_NODES: usize = 400_000;

/// Positions all the readings of one board may visit together.
const BOARD_READING_NODES: usize = 40_000;

/// The engine's proposal for counting a finished (or abandoned) position.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    pub dead: Vec<Point>,
    /// The same stones chain by chain, each with why it is proposed dead.
    pub groups: Vec<DeadGroup>,
    /// Empty points of regions left open (touching both colours once the dead stones are
    /// off) that the playouts give clearly to one side: territory once the border is closed.
    pub territory: Vec<(Point, Color)>,
    /// Under the 2012 verification (`KoRetake::Verification`): each chain inside the
    /// opponent's living wall, not unconditionally alive itself, that the verification keeps
    /// alive, by a stone of it, with the verification's line (its side first).
    pub verified_alive: VerifiedAlive,
}

/// Chains the 2012 verification keeps alive, each by a stone of it, with the verification's
/// line (see [`Proposal::verified_alive`]).
pub type VerifiedAlive = Vec<(Point, Vec<super::reading::LineMove>)>;

/// An open point is territory when the playouts gave it to one side at least this clearly.
const OPEN_TERRITORY_FROM: f32 = 0.5;

/// Dead stones (see [`propose_dead`]) and the territory of open regions.
pub fn propose(board: &Board, rules: LifeRules) -> Proposal {
    let estimate = super::estimate::estimate(board, super::estimate::PLAYOUTS);
    let (dead, groups, verified_alive) = dead_groups(board, &estimate, rules);
    let mut settled = board.clone();
    settled.set_points(dead.iter().map(|p| (*p, None)));
    let touches = empty_region_touches(&settled);
    let mut territory = Vec::new();
    for p in settled.points() {
        if touches.get(p.index()) != Some(&[true, true]) {
            continue;
        }
        let owned = estimate.ownership.get(p.index()).copied().unwrap_or(0.0);
        if owned >= OPEN_TERRITORY_FROM {
            territory.push((p, Color::Black));
        } else if owned <= -OPEN_TERRITORY_FROM {
            territory.push((p, Color::White));
        }
    }
    Proposal { dead, groups, territory, verified_alive }
}

/// For every empty point, which colours ([black, white]) the empty region around it
/// touches; `[false, false]` for a stone.
fn empty_region_touches(board: &Board) -> Vec<[bool; 2]> {
    let mut out = vec![[false, false]; board.len()];
    for (points, touches) in board.empty_regions() {
        for p in points {
            if let Some(o) = out.get_mut(p.index()) {
                *o = touches;
            }
        }
    }
    out
}

/// The proposal's dead stones, and the same stones chain by chain with their basis: proven
/// where Benson's proof holds or reading inside a living wall shows it (with the line), else
/// estimated from the playouts, else eyeless.
fn dead_groups(
    board: &Board,
    estimate: &super::estimate::Estimate,
    rules: LifeRules,
) -> (Vec<Point>, Vec<DeadGroup>, VerifiedAlive) {
    let DeadStones { dead, proven, lines, verified_alive } = dead_stones(board, estimate, rules);
    // The playouts' own verdict, per point (the dead list may hold stones from elsewhere).
    let mut estimated = vec![false; board.len()];
    for p in &estimate.dead {
        if let Some(e) = estimated.get_mut(p.index()) {
            *e = true;
        }
    }
    let marked = |map: &[bool], s: &Point| map.get(s.index()) == Some(&true);
    let mut seen = vec![false; board.len()];
    let mut groups = Vec::new();
    for &p in &dead {
        let Some(colour) = board.get(p) else { continue };
        if seen.get(p.index()).copied().unwrap_or(true) {
            continue;
        }
        let stones = board.chain(p);
        for s in &stones {
            if let Some(v) = seen.get_mut(s.index()) {
                *v = true;
            }
        }
        let sign = if colour == Color::Black { 1.0 } else { -1.0 };
        // The mean over `points` of a value per point.
        let share = |points: &[Point], values: &[f32], f: &dyn Fn(f32) -> f32| {
            points.iter().map(|s| f(values.get(s.index()).copied().unwrap_or(0.0))).sum::<f32>()
                / points.len().max(1) as f32
        };
        // Ownership runs from -1 to 1: the opponent's share of the playouts is (1 - own) / 2.
        let opponents = |o: f32| (1.0 - sign * o) / 2.0;
        let owned = share(&stones, &estimate.ownership, &opponents);
        let captured = share(&stones, &estimate.captured, &|c| c);
        let large = estimate.dead_large_groups.iter().find(|g| g.stones.contains(&p));
        let basis = if stones.iter().all(|s| marked(&proven, s)) {
            Basis::Proven
        } else if let Some(group) = large {
            Basis::LargeGroup {
                captured: group.captured,
                owned: share(&group.stones, &estimate.ownership, &opponents),
                stones: group.stones.len(),
                chains: group.chains,
            }
        } else if stones.iter().all(|s| marked(&estimated, s)) {
            Basis::Estimated { captured, owned }
        } else {
            Basis::Eyeless { owned }
        };
        let reading = lines.iter().find(|(at, _)| stones.contains(at)).map(|(_, verdict)| verdict.clone());
        groups.push(DeadGroup {
            colour,
            stones,
            basis,
            playouts: estimate.playouts,
            reading,
            proof: None,
            unproven: None,
        });
    }
    (dead, groups, verified_alive)
}

/// The proposal's dead stones, sorted; per point whether it is proven dead (Benson's proof,
/// or reading inside the opponent's unconditionally alive wall); and the verdict of each
/// chain read dead (by a stone of the chain), with its line.
struct DeadStones {
    dead: Vec<Point>,
    proven: Vec<bool>,
    lines: Vec<(Point, Verdict)>,
    verified_alive: VerifiedAlive,
}

/// The proposal's dead stones (see [`DeadStones`]), worked out once with the pass-alive maps
/// the rest needs too.
fn dead_stones(board: &Board, estimate: &super::estimate::Estimate, rules: LifeRules) -> DeadStones {
    let alive = [pass_alive(board, Color::Black), pass_alive(board, Color::White)];
    let mut dead = proven_dead_with(board, &alive);
    let mut proven = vec![false; board.len()];
    for p in &dead {
        if let Some(v) = proven.get_mut(p.index()) {
            *v = true;
        }
    }
    let eyeless = eyeless_in_opponents_area(board);
    let leaning = |p: Point| {
        let own = if board.get(p) == Some(Color::Black) { 1.0 } else { -1.0 };
        own * estimate.ownership.get(p.index()).copied().unwrap_or(0.0) < EYELESS_ALIVE_ABOVE
    };
    let candidates = estimate.dead.iter().copied().chain(eyeless.into_iter().filter(|p| leaning(*p)));
    for p in candidates {
        let own_alive = board.get(p).and_then(|c| alive.get(c.index())).and_then(|a| a.get(p.index())) == Some(&true);
        if !own_alive && !dead.contains(&p) {
            dead.push(p);
        }
    }
    let (lines, verified_alive) = read_inside_living_walls(board, &alive, rules, &mut dead, &mut proven);
    dead.sort_unstable();
    DeadStones { dead, proven, lines, verified_alive }
}

/// Positions the proposal's reading inside living walls may visit on one board.
const WALLED_READING_NODES: usize = 20_000;

/// Reads every group that the opponent's unconditionally alive (pass-alive) stones shut in a
/// region small enough to read, under the rules' ko rule: there the reading's one assumption,
/// that the stones around the region stand, is proven, so its verdict is too. A group read
/// dead is proven dead, and the opponent's stones inside its region stand; so is a group read
/// unsettled — captured when the opponent moves first —, since its owner left it so at the end
/// of the game and the side that claims it dead moves first when it is played out (2002 Art.
/// 21.4; the Japanese rules' confirmation, Art. 7: bent four in the corner). A group read
/// alive (standing even when attacked first: two eyes or a seki) is taken off the estimate's
/// dead. Under the 2012 verification the group's own side moves first, so only dead or alive
/// is read, and nothing is left unsettled. Returns the verdict of each group read dead, with
/// its line, and under the verification each group it keeps alive, with its line.
fn read_inside_living_walls(
    board: &Board,
    alive: &[Vec<bool>; 2],
    rules: LifeRules,
    dead: &mut Vec<Point>,
    proven: &mut [bool],
) -> (Vec<(Point, Verdict)>, VerifiedAlive) {
    let mut lines = Vec::new();
    let mut verified_alive = Vec::new();
    let mut budget = WALLED_READING_NODES;
    let mut seen = vec![false; board.len()];
    for p in board.points() {
        let Some(colour) = board.get(p) else { continue };
        if budget == 0 {
            break;
        }
        if seen.get(p.index()).copied().unwrap_or(true)
            || proven.get(p.index()) == Some(&true)
            || alive.get(colour.index()).and_then(|a| a.get(p.index())) == Some(&true)
        {
            continue;
        }
        let chain = board.chain(p);
        for s in &chain {
            if let Some(v) = seen.get_mut(s.index()) {
                *v = true;
            }
        }
        let attacker = colour.opponent();
        let Some(region) = super::reading::region_of(board, p, attacker) else { continue };
        let attacker_alive = alive.get(attacker.index());
        // Shut in by living stones and nothing else: every point next to the region is in it or
        // is a pass-alive stone of the attacker (no open point, no stone that could fall).
        let walled = region.iter().flat_map(|&r| board.neighbours(r)).all(|n| {
            region.contains(&n)
                || (board.get(n) == Some(attacker) && attacker_alive.and_then(|a| a.get(n.index())) == Some(&true))
        });
        if !walled {
            continue;
        }
        match super::reading::read_within(board, p, rules.ko, &mut budget) {
            Some(Verdict::Unsettled { .. }) if !rules.unsettled_dead => {}
            Some(verdict @ (Verdict::Dead { .. } | Verdict::Unsettled { .. })) => {
                dead.retain(|d| !region.contains(d) || board.get(*d) == Some(colour));
                for &s in &chain {
                    if !dead.contains(&s) {
                        dead.push(s);
                    }
                    if let Some(v) = proven.get_mut(s.index()) {
                        *v = true;
                    }
                }
                lines.push((p, verdict));
            }
            Some(Verdict::Alive { line }) => {
                dead.retain(|d| !chain.contains(d));
                if rules.ko == super::reading::KoRetake::Verification {
                    verified_alive.push((p, line));
                }
            }
            None => {}
        }
    }
    (lines, verified_alive)
}

/// Stones without eyes in the opponent's area count as dead unless the playouts keep them
/// at least this much (seki stones survive every playout: ownership near 1).
const EYELESS_ALIVE_ABOVE: f32 = 0.3;

/// Stones with no eye space at all in the area around them: in a maximal area free of the
/// opponent's stones (which the opponent's stones enclose), no empty point region that
/// touches only their colour. At the end of a game such stones are dead, unless they share
/// liberties in a seki (which the playouts tell).
fn eyeless_in_opponents_area(board: &Board) -> Vec<Point> {
    let heads = chain_heads(board);
    let touches = empty_region_touches(board);
    let mut out = Vec::new();
    for color in [Color::Black, Color::White] {
        // An eye space: an empty region touching this colour only.
        let eye_space = if color == Color::Black { [true, false] } else { [false, true] };
        let opponent = color.opponent();
        for area in regions_of(board, opponent, &heads) {
            let stones: Vec<usize> =
                area.points.iter().copied().filter(|&i| board.get(Point(i as u16)) == Some(color)).collect();
            if stones.is_empty() {
                continue;
            }
            let has_eye_space = area.points.iter().any(|&i| touches.get(i) == Some(&eye_space));
            if !has_eye_space {
                out.extend(stones.into_iter().map(|i| Point(i as u16)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        Board::from_text(rows).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Bent four in the corner, White's seven stones, inside Black's unconditionally alive wall.
    const BENT_FOUR_IN_A_LIVING_WALL: &str = ".X.OXXXXX
         XOOOXXXXX
         .OXXXXXXX
         OOXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXXXXX
         XXXXXX.X.";

    /// White's corner with the bent four's eye space still empty, inside Black's living wall.
    const EMPTY_BENT_FOUR_IN_A_LIVING_WALL: &str = "...OX.
         .OOOXX
         OOOXX.
         XXXXXX
         .X..X.";

    fn alive_stones(b: &Board, color: Color) -> usize {
        let map = pass_alive(b, color);
        b.points().filter(|p| b.get(*p) == Some(color) && map.get(p.index()) == Some(&true)).count()
    }

    #[test]
    fn two_separate_eyes_are_pass_alive_one_eye_is_not() {
        // Black wall with two one-point eyes in the corner area: pass-alive.
        let two = board(
            ".X.X.O
             XXXXXO
             OOOOOO
             ......",
        );
        assert_eq!(alive_stones(&two, Color::Black), 7);
        // One eye only: not pass-alive.
        let one = board(
            ".XXXXO
             XXXXXO
             OOOOOO
             ......",
        );
        assert_eq!(alive_stones(&one, Color::Black), 0);
    }

    #[test]
    fn dead_stones_inside_unconditional_territory_are_proposed() {
        let b = board(
            ".O.O....
             OOOO....
             ..X.O...
             OOOOO...
             ........",
        );
        // The top white group is pass-alive (two one-point eyes), but the black stone's area
        // opens to the rest of the board, so nothing is certain and nothing is proposed.
        assert_eq!(alive_stones(&b, Color::White), 6);
        assert!(proven_dead(&b).is_empty());
        // A clear case: Black's pass-alive corner with a white stone inside its territory.
        let clear = board(
            "..X.X.O.
             .OXXXXO.
             XXX..XO.
             ....XXO.
             XXXXXOO.
             OOOOOO..",
        );
        let dead = proven_dead(&clear);
        assert_eq!(dead, vec![clear.point(1, 1).unwrap_or(Point(0))], "the white stone in Black's corner");
        assert_eq!(propose_dead(&clear, KoRetake::NO_THREATS.into()), dead);
    }

    #[test]
    fn nothing_is_proven_on_an_empty_or_unsettled_board() {
        assert!(
            propose_dead(&Board::new(9, 9).unwrap_or_else(|e| panic!("{e}")), KoRetake::NO_THREATS.into()).is_empty()
        );
        let unsettled = board(
            "..X..
             .XOX.
             ..X..
             .....",
        );
        assert!(proven_dead(&unsettled).is_empty());
    }

    /// A finished 9×9 game where nothing is pass-alive (each side's territory is one big
    /// region): the white stones left in Black's area and the black stone in White's are
    /// proposed dead, and nothing else.
    #[test]
    fn dead_stones_of_a_finished_game_are_proposed_though_nothing_is_pass_alive() {
        let b = board(
            "....XO...
             ..O.XO...
             ....XO.X.
             ....XO...
             ....XO...
             .O..XO...
             ....XO...
             ....XO...
             ....XO...",
        );
        assert!(proven_dead(&b).is_empty());
        let at = |x, y| b.point(x, y).unwrap_or(Point(0));
        assert_eq!(propose_dead(&b, KoRetake::NO_THREATS.into()), vec![at(2, 1), at(7, 2), at(1, 5)]);
    }

    /// A game stopped with a border left open (row 5 has neither wall stone): by regions the
    /// whole board is dame. What the proposal gives to a side it gives from the playouts, and
    /// the count takes it as that side's territory; a closed board gets no such points.
    #[test]
    fn open_points_are_proposed_only_where_a_border_is_open() {
        let open = board(
            "....XO...
             ....XO...
             ....XO...
             ....XO...
             .........
             ....XO...
             ....XO...
             ....XO...
             ....XO...",
        );
        let proposal = propose(&open, KoRetake::NO_THREATS.into());
        let estimate = super::super::estimate::estimate(&open, super::super::estimate::PLAYOUTS);
        for (p, color) in &proposal.territory {
            let owned = estimate.ownership.get(p.index()).copied().unwrap_or(0.0);
            let sign = if *color == Color::Black { 1.0 } else { -1.0 };
            assert!(open.get(*p).is_none() && sign * owned >= OPEN_TERRITORY_FROM, "{p:?} {owned}");
        }
        let mut japanese =
            crate::games::go::ruleset::Ruleset::preset("japanese-1989").unwrap_or_else(|| panic!("preset"));
        japanese.width = 9;
        japanese.height = 9;
        let by_regions = crate::games::go::scoring::count(&open, &japanese, &Default::default());
        assert_eq!((by_regions.black.territory, by_regions.white.territory), (0, 0));
        let input = crate::games::go::scoring::CountInput { territory: &proposal.territory, ..Default::default() };
        let proposed = crate::games::go::scoring::count(&open, &japanese, &input);
        let given = |c: Color| proposal.territory.iter().filter(|(_, o)| *o == c).count() as u32;
        assert_eq!((proposed.black.territory, proposed.white.territory), (given(Color::Black), given(Color::White)));
        assert_eq!(proposed.shared, by_regions.shared - given(Color::Black) - given(Color::White));

        // The count takes any such points as given: two corners, one to each side.
        let corners = [
            (open.point(0, 0).unwrap_or(Point(0)), Color::Black),
            (open.point(8, 8).unwrap_or(Point(0)), Color::White),
        ];
        let input = crate::games::go::scoring::CountInput { territory: &corners, ..Default::default() };
        let given = crate::games::go::scoring::count(&open, &japanese, &input);
        assert_eq!((given.black.territory, given.white.territory, given.shared), (1, 1, by_regions.shared - 2));

        let mut closed = open.clone();
        let (x, y) = (4, 4);
        closed.set_points(closed.point(x, y).map(|p| (p, Some(Color::Black))));
        closed.set_points(closed.point(x + 1, y).map(|p| (p, Some(Color::White))));
        assert!(propose(&closed, KoRetake::NO_THREATS.into()).territory.is_empty());
    }

    /// Seki with an eye each (the shared liberty is self-atari for whoever fills it): both
    /// live, and neither is proposed dead; without the seki (a white chain of one eye and no
    /// shared liberty) the white stones are proposed.
    #[test]
    fn a_seki_is_not_proposed_dead() {
        let seki = board(
            ".X.O.
             XXXOO",
        );
        assert!(propose_dead(&seki, KoRetake::NO_THREATS.into()).is_empty());
        let dead = board(
            ".X.XO.
             XXXXOO
             ...XXX",
        );
        let white: Vec<Point> = dead.points().filter(|p| dead.get(*p) == Some(Color::White)).collect();
        assert_eq!(propose_dead(&dead, KoRetake::NO_THREATS.into()), white);
    }

    /// Bent four in the corner (盘角曲四) inside a wall that is unconditionally alive: the
    /// playouts keep it standing, but reading under the rules' ko rule proves it dead — under
    /// the Japanese 1989 rules' confirmation (a ko retaken only after a pass) and in play with
    /// no ko threats — and the proposal marks it so, proven, with the line. Black's two stones
    /// inside stand.
    #[test]
    fn bent_four_in_the_corner_inside_a_living_wall_is_proposed_dead_with_its_line() {
        let b = board(BENT_FOUR_IN_A_LIVING_WALL);
        let white: Vec<Point> = b.points().filter(|p| b.get(*p) == Some(Color::White)).collect();
        assert_eq!(white.len(), 7);
        assert!(proven_dead(&b).is_empty(), "Benson alone does not settle it");
        for ko in [KoRetake::Confirmation, KoRetake::NO_THREATS] {
            let proposal = propose(&b, ko.into());
            assert_eq!(proposal.dead, white, "{ko:?}");
            let group = proposal.groups.iter().find(|g| g.colour == Color::White).expect("the white group");
            assert_eq!(group.basis, Basis::Proven);
            let Some(Verdict::Dead { line }) = &group.reading else { panic!("no line: {:?}", group.reading) };
            assert!(line.iter().any(|(c, p)| *c == Color::Black && p.is_some()), "Black's capture: {line:?}");
        }
        // With a ko threat White can always find (reading's own corpus: alive), the proposal
        // has nothing to read it by: in a finished game threats are not counted.
    }

    /// Bent four in the corner with its eye space still empty (盘角曲四, the board of
    /// `game::tests::bent_four_in_the_corner_is_a_ko_and_dies_when_played_out`), inside a wall
    /// that is unconditionally alive: White lives only by playing first, so left so at the end
    /// it is dead under the Japanese rules' confirmation (Black first, a ko retaken only after a
    /// pass) and under the Chinese rules played out with the side that claims it dead first
    /// (2002 Art. 21.4) — proposed dead, proven, with Black's attack as its line.
    #[test]
    fn an_empty_bent_four_in_the_corner_inside_a_living_wall_is_proposed_dead() {
        let b = board(EMPTY_BENT_FOUR_IN_A_LIVING_WALL);
        let white: Vec<Point> = b.points().filter(|p| b.get(*p) == Some(Color::White)).collect();
        for ko in [KoRetake::Confirmation, KoRetake::NO_THREATS] {
            let proposal = propose(&b, ko.into());
            assert_eq!(proposal.dead, white, "{ko:?}");
            let group = proposal.groups.iter().find(|g| g.colour == Color::White).expect("the white group");
            assert_eq!(group.basis, Basis::Proven, "{ko:?}");
            let Some(Verdict::Unsettled { attack }) = &group.reading else { panic!("{:?}", group.reading) };
            assert_eq!(attack.first().map(|(c, _)| *c), Some(Color::Black), "Black attacks first: {attack:?}");
        }
        // Where the rules leave disputed stones standing (AGA Art. 10, New Zealand, Tromp–Taylor)
        // the unsettled group is not proposed dead on the reading's word.
        let standing = LifeRules { ko: KoRetake::NO_THREATS, unsettled_dead: false, multi_stone_suicide: false };
        let proposal = propose(&b, standing);
        assert!(
            proposal.groups.iter().all(|g| g.basis != Basis::Proven),
            "no proof where the owner may move first: {:?}",
            proposal.groups
        );
        // With White's move in the corner made, it has two eyes: alive, nothing proposed.
        let lived = board(
            ".O.OX.
             .OOOXX
             OOOXX.
             XXXXXX
             .X..X.",
        );
        assert!(propose(&lived, KoRetake::Confirmation.into()).dead.is_empty());
    }

    #[test]
    fn a_large_group_dead_as_one_says_so_with_its_size() {
        let b = board(
            "
            .........
            OOOOO.OOO
            .........
            OOOOOOO..
            .........
            ....X....
            .........
            XXXXXXXXX
            .........",
        );
        let white: Vec<Point> = b.points().filter(|p| b.get(*p) == Some(Color::White)).collect();
        let mut ownership = vec![0.0; b.len()];
        let mut captured = vec![0.0; b.len()];
        for p in &white {
            ownership[p.index()] = -0.3; // White owned it in 65% of them, Black in 35%
            captured[p.index()] = 0.35;
        }
        let estimate = super::super::estimate::Estimate {
            ownership,
            dead: white.clone(),
            certainty: vec![0.35; white.len()],
            captured,
            playouts: 320,
            dead_large_groups: vec![super::super::estimate::LargeGroup {
                stones: white.clone(),
                chains: 3,
                captured: 0.35,
            }],
        };
        let (dead, groups, _) = dead_groups(&b, &estimate, KoRetake::NO_THREATS.into());
        assert_eq!(dead.len(), 15);
        assert_eq!(groups.len(), 3, "one entry per chain");
        for group in &groups {
            assert_eq!(group.playouts, 320, "the shares are of the playouts taken");
            match group.basis {
                Basis::LargeGroup { captured, owned, stones, chains } => {
                    assert_eq!((stones, chains), (15, 3));
                    assert!((captured - 0.35).abs() < 1e-6);
                    assert!((owned - 0.35).abs() < 1e-6, "Black's points in 35% of the playouts: {owned}");
                }
                other => panic!("{other:?}"),
            }
        }
    }

    fn japanese_2012() -> LifeRules {
        crate::games::go::ruleset::Ruleset::preset("japanese-2012").unwrap_or_else(|| panic!("preset")).life_rules()
    }

    fn whites(b: &Board) -> Vec<Point> {
        b.points().filter(|p| b.get(*p) == Some(Color::White)).collect()
    }

    /// The 2012 proposal, 第七条 付則: "石の死活の検証は想定着手によって行う。検証は対象石側が先着
    /// し、死活が判明した時点で終了とする。" White's corner with its eye space empty (the bent four
    /// shape before White's move, inside Black's unconditionally alive wall) is verified with
    /// White moving first: White takes the vital point and is not captured, so it is alive —
    /// where the 1989 confirmation, with Black first, finds it dead.
    #[test]
    fn the_2012_verification_moves_the_examined_side_first() {
        let b = board(EMPTY_BENT_FOUR_IN_A_LIVING_WALL);
        let proposal = propose(&b, japanese_2012());
        assert!(proposal.dead.is_empty(), "{:?}", proposal.groups);
        let (at, line) = proposal.verified_alive.first().expect("White's group verified alive");
        assert_eq!(b.get(*at), Some(Color::White));
        assert_eq!(line.first().map(|(c, p)| (*c, p.is_some())), Some((Color::White, true)), "White first: {line:?}");
        assert_eq!(propose(&b, KoRetake::Confirmation.into()).dead, whites(&b), "dead under the 1989 rules");
    }

    /// 第七条: "取られると証明される石は「死に石」". Bent four in the corner, inside Black's living
    /// wall: White moves first and has nothing to play; Black takes the ko, White may retake
    /// only after a pass or a move elsewhere (第五条), and Black takes the group first. Dead,
    /// proven, with the verification's line starting with White's move.
    #[test]
    fn bent_four_in_the_corner_is_dead_under_the_2012_verification() {
        let b = board(BENT_FOUR_IN_A_LIVING_WALL);
        let proposal = propose(&b, japanese_2012());
        assert_eq!(proposal.dead, whites(&b));
        let group = proposal.groups.iter().find(|g| g.colour == Color::White).expect("the white group");
        assert_eq!(group.basis, Basis::Proven);
        let Some(Verdict::Dead { line }) = &group.reading else { panic!("{:?}", group.reading) };
        assert_eq!(line.first().map(|(c, _)| *c), Some(Color::White), "the examined side first: {line:?}");
        assert_eq!(line.last().map(|(c, p)| (*c, p.is_some())), Some((Color::Black, true)), "Black captures");
    }

    /// 第七条 付則: "相手方の帰属になるのが一部分の場合でも、その石は死に石とする。" White's stones
    /// in the corner: the chain with two eyes lives, the stone Black holds beside it on the edge
    /// is taken whatever White plays first (its one liberty is a point White cannot play). That
    /// part is dead, the rest alive: the verdict is the chain's, not the corner's.
    #[test]
    fn a_part_taken_is_dead_though_the_rest_lives_under_the_2012_verification() {
        let b = board(
            ".O.OXO.XX
             OOOOXXXXX
             XXXXXXXXX
             XXXXXXXXX
             XXXX.XXXX
             XXXXXXXXX
             XXXXXXXXX
             XXXXXXXXX
             XX.XXXX.X",
        );
        let tail = b.point(5, 0).expect("F9");
        assert_eq!(propose(&b, japanese_2012()).dead, vec![tail]);
    }
}
