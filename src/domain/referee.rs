//! The referee desk's rules (Chinese Competition Rules, 1988; the 2002 rules where they differ):
//! the kinds of dispute a player or the engine files, the article each rests on, the rulings
//! that article allows, and the warnings count. Which ruling is given is the referee's
//! decision; the desk only offers those the article allows, each with its article.
use std::fmt;

use serde::{Deserialize, Serialize};

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
    /// The clock's times are set by the referee (a malfunction).
    AdjustClock,
    /// A loss on time that the clock did not give (late past the limit, a fallen flag missed).
    LossOnTime { loser: Color },
}

impl Ruling {
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
            Ruling::AdjustClock => "adjust-clock",
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
            rulings.push(Ruling::AdjustClock);
            if let Some(offender) = c.offender {
                rulings.extend([Ruling::LossOnTime { loser: offender }, Ruling::Warning { offender }]);
            }
        }
        DisputeKind::Conduct => rulings.extend(c.offender.map(|offender| Ruling::Warning { offender })),
    }
    rulings.push(Ruling::Dismiss);
    rulings
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
