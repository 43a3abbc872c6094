//! Bad input gets a clear message and changes nothing.
use crate::helpers::*;

const PASSWORD: &str = "correct horse battery";

/// A director with an event and the twelve players; returns (app, director, event id).
pub async fn event_with_players() -> Result<(TestApp, Client, i32), Box<dyn std::error::Error>> {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", PASSWORD).await?;
    let created = director.post("/events", &event_form("Spring Open", "4")).await?;
    let event_id = id_after(&created.location, "/events/")?;
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "p.csv", &twelve_players_csv(&unique("t")))
        .await?
        .assert_status(303)?;
    Ok((app, director, event_id))
}

#[actix_web::test]
async fn a_csv_with_bad_lines_imports_nothing_and_reports_every_line() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let before = app.fingerprint().await?;
    let csv = "name,rank,club\nGood Player,3k,A\nToo Weak,31k,B\nToo Strong,10d,C\n,2d,D\nChen Yaoye,1d,E\nGood Player,2k,F\n\"Unclosed,1d,G\n";
    let page = director.post_file(&format!("/events/{event_id}/players/import"), "file", "bad.csv", csv).await?;
    page.assert_status(400)?;
    for expected in ["Line 3", "31k", "Line 4", "10d", "Line 5", "name is required"] {
        assert!(page.body.contains(expected), "report mentions {expected}");
    }
    assert!(page.body.contains("Nothing was imported"));
    assert!(page.body.contains("Too Weak,31k,B"), "the pasted text comes back for fixing");
    assert_eq!(app.fingerprint().await?, before);

    let no_header =
        director.post_file(&format!("/events/{event_id}/players/import"), "file", "x.csv", "foo,bar\n1,2\n").await?;
    no_header.assert_status(400)?;
    assert!(no_header.body.contains("must name the columns"));
    assert_eq!(app.fingerprint().await?, before);
    Ok(())
}

#[actix_web::test]
async fn impossible_ranks_duplicates_and_long_names_are_refused() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let before = app.fingerprint().await?;
    let path = format!("/events/{event_id}/players");
    let long_name = "L".repeat(101);
    let cases: [(&str, &str, &str); 5] = [
        ("Ma Xiaochun", "31k", "kyu grades go from 30k to 1k"),
        ("Ma Xiaochun", "10d", "dan grades go from 1d to 9d"),
        ("Ma Xiaochun", "strong", "is not a rank"),
        (&long_name, "3d", "too long"),
        ("   ", "3d", "name is required"),
    ];
    for (name, rank, message) in cases {
        let page = director.post(&path, &[("name", name), ("rank", rank)]).await?;
        page.assert_status(400)?;
        assert!(page.body.contains(message), "{name}/{rank}: expected {message}");
        assert!(page.body.contains(&format!("value=\"{rank}\"")), "the form keeps what was typed");
    }
    assert_eq!(app.fingerprint().await?, before);
    director
        .post(&path, &[("name", "New Person"), ("rank", "2k"), ("email", "dup@example.org")])
        .await?
        .assert_status(303)?;
    let with_players = app.fingerprint().await?;
    let email_twice =
        director.post(&path, &[("name", "Other Person"), ("rank", "2k"), ("email", "DUP@example.org")]).await?;
    email_twice.assert_status(400)?;
    assert!(email_twice.body.contains("dup@example.org is already registered (for New Person)"));
    assert_eq!(app.fingerprint().await?, with_players);
    Ok(())
}

#[actix_web::test]
async fn a_script_laden_name_is_stored_as_typed_and_shown_escaped() -> TestResult {
    let (_app, mut director, event_id) = event_with_players().await?;
    let name = "<script>alert('x')</script> & <b>Bold</b>";
    director
        .post(&format!("/events/{event_id}/players"), &[("name", name), ("rank", "4k")])
        .await?
        .assert_status(303)?;
    let mut visitor = Client::new(&director.base);
    for path in [format!("/events/{event_id}/players"), format!("/events/{event_id}/standings")] {
        let page = visitor.get(&path).await?;
        assert!(!page.body.contains("<script>alert"), "{path} must not carry the raw script");
        assert!(!page.body.contains("<b>Bold</b>"));
        assert!(
            page.body.contains("&#60;script&#62;") || page.body.contains("&lt;script&gt;"),
            "{path} shows the name escaped"
        );
    }
    Ok(())
}

#[actix_web::test]
async fn results_for_unknown_boards_and_second_results_are_refused() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    // A draft round takes no results.
    let early = director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?;
    early.assert_status(400)?;
    assert!(early.body.contains("not published yet"));
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    let before = app.fingerprint().await?;

    let unknown = director
        .post(&format!("/events/{event_id}/rounds/1/results/99"), &[("outcome", "black"), ("margin", "R")])
        .await?;
    unknown.assert_status(400)?;
    assert!(unknown.body.contains("Round 1 has no board 99"));
    let no_round = director
        .post(&format!("/events/{event_id}/rounds/7/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?;
    no_round.assert_status(400)?;
    assert!(no_round.body.contains("There is no round 7"));
    for (outcome, margin, message) in
        [("black", "0", "draw"), ("white", "3.25", "3.25"), ("nobody", "", "Choose who won")]
    {
        let page = director
            .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", outcome), ("margin", margin)])
            .await?;
        page.assert_status(400)?;
        assert!(page.body.contains(message), "{outcome} {margin}: {message}");
    }
    assert_eq!(app.fingerprint().await?, before);

    director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "¾子")])
        .await?
        .assert_status(303)?;
    let after_first = app.fingerprint().await?;
    let second = director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "white"), ("margin", "R")])
        .await?;
    second.assert_status(400)?;
    assert!(second.body.contains("Board 1 already has a result"));
    assert_eq!(app.fingerprint().await?, after_first);

    // A correction needs a reason, and leaves an audit row with the old and new result.
    let no_reason = director
        .post(
            &format!("/events/{event_id}/rounds/1/results/1/correct"),
            &[("outcome", "white"), ("margin", "R"), ("reason", " "), ("shown", "B+¾子")],
        )
        .await?;
    no_reason.assert_status(400)?;
    assert_eq!(app.fingerprint().await?, after_first);
    director
        .post(
            &format!("/events/{event_id}/rounds/1/results/1/correct"),
            &[("outcome", "white"), ("margin", "R"), ("reason", "scoresheet misread"), ("shown", "B+¾子")],
        )
        .await?
        .assert_status(303)?;
    let audit = director.get(&format!("/events/{event_id}/audit")).await?;
    assert!(audit.body.contains("result.corrected") && audit.body.contains("scoresheet misread"));
    // The next round cannot be paired while boards lack results: the page says which, with
    // the way to the round; sent from the event page, it goes back there with both on top.
    let blocked = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    blocked.assert_status(409)?;
    assert!(blocked.body.contains("still has boards without a result: 2, 3, 4, 5, 6."), "{}", blocked.body);
    assert!(blocked.body.contains(&format!(r#"<a href="/events/{event_id}/rounds/1" id="error-link">"#)));
    let event = format!("/events/{event_id}");
    let back = director.post_from(&event, &format!("{event}/rounds"), &[]).await?;
    assert!(back.redirected_to(&event), "back to the event page: {:?}", back.location);
    let shown = director.get(&event).await?.body;
    assert!(
        shown.contains("still has boards without a result")
            && shown.contains(&format!(r#"<a href="/events/{event_id}/rounds/1" id="flash-link">"#)),
        "{shown}"
    );
    Ok(())
}

#[actix_web::test]
async fn a_forged_or_missing_csrf_token_is_refused() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let before = app.fingerprint().await?;
    let path = format!("/events/{event_id}/players");
    let forged = director.post_raw(&path, &[("name", "Forged"), ("rank", "1d"), ("csrf_token", "0000")]).await?;
    forged.assert_status(403)?;
    assert!(forged.body.contains("expired or came from another site"));
    director.post_raw(&path, &[("name", "Forged"), ("rank", "1d")]).await?.assert_status(403)?;
    // The director's own session and token, but sent by a page on another site: refused.
    director.get(&path).await?;
    let cross = director.post_cross_site(&path, &[("name", "Forged"), ("rank", "1d")]).await?;
    cross.assert_status(403)?;
    // The same request from our own page goes through, so the refusal above was the origin.
    director.get(&path).await?;
    director.post(&path, &[("name", "Genuine"), ("rank", "1d")]).await?.assert_status(303)?;
    let after = app.fingerprint().await?;
    assert!(!after.contains("Forged") && after.contains("Genuine"));
    assert_ne!(after, before);
    Ok(())
}

#[actix_web::test]
async fn a_director_cannot_edit_another_directors_event() -> TestResult {
    let (app, mut owner, event_id) = event_with_players().await?;
    let mut rival = app.client();
    rival.sign_up_and_log_in(&app, &format!("{}@club.example", unique("rival")), "Rival", PASSWORD).await?;
    let rival_event = rival.post("/events", &event_form("Rival Cup", "3")).await?;
    assert!(rival_event.redirected_to("/events/"));
    let before = app.fingerprint().await?;
    let fields = event_form("Hijacked", "4");
    rival.post(&format!("/events/{event_id}/edit"), &fields).await?.assert_status(403)?;
    rival.get(&format!("/events/{event_id}/edit")).await?.assert_status(403)?;
    rival.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(403)?;
    assert_eq!(app.fingerprint().await?, before);
    // The owner's own edit goes through; a bad value is explained and changes nothing.
    let bad = owner
        .post(
            &format!("/events/{event_id}/edit"),
            &[
                ("name", "Spring Open"),
                ("start_date", "2026-04-02"),
                ("end_date", "2026-04-01"),
                ("time_zone", "Europe/Amsterdam"),
                ("rounds", "4"),
                ("system", "swiss"),
                ("ruleset", "chinese-1988"),
                ("komi", "7.5"),
            ],
        )
        .await?;
    bad.assert_status(400)?;
    assert!(bad.body.contains("cannot end before it starts"));
    assert_eq!(app.fingerprint().await?, before);
    Ok(())
}

#[actix_web::test]
async fn two_results_sent_at_once_for_one_board_record_only_one() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    // A second session of the same director, as on a second device at the desk.
    let email = app.mails().first().map(|m| m.to.clone()).ok_or("no mail")?;
    let mut second = app.client();
    second.log_in(&email, PASSWORD).await?;
    for board in 1..=6 {
        let path = format!("/events/{event_id}/rounds/1/results/{board}");
        let (a, b) = tokio::join!(
            director.post(&path, &[("outcome", "black"), ("margin", "R")]),
            second.post(&path, &[("outcome", "white"), ("margin", "R")])
        );
        let (a, b) = (a?, b?);
        let (won, lost) = if a.status == 303 { (a, b) } else { (b, a) };
        assert_eq!(won.status, 303, "board {board}: one entry is recorded");
        lost.assert_status(400)?;
        assert!(lost.body.contains(&format!("Board {board} already has a result")), "board {board}");
    }
    let audit = director.get(&format!("/events/{event_id}/audit")).await?;
    assert_eq!(audit.body.matches("data-action=\"result.recorded\"").count(), 6);
    Ok(())
}

/// Issue 48: a form past the 8 MB limit is answered 413 with the limit named, in the reader's
/// language, and nothing is stored.
#[actix_web::test]
async fn a_form_past_the_limit_is_refused_with_the_limit_named() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    let email = format!("{}@club.example", unique("d"));
    director.sign_up_and_log_in(&app, &email, "Big Form", "a big form passphrase").await?;
    let before = app.fingerprint().await?;
    let huge = "x".repeat(9 * 1024 * 1024);
    let refused = director.post("/events", &[("name", huge.as_str())]).await?;
    assert_eq!(refused.status, 413, "{}", refused.body.chars().take(300).collect::<String>());
    assert!(refused.body.contains("at most 8 MB a form or upload"), "{}", refused.body);
    assert_eq!(app.fingerprint().await?, before, "nothing stored");
    director.get("/lang/zh?next=/").await?;
    let before = app.fingerprint().await?;
    let refused = director.post("/events", &[("name", huge.as_str())]).await?;
    assert!(refused.status == 413 && refused.body.contains("最多 8 MB"), "{}", refused.body);
    assert_eq!(app.fingerprint().await?, before, "nothing stored");
    Ok(())
}
