//! Go in the shape every game's rules take (`domain::game_shape`): a game of go with its
//! handicap, as the live board plays it, draws it and writes its record.
use super::board::{Board, BoardError};
use super::game::{Ending, Game, Illegal, Move};
use super::record::{COLUMNS, coordinate, parse_point};
use super::ruleset::Ruleset;
use super::sgf::SgfPoint;
use crate::color::Color;
use crate::games::game_shape::{BoardGame, Drawing, GameMove, Lines, Piece, PlayEnd, Refusal};
use crate::message::Message;

/// The usual handicap points (x, y) on a 9, 13 or 19 board, Black's stones before White's
/// first move.
pub fn handicap_points(size: u8, stones: u8) -> Vec<(u8, u8)> {
    if stones < 2 || !matches!(size, 9 | 13 | 19) {
        return Vec::new();
    }
    let edge = if size == 9 { 2 } else { 3 };
    let (low, mid, high) = (edge, size / 2, size - 1 - edge);
    let corners = [(high, low), (low, high), (high, high), (low, low)];
    let mut points: Vec<(u8, u8)> = corners.iter().take(stones.min(4) as usize).copied().collect();
    let sides = [(low, mid), (high, mid), (mid, low), (mid, high)];
    match stones {
        5 | 7 | 9 => {
            points.extend(sides.iter().take(stones as usize - 5));
            points.push((mid, mid));
        }
        6 | 8 => points.extend(sides.iter().take(stones as usize - 4)),
        _ => {}
    }
    points.truncate(stones as usize);
    points
}

/// The star points drawn on a 9, 13 or 19 board.
pub fn star_points(size: u8) -> Vec<(u8, u8)> {
    handicap_points(size, if size == 19 { 9 } else { 5 })
}

impl From<Illegal> for Refusal {
    fn from(why: Illegal) -> Refusal {
        let code = match why {
            Illegal::Occupied => "occupied",
            Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Superko { .. } => "superko",
            Illegal::HotPoint => "hot-point",
            Illegal::WrongPlayer { .. } => "wrong-player",
            Illegal::GameOver => "game-over",
        };
        // A stone can be put on an empty point of a real board whatever the rules say.
        let made_at_the_board = !matches!(why, Illegal::Occupied | Illegal::GameOver);
        Refusal { code, reason: why.message(), made_at_the_board }
    }
}

/// A game of go under its rules, with its handicap stones placed.
#[derive(Debug, Clone)]
pub struct GoGame {
    game: Game,
    handicap: u8,
}

impl GoGame {
    /// A new game: `handicap` stones (two or more) on the usual points, and White to move
    /// after them.
    pub fn new(rules: Ruleset, handicap: u8) -> Result<GoGame, BoardError> {
        let mut board = Board::new(rules.width, rules.height)?;
        let stones = handicap_points(rules.width.min(rules.height), handicap);
        for &(x, y) in &stones {
            if let Some(p) = board.point(x, y) {
                board.set_stone(p, Color::Black);
            }
        }
        let first = if stones.is_empty() { rules.first_player } else { Color::White };
        Ok(GoGame { game: Game::from_position(rules, board, first), handicap })
    }

    /// The engine's game: the board, prisoners, cycles and rules, for counting and reading.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Play stops here for the count, by a referee's ruling (false life counted dead).
    pub fn stop_for_count(&mut self) {
        self.game.stop_for_count();
    }

    /// Play resumes after the passes (dead stones resolved by play), `first` to move.
    pub fn resume(&mut self, first: Color) {
        self.game.resume(first);
    }

    fn engine_move(&self, mv: GameMove) -> Result<Move, Refusal> {
        match mv {
            GameMove::Pass => Ok(Move::Pass),
            GameMove::Place(x, y) => self.game.board().point(x, y).map(Move::Play).ok_or_else(|| Refusal {
                code: "off-board",
                reason: Message::new("illegal-off-board"),
                made_at_the_board: false,
            }),
            GameMove::Swap
            | GameMove::Offer(_)
            | GameMove::Keep(..)
            | GameMove::PlaceTwo(_)
            | GameMove::Step { .. }
            | GameMove::Carry { .. }
            | GameMove::PlaceMany { .. }
            | GameMove::Hand { .. } => {
                Err(Refusal { code: "not-in-go", reason: Message::new("illegal-not-in-go"), made_at_the_board: false })
            }
        }
    }
}

impl BoardGame for GoGame {
    fn to_move(&self) -> Color {
        self.game.to_move()
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        Ok(self.game.check(side, self.engine_move(mv)?)?)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        let mv = self.engine_move(mv)?;
        self.game.play(side, mv)?;
        Ok(())
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.game.ending().map(|ending| match ending {
            Ending::Passes | Ending::Ruling => PlayEnd::Counting,
        })
    }

    fn drawing(&self) -> Drawing {
        drawing_of(self.game.board())
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        coordinate(self.game.board().height(), SgfPoint { x, y })
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        let board = self.game.board();
        parse_point(text, board.width(), board.height()).map(|SgfPoint { x, y }| (x, y))
    }

    fn record_header(&self) -> String {
        let rules = self.game.rules();
        let escape = |s: &str| s.replace('\\', "\\\\").replace(']', "\\]");
        let size = if rules.width == rules.height {
            rules.width.to_string()
        } else {
            format!("{}:{}", rules.width, rules.height)
        };
        let mut out = format!(
            "GM[1]FF[4]CA[UTF-8]AP[Yunzi]SZ[{size}]KM[{}]RU[{}]",
            rules.komi.display_points(),
            escape(&rules.name)
        );
        let stones = handicap_points(rules.width.min(rules.height), self.handicap);
        if !stones.is_empty() {
            out.push_str(&format!("HA[{}]AB", self.handicap));
            for (x, y) in &stones {
                out.push_str(&format!("[{}{}]", (b'a' + x) as char, (b'a' + y) as char));
            }
        }
        out
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        let tag = match side {
            Color::Black => "B",
            Color::White => "W",
        };
        let at = match mv {
            GameMove::Pass => String::new(),
            GameMove::Place(x, y) => format!("{}{}", (b'a' + x) as char, (b'a' + y) as char),
            // Not moves of go: the shape refuses them before they reach a record.
            GameMove::Swap
            | GameMove::Offer(_)
            | GameMove::Keep(..)
            | GameMove::PlaceTwo(_)
            | GameMove::Step { .. }
            | GameMove::Carry { .. }
            | GameMove::PlaceMany { .. }
            | GameMove::Hand { .. } => {
                return String::new();
            }
        };
        format!("{tag}[{at}]")
    }
}

/// A go board as it is drawn: its grid with the star points, its stones, and its coordinates
/// (columns A–T without I, rows counted from the bottom).
pub fn drawing_of(board: &Board) -> Drawing {
    let (width, height) = (board.width(), board.height());
    let mut pieces = Vec::new();
    for y in 0..height {
        for x in 0..width {
            if let Some(colour) = board.point(x, y).and_then(|p| board.get(p)) {
                pieces.push(Piece::new(x, y, colour));
            }
        }
    }
    Drawing {
        width,
        height,
        lines: Lines::Grid {
            marked: if width == height { star_points(width) } else { Vec::new() },
            diagonals: Vec::new(),
        },
        pieces,
        offered: Vec::new(),
        column_labels: COLUMNS.chars().take(usize::from(width)).map(String::from).collect(),
        row_labels: (0..height).map(|y| (u16::from(height) - u16::from(y)).to_string()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::result::{GameResult, Margin};

    #[test]
    fn handicap_stones_sit_on_the_star_points() {
        assert_eq!(handicap_points(19, 2), vec![(15, 3), (3, 15)]);
        assert_eq!(handicap_points(19, 5).last(), Some(&(9, 9)));
        assert_eq!(handicap_points(19, 9).len(), 9);
        assert_eq!(handicap_points(9, 4), vec![(6, 2), (2, 6), (6, 6), (2, 2)]);
        for stones in 2..=9 {
            let points = handicap_points(9, stones);
            assert_eq!(points.len(), usize::from(stones), "{stones} stones on 9×9");
            let mut unique = points.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), points.len());
        }
        assert!(handicap_points(19, 1).is_empty(), "one stone: Black moves first without komi");
    }

    fn nine() -> GoGame {
        let rules = Ruleset::preset("chinese-1988").unwrap_or_else(|| panic!("a preset"));
        let rules = Ruleset { width: 9, height: 9, ..rules };
        GoGame::new(rules, 0).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn go_is_played_through_the_shape_of_a_game() -> Result<(), Refusal> {
        let mut game = nine();
        assert_eq!(game.to_move(), Color::Black);
        game.play(Color::Black, GameMove::Place(4, 4))?;
        assert_eq!(game.to_move(), Color::White);
        let occupied = game.check(Color::White, GameMove::Place(4, 4)).err();
        assert_eq!(occupied.as_ref().map(|r| (r.code, r.made_at_the_board)), Some(("occupied", false)));
        let out_of_turn = game.play(Color::Black, GameMove::Place(3, 3)).err();
        assert_eq!(out_of_turn.map(|r| (r.code, r.made_at_the_board)), Some(("wrong-player", true)));
        let off = game.check(Color::White, GameMove::Place(9, 0)).err();
        assert_eq!(off.map(|r| r.code), Some("off-board"));
        assert_eq!(game.play_end(), None);
        game.play(Color::White, GameMove::Pass)?;
        game.play(Color::Black, GameMove::Pass)?;
        assert_eq!(game.play_end(), Some(PlayEnd::Counting), "two passes: the position is counted");
        let _ = GameResult::Win { winner: Color::Black, margin: Margin::Resignation };
        Ok(())
    }

    #[test]
    fn go_draws_and_names_its_cells_and_writes_its_record() -> Result<(), Refusal> {
        let mut game = nine();
        game.play(Color::Black, GameMove::Place(2, 6))?;
        let drawing = game.drawing();
        assert_eq!((drawing.width, drawing.height), (9, 9));
        assert_eq!(drawing.pieces, vec![Piece::new(2, 6, Color::Black)]);
        assert_eq!(drawing.piece_at(2, 6), Some(Color::Black));
        assert_eq!(drawing.column_labels.concat(), "ABCDEFGHJ", "no I among the columns");
        assert_eq!(drawing.row_labels.first().map(String::as_str), Some("9"));
        assert_eq!(drawing.lines, Lines::Grid { marked: star_points(9), diagonals: Vec::new() });
        assert_eq!(game.cell_name(2, 6), "C3");
        assert_eq!(game.parse_cell("C3"), Some((2, 6)));
        assert_eq!(game.parse_cell("cg"), Some((2, 6)), "SGF letters too");
        assert_eq!(game.parse_cell("Z3"), None);
        assert_eq!(game.record_move(Color::White, GameMove::Place(2, 6)), "W[cg]");
        assert_eq!(game.record_move(Color::Black, GameMove::Pass), "B[]");
        let header = game.record_header();
        assert!(header.starts_with("GM[1]FF[4]CA[UTF-8]AP[Yunzi]SZ[9]KM["), "{header}");
        Ok(())
    }

    #[test]
    fn a_handicap_game_starts_with_its_stones_and_white_to_move() {
        let rules = Ruleset::preset("chinese-1988").unwrap_or_else(|| panic!("a preset"));
        let game = GoGame::new(Ruleset { width: 19, height: 19, ..rules }, 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.to_move(), Color::White);
        assert_eq!(game.drawing().pieces.len(), 2);
        assert!(game.record_header().ends_with("HA[2]AB[pd][dp]"), "{}", game.record_header());
    }
}
