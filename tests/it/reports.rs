//! Players' own results (issue 49, acceptance 1): players report their boards' results from
//! their phones, the opponent confirms, a disagreement goes to the referee desk, a printed
//! slip's code opens its board's report page, the round page shows where each board stands,
//! and the standings take what was recorded. And the refusals: not one's own board, twice,
//! after the round, when the event takes no reports, too often.
use fantoccini::{Client as Browser, Locator};

use crate::browser::{click, log_in, start_browser};
use crate::helpers::*;

pub(crate) const PASSWORD: &str = "a board of my own";

/// An event of six players who registered themselves (their accounts linked to their entries),
/// taking players' reports, round 1 published. Returns the director, the event's path and each
/// board's (black email, white email) by board number.
pub(crate) async fn six_who_report(
    app: &TestApp,
    director_email: &str,
) -> Result<(Client, String, Vec<(String, String)>), Box<dyn std::error::Error>> {
    let mut director = app.client();
    director.sign_up_and_log_in(app, director_email, "Director", PASSWORD).await?;
    let created = director.post("/events", &event_form("报告杯", "3")).await?;
    let event = format!("/events/{}", id_after(&created.location, "/events/")?);
    let mut emails = Vec::new();
    for (name, rank) in [("陈一", "6d"), ("林二", "5d"), ("周三", "4d"), ("吴四", "3d"), ("郑五", "2d"), ("王六", "1d")]
    {
        let email = format!("{}@club.example", unique("p"));
        let mut player = app.client();
        player.sign_up_and_log_in(app, &email, name, PASSWORD).await?;
        player.post(&format!("{event}/register"), &[("name", name), ("rank", rank)]).await?.assert_status(303)?;
        emails.push((name.to_string(), email));
    }
    director.post(&format!("{event}/reports"), &[("on", "true")]).await?.assert_status(303)?;
    director.post(&format!("{event}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("{event}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    let round = director.get(&format!("{event}/rounds/1")).await?.body;
    let email_of = |name: &str| emails.iter().find(|(n, _)| n == name).map(|(_, e)| e.clone()).unwrap_or_default();
    let seats = boards(&round).into_iter().map(|(_, black, white)| (email_of(&black), email_of(&white))).collect();
    Ok((director, event, seats))
}

/// A board's report state on the round page (its `data-report`).
fn state_of(round: &str, board: u32) -> String {
    let row = round.split(&format!("id=\"board-{board}\"")).nth(1).unwrap_or("");
    let row = row.split("</tr>").next().unwrap_or("");
    row.split("data-report=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("").to_string()
}

#[actix_web::test]
async fn two_phones_report_confirm_disagree_and_scan_a_slip() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event, seats) = six_who_report(&app, &format!("{}@club.example", unique("d"))).await?;
    let Some((_first_driver, first)) = start_browser().await? else { return Ok(()) };
    let Some((_second_driver, second)) = start_browser().await? else { return Ok(()) };
    let result = async {
        for phone in [&first, &second] {
            phone.set_window_size(390, 844).await?;
            phone.goto(&format!("{}/lang/zh?next=/", app.base)).await?;
        }
        let report_own = |phone: &Browser, email: String| {
            let (phone, base, event) = (phone.clone(), app.base.clone(), event.clone());
            async move {
                phone.delete_all_cookies().await?;
                phone.goto(&format!("{base}/lang/zh?next=/")).await?;
                log_in(&phone, &base, &email, PASSWORD).await?;
                phone.goto(&format!("{base}{event}")).await?;
                click(&phone, "#report-own").await?;
                Ok::<_, Box<dyn std::error::Error>>(())
            }
        };
        let send = |phone: &Browser, outcome: &'static str, margin: &'static str| {
            let phone = phone.clone();
            async move {
                phone.find(Locator::Css(&format!("#report-form input[value={outcome}]"))).await?.click().await?;
                crate::browser::type_into(&phone, "#report-form input[name=margin]", margin).await?;
                click(&phone, "#report-send").await?;
                Ok::<_, Box<dyn std::error::Error>>(phone.source().await?)
            }
        };

        // Board 1: Black reports 黑中盘胜 from his phone, White confirms it from hers.
        let (black, white) = seats[0].clone();
        report_own(&first, black).await?;
        let sent = send(&first, "black", "中盘").await?;
        assert!(sent.contains("已报告。对方确认后即记录成绩。"), "{sent}");
        assert!(state_of(&director.get(&format!("{event}/rounds/1")).await?.body, 1) == "reported");
        report_own(&second, white).await?;
        let page = second.source().await?;
        assert!(page.contains("对方报告：黑中盘胜。"), "the opponent's report, in her language: {page}");
        click(&second, "#report-confirm-button").await?;
        let confirmed = second.source().await?;
        assert!(confirmed.contains("双方报告一致：已记录黑中盘胜。"), "{confirmed}");

        // Board 2: the two report different results; the referee desk has the dispute.
        let (black, white) = seats[1].clone();
        report_own(&first, black).await?;
        send(&first, "black", "").await?;
        report_own(&second, white).await?;
        let differs = send(&second, "white", "中盘").await?;
        assert!(differs.contains("您的报告与对方不一致：将由裁判裁决"), "{differs}");

        // Board 3: White scans the printed result slip's code: it opens the board's report page.
        let (_, white) = seats[2].clone();
        second.delete_all_cookies().await?;
        second.goto(&format!("{}/lang/zh?next=/", app.base)).await?;
        log_in(&second, &app.base, &white, PASSWORD).await?;
        second.goto(&format!("{}{event}/rounds/1/paper/result-slips", app.base)).await?;
        let slip_code = second.find(Locator::Css("a[data-report-link=\"3\"] svg.qr")).await?;
        assert!(slip_code.attr("aria-label").await?.is_some_and(|l| l == "扫码报告成绩"));
        click(&second, "a[data-report-link=\"3\"]").await?;
        assert!(second.source().await?.contains("id=\"report-form\""), "the slip's code opens the report form");
        send(&second, "white", "").await?;
        Ok::<_, Box<dyn std::error::Error>>(())
    }
    .await;
    if result.is_err() {
        for (name, phone) in [("first", &first), ("second", &second)] {
            if let Ok(png) = phone.screenshot().await {
                let _ = std::fs::write(std::env::temp_dir().join(format!("yunzi-report-{name}.png")), png);
            }
        }
    }
    let _ = first.close().await;
    let _ = second.close().await;
    result?;

    // The round page shows each board's state at a glance.
    let round = director.get(&format!("{event}/rounds/1")).await?.body;
    assert_eq!([state_of(&round, 1), state_of(&round, 2), state_of(&round, 3)], ["confirmed", "disputed", "reported"]);
    let desk = director.get(&format!("{event}/disputes")).await?.body;
    assert!(desk.contains("Reported results differ"), "the disagreement is at the desk: {desk}");
    // The director accepts board 3's one report; a referee rules on board 2.
    director.post(&format!("{event}/rounds/1/boards/3/report/accept"), &[]).await?.assert_status(303)?;
    let dispute = desk
        .split(&format!("href=\"{event}/disputes/"))
        .nth(1)
        .and_then(|s| s.split('"').next())
        .ok_or("dispute link")?;
    let mut referee = app.client();
    let referee_email = format!("{}@club.example", unique("r"));
    referee.sign_up_and_log_in(&app, &referee_email, "Referee Li", PASSWORD).await?;
    director
        .post(&format!("{event}/staff"), &[("email", referee_email.as_str()), ("role", "referee")])
        .await?
        .assert_status(303)?;
    referee
        .post(
            &format!("{event}/disputes/{dispute}/rule"),
            &[("ruling", "loss:white"), ("reasons", "Both heard; White resigned")],
        )
        .await?
        .assert_status(303)?;
    let round = director.get(&format!("{event}/rounds/1")).await?.body;
    assert_eq!([state_of(&round, 1), state_of(&round, 2), state_of(&round, 3)], ["confirmed", "ruled", "accepted"]);
    // The results are recorded as confirmed, ruled and accepted, and the standings take them:
    // each board's winner (Black, Black, White) has his win and 2 points, the others none.
    let paired = boards(&round);
    let api: serde_json::Value =
        serde_json::from_str(&app.client().get(&format!("/api/v1{event}/rounds/1")).await?.body)?;
    let recorded: Vec<&str> =
        api["boards"].as_array().ok_or("boards")?.iter().filter_map(|b| b["result"].as_str()).collect();
    assert_eq!(recorded, ["B+R", "B+", "W+"], "{paired:?}");
    let standings: serde_json::Value =
        serde_json::from_str(&app.client().get(&format!("/api/v1{event}/standings")).await?.body)?;
    let rows = standings["rows"].as_array().ok_or(format!("rows: {standings}"))?;
    assert_eq!(rows.len(), 6);
    let winners = [&paired[0].1, &paired[1].1, &paired[2].2];
    for row in rows {
        let name = row["player"]["name"].as_str().unwrap_or("");
        let won = winners.iter().any(|w| w.as_str() == name);
        let (wins, points) = (row["wins"].as_u64(), row["points_half"].as_u64());
        assert_eq!((wins, points), if won { (Some(1), Some(2)) } else { (Some(0), Some(0)) }, "{name}: {row}");
    }
    // A director's correction since is his: the board shows no report's tag any more.
    director
        .post(
            &format!("{event}/rounds/1/results/1/correct"),
            &[("outcome", "white"), ("margin", "R"), ("reason", "Black signed the wrong slip"), ("shown", "B+R")],
        )
        .await?
        .assert_status(303)?;
    let round = director.get(&format!("{event}/rounds/1")).await?.body;
    assert_eq!([state_of(&round, 1), state_of(&round, 3)], ["", "accepted"]);
    Ok(())
}

/// The refusals: a board not one's own (403), a second report of one's own (400), a report
/// when the event takes none, after the round is over, or too many in an hour (429).
#[actix_web::test]
async fn reports_are_refused_where_they_are_not_the_players_to_make() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event, seats) = six_who_report(&app, &format!("{}@club.example", unique("d"))).await?;
    // The round's paper carries each board's code: the PDF is made with them.
    for sheet in ["table-cards", "result-slips"] {
        let pdf = director.get_bytes(&format!("{event}/rounds/1/paper/{sheet}.pdf")).await?;
        assert!(pdf.starts_with(b"%PDF-"), "{sheet}");
    }
    let (black, _) = seats[0].clone();
    let mut player = app.client();
    player.log_in(&black, PASSWORD).await?;
    let report = |board: u32| format!("{event}/rounds/1/boards/{board}/report");
    player.post(&report(2), &[("outcome", "black")]).await?.assert_status(403)?;
    let not_mine = player.get(&report(2)).await?.body;
    assert!(not_mine.contains("Only the two players of this board report its result."), "{not_mine}");
    let bad = player.post(&report(1), &[("outcome", "black"), ("margin", "lots")]).await?;
    bad.assert_status(400)?;
    assert!(
        bad.body.contains("value=\"lots\"") && bad.body.contains("id=\"report-error\""),
        "what was typed comes back"
    );
    player.post(&report(1), &[("outcome", "black")]).await?.assert_status(303)?;
    let twice = player.post(&report(1), &[("outcome", "white")]).await?;
    twice.assert_status(400)?;
    assert!(twice.body.contains("You have reported this board already"), "{}", twice.body);
    let mut stranger = app.client();
    stranger.post(&report(1), &[("outcome", "black")]).await?.assert_status(401)?;
    // Too often: a script that keeps sending is stopped.
    let mut last = 0;
    for _ in 0..20 {
        last = player.post(&report(1), &[("outcome", "black")]).await?.status;
    }
    assert_eq!(last, 429, "past the hour's reports");
    // Off: the director stops reports.
    let (_, white) = seats[1].clone();
    let mut other = app.client();
    other.log_in(&white, PASSWORD).await?;
    director.post(&format!("{event}/reports"), &[("on", "false")]).await?.assert_status(303)?;
    let off = other.post(&report(2), &[("outcome", "white")]).await?;
    off.assert_status(400)?;
    assert!(off.body.contains("does not take players’ reports"), "{}", off.body);
    // Over: round 2 is published; round 1's boards are the director's now.
    director.post(&format!("{event}/reports"), &[("on", "true")]).await?.assert_status(303)?;
    let event_id = id_after(&Some(event.clone()), "/events/")?;
    for board in 1..=3 {
        crate::systems::enter(&mut director, event_id, 1, board, "black").await?;
    }
    crate::systems::pair_and_publish(&mut director, event_id, 2).await?;
    let (b2, _) = seats[2].clone();
    let mut late = app.client();
    late.log_in(&b2, PASSWORD).await?;
    let over = late.post(&report(3), &[("outcome", "black")]).await?;
    over.assert_status(400)?;
    assert!(over.body.contains("Round 1 is over: the next round is published."), "{}", over.body);
    Ok(())
}
