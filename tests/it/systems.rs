//! Each pairing system over HTTP, as a director runs it: created from the event form, paired
//! round by round, results entered, and the standings, bracket or match score checked against
//! values worked out by hand.
use crate::helpers::*;

/// A signed-in director and a new event with `system` and its own fields.
pub async fn event_with_system(
    app: &TestApp,
    system: &str,
    extra: &[(&str, &str)],
    csv: &str,
) -> Result<(Client, i32), Box<dyn std::error::Error>> {
    let mut director = app.client();
    director
        .sign_up_and_log_in(app, &format!("{}@club.example", unique("d")), "Director", "systems passphrase")
        .await?;
    // `extra` takes the place of the form's own field of the same name.
    let mut fields: Vec<(&str, &str)> = event_form("Systems Cup", "3")
        .into_iter()
        .filter(|(k, _)| *k != "system" && !extra.iter().any(|(e, _)| e == k))
        .collect();
    fields.push(("system", system));
    fields.extend_from_slice(extra);
    let created = director.post("/events", &fields).await?;
    let event_id = id_after(&created.location, "/events/")?;
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "p.csv", csv)
        .await?
        .assert_status(303)?;
    Ok((director, event_id))
}

/// Four players of falling strength: seeds 1–4 by strength.
pub const FOUR: &str = "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\n";
pub const SIX: &str = "name,rank\nS1,6d\nS2,5d\nS3,4d\nS4,3d\nS5,2d\nS6,1d\n";

fn seed_of(name: &str) -> u32 {
    name.trim_start_matches('S').parse().unwrap_or(99)
}

pub async fn pair_and_publish(
    director: &mut Client,
    event_id: i32,
    round: u32,
) -> Result<Vec<(u32, String, String)>, Box<dyn std::error::Error>> {
    let made = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    assert!(made.redirected_to(&format!("/events/{event_id}/rounds/{round}")), "round {round}: {}", made.body);
    director.post(&format!("/events/{event_id}/rounds/{round}/publish"), &[]).await?.assert_status(303)?;
    Ok(boards(&director.get(&format!("/events/{event_id}/rounds/{round}")).await?.body))
}

pub async fn enter(director: &mut Client, event_id: i32, round: u32, board: u32, outcome: &str) -> TestResult {
    director
        .post(&format!("/events/{event_id}/rounds/{round}/results/{board}"), &[("outcome", outcome), ("margin", "R")])
        .await?
        .assert_status(303)?;
    Ok(())
}

fn outcome_for(black_wins: bool) -> &'static str {
    if black_wins { "black" } else { "white" }
}

#[actix_web::test]
async fn a_round_robin_follows_the_berger_table_and_ranks_by_the_chinese_order() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) =
        event_with_system(&app, "round-robin", &[("cycles", "1"), ("seating", "strength")], FOUR).await?;
    let strength = |name: &str| ["Alpha", "Bravo", "Charlie", "Delta"].iter().position(|n| *n == name).unwrap_or(9);
    let mut met = Vec::new();
    for round in 1..=3 {
        let pairing = pair_and_publish(&mut director, event_id, round).await?;
        assert_eq!(pairing.len(), 2);
        for (board, black, white) in pairing {
            met.push(if black < white { (black.clone(), white.clone()) } else { (white.clone(), black.clone()) });
            // The stronger player wins, except that Delta beats Alpha.
            let upset = [&black, &white].iter().all(|n| ["Alpha", "Delta"].contains(&n.as_str()));
            let black_wins = (strength(&black) < strength(&white)) != upset;
            enter(&mut director, event_id, round, board, outcome_for(black_wins)).await?;
        }
    }
    met.sort();
    met.dedup();
    assert_eq!(met.len(), 6, "everyone met everyone once");
    // The table is over: no fourth round, and the event page says so.
    let more = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    more.assert_status(400)?;
    assert!(more.body.contains("All rounds of this event are made"), "{}", more.body);
    assert!(director.get(&format!("/events/{event_id}")).await?.body.contains("id=\"event-over\""));

    // By hand, with the Berger table for 4 (1–4, 2–3 | 4–3, 1–2 | 2–4, 3–1): points A 4, B 4,
    // C 2, D 2; 对手分 A 8, B 8, C 10, D 10; 累进分 A 0+2+4 = 6, B 2+2+4 = 8, C 0+2+2 = 4,
    // D 2+2+2 = 6. So B, A (tied on points and 对手分, B ahead on 累进分), D, C.
    let table = standings(&director.get(&format!("/events/{event_id}/standings")).await?.body);
    let place = |name: &str| table.get(name).map(|row| row.2);
    assert_eq!(
        [place("Bravo"), place("Alpha"), place("Delta"), place("Charlie")],
        [Some(1), Some(2), Some(3), Some(4)],
        "{table:?}"
    );
    assert_eq!(table.get("Alpha").map(|r| (r.0, r.1)), Some((4, 8)));
    assert_eq!(table.get("Charlie").map(|r| (r.0, r.1)), Some((2, 10)));
    Ok(())
}

#[actix_web::test]
async fn a_round_robin_draft_cannot_be_edited_and_its_system_is_fixed_once_paired() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(&app, "round-robin", &[("cycles", "2")], FOUR).await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let draft = director.get(&format!("/events/{event_id}/rounds/1")).await?;
    assert!(!draft.body.contains("id=\"swap-form\""), "no swap form for a fixed table");
    let before = app.fingerprint().await?;
    let swapped = director.post(&format!("/events/{event_id}/rounds/1/colours/1"), &[]).await?;
    swapped.assert_status(400)?;
    assert!(swapped.body.contains("cannot be edited by hand"), "{}", swapped.body);
    let mut form: Vec<(&str, &str)> = event_form("Systems Cup", "3").into_iter().collect();
    form.retain(|(k, _)| *k != "system");
    form.extend([("system", "swiss")]);
    let changed = director.post(&format!("/events/{event_id}/edit"), &form).await?;
    changed.assert_status(400)?;
    assert!(changed.body.contains("cannot change once round 1 is made"), "{}", changed.body);
    assert_eq!(app.fingerprint().await?, before, "nothing changed");
    Ok(())
}

#[actix_web::test]
async fn a_knockout_replays_draws_takes_a_ruling_and_ends_with_placings() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) =
        event_with_system(&app, "knockout", &[("lives", "1"), ("third_place_game", "on")], SIX).await?;
    // 6 in a bracket of 8: seeds 1 and 2 go through without a game; 3–6 and 4–5 play.
    let first = pair_and_publish(&mut director, event_id, 1).await?;
    assert_eq!(first.len(), 2, "{first:?}");
    let round_page = director.get(&format!("/events/{event_id}/rounds/1")).await?;
    assert_eq!(round_page.body.matches("class=\"bye\"").count(), 2, "two walkovers");
    let (board, black, white) =
        first.iter().find(|(_, b, w)| [seed_of(b), seed_of(w)].contains(&3)).cloned().ok_or("no 3–6 board")?;
    // A draw: the replay, colours swapped, appears as a new board of the same round.
    enter(&mut director, event_id, 1, board, "draw").await?;
    let replayed = boards(&director.get(&format!("/events/{event_id}/rounds/1")).await?.body);
    assert_eq!(replayed.len(), 3);
    let replay = replayed.iter().find(|(n, _, _)| *n == 3).ok_or("no replay board")?;
    assert_eq!((&replay.1, &replay.2), (&white, &black), "colours swapped");
    // Both lose the replay: the director rules that seed 3 goes through.
    enter(&mut director, event_id, 1, 3, "both_lose").await?;
    let page = director.get(&format!("/events/{event_id}/rounds/1")).await?;
    assert!(page.body.contains("class=\"ruling-form"), "the ruling form is offered");
    // The options name Black of the replay first, then White.
    let options: Vec<String> = attributes(&page.body, "value")
        .into_iter()
        .filter_map(|v| v.strip_prefix("advance:").map(str::to_string))
        .collect();
    let seed3_id = options.get(if seed_of(&replay.1) == 3 { 0 } else { 1 }).ok_or("no advance option")?;
    let ruling = format!("advance:{seed3_id}");
    director
        .post(&format!("/events/{event_id}/rounds/1/rulings/3"), &[("ruling", &ruling)])
        .await?
        .assert_status(303)?;
    // A second ruling on the same board is refused.
    director
        .post(&format!("/events/{event_id}/rounds/1/rulings/3"), &[("ruling", "replay")])
        .await?
        .assert_status(400)?;
    for (board, black, white) in first.iter().filter(|(n, _, _)| *n != board) {
        enter(&mut director, event_id, 1, *board, outcome_for(seed_of(black) < seed_of(white))).await?;
    }
    // Semi-finals, then the final with the game for third place: the better seed always wins.
    for round in 2..=3 {
        let pairing = pair_and_publish(&mut director, event_id, round).await?;
        assert_eq!(pairing.len(), 2, "round {round}: {pairing:?}");
        for (board, black, white) in pairing {
            enter(&mut director, event_id, round, board, outcome_for(seed_of(&black) < seed_of(&white))).await?;
        }
    }
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(400)?;
    let page = app.client().get(&format!("/events/{event_id}/standings")).await?;
    assert!(page.body.contains("id=\"bracket\""));
    let places: Vec<(String, String)> =
        attributes(&page.body, "data-player").into_iter().zip(attributes(&page.body, "data-place")).collect();
    let expected: Vec<(String, String)> =
        [("S1", "1"), ("S2", "2"), ("S3", "3"), ("S4", "4"), ("S5", "5"), ("S6", "5")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
    assert_eq!(places, expected);
    Ok(())
}

/// 积分编排淘汰制: three Swiss rounds, then the top four of the standings play a knockout:
/// semi-finals 1–4 and 2–3 by the Swiss table, then the final and the game for third place.
#[actix_web::test]
async fn a_swiss_is_followed_by_a_knockout_of_its_top_four() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(&app, "swiss", &[("knockout_after", "4")], SIX).await?;
    let event_page = app.client().get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("then a knockout of the top 4"), "{}", event_page.body);
    for round in 1..=3 {
        for (board, black, white) in pair_and_publish(&mut director, event_id, round).await? {
            enter(&mut director, event_id, round, board, outcome_for(seed_of(&black) < seed_of(&white))).await?;
        }
    }
    let before = app.client().get(&format!("/events/{event_id}/standings")).await?;
    let table: Vec<String> = attributes(&before.body, "data-player");
    assert_eq!(table.len(), 6, "{table:?}");
    assert_eq!(table[0], "S1", "three wins");
    let top: Vec<u32> = table.iter().take(4).map(|name| seed_of(name)).collect();
    let semis = pair_and_publish(&mut director, event_id, 4).await?;
    // Once the stage has started, the Swiss rounds and the stage's size are fixed; the rest of
    // the event can still be edited.
    let edit = |rounds: &'static str, knockout_after: &'static str, name: &'static str| {
        let mut form: Vec<(&str, &str)> = event_form(name, rounds).into_iter().collect();
        form.extend([("knockout_after", knockout_after)]);
        form
    };
    let before_edits = app.fingerprint().await?;
    for (rounds, knockout_after) in [("4", "4"), ("3", "8")] {
        let refused = director.post(&format!("/events/{event_id}/edit"), &edit(rounds, knockout_after, "Cup")).await?;
        refused.assert_status(400)?;
        assert!(refused.body.contains("knockout stage has started"), "{}", refused.body);
    }
    assert_eq!(app.fingerprint().await?, before_edits, "nothing changed");
    director.post(&format!("/events/{event_id}/edit"), &edit("3", "4", "Swiss Cup 2026")).await?.assert_status(303)?;
    let mut met: Vec<(u32, u32)> =
        semis.iter().map(|(_, b, w)| (seed_of(b).min(seed_of(w)), seed_of(b).max(seed_of(w)))).collect();
    met.sort_unstable();
    let sorted = |a: u32, b: u32| (a.min(b), a.max(b));
    let mut want = vec![sorted(top[0], top[3]), sorted(top[1], top[2])];
    want.sort_unstable();
    assert_eq!(met, want, "semi-finals 1–4 and 2–3 of the Swiss table {table:?}");
    for (board, black, white) in &semis {
        enter(&mut director, event_id, 4, *board, outcome_for(seed_of(black) < seed_of(white))).await?;
    }
    let finals = pair_and_publish(&mut director, event_id, 5).await?;
    assert_eq!(finals.len(), 2, "the final and the game for third place: {finals:?}");
    for (board, black, white) in &finals {
        enter(&mut director, event_id, 5, *board, outcome_for(seed_of(black) < seed_of(white))).await?;
    }
    let refused = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    refused.assert_status(400)?;
    // The stronger always won: the knockout's places follow strength among the four.
    let page = app.client().get(&format!("/events/{event_id}/standings")).await?;
    assert!(page.body.contains("id=\"bracket\"") && page.body.contains("id=\"standings-before-knockout\""));
    let mut strongest: Vec<u32> = top.clone();
    strongest.sort_unstable();
    let placings: Vec<(String, String)> =
        attributes(&page.body, "data-player").into_iter().zip(attributes(&page.body, "data-place")).take(4).collect();
    let expected: Vec<(String, String)> =
        strongest.iter().enumerate().map(|(i, s)| (format!("S{s}"), (i + 1).to_string())).collect();
    assert_eq!(placings, expected);
    // The Swiss table below keeps its three rounds: no knockout game counts in it.
    let after: Vec<String> = attributes(&page.body, "data-player").into_iter().skip(4).collect();
    assert_eq!(after, table, "the table before the knockout is unchanged");
    assert!(!page.body.contains(">R4<"), "no knockout round in the Swiss table");
    Ok(())
}

#[actix_web::test]
async fn a_best_of_three_alternates_colours_and_stops_when_decided() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) =
        event_with_system(&app, "best-of", &[("best_of", "3")], "name,rank\nGu Li,9p\nLee Sedol,9p\n").await?;
    let first = pair_and_publish(&mut director, event_id, 1).await?;
    let (_, black, white) = first.first().cloned().ok_or("no game 1")?;
    enter(&mut director, event_id, 1, 1, "black").await?;
    let second = pair_and_publish(&mut director, event_id, 2).await?;
    assert_eq!(second, vec![(1, white.clone(), black.clone())], "colours alternate");
    enter(&mut director, event_id, 2, 1, "white").await?;
    let third = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    third.assert_status(400)?;
    let page = app.client().get(&format!("/events/{event_id}/standings")).await?;
    assert!(page.body.contains(&format!("{black} has won the match")), "{}", page.body);
    Ok(())
}

#[actix_web::test]
async fn a_mcmahon_pairs_by_score_from_rank_and_explains_each_board() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(
        &app,
        "mcmahon",
        &[("mcmahon_bar", "3d"), ("mcmahon_floor", "2k"), ("tradition", "european"), ("tie_breaks", "")],
        &twelve_players_csv(&unique("m")),
    )
    .await?;
    let event_page = director.get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("McMahon bar 3d"), "the event page shows the bar");
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    // The draft's explanation is the director's until published.
    app.client().get(&format!("/events/{event_id}/rounds/1/why")).await?.assert_status(404)?;
    let why = director.get(&format!("/events/{event_id}/rounds/1/why")).await?;
    why.assert_status(200)?;
    assert_eq!(why.body.matches("<tr id=\"why-").count(), 6);
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    app.client().get(&format!("/events/{event_id}/rounds/1/why")).await?.assert_status(200)?;

    // Initial McMahon scores (points): 7d–3d at the bar 4, 2d 3, 1d 2, 1k 1, 2k and weaker 0.
    let initial = |name: &str| match name {
        "Chen Yaoye" | "Li Xuanhao" | "Anna Kovacs" | "王小明" | "Tom de Vries" => 4,
        "Sato Yuki" => 3,
        "Kim Minji" => 2,
        "Lukas Novak" => 1,
        _ => 0,
    };
    let pairing = boards(&director.get(&format!("/events/{event_id}/rounds/1")).await?.body);
    assert_eq!(pairing.len(), 6);
    for (_, black, white) in &pairing {
        let gap: i32 = initial(black) - initial(white);
        assert!(gap.abs() <= 1, "{black} – {white}: McMahon groups differ by {gap}");
    }
    for (board, _, white) in &pairing {
        // Chen Yaoye wins; elsewhere Black wins.
        enter(&mut director, event_id, 1, *board, outcome_for(white != "Chen Yaoye")).await?;
    }
    let page = director.get(&format!("/events/{event_id}/standings")).await?;
    assert!(page.body.contains("<th class=\"criterion\">MMS</th>"), "MMS leads the European order");
    let leader = pairing
        .iter()
        .find_map(|(_, b, w)| [b, w].into_iter().find(|n| n.as_str() == "Chen Yaoye").cloned())
        .ok_or("Chen plays")?;
    let row_start = page.body.find(&format!("data-player=\"{leader}\"")).ok_or("Chen's row")?;
    let row = &page.body[row_start..row_start + page.body[row_start..].find("</tr>").unwrap_or(0)];
    assert!(row.contains("<td class=\"criterion\">5</td>"), "Chen: 4 + 1 win = MMS 5: {row}");

    // The event goes back to OpenGotha: the file reads back with its players, games and bar,
    // and `yunzi pair` pairs round 2 from it.
    let mut visitor = app.client();
    let xml = visitor.get(&format!("/events/{event_id}/export/opengotha.xml")).await?;
    xml.assert_status(200)?;
    let file = yunzi::domain::tournament::interop::opengotha::parse(&xml.body)?;
    assert_eq!((file.players.len(), file.games.len(), file.rounds), (12, 6, 3));
    assert_eq!(file.mcmahon_bar.map(|r| r.to_string()).as_deref(), Some("3d"));
    assert!(file.games.iter().all(|g| g.result.is_some()));
    let path = temp_dir("og").join("event.xml");
    std::fs::write(&path, &xml.body)?;
    let lines = yunzi::services::pairing_file::pair(&path, &Default::default())?;
    assert_eq!(lines.iter().filter(|l| l.contains("\"black_key\"")).count(), 6, "{lines:?}");
    // And to the EGF: one line per player, round 1 filled in, the winner's entry a win.
    let egf = visitor.get(&format!("/events/{event_id}/export/egf.txt")).await?;
    egf.assert_status(200)?;
    let rows: Vec<&str> = egf.body.lines().filter(|l| !l.starts_with(';')).collect();
    assert_eq!(rows.len(), 12);
    let chen = rows.iter().find(|l| l.contains("Chen Yaoye")).ok_or("Chen in the EGF table")?;
    assert!(chen.split_whitespace().last().is_some_and(|e| e.contains('+')), "{chen}");

    // And as Yunzi's pairing file: `yunzi pair` pairs round 2 exactly as the app drafts it.
    let json = visitor.get(&format!("/events/{event_id}/export/yunzi.json")).await?;
    json.assert_status(200)?;
    let path = temp_dir("json").join("event.json");
    std::fs::write(&path, &json.body)?;
    let lines = yunzi::services::pairing_file::pair(&path, &Default::default())?;
    let mut from_file = Vec::new();
    for line in lines.iter().filter(|l| l.contains("\"board\"")) {
        let board: serde_json::Value = serde_json::from_str(line)?;
        from_file.push((board["black"].as_i64().unwrap_or(0), board["white"].as_i64().unwrap_or(0)));
    }
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let drafted = boards(&director.get(&format!("/events/{event_id}/rounds/2")).await?.body);
    let players_page = director.get(&format!("/events/{event_id}/players")).await?.body;
    let id = |name: &str| option_id(&players_page, name).and_then(|id| id.parse::<i64>().ok()).unwrap_or(-1);
    let in_app: Vec<(i64, i64)> = drafted.iter().map(|(_, b, w)| (id(b), id(w))).collect();
    assert_eq!(from_file, in_app);
    Ok(())
}

#[actix_web::test]
async fn a_mcmahon_event_with_opengothas_weights_pairs_as_opengotha_pairs_its_file() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(
        &app,
        "mcmahon",
        &[("mcmahon_bar", "3d"), ("mcmahon_floor", "2k"), ("weights", "opengotha-3.51")],
        &twelve_players_csv(&unique("og")),
    )
    .await?;
    let event_page = director.get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("paired with OpenGotha 3.51&#39;s weights"), "the event page names the weights");
    // The form shows the choice as saved.
    let form = director.get(&format!("/events/{event_id}/edit")).await?;
    assert!(form.body.contains("<option value=\"opengotha-3.51\" selected>"), "the form keeps the weights");

    let mut visitor = app.client();
    for round in 1..=3u32 {
        director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
        let drafted = boards(&director.get(&format!("/events/{event_id}/rounds/{round}")).await?.body);
        assert_eq!(drafted.len(), 6, "round {round}");
        // The published rounds as an OpenGotha file: OpenGotha's weights (`yunzi pair`, the
        // OpenGotha mode) pair the next round from it exactly as the app drafted it.
        let xml = visitor.get(&format!("/events/{event_id}/export/opengotha.xml")).await?;
        let file = yunzi::domain::tournament::interop::opengotha::parse(&xml.body)?;
        assert_eq!(file.parameters.mms_absent_x2, 0, "the file carries the event's parameters");
        let path = temp_dir("og-weights").join(format!("before-{round}.xml"));
        std::fs::write(&path, &xml.body)?;
        let lines = yunzi::services::pairing_file::pair(&path, &Default::default())?;
        let name = |n: &serde_json::Value| {
            n.as_u64().and_then(|i| file.players.get(i as usize - 1)).map(|p| p.name.clone()).unwrap_or_default()
        };
        let mut from_file = Vec::new();
        for line in lines.iter().filter(|l| l.contains("\"black_key\"")) {
            let board: serde_json::Value = serde_json::from_str(line)?;
            from_file.push((name(&board["black"]), name(&board["white"])));
        }
        let in_app: Vec<(String, String)> = drafted.iter().map(|(_, b, w)| (b.clone(), w.clone())).collect();
        assert_eq!(from_file, in_app, "round {round}: the file's pairing, board by board and colour by colour");

        // The "why paired" page shows OpenGotha's terms and the round's total weight.
        let why = director.get(&format!("/events/{event_id}/rounds/{round}/why")).await?;
        assert!(why.body.contains("id=\"why-total\"") && why.body.contains("Draw-ups/downs"), "round {round}");
        assert_eq!(why.body.matches("<tr id=\"why-").count(), 6);
        let summary = lines.last().ok_or("a summary line")?;
        let total: serde_json::Value = serde_json::from_str(summary)?;
        let total = total["total_weight"].as_i64().ok_or("total weight")?;
        let grouped = total
            .to_string()
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(",");
        assert!(
            why.body.contains(&format!("<strong id=\"why-total\">{grouped}</strong>")),
            "round {round}: total {grouped}"
        );

        if round == 1 {
            // Colours swapped at the board: the page marks it and no longer claims the total.
            director.post(&format!("/events/{event_id}/rounds/1/colours/1"), &[]).await?.assert_status(303)?;
            let why = director.get(&format!("/events/{event_id}/rounds/1/why")).await?;
            assert_eq!(why.body.matches("class=\"hint by-hand\"").count(), 1);
            assert!(!why.body.contains("id=\"why-total\""), "a total the round no longer has");
        }
        director.post(&format!("/events/{event_id}/rounds/{round}/publish"), &[]).await?.assert_status(303)?;
        for (board, black, white) in &drafted {
            enter(&mut director, event_id, round, *board, outcome_for(black < white)).await?;
        }
    }
    Ok(())
}

/// The id of `name` in the players page's first player list (the forbidden-pair form).
fn option_id(body: &str, name: &str) -> Option<String> {
    let end = body.find(&format!("\">{name}</option>"))?;
    let start = body[..end].rfind("value=\"")? + 7;
    Some(body[start..end].to_string())
}

#[actix_web::test]
async fn a_forbidden_pair_is_kept_apart_until_the_director_lets_them_meet() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(&app, "swiss", &[], FOUR).await?;
    // Who would meet on board 1 without the rule.
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let draft = boards(&director.get(&format!("/events/{event_id}/rounds/1")).await?.body);
    let (_, black, white) = draft.first().ok_or("no board")?.clone();
    director.post(&format!("/events/{event_id}/rounds/1/discard"), &[]).await?.assert_status(303)?;

    let page = director.get(&format!("/events/{event_id}/players")).await?.body;
    let (a, b) = (option_id(&page, &black).ok_or("no id")?, option_id(&page, &white).ok_or("no id")?);
    // The same player twice is refused, and nothing changes.
    let before = app.fingerprint().await?;
    let same = director.post(&format!("/events/{event_id}/forbidden-pairs"), &[("a", &a), ("b", &a)]).await?;
    same.assert_status(400)?;
    assert!(same.body.contains("two different players"), "{}", same.body);
    assert_eq!(app.fingerprint().await?, before);

    director.post(&format!("/events/{event_id}/forbidden-pairs"), &[("a", &a), ("b", &b)]).await?.assert_status(303)?;
    let page = director.get(&format!("/events/{event_id}/players")).await?.body;
    assert_eq!(attributes(&page, "data-forbidden").len(), 1, "{page}");
    let kept_apart = pair_and_publish(&mut director, event_id, 1).await?;
    assert_eq!(kept_apart.len(), 2);
    for (_, b1, w1) in &kept_apart {
        let pair = [b1.as_str(), w1.as_str()];
        assert!(!(pair.contains(&black.as_str()) && pair.contains(&white.as_str())), "{black} met {white}");
    }
    director
        .post(&format!("/events/{event_id}/forbidden-pairs/remove"), &[("a", &b), ("b", &a)])
        .await?
        .assert_status(303)?;
    let page = director.get(&format!("/events/{event_id}/players")).await?.body;
    assert!(attributes(&page, "data-forbidden").is_empty(), "{page}");
    let audit = director.get(&format!("/events/{event_id}/audit")).await?.body;
    assert!(audit.contains("pairing.pair_forbidden") && audit.contains("pairing.pair_allowed"), "{audit}");

    // A round robin follows its table: no pairs to keep apart.
    let (mut other, table_id) = event_with_system(&app, "round-robin", &[], FOUR).await?;
    let refused = other.post(&format!("/events/{table_id}/forbidden-pairs"), &[("a", &a), ("b", &b)]).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("only in Swiss and McMahon"), "{}", refused.body);
    Ok(())
}

#[actix_web::test]
async fn a_group_round_robin_snakes_the_seeds_and_ranks_each_group() -> TestResult {
    let app = TestApp::spawn().await?;
    let eight = "name,rank\nS1,8d\nS2,7d\nS3,6d\nS4,5d\nS5,4d\nS6,3d\nS7,2d\nS8,1d\n";
    let (mut director, event_id) =
        event_with_system(&app, "round-robin", &[("groups", "2"), ("seating", "strength")], eight).await?;
    // Snake seeding: group 1 = S1, S4, S5, S8; group 2 = S2, S3, S6, S7.
    let group_of = |name: &str| if ["S1", "S4", "S5", "S8"].contains(&name) { 1 } else { 2 };
    let mut met = Vec::new();
    for round in 1..=3 {
        let pairing = pair_and_publish(&mut director, event_id, round).await?;
        assert_eq!(pairing.len(), 4, "round {round}: two boards per group");
        for (board, black, white) in pairing {
            assert_eq!(group_of(&black), group_of(&white), "{black} and {white} are in different groups");
            met.push((black.clone().min(white.clone()), black.clone().max(white.clone())));
            // The stronger player (lower seed) wins.
            enter(&mut director, event_id, round, board, outcome_for(seed_of(&black) < seed_of(&white))).await?;
        }
    }
    met.sort();
    met.dedup();
    assert_eq!(met.len(), 12, "everyone met everyone in their group once");
    let over = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    over.assert_status(400)?;

    let page = director.get(&format!("/events/{event_id}/standings")).await?.body;
    let table = standings(&page);
    for (name, points, place) in
        [("S1", 6, 1), ("S4", 4, 2), ("S5", 2, 3), ("S8", 0, 4), ("S2", 6, 1), ("S3", 4, 2), ("S6", 2, 3), ("S7", 0, 4)]
    {
        let (got_points, _, got_place) = table.get(name).copied().ok_or(format!("{name} missing"))?;
        assert_eq!((got_points, got_place), (points, place), "{name}");
    }
    assert_eq!(attributes(&page, "data-group-heading"), vec!["1", "2"]);
    // A table is not paired by the engine: no pairing file for it.
    let file = director.get(&format!("/events/{event_id}/export/yunzi.json")).await?;
    file.assert_status(400)?;
    assert!(file.body.contains("for Swiss and McMahon events"), "{}", file.body);
    Ok(())
}

/// 分组循环 then knockout: two groups of four, the top two of each go through; winners are
/// seeded first, so the semi-finals cross the groups (S1–S3, S2–S4).
#[actix_web::test]
async fn a_group_round_robin_is_followed_by_a_knockout_of_each_groups_top_two() -> TestResult {
    let app = TestApp::spawn().await?;
    let eight = "name,rank\nS1,8d\nS2,7d\nS3,6d\nS4,5d\nS5,4d\nS6,3d\nS7,2d\nS8,1d\n";
    let settings = [("groups", "2"), ("seating", "strength"), ("knockout_after", "2")];
    let (mut director, event_id) = event_with_system(&app, "round-robin", &settings, eight).await?;
    let event_page = app.client().get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("then a knockout of the top 2 of each group"), "{}", event_page.body);
    let edit = |groups: &'static str, knockout_after: &'static str| {
        let mut form: Vec<(&str, &str)> =
            event_form("Group Cup", "3").into_iter().filter(|(k, _)| *k != "system").collect();
        form.extend([("system", "round-robin"), ("seating", "strength"), ("groups", groups)]);
        form.extend([("knockout_after", knockout_after)]);
        form
    };
    for round in 1..=3 {
        for (board, black, white) in pair_and_publish(&mut director, event_id, round).await? {
            enter(&mut director, event_id, round, board, outcome_for(seed_of(&black) < seed_of(&white))).await?;
        }
        if round == 1 {
            // The groups are drawn: their number is fixed, the stage's size is not yet.
            let refused = director.post(&format!("/events/{event_id}/edit"), &edit("4", "2")).await?;
            refused.assert_status(400)?;
            director.post(&format!("/events/{event_id}/edit"), &edit("2", "1")).await?.assert_status(303)?;
            director.post(&format!("/events/{event_id}/edit"), &edit("2", "2")).await?.assert_status(303)?;
        }
    }
    // A stage draft discarded leaves the stage unstarted: its size may still change.
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/4/discard"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/edit"), &edit("2", "1")).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/edit"), &edit("2", "2")).await?.assert_status(303)?;
    let semis = pair_and_publish(&mut director, event_id, 4).await?;
    let pairs = |boards: &[(u32, String, String)]| {
        let mut met: Vec<(u32, u32)> =
            boards.iter().map(|(_, b, w)| (seed_of(b).min(seed_of(w)), seed_of(b).max(seed_of(w)))).collect();
        met.sort_unstable();
        met
    };
    assert_eq!(pairs(&semis), vec![(1, 3), (2, 4)], "group winners meet the other group's runner-up");
    let refused = director.post(&format!("/events/{event_id}/edit"), &edit("2", "4")).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("knockout stage has started"), "{}", refused.body);
    for (board, black, white) in &semis {
        enter(&mut director, event_id, 4, *board, outcome_for(seed_of(black) < seed_of(white))).await?;
    }
    let finals = pair_and_publish(&mut director, event_id, 5).await?;
    assert_eq!(pairs(&finals), vec![(1, 2), (3, 4)], "the final and the game for third place");
    for (board, black, white) in &finals {
        enter(&mut director, event_id, 5, *board, outcome_for(seed_of(black) < seed_of(white))).await?;
    }
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(400)?;
    let page = app.client().get(&format!("/events/{event_id}/standings")).await?.body;
    assert!(page.contains("id=\"bracket\"") && page.contains("id=\"standings-before-knockout\""));
    let placings: Vec<(String, String)> =
        attributes(&page, "data-player").into_iter().zip(attributes(&page, "data-place")).take(4).collect();
    let expected: Vec<(String, String)> = (1..=4).map(|s| (format!("S{s}"), s.to_string())).collect();
    assert_eq!(placings, expected);
    // Below the bracket, each group's table of its three rounds.
    let groups: Vec<(String, String)> =
        attributes(&page, "data-player").into_iter().zip(attributes(&page, "data-place")).skip(4).collect();
    let want: Vec<(String, String)> =
        [("S1", 1), ("S4", 2), ("S5", 3), ("S8", 4), ("S2", 1), ("S3", 2), ("S6", 3), ("S7", 4)]
            .iter()
            .map(|(name, place)| (name.to_string(), place.to_string()))
            .collect();
    assert_eq!(groups, want);
    assert!(!page.contains(">R4<"), "no knockout round in the group tables");
    Ok(())
}

/// A director brings Toulouse 2024 over from OpenGotha after its fifth round (the real file with
/// round 6 taken out) and pairs round 6 in Yunzi; a file that cannot be read changes nothing.
#[actix_web::test]
async fn an_opengotha_event_is_brought_over_mid_way() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("og")), "Director", "import passphrase")
        .await?;
    let form = director.get("/events/new").await?;
    assert!(form.body.contains("action=\"/events/import\""), "the import form is on the new-event page");

    let before = app.fingerprint().await?;
    let bad = director
        .post_file("/events/import", "file", "bad.xml", "<Tournament><Player name=\"A\" rank=\"40X\"/></Tournament>")
        .await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains("cannot be imported") && bad.body.contains("player A"), "{}", bad.body);
    let missing = director.post_file("/events/import", "file", "empty.xml", "").await?;
    missing.assert_status(400)?;
    assert!(missing.body.contains("Choose an OpenGotha tournament file"), "{}", missing.body);
    assert_eq!(app.fingerprint().await?, before, "a refused file keeps nothing");

    let full = include_str!("../opengotha/2024-Toulouse_3511.xml");
    let five_rounds: String =
        full.lines().filter(|l| !l.contains("roundNumber=\"6\"")).map(|l| format!("{l}\n")).collect();
    let imported = director.post_file("/events/import", "file", "toulouse.xml", &five_rounds).await?;
    imported.assert_status(303)?;
    let event_id = id_after(&imported.location, "/events/")?;
    let shown = director.get(&format!("/events/{event_id}")).await?;
    assert!(
        shown.body.contains("Imported from OpenGotha: 38 players")
            && shown.body.contains("Round 5: 17 games with a result."),
        "{}",
        shown.body
    );
    assert!(shown.body.contains("Toulouse_2024"));
    assert_eq!(boards(&director.get(&format!("/events/{event_id}/rounds/5")).await?.body).len(), 17);
    // Round 6 of the file has 15 games: the 8 players absent from it are withdrawn, the other
    // 30 are paired by Yunzi.
    let made = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    assert!(made.redirected_to(&format!("/events/{event_id}/rounds/6")), "{}", made.body);
    assert_eq!(boards(&director.get(&format!("/events/{event_id}/rounds/6")).await?.body).len(), 15);
    let audit = director.get(&format!("/events/{event_id}/audit")).await?;
    assert!(audit.body.contains("event.imported"), "the import is in the audit log");
    // The standings: each player's points are their wins in the file's first five rounds.
    let table = standings(&director.get(&format!("/events/{event_id}/standings")).await?.body);
    let file = yunzi::domain::tournament::interop::opengotha::parse(&five_rounds)?;
    for p in &file.players {
        let wins = file
            .games
            .iter()
            .filter(|g| match g.result.and_then(|r| r.winner()) {
                Some(yunzi::domain::color::Color::Black) => g.black == p.key,
                Some(yunzi::domain::color::Color::White) => g.white == p.key,
                None => false,
            })
            .count() as u32;
        let shown = table.get(&p.name).map(|row| row.0);
        assert_eq!(shown, Some(2 * wins), "{}: points against {wins} wins", p.name);
    }
    assert_eq!(table.len(), 38, "everyone is in the standings, withdrawn players too");
    Ok(())
}

/// The AGA results file: AGA numbers come with the CSV and on the AGA page; the file lists the
/// players of games won over the board and refuses, naming them, while one has no number. A
/// bad or shared number is refused with what was typed kept; only directors see any of it.
#[actix_web::test]
async fn an_aga_results_file_lists_games_won_over_the_board_by_aga_number() -> TestResult {
    let app = TestApp::spawn().await?;
    let csv = "name,rank,aga_id\nAnn Lee,3d,00489\nBo Chen,2d,3199\nCy Park,1k,\nDi Wu,2k,\n";
    let (mut director, event_id) = event_with_system(&app, "swiss", &[], csv).await?;
    let late = "name,rank,aga_id\nEd Fox,3k,TMP18\n";
    let refused = director.post_file(&format!("/events/{event_id}/players/import"), "file", "p.csv", late).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("not an AGA membership number"), "{}", refused.body);
    let pairing = pair_and_publish(&mut director, event_id, 1).await?;
    // Board 1 is won over the board, board 2 drawn (not rated).
    enter(&mut director, event_id, 1, 1, "black").await?;
    enter(&mut director, event_id, 1, 2, "draw").await?;
    let (_, black, white) = pairing.first().cloned().ok_or("no board 1")?;
    // Round 1 pairs the top half against the bottom half: each board has Cy or Di, unnumbered.
    let unnumbered = if ["Cy Park", "Di Wu"].contains(&black.as_str()) { &black } else { &white };
    let missing = director.get(&format!("/events/{event_id}/export/aga.txt")).await?;
    missing.assert_status(400)?;
    assert!(missing.body.contains(&format!("no AGA membership number yet: {unnumbered}")), "{}", missing.body);

    let page = director.get(&format!("/events/{event_id}/export/aga")).await?;
    page.assert_status(200)?;
    assert!(page.body.contains("id=\"aga-problem\""));
    let field_of = |body: &str, name: &str| -> Option<String> {
        let row = &body[body.find(&format!("data-player=\"{name}\""))?..];
        let at = row.find("name=\"aga-")? + 6;
        Some(row[at..at + row[at..].find('"')?].to_string())
    };
    let (cy, di) = (field_of(&page.body, "Cy Park").ok_or("no Cy")?, field_of(&page.body, "Di Wu").ok_or("no Di")?);
    assert!(page.body.contains("value=\"489\""), "Ann's number without its leading zeros");
    let before = app.fingerprint().await?;
    let bad = director
        .post(&format!("/events/{event_id}/export/aga"), &[(cy.as_str(), "12-3"), (di.as_str(), "7002")])
        .await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains("Cy Park: &#34;12-3&#34; is not an AGA membership number"), "{}", bad.body);
    assert!(bad.body.contains("value=\"12-3\"") && bad.body.contains("value=\"7002\""), "what was typed is kept");
    let shared = director.post(&format!("/events/{event_id}/export/aga"), &[(cy.as_str(), "489")]).await?;
    shared.assert_status(400)?;
    assert!(
        shared.body.contains("AGA number 489 is given to more than one player: Ann Lee, Cy Park"),
        "{}",
        shared.body
    );
    assert_eq!(app.fingerprint().await?, before, "nothing stored");
    let mut stranger = app.client();
    stranger
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("s")), "Stranger", "a stranger passphrase")
        .await?;
    stranger.get(&format!("/events/{event_id}/export/aga.txt")).await?.assert_status(403)?;
    stranger.post(&format!("/events/{event_id}/export/aga"), &[(cy.as_str(), "1")]).await?.assert_status(403)?;

    director
        .post(&format!("/events/{event_id}/export/aga"), &[(cy.as_str(), "7001"), (di.as_str(), "7002")])
        .await?
        .assert_status(303)?;
    let file = director.get(&format!("/events/{event_id}/export/aga.txt")).await?;
    file.assert_status(200)?;
    let number = |name: &str| match name {
        "Ann Lee" => "489",
        "Bo Chen" => "3199",
        "Cy Park" => "7001",
        _ => "7002",
    };
    let rank = |name: &str| match name {
        "Ann Lee" => "3d",
        "Bo Chen" => "2d",
        "Cy Park" => "1k",
        _ => "2k",
    };
    // Players in registration order, numbers right-aligned.
    let listed: Vec<&str> =
        ["Ann Lee", "Bo Chen", "Cy Park", "Di Wu"].into_iter().filter(|n| *n == black || *n == white).collect();
    let width = listed.iter().map(|n| number(n).len()).max().unwrap_or(0);
    let players: String = listed.iter().map(|n| format!("{:>width$} {n} {}\n", number(n), rank(n))).collect();
    let expected = format!(
        "TOURNEY Systems Cup, Club\n        start=4/1/2026\n        finish=4/1/2026\n        rules=Chinese\nPLAYERS\n{players}GAMES\n{} {} b 0 7\n",
        number(&white),
        number(&black)
    );
    assert_eq!(file.body, expected);
    Ok(())
}

/// The EGF GoR table (docs/RATINGS.md): not shown while the event runs; once its one round is
/// played, the event page gives each player's GoR before and after. 1d (2100, from the rank)
/// beating 1k (2000) in an even game moves them to 2106.9 and 1993.5, as worked out by hand in
/// `domain::tournament::gor::tests`.
#[actix_web::test]
async fn an_events_page_shows_the_egf_rating_changes_once_it_is_over() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", "gor passphrase").await?;
    let csv = "name,rank\nDan One,1d\nKyu One,1k\n";
    let event = event_of(&mut director, "GoR Cup", "swiss", &[("rounds", "1")], csv).await?;
    let event_id: i32 = event.trim_start_matches("/events/").parse()?;
    let boards = pair_and_publish(&mut director, event_id, 1).await?;
    assert!(!director.get(&event).await?.body.contains("rating-changes"), "not before the results");
    let (board, black, _) = boards.first().cloned().ok_or("no board")?;
    enter(&mut director, event_id, 1, board, if black == "Dan One" { "black" } else { "white" }).await?;
    let page = director.get(&event).await?.body;
    let row = |name: &str, before: &str, after: &str, change: &str| {
        format!(
            r#"<td>{name}</td><td class="num">1</td><td class="num">{before}</td><td class="num">{after}</td><td class="num">{change}</td>"#
        )
    };
    assert!(page.contains(&row("Dan One", "2100.0", "2106.9", "+6.9")), "{page}");
    assert!(page.contains(&row("Kyu One", "2000.0", "1993.5", "-6.5")), "{page}");
    // And on each player's own page.
    let players = director.get(&format!("{event}/players")).await?.body;
    let kyu = players
        .split("/players/")
        .skip(1)
        .find(|part| part.contains("Kyu One"))
        .and_then(|p| p.split('"').next())
        .ok_or("no link")?
        .to_string();
    let own = director.get(&format!("{event}/players/{kyu}")).await?.body;
    let line = own.split("id=\"player-gor\">").nth(1).unwrap_or("").split("</p>").next().unwrap_or("").to_string();
    assert!(line.contains("2000.0") && line.contains("1993.5") && line.contains("-6.5"), "{own}");

    // And in the results file.
    let results = director.get(&format!("{event}/export/results.csv")).await?.body;
    let kyu_line = results.lines().find(|l| l.contains("Kyu One")).unwrap_or_default();
    assert!(kyu_line.ends_with("2000.0,1993.5,-6.5"), "{results}");
    // The ratings go into a club's own list, which registration then searches.
    let written = director.post(&format!("{event}/club-list"), &[("label", "Qiyuan Club")]).await?;
    assert!(written.redirected_to(&format!("{event}#rating-changes")));
    let found = director.get("/ratings/search?part=1&q=kyu%20one").await?.body;
    assert!(found.contains("data-name=\"Kyu One\"") && found.contains("data-rating=\"1993\""), "{found}");
    assert!(director.get("/ratings/search?part=1&q=dan").await?.body.contains("data-rating=\"2107\""));
    // Written again, nothing changes; a list imported from its publisher is never written.
    director.post(&format!("{event}/club-list"), &[("label", "Qiyuan Club")]).await?;
    let lists = director.get("/admin/ratings").await?.body;
    assert!(lists.contains("Qiyuan Club") && lists.contains("<td class=\"num\">2</td>"), "{lists}");
    let egf =
        "<pre>\n 10000001  One Dan                               CN  Beij    1d   --   2100     4  T210911G\n</pre>\n";
    director
        .post_multipart("/admin/ratings", &[("kind", "egf"), ("label", "EGF")], "file", "egf.html", egf.as_bytes())
        .await?
        .assert_status(200)?;
    director.post(&format!("{event}/club-list"), &[("label", "EGF")]).await?.assert_status(400)?;
    Ok(())
}

/// Issue 48, acceptance 4: names a spreadsheet would run (`=cmd|' /C calc'!A0`, `+1+1`,
/// `@SUM(A1)`) are neutralised in every export: `results.csv` quotes them as text (a leading
/// single quote, as OWASP advises), the EGF and AGA files, which have no quoting, drop the
/// formula characters that begin them.
#[actix_web::test]
async fn exports_carry_no_formula() -> TestResult {
    let app = TestApp::spawn().await?;
    let csv = "name,rank,aga_id\n=cmd|' /C calc'!A0,3d,489\n+1+1,2d,3199\n@SUM(A1),1k,7001\nDi Wu,2k,7002\n";
    let (mut director, event_id) = event_with_system(&app, "swiss", &[], csv).await?;
    pair_and_publish(&mut director, event_id, 1).await?;
    enter(&mut director, event_id, 1, 1, "black").await?;
    enter(&mut director, event_id, 1, 2, "white").await?;
    let results = director.get(&format!("/events/{event_id}/export/results.csv")).await?.body;
    let egf = director.get(&format!("/events/{event_id}/export/egf.txt")).await?.body;
    let aga = director.get(&format!("/events/{event_id}/export/aga.txt")).await?.body;
    // The EGD file also joins a name's words by `_` and drops `|` (its PIN's mark).
    for (formula, text, egd) in [
        ("=cmd|' /C calc'!A0", "cmd|' /C calc'!A0", "cmd_'_/C calc'!A0"),
        ("+1+1", "1+1", "1+1"),
        ("@SUM(A1)", "SUM(A1)", "SUM(A1)"),
    ] {
        let cells: Vec<&str> = results.lines().flat_map(|l| l.split(',')).collect();
        assert!(cells.contains(&format!("'{formula}").as_str()), "{formula} in {results}");
        assert!(!cells.contains(&formula), "{formula} raw in {results}");
        for (file, body, text) in [("egf.txt", &egf, egd), ("aga.txt", &aga, text)] {
            assert!(body.contains(text) && !body.contains(formula), "{formula} in {file}: {body}");
        }
    }
    Ok(())
}

/// Issue 49, acceptance 3: the EGD file of a 3-round McMahon with handicap games, a Chinese
/// name and a two-word surname holds every header the EGD reads (the class and adjusted time
/// as the director chose them on the export page) and each known PIN, and reads back through
/// Yunzi's own reader with the same games, colours and handicaps as the app's.
#[actix_web::test]
async fn the_egd_file_holds_every_header_and_pin_and_reads_back_with_the_same_games() -> TestResult {
    use yunzi::domain::tournament::interop::egf::{self, Entry};
    let app = TestApp::spawn().await?;
    let csv = "name,rank,club,country,egf_pin\n\
               王小明,7d,杭州棋院,CN,12345678\nDe Vries Tom,4d,Leiden,NL,23456789\nAnna Kovacs,1d,Budapest,HU,\n\
               Sato Yuki,3k,Tokyo,JP,34567890\nKim Minji,6k,Seoul,KR,\nLukas Novak,9k,Prague,CZ,45678901\n\
               Maria Rossi,12k,Milano,IT,\nJohn Smith,15k,London,GB,56789012\n";
    let extra = [
        ("handicap", "on"),
        ("handicap_reduction", "1"),
        ("handicap_max", "9"),
        ("mcmahon_bar", ""),
        ("time_control", "60m + 5x30s"),
    ];
    let (mut director, event_id) = event_with_system(&app, "mcmahon", &extra, csv).await?;
    let mut handicaps = 0;
    for round in 1..=3u32 {
        let boards = pair_and_publish(&mut director, event_id, round).await?;
        for (board, _, _) in &boards {
            enter(&mut director, event_id, round, *board, if (round + board) % 2 == 0 { "black" } else { "white" })
                .await?;
        }
    }
    // The export page offers the class and adjusted time the time control gives.
    let page = director.get(&format!("/events/{event_id}/export/egd")).await?.body;
    assert!(
        page.contains("<option value=\"A\" selected>")
            && page.contains("name=\"tm\" min=\"0\" max=\"1440\" inputmode=\"numeric\" value=\"82\""),
        "{page}"
    );
    let stranger = app.client().get(&format!("/events/{event_id}/export/egd")).await?;
    assert!(stranger.redirected_to("/login?next="), "the page is the director's");
    let refused = director.get(&format!("/events/{event_id}/export/egf.txt?class=Q&tm=75")).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("is not an EGD class"), "{}", refused.body);
    // The director's choices, as the page's form sends them.
    let file =
        director.get(&format!("/events/{event_id}/export/egf.txt?class=B&tm=75&country=cn&town=Hangzhou")).await?;
    file.assert_status(200)?;
    let text = file.body;
    for header in [
        "; CL[B]",
        "; EV[Systems Cup]",
        "; PC[CN, Hangzhou]",
        "; DT[2026-04-01,2026-04-01]",
        "; HA[h1]",
        "; KM[",
        "; TM[75]",
        "; CM[1h + 5x30s]",
    ] {
        assert!(text.contains(header), "{header} in\n{text}");
    }
    let read = egf::read(&text).map_err(|e| format!("{e:?}\n{text}"))?;
    assert_eq!(read.players.len(), 8);
    let named = |surname: &str, given: &str| read.players.iter().find(|p| p.surname == surname && p.given == given);
    let wang = named("Wang", "Xiaoming").ok_or(format!("王小明 as Wang Xiaoming:\n{text}"))?;
    assert_eq!((wang.pin.as_deref(), wang.club.as_str(), wang.country.as_str()), (Some("12345678"), "Hang", "CN"));
    let tom = named("De Vries", "Tom").ok_or(format!("De_Vries Tom:\n{text}"))?;
    assert_eq!(tom.pin.as_deref(), Some("23456789"));
    assert!(text.contains(" De_Vries Tom "), "the two-word surname joined by _");
    assert_eq!(read.players.iter().filter(|p| p.pin.is_some()).count(), 5, "every known PIN, no other");
    assert!(text.contains(" UK "), "GB is the EGF's UK");

    // Every game of the app is in the file as it was played.
    let number_of = |name: &str| -> Option<usize> {
        let egd = egf::egd_name(name, "");
        read.players.iter().find(|p| format!("{} {}", p.surname.replace(' ', "_"), p.given) == egd).map(|p| p.number)
    };
    for round in 1..=3usize {
        let api: serde_json::Value =
            serde_json::from_str(&app.client().get(&format!("/api/v1/events/{event_id}/rounds/{round}")).await?.body)?;
        for board in api["boards"].as_array().ok_or("boards")? {
            let (black, white) =
                (board["black"]["name"].as_str().unwrap_or(""), board["white"]["name"].as_str().unwrap_or(""));
            let (b, w) = (number_of(black).ok_or(black.to_string())?, number_of(white).ok_or(white.to_string())?);
            let handicap = board["handicap"].as_u64().unwrap_or(0) as u8;
            handicaps += usize::from(handicap > 0);
            let black_won = board["result"].as_str().is_some_and(|r| r.starts_with("B+"));
            let (bs, ws) = if black_won { ('+', '-') } else { ('-', '+') };
            use yunzi::domain::color::Color;
            assert_eq!(
                read.players[b - 1].entries[round - 1],
                Entry::Game { opponent: w, symbol: bs, colour: Some(Color::Black), handicap }
            );
            assert_eq!(
                read.players[w - 1].entries[round - 1],
                Entry::Game { opponent: b, symbol: ws, colour: Some(Color::White), handicap }
            );
        }
    }
    assert!(handicaps > 0, "a handicap game was played and written");
    Ok(())
}
