//! Files other programs read and write: OpenGotha's tournament XML, the EGF and AGA results
//! files.
pub mod aga;
pub mod egf;
pub mod opengotha;

/// The characters that make a spreadsheet read a cell as a formula when they begin it (OWASP,
/// "CSV injection"): `=`, `+`, `-`, `@`, a tab, a carriage return.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell of an export that a spreadsheet cannot run: one beginning with a formula
/// character gets a leading single quote, as OWASP advises, and reads as the text it is.
pub fn inert_cell(text: &str) -> String {
    if text.starts_with(FORMULA_START) { format!("'{text}") } else { text.to_string() }
}

/// A name or club in a rating body's text file (EGF, AGA), which has no quoting: the formula
/// characters that begin it are dropped (a name never starts with them).
pub fn without_formula_start(text: &str) -> &str {
    text.trim_start_matches(|c: char| FORMULA_START.contains(&c) || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_are_made_inert() {
        for formula in ["=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-2+3", "\t=1", "\r=1"] {
            assert_eq!(inert_cell(formula), format!("'{formula}"));
            assert!(!without_formula_start(formula).starts_with(FORMULA_START), "{formula}");
        }
        assert_eq!(inert_cell("Ann Lee"), "Ann Lee");
        assert_eq!(without_formula_start("=cmd|' /C calc'!A0"), "cmd|' /C calc'!A0");
        assert_eq!(without_formula_start("王小明"), "王小明");
    }
}
