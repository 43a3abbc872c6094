//! The seed's rules of 五子棋 (the folk-games text, 五子棋 §1–4), statement by statement.
use super::*;

fn game(rules: RenjuRules) -> RenjuGame {
    RenjuGame::new(rules, 15).unwrap_or_else(|e| panic!("{e}"))
}

fn at(g: &RenjuGame, name: &str) -> (u8, u8) {
    g.parse_cell(name).unwrap_or_else(|| panic!("{name}"))
}

/// Plays cells in turn from the side to move (Place only).
fn play(g: &mut RenjuGame, cells: &[&str]) -> Result<(), Refusal> {
    for name in cells {
        let (x, y) = at(g, name);
        g.play(g.to_move(), GameMove::Place(x, y))?;
    }
    Ok(())
}

/// Through the competition opening: h8, i9 (White 2), j8 (Black 3), no swap, White 4 at
/// `white4`, Black 5 offered on `fifth` and the first kept.
fn opened(rules: RenjuRules, white4: &str, fifth: [&str; 2]) -> Result<RenjuGame, Refusal> {
    let mut g = game(rules);
    play(&mut g, &["h8", "i9", "j8", white4])?;
    let offer = [at(&g, fifth[0]), at(&g, fifth[1])];
    g.play(Color::Black, GameMove::Offer(offer))?;
    g.play(Color::White, GameMove::Keep(offer[0].0, offer[0].1))?;
    Ok(g)
}

#[test]
fn the_board_is_fifteen_lines_and_free_gomoku_may_borrow_a_go_board() {
    // §1: 纵横各15路; 也可以借用围棋盘（纵横各19路）.
    assert_eq!(game(RenjuRules::Renju).size(), 15);
    assert_eq!(game(RenjuRules::Renju).drawing().pieces.len(), 0, "开局前不布子");
    assert!(RenjuGame::new(RenjuRules::Free, 19).is_ok());
    assert_eq!(RenjuGame::new(RenjuRules::Renju, 19).err().map(|r| r.code), Some("board-size"));
    assert_eq!(RenjuGame::new(RenjuRules::Free, 13).err().map(|r| r.code), Some("board-size"));
}

#[test]
fn black_moves_first_on_the_centre_and_white_two_within_the_central_five_by_five() -> Result<(), Refusal> {
    // §3(1): 由黑方先布; 黑 1 必须布于棋盘中心棋位; 白 2 必须布于中心区内 (纵横各 5 路).
    let mut g = game(RenjuRules::Renju);
    assert_eq!(g.to_move(), Color::Black);
    let off_centre = g.check(Color::Black, GameMove::Place(3, 3)).err();
    assert_eq!(off_centre.map(|r| (r.code, r.made_at_the_board)), Some(("renju-first-centre", true)));
    assert_eq!(g.check(Color::White, GameMove::Place(7, 7)).err().map(|r| r.code), Some("wrong-player"));
    play(&mut g, &["h8"])?;
    assert_eq!(g.cell_name(7, 7), "h8", "the centre of a 15×15 board");
    assert_eq!(g.check(Color::White, GameMove::Place(10, 7)).err().map(|r| r.code), Some("renju-second-central"));
    assert_eq!(g.check(Color::White, GameMove::Place(7, 7)).err().map(|r| r.code), Some("occupied"));
    assert!(g.check(Color::White, GameMove::Place(9, 5)).is_ok(), "two lines away each way is inside");
    play(&mut g, &["j10"])?;
    // 以下各着原则上可布于任何空棋位.
    assert!(g.check(Color::Black, GameMove::Place(0, 0)).is_ok());
    Ok(())
}

#[test]
fn free_gomoku_has_no_opening_rules() -> Result<(), Refusal> {
    let mut g = game(RenjuRules::Free);
    play(&mut g, &["a1", "o15", "b2", "n14", "c3"])?;
    assert_eq!(g.stones().len(), 5);
    assert!(!g.swap_open());
    Ok(())
}

#[test]
fn after_black_three_white_may_swap_colours_and_still_plays_four() -> Result<(), Refusal> {
    // §4(2): 黑 3 之后, 白方有权决定黑白双方是否互换 … 若决定互换, 则由原来的黑方改为白方, 布放白 4.
    let mut g = game(RenjuRules::Renju);
    play(&mut g, &["h8", "i9"])?;
    assert_eq!(g.check(Color::Black, GameMove::Swap).err().map(|r| r.code), Some("renju-no-swap"));
    play(&mut g, &["j8"])?;
    assert!(g.swap_open());
    g.play(Color::White, GameMove::Swap)?;
    assert!(g.swapped(), "the player paired with Black now holds White");
    assert_eq!(g.to_move(), Color::White, "White 4 comes next, by the player who was Black");
    assert_eq!(g.check(Color::White, GameMove::Swap).err().map(|r| r.code), Some("renju-no-swap"), "once");
    // Not swapping: White simply plays 4.
    let mut kept = game(RenjuRules::Renju);
    play(&mut kept, &["h8", "i9", "j8", "h10"])?;
    assert!(!kept.swapped() && !kept.swap_open());
    Ok(())
}

#[test]
fn black_five_is_offered_on_two_points_and_white_keeps_one() -> Result<(), Refusal> {
    // §4(3): 黑方布放黑 5 的时候, 要同时在不同棋位布放 2 枚黑子, 然后由白方决定保留哪 1 枚.
    let mut g = game(RenjuRules::Renju);
    play(&mut g, &["h8", "i9", "j8", "h10"])?;
    let single = g.check(Color::Black, GameMove::Place(5, 5)).err();
    assert_eq!(single.map(|r| r.code), Some("renju-offer-two"));
    let same = g.check(Color::Black, GameMove::Offer([(5, 5), (5, 5)])).err();
    assert_eq!(same.map(|r| r.code), Some("renju-offer-two"));
    let taken = g.check(Color::Black, GameMove::Offer([(7, 7), (5, 5)])).err();
    assert_eq!(taken.map(|r| r.code), Some("occupied"));
    g.play(Color::Black, GameMove::Offer([(5, 5), (9, 9)]))?;
    assert_eq!(g.fifth_offer(), Some([(5, 5), (9, 9)]));
    assert_eq!(g.to_move(), Color::White);
    let elsewhere = g.check(Color::White, GameMove::Place(1, 1)).err();
    assert_eq!(elsewhere.map(|r| r.code), Some("renju-keep-offered"), "White first keeps one");
    assert_eq!(g.check(Color::White, GameMove::Keep(1, 1)).err().map(|r| r.code), Some("renju-keep-offered"));
    g.play(Color::White, GameMove::Keep(9, 9))?;
    let drawing = g.drawing();
    assert_eq!(drawing.piece_at(9, 9), Some(Color::Black), "the kept one stands as Black 5");
    assert_eq!(drawing.piece_at(5, 5), None, "the other is taken off");
    assert_eq!(g.to_move(), Color::White, "White plays 6");
    assert_eq!(g.check(Color::Black, GameMove::Offer([(1, 1), (2, 2)])).err().map(|r| r.code), Some("wrong-player"));
    assert_eq!(
        g.check(Color::White, GameMove::Offer([(1, 1), (2, 2)])).err().map(|r| r.code),
        Some("renju-no-offer-now")
    );
    Ok(())
}

#[test]
fn five_in_a_row_wins_and_nothing_is_captured() -> Result<(), Refusal> {
    // §3: 只布子、不走子、也不吃子; 首先形成五子连珠的一方获胜 — along a line or a diagonal.
    let mut g = opened(RenjuRules::Renju, "a1", ["k8", "a15"])?;
    // Black: h8 j8 k8; White: i9 a1. Black adds g8, then i8 for five (g8 h8 i8 j8 k8).
    play(&mut g, &["b1", "g8", "c1"])?;
    assert_eq!(g.end(), None);
    play(&mut g, &["i8"])?;
    assert_eq!(g.end(), Some(RenjuEnd::Five { winner: Color::Black }));
    assert_eq!(g.end().map(|e| e.to_string()), Some("Black wins: five in a row".to_string()));
    assert_eq!(
        g.play_end(),
        Some(PlayEnd::Decided(GameResult::Win { winner: Color::Black, margin: Margin::Unspecified }))
    );
    assert_eq!(g.check(Color::White, GameMove::Place(0, 0)).err().map(|r| r.code), Some("game-over"));
    assert_eq!(g.drawing().pieces.len(), 9, "every stone stays where it was put");
    // White's diagonal in free gomoku.
    let mut free = game(RenjuRules::Free);
    play(&mut free, &["a1", "b14", "a2", "c13", "a3", "d12", "o15", "e11", "o14", "f10"])?;
    assert_eq!(free.end(), Some(RenjuEnd::Five { winner: Color::White }));
    Ok(())
}

#[test]
fn blacks_forbidden_moves_lose_and_whites_overline_wins() -> Result<(), Refusal> {
    // §4(1): 三三、四四、长连禁手 … 黑方若违反以上禁手之一, 都判作输棋; 白方无禁手;
    // 白方若形成长连照常获胜.
    // Black h8 j8 (row 8), h9 kept as the fifth, then g10: i8 makes the row h8-i8-j8 and the
    // diagonal g10-h9-i8, both open: a double three, and Black loses.
    let mut g = opened(RenjuRules::Renju, "a1", ["h9", "a15"])?;
    play(&mut g, &["b1", "g10", "c1"])?;
    let i8 = at(&g, "i8");
    assert_eq!(g.black_move_at(i8.0, i8.1), Some(BlackMove::Forbidden(Forbidden::DoubleThree)));
    let k8 = at(&g, "k8");
    assert_eq!(g.black_move_at(k8.0, k8.1), Some(BlackMove::Plain), "one three (row 8) is allowed");
    assert!(g.check(Color::Black, GameMove::Place(i8.0, i8.1)).is_ok(), "a forbidden move can be made, and loses");
    play(&mut g, &["i8"])?;
    assert_eq!(g.end(), Some(RenjuEnd::Forbidden { kind: Forbidden::DoubleThree, at: i8 }));
    assert_eq!(
        g.play_end(),
        Some(PlayEnd::Decided(GameResult::Win { winner: Color::White, margin: Margin::Unspecified }))
    );
    assert_eq!(
        g.end().map(|e| e.to_string()),
        Some("White wins: Black's forbidden move, double three (三三)".to_string())
    );
    // White's six in a row on the first line wins.
    let mut w = opened(RenjuRules::Renju, "a1", ["o15", "a15"])?;
    play(&mut w, &["b1", "m13", "c1", "k15", "e1", "o11", "f1", "m11"])?;
    assert_eq!(w.end(), None);
    play(&mut w, &["d1"])?;
    assert_eq!(w.end(), Some(RenjuEnd::Five { winner: Color::White }), "白方长连照常获胜");
    // Free gomoku: Black has no forbidden move.
    let free = game(RenjuRules::Free);
    assert_eq!(free.black_move_at(7, 7), None);
    Ok(())
}

#[test]
fn two_passes_or_a_full_board_are_a_draw() -> Result<(), Refusal> {
    let g = game(RenjuRules::Renju);
    assert_eq!(g.check(Color::Black, GameMove::Pass).err().map(|r| r.code), Some("renju-no-pass-in-opening"));
    let mut g = opened(RenjuRules::Renju, "a1", ["k8", "a15"])?;
    g.play(Color::White, GameMove::Pass)?;
    assert_eq!(g.end(), None);
    g.play(Color::Black, GameMove::Pass)?;
    assert_eq!(g.end(), Some(RenjuEnd::Draw));
    assert_eq!(g.play_end(), Some(PlayEnd::Decided(GameResult::Draw)));
    Ok(())
}

#[test]
fn the_record_is_sgf_for_gomoku() -> Result<(), Refusal> {
    let g = game(RenjuRules::Renju);
    assert_eq!(g.record_header(), "GM[4]FF[4]CA[UTF-8]AP[Yunzi]SZ[15]RU[RIF]");
    assert_eq!(g.record_move(Color::Black, GameMove::Place(7, 7)), "B[hh]");
    assert_eq!(g.record_move(Color::White, GameMove::Swap), "SW[]");
    assert_eq!(g.record_move(Color::Black, GameMove::Offer([(1, 2), (3, 4)])), "OF[bc][de]");
    assert_eq!(g.record_move(Color::White, GameMove::Keep(3, 4)), "B[de]", "the kept stone is Black's");
    assert_eq!(g.parse_cell("h8"), Some((7, 7)));
    assert_eq!(g.parse_cell("hh"), Some((7, 7)), "SGF letters too");
    assert_eq!(g.parse_cell("O15"), Some((14, 0)));
    assert_eq!(g.parse_cell("p1"), None);
    assert_eq!(g.parse_cell("a16"), None);
    Ok(())
}

/// A position set up as problem collections write it (`AB`/`AW`, `PL`): the opening rules do
/// not apply (no centre, no swap, no offers), the next move is judged as in a game, and a
/// position no game reaches (five already on the board) is refused.
#[test]
fn a_set_up_position_is_judged_move_by_move_without_the_opening() -> Result<(), Refusal> {
    let g = game(RenjuRules::Renju);
    let cells = |names: &[&str]| names.iter().map(|n| at(&g, n)).collect::<Vec<_>>();
    let mut stones: Vec<(Color, (u8, u8))> = cells(&["f6", "g6"]).into_iter().map(|c| (Color::Black, c)).collect();
    stones.extend(cells(&["f4", "g4"]).into_iter().map(|c| (Color::Black, c)));
    stones.push((Color::White, at(&g, "a1")));
    let mut set_up =
        RenjuGame::from_position(RenjuRules::Renju, 15, &stones, Color::Black).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(set_up.opening_stage(), None, "no swap or offers in a set-up position");
    // h6 makes f6 g6 h6, one open three: play goes on, White to move, no offers due.
    set_up.play(Color::Black, GameMove::Place(at(&g, "h6").0, at(&g, "h6").1))?;
    assert_eq!((set_up.end(), set_up.to_move(), set_up.opening_stage()), (None, Color::White, None));
    // The forbidden shapes after a set-up: tests/renju/forbidden.txt through `yunzi check`
    // (records::check_judges_five_in_a_row_positions_set_up_in_a_record).
    let five = [(Color::White, at(&g, "a1")), (Color::White, at(&g, "a2")), (Color::White, at(&g, "a3"))]
        .into_iter()
        .chain(cells(&["a4", "a5"]).into_iter().map(|c| (Color::White, c)))
        .collect::<Vec<_>>();
    assert!(matches!(
        RenjuGame::from_position(RenjuRules::Renju, 15, &five, Color::Black),
        Err(SetUpError::FiveOnTheBoard { colour: Color::White, .. })
    ));
    assert!(matches!(
        RenjuGame::from_position(
            RenjuRules::Renju,
            15,
            &[(Color::Black, (3, 3)), (Color::White, (3, 3))],
            Color::Black
        ),
        Err(SetUpError::Twice((3, 3)))
    ));
    Ok(())
}
