//! Both players' clocks in a game, driven by timestamps: whose turn runs since when, pauses
//! (Art. 14: paused time counts for nobody), time charged to nobody while the server was down,
//! and lateness taken from a player's time.
use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Charge, ClockView, Millis, PlayerClock, TimeControl};
use crate::color::Color;
use crate::message::Message;

/// The turn in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Running {
    pub colour: Color,
    /// Since when the clock runs; None while paused.
    pub since: Option<DateTime<Utc>>,
    /// Time of this turn before the last pause.
    pub spent: Millis,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockError {
    /// No turn is running (not started, or stopped at the end).
    NotRunning,
    /// The clock is paused: resume it first.
    Paused,
    /// The clock is running: it is not paused.
    NotPaused,
}

impl ClockError {
    pub fn message(&self) -> Message {
        Message::new(match self {
            ClockError::NotRunning => "error-clock-not-running",
            ClockError::Paused => "error-clock-paused",
            ClockError::NotPaused => "error-clock-not-paused",
        })
    }
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ClockError {}

/// What pressing the clock did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pressed {
    /// The move was in time: it took `spent`; the opponent's clock now runs.
    InTime { spent: Millis },
    /// The mover's time had run out: the clock has stopped.
    TimeOut { colour: Color },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    pub control: TimeControl,
    pub black: PlayerClock,
    pub white: PlayerClock,
    pub running: Option<Running>,
}

fn millis_between(from: DateTime<Utc>, to: DateTime<Utc>) -> Millis {
    u64::try_from((to - from).num_milliseconds()).unwrap_or(0)
}

impl GameClock {
    pub fn new(control: TimeControl) -> GameClock {
        GameClock { control, black: control.start(), white: control.start(), running: None }
    }

    pub fn player(&self, colour: Color) -> PlayerClock {
        match colour {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    fn player_mut(&mut self, colour: Color) -> &mut PlayerClock {
        match colour {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Starts `colour`'s clock at `at` (the game's scheduled start: a late player's time runs).
    pub fn start(&mut self, colour: Color, at: DateTime<Utc>) {
        self.running = Some(Running { colour, since: Some(at), spent: 0 });
    }

    /// The running turn's time at `at`.
    pub fn turn_time(&self, at: DateTime<Utc>) -> Millis {
        self.running.map_or(0, |r| r.spent + r.since.map_or(0, |since| millis_between(since, at)))
    }

    /// The mover presses at `at`: their turn is charged and the opponent's clock starts.
    pub fn press(&mut self, at: DateTime<Utc>) -> Result<Pressed, ClockError> {
        let running = self.running.ok_or(ClockError::NotRunning)?;
        if running.since.is_none() {
            return Err(ClockError::Paused);
        }
        let spent = self.turn_time(at);
        match self.control.charge(self.player(running.colour), spent, true) {
            Charge::InTime(after) => {
                *self.player_mut(running.colour) = after;
                self.running = Some(Running { colour: running.colour.opponent(), since: Some(at), spent: 0 });
                Ok(Pressed::InTime { spent })
            }
            Charge::TimeOut => {
                self.running = None;
                Ok(Pressed::TimeOut { colour: running.colour })
            }
        }
    }

    /// Stops the clock at the end of the game; the last turn is not charged.
    pub fn stop(&mut self) {
        self.running = None;
    }

    pub fn pause(&mut self, at: DateTime<Utc>) -> Result<(), ClockError> {
        let running = self.running.ok_or(ClockError::NotRunning)?;
        if running.since.is_none() {
            return Err(ClockError::Paused);
        }
        self.running = Some(Running { since: None, spent: self.turn_time(at), ..running });
        Ok(())
    }

    pub fn resume(&mut self, at: DateTime<Utc>) -> Result<(), ClockError> {
        let running = self.running.ok_or(ClockError::NotRunning)?;
        if running.since.is_some() {
            return Err(ClockError::NotPaused);
        }
        self.running = Some(Running { since: Some(at), ..running });
        Ok(())
    }

    pub fn is_paused(&self) -> bool {
        self.running.is_some_and(|r| r.since.is_none())
    }

    /// The time from `down` to `up` (the server was not running) is charged to nobody.
    pub fn skip(&mut self, down: DateTime<Utc>, up: DateTime<Utc>) {
        if let Some(running) = self.running
            && let Some(since) = running.since
        {
            let spent = running.spent + millis_between(since, down.max(since));
            self.running = Some(Running { since: Some(up.max(since)), spent, ..running });
        }
    }

    /// Takes `lateness` from `colour`'s time without a move (Art. 23: deducted once, or twice
    /// under the 2002 rules, by the caller). False if it used the time up.
    pub fn deduct(&mut self, colour: Color, lateness: Millis) -> bool {
        match self.control.charge(self.player(colour), lateness, false) {
            Charge::InTime(after) => {
                *self.player_mut(colour) = after;
                true
            }
            Charge::TimeOut => false,
        }
    }

    /// Charges `colour` a move that took `spent` (replaying a record's charged times, as a
    /// broadcast delay shows the clocks). False if it used the time up.
    pub fn deduct_move(&mut self, colour: Color, spent: Millis) -> bool {
        match self.control.charge(self.player(colour), spent, true) {
            Charge::InTime(after) => {
                *self.player_mut(colour) = after;
                true
            }
            Charge::TimeOut => false,
        }
    }

    /// A referee gives `colour` `extra` time back (a malfunction): added to the main time, or
    /// in the Canadian periods to the current period.
    pub fn grant(&mut self, colour: Color, extra: Millis) {
        let canadian = matches!(self.control, TimeControl::Canadian { .. });
        let player = self.player_mut(colour);
        if canadian && player.overtime {
            player.period_left += extra;
        } else {
            player.main += extra;
        }
    }

    /// `colour`'s time is used up (their flag fell), so that only time a referee grants after
    /// it is left.
    pub fn exhaust(&mut self, colour: Color) {
        // Byo-yomi and Canadian periods are over; absolute and Fischer time has none.
        let overtime = !matches!(self.control, TimeControl::Absolute { .. } | TimeControl::Fischer { .. });
        *self.player_mut(colour) = PlayerClock { main: 0, periods: 0, period_left: 0, moves_left: 0, overtime };
    }

    /// When the running player flags if nobody moves (None while stopped or paused).
    pub fn flag_at(&self) -> Option<DateTime<Utc>> {
        let running = self.running?;
        let since = running.since?;
        let left = self.control.time_to_flag(self.player(running.colour)).saturating_sub(running.spent);
        Some(since + chrono::Duration::milliseconds(i64::try_from(left).unwrap_or(i64::MAX / 2)))
    }

    /// What `colour`'s clock shows at `at`.
    pub fn view(&self, colour: Color, at: DateTime<Utc>) -> ClockView {
        let elapsed = match self.running {
            Some(r) if r.colour == colour => self.turn_time(at),
            _ => 0,
        };
        self.control.view(self.player(colour), elapsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{MINUTE, SECOND};
    use chrono::TimeZone;

    fn t(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_800_000_000 + seconds, 0).single().unwrap_or_default()
    }

    #[test]
    fn each_press_charges_the_mover_and_starts_the_opponent() -> Result<(), ClockError> {
        let mut clock = GameClock::new(TimeControl::Absolute { main: 10 * MINUTE });
        clock.start(Color::Black, t(0));
        assert_eq!(clock.press(t(30))?, Pressed::InTime { spent: 30 * SECOND });
        assert_eq!(clock.running.map(|r| r.colour), Some(Color::White));
        assert_eq!(clock.press(t(50))?, Pressed::InTime { spent: 20 * SECOND });
        assert_eq!(clock.black.main, 9 * MINUTE + 30 * SECOND);
        assert_eq!(clock.white.main, 9 * MINUTE + 40 * SECOND);
        assert_eq!(clock.view(Color::Black, t(80)).main, 9 * MINUTE);
        assert_eq!(clock.view(Color::White, t(80)).main, 9 * MINUTE + 40 * SECOND, "White's clock stands");
        assert_eq!(clock.flag_at(), Some(t(50 + 9 * 60 + 30)));
        assert_eq!(clock.press(t(50 + 9 * 60 + 30))?, Pressed::TimeOut { colour: Color::Black });
        assert_eq!(clock.press(t(1000)), Err(ClockError::NotRunning));
        Ok(())
    }

    /// Art. 14: a paused clock counts for nobody; a server that was down charges nobody.
    #[test]
    fn pauses_and_downtime_are_charged_to_nobody() -> Result<(), ClockError> {
        let mut clock = GameClock::new(TimeControl::Absolute { main: 10 * MINUTE });
        clock.start(Color::Black, t(0));
        clock.pause(t(20))?;
        assert_eq!(clock.press(t(25)), Err(ClockError::Paused));
        assert_eq!(clock.flag_at(), None);
        assert_eq!(clock.view(Color::Black, t(600)).main, 9 * MINUTE + 40 * SECOND);
        clock.resume(t(900))?;
        assert_eq!(clock.resume(t(901)), Err(ClockError::NotPaused));
        clock.skip(t(910), t(4000));
        assert_eq!(clock.press(t(4005))?, Pressed::InTime { spent: 35 * SECOND });
        Ok(())
    }

    #[test]
    fn lateness_is_taken_from_the_late_players_time() {
        let mut clock = GameClock::new(TimeControl::Absolute { main: 10 * MINUTE });
        assert!(clock.deduct(Color::White, 4 * MINUTE));
        assert!(clock.deduct(Color::White, 4 * MINUTE), "twice under 2002");
        assert_eq!(clock.white.main, 2 * MINUTE);
        assert!(!clock.deduct(Color::White, 2 * MINUTE), "the time is used up");
    }
}
