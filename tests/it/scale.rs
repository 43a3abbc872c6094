//! Public pages at scale: served from a cache that is never stale (a result entered is on
//! the very next request, in every language), with ETags answered 304 while nothing changed,
//! compressed once, and HEAD answered on every page.
use crate::helpers::*;
use crate::venue::published_round_one;

#[actix_web::test]
async fn a_result_is_on_the_next_request_of_the_cached_pages_in_both_languages() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) = published_round_one(&app, "Cache Cup", &twelve_players_csv(&unique("c"))).await?;
    let pages = [format!("/events/{event_id}/standings"), format!("/events/{event_id}/rounds/1")];
    let mut readers = Vec::new();
    for lang in ["zh", "en"] {
        let mut reader = app.client();
        reader.get(&format!("/lang/{lang}?next=/")).await?;
        readers.push(reader);
    }
    // Each page in each language: an ETag, and 304 for a reader who has it.
    let mut seen = Vec::new();
    for reader in &mut readers {
        for path in &pages {
            let first = reader.get(path).await?;
            first.assert_status(200)?;
            let etag = first.etag.clone().ok_or(format!("{path}: no ETag"))?;
            let again = reader.get_with(path, &[("If-None-Match", etag.as_str())]).await?;
            again.assert_status(304)?;
            assert!(again.body.is_empty());
            let zipped = reader.get_with(path, &[("Accept-Encoding", "gzip")]).await?;
            assert_eq!(zipped.encoding.as_deref(), Some("gzip"), "{path}: compressed for a reader who takes it");
            assert!(!first.body.contains("class=\"result-text\"") && !first.body.contains("1/0/0"), "no result yet");
            seen.push((path.clone(), etag));
        }
    }
    // Board 1's result: on the very next request of both pages, in both languages, and the
    // old ETag gets the new page.
    director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?
        .assert_status(303)?;
    for (i, reader) in readers.iter_mut().enumerate() {
        let result = if i == 0 { ">黑中盘胜</span>" } else { ">B+R</span>" };
        for path in &pages {
            let etag = seen.iter().find(|(p, _)| p == path).map(|(_, e)| e.clone()).unwrap_or_default();
            let fresh = reader.get_with(path, &[("If-None-Match", etag.as_str())]).await?;
            fresh.assert_status(200)?;
            let shown =
                if path.ends_with("standings") { fresh.body.contains("1/0/0") } else { fresh.body.contains(result) };
            assert!(shown, "{path} ({i}): the result is there at once: {}", fresh.body);
            assert_ne!(fresh.etag.as_deref(), Some(etag.as_str()), "{path}: a new page, a new ETag");
        }
    }
    // A signed-in reader's pages are drawn for them (their name, their forms), never cached.
    let page = director.get(&pages[1]).await?;
    assert!(page.body.contains("Director Zhao") && page.body.contains("csrf_token"), "the director's own page");
    assert_eq!(page.etag, None, "a page drawn for one reader has no shared ETag");
    Ok(())
}

/// Issue 52: the live board's page is kept for anonymous readers as well, and is never behind
/// the game: a move is on the next request, and a running clock's page is kept only until the
/// second it shows changes (the app's clock is moved by hand).
#[actix_web::test]
async fn a_live_boards_page_is_kept_but_never_behind_a_move_or_a_clocks_second() -> TestResult {
    use crate::live::{clock_shown, live_table};
    let mut t = live_table("chinese 10m reserve 3").await?;
    let mut reader = t.app.client();
    let first = reader.get(&t.board).await?;
    first.assert_status(200)?;
    let etag = first.etag.clone().ok_or("the page an anonymous reader gets is the kept one, with an ETag")?;
    reader.get_with(&t.board, &[("If-None-Match", etag.as_str())]).await?.assert_status(304)?;

    // Black's first move starts White's clock: the next request shows the move and the clock.
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    t.play(&mut black, "C3").await?.assert_status(303)?;
    let moved = reader.get_with(&t.board, &[("If-None-Match", etag.as_str())]).await?;
    moved.assert_status(200)?;
    assert!(moved.body.contains("White to move") && moved.body.contains("1 move"), "{}", moved.body);
    assert_eq!(clock_shown(&moved.body, "white").as_deref(), Some("10:00"));
    let moved_etag = moved.etag.clone().ok_or("no ETag")?;

    // 0.4 s later White's clock still shows 10:00: the kept page (whose script's milliseconds
    // are 0.4 s old, a page drawn now would differ) is the answer.
    t.clock.advance(chrono::Duration::milliseconds(400));
    reader.get_with(&t.board, &[("If-None-Match", moved_etag.as_str())]).await?.assert_status(304)?;
    // Past the second: drawn again with 9:59.
    t.clock.advance(chrono::Duration::milliseconds(700));
    let ticked = reader.get_with(&t.board, &[("If-None-Match", moved_etag.as_str())]).await?;
    ticked.assert_status(200)?;
    assert_eq!(clock_shown(&ticked.body, "white").as_deref(), Some("9:59"), "{}", ticked.body);
    assert_eq!(clock_shown(&ticked.body, "black").as_deref(), Some("10:00"));

    // The players' own pages are theirs (their controls), never the kept one.
    let own = black.get(&t.board).await?;
    assert!(own.etag.is_none() && own.body.contains("csrf_token"), "a player's page is drawn for them");
    Ok(())
}

#[actix_web::test]
async fn head_is_answered_like_get_without_the_body() -> TestResult {
    let app = TestApp::spawn().await?;
    let (_, _, event_id) = published_round_one(&app, "Head Cup", &twelve_players_csv(&unique("h"))).await?;
    let http = reqwest::Client::new();
    for path in [
        "/".to_string(),
        "/events".into(),
        format!("/events/{event_id}/standings"),
        format!("/events/{event_id}/rounds/1"),
        "/login".into(),
    ] {
        let got = http.get(format!("{}{path}", app.base)).send().await?;
        let status = got.status();
        let length = got.bytes().await?.len();
        let head = http.head(format!("{}{path}", app.base)).send().await?;
        assert_eq!(head.status(), status, "HEAD {path}");
        assert!(length > 0 && head.bytes().await?.is_empty(), "HEAD {path}: no body");
    }
    let missing = http.head(format!("{}/no/such/page", app.base)).send().await?;
    assert_eq!(missing.status().as_u16(), 404);
    Ok(())
}

/// One stream per round's page: it announces each new version of the event, and a page
/// open in the browser shows a result entered elsewhere without a reload.
#[actix_web::test]
async fn a_rounds_page_hears_of_a_result_and_shows_it_without_a_reload() -> TestResult {
    use crate::live::EventStream;
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) =
        published_round_one(&app, "Stream Cup", &twelve_players_csv(&unique("s"))).await?;
    let round = format!("/events/{event_id}/rounds/1");
    let page = app.client().get(&round).await?.body;
    assert!(page.contains(&format!(r#"data-stream="{round}/events""#)), "a reader's page follows the round");
    let own = director.get(&round).await?.body;
    assert!(!own.contains("data-stream"), "the director's page, with its forms, does not");
    app.client().get(&format!("/events/{event_id}/rounds/9/events")).await?.assert_status(404)?;

    let mut stream = EventStream::open(&app, &format!("{round}/events")).await?;
    let first = stream.next().await?["version"].as_i64().ok_or("no version")?;
    let browser = crate::browser::start_browser().await?;
    if let Some((_, browser)) = &browser {
        browser.goto(&format!("{}{round}", app.base)).await?;
    }
    director.post(&format!("{round}/results/1"), &[("outcome", "white"), ("margin", "R")]).await?.assert_status(303)?;
    // A reader who comes in now, before the twice-a-second sweep has announced the result,
    // starts at the new version — and the earlier readers must still hear of it.
    let mut late = EventStream::open(&app, &format!("{round}/events")).await?;
    let late_first = late.next().await?["version"].as_i64().ok_or("no version")?;
    let next = stream.next().await?["version"].as_i64().ok_or("no version")?;
    assert!(next > first, "a new version is announced: {first} → {next}");
    assert_eq!(late_first, next, "the late reader starts where the others are told to go");
    if let Some((_driver, browser)) = browser {
        let mut shown = String::new();
        for _ in 0..50 {
            // Read in one step: the script may swap the table between a find and a read.
            let cell = browser
                .execute("var c = document.querySelector('#board-1 .result'); return c ? c.textContent : '';", vec![])
                .await?;
            shown = cell.as_str().unwrap_or_default().to_string();
            if shown.contains("W+R") {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(shown.contains("W+R"), "the result appears without a reload: {shown:?}");
        let _ = browser.close().await;
    }
    Ok(())
}

/// A big field's standings come in pages of 100 places (a phone lays a table out only once it
/// has all of it), the followed player's page first, and whole for print.
#[actix_web::test]
async fn a_big_fields_standings_come_in_pages() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", "paging passphrase")
        .await?;
    let created = director.post("/events", &event_form("Big Open", "5")).await?;
    let event_id = id_after(&created.location, "/events/")?;
    let mut csv = String::from("name,rank\n");
    for n in 0..250 {
        csv.push_str(&format!("Player {n:03},{}k\n", 1 + n / 20));
    }
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "p.csv", &csv)
        .await?
        .assert_status(303)?;
    let standings = format!("/events/{event_id}/standings");
    let mut reader = app.client();
    let rows = |body: &str| {
        let table = &body[body.find("id=\"standings\"").unwrap_or(0)..];
        attributes(table, "data-place").len()
    };
    let first = reader.get(&standings).await?.body;
    assert_eq!(rows(&first), 100, "the first 100 places");
    assert!(
        first.contains("<strong aria-current=\"page\">1–100</strong>") && first.contains("?page=3\">201–250</a>"),
        "{first}"
    );
    assert_eq!(rows(&reader.get(&format!("{standings}?page=3")).await?.body), 50);
    let whole = reader.get(&format!("{standings}?page=all")).await?.body;
    assert_eq!(rows(&whole), 250, "the whole table, for print");
    // The player in place 150, followed from his page: page 2, his row pinned on top.
    let ids: Vec<String> = whole
        .match_indices(&format!("href=\"/events/{event_id}/players/"))
        .map(|(at, m)| whole[at + m.len()..].split('"').next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(ids.len(), 250, "every row links its player");
    let followed = reader.get(&format!("{standings}?me={}", ids[149])).await?.body;
    assert!(followed.contains("<strong aria-current=\"page\">101–200</strong>"), "his page");
    assert!(followed.contains("<tbody class=\"mine\" id=\"me\">"));
    // A made-up page is the nearest real one.
    assert_eq!(rows(&reader.get(&format!("{standings}?page=99")).await?.body), 50);
    assert_eq!(rows(&reader.get(&format!("{standings}?page=x")).await?.body), 100);
    Ok(())
}

/// The health page's word on which instance runs the sweep, waiting up to five seconds for it
/// to be `expected`.
async fn sweep_word(client: &mut Client, expected: &str) -> Result<String, Box<dyn std::error::Error>> {
    let mut body = String::new();
    for _ in 0..50 {
        body = client.get("/health").await?.body;
        if body.ends_with(expected) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Ok(body)
}

/// Acceptance (two servers on one PostgreSQL): instance A is the real binary in a process of
/// its own, instance B runs in the test; they share the database and the session key. A watcher
/// on B sees the moves played on A by players signed in on B, and the flag A's sweep ends; A is killed (SIGKILL) and B
/// takes the sweep over; every flag is recorded exactly once (one result, one clock incident).
#[actix_web::test]
async fn two_instances_share_the_live_boards_and_hand_the_sweep_over_when_one_dies() -> TestResult {
    use crate::live::EventStream;
    if !on_postgres() {
        // On SQLite there is one instance by design (docs/DEPLOY.md).
        return Ok(());
    }
    let mut key = [0u8; 64];
    getrandom::fill(&mut key).map_err(|e| e.to_string())?;
    let key = yunzi::auth::token::hex(&key);
    let data_a = temp_dir("instance-a");
    let url = database_url(&data_a).await?;
    let mut a = ServerProcess::start(&data_a, &[("DATABASE_URL", &url), ("YUNZI__SECURITY__SESSION_KEY", &key)])?;
    let mut health_a = Client::new(&a.base);
    assert_eq!(
        sweep_word(&mut health_a, "this instance").await?,
        "ok\nsweep: this instance",
        "the first instance sweeps"
    );
    let b = TestApp::spawn_sharing(&url, Options { session_key: key.clone(), ..Options::default() }).await?;
    let mut health_b = b.client();
    assert_eq!(health_b.get("/health").await?.body, "ok\nsweep: another instance");

    // The event is made on B: a director, four players with accounts, round 1 published, on
    // a three-second clock so that flags fall while we watch.
    let mut director = b.client();
    director.sign_up_and_log_in(&b, &format!("{}@club.example", unique("d")), "Qian Yuping", "live passphrase").await?;
    let event_id = crate::live::live_event(&mut director, "Two Servers Cup", "3s").await?;
    let mut players = std::collections::HashMap::new();
    for (name, rank) in [("Ke Jie", "9d"), ("Shin Jinseo", "9d"), ("Iyama Yuta", "7d"), ("Gu Zihao", "7d")] {
        let (player, _) = crate::live::registered_player(&b, event_id, name, rank).await?;
        players.insert(name.to_string(), player);
    }
    let boards = crate::systems::pair_and_publish(&mut director, event_id, 1).await?;
    assert_eq!(boards.len(), 2);
    // Each board's Black, signed in on B, plays on A (the instances share the session key).
    let mut blacks = Vec::new();
    for (_, black, _) in &boards {
        blacks.push(players.get(black).ok_or("no such player")?.copy_to(&a.base)?);
    }
    let board = |n: u32| format!("/events/{event_id}/rounds/1/boards/{n}");

    // Board 1: the move on A reaches B's watcher; the flag falls on A's sweep and B's watcher
    // hears of it too.
    let mut watcher = EventStream::open(&b, &format!("{}/events", board(1))).await?;
    assert_eq!(watcher.next().await?["moves"].as_u64(), Some(0));
    blacks[0].post(&format!("{}/play", board(1)), &[("point", "E5")]).await?.assert_status(303)?;
    let moved = watcher.next().await?;
    assert_eq!((moved["moves"].as_u64(), moved["phase"].as_str()), (Some(1), Some("playing")), "{moved}");
    let ended = watcher.next().await?;
    assert_eq!((ended["phase"].as_str(), ended["result"].as_str()), (Some("finished"), Some("B+T")), "{ended}");

    // Board 2: a move on A, then A dies with White's clock running; B takes the sweep over and
    // ends the game when the flag falls.
    let mut watcher = EventStream::open(&b, &format!("{}/events", board(2))).await?;
    assert_eq!(watcher.next().await?["moves"].as_u64(), Some(0));
    blacks[1].post(&format!("{}/play", board(2)), &[("point", "E5")]).await?.assert_status(303)?;
    assert_eq!(watcher.next().await?["moves"].as_u64(), Some(1));
    a.kill();
    assert_eq!(sweep_word(&mut health_b, "this instance").await?, "ok\nsweep: this instance", "B took the sweep over");
    let ended = watcher.next().await?;
    assert_eq!((ended["phase"].as_str(), ended["result"].as_str()), (Some("finished"), Some("B+T")), "{ended}");

    // Each flag is recorded once: one result and one clock incident per board.
    let db = b.db().await?;
    let count = |sql: String| {
        let db = db.clone();
        async move {
            let row = sea_orm::ConnectionTrait::query_one_raw(
                &db,
                sea_orm::Statement::from_string(sea_orm::DatabaseBackend::Postgres, sql),
            )
            .await?;
            let n: i64 = row.ok_or("no count")?.try_get_by_index(0)?;
            Ok::<i64, Box<dyn std::error::Error>>(n)
        }
    };
    let results =
        count(format!("SELECT count(*) FROM audit_log WHERE event_id = {event_id} AND action = 'result.recorded'"))
            .await?;
    assert_eq!(results, 2, "one result per board");
    let incidents = count(format!("SELECT count(*) FROM disputes WHERE event_id = {event_id}")).await?;
    assert_eq!(incidents, 2, "one clock incident per board");
    let round = director.get(&format!("/events/{event_id}/rounds/1")).await?.body;
    assert_eq!(round.matches("class=\"result-text\"").count(), 2, "both results on the round's page");
    Ok(())
}

/// Two instances started at once on a new PostgreSQL database take turns on the migrations:
/// both come up, and exactly one of them sweeps.
#[actix_web::test]
async fn two_instances_started_together_on_a_new_database_both_come_up() -> TestResult {
    if !on_postgres() {
        return Ok(());
    }
    let url = empty_database_url(&temp_dir("together")).await?;
    let start = |url: String| {
        std::thread::spawn(move || {
            ServerProcess::start(&temp_dir("instance"), &[("DATABASE_URL", &url)]).map_err(|e| e.to_string())
        })
    };
    let (first, second) = (start(url.clone()), start(url));
    let mut words = Vec::new();
    let mut instances = Vec::new();
    for started in [first, second] {
        let instance = started.join().map_err(|_| "the starting thread failed")??;
        let mut health = Client::new(&instance.base);
        words.push(sweep_word(&mut health, "instance").await?);
        instances.push(instance);
    }
    words.sort();
    assert_eq!(words, ["ok\nsweep: another instance", "ok\nsweep: this instance"], "{}", instances[0].log());
    Ok(())
}
