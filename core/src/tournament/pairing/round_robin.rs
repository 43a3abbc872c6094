//! Round robin (循环制, 1988 Chinese Competition Rules Art. 27): single (单循环), double
//! (双循环) and group (分组循环) round robins, scheduled by the Berger tables.
//!
//! Players sit in numbered seats (1-based), given by the caller's seeding or draw of lots.
//! The schedule depends on seats only, so the whole table is known before round 1.
//!
//! Choices:
//! - The tables are FIDE's published Berger tables (Handbook C.05, Annex 1), pair for pair
//!   and board for board. FIDE names the player with White (chess's first mover) first;
//!   Yunzi gives that player Black (go's first mover), so "1–8" means seat 1 has Black.
//! - With an odd number of players a dummy seat (the highest, n + 1) makes the count even;
//!   whoever meets it has the bye that round, so each player sits out exactly once a cycle.
//! - Double round robin: the second cycle repeats the first round by round with colours
//!   swapped. FIDE suggests swapping the last two rounds of the first cycle to avoid three
//!   games in a row with one colour; Yunzi does not, so the printed table is the published
//!   one.
//! - The 1988 rules name single and double round robins only, so `cycles` is 1 or 2.

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Board, PairCost, PairingStats, RoundPairing};

/// Largest field one round robin accepts: 999 rounds is far beyond any real event,
/// and the bound keeps a full schedule small enough to build and print.
pub const MAX_PLAYERS: usize = 1000;

/// One round of a seat schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRound {
    /// `(black seat, white seat)`, in the order of the Berger table.
    pub games: Vec<(usize, usize)>,
    /// The seat that meets the dummy seat (odd fields only).
    pub bye: Option<usize>,
}

/// Why a round robin cannot be scheduled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundRobinError {
    /// Fewer than two players (the count given).
    TooFewPlayers(usize),
    /// More than [`MAX_PLAYERS`] players (the count given).
    TooManyPlayers(usize),
    /// Cycles other than 1 or 2 (the number given).
    UnsupportedCycles(u32),
    /// A round outside `1..=rounds`.
    RoundOutOfRange { round: u32, rounds: u32 },
    /// The same player id was given twice.
    DuplicatePlayer(i64),
    /// Zero groups asked for.
    NoGroups,
    /// Not enough players for every group to have two.
    GroupsTooSmall { players: usize, groups: usize },
}

impl fmt::Display for RoundRobinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundRobinError::TooFewPlayers(n) => {
                write!(f, "a round robin needs at least two players; {n} given")
            }
            RoundRobinError::TooManyPlayers(n) => {
                write!(f, "a round robin takes at most {MAX_PLAYERS} players; {n} given")
            }
            RoundRobinError::UnsupportedCycles(c) => {
                write!(f, "a round robin has one cycle (单循环) or two (双循环), not {c}")
            }
            RoundRobinError::RoundOutOfRange { round, rounds } => {
                write!(f, "round {round} does not exist: this round robin has rounds 1 to {rounds}")
            }
            RoundRobinError::DuplicatePlayer(id) => {
                write!(f, "player {id} is listed more than once")
            }
            RoundRobinError::NoGroups => f.write_str("a group round robin needs at least one group"),
            RoundRobinError::GroupsTooSmall { players, groups } => write!(
                f,
                "{players} players cannot make {groups} groups of at least two: \
                 use at most {} groups or add players",
                players / 2
            ),
        }
    }
}

impl std::error::Error for RoundRobinError {}

/// The single-cycle Berger table for `players` seats: `players - 1` rounds when even,
/// `players` rounds (one bye each) when odd.
pub fn berger_rounds(players: usize) -> Result<Vec<SeatRound>, RoundRobinError> {
    round_robin_rounds(players, 1)
}

/// The full schedule over `cycles` (1 or 2); the second cycle swaps every colour.
pub fn round_robin_rounds(players: usize, cycles: u32) -> Result<Vec<SeatRound>, RoundRobinError> {
    let rounds = round_count(players, cycles)?;
    Ok((1..=rounds).map(|round| seat_round(players, round)).collect())
}

/// How many rounds a round robin of `players` over `cycles` (1 or 2) takes.
pub fn round_count(players: usize, cycles: u32) -> Result<u32, RoundRobinError> {
    if players < 2 {
        return Err(RoundRobinError::TooFewPlayers(players));
    }
    if players > MAX_PLAYERS {
        return Err(RoundRobinError::TooManyPlayers(players));
    }
    if !(1..=2).contains(&cycles) {
        return Err(RoundRobinError::UnsupportedCycles(cycles));
    }
    // Both fit easily: at most MAX_PLAYERS rounds a cycle.
    let per_cycle = (table_size(players) - 1) as u32;
    Ok(per_cycle * cycles)
}

/// Pairs round `round` (1-based over all cycles) of a round robin.
///
/// `seeded_ids[i]` sits in seat `i + 1`. Boards come in the Berger table's order, which
/// a director can check against the printed table. All games are even (no handicap).
/// `rematches` stays empty, because the second meeting of a double round robin is the
/// schedule, not a fallback; costs are all zero, because the table decides, not a search.
pub fn pair_round_robin(seeded_ids: &[i64], cycles: u32, round: u32) -> Result<RoundPairing, RoundRobinError> {
    reject_duplicates(seeded_ids)?;
    let rounds = round_count(seeded_ids.len(), cycles)?;
    if !(1..=rounds).contains(&round) {
        return Err(RoundRobinError::RoundOutOfRange { round, rounds });
    }
    let seats = seat_round(seeded_ids.len(), round);
    let id = |seat: usize| seeded_ids[seat - 1];
    let boards: Vec<Board> =
        seats.games.iter().map(|&(black, white)| Board { black: id(black), white: id(white), handicap: 0 }).collect();
    Ok(RoundPairing {
        costs: vec![PairCost::default(); boards.len()],
        boards,
        bye: seats.bye.map(id),
        bye_cost: seats.bye.map(|_| PairCost::default()),
        rematches: Vec::new(),
        stats: PairingStats::default(),
    })
}

/// Splits a seeded list (strongest first) into `groups` groups by snake seeding:
/// seeds 1, 2, 3 go to groups A, B, C, then 4, 5, 6 to C, B, A, then 7 to A, and so on,
/// so the groups are as even as possible and differ in size by at most one.
///
/// Each group keeps seeding order, so its top seed takes seat 1 of its own round robin.
/// Groups of different parity need different numbers of rounds (see [`round_count`]);
/// a group whose schedule is over simply has no games in the later rounds.
pub fn snake_groups(seeded_ids: &[i64], groups: usize) -> Result<Vec<Vec<i64>>, RoundRobinError> {
    if groups == 0 {
        return Err(RoundRobinError::NoGroups);
    }
    reject_duplicates(seeded_ids)?;
    if seeded_ids.len() < 2 * groups {
        return Err(RoundRobinError::GroupsTooSmall { players: seeded_ids.len(), groups });
    }
    let mut out = vec![Vec::new(); groups];
    for (i, &id) in seeded_ids.iter().enumerate() {
        let (pass, step) = (i / groups, i % groups);
        let group = if pass % 2 == 0 { step } else { groups - 1 - step };
        out[group].push(id);
    }
    Ok(out)
}

/// The groups of a group round robin (分组循环) from the seeding: snake seeding into
/// `groups` groups; one group is the whole seeding.
pub fn round_robin_groups(seeded_ids: &[i64], groups: u32) -> Result<Vec<Vec<i64>>, RoundRobinError> {
    if groups <= 1 { Ok(vec![seeded_ids.to_vec()]) } else { snake_groups(seeded_ids, groups as usize) }
}

/// Rounds of a (group) round robin: the largest group's table.
pub fn group_round_count(groups: &[Vec<i64>], cycles: u32) -> Result<u32, RoundRobinError> {
    groups.iter().map(|g| round_count(g.len(), cycles)).try_fold(0, |most, n| Ok(most.max(n?)))
}

/// Round `round` of every group that still has one, boards group by group.
pub fn pair_group_round(groups: &[Vec<i64>], cycles: u32, round: u32) -> Result<RoundPairings, RoundRobinError> {
    let mut out = RoundPairings::default();
    for group in groups {
        if round <= round_count(group.len(), cycles)? {
            let pairing = pair_round_robin(group, cycles, round)?;
            out.boards.extend(pairing.boards);
            out.byes.extend(pairing.bye);
        }
    }
    Ok(out)
}

/// A round of a group round robin: every group's boards and byes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoundPairings {
    pub boards: Vec<Board>,
    pub byes: Vec<i64>,
}

fn reject_duplicates(ids: &[i64]) -> Result<(), RoundRobinError> {
    let mut seen = HashSet::new();
    match ids.iter().find(|id| !seen.insert(**id)) {
        Some(&id) => Err(RoundRobinError::DuplicatePlayer(id)),
        None => Ok(()),
    }
}

/// Seats in the Berger table: the field, plus the dummy seat when odd.
fn table_size(players: usize) -> usize {
    players + players % 2
}

/// Round `round` (1-based over all cycles; already checked to exist) for `players` seats.
///
/// With m = the (even) table size and round r of the cycle, seat p = (r + 1) / 2 for odd r,
/// (r + m) / 2 for even r, meets seat m: p has Black in odd rounds, m in even rounds. The
/// other boards pair p + k (Black) with p − k, for k = 1 … m/2 − 1, seat numbers wrapping
/// round within 1 … m − 1. This reproduces FIDE's tables exactly (see the tests).
fn seat_round(players: usize, round: u32) -> SeatRound {
    let m = table_size(players);
    let per_cycle = m - 1;
    let index = round as usize - 1;
    let (r, second_cycle) = (index % per_cycle + 1, index / per_cycle == 1);
    let p = if r % 2 == 1 { r.div_ceil(2) } else { (r + m) / 2 };
    let wrap = |x: usize| (x - 1) % per_cycle + 1;

    let first = if r % 2 == 1 { (p, m) } else { (m, p) };
    let others = (1..m / 2).map(|k| (wrap(p + k), wrap(p + per_cycle - k)));
    let (games, bye) = if m > players {
        (others.collect::<Vec<_>>(), Some(p))
    } else {
        (std::iter::once(first).chain(others).collect(), None)
    };
    let games = if second_cycle { games.into_iter().map(|(b, w)| (w, b)).collect() } else { games };
    SeatRound { games, bye }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::GameResult;
    use crate::tournament::standings::{ByeRecord, GameRecord, StandingRow, compute_standings};
    use proptest::prelude::*;
    use std::collections::HashMap;

    fn even(black: i64, white: i64) -> Board {
        Board { black, white, handicap: 0 }
    }

    fn games_of(rounds: &[SeatRound]) -> Vec<Vec<(usize, usize)>> {
        rounds.iter().map(|r| r.games.clone()).collect()
    }

    #[test]
    fn four_six_and_eight_reproduce_the_fide_tables() {
        // FIDE Handbook C.05 Annex 1, first-named player first (here: Black).
        let four = vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]];
        let six = vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        let eight = vec![
            vec![(1, 8), (2, 7), (3, 6), (4, 5)],
            vec![(8, 5), (6, 4), (7, 3), (1, 2)],
            vec![(2, 8), (3, 1), (4, 7), (5, 6)],
            vec![(8, 6), (7, 5), (1, 4), (2, 3)],
            vec![(3, 8), (4, 2), (5, 1), (6, 7)],
            vec![(8, 7), (1, 6), (2, 5), (3, 4)],
            vec![(4, 8), (5, 3), (6, 2), (7, 1)],
        ];
        for (n, table) in [(4, four), (6, six), (8, eight)] {
            let rounds = berger_rounds(n).expect("even field");
            assert_eq!(games_of(&rounds), table, "{n} players");
            assert!(rounds.iter().all(|r| r.bye.is_none()));
        }
        assert_eq!(games_of(&berger_rounds(2).expect("two players")), vec![vec![(1, 2)]]);
    }

    #[test]
    fn odd_field_uses_the_next_table_and_the_dummy_seat_is_the_bye() {
        // Five players use the six-player table; whoever meets seat 6 sits out.
        let rounds = berger_rounds(5).expect("five players");
        let expected = vec![
            (vec![(2, 5), (3, 4)], 1),
            (vec![(5, 3), (1, 2)], 4),
            (vec![(3, 1), (4, 5)], 2),
            (vec![(1, 4), (2, 3)], 5),
            (vec![(4, 2), (5, 1)], 3),
        ];
        let got: Vec<_> = rounds.into_iter().map(|r| (r.games, r.bye.expect("odd field has a bye"))).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn second_cycle_repeats_the_first_with_colours_swapped() {
        let rounds = round_robin_rounds(4, 2).expect("double round robin");
        assert_eq!(
            games_of(&rounds),
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)],
                vec![(4, 1), (3, 2)],
                vec![(3, 4), (2, 1)],
                vec![(4, 2), (1, 3)],
            ]
        );
        // Byes repeat too: round 6 of five players in two cycles is round 1 again.
        let odd = round_robin_rounds(5, 2).expect("double round robin");
        assert_eq!(odd.len(), 10);
        assert_eq!(odd[5], SeatRound { games: vec![(5, 2), (4, 3)], bye: Some(1) });
    }

    #[test]
    fn round_counts() {
        // Even n: n - 1 rounds a cycle; odd n: n rounds (one bye each).
        assert_eq!(round_count(8, 1), Ok(7));
        assert_eq!(round_count(7, 1), Ok(7));
        assert_eq!(round_count(7, 2), Ok(14));
        assert_eq!(round_count(2, 2), Ok(2));
        assert_eq!(round_count(1, 1), Err(RoundRobinError::TooFewPlayers(1)));
        assert_eq!(round_count(1001, 1), Err(RoundRobinError::TooManyPlayers(1001)));
        assert_eq!(round_count(4, 0), Err(RoundRobinError::UnsupportedCycles(0)));
        assert_eq!(round_count(4, 3), Err(RoundRobinError::UnsupportedCycles(3)));
        assert_eq!(
            RoundRobinError::UnsupportedCycles(3).to_string(),
            "a round robin has one cycle (单循环) or two (双循环), not 3"
        );
    }

    #[test]
    fn pairing_a_round_maps_seats_to_ids() {
        // Seats 1..=5 are ids 50, 40, 30, 20, 10. Round 2 of five: 5–3, 1–2, bye 4.
        let ids = [50, 40, 30, 20, 10];
        let pairing = pair_round_robin(&ids, 1, 2).expect("round 2 exists");
        assert_eq!(
            pairing,
            RoundPairing {
                boards: vec![even(10, 30), even(50, 40)],
                bye: Some(20),
                rematches: Vec::new(),
                costs: vec![PairCost::default(); 2],
                bye_cost: Some(PairCost::default()),
                stats: PairingStats::default(),
            }
        );
    }

    #[test]
    fn pairing_rejects_bad_input() {
        assert_eq!(
            pair_round_robin(&[1, 2, 3, 4], 1, 4),
            Err(RoundRobinError::RoundOutOfRange { round: 4, rounds: 3 })
        );
        assert_eq!(
            pair_round_robin(&[1, 2, 3, 4], 1, 0),
            Err(RoundRobinError::RoundOutOfRange { round: 0, rounds: 3 })
        );
        assert_eq!(pair_round_robin(&[1, 2, 1], 1, 1), Err(RoundRobinError::DuplicatePlayer(1)));
        assert_eq!(pair_round_robin(&[7], 1, 1), Err(RoundRobinError::TooFewPlayers(1)));
        assert_eq!(
            RoundRobinError::RoundOutOfRange { round: 4, rounds: 3 }.to_string(),
            "round 4 does not exist: this round robin has rounds 1 to 3"
        );
    }

    #[test]
    fn snake_seeding_fills_groups_back_and_forth() {
        // 1→A 2→B 3→C, 4→C 5→B 6→A, 7→A 8→B 9→C, 10→C.
        let seeded: Vec<i64> = (1..=10).collect();
        let groups = snake_groups(&seeded, 3).expect("three groups of three or four");
        assert_eq!(groups, vec![vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9, 10]]);
        assert_eq!(snake_groups(&seeded, 1).expect("one group"), vec![seeded.clone()]);
        // Each group gets its own table: group C has four players (3 rounds), A three (3 rounds
        // with a bye each).
        let c = pair_round_robin(&groups[2], 1, 1).expect("round 1 of group C");
        assert_eq!(c.boards, vec![even(3, 10), even(4, 9)]);
        let a = pair_round_robin(&groups[0], 1, 1).expect("round 1 of group A");
        assert_eq!((a.boards, a.bye), (vec![even(6, 7)], Some(1)));
    }

    #[test]
    fn groups_of_unequal_size_play_their_own_tables() -> Result<(), RoundRobinError> {
        // Nine players in two groups: 1, 4, 5, 8, 9 (five: five rounds, a bye each round)
        // and 2, 3, 6, 7 (four: three rounds).
        let groups = round_robin_groups(&(1..=9).collect::<Vec<i64>>(), 2)?;
        assert_eq!(groups, vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7]]);
        assert_eq!(group_round_count(&groups, 1)?, 5);
        assert_eq!(group_round_count(&groups, 2)?, 10);
        let mut met = HashSet::new();
        for round in 1..=5 {
            let pairing = pair_group_round(&groups, 1, round)?;
            assert_eq!(pairing.byes.len(), 1, "round {round}: the five-player group has a bye");
            assert_eq!(pairing.boards.len(), if round <= 3 { 4 } else { 2 }, "round {round}");
            for b in &pairing.boards {
                let same = groups.iter().any(|g| g.contains(&b.black) && g.contains(&b.white));
                assert!(same, "round {round}: {b:?} crosses groups");
                assert!(met.insert((b.black.min(b.white), b.black.max(b.white))), "{b:?} met twice");
            }
        }
        assert_eq!(met.len(), 10 + 6);
        // One group is the plain table.
        assert_eq!(round_robin_groups(&[5, 6, 7], 1)?, vec![vec![5, 6, 7]]);
        Ok(())
    }

    #[test]
    fn snake_seeding_rejects_impossible_groups() {
        let seeded: Vec<i64> = (1..=7).collect();
        assert_eq!(snake_groups(&seeded, 0), Err(RoundRobinError::NoGroups));
        assert_eq!(snake_groups(&seeded, 4), Err(RoundRobinError::GroupsTooSmall { players: 7, groups: 4 }));
        assert_eq!(snake_groups(&[1, 2, 2, 3], 2), Err(RoundRobinError::DuplicatePlayer(2)));
        assert_eq!(
            RoundRobinError::GroupsTooSmall { players: 7, groups: 4 }.to_string(),
            "7 players cannot make 4 groups of at least two: use at most 3 groups or add players"
        );
        assert_eq!(RoundRobinError::NoGroups.to_string(), "a group round robin needs at least one group");
    }

    /// The boards expected in a round as `(black, white, result)`, and the bye.
    type PlannedRound<'a> = (Vec<(i64, i64, &'a str)>, Option<i64>);

    /// Plays every round of a round robin with results looked up by (black, white) and
    /// returns the game and bye records.
    fn play_event(ids: &[i64], cycles: u32, expected_rounds: &[PlannedRound]) -> (Vec<GameRecord>, Vec<ByeRecord>) {
        let rounds = round_count(ids.len(), cycles).expect("valid field");
        assert_eq!(rounds as usize, expected_rounds.len());
        let (mut games, mut byes) = (Vec::new(), Vec::new());
        for (round, (expected, bye)) in (1..=rounds).zip(expected_rounds) {
            let pairing = pair_round_robin(ids, cycles, round).expect("round exists");
            let boards: Vec<(i64, i64)> = pairing.boards.iter().map(|b| (b.black, b.white)).collect();
            let want: Vec<(i64, i64)> = expected.iter().map(|&(b, w, _)| (b, w)).collect();
            assert_eq!(boards, want, "round {round}");
            assert_eq!(pairing.bye, *bye, "round {round}");
            for &(black, white, result) in expected {
                let result = GameResult::parse(result).expect("test result parses");
                games.push(GameRecord { round, black, white, result: Some(result) });
            }
            byes.extend(pairing.bye.map(|player| ByeRecord { round, player }));
        }
        (games, byes)
    }

    /// (player, place, points, sos, wins, draws, losses, byes)
    type Summary = (i64, u32, u32, i64, u32, u32, u32, u32);

    fn summary(rows: &[StandingRow]) -> Vec<Summary> {
        rows.iter().map(|r| (r.player, r.place, r.points, r.sos, r.wins, r.draws, r.losses, r.byes)).collect()
    }

    /// How often each unordered pair met, and with which colours.
    fn meetings(games: &[GameRecord]) -> HashMap<(i64, i64), Vec<(i64, i64)>> {
        let mut met: HashMap<(i64, i64), Vec<(i64, i64)>> = HashMap::new();
        for g in games {
            met.entry((g.black.min(g.white), g.black.max(g.white))).or_default().push((g.black, g.white));
        }
        met
    }

    #[test]
    fn full_five_player_single_round_robin() {
        // Seats 1..=5 are ids 101..=105; the schedule is the six-player table, seat 6 = bye.
        let ids = [101, 102, 103, 104, 105];
        let (games, byes) = play_event(
            &ids,
            1,
            &[
                (vec![(102, 105, "B+R"), (103, 104, "W+2.5")], Some(101)),
                (vec![(105, 103, "0"), (101, 102, "B+R")], Some(104)),
                (vec![(103, 101, "W+R"), (104, 105, "B+1.5")], Some(102)),
                (vec![(101, 104, "B+R"), (102, 103, "W+T")], Some(105)),
                (vec![(104, 102, "W+R"), (105, 101, "B+R")], Some(103)),
            ],
        );
        // Every pair met exactly once: C(5, 2) = 10 games.
        let met = meetings(&games);
        assert_eq!(met.len(), 10);
        assert!(met.values().all(|m| m.len() == 1));
        // Each player sat out exactly once.
        let mut sat_out: Vec<i64> = byes.iter().map(|b| b.player).collect();
        sat_out.sort();
        assert_eq!(sat_out, ids);

        // Points by round (bye = 2):
        // 101: bye 2, W 2, W 2, W 2, L 0 = 8      102: W 2, L 0, bye 2, L 0, W 2 = 6
        // 103: L 0, D 1, L 0, W 2, bye 2 = 5      104: W 2, bye 2, W 2, L 0, L 0 = 6
        // 105: L 0, D 1, L 0, bye 2, W 2 = 5      total 30 = 10 games × 2 + 5 byes × 2.
        // Everyone met everyone, so SOS = 30 − own points: 22, 24, 25, 24, 25.
        // 102 and 104 tie on points and SOS; 累进分 separates them: 104 ran 2, 4, 6, 6, 6 = 24,
        // 102 ran 2, 2, 4, 4, 6 = 18. 103 and 105 both ran 0, 1, 1, 3, 5 = 10 and drew their
        // game, so they stay tied.
        let rows = compute_standings(&ids, &games, &byes);
        assert_eq!(
            summary(&rows),
            vec![
                (101, 1, 8, 22, 3, 0, 1, 1),
                (104, 2, 6, 24, 2, 0, 2, 1),
                (102, 3, 6, 24, 2, 0, 2, 1),
                (103, 4, 5, 25, 1, 1, 2, 1),
                (105, 4, 5, 25, 1, 1, 2, 1),
            ]
        );
    }

    #[test]
    fn full_four_player_double_round_robin() {
        let ids = [1, 2, 3, 4];
        let (games, byes) = play_event(
            &ids,
            2,
            &[
                (vec![(1, 4, "B+R"), (2, 3, "W+R")], None),
                (vec![(4, 3, "0"), (1, 2, "B+R")], None),
                (vec![(2, 4, "B+R"), (3, 1, "W+R")], None),
                (vec![(4, 1, "B+R"), (3, 2, "B+R")], None),
                (vec![(3, 4, "W+R"), (2, 1, "W+R")], None),
                (vec![(4, 2, "黑胜"), (1, 3, "0")], None),
            ],
        );
        assert!(byes.is_empty());
        // Every pair met twice, once with each colour.
        let met = meetings(&games);
        assert_eq!(met.len(), 6);
        for (&(a, b), m) in &met {
            let mut colours = m.clone();
            colours.sort();
            assert_eq!(colours, vec![(a, b), (b, a)], "pair {a}-{b}");
        }

        // 1: W W W L W D = 2+2+2+0+2+1 = 9     2: L L W L L L = 2
        // 3: W D L W L D = 2+1+0+2+0+1 = 6     4: L D L W W W = 0+1+0+2+2+2 = 7
        // Total 24 = 12 games × 2. Everyone met everyone twice: SOS = 2 × (24 − own):
        // 1: 30, 2: 44, 3: 36, 4: 34.
        let rows = compute_standings(&ids, &games, &byes);
        assert_eq!(
            summary(&rows),
            vec![
                (1, 1, 9, 30, 4, 1, 1, 0),
                (4, 2, 7, 34, 3, 1, 2, 0),
                (3, 3, 6, 36, 2, 2, 2, 0),
                (2, 4, 2, 44, 1, 0, 5, 0)
            ]
        );
    }

    /// Blacks minus whites for each seat over `rounds`.
    fn colour_balance(players: usize, rounds: &[SeatRound]) -> Vec<i64> {
        let mut balance = vec![0i64; players + 1];
        for &(b, w) in rounds.iter().flat_map(|r| &r.games) {
            balance[b] += 1;
            balance[w] -= 1;
        }
        balance.split_off(1)
    }

    /// The longest run of one colour any seat has over `rounds` (a bye does not break a run).
    fn longest_colour_run(players: usize, rounds: &[SeatRound]) -> usize {
        let mut colours: Vec<Vec<bool>> = vec![Vec::new(); players + 1];
        for &(b, w) in rounds.iter().flat_map(|r| &r.games) {
            colours[b].push(true);
            colours[w].push(false);
        }
        colours[1..].iter().flat_map(|c| c.chunk_by(|x, y| x == y).map(<[bool]>::len)).max().unwrap_or(0)
    }

    proptest! {
        #[test]
        fn every_pair_meets_exactly_once_and_nobody_plays_twice_a_round(n in 2usize..=40) {
            let rounds = berger_rounds(n).expect("valid field");
            prop_assert_eq!(rounds.len(), if n % 2 == 0 { n - 1 } else { n });
            let mut met = vec![0u32; (n + 1) * (n + 1)];
            let mut byes = vec![0u32; n + 1];
            for round in &rounds {
                let mut seated = vec![false; n + 1];
                for &seat in round.games.iter().flat_map(|(b, w)| [b, w]).chain(&round.bye) {
                    prop_assert!((1..=n).contains(&seat));
                    prop_assert!(!seated[seat], "seat {} twice in a round", seat);
                    seated[seat] = true;
                }
                prop_assert!(seated[1..].iter().all(|&s| s), "someone missing from a round");
                for &(b, w) in &round.games {
                    met[b.min(w) * (n + 1) + b.max(w)] += 1;
                }
                if let Some(seat) = round.bye {
                    byes[seat] += 1;
                }
            }
            for a in 1..=n {
                for b in a + 1..=n {
                    prop_assert_eq!(met[a * (n + 1) + b], 1, "{}-{}", a, b);
                }
            }
            let expected_byes = u32::from(n % 2 == 1);
            prop_assert!(byes[1..].iter().all(|&c| c == expected_byes));
        }

        /// What Berger guarantees in one cycle. Even n: n − 1 games, an odd number; every
        /// player has one colour exactly once more than the other, half the field the extra
        /// Black, and nobody gets one colour three times in a row. Odd n: n − 1 games and a
        /// bye; every player's colours strictly alternate (skipping the bye), so they are
        /// exactly even.
        #[test]
        fn berger_colour_balance(n in 2usize..=40) {
            let rounds = berger_rounds(n).expect("valid field");
            let balance = colour_balance(n, &rounds);
            let longest = longest_colour_run(n, &rounds);
            if n % 2 == 0 {
                prop_assert!(balance.iter().all(|b| b.abs() == 1), "{:?}", balance);
                prop_assert_eq!(balance.iter().filter(|&&b| b == 1).count(), n / 2);
                let expected_run = if n == 2 { 1 } else { 2 };
                prop_assert_eq!(longest, expected_run);
            } else {
                prop_assert!(balance.iter().all(|&b| b == 0), "{:?}", balance);
                prop_assert_eq!(longest, 1);
            }
        }

        #[test]
        fn double_round_robin_meets_twice_with_each_colour(n in 2usize..=40) {
            let rounds = round_robin_rounds(n, 2).expect("valid field");
            let mut games: Vec<(usize, usize)> = rounds.iter().flat_map(|r| r.games.iter().copied()).collect();
            games.sort();
            let mut expected: Vec<(usize, usize)> =
                (1..=n).flat_map(|a| (1..=n).filter(move |&b| b != a).map(move |b| (a, b))).collect();
            expected.sort();
            prop_assert_eq!(games, expected);
            prop_assert!(colour_balance(n, &rounds).iter().all(|&b| b == 0));
        }

        #[test]
        fn snake_groups_are_even_and_keep_everyone(players in 2usize..=60, groups in 1usize..=30) {
            let seeded: Vec<i64> = (1..=players as i64).collect();
            match snake_groups(&seeded, groups) {
                Ok(split) => {
                    let sizes: Vec<usize> = split.iter().map(Vec::len).collect();
                    let (min, max) = (sizes.iter().min().copied(), sizes.iter().max().copied());
                    prop_assert!(min >= Some(2) && max <= min.map(|m| m + 1));
                    let mut all: Vec<i64> = split.concat();
                    all.sort();
                    prop_assert_eq!(all, seeded);
                }
                Err(e) => prop_assert!(players < 2 * groups, "{}", e),
            }
        }
    }
}
