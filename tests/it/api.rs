//! The open read API (issue 27): every endpoint read over HTTP as a club site or a streamer
//! would, what must never leave the server checked in every answer (e-mail addresses, a draft
//! round, a dispute's words), the OpenAPI document validated by an outside validator, and a
//! live board followed through the API's stream.
use serde_json::Value;

use crate::helpers::*;
use crate::live::{EventStream, live_table};
use crate::systems::{SIX, enter, event_with_system, pair_and_publish};

/// An answer of the API: status, the headers a client reads, and the JSON.
struct Answer {
    status: u16,
    content_type: String,
    allow_origin: Option<String>,
    etag: Option<String>,
    text: String,
    json: Value,
}

async fn api(base: &str, path: &str, headers: &[(&str, &str)]) -> Result<Answer, Box<dyn std::error::Error>> {
    let mut request = reqwest::Client::new().get(format!("{base}{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await?;
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let (status, content_type, allow_origin, etag) = (
        response.status().as_u16(),
        header("content-type").unwrap_or_default(),
        header("access-control-allow-origin"),
        header("etag"),
    );
    let text = response.text().await?;
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Ok(Answer { status, content_type, allow_origin, etag, text, json })
}

/// GETs `path` and insists on 200 JSON readable from any origin.
async fn read(base: &str, path: &str, seen: &mut Vec<String>) -> Result<Value, Box<dyn std::error::Error>> {
    let answer = api(base, path, &[]).await?;
    if answer.status != 200 {
        return Err(format!("{path}: {} {}", answer.status, answer.text).into());
    }
    assert!(answer.content_type.starts_with("application/json"), "{path}: {}", answer.content_type);
    assert_eq!(answer.allow_origin.as_deref(), Some("*"), "{path}: CORS");
    assert!(answer.etag.is_some(), "{path}: an ETag");
    seen.push(answer.text);
    Ok(answer.json)
}

/// An error's status and stable code.
async fn refused(base: &str, path: &str) -> Result<(u16, String), Box<dyn std::error::Error>> {
    let answer = api(base, path, &[]).await?;
    assert!(answer.content_type.starts_with("application/json"), "{path}: {} {}", answer.content_type, answer.text);
    assert_eq!(answer.allow_origin.as_deref(), Some("*"), "{path}: CORS on errors too");
    Ok((answer.status, answer.json["error"]["code"].as_str().unwrap_or("").to_string()))
}

#[actix_web::test]
async fn the_read_api_serves_a_live_event_and_never_an_address_or_a_dispute() -> TestResult {
    let mut t = live_table("60m + 3x30s").await?;
    let base = t.app.base.clone();
    let event_path = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let event_id: i32 = event_path.trim_start_matches("/events/").parse()?;
    let api_event = format!("/api/v1/events/{event_id}");
    let api_board = format!("/api/v1{}", t.board);

    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "C3").await?.assert_status(303)?;
    t.play(&mut white, "D4").await?.assert_status(303)?;
    // What players tell the referees stays with them.
    let claim = "My opponent keeps tapping the table";
    black.post(&format!("{}/disputes", t.board), &[("kind", "conduct"), ("claim", claim)]).await?.assert_status(303)?;

    let mut seen = Vec::new();
    let events = read(&base, "/api/v1/events", &mut seen).await?;
    let listed = events["items"].as_array().ok_or("no items")?;
    assert!(listed.iter().any(|e| e["id"] == event_id && e["name"] == "Live Cup"), "{events}");
    assert_eq!(events["paging"]["page"], 1);

    let event = read(&base, &api_event, &mut seen).await?;
    assert_eq!((event["name"].as_str(), event["board_size"].as_i64()), (Some("Live Cup"), Some(9)));
    assert_eq!(event["published_rounds"], serde_json::json!([1]));

    let players = read(&base, &format!("{api_event}/players"), &mut seen).await?;
    let mut names: Vec<&str> =
        players["items"].as_array().ok_or("no players")?.iter().filter_map(|p| p["name"].as_str()).collect();
    names.sort();
    assert_eq!(names, vec!["Ke Jie", "Shin Jinseo"]);
    assert_eq!(players["items"][0]["rank"], "9d");

    let rounds = read(&base, &format!("{api_event}/rounds"), &mut seen).await?;
    assert_eq!(rounds["items"][0]["number"], 1);
    let round = read(&base, &format!("{api_event}/rounds/1"), &mut seen).await?;
    let board = &round["boards"][0];
    assert_eq!(
        (board["black"]["name"].as_str(), board["white"]["name"].as_str()),
        (Some(t.names[0].as_str()), Some(t.names[1].as_str()))
    );
    assert_eq!(board["live"].as_str(), Some(api_board.as_str()));

    let standings = read(&base, &format!("{api_event}/standings"), &mut seen).await?;
    assert_eq!(standings["rows"].as_array().map(Vec::len), Some(2));
    assert!(standings["tie_breaks"].as_array().is_some_and(|t| !t.is_empty()));

    let live = read(&base, &api_board, &mut seen).await?;
    let points: Vec<&str> =
        live["moves"].as_array().ok_or("no moves")?.iter().filter_map(|m| m["point"].as_str()).collect();
    assert_eq!(points, vec!["C3", "D4"]);
    assert_eq!((live["phase"].as_str(), live["to_move"].as_str()), (Some("playing"), Some("black")));
    // 9×9, rows from the top: D4 is the sixth row, C3 the seventh.
    assert_eq!(live["position"].as_array().map(Vec::len), Some(9));
    assert_eq!(live["position"][5], "...O.....");
    assert_eq!(live["position"][6], "..X......");
    assert_eq!(live["clocks"].as_array().map(Vec::len), Some(2));
    assert_eq!(live["clocks"][0]["running"], true, "Black's clock runs");

    // Nothing anyone typed for the staff or the mail reaches an answer.
    for text in &seen {
        for secret in t.emails.iter().chain([&t.director_email]) {
            assert!(!text.contains(secret.as_str()), "an address in {text}");
        }
        assert!(!text.contains('@'), "no address at all: {text}");
        assert!(!text.contains(claim) && !text.contains("conduct"), "the dispute in {text}");
    }

    // The same answer again is a 304 for a client that has it.
    let first = api(&base, &api_event, &[]).await?;
    let etag = first.etag.clone().ok_or("no ETag")?;
    let again = api(&base, &api_event, &[("If-None-Match", &etag)]).await?;
    assert_eq!(again.status, 304);
    let board_etag = api(&base, &api_board, &[]).await?.etag.ok_or("no ETag")?;
    assert_eq!(api(&base, &api_board, &[("If-None-Match", &board_etag)]).await?.status, 304);

    // The stream: the board now, then each move as it is made.
    let mut stream = EventStream::open(&t.app, &format!("{api_board}/stream")).await?;
    let now = stream.next().await?;
    assert_eq!((now["moves"].as_u64(), now["last_move"].as_str()), (Some(2), Some("D4")));
    assert!(now.get("svg").is_none() && now.get("status").is_none(), "the page's drawing stays on the page: {now}");
    t.play(&mut black, "E5").await?.assert_status(303)?;
    let after = stream.next().await?;
    assert_eq!((after["moves"].as_u64(), after["last_move"].as_str()), (Some(3), Some("E5")));
    assert_eq!(after["position"][4], "....X....");
    assert_eq!(after["clocks"][1]["running"], true, "White's clock runs");
    // A changed board has a new ETag.
    assert_ne!(api(&base, &api_board, &[("If-None-Match", &board_etag)]).await?.status, 304);

    // Errors are JSON with a stable code.
    assert_eq!(refused(&base, "/api/v1/events/987654").await?, (404, "not_found".into()));
    assert_eq!(refused(&base, "/api/v1/events/x/players").await?, (404, "not_found".into()));
    assert_eq!(refused(&base, &format!("{api_event}/rounds/9")).await?, (404, "not_found".into()));
    assert_eq!(refused(&base, &format!("{api_event}/rounds/1/boards/5")).await?.0, 404);
    assert_eq!(refused(&base, "/api/v1/nothing-here").await?, (404, "not_found".into()));
    assert_eq!(refused(&base, "/api/v1/events?page=0").await?, (400, "bad_request".into()));
    assert_eq!(refused(&base, "/api/v1/events?per_page=501").await?, (400, "bad_request".into()));
    assert_eq!(refused(&base, "/api/v1/events?pgae=2").await?, (400, "bad_request".into()));

    // A preflight from another site's script is answered for reading only.
    let preflight = reqwest::Client::new()
        .request(reqwest::Method::OPTIONS, format!("{base}{api_event}"))
        .header("Origin", "https://club.example")
        .header("Access-Control-Request-Method", "GET")
        .send()
        .await?;
    assert_eq!(preflight.status().as_u16(), 204);
    let methods = preflight.headers().get("access-control-allow-methods").and_then(|v| v.to_str().ok()).unwrap_or("");
    assert!(methods.contains("GET") && !methods.contains("POST"), "{methods}");
    // A write without a token is refused, in JSON too.
    let post = reqwest::Client::new().post(format!("{base}{api_event}")).send().await?;
    assert_eq!(post.status().as_u16(), 401);
    let body: Value = serde_json::from_str(&post.text().await?)?;
    assert_eq!(body["error"]["code"], "unauthorized");
    Ok(())
}

#[actix_web::test]
async fn a_draft_round_is_never_served_and_big_lists_come_in_pages() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(&app, "swiss", &[], SIX).await?;
    let base = app.base.clone();
    let api_event = format!("/api/v1/events/{event_id}");
    let published = pair_and_publish(&mut director, event_id, 1).await?;
    for (board, _, _) in &published {
        enter(&mut director, event_id, 1, *board, "black").await?;
    }
    // Round 2 drafted, not published: its pairing is the director's alone.
    let made = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    assert!(made.redirected_to(&format!("/events/{event_id}/rounds/2")));
    assert_eq!(refused(&base, &format!("{api_event}/rounds/2")).await?, (404, "not_found".into()));
    assert_eq!(refused(&base, &format!("{api_event}/rounds/2/boards/1")).await?, (404, "not_found".into()));
    assert_eq!(refused(&base, &format!("{api_event}/rounds/2/boards/1/stream")).await?, (404, "not_found".into()));
    let mut seen = Vec::new();
    let rounds = read(&base, &format!("{api_event}/rounds"), &mut seen).await?;
    assert_eq!(rounds["items"].as_array().map(Vec::len), Some(1), "{rounds}");
    let event = read(&base, &api_event, &mut seen).await?;
    assert_eq!(event["published_rounds"], serde_json::json!([1]));
    let standings = read(&base, &format!("{api_event}/standings"), &mut seen).await?;
    assert_eq!(standings["rounds"], serde_json::json!([1]));
    let winners: Vec<&str> = published.iter().map(|(_, black, _)| black.as_str()).collect();
    for row in standings["rows"].as_array().ok_or("no rows")? {
        let name = row["player"]["name"].as_str().unwrap_or("");
        let expected = if winners.contains(&name) { 2 } else { 0 };
        assert_eq!(row["points_half"], expected, "{name}");
        assert_eq!(row["results"][0]["kind"], "game");
        assert_eq!(row["results"][0]["outcome"], if expected == 2 { "won" } else { "lost" });
    }
    let round = read(&base, &format!("{api_event}/rounds/1"), &mut seen).await?;
    assert!(round["boards"].as_array().is_some_and(|b| b.iter().all(|b| b["result"] == "B+R")), "{round}");
    // Nothing of the draft: the pairing's costs and the draft's checks are not in any answer.
    for text in &seen {
        assert!(!text.contains("cost") && !text.contains("warning"), "{text}");
    }

    // Six players in pages of four.
    let first = read(&base, &format!("{api_event}/players?per_page=4"), &mut seen).await?;
    assert_eq!(first["items"].as_array().map(Vec::len), Some(4));
    assert_eq!(first["paging"]["total"], 6);
    let next = first["paging"]["next"].as_str().ok_or("no next page")?.to_string();
    let second = read(&base, &next, &mut seen).await?;
    assert_eq!(second["items"].as_array().map(Vec::len), Some(2));
    assert!(second["paging"]["next"].is_null());
    let names = |page: &Value| -> Vec<String> {
        page["items"]
            .as_array()
            .map(|items| items.iter().filter_map(|p| p["name"].as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    let mut all = [names(&first), names(&second)].concat();
    all.sort();
    assert_eq!(all, vec!["S1", "S2", "S3", "S4", "S5", "S6"]);
    Ok(())
}

/// Acceptance (issue 27, item 1): the document validates as OpenAPI 3.1 under
/// openapi-spec-validator (installed by tests/run), and names every endpoint.
#[actix_web::test]
async fn the_openapi_document_validates_and_names_every_endpoint() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut seen = Vec::new();
    let document = read(&app.base, "/api/v1/openapi.json", &mut seen).await?;
    assert!(document["openapi"].as_str().is_some_and(|v| v.starts_with("3.1")), "{}", document["openapi"]);
    let paths = document["paths"].as_object().ok_or("no paths")?;
    assert_eq!(paths.len(), 12, "{:?}", paths.keys().collect::<Vec<_>>());
    let push = &paths["/api/v1/events/{event_id}/sync"]["post"];
    assert_eq!(push["security"][0]["token"], serde_json::json!([]), "the venue's push names its token: {push}");
    let write = &paths["/api/v1/events/{event_id}/rounds/{number}/boards/{board}/result"]["post"];
    assert_eq!(write["security"][0]["token"], serde_json::json!([]), "the write names its token: {write}");
    assert_eq!(document["components"]["securitySchemes"]["token"]["scheme"], "bearer");
    let file = temp_dir("openapi").join("openapi.json");
    std::fs::write(&file, &seen[0])?;
    let check = std::process::Command::new("python3")
        .arg("-c")
        .arg("import sys, json; from openapi_spec_validator import validate; validate(json.load(open(sys.argv[1]))); print('valid')")
        .arg(&file)
        .output()?;
    assert!(
        check.status.success(),
        "openapi-spec-validator (tests/run installs it): {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&check.stdout).trim(), "valid");
    Ok(())
}

/// The next line the client printed, waiting up to 30 s without holding up this thread: the
/// server under test and its database pool's background work run on it too, and a blocking
/// wait would starve them (the pool then times out its requests).
async fn next_line(lines: &std::sync::mpsc::Receiver<String>) -> Result<String, String> {
    for _ in 0..600 {
        match lines.try_recv() {
            Ok(line) => return Ok(line),
            Err(std::sync::mpsc::TryRecvError::Empty) => {
                actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err("no line from the client in 30 s".into())
}

/// The example client (examples/follow_board.rs, built by `cargo test`) follows a board to its
/// end: the moves made before it came, each move after, and the result.
#[actix_web::test]
async fn the_example_client_follows_a_board_to_its_result() -> TestResult {
    use std::io::BufRead;
    let examples = std::env::current_exe()?
        .parent()
        .and_then(|deps| deps.parent())
        .map(|debug| debug.join("examples").join("follow_board"))
        .ok_or("no target folder")?;
    if !examples.exists() {
        return Err(format!("{} is not built: run the tests with cargo test", examples.display()).into());
    }
    let mut t = live_table("60m").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    let mut white = std::mem::replace(&mut t.white, t.app.client());
    t.play(&mut black, "C3").await?.assert_status(303)?;
    let parts: Vec<&str> = t.board.split('/').collect();
    let (event, round, board) = (parts[2], parts[4], parts[6]);
    let mut child = std::process::Command::new(&examples)
        .args([&t.app.base, event, round, board])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no output")?;
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let mut stderr = child.stderr.take().ok_or("no error output")?;
    let header = match next_line(&received).await {
        Ok(line) => line,
        Err(e) => {
            let _ = child.kill();
            let mut said = String::new();
            std::io::Read::read_to_string(&mut stderr, &mut said)?;
            return Err(format!("{e}: the client said {said}").into());
        }
    };
    assert!(header.contains(&t.names[0]) && header.contains("(black, 9d)") && header.contains("9×9"), "{header}");
    assert_eq!(next_line(&received).await?.split_whitespace().collect::<Vec<_>>(), vec!["1", "black", "C3"]);
    // Give the client time to open its stream before the next move.
    actix_web::rt::time::sleep(std::time::Duration::from_millis(500)).await;
    t.play(&mut white, "D4").await?.assert_status(303)?;
    let line = next_line(&received).await?;
    assert!(line.starts_with("   2 white D4") && line.contains("black 60:00"), "{line}");
    white.post(&format!("{}/resign", t.board), &[("colour", "white")]).await?.assert_status(303)?;
    assert_eq!(next_line(&received).await?, "result: B+R");
    // Waited for without blocking, as above.
    let mut status = None;
    for _ in 0..200 {
        status = child.try_wait()?;
        if status.is_some() {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(status.is_some_and(|s| s.success()), "the client ends once the game has: {status:?}");
    Ok(())
}

/// A write to the API with `token` (none: no Authorization header): (status, JSON answer).
pub(crate) async fn write(
    base: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> Result<(u16, Value), Box<dyn std::error::Error>> {
    let mut request = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .header("Content-Type", "application/json")
        .body(body.to_string());
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let answer = request.send().await?;
    let status = answer.status().as_u16();
    let text = answer.text().await?;
    Ok((status, serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?))
}

/// The token a director's tokens page shows once, after making one.
pub(crate) fn shown_token(page: &str) -> Result<String, Box<dyn std::error::Error>> {
    let start = page.find("id=\"new-token\">").ok_or("no token shown")? + "id=\"new-token\">".len();
    Ok(page[start..].split('<').next().unwrap_or_default().to_string())
}

/// Issue 54 (tokens and the write API): a director makes a results token on the event's tokens
/// page (shown once, stored as its SHA-256); with it a script records a board's result through
/// the API as the round page's form does, audited under the token's name; a second result is a
/// conflict; a token of another purpose or for another event writes nothing, nor does a bad or
/// a withdrawn one, nor a request without one; a player cannot reach the tokens page.
#[actix_web::test]
async fn a_token_writes_a_result_for_its_event_and_nothing_else() -> TestResult {
    let mut t = live_table("").await?;
    let base = t.app.base.clone();
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let tokens = format!("{event}/tokens");
    t.black.get(&tokens).await?.assert_status(403)?;
    assert!(t.director.get(&event).await?.body.contains(&format!("href=\"{tokens}\"")), "the event links its tokens");
    let made = t.director.post(&tokens, &[("name", "Venue tablets"), ("purpose", "results")]).await?;
    made.assert_status(200)?;
    let secret = shown_token(&made.body)?;
    assert!(secret.starts_with("yz_") && secret.len() == 67, "{secret}");
    // Shown once: the page drawn again lists the token, never the token itself.
    let listed = t.director.get(&tokens).await?.body;
    assert!(listed.contains("Venue tablets") && !listed.contains(&secret));
    let refused = t.director.post(&tokens, &[("name", " "), ("purpose", "results")]).await?;
    assert!(refused.body.contains("Give the token a name"), "{}", refused.body);
    let registration =
        shown_token(&t.director.post(&tokens, &[("name", "Club software"), ("purpose", "registration")]).await?.body)?;
    let other_event = crate::live::live_event(&mut t.director, "Other Cup", "").await?;
    let other = shown_token(
        &t.director
            .post(&format!("/events/{other_event}/tokens"), &[("name", "Other"), ("purpose", "sync")])
            .await?
            .body,
    )?;

    let result_path = format!("/api/v1{}/result", t.board);
    let code = |answer: &Value| answer["error"]["code"].as_str().unwrap_or_default().to_string();
    let (status, answer) = write(&base, &result_path, None, r#"{"result": "B+R"}"#).await?;
    assert_eq!((status, code(&answer)), (401, "unauthorized".into()), "no token: {answer}");
    let (status, answer) = write(&base, &result_path, Some("yz_not-a-token"), r#"{"result": "B+R"}"#).await?;
    assert_eq!((status, code(&answer)), (401, "unauthorized".into()), "{answer}");
    let (status, answer) = write(&base, &result_path, Some(&registration), r#"{"result": "B+R"}"#).await?;
    assert_eq!((status, code(&answer)), (403, "forbidden".into()), "another purpose: {answer}");
    let (status, answer) = write(&base, &result_path, Some(&other), r#"{"result": "B+R"}"#).await?;
    assert_eq!((status, code(&answer)), (403, "forbidden".into()), "another event's token: {answer}");
    let (status, answer) = write(&base, &result_path, Some(&secret), r#"{"result": "B+lots"}"#).await?;
    assert_eq!((status, code(&answer)), (400, "bad_request".into()), "{answer}");
    let (status, answer) = write(&base, &result_path, Some(&secret), "result=B+R").await?;
    assert_eq!((status, code(&answer)), (400, "bad_request".into()), "not JSON: {answer}");

    let (status, answer) = write(&base, &result_path, Some(&secret), r#"{"result": "B+R"}"#).await?;
    assert_eq!(status, 201, "{answer}");
    assert_eq!((answer["result"].as_str(), answer["token"].as_str()), (Some("B+R"), Some("Venue tablets")));
    let round: Value =
        serde_json::from_str(&reqwest::get(format!("{base}/api/v1{event}/rounds/1")).await?.text().await?)?;
    assert_eq!(round["boards"][0]["result"], "B+R", "{round}");
    let (status, answer) = write(&base, &result_path, Some(&secret), r#"{"result": "W+R"}"#).await?;
    assert_eq!((status, code(&answer)), (409, "conflict".into()), "a second result: {answer}");
    // The audit log names the token; the tokens page its last use.
    let audit = t.director.get(&format!("{event}/audit")).await?.body;
    assert!(
        audit.contains("through the API token “Venue tablets”") && audit.contains("API token made"),
        "the audit log names the token"
    );
    assert!(!audit.contains(&secret), "never the token itself");
    let listed = t.director.get(&tokens).await?.body;
    let row = listed.split("Venue tablets").nth(1).unwrap_or_default().split("</tr>").next().unwrap_or_default();
    assert!(!row.contains("—"), "last used is noted: {row}");

    // Withdrawn, it writes nothing more.
    let id = listed
        .split("<tr data-token=\"")
        .find(|row| row.contains("Venue tablets"))
        .and_then(|row| row.split('"').next())
        .ok_or("no token row")?;
    t.director.post(&format!("{tokens}/{id}/revoke"), &[]).await?.assert_status(303)?;
    let board_2 = result_path.replace("/boards/1/", "/boards/2/");
    let (status, answer) = write(&base, &board_2, Some(&secret), r#"{"result": "B+R"}"#).await?;
    assert_eq!((status, code(&answer)), (401, "unauthorized".into()), "a withdrawn token: {answer}");
    assert!(t.director.get(&tokens).await?.body.contains("Withdrawn"));
    Ok(())
}

/// Issue 54 (the write API): a registration token registers players as the director's form
/// does — refused with the form's reasons, a likely duplicate kept and said, the players'
/// list and the audit log showing them — and a results token cannot.
#[actix_web::test]
async fn a_registration_token_registers_players_as_the_form_does() -> TestResult {
    let mut t = live_table("").await?;
    let base = t.app.base.clone();
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    let tokens = format!("{event}/tokens");
    let token =
        shown_token(&t.director.post(&tokens, &[("name", "Club software"), ("purpose", "registration")]).await?.body)?;
    let results = shown_token(&t.director.post(&tokens, &[("name", "Tablets"), ("purpose", "results")]).await?.body)?;
    let players = format!("/api/v1{event}/players");
    let code = |answer: &Value| answer["error"]["code"].as_str().unwrap_or_default().to_string();
    let li = r#"{"name": "Li Xuanhao", "rank": "5d", "club": "Shanghai", "rating": 2450}"#;
    let (status, answer) = write(&base, &players, Some(&results), li).await?;
    assert_eq!((status, code(&answer)), (403, "forbidden".into()), "a results token: {answer}");
    let (status, answer) = write(&base, &players, Some(&token), r#"{"name": "Li Xuanhao", "rank": "strong"}"#).await?;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap_or_default().contains("strong"), "the form's reason: {answer}");
    let (status, answer) = write(&base, &players, Some(&token), r#"{"name": "Li", "rank": "5d", "age": 30}"#).await?;
    assert_eq!((status, code(&answer)), (400, "bad_request".into()), "a field the form has not: {answer}");

    let (status, answer) = write(&base, &players, Some(&token), li).await?;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(
        (answer["player"]["name"].as_str(), answer["player"]["rank"].as_str()),
        (Some("Li Xuanhao"), Some("5d"))
    );
    assert_eq!((answer["waiting"].as_bool(), answer["warning"].is_null()), (Some(false), true));
    // The same player again is kept, and said to look registered already.
    let (status, again) = write(&base, &players, Some(&token), li).await?;
    assert_eq!(status, 201, "{again}");
    assert!(again["warning"].as_str().is_some_and(|w| w.contains("Li Xuanhao")), "{again}");
    let listed: Value = serde_json::from_str(&reqwest::get(format!("{base}{players}")).await?.text().await?)?;
    let names: Vec<&str> =
        listed["items"].as_array().ok_or("no items")?.iter().filter_map(|p| p["registered_name"].as_str()).collect();
    assert_eq!(names.iter().filter(|n| **n == "Li Xuanhao").count(), 2, "{names:?}");
    let audit = t.director.get(&format!("{event}/audit")).await?.body;
    assert!(audit.contains("through the API token “Club software”"), "the audit log names the token");
    Ok(())
}

/// Issue 54 (the write API): a `sync` token pairs the next round and publishes it as the
/// director's buttons do — the same refusals (a second draft, a round published twice), the
/// same mails and audit rows, with the token named; a `results` token may do neither.
#[actix_web::test]
async fn a_sync_token_drafts_and_publishes_a_round_as_the_buttons_do() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event) = crate::systems::event_with_system(&app, "swiss", &[], crate::systems::FOUR).await?;
    let tokens = format!("/events/{event}/tokens");
    let sync = shown_token(&director.post(&tokens, &[("name", "Venue laptop"), ("purpose", "sync")]).await?.body)?;
    let results = shown_token(&director.post(&tokens, &[("name", "Tablets"), ("purpose", "results")]).await?.body)?;
    let code = |answer: &Value| answer["error"]["code"].as_str().unwrap_or_default().to_string();
    let rounds = format!("/api/v1/events/{event}/rounds");
    let (status, answer) = write(&app.base, &rounds, Some(&results), "").await?;
    assert_eq!((status, code(&answer)), (403, "forbidden".into()), "a results token pairs nothing: {answer}");
    let (status, answer) = write(&app.base, &rounds, Some(&sync), "").await?;
    assert_eq!(
        (status, answer["round"].as_i64(), answer["published"].as_bool()),
        (201, Some(1), Some(false)),
        "{answer}"
    );
    let (status, answer) = write(&app.base, &rounds, Some(&sync), "").await?;
    assert_eq!((status, code(&answer)), (400, "bad_request".into()), "a draft waits: {answer}");
    director.get(&format!("{rounds}/1")).await?.assert_status(404)?;
    let publish = format!("{rounds}/1/publish");
    let (status, answer) = write(&app.base, &publish, Some(&results), "").await?;
    assert_eq!((status, code(&answer)), (403, "forbidden".into()), "{answer}");
    let (status, answer) = write(&app.base, &publish, Some(&sync), "").await?;
    assert_eq!(
        (status, answer["published"].as_bool(), answer["token"].as_str()),
        (200, Some(true), Some("Venue laptop"))
    );
    let round: Value = serde_json::from_str(&director.get(&format!("{rounds}/1")).await?.body)?;
    assert_eq!(round["boards"].as_array().map(Vec::len), Some(2), "{round}");
    let (status, answer) = write(&app.base, &publish, Some(&sync), "").await?;
    assert_eq!((status, code(&answer)), (400, "bad_request".into()), "published twice: {answer}");
    let audit = director.get(&format!("/events/{event}/audit")).await?.body;
    assert_eq!(audit.matches("through the API token “Venue laptop”").count(), 2, "drafted and published by the token");
    Ok(())
}
