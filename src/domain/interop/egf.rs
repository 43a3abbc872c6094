//! The EGF tournament results table (the text file the EGF rating program reads; the "h9"
//! file OpenGotha exports): one line per player in final order, then one entry per round,
//! `<opponent's place><+|-|=>/<b|w><handicap>`, e.g. `12+/b0`, `3-/w2`.
//!
//! The format has no forfeits, void games or both-lose; unplayed rounds are `0+` (a free
//! win: a bye), `0-` (a free round: absent) or `0=`. So that the rating program rates only
//! games that were played, Yunzi writes:
//! - a bye as `0+`; no game as `0-`;
//! - a forfeit as `0+` for the winner (the point is kept) and `0-` for the loser;
//! - a void game (无胜负) and a both-lose (双方均负) as `0-` for both: no point, no rating;
//! - a game without a result yet as `0-`, so export once every result is in.
use std::collections::HashMap;

use crate::domain::color::Color;
use crate::domain::result::{GameResult, Margin};
use crate::domain::standings::{ByeRecord, GameRecord};

/// One player of the table, in final order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EgfPlayer {
    pub id: i64,
    pub name: String,
    /// As the EGF writes grades: "5d", "12k", "3p".
    pub rank: String,
    pub country: String,
    pub club: String,
    /// The main score as written in the standings ("4", "3½"), for readers of the table.
    pub score: String,
}

/// The header: event name, place, dates (YYYY-MM-DD), komi.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EgfHeader {
    pub event: String,
    pub place: String,
    pub start: String,
    pub end: String,
    pub komi: String,
}

/// A name or club as one EGF field: no line breaks, no brackets or semicolons (the
/// format's comment and header characters), nothing a spreadsheet would run.
fn field(text: &str, empty: &str) -> String {
    let cleaned: String = super::without_formula_start(text)
        .chars()
        .map(|c| if matches!(c, ';' | '[' | ']' | '\n' | '\r' | '\t') { ' ' } else { c })
        .collect();
    let cleaned = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    if cleaned.is_empty() { empty.to_string() } else { cleaned }
}

/// The table for `rounds` rounds (1..=rounds), games with their handicaps.
pub fn write(
    header: &EgfHeader,
    players: &[EgfPlayer],
    rounds: u32,
    games: &[(GameRecord, u8)],
    byes: &[ByeRecord],
) -> String {
    let place: HashMap<i64, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i + 1)).collect();
    let mut out = String::new();
    out.push_str(&format!("; EV[{}]\n", field(&header.event, "")));
    out.push_str(&format!("; PC[{}]\n", field(&header.place, "")));
    out.push_str(&format!("; DT[{},{}]\n", header.start, header.end));
    out.push_str(&format!("; KM[{}]\n", header.komi));
    out.push_str("; Written by Yunzi. Forfeits, void and both-lose games are 0+/0- (not rated).\n");
    out.push_str("; Pl Name Rk Co Club Score");
    for r in 1..=rounds {
        out.push_str(&format!(" {r}"));
    }
    out.push('\n');
    let name_width = players.iter().map(|p| field(&p.name, "?").chars().count()).max().unwrap_or(4);
    for (index, p) in players.iter().enumerate() {
        let name = field(&p.name, "?");
        let pad = " ".repeat(name_width - name.chars().count());
        out.push_str(&format!(
            "{:>4} {name}{pad} {:>3} {} {} {}",
            index + 1,
            p.rank,
            field(&p.country, "--"),
            field(&p.club, "-"),
            p.score
        ));
        for round in 1..=rounds {
            out.push(' ');
            out.push_str(&entry(p.id, round, games, byes, &place));
        }
        out.push('\n');
    }
    out
}

fn entry(
    player: i64,
    round: u32,
    games: &[(GameRecord, u8)],
    byes: &[ByeRecord],
    place: &HashMap<i64, usize>,
) -> String {
    if byes.iter().any(|b| b.round == round && b.player == player) {
        return "0+".into();
    }
    // The last game of the round counts (a replayed game supersedes the void one).
    let Some((game, handicap)) =
        games.iter().rev().find(|(g, _)| g.round == round && (g.black == player || g.white == player))
    else {
        return "0-".into();
    };
    let (me, opponent, colour) =
        if game.black == player { (Color::Black, game.white, 'b') } else { (Color::White, game.black, 'w') };
    let symbol = match game.result {
        Some(GameResult::Win { winner, margin: Margin::Forfeit }) => {
            return if winner == me { "0+".into() } else { "0-".into() };
        }
        Some(GameResult::Win { winner, .. }) if winner == me => '+',
        Some(GameResult::Win { .. }) => '-',
        Some(GameResult::Draw) => '=',
        Some(GameResult::NoResult | GameResult::BothLose) | None => return "0-".into(),
    };
    let opponent_place = place.get(&opponent).copied().unwrap_or(0);
    format!("{opponent_place}{symbol}/{colour}{handicap}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: i64, name: &str) -> EgfPlayer {
        EgfPlayer {
            id,
            name: name.into(),
            rank: "3d".into(),
            country: "CN".into(),
            club: "Hang zhou".into(),
            score: "1".into(),
        }
    }

    fn game(round: u32, black: i64, white: i64, result: &str) -> GameRecord {
        GameRecord { round, black, white, result: GameResult::parse(result).ok() }
    }

    #[test]
    fn each_result_is_written_as_the_rating_program_reads_it() {
        let header = EgfHeader {
            event: "Spring [Open]; 春季赛".into(),
            place: "CN, Hangzhou".into(),
            start: "2026-04-01".into(),
            end: "2026-04-02".into(),
            komi: "7.5".into(),
        };
        let players = vec![player(10, "Chen Yaoye"), player(20, "王小明"), player(30, "Li"), player(40, "")];
        let games = vec![
            (game(1, 10, 20, "B+R"), 0),
            (game(1, 30, 40, "W+F"), 0),
            (game(2, 20, 10, "0"), 2),
            (game(2, 40, 30, "Void"), 0),
            (game(3, 30, 10, "BothLose"), 0),
        ];
        let byes = vec![ByeRecord { round: 3, player: 20 }];
        let text = write(&header, &players, 3, &games, &byes);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "; EV[Spring Open 春季赛]");
        assert_eq!(lines[2], "; DT[2026-04-01,2026-04-02]");
        let rows: Vec<Vec<&str>> =
            lines.iter().filter(|l| !l.starts_with(';')).map(|l| l.split_whitespace().collect()).collect();
        // Place, name (two words), rank, country, club (two words), score, then rounds 1–3.
        assert_eq!(rows[0][rows[0].len() - 3..], ["2+/b0", "2=/w2", "0-"]);
        assert_eq!(rows[1][rows[1].len() - 3..], ["1-/w0", "1=/b2", "0+"]);
        // A forfeit: the winner keeps the point as a free win, the loser has a free round.
        assert_eq!(rows[2][rows[2].len() - 3..], ["0-", "0-", "0-"]);
        assert_eq!(rows[3][rows[3].len() - 3..], ["0+", "0-", "0-"]);
        assert_eq!(rows[3][1], "?", "an empty name is still one field");
        assert_eq!(rows.len(), 4);
    }
}
