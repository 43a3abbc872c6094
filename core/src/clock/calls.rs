//! The referee's calls during a turn (2002 Art. 12.3), which the clock page speaks.
//!
//! Chinese byo-yomi with 60 s periods: "30 秒, 40 秒, 50 秒, 55 秒, 58 秒", then at the full
//! minute "1 分钟, 还剩 × 分钟"; in the last minute "30 秒, 40 秒, 50 秒", then 1 … 10, and
//! "10" is the loss on time. Shorter periods follow the same principle (the rules leave fast
//! events their own details): a call at half the period (30 s when it is 40 s or more), every
//! 10 s after, 5 and 2 s before its end; the last period counts its last 10 s.
//! Japanese periods count their last 10 s and say how many periods are left. Sudden death,
//! Fischer and moves-per-period say the minutes left from 5 and count the last 10 s.
use serde::{Deserialize, Serialize};

use super::{Millis, PlayerClock, SECOND, TimeControl};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "call", content = "n", rename_all = "kebab-case")]
pub enum Call {
    /// "30 秒": seconds into the period.
    Seconds(u32),
    /// A period is used up: "1 分钟，还剩 × 分钟" (Chinese) or "× periods left".
    PeriodUsed(u32),
    /// The count of the last seconds, 1 … 10; "10" is the flag.
    Count(u32),
    /// "还剩 × 分钟": whole minutes left.
    MinutesLeft(u32),
}

/// A call `at` milliseconds into the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledCall {
    pub at: Millis,
    pub call: Call,
}

/// Seconds into a period of `period` seconds at which the referee calls them.
fn marks(period: u64) -> Vec<u64> {
    let first = if period >= 40 { 30 } else { (period / 2).max(1) };
    let mut marks: Vec<u64> = (first..period.saturating_sub(5)).step_by(10).collect();
    for before_end in [5, 2] {
        let mark = period.saturating_sub(before_end);
        if mark > 0 && marks.last().is_none_or(|&last| mark > last) {
            marks.push(mark);
        }
    }
    marks
}

/// Every call of the turn `clock` is starting, in order, up to the flag.
pub fn calls(control: TimeControl, clock: PlayerClock) -> Vec<ScheduledCall> {
    let mut out = Vec::new();
    let mut push = |at: Millis, call: Call| out.push(ScheduledCall { at, call });
    match control {
        TimeControl::ChineseByoYomi { period, .. } | TimeControl::Japanese { period, .. } => {
            let chinese = matches!(control, TimeControl::ChineseByoYomi { .. });
            let seconds = (period / SECOND).max(1);
            let counted = seconds.min(10);
            for k in 0..u64::from(clock.periods) {
                let start = clock.main + k * period;
                let left = clock.periods - k as u32;
                if chinese {
                    let last = left == 1;
                    for mark in marks(seconds).into_iter().filter(|&m| !last || m <= seconds - counted) {
                        push(start + mark * SECOND, Call::Seconds(mark as u32));
                    }
                }
                if left == 1 || !chinese {
                    for i in 1..=counted {
                        if left > 1 && i == counted {
                            break;
                        }
                        push(start + (seconds - counted + i) * SECOND, Call::Count(i as u32));
                    }
                }
                if left > 1 {
                    push(start + period, Call::PeriodUsed(left - 1));
                }
            }
        }
        TimeControl::Absolute { .. } | TimeControl::Fischer { .. } | TimeControl::Canadian { .. } => {
            let flag = control.time_to_flag(clock);
            for minutes in (1..=5u64).rev() {
                if let Some(at) = flag.checked_sub(minutes * 60 * SECOND).filter(|&at| at > 0) {
                    push(at, Call::MinutesLeft(minutes as u32));
                }
            }
            for i in 1..=10u64 {
                if let Some(at) = flag.checked_sub((10 - i) * SECOND).filter(|&at| at > 0) {
                    push(at, Call::Count(i as u32));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MINUTE;

    fn schedule(control: TimeControl, clock: PlayerClock) -> Vec<(u64, Call)> {
        calls(control, clock).into_iter().map(|c| (c.at / SECOND, c.call)).collect()
    }

    /// 2002 Art. 12.3 with two reserved minutes left: the first minute is called at 30, 40,
    /// 50, 55, 58 and "1 分钟, 还剩 1 分钟"; the last at 30, 40, 50, then 1 … 10 (the flag).
    #[test]
    fn chinese_calls_for_a_minute_and_the_last_minute() {
        let control = TimeControl::ChineseByoYomi { main: 2 * MINUTE, reserve: 2, period: MINUTE };
        let mut want = vec![
            (30, Call::Seconds(30)),
            (40, Call::Seconds(40)),
            (50, Call::Seconds(50)),
            (55, Call::Seconds(55)),
            (58, Call::Seconds(58)),
            (60, Call::PeriodUsed(1)),
            (90, Call::Seconds(30)),
            (100, Call::Seconds(40)),
            (110, Call::Seconds(50)),
        ];
        want.extend((1..=10).map(|i| (110 + u64::from(i), Call::Count(i))));
        assert_eq!(schedule(control, control.start()), want);
        assert_eq!(calls(control, control.start()).last().map(|c| c.at), Some(control.time_to_flag(control.start())));
    }

    /// With main time left, the calls begin when the reserve does.
    #[test]
    fn chinese_calls_start_at_the_reserve() {
        let control = TimeControl::ChineseByoYomi { main: 10 * MINUTE, reserve: 1, period: MINUTE };
        let first = schedule(control, control.start()).first().copied();
        assert_eq!(first, Some((9 * 60 + 30, Call::Seconds(30))));
    }

    #[test]
    fn fast_periods_follow_the_same_principle() {
        assert_eq!(marks(60), vec![30, 40, 50, 55, 58]);
        assert_eq!(marks(30), vec![15, 25, 28]);
        assert_eq!(marks(10), vec![5, 8]);
        let control = TimeControl::ChineseByoYomi { main: 30 * SECOND, reserve: 1, period: 30 * SECOND };
        let mut want = vec![(15, Call::Seconds(15))];
        want.extend((1..=10).map(|i| (20 + u64::from(i), Call::Count(i))));
        assert_eq!(schedule(control, control.start()), want);
    }

    #[test]
    fn japanese_periods_count_their_last_seconds() {
        let control = TimeControl::Japanese { main: 0, periods: 2, period: 30 * SECOND };
        let mut want: Vec<(u64, Call)> = (1..=9).map(|i| (20 + u64::from(i), Call::Count(i))).collect();
        want.push((30, Call::PeriodUsed(1)));
        want.extend((1..=10).map(|i| (50 + u64::from(i), Call::Count(i))));
        assert_eq!(schedule(control, control.start()), want);
    }

    #[test]
    fn sudden_death_says_the_minutes_then_counts() {
        let control = TimeControl::Absolute { main: 3 * MINUTE };
        let got = schedule(control, control.start());
        assert_eq!(&got[..2], &[(60, Call::MinutesLeft(2)), (120, Call::MinutesLeft(1))]);
        assert_eq!(got.last(), Some(&(180, Call::Count(10))));
        assert_eq!(got.len(), 12);
    }
}
