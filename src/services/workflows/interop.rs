//! Exports of an event's published rounds: OpenGotha's tournament file and the EGF results
//! table (see `domain::tournament::interop`).
use std::collections::HashMap;

use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use serde_json::json;

use crate::db::entities::{bye, event, game, player, round, user};
use crate::domain::komi::Komi;
use crate::domain::message::Message;
use crate::domain::rank::Rank;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::{DEFAULT_RULESET, EventInput, EventSettings, System, SystemInput};
use crate::domain::tournament::interop::aga::{self, AgaId};
use crate::domain::tournament::interop::egf::{self, EgfHeader, EgfPlayer};
use crate::domain::tournament::interop::opengotha::{self, OgGame, OgPlayer, OgTournament, SeedSystem};
use crate::domain::tournament::pairing::event_round::{EventPlan, pairing_input};
use crate::domain::tournament::pairing::gotha_event;
use crate::domain::tournament::pairing::mcmahon::Placement;
use crate::domain::tournament::player::{NewPlayer, PlayerInput};
use crate::domain::tournament::standings::{ByeRecord, GameRecord, value_text};
use crate::error::{AppError, AppResult};
use crate::services::pairing_file::PairingFile;
use crate::services::queries;
use crate::services::{audit, events, players, standings};
use crate::state::AppState;

/// The event's published rounds as an OpenGotha tournament file.
pub async fn opengotha_file(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<String> {
    let (system, settings) = queries::system_of(event)?;
    let everyone = queries::players(conn, event.id).await?;
    let published: Vec<_> = queries::rounds(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let keys = opengotha::unique_keys(&everyone.iter().map(|p| p.name.clone()).collect::<Vec<_>>());
    let key_of: HashMap<i32, String> = everyone.iter().zip(&keys).map(|(p, k)| (p.id, k.clone())).collect();
    let key = |id: i32| key_of.get(&id).cloned().unwrap_or_default();
    let rounds_total = event.rounds.max(published.len() as i32).max(1) as u32;
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &published {
        for g in queries::games_of(conn, r.id).await? {
            let result = g.result.as_deref().and_then(|t| GameResult::parse(t).ok());
            let played = result.as_ref().is_some_and(|r| !r.is_forfeit());
            games.push(OgGame {
                round: r.number as u32,
                table: g.board as u32,
                black: key(g.black_id),
                white: key(g.white_id),
                handicap: u8::try_from(g.handicap).unwrap_or(0),
                result,
                played,
                both_win: false,
            });
        }
        for b in queries::byes_of(conn, r.id).await? {
            byes.push((r.number as u32, key(b.player_id)));
        }
    }
    // Rounds sat out (absent, skipped) are OpenGotha's "not participating".
    let sat_out: std::collections::HashSet<(i64, u32)> =
        queries::history(conn, &published).await?.absences.iter().map(|a| (a.player, a.round)).collect();
    let tournament = OgTournament {
        name: event.name.clone(),
        location: event.venue.clone(),
        begin: Some(event.start_date),
        end: Some(event.end_date),
        rounds: rounds_total,
        komi: Komi::from_half_points(event.komi_half_points).ok(),
        mcmahon_bar: Rank::from_value(if system == System::McMahon { settings.mcmahon_bar } else { 8 }),
        mcmahon_floor: Rank::from_value(if system == System::McMahon { settings.mcmahon_floor } else { -30 }),
        players: everyone
            .iter()
            .zip(&keys)
            .map(|(p, k)| {
                let rank = Rank::from_value(p.rank_value).ok_or_else(|| {
                    AppError::Internal(anyhow::anyhow!("player {}: rank value {}", p.id, p.rank_value))
                })?;
                // One name in Yunzi: a name in Chinese or Korean script is split into surname
                // and given name as OpenGotha keeps them, any other is all in `name`; a
                // colliding key's number goes after the given name.
                let (surname, given) = crate::domain::names::split_name(&p.name);
                let number = k.strip_prefix(&opengotha::player_key(&p.name, "")).unwrap_or("");
                Ok(OgPlayer {
                    key: k.clone(),
                    name: p.name.clone(),
                    surname,
                    first_name: format!("{given}{number}"),
                    rank,
                    rating: p.rating,
                    rating_points: p.rating.unwrap_or(-900).clamp(-900, 2949),
                    smms_correction: 0,
                    final_registration: true,
                    club: p.club.clone(),
                    country: p.country.clone(),
                    // A withdrawn player takes no part in the rounds not yet played.
                    participating: (1..=rounds_total)
                        .map(|n| {
                            (!p.withdrawn || n as usize <= published.len()) && !sat_out.contains(&(i64::from(p.id), n))
                        })
                        .collect(),
                    ids: opengotha::PlayerIds {
                        egf_pin: p.egf_pin.clone().unwrap_or_default(),
                        aga_id: p.aga_id.clone().unwrap_or_default(),
                        ffg_licence: String::new(),
                    },
                })
            })
            .collect::<AppResult<Vec<_>>>()?,
        games,
        byes,
        // The parameters the event pairs with under OpenGotha's weights, so OpenGotha pairs the
        // file's next round as the app would.
        parameters: gotha_event::parameters(system, &settings),
    };
    Ok(opengotha::write(&tournament))
}

/// A Swiss or McMahon event as a Yunzi pairing file (JSON): the entrants, who is present, the
/// published games and byes, and the settings (with the seed) the app uses for the next round,
/// so `yunzi pair FILE` pairs that round exactly as the app would.
pub async fn pairing_file(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<String> {
    let (system, settings) = queries::system_of(event)?;
    if !system.pairs_by_score() {
        return Err(AppError::refused("error-pairing-file-system"));
    }
    let everyone = queries::pairing_players(conn, event.id).await?;
    let published: Vec<_> = queries::rounds(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let past = queries::history(conn, &published).await?;
    let next = published.len() as i32 + 1;
    let plan = EventPlan {
        system,
        settings: &settings,
        rounds: event.rounds.max(0) as u32,
        seed: queries::round_seed(event.id, next),
    };
    let (entrants, present, settings) = pairing_input(&plan, &everyone, next as u32);
    let file = PairingFile { settings, entrants, present: Some(present), games: past.game_records(), byes: past.byes };
    serde_json::to_string_pretty(&file).map_err(|e| AppError::Internal(e.into()))
}

/// The EGF results table, players in the order of the standings.
/// What the director chooses on the EGD export page: the class, the adjusted time (minutes),
/// the country code and the town; a choice left out takes its default (`egd_defaults`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EgdChoices {
    pub class: Option<egf::Class>,
    pub adjusted_minutes: Option<u32>,
    pub country: Option<String>,
    pub town: Option<String>,
}

/// The defaults of the EGD export: the class and adjusted time the event's time control gives
/// (X and 0 without one: the director says), no country, the venue as the town.
pub fn egd_defaults(event: &event::Model) -> (egf::Class, u32, String, String) {
    let control = crate::domain::clock::TimeControl::parse(&event.time_control).ok().flatten();
    let (class, adjusted) = match control {
        Some(control) => {
            let (basic, adjusted) = egf::times(&control);
            (egf::Class::of_times(basic, adjusted), adjusted)
        }
        None => (egf::Class::X, 0),
    };
    (class, adjusted, String::new(), event.venue.clone())
}

pub async fn egf_table(conn: &impl ConnectionTrait, event: &event::Model, choices: &EgdChoices) -> AppResult<String> {
    let (system, settings) = queries::system_of(event)?;
    if system == System::Knockout {
        return Err(AppError::refused("error-egf-knockout"));
    }
    let table = standings::compute(conn, event).await?;
    // The file names players as registered (the standings tell namesakes apart by club, which
    // the file has a column for).
    let registered: HashMap<i32, player::Model> =
        queries::players(conn, event.id).await?.into_iter().map(|p| (p.id, p)).collect();
    let published: Vec<_> = queries::rounds(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for r in &published {
        for b in queries::byes_of(conn, r.id).await? {
            byes.push(ByeRecord { round: r.number as u32, player: i64::from(b.player_id) });
        }
        for g in queries::games_of(conn, r.id).await? {
            let record = GameRecord {
                round: r.number as u32,
                black: i64::from(g.black_id),
                white: i64::from(g.white_id),
                result: g.result.as_deref().and_then(|t| GameResult::parse(t).ok()),
            };
            games.push((record, u8::try_from(g.handicap).unwrap_or(0)));
        }
    }
    let players: Vec<EgfPlayer> = table
        .rows
        .iter()
        .map(|row| {
            let own = registered.get(&row.player.id).unwrap_or(&row.player);
            EgfPlayer {
                id: i64::from(row.player.id),
                name: own.name.clone(),
                rank: own.rank.clone(),
                country: own.country.clone(),
                club: own.club.clone(),
                scores: table
                    .columns
                    .iter()
                    .zip(&row.values)
                    .map(|(&column, value)| value_text(*value, column, table.tradition))
                    .collect(),
                pin: own.egf_pin.clone(),
            }
        })
        .collect();
    let (class, adjusted, country, town) = egd_defaults(event);
    let header = EgfHeader {
        class: choices.class.unwrap_or(class),
        event: event.name.clone(),
        country: choices.country.clone().unwrap_or(country),
        town: choices.town.clone().unwrap_or(town),
        start: event.start_date.to_string(),
        end: event.end_date.to_string(),
        handicap_reduction: settings.handicap.filter(|_| system.pairs_by_score()).map(|rule| rule.reduction),
        komi: Komi::from_half_points(event.komi_half_points).map(|k| k.display_points()).unwrap_or_default(),
        adjusted_minutes: choices.adjusted_minutes.unwrap_or(adjusted),
        time_control: event.time_control.clone(),
    };
    Ok(egf::write(&header, &players, published.len() as u32, &games, &byes))
}

/// The AGA results file of the published rounds (see `domain::tournament::interop::aga`): every game won
/// over the board, its players listed by AGA membership number. Refused, naming them, while a
/// player of such a game has no number.
pub async fn aga_results(conn: &impl ConnectionTrait, event: &event::Model) -> AppResult<String> {
    let everyone = queries::players(conn, event.id).await?;
    let published: Vec<_> = queries::rounds(conn, event.id).await?.into_iter().filter(|r| r.published).collect();
    let mut rated = Vec::new();
    for r in &published {
        for g in queries::games_of(conn, r.id).await? {
            let result = g.result.as_deref().and_then(|t| GameResult::parse(t).ok());
            if aga::rated_winner(result).is_some() {
                rated.push((g, result));
            }
        }
    }
    let mut listed: Vec<&player::Model> =
        everyone.iter().filter(|p| rated.iter().any(|(g, _)| g.black_id == p.id || g.white_id == p.id)).collect();
    listed.sort_by_key(|p| p.id);
    let aga_id = |p: &player::Model| p.aga_id.as_deref().and_then(|text| AgaId::parse(text).ok().flatten());
    let missing: Vec<&str> = listed.iter().filter(|p| aga_id(p).is_none()).map(|p| p.name.as_str()).collect();
    if !missing.is_empty() {
        return Err(AppError::BadRequest(Message::new("error-aga-ids-missing").text("names", missing.join(", "))));
    }
    let id_of: HashMap<i32, AgaId> = listed.iter().filter_map(|p| Some((p.id, aga_id(p)?))).collect();
    let players: Vec<aga::AgaPlayer> = listed
        .iter()
        .filter_map(|p| {
            Some(aga::AgaPlayer { id: id_of.get(&p.id)?.clone(), name: p.name.clone(), rank: p.rank.clone() })
        })
        .collect();
    let games: Vec<aga::AgaGame> = rated
        .iter()
        .filter_map(|(g, result)| {
            Some(aga::AgaGame {
                black: id_of.get(&g.black_id)?.clone(),
                white: id_of.get(&g.white_id)?.clone(),
                result: *result,
                handicap: u8::try_from(g.handicap).unwrap_or(0),
                komi_half_points: event.komi_half_points,
            })
        })
        .collect();
    let header = aga::AgaHeader {
        name: event.name.clone(),
        location: event.venue.clone(),
        start: event.start_date,
        finish: event.end_date,
        ruleset: event.ruleset.clone(),
    };
    Ok(aga::write(&header, &players, &games))
}

/// What an OpenGotha import brought over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub event: event::Model,
    pub players: usize,
    /// Players withdrawn: not finally registered, or absent from the next round.
    pub withdrawn: usize,
    /// What each round of the file held.
    pub rounds: Vec<RoundFound>,
}

/// One round of an imported file: games with a result, games paired and not yet played
/// (OpenGotha files are usually saved right after a round is paired), byes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundFound {
    pub number: u32,
    pub played: usize,
    pub unplayed: usize,
    pub byes: usize,
}

impl Imported {
    /// The first round with games still to be played, where the director carries on.
    pub fn unplayed_round(&self) -> Option<u32> {
        self.rounds.iter().find(|r| r.unplayed > 0).map(|r| r.number)
    }
}

/// What OpenGotha writes where a field was left as it came ("Location name"): no value.
fn placeholder_free(text: &str) -> &str {
    match text.trim() {
        "Location name" | "Tournament name" | "Short name" => "",
        trimmed => trimmed,
    }
}

/// Creates an event from an OpenGotha tournament file, so a director can carry on in Yunzi
/// mid-way: the event (McMahon when the file's first placement criterion is MMS, else Swiss;
/// bar, floor, rounds, komi, dates), its players (a player absent from the next round, or only
/// pre-registered, is withdrawn), and every round in the file published with its games,
/// results and byes. One transaction: a file that cannot be read whole changes nothing.
pub async fn import_opengotha(
    state: &AppState,
    creator: &user::Model,
    xml: &str,
    time_zone: &str,
) -> AppResult<Imported> {
    let refuse = |reason: Message| AppError::BadRequest(Message::new("error-opengotha-file").nested("reason", reason));
    let t = opengotha::parse(xml.trim_start_matches('\u{feff}')).map_err(|e| refuse(e.0))?;
    let last = t.last_round();
    let system =
        if t.parameters.criteria.first().is_some_and(|c| c == "MMS") { System::McMahon } else { System::Swiss };
    let today = state.clock.now().date_naive();
    let (start, end) = (t.begin.unwrap_or(today), t.end.or(t.begin).unwrap_or(today));
    let placement = match t.parameters.seed_system2 {
        SeedSystem::SplitAndRandom => Placement::SplitAndRandom,
        // Yunzi has no split-and-slip; fold is the nearest (top half against bottom half).
        SeedSystem::SplitAndFold | SeedSystem::SplitAndSlip => Placement::SplitAndFold,
    };
    let text = |rank: Option<Rank>, default: &str| rank.map_or(default.to_string(), |r| r.to_string());
    let (bar, floor) = (text(t.mcmahon_bar, "4d"), text(t.mcmahon_floor, "20k"));
    let (rounds, komi) = (t.rounds.max(last).max(1).to_string(), t.komi.map_or("7.5".into(), |k| k.display_points()));
    let (start_text, end_text) = (start.to_string(), end.max(start).to_string());
    let name = match placeholder_free(&t.name) {
        "" => "OpenGotha",
        name => name,
    };
    let input = EventInput {
        name,
        venue: placeholder_free(&t.location),
        start_date: &start_text,
        end_date: &end_text,
        time_zone,
        rounds: &rounds,
        system: system.code(),
        ruleset: DEFAULT_RULESET,
        komi: &komi,
        board_size: "",
        late_limit_minutes: "",
        broadcast_delay_minutes: "",
        cycle_outcome: "",
        warning_penalty: "",
        time_control: "",
        system_settings: SystemInput {
            mcmahon_bar: &bar,
            mcmahon_floor: &floor,
            placement: placement.code(),
            avoid_same_club: t.parameters.club_factor > 0 && t.parameters.avoid_same_geography > 0,
            ..Default::default()
        },
    };
    let settings = EventSettings::parse(&input).map_err(|e| refuse(e.0))?;

    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    let created = events::create_in(&txn, now, creator, &settings).await?;
    let mut id_of: HashMap<&str, i32> = HashMap::new();
    let mut inserted = Vec::with_capacity(t.players.len());
    let mut withdrawn = 0;
    for p in &t.players {
        let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
        let rank = p.rank.to_string();
        // The rating bodies' numbers come along when they are well formed; a malformed one in
        // someone's file is left out rather than refusing the whole event.
        let egf_pin =
            crate::domain::tournament::player::parse_egf_pin(&p.ids.egf_pin).ok().flatten().unwrap_or_default();
        let aga_id = AgaId::parse(&p.ids.aga_id).ok().flatten().map(|id| id.as_str().to_string()).unwrap_or_default();
        let new = NewPlayer::parse(&PlayerInput {
            name: &p.name,
            rank: &rank,
            rating: &rating,
            club: &p.club,
            country: &p.country,
            egf_pin: &egf_pin,
            aga_id: &aga_id,
            ..Default::default()
        })
        .map_err(|e| refuse(Message::new("named-problem").text("name", &p.name).nested("problem", e.0)))?;
        let mut model =
            players::insert_new(&txn, &inserted, created.id, &new, None, now).await.map_err(|e| match e {
                AppError::BadRequest(message) => refuse(message),
                other => other,
            })?;
        let present_next = p.participating.get(last as usize).copied().unwrap_or(true);
        if !p.final_registration || !present_next {
            withdrawn += 1;
            let mut active: player::ActiveModel = model.into();
            active.withdrawn = Set(true);
            model = active.update(&txn).await?;
        }
        id_of.insert(p.key.as_str(), model.id);
        inserted.push(model);
    }
    let id = |key: &str| id_of.get(key).copied().ok_or_else(|| refuse(Message::new("og-no-player").text("key", key)));
    let mut found = Vec::new();
    for number in 1..=last {
        let mut this = RoundFound { number, played: 0, unplayed: 0, byes: 0 };
        let round = round::ActiveModel {
            event_id: Set(created.id),
            number: Set(number as i32),
            published: Set(true),
            published_at: Set(Some(now)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let mut seated: Vec<i32> = Vec::new();
        let mut seat = |player: i32, name: &str| {
            if seated.contains(&player) {
                return Err(refuse(
                    Message::new("og-paired-twice").number("round", number as i64).text("player", name),
                ));
            }
            seated.push(player);
            Ok(())
        };
        for g in t.games.iter().filter(|g| g.round == number) {
            if g.both_win {
                return Err(refuse(
                    Message::new("og-both-win").number("round", i64::from(number)).number("table", i64::from(g.table)),
                ));
            }
            let (black, white) = (id(&g.black)?, id(&g.white)?);
            seat(black, &g.black)?;
            seat(white, &g.white)?;
            game::ActiveModel {
                round_id: Set(round.id),
                board: Set(g.table as i32),
                black_id: Set(black),
                white_id: Set(white),
                result: Set(g.result.map(|r| r.to_storage_string())),
                recorded_at: Set(g.result.map(|_| now)),
                handicap: Set(i32::from(g.handicap)),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            if g.result.is_some() {
                this.played += 1;
            } else {
                this.unplayed += 1;
            }
        }
        for (_, key) in t.byes.iter().filter(|(r, _)| *r == number) {
            let player = id(key)?;
            seat(player, key)?;
            bye::ActiveModel { round_id: Set(round.id), player_id: Set(player), ..Default::default() }
                .insert(&txn)
                .await?;
            this.byes += 1;
        }
        found.push(this);
    }
    let games: usize = found.iter().map(|r| r.played + r.unplayed).sum();
    audit::entry(now, Some(creator.id), Some(created.id))
        .commit(
            txn,
            "event.imported",
            json!({ "from": "opengotha", "players": inserted.len(), "rounds": last, "games": games }),
        )
        .await?;
    Ok(Imported { event: created, players: inserted.len(), withdrawn, rounds: found })
}
