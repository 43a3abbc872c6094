//! SGF FF[4] game records: reading (lenient with real-world files, strict where a wrong
//! reading would corrupt the game) and writing. Only the main line is kept.

use std::fmt;

use crate::color::Color;
use crate::komi::Komi;

use crate::limits::{
    MAX_BOARD_SIDE, MAX_MOVES_PER_GAME, MAX_NODES_PER_GAME, MAX_PROPERTIES_PER_NODE, MAX_VALUES_PER_PROPERTY,
    MIN_BOARD_SIDE,
};

/// The smallest and largest boards Yunzi plays on (the format allows 1..=52).
const MIN_SIZE: u32 = MIN_BOARD_SIDE as u32;
const MAX_SIZE: u32 = MAX_BOARD_SIDE as u32;
/// Boards up to this size may write a pass as "tt".
const TT_PASS_MAX: u8 = 19;

/// A board point, 0-based: x is the column from the left ('a' = 0), y the row from the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SgfPoint {
    pub x: u8,
    pub y: u8,
}

/// A move: `point` is `None` for a pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfMove {
    pub color: Color,
    pub point: Option<SgfPoint>,
}

/// One node of the main line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SgfNode {
    pub mv: Option<SgfMove>,
    pub add_black: Vec<SgfPoint>,
    pub add_white: Vec<SgfPoint>,
    pub add_empty: Vec<SgfPoint>,
    pub comment: Option<String>,
    pub black_time_left_ms: Option<u64>,
    pub white_time_left_ms: Option<u64>,
    pub black_periods_left: Option<u32>,
    pub white_periods_left: Option<u32>,
    pub territory_black: Vec<SgfPoint>,
    pub territory_white: Vec<SgfPoint>,
    /// Every other property with its unescaped values, in file order, so it can be written back.
    pub other: Vec<(String, Vec<String>)>,
}

/// The first game of an SGF collection: header, root node and main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfGame {
    pub width: u8,
    pub height: u8,
    pub handicap: Option<u32>,
    /// KM exactly as written.
    pub komi_raw: Option<String>,
    /// KM interpreted (points, stones or the ×100 form); `None` when it makes no sense.
    pub komi: Option<Komi>,
    pub rules: Option<String>,
    /// RE as written; the caller parses it.
    pub result: Option<String>,
    pub player_to_move: Option<Color>,
    pub black_name: Option<String>,
    pub white_name: Option<String>,
    pub black_rank: Option<String>,
    pub white_rank: Option<String>,
    /// The root node's setup, comment and other properties (game-info properties live above).
    pub root: SgfNode,
    /// The main line after the root.
    pub nodes: Vec<SgfNode>,
}

impl SgfGame {
    /// An empty game record on a board of the given size.
    pub fn new(width: u8, height: u8) -> SgfGame {
        SgfGame {
            width,
            height,
            handicap: None,
            komi_raw: None,
            komi: None,
            rules: None,
            result: None,
            player_to_move: None,
            black_name: None,
            white_name: None,
            black_rank: None,
            white_rank: None,
            root: SgfNode::default(),
            nodes: Vec::new(),
        }
    }
}

/// Why a text is not a usable SGF game, and where (byte offset; 1-based line and column in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SgfError {
    pub offset: usize,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SgfError {}

fn error_at(text: &str, offset: usize, message: String) -> SgfError {
    let before = text.get(..offset).unwrap_or(text);
    let mut line = 1;
    let mut column = 1;
    let mut chars = before.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // CRLF, LF and a lone CR (old Mac files) each end a line.
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                line += 1;
                column = 1;
            }
            // A byte-order mark is invisible in editors.
            '\u{FEFF}' if line == 1 && column == 1 => {}
            _ => column += 1,
        }
    }
    SgfError { offset, line, column, message }
}

// ---------------------------------------------------------------------------------------------
// Reading: syntax

struct RawValue {
    text: String,
}

struct RawProp {
    ident: String,
    /// Offset of the identifier, where errors about this property point.
    offset: usize,
    values: Vec<RawValue>,
}

impl RawProp {
    fn first(&self) -> &str {
        self.values.first().map(|v| v.text.as_str()).unwrap_or("")
    }

    /// "B[zz]" for messages.
    fn show(&self, value: &str) -> String {
        format!("{}[{}]", self.ident, escape(value))
    }
}

type RawNode = Vec<RawProp>;

/// A game tree still open while reading.
struct OpenTree {
    offset: usize,
    on_main_line: bool,
    has_nodes: bool,
    has_children: bool,
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b) = self.peek()
            && b.is_ascii_whitespace()
        {
            self.pos += 1;
        }
    }

    fn error(&self, offset: usize, message: String) -> SgfError {
        error_at(self.text, offset, message)
    }

    fn unexpected(&self) -> SgfError {
        let found = self.text.get(self.pos..).and_then(|s| s.chars().next());
        match found {
            Some(c) => self.error(self.pos, format!("unexpected character '{c}'")),
            None => self.error(self.pos, "unexpected end of the file".to_string()),
        }
    }

    /// Reads the first game tree; returns the raw nodes of its main line.
    fn read_main_line(&mut self) -> Result<Vec<RawNode>, SgfError> {
        if self.text.starts_with('\u{FEFF}') {
            self.pos = '\u{FEFF}'.len_utf8();
        }
        self.skip_whitespace();
        if self.peek() != Some(b'(') {
            return Err(self.error(self.pos, "expected '(' at the start of an SGF game".to_string()));
        }
        // An explicit stack, so deeply nested variations cannot overflow the call stack.
        let mut stack = vec![OpenTree { offset: self.pos, on_main_line: true, has_nodes: false, has_children: false }];
        self.pos += 1;
        let mut main_line = Vec::new();
        loop {
            self.skip_whitespace();
            let Some(top) = stack.last_mut() else {
                return Ok(main_line);
            };
            match self.peek() {
                None => {
                    let offset = top.offset;
                    return Err(self.error(offset, "game tree is not closed: missing ')'".to_string()));
                }
                Some(b';') => {
                    if top.has_children {
                        return Err(
                            self.error(self.pos, "a node cannot follow a variation in the same game tree".to_string())
                        );
                    }
                    top.has_nodes = true;
                    let on_main_line = top.on_main_line;
                    let node_offset = self.pos;
                    self.pos += 1;
                    let node = self.read_node()?;
                    if on_main_line {
                        if main_line.len() == MAX_NODES_PER_GAME {
                            return Err(self.error(
                                node_offset,
                                format!(
                                    "the main line has more than {MAX_NODES_PER_GAME} nodes, the most a record may have"
                                ),
                            ));
                        }
                        main_line.push(node);
                    }
                }
                Some(b'(') => {
                    if !top.has_nodes {
                        return Err(self.error(self.pos, "a game tree must start with a node (';')".to_string()));
                    }
                    // Only the first variation at each branch continues the main line.
                    let on_main_line = top.on_main_line && !top.has_children;
                    top.has_children = true;
                    stack.push(OpenTree { offset: self.pos, on_main_line, has_nodes: false, has_children: false });
                    self.pos += 1;
                }
                Some(b')') => {
                    if !top.has_nodes {
                        return Err(
                            self.error(self.pos, "empty game tree: a game tree needs at least one node".to_string())
                        );
                    }
                    stack.pop();
                    self.pos += 1;
                    // Whatever follows the first game tree (more games) is not read.
                    if stack.is_empty() {
                        return Ok(main_line);
                    }
                }
                Some(_) => return Err(self.unexpected()),
            }
        }
    }

    /// Reads the properties after a ';'.
    fn read_node(&mut self) -> Result<RawNode, SgfError> {
        let mut node = Vec::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => {}
                _ => return Ok(node),
            }
            let offset = self.pos;
            while let Some(b) = self.peek()
                && b.is_ascii_alphabetic()
            {
                self.pos += 1;
            }
            let written = self.text.get(offset..self.pos).unwrap_or("");
            // FF[3] allowed lowercase letters in identifiers ("AddBlack" is AB).
            let ident: String = written.chars().filter(|c| c.is_ascii_uppercase()).collect();
            let mut values = Vec::new();
            loop {
                self.skip_whitespace();
                if self.peek() != Some(b'[') {
                    break;
                }
                if values.len() == MAX_VALUES_PER_PROPERTY {
                    return Err(self.error(
                        offset,
                        format!(
                            "property {written} has more than {MAX_VALUES_PER_PROPERTY} values, the most one may have"
                        ),
                    ));
                }
                values.push(self.read_value(written)?);
            }
            if values.is_empty() {
                return Err(self.error(offset, format!("property {written} has no value")));
            }
            // An all-lowercase identifier names nothing we know; drop it rather than refuse the file.
            if !ident.is_empty() {
                if node.len() == MAX_PROPERTIES_PER_NODE {
                    return Err(self.error(
                        offset,
                        format!("a node has more than {MAX_PROPERTIES_PER_NODE} properties, the most one may have"),
                    ));
                }
                node.push(RawProp { ident, offset, values });
            }
        }
    }

    /// Reads "[...]" at the current position.
    fn read_value(&mut self, ident: &str) -> Result<RawValue, SgfError> {
        let open = self.pos;
        let start = open + 1;
        let mut i = start;
        loop {
            match self.bytes.get(i) {
                None => {
                    return Err(self.error(open, format!("value of {ident} is not closed: missing ']'")));
                }
                // The escaped byte is never a multi-byte lead we would misread: UTF-8
                // continuation bytes are never '\\' or ']'.
                Some(b'\\') => i += 2,
                Some(b']') => break,
                Some(_) => i += 1,
            }
        }
        let raw = self.text.get(start..i).unwrap_or("");
        self.pos = i + 1;
        Ok(RawValue { text: unescape(raw) })
    }
}

/// Removes escapes: "\x" is x, and "\" before a line break (a soft line break) disappears.
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(first @ ('\n' | '\r')) => {
                let pair = if first == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Escapes a value for writing: only ']' and '\' need it.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// One property of a node as written: its identifier and its values (unescaped).
pub type SgfProperty = (String, Vec<String>);

/// The main line of the first game tree as written, node by node, for records of other games
/// (五子棋's GM[4]) that share SGF's syntax but not go's meaning.
pub fn main_line(text: &str) -> Result<Vec<Vec<SgfProperty>>, SgfError> {
    let mut reader = Reader { text, bytes: text.as_bytes(), pos: 0 };
    let nodes = reader.read_main_line()?;
    Ok(nodes
        .into_iter()
        .map(|node| node.into_iter().map(|p| (p.ident, p.values.into_iter().map(|v| v.text).collect())).collect())
        .collect())
}

// ---------------------------------------------------------------------------------------------
// Reading: meaning

/// Reads the first game tree of an SGF collection, keeping its main line.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let mut reader = Reader { text, bytes: text.as_bytes(), pos: 0 };
    let raw_nodes = reader.read_main_line()?;
    let mut raw_nodes = raw_nodes.into_iter();
    let Some(root_raw) = raw_nodes.next() else {
        return Err(error_at(text, 0, "the game has no nodes".to_string()));
    };

    // The size decides which points exist, so read it before anything else in the root.
    let (mut width, mut height) = (19u8, 19u8);
    for prop in root_raw.iter().filter(|p| p.ident == "SZ") {
        (width, height) = read_size(text, prop)?;
    }
    let board = Board { width, height };

    let mut game = SgfGame::new(width, height);
    let mut rest = Vec::new();
    for prop in root_raw {
        let value = prop.first();
        match prop.ident.as_str() {
            "FF" | "CA" | "SZ" => {}
            "GM" => {
                let game_type = value.trim();
                if !game_type.is_empty() && game_type != "1" {
                    return Err(error_at(text, prop.offset, format!("{} is not a go game (GM[1])", prop.show(value))));
                }
            }
            "HA" => match value.trim().parse::<u32>() {
                Ok(h) => game.handicap = Some(h),
                Err(_) => {
                    return Err(error_at(
                        text,
                        prop.offset,
                        format!("{} is not a number of handicap stones", prop.show(value)),
                    ));
                }
            },
            "KM" => {
                game.komi = interpret_komi(value);
                game.komi_raw = Some(value.to_string());
            }
            "RU" => game.rules = Some(value.to_string()),
            "RE" => game.result = Some(value.to_string()),
            "PB" => game.black_name = Some(value.to_string()),
            "PW" => game.white_name = Some(value.to_string()),
            "BR" => game.black_rank = Some(value.to_string()),
            "WR" => game.white_rank = Some(value.to_string()),
            "PL" => match read_color(value) {
                Some(color) => game.player_to_move = Some(color),
                None => rest.push(prop),
            },
            _ => rest.push(prop),
        }
    }
    game.root = build_node(text, rest, board)?;
    let mut moves = 0;
    for raw in raw_nodes {
        let offset = raw.iter().find(|p| p.ident == "B" || p.ident == "W").map(|p| p.offset);
        let node = build_node(text, raw, board)?;
        if let (Some(offset), Some(_)) = (offset, &node.mv) {
            moves += 1;
            if moves > MAX_MOVES_PER_GAME {
                return Err(error_at(
                    text,
                    offset,
                    format!("the game has more than {MAX_MOVES_PER_GAME} moves, the most a record may have"),
                ));
            }
        }
        game.nodes.push(node);
    }
    Ok(game)
}

#[derive(Clone, Copy)]
struct Board {
    width: u8,
    height: u8,
}

impl Board {
    fn contains(self, x: u8, y: u8) -> bool {
        x < self.width && y < self.height
    }

    fn allows_tt_pass(self) -> bool {
        self.width <= TT_PASS_MAX && self.height <= TT_PASS_MAX
    }
}

fn read_size(text: &str, prop: &RawProp) -> Result<(u8, u8), SgfError> {
    let value = prop.first();
    let (w, h) = match value.split_once(':') {
        Some((w, h)) => (w, h),
        None => (value, value),
    };
    let (Ok(w), Ok(h)) = (w.trim().parse::<u32>(), h.trim().parse::<u32>()) else {
        return Err(error_at(text, prop.offset, format!("{} is not a board size", prop.show(value))));
    };
    let fits = |n: u32| (MIN_SIZE..=MAX_SIZE).contains(&n);
    match (u8::try_from(w), u8::try_from(h)) {
        (Ok(w8), Ok(h8)) if fits(w) && fits(h) => Ok((w8, h8)),
        _ => Err(error_at(
            text,
            prop.offset,
            format!("{} is out of range: boards must have {MIN_SIZE} to {MAX_SIZE} lines", prop.show(value)),
        )),
    }
}

/// PL and similar: "B"/"W", also "1"/"2" from some programs.
fn read_color(value: &str) -> Option<Color> {
    match value.trim() {
        "B" | "b" | "1" => Some(Color::Black),
        "W" | "w" | "2" => Some(Color::White),
        _ => None,
    }
}

/// KM to half-points of 目, exactly. Values of 50 and more are the ×100 form (KM[750] = 7.5);
/// whole and half numbers are points, quarter numbers are stones (3.75 子 = 7.5 目).
fn interpret_komi(raw: &str) -> Option<Komi> {
    let text = raw.trim();
    let (negative, number) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    // The value is numerator / denominator, with no floating point anywhere.
    let mut numerator: i128 = 0;
    for b in whole.bytes().chain(fraction.bytes()) {
        numerator = numerator.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
    }
    let mut denominator = 10i128.checked_pow(u32::try_from(fraction.len()).ok()?)?;
    if numerator >= denominator.checked_mul(50)? {
        denominator = denominator.checked_mul(100)?;
    }
    let quarters4 = numerator.checked_mul(4)?;
    if quarters4 % denominator != 0 {
        return None;
    }
    let quarters = quarters4 / denominator;
    // A quarter 子 is half a 目, so a quarter-valued komi in stones is already in half-points.
    let half_points = if quarters % 2 == 0 { quarters / 2 } else { quarters };
    let half_points = i32::try_from(if negative { -half_points } else { half_points }).ok()?;
    Komi::from_half_points(half_points).ok()
}

/// BL/WL: seconds as a real number, to milliseconds (extra digits are cut, not rounded).
fn read_seconds_ms(value: &str) -> Option<u64> {
    let text = value.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let mut ms: u64 = 0;
    for b in whole.bytes() {
        ms = ms.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    let mut digits = fraction.bytes();
    for _ in 0..3 {
        let d = digits.next().map(|b| u64::from(b - b'0')).unwrap_or(0);
        ms = ms.checked_mul(10)?.checked_add(d)?;
    }
    Some(ms)
}

fn letter_index(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

fn index_letter(n: u8) -> char {
    match n {
        0..=25 => char::from(b'a' + n),
        26..=51 => char::from(b'A' + n - 26),
        // Unreachable from anything the parser produced; written so that reading it fails loudly.
        _ => '?',
    }
}

/// Two letters to a point, without checking the board.
fn decode_letters(value: &str) -> Option<(u8, u8)> {
    match value.as_bytes() {
        [x, y] => Some((letter_index(*x)?, letter_index(*y)?)),
        _ => None,
    }
}

fn outside(text: &str, prop: &RawProp, value: &str, board: Board) -> SgfError {
    error_at(text, prop.offset, format!("{} is outside the {}x{} board", prop.show(value), board.width, board.height))
}

fn read_point(text: &str, prop: &RawProp, whole_value: &str, part: &str, board: Board) -> Result<SgfPoint, SgfError> {
    let Some((x, y)) = decode_letters(part.trim()) else {
        return Err(error_at(
            text,
            prop.offset,
            format!("{} is not a point: a point is two letters", prop.show(whole_value)),
        ));
    };
    if !board.contains(x, y) {
        return Err(outside(text, prop, whole_value, board));
    }
    Ok(SgfPoint { x, y })
}

fn read_move(text: &str, prop: &RawProp, color: Color, board: Board) -> Result<SgfMove, SgfError> {
    if prop.values.len() != 1 {
        return Err(error_at(text, prop.offset, format!("{} takes one value, not {}", prop.ident, prop.values.len())));
    }
    let value = prop.first();
    let letters = value.trim();
    if letters.is_empty() || (letters == "tt" && board.allows_tt_pass()) {
        return Ok(SgfMove { color, point: None });
    }
    let Some((x, y)) = decode_letters(letters) else {
        return Err(error_at(
            text,
            prop.offset,
            format!("{} is not a move: a move is two letters, or empty for a pass", prop.show(value)),
        ));
    };
    if !board.contains(x, y) {
        return Err(outside(text, prop, value, board));
    }
    Ok(SgfMove { color, point: Some(SgfPoint { x, y }) })
}

/// A list of points, each value a point or a compressed rectangle "aa:cc". Empty values are skipped.
/// A point listed again (in this property or an earlier one of the node) is kept once, so a
/// list never holds more points than the board has: a small file repeating "aa:ss" thousands
/// of times cannot make the replay place millions of stones.
fn read_point_list(text: &str, prop: &RawProp, board: Board, into: &mut Vec<SgfPoint>) -> Result<(), SgfError> {
    // Points are at most 52×52 (SGF's letters).
    let index = |p: SgfPoint| usize::from(p.y) * 52 + usize::from(p.x);
    let mut seen = vec![false; 52 * 52];
    for p in into.iter() {
        if let Some(slot) = seen.get_mut(index(*p)) {
            *slot = true;
        }
    }
    let mut add = |p: SgfPoint, into: &mut Vec<SgfPoint>| {
        if let Some(slot) = seen.get_mut(index(p))
            && !*slot
        {
            *slot = true;
            into.push(p);
        }
    };
    for value in &prop.values {
        let value = value.text.as_str();
        if value.trim().is_empty() {
            continue;
        }
        match value.split_once(':') {
            None => add(read_point(text, prop, value, value, board)?, into),
            Some((from, to)) => {
                let a = read_point(text, prop, value, from, board)?;
                let b = read_point(text, prop, value, to, board)?;
                // Corners in either order, though FF[4] asks for upper-left first.
                for y in a.y.min(b.y)..=a.y.max(b.y) {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        add(SgfPoint { x, y }, into);
                    }
                }
            }
        }
    }
    Ok(())
}

fn build_node(text: &str, props: RawNode, board: Board) -> Result<SgfNode, SgfError> {
    let mut node = SgfNode::default();
    // The move property as written, to name both in a "two moves" error.
    let mut move_shown: Option<String> = None;
    for prop in props {
        match prop.ident.as_str() {
            "B" | "W" => {
                let color = if prop.ident == "B" { Color::Black } else { Color::White };
                let shown = prop.show(prop.first());
                if let Some(previous) = &move_shown {
                    return Err(error_at(text, prop.offset, format!("node has both {previous} and {shown}")));
                }
                node.mv = Some(read_move(text, &prop, color, board)?);
                move_shown = Some(shown);
            }
            "AB" => read_point_list(text, &prop, board, &mut node.add_black)?,
            "AW" => read_point_list(text, &prop, board, &mut node.add_white)?,
            "AE" => read_point_list(text, &prop, board, &mut node.add_empty)?,
            "TB" => read_point_list(text, &prop, board, &mut node.territory_black)?,
            "TW" => read_point_list(text, &prop, board, &mut node.territory_white)?,
            "C" => {
                let value = prop.first();
                // A repeated C is kept rather than lost.
                match &mut node.comment {
                    Some(comment) => {
                        comment.push('\n');
                        comment.push_str(value);
                    }
                    None => node.comment = Some(value.to_string()),
                }
            }
            "BL" | "WL" | "OB" | "OW" => {
                let value = prop.first();
                let understood = match prop.ident.as_str() {
                    "BL" => read_seconds_ms(value).map(|ms| node.black_time_left_ms = Some(ms)),
                    "WL" => read_seconds_ms(value).map(|ms| node.white_time_left_ms = Some(ms)),
                    "OB" => value.trim().parse::<u32>().ok().map(|n| node.black_periods_left = Some(n)),
                    _ => value.trim().parse::<u32>().ok().map(|n| node.white_periods_left = Some(n)),
                };
                // Odd clock values (negative overtime, "-") are kept as written, not refused.
                if understood.is_none() {
                    node.other.push(into_other(prop));
                }
            }
            _ => node.other.push(into_other(prop)),
        }
    }
    Ok(node)
}

fn into_other(prop: RawProp) -> (String, Vec<String>) {
    (prop.ident, prop.values.into_iter().map(|v| v.text).collect())
}

// ---------------------------------------------------------------------------------------------
// Writing

/// Writes the game as an FF[4] UTF-8 SGF file with one node per line.
pub fn write(game: &SgfGame) -> String {
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    if game.width == game.height {
        out.push_str(&format!("SZ[{}]", game.width));
    } else {
        out.push_str(&format!("SZ[{}:{}]", game.width, game.height));
    }
    if let Some(handicap) = game.handicap {
        out.push_str(&format!("HA[{handicap}]"));
    }
    match (&game.komi_raw, game.komi) {
        (Some(raw), _) => push_prop(&mut out, "KM", raw),
        (None, Some(komi)) => push_prop(&mut out, "KM", &komi_points_text(komi)),
        (None, None) => {}
    }
    push_optional(&mut out, "RU", &game.rules);
    push_optional(&mut out, "RE", &game.result);
    if let Some(color) = game.player_to_move {
        push_prop(&mut out, "PL", color_letter(color));
    }
    push_optional(&mut out, "PB", &game.black_name);
    push_optional(&mut out, "PW", &game.white_name);
    push_optional(&mut out, "BR", &game.black_rank);
    push_optional(&mut out, "WR", &game.white_rank);
    write_node_body(&mut out, &game.root);
    out.push('\n');
    for node in &game.nodes {
        out.push(';');
        write_node_body(&mut out, node);
        out.push('\n');
    }
    out.push_str(")\n");
    out
}

/// KM in points; 50 and more would read back as the ×100 form, so those are written ×100.
fn komi_points_text(komi: Komi) -> String {
    let half_points = komi.half_points();
    if half_points.abs() >= 100 { (i64::from(half_points) * 50).to_string() } else { komi.display_points() }
}

fn color_letter(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn push_prop(out: &mut String, ident: &str, value: &str) {
    out.push_str(ident);
    out.push('[');
    out.push_str(&escape(value));
    out.push(']');
}

fn push_optional(out: &mut String, ident: &str, value: &Option<String>) {
    if let Some(value) = value {
        push_prop(out, ident, value);
    }
}

fn point_text(point: SgfPoint) -> String {
    let mut s = String::with_capacity(2);
    s.push(index_letter(point.x));
    s.push(index_letter(point.y));
    s
}

fn push_points(out: &mut String, ident: &str, points: &[SgfPoint]) {
    if points.is_empty() {
        return;
    }
    out.push_str(ident);
    for point in points {
        out.push('[');
        out.push_str(&point_text(*point));
        out.push(']');
    }
}

fn seconds_text(ms: u64) -> String {
    let (seconds, millis) = (ms / 1000, ms % 1000);
    if millis == 0 {
        seconds.to_string()
    } else {
        let fraction = format!("{millis:03}");
        format!("{seconds}.{}", fraction.trim_end_matches('0'))
    }
}

fn write_node_body(out: &mut String, node: &SgfNode) {
    if let Some(mv) = &node.mv {
        let point = mv.point.map(point_text).unwrap_or_default();
        push_prop(out, color_letter(mv.color), &point);
    }
    if let Some(ms) = node.black_time_left_ms {
        push_prop(out, "BL", &seconds_text(ms));
    }
    if let Some(n) = node.black_periods_left {
        push_prop(out, "OB", &n.to_string());
    }
    if let Some(ms) = node.white_time_left_ms {
        push_prop(out, "WL", &seconds_text(ms));
    }
    if let Some(n) = node.white_periods_left {
        push_prop(out, "OW", &n.to_string());
    }
    push_points(out, "AB", &node.add_black);
    push_points(out, "AW", &node.add_white);
    push_points(out, "AE", &node.add_empty);
    push_points(out, "TB", &node.territory_black);
    push_points(out, "TW", &node.territory_white);
    push_optional(out, "C", &node.comment);
    for (ident, values) in &node.other {
        // Only uppercase letters make a valid identifier; anything else could not be read back.
        let ident: String = ident.chars().filter(|c| c.is_ascii_uppercase()).collect();
        if ident.is_empty() {
            continue;
        }
        out.push_str(&ident);
        if values.is_empty() {
            out.push_str("[]");
        }
        for value in values {
            out.push('[');
            out.push_str(&escape(value));
            out.push(']');
        }
    }
}

// ---------------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(text: &str) -> SgfGame {
        match parse(text) {
            Ok(game) => game,
            Err(e) => panic!("{e}"),
        }
    }

    fn err(text: &str) -> SgfError {
        match parse(text) {
            Ok(game) => panic!("parsed, but should not have: {game:?}"),
            Err(e) => e,
        }
    }

    fn p(x: u8, y: u8) -> SgfPoint {
        SgfPoint { x, y }
    }

    fn play(color: Color, x: u8, y: u8) -> Option<SgfMove> {
        Some(SgfMove { color, point: Some(p(x, y)) })
    }

    fn pass(color: Color) -> Option<SgfMove> {
        Some(SgfMove { color, point: None })
    }

    const REAL_GAME: &str = "\u{FEFF}(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]
RU[Chinese]SZ[19]KM[7.5]TM[7200]OT[5x60 byo-yomi]
PW[Shin Jinseo]PB[Ke Jie]WR[9p]BR[9p]DT[2024-03-01]EV[Yunzi Cup \\[final\\]]RE[W+R]
C[Round 5, board 1.
Comment with [brackets\\] and a backslash \\\\ here.]
;B[pd]BL[1799.5]OB[5]
;W[dd]WL[1795]OW[5]C[Shin thinks \\] for a while]
;B[pq]BL[1700.25]
(;W[dp]
;B[]
;W[tt]C[both passed]
)
(;W[qo]C[a variation that is skipped]
;B[qn]
(;W[pn])(;W[po]))
)
";

    #[test]
    fn reads_a_real_game_record() {
        let game = ok(REAL_GAME);
        assert_eq!((game.width, game.height), (19, 19));
        assert_eq!(game.black_name.as_deref(), Some("Ke Jie"));
        assert_eq!(game.white_name.as_deref(), Some("Shin Jinseo"));
        assert_eq!(game.black_rank.as_deref(), Some("9p"));
        assert_eq!(game.white_rank.as_deref(), Some("9p"));
        assert_eq!(game.result.as_deref(), Some("W+R"));
        assert_eq!(game.rules.as_deref(), Some("Chinese"));
        assert_eq!(game.komi_raw.as_deref(), Some("7.5"));
        assert_eq!(game.komi.map(Komi::half_points), Some(15));
        assert_eq!(game.handicap, None);
        assert_eq!(
            game.root.comment.as_deref(),
            Some("Round 5, board 1.\nComment with [brackets] and a backslash \\ here.")
        );
        let other_names: Vec<&str> = game.root.other.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(other_names, ["AP", "ST", "TM", "OT", "DT", "EV"]);
        assert!(game.root.other.contains(&("EV".to_string(), vec!["Yunzi Cup [final]".to_string()])));
        assert!(game.root.other.contains(&("DT".to_string(), vec!["2024-03-01".to_string()])));

        let moves: Vec<Option<SgfMove>> = game.nodes.iter().map(|n| n.mv.clone()).collect();
        assert_eq!(
            moves,
            [
                play(Color::Black, 15, 3),
                play(Color::White, 3, 3),
                play(Color::Black, 15, 16),
                play(Color::White, 3, 15),
                pass(Color::Black),
                pass(Color::White),
            ]
        );
        let first = &game.nodes[0];
        assert_eq!(first.black_time_left_ms, Some(1_799_500));
        assert_eq!(first.black_periods_left, Some(5));
        assert_eq!(game.nodes[1].white_time_left_ms, Some(1_795_000));
        assert_eq!(game.nodes[1].white_periods_left, Some(5));
        assert_eq!(game.nodes[1].comment.as_deref(), Some("Shin thinks ] for a while"));
        assert_eq!(game.nodes[2].black_time_left_ms, Some(1_700_250));
        assert_eq!(game.nodes[5].comment.as_deref(), Some("both passed"));
        assert!(game.nodes.iter().all(|n| n.other.is_empty()));
    }

    #[test]
    fn reads_a_9x9_game_with_crlf_ff3_identifiers_and_soft_line_breaks() {
        let text = "(;FF[3]\r\nSZ[9]KoMi[6.5]PlayerBlack[Ann]PlayerWhite[Bo]\r\n;Black[ee]Comment[one \\\r\ntwo]\r\n;White[gc]\r\n;B[cg] ;W[];B[tt])";
        let game = ok(text);
        assert_eq!((game.width, game.height), (9, 9));
        assert_eq!(game.komi.map(Komi::half_points), Some(13));
        assert_eq!(game.black_name.as_deref(), Some("Ann"));
        assert_eq!(game.white_name.as_deref(), Some("Bo"));
        assert_eq!(game.nodes.len(), 5);
        assert_eq!(game.nodes[0].mv, play(Color::Black, 4, 4));
        assert_eq!(game.nodes[0].comment.as_deref(), Some("one two"));
        assert_eq!(game.nodes[1].mv, play(Color::White, 6, 2));
        assert_eq!(game.nodes[2].mv, play(Color::Black, 2, 6));
        assert_eq!(game.nodes[3].mv, pass(Color::White));
        assert_eq!(game.nodes[4].mv, pass(Color::Black));
    }

    #[test]
    fn reads_a_13x13_handicap_game() {
        let game = ok("(;GM[1]FF[4]SZ[13]HA[2]KM[0.5]AB[dj][jd]PL[W]\n;W[jj];B[dd])");
        assert_eq!((game.width, game.height), (13, 13));
        assert_eq!(game.handicap, Some(2));
        assert_eq!(game.komi.map(Komi::half_points), Some(1));
        assert_eq!(game.root.add_black, [p(3, 9), p(9, 3)]);
        assert_eq!(game.player_to_move, Some(Color::White));
        assert_eq!(game.nodes[0].mv, play(Color::White, 9, 9));
        assert_eq!(game.nodes[1].mv, play(Color::Black, 3, 3));
        assert_eq!(ok("(;PL[1])").player_to_move, Some(Color::Black));
        assert_eq!(ok("(;PL[2])").player_to_move, Some(Color::White));
    }

    #[test]
    fn reads_a_rectangular_board() {
        let game = ok("(;SZ[19:13];B[sm];W[tt])");
        assert_eq!((game.width, game.height), (19, 13));
        assert_eq!(game.nodes[0].mv, play(Color::Black, 18, 12));
        assert_eq!(game.nodes[1].mv, pass(Color::White));
        let e = err("(;SZ[19:13];B[an])");
        assert_eq!(e.message, "B[an] is outside the 19x13 board");
        assert!(write(&game).contains("SZ[19:13]"));
    }

    #[test]
    fn tt_is_a_point_on_boards_larger_than_19() {
        let game = ok("(;SZ[21];B[tt];W[uu])");
        assert_eq!(game.nodes[0].mv, play(Color::Black, 19, 19));
        assert_eq!(game.nodes[1].mv, play(Color::White, 20, 20));
        assert_eq!(err("(;SZ[20:19];B[tt])").message, "B[tt] is outside the 20x19 board");
    }

    #[test]
    fn komi_is_read_exactly() {
        let half = |km: &str| ok(&format!("(;KM[{km}])")).komi.map(Komi::half_points);
        assert_eq!(half("750"), Some(15));
        assert_eq!(half("375"), Some(15));
        assert_eq!(half("3.75"), Some(15));
        assert_eq!(half("2.75"), Some(11));
        assert_eq!(half("0"), Some(0));
        assert_eq!(half("-7.5"), Some(-15));
        assert_eq!(half("6.5"), Some(13));
        assert_eq!(half("7.5"), Some(15));
        assert_eq!(half(" 5.50 "), Some(11));
        assert_eq!(half("650"), Some(13));
        assert_eq!(half("-750"), Some(-15));
        assert_eq!(half("7.3"), None);
        assert_eq!(half("seven"), None);
        assert_eq!(half(""), None);
        assert_eq!(half("99999999999999999999999999999999999999999999"), None);
        assert_eq!(half("40"), Some(80));
        assert_eq!(half("49.5"), Some(99));
        assert_eq!(half("5250"), None); // 52.5 points: more than Komi allows
    }

    #[test]
    fn komi_raw_is_kept_as_written() {
        let game = ok("(;KM[3.75])");
        assert_eq!(game.komi_raw.as_deref(), Some("3.75"));
        assert!(write(&game).contains("KM[3.75]"));
        let odd = ok("(;KM[7.3])");
        assert_eq!((odd.komi_raw.as_deref(), odd.komi), (Some("7.3"), None));
    }

    #[test]
    fn komi_without_raw_is_written_in_points() {
        let mut game = SgfGame::new(19, 19);
        for half_points in [15, -1, 0, 100, -100, 99] {
            game.komi = Komi::from_half_points(half_points).ok();
            let back = ok(&write(&game));
            assert_eq!(back.komi.map(Komi::half_points), Some(half_points));
        }
    }

    #[test]
    fn a_point_list_repeated_up_to_the_limits_holds_each_point_once() {
        let values = format!("AB{}", "[aa:ss]".repeat(MAX_VALUES_PER_PROPERTY));
        let text = format!("(;GM[1]SZ[19]{})", values.repeat(MAX_PROPERTIES_PER_NODE - 2));
        let game = ok(&text);
        assert_eq!(game.root.add_black.len(), 361);
    }

    #[test]
    fn the_hostile_files_are_refused_at_the_limit_they_pass() {
        // 21 KB that took 12 s in `yunzi check` before point lists were read once, and
        // the same range as 3,000 properties.
        let values = include_str!("../../../../tests/sgf/hostile-repeated-range-values.sgf");
        assert_eq!(
            err(values).to_string(),
            "line 1, column 14: property AB has more than 1000 values, the most one may have"
        );
        let properties = include_str!("../../../../tests/sgf/hostile-repeated-ranges.sgf");
        assert_eq!(
            err(properties).to_string(),
            "line 1, column 1796: a node has more than 200 properties, the most one may have"
        );
    }

    #[test]
    fn records_past_the_move_and_node_limits_are_refused() {
        let moves = |n: usize| (0..n).map(|i| if i % 2 == 0 { ";B[]" } else { ";W[]" }).collect::<String>();
        assert_eq!(ok(&format!("(;SZ[9]{})", moves(MAX_MOVES_PER_GAME))).nodes.len(), MAX_MOVES_PER_GAME);
        let past = err(&format!("(;SZ[9]{})", moves(MAX_MOVES_PER_GAME + 1)));
        assert_eq!(past.message, "the game has more than 2000 moves, the most a record may have");
        assert_eq!(past.column, "(;SZ[9]".len() + 4 * MAX_MOVES_PER_GAME + 2);
        let comments = format!("(;{})", ";C[x]".repeat(MAX_NODES_PER_GAME));
        assert_eq!(err(&comments).message, "the main line has more than 4000 nodes, the most a record may have");
        // Nodes off the main line are read (to find the end of the game) but not kept or counted.
        let variations = format!("(;(;B[aa]){})", "(;W[bb])".repeat(3 * MAX_NODES_PER_GAME));
        assert_eq!(ok(&variations).nodes.len(), 1);
    }

    #[test]
    fn compressed_point_lists_expand() {
        let game = ok("(;AB[aa:cc]AW[ed:dc][ff]AE[]TB[ss:ss])");
        assert_eq!(
            game.root.add_black,
            [p(0, 0), p(1, 0), p(2, 0), p(0, 1), p(1, 1), p(2, 1), p(0, 2), p(1, 2), p(2, 2)]
        );
        assert_eq!(game.root.add_white, [p(3, 2), p(4, 2), p(3, 3), p(4, 3), p(5, 5)]);
        assert!(game.root.add_empty.is_empty());
        assert_eq!(game.root.territory_black, [p(18, 18)]);
        let e = err("(;SZ[9]\nAB[aa:jj])");
        assert_eq!((e.line, e.column, e.message.as_str()), (2, 1, "AB[aa:jj] is outside the 9x9 board"));
        assert_eq!(err("(;AB[a1])").message, "AB[a1] is not a point: a point is two letters");
    }

    #[test]
    fn territory_and_unknown_properties_survive() {
        let game = ok("(;SZ[5];B[cc]TB[aa][ab]TW[ee]LB[cc:x\\]y]MN[3])");
        let node = &game.nodes[0];
        assert_eq!(node.territory_black, [p(0, 0), p(0, 1)]);
        assert_eq!(node.territory_white, [p(4, 4)]);
        assert_eq!(
            node.other,
            [("LB".to_string(), vec!["cc:x]y".to_string()]), ("MN".to_string(), vec!["3".to_string()])]
        );
        assert_eq!(ok(&write(&game)), game);
    }

    #[test]
    fn odd_clock_values_are_kept_raw() {
        let game = ok("(;;B[aa]BL[-3]OB[x])");
        let node = &game.nodes[0];
        assert_eq!(node.black_time_left_ms, None);
        assert_eq!(node.black_periods_left, None);
        assert_eq!(node.other.len(), 2);
        assert_eq!(ok(&write(&game)), game);
    }

    #[test]
    fn only_the_first_game_of_a_collection_is_read() {
        let game = ok("(;PB[first];B[aa])(;PB[second];B[bb]) trailing text");
        assert_eq!(game.black_name.as_deref(), Some("first"));
        assert_eq!(game.nodes.len(), 1);
    }

    #[test]
    fn writes_a_readable_file() {
        let mut game = SgfGame::new(9, 9);
        game.komi_raw = Some("7".to_string());
        game.komi = Komi::from_half_points(14).ok();
        game.black_name = Some("A]\\B".to_string());
        game.nodes.push(SgfNode {
            mv: play(Color::Black, 2, 2),
            black_time_left_ms: Some(59_500),
            ..SgfNode::default()
        });
        game.nodes.push(SgfNode { mv: pass(Color::White), ..SgfNode::default() });
        assert_eq!(write(&game), "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7]PB[A\\]\\\\B]\n;B[cc]BL[59.5]\n;W[]\n)\n");
        assert_eq!(ok(&write(&game)), game);
    }

    fn at(e: &SgfError) -> (usize, usize, &str) {
        (e.line, e.column, e.message.as_str())
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = err("  \n  ;B[aa])");
        assert_eq!(at(&e), (2, 3, "expected '(' at the start of an SGF game"));
        assert_eq!(e.offset, 5);
        assert_eq!(e.to_string(), "line 2, column 3: expected '(' at the start of an SGF game");
        assert_eq!(at(&err("")), (1, 1, "expected '(' at the start of an SGF game"));

        assert_eq!(at(&err("(;FF[4]\r\nC[abc")), (2, 2, "value of C is not closed: missing ']'"));
        assert_eq!(at(&err("(;FF[4]\nC[abc\\]")), (2, 2, "value of C is not closed: missing ']'"));
        assert_eq!(at(&err("(;FF[4];B[aa]\n")), (1, 1, "game tree is not closed: missing ')'"));
        assert_eq!(at(&err("(;FF[4]\n(;B[aa]\n(;W[bb])")), (2, 1, "game tree is not closed: missing ')'"));

        assert_eq!(at(&err("(;SZ[19]\n;B[zz])")), (2, 2, "B[zz] is outside the 19x19 board"));
        assert_eq!(at(&err("(;SZ[9]\n;B[jj])")), (2, 2, "B[jj] is outside the 9x9 board"));
        assert_eq!(at(&err("(;SZ[9];B[ss])")), (1, 9, "B[ss] is outside the 9x9 board"));
        // "tt" stays a pass on every board up to 19x19, as FF[4] says.
        assert_eq!(ok("(;SZ[9];B[tt])").nodes[0].mv, pass(Color::Black));
        assert_eq!(
            at(&err("(;\n;W[abc])")),
            (2, 2, "W[abc] is not a move: a move is two letters, or empty for a pass")
        );
        assert_eq!(at(&err("(;;W[a])")).2, "W[a] is not a move: a move is two letters, or empty for a pass");
        assert_eq!(at(&err("(;;W[1a])")).2, "W[1a] is not a move: a move is two letters, or empty for a pass");

        assert_eq!(at(&err("(;FF[4]SZ[30])")), (1, 8, "SZ[30] is out of range: boards must have 2 to 25 lines"));
        assert_eq!(at(&err("(;SZ[1])")), (1, 3, "SZ[1] is out of range: boards must have 2 to 25 lines"));
        assert_eq!(at(&err("(;SZ[19:26])")).2, "SZ[19:26] is out of range: boards must have 2 to 25 lines");
        assert_eq!(at(&err("(;SZ[big])")).2, "SZ[big] is not a board size");

        assert_eq!(at(&err("(;SZ[9]\n;B[aa]W[bb])")), (2, 7, "node has both B[aa] and W[bb]"));
        assert_eq!(at(&err("(;HA[two])")), (1, 3, "HA[two] is not a number of handicap stones"));
        assert_eq!(at(&err("(;\n  HA[-1])")), (2, 3, "HA[-1] is not a number of handicap stones"));

        assert_eq!(at(&err("(;B[aa]%)")), (1, 8, "unexpected character '%'"));
        assert_eq!(at(&err("(;B[aa]x)")), (1, 8, "property x has no value"));
        assert_eq!(at(&err("(;PB[李]é)")), (1, 8, "unexpected character 'é'"));
        assert_eq!(at(&err("(;B)")), (1, 3, "property B has no value"));
        assert_eq!(at(&err("()")), (1, 2, "empty game tree: a game tree needs at least one node"));
        assert_eq!(at(&err("((;B[aa]))")), (1, 2, "a game tree must start with a node (';')"));
        assert_eq!(at(&err("(;B[aa](;W[bb]);B[cc])")).2, "a node cannot follow a variation in the same game tree");
        assert_eq!(at(&err("(;GM[2])")), (1, 3, "GM[2] is not a go game (GM[1])"));
        // The byte-order mark does not count as a column.
        assert_eq!(at(&err("\u{FEFF}(;SZ[0])")), (1, 3, "SZ[0] is out of range: boards must have 2 to 25 lines"));
    }

    #[test]
    fn variations_must_be_valid_even_when_skipped() {
        assert!(parse("(;B[aa](;W[bb])(;W[cc]").is_err());
        assert!(parse("(;B[aa](;W[bb])(;W[cc)").is_err());
        // Their points are not checked: they are not kept.
        assert!(parse("(;SZ[9];B[aa](;W[bb])(;W[zz]))").is_ok());
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let depth = 200_000;
        // Off the main line (the second variation), where any depth is read.
        let text = format!("(;(;){}{})", "(;".repeat(depth), ")".repeat(depth));
        assert_eq!(ok(&text).nodes.len(), 1);
        // On the main line, the node limit stops it long before the stack could matter.
        let main = format!("(;{}{}", "(;".repeat(depth), ")".repeat(depth + 1));
        assert!(err(&main).message.contains("more than 4000 nodes"));
    }

    // --- property tests -------------------------------------------------------------------

    fn text_strategy() -> impl Strategy<Value = String> {
        let alphabet = vec!['a', 'B', ' ', ']', '[', '\\', '\n', '\r', ':', ';', '(', ')', 'é', '囲', '\t'];
        prop::collection::vec(prop::sample::select(alphabet), 0..12).prop_map(|v| v.into_iter().collect())
    }

    fn node_strategy(width: u8, height: u8) -> impl Strategy<Value = SgfNode> {
        let point = move || (0..width, 0..height).prop_map(|(x, y)| SgfPoint { x, y });
        // A node lists each point once (a repeat is read as one).
        let points = move |most: usize| {
            prop::collection::vec(point(), 0..most).prop_map(|list| {
                let mut once = Vec::new();
                for p in list {
                    if !once.contains(&p) {
                        once.push(p);
                    }
                }
                once
            })
        };
        let color = prop_oneof![Just(Color::Black), Just(Color::White)];
        let mv =
            prop::option::of((color, prop::option::of(point())).prop_map(|(color, point)| SgfMove { color, point }));
        let setup = (points(4), points(4), points(3), points(3), points(3));
        let clocks = (
            prop::option::of(0u64..100_000_000),
            prop::option::of(0u64..100_000_000),
            prop::option::of(0u32..30),
            prop::option::of(0u32..30),
        );
        let idents = vec!["DT", "EV", "GN", "LB", "MN", "XYZ", "SQ", "GC"];
        let other = prop::collection::vec(
            (prop::sample::select(idents).prop_map(String::from), prop::collection::vec(text_strategy(), 1..3)),
            0..3,
        );
        (mv, setup, clocks, prop::option::of(text_strategy()), other).prop_map(
            |(mv, (ab, aw, ae, tb, tw), (bl, wl, ob, ow), comment, other)| SgfNode {
                mv,
                add_black: ab,
                add_white: aw,
                add_empty: ae,
                comment,
                black_time_left_ms: bl,
                white_time_left_ms: wl,
                black_periods_left: ob,
                white_periods_left: ow,
                territory_black: tb,
                territory_white: tw,
                other,
            },
        )
    }

    fn game_strategy() -> impl Strategy<Value = SgfGame> {
        (2u8..=25, 2u8..=25).prop_flat_map(|(width, height)| {
            let komi_texts = vec!["7.5", "6.5", "750", "375", "3.75", "2.75", "0", "-7.5", "7.3", "", " 5 ", "x]"];
            let komi = prop::option::of(prop::sample::select(komi_texts).prop_map(String::from));
            let color = prop::option::of(prop_oneof![Just(Color::Black), Just(Color::White)]);
            let header = (
                prop::option::of(0u32..10),
                komi,
                color,
                prop::option::of(text_strategy()),
                prop::option::of(text_strategy()),
                prop::option::of(text_strategy()),
                prop::option::of(text_strategy()),
                prop::option::of(text_strategy()),
                prop::option::of(text_strategy()),
            );
            (header, node_strategy(width, height), prop::collection::vec(node_strategy(width, height), 0..8)).prop_map(
                move |((handicap, komi_raw, player, rules, result, pb, pw, br, wr), root, nodes)| SgfGame {
                    width,
                    height,
                    handicap,
                    komi: komi_raw.as_deref().and_then(interpret_komi),
                    komi_raw,
                    rules,
                    result,
                    player_to_move: player,
                    black_name: pb,
                    white_name: pw,
                    black_rank: br,
                    white_rank: wr,
                    root,
                    nodes,
                },
            )
        })
    }

    proptest! {
        #[test]
        fn written_games_read_back_unchanged(game in game_strategy()) {
            let text = write(&game);
            let back = parse(&text);
            prop_assert_eq!(back.as_ref().ok(), Some(&game), "{:?} from {}", back.as_ref().err(), text);
        }

        #[test]
        fn arbitrary_text_never_panics(text in prop::collection::vec(any::<char>(), 0..64)) {
            let text: String = text.into_iter().collect();
            let _ = parse(&text);
        }

        #[test]
        fn sgf_like_text_never_panics(
            text in prop::collection::vec(
                prop::sample::select(vec!['(', ')', ';', '[', ']', '\\', ':', 'B', 'W', 'A', 'S', 'Z', 'K', 'M', 'a', 't', 'z', '1', '9', '.', '-', '\n', ' ', 'é']),
                0..80,
            )
        ) {
            let text: String = text.into_iter().collect();
            if let Ok(game) = parse(&text) {
                prop_assert_eq!(parse(&write(&game)).ok(), Some(game));
            }
        }

        #[test]
        fn mutated_records_never_panic(
            edits in prop::collection::vec(
                (0u8..3, any::<prop::sample::Index>(), prop::sample::select(vec!['(', ')', ';', '[', ']', '\\', ':', 'B', 'W', 'z', 'A', '\r', 'é', '5'])),
                1..6,
            )
        ) {
            let mut chars: Vec<char> = REAL_GAME.chars().collect();
            for (kind, index, c) in edits {
                let at = index.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(at, c),
                    1 if at < chars.len() => { chars.remove(at); }
                    _ if at < chars.len() => chars[at] = c,
                    _ => {}
                }
            }
            let text: String = chars.into_iter().collect();
            // Whatever the parser accepts must also write and read back unchanged.
            if let Ok(game) = parse(&text) {
                prop_assert_eq!(parse(&write(&game)).ok(), Some(game));
            }
        }
    }
}
