//! An event's standings page (a big field in pages, the followed player's row first).

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::result::GameResult;
use crate::domain::tournament::event::System;
use crate::domain::tournament::pairing::knockout::StageName;
use crate::domain::tournament::pairing::team::{TeamStandingRow, TeamTieBreak};
use crate::domain::tournament::standings::{TieBreak, Tradition};
use crate::error::AppResult;
use crate::services::queries::{self};
use crate::services::relay::{self, RelayView};
use crate::services::standings::{self, MatchGame, StandingView, Standings};
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::paths::EventPath;
use crate::web::view;

/// `?me=<player id>` on the round and standings pages: the player who came from search (their
/// own page links here), whose row is shown first on a long list. Anything else is ignored.
#[derive(Deserialize, Default)]
pub struct Following {
    #[serde(default)]
    me: Option<String>,
    /// The standings' page of a big field (1-based), or "all".
    #[serde(default)]
    page: Option<String>,
}

impl Following {
    pub(crate) fn player(&self) -> Option<i32> {
        self.me.as_deref().and_then(|id| id.trim().parse().ok())
    }
}

/// A field bigger than this has its standings in pages of [`STANDINGS_PAGE_ROWS`] (a phone lays
/// out a table only once it has all of it), with a link to the whole table for print.
const STANDINGS_PAGED_FROM: usize = 200;
const STANDINGS_PAGE_ROWS: usize = 100;

/// Whether the standings come in pages: a big field, not in groups.
fn pageable(standings: &Standings) -> bool {
    standings.rows.len() > STANDINGS_PAGED_FROM && standings.rows.iter().all(|r| r.group.is_none())
}

/// Which rows of the standings a page shows: all, or a page of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowPage {
    All,
    /// 1-based, of `count` pages.
    Page {
        number: usize,
        count: usize,
    },
}

impl RowPage {
    /// The page asked for (`?page=N` or `all`), else the followed player's, else the first;
    /// a small field or one in groups is one page.
    fn of(standings: &Standings, following: &Following) -> RowPage {
        if !pageable(standings) {
            return RowPage::All;
        }
        let count = standings.rows.len().div_ceil(STANDINGS_PAGE_ROWS);
        let asked = following.page.as_deref().map(str::trim);
        if asked == Some("all") {
            return RowPage::All;
        }
        let mine = following
            .player()
            .and_then(|me| standings.rows.iter().position(|r| r.player.id == me))
            .map(|at| at / STANDINGS_PAGE_ROWS + 1);
        let number = asked.and_then(|n| n.parse::<usize>().ok()).or(mine).unwrap_or(1).clamp(1, count);
        RowPage::Page { number, count }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/standings.html")]
pub struct StandingsPage {
    ctx: PageCtx,
    event: event::Model,
    standings: Standings,
    /// A relay's chain of games and who stays on, shown under its table.
    relay: Option<RelayView>,
    /// The player followed from their page (`?me=`): their row is shown first.
    me: Option<i32>,
    rows: RowPage,
}

pub async fn standings(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<EventPath>,
    following: web::Query<Following>,
) -> AppResult<StandingsPage> {
    let event_id = path.event_id;
    let found = queries::event(&state.db, event_id).await?;
    let standings = standings::compute(&state.db, &found).await?;
    let relay = match queries::system_of(&found)?.0 {
        System::Relay => Some(relay::view(&state.db, &found).await?),
        _ => None,
    };
    let rows = RowPage::of(&standings, &following);
    Ok(StandingsPage { ctx, event: found, standings, relay, me: following.player(), rows })
}

impl StandingsPage {
    /// Whether the event's games are go, which the rating bodies (EGF, AGA) rate.
    fn rated_by_go_bodies(&self) -> bool {
        !crate::domain::tournament::event::is_folk_game(&self.event.ruleset)
    }

    /// The rows this page shows.
    fn shown_rows(&self) -> &[StandingView] {
        match self.rows {
            RowPage::All => &self.standings.rows,
            RowPage::Page { number, .. } => {
                let start = ((number - 1) * STANDINGS_PAGE_ROWS).min(self.standings.rows.len());
                let end = (start + STANDINGS_PAGE_ROWS).min(self.standings.rows.len());
                &self.standings.rows[start..end]
            }
        }
    }

    /// The pages of a big field: (number, first place number, last, whether shown now); empty
    /// for a field on one page.
    fn row_pages(&self) -> Vec<(usize, usize, usize, bool)> {
        let RowPage::Page { number, count } = self.rows else { return Vec::new() };
        let rows = self.standings.rows.len();
        (1..=count)
            .map(|n| (n, (n - 1) * STANDINGS_PAGE_ROWS + 1, (n * STANDINGS_PAGE_ROWS).min(rows), n == number))
            .collect()
    }

    /// Whether a big field is shown whole (after `?page=all`).
    fn paged_field(&self) -> bool {
        pageable(&self.standings)
    }

    /// The followed player's row, shown again first.
    fn my_row(&self) -> Option<&StandingView> {
        let me = self.me?;
        self.standings.rows.iter().find(|r| r.player.id == me)
    }

    fn is_me(&self, id: &i32) -> bool {
        self.me == Some(*id)
    }

    fn cells(&self, row: &StandingView) -> Vec<String> {
        row.cells.iter().map(|c| view::cross_cell(self.ctx.locale, c)).collect()
    }

    fn values(&self, row: &StandingView) -> Vec<String> {
        view::tie_break_values(row, &self.standings.columns, self.standings.tradition)
    }

    /// The legend in the words of the event's game (a draw is no 持碁 at a folk game).
    fn legend_key(&self) -> &'static str {
        if crate::domain::tournament::event::is_folk_game(&self.event.ruleset) {
            "standings-legend-folk"
        } else {
            "standings-legend"
        }
    }

    fn game_text(&self, game: &MatchGame) -> String {
        view::match_game(self.ctx.locale, game, &self.event.ruleset)
    }

    fn stage_name(&self, stage: &StageName) -> String {
        view::stage_name(self.ctx.locale, stage)
    }

    fn points(&self, half_points: &u32) -> String {
        view::points(i64::from(*half_points))
    }

    fn result_text(&self, result: &GameResult) -> String {
        view::result(self.ctx.locale, result, &self.event.ruleset)
    }

    fn column_name(&self, tie_break: &TieBreak) -> String {
        view::tie_break_name(self.ctx.locale, *tie_break)
    }

    fn team_column_name(&self, tie_break: &TeamTieBreak) -> String {
        self.ctx.t(match tie_break {
            TeamTieBreak::GamePoints => "game-points",
            TeamTieBreak::Sos => "team-sos",
            TeamTieBreak::KeyBoard => "key-board",
        })
    }

    fn team_value(&self, tie_break: &TeamTieBreak, row: &TeamStandingRow) -> u32 {
        match tie_break {
            TeamTieBreak::GamePoints => row.game_points,
            TeamTieBreak::Sos => row.sos,
            TeamTieBreak::KeyBoard => row.key_board,
        }
    }
}
