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
    assert_eq!(audit.matches("data-action=\"dispute.filed\"").count(), 2);
    Ok(())
}

/// A record of `tests/sgf` whose moves go round a cycle (on a board of `size` lines), played
/// on a board until the cycle holds the game: the table (which keeps the app running), the
/// recorder (the director), the event's address and its dispute queue, which holds the one
/// cycle the engine filed. The move after the lap is refused with the reason.
async fn cycle_filed_on(
    size: &str,
    file: &str,
) -> Result<(crate::live::LiveTable, Client, String, crate::helpers::Page), Box<dyn std::error::Error>> {
    let (mut t, event) = board_for_records(size).await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let refused = play_record(&mut t, &mut recorder, file).await.err().ok_or("the cycle did not hold the game")?;
    assert!(refused.to_string().contains("a cycle holds the game"), "{refused}");
    let queue = recorder.get(&format!("{event}/disputes")).await?;
    assert_eq!(attributes(&queue.body, "data-kind"), vec!["cycle"], "one cycle, filed once: {}", queue.body);
    Ok((t, recorder, event, queue))
}

async fn cycle_filed(
    file: &str,
) -> Result<(crate::live::LiveTable, Client, String, crate::helpers::Page), Box<dyn std::error::Error>> {
    cycle_filed_on("19", file).await
}

/// Acceptance (issue 6, item 3, first half): the triple-ko record played on a live board makes
/// the engine file a cycle dispute classified as a triple ko, and (issue 46) the cycle holds
/// the game at the move that completes the first lap. The record's setup stones are played
/// first, Black's and White's in turn.
#[actix_web::test]
async fn a_triple_ko_played_on_a_board_is_filed_as_a_cycle() -> TestResult {
    let (t, mut recorder, event, queue) = cycle_filed("triple-ko.sgf").await?;
    assert!(queue.body.contains("triple-ko") && queue.body.contains("1988 Art. 20.3"), "{}", queue.body);
    assert!(queue.body.contains("by the engine"));
    let board = t.app.client().get(&t.board).await?.body;
    assert!(board.contains("id=\"live-cycle-held\"") && board.contains("moves 23 to 28"), "{board}");

    // The dispute's page lists the lap and shows no count or dead-stone analysis.
    let dispute = attributes(&queue.body, "data-dispute").first().cloned().ok_or("no dispute")?;
    let page = recorder.get(&format!("{event}/disputes/{dispute}")).await?.body;
    assert!(page.contains("id=\"dispute-lap\"") && page.contains("triple-ko: the position before move 23"), "{page}");
    assert_eq!(page.matches("<li>").count() - page.matches("<li data").count(), 6, "the lap's six moves: {page}");
    assert!(page.contains("23 ● Black B18") && page.contains("28 ○ White N18"), "{page}");
    assert!(!page.contains("id=\"dispute-count\"") && !page.contains("id=\"dispute-proposal\""), "{page}");

    // Acceptance (item 3, second half): a referee of the event rules; the event's form chose
    // a draw, and 1988 Art. 20.3 allows a replay all the same ("可判和棋或者重下"). The
    // director, not a referee, may not rule.
    let rule = format!("{event}/disputes/{dispute}/rule");
    recorder.post(&rule, &[("ruling", "draw")]).await?.assert_status(403)?;
    let mut referee = referee_of(&t, &mut recorder, &event).await?;
    let offered = referee.get(&format!("{event}/disputes/{dispute}")).await?.body;
    assert_eq!(attributes(&offered, "data-ruling"), vec!["draw", "replay", "dismiss"], "the event's draw first");
    let wrong = referee.post(&rule, &[("ruling", "no-result")]).await?;
    wrong.assert_status(400)?;
    assert!(wrong.body.contains("not a ruling the desk offers"), "1988 names no 无胜负");
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

/// Issue 46, acceptance 1 over HTTP: the 9×9 triple ko is held at the move that completes the
/// lap with both clocks still (the injected clock moved on 60 s); the referee rules 重下 on an
/// event whose form chose 和棋, and a new game starts.
#[actix_web::test]
async fn a_held_triple_ko_is_replayed_though_the_event_chose_a_draw() -> TestResult {
    // The event form's cycle setting is left as it comes: a draw.
    let mut t = live_table("30m").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    play_record(&mut t, &mut recorder, "triple-ko-9x9.sgf").await?;
    // The lap's last move was the record's last: the next, Black taking the first ko again,
    // is refused with the reason.
    let refused = t.play(&mut recorder, "B8").await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("moves 23 to 28"), "{}", refused.body);
    let clocks = |body: &str| attributes(body, "data-millis");
    let before = clocks(&recorder.get(&t.board).await?.body);
    t.wait(60);
    let after = clocks(&recorder.get(&t.board).await?.body);
    assert_eq!(before, after, "both clocks stand still while the cycle is held");
    assert_eq!(before.len(), 2);

    let mut referee = referee_of(&t, &mut recorder, &event).await?;
    let queue = referee.get(&format!("{event}/disputes")).await?.body;
    let dispute = attributes(&queue, "data-dispute").first().cloned().ok_or("no dispute")?;
    referee
        .post(&format!("{event}/disputes/{dispute}/rule"), &[("ruling", "replay"), ("reasons", "Both kept the kos up")])
        .await?
        .assert_status(303)?;
    let board = referee.get(&t.board).await?.body;
    assert_eq!(attributes(&board, "data-moves").first().map(String::as_str), Some("0"), "a new game");
    assert!(!board.contains("id=\"live-cycle-held\""));
    let page = t.black.get(&format!("{event}/disputes/{dispute}")).await?.body;
    assert!(page.contains("Both kept the kos up"), "the player reads the referee's reasons: {page}");
    Ok(())
}

/// A new account made a referee of `event` by its director: its signed-in client.
async fn referee_of(
    t: &crate::live::LiveTable,
    director: &mut Client,
    event: &str,
) -> Result<Client, Box<dyn std::error::Error>> {
    Ok(referee_with_address(t, director, event).await?.0)
}

/// [`referee_of`], with the referee's address (the password is "a referee passphrase").
async fn referee_with_address(
    t: &crate::live::LiveTable,
    director: &mut Client,
    event: &str,
) -> Result<(Client, String), Box<dyn std::error::Error>> {
    let mut referee = t.app.client();
    let email = format!("{}@club.example", unique("r"));
    referee.sign_up_and_log_in(&t.app, &email, "Referee Li", "a referee passphrase").await?;
    director
        .post(&format!("{event}/staff"), &[("email", email.as_str()), ("role", "referee")])
        .await?
        .assert_status(303)?;
    Ok((referee, email))
}

/// A live board of `size` lines without a clock, and its event's address.
async fn board_for_records(size: &str) -> Result<(crate::live::LiveTable, String), Box<dyn std::error::Error>> {
    let mut t = live_table("").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| *k != "time_control").collect();
    form.extend([("board_size", size), ("time_control", "")]);
    t.director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    Ok((t, event))
}

/// The points of a record of `tests/sgf` as a board takes them ("E5", "pass"): its setup
/// stones first, Black's and White's in turn (a pass for the side that has none left), then
/// its moves.
fn record_points(file: &str) -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let record = std::fs::read_to_string(format!("{}/tests/sgf/{file}", env!("CARGO_MANIFEST_DIR")))?;
    let points = |tag: &str| -> Vec<String> {
        let Some(start) = record.find(&format!("{tag}[")) else { return Vec::new() };
        record[start + tag.len()..].split(']').map_while(|chunk| chunk.strip_prefix('[').map(str::to_string)).collect()
    };
    let (setup_black, setup_white) = (points("AB"), points("AW"));
    // Moves as SGF points, "" for a pass.
    let moves: Vec<String> = record
        .split(';')
        .skip(2)
        .filter_map(|m| m.get(2..).map(|rest| rest.split(']').next().unwrap_or_default().to_string()))
        .collect();
    let size: u8 = record.split("SZ[").nth(1).and_then(|rest| rest.split(']').next()).unwrap_or("19").parse()?;
    let coordinate = |sgf: &str| -> String {
        if sgf.is_empty() {
            return "pass".to_string();
        }
        let (x, y) = (sgf.as_bytes()[0] - b'a', sgf.as_bytes()[1] - b'a');
        format!("{}{}", "ABCDEFGHJKLMNOPQRST".as_bytes()[x as usize] as char, size - y)
    };
    let mut sequence = Vec::new();
    for i in 0..setup_black.len().max(setup_white.len()) {
        sequence.push(setup_black.get(i).map_or("pass".to_string(), |p| coordinate(p)));
        sequence.push(setup_white.get(i).map_or("pass".to_string(), |p| coordinate(p)));
    }
    sequence.extend(moves.iter().map(|m| coordinate(m)));
    Ok(sequence)
}

/// Plays `points` on the board as `recorder`; the first refused is an error with the page.
async fn play_points(
    t: &mut crate::live::LiveTable,
    recorder: &mut Client,
    points: &[String],
) -> Result<(), Box<dyn std::error::Error>> {
    for point in points {
        let played = t.play(recorder, point).await?;
        if played.status != 303 {
            // The whole page: a refusal names its reason in the body.
            return Err(format!("{point}: {} {}", played.status, played.body).into());
        }
    }
    Ok(())
}

/// Plays a record of `tests/sgf` on the board as `recorder` (see [`record_points`]).
async fn play_record(
    t: &mut crate::live::LiveTable,
    recorder: &mut Client,
    file: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    play_points(t, recorder, &record_points(file)?).await
}

/// Issue 19, item 4: three kos keeping a one-eyed Black group alive next to a White group
/// with two eyes, played on a board, are filed as false life with its article (Art. 20.2).
#[actix_web::test]
async fn false_life_played_on_a_board_is_filed_as_such() -> TestResult {
    let (mut table, mut recorder, event, queue) = cycle_filed("false-life.sgf").await?;
    assert!(
        queue.body.contains("false-life")
            && queue.body.contains("Black lives only by going round it")
            && queue.body.contains("Art. 20.2"),
        "{}",
        queue.body
    );
    // Issue 47: false life is no life ("不允许…“假生”作为活棋"): the desk offers first to count it
    // dead. So ruled, play stops for good, the players mark the dead stones with Black's
    // falsely living stones marked, and their count is White's.
    let dispute = attributes(&queue.body, "data-dispute").first().cloned().ok_or("no dispute")?;
    let mut referee = referee_of(&table, &mut recorder, &event).await?;
    let page = referee.get(&format!("{event}/disputes/{dispute}")).await?.body;
    let form = page.split("id=\"rule-form\"").nth(1).ok_or("no ruling form")?;
    let offered = attributes(form.split("</form>").next().unwrap_or_default(), "data-ruling");
    assert_eq!(offered.first().map(String::as_str), Some("false-life-dead"), "{offered:?}");
    assert!(page.contains("False life, counted dead"), "{page}");
    referee
        .post(
            &format!("{event}/disputes/{dispute}/rule"),
            &[("ruling", "false-life-dead:black"), ("reasons", "Black lives only by the three kos")],
        )
        .await?
        .assert_status(303)?;
    let board = table.black.get(&table.board).await?.body;
    assert!(board.contains("Play has ended: mark the dead stones"), "{board}");
    assert!(board.contains("class=\"stone black dead\"") && !board.contains("class=\"stone white dead\""), "{board}");
    let audit = referee.get(&format!("{event}/audit")).await?.body;
    assert!(audit.contains("1988 Art. 20.2"), "the ruling's article: {audit}");
    let board_path = table.board.clone();
    for colour in ["black", "white"] {
        let who = if colour == "black" { &mut table.black } else { &mut table.white };
        who.post(&format!("{board_path}/agree"), &[("colour", colour)]).await?.assert_status(303)?;
    }
    let done = table.white.get(&board_path).await?.body;
    let result = done.split("id=\"live-result\"").nth(1).unwrap_or_default();
    assert!(result.split("</p>").next().is_some_and(|r| r.contains("W+")), "White wins the count: {done}");
    Ok(())
}

/// A 9×9 record of `tests/sgf` played on a board to its passes, White disputing the marks:
/// the table (which keeps the app running), the recorder (the event's director) and the
/// dispute's page.
pub async fn disputed_record(
    file: &str,
) -> Result<(crate::live::LiveTable, Client, String), Box<dyn std::error::Error>> {
    disputed_record_on("9", file).await
}

/// [`disputed_record`] on a board of `size`.
async fn disputed_record_on(
    size: &str,
    file: &str,
) -> Result<(crate::live::LiveTable, Client, String), Box<dyn std::error::Error>> {
    let (mut t, event) = board_for_records(size).await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    play_record(&mut t, &mut recorder, file).await?;
    t.white.post(&format!("{}/dispute", t.board), &[]).await?.assert_status(303)?;
    let queue = recorder.get(&format!("{event}/disputes")).await?;
    let id = attributes(&queue.body, "data-dispute").first().cloned().ok_or("no dispute")?;
    Ok((t, recorder, format!("{event}/disputes/{id}")))
}

/// Issues 19 and 50: the dispute page says, group by group, whether the engine's dead stones
/// are proven (with the line, drawn, and the checker's word) or estimated, and why there is no
/// proof, in English and in Chinese. The record: a White stone inside a
/// small region of Black's two-eyed chain (proven), a lone Black stone in White's wide area
/// (estimated); the passes end play and White disputes the marks.
#[actix_web::test]
async fn the_dispute_page_says_what_the_engine_proves_and_what_it_estimates() -> TestResult {
    let (_table, mut recorder, dispute) = disputed_record("explain-9x9.sgf").await?;
    let page = recorder.get(&dispute).await?.body;
    let groups: Vec<&str> = page.split("<li data-basis=").skip(1).collect();
    assert_eq!(groups.len(), 2, "{page}");
    assert!(
        groups[0].starts_with("\"proven\"")
            && groups[0].contains("White B7")
            && groups[0].contains("Proof checked")
            && groups[0].contains("class=\"board figure\""),
        "{}",
        groups[0]
    );
    assert!(
        groups[1].starts_with("\"estimated\"")
            && groups[1].contains("Black H6")
            && groups[1].contains("% of 160 playouts")
            && groups[1].contains("No proof"),
        "{}",
        groups[1]
    );
    recorder.get("/lang/zh?next=/").await?;
    let zh = recorder.get(&dispute).await?.body;
    assert!(
        zh.contains("已证明") && zh.contains("证明已核验") && zh.contains("估计") && zh.contains("160盘模拟对局"),
        "{zh}"
    );
    Ok(())
}

/// A large group the playouts capture as one is shown on the dispute page as an estimate that
/// names its size, in English and in Chinese: White's 17 stones in Black's lower area
/// (`tests/sgf/large-group-19x19.sgf`), played on a 19×19 board to its passes.
#[actix_web::test]
async fn the_dispute_page_names_a_large_group_dead_as_one() -> TestResult {
    let (_table, mut recorder, dispute) = disputed_record_on("19", "large-group-19x19.sgf").await?;
    let page = recorder.get(&dispute).await?.body;
    let groups: Vec<&str> = page.split("<li data-basis=").skip(1).collect();
    let large: Vec<&&str> = groups.iter().filter(|g| g.contains("as one group of 17 stones (2 chains)")).collect();
    assert_eq!(large.len(), 2, "H7 and the 16-stone chain: {page}");
    assert!(large.iter().all(|g| g.starts_with("\"estimated\"") && g.contains("White")), "{large:?}");
    recorder.get("/lang/zh?next=/").await?;
    let zh = recorder.get(&dispute).await?.body;
    assert!(zh.contains("作为一块17子（2串）的大棋") && zh.contains("有两只眼的大棋几乎从不被提"), "{zh}");
    Ok(())
}

/// Issues 19 and 50: a group the engine proves dead is shown as proven on the dispute page,
/// with the line that captures it as a numbered figure on the board, and the game record
/// carries the line and the refutations of the owner's other tries.
#[actix_web::test]
async fn the_dispute_page_shows_the_line_that_proves_a_group_dead() -> TestResult {
    let (table, mut recorder, dispute) = disputed_record("read-9x9.sgf").await?;
    let page = recorder.get(&dispute).await?.body;
    let group = page.split("<li data-basis=").nth(1).ok_or("no group")?;
    assert!(group.starts_with("\"proven\"") && group.contains("read: shut in by White"), "{group}");
    assert!(group.contains("<figure class=\"reading\">"), "{group}");
    // The figure numbers White's capturing moves on their stones (the line: Black passes,
    // White plays inside twice).
    assert!(group.contains(r#"pointer-events="none">4</text>"#), "{group}");
    recorder.get("/lang/zh?next=/").await?;
    let zh = recorder.get(&dispute).await?.body;
    assert!(zh.contains("读棋：被白方围住") && zh.contains("读棋变化"), "{zh}");
    // The game record carries the line as a variation beside the last move; the game itself
    // stays the main line (it ends with White's pass).
    let sgf = recorder.get(&format!("{}/game.sgf", table.board)).await?.body;
    assert!(
        sgf.contains("(;B[]C[Yunzi reading: Black A8 B8 C8 C9 is dead") || sgf.contains("C[Yunzi reading: Black"),
        "{sgf}"
    );
    let record = yunzi::domain::games::go::sgf::parse(&sgf)?;
    let last = record.nodes.last().and_then(|n| n.mv.clone()).ok_or("no moves")?;
    assert_eq!((last.color, last.point), (yunzi::domain::color::Color::White, None), "{sgf}");
    let variation_moves = sgf.split("C[Yunzi reading").nth(1).map(|v| v.matches(";W[").count()).unwrap_or(0);
    assert!(variation_moves >= 1, "White's capture is in the variation: {sgf}");
    // Issue 50: the proof is checked, and its refutations of Black's other tries ride along
    // as variations of their own, each replayable from the final position.
    assert!(group.contains("Proof checked"), "{group}");
    let refutations: Vec<&str> = sgf.split("C[Yunzi proof, checked: Black").skip(1).collect();
    assert!(!refutations.is_empty(), "{sgf}");
    for refutation in refutations {
        assert!(refutation.contains(";W["), "White answers each try: {refutation}");
    }
    Ok(())
}

/// A live table with a referee and a chief referee of the event signed in.
struct Desk {
    t: crate::live::LiveTable,
    black: Client,
    white: Client,
    recorder: Client,
    referee: Client,
    chief: Client,
    event: String,
    referee_email: String,
}

async fn desk(time_control: &str) -> Result<Desk, Box<dyn std::error::Error>> {
    let mut t = live_table(time_control).await?;
    let black = std::mem::replace(&mut t.black, t.app.client());
    let white = std::mem::replace(&mut t.white, t.app.client());
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut staff = Vec::new();
    for (role, name) in [("referee", "Referee Li"), ("chief-referee", "Chief Referee Wang")] {
        let mut client = t.app.client();
        let email = format!("{}@club.example", unique("r"));
        client.sign_up_and_log_in(&t.app, &email, name, "a referee passphrase").await?;
        recorder
            .post(&format!("{event}/staff"), &[("email", email.as_str()), ("role", role)])
            .await?
            .assert_status(303)?;
        staff.push((client, email));
    }
    let (chief, _) = staff.pop().ok_or("no chief")?;
    let (referee, referee_email) = staff.pop().ok_or("no referee")?;
    Ok(Desk { t, black, white, recorder, referee, chief, event, referee_email })
}

impl Desk {
    /// The open disputes' ids and kinds, most urgent first.
    async fn queue(&mut self) -> Result<Vec<(String, String)>, Box<dyn std::error::Error>> {
        let body = self.referee.get(&format!("{}/disputes", self.event)).await?.body;
        Ok(attributes(&body, "data-dispute").into_iter().zip(attributes(&body, "data-kind")).collect())
    }

    /// The one open dispute, which must be of `kind`.
    async fn only(&mut self, kind: &str) -> Result<String, Box<dyn std::error::Error>> {
        let queue = self.queue().await?;
        match queue.as_slice() {
            [(id, k)] if k == kind => Ok(id.clone()),
            other => Err(format!("expected one {kind} dispute, found {other:?}").into()),
        }
    }

    async fn rule(&mut self, id: &str, fields: &[(&str, &str)]) -> Result<Page, Box<dyn std::error::Error>> {
        self.referee.post(&format!("{}/disputes/{id}/rule", self.event), fields).await
    }

    /// Black's and White's points in the standings.
    async fn points(&mut self) -> Result<(u32, u32), Box<dyn std::error::Error>> {
        let table = standings(&self.t.app.client().get(&format!("{}/standings", self.event)).await?.body);
        let of = |name: &str| table.get(name).map_or(0, |row| row.0);
        Ok((of(&self.t.names[0]), of(&self.t.names[1])))
    }

    async fn file(&mut self, by_black: bool, kind: &str, claim: &str) -> Result<(), Box<dyn std::error::Error>> {
        let who = if by_black { &mut self.black } else { &mut self.white };
        who.post(&format!("{}/disputes", self.t.board), &[("kind", kind), ("claim", claim)])
            .await?
            .assert_status(303)?;
        Ok(())
    }

    /// Each player plays their moves (true: Black's).
    async fn play_out(&mut self, moves: &[(bool, &str)]) -> Result<(), Box<dyn std::error::Error>> {
        for &(by_black, point) in moves {
            let who = if by_black { &mut self.black } else { &mut self.white };
            let played = self.t.play(who, point).await?;
            if played.status != 303 {
                return Err(format!(
                    "{point}: {} {}",
                    played.status,
                    played.body.chars().take(300).collect::<String>()
                )
                .into());
            }
        }
        Ok(())
    }

    async fn moves(&mut self) -> Result<String, Box<dyn std::error::Error>> {
        let page = self.referee.get(&self.t.board).await?.body;
        Ok(attributes(&page, "data-moves").first().cloned().unwrap_or_default())
    }
}

/// Dead stones: White refuses the marks; the referee rules that play resumes with Black (who
/// claims White's stone dead) to move; Black captures it, the passes end play, both agree and
/// the engine's count reaches the standings.
#[actix_web::test]
async fn dead_stones_are_resolved_by_play_and_counted() -> TestResult {
    let mut d = desk("").await?;
    d.play_out(&[(true, "C3"), (false, "G7"), (true, "pass"), (false, "pass")]).await?;
    d.white.post(&format!("{}/dispute", d.t.board), &[]).await?.assert_status(303)?;
    let id = d.only("dead-stones").await?;
    let page = d.referee.get(&format!("{}/disputes/{id}", d.event)).await?.body;
    assert!(page.contains("id=\"dispute-count\"") && page.contains("1988 Art. 21.3"), "the engine's analysis: {page}");
    d.rule(&id, &[("ruling", "resolve-by-play:black")]).await?.assert_status(303)?;
    d.t.play(&mut d.white, "D4").await?.assert_status(400)?;
    d.play_out(&[
        (true, "G8"),
        (false, "pass"),
        (true, "G6"),
        (false, "pass"),
        (true, "F7"),
        (false, "pass"),
        (true, "H7"),
        (false, "pass"),
        (true, "pass"),
    ])
    .await?;
    d.black.post(&format!("{}/agree", d.t.board), &[("colour", "black")]).await?.assert_status(303)?;
    d.white.post(&format!("{}/agree", d.t.board), &[("colour", "white")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0), "Black's count wins once White's stone is captured");
    let timeline = d.black.get(&d.t.board).await?.body;
    let steps = attributes(&timeline, "data-step");
    assert_eq!(steps, vec!["dispute.filed", "dispute.ruled", "result.recorded"], "{timeline}");
    Ok(())
}

/// Illegal move (Art. 19): the board assistant enters White's suicide at A9; the engine holds
/// it and files it; the referee voids it and White loses the turn (a pass in the record).
#[actix_web::test]
async fn an_illegal_move_entered_is_held_and_voided_with_a_lost_turn() -> TestResult {
    let mut d = desk("10m").await?;
    for point in ["B9", "E5", "A8"] {
        d.t.play(&mut d.recorder, point).await?.assert_status(303)?;
    }
    // A player's claim of an illegal move holds nothing up: voiding is shown (the article
    // allows it) but not offered, and only dismissing it is.
    d.file(true, "illegal-move", "White's last move was not legal").await?;
    let claimed = d.only("illegal-move").await?;
    let queue = d.referee.get(&format!("{}/disputes", d.event)).await?.body;
    assert!(queue.contains("value=\"void-move-lose-turn:white\" disabled"), "nothing is held to void: {queue}");
    d.rule(&claimed, &[("ruling", "void-move-lose-turn:white")]).await?.assert_status(400)?;
    d.rule(&claimed, &[("ruling", "dismiss")]).await?.assert_status(303)?;
    // Issue 48: a held move is not answered as a move played: 202 with why to a script, and
    // the form's page says it is held.
    let play = format!("{}/play", d.t.board);
    let held = d.recorder.post_from_script(&play, &[("point", "A9"), ("move", "4")]).await?;
    held.assert_status(202)?;
    assert!(held.body.contains("held for the referee") && held.body.contains("suicide"), "{}", held.body);
    let id = d.only("illegal-move").await?;
    let page = d.recorder.get(&d.t.board).await?.body;
    assert!(page.contains("id=\"live-held\""), "{page}");
    let board = d.referee.get(&d.t.board).await?.body;
    assert!(board.contains("id=\"live-held\"") && board.contains("suicide"), "{board}");
    d.t.play(&mut d.recorder, "D4").await?.assert_status(400)?;
    d.rule(&id, &[("ruling", "void-move-lose-turn:black")]).await?.assert_status(400)?;
    d.rule(&id, &[("ruling", "void-move-lose-turn:white")]).await?.assert_status(303)?;
    assert_eq!(d.moves().await?, "4", "White's lost turn is a pass in the record");
    let record = d.referee.get(&format!("{}/game.sgf", d.t.board)).await?.body;
    assert!(record.contains(";W[]"), "{record}");
    d.t.play(&mut d.recorder, "C7").await?.assert_status(303)?;
    d.white.post(&format!("{}/resign", d.t.board), &[("colour", "white")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0));
    Ok(())
}

/// Two moves in a row (1988 Art. 17.1): the double mover loses.
#[actix_web::test]
async fn two_moves_in_a_row_lose_under_the_1988_rules() -> TestResult {
    let mut d = desk("").await?;
    d.t.play(&mut d.recorder, "E5").await?.assert_status(303)?;
    let board = d.t.board.clone();
    d.recorder.post(&format!("{board}/play"), &[("point", "D4"), ("colour", "black")]).await?.assert_status(303)?;
    let page = d.recorder.get(&board).await?.body;
    assert!(page.contains("id=\"flash\"") && page.contains("A move entered is held for the referee"), "{page}");
    let id = d.only("two-moves").await?;
    d.rule(&id, &[("ruling", "loss-two-moves:black")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 2));
    Ok(())
}

/// Moved stones: the referee has the game replayed from the empty board with fresh clocks;
/// the replay's result is the board's.
#[actix_web::test]
async fn moved_stones_can_have_the_game_replayed() -> TestResult {
    let mut d = desk("10m").await?;
    for point in ["E5", "D4", "C3"] {
        d.t.play(&mut d.recorder, point).await?.assert_status(303)?;
    }
    d.file(false, "moved-stones", "The board was knocked and the stones scattered").await?;
    let id = d.only("moved-stones").await?;
    d.rule(&id, &[("ruling", "replay")]).await?.assert_status(303)?;
    assert_eq!(d.moves().await?, "0", "the game starts again");
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    d.black.post(&format!("{}/resign", d.t.board), &[("colour", "black")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 2));
    let page = d.black.get(&format!("{}/disputes/{id}", d.event)).await?.body;
    assert!(page.contains("data-ruling=\"replay\""), "the player sees the ruling on their own board");
    Ok(())
}

/// Counting error (Art. 16.3): a recount takes the result back out of the standings and the
/// players mark again; the new count is the result.
#[actix_web::test]
async fn a_counting_error_is_recounted() -> TestResult {
    let mut d = desk("").await?;
    d.play_out(&[(true, "C3"), (false, "G7"), (true, "pass"), (false, "pass")]).await?;
    d.recorder.post(&format!("{}/agree", d.t.board), &[("colour", "black")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 2), "both stones alive: White wins by komi");
    d.file(true, "counting-error", "White's stone at G7 is dead").await?;
    let id = d.only("counting-error").await?;
    d.rule(&id, &[("ruling", "recount")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 0), "no result while the players mark again");
    d.recorder.post(&format!("{}/mark", d.t.board), &[("point", "G7")]).await?.assert_status(303)?;
    d.recorder.post(&format!("{}/agree", d.t.board), &[("colour", "black")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0), "with G7 dead Black wins");
    Ok(())
}

/// A loss on time is filed by the engine; the referee finds the clock failed and gives White
/// five minutes back: the result leaves the standings and play goes on.
#[actix_web::test]
async fn a_timeout_is_filed_and_time_is_given_back() -> TestResult {
    let mut d = desk("1m").await?;
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    d.t.wait(61);
    let mut id = String::new();
    for _ in 0..50 {
        if let [(found, kind)] = d.queue().await?.as_slice()
            && kind == "clock-incident"
        {
            id = found.clone();
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(!id.is_empty(), "the sweep's loss on time is filed");
    assert_eq!(d.points().await?, (2, 0));
    let none = d.rule(&id, &[("ruling", "adjust-clock")]).await?;
    none.assert_status(400)?;
    d.rule(&id, &[("ruling", "adjust-clock"), ("white_minutes", "5")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 0), "the game is played on");
    d.t.play(&mut d.white, "D4").await?.assert_status(303)?;
    d.white.post(&format!("{}/resign", d.t.board), &[("colour", "white")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0));
    Ok(())
}

/// Conduct (Art. 15, 24; 25.2): a warning is recorded; the second in the game loses it.
#[actix_web::test]
async fn the_second_warning_loses_the_game() -> TestResult {
    let mut d = desk("").await?;
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    for claim in ["White talks during my moves", "White talks again"] {
        d.file(true, "conduct", claim).await?;
        let id = d.only("conduct").await?;
        d.rule(&id, &[("ruling", "warning:white")]).await?.assert_status(303)?;
    }
    assert_eq!(d.points().await?, (2, 0));
    let audit = d.referee.get(&format!("{}/audit", d.event)).await?.body;
    assert!(audit.contains("1988 Art. 25.2"));
    Ok(())
}

/// Acceptance item 4: only the chief referee hears an appeal, made once by a player of the
/// board; a player of the event sees no dispute of another board; the players and referees
/// are told in the app and by mail.
#[actix_web::test]
async fn appeals_go_once_to_the_chief_referee_and_disputes_stay_with_their_board() -> TestResult {
    let mut d = desk("").await?;
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    d.file(true, "conduct", "White keeps tapping the table").await?;
    let id = d.only("conduct").await?;
    let dispute = format!("{}/disputes/{id}", d.event);

    // Told at once in the app, and by mail: White (the opponent) and the referees.
    let page = d.white.get("/notifications").await?.body;
    assert!(page.contains("a dispute is filed (Conduct)") && page.contains("id=\"unread\""), "{page}");
    let mut mailed = false;
    for _ in 0..50 {
        mailed = d.t.app.mails_to(&d.referee_email).iter().any(|m| m.body.contains("a dispute is filed"));
        if mailed {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(mailed, "the referee is mailed");
    assert!(d.t.app.mails_to(&d.t.emails[1]).iter().any(|m| m.body.contains("提出争议")), "in both languages");

    // Another player of the event, on no board of this dispute.
    let mut other = d.t.app.client();
    other.sign_up_and_log_in(&d.t.app, &format!("{}@club.example", unique("o")), "Other", "another passphrase").await?;
    other
        .post(&format!("{}/register", d.event), &[("name", "Other Player"), ("rank", "1d")])
        .await?
        .assert_status(303)?;
    other.get(&dispute).await?.assert_status(403)?;
    let board = other.get(&d.t.board).await?.body;
    assert!(!board.contains("id=\"timeline\"") && !board.contains("tapping"), "no details for others");
    assert!(d.white.get(&d.t.board).await?.body.contains("id=\"timeline\""), "the board's players see its timeline");

    d.rule(&id, &[("ruling", "warning:white")]).await?.assert_status(303)?;
    let appeal = format!("{dispute}/appeal");
    other.post(&appeal, &[("claim", "Not fair")]).await?.assert_status(403)?;
    d.white.post(&appeal, &[("claim", "I was not tapping")]).await?.assert_status(303)?;
    d.white.post(&appeal, &[("claim", "Again")]).await?.assert_status(400)?;
    let queue = d.referee.get(&format!("{}/disputes", d.event)).await?.body;
    assert_eq!(attributes(&queue, "data-appeal"), vec![id.clone()]);
    let hearing = d.chief.get(&dispute).await?.body;
    assert!(
        hearing.contains("id=\"hear-form\"") && hearing.contains(
                "Warning · White — a warning is recorded (the second in a game loses it) — 1988 Art. 15, 24; 1988 Art. 25.2"
            ),
        "each ruling with its article: {hearing}"
    );
    let hear = format!("{dispute}/hear");
    d.referee.post(&hear, &[("ruling", "uphold")]).await?.assert_status(403)?;
    d.recorder.post(&hear, &[("ruling", "uphold")]).await?.assert_status(403)?;
    d.chief.post(&hear, &[("ruling", "dismiss")]).await?.assert_status(303)?;
    d.chief.post(&hear, &[("ruling", "uphold")]).await?.assert_status(400)?;
    let page = d.white.get(&dispute).await?.body;
    assert!(page.contains("id=\"appeal-decision\"") && page.contains("Overturned"), "{page}");
    let audit = d.referee.get(&format!("{}/audit", d.event)).await?.body;
    assert!(audit.contains("dispute.appeal_heard") && audit.contains("1988 Art. 16.4"));

    // The overturned warning is undone: another warning is White's first, and does not lose.
    d.file(true, "conduct", "White tapping again").await?;
    let second = d.only("conduct").await?;
    d.rule(&second, &[("ruling", "warning:white")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 0), "one warning stands, the game goes on");
    // Once play has gone on, an appeal can only be upheld.
    let second = format!("{}/disputes/{second}", d.event);
    d.white.post(&format!("{second}/appeal"), &[("claim", "Still not me")]).await?.assert_status(303)?;
    d.t.play(&mut d.white, "D4").await?.assert_status(303)?;
    let late = d.chief.post(&format!("{second}/hear"), &[("ruling", "dismiss")]).await?;
    late.assert_status(400)?;
    assert!(late.body.contains("Play has gone on"), "{}", late.body);
    d.chief.post(&format!("{second}/hear"), &[("ruling", "uphold")]).await?.assert_status(303)?;
    Ok(())
}

/// Acceptance item 2, in three browsers: the players disagree on dead stones; the referee rules
/// "resolve by play" from the dispute's page; they play it out; the engine counts; the result
/// reaches the standings; the board's timeline shows each step.
#[actix_web::test]
async fn a_dead_stone_dispute_is_resolved_by_play_in_the_browser() -> TestResult {
    use crate::browser::{click, start_browser, type_into};
    use crate::live::{click_on, wait_for};
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let Some((_referee_driver, referee)) = start_browser().await? else { return Ok(()) };
    let d = desk("chinese 10m reserve 3").await?;
    let base = d.t.app.base.clone();
    let result = async {
        for (browser, email, password) in [
            (&black, &d.t.emails[0], "player passphrase"),
            (&white, &d.t.emails[1], "player passphrase"),
            (&referee, &d.referee_email, "a referee passphrase"),
        ] {
            browser.goto(&format!("{base}/login")).await?;
            type_into(browser, "input[name=email]", email).await?;
            type_into(browser, "input[name=password]", password).await?;
            click(browser, "form.stacked button[type=submit]").await?;
            wait_for(browser, "#nav-notifications").await?;
        }
        for browser in [&black, &white] {
            browser.goto(&format!("{base}{}", d.t.board)).await?;
            wait_for(browser, "#clock-black").await?;
        }
        let stone = |colour: &str, point: &str| format!(r#".stone.{colour}[data-point="{point}"]"#);
        // Black's move by a click, then White's pass, until `moves` are played.
        let exchange = |point: &'static str| {
            let (black, white) = (&black, &white);
            async move {
                wait_for(black, "#play:not([disabled])").await?;
                click_on(black, &format!(r#".point[data-point="{point}"]"#)).await?;
                wait_for(white, &stone("black", point)).await?;
                wait_for(white, "#pass:not([disabled])").await?;
                click_on(white, "#pass").await?;
                Ok::<(), Box<dyn std::error::Error>>(())
            }
        };
        click_on(&black, r#".point[data-point="C3"]"#).await?;
        wait_for(&white, &stone("black", "C3")).await?;
        wait_for(&white, "#play:not([disabled])").await?;
        click_on(&white, r#".point[data-point="G7"]"#).await?;
        wait_for(&black, &stone("white", "G7")).await?;
        wait_for(&black, "#pass:not([disabled])").await?;
        click_on(&black, "#pass").await?;
        wait_for(&white, "#pass:not([disabled])").await?;
        click_on(&white, "#pass").await?;
        // White does not accept the marks (Black says G7 is dead): a referee decides.
        wait_for(&white, "#dispute").await?;
        click_on(&white, "#dispute").await?;
        wait_for(&black, "#timeline li[data-step=\"dispute.filed\"]").await?;

        referee.goto(&format!("{base}{}/disputes", d.event)).await?;
        click(&referee, "tr[data-kind=\"dead-stones\"] td a").await?;
        wait_for(&referee, "#rule-form").await?;
        referee
            .find(Locator::Css("#rule-form select[name=ruling]"))
            .await?
            .select_by_value("resolve-by-play:black")
            .await?;
        click(&referee, "#rule").await?;
        wait_for(&referee, "#dispute-ruling[data-ruling=\"resolve-by-play\"]").await?;

        // Play resumes with Black, who captures the stone it claimed dead.
        black.goto(&format!("{base}{}", d.t.board)).await?;
        white.goto(&format!("{base}{}", d.t.board)).await?;
        for point in ["G8", "G6", "F7", "H7"] {
            exchange(point).await?;
        }
        wait_for(&black, "#pass:not([disabled])").await?;
        click_on(&black, "#pass").await?;
        for browser in [&black, &white] {
            wait_for(browser, "#agree").await?;
            click(browser, "#agree").await?;
        }
        wait_for(&black, "#live-result").await?;
        let shown = black.find(Locator::Id("live-result")).await?.text().await?;
        assert!(shown.contains("B+"), "the engine's count: {shown}");
        black.goto(&format!("{base}{}/standings", d.event)).await?;
        let table = standings(&black.source().await?);
        assert_eq!(table.get(&d.t.names[0]).map(|r| r.0), Some(2), "{table:?}");
        assert_eq!(table.get(&d.t.names[1]).map(|r| r.0), Some(0));
        black.goto(&format!("{base}{}", d.t.board)).await?;
        let steps: Vec<String> = {
            let mut steps = Vec::new();
            for item in black.find_all(Locator::Css("#timeline li")).await? {
                steps.push(item.attr("data-step").await?.unwrap_or_default());
            }
            steps
        };
        assert_eq!(steps, vec!["dispute.filed", "dispute.ruled", "result.recorded"]);
        let timeline = black.find(Locator::Id("timeline")).await?.text().await?;
        assert!(timeline.contains("1988 Art. 21.3") && timeline.contains("Referee Li"), "{timeline}");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "desk", [("black", black), ("white", white), ("referee", referee)]).await
}

/// Issue 46, acceptance 3 over HTTP: after the passes Black takes the marks off its corner
/// group (the engine proves it dead) and refuses the marks with a sentence; the dispute names
/// the group Black holds alive, first, with the engine's proof and its figure drawn on the
/// region of the fight.
#[actix_web::test]
async fn a_player_names_the_group_held_alive_and_the_page_shows_it_first() -> TestResult {
    let (mut t, event) = board_for_records("9").await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    play_record(&mut t, &mut recorder, "read-9x9.sgf").await?;
    let board = t.board.clone();
    let marked = |body: &str| body.matches("class=\"stone black dead\"").count();
    assert_eq!(marked(&t.black.get(&board).await?.body), 4, "the engine's proposal marks the corner dead");
    t.black.post(&format!("{board}/mark"), &[("point", "B8")]).await?.assert_status(303)?;
    assert_eq!(marked(&t.black.get(&board).await?.body), 0, "Black holds it alive");
    let long = "x".repeat(2001);
    t.black.post(&format!("{board}/dispute"), &[("claim", long.as_str())]).await?.assert_status(400)?;
    t.black
        .post(&format!("{board}/dispute"), &[("claim", "My corner lives: White has no way in")])
        .await?
        .assert_status(303)?;
    let mut referee = referee_of(&t, &mut recorder, &event).await?;
    let queue = referee.get(&format!("{event}/disputes")).await?.body;
    let dispute = attributes(&queue, "data-dispute").first().cloned().ok_or("no dispute")?;
    assert!(queue.contains("My corner lives"), "the sentence is the claim's: {queue}");
    let page = referee.get(&format!("{event}/disputes/{dispute}")).await?.body;
    let contested = page.split("id=\"contested\"").nth(1).ok_or("no contested groups")?;
    let contested = contested.split("</section>").next().unwrap_or_default();
    assert!(contested.contains("What Black contests"), "{contested}");
    assert_eq!(attributes(contested, "data-held"), vec!["alive"]);
    for point in ["A8", "B8", "C8", "C9"] {
        assert!(contested.contains(point), "{point} in {contested}");
    }
    assert!(
        contested.contains("read: shut in by White") && contested.contains("class=\"board figure\""),
        "{contested}"
    );
    assert!(contested.contains("; a pass by Black in the line means Black has nothing better"), "{contested}");
    // The figure shows the corner, not the whole board: its view box is narrower than 9 lines.
    let view_box = contested.split("viewBox=\"").nth(1).and_then(|v| v.split('"').next()).ok_or("no view box")?;
    let width: u32 = view_box.split(' ').nth(2).ok_or("no width")?.parse()?;
    assert!(width < 2 * 30 + 8 * 30, "zoomed on the fight: {view_box}");
    assert!(!page.contains("id=\"dispute-groups\""), "no other group is proposed dead: {page}");
    // The ruling's label says what it does, and the referee's reasons reach both players.
    assert!(page.contains("the game is counted with the marks as they stand"), "{page}");
    referee
        .post(
            &format!("{event}/disputes/{dispute}/rule"),
            &[("ruling", "resolve-by-play:white"), ("reasons", "White claims dead: White moves first")],
        )
        .await?
        .assert_status(303)?;
    for player in [&mut t.black, &mut t.white] {
        let notices = player.get("/notifications").await?.body;
        assert!(
            notices.contains("Resolve by play, first to move · White") && notices.contains("White claims dead"),
            "{notices}"
        );
    }
    let timeline = t.black.get(&board).await?.body;
    let timeline = timeline.split("id=\"timeline\"").nth(1).ok_or("no timeline")?;
    assert!(timeline.contains("Resolve by play, first to move · White"), "the timeline names the side: {timeline}");
    Ok(())
}

/// A cycle a player claims holds a game in play as one the engine finds (Art. 20.3): the next
/// move is refused and the clock stops; the page says the engine finds no repetition and lists
/// the last moves; dismissed, play goes on.
#[actix_web::test]
async fn a_claimed_cycle_holds_the_game_until_the_referee_rules() -> TestResult {
    let mut d = desk("10m").await?;
    d.play_out(&[(true, "E5"), (false, "D4")]).await?;
    d.file(true, "cycle", "We keep taking the same kos").await?;
    let id = d.only("cycle").await?;
    let refused = d.t.play(&mut d.black, "C3").await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("a cycle is claimed"), "{}", refused.body);
    let page = d.referee.get(&format!("{}/disputes/{id}", d.event)).await?.body;
    assert!(page.contains("The engine finds no repetition") && page.contains("2 ○ White D4"), "{page}");
    d.t.wait(60);
    let board = d.referee.get(&d.t.board).await?.body;
    assert!(board.contains("id=\"live-cycle-held\"") && !board.contains("class=\"clock black running\""), "{board}");
    d.rule(&id, &[("ruling", "dismiss")]).await?.assert_status(303)?;
    d.play_out(&[(true, "C3")]).await?;
    assert_eq!(d.moves().await?, "3", "play goes on");
    Ok(())
}

/// Sets `event`'s rule set (the event form as the tests fill it, board size 9, no clock).
pub async fn set_ruleset(director: &mut Client, event: &str, ruleset: &str) -> TestResult {
    let mut form: Vec<(&str, &str)> =
        event_form("Live Cup", "1").into_iter().filter(|(k, _)| !matches!(*k, "time_control" | "ruleset")).collect();
    form.extend([("board_size", "9"), ("time_control", ""), ("ruleset", ruleset)]);
    director.post(&format!("{event}/edit"), &form).await?.assert_status(303)?;
    Ok(())
}

/// The desk's table: (rule set, kind of dispute) → the rulings' codes offered.
type RulingsTable = std::collections::BTreeMap<(String, String), Vec<String>>;

/// docs/REFEREE.md's table.
fn docs_table() -> Result<RulingsTable, Box<dyn std::error::Error>> {
    let docs = std::fs::read_to_string(format!("{}/docs/REFEREE.md", env!("CARGO_MANIFEST_DIR")))?;
    let mut table = std::collections::BTreeMap::new();
    for line in docs.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| rule set")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        if let [ruleset, kind, _article, rulings] = cells.as_slice() {
            table.insert(
                (ruleset.to_string(), kind.to_string()),
                rulings.split(", ").map(str::to_string).collect::<Vec<_>>(),
            );
        }
    }
    Ok(table)
}

/// Issue 46, acceptance 2: under every rule set preset, each kind of dispute filed on a live
/// board offers on its page exactly the rulings docs/REFEREE.md's table gives (a rule set with
/// no referee's text of its own, Tromp–Taylor, as the 1988 rules), and says where the 1988
/// articles stand in for a silent text.
#[actix_web::test]
async fn every_rule_set_offers_its_articles_rulings() -> TestResult {
    let table = docs_table()?;
    // Ten kinds in the table; nine are filed from the board (the tenth by players' reports).
    assert_eq!(table.len(), 7 * 10, "seven rule sets, ten kinds");
    let kinds = [
        "dead-stones",
        "cycle",
        "illegal-move",
        "two-moves",
        "moved-stones",
        "take-back",
        "counting-error",
        "clock-incident",
        "conduct",
    ];
    for (ruleset, as_in) in [
        ("chinese-1988", "chinese-1988"),
        ("chinese-2002", "chinese-2002"),
        ("japanese-1989", "japanese-1989"),
        ("japanese-2012", "japanese-2012"),
        ("korean-1992", "korean-1992"),
        ("ing", "ing"),
        ("aga", "aga"),
        ("tromp-taylor", "chinese-1988"),
    ] {
        let mut t = crate::live::live_table("").await?;
        let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
        let mut director = std::mem::replace(&mut t.director, t.app.client());
        set_ruleset(&mut director, &event, ruleset).await?;
        let mut referee = referee_of(&t, &mut director, &event).await?;
        for kind in kinds {
            director
                .post(&format!("{}/disputes", t.board), &[("kind", kind), ("claim", "For the desk's table")])
                .await?
                .assert_status(303)?;
        }
        let queue = referee.get(&format!("{event}/disputes")).await?.body;
        let filed: Vec<(String, String)> =
            attributes(&queue, "data-dispute").into_iter().zip(attributes(&queue, "data-kind")).collect();
        assert_eq!(filed.len(), kinds.len(), "{ruleset}: {queue}");
        for (id, kind) in filed {
            let page = referee.get(&format!("{event}/disputes/{id}")).await?.body;
            let form = page.split("id=\"rule-form\"").nth(1).ok_or("no ruling form")?;
            let form = form.split("</form>").next().unwrap_or_default();
            let mut offered: Vec<String> = Vec::new();
            for code in attributes(form, "data-ruling") {
                if !offered.contains(&code) {
                    offered.push(code);
                }
            }
            let expected = table.get(&(as_in.to_string(), kind.clone())).ok_or("not in the table")?;
            assert_eq!(&offered, expected, "{ruleset}, {kind}");
            let silent = !matches!(ruleset, "chinese-1988" | "chinese-2002")
                && page.split("id=\"dispute-article\">").nth(1).is_some_and(|a| a.starts_with("1988 "));
            assert_eq!(
                page.contains("id=\"article-instead\""),
                silent || ruleset == "tromp-taylor",
                "{ruleset}, {kind}"
            );
        }
    }
    Ok(())
}

/// Issue 46, acceptance 2: a loss for misconduct (1988 Art. 24.3) and a both-lose (2002
/// Art. 23.1) reach the standings and the audit log through the same path as any result; a
/// Japanese-rules event's illegal move offers the loss (Art. 14) and gives it.
#[actix_web::test]
async fn misconduct_loses_both_may_lose_and_a_japanese_foul_loses() -> TestResult {
    let mut d = desk("").await?;
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    d.file(true, "conduct", "White consulted a book during the game").await?;
    let id = d.only("conduct").await?;
    d.rule(&id, &[("ruling", "loss:white"), ("reasons", "Seen reading a book at the board")])
        .await?
        .assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0), "White loses");
    let audit = d.referee.get(&format!("{}/audit", d.event)).await?.body;
    assert!(audit.contains("Loss for the offender · White") && audit.contains("Seen reading a book"), "{audit}");
    assert!(audit.contains("result.recorded"), "the result is written like any other: {audit}");

    let mut d = desk("").await?;
    set_ruleset(&mut d.recorder, &d.event, "chinese-2002").await?;
    d.t.play(&mut d.black, "E5").await?.assert_status(303)?;
    d.file(true, "conduct", "The game was arranged beforehand").await?;
    let id = d.only("conduct").await?;
    d.rule(&id, &[("ruling", "both-lose")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (0, 0), "both lose");
    let audit = d.referee.get(&format!("{}/audit", d.event)).await?.body;
    assert!(audit.contains("2002 Art. 23") && audit.contains("Both lose"), "{audit}");

    let mut d = desk("").await?;
    set_ruleset(&mut d.recorder, &d.event, "japanese-1989").await?;
    for point in ["B9", "E5", "A8", "A9"] {
        d.t.play(&mut d.recorder, point).await?.assert_status(303)?;
    }
    let id = d.only("illegal-move").await?;
    let page = d.referee.get(&format!("{}/disputes/{id}", d.event)).await?.body;
    assert!(page.contains("Japanese 1989 Art. 14") && page.contains("value=\"loss:white\""), "{page}");
    assert!(!page.contains("void-move-lose-turn"), "the 1988 sanction is not the Japanese rules': {page}");
    d.rule(&id, &[("ruling", "loss:white")]).await?.assert_status(303)?;
    assert_eq!(d.points().await?, (2, 0));
    Ok(())
}

/// Issue 46, acceptance 4: every mail of a dispute → ruling → appeal → hearing cycle links the
/// full address of the dispute, which answers 200 to the reader it was sent to; subjects do not
/// repeat the event's name; a 实战解决 ruling names the side that moves first in every notice,
/// in all four languages.
#[actix_web::test]
async fn dispute_mails_link_the_full_address_and_rulings_name_their_side() -> TestResult {
    let mut d = desk("").await?;
    d.play_out(&[(true, "C3"), (false, "G7"), (true, "pass"), (false, "pass")]).await?;
    d.white.post(&format!("{}/dispute", d.t.board), &[("claim", "G7 lives")]).await?.assert_status(303)?;
    let id = d.only("dead-stones").await?;
    d.rule(&id, &[("ruling", "resolve-by-play:black")]).await?.assert_status(303)?;
    let dispute = format!("{}/disputes/{id}", d.event);
    d.white
        .post(&format!("{dispute}/appeal"), &[("claim", "Black should not move first")])
        .await?
        .assert_status(303)?;
    d.chief.post(&format!("{dispute}/hear"), &[("ruling", "uphold")]).await?.assert_status(303)?;
    let base = d.t.app.base.clone();
    let mut readers = [
        (d.t.emails[0].clone(), &mut d.black),
        (d.t.emails[1].clone(), &mut d.white),
        (d.referee_email.clone(), &mut d.referee),
    ];
    for (email, reader) in readers.iter_mut() {
        let mut mails = Vec::new();
        for _ in 0..50 {
            mails = d.t.app.mails_to(email);
            if mails.iter().filter(|m| m.body.contains("/disputes/")).count() >= 2 {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let dispute_mails: Vec<_> = mails.iter().filter(|m| m.body.contains("/disputes/")).collect();
        // The players and the referee each hear of at least two steps they did not take.
        assert!(dispute_mails.len() >= 2, "{email}: filed, ruled, appealed or heard: {mails:?}");
        for mail in dispute_mails {
            let link = mail.link_starting(&format!("{base}/events/")).ok_or("no full address")?;
            assert!(!mail.body.lines().any(|l| l.starts_with("/events/")), "no bare path: {}", mail.body);
            let path = link.strip_prefix(&base).unwrap_or(&link).to_string();
            reader.get(&path).await?.assert_status(200)?;
            assert_eq!(mail.subject.matches("Live Cup").count(), 1, "{}", mail.subject);
        }
    }
    // The ruling's side, in every language the notices are read in.
    use yunzi::i18n::Locale;
    for (lang, locale, side) in
        [("zh", Locale::Zh, "黑方"), ("en", Locale::En, "Black"), ("ja", Locale::Ja, "黒"), ("ko", Locale::Ko, "흑")]
    {
        d.white.get(&format!("/lang/{lang}?next=/")).await?;
        let notices = d.white.get("/notifications").await?.body;
        let ruled = notices
            .lines()
            .find(|l| l.contains(&locale.t("desk-resolve-by-play")))
            .ok_or_else(|| format!("{lang}: no ruling notice in {notices}"))?;
        assert!(ruled.contains(&format!(" · {side}")), "{lang}: {ruled}");
    }
    Ok(())
}

/// The text of `css` on the browser's page, or "" when it is not there.
async fn text_of(browser: &fantoccini::Client, css: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(match browser.find(fantoccini::Locator::Css(css)).await {
        Ok(element) => element.text().await?,
        Err(_) => String::new(),
    })
}

/// Issue 46, acceptance 1, in Chromium and in 中文: the 9×9 triple ko is played on a live board
/// (the record by the board assistant, the lap's last move by White's click); the engine files
/// it and holds the game at that move: Black's next move is refused with the reason, both clocks
/// stand still while the injected clock moves on 60 s; the dispute page lists the lap's moves
/// and shows no count; the referee rules 重下 though the event's form chose 和棋, and a new game
/// starts.
#[actix_web::test]
async fn a_triple_ko_holds_the_game_and_is_replayed_in_the_browser() -> TestResult {
    use crate::browser::{click, log_in, start_browser};
    use crate::live::{click_on, wait_for};
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_white_driver, white)) = start_browser().await? else { return Ok(()) };
    let Some((_referee_driver, referee)) = start_browser().await? else { return Ok(()) };
    let mut t = crate::live::live_table("30m").await?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let (_, referee_email) = referee_with_address(&t, &mut recorder, &event).await?;
    let points = record_points("triple-ko-9x9.sgf")?;
    let (last, before_last) = points.split_last().ok_or("an empty record")?;
    play_points(&mut t, &mut recorder, before_last).await?;
    let base = t.app.base.clone();
    let result = async {
        for (browser, email, password) in [
            (&black, &t.emails[0], "player passphrase"),
            (&white, &t.emails[1], "player passphrase"),
            (&referee, &referee_email, "a referee passphrase"),
        ] {
            log_in(browser, &base, email, password).await?;
            browser.goto(&format!("{base}/lang/zh?next={}", t.board)).await?;
            wait_for(browser, "#live").await?;
        }
        // White's click completes the lap: the game is held for the referee.
        wait_for(&white, "#play:not([disabled])").await?;
        click_on(&white, &format!(r#".point[data-point="{last}"]"#)).await?;
        wait_for(&black, "#live-cycle-held").await?;
        let held = text_of(&black, "#live-cycle-held").await?;
        assert!(held.contains("第 23 手至第 28 手") && held.contains("暂停"), "{held}");
        // Black takes the first ko back: refused, with the reason.
        click_on(&black, r#".point[data-point="B8"]"#).await?;
        wait_for(&black, "#live-error:not([hidden])").await?;
        let refused = text_of(&black, "#live-error").await?;
        assert!(refused.contains("循环") && refused.contains("裁判"), "{refused}");
        // Both clocks stand still across 60 s of the injected clock.
        let clocks = |browser: &fantoccini::Client| {
            let browser = browser.clone();
            async move {
                let mut millis = Vec::new();
                for clock in browser.find_all(Locator::Css(".clock")).await? {
                    millis.push(clock.attr("data-millis").await?.unwrap_or_default());
                }
                Ok::<Vec<String>, Box<dyn std::error::Error>>(millis)
            }
        };
        black.refresh().await?;
        wait_for(&black, "#live-cycle-held").await?;
        let before = clocks(&black).await?;
        t.wait(60);
        black.refresh().await?;
        wait_for(&black, "#live-cycle-held").await?;
        assert_eq!(before.len(), 2);
        assert_eq!(clocks(&black).await?, before, "both clocks stand still");

        // The referee's page: the lap, no count; 重下 though the event chose 和棋.
        referee.goto(&format!("{base}{event}/disputes")).await?;
        click(&referee, "tr[data-kind=\"cycle\"] td a").await?;
        wait_for(&referee, "#dispute-lap").await?;
        assert_eq!(referee.find_all(Locator::Css("#dispute-lap li")).await?.len(), 6, "the lap's six moves");
        let summary = text_of(&referee, "#dispute-lap-summary").await?;
        assert!(summary.contains("三劫循环") && summary.contains("第 23 手"), "{summary}");
        assert!(referee.find_all(Locator::Css("#dispute-count, #dispute-proposal")).await?.is_empty(), "no count");
        let first = referee.find(Locator::Css("#rule-form select[name=ruling] option")).await?;
        assert_eq!(first.attr("value").await?.as_deref(), Some("draw"), "the event's setting is the default");
        referee.find(Locator::Css("#rule-form select[name=ruling]")).await?.select_by_value("replay").await?;
        click(&referee, "#rule").await?;
        wait_for(&referee, "#dispute-ruling[data-ruling=\"replay\"]").await?;
        black.goto(&format!("{base}{}", t.board)).await?;
        wait_for(&black, "#live[data-moves=\"0\"]").await?;
        assert!(black.find_all(Locator::Css("#live-cycle-held")).await?.is_empty(), "a new game, not held");
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "cycle", [("black", black), ("white", white), ("referee", referee)]).await
}

/// Issue 46, acceptance 3, in Chromium and in 中文: after the passes Black taps its corner group
/// (which the engine marks dead) to hold it alive, writes why, and calls the referee. On a
/// 1024 px tablet and a 390 px phone the referee's page shows that group first with the line
/// that proves it dead, each move number's box at least 12 px high; the referee's reasons
/// reach both players' notices.
#[actix_web::test]
async fn a_player_holds_a_group_alive_and_the_referee_reads_it_first_in_the_browser() -> TestResult {
    hold_a_group_alive_and_read_its_proof_in_the_browser("9", "read-9x9.sgf", "B8", "A8").await
}

/// Issue 50, acceptance 4: the same on a 19×19 board (`read-19x19.sgf`: the corner of a board
/// White owns to the J line): the contested group's proof, which the checker replayed, is drawn
/// zoomed on its region, and at 390 px each move number's box is at least 12 px high.
#[actix_web::test]
async fn a_proof_on_a_19x19_board_is_drawn_zoomed_and_readable_on_a_phone() -> TestResult {
    hold_a_group_alive_and_read_its_proof_in_the_browser("19", "read-19x19.sgf", "B18", "A18").await
}

/// Black holds its corner group (the stone at `tap`, the group naming `named`) alive on a board
/// of `size` after playing `file`; the referee reads the proof, ruling it played out.
async fn hold_a_group_alive_and_read_its_proof_in_the_browser(
    size: &str,
    file: &str,
    tap: &str,
    named: &str,
) -> TestResult {
    use crate::browser::{click, log_in, start_browser, type_into};
    use crate::live::{click_on, wait_for};
    use fantoccini::Locator;
    let Some((_black_driver, black)) = start_browser().await? else { return Ok(()) };
    let Some((_referee_driver, referee)) = start_browser().await? else { return Ok(()) };
    let (mut t, event) = board_for_records(size).await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let (_, referee_email) = referee_with_address(&t, &mut recorder, &event).await?;
    play_record(&mut t, &mut recorder, file).await?;
    let base = t.app.base.clone();
    let result = async {
        log_in(&black, &base, &t.emails[0], "player passphrase").await?;
        black.goto(&format!("{base}/lang/zh?next={}", t.board)).await?;
        wait_for(&black, "#mark-form").await?;
        // The engine's proposal marks Black's corner dead; Black's tap takes the marks off.
        wait_for(&black, &format!(r#".stone.black.dead[data-point="{tap}"]"#)).await?;
        click_on(&black, &format!(r#".stone.black[data-point="{tap}"]"#)).await?;
        for _ in 0..100 {
            if black.find_all(Locator::Css(".stone.black.dead")).await?.is_empty() {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let mut still_dead = Vec::new();
        for stone in black.find_all(Locator::Css(".stone.black.dead")).await? {
            still_dead.push(stone.attr("data-point").await?.unwrap_or_default());
        }
        assert!(still_dead.is_empty(), "Black holds the corner alive: {still_dead:?} still marked dead");
        type_into(&black, "#refuse-claim", "角上黑棋是活棋，白棋无法侵入").await?;
        click(&black, "#dispute").await?;
        wait_for(&black, "#timeline li[data-step=\"dispute.filed\"]").await?;

        log_in(&referee, &base, &referee_email, "a referee passphrase").await?;
        referee.goto(&format!("{base}/lang/zh?next={event}/disputes")).await?;
        click(&referee, "tr[data-kind=\"dead-stones\"] td a").await?;
        let dispute = referee.current_url().await?.to_string();
        for (width, height) in [(1024, 1000), (390, 844)] {
            referee.set_window_size(width, height).await?;
            referee.goto(&dispute).await?;
            wait_for(&referee, "#contested-groups").await?;
            let first = referee.find(Locator::Css("#contested-groups li")).await?;
            assert_eq!(first.attr("data-held").await?.as_deref(), Some("alive"));
            let said = first.text().await?;
            assert!(said.contains(named) && said.contains("读棋：被白方围住") && said.contains("认为是活棋"), "{said}");
            assert!(said.contains("证明已核验"), "the checker's word: {said}");
            let heights = referee
                .execute(
                    "return Array.from(document.querySelectorAll('#contested-groups svg.figure text.move-number'))\
                     .map(function (t) { return t.getBoundingClientRect().height; });",
                    vec![],
                )
                .await?;
            let heights: Vec<f64> =
                heights.as_array().map(|a| a.iter().filter_map(|h| h.as_f64()).collect()).unwrap_or_default();
            assert!(!heights.is_empty(), "the proof's moves are numbered");
            assert!(heights.iter().all(|h| *h >= 12.0), "at {width} px each number at least 12 px high: {heights:?}");
            eprintln!("the proof's move numbers on {size}x{size} at {width} px: {heights:?} px high");
            let overflow = referee.execute("return document.documentElement.scrollWidth", vec![]).await?;
            assert!(overflow.as_f64().unwrap_or(f64::MAX) <= f64::from(width), "no page wider than the screen");
        }
        referee.set_window_size(1024, 1000).await?;
        referee.goto(&dispute).await?;
        referee
            .find(Locator::Css("#rule-form select[name=ruling]"))
            .await?
            .select_by_value("resolve-by-play:white")
            .await?;
        type_into(&referee, "#rule-form textarea[name=reasons]", "白方认为是死棋，由白方先下").await?;
        click(&referee, "#rule").await?;
        wait_for(&referee, "#ruling-reasons").await?;
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    close_browsers(result, "held", [("black", black), ("referee", referee)]).await?;
    for player in [&mut t.black, &mut t.white] {
        player.get("/lang/zh?next=/").await?;
        let notices = player.get("/notifications").await?.body;
        assert!(
            notices.contains("白方认为是死棋，由白方先下") && notices.contains("实战解决，先行一方 · 白方"),
            "{notices}"
        );
    }
    Ok(())
}

/// docs/screenshots: a cycle's dispute page (the lap, the rulings 1988 Art. 20.3 allows) and a
/// dead-stone dispute naming the group a player holds alive, as the referee sees them, in 中文
/// and English at desktop and phone width. `cargo test --test it screenshots -- --ignored`.
#[actix_web::test]
#[ignore = "draws the documentation's screenshots; run by hand"]
async fn draw_the_referee_desk_screenshots() -> TestResult {
    let (mut t, event) = board_for_records("9").await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let (mut referee, email) = referee_with_address(&t, &mut recorder, &event).await?;
    play_record(&mut t, &mut recorder, "triple-ko-9x9.sgf").await?;
    let queue = referee.get(&format!("{event}/disputes")).await?.body;
    let cycle = attributes(&queue, "data-dispute").first().cloned().ok_or("no cycle")?;
    crate::screenshots::draw_pages(
        &t.app.base,
        &email,
        "a referee passphrase",
        &[("dispute-cycle", format!("{event}/disputes/{cycle}")), ("board-cycle-held", t.board.clone())],
    )
    .await?;

    let (mut t, event) = board_for_records("9").await?;
    let mut recorder = std::mem::replace(&mut t.director, t.app.client());
    let (mut referee, email) = referee_with_address(&t, &mut recorder, &event).await?;
    play_record(&mut t, &mut recorder, "read-9x9.sgf").await?;
    let board = t.board.clone();
    t.black.post(&format!("{board}/mark"), &[("point", "B8")]).await?.assert_status(303)?;
    t.black
        .post(&format!("{board}/dispute"), &[("claim", "My corner lives: White has no way in")])
        .await?
        .assert_status(303)?;
    let queue = referee.get(&format!("{event}/disputes")).await?.body;
    let dead = attributes(&queue, "data-dispute").first().cloned().ok_or("no dispute")?;
    crate::screenshots::draw_pages(
        &t.app.base,
        &email,
        "a referee passphrase",
        &[("dispute-dead-stones-held", format!("{event}/disputes/{dead}"))],
    )
    .await
}

/// After a browser test: each browser's screenshot if it failed (yunzi-TEST-NAME-failure.png in
/// the temp folder), and every browser closed.
async fn close_browsers<const N: usize>(
    result: TestResult,
    test: &str,
    browsers: [(&str, fantoccini::Client); N],
) -> TestResult {
    for (name, browser) in browsers {
        if result.is_err()
            && let Ok(png) = browser.screenshot().await
        {
            let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-{test}-{name}-failure.png")), png);
        }
        let _ = browser.close().await;
    }
    result
}

/// The pages this session's work changed, drawn to be read (not documentation): the false-life
/// dispute with its rulings, the event form's rule sets, a refused import on a phone, a refused
/// control character, the rating search across scripts, the audit log. In 中文 and English, at
/// desktop and phone width, into the temporary folder's `yunzi-look`.
#[actix_web::test]
#[ignore = "draws pages to look at; run by hand"]
async fn draw_the_pages_to_read() -> TestResult {
    let (table, mut recorder, event, queue) = cycle_filed("false-life.sgf").await?;
    let dispute = attributes(&queue.body, "data-dispute").first().cloned().ok_or("no dispute")?;
    let (_referee, referee_email) = referee_with_address(&table, &mut recorder, &event).await?;
    recorder
        .post_file(&format!("{event}/players/import"), "file", "p.csv", "name,rank,club\nToo Weak,31k,B\nGood,3k,A\n")
        .await?;
    let Some((_driver, browser)) = crate::browser::start_browser().await? else { return Err("no browser".into()) };
    let base = table.app.base.clone();
    let out = std::env::temp_dir().join("yunzi-look");
    std::fs::create_dir_all(&out)?;
    for lang in ["zh", "en"] {
        for (width_name, width, height) in [("desktop", 1280u32, 1000u32), ("phone", 390, 844)] {
            browser.set_window_size(width, height).await?;
            let shoot = |name: &str| out.join(format!("{name}-{lang}-{width_name}.png"));
            browser.delete_all_cookies().await?;
            browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
            crate::browser::log_in(&browser, &base, &referee_email, "a referee passphrase").await?;
            browser.goto(&format!("{base}{event}/disputes/{dispute}")).await?;
            browser.execute("document.getElementById('rule-form').scrollIntoView()", vec![]).await?;
            std::fs::write(shoot("false-life-dispute"), browser.screenshot().await?)?;
            browser.goto(&format!("{base}/ratings/search?q=%E6%9F%AF%E6%B4%81%00")).await?;
            std::fs::write(shoot("control-character"), browser.screenshot().await?)?;
            browser.delete_all_cookies().await?;
            browser.goto(&format!("{base}/lang/{lang}?next=/")).await?;
            crate::browser::log_in(&browser, &base, &table.director_email, "live passphrase").await?;
            browser.goto(&format!("{base}{event}/edit")).await?;
            browser.execute("document.querySelector('select[name=ruleset]').scrollIntoView()", vec![]).await?;
            std::fs::write(shoot("event-form"), browser.screenshot().await?)?;
            crate::browser::import_players(&browser, &base, &event, "name,rank,club\nToo Weak,31k,B\nGood,3k,A\n")
                .await?;
            std::fs::write(shoot("refused-import"), browser.screenshot().await?)?;
            browser.goto(&format!("{base}{event}/audit")).await?;
            std::fs::write(shoot("audit"), browser.screenshot().await?)?;
        }
    }
    let _ = browser.close().await;
    Ok(())
}
