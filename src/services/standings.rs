//! Standings from the published rounds, by the event's system: a table ranked by the event's
//! tie-break order (Swiss, McMahon, round robin, best-of; see `domain::tournament::standings`) with a
//! cross-table cell per round, the bracket and placings of a knockout, a best-of match's
//! score, and a team event's team table (with each player's board results below it).
use std::collections::{HashMap, HashSet};

use sea_orm::ConnectionTrait;

use crate::db::entities::{event, player};
use crate::domain::color::Color;
use crate::domain::result::{GameResult, Margin};
use crate::domain::tournament::event::{System, TeamPairing};
use crate::domain::tournament::pairing::event_round::{self, initial_score};
use crate::domain::tournament::pairing::knockout::{Knockout, MatchStatus, StageName};
use crate::domain::tournament::pairing::round_robin::round_robin_groups;
use crate::domain::tournament::pairing::team::{TeamStandingRow, TeamTieBreak, compute_team_standings};
use crate::domain::tournament::pairing::team_event;
use crate::domain::tournament::standings::{Entrant, GameRecord, TieBreak, Tradition, compute_standings_with};
use crate::error::{AppError, AppResult};
use crate::services::queries;

pub struct StandingView {
    /// The row's number in the cross-table (1, 2, 3 … in order, unique even where places are
    /// shared: OpenGotha's convention), which the cells name opponents by.
    pub number: u32,
    pub place: u32,
    pub player: player::Model,
    /// Half-points (积分: win 2, draw 1).
    pub points: u32,
    /// 对手分 in half-points of the score.
    pub sos: i64,
    /// One value per column of [`Standings::columns`] (None: not counted for this player).
    pub values: Vec<Option<i64>>,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    /// One cell per published round, as in a printed cross-table.
    pub cells: Vec<CrossCell>,
    /// The player's group in a group round robin (places are within it), and whether the
    /// row is the group's first.
    pub group: Option<(u32, bool)>,
}

/// A player's round in the cross-table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrossCell {
    NotPaired,
    Bye,
    /// Against the player numbered `opponent` in the table, with `colour`.
    Game {
        opponent: u32,
        colour: Color,
        outcome: CellOutcome,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellOutcome {
    /// No result yet.
    Pending,
    Won,
    Drawn,
    Lost,
    /// Won or lost without play (不战胜 / 不战负).
    WonByForfeit,
    LostByForfeit,
    /// Void (no result, 无胜负).
    NoResult,
}

/// One game of a knockout match: the players (teams in a team event) and its result (a team
/// match's 局分, team A first).
pub struct MatchGame {
    pub black: String,
    pub white: String,
    pub result: Option<GameResult>,
    pub team_points: Option<(u32, u32)>,
}

/// One match of a knockout, as the bracket page shows it.
pub struct MatchView {
    /// What the match is called (the final, a semi-final …).
    pub stage: StageName,
    pub a: (u32, String),
    /// `None`: a walkover.
    pub b: Option<(u32, String)>,
    /// Its games, replays included.
    pub games: Vec<MatchGame>,
    pub winner: Option<String>,
    pub awaiting_ruling: bool,
}

pub struct BracketRound {
    pub number: u32,
    pub matches: Vec<MatchView>,
}

pub struct KnockoutView {
    pub rounds: Vec<BracketRound>,
    /// Final places once the champion is known: (place, name).
    pub placings: Vec<(u32, String)>,
}

/// A best-of match: each player's score in games, in half-points (draws count ½), and the
/// winner.
pub struct BestOfView {
    pub games: u32,
    pub sides: Vec<(String, u32)>,
    pub winner: Option<String>,
}

/// One line of a team event's table.
pub struct TeamRowView {
    pub place: u32,
    pub name: String,
    pub row: TeamStandingRow,
}

/// A team match as played: round, team A, its 局分, team B's 局分, team B.
pub struct TeamMatchView {
    pub round: u32,
    pub a: String,
    pub a_points: u32,
    pub b_points: u32,
    pub b: String,
}

pub struct TeamTableView {
    pub rows: Vec<TeamRowView>,
    pub matches: Vec<TeamMatchView>,
    /// (round, team) of each team bye.
    pub byes: Vec<(u32, String)>,
    pub tie_breaks: Vec<TeamTieBreak>,
}

pub struct Standings {
    pub rounds: Vec<i32>,
    pub rows: Vec<StandingView>,
    pub columns: Vec<TieBreak>,
    pub tradition: Tradition,
    pub knockout: Option<KnockoutView>,
    pub best_of: Option<BestOfView>,
    pub team: Option<TeamTableView>,
}

/// The bracket of `knockout`, its round `r` shown as event round `r + offset` (published rounds
/// only), seeds numbered from 1.
fn knockout_view(
    knockout: &Knockout,
    seeds: &[i64],
    published: &[i32],
    offset: u32,
    name: &dyn Fn(i64) -> String,
    game_of: &dyn Fn(&GameRecord) -> MatchGame,
) -> KnockoutView {
    let seed_of = |id: i64| seeds.iter().position(|s| *s == id).map_or(0, |i| i as u32 + 1);
    let rounds = knockout
        .rounds()
        .iter()
        .filter(|r| published.contains(&((r.number + offset) as i32)))
        .map(|r| BracketRound {
            number: r.number + offset,
            matches: r
                .matches
                .iter()
                .map(|m| MatchView {
                    stage: r.stage_name(m),
                    a: (seed_of(m.a.player), name(m.a.player)),
                    b: m.b.map(|b| (seed_of(b.player), name(b.player))),
                    games: m.games.iter().map(game_of).collect(),
                    winner: m.winner.map(name),
                    awaiting_ruling: m.status() == MatchStatus::AwaitingRuling,
                })
                .collect(),
        })
        .collect();
    let placings = knockout.placings().unwrap_or_default().iter().map(|p| (p.place, name(p.player))).collect();
    KnockoutView { rounds, placings }
}

pub async fn compute(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<Standings> {
    let (system, settings) = queries::system_of(event)?;
    let published: Vec<_> = queries::rounds(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let past = queries::history(conn, &published).await?;
    let games = past.game_records();
    // Standings tell namesakes apart.
    let everyone = queries::as_shown(queries::players(conn, event.id).await?);
    let by_id: HashMap<i64, &player::Model> = everyone.iter().map(|p| (i64::from(p.id), p)).collect();
    let name = |id: i64| by_id.get(&id).map(|p| p.name.clone()).unwrap_or_default();
    let plan = event_round::EventPlan { system, settings: &settings, rounds: 0, seed: 0 };
    let seeds = queries::stored_seeding(event);
    let rules = settings.tie_break_rules();
    let mut standings = Standings {
        rounds: published.iter().map(|r| r.number).collect(),
        rows: Vec::new(),
        columns: rules.order().to_vec(),
        tradition: rules.tradition(),
        knockout: None,
        best_of: None,
        team: None,
    };
    let domain = queries::domain_players(&everyone);
    let teams = team_event::teams(&domain, settings.team_boards as usize);
    let team_name = |id: i64| teams.iter().find(|t| t.id == id).map(|t| t.name.clone()).unwrap_or_default();
    let stage_start = queries::knockout_start(event, system, &settings);
    let before_stage = |round: u32| stage_start.is_none_or(|start| round < start);
    if system == System::Team {
        let before = event_round::History {
            games: past.games.iter().filter(|g| before_stage(g.round)).copied().collect(),
            byes: past.byes.iter().filter(|b| before_stage(b.round)).copied().collect(),
            absences: Vec::new(),
        };
        let (mut matches, byes) = team_event::team_history(&domain, &before);
        if settings.team_pairing == TeamPairing::AllPlayAll {
            matches = team_event::as_one_match(&matches);
        }
        let ids: Vec<i64> = teams.iter().map(|t| t.id).collect();
        standings.team = Some(TeamTableView {
            rows: compute_team_standings(&ids, &matches, &byes, &settings.team_tie_breaks)
                .into_iter()
                .map(|row| TeamRowView { place: row.place, name: team_name(row.team), row })
                .collect(),
            matches: matches
                .iter()
                .map(|m| {
                    let (a_points, b_points) = m.game_points();
                    TeamMatchView { round: m.round, a: team_name(m.team_a), a_points, b_points, b: team_name(m.team_b) }
                })
                .collect(),
            byes: byes.iter().map(|b| (b.round, team_name(b.team))).collect(),
            tie_breaks: settings.team_tie_breaks.clone(),
        });
    }

    // A knockout, or the knockout stage after a Swiss, McMahon, team Swiss or group round robin
    // (积分编排淘汰制): the bracket (of teams in a team event, each game a team match).
    if let Some(start) = stage_start {
        let offset = start - 1;
        let seeds = queries::knockout_seeding(event, system);
        let knockout = match queries::knockout_of(event, system, &settings, &domain, &past) {
            Some(Ok(knockout)) if seeds.len() >= 2 => Some(knockout),
            Some(Err(e)) if seeds.len() >= 2 => {
                return Err(AppError::Internal(anyhow::anyhow!("event {}: knockout does not rebuild: {e}", event.id)));
            }
            _ => None,
        };
        let (team_matches, _) = team_event::team_history(&domain, &past);
        let game_of = |g: &GameRecord| match system {
            System::Team => {
                // The team match's 局分, team A (Black on board 1) first.
                let round = g.round + offset;
                let team_points =
                    team_matches.iter().find(|m| m.round == round && m.team_a == g.black).map(|m| m.game_points());
                MatchGame { black: team_name(g.black), white: team_name(g.white), result: None, team_points }
            }
            _ => MatchGame { black: name(g.black), white: name(g.white), result: g.result, team_points: None },
        };
        let label = |id: i64| if system == System::Team { team_name(id) } else { name(id) };
        standings.knockout = Some(match knockout {
            Some(knockout) => knockout_view(&knockout, &seeds, &standings.rounds, offset, &label, &game_of),
            None => KnockoutView { rounds: Vec::new(), placings: Vec::new() },
        });
        if system == System::Knockout {
            return Ok(standings);
        }
        // The table covers the rounds before the stage.
        standings.rounds.retain(|&r| (r as u32) < start);
    }
    if system == System::BestOf && seeds.len() == 2 {
        let state = event_round::best_of_state(&settings, &seeds, &past).map_err(|e| AppError::Internal(e.into()))?;
        standings.best_of = Some(BestOfView {
            games: settings.best_of,
            sides: state.scores.iter().map(|&(id, half_points)| (name(id), half_points)).collect(),
            winner: state.winner.map(name),
        });
    }

    // A group round robin ranks each group on its own (分组循环); otherwise one table.
    let pools: Vec<(Option<u32>, Vec<i64>)> = match system {
        System::RoundRobin if settings.groups > 1 && !seeds.is_empty() => round_robin_groups(&seeds, settings.groups)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("event {}: groups: {e}", event.id)))?
            .into_iter()
            .enumerate()
            .map(|(i, members)| (Some(i as u32 + 1), members))
            .collect(),
        _ => vec![(None, everyone.iter().map(|p| i64::from(p.id)).collect())],
    };
    let games: Vec<_> = games.into_iter().filter(|g| before_stage(g.round)).collect();
    let table_byes: Vec<_> = past.byes.iter().filter(|b| before_stage(b.round)).copied().collect();
    let table_absences: Vec<_> = past.absences.iter().filter(|a| before_stage(a.round)).copied().collect();
    let published: Vec<_> = published.into_iter().filter(|r| before_stage(r.number as u32)).collect();
    for (group, members) in pools {
        let members: HashSet<i64> = members.into_iter().collect();
        let in_pool = |id: i64| members.contains(&id);
        let entrants: Vec<Entrant> = everyone
            .iter()
            .filter(|p| in_pool(i64::from(p.id)))
            .map(|p| Entrant { id: i64::from(p.id), initial_score: initial_score(&plan, p.rank_value, p.rating) })
            .collect();
        let pool_games: Vec<_> = games.iter().filter(|g| in_pool(g.black) && in_pool(g.white)).copied().collect();
        let pool_byes: Vec<_> = table_byes.iter().filter(|b| in_pool(b.player)).copied().collect();
        let pool_absences: Vec<_> = table_absences.iter().filter(|a| in_pool(a.player)).copied().collect();
        let table = compute_standings_with(&entrants, &pool_games, &pool_byes, &pool_absences, &rules)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("event {}: standings: {e}", event.id)))?;
        let number_of: HashMap<i64, u32> = table.iter().enumerate().map(|(i, r)| (r.player, i as u32 + 1)).collect();
        for (index, row) in table.into_iter().enumerate() {
            let Some(p) = by_id.get(&row.player) else { continue };
            let cells = published
                .iter()
                .map(|r| {
                    let n = r.number as u32;
                    if table_byes.iter().any(|b| b.round == n && b.player == row.player) {
                        return CrossCell::Bye;
                    }
                    // The last game of the round: a best-of replays a void game in a later round.
                    let Some(g) =
                        games.iter().rev().find(|g| g.round == n && (g.black == row.player || g.white == row.player))
                    else {
                        return CrossCell::NotPaired;
                    };
                    let (opponent, colour, mine) = if g.black == row.player {
                        (g.white, Color::Black, g.result.as_ref().map(|res| res.points().0))
                    } else {
                        (g.black, Color::White, g.result.as_ref().map(|res| res.points().1))
                    };
                    let forfeit = matches!(g.result, Some(GameResult::Win { margin: Margin::Forfeit, .. }));
                    let outcome = match (g.result, mine) {
                        (None, _) => CellOutcome::Pending,
                        (Some(GameResult::NoResult), _) => CellOutcome::NoResult,
                        (_, Some(2)) if forfeit => CellOutcome::WonByForfeit,
                        (_, Some(2)) => CellOutcome::Won,
                        (_, Some(1)) => CellOutcome::Drawn,
                        _ if forfeit => CellOutcome::LostByForfeit,
                        _ => CellOutcome::Lost,
                    };
                    CrossCell::Game { opponent: number_of.get(&opponent).copied().unwrap_or(0), colour, outcome }
                })
                .collect();
            standings.rows.push(StandingView {
                number: index as u32 + 1,
                place: row.place,
                player: (*p).clone(),
                points: row.points,
                sos: row.sos,
                values: standings.columns.iter().map(|t| row.value(*t)).collect(),
                wins: row.wins,
                draws: row.draws,
                losses: row.losses,
                byes: row.byes,
                cells,
                group: group.map(|number| (number, index == 0)),
            });
        }
    }
    Ok(standings)
}
