//! The rules engine on a fixed set of generated 250-move 19×19 games.
//! Run: cargo bench --bench engine
//! - replay: every move checked with full positional superko, then an area count;
//! - legal map: the set of legal points at every turn of a game;
//! - 五子棋 under the competition rules: what a Black stone makes on every empty cell (five,
//!   forbidden and which, or plain) at every Black turn of a played-out game, and replaying
//!   such a game to its result;
//! - the folk games (`cargo bench --bench engine -- folk`): for each engine, a game played out
//!   from a fixed seed, the legal moves listed at every turn and one of them played, to the
//!   game's result (八卦棋: a throw checked and made at every turn).
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use yunzi::domain::games::game_shape::{BoardGame, GameMove};
use yunzi::domain::games::go::board::Point;
use yunzi::domain::games::go::game::{Game, Move};
use yunzi::domain::games::go::ruleset::Ruleset;
use yunzi::domain::games::go::scoring::{self, CountInput};
use yunzi::domain::games::renju::forbidden::BlackMove;
use yunzi::domain::games::renju::{RenjuGame, RenjuRules};
use yunzi::domain::games::{bagua, erhu, liujiao, qixing, santong, siji, yizi};

fn rules() -> Ruleset {
    Ruleset::preset("tromp-taylor").unwrap_or_else(|| panic!("preset"))
}

/// Fixed games: random legal moves from a fixed seed, passing only when nothing is legal.
fn games(count: u64, length: usize) -> Vec<Vec<Move>> {
    (0..count)
        .map(|seed| {
            let mut game = Game::new(rules()).unwrap_or_else(|e| panic!("{e}"));
            let mut state = (seed + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut moves = Vec::with_capacity(length);
            for _ in 0..length {
                let legal = game.legal_points();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv = legal
                    .get((state % legal.len().max(1) as u64) as usize)
                    .map(|p| Move::Play(*p))
                    .unwrap_or(Move::Pass);
                let color = game.to_move();
                if game.play(color, mv).is_err() {
                    break;
                }
                moves.push(mv);
            }
            moves
        })
        .collect()
}

fn replay_and_count(rules: &Ruleset, moves: &[Move]) -> i32 {
    let mut game = Game::new(rules.clone()).unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        let color = game.to_move();
        if game.play(color, *mv).is_err() {
            break;
        }
    }
    let prisoners = [0, 0];
    scoring::count(
        game.board(),
        game.rules(),
        &CountInput { dead: &[], prisoners, warnings: [0, 0], handicap: 0, territory: &[] },
    )
    .margin_half_points
}

fn legal_map(moves: &[Move]) -> usize {
    let mut game = Game::new(rules()).unwrap_or_else(|e| panic!("{e}"));
    let mut total = 0;
    for mv in moves {
        total += game.legal_points().len();
        let color = game.to_move();
        if game.play(color, *mv).is_err() {
            break;
        }
    }
    total
}

/// Played-out games of 五子棋 (competition rules) from a fixed seed: each side makes five
/// when it can, Black never plays a forbidden point, otherwise a random cell near the stones;
/// the opening's swap is declined and White keeps the first of Black's two fifth moves.
fn renju_games(count: u64) -> Vec<Vec<GameMove>> {
    (0..count)
        .map(|seed| {
            let mut game = RenjuGame::new(RenjuRules::Renju, 15).unwrap_or_else(|e| panic!("{e}"));
            let mut state = (seed + 7).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let mut moves = Vec::new();
            while game.end().is_none() && moves.len() < 225 {
                let side = game.to_move();
                let drawing = game.drawing();
                let near =
                    |x: u8, y: u8| game.stones().iter().any(|(_, (sx, sy))| sx.abs_diff(x) <= 2 && sy.abs_diff(y) <= 2);
                let mut open: Vec<(u8, u8)> = (0..15u8)
                    .flat_map(|y| (0..15u8).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        let placeable = game.fifth_to_offer() || game.check(side, GameMove::Place(x, y)).is_ok();
                        placeable && drawing.piece_at(x, y).is_none() && near(x, y)
                    })
                    .collect();
                if open.is_empty() {
                    open = vec![(7, 7)];
                }
                let verdict = |(x, y): (u8, u8)| game.black_move_at(x, y);
                let mv = if game.fifth_to_offer() {
                    let a = open[(next() % open.len() as u64) as usize];
                    let b = open.iter().copied().find(|p| *p != a).unwrap_or((0, 0));
                    GameMove::Offer([a, b])
                } else if let Some([a, _]) = game.fifth_offer() {
                    GameMove::Keep(a.0, a.1)
                } else {
                    let allowed: Vec<(u8, u8)> = open
                        .iter()
                        .copied()
                        .filter(|&p| {
                            side == yunzi::domain::color::Color::White
                                || !matches!(verdict(p), Some(BlackMove::Forbidden(_)))
                        })
                        .collect();
                    let five = allowed.iter().copied().find(|&(x, y)| {
                        let mut g = game.clone();
                        g.play(side, GameMove::Place(x, y)).is_ok() && g.end().is_some()
                    });
                    let (x, y) = five.unwrap_or_else(|| {
                        allowed[(next() % allowed.len().max(1) as u64) as usize % allowed.len().max(1)]
                    });
                    GameMove::Place(x, y)
                };
                if game
                    .play(if matches!(mv, GameMove::Keep(..)) { yunzi::domain::color::Color::White } else { side }, mv)
                    .is_err()
                {
                    break;
                }
                moves.push(mv);
            }
            moves
        })
        .collect()
}

/// Replays a game of 五子棋 to its end; the winner's colour index, or 2 for a draw or none.
fn renju_replay(moves: &[GameMove]) -> usize {
    let mut game = RenjuGame::new(RenjuRules::Renju, 15).unwrap_or_else(|e| panic!("{e}"));
    for mv in moves {
        let side = if matches!(mv, GameMove::Keep(..)) { yunzi::domain::color::Color::White } else { game.to_move() };
        if game.play(side, *mv).is_err() {
            break;
        }
    }
    game.end().and_then(|e| e.result().winner()).map_or(2, |c| c.index())
}

/// At every Black turn, what a Black stone makes on every empty cell.
fn renju_black_map(moves: &[GameMove]) -> usize {
    let mut game = RenjuGame::new(RenjuRules::Renju, 15).unwrap_or_else(|e| panic!("{e}"));
    let mut forbidden = 0;
    for mv in moves {
        if game.to_move() == yunzi::domain::color::Color::Black && game.fifth_offer().is_none() {
            for y in 0..15 {
                for x in 0..15 {
                    forbidden += usize::from(matches!(game.black_move_at(x, y), Some(BlackMove::Forbidden(_))));
                }
            }
        }
        let side = if matches!(mv, GameMove::Keep(..)) { yunzi::domain::color::Color::White } else { game.to_move() };
        if game.play(side, *mv).is_err() {
            break;
        }
    }
    forbidden
}

fn benches(c: &mut Criterion) {
    let set = games(20, 250);
    assert!(set.iter().all(|g| g.len() == 250));
    let tromp_taylor = rules();
    let mut i = 0;
    c.bench_function("replay 250-move 19x19 game, positional superko + area count", |b| {
        b.iter(|| {
            i = (i + 1) % set.len();
            replay_and_count(&tromp_taylor, black_box(&set[i]))
        })
    });
    let mut j = 0;
    c.bench_function("legal-move map at every turn of a 250-move 19x19 game", |b| {
        b.iter(|| {
            j = (j + 1) % set.len();
            legal_map(black_box(&set[j]))
        })
    });
    let _ = Point(0);

    let renju = renju_games(20);
    assert!(renju.iter().all(|g| renju_replay(g) < 2), "every game is played out to a win");
    let mut k = 0;
    c.bench_function("gomoku (renju rules): what a Black stone makes on every empty cell, every Black turn", |b| {
        b.iter(|| {
            k = (k + 1) % renju.len();
            renju_black_map(black_box(&renju[k]))
        })
    });
    let mut m = 0;
    c.bench_function("gomoku (renju rules): replay a played-out game to its result", |b| {
        b.iter(|| {
            m = (m + 1) % renju.len();
            renju_replay(black_box(&renju[m]))
        })
    });
    let lengths: Vec<usize> = renju.iter().map(Vec::len).collect();
    println!("gomoku games: {} moves on average", lengths.iter().sum::<usize>() / lengths.len().max(1));
}

/// A fixed choice among `n` from a running seed (xorshift).
fn pick(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    usize::try_from(*state % n.max(1) as u64).unwrap_or(0)
}

/// Plays one folk game out from `seed`, listing the legal moves at every turn: the moves made.
fn folk_game(game: &str, seed: u64) -> usize {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut moves = 0;
    macro_rules! play_out {
        ($game:expr, $over:expr) => {{
            let mut g = $game;
            while !$over(&g) && moves < 2_000 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[pick(&mut state, legal.len())];
                g.play(mv).unwrap_or_else(|e| panic!("{e}"));
                moves += 1;
            }
        }};
    }
    match game {
        "yizi" => play_out!(
            yizi::YiziGame::new(yizi::YiziSetup::PlacedInTurn, yizi::YiziEnd::LastMoverWins),
            |g: &yizi::YiziGame| g.is_over()
        ),
        "qixing" => play_out!(
            qixing::QixingGame::new(qixing::QixingSetup::PutDownInTurn, qixing::QixingEnd::LastMoverWins),
            |g: &qixing::QixingGame| g.is_over()
        ),
        "erhu" => play_out!(erhu::ErhuGame::new(), |g: &erhu::ErhuGame| g.end().is_some()),
        "siji" => play_out!(siji::SijiGame::new(), |g: &siji::SijiGame| g.end().is_some()),
        "liujiao" => play_out!(liujiao::LiujiaoGame::new(), |g: &liujiao::LiujiaoGame| g.end().is_some()),
        "santong" => {
            let mut g = santong::SantongGame::new();
            while g.end().is_none() {
                let empty = g.empty_cells();
                let cell = empty[pick(&mut state, empty.len())];
                g.put(cell).unwrap_or_else(|e| panic!("{e}"));
                moves += 1;
            }
        }
        _ => {
            let mut g = bagua::BaguaGame::new();
            while g.winner().is_none() && moves < 2_000 {
                let hand = |state: &mut u64, may_hold_none: bool| bagua::Hand {
                    held: u8::try_from(pick(state, 2)).unwrap_or(0) + u8::from(!may_hold_none || pick(state, 3) > 0),
                    guess: u8::try_from(pick(state, 4)).unwrap_or(0) + 1,
                };
                let first = hand(&mut state, g.last_mover() == Some(g.first_guesser()));
                let mut second = hand(&mut state, g.last_mover() == Some(g.first_guesser().opponent()));
                if second.guess == first.guess {
                    second.guess = first.guess % 4 + 1;
                }
                let throw = bagua::Throw { first, second };
                if g.check(throw).is_ok() {
                    let _ = g.play(throw);
                }
                moves += 1;
            }
        }
    }
    moves
}

fn folk_benches(c: &mut Criterion) {
    for game in ["yizi", "erhu", "santong", "siji", "liujiao", "qixing", "bagua"] {
        let lengths: Vec<usize> = (1..=20).map(|seed| folk_game(game, seed)).collect();
        println!("folk {game}: {} moves a game on average", lengths.iter().sum::<usize>() / lengths.len());
        let mut seed = 0;
        c.bench_function(&format!("folk {game}: play out a game, the legal moves at every turn"), |b| {
            b.iter(|| {
                seed = seed % 20 + 1;
                folk_game(black_box(game), seed)
            })
        });
    }
}

criterion_group!(engine, benches, folk_benches);
criterion_main!(engine);
