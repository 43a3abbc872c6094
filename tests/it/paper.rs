//! The venue's paper (issue 26, acceptance 3): a round's table cards, result slips and
//! pairings by name, and the standings sheet, as printable pages and as PDFs whose text (read
//! back by poppler's pdftotext) holds the Chinese names and the board numbers, on A4.
use std::process::Command;

use crate::helpers::*;
use crate::systems::{enter, pair_and_publish};

/// The text of a PDF, as poppler reads it; and its page size and fonts.
pub fn read_pdf(bytes: &[u8], name: &str) -> Result<(String, String, String), Box<dyn std::error::Error>> {
    let path = temp_dir("paper").join(name);
    std::fs::write(&path, bytes)?;
    let run = |program: &str, args: &[&str]| -> Result<String, Box<dyn std::error::Error>> {
        let out = Command::new(program)
            .args(args)
            .arg(&path)
            .args(if program == "pdftotext" { &["-"][..] } else { &[][..] })
            .output()
            .map_err(|e| format!("{program} (Debian's poppler-utils, which tests/run installs): {e}"))?;
        if !out.status.success() {
            return Err(format!("{program} failed on {name}: {}", String::from_utf8_lossy(&out.stderr)).into());
        }
        Ok(String::from_utf8(out.stdout)?)
    };
    Ok((run("pdftotext", &["-layout"])?, run("pdfinfo", &[])?, run("pdffonts", &[])?))
}

#[actix_web::test]
async fn a_rounds_paper_and_the_standings_are_pdfs_with_the_chinese_names_on_a4() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("paper")), "Director", "paper passphrase")
        .await?;
    let event = event_of(&mut director, "云子杯", "swiss", &[], &twelve_players_csv(&unique("pp"))).await?;
    let event_id = id_after(&Some(event.clone()), "/events/")?;
    let boards = pair_and_publish(&mut director, event_id, 1).await?;
    assert_eq!(boards.len(), 6);
    let round = director.get(&format!("{event}/rounds/1")).await?;
    assert!(round.body.contains("id=\"paper-links\""), "the round page links its paper");

    // A reader of 中文: the paper speaks the reader's language.
    let mut reader = app.client();
    reader.get("/lang/zh?next=/").await?;
    for sheet in ["table-cards", "result-slips", "pairings"] {
        // The printable page.
        let page = director.get(&format!("{event}/rounds/1/paper/{sheet}")).await?;
        page.assert_status(200)?;
        assert!(page.body.contains("王小明") && page.body.contains("张三"), "{sheet}");
        // The PDF: names, board numbers, A4, the font embedded as a subset with its Unicode map.
        let pdf = reader.get_bytes(&format!("{event}/rounds/1/paper/{sheet}.pdf")).await?;
        assert!(pdf.starts_with(b"%PDF-"), "{sheet}");
        let (text, info, fonts) = read_pdf(&pdf, &format!("{sheet}.pdf"))?;
        if let Ok(folder) = std::env::var("YUNZI_PAPER_IMAGES") {
            // By hand, for docs/: the first page of each sheet as an image.
            let file = temp_dir("paper").join(format!("{sheet}.pdf"));
            std::fs::write(&file, &pdf)?;
            let image = format!("{folder}/paper-{sheet}-zh");
            Command::new("pdftoppm")
                .args(["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile"])
                .arg(&file)
                .arg(&image)
                .status()?;
        }
        for (board, black, white) in &boards {
            assert!(
                text.contains(black.as_str()) && text.contains(white.as_str()),
                "{sheet}: names of board {board}:\n{text}"
            );
        }
        assert!(text.contains("王小明") && text.contains("张三"), "{sheet}:\n{text}");
        if sheet != "pairings" {
            let squeezed: String = text.split_whitespace().collect();
            for (board, _, _) in &boards {
                assert!(squeezed.contains(&format!("第{board}台")), "{sheet}: board {board}:\n{text}");
            }
        }
        assert!(info.contains("595.28 x 841.89 pts (A4)"), "{sheet}: {info}");
        let pages: usize =
            info.lines().find_map(|l| l.strip_prefix("Pages:")).and_then(|n| n.trim().parse().ok()).unwrap_or(0);
        let want = match sheet {
            "table-cards" => 3,
            "result-slips" => 2,
            _ => 1,
        };
        assert_eq!(pages, want, "{sheet}");
        let embedded = fonts.lines().skip(2).all(|l| l.contains(" yes yes yes"));
        assert!(embedded && fonts.contains("NotoSansCJK"), "{sheet}: every font embedded, subset, mapped:\n{fonts}");
    }

    // The standings sheet, after the round's results.
    for (board, black, white) in &boards {
        enter(&mut director, event_id, 1, *board, if black < white { "black" } else { "white" }).await?;
    }
    let standings = director.get(&format!("{event}/standings")).await?;
    assert!(standings.body.contains("id=\"standings-pdf\""));
    let pdf = reader.get_bytes(&format!("{event}/standings.pdf")).await?;
    let (text, info, _) = read_pdf(&pdf, "standings.pdf")?;
    assert!(text.contains("王小明") && text.contains("Chen Yaoye") && text.contains("云子杯"), "{text}");
    assert!(info.contains("(A4)"));

    // A draft's paper is the directors' alone; a sheet that does not exist is not found.
    director.post(&format!("{event}/rounds"), &[]).await?.assert_status(303)?;
    assert_eq!(app.client().get(&format!("{event}/rounds/2/paper/result-slips.pdf")).await?.status, 404);
    director.get(&format!("{event}/rounds/2/paper/result-slips.pdf")).await?.assert_status(200)?;
    assert_eq!(director.get(&format!("{event}/rounds/1/paper/menu.pdf")).await?.status, 404);
    Ok(())
}

/// Issue 48: a public PDF is rendered once per version of what it shows and then served from
/// memory: the same file with the same ETag, asked again each time (`no-cache`), 304 to one who has
/// it; a result entered changes the standings' PDF (a new ETag); a draft round's sheets, the
/// directors' alone and not kept, are still made for them.
#[actix_web::test]
async fn the_round_pdfs_are_kept_until_the_round_changes() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("kept")), "Director", "paper passphrase")
        .await?;
    let event = event_of(&mut director, "Kept Cup", "swiss", &[], &twelve_players_csv(&unique("kp"))).await?;
    let event_id = id_after(&Some(event.clone()), "/events/")?;
    let boards = pair_and_publish(&mut director, event_id, 1).await?;
    let http = reqwest::Client::new();
    let fetch = |path: String, etag: Option<String>| {
        let mut request = http.get(format!("{}{path}", app.base));
        if let Some(etag) = etag {
            request = request.header("If-None-Match", etag);
        }
        request.send()
    };
    let header = |r: &reqwest::Response, name: &str| {
        r.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
    };
    for path in [format!("{event}/rounds/1/paper/result-slips.pdf"), format!("{event}/standings.pdf")] {
        let first = fetch(path.clone(), None).await?;
        assert_eq!(first.status(), 200, "{path}");
        let (etag, control) = (header(&first, "etag"), header(&first, "cache-control"));
        assert!(!etag.is_empty() && control == "no-cache", "{path}: {etag} {control}");
        let bytes = first.bytes().await?;
        let second = fetch(path.clone(), None).await?;
        assert_eq!(header(&second, "etag"), etag, "{path}: the same version, the same file");
        assert_eq!(second.bytes().await?, bytes);
        let revalidated = fetch(path.clone(), Some(etag)).await?;
        assert_eq!(revalidated.status(), 304, "{path}");
    }
    let standings = format!("{event}/standings.pdf");
    let before = header(&fetch(standings.clone(), None).await?, "etag");
    let (board, _, _) = boards.first().ok_or("no board")?;
    enter(&mut director, event_id, 1, *board, "black").await?;
    let after = fetch(standings, Some(before.clone())).await?;
    assert_eq!(after.status(), 200, "a result changes the standings' PDF");
    assert_ne!(header(&after, "etag"), before);
    for (board, _, _) in boards.iter().skip(1) {
        enter(&mut director, event_id, 1, *board, "white").await?;
    }
    director.post(&format!("{event}/rounds"), &[]).await?.assert_status(303)?;
    let draft = director.get(&format!("{event}/rounds/2/paper/pairings.pdf")).await?;
    draft.assert_status(200)?;
    Ok(())
}
