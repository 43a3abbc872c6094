//! QR codes for paper and pages: the modules of a code for a link (a report page's address),
//! drawn as squares into a PDF or as an SVG, with the quiet zone around them.
use qrcode::{Color, EcLevel, QrCode};

/// The dark modules of `text`'s QR code (medium error correction: a creased or stained slip
/// still reads), as (column, row), and the code's width in modules; None if the text is too
/// long for a QR code.
pub fn modules(text: &str) -> Option<(usize, Vec<(usize, usize)>)> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let dark = code
        .to_colors()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == Color::Dark)
        .map(|(i, _)| (i % width, i / width))
        .collect();
    Some((width, dark))
}

/// `text`'s QR code as an SVG `size` CSS pixels wide, four modules of quiet zone around it;
/// empty if the text does not fit a QR code.
pub fn svg(text: &str, size: u32, label: &str) -> String {
    let Some((width, dark)) = modules(text) else { return String::new() };
    let whole = width + 8;
    let mut path = String::new();
    for (x, y) in dark {
        path.push_str(&format!("M{} {}h1v1h-1z", x + 4, y + 4));
    }
    let label = label.replace('&', "&amp;").replace('<', "&lt;").replace('"', "&quot;");
    format!(
        r##"<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {whole} {whole}" width="{size}" height="{size}" role="img" aria-label="{label}" shape-rendering="crispEdges"><rect width="{whole}" height="{whole}" fill="#fff"/><path d="{path}" fill="#000"/></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_link_becomes_a_square_code_with_its_finder_patterns() {
        let (width, dark) = modules("https://go.example/events/1/rounds/2/boards/3/report").unwrap_or_default();
        assert!(width >= 25 && width % 4 == 1, "a version-2 code or larger: {width}");
        // The three finder patterns' corners are dark; the fourth corner is not.
        for corner in [(0, 0), (width - 1, 0), (0, width - 1)] {
            assert!(dark.contains(&corner), "{corner:?}");
        }
        assert!(!dark.contains(&(width - 1, width - 1)));
        let drawn = svg("https://go.example/x", 120, "Report <board 3>");
        assert!(drawn.starts_with("<svg class=\"qr\"") && drawn.contains("aria-label=\"Report &lt;board 3>\""));
        assert_eq!(svg(&"x".repeat(5000), 120, ""), "", "too long for a code");
    }
}
