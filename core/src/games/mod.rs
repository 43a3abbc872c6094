//! Which game a board plays: every game with the shape of `game_shape::BoardGame`, one variant
//! each: go and every folk game of the seed. What only go has (counting with dead stones, reading, cycles) is reached
//! through [`AnyGame::go`], which is None for the other games.
//!
//! The games, each in its own room (go and 五子棋 in folders of their own), with the shape
//! they share (`game_shape`) and the record format of the folk games (`folk_record`).

pub mod bagua;
pub mod erhu;
pub mod folk_record;
pub mod game_shape;
pub mod go;
pub mod liujiao;
pub mod qixing;
pub mod renju;
pub mod repetition;
pub mod santong;
pub mod siji;
pub mod yizi;
use super::color::Color;
use super::message::Message;
use crate::games::bagua::BaguaGame;
use crate::games::erhu::ErhuGame;
use crate::games::game_shape::{BoardGame, Drawing, GameMove, PlayEnd, Refusal};
use crate::games::go::shape::GoGame;
use crate::games::liujiao::LiujiaoGame;
use crate::games::qixing::QixingGame;
use crate::games::renju::RenjuGame;
use crate::games::santong::SantongGame;
use crate::games::siji::SijiGame;
use crate::games::yizi::YiziGame;

#[derive(Debug, Clone)]
// One game per live board, held by value: the size of go's variant costs nothing to box away.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    Go(GoGame),
    Renju(RenjuGame),
    Santong(SantongGame),
    Siji(SijiGame),
    Erhu(ErhuGame),
    Liujiao(LiujiaoGame),
    Qixing(QixingGame),
    Yizi(YiziGame),
    Bagua(BaguaGame),
}

impl AnyGame {
    /// The game of go, for what only go has; None for another game.
    pub fn go(&self) -> Option<&GoGame> {
        match self {
            AnyGame::Go(game) => Some(game),
            _ => None,
        }
    }

    pub fn go_mut(&mut self) -> Option<&mut GoGame> {
        match self {
            AnyGame::Go(game) => Some(game),
            _ => None,
        }
    }

    /// The game of 五子棋, for what only it has (the opening's swap and offers).
    pub fn renju(&self) -> Option<&RenjuGame> {
        match self {
            AnyGame::Renju(game) => Some(game),
            _ => None,
        }
    }

    /// The game of 三通棋, for what only it has (White's two at once).
    pub fn santong(&self) -> Option<&SantongGame> {
        match self {
            AnyGame::Santong(game) => Some(game),
            _ => None,
        }
    }

    fn shape(&self) -> &dyn BoardGame {
        match self {
            AnyGame::Go(game) => game,
            AnyGame::Renju(game) => game,
            AnyGame::Santong(game) => game,
            AnyGame::Siji(game) => game,
            AnyGame::Erhu(game) => game,
            AnyGame::Liujiao(game) => game,
            AnyGame::Qixing(game) => game,
            AnyGame::Yizi(game) => game,
            AnyGame::Bagua(game) => game,
        }
    }

    fn shape_mut(&mut self) -> &mut dyn BoardGame {
        match self {
            AnyGame::Go(game) => game,
            AnyGame::Renju(game) => game,
            AnyGame::Santong(game) => game,
            AnyGame::Siji(game) => game,
            AnyGame::Erhu(game) => game,
            AnyGame::Liujiao(game) => game,
            AnyGame::Qixing(game) => game,
            AnyGame::Yizi(game) => game,
            AnyGame::Bagua(game) => game,
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

    fn end_message(&self) -> Option<Message> {
        self.shape().end_message()
    }

    fn record_is_sgf(&self) -> bool {
        self.shape().record_is_sgf()
    }

    fn moves_pieces(&self) -> bool {
        self.shape().moves_pieces()
    }

    fn carries_stacks(&self) -> bool {
        self.shape().carries_stacks()
    }

    fn takes_hands(&self) -> bool {
        self.shape().takes_hands()
    }

    fn hidden_moves(&self) -> usize {
        self.shape().hidden_moves()
    }

    fn status_message(&self) -> Option<Message> {
        self.shape().status_message()
    }

    fn record_header(&self) -> String {
        self.shape().record_header()
    }

    fn record_move(&self, side: Color, mv: GameMove) -> String {
        self.shape().record_move(side, mv)
    }
}
