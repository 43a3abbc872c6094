//! Team events in the app (团体赛, 分台定人制, 1988 Chinese Competition Rules, Art. 26–28):
//! teams from the players' team names and boards, paired by team Swiss or team round robin,
//! with each round's line-ups, and the team table.
//!
//! Choices the articles leave to the event, as Yunzi makes them:
//! - A team is every registered player with the same team name. Its registered order
//!   (台次) is by board number, then players without one by strength (rank, rating,
//!   registration). Art. 26: "台次排定后不得更动", so a line-up never reorders players: it
//!   chooses who plays (the first players present by default, a reserve in place of a
//!   regular when the captain says so) and seats them in the registered order.
//! - A team's id is the smallest id of its players, so it stays the same when players join.
//! - Team A of a match (Black on odd boards) is the higher team in the pairing order or
//!   the first seat of the Berger table. A bye team gets 场分 2 and 局分 0; each player of
//!   its line-up is stored with a bye.

use std::cmp::Reverse;
use std::collections::HashMap;

use super::Colours;
use super::event_plan::{
    DraftRound, EventPlan, History, NextRoundError, PlayedGame, Player, knockout_draft, knockout_start,
    rebuild_knockout, stage_history, stage_settings,
};
use super::knockout::{Knockout, KnockoutError};
use super::mcmahon::mix;
use super::round_robin::{pair_round_robin, round_count};
use super::team::{
    LineUp, SwissTeam, Team, TeamBye, TeamError, TeamFormat, TeamMatch, TeamMatchRecord, compute_team_standings,
    pair_team_swiss, team_all_play_all,
};
use crate::color::Color;
use crate::result::{GameResult, Margin};
use crate::tournament::event::{Seating, TeamPairing};

/// A team as registered: players present, in the registered board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTeam {
    pub id: i64,
    pub name: String,
    /// The first `boards` players present: the default line-up.
    pub roster: Vec<i64>,
    /// The players present after them.
    pub reserves: Vec<i64>,
    /// Sum of the roster's rank values: the seeding by strength.
    strength: i64,
}

impl EventTeam {
    /// Every player who may play for the team, in the registered order.
    pub fn squad(&self) -> Vec<i64> {
        self.roster.iter().chain(&self.reserves).copied().collect()
    }

    /// The line-up for a round: the players `chosen` (all from the squad, one per board)
    /// seated in the registered order, or the roster when nothing was chosen.
    pub fn lineup(&self, boards: usize, chosen: Option<&[i64]>) -> Result<LineUp, TeamError> {
        let squad = self.squad();
        let team = Team::new(
            TeamFormat::FixedBoards { boards_per_match: boards },
            self.id,
            self.roster.clone(),
            self.reserves.clone(),
        )?;
        let Some(chosen) = chosen else { return Ok(team.default_lineup()) };
        let mut seated = chosen.to_vec();
        seated.sort_by_key(|p| squad.iter().position(|s| s == p).unwrap_or(usize::MAX));
        team.lineup(&seated)
    }
}

/// The teams of the event, by id. Players without a team name are left out; withdrawn
/// players count for the id but do not play.
pub fn teams(players: &[Player], boards: usize) -> Vec<EventTeam> {
    let mut by_name: Vec<(String, Vec<(usize, &Player)>)> = Vec::new();
    for (order, p) in players.iter().enumerate() {
        let name = p.team.trim();
        if name.is_empty() {
            continue;
        }
        match by_name.iter_mut().find(|(n, _)| n == name) {
            Some((_, members)) => members.push((order, p)),
            None => by_name.push((name.to_string(), vec![(order, p)])),
        }
    }
    let mut teams: Vec<EventTeam> = by_name
        .into_iter()
        .map(|(name, mut members)| {
            let id = members.iter().map(|(_, p)| p.id).min().unwrap_or_default();
            members.retain(|(_, p)| p.present);
            members.sort_by_key(|&(order, p)| {
                (p.board.is_none(), p.board, Reverse(p.rank_value), Reverse(p.rating), order)
            });
            let ids: Vec<i64> = members.iter().map(|(_, p)| p.id).collect();
            let split = boards.min(ids.len());
            let strength = members.iter().take(boards).map(|(_, p)| i64::from(p.rank_value)).sum();
            EventTeam { id, name, roster: ids[..split].to_vec(), reserves: ids[split..].to_vec(), strength }
        })
        .collect();
    teams.sort_by_key(|t| t.id);
    teams
}

/// The team seeding for round 1: strongest roster first (sum of ranks, then id), or by lot.
pub fn team_seeding(plan: &EventPlan<'_>, players: &[Player]) -> Vec<i64> {
    let mut teams = teams(players, plan.settings.team_boards as usize);
    match plan.settings.seating {
        Seating::Strength => teams.sort_by_key(|t| (Reverse(t.strength), t.id)),
        Seating::Lot => teams.sort_by_key(|t| mix(plan.seed ^ mix(t.id as u64))),
    }
    teams.iter().map(|t| t.id).collect()
}

/// The team matches and team byes played so far, from the stored games: the games of a
/// round between the same two teams are one match, board order as stored; team A is the
/// team with Black on the first board.
pub fn team_history(players: &[Player], history: &History) -> (Vec<TeamMatchRecord>, Vec<TeamBye>) {
    let team_of = team_ids(players);
    let mut matches: Vec<TeamMatchRecord> = Vec::new();
    for g in &history.games {
        let (Some(&black), Some(&white)) = (team_of.get(&g.black), team_of.get(&g.white)) else { continue };
        let points = g.result.map(|r| r.points()).unwrap_or((0, 0));
        let found = matches.iter_mut().find(|m| {
            m.round == g.round && ((m.team_a, m.team_b) == (black, white) || (m.team_a, m.team_b) == (white, black))
        });
        match found {
            Some(m) if m.team_a == black => m.boards.push(points),
            Some(m) => m.boards.push((points.1, points.0)),
            None => {
                matches.push(TeamMatchRecord { round: g.round, team_a: black, team_b: white, boards: vec![points] })
            }
        }
    }
    let mut byes: Vec<TeamBye> = Vec::new();
    for b in &history.byes {
        if let Some(&team) = team_of.get(&b.player) {
            let bye = TeamBye { round: b.round, team };
            if !byes.contains(&bye) {
                byes.push(bye);
            }
        }
    }
    (matches, byes)
}

/// Player id → team id, for every player with a team name.
fn team_ids(players: &[Player]) -> HashMap<i64, i64> {
    let mut first: HashMap<&str, i64> = HashMap::new();
    for p in players.iter().filter(|p| !p.team.trim().is_empty()) {
        let id = first.entry(p.team.trim()).or_insert(p.id);
        *id = (*id).min(p.id);
    }
    players.iter().filter_map(|p| Some((p.id, *first.get(p.team.trim())?))).collect()
}

/// The two teams of a Swiss match, the one to have Black on board 1 first: the one that has
/// had it fewer times in `played`; between equals `a` (the higher placed) in odd rounds and `b`
/// in even rounds.
fn board_one_black_first(played: &[TeamMatchRecord], a: i64, b: i64, round: u32) -> (i64, i64) {
    // A match's team A is the team with Black on board 1 (see `team_history`).
    let blacks = |team: i64| played.iter().filter(|m| m.team_a == team).count();
    match blacks(a).cmp(&blacks(b)) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal if round % 2 == 1 => (a, b),
        std::cmp::Ordering::Equal => (b, a),
    }
}

/// The two teams of a Swiss match, the one to have Black on board 1 first, drawn by lot from
/// the round's seed (the same two teams draw the same way for the same round).
fn drawn_board_one(seed: u64, a: i64, b: i64) -> (i64, i64) {
    let (low, high) = (a.min(b), a.max(b));
    if mix(seed ^ mix((low as u64) << 32 ^ high as u64)) & 1 == 0 { (low, high) } else { (high, low) }
}

/// Round `number` of a team event. `seeding`: the team ids stored when round 1 was drafted
/// ([`team_seeding`]); `lineups`: team id → the players chosen for this round.
pub fn next_team_round(
    plan: &EventPlan<'_>,
    players: &[Player],
    history: &History,
    seeding: &[i64],
    lineups: &HashMap<i64, Vec<i64>>,
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    let boards = plan.settings.team_boards as usize;
    let teams: Vec<EventTeam> = teams(players, boards).into_iter().filter(|t| seeding.contains(&t.id)).collect();
    let team = |id: i64| teams.iter().find(|t| t.id == id).ok_or(NextRoundError::SeedingMissing);
    let seat = |id: i64, chosen: Option<&[i64]>| -> Result<LineUp, NextRoundError> {
        let t = team(id)?;
        t.lineup(boards, chosen).map_err(|e| NextRoundError::TeamLineUp(t.name.clone(), e))
    };
    let lineup_of = |id: i64| seat(id, lineups.get(&id).map(Vec::as_slice));
    let pairs: Vec<(i64, i64)>;
    let mut sitting_out: Vec<i64> = Vec::new();
    // Only the Swiss rounds choose colours here; a bracket or a table keeps its own.
    let mut balance_board_one = false;
    let (played, played_byes) = team_history(players, history);
    match plan.settings.team_pairing {
        TeamPairing::Swiss if knockout_start(plan).is_some_and(|start| number >= start) => {
            // The knockout stage: the bracket's matches are team ids; walkovers sit out.
            let round = knockout_draft(
                team_knockout(plan, players, seeding, history),
                knockout_start(plan).unwrap_or(1),
                number,
            )?;
            pairs = round.boards.iter().map(|b| (b.black, b.white)).collect();
            sitting_out = round.byes.iter().map(|&(team, _)| team).collect();
        }
        TeamPairing::Swiss => {
            if number > plan.rounds {
                return Err(NextRoundError::AllRoundsPaired(plan.rounds));
            }
            let ids: Vec<i64> = teams.iter().map(|t| t.id).collect();
            let table = compute_team_standings(&ids, &played, &played_byes, &[]);
            let field: Vec<SwissTeam> = teams
                .iter()
                .map(|t| {
                    let row = table.iter().find(|r| r.team == t.id).copied().unwrap_or_default();
                    SwissTeam {
                        id: t.id,
                        match_points: row.match_points,
                        game_points: row.game_points,
                        seed: seeding.iter().position(|&s| s == t.id).map_or(u32::MAX, |i| i as u32 + 1),
                        opponents: played
                            .iter()
                            .filter_map(|m| match (m.team_a == t.id, m.team_b == t.id) {
                                (true, _) => Some(m.team_b),
                                (_, true) => Some(m.team_a),
                                _ => None,
                            })
                            .collect(),
                        had_bye: played_byes.iter().any(|b| b.team == t.id),
                    }
                })
                .collect();
            let pairing = pair_team_swiss(&field).map_err(NextRoundError::Team)?;
            pairs = pairing.matches;
            balance_board_one = true;
            sitting_out.extend(pairing.bye);
        }
        TeamPairing::AllPlayAll => {
            return all_play_all_round(players, history, seeding, &seat, lineups, number, boards);
        }
        TeamPairing::RoundRobin => {
            let rounds = round_count(seeding.len(), plan.settings.cycles).map_err(NextRoundError::RoundRobin)?;
            // Fewer rounds set than the table has would leave it unfinished: said at round 1.
            if number == 1 && rounds > plan.rounds {
                return Err(NextRoundError::TableRounds { table: rounds, set: plan.rounds });
            }
            if number > rounds {
                return Err(NextRoundError::ScheduleComplete(rounds));
            }
            let table = pair_round_robin(seeding, plan.settings.cycles, number).map_err(NextRoundError::RoundRobin)?;
            pairs = table.boards.iter().map(|b| (b.black, b.white)).collect();
            sitting_out.extend(table.bye);
        }
    }
    let mut draft = DraftRound { boards: Vec::new(), costs: Vec::new(), byes: Vec::new(), rematches: Vec::new() };
    for (a, b) in pairs {
        // A Swiss match's colours (docs/PAIRING.md): the team with Black on board 1 has Black
        // on every odd board; board 1's Black is drawn for the match, or goes to the team that
        // has had it fewer times, and between equals to the first-named (higher placed) team
        // in odd rounds and the other in even rounds, so a team's board 1 alternates.
        let (a, b) = match (balance_board_one, plan.settings.team_colours) {
            (false, _) => (a, b),
            (true, Colours::Alternate) => board_one_black_first(&played, a, b, number),
            (true, Colours::Nigiri) => drawn_board_one(plan.seed, a, b),
        };
        let matched = TeamMatch::new(lineup_of(a)?, lineup_of(b)?).map_err(NextRoundError::Team)?;
        draft.boards.extend(matched.boards());
    }
    draft.costs = vec![None; draft.boards.len()];
    for id in sitting_out {
        draft.byes.extend(lineup_of(id)?.players().iter().map(|&p| (p, None)));
    }
    Ok(draft)
}

/// The seeds of a team Swiss's knockout stage (积分编排淘汰制): the top `knockout_after` teams by
/// the team table over the rounds before `start` (the event's team tie-breaks), among the
/// teams with enough players present for a full line-up.
pub fn team_stage_seeding(plan: &EventPlan<'_>, players: &[Player], history: &History, start: u32) -> Vec<i64> {
    let boards = plan.settings.team_boards as usize;
    let teams = teams(players, boards);
    let before = History {
        games: history.games.iter().filter(|g| g.round < start).copied().collect(),
        byes: history.byes.iter().filter(|b| b.round < start).copied().collect(),
        absences: Vec::new(),
    };
    let (matches, team_byes) = team_history(players, &before);
    let ids: Vec<i64> = teams.iter().map(|t| t.id).collect();
    compute_team_standings(&ids, &matches, &team_byes, &plan.settings.team_tie_breaks)
        .iter()
        .map(|row| row.team)
        .filter(|id| teams.iter().any(|t| t.id == *id && t.roster.len() == boards))
        .take(plan.settings.knockout_after as usize)
        .collect()
}

/// A knockout team match as stored: (round, team A with Black on board 1, team B, each board's
/// points for A and B once played).
type StageMatch = (u32, i64, i64, Vec<Option<(u32, u32)>>);

/// The knockout stage of a team Swiss: a single-elimination bracket of teams (a third-place
/// match from four), each match a team match of one game per board. A finished team match goes
/// to the team with more 局分; level, to the winner on the key board (主将, board 1); level
/// there too (drawn, void or both lost), to the higher seed. So a knockout team match is never
/// replayed. A match with a board still unplayed decides nothing yet.
pub fn team_knockout(
    plan: &EventPlan<'_>,
    players: &[Player],
    seeds: &[i64],
    history: &History,
) -> Result<Knockout, KnockoutError> {
    let start = knockout_start(plan).unwrap_or(1);
    let stage = stage_history(history, start);
    let team_of = team_ids(players);
    let mut matches: Vec<StageMatch> = Vec::new();
    for g in &stage.games {
        let (Some(&black), Some(&white)) = (team_of.get(&g.black), team_of.get(&g.white)) else { continue };
        let points = g.result.map(|r| r.points());
        match matches.iter_mut().find(|m| m.0 == g.round && (m.1 == black || m.1 == white)) {
            Some(m) if m.1 == black => m.3.push(points),
            Some(m) => m.3.push(points.map(|(b, w)| (w, b))),
            None => matches.push((g.round, black, white, vec![points])),
        }
    }
    let seed_of = |team: i64| seeds.iter().position(|&s| s == team).unwrap_or(usize::MAX);
    let games = matches
        .into_iter()
        .map(|(round, a, b, boards)| {
            let boards: Option<Vec<(u32, u32)>> = boards.into_iter().collect();
            let result = boards.map(|boards| {
                let (for_a, for_b) = boards.iter().fold((0, 0), |(x, y), &(p, q)| (x + p, y + q));
                let key = boards.first().copied().unwrap_or((0, 0));
                let a_wins = match (for_a.cmp(&for_b), key.0.cmp(&key.1)) {
                    (std::cmp::Ordering::Equal, std::cmp::Ordering::Equal) => seed_of(a) < seed_of(b),
                    (std::cmp::Ordering::Equal, on_key_board) => on_key_board.is_gt(),
                    (on_games, _) => on_games.is_gt(),
                };
                let winner = if a_wins { Color::Black } else { Color::White };
                GameResult::Win { winner, margin: Margin::Unspecified }
            });
            PlayedGame { round, black: a, white: b, result, handicap: 0, ruling: None }
        })
        .collect();
    rebuild_knockout(&stage_settings(plan, seeds), seeds, &History { games, byes: stage.byes, absences: Vec::new() })
}

/// Seats a team's chosen players (None: its roster) as a line-up.
type SeatTeam<'a> = dyn Fn(i64, Option<&[i64]>) -> Result<LineUp, NextRoundError> + 'a;

/// Round `number` of a team all-play-all (全队循环制): the two seeded teams' line-ups of round 1
/// (later rounds read them back from round 1's boards), seated by [`team_all_play_all`].
fn all_play_all_round(
    players: &[Player],
    history: &History,
    seeding: &[i64],
    seat: &SeatTeam<'_>,
    lineups: &HashMap<i64, Vec<i64>>,
    number: u32,
    boards: usize,
) -> Result<DraftRound, NextRoundError> {
    let &[a, b] = seeding else { return Err(NextRoundError::AllPlayAllTeams(seeding.len())) };
    if number > boards as u32 {
        return Err(NextRoundError::ScheduleComplete(boards as u32));
    }
    let (line_a, line_b) = if number == 1 {
        (seat(a, lineups.get(&a).map(Vec::as_slice))?, seat(b, lineups.get(&b).map(Vec::as_slice))?)
    } else {
        let team_of = team_ids(players);
        let first: Vec<&PlayedGame> = history.games.iter().filter(|g| g.round == 1).collect();
        let side = |team: i64| {
            let played: Vec<i64> = first
                .iter()
                .filter_map(|g| [g.black, g.white].into_iter().find(|p| team_of.get(p) == Some(&team)))
                .collect();
            seat(team, Some(&played))
        };
        (side(a)?, side(b)?)
    };
    let schedule = team_all_play_all(&line_a, &line_b).map_err(NextRoundError::Team)?;
    let boards = schedule.into_iter().nth(number as usize - 1).ok_or(NextRoundError::SeedingMissing)?;
    Ok(DraftRound { costs: vec![None; boards.len()], boards, byes: Vec::new(), rematches: Vec::new() })
}

/// The matches of a team all-play-all as one: its rounds together are the team match (局分 over
/// every game decide 场分), named by its last round.
pub fn as_one_match(matches: &[TeamMatchRecord]) -> Vec<TeamMatchRecord> {
    let Some(first) = matches.first() else { return Vec::new() };
    let mut whole = TeamMatchRecord { round: 0, team_a: first.team_a, team_b: first.team_b, boards: Vec::new() };
    for m in matches {
        whole.round = whole.round.max(m.round);
        let flip = m.team_a != whole.team_a;
        whole.boards.extend(m.boards.iter().map(|&(a, b)| if flip { (b, a) } else { (a, b) }));
    }
    vec![whole]
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::color::Color;
    use crate::result::{GameResult, Margin};
    use crate::tournament::event::{System, SystemSettings};
    use crate::tournament::pairing::event_round::PlayedGame;
    use crate::tournament::standings::ByeRecord;

    pub(crate) fn player(id: i64, team: &str, board: Option<i32>, rank_value: i32) -> Player {
        Player {
            id,
            name: format!("{team} {id}"),
            rank_value,
            rating: None,
            club: String::new(),
            country: String::new(),
            team: team.into(),
            board,
            present: true,
        }
    }

    fn plan(settings: &SystemSettings, rounds: u32) -> EventPlan<'_> {
        EventPlan { system: System::Team, settings, rounds, seed: 7 }
    }

    #[test]
    fn teams_follow_board_numbers_then_strength_and_skip_withdrawn_players() {
        let mut players = vec![
            player(5, "East", None, 3),
            player(2, "East", Some(2), 1),
            player(9, "East", Some(1), 0),
            player(4, "East", None, 5),
            player(3, "", None, 9),
        ];
        players[3].present = false;
        let teams = teams(&players, 2);
        assert_eq!(teams.len(), 1);
        assert_eq!(teams[0].id, 2);
        assert_eq!(teams[0].roster, vec![9, 2]);
        assert_eq!(teams[0].reserves, vec![5]);
        // A reserve takes the seat of the regular they replace, in the registered order.
        let lineup = teams[0].lineup(2, Some(&[5, 9])).map(|l| l.players().to_vec());
        assert_eq!(lineup, Ok(vec![9, 5]));
        assert!(teams[0].lineup(2, Some(&[9, 3])).is_err(), "a player from outside the team");
    }

    /// Teams A–D, strongest first, of two players each: team A is players 11 and 12 (id 11),
    /// B 21 and 22, and so on.
    fn four_teams_of_two() -> Vec<Player> {
        [("A", 10), ("B", 8), ("C", 6), ("D", 4)]
            .iter()
            .enumerate()
            .flat_map(|(t, &(name, rank))| {
                let base = 10 * (t as i64 + 1);
                [player(base + 1, name, Some(1), rank), player(base + 2, name, Some(2), rank - 1)]
            })
            .collect()
    }

    /// Four teams of two boards, team Swiss over two rounds, results by hand.
    #[test]
    fn team_swiss_pairs_by_match_points_and_builds_the_table() {
        let settings = SystemSettings { team_boards: 2, ..SystemSettings::default() };
        let plan = plan(&settings, 3);
        let players = four_teams_of_two();
        let seeds = team_seeding(&plan, &players);
        assert_eq!(seeds, vec![11, 21, 31, 41]);
        let mut history = History::default();
        let round1 = next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), 1).expect("round 1");
        // Seeds 1–2 and 3–4; team A Black on board 1.
        assert_eq!(
            round1.boards.iter().map(|b| (b.black, b.white)).collect::<Vec<_>>(),
            vec![(11, 21), (22, 12), (31, 41), (42, 32)]
        );
        // A beats B 2–0 boards (4:0); C and D split (2:2).
        let win = |winner| Some(GameResult::Win { winner, margin: Margin::Resignation });
        let results = [win(Color::Black), win(Color::White), win(Color::Black), win(Color::Black)];
        for (b, result) in round1.boards.iter().zip(results) {
            history.games.push(PlayedGame {
                round: 1,
                black: b.black,
                white: b.white,
                result,
                handicap: 0,
                ruling: None,
            });
        }
        let round2 = next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), 2).expect("round 2");
        // Groups: A (2), C and D (1 each), B (0): A meets C or D, never B again. Board 1's
        // Black: A and C both had it in round 1, D and B neither; in an even round the
        // second-named of equals takes it (C, B).
        let teams_met: Vec<(i64, i64)> =
            round2.boards.iter().step_by(2).map(|b| (b.black / 10, b.white / 10)).collect();
        assert_eq!(teams_met, vec![(3, 1), (2, 4)]);
        let ids: Vec<i64> = teams(&players, 2).iter().map(|t| t.id).collect();
        let (matches, byes) = team_history(&players, &history);
        let table = compute_team_standings(&ids, &matches, &byes, &settings.team_tie_breaks);
        let summary: Vec<(i64, u32, u32, u32)> =
            table.iter().map(|r| (r.team, r.place, r.match_points, r.game_points)).collect();
        assert_eq!(summary, vec![(11, 1, 2, 4), (31, 2, 1, 2), (41, 2, 1, 2), (21, 4, 0, 0)]);
    }

    /// The board-1 rule alternates a team's colour on board 1: fewer Blacks on board 1 first,
    /// then by round parity.
    #[test]
    fn board_one_goes_to_the_team_that_had_it_fewer_times() {
        let record = |round, team_a, team_b| TeamMatchRecord { round, team_a, team_b, boards: vec![(2, 0)] };
        assert_eq!(board_one_black_first(&[], 1, 2, 1), (1, 2));
        assert_eq!(board_one_black_first(&[], 1, 2, 2), (2, 1));
        let played = [record(1, 1, 2)];
        assert_eq!(board_one_black_first(&played, 1, 2, 2), (2, 1), "2 has not had it yet");
        assert_eq!(board_one_black_first(&played, 1, 2, 3), (2, 1), "whatever the round's parity");
        let played = [record(1, 1, 2), record(2, 2, 1)];
        assert_eq!(board_one_black_first(&played, 1, 2, 3), (1, 2));
    }

    /// Drawn for every match: the same whichever team is named first, and either team over
    /// the rounds.
    #[test]
    fn board_one_can_be_drawn_for_every_match() {
        let draws: Vec<(i64, i64)> = (1..=40).map(|round| drawn_board_one(7 << 32 | round, 11, 31)).collect();
        for (round, &drawn) in (1..=40).zip(&draws) {
            assert_eq!(drawn_board_one(7 << 32 | round, 31, 11), drawn, "round {round}");
        }
        let first = draws.iter().filter(|&&(black, _)| black == 11).count();
        assert!((10..=30).contains(&first), "team 11 has board 1's Black in {first} of 40 rounds");
    }

    #[test]
    fn team_round_robin_with_a_bye_team_gives_its_line_up_byes() {
        let settings =
            SystemSettings { team_boards: 1, team_pairing: TeamPairing::RoundRobin, ..SystemSettings::default() };
        let players = vec![player(1, "A", None, 5), player(2, "B", None, 4), player(3, "C", None, 3)];
        // Three teams take three rounds: an event set to two is told so, not run to three.
        let seeds = team_seeding(&plan(&settings, 2), &players);
        assert_eq!(
            next_team_round(&plan(&settings, 2), &players, &History::default(), &seeds, &HashMap::new(), 1)
                .map(|d| d.boards.len()),
            Err(NextRoundError::TableRounds { table: 3, set: 2 })
        );
        let plan = plan(&settings, 3);
        let mut seen_byes = Vec::new();
        let mut history = History::default();
        for round in 1..=3 {
            let draft = next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), round).expect("round");
            assert_eq!(draft.boards.len(), 1);
            seen_byes.extend(draft.byes.iter().map(|b| b.0));
            history.byes.extend(draft.byes.iter().map(|b| ByeRecord { round, player: b.0 }));
        }
        seen_byes.sort_unstable();
        assert_eq!(seen_byes, vec![1, 2, 3], "each team sits out once");
        assert_eq!(
            next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), 4),
            Err(NextRoundError::ScheduleComplete(3))
        );
        let (_, byes) = team_history(&players, &history);
        assert_eq!(byes.len(), 3);
    }

    /// 全队循环制 with two boards: round 2 reads the line-ups back from round 1 (a reserve stays
    /// in), the schedule ends after two rounds, and three teams are refused.
    #[test]
    fn team_all_play_all_keeps_round_ones_line_ups() {
        let settings =
            SystemSettings { team_boards: 2, team_pairing: TeamPairing::AllPlayAll, ..SystemSettings::default() };
        let plan = plan(&settings, 0);
        let mut players = vec![
            player(1, "A", Some(1), 5),
            player(2, "A", Some(2), 4),
            player(5, "A", None, 1),
            player(3, "B", Some(1), 5),
        ];
        players.push(player(4, "B", Some(2), 4));
        let seeds = team_seeding(&plan, &players);
        let chosen = HashMap::from([(1, vec![1, 5])]);
        let round1 = next_team_round(&plan, &players, &History::default(), &seeds, &chosen, 1).expect("round 1");
        let pairs = |d: &DraftRound| d.boards.iter().map(|b| (b.black, b.white)).collect::<Vec<_>>();
        assert_eq!(pairs(&round1), vec![(1, 3), (5, 4)]);
        let mut history = History::default();
        for b in &round1.boards {
            history.games.push(PlayedGame {
                round: 1,
                black: b.black,
                white: b.white,
                result: None,
                handicap: 0,
                ruling: None,
            });
        }
        let round2 = next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), 2).expect("round 2");
        assert_eq!(pairs(&round2), vec![(4, 1), (3, 5)], "A's reserve 5 plays on; B has Black where i + j is odd");
        assert_eq!(
            next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), 3),
            Err(NextRoundError::ScheduleComplete(2))
        );
        players.push(player(6, "C", None, 3));
        players.push(player(7, "C", None, 2));
        let three = team_seeding(&plan, &players);
        assert_eq!(
            next_team_round(&plan, &players, &History::default(), &three, &HashMap::new(), 1),
            Err(NextRoundError::AllPlayAllTeams(3))
        );
    }

    /// A team Swiss of two rounds, then a knockout of the top four teams (积分编排淘汰制). The
    /// lower team id wins every Swiss game: A, then B and C level (B first by id), then D. In
    /// the semi-finals D levels 1–1 with A and goes through on the key board (主将); B and C draw
    /// both boards and B goes through as the higher seed. B wins the final, C third place.
    #[test]
    fn a_team_swiss_followed_by_a_knockout_decides_level_matches_on_the_key_board_then_seed() {
        let settings = SystemSettings { team_boards: 2, knockout_after: 4, ..SystemSettings::default() };
        let plan = plan(&settings, 2);
        assert_eq!(knockout_start(&plan), Some(3));
        let players = four_teams_of_two();
        let team_of = |id: i64| id / 10 * 10 + 1;
        // `winner(lower team, higher team, board index)`: the team winning that board, None a draw.
        let play =
            |history: &mut History, round: u32, draft: &DraftRound, winner: &dyn Fn(i64, i64, usize) -> Option<i64>| {
                for (i, b) in draft.boards.iter().enumerate() {
                    let (black, white) = (team_of(b.black), team_of(b.white));
                    let result = match winner(black.min(white), black.max(white), i % 2) {
                        Some(team) if team == black => {
                            GameResult::Win { winner: Color::Black, margin: Margin::Resignation }
                        }
                        Some(_) => GameResult::Win { winner: Color::White, margin: Margin::Resignation },
                        None => GameResult::Draw,
                    };
                    history.games.push(PlayedGame {
                        round,
                        black: b.black,
                        white: b.white,
                        result: Some(result),
                        handicap: 0,
                        ruling: None,
                    });
                }
            };
        let matches = |draft: &DraftRound| {
            let mut met: Vec<(i64, i64)> = draft
                .boards
                .iter()
                .step_by(2)
                .map(|b| (team_of(b.black).min(team_of(b.white)), team_of(b.black).max(team_of(b.white))))
                .collect();
            met.sort_unstable();
            met
        };
        let seeds = team_seeding(&plan, &players);
        let mut history = History::default();
        for round in 1..=2 {
            let draft = next_team_round(&plan, &players, &history, &seeds, &HashMap::new(), round).expect("Swiss");
            play(&mut history, round, &draft, &|lower, _, _| Some(lower));
        }
        let stage = crate::tournament::pairing::event_round::knockout_stage_seeding(&plan, &players, &history, &seeds);
        assert_eq!(stage, vec![11, 21, 31, 41]);

        let semis = next_team_round(&plan, &players, &history, &stage, &HashMap::new(), 3).expect("semi-finals");
        assert_eq!(matches(&semis), vec![(11, 41), (21, 31)], "1–4 and 2–3");
        play(&mut history, 3, &semis, &|lower, higher, board| match (lower, board) {
            (11, 0) => Some(higher),
            (11, _) => Some(lower),
            _ => None,
        });
        let finals = next_team_round(&plan, &players, &history, &stage, &HashMap::new(), 4).expect("finals");
        assert_eq!(matches(&finals), vec![(11, 31), (21, 41)], "the final and the match for third place");
        play(&mut history, 4, &finals, &|lower, higher, _| if lower == 21 { Some(lower) } else { Some(higher) });
        let knockout = team_knockout(&plan, &players, &stage, &history).expect("the bracket rebuilds");
        let places: Vec<(u32, i64)> =
            knockout.placings().unwrap_or_default().iter().map(|p| (p.place, p.player)).collect();
        assert_eq!(places, vec![(1, 21), (2, 41), (3, 31), (4, 11)]);
        assert_eq!(
            next_team_round(&plan, &players, &history, &stage, &HashMap::new(), 5),
            Err(NextRoundError::ChampionKnown(21))
        );
    }

    #[test]
    fn a_team_short_of_players_is_named() {
        let settings = SystemSettings { team_boards: 2, ..SystemSettings::default() };
        let plan = plan(&settings, 3);
        let players = vec![player(1, "A", None, 5), player(2, "A", None, 4), player(3, "B", None, 3)];
        let seeds = team_seeding(&plan, &players);
        let error = next_team_round(&plan, &players, &History::default(), &seeds, &HashMap::new(), 1);
        assert!(matches!(error, Err(NextRoundError::TeamLineUp(ref name, _)) if name == "B"), "{error:?}");
    }
}
