//! Standings: points (1988 Chinese Competition Rules, Art. 28) and SOS (对手分).

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::result::GameResult;

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

/// One line of the standings table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1-based; tied players share a place and the next place skips (1, 2, 2, 4).
    pub place: u32,
    pub player: i64,
    pub points: u32,
    /// Sum of the final points of every opponent met (对手分).
    pub sos: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
}

/// Points a bye is worth: a win.
const BYE_POINTS: u32 = 2;

/// Computes the standings of `players`.
///
/// Choices:
/// - Points per the 1988 Chinese Competition Rules, Art. 28: win 2, draw 1, loss 0.
///   A forfeit win counts as a win. A bye scores 2 and is counted in `byes`, not `wins`.
/// - No result (无胜负) and both-lose (双方均负) give 0 to both players and count as
///   neither a win, a draw nor a loss.
/// - SOS adds the final points of every opponent met. Any scheduled game is a meeting,
///   whether it has a result or not, forfeits included; a bye adds 0.
/// - Points are computed for everyone appearing in `games` or `byes`, so an opponent
///   missing from `players` (e.g. withdrawn) still counts towards SOS; rows are only
///   made for `players` (once each, duplicates ignored).
/// - Order: points desc, then SOS desc. Players equal on both share a place; within a
///   tie rows are by player id asc, and the caller may re-sort within a tie.
pub fn compute_standings(players: &[i64], games: &[GameRecord], byes: &[ByeRecord]) -> Vec<StandingRow> {
    let mut points: HashMap<i64, u32> = HashMap::new();
    let mut tally: HashMap<i64, (u32, u32, u32, u32)> = HashMap::new(); // wins, draws, losses, byes
    for g in games {
        let Some(result) = g.result else {
            continue;
        };
        let (pb, pw) = result.points();
        *points.entry(g.black).or_default() += pb;
        *points.entry(g.white).or_default() += pw;
        for (id, own) in [(g.black, pb), (g.white, pw)] {
            let t = tally.entry(id).or_default();
            match result {
                GameResult::Win { .. } if own > 0 => t.0 += 1,
                GameResult::Win { .. } => t.2 += 1,
                GameResult::Draw => t.1 += 1,
                GameResult::NoResult | GameResult::BothLose => {}
            }
        }
    }
    for b in byes {
        *points.entry(b.player).or_default() += BYE_POINTS;
        tally.entry(b.player).or_default().3 += 1;
    }

    let mut sos: HashMap<i64, u32> = HashMap::new();
    for g in games {
        let of = |id: i64| points.get(&id).copied().unwrap_or(0);
        *sos.entry(g.black).or_default() += of(g.white);
        *sos.entry(g.white).or_default() += of(g.black);
    }

    let mut seen = HashSet::new();
    let mut rows: Vec<StandingRow> = players
        .iter()
        .filter(|id| seen.insert(**id))
        .map(|&id| {
            let (wins, draws, losses, byes) = tally.get(&id).copied().unwrap_or_default();
            StandingRow {
                place: 0,
                player: id,
                points: points.get(&id).copied().unwrap_or(0),
                sos: sos.get(&id).copied().unwrap_or(0),
                wins,
                draws,
                losses,
                byes,
            }
        })
        .collect();
    rows.sort_by(|a, b| b.points.cmp(&a.points).then(b.sos.cmp(&a.sos)).then(a.player.cmp(&b.player)));
    let mut previous: Option<(u32, u32, u32)> = None;
    for (i, row) in rows.iter_mut().enumerate() {
        let place = match previous {
            Some((p, s, place)) if p == row.points && s == row.sos => place,
            _ => i as u32 + 1,
        };
        row.place = place;
        previous = Some((row.points, row.sos, place));
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::color::Color;
    use crate::domain::result::Margin;

    fn game(round: u32, black: i64, white: i64, result: &str) -> GameRecord {
        GameRecord { round, black, white, result: GameResult::parse(result).ok() }
    }

    /// (player, place, points, sos, wins, draws, losses, byes)
    type Expected = (i64, u32, u32, u32, u32, u32, u32, u32);

    fn check(rows: &[StandingRow], expected: &[Expected]) {
        let got: Vec<Expected> =
            rows.iter().map(|r| (r.player, r.place, r.points, r.sos, r.wins, r.draws, r.losses, r.byes)).collect();
        assert_eq!(got, expected);
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
        assert!(games.iter().all(|g| g.result.is_some()));
        let byes = [ByeRecord { round: 2, player: 2 }];
        let rows = compute_standings(&[1, 2, 3, 4, 5, 6], &games, &byes);
        // Points: 1: 2+2+2 = 6; 2: 0+2(bye)+2 = 4; 3: 1+0+0 = 1; 4: 1+0+0 = 1;
        // 5: 0+0 = 0; 6: 2+2+0 = 4.
        // SOS: 1: 2(4)+3(1)+6(4) = 9; 2: 1(6)+3(1) = 7; 3: 4(1)+1(6)+2(4) = 11;
        // 4: 3(1)+6(4)+5(0) = 5; 5: 6(4)+4(1) = 5; 6: 5(0)+4(1)+1(6) = 7.
        check(
            &rows,
            &[
                (1, 1, 6, 9, 3, 0, 0, 0),
                (2, 2, 4, 7, 1, 0, 1, 1),
                (6, 2, 4, 7, 2, 0, 1, 0),
                (3, 4, 1, 11, 0, 1, 2, 0),
                (4, 5, 1, 5, 0, 1, 1, 0),
                (5, 6, 0, 5, 0, 0, 1, 0),
            ],
        );
    }

    #[test]
    fn unplayed_games_count_as_met_but_score_nothing() {
        let games =
            [game(1, 1, 2, "B+R"), GameRecord { round: 2, black: 3, white: 1, result: None }, game(1, 3, 4, "黑胜")];
        let rows = compute_standings(&[1, 2, 3, 4], &games, &[]);
        // 1: 2 points, SOS 0 (2) + 2 (3); 3: 2 points, SOS 2 (1) + 0 (4).
        check(
            &rows,
            &[(1, 1, 2, 2, 1, 0, 0, 0), (3, 1, 2, 2, 1, 0, 0, 0), (2, 3, 0, 2, 0, 0, 1, 0), (4, 3, 0, 2, 0, 0, 1, 0)],
        );
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
}
