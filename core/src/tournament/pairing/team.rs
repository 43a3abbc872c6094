//! Team events (团体赛, 1988 Chinese Competition Rules, Art. 26–28).
//!
//! - Fixed board order (分台定人制): rosters, reserves and the line-up for each match.
//! - A team match: one game per board; game points (局分) decide match points (场分).
//! - Team standings: 场分, then a configurable order of 局分, team 对手分 and key board.
//! - Team all-play-all (全队循环制): every player of one team meets every player of the other.
//! - Team Swiss pairing (积分编排) by exact maximum-weight matching.

use crate::message::Message;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Board;
use super::matching::{Edge, max_weight_matching};
use crate::color::Color;
use crate::result::GameResult;

/// How teams field their players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamFormat {
    /// 分台定人制: each team registers one player per board, board 1 first, plus reserves,
    /// and every match is played on `boards_per_match` boards.
    FixedBoards { boards_per_match: usize },
}

impl TeamFormat {
    pub fn boards_per_match(self) -> usize {
        match self {
            TeamFormat::FixedBoards { boards_per_match } => boards_per_match,
        }
    }
}

/// A registered team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    id: i64,
    roster: Vec<i64>,
    reserves: Vec<i64>,
}

impl Team {
    /// `roster`: exactly one player per board, board 1 first (the registered board order).
    /// `reserves`: substitutes, any number (zero included). Nobody may be listed twice.
    pub fn new(format: TeamFormat, id: i64, roster: Vec<i64>, reserves: Vec<i64>) -> Result<Team, TeamError> {
        let boards = format.boards_per_match();
        if boards == 0 {
            return Err(TeamError::NoBoards);
        }
        if roster.len() != boards {
            return Err(TeamError::RosterSize { team: id, expected: boards, given: roster.len() });
        }
        if let Some(player) = first_duplicate(roster.iter().chain(&reserves)) {
            return Err(TeamError::DuplicatePlayer { team: id, player });
        }
        Ok(Team { id, roster, reserves })
    }

    pub fn id(&self) -> i64 {
        self.id
    }

    /// The registered players, board 1 first.
    pub fn roster(&self) -> &[i64] {
        &self.roster
    }

    pub fn reserves(&self) -> &[i64] {
        &self.reserves
    }

    /// The registered board order, for a team that submits no other line-up.
    pub fn default_lineup(&self) -> LineUp {
        LineUp { team: self.id, players: self.roster.clone() }
    }

    /// Checks a line-up for one match: `players` board 1 first, exactly one per board, each
    /// from the roster or the reserves, nobody twice.
    ///
    /// The order is the captain's: it need not follow the registered order, since events
    /// differ on where a reserve may sit. Locking the line-up before the round is the
    /// caller's job.
    pub fn lineup(&self, players: &[i64]) -> Result<LineUp, TeamError> {
        let boards = self.roster.len();
        if players.len() != boards {
            return Err(TeamError::LineUpSize { team: self.id, expected: boards, given: players.len() });
        }
        if let Some(&player) = players.iter().find(|p| !self.roster.contains(p) && !self.reserves.contains(p)) {
            return Err(TeamError::ForeignPlayer { team: self.id, player });
        }
        if let Some(player) = first_duplicate(players) {
            return Err(TeamError::DuplicatePlayer { team: self.id, player });
        }
        Ok(LineUp { team: self.id, players: players.to_vec() })
    }
}

/// A team's players for one match, board 1 first. Made by [`Team::lineup`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineUp {
    team: i64,
    players: Vec<i64>,
}

impl LineUp {
    pub fn team(&self) -> i64 {
        self.team
    }

    pub fn players(&self) -> &[i64] {
        &self.players
    }
}

/// One team match: board k of team A against board k of team B.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    a: LineUp,
    b: LineUp,
}

/// Two different teams, the same number of boards, nobody on both sides.
fn check_opponents(a: &LineUp, b: &LineUp) -> Result<(), TeamError> {
    if a.team == b.team {
        return Err(TeamError::SameTeam(a.team));
    }
    if a.players.len() != b.players.len() {
        return Err(TeamError::BoardCountMismatch { a: a.players.len(), b: b.players.len() });
    }
    if let Some(&player) = a.players.iter().find(|p| b.players.contains(p)) {
        return Err(TeamError::PlayerInBothTeams(player));
    }
    Ok(())
}

/// Team A's colour on a board (0-based index): Black on odd boards (1, 3, …), White on even.
fn team_a_colour(board_index: usize) -> Color {
    if board_index.is_multiple_of(2) { Color::Black } else { Color::White }
}

impl TeamMatch {
    /// `a` is the first-named team: the higher-placed one in a Swiss round.
    pub fn new(a: LineUp, b: LineUp) -> Result<TeamMatch, TeamError> {
        check_opponents(&a, &b)?;
        Ok(TeamMatch { a, b })
    }

    pub fn team_a(&self) -> &LineUp {
        &self.a
    }

    pub fn team_b(&self) -> &LineUp {
        &self.b
    }

    /// The games, board 1 first. Team A has Black on odd boards and White on even boards
    /// (a fixed rule: Yunzi does not alternate it from round to round).
    pub fn boards(&self) -> Vec<Board> {
        self.a
            .players
            .iter()
            .zip(&self.b.players)
            .enumerate()
            .map(|(k, (&a, &b))| match team_a_colour(k) {
                Color::Black => Board { black: a, white: b, handicap: 0 },
                Color::White => Board { black: b, white: a, handicap: 0 },
            })
            .collect()
    }

    /// The finished match from one result per board, board 1 first (results are by colour,
    /// as on the boards from [`TeamMatch::boards`]).
    pub fn record(&self, round: u32, results: &[GameResult]) -> Result<TeamMatchRecord, TeamError> {
        let boards = self.a.players.len();
        if results.len() != boards {
            return Err(TeamError::ResultCount { expected: boards, given: results.len() });
        }
        let boards = results
            .iter()
            .enumerate()
            .map(|(k, result)| {
                let (black, white) = result.points();
                match team_a_colour(k) {
                    Color::Black => (black, white),
                    Color::White => (white, black),
                }
            })
            .collect();
        Ok(TeamMatchRecord { round, team_a: self.a.team, team_b: self.b.team, boards })
    }
}

/// A finished team match, as the standings need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatchRecord {
    pub round: u32,
    pub team_a: i64,
    pub team_b: i64,
    /// Game points (team A, team B) board by board, board 1 (the key board, 主将) first:
    /// win 2, draw 1, loss 0; no result and both-lose 0 each.
    pub boards: Vec<(u32, u32)>,
}

impl TeamMatchRecord {
    /// 局分 (team A, team B): the sum over the boards.
    pub fn game_points(&self) -> (u32, u32) {
        self.boards.iter().fold((0, 0), |(a, b), &(pa, pb)| (a + pa, b + pb))
    }

    /// 场分 (team A, team B): more game points wins the match (2), equal is 1 each, fewer 0.
    pub fn match_points(&self) -> (u32, u32) {
        let (a, b) = self.game_points();
        match a.cmp(&b) {
            Ordering::Greater => (2, 0),
            Ordering::Equal => (1, 1),
            Ordering::Less => (0, 2),
        }
    }

    /// Game points on board 1 (team A, team B); (0, 0) for a match without boards.
    fn key_board(&self) -> (u32, u32) {
        self.boards.first().copied().unwrap_or_default()
    }
}

/// A team sitting out a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBye {
    pub round: u32,
    pub team: i64,
}

/// Tie-breaks after match points (场分), applied in the order the director lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TeamTieBreak {
    /// 局分: total game points.
    GamePoints,
    /// Team 对手分: the sum of every opponent team's final match points.
    Sos,
    /// 主将: game points won on board 1.
    KeyBoard,
}

/// One line of the team standings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStandingRow {
    /// 1-based; teams equal on match points and every tie-break listed share a place, and
    /// the next place skips (1, 2, 2, 4).
    pub place: u32,
    pub team: i64,
    pub match_points: u32,
    pub game_points: u32,
    pub sos: u32,
    pub key_board: u32,
    /// Matches won, drawn and lost; byes are counted apart.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

/// Match points for a bye: a match win.
const BYE_MATCH_POINTS: u32 = 2;

/// Computes the team standings of `teams`.
///
/// Choices:
/// - 场分 first (win 2, draw 1, loss 0), then `tie_breaks` in the order given, each higher
///   first; within a full tie, rows are by team id asc.
/// - A bye scores 场分 2, 局分 0 and key board 0, and adds nothing to anyone's 对手分.
/// - 对手分 adds the final 场分 of every opponent in `matches`; opponents missing from
///   `teams` (e.g. withdrawn) still count. Rows are made for `teams`, once each.
pub fn compute_team_standings(
    teams: &[i64],
    matches: &[TeamMatchRecord],
    byes: &[TeamBye],
    tie_breaks: &[TeamTieBreak],
) -> Vec<TeamStandingRow> {
    let mut rows: HashMap<i64, TeamStandingRow> = HashMap::new();
    let blank = |team: i64| TeamStandingRow { team, ..TeamStandingRow::default() };
    for m in matches {
        let (mp_a, mp_b) = m.match_points();
        let (gp_a, gp_b) = m.game_points();
        let (key_a, key_b) = m.key_board();
        for (team, mp, gp, key) in [(m.team_a, mp_a, gp_a, key_a), (m.team_b, mp_b, gp_b, key_b)] {
            let row = rows.entry(team).or_insert_with(|| blank(team));
            row.match_points += mp;
            row.game_points += gp;
            row.key_board += key;
            match mp {
                2 => row.wins += 1,
                1 => row.draws += 1,
                _ => row.losses += 1,
            }
        }
    }
    for bye in byes {
        let row = rows.entry(bye.team).or_insert_with(|| blank(bye.team));
        row.match_points += BYE_MATCH_POINTS;
        row.byes += 1;
    }
    let match_points = |team: i64| rows.get(&team).map_or(0, |r| r.match_points);
    let sos: Vec<(i64, u32)> =
        matches.iter().flat_map(|m| [(m.team_a, match_points(m.team_b)), (m.team_b, match_points(m.team_a))]).collect();
    for (team, points) in sos {
        if let Some(row) = rows.get_mut(&team) {
            row.sos += points;
        }
    }

    let mut seen = HashSet::new();
    let mut table: Vec<TeamStandingRow> = teams
        .iter()
        .filter(|&&team| seen.insert(team))
        .map(|&team| rows.get(&team).copied().unwrap_or_else(|| blank(team)))
        .collect();
    let key = |row: &TeamStandingRow| -> Vec<u32> {
        std::iter::once(row.match_points)
            .chain(tie_breaks.iter().map(|tb| match tb {
                TeamTieBreak::GamePoints => row.game_points,
                TeamTieBreak::Sos => row.sos,
                TeamTieBreak::KeyBoard => row.key_board,
            }))
            .collect()
    };
    table.sort_by(|a, b| key(b).cmp(&key(a)).then(a.team.cmp(&b.team)));
    let mut previous: Option<(Vec<u32>, u32)> = None;
    for (i, row) in table.iter_mut().enumerate() {
        let this = key(row);
        let place = match &previous {
            Some((k, place)) if *k == this => *place,
            _ => i as u32 + 1,
        };
        row.place = place;
        previous = Some((this, place));
    }
    table
}

/// 全队循环制: the schedule in which each of team A's k players meets each of team B's k
/// players exactly once, over k rounds. `a` and `b` are the line-ups, in board order.
///
/// Round r (1-based) seats A's i-th player against B's ((i + r − 1) mod k)-th player
/// (0-based), board 1 first, so each round is a full match and no pair repeats.
///
/// Colours: A's i-th player has Black against B's j-th when 2·((i + j) mod k) < k. Every
/// player then has Black in half their games when k is even; when k is odd each of A's
/// players has one Black more than White and each of B's one fewer. In every round each
/// team has Black on half the boards, give or take one.
pub fn team_all_play_all(a: &LineUp, b: &LineUp) -> Result<Vec<Vec<Board>>, TeamError> {
    check_opponents(a, b)?;
    let (a, b) = (&a.players, &b.players);
    let k = a.len();
    let rounds = (0..k)
        .map(|r| {
            (0..k)
                .map(|i| {
                    let j = (i + r) % k;
                    if 2 * ((i + j) % k) < k {
                        Board { black: a[i], white: b[j], handicap: 0 }
                    } else {
                        Board { black: b[j], white: a[i], handicap: 0 }
                    }
                })
                .collect()
        })
        .collect();
    Ok(rounds)
}

/// What a team Swiss pairing needs to know about one team present for the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissTeam {
    pub id: i64,
    /// 场分 so far (a bye counts 2).
    pub match_points: u32,
    /// 局分 so far.
    pub game_points: u32,
    /// Seeding number, 1 for the top seed.
    pub seed: u32,
    /// Teams met before. Ids not in the field are ignored.
    pub opponents: Vec<i64>,
    pub had_bye: bool,
}

/// The pairing of one team Swiss round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRoundPairing {
    /// (team A, team B), top match first. Team A is the higher in the order and is the
    /// first-named team of [`TeamMatch::new`].
    pub matches: Vec<(i64, i64)>,
    /// The team sitting out, only when the field is odd.
    pub bye: Option<i64>,
    /// The matches that repeat an earlier one; empty whenever that can be avoided.
    pub rematches: Vec<(i64, i64)>,
}

/// The tiers of the pairing weight, most important first; see [`pair_team_swiss`].
const TIERS: usize = 6;

/// Pairs one team Swiss round.
///
/// Order: 场分 desc, 局分 desc, seed asc, id asc. Among all pairings (with one bye when
/// the field is odd) the one chosen is best on each criterion in turn:
///
/// 1. The bye goes to a team that has not had one (any team, once all have).
/// 2. As few rematches as possible: none whenever avoidable.
/// 3. The bye goes to the lowest such team in the order.
/// 4. Equal 场分: the least sum of squared 场分 differences, so score groups play among
///    themselves and a team that must float meets the nearest group.
/// 5. Close 局分: the least sum of 局分 differences.
/// 6. Seeding: the least sum of squared differences of places in the order, so teams meet
///    their neighbours (round 1 pairs seed 1 with 2, 3 with 4, …).
///
/// This is exact: each criterion is a weight tier larger than everything below it, solved
/// by maximum-weight matching. Remaining ties are broken by the matching, the same way for
/// the same input. [`TeamError::FieldTooLarge`] if the weights would not fit in 64 bits
/// (far beyond real events: e.g. 64 teams over 11 rounds of 6 boards fit easily).
pub fn pair_team_swiss(teams: &[SwissTeam]) -> Result<TeamRoundPairing, TeamError> {
    if let Some(id) = first_duplicate(teams.iter().map(|t| &t.id)) {
        return Err(TeamError::DuplicateTeam(id));
    }
    if teams.len() < 2 {
        return Err(TeamError::NotEnoughTeams);
    }
    let mut order: Vec<&SwissTeam> = teams.iter().collect();
    order.sort_by(|a, b| {
        b.match_points
            .cmp(&a.match_points)
            .then(b.game_points.cmp(&a.game_points))
            .then(a.seed.cmp(&b.seed))
            .then(a.id.cmp(&b.id))
    });
    let n = order.len();
    let ids: HashSet<i64> = order.iter().map(|t| t.id).collect();
    // Symmetric, so a meeting recorded on one side only still counts.
    let met_pairs: HashSet<(i64, i64)> = order
        .iter()
        .flat_map(|t| t.opponents.iter().filter(|o| ids.contains(o)).map(move |&o| (t.id.min(o), t.id.max(o))))
        .collect();
    let met = |i: usize, j: usize| met_pairs.contains(&(order[i].id.min(order[j].id), order[i].id.max(order[j].id)));
    let everyone_had_bye = order.iter().all(|t| t.had_bye);
    let spread = |value: fn(&SwissTeam) -> u32| -> i64 {
        let values = order.iter().map(|t| i64::from(value(t)));
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    };
    let match_spread = spread(|t| t.match_points);
    let game_spread = spread(|t| t.game_points);
    let last = n as i64 - 1;

    // Largest value per edge of each tier, and how many edges of a pairing can carry it.
    // Differences are at most the spreads, so no per-edge value overflows once these fit.
    let square = |x: i64| x.checked_mul(x).ok_or(TeamError::FieldTooLarge);
    let pairs_in_pairing = n.div_ceil(2) as i64;
    let tier_max = [1, 1, last, square(match_spread)?, game_spread, square(last)?];
    let tier_edges = [1, pairs_in_pairing, 1, pairs_in_pairing, pairs_in_pairing, pairs_in_pairing];
    let mut unit = [1i64; TIERS];
    for k in (0..TIERS - 1).rev() {
        let below = tier_max[k + 1].checked_mul(tier_edges[k + 1]).and_then(|r| r.checked_add(1));
        unit[k] = below.and_then(|b| b.checked_mul(unit[k + 1])).ok_or(TeamError::FieldTooLarge)?;
    }
    let weight = |tiers: [i64; TIERS]| -> Result<i64, TeamError> {
        tiers.iter().zip(unit).try_fold(0i64, |sum, (&t, u)| {
            t.checked_mul(u).and_then(|v| sum.checked_add(v)).ok_or(TeamError::FieldTooLarge)
        })
    };

    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (order[i], order[j]);
            let dm = i64::from(a.match_points.abs_diff(b.match_points));
            let dg = i64::from(a.game_points.abs_diff(b.game_points));
            let dp = (j - i) as i64;
            let tiers = [0, i64::from(!met(i, j)), 0, tier_max[3] - dm * dm, game_spread - dg, tier_max[5] - dp * dp];
            edges.push(Edge { u: i, v: j, weight: i128::from(weight(tiers)?) });
        }
        // Vertex n stands for the bye when the field is odd.
        if n % 2 == 1 {
            let eligible = everyone_had_bye || !order[i].had_bye;
            let tiers = [i64::from(eligible), 0, i as i64, 0, 0, 0];
            edges.push(Edge { u: i, v: n, weight: i128::from(weight(tiers)?) });
        }
    }
    let vertices = n + n % 2;
    let mates = max_weight_matching(vertices, &edges, true);

    let mut pairing = TeamRoundPairing { matches: Vec::new(), bye: None, rematches: Vec::new() };
    for (i, mate) in mates.iter().enumerate().take(n) {
        // Every vertex has an edge to every other, so a perfect matching always exists.
        let Some(j) = *mate else { continue };
        if j == n {
            pairing.bye = Some(order[i].id);
        } else if j > i {
            let teams = (order[i].id, order[j].id);
            pairing.matches.push(teams);
            if met(i, j) {
                pairing.rematches.push(teams);
            }
        }
    }
    Ok(pairing)
}

/// The first value that appears a second time.
fn first_duplicate<'a>(values: impl IntoIterator<Item = &'a i64>) -> Option<i64> {
    let mut seen = HashSet::new();
    values.into_iter().find(|v| !seen.insert(**v)).copied()
}

impl TeamError {
    /// What a director is told: the refusals a form can meet in words, the others (which only
    /// a bug reaches) with their technical detail.
    pub fn message(&self) -> Message {
        match *self {
            TeamError::RosterSize { expected, given, .. } | TeamError::LineUpSize { expected, given, .. } => {
                Message::new("error-team-lineup-size").number("given", given as i64).number("expected", expected as i64)
            }
            TeamError::ForeignPlayer { .. } => Message::new("error-team-foreign-player"),
            TeamError::DuplicatePlayer { .. } => Message::new("error-team-duplicate-player"),
            TeamError::NotEnoughTeams => Message::new("error-pairing-two-teams"),
            TeamError::FieldTooLarge => Message::new("error-pairing-too-wide"),
            other => Message::new("error-pairing-internal").text("detail", other.to_string()),
        }
    }
}

/// Why a team, line-up, match or pairing was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamError {
    /// The format has zero boards.
    NoBoards,
    RosterSize {
        team: i64,
        expected: usize,
        given: usize,
    },
    /// A player is listed twice in a team's registration or line-up.
    DuplicatePlayer {
        team: i64,
        player: i64,
    },
    LineUpSize {
        team: i64,
        expected: usize,
        given: usize,
    },
    /// A line-up names a player who is neither on the roster nor a reserve.
    ForeignPlayer {
        team: i64,
        player: i64,
    },
    SameTeam(i64),
    BoardCountMismatch {
        a: usize,
        b: usize,
    },
    PlayerInBothTeams(i64),
    ResultCount {
        expected: usize,
        given: usize,
    },
    NotEnoughTeams,
    DuplicateTeam(i64),
    FieldTooLarge,
}

impl fmt::Display for TeamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TeamError::NoBoards => f.write_str("a team match needs at least one board"),
            TeamError::RosterSize { team, expected, given } => write!(
                f,
                "team {team} registers {given} players in board order, but matches are played on {expected} \
                 boards: list exactly one player per board and put the rest among the reserves"
            ),
            TeamError::DuplicatePlayer { team, player } => {
                write!(f, "team {team} lists player {player} more than once")
            }
            TeamError::LineUpSize { team, expected, given } if given < expected => {
                write!(f, "the line-up of team {team} names {given} players but {expected} boards must be filled")
            }
            TeamError::LineUpSize { team, expected, given } => {
                write!(f, "the line-up of team {team} names {given} players but only {expected} boards are played")
            }
            TeamError::ForeignPlayer { team, player } => {
                write!(f, "player {player} is neither on the roster nor a reserve of team {team}")
            }
            TeamError::SameTeam(team) => write!(f, "team {team} cannot play a match against itself"),
            TeamError::BoardCountMismatch { a, b } => {
                write!(f, "the two line-ups have {a} and {b} players: a match needs the same number of boards")
            }
            TeamError::PlayerInBothTeams(player) => write!(f, "player {player} appears in both teams"),
            TeamError::ResultCount { expected, given } => {
                write!(f, "{given} results given for a match on {expected} boards: give one per board")
            }
            TeamError::NotEnoughTeams => f.write_str("cannot pair the round: at least two teams must be present"),
            TeamError::DuplicateTeam(team) => {
                write!(f, "cannot pair the round: team {team} is listed more than once")
            }
            TeamError::FieldTooLarge => f.write_str(
                "cannot pair the round exactly: too many teams or too wide a spread of points for the pairing weights",
            ),
        }
    }
}

impl std::error::Error for TeamError {}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    const THREE_BOARDS: TeamFormat = TeamFormat::FixedBoards { boards_per_match: 3 };

    /// Team `id` with players id·10 + 1..=3 on boards 1..=3 and reserve id·10 + 9.
    fn team(id: i64) -> Team {
        Team::new(THREE_BOARDS, id, vec![id * 10 + 1, id * 10 + 2, id * 10 + 3], vec![id * 10 + 9])
            .expect("a valid registration")
    }

    fn results(texts: &[&str]) -> Vec<GameResult> {
        texts.iter().map(|t| GameResult::parse(t).expect("a valid result")).collect()
    }

    /// Team `a` (first-named) against team `b` on their registered line-ups.
    fn play(round: u32, a: i64, b: i64, texts: &[&str]) -> TeamMatchRecord {
        let m = TeamMatch::new(team(a).default_lineup(), team(b).default_lineup()).expect("a valid match");
        m.record(round, &results(texts)).expect("one result per board")
    }

    fn board(black: i64, white: i64) -> Board {
        Board { black, white, handicap: 0 }
    }

    /// (team, place, match points, game points, sos, key board, wins, draws, losses, byes)
    type Expected = (i64, u32, u32, u32, u32, u32, u32, u32, u32, u32);

    fn check(rows: &[TeamStandingRow], expected: &[Expected]) {
        let got: Vec<Expected> = rows
            .iter()
            .map(|r| {
                (r.team, r.place, r.match_points, r.game_points, r.sos, r.key_board, r.wins, r.draws, r.losses, r.byes)
            })
            .collect();
        assert_eq!(got, expected);
    }

    fn message(result: Result<impl std::fmt::Debug, TeamError>) -> String {
        match result {
            Ok(v) => panic!("expected an error, got {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn registration_needs_one_player_per_board_and_no_repeats() {
        let short = Team::new(THREE_BOARDS, 1, vec![11, 12], vec![13]);
        assert_eq!(short, Err(TeamError::RosterSize { team: 1, expected: 3, given: 2 }));
        let repeated = Team::new(THREE_BOARDS, 1, vec![11, 12, 13], vec![12]);
        assert_eq!(message(repeated), "team 1 lists player 12 more than once");
        let none = Team::new(TeamFormat::FixedBoards { boards_per_match: 0 }, 1, vec![], vec![]);
        assert_eq!(none, Err(TeamError::NoBoards));
        let t = team(1);
        assert_eq!((t.id(), t.roster(), t.reserves()), (1, &[11, 12, 13][..], &[19][..]));
    }

    #[test]
    fn lineups_accept_reserves_in_any_order_and_refuse_bad_lists() {
        let t = team(1);
        let lineup = t.lineup(&[19, 11, 13]).expect("a reserve may play");
        assert_eq!((lineup.team(), lineup.players()), (1, &[19, 11, 13][..]));
        assert_eq!(t.default_lineup().players(), &[11, 12, 13]);
        assert_eq!(message(t.lineup(&[11, 12])), "the line-up of team 1 names 2 players but 3 boards must be filled");
        assert_eq!(
            message(t.lineup(&[11, 12, 13, 19])),
            "the line-up of team 1 names 4 players but only 3 boards are played"
        );
        assert_eq!(message(t.lineup(&[11, 12, 11])), "team 1 lists player 11 more than once");
        assert_eq!(message(t.lineup(&[11, 21, 13])), "player 21 is neither on the roster nor a reserve of team 1");
    }

    #[test]
    fn team_a_has_black_on_odd_boards_and_results_turn_into_match_points() {
        let m = TeamMatch::new(team(1).default_lineup(), team(2).lineup(&[29, 22, 23]).expect("valid"))
            .expect("a valid match");
        assert_eq!(m.team_a().team(), 1);
        assert_eq!(m.team_b().players(), &[29, 22, 23]);
        assert_eq!(m.boards(), vec![board(11, 29), board(22, 12), board(13, 23)]);
        // Board 1: Black (A) wins 2–0; board 2: Black (B) wins 0–2; board 3: draw 1–1.
        // 局分 3–3, so the match is drawn: 场分 1 each.
        let record = m.record(4, &results(&["B+R", "B+2.5", "0"])).expect("three results");
        assert_eq!(record, TeamMatchRecord { round: 4, team_a: 1, team_b: 2, boards: vec![(2, 0), (0, 2), (1, 1)] });
        assert_eq!((record.game_points(), record.match_points()), ((3, 3), (1, 1)));
        // Board 3 now goes to Black (A): 局分 5–1, A wins the match.
        let record = m.record(4, &results(&["B+R", "B+2.5", "B+R"])).expect("three results");
        assert_eq!((record.game_points(), record.match_points()), ((4, 2), (2, 0)));
        assert_eq!(
            message(m.record(4, &results(&["B+R"]))),
            "1 results given for a match on 3 boards: give one per board"
        );
    }

    #[test]
    fn matches_refuse_mismatched_line_ups() {
        assert_eq!(TeamMatch::new(team(1).default_lineup(), team(1).default_lineup()), Err(TeamError::SameTeam(1)));
        let two = Team::new(TeamFormat::FixedBoards { boards_per_match: 2 }, 2, vec![21, 22], vec![]).expect("valid");
        assert_eq!(
            TeamMatch::new(team(1).default_lineup(), two.default_lineup()),
            Err(TeamError::BoardCountMismatch { a: 3, b: 2 })
        );
        let poacher = Team::new(THREE_BOARDS, 3, vec![31, 12, 33], vec![]).expect("valid alone");
        assert_eq!(
            message(TeamMatch::new(team(1).default_lineup(), poacher.default_lineup())),
            "player 12 appears in both teams"
        );
    }

    #[test]
    fn four_teams_three_rounds_standings() {
        let matches = [
            // Round 1. 1–2: A wins b1 (2–0), B wins b2 (0–2), A wins b3: 局分 4–2, 场分 2–0.
            play(1, 1, 2, &["B+R", "B+R", "B+R"]),
            // 3–4: draw on b1 (1–1), B wins b2, A wins b3: 局分 3–3, a drawn match, 场分 1–1.
            play(1, 3, 4, &["0", "B+R", "B+R"]),
            // Round 2. 1–3: A wins every board: 6–0. 2–4: A wins b1, b2; B wins b3: 4–2.
            play(2, 1, 3, &["B+R", "W+R", "B+R"]),
            play(2, 2, 4, &["B+R", "W+R", "W+R"]),
            // Round 3. 1–4: B wins b1, b2 and b3 drawn: 2–4. 2–3: B wins b1, A wins b2, b3: 4–2.
            play(3, 1, 4, &["W+R", "0", "0"]),
            play(3, 2, 3, &["W+R", "W+R", "B+R"]),
        ];
        // 场分: 1: 2+2+0 = 4; 2: 0+2+2 = 4; 3: 1+0+0 = 1; 4: 1+0+2 = 3.
        // 局分: 1: 4+6+2 = 12; 2: 2+4+4 = 10; 3: 3+0+2 = 5; 4: 3+2+4 = 9.
        // Key board (board 1): 1: 2+2+0 = 4; 2: 0+2+0 = 2; 3: 1+0+2 = 3; 4: 1+0+2 = 3.
        // 对手分: 1: 2(4)+3(1)+4(3) = 8; 2: 1(4)+4(3)+3(1) = 8; 3: 4(3)+1(4)+2(4) = 11;
        // 4: 3(1)+2(4)+1(4) = 9.
        let teams = [1, 2, 3, 4];
        let rows = compute_team_standings(&teams, &matches, &[], &[TeamTieBreak::GamePoints, TeamTieBreak::Sos]);
        check(
            &rows,
            &[
                (1, 1, 4, 12, 8, 4, 2, 0, 1, 0),
                (2, 2, 4, 10, 8, 2, 2, 0, 1, 0),
                (4, 3, 3, 9, 9, 3, 1, 1, 1, 0),
                (3, 4, 1, 5, 11, 3, 0, 1, 2, 0),
            ],
        );
        // 1 and 2 are equal on 场分 and 对手分: without other tie-breaks they share first place.
        let places = |tie_breaks: &[TeamTieBreak]| -> Vec<(i64, u32)> {
            compute_team_standings(&teams, &matches, &[], tie_breaks).iter().map(|r| (r.team, r.place)).collect()
        };
        assert_eq!(places(&[TeamTieBreak::Sos]), vec![(1, 1), (2, 1), (4, 3), (3, 4)]);
        assert_eq!(places(&[]), vec![(1, 1), (2, 1), (4, 3), (3, 4)]);
        // The key board separates them: 4 against 2.
        assert_eq!(places(&[TeamTieBreak::Sos, TeamTieBreak::KeyBoard]), vec![(1, 1), (2, 2), (4, 3), (3, 4)]);
    }

    fn swiss_team(id: i64, match_points: u32, game_points: u32) -> SwissTeam {
        SwissTeam { id, match_points, game_points, seed: id as u32, opponents: Vec::new(), had_bye: false }
    }

    fn pair(teams: &[SwissTeam]) -> TeamRoundPairing {
        pair_team_swiss(teams).expect("a valid field")
    }

    /// Expected (team A, team B) matches, the bye, and each match's results board by board.
    type Round<'a> = (&'a [(i64, i64)], i64, [&'a [&'a str]; 2]);

    #[test]
    fn five_team_swiss_event_with_byes_from_round_one_to_the_final_standings() {
        let ids = [1, 2, 3, 4, 5];
        let mut matches: Vec<TeamMatchRecord> = Vec::new();
        let mut byes: Vec<TeamBye> = Vec::new();
        let tie_breaks = [TeamTieBreak::GamePoints, TeamTieBreak::Sos, TeamTieBreak::KeyBoard];
        let field = |matches: &[TeamMatchRecord], byes: &[TeamBye]| -> Vec<SwissTeam> {
            compute_team_standings(&ids, matches, byes, &tie_breaks)
                .iter()
                .map(|r| SwissTeam {
                    id: r.team,
                    match_points: r.match_points,
                    game_points: r.game_points,
                    seed: r.team as u32,
                    opponents: matches
                        .iter()
                        .filter_map(|m| match r.team {
                            t if t == m.team_a => Some(m.team_b),
                            t if t == m.team_b => Some(m.team_a),
                            _ => None,
                        })
                        .collect(),
                    had_bye: byes.iter().any(|b| b.team == r.team),
                })
                .collect()
        };
        let rounds: [Round; 3] = [
            // Round 1: all equal, so seeding: 1–2, 3–4, and the lowest seed 5 sits out.
            // 1–2: 局分 4–2. 3–4: 3–3, a drawn match.
            (&[(1, 2), (3, 4)], 5, [&["B+R", "B+R", "B+R"], &["0", "B+R", "B+R"]]),
            // Order now (场分, 局分): 1 (2, 4), 5 (2, 0), 3 (1, 3), 4 (1, 3), 2 (0, 2).
            // 2 is the lowest without a bye and the other four can avoid 3–4 again.
            // 1–3 with 5–4 or 1–4 with 5–3: both have 场分 gaps 1+1 and 局分 gaps 1+3;
            // places 0,2 / 1,3 give squared gaps 4+4 = 8 against 9+1 = 10, so 1–3 and 5–4.
            // 1–3: 局分 5–1. 5–4: 3–3, a drawn match.
            (&[(1, 3), (5, 4)], 2, [&["B+R", "W+R", "0"], &["B+R", "B+R", "0"]]),
            // Order: 1 (4, 9), 5 (3, 3), 4 (2, 6), 2 (2, 2), 3 (1, 4); 5 and 2 had byes,
            // so 3 sits out. 1–5 with 4–2 (场分 gaps 1² + 0²) beats 1–4 with 5–2 (2² + 1²);
            // 1–2 would repeat round 1.
            // 1–5: 局分 2–4. 4–2: 4–2.
            (&[(1, 5), (4, 2)], 3, [&["W+R", "W+R", "W+R"], &["B+R", "B+R", "B+R"]]),
        ];
        for (round, (expected_matches, expected_bye, texts)) in (1u32..).zip(rounds) {
            let pairing = pair(&field(&matches, &byes));
            assert_eq!(pairing.matches, expected_matches, "round {round}");
            assert_eq!(pairing.bye, Some(expected_bye), "round {round}");
            assert!(pairing.rematches.is_empty());
            for (&(a, b), texts) in pairing.matches.iter().zip(texts) {
                matches.push(play(round, a, b, texts));
            }
            byes.push(TeamBye { round, team: expected_bye });
        }
        // 场分: 1: 2+2+0 = 4; 2: 0+2(bye)+0 = 2; 3: 1+0+2(bye) = 3; 4: 1+1+2 = 4;
        // 5: 2(bye)+1+2 = 5.
        // 局分: 1: 4+5+2 = 11; 2: 2+0+2 = 4; 3: 3+1+0 = 4; 4: 3+3+4 = 10; 5: 0+3+4 = 7.
        // Key board: 1: 2+2+0 = 4; 2: 0+0 = 0; 3: 1+0 = 1; 4: 1+0+2 = 3; 5: 2+2 = 4.
        // 对手分 (byes add nothing): 1: 2(2)+3(3)+5(5) = 10; 2: 1(4)+4(4) = 8;
        // 3: 4(4)+1(4) = 8; 4: 3(3)+5(5)+2(2) = 10; 5: 4(4)+1(4) = 8.
        let rows = compute_team_standings(&ids, &matches, &byes, &tie_breaks);
        check(
            &rows,
            &[
                (5, 1, 5, 7, 8, 4, 1, 1, 0, 1),
                (1, 2, 4, 11, 10, 4, 2, 0, 1, 0),
                (4, 3, 4, 10, 10, 3, 1, 2, 0, 0),
                (3, 4, 3, 4, 8, 1, 0, 1, 1, 1),
                (2, 5, 2, 4, 8, 0, 0, 0, 2, 1),
            ],
        );
        // 1 and 4 tie on 场分 and 对手分 (4, 10); the key board (4 against 3) decides.
        let places = |tie_breaks: &[TeamTieBreak]| -> Vec<(i64, u32)> {
            compute_team_standings(&ids, &matches, &byes, tie_breaks).iter().map(|r| (r.team, r.place)).collect()
        };
        assert_eq!(places(&[TeamTieBreak::Sos]), vec![(5, 1), (1, 2), (4, 2), (3, 4), (2, 5)]);
        assert_eq!(places(&[TeamTieBreak::Sos, TeamTieBreak::KeyBoard]), vec![(5, 1), (1, 2), (4, 3), (3, 4), (2, 5)]);
    }

    #[test]
    fn swiss_first_round_pairs_neighbouring_seeds() {
        let field: Vec<SwissTeam> = (1..=6).map(|id| swiss_team(id, 0, 0)).collect();
        let p = pair(&field);
        assert_eq!(p, TeamRoundPairing { matches: vec![(1, 2), (3, 4), (5, 6)], bye: None, rematches: vec![] });
    }

    #[test]
    fn swiss_pairs_score_groups_and_floats_to_the_nearest_group() {
        // Groups 4: {1}; 2: {2, 3}; 0: {4}. 1–2 and 3–4 have squared 场分 gaps 4 + 4 = 8;
        // 1–4 and 2–3 have 16 + 0 = 16.
        let field = [swiss_team(1, 4, 8), swiss_team(2, 2, 6), swiss_team(3, 2, 5), swiss_team(4, 0, 2)];
        assert_eq!(pair(&field).matches, vec![(1, 2), (3, 4)]);
        // Close 局分 comes before seeding: 2 (局分 6) takes 4 (局分 6) rather than 3 (局分 2).
        let field = [swiss_team(1, 2, 9), swiss_team(2, 2, 6), swiss_team(3, 2, 2), swiss_team(4, 2, 6)];
        let p = pair(&field);
        assert_eq!(p.matches, vec![(1, 2), (4, 3)], "order is 1 (9), 2 (6), 4 (6), 3 (2)");
    }

    #[test]
    fn swiss_avoids_rematches_even_across_score_groups() {
        let mut field = [swiss_team(1, 4, 8), swiss_team(2, 4, 7), swiss_team(3, 0, 1), swiss_team(4, 0, 0)];
        field[0].opponents = vec![2];
        field[3].opponents = vec![3];
        let p = pair(&field);
        assert_eq!(p.matches, vec![(1, 3), (2, 4)]);
        assert!(p.rematches.is_empty());
        // Everyone has met everyone: the rematches are reported.
        for t in &mut field {
            t.opponents = (1..=4).filter(|&o| o != t.id).collect();
        }
        let p = pair(&field);
        assert_eq!(p.matches, vec![(1, 2), (3, 4)]);
        assert_eq!(p.rematches, p.matches);
    }

    #[test]
    fn swiss_bye_goes_to_the_lowest_team_without_one() {
        let mut field: Vec<SwissTeam> =
            [(1, 4, 8), (2, 2, 6), (3, 2, 4), (4, 0, 0), (5, 0, 0)].map(|(id, m, g)| swiss_team(id, m, g)).into();
        field[4].had_bye = true;
        assert_eq!(pair(&field).bye, Some(4));
        // 1, 2 and 3 have all met: with 4 out, 1, 2, 3 and 5 can't avoid a rematch
        // (1–2, 1–3 or 2–3); with 3 out, 1–4 and 2–5 are new. So 3 sits out.
        field[0].opponents = vec![2, 3];
        field[1].opponents = vec![1, 3];
        field[2].opponents = vec![1, 2];
        let p = pair(&field);
        assert_eq!((p.matches.as_slice(), p.bye), (&[(1, 4), (2, 5)][..], Some(3)));
        assert!(p.rematches.is_empty());
        // Everyone has had a bye: the lowest team sits out again.
        for t in &mut field {
            t.had_bye = true;
            t.opponents.clear();
        }
        assert_eq!(pair(&field).bye, Some(5));
    }

    #[test]
    fn swiss_refuses_bad_fields() {
        assert_eq!(pair_team_swiss(&[swiss_team(1, 0, 0)]), Err(TeamError::NotEnoughTeams));
        assert_eq!(pair_team_swiss(&[swiss_team(1, 0, 0), swiss_team(1, 0, 0)]), Err(TeamError::DuplicateTeam(1)));
        let wide = [swiss_team(1, u32::MAX, u32::MAX), swiss_team(2, 0, 0), swiss_team(3, 0, 0)];
        assert_eq!(pair_team_swiss(&wide), Err(TeamError::FieldTooLarge));
    }

    #[test]
    fn swiss_pairs_a_large_event_exactly() {
        // 64 teams after 11 rounds of 6 boards: 场分 0..=22, 局分 0..=132.
        let field: Vec<SwissTeam> = (0..64).map(|i| swiss_team(i + 1, (i % 23) as u32, (i * 2 % 133) as u32)).collect();
        let p = pair(&field);
        assert_eq!((p.matches.len(), p.bye), (32, None));
        // The top score group (场分 22) is 23 (局分 44) and 46 (局分 90): they meet, 46 first.
        assert_eq!(p.matches[0], (46, 23));
    }

    /// The criteria of [`pair_team_swiss`] for one pairing, as a tuple compared
    /// lexicographically (larger is better); `bye` is a place in `order`.
    fn criteria(order: &[SwissTeam], pairs: &[(usize, usize)], bye: Option<usize>) -> [i64; 6] {
        let everyone_had_bye = order.iter().all(|t| t.had_bye);
        let mut c = [0i64; 6];
        if let Some(b) = bye {
            c[0] = i64::from(everyone_had_bye || !order[b].had_bye);
            c[2] = b as i64;
        }
        for &(i, j) in pairs {
            let (a, b) = (&order[i], &order[j]);
            c[1] += i64::from(!a.opponents.contains(&b.id) && !b.opponents.contains(&a.id));
            c[3] -= i64::from(a.match_points.abs_diff(b.match_points)).pow(2);
            c[4] -= i64::from(a.game_points.abs_diff(b.game_points));
            c[5] -= (i.abs_diff(j) as i64).pow(2);
        }
        c
    }

    /// The best criteria over every perfect matching of places 0..n (plus a bye when odd).
    fn brute_force_best(order: &[SwissTeam]) -> [i64; 6] {
        fn all(rest: &[usize], pairs: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
            let Some((&first, others)) = rest.split_first() else {
                out.push(pairs.clone());
                return;
            };
            for (k, &q) in others.iter().enumerate() {
                let remaining: Vec<usize> =
                    others.iter().enumerate().filter(|&(m, _)| m != k).map(|(_, &x)| x).collect();
                pairs.push((first, q));
                all(&remaining, pairs, out);
                pairs.pop();
            }
        }
        let n = order.len();
        let byes: Vec<Option<usize>> = if n % 2 == 1 { (0..n).map(Some).collect() } else { vec![None] };
        byes.into_iter()
            .flat_map(|bye| {
                let rest: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
                let mut pairings = Vec::new();
                all(&rest, &mut Vec::new(), &mut pairings);
                pairings.into_iter().map(move |pairs| criteria(order, &pairs, bye))
            })
            .max()
            .unwrap_or_default()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn swiss_pairing_is_as_good_as_brute_force(
            n in 2usize..=9,
            match_points in proptest::collection::vec(0u32..7, 9),
            game_points in proptest::collection::vec(0u32..19, 9),
            met in proptest::collection::vec(any::<bool>(), 81),
            byes in proptest::collection::vec(any::<bool>(), 9),
        ) {
            let mut field: Vec<SwissTeam> = (0..n)
                .map(|i| SwissTeam {
                    id: 100 + i as i64,
                    match_points: match_points[i],
                    game_points: game_points[i],
                    seed: (n - i) as u32,
                    opponents: (0..n).filter(|&j| j != i && met[i.min(j) * 9 + i.max(j)]).map(|j| 100 + j as i64).collect(),
                    had_bye: byes[i],
                })
                .collect();
            let p = pair_team_swiss(&field).expect("a valid field");

            let mut seen: Vec<i64> = p.matches.iter().flat_map(|&(a, b)| [a, b]).chain(p.bye).collect();
            seen.sort_unstable();
            let all: Vec<i64> = (0..n as i64).map(|i| 100 + i).collect();
            prop_assert_eq!(seen, all, "each team exactly once");
            prop_assert_eq!(p.bye.is_some(), n % 2 == 1);

            field.sort_by(|a, b| {
                (b.match_points, b.game_points, a.seed, a.id).cmp(&(a.match_points, a.game_points, b.seed, b.id))
            });
            let place = |id: i64| field.iter().position(|t| t.id == id).unwrap_or(usize::MAX);
            let pairs: Vec<(usize, usize)> = p.matches.iter().map(|&(a, b)| (place(a), place(b))).collect();
            for &(a, b) in &pairs {
                prop_assert!(a < b, "the first-named team is the higher placed");
            }
            let got = criteria(&field, &pairs, p.bye.map(place));
            prop_assert_eq!(got, brute_force_best(&field));
            let rematches: Vec<(i64, i64)> =
                p.matches.iter().copied().filter(|&(a, b)| field[place(a)].opponents.contains(&b)).collect();
            prop_assert_eq!(rematches, p.rematches);
        }
    }

    fn lineup(team: i64, players: &[i64]) -> LineUp {
        LineUp { team, players: players.to_vec() }
    }

    fn schedule(k: i64) -> Vec<Vec<Board>> {
        let a: Vec<i64> = (1..=k).collect();
        let b: Vec<i64> = (k + 1..=2 * k).collect();
        team_all_play_all(&lineup(1, &a), &lineup(2, &b)).expect("valid line-ups")
    }

    #[test]
    fn all_play_all_three_players() {
        // A = 1, 2, 3; B = 4, 5, 6. Round r: A's i meets B's (i + r) mod 3; A has Black
        // when (i + j) mod 3 is 0 or 1 (2·s < 3).
        assert_eq!(
            schedule(3),
            vec![
                vec![board(1, 4), board(5, 2), board(3, 6)], // s = 0, 2, 1
                vec![board(1, 5), board(2, 6), board(4, 3)], // s = 1, 0, 2
                vec![board(6, 1), board(2, 4), board(3, 5)], // s = 2, 1, 0
            ]
        );
        // Blacks: 1, 2 and 3 twice each; 4, 5 and 6 once each.
    }

    #[test]
    fn all_play_all_four_players() {
        // A = 1..=4; B = 5..=8. A has Black when (i + j) mod 4 is 0 or 1.
        assert_eq!(
            schedule(4),
            vec![
                vec![board(1, 5), board(6, 2), board(3, 7), board(8, 4)], // s = 0, 2, 0, 2
                vec![board(1, 6), board(7, 2), board(3, 8), board(5, 4)], // s = 1, 3, 1, 3
                vec![board(7, 1), board(2, 8), board(5, 3), board(4, 6)], // s = 2, 0, 2, 0
                vec![board(8, 1), board(2, 5), board(6, 3), board(4, 7)], // s = 3, 1, 3, 1
            ]
        );
        // Everyone has Black twice; each round each team has Black on two boards.
    }

    #[test]
    fn all_play_all_five_players() {
        // A = 1..=5; B = 6..=10. A has Black when (i + j) mod 5 is 0, 1 or 2.
        assert_eq!(
            schedule(5),
            vec![
                vec![board(1, 6), board(2, 7), board(8, 3), board(4, 9), board(10, 5)], // s = 0, 2, 4, 1, 3
                vec![board(1, 7), board(8, 2), board(3, 9), board(4, 10), board(6, 5)], // s = 1, 3, 0, 2, 4
                vec![board(1, 8), board(9, 2), board(3, 10), board(6, 4), board(5, 7)], // s = 2, 4, 1, 3, 0
                vec![board(9, 1), board(2, 10), board(3, 6), board(7, 4), board(5, 8)], // s = 3, 0, 2, 4, 1
                vec![board(10, 1), board(2, 6), board(7, 3), board(4, 8), board(5, 9)], // s = 4, 1, 3, 0, 2
            ]
        );
        // Each of A's players has Black 3 times, each of B's twice.
    }

    #[test]
    fn all_play_all_refuses_mismatched_teams() {
        let a = lineup(1, &[1, 2]);
        assert_eq!(team_all_play_all(&a, &lineup(2, &[3])), Err(TeamError::BoardCountMismatch { a: 2, b: 1 }));
        assert_eq!(team_all_play_all(&a, &lineup(2, &[3, 1])), Err(TeamError::PlayerInBothTeams(1)));
    }

    proptest! {
        #[test]
        fn all_play_all_meets_everyone_once_with_balanced_colours(k in 1i64..=12) {
            let rounds = schedule(k);
            prop_assert_eq!(rounds.len() as i64, k);
            let mut pairs = BTreeSet::new();
            let mut blacks = vec![0i64; 2 * k as usize + 1];
            for round in &rounds {
                let mut seated: Vec<i64> = round.iter().flat_map(|b| [b.black, b.white]).collect();
                seated.sort_unstable();
                prop_assert_eq!(seated, (1..=2 * k).collect::<Vec<_>>(), "everyone plays once a round");
                let a_blacks = round.iter().filter(|b| b.black <= k).count() as i64;
                prop_assert!((2 * a_blacks - k).abs() <= 2, "team A has Black on {} of {} boards", a_blacks, k);
                for b in round {
                    prop_assert!((b.black <= k) != (b.white <= k), "A meets B");
                    prop_assert!(pairs.insert((b.black.min(b.white), b.black.max(b.white))));
                    blacks[b.black as usize] += 1;
                }
            }
            prop_assert_eq!(pairs.len() as i64, k * k);
            for (player, &count) in blacks.iter().enumerate().skip(1) {
                prop_assert!(count == k / 2 || count == (k + 1) / 2, "player {} has {} blacks", player, count);
            }
        }
    }
}
