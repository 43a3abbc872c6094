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

/// Acceptance (issue 6, item 3, first half): the triple-ko record played on a live board makes
/// the engine file a cycle dispute classified as a triple ko. The record's setup stones are
/// played first, Black's and White's in turn.
#[actix_web::test]
async fn a_triple_ko_played_on_a_board_is_filed_as_a_cycle() -> TestResult {
    let mut t = live_table("").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", "19"), ("time_control", "")]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    let record = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/sgf/triple-ko.sgf"))?;
    let points = |tag: &str| -> Vec<String> {
        let Some(start) = record.find(&format!("{tag}[")) else { return Vec::new() };
        record[start + tag.len()..].split(']').map_while(|chunk| chunk.strip_prefix('[').map(str::to_string)).collect()
    };
    let (setup_black, setup_white) = (points("AB"), points("AW"));
    let moves: Vec<String> = record.split(';').skip(2).filter_map(|m| m.get(2..4).map(str::to_string)).collect();
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let coordinate = |sgf: &str| -> String {
        let (x, y) = (sgf.as_bytes()[0] - b'a', sgf.as_bytes()[1] - b'a');
        format!("{}{}", "ABCDEFGHJKLMNOPQRST".as_bytes()[x as usize] as char, 19 - y)
    };
    let mut sequence = Vec::new();
    for i in 0..setup_black.len().max(setup_white.len()) {
        sequence.push(setup_black.get(i).map_or("pass".to_string(), |p| coordinate(p)));
        sequence.push(setup_white.get(i).map_or("pass".to_string(), |p| coordinate(p)));
    }
    sequence.extend(moves.iter().map(|m| coordinate(m)));
    for point in &sequence {
        let played = t.play(&mut recorder, point).await?;
        if played.status != 303 {
            return Err(
                format!("{point}: {} {}", played.status, played.body.chars().take(300).collect::<String>()).into()
            );
        }
    }
    let queue = recorder.get(&format!("{event}/disputes")).await?;
    assert_eq!(attributes(&queue.body, "data-kind"), vec!["cycle"], "one cycle, filed once: {}", queue.body);
    assert!(queue.body.contains("triple-ko") && queue.body.contains("1988 Art. 20.3"), "{}", queue.body);
    assert!(queue.body.contains("by the engine"));

    // Acceptance (item 3, second half): a referee of the event rules a draw; each player has
    // 1 point. The director, not a referee, may not rule.
    let dispute = attributes(&queue.body, "data-dispute").first().cloned().ok_or("no dispute")?;
    let rule = format!("{event}/disputes/{dispute}/rule");
    recorder.post(&rule, &[("ruling", "draw")]).await?.assert_status(403)?;
    let mut referee = t.app.client();
    let email = format!("{}@club.example", unique("r"));
    referee.sign_up_and_log_in(&t.app, &email, "Referee Li", "a referee passphrase").await?;
    recorder
        .post(&format!("{event}/staff"), &[("email", email.as_str()), ("role", "referee")])
        .await?
        .assert_status(303)?;
    let wrong = referee.post(&rule, &[("ruling", "replay")]).await?;
    wrong.assert_status(400)?;
    assert!(wrong.body.contains("not a ruling the desk offers"), "the event's outcome is a draw");
    referee.post(&rule, &[("ruling", "draw")]).await?.assert_status(303)?;
    referee.post(&rule, &[("ruling", "draw")]).await?.assert_status(400)?;
    let table = standings(&t.app.client().get(&format!("{event}/standings")).await?.body);
    let points: Vec<u32> = table.values().map(|row| row.0).collect();
    assert_eq!(points, vec![1, 1], "a draw: one point each ({table:?})");
    let audit = referee.get(&format!("{event}/audit")).await?.body;
    assert!(audit.contains("dispute.ruled") && audit.contains("1988 Art. 20.3"));
    let empty = referee.get(&format!("{event}/disputes")).await?.body;
    assert!(empty.contains("id=\"no-disputes\""));
    Ok(())
}
