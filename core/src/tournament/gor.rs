//! The EGF's GoR rating update, as the European Go Database computes it since 2021 (the
//! revised system; docs/RATINGS.md has the sources):
//! - the expected result of A against B is `Se = 1 / (1 + exp(β(r_B) − β(r_A)))`, with
//!   `β(r) = −7 ln(3300 − r)`;
//! - after a game, `r' = r + con (Sa − Se) + bonus`, where `Sa` is 1 for a win, ½ for jigo,
//!   0 for a loss, `con = ((3300 − r) / 200)^1.6` and `bonus = ln(1 + exp((2300 − r) / 80)) / 5`;
//! - in a handicap game of H stones the player receiving them counts `100 (H − ½)` stronger in
//!   `Se` only (H = 0 is an even game);
//! - every game of an event is rated from the ratings before the event, and the changes add up;
//! - a rating never goes below −900; a player without one starts from their rank (1d = 2100,
//!   one grade = 100, 1p = 7d = 2700, then 30 a professional grade).
use std::collections::BTreeMap;

use crate::rank::{Rank, RankKind};

/// The lowest rating there is.
pub const FLOOR: f64 = -900.0;

/// The rating a rank starts from: 2100 − 100 k for k kyu, 2000 + 100 d for d dan, 2700 + 30
/// (p − 1) for p dan professional.
pub fn initial(rank: Rank) -> f64 {
    let n = f64::from(rank.number());
    match rank.kind() {
        RankKind::Kyu => 2100.0 - 100.0 * n,
        RankKind::Dan => 2000.0 + 100.0 * n,
        RankKind::Pro => 2700.0 + 30.0 * (n - 1.0),
    }
}

/// The formulas hold below 3300, perfect play; a rating lifted by handicap stones past it
/// counts as just below.
const CEILING: f64 = 3299.0;

fn beta(rating: f64) -> f64 {
    -7.0 * (3300.0 - rating.min(CEILING)).ln()
}

/// The result a player rated `own` is expected to score against one rated `other`.
pub fn expected(own: f64, other: f64) -> f64 {
    1.0 / (1.0 + (beta(other) - beta(own)).exp())
}

/// How far one game moves a player rated `rating`.
pub fn con(rating: f64) -> f64 {
    ((3300.0 - rating.min(CEILING)) / 200.0).powf(1.6)
}

/// What every game adds, against deflation.
pub fn bonus(rating: f64) -> f64 {
    (1.0 + ((2300.0 - rating) / 80.0).exp()).ln() / 5.0
}

/// How a rated game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    BlackWins,
    WhiteWins,
    Jigo,
}

/// One game to rate: the players (by any id), the handicap stones Black received (0 for an even
/// game), and how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedGame<Id> {
    pub black: Id,
    pub white: Id,
    pub handicap: u8,
    pub outcome: Outcome,
}

/// Each player's rating after the event's `games`, every game rated from `before` (players
/// missing from it are not rated). The change of a player is the sum over their games.
pub fn after_event<Id: Ord + Copy>(before: &BTreeMap<Id, f64>, games: &[RatedGame<Id>]) -> BTreeMap<Id, f64> {
    let mut change: BTreeMap<Id, f64> = BTreeMap::new();
    for game in games {
        let (Some(&black), Some(&white)) = (before.get(&game.black), before.get(&game.white)) else { continue };
        // The stones received count in the expectation only.
        let lift = if game.handicap == 0 { 0.0 } else { 100.0 * (f64::from(game.handicap) - 0.5) };
        let black_expected = expected(black + lift, white);
        let black_scored = match game.outcome {
            Outcome::BlackWins => 1.0,
            Outcome::WhiteWins => 0.0,
            Outcome::Jigo => 0.5,
        };
        *change.entry(game.black).or_default() += con(black) * (black_scored - black_expected) + bonus(black);
        *change.entry(game.white).or_default() +=
            con(white) * ((1.0 - black_scored) - (1.0 - black_expected)) + bonus(white);
    }
    before.iter().map(|(id, r)| (*id, (r + change.get(id).copied().unwrap_or(0.0)).max(FLOOR))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rank(text: &str) -> Rank {
        Rank::parse(text).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn one_game(black: f64, white: f64, handicap: u8, outcome: Outcome) -> (f64, f64) {
        let before = BTreeMap::from([(1, black), (2, white)]);
        let after = after_event(&before, &[RatedGame { black: 1, white: 2, handicap, outcome }]);
        (after[&1], after[&2])
    }

    #[test]
    fn a_rank_starts_from_its_published_rating() {
        // The EGD: 1 dan about 2100, 100 a grade (6d = 2600, 1k = 2000, 20k = 100); 1p = 7d =
        // 2700, 2p = 2730 … 9p = 2940; the floor −900 is 30 kyu.
        for (text, rating) in [
            ("1d", 2100.0),
            ("6d", 2600.0),
            ("1k", 2000.0),
            ("20k", 100.0),
            ("30k", FLOOR),
            ("1p", 2700.0),
            ("9p", 2940.0),
        ] {
            assert_eq!(initial(rank(text)), rating, "{text}");
        }
    }

    #[test]
    fn an_even_game_between_equals_matches_the_egds_calculator() {
        // The EGD's GoR calculator for 2100 against 2100 (as the `horaceho/ers` tests record it):
        // 2109.306 after a win, 2091.725 after a loss.
        let (winner, loser) = one_game(2100.0, 2100.0, 0, Outcome::BlackWins);
        assert!((winner - 2109.306).abs() < 0.01, "{winner}");
        assert!((loser - 2091.725).abs() < 0.01, "{loser}");
        assert!((expected(2100.0, 2100.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn a_hand_computation_of_an_even_and_a_handicap_game() {
        // By hand, from the formulas above:
        // 2100 beats 2000: Se = 1 / (1 + (1200/1300)^7) = 0.636522; con(2100) = 6^1.6 =
        // 17.580936, bonus(2100) = ln(1 + e^2.5) / 5 = 0.515778: 2100 + 17.580936 × 0.363478 +
        // 0.515778 = 2106.906; con(2000) = 6.5^1.6 = 19.983031, bonus(2000) = 0.754649:
        // 2000 − 19.983031 × 0.363478 + 0.754649 = 1993.491.
        let (a, b) = one_game(2100.0, 2000.0, 0, Outcome::BlackWins);
        assert!((a - 2106.906).abs() < 0.01 && (b - 1993.491).abs() < 0.01, "{a} {b}");
        // 1800 takes two stones from 2000 and wins: it counts as 1950 in Se, Se = 1 / (1 +
        // (1350/1300)^7) = 0.434336; con(1800) = 7.5^1.6 = 25.124534, bonus(1800) = 1.250386:
        // 1800 + 25.124534 × 0.565664 + 1.250386 = 1815.462; 2000 − 19.983031 × 0.565664 +
        // 0.754649 = 1989.451.
        let (weaker, stronger) = one_game(1800.0, 2000.0, 2, Outcome::BlackWins);
        assert!((weaker - 1815.462).abs() < 0.01 && (stronger - 1989.451).abs() < 0.01, "{weaker} {stronger}");
    }

    #[test]
    fn an_events_games_are_all_rated_from_the_ratings_before_it() {
        // Two wins for 1 against 2 and 3: each change is what the game alone would give.
        let before = BTreeMap::from([(1, 2000.0), (2, 2100.0), (3, 1900.0)]);
        let games = [
            RatedGame { black: 1, white: 2, handicap: 0, outcome: Outcome::BlackWins },
            RatedGame { black: 3, white: 1, handicap: 0, outcome: Outcome::WhiteWins },
        ];
        let after = after_event(&before, &games);
        let first = one_game(2000.0, 2100.0, 0, Outcome::BlackWins).0 - 2000.0;
        let second = one_game(1900.0, 2000.0, 0, Outcome::WhiteWins).1 - 2000.0;
        assert!((after[&1] - (2000.0 + first + second)).abs() < 1e-9);
        let jigo = one_game(2000.0, 2000.0, 0, Outcome::Jigo);
        assert!((jigo.0 - (2000.0 + bonus(2000.0))).abs() < 1e-9, "a jigo between equals adds the bonus only");
        // −880 losing to −600 would drop to about −917: it stops at the floor.
        assert_eq!(one_game(-880.0, -600.0, 0, Outcome::WhiteWins).0, FLOOR, "never below the floor");
    }

    proptest! {
        /// A win never lowers a rating and a loss never raises it beyond the bonus; the
        /// expectations of the two players add up to one.
        #[test]
        fn wins_raise_and_losses_lower(a in -900.0f64..2900.0, b in -900.0f64..2900.0, h in 0u8..10) {
            prop_assert!((expected(a, b) + expected(b, a) - 1.0).abs() < 1e-9);
            let (won, _) = one_game(a, b, h, Outcome::BlackWins);
            let (lost, _) = one_game(a, b, h, Outcome::WhiteWins);
            prop_assert!(won >= a && lost <= a + bonus(a) + 1e-9);
        }
    }
}
