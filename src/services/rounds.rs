//! Rounds: generate the next round's pairing as a draft, adjust it by hand, publish it
//! (mailing every paired player), and record results board by board.
use std::collections::HashMap;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, ModelTrait, QueryFilter, Set, TransactionTrait,
};
use serde_json::json;

use crate::db::entities::{bye, event, game, player, round, user};
use crate::domain::color::Color;
use crate::domain::message::Message;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::{System, TeamPairing};
use crate::domain::tournament::pairing::BoardCost;
use crate::domain::tournament::pairing::event_round::{
    self, EventPlan, History, NextRoundError, next_round, parse_ruling, ruling_code, uses_seeding,
};
use crate::domain::tournament::pairing::knockout::{BothLoseRuling, StageName};
use crate::domain::tournament::pairing::relay_event::{next_relay_round, relay_match, relay_sides};
use crate::domain::tournament::pairing::round_robin::{group_round_count, round_robin_groups};
use crate::domain::tournament::pairing::team_event::next_team_round;
use crate::error::{AppError, AppResult};
use crate::i18n::{Arg, Locale};
use crate::mail::Mail;
use crate::services::audit;
use crate::services::queries::{self, BoardRef};
use crate::services::repo::presence;
use crate::services::repo::results::{insert_game, overwrite_result, sync_knockout_round, to_id, write_result};
use crate::state::AppState;

/// Whether the event has all its rounds: the director's count (Swiss, McMahon), the whole
/// table (round robin), a champion (knockout), a decided match (best-of).
pub async fn is_over(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<bool> {
    let (system, settings) = queries::system_of(event)?;
    let rounds = queries::rounds(conn, event.id).await?;
    let seeds = queries::stored_seeding(event);
    if rounds.is_empty() {
        return Ok(false);
    }
    Ok(match system {
        _ if queries::knockout_start(event, system, &settings).is_some_and(|start| rounds.len() as u32 >= start) => {
            let past = queries::history(conn, &rounds).await?;
            let everyone = queries::pairing_players(conn, event.id).await?;
            queries::knockout_of(event, system, &settings, &everyone, &past)
                .is_some_and(|k| k.is_ok_and(|k| k.champion().is_some()))
        }
        // A knockout stage still to come.
        _ if queries::knockout_start(event, system, &settings).is_some() => false,
        System::Swiss | System::McMahon => rounds.len() as i32 >= event.rounds,
        System::RoundRobin => round_robin_groups(&seeds, settings.groups)
            .and_then(|groups| group_round_count(&groups, settings.cycles))
            .is_ok_and(|n| rounds.len() as u32 >= n),
        System::Knockout => false,
        System::BestOf => {
            let past = queries::history(conn, &rounds).await?;
            event_round::best_of_state(&settings, &seeds, &past).is_ok_and(|m| m.is_decided())
        }
        System::Relay => {
            let past = queries::history(conn, &rounds).await?;
            let everyone = queries::pairing_players(conn, event.id).await?;
            let sides = relay_sides(&everyone, &seeds);
            let named = queries::nominations(conn, event.id, &sides).await?;
            relay_match(&settings, queries::relay_lot(event), &sides, &past, &named).is_ok_and(|m| m.winner().is_some())
        }
        System::Team => match settings.team_pairing {
            TeamPairing::Swiss => rounds.len() as i32 >= event.rounds,
            TeamPairing::RoundRobin => {
                crate::domain::tournament::pairing::round_robin::round_count(seeds.len(), settings.cycles)
                    .is_ok_and(|n| rounds.len() as u32 >= n)
            }
            TeamPairing::AllPlayAll => rounds.len() as u32 >= settings.team_boards,
        },
    })
}

fn next_round_error(e: NextRoundError) -> AppError {
    AppError::BadRequest(e.message())
}

/// Makes the next round's pairing as an unpublished draft, by the event's system; `source`
/// says how it was asked for (audited: "form", or "token:<name>" by an API token).
pub async fn generate_next(state: &AppState, actor: &user::Model, event_id: i32, source: &str) -> AppResult<i32> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let (system, settings) = queries::system_of(&event)?;
    let rounds = queries::rounds(&txn, event_id).await?;
    if let Some(draft) = rounds.iter().find(|r| !r.published) {
        return Err(AppError::BadRequest(Message::new("error-draft-exists").number("n", draft.number)));
    }
    let number = rounds.len() as i32 + 1;
    if let Some(last) = rounds.last() {
        let open: Vec<String> = queries::games_of(&txn, last.id)
            .await?
            .iter()
            .filter(|g| g.result.is_none())
            .map(|g| g.board.to_string())
            .collect();
        if !open.is_empty() {
            // Said on the page the director is on, with the way to the round's results.
            return Err(AppError::Unfinished {
                message: Message::new("error-results-missing").number("n", last.number).text("boards", open.join(", ")),
                link: format!("/events/{event_id}/rounds/{}", last.number),
                label: Message::new("enter-results-of-round").number("n", last.number),
            });
        }
    }
    // Swiss and McMahon pair who is present for the round (domain::tournament::participation); the desk's
    // unmarked players are then recorded absent, as the draft leaves them out.
    let by_presence = matches!(system, System::Swiss | System::McMahon);
    let everyone = if by_presence {
        queries::round_players(&txn, event_id, number).await?
    } else {
        queries::pairing_players(&txn, event_id).await?
    };
    let absent = if by_presence {
        presence::record_unchecked_absent(&txn, now, actor, event_id, number).await?
    } else {
        Vec::new()
    };
    let past = queries::history(&txn, &rounds).await?;
    let plan = queries::plan_of(&event, system, &settings, queries::round_seed(event_id, number));
    let stage_start = queries::knockout_start(&event, system, &settings).filter(|_| system != System::Knockout);
    let seeds = if stage_start == Some(number as u32) {
        // A knockout stage is seeded now, from the standings of the rounds before it.
        let seeds = event_round::knockout_stage_seeding(&plan, &everyone, &past, &queries::stored_seeding(&event));
        let mut active: event::ActiveModel = event.clone().into();
        active.stage_seeding = Set(Some(serde_json::to_string(&seeds).map_err(|e| AppError::Internal(e.into()))?));
        active.update(&txn).await?;
        seeds
    } else if stage_start.is_some_and(|start| number as u32 > start) {
        queries::knockout_seeding(&event, system)
    } else if !uses_seeding(system) {
        Vec::new()
    } else if number == 1 {
        // Fixed now, with the players present, for the whole table or bracket.
        let seeds = event_round::seeding(&EventPlan { seed: queries::round_seed(event_id, 0), ..plan }, &everyone);
        let mut active: event::ActiveModel = event.clone().into();
        active.seeding = Set(Some(serde_json::to_string(&seeds).map_err(|e| AppError::Internal(e.into()))?));
        active.update(&txn).await?;
        seeds
    } else {
        queries::stored_seeding(&event)
    };
    let draft = match system {
        System::Team => {
            let lineups = super::queries::lineups_for(&txn, event_id, number, &everyone, &settings).await?;
            next_team_round(&plan, &everyone, &past, &seeds, &lineups, number as u32).map_err(next_round_error)?
        }
        System::Relay => {
            let sides = relay_sides(&everyone, &seeds);
            let named = queries::nominations(&txn, event_id, &sides).await?;
            let draft = next_relay_round(&settings, queries::relay_lot(&event), &everyone, &past, &seeds, &named)
                .map_err(|e| match e {
                    NextRoundError::Relay(e) => AppError::BadRequest(
                        e.message(&|id| crate::domain::tournament::pairing::relay_event::side_name(&sides, id)),
                    ),
                    other => next_round_error(other),
                })?;
            // The match goes on until a team has no player left, but never past the rounds the
            // event is set to: the director is told, and raises them to play on.
            if number > event.rounds {
                return Err(AppError::BadRequest(Message::new("error-relay-rounds-cap").number("n", event.rounds)));
            }
            draft
        }
        _ => {
            // A large field takes seconds to pair: off the request threads, which serve everyone.
            let (settings, everyone, past, seeds) = (settings.clone(), everyone.clone(), past.clone(), seeds.clone());
            let (system, rounds, seed) = (plan.system, plan.rounds, plan.seed);
            tokio::task::spawn_blocking(move || {
                let plan = EventPlan { system, settings: &settings, rounds, seed };
                next_round(&plan, &everyone, &past, &seeds, number as u32)
            })
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("the pairing task failed: {e}")))?
            .map_err(next_round_error)?
        }
    };

    let created = round::ActiveModel {
        event_id: Set(event_id),
        number: Set(number),
        published: Set(false),
        published_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|e| {
        // Two "pair the next round" clicks at once: the unique (event, number) index stops the
        // second, which is told what happened.
        if crate::db::is_unique_violation(&e) {
            AppError::BadRequest(Message::new("error-draft-exists").number("n", number))
        } else {
            AppError::Database(e)
        }
    })?;
    for (index, (board, cost)) in draft.boards.iter().zip(&draft.costs).enumerate() {
        insert_game(&txn, created.id, index as i32 + 1, board, cost.as_ref()).await?;
    }
    for (player, cost) in &draft.byes {
        bye::ActiveModel {
            round_id: Set(created.id),
            player_id: Set(to_id(*player)?),
            pairing_costs: Set(cost.as_ref().and_then(|c| serde_json::to_string(c).ok())),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            "round.drafted",
            json!({ "round": number, "system": system.code(), "boards": draft.boards.len(), "source": source,
                "byes": draft.byes.iter().map(|b| b.0).collect::<Vec<_>>(),
                "not_paired": everyone.iter().filter(|p| !p.present).map(|p| p.id).collect::<Vec<_>>(),
                "recorded_absent": absent }),
        )
        .await?;
    Ok(number)
}

async fn draft_round(conn: &impl ConnectionTrait, event_id: i32, number: i32) -> AppResult<round::Model> {
    let found = queries::round(conn, event_id, number).await?.ok_or(AppError::NotFound)?;
    if found.published {
        return Err(AppError::BadRequest(Message::new("error-round-published").number("n", number)));
    }
    Ok(found)
}

/// A draft the director may edit by hand: only where the engine pairs by score; a round robin's
/// table, a bracket or a match fixes who plays whom.
async fn editable_draft(conn: &impl ConnectionTrait, event_id: i32, number: i32) -> AppResult<round::Model> {
    let (system, _) = queries::system_of(&queries::event(conn, event_id).await?)?;
    if !system.pairs_by_score() {
        return Err(AppError::refused("error-fixed-pairing"));
    }
    draft_round(conn, event_id, number).await
}

/// Exchanges the places of two players in a draft: on boards (keeping board colours) or
/// with the bye. The draft page then shows any rematch or colour problem this creates.
pub async fn swap(state: &AppState, actor: &user::Model, event_id: i32, number: i32, a: i32, b: i32) -> AppResult<()> {
    if a == b {
        return Err(AppError::refused("error-swap-same"));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let draft = editable_draft(&txn, event_id, number).await?;
    let games = queries::games_of(&txn, draft.id).await?;
    let byes = queries::byes_of(&txn, draft.id).await?;
    let place = |id: i32| -> bool {
        games.iter().any(|g| g.black_id == id || g.white_id == id) || byes.iter().any(|x| x.player_id == id)
    };
    if !place(a) || !place(b) {
        return Err(AppError::refused("error-swap-not-in-round"));
    }
    let swap_id = |id: i32| {
        if id == a {
            b
        } else if id == b {
            a
        } else {
            id
        }
    };
    for g in games {
        if [g.black_id, g.white_id].iter().any(|id| *id == a || *id == b) {
            let (black, white) = (swap_id(g.black_id), swap_id(g.white_id));
            let mut active: game::ActiveModel = g.into();
            active.black_id = Set(black);
            active.white_id = Set(white);
            active.pairing_costs = Set(by_hand());
            active.update(&txn).await?;
        }
    }
    for x in byes {
        if x.player_id == a || x.player_id == b {
            let player_id = swap_id(x.player_id);
            let mut active: bye::ActiveModel = x.into();
            active.player_id = Set(player_id);
            active.pairing_costs = Set(by_hand());
            active.update(&txn).await?;
        }
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "round.swapped", json!({ "round": number, "players": [a, b] }))
        .await?;
    Ok(())
}

/// What a board or bye the director changed by hand stores as its costs ([`BoardCost::BY_HAND`]):
/// the "why paired" page then says so instead of showing what the search priced.
fn by_hand() -> Option<String> {
    serde_json::to_string(&BoardCost::BY_HAND).ok()
}

/// Swaps the colours on one board of a draft.
pub async fn swap_colours(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    number: i32,
    board: i32,
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let (system, _) = queries::system_of(&queries::event(&txn, event_id).await?)?;
    if !system.colours_editable() {
        return Err(AppError::refused("error-fixed-pairing"));
    }
    let draft = draft_round(&txn, event_id, number).await?;
    let g = queries::board_of(&txn, &draft, board).await?;
    let (black, white) = (g.white_id, g.black_id);
    let mut active: game::ActiveModel = g.into();
    active.black_id = Set(black);
    active.white_id = Set(white);
    active.pairing_costs = Set(by_hand());
    active.update(&txn).await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "round.colours_swapped", json!({ "round": number, "board": board }))
        .await?;
    Ok(())
}

pub async fn discard_draft(state: &AppState, actor: &user::Model, event_id: i32, number: i32) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let draft = draft_round(&txn, event_id, number).await?;
    draft.delete(&txn).await?;
    let event = queries::event(&txn, event_id).await?;
    let (system, settings) = queries::system_of(&event)?;
    if system != System::Knockout && queries::knockout_start(&event, system, &settings) == Some(number as u32) {
        // The knockout stage has not started after all: its size may change again, and its
        // seeding is made anew with the next draft.
        let mut active: event::ActiveModel = event.into();
        active.stage_seeding = Set(None);
        active.update(&txn).await?;
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "round.discarded", json!({ "round": number }))
        .await?;
    Ok(())
}

/// Publishes a draft and mails every paired player (in 中文 and English) their board,
/// colour and opponent. Returns how many messages could not be sent.
pub async fn publish(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    number: i32,
    source: &str,
) -> AppResult<usize> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let draft = draft_round(&txn, event_id, number).await?;
    let games = queries::games_of(&txn, draft.id).await?;
    let byes = queries::byes_of(&txn, draft.id).await?;
    let everyone: HashMap<i32, player::Model> =
        queries::players(&txn, event_id).await?.into_iter().map(|p| (p.id, p)).collect();
    // Conditional on "still a draft", so a double click cannot publish (and mail) twice.
    let written = round::Entity::update_many()
        .col_expr(round::Column::Published, Expr::value(true))
        .col_expr(round::Column::PublishedAt, Expr::value(now))
        .filter(round::Column::Id.eq(draft.id))
        .filter(round::Column::Published.eq(false))
        .exec(&txn)
        .await?;
    if written.rows_affected != 1 {
        return Err(AppError::BadRequest(Message::new("error-round-published").number("n", number)));
    }
    let boards: Vec<_> =
        games.iter().map(|g| json!({ "board": g.board, "black": g.black_id, "white": g.white_id })).collect();
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(
            txn,
            "round.published",
            json!({ "round": number, "boards": boards, "byes": byes.iter().map(|b| b.player_id).collect::<Vec<_>>(),
                "source": source }),
        )
        .await?;

    let link = format!("{}/events/{event_id}/rounds/{number}", state.settings.server.base_url.trim_end_matches('/'));
    // Each player's mail in the language their account reads (中文 and English when unknown).
    let account_ids: Vec<i32> = everyone.values().filter_map(|p| p.user_id).collect();
    let chosen: HashMap<i32, Locale> = user::Entity::find()
        .filter(user::Column::Id.is_in(account_ids))
        .all(&state.db)
        .await?
        .iter()
        .filter_map(|u| Some((u.id, queries::account_locale(u)?)))
        .collect();
    let languages = |p: &player::Model| Locale::mail_languages(p.user_id.and_then(|u| chosen.get(&u).copied()));
    let subject_args = [("event", Arg::Str(&event.name)), ("round", Arg::Num(number.into()))];
    let subject = |languages: &[Locale]| {
        languages.iter().map(|l| l.t_args("mail-pairing-subject", &subject_args)).collect::<Vec<_>>().join(" / ")
    };
    let mut mails = Vec::new();
    for g in &games {
        for (me, colour, other) in [(g.black_id, Color::Black, g.white_id), (g.white_id, Color::White, g.black_id)] {
            let (Some(me), Some(other)) = (everyone.get(&me), everyone.get(&other)) else { continue };
            let Some(to) = &me.email else { continue };
            let languages = languages(me);
            let body: Vec<String> = languages
                .iter()
                .map(|l| {
                    l.t_args(
                        "mail-pairing-body",
                        &[
                            ("name", Arg::Str(&me.name)),
                            ("event", Arg::Str(&event.name)),
                            ("round", Arg::Num(number.into())),
                            ("board", Arg::Num(g.board.into())),
                            ("colour", Arg::Str(&l.t(if colour == Color::Black { "black" } else { "white" }))),
                            ("opponent", Arg::Str(&other.name)),
                            ("rank", Arg::Str(&l.rank_text(&other.rank))),
                            ("link", Arg::Str(&link)),
                        ],
                    )
                })
                .collect();
            mails.push(Mail {
                to: to.clone(),
                subject: subject(&languages),
                body: body.join("\n\n----\n\n"),
                link: None,
            });
        }
    }
    for b in &byes {
        let Some(me) = everyone.get(&b.player_id) else { continue };
        let Some(to) = &me.email else { continue };
        let languages = languages(me);
        let body: Vec<String> = languages
            .iter()
            .map(|l| {
                l.t_args(
                    "mail-bye-body",
                    &[
                        ("name", Arg::Str(&me.name)),
                        ("event", Arg::Str(&event.name)),
                        ("round", Arg::Num(number.into())),
                        ("link", Arg::Str(&link)),
                    ],
                )
            })
            .collect();
        mails.push(Mail { to: to.clone(), subject: subject(&languages), body: body.join("\n\n----\n\n"), link: None });
    }
    Ok(state.mailer.send_all(&mails).await)
}

/// Sets (or clears) when round `number`'s games start: live clocks run from then, and the
/// event's lateness limit counts from then (Art. 23). Refused once a game of the round is under
/// way.
pub async fn set_start(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    number: i32,
    starts_at: Option<chrono::DateTime<chrono::Utc>>,
) -> AppResult<()> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let r = queries::round(&txn, event_id, number)
        .await?
        .ok_or_else(|| AppError::BadRequest(Message::new("error-no-such-round").number("n", number)))?;
    // A start long past is a slip (often of the time zone): its lateness would forfeit the round.
    if starts_at.is_some_and(|at| at < now - chrono::Duration::hours(1)) {
        return Err(AppError::refused("error-round-start-past"));
    }
    let games = queries::games_of(&txn, r.id).await?;
    let started = |g: &game::Model| {
        g.live_state
            .as_deref()
            .and_then(|text| serde_json::from_str::<crate::domain::live::LiveState>(text).ok())
            .is_some_and(|state| state.phase != crate::domain::live::Phase::Waiting)
    };
    if games.iter().any(started) {
        return Err(AppError::refused("error-round-under-way"));
    }
    let mut active: round::ActiveModel = r.clone().into();
    active.starts_at = Set(starts_at);
    active.update(&txn).await?;
    // The sweep starts each game at the new time.
    game::Entity::update_many()
        .col_expr(game::Column::FlagAt, Expr::value(starts_at))
        .filter(game::Column::RoundId.eq(r.id))
        .filter(game::Column::Result.is_null())
        .exec(&txn)
        .await?;
    audit::entry(now, Some(actor.id), Some(event_id))
        .commit(txn, "round.start_set", json!({ "round": number, "starts_at": starts_at }))
        .await?;
    Ok(())
}

/// Records the result of a board that has none yet; `source` says how it came (audited:
/// "entered" by the staff's form, "token:<name>" by an API token).
pub async fn record_result(
    state: &AppState,
    actor: &user::Model,
    at: BoardRef,
    result: GameResult,
    source: &str,
) -> AppResult<()> {
    let BoardRef { event_id, round: number, board } = at;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let r = queries::published_round(&txn, event_id, number).await?;
    let g = queries::board_of(&txn, &r, board).await?;
    write_result(&txn, Some(actor.id), event_id, &r, &g, result, now, source).await?;
    txn.commit().await?;
    Ok(())
}

/// Records the results of several boards of a round at once (the round's results grid), in one
/// transaction: each board that can take its result gets it, with its audit row; a board that
/// cannot (it has a result already, a knockout refuses it …) is left as it was and returned
/// with the reason, and the others are saved all the same.
pub async fn record_results(
    state: &AppState,
    actor: &user::Model,
    event_id: i32,
    number: i32,
    entries: &[(i32, GameResult)],
) -> AppResult<Vec<(i32, Message)>> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let r = queries::published_round(&txn, event_id, number).await?;
    let mut refused = Vec::new();
    for &(board, result) in entries {
        // A savepoint per board: a refused one takes back only what it wrote.
        let step = txn.begin().await?;
        let written = match queries::board_of(&step, &r, board).await {
            Ok(g) => write_result(&step, Some(actor.id), event_id, &r, &g, result, now, "entered").await,
            Err(e) => Err(e),
        };
        match written {
            Ok(()) => step.commit().await?,
            Err(AppError::BadRequest(why) | AppError::Conflict(Some(why))) => {
                step.rollback().await?;
                refused.push((board, why));
            }
            Err(other) => return Err(other),
        }
    }
    txn.commit().await?;
    Ok(refused)
}

/// Replaces a recorded result; the reason is required and kept in the audit log.
pub async fn correct_result(
    state: &AppState,
    actor: &user::Model,
    at: BoardRef,
    result: GameResult,
    reason: &str,
    shown: &str,
) -> AppResult<()> {
    let BoardRef { event_id, round: number, board } = at;
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(AppError::refused("error-reason-required"));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let r = queries::published_round(&txn, event_id, number).await?;
    let g = queries::board_of(&txn, &r, board).await?;
    // Made against the result the director saw, or not at all; and only if it changes it.
    let stored = g.result.clone().unwrap_or_default();
    let show = |text: &str| {
        if text.is_empty() {
            "—".to_string()
        } else {
            GameResult::parse(text).map(|r| r.to_string()).unwrap_or_else(|_| text.to_string())
        }
    };
    if stored != shown.trim() {
        return Err(AppError::Conflict(Some(
            Message::new("error-result-stale").text("now", show(&stored)).text("shown", show(shown.trim())),
        )));
    }
    if stored == result.to_storage_string() {
        return Err(AppError::BadRequest(Message::new("error-result-unchanged").text("now", show(&stored))));
    }
    overwrite_result(&txn, Some(actor.id), event_id, &r, &g, Some(result), now, reason).await?;
    txn.commit().await?;
    Ok(())
}

/// Knockout: the director's ruling on a game both players lost (双方均负): replay it, or
/// one of the two goes through. Recorded once per game, with its article in the audit log.
pub async fn rule_both_lose(
    state: &AppState,
    actor: &user::Model,
    at: BoardRef,
    ruling: BothLoseRuling,
) -> AppResult<()> {
    let BoardRef { event_id, round: number, board } = at;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let event = queries::event(&txn, event_id).await?;
    let (system, settings) = queries::system_of(&event)?;
    if system == System::Team
        || queries::knockout_start(&event, system, &settings).is_none_or(|start| (number as u32) < start)
    {
        return Err(AppError::refused("error-ruling-not-needed"));
    }
    let r = queries::published_round(&txn, event_id, number).await?;
    let g = queries::board_of(&txn, &r, board).await?;
    let both_lost = g.result.as_deref().and_then(|t| GameResult::parse(t).ok()) == Some(GameResult::BothLose);
    if !both_lost || g.ruling.is_some() {
        return Err(AppError::refused("error-ruling-not-needed"));
    }
    if let BothLoseRuling::Advance(player) = ruling
        && player != i64::from(g.black_id)
        && player != i64::from(g.white_id)
    {
        return Err(AppError::refused("error-choose-ruling"));
    }
    let code = ruling_code(ruling);
    let written = game::Entity::update_many()
        .col_expr(game::Column::Ruling, Expr::value(code.clone()))
        .filter(game::Column::Id.eq(g.id))
        .filter(game::Column::Ruling.is_null())
        .exec(&txn)
        .await?;
    if written.rows_affected != 1 {
        return Err(AppError::refused("error-ruling-not-needed"));
    }
    audit::entry(now, Some(actor.id), Some(event_id))
        .record(
            &txn,
            "ruling.both_lose",
            json!({ "round": number, "board": board, "ruling": code, "article": "1988 Art. 27 (knockout)" }),
        )
        .await?;
    sync_knockout_round(&txn, &event, &r).await?;
    txn.commit().await?;
    Ok(())
}

/// A board as pages show it.
pub struct BoardView {
    pub board: i32,
    pub black: player::Model,
    pub white: player::Model,
    pub handicap: i32,
    pub result: Option<GameResult>,
    /// What each criterion cost (searched pairings only).
    pub costs: Option<BoardCost>,
    /// A knockout game both lost, awaiting the director's ruling.
    pub awaiting_ruling: bool,
    pub ruling: Option<BothLoseRuling>,
    /// Team events, on the first board of each team match: the teams and the boards each has
    /// won so far, in half boards (a draw is ½ each): (team A, half boards, half boards, team B).
    pub team_match: Option<(String, u32, u32, String)>,
    /// Team events: the board's number within its match (第1台 …), where `board` numbers the
    /// round's games.
    pub match_board: Option<i32>,
    /// Knockout rounds: what the board's match is called (the final …), and whether the
    /// board replays a drawn or void game of it.
    pub stage: Option<StageName>,
    pub replay: bool,
}

pub struct RoundView {
    pub round: round::Model,
    pub boards: Vec<BoardView>,
    /// Byes, or walkovers in a knockout.
    pub byes: Vec<player::Model>,
    /// Each bye with what it cost (searched pairings only).
    pub bye_costs: Vec<(player::Model, Option<BoardCost>)>,
    /// Problems in a draft that a director should see before publishing.
    pub warnings: Vec<DraftWarning>,
}

/// A problem in a draft that a director should see before publishing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftWarning {
    /// The two players of `board` have met before.
    Rematch { board: i32, a: String, b: String },
    /// `name` would have `colour` `excess` times more than the other colour.
    Colour { board: i32, name: String, colour: Color, excess: i64 },
    /// `name` would have a second bye.
    SecondBye { name: String },
    /// The two players of `board` are a pair the director forbade (OpenGotha's weights know
    /// no forbidden pairs; Yunzi's pair one only when nothing else is possible).
    Forbidden { board: i32, a: String, b: String },
    /// Players registered (not withdrawn) whom the draft leaves out: absent, asking to skip,
    /// or not checked in once the desk began checking in.
    NotPaired { names: Vec<String> },
}

pub async fn view(conn: &impl ConnectionTrait, event: &event::Model, number: i32) -> AppResult<RoundView> {
    let r = queries::round(conn, event.id, number).await?.ok_or(AppError::NotFound)?;
    // Pairings, cards and slips tell namesakes apart.
    let everyone: HashMap<i32, player::Model> =
        queries::as_shown(queries::players(conn, event.id).await?).into_iter().map(|p| (p.id, p)).collect();
    let (system, settings) = queries::system_of(event)?;
    let knockout = system != System::Team
        && queries::knockout_start(event, system, &settings).is_some_and(|start| number as u32 >= start);
    let mut byes_cost = Vec::new();
    for b in queries::byes_of(conn, r.id).await? {
        if let Some(p) = everyone.get(&b.player_id) {
            byes_cost.push((p.clone(), b.pairing_costs.as_deref().and_then(|t| serde_json::from_str(t).ok())));
        }
    }
    let mut boards = Vec::new();
    for g in queries::games_of(conn, r.id).await? {
        let (Some(black), Some(white)) = (everyone.get(&g.black_id), everyone.get(&g.white_id)) else { continue };
        let result = g.result.as_deref().and_then(|t| GameResult::parse(t).ok());
        let ruling = g.ruling.as_deref().and_then(parse_ruling);
        boards.push(BoardView {
            board: g.board,
            black: black.clone(),
            white: white.clone(),
            handicap: g.handicap,
            result,
            costs: g.pairing_costs.as_deref().and_then(|t| serde_json::from_str(t).ok()),
            awaiting_ruling: knockout && result == Some(GameResult::BothLose) && ruling.is_none(),
            ruling,
            team_match: None,
            match_board: None,
            stage: None,
            replay: false,
        });
    }
    if system == System::Team {
        mark_team_matches(&mut boards);
    }
    if knockout || system == System::Knockout {
        name_stages(conn, event, system, &settings, number, &mut boards).await?;
    }
    let byes = byes_cost.iter().map(|(p, _)| p.clone()).collect();
    let mut view = RoundView { round: r, boards, byes, bye_costs: byes_cost, warnings: Vec::new() };
    if !view.round.published {
        let earlier: Vec<round::Model> =
            queries::rounds(conn, event.id).await?.into_iter().filter(|x| x.number < number).collect();
        let past = queries::history(conn, &earlier).await?;
        view.warnings = draft_warnings(&view, &past, &settings.forbidden_pairs);
        if system.pairs_by_score() && system != System::Team {
            let mut seated: std::collections::HashSet<i32> = view.byes.iter().map(|p| p.id).collect();
            seated.extend(view.boards.iter().flat_map(|b| [b.black.id, b.white.id]));
            let mut left_out: Vec<&player::Model> =
                everyone.values().filter(|p| !p.withdrawn && !seated.contains(&p.id)).collect();
            left_out.sort_by_key(|p| p.id);
            if !left_out.is_empty() {
                view.warnings
                    .push(DraftWarning::NotPaired { names: left_out.iter().map(|p| p.name.clone()).collect() });
            }
        }
    }
    Ok(view)
}

/// Names the knockout stage of each board of round `number` (the final, a semi-final …) and
/// marks the replays: a board whose two players already have an earlier board in the round.
async fn name_stages(
    conn: &impl ConnectionTrait,
    event: &event::Model,
    system: System,
    settings: &crate::domain::tournament::event::SystemSettings,
    number: i32,
    boards: &mut [BoardView],
) -> AppResult<()> {
    let rounds = queries::rounds(conn, event.id).await?;
    let past = queries::history(conn, &rounds).await?;
    let everyone = queries::pairing_players(conn, event.id).await?;
    let Some(Ok(knockout)) = queries::knockout_of(event, system, settings, &everyone, &past) else { return Ok(()) };
    let start = queries::knockout_start(event, system, settings).unwrap_or(1);
    let Some(round) = knockout.rounds().iter().find(|r| r.number + start - 1 == number as u32) else { return Ok(()) };
    let mut seen: Vec<(i64, i64)> = Vec::new();
    for board in boards.iter_mut() {
        let pair = (i64::from(board.black.id), i64::from(board.white.id));
        let found = round
            .matches
            .iter()
            .find(|m| m.b.is_some_and(|b| (m.a.player, b.player) == pair || (b.player, m.a.player) == pair));
        if let Some(m) = found {
            board.stage = Some(round.stage_name(m));
            let key = (pair.0.min(pair.1), pair.0.max(pair.1));
            board.replay = seen.contains(&key);
            seen.push(key);
        }
    }
    Ok(())
}

/// Heads each team match (consecutive boards between the same two teams) with the teams and
/// the boards each has won so far (a win counts 2 half boards, a draw 1, as a game's points
/// do), and numbers its boards from 1; team A has Black on the first board.
fn mark_team_matches(boards: &mut [BoardView]) {
    let mut start = 0;
    while start < boards.len() {
        let teams = |b: &BoardView| {
            let (x, y) = (b.black.team.clone(), b.white.team.clone());
            if x <= y { (x, y) } else { (y, x) }
        };
        let key = teams(&boards[start]);
        let end = (start..boards.len()).find(|&i| teams(&boards[i]) != key).unwrap_or(boards.len());
        let (a, b) = (boards[start].black.team.clone(), boards[start].white.team.clone());
        let (mut a_points, mut b_points) = (0, 0);
        for (index, board) in boards[start..end].iter_mut().enumerate() {
            board.match_board = Some(index as i32 + 1);
            let (black, white) = board.result.map(|r| r.points()).unwrap_or((0, 0));
            if board.black.team == a {
                (a_points, b_points) = (a_points + black, b_points + white);
            } else {
                (a_points, b_points) = (a_points + white, b_points + black);
            }
        }
        boards[start].team_match = Some((a, a_points, b_points, b));
        start = end;
    }
}

/// Rematches, colour streaks, forbidden pairs and repeated byes in a draft.
fn draft_warnings(view: &RoundView, past: &History, forbidden: &[(i64, i64)]) -> Vec<DraftWarning> {
    let mut warnings = Vec::new();
    let colours = |id: i64| -> (i64, i64) {
        past.games.iter().fold((0, 0), |(b, w), g| {
            if g.black == id {
                (b + 1, w)
            } else if g.white == id {
                (b, w + 1)
            } else {
                (b, w)
            }
        })
    };
    for board in &view.boards {
        let (b, w) = (i64::from(board.black.id), i64::from(board.white.id));
        if past.games.iter().any(|g| (g.black == b && g.white == w) || (g.black == w && g.white == b)) {
            warnings.push(DraftWarning::Rematch {
                board: board.board,
                a: board.black.name.clone(),
                b: board.white.name.clone(),
            });
        }
        if forbidden.contains(&(b.min(w), b.max(w))) {
            warnings.push(DraftWarning::Forbidden {
                board: board.board,
                a: board.black.name.clone(),
                b: board.white.name.clone(),
            });
        }
        for (player, colour) in [(&board.black, Color::Black), (&board.white, Color::White)] {
            let (as_black, as_white) = colours(i64::from(player.id));
            let excess = match colour {
                Color::Black => as_black + 1 - as_white,
                Color::White => as_white + 1 - as_black,
            };
            if excess > 2 {
                warnings.push(DraftWarning::Colour { board: board.board, name: player.name.clone(), colour, excess });
            }
        }
    }
    for p in &view.byes {
        if past.byes.iter().any(|b| b.player == i64::from(p.id)) {
            warnings.push(DraftWarning::SecondBye { name: p.name.clone() });
        }
    }
    warnings
}
