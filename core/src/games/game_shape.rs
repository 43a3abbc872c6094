//! The shape of a game's rules: what the live board, the referee desk and the downloads need
//! of a game, whichever it is. Go implements it (`go::shape`); the folk games of
//! the folk-games text are to implement it too, and `live::AnyGame` holds whichever an
//! event plays. Points are (x, y) from the top left in the game's own cells (a go board's
//! intersections; a triangle or a hexagon of another board); the drawing says where each
//! cell is drawn.
use std::fmt;

use crate::color::Color;
use crate::message::Message;
use crate::result::GameResult;

/// A move as a player or a board assistant makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameMove {
    Pass,
    /// A piece put on a cell.
    Place(u8, u8),
    /// 五子棋 under competition rules: after Black 3 the player with White exchanges colours
    /// (三手可交换).
    Swap,
    /// 五子棋: Black 5 offered on two cells at once (五手两挑一) ...
    Offer([(u8, u8); 2]),
    /// ... of which White keeps this one as Black's fifth stone.
    Keep(u8, u8),
    /// 三通棋: White's once-in-a-game right, two pieces at once.
    PlaceTwo([(u8, u8); 2]),
    /// A piece moved from one cell to another (四季棋, 二虎棋, 六角棋, 七星棋: the games whose
    /// pieces move rather than being put down).
    Step {
        from: (u8, u8),
        to: (u8, u8),
    },
    /// 一字棋: `count` pieces off the top of one cell's stack, carried to another.
    Carry {
        from: (u8, u8),
        to: (u8, u8),
        count: u8,
    },
    /// 一字棋's 棋规三: `count` pieces put down on a cell at once.
    PlaceMany {
        at: (u8, u8),
        count: u8,
    },
    /// 八卦棋: a player's hand in a round — the 辅子 held (hidden until both hands are in) and
    /// the sum guessed.
    Hand {
        held: u8,
        guess: u8,
    },
}

/// Why the rules refuse a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The rule's stable name ("occupied", "suicide", "ko" …), for the pages to say it in the
    /// reader's language.
    pub code: &'static str,
    /// The reason as a referee reads it (its `Display` is the English, for records and logs).
    pub reason: Message,
    /// The move can be made on a real board all the same (a stone on an empty point): a board
    /// assistant who enters it has seen it played, so it is held for a referee to rule on.
    pub made_at_the_board: bool,
}

impl Refusal {
    /// A move the rules refuse as sent (never held for a referee): its stable name and the
    /// locale key of its reason.
    pub fn new(code: &'static str, key: &'static str) -> Refusal {
        Refusal { code, reason: Message::new(key), made_at_the_board: false }
    }

    /// What every game checks first: that play goes on, and that `side` is the one to move.
    pub fn check_turn(over: bool, side: Color, to_move: Color) -> Result<(), Refusal> {
        if over {
            return Err(Refusal::new("game-over", "illegal-game-over"));
        }
        if side != to_move {
            return Err(Refusal::wrong_player(to_move));
        }
        Ok(())
    }

    /// A move by the side not to move: refused, yet on a real board it was made.
    pub fn wrong_player(to_move: Color) -> Refusal {
        Refusal {
            code: "wrong-player",
            reason: Message::new("illegal-wrong-player").nested("colour", to_move.message()),
            made_at_the_board: true,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for Refusal {}

/// How play came to an end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayEnd {
    /// The players passed in turn: the position is to be counted, with the dead stones they
    /// agree on (go).
    Counting,
    /// The rules decide the game as it stands (five in a row, a side that cannot move …).
    Decided(GameResult),
}

impl PlayEnd {
    /// A game the rules decided: won by `winner`, or drawn.
    pub fn decided(winner: Option<Color>) -> PlayEnd {
        PlayEnd::Decided(match winner {
            Some(winner) => GameResult::Win { winner, margin: crate::result::Margin::Unspecified },
            None => GameResult::Draw,
        })
    }
}

/// One move of a folk game in Yunzi's text format: its side (`B` or `W`) and the move as
/// written ("a8-a5").
pub fn record_line(side: Color, text: impl fmt::Display) -> String {
    format!("{} {text}\n", if side == Color::Black { "B" } else { "W" })
}

/// A step's two cells as the game's own points (`point_of` names the cell (x, y)): refused
/// when the move is not a step, or a cell is not on the board.
pub fn step_points<P>(mv: GameMove, point_of: impl Fn(u8, u8) -> Option<P>) -> Result<(P, P), Refusal> {
    let GameMove::Step { from, to } = mv else { return Err(Refusal::new("not-a-step", "folk-not-a-step")) };
    point_of(from.0, from.1).zip(point_of(to.0, to.1)).ok_or_else(|| Refusal::new("off-board", "illegal-off-board"))
}

/// A step as Yunzi's text records write it, `B a8-a5`, the cells named by `game`; nothing for
/// another move.
pub fn step_line(game: &dyn BoardGame, side: Color, mv: GameMove) -> String {
    match mv {
        GameMove::Step { from, to } => {
            record_line(side, format_args!("{}-{}", game.cell_name(from.0, from.1), game.cell_name(to.0, to.1)))
        }
        _ => String::new(),
    }
}

/// How a board's lines run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lines {
    /// A square grid whose intersections are the cells, with marked points (go's star
    /// points) and diagonal lines, each from one cell to another (二虎棋's 米 squares).
    Grid { marked: Vec<(u8, u8)>, diagonals: Vec<[(u8, u8); 2]> },
    /// An equilateral triangle of small triangles (三通棋), `rows` of them from the apex:
    /// cell (x, y) is the x-th triangle (from 0, upward and downward in turn) of row y.
    Triangles { rows: u8 },
    /// Points placed on a fine lattice (六角棋's hexagon, 七星棋's Dipper): cell (x, y) lies x
    /// half-steps from the left and y rows from the top, rows a step's √3/2 apart; only the
    /// listed cells are points, each with its name; the segments are the board's lines, and
    /// the marked points are drawn as big rings (七星棋's stars).
    Lattice { points: Vec<((u8, u8), String)>, segments: Vec<[(u8, u8); 2]>, marked: Vec<(u8, u8)> },
}

/// A stack's height as written on its top piece.
pub fn height_label(height: u8) -> Option<&'static str> {
    const HEIGHTS: [&str; 17] =
        ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"];
    HEIGHTS.get(usize::from(height)).copied()
}

/// One piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub x: u8,
    pub y: u8,
    pub colour: Color,
    /// What is written on the piece (四季棋's 春 夏 秋 冬, the height of a stack), if anything.
    pub label: Option<&'static str>,
    /// A piece both players move (七星棋, 一字棋): drawn in neither side's colour.
    pub shared: bool,
}

impl Piece {
    /// A plain piece (a stone).
    pub fn new(x: u8, y: u8, colour: Color) -> Piece {
        Piece { x, y, colour, label: None, shared: false }
    }

    /// A side's piece with something written on it.
    pub fn labelled(x: u8, y: u8, colour: Color, label: &'static str) -> Piece {
        Piece { x, y, colour, label: Some(label), shared: false }
    }

    /// A piece both players move, with what is written on it (a stack's height) if anything.
    pub fn shared(x: u8, y: u8, label: Option<&'static str>) -> Piece {
        Piece { x, y, colour: Color::Black, label, shared: true }
    }
}

/// What a board looks like now: its size, its lines, the pieces on it, and each cell's name
/// as players write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawing {
    pub width: u8,
    pub height: u8,
    pub lines: Lines,
    pub pieces: Vec<Piece>,
    /// Pieces offered but not yet on the board: 五子棋's two offers for Black 5, one of which
    /// White keeps. Drawn faint, and a click on one keeps it.
    pub offered: Vec<Piece>,
    /// Column labels, left to right, and row labels, top to bottom.
    pub column_labels: Vec<String>,
    pub row_labels: Vec<String>,
}

impl Drawing {
    /// A board with no column or row labels and nothing offered: its points named by the
    /// lines (a lattice) or by the game (a grid's own labels are added after).
    pub fn of(width: u8, height: u8, lines: Lines, pieces: Vec<Piece>) -> Drawing {
        Drawing { width, height, lines, pieces, offered: Vec::new(), column_labels: Vec::new(), row_labels: Vec::new() }
    }

    /// The piece on cell (x, y), if any.
    pub fn piece_at(&self, x: u8, y: u8) -> Option<Color> {
        self.pieces.iter().find(|p| (p.x, p.y) == (x, y)).map(|p| p.colour)
    }
}

/// A game's rules, for one game in progress. Two sides, Black (who moves first unless the
/// setup says otherwise) and White.
pub trait BoardGame {
    /// The side whose turn it is.
    fn to_move(&self) -> Color;

    /// Whether `side` may make `mv` now, and if not, why.
    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal>;

    /// `side` makes `mv`; refused (and nothing changes) as [`BoardGame::check`] says.
    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal>;

    /// Whether play has ended, and how.
    fn play_end(&self) -> Option<PlayEnd>;

    /// The board as it is now, to draw.
    fn drawing(&self) -> Drawing;

    /// A cell's name as players write it ("D4").
    fn cell_name(&self, x: u8, y: u8) -> String;

    /// A cell written as players (or the record) write it; None if it is not on this board.
    fn parse_cell(&self, text: &str) -> Option<(u8, u8)>;

    /// How play ended, said for the board's status line, when the game says more than its
    /// result (五子棋's forbidden move and which, 三通棋's three sides).
    fn end_message(&self) -> Option<Message> {
        None
    }

    /// Whether the record is SGF; the folk games SGF has no number for are written in Yunzi's
    /// text format (docs/GAMES.md).
    fn record_is_sgf(&self) -> bool {
        true
    }

    /// Whether a move takes a piece from one cell to another ([`GameMove::Step`]) rather than
    /// putting one down: the board then takes two clicks, the piece and where it goes.
    fn moves_pieces(&self) -> bool {
        false
    }

    /// Whether a move may carry several pieces of a stack at once (一字棋): the board then asks
    /// how many.
    fn carries_stacks(&self) -> bool {
        false
    }

    /// Whether a move is a hand of hidden pieces and a guess (八卦棋) rather than a point: the
    /// board then asks for both.
    fn takes_hands(&self) -> bool {
        false
    }

    /// How many of the last moves are secret for now (八卦棋's first hand of a round, until the
    /// second is in): the record and the board leave them out.
    fn hidden_moves(&self) -> usize {
        0
    }

    /// What the board's status line says of the play besides whose turn it is (八卦棋: the
    /// last round's hands, and the first guess of this one).
    fn status_message(&self) -> Option<Message> {
        None
    }

    /// The record's opening properties (SGF: the game, its size, its rules, the setup), to
    /// which the record adds the players, the event, the clock and the result.
    fn record_header(&self) -> String;

    /// One move as the record writes it (SGF: `B[dd]`, a pass `W[]`).
    fn record_move(&self, side: Color, mv: GameMove) -> String;
}
