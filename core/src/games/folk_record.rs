//! The text format the folk games' records share (一字棋, 三通棋, 七星棋; docs/GAMES.md): `#`
//! starts a comment; `key: value` lines before any move make the header; every other line is
//! a move, its side first (`B` or `W`), the sides taking turns.
use std::fmt;

use crate::color::Color;

/// Where a record goes wrong: its line's number (from 1) and why, quoting the line.
pub type RecordError = (usize, String);

/// What a line of a record says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry<'a> {
    Header {
        key: &'a str,
        value: &'a str,
    },
    /// A move by `side`: the words after the side.
    Move {
        side: Color,
        words: Vec<&'a str>,
    },
}

/// One line of a record that is neither blank nor a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    pub number: usize,
    /// The line as written, its comment cut off.
    pub text: &'a str,
    pub entry: Entry<'a>,
}

impl Line<'_> {
    /// The line refused, for `why`.
    pub fn refuse(&self, why: impl fmt::Display) -> RecordError {
        (self.number, format!("\"{}\": {why}", self.text))
    }

    /// The move's side must be the one to move.
    pub fn check_turn(&self, side: Color, to_move: Color) -> Result<(), RecordError> {
        if side == to_move { Ok(()) } else { Err(self.refuse(format!("it is {}'s turn", to_move.as_str()))) }
    }
}

/// The record's lines, blank lines and comments left out. A header line after a move, or a
/// move that does not start with its side, is refused with its number.
pub fn lines(text: &str) -> Result<Vec<Line<'_>>, RecordError> {
    let mut out = Vec::new();
    let mut moved = false;
    for (index, raw) in text.lines().enumerate() {
        let text = raw.split('#').next().unwrap_or_default().trim();
        if text.is_empty() {
            continue;
        }
        let mut line = Line { number: index + 1, text, entry: Entry::Header { key: "", value: "" } };
        if let Some((key, value)) = text.split_once(':') {
            if moved {
                return Err(line.refuse("the header comes before the moves"));
            }
            line.entry = Entry::Header { key: key.trim(), value: value.trim() };
        } else {
            let mut words = text.split_whitespace();
            let side = match words.next() {
                Some("B") => Color::Black,
                Some("W") => Color::White,
                _ => return Err(line.refuse("a move starts with its side, B or W")),
            };
            moved = true;
            line.entry = Entry::Move { side, words: words.collect() };
        }
        out.push(line);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_a_header_then_moves_each_with_its_side() {
        let read = lines("# a game\nsetup: 2\n\nB 7-3 x2  # two pieces\nW +5").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(read.len(), 3);
        assert_eq!(read[0].entry, Entry::Header { key: "setup", value: "2" });
        assert_eq!((read[1].number, read[1].text), (4, "B 7-3 x2"));
        assert_eq!(read[1].entry, Entry::Move { side: Color::Black, words: vec!["7-3", "x2"] });
        assert_eq!(
            read[2].check_turn(Color::White, Color::Black).err().map(|e| e.1),
            Some("\"W +5\": it is black's turn".to_string())
        );
        assert_eq!(lines("B 1-0\nsetup: 1").err().map(|e| e.0), Some(2), "no header after a move");
        assert_eq!(lines("X 1-0").err().map(|e| e.0), Some(1));
    }
}
