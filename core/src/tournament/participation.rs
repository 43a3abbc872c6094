//! Participation per round in a Swiss or McMahon event: who plays the next round.
//!
//! OpenGotha keeps a participation flag per player and round; Pairgoth a list of skipped
//! rounds. Yunzi keeps one mark per player and round, set at the venue's check-in desk, by a
//! player checking in while self check-in is open, or by a player asking in advance to skip:
//! - [`Mark::Present`]: checked in;
//! - [`Mark::Absent`]: marked absent at the desk (or not checked in when the round was paired,
//!   see [`plays`]);
//! - [`Mark::Skip`]: asked in advance not to be paired in that round.
//!
//! Who plays a round ([`plays`]): nobody withdrawn, nobody absent or skipping; and once the
//! desk has checked anyone in for the round, only those checked in. An event whose desk never
//! checks anyone in pairs everyone registered, as before check-in existed.
//!
//! What a skipped round scores is the event's rule, [`AbsentScore`]: nothing (the 1988
//! Chinese rules know no points for an unplayed round other than a bye) or half a win, as
//! OpenGotha's "not participating" value can give. It applies to absent and skipped rounds
//! of players still in the event; a withdrawn player's later rounds score nothing.
use serde::{Deserialize, Serialize};

/// One player's mark for one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Present,
    Absent,
    Skip,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Present, Mark::Absent, Mark::Skip];

    /// The code stored in the database and sent by the desk's forms.
    pub fn code(self) -> &'static str {
        match self {
            Mark::Present => "present",
            Mark::Absent => "absent",
            Mark::Skip => "skip",
        }
    }

    pub fn parse(code: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.code() == code.trim())
    }

    /// Whether the mark keeps the player out of the round.
    pub fn sits_out(self) -> bool {
        matches!(self, Mark::Absent | Mark::Skip)
    }
}

/// Whether a player plays the round: not withdrawn, not marked out, and checked in if the
/// desk has begun checking players in for it (`check_in_begun`).
pub fn plays(withdrawn: bool, mark: Option<Mark>, check_in_begun: bool) -> bool {
    if withdrawn {
        return false;
    }
    match mark {
        Some(m) if m.sits_out() => false,
        Some(_) => true,
        None => !check_in_begun,
    }
}

/// Whether the desk has begun checking players in for a round: anyone marked present.
pub fn check_in_begun<'a>(marks: impl IntoIterator<Item = &'a Mark>) -> bool {
    marks.into_iter().any(|m| *m == Mark::Present)
}

/// What a round a player sits out (absent or skipped, not withdrawn) scores: the event's rule.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbsentScore {
    /// Nothing (the default, and the 1988 rules' only reading).
    #[default]
    Zero,
    /// Half a win, as OpenGotha's "not participating" value can give.
    Half,
}

impl AbsentScore {
    pub const ALL: [AbsentScore; 2] = [AbsentScore::Zero, AbsentScore::Half];

    pub fn code(self) -> &'static str {
        match self {
            AbsentScore::Zero => "zero",
            AbsentScore::Half => "half",
        }
    }

    /// The score in half-points (a win is 2).
    pub fn half_points(self) -> u32 {
        match self {
            AbsentScore::Zero => 0,
            AbsentScore::Half => 1,
        }
    }
}

/// The desk's count for a round: checked in, sitting out, and still to come.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub checked_in: usize,
    pub sitting_out: usize,
    pub missing: usize,
}

/// Counts the marks of the players still in the event (withdrawn ones left out by the caller).
pub fn tally<'a>(marks: impl IntoIterator<Item = Option<&'a Mark>>) -> Tally {
    let mut tally = Tally::default();
    for mark in marks {
        match mark {
            Some(Mark::Present) => tally.checked_in += 1,
            Some(_) => tally.sitting_out += 1,
            None => tally.missing += 1,
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn without_check_in_everyone_registered_plays_but_the_absent_and_skipping() {
        assert!(plays(false, None, false));
        assert!(plays(false, Some(Mark::Present), false));
        assert!(!plays(false, Some(Mark::Absent), false));
        assert!(!plays(false, Some(Mark::Skip), false));
        assert!(!plays(true, None, false), "a withdrawn player is never paired");
    }

    #[test]
    fn once_the_desk_checks_anyone_in_only_those_checked_in_play() {
        assert!(check_in_begun(&[Mark::Skip, Mark::Present]));
        assert!(!check_in_begun(&[Mark::Skip, Mark::Absent]), "marking absences alone is not a check-in");
        assert!(plays(false, Some(Mark::Present), true));
        assert!(!plays(false, None, true), "not checked in: not paired");
        assert!(!plays(true, Some(Mark::Present), true), "withdrawn outranks a check-in");
    }

    #[test]
    fn codes_read_back_and_the_rule_scores_in_half_points() {
        for m in Mark::ALL {
            assert_eq!(Mark::parse(m.code()), Some(m));
        }
        assert_eq!(Mark::parse("late"), None);
        assert_eq!(AbsentScore::default().half_points(), 0);
        assert_eq!(AbsentScore::Half.half_points(), 1);
    }

    #[test]
    fn the_desk_counts_who_is_still_missing() {
        let marks = [Some(&Mark::Present), None, Some(&Mark::Skip), Some(&Mark::Absent), None, Some(&Mark::Present)];
        assert_eq!(tally(marks), Tally { checked_in: 2, sitting_out: 2, missing: 2 });
    }

    proptest! {
        /// Every player counted once, and exactly the checked-in ones play once check-in began.
        #[test]
        fn the_tally_adds_up(codes in proptest::collection::vec(0usize..4, 0..40)) {
            let marks: Vec<Option<Mark>> = codes.iter().map(|&c| Mark::ALL.get(c).copied()).collect();
            let t = tally(marks.iter().map(Option::as_ref));
            prop_assert_eq!(t.checked_in + t.sitting_out + t.missing, marks.len());
            let begun = check_in_begun(marks.iter().flatten());
            let playing = marks.iter().filter(|m| plays(false, **m, begun)).count();
            if begun {
                prop_assert_eq!(playing, t.checked_in);
            } else {
                prop_assert_eq!(playing, t.missing);
            }
        }
    }
}
