//! The referee desk: disputes filed from a board page (by its players or the event's staff) and
//! by the engine when the players do not agree on dead stones; the queue for the event's
//! referees, most urgent first, each with its article.
use crate::helpers::*;
use crate::live::live_table;

#[actix_web::test]
async fn disputes_are_filed_from_the_board_and_queued_for_the_referees() -> TestResult {
    let mut t = live_table("").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    let mut referee = std::mem::replace(&mut t.director, t.app.client());
    let file = format!("{}/disputes", t.board);
    let page = black.get(&t.board).await?.body;
    assert!(page.contains("id=\"file-dispute\""), "a player can file");
    assert!(!t.app.client().get(&t.board).await?.body.contains("id=\"file-dispute\""), "a spectator cannot");

    let mut stranger = t.app.client();
    stranger
        .sign_up_and_log_in(&t.app, &format!("{}@club.example", unique("s")), "Stranger", "a stranger passphrase")
        .await?;
    let before = t.app.fingerprint().await?;
    let empty = black.post(&file, &[("kind", "illegal-move"), ("claim", "  ")]).await?;
    empty.assert_status(400)?;
    black.post(&file, &[("kind", "vibes"), ("claim", "odd")]).await?.assert_status(400)?;
    stranger.post(&file, &[("kind", "conduct"), ("claim", "noise")]).await?.assert_status(403)?;
    assert_eq!(t.app.fingerprint().await?, before, "nothing filed");

    t.play(&mut black, "E5").await?.assert_status(303)?;
    black
        .post(&file, &[("kind", "conduct"), ("claim", "My opponent talks during my moves")])
        .await?
        .assert_status(303)?;
    // The end: White does not accept the marks, and the engine files a dead-stone dispute.
    t.play(&mut white, "pass").await?.assert_status(303)?;
    t.play(&mut black, "pass").await?.assert_status(303)?;
    white.post(&format!("{}/dispute", t.board), &[]).await?.assert_status(303)?;

    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    black.get(&format!("{event}/disputes")).await?.assert_status(403)?;
    let queue = referee.get(&format!("{event}/disputes")).await?;
    queue.assert_status(200)?;
    let kinds = attributes(&queue.body, "data-kind");
    assert_eq!(kinds, vec!["dead-stones", "conduct"], "the game held up comes first");
    assert!(queue.body.contains("1988 Art. 21.3") && queue.body.contains("1988 Art. 15, 24"), "{}", queue.body);
    assert!(queue.body.contains("My opponent talks during my moves"));
    let audit = referee.get(&format!("{event}/audit")).await?.body;
    assert_eq!(audit.matches("dispute.filed").count(), 2);
    Ok(())
}
