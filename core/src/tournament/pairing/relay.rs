//! Relay challenge match (擂台赛, 1988 Chinese Competition Rules, Art. 27.6): "each side
//! orders its players; one game at a time; the loser is out, the winner plays the other
//! side's next player; the match ends when one side's last player loses."
//!
//! Two or three teams. With three (Nongshim Cup style) the match ends when only one team
//! has players left.
//!
//! Rules the articles leave open, as Yunzi plays them:
//! - Rotation. The teams are listed in rotation order. Walk it cyclically from the team
//!   that sat out the last game (from the first team in a two-team match or before the
//!   first game), skipping the holder's team (擂主) and teams with no players left. The
//!   holder plays the first team found; with no holder (the first game, or after both
//!   players went out) the first two teams found play. With three teams this means the
//!   team that sat out challenges next, so the loser's team rests; once a team is out,
//!   the other two alternate.
//! - Colours follow [`Colours`]: drawn by lot for every game (the default: Art. 10 settles
//!   colours by the organisers' draw or nigiri, and the great relay matches, the China–Japan
//!   Super Go and the Nongshim Cup, drew for every game; a fixed rule such as "the challenger
//!   takes Black" would hand one side the first move in every game of a long streak), or alternating
//!   (a player who played the last game takes the other colour now; a game where neither
//!   did is drawn by lot). The lot is the event's, reproducible from its seed, as the
//!   organisers' draw of Art. 10 (先后手由大会抽签编排或对局前猜先决定). The director may swap
//!   a drafted game's colours (a nigiri at the board): the match follows the colours the
//!   game was played with.
//! - A draw follows [`DrawPolicy`]. No result (无胜负) always replays the game. Both-lose
//!   (双方均负) puts both players out.
//! - A result that would leave no team with players (both players out when they are the
//!   last of the last two teams): a draw is replayed instead, and both-lose is refused
//!   ([`RelayError::NoTeamWouldRemain`]) for the referee to rule otherwise.
//! - A player who loses is out for good, so a player's wins are always in a row: the win
//!   streak (连胜) is the number of wins.

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::mcmahon::mix;
use super::{Board, Colours};
use crate::color::Color;
use crate::result::GameResult;

/// How a team's players come to the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// The whole order, fixed before the match, first player first.
    Fixed(Vec<i64>),
    /// The squad: the team names its next player before each game it must play a new one
    /// ([`RelayMatch::nominate`]).
    Nominated(Vec<i64>),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayTeam {
    pub id: i64,
    pub order: Order,
}

/// What a drawn game (和棋) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawPolicy {
    /// Both players are out.
    BothOut,
    /// The same two players play again.
    Replay,
}

impl DrawPolicy {
    /// The policy's code in the event form and the stored settings.
    pub fn code(self) -> &'static str {
        match self {
            DrawPolicy::BothOut => "both-out",
            DrawPolicy::Replay => "replay",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelaySettings {
    /// Two or three teams, in rotation order: the first two play the first game.
    pub teams: Vec<RelayTeam>,
    pub draw: DrawPolicy,
    pub colours: Colours,
    /// The event's lot: game `n`'s draw is a function of it and `n`, so a match rebuilt
    /// from its games draws the same colours.
    pub lot: u64,
}

/// A player and their team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub team: i64,
    pub player: i64,
}

/// One game of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayGame {
    /// 1-based, replayed games included.
    pub number: u32,
    /// The player staying on (擂主). In a game with no holder: the player of the first
    /// team found in the rotation.
    pub holder: Seat,
    /// The player coming on.
    pub challenger: Seat,
    /// The holder's colour: drawn or alternated by [`Colours`], or as played.
    pub holder_colour: Color,
}

impl RelayGame {
    pub fn board(&self) -> Board {
        let (black, white) = match self.holder_colour {
            Color::Black => (self.holder, self.challenger),
            Color::White => (self.challenger, self.holder),
        };
        Board { black: black.player, white: white.player, handicap: 0 }
    }

    /// The seat that plays `colour`.
    pub fn seat(&self, colour: Color) -> Seat {
        if colour == self.holder_colour { self.holder } else { self.challenger }
    }
}

/// A played game, for the chain of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayGameRecord {
    pub game: RelayGame,
    pub result: GameResult,
    /// The players this game put out: the loser, both players, or nobody when the game is
    /// to be replayed.
    pub out: Vec<i64>,
}

/// Where a team stands, players in the order given in the settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayTeamStatus {
    pub team: i64,
    pub remaining: Vec<i64>,
    pub out: Vec<i64>,
}

/// A relay match in progress: settings plus the games recorded so far. To store it, keep
/// the settings and every nomination and result in order: replaying them rebuilds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayMatch {
    teams: Vec<TeamState>,
    draw: DrawPolicy,
    colours: Colours,
    lot: u64,
    /// The team of the player who won the last decisive game and stays on.
    holder: Option<usize>,
    /// The team that did not play the last decisive game (three-team matches only).
    sat_out: Option<usize>,
    games: Vec<RelayGameRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct TeamState {
    id: i64,
    players: Vec<i64>,
    out: Vec<bool>,
    fixed: bool,
    /// The named player (nominated order only) until they go out.
    nominated: Option<usize>,
}

impl TeamState {
    fn remaining(&self) -> usize {
        self.out.iter().filter(|&&out| !out).count()
    }

    /// Who plays the team's next game, if known: for a fixed order the first player not
    /// out (the holder, if the team holds), else the named player.
    fn seated(&self) -> Option<usize> {
        if self.fixed { self.out.iter().position(|&out| !out) } else { self.nominated }
    }

    fn seat(&self, player: usize) -> Seat {
        Seat { team: self.id, player: self.players[player] }
    }

    fn put_out(&mut self, player: usize) {
        self.out[player] = true;
        self.nominated = None;
    }
}

/// The next game by team and player index: (holder team, holder, challenger team, challenger).
type Ready = (usize, usize, usize, usize);

impl RelayMatch {
    /// Starts a match: two or three teams with distinct ids, each with at least one player,
    /// nobody in two teams or twice.
    pub fn new(settings: RelaySettings) -> Result<RelayMatch, RelayError> {
        let count = settings.teams.len();
        if !(2..=3).contains(&count) {
            return Err(RelayError::TeamCount(count));
        }
        let mut team_ids = HashSet::new();
        let mut player_ids = HashSet::new();
        let mut teams = Vec::with_capacity(count);
        for team in settings.teams {
            if !team_ids.insert(team.id) {
                return Err(RelayError::DuplicateTeam(team.id));
            }
            let (players, fixed) = match team.order {
                Order::Fixed(players) => (players, true),
                Order::Nominated(players) => (players, false),
            };
            if players.is_empty() {
                return Err(RelayError::EmptyTeam(team.id));
            }
            if let Some(&player) = players.iter().find(|&&p| !player_ids.insert(p)) {
                return Err(RelayError::DuplicatePlayer(player));
            }
            teams.push(TeamState { id: team.id, out: vec![false; players.len()], players, fixed, nominated: None });
        }
        Ok(RelayMatch {
            teams,
            draw: settings.draw,
            colours: settings.colours,
            lot: settings.lot,
            holder: None,
            sat_out: None,
            games: Vec::new(),
        })
    }

    /// The next game, once both players are known; `None` when the match is over or a team
    /// must first name its player ([`RelayMatch::awaiting_nomination`]).
    pub fn next_game(&self) -> Option<RelayGame> {
        let (h, hp, c, cp) = self.ready().ok()?;
        let (holder, challenger) = (self.teams[h].seat(hp), self.teams[c].seat(cp));
        let number = self.games.len() as u32 + 1;
        Some(RelayGame { number, holder, challenger, holder_colour: self.holder_colour(number, holder, challenger) })
    }

    /// The holder's colour in game `number` by the match's [`Colours`].
    fn holder_colour(&self, number: u32, holder: Seat, challenger: Seat) -> Color {
        if self.colours == Colours::Alternate
            && let Some(last) = self.games.last().map(|r| r.game)
        {
            for (seat, colour) in [(last.holder, last.holder_colour), (last.challenger, last.holder_colour.opponent())]
            {
                if seat == holder {
                    return colour.opponent();
                }
                if seat == challenger {
                    return colour;
                }
            }
        }
        if mix(self.lot ^ mix(u64::from(number))) & 1 == 0 { Color::White } else { Color::Black }
    }

    /// The teams (holder's side first) that must name a player before the next game.
    pub fn awaiting_nomination(&self) -> Vec<i64> {
        self.due().map_or_else(Vec::new, |(h, c)| {
            [h, c].into_iter().filter(|&t| self.teams[t].seated().is_none()).map(|t| self.teams[t].id).collect()
        })
    }

    /// Names `team`'s player for its next game. Only a team with a nominated order that
    /// plays the next game and has no player at the board may name one, and the player
    /// must be in its squad and not out. A named player stays until they lose.
    pub fn nominate(&mut self, team: i64, player: i64) -> Result<(), RelayError> {
        let Some(t) = self.teams.iter().position(|s| s.id == team) else {
            return Err(RelayError::UnknownTeam(team));
        };
        if self.winner().is_some() {
            return Err(RelayError::MatchOver);
        }
        let state = &self.teams[t];
        if state.fixed {
            return Err(RelayError::FixedOrder(team));
        }
        let Some(p) = state.players.iter().position(|&q| q == player) else {
            return Err(RelayError::ForeignPlayer { team, player });
        };
        if state.out[p] {
            return Err(RelayError::PlayerOut(player));
        }
        if !self.awaiting_nomination().contains(&team) {
            return Err(RelayError::NotDue(team));
        }
        self.teams[t].nominated = Some(p);
        Ok(())
    }

    /// Records the result of the next game, by colour, played with the colours of
    /// [`RelayMatch::next_game`].
    pub fn record(&mut self, result: GameResult) -> Result<(), RelayError> {
        let game = self.next_game().ok_or_else(|| self.ready().err().unwrap_or(RelayError::MatchOver))?;
        let board = game.board();
        self.record_played(board.black, board.white, result)
    }

    /// Records the result of the next game as it was played: `black` and `white` must be its
    /// two players, in either colour (the director may have swapped them).
    pub fn record_played(&mut self, black: i64, white: i64, result: GameResult) -> Result<(), RelayError> {
        let (h, hp, c, cp) = self.ready()?;
        let (holder, challenger) = ((h, hp), (c, cp));
        let (holder_id, challenger_id) = (self.teams[h].players[hp], self.teams[c].players[cp]);
        let holder_colour = match (black, white) {
            _ if (black, white) == (holder_id, challenger_id) => Color::Black,
            _ if (black, white) == (challenger_id, holder_id) => Color::White,
            _ => return Err(RelayError::GameOutOfTurn { black, white }),
        };
        let (black_seat, white_seat) =
            if holder_colour == Color::Black { (holder, challenger) } else { (challenger, holder) };
        let out = match result {
            GameResult::Win { winner: Color::White, .. } => vec![black_seat],
            GameResult::Win { winner: Color::Black, .. } => vec![white_seat],
            GameResult::Draw if self.draw == DrawPolicy::BothOut && !self.leaves_nobody(h, c) => {
                vec![holder, challenger]
            }
            GameResult::Draw | GameResult::NoResult => vec![],
            GameResult::BothLose if self.leaves_nobody(h, c) => return Err(RelayError::NoTeamWouldRemain),
            GameResult::BothLose => vec![holder, challenger],
        };
        let game = RelayGame {
            number: self.games.len() as u32 + 1,
            holder: self.teams[h].seat(hp),
            challenger: self.teams[c].seat(cp),
            holder_colour,
        };
        let out_ids = out.iter().map(|&(t, p)| self.teams[t].players[p]).collect();
        self.games.push(RelayGameRecord { game, result, out: out_ids });
        if out.is_empty() {
            return Ok(()); // Replayed: the same game comes next.
        }
        for &(t, p) in &out {
            self.teams[t].put_out(p);
        }
        self.holder = match out.as_slice() {
            [(loser, _)] if *loser == h => Some(c),
            [_] => Some(h),
            _ => None,
        };
        self.sat_out = (self.teams.len() == 3).then(|| 3 - h - c);
        Ok(())
    }

    /// The games so far, first game first.
    pub fn games(&self) -> &[RelayGameRecord] {
        &self.games
    }

    /// The player's win streak (连胜): their wins so far.
    pub fn streak(&self, player: i64) -> u32 {
        let won = |r: &&RelayGameRecord| r.result.winner().is_some_and(|colour| r.game.seat(colour).player == player);
        self.games.iter().filter(won).count() as u32
    }

    /// Every team's players still in and out, teams in rotation order.
    pub fn teams(&self) -> Vec<RelayTeamStatus> {
        self.teams
            .iter()
            .map(|t| {
                let (out, remaining): (Vec<(&i64, &bool)>, _) = t.players.iter().zip(&t.out).partition(|(_, o)| **o);
                RelayTeamStatus {
                    team: t.id,
                    remaining: remaining.into_iter().map(|(&p, _)| p).collect(),
                    out: out.into_iter().map(|(&p, _)| p).collect(),
                }
            })
            .collect()
    }

    /// The winning team, once it is the only one with players left.
    pub fn winner(&self) -> Option<i64> {
        match self.teams.iter().filter(|t| t.remaining() > 0).collect::<Vec<_>>().as_slice() {
            [only] => Some(only.id),
            _ => None,
        }
    }

    /// The teams of the next game, (holder's, challenger's), by the rotation rule of the
    /// module documentation; `None` once fewer than two teams have players.
    fn due(&self) -> Option<(usize, usize)> {
        let n = self.teams.len();
        let start = self.sat_out.unwrap_or(0);
        let mut found =
            (0..n).map(|k| (start + k) % n).filter(|&t| self.teams[t].remaining() > 0 && Some(t) != self.holder);
        match self.holder {
            Some(h) => found.next().map(|c| (h, c)),
            None => {
                let first = found.next()?;
                found.next().map(|second| (first, second))
            }
        }
    }

    fn ready(&self) -> Result<Ready, RelayError> {
        let Some((h, c)) = self.due() else {
            return Err(RelayError::MatchOver);
        };
        match (self.teams[h].seated(), self.teams[c].seated()) {
            (Some(hp), Some(cp)) => Ok((h, hp, c, cp)),
            _ => Err(RelayError::AwaitingNomination(self.awaiting_nomination())),
        }
    }

    /// Whether putting both players of a game between teams `h` and `c` out would leave
    /// no team with players.
    fn leaves_nobody(&self, h: usize, c: usize) -> bool {
        self.teams.iter().enumerate().all(|(i, t)| match t.remaining() {
            0 => true,
            1 => i == h || i == c,
            _ => false,
        })
    }
}

/// Why a relay match or an action on it was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RelayError {
    TeamCount(usize),
    DuplicateTeam(i64),
    EmptyTeam(i64),
    DuplicatePlayer(i64),
    UnknownTeam(i64),
    /// A team with a fixed order cannot name players.
    FixedOrder(i64),
    /// The team does not play the next game, or its player is already at the board.
    NotDue(i64),
    ForeignPlayer {
        team: i64,
        player: i64,
    },
    PlayerOut(i64),
    MatchOver,
    /// These teams must name their player first.
    AwaitingNomination(Vec<i64>),
    NoTeamWouldRemain,
    /// A stored game that is not the match's next one.
    GameOutOfTurn {
        black: i64,
        white: i64,
    },
}

impl RelayError {
    /// Why the relay cannot go on, as the reader is told it, teams named by `name` (an id
    /// when it knows none). The rest only a bug reaches: said as such, with the detail.
    pub fn message(&self, name: &dyn Fn(i64) -> String) -> crate::message::Message {
        use crate::message::Message;
        match self {
            RelayError::TeamCount(n) => Message::new("error-relay-teams").number("n", *n as i64),
            RelayError::AwaitingNomination(teams) => {
                let names: Vec<String> = teams.iter().map(|&t| name(t)).collect();
                Message::new("error-relay-awaiting").text("teams", names.join(", "))
            }
            RelayError::NotDue(team) => Message::new("error-relay-not-due").text("team", name(*team)),
            RelayError::PlayerOut(_) => Message::new("error-relay-player-out"),
            RelayError::ForeignPlayer { team, .. } => Message::new("error-relay-foreign").text("team", name(*team)),
            other => Message::new("error-pairing-internal").text("detail", other.to_string()),
        }
    }
}

impl fmt::Display for RelayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RelayError::TeamCount(n) => write!(f, "a relay match needs two or three teams, not {n}"),
            RelayError::DuplicateTeam(team) => write!(f, "team {team} is listed more than once"),
            RelayError::EmptyTeam(team) => write!(f, "team {team} has no players"),
            RelayError::DuplicatePlayer(player) => write!(f, "player {player} is listed more than once"),
            RelayError::UnknownTeam(team) => write!(f, "team {team} does not play in this match"),
            RelayError::FixedOrder(team) => {
                write!(f, "team {team} plays in a fixed order: its next player cannot be named")
            }
            RelayError::NotDue(team) => write!(f, "team {team} does not need to name a player for the next game"),
            RelayError::ForeignPlayer { team, player } => write!(f, "player {player} is not in team {team}"),
            RelayError::PlayerOut(player) => write!(f, "player {player} is already out"),
            RelayError::MatchOver => f.write_str("the match is over"),
            RelayError::AwaitingNomination(teams) => {
                let teams: Vec<String> = teams.iter().map(i64::to_string).collect();
                write!(f, "the next game needs a player named by team {}", teams.join(" and team "))
            }
            RelayError::NoTeamWouldRemain => f.write_str(
                "both players are their teams' last: if both lose, nobody is left to win the match; \
                 rule a replay (no result) or a winner instead",
            ),
            RelayError::GameOutOfTurn { black, white } => {
                write!(f, "the game of player {black} (Black) and player {white} (White) is not the match's next one")
            }
        }
    }
}

impl std::error::Error for RelayError {}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn fixed(id: i64, players: &[i64]) -> RelayTeam {
        RelayTeam { id, order: Order::Fixed(players.to_vec()) }
    }

    fn nominated(id: i64, players: &[i64]) -> RelayTeam {
        RelayTeam { id, order: Order::Nominated(players.to_vec()) }
    }

    fn start(teams: Vec<RelayTeam>, draw: DrawPolicy) -> RelayMatch {
        RelayMatch::new(RelaySettings { teams, draw, colours: Colours::Nigiri, lot: 7 }).expect("valid settings")
    }

    /// The next game's result by who wins it, whatever the colours: "challenger" or
    /// "holder" by resignation, or a result without a winner ("0", "Void", "BothLose").
    fn outcome(m: &RelayMatch, outcome: &str) -> GameResult {
        let game = m.next_game().expect("a game is ready");
        let winner = match outcome {
            "challenger" => game.holder_colour.opponent(),
            "holder" => game.holder_colour,
            other => return GameResult::parse(other).expect("a valid result"),
        };
        GameResult::parse(&format!("{}+R", if winner == Color::Black { "B" } else { "W" })).expect("valid")
    }

    fn record(m: &mut RelayMatch, result: &str) {
        let result = outcome(m, result);
        m.record(result).expect("a game is ready");
    }

    /// (number, holder, challenger, players out) of every game so far.
    fn chain(m: &RelayMatch) -> Vec<(u32, i64, i64, Vec<i64>)> {
        m.games()
            .iter()
            .map(|r| (r.game.number, r.game.holder.player, r.game.challenger.player, r.out.clone()))
            .collect()
    }

    fn remaining(m: &RelayMatch) -> Vec<(i64, Vec<i64>)> {
        m.teams().into_iter().map(|t| (t.team, t.remaining)).collect()
    }

    #[test]
    fn five_against_five_with_a_four_game_streak() {
        let mut m = start(vec![fixed(1, &[11, 12, 13, 14, 15]), fixed(2, &[21, 22, 23, 24, 25])], DrawPolicy::BothOut);
        let first = m.next_game().expect("the first game");
        // No holder yet: team 1 is found first and "holds"; team 2's first player challenges.
        assert_eq!(first.holder, Seat { team: 1, player: 11 });
        assert_eq!(first.challenger, Seat { team: 2, player: 21 });
        // 21 beats 11, then holds and beats 12, 13 and 14; 15 beats 21, then beats 22, 23
        // and 24, and loses to 25, team 1's last player.
        let c = "challenger";
        for result in [c, "holder", "holder", "holder", c, "holder", "holder", "holder", c] {
            assert_eq!(m.winner(), None);
            record(&mut m, result);
        }
        assert_eq!(
            chain(&m),
            vec![
                (1, 11, 21, vec![11]),
                (2, 21, 12, vec![12]),
                (3, 21, 13, vec![13]),
                (4, 21, 14, vec![14]),
                (5, 21, 15, vec![21]),
                (6, 15, 22, vec![22]),
                (7, 15, 23, vec![23]),
                (8, 15, 24, vec![24]),
                (9, 15, 25, vec![15]),
            ]
        );
        assert_eq!(m.games()[4].game.holder.team, 2);
        assert_eq!((m.streak(21), m.streak(15), m.streak(25), m.streak(11), m.streak(22)), (4, 4, 1, 0, 0));
        assert_eq!(m.winner(), Some(2));
        assert_eq!(
            m.teams(),
            vec![
                RelayTeamStatus { team: 1, remaining: vec![], out: vec![11, 12, 13, 14, 15] },
                RelayTeamStatus { team: 2, remaining: vec![25], out: vec![21, 22, 23, 24] },
            ]
        );
        // 10 players, 9 games: every game put one out and one player is left.
        assert_eq!(m.next_game(), None);
        assert_eq!(m.record(GameResult::Draw), Err(RelayError::MatchOver));
    }

    #[test]
    fn a_draw_puts_both_out_unless_nobody_would_be_left() {
        let mut m = start(vec![fixed(1, &[11, 12]), fixed(2, &[21, 22])], DrawPolicy::BothOut);
        record(&mut m, "和棋");
        // Nobody holds now: both teams send their next player, team 1 first (White).
        let next = m.next_game().expect("a fresh game");
        assert_eq!((next.holder.player, next.challenger.player), (12, 22));
        // 12 and 22 are the last players: a draw is replayed.
        record(&mut m, "0");
        record(&mut m, "challenger");
        assert_eq!(chain(&m), vec![(1, 11, 21, vec![11, 21]), (2, 12, 22, vec![]), (3, 12, 22, vec![12])]);
        assert_eq!(m.winner(), Some(2));
        assert_eq!(remaining(&m), vec![(1, vec![]), (2, vec![22])]);
    }

    #[test]
    fn a_draw_is_replayed_and_both_lose_puts_both_out() {
        let mut m = start(vec![fixed(1, &[11, 12]), fixed(2, &[21, 22])], DrawPolicy::Replay);
        record(&mut m, "0"); // replayed
        record(&mut m, "holder"); // 11 beats 21
        record(&mut m, "Void"); // no result: replayed
        record(&mut m, "BothLose"); // 11 and 22 both out: team 2 has nobody left
        assert_eq!(
            chain(&m),
            vec![(1, 11, 21, vec![]), (2, 11, 21, vec![21]), (3, 11, 22, vec![]), (4, 11, 22, vec![11, 22])]
        );
        assert_eq!(m.winner(), Some(1));
        assert_eq!(remaining(&m), vec![(1, vec![12]), (2, vec![])]);
        assert_eq!((m.streak(11), m.streak(12)), (1, 0));
    }

    #[test]
    fn both_lose_between_the_last_two_players_is_refused() {
        let mut m = start(vec![fixed(1, &[11]), fixed(2, &[21])], DrawPolicy::BothOut);
        let refused = m.record(GameResult::BothLose);
        assert_eq!(refused, Err(RelayError::NoTeamWouldRemain));
        assert!(m.games().is_empty());
        record(&mut m, "holder");
        assert_eq!(m.winner(), Some(1));
    }

    #[test]
    fn three_teams_the_team_that_sat_out_challenges_next() {
        let mut m = start(vec![fixed(1, &[11, 12]), fixed(2, &[21, 22]), fixed(3, &[31, 32])], DrawPolicy::BothOut);
        // Game 1: 11 (team 1) beats 21; team 3 sat out and challenges.
        // Game 2: 31 beats 11; team 2 sat out and challenges.
        // Game 3: 31 beats 22: team 2 is out; team 1 sat out and challenges.
        // Game 4: 12 beats 31; team 2, which sat out, has nobody left, so team 3 challenges.
        // Game 5: 32 beats 12: team 1 is out and team 3 wins.
        for result in ["holder", "challenger", "holder", "challenger"] {
            record(&mut m, result);
            assert_eq!(m.winner(), None);
        }
        assert_eq!(remaining(&m), vec![(1, vec![12]), (2, vec![]), (3, vec![32])]);
        record(&mut m, "challenger");
        assert_eq!(
            chain(&m),
            vec![
                (1, 11, 21, vec![21]),
                (2, 11, 31, vec![11]),
                (3, 31, 22, vec![22]),
                (4, 31, 12, vec![31]),
                (5, 12, 32, vec![12]),
            ]
        );
        let teams: Vec<(i64, i64)> = m.games().iter().map(|r| (r.game.holder.team, r.game.challenger.team)).collect();
        assert_eq!(teams, vec![(1, 2), (1, 3), (3, 2), (3, 1), (1, 3)]);
        assert_eq!(m.winner(), Some(3));
        assert_eq!((m.streak(11), m.streak(31), m.streak(12), m.streak(32)), (1, 2, 1, 1));
    }

    #[test]
    fn three_teams_after_both_go_out_the_team_that_sat_out_starts_afresh() {
        let mut m = start(vec![fixed(1, &[11, 12]), fixed(2, &[21, 22]), fixed(3, &[31])], DrawPolicy::BothOut);
        record(&mut m, "0"); // 11 and 21 out; team 3 sat out
        let next = m.next_game().expect("a fresh game");
        // From team 3 in the rotation: team 3 against team 1; team 2 rests.
        assert_eq!((next.holder, next.challenger), (Seat { team: 3, player: 31 }, Seat { team: 1, player: 12 }));
        record(&mut m, "challenger"); // 12 beats 31: team 3 is out; team 2, which sat out, challenges
        assert_eq!(m.next_game().map(|g| (g.holder.player, g.challenger.player)), Some((12, 22)));
        record(&mut m, "holder");
        assert_eq!(m.winner(), Some(1));
    }

    #[test]
    fn nominated_players_must_belong_to_the_team_and_still_be_in() {
        let mut m = start(vec![nominated(1, &[11, 12, 13]), nominated(2, &[21, 22])], DrawPolicy::BothOut);
        assert_eq!(m.next_game(), None);
        assert_eq!(m.awaiting_nomination(), vec![1, 2]);
        let early = m.record(GameResult::Draw);
        assert_eq!(early.clone(), Err(RelayError::AwaitingNomination(vec![1, 2])));
        assert_eq!(
            early.err().map(|e| e.to_string()).as_deref(),
            Some("the next game needs a player named by team 1 and team 2")
        );
        assert_eq!(m.nominate(9, 11), Err(RelayError::UnknownTeam(9)));
        assert_eq!(m.nominate(1, 21), Err(RelayError::ForeignPlayer { team: 1, player: 21 }));
        assert_eq!(m.nominate(1, 12), Ok(()));
        assert_eq!(m.nominate(1, 13), Err(RelayError::NotDue(1)), "a named player stays");
        assert_eq!(m.nominate(2, 22), Ok(()));
        assert_eq!(m.next_game().map(|g| (g.holder.player, g.challenger.player)), Some((12, 22)));
        record(&mut m, "challenger"); // 22 beats 12
        assert_eq!(m.awaiting_nomination(), vec![1]);
        assert_eq!(m.nominate(1, 12).map_err(|e| e.to_string()), Err("player 12 is already out".to_string()));
        assert_eq!(m.nominate(2, 21), Err(RelayError::NotDue(2)), "the holder stays on");
        assert_eq!(m.nominate(1, 11), Ok(()));
        record(&mut m, "holder"); // 22 beats 11
        assert_eq!(m.nominate(1, 13), Ok(()));
        record(&mut m, "holder"); // 22 beats 13
        assert_eq!(chain(&m), vec![(1, 12, 22, vec![12]), (2, 22, 11, vec![11]), (3, 22, 13, vec![13])]);
        assert_eq!((m.winner(), m.streak(22)), (Some(2), 3));
        assert_eq!(m.nominate(1, 13), Err(RelayError::MatchOver));
    }

    #[test]
    fn fixed_orders_are_not_nominated() {
        let mut m = start(vec![fixed(1, &[11]), nominated(2, &[21])], DrawPolicy::BothOut);
        assert_eq!(m.nominate(1, 11), Err(RelayError::FixedOrder(1)));
        assert_eq!(m.awaiting_nomination(), vec![2]);
    }

    #[test]
    fn settings_are_checked() {
        let new = |teams: Vec<RelayTeam>| {
            RelayMatch::new(RelaySettings { teams, draw: DrawPolicy::Replay, colours: Colours::Nigiri, lot: 1 })
        };
        assert_eq!(new(vec![fixed(1, &[11])]), Err(RelayError::TeamCount(1)));
        let four: Vec<RelayTeam> = (1..=4).map(|t| fixed(t, &[t * 10])).collect();
        assert_eq!(
            new(four).err().map(|e| e.to_string()).as_deref(),
            Some("a relay match needs two or three teams, not 4")
        );
        assert_eq!(new(vec![fixed(1, &[11]), fixed(1, &[21])]), Err(RelayError::DuplicateTeam(1)));
        assert_eq!(new(vec![fixed(1, &[11]), nominated(2, &[])]), Err(RelayError::EmptyTeam(2)));
        assert_eq!(new(vec![fixed(1, &[11]), nominated(2, &[21, 11])]), Err(RelayError::DuplicatePlayer(11)));
    }

    /// A 10 v 10 match where the challenger wins every game: the holder changes each time.
    fn holder_colours(colours: Colours, lot: u64) -> Vec<Color> {
        let teams = vec![fixed(1, &(11..=20).collect::<Vec<_>>()), fixed(2, &(21..=30).collect::<Vec<_>>())];
        let mut m = RelayMatch::new(RelaySettings { teams, draw: DrawPolicy::Replay, colours, lot }).expect("valid");
        let mut colours = Vec::new();
        while let Some(game) = m.next_game() {
            colours.push(game.holder_colour);
            record(&mut m, if game.number % 3 == 0 { "holder" } else { "challenger" });
        }
        colours
    }

    #[test]
    fn nigiri_draws_every_game_the_same_way_for_the_same_lot() {
        let drawn = holder_colours(Colours::Nigiri, 7);
        assert_eq!(drawn, holder_colours(Colours::Nigiri, 7), "a rebuilt match draws the same colours");
        assert_ne!(drawn, holder_colours(Colours::Nigiri, 8), "another event draws otherwise");
        // Over the games, the challenger gets both colours: nobody is Black by rule.
        let black_challengers = drawn.iter().filter(|&&holder| holder == Color::White).count();
        assert!((1..drawn.len()).contains(&black_challengers), "{black_challengers} of {}", drawn.len());
    }

    #[test]
    fn alternating_colours_swap_for_whoever_played_the_last_game() {
        for lot in 0..20 {
            let mut m = start(vec![fixed(1, &[11, 12, 13]), fixed(2, &[21, 22, 23])], DrawPolicy::Replay);
            m.colours = Colours::Alternate;
            m.lot = lot;
            let colour_of = |m: &RelayMatch, player: i64| {
                let game = m.next_game().expect("a game");
                if game.holder.player == player { game.holder_colour } else { game.holder_colour.opponent() }
            };
            let first = colour_of(&m, 11);
            record(&mut m, "holder"); // 11 beats 21 and holds: the other colour against 22
            assert_eq!(colour_of(&m, 11), first.opponent());
            record(&mut m, "0"); // drawn and replayed: both change colours
            assert_eq!((colour_of(&m, 11), colour_of(&m, 22)), (first, first.opponent()));
            record(&mut m, "challenger"); // 22 beats 11, holds, and changes colour again
            assert_eq!(colour_of(&m, 22), first);
        }
    }

    #[test]
    fn a_game_played_with_swapped_colours_counts_for_its_players() {
        let mut m = start(vec![fixed(1, &[11, 12]), fixed(2, &[21, 22])], DrawPolicy::Replay);
        let game = m.next_game().expect("game 1");
        let Board { black, white, .. } = game.board();
        // The director swapped the drafted colours; White (the drafted Black) wins.
        assert_eq!(m.record_played(white, black, GameResult::parse("W+R").expect("valid")), Ok(()));
        let played = m.games()[0].game;
        assert_eq!(played.board(), Board { black: white, white: black, handicap: 0 });
        assert_eq!(m.games()[0].out, vec![white], "the drafted White, who played Black, lost");
        assert_eq!(m.streak(black), 1);
        assert_eq!(
            m.record_played(12, 23, GameResult::Draw),
            Err(RelayError::GameOutOfTurn { black: 12, white: 23 }),
            "only the next game's two players"
        );
    }

    fn result(kind: u8) -> GameResult {
        match kind {
            0 | 1 => GameResult::parse("B+R").expect("valid"),
            2 | 3 => GameResult::parse("W+R").expect("valid"),
            4 => GameResult::Draw,
            5 => GameResult::NoResult,
            _ => GameResult::BothLose,
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn every_match_ends_with_one_team_left(
            sizes in proptest::collection::vec(1usize..=6, 2..=3),
            nominating in proptest::collection::vec(any::<bool>(), 3),
            replay_draws in any::<bool>(),
            kinds in proptest::collection::vec(0u8..7, 0..60),
            picks in proptest::collection::vec(0usize..6, 40),
        ) {
            let teams: Vec<RelayTeam> = sizes
                .iter()
                .enumerate()
                .map(|(t, &size)| {
                    let id = t as i64 + 1;
                    let players: Vec<i64> = (1..=size as i64).map(|p| id * 10 + p).collect();
                    if nominating[t] { nominated(id, &players) } else { fixed(id, &players) }
                })
                .collect();
            let draw = if replay_draws { DrawPolicy::Replay } else { DrawPolicy::BothOut };
            let mut m = start(teams, draw);
            let total: usize = sizes.iter().sum();
            let mut kinds = kinds.into_iter();
            let mut picks = picks.into_iter().cycle();
            for _ in 0..200 {
                if m.winner().is_some() {
                    break;
                }
                for team in m.awaiting_nomination() {
                    let left = m.teams().into_iter().find(|t| t.team == team).map(|t| t.remaining).unwrap_or_default();
                    let pick = left[picks.next().unwrap_or(0) % left.len()];
                    prop_assert_eq!(m.nominate(team, pick), Ok(()));
                }
                let game = m.next_game();
                prop_assert!(game.is_some());
                // Once the random results run out, Black wins every game.
                let r = result(kinds.next().unwrap_or(0));
                match m.record(r) {
                    Ok(()) => {}
                    Err(RelayError::NoTeamWouldRemain) => prop_assert_eq!(r, GameResult::BothLose),
                    Err(e) => prop_assert!(false, "unexpected error {}", e),
                }
            }
            let winner = m.winner();
            prop_assert!(winner.is_some(), "the match ended");
            let with_players: Vec<RelayTeamStatus> = m.teams().into_iter().filter(|t| !t.remaining.is_empty()).collect();
            prop_assert_eq!(with_players.len(), 1);
            prop_assert_eq!(Some(with_players[0].team), winner);

            let out: usize = m.games().iter().map(|r| r.out.len()).sum();
            prop_assert_eq!(out, total - with_players[0].remaining.len());
            let deciding = m.games().iter().filter(|r| !r.out.is_empty()).count();
            let both_out = m.games().iter().filter(|r| r.out.len() == 2).count();
            prop_assert_eq!(deciding + both_out, out);
            prop_assert!(deciding < total, "{} deciding games for {} players", deciding, total);
            let wins = m.games().iter().filter(|r| r.result.winner().is_some()).count() as u32;
            let streaks: u32 = m.teams().iter().flat_map(|t| t.remaining.iter().chain(&t.out)).map(|&p| m.streak(p)).sum();
            prop_assert_eq!(streaks, wins);
            for r in m.games() {
                for p in &r.out {
                    prop_assert!(*p == r.game.holder.player || *p == r.game.challenger.player);
                }
                prop_assert!(r.game.holder.team != r.game.challenger.team);
            }
        }
    }
}
