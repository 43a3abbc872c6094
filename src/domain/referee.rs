//! The referee desk's rules (Chinese Competition Rules, 1988; the 2002 rules where they differ):
//! the kinds of dispute a player or the engine files, the article each rests on, the rulings
//! that article allows, and the warnings count. Which ruling is given is the referee's
//! decision; the desk only offers those the article allows, each with its article.
use std::fmt;

use serde::{Deserialize, Serialize};

use super::clock::Millis;
use super::color::Color;

/// The rules the event plays under, for articles and rulings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edition {
    Rules1988,
    Rules2002,
}

impl Edition {
    /// The 2002 rules for the `chinese-2002` ruleset; the 1988 competition rules otherwise
    /// (they are the event rules of the seeds).
    pub fn of_ruleset(ruleset: &str) -> Edition {
        if ruleset == "chinese-2002" { Edition::Rules2002 } else { Edition::Rules1988 }
    }

    fn year(self) -> &'static str {
        match self {
            Edition::Rules1988 => "1988",
            Edition::Rules2002 => "2002",
        }
    }
}

/// What a dispute is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DisputeKind {
    /// The players disagree on which stones are dead.
    DeadStones,
    /// A whole-board repetition: triple ko, eternal life …
    Cycle,
    /// A move on a forbidden point or an immediate ko recapture (entered by a board assistant).
    IllegalMove,
    TwoMovesInARow,
    /// Stones moved or the board scattered.
    MovedStones,
    /// The count is contested (Art. 16.3).
    CountingError,
    /// The clock failed, a player was late, or left the seat in byo-yomi.
    ClockIncident,
    /// Behaviour at the board (Art. 15, 24).
    Conduct,
}

impl DisputeKind {
    pub const ALL: [DisputeKind; 8] = [
        DisputeKind::DeadStones,
        DisputeKind::Cycle,
        DisputeKind::IllegalMove,
        DisputeKind::TwoMovesInARow,
        DisputeKind::MovedStones,
        DisputeKind::CountingError,
        DisputeKind::ClockIncident,
        DisputeKind::Conduct,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DisputeKind::DeadStones => "dead-stones",
            DisputeKind::Cycle => "cycle",
            DisputeKind::IllegalMove => "illegal-move",
            DisputeKind::TwoMovesInARow => "two-moves",
            DisputeKind::MovedStones => "moved-stones",
            DisputeKind::CountingError => "counting-error",
            DisputeKind::ClockIncident => "clock-incident",
            DisputeKind::Conduct => "conduct",
        }
    }

    pub fn parse(code: &str) -> Option<DisputeKind> {
        DisputeKind::ALL.into_iter().find(|k| k.code() == code.trim())
    }

    /// The article the dispute rests on.
    pub fn article(self, edition: Edition) -> String {
        let article = match (self, edition) {
            (DisputeKind::DeadStones, Edition::Rules1988) => "Art. 21.3",
            (DisputeKind::DeadStones, Edition::Rules2002) => "Art. 21.4",
            (DisputeKind::Cycle, _) => "Art. 20.3",
            (DisputeKind::IllegalMove, _) => "Art. 19, 20.1",
            (DisputeKind::TwoMovesInARow, _) => "Art. 17.1",
            (DisputeKind::MovedStones, _) => "Art. 17.3–17.4",
            (DisputeKind::CountingError, _) => "Art. 16.3",
            (DisputeKind::ClockIncident, Edition::Rules1988) => "Art. 23",
            (DisputeKind::ClockIncident, Edition::Rules2002) => "Art. 22",
            (DisputeKind::Conduct, _) => "Art. 15, 24",
        };
        format!("{} {article}", edition.year())
    }

    /// Which disputes the referee sees first: those that hold a game up before those about a
    /// finished one, conduct last.
    pub fn urgency(self) -> u8 {
        match self {
            DisputeKind::Cycle => 0,
            DisputeKind::DeadStones => 1,
            DisputeKind::IllegalMove | DisputeKind::TwoMovesInARow | DisputeKind::MovedStones => 2,
            DisputeKind::ClockIncident => 3,
            DisputeKind::CountingError => 4,
            DisputeKind::Conduct => 5,
        }
    }
}

/// What the event decided a cycle (triple ko, eternal life …) comes to (Art. 20.3 leaves it to
/// the event).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CycleOutcome {
    Draw,
    Replay,
    NoResult,
}

impl CycleOutcome {
    pub const ALL: [CycleOutcome; 3] = [CycleOutcome::Draw, CycleOutcome::Replay, CycleOutcome::NoResult];

    pub fn code(self) -> &'static str {
        match self {
            CycleOutcome::Draw => "draw",
            CycleOutcome::Replay => "replay",
            CycleOutcome::NoResult => "no-result",
        }
    }

    /// The outcome named by `code`; a blank is a draw (the usual practice).
    pub fn parse(code: &str) -> Option<CycleOutcome> {
        match code.trim() {
            "" => Some(CycleOutcome::Draw),
            text => CycleOutcome::ALL.into_iter().find(|o| o.code() == text),
        }
    }
}

/// What a warning costs at this event besides the second losing the game: as the rules say
/// (the 2002 rules take a stone at the count, Art. 24.1; the 1988 rules nothing), a stone, or
/// nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarningPenalty {
    AsTheRules,
    Stone,
    Nothing,
}

impl WarningPenalty {
    pub const ALL: [WarningPenalty; 3] = [WarningPenalty::AsTheRules, WarningPenalty::Stone, WarningPenalty::Nothing];

    /// "" for as the rules say.
    pub fn code(self) -> &'static str {
        match self {
            WarningPenalty::AsTheRules => "",
            WarningPenalty::Stone => "stone",
            WarningPenalty::Nothing => "none",
        }
    }

    pub fn parse(code: &str) -> Option<WarningPenalty> {
        WarningPenalty::ALL.into_iter().find(|p| p.code() == code.trim())
    }

    /// The points a warning takes at the count (half-points, as the ruleset keeps them), given
    /// what the ruleset takes.
    pub fn half_points(self, ruleset_half_points: i32) -> i32 {
        match self {
            WarningPenalty::AsTheRules => ruleset_half_points,
            // One stone is two points.
            WarningPenalty::Stone => 4,
            WarningPenalty::Nothing => 0,
        }
    }
}

/// A ruling the desk offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ruling", rename_all = "kebab-case")]
pub enum Ruling {
    /// The claim does not hold: play or the result stands as it was.
    Dismiss,
    /// A cycle: 和棋.
    Draw,
    /// A cycle or a scattered board: the game is played again.
    Replay,
    /// A cycle: 无胜负.
    NoResult,
    /// Dead stones: play resumes and the side that claims "dead" moves first.
    ResolveByPlay { first: Color },
    /// An illegal move: void, and the offender loses one turn (弃权一次).
    VoidMoveLoseTurn { offender: Color },
    /// 2002: the move is void (the second of two in a row, or an immediate ko recapture), and
    /// the offender is warned.
    VoidMoveWithWarning { offender: Color },
    /// 1988: two moves in a row lose the game.
    LossForTwoMoves { offender: Color },
    /// Moved stones: the position is put back.
    RestorePosition,
    /// Moved stones that cannot be put back: the position stands as it is.
    PositionStands,
    /// 2002, a scattered board: both players lose.
    BothLose,
    /// A count is made again from the agreed position.
    Recount,
    /// A warning; the second in one game loses it.
    Warning { offender: Color },
    /// The referee gives time back on the clocks (a malfunction): milliseconds added to
    /// Black's and to White's time. A game lost on time is played on.
    AdjustClock { black: Millis, white: Millis },
    /// A loss on time that the clock did not give (late past the limit, a fallen flag missed).
    LossOnTime { loser: Color },
}

impl Ruling {
    /// The side the ruling names (the offender, the loser, who moves first), if any.
    pub fn side(self) -> Option<Color> {
        match self {
            Ruling::ResolveByPlay { first: side }
            | Ruling::VoidMoveLoseTurn { offender: side }
            | Ruling::VoidMoveWithWarning { offender: side }
            | Ruling::LossForTwoMoves { offender: side }
            | Ruling::Warning { offender: side }
            | Ruling::LossOnTime { loser: side } => Some(side),
            _ => None,
        }
    }

    /// How a form names the ruling: its code, and the side it names ("warning:white").
    pub fn form_value(self) -> String {
        match self.side() {
            Some(side) => format!("{}:{}", self.code(), side.as_str()),
            None => self.code().to_string(),
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Ruling::Dismiss => "dismiss",
            Ruling::Draw => "draw",
            Ruling::Replay => "replay",
            Ruling::NoResult => "no-result",
            Ruling::ResolveByPlay { .. } => "resolve-by-play",
            Ruling::VoidMoveLoseTurn { .. } => "void-move-lose-turn",
            Ruling::VoidMoveWithWarning { .. } => "void-move-warning",
            Ruling::LossForTwoMoves { .. } => "loss-two-moves",
            Ruling::RestorePosition => "restore-position",
            Ruling::PositionStands => "position-stands",
            Ruling::BothLose => "both-lose",
            Ruling::Recount => "recount",
            Ruling::Warning { .. } => "warning",
            Ruling::AdjustClock { .. } => "adjust-clock",
            Ruling::LossOnTime { .. } => "loss-on-time",
        }
    }
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// What the desk knows about the dispute when it offers rulings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Circumstances {
    pub edition: Edition,
    /// The event's outcome of a cycle.
    pub cycle_outcome: CycleOutcome,
    /// Who made the move in question, or whose conduct or clock it is (when known).
    pub offender: Option<Color>,
    /// Dead stones: the side that claims stones dead (it moves first when play resumes).
    pub claims_dead: Option<Color>,
}

/// The rulings the article allows for a dispute, most usual first; dismissing the claim is
/// always possible and comes last.
pub fn allowed_rulings(kind: DisputeKind, c: &Circumstances) -> Vec<Ruling> {
    let mut rulings = Vec::new();
    match kind {
        DisputeKind::DeadStones => {
            // 2002 Art. 21.4 names who moves first; 1988 Art. 21.3 only says "resolved by
            // play", and the claimant moving first is the same practice.
            rulings.extend(c.claims_dead.map(|first| Ruling::ResolveByPlay { first }));
        }
        DisputeKind::Cycle => rulings.push(match c.cycle_outcome {
            CycleOutcome::Draw => Ruling::Draw,
            CycleOutcome::Replay => Ruling::Replay,
            CycleOutcome::NoResult => Ruling::NoResult,
        }),
        DisputeKind::IllegalMove => {
            if let Some(offender) = c.offender {
                rulings.push(Ruling::VoidMoveLoseTurn { offender });
                if c.edition == Edition::Rules2002 {
                    rulings.push(Ruling::VoidMoveWithWarning { offender });
                }
            }
        }
        DisputeKind::TwoMovesInARow => {
            if let Some(offender) = c.offender {
                rulings.push(match c.edition {
                    Edition::Rules1988 => Ruling::LossForTwoMoves { offender },
                    Edition::Rules2002 => Ruling::VoidMoveWithWarning { offender },
                });
            }
        }
        DisputeKind::MovedStones => {
            rulings.extend([Ruling::RestorePosition, Ruling::PositionStands, Ruling::Draw, Ruling::Replay]);
            if c.edition == Edition::Rules2002 {
                rulings.push(Ruling::BothLose);
            }
        }
        DisputeKind::CountingError => rulings.push(Ruling::Recount),
        DisputeKind::ClockIncident => {
            rulings.push(Ruling::AdjustClock { black: 0, white: 0 });
            if let Some(offender) = c.offender {
                rulings.extend([Ruling::LossOnTime { loser: offender }, Ruling::Warning { offender }]);
            }
        }
        DisputeKind::Conduct => rulings.extend(c.offender.map(|offender| Ruling::Warning { offender })),
    }
    rulings.push(Ruling::Dismiss);
    rulings
}

/// The rulings the desk offers: those [`allowed_rulings`] gives, and where the offender (or the
/// side claiming "dead") is not known, those for either side, for the referee to choose.
pub fn offered_rulings(kind: DisputeKind, c: &Circumstances) -> Vec<Ruling> {
    let sides = |known: Option<Color>| match known {
        Some(side) => vec![Some(side)],
        None => vec![Some(Color::Black), Some(Color::White)],
    };
    let mut offered: Vec<Ruling> = Vec::new();
    for offender in sides(c.offender) {
        for claims_dead in sides(c.claims_dead) {
            for ruling in allowed_rulings(kind, &Circumstances { offender, claims_dead, ..*c }) {
                if !offered.contains(&ruling) && ruling != Ruling::Dismiss {
                    offered.push(ruling);
                }
            }
        }
    }
    offered.push(Ruling::Dismiss);
    offered
}

/// The article a ruling applies.
pub fn ruling_article(kind: DisputeKind, ruling: Ruling, edition: Edition) -> String {
    match ruling {
        Ruling::Warning { .. } | Ruling::VoidMoveWithWarning { .. } if edition == Edition::Rules2002 => {
            format!("{}; 2002 Art. 24", kind.article(edition))
        }
        Ruling::Warning { .. } => format!("{}; 1988 Art. 25.2", kind.article(edition)),
        _ => kind.article(edition),
    }
}

/// Warnings that lose a game (1988 Art. 25.2, 2002 Art. 24.2): the second.
pub const WARNINGS_TO_LOSE: u32 = 2;

/// Whether `warnings` received in one game lose it.
pub fn warnings_lose(warnings: u32) -> bool {
    warnings >= WARNINGS_TO_LOSE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn circumstances(edition: Edition) -> Circumstances {
        Circumstances {
            edition,
            cycle_outcome: CycleOutcome::Draw,
            offender: Some(Color::White),
            claims_dead: Some(Color::Black),
        }
    }

    #[test]
    fn each_kind_has_its_code_and_article() {
        for kind in DisputeKind::ALL {
            assert_eq!(DisputeKind::parse(kind.code()), Some(kind));
            assert!(kind.article(Edition::Rules1988).starts_with("1988 Art. "));
            assert!(kind.article(Edition::Rules2002).starts_with("2002 Art. "));
        }
        assert_eq!(DisputeKind::DeadStones.article(Edition::Rules2002), "2002 Art. 21.4");
        assert_eq!(DisputeKind::CountingError.article(Edition::Rules1988), "1988 Art. 16.3");
        assert_eq!(Edition::of_ruleset("chinese-2002"), Edition::Rules2002);
        assert_eq!(Edition::of_ruleset("japanese-1989"), Edition::Rules1988);
        assert_eq!(DisputeKind::parse("vibes"), None);
    }

    /// RULES.md §3, line by line.
    #[test]
    fn the_rulings_are_those_the_articles_allow() {
        let (old, new) = (circumstances(Edition::Rules1988), circumstances(Edition::Rules2002));
        let white = Color::White;
        assert_eq!(
            allowed_rulings(DisputeKind::DeadStones, &new),
            vec![Ruling::ResolveByPlay { first: Color::Black }, Ruling::Dismiss],
            "the side that claims dead moves first"
        );
        for (outcome, ruling) in [
            (CycleOutcome::Draw, Ruling::Draw),
            (CycleOutcome::Replay, Ruling::Replay),
            (CycleOutcome::NoResult, Ruling::NoResult),
        ] {
            let c = Circumstances { cycle_outcome: outcome, ..old };
            assert_eq!(allowed_rulings(DisputeKind::Cycle, &c), vec![ruling, Ruling::Dismiss], "the event's setting");
        }
        assert_eq!(
            allowed_rulings(DisputeKind::IllegalMove, &old),
            vec![Ruling::VoidMoveLoseTurn { offender: white }, Ruling::Dismiss]
        );
        assert!(
            allowed_rulings(DisputeKind::IllegalMove, &new).contains(&Ruling::VoidMoveWithWarning { offender: white })
        );
        assert_eq!(
            allowed_rulings(DisputeKind::TwoMovesInARow, &old)[0],
            Ruling::LossForTwoMoves { offender: white },
            "1988: the double mover loses"
        );
        assert_eq!(
            allowed_rulings(DisputeKind::TwoMovesInARow, &new)[0],
            Ruling::VoidMoveWithWarning { offender: white },
            "2002: the second move is void, with a warning"
        );
        assert!(!allowed_rulings(DisputeKind::MovedStones, &old).contains(&Ruling::BothLose));
        assert!(allowed_rulings(DisputeKind::MovedStones, &new).contains(&Ruling::BothLose), "2002 adds both lose");
        assert_eq!(allowed_rulings(DisputeKind::CountingError, &old), vec![Ruling::Recount, Ruling::Dismiss]);
        assert_eq!(
            allowed_rulings(DisputeKind::Conduct, &old),
            vec![Ruling::Warning { offender: white }, Ruling::Dismiss]
        );
        let unknown = Circumstances { offender: None, claims_dead: None, ..old };
        for kind in DisputeKind::ALL {
            assert_eq!(allowed_rulings(kind, &unknown).last(), Some(&Ruling::Dismiss), "{kind:?}");
        }
    }

    #[test]
    fn an_unknown_offender_offers_the_ruling_for_either_side() {
        let c = Circumstances { offender: None, claims_dead: None, ..circumstances(Edition::Rules1988) };
        assert_eq!(
            offered_rulings(DisputeKind::Conduct, &c),
            vec![
                Ruling::Warning { offender: Color::Black },
                Ruling::Warning { offender: Color::White },
                Ruling::Dismiss
            ]
        );
        assert_eq!(
            offered_rulings(DisputeKind::DeadStones, &c),
            vec![
                Ruling::ResolveByPlay { first: Color::Black },
                Ruling::ResolveByPlay { first: Color::White },
                Ruling::Dismiss
            ]
        );
        let known = circumstances(Edition::Rules1988);
        assert_eq!(offered_rulings(DisputeKind::Conduct, &known), allowed_rulings(DisputeKind::Conduct, &known));
        assert_eq!(Ruling::Warning { offender: Color::White }.form_value(), "warning:white");
        assert_eq!(Ruling::Recount.form_value(), "recount");
    }

    #[test]
    fn warning_penalties_read_back_and_cost_a_stone_or_nothing() {
        for penalty in WarningPenalty::ALL {
            assert_eq!(WarningPenalty::parse(penalty.code()), Some(penalty));
        }
        assert_eq!(WarningPenalty::parse("lashes"), None);
        assert_eq!(WarningPenalty::AsTheRules.half_points(4), 4);
        assert_eq!(WarningPenalty::Stone.half_points(0), 4);
        assert_eq!(WarningPenalty::Nothing.half_points(4), 0);
    }

    #[test]
    fn cycle_outcomes_read_back() {
        for outcome in CycleOutcome::ALL {
            assert_eq!(CycleOutcome::parse(outcome.code()), Some(outcome));
        }
        assert_eq!(CycleOutcome::parse(""), Some(CycleOutcome::Draw));
        assert_eq!(CycleOutcome::parse("coin toss"), None);
    }

    #[test]
    fn rulings_name_their_articles_and_the_second_warning_loses() {
        assert_eq!(
            ruling_article(DisputeKind::Conduct, Ruling::Warning { offender: Color::Black }, Edition::Rules1988),
            "1988 Art. 15, 24; 1988 Art. 25.2"
        );
        assert_eq!(ruling_article(DisputeKind::Cycle, Ruling::Draw, Edition::Rules2002), "2002 Art. 20.3");
        assert!(!warnings_lose(1));
        assert!(warnings_lose(2));
        let mut queue = DisputeKind::ALL.to_vec();
        queue.sort_by_key(|k| k.urgency());
        assert_eq!(queue.first(), Some(&DisputeKind::Cycle));
        assert_eq!(queue.last(), Some(&DisputeKind::Conduct));
    }
}
