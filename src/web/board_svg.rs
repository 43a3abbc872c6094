//! The board as SVG, drawn on the server: lines, star points, coordinates ("D4": columns skip
//! I, rows from the bottom), stones, the last move, stones marked dead, and optionally move
//! numbers. Each point carries `data-point` so the page's script can make it clickable; the
//! page works without it (a coordinate field).
use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

use crate::domain::color::Color;
use crate::domain::games::game_shape::{Drawing, Lines};

const CELL: u32 = 30;
const MARGIN: u32 = 30;

/// What to draw besides the stones.
#[derive(Debug, Default)]
pub struct Marks<'a> {
    pub last: Option<(u8, u8)>,
    pub dead: &'a [(u8, u8)],
    /// Move numbers to write on the stones: (x, y, number).
    pub numbers: &'a [(u8, u8, usize)],
}

/// A lattice point's name in each language of the UI (language code, words), where the UI has
/// words for it (`point-name-<name>`); None for a point named by its number.
fn point_names(name: &str) -> Option<Vec<(&'static str, String)>> {
    use crate::i18n::Locale;
    let key = format!("point-name-{}", name.to_lowercase());
    [(Locale::Zh, "zh"), (Locale::En, "en"), (Locale::Ja, "ja"), (Locale::Ko, "ko")]
        .into_iter()
        .map(|(locale, code)| locale.try_t(&key).map(|words| (code, words)))
        .collect()
}

pub fn render(board: &Drawing, marks: &Marks<'_>) -> String {
    render_view(board, marks, None, Form::Svg)
}

/// [`render`] as the inside of a JSON string (its quotes and backslashes escaped), as the live
/// feed sends it after every change: a grid's frame and its plain stones are kept escaped,
/// so the drawing (some 30 KB on 19×19) is not escaped again a byte at a time.
pub fn render_json(board: &Drawing, marks: &Marks<'_>) -> String {
    render_view(board, marks, None, Form::Json)
}

/// A figure of a reading line: the part of the board from (x0, y0) to (x1, y1) only, drawn as
/// large as the page allows, its move numbers large enough to read on a phone, and written on
/// the empty points too (a stone the line captures later keeps its number where it stood).
pub fn render_figure(board: &Drawing, marks: &Marks<'_>, region: (u8, u8, u8, u8)) -> String {
    render_view(board, marks, Some(region), Form::Svg)
}

/// How a drawing is written: as SVG, or as the inside of a JSON string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    Svg,
    Json,
}

impl Form {
    /// Appends `svg` to `out` in this form.
    fn push(self, out: &mut String, svg: &str) {
        match self {
            Form::Svg => out.push_str(svg),
            Form::Json => push_json_escaped(out, svg),
        }
    }
}

/// `text` as the inside of a JSON string (serde_json's escaping, without its quotes).
fn push_json_escaped(out: &mut String, text: &str) {
    let quoted = serde_json::Value::from(text).to_string();
    out.push_str(&quoted[1..quoted.len() - 1]);
}

/// A part of a drawing kept, and its JSON form made the first time the live feed asks for it
/// (the pages and a dispute's figures only ever need the SVG).
struct Kept {
    svg: String,
    json: OnceLock<String>,
}

impl Kept {
    fn of(svg: String) -> Kept {
        Kept { svg, json: OnceLock::new() }
    }

    fn get(&self, form: Form) -> &str {
        match form {
            Form::Svg => &self.svg,
            Form::Json => self.json.get_or_init(|| {
                let mut json = String::with_capacity(self.svg.len() + self.svg.len() / 8);
                push_json_escaped(&mut json, &self.svg);
                json
            }),
        }
    }
}

fn render_view(board: &Drawing, marks: &Marks<'_>, region: Option<(u8, u8, u8, u8)>, form: Form) -> String {
    if let Lines::Triangles { rows } = board.lines {
        let mut out = String::new();
        form.push(&mut out, &render_triangles(board, rows, marks));
        return out;
    }
    if let Lines::Lattice { points, segments, marked } = &board.lines {
        let mut out = String::new();
        form.push(&mut out, &render_lattice(board, points, segments, marked, marks));
        return out;
    }
    // The whole board (a live board's every change) is drawn on its kept frame; a figure's
    // frame is its own.
    let frame = match region {
        None => GridFrame::kept(board),
        Some(_) => Arc::new(GridFrame::draw(board, region)),
    };
    let (w, h) = (board.width, board.height);
    let px = |i: u8| MARGIN + u32::from(i) * CELL;
    let number_size = if region.is_some() { 16 } else { 11 };
    let head = frame.head.get(form);
    let mut out = String::with_capacity(head.len() + frame.cells.len() * 100 + 16);
    out.push_str(head);
    // The pieces by cell, looked up once rather than searched for at every point.
    let mut pieces = vec![None; usize::from(w) * usize::from(h)];
    for piece in &board.pieces {
        if piece.x < w && piece.y < h {
            pieces[usize::from(piece.y) * usize::from(w) + usize::from(piece.x)].get_or_insert(piece);
        }
    }
    // What is drawn for one point beyond its kept parts, in SVG before it is written.
    let mut drawn = String::new();
    for y in 0..h {
        for x in 0..w {
            let (cx, cy) = (px(x), px(y));
            let cell = usize::from(y) * usize::from(w) + usize::from(x);
            let kept = &frame.cells[cell];
            let name = &kept.name;
            drawn.clear();
            match pieces[cell] {
                Some(piece) => {
                    let colour = piece.colour;
                    let ink = match colour {
                        Color::Black => "#fff",
                        Color::White => "#111",
                    };
                    let dead = marks.dead.contains(&(x, y));
                    if dead {
                        let fill = if colour == Color::Black { "#111" } else { "#f8f8f8" };
                        let _ = write!(
                            drawn,
                            r##"<circle class="stone {colour} dead" data-point="{name}" cx="{cx}" cy="{cy}" r="14" fill="{fill}" stroke="#111" opacity="0.5"/>"##
                        );
                    } else {
                        let stone = match colour {
                            Color::Black => &kept.black,
                            Color::White => &kept.white,
                        };
                        out.push_str(stone.get(form));
                    }
                    if let Some(label) = piece.label {
                        // What is written on the piece (四季棋's seasons, a stack's height).
                        let _ = write!(
                            drawn,
                            r#"<text x="{cx}" y="{}" font-size="15" text-anchor="middle" fill="{ink}" pointer-events="none">{label}</text>"#,
                            cy + 5
                        );
                    } else if let Some(&(_, _, n)) = marks.numbers.iter().rev().find(|&&(nx, ny, _)| (nx, ny) == (x, y))
                    {
                        let _ = write!(
                            drawn,
                            r#"<text class="move-number" x="{cx}" y="{}" font-size="{number_size}" text-anchor="middle" fill="{ink}" pointer-events="none">{n}</text>"#,
                            cy + number_size / 3
                        );
                    } else if marks.last == Some((x, y)) {
                        let _ = write!(
                            drawn,
                            r#"<circle class="last" cx="{cx}" cy="{cy}" r="6" fill="none" stroke="{ink}" stroke-width="2" pointer-events="none"/>"#
                        );
                    }
                    if dead {
                        let _ = write!(
                            drawn,
                            r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="#c00" stroke-width="3" pointer-events="none"/>"##,
                            cx - 7,
                            cy - 7,
                            cx + 7,
                            cy + 7,
                            cx + 7,
                            cy - 7,
                            cx - 7,
                            cy + 7
                        );
                    }
                }
                None if board.offered.iter().any(|p| (p.x, p.y) == (x, y)) => {
                    let _ = write!(
                        drawn,
                        r##"<circle class="stone black offered" data-point="{name}" cx="{cx}" cy="{cy}" r="14" fill="#111" stroke="#111" opacity="0.45"/>"##
                    );
                }
                None => {
                    out.push_str(kept.empty.get(form));
                    // In a figure, a stone played and captured later in the line keeps its
                    // number where it stood.
                    if region.is_some()
                        && let Some(&(_, _, n)) = marks.numbers.iter().rev().find(|&&(nx, ny, _)| (nx, ny) == (x, y))
                    {
                        let _ = write!(
                            drawn,
                            r##"<text class="move-number captured" x="{cx}" y="{}" font-size="{number_size}" text-anchor="middle" fill="#7a1f1f" font-style="italic" pointer-events="none">{n}</text>"##,
                            cy + number_size / 3
                        );
                    }
                }
            }
            if !drawn.is_empty() {
                form.push(&mut out, &drawn);
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// One cell of a grid's frame: its name, and its point when empty and its plain stones (not
/// marked dead) as drawn, in both forms.
struct Cell {
    name: String,
    empty: Kept,
    black: Kept,
    white: Kept,
}

/// What a grid's drawing is whatever its pieces: the board, its lines, star points and
/// coordinates (`head`), and each cell's parts. A live board is drawn again after every change
/// of every game, and most of the drawing is this: it is drawn once per shape of board and
/// kept (see [`GridFrame::kept`]).
struct GridFrame {
    width: u8,
    height: u8,
    lines: Lines,
    column_labels: Vec<String>,
    row_labels: Vec<String>,
    head: Kept,
    cells: Vec<Cell>,
}

impl GridFrame {
    /// The frame of `board`'s whole view, drawn the first time a board of its shape is and
    /// kept (a few shapes: go's 9, 13 and 19 lines, the folk games' grids).
    fn kept(board: &Drawing) -> Arc<GridFrame> {
        /// Shapes beyond these are drawn each time rather than kept (none are in the app).
        const MOST_KEPT: usize = 64;
        static KEPT: OnceLock<Mutex<Vec<Arc<GridFrame>>>> = OnceLock::new();
        let kept = KEPT.get_or_init(Default::default);
        let found =
            kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).iter().find(|f| f.is_of(board)).cloned();
        if let Some(frame) = found {
            return frame;
        }
        let frame = Arc::new(GridFrame::draw(board, None));
        let mut kept = kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if kept.len() < MOST_KEPT && !kept.iter().any(|f| f.is_of(board)) {
            kept.push(frame.clone());
        }
        frame
    }

    fn is_of(&self, board: &Drawing) -> bool {
        (self.width, self.height) == (board.width, board.height)
            && self.lines == board.lines
            && self.column_labels == board.column_labels
            && self.row_labels == board.row_labels
    }

    /// The frame of `board`, of the part `region` when it is a figure's.
    fn draw(board: &Drawing, region: Option<(u8, u8, u8, u8)>) -> GridFrame {
        let (w, h) = (board.width, board.height);
        let px = |i: u8| MARGIN + u32::from(i) * CELL;
        let (width, height) = (2 * MARGIN + (u32::from(w) - 1) * CELL, 2 * MARGIN + (u32::from(h) - 1) * CELL);
        let mut out = String::with_capacity(120 * (usize::from(w) + usize::from(h)));
        // A figure shows its region with half a cell round it; the numbers are larger there.
        let view = match region {
            Some((x0, y0, x1, y1)) => {
                // At the board's edge the figure keeps the margin, with its coordinates.
                let left = if x0 == 0 { 0 } else { px(x0) - CELL / 2 - 2 };
                let top = if y0 == 0 { 0 } else { px(y0) - CELL / 2 - 2 };
                let right = if x1 + 1 >= w { width } else { px(x1) + CELL / 2 + 2 };
                let bottom = if y1 + 1 >= h { height } else { px(y1) + CELL / 2 + 2 };
                (left, top, right - left, bottom - top)
            }
            None => (0, 0, width, height),
        };
        let _ = write!(
            out,
            r##"<svg class="board{}" xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" role="img" aria-label="{w}×{h}"><rect width="{width}" height="{height}" fill="#dcb35c"/><g stroke="#222" stroke-width="1">"##,
            if region.is_some() { " figure" } else { "" },
            view.0,
            view.1,
            view.2,
            view.3
        );
        for i in 0..w {
            let _ = write!(out, r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#, px(i), MARGIN, px(h - 1));
        }
        for j in 0..h {
            let _ = write!(out, r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}"/>"#, px(j), MARGIN, px(w - 1));
        }
        if let Lines::Grid { diagonals, .. } = &board.lines {
            for [(x1, y1), (x2, y2)] in diagonals {
                let _ = write!(out, r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#, px(*x1), px(*y1), px(*x2), px(*y2));
            }
        }
        out.push_str("</g>");
        let marked = match &board.lines {
            Lines::Grid { marked, .. } => marked.as_slice(),
            Lines::Triangles { .. } | Lines::Lattice { .. } => &[],
        };
        for &(x, y) in marked {
            let _ = write!(out, r##"<circle cx="{}" cy="{}" r="3" fill="#222"/>"##, px(x), px(y));
        }
        out.push_str(r##"<g font-size="12" fill="#333" text-anchor="middle" font-family="sans-serif">"##);
        for (i, label) in (0..w).zip(&board.column_labels) {
            let _ = write!(out, r#"<text x="{}" y="{}">{label}</text>"#, px(i), height - 10);
            let _ = write!(out, r#"<text x="{}" y="18">{label}</text>"#, px(i));
        }
        for (j, row) in (0..h).zip(&board.row_labels) {
            let _ = write!(out, r#"<text x="14" y="{}">{row}</text>"#, px(j) + 4);
            let _ = write!(out, r#"<text x="{}" y="{}">{row}</text>"#, width - 14, px(j) + 4);
        }
        out.push_str("</g>");
        let mut cells = Vec::with_capacity(usize::from(w) * usize::from(h));
        for y in 0..h {
            for x in 0..w {
                let name = cell_name(board, x, y);
                let (cx, cy) = (px(x), px(y));
                let stone = |colour: Color, fill: &str| {
                    format!(
                        r##"<circle class="stone {colour}" data-point="{name}" cx="{cx}" cy="{cy}" r="14" fill="{fill}" stroke="#111"/>"##
                    )
                };
                cells.push(Cell {
                    empty: Kept::of(format!(
                        r#"<circle class="point" data-point="{name}" cx="{cx}" cy="{cy}" r="14" fill="transparent"/>"#
                    )),
                    black: Kept::of(stone(Color::Black, "#111")),
                    white: Kept::of(stone(Color::White, "#f8f8f8")),
                    name,
                });
            }
        }
        GridFrame {
            width: w,
            height: h,
            lines: board.lines.clone(),
            column_labels: board.column_labels.clone(),
            row_labels: board.row_labels.clone(),
            head: Kept::of(out),
            cells,
        }
    }
}

/// Points on a fine lattice joined by the board's lines (六角棋's hexagon, 七星棋's Dipper):
/// each point a clickable circle named as the game names it, with its name written small
/// beside it, the marked ones (七星棋's stars) as big rings. The scale fits the board to about
/// 640 units across.
fn render_lattice(
    board: &Drawing,
    points: &[((u8, u8), String)],
    segments: &[[(u8, u8); 2]],
    marked: &[(u8, u8)],
    marks: &Marks<'_>,
) -> String {
    let half = (640.0 / f64::from(board.width.saturating_sub(1).max(1))).min(28.0);
    let row = half * 3f64.sqrt();
    // Pieces as big as the nearest two points allow.
    let nearest = points
        .iter()
        .flat_map(|(a, _)| points.iter().filter(move |(b, _)| b != a).map(move |(b, _)| (a, b)))
        .map(|(a, b)| ((f64::from(a.0) - f64::from(b.0)) * half).hypot((f64::from(a.1) - f64::from(b.1)) * row))
        .fold(f64::MAX, f64::min);
    let radius = (nearest * 0.42).min(26.0);
    let margin = 36.0;
    let px = |x: u8| margin + f64::from(x) * half;
    let py = |y: u8| margin + f64::from(y) * row;
    let width = 2.0 * margin + f64::from(board.width.saturating_sub(1)) * half;
    let height = 2.0 * margin + f64::from(board.height.saturating_sub(1)) * row;
    let mut out = String::with_capacity(200 * points.len());
    let _ = write!(
        out,
        r##"<svg class="board lattice" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" role="img" aria-label="{}"><rect width="{width:.0}" height="{height:.0}" fill="#dcb35c"/><g stroke="#222" stroke-width="1.5">"##,
        points.len()
    );
    for [(x1, y1), (x2, y2)] in segments {
        let _ =
            write!(out, r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#, px(*x1), py(*y1), px(*x2), py(*y2));
    }
    out.push_str("</g>");
    for ((x, y), name) in points {
        let (cx, cy) = (px(*x), py(*y));
        let ring = if marked.contains(&(*x, *y)) { radius } else { radius * 0.45 };
        let _ = write!(
            out,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{ring:.1}" fill="#dcb35c" stroke="#222" stroke-width="1.5"/>"##
        );
        let label = |class: &str, text: &str| {
            format!(
                r##"<text{class} x="{:.1}" y="{:.1}" font-size="{:.0}" fill="#333" font-family="sans-serif" pointer-events="none">{text}</text>"##,
                cx + radius * 0.8,
                cy - radius * 0.75,
                (radius * 0.6).max(11.0)
            )
        };
        // A point with a name in words (八卦棋's eyes, directions and arcs) is labelled in
        // every language, each shown on pages of its own language (app.css): one drawing
        // serves every watcher of the board. A numbered point keeps its number.
        match point_names(name) {
            Some(names) => {
                for (code, text) in names {
                    out.push_str(&label(&format!(r#" class="point-label lang-{code}""#), &text));
                }
            }
            None => out.push_str(&label("", name)),
        }
        match board.pieces.iter().find(|p| (p.x, p.y) == (*x, *y)) {
            Some(piece) => {
                let (class, fill, ink) = match (piece.shared, piece.colour) {
                    (true, _) => ("shared", "#8b3a1a", "#fff"),
                    (false, Color::Black) => ("black", "#111", "#fff"),
                    (false, Color::White) => ("white", "#f8f8f8", "#111"),
                };
                let _ = write!(
                    out,
                    r##"<circle class="stone {class}" data-point="{name}" cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="{fill}" stroke="#111"/>"##
                );
                if let Some(label) = piece.label {
                    let _ = write!(
                        out,
                        r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle" fill="{ink}" pointer-events="none">{label}</text>"#,
                        cy + radius * 0.35,
                        radius
                    );
                } else if marks.last == Some((*x, *y)) {
                    let _ = write!(
                        out,
                        r#"<circle class="last" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="{ink}" stroke-width="2" pointer-events="none"/>"#,
                        radius * 0.35
                    );
                }
            }
            None => {
                let _ = write!(
                    out,
                    r#"<circle class="point" data-point="{name}" cx="{cx:.1}" cy="{cy:.1}" r="{radius:.1}" fill="transparent"/>"#
                );
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// A triangle of small triangles (三通棋): each cell a clickable triangle named as the game
/// names it ("3-2": row and place from the apex), each piece a stone at its centre.
fn render_triangles(board: &Drawing, rows: u8, marks: &Marks<'_>) -> String {
    const SIDE: f64 = 64.0;
    let height_of_row = SIDE * 3f64.sqrt() / 2.0;
    let margin = 24.0;
    let width = 2.0 * margin + f64::from(rows) * SIDE;
    let height = 2.0 * margin + f64::from(rows) * height_of_row;
    let apex_x = width / 2.0;
    let mut out = String::with_capacity(200 * usize::from(rows) * usize::from(rows));
    let _ = write!(
        out,
        r##"<svg class="board triangles" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" role="img" aria-label="{rows}×{rows}"><rect width="{width:.0}" height="{height:.0}" fill="#dcb35c"/>"##
    );
    for row in 0..rows {
        let top = margin + f64::from(row) * height_of_row;
        let bottom = top + height_of_row;
        for k in 0..=2 * row {
            let j = f64::from(k / 2);
            // Upward: its base on the row's bottom line; downward: its top side on the row's top line.
            let points = if k % 2 == 0 {
                let left = apex_x - f64::from(row + 1) * SIDE / 2.0 + j * SIDE;
                [(left, bottom), (left + SIDE, bottom), (left + SIDE / 2.0, top)]
            } else {
                let left = apex_x - f64::from(row) * SIDE / 2.0 + j * SIDE;
                [(left, top), (left + SIDE, top), (left + SIDE / 2.0, bottom)]
            };
            let (cx, cy) =
                ((points[0].0 + points[1].0 + points[2].0) / 3.0, (points[0].1 + points[1].1 + points[2].1) / 3.0);
            let name = format!("{}-{}", row + 1, k + 1);
            let corners = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect::<Vec<_>>().join(" ");
            match board.piece_at(k, row) {
                Some(colour) => {
                    let fill = if colour == Color::Black { "#111" } else { "#f8f8f8" };
                    let _ = write!(out, r##"<polygon points="{corners}" fill="none" stroke="#222"/>"##);
                    let _ = write!(
                        out,
                        r##"<circle class="stone {colour}" data-point="{name}" cx="{cx:.1}" cy="{cy:.1}" r="11" fill="{fill}" stroke="#111"/>"##
                    );
                    if marks.last == Some((k, row)) {
                        let ink = if colour == Color::Black { "#fff" } else { "#111" };
                        let _ = write!(
                            out,
                            r#"<circle class="last" cx="{cx:.1}" cy="{cy:.1}" r="4" fill="none" stroke="{ink}" stroke-width="2" pointer-events="none"/>"#
                        );
                    }
                }
                None => {
                    let _ = write!(
                        out,
                        r##"<polygon class="point" data-point="{name}" points="{corners}" fill="transparent" stroke="#222"/>"##
                    );
                }
            }
        }
    }
    out.push_str("</svg>");
    out
}

/// A cell's name from the drawing's labels ("D4").
fn cell_name(board: &Drawing, x: u8, y: u8) -> String {
    let label = |labels: &[String], i: u8| labels.get(usize::from(i)).cloned().unwrap_or_default();
    format!("{}{}", label(&board.column_labels, x), label(&board.row_labels, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::games::go::board::Board;
    use crate::domain::games::go::shape::drawing_of;

    #[test]
    fn draws_stones_marks_and_named_points() {
        let mut board = Board::new(9, 9).unwrap_or_else(|e| panic!("{e}"));
        if let (Some(a), Some(b)) = (board.point(2, 6), board.point(6, 2)) {
            board.set_stone(a, Color::Black);
            board.set_stone(b, Color::White);
        }
        let svg = render(&drawing_of(&board), &Marks { last: Some((6, 2)), dead: &[(2, 6)], numbers: &[] });
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches(r#"class="point""#).count(), 79, "every empty point is named");
        assert!(svg.contains(r#"class="stone black dead" data-point="C3""#), "{svg}");
        assert!(svg.contains(r#"class="stone white" data-point="G7""#));
        assert_eq!(svg.matches(r#"class="last""#).count(), 1);
        assert_eq!(svg.matches("<text").count(), 36, "coordinates on four sides");
    }

    #[test]
    fn a_board_of_one_size_with_other_lines_or_labels_is_drawn_with_its_own() {
        use crate::domain::games::game_shape::{Lines, Piece};
        let go = drawing_of(&Board::new(9, 9).unwrap_or_else(|e| panic!("{e}")));
        let first = render(&go, &Marks::default());
        // Another game's 9×9 grid, its cells named otherwise and without star points.
        let mut other =
            Drawing::of(9, 9, Lines::Grid { marked: Vec::new(), diagonals: vec![[(0, 0), (8, 8)]] }, Vec::new());
        other.column_labels = (1..=9).map(|n| n.to_string()).collect();
        other.row_labels = ('a'..='i').map(String::from).collect();
        other.pieces.push(Piece::new(4, 4, Color::White));
        let drawn = render(&other, &Marks::default());
        assert!(drawn.contains(r#"data-point="1a""#) && !drawn.contains(r#"data-point="A9""#), "{drawn}");
        assert!(drawn.contains(r#"class="stone white" data-point="5e""#));
        assert_eq!(drawn.matches(r#"class="point""#).count(), 80);
        assert_eq!(drawn.matches(r##"r="3" fill="#222""##).count(), 0, "no star points");
        assert!(drawn.contains(r#"<line x1="30" y1="30" x2="270" y2="270"/>"#), "its diagonal");
        // The go board after it is drawn as before, and a figure of it keeps its own frame.
        assert_eq!(render(&go, &Marks::default()), first);
        assert_eq!(first.matches(r##"r="3" fill="#222""##).count(), 5, "the star points");
        let figure = render_figure(&go, &Marks::default(), (0, 0, 4, 4));
        assert!(figure.starts_with(r#"<svg class="board figure""#) && figure.contains(r#"data-point="A9""#));
    }

    #[test]
    fn the_drawing_as_a_json_string_is_the_drawing() {
        use crate::domain::games::game_shape::Piece;
        let mut board = Board::new(13, 13).unwrap_or_else(|e| panic!("{e}"));
        for (x, y, colour) in [(3, 3, Color::Black), (9, 9, Color::White), (3, 9, Color::Black), (4, 4, Color::White)] {
            if let Some(p) = board.point(x, y) {
                board.set_stone(p, colour);
            }
        }
        let mut drawing = drawing_of(&board);
        drawing.offered.push(Piece::new(6, 6, Color::Black));
        drawing.pieces[0].label = Some("春");
        let marks = Marks { last: Some((4, 4)), dead: &[(3, 9)], numbers: &[(9, 9, 12)] };
        let as_json = render_json(&drawing, &marks);
        let read: String = serde_json::from_str(&format!("\"{as_json}\"")).unwrap_or_else(|e| panic!("{e}: {as_json}"));
        assert_eq!(read, render(&drawing, &marks));
        assert!(read.contains(r#"class="stone black dead""#) && read.contains("春") && read.contains(">12</text>"));
        assert!(read.contains(r#"class="stone black offered""#) && read.contains(r#"class="last""#));
    }
}
