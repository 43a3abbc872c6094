//! Komi (贴目/贴子), exact. Stored in half-points of 目; since 1 子 = 2 目, a half-point is
//! also a quarter of a 子, so every komi a referee can name (3¾ 子, 7.5 目, 0.5) is exact.
use std::fmt;

use super::message::Message;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KomiError(pub Message);

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for KomiError {}

/// The most komi any event would give: 50 目 either way.
const LIMIT_HALF_POINTS: i32 = 100;

impl Komi {
    pub const ZERO: Komi = Komi(0);

    pub fn from_half_points(half_points: i32) -> Result<Komi, KomiError> {
        if half_points.abs() > LIMIT_HALF_POINTS {
            return Err(KomiError(Message::new("error-komi-range").text("points", format_half(half_points))));
        }
        Ok(Komi(half_points))
    }

    pub fn half_points(self) -> i32 {
        self.0
    }

    /// Reads "7.5", "6.5目", "3¾子", "3 3/4子", "3.75子", "3¾ stones", "7.5 points", "0",
    /// "-0.5". A bare number is in 目.
    pub fn parse(input: &str) -> Result<Komi, KomiError> {
        let text: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || KomiError(Message::new("error-komi").text("text", input.trim()));
        if text.is_empty() {
            return Err(bad());
        }
        let lower = text.to_lowercase();
        // 돌 and 집 are the Korean stone and point.
        let stones = ["子", "돌", "stones", "stone"].iter().find_map(|suffix| lower.strip_suffix(suffix));
        let points = ["目", "집", "points", "point", "pts", "pt"].iter().find_map(|suffix| lower.strip_suffix(suffix));
        let (number, in_stones) = match (stones, points) {
            (Some(n), _) => (n, true),
            (None, Some(n)) => (n, false),
            (None, None) => (lower.as_str(), false),
        };
        let (negative, number) = match number.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, number),
        };
        // Quarters of the unit: 4 per unit.
        let quarters = parse_quarters(number).ok_or_else(bad)?;
        let half_points = if in_stones {
            quarters // a quarter 子 is half a 目
        } else {
            if quarters % 2 != 0 {
                return Err(KomiError(Message::new("error-komi-half").text("text", input.trim())));
            }
            quarters / 2
        };
        Komi::from_half_points(if negative { -half_points } else { half_points })
    }

    /// In points (目): "7.5", "0", "-0.5".
    pub fn display_points(self) -> String {
        format_half(self.0)
    }

    /// In stones (子): "3¾子", "0子".
    pub fn display_stones(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let quarters = self.0.unsigned_abs();
        let whole = quarters / 4;
        let fraction = match quarters % 4 {
            1 => "¼",
            2 => "½",
            3 => "¾",
            _ => "",
        };
        if whole == 0 && !fraction.is_empty() {
            format!("{sign}{fraction}子")
        } else {
            format!("{sign}{whole}{fraction}子")
        }
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display_points())
    }
}

fn format_half(half_points: i32) -> String {
    let sign = if half_points < 0 { "-" } else { "" };
    let abs = half_points.unsigned_abs();
    if abs.is_multiple_of(2) { format!("{sign}{}", abs / 2) } else { format!("{sign}{}.5", abs / 2) }
}

/// "3", "3.5", "3.75", "3¾", "¾", "3/4", "33/4" is not accepted; "3 3/4" arrives as "33/4"
/// after removing spaces, so mixed fractions use 又 or the ¼½¾ signs ("3又3/4", "3¾").
fn parse_quarters(number: &str) -> Option<i32> {
    let (whole_text, fraction_quarters) = if let Some(w) = number.strip_suffix('¼') {
        (w, 1)
    } else if let Some(w) = number.strip_suffix('½') {
        (w, 2)
    } else if let Some(w) = number.strip_suffix('¾') {
        (w, 3)
    } else if let Some((w, f)) = number.split_once('又') {
        let q = match f {
            "1/4" => 1,
            "1/2" | "2/4" => 2,
            "3/4" => 3,
            _ => return None,
        };
        (w, q)
    } else if let Some((n, d)) = number.split_once('/') {
        let n: i32 = n.parse().ok()?;
        let d: i32 = d.parse().ok()?;
        if d == 0 || (n * 4) % d != 0 || n >= d {
            return None;
        }
        return Some(n * 4 / d);
    } else if let Some((w, f)) = number.split_once('.') {
        let q = match f {
            "0" | "00" => 0,
            "25" => 1,
            "5" | "50" => 2,
            "75" => 3,
            _ => return None,
        };
        (w, q)
    } else {
        (number, 0)
    };
    let whole: i32 = if whole_text.is_empty() && fraction_quarters > 0 {
        0
    } else {
        if whole_text.is_empty() || !whole_text.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        whole_text.parse().ok()?
    };
    whole.checked_mul(4)?.checked_add(fraction_quarters)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(s: &str) -> Option<i32> {
        Komi::parse(s).ok().map(Komi::half_points)
    }

    #[test]
    fn points_and_stones_read_exactly() {
        assert_eq!(half("7.5"), Some(15));
        assert_eq!(half("6.5目"), Some(13));
        assert_eq!(half("3¾子"), Some(15)); // 2002 Art. 11: 3¾ 子 = 7.5 目
        assert_eq!(half("3.75子"), Some(15));
        assert_eq!(half("3又3/4子"), Some(15));
        assert_eq!(half("2¾子"), Some(11));
        assert_eq!(half("¾子"), Some(3));
        assert_eq!(half("0"), Some(0));
        assert_eq!(half("0.5"), Some(1));
        assert_eq!(half("-0.5"), Some(-1));
        assert_eq!(half(" 7.5 "), Some(15));
        // An English reader writes the unit in words.
        assert_eq!(half("3¾ stones"), Some(15));
        assert_eq!(half("7.5 points"), Some(15));
        assert_eq!(half("0.5 pt"), Some(1));
    }

    #[test]
    fn nonsense_and_impossible_komi_are_refused() {
        assert_eq!(half(""), None);
        assert_eq!(half("abc"), None);
        assert_eq!(half("7.25"), None); // a quarter point does not exist
        assert_eq!(half("3.3子"), None);
        assert_eq!(half("51"), None);
        assert_eq!(half("1e3"), None);
    }

    #[test]
    fn komi_displays_both_ways() {
        let k = Komi::parse("3¾子").unwrap_or(Komi(0));
        assert_eq!(k.display_points(), "7.5");
        assert_eq!(k.display_stones(), "3¾子");
        assert_eq!(Komi(13).display_stones(), "3¼子");
        assert_eq!(Komi(0).display_stones(), "0子");
        assert_eq!(Komi(1).display_stones(), "¼子");
        assert_eq!(Komi(-1).display_points(), "-0.5");
    }
}
