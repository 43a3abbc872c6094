//! The venue's paper as PDF: table cards, result slips, pairings sorted by name and the
//! standings sheet, on A4. Each sheet is first laid out as plain drawing items (text, lines,
//! boxes) in points, top-left origin; [`Typesetter::render`] then writes them with krilla,
//! embedding the subset of the CJK font the text uses. Text that would run past its box is
//! set smaller until it fits, so nothing is clipped (the unit tests check every item lies on
//! the page).
use std::sync::OnceLock;

use krilla::Document;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, GlyphId, KrillaGlyph};

/// A4 in points.
pub const PAGE_WIDTH: f32 = 595.28;
pub const PAGE_HEIGHT: f32 = 841.89;
/// The margin every item keeps from the page's edge (12 mm: what office printers leave).
pub const MARGIN: f32 = 34.0;
/// The smallest type a fitted text is set in.
const MIN_SIZE: f32 = 6.0;

/// Where the font is looked for: Debian's fonts-noto-cjk (which the README's test command
/// installs), then the same font elsewhere. `YUNZI_PDF_FONT` names another file (a .ttc's
/// Simplified Chinese face is used).
const FONT_PLACES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/local/share/fonts/NotoSansCJK-Regular.ttc",
    "/opt/homebrew/share/fonts/NotoSansCJK-Regular.ttc",
];

/// The face of Noto Sans CJK's collection that draws Simplified Chinese (0 is Japanese).
const SIMPLIFIED_CHINESE_FACE: u32 = 2;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One thing drawn on a page, in points from the top-left corner.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// Text on the baseline `y`, aligned on `x` as `align` says, at most `width` wide.
    Text {
        x: f32,
        y: f32,
        size: f32,
        width: f32,
        align: Align,
        text: String,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
    },
    Box {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        width: f32,
    },
    /// Filled rectangles drawn as one path (a QR code's dark modules, each row's runs joined):
    /// (x, y, width, height) each.
    Fill {
        rects: Vec<(f32, f32, f32, f32)>,
    },
}

pub type Page = Vec<Item>;

/// The font, read once, with what measures and shapes text in it.
pub struct Typesetter {
    font: Font,
    face: rustybuzz::Face<'static>,
    units_per_em: f32,
}

/// The font for the process: read on first use; None when no CJK font is installed.
pub fn typesetter() -> Option<&'static Typesetter> {
    static LOADED: OnceLock<Option<Typesetter>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let chosen = std::env::var("YUNZI_PDF_FONT").ok();
            let places = chosen.iter().map(String::as_str).chain(FONT_PLACES.iter().copied());
            places.filter_map(|path| std::fs::read(path).ok()).find_map(Typesetter::from_bytes)
        })
        .as_ref()
}

impl Typesetter {
    /// The collection's Simplified Chinese face, or a single font's only face.
    fn from_bytes(bytes: Vec<u8>) -> Option<Typesetter> {
        // Read once for the life of the process: the shaper borrows the bytes for ever.
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let index = if rustybuzz::Face::from_slice(bytes, SIMPLIFIED_CHINESE_FACE).is_some() {
            SIMPLIFIED_CHINESE_FACE
        } else {
            0
        };
        let face = rustybuzz::Face::from_slice(bytes, index)?;
        let font = Font::new(bytes.into(), index)?;
        // Every name must draw: a font without Chinese is no use here.
        face.glyph_index('棋')?;
        Some(Typesetter { units_per_em: face.units_per_em() as f32, face, font })
    }

    /// The glyphs of `text` and its width in ems.
    fn shape(&self, text: &str) -> (Vec<KrillaGlyph>, f32) {
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(&self.face, &[], buffer);
        let (infos, positions) = (shaped.glyph_infos(), shaped.glyph_positions());
        let em = self.units_per_em;
        let mut width = 0.0;
        let glyphs = infos
            .iter()
            .zip(positions)
            .enumerate()
            .map(|(i, (info, position))| {
                let start = info.cluster as usize;
                let end = infos[i + 1..].iter().map(|g| g.cluster as usize).find(|&c| c != start).unwrap_or(text.len());
                let advance = position.x_advance as f32 / em;
                width += advance;
                KrillaGlyph::new(
                    GlyphId::new(info.glyph_id),
                    advance,
                    position.x_offset as f32 / em,
                    position.y_offset as f32 / em,
                    position.y_advance as f32 / em,
                    start..end,
                    None,
                )
            })
            .collect();
        (glyphs, width)
    }

    /// How wide `text` is at `size`, in points.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.shape(text).1 * size
    }

    /// The size `text` is set in to fit `width` (at most `size`).
    pub fn fitted(&self, text: &str, size: f32, width: f32) -> f32 {
        let natural = self.width(text, size);
        if natural <= width { size } else { (size * width / natural).max(MIN_SIZE) }
    }

    /// The pages as a PDF.
    pub fn render(&self, pages: &[Page]) -> Result<Vec<u8>, String> {
        let mut document = Document::new();
        let settings = PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or("the A4 page")?;
        for items in pages {
            let mut page = document.start_page_with(settings.clone());
            let mut surface = page.surface();
            for item in items {
                match *item {
                    Item::Line { x1, y1, x2, y2, width } => {
                        let mut line = PathBuilder::new();
                        line.move_to(x1, y1);
                        line.line_to(x2, y2);
                        if let Some(path) = line.finish() {
                            surface.set_fill(None);
                            surface.set_stroke(Some(Stroke { width, ..Default::default() }));
                            surface.draw_path(&path);
                        }
                    }
                    Item::Box { x, y, w, h, width } => {
                        if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                            let mut outline = PathBuilder::new();
                            outline.push_rect(rect);
                            if let Some(path) = outline.finish() {
                                surface.set_fill(None);
                                surface.set_stroke(Some(Stroke { width, ..Default::default() }));
                                surface.draw_path(&path);
                            }
                        }
                    }
                    Item::Fill { ref rects } => {
                        let mut shape = PathBuilder::new();
                        for &(x, y, w, h) in rects {
                            if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                                shape.push_rect(rect);
                            }
                        }
                        if let Some(path) = shape.finish() {
                            surface.set_stroke(None);
                            surface.set_fill(Some(Fill::default()));
                            surface.draw_path(&path);
                        }
                    }
                    Item::Text { x, y, size, width, align, ref text } => {
                        let size = self.fitted(text, size, width);
                        let (glyphs, ems) = self.shape(text);
                        let left = left_edge(x, ems * size, align);
                        surface.set_stroke(None);
                        surface.set_fill(Some(Fill::default()));
                        surface.draw_glyphs(Point::from_xy(left, y), &glyphs, self.font.clone(), text, size, false);
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish().map_err(|e| format!("{e:?}"))
    }
}

/// Where a text `drawn` points wide starts, aligned on `x`.
fn left_edge(x: f32, drawn: f32, align: Align) -> f32 {
    match align {
        Align::Left => x,
        Align::Centre => x - drawn / 2.0,
        Align::Right => x - drawn,
    }
}

// The sheets.

/// One side of a board as the paper names it.
#[derive(Debug, Clone)]
pub struct Seat {
    pub name: String,
    /// The rank as the reader writes it (5段, 3d …).
    pub rank: String,
    pub club: String,
}

impl Seat {
    fn line(&self) -> String {
        let mut line = format!("{}  {}", self.name, self.rank);
        if !self.club.is_empty() {
            line.push_str(&format!("  {}", self.club));
        }
        line
    }
}

#[derive(Debug, Clone)]
pub struct Board {
    pub number: i32,
    pub black: Seat,
    pub white: Seat,
    /// "让2子" / "2 stones", empty for an even game.
    pub handicap: String,
    /// Players' own results: the board's report page, printed as a QR code.
    pub report_link: Option<String>,
}

/// The words the sheets print, in the reader's language.
#[derive(Debug, Clone)]
pub struct Words {
    pub title: String,
    pub round: String,
    pub komi: String,
    pub time_control: String,
    /// "第{n}台" style: the board's label with `{n}` for its number.
    pub board: String,
    pub black: String,
    pub white: String,
    pub outcomes: Vec<String>,
    pub signatures: Vec<String>,
    /// The words beside a board's QR code ("scan to report the result").
    pub scan: String,
}

impl Words {
    fn board(&self, number: i32) -> String {
        self.board.replace("{n}", &number.to_string())
    }
}

fn text(x: f32, y: f32, size: f32, width: f32, align: Align, content: impl Into<String>) -> Item {
    Item::Text { x, y, size, width, align, text: content.into() }
}

const USABLE: f32 = PAGE_WIDTH - 2.0 * MARGIN;

/// The terms of a board's game: handicap, komi, time control (those it has).
pub fn terms(words: &Words, board: &Board) -> String {
    [board.handicap.as_str(), words.komi.as_str(), words.time_control.as_str()]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// `link`'s QR code as squares, `size` points wide with its top-left corner at (x, y) (the
/// quiet zone included).
fn qr_code(page: &mut Page, x: f32, y: f32, size: f32, link: &str) {
    let Some((width, dark)) = super::qr::modules(link) else { return };
    let module = size / (width + 8) as f32;
    // Each row's runs of dark modules as one rectangle, the whole code one path: a page of
    // codes stays small and quick to write.
    let mut rects = Vec::new();
    for row in 0..width {
        let mut columns: Vec<usize> = dark.iter().filter(|(_, r)| *r == row).map(|(c, _)| *c).collect();
        columns.sort_unstable();
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for column in columns {
            match runs.last_mut() {
                Some((_, end)) if *end == column => *end += 1,
                _ => runs.push((column, column + 1)),
            }
        }
        for (start, end) in runs {
            let (left, top) = (x + (start + 4) as f32 * module, y + (row + 4) as f32 * module);
            rects.push((left, top, (end - start) as f32 * module, module));
        }
    }
    page.push(Item::Fill { rects });
}

/// `per_page` boards a page, each drawn by `draw` into its band (top, height) of the page.
fn bands(boards: &[Board], per_page: usize, draw: impl Fn(&mut Page, f32, f32, &Board)) -> Vec<Page> {
    let height = (PAGE_HEIGHT - 2.0 * MARGIN) / per_page as f32;
    boards
        .chunks(per_page)
        .map(|chunk| {
            let mut page = Vec::new();
            for (i, board) in chunk.iter().enumerate() {
                draw(&mut page, MARGIN + i as f32 * height, height, board);
            }
            page
        })
        .collect()
}

/// Two cards a page, to stand on the board: the board's number large, the two players below.
pub fn table_cards(words: &Words, boards: &[Board]) -> Vec<Page> {
    bands(boards, 2, |page, top, height, board| {
        let (centre, width) = (PAGE_WIDTH / 2.0, USABLE - 20.0);
        page.push(Item::Box { x: MARGIN, y: top + 6.0, w: USABLE, h: height - 12.0, width: 0.8 });
        let heading = format!("{} · {}", words.title, words.round);
        page.push(text(centre, top + 40.0, 14.0, width, Align::Centre, heading));
        page.push(text(centre, top + 150.0, 88.0, width, Align::Centre, words.board(board.number)));
        let black = format!("{}  {}", words.black, board.black.line());
        page.push(text(centre, top + 230.0, 22.0, width, Align::Centre, black));
        let white = format!("{}  {}", words.white, board.white.line());
        page.push(text(centre, top + 275.0, 22.0, width, Align::Centre, white));
        // The report page's code in the corner; the line of terms keeps clear of it.
        let terms_width = if board.report_link.is_some() { width - 140.0 } else { width };
        page.push(text(centre, top + 320.0, 12.0, terms_width, Align::Centre, terms(words, board)));
        if let Some(link) = &board.report_link {
            let (size, right) = (60.0, MARGIN + USABLE - 6.0);
            qr_code(page, right - size, top + height - 14.0 - size, size, link);
            page.push(text(right - size - 4.0, top + height - 20.0, 8.0, 150.0, Align::Right, words.scan.clone()));
        }
    })
}

/// Four slips a page, to cut apart: the board, the players and colours, the terms, boxes to
/// tick the result and lines to sign.
pub fn result_slips(words: &Words, boards: &[Board]) -> Vec<Page> {
    bands(boards, 4, |page, top, height, board| {
        let (left, inner) = (MARGIN + 10.0, USABLE - 20.0);
        page.push(Item::Box { x: MARGIN, y: top + 4.0, w: USABLE, h: height - 8.0, width: 0.8 });
        page.push(text(left, top + 26.0, 16.0, inner * 0.4, Align::Left, words.board(board.number)));
        let heading = format!("{} · {}", words.title, words.round);
        page.push(text(MARGIN + USABLE - 10.0, top + 26.0, 10.0, inner * 0.6, Align::Right, heading));
        // The report page's code at the right; the lines beside it keep clear of it.
        let beside = if board.report_link.is_some() { inner - 80.0 } else { inner };
        let black = format!("{}  {}", words.black, board.black.line());
        page.push(text(left, top + 52.0, 12.0, beside, Align::Left, black));
        let white = format!("{}  {}", words.white, board.white.line());
        page.push(text(left, top + 72.0, 12.0, beside, Align::Left, white));
        page.push(text(left, top + 92.0, 9.0, beside, Align::Left, terms(words, board)));
        if let Some(link) = &board.report_link {
            let (size, right) = (62.0, MARGIN + USABLE - 8.0);
            qr_code(page, right - size, top + 32.0, size, link);
            page.push(text(right - size - 4.0, top + 92.0, 7.0, 60.0, Align::Right, words.scan.clone()));
        }
        // Result boxes, evenly across the slip.
        let step = inner / words.outcomes.len().max(1) as f32;
        for (k, outcome) in words.outcomes.iter().enumerate() {
            let x = left + k as f32 * step;
            page.push(Item::Box { x, y: top + 104.0, w: 11.0, h: 11.0, width: 0.8 });
            page.push(text(x + 16.0, top + 114.0, 11.0, step - 20.0, Align::Left, outcome.clone()));
        }
        // Signature lines.
        let step = inner / words.signatures.len().max(1) as f32;
        for (k, who) in words.signatures.iter().enumerate() {
            let x = left + k as f32 * step;
            page.push(text(x, top + 160.0, 10.0, step - 10.0, Align::Left, who.clone()));
            page.push(Item::Line { x1: x, y1: top + 164.0, x2: x + step - 14.0, y2: top + 164.0, width: 0.5 });
        }
    })
}

/// A table over as many pages as it needs, its header on each: `widths` are fractions of the
/// usable width; the first column left-aligned, numbers (the rest) right-aligned unless text.
pub fn table(heading: &str, columns: &[String], widths: &[f32], rows: &[Vec<String>], numeric: &[bool]) -> Vec<Page> {
    const ROW: f32 = 18.0;
    let first = MARGIN + 56.0;
    let per_page = ((PAGE_HEIGHT - MARGIN - first) / ROW).floor().max(1.0) as usize;
    let lefts: Vec<f32> = widths
        .iter()
        .scan(MARGIN, |x, w| {
            let left = *x;
            *x += w * USABLE;
            Some(left)
        })
        .collect();
    let cell = |page: &mut Page, column: usize, y: f32, size: f32, content: &str| {
        let width = widths[column] * USABLE - 6.0;
        let (x, align) = if numeric.get(column).copied().unwrap_or(false) {
            (lefts[column] + widths[column] * USABLE - 4.0, Align::Right)
        } else {
            (lefts[column] + 2.0, Align::Left)
        };
        page.push(text(x, y, size, width, align, content));
    };
    let chunks: Vec<&[Vec<String>]> = if rows.is_empty() { vec![&[]] } else { rows.chunks(per_page).collect() };
    let count = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(n, chunk)| {
            let mut page = Vec::new();
            page.push(text(MARGIN, MARGIN + 16.0, 15.0, USABLE * 0.8, Align::Left, heading));
            page.push(text(
                PAGE_WIDTH - MARGIN,
                MARGIN + 16.0,
                9.0,
                USABLE * 0.2,
                Align::Right,
                format!("{}/{}", n + 1, count),
            ));
            for (column, title) in columns.iter().enumerate() {
                cell(&mut page, column, first - 8.0, 9.5, title);
            }
            page.push(Item::Line { x1: MARGIN, y1: first - 4.0, x2: PAGE_WIDTH - MARGIN, y2: first - 4.0, width: 0.8 });
            for (r, row) in chunk.iter().enumerate() {
                let y = first + ROW * (r as f32 + 0.75);
                for (column, content) in row.iter().enumerate().take(columns.len()) {
                    cell(&mut page, column, y, 10.5, content);
                }
                page.push(Item::Line { x1: MARGIN, y1: y + 5.0, x2: PAGE_WIDTH - MARGIN, y2: y + 5.0, width: 0.25 });
            }
            page
        })
        .collect()
}

/// Whether every item lies inside the page's margins (the text at the size it is fitted to).
pub fn on_the_page(typesetter: &Typesetter, pages: &[Page]) -> Result<(), String> {
    let inside = |x: f32, y: f32| {
        (MARGIN - 0.5..=PAGE_WIDTH - MARGIN + 0.5).contains(&x)
            && (MARGIN - 0.5..=PAGE_HEIGHT - MARGIN + 0.5).contains(&y)
    };
    for (n, page) in pages.iter().enumerate() {
        for item in page {
            let ok = match *item {
                Item::Line { x1, y1, x2, y2, .. } => inside(x1, y1) && inside(x2, y2),
                Item::Box { x, y, w, h, .. } => inside(x, y) && inside(x + w, y + h),
                Item::Fill { ref rects } => rects.iter().all(|&(x, y, w, h)| inside(x, y) && inside(x + w, y + h)),
                Item::Text { x, y, size, width, align, ref text } => {
                    let size = typesetter.fitted(text, size, width);
                    let drawn = typesetter.width(text, size);
                    let left = left_edge(x, drawn, align);
                    drawn <= width + 0.5 && inside(left, y - size) && inside(left + drawn, y)
                }
            };
            if !ok {
                return Err(format!("page {}: {item:?} leaves the page", n + 1));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words {
            title: "第十届云子杯围棋公开赛（混合组）".into(),
            round: "第3轮".into(),
            komi: "贴3¾子".into(),
            time_control: "基本用时60分钟，读秒3次30秒".into(),
            board: "第{n}台".into(),
            black: "黑".into(),
            white: "白".into(),
            outcomes: vec!["黑胜".into(), "白胜".into(), "和棋".into(), "其他".into()],
            signatures: vec!["黑方签名".into(), "白方签名".into(), "裁判".into()],
            scan: "扫码报告成绩".into(),
        }
    }

    fn boards(n: i32) -> Vec<Board> {
        (1..=n)
            .map(|i| Board {
                number: i,
                black: Seat {
                    name: format!("欧阳志远{i}"),
                    rank: "业余5段".into(),
                    club: "北京棋院少儿围棋培训中心".into(),
                },
                white: Seat {
                    name: "Maximilian Alexander von Habsburg-Lothringen".into(),
                    rank: "3d".into(),
                    club: "Wien".into(),
                },
                handicap: if i % 2 == 0 { "让2子".into() } else { String::new() },
                report_link: (i % 3 == 0).then(|| format!("https://go.example/events/1/rounds/3/boards/{i}/report")),
            })
            .collect()
    }

    /// Long names and clubs are set smaller, never past the page (skipped without the font).
    #[test]
    fn every_sheet_stays_inside_the_page() {
        let Some(typesetter) = typesetter() else {
            // The whole suite (tests/run) installs the font; a bare `cargo test` may lack it.
            assert!(std::env::var("BROWSER_TESTS").is_err(), "no CJK font: apt-get install fonts-noto-cjk");
            return;
        };
        let w = words();
        let all = boards(9);
        for pages in [table_cards(&w, &all), result_slips(&w, &all)] {
            assert!(on_the_page(typesetter, &pages).is_ok(), "{:?}", on_the_page(typesetter, &pages));
        }
        assert_eq!(table_cards(&w, &all).len(), 5, "two cards a page");
        assert_eq!(result_slips(&w, &all).len(), 3, "four slips a page");
        let rows: Vec<Vec<String>> =
            (0..100).map(|i| vec![format!("{i}"), "欧阳志远".repeat(6), "5段".into()]).collect();
        let pages = table(
            "成绩表",
            &["名次".into(), "姓名".into(), "段位".into()],
            &[0.1, 0.7, 0.2],
            &rows,
            &[true, false, false],
        );
        assert_eq!(pages.len(), 3, "a long table runs over pages");
        assert!(on_the_page(typesetter, &pages).is_ok());
    }
}
