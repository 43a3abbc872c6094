//! Players' own results (issue 49): each player of a board reports the result from his phone;
//! the result is recorded when the two reports agree, a disagreement goes to the referee desk,
//! and a director may accept a report the opponent has not answered. What a report comes to,
//! decided here without any I/O.
use crate::color::Color;
use crate::result::GameResult;

/// Where a board's reports stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// One side has reported; the other has not answered.
    Reported,
    /// Both reported the same result: it is recorded.
    Confirmed,
    /// The two reports differ: a dispute is open at the referee desk.
    Disputed,
    /// A director took a one-sided report as the result.
    Accepted,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Status::Reported => "reported",
            Status::Confirmed => "confirmed",
            Status::Disputed => "disputed",
            Status::Accepted => "accepted",
        }
    }

    pub fn parse(code: &str) -> Option<Status> {
        [Status::Reported, Status::Confirmed, Status::Disputed, Status::Accepted].into_iter().find(|s| s.code() == code)
    }
}

/// A board's reports so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reports {
    pub black: Option<GameResult>,
    pub white: Option<GameResult>,
    /// None before the first report.
    pub status: Option<Status>,
}

impl Reports {
    pub fn of(&self, side: Color) -> Option<GameResult> {
        match side {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// What a new report comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The first report: it waits for the opponent (or a director).
    Waiting,
    /// The opponent reported the same: record it.
    Agreed(GameResult),
    /// The opponent reported otherwise: the referee decides.
    Disagree { black: GameResult, white: GameResult },
}

/// Why a report is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// This side has reported already (a report is changed by the referee or a director).
    Twice,
    /// The board's reports are settled (confirmed, accepted, or at the desk).
    Settled,
}

/// `side` reports `result` on a board whose reports are `reports`.
pub fn report(reports: &Reports, side: Color, result: GameResult) -> Result<Outcome, Refusal> {
    match reports.status {
        Some(Status::Confirmed | Status::Accepted | Status::Disputed) => return Err(Refusal::Settled),
        Some(Status::Reported) | None => {}
    }
    if reports.of(side).is_some() {
        return Err(Refusal::Twice);
    }
    Ok(match reports.of(side.opponent()) {
        None => Outcome::Waiting,
        Some(theirs) if same_result(theirs, result) => Outcome::Agreed(stated(theirs, result)),
        Some(theirs) => {
            let (black, white) = if side == Color::Black { (result, theirs) } else { (theirs, result) };
            Outcome::Disagree { black, white }
        }
    })
}

/// Whether two reports say the same: the same winner and the same margin, or both a draw. A
/// margin one side left blank agrees with any margin of the same winner (the board is won or
/// lost; the margin is not a player's to dispute over), and then the stated one is kept.
fn same_result(theirs: GameResult, ours: GameResult) -> bool {
    use crate::result::Margin;
    match (theirs, ours) {
        (GameResult::Win { winner: a, margin: m }, GameResult::Win { winner: b, margin: n }) => {
            a == b && (m == n || m == Margin::Unspecified || n == Margin::Unspecified)
        }
        (a, b) => a == b,
    }
}

/// Of two agreeing reports, the one that states the margin.
fn stated(theirs: GameResult, ours: GameResult) -> GameResult {
    match theirs {
        GameResult::Win { margin: crate::result::Margin::Unspecified, .. } => ours,
        _ => theirs,
    }
}

/// The result a director accepts from a one-sided report.
pub fn one_sided(reports: &Reports) -> Option<GameResult> {
    if reports.status != Some(Status::Reported) {
        return None;
    }
    reports.black.or(reports.white)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(text: &str) -> GameResult {
        GameResult::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn the_second_report_records_agrees_or_goes_to_the_referee() {
        let none = Reports::default();
        assert_eq!(report(&none, Color::Black, result("B+R")), Ok(Outcome::Waiting));
        let black_said = Reports { black: Some(result("B+R")), white: None, status: Some(Status::Reported) };
        assert_eq!(report(&black_said, Color::White, result("B+R")), Ok(Outcome::Agreed(result("B+R"))));
        assert_eq!(
            report(&black_said, Color::White, result("W+R")),
            Ok(Outcome::Disagree { black: result("B+R"), white: result("W+R") })
        );
        assert_eq!(report(&black_said, Color::Black, result("B+R")), Err(Refusal::Twice), "once a side");
        let settled = Reports { status: Some(Status::Confirmed), ..black_said.clone() };
        assert_eq!(report(&settled, Color::White, result("B+R")), Err(Refusal::Settled));
        assert_eq!(one_sided(&black_said), Some(result("B+R")));
        assert_eq!(one_sided(&settled), None);
    }

    #[test]
    fn a_blank_margin_agrees_with_the_winners_margin_and_a_draw_with_a_draw() {
        let white_said = Reports { black: None, white: Some(result("W+3.5")), status: Some(Status::Reported) };
        assert_eq!(report(&white_said, Color::Black, result("W+")), Ok(Outcome::Agreed(result("W+3.5"))));
        assert!(matches!(report(&white_said, Color::Black, result("W+1.5")), Ok(Outcome::Disagree { .. })));
        let vague = Reports { black: None, white: Some(result("W+")), status: Some(Status::Reported) };
        assert_eq!(
            report(&vague, Color::Black, result("W+R")),
            Ok(Outcome::Agreed(result("W+R"))),
            "the stated margin"
        );
        let draw = Reports { black: Some(result("0")), white: None, status: Some(Status::Reported) };
        assert_eq!(report(&draw, Color::White, result("0")), Ok(Outcome::Agreed(result("0"))));
    }
}
