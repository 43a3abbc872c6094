//! The PDF load example (issue 48): can anonymous readers stall the server by asking for PDFs?
//! The app on loopback (SQLite in a fresh folder, or DATABASE_URL) holds a 1,000-player open
//! (three published rounds of 500 boards). A reader loads the event page one request after
//! another, first alone for SECONDS (its idle p99), then for SECONDS again while READERS
//! anonymous clients ask at once for round 3's PDFs (result slips, table cards, pairings by
//! name, and the standings), one request each, at the start (they render the PDFs) and again
//! halfway (they find them kept). Prints one JSON line: how long each burst took, the reader's
//! loads, p50, p99 and slowest, alone and with the bursts, the p99's ratio, the PDFs answered
//! (200, 503, other), and the process's peak resident memory (server and clients together).
//!
//! cargo run --release --example load_pdfs -- [PLAYERS] [READERS] [SECONDS]
//! (defaults 1000 128 10)
#[allow(dead_code)]
#[path = "load_common.rs"]
mod load_common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The process's resident memory now, in MB (Linux).
fn resident_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// The reader's times (ms) for `count` loads of `url`, one after another.
async fn reader(client: &reqwest::Client, url: &str, until: Instant) -> anyhow::Result<Vec<f64>> {
    let mut times = Vec::new();
    while Instant::now() < until {
        let started = Instant::now();
        let answer = client.get(url).send().await?;
        anyhow::ensure!(answer.status().is_success(), "the event page answered {}", answer.status());
        answer.bytes().await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    Ok(times)
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted.get(((sorted.len() as f64 * q).ceil() as usize).saturating_sub(1)).copied().unwrap_or(f64::NAN)
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = args.first().copied().unwrap_or(1000).max(2) / 2 * 2;
    let readers = args.get(1).copied().unwrap_or(128);
    let seconds = args.get(2).copied().unwrap_or(10) as u64;

    let started = load_common::start("load-pdfs", 0).await?;
    let (address, url, data) = (started.address, started.database_url, started.data);
    let db = yunzi::db::connect(&url).await?;
    let open = load_common::open(&db, players).await?;
    let base = format!("http://{address}");
    let event_page = format!("{base}/events/{}", open.id);
    // The reader: no cookie (an anonymous phone).
    let client = reqwest::Client::builder().build()?;

    // The reader alone (after one load, so the page is drawn once as any first reader's is).
    client.get(&event_page).send().await?.bytes().await?;
    let idle = reader(&client, &event_page, Instant::now() + Duration::from_secs(seconds)).await?;
    let memory_idle = resident_mb();

    let pdfs: Vec<String> = ["result-slips", "table-cards", "pairings"]
        .iter()
        .map(|sheet| format!("{base}/events/{}/rounds/3/paper/{sheet}.pdf", open.id))
        .chain(std::iter::once(format!("{base}/events/{}/standings.pdf", open.id)))
        .collect();
    let peak = Arc::new(AtomicU64::new(memory_idle.to_bits()));
    let running = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (peak, running) = (peak.clone(), running.clone());
        actix_web::rt::spawn(async move {
            while running.load(Ordering::SeqCst) {
                let now = resident_mb();
                if now > f64::from_bits(peak.load(Ordering::SeqCst)) {
                    peak.store(now.to_bits(), Ordering::SeqCst);
                }
                actix_web::rt::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    // The reader loads the page for SECONDS again; at its start READERS requests come at once,
    // one each (they render the PDFs), and again halfway (they find them kept).
    let (ok, busy, other) =
        (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let window = Duration::from_secs(seconds);
    let started = Instant::now();
    let mut bursts = Vec::new();
    for (n, at) in [Duration::ZERO, window / 2].into_iter().enumerate() {
        let (pdfs, ok, busy, other) = (pdfs.clone(), ok.clone(), busy.clone(), other.clone());
        bursts.push(actix_web::rt::spawn(async move {
            actix_web::rt::time::sleep(at).await;
            let fired = Instant::now();
            let mut burst = Vec::new();
            for r in 0..readers {
                let url = pdfs[r % pdfs.len()].clone();
                let (ok, busy, other) = (ok.clone(), busy.clone(), other.clone());
                // Each its own client: a connection of its own, as 128 phones have.
                let Ok(client) = reqwest::Client::builder().build() else { continue };
                burst.push(actix_web::rt::spawn(async move {
                    let counter = match client.get(&url).send().await {
                        Ok(answer) => {
                            let status = answer.status().as_u16();
                            let _ = answer.bytes().await;
                            match status {
                                200 => ok,
                                503 => busy,
                                _ => other,
                            }
                        }
                        Err(_) => other,
                    };
                    counter.fetch_add(1, Ordering::SeqCst);
                }));
            }
            for task in burst {
                let _ = task.await;
            }
            (n, fired.elapsed().as_secs_f64() * 1000.0)
        }));
    }
    let loaded = reader(&client, &event_page, started + window).await?;
    let mut took = Vec::new();
    for burst in bursts {
        if let Ok((n, ms)) = burst.await {
            took.push(serde_json::json!({ "burst": if n == 0 { "first (renders)" } else { "again (kept)" }, "ms": ms.round() }));
        }
    }
    let (idle_p99, loaded_p99) = (percentile(&idle, 0.99), percentile(&loaded, 0.99));
    let round2 = |v: f64| (v * 100.0).round() / 100.0;
    println!(
        "{}",
        serde_json::json!({
            "players": players, "pdf_requests_at_once": readers, "seconds": seconds,
            "bursts": took,
            "reader_idle": { "loads": idle.len(), "p50_ms": round2(percentile(&idle, 0.5)), "p99_ms": round2(idle_p99),
                "max_ms": round2(idle.last().copied().unwrap_or(0.0)) },
            "reader_with_bursts": { "loads": loaded.len(), "p50_ms": round2(percentile(&loaded, 0.5)),
                "p99_ms": round2(loaded_p99), "max_ms": round2(loaded.last().copied().unwrap_or(0.0)) },
            "p99_ratio": round2(loaded_p99 / idle_p99),
            "pdfs_200": ok.load(Ordering::SeqCst), "pdfs_503": busy.load(Ordering::SeqCst),
            "pdfs_other": other.load(Ordering::SeqCst),
            "memory_idle_mb": memory_idle.round(),
            "memory_peak_mb": f64::from_bits(peak.load(Ordering::SeqCst)).round(),
        })
    );
    running.store(false, Ordering::SeqCst);
    let _ = sampler.await;
    let _ = std::fs::remove_dir_all(&data);
    Ok(())
}
