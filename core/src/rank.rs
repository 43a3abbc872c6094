//! Go ranks: 30 kyu up to 1 kyu, then 1 dan up to 9 dan, then professional 1p up to 9p.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::message::Message;

/// Which ladder a rank is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RankKind {
    Kyu,
    Dan,
    Pro,
}

/// The grade inside a [`Rank`]; private so that every `Rank` is in range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Grade {
    Kyu(u8),
    Dan(u8),
    Pro(u8),
}

/// A valid go rank. Built only by [`Rank::parse`] or [`Rank::from_value`], so it is
/// always in range. Ordered by strength ([`Rank::value`]).
///
/// Serialised as its display string ("5k", "3d", "2p").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rank(Grade);

/// Why a text is not a rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RankError {
    /// Nothing (or only spaces) was given.
    Empty,
    /// Not in any recognised form; holds the input.
    Unrecognized(String),
    /// A kyu grade outside 30k..=1k; holds the input.
    KyuOutOfRange(String),
    /// A dan grade outside 1d..=9d; holds the input.
    DanOutOfRange(String),
    /// A professional grade outside 1p..=9p; holds the input.
    ProOutOfRange(String),
}

impl RankError {
    pub fn message(&self) -> Message {
        match self {
            RankError::Empty => Message::new("error-rank-empty"),
            RankError::Unrecognized(s) => Message::new("error-rank-unrecognized").text("text", s.as_str()),
            RankError::KyuOutOfRange(s) => Message::new("error-rank-kyu").text("text", s.as_str()),
            RankError::DanOutOfRange(s) => Message::new("error-rank-dan").text("text", s.as_str()),
            RankError::ProOutOfRange(s) => Message::new("error-rank-pro").text("text", s.as_str()),
        }
    }
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for RankError {}

impl Rank {
    /// Parses a rank, case-insensitively and ignoring all spaces.
    ///
    /// Accepted: "5k", "5 kyu", "5级", "3d", "3 dan", "3段", "业余3段", "初段" (1d),
    /// "2p", "2 pro", "职业2段", "职业初段" (1p); Japanese "5級", "プロ2段" and Korean "5급",
    /// "3단", "프로 2단". Numbers may be ASCII, full-width or Chinese numerals ("五段", "二十级").
    pub fn parse(input: &str) -> Result<Rank, RankError> {
        let shown = input.trim();
        let s: String = input.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_lowercase();
        if s.is_empty() {
            return Err(RankError::Empty);
        }
        let unrecognized = || RankError::Unrecognized(shown.to_string());

        if s == "初段" {
            return Rank::build(RankKind::Dan, 1, shown);
        }
        // 职业 in Chinese, プロ in Japanese, 프로 in Korean.
        if let Some(rest) = s.strip_prefix("职业").or_else(|| s.strip_prefix("プロ")).or_else(|| s.strip_prefix("프로"))
        {
            let digits = rest.strip_suffix('段').or_else(|| rest.strip_suffix('단')).ok_or_else(unrecognized)?;
            let n = if digits == "初" { 1 } else { parse_number(digits).ok_or_else(unrecognized)? };
            return Rank::build(RankKind::Pro, n, shown);
        }
        // "业余" (amateur) only makes sense before a dan grade, but is harmless elsewhere.
        let rest = s.strip_prefix("业余").unwrap_or(&s);
        if rest == "初段" {
            return Rank::build(RankKind::Dan, 1, shown);
        }
        const SUFFIXES: [(&str, RankKind); 11] = [
            ("kyu", RankKind::Kyu),
            ("k", RankKind::Kyu),
            ("级", RankKind::Kyu),
            ("級", RankKind::Kyu),
            ("급", RankKind::Kyu),
            ("단", RankKind::Dan),
            ("dan", RankKind::Dan),
            ("d", RankKind::Dan),
            ("段", RankKind::Dan),
            ("pro", RankKind::Pro),
            ("p", RankKind::Pro),
        ];
        for (suffix, kind) in SUFFIXES {
            if let Some(digits) = rest.strip_suffix(suffix) {
                let n = parse_number(digits).ok_or_else(unrecognized)?;
                return Rank::build(kind, n, shown);
            }
        }
        Err(unrecognized())
    }

    /// The rank whose [`Rank::value`] is `value`, if there is one (-30..=17).
    /// Meant for reading back a stored value.
    pub fn from_value(value: i32) -> Option<Rank> {
        let grade = match value {
            -30..=-1 => Grade::Kyu(u8::try_from(-value).ok()?),
            0..=8 => Grade::Dan(u8::try_from(value + 1).ok()?),
            9..=17 => Grade::Pro(u8::try_from(value - 8).ok()?),
            _ => return None,
        };
        Some(Rank(grade))
    }

    /// The rank nearest to `value`: below 30k is 30k, above 9p is 9p.
    pub fn nearest(value: i32) -> Rank {
        Rank::from_value(value.clamp(-30, 17)).unwrap_or(Rank(Grade::Kyu(30)))
    }

    fn build(kind: RankKind, n: u32, shown: &str) -> Result<Rank, RankError> {
        let grade = match kind {
            RankKind::Kyu => match u8::try_from(n) {
                Ok(k @ 1..=30) => Grade::Kyu(k),
                _ => return Err(RankError::KyuOutOfRange(shown.to_string())),
            },
            RankKind::Dan => match u8::try_from(n) {
                Ok(d @ 1..=9) => Grade::Dan(d),
                _ => return Err(RankError::DanOutOfRange(shown.to_string())),
            },
            RankKind::Pro => match u8::try_from(n) {
                Ok(p @ 1..=9) => Grade::Pro(p),
                _ => return Err(RankError::ProOutOfRange(shown.to_string())),
            },
        };
        Ok(Rank(grade))
    }

    /// Strength on one integer scale, for ordering and handicaps:
    /// 30k = -30 … 1k = -1, 1d = 0 … 9d = 8, 1p = 9 … 9p = 17.
    /// One step is one handicap stone between amateur grades.
    pub fn value(&self) -> i32 {
        match self.0 {
            Grade::Kyu(k) => -i32::from(k),
            Grade::Dan(d) => i32::from(d) - 1,
            Grade::Pro(p) => i32::from(p) + 8,
        }
    }

    /// Kyu, dan or professional.
    pub fn kind(&self) -> RankKind {
        match self.0 {
            Grade::Kyu(_) => RankKind::Kyu,
            Grade::Dan(_) => RankKind::Dan,
            Grade::Pro(_) => RankKind::Pro,
        }
    }

    /// The number of the grade on its ladder (5 for "5k").
    pub fn number(&self) -> u8 {
        match self.0 {
            Grade::Kyu(n) | Grade::Dan(n) | Grade::Pro(n) => n,
        }
    }

    /// Chinese form: "5级", "3段", "职业2段".
    pub fn display_zh(&self) -> String {
        match self.0 {
            Grade::Kyu(k) => format!("{k}级"),
            Grade::Dan(d) => format!("{d}段"),
            Grade::Pro(p) => format!("职业{p}段"),
        }
    }

    /// Japanese form: "5級", "3段", "プロ2段".
    pub fn display_ja(&self) -> String {
        match self.0 {
            Grade::Kyu(k) => format!("{k}級"),
            Grade::Dan(d) => format!("{d}段"),
            Grade::Pro(p) => format!("プロ{p}段"),
        }
    }

    /// Korean form: "5급", "3단", "프로 2단".
    pub fn display_ko(&self) -> String {
        match self.0 {
            Grade::Kyu(k) => format!("{k}급"),
            Grade::Dan(d) => format!("{d}단"),
            Grade::Pro(p) => format!("프로 {p}단"),
        }
    }
}

/// Reads ASCII or full-width digits, or a Chinese numeral up to 九十九.
fn parse_number(s: &str) -> Option<u32> {
    if s.is_empty() {
        return None;
    }
    let ascii: String = s
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or(c),
            _ => c,
        })
        .collect();
    if ascii.chars().all(|c| c.is_ascii_digit()) {
        // Too many digits is still a number, just out of every range.
        return Some(ascii.parse().unwrap_or(u32::MAX));
    }
    let digit = |c: char| "一二三四五六七八九".chars().position(|d| d == c).map(|i| i as u32 + 1);
    let chars: Vec<char> = s.chars().collect();
    match chars.as_slice() {
        [c] if *c == '十' => Some(10),
        [c] => digit(*c),
        ['十', o] => Some(10 + digit(*o)?),
        [t, '十'] => Some(10 * digit(*t)?),
        [t, '十', o] => Some(10 * digit(*t)? + digit(*o)?),
        _ => None,
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value().cmp(&other.value())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Grade::Kyu(k) => write!(f, "{k}k"),
            Grade::Dan(d) => write!(f, "{d}d"),
            Grade::Pro(p) => write!(f, "{p}p"),
        }
    }
}

impl std::str::FromStr for Rank {
    type Err = RankError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rank::parse(s)
    }
}

impl TryFrom<String> for Rank {
    type Error = RankError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        Rank::parse(&s)
    }
}

impl From<Rank> for String {
    fn from(rank: Rank) -> String {
        rank.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value_of(s: &str) -> Result<i32, String> {
        Rank::parse(s).map(|r| r.value()).map_err(|e| e.to_string())
    }

    #[test]
    fn japanese_and_korean_grades_read_and_write_back() {
        for (typed, rank) in
            [("5級", "5k"), ("３段", "3d"), ("プロ2段", "2p"), ("5급", "5k"), ("3단", "3d"), ("프로 9단", "9p")]
        {
            assert_eq!(Rank::parse(typed).map(|r| r.to_string()), Ok(rank.to_string()), "{typed}");
        }
        let five_kyu = Rank::parse("5k").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((five_kyu.display_ja(), five_kyu.display_ko()), ("5級".to_string(), "5급".to_string()));
        let pro = Rank::parse("9p").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((pro.display_ja(), pro.display_ko()), ("プロ9段".to_string(), "프로 9단".to_string()));
        assert_eq!(Rank::parse(&pro.display_ko()), Ok(pro));
    }

    #[test]
    fn the_nearest_rank_holds_a_value_to_30k_and_9p() -> Result<(), String> {
        assert_eq!(Rank::nearest(-40).value(), value_of("30k")?);
        assert_eq!(Rank::nearest(-3).value(), value_of("3k")?);
        assert_eq!(Rank::nearest(3).value(), value_of("4d")?);
        assert_eq!(Rank::nearest(40).value(), value_of("9p")?);
        Ok(())
    }

    #[test]
    fn parses_kyu_forms() {
        for s in ["5k", "5K", "5 kyu", "5 Kyu", " 5  k ", "5级", "五级", "５k"] {
            assert_eq!(value_of(s), Ok(-5), "{s}");
        }
        assert_eq!(value_of("30k"), Ok(-30));
        assert_eq!(value_of("二十级"), Ok(-20));
        assert_eq!(value_of("1k"), Ok(-1));
    }

    #[test]
    fn parses_dan_forms() {
        for s in ["3d", "3D", "3 dan", "3段", "三段", "业余3段"] {
            assert_eq!(value_of(s), Ok(2), "{s}");
        }
        assert_eq!(value_of("初段"), Ok(0));
        assert_eq!(value_of("1d"), Ok(0));
        assert_eq!(value_of("9d"), Ok(8));
    }

    #[test]
    fn parses_pro_forms() {
        for s in ["2p", "2P", "2 pro", "职业2段", "职业 2 段", "职业二段"] {
            assert_eq!(value_of(s), Ok(10), "{s}");
        }
        assert_eq!(value_of("职业初段"), Ok(9));
        assert_eq!(value_of("9p"), Ok(17));
    }

    #[test]
    fn errors_are_clear() {
        assert_eq!(value_of("31k"), Err("\"31k\" is not a rank: kyu grades go from 30k to 1k".to_string()));
        assert_eq!(value_of("0k"), Err("\"0k\" is not a rank: kyu grades go from 30k to 1k".to_string()));
        assert_eq!(value_of("10d"), Err("\"10d\" is not a rank: dan grades go from 1d to 9d".to_string()));
        assert_eq!(value_of("10p"), Err("\"10p\" is not a rank: professional grades go from 1p to 9p".to_string()));
        assert_eq!(value_of("abc"), Err("\"abc\" is not a rank: use 30k–1k, 1d–9d or 1p–9p".to_string()));
        assert_eq!(value_of("k"), Err("\"k\" is not a rank: use 30k–1k, 1d–9d or 1p–9p".to_string()));
        assert_eq!(
            value_of("99999999999k"),
            Err("\"99999999999k\" is not a rank: kyu grades go from 30k to 1k".to_string())
        );
        assert_eq!(Rank::parse("  "), Err(RankError::Empty));
    }

    #[test]
    fn value_covers_the_scale_without_gaps() {
        let mut all = Vec::new();
        for k in (1..=30).rev() {
            all.push(format!("{k}k"));
        }
        for d in 1..=9 {
            all.push(format!("{d}d"));
        }
        for p in 1..=9 {
            all.push(format!("{p}p"));
        }
        for (i, s) in all.iter().enumerate() {
            let rank = Rank::parse(s).map_err(|e| e.to_string());
            assert_eq!(rank.map(|r| r.value()), Ok(i as i32 - 30), "{s}");
            let rank = Rank::parse(s).ok();
            assert_eq!(rank.map(|r| r.to_string()).as_deref(), Some(s.as_str()));
            assert_eq!(Rank::from_value(i as i32 - 30), rank);
            let zh = rank.map(|r| r.display_zh()).unwrap_or_default();
            assert_eq!(Rank::parse(&zh).ok(), rank, "{zh}");
        }
        assert_eq!(Rank::from_value(-31), None);
        assert_eq!(Rank::from_value(18), None);
    }

    #[test]
    fn orders_by_strength() {
        let parse = |s: &str| Rank::parse(s).ok();
        assert!(parse("1k") < parse("1d"));
        assert!(parse("10k") < parse("2k"));
        assert!(parse("9d") < parse("1p"));
        assert_eq!(parse("3d").map(|r| (r.kind(), r.number())), Some((RankKind::Dan, 3)));
    }

    #[test]
    fn display_forms() {
        let zh = |s: &str| Rank::parse(s).map(|r| r.display_zh()).ok();
        assert_eq!(zh("5k").as_deref(), Some("5级"));
        assert_eq!(zh("3d").as_deref(), Some("3段"));
        assert_eq!(zh("2p").as_deref(), Some("职业2段"));
    }

    #[test]
    fn serde_uses_the_display_string() -> Result<(), serde_json::Error> {
        let rank: Rank = serde_json::from_str("\"5 kyu\"")?;
        assert_eq!(serde_json::to_string(&rank)?, "\"5k\"");
        assert!(serde_json::from_str::<Rank>("\"31k\"").is_err());
        Ok(())
    }
}
