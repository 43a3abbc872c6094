//! What an event's next round is drawn from and what it yields — the plan, the players,
//! what has been played, the draft and why none can be made — and the knockout as the stored
//! games rebuild it. The systems' own drawing (`event_round`, `team_event`, `relay_event`)
//! stands on this file; it stands on none of them.
use std::fmt;

use crate::message::Message;

use super::best_of::BestOfError;
use super::gotha::GothaError;
use super::knockout::{BothLoseRuling, Knockout, KnockoutError, KnockoutSettings, MatchStatus};
use super::relay::RelayError;
use super::round_robin::RoundRobinError;
use super::team::TeamError;
use super::{Board, BoardCost, PairingError};
use crate::result::GameResult;
use crate::tournament::event::{System, SystemSettings, TeamPairing};
use crate::tournament::standings::{AbsentRecord, ByeRecord, GameRecord};

/// What the next round needs to know about the event.
#[derive(Debug, Clone, Copy)]
pub struct EventPlan<'a> {
    pub system: System,
    pub settings: &'a SystemSettings,
    /// Rounds before a knockout stage: the director's (Swiss, McMahon, team Swiss), the
    /// group table's (round robin, see [`rounds_before_stage`]).
    pub rounds: u32,
    /// Seeds every random choice (lots, split-and-random, nigiri), so a draft can be made again.
    pub seed: u64,
}

/// A registered player, in registration order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: i64,
    /// As registered (OpenGotha's weights key players and draw lots by name).
    pub name: String,
    pub rank_value: i32,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub team: String,
    /// Board in the team's registered order (team events).
    pub board: Option<i32>,
    /// Not withdrawn.
    pub present: bool,
}

#[cfg(test)]
impl Player {
    /// A present player of no team, named after the id, for the pairing tests.
    pub(crate) fn for_test(id: i64, rank_value: i32, rating: Option<i32>, club: String) -> Player {
        Player {
            id,
            name: format!("Player {id}"),
            rank_value,
            rating,
            club,
            country: String::new(),
            team: String::new(),
            board: None,
            present: true,
        }
    }
}

/// One game as stored, in playing order (round, then board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedGame {
    pub round: u32,
    pub black: i64,
    pub white: i64,
    pub result: Option<GameResult>,
    /// Stones given (0: an even game); OpenGotha's colour balance counts even games only.
    pub handicap: u8,
    /// A director's ruling after a knockout game both players lost.
    pub ruling: Option<BothLoseRuling>,
}

/// Everything played so far, in playing order.
#[derive(Debug, Clone, Default)]
pub struct History {
    pub games: Vec<PlayedGame>,
    pub byes: Vec<ByeRecord>,
    /// Rounds players sat out (absent or skipped): scored by the event's `absent_score`.
    pub absences: Vec<AbsentRecord>,
}

impl History {
    pub fn game_records(&self) -> Vec<GameRecord> {
        self.games
            .iter()
            .map(|g| GameRecord { round: g.round, black: g.black, white: g.white, result: g.result })
            .collect()
    }
}

/// The round to draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftRound {
    pub boards: Vec<Board>,
    /// Same order as `boards`; `None` where a table or bracket decided, not a search.
    pub costs: Vec<Option<BoardCost>>,
    /// Byes (Swiss, McMahon, round robin) or walkovers (knockout).
    pub byes: Vec<(i64, Option<BoardCost>)>,
    /// `(black, white)` of boards that repeat an earlier game (only when none could be avoided).
    pub rematches: Vec<(i64, i64)>,
}

/// Why no next round can be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextRoundError {
    /// Swiss/McMahon: the director's number of rounds is reached.
    AllRoundsPaired(u32),
    /// Round robin: the table's rounds are all drafted.
    ScheduleComplete(u32),
    /// A team round robin's table has `table` rounds where the event is set to fewer, `set`:
    /// the director sets the number the table needs (nothing is run past what was set).
    TableRounds {
        table: u32,
        set: u32,
    },
    /// Knockout: the champion is known.
    ChampionKnown(i64),
    /// Best-of: the match is decided.
    MatchDecided(i64),
    /// Best-of needs exactly two players present when it starts.
    BestOfNeedsTwo(usize),
    /// Round 1 of a table or bracket needs a seeding, later rounds the stored one.
    SeedingMissing,
    Pairing(PairingError),
    /// OpenGotha's weights could not pair the event (cannot happen with the defaults given).
    Gotha(GothaError),
    RoundRobin(RoundRobinError),
    Knockout(KnockoutError),
    BestOf(BestOfError),
    Team(TeamError),
    /// A team's line-up for the round cannot be made (team name, why).
    TeamLineUp(String, TeamError),
    /// Team all-play-all (全队循环制) is between two teams; this many were seeded.
    AllPlayAllTeams(usize),
    Relay(RelayError),
    /// Relay: this team (id) has won the match.
    RelayWon(i64),
}

impl fmt::Display for NextRoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NextRoundError::AllRoundsPaired(n) => write!(f, "all {n} rounds are paired"),
            NextRoundError::ScheduleComplete(n) => write!(f, "the round robin's {n} rounds are all paired"),
            NextRoundError::TableRounds { table, set } => {
                write!(f, "the round robin takes {table} rounds; the event is set to {set}")
            }
            NextRoundError::ChampionKnown(id) => write!(f, "the knockout is over: player {id} is the champion"),
            NextRoundError::MatchDecided(id) => write!(f, "the match is decided: player {id} has won it"),
            NextRoundError::BestOfNeedsTwo(n) => {
                write!(f, "a best-of match is between two players; {n} are registered and not withdrawn")
            }
            NextRoundError::SeedingMissing => f.write_str("the seeding of round 1 is missing"),
            NextRoundError::AllPlayAllTeams(n) => write!(f, "an all-play-all is between two teams; {n} are registered"),
            NextRoundError::Pairing(e) => e.fmt(f),
            NextRoundError::Gotha(e) => e.fmt(f),
            NextRoundError::RoundRobin(e) => e.fmt(f),
            NextRoundError::Knockout(e) => e.fmt(f),
            NextRoundError::BestOf(e) => e.fmt(f),
            NextRoundError::Team(e) => e.fmt(f),
            NextRoundError::TeamLineUp(team, e) => write!(f, "team {team}: {e}"),
            NextRoundError::Relay(e) => e.fmt(f),
            NextRoundError::RelayWon(team) => write!(f, "the relay is over: team {team} has won it"),
        }
    }
}

impl std::error::Error for NextRoundError {}

impl NextRoundError {
    /// What a director is told: why the next round cannot be made, in words for what a
    /// director can meet, with the technical detail for what only a bug reaches.
    pub fn message(&self) -> Message {
        match self {
            NextRoundError::AllRoundsPaired(n) => Message::new("error-all-rounds-paired").number("n", *n),
            NextRoundError::ScheduleComplete(_)
            | NextRoundError::ChampionKnown(_)
            | NextRoundError::MatchDecided(_)
            | NextRoundError::RelayWon(_)
            | NextRoundError::Knockout(KnockoutError::EventOver) => Message::new("error-event-over"),
            NextRoundError::BestOfNeedsTwo(n) => Message::new("error-best-of-two").number("n", *n as i64),
            NextRoundError::AllPlayAllTeams(n) => Message::new("error-all-play-all-teams").number("n", *n as i64),
            NextRoundError::SeedingMissing => Message::new("error-seeding-missing"),
            NextRoundError::TableRounds { table, set } => {
                Message::new("error-table-rounds").number("table", *table).number("set", *set)
            }
            NextRoundError::Pairing(PairingError::NotEnoughPlayers)
            | NextRoundError::RoundRobin(RoundRobinError::TooFewPlayers(_))
            | NextRoundError::Knockout(KnockoutError::NotEnoughPlayers) => Message::new("error-pairing-two-players"),
            NextRoundError::RoundRobin(RoundRobinError::TooManyPlayers(n)) => {
                Message::new("error-round-robin-too-many")
                    .number("n", *n as i64)
                    .number("max", super::round_robin::MAX_PLAYERS as i64)
            }
            NextRoundError::RoundRobin(RoundRobinError::GroupsTooSmall { players, groups }) => {
                Message::new("error-groups-too-small")
                    .number("players", *players as i64)
                    .number("groups", *groups as i64)
            }
            NextRoundError::Knockout(KnockoutError::RoundUnfinished(n)) => {
                Message::new("error-knockout-round-unfinished").number("n", *n)
            }
            NextRoundError::Team(e) => e.message(),
            NextRoundError::TeamLineUp(team, e) => {
                Message::new("error-team-of").text("team", team.as_str()).nested("why", e.message())
            }
            other => Message::new("error-pairing-internal").text("detail", other.to_string()),
        }
    }
}

/// The event round in which its knockout starts: 1 for a knockout; for a Swiss, McMahon or
/// group round robin with a knockout stage (积分编排淘汰制) the round after the director's rounds
/// or the group table; None without one (or before a round robin's groups are drawn).
pub fn knockout_start(plan: &EventPlan<'_>) -> Option<u32> {
    let staged = plan.settings.knockout_after >= 1 && plan.rounds >= 1;
    match plan.system {
        System::Knockout => Some(1),
        System::Swiss | System::McMahon | System::RoundRobin if staged => Some(plan.rounds + 1),
        System::Team if staged && plan.settings.team_pairing == TeamPairing::Swiss => Some(plan.rounds + 1),
        _ => None,
    }
}

/// A knockout stage's settings: single elimination, a third-place game from four seeds.
pub fn stage_settings(plan: &EventPlan<'_>, seeds: &[i64]) -> SystemSettings {
    SystemSettings { lives: 1, third_place_game: seeds.len() >= 4, ..plan.settings.clone() }
}

/// The games and byes from round `start` on, renumbered from 1.
pub fn stage_history(history: &History, start: u32) -> History {
    History {
        games: history
            .games
            .iter()
            .filter(|g| g.round >= start)
            .map(|g| PlayedGame { round: g.round + 1 - start, ..*g })
            .collect(),
        byes: history
            .byes
            .iter()
            .filter(|b| b.round >= start)
            .map(|b| ByeRecord { round: b.round + 1 - start, ..*b })
            .collect(),
        // A knockout is drawn from the bracket: nobody sits out a round of it.
        absences: Vec::new(),
    }
}

/// The knockout as the stored games and rulings make it: round 1 from the seeds, then for
/// each later round of `history` the next round, with every result and ruling entered in
/// playing order. Fails if a stored game does not fit the bracket.
pub fn rebuild_knockout(
    settings: &SystemSettings,
    seeds: &[i64],
    history: &History,
) -> Result<Knockout, KnockoutError> {
    let mut knockout =
        Knockout::new(seeds, KnockoutSettings { lives: settings.lives, third_place_game: settings.third_place_game })?;
    let last = history.games.iter().map(|g| g.round).chain(history.byes.iter().map(|b| b.round)).max().unwrap_or(1);
    for round in 1..=last {
        if round > 1 {
            knockout.next_round()?;
        }
        for game in history.games.iter().filter(|g| g.round == round) {
            let Some(result) = game.result else { continue };
            knockout.record(game.black, game.white, result)?;
            if let (GameResult::BothLose, Some(ruling)) = (result, game.ruling) {
                knockout.rule_both_lose(game.black, game.white, ruling)?;
            }
        }
    }
    Ok(knockout)
}

/// The round of a knockout that is round `number` of the event, the knockout starting in
/// round `start` (in a team event: the team matches, team ids as black and white).
pub fn knockout_draft(
    knockout: Result<Knockout, KnockoutError>,
    start: u32,
    number: u32,
) -> Result<DraftRound, NextRoundError> {
    // Fewer than two seeds: the knockout says it needs two players.
    let mut knockout = knockout.map_err(NextRoundError::Knockout)?;
    if number > start {
        if let Some(champion) = knockout.champion() {
            return Err(NextRoundError::ChampionKnown(champion));
        }
        knockout.next_round().map_err(NextRoundError::Knockout)?;
    }
    let round = knockout.current_round();
    let boards = round.games_to_play();
    let byes =
        round.matches.iter().filter(|m| m.status() == MatchStatus::Walkover).map(|m| (m.a.player, None)).collect();
    Ok(DraftRound { costs: vec![None; boards.len()], boards, byes, rematches: Vec::new() })
}
