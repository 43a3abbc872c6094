//! The venue's paper: a round's table cards, result slips and pairings sorted by name, and the
//! standings sheet, each a printable page and a PDF made by the server (`web::paper`).
use std::sync::Arc;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::db::entities::event;
use crate::domain::search::romanised;
use crate::error::{AppError, AppResult};
use crate::pdf_store::{Key, Pdf};
use crate::services::queries;
use crate::services::rounds::{self, RoundView};
use crate::services::standings;
use crate::state::AppState;
use crate::web::extractors::PageCtx;
use crate::web::handlers::events::komi_text;
use crate::web::paper::{self, Board, Seat, Words};
use crate::web::paths::EventPath;
use crate::web::view;

/// The sheets of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sheet {
    TableCards,
    ResultSlips,
    Pairings,
}

impl Sheet {
    const ALL: [Sheet; 3] = [Sheet::TableCards, Sheet::ResultSlips, Sheet::Pairings];

    fn code(self) -> &'static str {
        match self {
            Sheet::TableCards => "table-cards",
            Sheet::ResultSlips => "result-slips",
            Sheet::Pairings => "pairings",
        }
    }

    fn title_key(self) -> &'static str {
        match self {
            Sheet::TableCards => "paper-table-cards",
            Sheet::ResultSlips => "paper-result-slips",
            Sheet::Pairings => "paper-pairings",
        }
    }

    /// "result-slips" or "result-slips.pdf": the sheet and whether a PDF is wanted.
    fn parse(text: &str) -> Option<(Sheet, bool)> {
        let (code, pdf) = match text.strip_suffix(".pdf") {
            Some(code) => (code, true),
            None => (text, false),
        };
        Sheet::ALL.into_iter().find(|s| s.code() == code).map(|s| (s, pdf))
    }
}

/// One line of the pairings sorted by name.
#[derive(Debug, Clone)]
pub struct NameLine {
    pub name: String,
    pub rank: String,
    pub board: String,
    pub colour: String,
    pub opponent: String,
}

/// A round's sheet as a printable page.
#[derive(Template, WebTemplate)]
#[template(path = "rounds/paper.html")]
pub struct PaperPage {
    ctx: PageCtx,
    event: event::Model,
    number: i32,
    sheet: Sheet,
    words: Words,
    boards: Vec<Board>,
    lines: Vec<NameLine>,
}

impl PaperPage {
    fn is(&self, code: &str) -> bool {
        self.sheet.code() == code
    }

    fn board_label(&self, number: &i32) -> String {
        self.ctx.t_n("paper-board-n", "n", *number)
    }

    /// The board's report page, as the printed code opens it (here a link, on this server).
    fn report_path(&self, number: &i32) -> String {
        format!("/events/{}/rounds/{}/boards/{number}/report", self.event.id, self.number)
    }

    fn terms_of(&self, board: &Board) -> String {
        crate::web::paper::terms(&self.words, board)
    }

    fn qr_svg(&self, link: &str) -> String {
        crate::web::qr::svg(link, 96, &self.words.scan)
    }
}

fn words(ctx: &PageCtx, found: &event::Model, number: i32) -> Words {
    Words {
        title: found.name.clone(),
        round: ctx.t_n("round-n", "n", number),
        // A folk game has no komi: the cards and slips print none.
        komi: if crate::domain::tournament::event::is_folk_game(&found.ruleset) {
            String::new()
        } else {
            format!("{} {}", ctx.t("paper-komi"), komi_text(ctx.locale, found))
        },
        time_control: view::time_control(ctx.locale, &found.time_control),
        board: ctx.t_n("paper-board-n", "n", 0).replace('0', "{n}"),
        black: ctx.t("black"),
        white: ctx.t("white"),
        outcomes: [
            "paper-black-wins",
            "paper-white-wins",
            if crate::domain::tournament::event::is_folk_game(&found.ruleset) {
                "paper-draw-folk"
            } else {
                "paper-draw"
            },
            "paper-other",
        ]
        .map(|k| ctx.t(k))
        .to_vec(),
        signatures: ["paper-sign-black", "paper-sign-white", "paper-sign-referee"].map(|k| ctx.t(k)).to_vec(),
        scan: ctx.t("paper-scan-to-report"),
    }
}

/// Where a board's report page is, for the QR code, when the event's players report their
/// results: the public address, the round's boards (the board's number and `/report` follow).
fn report_base(state: &AppState, found: &event::Model, number: i32) -> Option<String> {
    found.players_report.then(|| {
        format!("{}/events/{}/rounds/{number}/boards/", state.settings.server.base_url.trim_end_matches('/'), found.id)
    })
}

fn boards(ctx: &PageCtx, round: &RoundView, report_base: Option<&str>) -> Vec<Board> {
    let seat = |p: &crate::db::entities::player::Model| Seat {
        name: p.name.clone(),
        rank: ctx.rank(&p.rank),
        club: p.club.clone(),
    };
    round
        .boards
        .iter()
        .map(|b| Board {
            number: b.board,
            black: seat(&b.black),
            white: seat(&b.white),
            handicap: if b.handicap > 0 { ctx.t_n("handicap-n", "n", b.handicap) } else { String::new() },
            report_link: report_base.map(|base| format!("{base}{}/report", b.board)),
        })
        .collect()
}

/// Everyone of the round by romanised name: board and colour, or the bye.
fn name_lines(ctx: &PageCtx, round: &RoundView) -> Vec<NameLine> {
    let mut lines: Vec<(String, NameLine)> = Vec::new();
    for b in &round.boards {
        for (me, other, colour) in [(&b.black, &b.white, "black"), (&b.white, &b.black, "white")] {
            lines.push((
                romanised(&me.name),
                NameLine {
                    name: me.name.clone(),
                    rank: ctx.rank(&me.rank),
                    board: b.board.to_string(),
                    colour: ctx.t(colour),
                    opponent: other.name.clone(),
                },
            ));
        }
    }
    for p in &round.byes {
        lines.push((
            romanised(&p.name),
            NameLine {
                name: p.name.clone(),
                rank: ctx.rank(&p.rank),
                board: "–".into(),
                colour: String::new(),
                opponent: ctx.t("bye"),
            },
        ));
    }
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    lines.into_iter().map(|(_, line)| line).collect()
}

/// A PDF with its ETag (304 when the reader has it already), asked again every time; `private`
/// where it is a director's alone.
fn pdf_response(req: &HttpRequest, pdf: &Pdf, file: &str, public: bool) -> HttpResponse {
    let not_modified = crate::web::page_cache::already_has(req, &pdf.etag);
    let mut response = if not_modified { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::ETAG, pdf.etag.clone()))
        // Not `public`: the answer may set the reader's session cookie, which a shared cache must
        // not hand to anyone else (the public pages are served the same way).
        .insert_header((header::CACHE_CONTROL, if public { "no-cache" } else { "private, no-cache" }))
        .insert_header((header::VARY, "Accept-Language, Cookie"));
    if not_modified {
        return response.finish();
    }
    response
        .content_type("application/pdf")
        .insert_header((header::CONTENT_DISPOSITION, format!("inline; filename=\"{file}\"")))
        .body(pdf.bytes.clone())
}

/// Serves the PDF `file` of `event_id` whose pages `make` lays out, through the PDF store
/// (`pdf_store`): a public PDF (`public`) is kept by the event's version, read before `make`
/// reads its data, and served from memory while nothing changed; one request renders it while
/// others asking for it wait; renders take turns in a few slots, and a reader past the queue
/// is told to come back (503 with Retry-After).
async fn serve_pdf<F, Fut>(
    state: &AppState,
    req: &HttpRequest,
    ctx: &PageCtx,
    event_id: i32,
    public: bool,
    file: String,
    make: F,
) -> AppResult<HttpResponse>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = AppResult<Vec<paper::Page>>>,
{
    let version = match public {
        true => crate::services::audit::event_version(&state.db, event_id).await?,
        false => None,
    };
    // Keyed by what the PDF is, not by how the address was spelt (`/events/01/…` is event 1).
    let key = version.map(|v| (Key { event: event_id, path: file.clone(), locale: ctx.locale }, v));
    let kept = |key: &Option<(Key, i64)>| key.as_ref().and_then(|(k, v)| state.pdfs.get(k, *v));
    if let Some(pdf) = kept(&key) {
        return Ok(pdf_response(req, &pdf, &file, public));
    }
    let lock = key.as_ref().map(|(k, _)| state.pdfs.making(k));
    let _making = match &lock {
        Some(lock) => Some(lock.lock().await),
        None => None,
    };
    // Whoever held the lock before may have made it meanwhile.
    if let Some(pdf) = kept(&key) {
        return Ok(pdf_response(req, &pdf, &file, public));
    }
    let slot = state.pdfs.slot().await.map_err(|_| AppError::Busy { retry_after_seconds: BUSY_RETRY_SECONDS })?;
    let pages = make().await?;
    let bytes = render(pages, slot).await?;
    let pdf = Arc::new(Pdf {
        version: version.unwrap_or(0),
        etag: crate::web::page_cache::etag_of(&bytes),
        bytes: web::Bytes::from(bytes),
    });
    if let Some((key, _)) = key {
        state.pdfs.put(key, pdf.clone());
    }
    Ok(pdf_response(req, &pdf, &file, public))
}

/// How long a reader told the renders are busy is asked to wait.
const BUSY_RETRY_SECONDS: u32 = 5;

/// Lays out and renders off the request threads (500 slips take a moment), holding `slot` until
/// the render ends, even if the reader goes away meanwhile.
async fn render(pages: Vec<paper::Page>, slot: crate::pdf_store::Slot) -> AppResult<Vec<u8>> {
    let Some(typesetter) = paper::typesetter() else {
        return Err(AppError::refused("error-paper-font"));
    };
    web::block(move || {
        let rendered = typesetter.render(&pages);
        drop(slot);
        rendered
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("the PDF task failed: {e}")))?
    .map_err(|e| AppError::Internal(anyhow::anyhow!("the PDF: {e}")))
}

fn round_pdf_pages(
    sheet: Sheet,
    words: &Words,
    boards: &[Board],
    lines: &[NameLine],
    columns: [String; 5],
) -> Vec<paper::Page> {
    match sheet {
        Sheet::TableCards => paper::table_cards(words, boards),
        Sheet::ResultSlips => paper::result_slips(words, boards),
        Sheet::Pairings => {
            let rows: Vec<Vec<String>> = lines
                .iter()
                .map(|l| vec![l.name.clone(), l.rank.clone(), l.board.clone(), l.colour.clone(), l.opponent.clone()])
                .collect();
            let heading = format!("{} · {}", words.title, words.round);
            paper::table(&heading, &columns, &[0.34, 0.12, 0.1, 0.1, 0.34], &rows, &[false, false, true, false, false])
        }
    }
}

/// `/events/{id}/rounds/{n}/paper/{sheet}`: the page; `{sheet}.pdf`: the PDF.
pub async fn round_sheet(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<(i32, i32, String)>,
) -> AppResult<HttpResponse> {
    let (event_id, number, which) = path.into_inner();
    let found = queries::event(&state.db, event_id).await?;
    let roles = queries::roles_of(&state.db, event_id, ctx.user.as_ref()).await?;
    let (sheet, pdf) = Sheet::parse(&which).ok_or(AppError::NotFound)?;
    let published = queries::round(&state.db, event_id, number).await?.ok_or(AppError::NotFound)?.published;
    // A draft is the directors' until published.
    if !published && !roles.director {
        return Err(AppError::NotFound);
    }
    if pdf {
        let file = format!("event-{event_id}-round-{number}-{}.pdf", sheet.code());
        let make = || async {
            let round = rounds::view(&state.db, &found, number).await?;
            let columns = ["player-name", "rank", "board", "paper-colour", "paper-opponent"].map(|k| ctx.t(k));
            let base = report_base(&state, &found, number);
            let boards = boards(&ctx, &round, base.as_deref());
            let (words, lines) = (words(&ctx, &found, number), name_lines(&ctx, &round));
            Ok(round_pdf_pages(sheet, &words, &boards, &lines, columns))
        };
        // A published round's sheets are the same for every reader: kept and shared.
        return serve_pdf(&state, &req, &ctx, event_id, published, file, make).await;
    }
    let round = rounds::view(&state.db, &found, number).await?;
    let words = words(&ctx, &found, number);
    let boards = boards(&ctx, &round, report_base(&state, &found, number).as_deref());
    let lines = name_lines(&ctx, &round);
    crate::web::handlers::page_with_status(
        actix_web::http::StatusCode::OK,
        &PaperPage { ctx, event: found, number, sheet, words, boards, lines },
    )
}

/// `/events/{id}/standings.pdf`: the standings as a wall chart (round by round, then the
/// points and tie-breaks); the standings page itself is the printable page.
pub async fn standings_pdf(
    state: web::Data<AppState>,
    ctx: PageCtx,
    req: HttpRequest,
    path: web::Path<EventPath>,
) -> AppResult<HttpResponse> {
    let event_id = path.event_id;
    let found = queries::event(&state.db, event_id).await?;
    let file = format!("event-{event_id}-standings.pdf");
    let make = || async {
        let table = standings::compute(&state.db, &found).await?;
        let mut columns = vec![ctx.t("place"), ctx.t("player-name"), ctx.t("rank"), ctx.t("club")];
        columns.extend(table.rounds.iter().map(|n| n.to_string()));
        columns.extend(table.columns.iter().map(|c| view::tie_break_name(ctx.locale, *c)));
        let narrow_columns = table.rounds.len() + table.columns.len();
        // The name gets what the numbers leave; every round and criterion a narrow column.
        let narrow = (0.5 / narrow_columns.max(1) as f32).min(0.08);
        let mut widths = vec![0.06, 0.0, 0.07, 0.12];
        widths.extend(std::iter::repeat_n(narrow, narrow_columns));
        widths[1] = 1.0 - widths.iter().sum::<f32>();
        let mut numeric = vec![true, false, false, false];
        numeric.extend(std::iter::repeat_n(true, narrow_columns));
        let rows: Vec<Vec<String>> = table
            .rows
            .iter()
            .map(|row| {
                let mut cells = vec![
                    row.place.to_string(),
                    row.player.name.clone(),
                    ctx.rank(&row.player.rank),
                    row.player.club.clone(),
                ];
                cells.extend(row.cells.iter().map(|c| view::cross_cell(ctx.locale, c)));
                cells.extend(view::tie_break_values(row, &table.columns, table.tradition));
                cells
            })
            .collect();
        let heading = format!("{} · {}", found.name, ctx.t("standings"));
        Ok(paper::table(&heading, &columns, &widths, &rows, &numeric))
    };
    serve_pdf(&state, &req, &ctx, event_id, true, file, make).await
}
