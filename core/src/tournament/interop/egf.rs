//! The EGD's tournament results file (the text the EGF rating program reads; the "h9" file
//! OpenGotha and pairgoth export), written and read back.
//!
//! Headers are comment lines `; XX[value]`: `CL` (class A–D, X not rated), `EV` (event), `PC`
//! (`country code, town`), `DT` (first and last day), `HA` (`hN`: handicap is the grade
//! difference less N; `h9` for even games), `KM` (komi), `TM` (adjusted time in minutes:
//! basic time plus 45 byo-yomi periods, 60 moves of Canadian time or 120 Fischer increments)
//! and `CM` (comment). Then one line per player in final order: place, name as `Surname
//! Given` (the words of each part joined by `_`: `Van_der_Berg Jan`), grade, country (two
//! letters, `XX` unknown), club (one word of up to four letters, `xxxx` unknown), four numbers
//! (wins, then the standings' first three columns), one entry per round `<opponent's place><+|-|=>/<b|w><handicap>`
//! (`12+/b0`, `3-/w2`), and the player's EGD PIN as `|12345678` when known.
//!
//! The format has no forfeits, void games or both-lose; unplayed rounds are `0+` (a free
//! win: a bye), `0-` (a free round: absent) or `0=`. So that the rating program rates only
//! games that were played, Yunzi writes:
//! - a bye as `0+`; no game as `0-`;
//! - a forfeit as `0+` for the winner (the point is kept) and `0-` for the loser;
//! - a void game (无胜负) and a both-lose (双方均负) as `0-` for both: no point, no rating;
//! - a game without a result yet as `0-`, so export once every result is in.
//!
//! Checked against the EGF's own description of the entries (Cieply's "Comments on submitting
//! tournament results"), a file the EGD holds (T160130A), OpenGotha's and pairgoth's writers
//! and the Polish league IGLO's: docs/RATINGS.md says what each showed.
use std::collections::{BTreeMap, HashMap};

use crate::clock::{MINUTE, Millis, TimeControl};
use crate::color::Color;
use crate::message::Message;
use crate::result::{GameResult, Margin};
use crate::tournament::standings::{ByeRecord, GameRecord};

/// The EGF's tournament classes, by the weight the rating gives the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// At least 60 minutes' basic and 75 minutes' adjusted time (weight 1).
    A,
    /// At least 40 and 50 minutes (weight 0.75).
    B,
    /// At least 25 and 30 minutes: casual and club events (weight 0.5).
    C,
    /// Played on the internet (weight 0.25).
    D,
    /// Not rated.
    X,
}

impl Class {
    pub fn code(self) -> &'static str {
        match self {
            Class::A => "A",
            Class::B => "B",
            Class::C => "C",
            Class::D => "D",
            Class::X => "X",
        }
    }

    pub fn parse(text: &str) -> Option<Class> {
        match text.trim().to_ascii_uppercase().as_str() {
            "A" => Some(Class::A),
            "B" => Some(Class::B),
            "C" => Some(Class::C),
            "D" => Some(Class::D),
            "X" => Some(Class::X),
            _ => None,
        }
    }

    /// The class the EGF's thresholds give an over-the-board event of this basic and adjusted
    /// time (minutes).
    pub fn of_times(basic: u32, adjusted: u32) -> Class {
        if basic >= 60 && adjusted >= 75 {
            Class::A
        } else if basic >= 40 && adjusted >= 50 {
            Class::B
        } else if basic >= 25 && adjusted >= 30 {
            Class::C
        } else {
            Class::X
        }
    }
}

/// The basic and the adjusted time of a time control, in minutes: the basic time plus 45
/// byo-yomi periods, 60 moves' worth of Canadian time or 120 Fischer increments. A Chinese
/// byo-yomi keeps its reserve periods inside the main time: the basic time is the rest.
pub fn times(control: &TimeControl) -> (u32, u32) {
    let minutes = |ms: Millis| (ms / MINUTE) as u32;
    let (basic, adjusted): (Millis, Millis) = match *control {
        TimeControl::Absolute { main } => (main, main),
        TimeControl::ChineseByoYomi { main, reserve, period } => {
            let basic = main.saturating_sub(u64::from(reserve) * period);
            (basic, basic + 45 * period)
        }
        TimeControl::Japanese { main, period, .. } => (main, main + 45 * period),
        TimeControl::Canadian { main, moves, period, .. } => (main, main + 60 * period / u64::from(moves.max(1))),
        TimeControl::Fischer { main, increment, .. } => (main, main + 120 * increment),
    };
    (minutes(basic), minutes(adjusted))
}

/// One player of the table, in final order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EgfPlayer {
    pub id: i64,
    /// The name as registered ("Chen Yaoye", "王小明", "De Vries Tom", "Van_der_Berg Jan").
    pub name: String,
    /// As the EGF writes grades: "5d", "12k", "3p".
    pub rank: String,
    pub country: String,
    pub club: String,
    /// The score and the tie-breaks as the standings write them ("4", "3½"); the first three
    /// go in the file, as plain numbers, after the wins.
    pub scores: Vec<String>,
    /// The EGD PIN, when known.
    pub pin: Option<String>,
}

/// The header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EgfHeader {
    pub class: Class,
    pub event: String,
    /// The country's two-letter code (empty when unknown) and the town.
    pub country: String,
    pub town: String,
    /// First and last day, YYYY-MM-DD.
    pub start: String,
    pub end: String,
    /// McMahon handicaps: the grade difference less this; None for even games (`h9`).
    pub handicap_reduction: Option<u8>,
    pub komi: String,
    /// Adjusted time in minutes.
    pub adjusted_minutes: u32,
    /// The time control as the event page says it, for the EGD's comment.
    pub time_control: String,
}

/// Text as one header value or one word of a line: no line breaks, no brackets or
/// semicolons (the format's comment and header characters), nothing a spreadsheet would run.
fn clean(text: &str) -> String {
    let cleaned: String = super::without_formula_start(text)
        .chars()
        .map(|c| if matches!(c, ';' | '[' | ']' | '|' | '\n' | '\r' | '\t') || c.is_control() { ' ' } else { c })
        .collect();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words of a name part joined by `_`, as the EGD writes them.
fn joined(part: &str) -> String {
    clean(part).split([' ', '_']).filter(|w| !w.is_empty()).collect::<Vec<_>>().join("_")
}

/// A name as the EGD writes it: `Surname Given`, each part's words joined by `_`. A name in
/// Han characters or Hangul in its usual romanisation (王小明 is `Wang Xiaoming`); a name
/// written in the EGD's way (with `_`) as it is; otherwise the last word is the given name
/// and the words before it the surname (`De Vries Tom` is `De_Vries Tom`), as OpenGotha's
/// reader takes a name. Never empty.
pub fn egd_name(name: &str, country: &str) -> String {
    // Pinyin is a Chinese name's reading, not a Japanese one's (井山裕太 is not "Jing Shanyutai").
    let japanese = matches!(country.trim().to_ascii_uppercase().as_str(), "JP" | "JAPAN") || country.trim() == "日本";
    if let Some((surname, given)) = crate::search::romanised_parts(name.trim()).filter(|_| !japanese) {
        return format!("{surname} {given}");
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let cleaned: Vec<String> = words.iter().map(|w| joined(w)).filter(|w| !w.is_empty()).collect();
    match cleaned.as_slice() {
        [] => "?".into(),
        [one] => one.clone(),
        [surname @ .., given] => format!("{} {given}", surname.join("_")),
    }
}

/// A country as the EGD writes it: two capital letters (the EGF writes the United Kingdom as
/// UK), `XX` when unknown.
pub fn egd_country(country: &str) -> String {
    let text = country.trim();
    let named = match text.to_lowercase().as_str() {
        "china" | "中国" | "中國" | "中华人民共和国" => "CN",
        "japan" | "日本" => "JP",
        "korea" | "south korea" | "韩国" | "韓国" | "한국" | "대한민국" => "KR",
        "taiwan" | "chinese taipei" | "台湾" | "中华台北" => "TW",
        "gb" | "united kingdom" | "great britain" | "uk" => "UK",
        _ => "",
    };
    if !named.is_empty() {
        return named.into();
    }
    if text.chars().count() == 2 && text.chars().all(|c| c.is_ascii_alphabetic()) {
        text.to_ascii_uppercase()
    } else {
        "XX".into()
    }
}

/// A club as one word of up to four letters (the EGD's club codes: "Belf", "Hang"), romanised;
/// `xxxx` when unknown.
pub fn egd_club(club: &str) -> String {
    let word: String =
        crate::search::romanised(&clean(club)).chars().filter(|c| c.is_ascii_alphanumeric()).take(4).collect();
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => "xxxx".into(),
    }
}

/// A score as a plain number: "3½" is "3.5", "¾" is "0.75", "" is "0".
fn plain_number(text: &str) -> String {
    let (whole, fraction) = match text.trim() {
        t if t.ends_with('½') => (t.trim_end_matches('½'), ".5"),
        t if t.ends_with('¼') => (t.trim_end_matches('¼'), ".25"),
        t if t.ends_with('¾') => (t.trim_end_matches('¾'), ".75"),
        t => (t, ""),
    };
    let whole = if whole.is_empty() || whole == "-" { format!("{whole}0") } else { whole.to_string() };
    let number = format!("{whole}{fraction}");
    if number.parse::<f64>().is_ok() { number } else { "0".into() }
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
    out.push_str(&format!("; CL[{}]\n", header.class.code()));
    out.push_str(&format!("; EV[{}]\n", clean(&header.event)));
    let country = if header.country.trim().is_empty() { String::new() } else { egd_country(&header.country) };
    // The town is what follows the comma: one of its own would split it.
    out.push_str(&format!("; PC[{country}, {}]\n", clean(&header.town).replace(',', " ")));
    out.push_str(&format!("; DT[{},{}]\n", header.start, header.end));
    out.push_str(&format!("; HA[h{}]\n", header.handicap_reduction.unwrap_or(9)));
    out.push_str(&format!("; KM[{}]\n", header.komi));
    out.push_str(&format!("; TM[{}]\n", header.adjusted_minutes));
    out.push_str(&format!("; CM[{}]\n", clean(&header.time_control)));
    out.push_str("; Written by Yunzi. Forfeits, void and both-lose games are 0+/0- (not rated).\n");
    out.push_str("; Pl Name Rk Co Club Score");
    for r in 1..=rounds {
        out.push_str(&format!(" {r}"));
    }
    out.push('\n');
    let names: Vec<String> = players.iter().map(|p| egd_name(&p.name, &p.country)).collect();
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(4);
    for (index, (p, name)) in players.iter().zip(&names).enumerate() {
        let pad = " ".repeat(name_width - name.chars().count());
        let rank = clean(&p.rank);
        out.push_str(&format!(
            "{:>4} {name}{pad} {:>3} {} {:<4}",
            index + 1,
            if rank.is_empty() { "?" } else { rank.as_str() },
            egd_country(&p.country),
            egd_club(&p.club),
        ));
        let entries: Vec<String> = (1..=rounds).map(|round| entry(p.id, round, games, byes, &place)).collect();
        // Wins first (a draw half), as the EGD's tools write them, then the standings' columns.
        let half_wins: usize =
            entries.iter().map(|e| if e.contains('+') { 2 } else { usize::from(e.contains('=')) }).sum();
        let wins =
            if half_wins.is_multiple_of(2) { (half_wins / 2).to_string() } else { format!("{}.5", half_wins / 2) };
        out.push_str(&format!(" {wins:>5}"));
        for i in 0..3 {
            out.push_str(&format!(" {:>5}", plain_number(p.scores.get(i).map(String::as_str).unwrap_or(""))));
        }
        for e in &entries {
            out.push_str(&format!(" {e:>7}"));
        }
        if let Some(pin) = p.pin.as_deref().filter(|pin| pin.len() == 8 && pin.bytes().all(|b| b.is_ascii_digit())) {
            out.push_str(&format!(" |{pin}"));
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

/// One round of a player in a results file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A game against the player on line `opponent`: `symbol` is `+`, `-` or `=`; the colour
    /// when the file says it.
    Game { opponent: usize, symbol: char, colour: Option<Color>, handicap: u8 },
    /// No game: `0+` (a free win), `0-` or `0=`.
    Free(char),
}

/// One player line as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadPlayer {
    /// The line's number among the players (1 first): how entries name opponents.
    pub number: usize,
    pub surname: String,
    pub given: String,
    pub rank: String,
    /// Empty when the file says `XX`.
    pub country: String,
    /// Empty when the file says `xxx` or `xxxx`.
    pub club: String,
    pub entries: Vec<Entry>,
    pub pin: Option<String>,
}

/// A results file as read: its headers (`CL` → `B`, …) and players.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadTable {
    pub headers: BTreeMap<String, String>,
    pub players: Vec<ReadPlayer>,
}

/// Whether `word` is a grade: up to two digits and k, d or p ("5k", "3D", "1p").
fn is_grade(word: &str) -> bool {
    let Some(last) = word.chars().last() else { return false };
    let digits = &word[..word.len() - last.len_utf8()];
    matches!(last.to_ascii_lowercase(), 'k' | 'd' | 'p')
        && (1..=2).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A round entry (`12+/b0`, `3-/w`, `5=`, `0+`, OpenGotha's by-default `12+!w0`, `0=0`), or
/// None for any other word.
fn parse_entry(word: &str) -> Option<Entry> {
    let word = word.trim_end_matches('!');
    let split = word.find(['+', '-', '='])?;
    let opponent: usize = word[..split].parse().ok()?;
    let symbol = word[split..].chars().next()?;
    let rest = &word[split + 1..];
    if opponent == 0 {
        return (rest.is_empty() || rest == "0").then_some(Entry::Free(symbol));
    }
    let (colour, handicap) = match rest.strip_prefix(['/', '!']) {
        None if rest.is_empty() => (None, 0),
        None => return None,
        Some(tail) => {
            let colour = match tail.chars().next() {
                Some('b' | 'B') => Some(Color::Black),
                Some('w' | 'W') => Some(Color::White),
                _ => return None,
            };
            let digits = &tail[1..];
            (colour, if digits.is_empty() { 0 } else { digits.parse().ok()? })
        }
    };
    Some(Entry::Game { opponent, symbol, colour, handicap })
}

fn refused(line: usize, key: &'static str) -> Message {
    Message::new(key).number("line", line as i64)
}

/// Reads a results file, and checks that it holds together: every line has the same number
/// of rounds, and every game is written on both its players' lines (the opposite result and
/// colour, the same handicap). A refusal names the line.
pub fn read(text: &str) -> Result<ReadTable, Message> {
    let mut table = ReadTable::default();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if let Some(comment) = trimmed.strip_prefix(';') {
            let comment = comment.trim();
            if let Some((key, rest)) = comment.split_once('[')
                && key.len() == 2
                && key.chars().all(|c| c.is_ascii_uppercase())
                && let Some(value) = rest.strip_suffix(']')
            {
                table.headers.insert(key.to_string(), value.to_string());
            }
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        let (body, pin) = match trimmed.rsplit_once('|') {
            Some((body, pin)) if pin.trim().bytes().all(|b| b.is_ascii_digit()) && !pin.trim().is_empty() => {
                (body, Some(pin.trim().to_string()))
            }
            _ => (trimmed, None),
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        // OpenGotha leaves a tied player's place blank: the line's order numbers him anyway.
        let start = usize::from(words.first().is_some_and(|w| w.parse::<usize>().is_ok()));
        let grade_at = words.iter().skip(start).position(|w| is_grade(w)).map(|i| i + start);
        let Some(grade_at) = grade_at.filter(|&g| g > start) else {
            return Err(refused(line, "error-egd-no-grade"));
        };
        let name = &words[start..grade_at];
        let (surname, given) = match name {
            [one] => (one.replace('_', " "), String::new()),
            [surname @ .., given] => (surname.join(" ").replace('_', " "), given.replace('_', " ")),
            [] => return Err(refused(line, "error-egd-no-grade")),
        };
        let entries_from = words.iter().rposition(|w| parse_entry(w).is_none()).map_or(0, |i| i + 1).max(grade_at + 1);
        let entries: Vec<Entry> = words[entries_from..].iter().filter_map(|w| parse_entry(w)).collect();
        let unknown = |word: Option<&&str>, placeholder: &[&str]| -> String {
            word.filter(|w| !placeholder.contains(&w.to_lowercase().as_str()))
                .map(|w| w.to_string())
                .unwrap_or_default()
        };
        table.players.push(ReadPlayer {
            number: table.players.len() + 1,
            surname,
            given,
            rank: words[grade_at].to_lowercase(),
            country: unknown(words.get(grade_at + 1).filter(|_| grade_at + 1 < entries_from), &["xx"]),
            club: unknown(words.get(grade_at + 2).filter(|_| grade_at + 2 < entries_from), &["xxx", "xxxx"]),
            entries,
            pin,
        });
    }
    let rounds = table.players.first().map_or(0, |p| p.entries.len());
    for p in &table.players {
        if p.entries.len() != rounds {
            return Err(refused(p.number, "error-egd-rounds").number("rounds", rounds as i64));
        }
        for (round, entry) in p.entries.iter().enumerate() {
            let Entry::Game { opponent, symbol, colour, handicap } = *entry else { continue };
            let answer = table.players.get(opponent.wrapping_sub(1)).and_then(|o| o.entries.get(round));
            let opposite = match symbol {
                '+' => '-',
                '-' => '+',
                other => other,
            };
            let matches = matches!(answer, Some(Entry::Game { opponent: back, symbol: s, colour: c, handicap: h })
                if *back == p.number && *s == opposite && *h == handicap
                    && (c.is_none() || colour.is_none() || *c == colour.map(|c| c.opponent())));
            if !matches {
                return Err(refused(p.number, "error-egd-unpaired").number("round", round as i64 + 1));
            }
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: i64, name: &str, pin: Option<&str>) -> EgfPlayer {
        EgfPlayer {
            id,
            name: name.into(),
            rank: "3d".into(),
            country: "CN".into(),
            club: "Hang zhou".into(),
            scores: vec!["1".into(), "3½".into()],
            pin: pin.map(str::to_string),
        }
    }

    fn game(round: u32, black: i64, white: i64, result: &str) -> GameRecord {
        GameRecord { round, black, white, result: GameResult::parse(result).ok() }
    }

    fn header() -> EgfHeader {
        EgfHeader {
            class: Class::B,
            event: "Spring [Open]; 春季赛".into(),
            country: "China".into(),
            town: "Hangzhou".into(),
            start: "2026-04-01".into(),
            end: "2026-04-02".into(),
            handicap_reduction: Some(2),
            komi: "7.5".into(),
            adjusted_minutes: 75,
            time_control: "60m + 3x30s".into(),
        }
    }

    #[test]
    fn each_result_is_written_as_the_rating_program_reads_it_and_reads_back() {
        let players = vec![
            player(10, "Chen Yaoye", Some("12345678")),
            player(20, "王小明", None),
            player(30, "Li", Some("123")),
            player(40, "", None),
        ];
        let games = vec![
            (game(1, 10, 20, "B+R"), 0),
            (game(1, 30, 40, "W+F"), 0),
            (game(2, 20, 10, "0"), 2),
            (game(2, 40, 30, "Void"), 0),
            (game(3, 30, 10, "BothLose"), 0),
        ];
        let byes = vec![ByeRecord { round: 3, player: 20 }];
        let text = write(&header(), &players, 3, &games, &byes);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[..8],
            [
                "; CL[B]",
                "; EV[Spring Open 春季赛]",
                "; PC[CN, Hangzhou]",
                "; DT[2026-04-01,2026-04-02]",
                "; HA[h2]",
                "; KM[7.5]",
                "; TM[75]",
                "; CM[60m + 3x30s]"
            ]
        );
        let rows: Vec<Vec<&str>> =
            lines.iter().filter(|l| !l.starts_with(';')).map(|l| l.split_whitespace().collect()).collect();
        // Place, surname, given name, grade, country, club, four numbers, rounds 1–3, PIN.
        assert_eq!(
            rows[0],
            ["1", "Chen", "Yaoye", "3d", "CN", "Hang", "1.5", "1", "3.5", "0", "2+/b0", "2=/w2", "0-", "|12345678"]
        );
        assert_eq!(rows[1][1..3], ["Wang", "Xiaoming"], "a Chinese name in pinyin, surname first");
        assert_eq!(rows[1][rows[1].len() - 3..], ["1-/w0", "1=/b2", "0+"]);
        // A forfeit: the winner keeps the point as a free win, the loser has a free round.
        assert_eq!(rows[2][rows[2].len() - 3..], ["0-", "0-", "0-"], "a PIN of other than 8 digits is left out");
        assert_eq!(rows[3][1], "?", "an empty name is still one word");
        assert_eq!(rows[3][rows[3].len() - 3..], ["0+", "0-", "0-"]);

        let read = read(&text).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(read.headers.get("CL").map(String::as_str), Some("B"));
        assert_eq!(read.headers.get("HA").map(String::as_str), Some("h2"));
        assert_eq!(read.players.len(), 4);
        let chen = &read.players[0];
        assert_eq!(
            (chen.surname.as_str(), chen.given.as_str(), chen.pin.as_deref()),
            ("Chen", "Yaoye", Some("12345678"))
        );
        assert_eq!(chen.entries[1], Entry::Game { opponent: 2, symbol: '=', colour: Some(Color::White), handicap: 2 });
        assert_eq!(read.players[1].entries[2], Entry::Free('+'));
    }

    #[test]
    fn names_countries_and_clubs_take_the_egds_forms() {
        assert_eq!(egd_name("De Vries Tom", ""), "De_Vries Tom");
        assert_eq!(egd_name("Van_der_Berg Jan", ""), "Van_der_Berg Jan");
        assert_eq!(egd_name("欧阳明", ""), "Ouyang Ming");
        assert_eq!(egd_name("김서연", ""), "Kim Seoyeon");
        assert_eq!(egd_name(" Li ", ""), "Li");
        assert_eq!(egd_name("井山裕太", "JP"), "井山裕太", "no Chinese reading for a Japanese name");
        assert_eq!(egd_country("gb"), "UK");
        assert_eq!(egd_country("中国"), "CN");
        assert_eq!(egd_country("Netherlands"), "XX");
        assert_eq!(egd_club("杭州棋院"), "Hang");
        assert_eq!(egd_club("Leiden"), "Leid");
        assert_eq!(egd_club(""), "xxxx");
        assert_eq!(plain_number("¾"), "0.75");
        assert_eq!(plain_number(""), "0");
    }

    #[test]
    fn classes_and_adjusted_times_follow_the_egfs_thresholds() {
        let japanese = TimeControl::Japanese { main: 60 * MINUTE, periods: 5, period: 30_000 };
        assert_eq!(times(&japanese), (60, 82));
        let chinese = TimeControl::ChineseByoYomi { main: 60 * MINUTE, reserve: 3, period: MINUTE };
        assert_eq!(times(&chinese), (57, 102));
        let fischer = TimeControl::Fischer { main: 30 * MINUTE, increment: 10_000, cap: None };
        assert_eq!(times(&fischer), (30, 50));
        let canadian = TimeControl::Canadian { main: 45 * MINUTE, moves: 15, period: 5 * MINUTE, carry_over: false };
        assert_eq!(times(&canadian), (45, 65));
        assert_eq!(Class::of_times(60, 82), Class::A);
        assert_eq!(Class::of_times(45, 65), Class::B);
        assert_eq!(Class::of_times(30, 50), Class::C);
        assert_eq!(Class::of_times(10, 20), Class::X);
    }

    #[test]
    fn outside_writers_lines_read_too() {
        // A line of a file the EGD holds (OpenGotha's layout: four numbers, the PIN after |),
        // pairgoth's (no handicap digit in an even game, a space before |) and IGLO's.
        let egd = "1 Gociu Tiberiu      5k IE  Belf  1    3    7    7    2+/b7  0-      |12850431\n\
                   2 Other Player       6k IE  Belf  0    3    7    7    1-/w7  0+\n";
        let table = read(egd).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(table.players[0].pin.as_deref(), Some("12850431"));
        assert_eq!(
            table.players[0].entries[0],
            Entry::Game { opponent: 2, symbol: '+', colour: Some(Color::Black), handicap: 7 }
        );
        let pairgoth = "   1 Van_Zeijst Rob      3D FR Mars    2    0    0    0    2+/w |12345678\n   2 Li Wei   2D CN xxxx  0 0 0 0 1-/b\n";
        let table = read(pairgoth).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((table.players[0].surname.as_str(), table.players[0].given.as_str()), ("Van Zeijst", "Rob"));
        assert_eq!(table.players[1].club, "", "xxxx is no club");
        // A game written on one line only is refused, naming the line.
        let broken = "1 A B 5k XX xxxx 1 0 0 0 2+/b0\n2 C D 5k XX xxxx 0 0 0 0 0-\n";
        assert_eq!(read(broken).err().map(|m| m.key.into_owned()).as_deref(), Some("error-egd-unpaired"));
        assert_eq!(read("1 Nobody here\n").err().map(|m| m.key.into_owned()).as_deref(), Some("error-egd-no-grade"));
    }
}
