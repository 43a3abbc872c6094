//! An event's downloads for other programs and the rating bodies: OpenGotha's XML, Yunzi's
//! pairing file, the EGF's results (and the EGD page), a results CSV, and the AGA's results
//! with the players' AGA ids.
use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::db::entities::{event, player};
use crate::domain::message::Message;
use crate::error::{AppError, AppResult};
use crate::services::players;
use crate::services::queries::{self};
use crate::services::rounds::{self};
use crate::services::standings::{self};
use crate::services::workflows::interop;
use crate::state::AppState;
use crate::web::extractors::{LateForm, PageCtx, director_of};
use crate::web::handlers::{page, page_with_status, see_other};
use crate::web::paths::EventPath;
use crate::web::view;

/// A file download: the event's short name and the extension.
fn download(event: &event::Model, extension: &str, content_type: &str, body: String) -> HttpResponse {
    let stem: String = event
        .name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .trim_matches('-')
        .into();
    let stem = if stem.is_ascii() && !stem.is_empty() { stem } else { format!("event-{}", event.id) };
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{stem}.{extension}\"")))
        .body(body)
}

/// The published rounds as an OpenGotha tournament file.
pub async fn export_opengotha(state: web::Data<AppState>, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let xml = interop::opengotha_file(&state.db, &found).await?;
    Ok(download(&found, "xml", "application/xml; charset=utf-8", xml))
}

/// The standings as an EGF results table.
pub async fn export_pairing_file(state: web::Data<AppState>, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let file = interop::pairing_file(&state.db, &found).await?;
    Ok(download(&found, "yunzi.json", "application/json", file))
}

/// What the EGD export page's form sends (all optional: a choice left out takes its default).
#[derive(Debug, Deserialize, Default)]
pub struct EgdQuery {
    #[serde(default)]
    class: Option<String>,
    #[serde(default)]
    tm: Option<String>,
    #[serde(default)]
    country: Option<String>,
    #[serde(default)]
    town: Option<String>,
}

impl EgdQuery {
    /// The choices, or the first one that cannot be taken, named.
    fn choices(&self) -> AppResult<interop::EgdChoices> {
        use crate::domain::tournament::interop::egf::{Class, egd_country};
        let class = match self.class.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => Some(
                Class::parse(text)
                    .ok_or_else(|| AppError::BadRequest(Message::new("error-egd-class").text("text", text)))?,
            ),
        };
        let adjusted_minutes = match self.tm.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|m| *m <= 24 * 60)
                    .ok_or_else(|| AppError::BadRequest(Message::new("error-egd-time").text("text", text)))?,
            ),
        };
        let country = match self.country.as_deref().map(str::trim) {
            None => None,
            Some("") => Some(String::new()),
            Some(text) if egd_country(text) != "XX" || text.eq_ignore_ascii_case("xx") => Some(egd_country(text)),
            Some(text) => return Err(AppError::BadRequest(Message::new("error-egd-country").text("text", text))),
        };
        let town = self.town.as_deref().map(|t| t.trim().chars().take(60).collect());
        Ok(interop::EgdChoices { class, adjusted_minutes, country, town })
    }
}

/// GET /events/{event_id}/export/egf.txt: the EGD's results file, with the export page's
/// choices (class, adjusted time, country, town) when it sends them.
pub async fn export_egf(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    query: web::Query<EgdQuery>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    go_games_only(&found, &ctx)?;
    let choices = query.choices()?;
    let table = interop::egf_table(&state.db, &found, &choices).await?;
    let file = format!("{}.h{}", found.start_date, table_reduction(&table));
    Ok(download(&found, &file, "text/plain; charset=utf-8", table))
}

/// The `hN` of a table's HA header, for the file's name as the EGD's tools name it.
fn table_reduction(table: &str) -> String {
    table
        .lines()
        .find_map(|l| l.strip_prefix("; HA[h").and_then(|rest| rest.strip_suffix(']')))
        .unwrap_or("9")
        .to_string()
}

/// The EGD export page: the director chooses the class, the adjusted time, the country and
/// the town the file declares, each filled with what the event says.
#[derive(Template)]
#[template(path = "events/egd.html")]
pub struct EgdPage {
    ctx: PageCtx,
    event: event::Model,
    class: String,
    adjusted_minutes: u32,
    country: String,
    town: String,
    /// Why the file cannot be written (a knockout), if so.
    problem: Option<String>,
}

impl EgdPage {
    fn classes(&self) -> [&'static str; 5] {
        ["A", "B", "C", "D", "X"]
    }
}

pub async fn egd(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (_, found) = director_of(&state, &ctx, event_id).await?;
    go_games_only(&found, &ctx)?;
    let (class, adjusted_minutes, country, town) = interop::egd_defaults(&found);
    let problem = match interop::egf_table(&state.db, &found, &interop::EgdChoices::default()).await {
        Ok(_) => None,
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            Some(message)
        }
        Err(other) => return Err(other),
    };
    page(&EgdPage { ctx, event: found, class: class.code().to_string(), adjusted_minutes, country, town, problem })
}

/// The results as a spreadsheet reads them (CSV, UTF-8 with a byte order mark so spreadsheet
/// programs take the Chinese names): place, name, rank, club, country, EGD PIN, the event's
/// criteria, and once a go event is over each player's GoR before and after it.
pub async fn export_results(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let found = queries::event(&state.db, path.event_id).await?;
    let table = standings::compute(&state.db, &found).await?;
    let rated =
        !crate::domain::tournament::event::is_folk_game(&found.ruleset) && rounds::is_over(&state.db, &found).await?;
    let gor = if rated { crate::services::ratings::gor_changes(&state.db, &found).await? } else { Vec::new() };
    let mut header =
        vec![ctx.t("place"), ctx.t("player-name"), ctx.t("rank"), ctx.t("club"), ctx.t("country"), ctx.t("egf-pin")];
    header.extend(table.columns.iter().map(|c| view::tie_break_name(ctx.locale, *c)));
    header.extend([ctx.t("gor-before"), ctx.t("gor-after"), ctx.t("gor-change")]);
    let mut lines = vec![header];
    for row in &table.rows {
        let p = &row.player;
        // What players typed cannot run in a spreadsheet (OWASP's CSV injection).
        let inert = crate::domain::tournament::interop::inert_cell;
        let mut line = vec![
            row.place.to_string(),
            inert(&p.name),
            ctx.rank(&p.rank),
            inert(&p.club),
            inert(&p.country),
            inert(p.egf_pin.as_deref().unwrap_or_default()),
        ];
        line.extend(view::tie_break_values(row, &table.columns, table.tradition));
        match gor.iter().find(|c| c.player_id == p.id) {
            Some(c) => line.extend([
                format!("{:.1}", c.before),
                format!("{:.1}", c.after),
                format!("{:+.1}", c.after - c.before),
            ]),
            None => line.extend([String::new(), String::new(), String::new()]),
        }
        lines.push(line);
    }
    let csv: String = std::iter::once("\u{feff}".to_string())
        .chain(lines.iter().map(|fields| fields.iter().map(|f| csv_field(f)).collect::<Vec<_>>().join(",") + "\r\n"))
        .collect();
    Ok(download(&found, "csv", "text/csv; charset=utf-8", csv))
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

/// The rating bodies' files (EGF, AGA) are of go games: an event of a folk game has none, and
/// says why rather than write its games as go.
fn go_games_only(found: &event::Model, ctx: &PageCtx) -> AppResult<()> {
    if crate::domain::tournament::event::is_folk_game(&found.ruleset) {
        let game = crate::web::view::ruleset_name(ctx.locale, &found.ruleset);
        return Err(AppError::BadRequest(Message::new("error-export-go-only").text("game", &game)));
    }
    Ok(())
}

/// The AGA results page: each player's AGA membership number, and the file once every player
/// of a rated game has one.
#[derive(Template)]
#[template(path = "events/aga.html")]
pub struct AgaPage {
    ctx: PageCtx,
    event: event::Model,
    players: Vec<player::Model>,
    /// The numbers as typed, when a save was refused (player id → text).
    typed: HashMap<i32, String>,
    /// Why the file cannot be written yet (who has no number), or why a save was refused.
    problem: Option<String>,
}

impl AgaPage {
    fn value_of(&self, player: &player::Model) -> String {
        self.typed.get(&player.id).cloned().or_else(|| player.aga_id.clone()).unwrap_or_default()
    }
}

async fn aga_page(state: &AppState, ctx: PageCtx, found: event::Model) -> AppResult<AgaPage> {
    let players = queries::players(&state.db, found.id).await?;
    let problem = match interop::aga_results(&state.db, &found).await {
        Ok(_) => None,
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            Some(message)
        }
        Err(other) => return Err(other),
    };
    Ok(AgaPage { ctx, event: found, players, typed: HashMap::new(), problem })
}

pub async fn aga(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (_, found) = director_of(&state, &ctx, event_id).await?;
    go_games_only(&found, &ctx)?;
    page(&aga_page(&state, ctx, found).await?)
}

/// Saves the numbers typed on the AGA page (fields `aga-<player id>`). A refused form comes
/// back with what was typed and the reason.
pub async fn set_aga_ids(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    form: LateForm<HashMap<String, String>>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let (actor, found) = director_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let typed: HashMap<i32, String> =
        form.into_iter().filter_map(|(key, value)| Some((key.strip_prefix("aga-")?.parse().ok()?, value))).collect();
    let mut ordered: Vec<(i32, String)> = typed.iter().map(|(id, text)| (*id, text.clone())).collect();
    ordered.sort();
    match players::set_aga_ids(&state, &actor, event_id, &ordered).await {
        Ok(changed) => {
            ctx.flash("success", ctx.t_n("flash-aga-ids-saved", "n", changed as i64));
            Ok(see_other(&format!("/events/{event_id}/export/aga")))
        }
        Err(AppError::BadRequest(message)) => {
            let message = ctx.say(&message);
            let mut refused = aga_page(&state, ctx, found).await?;
            refused.typed = typed;
            refused.problem = Some(message);
            page_with_status(StatusCode::BAD_REQUEST, &refused)
        }
        Err(other) => Err(other),
    }
}

pub async fn export_aga(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let (_, found) = director_of(&state, &ctx, path.event_id).await?;
    go_games_only(&found, &ctx)?;
    let file = interop::aga_results(&state.db, &found).await?;
    Ok(download(&found, "aga.txt", "text/plain; charset=utf-8", file))
}
