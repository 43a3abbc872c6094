//! Each pairing system's main journey in headless Chromium: the director chooses the system
//! and its settings in the event form (the script shows that system's fields), imports the
//! players, pairs, publishes and enters every result through the pages, and reads the
//! standings, bracket or match score. Skipped without Chromium's headless shell unless BROWSER_TESTS=1.
use fantoccini::{Client as Browser, Locator};

use crate::browser::{click, click_element, import_players, path_of, start_browser, type_into};
use crate::helpers::*;

/// What the director fills in for one system.
struct Setup<'a> {
    system: &'a str,
    inputs: &'a [(&'a str, &'a str)],
    checkboxes: &'a [&'a str],
    csv: &'a str,
}

/// Runs `journey` with a fresh browser and a director signed in; saves a screenshot on failure.
async fn with_director<F>(name: &str, journey: F) -> TestResult
where
    F: AsyncFnOnce(&Browser, &TestApp) -> TestResult,
{
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let app = TestApp::spawn().await?;
    let email = format!("{}@club.example", unique("sys"));
    let password = "browser systems passphrase";
    app.client().sign_up_and_log_in(&app, &email, "Director Zhao", password).await?;
    crate::browser::log_in(&browser, &app.base, &email, password).await?;
    let result = journey(&browser, &app).await;
    if result.is_err()
        && let Ok(png) = browser.screenshot().await
    {
        let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-{name}-failure.png")), png);
    }
    let _ = browser.close().await;
    result
}

/// Creates the event through the form and imports the players; returns the event's path.
async fn create_event(
    browser: &Browser,
    app: &TestApp,
    setup: &Setup<'_>,
) -> Result<String, Box<dyn std::error::Error>> {
    browser.goto(&format!("{}/events/new", app.base)).await?;
    type_into(browser, "input[name=name]", &format!("{} 杯", setup.system)).await?;
    browser.find(Locator::Css("#system-select")).await?.select_by_value(setup.system).await?;
    for (name, value) in setup.inputs {
        let css = format!("[name={name}]");
        let field = browser.find(Locator::Css(&css)).await?;
        if !field.is_displayed().await? {
            return Err(format!("{name} is hidden for {}", setup.system).into());
        }
        if field.tag_name().await? == "select" {
            field.select_by_value(value).await?;
        } else {
            type_into(browser, &css, value).await?;
        }
    }
    for name in setup.checkboxes {
        let field = browser.find(Locator::Css(&format!("input[name={name}]"))).await?;
        if !field.is_selected().await? {
            field.click().await?;
        }
    }
    click(browser, "#event-form button[type=submit]").await?;
    let event_path = path_of(&browser.current_url().await?);
    if !event_path.starts_with("/events/") || event_path.ends_with("/events") {
        let source = browser.source().await?;
        let error = source.split("id=\"form-error\"").nth(1).unwrap_or("").chars().take(200).collect::<String>();
        return Err(format!("the event was not created: {error}").into());
    }
    import_players(browser, &app.base, &event_path, setup.csv).await?;
    Ok(event_path)
}

/// Pairs and publishes the next round from the event page; returns its boards.
async fn pair_round(
    browser: &Browser,
    app: &TestApp,
    event_path: &str,
) -> Result<Vec<(u32, String, String)>, Box<dyn std::error::Error>> {
    browser.goto(&format!("{}{event_path}", app.base)).await?;
    click(browser, "#generate-round").await?;
    click(browser, "#publish-round").await?;
    Ok(boards(&browser.source().await?))
}

/// Enters `outcome` on a board of the round page shown.
async fn enter(browser: &Browser, board: u32, outcome: &str) -> TestResult {
    let row = browser.find(Locator::Id(&format!("board-{board}"))).await?;
    row.find(Locator::Css("select[name^=outcome]")).await?.select_by_value(outcome).await?;
    let save = row.find(Locator::Css(".result-form button[type=submit]")).await?;
    click_element(browser, &save).await
}

/// The player whose name sorts first wins every game (a simple, checkable rule).
fn first_name_wins(black: &str, white: &str) -> &'static str {
    if black < white { "black" } else { "white" }
}

#[actix_web::test]
async fn a_mcmahon_event_in_the_browser() -> TestResult {
    with_director("mcmahon", async |browser: &Browser, app: &TestApp| -> TestResult {
        let csv = twelve_players_csv(&unique("mb"));
        let setup = Setup {
            system: "mcmahon",
            inputs: &[("mcmahon_bar", "3d"), ("mcmahon_floor", "2k"), ("tradition", "european")],
            checkboxes: &[],
            csv: &csv,
        };
        let event_path = create_event(browser, app, &setup).await?;
        assert!(browser.source().await?.contains("12"), "players imported");
        let pairing = pair_round(browser, app, &event_path).await?;
        assert_eq!(pairing.len(), 6);
        for (board, black, white) in &pairing {
            enter(browser, *board, first_name_wins(black, white)).await?;
        }
        click(browser, "#why-link").await?;
        assert_eq!(browser.find_all(Locator::Css("#why tbody tr")).await?.len(), 6);
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let header = browser.find(Locator::Css("#standings thead")).await?.text().await?;
        assert!(header.starts_with("No. Place") && header.contains("MMS"), "{header}");
        Ok(())
    })
    .await
}

#[actix_web::test]
async fn a_mcmahon_event_with_opengothas_weights_in_the_browser() -> TestResult {
    with_director("mcmahon-opengotha", async |browser: &Browser, app: &TestApp| -> TestResult {
        let csv = twelve_players_csv(&unique("mog"));
        let setup = Setup {
            system: "mcmahon",
            inputs: &[("mcmahon_bar", "3d"), ("mcmahon_floor", "2k"), ("weights", "opengotha-3.51")],
            checkboxes: &[],
            csv: &csv,
        };
        let event_path = create_event(browser, app, &setup).await?;
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        let system = browser.find(Locator::Id("event-system")).await?.text().await?;
        assert!(system.contains("OpenGotha 3.51"), "{system}");
        for round in 1..=2 {
            let pairing = pair_round(browser, app, &event_path).await?;
            assert_eq!(pairing.len(), 6, "round {round}");
            // Published: every player sees the round; the why page speaks OpenGotha's terms.
            let public = app.client().get(&format!("{event_path}/rounds/{round}")).await?;
            assert_eq!(boards(&public.body), pairing, "round {round} is public as drafted");
            for (board, black, white) in &pairing {
                enter(browser, *board, first_name_wins(black, white)).await?;
            }
            click(browser, "#why-link").await?;
            let total = browser.find(Locator::Id("why-total")).await?.text().await?;
            assert!(total.len() > 15 && total.contains(','), "a total weight in OpenGotha's units: {total}");
            let header = browser.find(Locator::Css("#why thead")).await?.text().await?;
            assert!(header.contains("Draw-ups/downs") && header.contains("Seeding"), "{header}");
            assert_eq!(browser.find_all(Locator::Css("#why tbody tr")).await?.len(), 6);
        }
        Ok(())
    })
    .await
}

#[actix_web::test]
async fn a_round_robin_in_the_browser() -> TestResult {
    with_director("round-robin", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "round-robin",
            inputs: &[("cycles", "1"), ("seating", "lot")],
            checkboxes: &[],
            csv: "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        let mut wins = std::collections::HashMap::new();
        for _ in 1..=3 {
            for (board, black, white) in pair_round(browser, app, &event_path).await? {
                enter(browser, board, first_name_wins(&black, &white)).await?;
                *wins.entry(black.min(white)).or_insert(0u32) += 1;
            }
        }
        // The first name in the alphabet won all three games, the next two, and so on.
        assert_eq!(wins.get("Alpha"), Some(&3));
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        assert!(browser.find_all(Locator::Id("generate-round")).await?.is_empty(), "the table is over");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let table = standings(&browser.source().await?);
        let order: Vec<u32> =
            ["Alpha", "Bravo", "Charlie", "Delta"].iter().filter_map(|n| table.get(*n).map(|r| r.2)).collect();
        assert_eq!(order, vec![1, 2, 3, 4]);
        assert_eq!(table.get("Alpha").map(|r| r.0), Some(6), "积分: three wins");
        Ok(())
    })
    .await
}

/// 分组循环 then knockout: two groups of two (Alpha–Delta, Bravo–Charlie), the group winners
/// meet in the final.
#[actix_web::test]
async fn a_group_round_robin_then_knockout_in_the_browser() -> TestResult {
    with_director("round-robin", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "round-robin",
            inputs: &[("cycles", "1"), ("groups", "2"), ("seating", "strength"), ("knockout_after", "1")],
            checkboxes: &[],
            csv: "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        let mut met = Vec::new();
        for _ in 1..=2 {
            for (board, black, white) in pair_round(browser, app, &event_path).await? {
                enter(browser, board, first_name_wins(&black, &white)).await?;
                met.push((black.clone().min(white.clone()), black.max(white)));
            }
        }
        met.sort();
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(met, vec![pair("Alpha", "Bravo"), pair("Alpha", "Delta"), pair("Bravo", "Charlie")]);
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        assert!(browser.find_all(Locator::Id("generate-round")).await?.is_empty(), "the final is played");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let rows = browser.find_all(Locator::Css("#placings tbody tr")).await?;
        let mut placings = Vec::new();
        for row in rows {
            placings.push(row.text().await?);
        }
        assert_eq!(placings, vec!["1 Alpha", "2 Bravo"]);
        assert!(browser.find(Locator::Id("standings-before-knockout")).await.is_ok());
        Ok(())
    })
    .await
}

#[actix_web::test]
async fn a_knockout_in_the_browser() -> TestResult {
    with_director("knockout", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "knockout",
            inputs: &[("lives", "1"), ("seating", "strength")],
            checkboxes: &["third_place_game"],
            csv: "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        // Semi-finals 1–4 and 2–3, then the final and the game for third place.
        for expected_boards in [2, 2] {
            let pairing = pair_round(browser, app, &event_path).await?;
            assert_eq!(pairing.len(), expected_boards);
            for (board, black, white) in pairing {
                enter(browser, board, first_name_wins(&black, &white)).await?;
            }
        }
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let rows = browser.find_all(Locator::Css("#placings tbody tr")).await?;
        let mut placings = Vec::new();
        for row in rows {
            placings.push(row.text().await?);
        }
        assert_eq!(placings, vec!["1 Alpha", "2 Bravo", "3 Charlie", "4 Delta"]);
        assert!(browser.find(Locator::Id("bracket")).await?.text().await?.contains("Third-place game"));
        Ok(())
    })
    .await
}

/// 积分编排淘汰制: two Swiss rounds for six players, then a knockout of the top four.
#[actix_web::test]
async fn a_swiss_then_knockout_in_the_browser() -> TestResult {
    with_director("swiss-knockout", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "swiss",
            inputs: &[("rounds", "2"), ("knockout_after", "4")],
            checkboxes: &[],
            csv: "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\nEcho,1d\nFoxtrot,1k\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        // Two Swiss rounds of three boards, the semi-finals, then the final and third place.
        for expected_boards in [3, 3, 2, 2] {
            let pairing = pair_round(browser, app, &event_path).await?;
            assert_eq!(pairing.len(), expected_boards, "{pairing:?}");
            for (board, black, white) in pairing {
                enter(browser, board, first_name_wins(&black, &white)).await?;
            }
        }
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        assert!(browser.find_all(Locator::Id("generate-round")).await?.is_empty(), "the knockout is over");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let mut placings = Vec::new();
        for row in browser.find_all(Locator::Css("#placings tbody tr")).await? {
            placings.push(row.text().await?);
        }
        // The first name always won, so the four in the knockout finish in name order.
        assert_eq!(placings.len(), 4, "{placings:?}");
        assert_eq!(placings.first().map(String::as_str), Some("1 Alpha"));
        let names: Vec<&str> = placings.iter().filter_map(|p| p.split_once(' ').map(|(_, n)| n)).collect();
        assert!(names.is_sorted(), "{placings:?}");
        assert!(browser.find(Locator::Id("standings-before-knockout")).await?.is_displayed().await?);
        assert_eq!(browser.find_all(Locator::Css("#standings tbody tr")).await?.len(), 6);
        Ok(())
    })
    .await
}

#[actix_web::test]
async fn a_best_of_three_in_the_browser() -> TestResult {
    with_director("best-of", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "best-of",
            inputs: &[("best_of", "3")],
            checkboxes: &[],
            csv: "name,rank\nKe Jie,9p\nShin Jinseo,9p\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        for _ in 1..=2 {
            for (board, black, white) in pair_round(browser, app, &event_path).await? {
                enter(browser, board, first_name_wins(&black, &white)).await?;
            }
        }
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let winner = browser.find(Locator::Id("match-winner")).await?.text().await?;
        assert_eq!(winner, "Ke Jie has won the match.");
        Ok(())
    })
    .await
}

/// A team event: two boards per match, a reserve brought in from the teams page, each match
/// headed with its score on the round page, and the team table.
#[actix_web::test]
async fn a_team_event_in_the_browser() -> TestResult {
    with_director("team", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "team",
            inputs: &[("team_boards", "2"), ("team_pairing", "round-robin")],
            checkboxes: &[],
            csv: "name,rank,team,board\nRed 1,5d,Red,1\nRed 2,4d,Red,2\nRed 3,1k,Red,\n\
                  Blue 1,3d,Blue,1\nBlue 2,2d,Blue,2\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        // Bring the reserve in for Red 2.
        browser.goto(&format!("{}{event_path}/teams", app.base)).await?;
        let red = browser.find(Locator::Css("section.team")).await?;
        red.find(Locator::XPath(".//tr[td[@class='name' and text()='Red 2']]//input")).await?.click().await?;
        red.find(Locator::XPath(".//tr[td[@class='name' and text()='Red 3']]//input")).await?.click().await?;
        click_element(browser, &red.find(Locator::Css("button[type=submit]")).await?).await?;
        let pairing = pair_round(browser, app, &event_path).await?;
        let names: Vec<(String, String)> = pairing.iter().map(|(_, b, w)| (b.clone(), w.clone())).collect();
        assert_eq!(names, vec![("Red 1".into(), "Blue 1".into()), ("Blue 2".into(), "Red 3".into())]);
        for (board, _, _) in &pairing {
            enter(browser, *board, "white").await?;
        }
        let header = browser.find(Locator::Css("tr.team-match th")).await?.text().await?;
        assert_eq!(header, "Red 1 : 1 Blue");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let rows = browser.find_all(Locator::Css("#team-table tbody tr")).await?;
        let mut table = Vec::new();
        for row in rows {
            table.push((row.attr("data-team").await?, row.attr("data-match-points").await?));
        }
        // A drawn match: 1 match point each, level on every tie-break, so in team order.
        assert_eq!(table, vec![(Some("Red".into()), Some("1".into())), (Some("Blue".into()), Some("1".into()))]);
        Ok(())
    })
    .await
}

/// A team Swiss of one round, then a knockout of the top two teams: the two winners of round 1
/// meet in the final.
#[actix_web::test]
async fn a_team_swiss_then_knockout_in_the_browser() -> TestResult {
    with_director("team-knockout", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "team",
            inputs: &[("rounds", "1"), ("team_boards", "1"), ("team_pairing", "swiss"), ("knockout_after", "2")],
            checkboxes: &[],
            csv: "name,rank,team\nAlpha,5d,Red\nBravo,4d,Blue\nCharlie,3d,Green\nDelta,2d,Gold\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        let mut finalists = Vec::new();
        for expected_boards in [2, 1] {
            let pairing = pair_round(browser, app, &event_path).await?;
            assert_eq!(pairing.len(), expected_boards, "{pairing:?}");
            for (board, black, white) in pairing {
                if expected_boards == 1 {
                    finalists = vec![black.clone().min(white.clone()), black.clone().max(white.clone())];
                }
                enter(browser, board, first_name_wins(&black, &white)).await?;
            }
        }
        assert_eq!(finalists, vec!["Alpha".to_string(), "Charlie".to_string()], "round 1's winners meet");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let rows = browser.find_all(Locator::Css("#placings tbody tr")).await?;
        let mut placings = Vec::new();
        for row in rows {
            placings.push(row.text().await?);
        }
        assert_eq!(placings, vec!["1 Red", "2 Green"]);
        assert!(browser.find(Locator::Id("team-table")).await.is_ok(), "the Swiss team table stays below");
        Ok(())
    })
    .await
}

/// 全队循环制: two teams of two, every player of one meets every player of the other over two
/// rounds; the whole schedule is one team match.
#[actix_web::test]
async fn a_team_all_play_all_in_the_browser() -> TestResult {
    with_director("team-all-play-all", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "team",
            inputs: &[("team_boards", "2"), ("team_pairing", "all-play-all")],
            checkboxes: &[],
            csv: "name,rank,team,board\nRed 1,5d,Red,1\nRed 2,4d,Red,2\nBlue 1,3d,Blue,1\nBlue 2,2d,Blue,2\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        let mut met = Vec::new();
        for _ in 1..=2 {
            for (board, black, white) in pair_round(browser, app, &event_path).await? {
                // Blue always wins (its names sort first).
                enter(browser, board, first_name_wins(&black, &white)).await?;
                let (red, blue) = if black.starts_with("Red") { (black, white) } else { (white, black) };
                met.push((red, blue));
            }
        }
        met.sort();
        let want: Vec<(String, String)> =
            [("Red 1", "Blue 1"), ("Red 1", "Blue 2"), ("Red 2", "Blue 1"), ("Red 2", "Blue 2")]
                .iter()
                .map(|(r, b)| (r.to_string(), b.to_string()))
                .collect();
        assert_eq!(met, want, "every Red player met every Blue player once");
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        assert!(browser.find_all(Locator::Id("generate-round")).await?.is_empty(), "one round per board");
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let mut table = Vec::new();
        for row in browser.find_all(Locator::Css("#team-table tbody tr")).await? {
            table.push((
                row.attr("data-team").await?,
                row.attr("data-match-points").await?,
                row.attr("data-game-points").await?,
            ));
        }
        let team = |name: &str, match_points: &str, game_points: &str| {
            (Some(name.to_string()), Some(match_points.to_string()), Some(game_points.to_string()))
        };
        assert_eq!(table, vec![team("Blue", "2", "8"), team("Red", "0", "0")]);
        Ok(())
    })
    .await
}

#[actix_web::test]
async fn a_relay_in_the_browser() -> TestResult {
    with_director("relay", async |browser: &Browser, app: &TestApp| -> TestResult {
        let setup = Setup {
            system: "relay",
            inputs: &[("relay_order", "nominated"), ("relay_draw", "replay")],
            checkboxes: &[],
            csv: "name,rank,team\nEast 1,5d,East\nEast 2,4d,East\nWest 1,5d,West\nWest 2,3d,West\n",
        };
        let event_path = create_event(browser, app, &setup).await?;
        let name = async |team: &str, player: &str| -> TestResult {
            browser.goto(&format!("{}{event_path}/relay", app.base)).await?;
            let form = browser.find(Locator::Css(&format!("form[data-nominate='{team}']"))).await?;
            form.find(Locator::Css("select[name=player]")).await?.select_by_label(player).await?;
            click_element(browser, &form.find(Locator::Css("button[type=submit]")).await?).await
        };
        // East rotates first (stronger); each side names its player. Colours are drawn for
        // every game, so the game is checked by its players and won by name.
        let wins = |game: &[(u32, String, String)], players: [&str; 2], winner: &str| -> &'static str {
            let mut seated: Vec<&str> = game.iter().flat_map(|(_, b, w)| [b.as_str(), w.as_str()]).collect();
            seated.sort();
            assert_eq!(seated, players, "the game's players");
            if game[0].1 == winner { "black" } else { "white" }
        };
        name("East", "East 2 (4d)").await?;
        name("West", "West 1 (5d)").await?;
        let game = pair_round(browser, app, &event_path).await?;
        enter(browser, 1, wins(&game, ["East 2", "West 1"], "West 1")).await?;
        // West 1 stays on; only East names again, and East 1 wins the match.
        name("East", "East 1 (5d)").await?;
        let game = pair_round(browser, app, &event_path).await?;
        enter(browser, 1, wins(&game, ["East 1", "West 1"], "East 1")).await?;
        browser.goto(&format!("{}{event_path}/relay", app.base)).await?;
        let mut naming = Vec::new();
        for form in browser.find_all(Locator::Css("form.nominate")).await? {
            naming.push(form.attr("data-nominate").await?);
        }
        assert_eq!(naming, vec![Some("West".to_string())], "only West must name a player");
        name("West", "West 2 (3d)").await?;
        let game = pair_round(browser, app, &event_path).await?;
        enter(browser, 1, wins(&game, ["East 1", "West 2"], "East 1")).await?;
        browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
        let winner = browser.find(Locator::Id("relay-winner")).await?.text().await?;
        assert_eq!(winner, "East wins the relay. Last player standing: East 1, 2 wins in a row.");
        let chain = browser.find_all(Locator::Css("#relay-chain li")).await?;
        assert_eq!(chain.len(), 3);
        let east_1 = browser.find(Locator::Css("tr[data-relay-player='East 1']")).await?;
        assert_eq!(east_1.attr("data-streak").await?, Some("2".into()));
        Ok(())
    })
    .await
}
