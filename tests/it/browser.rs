//! The director's journey in headless Chromium, clicking through the real pages.
//!
//! Needs Debian's `chromium-headless-shell` and `chromium-driver`. Without them the test says so
//! and passes, unless BROWSER_TESTS=1 (the README test command sets it), where their absence
//! fails it.
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client as Browser, ClientBuilder, Locator};

use crate::helpers::*;
use crate::journey::planned_result;

/// Debian's `chromium-headless-shell`.
const HEADLESS_CHROMIUM: &str = "/usr/bin/chromium-headless-shell";

pub struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // chromedriver leads a process group of its own, with the browser it started: Chromium's
        // headless shell outlives a killed chromedriver (a test that ends without closing its
        // session left its browser running, and 160 of them were found busy after two runs of
        // the suite), so the whole group goes.
        let _ =
            Command::new("kill").args(["-KILL", "--", &format!("-{}", self.child.id())]).stderr(Stdio::null()).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

pub async fn start_browser() -> Result<Option<(Driver, Browser)>, Box<dyn std::error::Error>> {
    start_browser_with(&[]).await
}

/// [`start_browser`] with more of Chromium's switches (`--force-dark-mode`: the system asks for
/// the dark style).
pub async fn start_browser_with(extra: &[&str]) -> Result<Option<(Driver, Browser)>, Box<dyn std::error::Error>> {
    let required = std::env::var("BROWSER_TESTS").map(|v| v == "1").unwrap_or(false);
    if !installed("chromedriver") || !Path::new(HEADLESS_CHROMIUM).exists() {
        if required {
            return Err("BROWSER_TESTS=1 but Chromium's headless shell or chromedriver is missing \
                        (apt-get install chromium-headless-shell chromium-driver)"
                .into());
        }
        eprintln!("browser test skipped: chromium-headless-shell and chromedriver are not installed");
        return Ok(None);
    }
    let port = free_port()?;
    let child = Command::new("chromedriver")
        .process_group(0)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    let driver = Driver { child, port };
    // Chromium's headless shell, the engine of the browser without its windows, as Playwright
    // and Puppeteer run headless tests: a session with eight pages and a screenshot took the
    // machine 1.2 s of CPU against 3.0 s in the whole browser with --headless=new (issue 52).
    // Besides: Chromium's background work (extensions, translation, component and
    // certificate updates, throttling timers, crash reporting) switched off, as browser test
    // runners commonly do. On three of the browser tests the whole machine's CPU time went
    // from 37–39 s to 28–31 s (issue 52: the suite in ten minutes).
    let capabilities = serde_json::json!({
        "goog:chromeOptions": {
            "binary": HEADLESS_CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--no-first-run", "--window-size=1280,1000",
                     "--disable-extensions", "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication,CertificateTransparencyComponentUpdater,PaintHolding,BackForwardCache",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                     "--disable-hang-monitor", "--disable-ipc-flooding-protection", "--metrics-recording-only", "--mute-audio",
                     "--no-default-browser-check", "--password-store=basic", "--use-mock-keychain", "--disable-client-side-phishing-detection",
                     "--disable-default-apps", "--disable-domain-reliability", "--disable-breakpad", "--disable-crash-reporter"]
        }
    });
    let mut capabilities = capabilities.as_object().cloned().unwrap_or_default();
    if let Some(args) = capabilities
        .get_mut("goog:chromeOptions")
        .and_then(|options| options.get_mut("args"))
        .and_then(|args| args.as_array_mut())
    {
        args.extend(extra.iter().map(|&arg| serde_json::Value::from(arg)));
    }
    let mut last_error = String::new();
    for _ in 0..50 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
        {
            Ok(browser) => return Ok(Some((driver, browser))),
            Err(e) => last_error = e.to_string(),
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("chromedriver did not answer: {last_error}").into())
}

/// Closes the browsers of a test; when it failed, first keeps what each showed (the temp
/// folder's `yunzi-{test}-{name}-failure.png`).
pub async fn close_keeping_failure(result: TestResult, test: &str, browsers: &[(&str, Browser)]) -> TestResult {
    for (name, browser) in browsers {
        if result.is_err()
            && let Ok(png) = browser.screenshot().await
        {
            let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-{test}-{name}-failure.png")), png);
        }
        let _ = browser.clone().close().await;
    }
    result
}

/// Signs `email` in through the login page, as a person would.
pub async fn log_in(browser: &Browser, base: &str, email: &str, password: &str) -> TestResult {
    browser.goto(&format!("{base}/login")).await?;
    type_into(browser, "input[name=email]", email).await?;
    type_into(browser, "input[name=password]", password).await?;
    click(browser, "form.stacked button[type=submit]").await
}

pub async fn type_into(browser: &Browser, css: &str, text: &str) -> TestResult {
    let field = browser.find(Locator::Css(css)).await?;
    field.clear().await?;
    field.send_keys(text).await?;
    Ok(())
}

/// Clicks and waits until the browser has left the page and loaded the next one.
pub async fn click(browser: &Browser, css: &str) -> TestResult {
    let target = browser.find(Locator::Css(css)).await?;
    click_element(browser, &target).await
}

pub async fn click_element(browser: &Browser, target: &fantoccini::elements::Element) -> TestResult {
    let old_page = browser.find(Locator::Css("html")).await?;
    target.click().await?;
    for _ in 0..200 {
        if old_page.tag_name().await.is_err() {
            for _ in 0..200 {
                let state = browser.execute("return document.readyState", vec![]).await?;
                if state.as_str() == Some("complete") {
                    return Ok(());
                }
                actix_web::rt::time::sleep(Duration::from_millis(25)).await;
            }
        }
        actix_web::rt::time::sleep(Duration::from_millis(25)).await;
    }
    Err(format!("clicking {} did not load a new page", target.tag_name().await.unwrap_or_default()).into())
}

pub async fn expect_path(browser: &Browser, expected: &str) -> TestResult {
    let path = path_of(&browser.current_url().await?);
    if path != expected {
        let source = browser.source().await?;
        let main = source.split("<main>").nth(1).unwrap_or(&source).chars().take(600).collect::<String>();
        return Err(format!("expected to be at {expected}, but at {path}: {main}").into());
    }
    Ok(())
}

/// Imports `csv` through the players page's upload form.
pub async fn import_players(browser: &Browser, base: &str, event_path: &str, csv: &str) -> TestResult {
    let csv_path = temp_dir("csv").join("players.csv");
    std::fs::write(&csv_path, csv)?;
    browser.goto(&format!("{base}{event_path}/players")).await?;
    browser
        .find(Locator::Css("#import-form input[type=file]"))
        .await?
        .send_keys(&csv_path.display().to_string())
        .await?;
    click(browser, "#import-form button[type=submit]").await
}

pub fn path_of(url: &url::Url) -> String {
    url.path().to_string()
}

#[actix_web::test]
async fn a_director_runs_the_event_in_a_browser() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let result = journey(&browser).await;
    if result.is_err()
        && let Ok(png) = browser.screenshot().await
    {
        let _ = std::fs::write(std::env::temp_dir().join("yunzi-browser-failure.png"), png);
    }
    let _ = browser.close().await;
    result
}

async fn journey(browser: &Browser) -> TestResult {
    let app = TestApp::spawn_with(Options { mail: MailSetup::Smtp, ..Options::default() }).await?;
    let email = format!("{}@club.example", unique("browser"));
    let password = "browser test passphrase";

    browser.goto(&format!("{}/signup", app.base)).await?;
    type_into(browser, "input[name=email]", &email).await?;
    type_into(browser, "input[name=display_name]", "Director Liu").await?;
    type_into(browser, "input[name=password]", password).await?;
    type_into(browser, "input[name=password_again]", password).await?;
    click(browser, "form button[type=submit]").await?;
    assert!(browser.find(Locator::Id("check-mail")).await?.text().await?.contains(&email));

    let link = app.link_in_mail(&email, "/confirm/").await?;
    browser.goto(&link).await?;
    click(browser, "#confirm-button").await?;
    expect_path(browser, "/login").await?;
    type_into(browser, "input[name=email]", &email).await?;
    type_into(browser, "input[name=password]", password).await?;
    click(browser, "form.stacked button[type=submit]").await?;
    expect_path(browser, "/events").await?;

    click(browser, "#new-event").await?;
    type_into(browser, "input[name=name]", "Browser Cup 浏览器杯").await?;
    type_into(browser, "input[name=venue]", "Club room").await?;
    type_into(browser, "input[name=rounds]", "3").await?;
    click(browser, "#event-form button[type=submit]").await?;
    let event_path = path_of(&browser.current_url().await?);
    assert!(event_path.starts_with("/events/"), "{event_path}");
    assert_eq!(browser.find(Locator::Id("event-name")).await?.text().await?, "Browser Cup 浏览器杯");

    import_players(browser, &app.base, &event_path, &twelve_players_csv(&unique("b"))).await?;
    assert_eq!(browser.find_all(Locator::Css("#players td.name")).await?.len(), 12);

    let mut ledger = Ledger::default();
    for round in 1..=3u32 {
        browser.goto(&format!("{}{event_path}", app.base)).await?;
        click(browser, "#generate-round").await?;
        assert!(path_of(&browser.current_url().await?).ends_with(&format!("/rounds/{round}")));
        click(browser, "#publish-round").await?;
        let pairing = boards(&browser.source().await?);
        assert_eq!(pairing.len(), 6);
        for (board, black, white) in pairing {
            let (outcome, margin, black_points, white_points) = planned_result(round, board);
            let row = browser.find(Locator::Id(&format!("board-{board}"))).await?;
            row.find(Locator::Css("select[name^=outcome]")).await?.select_by_value(outcome).await?;
            if !margin.is_empty() {
                row.find(Locator::Css("input[name^=margin]")).await?.send_keys(margin).await?;
            }
            let save = row.find(Locator::Css(".result-form button[type=submit]")).await?;
            click_element(browser, &save).await?;
            ledger.game(&black, &white, black_points, white_points);
        }
        let source = browser.source().await?;
        assert_eq!(source.matches("class=\"result-text\"").count(), 6, "round {round} shows every result");
    }

    // Log out and read the public standings, as a player at the venue would.
    click(browser, "#logout").await?;
    browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
    let table = standings(&browser.source().await?);
    assert_eq!(table.len(), 12);
    for (name, points) in &ledger.points {
        let (shown_points, shown_sos, _) = table.get(name).copied().ok_or_else(|| format!("{name} missing"))?;
        assert_eq!(shown_points, *points, "points of {name}");
        assert_eq!(shown_sos, ledger.sos(name), "SOS of {name}");
    }
    // The same page in Chinese, through the language switch, remembered on the next page.
    click(browser, "a.lang[lang=zh-CN]").await?;
    assert!(browser.find(Locator::Css("h1")).await?.text().await?.contains("成绩排名"));
    // On a phone (390 px), each name and club stays on one line; the table scrolls sideways.
    browser.set_window_size(390, 844).await?;
    browser.goto(&format!("{}{event_path}/standings", app.base)).await?;
    let lines = browser
        .execute(
            "return Array.from(document.querySelectorAll('#standings td.name, #standings td.club')).map(cell => {
                 const range = document.createRange(); range.selectNodeContents(cell);
                 return new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top))).size; })",
            vec![],
        )
        .await?;
    let lines: Vec<u64> = lines.as_array().map(|a| a.iter().filter_map(|v| v.as_u64()).collect()).unwrap_or_default();
    assert_eq!(lines.len(), 24, "12 names and 12 clubs: {lines:?}");
    assert!(lines.iter().all(|&n| n == 1), "each name and club on one line at 390 px: {lines:?}");
    browser.set_window_size(1280, 1000).await?;
    browser.goto(&format!("{}{event_path}", app.base)).await?;
    assert!(browser.source().await?.contains("lang=\"zh-CN\""));
    Ok(())
}

/// Issue 49: a refusal is where the eye is. On a phone (390×757), a CSV import refused for its
/// bad lines answers with the list of lines focused and on the screen — not below the fold,
/// where a director took it for success — and so does a refused login.
#[actix_web::test]
async fn a_refused_import_is_focused_and_on_the_screen_of_a_phone() -> TestResult {
    const PASSWORD: &str = "a phone passphrase";
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let result = async {
        let app = TestApp::spawn().await?;
        let email = format!("{}@club.example", unique("eye"));
        app.client().sign_up_and_log_in(&app, &email, "Director", PASSWORD).await?;
        let mut director = app.client();
        director.log_in(&email, PASSWORD).await?;
        let created = director.post("/events", &event_form("Eye Open", "4")).await?;
        let event_id = id_after(&created.location, "/events/")?;
        browser.set_window_size(390, 757).await?;
        log_in(&browser, &app.base, &email, PASSWORD).await?;
        import_players(
            &browser,
            &app.base,
            &format!("/events/{event_id}"),
            "name,rank,club\nToo Weak,31k,B\nGood,3k,A\n",
        )
        .await?;
        let seen = |browser: &Browser| {
            let browser = browser.clone();
            async move {
                let answer = browser
                    .execute(
                        "const e = document.activeElement; const r = e.getBoundingClientRect(); \
                         return [e.id, r.top >= 0 && r.top < window.innerHeight, Math.round(r.top)];",
                        vec![],
                    )
                    .await?;
                Ok::<_, Box<dyn std::error::Error>>(answer)
            }
        };
        let answer = seen(&browser).await?;
        assert_eq!(answer[0], "import-errors", "the refusal has the focus: {answer:?}");
        assert_eq!(answer[1], true, "and is on the screen: {answer:?}");
        // A refused login too (signed out: the cookies gone).
        browser.delete_all_cookies().await?;
        log_in(&browser, &app.base, &email, "not the password").await?;
        let answer = seen(&browser).await?;
        assert_eq!(answer[0], "form-error", "{answer:?}");
        assert_eq!(answer[1], true, "{answer:?}");
        Ok(())
    }
    .await;
    if result.is_err()
        && let Ok(png) = browser.screenshot().await
    {
        let _ = std::fs::write(std::env::temp_dir().join("yunzi-browser-eye.png"), png);
    }
    let _ = browser.close().await;
    result
}
