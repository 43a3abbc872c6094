//! The referee desk's rules: the kinds of dispute a player or the engine files, the article each
//! rests on in the event's rule set, the rulings that article allows, and the warnings count.
//! Each rule set whose text the seeds give (the Chinese competition rules of 1988 and 2002, and
//! the Japanese 1989, Korean 1992, Ing and AGA rules in the appendix of 《围棋规则演变史》, and
//! the Japanese 2012 proposal in 分かりやすい日本囲碁規約(試案)) is
//! refereed under its own articles; where its text is silent on a kind of dispute, the 1988
//! competition rules apply instead, and the desk says so. Which ruling is given is the referee's
//! decision; the desk offers those the article allows, each with its article.
use std::fmt;

use serde::{Deserialize, Serialize};

use super::clock::Millis;
use super::color::Color;

/// The rules whose articles referee an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edition {
    Rules1988,
    Rules2002,
    Japanese1989,
    /// The 2012 Japanese proposal (分かりやすい日本囲碁規約(試案)): 第一条–第十二条 and its
    /// related regulations (関連規定, cited as "Supp.").
    Japanese2012,
    Korean1992,
    Ing,
    Aga,
}

impl Edition {
    pub const ALL: [Edition; 7] = [
        Edition::Rules1988,
        Edition::Rules2002,
        Edition::Japanese1989,
        Edition::Japanese2012,
        Edition::Korean1992,
        Edition::Ing,
        Edition::Aga,
    ];

    /// The rule set's own articles where the seeds give its text; the 1988 competition rules
    /// (the seeds' event rules) for every other rule set.
    pub fn of_ruleset(ruleset: &str) -> Edition {
        match ruleset {
            "chinese-2002" => Edition::Rules2002,
            "japanese-1989" => Edition::Japanese1989,
            "japanese-2012" => Edition::Japanese2012,
            "korean-1992" => Edition::Korean1992,
            "ing" => Edition::Ing,
            "aga" => Edition::Aga,
            _ => Edition::Rules1988,
        }
    }

    /// Whether `ruleset` is refereed under its own text (false: the seeds give no referee's
    /// articles for it, and the 1988 competition rules apply).
    pub fn has_own_text(ruleset: &str) -> bool {
        matches!(
            ruleset,
            "chinese-1988" | "chinese-2002" | "japanese-1989" | "japanese-2012" | "korean-1992" | "ing" | "aga"
        )
    }

    /// The rule set preset this edition is the text of.
    pub fn ruleset(self) -> &'static str {
        match self {
            Edition::Rules1988 => "chinese-1988",
            Edition::Rules2002 => "chinese-2002",
            Edition::Japanese1989 => "japanese-1989",
            Edition::Japanese2012 => "japanese-2012",
            Edition::Korean1992 => "korean-1992",
            Edition::Ing => "ing",
            Edition::Aga => "aga",
        }
    }

    /// How a citation names the text: "1988 Art. 20.3", "Japanese 1989 Art. 14".
    pub fn prefix(self) -> &'static str {
        match self {
            Edition::Rules1988 => "1988",
            Edition::Rules2002 => "2002",
            Edition::Japanese1989 => "Japanese 1989",
            Edition::Japanese2012 => "Japanese 2012",
            Edition::Korean1992 => "Korean 1992",
            Edition::Ing => "Ing",
            Edition::Aga => "AGA",
        }
    }

    /// The edition a citation's prefix names ("Japanese 1989"), if any.
    pub fn of_prefix(prefix: &str) -> Option<Edition> {
        Edition::ALL.into_iter().find(|e| e.prefix() == prefix)
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
    /// A move taken back and played elsewhere (悔棋, 1988 Art. 17.2).
    TakeBack,
    /// The count is contested (Art. 16.3).
    CountingError,
    /// The clock failed, a player was late, or left the seat in byo-yomi.
    ClockIncident,
    /// Behaviour at the board (Art. 15, 24): disturbing, consulting others or notes, cheating.
    Conduct,
    /// The two players reported different results of their board (players' own results): a
    /// player's right to have the result put right (Art. 16.3).
    ResultDisagreement,
}

impl DisputeKind {
    pub const ALL: [DisputeKind; 10] = [
        DisputeKind::DeadStones,
        DisputeKind::Cycle,
        DisputeKind::IllegalMove,
        DisputeKind::TwoMovesInARow,
        DisputeKind::MovedStones,
        DisputeKind::TakeBack,
        DisputeKind::CountingError,
        DisputeKind::ClockIncident,
        DisputeKind::Conduct,
        DisputeKind::ResultDisagreement,
    ];

    /// Whether the kind is of go alone: dead stones, a whole-board cycle (三劫, 长生) and the
    /// count. A folk game's board (五子棋, 八卦棋 …) offers the others only.
    pub fn go_only(self) -> bool {
        matches!(self, DisputeKind::DeadStones | DisputeKind::Cycle | DisputeKind::CountingError)
    }

    /// Whether a player or the staff files this kind from the board's page; a disagreement of
    /// reported results is filed by the reports themselves.
    pub fn filed_at_the_board(self) -> bool {
        self != DisputeKind::ResultDisagreement
    }

    pub fn code(self) -> &'static str {
        match self {
            DisputeKind::DeadStones => "dead-stones",
            DisputeKind::Cycle => "cycle",
            DisputeKind::IllegalMove => "illegal-move",
            DisputeKind::TwoMovesInARow => "two-moves",
            DisputeKind::MovedStones => "moved-stones",
            DisputeKind::TakeBack => "take-back",
            DisputeKind::CountingError => "counting-error",
            DisputeKind::ClockIncident => "clock-incident",
            DisputeKind::Conduct => "conduct",
            DisputeKind::ResultDisagreement => "result-disagreement",
        }
    }

    pub fn parse(code: &str) -> Option<DisputeKind> {
        DisputeKind::ALL.into_iter().find(|k| k.code() == code.trim())
    }

    /// The edition's own article for this kind, or None where its text is silent.
    fn own_article(self, edition: Edition) -> Option<&'static str> {
        use DisputeKind::*;
        use Edition::*;
        Some(match (edition, self) {
            (Rules1988, DeadStones) => "Art. 21.3",
            (Rules1988, Cycle) => "Art. 20.3",
            (Rules1988, IllegalMove) => "Art. 19, 20.1",
            (Rules1988, TwoMovesInARow) => "Art. 17.1",
            (Rules1988, MovedStones) => "Art. 17.3–17.4",
            (Rules1988, TakeBack) => "Art. 17.2",
            (Rules1988, CountingError) => "Art. 16.3",
            (Rules1988, ClockIncident) => "Art. 23",
            (Rules1988, Conduct) => "Art. 15, 24",
            (Rules1988, ResultDisagreement) => "Art. 16.3",
            (Rules2002, DeadStones) => "Art. 21.4",
            (Rules2002, Cycle) => "Art. 20.3",
            (Rules2002, IllegalMove) => "Art. 19, 18.3",
            (Rules2002, TwoMovesInARow) => "Art. 17.2",
            (Rules2002, MovedStones) => "Art. 17.5–17.6",
            (Rules2002, TakeBack) => "Art. 17.3",
            (Rules2002, CountingError) => "Art. 16.4",
            (Rules2002, ClockIncident) => "Art. 22",
            (Rules2002, Conduct) => "Art. 23",
            (Rules2002, ResultDisagreement) => "Art. 16.4",
            (Japanese1989, DeadStones) => "Art. 9-3, 13-1",
            (Japanese1989, Cycle) => "Art. 12",
            (Japanese1989, IllegalMove | TwoMovesInARow) => "Art. 14",
            (Japanese1989, MovedStones) => "Art. 13-2",
            (Japanese1989, CountingError) => "Art. 10-3",
            // 第七条 (life and death by verification), 第十条-2 (a disputed result is confirmed by
            // replaying the game); 第十一条 (無勝負); 第十二条 (a violation before the end loses);
            // 関連規定 1 (moved stones put back, else no result); 第十条-2 for the count.
            (Japanese2012, DeadStones) => "Art. 7, 10-2",
            (Japanese2012, Cycle) => "Art. 11",
            (Japanese2012, IllegalMove | TwoMovesInARow) => "Art. 12",
            (Japanese2012, MovedStones) => "Supp. Art. 1",
            (Japanese2012, CountingError) => "Art. 10-2",
            (Korean1992, DeadStones) => "Art. 18",
            (Korean1992, Cycle) => "Art. 20",
            (Korean1992, IllegalMove) => "Art. 21",
            (Korean1992, MovedStones) => "Supp. Art. 4.1",
            (Ing, DeadStones) => "Art. 2",
            (Ing, Cycle) => "Art. 3",
            (Aga, DeadStones) => "Art. 10",
            (Aga, Cycle) => "Art. 6",
            (Aga, IllegalMove | TwoMovesInARow) => "Art. 8",
            _ => return None,
        })
    }

    /// The edition whose articles govern this kind: `edition` where its text speaks of it, else
    /// the 1988 competition rules.
    pub fn governed_by(self, edition: Edition) -> Edition {
        if self.own_article(edition).is_some() { edition } else { Edition::Rules1988 }
    }

    /// Whether `edition`'s own text speaks of this kind.
    pub fn is_covered_by(self, edition: Edition) -> bool {
        self.own_article(edition).is_some()
    }

    /// The article the dispute rests on, cited with its text ("1988 Art. 21.3", "Japanese 1989
    /// Art. 14"); where the edition is silent, the 1988 article that applies instead.
    pub fn article(self, edition: Edition) -> String {
        let governing = self.governed_by(edition);
        let article = self.own_article(governing).unwrap_or("Art. 25.1");
        format!("{} {article}", governing.prefix())
    }

    /// Which disputes the referee sees first: those that hold a game up before those about a
    /// finished one, conduct last.
    pub fn urgency(self) -> u8 {
        match self {
            DisputeKind::Cycle => 0,
            DisputeKind::DeadStones => 1,
            DisputeKind::IllegalMove
            | DisputeKind::TwoMovesInARow
            | DisputeKind::MovedStones
            | DisputeKind::TakeBack => 2,
            DisputeKind::ClockIncident => 3,
            DisputeKind::CountingError | DisputeKind::ResultDisagreement => 4,
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

    /// The ruling that gives this outcome.
    pub fn ruling(self) -> Ruling {
        match self {
            CycleOutcome::Draw => Ruling::Draw,
            CycleOutcome::Replay => Ruling::Replay,
            CycleOutcome::NoResult => Ruling::NoResult,
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
    /// The offender loses the game: a foul under the Japanese rules (Art. 14), stones moved or
    /// the board scattered on purpose (1988 Art. 17.3–17.4), consulting others or notes
    /// (1988 Art. 24.3), cheating (2002 Art. 23.1).
    Loss { offender: Color },
    /// A move taken back (悔棋): the stone goes back where it was first played, and the
    /// offender is warned (1988 Art. 17.2, 2002 Art. 17.3).
    RestoreWithWarning { offender: Color },
    /// The held move is void and the stones are as before it; the offender moves again
    /// (Korean 1992 Art. 21: the stones are restored, nothing more).
    VoidMove { offender: Color },
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
    /// False life (假生): the cycle keeps `side`'s group alive only while it goes round, and the
    /// rules do not take that for life (1988 Art. 20.2 "不允许…“假生”作为活棋", 2002 Art. 20.2;
    /// the Japanese rules, the book ch. 7). Play stops, and the players mark the dead stones,
    /// `side`'s that the engine proposes dead marked, and agree the count.
    FalseLifeDead { side: Color },
}

impl Ruling {
    /// The side the ruling names (the offender, the loser, who moves first), if any.
    pub fn side(self) -> Option<Color> {
        match self {
            Ruling::ResolveByPlay { first: side }
            | Ruling::VoidMoveLoseTurn { offender: side }
            | Ruling::VoidMoveWithWarning { offender: side }
            | Ruling::LossForTwoMoves { offender: side }
            | Ruling::Loss { offender: side }
            | Ruling::RestoreWithWarning { offender: side }
            | Ruling::VoidMove { offender: side }
            | Ruling::Warning { offender: side }
            | Ruling::LossOnTime { loser: side }
            | Ruling::FalseLifeDead { side } => Some(side),
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
            Ruling::Loss { .. } => "loss",
            Ruling::RestoreWithWarning { .. } => "restore-with-warning",
            Ruling::VoidMove { .. } => "void-move",
            Ruling::RestorePosition => "restore-position",
            Ruling::PositionStands => "position-stands",
            Ruling::BothLose => "both-lose",
            Ruling::Recount => "recount",
            Ruling::Warning { .. } => "warning",
            Ruling::AdjustClock { .. } => "adjust-clock",
            Ruling::LossOnTime { .. } => "loss-on-time",
            Ruling::FalseLifeDead { .. } => "false-life-dead",
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
    /// The event's outcome of a cycle: the ruling offered first.
    pub cycle_outcome: CycleOutcome,
    /// Who made the move in question, or whose conduct or clock it is (when known).
    pub offender: Option<Color>,
    /// Dead stones: the side that claims stones dead (it moves first when play resumes).
    pub claims_dead: Option<Color>,
    /// A cycle the engine found to be false life, where the rule set counts it dead
    /// (`Ruleset::false_life_dead`): the side living falsely.
    pub living_falsely: Option<Color>,
}

/// The rulings the governing article allows for a dispute (see [`DisputeKind::governed_by`]),
/// most usual first; dismissing the claim is always possible and comes last.
pub fn allowed_rulings(kind: DisputeKind, c: &Circumstances) -> Vec<Ruling> {
    use Edition::*;
    let edition = kind.governed_by(c.edition);
    let mut rulings = Vec::new();
    let offender = c.offender;
    let with_offender = |make: fn(Color) -> Ruling| offender.map(make);
    match kind {
        // 1988 Art. 21.3 only says "resolved by play"; 2002 Art. 21.4 has the side that claims
        // "dead" move first, the same practice. Japanese Art. 9-3: the opponent of whoever asks
        // to resume moves first; Korean Art. 18, Ing Art. 2 and AGA Art. 10 play it out too.
        DisputeKind::DeadStones if edition == Japanese2012 => {
            // 第七条 付則: the stones are verified with their own side first: the opponent of the
            // side that claims them dead.
            rulings.extend(c.claims_dead.map(|claimant| Ruling::ResolveByPlay { first: claimant.opponent() }));
        }
        DisputeKind::DeadStones => {
            rulings.extend(c.claims_dead.map(|first| Ruling::ResolveByPlay { first }));
            if edition == Japanese1989 {
                // Art. 13-1: a player found an effective move after the stop and no agreement
                // on the end can be reached: both lose.
                rulings.push(Ruling::BothLose);
            }
        }
        // False life is no life (1988 and 2002 Art. 20.2; the Japanese rules, book ch. 7):
        // counting it dead comes first, where the engine names it and the text so rules.
        DisputeKind::Cycle if c.living_falsely.is_some() && matches!(edition, Rules1988 | Rules2002 | Japanese1989) => {
            rulings.extend(c.living_falsely.map(|side| Ruling::FalseLifeDead { side }));
            rulings.extend(allowed_rulings(kind, &Circumstances { living_falsely: None, ..*c }));
            return rulings;
        }
        DisputeKind::Cycle => match edition {
            // 1988 Art. 20.3: draw or replay; 2002 Art. 20.3: cycles are forbidden in principle,
            // the event's own rule gives no result, a draw or an extra game. The event's setting
            // is offered first (under 1988, no result only where the event chose it).
            Rules1988 | Rules2002 => {
                let outcomes = match edition {
                    Rules2002 => vec![Ruling::NoResult, Ruling::Draw, Ruling::Replay],
                    _ => vec![Ruling::Draw, Ruling::Replay],
                };
                let chosen = c.cycle_outcome.ruling();
                rulings.push(chosen);
                rulings.extend(outcomes.into_iter().filter(|r| *r != chosen));
            }
            // Japanese Art. 12: no result with both players' agreement; Korean Art. 20: no
            // result while neither gives way. A player who breaks the cycle plays on (dismiss).
            Japanese1989 | Korean1992 => rulings.push(Ruling::NoResult),
            // 2012 第十一条: no result; its note: "無勝負になった際は原則は再対局を行う".
            Japanese2012 => rulings.extend([Ruling::NoResult, Ruling::Replay]),
            // Ing Art. 3 abolishes "no result" and AGA Art. 6 forbids the repetition: the engine
            // refuses the repeating move, and only dismissing a claim remains.
            Ing | Aga => {}
        },
        DisputeKind::IllegalMove => match edition {
            Japanese1989 | Japanese2012 => rulings.extend(with_offender(|offender| Ruling::Loss { offender })),
            Korean1992 => rulings.extend(with_offender(|offender| Ruling::VoidMove { offender })),
            // 2002 Art. 19 (a forbidden point) and Art. 18.3 (a ko taken back without a threat:
            // with a warning).
            Rules2002 => rulings.extend(offender.into_iter().flat_map(|offender| {
                [Ruling::VoidMoveLoseTurn { offender }, Ruling::VoidMoveWithWarning { offender }]
            })),
            // 1988 Art. 19, 20.1; AGA Art. 8 (void, counted as a pass).
            _ => rulings.extend(with_offender(|offender| Ruling::VoidMoveLoseTurn { offender })),
        },
        DisputeKind::TwoMovesInARow => rulings.extend(with_offender(match edition {
            Rules2002 => |offender| Ruling::VoidMoveWithWarning { offender },
            Japanese1989 | Japanese2012 => |offender| Ruling::Loss { offender },
            // AGA Art. 8: void, counted as a pass.
            Aga => |offender| Ruling::VoidMove { offender },
            _ => |offender| Ruling::LossForTwoMoves { offender },
        })),
        DisputeKind::MovedStones => match edition {
            // 1988 Art. 17.3–17.4: put back, stands, draw or replay; moved or scattered on
            // purpose, the offender loses. 2002 Art. 17.5–17.6 add both lose.
            Rules1988 | Rules2002 => {
                rulings.extend([Ruling::RestorePosition, Ruling::PositionStands, Ruling::Draw, Ruling::Replay]);
                if edition == Rules2002 {
                    rulings.push(Ruling::BothLose);
                }
                rulings.extend(with_offender(|offender| Ruling::Loss { offender }));
            }
            // 2012 関連規定 1: "移動した石を元に戻して対局を続行する。元に戻せない場合は無勝負とする。"
            Japanese2012 => rulings.extend([Ruling::RestorePosition, Ruling::NoResult]),
            // Japanese Art. 13-2, Korean Supp. Art. 4.1: put back; without agreement both lose.
            _ => rulings.extend([Ruling::RestorePosition, Ruling::BothLose]),
        },
        DisputeKind::TakeBack => rulings.extend(with_offender(|offender| Ruling::RestoreWithWarning { offender })),
        DisputeKind::CountingError => rulings.push(Ruling::Recount),
        // The referee hears both players and decides the board: who lost, or a draw.
        // Dismissing would leave the board with two results and none recorded: the referee
        // decides it.
        DisputeKind::ResultDisagreement => {
            rulings.extend(with_offender(|offender| Ruling::Loss { offender }));
            rulings.push(Ruling::Draw);
            return rulings;
        }
        DisputeKind::ClockIncident => {
            rulings.push(Ruling::AdjustClock { black: 0, white: 0 });
            if let Some(offender) = offender {
                rulings.extend([Ruling::LossOnTime { loser: offender }, Ruling::Warning { offender }]);
            }
        }
        DisputeKind::Conduct => {
            // 1988 Art. 24.2–24.3 and 2002 Art. 23.3–23.4: a warning or a loss; 2002 Art. 23.1:
            // cheating may lose both the game.
            if let Some(offender) = offender {
                rulings.extend([Ruling::Warning { offender }, Ruling::Loss { offender }]);
            }
            if edition == Rules2002 {
                rulings.push(Ruling::BothLose);
            }
        }
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
    // A disagreement of reported results is decided, never dismissed (see `allowed_rulings`).
    if kind != DisputeKind::ResultDisagreement {
        offered.push(Ruling::Dismiss);
    }
    offered
}

/// The article a ruling applies: the dispute's, and for a warning the one that counts it.
pub fn ruling_article(kind: DisputeKind, ruling: Ruling, edition: Edition) -> String {
    let governing = kind.governed_by(edition);
    let warned = matches!(
        ruling,
        Ruling::Warning { .. } | Ruling::VoidMoveWithWarning { .. } | Ruling::RestoreWithWarning { .. }
    );
    match (warned, governing) {
        // False life: the paragraph before the cycle's own (Art. 20.2), in both Chinese texts.
        (_, Edition::Rules1988 | Edition::Rules2002) if matches!(ruling, Ruling::FalseLifeDead { .. }) => {
            format!("{} Art. 20.2", governing.prefix())
        }
        (true, Edition::Rules2002) => format!("{}; 2002 Art. 24", kind.article(edition)),
        (true, _) => format!("{}; 1988 Art. 25.2", kind.article(edition)),
        _ => kind.article(edition),
    }
}

/// The desk's table, as docs/REFEREE.md prints it: for each rule set and each kind of dispute,
/// the article and the rulings offered (their codes; a side is the offender's or the
/// claimant's, either when unknown), the event's cycle setting being a draw and a cycle not
/// false life (which adds `false-life-dead` first where the text rules it dead).
pub fn rulings_table() -> String {
    let mut table = String::from("| rule set | dispute | article | rulings offered |\n|---|---|---|---|\n");
    for edition in Edition::ALL {
        for kind in DisputeKind::ALL {
            let c = Circumstances {
                edition,
                cycle_outcome: CycleOutcome::Draw,
                offender: None,
                claims_dead: None,
                living_falsely: None,
            };
            let mut codes: Vec<&str> = Vec::new();
            for ruling in offered_rulings(kind, &c) {
                // Moved stones cannot leave the record out of place: "stands" is "put back".
                if ruling != Ruling::PositionStands && !codes.contains(&ruling.code()) {
                    codes.push(ruling.code());
                }
            }
            let article = kind.article(edition);
            let silent = if kind.is_covered_by(edition) { String::new() } else { " (silent: 1988 applies)".into() };
            table.push_str(&format!(
                "| {} | {} | {article}{silent} | {} |\n",
                edition.ruleset(),
                kind.code(),
                codes.join(", ")
            ));
        }
    }
    table
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
            living_falsely: None,
        }
    }

    #[test]
    fn each_kind_has_its_code_and_article() {
        for kind in DisputeKind::ALL {
            assert_eq!(DisputeKind::parse(kind.code()), Some(kind));
            assert!(kind.article(Edition::Rules1988).starts_with("1988 Art. "));
            assert!(kind.article(Edition::Rules2002).starts_with("2002 Art. "), "2002 speaks of every kind");
        }
        assert_eq!(DisputeKind::DeadStones.article(Edition::Rules2002), "2002 Art. 21.4");
        assert_eq!(DisputeKind::CountingError.article(Edition::Rules1988), "1988 Art. 16.3");
        assert_eq!(DisputeKind::TakeBack.article(Edition::Rules1988), "1988 Art. 17.2");
        assert_eq!(DisputeKind::TakeBack.article(Edition::Rules2002), "2002 Art. 17.3");
        assert_eq!(Edition::of_ruleset("chinese-2002"), Edition::Rules2002);
        assert_eq!(Edition::of_ruleset("japanese-1989"), Edition::Japanese1989);
        assert_eq!(Edition::of_ruleset("tromp-taylor"), Edition::Rules1988);
        assert!(!Edition::has_own_text("tromp-taylor") && Edition::has_own_text("aga"));
        assert_eq!(DisputeKind::parse("vibes"), None);
        for edition in Edition::ALL {
            assert_eq!(Edition::of_prefix(edition.prefix()), Some(edition));
            assert_eq!(Edition::of_ruleset(edition.ruleset()), edition);
        }
    }

    /// Where a rule set's text is silent the 1988 articles apply, and the citation says so by
    /// naming them (the appendix of 《围棋规则演变史》: the Japanese rules say nothing of
    /// clocks or conduct; "如果违反了第 8、9、10 条，棋子应还原" is all the Korean text says of
    /// illegal moves).
    #[test]
    fn each_rule_set_cites_its_own_text_or_the_1988_rules() {
        assert_eq!(DisputeKind::IllegalMove.article(Edition::Japanese1989), "Japanese 1989 Art. 14");
        assert_eq!(DisputeKind::Cycle.article(Edition::Japanese1989), "Japanese 1989 Art. 12");
        assert_eq!(Edition::of_ruleset("japanese-2012"), Edition::Japanese2012);
        assert_eq!(DisputeKind::Cycle.article(Edition::Japanese2012), "Japanese 2012 Art. 11");
        assert_eq!(DisputeKind::DeadStones.article(Edition::Japanese2012), "Japanese 2012 Art. 7, 10-2");
        assert_eq!(DisputeKind::ClockIncident.article(Edition::Japanese2012), "1988 Art. 23");
        assert_eq!(DisputeKind::ClockIncident.article(Edition::Japanese1989), "1988 Art. 23");
        assert!(!DisputeKind::ClockIncident.is_covered_by(Edition::Japanese1989));
        assert_eq!(DisputeKind::IllegalMove.article(Edition::Korean1992), "Korean 1992 Art. 21");
        assert_eq!(DisputeKind::MovedStones.article(Edition::Korean1992), "Korean 1992 Supp. Art. 4.1");
        assert_eq!(DisputeKind::Cycle.article(Edition::Ing), "Ing Art. 3");
        assert_eq!(DisputeKind::Conduct.article(Edition::Aga), "1988 Art. 15, 24");
        assert_eq!(DisputeKind::IllegalMove.article(Edition::Aga), "AGA Art. 8");
    }

    /// The team's rules notes (§3) and the appendix of 《围棋规则演变史》, line by line.
    #[test]
    fn the_rulings_are_those_the_articles_allow() {
        let (old, new) = (circumstances(Edition::Rules1988), circumstances(Edition::Rules2002));
        let white = Color::White;
        assert_eq!(
            allowed_rulings(DisputeKind::DeadStones, &new),
            vec![Ruling::ResolveByPlay { first: Color::Black }, Ruling::Dismiss],
            "the side that claims dead moves first"
        );
        // 1988 Art. 20.3: "可判和棋或者重下" — both, whatever the event chose; its choice first.
        for (outcome, first) in [
            (CycleOutcome::Draw, Ruling::Draw),
            (CycleOutcome::Replay, Ruling::Replay),
            (CycleOutcome::NoResult, Ruling::NoResult),
        ] {
            let c = Circumstances { cycle_outcome: outcome, ..old };
            let offered = allowed_rulings(DisputeKind::Cycle, &c);
            assert_eq!(offered.first(), Some(&first), "the event's setting first");
            assert!(offered.contains(&Ruling::Draw) && offered.contains(&Ruling::Replay), "{offered:?}");
            assert_eq!(offered.last(), Some(&Ruling::Dismiss));
        }
        assert!(!allowed_rulings(DisputeKind::Cycle, &old).contains(&Ruling::NoResult), "1988 names no 无胜负");
        // Japanese Art. 12 "经双方同意，为无胜负"; Ing Art. 3 "废无胜负判例".
        let japanese = circumstances(Edition::Japanese1989);
        assert_eq!(allowed_rulings(DisputeKind::Cycle, &japanese), vec![Ruling::NoResult, Ruling::Dismiss]);
        assert_eq!(allowed_rulings(DisputeKind::Cycle, &circumstances(Edition::Ing)), vec![Ruling::Dismiss]);
        // False life, where the engine names it: 1988 and 2002 Art. 20.2 "不允许…“假生”作为活棋",
        // and the Japanese rules (book ch. 7) count it dead, first; the Korean text is silent
        // (no result), and the 2012 proposal makes a cycle life (第七条 付則).
        let falsely = |edition| Circumstances { living_falsely: Some(Color::Black), ..circumstances(edition) };
        let offered = allowed_rulings(DisputeKind::Cycle, &falsely(Edition::Rules1988));
        assert_eq!(
            offered,
            vec![Ruling::FalseLifeDead { side: Color::Black }, Ruling::Draw, Ruling::Replay, Ruling::Dismiss]
        );
        assert_eq!(
            ruling_article(DisputeKind::Cycle, Ruling::FalseLifeDead { side: Color::Black }, Edition::Rules1988),
            "1988 Art. 20.2"
        );
        assert_eq!(Ruling::FalseLifeDead { side: Color::Black }.form_value(), "false-life-dead:black");
        for edition in [Edition::Rules2002, Edition::Japanese1989] {
            let offered = allowed_rulings(DisputeKind::Cycle, &falsely(edition));
            assert_eq!(offered.first(), Some(&Ruling::FalseLifeDead { side: Color::Black }), "{edition:?}");
        }
        for edition in [Edition::Korean1992, Edition::Japanese2012] {
            let offered = allowed_rulings(DisputeKind::Cycle, &falsely(edition));
            assert!(!offered.iter().any(|r| matches!(r, Ruling::FalseLifeDead { .. })), "{edition:?}: {offered:?}");
        }
        // The 2012 proposal: 第十一条 "双方が譲らない場合は無勝負とする" (its note: a replay in
        // principle); 第十二条 "終局前であればその時点で負け"; 第七条 "検証は対象石側が先着": Black
        // claims White's stones dead, so White moves first when they are played out.
        let proposal = circumstances(Edition::Japanese2012);
        assert_eq!(
            allowed_rulings(DisputeKind::Cycle, &proposal),
            vec![Ruling::NoResult, Ruling::Replay, Ruling::Dismiss]
        );
        assert_eq!(
            allowed_rulings(DisputeKind::IllegalMove, &proposal),
            vec![Ruling::Loss { offender: white }, Ruling::Dismiss]
        );
        assert_eq!(
            allowed_rulings(DisputeKind::DeadStones, &proposal),
            vec![Ruling::ResolveByPlay { first: Color::White }, Ruling::Dismiss]
        );
        assert_eq!(
            allowed_rulings(DisputeKind::MovedStones, &proposal),
            vec![Ruling::RestorePosition, Ruling::NoResult, Ruling::Dismiss],
            "関連規定 1: put back, else no result"
        );
        assert_eq!(
            allowed_rulings(DisputeKind::IllegalMove, &old),
            vec![Ruling::VoidMoveLoseTurn { offender: white }, Ruling::Dismiss]
        );
        // Japanese Art. 14: "一方违反了以上规则，在犯规时即告负".
        assert_eq!(
            allowed_rulings(DisputeKind::IllegalMove, &japanese),
            vec![Ruling::Loss { offender: white }, Ruling::Dismiss]
        );
        assert_eq!(
            allowed_rulings(DisputeKind::IllegalMove, &circumstances(Edition::Korean1992)),
            vec![Ruling::VoidMove { offender: white }, Ruling::Dismiss],
            "Korean Art. 21: the stones are restored"
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
        // Misconduct: 1988 Art. 17.3 "如属故意移子，应判移子者为负"; 2002 adds both lose.
        let moved = allowed_rulings(DisputeKind::MovedStones, &old);
        assert!(moved.contains(&Ruling::Loss { offender: white }) && !moved.contains(&Ruling::BothLose));
        assert!(allowed_rulings(DisputeKind::MovedStones, &new).contains(&Ruling::BothLose), "2002 adds both lose");
        assert_eq!(
            allowed_rulings(DisputeKind::TakeBack, &old),
            vec![Ruling::RestoreWithWarning { offender: white }, Ruling::Dismiss],
            "1988 Art. 17.2: 判棋子放回原处，警告一次"
        );
        assert_eq!(allowed_rulings(DisputeKind::CountingError, &old), vec![Ruling::Recount, Ruling::Dismiss]);
        assert_eq!(
            allowed_rulings(DisputeKind::Conduct, &old),
            vec![Ruling::Warning { offender: white }, Ruling::Loss { offender: white }, Ruling::Dismiss],
            "1988 Art. 24.3: 根据情节判警告一次或判负"
        );
        assert!(
            allowed_rulings(DisputeKind::Conduct, &new).contains(&Ruling::BothLose),
            "2002 Art. 23.1: 可对有关棋局立即判负或判双方负"
        );
        let unknown = Circumstances { offender: None, claims_dead: None, ..old };
        for edition in Edition::ALL {
            for kind in DisputeKind::ALL {
                let c = Circumstances { edition, ..unknown };
                // Every claim may be dismissed, but reports that differ: the board needs a result.
                let dismissible = kind != DisputeKind::ResultDisagreement;
                assert_eq!(allowed_rulings(kind, &c).last() == Some(&Ruling::Dismiss), dismissible, "{kind:?}");
            }
        }
    }

    #[test]
    fn an_unknown_offender_offers_the_ruling_for_either_side() {
        let c = Circumstances { offender: None, claims_dead: None, ..circumstances(Edition::Rules1988) };
        assert_eq!(
            offered_rulings(DisputeKind::TakeBack, &c),
            vec![
                Ruling::RestoreWithWarning { offender: Color::Black },
                Ruling::RestoreWithWarning { offender: Color::White },
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
        assert_eq!(
            ruling_article(DisputeKind::Conduct, Ruling::Warning { offender: Color::Black }, Edition::Japanese1989),
            "1988 Art. 15, 24; 1988 Art. 25.2",
            "the Japanese rules are silent on conduct"
        );
        assert!(!warnings_lose(1));
        assert!(warnings_lose(2));
        let mut queue = DisputeKind::ALL.to_vec();
        queue.sort_by_key(|k| k.urgency());
        assert_eq!(queue.first(), Some(&DisputeKind::Cycle));
        assert_eq!(queue.last(), Some(&DisputeKind::Conduct));
    }
}
