//! Knockout (淘汰制): single, double and multiple elimination (单败, 双败, 多败淘汰;
//! Chinese Competition Rules 1988, Art. 27), `System::Knockout { lives }`.
//!
//! A player is out after `lives` lost matches. The caller gives the players in seed order
//! (by rank, rating or an earlier stage's standings: its choice); seed 1 is the first.
//! [`Knockout::new`] makes round 1, [`Knockout::record`] enters results and
//! [`Knockout::next_round`] makes the next round from them. Everything is deterministic, so
//! the event can be rebuilt from the seeds by entering its results and rulings again in order.
//!
//! Choices the rules leave open:
//! - **Bracket** (one and two lives): the bracket has the next power of two of lines and the
//!   usual layout, so seeds 1 and 2 can only meet in the final, 1–4 in the semi-finals and so
//!   on; for 16 the first-round lines are 1–16, 8–9, 5–12, 4–13, 6–11, 3–14, 7–10, 2–15.
//!   Empty lines are byes and fall to the top seeds. A bye is a walkover: the player goes
//!   through without a game, and it is not a win (record no bye points for it).
//! - **Single elimination** (one life): with the `third_place_game` setting the semi-final
//!   losers play for third place in the final round; it is a classification game, so losing
//!   it costs no life. Without it (or with only one semi-final played, three players) the
//!   semi-final losers share third place.
//! - **Double elimination** (two lives): a winners' and a losers' bracket. Winners' round 1
//!   losers meet in pairs in losers' round 1. Losers of winners' round r (r ≥ 2) drop into
//!   losers' round 2r − 2 against the losers'-bracket survivor of the neighbouring section
//!   (position i meets the drop from position i xor 1), so the match a player drops into is
//!   never a rematch (with byes it can be a walkover), except for the winners' final loser,
//!   who meets the last losers'-bracket player. Later losers'-bracket games can be
//!   rematches, as in every standard double-elimination bracket. Winners' round r is event round r and
//!   losers' round j is event round j + 1. The grand final (event round 2·levels) sets the
//!   winners' champion against the losers' champion; if the losers' champion wins, both
//!   have lost once and a reset game decides (the next round).
//! - **Three or more lives**: each round the players still in are grouped by losses and each
//!   group is paired on its own: in an odd group the best seed has a bye (a walkover, as
//!   above), and the rest play top against bottom by seed (1–n, 2–(n−1), …) with as few
//!   rematches as possible. If every group has a single player, they are paired as one group
//!   ordered by losses, then seed. So an unbeaten player can sit out several rounds while the
//!   others play down to them, like the winners' champion in double elimination. Every round
//!   has a game, so the event ends; round 1 pairs 1–n, 2–(n−1), … without a bracket.
//! - **Draws and void games** (和棋, 无胜负, e.g. a triple ko) decide nothing: the game is
//!   replayed at once, in the same round, with colours swapped.
//! - **Both lose** (双方均负) decides nothing either, but the director must rule
//!   ([`Knockout::rule_both_lose`]): a replay (the usual choice) or one player goes through
//!   (e.g. by lot). Eliminating both would break the bracket and is not offered.
//! - **Colours**: the player with fewer blacks so far in this knockout takes black; if equal,
//!   the higher seed takes black on odd boards and white on even boards (boards counted in
//!   the round's order, walkovers not counted).
//! - **Placings**: champion first; everyone else by the round they went out, later is
//!   better; players out in the same round share the place (the third-place game separates
//!   the semi-final losers). In double elimination that gives 1, 2, 3, 4, 5–6, 7–8, ….

use crate::message::Message;
use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::super::standings::GameRecord;
use super::Board;
use super::matching::{Edge, max_weight_matching};
use crate::color::Color;
use crate::result::GameResult;

/// How the knockout is run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutSettings {
    /// Lost matches that put a player out: 1 single, 2 double, 3 or more multiple elimination.
    pub lives: u32,
    /// Single elimination only: the semi-final losers play for third place.
    pub third_place_game: bool,
}

/// The part of the event a match belongs to, for the bracket page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bracket {
    /// Single elimination.
    Main,
    /// Single elimination: the game for third place.
    ThirdPlace,
    /// Double elimination: players without a loss.
    Winners,
    /// Double elimination: players with one loss.
    Losers,
    /// Double elimination: winners' against losers' champion; stage 2 is the reset game.
    GrandFinal,
    /// Three or more lives: the players with this many losses.
    Group { losses: u32 },
    /// Three or more lives: every loss group had a single player, so all were paired together.
    Mixed,
}

/// A player with their seed (1 is the top seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seeded {
    pub player: i64,
    pub seed: u32,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchStatus {
    /// No opponent: `a` goes through without a game.
    Walkover,
    /// The first game has no result yet.
    ToPlay,
    /// An earlier game was drawn, void or ruled to be replayed; the replay has no result yet.
    Replay,
    /// The last game ended with both losing: the director must rule.
    AwaitingRuling,
    /// The winner is known.
    Decided,
}

/// One pairing of the bracket: one game, or more when games are replayed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Match {
    pub bracket: Bracket,
    /// The round within its bracket: the single-elimination, winners' or losers' round
    /// (losers' round j is event round j + 1); 1 or 2 (reset) for the grand final; 1 for
    /// the third-place game; the event round for loss groups.
    pub stage: u32,
    /// 0-based, from the top of the bracket chart within the stage.
    pub position: u32,
    /// The upper line; the better seed in a first-round line.
    pub a: Seeded,
    /// `None`: a bye.
    pub b: Option<Seeded>,
    /// In order; the last is the current one. Empty for a walkover.
    pub games: Vec<GameRecord>,
    pub winner: Option<i64>,
}

/// One round of the event: every match in it can be played at the same time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub matches: Vec<Match>,
}

/// What a match is called, as a director says it: the final, the semi-finals, …
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageName {
    Final,
    SemiFinal,
    QuarterFinal,
    /// An earlier single-elimination round: the round of this many players (16强).
    RoundOf(u32),
    ThirdPlace,
    /// Double elimination: the winners' or the losers' round.
    Winners(u32),
    Losers(u32),
    GrandFinal,
    /// Three or more lives: the players with this many losses.
    Group(u32),
    Mixed,
}

impl Round {
    /// What `m`, a match of this round, is called: a single-elimination round by how many
    /// matches its bracket has in the round (walkovers included, so a bracket of 8 with 6
    /// players starts with the quarter-finals).
    pub fn stage_name(&self, m: &Match) -> StageName {
        match m.bracket {
            Bracket::Main => match self.matches.iter().filter(|x| x.bracket == Bracket::Main).count() {
                1 => StageName::Final,
                2 => StageName::SemiFinal,
                4 => StageName::QuarterFinal,
                n => StageName::RoundOf(2 * n as u32),
            },
            Bracket::ThirdPlace => StageName::ThirdPlace,
            Bracket::Winners => StageName::Winners(m.stage),
            Bracket::Losers => StageName::Losers(m.stage),
            Bracket::GrandFinal => StageName::GrandFinal,
            Bracket::Group { losses } => StageName::Group(losses),
            Bracket::Mixed => StageName::Mixed,
        }
    }
}

/// The director's ruling after a game in which both players lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BothLoseRuling {
    /// Replay the game at once, colours swapped.
    Replay,
    /// This player goes through (e.g. drawn by lot); the other loses the match.
    Advance(i64),
}

/// A final place; tied players share it and the next place skips (3, 3, 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    pub place: u32,
    pub player: i64,
}

/// Why a knockout cannot be set up or moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnockoutError {
    NotEnoughPlayers,
    DuplicatePlayer(i64),
    NoLives,
    ThirdPlaceNeedsSingleElimination,
    NoSuchGame { black: i64, white: i64 },
    NotAwaitingRuling { black: i64, white: i64 },
    NotInGame { player: i64, black: i64, white: i64 },
    RoundUnfinished(u32),
    EventOver,
}

impl KnockoutError {
    /// What a director is told (see `TeamError::message`).
    pub fn message(&self) -> Message {
        match *self {
            KnockoutError::NotEnoughPlayers => Message::new("error-pairing-two-players"),
            KnockoutError::RoundUnfinished(n) => Message::new("error-knockout-round-unfinished").number("n", n),
            KnockoutError::EventOver => Message::new("error-event-over"),
            other => Message::new("error-pairing-internal").text("detail", other.to_string()),
        }
    }
}

impl fmt::Display for KnockoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnockoutError::NotEnoughPlayers => f.write_str("a knockout needs at least two players"),
            KnockoutError::DuplicatePlayer(id) => write!(f, "player {id} is listed more than once in the seeding"),
            KnockoutError::NoLives => f.write_str("players need at least one life (1 = single elimination)"),
            KnockoutError::ThirdPlaceNeedsSingleElimination => {
                f.write_str("a third-place game is only played in single elimination (one life)")
            }
            KnockoutError::NoSuchGame { black, white } => {
                write!(f, "there is no unplayed game {black} (black) against {white} (white) in the current round")
            }
            KnockoutError::NotAwaitingRuling { black, white } => write!(
                f,
                "the game {black} (black) against {white} (white) in the current round is not awaiting a ruling"
            ),
            KnockoutError::NotInGame { player, black, white } => {
                write!(f, "player {player} did not play in the game {black} (black) against {white} (white)")
            }
            KnockoutError::RoundUnfinished(round) => {
                write!(f, "round {round} is not finished: every match needs a winner first")
            }
            KnockoutError::EventOver => f.write_str("the knockout is over: the champion is known"),
        }
    }
}

impl std::error::Error for KnockoutError {}

impl Match {
    pub fn status(&self) -> MatchStatus {
        if self.b.is_none() {
            return MatchStatus::Walkover;
        }
        if self.winner.is_some() {
            return MatchStatus::Decided;
        }
        match self.games.last().and_then(|g| g.result) {
            Some(GameResult::BothLose) => MatchStatus::AwaitingRuling,
            _ if self.games.len() > 1 => MatchStatus::Replay,
            _ => MatchStatus::ToPlay,
        }
    }

    /// The player who lost the match (none for a walkover or an undecided match).
    pub fn loser(&self) -> Option<i64> {
        self.outcome().1.map(|e| e.player)
    }

    /// (winner, loser) once decided.
    fn outcome(&self) -> (Option<Seeded>, Option<Seeded>) {
        match (self.winner, self.b) {
            (Some(w), Some(b)) if w == b.player => (Some(b), Some(self.a)),
            (Some(_), b) => (Some(self.a), b),
            (None, _) => (None, None),
        }
    }

    fn unplayed_game(&self, black: i64, white: i64) -> bool {
        self.winner.is_none()
            && self.games.last().is_some_and(|g| g.black == black && g.white == white && g.result.is_none())
    }

    fn push_replay(&mut self) {
        if let Some(last) = self.games.last() {
            let replay = GameRecord { round: last.round, black: last.white, white: last.black, result: None };
            self.games.push(replay);
        }
    }
}

impl Round {
    /// Every match has a winner.
    pub fn is_complete(&self) -> bool {
        self.matches.iter().all(|m| m.winner.is_some())
    }

    /// The games still to be played, replays included. Knockout games are even (no handicap).
    pub fn games_to_play(&self) -> Vec<Board> {
        self.matches
            .iter()
            .filter(|m| matches!(m.status(), MatchStatus::ToPlay | MatchStatus::Replay))
            .filter_map(|m| m.games.last())
            .map(|g| Board { black: g.black, white: g.white, handicap: 0 })
            .collect()
    }
}

/// A match to be made: both sides empty makes none, one side empty a walkover.
struct Slot {
    bracket: Bracket,
    stage: u32,
    position: u32,
    a: Option<Seeded>,
    b: Option<Seeded>,
}

/// A knockout event in progress. Not deserialised: rebuild it from the seeds and the games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Knockout {
    settings: KnockoutSettings,
    seeds: Vec<i64>,
    /// Never empty: round 1 is made by `new`.
    rounds: Vec<Round>,
}

impl Knockout {
    /// Sets up the event and makes round 1. `seeds` are player ids, top seed first.
    pub fn new(seeds: &[i64], settings: KnockoutSettings) -> Result<Knockout, KnockoutError> {
        if settings.lives == 0 {
            return Err(KnockoutError::NoLives);
        }
        if settings.third_place_game && settings.lives != 1 {
            return Err(KnockoutError::ThirdPlaceNeedsSingleElimination);
        }
        let mut seen = HashSet::new();
        if let Some(&id) = seeds.iter().find(|&&id| !seen.insert(id)) {
            return Err(KnockoutError::DuplicatePlayer(id));
        }
        if seeds.len() < 2 {
            return Err(KnockoutError::NotEnoughPlayers);
        }
        let mut knockout = Knockout { settings, seeds: seeds.to_vec(), rounds: Vec::new() };
        let first = knockout.make_round(1);
        knockout.rounds.push(first);
        Ok(knockout)
    }

    pub fn settings(&self) -> KnockoutSettings {
        self.settings
    }

    /// Player ids in seed order.
    pub fn seeds(&self) -> &[i64] {
        &self.seeds
    }

    /// Round 1 first; the last is the current round.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The latest round (there is always one).
    pub fn current_round(&self) -> &Round {
        &self.rounds[self.rounds.len() - 1]
    }

    /// Enters the result of an unplayed game of the current round. A win decides the match;
    /// a draw or void game adds a replay with colours swapped; both-lose awaits a ruling.
    pub fn record(&mut self, black: i64, white: i64, result: GameResult) -> Result<MatchStatus, KnockoutError> {
        let m = self.current_match(|m| m.unplayed_game(black, white), KnockoutError::NoSuchGame { black, white })?;
        if let Some(game) = m.games.last_mut() {
            game.result = Some(result);
        }
        match result.winner() {
            Some(Color::Black) => m.winner = Some(black),
            Some(Color::White) => m.winner = Some(white),
            None if result == GameResult::BothLose => {}
            None => m.push_replay(),
        }
        Ok(m.status())
    }

    /// The director's ruling on a game of the current round that both players lost.
    pub fn rule_both_lose(
        &mut self,
        black: i64,
        white: i64,
        ruling: BothLoseRuling,
    ) -> Result<MatchStatus, KnockoutError> {
        let awaiting = |m: &Match| {
            m.status() == MatchStatus::AwaitingRuling
                && m.games.last().is_some_and(|g| g.black == black && g.white == white)
        };
        let m = self.current_match(awaiting, KnockoutError::NotAwaitingRuling { black, white })?;
        match ruling {
            BothLoseRuling::Replay => m.push_replay(),
            BothLoseRuling::Advance(player) if player == black || player == white => m.winner = Some(player),
            BothLoseRuling::Advance(player) => return Err(KnockoutError::NotInGame { player, black, white }),
        }
        Ok(m.status())
    }

    /// Makes the next round from the results of the current one, which must be complete.
    pub fn next_round(&mut self) -> Result<&Round, KnockoutError> {
        if !self.current_round().is_complete() {
            return Err(KnockoutError::RoundUnfinished(self.current_round().number));
        }
        if self.champion().is_some() {
            return Err(KnockoutError::EventOver);
        }
        let round = self.make_round(self.current_round().number + 1);
        self.rounds.push(round);
        Ok(self.current_round())
    }

    /// The winner, once the event is over.
    pub fn champion(&self) -> Option<i64> {
        if !self.current_round().is_complete() {
            return None;
        }
        match self.alive().as_slice() {
            [(one, _)] => Some(one.player),
            _ => None,
        }
    }

    /// Lost matches so far (the third-place game does not count: it costs no life).
    pub fn losses(&self, player: i64) -> u32 {
        self.matches().filter(|m| m.bracket != Bracket::ThirdPlace && m.loser() == Some(player)).count() as u32
    }

    /// Final places, champion first, once the event is over; see the module notes.
    pub fn placings(&self) -> Option<Vec<Placing>> {
        let champion = self.champion()?;
        // Higher is better: (round gone out, 1 unless beaten in the third-place game).
        let key = |player: i64| -> (u32, u32) {
            if player == champion {
                return (u32::MAX, 1);
            }
            let third_place_loser =
                self.matches().any(|m| m.bracket == Bracket::ThirdPlace && m.loser() == Some(player));
            (self.round_out(player), u32::from(!third_place_loser))
        };
        let mut keyed: Vec<((u32, u32), i64)> = self.seeds.iter().map(|&p| (key(p), p)).collect();
        // Stable: within a shared place, seed order.
        keyed.sort_by_key(|&(k, _)| Reverse(k));
        let placings = keyed
            .iter()
            .map(|&(k, player)| {
                let better = keyed.iter().take_while(|(other, _)| *other > k).count();
                Placing { place: better as u32 + 1, player }
            })
            .collect();
        Some(placings)
    }

    /// The round in which `player` lost their last life (0 if they have not).
    fn round_out(&self, player: i64) -> u32 {
        let mut losses = 0;
        for round in &self.rounds {
            for m in &round.matches {
                if m.bracket != Bracket::ThirdPlace && m.loser() == Some(player) {
                    losses += 1;
                    if losses == self.settings.lives {
                        return round.number;
                    }
                }
            }
        }
        0
    }

    fn matches(&self) -> impl Iterator<Item = &Match> {
        self.rounds.iter().flat_map(|r| &r.matches)
    }

    fn entrants(&self) -> impl Iterator<Item = Seeded> {
        self.seeds.iter().enumerate().map(|(i, &player)| Seeded { player, seed: i as u32 + 1 })
    }

    /// Players with a life left, in seed order, with their losses.
    fn alive(&self) -> Vec<(Seeded, u32)> {
        let mut losses: HashMap<i64, u32> = HashMap::new();
        for player in self.matches().filter(|m| m.bracket != Bracket::ThirdPlace).filter_map(Match::loser) {
            *losses.entry(player).or_default() += 1;
        }
        self.entrants()
            .map(|e| (e, losses.get(&e.player).copied().unwrap_or_default()))
            .filter(|&(_, losses)| losses < self.settings.lives)
            .collect()
    }

    /// The current round's match that `wanted` picks, else `missing`.
    fn current_match(
        &mut self,
        wanted: impl Fn(&Match) -> bool,
        missing: KnockoutError,
    ) -> Result<&mut Match, KnockoutError> {
        let index = self.rounds.len() - 1;
        self.rounds[index].matches.iter_mut().find(|m| wanted(m)).ok_or(missing)
    }
}

/// Planning rounds.
impl Knockout {
    /// Round `number` from the results so far, with colours.
    fn make_round(&self, number: u32) -> Round {
        let slots = match self.settings.lives {
            1 => self.plan_single(number),
            2 => self.plan_double(number),
            _ => self.plan_groups(number),
        };
        let mut blacks: HashMap<i64, usize> = HashMap::new();
        for game in self.matches().flat_map(|m| &m.games) {
            *blacks.entry(game.black).or_default() += 1;
        }
        let mut matches = Vec::with_capacity(slots.len());
        let mut board = 0;
        for slot in slots {
            let (a, b) = match (slot.a, slot.b) {
                (Some(a), b) => (a, b),
                (None, Some(b)) => (b, None),
                (None, None) => continue,
            };
            let mut m = Match {
                bracket: slot.bracket,
                stage: slot.stage,
                position: slot.position,
                a,
                b,
                games: Vec::new(),
                winner: None,
            };
            match b {
                None => m.winner = Some(a.player),
                Some(b) => {
                    board += 1;
                    let (black, white) = if takes_black(&blacks, a, b, board) { (a, b) } else { (b, a) };
                    m.games.push(GameRecord { round: number, black: black.player, white: white.player, result: None });
                }
            }
            matches.push(m);
        }
        Round { number, matches }
    }

    /// Bracket rounds: log2 of the bracket size (the next power of two of the field).
    fn levels(&self) -> u32 {
        self.seeds.len().next_power_of_two().trailing_zeros()
    }

    fn seeded(&self, seed: usize) -> Option<Seeded> {
        self.seeds.get(seed - 1).map(|&player| Seeded { player, seed: seed as u32 })
    }

    /// (winner, loser) of a match made earlier; nothing for a match never made (both lines empty).
    fn outcome(&self, bracket: Bracket, stage: u32, position: u32) -> (Option<Seeded>, Option<Seeded>) {
        self.matches()
            .find(|m| m.bracket == bracket && m.stage == stage && m.position == position)
            .map_or((None, None), Match::outcome)
    }

    /// Round `stage` of a bracket where winners go on: the single-elimination or winners' bracket.
    fn plan_bracket(&self, bracket: Bracket, stage: u32) -> Vec<Slot> {
        let size = 1u32 << self.levels();
        if stage == 1 {
            return favourites(size as usize / 2)
                .into_iter()
                .zip(0..)
                .map(|(s, position)| Slot {
                    bracket,
                    stage,
                    position,
                    a: self.seeded(s),
                    b: self.seeded(size as usize + 1 - s),
                })
                .collect();
        }
        (0..size >> stage)
            .map(|position| Slot {
                bracket,
                stage,
                position,
                a: self.outcome(bracket, stage - 1, 2 * position).0,
                b: self.outcome(bracket, stage - 1, 2 * position + 1).0,
            })
            .collect()
    }

    fn plan_single(&self, round: u32) -> Vec<Slot> {
        let levels = self.levels();
        let mut slots = if round <= levels { self.plan_bracket(Bracket::Main, round) } else { Vec::new() };
        if round == levels && levels >= 2 && self.settings.third_place_game {
            let semi_final_loser = |position| self.outcome(Bracket::Main, levels - 1, position).1;
            if let (Some(a), Some(b)) = (semi_final_loser(0), semi_final_loser(1)) {
                slots.push(Slot { bracket: Bracket::ThirdPlace, stage: 1, position: 0, a: Some(a), b: Some(b) });
            }
        }
        slots
    }

    fn plan_double(&self, round: u32) -> Vec<Slot> {
        let levels = self.levels();
        let mut slots = Vec::new();
        if round <= levels {
            slots.extend(self.plan_bracket(Bracket::Winners, round));
        }
        if (2..2 * levels).contains(&round) {
            slots.extend(self.plan_losers(round - 1));
        }
        if round == 2 * levels {
            let winners_champion = self.outcome(Bracket::Winners, levels, 0).0;
            let losers_champion = if levels == 1 {
                self.outcome(Bracket::Winners, 1, 0).1
            } else {
                self.outcome(Bracket::Losers, 2 * levels - 2, 0).0
            };
            slots.push(Slot {
                bracket: Bracket::GrandFinal,
                stage: 1,
                position: 0,
                a: winners_champion,
                b: losers_champion,
            });
        }
        if round == 2 * levels + 1
            && let Some(first) = self.matches().find(|m| m.bracket == Bracket::GrandFinal)
            && first.b.map(|b| b.player) == first.winner
        {
            slots.push(Slot { bracket: Bracket::GrandFinal, stage: 2, position: 0, a: Some(first.a), b: first.b });
        }
        slots
    }

    /// Losers' round `stage` (1 ..= 2·levels − 2); see the module notes.
    fn plan_losers(&self, stage: u32) -> Vec<Slot> {
        let size = 1u32 << self.levels();
        let slot = |position, a, b| Slot { bracket: Bracket::Losers, stage, position, a, b };
        let survivor = |position| self.outcome(Bracket::Losers, stage - 1, position).0;
        if stage == 1 {
            let loser = |position| self.outcome(Bracket::Winners, 1, position).1;
            (0..size / 4).map(|i| slot(i, loser(2 * i), loser(2 * i + 1))).collect()
        } else if stage.is_multiple_of(2) {
            let dropping_round = stage / 2 + 1;
            let count = size >> dropping_round;
            let dropped = |position| self.outcome(Bracket::Winners, dropping_round, position).1;
            (0..count).map(|i| slot(i, survivor(i), dropped(if count >= 2 { i ^ 1 } else { i }))).collect()
        } else {
            let count = size >> (stage / 2 + 2);
            (0..count).map(|i| slot(i, survivor(2 * i), survivor(2 * i + 1))).collect()
        }
    }

    /// Three or more lives; see the module notes.
    fn plan_groups(&self, round: u32) -> Vec<Slot> {
        let mut by_losses: BTreeMap<u32, Vec<Seeded>> = BTreeMap::new();
        for (e, losses) in self.alive() {
            by_losses.entry(losses).or_default().push(e);
        }
        let groups: Vec<(Bracket, Vec<Seeded>)> = if by_losses.values().all(|g| g.len() == 1) {
            vec![(Bracket::Mixed, by_losses.into_values().flatten().collect())]
        } else {
            by_losses.into_iter().map(|(losses, g)| (Bracket::Group { losses }, g)).collect()
        };
        let met: HashSet<(i64, i64)> =
            self.matches().flat_map(|m| &m.games).map(|g| (g.black.min(g.white), g.black.max(g.white))).collect();
        let mut slots = Vec::new();
        for (bracket, mut members) in groups {
            let mut pairs = Vec::new();
            if !members.len().is_multiple_of(2) {
                pairs.push((members.remove(0), None));
            }
            pairs.extend(fold_pairs(&members, &met).into_iter().map(|(a, b)| (a, Some(b))));
            slots.extend(pairs.into_iter().zip(0..).map(|((a, b), position)| Slot {
                bracket,
                stage: round,
                position,
                a: Some(a),
                b,
            }));
        }
        slots
    }
}

/// Whether `a` takes black against `b` on this board (1-based), given the blacks so far;
/// see the module notes.
fn takes_black(blacks: &HashMap<i64, usize>, a: Seeded, b: Seeded, board: u32) -> bool {
    let count = |e: Seeded| blacks.get(&e.player).copied().unwrap_or_default();
    if count(a) != count(b) {
        return count(a) < count(b);
    }
    (a.seed < b.seed) == (board % 2 == 1)
}

/// The favourite of each first-round line, top of the chart first, for `sections` lines
/// (a power of two). Each step splits every section in two: the favourite `s` is joined by
/// `2m + 1 − s` (m = the new number of sections) placed above it, except that seed 1 stays on
/// top. For 8 lines: 1, 8, 5, 4, 6, 3, 7, 2.
fn favourites(sections: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < sections {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| if s == 1 { [1, m] } else { [m + 1 - s, s] }).collect();
    }
    order
}

/// Pairs an even group (in seed order) top against bottom, with as few rematches as possible.
///
/// Weights: a pairing without a rematch earns a bonus larger than any sum of the other
/// terms, so rematches are minimised first; then `g² − i·j` (1-based places i, j) is
/// maximised, i.e. the sum of products is minimised, which the fold 1–g, 2–(g−1), … does
/// uniquely.
fn fold_pairs(members: &[Seeded], met: &HashSet<(i64, i64)>) -> Vec<(Seeded, Seeded)> {
    let met_before = |a: &Seeded, b: &Seeded| met.contains(&(a.player.min(b.player), a.player.max(b.player)));
    let fold: Vec<(Seeded, Seeded)> =
        members.iter().zip(members.iter().rev()).take(members.len() / 2).map(|(a, b)| (*a, *b)).collect();
    // Without a rematch the fold itself is the answer: skip the matching.
    if !fold.iter().any(|(a, b)| met_before(a, b)) {
        return fold;
    }
    let g = members.len() as i128;
    let scale = g * g;
    let fresh_bonus = g / 2 * scale + 1;
    let mut edges = Vec::new();
    for (i, a) in members.iter().enumerate() {
        for (j, b) in members.iter().enumerate().skip(i + 1) {
            let fold_score = scale - (i as i128 + 1) * (j as i128 + 1);
            edges.push(Edge { u: i, v: j, weight: fold_score + if met_before(a, b) { 0 } else { fresh_bonus } });
        }
    }
    max_weight_matching(members.len(), &edges, true)
        .into_iter()
        .enumerate()
        .filter_map(|(i, mate)| mate.filter(|&j| j > i).map(|j| (members[i], members[j])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Player ids 101, 102, … in seed order: id = 100 + seed.
    fn field(n: i64) -> Vec<i64> {
        (1..=n).map(|seed| 100 + seed).collect()
    }

    fn single(third_place_game: bool) -> KnockoutSettings {
        KnockoutSettings { lives: 1, third_place_game }
    }

    fn lives(lives: u32) -> KnockoutSettings {
        KnockoutSettings { lives, third_place_game: false }
    }

    fn start(n: i64, settings: KnockoutSettings) -> Knockout {
        match Knockout::new(&field(n), settings) {
            Ok(k) => k,
            Err(e) => panic!("setting up {n} players failed: {e}"),
        }
    }

    fn result(text: &str) -> GameResult {
        GameResult::parse(text).expect("a valid result text")
    }

    /// Plays the current round: each game must be an unplayed game with exactly these
    /// colours (so this checks the pairing and the colours), and afterwards no game may be
    /// left. Then makes the next round unless the event is over.
    fn play_round(ko: &mut Knockout, games: &[(i64, i64, &str)]) {
        let number = ko.current_round().number;
        for &(black, white, text) in games {
            if let Err(e) = ko.record(black, white, result(text)) {
                panic!("round {number}: {e}");
            }
        }
        assert!(ko.current_round().is_complete(), "round {number} has games left");
        if ko.champion().is_none() {
            assert!(ko.next_round().is_ok(), "round {} could not be made", number + 1);
        }
    }

    /// (bracket, a, b) of every match of the current round.
    fn lines(ko: &Knockout) -> Vec<(Bracket, i64, Option<i64>)> {
        ko.current_round().matches.iter().map(|m| (m.bracket, m.a.player, m.b.map(|b| b.player))).collect()
    }

    fn seed_lines(ko: &Knockout) -> Vec<(u32, Option<u32>)> {
        ko.current_round().matches.iter().map(|m| (m.a.seed, m.b.map(|b| b.seed))).collect()
    }

    fn board(black: i64, white: i64) -> Board {
        Board { black, white, handicap: 0 }
    }

    fn placings(ko: &Knockout) -> Vec<(u32, i64)> {
        ko.placings().expect("the event is over").into_iter().map(|p| (p.place, p.player)).collect()
    }

    #[test]
    fn rejects_bad_setups() {
        let err = |seeds: &[i64], settings| Knockout::new(seeds, settings).err();
        assert_eq!(err(&[], single(false)), Some(KnockoutError::NotEnoughPlayers));
        assert_eq!(err(&[7], single(false)), Some(KnockoutError::NotEnoughPlayers));
        assert_eq!(err(&[1, 2, 1], single(false)), Some(KnockoutError::DuplicatePlayer(1)));
        assert_eq!(err(&[1, 2], lives(0)), Some(KnockoutError::NoLives));
        let third_in_double = KnockoutSettings { lives: 2, third_place_game: true };
        assert_eq!(err(&[1, 2, 3, 4], third_in_double), Some(KnockoutError::ThirdPlaceNeedsSingleElimination));
        assert_eq!(KnockoutError::DuplicatePlayer(1).to_string(), "player 1 is listed more than once in the seeding");
    }

    #[test]
    fn eight_players_first_round_lines() {
        let ko = start(8, single(false));
        assert_eq!(seed_lines(&ko), vec![(1, Some(8)), (4, Some(5)), (3, Some(6)), (2, Some(7))]);
    }

    #[test]
    fn sixteen_players_first_round_lines() {
        let ko = start(16, single(false));
        let expected = [(1, 16), (8, 9), (5, 12), (4, 13), (6, 11), (3, 14), (7, 10), (2, 15)];
        assert_eq!(seed_lines(&ko), expected.map(|(a, b)| (a, Some(b))).to_vec());
    }

    #[test]
    fn six_players_give_byes_to_seeds_one_and_two() {
        let ko = start(6, single(false));
        // The 8-line bracket: 1–8, 4–5, 3–6, 2–7 with lines 7 and 8 empty.
        assert_eq!(seed_lines(&ko), vec![(1, None), (4, Some(5)), (3, Some(6)), (2, None)]);
        let round = ko.current_round();
        let walkovers: Vec<(Option<i64>, usize)> = round
            .matches
            .iter()
            .filter(|m| m.status() == MatchStatus::Walkover)
            .map(|m| (m.winner, m.games.len()))
            .collect();
        assert_eq!(walkovers, vec![(Some(101), 0), (Some(102), 0)]);
        // Byes are not boards: 4–5 is board 1 (higher seed black), 3–6 board 2 (higher seed white).
        assert_eq!(round.games_to_play(), vec![board(104, 105), board(106, 103)]);
    }

    #[test]
    fn top_seeds_are_kept_apart_until_the_late_rounds() {
        // With 2^j sections of the chart, seeds 1..=2^j sit in different sections: 1 and 2
        // can only meet in the final, 1–4 in the semi-finals, 1–8 in the quarter-finals, ….
        for levels in 1..=6u32 {
            let size = 1usize << levels;
            let ko = start(size as i64, single(false));
            let mut line_of = vec![0usize; size + 1];
            for (i, (a, b)) in seed_lines(&ko).into_iter().enumerate() {
                line_of[a as usize] = 2 * i;
                line_of[b.expect("a full bracket has no byes") as usize] = 2 * i + 1;
            }
            for j in 0..=levels {
                let section = size >> j;
                let mut sections: Vec<usize> = (1..=1usize << j).map(|seed| line_of[seed] / section).collect();
                sections.sort_unstable();
                sections.dedup();
                assert_eq!(sections.len(), 1 << j, "size {size}: seeds 1..={} share a section", 1 << j);
            }
        }
    }

    #[test]
    fn fewer_blacks_takes_black_else_boards_alternate() {
        let mut ko = start(8, single(false));
        // Round 1, all without games: board 1 higher seed black, board 2 white, ….
        assert_eq!(
            ko.current_round().games_to_play(),
            vec![board(101, 108), board(105, 104), board(103, 106), board(107, 102)]
        );
        play_round(&mut ko, &[(101, 108, "B+R"), (105, 104, "W+R"), (103, 106, "B+R"), (107, 102, "W+R")]);
        // 101 and 103 had black, 104 and 102 white: the player with fewer blacks takes black.
        assert_eq!(ko.current_round().games_to_play(), vec![board(104, 101), board(102, 103)]);
    }

    #[test]
    fn draws_and_void_games_are_replayed_with_colours_swapped() {
        let mut ko = start(2, single(false));
        assert_eq!(ko.record(101, 102, result("0")), Ok(MatchStatus::Replay));
        assert_eq!(ko.current_round().games_to_play(), vec![board(102, 101)]);
        assert_eq!(ko.next_round().err(), Some(KnockoutError::RoundUnfinished(1)));
        // A triple ko (三劫循环) entered as no result: replayed again.
        assert_eq!(ko.record(102, 101, GameResult::NoResult), Ok(MatchStatus::Replay));
        // The old game is closed.
        assert_eq!(ko.record(102, 101, result("B+R")), Err(KnockoutError::NoSuchGame { black: 102, white: 101 }));
        assert_eq!(ko.record(101, 102, result("W+R")), Ok(MatchStatus::Decided));
        let m = &ko.current_round().matches[0];
        let colours: Vec<(i64, i64)> = m.games.iter().map(|g| (g.black, g.white)).collect();
        assert_eq!(colours, vec![(101, 102), (102, 101), (101, 102)]);
        assert_eq!(ko.champion(), Some(102));
        assert_eq!(ko.next_round().err(), Some(KnockoutError::EventOver));
    }

    #[test]
    fn both_lose_waits_for_the_directors_ruling() {
        let mut ko = start(2, single(false));
        assert_eq!(ko.record(101, 102, GameResult::BothLose), Ok(MatchStatus::AwaitingRuling));
        assert!(ko.current_round().games_to_play().is_empty());
        assert_eq!(ko.next_round().err(), Some(KnockoutError::RoundUnfinished(1)));
        assert_eq!(ko.champion(), None);
        assert_eq!(ko.rule_both_lose(101, 102, BothLoseRuling::Replay), Ok(MatchStatus::Replay));
        assert_eq!(
            ko.rule_both_lose(102, 101, BothLoseRuling::Replay),
            Err(KnockoutError::NotAwaitingRuling { black: 102, white: 101 })
        );
        assert_eq!(ko.record(102, 101, GameResult::BothLose), Ok(MatchStatus::AwaitingRuling));
        // Or one player goes through, e.g. by lot; it must be one of the two.
        assert_eq!(
            ko.rule_both_lose(102, 101, BothLoseRuling::Advance(999)),
            Err(KnockoutError::NotInGame { player: 999, black: 102, white: 101 })
        );
        assert_eq!(ko.rule_both_lose(102, 101, BothLoseRuling::Advance(101)), Ok(MatchStatus::Decided));
        assert_eq!(ko.champion(), Some(101));
        assert_eq!(ko.losses(102), 1);
    }

    #[test]
    fn results_only_for_games_of_the_current_round() {
        let mut ko = start(4, single(false));
        // Board 1 is 101 (black) – 104; the wrong colours are not that game.
        assert_eq!(ko.record(104, 101, result("B+R")), Err(KnockoutError::NoSuchGame { black: 104, white: 101 }));
        assert_eq!(ko.record(101, 103, result("B+R")), Err(KnockoutError::NoSuchGame { black: 101, white: 103 }));
    }

    #[test]
    fn single_elimination_of_eight_with_a_third_place_game() {
        let mut ko = start(8, single(true));
        // Quarter-finals: 1–8, 4–5, 3–6, 2–7 on boards 1–4, higher seed black on odd boards.
        play_round(&mut ko, &[(101, 108, "B+R"), (105, 104, "B+2.5"), (103, 106, "B+R"), (107, 102, "B+R")]);
        // Semi-finals 1–5 and 3–7: everyone has one black, so boards alternate again.
        assert_eq!(lines(&ko), vec![(Bracket::Main, 101, Some(105)), (Bracket::Main, 103, Some(107))]);
        // 107–103 is drawn and replayed with colours swapped.
        play_round(&mut ko, &[(101, 105, "B+R"), (107, 103, "0"), (103, 107, "W+R")]);
        // Final 101–107 (two blacks each, board 1: higher seed black); third place
        // 105 (one black) – 103 (two blacks).
        assert_eq!(lines(&ko), vec![(Bracket::Main, 101, Some(107)), (Bracket::ThirdPlace, 105, Some(103))]);
        play_round(&mut ko, &[(101, 107, "W+R"), (105, 103, "W+1.5")]);
        assert_eq!(ko.rounds().len(), 3);
        assert_eq!(ko.champion(), Some(107));
        // The third-place game costs no life.
        assert_eq!(ko.losses(105), 1);
        // Quarter-final losers share 5th (four players above them), listed in seed order.
        assert_eq!(placings(&ko), vec![(1, 107), (2, 101), (3, 103), (4, 105), (5, 102), (5, 104), (5, 106), (5, 108)]);
        assert_eq!(ko.next_round().err(), Some(KnockoutError::EventOver));
    }

    #[test]
    fn single_elimination_of_six_with_byes() {
        let mut ko = start(6, single(false));
        // 101 and 102 go through without a game.
        play_round(&mut ko, &[(104, 105, "W+R"), (106, 103, "W+3.5")]);
        // Semi-finals: 101 (bye) – 105 and 103 – 102 (bye); nobody has a black yet, so
        // board 1 higher seed black, board 2 higher seed (102) white.
        assert_eq!(lines(&ko), vec![(Bracket::Main, 101, Some(105)), (Bracket::Main, 103, Some(102))]);
        play_round(&mut ko, &[(101, 105, "B+R"), (103, 102, "W+R")]);
        // Final: 101 had a black, 102 none.
        play_round(&mut ko, &[(102, 101, "B+R")]);
        assert_eq!(ko.rounds().len(), 3);
        // No third-place game: the semi-final losers share 3rd, the quarter-final losers 5th.
        assert_eq!(placings(&ko), vec![(1, 102), (2, 101), (3, 103), (3, 105), (5, 104), (5, 106)]);
    }

    #[test]
    fn three_players_have_no_third_place_game() {
        let mut ko = start(3, single(true));
        assert_eq!(seed_lines(&ko), vec![(1, None), (2, Some(3))]);
        play_round(&mut ko, &[(102, 103, "W+R")]);
        assert_eq!(lines(&ko), vec![(Bracket::Main, 101, Some(103))]);
        play_round(&mut ko, &[(101, 103, "B+R")]);
        assert_eq!(placings(&ko), vec![(1, 101), (2, 103), (3, 102)]);
    }

    #[test]
    fn double_elimination_of_four_with_a_reset() {
        let mut ko = start(4, lives(2));
        // Round 1, winners' round 1: 1–4 (board 1, 101 black), 2–3 (board 2, 102 white).
        assert_eq!(lines(&ko), vec![(Bracket::Winners, 101, Some(104)), (Bracket::Winners, 102, Some(103))]);
        play_round(&mut ko, &[(101, 104, "B+R"), (103, 102, "B+R")]);
        // Round 2: winners' final 101–103 (one black each, board 1: 101 black); losers'
        // round 1 104–102 (no blacks, board 2: higher seed 102 white).
        assert_eq!(lines(&ko), vec![(Bracket::Winners, 101, Some(103)), (Bracket::Losers, 104, Some(102))]);
        play_round(&mut ko, &[(101, 103, "W+R"), (104, 102, "W+R")]);
        assert_eq!(ko.losses(104), 2);
        // Round 3, losers' final: survivor 102 (no blacks) – winners' final loser 101 (two).
        assert_eq!(lines(&ko), vec![(Bracket::Losers, 102, Some(101))]);
        play_round(&mut ko, &[(102, 101, "W+R")]);
        // Round 4, grand final: 103 (one black) – 101 (two). Drawn, replayed swapped; 101 wins.
        assert_eq!(lines(&ko), vec![(Bracket::GrandFinal, 103, Some(101))]);
        play_round(&mut ko, &[(103, 101, "0"), (101, 103, "B+R")]);
        // Both have lost once: the reset. Blacks 103: 2, 101: 3.
        assert_eq!(ko.current_round().matches[0].stage, 2);
        play_round(&mut ko, &[(103, 101, "B+R")]);
        assert_eq!(ko.rounds().len(), 5);
        assert_eq!(ko.champion(), Some(103));
        assert_eq!((ko.losses(103), ko.losses(101), ko.losses(102), ko.losses(104)), (1, 2, 2, 2));
        // Out in rounds 5, 3 and 2.
        assert_eq!(placings(&ko), vec![(1, 103), (2, 101), (3, 102), (4, 104)]);
    }

    #[test]
    fn double_elimination_ends_when_the_unbeaten_player_wins_the_grand_final() {
        let mut ko = start(2, lives(2));
        play_round(&mut ko, &[(101, 102, "B+R")]);
        assert_eq!(lines(&ko), vec![(Bracket::GrandFinal, 101, Some(102))]);
        play_round(&mut ko, &[(102, 101, "W+R")]);
        assert_eq!(ko.champion(), Some(101));
        assert_eq!(ko.rounds().len(), 2);
        assert_eq!(placings(&ko), vec![(1, 101), (2, 102)]);
    }

    #[test]
    fn three_lives_four_players_to_the_end() {
        let mut ko = start(4, lives(3));
        // R1, one group (no losses): 1–4, 2–3. Losses after: 101 0, 102 1, 103 0, 104 1.
        assert_eq!(
            lines(&ko),
            vec![(Bracket::Group { losses: 0 }, 101, Some(104)), (Bracket::Group { losses: 0 }, 102, Some(103))]
        );
        play_round(&mut ko, &[(101, 104, "B+R"), (103, 102, "B+R")]);
        // R2: 101–103 (one black each, board 1), 102–104 (no blacks, board 2: 102 white).
        // Losses after: 101 0, 102 2, 103 1, 104 1.
        assert_eq!(
            lines(&ko),
            vec![(Bracket::Group { losses: 0 }, 101, Some(103)), (Bracket::Group { losses: 1 }, 102, Some(104))]
        );
        play_round(&mut ko, &[(101, 103, "B+R"), (104, 102, "B+R")]);
        // R3: odd groups {101} and {102} have byes; 103–104 (one black each, board 1).
        assert_eq!(
            lines(&ko),
            vec![
                (Bracket::Group { losses: 0 }, 101, None),
                (Bracket::Group { losses: 1 }, 103, Some(104)),
                (Bracket::Group { losses: 2 }, 102, None),
            ]
        );
        play_round(&mut ko, &[(103, 104, "W+R")]);
        // R4: 101 and 104 byes; 102–103 is a forced rematch. 102 has no black, 103 two.
        // Void (no result), replayed swapped; 102 goes out (third loss).
        assert_eq!(lines(&ko)[2], (Bracket::Group { losses: 2 }, 102, Some(103)));
        play_round(&mut ko, &[(102, 103, "Void"), (103, 102, "B+R")]);
        assert_eq!(ko.losses(102), 3);
        // R5: groups {101}, {104}, {103} each of one: paired together by losses, 101 bye.
        // 104 (one black) – 103 (three): 104 black. 103 goes out.
        assert_eq!(lines(&ko), vec![(Bracket::Mixed, 101, None), (Bracket::Mixed, 104, Some(103))]);
        play_round(&mut ko, &[(104, 103, "B+R")]);
        // R6: 101 (0 losses) – 104 (1), two blacks each, board 1: 101 black. 104 wins.
        assert_eq!(lines(&ko), vec![(Bracket::Mixed, 101, Some(104))]);
        play_round(&mut ko, &[(101, 104, "W+R")]);
        // R7: one loss each; blacks 101: 3, 104: 2, so 104 black. Both lose, replayed with
        // colours swapped; 101 wins. Blacks now 101: 4, 104: 3.
        assert_eq!(lines(&ko), vec![(Bracket::Group { losses: 1 }, 101, Some(104))]);
        ko.record(104, 101, GameResult::BothLose).expect("the game is on");
        ko.rule_both_lose(104, 101, BothLoseRuling::Replay).expect("both lost");
        play_round(&mut ko, &[(101, 104, "B+R")]);
        // R8: 101 (1 loss) – 104 (2), 104 has fewer blacks. 104 wins: two losses each.
        assert_eq!(lines(&ko), vec![(Bracket::Mixed, 101, Some(104))]);
        play_round(&mut ko, &[(104, 101, "B+R")]);
        // R9: four blacks each, board 1: 101 black. 104 goes out.
        assert_eq!(lines(&ko), vec![(Bracket::Group { losses: 2 }, 101, Some(104))]);
        play_round(&mut ko, &[(101, 104, "B+R")]);
        assert_eq!(ko.champion(), Some(101));
        assert_eq!(ko.rounds().len(), 9);
        assert_eq!((ko.losses(101), ko.losses(104), ko.losses(103), ko.losses(102)), (2, 3, 3, 3));
        // Out in rounds 9, 5 and 4.
        assert_eq!(placings(&ko), vec![(1, 101), (2, 104), (3, 103), (4, 102)]);
    }

    #[test]
    fn loss_groups_avoid_rematches() {
        let mut ko = start(8, lives(3));
        // R1 1–8, 2–7, 3–6, 4–5: the higher seeds win.
        play_round(&mut ko, &[(101, 108, "B+R"), (107, 102, "W+R"), (103, 106, "B+R"), (105, 104, "W+R")]);
        // R2 (blacks: 101, 107, 103, 105 one each): 1–4 and 2–3 won by 104 and 103; 5–8 and
        // 6–7 won by 108 and 107.
        assert_eq!(
            ko.current_round().games_to_play(),
            vec![board(104, 101), board(102, 103), board(108, 105), board(106, 107)]
        );
        play_round(&mut ko, &[(104, 101, "B+R"), (102, 103, "W+R"), (108, 105, "B+R"), (106, 107, "W+R")]);
        // R3, one-loss group 101, 102, 107, 108: top against bottom would repeat 1–8 and
        // 2–7; without rematches 1–7, 2–8 (products 1·3 + 2·4 = 11) beats 1–2, 7–8 (14).
        let one_loss: Vec<(i64, Option<i64>)> = lines(&ko)
            .into_iter()
            .filter(|(bracket, ..)| *bracket == Bracket::Group { losses: 1 })
            .map(|(_, a, b)| (a, b))
            .collect();
        assert_eq!(one_loss, vec![(101, Some(107)), (102, Some(108))]);
    }

    /// Plays the event to its end with results drawn from `outcomes`. Returns false if it
    /// did not end within a generous bound.
    fn run_to_end(ko: &mut Knockout, outcomes: &[u8]) -> bool {
        let mut next = outcomes.iter().copied().cycle();
        for _ in 0..1000 {
            loop {
                let pending: Vec<(i64, i64, usize, MatchStatus)> = ko
                    .current_round()
                    .matches
                    .iter()
                    .filter_map(|m| m.games.last().map(|g| (g.black, g.white, m.games.len(), m.status())))
                    .filter(|&(.., status)| status != MatchStatus::Decided)
                    .collect();
                if pending.is_empty() {
                    break;
                }
                for (black, white, played, status) in pending {
                    let roll = next.next().unwrap_or_default();
                    let done = if status == MatchStatus::AwaitingRuling {
                        let ruling = if roll.is_multiple_of(2) {
                            BothLoseRuling::Replay
                        } else {
                            BothLoseRuling::Advance(white)
                        };
                        ko.rule_both_lose(black, white, ruling).is_ok()
                    } else {
                        // After three games someone must win, so every match ends.
                        let result = match (roll % 10, played >= 3) {
                            (0..=3, _) | (8..=9, true) => result("B+R"),
                            (4..=7, _) => result("W+R"),
                            (8, false) => GameResult::Draw,
                            _ if roll >= 10 => GameResult::NoResult,
                            _ => GameResult::BothLose,
                        };
                        ko.record(black, white, result).is_ok()
                    };
                    assert!(done, "entering a result for {black}–{white} failed");
                }
            }
            if ko.champion().is_some() {
                return true;
            }
            assert!(ko.next_round().is_ok());
        }
        false
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn every_knockout_ends_with_one_champion(
            n in 2i64..=64,
            lives in 1u32..=4,
            third_place_game in any::<bool>(),
            outcomes in proptest::collection::vec(0u8..20, 1..200),
        ) {
            let settings = KnockoutSettings { lives, third_place_game: third_place_game && lives == 1 };
            let mut ko = start(n, settings);
            prop_assert!(run_to_end(&mut ko, &outcomes), "no champion after 1000 rounds");
            let levels = (n as usize).next_power_of_two().trailing_zeros();
            if lives == 1 {
                prop_assert_eq!(ko.rounds().len(), levels as usize);
            }
            if lives == 2 {
                prop_assert!(ko.rounds().len() <= 2 * levels as usize + 1);
            }
            let champion = ko.champion().expect("the event ended");
            for &player in ko.seeds() {
                let losses = ko.losses(player);
                if player == champion {
                    prop_assert!(losses < lives);
                } else {
                    prop_assert_eq!(losses, lives, "player {} is out", player);
                }
            }
            let placings = ko.placings().expect("the event ended");
            prop_assert_eq!(placings.len(), n as usize);
            prop_assert_eq!(placings[0], Placing { place: 1, player: champion });
            prop_assert!(placings.iter().skip(1).all(|p| p.place > 1));

            let mut met: HashSet<(i64, i64)> = HashSet::new();
            for round in ko.rounds() {
                let mut seen = HashSet::new();
                for m in &round.matches {
                    for player in std::iter::once(m.a.player).chain(m.b.map(|b| b.player)) {
                        prop_assert!(seen.insert(player), "{} twice in round {}", player, round.number);
                    }
                    prop_assert!(m.games.iter().all(|g| g.round == round.number));
                    // A player dropping from the winners' bracket does not meet an earlier
                    // opponent in their first losers'-bracket game (bar the winners' final loser).
                    let first_drop_game = m.stage == 1 || (m.stage.is_multiple_of(2) && m.stage < 2 * levels - 2);
                    if m.bracket == Bracket::Losers && first_drop_game && let Some(b) = m.b {
                        let pair = (m.a.player.min(b.player), m.a.player.max(b.player));
                        prop_assert!(!met.contains(&pair), "rematch in losers' round {}", m.stage);
                    }
                }
                met.extend(round.matches.iter().flat_map(|m| &m.games).map(|g| (g.black.min(g.white), g.black.max(g.white))));
            }
        }
    }
}
