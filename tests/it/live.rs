//! Games played live over HTTP: two players' accounts play a 9×9 game on the server's clock
//! (the app's clock is moved by hand), the engine refuses what is illegal, two passes lead to
//! marking, both agree and the count reaches the standings; a flag ends a game on time.
use std::sync::Arc;

use chrono::{Duration, Utc};
use yunzi::clock::ManualClock;

use crate::helpers::*;
use crate::systems::pair_and_publish;

pub struct LiveTable {
    pub app: TestApp,
    pub clock: ManualClock,
    /// The event's director (a recorder at every board).
    pub director: Client,
    pub director_email: String,
    pub black: Client,
    pub white: Client,
    pub board: String,
    /// The players' sign-in addresses and names, Black's first (password "player passphrase").
    pub emails: [String; 2],
    pub names: [String; 2],
}

/// A one-round Swiss on 9×9 with `time_control`, two players registered with their accounts,
/// round 1 published; the players' clients sorted by colour.
pub async fn live_table(time_control: &str) -> Result<LiveTable, Box<dyn std::error::Error>> {
    live_table_with(time_control, Options::default()).await
}

/// [`live_table`] on an app spawned with `options` (its clock is the table's own).
pub async fn live_table_with(time_control: &str, options: Options) -> Result<LiveTable, Box<dyn std::error::Error>> {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(Options { clock: Arc::new(clock.clone()), ..options }).await?;
    let mut director = app.client();
    let director_email = format!("{}@club.example", unique("d"));
    director.sign_up_and_log_in(&app, &director_email, "Qian Yuping", "live passphrase").await?;
    let event_id = live_event(&mut director, "Live Cup", time_control).await?;
    let mut clients = Vec::new();
    for (name, rank) in [("Ke Jie", "9d"), ("Shin Jinseo", "9d")] {
        let (player, email) = registered_player(&app, event_id, name, rank).await?;
        clients.push((name.to_string(), player, email));
    }
    let pairing = pair_and_publish(&mut director, event_id, 1).await?;
    let (_, black_name, _) = pairing.first().cloned().ok_or("no board")?;
    let (first, second) = (clients.remove(0), clients.remove(0));
    let (black, white) = if first.0 == black_name { (first, second) } else { (second, first) };
    Ok(LiveTable {
        app,
        clock,
        director,
        director_email,
        black: black.1,
        white: white.1,
        board: format!("/events/{event_id}/rounds/1/boards/1"),
        emails: [black.2, white.2],
        names: [black.0, white.0],
    })
}

/// A one-round Swiss on 9×9 with `time_control`, made by `director`; its id.
pub async fn live_event(
    director: &mut Client,
    name: &str,
    time_control: &str,
) -> Result<i32, Box<dyn std::error::Error>> {
    let mut form: Vec<(&str, &str)> = event_form(name, "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", "9"), ("time_control", time_control)]);
    let created = director.post("/events", &form).await?;
    id_after(&created.location, "/events/")
}

/// A player who signed up with an account of their own (password "player passphrase") and
/// registered for `event_id`: their signed-in client and their address.
pub async fn registered_player(
    app: &TestApp,
    event_id: i32,
    name: &str,
    rank: &str,
) -> Result<(Client, String), Box<dyn std::error::Error>> {
    let mut player = app.client();
    let email = format!("{}@club.example", unique("p"));
    player.sign_up_and_log_in(app, &email, name, "player passphrase").await?;
    player
        .post(&format!("/events/{event_id}/register"), &[("name", name), ("rank", rank)])
        .await?
        .assert_status(303)?;
    Ok((player, email))
}

impl LiveTable {
    pub async fn play(&self, who: &mut Client, point: &str) -> Result<Page, Box<dyn std::error::Error>> {
        who.post(&format!("{}/play", self.board), &[("point", point)]).await
    }

    pub fn wait(&self, seconds: i64) {
        self.clock.advance(Duration::seconds(seconds));
    }
}

/// The time shown on `colour`'s clock.
pub fn clock_shown(body: &str, colour: &str) -> Option<String> {
    let at = body.find(&format!("id=\"clock-{colour}\""))?;
    let rest = &body[at..];
    let start = rest.find("class=\"time\">")? + 13;
    Some(rest[start..start + rest[start..].find('<')?].to_string())
}

#[actix_web::test]
async fn a_live_game_is_played_marked_agreed_and_counted_into_the_standings() -> TestResult {
    let mut t = live_table("chinese 10m reserve 3").await?;
    let mut spectator = t.app.client();
    let page = spectator.get(&t.board).await?;
    page.assert_status(200)?;
    assert!(page.body.contains("Not started") && !page.body.contains("id=\"play-form\""), "spectators get no controls");
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut black = std::mem::replace(&mut t.black, t.app.client());

    let early = t.play(&mut white, "G7").await?;
    early.assert_status(400)?;
    assert!(early.body.contains("not your turn"), "{}", early.body);
    // Without a scheduled start the first move starts the game: it costs nothing.
    t.play(&mut black, "C3").await?.assert_status(303)?;
    t.wait(40);
    let twice = t.play(&mut black, "D4").await?;
    twice.assert_status(400)?;
    let occupied = t.play(&mut white, "C3").await?;
    occupied.assert_status(400)?;
    assert!(occupied.body.contains("Illegal move: the point is occupied"), "{}", occupied.body);
    let off = t.play(&mut white, "Z99").await?;
    off.assert_status(400)?;
    assert!(off.body.contains("is not a point on this board"), "{}", off.body);
    t.play(&mut white, "G7").await?.assert_status(303)?;
    // White used 40 s of the 7 minutes before the reserve: 6:20 + 3:00.
    let page = black.get(&t.board).await?.body;
    assert_eq!(clock_shown(&page, "white").as_deref(), Some("9:20"), "{page}");
    assert_eq!(clock_shown(&page, "black").as_deref(), Some("10:00"));
    assert!(page.contains("id=\"play-form\""), "Black's turn: Black has the controls");

    t.wait(210);
    t.play(&mut black, "pass").await?.assert_status(303)?;
    t.wait(10);
    t.play(&mut white, "pass").await?.assert_status(303)?;
    let marking = black.get(&t.board).await?.body;
    assert!(marking.contains("Play has ended: mark the dead stones"), "{marking}");
    assert!(marking.contains("id=\"live-count\""));
    assert_eq!(clock_shown(&marking, "black").as_deref(), Some("6:30"), "the pass took 3:30 of Black's 7 minutes");

    let mut stranger = t.app.client();
    stranger
        .sign_up_and_log_in(&t.app, &format!("{}@club.example", unique("s")), "Stranger", "some passphrase")
        .await?;
    stranger.post(&format!("{}/agree", t.board), &[("colour", "black")]).await?.assert_status(403)?;
    white.post(&format!("{}/agree", t.board), &[("colour", "black")]).await?.assert_status(403)?;
    // Black marks its own C3 dead, then both agree: White has the only stone, and wins.
    black.post(&format!("{}/mark", t.board), &[("point", "C3")]).await?.assert_status(303)?;
    let marked = black.get(&t.board).await?.body;
    assert!(marked.contains("class=\"stone black dead\" data-point=\"C3\""), "{marked}");
    black.post(&format!("{}/agree", t.board), &[("colour", "black")]).await?.assert_status(303)?;
    white.post(&format!("{}/agree", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    let done = spectator.get(&t.board).await?.body;
    assert!(done.contains("Finished") && done.contains("id=\"live-result\""), "{done}");
    // Only White's stone is left: all 81 points are White's; the margin in stones and in points.
    assert!(done.contains("Black 0, White 81; margin") && done.contains("points (komi included)"), "{done}");
    let again = t.play(&mut black, "D4").await?;
    again.assert_status(400)?;

    let event_path = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let table = standings(&spectator.get(&format!("{event_path}/standings")).await?.body);
    let (black_name, white_name) = ("Ke Jie", "Shin Jinseo");
    let points: Vec<u32> = [black_name, white_name].iter().filter_map(|n| table.get(*n).map(|r| r.0)).collect();
    assert_eq!(points.iter().sum::<u32>(), 2, "one game, one win: {table:?}");
    let round = spectator.get(&format!("{event_path}/rounds/1")).await?.body;
    assert!(round.contains("W+"), "the counted result is the board's result: {round}");

    let sgf = spectator.get(&format!("{}/game.sgf", t.board)).await?;
    sgf.assert_status(200)?;
    assert!(sgf.body.contains("SZ[9]") && sgf.body.contains("RE[W+"), "{}", sgf.body);
    assert!(sgf.body.contains(";B[cg]BL[600]C[0s];W[gc]WL[560]C[40s];B[]"), "{}", sgf.body);
    Ok(())
}

#[actix_web::test]
async fn a_move_after_the_flag_loses_on_time() -> TestResult {
    let mut t = live_table("1m").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.wait(61);
    // The move finds White's flag down and ends the game — unless the sweep (twice a second)
    // got there first and the move is refused: the same loss on time either way.
    let late = t.play(&mut white, "C3").await?;
    assert!(late.status == 303 || (late.status == 400 && late.body.contains("the game is over")), "{}", late.body);
    let page = black.get(&t.board).await?.body;
    assert!(page.contains("Finished"), "{page}");
    let sgf = black.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(sgf.contains("RE[B+T]") && !sgf.contains(";W["), "the late move is not played: {sgf}");
    Ok(())
}

/// Over the board, a director or referee records the moves of both players on a phone.
#[actix_web::test]
async fn a_board_assistant_records_both_sides() -> TestResult {
    let mut t = live_table("").await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let page = recorder.get(&t.board).await?.body;
    assert!(
        page.contains("id=\"play-form\"") && !page.contains("id=\"clock-black\""),
        "no clock without a time control"
    );
    assert!(page.contains("id=\"resign-black\"") && page.contains("id=\"resign-white\""), "either side may resign");
    t.play(&mut recorder, "E5").await?.assert_status(303)?;
    t.play(&mut recorder, "C3").await?.assert_status(303)?;
    recorder.post(&format!("{}/resign", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    let sgf = recorder.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(sgf.contains("RE[B+R]") && sgf.contains(";B[ee]") && sgf.contains(";W[cg]"), "{sgf}");
    Ok(())
}

/// After the passes one player agrees at the board and the recorder enters the other's
/// agreement: the game is counted.
#[actix_web::test]
async fn a_recorder_completes_an_agreement() -> TestResult {
    let mut t = live_table("").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.play(&mut white, "pass").await?.assert_status(303)?;
    t.play(&mut black, "pass").await?.assert_status(303)?;
    black.post(&format!("{}/agree", t.board), &[("colour", "black")]).await?.assert_status(303)?;
    recorder.post(&format!("{}/agree", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    let sgf = recorder.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(sgf.contains("RE[B+"), "Black's lone stone owns the board: {sgf}");
    Ok(())
}

/// A watcher's event stream, read on a plain connection.
pub struct EventStream {
    reader: Option<std::io::BufReader<std::net::TcpStream>>,
}

impl EventStream {
    pub async fn open(app: &TestApp, path: &str) -> Result<EventStream, Box<dyn std::error::Error>> {
        Self::open_from(app, path, None).await
    }

    /// Opens the stream as a client at `forwarded` would through a trusted proxy.
    pub async fn open_from(
        app: &TestApp,
        path: &str,
        forwarded: Option<&str>,
    ) -> Result<EventStream, Box<dyn std::error::Error>> {
        use std::io::{BufRead, Write};
        let address = app.base.trim_start_matches("http://").to_string();
        let path = path.to_string();
        let forwarded = forwarded.map(|a| format!("X-Forwarded-For: {a}\r\n")).unwrap_or_default();
        let reader = actix_web::rt::task::spawn_blocking(move || -> std::io::Result<_> {
            let mut stream = std::net::TcpStream::connect(&address)?;
            // Long enough for a machine busy with the rest of the suite (CI starts browsers
            // side by side); a message that never comes still fails the test.
            stream.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
            write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n{forwarded}\r\n")?;
            let mut reader = std::io::BufReader::new(stream);
            let mut line = String::new();
            reader.read_line(&mut line)?;
            if !line.contains(" 200 ") {
                return Err(std::io::Error::other(format!("the stream answered {line}")));
            }
            while line != "\r\n" && !line.is_empty() {
                line.clear();
                reader.read_line(&mut line)?;
            }
            Ok(reader)
        })
        .await??;
        Ok(EventStream { reader: Some(reader) })
    }

    /// The next update's data.
    pub async fn next(&mut self) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
        use std::io::BufRead;
        let mut reader = self.reader.take().ok_or("the stream is closed")?;
        let (reader, data) = actix_web::rt::task::spawn_blocking(move || {
            // Keep-alive comments come every 15 s: a message that never comes must still end
            // the wait (a failed test, not a hung suite).
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(40);
            let mut line = String::new();
            loop {
                if std::time::Instant::now() > deadline {
                    return (reader, None);
                }
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => return (reader, None),
                    Ok(_) => {
                        if let Some(json) = line.strip_prefix("data: ") {
                            return (reader, Some(json.trim().to_string()));
                        }
                    }
                }
            }
        })
        .await?;
        self.reader = Some(reader);
        Ok(serde_json::from_str(&data.ok_or("the stream ended or said nothing new for 40 s")?)?)
    }
}

#[actix_web::test]
async fn watchers_see_each_move_and_a_reconnect_resumes() -> TestResult {
    let mut t = live_table("60m + 3x30s").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut stream = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
    let first = stream.next().await?;
    assert_eq!((first["phase"].as_str(), first["moves"].as_u64()), (Some("waiting"), Some(0)));
    t.play(&mut black, "C3").await?.assert_status(303)?;
    let after = stream.next().await?;
    assert_eq!((after["phase"].as_str(), after["moves"].as_u64()), (Some("playing"), Some(1)));
    assert!(after["svg"].as_str().is_some_and(|svg| svg.contains(r#"class="stone black" data-point="C3""#)));
    assert_eq!(after["to_move"].as_str(), Some("white"));
    let clocks = after["clocks"].as_array().ok_or("no clocks")?;
    assert_eq!(clocks.len(), 2);
    assert_eq!(clocks[1]["running"].as_bool(), Some(true), "White's clock runs");
    // The page's script sends a move and takes the position from the stream: 204, no page.
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let scripted = white.post_from_script(&format!("{}/play", t.board), &[("point", "D4")]).await?;
    scripted.assert_status(204)?;
    assert!(scripted.body.is_empty() && scripted.location.is_none());
    let after = stream.next().await?;
    assert_eq!(after["moves"].as_u64(), Some(2), "the scripted move reaches the watchers");
    // A watcher who connects again gets the position as it stands.
    drop(stream);
    let mut again = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
    assert_eq!(again.next().await?["moves"].as_u64(), Some(2));
    Ok(())
}

/// Streams beyond the limits (per client address, and in all) are refused with 429 and a
/// message in the reader's language; the pages answer meanwhile; a closed stream gives its
/// place back.
#[actix_web::test]
async fn streams_over_the_limits_are_refused_and_nothing_else_is() -> TestResult {
    let options = Options {
        max_streams: 3,
        max_streams_per_address: 2,
        trusted_proxies: "127.0.0.1".into(),
        ..Options::default()
    };
    let t = live_table_with("60m", options).await?;
    let path = format!("{}/events", t.board);
    let first = EventStream::open(&t.app, &path).await?;
    let _second = EventStream::open(&t.app, &path).await?;
    let mut visitor = t.app.client();
    visitor.get("/lang/zh?next=/").await?;
    let refused = visitor.get(&path).await?;
    refused.assert_status(429)?;
    assert!(refused.body.contains("单个地址的上限（2）") && refused.body.contains("刷新"), "{}", refused.body);
    // Another address still gets one, up to the server's limit.
    let _third = EventStream::open_from(&t.app, &path, Some("10.1.2.3")).await?;
    let full = t.app.client().get_with(&path, &[("X-Forwarded-For", "10.9.9.9")]).await?;
    full.assert_status(429)?;
    assert!(full.body.contains("as many live boards as it may (3)"), "{}", full.body);
    // The pages work meanwhile: the board page and the round page answer.
    visitor.get(&t.board).await?.assert_status(200)?;
    visitor.get(&t.board.replace("/boards/1", "")).await?.assert_status(200)?;
    // A watcher who leaves gives the place back.
    drop(first);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(stream) = EventStream::open(&t.app, &path).await {
            again = Some(stream);
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(again.is_some(), "the place of a closed stream is given back");
    Ok(())
}

/// A board page whose stream is refused (the server holds as many as it may) says the
/// connection is lost, keeps trying, and follows the game once a place frees: a browser gives
/// up on a refused stream for good, so the page must open a new one itself.
#[actix_web::test]
async fn a_board_page_refused_its_stream_follows_the_game_once_a_place_frees() -> TestResult {
    use crate::browser::start_browser;
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let mut t = live_table_with("60m", Options { max_streams: 1, ..Options::default() }).await?;
    let holder = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
    let result = async {
        browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
        wait_for(&browser, "#live-offline:not([hidden])").await?;
        drop(holder);
        let mut black = std::mem::replace(&mut t.black, t.app.client());
        t.play(&mut black, "C3").await?.assert_status(303)?;
        wait_for(&browser, r#".stone.black[data-point="C3"]"#).await?;
        wait_for(&browser, "#live-offline[hidden]").await?;
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    let _ = browser.close().await;
    result
}

#[actix_web::test]
async fn a_flag_that_falls_with_nobody_acting_ends_the_game() -> TestResult {
    let mut t = live_table("1m").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    let mut stream = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
    assert_eq!(stream.next().await?["phase"].as_str(), Some("playing"));
    t.wait(60);
    // The sweep runs twice a second.
    let ended = stream.next().await?;
    assert_eq!((ended["phase"].as_str(), ended["result"].as_str()), (Some("finished"), Some("B+T")));
    let round = black.get(&t.board.replace("/boards/1", "")).await?.body;
    assert!(round.contains("B+T"), "the loss on time is the board's result");
    Ok(())
}

/// Acceptance: the server stops mid-game and starts again; the game resumes with its moves and
/// clocks, and the time it was down is charged to nobody.
#[actix_web::test]
async fn a_restarted_server_resumes_the_game_with_moves_and_clocks_intact() -> TestResult {
    let mut t = live_table("chinese 10m reserve 3").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "C3").await?.assert_status(303)?;
    t.wait(40);
    t.play(&mut white, "G7").await?.assert_status(303)?;
    t.wait(30);
    let before = black.get(&t.board).await?.body;
    assert_eq!(clock_shown(&before, "black").as_deref(), Some("9:30"));
    t.app.stop().await;
    // Down for ten minutes: more than all of Black's time.
    t.wait(600);
    t.app.start_again(Arc::new(t.clock.clone())).await?;
    let after = black.get(&t.board).await?.body;
    assert_eq!(clock_shown(&after, "black").as_deref(), Some("9:30"), "{after}");
    assert_eq!(clock_shown(&after, "white").as_deref(), Some("9:20"));
    assert!(after.contains(r#"class="stone black" data-point="C3""#) && after.contains(r#"data-point="G7""#));
    t.wait(10);
    t.play(&mut black, "D4").await?.assert_status(303)?;
    let sgf = black.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(sgf.contains(";B[df]BL[560]C[40s]"), "Black's move took 30 s before and 10 s after: {sgf}");
    Ok(())
}

/// Clicks what `css` finds, again if the page's script redrew it between finding and clicking.
pub(crate) async fn click_on(browser: &fantoccini::Client, css: &str) -> TestResult {
    let mut last = String::new();
    for _ in 0..20 {
        match browser.find(fantoccini::Locator::Css(css)).await {
            Ok(element) => match element.click().await {
                Ok(()) => return Ok(()),
                Err(e) => last = e.to_string(),
            },
            Err(e) => last = e.to_string(),
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(format!("could not click {css}: {last}").into())
}

/// Waits until `css` matches something on the browser's page.
pub(crate) async fn wait_for(browser: &fantoccini::Client, css: &str) -> TestResult {
    for _ in 0..200 {
        if !browser.find_all(fantoccini::Locator::Css(css)).await?.is_empty() {
            return Ok(());
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(format!("{css} never appeared on {}", browser.current_url().await?).into())
}

/// Acceptance: two players in two browsers play a short 9×9 game on a byo-yomi clock by
/// clicking the board, pass, mark a dead stone, agree, and the standings show the count.
#[actix_web::test]
async fn two_players_play_a_game_in_two_browsers() -> TestResult {
    use crate::browser::{click, start_browser, type_into};
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let t = live_table("chinese 10m reserve 3").await?;
    let result = async {
        for (browser, email) in [(&black, &t.emails[0]), (&white, &t.emails[1])] {
            browser.goto(&format!("{}/login", t.app.base)).await?;
            type_into(browser, "input[name=email]", email).await?;
            type_into(browser, "input[name=password]", "player passphrase").await?;
            click(browser, "form.stacked button[type=submit]").await?;
            browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
            wait_for(browser, "#clock-black").await?;
        }
        let stone = |colour: &str, point: &str| format!(r#".stone.{colour}[data-point="{point}"]"#);
        // Black clicks C3; both boards show it, the script redrawing them from the stream.
        click_on(&black, r#".point[data-point="C3"]"#).await?;
        wait_for(&white, &stone("black", "C3")).await?;
        wait_for(&black, "#play[disabled]").await?;
        wait_for(&white, "#clock-white.running").await?;
        click_on(&white, r#".point[data-point="G7"]"#).await?;
        wait_for(&black, &stone("white", "G7")).await?;
        wait_for(&black, "#clock-black.running").await?;
        // Both pass: the pages are drawn again for marking.
        click_on(&black, "#pass").await?;
        wait_for(&white, "#play:not([disabled])").await?;
        click_on(&white, "#pass").await?;
        wait_for(&black, "#mark-form").await?;
        wait_for(&white, "#mark-form").await?;
        // Black gives up its stone at C3: marked dead on both boards.
        click_on(&black, &stone("black", "C3")).await?;
        wait_for(&white, r#".stone.black.dead[data-point="C3"]"#).await?;
        click(&black, "#agree").await?;
        click(&white, "#agree").await?;
        wait_for(&black, "#live-result").await?;
        let shown = white.find(Locator::Id("live-result")).await?.text().await?;
        assert!(shown.contains("W+"), "{shown}");
        let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
        white.goto(&format!("{}{event}/standings", t.app.base)).await?;
        let table = standings(&white.source().await?);
        assert_eq!(table.get(&t.names[1]).map(|r| r.0), Some(2), "White's counted win: {table:?}");
        assert_eq!(table.get(&t.names[0]).map(|r| r.0), Some(0));
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    if result.is_err() {
        for (name, browser) in [("black", &black), ("white", &white)] {
            if let Ok(png) = browser.screenshot().await {
                let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-live-{name}-failure.png")), png);
            }
        }
    }
    let _ = black.close().await;
    let _ = white.close().await;
    result
}

/// Art. 14: a referee pauses the game (the clock stands still for both), then adjourns it; the
/// player to move seals a move nobody else sees until play resumes; each step is audited.
#[actix_web::test]
async fn a_referee_pauses_and_adjourns_with_a_sealed_move() -> TestResult {
    let mut t = live_table("10m").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut referee = std::mem::replace(&mut t.director, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.wait(20);
    white.post(&format!("{}/hold", t.board), &[("step", "pause")]).await?.assert_status(403)?;
    let unknown = referee.post(&format!("{}/hold", t.board), &[("step", "stop")]).await?;
    unknown.assert_status(400)?;
    assert!(unknown.body.contains("pause, adjourn or resume"), "{}", unknown.body);
    referee.post(&format!("{}/hold", t.board), &[("step", "pause")]).await?.assert_status(303)?;
    let paused = white.get(&t.board).await?.body;
    assert!(paused.contains("id=\"live-paused\""), "{paused}");
    t.wait(3600);
    let refused = t.play(&mut white, "C3").await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("paused"), "{}", refused.body);
    referee.post(&format!("{}/hold", t.board), &[("step", "resume")]).await?.assert_status(303)?;
    t.wait(10);
    t.play(&mut white, "C3").await?.assert_status(303)?;
    // Adjournment: Black, to move, seals G7.
    referee.post(&format!("{}/hold", t.board), &[("step", "adjourn")]).await?.assert_status(303)?;
    let must_seal = t.play(&mut black, "G7").await?;
    must_seal.assert_status(400)?;
    assert!(must_seal.body.contains("seal your move"), "{}", must_seal.body);
    t.wait(5);
    black.post(&format!("{}/seal", t.board), &[("point", "G7")]).await?.assert_status(303)?;
    t.wait(86_400);
    for who in [&mut white, &mut black] {
        let page = who.get(&t.board).await?.body;
        assert!(page.contains("a sealed move waits") && !page.contains(r#"class="stone black" data-point="G7""#));
    }
    let sgf = white.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(!sgf.contains("gc"), "the sealed move stays secret: {sgf}");
    referee.post(&format!("{}/hold", t.board), &[("step", "resume")]).await?.assert_status(303)?;
    let sgf = white.get(&format!("{}/game.sgf", t.board)).await?.body;
    assert!(sgf.contains(";W[cg]WL[570]C[30s];B[gc]BL[595]C[5s]"), "played with its time: {sgf}");
    let audit =
        referee.get(&t.board.split("/rounds").next().map(|e| format!("{e}/audit")).unwrap_or_default()).await?.body;
    for step in ["live.paused", "live.resumed", "live.adjourned", "live.move_sealed"] {
        assert!(audit.contains(step), "{step} audited");
    }
    Ok(())
}

/// Sets the event's lateness limit and round 1's start (`minutes` from the app's now, typed in
/// the event's time zone).
async fn schedule(t: &mut LiveTable, late_limit: &str, minutes: i64) -> TestResult {
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", "9"), ("time_control", "60m"), ("late_limit_minutes", late_limit)]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    let zone: chrono_tz::Tz = "Europe/Amsterdam".parse()?;
    let start = (yunzi::clock::Clock::now(&t.clock) + Duration::minutes(minutes)).with_timezone(&zone);
    let typed = start.format("%Y-%m-%dT%H:%M").to_string();
    t.director.post(&format!("{event}/rounds/1/start"), &[("starts_at", typed.as_str())]).await?.assert_status(303)?;
    Ok(())
}

/// Art. 23: the clocks start at the round's scheduled time, so a late player's lateness runs
/// on their clock; past the event's limit an absent player loses by forfeit.
#[actix_web::test]
async fn late_players_lose_their_lateness_and_absent_ones_the_game() -> TestResult {
    let mut t = live_table("60m").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let zone: chrono_tz::Tz = "Europe/Amsterdam".parse()?;
    let long_ago = (yunzi::clock::Clock::now(&t.clock) - Duration::hours(3)).with_timezone(&zone);
    let typed = long_ago.format("%Y-%m-%dT%H:%M").to_string();
    let slip = t.director.post(&format!("{event}/rounds/1/start"), &[("starts_at", typed.as_str())]).await?;
    slip.assert_status(400)?;
    assert!(slip.body.contains("more than an hour ago"), "{}", slip.body);
    schedule(&mut t, "15", 2).await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let early = t.play(&mut black, "E5").await?;
    early.assert_status(400)?;
    assert!(early.body.contains("The game starts at"), "{}", early.body);
    white.post(&format!("{}/arrive", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    let page = black.get(&t.board).await?.body;
    assert!(page.contains("id=\"arrive-black\"") && !page.contains("id=\"arrive-white\""), "Black is still missing");
    // The start passed; Black comes six minutes into the round (the minute of the start is
    // rounded down when typed, so the lateness is between 4 and 5 minutes).
    t.wait(6 * 60);
    t.play(&mut black, "E5").await?.assert_status(303)?;
    let sgf = black.get(&format!("{}/game.sgf", t.board)).await?.body;
    let at = sgf.find(";B[ee]BL[").ok_or("no move")? + 9;
    let left: u64 = sgf[at..].split(']').next().unwrap_or_default().parse()?;
    assert!((55 * 60..=56 * 60).contains(&left), "Black's clock ran from the start: {left} s left; {sgf}");

    // Another table where White never comes: Black wins by forfeit once the limit has passed.
    let mut u = live_table("60m").await?;
    schedule(&mut u, "15", 1).await?;
    let mut black = std::mem::replace(&mut u.black, u.app.client());
    u.wait(2 * 60);
    u.play(&mut black, "E5").await?.assert_status(303)?;
    u.wait(15 * 60);
    let mut finished = String::new();
    for _ in 0..40 {
        finished = black.get(&format!("{}/game.sgf", u.board)).await?.body;
        if finished.contains("RE[") {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(finished.contains("RE[B+F]"), "White, absent past the limit, loses: {finished}");
    Ok(())
}

/// 2002 Art. 22.5: a player who asked has a timeout in the last byo-yomi minute counted as a
/// pass, and play goes on; a recorder cannot ask for them; under 1988 nobody can.
#[actix_web::test]
async fn a_timeout_counts_as_a_pass_when_the_player_asked_under_2002() -> TestResult {
    let mut t = live_table("chinese 1m reserve 1").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let ask = [("colour", "white"), ("asked", "yes")];
    let refused = white.post(&format!("{}/timeout-pass", t.board), &ask).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("only under the 2002 rules"), "{}", refused.body);
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| !["time_control", "ruleset"].contains(k)).collect();
    form.extend([("board_size", "9"), ("time_control", "chinese 1m reserve 1"), ("ruleset", "chinese-2002")]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    t.director.post(&format!("{}/timeout-pass", t.board), &ask).await?.assert_status(403)?;
    white.post(&format!("{}/timeout-pass", t.board), &ask).await?.assert_status(303)?;
    assert!(white.get(&t.board).await?.body.contains("id=\"timeout-pass-asked\""));
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.wait(61);
    let mut sgf = String::new();
    for _ in 0..40 {
        sgf = black.get(&format!("{}/game.sgf", t.board)).await?.body;
        if sgf.contains(";W[]") {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(sgf.contains(";W[]WL[60]C[60s]") && !sgf.contains("RE["), "a pass, and play goes on: {sgf}");
    t.play(&mut black, "C3").await?.assert_status(303)?;
    t.play(&mut white, "G7").await?.assert_status(303)?;
    Ok(())
}

/// Issue 48, acceptance 5: a move sent without the number of the move it is meant for (a
/// script's or an old client's; the page and its script always send it) is refused with 400
/// and the reason, and nothing is recorded; a recorder's two points sent at once that way are
/// not stored as successive moves. With the number, it is played.
#[actix_web::test]
async fn a_move_without_its_number_is_refused_and_nothing_is_recorded() -> TestResult {
    let mut t = live_table("").await?;
    let play = format!("{}/play", t.board);
    let moves = |body: &str| body.split("data-moves=\"").nth(1).and_then(|r| r.split('"').next()).map(str::to_string);
    for who in [&mut t.black, &mut t.director] {
        let token = who.token().await?;
        let page = who.post_raw(&play, &[("point", "E5"), ("csrf_token", token.as_str())]).await?;
        page.assert_status(400)?;
        assert!(page.body.contains("“move”") && page.body.contains("was not played"), "{}", page.body);
        let token = who.token().await?;
        let scripted = who.post_raw(&play, &[("point", "C3"), ("csrf_token", token.as_str())]).await?;
        scripted.assert_status(400)?;
    }
    let board = t.app.client().get(&t.board).await?.body;
    assert_eq!(moves(&board).as_deref(), Some("0"), "nothing recorded");
    let token = t.black.token().await?;
    let numbered = t.black.post_raw(&play, &[("point", "E5"), ("move", "1"), ("csrf_token", token.as_str())]).await?;
    numbered.assert_status(303)?;
    let board = t.app.client().get(&t.board).await?.body;
    assert_eq!(moves(&board).as_deref(), Some("1"));
    Ok(())
}

/// Issue 47, item 9: an event under the 2012 Japanese proposal plays on the live board. Two
/// passes do not end the game (第九条: "パスが四回連続した時も終局となる"), four do; the count is
/// by territory (第八条, 第十条) with the event's komi (コミ: a condition of the game): Black's
/// one stone owns the other 80 points, less the event's 7½.
#[actix_web::test]
async fn a_game_under_the_2012_proposal_ends_after_four_passes_and_counts_territory() -> TestResult {
    let mut t = live_table("").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut director = std::mem::replace(&mut t.director, t.app.client());
    crate::disputes::set_ruleset(&mut director, &event, "japanese-2012").await?;
    let board = t.board.clone();
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.play(&mut white, "pass").await?.assert_status(303)?;
    t.play(&mut black, "pass").await?.assert_status(303)?;
    let playing = white.get(&board).await?.body;
    assert!(playing.contains("id=\"play-form\"") && !playing.contains("id=\"agree\""), "two passes: {playing}");
    t.play(&mut white, "pass").await?.assert_status(303)?;
    t.play(&mut black, "pass").await?.assert_status(303)?;
    let marking = black.get(&board).await?.body;
    assert!(marking.contains("Play has ended: mark the dead stones"), "four passes: {marking}");
    for (who, colour) in [(&mut black, "black"), (&mut white, "white")] {
        who.post(&format!("{board}/agree"), &[("colour", colour)]).await?.assert_status(303)?;
    }
    let counted = black.get(&board).await?.body;
    assert!(counted.contains("Black 80, White 0") && counted.contains("B+72.5"), "80 less komi 7½: {counted}");
    Ok(())
}

/// Issue 47, acceptance 2: a handicap game played on the live board of an event whose komi is
/// 7.5 counts with no komi (the handicap stones are the compensation; 1988 rules: one stone of
/// the two handed back). White, to move first, and Black pass: Black's 81 points less one
/// stone handed back is 79, not 71.5.
#[actix_web::test]
async fn a_handicap_game_on_the_live_board_counts_without_komi() -> TestResult {
    use sea_orm::{ActiveModelTrait, EntityTrait, Set};
    use yunzi::db::entities::game;
    let mut t = live_table("").await?;
    let db = t.app.db().await?;
    let row = game::Entity::find().one(&db).await?.ok_or("no game")?;
    let mut handicap: game::ActiveModel = row.into();
    handicap.handicap = Set(2);
    handicap.update(&db).await?;
    let board = t.board.clone();
    let page = t.white.get(&board).await?.body;
    assert_eq!(page.matches("class=\"stone black").count(), 2, "two handicap stones");
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut white, "pass").await?.assert_status(303)?;
    t.play(&mut black, "pass").await?.assert_status(303)?;
    for (who, colour) in [(&mut black, "black"), (&mut white, "white")] {
        who.post(&format!("{board}/agree"), &[("colour", colour)]).await?.assert_status(303)?;
    }
    let counted = black.get(&board).await?.body;
    assert!(counted.contains("= 79 points (komi included)"), "no komi in a handicap game: {counted}");
    Ok(())
}

/// Issue 51, item 5: a director's correction of a live board's result reaches the board's
/// watchers through their stream (the correction is written and audited; the sweep tells every
/// watched board an audit row names), and the board's page shows the corrected result.
#[actix_web::test]
async fn a_directors_correction_reaches_the_boards_watchers() -> TestResult {
    let mut t = live_table("").await?;
    let mut director = std::mem::replace(&mut t.director, t.app.client());
    t.play(&mut director, "E5").await?.assert_status(303)?;
    director.post(&format!("{}/resign", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    let mut stream = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
    assert_eq!(stream.next().await?["result"].as_str(), Some("B+R"));
    // The wrong side's resignation was pressed: the director corrects the result.
    let round = t.board.trim_end_matches("/boards/1");
    director
        .post(
            &format!("{round}/results/1/correct"),
            &[
                ("outcome", "white"),
                ("margin", "R"),
                ("reason", "the wrong side's resignation was pressed"),
                ("shown", "B+R"),
            ],
        )
        .await?
        .assert_status(303)?;
    let after = stream.next().await?;
    assert_eq!(after["result"].as_str(), Some("W+R"), "the watcher is told of the correction");
    let page = director.get(&t.board).await?.body;
    assert!(page.contains(r#"data-result="W+R""#), "the board's page shows the corrected result");
    Ok(())
}

/// Issue 52: a move is decided on the game this instance kept from its last change, but only
/// while the game's row is the row it was kept with. A change made behind its back — here two
/// moves taken back in the database, as another instance's ruling on the same PostgreSQL
/// database would — is seen by the next move: it is played as move 3, not refused as stale
/// against the four moves the instance last stored.
#[actix_web::test]
async fn a_game_changed_behind_the_instances_back_is_read_again_by_the_next_move() -> TestResult {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
    use yunzi::db::entities::{game, game_move};
    let mut t = live_table("").await?;
    let db = t.app.db().await?;
    let moves_of = |id: i32| {
        let db = db.clone();
        async move {
            let rows = game_move::Entity::find()
                .filter(game_move::Column::GameId.eq(id))
                .order_by_asc(game_move::Column::Number)
                .all(&db)
                .await?;
            Ok::<_, sea_orm::DbErr>(rows.into_iter().map(|m| (m.x, m.y)).collect::<Vec<_>>())
        }
    };
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.play(&mut white, "C3").await?.assert_status(303)?;
    let row = game::Entity::find().one(&db).await?.ok_or("no game")?;
    let after_two = (row.live_state.clone(), row.flag_at);
    let two = moves_of(row.id).await?;
    t.play(&mut black, "D4").await?.assert_status(303)?;
    t.play(&mut white, "F6").await?.assert_status(303)?;
    let four = moves_of(row.id).await?;
    assert_eq!(four.len(), 4);

    // Behind the app's back: moves 3 and 4 taken back, the game's row as it was after move 2.
    game_move::Entity::delete_many()
        .filter(game_move::Column::GameId.eq(row.id))
        .filter(game_move::Column::Number.gt(2))
        .exec(&db)
        .await?;
    game::Entity::update(game::ActiveModel {
        id: Set(row.id),
        live_state: Set(after_two.0),
        flag_at: Set(after_two.1),
        ..Default::default()
    })
    .exec(&db)
    .await?;

    let played = t.play(&mut black, "G7").await?;
    played.assert_status(303)?;
    let now = moves_of(row.id).await?;
    assert_eq!(now.len(), 3, "G7 is move 3");
    assert_eq!(now[..2], two[..]);
    assert_ne!(now[2], four[2], "move 3 is G7, not the D4 taken back");
    let page = t.app.client().get(&t.board).await?.body;
    assert!(page.contains("data-moves=\"3\""), "the board shows three moves");
    Ok(())
}
