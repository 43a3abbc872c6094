//! The AGA tournament results file: what a director sends the American Go Association to have
//! an event's games rated (its "Qualifications for Rated Games"):
//!
//! ```text
//! TOURNEY Princeton Go Club Rated Games, Princeton, NJ
//!         start=6/15/2004
//!         finish=6/30/2004
//!         rules=AGA
//! PLAYERS
//!  489 Matthews, Paul 4k
//! GAMES
//! 489 3199 b 0 7
//! ```
//!
//! A game line is White's AGA number, Black's, the winner (`w` or `b`), the handicap stones and
//! the komi as a whole number (the points Black gives White: 7.5 is 7, 0.5 is 0). Players are
//! known by their AGA membership numbers; the AGA no longer takes temporary numbers, so the file
//! is written only when every player of a rated game has one. Only games won over the board are
//! rated: draws, void games (无胜负), both-lose (双方均负), forfeits, byes and games without a
//! result are left out. Rounds are not marked (the AGA's example has one `GAMES` section).
use std::fmt;

use chrono::NaiveDate;

use crate::color::Color;
use crate::message::Message;
use crate::result::{GameResult, Margin};

/// An AGA membership number: 1 to 8 digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AgaId(String);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgaIdError(pub String);

impl AgaIdError {
    pub fn message(&self) -> Message {
        Message::new("error-aga-id").text("text", self.0.as_str())
    }
}

impl fmt::Display for AgaIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for AgaIdError {}

impl AgaId {
    /// The number as typed; blank is no number. Leading zeros are dropped, as the AGA's own
    /// lists write the numbers.
    pub fn parse(text: &str) -> Result<Option<AgaId>, AgaIdError> {
        let digits = text.trim();
        if digits.is_empty() {
            return Ok(None);
        }
        if digits.len() > 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(AgaIdError(digits.chars().take(20).collect()));
        }
        let trimmed = digits.trim_start_matches('0');
        if trimmed.is_empty() {
            return Err(AgaIdError(digits.to_string()));
        }
        Ok(Some(AgaId(trimmed.to_string())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The `TOURNEY` section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgaHeader {
    pub name: String,
    pub location: String,
    pub start: NaiveDate,
    pub finish: NaiveDate,
    /// The event's ruleset code (see `domain::event::RULESETS`).
    pub ruleset: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgaPlayer {
    pub id: AgaId,
    pub name: String,
    /// As the AGA writes ranks: "4k", "5d", "7p".
    pub rank: String,
}

/// A game as played: the AGA numbers of its players, its result, handicap and komi in
/// half-points (the event's; 0 for a handicap game's, which has none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgaGame {
    pub black: AgaId,
    pub white: AgaId,
    pub result: Option<GameResult>,
    pub handicap: u8,
    pub komi_half_points: i32,
}

/// The winner of a game the AGA rates: won over the board (not by forfeit).
pub fn rated_winner(result: Option<GameResult>) -> Option<Color> {
    match result? {
        GameResult::Win { margin: Margin::Forfeit, .. } => None,
        GameResult::Win { winner, .. } => Some(winner),
        GameResult::Draw | GameResult::NoResult | GameResult::BothLose => None,
    }
}

/// The name of a ruleset as the AGA's `rules=` line writes it.
pub fn rules_name(ruleset: &str) -> &'static str {
    match ruleset {
        "aga" => "AGA",
        "japanese-1989" => "Japanese",
        "korean-1992" => "Korean",
        "ing" => "Ing",
        "new-zealand" => "New Zealand",
        "chinese-1988" | "chinese-2002" => "Chinese",
        _ => "Other",
    }
}

/// One field of a line: no line breaks or tabs, spaces collapsed, nothing a spreadsheet would
/// run.
fn field(text: &str) -> String {
    super::without_formula_start(text).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The file, with `\n` line ends: players as given, then every rated game in the order given.
pub fn write(header: &AgaHeader, players: &[AgaPlayer], games: &[AgaGame]) -> String {
    let date = |d: NaiveDate| d.format("%-m/%-d/%Y").to_string();
    let mut out = String::new();
    let location = field(&header.location);
    let title = if location.is_empty() { field(&header.name) } else { format!("{}, {location}", field(&header.name)) };
    out.push_str(&format!("TOURNEY {title}\n"));
    out.push_str(&format!("        start={}\n", date(header.start)));
    out.push_str(&format!("        finish={}\n", date(header.finish)));
    out.push_str(&format!("        rules={}\n", rules_name(&header.ruleset)));
    out.push_str("PLAYERS\n");
    let width = players.iter().map(|p| p.id.as_str().len()).max().unwrap_or(0);
    for p in players {
        out.push_str(&format!("{:>width$} {} {}\n", p.id.as_str(), field(&p.name), p.rank));
    }
    out.push_str("GAMES\n");
    for g in games {
        let Some(winner) = rated_winner(g.result) else { continue };
        let komi = if g.handicap > 0 { 0 } else { g.komi_half_points / 2 };
        let letter = if winner == Color::Black { 'b' } else { 'w' };
        out.push_str(&format!("{} {} {letter} {} {komi}\n", g.white.as_str(), g.black.as_str(), g.handicap));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> AgaId {
        AgaId::parse(text).ok().flatten().unwrap_or(AgaId(String::new()))
    }

    #[test]
    fn membership_numbers_are_digits() {
        assert_eq!(AgaId::parse(" 0489 "), Ok(Some(AgaId("489".into()))));
        assert_eq!(AgaId::parse(""), Ok(None));
        for bad in ["TMP18", "USA2122", "12-34", "123456789", "000"] {
            assert!(AgaId::parse(bad).is_err(), "{bad}");
        }
        assert!(AgaId::parse("TMP18").is_err_and(|e| e.to_string().contains("TMP18")));
    }

    /// The AGA's own example, written back: two even games at komi 7, then a handicap game,
    /// a forfeit, a draw and an unplayed game that are left out.
    #[test]
    fn writes_the_agas_example() {
        let header = AgaHeader {
            name: "Princeton Go Club Rated Games".into(),
            location: "Princeton, NJ".into(),
            start: NaiveDate::from_ymd_opt(2004, 6, 15).unwrap_or_default(),
            finish: NaiveDate::from_ymd_opt(2004, 6, 30).unwrap_or_default(),
            ruleset: "aga".into(),
        };
        let players = vec![
            AgaPlayer { id: id("489"), name: "Matthews, Paul".into(), rank: "4k".into() },
            AgaPlayer { id: id("3199"), name: "Mott,\tRick".into(), rank: "4k".into() },
        ];
        let win = |winner, margin| Some(GameResult::Win { winner, margin });
        let game = |black: &str, white: &str, result, handicap| AgaGame {
            black: id(black),
            white: id(white),
            result,
            handicap,
            komi_half_points: 15,
        };
        let games = vec![
            game("3199", "489", win(Color::Black, Margin::Points(5)), 0),
            game("489", "3199", win(Color::White, Margin::Resignation), 0),
            game("489", "3199", win(Color::Black, Margin::Time), 2),
            game("489", "3199", win(Color::Black, Margin::Forfeit), 0),
            game("489", "3199", Some(GameResult::Draw), 0),
            game("489", "3199", None, 0),
        ];
        assert_eq!(
            write(&header, &players, &games),
            "TOURNEY Princeton Go Club Rated Games, Princeton, NJ\n        start=6/15/2004\n        finish=6/30/2004\n        rules=AGA\nPLAYERS\n 489 Matthews, Paul 4k\n3199 Mott, Rick 4k\nGAMES\n489 3199 b 0 7\n3199 489 w 0 7\n3199 489 b 2 0\n"
        );
        assert_eq!(rules_name("chinese-1988"), "Chinese");
        assert_eq!(rules_name("tromp-taylor"), "Other");
    }
}
