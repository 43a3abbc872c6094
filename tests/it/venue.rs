//! A day at the venue in 中文 (issue 21): defaults a Chinese director expects, rule sets by
//! their names, the referee's way to the desk.
use crate::helpers::*;

/// Chromium with a new director signed in (None when the browser tests are skipped).
async fn signed_in_browser(
    app: &TestApp,
) -> Result<Option<(crate::browser::Driver, fantoccini::Client)>, Box<dyn std::error::Error>> {
    use crate::browser::start_browser;
    let Some((driver, browser)) = start_browser().await? else { return Ok(None) };
    let email = format!("{}@club.example", unique("form"));
    app.client().sign_up_and_log_in(app, &email, "Director Zhao", PASSWORD).await?;
    crate::browser::log_in(&browser, &app.base, &email, PASSWORD).await?;
    Ok(Some((driver, browser)))
}

/// The password of the directors these tests sign up.
const PASSWORD: &str = "correct horse battery";

/// Sixteen players of ranks 1k–9k, for eight boards.
pub fn sixteen_players() -> String {
    let mut csv = String::from("name,rank\n");
    for i in 0..16 {
        csv.push_str(&format!("Player {i:02},{}k\n", 1 + i % 9));
    }
    csv
}

/// A director signed in, and their event `name` of the players in `csv` with round 1
/// published. Returns the director, their address and the event's id.
pub async fn published_round_one(
    app: &TestApp,
    name: &str,
    csv: &str,
) -> Result<(Client, String, i32), Box<dyn std::error::Error>> {
    let mut director = app.client();
    let email = format!("{}@club.example", unique("director"));
    director.sign_up_and_log_in(app, &email, "Director Zhao", PASSWORD).await?;
    let created = director.post("/events", &event_form(name, "3")).await?;
    let event_id = id_after(&created.location, "/events/")?;
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "players.csv", csv)
        .await?
        .assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    Ok((director, email, event_id))
}

#[actix_web::test]
async fn a_blank_komi_is_the_rule_sets_own_and_rule_sets_go_by_their_names() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    let email = format!("{}@club.example", unique("director"));
    director.sign_up_and_log_in(&app, &email, "Director Zhao", PASSWORD).await?;
    director.get("/lang/zh?next=/").await?;
    let form = director.get("/events/new").await?.body;
    assert!(form.contains(r#"name="komi" value="""#), "no komi typed in for the director: {form}");
    assert!(form.contains(">中国围棋竞赛规则（1988）</option>") && form.contains(">日本围棋规约（1989）</option>"));
    assert!(!form.contains(">chinese-1988<"), "rule sets by their names, not their codes");
    for (ruleset, shown) in [("chinese-2002", "3¾子 (7.5目)"), ("japanese-1989", "6.5目 (3¼子)")] {
        let mut fields = event_form("Komi by the rules", "3").to_vec();
        fields.retain(|(k, _)| !matches!(*k, "komi" | "ruleset"));
        fields.extend([("komi", ""), ("ruleset", ruleset)]);
        let created = director.post("/events", &fields).await?;
        created.assert_status(303)?;
        let event_id = id_after(&created.location, "/events/")?;
        let page = director.get(&format!("/events/{event_id}")).await?.body;
        assert!(page.contains(shown), "{ruleset}: komi {shown} expected: {page}");
        let name = if ruleset == "chinese-2002" {
            "中国围棋竞赛规则（2002）"
        } else {
            "日本围棋规约（1989）"
        };
        assert!(page.contains(name) && !page.contains(&format!("<dd>{ruleset}</dd>")), "{page}");
    }
    Ok(())
}

#[actix_web::test]
async fn a_referee_finds_the_desk_and_the_audit_log_on_the_event_page() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    let email = format!("{}@club.example", unique("director"));
    director.sign_up_and_log_in(&app, &email, "Director Zhao", PASSWORD).await?;
    let created = director.post("/events", &event_form("Referees' way", "3")).await?;
    let event_id = id_after(&created.location, "/events/")?;
    let event = format!("/events/{event_id}");
    let mut referee = app.client();
    let referee_email = format!("{}@club.example", unique("referee"));
    referee.sign_up_and_log_in(&app, &referee_email, "Referee Li", "a referee passphrase").await?;
    let before = referee.get(&event).await?.body;
    assert!(!before.contains(r#"id="referee-desk""#), "not yet a referee of the event");
    director
        .post(&format!("{event}/staff"), &[("email", referee_email.as_str()), ("role", "referee")])
        .await?
        .assert_status(303)?;
    referee.get("/lang/zh?next=/").await?;
    let page = referee.get(&event).await?.body;
    assert!(page.contains(&format!(r#"href="{event}/disputes" id="referee-desk">裁判台</a>"#)), "{page}");
    assert!(page.contains(&format!(r#"href="{event}/audit" id="audit-log""#)));
    referee.get(&format!("{event}/disputes")).await?.assert_status(200)?;
    let audit = referee.get(&format!("{event}/audit")).await?;
    audit.assert_status(200)?;
    assert!(
        (audit.body.contains(" UTC+01:00</td>") || audit.body.contains(" UTC+02:00</td>"))
            && !audit.body.contains(" UTC+00:00</td>"),
        "times in the event's zone (Europe/Amsterdam): {}",
        audit.body
    );
    let outsider = app.client().get(&event).await?.body;
    assert!(!outsider.contains(r#"id="referee-desk""#) && !outsider.contains(r#"id="referee-tools""#));
    Ok(())
}

#[actix_web::test]
async fn a_refused_result_goes_back_to_the_round_with_its_message_on_top() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) =
        published_round_one(&app, "Back where you were", &twelve_players_csv("b")).await?;
    let round = format!("/events/{event_id}/rounds/1");
    let result = format!("{round}/results/1");
    director.post_from(&round, &result, &[("outcome", "black"), ("margin", "R")]).await?.assert_status(303)?;
    director.get("/lang/zh?next=/").await?;
    let again = director.post_from(&round, &result, &[("outcome", "white"), ("margin", "R")]).await?;
    assert!(again.redirected_to(&round), "back to the round, not a bare error page: {:?}", again.location);
    let page = director.get(&round).await?.body;
    assert!(
        page.contains(r#"<span class="rank">7段</span>"#) && !page.contains(r#"<span class="rank">7d</span>"#),
        "ranks in 中文"
    );
    let flash = page.split(r#"id="flash""#).nth(1).unwrap_or_default();
    // Focused, so a screen reader and a phone's screen are taken to it (issue 49).
    assert!(
        flash.starts_with(r#" role="alert" tabindex="-1" autofocus>"#) && flash.contains("台"),
        "the message on top, in 中文, focused: {page}"
    );
    // Sent without its page (a script), the refusal is an error page that knows its reader.
    let bare = director.post(&result, &[("outcome", "white"), ("margin", "R")]).await?;
    bare.assert_status(400)?;
    assert!(!bare.body.contains(r#"href="/login""#), "a signed-in reader is not offered 登录: {}", bare.body);
    assert!(bare.body.contains("未能完成") && !bare.body.contains("Bad Request"), "{}", bare.body);
    Ok(())
}

#[actix_web::test]
async fn the_cross_table_names_each_opponent_unambiguously_in_a_six_way_tie() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) = published_round_one(&app, "Six-way tie", &twelve_players_csv("t")).await?;
    let pairing = boards(&director.get(&format!("/events/{event_id}/rounds/1")).await?.body);
    assert_eq!(pairing.len(), 6);
    // Every Black wins, board 6 by forfeit: six players share 1st place and six share 7th.
    for (board, _, _) in &pairing {
        let margin = if *board == 6 { "" } else { "R" };
        let outcome = if *board == 6 { "black_forfeit" } else { "black" };
        director
            .post(&format!("/events/{event_id}/rounds/1/results/{board}"), &[("outcome", outcome), ("margin", margin)])
            .await?
            .assert_status(303)?;
    }
    let body = app.client().get(&format!("/events/{event_id}/standings")).await?.body;
    let names = attributes(&body, "data-player");
    let numbers: Vec<u32> = attributes(&body, "data-number").iter().filter_map(|n| n.parse().ok()).collect();
    let places: Vec<u32> = attributes(&body, "data-place").iter().filter_map(|n| n.parse().ok()).collect();
    assert_eq!(numbers, (1..=12).collect::<Vec<u32>>(), "every row its own number");
    assert_eq!(places.iter().filter(|&&p| p == 7).count(), 6, "six share 7th place: {places:?}");
    let cells: Vec<String> = body
        .split("<td class=\"cell\">")
        .skip(1)
        .filter_map(|rest| rest.split("</td>").next().map(str::to_string))
        .collect();
    assert_eq!(cells.len(), 12, "one round, one cell per row");
    for (row, name) in names.iter().enumerate() {
        let cell = &cells[row];
        let (black, white) =
            pairing.iter().find(|(_, b, w)| b == name || w == name).map(|(_, b, w)| (b, w)).ok_or("paired")?;
        let (opponent, colour) = if black == name { (white, 'b') } else { (black, 'w') };
        let digits: String = cell.chars().take_while(char::is_ascii_digit).collect();
        let named = names.get(digits.parse::<usize>()? - 1).ok_or("a number in the table")?;
        assert_eq!(named, opponent, "{name}'s cell {cell} names the opponent");
        let forfeit = pairing.iter().any(|(board, b, w)| *board == 6 && (b == name || w == name));
        let expected = match (colour, forfeit) {
            ('b', false) => "b+",
            ('w', false) => "w-",
            ('b', true) => "b+!",
            _ => "w-!",
        };
        assert_eq!(&cell[digits.len()..], expected, "{name}: {cell}");
    }
    assert!(body.contains("+! won without play") && body.contains("? not played"), "the key explains the marks");
    Ok(())
}

#[actix_web::test]
async fn a_round_of_eight_boards_is_entered_in_one_submit_and_a_refused_board_stays_as_typed() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) = published_round_one(&app, "Results grid", &sixteen_players()).await?;
    let round = format!("/events/{event_id}/rounds/1");
    let page = director.get(&round).await?.body;
    assert_eq!(boards(&page).len(), 8);
    assert!(page.contains(r#"<option value="" selected>"#), "nothing pre-selected: {page}");
    // Board 3 already has a result (entered meanwhile at another desk): the grid's board 3 is
    // refused, the other seven are saved.
    director.post(&format!("{round}/results/3"), &[("outcome", "white"), ("margin", "R")]).await?.assert_status(303)?;
    let mut fields: Vec<(String, String)> = Vec::new();
    for board in 1..=8 {
        fields.push((format!("outcome-{board}"), "black".into()));
        fields.push((format!("margin-{board}"), if board == 5 { "3.5".into() } else { "R".into() }));
    }
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let sent = director.post(&format!("{round}/results"), &refs).await?;
    sent.assert_status(400)?;
    assert!(sent.body.contains(r#"data-refused="3""#), "board 3 refused inline: {}", sent.body);
    assert_eq!(sent.body.matches("data-refused=").count(), 1, "only board 3");
    let shown = director.get(&round).await?.body;
    assert_eq!(shown.matches("class=\"result-text\"").count(), 8, "seven saved by the grid, one before");
    let audit = director.get(&format!("/events/{event_id}/audit")).await?.body;
    assert_eq!(audit.matches("data-action=\"result.recorded\"").count(), 8, "one audit row per result");
    // A grid with a bad margin keeps what was typed.
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/2/publish"), &[]).await?.assert_status(303)?;
    let second = format!("/events/{event_id}/rounds/2");
    let bad = director
        .post(
            &format!("{second}/results"),
            &[("outcome-1", "white"), ("margin-1", "abc"), ("outcome-2", "black"), ("margin-2", "R")],
        )
        .await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains(r#"name="margin-1" form="results-grid" size="6" value="abc""#), "{}", bad.body);
    assert!(bad.body.contains(r#"<option value="white" selected>"#), "the outcome typed is kept");
    let second_page = director.get(&second).await?.body;
    assert_eq!(second_page.matches("class=\"result-text\"").count(), 1, "board 2 saved");
    let empty = director.post(&format!("{second}/results"), &[]).await?;
    empty.assert_status(400)?;
    Ok(())
}

/// In Chromium, as a director at the venue desk: a whole round entered through the grid in one
/// submit, with one board refused inline; then a result sent twice goes back to the round with
/// the message on top.
#[actix_web::test]
async fn the_results_grid_and_a_refused_result_in_the_browser() -> TestResult {
    use crate::browser::{click, click_element, start_browser, type_into};
    use fantoccini::Locator;
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let app = TestApp::spawn().await?;
    let (_director, email, event_id) = published_round_one(&app, "Grid in the browser", &sixteen_players()).await?;
    let round = format!("/events/{event_id}/rounds/1");

    crate::browser::log_in(&browser, &app.base, &email, PASSWORD).await?;
    browser.goto(&format!("{}{round}", app.base)).await?;
    // Every board filled in; board 8 with a margin that is not one.
    for board in 1..=8 {
        let row = browser.find(Locator::Id(&format!("board-{board}"))).await?;
        row.find(Locator::Css("select[name^=outcome]")).await?.select_by_value("white").await?;
        let margin = if board == 8 { "lots" } else { "R" };
        row.find(Locator::Css("input[name^=margin]")).await?.send_keys(margin).await?;
    }
    click(&browser, "#save-results").await?;
    let source = browser.source().await?;
    assert_eq!(source.matches("class=\"result-text\"").count(), 7, "seven saved in one submit");
    let refused = browser.find(Locator::Css("[data-refused=\"8\"]")).await?.text().await?;
    assert!(!refused.is_empty(), "board 8 refused inline");
    let kept = browser.find(Locator::Css("input[name=margin-8]")).await?.prop("value").await?;
    assert_eq!(kept.as_deref(), Some("lots"), "what was typed is kept");
    // Board 8 corrected and saved from the same page.
    type_into(&browser, "input[name=margin-8]", "R").await?;
    let save = browser.find(Locator::Css("#board-8 .result-form button[type=submit]")).await?;
    click_element(&browser, &save).await?;
    assert_eq!(browser.source().await?.matches("class=\"result-text\"").count(), 8);

    // A result sent again for board 1 (a second desk, an old tab): back to the round, on top.
    let stale = format!(
        "const f = document.createElement('form'); f.method = 'post'; f.action = '{round}/results/1';
         for (const [k, v] of [['outcome', 'black'], ['margin', 'R'],
             ['csrf_token', document.querySelector('input[name=csrf_token]').value]]) {{
           const i = document.createElement('input'); i.name = k; i.value = v; f.appendChild(i); }}
         document.body.appendChild(f); f.submit();"
    );
    let old_page = browser.find(Locator::Css("html")).await?;
    browser.execute(&stale, vec![]).await?;
    for _ in 0..200 {
        if old_page.tag_name().await.is_err() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    actix_web::rt::time::sleep(std::time::Duration::from_millis(200)).await;
    let url = browser.current_url().await?;
    assert_eq!(url.path(), round, "back on the round page");
    let flash = browser.find(Locator::Id("flash")).await?.text().await?;
    assert!(flash.contains('1'), "the message names the board: {flash}");
    let _ = browser.close().await;
    Ok(())
}

/// In Chromium: the event form shows only the chosen system's settings.
#[actix_web::test]
async fn the_event_form_shows_only_the_chosen_systems_fields() -> TestResult {
    use fantoccini::Locator;
    let app = TestApp::spawn().await?;
    let Some((_driver, browser)) = signed_in_browser(&app).await? else { return Ok(()) };
    browser.goto(&format!("{}/events/new", app.base)).await?;
    let cases: [(&str, &[&str], &[&str]); 4] = [
        (
            "swiss",
            &["placement", "handicap", "knockout_after"],
            &[
                "mcmahon_bar",
                "mcmahon_floor",
                "team_boards",
                "lives",
                "third_place_game",
                "cycles",
                "groups",
                "best_of",
                "seating",
                "relay_order",
            ],
        ),
        ("mcmahon", &["mcmahon_bar", "mcmahon_floor", "placement"], &["team_boards", "lives", "best_of", "seating"]),
        (
            "knockout",
            &["lives", "third_place_game", "seating"],
            &["mcmahon_bar", "cycles", "groups", "best_of", "knockout_after"],
        ),
        (
            "round-robin",
            &["cycles", "groups", "seating", "knockout_after"],
            &["lives", "best_of", "mcmahon_bar", "team_boards"],
        ),
    ];
    // Which of the named fields the form shows, and which it hides.
    let check = async |what: &str, shown: &[&str], hidden: &[&str]| -> TestResult {
        for (names, displayed) in [(shown, true), (hidden, false)] {
            for name in names {
                let field = browser.find(Locator::Css(&format!("[name={name}]"))).await?;
                assert_eq!(field.is_displayed().await?, displayed, "{what}: {name} shown: {displayed}");
            }
        }
        Ok(())
    };
    for (system, shown, hidden) in cases {
        browser.find(Locator::Css("#system-select")).await?.select_by_value(system).await?;
        check(system, shown, hidden).await?;
    }
    // A team event's fields follow how its teams meet: cycles for a team round robin, a
    // knockout stage after a team Swiss; and a relay shows its own three choices.
    browser.find(Locator::Css("#system-select")).await?.select_by_value("team").await?;
    let team_cases: [(&str, &[&str], &[&str]); 3] = [
        ("swiss", &["team_boards", "team_tie_breaks", "seating", "knockout_after"], &["cycles", "groups", "lives"]),
        ("round-robin", &["team_boards", "cycles", "seating"], &["knockout_after", "groups", "best_of"]),
        ("all-play-all", &["team_boards"], &["cycles", "knockout_after", "relay_order"]),
    ];
    for (pairing, shown, hidden) in team_cases {
        browser.find(Locator::Id("team-pairing")).await?.select_by_value(pairing).await?;
        check(&format!("team {pairing}"), shown, hidden).await?;
    }
    browser.find(Locator::Css("#system-select")).await?.select_by_value("relay").await?;
    check(
        "relay",
        &["relay_order", "relay_draw", "relay_colours", "seating"],
        &["team_boards", "cycles", "knockout_after"],
    )
    .await?;
    let _ = browser.close().await;
    Ok(())
}

/// In Chromium: a refused event form comes back with every problem beside its field and
/// everything typed kept.
#[actix_web::test]
async fn a_refused_event_form_keeps_every_field_and_shows_every_error() -> TestResult {
    use crate::browser::{click, type_into};
    use fantoccini::Locator;
    let app = TestApp::spawn().await?;
    let Some((_driver, browser)) = signed_in_browser(&app).await? else { return Ok(()) };
    browser.goto(&format!("{}/events/new", app.base)).await?;
    type_into(&browser, "input[name=name]", "杭州棋院秋季赛").await?;
    type_into(&browser, "input[name=venue]", "杭州棋院").await?;
    // Dates typed as the date picker takes them (month, day, year here).
    browser
        .execute(
            "document.querySelector('input[name=start_date]').value = '2026-12-06';
             document.querySelector('input[name=end_date]').value = '2026-12-05';",
            vec![],
        )
        .await?;
    type_into(&browser, "input[name=time_zone]", "Mars/Olympus").await?;
    type_into(&browser, "input[name=komi]", "lots").await?;
    type_into(&browser, "input[name=time_control]", "an hour or so").await?;
    click(&browser, "#event-form button[type=submit]").await?;
    let source = browser.source().await?;
    for field in ["end_date", "time_zone", "komi", "time_control"] {
        assert!(source.contains(&format!(r#"data-error-for="{field}""#)), "{field}'s problem beside it: {source}");
        assert!(source.contains(&format!(r#"<li data-field="{field}">"#)), "{field} in the list on top");
    }
    assert_eq!(source.matches("data-error-for=").count(), 4, "only the four wrong fields");
    for (name, typed) in [
        ("name", "杭州棋院秋季赛"),
        ("venue", "杭州棋院"),
        ("time_zone", "Mars/Olympus"),
        ("komi", "lots"),
        ("time_control", "an hour or so"),
        ("start_date", "2026-12-06"),
        ("end_date", "2026-12-05"),
    ] {
        let kept = browser.find(Locator::Css(&format!("input[name={name}]"))).await?.prop("value").await?;
        assert_eq!(kept.as_deref(), Some(typed), "{name} kept");
    }
    let _ = browser.close().await;
    Ok(())
}

/// Polls `script` (which returns a boolean) in the page until it is true, for up to ten
/// seconds; the error names `what` was awaited.
async fn wait_for(browser: &fantoccini::Client, script: &str, what: &str) -> TestResult {
    for _ in 0..200 {
        if browser.execute(script, vec![]).await?.as_bool() == Some(true) {
            return Ok(());
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let status = browser.execute("return document.getElementById('live').outerHTML.slice(0, 2000)", vec![]).await?;
    Err(format!("waited in vain for {what}: {status}").into())
}

/// Acceptance 3: on the live board a click answers at once. Four moves are clicked and after
/// each the status line has the move count and whose move it is; a click on a stone says why
/// it is refused; while marking, a stone clicked dead changes the count — all without the page
/// being loaded again (a marker set in the page survives).
#[actix_web::test]
async fn the_live_board_answers_every_click_without_a_reload() -> TestResult {
    use crate::browser::start_browser;
    use fantoccini::Locator;
    let t = crate::live::live_table("").await?;
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    crate::browser::log_in(&browser, &t.app.base, &t.director_email, "live passphrase").await?;
    browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
    browser.execute("window.notReloaded = true", vec![]).await?;
    for (i, point) in ["D4", "F6", "C6", "F4"].iter().enumerate() {
        browser.find(Locator::Css(&format!("svg.board [data-point='{point}']"))).await?.click().await?;
        let next = if i % 2 == 0 { "White to move" } else { "Black to move" };
        // "1 move", then "2 moves" …
        let moves = if i == 0 { "1 move ·".to_string() } else { format!("{} moves ·", i + 1) };
        let script = format!(
            "var s = document.getElementById('live-status').textContent; return s.includes('{moves}') && s.includes('{next}')"
        );
        wait_for(&browser, &script, &format!("move {} in the status line", i + 1)).await?;
        let stone = format!("return document.querySelector(\"svg.board .stone[data-point='{point}']\") !== null");
        wait_for(&browser, &stone, &format!("the stone on {point}")).await?;
    }
    browser.find(Locator::Css("svg.board [data-point='D4']")).await?.click().await?;
    wait_for(
        &browser,
        "var e = document.getElementById('live-error'); return !e.hidden && e.textContent.includes('the point is occupied')",
        "the reason a click on a stone is refused",
    )
    .await?;
    let kept = browser.execute("return window.notReloaded === true", vec![]).await?;
    assert_eq!(kept.as_bool(), Some(true), "the page was loaded again");
    assert_eq!(
        browser.execute("return document.getElementById('live-count').hidden", vec![]).await?.as_bool(),
        Some(true),
        "no count while the game is played"
    );

    // Two passes end play: the page is drawn again for marking, with the count.
    browser.find(Locator::Id("pass")).await?.click().await?;
    wait_for(&browser, "return document.getElementById('live-status').textContent.includes('5 moves')", "the pass")
        .await?;
    browser.find(Locator::Id("pass")).await?.click().await?;
    wait_for(&browser, "return document.getElementById('mark-form') !== null", "the marking phase").await?;
    browser.execute("window.notReloaded = true", vec![]).await?;
    let before = browser.execute("return document.querySelector('#live-count strong').textContent", vec![]).await?;
    let before = before.as_str().unwrap_or_default().to_string();
    assert!(!before.is_empty(), "the count is shown while marking");
    browser.find(Locator::Css("svg.board .stone[data-point='C6']")).await?.click().await?;
    let changed = format!(
        "var c = document.querySelector('#live-count strong').textContent; return c !== {} && document.querySelector(\"svg.board .stone.dead[data-point='C6']\") !== null",
        serde_json::to_string(&before)?
    );
    wait_for(&browser, &changed, "the count after marking C6 dead").await?;
    let kept = browser.execute("return window.notReloaded === true", vec![]).await?;
    assert_eq!(kept.as_bool(), Some(true), "marking loaded the page again");
    browser.close().await?;
    Ok(())
}

/// The time-control picker: in Chromium a preset picked from the list writes its notation into
/// the field (中国读秒 as the clocks read it, in 中文), and the event keeps it; without a script a
/// preset sent with the field blank is used, and a typed control wins over a preset.
#[actix_web::test]
async fn a_time_control_is_picked_from_presets() -> TestResult {
    use crate::browser::{click, type_into};
    use fantoccini::Locator;
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &format!("{}@club.example", unique("tc")), "Director Zhao", PASSWORD).await?;
    let chinese = "chinese 1h reserve 3x30s";
    let mut fields: Vec<(&str, &str)> = event_form("Preset Cup", "3").to_vec();
    fields.push(("time_control_preset", chinese));
    let created = director.post("/events", &fields).await?;
    let event = format!("/events/{}", id_after(&created.location, "/events/")?);
    director.get("/lang/zh?next=/").await?;
    let page = director.get(&event).await?.body;
    assert!(page.contains("基本时限 1 小时，保留 3 次 30 秒 读秒"), "{page}");
    fields.retain(|(k, _)| *k != "time_control");
    fields.push(("time_control", "30m + 20s"));
    let created = director.post("/events", &fields).await?;
    let typed = director.get(&format!("/events/{}", id_after(&created.location, "/events/")?)).await?.body;
    assert!(typed.contains("基本时限 30 分钟，每步加 20 秒"), "the typed control wins: {typed}");

    let Some((_driver, browser)) = signed_in_browser(&app).await? else { return Ok(()) };
    browser.goto(&format!("{}/lang/zh?next=/events/new", app.base)).await?;
    let options = browser.find(Locator::Css("#time-control-preset")).await?.html(false).await?;
    for kind in ["中国读秒", "日本读秒", "定时限步", "加秒", "包干"] {
        assert!(options.contains(kind), "{kind} among the presets: {options}");
    }
    browser.find(Locator::Css("#time-control-preset")).await?.select_by_value(chinese).await?;
    let written = browser.find(Locator::Css("#time-control")).await?.prop("value").await?;
    assert_eq!(written.as_deref(), Some(chinese), "the notation is written into the field");
    type_into(&browser, "input[name=name]", "Picked Cup").await?;
    type_into(&browser, "input[name=venue]", "Qipai").await?;
    click(&browser, "#event-form button[type=submit]").await?;
    let shown = browser.find(Locator::Css("main")).await?.text().await?;
    assert!(shown.contains("保留 3 次 30 秒 读秒"), "{shown}");
    let _ = browser.close().await;
    Ok(())
}
