//! Counting a finished game: area (stones plus surrounded points), territory (surrounded
//! points plus prisoners), stone count, group tax, warnings as penalty stones, exact komi.
//! All sums are in half-points (目 × 2), which are also quarter-stones (子 × 4), so
//! 3¾ 子, 7.5 目 and a shared seki point split in two are all exact integers.
use super::board::{Board, Point};
use super::ruleset::{EqualScore, GroupTax, HandicapCompensation, Ruleset, Scoring};
use crate::color::Color;
use crate::result::{GameResult, Margin};

/// One side's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideCount {
    /// Living stones on the board (after removing the dead).
    pub stones: u32,
    /// Empty points surrounded by this side alone.
    pub territory: u32,
    /// Prisoners held: captures during play, the opponent's dead stones, pass stones.
    pub prisoners: u32,
    /// Independent living groups, counted only under a group tax (the only rules that weigh them).
    pub groups: Option<u32>,
    /// The side's score in half-points, before komi.
    pub score_half_points: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub black: SideCount,
    pub white: SideCount,
    /// Empty points touching both colours (seki liberties, unfilled dame).
    pub shared: u32,
    /// Black's lead after komi, penalties and tax, in half-points (negative: White leads).
    pub margin_half_points: i32,
    pub result: GameResult,
}

/// What the count needs besides the board.
#[derive(Debug, Clone, Default)]
pub struct CountInput<'a> {
    /// Stones the players agreed (or the referee ruled) are dead.
    pub dead: &'a [Point],
    /// Stones each side captured during play (and pass stones it was handed): [black, white].
    pub prisoners: [u32; 2],
    /// Warnings each side received: [black, white].
    pub warnings: [u32; 2],
    /// Handicap stones Black received (SGF HA), for the rule set's compensation.
    pub handicap: u32,
    /// Empty points of open regions (touching both colours once the dead stones are off)
    /// that a proposal assigns to one side (`life::propose`): each counts as that side's
    /// territory instead of a shared point. Empty for a count of agreed dead stones.
    pub territory: &'a [(Point, Color)],
}

/// What a count is made of, per side [black, white], before the rules weigh it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub stones: [u32; 2],
    pub territory: [u32; 2],
    pub prisoners: [u32; 2],
    pub groups: [u32; 2],
    /// Empty points touching both colours.
    pub shared: u32,
    /// Stones each side keeps on the boundary under absolute territory (the rest are 冗子,
    /// cleared and counted as territory); zero under the other scorings.
    pub boundary: [u32; 2],
}

/// Each side's score in half-points under `rules` (scoring method and group tax), before
/// komi and penalties. Separate from the board so the rule texts' worked counts can be
/// checked number for number.
pub fn side_scores(t: &Totals, rules: &Ruleset) -> [i32; 2] {
    let mut half = [0i32; 2];
    for (side, h) in half.iter_mut().enumerate() {
        let get = |a: &[u32; 2]| a.get(side).copied().unwrap_or(0) as i32;
        let (s, terr, pr) = (get(&t.stones), get(&t.territory), get(&t.prisoners));
        *h = match rules.scoring {
            Scoring::Area => 2 * (s + terr) + if rules.split_shared_points { t.shared as i32 } else { 0 },
            Scoring::Territory => 2 * (terr + pr),
            Scoring::StoneCount => 2 * s,
            Scoring::Captures => 2 * pr,
            Scoring::AbsoluteTerritory => 2 * (s + terr - get(&t.boundary)),
        };
    }
    match rules.group_tax {
        GroupTax::None => {}
        // Tang–Song: 2 路 off for each independent living group.
        GroupTax::TwoPerGroup => {
            for (h, g) in half.iter_mut().zip(t.groups) {
                *h -= 4 * g as i32;
            }
        }
        // Ming–Qing 还棋头: the side with more groups hands 1 子 per extra group to the other.
        GroupTax::ReturnHead => {
            let extra = t.groups[0] as i32 - t.groups[1] as i32;
            half[0] -= 2 * extra;
            half[1] += 2 * extra;
        }
    }
    half
}

/// Counts `board` under `rules`.
pub fn count(board: &Board, rules: &Ruleset, input: &CountInput<'_>) -> Count {
    let mut prisoners = input.prisoners;
    // Only a board with dead stones to take off needs its own copy.
    let owned;
    let alive: &Board = if input.dead.is_empty() {
        board
    } else {
        let mut copy = board.clone();
        remove_dead(&mut copy, input.dead, &mut prisoners);
        owned = copy;
        &owned
    };
    count_alive(alive, rules, input, prisoners)
}

fn remove_dead(alive: &mut Board, dead: &[Point], prisoners: &mut [u32; 2]) {
    let mut taken = vec![false; alive.len()];
    for &p in dead {
        if let (Some(c), Some(t)) = (alive.get(p), taken.get_mut(p.index()))
            && !*t
        {
            *t = true;
            // A dead stone is the opponent's prisoner.
            if let Some(n) = prisoners.get_mut(c.opponent().index()) {
                *n += 1;
            }
        }
    }
    // In one pass: stone by stone, each removal rebuilds what is left of its chain.
    alive.set_points(dead.iter().map(|p| (*p, None)));
}

fn count_alive(alive: &Board, rules: &Ruleset, input: &CountInput<'_>, prisoners: [u32; 2]) -> Count {
    let mut r = alive.regions();
    let stones = [alive.count(Color::Black) as u32, alive.count(Color::White) as u32];
    let mut territory = [r.black, r.white];
    if rules.scoring == Scoring::Territory && !rules.seki_territory && r.shared > 0 {
        let eyes = seki_eyes(alive);
        territory[0] = territory[0].saturating_sub(eyes[0]);
        territory[1] = territory[1].saturating_sub(eyes[1]);
    }
    if rules.scoring == Scoring::Territory && !rules.ko_points_territory {
        let kos = ko_points(alive);
        territory[0] = territory[0].saturating_sub(kos[0]);
        territory[1] = territory[1].saturating_sub(kos[1]);
    }
    for &(p, color) in input.territory {
        if alive.get(p).is_none() && r.shared > 0 {
            r.shared -= 1;
            if let Some(t) = territory.get_mut(color.index()) {
                *t += 1;
            }
        }
    }
    let groups = (rules.group_tax != GroupTax::None).then(|| alive.groups());
    let boundary = if rules.scoring == Scoring::AbsoluteTerritory { boundary_stones(alive) } else { [0, 0] };
    let totals =
        Totals { stones, territory, prisoners, groups: groups.unwrap_or_default(), shared: r.shared, boundary };
    let half = side_scores(&totals, rules);
    // Area counting would credit Black with its handicap stones; the rules hand some back.
    let compensation_points = match (rules.scoring, rules.handicap_compensation) {
        (Scoring::Area, HandicapCompensation::Full) => input.handicap as i32,
        (Scoring::Area, HandicapCompensation::AllButOne) => (input.handicap as i32 - 1).max(0),
        _ => 0,
    };
    let penalty = rules.warning_penalty_half_points;
    let mut margin = half[0] - half[1] - rules.komi.half_points() - 2 * compensation_points;
    margin -= penalty * input.warnings[0] as i32;
    margin += penalty * input.warnings[1] as i32;
    let result = lost_by_warnings(input.warnings, rules).unwrap_or_else(|| result_from_margin(margin, rules));
    let side = |i: usize| SideCount {
        stones: stones.get(i).copied().unwrap_or(0),
        territory: territory.get(i).copied().unwrap_or(0),
        prisoners: prisoners.get(i).copied().unwrap_or(0),
        groups: groups.and_then(|g| g.get(i).copied()),
        score_half_points: half.get(i).copied().unwrap_or(0),
    };
    Count { black: side(0), white: side(1), shared: r.shared, margin_half_points: margin, result }
}

/// Sunjang's absolute territory (《围棋规则演变史》 ch. 2, figs. 2-2 and 2-3): the stones
/// each side keeps when it clears its 冗子, per colour. A stone is on the boundary when it
/// touches the opponent or a point that is not its own territory; a cleared stone comes back
/// while a kept chain would otherwise have a single liberty ("边界上不能只有一口气的子，因此 A
/// 子要保留").
pub fn boundary_stones(board: &Board) -> [u32; 2] {
    let mut owner_of_empty: Vec<Option<Color>> = vec![None; board.len()];
    for (points, touches) in board.empty_regions() {
        let owner = match touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        for p in points {
            if let Some(o) = owner_of_empty.get_mut(p.index()) {
                *o = owner;
            }
        }
    }
    let mut kept = vec![false; board.len()];
    for p in board.points() {
        let Some(colour) = board.get(p) else { continue };
        let on_boundary = board.neighbours(p).any(|n| match board.get(n) {
            Some(c) => c != colour,
            None => owner_of_empty.get(n.index()).copied().flatten() != Some(colour),
        });
        if let Some(k) = kept.get_mut(p.index()) {
            *k = on_boundary;
        }
    }
    // The cleared board: kept stones only. A kept chain left with one liberty takes back a
    // cleared neighbour of its colour, until none is (each round keeps at least one stone).
    loop {
        let mut cleared = board.clone();
        cleared.set_points(
            board.points().filter(|p| board.get(*p).is_some() && kept.get(p.index()) != Some(&true)).map(|p| (p, None)),
        );
        let restore = cleared.points().find_map(|p| {
            let colour = cleared.get(p)?;
            // Only a chain in atari (one liberty) takes a stone back.
            cleared.atari_liberty(p)?;
            cleared
                .chain(p)
                .into_iter()
                .flat_map(|s| board.neighbours(s).collect::<Vec<_>>())
                .find(|n| board.get(*n) == Some(colour) && kept.get(n.index()) == Some(&false))
        });
        match restore.and_then(|p| kept.get_mut(p.index())) {
            Some(k) => *k = true,
            None => break,
        }
    }
    let mut out = [0u32; 2];
    for p in board.points() {
        if let (Some(c), Some(true)) = (board.get(p), kept.get(p.index()))
            && let Some(n) = out.get_mut(c.index())
        {
            *n += 1;
        }
    }
    out
}

/// A side with as many warnings as the rules allow loses the game whatever the count (1988
/// Art. 25.2, 2002 Art. 24.2); both sides so warned both lose. `warnings-to-lose=0` turns
/// this off.
pub fn lost_by_warnings(warnings: [u32; 2], rules: &Ruleset) -> Option<GameResult> {
    let limit = u32::from(rules.warnings_to_lose);
    if limit == 0 {
        return None;
    }
    match (warnings[0] >= limit, warnings[1] >= limit) {
        (true, true) => Some(GameResult::BothLose),
        (true, false) => Some(GameResult::Win { winner: Color::White, margin: Margin::Unspecified }),
        (false, true) => Some(GameResult::Win { winner: Color::Black, margin: Margin::Unspecified }),
        (false, false) => None,
    }
}

/// Empty points of a ko left open between living stones, per colour of the stones around
/// them: the point is one side's alone, but the other side may take the ko there (its stone
/// captures exactly one stone and is left with one liberty). The 2012 proposal's 第八条 counts
/// them as nobody's (ただし双方の活き石による劫の空点は地としない).
pub fn ko_points(board: &Board) -> [u32; 2] {
    let mut out = [0u32; 2];
    for p in board.points().filter(|p| board.get(*p).is_none()) {
        let mut around = board.neighbours(p).map(|n| board.get(n));
        let Some(Some(owner)) = around.next() else { continue };
        if !around.all(|c| c == Some(owner)) {
            continue;
        }
        let taker = owner.opponent();
        let is_ko = board.preview(taker, p, false).is_ok_and(|done| {
            let mut after = board.clone();
            after.apply(taker, p, done);
            done.captures == 1 && after.liberties(p).len() == 1
        });
        if is_ko && let Some(n) = out.get_mut(owner.index()) {
            *n += 1;
        }
    }
    out
}

/// The largest region that joins two chains into one group in seki (an eye, not territory).
const SEKI_EYE_POINTS: usize = 2;

/// Points of single-colour regions (eyes) that belong to chains in seki, per colour. Such
/// points are not territory under the Japanese and Korean rules (公活无目).
///
/// A region touching both colours is a seki's shared liberty only if playing any of its
/// points would leave the player's own chain in atari (or be suicide) for both colours, so
/// unfilled neutral dame between healthy groups are not mistaken for seki.
pub fn seki_eyes(board: &Board) -> [u32; 2] {
    let regions = board.empty_regions();
    let in_seki = seki_chains_in(board, &regions);
    let mut eyes = [0u32; 2];
    for (points, touches) in &regions {
        let owner = match touches {
            [true, false] => Color::Black,
            [false, true] => Color::White,
            _ => continue,
        };
        let borders_seki = points.iter().any(|&p| {
            board.neighbours(p).any(|nb| board.get(nb) == Some(owner) && in_seki.get(nb.index()) == Some(&true))
        });
        if borders_seki && let Some(e) = eyes.get_mut(owner.index()) {
            *e += points.len() as u32;
        }
    }
    eyes
}

/// Per point: a stone of a chain in seki (see [`seki_eyes`] for what makes one).
pub fn seki_chains(board: &Board) -> Vec<bool> {
    seki_chains_in(board, &board.empty_regions())
}

fn seki_chains_in(board: &Board, regions: &[(Vec<Point>, [bool; 2])]) -> Vec<bool> {
    let n = board.len();
    let self_atari = |p: Point, color: Color| -> bool {
        let mut trial = board.clone();
        match trial.play(color, p, true) {
            Err(_) => true,
            Ok(done) => done.suicide > 0 || trial.liberties(p).len() <= 1,
        }
    };
    // Per point, the one-colour empty region it lies in (territory or an eye), if any.
    let mut own_region: Vec<Option<usize>> = vec![None; n];
    for (i, (points, touches)) in regions.iter().enumerate() {
        if touches[0] != touches[1] {
            for p in points {
                if let Some(o) = own_region.get_mut(p.index()) {
                    *o = Some(i);
                }
            }
        }
    }
    // A chain is never short of liberties in a seki when its group — the chains of its colour
    // joined through eyes — has a liberty in a region of its own larger than an eye: it can
    // gain liberties there (connect out to its territory) before it fills a shared point.
    let opens_out = |start: Point, color: Color| -> bool {
        let mut seen = vec![false; n];
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            if seen.get(p.index()).copied().unwrap_or(true) {
                continue;
            }
            for s in board.chain(p) {
                if let Some(v) = seen.get_mut(s.index()) {
                    *v = true;
                }
            }
            for l in board.liberties(p) {
                let Some((points, _)) = own_region.get(l.index()).copied().flatten().and_then(|i| regions.get(i))
                else {
                    continue;
                };
                if points.len() > SEKI_EYE_POINTS {
                    return true;
                }
                stack.extend(
                    points.iter().flat_map(|&e| board.neighbours(e)).filter(|&nb| board.get(nb) == Some(color)),
                );
            }
        }
        false
    };
    // Chains touching a seki's shared liberties.
    let mut in_seki = vec![false; n];
    for (points, touches) in regions {
        if touches != &[true, true] {
            continue;
        }
        let seki = points.iter().all(|&p| {
            [Color::Black, Color::White].iter().all(|&c| {
                let mut own = board.neighbours(p).filter(|nb| board.get(*nb) == Some(c)).peekable();
                own.peek().is_none() || (self_atari(p, c) && !own.any(|nb| opens_out(nb, c)))
            })
        });
        if !seki {
            continue;
        }
        for &p in points {
            for nb in board.neighbours(p) {
                if board.get(nb).is_some() {
                    for s in board.chain(nb) {
                        if let Some(m) = in_seki.get_mut(s.index()) {
                            *m = true;
                        }
                    }
                }
            }
        }
    }
    // A chain that shares an eye with a chain in seki belongs to the same group, and is in
    // the seki with it (GNU Go's scoring suite, score7: a group whose two eyes are each shared
    // with a stone in seki). Only eyes carry it over, never a wider territory.
    let mut spread = true;
    while spread {
        spread = false;
        for (points, touches) in regions {
            let owner = match touches {
                [true, false] => Color::Black,
                [false, true] => Color::White,
                _ => continue,
            };
            if points.len() > SEKI_EYE_POINTS {
                continue;
            }
            let borders: Vec<Point> =
                points.iter().flat_map(|&p| board.neighbours(p)).filter(|&nb| board.get(nb) == Some(owner)).collect();
            if borders.iter().any(|nb| in_seki.get(nb.index()) == Some(&true))
                && let Some(outside) = borders.iter().find(|nb| in_seki.get(nb.index()) == Some(&false))
            {
                for s in board.chain(*outside) {
                    if let Some(m) = in_seki.get_mut(s.index()) {
                        *m = true;
                    }
                }
                spread = true;
            }
        }
    }
    in_seki
}

/// The result for a margin in half-points (positive: Black ahead).
pub fn result_from_margin(margin: i32, rules: &Ruleset) -> GameResult {
    let amount = margin.unsigned_abs();
    let by = if rules.count_in_stones { Margin::Stones(amount) } else { Margin::Points(amount) };
    match margin.signum() {
        1 => GameResult::Win { winner: Color::Black, margin: by },
        -1 => GameResult::Win { winner: Color::White, margin: by },
        _ => match rules.equal_score {
            EqualScore::Draw => GameResult::Draw,
            EqualScore::BlackLoses => GameResult::Win { winner: Color::White, margin: Margin::Unspecified },
            EqualScore::WhiteLoses => GameResult::Win { winner: Color::Black, margin: Margin::Unspecified },
        },
    }
}

/// Tromp-Taylor score (Black minus White, in points, no komi): a point is Black's if it has
/// a black stone or is empty and reaches only black; likewise White. No dead stones.
pub fn tromp_taylor(board: &Board) -> i32 {
    let r = board.regions();
    (board.count(Color::Black) as i32 + r.black as i32) - (board.count(Color::White) as i32 + r.white as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> Ruleset {
        Ruleset::preset(name).unwrap_or_else(|| panic!("{name}"))
    }

    /// A 19×19 board split by a wall: Black owns columns 0..=split, White the rest.
    fn split_board(black_columns: u8) -> Board {
        let mut b = Board::new(19, 19).unwrap_or_else(|e| panic!("{e}"));
        for y in 0..19 {
            if let (Some(bp), Some(wp)) = (b.point(black_columns, y), b.point(black_columns + 1, y)) {
                b.set_stone(bp, Color::Black);
                b.set_stone(wp, Color::White);
            }
        }
        b
    }

    /// 章浒, 两溢后计俘子的围棋规则 §三.2, the 9×9 example (its figure is lost; its tally
    /// is not): White lost 2 stones and passed 0 times, Black lost 5 and passed 6 times, so
    /// White holds 11 prisoners to Black's 2: "白胜9子".
    #[test]
    fn two_overflow_capture_count_worked_example() {
        let r = rules("pre-tang");
        let totals = Totals { prisoners: [2, 5 + 6], ..Totals::default() };
        let half = side_scores(&totals, &r);
        // "这里的'白胜9子'的'子'是俘子,与唐宋数路规则的'路'等价": a prisoner is one 路 (point).
        let result = result_from_margin(half[0] - half[1] - r.komi.half_points(), &r);
        assert_eq!(result.to_sgf(), "W+9");
        // Stones on the board do not count, only prisoners (基本眼位对吃子没有贡献).
        let with_stones = Totals { stones: [40, 30], territory: [6, 2], ..totals };
        assert_eq!(side_scores(&with_stones, &r), half);
        // Equal prisoners: the side that moved first loses (受饶先下者输).
        let equal = Totals { prisoners: [4, 4], ..Totals::default() };
        let half = side_scores(&equal, &r);
        assert_eq!(result_from_margin(half[0] - half[1], &r).winner(), Some(Color::White));
    }

    #[test]
    fn chinese_2002_komi_thresholds_art_11() {
        // Art. 11: komi 3¾ 子 — Black 185 wins by ¾ 子, 184½ by ¼ 子, 184 loses by ¼ 子.
        let r = rules("chinese-2002");
        // Black's wall at column 9: Black has 10 columns = 190 points; move the wall for 185/184.
        // Use an exact construction instead: a board where Black's area is a given number.
        let area = |black_points: u32, shared: u32| {
            // Black area b, White area 361 - b - shared, shared split.
            let b2 = 2 * black_points as i32 + shared as i32;
            let w2 = 2 * (361 - black_points - shared) as i32 + shared as i32;
            result_from_margin(b2 - w2 - r.komi.half_points(), &r)
        };
        assert_eq!(area(185, 0).display_zh(), "黑胜¾子");
        assert_eq!(area(184, 1).display_zh(), "黑胜¼子"); // 184½ with one shared point
        assert_eq!(area(184, 0).display_zh(), "白胜¼子");
        assert_eq!(area(185, 0).to_sgf(), "B+1.5");
    }

    #[test]
    fn area_counts_stones_territory_and_splits_shared_points() {
        let board = split_board(9); // Black: columns 0..=9 (190), White: 10..=18 (171)
        let r = rules("chinese-2002");
        let c = count(&board, &r, &CountInput::default());
        assert_eq!((c.black.stones + c.black.territory, c.white.stones + c.white.territory), (190, 171));
        assert_eq!(c.margin_half_points, 2 * (190 - 171) - 15);
        // A seki-like shared point: empty point touching both colours splits half each.
        let b = Board::from_text(
            "XX.OO
             XX.OO",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut even = rules("chinese-1988");
        even.komi = crate::komi::Komi::ZERO;
        let c = count(&b, &even, &CountInput::default());
        assert_eq!((c.shared, c.black.score_half_points, c.white.score_half_points), (2, 10, 10));
        assert_eq!(c.result, GameResult::Draw);
        let mut nz = rules("new-zealand");
        nz.komi = crate::komi::Komi::ZERO;
        assert_eq!(count(&b, &nz, &CountInput::default()).black.score_half_points, 8);
    }

    #[test]
    fn dead_stones_become_prisoners_and_territory() {
        let mut board = split_board(9);
        // A dead white stone inside Black's area.
        let dead = board.point(3, 3).unwrap_or(Point(0));
        board.set_stone(dead, Color::White);
        let area = count(&board, &rules("chinese-2002"), &CountInput { dead: &[dead], ..Default::default() });
        assert_eq!(area.black.stones + area.black.territory, 190);
        let territory = count(
            &board,
            &rules("japanese-1989"),
            &CountInput { dead: &[dead], prisoners: [2, 0], ..Default::default() },
        );
        assert_eq!(territory.black.prisoners, 3);
        assert_eq!(territory.black.territory, 190 - 19);
        assert_eq!(territory.black.score_half_points, 2 * (171 + 3));
    }

    #[test]
    fn without_dead_stones_every_stone_counts_as_alive() {
        let mut board = split_board(9);
        let stone = board.point(3, 3).unwrap_or(Point(0));
        board.set_stone(stone, Color::White);
        let c = count(&board, &rules("chinese-2002"), &CountInput::default());
        // The white stone is alive, so the region around it touches both colours.
        assert_eq!(c.white.stones, 20);
        assert!(c.shared > 0);
    }

    #[test]
    fn handicap_stones_are_given_back_under_area_rules() {
        // Black 181, White 180 with 4 handicap stones and no komi: Chinese rules take 4 points
        // (2 子) back, so Black's 181 becomes 179 against 180½: White wins by 1½ 子.
        let mut chinese = rules("chinese-2002");
        chinese.komi = crate::komi::Komi::ZERO;
        let totals = Totals { stones: [181, 180], ..Totals::default() };
        let [b, w] = side_scores(&totals, &chinese);
        let margin = b - w - 2 * 4;
        assert_eq!(result_from_margin(margin, &chinese).display_zh(), "白胜1½子");
        // Through count(): the same board with and without HA[4].
        let split = split_board(9); // Black 190, White 171
        let plain = count(&split, &chinese, &CountInput::default()).margin_half_points;
        let with_handicap =
            count(&split, &chinese, &CountInput { handicap: 4, ..Default::default() }).margin_half_points;
        assert_eq!(plain - with_handicap, 8, "4 stones = 4 points = 8 half-points");
        let mut aga = rules("aga");
        aga.komi = crate::komi::Komi::ZERO;
        let aga_plain = count(&split, &aga, &CountInput::default()).margin_half_points;
        let aga_handicap = count(&split, &aga, &CountInput { handicap: 4, ..Default::default() }).margin_half_points;
        assert_eq!(aga_plain - aga_handicap, 6, "AGA: N − 1 = 3 points");
        let japanese = rules("japanese-1989");
        assert_eq!(
            count(&split, &japanese, &CountInput::default()).margin_half_points,
            count(&split, &japanese, &CountInput { handicap: 4, ..Default::default() }).margin_half_points,
            "territory counting needs no compensation"
        );
    }

    #[test]
    fn warnings_cost_one_stone_each_under_2002() {
        let board = split_board(9);
        let r = rules("chinese-2002");
        let clean = count(&board, &r, &CountInput::default()).margin_half_points;
        let warned = count(&board, &r, &CountInput { warnings: [1, 0], ..Default::default() }).margin_half_points;
        assert_eq!(clean - warned, 4); // 1 子 = 2 目 = 4 half-points
        let r1988 = rules("chinese-1988");
        assert_eq!(
            count(&board, &r1988, &CountInput { warnings: [1, 0], ..Default::default() }).margin_half_points,
            count(&board, &r1988, &CountInput::default()).margin_half_points
        );
    }

    #[test]
    fn the_second_warning_loses_the_game() {
        let board = split_board(9);
        let mut r = rules("chinese-2002");
        let clean = count(&board, &r, &CountInput::default()).result;
        let winner = |w| count(&board, &r, &CountInput { warnings: w, ..Default::default() }).result;
        assert_eq!(winner([1, 1]), clean, "one warning each only costs stones");
        assert_eq!(winner([2, 0]), GameResult::Win { winner: Color::White, margin: Margin::Unspecified });
        assert_eq!(winner([0, 2]), GameResult::Win { winner: Color::Black, margin: Margin::Unspecified });
        assert_eq!(winner([2, 3]), GameResult::BothLose);
        assert!(r.set("warnings-to-lose", "3").is_ok());
        let winner = |w| count(&board, &r, &CountInput { warnings: w, ..Default::default() }).result;
        let two = count(&board, &r, &CountInput { warnings: [2, 0], ..Default::default() });
        assert_eq!(
            winner([2, 0]),
            result_from_margin(two.margin_half_points, &r),
            "with three to lose, two only cost stones"
        );
        assert!(r.set("warnings-to-lose", "0").is_ok());
        assert_eq!(count(&board, &r, &CountInput { warnings: [5, 0], ..Default::default() }).margin_half_points, {
            count(&board, &r, &CountInput::default()).margin_half_points - 5 * 4
        });
    }

    /// Two black groups, each with its own eye, against one white group (digest §2.5, §2.6).
    fn two_groups_against_one() -> (Board, Ruleset) {
        let b = Board::from_text(
            ".XO....
             XXO....
             OOO....
             XXO....
             .XO....",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut r = rules("ming-qing");
        r.width = b.width();
        r.height = b.height();
        r.komi = crate::komi::Komi::ZERO;
        (b, r)
    }

    #[test]
    fn group_tax_ming_qing_returns_one_stone_per_extra_group() {
        let (b, mq) = two_groups_against_one();
        let c = count(&b, &mq, &CountInput::default());
        assert_eq!((c.black.groups, c.white.groups), (Some(2), Some(1)));
        let mut none = mq.clone();
        none.group_tax = GroupTax::None;
        let untaxed = count(&b, &none, &CountInput::default());
        // One extra group: Black hands 1 子 to White, a swing of 1 子 (4 quarter-stones).
        assert_eq!(untaxed.margin_half_points - c.margin_half_points, 4);
        assert_eq!(c.black.score_half_points, untaxed.black.score_half_points - 2);
    }

    #[test]
    fn group_tax_tang_takes_two_points_per_group() {
        let (b, mut tang) = two_groups_against_one();
        tang.scoring = Scoring::Territory;
        tang.group_tax = GroupTax::TwoPerGroup;
        let c = count(&b, &tang, &CountInput::default());
        // Black: 2 eye points − 2×2 路; White: 28 empty points − 2.
        assert_eq!(c.black.score_half_points, 2 * (2 - 4));
        assert_eq!(c.white.score_half_points, 2 * (c.white.territory as i32 - 2));
    }

    /// The Song-era records of 忘忧清乐集 (digest §5.1), Tang counting: 路 = empty points −
    /// own stones lost − 2 per living group. Territory counting with prisoners gives the same
    /// difference (prisoners taken are the opponent's stones lost).
    #[test]
    fn tang_song_records_count_as_the_book_says() {
        let tang = rules("ancient-tang-song");
        // (name, territory B/W, Black's stones killed by White, White's killed by Black, groups B/W, margin)
        let records = [
            ("金花碗图", [52, 51], 6, 6, [3, 3], 1),
            ("烂柯图", [37, 45], 9, 22, [5, 3], 1),
            ("贾玄图", [76, 58], 21, 9, [2, 3], 8),
        ];
        for (name, territory, black_lost, white_lost, groups, margin) in records {
            let totals = Totals { territory, prisoners: [white_lost, black_lost], groups, ..Totals::default() };
            let [b, w] = side_scores(&totals, &tang);
            assert_eq!((b - w) / 2, margin, "{name}");
            assert_eq!(
                result_from_margin(b - w, &tang),
                GameResult::Win { winner: Color::Black, margin: Margin::Points((2 * margin) as u32) },
                "{name}"
            );
        }
        // 贾玄图 by the book's own 路: Black 76 − 21 − 4 = 51, White 58 − 9 − 6 = 43.
        let totals = Totals { territory: [76, 58], prisoners: [9, 21], groups: [2, 3], ..Totals::default() };
        let [b, w] = side_scores(&totals, &tang);
        assert_eq!((b - w) / 2, 51 - 43);
        // 成都府四仙子图 at move 242: 42 路 each, a draw under Tang counting.
        let totals = Totals { territory: [55, 57], prisoners: [7, 9], groups: [2, 4], ..Totals::default() };
        let [b, w] = side_scores(&totals, &tang);
        assert_eq!(result_from_margin(b - w, &tang), GameResult::Draw);
    }

    /// Ming–Qing counting (digest §5.1, §5.2): one side against 180½, 还棋头 per extra group.
    #[test]
    fn ming_qing_recounts_and_literary_results() {
        let mut mq = rules("ming-qing");
        mq.komi = crate::komi::Komi::ZERO;
        // 贾玄图 recount: 13 dame filled (Black 7, White 6), the top-side seki's 2 shared
        // liberties split one each: Black 184, White 177. White has 3 groups to Black's 2 and
        // hands back one stone: Black 185, White 176; Black wins by 4½ 子 (9 stones apart).
        let totals = Totals { stones: [183, 176], territory: [0, 0], shared: 2, groups: [2, 3], ..Totals::default() };
        let [b, w] = side_scores(&totals, &mq);
        assert_eq!((b, w), (2 * 185, 2 * 176));
        assert_eq!(result_from_margin(b - w, &mq).display_zh(), "黑胜4½子");
        // 《金瓶梅词话》: 5 groups against 2 hand back 3 stones.
        let totals = Totals { stones: [180, 181], groups: [5, 2], ..Totals::default() };
        let [b, _] = side_scores(&totals, &mq);
        assert_eq!(b, 2 * (180 - 3));
        // 《二刻拍案惊奇》: White counts 180 and loses by half a stone.
        let totals = Totals { stones: [181, 180], ..Totals::default() };
        let [b, w] = side_scores(&totals, &mq);
        assert_eq!(result_from_margin(b - w, &mq).display_zh(), "黑胜½子");
    }

    /// The 2012 proposal, 第十条: "地の中の相手方の死に石はそのまま取り上げ、ハマに加える。その後ハ
    /// マをもって相手方の地を埋め、双方の地の目数を比較して、その多い方を勝ちとする" and its 付則:
    /// "ハマが相手方の地を上回る場合は上回ったハマを自分の地に加算する". Black has 9 points (the
    /// dead White stone's among them) and 10 prisoners, and the dead stone makes 11; White has 3
    /// points. 11 prisoners fill White's 3, 8 are left over and go to Black's 9: 17 to 0, the
    /// same margin as territory plus prisoners (9 + 11 against 3).
    #[test]
    fn prisoners_fill_the_opponents_territory_under_the_2012_proposal() {
        let b = Board::from_text(
            ".O.XO.
             ...XO.
             ...XO.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let dead = [b.point(1, 0).unwrap_or_else(|| panic!("B3"))];
        let mut set = rules("japanese-2012");
        set.komi = crate::komi::Komi::ZERO;
        let c = count(&b, &set, &CountInput { dead: &dead, prisoners: [10, 0], ..CountInput::default() });
        let filled = |own: i64, prisoners: i64, theirs: i64| own + (prisoners - theirs).max(0);
        assert_eq!(filled(9, 11, 3), 17, "Black's points after filling");
        assert_eq!((c.black.territory, c.black.prisoners, c.white.territory), (9, 11, 3));
        assert_eq!(c.margin_half_points, 2 * 17);
        assert_eq!(c.result.to_sgf(), "B+17");
    }

    /// The 2012 proposal, 第八条 付則: "ただし双方の活き石による劫の空点は地としない。" A ko left open
    /// on the border: C3 is surrounded by Black, but White may take the ko there (its stone
    /// takes D3 and keeps one liberty). Under the 2012 proposal the point is nobody's; under
    /// the 1989 rules it is Black's.
    #[test]
    fn a_ko_point_between_living_stones_is_not_territory_under_the_2012_proposal() {
        let ko = Board::from_text(
            "..XOO..
             .X.XO..
             ..XOO..
             ..XOO..",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ko_points(&ko), [1, 0]);
        let count_under = |name: &str| {
            let mut set = rules(name);
            set.komi = crate::komi::Komi::ZERO;
            count(&ko, &set, &CountInput::default())
        };
        let (old, new) = (count_under("japanese-1989"), count_under("japanese-2012"));
        assert_eq!((old.black.territory, old.white.territory, old.result), (8, 8, GameResult::Draw));
        assert_eq!((new.black.territory, new.white.territory), (7, 8));
        assert_eq!(new.result.to_sgf(), "W+1");
        // A point surrounded by one side where the other would only be captured is territory.
        let filled = Board::from_text(
            "..XOO..
             .XXXO..
             ..XOO..
             ..XOO..",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(ko_points(&filled), [0, 0]);
    }

    /// Seki with one eye each and one shared liberty: the eyes are not territory under the
    /// Japanese rules (Art. 8), but are area under the Chinese rules.
    #[test]
    fn seki_with_eyes_has_no_territory_under_japanese_rules() {
        let seki = Board::from_text(
            ".X.O.
             XXXOO",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seki_eyes(&seki), [1, 1]);
        let mut japanese = rules("japanese-1989");
        japanese.komi = crate::komi::Komi::ZERO;
        let c = count(&seki, &japanese, &CountInput::default());
        assert_eq!((c.black.territory, c.white.territory), (0, 0));
        assert_eq!(c.result, GameResult::Draw);
        let mut chinese = rules("chinese-2002");
        chinese.komi = crate::komi::Komi::ZERO;
        let c = count(&seki, &chinese, &CountInput::default());
        // Black: 4 stones + 1 eye + ½ shared; White: 3 + 1 + ½.
        assert_eq!((c.black.score_half_points, c.white.score_half_points), (11, 9));
        // Unfilled dame between groups that are not short of liberties is not a seki.
        let dame = Board::from_text(
            ".X.O.
             XX.OO
             XX.OO",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seki_eyes(&dame), [0, 0]);
        assert_eq!(count(&dame, &japanese, &CountInput::default()).black.territory, 1);
    }

    /// A group that shares an eye with a stone in seki is in the seki with it, so its own eye
    /// is nobody's too under the Japanese rules (the shape GNU Go's scoring suite has in
    /// score7, made here on a 7×2 board): Black's chain on the left owns a1 and shares c1 with
    /// the stone d1, which shares the liberty e1 with White's chain (one eye, g1).
    #[test]
    fn an_eye_shared_with_a_stone_in_seki_is_nobodys() {
        let seki = Board::from_text(
            ".X.X.O.
             XXXOOOO",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(seki_eyes(&seki), [2, 1]);
        // Every chain is in the seki: the stone d1, White's chain, and the chain sharing c1.
        let in_seki = seki_chains(&seki);
        assert!(seki.points().filter(|p| seki.get(*p).is_some()).all(|p| in_seki[p.index()]));
        let mut japanese = rules("japanese-1989");
        japanese.komi = crate::komi::Komi::ZERO;
        let c = count(&seki, &japanese, &CountInput::default());
        assert_eq!((c.black.territory, c.white.territory, c.shared), (0, 0, 1));
    }

    /// A small chain whose other liberty opens into its own territory is not in seki with a
    /// one-eyed group beside it, though filling their shared point is self-atari for both as
    /// the stones stand: White connects the stone d1 to its territory at e1 first, then fills
    /// c1 and captures. Its territory counts (found in review; docs/ENGINE.md's known limits).
    #[test]
    fn a_chain_that_can_connect_out_to_its_territory_is_not_in_seki() {
        let board = Board::from_text(
            ".X.O...
             XXXXO..
             OOOXO..
             ..OXO..
             ..OOO..",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let in_seki = seki_chains(&board);
        assert!(board.points().all(|p| !in_seki[p.index()]), "no chain is in seki");
        assert_eq!(seki_eyes(&board), [0, 0]);
        let mut japanese = rules("japanese-1989");
        japanese.komi = crate::komi::Komi::ZERO;
        let c = count(&board, &japanese, &CountInput::default());
        // White: the 11 points on the right and the 4 at the bottom left; Black: its eye a1.
        assert_eq!((c.black.territory, c.white.territory, c.shared), (1, 15, 1));
        // Nor when d1 reaches White's territory only through an eye of White's wall (e1):
        // White fills it to connect. The wall is not in seki either (its eye is no seki's).
        let through_an_eye = Board::from_text(
            ".X.O.O.
             XXXXOO.
             OOOXO..
             ..OXO..
             ..OOO..",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(through_an_eye.points().all(|p| !seki_chains(&through_an_eye)[p.index()]));
        // (The seki these shapes must not be taken for stays one: see the two tests above.)
    }

    /// Sunjang's absolute territory (《围棋规则演变史》 ch. 2, pp. 34–36): empty points
    /// only, with the opponent's dead stones and one's own redundant stones (冗子) taken off,
    /// boundary stones kept. Positions made for the test.
    #[test]
    fn sunjang_counts_absolute_territory() {
        let mut sunjang = rules("sunjang");
        sunjang.komi = crate::komi::Komi::ZERO;
        let score = |b: &Board, dead: &[Point]| {
            let c = count(b, &sunjang, &CountInput { dead, ..CountInput::default() });
            (c.black.score_half_points / 2, c.white.score_half_points / 2)
        };
        // Walls on columns c and d: Black's 10 empty points, White's 5.
        let walls = Board::from_text(
            "..XO.
             ..XO.
             ..XO.
             ..XO.
             ..XO.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(boundary_stones(&walls), [5, 5]);
        assert_eq!(score(&walls, &[]), (10, 5));
        // A stone played inside one's own territory is a 冗子: cleared, it costs nothing
        // (under the Japanese rules it would cost a point).
        let inside = Board::from_text(
            "X.XO.
             ..XO.
             ..XO.
             ..XO.
             ..XO.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(score(&inside, &[]), (10, 5));
        let mut japanese = rules("japanese-1989");
        japanese.komi = crate::komi::Komi::ZERO;
        assert_eq!(count(&inside, &japanese, &CountInput::default()).black.territory, 9);
        // A dead White stone comes off and its point is Black's; it is no prisoner.
        let dead_stone = Board::from_text(
            "O.XO.
             ..XO.
             ..XO.
             ..XO.
             ..XO.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let corner = dead_stone.point(0, 0).unwrap_or_else(|| panic!("a1"));
        assert_eq!(score(&dead_stone, &[corner]), (10, 5));
        // The book: Korean counting is Chinese area counting less the boundary stones.
        let area = count(&walls, &rules("chinese-2002"), &CountInput::default());
        assert_eq!(area.black.score_half_points / 2 - 5, 10);
        // Seki with eyes (fig. 2-5): the eyes count, and so do the cleared 冗子 behind them.
        let seki = Board::from_text(
            ".X.O.
             XXXOO",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(score(&seki, &[]), (3, 2));
        // A boundary stone that would keep one liberty keeps the stone behind it (the book's A).
        let thin = Board::from_text(
            ".X.
             XXO
             XO.",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(boundary_stones(&thin)[0], 4, "every Black stone stays: {thin:?}");
    }

    #[test]
    fn stone_counting_counts_stones_only_and_equal_scores_follow_the_rule() {
        // Pre-Tang 两溢 / Tibetan: only stones on the board count.
        let b = Board::from_text(
            "XX.OO
             X...O",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut stones = rules("tibetan");
        stones.komi = crate::komi::Komi::ZERO;
        let c = count(&b, &stones, &CountInput::default());
        assert_eq!((c.black.score_half_points, c.white.score_half_points), (6, 6));
        // Equal counts: a draw, or a loss for the side the rule names (Sunjang: Black).
        assert_eq!(c.result, GameResult::Draw);
        stones.equal_score = EqualScore::BlackLoses;
        assert_eq!(count(&b, &stones, &CountInput::default()).result.winner(), Some(Color::White));
        stones.equal_score = EqualScore::WhiteLoses;
        assert_eq!(count(&b, &stones, &CountInput::default()).result.winner(), Some(Color::Black));
        let sunjang = rules("sunjang");
        assert_eq!(result_from_margin(0, &sunjang).winner(), Some(Color::White));
    }

    #[test]
    fn tromp_taylor_counts_regions_reaching_one_colour() {
        let board = split_board(9);
        assert_eq!(tromp_taylor(&board), 190 - 171);
        let empty = Board::new(9, 9).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tromp_taylor(&empty), 0);
    }
}
