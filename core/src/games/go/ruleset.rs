//! A rule system is a set of independent parameters; the named presets are just data.
//! An event can take a preset and override any parameter (`key=value`, see [`Ruleset::set`]).
//! Sources: the team's rules notes (§1) and the digest of 《围棋规则演变史》 §2 (the comparison matrix, §2.17).
use std::fmt;

use crate::color::Color;
use crate::komi::Komi;

/// Stones on the board before the first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setup {
    Empty,
    /// 座子: four stones on the 4-4 points, same colours on diagonally opposite corners.
    Zuozi,
    /// Korean Sunjang baduk: 16 stones on the 4th line plus Black on tengen. The book's figure is
    /// lost; Yunzi uses the published colouring quoted in the digest (§2.7).
    Sunjang,
    /// Tibetan mig-mang: 12 stones on the 3rd line, every 4th point, alternating colours (17×17).
    Tibetan,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suicide {
    Forbidden,
    /// A chain of two or more stones may take its own last liberty (NZ, Ing, Tromp-Taylor).
    /// Single-stone suicide is never a legal move.
    MultiStoneAllowed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KoRule {
    /// No immediate recapture of a single stone; longer cycles are left to the cycle policy.
    Simple,
    /// No move may recreate any earlier whole-board position.
    Positional,
    /// No move may recreate an earlier position with the same player to move (2002 Art. 6, AGA).
    Situational,
    /// Tibetan: no play on a point emptied by the previous move's capture (whatever its size).
    HotPoint,
}

/// What happens when play cycles under a simple-ko rule (superko rules forbid it outright).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CyclePolicy {
    Forbid,
    NoResult,
    Draw,
    Replay,
    /// Recorded and referred to the referee (1988 Art. 20.3: draw or replay).
    Referee,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PassRule {
    Free,
    /// A pass hands the opponent one prisoner, and White must make the last pass (AGA; the
    /// ancient 虚手交俘虏), so area and territory counting agree.
    PassStone,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Stones plus surrounded points; points between both sides' living stones split half.
    Area,
    /// Surrounded points (none in seki) plus prisoners taken.
    Territory,
    /// Stones on the board only (pre-Tang 两溢 counting living stones, Tibetan).
    StoneCount,
    /// Sunjang's absolute territory (绝对计空, 《围棋规则演变史》 ch. 2, figs. 2-2 to 2-5,
    /// pp. 34–36): the opponent's dead stones come off, then every own stone not on the
    /// boundary (冗子), keeping those a boundary stone needs to keep two liberties; the empty
    /// points are counted, eyes in seki too. Area counting less the boundary stones.
    AbsoluteTerritory,
    /// Prisoners only (两溢后计俘子, 章浒, 两溢后计俘子的围棋规则): play runs until neither
    /// side can add a stone (两溢), a pass hands the opponent a prisoner, dead stones left on
    /// the board are handed over (淘子), and the side holding more prisoners wins.
    Captures,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupTax {
    None,
    /// Tang–Song: 2 points (路) off for every independent living group.
    TwoPerGroup,
    /// Ming–Qing 还棋头: the side with more living groups hands back 1 子 per extra group.
    ReturnHead,
}

/// What White receives for Black's handicap stones under area counting (where each stone
/// Black placed would otherwise count for Black).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandicapCompensation {
    None,
    /// Chinese rules: Black returns half the handicap in 子, i.e. N points for N stones.
    Full,
    /// AGA area counting: one point for each handicap stone after the first.
    AllButOne,
}

/// Who wins when the counts are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EqualScore {
    Draw,
    /// Pre-Tang "受饶先下者输" and Sunjang (Black, who holds tengen as move 1, loses).
    BlackLoses,
    WhiteLoses,
}

/// Each parameter value's name, written once: `code()` prints it, `from_code()` reads it
/// (with the aliases people also write).
macro_rules! codes {
    ($ty:ident { $($variant:ident => $code:literal $(| $alias:literal)*),* $(,)? }) => {
        impl $ty {
            pub fn code(self) -> &'static str {
                match self {
                    $($ty::$variant => $code,)*
                }
            }

            pub fn from_code(text: &str) -> Option<$ty> {
                match text {
                    $($code $(| $alias)* => Some($ty::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

codes!(Setup { Empty => "empty", Zuozi => "zuozi" | "座子", Sunjang => "sunjang", Tibetan => "tibetan" });
codes!(Suicide { Forbidden => "forbidden" | "no", MultiStoneAllowed => "multi-stone" | "allowed" | "yes" });
codes!(KoRule { Simple => "simple", Positional => "positional" | "psk", Situational => "situational" | "ssk", HotPoint => "hot-point" | "hotpoint" });
codes!(CyclePolicy { Forbid => "forbid" | "forbidden", NoResult => "no-result", Draw => "draw", Replay => "replay", Referee => "referee" });
codes!(PassRule { Free => "free", PassStone => "pass-stone" | "stone" });
codes!(Scoring { Area => "area", Territory => "territory", StoneCount => "stones" | "stone-count", Captures => "captures" | "capture-count" | "两溢", AbsoluteTerritory => "absolute-territory" | "绝对计空" });
codes!(GroupTax { None => "none", TwoPerGroup => "two-per-group" | "tang", ReturnHead => "return-head" | "还棋头" });
codes!(EqualScore { Draw => "draw", BlackLoses => "black-loses", WhiteLoses => "white-loses" });
codes!(HandicapCompensation { None => "none", Full => "full", AllButOne => "all-but-one" });

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruleset {
    pub name: String,
    pub width: u8,
    pub height: u8,
    pub setup: Setup,
    pub first_player: Color,
    pub suicide: Suicide,
    pub ko: KoRule,
    pub cycles: CyclePolicy,
    pub pass: PassRule,
    /// Consecutive passes that end play (2 almost everywhere; Ing's 休止 + 终了 is 4).
    pub passes_to_end: u8,
    pub scoring: Scoring,
    pub group_tax: GroupTax,
    /// Seki's surrounded points count as territory (only matters for territory scoring).
    pub seki_territory: bool,
    /// Life and death is confirmed after the game by hypothetical play in which a ko captured
    /// may be retaken only after a pass (Japanese 1989 Art. 7-2), not as in play.
    pub ko_retaken_after_pass: bool,
    pub komi: Komi,
    /// Points deducted for each warning at the count (2002 Art. 24.1: 1 子 = 2 points); 0 = none.
    pub warning_penalty_half_points: i32,
    /// Warnings in one game that lose it (1988 Art. 25.2, 2002 Art. 24.2).
    pub warnings_to_lose: u8,
    pub equal_score: EqualScore,
    /// Area counting: empty regions touching both colours (seki liberties) count half to each
    /// side (Chinese rules) rather than to nobody (AGA, New Zealand, Tromp-Taylor).
    pub split_shared_points: bool,
    /// Results are told in 子 (Chinese rules: 黑胜¾子) rather than in 目 / points.
    pub count_in_stones: bool,
    pub handicap_compensation: HandicapCompensation,
    /// False life by a cycle of kos is no life (1988 Art. 20.2 "不允许…假生作为活棋", 2002
    /// Art. 20.2, the Japanese rules' annex): such a cycle decides nothing, the group is dead.
    pub false_life_dead: bool,
    /// The komi of a handicap game (none almost everywhere: the handicap is the compensation;
    /// AGA 1991 Art. 3: ½ point, "to avoid a draw").
    pub handicap_komi: Komi,
    /// A group its owner left unsettled at the end (alive only if it moves first) is dead: the
    /// side that claims it dead moves first when it is played out (see `life::LifeRules`).
    pub unsettled_dead: bool,
    /// Life and death is settled by the 2012 Japanese proposal's verification (第七条): hypothetical
    /// play with the examined stones' side first, cycles keeping them alive (see
    /// `reading::KoRetake::Verification`). Takes the place of `ko_retaken_after_pass`.
    pub life_by_verification: bool,
    /// The empty point of a ko between both sides' living stones is territory (false: the
    /// 2012 proposal's 第八条, ただし双方の活き石による劫の空点は地としない).
    pub ko_points_territory: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesetError(pub String);

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesetError {}

pub const PRESET_NAMES: [&str; 14] = [
    "chinese-1988",
    "chinese-2002",
    "japanese-1989",
    "japanese-2012",
    "korean-1992",
    "ing",
    "aga",
    "new-zealand",
    "tromp-taylor",
    "pre-tang",
    "ancient-tang-song",
    "ming-qing",
    "sunjang",
    "tibetan",
];

/// Preset komi values are all in range; anything else would be a typo caught by the tests.
fn komi(half_points: i32) -> Komi {
    Komi::from_half_points(half_points).unwrap_or(Komi::ZERO)
}

impl Ruleset {
    /// The modern default every preset starts from: 19×19, empty, Black first, suicide
    /// forbidden, simple ko, two passes end play, area counting.
    fn base(name: &str) -> Ruleset {
        Ruleset {
            name: name.to_string(),
            width: 19,
            height: 19,
            setup: Setup::Empty,
            first_player: Color::Black,
            suicide: Suicide::Forbidden,
            ko: KoRule::Simple,
            cycles: CyclePolicy::Referee,
            pass: PassRule::Free,
            passes_to_end: 2,
            scoring: Scoring::Area,
            group_tax: GroupTax::None,
            seki_territory: true,
            ko_retaken_after_pass: false,
            komi: komi(0),
            warning_penalty_half_points: 0,
            warnings_to_lose: 2,
            equal_score: EqualScore::Draw,
            split_shared_points: true,
            count_in_stones: false,
            handicap_compensation: HandicapCompensation::None,
            false_life_dead: false,
            handicap_komi: komi(0),
            unsettled_dead: false,
            life_by_verification: false,
            ko_points_territory: true,
        }
    }

    /// A named preset (see `PRESET_NAMES`), or None.
    pub fn preset(name: &str) -> Option<Ruleset> {
        let mut r = Ruleset::base(name);
        match name {
            // 1988: area counting, simple ko with whole-board repetition referred to the referee
            // (draw or replay, Art. 20.3); komi 2¾ 子.
            "chinese-1988" => {
                r.unsettled_dead = true;
                r.false_life_dead = true;
                r.komi = komi(11);
                r.count_in_stones = true;
                r.handicap_compensation = HandicapCompensation::Full;
            }
            // 2002: situational superko (Art. 6), cycles forbidden in principle (Art. 20),
            // komi 3¾ 子 (Art. 11), a warning costs 1 子 at the count (Art. 24.1).
            "chinese-2002" => {
                r.unsettled_dead = true;
                r.false_life_dead = true;
                r.ko = KoRule::Situational;
                r.cycles = CyclePolicy::Forbid;
                r.komi = komi(15);
                r.warning_penalty_half_points = 4;
                r.count_in_stones = true;
                r.handicap_compensation = HandicapCompensation::Full;
            }
            "japanese-1989" => {
                r.unsettled_dead = true;
                r.false_life_dead = true;
                r.scoring = Scoring::Territory;
                r.seki_territory = false;
                r.ko_retaken_after_pass = true;
                r.cycles = CyclePolicy::NoResult;
                r.komi = komi(13);
            }
            // The 2012 proposal (分かりやすい日本囲碁規約(試案)): territory (第八条: no eyes of a
            // seki, no ko point between living stones), life and death by verification with the
            // examined side first (第七条: an unsettled group lives, a cycle is life), four passes
            // end the game (第九条), repetition neither side gives way on is no result (第十一条).
            // The proposal leaves komi to the event (コミ: 対局条件); 6½ as under the 1989 rules.
            "japanese-2012" => {
                r.scoring = Scoring::Territory;
                r.seki_territory = false;
                r.life_by_verification = true;
                r.ko_points_territory = false;
                r.cycles = CyclePolicy::NoResult;
                r.passes_to_end = 4;
                r.komi = komi(13);
            }
            "korean-1992" => {
                r.unsettled_dead = true;
                r.scoring = Scoring::Territory;
                r.seki_territory = false;
                r.cycles = CyclePolicy::NoResult;
                r.komi = komi(13);
            }
            // Ing: multi-stone suicide allowed, no "no result", 休止 and 终了 (four passes),
            // komi 8 points. A hot stone may be retaken after one intervening move or pass
            // (隔虚提劫: simple ko); repeating a whole cycle without a pass is forbidden (an
            // approximation of the 搅 rule).
            "ing" => {
                r.unsettled_dead = true;
                r.suicide = Suicide::MultiStoneAllowed;
                r.ko = KoRule::Simple;
                r.cycles = CyclePolicy::Forbid;
                r.passes_to_end = 4;
                r.komi = komi(16);
            }
            "aga" => {
                r.ko = KoRule::Situational;
                r.cycles = CyclePolicy::Forbid;
                r.pass = PassRule::PassStone;
                r.komi = komi(15);
                r.split_shared_points = false;
                r.handicap_compensation = HandicapCompensation::AllButOne;
                r.handicap_komi = komi(1);
            }
            "new-zealand" => {
                r.suicide = Suicide::MultiStoneAllowed;
                r.ko = KoRule::Situational;
                r.cycles = CyclePolicy::Forbid;
                r.komi = komi(14);
                r.split_shared_points = false;
            }
            "tromp-taylor" => {
                r.suicide = Suicide::MultiStoneAllowed;
                r.ko = KoRule::Positional;
                r.cycles = CyclePolicy::Forbid;
                r.komi = komi(15);
                r.split_shared_points = false;
            }
            // Pre-Tang 两溢后计俘子 (章浒, 两溢后计俘子的围棋规则 §二–四): 座子, no passing
            // without handing a prisoner (虚手交俘虏), equal moves (White's last pass), the
            // board played full, more prisoners wins; equal counts lose for the side that
            // moved first (敦煌棋经: 受饶先下者输). A prisoner is one 路 (the text: 与唐宋数路
            // 规则的“路”等价), so results are told in points, not in area 子.
            "pre-tang" => {
                r.setup = Setup::Zuozi;
                r.pass = PassRule::PassStone;
                r.scoring = Scoring::Captures;
                r.equal_score = EqualScore::BlackLoses;
            }
            // Tang–Song: 座子, territory with dead stones refilled and 2 路 per group, draws.
            "ancient-tang-song" => {
                r.setup = Setup::Zuozi;
                r.scoring = Scoring::Territory;
                r.group_tax = GroupTax::TwoPerGroup;
                r.seki_territory = false;
            }
            // Ming–Qing: 座子, White first, area against 180½ with 还棋头.
            "ming-qing" => {
                r.setup = Setup::Zuozi;
                r.first_player = Color::White;
                r.group_tax = GroupTax::ReturnHead;
                r.count_in_stones = true;
            }
            // Sunjang: 16 stones and Black's tengen, White moves first, absolute territory
            // (the eyes of a seki count, fig. 2-5), equal counts lose for Black.
            "sunjang" => {
                r.setup = Setup::Sunjang;
                r.first_player = Color::White;
                r.scoring = Scoring::AbsoluteTerritory;
                r.equal_score = EqualScore::BlackLoses;
            }
            "tibetan" => {
                r.width = 17;
                r.height = 17;
                r.setup = Setup::Tibetan;
                r.first_player = Color::White;
                r.ko = KoRule::HotPoint;
                r.scoring = Scoring::StoneCount;
            }
            _ => return None,
        }
        Some(r)
    }

    pub fn presets() -> Vec<Ruleset> {
        PRESET_NAMES.iter().filter_map(|n| Ruleset::preset(n)).collect()
    }

    /// How reading the local fights of a finished game treats ko: after a pass where life
    /// and death is confirmed by hypothetical play (Japanese 1989 Art. 7-2), else as in play
    /// with no ko threats (under area rules the players play out what they dispute).
    pub fn reading_ko(&self) -> super::reading::KoRetake {
        if self.life_by_verification {
            super::reading::KoRetake::Verification
        } else if self.ko_retaken_after_pass {
            super::reading::KoRetake::Confirmation
        } else {
            super::reading::KoRetake::NO_THREATS
        }
    }

    /// How the proposal reads a finished game's life and death under these rules.
    pub fn life_rules(&self) -> super::life::LifeRules {
        super::life::LifeRules {
            ko: self.reading_ko(),
            unsettled_dead: self.unsettled_dead,
            multi_stone_suicide: self.suicide == Suicide::MultiStoneAllowed,
        }
    }

    /// Overrides one parameter, as an event or the command line says it: `komi=3¾子`,
    /// `ko=positional`, `size=13`, `size=19x13`, `suicide=multi-stone`, `scoring=territory` …
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesetError> {
        let v = value.trim().to_ascii_lowercase();
        let bad = || RulesetError(format!("\"{value}\" is not a value for {key}"));
        match key.trim() {
            "size" => {
                let (w, h) = match v.split_once(['x', '×', ':']) {
                    Some((w, h)) => (w.parse::<u8>().map_err(|_| bad())?, h.parse::<u8>().map_err(|_| bad())?),
                    None => {
                        let n = v.parse::<u8>().map_err(|_| bad())?;
                        (n, n)
                    }
                };
                if !(super::board::MIN_SIDE..=super::board::MAX_SIDE).contains(&w)
                    || !(super::board::MIN_SIDE..=super::board::MAX_SIDE).contains(&h)
                {
                    return Err(RulesetError(format!("a {w}x{h} board is not supported (2 to 25 lines)")));
                }
                self.width = w;
                self.height = h;
            }
            "setup" => self.setup = Setup::from_code(&v).ok_or_else(bad)?,
            "first" | "first-player" => self.first_player = v.parse::<Color>().map_err(|_| bad())?,
            "suicide" => self.suicide = Suicide::from_code(&v).ok_or_else(bad)?,
            "ko" => self.ko = KoRule::from_code(&v).ok_or_else(bad)?,
            "cycles" => self.cycles = CyclePolicy::from_code(&v).ok_or_else(bad)?,
            "pass" => self.pass = PassRule::from_code(&v).ok_or_else(bad)?,
            "passes-to-end" => {
                self.passes_to_end = v.parse::<u8>().ok().filter(|n| (1..=8).contains(n)).ok_or_else(bad)?;
            }
            "scoring" => self.scoring = Scoring::from_code(&v).ok_or_else(bad)?,
            "group-tax" => self.group_tax = GroupTax::from_code(&v).ok_or_else(bad)?,
            "seki-territory" => self.seki_territory = parse_bool(&v).ok_or_else(bad)?,
            "ko-retaken-after-pass" => self.ko_retaken_after_pass = parse_bool(&v).ok_or_else(bad)?,
            "false-life-dead" => self.false_life_dead = parse_bool(&v).ok_or_else(bad)?,
            "handicap-komi" => self.handicap_komi = Komi::parse(value).map_err(|e| RulesetError(e.to_string()))?,
            "unsettled-dead" => self.unsettled_dead = parse_bool(&v).ok_or_else(bad)?,
            "life-by-verification" => self.life_by_verification = parse_bool(&v).ok_or_else(bad)?,
            "ko-points-territory" => self.ko_points_territory = parse_bool(&v).ok_or_else(bad)?,
            "komi" => self.komi = Komi::parse(value).map_err(|e| RulesetError(e.to_string()))?,
            "warning-penalty" => {
                self.warning_penalty_half_points =
                    Komi::parse(value).map_err(|e| RulesetError(e.to_string()))?.half_points()
            }
            "warnings-to-lose" => self.warnings_to_lose = v.parse::<u8>().map_err(|_| bad())?,
            "equal-score" => self.equal_score = EqualScore::from_code(&v).ok_or_else(bad)?,
            "split-shared-points" => self.split_shared_points = parse_bool(&v).ok_or_else(bad)?,
            "handicap-compensation" => {
                self.handicap_compensation = HandicapCompensation::from_code(&v).ok_or_else(bad)?
            }
            "count-in" => {
                self.count_in_stones = match v.as_str() {
                    "stones" | "子" => true,
                    "points" | "目" => false,
                    _ => return Err(bad()),
                }
            }
            other => return Err(RulesetError(format!("\"{other}\" is not a rule parameter"))),
        }
        Ok(())
    }

    /// Every parameter as `key=value`, in the form `set` reads back.
    pub fn parameters(&self) -> Vec<(&'static str, String)> {
        let penalty = Komi::from_half_points(self.warning_penalty_half_points).map(|k| k.display_points());
        vec![
            ("size", format!("{}x{}", self.width, self.height)),
            ("setup", self.setup.code().into()),
            ("first", self.first_player.as_str().into()),
            ("suicide", self.suicide.code().into()),
            ("ko", self.ko.code().into()),
            ("cycles", self.cycles.code().into()),
            ("pass", self.pass.code().into()),
            ("passes-to-end", self.passes_to_end.to_string()),
            ("scoring", self.scoring.code().into()),
            ("group-tax", self.group_tax.code().into()),
            ("seki-territory", self.seki_territory.to_string()),
            ("ko-retaken-after-pass", self.ko_retaken_after_pass.to_string()),
            ("komi", self.komi.display_points()),
            ("warning-penalty", penalty.unwrap_or_default()),
            ("warnings-to-lose", self.warnings_to_lose.to_string()),
            ("equal-score", self.equal_score.code().into()),
            ("split-shared-points", self.split_shared_points.to_string()),
            ("count-in", if self.count_in_stones { "stones" } else { "points" }.into()),
            ("handicap-compensation", self.handicap_compensation.code().into()),
            ("false-life-dead", self.false_life_dead.to_string()),
            ("handicap-komi", self.handicap_komi.display_points()),
            ("unsettled-dead", self.unsettled_dead.to_string()),
            ("life-by-verification", self.life_by_verification.to_string()),
            ("ko-points-territory", self.ko_points_territory.to_string()),
        ]
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "true" | "yes" | "1" => Some(true),
        "false" | "no" | "0" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_exists_and_round_trips_through_its_parameters() {
        for name in PRESET_NAMES {
            let preset = Ruleset::preset(name).unwrap_or_else(|| panic!("{name} missing"));
            let mut rebuilt = Ruleset::preset("chinese-1988").unwrap_or_else(|| panic!("base"));
            rebuilt.name = name.to_string();
            for (key, value) in preset.parameters() {
                rebuilt.set(key, &value).unwrap_or_else(|e| panic!("{name}: {key}={value}: {e}"));
            }
            assert_eq!(rebuilt, preset, "{name}");
        }
        assert!(Ruleset::preset("calvinball").is_none());
        assert_eq!(Ruleset::presets().len(), 14);
    }

    #[test]
    fn presets_carry_the_rule_texts_parameters() {
        let p = |n: &str| Ruleset::preset(n).unwrap_or_else(|| panic!("{n}"));
        assert_eq!(p("chinese-2002").komi.display_stones(), "3¾子"); // 2002 Art. 11
        assert_eq!(p("chinese-2002").ko, KoRule::Situational); // 2002 Art. 6
        assert_eq!(p("chinese-1988").komi.display_stones(), "2¾子");
        assert_eq!(p("japanese-1989").scoring, Scoring::Territory);
        assert!(!p("japanese-1989").seki_territory); // Art. 8
        assert_eq!(p("japanese-1989").cycles, CyclePolicy::NoResult); // Art. 12
        // Art. 7-2: life and death is confirmed with a ko retaken only after a pass; the
        // area rules play out what the players dispute, so reading plays ko as in play.
        assert_eq!(p("japanese-1989").reading_ko(), super::super::reading::KoRetake::Confirmation);
        assert_eq!(p("chinese-1988").reading_ko(), super::super::reading::KoRetake::NO_THREATS);
        assert_eq!(p("korean-1992").reading_ko(), super::super::reading::KoRetake::NO_THREATS);
        // The 2012 proposal: territory with no eyes of a seki and no ko point between living
        // stones (第八条), verification with the examined side first (第七条), four passes
        // (第九条: パスが四回連続した時も終局), repetition neither gives way on: no result (第十一条).
        let j2012 = p("japanese-2012");
        assert_eq!(
            (j2012.scoring, j2012.seki_territory, j2012.ko_points_territory),
            (Scoring::Territory, false, false)
        );
        assert_eq!(j2012.reading_ko(), super::super::reading::KoRetake::Verification);
        assert!(!j2012.life_rules().unsettled_dead && !j2012.false_life_dead);
        assert_eq!((j2012.passes_to_end, j2012.cycles), (4, CyclePolicy::NoResult));
        assert!(p("japanese-1989").ko_points_territory && !p("japanese-1989").life_by_verification);
        assert_eq!(p("aga").pass, PassRule::PassStone); // Art. 7
        assert_eq!(p("ing").suicide, Suicide::MultiStoneAllowed);
        assert_eq!(p("ing").komi.display_points(), "8");
        assert_eq!(p("ming-qing").group_tax, GroupTax::ReturnHead);
        assert_eq!(p("ming-qing").first_player, Color::White);
        assert_eq!((p("tibetan").width, p("tibetan").ko), (17, KoRule::HotPoint));
        assert_eq!(p("sunjang").equal_score, EqualScore::BlackLoses);
        assert_eq!(p("sunjang").scoring, Scoring::AbsoluteTerritory);
        assert_eq!((p("pre-tang").scoring, p("pre-tang").pass), (Scoring::Captures, PassRule::PassStone));
        assert_eq!(p("pre-tang").equal_score, EqualScore::BlackLoses); // 受饶先下者输
        assert!(p("chinese-1988").count_in_stones && p("chinese-2002").split_shared_points);
        assert!(!p("aga").split_shared_points);
    }

    #[test]
    fn overrides_are_checked() {
        let mut r = Ruleset::preset("chinese-1988").unwrap_or_else(|| panic!("base"));
        assert!(r.set("komi", "3¾子").is_ok());
        assert_eq!(r.komi.half_points(), 15);
        assert!(r.set("size", "19x13").is_ok());
        assert_eq!((r.width, r.height), (19, 13));
        assert!(r.set("size", "30").is_err());
        assert!(r.set("ko", "sometimes").is_err());
        assert!(r.set("colour", "blue").is_err());
        assert!(r.set("komi", "7.25").is_err());
    }
}
