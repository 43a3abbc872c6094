//! 五子棋 records: SGF with GM[4] (SGF's number for gomoku and renju), replayed move by move
//! under the rules. `B[hh]`/`W[hh]` are moves, `B[]`/`W[]` passes; Yunzi's own `SW[]` is the
//! swap after Black 3 and `OF[..][..]` the two points offered for Black 5, after which the
//! `B[..]` that follows is the one White kept. Records from elsewhere rarely keep the swap or
//! the offers: without `OF` the fifth Black stone is taken as the one kept.
use super::{RenjuEnd, RenjuGame, RenjuRules};
use crate::color::Color;
use crate::games::game_shape::{BoardGame, GameMove, Refusal};
use crate::games::go::sgf::{SgfProperty, main_line};

/// What replaying a record found.
#[derive(Debug, Clone)]
pub struct Replay {
    pub game: RenjuGame,
    /// Stones placed (the kept fifth counted once).
    pub moves: usize,
    /// The first move the rules refuse: its node's number in the record, the move in renju's
    /// notation ("W a15"), and why.
    pub refused: Option<(usize, String, Refusal)>,
    /// A node after the end of the game (a record that plays on past five or a forbidden
    /// move): its number.
    pub played_on: Option<usize>,
    /// The record started from a set-up position (`AB`/`AW`) of this many stones.
    pub set_up_stones: Option<usize>,
}

/// Why a record cannot be replayed at all.
pub fn replay(text: &str, rules: Option<RenjuRules>) -> Result<Replay, String> {
    let nodes = main_line(text).map_err(|e| e.to_string())?;
    let root = nodes.first().ok_or("the record has no nodes")?;
    let value =
        |node: &[SgfProperty], id: &str| node.iter().find(|(k, _)| k == id).and_then(|(_, v)| v.first().cloned());
    if let Some(gm) = value(root, "GM")
        && gm.trim() != "4"
    {
        return Err(format!("GM[{gm}] is not a record of 五子棋 (GM[4])"));
    }
    let size = match value(root, "SZ") {
        None => 15,
        Some(sz) => sz.trim().parse::<u8>().map_err(|_| format!("SZ[{sz}] is not a board size"))?,
    };
    let rules = match rules {
        Some(r) => r,
        None => match value(root, "RU").map(|r| r.trim().to_ascii_lowercase()) {
            None => RenjuRules::Renju,
            Some(r) if r == "rif" || r == "renju" => RenjuRules::Renju,
            Some(r) => RenjuRules::from_code(&r)
                .or_else(|| (r == "free" || r == "gomoku").then_some(RenjuRules::Free))
                .ok_or_else(|| format!("RU[{r}] is not a rule set of 五子棋 (see `yunzi rules`)"))?,
        },
    };
    let set_up = root.iter().any(|(k, _)| k == "AB" || k == "AW");
    let mut game =
        if set_up { position(root, rules, size)? } else { RenjuGame::new(rules, size).map_err(|e| e.to_string())? };
    let mut replay = Replay { game: game.clone(), moves: 0, refused: None, played_on: None, set_up_stones: None };
    if set_up {
        replay.set_up_stones = Some(game.stones().len());
    }
    for (number, node) in nodes.iter().enumerate() {
        for (id, values) in node {
            let first = values.first().map(String::as_str).unwrap_or_default();
            let (side, mv) = match id.as_str() {
                "B" | "W" => {
                    let side = if id == "B" { Color::Black } else { Color::White };
                    if first.is_empty() {
                        (side, GameMove::Pass)
                    } else {
                        let (x, y) = cell(&game, first)?;
                        if side == Color::Black && game.fifth_offer().is_some() {
                            // The stone White kept of the two offered.
                            (Color::White, GameMove::Keep(x, y))
                        } else {
                            (side, GameMove::Place(x, y))
                        }
                    }
                }
                "SW" => (Color::White, GameMove::Swap),
                "OF" => {
                    let [a, b] = values.as_slice() else {
                        return Err(format!("node {number}: OF takes the two offered points"));
                    };
                    (Color::Black, GameMove::Offer([cell(&game, a)?, cell(&game, b)?]))
                }
                _ => continue,
            };
            if game.end().is_some() {
                replay.played_on.get_or_insert(number);
                continue;
            }
            let played = match mv {
                // No offers in the record: Black's fifth stone is the one kept.
                GameMove::Place(x, y) if side == Color::Black && game.fifth_to_offer() => {
                    game.place_recorded_fifth(x, y)
                }
                _ => game.play(side, mv),
            };
            match played {
                Ok(()) => replay.moves += usize::from(matches!(mv, GameMove::Place(..) | GameMove::Keep(..))),
                Err(why) => {
                    let written = match mv {
                        GameMove::Place(x, y) | GameMove::Keep(x, y) => format!("{id} {}", game.cell_name(x, y)),
                        _ => id.clone(),
                    };
                    replay.refused = Some((number, written, why));
                    break;
                }
            }
        }
        if replay.refused.is_some() {
            break;
        }
    }
    replay.game = game;
    Ok(replay)
}

/// The root's set-up position: `AB`/`AW` stones (each a point, or an `aa:cc` rectangle), `PL`
/// the side to move (without it, Black when the sides have as many stones, else White).
fn position(root: &[SgfProperty], rules: RenjuRules, size: u8) -> Result<RenjuGame, String> {
    let blank = RenjuGame::new(rules, size).map_err(|e| e.to_string())?;
    let mut stones = Vec::new();
    for (id, values) in root {
        let colour = match id.as_str() {
            "AB" => Color::Black,
            "AW" => Color::White,
            _ => continue,
        };
        for value in values {
            let (from, to) = value.split_once(':').unwrap_or((value.as_str(), value.as_str()));
            let ((x0, y0), (x1, y1)) = (cell(&blank, from)?, cell(&blank, to)?);
            for y in y0.min(y1)..=y0.max(y1) {
                for x in x0.min(x1)..=x0.max(x1) {
                    stones.push((colour, (x, y)));
                }
            }
        }
    }
    let count = |c: Color| stones.iter().filter(|(s, _)| *s == c).count();
    let to_move = match root.iter().find(|(k, _)| k == "PL").and_then(|(_, v)| v.first()) {
        Some(side) => match side.trim().to_ascii_uppercase().as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            other => return Err(format!("PL[{other}] names no side (B or W)")),
        },
        None if count(Color::Black) > count(Color::White) => Color::White,
        None => Color::Black,
    };
    RenjuGame::from_position(rules, size, &stones, to_move).map_err(|e| match e {
        super::SetUpError::Board(why) => why.to_string(),
        super::SetUpError::OffBoard((x, y)) => format!("the set-up stone at {x},{y} is off the board"),
        super::SetUpError::Twice((x, y)) => format!("the set-up position puts two stones on {}", blank.cell_name(x, y)),
        super::SetUpError::FiveOnTheBoard { colour, at: (x, y) } => format!(
            "the set-up position already has five in a row for {} (through {}): no game of 五子棋 reaches it, it would have ended",
            if colour == Color::Black { "Black" } else { "White" },
            blank.cell_name(x, y)
        ),
    })
}

fn cell(game: &RenjuGame, text: &str) -> Result<(u8, u8), String> {
    game.parse_cell(text).filter(|_| text.len() == 2).ok_or_else(|| format!("[{text}] is not a point of this board"))
}

impl Replay {
    /// How the game ended, if it has.
    pub fn end(&self) -> Option<RenjuEnd> {
        self.game.end()
    }
}
