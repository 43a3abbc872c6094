//! Best-of-N matches between two players (多局决胜制: 三局两胜, 五局三胜, 七局四胜).
//!
//! Choices (the 1988 rules name the system but leave these open):
//! - Who has Black in game 1 is decided elsewhere (nigiri); colours then alternate game
//!   by game, extra games included.
//! - Scores are half-points, as [`GameResult::points`]: a win 2 (one game), a draw 1
//!   each (½ game), a loss 0. A forfeit is a win.
//! - No result (无胜负): the game is replayed with the same colours and does not count.
//! - Both lose (双方均负): 0 each, and the game counts as one of the N.
//! - The match is decided as soon as one player leads by more than the other could make
//!   up in the scheduled games left (2 half-points each), i.e. the other can no longer
//!   even draw level. Games that can no longer change the winner are not played.
//! - Level after N games (only possible with draws or both-lose): extra games, colours
//!   still alternating, until one is won (sudden death); drawn extra games decide nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Board;
use crate::result::GameResult;

/// A best-of-N match: N is odd and at least 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct BestOf {
    games: u32,
}

/// Where a match stands after the results so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchState {
    /// `(player, half-points)`: the player with Black in game 1 first, then the other.
    pub scores: [(i64, u32); 2],
    /// Games that count so far (no-result games are replayed and not counted).
    pub games_counted: u32,
    /// Colours of the next game (even, no handicap), or `None` once the match is decided.
    pub next_game: Option<Board>,
    pub winner: Option<i64>,
}

impl MatchState {
    pub fn is_decided(&self) -> bool {
        self.winner.is_some()
    }
}

/// Why a match cannot be set up or its results read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BestOfError {
    /// N is zero or even (the number given).
    NotOdd(u32),
    /// Both sides are the same player.
    SamePlayer(i64),
    /// A result (1-based position in the list) comes after the match was decided.
    PlayedAfterDecision { result: usize },
}

impl fmt::Display for BestOfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestOfError::NotOdd(n) => {
                write!(f, "a best-of match needs an odd number of games (1, 3, 5, 7, …); {n} given")
            }
            BestOfError::SamePlayer(id) => write!(f, "player {id} cannot play a match against themselves"),
            BestOfError::PlayedAfterDecision { result } => {
                write!(f, "result {result} comes after the match was already decided")
            }
        }
    }
}

impl std::error::Error for BestOfError {}

impl BestOf {
    pub fn new(games: u32) -> Result<BestOf, BestOfError> {
        if games % 2 == 1 { Ok(BestOf { games }) } else { Err(BestOfError::NotOdd(games)) }
    }

    /// N: the scheduled number of games.
    pub fn games(self) -> u32 {
        self.games
    }

    /// The state of the match between `first_black` (Black in game 1) and `second`,
    /// given every result so far in playing order, replays included.
    pub fn state(self, first_black: i64, second: i64, results: &[GameResult]) -> Result<MatchState, BestOfError> {
        if first_black == second {
            return Err(BestOfError::SamePlayer(first_black));
        }
        let players = [first_black, second];
        let mut scores = [0u32; 2];
        let mut counted = 0u32;
        let mut winner = None;
        for (i, result) in results.iter().enumerate() {
            if winner.is_some() {
                return Err(BestOfError::PlayedAfterDecision { result: i + 1 });
            }
            if *result == GameResult::NoResult {
                continue;
            }
            let black = counted as usize % 2;
            let (black_points, white_points) = result.points();
            scores[black] += black_points;
            scores[1 - black] += white_points;
            counted += 1;
            winner = self.leader(scores, counted).map(|i| players[i]);
        }
        let black = counted as usize % 2;
        Ok(MatchState {
            scores: [(first_black, scores[0]), (second, scores[1])],
            games_counted: counted,
            next_game: winner.is_none().then(|| Board {
                black: players[black],
                white: players[1 - black],
                handicap: 0,
            }),
            winner,
        })
    }

    /// Index of the player who has won: their lead exceeds the 2 half-points a game for
    /// every scheduled game left (none left in sudden death, so any lead wins).
    fn leader(self, scores: [u32; 2], counted: u32) -> Option<usize> {
        let left = u64::from(self.games.saturating_sub(counted));
        let (a, b) = (u64::from(scores[0]), u64::from(scores[1]));
        if a > b + 2 * left {
            Some(0)
        } else if b > a + 2 * left {
            Some(1)
        } else {
            None
        }
    }
}

impl TryFrom<u32> for BestOf {
    type Error = BestOfError;

    fn try_from(games: u32) -> Result<BestOf, BestOfError> {
        BestOf::new(games)
    }
}

impl From<BestOf> for u32 {
    fn from(best_of: BestOf) -> u32 {
        best_of.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Players: 1 had Black in game 1 (won the nigiri), 2 the other.
    const A: i64 = 1;
    const B: i64 = 2;

    fn results(texts: &[&str]) -> Vec<GameResult> {
        texts.iter().map(|t| GameResult::parse(t).expect("test result parses")).collect()
    }

    fn state(best_of: u32, texts: &[&str]) -> MatchState {
        let best_of = BestOf::new(best_of).expect("odd");
        best_of.state(A, B, &results(texts)).expect("valid results")
    }

    fn next(black: i64, white: i64) -> Option<Board> {
        Some(Board { black, white, handicap: 0 })
    }

    #[test]
    fn best_of_three_won_two_nil_skips_the_third_game() {
        // Game 1: A Black wins. Game 2: B Black, A (White) wins.
        let after_one = state(3, &["B+R"]);
        assert_eq!(after_one.scores, [(A, 2), (B, 0)]);
        // 2 − 0 with two games left: B can still reach 4, so play on, B now Black.
        assert_eq!((after_one.next_game, after_one.winner), (next(B, A), None));

        let after_two = state(3, &["B+R", "W+3.5"]);
        // 4 − 0 with one game left: B can reach 2 at most, so A has won.
        assert_eq!(
            after_two,
            MatchState { scores: [(A, 4), (B, 0)], games_counted: 2, next_game: None, winner: Some(A) }
        );
        assert!(after_two.is_decided());
        let third = BestOf::new(3).expect("odd").state(A, B, &results(&["B+R", "W+3.5", "B+R"]));
        assert_eq!(third, Err(BestOfError::PlayedAfterDecision { result: 3 }));
    }

    #[test]
    fn best_of_five_going_the_distance() {
        // Colours: game 1 A Black, 2 B Black, 3 A, 4 B, 5 A.
        // 1: B+R → A. 2: B+R → B. 3: W+R → B. 4: W+R → A. 5: B+R → A.
        let games = ["B+R", "B+R", "W+R", "W+R", "B+R"];
        let after_four = state(5, &games[..4]);
        // 2 − 2 in games (4 − 4 half-points), one game left: either can still win.
        assert_eq!(after_four.scores, [(A, 4), (B, 4)]);
        assert_eq!((after_four.next_game, after_four.winner), (next(A, B), None));
        let done = state(5, &games);
        // 3 − 2: 6 − 4 half-points, nothing left to play.
        assert_eq!(done, MatchState { scores: [(A, 6), (B, 4)], games_counted: 5, next_game: None, winner: Some(A) });
    }

    #[test]
    fn a_draw_forces_sudden_death() {
        // Best of three. 1 (A Black): A wins, 2 − 0. 2 (B Black): draw, 3 − 1.
        let after_two = state(3, &["B+R", "0"]);
        // 3 − 1 with one game left: B can draw level (3 − 3), so not yet decided.
        assert_eq!((after_two.scores, after_two.winner), ([(A, 3), (B, 1)], None));
        assert_eq!(after_two.next_game, next(A, B));
        // 3 (A Black): B wins, 3 − 3 after all three games → extra game 4, B Black.
        let level = state(3, &["B+R", "0", "W+R"]);
        assert_eq!((level.scores, level.games_counted), ([(A, 3), (B, 3)], 3));
        assert_eq!((level.next_game, level.winner), (next(B, A), None));
        // Extra game 4 drawn (4 − 4): still level, game 5 with A Black.
        let still_level = state(3, &["B+R", "0", "W+R", "Draw"]);
        assert_eq!((still_level.next_game, still_level.winner), (next(A, B), None));
        // Extra game 5: B wins with White and takes the match, 4 − 6.
        let done = state(3, &["B+R", "0", "W+R", "Draw", "W+R"]);
        assert_eq!(done, MatchState { scores: [(A, 4), (B, 6)], games_counted: 5, next_game: None, winner: Some(B) });
    }

    #[test]
    fn both_lose_counts_as_a_game_worth_nothing() {
        // Best of one: both lose (0 − 0), so an extra game follows with colours swapped.
        let s = state(1, &["BothLose"]);
        assert_eq!((s.scores, s.games_counted, s.next_game), ([(A, 0), (B, 0)], 1, next(B, A)));
        assert_eq!(state(1, &["BothLose", "B+R"]).winner, Some(B));
    }

    #[test]
    fn no_result_is_replayed_with_the_same_colours() {
        // Best of three: game 1 ends without result, so A keeps Black for the replay.
        let void = state(3, &["Void"]);
        assert_eq!(
            void,
            MatchState { scores: [(A, 0), (B, 0)], games_counted: 0, next_game: next(A, B), winner: None }
        );
        // Replay won by A; game 2 has B Black, and a void game 2 keeps B Black again.
        assert_eq!(state(3, &["Void", "B+R"]).next_game, next(B, A));
        let s = state(3, &["Void", "B+R", "Void"]);
        assert_eq!((s.scores, s.games_counted, s.next_game), ([(A, 2), (B, 0)], 1, next(B, A)));
    }

    #[test]
    fn bad_input_is_rejected() {
        for n in [0, 2, 4, 100] {
            assert_eq!(BestOf::new(n), Err(BestOfError::NotOdd(n)));
        }
        assert_eq!(
            BestOfError::NotOdd(4).to_string(),
            "a best-of match needs an odd number of games (1, 3, 5, 7, …); 4 given"
        );
        let bo7 = BestOf::new(7).expect("seven is odd");
        assert_eq!(bo7.games(), 7);
        assert_eq!(bo7.state(5, 5, &[]), Err(BestOfError::SamePlayer(5)));
        assert_eq!(BestOfError::SamePlayer(5).to_string(), "player 5 cannot play a match against themselves");
        assert_eq!(
            BestOfError::PlayedAfterDecision { result: 3 }.to_string(),
            "result 3 comes after the match was already decided"
        );
    }

    #[test]
    fn serde_checks_the_game_count() {
        let bo5 = BestOf::new(5).expect("odd");
        assert_eq!(serde_json::to_string(&bo5).ok().as_deref(), Some("5"));
        assert_eq!(serde_json::from_str::<BestOf>("5").ok(), Some(bo5));
        assert!(serde_json::from_str::<BestOf>("4").is_err());
    }

    fn any_result() -> impl Strategy<Value = GameResult> {
        prop_oneof![Just("B+R"), Just("W+R"), Just("B+F"), Just("W+0.5"), Just("Draw"), Just("Void"), Just("BothLose")]
            .prop_map(|t| GameResult::parse(t).expect("listed results parse"))
    }

    proptest! {
        /// With decisive games only, "best of N" means first to (N + 1) / 2 wins.
        #[test]
        fn decisive_games_first_to_a_majority(n in (0u32..5).prop_map(|k| 2 * k + 1), black_wins in prop::collection::vec(any::<bool>(), 1..20)) {
            let best_of = BestOf::new(n).expect("odd");
            let (mut wins, mut played) = ([0u32; 2], Vec::new());
            for (game, black_won) in black_wins.into_iter().enumerate() {
                let winner_side = (game + usize::from(!black_won)) % 2;
                played.push(GameResult::parse(if black_won { "B+R" } else { "W+R" }).expect("parses"));
                wins[winner_side] += 1;
                let s = best_of.state(A, B, &played).expect("not past the decision");
                let majority = wins.iter().position(|&w| w == n.div_ceil(2));
                prop_assert_eq!(s.winner, majority.map(|i| [A, B][i]));
                if s.is_decided() {
                    break;
                }
            }
        }

        /// Fed one result at a time: the winner always leads, the match never ends while the
        /// other could still draw level in the scheduled games, and colours alternate.
        #[test]
        fn decided_exactly_when_the_lead_is_out_of_reach(n in (0u32..4).prop_map(|k| 2 * k + 1), games in prop::collection::vec(any_result(), 0..30)) {
            let best_of = BestOf::new(n).expect("odd");
            let mut played = Vec::new();
            for result in games {
                played.push(result);
                let s = best_of.state(A, B, &played).expect("stopped at the decision");
                let [(_, a), (_, b)] = s.scores;
                let left = 2 * n.saturating_sub(s.games_counted);
                prop_assert_eq!(s.is_decided(), a.max(b) > a.min(b) + left);
                if let Some(w) = s.winner {
                    prop_assert_eq!(w, if a > b { A } else { B });
                    prop_assert_eq!(s.next_game, None);
                    break;
                }
                let expected = if s.games_counted.is_multiple_of(2) { next(A, B) } else { next(B, A) };
                prop_assert_eq!(s.next_game, expected);
            }
        }
    }
}
