//! The board in words (issue 53), for a reader who does not see it: each point as a player of
//! the page's language names it, each side's stones, and what the last move did. The live
//! page's script names points the same way when the keyboard moves over the board (see
//! static/js/live.js and docs/LANGUAGES.md).
use crate::domain::color::Color;
use crate::domain::games::game_shape::{BoardGame, Drawing};
use crate::domain::live::LiveGame;
use crate::i18n::{Arg, Locale};

/// How a point is said. Japanese go players count columns from the left in figures and rows
/// from the top in kanji ("4の十六" is D4 on 19×19); everyone else, and every other game, says
/// the board's own name ("D4", 五子棋's "H8", 七星棋's named points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    Board,
    JapaneseGo,
}

impl Notation {
    pub fn of(is_go: bool, locale: Locale) -> Notation {
        if is_go && locale == Locale::Ja { Notation::JapaneseGo } else { Notation::Board }
    }
}

/// 1 → 一, 10 → 十, 16 → 十六, 20 → 二十 (a board has fewer than a hundred rows).
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let (tens, ones) = ((n / 10) as usize % 10, (n % 10) as usize);
    let tens = match tens {
        0 => String::new(),
        1 => "十".to_string(),
        t => format!("{}十", DIGITS[t]),
    };
    if tens.is_empty() && ones == 0 { "〇".to_string() } else { format!("{tens}{}", DIGITS[ones]) }
}

/// Point (x, y), counted from the top left, as `notation` says it; `name` is the board's own.
pub fn point_words(name: &str, x: u8, y: u8, notation: Notation) -> String {
    match notation {
        Notation::Board => name.to_string(),
        Notation::JapaneseGo => format!("{}の{}", u32::from(x) + 1, kanji_number(u32::from(y) + 1)),
    }
}

/// A side in one word, as announcements start ("黑", "Black", "黒", "흑").
fn side(colour: Color, locale: Locale) -> String {
    locale.t(match colour {
        Color::Black => "said-black",
        Color::White => "said-white",
    })
}

/// Each side's stones (pieces) in reading order, top row first, named in `locale`.
pub fn stones_by_side(game: &LiveGame, drawing: &Drawing, locale: Locale) -> [(Color, Vec<String>); 2] {
    let notation = Notation::of(game.go().is_some(), locale);
    let mut pieces: Vec<_> = drawing.pieces.iter().collect();
    pieces.sort_by_key(|p| (p.y, p.x));
    [Color::Black, Color::White].map(|colour| {
        let names = pieces
            .iter()
            .filter(|p| p.colour == colour)
            .map(|p| point_words(&game.game().cell_name(p.x, p.y), p.x, p.y, notation))
            .collect();
        (colour, names)
    })
}

/// One side's line of the position as text: "黑 (3): D4, E5, F6".
pub fn stones_line(colour: Color, names: &[String], locale: Locale) -> String {
    let list = if names.is_empty() { locale.t("said-none") } else { names.join(", ") };
    format!("{} ({}): {list}", side(colour, locale), names.len())
}

/// What the last move did, as the page announces it: "黑 D4", "White G7, 2 captured",
/// "黒 パス"; none before the first move.
pub fn last_move(game: &LiveGame, locale: Locale) -> Option<String> {
    let last = game.moves().last()?;
    let colour = side(last.colour, locale);
    let Some((x, y)) = last.point else {
        // Go's move without a point is a pass; a folk game's (八卦棋's hand) is said as a move.
        let key = if game.go().is_some() { "said-pass" } else { "said-moved" };
        return Some(locale.t_args(key, &[("colour", Arg::Str(&colour))]));
    };
    let notation = Notation::of(game.go().is_some(), locale);
    let point = point_words(&game.game().cell_name(x, y), x, y, notation);
    let captured = game.go().and_then(|g| g.moves().last()).map_or(0, |m| i64::from(m.captures));
    Some(if captured > 0 {
        locale.t_args(
            "said-move-captures",
            &[("colour", Arg::Str(&colour)), ("point", Arg::Str(&point)), ("n", Arg::Num(captured))],
        )
    } else {
        locale.t_args("said-move", &[("colour", Arg::Str(&colour)), ("point", Arg::Str(&point))])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_counted_in_kanji() {
        let said: Vec<String> = [1, 4, 9, 10, 11, 16, 19, 20, 25].into_iter().map(kanji_number).collect();
        assert_eq!(said, ["一", "四", "九", "十", "十一", "十六", "十九", "二十", "二十五"]);
    }

    #[test]
    fn japanese_go_counts_columns_from_the_left_and_rows_from_the_top() {
        // D4 on 19×19 is the fourth column and the sixteenth row from the top; Q16 is 16の四.
        assert_eq!(point_words("D4", 3, 15, Notation::JapaneseGo), "4の十六");
        assert_eq!(point_words("Q16", 15, 3, Notation::JapaneseGo), "16の四");
        assert_eq!(point_words("E5", 4, 4, Notation::JapaneseGo), "5の五");
        assert_eq!(point_words("D4", 3, 15, Notation::of(true, Locale::Zh)), "D4");
        // 五子棋 keeps its own names in Japanese too.
        assert_eq!(Notation::of(false, Locale::Ja), Notation::Board);
    }
}
