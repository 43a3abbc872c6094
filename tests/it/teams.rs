//! Team events (团体赛, 分台定人制) over HTTP: teams from the players' team names and boards, a
//! reserve brought in by the line-up, team Swiss pairing, the team table worked by hand, and a
//! team Swiss followed by a knockout.
use crate::helpers::*;
use crate::systems::{enter, event_with_system, pair_and_publish};

/// Four teams of two boards; team A also has a reserve. Registered board numbers fix the
/// order (A's 4d is board 1 ahead of its 5d, as the team registered it).
const TEAMS: &str = "name,rank,team,board\n\
    A1,4d,A,1\nA2,5d,A,2\nA3,1k,A,\n\
    B1,4d,B,1\nB2,3d,B,2\n\
    C1,3d,C,1\nC2,2d,C,2\n\
    D1,2d,D,1\nD2,1d,D,2\n";

/// The team table: team -> (place, match points, game points, team SOS).
fn team_table(body: &str) -> Vec<(String, u32, u32, u32, u32)> {
    let start = body.find("id=\"team-table\"").unwrap_or(body.len());
    let section = &body[start..];
    let section = &section[..section.find("</section>").unwrap_or(section.len())];
    let number = |name: &str| attributes(section, name).iter().map(|v| v.parse().unwrap_or(99)).collect::<Vec<u32>>();
    let (places, mp, gp, sos) =
        (number("data-team-place"), number("data-match-points"), number("data-game-points"), number("data-team-sos"));
    attributes(section, "data-team")
        .into_iter()
        .enumerate()
        .map(|(i, team)| (team, places[i], mp[i], gp[i], sos[i]))
        .collect()
}

/// The id of the first team on the teams page (its section is `id="team-<id>"`).
fn first_team(body: &str) -> Option<i64> {
    let rest = &body[body.find("id=\"team-")? + 9..];
    rest[..rest.find('"')?].parse().ok()
}

#[actix_web::test]
async fn a_team_swiss_pairs_line_ups_and_ranks_teams_by_match_then_game_points() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(
        &app,
        "team",
        &[("team_boards", "2"), ("team_pairing", "swiss"), ("team_tie_breaks", "game-points, sos, key-board")],
        TEAMS,
    )
    .await?;
    let page = director.get(&format!("/events/{event_id}/teams")).await?;
    page.assert_status(200)?;
    let team_a = first_team(&page.body).ok_or("no team on the teams page")?;

    // A line-up with a player from another team or the wrong count is refused, nothing kept.
    let before = app.fingerprint().await?;
    let wrong = director.post(&format!("/events/{event_id}/teams/{team_a}/lineup"), &[("p1", "on")]).await?;
    wrong.assert_status(400)?;
    assert!(wrong.body.contains("must field exactly 2"), "{}", wrong.body);
    assert_eq!(app.fingerprint().await?, before);

    // The reserve A3 replaces A2 in round 1, seated on board 2 (the registered order).
    // Each squad player's box is named "p<player id>", after their name cell.
    let ids = |body: &str, name: &str| -> Option<String> {
        let tail = &body[body.find(&format!("<td class=\"name\">{name}</td>"))?..];
        let at = tail.find("name=\"p")? + 6;
        Some(tail[at..at + tail[at..].find('"')?].to_string())
    };
    let a1 = ids(&page.body, "A1").ok_or("A1 has no box")?;
    let a3 = ids(&page.body, "A3").ok_or("A3 has no box")?;
    director
        .post(&format!("/events/{event_id}/teams/{team_a}/lineup"), &[(a3.as_str(), "on"), (a1.as_str(), "on")])
        .await?
        .assert_status(303)?;

    // Round 1 by seeding (A, B, C, D by the sum of ranks): A–B and C–D; team A of each match
    // has Black on board 1.
    let round1 = pair_and_publish(&mut director, event_id, 1).await?;
    let names: Vec<(&str, &str)> = round1.iter().map(|(_, b, w)| (b.as_str(), w.as_str())).collect();
    assert_eq!(names, vec![("A1", "B1"), ("B2", "A3"), ("C1", "D1"), ("D2", "C2")]);
    // Round 2's line-up may be set while round 1 is played: the regulars again.
    let page = director.get(&format!("/events/{event_id}/teams")).await?;
    let a2 = ids(&page.body, "A2").ok_or("A2 has no box")?;
    director
        .post(&format!("/events/{event_id}/teams/{team_a}/lineup"), &[(a1.as_str(), "on"), (a2.as_str(), "on")])
        .await?
        .assert_status(303)?;
    // Black wins every board: A 1 : 1 B, C 1 : 1 D (boards won).
    for board in 1..=4 {
        enter(&mut director, event_id, 1, board, "black").await?;
    }
    let round_page = director.get(&format!("/events/{event_id}/rounds/1")).await?.body;
    assert!(round_page.contains(r#"A <span class="match-score">1 : 1</span> B"#), "{round_page}");

    // Round 2: everyone has 1 match point; no rematch, nearest in the order: A–C, B–D. Board
    // 1's Black goes to the team that has had it fewer times (D, not B); A and C both had it,
    // and in an even round the second-named takes it (C).
    let round2 = pair_and_publish(&mut director, event_id, 2).await?;
    let names: Vec<(&str, &str)> = round2.iter().map(|(_, b, w)| (b.as_str(), w.as_str())).collect();
    assert_eq!(names, vec![("C1", "A1"), ("A2", "C2"), ("D1", "B1"), ("B2", "D2")]);
    // A wins both boards, B both.
    for (board, outcome) in [(1, "white"), (2, "black"), (3, "white"), (4, "black")] {
        enter(&mut director, event_id, 2, board, outcome).await?;
    }
    // A and B 3 match points, 6 game points, team SOS 4; A's key board won twice (4), B's once
    // (2). C and D 1 and 2, SOS 4; key board C 2, D 0.
    let table = team_table(&director.get(&format!("/events/{event_id}/standings")).await?.body);
    assert_eq!(
        table,
        vec![
            ("A".to_string(), 1, 3, 6, 4),
            ("B".to_string(), 2, 3, 6, 4),
            ("C".to_string(), 3, 1, 2, 4),
            ("D".to_string(), 4, 1, 2, 4)
        ]
    );
    Ok(())
}

#[actix_web::test]
async fn the_line_up_locks_when_its_round_is_drafted() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(&app, "team", &[("team_boards", "2")], TEAMS).await?;
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(303)?;
    let page = director.get(&format!("/events/{event_id}/teams")).await?;
    assert!(page.body.contains("id=\"lineups-locked\""), "{}", page.body);
    assert!(!page.body.contains("type=\"checkbox\""), "no line-up form while locked");
    let team = first_team(&page.body).ok_or("no team")?;
    let refused = director.post(&format!("/events/{event_id}/teams/{team}/lineup"), &[]).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("drafted already"), "{}", refused.body);
    // Nor can a correction move a player to another team or board: the matches are scored by
    // them. The other details can still be corrected.
    let players = director.get(&format!("/events/{event_id}/players")).await?.body;
    let edit = players
        .split("\" class=\"player-edit\"")
        .next()
        .and_then(|before| before.rsplit("href=\"").next())
        .ok_or("no correction link")?
        .to_string();
    let form = director.get(&edit).await?.body;
    let value = |field: &str| {
        form.split(&format!("name=\"{field}\" value=\"")).nth(1).and_then(|v| v.split('"').next()).map(unescape)
    };
    let (name, rank, team) = (value("name").ok_or("name")?, value("rank").ok_or("rank")?, value("team").ok_or("team")?);
    let moved = director.post(&edit, &[("name", &name), ("rank", &rank), ("team", "Elsewhere")]).await?;
    moved.assert_status(400)?;
    assert!(moved.body.contains("cannot change once the first round is drafted"), "{}", moved.body);
    let board = value("board").unwrap_or_default();
    let stays = [
        ("name", name.as_str()),
        ("rank", rank.as_str()),
        ("team", team.as_str()),
        ("board", board.as_str()),
        ("club", "Renamed Club"),
    ];
    director.post(&edit, &stays).await?.assert_status(303)?;
    assert!(director.get(&format!("/events/{event_id}/players")).await?.body.contains("Renamed Club"));
    // A team short of players is named when pairing.
    let (mut short, short_id) = event_with_system(
        &app,
        "team",
        &[("team_boards", "3")],
        "name,rank,team\nX1,1d,X\nX2,2d,X\nX3,3d,X\nY1,1d,Y\n",
    )
    .await?;
    let refused = short.post(&format!("/events/{short_id}/rounds"), &[]).await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("Team Y"), "{}", refused.body);
    Ok(())
}

/// 全队循环制: two teams of three, every player meets every player of the other team over three
/// rounds; the reserve chosen for round 1 plays all three; the whole schedule is one match.
#[actix_web::test]
async fn a_team_all_play_all_seats_everyone_against_everyone() -> TestResult {
    let app = TestApp::spawn().await?;
    let players = "name,rank,team,board\nE1,5d,East,1\nE2,4d,East,2\nE3,3d,East,3\nE4,1k,East,\n\
                   W1,5d,West,1\nW2,4d,West,2\nW3,3d,West,3\n";
    let (mut director, event_id) =
        event_with_system(&app, "team", &[("team_boards", "3"), ("team_pairing", "all-play-all")], players).await?;
    let page = director.get(&format!("/events/{event_id}/teams")).await?;
    let east = first_team(&page.body).ok_or("no team on the teams page")?;
    // East fields its reserve E4 instead of E2 (seated on board 2, the registered order).
    let ids = |name: &str| -> Option<String> {
        let tail = &page.body[page.body.find(&format!("<td class=\"name\">{name}</td>"))?..];
        let at = tail.find("name=\"p")? + 6;
        Some(tail[at..at + tail[at..].find('"')?].to_string())
    };
    let chosen = [ids("E1").ok_or("E1")?, ids("E4").ok_or("E4")?, ids("E3").ok_or("E3")?];
    let fields: Vec<(&str, &str)> = chosen.iter().map(|p| (p.as_str(), "on")).collect();
    director.post(&format!("/events/{event_id}/teams/{east}/lineup"), &fields).await?.assert_status(303)?;

    let mut met = Vec::new();
    for round in 1..=3 {
        let boards = pair_and_publish(&mut director, event_id, round).await?;
        assert_eq!(boards.len(), 3, "round {round}");
        if round == 1 {
            // Later line-ups are refused: round 1's play every round.
            let refused = director.post(&format!("/events/{event_id}/teams/{east}/lineup"), &fields).await?;
            refused.assert_status(400)?;
            assert!(refused.body.contains("line-ups of round 1 play every round"), "{}", refused.body);
        }
        for (board, black, white) in &boards {
            met.push(if black.starts_with('E') {
                (black.clone(), white.clone())
            } else {
                (white.clone(), black.clone())
            });
            // East wins on board 1 every round, West elsewhere.
            enter(
                &mut director,
                event_id,
                round,
                *board,
                if (*board == 1) == black.starts_with('E') { "black" } else { "white" },
            )
            .await?;
        }
    }
    met.sort();
    let want: Vec<(String, String)> = ["E1", "E3", "E4"]
        .iter()
        .flat_map(|e| ["W1", "W2", "W3"].iter().map(move |w| (e.to_string(), w.to_string())))
        .collect();
    assert_eq!(met, want, "each East player met each West player once; E2 sat out");
    let over = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    over.assert_status(400)?;
    // One match of nine games: East 3 wins (6), West 6 wins (12): West 2 match points.
    let table = team_table(&director.get(&format!("/events/{event_id}/standings")).await?.body);
    assert_eq!(
        table.iter().map(|t| (t.0.as_str(), t.1, t.2, t.3)).collect::<Vec<_>>(),
        vec![("West", 1, 2, 12), ("East", 2, 0, 6)]
    );
    Ok(())
}

/// A team Swiss of three rounds, then a knockout of the top two teams (积分编排淘汰制). The team
/// first in the alphabet wins every Swiss game: A 6, B 4, C 2, D 0 match points. The final is
/// level 1–1 and goes to B, who won on the key board (主将, board 1).
#[actix_web::test]
async fn a_team_swiss_is_followed_by_a_knockout_of_its_top_teams() -> TestResult {
    let app = TestApp::spawn().await?;
    let settings = [("team_boards", "2"), ("team_pairing", "swiss"), ("knockout_after", "2")];
    let (mut director, event_id) = event_with_system(&app, "team", &settings, TEAMS).await?;
    let event_page = app.client().get(&format!("/events/{event_id}")).await?;
    assert!(event_page.body.contains("then a knockout of the top 2 teams"), "{}", event_page.body);
    let team = |name: &str| name.chars().next().unwrap_or('?');
    for round in 1..=3 {
        for (board, black, white) in pair_and_publish(&mut director, event_id, round).await? {
            enter(&mut director, event_id, round, board, if team(&black) < team(&white) { "black" } else { "white" })
                .await?;
        }
    }
    let final_boards = pair_and_publish(&mut director, event_id, 4).await?;
    let mut teams_met: Vec<char> = final_boards.iter().flat_map(|(_, b, w)| [team(b), team(w)]).collect();
    teams_met.sort_unstable();
    teams_met.dedup();
    assert_eq!(teams_met, vec!['A', 'B'], "the final is A against B: {final_boards:?}");
    // B wins board 1, A board 2: 2 : 2 in games.
    for (board, black, _) in &final_boards {
        let b_wins = black.ends_with('1') == (team(black) == 'B');
        enter(&mut director, event_id, 4, *board, if b_wins { "black" } else { "white" }).await?;
    }
    director.post(&format!("/events/{event_id}/rounds"), &[]).await?.assert_status(400)?;
    let page = app.client().get(&format!("/events/{event_id}/standings")).await?.body;
    assert!(page.contains("id=\"bracket\"") && page.contains("2 – 2"), "{page}");
    let placings: Vec<(String, String)> =
        attributes(&page, "data-player").into_iter().zip(attributes(&page, "data-place")).take(2).collect();
    assert_eq!(placings, vec![("B".to_string(), "1".to_string()), ("A".to_string(), "2".to_string())]);
    // The team table counts the three Swiss rounds only.
    let table: Vec<(String, u32)> = team_table(&page).into_iter().map(|(name, _, mp, _, _)| (name, mp)).collect();
    let want: Vec<(String, u32)> =
        [("A", 6), ("B", 4), ("C", 2), ("D", 0)].iter().map(|(n, p)| (n.to_string(), *p)).collect();
    assert_eq!(table, want);
    Ok(())
}

/// A team Swiss whose board 1's Black is drawn for every match: the event page says so, the
/// edit form keeps it, and in every match one team has Black on the odd boards, the other on
/// the even ones.
#[actix_web::test]
async fn a_team_swiss_can_draw_board_ones_colour_for_every_match() -> TestResult {
    let app = TestApp::spawn().await?;
    let settings = [("team_boards", "2"), ("team_pairing", "swiss"), ("team_colours", "nigiri")];
    let (mut director, event_id) = event_with_system(&app, "team", &settings, TEAMS).await?;
    let shown = director.get(&format!("/events/{event_id}")).await?.body;
    assert!(shown.contains("drawn for every match"), "{shown}");
    let form = director.get(&format!("/events/{event_id}/edit")).await?.body;
    assert!(form.contains(r#"<option value="nigiri" selected>drawn for every match</option>"#), "{form}");
    for round in 1..=2 {
        let boards = pair_and_publish(&mut director, event_id, round).await?;
        for pair in boards.chunks(2) {
            let team = |name: &str| name.chars().next().unwrap_or('?');
            let (first, second) = (&pair[0], &pair[1]);
            assert_eq!(team(&first.1), team(&second.2), "round {round}: board 1's Black is White on board 2");
            assert_eq!(team(&first.2), team(&second.1));
        }
        for (board, _, _) in &boards {
            enter(&mut director, event_id, round, *board, "black").await?;
        }
    }
    Ok(())
}
