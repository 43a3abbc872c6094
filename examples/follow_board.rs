//! An example client of Yunzi's read API: follows one live board and prints every move as it
//! is played, with both clocks — what a streamer's overlay or a club's screen would do.
//!
//!     cargo run --example follow_board -- http://127.0.0.1:8080 EVENT ROUND BOARD
//!
//! It reads the board once (`GET /api/v1/events/{e}/rounds/{r}/boards/{b}`), then its stream
//! (`…/stream`, server-sent events): each `event: update` carries the board after a change.
//! Plain HTTP only, with nothing but the standard library and serde_json, so that the whole
//! of the protocol is on this page; behind HTTPS, `curl -N` reads the same stream.
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use serde_json::Value;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [base, event, round, board] = args.as_slice() else {
        eprintln!("usage: follow_board http://HOST:PORT EVENT ROUND BOARD");
        std::process::exit(2);
    };
    let host = base.strip_prefix("http://").ok_or("only http:// here; use curl -N for https")?.trim_end_matches('/');
    let path = format!("/api/v1/events/{event}/rounds/{round}/boards/{board}");

    // The board as it stands: who plays, and the moves so far.
    let (status, body) = get(host, &path)?;
    let now: Value = serde_json::from_str(&body)?;
    if status != 200 {
        // Errors are JSON with a stable code: {"error": {"code": "not_found", "message": …}}.
        return Err(format!("{status} {}: {}", now["error"]["code"], now["error"]["message"]).into());
    }
    println!(
        "{} (black, {}) – {} (white, {}), {}×{}",
        now["black"]["name"].as_str().unwrap_or("?"),
        now["black"]["rank"].as_str().unwrap_or("?"),
        now["white"]["name"].as_str().unwrap_or("?"),
        now["white"]["rank"].as_str().unwrap_or("?"),
        now["width"],
        now["height"]
    );
    for m in now["moves"].as_array().into_iter().flatten() {
        println!(
            "{:>4} {} {}",
            m["number"],
            m["colour"].as_str().unwrap_or("?"),
            m["point"].as_str().unwrap_or("pass")
        );
    }
    let mut seen = now["moves"].as_array().map_or(0, Vec::len);

    // The stream: one `data:` line per update; a `:` line is a keep-alive.
    let mut stream = TcpStream::connect(host)?;
    write!(stream, "GET {path}/stream HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n")?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    if !line.contains(" 200 ") {
        return Err(format!("the stream answered {}", line.trim()).into());
    }
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            println!("(the server closed the stream)");
            return Ok(());
        }
        let Some(data) = line.trim_end().strip_prefix("data: ") else { continue };
        let update: Value = serde_json::from_str(data)?;
        let moves = update["moves"].as_u64().unwrap_or(0) as usize;
        if moves > seen {
            let mover = if moves % 2 == 1 { "black" } else { "white" };
            let point = update["last_move"].as_str().unwrap_or("pass");
            println!("{moves:>4} {mover} {point}   {}", clocks(&update));
            seen = moves;
        }
        if let Some(result) = update["result"].as_str() {
            println!("result: {result}");
            return Ok(());
        }
    }
}

/// Both clocks as "black 9:58 · white 10:00 (byo-yomi 3 × 30 s)".
fn clocks(update: &Value) -> String {
    let shown: Vec<String> = update["clocks"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let left = if c["overtime"] == true { c["period_left"].as_u64() } else { c["main"].as_u64() };
            let s = left.unwrap_or(0).div_ceil(1000);
            let over = if c["overtime"] == true {
                format!(" ({} × {} s)", c["periods"], c["period"].as_u64().unwrap_or(0) / 1000)
            } else {
                String::new()
            };
            format!("{} {}:{:02}{over}", c["colour"].as_str().unwrap_or("?"), s / 60, s % 60)
        })
        .collect();
    shown.join(" · ")
}

/// One GET over HTTP/1.1 with the connection closed after it: the status and the body.
fn get(host: &str, path: &str) -> Result<(u16, String), Box<dyn std::error::Error>> {
    let mut stream = TcpStream::connect(host)?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nAccept: application/json\r\n\r\n")?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response)?;
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").ok_or("no HTTP answer")?;
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    let body = &response[split + 4..];
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("no status")?;
    // Answers come whole or chunked; a chunked one is put together here (as bytes: a chunk may
    // end inside a character).
    let body = if head.contains("transfer-encoding: chunked") { unchunk(body) } else { body.to_vec() };
    Ok((status, String::from_utf8(body)?))
}

fn unchunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&body[..end]).ok().and_then(|s| usize::from_str_radix(s.trim(), 16).ok());
        let rest = &body[end + 2..];
        match size {
            Some(size) if size > 0 && rest.len() >= size => {
                out.extend_from_slice(&rest[..size]);
                body = rest[size..].strip_prefix(b"\r\n").unwrap_or(&rest[size..]);
            }
            _ => break,
        }
    }
    out
}
