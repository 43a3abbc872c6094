//! The venue's screen (issue 53): `/events/{id}/screen` on a TV shows the current round's
//! pairings, then its results as they arrive, then the standings, in large type, a page at a
//! time, and moves on to the next round's pairings when the director publishes them. Nobody
//! touches it: each page asks for the next after `pace` seconds (a plain `<meta refresh>`, no
//! script), and every page is drawn from where the event stands at that moment.
use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::error::AppResult;
use crate::i18n::Arg;
use crate::services::queries;
use crate::services::rounds;
use crate::services::standings;
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::paths::EventPath;
use crate::web::view;

/// Rows on one page of the screen: at the screen's type size (see app.css, `.screen`) twelve
/// rows and the heading fill a 1920×1080 screen without scrolling.
pub const ROWS_PER_PAGE: usize = 12;
/// Seconds a page stays up, unless `?pace=` says otherwise (within [`PACE_RANGE`]).
pub const DEFAULT_PACE: u32 = 12;
pub const PACE_RANGE: (u32, u32) = (2, 300);

/// What the screen shows of the event now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScreenView {
    /// No round published yet.
    Waiting,
    /// The round's pairings, no result in yet.
    Pairings,
    /// Some of the round's results are in.
    Results,
    /// Every game of the round has its result: the standings after it.
    Standings,
}

impl ScreenView {
    /// From the latest published round's games: how many there are and how many have results.
    pub fn of(round_published: bool, games: usize, results: usize) -> ScreenView {
        match (round_published, results) {
            (false, _) => ScreenView::Waiting,
            (true, 0) if games > 0 => ScreenView::Pairings,
            (true, r) if r < games => ScreenView::Results,
            (true, _) => ScreenView::Standings,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            ScreenView::Waiting => "waiting",
            ScreenView::Pairings => "pairings",
            ScreenView::Results => "results",
            ScreenView::Standings => "standings",
        }
    }
}

#[derive(Deserialize, Default)]
pub struct ScreenQuery {
    /// The page to show (0-based); past the last, the first again.
    #[serde(default)]
    page: Option<String>,
    #[serde(default)]
    pace: Option<String>,
}

/// A pairing as the screen shows it.
pub struct ScreenPairing {
    pub board: i32,
    pub black: String,
    pub white: String,
    pub result: String,
}

/// A standings row as the screen shows it.
pub struct ScreenStanding {
    pub place: u32,
    pub name: String,
    pub points: String,
    /// The first tie-break's value.
    pub tie_break: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "events/screen.html")]
pub struct ScreenPage {
    ctx: PageCtx,
    event: event::Model,
    view: ScreenView,
    /// The round shown (its pairings or results, or the standings after it); 0 while waiting.
    round: i32,
    pairings: Vec<ScreenPairing>,
    /// Byes of the round, by name.
    byes: Vec<String>,
    standings: Vec<ScreenStanding>,
    /// The first tie-break's name, as the standings' column heads it.
    tie_break_name: String,
    /// Results in, of the round's games.
    results_in: usize,
    games: usize,
    page: usize,
    pages: usize,
    pace: u32,
}

impl ScreenPage {
    /// "3 of 4 results in".
    fn results_line(&self) -> String {
        self.ctx.locale.t_args(
            "screen-results-in",
            &[("in", Arg::Num(self.results_in as i64)), ("games", Arg::Num(self.games as i64))],
        )
    }

    /// The next page's address: the next page of this view, or the first again (drawn anew
    /// from the event, so a new result, the standings or the next round appear).
    fn next(&self) -> String {
        format!("/events/{}/screen?page={}&pace={}", self.event.id, (self.page + 1) % self.pages.max(1), self.pace)
    }
}

/// `?page=` and `?pace=` as numbers; anything else is the first page at the usual pace (a TV
/// left on a mistyped address still runs).
fn parse_query(query: &ScreenQuery) -> (usize, u32) {
    let page = query.page.as_deref().and_then(|p| p.trim().parse().ok()).unwrap_or(0);
    let pace = query
        .pace
        .as_deref()
        .and_then(|p| p.trim().parse::<u32>().ok())
        .map_or(DEFAULT_PACE, |p| p.clamp(PACE_RANGE.0, PACE_RANGE.1));
    (page, pace)
}

pub async fn show(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    query: web::Query<ScreenQuery>,
) -> AppResult<ScreenPage> {
    let (page, pace) = parse_query(&query);
    let found = queries::event(&state.db, path.event_id).await?;
    let latest = queries::rounds(&state.db, found.id).await?.into_iter().rfind(|r| r.published);
    let round_view = match &latest {
        Some(r) => Some(rounds::view(&state.db, &found, r.number).await?),
        None => None,
    };
    let games = round_view.as_ref().map_or(0, |v| v.boards.len());
    let results_in = round_view.as_ref().map_or(0, |v| v.boards.iter().filter(|b| b.result.is_some()).count());
    let screen = ScreenView::of(latest.is_some(), games, results_in);
    let named = |p: &crate::db::entities::player::Model| format!("{} {}", p.name, ctx.rank(&p.rank));
    let mut pairings = Vec::new();
    let mut byes = Vec::new();
    let mut rows = Vec::new();
    let mut tie_break_name = String::new();
    match (screen, &round_view) {
        (ScreenView::Pairings | ScreenView::Results, Some(v)) => {
            pairings = v
                .boards
                .iter()
                .map(|b| ScreenPairing {
                    board: b.board,
                    black: named(&b.black),
                    white: named(&b.white),
                    result: b.result.as_ref().map(|r| view::result(ctx.locale, r, &found.ruleset)).unwrap_or_default(),
                })
                .collect();
            byes = v.byes.iter().map(|p| p.name.clone()).collect();
        }
        (ScreenView::Standings, _) => {
            let table = standings::compute(&state.db, &found).await?;
            if let Some(first) = table.columns.first() {
                tie_break_name = view::tie_break_name(ctx.locale, *first);
            }
            rows = table
                .rows
                .iter()
                .map(|r| ScreenStanding {
                    place: r.place,
                    name: named(&r.player),
                    points: view::points(i64::from(r.points)),
                    tie_break: view::tie_break_values(r, &table.columns, table.tradition)
                        .into_iter()
                        .next()
                        .unwrap_or_default(),
                })
                .collect();
        }
        _ => {}
    }
    let count = pairings.len().max(rows.len());
    let pages = count.div_ceil(ROWS_PER_PAGE).max(1);
    let page = page % pages;
    let shown = |len: usize| (page * ROWS_PER_PAGE).min(len)..((page + 1) * ROWS_PER_PAGE).min(len);
    let pairings = pairings.drain(shown(pairings.len())).collect();
    let standings = rows.drain(shown(rows.len())).collect();
    Ok(ScreenPage {
        ctx,
        round: latest.map_or(0, |r| r.number),
        event: found,
        view: screen,
        pairings,
        byes,
        standings,
        tie_break_name,
        results_in,
        games,
        page,
        pages,
        pace,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_screen_follows_the_round_from_pairings_to_standings() {
        assert_eq!(ScreenView::of(false, 0, 0), ScreenView::Waiting);
        assert_eq!(ScreenView::of(true, 4, 0), ScreenView::Pairings);
        assert_eq!(ScreenView::of(true, 4, 1), ScreenView::Results);
        assert_eq!(ScreenView::of(true, 4, 3), ScreenView::Results);
        assert_eq!(ScreenView::of(true, 4, 4), ScreenView::Standings);
        // A round of byes only has nothing to wait for.
        assert_eq!(ScreenView::of(true, 0, 0), ScreenView::Standings);
    }

    #[test]
    fn a_mistyped_address_still_runs_at_the_usual_pace() {
        let query = |page: &str, pace: &str| ScreenQuery { page: Some(page.into()), pace: Some(pace.into()) };
        assert_eq!(parse_query(&query("2", "30")), (2, 30));
        assert_eq!(parse_query(&query("x", "fast")), (0, DEFAULT_PACE));
        assert_eq!(parse_query(&query("1", "0")), (1, PACE_RANGE.0));
        assert_eq!(parse_query(&query("1", "99999")), (1, PACE_RANGE.1));
        assert_eq!(parse_query(&ScreenQuery::default()), (0, DEFAULT_PACE));
    }
}
