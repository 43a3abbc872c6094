//! Stone colours.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::message::Message;

/// The colour a player holds in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into `[black, white]` pairs.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// Lower-case English name: "black" or "white".
    pub fn as_str(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl Color {
    /// The colour's name, said in the reader's language ("Black", 黑方).
    pub fn message(self) -> Message {
        Message::new(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text given was not a colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColorError(pub String);

impl ColorError {
    pub fn message(&self) -> Message {
        Message::new("error-colour").text("text", self.0.as_str())
    }
}

impl fmt::Display for ColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ColorError {}

impl FromStr for Color {
    type Err = ColorError;

    /// Accepts "black"/"white"/"b"/"w", case-insensitively, ignoring surrounding spaces, and
    /// the colours as 中文 (黑, 白), 日本語 (黒, 白) and 한국어 (흑, 백) write them.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_lowercase().as_str() {
            "black" | "b" | "黑" | "黒" | "흑" => Ok(Color::Black),
            "white" | "w" | "白" | "백" => Ok(Color::White),
            _ => Err(ColorError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_ui_names_the_colours() {
        for black in ["black", "B", "黑", "黒", "흑"] {
            assert_eq!(black.parse::<Color>().ok(), Some(Color::Black), "{black}");
        }
        for white in ["white", "w", "白", "백"] {
            assert_eq!(white.parse::<Color>().ok(), Some(Color::White), "{white}");
        }
    }

    #[test]
    fn opponent_swaps() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent(), Color::Black);
    }

    #[test]
    fn parses_names_and_letters() {
        assert_eq!("black".parse::<Color>(), Ok(Color::Black));
        assert_eq!(" W ".parse::<Color>(), Ok(Color::White));
        assert_eq!("B".parse::<Color>(), Ok(Color::Black));
        assert_eq!("White".parse::<Color>(), Ok(Color::White));
        let err = "red".parse::<Color>().err().map(|e| e.to_string());
        assert_eq!(err.as_deref(), Some("\"red\" is not a colour: use black (b) or white (w)"));
    }

    #[test]
    fn as_str_round_trips() {
        for c in [Color::Black, Color::White] {
            assert_eq!(c.as_str().parse::<Color>(), Ok(c));
            assert_eq!(c.to_string(), c.as_str());
        }
    }
}
