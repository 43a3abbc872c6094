//! Events of 五子棋 (docs/GAMES.md): the event form takes 五子棋's rule sets, two players play
//! a game on the live board through the competition opening (the swap after Black 3, Black 5
//! offered twice and one kept), Black's double three loses as the seed rules (判作输棋), and the
//! result reaches the standings — over HTTP, and in two browsers.
use chrono::Utc;
use yunzi::clock::ManualClock;

use crate::helpers::*;
use crate::live::{click_on, registered_player, wait_for};
use crate::systems::pair_and_publish;

/// A Swiss of 五子棋 under the competition rules with `players` registered with their
/// accounts and round 1 published: the app, the director, and each player's client, name and
/// address in the order of round 1's boards (board 1's Black first).
struct GomokuEvent {
    app: TestApp,
    event_id: i32,
    director: Client,
    /// Board 1's Black and White: client, name, address.
    seats: Vec<(Client, String, String)>,
}

async fn gomoku_event(players: &[(&str, &str)], rounds: &str) -> Result<GomokuEvent, Box<dyn std::error::Error>> {
    folk_event("renju", players, rounds).await
}

/// [`gomoku_event`] for any folk game's rule set (`santong` …).
async fn folk_event(
    ruleset: &str,
    players: &[(&str, &str)],
    rounds: &str,
) -> Result<GomokuEvent, Box<dyn std::error::Error>> {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(Options { clock: std::sync::Arc::new(clock), ..Options::default() }).await?;
    let mut director = app.client();
    let director_email = format!("{}@club.example", unique("d"));
    director.sign_up_and_log_in(&app, &director_email, "Na Wei", "gomoku passphrase").await?;
    let name = match ruleset {
        "santong" => "三通棋 Open",
        "siji" => "四季棋 Open",
        "erhu" => "二虎棋 Open",
        "liujiao" => "六角棋 Open",
        "qixing-1" | "qixing-2" => "七星棋 Open",
        "yizi-1" => "一字棋 Open",
        "bagua" => "八卦棋 Open",
        _ => "五子棋 Open",
    };
    let mut form: Vec<(&str, &str)> = event_form(name, rounds)
        .into_iter()
        .filter(|(k, _)| !matches!(*k, "ruleset" | "komi" | "time_control"))
        .collect();
    // A komi is refused with its reason; then the form as a director fills it.
    let mut with_komi = form.clone();
    with_komi.extend([("ruleset", ruleset), ("komi", "7.5"), ("time_control", "10m + 10s")]);
    let refused = director.post("/events", &with_komi).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("has no komi"), "{}", refused.body);
    form.extend([("ruleset", ruleset), ("komi", ""), ("board_size", ""), ("time_control", "10m + 10s")]);
    let created = director.post("/events", &form).await?;
    let event_id = id_after(&created.location, "/events/")?;
    let mut clients = Vec::new();
    for (name, rank) in players {
        let (client, email) = registered_player(&app, event_id, name, rank).await?;
        clients.push((client, name.to_string(), email));
    }
    let pairing = pair_and_publish(&mut director, event_id, 1).await?;
    let (_, black_name, white_name) = pairing.first().cloned().ok_or("no board")?;
    let take = |clients: &mut Vec<(Client, String, String)>, name: &str| {
        let at = clients.iter().position(|c| c.1 == name).ok_or("no such player")?;
        Ok::<_, Box<dyn std::error::Error>>(clients.remove(at))
    };
    let black = take(&mut clients, &black_name)?;
    let white = take(&mut clients, &white_name)?;
    let mut seats = vec![black, white];
    seats.extend(clients);
    Ok(GomokuEvent { app, event_id, director, seats })
}

impl GomokuEvent {
    fn board(&self) -> String {
        format!("/events/{}/rounds/1/boards/1", self.event_id)
    }
}

/// Board 1's two players signed in, each on its page in their own browser (Black's first).
async fn open_board(e: &GomokuEvent, browsers: [&fantoccini::Client; 2]) -> TestResult {
    use crate::browser::{click, type_into};
    for (browser, seat) in browsers.into_iter().zip(&e.seats) {
        browser.goto(&format!("{}/login", e.app.base)).await?;
        type_into(browser, "input[name=email]", &seat.2).await?;
        type_into(browser, "input[name=password]", "player passphrase").await?;
        click(browser, "form.stacked button[type=submit]").await?;
        browser.goto(&format!("{}{}", e.app.base, e.board())).await?;
        wait_for(browser, "#clock-black").await?;
    }
    Ok(())
}

/// After a two-browser test: each browser's screenshot if it failed (yunzi-GAME-COLOUR-failure.png
/// in the temp folder), and both closed.
async fn close_browsers(result: TestResult, game: &str, browsers: [&fantoccini::Client; 2]) -> TestResult {
    for (name, browser) in ["black", "white"].into_iter().zip(browsers) {
        if result.is_err()
            && let Ok(png) = browser.screenshot().await
        {
            let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-{game}-{name}-failure.png")), png);
        }
        let _ = browser.clone().close().await;
    }
    result
}

/// Black and White play `moves` in turn on `board`, each accepted.
async fn play_in_turn(black: &mut Client, white: &mut Client, board: &str, moves: &[&str]) -> TestResult {
    for (i, mv) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &mut *black } else { &mut *white };
        who.post(&format!("{board}/play"), &[("point", *mv)]).await?.assert_status(303)?;
    }
    Ok(())
}

/// The event's standings give the winner of its one game 2 points and the loser none.
async fn assert_won(e: &mut GomokuEvent, winner: &str, loser: &str) -> TestResult {
    let table = standings(&e.director.get(&format!("/events/{}/standings", e.event_id)).await?.body);
    assert_eq!(table.get(winner).map(|r| r.0), Some(2), "{table:?}");
    assert_eq!(table.get(loser).map(|r| r.0), Some(0), "{table:?}");
    Ok(())
}

/// The name shown beside the black stone on a board page.
fn black_shown(body: &str) -> String {
    body.split("<span class=\"black\">● ").nth(1).and_then(|r| r.split(" <span").next()).unwrap_or_default().to_string()
}

#[actix_web::test]
async fn a_gomoku_game_is_played_through_its_opening_and_a_double_three_loses() -> TestResult {
    let mut e = gomoku_event(&[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let board = e.board();
    let (mut first, first_name, _) = e.seats.remove(0);
    let (mut second, second_name, _) = e.seats.remove(0);
    let page = first.get(&board).await?;
    assert!(page.body.contains("data-point=\"h8\""), "renju's cell names on the board");
    let play = |point: &'static str| [("point", point)];
    // White 2 outside the central 5×5 is refused, with the seed's rule.
    first.post(&format!("{board}/play"), &play("h8")).await?.assert_status(303)?;
    let outside = second.post(&format!("{board}/play"), &play("a1")).await?;
    outside.assert_status(400)?;
    assert!(outside.body.contains("central 5×5"), "{}", outside.body);
    second.post(&format!("{board}/play"), &play("i9")).await?.assert_status(303)?;
    first.post(&format!("{board}/play"), &play("j8")).await?.assert_status(303)?;
    // The player with White swaps: from now on the first player holds White.
    let before = second.get(&board).await?.body;
    assert!(before.contains("id=\"swap\"") && before.contains("may swap colours"), "the swap is offered");
    second.post(&format!("{board}/play"), &play("swap")).await?.assert_status(303)?;
    let after = first.get(&board).await?.body;
    assert_eq!(black_shown(&after), second_name, "the players exchanged colours");
    assert!(!after.contains("id=\"swap\""));
    first.post(&format!("{board}/play"), &play("a1")).await?.assert_status(303)?;
    // Black 5 offered on two points; White keeps h9.
    second.post(&format!("{board}/play"), &play("h9 a15")).await?.assert_status(303)?;
    let offered = first.get(&board).await?.body;
    assert!(offered.contains(r#"class="stone black offered" data-point="h9""#), "{offered}");
    first.post(&format!("{board}/play"), &play("h9")).await?.assert_status(303)?;
    first.post(&format!("{board}/play"), &play("b1")).await?.assert_status(303)?;
    second.post(&format!("{board}/play"), &play("g10")).await?.assert_status(303)?;
    first.post(&format!("{board}/play"), &play("c1")).await?.assert_status(303)?;
    // i8: the row h8-i8-j8 and the diagonal g10-h9-i8 — a double three, and Black loses.
    second.post(&format!("{board}/play"), &play("i8")).await?.assert_status(303)?;
    let ended = first.get(&board).await?.body;
    assert!(ended.contains("id=\"live-result\""), "{ended}");
    assert!(ended.contains("9 moves · White wins: Black&#39;s forbidden move, double three"), "{ended}");
    let sgf = first.get(&format!("{board}/game.sgf")).await?.body;
    assert!(sgf.contains("GM[4]") && sgf.contains("SW[]") && sgf.contains("OF[hg][aa]"), "{sgf}");
    let table = standings(&e.director.get(&format!("/events/{}/standings", e.event_id)).await?.body);
    assert_eq!(table.get(&first_name).map(|r| r.0), Some(2), "the first player, White after the swap, wins: {table:?}");
    assert_eq!(table.get(&second_name).map(|r| r.0), Some(0));
    Ok(())
}

/// Acceptance (issue 25): a 五子棋 event of 4 players, Swiss, 2 rounds; two players play on a
/// Fischer clock in two Chromium sessions, by clicks on the board (the fifth move offered by
/// two clicks, kept by one); Black's double three ends the game as Black's loss with its
/// reason, and the result reaches the standings.
#[actix_web::test]
async fn a_gomoku_game_in_two_browsers() -> TestResult {
    use crate::browser::start_browser;
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let e = gomoku_event(&[("Wu Di", "5d"), ("Qi Guan", "5d"), ("Na Wei Jr", "3d"), ("Li Hong", "2d")], "2").await?;
    let result = async {
        open_board(&e, [&black, &white]).await?;
        let point = |p: &str| format!(r#".point[data-point="{p}"]"#);
        let stone = |colour: &str, p: &str| format!(r#".stone.{colour}[data-point="{p}"]"#);
        click_on(&black, &point("h8")).await?;
        wait_for(&white, &stone("black", "h8")).await?;
        click_on(&white, &point("i9")).await?;
        wait_for(&black, &stone("white", "i9")).await?;
        click_on(&black, &point("j8")).await?;
        // White does not swap: White 4 on a1.
        wait_for(&white, "#swap:not([disabled])").await?;
        click_on(&white, &point("a1")).await?;
        // Black 5 by two clicks; White keeps h9 by clicking it.
        wait_for(&black, r#"#live.can-play[data-stage="offer"]"#).await?;
        click_on(&black, &point("h9")).await?;
        click_on(&black, &point("a15")).await?;
        wait_for(&white, r#".stone.offered[data-point="h9"]"#).await?;
        click_on(&white, r#".stone.offered[data-point="h9"]"#).await?;
        // Black's page is drawn again for play too: the kept stone stands (the offered one
        // was drawn as a black stone as well).
        wait_for(&black, r#"#live[data-stage=""] .stone.black:not(.offered)[data-point="h9"]"#).await?;
        // The keep ends the opening, and White's page is drawn again for play: White clicks
        // on the new page, once its script listens, not on the one going away.
        // `can-play` is set by the page's script once it is listening for clicks.
        wait_for(&white, r#"#live.can-play[data-stage=""] .stone.black:not(.offered)[data-point="h9"]"#).await?;
        click_on(&white, &point("b1")).await?;
        wait_for(&black, &stone("white", "b1")).await?;
        click_on(&black, &point("g10")).await?;
        wait_for(&white, &stone("black", "g10")).await?;
        click_on(&white, &point("c1")).await?;
        wait_for(&black, &stone("white", "c1")).await?;
        click_on(&black, &point("i8")).await?;
        wait_for(&white, "#live-result").await?;
        let status = white.find(Locator::Id("live-status")).await?.text().await?;
        assert!(status.contains("double three"), "{status}");
        let shown = white.find(Locator::Id("live-result")).await?.text().await?;
        assert!(shown.contains("W+"), "{shown}");
        white.goto(&format!("{}/events/{}/standings", e.app.base, e.event_id)).await?;
        let table = standings(&white.source().await?);
        assert_eq!(table.get(&e.seats[1].1).map(|r| r.0), Some(2), "White's win: {table:?}");
        assert_eq!(table.get(&e.seats[0].1).map(|r| r.0), Some(0));
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "gomoku", [&black, &white]).await
}

/// docs/screenshots/gomoku-*: the live board of 五子棋 as White keeps one of Black 5's two
/// offers, and after Black's double three, in both languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_gomoku_screenshots() -> TestResult {
    let mut e = gomoku_event(&[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let board = e.board();
    let (mut first, _, _) = e.seats.remove(0);
    let (mut second, _, second_email) = e.seats.remove(0);
    for (who, point) in [(0, "h8"), (1, "i9"), (0, "j8"), (1, "a1"), (0, "h9 a15")] {
        let client = if who == 0 { &mut first } else { &mut second };
        client.post(&format!("{board}/play"), &[("point", point)]).await?.assert_status(303)?;
    }
    crate::screenshots::draw_pages(&e.app.base, &second_email, "player passphrase", &[("gomoku-keep", board.clone())])
        .await?;
    for (who, point) in [(1, "h9"), (1, "b1"), (0, "g10"), (1, "c1"), (0, "i8")] {
        let client = if who == 0 { &mut first } else { &mut second };
        client.post(&format!("{board}/play"), &[("point", point)]).await?.assert_status(303)?;
    }
    crate::screenshots::draw_pages(&e.app.base, &second_email, "player passphrase", &[("gomoku-finished", board)]).await
}

/// 三通棋 (docs/GAMES.md) over HTTP: an event of it, a game on the triangle's cells, White's
/// two at once (once only), Black's group from the apex down the left side to the base corner
/// reaching all three sides, and the result in the standings.
#[actix_web::test]
async fn a_santong_game_is_won_by_a_group_reaching_three_sides() -> TestResult {
    let mut e = folk_event("santong", &[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"class="point" data-point="8-15""#) && page.contains("id=\"live-two\""), "{page}");
    let unknown = black.post(&format!("{board}/play"), &[("point", "9-1")]).await?;
    unknown.assert_status(400)?;
    assert!(unknown.body.contains("such as 3-2 (the last is 8-15)"), "{}", unknown.body);
    let script = santong_script();
    for (i, point) in script.iter().enumerate() {
        if i == 5 {
            // White's turn again, after its two at once on move 4: a second is refused.
            let again = white.post(&format!("{board}/play"), &[("point", "6-9 6-10")]).await?;
            again.assert_status(400)?;
            assert!(again.body.contains("only once in the game"), "{}", again.body);
        }
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", *point)]).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black wins: a group reaching all three sides"), "{ended}");
    assert!(ended.contains("Download the game record (text)"), "{ended}");
    // The download is the text format, and it replays to the same end.
    let record = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(record.contains("W 8-14 8-13\n") && record.contains("# result: B+"), "{record}");
    let replayed = yunzi::domain::games::santong::replay_text(&record).map_err(|e| format!("{e:?}"))?;
    assert_eq!(
        replayed.end(),
        Some(yunzi::domain::games::santong::SantongEnd::ThreeSides(yunzi::domain::color::Color::Black))
    );
    assert_won(&mut e, &black_name, &white_name).await?;
    Ok(())
}

/// 四季棋 (docs/GAMES.md) over HTTP: an event of it on its own 8 × 8 board (a go board size is
/// refused), the four seasons drawn in their corners, moves typed as two squares, 春 refused
/// a stop in 秋's open row with its reason, a point alone refused, and 乙 shut in by 甲's fifth
/// move (tests/siji/winter-shut-in.txt): 甲 wins, the download replays to the same end, and the
/// standings say so.
#[actix_web::test]
async fn a_siji_game_is_won_when_the_other_side_cannot_move() -> TestResult {
    let mut e = folk_event("siji", &[("Chun Xia", "3d"), ("Qiu Dong", "3d")], "1").await?;
    let mut wrong_size = event_form("四季棋 Cup", "1").to_vec();
    wrong_size.retain(|(k, _)| !matches!(*k, "ruleset" | "komi" | "board_size"));
    wrong_size.extend([("ruleset", "siji"), ("komi", ""), ("board_size", "19")]);
    let refused = e.director.post("/events", &wrong_size).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("leave the board size blank, or write 8"), "{}", refused.body);
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"data-moves-pieces="on""#) && page.contains(r#"id="live-step""#), "{page}");
    assert!(page.contains(r#"data-point="a8""#) && page.contains(">春</text>") && !page.contains(r#"id="pass""#));
    let lone = black.post(&format!("{board}/play"), &[("point", "a8")]).await?;
    lone.assert_status(400)?;
    assert!(lone.body.contains("click the piece, then where it goes"), "{}", lone.body);
    play_in_turn(&mut black, &mut white, &board, &["a8-g8", "a1-f1"]).await?;
    let meets = black.post(&format!("{board}/play"), &[("point", "g8-g1")]).await?;
    meets.assert_status(400)?;
    assert!(meets.body.contains("may not cross or stop on the row or column of autumn"), "{}", meets.body);
    play_in_turn(&mut black, &mut white, &board, &["g8-g2", "f1-g1", "h8-f8"]).await?;
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black wins: White cannot move"), "{ended}");
    let record = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(record.contains("B g8-g2\nW f1-g1\nB h8-f8\n") && record.contains("# result: B+"), "{record}");
    let replayed = yunzi::domain::games::siji::replay_text(&record).map_err(|e| format!("{e:?}"))?;
    assert_eq!(
        replayed.end(),
        Some(yunzi::domain::games::siji::SijiEnd::CannotMove(yunzi::domain::color::Color::White))
    );
    assert_won(&mut e, &black_name, &white_name).await?;
    Ok(())
}

/// 四季棋 in two browsers: each move two clicks, the piece and where it goes; the watcher sees
/// the piece arrive, and 甲's fifth move shuts 乙 in.
#[actix_web::test]
async fn a_siji_game_in_two_browsers() -> TestResult {
    use crate::browser::start_browser;
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let e = folk_event("siji", &[("Chun Xia", "3d"), ("Qiu Dong", "3d")], "1").await?;
    let result = async {
        open_board(&e, [&black, &white]).await?;
        for (i, step) in ["a8-g8", "a1-f1", "g8-g2", "f1-g1", "h8-f8"].iter().enumerate() {
            let (mover, watcher, colour) =
                if i % 2 == 0 { (&black, &white, "black") } else { (&white, &black, "white") };
            let (from, to) = step.split_once('-').ok_or("a step")?;
            click_on(mover, &format!(r#".stone[data-point="{from}"]"#)).await?;
            click_on(mover, &format!(r#".point[data-point="{to}"]"#)).await?;
            wait_for(watcher, &format!(r#".stone.{colour}[data-point="{to}"]"#)).await?;
        }
        wait_for(&white, "#live-result").await?;
        let status = white.find(Locator::Id("live-status")).await?.text().await?;
        assert!(status.contains("White cannot move"), "{status}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "siji", [&black, &white]).await
}

/// docs/screenshots/siji-board-*: 四季棋's board on the live board after two moves, in both
/// languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_siji_screenshots() -> TestResult {
    let mut e = folk_event("siji", &[("Chun Xia", "3d"), ("Qiu Dong", "3d")], "1").await?;
    let board = e.board();
    let (mut black, _, black_email) = e.seats.remove(0);
    let (mut white, _, _) = e.seats.remove(0);
    play_in_turn(&mut black, &mut white, &board, &["h8-h5", "h1-h4", "a8-a6", "a1-d1"]).await?;
    crate::screenshots::draw_pages(&e.app.base, &black_email, "player passphrase", &[("siji-board", board)]).await
}

/// 二虎棋 (docs/GAMES.md) over HTTP: an event of it on the four-米 board (5 lines, its six
/// diagonals drawn), the stacks of four dogs, a tiger refused a jump over nothing, and the
/// game of tests/erhu/tigers-take-six.txt played to the tigers' sixth dog: Black (the tigers)
/// wins, the download replays to the same end, and the standings say so.
#[actix_web::test]
async fn an_erhu_game_is_won_by_the_tigers_taking_six_dogs() -> TestResult {
    let mut e = folk_event("erhu", &[("Lao Hu", "2d"), ("Xiao Gou", "2d")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(">虎</text>") && page.contains(">4</text>"), "{page}");
    assert_eq!(page.matches("<line ").count(), 5 + 5 + 6, "five lines each way and six diagonals");
    let nothing = black.post(&format!("{board}/play"), &[("point", "d3-b3")]).await?;
    nothing.assert_status(400)?;
    assert!(nothing.body.contains("the point is taken"), "{}", nothing.body);
    let steps = steps_of("erhu/tigers-take-six.txt")?;
    assert_eq!(steps.len(), 11);
    for (i, step) in steps.iter().enumerate() {
        if i == 2 {
            let over_nothing = black.post(&format!("{board}/play"), &[("point", "b5-d5")]).await?;
            over_nothing.assert_status(400)?;
            assert!(over_nothing.body.contains("a tiger jumps only over dogs"), "{}", over_nothing.body);
        }
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", step.as_str())]).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black (the tigers) wins: six dogs taken"), "{ended}");
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    let replayed = yunzi::domain::games::erhu::replay_text(&download).map_err(|e| format!("{e:?}"))?;
    assert_eq!(replayed.end(), Some(yunzi::domain::games::erhu::ErhuEnd::SixTaken));
    assert_won(&mut e, &black_name, &white_name).await?;
    Ok(())
}

/// docs/screenshots/erhu-board-*: 二虎棋's board after the tigers' first jump, in both
/// languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_erhu_screenshots() -> TestResult {
    let mut e = folk_event("erhu", &[("Lao Hu", "2d"), ("Xiao Gou", "2d")], "1").await?;
    let board = e.board();
    let (mut black, _, black_email) = e.seats.remove(0);
    let (mut white, _, _) = e.seats.remove(0);
    play_in_turn(&mut black, &mut white, &board, &["b3-b5", "b2-a3", "d3-d5", "d4-e3"]).await?;
    crate::screenshots::draw_pages(&e.app.base, &black_email, "player passphrase", &[("erhu-board", board)]).await
}

/// The steps of one of Yunzi's text records in tests/, in order.
fn steps_of(path: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let record = std::fs::read_to_string(format!("{}/tests/{path}", env!("CARGO_MANIFEST_DIR")))?;
    Ok(record.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split(' ').nth(1)).map(str::to_string).collect())
}

/// 六角棋 (docs/GAMES.md) over HTTP: an event of it, the hexagon's 30 numbered points and 12
/// lines, a piece refused two steps and a number off the board, and the game of
/// tests/liujiao/shape.txt: 甲's six on a long line with move 19, 乙's one more move making no
/// shape, and 甲's win in the standings.
#[actix_web::test]
async fn a_liujiao_game_is_won_by_six_on_a_long_line() -> TestResult {
    let mut e = folk_event("liujiao", &[("Liu Jiao", "1d"), ("Lian Huan", "1d")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"class="board lattice""#) && page.contains(r#"class="point" data-point="15""#), "{page}");
    assert_eq!(page.matches("<line ").count(), 12, "three sets of four lines");
    assert!(page.contains("or type both: 9-8"), "{page}");
    let far = black.post(&format!("{board}/play"), &[("point", "8-10")]).await?;
    far.assert_status(400)?;
    assert!(far.body.contains("one step along a line"), "{}", far.body);
    let off = black.post(&format!("{board}/play"), &[("point", "8-31")]).await?;
    off.assert_status(400)?;
    assert!(off.body.contains("write its number, 1 to 30"), "{}", off.body);
    let steps = steps_of("liujiao/shape.txt")?;
    for (i, step) in steps.iter().enumerate() {
        if i == 19 {
            let status = white.get(&board).await?.body;
            assert!(!status.contains("six on a long line"), "乙 still has its one more move");
        }
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", step.as_str())]).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black wins: six on a long line"), "{ended}");
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    let replayed = yunzi::domain::games::liujiao::replay_text(&download).map_err(|e| format!("{e:?}"))?;
    assert_eq!(
        replayed.end().and_then(yunzi::domain::games::liujiao::LiujiaoEnd::winner),
        Some(yunzi::domain::color::Color::Black)
    );
    assert_won(&mut e, &black_name, &white_name).await?;
    Ok(())
}

/// docs/screenshots/liujiao-board-*: 六角棋's hexagon after four moves, in both languages at
/// desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_liujiao_screenshots() -> TestResult {
    let mut e = folk_event("liujiao", &[("Liu Jiao", "1d"), ("Lian Huan", "1d")], "1").await?;
    let board = e.board();
    let (mut black, _, black_email) = e.seats.remove(0);
    let (mut white, _, _) = e.seats.remove(0);
    play_in_turn(&mut black, &mut white, &board, &["18-19", "13-12", "17-13", "28-25"]).await?;
    crate::screenshots::draw_pages(&e.app.base, &black_email, "player passphrase", &[("liujiao-board", board)]).await
}

/// 七星棋 (docs/GAMES.md) under 棋规二 over HTTP: the Dipper's 25 numbered points with its
/// seven stars, the seven shared pieces put down one a click, a step refused while pieces are
/// still to be put down, then the pieces taken down the line to points 1–7; the last piece into
/// point 7 wins (Black's), the download replays to the same end, and the standings say so.
#[actix_web::test]
async fn a_qixing_game_is_won_by_the_last_piece_into_point_seven() -> TestResult {
    let mut e = folk_event("qixing-2", &[("Bei Dou", "1k"), ("Tian Shu", "1k")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"class="board lattice""#) && page.contains(r#"class="point" data-point="25""#), "{page}");
    assert_eq!(page.matches("<line ").count(), 24, "one line through the 25 points");
    let early = black.post(&format!("{board}/play"), &[("point", "25-24")]).await?;
    early.assert_status(400)?;
    assert!(early.body.contains("pieces are still to be put down"), "{}", early.body);
    let moves = ["20", "3", "11", "25", "14", "8", "1", "3-2", "8-3", "11-4", "14-5", "20-6", "25-7"];
    for (i, mv) in moves.iter().enumerate() {
        if i == 8 {
            let up = black.post(&format!("{board}/play"), &[("point", "11-12")]).await?;
            up.assert_status(400)?;
            assert!(up.body.contains("pieces move to lower numbers only"), "{}", up.body);
        }
        // Black puts the first piece down; White put the sixth and moves first (move 8).
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", *mv)]).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black wins: the last piece into point 7"), "{ended}");
    assert_eq!(ended.matches(r#"class="stone shared""#).count(), 7);
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(
        download.contains("setup: 2\n") && download.contains("W +3\n") && download.contains("B 25-7\n"),
        "{download}"
    );
    let replayed = yunzi::domain::games::qixing::replay_text(&download).map_err(|e| format!("{e:?}"))?;
    assert_eq!(replayed.winner(), Some(yunzi::domain::color::Color::Black));
    assert_won(&mut e, &black_name, &white_name).await?;
    Ok(())
}

/// docs/screenshots/qixing-board-*: 七星棋's Dipper under 棋规一 after two moves, in both
/// languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_qixing_screenshots() -> TestResult {
    let mut e = folk_event("qixing-1", &[("Bei Dou", "1k"), ("Tian Shu", "1k")], "1").await?;
    let board = e.board();
    let (mut black, _, black_email) = e.seats.remove(0);
    let (mut white, _, _) = e.seats.remove(0);
    play_in_turn(&mut black, &mut white, &board, &["25-22", "9-6"]).await?;
    crate::screenshots::draw_pages(&e.app.base, &black_email, "player passphrase", &[("qixing-board", board)]).await
}

/// 一字棋 (docs/GAMES.md) under 棋规一 over HTTP: the line of 11 points with the goal, one
/// shared piece on each point, a carry away from the goal refused, and the game of
/// tests/yizi/rule-one.txt — two pieces carried at once both as typed ("2-0 x2") and with the
/// form's count — to White's last piece on the goal: White wins, the download replays to the
/// same end, and the standings say so.
#[actix_web::test]
async fn a_yizi_game_is_won_by_the_last_piece_to_the_goal() -> TestResult {
    let mut e = folk_event("yizi-1", &[("Yi Zi", "2k"), ("Zhong Dian", "2k")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"id="count""#) && page.contains(r#"class="point" data-point="0""#), "{page}");
    assert_eq!(page.matches(r#"class="stone shared""#).count(), 10);
    let away = black.post(&format!("{board}/play"), &[("point", "3-5")]).await?;
    away.assert_status(400)?;
    assert!(away.body.contains("pieces move towards the goal only"), "{}", away.body);
    let too_many = black.post(&format!("{board}/play"), &[("point", "3-0 x2")]).await?;
    too_many.assert_status(400)?;
    assert!(too_many.body.contains("no more than stand on the point"), "{}", too_many.body);
    let moves: [(&str, &str); 10] = [
        ("10-0", ""),
        ("9-0", ""),
        ("8-0", ""),
        ("7-0", ""),
        ("6-0", ""),
        ("5-0", ""),
        ("4-0", ""),
        ("3-2", ""),
        ("2-0", "2"),
        ("1-0 x1", ""),
    ];
    for (i, (point, count)) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", *point), ("count", *count)]).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("White wins: the last piece to the goal"), "{ended}");
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(download.contains("setup: 1\n") && download.contains("B 2-0 x2\n"), "{download}");
    let replayed = yunzi::domain::games::yizi::replay_text(&download).map_err(|e| format!("{e:?}"))?;
    assert_eq!(replayed.winner(), Some(yunzi::domain::color::Color::White));
    assert_won(&mut e, &white_name, &black_name).await?;
    Ok(())
}

/// docs/screenshots/yizi-board-*: 一字棋's line under 棋规一 after two moves, in both
/// languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_yizi_screenshots() -> TestResult {
    let mut e = folk_event("yizi-1", &[("Yi Zi", "2k"), ("Zhong Dian", "2k")], "1").await?;
    let board = e.board();
    let (mut black, _, black_email) = e.seats.remove(0);
    let (mut white, _, _) = e.seats.remove(0);
    play_in_turn(&mut black, &mut white, &board, &["10-4", "9-4"]).await?;
    crate::screenshots::draw_pages(&e.app.base, &black_email, "player passphrase", &[("yizi-board", board)]).await
}

/// 八卦棋 (docs/GAMES.md) over HTTP: a round is two hands, each the 辅子 held and the sum
/// guessed; the first hand's 辅子 stay hidden from the other player — on the board, in its
/// status line and in the download — until the second hand is in; a hand the round does not
/// allow is refused with its reason; whoever guesses the sum steps, and the first home wins.
#[actix_web::test]
async fn a_bagua_game_is_played_by_hidden_hands_and_guesses() -> TestResult {
    let mut e = folk_event("bagua", &[("Tai Ji", "3k"), ("Yin Yang", "3k")], "1").await?;
    let board = e.board();
    let (mut black, black_name, _) = e.seats.remove(0);
    let (mut white, white_name, _) = e.seats.remove(0);
    let page = black.get(&board).await?.body;
    assert!(page.contains(r#"id="held""#) && page.contains(r#"id="live-hand""#) && page.contains(r#"data-point="EU""#));
    let hand = |held: &'static str, guess: &'static str| [("held", held), ("guess", guess)];
    let none = black.post(&format!("{board}/play"), &hand("0", "2")).await?;
    none.assert_status(400)?;
    assert!(none.body.contains("hold one or two helper pieces"), "{}", none.body);
    black.post(&format!("{board}/play"), &hand("1", "2")).await?.assert_status(303)?;
    // White sees Black's guess, never what Black holds, until its own hand is in.
    let seen = white.get(&board).await?.body;
    assert!(seen.contains("Black guessed 2") && !seen.contains("held 1"), "{seen}");
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(!download.contains("B 2/1"), "{download}");
    let same = white.post(&format!("{board}/play"), &hand("1", "2")).await?;
    same.assert_status(400)?;
    assert!(same.body.contains("the second guess may not be the first"), "{}", same.body);
    white.post(&format!("{board}/play"), &hand("1", "3")).await?.assert_status(303)?;
    let after = black.get(&board).await?.body;
    assert!(after.contains("Black held 1 and guessed 2, White held 1 and guessed 3; the sum was 2"), "{after}");
    // Black stepped, so it may hold none: twelve more rounds of a sum of one bring it round
    // the circle and in to White's eye (rule (7)).
    for _ in 0..12 {
        black.post(&format!("{board}/play"), &hand("0", "1")).await?.assert_status(303)?;
        white.post(&format!("{board}/play"), &hand("1", "2")).await?.assert_status(303)?;
    }
    let ended = white.get(&board).await?.body;
    assert!(ended.contains("Black wins: first on the opponent’s eye"), "{ended}");
    assert!(ended.contains("Course: Black 13 of 13 steps, White 0 of 13"), "{ended}");
    let download = white.get(&format!("{board}/game.sgf")).await?.body;
    assert!(download.contains("B 2/1\nW 3/1\nB 1/0\n"), "{download}");
    let replayed = yunzi::domain::games::bagua::replay_text(&download).map_err(|e| format!("{e:?}"))?;
    assert_eq!((replayed.winner(), replayed.rounds()), (Some(yunzi::domain::color::Color::Black), 13));
    assert_won(&mut e, &black_name, &white_name).await?;
    // The rating bodies' files are of go games: a folk event offers none, and says why.
    let standings_page = e.director.get(&format!("/events/{}/standings", e.event_id)).await?.body;
    assert!(!standings_page.contains("export-egf") && standings_page.contains("export-opengotha"));
    let egf = e.director.get(&format!("/events/{}/export/egf.txt", e.event_id)).await?;
    egf.assert_status(400)?;
    assert!(egf.body.contains("rate go games; this event plays The eight trigrams"), "{}", egf.body);
    e.director.get(&format!("/events/{}/export/aga.txt", e.event_id)).await?.assert_status(400)?;
    Ok(())
}

/// docs/screenshots/bagua-board-*: 八卦棋's diagram after a round, Black's first hand of the
/// next in, in both languages at desktop and phone width (White's view: the guess, not the
/// 辅子).
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_bagua_screenshots() -> TestResult {
    let mut e = folk_event("bagua", &[("Tai Ji", "3k"), ("Yin Yang", "3k")], "1").await?;
    let board = e.board();
    let (mut black, _, _) = e.seats.remove(0);
    let (mut white, _, white_email) = e.seats.remove(0);
    for (i, (held, guess)) in [("2", "3"), ("1", "4"), ("0", "2")].into_iter().enumerate() {
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("held", held), ("guess", guess)]).await?.assert_status(303)?;
    }
    crate::screenshots::draw_pages(&e.app.base, &white_email, "player passphrase", &[("bagua-board", board)]).await
}

/// The moves of tests/santong/left-side.txt, Black's first: White's two at once is move 4.
fn santong_script() -> Vec<&'static str> {
    vec![
        "1-1",
        "8-15",
        "2-2",
        "8-14 8-13",
        "2-1",
        "8-12",
        "3-2",
        "8-11",
        "3-1",
        "8-10",
        "4-2",
        "8-9",
        "4-1",
        "8-8",
        "5-2",
        "7-13",
        "5-1",
        "7-12",
        "6-2",
        "7-11",
        "6-1",
        "7-10",
        "7-2",
        "7-9",
        "7-1",
        "6-11",
        "8-2",
        "6-10",
        "8-1",
    ]
}

/// Acceptance (issue 25): a second folk game through the live board in two browsers — 三通棋,
/// every move a click on a triangle, White's two at once by ticking its box and clicking two
/// cells; Black's three-sided group wins and the standings say so.
#[actix_web::test]
async fn a_santong_game_in_two_browsers() -> TestResult {
    use crate::browser::start_browser;
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let e = folk_event("santong", &[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let result = async {
        open_board(&e, [&black, &white]).await?;
        let cell = |p: &str| format!(r#".point[data-point="{p}"]"#);
        let stone = |colour: &str, p: &str| format!(r#".stone.{colour}[data-point="{p}"]"#);
        for (i, point) in santong_script().iter().enumerate() {
            let (mover, watcher, colour) =
                if i % 2 == 0 { (&black, &white, "black") } else { (&white, &black, "white") };
            let cells: Vec<&str> = point.split(' ').collect();
            if cells.len() == 2 {
                click_on(mover, "#two-at-once").await?;
            }
            for c in &cells {
                click_on(mover, &cell(c)).await?;
            }
            for c in &cells {
                wait_for(watcher, &stone(colour, c)).await?;
            }
        }
        wait_for(&white, "#live-result").await?;
        let status = white.find(Locator::Id("live-status")).await?.text().await?;
        assert!(status.contains("all three sides"), "{status}");
        white.goto(&format!("{}/events/{}/standings", e.app.base, e.event_id)).await?;
        let table = standings(&white.source().await?);
        assert_eq!(table.get(&e.seats[0].1).map(|r| r.0), Some(2), "Black's win: {table:?}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "santong", [&black, &white]).await
}

/// docs/screenshots/santong-board-*: 三通棋's triangle on the live board, White to move with its
/// two at once still there, in both languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_santong_screenshots() -> TestResult {
    let mut e = folk_event("santong", &[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let board = e.board();
    let (mut black, _, _) = e.seats.remove(0);
    let (mut white, _, white_email) = e.seats.remove(0);
    for (i, point) in ["4-4", "5-5", "3-3", "5-4", "2-2"].iter().enumerate() {
        let who = if i % 2 == 0 { &mut black } else { &mut white };
        who.post(&format!("{board}/play"), &[("point", *point)]).await?.assert_status(303)?;
    }
    crate::screenshots::draw_pages(&e.app.base, &white_email, "player passphrase", &[("santong-board", board)]).await
}

/// docs/screenshots/gomoku-form-refused-*: the event form with 五子棋's competition rules and a
/// komi, refused with its reason, in both languages at desktop and phone width.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_gomoku_form_screenshots() -> TestResult {
    use crate::browser::{click, start_browser, type_into};
    let e = gomoku_event(&[("Wu Di", "5d"), ("Qi Guan", "5d")], "1").await?;
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    let email = &e.seats[0].2;
    crate::browser::log_in(&browser, &e.app.base, email, "player passphrase").await?;
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    for lang in ["zh", "en"] {
        browser.goto(&format!("{}/lang/{lang}?next=/", e.app.base)).await?;
        for (width_name, width) in [("desktop", 1280), ("phone", 390)] {
            browser.set_window_size(width, 1400).await?;
            browser.goto(&format!("{}/events/new", e.app.base)).await?;
            browser.execute("document.querySelector('select[name=ruleset]').value = 'renju';", vec![]).await?;
            type_into(&browser, "input[name=name]", "五子棋 Open").await?;
            type_into(&browser, "input[name=komi]", "7.5").await?;
            click(&browser, "#event-form button[type=submit]").await?;
            std::fs::write(
                out.join(format!("gomoku-form-refused-{lang}-{width_name}.png")),
                browser.screenshot().await?,
            )?;
        }
    }
    let _ = browser.close().await;
    Ok(())
}

/// Issue 47, acceptance 4: 八卦棋 in two browsers to a win on the opponent's eye (rule (7)).
/// Each round both hands are chosen in the form and sent by the play button: the first round
/// Black holds one and guesses 2, White holds one and guesses 3 (the sum is 2: Black steps);
/// then Black, who stepped, holds none and guesses 1 while White holds one and guesses 2 (the
/// sum is 1) — thirteen steps from Black's eye round the circle to White's, and Black wins.
#[actix_web::test]
async fn a_bagua_game_to_a_win_on_the_opponents_eye_in_two_browsers() -> TestResult {
    use crate::browser::start_browser;
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let e = folk_event("bagua", &[("Tai Ji", "3k"), ("Yin Yang", "3k")], "1").await?;
    let result = async {
        open_board(&e, [&black, &white]).await?;
        let hand = |browser: &fantoccini::Client, held: &str, guess: &str| {
            let (browser, script) = (
                browser.clone(),
                format!(
                    "document.getElementById('held').value = '{held}'; document.getElementById('guess').value = '{guess}';"
                ),
            );
            async move {
                wait_for(&browser, "#play:not([disabled])").await?;
                browser.execute(&script, vec![]).await?;
                click_on(&browser, "#play").await?;
                Ok::<(), Box<dyn std::error::Error>>(())
            }
        };
        for round in 0..13 {
            let (black_hand, white_hand) = if round == 0 { (("1", "2"), ("1", "3")) } else { (("0", "1"), ("1", "2")) };
            hand(&black, black_hand.0, black_hand.1).await?;
            hand(&white, white_hand.0, white_hand.1).await?;
        }
        wait_for(&white, "#live-result").await?;
        let status = white.find(Locator::Id("live-status")).await?.text().await?;
        assert!(status.contains("first on the opponent’s eye"), "{status}");
        // Black's 本子 stands on White's eye.
        wait_for(&white, r#".stone.black[data-point="EL"]"#).await?;
        white.goto(&format!("{}/events/{}/standings", e.app.base, e.event_id)).await?;
        let table = standings(&white.source().await?);
        assert_eq!(table.get(&e.seats[0].1).map(|r| r.0), Some(2), "Black's win: {table:?}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "bagua", [&black, &white]).await
}

/// Issue 49, acceptance 5: a 五子棋 and a 八卦棋 event's pages, walked in the four languages
/// as the director and as a player of a board with a dispute filed and a result in, speak none
/// of go's words (komi, 中盘, 持碁, 빅, dead stones, a triple ko, byo-yomi's voice on a Fischer
/// clock, the go rules' name), show no raw message key, and name 八卦棋's points in the
/// reader's language.
#[actix_web::test]
async fn a_folk_events_pages_speak_its_own_words_in_every_language() -> TestResult {
    let go_words: [(&str, &[&str]); 4] = [
        ("zh", &["贴目", "中盘", "死活", "三劫", "持碁", "围棋竞赛规则", "读秒报时", "目数", "¾子"]),
        ("en", &["komi", "Komi", "jigo", "Dead stones", "triple ko", "Counting error", "referee's calls", " stones)"]),
        ("ja", &["コミ", "持碁", "中押し", "死活", "三コウ", "囲碁競技規則", "秒読みを音声"]),
        ("ko", &["덤", "빅", "불계", "사활", "삼패", "바둑 경기 규칙", "초읽기 음성", "돌 던지기"]),
    ];
    for ruleset in ["renju", "bagua"] {
        let players = [("Tai Ji", "3k"), ("Yin Yang", "3k"), ("Liang Yi", "4k"), ("Si Xiang", "4k")];
        let mut e = folk_event(ruleset, &players, "2").await?;
        let event = format!("/events/{}", e.event_id);
        let board = e.board();
        // A dispute a folk board can have (conduct), and a result entered by the director.
        e.seats[0]
            .0
            .post(&format!("{board}/disputes"), &[("kind", "conduct"), ("claim", "My opponent talked during play")])
            .await?
            .assert_status(303)?;
        let go_kind =
            e.seats[0].0.post(&format!("{board}/disputes"), &[("kind", "dead-stones"), ("claim", "dead")]).await?;
        go_kind.assert_status(400)?;
        let margin =
            e.director.post(&format!("{event}/rounds/1/results/2"), &[("outcome", "white"), ("margin", "2.5")]).await?;
        margin.assert_status(400)?;
        assert!(margin.body.contains("not by points or stones"), "{}", margin.body);
        e.director
            .post(&format!("{event}/rounds/1/results/2"), &[("outcome", "white"), ("margin", "R")])
            .await?
            .assert_status(303)?;
        e.director.post(&format!("{event}/reports"), &[("on", "true")]).await?.assert_status(303)?;
        // A player's own report has no margin in points either.
        let reported =
            e.seats[0].0.post(&format!("{board}/report"), &[("outcome", "black"), ("margin", "3.5")]).await?;
        reported.assert_status(400)?;
        assert!(reported.body.contains("not by points or stones"), "{}", reported.body);
        let queue = e.director.get(&format!("{event}/disputes")).await?.body;
        let dispute = queue
            .split(&format!("href=\"{event}/disputes/"))
            .nth(1)
            .and_then(|s| s.split('"').next())
            .ok_or("dispute")?;
        let pages = [
            event.clone(),
            format!("{event}/edit"),
            format!("{event}/players"),
            format!("{event}/rounds/1"),
            format!("{event}/standings"),
            format!("{event}/audit"),
            format!("{event}/check-in"),
            format!("{event}/disputes"),
            format!("{event}/disputes/{dispute}"),
            format!("{event}/rounds/1/paper/table-cards"),
            format!("{event}/rounds/1/paper/result-slips"),
            format!("{event}/rounds/1/boards/1/report"),
            board.clone(),
        ];
        for (lang, words) in go_words {
            let mut readers: Vec<&mut Client> = vec![&mut e.director];
            readers.extend(e.seats.iter_mut().take(1).map(|s| &mut s.0));
            for reader in readers {
                reader.get(&format!("/lang/{lang}?next=/")).await?;
                for path in &pages {
                    let page = reader.get(path).await?;
                    if page.status == 403 {
                        continue;
                    }
                    page.assert_status(200)?;
                    // The rule set chooser names every game's rules, go's among them.
                    let text = &match page.body.split_once("<select name=\"ruleset\"") {
                        Some((before, after)) => {
                            format!("{before}{}", after.split_once("</select>").map_or("", |(_, rest)| rest))
                        }
                        None => page.body.clone(),
                    };
                    assert!(!text.contains("Unknown localization key"), "{ruleset} {lang} {path}: a raw key");
                    for word in words {
                        assert!(!text.contains(word), "{ruleset} {lang} {path}: go's {word:?} in\n{text}");
                    }
                }
            }
            let standings = e.director.get(&format!("{event}/standings")).await?.body;
            assert!(!standings.contains("1988"), "{ruleset} {lang}: no go rules cited under the standings");
        }
        // 八卦棋's points are named in each language (the page shows its reader's).
        if ruleset == "bagua" {
            let page = e.director.get(&board).await?.body;
            for label in ["lang-zh\"", "上眼", "upper eye", "上の目", "위 눈"] {
                assert!(page.contains(label), "{label}");
            }
            assert!(!page.contains(">EU</text>"), "no Latin code as a label");
        }
    }
    Ok(())
}
