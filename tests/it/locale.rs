//! One language per page (issues 21 and 27): every template, and every refusal a form or an
//! action can meet, read in 中文, English, 日本語 and 한국어. A page may hold no word of another
//! language's script — no English word on a 中文, 日本語 or 한국어 page, no CJK on an English
//! page, no kana or Hangul in 中文, no Hangul or simplified-only Chinese in 日本語, no Han or
//! kana in 한국어 — outside what users typed and a short list of proper nouns.
use std::collections::BTreeSet;

use crate::helpers::*;

/// Latin words a 中文 page may show: names of file formats, programs, rating bodies and
/// tie-breaks that are written so in Chinese too, the language switcher's own name for
/// English, and the codes a field takes as typed (tie-break orders, IANA time zones).
const LATIN_ALLOWED: &[&str] = &[
    "SGF",
    "CSV",
    "XML",
    "PDF",
    "JSON",
    "UTF",
    "OpenGotha",
    "EGF",
    "EGD",
    "PIN",
    "AGA",
    "Yunzi",
    "SOS",
    "SOSOS",
    "SODOS",
    "MMS",
    "CUSS",
    "UTC",
    "English",
    "points",
    "mms",
    "sos",
    "sosos",
    "sodos",
    "cuss",
    "direct",
    "wins",
    "game-points",
    "key-board",
    "Asia",
    "Shanghai",
    "Europe",
    "Amsterdam",
    // Codes a 日本語 or 한국어 reader types or finds exactly so (each translated beside it on the
    // page): a players file's columns, the time-control notation, the rating lists' file
    // names, the command line and its font setting, OpenGotha's root element, the EGF rating's
    // name, romanised examples of the name search, and the other time zones they name.
    "name",
    "rank",
    "rating",
    "club",
    "country",
    "email",
    "team",
    "board",
    // The grid embed's address parameter (?boards=5-8), written as it is typed.
    "boards",
    "aga",
    "id",
    "chinese",
    "reserve",
    "allworld",
    "lp",
    "TDListA",
    "TDListN",
    "txt",
    "yunzi",
    "pair",
    "Tournament",
    "GoR",
    "zhang",
    "wei",
    "kejie",
    "ke",
    "jie",
    "kj",
    "Tokyo",
    "Seoul",
    "Debian",
    "fonts-noto-cjk",
    "apt-get",
    "install",
    "YUNZI",
    "FONT",
    "roundNumber",
];

/// East Asian words a page in another script may show: the language switcher's own names for
/// 中文, 日本語 and 한국어, and the app's name.
const CJK_ALLOWED: &[&str] = &["中文", "云子", "日本語", "한국어", "윈쯔"];

/// Characters of simplified Chinese that Japanese does not write (它们 → 它們 is not Japanese
/// either): on a 日本語 page they are 中文 left behind.
const SIMPLIFIED_ONLY: &str =
    "们这个说时轮编组赛员级规则对阵积选择码录输请设错误页载态证账户删复计从进开关书读认还发现单让贴绩检查称队场";

/// Tags whose text is no language: scripts, styles, drawings, what a user typed back into a
/// field, and code (a file's column, a notation, a hash).
const HIDDEN_TAGS: &[&str] = &["script", "style", "svg", "textarea", "code"];

/// Attributes a reader sees or hears.
const READ_ATTRIBUTES: &[&str] = &["title", "placeholder", "aria-label", "alt", "data-confirm", "data-message"];

/// The text of `html` a reader meets: the text between tags and the attributes that are shown
/// or read out, with scripts, styles, drawings and comments left out.
pub fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.split_once("-->").map(|(_, r)| r).unwrap_or("");
            continue;
        }
        let Some(close) = rest.find('>') else { break };
        let tag = &rest[1..close];
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase();
        for attribute in READ_ATTRIBUTES {
            let marker = format!(" {attribute}=\"");
            if let Some(at) = tag.find(&marker) {
                let value = &tag[at + marker.len()..];
                out.push_str(value.split('"').next().unwrap_or(""));
                out.push(' ');
            }
        }
        rest = &rest[close + 1..];
        if HIDDEN_TAGS.contains(&name.as_str()) && !tag.ends_with('/') {
            let end = format!("</{name}");
            rest = rest.find(&end).map(|at| &rest[at..]).unwrap_or("");
        }
    }
    out.push_str(rest);
    unescape(&out)
}

fn is_cjk(c: char) -> bool {
    is_han(c) || is_kana(c) || is_hangul(c) || matches!(c, '\u{3000}'..='\u{303f}' | '\u{ff00}'..='\u{ffef}')
}

fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}')
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}')
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{ac00}'..='\u{d7af}' | '\u{1100}'..='\u{11ff}' | '\u{3130}'..='\u{318f}')
}

/// Whether `c` belongs to a script the page in `lang` does not write: CJK on an English page;
/// kana and Hangul on a 中文 page; Hangul and simplified-only characters on a 日本語 page; Han
/// and kana on a 한국어 page.
fn foreign_script(c: char, lang: &str) -> bool {
    match lang {
        "en" => is_cjk(c),
        "zh" => is_kana(c) || is_hangul(c),
        "ja" => is_hangul(c) || SIMPLIFIED_ONLY.contains(c),
        _ => is_han(c) || is_kana(c),
    }
}

/// What on `text` is in another language than `lang` ("zh", "en", "ja", "ko") says, each with
/// its surroundings.
pub fn foreign_words(text: &str, lang: &str, data: &[String]) -> Vec<String> {
    let mut text = text.to_string();
    // Longest first, so a name is taken out before a shorter name inside it.
    let mut data: Vec<&String> = data.iter().collect();
    data.sort_by_key(|d| std::cmp::Reverse(d.len()));
    for typed in data {
        text = text.replace(typed.as_str(), " ");
    }
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    // Latin letters are foreign on every page but an English one.
    let is_latin = |c: char| lang != "en" && c.is_ascii_alphabetic();
    while i < chars.len() {
        let latin_word = is_latin(chars[i]);
        if !latin_word && !foreign_script(chars[i], lang) {
            i += 1;
            continue;
        }
        let start = i;
        // A Latin word may hold hyphens (game-points); a run of another script is one word.
        while i < chars.len()
            && if latin_word { is_latin(chars[i]) || chars[i] == '-' } else { foreign_script(chars[i], lang) }
        {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect::<String>().trim_end_matches('-').to_string();
        let allowed = if latin_word {
            // Single letters are coordinates (D4), units (h, s) and notations.
            word.len() < 2 || LATIN_ALLOWED.contains(&word.as_str())
        } else {
            // Punctuation only (a full-width comma in a typed name) is no language.
            CJK_ALLOWED.contains(&word.as_str()) || word.chars().all(|c| matches!(c, '\u{3000}'..='\u{303f}'))
        };
        if !allowed {
            let from = start.saturating_sub(30);
            let to = (i + 30).min(chars.len());
            let context: String =
                chars[from..to].iter().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ");
            found.push(format!("«{word}» in «{context}»"));
        }
    }
    found
}

/// The findings of one locale's walk.
#[derive(Default)]
pub(crate) struct Findings {
    leaks: BTreeSet<String>,
    templates: BTreeSet<&'static str>,
    /// Every page read, as (label, HTML): the accessibility check draws each again.
    pub(crate) pages: Vec<(String, String)>,
}

impl Findings {
    /// Checks the page `label` (drawn by `template`, None for a refusal on another template).
    fn check(&mut self, label: &str, template: Option<&'static str>, page: &Page, lang: &str, data: &[String]) {
        if let Some(template) = template {
            self.templates.insert(template);
        }
        if page.body.contains("<html") {
            self.pages.push((label.to_string(), page.body.clone()));
        }
        let language = lang;
        let expected_lang = match lang {
            "zh" => "lang=\"zh-CN\"",
            "ja" => "lang=\"ja\"",
            "ko" => "lang=\"ko\"",
            _ => "lang=\"en\"",
        };
        if !page.body.contains(expected_lang) {
            self.leaks.insert(format!("[{language}] {label}: status {}, not a {language} page", page.status));
            return;
        }
        for word in foreign_words(&visible_text(&page.body), lang, data) {
            self.leaks.insert(format!("[{language}] {label}: {word}"));
        }
    }
}

/// The templates every walk must draw: all under templates/ but the layout, locales and what
/// another template includes (drawn with it).
fn all_templates() -> BTreeSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut found = BTreeSet::new();
    let mut included = BTreeSet::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let relative = path.strip_prefix(&root).map(|p| p.to_string_lossy().to_string()).unwrap_or_default();
            if path.is_dir() {
                if relative != "locales" {
                    stack.push(path);
                }
            } else if relative.ends_with(".html") && relative != "base.html" {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for piece in text.split("{% include \"").skip(1) {
                    included.insert(piece.split('"').next().unwrap_or_default().to_string());
                }
                found.insert(relative);
            }
        }
    }
    found.difference(&included).cloned().collect()
}

const PASSWORD: &str = "a locale passphrase";

/// A form's fields as sent.
type Fields<'a> = Vec<(&'a str, &'a str)>;

/// Four teams of two boards, for the team and relay events.
const TEAMS: &str = "name,rank,team,board\nHe1,4d,He,1\nHe2,3d,He,2\nLuo1,4d,Luo,1\nLuo2,3d,Luo,2\n";

pub struct World {
    pub app: TestApp,
    /// The first account: site admin, and director of every event here.
    pub director: Client,
    pub director_email: String,
    pub swiss: String,
    pub team: String,
    pub relay: String,
    pub knockout: String,
    pub board: String,
    pub dispute: String,
    /// What users typed: names, clubs, addresses, titles.
    data: Vec<String>,
}

/// An event of every shape, a live board in play and a dead-stone dispute on another.
pub async fn world() -> Result<World, Box<dyn std::error::Error>> {
    let (table, mut director, dispute) = crate::disputes::disputed_record("explain-9x9.sgf").await?;
    let crate::live::LiveTable { app, emails, names, director_email, .. } = table;
    let tag = unique("t");
    let swiss = event_of(&mut director, "Qiu Cup", "swiss", &[("venue", "Qipai")], &twelve_players_csv(&tag)).await?;
    director.post(&format!("{swiss}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("{swiss}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    // A live game in play on board 2: the director records it.
    let board = format!("{swiss}/rounds/1/boards/2");
    for point in ["D4", "Q16"] {
        director.post(&format!("{board}/play"), &[("point", point)]).await?.assert_status(303)?;
    }
    let team = event_of(
        &mut director,
        "Tuan Cup",
        "team",
        &[("venue", "Qipai"), ("team_boards", "2"), ("team_pairing", "swiss")],
        TEAMS,
    )
    .await?;
    director.post(&format!("{team}/rounds"), &[]).await?.assert_status(303)?;
    let relay = event_of(
        &mut director,
        "Lei Cup",
        "relay",
        &[("venue", "Qipai"), ("relay_order", "fixed"), ("relay_draw", "replay")],
        TEAMS,
    )
    .await?;
    let knockout = event_of(
        &mut director,
        "Tao Cup",
        "knockout",
        &[("venue", "Qipai"), ("lives", "1"), ("third_place_game", "on")],
        "name,rank\nAlpha,5d\nBravo,4d\nCharlie,3d\nDelta,2d\n",
    )
    .await?;
    director.post(&format!("{knockout}/rounds"), &[]).await?.assert_status(303)?;
    director.post(&format!("{knockout}/rounds/1/publish"), &[]).await?.assert_status(303)?;
    director
        .post(&format!("{knockout}/rounds/1/results/1"), &[("outcome", "black"), ("margin", "R")])
        .await?
        .assert_status(303)?;
    let mut data: Vec<String> = vec![
        "Qiu Cup",
        "Tuan Cup",
        "Lei Cup",
        "Tao Cup",
        "Live Cup",
        "Qipai",
        "Club",
        "Europe/Amsterdam",
        "Qian Yuping",
        "He1",
        "He2",
        "Luo1",
        "Luo2",
        "He",
        "Luo",
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
        "Beijing",
        "Chongqing",
        "Budapest",
        "Leiden",
        "Tokyo",
        "Seoul",
        "Prague",
        "Milano",
        "London",
        "Oslo",
        "杭州棋院",
        "上海",
        "王小明",
        "张三",
        "Chen Yaoye",
        "Li Xuanhao",
        "Anna Kovacs",
        "Tom de Vries",
        "Sato Yuki",
        "Kim Minji",
        "Lukas Novak",
        "Maria Rossi",
        "John Smith",
        "Ola Nordmann",
        "Zhao Stranger",
        "zzzz",
        "CN",
        "HU",
        "NL",
        "JP",
        "KR",
        "CZ",
        "IT",
        "GB",
        "NO",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    data.extend(names);
    data.extend(emails);
    data.push(director_email.clone());
    for i in 0..12 {
        data.push(format!("p{i}-{tag}@example.org"));
    }
    Ok(World { app, director, director_email, swiss, team, relay, knockout, board, dispute, data })
}

/// The correction form of the first player on a players page.
fn first_correction_form(players_page: &str) -> Result<String, Box<dyn std::error::Error>> {
    let href = players_page
        .split("\" class=\"player-link\"")
        .next()
        .and_then(|before| before.rsplit("href=\"").next())
        .ok_or("no player on the players page")?;
    Ok(format!("{href}/edit"))
}

/// Reads every page in `locale` as the director, a stranger and an anonymous visitor.
pub(crate) async fn walk(world: &mut World, locale: &str) -> Result<Findings, Box<dyn std::error::Error>> {
    let lang = locale;
    // The address the last walk's refusals invited is on the audit log from then on.
    if !world.data.iter().any(|d| d == "nobody@club.example") {
        world.data.push("nobody@club.example".into());
    }
    let data = world.data.clone();
    let mut found = Findings::default();
    let director = &mut world.director;
    director.get(&format!("/lang/{locale}?next=/")).await?;
    let (swiss, team, relay, knockout, board, dispute) =
        (&world.swiss, &world.team, &world.relay, &world.knockout, &world.board, &world.dispute);
    let live_event = dispute.split("/disputes").next().unwrap_or_default().to_string();

    let correction_form = first_correction_form(&director.get(&format!("{swiss}/players")).await?.body)?;
    let director_pages: Vec<(String, &'static str)> = vec![
        (correction_form, "players/edit.html"),
        ("/".into(), "home.html"),
        ("/events".into(), "events/list.html"),
        (swiss.clone(), "events/show.html"),
        (live_event.clone(), "events/show.html"),
        ("/events/new".into(), "events/form.html"),
        (format!("{swiss}/edit"), "events/form.html"),
        (format!("{swiss}/audit"), "events/audit.html"),
        (format!("{swiss}/tokens"), "events/tokens.html"),
        (format!("{swiss}/sync"), "events/sync.html"),
        (format!("{swiss}/check-in"), "events/check_in.html"),
        (format!("{knockout}/check-in"), "events/check_in.html"),
        (format!("{swiss}/export/aga"), "events/aga.html"),
        (format!("{swiss}/export/egd"), "events/egd.html"),
        (format!("{swiss}/rounds/1/boards/1/report"), "rounds/report.html"),
        (format!("{swiss}/players"), "players/list.html"),
        (format!("{swiss}/rounds/1"), "rounds/show.html"),
        (format!("{swiss}/standings"), "rounds/standings.html"),
        (format!("{swiss}/screen"), "events/screen.html"),
        (format!("{knockout}/screen"), "events/screen.html"),
        (format!("{swiss}/rounds/1/why"), "rounds/why.html"),
        (format!("{swiss}/rounds/1/paper/table-cards"), "rounds/paper.html"),
        (format!("{swiss}/rounds/1/paper/result-slips"), "rounds/paper.html"),
        (format!("{swiss}/rounds/1/paper/pairings"), "rounds/paper.html"),
        (board.clone(), "live/board.html"),
        (format!("{board}/embed"), "live/embed.html"),
        (format!("{live_event}/rounds/1/embed"), "live/grid.html"),
        (format!("{live_event}/rounds/1/boards/1"), "live/board.html"),
        (format!("{live_event}/disputes"), "disputes/queue.html"),
        (format!("{live_event}/audit"), "events/audit.html"),
        (dispute.clone(), "disputes/show.html"),
        (format!("{team}/teams"), "teams/show.html"),
        (format!("{team}/rounds/1"), "rounds/show.html"),
        (format!("{team}/standings"), "rounds/standings.html"),
        (format!("{relay}/relay"), "relay/show.html"),
        (format!("{relay}/standings"), "rounds/standings.html"),
        (format!("{knockout}/rounds/1"), "rounds/show.html"),
        (format!("{knockout}/standings"), "rounds/standings.html"),
        (format!("{swiss}/search?q=zzzz"), "players/search.html"),
        (format!("{swiss}/search?q=o"), "players/search.html"),
        (format!("{swiss}/search?q=wangxiaoming"), "players/show.html"),
        ("/notifications".into(), "notifications.html"),
        ("/admin/users".into(), "admin/users.html"),
        ("/admin/ratings".into(), "admin/ratings.html"),
        ("/ratings/search?q=zhang".into(), "admin/rating_search.html"),
        ("/account".into(), "accounts/account.html"),
        ("/events/999999".into(), "error.html"),
    ];
    for (path, template) in &director_pages {
        let page = director.get(path).await?;
        // A search that finds one player goes to the player's page.
        let page = match (&page.location, page.status) {
            (Some(to), 303) => director.get(to).await?,
            _ => page,
        };
        found.check(path, Some(template), &page, lang, &data);
    }
    // The player found by search, followed onto the round and standings (their row first).
    let landed = director.get(&format!("{swiss}/search?q=wangxiaoming")).await?.location.unwrap_or_default();
    let me = landed.rsplit('/').next().unwrap_or_default().to_string();
    for (path, template) in [
        (format!("{swiss}/rounds/1?me={me}"), "rounds/show.html"),
        (format!("{swiss}/standings?me={me}"), "rounds/standings.html"),
    ] {
        let page = director.get(&path).await?;
        assert!(page.body.contains("id=\"me\""), "{path}: the followed player's row comes first");
        found.check(&path, Some(template), &page, lang, &data);
    }

    let mut visitor = world.app.client();
    visitor.get(&format!("/lang/{locale}?next=/")).await?;
    for (path, template) in [
        ("/login", "accounts/login.html"),
        ("/signup", "accounts/signup.html"),
        ("/forgot", "accounts/forgot.html"),
        ("/account", "error.html"),
    ] {
        let page = visitor.get(path).await?;
        let page = match &page.location {
            Some(to) if page.status == 303 => visitor.get(to).await?,
            _ => page,
        };
        found.check(&format!("visitor {path}"), Some(template), &page, lang, &data);
    }
    for path in [swiss.clone(), format!("{swiss}/standings"), format!("{swiss}/rounds/1"), board.clone()] {
        let page = visitor.get(&path).await?;
        found.check(&format!("visitor {path}"), None, &page, lang, &data);
    }
    // A new account's mails: the confirmation page, and the reset page after a forgotten password.
    let email = format!("{}@club.example", unique(locale));
    let mut data = data;
    data.push(email.clone());
    // The next walks meet this account on the site admin's pages.
    world.data.push(email.clone());
    let signed = visitor
        .post(
            "/signup",
            &[
                ("email", &email),
                ("display_name", "Zhao Stranger"),
                ("password", PASSWORD),
                ("password_again", PASSWORD),
            ],
        )
        .await?;
    found.check("signed up", Some("accounts/check_mail.html"), &signed, lang, &data);
    let link = world.app.link_in_mail(&email, "/confirm/").await?;
    let confirm = visitor.get(link.trim_start_matches(&world.app.base)).await?;
    found.check("confirm link", Some("accounts/confirm.html"), &confirm, lang, &data);
    visitor.post(link.trim_start_matches(&world.app.base), &[]).await?;
    let forgot = visitor.post("/forgot", &[("email", &email)]).await?;
    found.check("forgot sent", Some("accounts/check_mail.html"), &forgot, lang, &data);
    let reset_link = world.app.link_in_mail(&email, "/reset/").await?;
    let reset = visitor.get(reset_link.trim_start_matches(&world.app.base)).await?;
    found.check("reset link", Some("accounts/reset.html"), &reset, lang, &data);
    // An invitation to the staff, opened by the invited address.
    let invited = format!("{}@club.example", unique("invited"));
    data.push(invited.clone());
    // The event page lists it from now on, in every later check.
    world.data.push(invited.clone());
    let swiss = world.swiss.clone();
    world.director.post(&format!("{swiss}/staff"), &[("email", invited.as_str()), ("role", "referee")]).await?;
    let invite_link = world.app.link_in_mail(&invited, "/invite/").await?;
    let invitation = visitor.get(invite_link.trim_start_matches(&world.app.base)).await?;
    found.check("invitation link", Some("accounts/invitation.html"), &invitation, lang, &data);

    refusals(world, locale, &mut found, &email).await?;
    Ok(found)
}

/// Every kind of refusal, by the user who meets it: each page (or the page it returns to)
/// must speak the reader's language.
async fn refusals(
    world: &mut World,
    locale: &str,
    found: &mut Findings,
    stranger_email: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let lang = locale;
    // What the refused forms typed comes back to be fixed.
    let mut data = world.data.clone();
    data.extend(
        [
            "abc",
            "green",
            "vibes",
            "nap",
            "B+abc",
            "B+x9",
            "hello",
            "Mars/Base",
            "xyz",
            "nobody@club.example",
            stranger_email,
        ]
        .map(str::to_string),
    );
    let (swiss, team, relay, board, dispute) =
        (world.swiss.clone(), world.team.clone(), world.relay.clone(), world.board.clone(), world.dispute.clone());
    let live_event = dispute.split("/disputes").next().unwrap_or_default().to_string();
    let round = format!("{swiss}/rounds/1");
    let director = &mut world.director;

    let bad_event = [
        ("name", ""),
        ("venue", "Qipai"),
        ("start_date", "2026-05-02"),
        ("end_date", "2026-05-01"),
        ("time_zone", "Mars/Base"),
        ("rounds", "0"),
        ("system", "swiss"),
        ("ruleset", "chinese-1988"),
        ("komi", "abc"),
        ("time_control", "xyz"),
        ("board_size", "4"),
    ];
    let results = format!("{round}/results/1");
    let correct_player = first_correction_form(&director.get(&format!("{swiss}/players")).await?.body)?;
    // Board 3's result stands after the first walk: the second is a duplicate.
    let third = format!("{round}/results/3");
    director.post(&third, &[("outcome", "white"), ("margin", "R")]).await?;
    let grid = [("outcome-4", "black"), ("margin-4", "abc"), ("outcome-5", "white"), ("margin-5", "-3")];
    let password = [("current_password", "wrong one"), ("password", "short"), ("password_again", "other")];
    // Forms the director sends that are refused, each as (what, where, fields). Live play is
    // as the recorder of board 2 (Black to move after D4 Q16).
    let refused: Vec<(&str, String, Fields)> = vec![
        ("event form", "/events".into(), bad_event.to_vec()),
        ("add player, no name", format!("{swiss}/players"), vec![("name", ""), ("rank", "31k")]),
        (
            "add player, bad rank",
            format!("{swiss}/players"),
            vec![("name", "Qiu Yi"), ("rank", "abc"), ("rating", "lots")],
        ),
        ("add player twice", format!("{swiss}/players"), vec![("name", "Chen Yaoye"), ("rank", "7d")]),
        ("correct player, bad rank", correct_player.clone(), vec![("name", "Qiu Yi"), ("rank", "abc")]),
        ("margin abc", results.clone(), vec![("outcome", "black"), ("margin", "abc")]),
        ("no outcome", results.clone(), vec![("outcome", ""), ("margin", "")]),
        ("duplicate result, no referrer", third.clone(), vec![("outcome", "draw")]),
        (
            "correction without reason",
            format!("{third}/correct"),
            vec![("outcome", "black"), ("margin", "R"), ("reason", "")],
        ),
        (
            "correction margin",
            format!("{third}/correct"),
            vec![("outcome", "black"), ("margin", "x9"), ("reason", "typo")],
        ),
        ("results grid", format!("{round}/results"), grid.to_vec()),
        ("draft exists", format!("{team}/rounds"), vec![]),
        ("swap same", format!("{team}/rounds/1/swap"), vec![("a", "1"), ("b", "1")]),
        ("occupied", format!("{board}/play"), vec![("point", "D4")]),
        ("off the board", format!("{board}/play"), vec![("point", "Z99")]),
        ("not a point", format!("{board}/play"), vec![("point", "hello")]),
        ("wrong colour", format!("{board}/play"), vec![("point", "C3"), ("colour", "white")]),
        ("bad colour", format!("{board}/resign"), vec![("colour", "green")]),
        ("seal unasked", format!("{board}/seal"), vec![("point", "C3")]),
        ("resume unpaused", format!("{board}/hold"), vec![("step", "resume")]),
        ("hold step", format!("{board}/hold"), vec![("step", "nap")]),
        ("mark in play", format!("{board}/mark"), vec![("point", "D4")]),
        ("timeout pass", format!("{board}/timeout-pass"), vec![("colour", "black")]),
        ("dispute kind", format!("{board}/disputes"), vec![("kind", "vibes"), ("claim", "odd")]),
        ("empty claim", format!("{board}/disputes"), vec![("kind", "conduct"), ("claim", "  ")]),
        ("ruling not offered", format!("{dispute}/rule"), vec![("ruling", "both-lose-and-dance")]),
        ("ruling empty", format!("{dispute}/rule"), vec![("ruling", "")]),
        ("appeal unruled", format!("{dispute}/appeal"), vec![("claim", "unfair")]),
        ("staff unknown", format!("{swiss}/staff"), vec![("email", "nobody@club.example"), ("role", "referee")]),
        ("staff role", format!("{swiss}/staff"), vec![("email", stranger_email), ("role", "king")]),
        ("forbidden pair", format!("{swiss}/forbidden-pairs"), vec![("a", "1"), ("b", "1")]),
        ("relay nominate", format!("{relay}/relay/1/nominate"), vec![("player", "x")]),
        ("lineup", format!("{swiss}/teams/1/lineup"), vec![("players", "1")]),
        ("AGA ids", format!("{swiss}/export/aga"), vec![("aga-1", "not an id!"), ("aga-2", "-5")]),
        ("password", "/account/password".into(), password.to_vec()),
        ("live event rounds", format!("{live_event}/rounds"), vec![]),
        (
            "check-in, round 1 published",
            format!("{swiss}/check-in"),
            vec![("player", "1"), ("round", "1"), ("mark", "present")],
        ),
        (
            "check-in, no such round",
            format!("{swiss}/check-in"),
            vec![("player", "1"), ("round", "99"), ("mark", "present")],
        ),
        ("check-in, bad mark", format!("{swiss}/check-in"), vec![("player", "1"), ("round", "2"), ("mark", "late")]),
        (
            "check-in, fixed pairing",
            format!("{}/check-in", world.knockout),
            vec![("player", "1"), ("round", "1"), ("mark", "present")],
        ),
        ("self check-in closed", format!("{swiss}/check-in/self"), vec![]),
    ];
    let mut attempts: Vec<(String, Page)> = Vec::new();
    for (label, path, fields) in refused {
        attempts.push((label.to_string(), director.post(&path, &fields).await?));
    }
    // The same, sent from the page the form is on: the refusal goes back there, on top.
    let from_page: Vec<(&str, &str, String, Fields)> = vec![
        ("margin abc from the round", &round, results.clone(), vec![("outcome", "black"), ("margin", "abc")]),
        ("duplicate result", &round, third.clone(), vec![("outcome", "draw")]),
        ("round start", &round, format!("{round}/start"), vec![("start", "tomorrow-ish")]),
        ("occupied from the board", &board, format!("{board}/play"), vec![("point", "D4")]),
        ("not a point from the board", &board, format!("{board}/play"), vec![("point", "hello")]),
    ];
    for (label, page, path, fields) in from_page {
        attempts.push((label.to_string(), director.post_from(page, &path, &fields).await?));
    }
    attempts.push(("empty event form".into(), director.post_raw("/events", &[("csrf_token", "")]).await?));
    let csv = "name,rank,club\nToo Weak,31k,B\n,2d,D\nChen Yaoye,1d,E\n\"Unclosed,1d,G\n";
    for (label, text) in [("bad CSV", csv), ("CSV without header", "foo,bar\n1,2\n")] {
        attempts
            .push((label.into(), director.post_file(&format!("{swiss}/players/import"), "file", "p.csv", text).await?));
    }
    for (label, xml) in [
        ("OpenGotha import, a bad rank", "<Tournament><Player name=\"A\" rank=\"40X\"/></Tournament>"),
        ("OpenGotha import, both win", include_str!("../opengotha/bothwin.xml")),
        ("OpenGotha import, no tournament", "<Nonsense/>"),
        ("OpenGotha import, round 465536", include_str!("../opengotha/hostile-round-465536.xml")),
    ] {
        attempts.push((label.into(), director.post_file("/events/import", "file", "t.xml", xml).await?));
    }
    attempts.push(("round 9 unpaired".into(), director.get(&format!("{swiss}/rounds/9/why")).await?));
    attempts.push(("csrf".into(), director.post_raw(&format!("{swiss}/rounds"), &[("csrf_token", "f0")]).await?));

    let mut visitor = world.app.client();
    visitor.get(&format!("/lang/{locale}?next=/")).await?;
    attempts.push((
        "login".into(),
        visitor.post("/login", &[("email", "nobody@club.example"), ("password", "wrong")]).await?,
    ));
    attempts.push((
        "signup".into(),
        visitor
            .post(
                "/signup",
                &[("email", "not-an-address"), ("display_name", ""), ("password", "short"), ("password_again", "x")],
            )
            .await?,
    ));
    attempts.push(("signup taken".into(), {
        let email = world.director_email.clone();
        visitor
            .post(
                "/signup",
                &[
                    ("email", &email),
                    ("display_name", "Zhao Stranger"),
                    ("password", PASSWORD),
                    ("password_again", PASSWORD),
                ],
            )
            .await?
    }));
    attempts.push(("bad confirm link".into(), visitor.get(&format!("/confirm/{}", "0".repeat(64))).await?));
    attempts.push(("bad invitation link".into(), visitor.get(&format!("/invite/{}", "0".repeat(64))).await?));
    attempts.push(("bad reset link".into(), visitor.get(&format!("/reset/{}", "0".repeat(64))).await?));
    attempts.push(("anonymous POST".into(), visitor.post(&format!("{swiss}/rounds"), &[]).await?));
    attempts.push(("not found".into(), visitor.get("/no/such/page").await?));
    let mut stranger = world.app.client();
    stranger.get(&format!("/lang/{locale}?next=/")).await?;
    stranger.log_in(stranger_email, PASSWORD).await?;
    stranger.get(&format!("/lang/{locale}?next=/")).await?;
    attempts.push(("forbidden".into(), stranger.get(&format!("{swiss}/edit")).await?));
    attempts.push(("stranger plays".into(), stranger.post(&format!("{board}/play"), &[("point", "C3")]).await?));
    attempts.push(("register twice".into(), {
        stranger.post(&format!("{swiss}/register"), &[("name", "Zhao Stranger"), ("rank", "2k")]).await?;
        stranger.post(&format!("{swiss}/register"), &[("name", "Zhao Stranger"), ("rank", "2k")]).await?
    }));
    attempts.push((
        "register closed".into(),
        stranger.post(&format!("{live_event}/register"), &[("name", "Zhao Stranger"), ("rank", "abc")]).await?,
    ));

    for (label, page) in attempts {
        if page.status < 300 || page.status >= 400 {
            found.check(&label, None, &page, lang, &data);
        }
        if page.status == 303 {
            let to = page.location.clone().unwrap_or_default();
            let to = to.trim_start_matches(&world.app.base).to_string();
            let back = if label.starts_with("anonymous") || label == "login" {
                visitor.get(&to).await?
            } else {
                world.director.get(&to).await?
            };
            found.check(&format!("{label} → {to}"), None, &back, lang, &data);
        }
    }
    Ok(())
}

#[actix_web::test]
async fn every_page_and_every_refusal_speaks_the_readers_language() -> TestResult {
    let mut world = world().await?;
    let mut leaks = Vec::new();
    for locale in ["zh", "en", "ja", "ko"] {
        let found = walk(&mut world, locale).await?;
        let missing: Vec<String> =
            all_templates().into_iter().filter(|t| !found.templates.contains(t.as_str())).collect();
        assert!(missing.is_empty(), "[{locale}] templates the walk never drew: {missing:?}");
        leaks.extend(found.leaks);
    }
    assert!(leaks.is_empty(), "{} strings in the other language:\n{}", leaks.len(), leaks.join("\n"));
    Ok(())
}

#[test]
fn the_leak_finder_finds_leaks() {
    let html = r#"<html lang="zh-CN"><p title="Pause">黑方 行棋 · the point is occupied</p><script>let x = "abc";</script></html>"#;
    let words = foreign_words(&visible_text(html), "zh", &[]);
    assert_eq!(words.len(), 5, "{words:?}");
    assert!(words[0].starts_with("«Pause»"));
    let en = r#"<p>Black to play 黑方 · Wang Wei 王伟</p>"#;
    let words = foreign_words(&visible_text(en), "en", &["王伟".to_string()]);
    assert_eq!(words.len(), 1, "{words:?}");
    assert!(words[0].starts_with("«黑方»"));
    // 日本語: Hangul, Latin and 中文's simplified characters are found, kana and kanji are not.
    let ja = r#"<p>黒の手番 · 第3轮 · 백 · Pause · 日本語 · 한국어</p>"#;
    let words = foreign_words(&visible_text(ja), "ja", &[]);
    assert_eq!(words.len(), 3, "{words:?}");
    // 한국어: Han and kana are found (but not the switcher's names), Hangul is not.
    let ko = r#"<p>흑 차례 · 第3輪 · コウ · 中文 · 日本語</p>"#;
    let words = foreign_words(&visible_text(ko), "ko", &[]);
    assert_eq!(words.len(), 3, "{words:?}");
}
