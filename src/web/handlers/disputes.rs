//! The referee desk: disputes filed from a board page, the event's queue for its referees, a
//! dispute's own page (the position at its move with the engine's analysis, the ruling, the
//! appeal), and the chief referee's hearing of appeals.
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use crate::db::entities::event;
use crate::domain::games::go::shape::drawing_of;
use crate::domain::live::LiveGame;
use crate::domain::message::Message;
use crate::domain::referee::{DisputeKind, Ruling};
use crate::error::{AppError, AppResult};
use crate::services::disputes::{self, AppealDecision, DisputeView, QueueEntry, RulingChoice};
use crate::services::queries::{self, BoardRef};
use crate::services::workflows::referee_desk::{self, DeskDecision};
use crate::state::AppState;
use crate::web::board_svg::{self, Marks};
use crate::web::extractors::{LateForm, PageCtx, staff_of};
use crate::web::handlers::see_other;
use crate::web::paths::{BoardPath, EventPath};

#[derive(Deserialize)]
pub struct DisputeForm {
    #[serde(default)]
    kind: String,
    #[serde(default)]
    claim: String,
}

/// A player of the board, or the event's staff, files a dispute.
pub async fn file(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<BoardPath>,
    form: LateForm<DisputeForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let BoardPath { event_id, number: round, board } = *path;
    crate::services::queries::require_seat(&state.db, &account, BoardRef { event_id, round, board }).await?;
    let form = form.parse()?;
    let folk = crate::domain::tournament::event::is_folk_game(
        &crate::services::queries::event(&state.db, event_id).await?.ruleset,
    );
    let kind = DisputeKind::parse(&form.kind)
        .filter(|k| k.filed_at_the_board() && !(folk && k.go_only()))
        .ok_or_else(|| AppError::BadRequest(Message::new("error-dispute-kind").text("kind", form.kind.trim())))?;
    let changed = referee_desk::file(&state, &account, BoardRef { event_id, round, board }, kind, &form.claim).await?;
    crate::web::live_feed::publish(&state, &changed);
    ctx.flash("success", ctx.t("flash-dispute-filed"));
    Ok(see_other(&format!("/events/{event_id}/rounds/{round}/boards/{board}")))
}

/// A referee of the event rules on a dispute.
pub async fn rule(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: LateForm<RulingChoice>,
) -> AppResult<HttpResponse> {
    let (event_id, dispute_id) = path.into_inner();
    let (account, _) = staff_of(&state, &ctx, event_id).await?;
    let form = form.parse()?;
    let board = referee_desk::decide(&state, &account, event_id, dispute_id, DeskDecision::Rule, &form).await?;
    crate::web::live_feed::publish(&state, &board);
    ctx.flash("success", ctx.t("flash-dispute-ruled"));
    Ok(see_other(&crate::services::queries::dispute_link(event_id, dispute_id)))
}

#[derive(Deserialize)]
pub struct AppealForm {
    #[serde(default)]
    claim: String,
}

/// A player of the board appeals the ruling, once.
pub async fn appeal(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: web::Form<AppealForm>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let (event_id, dispute_id) = path.into_inner();
    disputes::appeal(&state, &account, event_id, dispute_id, &form.claim).await?;
    ctx.flash("success", ctx.t("flash-appeal-made"));
    Ok(see_other(&crate::services::queries::dispute_link(event_id, dispute_id)))
}

/// The chief referee hears an appeal.
pub async fn hear(
    state: web::Data<AppState>,
    ctx: PageCtx,
    path: web::Path<(i32, i32)>,
    form: web::Form<RulingChoice>,
) -> AppResult<HttpResponse> {
    let account = ctx.require_user()?.clone();
    let (event_id, dispute_id) = path.into_inner();
    let board = referee_desk::decide(&state, &account, event_id, dispute_id, DeskDecision::HearAppeal, &form).await?;
    crate::web::live_feed::publish(&state, &board);
    ctx.flash("success", ctx.t("flash-appeal-heard"));
    Ok(see_other(&crate::services::queries::dispute_link(event_id, dispute_id)))
}

/// How pages name a ruling: "Warning · White", "Give time back".
pub fn ruling_text(ctx: &PageCtx, ruling: &Ruling) -> String {
    let text = ctx.t(&format!("desk-{}", ruling.code()));
    match ruling.side() {
        Some(side) => format!("{text} · {}", ctx.t(side.as_str())),
        None => text,
    }
}

/// What a ruling does to the game, in the reader's language ("the game ends drawn"); a
/// dismissal's effect depends on the dispute ("count with the marks as they stand").
pub fn ruling_effect(ctx: &PageCtx, ruling: &Ruling, kind: &DisputeKind) -> String {
    match ruling {
        Ruling::Dismiss => ctx.t(&format!("desk-effect-dismiss-{}", kind.code())),
        other => ctx.t(&format!("desk-effect-{}", other.code())),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "disputes/queue.html")]
pub struct QueuePage {
    ctx: PageCtx,
    event: event::Model,
    entries: Vec<QueueEntry>,
    appeals: Vec<QueueEntry>,
    /// The reader is a referee of the event (a director as such only reads the queue).
    may_rule: bool,
}

impl QueuePage {
    fn local(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time(at, &self.event.time_zone)
    }

    fn kind_text(&self, kind: &DisputeKind) -> String {
        self.ctx.t(&format!("dispute-{}", kind.code()))
    }

    fn ruling_text(&self, ruling: &Ruling) -> String {
        ruling_text(&self.ctx, ruling)
    }

    fn ruling_effect(&self, ruling: &Ruling, kind: &DisputeKind) -> String {
        ruling_effect(&self.ctx, ruling, kind)
    }
}

/// The event's open disputes for its directors and referees, most urgent first, and the
/// appeals not yet heard.
pub async fn queue(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<EventPath>) -> AppResult<QueuePage> {
    let event_id = path.event_id;
    let (account, found) = staff_of(&state, &ctx, event_id).await?;
    let may_rule = crate::services::queries::roles(&state.db, event_id, &account).await?.referee;
    let (entries, appeals) = disputes::queue(&state.db, event_id, state.clock.now()).await?;
    Ok(QueuePage { ctx, event: found, entries, appeals, may_rule })
}

#[derive(Template, WebTemplate)]
#[template(path = "disputes/show.html")]
pub struct DisputePage {
    ctx: PageCtx,
    event: event::Model,
    view: DisputeView,
    /// The position at the dispute's move.
    svg: String,
    /// The engine's analysis there: the groups it proposes dead, each with its points and
    /// why (proven or estimated, and how sure), and the count with them.
    proposed_dead: Vec<ProposedGroup>,
    count: String,
    /// A cycle's lap, listed move by move (and numbered on the board) in place of the
    /// dead-stone analysis, which means nothing for a cycle.
    lap: Option<Lap>,
    /// Dead stones: the groups the player who refused the marks contests, first.
    held: Vec<HeldGroup>,
    /// Who refused the marks ("White"), when a player did.
    contested_by: Option<String>,
}

/// A cycle's lap as the dispute page lists it.
pub struct Lap {
    /// "A triple ko: the position before move 13 came back after move 18", or that the
    /// engine found no repetition (a claim), whose last moves are listed.
    summary: String,
    /// "13 ● Black B8", one a move.
    moves: Vec<String>,
}

/// One group the engine proposes dead, as the dispute page shows it.
pub struct ProposedGroup {
    /// "proven" or "estimated" (a message key: `basis-label-…`).
    basis: &'static str,
    colour: String,
    points: String,
    why: String,
    /// When reading proves it: the board after the line, its moves numbered (SVG).
    figure: Option<String>,
}

impl DisputePage {
    /// The page of a dispute with no dead-stone analysis: another game than go, or a cycle
    /// (its lap instead).
    fn without_analysis(ctx: PageCtx, event: event::Model, view: DisputeView, svg: String, lap: Option<Lap>) -> Self {
        DisputePage {
            proposed_dead: Vec::new(),
            count: String::new(),
            lap,
            held: Vec::new(),
            contested_by: None,
            svg,
            event,
            view,
            ctx,
        }
    }

    fn local(&self, at: &chrono::DateTime<chrono::Utc>) -> String {
        crate::web::view::local_time(at, &self.event.time_zone)
    }

    fn kind_text(&self) -> String {
        self.ctx.t(&format!("dispute-{}", self.view.entry.kind.code()))
    }

    fn ruling_text(&self, ruling: &Ruling) -> String {
        ruling_text(&self.ctx, ruling)
    }

    fn ruling_effect(&self, ruling: &Ruling, kind: &DisputeKind) -> String {
        ruling_effect(&self.ctx, ruling, kind)
    }

    /// Where the event's rule set has no article of its own for the dispute: which apply.
    fn article_instead(&self) -> String {
        let ruleset = crate::web::view::ruleset_name(self.ctx.locale, &self.event.ruleset);
        // A folk game has no written competition rules: the referee rules by the 1988 rules'
        // spirit, which the note says without calling the game go.
        let key = if crate::domain::tournament::event::is_folk_game(&self.event.ruleset) {
            "dispute-article-instead-folk"
        } else {
            "dispute-article-instead"
        };
        self.ctx.t_s(key, "ruleset", &ruleset)
    }

    fn appeal_text(&self, decision: &AppealDecision) -> String {
        match decision {
            AppealDecision::Uphold => self.ctx.t("appeal-upheld"),
            AppealDecision::Overturn { ruling } => {
                format!("{}: {}", self.ctx.t("appeal-overturned"), self.ruling_text(ruling))
            }
        }
    }

    fn may_appeal(&self) -> bool {
        self.view.viewer_plays && self.view.ruling.is_some() && self.view.entry.dispute.appealed_at.is_none()
    }

    fn may_hear(&self) -> bool {
        self.view.viewer_chief && self.view.entry.dispute.appealed_at.is_some() && self.view.appeal.is_none()
    }

    fn offers_clock(&self) -> bool {
        self.view.entry.offers_clock()
    }
}

/// A dispute's page, for the event's staff and the players of its board.
pub async fn show(state: web::Data<AppState>, ctx: PageCtx, path: web::Path<(i32, i32)>) -> AppResult<DisputePage> {
    let account = ctx.require_user()?.clone();
    let (event_id, dispute_id) = path.into_inner();
    let view = disputes::view(&state.db, &account, event_id, dispute_id, state.clock.now()).await?;
    let at = BoardRef { event_id, round: view.entry.round, board: view.entry.board };
    let board = queries::live_board(&state.db, at).await?;
    if board.live.go().is_none() {
        // Another game than go (五子棋): the board at the dispute's move, with nothing counted.
        let upto = usize::try_from(view.entry.dispute.move_number).unwrap_or(0).min(board.live.moves().len());
        let then = LiveGame::restore(
            board.live.setup().clone(),
            board.live.moves()[..upto].to_vec(),
            board.live.state().clone(),
        )
        .map_err(|e| AppError::Internal(anyhow::anyhow!("dispute {dispute_id}: {e}")))?;
        let last = then.moves().last().and_then(|m| m.point);
        let svg = board_svg::render(
            &crate::domain::games::game_shape::BoardGame::drawing(then.game()),
            &Marks { last, dead: &[], numbers: &[] },
        );
        return Ok(DisputePage::without_analysis(ctx, board.event, view, svg, None));
    }
    // The game as it stood at the dispute's move: its record then, kept with the dispute (a
    // replay may have started the game again since). A record that resumed after the passes
    // does not replay as SGF; the game's own moves up to then stand in for it.
    let from_record = crate::domain::games::go::sgf::parse(&view.entry.dispute.position)
        .ok()
        .and_then(|sgf| crate::domain::games::go::record::replay(&sgf, board.live.setup().rules.clone()).ok())
        .filter(|replay| replay.illegal.is_none())
        .map(|replay| replay.game);
    let then = match from_record {
        Some(game) => game,
        None => {
            let upto = usize::try_from(view.entry.dispute.move_number).unwrap_or(0).min(board.live.moves().len());
            let moves = board.live.moves()[..upto].to_vec();
            LiveGame::restore(board.live.setup().clone(), moves, board.live.state().clone())
                .map_err(|e| AppError::Internal(anyhow::anyhow!("dispute {dispute_id}: {e}")))?
                .go()
                .cloned()
                .ok_or_else(|| AppError::Internal(anyhow::anyhow!("dispute {dispute_id}: not a game of go")))?
        }
    };
    if view.entry.kind == DisputeKind::Cycle {
        let (lap, numbers) = lap_of(&ctx, &then);
        // Drawn as a figure of the whole board: a point whose stone the lap captured again
        // keeps its number.
        let (width, height) = (then.board().width(), then.board().height());
        let svg = board_svg::render_figure(
            &drawing_of(then.board()),
            &Marks { last: None, dead: &[], numbers: &numbers },
            (0, 0, width - 1, height - 1),
        );
        return Ok(DisputePage::without_analysis(ctx, board.event, view, svg, Some(lap)));
    }
    let (mut groups, count) = crate::domain::live::proposal_for(&then, board.live.setup().handicap);
    crate::domain::games::go::life::read_groups(then.board(), &mut groups, then.rules().life_rules());
    let dead: Vec<(u8, u8)> = groups.iter().flat_map(|g| g.stones.iter().map(|p| then.board().xy(*p))).collect();
    let position = then.board();
    let last = then.moves().last().and_then(|m| match m.mv {
        crate::domain::games::go::game::Move::Play(p) => Some(position.xy(p)),
        crate::domain::games::go::game::Move::Pass => None,
    });
    let svg = board_svg::render(&drawing_of(position), &Marks { last, dead: &dead, numbers: &[] });
    let name = |(x, y): (u8, u8)| {
        crate::domain::games::go::record::coordinate(
            position.height(),
            crate::domain::games::go::sgf::SgfPoint { x, y },
        )
    };
    let result = ctx.locale.result_text(&count.result);
    let count = format!("{result} · {}", crate::web::live_feed::count_detail(&count, ctx.locale));
    let mut proposed_dead: Vec<ProposedGroup> =
        groups.iter().map(|g| proposed_group(&ctx, position, g, &name)).collect();
    // What the player who refused the marks contests comes first, each group with what the
    // engine says of it.
    let contested: Option<crate::domain::live::Contested> =
        view.entry.dispute.contested.as_deref().and_then(|text| serde_json::from_str(text).ok());
    let mut held = Vec::new();
    if let Some(contested) = &contested {
        for (stones, alive) in
            contested.alive.iter().map(|s| (s, true)).chain(contested.dead.iter().map(|s| (s, false)))
        {
            // The engine's group among those it proposes dead, taken out of the rest of the list.
            let engine =
                groups.iter().position(|g| g.stones.iter().any(|p| stones.contains(&position.xy(*p)))).map(|i| {
                    groups.remove(i);
                    proposed_dead.remove(i)
                });
            let colour = stones
                .first()
                .and_then(|&(x, y)| position.point(x, y))
                .and_then(|p| position.get(p))
                .map(|c| ctx.t(c.as_str()))
                .unwrap_or_default();
            held.push(HeldGroup {
                alive,
                colour,
                points: stones.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" "),
                engine,
            });
        }
    }
    let contested_by = contested.and_then(|c| c.by).map(|c| ctx.t(c.as_str()));
    Ok(DisputePage { proposed_dead, held, contested_by, count, lap: None, svg, event: board.event, view, ctx })
}

/// A group the player who refused the marks holds alive (took its marks off) or dead (marked
/// it), with what the engine says of it.
pub struct HeldGroup {
    alive: bool,
    colour: String,
    points: String,
    /// The engine's proposal for it, when it proposes it dead: proven or estimated, and why.
    engine: Option<ProposedGroup>,
}

/// The lap of the cycle in `game` (its record up to the dispute): the last repetition the
/// engine found, or, for a claim it did not find, the last twelve moves. With the numbers to
/// write on the board: each point at the last move the lap played there.
fn lap_of(ctx: &PageCtx, game: &crate::domain::games::go::game::Game) -> (Lap, Vec<(u8, u8, usize)>) {
    use crate::domain::games::go::game::Move;
    let played = game.moves();
    // The lap the dispute is about ends at its move; an earlier one (ruled on already) is not it.
    let (first, last, summary) = match game.cycles().last().filter(|c| c.last_move == played.len()) {
        Some(cycle) => (
            cycle.first_move,
            cycle.last_move,
            ctx.locale.t_args(
                "dispute-lap-found",
                &[
                    ("kind", crate::i18n::Arg::Str(&ctx.t(cycle.kind.name_key()))),
                    ("first", crate::i18n::Arg::Num(cycle.first_move as i64)),
                    ("last", crate::i18n::Arg::Num(cycle.last_move as i64)),
                ],
            ),
        ),
        None => (played.len().saturating_sub(11).max(1), played.len(), ctx.t("dispute-lap-not-found")),
    };
    let board = game.board();
    let mut numbers: Vec<(u8, u8, usize)> = Vec::new();
    let mut moves = Vec::new();
    for n in first..=last {
        let Some(m) = played.get(n - 1) else { continue };
        let stone = if m.color == crate::domain::color::Color::Black { "●" } else { "○" };
        let at = match m.mv {
            Move::Play(p) => {
                let (x, y) = board.xy(p);
                numbers.retain(|&(px, py, _)| (px, py) != (x, y));
                numbers.push((x, y, n));
                crate::domain::games::go::record::coordinate(
                    board.height(),
                    crate::domain::games::go::sgf::SgfPoint { x, y },
                )
            }
            Move::Pass => ctx.t("live-pass"),
        };
        moves.push(format!("{n} {stone} {} {at}", ctx.t(m.color.as_str())));
    }
    (Lap { summary, moves }, numbers)
}

/// The fewest lines a reading figure shows across and down, so a small fight keeps its
/// surroundings.
const FIGURE_MIN_SPAN: u8 = 7;

/// The smallest box holding `region` and `point`.
fn grow(region: Option<(u8, u8, u8, u8)>, (x, y): (u8, u8)) -> Option<(u8, u8, u8, u8)> {
    Some(match region {
        None => (x, y, x, y),
        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
    })
}

/// Lines `from`..=`to` with one more on each side, widened to at least `span` lines and kept
/// on a board of `size`.
fn widen((from, to): (u8, u8), size: u8, span: u8) -> Span {
    let (mut from, mut to) = (from.saturating_sub(1), to.saturating_add(1).min(size - 1));
    while to - from + 1 < span.min(size) {
        from = from.saturating_sub(1);
        if to - from + 1 < span.min(size) && to + 1 < size {
            to += 1;
        }
    }
    Span(from, to)
}

/// A run of lines across or down the board, first and last.
struct Span(u8, u8);

impl Span {
    /// The box with this span across and `down` down.
    fn zip_with(self, down: Span) -> (u8, u8, u8, u8) {
        (self.0, down.0, self.1, down.1)
    }
}

/// A proposed group for the page: its colour and points, proven or estimated, and why.
fn proposed_group(
    ctx: &PageCtx,
    position: &crate::domain::games::go::board::Board,
    group: &crate::domain::games::go::life::DeadGroup,
    name: &dyn Fn((u8, u8)) -> String,
) -> ProposedGroup {
    use crate::domain::color::Color;
    use crate::domain::games::go::life::Basis;
    use crate::domain::games::go::reading::Verdict;
    use crate::i18n::Arg;
    let percent = |share: f32| Arg::Num(i64::from((share * 100.0).round() as i32));
    let playouts = Arg::Num(group.playouts as i64);
    let colour_name = |c: Color| ctx.t(if c == Color::Black { "black" } else { "white" });
    let opponent = colour_name(group.colour.opponent());
    let points: Vec<String> = group.stones.iter().map(|p| name(position.xy(*p))).collect();
    let colour = colour_name(group.colour);
    // The proof: a line read dead whoever starts, or, left unsettled inside a living wall, the
    // attack with the opponent first.
    let proof = match (&group.reading, group.basis) {
        (Some(Verdict::Dead { line }), _) => Some((line, "basis-read")),
        (Some(Verdict::Unsettled { attack }), Basis::Proven) => Some((attack, "basis-read-undefended")),
        _ => None,
    };
    if let Some((line, key)) = proof {
        // The proof: the line played out on the position, numbered as a figure.
        let mut after = position.clone();
        let mut numbers = Vec::new();
        let mut moves = Vec::new();
        // The figure's region: the group and the line's points, a point round them.
        let mut region = group.stones.iter().map(|p| position.xy(*p)).fold(None, grow);
        let mut passed = Vec::new();
        for (i, (c, p)) in line.iter().enumerate() {
            let at = match p {
                Some(p) => {
                    let _ = after.play(*c, *p, false);
                    let (x, y) = position.xy(*p);
                    numbers.push((x, y, i + 1));
                    region = grow(region, (x, y));
                    name((x, y))
                }
                None => {
                    if !passed.contains(c) {
                        passed.push(*c);
                    }
                    ctx.t("live-pass")
                }
            };
            moves.push(format!("{} {} {at}", i + 1, colour_name(*c)));
        }
        let mut why = ctx.locale.t_args(
            key,
            &[
                ("opponent", Arg::Str(&opponent)),
                ("own", Arg::Str(&colour)),
                ("line", Arg::Str(&moves.join(&ctx.t("list-separator")))),
            ],
        );
        // A pass in the line is the best that side has: every move there loses faster.
        for side in passed {
            let explained = ctx.locale.t_args("basis-pass-explained", &[("colour", Arg::Str(&colour_name(side)))]);
            why = format!("{why}{explained}");
        }
        // The proof behind the line, replayed by the checker.
        if let Some(proof) = &group.proof {
            let checked = ctx.locale.t_args(
                "basis-proof-checked",
                &[("own", Arg::Str(&colour)), ("positions", Arg::Num(proof.checked.positions as i64))],
            );
            why = format!("{why}{checked}");
            // The owner's other first tries, each with the answers that refute it.
            let tries: Vec<String> = proof
                .lines
                .iter()
                .skip(1)
                .map(|line| {
                    line.iter()
                        .map(|(c, p)| {
                            let at = p.map_or_else(|| ctx.t("live-pass"), |p| name(position.xy(p)));
                            format!("{} {at}", colour_name(*c))
                        })
                        .collect::<Vec<_>>()
                        .join(" → ")
                })
                .collect();
            if !tries.is_empty() {
                let said = ctx.locale.t_args("basis-proof-tries", &[("lines", Arg::Str(&tries.join("; ")))]);
                why = format!("{why}{said}");
            }
        }
        let (width, height) = (position.width(), position.height());
        let region = region.map_or((0, 0, width - 1, height - 1), |(x0, y0, x1, y1)| {
            widen((x0, x1), width, FIGURE_MIN_SPAN).zip_with(widen((y0, y1), height, FIGURE_MIN_SPAN))
        });
        let figure = crate::web::board_svg::render_figure(
            &drawing_of(&after),
            &Marks { last: None, dead: &[], numbers: &numbers },
            region,
        );
        return ProposedGroup { basis: "proven", colour, points: points.join(" "), why, figure: Some(figure) };
    }
    let mut doubt = match &group.reading {
        Some(Verdict::Alive { .. }) => format!(" · {}", ctx.t("basis-reading-alive")),
        Some(Verdict::Unsettled { .. }) => format!(" · {}", ctx.t("basis-reading-unsettled")),
        _ => String::new(),
    };
    // Why the search found no proof, where it looked.
    {
        use crate::domain::games::go::proof::Unproven;
        let unproven = match group.unproven {
            Some(Unproven::OutOfBudget { empty }) => {
                ctx.locale.t_args("basis-unproven-budget", &[("empty", Arg::Num(empty as i64))])
            }
            Some(Unproven::HoldsOut { empty }) => ctx
                .locale
                .t_args("basis-unproven-holds", &[("empty", Arg::Num(empty as i64)), ("own", Arg::Str(&colour))]),
            Some(Unproven::NoZone) => ctx.t("basis-unproven-open"),
            Some(Unproven::Refused) | None => String::new(),
        };
        doubt.push_str(&unproven);
    }
    // What the playouts say of a group: captured and owned, and a large group's size.
    let playouts_say = |key: &str, captured: f32, owned: f32, size: Option<(usize, usize)>| {
        let mut args = vec![
            ("opponent", Arg::Str(&opponent)),
            ("playouts", Arg::Num(group.playouts as i64)),
            ("captured", percent(captured)),
            ("owned", percent(owned)),
        ];
        if let Some((stones, chains)) = size {
            args.extend([("stones", Arg::Num(stones as i64)), ("chains", Arg::Num(chains as i64))]);
        }
        ctx.locale.t_args(key, &args)
    };
    let (basis, why) = match group.basis {
        Basis::Proven => ("proven", ctx.locale.t_args("basis-proven", &[("opponent", Arg::Str(&opponent))])),
        Basis::Estimated { captured, owned } => ("estimated", playouts_say("basis-estimated", captured, owned, None)),
        Basis::LargeGroup { captured, owned, stones, chains } => {
            ("estimated", playouts_say("basis-large-group", captured, owned, Some((stones, chains))))
        }
        Basis::Eyeless { owned } => (
            "estimated",
            ctx.locale.t_args(
                "basis-eyeless",
                &[("opponent", Arg::Str(&opponent)), ("playouts", playouts), ("owned", percent(owned))],
            ),
        ),
    };
    ProposedGroup { basis, colour, points: points.join(" "), why: format!("{why}{doubt}"), figure: None }
}
