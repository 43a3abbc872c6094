//! 日本語 and 한국어 (issue 27, item 3): a reader who picks either in Chromium walks an event,
//! its round, its standings and a live board without meeting a word of another language, and
//! hears the referee's byo-yomi call in their language from the browser's speech.
use std::time::Duration;

use fantoccini::Locator;

use crate::browser::start_browser;
use crate::helpers::*;
use crate::live::{EventStream, live_table};
use crate::locale::foreign_words;

/// Replaces the browser's speech with a recorder: what would be said, and in which language.
const RECORD_SPEECH: &str = r#"
    window.__said = [];
    if (!window.SpeechSynthesisUtterance) { window.SpeechSynthesisUtterance = function (t) { this.text = t; }; }
    var recorder = { speak: function (u) { window.__said.push([u.text, u.lang]); }, cancel: function () {} };
    try { Object.defineProperty(window, "speechSynthesis", { value: recorder, configurable: true }); }
    catch (e) { window.speechSynthesis = recorder; }
    var box = document.getElementById("speak");
    if (box) box.checked = true;
"#;

#[actix_web::test]
async fn a_reader_of_japanese_or_korean_walks_the_event_and_hears_the_call() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    // Chinese byo-yomi: four minutes of which three are reserved, counted a minute at a time;
    // the first call of a reserved minute is at its 30th second.
    let mut t = live_table("chinese 4m reserve 3").await?;
    let mut black = std::mem::replace(&mut t.black, t.app.client());
    t.play(&mut black, "C3").await?.assert_status(303)?;
    let event = t.board.split("/rounds").next().unwrap_or_default().to_string();
    // What the players and the director typed is theirs, in whatever script.
    let data: Vec<String> = t
        .names
        .iter()
        .cloned()
        .chain(["Live Cup".to_string(), "Club".to_string(), "Qian Yuping".to_string()])
        .collect();
    let result = async {
        for (lang, speech, second) in [("ja", "ja-JP", "秒"), ("ko", "ko-KR", "초")] {
            browser.goto(&format!("{}/lang/{lang}?next=/", t.app.base)).await?;
            for path in [event.clone(), format!("{event}/rounds/1"), format!("{event}/standings"), t.board.clone()] {
                browser.goto(&format!("{}{path}", t.app.base)).await?;
                let html_lang: String = browser
                    .execute("return document.documentElement.lang;", vec![])
                    .await?
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                assert_eq!(html_lang, lang, "{path}");
                let text = browser.execute("return document.body.innerText;", vec![]).await?;
                let leaks = foreign_words(text.as_str().unwrap_or_default(), lang, &data);
                assert!(leaks.is_empty(), "[{lang}] {path}: {leaks:?}");
            }
            // The board as it stands now, and the turn's first call still to come.
            let mut stream = EventStream::open(&t.app, &format!("{}/events", t.board)).await?;
            let now = stream.next().await?;
            let elapsed = now["turn_elapsed"].as_u64().ok_or("White's clock does not run")?;
            let call = now["calls"]
                .as_array()
                .and_then(|calls| calls.iter().find(|c| c["at"].as_u64().is_some_and(|at| at > elapsed + 3_000)))
                .ok_or("no call to come")?
                .clone();
            let expected = call[lang].as_str().ok_or("the call has no words in the language")?.to_string();
            assert!(expected.contains(second), "{expected}");
            // The server's clock to 2.5 s before the call; the page, drawn again, says it then.
            let at = call["at"].as_u64().unwrap_or_default();
            t.clock.advance(chrono::Duration::milliseconds((at - elapsed - 2_500) as i64));
            browser.goto(&format!("{}{}", t.app.base, t.board)).await?;
            browser.wait().for_element(Locator::Css("#clock-white")).await?;
            browser.execute(RECORD_SPEECH, vec![]).await?;
            let mut said = serde_json::Value::Null;
            for _ in 0..60 {
                said = browser.execute("return window.__said;", vec![]).await?;
                if said.as_array().is_some_and(|s| !s.is_empty()) {
                    break;
                }
                actix_web::rt::time::sleep(Duration::from_millis(100)).await;
            }
            assert_eq!(said[0][0].as_str(), Some(expected.as_str()), "[{lang}] {said}");
            assert_eq!(said[0][1].as_str(), Some(speech), "[{lang}] spoken in the page's language");
            // The next language's call is a later one of the same turn.
            t.clock.advance(chrono::Duration::seconds(1));
        }
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    if result.is_err()
        && let Ok(png) = browser.screenshot().await
    {
        let _ = std::fs::write(std::env::temp_dir().join("yunzi-languages-failure.png"), png);
    }
    let _ = browser.close().await;
    result
}

/// Mail sent without a request (a published pairing) is written in the language each player's
/// account reads: the one they signed up in, or last picked on a page.
#[actix_web::test]
async fn a_pairing_is_mailed_in_the_language_each_player_reads() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &format!("{}@club.example", unique("d")), "Director", "mail passphrase").await?;
    let event_id = crate::live::live_event(&mut director, "Mail Cup", "60m").await?;
    let mut addresses = Vec::new();
    for (lang, name) in [("ja", "Iyama Yuta"), ("ko", "Shin Jinseo")] {
        let mut player = app.client();
        player.get(&format!("/lang/{lang}?next=/")).await?;
        let email = format!("{}@club.example", unique(lang));
        player.sign_up_and_log_in(&app, &email, name, "player passphrase").await?;
        player
            .post(&format!("/events/{event_id}/register"), &[("name", name), ("rank", "9d")])
            .await?
            .assert_status(303)?;
        addresses.push(email);
    }
    crate::systems::pair_and_publish(&mut director, event_id, 1).await?;
    let mail = |address: &str| app.mails_to(address).into_iter().find(|m| m.subject.contains("Mail Cup"));
    let japanese = mail(&addresses[0]).ok_or("no mail to the Japanese reader")?;
    assert!(japanese.subject.contains("第1回戦 / "), "{}", japanese.subject);
    assert!(japanese.body.contains("第1盤") && japanese.body.contains("Shin Jinseo（9段）"), "{}", japanese.body);
    assert!(!japanese.body.contains("轮"), "no 中文 in it: {}", japanese.body);
    let korean = mail(&addresses[1]).ok_or("no mail to the Korean reader")?;
    assert!(korean.subject.contains("제1라운드 / "), "{}", korean.subject);
    assert!(korean.body.contains("제1판") && korean.body.contains("Iyama Yuta(9단)"), "{}", korean.body);
    // English follows, for whoever else reads the address.
    assert!(korean.body.contains("Iyama Yuta (9d)"), "{}", korean.body);
    Ok(())
}

/// Issue 49: every action the audit log records, and every step a board's timeline shows, has
/// its name in each language — none is shown as a raw code or an "Unknown localization key".
/// The actions are read from the sources (`audit::entry` calls and the live board's steps).
#[actix_web::test]
async fn every_audit_action_and_timeline_step_has_its_words() -> TestResult {
    let mut actions = std::collections::BTreeSet::new();
    let mut stack = vec![
        std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/core/src")),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path)?;
                for (i, _) in text.match_indices("audit::entry(") {
                    let call = &text[i..text.len().min(i + 400)];
                    let call = call.split(".await").next().unwrap_or_default();
                    for piece in call.split('"').skip(1).step_by(2) {
                        let code = |c: char| c.is_ascii_lowercase() || c == '_' || c == '-' || c == '.';
                        if piece.contains('.') && piece.chars().all(code) {
                            actions.insert(piece.to_string());
                        }
                    }
                }
                for piece in text.split('"').skip(1).step_by(2) {
                    if piece.strip_prefix("live.").is_some_and(|rest| !rest.is_empty())
                        && piece.chars().all(|c| c.is_ascii_lowercase() || c == '_' || c == '.')
                    {
                        actions.insert(piece.to_string());
                    }
                }
            }
        }
    }
    assert!(actions.len() >= 35 && actions.contains("live.colours_swapped"), "{actions:?}");
    let mut missing = Vec::new();
    for locale in ["en-US", "zh-CN", "ja-JP", "ko-KR"] {
        let ftl =
            std::fs::read_to_string(format!("{}/templates/locales/{locale}/main.ftl", env!("CARGO_MANIFEST_DIR")))?;
        let has = |key: &str| ftl.lines().any(|l| l.starts_with(&format!("{key} =")));
        for action in &actions {
            let key = action.replace(['.', '_'], "-");
            if !has(&format!("audit-action-{key}")) {
                missing.push(format!("{locale}: audit-action-{key}"));
            }
            let kind = action.split('.').next().unwrap_or_default();
            if !has(&format!("audit-kind-{kind}")) {
                missing.push(format!("{locale}: audit-kind-{kind}"));
            }
            // The timeline shows disputes, results and the live board's steps.
            if ["dispute.", "result.", "live."].iter().any(|p| action.starts_with(p)) && !has(&format!("step-{key}")) {
                missing.push(format!("{locale}: step-{key}"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{missing:#?}");
    Ok(())
}
