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
    // A player registering himself as an entry the director made (same name and club, no
    // account) is sent to the director rather than entered twice.
    director.post(&format!("{event}/registration"), &[("open", "true")]).await?.assert_status(303)?;
    director
        .post(&format!("{event}/players"), &[("name", "刘洋"), ("rank", "3k"), ("club", "广州")])
        .await?
        .assert_status(303)?;
    let mut liu = app.client();
    liu.sign_up_and_log_in(&app, &format!("{}@club.example", unique("liu")), "刘洋", "namesake passphrase").await?;
    let twice = liu.post(&format!("{event}/register"), &[("name", "刘洋"), ("rank", "3k"), ("club", "广州")]).await?;
    twice.assert_status(400)?;
    assert!(twice.body.contains("ask the director to link your account"), "{}", twice.body);
    Ok(())
}

/// Issue 49, acceptance 2: an event of 4 places takes 7 entries, 3 of them on the waiting
/// list; two withdrawals before round 1 give the first two who wait their places, in order,
/// each mailed; a player who registers himself when full waits too; the deadline closes
/// self-registration; a fee marked paid at the desk shows in the treasurer's totals.
#[actix_web::test]
async fn places_a_waiting_list_a_deadline_and_fees_at_the_desk() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", "places passphrase")
        .await?;
    let created = director.post("/events", &event_form("名额杯", "3")).await?;
    let event = format!("/events/{}", id_after(&created.location, "/events/")?);
    let terms = format!("{event}/registration/terms");
    let before = app.fingerprint().await?;
    for (places, fee, message) in [("1", "", "from 2 to"), ("4", "12.345", "is not an amount")] {
        let refused =
            director.post(&terms, &[("places", places), ("deadline", ""), ("fee", fee), ("currency", "CNY")]).await?;
        refused.assert_status(400)?;
        assert!(refused.body.contains(message) && refused.body.contains("id=\"terms-error\""), "{places}/{fee}");
        assert!(refused.body.contains(&format!("value=\"{places}\"")), "what was typed stays");
    }
    assert_eq!(app.fingerprint().await?, before, "nothing changed");
    director
        .post(&terms, &[("places", "4"), ("deadline", "2030-01-01T18:00"), ("fee", "200"), ("currency", "CNY")])
        .await?
        .assert_status(303)?;

    let tag = unique("w");
    let mut csv = String::from("name,rank,club,email\n");
    for (i, name) in
        ["Placed One", "Placed Two", "Placed Three", "Placed Four", "Waits One", "Waits Two", "Waits Three"]
            .iter()
            .enumerate()
    {
        csv.push_str(&format!("{name},{}k,Club,p{i}-{tag}@example.org\n", 1 + i));
    }
    let imported = director.post_file(&format!("{event}/players/import"), "file", "p.csv", &csv).await?;
    imported.assert_status(303)?;
    let page = director.get(&format!("{event}/players")).await?.body;
    assert!(page.contains("Imported 7 players. 3 of them are on the waiting list"), "{page}");
    let waiting = |body: &str| -> Vec<String> {
        let Some(at) = body.find("id=\"waiting-list\"") else { return Vec::new() };
        body[at..]
            .split("data-waiting=\"")
            .skip(1)
            .filter_map(|li| {
                li.split_once("\">").map(|(_, rest)| rest.split(" <span").next().unwrap_or("").to_string())
            })
            .collect()
    };
    assert_eq!(waiting(&page), ["Waits One", "Waits Two", "Waits Three"]);
    let shown = app.client().get(&event).await?.body;
    assert!(shown.contains("4 taken / 4") && shown.contains("3 waiting") && shown.contains("200 CNY"), "{shown}");

    // A player who registers himself now waits behind them.
    let mut late = app.client();
    let late_mail = format!("{}@club.example", unique("late"));
    late.sign_up_and_log_in(&app, &late_mail, "Late Comer", "late passphrase").await?;
    let form = late.get(&event).await?.body;
    assert!(form.contains("Join the waiting list"), "the form says what will happen");
    late.post(&format!("{event}/register"), &[("name", "Late Comer"), ("rank", "9k")]).await?.assert_status(303)?;
    assert!(late.get(&event).await?.body.contains("You are number 4 on the waiting list."));

    // Two withdraw before round 1: the first two who wait get their places, in order, mailed.
    let players = director.get(&format!("{event}/players")).await?.body;
    for name in ["Placed Two", "Placed Four"] {
        let id = player_id(&players, name)?;
        director.post(&format!("{event}/players/{id}/withdraw"), &[]).await?.assert_status(303)?;
    }
    let players = director.get(&format!("{event}/players")).await?.body;
    assert!(players.contains("Waits Two moved up from the waiting list"), "the director is told who moved up");
    assert_eq!(waiting(&players), ["Waits Three", "Late Comer"]);
    for (i, name) in [(4, "Waits One"), (5, "Waits Two")] {
        let to = format!("p{i}-{tag}@example.org");
        let mut mailed = Vec::new();
        for _ in 0..50 {
            mailed = app.mails_to(&to);
            if !mailed.is_empty() {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let mail = mailed.first().ok_or(format!("{name} was not mailed"))?;
        assert!(
            mail.subject.contains("您已获得参赛名额") && mail.subject.contains("you have a place"),
            "{}",
            mail.subject
        );
        assert!(mail.body.contains(name) && mail.body.contains("名额杯"));
    }
    assert!(app.mails_to(&format!("p6-{tag}@example.org")).is_empty(), "the third still waits, unmailed");
    assert!(late.get(&event).await?.body.contains("You are number 2 on the waiting list."));
    // The director may still give a place out of turn (a sponsor's guest, a strong player).
    let late_id = players
        .split("data-waiting=\"")
        .find(|li| li.contains("Late Comer"))
        .and_then(|li| li.split('"').next())
        .ok_or("Late Comer waits")?
        .to_string();
    late.post(&format!("{event}/players/{late_id}/place"), &[]).await?.assert_status(403)?;
    director.post(&format!("{event}/players/{late_id}/place"), &[]).await?.assert_status(303)?;
    assert_eq!(waiting(&director.get(&format!("{event}/players")).await?.body), ["Waits Three"]);
    assert!(late.get(&event).await?.body.contains("id=\"my-rounds\""), "he plays now: his rounds are his to skip");
    // A correction of a waiting entry leaves it waiting, in its place.
    let waits_three = players
        .split("data-waiting=\"")
        .find(|li| li.contains("Waits Three"))
        .and_then(|li| li.split('"').next())
        .ok_or("Waits Three waits")?
        .to_string();
    director
        .post(
            &format!("{event}/players/{waits_three}/edit"),
            &[("name", "Waits Three"), ("rank", "5k"), ("club", "Other Club")],
        )
        .await?
        .assert_status(303)?;
    assert_eq!(waiting(&director.get(&format!("{event}/players")).await?.body), ["Waits Three"], "still waiting");

    // The fee, marked paid at the check-in desk, counts in the totals there and on the list.
    let desk = director.get(&format!("{event}/check-in")).await?.body;
    assert!(
        desk.contains("id=\"fees-paid\">0</strong> · 0 CNY") && desk.contains("id=\"fees-owed\">5</strong> · 1000 CNY")
    );
    let waits_one = player_id(&players, "Waits One")?;
    director
        .post(&format!("{event}/players/{waits_one}/fee"), &[("paid", "true"), ("from", "desk")])
        .await?
        .assert_status(303)?;
    let desk = director.get(&format!("{event}/check-in")).await?.body;
    assert!(desk.contains("Waits One: fee paid."), "{desk}");
    assert!(
        desk.contains("id=\"fees-paid\">1</strong> · 200 CNY")
            && desk.contains("id=\"fees-owed\">4</strong> · 800 CNY")
    );
    let list = director.get(&format!("{event}/players")).await?.body;
    assert!(list.contains("id=\"fees-paid\">1</strong> · 200 CNY"));
    let audit = director.get(&format!("{event}/audit")).await?.body;
    for words in ["Entry fee paid", "Player given a place from the waiting list", "Registration terms set"] {
        assert!(audit.contains(words), "{words} in the audit log");
    }
    // Nobody but the event's staff marks fees.
    late.post(&format!("{event}/players/{waits_one}/fee"), &[("paid", "false"), ("from", "desk")])
        .await?
        .assert_status(403)?;

    // Past the deadline players cannot register themselves; the director still adds them.
    director
        .post(&terms, &[("places", "4"), ("deadline", "2020-01-01T18:00"), ("fee", "200"), ("currency", "CNY")])
        .await?
        .assert_status(303)?;
    let mut too_late = app.client();
    too_late.sign_up_and_log_in(&app, &format!("{}@club.example", unique("tl")), "Too Late", "late passphrase").await?;
    let closed = too_late.get(&event).await?.body;
    assert!(closed.contains("Registration closed at 2020-01-01 18:00") && !closed.contains("id=\"register-form\""));
    let refused = too_late.post(&format!("{event}/register"), &[("name", "Too Late"), ("rank", "9k")]).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("Registration closed at 2020-01-01 18:00"), "{}", refused.body);
    Ok(())
}

/// The id in a players page's link to the player named `name`.
fn player_id(page: &str, name: &str) -> Result<String, Box<dyn std::error::Error>> {
    let link = page
        .split("href=\"/events/")
        .find(|piece| piece.contains(&format!("class=\"player-link\">{name}</a>")))
        .ok_or(format!("no link to {name}"))?;
    Ok(link.split("/players/").nth(1).and_then(|rest| rest.split('"').next()).ok_or("no id")?.to_string())
}
