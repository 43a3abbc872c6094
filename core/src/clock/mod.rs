//! Time controls as pure state machines (1988 Art. 12, 2002 Art. 12 and 22). The server is the
//! authority: each move is charged the time between its arrival and the previous move's, and
//! a player whose time runs out loses (or, under 2002 Art. 22.5 when they ask, passes).
//!
//! - **Sudden death** (包干): the main time only.
//! - **Chinese byo-yomi** (读秒): N reserved periods (minutes, or 30/20/10 s in fast events) are
//!   kept inside the main time. Once only the reserve is left, a move shorter than a period is
//!   free and each full period takes one; using the last one loses. As the rules note, that is
//!   main time − N periods, then N Japanese periods; only the display (the reserve counts as
//!   time left) and the referee's calls differ.
//! - **Japanese byo-yomi**: main time, then N periods of S seconds; a move within a period keeps
//!   it, each period overrun is lost, and overrunning the last loses.
//! - **N moves per period** (定时限步制, 2002 Art. 12.5; Canadian): main time, then M moves in
//!   every period of T; with carry-over (the Chinese rule) time left when the M moves are made
//!   is added to the next period.
//! - **Fischer**: each move adds an increment after it is made, optionally up to a cap.
//!
//! Times are whole milliseconds. The clock flags the instant the time is used up: a move
//! arriving at exactly that instant is too late, as the referee's "10" is (2002 Art. 12.3).
mod calls;
mod game_clock;
mod notation;

pub use calls::{Call, ScheduledCall, calls};
pub use game_clock::{ClockError, GameClock, Pressed, Running};
pub use notation::TimeControlError;

use serde::{Deserialize, Serialize};

/// Milliseconds.
pub type Millis = u64;

pub const SECOND: Millis = 1_000;
pub const MINUTE: Millis = 60 * SECOND;

/// How a game is timed: the same for both players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TimeControl {
    /// 包干: `main` for the whole game.
    Absolute { main: Millis },
    /// 读秒: `main` in all, of which `reserve` periods of `period` are kept for byo-yomi.
    ChineseByoYomi { main: Millis, reserve: u32, period: Millis },
    /// `main`, then `periods` periods of `period`.
    Japanese { main: Millis, periods: u32, period: Millis },
    /// `main`, then `moves` moves in every `period`; `carry_over`: time saved in a period is
    /// added to the next (定时限步制).
    Canadian { main: Millis, moves: u32, period: Millis, carry_over: bool },
    /// `main`, plus `increment` after each move, never above `cap`.
    Fischer { main: Millis, increment: Millis, cap: Option<Millis> },
}

/// One player's time between two moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerClock {
    /// Main time left: before the byo-yomi periods (Chinese: before the reserve).
    pub main: Millis,
    /// Byo-yomi periods left (Chinese, Japanese).
    pub periods: u32,
    /// Canadian: in the periods, time and moves left in the current one.
    pub period_left: Millis,
    pub moves_left: u32,
    /// Canadian: the main time is used up and the periods have begun.
    pub overtime: bool,
}

/// What a clock shows at an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Main time left (Chinese: the reserve included, so 30:00 with 30 reserved minutes).
    pub main: Millis,
    /// Periods left (Chinese: reserved periods; Japanese), or moves left in the period (Canadian).
    pub periods: u32,
    /// Time left in the current period (Japanese, Canadian), or 0.
    pub period_left: Millis,
    /// In byo-yomi or the Canadian periods.
    pub overtime: bool,
    pub flagged: bool,
}

/// What charging a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    /// The move was in time: the clock after it.
    InTime(PlayerClock),
    /// The time ran out before the move: a loss on time.
    TimeOut,
}

impl TimeControl {
    /// The main time before the periods: Chinese byo-yomi keeps its reserve apart.
    fn main_before_periods(self) -> Millis {
        match self {
            TimeControl::ChineseByoYomi { main, reserve, period } => main.saturating_sub(u64::from(reserve) * period),
            TimeControl::Absolute { main }
            | TimeControl::Japanese { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        }
    }

    /// Each player's clock at the start of the game.
    pub fn start(self) -> PlayerClock {
        let (periods, moves_left, period_left) = match self {
            TimeControl::ChineseByoYomi { reserve, .. } => (reserve, 0, 0),
            TimeControl::Japanese { periods, .. } => (periods, 0, 0),
            TimeControl::Canadian { moves, period, .. } => (0, moves, period),
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => (0, 0, 0),
        };
        PlayerClock { main: self.main_before_periods(), periods, period_left, moves_left, overtime: false }
    }

    /// Charges a move that took `elapsed` (`is_move`: false for time taken without a move, such
    /// as lateness, which adds no increment and counts no move).
    pub fn charge(self, clock: PlayerClock, elapsed: Millis, is_move: bool) -> Charge {
        let mut after = clock;
        match self {
            TimeControl::Absolute { .. } => {
                if elapsed >= clock.main {
                    return Charge::TimeOut;
                }
                after.main -= elapsed;
            }
            TimeControl::Fischer { increment, cap, .. } => {
                if elapsed >= clock.main {
                    return Charge::TimeOut;
                }
                after.main = clock.main - elapsed;
                if is_move {
                    after.main += increment;
                    if let Some(cap) = cap {
                        after.main = after.main.min(cap.max(clock.main - elapsed));
                    }
                }
            }
            TimeControl::ChineseByoYomi { period, .. } | TimeControl::Japanese { period, .. } => {
                if elapsed < clock.main {
                    after.main -= elapsed;
                } else {
                    // Each full period past the main time is used up; a part period is free.
                    let used = (elapsed - clock.main) / period.max(1);
                    if used >= u64::from(clock.periods) {
                        return Charge::TimeOut;
                    }
                    after.main = 0;
                    after.periods = clock.periods - used as u32;
                    after.overtime = true;
                }
            }
            TimeControl::Canadian { moves, period, carry_over, .. } => {
                let mut spent = elapsed;
                if !clock.overtime {
                    if elapsed < clock.main {
                        after.main -= elapsed;
                        return Charge::InTime(after);
                    }
                    spent = elapsed - clock.main;
                    after.main = 0;
                    after.overtime = true;
                    after.period_left = period;
                    after.moves_left = moves;
                }
                if spent >= after.period_left {
                    return Charge::TimeOut;
                }
                after.period_left -= spent;
                if is_move {
                    after.moves_left = after.moves_left.saturating_sub(1);
                    if after.moves_left == 0 {
                        after.period_left = period + if carry_over { after.period_left } else { 0 };
                        after.moves_left = moves;
                    }
                }
            }
        }
        Charge::InTime(after)
    }

    /// A clock whose time ran out but for the last period, as a timeout counted as a pass
    /// leaves it (2002 Art. 22.5: "继续实施原先读秒方式").
    pub fn after_timeout_pass(self) -> PlayerClock {
        let periods = match self {
            TimeControl::ChineseByoYomi { .. } | TimeControl::Japanese { .. } => 1,
            _ => 0,
        };
        PlayerClock { main: 0, periods, period_left: 0, moves_left: 0, overtime: true }
    }

    /// How long after its turn began `clock` flags (its time is used up).
    pub fn time_to_flag(self, clock: PlayerClock) -> Millis {
        match self {
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => clock.main,
            TimeControl::ChineseByoYomi { period, .. } | TimeControl::Japanese { period, .. } => {
                clock.main + u64::from(clock.periods) * period
            }
            TimeControl::Canadian { period, .. } => {
                if clock.overtime {
                    clock.period_left
                } else {
                    clock.main + period
                }
            }
        }
    }

    /// What `clock` shows `elapsed` into its turn.
    pub fn view(self, clock: PlayerClock, elapsed: Millis) -> ClockView {
        let flagged = elapsed >= self.time_to_flag(clock);
        let left_in_main = clock.main.saturating_sub(elapsed);
        let past_main = elapsed.saturating_sub(clock.main);
        match self {
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {
                ClockView { main: left_in_main, periods: 0, period_left: 0, overtime: false, flagged }
            }
            TimeControl::ChineseByoYomi { period, .. } | TimeControl::Japanese { period, .. } => {
                let period = period.max(1);
                let in_periods = elapsed >= clock.main;
                let used = if elapsed >= clock.main { (past_main / period).min(u64::from(clock.periods)) } else { 0 };
                let periods = clock.periods - used as u32;
                let period_left = if in_periods && periods > 0 { period - past_main % period } else { 0 };
                let main = if matches!(self, TimeControl::ChineseByoYomi { .. }) {
                    // The reserve counts as time left: whole periods, as the referee reads it.
                    left_in_main + u64::from(periods) * period
                } else {
                    left_in_main
                };
                ClockView { main, periods, period_left, overtime: in_periods, flagged }
            }
            TimeControl::Canadian { period, moves, .. } => {
                let (period_left, overtime, moves_left) = if clock.overtime {
                    (clock.period_left.saturating_sub(elapsed), true, clock.moves_left)
                } else if elapsed >= clock.main {
                    ((clock.main + period).saturating_sub(elapsed), true, moves)
                } else {
                    (period, false, moves)
                };
                ClockView { main: left_in_main, periods: moves_left, period_left, overtime, flagged }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const fn at(minutes: u64, seconds: u64) -> Millis {
        minutes * MINUTE + seconds * SECOND
    }

    /// Charges the moves in turn, returning the time shown after each (or None: loss on time).
    fn play(control: TimeControl, moves: &[Millis]) -> Vec<Option<Millis>> {
        let mut clock = control.start();
        let mut shown = Vec::new();
        for &elapsed in moves {
            match control.charge(clock, elapsed, true) {
                Charge::InTime(after) => {
                    clock = after;
                    shown.push(Some(control.view(clock, 0).main));
                }
                Charge::TimeOut => {
                    shown.push(None);
                    break;
                }
            }
        }
        shown
    }

    /// The example of the issue: 30 reserved minutes (the whole main time in byo-yomi).
    #[test]
    fn chinese_byo_yomi_charges_whole_minutes_and_the_last_one_loses() {
        let control = TimeControl::ChineseByoYomi { main: at(30, 0), reserve: 30, period: MINUTE };
        let moves = [at(0, 40), at(3, 30), at(9, 10), at(15, 20), at(0, 55), at(1, 5), at(2, 0)];
        assert_eq!(
            play(control, &moves),
            vec![
                Some(at(30, 0)),
                Some(at(27, 0)),
                Some(at(18, 0)),
                Some(at(3, 0)),
                Some(at(3, 0)),
                Some(at(2, 0)),
                None
            ]
        );
        // With a minute left, 59 s is free; the full minute loses.
        let last = TimeControl::ChineseByoYomi { main: MINUTE, reserve: 1, period: MINUTE };
        assert_eq!(play(last, &[at(0, 59), at(0, 59), at(1, 0)]), vec![Some(MINUTE), Some(MINUTE), None]);
    }

    /// 60 minutes with 5 reserved: the first 55 run as main time; a move crossing into the
    /// reserve pays only the full minutes past it.
    #[test]
    fn chinese_byo_yomi_reserve_begins_inside_the_main_time() {
        let control = TimeControl::ChineseByoYomi { main: at(60, 0), reserve: 5, period: MINUTE };
        assert_eq!(play(control, &[at(50, 0), at(6, 30)]), vec![Some(at(10, 0)), Some(at(4, 0))]);
        let mut clock = control.start();
        if let Charge::InTime(after) = control.charge(clock, at(54, 0), true) {
            clock = after;
        }
        let view = control.view(clock, at(1, 30));
        assert_eq!((view.main, view.periods, view.period_left, view.overtime), (at(5, 0), 5, at(0, 30), true));
        assert_eq!(control.time_to_flag(clock), at(6, 0));
    }

    #[test]
    fn sudden_death_flags_when_the_main_time_is_used_up() {
        let control = TimeControl::Absolute { main: at(10, 0) };
        assert_eq!(play(control, &[at(4, 0), at(5, 59)]), vec![Some(at(6, 0)), Some(at(0, 1))]);
        assert_eq!(play(control, &[at(4, 0), at(6, 0)]), vec![Some(at(6, 0)), None]);
        assert!(control.view(control.start(), at(10, 0)).flagged);
        assert!(!control.view(control.start(), at(9, 59)).flagged);
    }

    #[test]
    fn japanese_byo_yomi_keeps_a_period_made_in_time_and_loses_each_overrun() {
        let control = TimeControl::Japanese { main: at(1, 0), periods: 3, period: 30 * SECOND };
        let mut clock = control.start();
        let mut periods = Vec::new();
        for elapsed in [at(1, 20), at(0, 29), at(0, 45), at(0, 30)] {
            match control.charge(clock, elapsed, true) {
                Charge::InTime(after) => {
                    clock = after;
                    periods.push(Some(after.periods));
                }
                Charge::TimeOut => periods.push(None),
            }
        }
        // 1:20 is the main time and 20 s of a period: kept. 0:45 overruns one. 0:30 uses the
        // last whole: a loss.
        assert_eq!(periods, vec![Some(3), Some(3), Some(2), Some(1)]);
        assert_eq!(control.charge(clock, at(0, 30), true), Charge::TimeOut);
        let view = control.view(clock, 12 * SECOND);
        assert_eq!((view.periods, view.period_left), (1, 18 * SECOND));
    }

    /// 定时限步制: 10 minutes, then 15 moves every 10 minutes; with carry-over the time saved
    /// is added to the next period.
    #[test]
    fn moves_per_period_reset_after_the_moves_and_carry_over_when_set() {
        for (carry_over, next_period) in [(true, at(10, 0) + at(10, 0) - 15 * at(0, 30)), (false, at(10, 0))] {
            let control = TimeControl::Canadian { main: at(10, 0), moves: 15, period: at(10, 0), carry_over };
            let mut clock = control.start();
            // The move that ends the main time is the period's first.
            let Charge::InTime(after) = control.charge(clock, at(10, 30), true) else { panic!("in time") };
            clock = after;
            assert_eq!((clock.moves_left, clock.period_left), (14, at(9, 30)));
            for _ in 0..14 {
                let Charge::InTime(after) = control.charge(clock, at(0, 30), true) else { panic!("in time") };
                clock = after;
            }
            assert_eq!((clock.moves_left, clock.period_left), (15, next_period), "carry-over {carry_over}");
        }
        let control = TimeControl::Canadian { main: 0, moves: 2, period: at(1, 0), carry_over: false };
        let Charge::InTime(clock) = control.charge(control.start(), at(0, 40), true) else { panic!("in time") };
        assert_eq!(control.charge(clock, at(0, 20), true), Charge::TimeOut, "both moves must fit the minute");
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move_up_to_the_cap() {
        let control = TimeControl::Fischer { main: at(5, 0), increment: 20 * SECOND, cap: Some(at(5, 10)) };
        assert_eq!(
            play(control, &[at(0, 5), at(0, 5), at(1, 0), at(4, 30)]),
            vec![Some(at(5, 10)), Some(at(5, 10)), Some(at(4, 30)), None]
        );
        // Lateness takes time without a move: no increment.
        let Charge::InTime(late) = control.charge(control.start(), at(2, 0), false) else { panic!("in time") };
        assert_eq!(late.main, at(3, 0));
    }

    fn controls() -> impl Strategy<Value = TimeControl> {
        let t = 0u64..=600_000;
        prop_oneof![
            (1u64..=600_000).prop_map(|main| TimeControl::Absolute { main }),
            (t.clone(), 1u32..=10, 1_000u64..=60_000).prop_map(|(base, reserve, period)| {
                TimeControl::ChineseByoYomi { main: base + u64::from(reserve) * period, reserve, period }
            }),
            (t.clone(), 1u32..=10, 1_000u64..=60_000).prop_map(|(main, periods, period)| TimeControl::Japanese {
                main,
                periods,
                period
            }),
            (t.clone(), 1u32..=20, 1_000u64..=600_000, any::<bool>()).prop_map(|(main, moves, period, carry_over)| {
                TimeControl::Canadian { main, moves, period, carry_over }
            }),
            (1u64..=600_000, 0u64..=30_000).prop_map(|(main, increment)| TimeControl::Fischer {
                main,
                increment,
                cap: None
            }),
        ]
    }

    proptest! {
        /// A move flags exactly when it takes the time the clock said it had, and the view
        /// agrees: flagged from that instant, not before.
        #[test]
        fn the_flag_falls_exactly_at_the_time_to_flag(
            control in controls(),
            moves in proptest::collection::vec(0u64..=120_000, 0..30),
        ) {
            let mut clock = control.start();
            for elapsed in moves {
                let deadline = control.time_to_flag(clock);
                prop_assert!(deadline > 0);
                prop_assert!(!control.view(clock, deadline - 1).flagged);
                prop_assert!(control.view(clock, deadline).flagged);
                prop_assert_eq!(control.charge(clock, deadline, true), Charge::TimeOut);
                match control.charge(clock, elapsed, true) {
                    Charge::InTime(after) => {
                        prop_assert!(elapsed < deadline);
                        clock = after;
                    }
                    Charge::TimeOut => {
                        prop_assert!(elapsed >= deadline);
                        break;
                    }
                }
            }
        }
    }
}
