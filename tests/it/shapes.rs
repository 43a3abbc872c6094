//! Event shapes as a Chinese director reads them (issue 22): the audit page, team matches,
//! the relay, the bracket, an event carried on from OpenGotha, finding a player.
use crate::helpers::*;
use crate::venue::{published_round_one, sixteen_players};

/// The rows of the audit page: (who, what, summary), newest first.
fn audit_rows(body: &str) -> Vec<(String, String, String)> {
    body.split("<tr data-row=")
        .skip(1)
        .map(|row| {
            let cells: Vec<String> = row
                .split("<td")
                .skip(1)
                .map(|cell| {
                    let inner = cell.split_once('>').map(|(_, rest)| rest).unwrap_or_default();
                    unescape(inner.split("</td>").next().unwrap_or_default())
                })
                .collect();
            let summary = cells.get(3).map(|c| c.split("<details").next().unwrap_or_default()).unwrap_or_default();
            let summary = summary.replace("<span class=\"audit-summary\">", "").replace("</span>", "");
            (
                cells.get(1).cloned().unwrap_or_default(),
                cells.get(2).cloned().unwrap_or_default(),
                summary.trim().to_string(),
            )
        })
        .collect()
}

/// Acceptance 4: the audit page reads a publication, a result and its correction in Chinese,
/// with the director's name, and filters by board.
#[actix_web::test]
async fn the_audit_page_reads_in_chinese_with_names() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, _, event_id) = published_round_one(&app, "Audit Cup", &sixteen_players()).await?;
    let board = format!("/events/{event_id}/rounds/1/results/1");
    director.post(&board, &[("outcome", "black"), ("margin", "R")]).await?.assert_status(303)?;
    director
        .post(
            &format!("{board}/correct"),
            &[("outcome", "white"), ("margin", "R"), ("reason", "记错了颜色"), ("shown", "B+R")],
        )
        .await?
        .assert_status(303)?;
    director.get("/lang/zh?next=/").await?;
    let page = director.get(&format!("/events/{event_id}/audit")).await?;
    page.assert_status(200)?;
    let rows = audit_rows(&page.body);
    let find = |what: &str| rows.iter().find(|(_, w, _)| w == what).cloned();
    let (who, _, summary) = find("发布对阵").ok_or(format!("no publication in {rows:?}"))?;
    assert_eq!(who, "Director Zhao");
    assert!(summary.starts_with("第1轮") && summary.contains("8 台"), "{summary}");
    let (who, _, summary) = find("录入成绩").ok_or(format!("no result in {rows:?}"))?;
    assert_eq!((who.as_str(), summary.as_str()), ("Director Zhao", "第1轮第1台 · 黑中盘胜"));
    let (_, _, summary) = find("更正成绩").ok_or(format!("no correction in {rows:?}"))?;
    assert_eq!(summary, "第1轮第1台 · 黑中盘胜 → 白中盘胜 · 理由：记错了颜色");
    assert!(page.body.contains("原始记录") && page.body.contains("result.corrected"), "the raw record on demand");

    let board_one = director.get(&format!("/events/{event_id}/audit?board=1")).await?.body;
    let whats: Vec<String> = audit_rows(&board_one).into_iter().map(|(_, what, _)| what).collect();
    assert_eq!(whats, vec!["更正成绩", "录入成绩"], "board 1's rows only");
    let rounds = director.get(&format!("/events/{event_id}/audit?kind=round")).await?.body;
    let whats: Vec<String> = audit_rows(&rounds).into_iter().map(|(_, what, _)| what).collect();
    assert_eq!(whats, vec!["发布对阵", "编排轮次草稿"], "the rounds' rows only");
    Ok(())
}

/// Acceptance 2: a file OpenGotha saved right after pairing round 2 is carried on. The import
/// says what each round held and opens round 2 for its results; they are entered through the
/// round's grid and round 3 pairs. Chinese names read without a space and go back to
/// OpenGotha split as they came; OpenGotha's placeholder location is not shown.
#[actix_web::test]
async fn an_opengotha_file_saved_after_pairing_is_carried_on() -> TestResult {
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director.sign_up_and_log_in(&app, &format!("{}@club.example", unique("og")), "周睿羊", "import passphrase").await?;
    director.get("/lang/zh?next=/").await?;
    let file = include_str!("../opengotha/after-pairing-zh.xml");
    let imported = director.post_file("/events/import", "file", "hz.xml", file).await?;
    imported.assert_status(303)?;
    let round_two = imported.location.clone().ok_or("no redirect")?;
    assert!(round_two.ends_with("/rounds/2"), "the import opens the round to be played: {round_two}");
    let event = round_two.trim_end_matches("/rounds/2").to_string();
    let page = director.get(&round_two).await?.body;
    for said in ["第1轮：4 局有结果。", "第2轮：0 局有结果，4 局已编排、尚未对局。", "请在本页录入第2轮成绩"]
    {
        assert!(page.contains(said), "the notice says {said}: {page}");
    }
    let shown = boards(&page);
    assert_eq!(shown.len(), 4, "{page}");
    assert!(shown.iter().any(|(_, b, w)| b == "杨鼎新" && w == "柯洁"), "{shown:?}");
    assert!(page.contains("欧阳明") && !page.contains("芈 昱廷"), "names without a space");
    let overview = director.get(&event).await?.body;
    assert!(!overview.contains("Location name") && overview.contains("杭州围棋公开赛"), "{overview}");
    assert!(overview.contains("Asia/Shanghai"), "the site's time zone: {overview}");

    let grid: Vec<(String, String)> = (1..=4)
        .flat_map(|b| [(format!("outcome-{b}"), "black".to_string()), (format!("margin-{b}"), "R".to_string())])
        .collect();
    let grid: Vec<(&str, &str)> = grid.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    director.post_from(&round_two, &format!("{round_two}/results"), &grid).await?.assert_status(303)?;
    let paired = director.post(&format!("{event}/rounds"), &[]).await?;
    assert!(paired.redirected_to(&format!("{event}/rounds/3")), "round 3 pairs: {:?} {}", paired.location, paired.body);
    director.post(&format!("{event}/rounds/3/publish"), &[]).await?.assert_status(303)?;

    let exported = director.get(&format!("{event}/export/opengotha.xml")).await?.body;
    for (surname, given) in [("柯", "洁"), ("芈", "昱廷"), ("欧阳", "明"), ("司马", "懿"), ("王", "小明")]
    {
        assert!(
            exported.contains(&format!("firstName=\"{given}\" grade=\"\" name=\"{surname}\"")),
            "{surname}{given} written back split: {exported}"
        );
    }
    let again = yunzi::domain::tournament::interop::opengotha::parse(&exported)?;
    let original = yunzi::domain::tournament::interop::opengotha::parse(file)?;
    let names = |t: &yunzi::domain::tournament::interop::opengotha::OgTournament| {
        let mut names: Vec<(String, String)> =
            t.players.iter().map(|p| (p.surname.clone(), p.first_name.clone())).collect();
        names.sort();
        names
    };
    assert_eq!(names(&again), names(&original), "the names round-trip unchanged");
    Ok(())
}

/// Eight players, single elimination with a game for third place, as a Chinese director reads
/// it: the stages by name (四分之一决赛, 半决赛, 决赛, 三四名决赛) on the round pages and the bracket,
/// a replayed draw marked 重赛, every winner marked.
#[actix_web::test]
async fn a_knockout_of_eight_names_its_stages_and_marks_its_winners() -> TestResult {
    use crate::systems::{enter, event_with_system, pair_and_publish};
    let app = TestApp::spawn().await?;
    let eight = "name,rank\nS1,8d\nS2,7d\nS3,6d\nS4,5d\nS5,4d\nS6,3d\nS7,2d\nS8,1d\n";
    let (mut director, event_id) =
        event_with_system(&app, "knockout", &[("lives", "1"), ("third_place_game", "on")], eight).await?;
    director.get("/lang/zh?next=/").await?;
    let seed = |name: &str| name.trim_start_matches('S').parse::<u32>().unwrap_or(99);
    for round in 1..=3 {
        let pairing = pair_and_publish(&mut director, event_id, round).await?;
        let page = director.get(&format!("/events/{event_id}/rounds/{round}")).await?.body;
        let stages: Vec<String> =
            page.split("data-stage>").skip(1).map(|s| unescape(s.split('<').next().unwrap_or_default())).collect();
        let expected: Vec<&str> = match round {
            1 => vec!["四分之一决赛"; 4],
            2 => vec!["半决赛"; 2],
            _ => vec!["决赛", "三四名决赛"],
        };
        assert_eq!(stages, expected, "round {round}");
        for (i, (board, black, white)) in pairing.iter().enumerate() {
            if round == 1 && i == 0 {
                // A draw first: the replay is a new board of the round, marked 重赛.
                enter(&mut director, event_id, 1, *board, "draw").await?;
                let page = director.get(&format!("/events/{event_id}/rounds/1")).await?.body;
                assert!(page.contains("四分之一决赛 · 重赛"), "{page}");
                let replay = boards(&page).into_iter().find(|(n, _, _)| *n == 5).ok_or("no replay board")?;
                let better = if seed(&replay.1) < seed(&replay.2) { "black" } else { "white" };
                enter(&mut director, event_id, 1, 5, better).await?;
                continue;
            }
            enter(&mut director, event_id, round, *board, if seed(black) < seed(white) { "black" } else { "white" })
                .await?;
        }
    }
    let page = director.get(&format!("/events/{event_id}/standings")).await?.body;
    let labels: Vec<String> = page
        .split("class=\"bracket-label\">")
        .skip(1)
        .map(|s| unescape(s.split('<').next().unwrap_or_default()))
        .collect();
    assert_eq!(
        labels,
        vec!["四分之一决赛", "四分之一决赛", "四分之一决赛", "四分之一决赛", "半决赛", "半决赛", "决赛", "三四名决赛"]
    );
    assert_eq!(page.matches("class=\"winner-mark\"").count(), 8, "every match's winner is marked");
    assert!(page.contains("class=\"tag replay\">重赛"), "the replayed draw is shown as such");
    Ok(())
}

/// Finding yourself: a search for a name in characters, pinyin or initials lands on the
/// player's page with this round's board, colour and opponent; several matches are listed;
/// every name on the pairings links to its player.
#[actix_web::test]
async fn a_player_finds_his_pairing_by_characters_or_pinyin() -> TestResult {
    let app = TestApp::spawn().await?;
    let (_, _, event_id) = published_round_one(&app, "Search Cup", &twelve_players_csv(&unique("s"))).await?;
    let mut visitor = app.client();
    visitor.get("/lang/zh?next=/").await?;
    let event = format!("/events/{event_id}");
    let round = visitor.get(&format!("{event}/rounds/1")).await?.body;
    let (board, black, white) =
        boards(&round).into_iter().find(|(_, b, w)| b == "王小明" || w == "王小明").ok_or("王小明 not paired")?;
    let (colour, opponent) = if black == "王小明" { ("黑方", white) } else { ("白方", black) };
    let mut landed = Vec::new();
    for query in ["王小明", "小明", "wangxiaoming", "wang xiao ming", "WXM"] {
        let found = visitor
            .get(&format!(
                "{event}/search?q={}",
                url::form_urlencoded::byte_serialize(query.as_bytes()).collect::<String>()
            ))
            .await?;
        assert_eq!(found.status, 303, "{query} finds one player: {}", found.body);
        landed.push(found.location.clone().unwrap_or_default());
    }
    landed.dedup();
    assert_eq!(landed.len(), 1, "every way of typing lands on the same page: {landed:?}");
    let page = visitor.get(&landed[0]).await?.body;
    assert!(page.contains(&format!(r#"id="player-board">第{board}台</a>"#)), "{page}");
    assert!(page.contains(&format!("<strong>{colour}</strong>")) && page.contains(&opponent), "{page}");
    assert!(round.contains(r#"class="player-link">王小明</a>"#) && round.contains(&landed[0]));
    // From his page, the pairings and the standings show his row first (a long list on a phone).
    let href = |page: &str, id: &str| -> Result<String, String> {
        let at = page.find(&format!(r#"id="{id}""#)).ok_or(format!("no {id}"))?;
        let start = page[..at].rfind("href=\"").ok_or("no href")? + 6;
        Ok(page[start..].split('"').next().unwrap_or_default().replace("&amp;", "&"))
    };
    for link in ["player-pairings", "player-standings"] {
        let followed = visitor.get(&href(&page, link)?).await?;
        followed.assert_status(200)?;
        let body = &followed.body;
        let pinned = body.find(r#"<tbody class="mine" id="me">"#).ok_or(format!("{link}: no pinned row: {body}"))?;
        let first_row = body.find("<tbody>\n").ok_or("no table body")?;
        assert!(pinned < first_row, "{link}: the pinned row comes before the list");
        let mine = &body[pinned..first_row];
        assert!(mine.contains("置顶：王小明") && mine.contains("王小明"), "{link}: {mine}");
        assert_eq!(
            body.matches(r#"class="mine""#).count(),
            3,
            "{link}: the pinned part, its row, and his row in the list"
        );
    }
    // Part of a Latin name found in several players: a list to choose from.
    let several = visitor.get(&format!("{event}/search?q=an")).await?;
    several.assert_status(200)?;
    let names = attributes(&several.body, "data-found");
    assert!(names.len() >= 2 && names.contains(&"Anna Kovacs".to_string()), "{names:?}");
    let none = visitor.get(&format!("{event}/search?q=nobody")).await?;
    assert!(none.body.contains("id=\"search-none\""));
    Ok(())
}

/// Acceptance 3: a director adds a referee by an address without an account; the invitation
/// goes through a real SMTP server, in 中文 and English, and its link signs him up as the
/// event's referee. Pending invitations are listed and can be withdrawn (the link then dies).
#[actix_web::test]
async fn an_invitation_by_address_signs_a_referee_up_into_the_role() -> TestResult {
    let app = TestApp::spawn_with(Options { mail: MailSetup::Smtp, ..Options::default() }).await?;
    let (mut director, _, event_id) = published_round_one(&app, "Invite Cup", &sixteen_players()).await?;
    let event = format!("/events/{event_id}");
    let referee_email = format!("{}@club.example", unique("newref"));
    let added = director.post(&format!("{event}/staff"), &[("email", &referee_email), ("role", "referee")]).await?;
    assert!(added.redirected_to(&event), "{:?} {}", added.location, added.body);
    let page = director.get(&event).await?.body;
    assert!(
        page.contains("an invitation was mailed") && page.contains(&format!("data-invitation=\"{referee_email}\""))
    );
    let twice = director.post(&format!("{event}/staff"), &[("email", &referee_email), ("role", "referee")]).await?;
    twice.assert_status(400)?;
    let link = app.link_in_mail(&referee_email, "/invite/").await?;
    let mail = app.mails_to(&referee_email).into_iter().next_back().ok_or("no invitation mail")?;
    assert!(
        mail.subject.contains("Invite Cup") && mail.body.contains("裁判员") && mail.body.contains("referee"),
        "{mail:?}"
    );
    let path = link.trim_start_matches(&app.base).to_string();

    let mut referee = app.client();
    referee.get("/lang/zh?next=/").await?;
    let offer = referee.get(&path).await?;
    offer.assert_status(200)?;
    assert!(offer.body.contains("Invite Cup") && offer.body.contains(&referee_email), "{}", offer.body);
    let short = referee
        .post(&path, &[("display_name", "Referee Sun"), ("password", "short"), ("password_again", "short")])
        .await?;
    short.assert_status(400)?;
    let accepted = referee
        .post(
            &path,
            &[
                ("display_name", "Referee Sun"),
                ("password", "a referee passphrase"),
                ("password_again", "a referee passphrase"),
            ],
        )
        .await?;
    assert!(accepted.redirected_to("/login"), "{:?} {}", accepted.location, accepted.body);
    referee.log_in(&referee_email, "a referee passphrase").await?;
    referee.get(&format!("{event}/disputes")).await?.assert_status(200)?;
    referee.post(&format!("{event}/rounds/1/results/1"), &[("outcome", "draw")]).await?.assert_status(303)?;
    referee.get(&format!("{event}/edit")).await?.assert_status(403)?;
    assert_eq!(app.client().get(&path).await?.status, 404, "a spent link opens nothing");

    // A second invitation, withdrawn: its link no longer works.
    let other = format!("{}@club.example", unique("other"));
    director.post(&format!("{event}/staff"), &[("email", &other), ("role", "director")]).await?;
    let other_path = app.link_in_mail(&other, "/invite/").await?.trim_start_matches(&app.base).to_string();
    let page = director.get(&event).await?.body;
    let withdraw = page
        .split(&format!("/events/{event_id}/invitations/"))
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .ok_or("no withdraw form")?
        .to_string();
    director.post(&format!("{event}/invitations/{withdraw}/withdraw"), &[]).await?.assert_status(303)?;
    assert_eq!(app.client().get(&other_path).await?.status, 404, "a withdrawn invitation's link is dead");
    let audit = director.get(&format!("{event}/audit")).await?.body;
    assert!(
        audit.contains("data-action=\"staff.invited\"") && audit.contains("data-action=\"staff.invitation_withdrawn\"")
    );
    assert!(
        audit.contains(&format!(r#"<span class="audit-summary">referee · {referee_email}</span>"#)),
        "the invitation's row names whom: {audit}"
    );
    Ok(())
}

/// Small ones: the server's outbox folder is named only to the first account of a new install
/// (who sets it up), never to the public; the site has an icon where browsers look for it; an
/// error page's title is in the reader's language.
#[actix_web::test]
async fn the_outbox_stays_private_and_the_site_has_an_icon() -> TestResult {
    let app = TestApp::spawn().await?;
    let password = "an outbox passphrase";
    let mut pages = Vec::new();
    for who in ["first", "second"] {
        let email = format!("{}@club.example", unique(who));
        let fields =
            [("email", email.as_str()), ("display_name", "Lu"), ("password", password), ("password_again", password)];
        pages.push(app.client().post("/signup", &fields).await?);
    }
    let outbox = app.data.join("outbox").display().to_string();
    assert!(pages[0].body.contains(&outbox), "the installer sees where mail waits: {}", pages[0].body);
    pages[1].assert_status(200)?;
    assert!(!pages[1].body.contains(&outbox), "the public never sees the server's folders");
    let icon = app.client().get("/favicon.ico").await?;
    assert!(icon.status == 200 && icon.body.starts_with("<svg"), "{}", icon.status);
    let mut reader = app.client();
    reader.get("/lang/zh?next=/").await?;
    let missing = reader.get("/events/999999").await?;
    assert!(missing.body.contains("<title>页面不存在 · 云子</title>"), "{}", missing.body);
    Ok(())
}

/// Four teams of three boards (王小明 on team 北京's board 2), a knockout of four and a relay
/// of two against two, played by `director` over HTTP: the events' paths.
pub struct ShapesWorld {
    pub director_email: String,
    pub team: String,
    pub knockout: String,
    pub relay: String,
}

pub const SHAPES_PASSWORD: &str = "a shapes passphrase";

pub async fn shapes_world(app: &TestApp) -> Result<ShapesWorld, Box<dyn std::error::Error>> {
    use crate::systems::{enter, pair_and_publish};
    let mut director = app.client();
    let director_email = format!("{}@club.example", unique("shapes"));
    director.sign_up_and_log_in(app, &director_email, "周睿羊", SHAPES_PASSWORD).await?;
    let teams = "name,rank,team,board\n柯洁,9d,北京,1\n王小明,5d,北京,2\n李明,4d,北京,3\n\
                 芈昱廷,9d,杭州,1\n张三,5d,杭州,2\n赵四,4d,杭州,3\n\
                 唐韦星,8d,贵州,1\n陈八,3d,贵州,2\n周九,2d,贵州,3\n\
                 时越,8d,河南,1\n吴十,3d,河南,2\n郑一,2d,河南,3\n";
    let shanghai = ("time_zone", "Asia/Shanghai");
    let team =
        event_of(&mut director, "团体赛", "team", &[shanghai, ("team_boards", "3"), ("team_pairing", "swiss")], teams)
            .await?;
    let id = |event: &str| event.trim_start_matches("/events/").parse::<i32>().unwrap_or(0);
    let round1 = pair_and_publish(&mut director, id(&team), 1).await?;
    // The first match's first team wins every board (3 : 0); the second splits 1½ : 1½.
    for (i, (board, _, _)) in round1.iter().enumerate() {
        let outcome = match i {
            0 | 2 => "black",
            1 => "white",
            3 => "black",
            4 => "black",
            _ => "draw",
        };
        enter(&mut director, id(&team), 1, *board, outcome).await?;
    }
    let knockout = event_of(
        &mut director,
        "淘汰赛",
        "knockout",
        &[shanghai, ("lives", "1"), ("third_place_game", "on")],
        "name,rank\n柯洁,9d\n芈昱廷,8d\n唐韦星,7d\n时越,6d\n",
    )
    .await?;
    for round in 1..=2 {
        for (board, black, white) in pair_and_publish(&mut director, id(&knockout), round).await? {
            let stronger_black = ["柯洁", "芈昱廷", "唐韦星", "时越"].iter().position(|n| *n == black)
                < ["柯洁", "芈昱廷", "唐韦星", "时越"].iter().position(|n| *n == white);
            enter(&mut director, id(&knockout), round, board, if stronger_black { "black" } else { "white" }).await?;
        }
    }
    let relay = event_of(
        &mut director,
        "擂台赛",
        "relay",
        &[shanghai, ("relay_order", "fixed"), ("relay_draw", "replay")],
        "name,rank,team,board\n聂卫平,9p,中国,1\n马晓春,9p,中国,2\n藤泽秀行,9p,日本,1\n加藤正夫,9p,日本,2\n",
    )
    .await?;
    // 中国's first player wins twice: 日本 is out after two games… and a third for the seat.
    for round in 1..=3 {
        let games = pair_and_publish(&mut director, id(&relay), round).await?;
        let Some((board, black, _)) = games.first().cloned() else { break };
        let china = ["聂卫平", "马晓春"].contains(&black.as_str());
        enter(&mut director, id(&relay), round, board, if china { "black" } else { "white" }).await?;
        if director.get(&format!("{relay}/relay")).await?.body.contains("id=\"relay-winner\"") {
            break;
        }
    }
    Ok(ShapesWorld { director_email, team, knockout, relay })
}

/// Acceptance 1, in Chromium and 中文: the team round reads 3 : 0 and 1½ : 1½ with 第1–3台 in
/// each match, and board 1's colour alternates in round 2 by the written rule; the bracket
/// names 决赛 and ticks every winner; the relay names its winner and last player standing; a
/// search for a name in characters and in pinyin from the event's search box reaches the
/// player's pairing.
#[actix_web::test]
async fn the_event_shapes_read_right_in_chinese_in_the_browser() -> TestResult {
    use crate::browser::{click, start_browser, type_into};
    use fantoccini::Locator;
    let app = TestApp::spawn().await?;
    let world = shapes_world(&app).await?;
    let Some((_driver, browser)) = start_browser().await? else { return Ok(()) };
    crate::browser::log_in(&browser, &app.base, &world.director_email, SHAPES_PASSWORD).await?;
    browser.goto(&format!("{}/lang/zh?next={}/rounds/1", app.base, world.team)).await?;
    let mut scores = Vec::new();
    for head in browser.find_all(Locator::Css("tr.team-match .match-score")).await? {
        scores.push(head.text().await?);
    }
    assert_eq!(scores, vec!["3 : 0", "1½ : 1½"], "matches read as boards won");
    let mut numbers = Vec::new();
    for link in browser.find_all(Locator::Css("#pairings a.board-link")).await? {
        numbers.push(link.text().await?);
    }
    assert_eq!(numbers, vec!["第1台", "第2台", "第3台", "第1台", "第2台", "第3台"]);
    // Round 2: the teams that had Black on board 1 in round 1 play each other or not; a team
    // that had White there gets Black when it meets one that had Black.
    let first_black_teams: Vec<String> = {
        let page = app.client().get(&format!("{}/rounds/1", world.team)).await?.body;
        boards(&page).into_iter().step_by(3).map(|(_, black, _)| black).collect()
    };
    let mut director = app.client();
    director.log_in(&world.director_email, SHAPES_PASSWORD).await?;
    let team_id: i32 = world.team.trim_start_matches("/events/").parse()?;
    let round2 = crate::systems::pair_and_publish(&mut director, team_id, 2).await?;
    let team_of = |name: &str| -> &str {
        match name {
            "柯洁" | "王小明" | "李明" => "北京",
            "芈昱廷" | "张三" | "赵四" => "杭州",
            "唐韦星" | "陈八" | "周九" => "贵州",
            _ => "河南",
        }
    };
    let had_black: Vec<&str> = first_black_teams.iter().map(|n| team_of(n)).collect();
    for (i, (_, black, white)) in round2.iter().enumerate().step_by(3) {
        let (b, w) = (team_of(black), team_of(white));
        let fewer_first = !had_black.contains(&b) || had_black.contains(&w);
        assert!(fewer_first, "board {} of round 2: {b} has Black on board 1 though {w} had it less", i + 1);
    }

    browser.goto(&format!("{}{}/standings", app.base, world.knockout)).await?;
    let bracket = browser.find(Locator::Id("bracket")).await?.text().await?;
    assert!(bracket.contains("决赛") && bracket.contains("三四名决赛") && bracket.contains("半决赛"), "{bracket}");
    assert_eq!(browser.find_all(Locator::Css("#bracket .winner-mark")).await?.len(), 4, "every winner ticked");

    browser.goto(&format!("{}{}/relay", app.base, world.relay)).await?;
    let winner = browser.find(Locator::Id("relay-winner")).await?.text().await?;
    assert!(winner.contains("中国 获得擂台赛胜利") && winner.contains("守擂到最后：聂卫平"), "{winner}");

    for query in ["王小明", "wangxiaoming"] {
        browser.goto(&format!("{}{}", app.base, world.team)).await?;
        type_into(&browser, "nav.tabs form.search input[name=q]", query).await?;
        click(&browser, "nav.tabs form.search button").await?;
        let heading = browser.find(Locator::Css("h1")).await?.text().await?;
        assert!(heading.starts_with("王小明"), "{query} lands on the player's page: {heading}");
        let now = browser.find(Locator::Id("player-now")).await?.text().await?;
        assert!(
            now.contains("第2轮") && now.contains("第2台") && now.contains("对手"),
            "board 2 of his team's match: {now}"
        );
    }
    let _ = browser.close().await;
    Ok(())
}

/// Acceptance 2 on a real file: a public OpenGotha file (65 players with Chinese names, saved
/// right after pairing round 1, its location left as "Location name") is carried on: the
/// import opens round 1 for its 32 results, they go in through the round's grid, round 2 pairs,
/// and the names go back to OpenGotha exactly as they came.
#[actix_web::test]
async fn the_public_chinese_file_saved_after_pairing_round_trips() -> TestResult {
    use yunzi::domain::tournament::interop::opengotha::{OgTournament, parse};
    let app = TestApp::spawn().await?;
    let mut director = app.client();
    director
        .sign_up_and_log_in(&app, &format!("{}@club.example", unique("thu")), "周睿羊", "import passphrase")
        .await?;
    director.get("/lang/zh?next=/").await?;
    let file = include_str!("../opengotha/2020-tsinghua-alumni-round1.xml");
    let imported = director.post_file("/events/import", "file", "2020.xml", file).await?;
    imported.assert_status(303)?;
    let round_one = imported.location.clone().ok_or("no redirect")?;
    assert!(round_one.ends_with("/rounds/1"), "{round_one}");
    let event = round_one.trim_end_matches("/rounds/1").to_string();
    let page = director.get(&round_one).await?.body;
    assert!(page.contains("65 名棋手") && page.contains("第1轮：0 局有结果，32 局已编排、尚未对局。"), "{page}");
    let shown = boards(&page);
    assert_eq!(shown.len(), 32);
    assert!(shown.iter().all(|(_, b, w)| !b.contains(' ') && !w.contains(' ')), "names without a space");
    assert!(!director.get(&event).await?.body.contains("Location name"));

    let grid: Vec<(String, String)> = shown
        .iter()
        .flat_map(|(board, _, _)| {
            [(format!("outcome-{board}"), "black".to_string()), (format!("margin-{board}"), "R".to_string())]
        })
        .collect();
    let grid: Vec<(&str, &str)> = grid.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    director.post_from(&round_one, &format!("{round_one}/results"), &grid).await?.assert_status(303)?;
    let paired = director.post(&format!("{event}/rounds"), &[]).await?;
    assert!(paired.redirected_to(&format!("{event}/rounds/2")), "round 2 pairs: {:?}", paired.location);

    let exported = director.get(&format!("{event}/export/opengotha.xml")).await?.body;
    let names = |t: &OgTournament| {
        let mut names: Vec<(String, String)> =
            t.players.iter().map(|p| (p.surname.clone(), p.first_name.clone())).collect();
        names.sort();
        names
    };
    assert_eq!(names(&parse(&exported)?), names(&parse(file)?), "the 65 names round-trip unchanged");
    Ok(())
}
