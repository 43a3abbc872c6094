//! A game played live through Yunzi: the moves as the server received them (each with the
//! time it took), the clock, and the end: after the passes both players mark the dead stones
//! (pre-filled by the engine's proposal); when both agree the engine counts and the result
//! stands; when one does not, the game waits for a referee (a dead-stone dispute).
//!
//! Pure: the service stores the moves and [`LiveState`] with every change and rebuilds the
//! game from them ([`LiveGame::restore`]), replaying the moves through the rules engine.
use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::clock::{ClockError, GameClock, Millis, Pressed, TimeControl};
use super::color::Color;
use super::games::AnyGame;
use super::limits::MAX_MOVES_PER_GAME;
use super::message::Message;
use crate::games::bagua::BaguaGame;
use crate::games::erhu::ErhuGame;
use crate::games::game_shape::{BoardGame, GameMove, PlayEnd, Refusal};
use crate::games::go::board::{BoardError, Point};
use crate::games::go::game::Game;
use crate::games::go::life::{DeadGroup, propose, propose_dead};
use crate::games::go::ruleset::Ruleset;
use crate::games::go::scoring::{self, Count, CountInput};
use crate::games::go::shape::GoGame;
use crate::games::liujiao::LiujiaoGame;
use crate::games::qixing::{QixingEnd, QixingGame, QixingSetup};
use crate::games::renju::{RenjuGame, RenjuRules};
use crate::games::santong::SantongGame;
use crate::games::siji::SijiGame;
use crate::games::yizi::{YiziEnd, YiziGame, YiziSetup};

/// The folk games an event may play instead of go (docs/GAMES.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FolkGame {
    /// 五子棋 under these rules.
    Gomoku(RenjuRules),
    /// 三通棋.
    Santong,
    /// 四季棋.
    Siji,
    /// 二虎棋.
    Erhu,
    /// 六角棋.
    Liujiao,
    /// 七星棋 under this setup and agreement.
    Qixing(QixingSetup, QixingEnd),
    /// 一字棋 under this setup and agreement.
    Yizi(YiziSetup, YiziEnd),
    /// 八卦棋 (its course and goal as docs/GAMES.md reads them).
    Bagua,
}

impl FolkGame {
    /// The folk game an event's rule set names, if it names one.
    pub fn of_ruleset(code: &str) -> Option<FolkGame> {
        match code {
            "santong" => Some(FolkGame::Santong),
            "siji" => Some(FolkGame::Siji),
            "erhu" => Some(FolkGame::Erhu),
            "liujiao" => Some(FolkGame::Liujiao),
            "qixing-1" => Some(FolkGame::Qixing(QixingSetup::OnTheStars, QixingEnd::LastMoverWins)),
            "qixing-2" => Some(FolkGame::Qixing(QixingSetup::PutDownInTurn, QixingEnd::LastMoverWins)),
            "qixing-1-last-loses" => Some(FolkGame::Qixing(QixingSetup::OnTheStars, QixingEnd::LastMoverLoses)),
            "qixing-2-last-loses" => Some(FolkGame::Qixing(QixingSetup::PutDownInTurn, QixingEnd::LastMoverLoses)),
            "yizi-1" => Some(FolkGame::Yizi(YiziSetup::OneOnEach, YiziEnd::LastMoverWins)),
            "yizi-2" => Some(FolkGame::Yizi(YiziSetup::TwoOnTheFarFive, YiziEnd::LastMoverWins)),
            "yizi-3" => Some(FolkGame::Yizi(YiziSetup::PlacedInTurn, YiziEnd::LastMoverWins)),
            "yizi-1-last-loses" => Some(FolkGame::Yizi(YiziSetup::OneOnEach, YiziEnd::LastMoverLoses)),
            "yizi-2-last-loses" => Some(FolkGame::Yizi(YiziSetup::TwoOnTheFarFive, YiziEnd::LastMoverLoses)),
            "yizi-3-last-loses" => Some(FolkGame::Yizi(YiziSetup::PlacedInTurn, YiziEnd::LastMoverLoses)),
            "bagua" => Some(FolkGame::Bagua),
            _ => RenjuRules::from_code(code).map(FolkGame::Gomoku),
        }
    }
}
use super::result::{GameResult, Margin};

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Paired, not started: the clock starts at the scheduled time or the first move.
    Waiting,
    Playing,
    /// Play has ended by passes: the players mark dead stones.
    Marking,
    /// The players disagree on dead stones: a referee decides.
    Disputed,
    Finished,
}

/// One move as received: `point` (x, y from the top left, 0-based) or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveMove {
    pub colour: Color,
    pub point: Option<(u8, u8)>,
    /// Time charged to the mover.
    pub spent: Millis,
    pub at: DateTime<Utc>,
}

/// Everything about the game besides its moves, stored with every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveState {
    pub phase: Phase,
    pub clock: Option<GameClock>,
    /// Stones marked dead (x, y), while marking.
    pub dead: Vec<(u8, u8)>,
    /// Whether Black, White agree with the marks.
    pub agreed: [bool; 2],
    pub result: Option<GameResult>,
    /// A referee has called an adjournment: the player to move seals their move.
    #[serde(default)]
    pub adjourning: bool,
    /// The sealed move, kept secret until play resumes (Art. 14).
    #[serde(default)]
    pub sealed: Option<SealedMove>,
    /// When Black, White arrived (checked in, or first moved).
    #[serde(default)]
    pub arrived: [Option<DateTime<Utc>>; 2],
    /// Black, White asked that a timeout in the last byo-yomi minute count as a pass (2002
    /// Art. 22.5).
    #[serde(default)]
    pub pass_on_timeout: [bool; 2],
    /// A referee has paused the game (with or without a clock).
    #[serde(default)]
    pub paused: bool,
    /// Counts every stored change, so watchers can drop a message older than one they have.
    #[serde(default)]
    pub version: u64,
    /// Cycles the engine found that have been filed for the referees.
    #[serde(default)]
    pub cycles_filed: usize,
    /// Warnings given to Black, White in this game (Art. 25.2: the second loses it; under the
    /// 2002 rules each also costs a stone at the count).
    #[serde(default)]
    pub warnings: [u32; 2],
    /// A move a board assistant entered that the rules refuse (an illegal move, or a second
    /// move in a row): the clock stops until a referee rules.
    #[serde(default)]
    pub held: Option<HeldMove>,
    /// A cycle on the board (triple ko, eternal life …), found by the engine or claimed by a
    /// player or recorder: play and both clocks stop until a referee rules (Art. 20.3).
    #[serde(default)]
    pub held_cycle: Option<HeldCycle>,
    /// Where a referee resumed play after the passes (dead stones resolved by play): after how
    /// many moves, and who moved first. Replaying the record resumes there again.
    #[serde(default)]
    pub resumptions: Vec<Resumption>,
    /// The moves that are not one stone on a point — 五子棋's opening (the swap, the two
    /// offers for Black 5, the one kept) and 三通棋's two at once: by their number in the record.
    #[serde(default)]
    pub openings: Vec<OpeningMove>,
}

/// A move of 五子棋's opening, stored beside the record's moves: the move numbered `number`
/// (1-based) is this, its `point` being the first offered or the one kept (none for a swap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningMove {
    pub number: usize,
    pub kind: OpeningKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpeningKind {
    /// The players exchanged colours after Black 3.
    Swap,
    /// Black 5 offered on the move's point and on this second one.
    Offer((u8, u8)),
    /// White kept the offered stone on the move's point.
    Keep,
    /// 三通棋: White put two pieces at once, on the move's point and on this one.
    Two((u8, u8)),
    /// A piece moved to the move's point from this one (四季棋 and the other games whose
    /// pieces move).
    From((u8, u8)),
    /// 一字棋: this many pieces carried to the move's point from the cell given.
    Carry((u8, u8), u8),
    /// 一字棋's 棋规三: this many pieces put down on the move's point.
    Many(u8),
    /// 八卦棋: a hand, the 辅子 held and the sum guessed (the move has no point).
    Hand { held: u8, guess: u8 },
}

/// The game as it stood before a referee's ruling, kept with the dispute: an appeal that
/// overturns the ruling starts again from there, if nothing has happened on the board since.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BeforeRuling {
    pub state: LiveState,
    pub moves: Vec<LiveMove>,
    /// The board's written result then, as stored.
    pub result: Option<String>,
    /// The game's version once the ruling was stored.
    pub version_after: u64,
}

/// A move held for the referee (see [`LiveState::held`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldMove {
    pub colour: Color,
    pub point: Option<(u8, u8)>,
    /// Why the engine refuses it, as a referee reads it.
    pub why: String,
}

/// A cycle that holds the game (see [`LiveState::held_cycle`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldCycle {
    /// The lap the engine found: the position before move `first` came back after move
    /// `last` (numbered from 1 in the record). None for a claim the engine has not seen.
    pub lap: Option<(usize, usize)>,
}

/// See [`LiveState::resumptions`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resumption {
    pub after: usize,
    pub first: Color,
}

/// A move sealed at an adjournment: played when the referee resumes the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedMove {
    pub colour: Color,
    pub point: Option<(u8, u8)>,
}

/// The engine's view of a position for a referee: the stones it proposes dead, chain by chain
/// with why (proven or estimated), and the count under the game's rules with them
/// (`handicap` stones handed back as the rules say).
pub fn proposal_for(game: &Game, handicap: u8) -> (Vec<DeadGroup>, Count) {
    let proposal = propose(game.board(), game.rules().life_rules());
    let count = count_position(game, &proposal.dead, [0, 0], handicap);
    (proposal.groups, count)
}

/// What a player who refuses the marks contests, read from the marks he leaves on the board
/// against the engine's proposal (the marks start from it): the groups he holds alive (the
/// engine proposes them dead, and he took their marks off), and the chains he holds dead (he
/// marked them, and the engine does not propose them dead).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contested {
    /// Who refused the marks (None: a board assistant entered it).
    pub by: Option<Color>,
    pub alive: Vec<Vec<(u8, u8)>>,
    pub dead: Vec<Vec<(u8, u8)>>,
}

impl Contested {
    pub fn is_empty(&self) -> bool {
        self.alive.is_empty() && self.dead.is_empty()
    }
}

/// [`Contested`] on `game`'s position, with the engine's `proposal` and the `marks` left.
pub fn contested(game: &Game, proposal: &[DeadGroup], marks: &[(u8, u8)], by: Option<Color>) -> Contested {
    let board = game.board();
    let alive: Vec<Vec<(u8, u8)>> = proposal
        .iter()
        .map(|group| group.stones.iter().map(|p| board.xy(*p)).collect::<Vec<_>>())
        .filter(|stones| !stones.iter().all(|s| marks.contains(s)))
        .collect();
    let proposed: Vec<(u8, u8)> = proposal.iter().flat_map(|g| g.stones.iter().map(|p| board.xy(*p))).collect();
    let mut dead: Vec<Vec<(u8, u8)>> = Vec::new();
    for &(x, y) in marks {
        if proposed.contains(&(x, y)) || dead.iter().any(|chain| chain.contains(&(x, y))) {
            continue;
        }
        let Some(p) = board.point(x, y) else { continue };
        if board.get(p).is_none() {
            continue;
        }
        let mut chain: Vec<(u8, u8)> = board.chain(p).into_iter().map(|q| board.xy(q)).collect();
        chain.sort_unstable();
        dead.push(chain);
    }
    Contested { by, alive, dead }
}

/// The count of `game`'s position with `dead` stones removed, under its rules.
fn count_position(game: &Game, dead: &[Point], warnings: [u32; 2], handicap: u8) -> Count {
    let input = CountInput {
        dead,
        prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
        warnings,
        handicap: u32::from(handicap),
        territory: &[],
    };
    scoring::count(game.board(), game.rules(), &input)
}

/// The fixed things: rules (board size and komi included), handicap, and the round's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveSetup {
    /// Go's rules; for 五子棋, the referee's settings (warnings) only.
    pub rules: Ruleset,
    /// The game, when it is not go (五子棋 under its rules, 三通棋).
    pub folk: Option<FolkGame>,
    pub handicap: u8,
    pub control: Option<TimeControl>,
    /// The scheduled start: the clock runs from then, a late player's too (Art. 23).
    pub starts_at: Option<DateTime<Utc>>,
    /// Lateness beyond this loses the game (both late: both lose); None: no limit.
    pub late_limit: Option<Millis>,
    /// The 2002 rules deduct a late player's lateness twice (once by the running clock), and
    /// let a player ask that a timeout in the last byo-yomi minute count as a pass (Art. 22.5).
    pub lateness_twice: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LiveError {
    /// The rules refuse the move.
    Illegal(Refusal),
    /// The action does not fit where the game stands.
    NotNow(Phase),
    /// A point off the board.
    OffBoard,
    /// No stone there to mark.
    NoStone,
    /// A referee has paused the clock (Art. 14).
    Paused,
    /// Only a paused game resumes.
    NotPaused,
    /// An adjournment is called: the player to move seals their move instead.
    SealRequired,
    /// A move is sealed only when a referee adjourns the game.
    NoAdjournment,
    /// A timeout counts as a pass only under the 2002 rules with Chinese byo-yomi.
    NoPassOnTimeout,
    /// A move is held for a referee's ruling: play waits.
    Held,
    /// A cycle holds the game until a referee rules on it (Art. 20.3): moves `first` to
    /// `last` when the engine found the lap.
    CycleHeld(Option<(usize, usize)>),
    /// The ruling voids a held move, and no move of that player is held.
    NothingHeld,
    /// A recount needs a game that ended by passes and was counted.
    NotCounted,
    /// The ruling sets clocks, and the game has none.
    NoClock,
    /// A stored move no longer replays (the record was changed by hand): move number, why.
    Corrupt(usize, String),
    Board(String),
    /// The game has as many moves as a record may hold ([`MAX_MOVES_PER_GAME`]).
    TooManyMoves,
}

impl LiveError {
    pub fn message(&self) -> Message {
        match self {
            LiveError::Illegal(why) => Message::new("error-illegal-move").nested("why", why.reason.clone()),
            LiveError::Held => Message::new("error-live-held"),
            LiveError::CycleHeld(Some((first, last))) => {
                Message::new("error-live-cycle-held").number("first", *first as i64).number("last", *last as i64)
            }
            LiveError::CycleHeld(None) => Message::new("error-live-cycle-claimed"),
            LiveError::NothingHeld => Message::new("error-live-nothing-held"),
            LiveError::NotCounted => Message::new("error-live-not-counted"),
            LiveError::NoClock => Message::new("error-live-no-clock"),
            LiveError::NotNow(Phase::Waiting) => Message::new("error-live-waiting"),
            LiveError::NotNow(Phase::Playing) => Message::new("error-live-playing"),
            LiveError::NotNow(Phase::Marking) => Message::new("error-live-marking"),
            LiveError::NotNow(Phase::Disputed) => Message::new("error-live-disputed"),
            LiveError::NotNow(Phase::Finished) => Message::new("error-live-finished"),
            LiveError::OffBoard => Message::new("illegal-off-board"),
            LiveError::TooManyMoves => {
                Message::new("error-live-too-many-moves").number("max", MAX_MOVES_PER_GAME as i64)
            }
            LiveError::NoStone => Message::new("error-live-no-stone"),
            LiveError::Paused => Message::new("error-live-paused"),
            LiveError::NotPaused => Message::new("error-live-not-paused"),
            LiveError::SealRequired => Message::new("error-live-seal-required"),
            LiveError::NoAdjournment => Message::new("error-live-no-adjournment"),
            LiveError::NoPassOnTimeout => Message::new("error-live-no-pass-on-timeout"),
            LiveError::Corrupt(n, why) => {
                Message::new("error-live-corrupt").number("move", *n as i64).text("why", why.as_str())
            }
            LiveError::Board(why) => Message::new("error-live-board").text("why", why.as_str()),
        }
    }
}

impl fmt::Display for LiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for LiveError {}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// In time; play goes on.
    Move { spent: Millis },
    /// The second pass in a row: play has ended, marking begins.
    PlayEnded { spent: Millis },
    /// The mover's time had run out before the move arrived.
    TimeOut(GameResult),
    /// The mover's last minute had run out: as they asked, it counted as a pass (2002 Art.
    /// 22.5) and the move that came is not played.
    PassedOnTime,
}

/// A move as stored (a point, or None for a pass) as the game's rules take it.
fn game_move(point: Option<(u8, u8)>) -> GameMove {
    match point {
        None => GameMove::Pass,
        Some((x, y)) => GameMove::Place(x, y),
    }
}

/// The stored move numbered `number` as the game's rules take it, with 五子棋's opening moves.
fn stored_move(point: Option<(u8, u8)>, number: usize, openings: &[OpeningMove]) -> GameMove {
    match (openings.iter().find(|o| o.number == number).map(|o| o.kind), point) {
        (Some(OpeningKind::Swap), _) => GameMove::Swap,
        (Some(OpeningKind::Hand { held, guess }), _) => GameMove::Hand { held, guess },
        (Some(OpeningKind::Offer(second)), Some(first)) => GameMove::Offer([first, second]),
        (Some(OpeningKind::Keep), Some((x, y))) => GameMove::Keep(x, y),
        (Some(OpeningKind::Two(second)), Some(first)) => GameMove::PlaceTwo([first, second]),
        (Some(OpeningKind::From(from)), Some(to)) => GameMove::Step { from, to },
        (Some(OpeningKind::Carry(from, count)), Some(to)) => GameMove::Carry { from, to, count },
        (Some(OpeningKind::Many(count)), Some(at)) => GameMove::PlaceMany { at, count },
        _ => game_move(point),
    }
}

#[derive(Clone)]
pub struct LiveGame {
    setup: LiveSetup,
    game: AnyGame,
    moves: Vec<LiveMove>,
    state: LiveState,
}

fn board_error(e: BoardError) -> LiveError {
    LiveError::Board(e.to_string())
}

impl LiveGame {
    /// A game not yet started.
    pub fn new(setup: LiveSetup) -> Result<LiveGame, LiveError> {
        let state = LiveState {
            phase: Phase::Waiting,
            clock: setup.control.map(GameClock::new),
            dead: Vec::new(),
            agreed: [false, false],
            result: None,
            adjourning: false,
            sealed: None,
            arrived: [None, None],
            pass_on_timeout: [false, false],
            paused: false,
            version: 0,
            cycles_filed: 0,
            warnings: [0, 0],
            held: None,
            held_cycle: None,
            resumptions: Vec::new(),
            openings: Vec::new(),
        };
        LiveGame::restore(setup, Vec::new(), state)
    }

    /// The game from its stored moves and state; every move is replayed by the engine.
    pub fn restore(setup: LiveSetup, moves: Vec<LiveMove>, state: LiveState) -> Result<LiveGame, LiveError> {
        let mut game = match setup.folk {
            Some(FolkGame::Gomoku(rules)) => {
                AnyGame::Renju(RenjuGame::new(rules, setup.rules.width).map_err(|e| LiveError::Board(e.to_string()))?)
            }
            Some(FolkGame::Santong) => AnyGame::Santong(SantongGame::new()),
            Some(FolkGame::Siji) => AnyGame::Siji(SijiGame::new()),
            Some(FolkGame::Erhu) => AnyGame::Erhu(ErhuGame::new()),
            Some(FolkGame::Liujiao) => AnyGame::Liujiao(LiujiaoGame::new()),
            Some(FolkGame::Qixing(setup, end)) => AnyGame::Qixing(QixingGame::new(setup, end)),
            Some(FolkGame::Yizi(setup, end)) => AnyGame::Yizi(YiziGame::new(setup, end)),
            Some(FolkGame::Bagua) => AnyGame::Bagua(BaguaGame::new()),
            None => AnyGame::Go(GoGame::new(setup.rules.clone(), setup.handicap).map_err(board_error)?),
        };
        for (n, m) in moves.iter().enumerate() {
            let mv = stored_move(m.point, n + 1, &state.openings);
            game.play(m.colour, mv).map_err(|e| LiveError::Corrupt(n + 1, e.to_string()))?;
            if let Some(resumed) = state.resumptions.iter().find(|r| r.after == n + 1)
                && let Some(go) = game.go_mut()
            {
                go.resume(resumed.first);
            }
        }
        Ok(LiveGame { setup, game, moves, state })
    }

    pub fn state(&self) -> &LiveState {
        &self.state
    }

    pub fn moves(&self) -> &[LiveMove] {
        &self.moves
    }

    /// The game on the board, whichever it is (see `game_shape::BoardGame`).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The game of go, for what only go has (its board, prisoners, counting and reading);
    /// None for another game.
    pub fn go(&self) -> Option<&Game> {
        self.game.go().map(GoGame::game)
    }

    pub fn setup(&self) -> &LiveSetup {
        &self.setup
    }

    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    fn require(&self, phase: Phase) -> Result<(), LiveError> {
        if self.state.phase == phase { Ok(()) } else { Err(LiveError::NotNow(self.state.phase)) }
    }

    /// Starts play at `at`: the clock of the player to move runs from then (a scheduled start,
    /// so a late player's time runs).
    pub fn start(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.require(Phase::Waiting)?;
        let to_move = self.to_move();
        if let Some(clock) = &mut self.state.clock {
            clock.start(to_move, at);
        }
        self.state.phase = Phase::Playing;
        Ok(())
    }

    fn finish(&mut self, result: GameResult) -> GameResult {
        if let Some(clock) = &mut self.state.clock {
            clock.stop();
        }
        // Nothing waits on a finished game.
        self.state.held = None;
        self.state.held_cycle = None;
        self.state.paused = false;
        self.state.adjourning = false;
        self.state.sealed = None;
        self.state.phase = Phase::Finished;
        self.state.result = Some(result);
        result
    }

    /// `colour` arrives at `at` (checks in, or moves first). Lateness past the scheduled start
    /// has run on the clock already; under the 2002 rules it is taken once more. False if that
    /// used the player's time up (the game is then lost on time).
    pub fn arrive(&mut self, colour: Color, at: DateTime<Utc>) -> Result<bool, LiveError> {
        if !matches!(self.state.phase, Phase::Waiting | Phase::Playing) {
            return Err(LiveError::NotNow(self.state.phase));
        }
        if self.state.arrived[colour.index()].is_some() {
            return Ok(true);
        }
        self.state.arrived[colour.index()] = Some(at);
        let Some(start) = self.setup.starts_at else { return Ok(true) };
        let millis =
            |from: DateTime<Utc>, to: DateTime<Utc>| u64::try_from((to - from).num_milliseconds()).unwrap_or(0);
        let late = millis(start, at);
        // Art. 23.3: the whole lateness comes off the late player's time. The clock ran it for
        // the side to move first from the scheduled start; the other side's clock ran only from
        // the first move, so the lateness before it is taken here.
        let moves_first = self.moves.first().map_or(self.to_move() == colour, |m| m.colour == colour);
        let not_run = if moves_first { 0 } else { millis(start, self.moves.first().map_or(at, |m| m.at.min(at))) };
        // The 2002 rules take the lateness once more (Art. 22.1).
        let taken = not_run + if self.setup.lateness_twice { late } else { 0 };
        if taken > 0
            && let Some(clock) = &mut self.state.clock
            && !clock.deduct(colour, taken)
        {
            self.finish(GameResult::Win { winner: colour.opponent(), margin: Margin::Time });
            return Ok(false);
        }
        Ok(true)
    }

    /// When the server must next look at the game with nobody acting: the scheduled start, the
    /// lateness limit while someone is missing, the running clock's flag.
    pub fn due_at(&self) -> Option<DateTime<Utc>> {
        let state = &self.state;
        let limit = match (self.setup.starts_at, self.setup.late_limit) {
            (Some(start), Some(limit)) if state.arrived.iter().any(Option::is_none) => {
                Some(start + chrono::Duration::milliseconds(i64::try_from(limit).unwrap_or(i64::MAX / 2)))
            }
            _ => None,
        };
        match state.phase {
            Phase::Waiting => self.setup.starts_at,
            Phase::Playing => [state.clock.and_then(|c| c.flag_at()), limit].into_iter().flatten().min(),
            _ => None,
        }
    }

    /// What the passing of time does by `at` with nobody acting: the game starts at its
    /// scheduled time; past the lateness limit an absent player loses (both absent: both lose,
    /// Art. 23); a fallen flag loses on time. The result, if the game ended.
    pub fn tick(&mut self, at: DateTime<Utc>) -> Option<GameResult> {
        if self.state.phase == Phase::Waiting
            && let Some(start) = self.setup.starts_at.filter(|start| *start <= at)
        {
            let _ = self.start(start);
        }
        if self.state.phase != Phase::Playing {
            return None;
        }
        if let (Some(start), Some(limit)) = (self.setup.starts_at, self.setup.late_limit)
            && at >= start + chrono::Duration::milliseconds(i64::try_from(limit).unwrap_or(i64::MAX / 2))
        {
            let absent = |c: Color| self.state.arrived[c.index()].is_none();
            let result = match (absent(Color::Black), absent(Color::White)) {
                (true, true) => Some(GameResult::BothLose),
                (true, false) => Some(GameResult::Win { winner: Color::White, margin: Margin::Forfeit }),
                (false, true) => Some(GameResult::Win { winner: Color::Black, margin: Margin::Forfeit }),
                (false, false) => None,
            };
            if let Some(result) = result {
                return Some(self.finish(result));
            }
        }
        self.check_time(at)
    }

    /// Ends the game on time if the player to move has flagged by `at`; the result then.
    pub fn check_time(&mut self, at: DateTime<Utc>) -> Option<GameResult> {
        if self.state.phase != Phase::Playing {
            return None;
        }
        // A pass on time hands the clock over: the opponent's flag may have fallen too since.
        while let Some(flag) = self.state.clock.as_ref()?.flag_at().filter(|flag| *flag <= at) {
            if let Some(result) = self.flag_fell(flag) {
                return Some(result);
            }
            if self.state.phase != Phase::Playing {
                return None;
            }
        }
        None
    }

    /// Whether a player may ask that a timeout count as a pass: the 2002 rules, and the game's
    /// clock is Chinese byo-yomi.
    pub fn timeout_may_pass(&self) -> bool {
        self.setup.lateness_twice
            && matches!(self.state.clock.map(|c| c.control), Some(TimeControl::ChineseByoYomi { .. }))
    }

    /// Asks (or stops asking) that `colour`'s timeout in the last byo-yomi minute count as a
    /// pass (2002 Art. 22.5).
    pub fn ask_pass_on_timeout(&mut self, colour: Color, asked: bool) -> Result<(), LiveError> {
        if !self.timeout_may_pass() {
            return Err(LiveError::NoPassOnTimeout);
        }
        if !matches!(self.state.phase, Phase::Waiting | Phase::Playing) {
            return Err(LiveError::NotNow(self.state.phase));
        }
        self.state.pass_on_timeout[colour.index()] = asked;
        Ok(())
    }

    /// The flag of the player to move fell at `flag`: a loss on time (the result), or, as they
    /// asked under 2002 Art. 22.5, a pass: the opponent's clock starts at the flag and the
    /// passer keeps their last minute for the next move.
    fn flag_fell(&mut self, flag: DateTime<Utc>) -> Option<GameResult> {
        let colour = self.to_move();
        if !(self.timeout_may_pass() && self.state.pass_on_timeout[colour.index()]) {
            return Some(self.finish(GameResult::Win { winner: colour.opponent(), margin: Margin::Time }));
        }
        let clock = self.state.clock.as_mut()?;
        let spent = clock.turn_time(flag);
        // The passer's time is used up but for the last minute, which they keep.
        let last_minute = clock.control.after_timeout_pass();
        match colour {
            Color::Black => clock.black = last_minute,
            Color::White => clock.white = last_minute,
        }
        clock.start(colour.opponent(), flag);
        if self.game.play(colour, GameMove::Pass).is_err() {
            return Some(self.finish(GameResult::Win { winner: colour.opponent(), margin: Margin::Time }));
        }
        self.moves.push(LiveMove { colour, point: None, spent, at: flag });
        self.after_move();
        None
    }

    /// After a move: play may have ended. Two passes in go: the engine proposes the dead
    /// stones and the players mark them; a game its rules decide ends with their result.
    fn after_move(&mut self) -> bool {
        let end = match self.game.play_end() {
            None => return false,
            Some(end) => end,
        };
        if let Some(clock) = &mut self.state.clock {
            clock.stop();
        }
        if let PlayEnd::Decided(result) = end {
            self.finish(result);
            return true;
        }
        if let Some(go) = self.go() {
            let board = go.board();
            self.state.dead = propose_dead(board, go.rules().life_rules()).into_iter().map(|p| board.xy(p)).collect();
        }
        self.state.agreed = [false, false];
        self.state.phase = Phase::Marking;
        true
    }

    /// The clock is stopped by a referee (a pause, an adjournment with its sealed move, a move
    /// held for a ruling).
    pub fn is_paused(&self) -> bool {
        self.state.paused || self.state.sealed.is_some() || self.state.held.is_some() || self.state.held_cycle.is_some()
    }

    /// A cycle stops play and both clocks at `at` until a referee rules (Art. 20.3): the one
    /// the engine just found (`lap`), or one a player or recorder claims (None). Only a game
    /// in play is held; one already held by a cycle stays as it is.
    pub fn hold_for_cycle(&mut self, lap: Option<(usize, usize)>, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.require(Phase::Playing)?;
        if self.state.held_cycle.is_some() {
            return Ok(());
        }
        // A clock a referee's pause, a sealed move or a held move stopped already stays so.
        if let Some(clock) = &mut self.state.clock
            && clock.running.is_some()
            && !clock.is_paused()
        {
            clock.pause(at).map_err(|_| LiveError::Paused)?;
        }
        self.state.held_cycle = Some(HeldCycle { lap });
        Ok(())
    }

    /// The cycle's hold is lifted at `at` (the claim dismissed: play goes on); the clock runs
    /// again unless a referee's pause or a held move still stops it.
    fn release_cycle(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        if self.state.held_cycle.take().is_none() {
            return Ok(());
        }
        let still_held = self.is_paused();
        if let Some(clock) = &mut self.state.clock
            && clock.is_paused()
            && !still_held
        {
            clock.resume(at).map_err(|_| LiveError::NotPaused)?;
        }
        Ok(())
    }

    /// The time from `down` to `up` (the server was not running) is charged to nobody. False if
    /// no clock was running.
    pub fn skip_downtime(&mut self, down: DateTime<Utc>, up: DateTime<Utc>) -> bool {
        match &mut self.state.clock {
            Some(clock) if clock.running.is_some() => {
                clock.skip(down, up);
                true
            }
            _ => false,
        }
    }

    /// A referee's ruling ends the game with `result` (a cycle's draw or no result), or
    /// changes the result of a finished one.
    pub fn end_by_ruling(&mut self, result: GameResult) -> Result<(), LiveError> {
        if self.state.phase == Phase::Waiting {
            return Err(LiveError::NotNow(self.state.phase));
        }
        self.finish(result);
        Ok(())
    }

    /// A board assistant entered `point` for `colour` and the engine refuses it (`why`): the
    /// move is held and the clock stopped at `at` until a referee rules. The dispute it makes:
    /// a second move in a row, or an illegal move.
    pub fn hold(
        &mut self,
        colour: Color,
        point: Option<(u8, u8)>,
        why: String,
        at: DateTime<Utc>,
    ) -> Result<super::referee::DisputeKind, LiveError> {
        self.require(Phase::Playing)?;
        if self.is_paused() {
            return Err(LiveError::Paused);
        }
        if let Some(clock) = &mut self.state.clock
            && clock.running.is_some()
        {
            clock.pause(at).map_err(|_| LiveError::Paused)?;
        }
        let kind = if colour == self.to_move() {
            super::referee::DisputeKind::IllegalMove
        } else {
            super::referee::DisputeKind::TwoMovesInARow
        };
        self.state.held = Some(HeldMove { colour, point, why });
        Ok(kind)
    }

    /// Applies a referee's ruling at `at` (see `domain::referee` for which article allows
    /// which). The game goes on, is played again, or ends with the ruling's result.
    pub fn apply_ruling(
        &mut self,
        kind: super::referee::DisputeKind,
        ruling: super::referee::Ruling,
        at: DateTime<Utc>,
    ) -> Result<(), LiveError> {
        use super::referee::{DisputeKind, Ruling};
        let win_for = |loser: Color, margin| GameResult::Win { winner: loser.opponent(), margin };
        match ruling {
            // The record is the position: a moved stone goes back where the record has it.
            Ruling::RestorePosition | Ruling::PositionStands => Ok(()),
            // A held move that is not upheld was entered by mistake; marks disputed in vain
            // stand, and the count is made with them. Other claims change nothing.
            Ruling::Dismiss => {
                match kind {
                    DisputeKind::IllegalMove | DisputeKind::TwoMovesInARow if self.state.held.is_some() => {
                        self.release_held(at)?;
                    }
                    DisputeKind::Cycle => self.release_cycle(at)?,
                    DisputeKind::DeadStones if self.state.phase == Phase::Disputed => {
                        if let Some(count) = self.count() {
                            self.finish(count.result);
                        }
                    }
                    _ => {}
                }
                Ok(())
            }
            // Reports that disagree are about a game played over the board: whatever the
            // live board's phase, the ruling is its result.
            Ruling::Draw if kind == DisputeKind::ResultDisagreement => {
                self.finish(GameResult::Draw);
                Ok(())
            }
            Ruling::Loss { offender } if kind == DisputeKind::ResultDisagreement => {
                self.finish(win_for(offender, Margin::Unspecified));
                Ok(())
            }
            Ruling::Draw => self.end_by_ruling(GameResult::Draw),
            Ruling::NoResult => self.end_by_ruling(GameResult::NoResult),
            Ruling::BothLose => self.end_by_ruling(GameResult::BothLose),
            Ruling::LossForTwoMoves { offender } | Ruling::Loss { offender } => {
                self.end_by_ruling(win_for(offender, Margin::Unspecified))
            }
            // The record has the stone where it was first played: the warning is what is left.
            Ruling::RestoreWithWarning { offender } => {
                self.warn(offender);
                Ok(())
            }
            Ruling::VoidMove { offender } => {
                if self.state.held.as_ref().is_none_or(|held| held.colour != offender) {
                    return Err(LiveError::NothingHeld);
                }
                self.release_held(at).map(|_| ())
            }
            Ruling::LossOnTime { loser } => self.end_by_ruling(win_for(loser, Margin::Time)),
            Ruling::Replay => self.replay(at),
            Ruling::ResolveByPlay { first } => self.resolve_by_play(first, at),
            Ruling::VoidMoveLoseTurn { offender } => self.void_held(offender, false, at),
            Ruling::VoidMoveWithWarning { offender } => self.void_held(offender, true, at),
            Ruling::Recount => self.reopen_marking(),
            Ruling::Warning { offender } => {
                self.warn(offender);
                Ok(())
            }
            Ruling::AdjustClock { black, white } => self.grant_time(black, white, at),
            Ruling::FalseLifeDead { side } => self.count_false_life_dead(side),
        }
    }

    /// The side that a held cycle keeps alive only by going round (false life), where the
    /// game's rules count that dead (`Ruleset::false_life_dead`); None for any other cycle, or
    /// none held.
    pub fn held_false_life(&self) -> Option<Color> {
        let held = self.state.held_cycle.as_ref()?;
        let go = self.go().filter(|go| go.rules().false_life_dead)?;
        let cycle = match held.lap {
            Some((first, last)) => go.cycles().iter().find(|c| (c.first_move, c.last_move) == (first, last)),
            None => go.cycles().last(),
        }?;
        cycle.living_falsely
    }

    /// False life counted dead (1988 Art. 20.2): the held cycle's play stops for good, and the
    /// players mark the dead stones, starting from `side`'s stones the engine proposes dead,
    /// and agree the count (or refuse it, as after the passes).
    fn count_false_life_dead(&mut self, side: Color) -> Result<(), LiveError> {
        self.require(Phase::Playing)?;
        if self.held_false_life() != Some(side) {
            return Err(LiveError::NotNow(self.state.phase));
        }
        self.state.held_cycle = None;
        if let Some(clock) = &mut self.state.clock {
            clock.stop();
        }
        // Play has ended as after the passes: a recount or a warning counts again from here.
        self.game.go_mut().ok_or(LiveError::NotNow(Phase::Playing))?.stop_for_count();
        let go = self.go().ok_or(LiveError::NotNow(Phase::Playing))?;
        let board = go.board();
        let proposed = propose_dead(board, go.rules().life_rules());
        self.state.dead = proposed.into_iter().filter(|p| board.get(*p) == Some(side)).map(|p| board.xy(p)).collect();
        self.state.agreed = [false, false];
        self.state.phase = Phase::Marking;
        Ok(())
    }

    /// The held move is dropped and the clock runs again from `at`.
    fn release_held(&mut self, at: DateTime<Utc>) -> Result<HeldMove, LiveError> {
        let held = self.state.held.take().ok_or(LiveError::NothingHeld)?;
        if let Some(clock) = &mut self.state.clock
            && clock.is_paused()
            && !self.state.paused
        {
            clock.resume(at).map_err(|_| LiveError::NotPaused)?;
        }
        Ok(held)
    }

    /// The held move is void (Art. 19, 20.1; 2002: a second move in a row too). An offender
    /// whose turn it was loses that turn (弃权一次: a pass in the record); `warned`: with a
    /// warning (2002).
    fn void_held(&mut self, offender: Color, warned: bool, at: DateTime<Utc>) -> Result<(), LiveError> {
        let held = self.state.held.as_ref().ok_or(LiveError::NothingHeld)?;
        if held.colour != offender {
            return Err(LiveError::NothingHeld);
        }
        self.release_held(at)?;
        if warned && self.warn(offender) {
            return Ok(());
        }
        if self.to_move() == offender && !self.is_paused() {
            let lost = self.play(offender, None, at)?;
            if let Played::PlayEnded { .. } = lost {
                // A lost turn is not a pass that ends the game: play goes on, and the record
                // resumes there when replayed.
                let next = offender.opponent();
                if let Some(go) = self.game.go_mut() {
                    go.resume(next);
                }
                self.state.resumptions.push(Resumption { after: self.moves.len(), first: next });
                self.state.phase = Phase::Playing;
                self.state.dead.clear();
                if let Some(clock) = &mut self.state.clock {
                    clock.start(next, at);
                }
            }
        }
        Ok(())
    }

    /// A warning for `colour` (Art. 25.2); true if it lost the game (the second). A game
    /// already counted is counted again, since under the 2002 rules a warning costs a stone.
    fn warn(&mut self, colour: Color) -> bool {
        // Only a result the count gave is counted again (not one a ruling gave).
        let counted = self.state.phase == Phase::Finished
            && self.game.play_end() == Some(PlayEnd::Counting)
            && self.state.result.is_some()
            && self.state.result == self.count().map(|c| c.result);
        self.state.warnings[colour.index()] += 1;
        if let Some(result) = scoring::lost_by_warnings(self.state.warnings, &self.setup.rules) {
            self.state.held = None;
            self.finish(result);
            return true;
        }
        if counted && let Some(count) = self.count() {
            self.finish(count.result);
        }
        false
    }

    /// Dead stones disputed: play resumes at `at` and `first` (who claims "dead") moves first
    /// (2002 Art. 21.4); the passes then end play again and the stones are marked anew.
    fn resolve_by_play(&mut self, first: Color, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.require(Phase::Disputed)?;
        self.game.go_mut().ok_or(LiveError::NotNow(Phase::Disputed))?.resume(first);
        self.state.resumptions.push(Resumption { after: self.moves.len(), first });
        self.state.phase = Phase::Playing;
        self.state.dead.clear();
        self.state.agreed = [false, false];
        if let Some(clock) = &mut self.state.clock {
            clock.start(first, at);
        }
        Ok(())
    }

    /// A counting error (Art. 16.3): the count is made again. The game goes back to marking,
    /// with the marks it was counted with, for the players to agree anew.
    fn reopen_marking(&mut self) -> Result<(), LiveError> {
        if self.state.phase != Phase::Finished || self.game.play_end() != Some(PlayEnd::Counting) {
            return Err(LiveError::NotCounted);
        }
        self.state.phase = Phase::Marking;
        self.state.result = None;
        self.state.agreed = [false, false];
        Ok(())
    }

    /// The game is played again from the empty board, started at `at` with fresh clocks; the
    /// players are at the board. The old record is the dispute's.
    fn replay(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        if self.state.phase == Phase::Waiting {
            return Err(LiveError::NotNow(Phase::Waiting));
        }
        let version = self.state.version;
        let mut fresh = LiveGame::new(self.setup.clone())?;
        fresh.state.version = version;
        fresh.state.arrived = [Some(at), Some(at)];
        fresh.start(at)?;
        *self = fresh;
        Ok(())
    }

    /// A clock malfunction: `black` and `white` milliseconds are given back. A game lost on
    /// time is played on from `at`, the loser with only the time given.
    fn grant_time(&mut self, black: Millis, white: Millis, at: DateTime<Utc>) -> Result<(), LiveError> {
        if self.state.clock.is_none() {
            return Err(LiveError::NoClock);
        }
        let lost_on_time = match self.state.result {
            Some(GameResult::Win { winner, margin: Margin::Time }) if self.state.phase == Phase::Finished => {
                Some(winner.opponent())
            }
            _ => None,
        };
        if (lost_on_time.is_none() && self.state.phase != Phase::Playing) || self.game.play_end().is_some() {
            return Err(LiveError::NotNow(self.state.phase));
        }
        let to_move = self.to_move();
        let clock = self.state.clock.as_mut().ok_or(LiveError::NoClock)?;
        if let Some(loser) = lost_on_time {
            clock.exhaust(loser);
            clock.start(to_move, at);
            self.state.phase = Phase::Playing;
            self.state.result = None;
        }
        clock.grant(Color::Black, black);
        clock.grant(Color::White, white);
        Ok(())
    }

    /// Marks a change to be stored (see [`LiveState::version`]).
    pub fn bump_version(&mut self) {
        self.state.version += 1;
    }

    /// The cycles the engine found that are not yet filed for the referees, now counted as
    /// filed.
    pub fn take_new_cycles(&mut self) -> Vec<crate::games::go::game::Cycle> {
        let found = self.go().map(Game::cycles).unwrap_or_default();
        let new = found.get(self.state.cycles_filed..).map(<[_]>::to_vec).unwrap_or_default();
        self.state.cycles_filed = found.len();
        new
    }

    /// A referee pauses the game (Art. 14): the paused time counts for nobody.
    pub fn pause(&mut self, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.require(Phase::Playing)?;
        if self.is_paused() {
            return Err(LiveError::Paused);
        }
        if let Some(clock) = &mut self.state.clock {
            clock.pause(at).map_err(|_| LiveError::Paused)?;
        }
        self.state.paused = true;
        Ok(())
    }

    /// A referee calls an adjournment (Art. 14, 22): the player to move now seals a move.
    pub fn adjourn(&mut self) -> Result<(), LiveError> {
        self.require(Phase::Playing)?;
        if self.is_paused() {
            return Err(LiveError::Paused);
        }
        self.state.adjourning = true;
        Ok(())
    }

    pub fn is_adjourning(&self) -> bool {
        self.state.adjourning
    }

    /// The player to move seals `point` at `at`: checked by the engine, kept secret, its time
    /// charged when it is played; the clock stops until the referee resumes.
    pub fn seal(&mut self, colour: Color, point: Option<(u8, u8)>, at: DateTime<Utc>) -> Result<(), LiveError> {
        self.require(Phase::Playing)?;
        if !self.state.adjourning || self.is_paused() {
            return Err(LiveError::NoAdjournment);
        }
        self.game.check(colour, game_move(point)).map_err(LiveError::Illegal)?;
        if let Some(clock) = &mut self.state.clock {
            clock.pause(at).map_err(|_| LiveError::Paused)?;
        }
        self.state.adjourning = false;
        self.state.paused = true;
        self.state.sealed = Some(SealedMove { colour, point });
        Ok(())
    }

    /// A referee resumes play at `at`; a sealed move is played at once (and shown).
    pub fn resume(&mut self, at: DateTime<Utc>) -> Result<Option<Played>, LiveError> {
        self.require(Phase::Playing)?;
        if self.state.held.is_some() {
            return Err(LiveError::Held);
        }
        if let Some(cycle) = self.state.held_cycle {
            return Err(LiveError::CycleHeld(cycle.lap));
        }
        if !self.is_paused() {
            return Err(LiveError::NotPaused);
        }
        if let Some(clock) = &mut self.state.clock
            && clock.is_paused()
        {
            clock.resume(at).map_err(|_| LiveError::NotPaused)?;
        }
        self.state.paused = false;
        match self.state.sealed.take() {
            Some(sealed) => self.play(sealed.colour, sealed.point, at).map(Some),
            None => Ok(None),
        }
    }

    /// `colour` plays `point` (None: passes) at `at`.
    pub fn play(&mut self, colour: Color, point: Option<(u8, u8)>, at: DateTime<Utc>) -> Result<Played, LiveError> {
        self.play_move(colour, game_move(point), at)
    }

    /// [`LiveGame::play`] for any move of the game's rules, 五子棋's opening moves included:
    /// after a swap the players exchange colours, and so do their clocks; after the swap and
    /// after White keeps Black 5, White moves again, and White's clock runs on.
    pub fn play_move(&mut self, colour: Color, mv: GameMove, at: DateTime<Utc>) -> Result<Played, LiveError> {
        self.require(Phase::Playing)?;
        if self.state.held.is_some() {
            return Err(LiveError::Held);
        }
        if let Some(cycle) = self.state.held_cycle {
            return Err(LiveError::CycleHeld(cycle.lap));
        }
        if self.is_paused() {
            return Err(LiveError::Paused);
        }
        if self.state.adjourning {
            return Err(LiveError::SealRequired);
        }
        if self.moves.len() >= MAX_MOVES_PER_GAME {
            return Err(LiveError::TooManyMoves);
        }
        self.game.check(colour, mv).map_err(LiveError::Illegal)?;
        // A first move is an arrival; a double deduction may use the time up.
        if !self.arrive(colour, at)? {
            return Ok(Played::TimeOut(self.state.result.unwrap_or(GameResult::NoResult)));
        }
        // A flag that fell before the move came decides first.
        if self.state.clock.and_then(|c| c.flag_at()).is_some_and(|flag| flag <= at) {
            return Ok(match self.check_time(at) {
                Some(result) => Played::TimeOut(result),
                None => Played::PassedOnTime,
            });
        }
        let spent = match &mut self.state.clock {
            Some(clock) => match clock.press(at) {
                Ok(Pressed::InTime { spent }) => spent,
                Ok(Pressed::TimeOut { colour }) => {
                    return Ok(Played::TimeOut(
                        self.finish(GameResult::Win { winner: colour.opponent(), margin: Margin::Time }),
                    ));
                }
                Err(ClockError::Paused) => return Err(LiveError::Paused),
                Err(_) => return Err(LiveError::NotNow(Phase::Waiting)),
            },
            None => 0,
        };
        self.game.play(colour, mv).map_err(LiveError::Illegal)?;
        let (point, opening) = match mv {
            GameMove::Pass => (None, None),
            GameMove::Place(x, y) => (Some((x, y)), None),
            GameMove::Swap => (None, Some(OpeningKind::Swap)),
            GameMove::Offer([first, second]) => (Some(first), Some(OpeningKind::Offer(second))),
            GameMove::Keep(x, y) => (Some((x, y)), Some(OpeningKind::Keep)),
            GameMove::PlaceTwo([first, second]) => (Some(first), Some(OpeningKind::Two(second))),
            GameMove::Step { from, to } => (Some(to), Some(OpeningKind::From(from))),
            GameMove::Carry { from, to, count } => (Some(to), Some(OpeningKind::Carry(from, count))),
            GameMove::PlaceMany { at, count } => (Some(at), Some(OpeningKind::Many(count))),
            GameMove::Hand { held, guess } => (None, Some(OpeningKind::Hand { held, guess })),
        };
        self.moves.push(LiveMove { colour, point, spent, at });
        if let Some(kind) = opening {
            self.state.openings.push(OpeningMove { number: self.moves.len(), kind });
        }
        if mv == GameMove::Swap {
            // The players exchange colours: what was Black's (time, arrival, warnings) is now
            // White's, since each follows its player (services::live swaps the pairing's seats).
            if let Some(clock) = &mut self.state.clock {
                std::mem::swap(&mut clock.black, &mut clock.white);
            }
            self.state.arrived.swap(0, 1);
            self.state.warnings.swap(0, 1);
            self.state.pass_on_timeout.swap(0, 1);
        }
        if self.game.to_move() == colour
            && self.game.play_end().is_none()
            && let Some(clock) = &mut self.state.clock
        {
            clock.start(colour, at);
        }
        if self.after_move() {
            return Ok(Played::PlayEnded { spent });
        }
        // The move completed a lap the engine has not yet filed: the game waits for the
        // referee, the clocks stopped at the move (Art. 20.3).
        if let Some(cycle) = self.go().and_then(|go| go.cycles().get(self.state.cycles_filed)) {
            let lap = Some((cycle.first_move, cycle.last_move));
            self.hold_for_cycle(lap, at)?;
        }
        Ok(Played::Move { spent })
    }

    /// `colour` resigns: the opponent wins.
    pub fn resign(&mut self, colour: Color) -> Result<GameResult, LiveError> {
        if !matches!(self.state.phase, Phase::Playing | Phase::Marking) {
            return Err(LiveError::NotNow(self.state.phase));
        }
        Ok(self.finish(GameResult::Win { winner: colour.opponent(), margin: Margin::Resignation }))
    }

    /// Marks the chain at (x, y) dead, or alive again if it was marked; both players must then
    /// agree anew.
    pub fn toggle_dead(&mut self, x: u8, y: u8) -> Result<(), LiveError> {
        self.require(Phase::Marking)?;
        let board = self.go().ok_or(LiveError::NotNow(Phase::Marking))?.board();
        let p = board.point(x, y).ok_or(LiveError::OffBoard)?;
        if board.get(p).is_none() {
            return Err(LiveError::NoStone);
        }
        let chain: Vec<(u8, u8)> = board.chain(p).into_iter().map(|q| board.xy(q)).collect();
        if self.state.dead.contains(&(x, y)) {
            self.state.dead.retain(|s| !chain.contains(s));
        } else {
            self.state.dead.extend(chain);
            self.state.dead.sort_unstable();
        }
        self.state.agreed = [false, false];
        Ok(())
    }

    /// The count with the stones marked dead (go's; None for a game that is not counted).
    pub fn count(&self) -> Option<Count> {
        let go = self.go()?;
        let board = go.board();
        let dead: Vec<Point> = self.state.dead.iter().filter_map(|&(x, y)| board.point(x, y)).collect();
        Some(count_position(go, &dead, self.state.warnings, self.setup.handicap))
    }

    /// `colour` agrees with the marks; when both have, the count is the result.
    pub fn agree(&mut self, colour: Color) -> Result<Option<Count>, LiveError> {
        self.require(Phase::Marking)?;
        self.state.agreed[colour.index()] = true;
        if self.state.agreed == [true, true]
            && let Some(count) = self.count()
        {
            self.finish(count.result);
            return Ok(Some(count));
        }
        Ok(None)
    }

    /// `colour` does not accept the marks: the game waits for a referee.
    pub fn dispute(&mut self) -> Result<(), LiveError> {
        self.require(Phase::Marking)?;
        self.state.phase = Phase::Disputed;
        Ok(())
    }

    /// The game's record as SGF, each move with the time it took (the clock's time left in
    /// BL/WL where there is a clock), and for a game ended by passes the engine's lines read
    /// (see `reading_variations`): the download.
    pub fn sgf(&self, black: &str, white: &str, event: &str) -> String {
        self.sgf_with(black, white, event, self.reading_variations())
    }

    /// The game's record alone, without reading (what a dispute keeps of the position, written
    /// inside its transaction).
    pub fn record_sgf(&self, black: &str, white: &str, event: &str) -> String {
        self.sgf_with(black, white, event, Vec::new())
    }

    /// Whether a broadcast delay holds the game back from spectators: it is still being played
    /// (waiting, playing, marking or before a referee), for the delay ends with the game.
    pub fn is_held_back(&self) -> bool {
        self.state.phase != Phase::Finished && self.state.result.is_none()
    }

    /// The game as spectators see it at `now` under a broadcast delay of `delay` (issue 53):
    /// the moves made up to `now - delay`, and the clocks as they stood then (the side to move
    /// running). None when they see it as it is: the game is over (the delay ends with it) or
    /// no move is younger than the delay.
    ///
    /// The clocks are each move's charged time replayed from the start (a lateness deduction or
    /// a referee's grant shows once the delay reaches the game as it is); the running turn is the
    /// next move's charged time less what was still to come of it. Marks, holds, pauses and
    /// seals belong to the live game and are not shown.
    pub fn delayed(&self, now: DateTime<Utc>, delay: chrono::Duration) -> Result<Option<LiveGame>, LiveError> {
        if delay <= chrono::Duration::zero() || !self.is_held_back() {
            return Ok(None);
        }
        let cutoff = now - delay;
        let shown = self.moves.partition_point(|m| m.at <= cutoff);
        let Some(next) = self.moves.get(shown) else { return Ok(None) };
        let mut state = self.state.clone();
        state.openings.retain(|o| o.number <= shown);
        state.resumptions.retain(|r| r.after <= shown);
        state.phase = Phase::Playing;
        state.dead.clear();
        state.agreed = [false, false];
        state.result = None;
        state.adjourning = false;
        state.sealed = None;
        state.paused = false;
        state.held = None;
        state.held_cycle = None;
        for arrival in &mut state.arrived {
            *arrival = arrival.filter(|at| *at <= cutoff);
        }
        let mut seen = LiveGame::restore(self.setup.clone(), self.moves[..shown].to_vec(), state)?;
        if seen.game.play_end().is_some() {
            seen.state.phase = Phase::Marking;
        }
        seen.state.clock = self.state.clock.map(|live| {
            let mut clock = GameClock::new(live.control);
            for (n, m) in self.moves[..shown].iter().enumerate() {
                if !clock.deduct_move(m.colour, m.spent) {
                    clock.exhaust(m.colour);
                }
                // After 五子棋's swap each clock follows its player, as in play.
                if seen.state.openings.iter().any(|o| o.number == n + 1 && o.kind == OpeningKind::Swap) {
                    std::mem::swap(&mut clock.black, &mut clock.white);
                }
            }
            if seen.state.phase == Phase::Playing {
                let still_to_come = u64::try_from((next.at - cutoff).num_milliseconds()).unwrap_or(0);
                let spent = next.spent.saturating_sub(still_to_come);
                clock.running = Some(super::clock::Running { colour: seen.to_move(), since: Some(now), spent });
            }
            clock
        });
        Ok(Some(seen))
    }

    /// When spectators under a broadcast delay of `delay` next see a move they have not seen
    /// at `now` (None: they see the game as it is).
    pub fn delayed_until(&self, now: DateTime<Utc>, delay: chrono::Duration) -> Option<DateTime<Utc>> {
        if delay <= chrono::Duration::zero() || !self.is_held_back() {
            return None;
        }
        self.moves.iter().map(|m| m.at).find(|at| *at > now - delay).map(|at| at + delay)
    }

    /// Whether the game's record is SGF (go, 五子棋) rather than Yunzi's text format (三通棋,
    /// which SGF has no game number for; docs/GAMES.md).
    pub fn record_is_sgf(&self) -> bool {
        self.game.record_is_sgf()
    }

    fn sgf_with(&self, black: &str, white: &str, event: &str, variations: Vec<String>) -> String {
        if !self.record_is_sgf() {
            // Comments, then a move a line: what `santong::replay_text` reads back.
            let mut out = self.game.record_header();
            out.push_str(&format!("# {event}: {black} (Black) – {white} (White)\n"));
            // A secret move (八卦棋's first hand of a round) is left out until it is revealed.
            let shown = self.moves.len().saturating_sub(self.game.hidden_moves());
            for (n, m) in self.moves.iter().enumerate().take(shown) {
                out.push_str(&self.game.record_move(m.colour, stored_move(m.point, n + 1, &self.state.openings)));
            }
            if let Some(result) = self.state.result {
                out.push_str(&format!("# result: {}\n", result.to_sgf()));
            }
            return out;
        }
        let escape = |s: &str| s.replace('\\', "\\\\").replace(']', "\\]");
        let mut out =
            format!("(;{}PB[{}]PW[{}]EV[{}]", self.game.record_header(), escape(black), escape(white), escape(event));
        if let Some(control) = self.setup.control {
            out.push_str(&format!(
                "TM[{}]OT[{}]",
                match control {
                    TimeControl::Absolute { main }
                    | TimeControl::ChineseByoYomi { main, .. }
                    | TimeControl::Japanese { main, .. }
                    | TimeControl::Canadian { main, .. }
                    | TimeControl::Fischer { main, .. } => main / 1000,
                },
                escape(&control.to_string())
            ));
        }
        if let Some(result) = self.state.result {
            out.push_str(&format!("RE[{}]", result.to_sgf()));
        }
        let mut clock = self.setup.control.map(GameClock::new);
        let mut nodes = Vec::with_capacity(self.moves.len());
        for (n, m) in self.moves.iter().enumerate() {
            let mut out = String::new();
            let left_tag = match m.colour {
                Color::Black => "BL",
                Color::White => "WL",
            };
            let mv = stored_move(m.point, n + 1, &self.state.openings);
            out.push_str(&format!(";{}", self.game.record_move(m.colour, mv)));
            if let Some(clock) = &mut clock {
                // A pass on time (2002 Art. 22.5) used all the time but the last minute, kept.
                let after = match clock.control.charge(clock.player(m.colour), m.spent, true) {
                    super::clock::Charge::InTime(after) => after,
                    super::clock::Charge::TimeOut => clock.control.after_timeout_pass(),
                };
                match m.colour {
                    Color::Black => clock.black = after,
                    Color::White => clock.white = after,
                }
                let left = clock.control.view(clock.player(m.colour), 0).main / 1000;
                out.push_str(&format!("{left_tag}[{left}]"));
                if mv == GameMove::Swap {
                    // 五子棋's swap: each player keeps their own time, now the other colour's.
                    std::mem::swap(&mut clock.black, &mut clock.white);
                }
            }
            out.push_str(&format!("C[{}s]", m.spent / 1000));
            nodes.push(out);
        }
        match nodes.split_last() {
            // The lines read branch off beside the last move (a pass, which leaves the
            // position as it is), so the game's own record stays the main line.
            Some((last, before)) if !variations.is_empty() => {
                out.push_str(&before.concat());
                out.push_str(&format!("(;{}", last.trim_start_matches(';')));
                out.push(')');
                for variation in variations {
                    out.push_str(&variation);
                }
            }
            _ => out.push_str(&nodes.concat()),
        }
        out.push(')');
        out
    }

    /// For a game ended by passes: each group the engine proposes dead and reads dead, as an
    /// SGF variation (the owner's best defence and the capture), its first node saying so.
    fn reading_variations(&self) -> Vec<String> {
        if self.game.play_end() != Some(PlayEnd::Counting) {
            return Vec::new();
        }
        let Some(go) = self.go() else { return Vec::new() };
        let board = go.board();
        let mut groups = propose(board, go.rules().life_rules()).groups;
        crate::games::go::life::read_groups(board, &mut groups, go.rules().life_rules());
        let name = |p: Point| {
            let (x, y) = board.xy(p);
            crate::games::go::record::coordinate(board.height(), crate::games::go::sgf::SgfPoint { x, y })
        };
        let mut out = Vec::new();
        use crate::games::go::reading::Verdict;
        for group in &groups {
            let owner = if group.colour == Color::Black { "Black" } else { "White" };
            let attacker = if group.colour == Color::Black { "White" } else { "Black" };
            // Read dead whoever starts; or left unsettled inside a living wall, captured with
            // the attacker first (proposed dead where the claimant moves first).
            let (line, said) = match (&group.reading, group.basis) {
                (Some(Verdict::Dead { line }), _) => (
                    line,
                    format!("captured even with {owner} to play first; this is the best defence and the capture"),
                ),
                (Some(Verdict::Unsettled { attack }), crate::games::go::life::Basis::Proven) => (
                    attack,
                    format!(
                        "left unsettled inside {attacker}'s living stones, captured with {attacker} to play first; this is the attack and the best answers"
                    ),
                ),
                _ => continue,
            };
            if line.is_empty() {
                continue;
            }
            let stones: Vec<String> = group.stones.iter().map(|p| name(*p)).collect();
            // A line as an SGF variation, its first node carrying the comment.
            let variation = |line: &[crate::games::go::reading::LineMove], comment: String| {
                let mut variation = String::from("(");
                for (i, (colour, point)) in line.iter().enumerate() {
                    let at = point
                        .map(|p| {
                            let (x, y) = board.xy(p);
                            format!("{}{}", (b'a' + x) as char, (b'a' + y) as char)
                        })
                        .unwrap_or_default();
                    variation.push_str(&format!(";{}[{at}]", if *colour == Color::Black { "B" } else { "W" }));
                    if i == 0 {
                        variation.push_str(&format!("C[{comment}]"));
                    }
                }
                variation.push(')');
                variation
            };
            out.push(variation(line, format!("Yunzi reading: {owner} {} is dead, {said}.", stones.join(" "))));
            // A checked proof's refutations of the owner's other tries, each a variation too.
            for (n, other) in group.proof.iter().flat_map(|p| p.lines.iter().skip(1)).enumerate() {
                let comment = format!(
                    "Yunzi proof, checked: {owner} {} is dead; try {} of {owner}, refuted.",
                    stones.join(" "),
                    n + 2
                );
                out.push(variation(other, comment));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{MINUTE, SECOND};
    use crate::games::go::game::Illegal;
    use chrono::TimeZone;

    fn t(seconds: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_800_000_000 + seconds, 0).single().unwrap_or_default()
    }

    fn nine(control: Option<TimeControl>) -> LiveGame {
        live_game(9, None, control)
    }

    fn gomoku(control: Option<TimeControl>) -> LiveGame {
        live_game(15, Some(FolkGame::Gomoku(RenjuRules::Renju)), control)
    }

    fn live_game(size: u8, folk: Option<FolkGame>, control: Option<TimeControl>) -> LiveGame {
        let mut rules = Ruleset::preset("chinese-1988").unwrap_or_else(|| panic!("preset"));
        rules.width = size;
        rules.height = size;
        let setup =
            LiveSetup { rules, folk, handicap: 0, control, starts_at: None, late_limit: None, lateness_twice: false };
        LiveGame::new(setup).unwrap_or_else(|e| panic!("{e}"))
    }

    /// 五子棋 on the live board: the swap exchanges the players' clocks and White moves again;
    /// Black 5 is offered twice and White keeps one, on White's clock; the record replays with
    /// its opening; Black's double three ends the game as a win for White, with nothing to count.
    #[test]
    fn gomoku_plays_its_opening_and_ends_on_a_forbidden_move() -> Result<(), LiveError> {
        let control = TimeControl::Fischer { main: 5 * MINUTE, increment: 10 * SECOND, cap: None };
        let mut game = gomoku(Some(control));
        game.start(t(0))?;
        let cell = |name: &str| game_cell(name);
        game.play(Color::Black, Some(cell("h8")), t(10))?;
        game.play(Color::White, Some(cell("i9")), t(30))?;
        game.play(Color::Black, Some(cell("j8")), t(40))?;
        let black_before = game.state().clock.map(|c| c.black.main);
        game.play_move(Color::White, GameMove::Swap, t(100))?;
        let clock = game.state().clock.unwrap_or_else(|| panic!("a clock"));
        assert_eq!(Some(clock.white.main), black_before, "the player who had Black keeps their time, now White's");
        assert_eq!(clock.running.map(|r| r.colour), Some(Color::White), "White 4 next, on White's clock");
        assert_eq!(game.to_move(), Color::White);
        game.play(Color::White, Some(cell("a1")), t(110))?;
        let (hh9, aa15) = (cell("h9"), cell("a15"));
        game.play_move(Color::Black, GameMove::Offer([hh9, aa15]), t(120))?;
        assert_eq!(game.game().drawing().offered.len(), 2);
        game.play_move(Color::White, GameMove::Keep(hh9.0, hh9.1), t(130))?;
        assert_eq!(game.state().clock.and_then(|c| c.running).map(|r| r.colour), Some(Color::White), "White plays 6");
        for (colour, name, at) in [(Color::White, "b1", 140), (Color::Black, "g10", 150), (Color::White, "c1", 160)] {
            game.play(colour, Some(cell(name)), t(at))?;
        }
        let again = LiveGame::restore(game.setup().clone(), game.moves().to_vec(), game.state().clone())?;
        assert_eq!(again.game().drawing(), game.game().drawing(), "the record replays with its opening");
        assert_eq!(game.play(Color::Black, Some(cell("i8")), t(170))?, Played::PlayEnded { spent: 10 * SECOND });
        assert_eq!(game.state().phase, Phase::Finished);
        assert_eq!(game.state().result, Some(GameResult::Win { winner: Color::White, margin: Margin::Unspecified }));
        assert!(game.count().is_none() && game.go().is_none(), "nothing to count in 五子棋");
        // The record's clocks follow the players across the swap: White 4 (a1) is played on the
        // time of the player who had Black (5:00 after its increment), not on White's 4:00.
        let sgf = game.sgf("Ann", "Bo", "Cup");
        assert!(sgf.contains(";SW[]WL[240]") && sgf.contains(";W[ao]WL[300]"), "{sgf}");
        Ok(())
    }

    /// A broadcast delay of 15 minutes: spectators see the moves made up to 15 minutes ago
    /// and the clocks as they stood then, the side to move running; once no move is younger
    /// than the delay, and from the end of the game, they see it as it is.
    #[test]
    fn spectators_under_a_delay_see_the_game_as_it_stood_then() -> Result<(), LiveError> {
        let mut game = nine(Some(TimeControl::Absolute { main: 20 * MINUTE }));
        game.start(t(0))?;
        for (colour, x, at) in
            [(Color::Black, 2, 10), (Color::White, 6, 70), (Color::Black, 4, 200), (Color::White, 3, 1000)]
        {
            game.play(colour, Some((x, x)), t(at))?;
        }
        let delay = chrono::Duration::minutes(15);
        let seen = game.delayed(t(1000), delay)?.unwrap_or_else(|| panic!("held back"));
        assert_eq!(seen.moves(), &game.moves()[..2], "the moves of up to 100 s in");
        assert_eq!(seen.to_move(), Color::Black);
        assert!(
            seen.go().is_some_and(|go| go.board().point(4, 4).is_some_and(|p| go.board().get(p).is_none())),
            "Black 3 not yet shown"
        );
        let clock = seen.state().clock.unwrap_or_else(|| panic!("a clock"));
        // Black had 20:00 − 0:10 and, 100 s in, had thought 30 s of Black 3's 130.
        assert_eq!(clock.view(Color::Black, t(1000)).main, 20 * MINUTE - 40 * SECOND);
        assert_eq!(clock.view(Color::White, t(1000)).main, 19 * MINUTE);
        assert_eq!(clock.view(Color::Black, t(1005)).main, 20 * MINUTE - 45 * SECOND, "and runs on");
        assert_eq!(game.delayed_until(t(1000), delay), Some(t(1100)), "Black 3 is shown 15 minutes after it");
        assert_eq!(game.moves().len(), 4, "the live game is untouched");
        // 15 minutes after the last move they see it as it is.
        assert!(game.delayed(t(1900), delay)?.is_none());
        assert_eq!(game.delayed_until(t(1900), delay), None);
        // The players pass and mark: spectators still see play of a quarter of an hour ago.
        game.play(Color::Black, None, t(1010))?;
        game.play(Color::White, None, t(1020))?;
        game.toggle_dead(2, 2)?;
        let seen = game.delayed(t(1130), delay)?.unwrap_or_else(|| panic!("held back"));
        assert_eq!((seen.state().phase, seen.state().dead.len(), seen.moves().len()), (Phase::Playing, 0, 3));
        // 15 minutes after the second pass they see the marking as it is.
        assert!(game.delayed(t(1915), delay)?.is_some());
        assert!(game.delayed(t(1925), delay)?.is_none());
        // The game ends: the delay ends with it.
        game.resign(Color::White)?;
        assert!(game.delayed(t(1030), delay)?.is_none());
        assert!(game.delayed(t(1030), chrono::Duration::zero())?.is_none());
        Ok(())
    }

    /// A cell of 五子棋's board by renju's name ("h8").
    fn game_cell(name: &str) -> (u8, u8) {
        let board = RenjuGame::new(RenjuRules::Renju, 15).unwrap_or_else(|e| panic!("{e}"));
        board.parse_cell(name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn a_game_holds_at_most_the_moves_a_record_may_hold() -> Result<(), LiveError> {
        let mut game = nine(None);
        game.start(t(0))?;
        // As if MAX_MOVES_PER_GAME moves had been played (the engine's position is not looked at).
        let filler = LiveMove { colour: Color::Black, point: None, spent: 0, at: t(0) };
        game.moves = vec![filler; MAX_MOVES_PER_GAME - 1];
        assert_eq!(game.play(Color::Black, Some((4, 4)), t(1))?, Played::Move { spent: 0 });
        assert_eq!(game.play(Color::White, Some((3, 3)), t(2)), Err(LiveError::TooManyMoves));
        assert!(LiveError::TooManyMoves.to_string().contains("2000 moves"));
        Ok(())
    }

    /// A short 9×9 game: an illegal move is refused with the engine's reason; two passes end
    /// play with the engine's dead-stone proposal; both agree and the count is the result.
    #[test]
    fn a_game_is_played_marked_agreed_and_counted() -> Result<(), LiveError> {
        let control = TimeControl::ChineseByoYomi { main: 10 * MINUTE, reserve: 3, period: MINUTE };
        let mut game = nine(Some(control));
        assert_eq!(game.play(Color::Black, Some((4, 4)), t(0)), Err(LiveError::NotNow(Phase::Waiting)));
        game.start(t(0))?;
        assert_eq!(game.play(Color::Black, Some((2, 2)), t(30))?, Played::Move { spent: 30 * SECOND });
        assert_eq!(
            game.play(Color::White, Some((2, 2)), t(40)),
            Err(LiveError::Illegal(Illegal::Occupied.into())),
            "the engine's reason"
        );
        assert_eq!(
            game.play(Color::Black, Some((3, 3)), t(40)),
            Err(LiveError::Illegal(Illegal::WrongPlayer { to_move: Color::White }.into()))
        );
        game.play(Color::White, Some((6, 6)), t(50))?;
        // A lone black stone inside White's area: the engine proposes it dead.
        game.play(Color::Black, Some((7, 7)), t(60))?;
        game.play(Color::White, None, t(70))?;
        assert_eq!(game.play(Color::Black, None, t(80))?, Played::PlayEnded { spent: 10 * SECOND });
        assert_eq!(game.state().phase, Phase::Marking);
        assert_eq!(game.state().clock.and_then(|c| c.running), None, "the clock stops for the count");
        let proposed = game.state().dead.clone();
        // Marking a chain and unmarking it again leaves the proposal, and resets agreement.
        game.agree(Color::Black)?;
        game.toggle_dead(2, 2)?;
        assert_eq!(game.state().agreed, [false, false]);
        game.toggle_dead(2, 2)?;
        assert_eq!(game.state().dead, proposed);
        assert_eq!(game.toggle_dead(0, 0), Err(LiveError::NoStone));
        assert_eq!(game.agree(Color::White)?, None);
        let count = game.agree(Color::Black)?.ok_or(LiveError::NotNow(Phase::Marking))?;
        assert_eq!(game.state().phase, Phase::Finished);
        assert_eq!(game.state().result, Some(count.result));
        assert_eq!(game.play(Color::White, None, t(90)), Err(LiveError::NotNow(Phase::Finished)));
        Ok(())
    }

    /// Stored and restored, the game is the same; a stored move that no longer replays is named.
    #[test]
    fn a_restored_game_replays_its_moves() -> Result<(), LiveError> {
        let mut game = nine(Some(TimeControl::Absolute { main: 5 * MINUTE }));
        game.start(t(0))?;
        for (i, p) in [(2, 2), (6, 6), (2, 6), (6, 2)].into_iter().enumerate() {
            let colour = if i % 2 == 0 { Color::Black } else { Color::White };
            game.play(colour, Some(p), t(10 * (i as i64 + 1)))?;
        }
        let restored = LiveGame::restore(game.setup().clone(), game.moves().to_vec(), game.state().clone())?;
        assert_eq!(restored.to_move(), Color::Black);
        assert_eq!(restored.go().map(|g| g.board().hash()), game.go().map(|g| g.board().hash()));
        let mut broken = game.moves().to_vec();
        broken[3].point = Some((2, 2));
        let error = LiveGame::restore(game.setup().clone(), broken, game.state().clone()).err();
        assert!(matches!(error, Some(LiveError::Corrupt(4, _))), "{error:?}");
        Ok(())
    }

    #[test]
    fn the_flag_ends_the_game_with_or_without_a_move() -> Result<(), LiveError> {
        let mut game = nine(Some(TimeControl::Absolute { main: MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((4, 4)), t(30))?;
        assert_eq!(game.check_time(t(89)), None);
        let lost = game.check_time(t(90));
        assert_eq!(lost, Some(GameResult::Win { winner: Color::Black, margin: Margin::Time }));
        let mut late = nine(Some(TimeControl::Absolute { main: MINUTE }));
        late.start(t(0))?;
        let played = late.play(Color::Black, Some((4, 4)), t(60))?;
        assert_eq!(played, Played::TimeOut(GameResult::Win { winner: Color::White, margin: Margin::Time }));
        assert!(late.moves().is_empty(), "a move after the flag is not played");
        Ok(())
    }

    /// Without a clock a pause still holds play; a sealed move cannot be followed by another.
    #[test]
    fn an_untimed_game_pauses_and_a_sealer_waits() -> Result<(), LiveError> {
        let mut game = nine(None);
        game.start(t(0))?;
        game.pause(t(1))?;
        assert_eq!(game.play(Color::Black, Some((4, 4)), t(2)), Err(LiveError::Paused));
        game.resume(t(3))?;
        game.adjourn()?;
        game.seal(Color::Black, Some((4, 4)), t(4))?;
        assert_eq!(game.play(Color::Black, Some((2, 2)), t(5)), Err(LiveError::Paused));
        assert_eq!(game.seal(Color::Black, Some((2, 2)), t(5)), Err(LiveError::NoAdjournment));
        assert_eq!(game.resume(t(6))?, Some(Played::Move { spent: 0 }));
        Ok(())
    }

    #[test]
    fn resigning_and_disputing_end_play_their_way() -> Result<(), LiveError> {
        let mut game = nine(None);
        game.start(t(0))?;
        assert_eq!(game.resign(Color::White)?, GameResult::Win { winner: Color::Black, margin: Margin::Resignation });
        let mut disputed = nine(None);
        disputed.start(t(0))?;
        disputed.play(Color::Black, None, t(1))?;
        disputed.play(Color::White, None, t(2))?;
        disputed.dispute()?;
        assert_eq!(disputed.state().phase, Phase::Disputed);
        assert_eq!(disputed.agree(Color::Black), Err(LiveError::NotNow(Phase::Disputed)));
        Ok(())
    }

    /// 2002 Art. 21.4: after the passes play resumes with the side that claims "dead"; the
    /// record replays with the resumption, and the passes end play again.
    #[test]
    fn dead_stones_disputed_are_resolved_by_play() -> Result<(), LiveError> {
        use crate::referee::{DisputeKind, Ruling};
        let mut game = nine(Some(TimeControl::Absolute { main: 10 * MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((2, 2)), t(1))?;
        game.play(Color::White, Some((6, 6)), t(2))?;
        game.play(Color::Black, None, t(3))?;
        game.play(Color::White, None, t(4))?;
        game.dispute()?;
        assert_eq!(
            game.apply_ruling(DisputeKind::DeadStones, Ruling::ResolveByPlay { first: Color::White }, t(5)),
            Ok(())
        );
        assert_eq!((game.state().phase, game.to_move()), (Phase::Playing, Color::White));
        assert_eq!(game.due_at(), Some(t(5 + 600 - 2)), "White's clock runs, less the 2 s White used");
        game.play(Color::White, Some((2, 3)), t(6))?;
        let again = LiveGame::restore(game.setup().clone(), game.moves().to_vec(), game.state().clone())?;
        assert_eq!((again.to_move(), again.moves().len()), (Color::Black, 5), "the record replays with the resumption");
        game.play(Color::Black, None, t(7))?;
        game.play(Color::White, None, t(8))?;
        assert_eq!(game.state().phase, Phase::Marking);
        assert_eq!(
            game.apply_ruling(DisputeKind::DeadStones, Ruling::ResolveByPlay { first: Color::Black }, t(9)),
            Err(LiveError::NotNow(Phase::Marking)),
            "only a disputed game is resolved by play"
        );
        Ok(())
    }

    /// An empty bent four in White's corner inside Black's pass-alive wall, played on a 9×9
    /// board to the passes: the game's download carries the attack that kills it (Black first,
    /// as the side that claims it dead moves first under the 1988 rules) as a variation.
    #[test]
    fn the_download_carries_the_attack_on_a_group_left_unsettled() -> Result<(), LiveError> {
        let rows = ["...OX.X.X", ".OOOXXXXX", "OOOXX.XXX", "XXXXXXXXX", "X.X.X.X.X", "XXXXXXXXX"];
        let of = |c: char| -> Vec<(u8, u8)> {
            let mut at = Vec::new();
            for (y, row) in rows.iter().enumerate() {
                for (x, cell) in row.chars().enumerate() {
                    if cell == c {
                        at.push((x as u8, y as u8));
                    }
                }
            }
            at
        };
        let (black, white) = (of('X'), of('O'));
        let mut game = nine(None);
        game.start(t(0))?;
        for (i, point) in black.iter().enumerate() {
            game.play(Color::Black, Some(*point), t(2 * i as i64 + 1))?;
            game.play(Color::White, white.get(i).copied(), t(2 * i as i64 + 2))?;
        }
        game.play(Color::Black, None, t(100))?;
        assert_eq!(game.state().phase, Phase::Marking);
        let sgf = game.sgf("Black", "White", "Test");
        assert!(
            sgf.contains("left unsettled inside Black's living stones, captured with Black to play first"),
            "{sgf}"
        );
        Ok(())
    }

    /// Three kos on a 9×9 board (`tests/sgf/triple-ko-9x9.sgf`): its setup stones, Black's and
    /// White's in turn (Black passes once, having one fewer), then one lap of the three kos.
    pub(crate) const TRIPLE_KO_9X9: [Option<(u8, u8)>; 28] = [
        Some((2, 0)),
        Some((1, 0)),
        Some((3, 1)),
        Some((0, 1)),
        Some((2, 2)),
        Some((2, 1)),
        Some((6, 0)),
        Some((1, 2)),
        Some((5, 1)),
        Some((7, 0)),
        Some((6, 2)),
        Some((8, 1)),
        Some((7, 1)),
        Some((7, 2)),
        Some((4, 8)),
        Some((3, 8)),
        Some((5, 7)),
        Some((2, 7)),
        Some((4, 6)),
        Some((4, 7)),
        None,
        Some((3, 6)),
        // The lap: each ko taken in turn, round the three.
        Some((1, 1)),
        Some((6, 1)),
        Some((3, 7)),
        Some((2, 1)),
        Some((7, 1)),
        Some((4, 7)),
    ];

    /// 1988 Art. 20.3: a cycle both keep up goes to the referee, who "可判和棋或者重下". The move
    /// that completes the lap holds the game: the next is refused with the lap named, both
    /// clocks stand still, and only the referee's ruling lets play on or ends the game.
    #[test]
    fn a_cycle_holds_the_game_until_the_referee_rules() -> Result<(), LiveError> {
        use crate::referee::{DisputeKind, Ruling};
        let mut game = nine(Some(TimeControl::Absolute { main: 10 * MINUTE }));
        game.start(t(0))?;
        for (i, point) in TRIPLE_KO_9X9.iter().enumerate() {
            let colour = if i % 2 == 0 { Color::Black } else { Color::White };
            game.play(colour, *point, t(i as i64 + 1))?;
        }
        assert_eq!(game.state().held_cycle, Some(HeldCycle { lap: Some((23, 28)) }), "held at the lap's last move");
        assert_eq!(game.play(Color::Black, Some((1, 1)), t(40)), Err(LiveError::CycleHeld(Some((23, 28)))));
        assert_eq!(game.due_at(), None, "both clocks stand still");
        let left = |g: &LiveGame| g.state().clock.map(|c| (c.black.main, c.white.main));
        let before = left(&game);
        game.tick(t(100));
        assert_eq!(left(&game), before, "60 s later nobody's time has run");
        assert_eq!(game.resume(t(100)), Err(LiveError::CycleHeld(Some((23, 28)))), "no resuming past the referee");
        assert_eq!(game.pause(t(100)), Err(LiveError::Paused));
        game.apply_ruling(DisputeKind::Conduct, Ruling::Dismiss, t(101))?;
        assert!(game.state().held_cycle.is_some(), "another dispute's ruling leaves the cycle held");

        // Dismissed: a player breaks the cycle, and Black's clock runs again from the ruling.
        let mut broken = game.clone();
        broken.apply_ruling(DisputeKind::Cycle, Ruling::Dismiss, t(200))?;
        assert_eq!(broken.state().held_cycle, None);
        assert_eq!(broken.due_at().map(|at| at > t(200)), Some(true), "Black's clock runs");
        broken.play(Color::Black, Some((4, 4)), t(201))?;

        // Replayed: a new game from the empty board; drawn: the game ends.
        let mut replayed = game.clone();
        replayed.apply_ruling(DisputeKind::Cycle, Ruling::Replay, t(200))?;
        assert_eq!((replayed.moves().len(), replayed.state().held_cycle), (0, None));
        game.apply_ruling(DisputeKind::Cycle, Ruling::Draw, t(200))?;
        assert_eq!((game.state().phase, game.state().result), (Phase::Finished, Some(GameResult::Draw)));
        assert_eq!(game.state().held_cycle, None);

        // A claim holds a game in play the same way; a finished one is not held.
        let mut claimed = nine(None);
        claimed.start(t(0))?;
        claimed.play(Color::Black, Some((4, 4)), t(1))?;
        claimed.hold_for_cycle(None, t(2))?;
        assert_eq!(claimed.play(Color::White, Some((3, 3)), t(3)), Err(LiveError::CycleHeld(None)));
        assert_eq!(game.hold_for_cycle(None, t(300)), Err(LiveError::NotNow(Phase::Finished)));
        // A claim while a referee's pause stops the clock holds the game all the same; lifting
        // the cycle leaves the pause.
        let mut paused = nine(Some(TimeControl::Absolute { main: 10 * MINUTE }));
        paused.start(t(0))?;
        paused.play(Color::Black, Some((4, 4)), t(1))?;
        paused.pause(t(2))?;
        paused.hold_for_cycle(None, t(3))?;
        paused.apply_ruling(DisputeKind::Cycle, Ruling::Dismiss, t(4))?;
        assert_eq!((paused.state().held_cycle, paused.state().paused, paused.due_at()), (None, true, None));
        Ok(())
    }

    /// A board assistant's illegal move or second move in a row is held for the referee, who
    /// voids it (the offender losing the turn), or gives the 1988 loss for two moves.
    #[test]
    fn held_moves_wait_for_the_ruling() -> Result<(), LiveError> {
        use crate::referee::{DisputeKind, Ruling};
        let mut game = nine(Some(TimeControl::Absolute { main: 10 * MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((1, 0)), t(1))?;
        game.play(Color::White, Some((5, 5)), t(2))?;
        game.play(Color::Black, Some((0, 1)), t(3))?;
        // White at the corner has no liberty and takes nothing: suicide.
        let kind = game.hold(Color::White, Some((0, 0)), "suicide".into(), t(10))?;
        assert_eq!(kind, DisputeKind::IllegalMove);
        assert_eq!(game.play(Color::White, Some((4, 4)), t(11)), Err(LiveError::Held));
        assert_eq!(game.due_at(), None, "the clock is stopped");
        game.apply_ruling(DisputeKind::Conduct, Ruling::Dismiss, t(50))?;
        assert!(game.state().held.is_some(), "dismissing another claim leaves the held move alone");
        assert_eq!(game.resume(t(50)), Err(LiveError::Held), "a held move is not resumed past");
        game.apply_ruling(DisputeKind::IllegalMove, Ruling::VoidMoveLoseTurn { offender: Color::White }, t(100))?;
        let last = game.moves().last().copied();
        assert_eq!(last.map(|m| (m.colour, m.point, m.spent)), Some((Color::White, None, 7_000)), "a lost turn");
        assert_eq!(game.to_move(), Color::Black);
        let kind = game.hold(Color::White, Some((4, 4)), "not White's turn".into(), t(101))?;
        assert_eq!(kind, DisputeKind::TwoMovesInARow);
        game.apply_ruling(DisputeKind::TwoMovesInARow, Ruling::LossForTwoMoves { offender: Color::White }, t(102))?;
        // A lost turn after the opponent's pass is not the second pass that ends play.
        let mut passed = nine(None);
        passed.start(t(0))?;
        passed.play(Color::Black, None, t(1))?;
        passed.hold(Color::White, Some((4, 4)), "ko".into(), t(2))?;
        passed.apply_ruling(DisputeKind::IllegalMove, Ruling::VoidMoveLoseTurn { offender: Color::White }, t(3))?;
        assert_eq!((passed.state().phase, passed.to_move(), passed.moves().len()), (Phase::Playing, Color::Black, 2));
        let again = LiveGame::restore(passed.setup().clone(), passed.moves().to_vec(), passed.state().clone())?;
        assert_eq!(again.to_move(), Color::Black, "the record replays past the lost turn");
        assert_eq!(game.state().result, Some(GameResult::Win { winner: Color::Black, margin: Margin::Unspecified }));
        assert_eq!(game.state().held, None);
        Ok(())
    }

    #[test]
    fn the_second_warning_loses_and_a_recount_reopens_the_marks() -> Result<(), LiveError> {
        use crate::referee::{DisputeKind, Ruling};
        let mut game = nine(None);
        game.start(t(0))?;
        game.play(Color::Black, Some((4, 4)), t(1))?;
        game.play(Color::White, None, t(2))?;
        game.play(Color::Black, None, t(3))?;
        game.agree(Color::Black)?;
        let counted = game.agree(Color::White)?.map(|c| c.result);
        assert!(counted.is_some());
        game.apply_ruling(DisputeKind::CountingError, Ruling::Recount, t(4))?;
        assert_eq!((game.state().phase, game.state().result), (Phase::Marking, None));
        game.agree(Color::Black)?;
        assert_eq!(game.agree(Color::White)?.map(|c| c.result), counted, "the same marks, the same count");
        game.apply_ruling(DisputeKind::Conduct, Ruling::Warning { offender: Color::Black }, t(5))?;
        assert_eq!(game.state().result, counted, "one warning: 1988 costs nothing at the count");
        game.apply_ruling(DisputeKind::Conduct, Ruling::Warning { offender: Color::Black }, t(6))?;
        assert_eq!(game.state().result, Some(GameResult::Win { winner: Color::White, margin: Margin::Unspecified }));
        // A warning that costs a stone (2002 Art. 24.1, or the event's setting): the count
        // made again moves by two points.
        let mut setup = nine(None).setup().clone();
        setup.rules.warning_penalty_half_points = 4;
        let mut costly = LiveGame::new(setup)?;
        costly.start(t(0))?;
        costly.play(Color::Black, Some((4, 4)), t(1))?;
        costly.play(Color::White, None, t(2))?;
        costly.play(Color::Black, None, t(3))?;
        costly.agree(Color::Black)?;
        let before = costly.agree(Color::White)?.map(|c| c.margin_half_points).unwrap_or_default();
        costly.apply_ruling(DisputeKind::Conduct, Ruling::Warning { offender: Color::Black }, t(4))?;
        assert_eq!(
            costly.count().map(|c| c.margin_half_points),
            Some(before - 4),
            "a stone is two points, four half-points"
        );
        let mut resigned = nine(None);
        resigned.start(t(0))?;
        resigned.resign(Color::Black)?;
        assert_eq!(
            resigned.apply_ruling(DisputeKind::CountingError, Ruling::Recount, t(1)),
            Err(LiveError::NotCounted)
        );
        Ok(())
    }

    /// A clock malfunction: time given back plays on a game lost on time; a replay starts
    /// again from the empty board with fresh clocks.
    #[test]
    fn time_given_back_and_a_replay() -> Result<(), LiveError> {
        use crate::referee::{DisputeKind, Ruling};
        let mut game = nine(Some(TimeControl::Absolute { main: MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((4, 4)), t(10))?;
        assert!(game.tick(t(70)).is_some(), "White's flag falls");
        game.apply_ruling(DisputeKind::ClockIncident, Ruling::AdjustClock { black: 0, white: 30 * SECOND }, t(100))?;
        assert_eq!((game.state().phase, game.state().result), (Phase::Playing, None));
        assert_eq!(game.due_at(), Some(t(130)), "White has only the 30 s given");
        game.play(Color::White, Some((3, 3)), t(110))?;
        game.apply_ruling(DisputeKind::MovedStones, Ruling::Replay, t(200))?;
        assert_eq!((game.moves().len(), game.state().phase, game.to_move()), (0, Phase::Playing, Color::Black));
        assert_eq!(game.due_at(), Some(t(260)), "fresh clocks from the ruling");
        Ok(())
    }

    /// Art. 14: a paused game charges nobody; at an adjournment the player to move seals a move,
    /// which nobody sees until the referee resumes play and it is played with its time.
    #[test]
    fn pauses_and_sealed_moves_stop_the_clock_for_everyone() -> Result<(), LiveError> {
        let mut game = nine(Some(TimeControl::Absolute { main: 10 * MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((4, 4)), t(10))?;
        game.pause(t(20))?;
        assert_eq!(game.play(Color::White, Some((2, 2)), t(25)), Err(LiveError::Paused));
        assert_eq!(game.resume(t(600))?, None);
        game.play(Color::White, Some((2, 2)), t(630))?;
        assert_eq!(game.moves()[1].spent, 40 * SECOND, "10 s before the pause, 30 s after");
        game.adjourn()?;
        assert_eq!(game.play(Color::Black, Some((6, 6)), t(640)), Err(LiveError::SealRequired));
        assert_eq!(game.seal(Color::Black, Some((2, 2)), t(640)), Err(LiveError::Illegal(Illegal::Occupied.into())));
        game.seal(Color::Black, Some((6, 6)), t(650))?;
        assert_eq!(game.moves().len(), 2, "the sealed move is secret");
        assert!(game.is_paused());
        assert_eq!(game.resume(t(90_000))?, Some(Played::Move { spent: 20 * SECOND }));
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.to_move(), Color::White);
        assert!(!game.is_paused());
        Ok(())
    }

    fn scheduled(twice: bool) -> LiveGame {
        let mut game = nine(Some(TimeControl::Absolute { main: 60 * MINUTE }));
        game.setup.starts_at = Some(t(0));
        game.setup.late_limit = Some(15 * MINUTE);
        game.setup.lateness_twice = twice;
        game
    }

    /// Art. 23: the clock starts at the scheduled time; lateness runs on it (and is taken again
    /// under 2002); past the limit an absent player loses, both absent both lose.
    #[test]
    fn late_players_lose_their_lateness_and_absent_players_the_game() -> Result<(), LiveError> {
        let mut game = scheduled(false);
        assert_eq!(game.due_at(), Some(t(0)), "due to start");
        assert_eq!(game.tick(t(0)), None);
        assert_eq!(game.state().phase, Phase::Playing);
        assert_eq!(game.due_at(), Some(t(900)), "the 15-minute limit comes before Black's flag");
        // Black arrives 4 minutes late and moves at once: 4 minutes gone.
        game.play(Color::Black, Some((4, 4)), t(240))?;
        assert_eq!(game.state().clock.map(|c| c.black.main), Some(56 * MINUTE));
        assert_eq!(game.due_at(), Some(t(900)), "White is still missing at the limit");
        assert_eq!(game.tick(t(899)), None);
        assert_eq!(game.tick(t(900)), Some(GameResult::Win { winner: Color::Black, margin: Margin::Forfeit }));

        let mut twice = scheduled(true);
        twice.tick(t(0));
        twice.arrive(Color::White, t(0))?;
        twice.play(Color::Black, Some((4, 4)), t(240))?;
        assert_eq!(twice.state().clock.map(|c| c.black.main), Some(52 * MINUTE), "2002: 4 minutes taken twice");

        // Art. 23.3 "在一方或双方时限内分别扣除各自的迟到时间": White arrives at 10 minutes and
        // moves at once, Black having moved at 4 minutes: White's ten minutes come off, not the
        // six its clock ran since Black's move.
        let mut second = scheduled(false);
        second.tick(t(0));
        second.play(Color::Black, Some((4, 4)), t(240))?;
        second.play(Color::White, Some((2, 2)), t(600))?;
        assert_eq!(second.state().clock.map(|c| c.white.main), Some(50 * MINUTE), "White's whole lateness");
        // White there before Black's first move, two minutes late: those two minutes.
        let mut early = scheduled(false);
        early.tick(t(0));
        early.arrive(Color::White, t(120))?;
        early.play(Color::Black, Some((4, 4)), t(240))?;
        early.play(Color::White, Some((2, 2)), t(250))?;
        assert_eq!(early.state().clock.map(|c| c.white.main), Some(60 * MINUTE - 2 * MINUTE - 10_000));

        let mut nobody = scheduled(false);
        nobody.tick(t(0));
        let mut no_clock = nine(None);
        no_clock.setup.starts_at = Some(t(0));
        no_clock.setup.late_limit = Some(15 * MINUTE);
        no_clock.tick(t(1));
        assert_eq!(no_clock.due_at(), Some(t(900)));
        assert_eq!(no_clock.tick(t(900)), Some(GameResult::BothLose), "without a clock as well");
        assert_eq!(nobody.tick(t(899)), None);
        assert_eq!(nobody.tick(t(900)), Some(GameResult::BothLose), "both absent: both lose");
        Ok(())
    }

    /// 2002 Art. 22.5: asked for, a timeout in the last byo-yomi minute is a pass, play goes on
    /// and the passer keeps their last minute; not asked for, it loses.
    #[test]
    fn a_timeout_counts_as_a_pass_when_asked_under_the_2002_rules() -> Result<(), LiveError> {
        let control = TimeControl::ChineseByoYomi { main: 3 * MINUTE, reserve: 2, period: MINUTE };
        let mut game = nine(Some(control));
        assert_eq!(game.ask_pass_on_timeout(Color::White, true), Err(LiveError::NoPassOnTimeout), "1988");
        game.setup.lateness_twice = true;
        game.ask_pass_on_timeout(Color::White, true)?;
        game.start(t(0))?;
        game.play(Color::Black, Some((4, 4)), t(5))?;
        // White's three minutes run out at 185 s; the move at 190 s comes too late.
        assert_eq!(game.play(Color::White, Some((2, 2)), t(190))?, Played::PassedOnTime);
        assert_eq!(game.moves().last().map(|m| (m.colour, m.point, m.spent)), Some((Color::White, None, 3 * MINUTE)));
        assert_eq!(game.to_move(), Color::Black);
        let white = game.state().clock.map(|c| (c.white.main, c.white.periods));
        assert_eq!(white, Some((0, 1)), "White keeps only the last minute");
        game.play(Color::Black, Some((6, 6)), t(195))?;
        assert_eq!(game.state().clock.and_then(|c| c.flag_at()), Some(t(255)), "one minute for White's next move");
        game.play(Color::White, Some((2, 2)), t(200))?;
        // Black did not ask: Black's flag loses (175 s of Black's three minutes are left).
        assert_eq!(game.check_time(t(200 + 175)), Some(GameResult::Win { winner: Color::White, margin: Margin::Time }));
        Ok(())
    }

    #[test]
    fn the_record_keeps_each_moves_time() -> Result<(), LiveError> {
        let mut game = nine(Some(TimeControl::Absolute { main: 5 * MINUTE }));
        game.start(t(0))?;
        game.play(Color::Black, Some((2, 2)), t(12))?;
        game.play(Color::White, None, t(20))?;
        let sgf = game.sgf("Ann", "Bo", "Cup");
        assert!(sgf.starts_with("(;GM[1]FF[4]CA[UTF-8]AP[Yunzi]SZ[9]"), "{sgf}");
        assert!(sgf.contains(";B[cc]BL[288]C[12s];W[]WL[292]C[8s])"), "{sgf}");
        Ok(())
    }
}
