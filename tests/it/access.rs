//! Issue 53: the live board reached without sight or a mouse. Two players in two browsers, one
//! reading 中文 and one English, play a 9×9 game to the count with the keyboard alone: the arrow
//! keys and Enter on the board, or a typed point, and the buttons by Enter. Neither clicks the
//! board's drawing nor reads its coordinates: what they know of the game is the page's text —
//! the point the keyboard is on, the position as text and the announcements (`aria-live`).
use std::time::Duration;

use fantoccini::Locator;
use fantoccini::key::Key;

use crate::browser::{click, start_browser, type_into};
use crate::helpers::*;
use crate::live::{live_table, wait_for};

/// Sends `keys` to the element at `css`, as a keyboard would (the element takes the focus).
async fn press(browser: &fantoccini::Client, css: &str, keys: &[Key]) -> TestResult {
    let text: String = keys.iter().map(|&k| char::from(k)).collect();
    browser.find(Locator::Css(css)).await?.send_keys(&text).await?;
    Ok(())
}

async fn text_of(browser: &fantoccini::Client, css: &str) -> Result<String, Box<dyn std::error::Error>> {
    let element = browser.find(Locator::Css(css)).await?;
    let text = browser.execute("return arguments[0].textContent;", vec![serde_json::to_value(&element)?]).await?;
    Ok(text.as_str().unwrap_or_default().to_string())
}

/// The announcements so far, one a line.
async fn announced(browser: &fantoccini::Client) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let lines = browser
        .execute("return Array.from(document.querySelectorAll('#live-said p')).map(p => p.textContent);", vec![])
        .await?;
    Ok(lines.as_array().map(|l| l.iter().filter_map(|s| s.as_str().map(String::from)).collect()).unwrap_or_default())
}

/// Waits until the announcements hold `expected`.
async fn hears(browser: &fantoccini::Client, expected: &str) -> TestResult {
    for _ in 0..200 {
        if announced(browser).await?.iter().any(|line| line == expected) {
            return Ok(());
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    Err(format!("never announced {expected:?}: {:?}", announced(browser).await?).into())
}

/// Waits until the point the keyboard is on is said as `expected`.
async fn cursor_says(browser: &fantoccini::Client, expected: &str) -> TestResult {
    let mut said = String::new();
    for _ in 0..100 {
        said = text_of(browser, "#board-cursor").await?;
        if said == expected {
            return Ok(());
        }
        actix_web::rt::time::sleep(Duration::from_millis(30)).await;
    }
    let debug = browser.execute("return document.getElementById('board-cursor').outerHTML + ' / ' + (document.activeElement && document.activeElement.id) + ' / ' + (document.querySelector('.cursor') && document.querySelector('.cursor').outerHTML);", vec![]).await?;
    Err(format!("the cursor says {said:?}, not {expected:?} {debug}").into())
}

#[actix_web::test]
async fn a_blind_player_plays_a_whole_game_by_keyboard_and_hears_it() -> TestResult {
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    // Japanese byo-yomi: a minute, then three periods of 30 s.
    let t = live_table("1m + 3x30s").await?;
    let result = async {
        for (browser, email, lang) in [(&black, &t.emails[0], "zh"), (&white, &t.emails[1], "en")] {
            browser.goto(&format!("{}/lang/{lang}?next=/login", t.app.base)).await?;
            type_into(browser, "input[name=email]", email).await?;
            type_into(browser, "input[name=password]", "player passphrase").await?;
            click(browser, "form.stacked button[type=submit]").await?;
            browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
            wait_for(browser, "#clock-black").await?;
        }
        let enter = [Key::Enter];
        // Black (中文) comes to the board: the keyboard starts at its centre, and Enter plays.
        press(&black, "#board", &[]).await?;
        cursor_says(&black, "E5 · 空").await?;
        press(&black, "#board", &enter).await?;
        hears(&white, "Black E5").await?;
        hears(&black, "黑 E5").await?;
        // White (English) hears it is their move, starts from the last move and walks right
        // twice and up once: G6, empty.
        hears(&white, "Your move").await?;
        press(&white, "#board", &[]).await?;
        cursor_says(&white, "E5 · Black").await?;
        press(&white, "#board", &[Key::Right, Key::Right, Key::Up]).await?;
        cursor_says(&white, "G6 · empty").await?;
        press(&white, "#board", &enter).await?;
        hears(&black, "白 G6").await?;
        hears(&black, "轮到你行棋").await?;
        // Typed points work as well: Black H9, White J9 (into atari).
        type_into(&black, "#point", "H9").await?;
        press(&black, "#point", &enter).await?;
        hears(&white, "Black H9").await?;
        type_into(&white, "#point", "J9").await?;
        press(&white, "#point", &enter).await?;
        hears(&black, "白 J9").await?;
        // Black takes it: back on the board the keyboard starts at the last move (J9); one down,
        // Enter; both hear the capture.
        press(&black, "#board", &[Key::Down]).await?;
        cursor_says(&black, "J8 · 空").await?;
        press(&black, "#board", &enter).await?;
        hears(&white, "Black J8, 1 captured").await?;
        hears(&black, "黑 J8，提 1 子").await?;
        // The position as text follows the board.
        for (browser, lines) in
            [(&black, ["黑 (3): H9, J8, E5", "白 (1): G6"]), (&white, ["Black (3): H9, J8, E5", "White (1): G6"])]
        {
            let shown = browser
                .execute(
                    "return Array.from(document.querySelectorAll('#position-text p.stones')).map(p => p.textContent);",
                    vec![],
                )
                .await?;
            assert_eq!(shown, serde_json::json!(lines), "the position as text");
        }
        // White thinks into byo-yomi. Each period as it is used up is announced on both pages
        // (each opened again where the server's clock now stands, two seconds before the call).
        for (seconds, periods_left) in [(88, 2), (30, 1)] {
            t.clock.advance(chrono::Duration::seconds(seconds));
            for browser in [&black, &white] {
                browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
                wait_for(browser, "#clock-white.running").await?;
            }
            hears(&white, &format!("White · {periods_left} periods left")).await?;
            hears(&black, &format!("白 · 还剩 {periods_left} 次")).await?;
        }
        // Still in byo-yomi, White passes, then Black: by Enter on the buttons.
        press(&white, "#pass", &enter).await?;
        hears(&black, "白 停一手").await?;
        wait_for(&black, "#pass:not([disabled])").await?;
        press(&black, "#pass", &enter).await?;
        // Marking: nothing is dead; both agree by the keyboard, and the count is read out.
        wait_for(&black, "#agree").await?;
        wait_for(&white, "#agree").await?;
        press(&black, "#agree", &enter).await?;
        wait_for(&black, "#agree").await?;
        press(&white, "#agree", &enter).await?;
        for browser in [&black, &white] {
            wait_for(browser, "#live-result").await?;
            wait_for(browser, "#live-count:not([hidden])").await?;
        }
        // The marks start from the engine's proposal, which finds White's lone stone dead;
        // both agreed to it, so the count gives Black the board.
        let shown = text_of(&white, "#live-result").await?;
        assert!(shown.contains("B+"), "{shown}");
        let shown = text_of(&black, "#live-result").await?;
        assert!(shown.contains("黑"), "{shown}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "access", &[("black", black), ("white", white)]).await
}

/// The views the venue's screen has shown, as (view, round, page), each once per change.
async fn screen_state(browser: &fantoccini::Client) -> Result<(String, String, String), Box<dyn std::error::Error>> {
    let state = browser
        .execute(
            "var s = document.getElementById('screen'); return s ? [s.dataset.view, s.dataset.round, s.dataset.page] : ['', '', ''];",
            vec![],
        )
        .await?;
    let part = |i: usize| state[i].as_str().unwrap_or_default().to_string();
    Ok((part(0), part(1), part(2)))
}

/// Waits, touching nothing, until the screen shows `view` of `round` (page `page` if given).
async fn screen_shows(
    browser: &fantoccini::Client,
    seen: &mut Vec<(String, String, String)>,
    view: &str,
    round: &str,
    page: Option<&str>,
) -> TestResult {
    for _ in 0..300 {
        // A page being replaced by the next has no document for a moment.
        if let Ok(now) = screen_state(browser).await {
            if seen.last() != Some(&now) && !now.0.is_empty() {
                seen.push(now.clone());
            }
            if now.0 == view && now.1 == round && page.is_none_or(|p| now.2 == p) {
                return Ok(());
            }
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("the screen never showed {view} of round {round} (page {page:?}): {seen:?}").into())
}

/// Acceptance 4: a TV left on `/events/{id}/screen` follows a three-round event by itself —
/// round 1's pairings (two pages of 14 boards, turning), its results as they arrive, the
/// standings once all are in, then round 2's pairings — in type readable from 5 m.
#[actix_web::test]
async fn the_venue_screen_follows_the_event_by_itself() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let app = TestApp::spawn().await?;
    let mut csv = String::from("name,rank\n");
    for i in 1..=28 {
        csv.push_str(&format!("Player {i:02},{}k\n", i % 20 + 1));
    }
    let (mut director, event_id) = crate::systems::event_with_system(&app, "swiss", &[], &csv).await?;
    let result = async {
        let screen = format!("{}/events/{event_id}/screen?pace=2", app.base);
        browser.goto(&screen).await?;
        // A 1920×1080 screen: the window is set so that the page gets 1080 rows (the window's
        // own bars take some).
        browser.set_window_size(1920, 1080).await?;
        let inner = browser.execute("return window.innerHeight;", vec![]).await?.as_u64().unwrap_or(1080) as u32;
        browser.set_window_size(1920, 1080 + 1080u32.saturating_sub(inner)).await?;
        let mut seen = Vec::new();
        screen_shows(&browser, &mut seen, "waiting", "0", None).await?;
        let boards = crate::systems::pair_and_publish(&mut director, event_id, 1).await?;
        assert_eq!(boards.len(), 14);
        screen_shows(&browser, &mut seen, "pairings", "1", Some("1")).await?;
        // Large type, and the page fits the screen: nothing to scroll on a TV.
        let measured = browser
            .execute(
                "var min = Infinity, walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                 while (walker.nextNode()) { var n = walker.currentNode;
                   if (n.textContent.trim()) min = Math.min(min, parseFloat(getComputedStyle(n.parentElement).fontSize)); }
                 return [min, document.documentElement.scrollHeight, window.innerHeight, window.innerWidth,
                         document.querySelectorAll('#screen-pairings tbody tr').length];",
                vec![],
            )
            .await?;
        let number = |i: usize| measured[i].as_f64().unwrap_or_default();
        assert_eq!((number(3), number(2)), (1920.0, 1080.0), "a 1920×1080 screen: {measured}");
        assert!(number(0) >= 48.0, "the smallest text is 48 px: {measured}");
        assert!(number(1) <= number(2), "the page fits the screen: {measured}");
        assert_eq!(number(4), 12.0, "twelve boards a page: {measured}");
        // The second page comes by itself, then the first again.
        screen_shows(&browser, &mut seen, "pairings", "1", Some("2")).await?;
        screen_shows(&browser, &mut seen, "pairings", "1", Some("1")).await?;
        // Results as they arrive.
        crate::systems::enter(&mut director, event_id, 1, 1, "black").await?;
        screen_shows(&browser, &mut seen, "results", "1", None).await?;
        // Board 1 is on the first page, which comes round again.
        let mut shown = String::new();
        for _ in 0..100 {
            if let Ok(cell) = browser.find(Locator::Css("#screen-pairings tbody tr.done td.result")).await
                && let Ok(text) = cell.text().await
            {
                shown = text;
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(shown.contains("B+"), "board 1's result on the screen: {shown:?}");
        for board in 2..=14 {
            crate::systems::enter(&mut director, event_id, 1, board, if board % 2 == 0 { "white" } else { "black" })
                .await?;
        }
        screen_shows(&browser, &mut seen, "standings", "1", None).await?;
        let rows = browser.find_all(Locator::Css("#screen-standings tbody tr")).await?.len();
        assert_eq!(rows, 12, "the standings a page at a time");
        // The next round, published: its pairings, without anyone touching the screen.
        crate::systems::pair_and_publish(&mut director, event_id, 2).await?;
        screen_shows(&browser, &mut seen, "pairings", "2", None).await?;
        let views: Vec<&str> = seen.iter().map(|s| s.0.as_str()).collect();
        let order = ["waiting", "pairings", "results", "standings", "pairings"];
        let mut at = 0;
        for view in views.iter() {
            if at < order.len() && *view == order[at] {
                at += 1;
            }
        }
        assert_eq!(at, order.len(), "the screen went through {order:?}: {seen:?}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "screen", &[("tv", browser)]).await
}

/// axe-core's script (the npm package, which `bash tests/run` installs into .cache/axe; or
/// wherever `AXE_CORE_JS` says).
fn axe_core() -> Result<String, Box<dyn std::error::Error>> {
    let path = std::env::var("AXE_CORE_JS").map(std::path::PathBuf::from).unwrap_or_else(|_| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".cache/axe/node_modules/axe-core/axe.min.js")
    });
    std::fs::read_to_string(&path).map_err(|e| {
        format!("axe-core is missing at {} ({e}): bash tests/run installs it (npm install axe-core)", path.display())
            .into()
    })
}

/// Draws `html` in the browser (on the app's origin, so its style sheet and scripts load) and
/// runs axe-core over it: each violation as (rule, impact, nodes, the first node's selector).
async fn axe_violations(
    browser: &fantoccini::Client,
    axe: &str,
    html: &str,
) -> Result<Vec<(String, String, usize, String)>, Box<dyn std::error::Error>> {
    // No stream: a live page's first message could have it reload itself, away from here.
    browser
        .execute(
            "window.EventSource = undefined; document.open(); document.write(arguments[0]); document.close();",
            vec![html.into()],
        )
        .await?;
    for _ in 0..100 {
        let ready = browser
            .execute(
                "return document.readyState === 'complete' && Array.from(document.styleSheets).every(s => { try { return s.cssRules.length > 0; } catch (e) { return false; } });",
                vec![],
            )
            .await?;
        if ready.as_bool() == Some(true) {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    // The page's own timers go (the venue screen's would turn to its next page, away from
    // here). axe is loaded once into the window, which outlives each page written into it
    // (the check below shows it judges each new page).
    browser
        .execute(
            "for (var i = setTimeout(function () {}, 0); i > 0; i--) { clearTimeout(i); clearInterval(i); }",
            vec![],
        )
        .await?;
    if browser.execute("return typeof axe;", vec![]).await?.as_str() != Some("object") {
        browser.execute(axe, vec![]).await?;
    }
    let found = browser
        .execute_async(
            "var done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then(function (r) {
               done(r.violations.map(function (v) {
                 return [v.id, v.impact || '', v.nodes.length, v.nodes.slice(0, 8).map(function (n) { return n.target.join(' '); }).join(' | ')];
               }));
             }, function (e) { done([['axe-error', 'critical', 0, String(e)]]); });",
            vec![],
        )
        .await?;
    Ok(found
        .as_array()
        .map(|list| {
            list.iter()
                .map(|v| {
                    let text = |i: usize| v[i].as_str().unwrap_or_default().to_string();
                    (text(0), text(1), v[2].as_u64().unwrap_or_default() as usize, text(3))
                })
                .collect()
        })
        .unwrap_or_default())
}

/// A page's shape for axe-core: its elements with their classes, roles, types and language,
/// and where text is, without the text itself or other attributes' values. Two pages of one
/// shape (a form refused for one reason or another, a player's page and the next) draw the
/// same boxes in the same styles, and axe-core judges them alike: one is checked for both.
fn shape_of(html: &str) -> String {
    const KEPT: [&str; 5] = ["class", "role", "type", "lang", "hidden"];
    let mut shape = String::with_capacity(html.len() / 2);
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        if !rest[..open].trim().is_empty() {
            shape.push('T');
        }
        let Some(close) = rest[open..].find('>') else { break };
        let tag = &rest[open + 1..open + close];
        let mut parts = tag.split_whitespace();
        shape.push('<');
        shape.push_str(parts.next().unwrap_or_default());
        // Attributes as name="value" pairs; values of the kept names only.
        for attribute in tag.split('"').collect::<Vec<_>>().chunks(2) {
            let name = attribute[0].trim().trim_end_matches('=').rsplit(' ').next().unwrap_or_default();
            if KEPT.contains(&name) {
                shape.push_str(&format!(" {name}={}", attribute.get(1).unwrap_or(&"")));
            }
        }
        shape.push('>');
        rest = &rest[open + close + 1..];
    }
    shape
}

/// Acceptance 2: axe-core finds no serious or critical violation on any page the locale walk
/// reads (every template, as the director, a visitor and each refusal), in the four languages,
/// at 1280 and 390 px. Prints the counts by rule, of every impact.
#[actix_web::test]
async fn every_page_passes_axe_core_in_four_languages_at_two_widths() -> TestResult {
    // What is checked is the HTML and its style sheet, the same on either database.
    if std::env::var("TEST_DATABASE").is_ok_and(|d| d == "postgres") {
        return Ok(());
    }
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let axe = axe_core()?;
    let mut world = crate::locale::world().await?;
    let result = async {
        // First, that the check finds what it should: a page with an image without words and
        // faint text, written after a clean page and again after it, fails both times.
        let faint = "<!doctype html><html lang=\"en\"><head><title>t</title></head><body><main><h1>t</h1><img src=\"/static/img/favicon.svg\"><p><font color=\"#dddddd\">faint</font></p></main></body></html>";
        browser.goto(&format!("{}/login", world.app.base)).await?;
        for html in [faint, "<!doctype html><html lang=\"en\"><head><title>t</title></head><body><main><h1>t</h1></main></body></html>", faint] {
            let rules: Vec<String> = axe_violations(&browser, &axe, html).await?.into_iter().map(|v| v.0).collect();
            let clean = !html.contains("faint");
            assert_eq!(
                (rules.contains(&"image-alt".to_string()), rules.contains(&"color-contrast".to_string())),
                (!clean, !clean),
                "axe-core judged the page written: {rules:?}"
            );
        }
        let mut counts: std::collections::BTreeMap<(String, String), usize> = Default::default();
        let mut serious = Vec::new();
        let mut pages = 0;
        for lang in ["zh", "en", "ja", "ko"] {
            let walked = crate::locale::walk(&mut world, lang).await?;
            for (width, height) in [(1280, 1000), (390, 844)] {
                browser.set_window_size(width, height).await?;
                // A page of the app's origin, written over by each page of the walk in turn.
                browser.goto(&format!("{}/login", world.app.base)).await?;
                let mut shapes = std::collections::HashSet::new();
                for (label, html) in &walked.pages {
                    if !shapes.insert(shape_of(html)) {
                        continue;
                    }
                    pages += 1;
                    for (rule, impact, nodes, first) in axe_violations(&browser, &axe, html).await? {
                        *counts.entry((rule.clone(), impact.clone())).or_default() += nodes;
                        if impact == "serious" || impact == "critical" {
                            serious.push(format!("{rule} ({impact}) {first} · [{lang} {width}px] {label} ×{nodes}"));
                        }
                    }
                }
            }
        }
        println!("axe-core over {pages} pages of different shapes, violations by rule (nodes):");
        for ((rule, impact), nodes) in &counts {
            println!("  {rule} ({impact}): {nodes}");
        }
        if counts.is_empty() {
            println!("  none");
        }
        serious.sort();
        serious.dedup();
        assert!(serious.is_empty(), "{} serious or critical:\n{}", serious.len(), serious.join("\n"));
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "axe", &[("axe", browser)]).await
}

/// A web server of another origin (its own port) that answers every request with `html`; its
/// address.
fn club_page(html: &str) -> Result<String, Box<dyn std::error::Error>> {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let address = format!("http://{}/", listener.local_addr()?);
    let answer = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{html}",
        html.len()
    );
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut request = [0u8; 4096];
            let _ = stream.read(&mut request);
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    Ok(address)
}

/// Acceptance 3 (the embed): a page of another origin frames a board's embed and follows the
/// game to its result by the board's stream; the same page cannot frame the board's own page.
#[actix_web::test]
async fn a_page_of_another_origin_embeds_a_board_and_follows_it_to_the_result() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let mut t = crate::live::live_table("10m").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let result = async {
        let board = format!("{}{}", t.app.base, t.board);
        // What the answers say: the embed may be framed by anyone, the board's page by no one.
        for (path, framable) in [(format!("{board}/embed"), true), (board.clone(), false)] {
            let answer = reqwest::get(&path).await?;
            let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
            let policy = header("content-security-policy").unwrap_or_default();
            assert_eq!(policy.contains("frame-ancestors *"), framable, "{path}: {policy}");
            assert_eq!(policy.contains("frame-ancestors 'none'"), !framable, "{path}: {policy}");
            assert_eq!(header("x-frame-options").is_none(), framable, "{path}");
        }
        // Another origin: a club's page served from a port of its own, with the embed and,
        // beside it, the board's own page.
        let host = club_page(&format!(
            "<!doctype html><title>Club</title><h1>Our club</h1>\
             <iframe id=\"embed\" src=\"{board}/embed\" width=\"480\" height=\"700\"></iframe>\
             <iframe id=\"page\" src=\"{board}\" width=\"480\" height=\"700\"></iframe>"
        ))?;
        browser.goto(&host).await?;
        browser.find(Locator::Id("embed")).await?.enter_frame().await?;
        wait_for(&browser, "#board svg.board").await?;
        // Moves come by the stream; the last one in words.
        t.play(&mut black, "E5").await?.assert_status(303)?;
        wait_for(&browser, r#".stone.black[data-point="E5"]"#).await?;
        t.play(&mut white, "C3").await?.assert_status(303)?;
        wait_for(&browser, r#".stone.white[data-point="C3"]"#).await?;
        assert_eq!(text_of(&browser, "#live-last strong").await?, "White C3");
        // Black resigns: the embed, drawn again, shows the result.
        black.post(&format!("{}/resign", t.board), &[("colour", "black")]).await?.assert_status(303)?;
        wait_for(&browser, "#live-result").await?;
        let shown = text_of(&browser, "#live-result").await?;
        assert!(shown.contains("W+R"), "{shown}");
        // The board's own page, framed by the same page, was refused: nothing of it is there.
        browser.enter_parent_frame().await?;
        browser.find(Locator::Id("page")).await?.enter_frame().await?;
        let framed = browser.find_all(Locator::Css("#live")).await?.len();
        assert_eq!(framed, 0, "the board's page must not be framed");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "embed", &[("club", browser)]).await
}

/// Whether the board drawn in `body` has a piece on `point` (an empty point is drawn as a
/// `point`, a piece as a `stone`).
fn piece_on(body: &str, point: &str) -> bool {
    body.contains(&format!("data-point=\"{point}\""))
        && !body.contains(&format!("class=\"point\" data-point=\"{point}\""))
}

/// Acceptance 3 (the broadcast delay): with a 15-minute delay, the public board, the embed (on
/// a page of another origin), the API board and its stream and the record's download show the
/// game as it stood 15 minutes before, while the players' and the director's pages show it
/// live; 15 minutes on the spectators see the moves come, and when the game ends the delay ends
/// with it. Time is the injected clock's.
#[actix_web::test]
async fn a_broadcast_delay_shows_spectators_the_game_of_fifteen_minutes_before() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let mut t = live_table("60m").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", "9"), ("time_control", "60m"), ("broadcast_delay_minutes", "15")]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut spectator = t.app.client();
    let result = async {
        let api_board = format!("{}/api/v1{}", t.app.base, t.board);
        let api_moves = || async {
            let live: serde_json::Value = serde_json::from_str(&reqwest::get(&api_board).await?.text().await?)?;
            let points: Vec<String> = live["moves"]
                .as_array()
                .ok_or("no moves")?
                .iter()
                .map(|m| m["point"].as_str().unwrap_or("pass").to_string())
                .collect();
            Ok::<_, Box<dyn std::error::Error>>((points, live["result"].as_str().map(str::to_string)))
        };
        // Black E5 at 0:00; White C3 at 16:00; Black D4 at 17:00.
        t.play(&mut black, "E5").await?.assert_status(303)?;
        t.wait(16 * 60);
        t.play(&mut white, "C3").await?.assert_status(303)?;
        t.wait(60);
        t.play(&mut black, "D4").await?.assert_status(303)?;

        // The players and the director see the game as it is.
        for (who, reader) in [("Black", &mut black), ("White", &mut white), ("the director", &mut t.director)] {
            let page = reader.get(&t.board).await?.body;
            assert!(["E5", "C3", "D4"].iter().all(|p| piece_on(&page, p)), "{who} sees every move");
            assert!(page.contains("you see it live"), "{who} is told spectators see it later");
        }
        let own = black.get(&format!("{}/game.sgf", t.board)).await?.body;
        assert_eq!((own.matches(";B[").count(), own.matches(";W[").count()), (2, 1), "{own}");
        // Spectators see the game of 2:00, 15 minutes before: E5 alone.
        let public = spectator.get(&t.board).await?.body;
        assert!(piece_on(&public, "E5") && !piece_on(&public, "C3") && !piece_on(&public, "D4"));
        assert!(public.contains("Spectators see this game 15 minutes behind the board"), "the delay is said");
        assert_eq!(api_moves().await?, (vec!["E5".to_string()], None), "the API's board");
        let mut stream = crate::live::EventStream::open(&t.app, &format!("/api/v1{}/stream", t.board)).await?;
        let first = stream.next().await?;
        assert_eq!((first["moves"].as_u64(), first["last_move"].as_str()), (Some(1), Some("E5")), "{first}");
        let record = spectator.get(&format!("{}/game.sgf", t.board)).await?.body;
        assert_eq!((record.matches(";B[").count(), record.matches(";W[").count()), (1, 0), "{record}");
        // The embed, on a club's page of another origin.
        let host = club_page(&format!(
            "<!doctype html><title>Club</title><h1>Our stream</h1>\
             <iframe id=\"embed\" src=\"{}{}/embed\" width=\"480\" height=\"700\"></iframe>",
            t.app.base, t.board
        ))?;
        browser.goto(&host).await?;
        browser.find(Locator::Id("embed")).await?.enter_frame().await?;
        wait_for(&browser, r#".stone.black[data-point="E5"]"#).await?;
        assert_eq!(browser.find_all(Locator::Css(".stone.white")).await?.len(), 0, "C3 is not yet to be seen");

        // 15 minutes on (32:00), the moves of 16:00 and 17:00 come into sight, by the stream.
        t.wait(15 * 60);
        wait_for(&browser, r#".stone.white[data-point="C3"]"#).await?;
        wait_for(&browser, r#".stone.black[data-point="D4"]"#).await?;
        let released = stream.next().await?;
        assert_eq!(released["moves"].as_u64(), Some(3), "{released}");
        assert!(piece_on(&spectator.get(&t.board).await?.body, "D4"));
        // White G7 is held back; Black resigns at once: the delay ends with the game.
        t.play(&mut white, "G7").await?.assert_status(303)?;
        assert_eq!(api_moves().await?.0.len(), 3, "G7 is held back");
        black.post(&format!("{}/resign", t.board), &[("colour", "black")]).await?.assert_status(303)?;
        assert_eq!(api_moves().await?, (["E5", "C3", "D4", "G7"].map(String::from).to_vec(), Some("W+R".into())));
        wait_for(&browser, "#live-result").await?;
        assert!(piece_on(&browser.source().await?, "G7"), "the embed shows the whole game");
        let after = spectator.get(&t.board).await?.body;
        assert!(piece_on(&after, "G7") && !after.contains("id=\"live-delay\""), "no delay after the game");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "broadcast-delay", &[("club", browser)]).await
}

/// Acceptance 3 (a round's boards in a grid): a page of another origin embeds round 1's two
/// boards in one frame; the moves of both boards come by the grid's one stream, and a result
/// draws the grid again. A range that is not one is refused, a round not published is not
/// there.
#[actix_web::test]
async fn a_page_of_another_origin_embeds_a_round_s_boards_in_a_grid() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    let director_email = format!("{}@club.example", unique("d"));
    director.sign_up_and_log_in(&app, &director_email, "Qian Yuping", "live passphrase").await?;
    let event_id = crate::live::live_event(&mut director, "Grid Cup", "30m").await?;
    let mut players = std::collections::HashMap::new();
    for (name, rank) in [("Ke Jie", "9d"), ("Shin Jinseo", "9d"), ("Iyama Yuta", "8d"), ("Gu Zihao", "8d")] {
        players.insert(name.to_string(), crate::live::registered_player(&app, event_id, name, rank).await?.0);
    }
    let pairing = crate::systems::pair_and_publish(&mut director, event_id, 1).await?;
    assert_eq!(pairing.len(), 2, "{pairing:?}");
    let result = async {
        let round = format!("{}/events/{event_id}/rounds/1", app.base);
        let grid = format!("{round}/embed");
        let answer = reqwest::get(&grid).await?;
        let policy = answer.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(policy.contains("frame-ancestors *"), "the grid may be framed: {policy}");
        let bad = reqwest::get(format!("{grid}?boards=9-1")).await?;
        assert_eq!(bad.status().as_u16(), 400);
        assert!(bad.text().await?.contains("is not a range of boards"));
        let unpublished = reqwest::get(format!("{}/events/{event_id}/rounds/2/embed", app.base)).await?;
        assert_eq!(unpublished.status().as_u16(), 404);
        let page = director.get(&format!("/events/{event_id}/rounds/1")).await?.body;
        assert!(
            page.contains("id=\"embed-code\"") && page.contains("/rounds/1/embed"),
            "the round page gives the grid's code"
        );

        let host = club_page(&format!(
            "<!doctype html><title>Club</title><h1>Round 1, live</h1>\
             <iframe id=\"grid\" src=\"{grid}\" width=\"960\" height=\"720\"></iframe>"
        ))?;
        browser.goto(&host).await?;
        browser.find(Locator::Id("grid")).await?.enter_frame().await?;
        wait_for(&browser, "#grid .grid-board:nth-child(2) svg.board").await?;
        let mut seat = |board: usize, black: bool| {
            let (_, b, w) = &pairing[board];
            players.remove(if black { b } else { w }).ok_or("no such player")
        };
        let (mut black_1, mut black_2, mut white_2) = (seat(0, true)?, seat(1, true)?, seat(1, false)?);
        let play = |n: u32, point: &'static str| {
            format!("/events/{event_id}/rounds/1/boards/{n}/play").to_string() + "|" + point
        };
        for (client, (path_point, css)) in [
            (&mut black_1, (play(1, "E5"), r#"#grid .grid-board:nth-child(1) .stone.black[data-point="E5"]"#)),
            (&mut black_2, (play(2, "D4"), r#"#grid .grid-board:nth-child(2) .stone.black[data-point="D4"]"#)),
            (&mut white_2, (play(2, "F6"), r#"#grid .grid-board:nth-child(2) .stone.white[data-point="F6"]"#)),
        ] {
            let (path, point) = path_point.split_once('|').ok_or("no point")?;
            client.post(path, &[("point", point)]).await?.assert_status(303)?;
            wait_for(&browser, css).await?;
        }
        assert_eq!(text_of(&browser, "#grid .grid-board:nth-child(2) .last-move strong").await?, "White F6");
        assert_eq!(browser.find_all(Locator::Css("#grid .grid-board:nth-child(1) .stone")).await?.len(), 1);
        // Board 2's Black resigns: the grid, drawn again, says so.
        black_2
            .post(&format!("/events/{event_id}/rounds/1/boards/2/resign"), &[("colour", "black")])
            .await?
            .assert_status(303)?;
        wait_for(&browser, "#grid .grid-board:nth-child(2) .result").await?;
        let shown = text_of(&browser, "#grid .grid-board:nth-child(2) .result").await?;
        assert!(shown.contains("W+R"), "{shown}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    crate::browser::close_keeping_failure(result, "grid-embed", &[("club", browser)]).await
}
