//! The screenshots in docs/screenshots: the pages of the venue work (issue 21) at desktop and
//! phone width, in 中文 and English, drawn by headless Chromium from a real event. Not a test:
//! run it to draw them again after a page changes —
//! `cargo test --test it screenshots -- --ignored` (needs chromium-headless-shell, chromium-driver and a CJK
//! font such as Debian's fonts-noto-cjk).
use fantoccini::Locator;

use crate::browser::{click, start_browser, type_into};
use crate::helpers::*;

const WIDTHS: [(&str, u32, u32); 2] = [("desktop", 1280, 1100), ("phone", 390, 1700)];

#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_venue_screenshots() -> TestResult {
    let mut world = crate::locale::world().await?;
    let round = format!("{}/rounds/1", world.swiss);
    for (board, outcome, margin) in [(1, "black", "R"), (3, "white", "3.5"), (4, "draw", ""), (5, "black_forfeit", "")]
    {
        world
            .director
            .post(&format!("{round}/results/{board}"), &[("outcome", outcome), ("margin", margin)])
            .await?
            .assert_status(303)?;
    }
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    let base = world.app.base.clone();
    crate::browser::log_in(&browser, &base, &world.director_email, "live passphrase").await?;
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&out)?;
    for lang in ["zh", "en"] {
        browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
        for (width_name, width, height) in WIDTHS {
            browser.set_window_size(width, height).await?;
            let shoot = |name: &str| out.join(format!("{name}-{lang}-{width_name}.png"));

            browser.goto(&format!("{base}/events/new")).await?;
            // Dates as a date picker sets them (the keys typed into one depend on the locale).
            let refused_fields = "document.querySelector('input[name=start_date]').value = '2026-05-02';
                document.querySelector('input[name=end_date]').value = '2026-05-01';
                document.querySelector('input[name=name]').removeAttribute('required');";
            browser.execute(refused_fields, vec![]).await?;
            type_into(&browser, "input[name=komi]", "abc").await?;
            type_into(&browser, "#time-control", "an hour or so").await?;
            click(&browser, "#event-form button[type=submit]").await?;
            std::fs::write(shoot("event-form-refused"), browser.screenshot().await?)?;

            browser.goto(&format!("{base}{round}")).await?;
            browser.find(Locator::Css("select[name=outcome-6]")).await?.select_by_value("black").await?;
            type_into(&browser, "input[name=margin-6]", "abc").await?;
            click(&browser, "#save-results").await?;
            std::fs::write(shoot("results-grid"), browser.screenshot().await?)?;

            for (name, path) in [
                ("standings", format!("{}/standings", world.swiss)),
                ("live-board", world.board.clone()),
                ("dispute", world.dispute.clone()),
                ("error-page", "/events/999999".to_string()),
            ] {
                browser.goto(&format!("{base}{path}")).await?;
                std::fs::write(shoot(name), browser.screenshot().await?)?;
            }
        }
    }
    let _ = browser.close().await;
    Ok(())
}

/// The event shapes (issue 22): a team round, the relay, the bracket, a search, the player's
/// page it lands on and the pairings and standings with his row first, at desktop and phone
/// width in both languages.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_event_shape_screenshots() -> TestResult {
    let app = TestApp::spawn().await?;
    let world = crate::shapes::shapes_world(&app).await?;
    // 王小明's page, where a search for him lands: the pages he opens from it put his row first.
    let found = app.client().get(&format!("{}/search?q=wangxiaoming", world.team)).await?.location.unwrap_or_default();
    let me = found.rsplit('/').next().unwrap_or_default().to_string();
    let pages = [
        ("team-round", format!("{}/rounds/1", world.team)),
        ("relay", format!("{}/relay", world.relay)),
        ("bracket", format!("{}/standings", world.knockout)),
        ("search", format!("{}/search?q=ming", world.team)),
        ("player", format!("{}/search?q=wangxiaoming", world.team)),
        ("followed-round", format!("{}/rounds/1?me={me}", world.team)),
        ("followed-standings", format!("{}/standings?me={me}", world.team)),
    ];
    draw_pages(&app.base, &world.director_email, crate::shapes::SHAPES_PASSWORD, &pages).await
}

/// OpenGotha's weights in the app (issue 24): the event form with the choice, and the "why
/// paired" page of a McMahon round paired with them, at desktop and phone width in both
/// languages.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_opengotha_weights_screenshots() -> TestResult {
    let app = TestApp::spawn().await?;
    let email = format!("{}@club.example", unique("og-shots"));
    let password = "opengotha screenshots passphrase";
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &email, "Director Zhao", password).await?;
    let mut fields: Vec<(&str, &str)> =
        event_form("麦克马洪公开赛", "4").into_iter().filter(|(k, _)| *k != "system").collect();
    fields.extend([
        ("system", "mcmahon"),
        ("mcmahon_bar", "3d"),
        ("mcmahon_floor", "2k"),
        ("weights", "opengotha-3.51"),
    ]);
    let created = director.post("/events", &fields).await?;
    let event_id = id_after(&created.location, "/events/")?;
    let csv = twelve_players_csv(&unique("og-shots"));
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "p.csv", &csv)
        .await?
        .assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let pages = [
        ("why-opengotha", format!("/events/{event_id}/rounds/1/why")),
        // The anchor scrolls to the system's settings, where the choice of weights is.
        ("event-form-weights", format!("/events/{event_id}/edit#system-settings")),
    ];
    draw_pages(&app.base, &email, password, &pages).await
}

/// Signs `email` in to a new headless Chromium and draws each page of `pages` (name, path) in
/// both languages at both widths into docs/screenshots as `NAME-LANG-WIDTH.png`.
pub(crate) async fn draw_pages(base: &str, email: &str, password: &str, pages: &[(&str, String)]) -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    crate::browser::log_in(&browser, base, email, password).await?;
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&out)?;
    for lang in ["zh", "en"] {
        browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
        for (width_name, width, height) in WIDTHS {
            browser.set_window_size(width, height).await?;
            for (name, path) in pages {
                browser.goto(&format!("{base}{path}")).await?;
                std::fs::write(out.join(format!("{name}-{lang}-{width_name}.png")), browser.screenshot().await?)?;
            }
        }
    }
    let _ = browser.close().await;
    Ok(())
}

/// docs/screenshots/report-*: players' own results (issue 49): the report form on a phone as
/// White sees it once Black has reported (one tap confirms), the round page with each board's
/// state, and the result slips with their codes.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_report_screenshots() -> TestResult {
    use crate::reports::{PASSWORD, six_who_report};
    let app = TestApp::spawn().await?;
    let director_email = format!("{}@club.example", unique("d"));
    let (director, event, seats) = six_who_report(&app, &director_email).await?;
    let report = |board: u32| format!("{event}/rounds/1/boards/{board}/report");
    let mut black = app.client();
    black.log_in(&seats[0].0, PASSWORD).await?;
    black.post(&report(1), &[("outcome", "black"), ("margin", "R")]).await?.assert_status(303)?;
    let (mut second_black, mut second_white) = (app.client(), app.client());
    second_black.log_in(&seats[1].0, PASSWORD).await?;
    second_white.log_in(&seats[1].1, PASSWORD).await?;
    second_black.post(&report(2), &[("outcome", "black")]).await?.assert_status(303)?;
    second_white.post(&report(2), &[("outcome", "white")]).await?.assert_status(303)?;
    drop(director);
    draw_pages(&app.base, &seats[0].1, PASSWORD, &[("report-form", report(1))]).await?;
    draw_pages(
        &app.base,
        &director_email,
        PASSWORD,
        &[
            ("report-round", format!("{event}/rounds/1")),
            ("report-slips", format!("{event}/rounds/1/paper/result-slips")),
        ],
    )
    .await
}

/// Draws the pages issue 49 changed into `$TMP/yunzi-look` (not the docs) in 中文 and English
/// at desktop and phone width, to read them as their users would: the event page with places,
/// deadline, fee and the director's terms; the players list with namesakes, fees and the
/// waiting list; the check-in desk's fees; the EGD export page; the report page and the round
/// page's report states; a 八卦棋 board. Run by hand.
#[actix_web::test]
#[ignore = "draws pages to read; run by hand"]
async fn draw_the_registration_and_report_pages_to_read() -> TestResult {
    use crate::reports::{PASSWORD, six_who_report};
    let app = TestApp::spawn().await?;
    let director_email = format!("{}@club.example", unique("d"));
    let (mut director, event, seats) = six_who_report(&app, &director_email).await?;
    director
        .post(
            &format!("{event}/registration/terms"),
            &[("places", "6"), ("deadline", "2030-01-01T18:00"), ("fee", "200"), ("currency", "元")],
        )
        .await?
        .assert_status(303)?;
    let csv = "name,rank,club\n张伟,2d,北京\n张伟,1d,上海\n";
    director.post_file(&format!("{event}/players/import"), "file", "p.csv", csv).await?.assert_status(303)?;
    let mut black = app.client();
    black.log_in(&seats[0].0, PASSWORD).await?;
    black.post(&format!("{event}/rounds/1/boards/1/report"), &[("outcome", "black"), ("margin", "R")]).await?;
    let pages = [
        ("event", event.clone()),
        ("players", format!("{event}/players")),
        ("check-in", format!("{event}/check-in")),
        ("egd", format!("{event}/export/egd")),
        ("round", format!("{event}/rounds/1")),
    ];
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    let out = std::env::temp_dir().join("yunzi-look");
    std::fs::create_dir_all(&out)?;
    for lang in ["zh", "en"] {
        for (width_name, width, height) in WIDTHS {
            browser.set_window_size(width, height).await?;
            for (email, list) in [
                (&director_email, &pages[..]),
                (&seats[0].1, &[("report", format!("{event}/rounds/1/boards/1/report"))][..]),
            ] {
                browser.delete_all_cookies().await?;
                browser.goto(&format!("{}/lang/{lang}?next=/", app.base)).await?;
                crate::browser::log_in(&browser, &app.base, email, PASSWORD).await?;
                for (name, path) in list {
                    browser.goto(&format!("{}{path}", app.base)).await?;
                    std::fs::write(out.join(format!("{name}-{lang}-{width_name}.png")), browser.screenshot().await?)?;
                }
            }
        }
    }
    let _ = browser.close().await;
    Ok(())
}

/// Issue 53: the venue's screen at 1920×1080 in 中文 and English, a round's boards in one embed,
/// and the live board and the standings in the dark style the reader's system asks for.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_access_screenshots() -> TestResult {
    let mut world = crate::locale::world().await?;
    let round = format!("{}/rounds/1", world.swiss);
    for (board, outcome, margin) in [(1, "black", "R"), (3, "white", "3.5"), (4, "draw", "")] {
        world
            .director
            .post(&format!("{round}/results/{board}"), &[("outcome", outcome), ("margin", margin)])
            .await?
            .assert_status(303)?;
    }
    let base = world.app.base.clone();
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    for lang in ["zh", "en"] {
        browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
        browser.goto(&format!("{base}{}/screen?pace=300", world.swiss)).await?;
        // The page gets 1080 rows of the screen's 1920×1080 (the window's bars take some).
        browser.set_window_size(1920, 1080).await?;
        let inner = browser.execute("return window.innerHeight;", vec![]).await?.as_u64().unwrap_or(1080) as u32;
        browser.set_window_size(1920, 1080 + 1080u32.saturating_sub(inner)).await?;
        std::fs::write(out.join(format!("venue-screen-{lang}-tv.png")), browser.screenshot().await?)?;
        // A round's boards in one embed, as a stream's page frames it.
        let grid = format!("{}/embed", world.board.split("/boards").next().unwrap_or_default());
        for (width_name, width, height) in WIDTHS {
            browser.set_window_size(width, height).await?;
            browser.goto(&format!("{base}{grid}")).await?;
            std::fs::write(out.join(format!("round-grid-{lang}-{width_name}.png")), browser.screenshot().await?)?;
        }
    }
    browser.close().await?;
    let Some((_driver, dark)) = crate::browser::start_browser_with(&["--force-dark-mode"]).await? else {
        return Err("no browser".into());
    };
    for lang in ["zh", "en"] {
        dark.goto(&format!("{base}/lang/{lang}?next=/")).await?;
        for (width_name, width, height) in WIDTHS {
            dark.set_window_size(width, height).await?;
            for (name, path) in
                [("live-board-dark", world.board.clone()), ("standings-dark", format!("{}/standings", world.swiss))]
            {
                dark.goto(&format!("{base}{path}")).await?;
                std::fs::write(out.join(format!("{name}-{lang}-{width_name}.png")), dark.screenshot().await?)?;
            }
        }
    }
    dark.close().await?;
    Ok(())
}

/// Issue 53 and 54's pages to read, drawn into docs/screenshots as `read-*` (not kept): the
/// event form with its broadcast delay, a board held back 15 minutes as a spectator and as its
/// player sees it, the round's grid, and the event's API tokens page.
#[actix_web::test]
#[ignore = "draws pages to read; run by hand"]
async fn draw_the_delay_and_token_pages_to_read() -> TestResult {
    let mut t = crate::live::live_table("60m").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", "9"), ("time_control", "60m"), ("broadcast_delay_minutes", "15")]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "E5").await?.assert_status(303)?;
    t.wait(16 * 60);
    t.play(&mut white, "C3").await?.assert_status(303)?;
    t.director.post(&format!("{event}/tokens"), &[("name", "Venue tablets"), ("purpose", "results")]).await?;
    let base = t.app.base.clone();
    crate::screenshots::draw_pages(
        &base,
        &t.director_email,
        "live passphrase",
        &[
            ("read-form", format!("{event}/edit")),
            ("read-tokens", format!("{event}/tokens")),
            ("read-round", format!("{event}/rounds/1")),
            ("read-board-staff", t.board.clone()),
        ],
    )
    .await?;
    let Some((_driver, browser)) = start_browser().await? else { return Err("no browser".into()) };
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    for lang in ["zh", "en"] {
        browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
        for (width_name, width, height) in WIDTHS {
            browser.set_window_size(width, height).await?;
            for (name, path) in [
                ("read-board-public", t.board.clone()),
                ("read-embed", format!("{}/embed", t.board)),
                ("read-grid", format!("{event}/rounds/1/embed")),
            ] {
                browser.goto(&format!("{base}{path}")).await?;
                std::fs::write(out.join(format!("{name}-{lang}-{width_name}.png")), browser.screenshot().await?)?;
            }
        }
    }
    let _ = browser.close().await;
    Ok(())
}
