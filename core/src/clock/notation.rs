//! Time controls as directors type them on the event form, in English or Chinese:
//!
//! | typed | control |
//! |---|---|
//! | `60m`, `包干 1h` | sudden death |
//! | `chinese 60m reserve 5`, `读秒 60分 保留 5次60秒`, `chinese 30m reserve 3x30s` | Chinese byo-yomi (reserve inside the main time; periods of 60 s unless given) |
//! | `60m + 5x30s`, `60 min + 3×30 s`, `1小时 + 3次30秒` | Japanese byo-yomi |
//! | `60m + 15/10m`, `定时限步 60m + 15/10m` (carries over), `… carry` | moves per period |
//! | `30m + 20s`, `30m + 20s max 60m`, `加秒 30分 + 20秒` | Fischer |
//!
//! Blank, `none` or `无`: no clock. Durations: `1h30m`, `90m`, `90 min`, `45s`, `1小时`, `30分钟`, `20秒`; a bare number is minutes
//! for the main time and seconds for a period or increment. [`TimeControl`]'s `Display` writes
//! the canonical form, which reads back the same.
use std::fmt;

use super::{MINUTE, Millis, SECOND, TimeControl};
use crate::message::Message;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError(pub Message);

impl TimeControlError {
    fn new(key: &'static str) -> TimeControlError {
        TimeControlError(Message::new(key))
    }
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for TimeControlError {}

/// The longest main time, period or increment accepted: a day.
const MAX_TIME: Millis = 24 * 60 * MINUTE;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(u64),
    Word(String),
    Plus,
    Times,
    Per,
}

fn tokens(text: &str) -> Result<Vec<Token>, TimeControlError> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let after = &rest[c.len_utf8()..];
        if c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';' | '(' | ')' | '（' | '）') {
            rest = after;
        } else if c.is_ascii_digit() {
            let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let n = rest[..digits].parse::<u64>().unwrap_or(u64::MAX);
            out.push(Token::Number(n));
            rest = &rest[digits..];
        } else if matches!(c, '+' | '＋') {
            out.push(Token::Plus);
            rest = after;
        } else if matches!(c, '×' | '*') || (c == 'x' && out.last().is_some_and(|t| matches!(t, Token::Number(_)))) {
            out.push(Token::Times);
            rest = after;
        } else if matches!(c, '/' | '／') {
            out.push(Token::Per);
            rest = after;
        } else if !c.is_ascii() && c.is_alphabetic() {
            // Chinese words run into the next without a space: take the longest known one.
            let known = CJK_WORDS.iter().filter(|w| rest.starts_with(**w)).max_by_key(|w| w.len());
            let word = known.copied().unwrap_or(&rest[..c.len_utf8()]);
            out.push(Token::Word(word.to_string()));
            rest = &rest[word.len()..];
        } else if c.is_ascii_alphabetic() || matches!(c, '\'' | '"' | '-') {
            let end =
                rest.find(|c: char| !(c.is_ascii_alphabetic() || matches!(c, '\'' | '"' | '-'))).unwrap_or(rest.len());
            out.push(Token::Word(rest[..end].to_lowercase()));
            rest = &rest[end..];
        } else {
            return Err(TimeControlError(Message::new("error-tc-meaningless").text("text", c.to_string())));
        }
    }
    Ok(out)
}

/// The Chinese words of the notation.
const CJK_WORDS: [&str; 13] =
    ["小时", "分钟", "分", "秒", "次", "保留", "读秒", "包干", "加秒", "上限", "节余", "定时限步", "每步"];

fn unit(word: &str) -> Option<Millis> {
    match word {
        "h" | "hr" | "hrs" | "hour" | "hours" | "小时" => Some(60 * MINUTE),
        "m" | "min" | "mins" | "minute" | "minutes" | "'" | "分" | "分钟" => Some(MINUTE),
        "s" | "sec" | "secs" | "second" | "seconds" | "\"" | "秒" => Some(SECOND),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Absolute,
    Chinese,
    Japanese,
    Canadian,
    Fischer,
}

fn kind(word: &str) -> Option<Kind> {
    match word {
        "sudden-death" | "sudden" | "absolute" | "包干" => Some(Kind::Absolute),
        "chinese" | "读秒" => Some(Kind::Chinese),
        "japanese" | "byo-yomi" | "byoyomi" => Some(Kind::Japanese),
        "canadian" | "定时限步" => Some(Kind::Canadian),
        "fischer" | "increment" | "加秒" => Some(Kind::Fischer),
        _ => None,
    }
}

/// Reads tokens from the front of a list.
struct Reader {
    tokens: Vec<Token>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn word(&mut self, words: &[&str]) -> bool {
        if let Some(Token::Word(w)) = self.peek()
            && words.contains(&w.as_str())
        {
            self.at += 1;
            return true;
        }
        false
    }

    /// A duration: numbers each with a unit (`1h30m`), or one bare number in `bare` units.
    fn duration(&mut self, bare: Millis, what: &'static str) -> Result<Millis, TimeControlError> {
        let mut total: Millis = 0;
        let mut read = false;
        while let Some(Token::Number(n)) = self.peek().cloned() {
            self.at += 1;
            let with_unit = match self.peek() {
                Some(Token::Word(w)) => unit(w),
                _ => None,
            };
            if with_unit.is_some() {
                self.at += 1;
            }
            total = total.saturating_add(n.saturating_mul(with_unit.unwrap_or(bare)));
            read = true;
            // A bare number ends the time ("5x30": thirty seconds); "1h30m" goes on.
            if with_unit.is_none() {
                break;
            }
        }
        if !read {
            return Err(TimeControlError(Message::new("error-tc-give-time").nested("what", Message::new(what))));
        }
        if total > MAX_TIME {
            return Err(TimeControlError(Message::new("error-tc-too-long").nested("what", Message::new(what))));
        }
        Ok(total)
    }

    fn count(&mut self, what: &'static str, max: u64) -> Result<u32, TimeControlError> {
        match self.next() {
            Some(Token::Number(n)) if (1..=max).contains(&n) => Ok(n as u32),
            _ => Err(TimeControlError(
                Message::new("error-tc-count").nested("what", Message::new(what)).number("max", max as i64),
            )),
        }
    }
}

impl TimeControl {
    /// The control typed on the event form (see the module's table); blank is none.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, TimeControlError> {
        if matches!(text.trim().to_lowercase().as_str(), "none" | "无" | "-") {
            return Ok(None);
        }
        let tokens = tokens(text)?;
        if tokens.is_empty() {
            return Ok(None);
        }
        let mut r = Reader { tokens, at: 0 };
        let mut named = None;
        while let Some(Token::Word(w)) = r.peek() {
            let Some(k) = kind(w) else { break };
            named = Some(k);
            r.at += 1;
        }
        let main = r.duration(MINUTE, "tc-main-time")?;
        let control = if r.word(&["reserve", "保留"]) || named == Some(Kind::Chinese) {
            // Chinese byo-yomi: "reserve 5" (minutes) or "reserve 3x30s".
            let reserve = r.count("tc-reserved-periods", 100)?;
            let mut period = MINUTE;
            if matches!(r.peek(), Some(Token::Times)) || r.word(&["次", "x"]) {
                if matches!(r.peek(), Some(Token::Times)) {
                    r.next();
                }
                period = r.duration(SECOND, "tc-byo-yomi-period")?;
            } else {
                r.word(&["分钟", "min", "minutes", "m"]);
            }
            if period == 0 || u64::from(reserve) * period > main {
                return Err(TimeControlError::new("error-tc-reserve-inside"));
            }
            TimeControl::ChineseByoYomi { main, reserve, period }
        } else if r.peek().is_none() {
            if main == 0 {
                return Err(TimeControlError::new("error-tc-sudden-death"));
            }
            TimeControl::Absolute { main }
        } else {
            if !matches!(r.next(), Some(Token::Plus)) {
                return Err(TimeControlError::new("error-tc-plus"));
            }
            if !matches!(r.peek(), Some(Token::Number(_))) {
                return Err(TimeControlError::new("error-tc-overtime"));
            }
            let after = r.tokens.get(r.at + 1).cloned();
            let periods_follow =
                matches!(after, Some(Token::Times)) || matches!(&after, Some(Token::Word(w)) if w == "次");
            match after {
                _ if periods_follow => {
                    let periods = r.count("tc-byo-yomi-periods", 100)?;
                    r.next();
                    let period = r.duration(SECOND, "tc-byo-yomi-period")?;
                    if period == 0 {
                        return Err(TimeControlError::new("error-tc-byo-yomi-zero"));
                    }
                    TimeControl::Japanese { main, periods, period }
                }
                Some(Token::Per) => {
                    let moves = r.count("tc-moves-per-period", 1000)?;
                    r.next();
                    let period = r.duration(MINUTE, "tc-period")?;
                    if period == 0 {
                        return Err(TimeControlError::new("error-tc-period-zero"));
                    }
                    // 定时限步制 carries saved time over (2002 Art. 12.5); Canadian byo-yomi does not.
                    let carry_over = r.word(&["carry", "carry-over", "节余"])
                        || (named == Some(Kind::Canadian) && text.contains("定时限步"));
                    TimeControl::Canadian { main, moves, period, carry_over }
                }
                _ => {
                    let increment = r.duration(SECOND, "tc-increment")?;
                    r.word(&["/move", "move", "每步", "per"]);
                    let cap =
                        if r.word(&["max", "cap", "上限"]) { Some(r.duration(MINUTE, "tc-cap")?) } else { None };
                    if main == 0 && increment == 0 {
                        return Err(TimeControlError::new("error-tc-fischer"));
                    }
                    TimeControl::Fischer { main, increment, cap }
                }
            }
        };
        if let Some(extra) = r.peek() {
            return Err(TimeControlError(Message::new("error-tc-left-over").text("text", token_text(extra))));
        }
        if let Some(named) = named {
            let got = match control {
                TimeControl::Absolute { .. } => Kind::Absolute,
                TimeControl::ChineseByoYomi { .. } => Kind::Chinese,
                TimeControl::Japanese { .. } => Kind::Japanese,
                TimeControl::Canadian { .. } => Kind::Canadian,
                TimeControl::Fischer { .. } => Kind::Fischer,
            };
            if got != named {
                return Err(TimeControlError(
                    Message::new("error-tc-not-kind").nested("kind", Message::new(kind_name(named))),
                ));
            }
        }
        Ok(Some(control))
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Absolute => "tc-kind-sudden-death",
        Kind::Chinese => "tc-kind-chinese",
        Kind::Japanese => "tc-kind-japanese",
        Kind::Canadian => "tc-kind-canadian",
        Kind::Fischer => "tc-kind-fischer",
    }
}

fn token_text(token: &Token) -> String {
    match token {
        Token::Number(n) => n.to_string(),
        Token::Word(w) => w.clone(),
        Token::Plus => "+".into(),
        Token::Times => "×".into(),
        Token::Per => "/".into(),
    }
}

/// A duration in the fewest words: "1h30m", "45s", "0s".
fn duration_text(ms: Millis) -> String {
    let mut out = String::new();
    let (h, m, s) = (ms / (60 * MINUTE), ms % (60 * MINUTE) / MINUTE, ms % MINUTE / SECOND);
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}m"));
    }
    if s > 0 || out.is_empty() {
        out.push_str(&format!("{s}s"));
    }
    out
}

/// A duration for readers: "1 h 30 min", "30 s" / "1 小时 30 分钟", "30 秒".
fn spoken(ms: Millis, zh: bool) -> String {
    spoken_in(ms, if zh { ["小时", "分钟", "秒"] } else { ["h", "min", "s"] })
}

/// A duration in hours, minutes and seconds, each followed by its unit.
fn spoken_in(ms: Millis, units: [&str; 3]) -> String {
    let (h, m, s) = (ms / (60 * MINUTE), ms % (60 * MINUTE) / MINUTE, ms % MINUTE / SECOND);
    let mut parts = Vec::new();
    for (value, unit) in [(h, units[0]), (m, units[1]), (s, units[2])] {
        if value > 0 {
            parts.push(format!("{value} {unit}"));
        }
    }
    if parts.is_empty() {
        parts.push(format!("0 {}", units[2]));
    }
    parts.join(" ")
}

impl TimeControl {
    /// The controls a director picks from on the event form, by kind: Chinese byo-yomi as the
    /// 1988 rules run it (two, one hour), Japanese byo-yomi, moves per period, Fischer, sudden
    /// death; with the locale key of the kind's name.
    pub fn presets() -> Vec<(&'static str, TimeControl)> {
        vec![
            ("tc-kind-chinese", TimeControl::ChineseByoYomi { main: 120 * MINUTE, reserve: 5, period: MINUTE }),
            ("tc-kind-chinese", TimeControl::ChineseByoYomi { main: 60 * MINUTE, reserve: 3, period: 30 * SECOND }),
            ("tc-kind-japanese", TimeControl::Japanese { main: 60 * MINUTE, periods: 5, period: 30 * SECOND }),
            (
                "tc-kind-canadian",
                TimeControl::Canadian { main: 60 * MINUTE, moves: 15, period: 10 * MINUTE, carry_over: false },
            ),
            ("tc-kind-fischer", TimeControl::Fischer { main: 30 * MINUTE, increment: 20 * SECOND, cap: None }),
            ("tc-kind-sudden-death", TimeControl::Absolute { main: 60 * MINUTE }),
        ]
    }

    /// For the event page, in English.
    pub fn display_en(&self) -> String {
        let d = |ms| spoken(ms, false);
        match *self {
            TimeControl::Absolute { main } => format!("sudden death, {}", d(main)),
            TimeControl::ChineseByoYomi { main, reserve, period } => {
                format!("{}, the last {reserve} × {} as byo-yomi (Chinese)", d(main), d(period))
            }
            TimeControl::Japanese { main, periods, period } => {
                format!("{} + {periods} × {} byo-yomi (Japanese)", d(main), d(period))
            }
            TimeControl::Canadian { main, moves, period, carry_over } => format!(
                "{} + {moves} moves in each {}{}",
                d(main),
                d(period),
                if carry_over { ", time saved carries over" } else { "" }
            ),
            TimeControl::Fischer { main, increment, cap } => format!(
                "{} + {} a move (Fischer){}",
                d(main),
                d(increment),
                cap.map(|c| format!(", up to {}", d(c))).unwrap_or_default()
            ),
        }
    }

    /// For the event page, in Chinese.
    pub fn display_zh(&self) -> String {
        let d = |ms| spoken(ms, true);
        match *self {
            TimeControl::Absolute { main } => format!("包干 {}", d(main)),
            TimeControl::ChineseByoYomi { main, reserve, period } => {
                format!("基本时限 {}，保留 {reserve} 次 {} 读秒", d(main), d(period))
            }
            TimeControl::Japanese { main, periods, period } => {
                format!("基本时限 {} + {periods} 次 {} 读秒（日本式）", d(main), d(period))
            }
            TimeControl::Canadian { main, moves, period, carry_over } => format!(
                "基本时限 {}，此后每 {} 限 {moves} 手{}",
                d(main),
                d(period),
                if carry_over { "，节余时间延至下一节" } else { "" }
            ),
            TimeControl::Fischer { main, increment, cap } => format!(
                "基本时限 {}，每步加 {}{}",
                d(main),
                d(increment),
                cap.map(|c| format!("，上限 {}", d(c))).unwrap_or_default()
            ),
        }
    }
}

impl TimeControl {
    /// Japanese: "持ち時間 1 時間、秒読み 30 秒 5 回".
    pub fn display_ja(&self) -> String {
        let d = |ms| spoken_in(ms, ["時間", "分", "秒"]);
        match *self {
            TimeControl::Absolute { main } => format!("持ち時間 {}（切れ負け）", d(main)),
            TimeControl::ChineseByoYomi { main, reserve, period } => {
                format!("持ち時間 {}、秒読み {} {reserve} 回（中国式）", d(main), d(period))
            }
            TimeControl::Japanese { main, periods, period } => {
                format!("持ち時間 {}、秒読み {} {periods} 回", d(main), d(period))
            }
            TimeControl::Canadian { main, moves, period, carry_over } => format!(
                "持ち時間 {}、以後 {} ごとに {moves} 手{}",
                d(main),
                d(period),
                if carry_over { "、残り時間は次へ繰り越し" } else { "" }
            ),
            TimeControl::Fischer { main, increment, cap } => format!(
                "持ち時間 {}、1 手ごとに {} 加算{}",
                d(main),
                d(increment),
                cap.map(|c| format!("、上限 {}", d(c))).unwrap_or_default()
            ),
        }
    }

    /// Korean: "기본 시간 1 시간, 초읽기 30 초 5 회".
    pub fn display_ko(&self) -> String {
        let d = |ms| spoken_in(ms, ["시간", "분", "초"]);
        match *self {
            TimeControl::Absolute { main } => format!("기본 시간 {} (서든데스)", d(main)),
            TimeControl::ChineseByoYomi { main, reserve, period } => {
                format!("기본 시간 {}, 초읽기 {} {reserve}회 (중국식)", d(main), d(period))
            }
            TimeControl::Japanese { main, periods, period } => {
                format!("기본 시간 {}, 초읽기 {} {periods}회", d(main), d(period))
            }
            TimeControl::Canadian { main, moves, period, carry_over } => format!(
                "기본 시간 {}, 이후 {}마다 {moves}수{}",
                d(main),
                d(period),
                if carry_over { ", 남은 시간은 다음으로 이월" } else { "" }
            ),
            TimeControl::Fischer { main, increment, cap } => format!(
                "기본 시간 {}, 한 수마다 {} 추가{}",
                d(main),
                d(increment),
                cap.map(|c| format!(", 상한 {}", d(c))).unwrap_or_default()
            ),
        }
    }
}

impl fmt::Display for TimeControl {
    /// The canonical form, which [`TimeControl::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = duration_text;
        match *self {
            TimeControl::Absolute { main } => write!(f, "{}", d(main)),
            TimeControl::ChineseByoYomi { main, reserve, period } => {
                write!(f, "chinese {} reserve {reserve}x{}", d(main), d(period))
            }
            TimeControl::Japanese { main, periods, period } => write!(f, "{} + {periods}x{}", d(main), d(period)),
            TimeControl::Canadian { main, moves, period, carry_over } => {
                write!(f, "{} + {moves}/{}{}", d(main), d(period), if carry_over { " carry" } else { "" })
            }
            TimeControl::Fischer { main, increment, cap } => {
                write!(f, "{} + {}", d(main), d(increment))?;
                match cap {
                    Some(cap) => write!(f, " max {}", d(cap)),
                    None => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Option<TimeControl> {
        TimeControl::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn reads_what_directors_type() {
        let cases = [
            ("60m", TimeControl::Absolute { main: 60 * MINUTE }),
            ("包干 1小时", TimeControl::Absolute { main: 60 * MINUTE }),
            ("chinese 60m reserve 5", TimeControl::ChineseByoYomi { main: 60 * MINUTE, reserve: 5, period: MINUTE }),
            ("读秒 60分 保留 5次60秒", TimeControl::ChineseByoYomi { main: 60 * MINUTE, reserve: 5, period: MINUTE }),
            (
                "chinese 30m reserve 3x30s",
                TimeControl::ChineseByoYomi { main: 30 * MINUTE, reserve: 3, period: 30 * SECOND },
            ),
            ("60 min + 3×30 s", TimeControl::Japanese { main: 60 * MINUTE, periods: 3, period: 30 * SECOND }),
            ("1小时 + 3次30秒", TimeControl::Japanese { main: 60 * MINUTE, periods: 3, period: 30 * SECOND }),
            ("1h30m + 5x30", TimeControl::Japanese { main: 90 * MINUTE, periods: 5, period: 30 * SECOND }),
            (
                "60m + 15/10m",
                TimeControl::Canadian { main: 60 * MINUTE, moves: 15, period: 10 * MINUTE, carry_over: false },
            ),
            (
                "定时限步 60分 + 15/10分",
                TimeControl::Canadian { main: 60 * MINUTE, moves: 15, period: 10 * MINUTE, carry_over: true },
            ),
            ("30m + 20s", TimeControl::Fischer { main: 30 * MINUTE, increment: 20 * SECOND, cap: None }),
            (
                "fischer 5m + 20 max 10m",
                TimeControl::Fischer { main: 5 * MINUTE, increment: 20 * SECOND, cap: Some(10 * MINUTE) },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parsed(text), Some(want), "{text}");
            // The canonical form reads back the same.
            assert_eq!(parsed(&want.to_string()), Some(want), "{want}");
        }
        assert_eq!(parsed("  "), None);
        assert_eq!(parsed("none"), None);
        let chinese = TimeControl::ChineseByoYomi { main: 60 * MINUTE, reserve: 5, period: MINUTE };
        assert_eq!(chinese.display_zh(), "基本时限 1 小时，保留 5 次 1 分钟 读秒");
        assert_eq!(chinese.display_en(), "1 h, the last 5 × 1 min as byo-yomi (Chinese)");
    }

    fn controls() -> impl proptest::strategy::Strategy<Value = TimeControl> {
        use proptest::prelude::*;
        // Whole seconds, as the notation writes them.
        let t = (0u64..=86_400).prop_map(|s| s * SECOND);
        let positive = (1u64..=86_400).prop_map(|s| s * SECOND);
        prop_oneof![
            positive.clone().prop_map(|main| TimeControl::Absolute { main }),
            (t.clone(), 1u32..=100, (1u64..=600).prop_map(|s| s * SECOND)).prop_filter_map(
                "the reserve fits the main time",
                |(main, reserve, period)| {
                    (u64::from(reserve) * period <= main).then_some(TimeControl::ChineseByoYomi {
                        main,
                        reserve,
                        period,
                    })
                }
            ),
            (t.clone(), 1u32..=100, positive.clone()).prop_map(|(main, periods, period)| TimeControl::Japanese {
                main,
                periods,
                period
            }),
            (t.clone(), 1u32..=1000, positive.clone(), any::<bool>()).prop_map(|(main, moves, period, carry_over)| {
                TimeControl::Canadian { main, moves, period, carry_over }
            }),
            (positive.clone(), t.clone(), proptest::option::of(positive))
                .prop_map(|(main, increment, cap)| TimeControl::Fischer { main, increment, cap }),
        ]
    }

    proptest::proptest! {
        /// What the event stores is read back the same: the live clocks depend on it.
        #[test]
        fn the_canonical_form_reads_back(control in controls()) {
            proptest::prop_assert_eq!(TimeControl::parse(&control.to_string()), Ok(Some(control)), "{}", control);
        }
    }

    #[test]
    fn every_preset_reads_back_from_its_notation_and_each_kind_has_one() {
        let presets = TimeControl::presets();
        for (_, control) in &presets {
            assert_eq!(TimeControl::parse(&control.to_string()), Ok(Some(*control)), "{control}");
        }
        let mut kinds: Vec<&str> = presets.iter().map(|(kind, _)| *kind).collect();
        kinds.dedup();
        assert_eq!(kinds.len(), 5, "{kinds:?}");
    }

    #[test]
    fn explains_what_it_cannot_read() {
        for (text, message) in [
            ("an hour or so", "main time"),
            ("chinese 3m reserve 5", "inside the main time"),
            ("60m 5x30s", "write +"),
            ("60m + 0x30s", "from 1 to 100"),
            ("fischer 60m + 5x30s", "not a Fischer"),
            ("60m + 5x30s then tea", "left over"),
            ("25h", "longer than a day"),
            ("60m # 5", "no meaning"),
        ] {
            let got = TimeControl::parse(text);
            assert!(got.as_ref().is_err_and(|e| e.to_string().contains(message)), "{text}: {got:?}");
        }
    }
}
