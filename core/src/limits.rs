//! What any input may hold. Every reader, on the web and on the command line, refuses more
//! with a message naming the limit, so that no file of under 1 MB keeps Yunzi busy for more
//! than a second (`cargo bench --bench readers` measures it; docs/SECURITY.md lists them).
//! Each limit is far beyond what a real event or game needs.

/// A file the command line reads (an SGF record, an OpenGotha or Yunzi pairing file); the
/// web takes requests of at most 8 MB (`web::MAX_BODY_BYTES`, the EGD's whole rating list).
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Boards have 2 to 25 lines a side (SGF allows 52; nobody plays on more than 25).
pub const MIN_BOARD_SIDE: u8 = 2;
pub const MAX_BOARD_SIDE: u8 = 25;

/// Moves in one game record's main line (or one live game). A full 25×25 game is under 1,000.
pub const MAX_MOVES_PER_GAME: usize = 2_000;

/// Nodes on a record's main line, moves or not (comments and setup nodes included).
pub const MAX_NODES_PER_GAME: usize = 2 * MAX_MOVES_PER_GAME;

/// Properties in one SGF node; a real root node has a few dozen.
pub const MAX_PROPERTIES_PER_NODE: usize = 200;

/// Values of one SGF property: a point list naming every point of a 25×25 board one by one
/// has 625. Compressed ranges ("aa:ss") count as one value each; the points they cover are
/// kept once whatever the repeats.
pub const MAX_VALUES_PER_PROPERTY: usize = 1_000;

/// Rounds an event (or a file describing one) can have.
pub const MAX_ROUNDS: u32 = 30;

/// Players in one event, however they arrive: registration, CSV, an OpenGotha or Yunzi file.
pub const MAX_PLAYERS_PER_EVENT: usize = 10_000;

/// Players in one CSV import.
pub const MAX_IMPORT_ROWS: usize = 5_000;

/// Games in one file: every player in every round.
pub const MAX_GAMES_PER_FILE: usize = MAX_PLAYERS_PER_EVENT / 2 * MAX_ROUNDS as usize;

/// Characters in one line of a rating list (one player): the EGD's and the AGA's lines are
/// about 150; a national CSV's a few dozen.
pub const MAX_RATING_LIST_LINE_CHARS: usize = 1_000;
