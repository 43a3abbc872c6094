//! Registration pages: the player list, adding and importing players, self-registration and
//! withdrawal.
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::{event, player, user};
use crate::domain::tournament::player::{PlayerInput, parse_egf_pin};
use crate::error::{AppError, AppResult};
use crate::services::players::{self, ImportOutcome, LineError};
use crate::services::queries;
use crate::services::queries::EventRoles;
use crate::services::rating_lists;
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::events::{RegisterForm, event_page};
use crate::web::handlers::{page, page_with_status, see_other};
use crate::web::multipart;
use crate::web::paths::EventPath;

#[derive(Deserialize, Default, Clone)]
pub struct PlayerForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    rank: String,
    #[serde(default)]
    rating: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    country: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    team: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    aga_id: String,
    #[serde(default)]
    egf_pin: String,
}

impl PlayerForm {
    fn input(&self) -> PlayerInput<'_> {
        PlayerInput {
            name: &self.name,
            rank: &self.rank,
            rating: &self.rating,
            club: &self.club,
            country: &self.country,
            email: &self.email,
            team: &self.team,
            board: &self.board,
            aga_id: &self.aga_id,
            egf_pin: &self.egf_pin,
        }
    }
}

#[derive(Template)]
#[template(path = "players/list.html")]
pub struct PlayersPage {
    ctx: PageCtx,
    event: event::Model,
    roles: EventRoles,
    players: Vec<player::Model>,
    form: PlayerForm,
    add_error: Option<String>,
    csv_text: String,
    import_errors: Vec<LineError>,
    /// Swiss and McMahon: pairs the engine keeps apart, (id, name, id, name).
    keeps_apart: bool,
    forbidden: Vec<(i32, String, i32, String)>,
    pair_error: Option<String>,
    /// Team events and relays: the players who head their team's rows (the list is by team,
    /// then board).
    team_heads: Vec<i32>,
    /// Entries waiting for a place, first come first.
    waiting: Vec<player::Model>,
    /// Directors, when the event asks a fee: paid and owed, for the treasurer.
    fees: Option<crate::domain::tournament::registration::FeeTotals>,
}

impl PlayersPage {
    fn heads_team(&self, id: &i32) -> bool {
        self.team_heads.contains(id)
    }

    /// An amount of the event's fee currency as the page writes it.
    fn money(&self, minor: &i64) -> String {
        format!("{} {}", crate::domain::tournament::registration::amount_text(*minor), self.event.fee_currency)
            .trim()
            .to_string()
    }

    fn asks_fee(&self) -> bool {
        self.roles.director && self.event.entry_fee_minor.is_some()
    }

    /// Where the fee's form sends the director back to.
    fn fee_from(&self) -> &'static str {
        "players"
    }
}

async fn players_page(state: &AppState, ctx: PageCtx, event_id: i32) -> AppResult<PlayersPage> {
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let (system, settings) = queries::system_of(&found)?;
    let mut registered = queries::players(&state.db, event_id).await?;
    let mut team_heads = Vec::new();
    if matches!(
        system,
        crate::domain::tournament::event::System::Team | crate::domain::tournament::event::System::Relay
    ) {
        // By team, then in the team's order (board numbers, then strength).
        registered.sort_by(|a, b| {
            (a.team.as_str(), a.board.unwrap_or(i32::MAX), -a.rank_value).cmp(&(
                b.team.as_str(),
                b.board.unwrap_or(i32::MAX),
                -b.rank_value,
            ))
        });
        let mut last: Option<&str> = None;
        for p in &registered {
            if last != Some(p.team.as_str()) {
                team_heads.push(p.id);
                last = Some(p.team.as_str());
            }
        }
    }
    let name = |id: i64| registered.iter().find(|p| i64::from(p.id) == id).map(|p| (p.id, p.name.clone()));
    let forbidden = settings
        .forbidden_pairs
        .iter()
        .filter_map(|&(a, b)| {
            let ((a, a_name), (b, b_name)) = (name(a)?, name(b)?);
            Some((a, a_name, b, b_name))
        })
        .collect();
    let fees = match found.entry_fee_minor {
        Some(fee) if roles.director => Some(crate::domain::tournament::registration::fee_totals(
            fee,
            registered.iter().map(|p| (p.fee_paid_at.is_some(), !p.withdrawn)),
        )),
        _ => None,
    };
    Ok(PlayersPage {
        waiting: queries::waiting_list(&state.db, event_id).await?,
        fees,
        players: registered,
        keeps_apart: system.pairs_by_score(),
        forbidden,
        pair_error: None,
        team_heads,
        ctx,
        event: found,
        roles,
        form: PlayerForm::default(),
        add_error: None,
        csv_text: String::new(),
        import_errors: Vec::new(),
    })
}

pub async fn list(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    page(&players_page(&state, ctx, path.event_id).await?)
}

pub async fn add(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<PlayerForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    match players::add(&state, &account, event_id, &form.input(), "form").await {
        Ok(added) => {
            let mut done = ctx.t_s("flash-player-added", "name", &added.player.name);
            if added.player.waiting_since.is_some() {
                done = format!("{done} {}", ctx.t("flash-added-waiting"));
            }
            match added.warning {
                // Kept, and said where the director looks next.
                Some(warning) => ctx.flash("warning", format!("{done} {}", ctx.say(&warning))),
                None => ctx.flash("success", done),
            }
            Ok(see_other(&format!("/events/{event_id}/players")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = players_page(&state, ctx, event_id).await?;
            shown.form = form;
            shown.add_error = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

/// The CSV arrives as an uploaded file or pasted text (multipart form). All lines or none.
pub async fn import(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    req: HttpRequest,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let text = match multipart::parts(&req, &body) {
        Some(parts) => match multipart::file(&parts, "file") {
            Some(data) => match String::from_utf8(data.to_vec()) {
                Ok(t) => t,
                Err(_) => return Err(AppError::refused("error-csv-not-utf8")),
            },
            None => multipart::text_field(&parts, "csv").unwrap_or_default(),
        },
        None => {
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
            pairs.into_iter().find(|(k, _)| k == "csv").map(|(_, v)| v).unwrap_or_default()
        }
    };
    let text = text.trim_start_matches('\u{feff}').to_string();
    match players::import_csv(&state, &account, event_id, &text).await? {
        ImportOutcome::Imported { count, waiting, warnings } => {
            let mut done = ctx.t_n("flash-imported", "count", count);
            if waiting > 0 {
                done = format!("{done} {}", ctx.t_n("flash-imported-waiting", "count", waiting));
            }
            if warnings.is_empty() {
                ctx.flash("success", done);
            } else {
                let lines: Vec<String> = warnings
                    .iter()
                    .map(|w| format!("{}: {}", ctx.t_n("line-n", "n", w.line), ctx.say(&w.message)))
                    .collect();
                ctx.flash("warning", format!("{done} {}", lines.join(" ")));
            }
            Ok(see_other(&format!("/events/{event_id}/players")))
        }
        ImportOutcome::Rejected(errors) => {
            let mut shown = players_page(&state, ctx, event_id).await?;
            shown.csv_text = text;
            shown.import_errors = errors;
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
    }
}

#[derive(Template)]
#[template(path = "players/edit.html")]
pub struct EditPlayerPage {
    ctx: PageCtx,
    event: event::Model,
    player: player::Model,
    form: PlayerForm,
    error: Option<String>,
}

/// The event and one of its players; not found when the player is another event's.
async fn event_and_player(state: &AppState, event_id: i32, player_id: i32) -> AppResult<(event::Model, player::Model)> {
    let found_event = queries::event(&state.db, event_id).await?;
    // Waiting entries too: the director corrects them like any other.
    let player = queries::entries(&state.db, event_id)
        .await?
        .into_iter()
        .find(|p| p.id == player_id)
        .ok_or(AppError::NotFound)?;
    Ok((found_event, player))
}

async fn edit_page(
    state: &AppState,
    ctx: PageCtx,
    event_id: i32,
    player_id: i32,
    form: Option<PlayerForm>,
) -> AppResult<EditPlayerPage> {
    let (found_event, player) = event_and_player(state, event_id, player_id).await?;
    // The form starts from the entry as stored.
    let form = form.unwrap_or_else(|| PlayerForm {
        name: player.name.clone(),
        rank: ctx.rank(&player.rank),
        rating: player.rating.map(|r| r.to_string()).unwrap_or_default(),
        club: player.club.clone(),
        country: player.country.clone(),
        email: player.email.clone().unwrap_or_default(),
        team: player.team.clone(),
        board: player.board.map(|b| b.to_string()).unwrap_or_default(),
        aga_id: player.aga_id.clone().unwrap_or_default(),
        egf_pin: player.egf_pin.clone().unwrap_or_default(),
    });
    Ok(EditPlayerPage { ctx, event: found_event, player, form, error: None })
}

/// The director's form that corrects a registered player's details.
pub async fn edit_form(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    director_of(&state, &ctx, event_id).await?;
    page(&edit_page(&state, ctx, event_id, player_id, None).await?)
}

pub async fn edit(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: LateForm<PlayerForm>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    match players::edit(&state, &account, event_id, player_id, &form.input()).await {
        Ok(edited) => {
            let key = if edited.changed { "flash-player-edited" } else { "flash-player-unchanged" };
            let done = ctx.t_s(key, "name", &edited.player.name);
            match edited.warning {
                Some(warning) => ctx.flash("warning", format!("{done} {}", ctx.say(&warning))),
                None => ctx.flash("success", done),
            }
            Ok(see_other(&format!("/events/{event_id}/players/{player_id}")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = edit_page(&state, ctx, event_id, player_id, Some(form)).await?;
            shown.error = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

pub async fn withdraw(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let promoted = players::set_withdrawn(&state, &account, event_id, player_id, true).await?;
    flash_promoted(&ctx, &promoted);
    Ok(see_other(&format!("/events/{event_id}/players")))
}

/// Tells the director who left the waiting list for a freed place.
fn flash_promoted(ctx: &PageCtx, promoted: &[crate::db::entities::player::Model]) {
    if !promoted.is_empty() {
        let names: Vec<&str> = promoted.iter().map(|p| p.name.as_str()).collect();
        ctx.flash("info", ctx.t_s("flash-promoted-names", "names", &names.join(", ")));
    }
}

/// POST /events/{event_id}/players/{player_id}/place: a director gives a waiting player a place.
pub async fn give_place(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    players::give_place(&state, &account, event_id, player_id).await?;
    Ok(see_other(&format!("/events/{event_id}/players#waiting-list")))
}

#[derive(Debug, Deserialize)]
pub struct FeeForm {
    #[serde(default)]
    paid: String,
    /// Where the form was: the check-in desk (`desk`) or the players page.
    #[serde(default)]
    from: String,
}

/// POST /events/{event_id}/players/{player_id}/fee: the desk marks a fee paid, or owed again.
pub async fn set_fee(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: LateForm<FeeForm>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    let (account, _) = crate::web::extractors::staff_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let paid = match form.paid.as_str() {
        "true" => true,
        "false" => false,
        _ => return Err(AppError::refused("error-fee-form")),
    };
    let marked = players::set_fee_paid(&state, &account, event_id, player_id, paid).await?;
    let key = if paid { "flash-fee-paid" } else { "flash-fee-owed" };
    ctx.flash("success", ctx.t_s(key, "name", &marked.name));
    Ok(see_other(&if form.from == "desk" {
        format!("/events/{event_id}/check-in#p{player_id}")
    } else {
        format!("/events/{event_id}/players#fees")
    }))
}

pub async fn reinstate(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
) -> AppResult<HttpResponse> {
    let (event_id, player_id) = path.into_inner();
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    players::set_withdrawn(&state, &account, event_id, player_id, false).await?;
    Ok(see_other(&format!("/events/{event_id}/players")))
}

pub async fn register_self(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: web::Form<RegisterForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let account = ctx.require_user()?.clone();
    let typed = form.into_inner();
    let name = if typed.name.trim().is_empty() { account.display_name.clone() } else { typed.name.clone() };
    // A player's GoR is the EGF list's, never what the form sent: the PIN chosen in the
    // form's search names the entry, and a PIN the list does not hold is dropped.
    let listed = match parse_egf_pin(&typed.egf_pin) {
        Ok(Some(pin)) => rating_lists::egf_entry(&state.db, &pin).await?,
        _ => None,
    };
    let rating = listed.as_ref().and_then(|e| e.rating).map(|r| r.to_string()).unwrap_or_default();
    let egf_pin = listed.as_ref().map(|e| e.key.clone()).unwrap_or_default();
    let input = PlayerInput {
        name: &name,
        rank: &typed.rank,
        rating: &rating,
        club: &typed.club,
        country: &typed.country,
        // The account's address is confirmed; it is how the director's entry is recognised.
        email: &account.email,
        // A team's board order is the director's to set.
        team: "",
        board: "",
        aga_id: &typed.aga_id,
        egf_pin: &egf_pin,
    };
    match players::register_self(&state, &account, event_id, &input).await {
        Ok(entry) if entry.waiting_since.is_some() => {
            ctx.flash("info", ctx.t("flash-registered-waiting"));
            Ok(see_other(&format!("/events/{event_id}")))
        }
        Ok(_) => {
            ctx.flash("success", ctx.t("flash-registered"));
            Ok(see_other(&format!("/events/{event_id}")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = event_page(&state, ctx, event_id).await?;
            shown.register = typed;
            shown.register_error = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

/// A player withdraws from the event (1988 Art. 29); only their own entry.
pub async fn withdraw_self(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let account = ctx.require_user()?.clone();
    let entry = players::own_entry(&state.db, event_id, &account)
        .await?
        .ok_or_else(|| AppError::refused("error-not-registered"))?;
    players::set_withdrawn(&state, &account, event_id, entry.id, true).await?;
    ctx.flash("info", ctx.t(if entry.waiting_since.is_some() { "flash-left-waiting-list" } else { "flash-withdrawn" }));
    Ok(see_other(&format!("/events/{event_id}")))
}

#[derive(Debug, Deserialize)]
pub struct PairForm {
    #[serde(default)]
    a: String,
    #[serde(default)]
    b: String,
}

async fn set_forbidden_pair(
    state: &AppState,
    ctx: PageCtx,
    account: &user::Model,
    event_id: i32,
    form: &PairForm,
    forbid: bool,
) -> AppResult<HttpResponse> {
    let outcome = match (form.a.trim().parse::<i32>(), form.b.trim().parse::<i32>()) {
        (Ok(a), Ok(b)) => players::set_forbidden_pair(state, account, event_id, (a, b), forbid).await,
        _ => Err(AppError::refused("error-forbidden-pair-choose")),
    };
    match outcome {
        Ok(()) => Ok(see_other(&format!("/events/{event_id}/players#forbidden-pairs"))),
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut shown = players_page(state, ctx, event_id).await?;
            shown.pair_error = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

/// Keeps two players apart in every round the engine pairs.
pub async fn forbid_pair(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<PairForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    set_forbidden_pair(&state, ctx, &account, event_id, &form, true).await
}

pub async fn allow_pair(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<PairForm>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (account, _) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    set_forbidden_pair(&state, ctx, &account, event_id, &form, false).await
}

#[derive(Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    q: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "players/search.html")]
pub struct SearchPage {
    ctx: PageCtx,
    event: event::Model,
    query: String,
    found: Vec<player::Model>,
}

/// A player found by name (characters, pinyin, initials or Latin, see `domain::search`): one
/// goes straight to the player's page, several are listed.
pub async fn search(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    query: web::Query<SearchQuery>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let found_event = queries::event(&state.db, event_id).await?;
    let query = query.into_inner().q.trim().chars().take(100).collect::<String>();
    let found = players::search(&state.db, event_id, &query).await?;
    if let [only] = found.as_slice() {
        return Ok(see_other(&format!("/events/{event_id}/players/{}", only.id)));
    }
    page(&SearchPage { ctx, event: found_event, query, found })
}

#[derive(Template, WebTemplate)]
#[template(path = "players/show.html")]
pub struct PlayerPage {
    ctx: PageCtx,
    event: event::Model,
    player: player::Model,
    games: Vec<players::PlayerGame>,
    byes: Vec<i32>,
    /// Place and points, as the standings page writes them, when the event has any.
    place: Option<(u32, String)>,
    /// Once a go event is over: the player's GoR before and after it (docs/RATINGS.md).
    gor: Option<crate::services::ratings::RatingChange>,
    /// The event's directors see the link to correct the entry.
    director: bool,
}

impl PlayerPage {
    fn result_text(&self, game: &players::PlayerGame) -> String {
        game.result.as_ref().map(|r| self.ctx.locale.result_text_for(r, &self.event.ruleset)).unwrap_or_default()
    }

    /// The player's GoR before and after the event, the change with its sign, the games rated.
    fn gor_line(&self, change: &crate::services::ratings::RatingChange) -> String {
        let games = self.ctx.t_n("gor-games-n", "n", change.games);
        let (before, after) = (format!("{:.1}", change.before), format!("{:.1}", change.after));
        let delta = format!("{:+.1}", change.after - change.before);
        self.ctx.locale.t_args(
            "player-gor",
            &[
                ("before", crate::i18n::Arg::Str(&before)),
                ("after", crate::i18n::Arg::Str(&after)),
                ("change", crate::i18n::Arg::Str(&delta)),
                ("games", crate::i18n::Arg::Str(&games)),
            ],
        )
    }

    /// The game of the latest published round.
    fn current(&self) -> Option<&players::PlayerGame> {
        self.games.iter().find(|g| g.current)
    }
}

/// A player's page: this round's board, colour and opponent, the games so far, the place.
pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<(i32, i32)>) -> AppResult<PlayerPage> {
    let (event_id, player_id) = path.into_inner();
    let (found_event, player) = event_and_player(&state, event_id, player_id).await?;
    let (games, byes) = players::games_of(&state.db, &found_event, player_id).await?;
    let standings = crate::services::standings::compute(&state.db, &found_event).await?;
    // Points as the standings page writes them (halved under the European tradition).
    let place = standings.rows.iter().find(|r| r.player.id == player_id).map(|r| {
        let points = crate::domain::tournament::standings::value_text(
            Some(i64::from(r.points)),
            crate::domain::tournament::standings::TieBreak::Points,
            standings.tradition,
        );
        (r.place, points)
    });
    let rated = !crate::domain::tournament::event::is_folk_game(&found_event.ruleset)
        && crate::services::rounds::is_over(&state.db, &found_event).await?;
    let gor = if rated {
        crate::services::ratings::gor_changes(&state.db, &found_event)
            .await?
            .into_iter()
            .find(|c| c.player_id == player_id)
    } else {
        None
    };
    let director = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?.director;
    Ok(PlayerPage { ctx, event: found_event, player, games, byes, place, gor, director })
}
