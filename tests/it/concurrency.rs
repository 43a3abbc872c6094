//! Writes that know what they change: requests released together (20 at once, repeated) on
//! one live board, one result and one sign-up address.
use futures_util::future::join_all;

use crate::bad_input::event_with_players;
use crate::helpers::*;
use crate::live::live_table;

/// The number of moves on the board page.
fn moves_on(body: &str) -> Result<usize, Box<dyn std::error::Error>> {
    Ok(attributes(body, "data-moves").first().ok_or("no data-moves")?.parse()?)
}

#[actix_web::test]
async fn clicks_in_the_same_turn_record_exactly_one_move() -> TestResult {
    let mut t = live_table("60m").await?;
    let referee_email = format!("{}@club.example", unique("referee"));
    let mut referee = t.app.client();
    referee.sign_up_and_log_in(&t.app, &referee_email, "Referee Zhao", "referee passphrase").await?;
    let event_path = t.board.split("/rounds/").next().ok_or("board path")?.to_string();
    t.director
        .post(&format!("{event_path}/staff"), &[("email", &referee_email), ("role", "referee")])
        .await?
        .assert_status(303)?;
    let play = format!("{}/play", t.board);
    let points = ["C3", "G7", "C7", "G3", "E5"];
    for (round, point) in points.iter().enumerate() {
        let before = moves_on(&t.director.get(&t.board).await?.body)?;
        let meant = (before + 1).to_string();
        // Both players, the director and a referee (two recorders) click at once, five times each.
        let mut clients = [t.black.copy()?, t.white.copy()?, t.director.copy()?, referee.copy()?];
        for c in clients.iter_mut() {
            c.get(&t.board).await?;
        }
        let mut senders = Vec::new();
        for c in &clients {
            for _ in 0..5 {
                senders.push(c.copy()?);
            }
        }
        let fields = [("point", *point), ("move", meant.as_str())];
        let answers = join_all(senders.iter_mut().map(|c| c.post_with_token(&play, &fields)))
            .await
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let statuses: Vec<u16> = answers.iter().map(|p| p.status).collect();
        assert_eq!(statuses.len(), 20);
        assert!(statuses.iter().all(|s| *s < 500), "round {round}: {statuses:?}");
        assert_eq!(
            statuses.iter().filter(|s| **s == 303).count(),
            1,
            "round {round}: exactly one accepted: {statuses:?}"
        );
        let after = moves_on(&t.director.get(&t.board).await?.body)?;
        assert_eq!(after, before + 1, "round {round}: one move recorded");
        // A refused click says why.
        if let Some(stale) = answers.iter().find(|p| p.status == 409) {
            assert!(stale.body.contains("meant for move"), "{}", stale.body);
        }
    }
    Ok(())
}

#[actix_web::test]
async fn concurrent_corrections_against_one_shown_result_apply_once() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    let correct = format!("/events/{event_id}/rounds/1/results/1/correct");
    director
        .post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?
        .assert_status(303)?;
    let mut shown = "B+R".to_string();
    for (round, (outcome, stored)) in [("white", "W+R"), ("black", "B+R"), ("white", "W+R")].iter().enumerate() {
        director.get(&format!("/events/{event_id}/rounds/1")).await?;
        let mut senders = Vec::new();
        for _ in 0..20 {
            senders.push(director.copy()?);
        }
        let reason = format!("scoresheet {round}");
        let fields = [("outcome", *outcome), ("margin", "R"), ("reason", reason.as_str()), ("shown", shown.as_str())];
        let answers = join_all(senders.iter_mut().map(|c| c.post_with_token(&correct, &fields)))
            .await
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let statuses: Vec<u16> = answers.iter().map(|p| p.status).collect();
        assert_eq!(statuses.iter().filter(|s| **s == 303).count(), 1, "round {round}: {statuses:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19, "round {round}: {statuses:?}");
        let stale = answers.iter().find(|p| p.status == 409).ok_or("no refusal")?;
        assert!(stale.body.contains("changed"), "the refusal says what changed: {}", stale.body);
        let audit = director.get(&format!("/events/{event_id}/audit")).await?;
        assert_eq!(audit.body.matches(&format!("reason: {reason}")).count(), 1, "round {round}: one correction logged");
        shown = stored.to_string();
    }
    // A correction that changes nothing is refused and not logged.
    let before = app.fingerprint().await?;
    let same = director
        .post(&correct, &[("outcome", "white"), ("margin", "R"), ("reason", "again"), ("shown", "W+R")])
        .await?;
    same.assert_status(400)?;
    assert!(same.body.contains("nothing to correct"));
    assert_eq!(app.fingerprint().await?, before);
    Ok(())
}

#[actix_web::test]
async fn concurrent_sign_ups_with_one_address_never_fail() -> TestResult {
    let app = TestApp::spawn().await?;
    for round in 0..3 {
        let email = format!("{}@club.example", unique(&format!("race{round}")));
        let mut clients = Vec::new();
        for _ in 0..20 {
            let mut c = app.client();
            c.get("/signup").await?;
            clients.push(c);
        }
        let fields = [
            ("email", email.as_str()),
            ("display_name", "Racer"),
            ("password", "racing passphrase"),
            ("password_again", "racing passphrase"),
        ];
        let answers = join_all(clients.iter_mut().map(|c| c.post_with_token("/signup", &fields)))
            .await
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let statuses: Vec<u16> = answers.iter().map(|p| p.status).collect();
        assert!(statuses.iter().all(|s| *s == 200), "round {round}: every sign-up gets the same answer: {statuses:?}");
    }
    Ok(())
}
