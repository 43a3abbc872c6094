//! The live-game load benchmark: the app on loopback (SQLite in a fresh folder, or
//! DATABASE_URL), GAMES boards of one published round played by a recorder's account at the
//! same time (each board's page opened first, as a player does), each watched by
//! SPECTATORS / GAMES event streams. For every move it measures the
//! time from sending the move to each watcher receiving the position with it, and prints the
//! percentiles as one JSON line.
//!
//! cargo run --release --example load_live -- [GAMES] [SPECTATORS] [MOVES PER GAME] [MS BETWEEN MOVES] [INSTANCES]
//! (LOAD_LIVE_STREAM=api: the watchers follow the read API's stream, /api/v1/…/stream)
//! (defaults 500 1000 20 10000 1: every board moves every 10 s, about 50 moves a second in all —
//! several times faster than real play, where a board moves every 20–60 s).
//! (LOAD_LIVE_RAMP=250,500,750,1000,1500: one run per asked rate of moves a second over all the
//! boards, each in a fresh process, one JSON line per step; MS BETWEEN MOVES is then ignored.)
//!
//! With INSTANCES 2 (and DATABASE_URL naming a PostgreSQL database) two instances share the
//! database: board N's moves go to instance N mod 2, and the watchers are dealt to the instances
//! a round of boards at a time (with two per board, one on each), so half of the deliveries
//! cross from one instance to the other.
// Each example uses part of what the two share.
#[allow(dead_code)]
#[path = "load_common.rs"]
mod load_common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::Utc;
use sea_orm::{ActiveModelTrait, Set, TransactionTrait};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use yunzi::clock::SystemClock;
use yunzi::db::entities::{game, round};

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// The `number`-th move of a game (1-based) on 19×19: Black fills rows 4, 6, 8 … from the top,
/// White rows 16, 14, 12 …: no stone is ever captured.
fn point(number: usize) -> String {
    let i = (number - 1) / 2;
    let (x, row) = (i % 19, i / 19);
    let y = if number % 2 == 1 { 3 + 2 * row } else { 15 - 2 * row };
    format!("{}{}", COLUMNS[x] as char, 19 - y)
}

type Sent = Arc<Mutex<HashMap<(i32, u64), Instant>>>;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let games = args.first().copied().unwrap_or(500);
    let spectators = args.get(1).copied().unwrap_or(1000);
    let moves = args.get(2).copied().unwrap_or(20);
    let gap = Duration::from_millis(args.get(3).copied().unwrap_or(10_000) as u64);
    let instances = args.get(4).copied().unwrap_or(1).max(1);
    // LOAD_LIVE_RAMP=250,500,1000: one run per asked rate (moves a second over all boards), each
    // in a fresh process, the gap between a board's moves being GAMES / rate seconds.
    let ramp: Vec<f64> = std::env::var("LOAD_LIVE_RAMP")
        .unwrap_or_default()
        .split(',')
        .filter_map(|r| r.trim().parse::<f64>().ok())
        .filter(|r| *r > 0.0)
        .collect();
    if ramp.is_empty() {
        println!("{}", run(games, spectators, moves, gap, instances).await?);
    }
    for rate in ramp {
        // Each step in a process of its own: no server, watcher or file of a step outlives it.
        let gap_ms = (games as f64 * 1000.0 / rate).round() as u64;
        let step = std::process::Command::new(std::env::current_exe()?)
            .args([games, spectators, moves, gap_ms as usize, instances].map(|n| n.to_string()))
            .env_remove("LOAD_LIVE_RAMP")
            .output()?;
        let text = String::from_utf8_lossy(&step.stdout);
        let mut measured: serde_json::Value = text
            .lines()
            .last()
            .and_then(|line| serde_json::from_str(line).ok())
            .ok_or_else(|| anyhow::anyhow!("the step at {rate} moves a second said nothing: {text}"))?;
        measured["asked_moves_per_second"] = serde_json::json!(rate);
        println!("{measured}");
    }
    Ok(())
}

/// One run: GAMES boards, SPECTATORS watchers, MOVES a board, GAP between a board's moves.
async fn run(
    games: usize,
    spectators: usize,
    moves: usize,
    gap: Duration,
    instances: usize,
) -> anyhow::Result<serde_json::Value> {
    let started = load_common::start_instances("load", spectators, instances).await?;
    let (address, addresses, url, data) = (started.address, started.addresses, started.database_url, started.data);

    // The room: a recorder (a site admin directs every event), GAMES boards of round 1.
    let db = yunzi::db::connect(&url).await?;
    let now = Utc::now();
    let password = "load benchmark passphrase";
    let email = format!("recorder-{}@load.example", std::process::id());
    let recorder = yunzi::services::accounts::create_admin(&db, &SystemClock, &email, "Recorder", password.into())
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let txn = db.begin().await?;
    let room = load_common::event_row("Load", "swiss", 1, recorder.id, now).insert(&txn).await?;
    let published = round::ActiveModel {
        event_id: Set(room.id),
        number: Set(1),
        published: Set(true),
        published_at: Set(Some(now)),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut ids = Vec::new();
    for n in 0..games * 2 {
        let p = load_common::player_row(room.id, &format!("Player {n}"), "1d", 0, "", now).insert(&txn).await?;
        ids.push(p.id);
    }
    let mut game_ids = Vec::new();
    for board in 0..games {
        let g = game::ActiveModel {
            round_id: Set(published.id),
            board: Set(board as i32 + 1),
            black_id: Set(ids[2 * board]),
            white_id: Set(ids[2 * board + 1]),
            handicap: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        game_ids.push(g.id);
    }
    txn.commit().await?;

    let base = format!("http://{address}");
    let client = reqwest::Client::builder().cookie_store(true).build()?;
    let token = |page: &str| -> Option<String> {
        let at = page.find("name=\"csrf_token\" value=\"")? + 25;
        Some(page[at..at + page[at..].find('"')?].to_string())
    };
    let login = client.get(format!("{base}/login")).send().await?.text().await?;
    let csrf = token(&login).ok_or_else(|| anyhow::anyhow!("no CSRF token on the login page"))?;
    client
        .post(format!("{base}/login"))
        .form(&[("email", email.as_str()), ("password", password), ("next", "/events"), ("csrf_token", &csrf)])
        .send()
        .await?;
    let board_page = client.get(format!("{base}/events/{}/rounds/1/boards/1", room.id)).send().await?.text().await?;
    let csrf = token(&board_page).ok_or_else(|| anyhow::anyhow!("not signed in"))?;

    // The watchers.
    let sent: Sent = Arc::default();
    let latencies: Arc<Mutex<Vec<f64>>> = Arc::default();
    let mut watchers = Vec::new();
    // LOAD_LIVE_STREAM=api: the watchers follow the read API's stream instead of the page's.
    let api = std::env::var("LOAD_LIVE_STREAM").is_ok_and(|v| v == "api");
    for s in 0..spectators {
        let board = s % games + 1;
        let path = if api {
            format!("/api/v1/events/{}/rounds/1/boards/{board}/stream", room.id)
        } else {
            format!("/events/{}/rounds/1/boards/{board}/events", room.id)
        };
        let board_game = game_ids[board - 1];
        // The first round of watchers on the first instance, the next on the next …
        let address = &addresses[(s / games) % instances];
        let mut stream = tokio::net::TcpStream::connect(address).await?;
        stream
            .write_all(
                format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n").as_bytes(),
            )
            .await?;
        let (sent, latencies) = (sent.clone(), latencies.clone());
        watchers.push(actix_web::rt::spawn(async move {
            let mut lines = BufReader::new(stream).lines();
            let mut game = None;
            while let Ok(Some(line)) = lines.next_line().await {
                let Some(data) = line.strip_prefix("data: ") else { continue };
                let number = |key: &str| -> Option<u64> {
                    let at = data.find(key)? + key.len();
                    data[at..].split([',', '}']).next()?.parse().ok()
                };
                // The API's updates are of the board followed; the page's name their game.
                let id = number("\"game\":").unwrap_or(board_game as u64);
                let Some(moves) = number("\"moves\":") else { continue };
                game = Some(id as i32);
                if let Some(start) = sent.lock().ok().and_then(|s| s.get(&(id as i32, moves)).copied())
                    && let Ok(mut l) = latencies.lock()
                {
                    l.push(start.elapsed().as_secs_f64() * 1000.0);
                }
            }
            game
        }));
    }
    // Every player opens its board's page first, as a player does before the first move (the
    // page's connection is the one its moves are then sent on).
    let mut opened = Vec::new();
    for board in 1..=games {
        let page = format!("http://{}/events/{}/rounds/1/boards/{board}", addresses[board % instances], room.id);
        let client = client.clone();
        opened.push(actix_web::rt::spawn(async move { client.get(page).send().await.map(|r| r.status()) }));
    }
    for page in opened {
        let status = page.await??;
        anyhow::ensure!(status.is_success(), "a board page answered {status}");
    }
    // Let every stream connect and get its first message.
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;

    // The players: every board plays its moves GAP apart, the boards' starts spread over a GAP,
    // on a fixed schedule (move N of a board is due at its start + (N - 1) × GAP, sent then or,
    // if the board's last move is still unanswered, as soon as it is): the rate asked is the
    // rate offered, and a slow answer shows as a slower rate, not as a pause before the next
    // move that hides it.
    let started = Instant::now();
    let errors = Arc::new(Mutex::new(0usize));
    let mut players = Vec::new();
    for board in 1..=games {
        let base = format!("http://{}", addresses[board % instances]);
        let (client, csrf, sent, errors) = (client.clone(), csrf.clone(), sent.clone(), errors.clone());
        let event_id = room.id;
        let game_id = game_ids[board - 1];
        let offset = gap.mul_f64(board as f64 / games as f64);
        players.push(actix_web::rt::spawn(async move {
            for number in 1..=moves {
                let due = started + offset + gap * (number as u32 - 1);
                actix_web::rt::time::sleep_until(due.into()).await;
                let key = (game_id, number as u64);
                if let Ok(mut s) = sent.lock() {
                    s.insert(key, Instant::now());
                }
                let posted = client
                    .post(format!("{base}/events/{event_id}/rounds/1/boards/{board}/play"))
                    // The move number it is meant for, as the page's script names it: a click
                    // that arrives late or twice is never recorded as a later move.
                    .form(&[
                        ("point", point(number).as_str()),
                        ("move", number.to_string().as_str()),
                        ("csrf_token", csrf.as_str()),
                    ])
                    // As the page's script sends a move: answered 204, the position comes by stream.
                    .header("Yunzi-Script", "1")
                    .send()
                    .await;
                if !posted.is_ok_and(|r| r.status().is_success() || r.status().is_redirection())
                    && let Ok(mut e) = errors.lock()
                {
                    *e += 1;
                }
            }
            Instant::now()
        }));
    }
    // From the first move sent to the last one answered.
    let mut last_answer = started;
    for p in players {
        last_answer = last_answer.max(p.await.unwrap_or(started));
    }
    let played = last_answer - started;
    actix_web::rt::time::sleep(Duration::from_secs(1)).await;
    let mut all = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    all.sort_by(f64::total_cmp);
    let at = |q: f64| all.get(((all.len() as f64 * q).ceil() as usize).saturating_sub(1)).copied().unwrap_or(f64::NAN);
    let measured = serde_json::json!({
        "games": games, "spectators": spectators, "moves": games * moves, "instances": instances,
        "stream": if api { "api" } else { "page" },
        "moves_per_second": (games * moves) as f64 / played.as_secs_f64(),
        "deliveries": all.len(), "failed_moves": errors.lock().map(|e| *e).unwrap_or(0),
        "latency_ms": { "p50": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": all.last() },
    });
    let _ = std::fs::remove_dir_all(&data);
    Ok(measured)
}
