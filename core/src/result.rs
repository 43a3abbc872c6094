//! Game results, stored exactly (half-points and quarter-stones), never as floats.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::color::Color;
use super::message::Message;

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Margin {
    /// The winner is known but not the margin ("B+", "黑胜").
    Unspecified,
    /// 中盘胜.
    Resignation,
    /// 超时胜.
    Time,
    /// 不战胜: the opponent did not play.
    Forfeit,
    /// Half-points (目×2): W+3.5 is `Points(7)`. Never zero.
    Points(u32),
    /// Quarter-stones (子×4), as counted under Chinese rules: 黑胜¾子 is `Stones(3)`.
    /// One stone is two points. Never zero.
    Stones(u32),
}

/// The outcome of one game.
///
/// Serialised as [`GameResult::to_storage_string`] ("B+R", "W+3.5", "B+1¼子", "0",
/// "Void", "BothLose"), which parses back to the same value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum GameResult {
    Win {
        winner: Color,
        margin: Margin,
    },
    Draw,
    /// Void / no result (无胜负): neither player scores.
    NoResult,
    /// Both players are scored as losing (双方均负), e.g. both broke the rules.
    BothLose,
}

/// What is wrong with a result text; see [`ResultError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultErrorKind {
    Empty,
    Unrecognized,
    UnrecognizedMargin,
    PointsNotHalf,
    StonesNotQuarter,
    ZeroMargin,
    TooLarge,
}

/// A text that could not be read as a result or margin. Its message names the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultError {
    input: String,
    kind: ResultErrorKind,
}

impl ResultError {
    fn new(input: &str, kind: ResultErrorKind) -> ResultError {
        ResultError { input: input.trim().to_string(), kind }
    }

    /// The text that was rejected (trimmed).
    pub fn input(&self) -> &str {
        &self.input
    }

    pub fn kind(&self) -> ResultErrorKind {
        self.kind
    }
}

impl ResultError {
    pub fn message(&self) -> Message {
        let key = match self.kind {
            ResultErrorKind::Empty => "error-result-empty",
            ResultErrorKind::Unrecognized => "error-result-unrecognized",
            ResultErrorKind::UnrecognizedMargin => "error-margin-unrecognized",
            ResultErrorKind::PointsNotHalf => "error-margin-points-half",
            ResultErrorKind::StonesNotQuarter => "error-margin-stones-quarter",
            ResultErrorKind::ZeroMargin => "error-margin-zero",
            ResultErrorKind::TooLarge => "error-margin-too-large",
        };
        Message::new(key).text("text", self.input.as_str())
    }
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ResultError {}

/// Lower-cases and drops spaces. A space between two digits becomes 又 so that
/// "1 1/4" keeps meaning 1¼ rather than 11/4. Full-width forms become ASCII.
fn normalize(input: &str) -> String {
    let chars: Vec<char> = input
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or(c),
            '＋' => '+',
            '／' => '/',
            '．' => '.',
            '？' => '?',
            _ => c,
        })
        .collect();
    let mut out = String::with_capacity(input.len());
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() {
            let before = out.chars().last().is_some_and(|p| p.is_ascii_digit());
            let after = chars[i..].iter().find(|n| !n.is_whitespace()).is_some_and(|n| n.is_ascii_digit());
            if before && after && !out.ends_with('又') {
                out.push('又');
            }
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// Why a number could not be read as whole quarters.
enum NumberError {
    NotANumber,
    NotQuarter,
    TooLarge,
}

fn digits(s: &str) -> Result<u64, NumberError> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return Err(NumberError::NotANumber);
    }
    s.parse().map_err(|_| NumberError::TooLarge)
}

fn fraction_char(c: char) -> Option<u64> {
    match c {
        '¼' => Some(1),
        '½' | '半' => Some(2),
        '¾' => Some(3),
        _ => None,
    }
}

/// "a/b" in quarters; it must come out whole.
fn fraction(s: &str) -> Result<u64, NumberError> {
    let (a, b) = s.split_once('/').ok_or(NumberError::NotANumber)?;
    let (a, b) = (digits(a)?, digits(b)?);
    if b == 0 {
        return Err(NumberError::NotANumber);
    }
    let scaled = a.checked_mul(4).ok_or(NumberError::TooLarge)?;
    if !scaled.is_multiple_of(b) {
        return Err(NumberError::NotQuarter);
    }
    Ok(scaled / b)
}

/// Reads "2", "2.75", ".5", "3/4", "¾", "1¼", "1又1/4", "半" as a number of quarters.
fn quarters(s: &str) -> Result<u64, NumberError> {
    let whole_plus = |whole: &str, part: u64| -> Result<u64, NumberError> {
        let w = if whole.is_empty() { 0 } else { digits(whole)? };
        whole_plus_int(w, part)
    };
    if let Some((whole, part)) = s.split_once('又') {
        let part = match part.chars().collect::<Vec<_>>().as_slice() {
            [c] => fraction_char(*c).ok_or(NumberError::NotANumber)?,
            _ => fraction(part)?,
        };
        // A mixed number's fraction must be proper ("1又5/4" is a typo, not 2¼).
        if part >= 4 || whole.is_empty() {
            return Err(NumberError::NotANumber);
        }
        return whole_plus(whole, part);
    }
    if let Some(last) = s.chars().last()
        && let Some(part) = fraction_char(last)
    {
        return whole_plus(&s[..s.len() - last.len_utf8()], part);
    }
    if s.contains('/') {
        return fraction(s);
    }
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(NumberError::NotANumber);
    }
    let int = if int.is_empty() { 0 } else { digits(int)? };
    let frac = frac.trim_end_matches('0');
    let frac_quarters = if frac.is_empty() {
        0
    } else {
        let f = digits(frac)?;
        // More than two significant decimals can never be a whole quarter.
        if frac.len() > 2 {
            return Err(NumberError::NotQuarter);
        }
        let scale = 10u64.pow(frac.len() as u32);
        if !(f * 4).is_multiple_of(scale) {
            return Err(NumberError::NotQuarter);
        }
        f * 4 / scale
    };
    whole_plus_int(int, frac_quarters)
}

fn whole_plus_int(int: u64, part: u64) -> Result<u64, NumberError> {
    int.checked_mul(4).and_then(|w| w.checked_add(part)).ok_or(NumberError::TooLarge)
}

fn points_margin(number: &str, extra_quarters: u64) -> Result<Margin, ResultErrorKind> {
    let q = match quarters(number) {
        Ok(q) => q.checked_add(extra_quarters).ok_or(ResultErrorKind::TooLarge)?,
        Err(NumberError::NotANumber) => return Err(ResultErrorKind::UnrecognizedMargin),
        Err(NumberError::NotQuarter) => return Err(ResultErrorKind::PointsNotHalf),
        Err(NumberError::TooLarge) => return Err(ResultErrorKind::TooLarge),
    };
    if q == 0 {
        return Err(ResultErrorKind::ZeroMargin);
    }
    if !q.is_multiple_of(2) {
        return Err(ResultErrorKind::PointsNotHalf);
    }
    u32::try_from(q / 2).map(Margin::Points).map_err(|_| ResultErrorKind::TooLarge)
}

fn stones_margin(number: &str) -> Result<Margin, ResultErrorKind> {
    let q = match quarters(number) {
        Ok(q) => q,
        Err(NumberError::NotANumber) => return Err(ResultErrorKind::UnrecognizedMargin),
        Err(NumberError::NotQuarter) => return Err(ResultErrorKind::StonesNotQuarter),
        Err(NumberError::TooLarge) => return Err(ResultErrorKind::TooLarge),
    };
    if q == 0 {
        return Err(ResultErrorKind::ZeroMargin);
    }
    u32::try_from(q).map(Margin::Stones).map_err(|_| ResultErrorKind::TooLarge)
}

/// Margin from normalised text.
fn margin_normalized(s: &str) -> Result<Margin, ResultErrorKind> {
    match s {
        "" => return Ok(Margin::Unspecified),
        // 中盘 in Chinese, 中押し in Japanese, 불계 in Korean; the folk games' resignation:
        // 认输, 投了, 기권.
        "r" | "res" | "resign" | "resigned" | "resignation" | "中盘" | "中押し" | "中押" | "불계" | "认输" | "投了"
        | "기권" => {
            return Ok(Margin::Resignation);
        }
        "t" | "time" | "超时" | "時間切れ" | "시간" => return Ok(Margin::Time),
        "f" | "forfeit" | "default" | "不战" | "不戦" | "부전" => return Ok(Margin::Forfeit),
        _ => {}
    }
    // "1目半" is the Japanese way of writing 1.5 points.
    if let Some(number) = s.strip_suffix("目半") {
        return points_margin(number, 2);
    }
    // 집 and 돌 are the Korean point and stone.
    for suffix in ["目", "집", "points", "point", "pts", "pt"] {
        if let Some(number) = s.strip_suffix(suffix) {
            return points_margin(number, 0);
        }
    }
    for suffix in ["子", "돌", "stones", "stone"] {
        if let Some(number) = s.strip_suffix(suffix) {
            return stones_margin(number);
        }
    }
    points_margin(s, 0)
}

impl Margin {
    /// Parses the margin part of a win alone: "R"/"中盘", "T"/"超时", "F"/"不战",
    /// points ("3.5", "3.5目", "半目", "1目半"; bare numbers are points), stones
    /// ("¾子", "3/4子", "2.75子", "1又1/4子", "1¼子", "2子"), "" for unspecified.
    /// Points must be a multiple of 0.5, stones of ¼; zero is rejected.
    pub fn parse(input: &str) -> Result<Margin, ResultError> {
        margin_normalized(&normalize(input)).map_err(|kind| ResultError::new(input, kind))
    }
}

/// 3.5 from 7 half-units.
fn format_halves(h: u32) -> String {
    if h.is_multiple_of(2) { format!("{}", h / 2) } else { format!("{}.5", h / 2) }
}

/// "1¼" from 5 quarters; "¾" from 3; "2" from 8.
fn format_quarters(q: u32) -> String {
    let whole = q / 4;
    let part = match q % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    if whole == 0 && !part.is_empty() { part.to_string() } else { format!("{whole}{part}") }
}

fn sgf_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn zh_colour(c: Color) -> &'static str {
    match c {
        Color::Black => "黑",
        Color::White => "白",
    }
}

impl GameResult {
    /// Parses a result in SGF RE form ("B+R", "W+Resign", "B+T", "W+F", "B+3.5",
    /// "B+", "0", "Draw", "Jigo", "Void", "?"), with margins in 目 or 子 ("B+3.5目",
    /// "B+¾子", "B+1又1/4子"), in Chinese ("黑胜¾子", "白胜3.5目", "黑中盘胜",
    /// "白超时胜", "黑不战胜", "黑胜", "和棋", "无胜负", "双方均负") or in English
    /// ("draw", "no result", "both lose", "black wins", "white wins by resignation").
    /// Case-insensitive; spaces are ignored.
    ///
    /// "?" (SGF: result unknown) is read as [`GameResult::NoResult`], since an
    /// unknown result cannot score. "B+0" is an error: a draw is "0" or "Draw".
    pub fn parse(input: &str) -> Result<GameResult, ResultError> {
        let s = normalize(input);
        let err = |kind| ResultError::new(input, kind);
        match s.as_str() {
            "" => return Err(err(ResultErrorKind::Empty)),
            "0" | "draw" | "jigo" | "和棋" | "和局" | "平局" | "持碁" | "빅" => return Ok(GameResult::Draw),
            "void" | "?" | "noresult" | "无胜负" | "无结果" | "無勝負" | "무효" => {
                return Ok(GameResult::NoResult);
            }
            "bothlose" | "bothlost" | "双方均负" | "双方负" => {
                return Ok(GameResult::BothLose);
            }
            _ => {}
        }
        let win = |winner, margin_text: &str| {
            margin_normalized(margin_text).map(|margin| GameResult::Win { winner, margin }).map_err(err)
        };
        if let Some((who, rest)) = s.split_once('+') {
            let winner = match who {
                "b" | "black" | "黑" => Color::Black,
                "w" | "white" | "白" => Color::White,
                _ => return Err(err(ResultErrorKind::Unrecognized)),
            };
            return win(winner, rest);
        }
        for (prefix, winner) in [
            ("blackwins", Color::Black),
            ("blackwon", Color::Black),
            ("whitewins", Color::White),
            ("whitewon", Color::White),
        ] {
            if let Some(rest) = s.strip_prefix(prefix) {
                let rest = rest.strip_prefix("by").or_else(|| rest.strip_prefix("on")).unwrap_or(rest);
                return win(winner, rest);
            }
        }
        let chinese = s
            .strip_prefix('黑')
            .map(|rest| (Color::Black, rest))
            .or_else(|| s.strip_prefix('白').map(|rest| (Color::White, rest)));
        if let Some((winner, rest)) = chinese {
            // Both orders occur: "黑胜3.5目" and "黑中盘胜" / "黑3.5目胜".
            if let Some(margin) = rest.strip_prefix('胜') {
                return win(winner, margin);
            }
            if let Some(margin) = rest.strip_suffix('胜') {
                return win(winner, margin);
            }
        }
        Err(err(ResultErrorKind::Unrecognized))
    }

    /// SGF RE value: "B+R", "W+T", "B+F", "B+3.5", "B+" (margin unknown), "0",
    /// "Void". A stones margin is written in points (1 子 = 2 目, so ¾子 is "B+1.5"),
    /// so it reads back as points. SGF has no form for both players losing;
    /// "BothLose" is written, which [`GameResult::parse`] reads back but other SGF
    /// readers will not understand.
    pub fn to_sgf(&self) -> String {
        match self {
            GameResult::Win { winner, margin } => {
                let m = match margin {
                    Margin::Unspecified => String::new(),
                    Margin::Resignation => "R".to_string(),
                    Margin::Time => "T".to_string(),
                    Margin::Forfeit => "F".to_string(),
                    Margin::Points(h) => format_halves(*h),
                    // Quarter-stones equal half-points numerically (¼子 = ½目).
                    Margin::Stones(q) => format_halves(*q),
                };
                format!("{}+{m}", sgf_letter(*winner))
            }
            GameResult::Draw => "0".to_string(),
            GameResult::NoResult => "Void".to_string(),
            GameResult::BothLose => "BothLose".to_string(),
        }
    }

    /// Like [`GameResult::to_sgf`] but keeps a stones margin in stones ("B+1¼子"),
    /// so that parsing it gives back exactly this value. Use it for storage.
    pub fn to_storage_string(&self) -> String {
        match self {
            GameResult::Win { winner, margin: Margin::Stones(q) } => {
                format!("{}+{}子", sgf_letter(*winner), format_quarters(*q))
            }
            _ => self.to_sgf(),
        }
    }

    /// English: "B+R", "W+3.5", "B+¾ stones", "B+1 stone", "B+", "Draw", "No result",
    /// "Both lose".
    pub fn display_en(&self) -> String {
        match self {
            GameResult::Win { winner, margin: Margin::Stones(q) } => {
                let unit = if *q == 4 { "stone" } else { "stones" };
                format!("{}+{} {unit}", sgf_letter(*winner), format_quarters(*q))
            }
            GameResult::Win { .. } => self.to_sgf(),
            GameResult::Draw => "Draw".to_string(),
            GameResult::NoResult => "No result".to_string(),
            GameResult::BothLose => "Both lose".to_string(),
        }
    }

    /// Chinese: "黑中盘胜", "白胜3.5目", "黑胜¾子", "黑胜1¼子", "黑超时胜", "白不战胜",
    /// "黑胜", "和棋", "无胜负", "双方均负".
    pub fn display_zh(&self) -> String {
        match self {
            GameResult::Win { winner, margin } => {
                let c = zh_colour(*winner);
                match margin {
                    Margin::Unspecified => format!("{c}胜"),
                    Margin::Resignation => format!("{c}中盘胜"),
                    Margin::Time => format!("{c}超时胜"),
                    Margin::Forfeit => format!("{c}不战胜"),
                    Margin::Points(h) => format!("{c}胜{}目", format_halves(*h)),
                    Margin::Stones(q) => format!("{c}胜{}子", format_quarters(*q)),
                }
            }
            GameResult::Draw => "和棋".to_string(),
            GameResult::NoResult => "无胜负".to_string(),
            GameResult::BothLose => "双方均负".to_string(),
        }
    }

    /// Japanese: "黒中押し勝ち", "白3.5目勝ち", "黒¾子勝ち", "黒時間切れ勝ち", "白不戦勝", "黒勝ち",
    /// "持碁", "無勝負", "両者負け".
    pub fn display_ja(&self) -> String {
        match self {
            GameResult::Win { winner, margin } => {
                let c = if *winner == Color::Black { "黒" } else { "白" };
                match margin {
                    Margin::Unspecified => format!("{c}勝ち"),
                    Margin::Resignation => format!("{c}中押し勝ち"),
                    Margin::Time => format!("{c}時間切れ勝ち"),
                    Margin::Forfeit => format!("{c}不戦勝"),
                    Margin::Points(h) => format!("{c}{}目勝ち", format_halves(*h)),
                    Margin::Stones(q) => format!("{c}{}子勝ち", format_quarters(*q)),
                }
            }
            GameResult::Draw => "持碁".to_string(),
            GameResult::NoResult => "無勝負".to_string(),
            GameResult::BothLose => "両者負け".to_string(),
        }
    }

    /// Korean: "흑 불계승", "백 3.5집승", "흑 ¾돌승", "흑 시간승", "백 부전승", "흑승", "빅",
    /// "무효", "쌍방 패".
    pub fn display_ko(&self) -> String {
        match self {
            GameResult::Win { winner, margin } => {
                let c = if *winner == Color::Black { "흑" } else { "백" };
                match margin {
                    Margin::Unspecified => format!("{c}승"),
                    Margin::Resignation => format!("{c} 불계승"),
                    Margin::Time => format!("{c} 시간승"),
                    Margin::Forfeit => format!("{c} 부전승"),
                    Margin::Points(h) => format!("{c} {}집승", format_halves(*h)),
                    Margin::Stones(q) => format!("{c} {}돌승", format_quarters(*q)),
                }
            }
            GameResult::Draw => "빅".to_string(),
            GameResult::NoResult => "무효".to_string(),
            GameResult::BothLose => "쌍방 패".to_string(),
        }
    }

    /// A folk game's result (五子棋, 八卦棋 …) in `language` ("zh", "en", "ja", "ko"): the
    /// game's own words, none of go's. A resignation is a resignation (认输, 投了, 기권), a
    /// draw a draw (和棋, Draw, 引き分け, 무승부 — not go's 持碁 or 빅), and a margin in points
    /// or stones, which these games do not have, is left out.
    pub fn display_folk(&self, language: &str) -> String {
        let colour = |winner: Color| match (language, winner) {
            ("zh" | "ja", Color::Black) => "黑",
            ("zh", Color::White) | ("ja", Color::White) => "白",
            ("ko", Color::Black) => "흑",
            ("ko", Color::White) => "백",
            (_, Color::Black) => "B",
            (_, Color::White) => "W",
        };
        let colour = |winner: Color| {
            if language == "ja" && winner == Color::Black { "黒" } else { colour(winner) }
        };
        match (self, language) {
            (GameResult::Win { winner, margin }, "zh") => match margin {
                Margin::Resignation => format!("{}胜（对方认输）", colour(*winner)),
                Margin::Time => format!("{}超时胜", colour(*winner)),
                Margin::Forfeit => format!("{}不战胜", colour(*winner)),
                _ => format!("{}胜", colour(*winner)),
            },
            (GameResult::Win { winner, margin }, "ja") => match margin {
                Margin::Resignation => format!("{}勝ち（相手の投了）", colour(*winner)),
                Margin::Time => format!("{}時間切れ勝ち", colour(*winner)),
                Margin::Forfeit => format!("{}不戦勝", colour(*winner)),
                _ => format!("{}勝ち", colour(*winner)),
            },
            (GameResult::Win { winner, margin }, "ko") => match margin {
                Margin::Resignation => format!("{} 기권승", colour(*winner)),
                Margin::Time => format!("{} 시간승", colour(*winner)),
                Margin::Forfeit => format!("{} 부전승", colour(*winner)),
                _ => format!("{}승", colour(*winner)),
            },
            (GameResult::Win { winner, margin }, _) => match margin {
                Margin::Resignation => format!("{}+R", colour(*winner)),
                Margin::Time => format!("{}+T", colour(*winner)),
                Margin::Forfeit => format!("{}+F", colour(*winner)),
                _ => format!("{}+", colour(*winner)),
            },
            (GameResult::Draw, "zh") => "和棋".into(),
            (GameResult::Draw, "ja") => "引き分け".into(),
            (GameResult::Draw, "ko") => "무승부".into(),
            (GameResult::Draw, _) => "Draw".into(),
            (other, "zh") => other.display_zh(),
            (other, "ja") => other.display_ja(),
            (other, "ko") => other.display_ko(),
            (other, _) => other.display_en(),
        }
    }

    /// Game points (black, white) under the 1988 Chinese Competition Rules, Art. 28:
    /// a win scores 2, a draw 1, a loss 0. No result and both-lose score 0 each.
    pub fn points(&self) -> (u32, u32) {
        match self {
            GameResult::Win { winner: Color::Black, .. } => (2, 0),
            GameResult::Win { winner: Color::White, .. } => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::NoResult | GameResult::BothLose => (0, 0),
        }
    }

    /// The winner's colour, if someone won.
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// True for a win by forfeit (不战胜): the game was not actually played.
    pub fn is_forfeit(&self) -> bool {
        matches!(self, GameResult::Win { margin: Margin::Forfeit, .. })
    }
}

impl fmt::Display for GameResult {
    /// The SGF form ([`GameResult::to_sgf`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sgf())
    }
}

impl std::str::FromStr for GameResult {
    type Err = ResultError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::parse(s)
    }
}

impl TryFrom<String> for GameResult {
    type Error = ResultError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        GameResult::parse(&s)
    }
}

impl From<GameResult> for String {
    fn from(r: GameResult) -> String {
        r.to_storage_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folk_games_result_speaks_none_of_gos_words() {
        let parse = |t: &str| GameResult::parse(t).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        let cases = [
            ("B+R", ["黑胜（对方认输）", "B+R", "黒勝ち（相手の投了）", "흑 기권승"]),
            ("W+2.25子", ["白胜", "W+", "白勝ち", "백승"]),
            ("W+3.5", ["白胜", "W+", "白勝ち", "백승"]),
            ("0", ["和棋", "Draw", "引き分け", "무승부"]),
            ("B+T", ["黑超时胜", "B+T", "黒時間切れ勝ち", "흑 시간승"]),
        ];
        for (text, words) in cases {
            for (language, expected) in ["zh", "en", "ja", "ko"].into_iter().zip(words) {
                assert_eq!(parse(text).display_folk(language), expected, "{text} in {language}");
            }
        }
        for go_word in ["中盘", "目", "子", "持碁", "빅", "불계", "中押し", "stone"] {
            for text in ["B+R", "W+2.25子", "W+3.5", "0"] {
                for language in ["zh", "en", "ja", "ko"] {
                    assert!(!parse(text).display_folk(language).contains(go_word), "{text} {language} {go_word}");
                }
            }
        }
    }
    use proptest::prelude::*;

    fn win(winner: Color, margin: Margin) -> GameResult {
        GameResult::Win { winner, margin }
    }
    const B: Color = Color::Black;
    const W: Color = Color::White;

    fn parsed(s: &str) -> Result<GameResult, String> {
        GameResult::parse(s).map_err(|e| e.to_string())
    }

    #[test]
    fn parses_sgf_forms() {
        let cases = [
            ("B+R", win(B, Margin::Resignation)),
            ("W+Resign", win(W, Margin::Resignation)),
            ("B+T", win(B, Margin::Time)),
            ("B+Time", win(B, Margin::Time)),
            ("W+F", win(W, Margin::Forfeit)),
            ("B+Forfeit", win(B, Margin::Forfeit)),
            ("B+3.5", win(B, Margin::Points(7))),
            ("W+0.5", win(W, Margin::Points(1))),
            ("B+12", win(B, Margin::Points(24))),
            ("b + 12.0", win(B, Margin::Points(24))),
            ("B+", win(B, Margin::Unspecified)),
            ("0", GameResult::Draw),
            ("Draw", GameResult::Draw),
            ("Jigo", GameResult::Draw),
            ("Void", GameResult::NoResult),
            ("?", GameResult::NoResult),
            ("BothLose", GameResult::BothLose),
        ];
        for (s, r) in cases {
            assert_eq!(parsed(s), Ok(r), "{s}");
        }
    }

    #[test]
    fn parses_margins_with_units() {
        let cases = [
            ("B+3.5目", win(B, Margin::Points(7))),
            ("B+¾子", win(B, Margin::Stones(3))),
            ("B+3/4子", win(B, Margin::Stones(3))),
            ("B+2.75子", win(B, Margin::Stones(11))),
            ("B+1又1/4子", win(B, Margin::Stones(5))),
            ("B+1 1/4子", win(B, Margin::Stones(5))),
            ("B+1¼子", win(B, Margin::Stones(5))),
            ("B+2子", win(B, Margin::Stones(8))),
            ("W+半目", win(W, Margin::Points(1))),
            ("W+1目半", win(W, Margin::Points(3))),
        ];
        for (s, r) in cases {
            assert_eq!(parsed(s), Ok(r), "{s}");
        }
    }

    #[test]
    fn parses_chinese_and_english() {
        let cases = [
            ("黑胜¾子", win(B, Margin::Stones(3))),
            ("白胜3.5目", win(W, Margin::Points(7))),
            ("黑中盘胜", win(B, Margin::Resignation)),
            ("白超时胜", win(W, Margin::Time)),
            ("黑胜", win(B, Margin::Unspecified)),
            ("黑不战胜", win(B, Margin::Forfeit)),
            ("白不战胜", win(W, Margin::Forfeit)),
            ("黑 胜 1 又 1/4 子", win(B, Margin::Stones(5))),
            ("和棋", GameResult::Draw),
            ("持碁", GameResult::Draw),
            ("빅", GameResult::Draw),
            ("무효", GameResult::NoResult),
            ("无胜负", GameResult::NoResult),
            ("双方均负", GameResult::BothLose),
            ("draw", GameResult::Draw),
            ("No Result", GameResult::NoResult),
            ("both lose", GameResult::BothLose),
            ("black wins", win(B, Margin::Unspecified)),
            ("White wins by resignation", win(W, Margin::Resignation)),
            ("white wins by 3.5 points", win(W, Margin::Points(7))),
            ("black wins on time", win(B, Margin::Time)),
        ];
        for (s, r) in cases {
            assert_eq!(parsed(s), Ok(r), "{s}");
        }
    }

    #[test]
    fn rejects_bad_input_clearly() {
        assert_eq!(
            parsed("B+0"),
            Err("\"B+0\": a win needs a margin above zero; use 0 or Draw for a draw".to_string())
        );
        assert_eq!(parsed("B+3.25"), Err("\"B+3.25\": a margin in points must be a multiple of 0.5".to_string()));
        assert_eq!(parsed("B+3.3目"), Err("\"B+3.3目\": a margin in points must be a multiple of 0.5".to_string()));
        assert_eq!(
            parsed("黑胜1/3子"),
            Err("\"黑胜1/3子\": a margin in stones must be a multiple of ¼ (0.25)".to_string())
        );
        assert_eq!(
            parsed("B+0.1子"),
            Err("\"B+0.1子\": a margin in stones must be a multiple of ¼ (0.25)".to_string())
        );
        assert_eq!(
            parsed("hello"),
            Err("\"hello\" is not a game result: use e.g. B+R, W+3.5, B+¾ stone, 0 (draw) or Void".to_string())
        );
        assert_eq!(GameResult::parse("X+R").map_err(|e| e.kind()), Err(ResultErrorKind::Unrecognized));
        assert_eq!(GameResult::parse("B+lots").map_err(|e| e.kind()), Err(ResultErrorKind::UnrecognizedMargin));
        assert_eq!(GameResult::parse(" ").map_err(|e| e.kind()), Err(ResultErrorKind::Empty));
        assert_eq!(GameResult::parse("B+99999999999999").map_err(|e| e.kind()), Err(ResultErrorKind::TooLarge));
        assert_eq!(
            GameResult::parse("B+99999999999999999999999").map_err(|e| e.kind()),
            Err(ResultErrorKind::TooLarge)
        );
        assert_eq!(GameResult::parse("B+1又5/4子").map_err(|e| e.kind()), Err(ResultErrorKind::UnrecognizedMargin));
        assert_eq!(GameResult::parse("B+1/0").map_err(|e| e.kind()), Err(ResultErrorKind::UnrecognizedMargin));
        assert_eq!(GameResult::parse("B+.").map_err(|e| e.kind()), Err(ResultErrorKind::UnrecognizedMargin));
    }

    #[test]
    fn margin_parse_alone() {
        let cases = [
            ("R", Margin::Resignation),
            ("中盘", Margin::Resignation),
            ("T", Margin::Time),
            ("F", Margin::Forfeit),
            ("3.5", Margin::Points(7)),
            ("3.5目", Margin::Points(7)),
            ("¾子", Margin::Stones(3)),
            ("3/4子", Margin::Stones(3)),
            ("2.75子", Margin::Stones(11)),
            ("1又1/4子", Margin::Stones(5)),
            ("", Margin::Unspecified),
            (".5", Margin::Points(1)),
        ];
        for (s, m) in cases {
            assert_eq!(Margin::parse(s), Ok(m), "{s}");
        }
        assert_eq!(
            Margin::parse("0").map_err(|e| e.to_string()),
            Err("\"0\": a win needs a margin above zero; use 0 or Draw for a draw".to_string())
        );
    }

    #[test]
    fn writes_sgf() {
        assert_eq!(win(B, Margin::Resignation).to_sgf(), "B+R");
        assert_eq!(win(W, Margin::Time).to_sgf(), "W+T");
        assert_eq!(win(B, Margin::Forfeit).to_sgf(), "B+F");
        assert_eq!(win(B, Margin::Points(7)).to_sgf(), "B+3.5");
        assert_eq!(win(B, Margin::Stones(3)).to_sgf(), "B+1.5");
        assert_eq!(win(B, Margin::Unspecified).to_sgf(), "B+");
        assert_eq!(GameResult::Draw.to_sgf(), "0");
        assert_eq!(GameResult::NoResult.to_sgf(), "Void");
        assert_eq!(GameResult::BothLose.to_sgf(), "BothLose");
        assert_eq!(win(W, Margin::Points(24)).to_string(), "W+12");
    }

    #[test]
    fn writes_english_and_chinese() {
        assert_eq!(win(B, Margin::Resignation).display_en(), "B+R");
        assert_eq!(win(W, Margin::Points(7)).display_en(), "W+3.5");
        assert_eq!(win(B, Margin::Stones(3)).display_en(), "B+¾ stones");
        assert_eq!(win(B, Margin::Stones(4)).display_en(), "B+1 stone");
        assert_eq!(win(B, Margin::Stones(6)).display_en(), "B+1½ stones");
        assert_eq!(GameResult::Draw.display_en(), "Draw");
        let zh = [
            (win(B, Margin::Resignation), "黑中盘胜"),
            (win(W, Margin::Points(7)), "白胜3.5目"),
            (win(B, Margin::Stones(3)), "黑胜¾子"),
            (win(B, Margin::Stones(5)), "黑胜1¼子"),
            (win(B, Margin::Stones(8)), "黑胜2子"),
            (win(B, Margin::Time), "黑超时胜"),
            (win(W, Margin::Forfeit), "白不战胜"),
            (win(B, Margin::Unspecified), "黑胜"),
            (GameResult::Draw, "和棋"),
            (GameResult::NoResult, "无胜负"),
            (GameResult::BothLose, "双方均负"),
        ];
        for (r, s) in zh {
            assert_eq!(r.display_zh(), s);
        }
    }

    #[test]
    fn scores_and_winner() {
        assert_eq!(win(B, Margin::Points(1)).points(), (2, 0));
        assert_eq!(win(W, Margin::Forfeit).points(), (0, 2));
        assert_eq!(GameResult::Draw.points(), (1, 1));
        assert_eq!(GameResult::NoResult.points(), (0, 0));
        assert_eq!(GameResult::BothLose.points(), (0, 0));
        assert_eq!(win(W, Margin::Forfeit).winner(), Some(W));
        assert_eq!(GameResult::Draw.winner(), None);
        assert!(win(W, Margin::Forfeit).is_forfeit());
        assert!(!win(W, Margin::Resignation).is_forfeit());
    }

    #[test]
    fn serde_round_trips() -> Result<(), serde_json::Error> {
        for r in [
            GameResult::BothLose,
            GameResult::NoResult,
            GameResult::Draw,
            win(B, Margin::Stones(5)),
            win(W, Margin::Points(7)),
        ] {
            let json = serde_json::to_string(&r)?;
            assert_eq!(serde_json::from_str::<GameResult>(&json)?, r, "{json}");
        }
        assert_eq!(serde_json::to_string(&GameResult::BothLose)?, "\"BothLose\"");
        assert_eq!(serde_json::to_string(&win(B, Margin::Stones(5)))?, "\"B+1¼子\"");
        assert!(serde_json::from_str::<GameResult>("\"B+0\"").is_err());
        Ok(())
    }

    fn margin_strategy() -> impl Strategy<Value = Margin> {
        prop_oneof![
            Just(Margin::Unspecified),
            Just(Margin::Resignation),
            Just(Margin::Time),
            Just(Margin::Forfeit),
            (1u32..400).prop_map(Margin::Points),
            (1u32..=u32::MAX).prop_map(Margin::Points),
            (1u32..400).prop_map(Margin::Stones),
            (1u32..=u32::MAX).prop_map(Margin::Stones),
        ]
    }

    fn result_strategy() -> impl Strategy<Value = GameResult> {
        prop_oneof![
            4 => (prop_oneof![Just(B), Just(W)], margin_strategy())
                .prop_map(|(winner, margin)| GameResult::Win { winner, margin }),
            1 => Just(GameResult::Draw),
            1 => Just(GameResult::NoResult),
            1 => Just(GameResult::BothLose),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn text_forms_round_trip(r in result_strategy()) {
            prop_assert_eq!(GameResult::parse(&r.display_zh()), Ok(r));
            prop_assert_eq!(GameResult::parse(&r.display_en()), Ok(r));
            prop_assert_eq!(GameResult::parse(&r.to_storage_string()), Ok(r));
            match r {
                GameResult::Win { winner, margin: Margin::Stones(q) } => {
                    // SGF has no stones; the same amount comes back as points.
                    prop_assert_eq!(
                        GameResult::parse(&r.to_sgf()),
                        Ok(GameResult::Win { winner, margin: Margin::Points(q) })
                    );
                }
                _ => prop_assert_eq!(GameResult::parse(&r.to_sgf()), Ok(r)),
            }
        }
    }
}
