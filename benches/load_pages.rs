//! The public-page load benchmark: the app on loopback (SQLite in a fresh folder, or
//! DATABASE_URL) holding a McMahon-sized open — PLAYERS players, three published rounds of
//! PLAYERS / 2 boards with results — and CONNECTIONS keep-alive clients asking, as phones do
//! (gzip accepted, no cookie), for one page as fast as they can for SECONDS each: the
//! standings (their first page of 100 places, and the whole table), round 3's pairings, a live
//! board, and a static file of the whole standings' size
//! served by a bare actix-web server in this process (the machine's limit for a page of that
//! size; asked for with gzip, which it compresses on every request as the app does, and
//! without). Then the same with
//! STREAMS live-board streams held open. Client and server share the machine. First, round 3's
//! result slips as one PDF (the venue's paper for PLAYERS / 2 boards), timed five times.
//! Prints one JSON line per page and load: requests/s, p50/p99 in ms, bytes per answer.
//!
//! cargo run --release --example load_pages -- [PLAYERS] [CONNECTIONS] [SECONDS] [STREAMS]
//! (defaults 1000 16 10 3000)
// Each example uses part of what the two share.
#[allow(dead_code)]
#[path = "load_common.rs"]
mod load_common;

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One answer read off a keep-alive connection: its status and body length (Content-Length
/// or chunked).
async fn answer(reader: &mut BufReader<TcpStream>) -> std::io::Result<(u16, usize)> {
    let mut line = String::new();
    reader.read_line(&mut line).await?;
    let status = line.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (mut length, mut chunked) = (0usize, false);
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Err(std::io::Error::other("closed"));
        }
        let lower = line.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
            chunked = true;
        }
        if line == "\r\n" {
            break;
        }
    }
    if !chunked {
        let mut body = vec![0; length];
        reader.read_exact(&mut body).await?;
        return Ok((status, length));
    }
    let mut total = 0;
    loop {
        line.clear();
        reader.read_line(&mut line).await?;
        let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16).unwrap_or(0);
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk).await?;
        total += size;
        if size == 0 {
            return Ok((status, total));
        }
    }
}

/// CONNECTIONS clients asking for `path` for `seconds` (taking gzip or not): (requests/s, p50,
/// p99, bytes, failures).
async fn hammer(
    address: &str,
    path: &str,
    gzip: bool,
    connections: usize,
    seconds: u64,
) -> (f64, f64, f64, usize, usize) {
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut clients = Vec::new();
    for _ in 0..connections {
        let (address, path) = (address.to_string(), path.to_string());
        clients.push(actix_web::rt::spawn(async move {
            let mut latencies = Vec::new();
            let (mut bytes, mut failures) = (0, 0);
            let Ok(stream) = TcpStream::connect(&address).await else { return (latencies, bytes, 1) };
            let mut reader = BufReader::new(stream);
            let encoding = if gzip { "Accept-Encoding: gzip\r\n" } else { "" };
            let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n{encoding}Accept-Language: zh-CN\r\n\r\n");
            while Instant::now() < until {
                let start = Instant::now();
                if reader.get_mut().write_all(request.as_bytes()).await.is_err() {
                    failures += 1;
                    break;
                }
                match answer(&mut reader).await {
                    Ok((200, length)) => {
                        latencies.push(start.elapsed().as_secs_f64() * 1000.0);
                        bytes = length;
                    }
                    _ => {
                        failures += 1;
                        break;
                    }
                }
            }
            (latencies, bytes, failures)
        }));
    }
    let (mut all, mut bytes, mut failures) = (Vec::new(), 0, 0);
    for client in clients {
        if let Ok((latencies, b, f)) = client.await {
            all.extend(latencies);
            bytes = bytes.max(b);
            failures += f;
        }
    }
    all.sort_by(f64::total_cmp);
    let at = |q: f64| all.get(((all.len() as f64 * q).ceil() as usize).saturating_sub(1)).copied().unwrap_or(f64::NAN);
    (all.len() as f64 / seconds as f64, at(0.5), at(0.99), bytes, failures)
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = args.first().copied().unwrap_or(1000).max(2) / 2 * 2;
    let connections = args.get(1).copied().unwrap_or(16);
    let seconds = args.get(2).copied().unwrap_or(10) as u64;
    let streams = args.get(3).copied().unwrap_or(3000);

    let started = load_common::start("load-pages", streams).await?;
    let (address, url, data) = (started.address, started.database_url, started.data);

    // The open: PLAYERS players, three published rounds with every result in.
    let db = yunzi::db::connect(&url).await?;
    let open = load_common::open(&db, players).await?;

    let base = format!("http://{address}");
    let standings = format!("/events/{}/standings", open.id);
    let pairings = format!("/events/{}/rounds/3", open.id);
    let board = format!("/events/{}/rounds/3/boards/1", open.id);
    // The standings come in pages of 100 places; the whole table is one link away (print).
    let whole = format!("{standings}?page=all");
    // A static file of the whole table's size: the same bytes from a bare actix-web server in
    // this process, compressed on every request as the app does (the app's own assets are
    // compiled in and small, so it cannot serve a file of this size as a file).
    let page = reqwest::get(format!("{base}{whole}")).await?.bytes().await?;
    let served = page.clone();
    let file_server = actix_web::HttpServer::new(move || {
        let bytes = served.clone();
        actix_web::App::new().wrap(actix_web::middleware::Compress::default()).route(
            "/file.html",
            actix_web::web::get().to(move || {
                let bytes = bytes.clone();
                async move { actix_web::HttpResponse::Ok().content_type("text/html; charset=utf-8").body(bytes) }
            }),
        )
    })
    // As the app does (startup.rs): no Nagle delay on the compressed answer's last chunk.
    .on_connect(|connection, _| {
        if let Some(tcp) = connection.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let _ = tcp.set_nodelay(true);
        }
    })
    .workers(1)
    .bind("127.0.0.1:0")?;
    let file_address = file_server.addrs().first().map(|a| a.to_string()).unwrap_or_default();
    let file_server = file_server.run();
    let file_handle = file_server.handle();
    actix_web::rt::spawn(file_server);
    let file = "/file.html".to_string();

    // The venue's paper for the whole round: its result slips as one PDF (PLAYERS / 2 boards),
    // fetched as a director's browser does, one after another; the median of five.
    let slips = format!("{base}/events/{}/rounds/3/paper/result-slips.pdf", open.id);
    let mut times = Vec::new();
    let mut pdf_bytes = 0;
    for _ in 0..5 {
        let started = std::time::Instant::now();
        let answer = reqwest::get(&slips).await?;
        anyhow::ensure!(answer.status().is_success(), "the result slips answered {}", answer.status());
        pdf_bytes = answer.bytes().await?.len();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{}",
        serde_json::json!({ "page": "result slips PDF", "boards": players / 2, "median_ms": times[2].round(),
            "slowest_ms": times[4].round(), "bytes": pdf_bytes })
    );

    let report = |load: &str, name: &str, (rate, p50, p99, bytes, failures): (f64, f64, f64, usize, usize)| {
        println!(
            "{}",
            serde_json::json!({
                "page": name, "load": load, "players": players, "connections": connections, "page_bytes": page.len(),
                "requests_per_second": rate.round(), "p50_ms": p50, "p99_ms": p99,
                "bytes_on_the_wire": bytes, "failures": failures,
            })
        );
        rate
    };
    let mut held = Vec::new();
    for load in ["no streams", "streams open"] {
        if load == "streams open" {
            for s in 0..streams {
                let path = format!("/events/{}/rounds/3/boards/{}/events", open.id, s % (players / 2) + 1);
                let mut stream = TcpStream::connect(&address).await?;
                stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").as_bytes()).await?;
                // Read the first message, so the stream is really open, then hold it.
                let mut reader = BufReader::new(stream);
                let mut line = String::new();
                reader.read_line(&mut line).await?;
                if !line.contains(" 200 ") {
                    anyhow::bail!("stream {s} was refused: {line}");
                }
                held.push(reader);
            }
        }
        // The static file as phones take it (gzipped by the server on every request) and as is.
        let file_rate = report(load, "static file", hammer(&file_address, &file, true, connections, seconds).await);
        report(load, "static file, not compressed", hammer(&file_address, &file, false, connections, seconds).await);
        for (name, path) in [
            ("standings", &standings),
            ("standings, whole table", &whole),
            ("pairings", &pairings),
            ("live board", &board),
        ] {
            let rate = report(load, name, hammer(&address, path, true, connections, seconds).await);
            if name != "live board" {
                println!(
                    "{}",
                    serde_json::json!({ "page": name, "load": load, "rate_over_static_file": (rate / file_rate * 100.0).round() / 100.0 })
                );
            }
        }
    }
    drop(held);
    file_handle.stop(true).await;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
