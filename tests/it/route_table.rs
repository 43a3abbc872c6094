//! Walks the whole route table: every route that needs a role refuses anonymous visitors and
//! users without that role, and every POST refuses a forged CSRF token — all without
//! changing anything.
use yunzi::web::{Access, ROUTES};

use crate::bad_input::event_with_players;
use crate::helpers::*;

fn fill(path: &str, event_id: i32, staff_id: &str, player_id: &str) -> String {
    path.replace("{event_id}", &event_id.to_string())
        .replace("{staff_id}", staff_id)
        .replace("{player_id}", player_id)
        .replace("{team_id}", player_id)
        .replace("{number}", "1")
        .replace("{board}", "1")
        .replace("{dispute_id}", "1")
        .replace("{token_id}", "1")
        .replace("{invitation_id}", "1")
        .replace("{session_id}", "1")
        .replace("{user_id}", "1")
        .replace("{token}", &"0".repeat(64))
        .replace("{code}", "en")
}

/// One body that every form in the app can read, with values that would change something if
/// a check were missing.
fn body<'a>(a: &'a str, b: &'a str) -> Vec<(&'static str, &'a str)> {
    vec![
        ("name", "Intruder"),
        ("rank", "1d"),
        ("email", "intruder@example.org"),
        ("display_name", "Intruder"),
        ("password", "intruder password"),
        ("password_again", "intruder password"),
        ("role", "director"),
        ("open", "false"),
        ("outcome", "black"),
        ("margin", "R"),
        ("reason", "because"),
        ("ruling", "replay"),
        ("a", a),
        ("b", b),
        ("venue", "Elsewhere"),
        ("start_date", "2026-01-01"),
        ("end_date", "2026-01-02"),
        ("time_zone", "Asia/Shanghai"),
        ("rounds", "5"),
        ("system", "swiss"),
        ("ruleset", "chinese-1988"),
        ("komi", "7.5"),
        ("time_control", "none"),
        ("csv", "name,rank\nIntruder,1d\n"),
    ]
}

fn first_number_after(body: &str, prefix: &str) -> Option<String> {
    let start = body.find(prefix)? + prefix.len();
    Some(body[start..].chars().take_while(|c| c.is_ascii_digit()).collect())
}

#[actix_web::test]
async fn every_route_refuses_the_wrong_users_and_changes_nothing() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    let players_page = director.get(&format!("/events/{event_id}/players")).await?;
    let ids: Vec<String> = players_page
        .body
        .match_indices(&format!("/events/{event_id}/players/"))
        .map(|(i, m)| players_page.body[i + m.len()..].chars().take_while(|c| c.is_ascii_digit()).collect::<String>())
        .filter(|s| !s.is_empty())
        .collect();
    let (a, b) = (ids.first().cloned().ok_or("no player ids")?, ids.get(2).cloned().ok_or("too few ids")?);
    let event_page = director.get(&format!("/events/{event_id}")).await?;
    let staff_id = first_number_after(&event_page.body, &format!("/events/{event_id}/staff/")).ok_or("no staff id")?;

    let mut anonymous = app.client();
    anonymous.get("/login").await?;
    let mut outsider = app.client();
    outsider
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("outsider")), "Outsider", "outsider password")
        .await?;
    let fields = body(&a, &b);
    // Numbers where words belong and words where numbers belong: no form reads this.
    let malformed: Vec<(&str, &str)> =
        vec![("a", "not-a-number"), ("b", "x"), ("outcome", "sideways"), ("player", "?"), ("colour", "")];
    let mut checked = 0;

    for route in ROUTES {
        let path = fill(route.path, event_id, &staff_id, &a);
        let before = app.fingerprint().await?;
        if route.method == "POST" {
            if route.access != Access::Public {
                let page = anonymous.post(&path, &fields).await?;
                assert_eq!(page.status, 401, "anonymous POST {} must be refused, got {}", route.path, page.status);
                assert!(page.body.contains("log in"), "{} explains", route.path);
                assert_eq!(app.fingerprint().await?, before, "anonymous POST {} changed something", route.path);
                checked += 1;
            }
            if matches!(route.access, Access::Director | Access::EventStaff | Access::Admin) {
                let page = outsider.post(&path, &fields).await?;
                assert_eq!(page.status, 403, "outsider POST {} must be refused, got {}", route.path, page.status);
                assert_eq!(app.fingerprint().await?, before, "outsider POST {} changed something", route.path);
                // The role is checked before the form is read: a body that no form can read
                // still gets 403, never a 400 about its fields.
                let page = outsider.post(&path, &malformed).await?;
                assert_eq!(
                    page.status, 403,
                    "outsider POST {} with a malformed body must get 403, got {}",
                    route.path, page.status
                );
                assert_eq!(app.fingerprint().await?, before, "outsider POST {} changed something", route.path);
                checked += 1;
            }
            if route.access == Access::User && route.path.contains("/boards/{board}/") {
                // A board's actions belong to its players and the event's staff: anyone else is
                // told 403 before the form is read.
                let page = outsider.post(&path, &malformed).await?;
                assert_eq!(page.status, 403, "outsider POST {} must get 403, got {}", route.path, page.status);
                assert_eq!(app.fingerprint().await?, before, "outsider POST {} changed something", route.path);
                checked += 1;
            }
            // Everyone, even the director, needs the session's token (the API's writes, a token
            // of the API's: their session counts for nothing there).
            let mut forged: Vec<(&str, &str)> = fields.clone();
            forged.push(("csrf_token", "f0f0f0"));
            let page = director.post_raw(&path, &forged).await?;
            let refused = if route.path.starts_with("/api/") { 401 } else { 403 };
            assert_eq!(page.status, refused, "forged token on {} must be refused", route.path);
            assert_eq!(app.fingerprint().await?, before, "forged POST {} changed something", route.path);
            checked += 1;
        } else if route.access != Access::Public {
            let page = anonymous.get(&path).await?;
            assert!(page.redirected_to("/login?next="), "anonymous GET {} goes to the login page", route.path);
            if matches!(route.access, Access::Director | Access::EventStaff | Access::Admin) {
                outsider.get(&path).await?.assert_status(403)?;
            }
            checked += 1;
        }
    }
    let posts = ROUTES.iter().filter(|r| r.method == "POST").count();
    assert!(posts >= 25, "the table has {posts} POST routes");
    assert!(checked >= posts * 2, "checked {checked} cases");
    Ok(())
}

#[actix_web::test]
async fn a_referee_records_results_but_cannot_direct() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    let referee_email = format!("{}@club.example", unique("referee"));
    let mut referee = app.client();
    referee.sign_up_and_log_in(&app, &referee_email, "Referee Zhao", "referee password").await?;
    director
        .post(&format!("/events/{event_id}/staff"), &[("email", &referee_email), ("role", "referee")])
        .await?
        .assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    referee.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(403)?;
    director.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    referee
        .post(&format!("/events/{event_id}/rounds/1/results/2"), &[("outcome", "draw")])
        .await?
        .assert_status(303)?;
    referee
        .post(&format!("/events/{event_id}/rounds/1/results/2/correct"), &[("outcome", "black"), ("reason", "x")])
        .await?
        .assert_status(403)?;
    referee.get(&format!("/events/{event_id}/audit")).await?.assert_status(200)?;
    referee.get(&format!("/events/{event_id}/edit")).await?.assert_status(403)?;
    Ok(())
}

#[actix_web::test]
async fn a_co_director_directs_and_the_last_director_stays() -> TestResult {
    let (app, mut owner, event_id) = event_with_players().await?;
    let email = format!("{}@club.example", unique("co"));
    let mut co = app.client();
    co.sign_up_and_log_in(&app, &email, "Co Director", "co director passphrase").await?;
    co.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(403)?;
    // An address without an account is invited (see shapes.rs), not refused.
    let unknown = owner
        .post(&format!("/events/{event_id}/staff"), &[("email", "nobody@club.example"), ("role", "director")])
        .await?;
    assert!(unknown.redirected_to(&format!("/events/{event_id}")), "{}", unknown.body);
    let bad_address =
        owner.post(&format!("/events/{event_id}/staff"), &[("email", "not an address"), ("role", "director")]).await?;
    bad_address.assert_status(400)?;
    owner
        .post(&format!("/events/{event_id}/staff"), &[("email", &email), ("role", "director")])
        .await?
        .assert_status(303)?;
    co.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    co.post(&format!("/events/{event_id}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    // The owner removes the co-director; removing the last director is refused.
    let page = owner.get(&format!("/events/{event_id}")).await?;
    let ids: Vec<String> = page
        .body
        .match_indices(&format!("/events/{event_id}/staff/"))
        .map(|(i, m)| page.body[i + m.len()..].chars().take_while(|c| c.is_ascii_digit()).collect())
        .collect();
    assert_eq!(ids.len(), 2);
    owner.post(&format!("/events/{event_id}/staff/{}/remove", ids[1]), &[]).await?.assert_status(303)?;
    co.post(&format!("/events/{event_id}/rounds/1/results/1"), &[("outcome", "draw")]).await?.assert_status(403)?;
    let last = owner.post(&format!("/events/{event_id}/staff/{}/remove", ids[0]), &[]).await?;
    last.assert_status(400)?;
    assert!(last.body.contains("The last director cannot be removed"));
    Ok(())
}

/// Issue 48, acceptance 3: a NUL byte anywhere text enters, on every route of the table — in
/// each field of the body every form reads, in a query parameter, in an uploaded file — is
/// refused with 400 naming the field (never a 5xx), and nothing is stored (both databases).
#[actix_web::test]
async fn a_nul_byte_in_any_field_of_any_route_is_refused_with_the_field_named() -> TestResult {
    let (app, mut director, event_id) = event_with_players().await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let event_page = director.get(&format!("/events/{event_id}")).await?;
    let staff_id = first_number_after(&event_page.body, &format!("/events/{event_id}/staff/")).ok_or("no staff id")?;
    let players_page = director.get(&format!("/events/{event_id}/players")).await?;
    let player = first_number_after(&players_page.body, &format!("/events/{event_id}/players/")).ok_or("no player")?;
    let fields = body(&player, &player);
    let before = app.fingerprint().await?;
    let mut refused = 0;
    let mut wrong = Vec::new();
    let mut check = |what: String, page: crate::helpers::Page, field: &str| {
        if page.status != 400 || !page.body.contains(&format!("“{field}”")) {
            wrong.push(format!("{what}: {} {}", page.status, page.body.chars().take(200).collect::<String>()));
        }
        refused += 1;
    };
    for route in ROUTES {
        let path = fill(route.path, event_id, &staff_id, &player);
        if route.method == "GET" {
            for name in ["q", "next", "round"] {
                let page = director.get(&format!("{path}?{name}=a%00b")).await?;
                check(format!("GET {}?{name}", route.path), page, name);
            }
            continue;
        }
        if route.path.starts_with("/api/") {
            // The API's writes take no form: without a token they are refused before anything
            // is read (their JSON is checked by the write API's own test).
            let page = director.post(&format!("{path}?q=a%00b"), &fields).await?;
            assert_eq!(page.status, 401, "POST {} without a token", route.path);
            continue;
        }
        let page = director.post(&format!("{path}?q=a%00b"), &fields).await?;
        check(format!("POST {}?q", route.path), page, "q");
        for (name, value) in &fields {
            let poisoned = format!("{value}\u{0}");
            let body: Vec<(&str, &str)> =
                fields.iter().map(|(n, v)| if n == name { (*n, poisoned.as_str()) } else { (*n, *v) }).collect();
            let page = director.post(&path, &body).await?;
            check(format!("POST {} {name}", route.path), page, name);
        }
        let page = director.post_multipart(&path, &[("label", "List")], "file", "list.txt", b"Li\0Wei,3d\n").await?;
        check(format!("POST {} file", route.path), page, "file");
    }
    assert!(wrong.is_empty(), "{} of {refused} not refused as they should be: {wrong:#?}", wrong.len());
    assert!(refused > 1000, "{refused} requests");
    assert_eq!(app.fingerprint().await?, before, "nothing stored");
    Ok(())
}
