//! Rating lists (issue 26, acceptance 2): a site admin imports the EGF, AGA and a national list
//! in their real layouts, a bad file is refused whole with its line number, a re-import reports
//! what changed, and registration finds players by part of a name in Latin or Chinese.
use fantoccini::Locator;

use crate::browser::{click, start_browser, type_into};
use crate::helpers::*;

const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ratings");

fn sample(name: &str) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    Ok(std::fs::read(format!("{SAMPLES}/{name}"))?)
}

/// The EGD serves its list in Latin-1: the UTF-8 sample written back as such.
fn latin1(text: &[u8]) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let text = std::str::from_utf8(text)?;
    Ok(text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect())
}

async fn import(
    admin: &mut Client,
    kind: &str,
    label: &str,
    file: &str,
    content: &[u8],
) -> Result<Page, Box<dyn std::error::Error>> {
    admin.post_multipart("/admin/ratings", &[("kind", kind), ("label", label)], "file", file, content).await
}

/// The sizes the lists page shows, by label.
fn sizes(body: &str) -> Vec<(String, String)> {
    let table = body.split("id=\"rating-lists\"").nth(1).unwrap_or("").split("</table>").next().unwrap_or("");
    table
        .split("<tr><td>")
        .skip(1)
        .filter_map(|row| {
            let label = row.split("</td>").next()?.to_string();
            let size = row.split("<td class=\"num\">").nth(1)?.split("</td>").next()?.to_string();
            Some((unescape(&label), size))
        })
        .collect()
}

#[actix_web::test]
async fn rating_lists_import_whole_report_changes_and_are_searched() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut admin = app.client();
    admin.sign_up_and_log_in(&app, "admin@club.example", "Admin", "rating lists passphrase").await?;

    // Each list in its real layout; the EGD's in Latin-1 as it is served.
    let egf = import(&mut admin, "egf", "EGF", "allworld_lp.html", &latin1(&sample("allworld_lp.html")?)?).await?;
    egf.assert_status(200)?;
    assert!(egf.body.contains("290"), "{}", egf.body);
    import(&mut admin, "aga", "AGA", "TDListA.txt", &sample("TDListA.txt")?).await?.assert_status(200)?;
    import(&mut admin, "csv", "中国等级分", "national.csv", &sample("national.csv")?).await?.assert_status(200)?;
    let page = admin.get("/admin/ratings").await?;
    let mut listed = sizes(&page.body);
    listed.sort();
    let want = [("AGA", "293"), ("EGF", "290"), ("中国等级分", "295")];
    assert_eq!(listed, want.map(|(l, n)| (l.to_string(), n.to_string())), "{}", page.body);

    // A malformed line: refused with its number, and nothing of the file is imported.
    for (kind, label, file, line) in [
        ("egf", "EGF", "allworld_lp-bad.html", 164),
        ("aga", "AGA", "TDListA-bad.txt", 148),
        ("csv", "中国等级分", "national-bad.csv", 149),
        ("csv", "新名单", "national-bad.csv", 149),
    ] {
        let refused = import(&mut admin, kind, label, file, &sample(file)?).await?;
        refused.assert_status(400)?;
        let said = refused
            .body
            .split("id=\"import-error\" tabindex=\"-1\" autofocus>")
            .nth(1)
            .unwrap_or("")
            .split("</p>")
            .next()
            .unwrap_or("");
        assert!(said.contains(&line.to_string()), "{file}: {said}");
    }
    let mut after = sizes(&admin.get("/admin/ratings").await?.body);
    after.sort();
    assert_eq!(after, listed, "the bad files changed nothing, and made no new list");

    // A later copy of each: the report counts and names the changes.
    for (kind, label, file, changed) in [
        ("egf", "EGF", "allworld_lp-changed.html", 5),
        ("aga", "AGA", "TDListA-changed.txt", 4),
        ("csv", "中国等级分", "national-changed.csv", 4),
    ] {
        let report = import(&mut admin, kind, label, file, &sample(file)?).await?;
        report.assert_status(200)?;
        let counts = report.body.split("id=\"import-counts\">").nth(1).unwrap_or("").split("</p>").next().unwrap_or("");
        let counts = unescape(counts);
        for figure in ["2", "1", &changed.to_string()] {
            assert!(counts.contains(figure), "{file}: {counts}");
        }
        assert_eq!(report.body.matches("<li class=\"added\">").count(), 2, "{file}");
        assert_eq!(report.body.matches("<li class=\"removed\">").count(), 1, "{file}");
        assert_eq!(report.body.matches("<li class=\"changed\">").count(), changed, "{file}");
        assert!(report.body.contains(" → "), "{file}: a change shows before and after");
    }

    // Registration's search: part of a name in Latin (any order), in characters, a PIN.
    let mut director = app.client();
    director.sign_up_and_log_in(&app, "director@club.example", "Director", "rating lists passphrase").await?;
    let found = |body: &str| attributes(body, "data-name");
    let latin = director.get("/ratings/search?part=1&q=albrecht").await?;
    assert_eq!(found(&latin.body), ["Albrecht Clemens"], "{}", latin.body);
    assert!(latin.body.contains("data-rating=\"1568\"") && latin.body.contains("data-egf-pin=\"19385083\""));
    let reordered = director.get("/ratings/search?part=1&q=clemens%20alb").await?;
    assert_eq!(found(&reordered.body), ["Albrecht Clemens"]);
    let chinese = director.get(&format!("/ratings/search?part=1&q={}", urlencode_query("王一"))).await?;
    assert!(found(&chinese.body).contains(&"王一凡".to_string()), "{}", chinese.body);
    let pinyin = director.get("/ratings/search?part=1&q=wang%20yifan").await?;
    assert!(found(&pinyin.body).contains(&"王一凡".to_string()), "{}", pinyin.body);
    let pin = director.get("/ratings/search?part=1&q=19385083").await?;
    assert_eq!(found(&pin.body), ["Albrecht Clemens"]);
    // Issue 49, item 4: a name typed in another script finds the list's spelling.
    let scripts = "排名,编号,姓名,性别,单位,等级分,段位\n1,KR1,Kim Seoyeon,女,Seoul,2500,\n2,CN1,Ke Jie,男,Beijing,2800,\n3,DE1,Müller Hans,男,Berlin,2100,\n";
    import(&mut admin, "csv", "Scripts", "scripts.csv", scripts.as_bytes()).await?.assert_status(200)?;
    // Each finds the new list's player (by its club) and no one of another name; the other
    // lists have Kim Seoyeons of their own, and a Mueller written so.
    for (query, names, club) in [
        ("柯洁", &["Ke Jie"][..], "Beijing"),
        ("김서연", &["Kim Seoyeon"][..], "Seoul"),
        ("mueller", &["Mueller Juergen", "Müller Hans"][..], "Berlin"),
    ] {
        let page = director.get(&format!("/ratings/search?part=1&q={}", urlencode_query(query))).await?;
        let listed = found(&page.body);
        assert!(page.body.contains(&format!("data-club=\"{club}\"")), "{query}: {}", page.body);
        assert!(!listed.is_empty() && listed.iter().all(|n| names.contains(&n.as_str())), "{query}: {listed:?}");
    }
    let none = director.get("/ratings/search?part=1&q=zzqqxx").await?;
    assert!(none.body.contains("id=\"rating-none\""));
    // LIKE's wildcards are text: a bare % finds nothing rather than everyone.
    assert!(found(&director.get("/ratings/search?part=1&q=%25").await?.body).is_empty());

    // Only a site admin imports; only a signed-in user searches.
    director.post("/admin/ratings", &[]).await?.assert_status(403)?;
    assert_eq!(app.client().get("/ratings/search?q=albrecht").await?.status, 303);
    Ok(())
}

fn urlencode_query(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// A director registers two players by typing part of a name, one Latin, one Chinese: the
/// search fills rank, rating, club, country and PIN, and the players page shows them.
#[actix_web::test]
async fn registration_fills_a_player_from_the_rating_lists_as_the_name_is_typed() -> TestResult {
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    let app = TestApp::spawn().await?;
    let password = "rating lists passphrase";
    let mut admin = app.client();
    admin.sign_up_and_log_in(&app, "admin@club.example", "Admin", password).await?;
    import(&mut admin, "egf", "EGF", "allworld_lp.html", &sample("allworld_lp.html")?).await?.assert_status(200)?;
    import(&mut admin, "csv", "中国等级分", "national.csv", &sample("national.csv")?).await?.assert_status(200)?;
    let event = event_of(&mut admin, "Rated Open", "mcmahon", &[], "name,rank\nFirst Player,1d\n").await?;

    crate::browser::log_in(&browser, &app.base, "admin@club.example", password).await?;
    browser.goto(&format!("{}{event}/players", app.base)).await?;
    for (typed, name, rank, club, rating) in
        [("clemens albr", "Albrecht Clemens", "5k", "K", "1568"), ("王一", "王一凡", "", "江苏", "")]
    {
        type_into(&browser, "#add-player .rating-query", typed).await?;
        let pick = format!("#add-player .rating-pick[data-name=\"{name}\"]");
        let mut found = None;
        for _ in 0..200 {
            if let Ok(button) = browser.find(Locator::Css(&pick)).await {
                found = Some(button);
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        found.ok_or_else(|| format!("{typed}: {name} not offered"))?.click().await?;
        let value = |field: &'static str| {
            let browser = browser.clone();
            async move { browser.find(Locator::Css(&format!("#add-player [name={field}]"))).await?.prop("value").await }
        };
        assert_eq!(value("name").await?.as_deref(), Some(name));
        assert_eq!(value("club").await?.as_deref(), Some(club));
        assert_eq!(value("rating").await?.as_deref(), Some(rating));
        if rank.is_empty() {
            // The national list writes 职业初段, a professional: the form shows what it read.
            assert!(value("rank").await?.is_some_and(|r| !r.is_empty()));
        } else {
            assert_eq!(value("rank").await?.as_deref(), Some(rank));
        }
        click(&browser, "#add-player button[type=submit]").await?;
    }
    let page = browser.source().await?;
    assert!(page.contains("Albrecht Clemens") && page.contains("王一凡"), "both registered");
    assert!(page.contains("1568"), "the GoR from the EGF list");
    let _ = browser.close().await;
    Ok(())
}
