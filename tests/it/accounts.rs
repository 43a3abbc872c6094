//! Accounts: sign-up, confirmation, login limits, password reset, language.
use std::sync::Arc;

use chrono::{Duration, Utc};
use yunzi::clock::ManualClock;

use crate::helpers::*;

const PASSWORD: &str = "correct horse battery";

/// Mail goes out after the answer; wait until `address` has `count` messages.
async fn wait_for_mails(app: &TestApp, address: &str, count: usize) -> TestResult {
    for _ in 0..100 {
        if app.mails_to(address).len() >= count {
            return Ok(());
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(format!("{address} did not get {count} mails").into())
}

#[actix_web::test]
async fn the_first_account_is_the_site_admin_and_later_ones_are_not() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut first = app.client();
    first.sign_up_and_log_in(&app, "first@club.example", "First", PASSWORD).await?;
    let page = first.get("/events").await?.body;
    assert!(page.contains(r#"id="nav-admin">Site admin</a>"#), "{page}");
    let mut second = app.client();
    second.sign_up_and_log_in(&app, "second@club.example", "Second", PASSWORD).await?;
    assert!(!second.get("/events").await?.body.contains("nav-admin"));
    Ok(())
}

#[actix_web::test]
async fn login_needs_a_confirmed_address_and_a_link_works_once() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut client = app.client();
    client
        .post(
            "/signup",
            &[
                ("email", "Mixed.Case@Club.Example"),
                ("display_name", "Li"),
                ("password", PASSWORD),
                ("password_again", PASSWORD),
            ],
        )
        .await?
        .assert_status(200)?;
    let early = client.post("/login", &[("email", "mixed.case@club.example"), ("password", PASSWORD)]).await?;
    early.assert_status(400)?;
    assert!(early.body.contains("Confirm your e-mail address first"));

    // Signing up again with a taken address looks the same as a new sign-up (no one learns
    // who has an account); the owner is told by mail instead.
    let mut stranger = app.client();
    let again = stranger
        .post(
            "/signup",
            &[
                ("email", "mixed.case@club.example"),
                ("display_name", "Li"),
                ("password", PASSWORD),
                ("password_again", PASSWORD),
            ],
        )
        .await?;
    again.assert_status(200)?;
    assert!(again.body.contains("We sent a confirmation link to mixed.case@club.example"));
    let mut told = false;
    for _ in 0..50 {
        told = app.mails_to("mixed.case@club.example").iter().any(|m| m.body.contains("you already have one"));
        if told {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(told, "the owner is told someone tried to sign up");

    let link = app.link_in_mail("mixed.case@club.example", "/confirm/").await?;
    let path = link.trim_start_matches(&app.base).to_string();
    assert!(client.post(&path, &[]).await?.redirected_to("/login"));
    let reused = client.post(&path, &[]).await?;
    reused.assert_status(400)?;
    assert!(reused.body.contains("expired or has already been used"));
    client.log_in("MIXED.case@club.example", PASSWORD).await?;

    // Logging out ends the session.
    assert!(client.post("/logout", &[]).await?.redirected_to("/"));
    assert!(client.get("/events/new").await?.redirected_to("/login"));
    Ok(())
}

#[actix_web::test]
async fn sign_up_refuses_bad_input_and_keeps_what_was_typed() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut client = app.client();
    let cases = [
        ("not-an-address", "Li", PASSWORD, PASSWORD, "is not an e-mail address"),
        ("li@club.example", "Li", "short", "short", "between 10 and 200"),
        ("li@club.example", "Li", PASSWORD, "another password", "not the same"),
        ("li@club.example", "  ", PASSWORD, PASSWORD, "name is required"),
    ];
    for (email, name, password, again, message) in cases {
        let page = client
            .post(
                "/signup",
                &[("email", email), ("display_name", name), ("password", password), ("password_again", again)],
            )
            .await?;
        page.assert_status(400)?;
        assert!(page.body.contains(message), "{message}: {}", page.body);
        assert!(page.body.contains(&format!("value=\"{email}\"")), "the address typed is kept");
    }
    assert!(app.mails().is_empty());
    Ok(())
}

#[actix_web::test]
async fn a_forgotten_password_is_reset_through_a_link_valid_for_an_hour() -> TestResult {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(Options { clock: Arc::new(clock.clone()), ..Options::default() }).await?;
    let mut client = app.client();
    client.sign_up_and_log_in(&app, "reset@club.example", "Reset", PASSWORD).await?;
    // A session on another device (or a copied cookie) that must end with the reset.
    let mut other_device = app.client();
    other_device.log_in("reset@club.example", PASSWORD).await?;
    client.post("/logout", &[]).await?;

    // Unknown addresses get the same answer and no mail.
    let unknown = client.post("/forgot", &[("email", "nobody@club.example")]).await?;
    unknown.assert_status(200)?;
    assert!(unknown.body.contains("If an account exists"));
    assert!(app.mails_to("nobody@club.example").is_empty());

    client.post("/forgot", &[("email", "reset@club.example")]).await?.assert_status(200)?;
    let link = app.link_in_mail("reset@club.example", "/reset/").await?;
    let path = link.trim_start_matches(&app.base).to_string();
    client.get(&path).await?.assert_status(200)?;
    let new_password = "a brand new passphrase";
    assert!(
        client
            .post(&path, &[("password", new_password), ("password_again", new_password)])
            .await?
            .redirected_to("/login")
    );
    let old = client.post("/login", &[("email", "reset@club.example"), ("password", PASSWORD)]).await?;
    old.assert_status(400)?;
    client.log_in("reset@club.example", new_password).await?;
    assert!(other_device.get("/events/new").await?.redirected_to("/login"), "the reset ended other sessions");
    client.post("/logout", &[]).await?;

    // A second link, used after an hour, no longer works.
    client.post("/forgot", &[("email", "reset@club.example")]).await?;
    wait_for_mails(&app, "reset@club.example", 3).await?;
    let links: Vec<String> = app
        .mails_to("reset@club.example")
        .iter()
        .filter_map(|m| m.link_starting(&format!("{}/reset/", app.base)))
        .collect();
    let late = links.last().ok_or("no second reset mail")?.trim_start_matches(&app.base).to_string();
    assert_ne!(late, path);
    clock.advance(Duration::minutes(61));
    assert!(client.get(&late).await?.body.contains("expired"));
    let refused = client
        .post(&late, &[("password", "yet another passphrase"), ("password_again", "yet another passphrase")])
        .await?;
    refused.assert_status(400)?;
    client.log_in("reset@club.example", new_password).await?;
    Ok(())
}

#[actix_web::test]
async fn login_is_rate_limited_per_account_until_the_window_passes() -> TestResult {
    let clock = ManualClock::new(Utc::now());
    let app = TestApp::spawn_with(Options { clock: Arc::new(clock.clone()), ..Options::default() }).await?;
    let mut client = app.client();
    client.sign_up_and_log_in(&app, "limited@club.example", "Limited", PASSWORD).await?;
    client.post("/logout", &[]).await?;
    for _ in 0..5 {
        client
            .post("/login", &[("email", "limited@club.example"), ("password", "wrong password!")])
            .await?
            .assert_status(400)?;
    }
    // Even the right password is refused now, from any client.
    let mut other = app.client();
    let blocked = other.post("/login", &[("email", "limited@club.example"), ("password", PASSWORD)]).await?;
    blocked.assert_status(429)?;
    assert!(blocked.body.contains("Too many attempts"));
    clock.advance(Duration::minutes(16));
    other.log_in("limited@club.example", PASSWORD).await?;
    Ok(())
}

/// An address past its limit is slowed, not locked: each account keeps two tries from it (a
/// mistyped password and the right one), where it had five.
#[actix_web::test]
async fn login_is_rate_limited_per_network_address() -> TestResult {
    let app = TestApp::spawn_with(Options { login_failures_per_address: 3, ..Options::default() }).await?;
    let mut client = app.client();
    for i in 0..3 {
        let email = format!("guess{i}@club.example");
        client.post("/login", &[("email", &email), ("password", "wrong password!")]).await?.assert_status(400)?;
    }
    for expected in [400, 400, 429] {
        client
            .post("/login", &[("email", "guess9@club.example"), ("password", "wrong password!")])
            .await?
            .assert_status(expected)?;
    }
    client
        .post("/login", &[("email", "guess0@club.example"), ("password", "wrong password!")])
        .await?
        .assert_status(400)?;
    client
        .post("/login", &[("email", "guess0@club.example"), ("password", "wrong password!")])
        .await?
        .assert_status(429)?;
    Ok(())
}

#[actix_web::test]
async fn the_language_follows_the_browser_and_the_choice_is_remembered() -> TestResult {
    let app = TestApp::spawn().await?;
    let http = reqwest::Client::builder().cookie_store(true).build()?;
    let zh = http
        .get(format!("{}/events", app.base))
        .header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5")
        .send()
        .await?
        .text()
        .await?;
    assert!(zh.contains("lang=\"zh-CN\"") && zh.contains("云子"));
    let en = http
        .get(format!("{}/events", app.base))
        .header("Accept-Language", "en-GB,en;q=0.9")
        .send()
        .await?
        .text()
        .await?;
    assert!(en.contains("lang=\"en\"") && en.contains("Yunzi"));
    // Switching to English sticks, even though the browser prefers Chinese.
    let switched =
        http.get(format!("{}/lang/en?next=/events", app.base)).header("Accept-Language", "zh-CN").send().await?;
    assert!(switched.url().path().ends_with("/events"));
    let after = switched.text().await?;
    assert!(after.contains("lang=\"en\""), "followed redirect shows English");
    let later = http.get(format!("{}/", app.base)).header("Accept-Language", "zh-CN").send().await?.text().await?;
    assert!(later.contains("lang=\"en\""));
    // An unknown language is a 404, and only local paths are followed.
    assert_eq!(http.get(format!("{}/lang/xx", app.base)).send().await?.status().as_u16(), 404);
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let outside = no_redirect.get(format!("{}/lang/zh?next=//evil.example", app.base)).send().await?;
    assert_eq!(outside.headers().get("location").and_then(|v| v.to_str().ok()), Some("/"));
    // Browsers drop tabs from URLs, which would turn "/<tab>/evil" into "//evil".
    let tab = no_redirect.get(format!("{}/lang/zh?next=/%09/evil.example", app.base)).send().await?;
    assert_eq!(tab.headers().get("location").and_then(|v| v.to_str().ok()), Some("/"));
    Ok(())
}

/// The session's cookie is sealed and sent again only when the session changes (a login, a
/// message to show once), not with every page: a signed-in player's pages (and each move of
/// a live game) stay signed in without it.
#[actix_web::test]
async fn the_session_cookie_is_sent_again_only_when_the_session_changes() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut client = app.client();
    client.sign_up_and_log_in(&app, "steady@club.example", "Steady", PASSWORD).await?;
    for _ in 0..2 {
        let page = client.get("/account").await?;
        page.assert_status(200)?;
        assert!(page.body.contains("Steady"), "still signed in");
        assert!(!page.sets_cookie, "nothing in the session changed: no cookie sent");
    }
    // A change that leaves a message to show once: the cookie carries it, and the page that
    // shows it clears it.
    let changed = client
        .post(
            "/account/password",
            &[("current", PASSWORD), ("password", "a new horse battery"), ("password_again", "a new horse battery")],
        )
        .await?;
    assert!(changed.redirected_to("/account") && changed.sets_cookie, "{:?}", changed.location);
    let shown = client.get("/account").await?;
    assert!(shown.body.contains("Your password has been changed") && shown.sets_cookie, "the message shown once");
    let after = client.get("/account").await?;
    assert!(!after.body.contains("Your password has been changed") && !after.sets_cookie);
    assert!(after.body.contains("Steady"), "still signed in");
    Ok(())
}
