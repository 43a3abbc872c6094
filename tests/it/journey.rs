//! The director's journey over HTTP: sign up → confirm by the mailed link → create an event →
//! import 12 players from CSV → pair, adjust and publish 3 rounds → enter every result (one
//! forfeit, one draw) → the public standings match points and SOS computed here.
use crate::helpers::*;

/// The results the journey enters: one forfeit (round 1, board 1), one draw (round 2,
/// board 2), the rest alternate with different margins.
pub fn planned_result(round: u32, board: u32) -> (&'static str, &'static str, u32, u32) {
    match (round, board) {
        (1, 1) => ("white_forfeit", "", 0, 2),
        (2, 2) => ("draw", "", 1, 1),
        _ if (round + board).is_multiple_of(2) => ("black", ["R", "3.5", "¾子", "T"][(board % 4) as usize], 2, 0),
        _ => ("white", ["0.5", "R", "1¼子", "12"][(board % 4) as usize], 0, 2),
    }
}

#[actix_web::test]
async fn a_director_runs_a_small_event_end_to_end() -> TestResult {
    let app = TestApp::spawn_with(Options { mail: MailSetup::Smtp, ..Options::default() }).await?;
    let mut director = app.client();
    let email = format!("{}@club.example", unique("director"));
    director.sign_up_and_log_in(&app, &email, "Director Wang", "correct horse battery").await?;

    let created = director
        .post(
            "/events",
            &[
                ("name", "Autumn Club Championship"),
                ("venue", "Hangzhou Qiyuan"),
                ("start_date", "2026-12-05"),
                ("end_date", "2026-12-06"),
                ("time_zone", "Asia/Shanghai"),
                ("rounds", "3"),
                ("system", "swiss"),
                ("ruleset", "chinese-1988"),
                ("komi", "3¾子"),
                ("time_control", "60 min + 3×30 s"),
            ],
        )
        .await?;
    let event_id = id_after(&created.location, "/events/")?;
    let event_page = director.get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("3¾ stones (7.5 points)"), "komi shown both ways, in the rule set's unit first");
    assert!(event_page.body.contains("1 h + 3 × 30 s byo-yomi (Japanese)"), "the time control as the clocks read it");

    let tag = unique("p");
    director
        .post_file(&format!("/events/{event_id}/players/import"), "file", "players.csv", &twelve_players_csv(&tag))
        .await?
        .assert_status(303)?;
    let players_page = director.get(&format!("/events/{event_id}/players")).await?;
    assert_eq!(players_page.body.matches("<td class=\"name\">").count(), 12);

    let mut ledger = Ledger::default();
    for round in 1..=3u32 {
        let generated = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
        assert!(generated.redirected_to(&format!("/events/{event_id}/rounds/{round}")), "round {round} generated");
        let draft = director.get(&format!("/events/{event_id}/rounds/{round}")).await?;
        let pairing = boards(&draft.body);
        assert_eq!(pairing.len(), 6, "12 players make 6 boards");
        // Drafts are not public.
        let mut visitor = app.client();
        visitor.get(&format!("/events/{event_id}/rounds/{round}")).await?.assert_status(404)?;

        if round == 1 {
            // The director exchanges the two Black players of boards 1 and 2 before publishing.
            let ids: Vec<String> =
                attributes(&draft.body, "value").into_iter().filter(|v| v.parse::<i32>().is_ok()).collect();
            assert!(ids.len() >= 12, "the swap form lists every player");
            let before = pairing.clone();
            let (first_black, second_black) =
                (player_id_named(&draft.body, &before[0].1)?, player_id_named(&draft.body, &before[1].1)?);
            director
                .post(&format!("/events/{event_id}/rounds/1/swap"), &[("a", &first_black), ("b", &second_black)])
                .await?
                .assert_status(303)?;
            let after = boards(&director.get(&format!("/events/{event_id}/rounds/1")).await?.body);
            assert_eq!(after[0].1, before[1].1);
            assert_eq!(after[1].1, before[0].1);
            // The "why paired" page no longer shows the search's costs for the two boards changed.
            let why = director.get(&format!("/events/{event_id}/rounds/1/why")).await?;
            assert_eq!(why.body.matches("class=\"hint by-hand\"").count(), 2, "boards 1 and 2 changed by hand");
            assert_eq!(why.body.matches("<td class=\"cost\">").count(), 4 * 10, "the other four keep their costs");
        }

        director.post(&format!("/events/{event_id}/rounds/{round}/publish"), &[]).await?.assert_status(303)?;
        let published = visitor.get(&format!("/events/{event_id}/rounds/{round}")).await?;
        published.assert_status(200)?;
        let pairing = boards(&published.body);
        for (board, black, white) in &pairing {
            let (outcome, margin, black_points, white_points) = planned_result(round, *board);
            director
                .post(
                    &format!("/events/{event_id}/rounds/{round}/results/{board}"),
                    &[("outcome", outcome), ("margin", margin)],
                )
                .await?
                .assert_status(303)?;
            ledger.game(black, white, black_points, white_points);
        }
        let done = visitor.get(&format!("/events/{event_id}/rounds/{round}")).await?;
        assert_eq!(done.body.matches("class=\"result-text\"").count(), 6, "every board shows its result");
    }

    // The public standings, seen by someone who is not logged in.
    let mut visitor = app.client();
    let standings_page = visitor.get(&format!("/events/{event_id}/standings")).await?;
    standings_page.assert_status(200)?;
    let table = standings(&standings_page.body);
    assert_eq!(table.len(), 12);
    for (name, points) in &ledger.points {
        let (shown_points, shown_sos, _) = table.get(name).copied().ok_or_else(|| format!("{name} missing"))?;
        assert_eq!(shown_points, *points, "points of {name}");
        assert_eq!(shown_sos, ledger.sos(name), "SOS of {name}");
    }
    // Places follow points, then SOS.
    let mut rows: Vec<_> = table.values().copied().collect();
    rows.sort_by_key(|(_, _, place)| *place);
    assert!(rows.windows(2).all(|w| (w[0].0, w[0].1) >= (w[1].0, w[1].1)));

    // No rematch in three rounds among twelve players.
    let mut met = std::collections::HashSet::new();
    for (name, opponents) in &ledger.opponents {
        for o in opponents {
            assert!(met.insert((name.clone(), o.clone())), "{name} met {o} twice");
        }
    }

    // Each of the four players with an address got one pairing mail per round.
    for i in [0, 3, 6, 9] {
        let mails = app.mails_to(&format!("p{i}-{tag}@example.org"));
        assert_eq!(mails.len(), 3, "pairing mails for player {i}");
        assert!(mails.iter().all(|m| m.body.contains("Autumn Club Championship")));
        assert!(mails.iter().all(|m| m.subject.contains("Autumn Club Championship")), "subject names the event");
        assert!(mails.iter().any(|m| m.body.contains("第") && m.body.contains("board")), "both languages");
    }
    Ok(())
}

/// The player id behind a name in the draft's swap form.
pub fn player_id_named(body: &str, name: &str) -> Result<String, Box<dyn std::error::Error>> {
    let escaped = name.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let marker = "<option value=\"";
    for (i, _) in body.match_indices(marker) {
        let rest = &body[i + marker.len()..];
        let id: String = rest.chars().take_while(|c| *c != '"').collect();
        let label_start = rest.find('>').map(|p| p + 1).unwrap_or(0);
        if rest[label_start..].starts_with(&format!("{escaped} (")) {
            return Ok(id);
        }
    }
    Err(format!("{name} is not in the swap form").into())
}
