//! Rating lists a director imports to fill in registrations: the EGD's list of every player it
//! rates, the AGA's TD list, and a national list saved as CSV (the Chinese 等级分 list, for one).
//! [`parse`] reads a whole list or nothing; [`diff`] says what a newer copy of the same list
//! changes; [`matches`] is the registration form's search.
//!
//! # EGF: the EGD's `allworld_lp.html`
//!
//! An HTML page whose `<pre>` holds one player a line in fixed columns, counted in characters
//! from 0 as OpenGotha's `RatingList.java` reads them:
//!
//! ```text
//!  14743805  Zhang Wei                             CN  Beij    5p   --   2851     4  T210911G
//! ```
//!
//! PIN 1–8; "Surname Given" 11–47; country 49–50; club 53–56; grade 57–62 and P&D (the
//! suggested promotion or demotion) 63–67, right-aligned; GoR 69–74 and NT (tournaments)
//! 75–80, right-aligned; last appearance 83–90.
//!
//! A line is a player's when it starts, after spaces, with a digit; everything else (the HTML,
//! the list's date "(12 Oct 2026)", the notes, the column titles, the totals at the end) is
//! skipped. A player's line must fill the columns up to the GoR. Words of a surname or given
//! name are joined by `_` in the EGD ("Van_der_Berg Jan"); the name is kept as written, and a
//! name may have no given name. Grades are 20k–1k, 1d–8d and 1p–9p; the rating is the GoR as
//! written. The EGD writes an unknown club as `xxx` or `xxxx` and an unknown country as `XX`:
//! both become empty. The EGD serves the file in Latin-1 (ISO-8859-15): the caller decodes it
//! (one byte, one character) before calling [`parse`].
//!
//! # AGA: `TDListA.txt` (and `TDListN.txt`)
//!
//! `TDListA.txt`, what OpenGotha reads, has no header and one member a line in nine fields
//! separated by tabs: name "Surname, Given", AGA number, membership type (Full, Youth, Non,
//! Forgn, Life, Spons), rating (e.g. `-3.49317`; empty when unrated), membership expiry
//! (M/D/YYYY), club code, state, sigma, date of the last rated game. `TDListN.txt` has the same
//! first seven fields aligned with spaces and the rating with one decimal (`0.0` when unrated);
//! a line without a tab is read that way.
//!
//! The name becomes "Surname Given" (split at the first comma; a name without a comma, such as
//! a club's, stays as it is). The key is the AGA number without leading zeros. The rating is
//! stored as **round(rating × 100)** (−3.5 is −350, 5.2 is 520), the AGA's own figure in
//! hundredths. The rank follows the AGA's convention, the rating rounded toward zero: 5.0 to
//! 5.99 is 5d, −3.0 to −3.99 is 3k; from 9.0 up is 9d and from −30 down is 30k. A rating between −1
//! and 1 (there is none in the AGA's system; TDListN writes 0.0 for "unrated") is no rating and
//! no rank. The country is "US", empty for a foreign member (`Forgn`), as OpenGotha does; the
//! state is not kept.
//!
//! # CSV: a national list
//!
//! The first line names the columns; a later column with an already-named field, and columns
//! not in the table below, are ignored. Only the name is required. Fields are separated by
//! commas (or by semicolons or tabs, if the first line has more of them); a field in double
//! quotes may hold the separator, a line break, or a quote written twice. UTF-8, with or without
//! a byte order mark. Titles are read case-insensitively:
//!
//! | field   | titles                                                         |
//! |---------|----------------------------------------------------------------|
//! | name    | name, player, 姓名, 名字, 棋手                                   |
//! | id      | id, pin, number, 编号, 号码                                     |
//! | club    | club, province, club/province, 俱乐部, 单位, 省份, 省市           |
//! | rating  | rating, gor, elo, 等级分                                        |
//! | rank    | rank, grade, level, 段位, 级位, 段级位, 棋力                      |
//! | country | country, region, country/region, 国家, 地区, 国家/地区, 国籍      |
//!
//! 排名 and 名次 (a place in the list) are not ranks and are ignored. A rank is anything
//! [`Rank::parse`] reads ("5段", "业余5段", "初段", "职业二段", "2d", "3k", "3级"); the rating is
//! a number in the list's own scale, rounded to a whole number. The key is the id when the line
//! has one, else the name folded as [`name_key`] folds it.
//!
//! # Errors
//!
//! A line that cannot be read fails the whole list with its line number (1-based), and so does a
//! key listed twice and a file in which no player is found (as line 1): nothing is imported from
//! a bad file.
use std::collections::{HashMap, HashSet};
use std::fmt;

use super::player::name_key;
use crate::message::Message;
use crate::rank::Rank;
use crate::search::{self, fold_accents as fold};
use crate::tournament::interop::aga::AgaId;

/// Which list a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListKind {
    /// The EGD's `allworld_lp.html`.
    Egf,
    /// The AGA's `TDListA.txt` (or `TDListN.txt`).
    Aga,
    /// A national list as CSV with a header line.
    Csv,
}

/// One player of a rating list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListEntry {
    /// Stable within the list: the EGD PIN, the AGA number, the CSV's id, or the folded name.
    pub key: String,
    /// As the list writes it; "Surname Given" for the EGD and the AGA.
    pub name: String,
    pub rank: Option<Rank>,
    /// In the list's own scale: the EGD's GoR; the AGA rating × 100; the CSV's figure.
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
}

/// Why a list cannot be read: the line (1-based) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    pub line: usize,
    pub reason: Message,
}

impl ListError {
    fn new(line: usize, reason: Message) -> ListError {
        ListError { line, reason }
    }

    /// "Line 12: …", for the reader.
    pub fn message(&self) -> Message {
        Message::new("error-rating-list-line").number("line", count(self.line)).nested("reason", self.reason.clone())
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ListError {}

/// Reads a whole list: every player in the file's order, or the first line that is wrong.
pub fn parse(kind: ListKind, text: &str) -> Result<Vec<ListEntry>, ListError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // One player a line: a line far longer than any list writes is refused before it is read.
    let max = crate::limits::MAX_RATING_LIST_LINE_CHARS;
    if let Some((n, long)) = text.lines().enumerate().find(|(_, l)| l.len() > max && l.chars().count() > max) {
        let reason = Message::new("error-rating-list-line-too-long")
            .number("count", count(long.chars().count()))
            .number("max", count(max));
        return Err(ListError::new(n + 1, reason));
    }
    let mut list = Collector::default();
    match kind {
        ListKind::Egf => parse_egf(text, &mut list)?,
        ListKind::Aga => parse_aga(text, &mut list)?,
        ListKind::Csv => parse_csv(text, &mut list)?,
    }
    if list.entries.is_empty() {
        return Err(ListError::new(1, Message::new("error-rating-list-empty")));
    }
    Ok(list.entries)
}

/// The entries read so far, and the line each key was first seen on.
#[derive(Default)]
struct Collector {
    entries: Vec<ListEntry>,
    lines: HashMap<String, usize>,
}

impl Collector {
    fn push(&mut self, line: usize, entry: ListEntry) -> Result<(), ListError> {
        if let Some(&first) = self.lines.get(&entry.key) {
            let reason = Message::new("error-rating-list-duplicate")
                .text("name", entry.name.as_str())
                .text("key", entry.key.as_str())
                .number("first", count(first));
            return Err(ListError::new(line, reason));
        }
        self.lines.insert(entry.key.clone(), line);
        self.entries.push(entry);
        Ok(())
    }
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// Spaces inside a field collapsed to one, and none at the ends.
fn clean(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------------------------
// EGF

/// Where the EGD list's fields are: `[from, to)` in characters.
const EGF_PIN: (usize, usize) = (0, 9);
const EGF_NAME: (usize, usize) = (11, 48);
const EGF_COUNTRY: (usize, usize) = (49, 51);
const EGF_CLUB: (usize, usize) = (53, 57);
const EGF_GRADE: (usize, usize) = (57, 63);
const EGF_GOR: (usize, usize) = (69, 75);

fn parse_egf(text: &str, list: &mut Collector) -> Result<(), ListError> {
    for (i, line) in text.lines().enumerate() {
        if !line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let entry = egf_entry(line).map_err(|reason| ListError::new(i + 1, reason))?;
        list.push(i + 1, entry)?;
    }
    Ok(())
}

fn egf_entry(line: &str) -> Result<ListEntry, Message> {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() < EGF_GOR.1 {
        return Err(Message::new("error-rating-list-short")
            .number("length", count(chars.len()))
            .number("needed", count(EGF_GOR.1)));
    }
    let field = |(from, to): (usize, usize)| clean(&chars[from..to].iter().collect::<String>());
    let pin = field(EGF_PIN);
    let pin_ok = !pin.is_empty()
        && pin.bytes().all(|b| b.is_ascii_digit())
        && chars[EGF_PIN.1..EGF_NAME.0].iter().all(|c| c.is_whitespace());
    if !pin_ok {
        let first = line.split_whitespace().next().unwrap_or("");
        return Err(Message::new("error-rating-list-pin").text("text", first));
    }
    let name = field(EGF_NAME);
    if name.is_empty() {
        return Err(Message::new("error-rating-list-name"));
    }
    let mut country = field(EGF_COUNTRY);
    if country.eq_ignore_ascii_case("xx") {
        country.clear();
    }
    let mut club = field(EGF_CLUB);
    if club.chars().all(|c| c == 'x' || c == 'X') {
        club.clear();
    }
    let rank = Rank::parse(&field(EGF_GRADE)).map_err(|e| e.message())?;
    let gor = field(EGF_GOR);
    let rating = gor.parse::<i32>().map_err(|_| Message::new("error-rating-list-rating").text("text", gor.as_str()))?;
    Ok(ListEntry { key: pin, name, rank: Some(rank), rating: Some(rating), club, country })
}

// ---------------------------------------------------------------------------------------------
// AGA

fn parse_aga(text: &str, list: &mut Collector) -> Result<(), ListError> {
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let entry = if line.contains('\t') { aga_tab_entry(line) } else { aga_aligned_entry(line) };
        list.push(i + 1, entry.map_err(|reason| ListError::new(i + 1, reason))?)?;
    }
    Ok(())
}

/// A `TDListA.txt` line: name, number, type, rating, expiry, club, state, sigma, last game.
fn aga_tab_entry(line: &str) -> Result<ListEntry, Message> {
    let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
    let field = |i: usize| fields.get(i).copied().unwrap_or("");
    let id = aga_id(field(1))?;
    let (rating, rank) = aga_rating(field(3))?;
    aga_entry(field(0), id, field(2), rating, rank, field(5))
}

/// A `TDListN.txt` line: `Surname, Given   123 Full  -10.0  1/2/2003 ABCD CA`; the type, the
/// expiry, the club and the state may be missing, and a rank ("4k") may stand for the rating.
fn aga_aligned_entry(line: &str) -> Result<ListEntry, Message> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let at = tokens
        .iter()
        .skip(1)
        .position(|t| t.bytes().all(|b| b.is_ascii_digit()))
        .map(|p| p + 1)
        .ok_or_else(|| Message::new("error-rating-list-no-id"))?;
    let id = aga_id(tokens[at])?;
    let mut rest = tokens[at + 1..].iter().copied().peekable();
    let mut membership = "";
    if let Some(word) = rest.peek()
        && word.chars().all(char::is_alphabetic)
        && Rank::parse(word).is_err()
    {
        membership = word;
        rest.next();
    }
    let (rating, rank) = match rest.next() {
        None => (None, None),
        Some(text) if text.parse::<f64>().is_ok() => aga_rating(text)?,
        Some(text) => match Rank::parse(text) {
            Ok(rank) => (None, Some(rank)),
            Err(_) => return Err(Message::new("error-rating-list-aga-rating").text("text", text)),
        },
    };
    let mut club = "";
    for token in rest {
        let letters = token.chars().count();
        if token.contains('/') && token.chars().any(|c| c.is_ascii_digit()) {
            // The membership expiry.
        } else if letters == 4 && club.is_empty() && token.chars().all(char::is_alphanumeric) {
            club = token;
        } else if letters == 2 && token.chars().all(|c| c.is_ascii_alphabetic()) {
            // The state.
        } else {
            return Err(Message::new("error-rating-list-unexpected").text("text", token));
        }
    }
    aga_entry(&tokens[..at].join(" "), id, membership, rating, rank, club)
}

fn aga_id(text: &str) -> Result<String, Message> {
    match AgaId::parse(text) {
        Ok(Some(id)) => Ok(id.as_str().to_string()),
        Ok(None) => Err(Message::new("error-rating-list-no-id")),
        Err(e) => Err(e.message()),
    }
}

fn aga_entry(
    name: &str,
    key: String,
    membership: &str,
    rating: Option<i32>,
    rank: Option<Rank>,
    club: &str,
) -> Result<ListEntry, Message> {
    let name = clean(name);
    let name = match name.split_once(',') {
        Some((surname, given)) if !given.trim().is_empty() => format!("{} {}", surname.trim(), given.trim()),
        Some((surname, _)) => surname.trim().to_string(),
        None => name,
    };
    if name.is_empty() {
        return Err(Message::new("error-rating-list-name"));
    }
    let country = if membership.eq_ignore_ascii_case("forgn") { "" } else { "US" };
    Ok(ListEntry { key, name, rank, rating, club: clean(club), country: country.to_string() })
}

/// The stored rating (hundredths) and the rank of an AGA rating as written; none when blank or
/// between −1 and 1.
fn aga_rating(text: &str) -> Result<(Option<i32>, Option<Rank>), Message> {
    if text.is_empty() {
        return Ok((None, None));
    }
    let value = text
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && v.abs() < 1000.0)
        .ok_or_else(|| Message::new("error-rating-list-aga-rating").text("text", text))?;
    if value > -1.0 && value < 1.0 {
        return Ok((None, None));
    }
    let rank = if value >= 1.0 {
        Rank::from_value(value.trunc().min(9.0) as i32 - 1)
    } else {
        Rank::from_value(-((-value).trunc().min(30.0) as i32))
    };
    Ok((Some((value * 100.0).round() as i32), rank))
}

// ---------------------------------------------------------------------------------------------
// CSV

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Column {
    Name,
    Id,
    Club,
    Rating,
    Rank,
    Country,
}

/// The field a column title names, if any (the table in the module's documentation).
fn column_of(title: &str) -> Option<Column> {
    let title = clean(title).to_lowercase();
    let column = match title.as_str() {
        "name" | "player" | "姓名" | "名字" | "棋手" => Column::Name,
        "id" | "pin" | "number" | "编号" | "号码" => Column::Id,
        "club" | "province" | "club/province" | "俱乐部" | "单位" | "省份" | "省市" => Column::Club,
        "rating" | "gor" | "elo" | "等级分" => Column::Rating,
        "rank" | "grade" | "level" | "段位" | "级位" | "段级位" | "棋力" => Column::Rank,
        "country" | "region" | "country/region" | "国家" | "地区" | "国家/地区" | "国籍" => Column::Country,
        _ => return None,
    };
    Some(column)
}

fn parse_csv(text: &str, list: &mut Collector) -> Result<(), ListError> {
    let first_line = text.lines().next().unwrap_or("");
    let separators = |d: char| first_line.matches(d).count();
    let delimiter =
        [';', '\t'].into_iter().fold(',', |best, d| if separators(d) > separators(best) { d } else { best });
    let records = csv_records(text, delimiter)?;
    let mut records = records.into_iter().filter(|(_, fields)| fields.iter().any(|f| !f.trim().is_empty()));
    let Some((header_line, header)) = records.next() else {
        return Ok(());
    };
    let mut columns: HashMap<Column, usize> = HashMap::new();
    for (i, title) in header.iter().enumerate() {
        if let Some(column) = column_of(title) {
            columns.entry(column).or_insert(i);
        }
    }
    if !columns.contains_key(&Column::Name) {
        return Err(ListError::new(header_line, Message::new("error-rating-list-header")));
    }
    for (line, fields) in records {
        let entry = csv_entry(&fields, header.len(), &columns).map_err(|reason| ListError::new(line, reason))?;
        list.push(line, entry)?;
    }
    Ok(())
}

fn csv_entry(fields: &[String], width: usize, columns: &HashMap<Column, usize>) -> Result<ListEntry, Message> {
    if let Some(last) = fields.iter().rposition(|f| !f.trim().is_empty())
        && last >= width
    {
        return Err(Message::new("error-rating-list-fields")
            .number("count", count(last + 1))
            .number("expected", count(width)));
    }
    let field =
        |column: Column| columns.get(&column).and_then(|&i| fields.get(i)).map(|f| clean(f)).unwrap_or_default();
    let name = field(Column::Name);
    if name.is_empty() {
        return Err(Message::new("error-rating-list-name"));
    }
    let id = field(Column::Id);
    let key = if id.is_empty() { name_key(&name) } else { id };
    let rank_text = field(Column::Rank);
    let rank = if rank_text.is_empty() { None } else { Some(Rank::parse(&rank_text).map_err(|e| e.message())?) };
    let rating_text = field(Column::Rating);
    let rating = if rating_text.is_empty() {
        None
    } else {
        let value = rating_text
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && v.abs() < 100_000.0)
            .ok_or_else(|| Message::new("error-rating-list-rating").text("text", rating_text.as_str()))?;
        Some(value.round() as i32)
    };
    Ok(ListEntry { key, name, rank, rating, club: field(Column::Club), country: field(Column::Country) })
}

/// The records of a CSV text, each with the line it starts on.
fn csv_records(text: &str, delimiter: char) -> Result<Vec<(usize, Vec<String>)>, ListError> {
    let mut records = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let (mut line, mut start) = (1, 1);
    let mut quoted_since = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted_since.is_some() {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted_since = None,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() => {
                field.clear();
                quoted_since = Some(line);
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                fields.push(std::mem::take(&mut field));
                records.push((start, std::mem::take(&mut fields)));
                line += 1;
                start = line;
            }
            _ if c == delimiter => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    if let Some(opened) = quoted_since {
        return Err(ListError::new(opened, Message::new("error-rating-list-quote")));
    }
    if !field.is_empty() || !fields.is_empty() {
        fields.push(field);
        records.push((start, fields));
    }
    Ok(records)
}

// ---------------------------------------------------------------------------------------------
// Re-import and search

/// What a newer copy of a list changes, by key.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListChanges {
    /// In the new list only, in its order.
    pub added: Vec<ListEntry>,
    /// In the old list only, in its order.
    pub removed: Vec<ListEntry>,
    /// In both, with another name, rank, rating, club or country; in the new list's order.
    pub changed: Vec<EntryChange>,
}

/// One player's entry before and after (same key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryChange {
    pub old: ListEntry,
    pub new: ListEntry,
}

impl ListChanges {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

/// The changes from `old` to `new`, matching entries by key (unique in a parsed list).
pub fn diff(old: &[ListEntry], new: &[ListEntry]) -> ListChanges {
    let before: HashMap<&str, &ListEntry> = old.iter().map(|e| (e.key.as_str(), e)).collect();
    let after: HashSet<&str> = new.iter().map(|e| e.key.as_str()).collect();
    let mut changes = ListChanges::default();
    for entry in new {
        match before.get(entry.key.as_str()) {
            None => changes.added.push(entry.clone()),
            Some(&was) if was != entry => changes.changed.push(EntryChange { old: was.clone(), new: entry.clone() }),
            Some(_) => {}
        }
    }
    changes.removed = old.iter().filter(|e| !after.contains(e.key.as_str())).cloned().collect();
    changes
}

/// Whether the registration form's `query` finds `entry`: every word of the query is part of the
/// name (words in any order; case and accents ignored; a Chinese name also by its pinyin, as
/// [`search::keys`] spells it), of the key (PIN, AGA number, id) or of the club. An empty query
/// finds nothing.
pub fn matches(entry: &ListEntry, query: &str) -> bool {
    let words = query_words(query);
    let haystack = search_text(entry);
    !words.is_empty() && words.iter().all(|spellings| spellings.iter().any(|s| haystack.contains(s.as_str())))
}

/// The words of a query as [`search_text`] holds them: split at spaces, commas and `_`, each
/// with the spellings it may be written in on a list (folded; in another script too, see
/// [`search::spellings`]). A database finds what [`matches`] finds by asking that the stored
/// text contain one spelling of every word.
pub fn query_words(query: &str) -> Vec<Vec<String>> {
    query
        .split(|c: char| c.is_whitespace() || c == ',' || c == '_')
        .filter(|w| !fold(w).is_empty())
        .map(|w| {
            let mut spellings = vec![fold(w)];
            spellings.extend(search::spellings(w).into_iter().map(|s| fold(&s)));
            spellings.dedup();
            spellings.into_iter().filter(|s| !s.is_empty() && !s.contains(SEPARATOR)).collect::<Vec<_>>()
        })
        .filter(|spellings: &Vec<String>| !spellings.is_empty())
        .collect()
}

/// Keeps the parts of [`search_text`] apart: no query word holds it, so none matches across two.
const SEPARATOR: char = '|';

/// Everything a query may find an entry by, folded, in one text: the name in every spelling
/// [`search::keys`] gives (a Chinese name's pinyin and initials too), the key and the club.
pub fn search_text(entry: &ListEntry) -> String {
    let name = fold(&entry.name).replace(['_', ','], " ");
    let mut parts = search::keys(&name);
    parts.push(name);
    parts.push(fold(&entry.key));
    parts.push(fold(&entry.club));
    parts.join(&SEPARATOR.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line far longer than any list writes (a single 8 MB "entry") is refused with its
    /// line and the limit named, before anything is read.
    #[test]
    fn a_line_past_the_limit_is_refused_with_its_number() {
        let long = format!("name,rank\nAnn Lee,3d\n{},2d\n", "x".repeat(crate::limits::MAX_RATING_LIST_LINE_CHARS));
        let refused = parse(ListKind::Csv, &long).err().map(|e| (e.line, e.reason.key.to_string()));
        assert_eq!(refused, Some((3, "error-rating-list-line-too-long".to_string())));
    }
    use crate::message::MessageArg;
    use proptest::prelude::*;

    const EGF: &str = include_str!("../../../tests/ratings/allworld_lp.html");
    const EGF_CHANGED: &str = include_str!("../../../tests/ratings/allworld_lp-changed.html");
    const EGF_BAD: &str = include_str!("../../../tests/ratings/allworld_lp-bad.html");
    const AGA: &str = include_str!("../../../tests/ratings/TDListA.txt");
    const AGA_CHANGED: &str = include_str!("../../../tests/ratings/TDListA-changed.txt");
    const AGA_BAD: &str = include_str!("../../../tests/ratings/TDListA-bad.txt");
    const CSV: &str = include_str!("../../../tests/ratings/national.csv");
    const CSV_CHANGED: &str = include_str!("../../../tests/ratings/national-changed.csv");
    const CSV_BAD: &str = include_str!("../../../tests/ratings/national-bad.csv");

    fn rank(text: &str) -> Option<Rank> {
        Some(Rank::parse(text).expect("a rank"))
    }

    fn entry(key: &str, name: &str, rank_text: &str, rating: Option<i32>, club: &str, country: &str) -> ListEntry {
        ListEntry {
            key: key.to_string(),
            name: name.to_string(),
            rank: if rank_text.is_empty() { None } else { rank(rank_text) },
            rating,
            club: club.to_string(),
            country: country.to_string(),
        }
    }

    fn find<'a>(list: &'a [ListEntry], key: &str) -> &'a ListEntry {
        list.iter().find(|e| e.key == key).unwrap_or_else(|| panic!("no entry {key}"))
    }

    fn keys_of(entries: &[ListEntry]) -> Vec<&str> {
        entries.iter().map(|e| e.key.as_str()).collect()
    }

    fn text_arg(message: &Message, name: &str) -> Option<String> {
        message.args.iter().find_map(|(n, v)| match v {
            MessageArg::Text(t) if n == name => Some(t.clone()),
            _ => None,
        })
    }

    #[test]
    fn the_egd_sample_reads_every_player_in_its_columns() {
        let list = parse(ListKind::Egf, EGF).expect("the EGD sample");
        assert_eq!(list.len(), 290, "as its footer says");
        assert_eq!(*find(&list, "14743805"), entry("14743805", "Zhang Wei", "5p", Some(2851), "Beij", "CN"));
        assert_eq!(*find(&list, "10362955"), entry("10362955", "Van_der_Berg Jan", "3d", Some(2312), "Amst", "NL"));
        assert_eq!(
            *find(&list, "10761397"),
            entry("10761397", "Berg Maria_Luisa_van_der", "12k", Some(904), "Utre", "NL")
        );
        assert_eq!(*find(&list, "18024561"), entry("18024561", "Nakamura", "2d", Some(2195), "", "JP"));
        assert_eq!(*find(&list, "13020573"), entry("13020573", "Hoffmann Lena", "20k", Some(100), "", "DE"));
        assert_eq!(*find(&list, "10225376"), entry("10225376", "Unbekannt Max", "15k", Some(611), "", ""));
        assert_eq!(*find(&list, "18421320"), entry("18421320", "Mueller Juergen", "6k", Some(1512), "TÜ", "DE"));
        assert_eq!(find(&list, "12717671").rank, rank("8d"));
        // Two players of one name are two entries: the PIN tells them apart.
        assert_eq!(list.iter().filter(|e| e.name == "Kim Seoyeon").count(), 2);
    }

    #[test]
    fn the_aga_sample_reads_names_numbers_and_hundredths_of_ratings() {
        let list = parse(ListKind::Aga, AGA).expect("the AGA sample");
        assert_eq!(list.len(), 293);
        assert_eq!(*find(&list, "15733"), entry("15733", "Gómez Daniela", "3k", Some(-350), "AUGO", "US"));
        assert_eq!(*find(&list, "10425"), entry("10425", "Dubois-Laurent Marie Claire", "5d", Some(521), "", ""));
        assert_eq!(*find(&list, "3285"), entry("3285", "Okafor Chidi, Jr.", "1k", Some(-104), "DCGC", "US"));
        assert_eq!(*find(&list, "8885"), entry("8885", "Ramírez José", "", None, "", "US"));
        assert_eq!(*find(&list, "1735"), entry("1735", "Harborview Go Center", "", None, "HBGC", "US"));
        assert_eq!(*find(&list, "6267"), entry("6267", "Sato Haruto", "9d", Some(1022), "NYGC", "US"));
        assert_eq!(*find(&list, "1805"), entry("1805", "Delacroix Sam", "30k", Some(-4234), "PORT", "US"));
        assert_eq!(*find(&list, "11130"), entry("11130", "Lee Minjun", "1d", Some(100), "LAGO", "US"));
    }

    #[test]
    fn the_national_csv_reads_chinese_names_ranks_and_quoted_fields() {
        let list = parse(ListKind::Csv, CSV).expect("the CSV sample");
        assert_eq!(list.len(), 295);
        assert_eq!(*find(&list, "CN90001"), entry("CN90001", "张伟", "5d", Some(2415), "北京", ""));
        assert_eq!(*find(&list, "CN90002"), entry("CN90002", "张伟", "3d", Some(1876), "四川", ""));
        assert_eq!(*find(&list, "CN90003"), entry("CN90003", "欧阳明远", "4d", Some(2289), "浙江,杭州棋院", ""));
        assert_eq!(*find(&list, "CN90004"), entry("CN90004", "司马静", "1d", Some(1650), "", ""));
        assert_eq!(*find(&list, "CN90005"), entry("CN90005", "李想", "2k", None, "广东", ""));
        assert_eq!(*find(&list, "CN90006"), entry("CN90006", "陈思", "", Some(2602), "上海", ""));
        assert_eq!(*find(&list, "CN90007"), entry("CN90007", "王一凡", "1p", Some(2730), "江苏", ""));
        assert_eq!(*find(&list, "CN90008"), entry("CN90008", "Li Wei, Kevin", "2d", Some(2105), "香港", ""));
        assert_eq!(*find(&list, "CN90009"), entry("CN90009", "赵子龙", "1d", Some(1999), "河北 \"常山\"棋社", ""));
    }

    #[test]
    fn a_bad_line_fails_the_whole_file_with_its_number() {
        let egf = parse(ListKind::Egf, EGF_BAD).expect_err("a GoR with a letter");
        assert_eq!((egf.line, &*egf.reason.key), (164, "error-rating-list-rating"));
        assert_eq!(text_arg(&egf.reason, "text").as_deref(), Some("l467"));
        let aga = parse(ListKind::Aga, AGA_BAD).expect_err("a rating with two points");
        assert_eq!((aga.line, &*aga.reason.key), (148, "error-rating-list-aga-rating"));
        assert_eq!(text_arg(&aga.reason, "text").as_deref(), Some("-3.4.1"));
        let csv = parse(ListKind::Csv, CSV_BAD).expect_err("a comma outside quotes");
        assert_eq!((csv.line, &*csv.reason.key), (149, "error-rating-list-fields"));
        let message = csv.message();
        assert_eq!(message.key, "error-rating-list-line");
        assert!(message.args.iter().any(|(n, v)| n == "line" && *v == MessageArg::Number(149)));
    }

    #[test]
    fn a_second_copy_of_a_list_says_what_it_changes() {
        let egf = diff(&parse(ListKind::Egf, EGF).expect("old"), &parse(ListKind::Egf, EGF_CHANGED).expect("new"));
        assert_eq!(egf.added.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["Schwarz Emilia", "Yamada Sora"]);
        assert_eq!(keys_of(&egf.removed), ["13020573"]);
        let changed: Vec<&str> = egf.changed.iter().map(|c| c.new.name.as_str()).collect();
        assert_eq!(changed, ["Mueller Juergen", "Nakamura", "O'Neill Siobhan", "Van_der_Berg Jan", "Zhang Wei"]);
        let mueller = &egf.changed[0];
        assert_eq!((mueller.old.rating, mueller.new.rating), (Some(1512), Some(1590)));
        assert_eq!((mueller.old.rank, mueller.new.rank), (rank("6k"), rank("5k")));
        assert_eq!((mueller.old.club.as_str(), mueller.new.club.as_str()), ("TÜ", "S"));

        let aga = diff(&parse(ListKind::Aga, AGA).expect("old"), &parse(ListKind::Aga, AGA_CHANGED).expect("new"));
        assert_eq!(
            aga.added.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
            ["Fernández Lucía", "Whitfield Oren"]
        );
        assert_eq!(keys_of(&aga.removed), ["8885"]);
        let changed: Vec<&str> = aga.changed.iter().map(|c| c.new.key.as_str()).collect();
        assert_eq!(changed, ["10425", "15733", "3285", "6267"]);
        let okafor = &aga.changed[2];
        assert_eq!((okafor.old.rank, okafor.new.rank), (rank("1k"), rank("1d")));

        // Everyone's place (排名) moves, but a place is not read: only real changes show.
        let csv = diff(&parse(ListKind::Csv, CSV).expect("old"), &parse(ListKind::Csv, CSV_CHANGED).expect("new"));
        assert_eq!(keys_of(&csv.added), ["CN90011", "CN90010"]);
        assert_eq!(keys_of(&csv.removed), ["CN90006"]);
        let mut changed: Vec<&str> = csv.changed.iter().map(|c| c.new.key.as_str()).collect();
        changed.sort();
        assert_eq!(changed, ["CN90001", "CN90003", "CN90005", "CN90007"]);

        let same = parse(ListKind::Csv, CSV).expect("list");
        assert!(diff(&same, &same).is_empty());
    }

    #[test]
    fn the_search_finds_names_in_any_order_without_case_or_accents() {
        let egf = parse(ListKind::Egf, EGF).expect("EGD");
        let zhang = find(&egf, "14743805");
        for query in ["zhang wei", "Wei Zhang", "ZHANG", "zhangwei", "14743805", "1474", "beij", "wei beij"] {
            assert!(matches(zhang, query), "{query}");
        }
        for query in ["", "  ", "zhang li", "14743806", "seou"] {
            assert!(!matches(zhang, query), "{query}");
        }
        let van_der_berg = find(&egf, "10362955");
        assert!(matches(van_der_berg, "van der berg"));
        assert!(matches(van_der_berg, "jan van_der"));
        assert!(matches(find(&egf, "15452468"), "oneill"));
        assert!(matches(find(&egf, "15452468"), "O'Neill"));
        // Both orders of the same two words find both players.
        let found: Vec<&str> = egf.iter().filter(|e| matches(e, "wei zhang")).map(|e| e.key.as_str()).collect();
        assert_eq!(found, ["15165462", "14743805"]);

        let aga = parse(ListKind::Aga, AGA).expect("AGA");
        let gomez = find(&aga, "15733");
        for query in ["gomez", "GÓMEZ dan", "Gómez", "gómez", "daniela gomez", "augo"] {
            assert!(matches(gomez, query), "{query}");
        }
        assert!(matches(find(&aga, "8885"), "jose ramirez"));

        let csv = parse(ListKind::Csv, CSV).expect("CSV");
        let zhang_wei = find(&csv, "CN90001");
        for query in ["张", "张伟", "张 伟", "zhang wei", "wei zhang", "zw", "北京", "CN90001", "cn9000"] {
            assert!(matches(zhang_wei, query), "{query}");
        }
        assert!(!matches(zhang_wei, "李"));
        assert!(matches(find(&csv, "CN90003"), "ouyang"));
        assert!(matches(find(&csv, "CN90003"), "杭州"));
        // Issue 49, item 4: a name typed in another script.
        let list = |name: &str| entry("X1", name, "3d", None, "", "");
        assert!(matches(&list("Ke Jie"), "柯洁") && matches(&list("Jie Ke"), "柯洁"));
        assert!(matches(&list("Kim Seoyeon"), "김서연") && matches(&list("Gim Seo-yeon"), "김서연"));
        assert!(matches(&list("Müller Hans"), "mueller") && matches(&list("Müller Hans"), "hans müller"));
        assert!(!matches(&list("Ke Jie"), "柯洁 zz") && !matches(&list("Kim Minjun"), "김서연"));
    }

    #[test]
    fn the_egd_columns_are_checked() {
        let line = " 14743805  Zhang Wei                             CN  Beij    5p   --   2851     4  T210911G";
        assert_eq!(parse(ListKind::Egf, line).expect("one line").len(), 1);
        let short = parse(ListKind::Egf, &line[..60]).expect_err("short");
        assert_eq!((short.line, &*short.reason.key), (1, "error-rating-list-short"));
        let shifted = format!("<pre>\n{}", &line[1..]);
        let pin = parse(ListKind::Egf, &shifted).expect_err("shifted one column left");
        assert_eq!((pin.line, &*pin.reason.key), (2, "error-rating-list-pin"));
        let grade = parse(ListKind::Egf, &line.replace("   5p", "   5x")).expect_err("grade");
        assert_eq!(grade.reason.key, "error-rank-unrecognized");
        let twice = format!("{line}\n{line}\n");
        let duplicate = parse(ListKind::Egf, &twice).expect_err("same PIN twice");
        assert_eq!((duplicate.line, &*duplicate.reason.key), (2, "error-rating-list-duplicate"));
        assert!(duplicate.reason.args.iter().any(|(n, v)| n == "first" && *v == MessageArg::Number(1)));
        // A page without player lines (a wrong file, or the wrong kind chosen) is no list.
        let empty = parse(ListKind::Egf, "<html><pre>\n(12 Oct 2026)\n</pre></html>\n").expect_err("empty");
        assert_eq!((empty.line, &*empty.reason.key), (1, "error-rating-list-empty"));
        assert_eq!(parse(ListKind::Egf, AGA).expect_err("an AGA list").reason.key, "error-rating-list-empty");
        // Lines that start with a digit are players' lines: a CSV fails on its first row.
        let csv = parse(ListKind::Egf, CSV).expect_err("a CSV");
        assert_eq!((csv.line, &*csv.reason.key), (2, "error-rating-list-short"));
    }

    #[test]
    fn aga_ratings_round_toward_zero_into_ranks() {
        let cases = [
            ("5.2", Some(520), "5d"),
            ("5.99", Some(599), "5d"),
            ("1.0", Some(100), "1d"),
            ("-1.0", Some(-100), "1k"),
            ("-1.999", Some(-200), "1k"),
            ("-3.0", Some(-300), "3k"),
            ("-3.5", Some(-350), "3k"),
            ("9.7", Some(970), "9d"),
            ("12.1", Some(1210), "9d"),
            ("-35.2", Some(-3520), "30k"),
            ("0.0", None, ""),
            ("", None, ""),
        ];
        for (text, rating, rank_text) in cases {
            let expected = if rank_text.is_empty() { None } else { rank(rank_text) };
            assert_eq!(aga_rating(text), Ok((rating, expected)), "{text}");
        }
        assert!(aga_rating("abc").is_err());
        assert!(aga_rating("NaN").is_err());
    }

    #[test]
    fn the_aligned_tdlistn_layout_reads_too() {
        let text = "\
Okonkwo, Ada                    123 Full   -10.0   1/2/2003 ABCD CA
Brandt, Jonas Peter            4567 Spons    4.9   1/1/1992 DEFG
Ferreira, Rui                  8910 Youth    0.0 12/12/2012      WI
Northside Go Club                 6 7 CA
Huang, Mei                       42 Forgn    4k
";
        let list = parse(ListKind::Aga, text).expect("TDListN");
        assert_eq!(
            list,
            [
                entry("123", "Okonkwo Ada", "10k", Some(-1000), "ABCD", "US"),
                entry("4567", "Brandt Jonas Peter", "4d", Some(490), "DEFG", "US"),
                entry("8910", "Ferreira Rui", "", None, "", "US"),
                entry("6", "Northside Go Club", "7d", Some(700), "", "US"),
                entry("42", "Huang Mei", "4k", None, "", ""),
            ]
        );
        let stray = parse(ListKind::Aga, "Okonkwo, Ada  123 Full -10.0 1/2/2003 ABCD CA extra\n").expect_err("extra");
        assert_eq!(stray.reason.key, "error-rating-list-unexpected");
        let no_id = parse(ListKind::Aga, "Okonkwo, Ada\tx12\tFull\n").expect_err("no number");
        assert_eq!(no_id.reason.key, "error-aga-id");
        let blank_id = parse(ListKind::Aga, "Okonkwo, Ada\t\tFull\t-2.5\n").expect_err("blank number");
        assert_eq!(blank_id.reason.key, "error-rating-list-no-id");
    }

    #[test]
    fn csv_headers_keys_and_quotes() {
        // No id column: the folded name is the key, so one name twice is one player twice.
        let text = "Name;Rank;Rating;Club\nLi  Wei;2d;2105;Tianjin\nZhou Mei;3 kyu;;\n\n";
        let list = parse(ListKind::Csv, text).expect("semicolons");
        assert_eq!(list[0], entry("liwei", "Li Wei", "2d", Some(2105), "Tianjin", ""));
        assert_eq!(list[1], entry("zhoumei", "Zhou Mei", "3k", None, "", ""));
        let twice = parse(ListKind::Csv, "name,rank\nLi Wei,2d\nli wei,3d\n").expect_err("twice");
        assert_eq!((twice.line, &*twice.reason.key), (3, "error-rating-list-duplicate"));
        let header = parse(ListKind::Csv, "\n排名,段位\n1,5段\n").expect_err("no name column");
        assert_eq!((header.line, &*header.reason.key), (2, "error-rating-list-header"));
        let quote = parse(ListKind::Csv, "name,club\nLi Wei,\"Tianjin\nZhou Mei,x\n").expect_err("open quote");
        assert_eq!((quote.line, &*quote.reason.key), (2, "error-rating-list-quote"));
        let rank_error = parse(ListKind::Csv, "姓名,段位\n王五,11段\n").expect_err("11 dan");
        assert_eq!((rank_error.line, &*rank_error.reason.key), (2, "error-rank-dan"));
        let rating = parse(ListKind::Csv, "姓名,等级分\n王五,二千\n").expect_err("rating in words");
        assert_eq!(rating.reason.key, "error-rating-list-rating");
        // A line break inside quotes; the next record is numbered by the line it starts on.
        let multi = parse(ListKind::Csv, "name,club\n\"Li Wei\",\"Tianjin\nNankai\"\nZhou Mei,x,\nLi Wei,y\n")
            .expect_err("the name again on line 5");
        assert_eq!(multi.line, 5);
        // Trailing empty fields (a spreadsheet's) are not extra columns.
        assert_eq!(parse(ListKind::Csv, "name,club\nZhou Mei,x,,\n").expect("trailing").len(), 1);
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in prop::collection::vec(any::<char>(), 0..120)) {
            let text: String = text.into_iter().collect();
            for kind in [ListKind::Egf, ListKind::Aga, ListKind::Csv] {
                let _ = parse(kind, &text);
            }
        }

        #[test]
        fn list_like_text_never_panics_and_parsed_keys_are_unique(
            text in prop::collection::vec(
                prop::sample::select(vec![
                    ' ', ' ', ' ', '\t', '\n', '\r', ',', ';', '"', '1', '2', '9', '0', '.', '-', 'k', 'd', 'p',
                    'x', 'a', 'Z', 'é', '段', '级', '张', '\u{feff}', '姓', '名',
                ]),
                0..200,
            )
        ) {
            let text: String = text.into_iter().collect();
            for kind in [ListKind::Egf, ListKind::Aga, ListKind::Csv] {
                if let Ok(list) = parse(kind, &text) {
                    let keys: HashSet<&str> = list.iter().map(|e| e.key.as_str()).collect();
                    prop_assert_eq!(keys.len(), list.len());
                    prop_assert!(diff(&list, &list).is_empty());
                }
            }
        }
    }
}
