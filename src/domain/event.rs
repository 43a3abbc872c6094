//! Event settings, parsed at the boundary.
use std::fmt;

use chrono::NaiveDate;

use super::komi::Komi;
use super::player::{FieldError, clean_text};

/// The pairing system. Swiss for now; the pairing work adds the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    Swiss,
}

impl System {
    pub const ALL: [System; 1] = [System::Swiss];

    pub fn code(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
        }
    }

    pub fn parse(code: &str) -> Result<System, FieldError> {
        match code.trim() {
            "swiss" => Ok(System::Swiss),
            other => Err(FieldError(format!("\"{other}\" is not a pairing system Yunzi offers"))),
        }
    }
}

/// The rule presets an event can name: exactly the engine's (RULES.md §1).
pub const RULESETS: [&str; 12] = crate::domain::go::ruleset::PRESET_NAMES;

pub const DEFAULT_RULESET: &str = "chinese-1988";

pub fn parse_ruleset(code: &str) -> Result<&'static str, FieldError> {
    RULESETS
        .iter()
        .find(|r| **r == code.trim())
        .copied()
        .ok_or_else(|| FieldError(format!("\"{}\" is not a known ruleset", code.trim())))
}

pub const MAX_ROUNDS: u32 = 30;

/// Everything a director fills in to create or edit an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSettings {
    pub name: String,
    pub venue: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub time_zone: String,
    pub rounds: u32,
    pub system: System,
    pub ruleset: &'static str,
    pub komi: Komi,
    pub time_control: String,
}

/// The raw text of the event form.
#[derive(Debug, Clone, Default)]
pub struct EventInput<'a> {
    pub name: &'a str,
    pub venue: &'a str,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub time_zone: &'a str,
    pub rounds: &'a str,
    pub system: &'a str,
    pub ruleset: &'a str,
    pub komi: &'a str,
    pub time_control: &'a str,
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl EventSettings {
    pub fn parse(input: &EventInput<'_>) -> Result<EventSettings, FieldError> {
        let name = clean_text(input.name, "The event name", 120, true)?;
        let venue = clean_text(input.venue, "The venue", 200, false)?;
        let start_date = parse_date(input.start_date, "start date")?;
        let end_date = parse_date(input.end_date, "end date")?;
        if end_date < start_date {
            return Err(FieldError("The event cannot end before it starts".into()));
        }
        let time_zone = input.time_zone.trim();
        if time_zone.parse::<chrono_tz::Tz>().is_err() {
            return Err(FieldError(format!(
                "\"{time_zone}\" is not a time zone: use a name such as Asia/Shanghai or Europe/Amsterdam"
            )));
        }
        let rounds = match input.rounds.trim().parse::<u32>() {
            Ok(n) if (1..=MAX_ROUNDS).contains(&n) => n,
            _ => {
                return Err(FieldError(format!("The number of rounds must be a whole number from 1 to {MAX_ROUNDS}")));
            }
        };
        let komi = Komi::parse(input.komi).map_err(|e| FieldError(e.to_string()))?;
        Ok(EventSettings {
            name,
            venue,
            start_date,
            end_date,
            time_zone: time_zone.to_string(),
            rounds,
            system: System::parse(input.system)?,
            ruleset: parse_ruleset(input.ruleset)?,
            komi,
            time_control: clean_text(input.time_control, "The time control", 200, false)?,
        })
    }
}

fn parse_date(input: &str, what: &str) -> Result<NaiveDate, FieldError> {
    NaiveDate::parse_from_str(input.trim(), "%Y-%m-%d")
        .map_err(|_| FieldError(format!("The {what} must be a date such as 2026-12-05")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> EventInput<'static> {
        EventInput {
            name: "Club Championship",
            venue: "Hangzhou Qiyuan",
            start_date: "2026-12-05",
            end_date: "2026-12-06",
            time_zone: "Asia/Shanghai",
            rounds: "5",
            system: "swiss",
            ruleset: "chinese-1988",
            komi: "3¾子",
            time_control: "60 min + 3×30 s",
        }
    }

    #[test]
    fn the_default_ruleset_is_an_engine_preset() {
        assert!(crate::domain::go::ruleset::Ruleset::preset(DEFAULT_RULESET).is_some());
        assert!(parse_ruleset("tromp-taylor").is_ok());
    }

    #[test]
    fn a_complete_form_parses() {
        let settings = EventSettings::parse(&input());
        assert!(settings.is_ok(), "{settings:?}");
        if let Ok(s) = settings {
            assert_eq!(s.komi.half_points(), 15);
            assert_eq!(s.rounds, 5);
        }
    }

    #[test]
    fn each_bad_field_is_named() {
        let cases: Vec<(EventInput<'static>, &str)> = vec![
            (EventInput { name: " ", ..input() }, "event name"),
            (EventInput { end_date: "2026-12-01", ..input() }, "end before"),
            (EventInput { start_date: "5/12/2026", ..input() }, "start date"),
            (EventInput { time_zone: "Mars/Olympus", ..input() }, "time zone"),
            (EventInput { rounds: "0", ..input() }, "rounds"),
            (EventInput { rounds: "many", ..input() }, "rounds"),
            (EventInput { system: "lottery", ..input() }, "pairing system"),
            (EventInput { ruleset: "calvinball", ..input() }, "ruleset"),
            (EventInput { komi: "lots", ..input() }, "komi"),
        ];
        for (case, expected) in cases {
            match EventSettings::parse(&case) {
                Ok(_) => panic!("accepted {case:?}"),
                Err(e) => assert!(e.0.contains(expected), "{e} should mention {expected}"),
            }
        }
    }
}
