//! Standings: points, McMahon score and tie-breaks in a configurable order, for the Chinese
//! and the European (EGF/OpenGotha) traditions.
//!
//! # Units
//! Every value is in half-points, so there are no floats: a win is 2, a draw 1, a loss 0
//! (积分, 1988 Chinese Competition Rules, Art. 28), and OpenGotha's "1 McMahon point per win"
//! is 2 here. The one exception is SODOS, in quarter-points (a win is 4), because half of a
//! drawn opponent's odd score is a quarter.
//!
//! # Scores
//! - Points (积分): win 2 (forfeit wins included), draw 1, loss 0; no result (无胜负) and
//!   both-lose (双方均负) give 0 to both; a game without a result yet gives 0. A bye scores 2.
//!   A round a player sits out (absent or skipped, see `domain::participation`) scores the
//!   event's rule ([`TieBreakRules::with_absent_points`]): 0 by default, or 1 (half a win),
//!   as OpenGotha's "not participating" value can give; it stays an unplayed round.
//! - McMahon score (MMS) = the player's initial MMS, given by the caller in half-points, plus
//!   points.
//! - The *score* that SOS, SOSOS, SODOS and Cumulative use is the MMS when the order contains
//!   [`TieBreak::McMahonScore`], the points otherwise.
//!
//! # Tie-breaks ([`TieBreak`])
//! - `Sos` (对手分): the sum of the final scores of every opponent met.
//! - `Sosos`: the sum of the SOS of every opponent met.
//! - `Sodos`: the sum of the final scores of the opponents one beat plus half of those one
//!   drew with (quarter-points: score × 2 for a win, × 1 for a draw).
//! - `Cumulative` (累进分, CUSS): the sum of one's running score after each round of the event,
//!   unplayed rounds included (a bye adds its 2 to the running score; an absence adds 0, and
//!   the unchanged running score still counts). In a McMahon order the running score starts
//!   from the initial MMS, as OpenGotha's CUSSM.
//! - `DirectEncounter` (直胜): see below.
//! - `Wins` (胜局数): games won, forfeit wins included, byes not.
//!
//! A *meeting* is any game between two players, whatever its result: a forfeit counts, and so
//! does a game whose result is not in yet or void. The *rounds of the event* are the round
//! numbers that appear in `games` or `byes`. A round in which a player has no game (a bye, an
//! absence, a round after withdrawing or before joining) is *unplayed* for that player.
//!
//! # Traditions ([`Tradition`])
//! Only unplayed rounds are treated differently.
//! - Chinese: a bye scores 2 and adds 0 to 对手分 (SOS), to SOSOS and to SODOS; so does every
//!   other unplayed round. A forfeited game counts as a meeting: the opponent's final score
//!   counts. A withdrawn player's games still count, with their final score.
//! - European: follows OpenGotha (`Tournament.fillBaseScoringInfoIfNecessary()` in
//!   `src/info/vannier/gotha/Tournament.java`, steps "4.2 SOSM" and "5 SOSOSM"). When the
//!   score is the MMS, each unplayed round (bye or absence) adds a *virtual opponent* whose
//!   score is the player's own initial MMS to SOS, and whose SOS is that initial MMS times the
//!   number of rounds of the event to SOSOS; it adds 0 to SODOS. When the score is points,
//!   OpenGotha's SOSW and SOSOSW add 0 for unplayed rounds, and so do we. Forfeits and
//!   withdrawals are as in the Chinese tradition (OpenGotha counts a forfeited game as paired).
//!   `GameRecord` has no handicap, so OpenGotha's handicap correction of SOSM does not arise.
//!
//! # Direct encounter
//! It applies among the players still tied on every earlier criterion of the order. If every
//! pair of that group met, each player's value is the points they scored in the games within
//! the group, and the higher value ranks above: for two players who met, the winner ranks
//! above (a draw leaves them tied); for a cycle (A beat B, B beat C, C beat A) everyone has
//! the same value and stays tied. If some pair of the group did not meet, the whole group
//! stays tied and the value is `None`. Later criteria in the order still apply.
//!
//! # Places
//! Players equal on every criterion of the order share a place and the next place skips
//! (1, 2, 2, 4); within a shared place rows are ordered by player id.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::result::GameResult;

/// One scheduled game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub round: u32,
    pub black: i64,
    pub white: i64,
    /// `None`: not yet played.
    pub result: Option<GameResult>,
}

/// A player sitting out a round with a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeRecord {
    pub round: u32,
    pub player: i64,
}

/// A player sitting out a round (absent or skipped): no game and no bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsentRecord {
    pub round: u32,
    pub player: i64,
}

/// One criterion of the standings order; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// 积分.
    Points,
    McMahonScore,
    /// 对手分.
    Sos,
    Sosos,
    Sodos,
    /// 累进分.
    Cumulative,
    /// 直胜.
    DirectEncounter,
    /// 胜局数.
    Wins,
}

impl TieBreak {
    /// Every criterion.
    pub const ALL: [TieBreak; 8] = [
        TieBreak::Points,
        TieBreak::McMahonScore,
        TieBreak::Sos,
        TieBreak::Sosos,
        TieBreak::Sodos,
        TieBreak::Cumulative,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];
    /// The Chinese order: 积分, 对手分, 累进分, 直胜.
    pub const CHINESE: [TieBreak; 4] =
        [TieBreak::Points, TieBreak::Sos, TieBreak::Cumulative, TieBreak::DirectEncounter];
    /// The EGF/OpenGotha McMahon order: MMS, SOS, SOSOS, SODOS, CUSS, direct encounter.
    pub const EUROPEAN: [TieBreak; 6] = [
        TieBreak::McMahonScore,
        TieBreak::Sos,
        TieBreak::Sosos,
        TieBreak::Sodos,
        TieBreak::Cumulative,
        TieBreak::DirectEncounter,
    ];
}

/// How unplayed rounds count in SOS and SOSOS; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tradition {
    Chinese,
    European,
}

/// A tradition and an order of criteria, each criterion at most once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieBreakRules {
    tradition: Tradition,
    order: Vec<TieBreak>,
    /// Half-points for a round sat out (absent or skipped).
    absent_points: u32,
}

impl TieBreakRules {
    /// Rejects an empty order and a criterion given twice.
    pub fn new(tradition: Tradition, order: Vec<TieBreak>) -> Result<TieBreakRules, StandingsError> {
        if order.is_empty() {
            return Err(StandingsError::EmptyOrder);
        }
        let mut seen = HashSet::new();
        if let Some(&repeated) = order.iter().find(|tb| !seen.insert(**tb)) {
            return Err(StandingsError::RepeatedTieBreak(repeated));
        }
        Ok(TieBreakRules { tradition, order, absent_points: 0 })
    }

    /// Chinese tradition, [`TieBreak::CHINESE`] order.
    pub fn chinese() -> TieBreakRules {
        TieBreakRules { tradition: Tradition::Chinese, order: TieBreak::CHINESE.to_vec(), absent_points: 0 }
    }

    /// European tradition, [`TieBreak::EUROPEAN`] order.
    pub fn european() -> TieBreakRules {
        TieBreakRules { tradition: Tradition::European, order: TieBreak::EUROPEAN.to_vec(), absent_points: 0 }
    }

    pub fn tradition(&self) -> Tradition {
        self.tradition
    }

    pub fn order(&self) -> &[TieBreak] {
        &self.order
    }

    /// The same rules with a round sat out scoring `half_points` (0 or 1: the event's rule).
    pub fn with_absent_points(self, half_points: u32) -> TieBreakRules {
        TieBreakRules { absent_points: half_points, ..self }
    }

    /// Whether SOS and the others use the McMahon score rather than points.
    fn uses_mcmahon(&self) -> bool {
        self.order.contains(&TieBreak::McMahonScore)
    }
}

/// A player to rank, with their initial McMahon score in half-points (0 if not a McMahon event):
/// the same figure, unit and type as the pairing's `mcmahon::Entrant::initial_score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: i64,
    pub initial_score: i32,
}

/// The largest initial McMahon score accepted, either sign, in half-points.
pub const MAX_INITIAL_MMS: i64 = 10_000;

/// Why standings cannot be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingsError {
    EmptyOrder,
    RepeatedTieBreak(TieBreak),
    DuplicatePlayer(i64),
    InitialMmsOutOfRange {
        player: i64,
        initial_mms: i64,
    },
    /// A game or bye names a player who is not among the entrants.
    UnknownPlayer {
        player: i64,
        round: u32,
    },
    /// A player has two games, or a game and a bye, in one round (or plays themself).
    DoubleBooked {
        player: i64,
        round: u32,
    },
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StandingsError::EmptyOrder => f.write_str("the tie-break order is empty: give at least one criterion"),
            StandingsError::RepeatedTieBreak(tb) => {
                write!(f, "the tie-break {tb:?} appears more than once in the order")
            }
            StandingsError::DuplicatePlayer(id) => write!(f, "player {id} is listed more than once"),
            StandingsError::InitialMmsOutOfRange { player, initial_mms } => write!(
                f,
                "player {player}: an initial McMahon score of {initial_mms} half-points is out of range \
                 (±{MAX_INITIAL_MMS})"
            ),
            StandingsError::UnknownPlayer { player, round } => write!(
                f,
                "round {round} names player {player}, who is not in the player list (list withdrawn players too)"
            ),
            StandingsError::DoubleBooked { player, round } => {
                write!(f, "player {player} is paired more than once in round {round}")
            }
        }
    }
}

impl std::error::Error for StandingsError {}

/// One line of the standings table. Units as in the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based; tied players share a place and the next place skips (1, 2, 2, 4).
    pub place: u32,
    pub player: i64,
    /// Half-points: win 2, draw 1, bye 2.
    pub points: u32,
    /// Initial MMS + points, half-points.
    pub mcmahon: i64,
    /// 对手分, half-points of the score (MMS in a McMahon order, points otherwise).
    pub sos: i64,
    pub sosos: i64,
    /// Quarter-points.
    pub sodos: i64,
    /// 累进分, half-points.
    pub cumulative: i64,
    /// Points scored within the group tied before [`TieBreak::DirectEncounter`]; `None` when
    /// it is not in the order, the player was not tied, or not every pair of the group met.
    pub direct_encounter: Option<u32>,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

impl StandingRow {
    /// The value shown in the column of `tie_break` (units as in the module documentation);
    /// `None` only for a direct encounter that did not apply.
    pub fn value(&self, tie_break: TieBreak) -> Option<i64> {
        match tie_break {
            TieBreak::Points => Some(i64::from(self.points)),
            TieBreak::McMahonScore => Some(self.mcmahon),
            TieBreak::Sos => Some(self.sos),
            TieBreak::Sosos => Some(self.sosos),
            TieBreak::Sodos => Some(self.sodos),
            TieBreak::Cumulative => Some(self.cumulative),
            TieBreak::DirectEncounter => self.direct_encounter.map(i64::from),
            TieBreak::Wins => Some(i64::from(self.wins)),
        }
    }
}

/// Points a bye is worth: a win.
const BYE_POINTS: u32 = 2;

/// The Chinese standings ([`TieBreakRules::chinese`]) of `players`, the simple call.
///
/// Lenient: duplicate ids in `players` are ignored, and opponents missing from `players`
/// (e.g. withdrawn) still count towards the tie-breaks with the points of their games, but
/// get no row. Initial McMahon scores are 0 (the Chinese order does not use them).
pub fn compute_standings(players: &[i64], games: &[GameRecord], byes: &[ByeRecord]) -> Vec<StandingRow> {
    let mut seen = HashSet::new();
    let ranked: Vec<i64> = players.iter().copied().filter(|id| seen.insert(*id)).collect();
    standings(&ranked, &HashMap::new(), games, byes, &[], &TieBreakRules::chinese())
}

/// The standings of every entrant under `rules`.
///
/// Every player in `games`, `byes` and `absences` must be an entrant (list withdrawn players
/// too, and drop their rows afterwards if they should not be shown), once, with an initial MMS
/// within ±[`MAX_INITIAL_MMS`], and have at most one game, bye or absence a round.
pub fn compute_standings_with(
    entrants: &[Entrant],
    games: &[GameRecord],
    byes: &[ByeRecord],
    absences: &[AbsentRecord],
    rules: &TieBreakRules,
) -> Result<Vec<StandingRow>, StandingsError> {
    let mut initial_mms = HashMap::new();
    for e in entrants {
        let initial = i64::from(e.initial_score);
        if initial_mms.insert(e.id, initial).is_some() {
            return Err(StandingsError::DuplicatePlayer(e.id));
        }
        if initial.abs() > MAX_INITIAL_MMS {
            return Err(StandingsError::InitialMmsOutOfRange { player: e.id, initial_mms: initial });
        }
    }
    let mut booked = HashSet::new();
    let appearances = games
        .iter()
        .flat_map(|g| [(g.round, g.black), (g.round, g.white)])
        .chain(byes.iter().map(|b| (b.round, b.player)))
        .chain(absences.iter().map(|a| (a.round, a.player)));
    for (round, player) in appearances {
        if !initial_mms.contains_key(&player) {
            return Err(StandingsError::UnknownPlayer { player, round });
        }
        if !booked.insert((round, player)) {
            return Err(StandingsError::DoubleBooked { player, round });
        }
    }
    let ranked: Vec<i64> = entrants.iter().map(|e| e.id).collect();
    Ok(standings(&ranked, &initial_mms, games, byes, absences, rules))
}

/// What one player did, round by round (indices into the event's sorted rounds).
#[derive(Default)]
struct Record {
    points_by_round: Vec<u32>,
    played_by_round: Vec<bool>,
    /// (opponent, own points in that game) for every game.
    games: Vec<(i64, u32)>,
    wins: u32,
    draws: u32,
    losses: u32,
    byes: u32,
}

/// Rows for `ranked`; everyone in `games` and `byes` counts as an opponent. A player missing
/// from `initial_mms` starts from 0.
fn standings(
    ranked: &[i64],
    initial_mms: &HashMap<i64, i64>,
    games: &[GameRecord],
    byes: &[ByeRecord],
    absences: &[AbsentRecord],
    rules: &TieBreakRules,
) -> Vec<StandingRow> {
    let mut rounds: Vec<u32> = games
        .iter()
        .map(|g| g.round)
        .chain(byes.iter().map(|b| b.round))
        .chain(absences.iter().map(|a| a.round))
        .collect();
    rounds.sort_unstable();
    rounds.dedup();
    let round_count = rounds.len();
    let round_index = |round: u32| rounds.binary_search(&round).unwrap_or_default();

    let mut records: HashMap<i64, Record> = HashMap::new();
    let empty = || Record {
        points_by_round: vec![0; round_count],
        played_by_round: vec![false; round_count],
        ..Record::default()
    };
    for &id in ranked {
        records.entry(id).or_insert_with(empty);
    }
    for g in games {
        let (pb, pw) = g.result.map_or((0, 0), |r| r.points());
        for (id, opponent, own) in [(g.black, g.white, pb), (g.white, g.black, pw)] {
            let r = records.entry(id).or_insert_with(empty);
            let i = round_index(g.round);
            r.points_by_round[i] += own;
            r.played_by_round[i] = true;
            r.games.push((opponent, own));
            match g.result {
                Some(GameResult::Win { .. }) if own > 0 => r.wins += 1,
                Some(GameResult::Win { .. }) => r.losses += 1,
                Some(GameResult::Draw) => r.draws += 1,
                Some(GameResult::NoResult | GameResult::BothLose) | None => {}
            }
        }
    }
    for b in byes {
        let r = records.entry(b.player).or_insert_with(empty);
        r.points_by_round[round_index(b.round)] += BYE_POINTS;
        r.byes += 1;
    }
    for a in absences {
        let r = records.entry(a.player).or_insert_with(empty);
        r.points_by_round[round_index(a.round)] += rules.absent_points;
    }

    let mcmahon = rules.uses_mcmahon();
    let initial = |id: i64| initial_mms.get(&id).copied().unwrap_or(0);
    let start = |id: i64| if mcmahon { initial(id) } else { 0 };
    let points = |r: &Record| r.points_by_round.iter().sum::<u32>();
    let score: HashMap<i64, i64> = records.iter().map(|(&id, r)| (id, start(id) + i64::from(points(r)))).collect();
    // European McMahon only: the virtual opponent of an unplayed round scores one's initial MMS.
    let virtual_score = |id: i64| if mcmahon && rules.tradition == Tradition::European { initial(id) } else { 0 };
    let unplayed = |r: &Record| r.played_by_round.iter().filter(|played| !**played).count() as i64;
    let score_of = |id: &i64| score.get(id).copied().unwrap_or(0);
    let sos: HashMap<i64, i64> = records
        .iter()
        .map(|(&id, r)| {
            let met: i64 = r.games.iter().map(|(opponent, _)| score_of(opponent)).sum();
            (id, met + unplayed(r) * virtual_score(id))
        })
        .collect();
    let sos_of = |id: &i64| sos.get(id).copied().unwrap_or(0);

    let rows = ranked
        .iter()
        .filter_map(|id| records.get(id).map(|r| (*id, r)))
        .map(|(id, r)| {
            let mut running = start(id);
            let cumulative = r
                .points_by_round
                .iter()
                .map(|p| {
                    running += i64::from(*p);
                    running
                })
                .sum();
            let sosos_met: i64 = r.games.iter().map(|(opponent, _)| sos_of(opponent)).sum();
            StandingRow {
                place: 0,
                player: id,
                points: points(r),
                mcmahon: initial(id) + i64::from(points(r)),
                sos: sos_of(&id),
                sosos: sosos_met + unplayed(r) * virtual_score(id) * round_count as i64,
                sodos: r.games.iter().map(|(opponent, own)| score_of(opponent) * i64::from(*own)).sum(),
                cumulative,
                direct_encounter: None,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                byes: r.byes,
            }
        })
        .collect();
    order_rows(rows, games, rules.order())
}

/// Sorts by `order`, refining the groups still tied criterion by criterion, fills in the
/// direct-encounter values and the places.
fn order_rows(mut rows: Vec<StandingRow>, games: &[GameRecord], order: &[TieBreak]) -> Vec<StandingRow> {
    // (lower id, higher id) -> (points of the lower, points of the higher) over their games.
    let mut meetings: HashMap<(i64, i64), (u32, u32)> = HashMap::new();
    for g in games {
        let (pb, pw) = g.result.map_or((0, 0), |r| r.points());
        let (key, (p_low, p_high)) =
            if g.black < g.white { ((g.black, g.white), (pb, pw)) } else { ((g.white, g.black), (pw, pb)) };
        let m = meetings.entry(key).or_default();
        m.0 += p_low;
        m.1 += p_high;
    }

    rows.sort_by_key(|r| r.player);
    let mut tied: Vec<Range<usize>> = std::iter::once(0..rows.len()).collect();
    for &tie_break in order {
        let mut refined = Vec::with_capacity(tied.len());
        for group in tied {
            if group.len() < 2 {
                refined.push(group);
                continue;
            }
            let members = &mut rows[group.clone()];
            if tie_break == TieBreak::DirectEncounter {
                let values = direct_encounter(members, &meetings);
                for (row, value) in members.iter_mut().zip(values) {
                    row.direct_encounter = value;
                }
            }
            members.sort_by_key(|row| Reverse(row.value(tie_break))); // stable: ids stay ascending
            let mut start = group.start;
            for i in group.start + 1..=group.end {
                if i == group.end || rows[i].value(tie_break) != rows[start].value(tie_break) {
                    refined.push(start..i);
                    start = i;
                }
            }
        }
        tied = refined;
    }
    for group in tied {
        for row in &mut rows[group.clone()] {
            row.place = group.start as u32 + 1;
        }
    }
    rows
}

/// Each member's points in games within `group`, if every pair of the group met.
fn direct_encounter(group: &[StandingRow], meetings: &HashMap<(i64, i64), (u32, u32)>) -> Vec<Option<u32>> {
    let mut within = vec![0; group.len()];
    for (i, a) in group.iter().enumerate() {
        for (j, b) in group.iter().enumerate().skip(i + 1) {
            let (low, high) = if a.player < b.player { (i, j) } else { (j, i) };
            let key = (group[low].player, group[high].player);
            let Some(&(p_low, p_high)) = meetings.get(&key) else {
                return vec![None; group.len()];
            };
            within[low] += p_low;
            within[high] += p_high;
        }
    }
    within.into_iter().map(Some).collect()
}

/// Half-points as points: 3 → "1½".
pub fn points_text(value: i64) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let (whole, half) = (value.abs() / 2, value.abs() % 2 == 1);
    match (whole, half) {
        (0, true) => format!("{sign}½"),
        (_, true) => format!("{sign}{whole}½"),
        _ => format!("{sign}{whole}"),
    }
}

/// A tie-break value as the tradition writes it (the same in every language, and in the
/// EGF results file): Chinese tables count 积分 (win 2) as they
/// are; European tables count a win as 1 (SODOS is kept in quarter-points).
pub fn value_text(value: Option<i64>, tie_break: TieBreak, tradition: Tradition) -> String {
    let Some(value) = value else { return String::new() };
    match (tie_break, tradition) {
        (TieBreak::Wins | TieBreak::DirectEncounter, _) => value.to_string(),
        (TieBreak::Sodos, Tradition::Chinese) => points_text(value),
        (TieBreak::Sodos, Tradition::European) => {
            let quarter = ["", "¼", "½", "¾"][(value.rem_euclid(4)) as usize];
            let whole = value.div_euclid(4);
            if whole == 0 && !quarter.is_empty() { quarter.to_string() } else { format!("{whole}{quarter}") }
        }
        (_, Tradition::Chinese) => value.to_string(),
        (_, Tradition::European) => points_text(value),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::color::Color;
    use crate::result::Margin;

    fn game(round: u32, black: i64, white: i64, result: &str) -> GameRecord {
        let Ok(result) = GameResult::parse(result) else { panic!("test result {result:?} should parse") };
        GameRecord { round, black, white, result: Some(result) }
    }

    fn bye(round: u32, player: i64) -> ByeRecord {
        ByeRecord { round, player }
    }

    fn entrants(initial: &[(i64, i32)]) -> Vec<Entrant> {
        initial.iter().map(|&(id, initial_score)| Entrant { id, initial_score }).collect()
    }

    fn rules(tradition: Tradition, order: &[TieBreak]) -> TieBreakRules {
        TieBreakRules::new(tradition, order.to_vec()).expect("a valid test order")
    }

    /// (player, place, points, sos, wins, draws, losses, byes)
    type Expected = (i64, u32, u32, i64, u32, u32, u32, u32);

    fn check(rows: &[StandingRow], expected: &[Expected]) {
        let got: Vec<Expected> =
            rows.iter().map(|r| (r.player, r.place, r.points, r.sos, r.wins, r.draws, r.losses, r.byes)).collect();
        assert_eq!(got, expected);
    }

    /// (player, place, mcmahon, sos, sosos, sodos, cumulative, direct_encounter)
    type Columns = (i64, u32, i64, i64, i64, i64, i64, Option<u32>);

    fn check_columns(rows: &[StandingRow], expected: &[Columns]) {
        let got: Vec<Columns> = rows
            .iter()
            .map(|r| (r.player, r.place, r.mcmahon, r.sos, r.sosos, r.sodos, r.cumulative, r.direct_encounter))
            .collect();
        assert_eq!(got, expected);
    }

    fn places(rows: &[StandingRow]) -> Vec<(i64, u32)> {
        rows.iter().map(|r| (r.player, r.place)).collect()
    }

    #[test]
    fn six_players_three_rounds() {
        // Round 1: 1 beats 2, 3 draws 4, 6 wins by forfeit against 5.
        // Round 2: 5 absent, 2 has the bye; 1 beats 3, 6 beats 4 by ¾ stone.
        // Round 3: 1 beats 6 on time, 2 beats 3, 4–5 void.
        let games = [
            game(1, 1, 2, "B+R"),
            game(1, 3, 4, "和棋"),
            game(1, 5, 6, "W+F"),
            game(2, 3, 1, "W+R"),
            game(2, 6, 4, "黑胜¾子"),
            game(3, 6, 1, "W+T"),
            game(3, 2, 3, "B+2.5"),
            game(3, 4, 5, "Void"),
        ];
        let byes = [bye(2, 2)];
        let rows = compute_standings(&[1, 2, 3, 4, 5, 6], &games, &byes);
        // Points: 1: 2+2+2 = 6; 2: 0+2(bye)+2 = 4; 3: 1+0+0 = 1; 4: 1+0+0 = 1;
        // 5: 0+0 = 0; 6: 2+2+0 = 4.
        // SOS: 1: 2(4)+3(1)+6(4) = 9; 2: 1(6)+3(1) = 7; 3: 4(1)+1(6)+2(4) = 11;
        // 4: 3(1)+6(4)+5(0) = 5; 5: 6(4)+4(1) = 5; 6: 5(0)+4(1)+1(6) = 7.
        // 2 and 6 tie on points and SOS; 累进分: 6: 2+4+4 = 10 beats 2: 0+2+4 = 6.
        check(
            &rows,
            &[
                (1, 1, 6, 9, 3, 0, 0, 0),
                (6, 2, 4, 7, 2, 0, 1, 0),
                (2, 3, 4, 7, 1, 0, 1, 1),
                (3, 4, 1, 11, 0, 1, 2, 0),
                (4, 5, 1, 5, 0, 1, 1, 0),
                (5, 6, 0, 5, 0, 0, 1, 0),
            ],
        );
        // 累进分: 1: 2+4+6 = 12; 3: 1+1+1 = 3; 4: 1+1+1 = 3; 5: 0.
        let cumulative: Vec<(i64, i64)> = rows.iter().map(|r| (r.player, r.cumulative)).collect();
        assert_eq!(cumulative, [(1, 12), (6, 10), (2, 6), (3, 3), (4, 3), (5, 0)]);
    }

    #[test]
    fn unplayed_games_count_as_met_but_score_nothing() {
        let games =
            [game(1, 1, 2, "B+R"), GameRecord { round: 2, black: 3, white: 1, result: None }, game(1, 3, 4, "黑胜")];
        let rows = compute_standings(&[1, 2, 3, 4], &games, &[]);
        // 1: 2 points, SOS 0 (2) + 2 (3); 3: 2 points, SOS 2 (1) + 0 (4).
        // 累进分 2+2 = 4 each; their pending game is a meeting where nobody scored yet,
        // so direct encounter gives 0 each and they stay tied. 2 and 4 never met.
        check(
            &rows,
            &[(1, 1, 2, 2, 1, 0, 0, 0), (3, 1, 2, 2, 1, 0, 0, 0), (2, 3, 0, 2, 0, 0, 1, 0), (4, 3, 0, 2, 0, 0, 1, 0)],
        );
        let de: Vec<Option<u32>> = rows.iter().map(|r| r.direct_encounter).collect();
        assert_eq!(de, [Some(0), Some(0), None, None]);
    }

    #[test]
    fn both_lose_and_absent_opponents() {
        let games = [
            GameRecord { round: 1, black: 1, white: 2, result: Some(GameResult::BothLose) },
            GameRecord {
                round: 2,
                black: 1,
                white: 9,
                result: Some(GameResult::Win { winner: Color::White, margin: Margin::Points(1) }),
            },
        ];
        // 9 withdrew and is not listed, but their 2 points still count for 1's SOS.
        let rows = compute_standings(&[1, 2, 2], &games, &[]);
        check(&rows, &[(1, 1, 0, 2, 0, 0, 1, 0), (2, 2, 0, 0, 0, 0, 0, 0)]);
    }

    #[test]
    fn empty_tournament() {
        let rows = compute_standings(&[3, 1], &[], &[]);
        check(&rows, &[(1, 1, 0, 0, 0, 0, 0, 0), (3, 1, 0, 0, 0, 0, 0, 0)]);
    }

    /// A whole 6-player, 3-round Swiss event in the Chinese order: 对手分 separates 4 and 6,
    /// 累进分 separates 2 and 3, who are equal on points and 对手分.
    #[test]
    fn chinese_full_event_sos_and_cumulative_decide() {
        let games = [
            game(1, 1, 2, "B+R"),
            game(1, 4, 3, "W+3.5"),
            game(1, 5, 6, "W+R"),
            game(2, 3, 1, "W+R"),
            game(2, 2, 5, "黑胜"),
            game(2, 6, 4, "W+T"),
            game(3, 1, 4, "B+1.5"),
            game(3, 6, 2, "W+R"),
            game(3, 3, 5, "B+R"),
        ];
        let rows = compute_standings(&[1, 2, 3, 4, 5, 6], &games, &[]);
        // Points: 1: 2+2+2 = 6; 2: 0+2+2 = 4; 3: 2+0+2 = 4; 4: 0+2+0 = 2; 5: 0; 6: 2+0+0 = 2.
        // SOS: 1: 2(4)+3(4)+4(2) = 10; 2: 1(6)+5(0)+6(2) = 8; 3: 4(2)+1(6)+5(0) = 8;
        //      4: 3(4)+6(2)+1(6) = 12; 5: 6(2)+2(4)+3(4) = 10; 6: 5(0)+4(2)+2(4) = 6.
        // SOSOS: 1: 8+8+12 = 28; 2: 10+10+6 = 26; 3: 12+10+10 = 32; 4: 8+6+10 = 24;
        //        5: 6+8+8 = 22; 6: 10+12+8 = 30.
        // SODOS (quarters, ×2 per win): 1: (4+4+2)×2 = 20; 2: (0+2)×2 = 4; 3: (2+0)×2 = 4;
        //        4: 2×2 = 4; 5: 0; 6: 0×2 = 0.
        // 累进分: 1: 2+4+6 = 12; 2: 0+2+4 = 6; 3: 2+2+4 = 8; 4: 0+2+2 = 4; 5: 0; 6: 2+2+2 = 6.
        // Order: 1 (6); 3 and 2 (4, SOS 8): 累进分 8 > 6; 4 and 6 (2): SOS 12 > 6; 5.
        check_columns(
            &rows,
            &[
                (1, 1, 6, 10, 28, 20, 12, None),
                (3, 2, 4, 8, 32, 4, 8, None),
                (2, 3, 4, 8, 26, 4, 6, None),
                (4, 4, 2, 12, 24, 4, 4, None),
                (6, 5, 2, 6, 30, 0, 6, None),
                (5, 6, 0, 10, 22, 0, 0, None),
            ],
        );
    }

    #[test]
    fn direct_encounter_separates_two_players_equal_on_everything_else() {
        let games = [
            game(1, 1, 3, "和棋"),
            game(1, 2, 4, "B+R"),
            game(1, 5, 6, "B+R"),
            game(2, 1, 2, "B+R"),
            game(2, 3, 5, "和棋"),
            game(2, 6, 4, "B+R"),
            game(3, 4, 1, "B+R"),
            game(3, 2, 5, "和棋"),
            game(3, 3, 6, "B+R"),
        ];
        let players = [1, 2, 3, 4, 5, 6];
        let rows = compute_standings(&players, &games, &[]);
        // Points: 1: 1+2+0 = 3; 2: 2+0+1 = 3; 3: 1+1+2 = 4; 4: 0+0+2 = 2; 5: 2+1+1 = 4;
        //         6: 0+2+0 = 2.
        // SOS: 1: 3(4)+2(3)+4(2) = 9; 2: 4(2)+1(3)+5(4) = 9; 3: 1(3)+5(4)+6(2) = 9;
        //      4: 2(3)+6(2)+1(3) = 8; 5: 6(2)+3(4)+2(3) = 9; 6: 5(4)+4(2)+3(4) = 10.
        // 累进分: 1: 1+3+3 = 7; 2: 2+2+3 = 7; 3: 1+2+4 = 7; 4: 0+0+2 = 2; 5: 2+3+4 = 9;
        //         6: 0+2+2 = 4.
        // 5 and 3 (4, SOS 9): 累进分 9 > 7. 1 and 2 (3, SOS 9, 累进分 7): 1 beat 2 in round 2,
        // so 直胜 is 2 against 0. 6 and 4 (2): SOS 10 > 8.
        let got: Vec<(i64, u32, u32, i64, i64, Option<u32>)> =
            rows.iter().map(|r| (r.player, r.place, r.points, r.sos, r.cumulative, r.direct_encounter)).collect();
        assert_eq!(
            got,
            [
                (5, 1, 4, 9, 9, None),
                (3, 2, 4, 9, 7, None),
                (1, 3, 3, 9, 7, Some(2)),
                (2, 4, 3, 9, 7, Some(0)),
                (6, 5, 2, 10, 4, None),
                (4, 6, 2, 8, 2, None),
            ]
        );
        // Without 直胜, 1 and 2 share place 3 and the next place is 5.
        let order = [TieBreak::Points, TieBreak::Sos, TieBreak::Cumulative];
        let rows = compute_standings_with(
            &entrants(&players.map(|p| (p, 0))),
            &games,
            &[],
            &[],
            &rules(Tradition::Chinese, &order),
        )
        .expect("valid input");
        assert_eq!(places(&rows), [(5, 1), (3, 2), (1, 3), (2, 3), (6, 5), (4, 6)]);
    }

    #[test]
    fn direct_encounter_ranks_a_larger_group_only_if_all_met() {
        let order = [TieBreak::Points, TieBreak::DirectEncounter];
        // A 5-player round robin (byes left out): 1 beats 2 and 3, 2 beats 3 and 4, 3 beats 4
        // and 5, 4 beats 1, 5 beats 1, 2 and 4.
        let games = [
            game(1, 1, 2, "B+R"),
            game(1, 3, 4, "B+R"),
            game(2, 1, 3, "B+R"),
            game(2, 5, 2, "B+R"),
            game(3, 4, 1, "B+R"),
            game(3, 3, 5, "B+R"),
            game(4, 5, 1, "B+R"),
            game(4, 2, 4, "B+R"),
            game(5, 2, 3, "B+R"),
            game(5, 5, 4, "B+R"),
        ];
        let field = entrants(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]);
        let rows = compute_standings_with(&field, &games, &[], &[], &rules(Tradition::Chinese, &order)).expect("valid");
        // Points: 1: 2+2 = 4; 2: 2+2 = 4; 3: 2+2 = 4; 4: 2; 5: 2+2+2 = 6.
        // 1, 2, 3 all met; within the group 1 scored 2+2 = 4, 2 scored 2, 3 scored 0.
        let de: Vec<(i64, u32, Option<u32>)> = rows.iter().map(|r| (r.player, r.place, r.direct_encounter)).collect();
        assert_eq!(de, [(5, 1, None), (1, 2, Some(4)), (2, 3, Some(2)), (3, 4, Some(0)), (4, 5, None)]);

        // Four players on 2 points each where 1–3 and 2–4 never met: all stay tied.
        let games = [game(1, 1, 2, "B+R"), game(1, 3, 4, "B+R"), game(2, 2, 3, "B+R"), game(2, 4, 1, "B+R")];
        let field = entrants(&[(1, 0), (2, 0), (3, 0), (4, 0)]);
        let rows = compute_standings_with(&field, &games, &[], &[], &rules(Tradition::Chinese, &order)).expect("valid");
        let de: Vec<(i64, u32, Option<u32>)> = rows.iter().map(|r| (r.player, r.place, r.direct_encounter)).collect();
        assert_eq!(de, [(1, 1, None), (2, 1, None), (3, 1, None), (4, 1, None)]);
    }

    #[test]
    fn direct_encounter_cycle_stays_tied() {
        // Three players, one bye a round: 1 beats 2, 2 beats 3, 3 beats 1.
        let games = [game(1, 1, 2, "B+R"), game(2, 2, 3, "B+R"), game(3, 3, 1, "B+R")];
        let byes = [bye(1, 3), bye(2, 1), bye(3, 2)];
        let field = entrants(&[(1, 0), (2, 0), (3, 0)]);
        let order = [TieBreak::Points, TieBreak::Sos, TieBreak::DirectEncounter];
        let rows =
            compute_standings_with(&field, &games, &byes, &[], &rules(Tradition::Chinese, &order)).expect("valid");
        // Points 2 + 2 (bye) = 4 each; SOS 4 + 4 = 8 each (the bye adds 0); within the group
        // each scored 2: all share place 1.
        let de: Vec<(i64, u32, u32, i64, Option<u32>)> =
            rows.iter().map(|r| (r.player, r.place, r.points, r.sos, r.direct_encounter)).collect();
        assert_eq!(de, [(1, 1, 4, 8, Some(2)), (2, 1, 4, 8, Some(2)), (3, 1, 4, 8, Some(2))]);
        // In the Chinese order 累进分 decides first: 1: 2+4+4 = 10; 3: 2+2+4 = 8; 2: 0+2+4 = 6.
        let rows = compute_standings(&[1, 2, 3], &games, &byes);
        assert_eq!(places(&rows), [(1, 1), (3, 2), (2, 3)]);
    }

    #[test]
    fn mcmahon_scores_start_from_the_initial_mms() {
        // Initial MMS (half-points): 1 and 2 on 8 (4 wins' worth), 3 on 6, 4 on 4.
        // Round 1: 1 beats 2, 3 beats 4. Round 2: 2 beats 3, 4 beats 1. Everyone has 2 points.
        let field = entrants(&[(1, 8), (2, 8), (3, 6), (4, 4)]);
        let games = [game(1, 1, 2, "B+R"), game(1, 3, 4, "B+R"), game(2, 2, 3, "B+R"), game(2, 4, 1, "B+R")];
        let rows = compute_standings_with(&field, &games, &[], &[], &TieBreakRules::european()).expect("valid");
        // MMS: 1: 8+2+0 = 10; 2: 8+0+2 = 10; 3: 6+2+0 = 8; 4: 4+0+2 = 6.
        // SOS (MMS): 1: 2(10)+4(6) = 16; 2: 1(10)+3(8) = 18; 3: 4(6)+2(10) = 16;
        //            4: 3(8)+1(10) = 18.
        // SOSOS: 1: 18+18 = 36; 2: 16+16 = 32; 3: 18+18 = 36; 4: 16+16 = 32.
        // SODOS (quarters): 1 beat 2: 10×2 = 20; 2 beat 3: 8×2 = 16; 3 beat 4: 6×2 = 12;
        //                   4 beat 1: 10×2 = 20.
        // CUSS (running MMS): 1: 10+10 = 20; 2: 8+10 = 18; 3: 8+8 = 16; 4: 4+6 = 10.
        // 2 and 1 tie on MMS 10; SOS 18 > 16.
        check_columns(
            &rows,
            &[
                (2, 1, 10, 18, 32, 16, 18, None),
                (1, 2, 10, 16, 36, 20, 20, None),
                (3, 3, 8, 16, 36, 12, 16, None),
                (4, 4, 6, 18, 32, 20, 10, None),
            ],
        );
        // On points alone (Chinese order) all four have 2 and SOS 4; 累进分: 1: 2+2 = 4,
        // 3: 2+2 = 4, 2: 0+2 = 2, 4: 0+2 = 2; 1–3 and 2–4 never met.
        let rows = compute_standings(&[1, 2, 3, 4], &games, &[]);
        assert_eq!(places(&rows), [(1, 1), (3, 1), (2, 3), (4, 3)]);
    }

    /// The event's rule for a round sat out: half a win counts in points, in the opponents'
    /// 对手分 and in the running score, and the round stays unplayed (no game, no bye).
    #[test]
    fn a_round_sat_out_scores_the_events_rule() {
        let field = entrants(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]);
        // Round 1: 1 beats 2, 4 beats 3, 5 has the bye. Round 2: 1 beats 4, 2 draws 3, 5 sits
        // out. Round 3: 5 beats 1, 2 beats 4, 3 has the bye.
        let games = [
            game(1, 1, 2, "B+R"),
            game(1, 3, 4, "W+R"),
            game(2, 1, 4, "B+R"),
            game(2, 2, 3, "和棋"),
            game(3, 5, 1, "B+R"),
            game(3, 2, 4, "B+R"),
        ];
        let byes = [bye(1, 5), bye(3, 3)];
        let absent = [AbsentRecord { round: 2, player: 5 }];
        let order = [TieBreak::Points, TieBreak::Sos, TieBreak::Cumulative];
        let zero = rules(Tradition::Chinese, &order);
        let half = zero.clone().with_absent_points(1);
        let row = |rows: &[StandingRow], id: i64| {
            rows.iter().find(|r| r.player == id).map(|r| (r.points, r.sos, r.cumulative, r.byes))
        };
        let by_rule = compute_standings_with(&field, &games, &byes, &absent, &zero).expect("valid");
        // 5: bye 2, absent 0, win 2 = 4; running 2, 2, 4 = 8. 1 met 2 (3), 4 (2), 5 (4): SOS 9.
        assert_eq!(row(&by_rule, 5), Some((4, 4, 8, 1)), "5 met only 1, who has 4");
        assert_eq!(row(&by_rule, 1).map(|r| r.1), Some(9));
        let by_half = compute_standings_with(&field, &games, &byes, &absent, &half).expect("valid");
        // 5: 2 + 1 + 2 = 5; running 2, 3, 5 = 10; 1's SOS 3 + 2 + 5 = 10. Still one bye.
        assert_eq!(row(&by_half, 5).map(|r| (r.0, r.2, r.3)), Some((5, 10, 1)));
        assert_eq!(row(&by_half, 1).map(|r| r.1), Some(10));
        // Sitting out a round one also played is refused.
        let clash = [AbsentRecord { round: 3, player: 5 }];
        assert_eq!(
            compute_standings_with(&field, &games, &byes, &clash, &half),
            Err(StandingsError::DoubleBooked { player: 5, round: 3 })
        );
    }

    #[test]
    fn european_virtual_opponent_for_byes_and_absences() {
        // Initial MMS: 1 and 2 on 6, 3, 4 and 5 on 4.
        // Round 1: 1 beats 2, 4 beats 3, 5 has the bye.
        // Round 2: 1 beats 4, 2 draws 3, 5 is absent (neither paired nor bye).
        // Round 3: 5 beats 1, 2 beats 4, 3 has the bye.
        let field = entrants(&[(1, 6), (2, 6), (3, 4), (4, 4), (5, 4)]);
        let games = [
            game(1, 1, 2, "B+R"),
            game(1, 3, 4, "W+R"),
            game(2, 1, 4, "B+R"),
            game(2, 2, 3, "和棋"),
            game(3, 5, 1, "B+R"),
            game(3, 2, 4, "B+R"),
        ];
        let byes = [bye(1, 5), bye(3, 3)];
        let rows = compute_standings_with(&field, &games, &byes, &[], &TieBreakRules::european()).expect("valid");
        // MMS: 1: 6+2+2+0 = 10; 2: 6+0+1+2 = 9; 3: 4+0+1+2(bye) = 7; 4: 4+2+0+0 = 6;
        //      5: 4+2(bye)+0(absent)+2 = 8.
        // SOS, a virtual opponent on one's own initial MMS for each unplayed round:
        //   1: 2(9)+4(6)+5(8) = 23; 2: 1(10)+3(7)+4(6) = 23; 3: 4(6)+2(9)+virtual 4 = 19;
        //   4: 3(7)+1(10)+2(9) = 26; 5: virtual 4 + virtual 4 + 1(10) = 18.
        // SOSOS, the virtual opponent's SOS being initial MMS × 3 rounds:
        //   1: 23+26+18 = 67; 2: 23+19+26 = 68; 3: 26+23+4×3 = 61; 4: 19+23+23 = 65;
        //   5: 4×3+4×3+23 = 47.
        // SODOS (quarters), unplayed rounds add 0: 1: (9+6)×2 = 30; 2: 7×1 (draw) + 6×2 = 19;
        //   3: 9×1 = 9; 4: 7×2 = 14; 5: 10×2 = 20.
        // CUSS: 1: 8+10+10 = 28; 2: 6+7+9 = 22; 3: 4+5+7 = 16; 4: 6+6+6 = 18; 5: 6+6+8 = 20.
        check_columns(
            &rows,
            &[
                (1, 1, 10, 23, 67, 30, 28, None),
                (2, 2, 9, 23, 68, 19, 22, None),
                (5, 3, 8, 18, 47, 20, 20, None),
                (3, 4, 7, 19, 61, 9, 16, None),
                (4, 5, 6, 26, 65, 14, 18, None),
            ],
        );
        // Points: 1: 4; 2: 0+1+2 = 3; 5: 2(bye)+2 = 4; 3: 1+2(bye) = 3; 4: 2.
        check(
            &rows,
            &[
                (1, 1, 4, 23, 2, 0, 1, 0),
                (2, 2, 3, 23, 1, 1, 1, 0),
                (5, 3, 4, 18, 1, 0, 0, 1),
                (3, 4, 3, 19, 0, 1, 1, 1),
                (4, 5, 2, 26, 1, 0, 2, 0),
            ],
        );

        // Chinese tradition, same order: unplayed rounds add 0.
        // SOS: 3: 6+9 = 15; 5: 10; 1, 2, 4 unchanged (23, 23, 26).
        // SOSOS: 1: 23+26+10 = 59; 2: 23+15+26 = 64; 3: 26+23 = 49; 4: 15+23+23 = 61; 5: 23.
        let chinese = rules(Tradition::Chinese, &TieBreak::EUROPEAN);
        let rows = compute_standings_with(&field, &games, &byes, &[], &chinese).expect("valid");
        let sos: Vec<(i64, i64, i64)> = rows.iter().map(|r| (r.player, r.sos, r.sosos)).collect();
        assert_eq!(sos, [(1, 23, 59), (2, 23, 64), (5, 10, 23), (3, 15, 49), (4, 26, 61)]);

        // European tradition on points (no McMahon score in the order): like OpenGotha's SOSW,
        // unplayed rounds add 0. SOS: 5: 1's 4 points; 3: 4(2)+2(3) = 5.
        let on_points = rules(Tradition::European, &[TieBreak::Points, TieBreak::Sos]);
        let rows = compute_standings_with(&field, &games, &byes, &[], &on_points).expect("valid");
        let sos_of = |id: i64| rows.iter().find(|r| r.player == id).map(|r| r.sos);
        assert_eq!((sos_of(5), sos_of(3)), (Some(4), Some(5)));
    }

    #[test]
    fn bad_input_is_rejected_with_a_reason() {
        assert_eq!(TieBreakRules::new(Tradition::Chinese, vec![]), Err(StandingsError::EmptyOrder));
        let repeated = TieBreakRules::new(Tradition::Chinese, vec![TieBreak::Sos, TieBreak::Points, TieBreak::Sos]);
        assert_eq!(repeated, Err(StandingsError::RepeatedTieBreak(TieBreak::Sos)));

        let chinese = TieBreakRules::chinese();
        let two = entrants(&[(1, 0), (2, 0)]);
        let run = |field: &[Entrant], games: &[GameRecord], byes: &[ByeRecord]| {
            compute_standings_with(field, games, byes, &[], &chinese)
        };
        assert_eq!(run(&entrants(&[(1, 0), (1, 0)]), &[], &[]), Err(StandingsError::DuplicatePlayer(1)));
        assert_eq!(
            run(&entrants(&[(1, 10_001)]), &[], &[]),
            Err(StandingsError::InitialMmsOutOfRange { player: 1, initial_mms: 10_001 })
        );
        assert_eq!(run(&two, &[game(1, 1, 9, "B+R")], &[]), Err(StandingsError::UnknownPlayer { player: 9, round: 1 }));
        assert_eq!(
            run(&two, &[game(2, 1, 2, "B+R")], &[bye(2, 2)]),
            Err(StandingsError::DoubleBooked { player: 2, round: 2 })
        );
        assert_eq!(run(&two, &[game(1, 1, 1, "B+R")], &[]), Err(StandingsError::DoubleBooked { player: 1, round: 1 }));
        let message = StandingsError::UnknownPlayer { player: 9, round: 1 }.to_string();
        assert_eq!(message, "round 1 names player 9, who is not in the player list (list withdrawn players too)");
    }

    const ALL: [TieBreak; 8] = TieBreak::ALL;

    /// Random events of 2–7 players and 1–4 rounds. Each round the players come in a random
    /// order; per player a code: 0 absent, 1 bye, otherwise paired with the next player with
    /// result 2 B+, 3 W+, 4 draw, 5 not played yet, 6 void, 7 both lose.
    fn event() -> impl Strategy<Value = (Vec<Entrant>, Vec<GameRecord>, Vec<ByeRecord>)> {
        (2usize..=7, 1usize..=4)
            .prop_flat_map(|(n, rounds)| {
                let ids: Vec<i64> = (1..=n as i64).collect();
                (
                    prop::collection::vec(-6i32..=12, n),
                    prop::collection::vec((Just(ids).prop_shuffle(), prop::collection::vec(0u8..8, n)), rounds),
                )
            })
            .prop_map(|(initial, rounds)| {
                let field: Vec<Entrant> =
                    initial.iter().zip(1..).map(|(&initial_score, id)| Entrant { id, initial_score }).collect();
                let (mut games, mut byes) = (Vec::new(), Vec::new());
                for (round, (order, codes)) in (1..).zip(rounds) {
                    let mut i = 0;
                    while i < order.len() {
                        let result = match codes[i] {
                            0 => None,
                            1 => {
                                byes.push(ByeRecord { round, player: order[i] });
                                None
                            }
                            2 => Some(Some(GameResult::Win { winner: Color::Black, margin: Margin::Resignation })),
                            3 => Some(Some(GameResult::Win { winner: Color::White, margin: Margin::Forfeit })),
                            4 => Some(Some(GameResult::Draw)),
                            5 => Some(None),
                            6 => Some(Some(GameResult::NoResult)),
                            _ => Some(Some(GameResult::BothLose)),
                        };
                        if let (Some(result), Some(&white)) = (result, order.get(i + 1)) {
                            games.push(GameRecord { round, black: order[i], white, result });
                            i += 2;
                        } else {
                            i += 1;
                        }
                    }
                }
                (field, games, byes)
            })
    }

    fn order() -> impl Strategy<Value = Vec<TieBreak>> {
        prop::collection::vec(0usize..ALL.len(), 1..=10).prop_map(|picks| {
            let mut order = Vec::new();
            for tb in picks.into_iter().map(|i| ALL[i]) {
                if !order.contains(&tb) {
                    order.push(tb);
                }
            }
            order
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        #[test]
        fn places_follow_the_tie_break_values(
            (field, games, byes) in event(),
            order in order(),
            european in any::<bool>(),
        ) {
            let tradition = if european { Tradition::European } else { Tradition::Chinese };
            let rules = TieBreakRules::new(tradition, order.clone()).expect("no repeats");
            let rows = compute_standings_with(&field, &games, &byes, &[], &rules).expect("a valid random event");
            prop_assert_eq!(rows.len(), field.len());
            prop_assert_eq!(rows.first().map(|r| r.place), Some(1));
            let before_de: Vec<TieBreak> =
                order.iter().copied().take_while(|tb| *tb != TieBreak::DirectEncounter).collect();
            for (i, row) in rows.iter().enumerate() {
                prop_assert!(row.place as usize <= i + 1);
                for other in &rows[i + 1..] {
                    prop_assert!(row.place <= other.place);
                    let same = |tbs: &[TieBreak]| tbs.iter().all(|tb| row.value(*tb) == other.value(*tb));
                    if row.place == other.place {
                        prop_assert!(same(&before_de));
                        prop_assert!(row.player < other.player);
                    }
                    prop_assert_eq!(row.place == other.place, same(&order));
                }
                if i > 0 && rows[i - 1].place != row.place {
                    prop_assert_eq!(row.place as usize, i + 1);
                }
            }
        }
    }

    #[test]
    fn values_are_written_as_each_tradition_counts() {
        assert_eq!(value_text(Some(7), TieBreak::Points, Tradition::Chinese), "7");
        assert_eq!(value_text(Some(7), TieBreak::McMahonScore, Tradition::European), "3½");
        assert_eq!(value_text(Some(1), TieBreak::Sos, Tradition::European), "½");
        assert_eq!(value_text(Some(9), TieBreak::Sodos, Tradition::European), "2¼");
        assert_eq!(value_text(Some(3), TieBreak::Sodos, Tradition::European), "¾");
        assert_eq!(value_text(Some(5), TieBreak::Sodos, Tradition::Chinese), "2½");
        assert_eq!(value_text(Some(-3), TieBreak::McMahonScore, Tradition::European), "-1½");
        assert_eq!(value_text(None, TieBreak::DirectEncounter, Tradition::Chinese), "");
        assert_eq!(value_text(Some(2), TieBreak::Wins, Tradition::European), "2");
    }
}
