//! Which game a board plays: every game with the shape of `game_shape::BoardGame`, one variant
//! each. Go is the only one yet; what only go has (counting with dead stones, reading, cycles)
//! is reached through [`AnyGame::go`], so a new game makes the compiler name each such place.
use super::color::Color;
use super::game_shape::{BoardGame, Drawing, GameMove, PlayEnd, Refusal};
use super::go::shape::GoGame;

#[derive(Debug, Clone)]
pub enum AnyGame {
    Go(GoGame),
}

impl AnyGame {
    /// The game of go, for what only go has.
    pub fn go(&self) -> &GoGame {
        match self {
            AnyGame::Go(game) => game,
        }
    }

    pub fn go_mut(&mut self) -> &mut GoGame {
        match self {
            AnyGame::Go(game) => game,
        }
    }

    fn shape(&self) -> &dyn BoardGame {
        match self {
            AnyGame::Go(game) => game,
        }
    }

    fn shape_mut(&mut self) -> &mut dyn BoardGame {
        match self {
            AnyGame::Go(game) => game,
        }
    }
}

impl BoardGame for AnyGame {
    fn to_move(&self) -> Color {
        self.shape().to_move()
    }

    fn check(&self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.shape().check(side, mv)
    }

    fn play(&mut self, side: Color, mv: GameMove) -> Result<(), Refusal> {
        self.shape_mut().play(side, mv)
    }

    fn play_end(&self) -> Option<PlayEnd> {
        self.shape().play_end()
    }

    fn drawing(&self) -> Drawing {
        self.shape().drawing()
    }

    fn cell_name(&self, x: u8, y: u8) -> String {
        self.shape().cell_name(x, y)
    }

    fn parse_cell(&self, text: &str) -> Option<(u8, u8)> {
        self.shape().parse_cell(text)
    }

    fn record_header(&self) -> String {
        self.shape().record_header()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        self.shape().record_move(side, mv)
    }
}
