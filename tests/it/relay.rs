//! The relay challenge match (擂台赛) over HTTP: the order from the registrations, one game a
//! round, the winner staying on, draws, nominations, three teams in rotation, and the chain
//! with each player's streak worked out by hand.
use crate::helpers::*;
use crate::systems::{enter, event_with_system, pair_and_publish};

/// A drafted relay game: (board, Black, White).
type Game = (u32, String, String);

/// The players of the round's one game, whatever their colours (drawn for every game).
fn seated(games: &[Game]) -> Vec<String> {
    let mut names: Vec<String> = games.iter().flat_map(|(_, b, w)| [b.clone(), w.clone()]).collect();
    names.sort();
    names
}

fn pair(a: &str, b: &str) -> Vec<String> {
    seated(&[(1, a.to_string(), b.to_string())])
}

/// Drafts and publishes the next round and enters a win for `winner` (or a draw for "draw").
async fn play(
    director: &mut Client,
    event_id: i32,
    round: u32,
    players: [&str; 2],
    winner: &str,
) -> Result<Game, Box<dyn std::error::Error>> {
    let games = pair_and_publish(director, event_id, round).await?;
    assert_eq!(seated(&games), pair(players[0], players[1]), "round {round}");
    let game = games[0].clone();
    let outcome = match winner {
        "draw" => "draw",
        _ if game.1 == winner => "black",
        _ => "white",
    };
    enter(director, event_id, round, game.0, outcome).await?;
    Ok(game)
}

/// (team, team id) of each nomination form on the relay page.
fn nomination_forms(body: &str, event_id: i32) -> Vec<(String, String)> {
    let marker = format!("action=\"/events/{event_id}/relay/");
    let ids = body.match_indices(&marker).map(|(i, _)| {
        let rest = &body[i + marker.len()..];
        rest[..rest.find('/').unwrap_or(0)].to_string()
    });
    attributes(body, "data-nominate").into_iter().zip(ids).collect()
}

/// The id of `player` in the relay page's team tables.
fn player_id(body: &str, player: &str) -> Option<String> {
    let names = attributes(body, "data-relay-player");
    let at = names.iter().position(|n| n == player)?;
    attributes(body, "data-player-id").get(at).cloned()
}

/// (game, its two players by name, players out) of the chain.
fn chain(body: &str) -> Vec<(u32, Vec<String>, String)> {
    let games = attributes(body, "data-game");
    let blacks = attributes(body, "data-chain-black");
    let whites = attributes(body, "data-chain-white");
    let outs = attributes(body, "data-out");
    // Rows of the team tables carry data-out too (true/false): the chain's come last.
    let outs = &outs[outs.len() - games.len()..];
    games
        .iter()
        .enumerate()
        .map(|(i, g)| (g.parse().unwrap_or(0), pair(&blacks[i], &whites[i]), outs[i].clone()))
        .collect()
}

fn streaks(body: &str) -> Vec<(String, u32)> {
    let players = attributes(body, "data-relay-player");
    let streaks = attributes(body, "data-streak");
    players.into_iter().zip(streaks).map(|(p, s)| (p, s.parse().unwrap_or(99))).collect()
}

async fn nominate(
    director: &mut Client,
    event_id: i32,
    team: &str,
    player: &str,
) -> Result<Page, Box<dyn std::error::Error>> {
    let page = director.get(&format!("/events/{event_id}/relay")).await?;
    let forms = nomination_forms(&page.body, event_id);
    let (_, team_id) = forms.iter().find(|(name, _)| name == team).ok_or(format!("no form for {team}: {forms:?}"))?;
    // A player not offered in the form (out, or another team's) is sent by id all the same.
    let value = player_id(&page.body, player).ok_or(format!("{player} is not on the page"))?;
    director.post(&format!("/events/{event_id}/relay/{team_id}/nominate"), &[("player", value.as_str())]).await
}

#[actix_web::test]
async fn a_fixed_order_relay_keeps_the_winner_on_until_one_team_is_left() -> TestResult {
    let app = TestApp::spawn().await?;
    // A is stronger over its first two players (5d+4d against 5d+3d) and rotates first.
    let (mut director, event_id) = event_with_system(
        &app,
        "relay",
        &[("relay_order", "fixed"), ("relay_draw", "replay")],
        "name,rank,team,board\nB1,5d,B,\nB2,3d,B,\nA2,4d,A,2\nA1,5d,A,1\n",
    )
    .await?;
    let page = director.get(&format!("/events/{event_id}/relay")).await?;
    page.assert_status(200)?;

    // Game 1: A's first player against B's; a draw is played again.
    let game = play(&mut director, event_id, 1, ["A1", "B1"], "draw").await?;
    // The page announced the colours drawn for game 1, and the draft used them.
    let announced = format!("Next game: {} (Black) · {} (White)", game.1, game.2);
    assert!(page.body.contains(&announced), "{announced}: {}", page.body);
    // B1 wins and stays on against A's next player, who wins twice.
    play(&mut director, event_id, 2, ["A1", "B1"], "B1").await?;
    play(&mut director, event_id, 3, ["A2", "B1"], "A2").await?;
    // The event is set to 3 rounds, all played and no team has won: the relay says so and the
    // fourth game waits until the director raises the rounds.
    let relay = director.get(&format!("/events/{event_id}/relay")).await?.body;
    assert!(relay.contains("id=\"relay-rounds-used-up\""), "{relay}");
    let capped = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    capped.assert_status(400)?;
    assert!(capped.body.contains("set to 3 rounds, all played"), "{}", capped.body);
    let mut form: Vec<(&str, &str)> =
        event_form("Systems Cup", "9").into_iter().filter(|(k, _)| *k != "system").collect();
    form.extend([("system", "relay"), ("relay_order", "fixed"), ("relay_draw", "replay")]);
    director.post(&format!("/events/{event_id}/edit"), &form).await?.assert_status(303)?;
    play(&mut director, event_id, 4, ["A2", "B2"], "A2").await?;

    let before = app.fingerprint().await?;
    let over = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    over.assert_status(400)?;
    assert!(over.body.contains("no next round"), "{}", over.body);
    assert_eq!(app.fingerprint().await?, before);

    let standings = director.get(&format!("/events/{event_id}/standings")).await?.body;
    assert!(standings.contains("id=\"relay-winner\">A wins the relay."), "{standings}");
    assert!(standings.contains("id=\"relay-last-standing\">Last player standing: A2, 2 wins in a row."), "{standings}");
    assert!(!standings.contains("id=\"standings\""), "a relay's standings are its chain, no cross-table");
    assert_eq!(
        chain(&standings),
        vec![
            (1, pair("A1", "B1"), String::new()),
            (2, pair("A1", "B1"), "A1".into()),
            (3, pair("A2", "B1"), "B1".into()),
            (4, pair("A2", "B2"), "B2".into()),
        ]
    );
    assert_eq!(streaks(&standings), vec![("A1".into(), 0), ("A2".into(), 2), ("B1".into(), 1), ("B2".into(), 0)]);
    Ok(())
}

#[actix_web::test]
async fn three_teams_name_their_players_and_the_team_that_sat_out_challenges() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(
        &app,
        "relay",
        &[("relay_order", "nominated"), ("relay_draw", "both-out")],
        "name,rank,team\nX1,5d,X\nX2,1d,X\nY1,4d,Y\nY2,1k,Y\nZ1,3d,Z\n",
    )
    .await?;
    // Nobody named yet: the round cannot be drafted, and the message names the teams.
    let waiting = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    waiting.assert_status(400)?;
    assert!(waiting.body.contains("named by X, Y"), "{}", waiting.body);
    let page = director.get(&format!("/events/{event_id}/relay")).await?;
    let teams: Vec<String> = nomination_forms(&page.body, event_id).into_iter().map(|(t, _)| t).collect();
    assert_eq!(teams, vec!["X", "Y"]);

    // Another team's player is refused, and nothing is kept.
    let before = app.fingerprint().await?;
    let refused = nominate(&mut director, event_id, "X", "Y1").await?;
    refused.assert_status(400)?;
    assert!(refused.body.contains("not in X"), "{}", refused.body);
    assert_eq!(app.fingerprint().await?, before);

    nominate(&mut director, event_id, "X", "X2").await?.assert_status(303)?;
    nominate(&mut director, event_id, "Y", "Y1").await?.assert_status(303)?;
    play(&mut director, event_id, 1, ["X2", "Y1"], "Y1").await?;
    // Z sat out and challenges the holder Y1; only Z must name.
    let page = director.get(&format!("/events/{event_id}/relay")).await?;
    let teams: Vec<String> = nomination_forms(&page.body, event_id).into_iter().map(|(t, _)| t).collect();
    assert_eq!(teams, vec!["Z"]);
    nominate(&mut director, event_id, "Z", "Z1").await?.assert_status(303)?;
    // A draw puts both out: Z is gone, X and Y each name again.
    play(&mut director, event_id, 2, ["Y1", "Z1"], "draw").await?;
    let out = nominate(&mut director, event_id, "X", "X2").await?;
    out.assert_status(400)?;
    assert!(out.body.contains("out already"), "{}", out.body);
    nominate(&mut director, event_id, "X", "X1").await?.assert_status(303)?;
    nominate(&mut director, event_id, "Y", "Y2").await?.assert_status(303)?;
    play(&mut director, event_id, 3, ["X1", "Y2"], "X1").await?;

    let standings = director.get(&format!("/events/{event_id}/standings")).await?.body;
    assert!(standings.contains("X wins the relay."), "{standings}");
    assert_eq!(
        chain(&standings),
        vec![
            (1, pair("X2", "Y1"), "X2".into()),
            (2, pair("Y1", "Z1"), "Y1,Z1".into()),
            (3, pair("X1", "Y2"), "Y2".into()),
        ]
    );
    // Every nomination is in the audit log.
    let audit = director.get(&format!("/events/{event_id}/audit")).await?.body;
    assert_eq!(audit.matches("data-action=\"relay.nomination\"").count(), 5, "{audit}");
    Ok(())
}

#[actix_web::test]
async fn alternating_colours_follow_the_game_as_played_after_a_swap_at_the_board() -> TestResult {
    let app = TestApp::spawn().await?;
    let (mut director, event_id) = event_with_system(
        &app,
        "relay",
        &[("relay_order", "fixed"), ("relay_draw", "replay"), ("relay_colours", "alternate")],
        "name,rank,team,board\nA1,5d,A,1\nA2,4d,A,2\nA3,3d,A,3\nB1,5d,B,1\nB2,3d,B,2\nB3,2d,B,3\n",
    )
    .await?;
    let shown = director.get(&format!("/events/{event_id}")).await?.body;
    assert!(shown.contains("alternating: whoever played the last game changes colour"), "{shown}");
    let colour_of = |game: &Game, name: &str| if game.1 == name { "Black" } else { "White" };

    let first = play(&mut director, event_id, 1, ["A1", "B1"], "A1").await?;
    // A1 holds and is drafted with the other colour against B2…
    let made = director.post(&format!("/events/{event_id}/rounds"), &[]).await?;
    assert!(made.redirected_to(&format!("/events/{event_id}/rounds/2")), "{}", made.body);
    let board = |body: &str| boards(body).first().cloned().ok_or("no board");
    let drafted = board(&director.get(&format!("/events/{event_id}/rounds/2")).await?.body)?;
    assert_ne!(colour_of(&drafted, "A1"), colour_of(&first, "A1"), "the holder changes colour");
    // … but the players draw colours at the board and the director swaps them.
    director.post(&format!("/events/{event_id}/rounds/2/colours/1"), &[]).await?.assert_status(303)?;
    director.post(&format!("/events/{event_id}/rounds/2/publish"), &[]).await?.assert_status(303)?;
    let second = board(&director.get(&format!("/events/{event_id}/rounds/2")).await?.body)?;
    assert_eq!(colour_of(&second, "A1"), colour_of(&first, "A1"), "swapped at the board");
    enter(&mut director, event_id, 2, second.0, if second.1 == "B2" { "black" } else { "white" }).await?;

    // B2 won with the colour he had at the board, holds, and changes colour from it.
    let third = play(&mut director, event_id, 3, ["A2", "B2"], "A2").await?;
    assert_ne!(colour_of(&third, "B2"), colour_of(&second, "B2"));
    let standings = director.get(&format!("/events/{event_id}/standings")).await?.body;
    assert_eq!(
        chain(&standings),
        vec![
            (1, pair("A1", "B1"), "B1".into()),
            (2, pair("A1", "B2"), "A1".into()),
            (3, pair("A2", "B2"), "B2".into())
        ]
    );
    Ok(())
}
