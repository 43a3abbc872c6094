//! The site admin's pages: every account, and ending all sessions of one (a lost phone, a
//! shared computer at the venue, a suspected break-in); the rating lists registration searches.
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::error::{AppError, AppResult};
use crate::services::accounts::{self, AccountSummary};
use crate::services::rating_lists;
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::{page_with_status, see_other};
use crate::web::multipart;

#[derive(Template, WebTemplate)]
#[template(path = "admin/users.html")]
pub struct UsersPage {
    ctx: PageCtx,
    accounts: Vec<AccountSummary>,
}

pub async fn users(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<UsersPage> {
    ctx.require_admin()?;
    let lifetimes = crate::services::accounts::sessions::Lifetimes::from_settings(&state.settings.security);
    let accounts = accounts::summaries(&state.db, lifetimes, state.clock.now()).await?;
    Ok(UsersPage { ctx, accounts })
}

pub async fn end_sessions(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<i32>) -> AppResult<HttpResponse> {
    let admin = ctx.require_admin()?;
    let ended = accounts::end_sessions_by_admin(&state, admin, path.into_inner()).await?;
    ctx.flash("success", ctx.t_n("flash-sessions-ended", "count", ended));
    Ok(see_other("/admin/users"))
}

/// The rating lists registration searches: each list's size and date, and the import form.
#[derive(Template, WebTemplate)]
#[template(path = "admin/ratings.html")]
pub struct RatingsPage {
    ctx: PageCtx,
    lists: Vec<crate::db::entities::rating_list::Model>,
    /// After an import: what it did.
    report: Option<rating_lists::ImportReport>,
    /// A refused import: why, and the label typed.
    problem: Option<String>,
    label: String,
}

impl RatingsPage {
    fn kind_name(&self, code: &str) -> String {
        self.ctx.t(match code {
            "egf" => "rating-kind-egf",
            "aga" => "rating-kind-aga",
            "club" => "rating-kind-club",
            _ => "rating-kind-csv",
        })
    }

    /// What changed in one entry, field by field in the reader's language: "rating 2100 → 2120".
    fn change_text(&self, change: &crate::domain::tournament::rating_list::EntryChange) -> String {
        let (old, new) = (&change.old, &change.new);
        let rank =
            |r: &Option<crate::domain::rank::Rank>| r.map_or_else(|| "–".into(), |r| self.ctx.rank(&r.to_string()));
        let rating = |r: &Option<i32>| r.map_or_else(|| "–".into(), |r| r.to_string());
        [
            ("list-change-name", old.name.clone(), new.name.clone()),
            ("list-change-rank", rank(&old.rank), rank(&new.rank)),
            ("list-change-rating", rating(&old.rating), rating(&new.rating)),
            ("list-change-club", old.club.clone(), new.club.clone()),
            ("list-change-country", old.country.clone(), new.country.clone()),
        ]
        .into_iter()
        .filter(|(_, before, after)| before != after)
        .map(|(what, before, after)| format!("{} {before} → {after}", self.ctx.t(what)))
        .collect::<Vec<_>>()
        .join(self.ctx.t("list-separator").as_str())
    }

    /// The first changes of a long report (the audit row and the counts tell the rest).
    fn first<'a, T>(&self, items: &'a [T]) -> &'a [T] {
        &items[..items.len().min(REPORT_LINES)]
    }
}

/// Lines of each kind a report lists.
const REPORT_LINES: usize = 50;

async fn ratings_page(state: &AppState, ctx: PageCtx) -> AppResult<RatingsPage> {
    Ok(RatingsPage {
        ctx,
        lists: rating_lists::lists(&state.db).await?,
        report: None,
        problem: None,
        label: String::new(),
    })
}

pub async fn ratings(state: web::Data<AppState>, ctx: PageCtx) -> AppResult<RatingsPage> {
    ctx.require_admin()?;
    ratings_page(&state, ctx).await
}

/// The import form: `kind` (egf, aga, csv), `label` and the file, as multipart.
pub async fn import_ratings(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let admin = ctx.require_admin()?.clone();
    let parts = multipart::parts(&req, &body).unwrap_or_default();
    let label = multipart::text_field(&parts, "label").unwrap_or_default();
    let kind = multipart::text_field(&parts, "kind").as_deref().and_then(rating_lists::parse_kind);
    let outcome = match (kind, multipart::file(&parts, "file")) {
        (Some(kind), Some(file)) if !file.is_empty() => rating_lists::import(&state, &admin, kind, &label, file).await,
        _ => Err(AppError::refused("error-rating-list-form")),
    };
    let problem = match &outcome {
        Err(AppError::BadRequest(message)) => Some(ctx.say(message)),
        _ => None,
    };
    let mut shown = ratings_page(&state, ctx).await?;
    match outcome {
        Ok(report) => {
            shown.report = Some(report);
            page_with_status(StatusCode::OK, &shown)
        }
        Err(AppError::BadRequest(_)) => {
            shown.problem = problem;
            shown.label = label;
            page_with_status(StatusCode::BAD_REQUEST, &shown)
        }
        Err(other) => Err(other),
    }
}

/// What registration finds as it types: a list of entries (`?part=1`: just the list, for the
/// form's script; otherwise a whole page, which works without the script).
#[derive(Template, WebTemplate)]
#[template(path = "admin/rating_search.html")]
pub struct RatingSearchPage {
    ctx: PageCtx,
    query: String,
    found: Vec<rating_lists::Found>,
    /// Names are buttons that fill a form in only inside the registration form.
    pick: bool,
}

/// The same list alone, for the registration form's script.
#[derive(Template)]
#[template(path = "partials/rating_results.html")]
pub struct RatingResults {
    ctx: PageCtx,
    query: String,
    found: Vec<rating_lists::Found>,
    pick: bool,
}

#[derive(Debug, serde::Deserialize)]
pub struct RatingQuery {
    #[serde(default)]
    q: String,
    #[serde(default)]
    part: Option<String>,
}

/// Entries a search shows.
const SEARCH_LIMIT: u64 = 20;

pub async fn search_ratings(
    state: web::Data<AppState>,
    ctx: PageCtx,
    query: web::Query<RatingQuery>,
) -> AppResult<HttpResponse> {
    ctx.require_user()?;
    let text: String = query.q.chars().take(100).collect();
    let found = rating_lists::search(&state.db, &text, SEARCH_LIMIT).await?;
    if query.part.is_some() {
        page_with_status(StatusCode::OK, &RatingResults { ctx, query: text, found, pick: true })
    } else {
        page_with_status(StatusCode::OK, &RatingSearchPage { ctx, query: text, found, pick: false })
    }
}
