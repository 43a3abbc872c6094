//! Players registering themselves while registration is open, and withdrawing (1988 Art. 29).
use crate::bad_input::event_with_players;
use crate::helpers::*;

#[actix_web::test]
async fn a_player_registers_fixes_a_mistake_and_withdraws() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let mut player = app.client();
    let email = format!("{}@club.example", unique("player"));
    player.sign_up_and_log_in(&app, &email, "Zhou Ruiyang", "player passphrase").await?;
    let path = format!("/events/{event_id}/register");

    let before = app.fingerprint().await?;
    let bad =
        player.post(&path, &[("name", "Zhou Ruiyang"), ("rank", "11d"), ("club", "Ningbo"), ("country", "CN")]).await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains("dan grades go from 1d to 9d"));
    assert!(bad.body.contains("value=\"11d\"") && bad.body.contains("value=\"Ningbo\""), "what was typed stays");
    assert_eq!(app.fingerprint().await?, before);

    player
        .post(&path, &[("name", "Zhou Ruiyang"), ("rank", "9d"), ("club", "Ningbo"), ("country", "CN")])
        .await?
        .assert_status(303)?;
    let page = player.get(&format!("/events/{event_id}")).await?;
    assert!(page.body.contains("You are registered as Zhou Ruiyang"));
    let twice = player.post(&path, &[("name", "Zhou Ruiyang"), ("rank", "9d")]).await?;
    twice.assert_status(400)?;
    assert!(twice.body.contains("already registered"), "{}", twice.body);

    player.post(&format!("/events/{event_id}/withdraw"), &[]).await?.assert_status(303)?;
    let list = player.get(&format!("/events/{event_id}/players")).await?;
    assert!(list.body.contains("class=\"withdrawn\""));

    // Withdrawn players are not paired.
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let draft = director.get(&format!("/events/{event_id}/rounds/1")).await?;
    assert!(!boards(&draft.body).iter().any(|(_, b, w)| b == "Zhou Ruiyang" || w == "Zhou Ruiyang"));
    assert_eq!(boards(&draft.body).len(), 6, "the twelve others play");

    // Once registration is closed, nobody else can register.
    director.post(&format!("/events/{event_id}/registration"), &[("open", "false")]).await?.assert_status(303)?;
    let mut late = app.client();
    late.sign_up_and_log_in(&app, &format!("{}@club.example", unique("late")), "Late Comer", "late passphrase").await?;
    let closed = late.post(&path, &[("name", "Late Comer"), ("rank", "3k")]).await?;
    closed.assert_status(400)?;
    assert!(closed.body.contains("Registration for this event is closed"));
    Ok(())
}

#[actix_web::test]
async fn a_player_the_director_entered_claims_the_entry_instead_of_duplicating_it() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let email = format!("{}@club.example", unique("known"));
    director
        .post(&format!("/events/{event_id}/players"), &[("name", "Gu Zihao"), ("rank", "8d"), ("email", &email)])
        .await?
        .assert_status(303)?;
    let mut player = app.client();
    player.sign_up_and_log_in(&app, &email, "Gu Zihao", "player passphrase").await?;
    player
        .post(&format!("/events/{event_id}/register"), &[("name", "Gu Zihao"), ("rank", "8d")])
        .await?
        .assert_status(303)?;
    let list = player.get(&format!("/events/{event_id}/players")).await?;
    assert_eq!(list.body.matches("class=\"player-link\">Gu Zihao</a>").count(), 1, "one entry, now the player's own");
    assert!(player.get(&format!("/events/{event_id}")).await?.body.contains("You are registered as Gu Zihao"));
    Ok(())
}

/// An event holds at most 10,000 players, however they arrive: a full event (brought in as an
/// OpenGotha file) refuses one more from the add form and from a CSV import, naming the limit
/// and the first line without room, and keeps nothing.
#[actix_web::test]
async fn a_full_event_refuses_one_more_player_by_every_route() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("full")), "Director", "full passphrase")
        .await?;
    let players: String = (0..10_000)
        .map(|i| format!("<Player name=\"P{i}\" firstName=\"X\" rank=\"{}K\" participating=\"11111\"/>\n", 1 + i % 30))
        .collect();
    let file = format!(
        "<Tournament><Players>\n{players}</Players><TournamentParameterSet><GeneralParameterSet name=\"Full\" numberOfRounds=\"5\"/></TournamentParameterSet></Tournament>"
    );
    let imported = director.post_file("/events/import", "file", "full.xml", &file).await?;
    imported.assert_status(303)?;
    let event_id = id_after(&imported.location, "/events/")?;

    let before = app.fingerprint().await?;
    let added = director.post(&format!("/events/{event_id}/players"), &[("name", "One More"), ("rank", "3k")]).await?;
    added.assert_status(400)?;
    assert!(added.body.contains("An event holds at most 10000 players."), "the add form names the limit");
    let csv = director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "more.csv", "name,rank\nOne More,3k\n")
        .await?;
    csv.assert_status(400)?;
    assert!(
        csv.body.contains("Line 2: An event holds at most 10000 players."),
        "the import report names the limit and the line"
    );
    assert_eq!(app.fingerprint().await?, before, "nothing kept");

    // The one more cannot come in an OpenGotha file either.
    let past = file.replace("</Players>", "<Player name=\"P10000\" firstName=\"X\" rank=\"1D\"/>\n</Players>");
    let refused = director.post_file("/events/import", "file", "past.xml", &past).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("more than 10000 players"), "{}", refused.body);
    Ok(())
}

/// A director corrects a player entered wrong after round 1 is out (a misspelt name, the rank
/// a grade too low): the entry keeps its game, the round's page shows the new name, the audit
/// page says what changed. A bad value or another player's name changes nothing; only the
/// event's director may do it, and only with the form's token.
#[actix_web::test]
async fn a_director_corrects_a_players_details_and_the_games_stay() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    let list = director.get(&format!("/events/{event_id}/players")).await?.body;
    let link = list
        .split("\">Tom de Vries</a>")
        .next()
        .and_then(|before| before.rsplit("href=\"").next())
        .and_then(|href| href.split('"').next())
        .ok_or("no link to Tom de Vries")?
        .to_string();
    let edit = format!("{link}/edit");
    assert!(list.contains(&format!("href=\"{edit}\"")), "the players page links the correction form");
    let form = director.get(&edit).await?;
    form.assert_status(200)?;
    assert!(form.body.contains("value=\"Tom de Vries\"") && form.body.contains("value=\"Leiden\""));

    let mut stranger = app.client();
    stranger
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("s")), "Stranger", "stranger passphrase")
        .await?;
    stranger.get(&edit).await?.assert_status(403)?;
    let fields =
        [("name", "Tom de Vries-Jansen"), ("rank", "4d"), ("rating", "2350"), ("club", "Leiden"), ("country", "NL")];
    stranger.post(&edit, &fields).await?.assert_status(403)?;
    let before = app.fingerprint().await?;
    director.post_raw(&edit, &fields).await?.assert_status(403)?;
    let bad = director.post(&edit, &[("name", "Tom de Vries-Jansen"), ("rank", "11d"), ("club", "Leiden")]).await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains("dan grades go from 1d to 9d"), "{}", bad.body);
    assert!(
        bad.body.contains("value=\"Tom de Vries-Jansen\"") && bad.body.contains("value=\"11d\""),
        "what was typed stays"
    );
    assert_eq!(app.fingerprint().await?, before, "nothing changed");

    let saved = director.post(&edit, &fields).await?;
    saved.assert_status(303)?;
    assert!(saved.redirected_to(&link));
    let player = director.get(&link).await?.body;
    assert!(player.contains("Tom de Vries-Jansen: details saved."), "{player}");
    assert!(player.contains("Tom de Vries-Jansen") && player.contains("data-round=\"1\""), "the game stays: {player}");
    assert!(player.contains(&format!("href=\"{edit}\" id=\"player-correct\"")), "the director's way back to the form");
    assert!(!stranger.get(&link).await?.body.contains("player-correct"), "nobody else sees it");
    let round = director.get(&format!("/events/{event_id}/rounds/1")).await?.body;
    assert!(boards(&round).iter().any(|(_, b, w)| b == "Tom de Vries-Jansen" || w == "Tom de Vries-Jansen"));
    assert!(!boards(&round).iter().any(|(_, b, w)| b == "Tom de Vries" || w == "Tom de Vries"));
    let audit = director.get(&format!("/events/{event_id}/audit")).await?.body;
    assert!(audit.contains("Player details corrected"), "{audit}");
    for change in ["Name Tom de Vries → Tom de Vries-Jansen", "Rank 3d → 4d", "Rating 2300 → 2350"] {
        assert!(unescape(&audit).contains(change), "{change} in the audit page");
    }
    // The same form sent again changes nothing: the director is told so, and the audit log
    // gets no second row.
    director.post(&edit, &fields).await?.assert_status(303)?;
    let again = director.get(&link).await?.body;
    assert!(again.contains("Tom de Vries-Jansen: no change to save") && !again.contains("details saved"), "{again}");
    let audit = director.get(&format!("/events/{event_id}/audit")).await?.body;
    assert_eq!(audit.matches("Player details corrected").count(), 1, "{audit}");
    Ok(())
}

/// Issue 49, acceptance 2: two 张伟 of different clubs come in from one CSV, and every page
/// (pairings, standings, the table cards' PDF) and the API tell them apart by club without
/// renaming either; a third entry with the same name and club is kept but warned about.
#[actix_web::test]
async fn two_players_of_one_name_register_and_are_told_apart_everywhere() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", "namesake passphrase")
        .await?;
    let mut csv = twelve_players_csv(&unique("n"));
    csv.push_str("张伟,2d,2150,北京,CN,\n张伟,1d,2120,上海,CN,\n");
    let event = event_of(&mut director, "同名杯", "swiss", &[], &csv).await?;
    let event_id = id_after(&Some(event.clone()), "/events/")?;
    let players = director.get(&format!("{event}/players")).await?.body;
    assert_eq!(players.matches(">张伟</a>").count(), 2, "both registered under their own name");
    assert!(!players.contains("may be registered already"), "different clubs: no warning");

    crate::systems::pair_and_publish(&mut director, event_id, 1).await?;
    let mut reader = app.client();
    let round = reader.get(&format!("{event}/rounds/1")).await?.body;
    assert!(round.contains("张伟 (北京)") && round.contains("张伟 (上海)"), "pairings tell them apart");
    assert!(!round.contains(">张伟<"), "never the bare shared name");
    let standings = reader.get(&format!("{event}/standings")).await?.body;
    assert!(standings.contains("张伟 (北京)") && standings.contains("张伟 (上海)"), "standings tell them apart");
    let cards = reader.get_bytes(&format!("{event}/rounds/1/paper/table-cards.pdf")).await?;
    let (text, _, _) = crate::paper::read_pdf(&cards, "namesake-cards.pdf")?;
    assert!(text.contains("张伟 (北京)") && text.contains("张伟 (上海)"), "the cards: {text}");
    let api: serde_json::Value =
        serde_json::from_str(&reader.get(&format!("/api/v1/events/{event_id}/players?per_page=50")).await?.body)?;
    let zhang: Vec<(String, String)> = api["items"]
        .as_array()
        .ok_or("no items")?
        .iter()
        .filter(|p| p["registered_name"] == "张伟")
        .map(|p| (p["name"].as_str().unwrap_or("").to_string(), p["club"].as_str().unwrap_or("").to_string()))
        .collect();
    assert_eq!(zhang.len(), 2, "{api}");
    assert!(
        zhang.contains(&("张伟 (北京)".into(), "北京".into()))
            && zhang.contains(&("张伟 (上海)".into(), "上海".into()))
    );
    let pairings: serde_json::Value =
        serde_json::from_str(&reader.get(&format!("/api/v1/events/{event_id}/rounds/1")).await?.body)?;
    let named = pairings.to_string();
    assert!(named.contains("张伟 (北京)") && named.contains("张伟 (上海)"), "{named}");

    // The same name at the same club again is most likely the same player: kept, but warned.
    let again =
        director.post(&format!("{event}/players"), &[("name", "张 伟"), ("rank", "2d"), ("club", "北京")]).await?;
    again.assert_status(303)?;
    let list = director.get(&format!("{event}/players")).await?.body;
    assert!(list.contains("may be registered already: 张伟 (北京)"), "{list}");
    assert!(list.matches(">张伟</a>").count() == 2 && list.contains(">张 伟</a>"), "nothing lost: three entries");
    Ok(())
}
