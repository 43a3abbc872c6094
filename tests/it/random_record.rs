//! Random legal game records, shared by the record tests and `benches/readers.rs` (which
//! includes this file by path).
use yunzi::domain::games::go::game::{Game, Move};
use yunzi::domain::games::go::ruleset::Ruleset;
use yunzi::domain::games::go::sgf::{self, SgfGame, SgfMove, SgfNode, SgfPoint};

/// A random legal game of `moves` moves on a `size` board, as an SGF record.
pub fn random_record(seed: u64, size: u8, moves: usize) -> String {
    let mut rules = Ruleset::preset("chinese-2002").unwrap_or_else(|| panic!("preset"));
    rules.width = size;
    rules.height = size;
    let mut game = Game::new(rules).unwrap_or_else(|e| panic!("{e}"));
    let mut record = SgfGame::new(size, size);
    record.rules = Some("Chinese".into());
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..moves {
        let legal = game.legal_points();
        let color = game.to_move();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = if legal.is_empty() { Move::Pass } else { Move::Play(legal[(state % legal.len() as u64) as usize]) };
        if game.play(color, mv).is_err() {
            break;
        }
        let point = match mv {
            Move::Play(p) => {
                let (x, y) = game.board().xy(p);
                Some(SgfPoint { x, y })
            }
            Move::Pass => None,
        };
        record.nodes.push(SgfNode { mv: Some(SgfMove { color, point }), ..Default::default() });
    }
    sgf::write(&record)
}
