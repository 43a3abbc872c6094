//! Event settings, parsed at the boundary.
use std::fmt;

use chrono::NaiveDate;

use serde::{Deserialize, Serialize};

use super::pairing::Colours;
use super::pairing::mcmahon::{HandicapRule, Placement};
use super::pairing::relay::DrawPolicy;
use super::pairing::team::TeamTieBreak;
use super::participation::AbsentScore;
use super::player::{BOARD_MAX, FieldError, clean_text};
use super::standings::{TieBreak, TieBreakRules, Tradition};
use crate::komi::Komi;
use crate::message::Message;
use crate::rank::Rank;

/// The pairing system (1988 Chinese Competition Rules, Art. 27, and the McMahon system).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// 积分编排: paired by points each round.
    Swiss,
    /// Paired by McMahon score: an initial score from rank (bar and floor) plus points.
    McMahon,
    /// 循环制: single or double (cycles), fixed by the Berger tables.
    RoundRobin,
    /// 淘汰制: single, double or multiple elimination (lives).
    Knockout,
    /// 多局决胜制: two players, best of N games.
    BestOf,
    /// 团体赛 (分台定人制): teams meet over a fixed number of boards, by team Swiss or round robin.
    Team,
    /// 擂台赛: two or three teams, one game at a time, the winner stays on.
    Relay,
}

impl System {
    pub const ALL: [System; 7] = [
        System::Swiss,
        System::McMahon,
        System::RoundRobin,
        System::Knockout,
        System::BestOf,
        System::Team,
        System::Relay,
    ];

    pub fn code(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::McMahon => "mcmahon",
            System::RoundRobin => "round-robin",
            System::Knockout => "knockout",
            System::BestOf => "best-of",
            System::Team => "team",
            System::Relay => "relay",
        }
    }

    pub fn parse(code: &str) -> Result<System, FieldError> {
        System::ALL
            .into_iter()
            .find(|s| s.code() == code.trim())
            .ok_or_else(|| Message::new("error-system-unknown").text("text", code.trim()).into())
    }

    /// Whether the engine pairs each round from the scores (so a director may edit the draft);
    /// otherwise a table or bracket fixes the pairing.
    pub fn pairs_by_score(self) -> bool {
        matches!(self, System::Swiss | System::McMahon)
    }

    /// Whether the director may swap a draft board's colours: where no table fixes them (a
    /// relay's are drawn, and Art. 10 lets the players draw them by nigiri at the board).
    pub fn colours_editable(self) -> bool {
        self.pairs_by_score() || self == System::Relay
    }

    /// Whether the director sets the number of rounds (the others follow from the field; a
    /// team event uses it when its teams are paired by Swiss).
    pub fn has_set_rounds(self) -> bool {
        self.pairs_by_score() || self == System::Team
    }
}

/// How seats (round robin) or seeds (knockout) are given out when round 1 is drafted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seating {
    /// Strongest first: rank, then rating, then registration order.
    #[default]
    Strength,
    /// By lot (抽签), drawn by the server from the event's seed.
    Lot,
}

impl Seating {
    pub const ALL: [Seating; 2] = [Seating::Strength, Seating::Lot];

    pub fn code(self) -> &'static str {
        match self {
            Seating::Strength => "strength",
            Seating::Lot => "lot",
        }
    }
}

/// What a player's strength is read from for McMahon's bar, floor and initial scores and for
/// seeding by strength: the rank registered, or the rating (the EGF's GoR, where 2100 is 1d
/// and 100 points a grade; a player without a rating keeps the rank).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strength {
    #[default]
    Rank,
    Rating,
}

impl Strength {
    pub const ALL: [Strength; 2] = [Strength::Rank, Strength::Rating];

    pub fn code(self) -> &'static str {
        match self {
            Strength::Rank => "rank",
            Strength::Rating => "rating",
        }
    }

    /// The player's strength on `Rank::value`'s scale (1d = 0, 1k = −1).
    pub fn value(self, rank_value: i32, rating: Option<i32>) -> i32 {
        match (self, rating) {
            // A GoR grade runs from 50 below its figure to 49 above (2050–2149 is 1d).
            (Strength::Rating, Some(gor)) => (gor - 2050).div_euclid(100).clamp(-30, 8),
            _ => rank_value,
        }
    }
}

/// Whose weights pair a Swiss or McMahon round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Weights {
    /// Yunzi's own criteria, in tiers (docs/PAIRING.md).
    #[default]
    #[serde(rename = "yunzi")]
    Yunzi,
    /// OpenGotha 3.51's weights with the defaults a new tournament of the system gets there: the
    /// pairing OpenGotha would make of the same event (`pairing::gotha_event`).
    #[serde(rename = "opengotha-3.51")]
    OpenGotha351,
}

impl Weights {
    pub const ALL: [Weights; 2] = [Weights::Yunzi, Weights::OpenGotha351];

    pub fn code(self) -> &'static str {
        match self {
            Weights::Yunzi => "yunzi",
            Weights::OpenGotha351 => "opengotha-3.51",
        }
    }

    /// The message key of its name in the form (a code with a dot is no message key).
    pub fn label(self) -> &'static str {
        match self {
            Weights::Yunzi => "weights-yunzi",
            Weights::OpenGotha351 => "weights-opengotha",
        }
    }
}

/// How the teams of a team event meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamPairing {
    /// 积分编排 between teams, for the director's number of rounds.
    #[default]
    Swiss,
    /// 循环制 between teams (single or double, by `cycles`).
    RoundRobin,
    /// 全队循环制: two teams, every player of one meets every player of the other, one
    /// round per board; the line-ups of round 1 play every round, and the whole schedule is
    /// one team match.
    AllPlayAll,
}

impl TeamPairing {
    pub fn code(self) -> &'static str {
        match self {
            TeamPairing::Swiss => "swiss",
            TeamPairing::RoundRobin => "round-robin",
            TeamPairing::AllPlayAll => "all-play-all",
        }
    }
}

/// How a relay team's players come to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RelayOrder {
    /// The registered order (台次), fixed when game 1 is drafted.
    #[default]
    Fixed,
    /// The team names its next player before each game it needs one.
    Nominated,
}

impl RelayOrder {
    pub fn code(self) -> &'static str {
        match self {
            RelayOrder::Fixed => "fixed",
            RelayOrder::Nominated => "nominated",
        }
    }
}

/// The code of a team tie-break, as typed in the event form.
pub fn team_tie_break_code(tie_break: TeamTieBreak) -> &'static str {
    match tie_break {
        TeamTieBreak::GamePoints => "game-points",
        TeamTieBreak::Sos => "sos",
        TeamTieBreak::KeyBoard => "key-board",
    }
}

const TEAM_TIE_BREAKS: [TeamTieBreak; 3] = [TeamTieBreak::GamePoints, TeamTieBreak::Sos, TeamTieBreak::KeyBoard];

/// "game-points, sos" for a team order.
pub fn team_tie_break_text(order: &[TeamTieBreak]) -> String {
    order_text(order, team_tie_break_code)
}

/// What the system needs beyond the common settings, stored with the event as JSON.
/// Every field has a default, so settings saved by an older version still load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SystemSettings {
    /// McMahon bar and floor as rank values (`Rank::value`).
    pub mcmahon_bar: i32,
    pub mcmahon_floor: i32,
    pub placement: Placement,
    /// Swiss and McMahon: Yunzi's weights or OpenGotha 3.51's.
    pub weights: Weights,
    pub avoid_same_club: bool,
    /// Team-mates do not meet in rounds 1..=this (Chinese practice); 0: no rule.
    pub same_team_rounds: u32,
    pub handicap: Option<HandicapRule>,
    /// Round robin: 1 (单循环) or 2 (双循环).
    pub cycles: u32,
    /// Round robin: groups (分组循环), filled by snake seeding; 1 is one table.
    pub groups: u32,
    pub seating: Seating,
    /// Knockout: lost matches that put a player out (1 single, 2 double elimination).
    pub lives: u32,
    pub third_place_game: bool,
    /// Best-of: N games.
    pub best_of: u32,
    /// The standings: tradition and criteria in order.
    pub tradition: Tradition,
    pub tie_breaks: Vec<TieBreak>,
    /// Team events: boards per match, how teams meet, and the team table's tie-breaks
    /// after 场分 (match points).
    pub team_boards: u32,
    pub team_pairing: TeamPairing,
    pub team_tie_breaks: Vec<TeamTieBreak>,
    /// Team Swiss: who has Black on board 1 of each match.
    pub team_colours: Colours,
    /// Relay (擂台赛): how players come to the board and what a draw does.
    pub relay_order: RelayOrder,
    pub relay_draw: DrawPolicy,
    pub relay_colours: Colours,
    /// Swiss and McMahon: what a round a player sits out (absent, skipped) scores.
    pub absent_score: AbsentScore,
    /// McMahon and seeding by strength: the rank or the rating.
    pub strength: Strength,
    /// Swiss and McMahon: players who must not meet (family, club-mates by request), each
    /// pair smaller id first, set on the players page.
    pub forbidden_pairs: Vec<(i64, i64)>,
    /// Swiss and McMahon followed by a knockout (积分编排淘汰制): the top this many of the
    /// standings after the last scored round play single elimination, with a third-place game
    /// from four players; 0: no knockout stage.
    pub knockout_after: u32,
}

impl Default for SystemSettings {
    fn default() -> Self {
        SystemSettings {
            // Rank values (`Rank::value`): 1d is 0, 20k is -20.
            mcmahon_bar: 0,
            mcmahon_floor: -20,
            placement: Placement::SplitAndFold,
            weights: Weights::Yunzi,
            avoid_same_club: true,
            same_team_rounds: 0,
            handicap: None,
            cycles: 1,
            groups: 1,
            seating: Seating::Strength,
            lives: 1,
            third_place_game: true,
            best_of: 3,
            tradition: Tradition::Chinese,
            tie_breaks: TieBreak::CHINESE.to_vec(),
            team_boards: 4,
            team_pairing: TeamPairing::Swiss,
            team_tie_breaks: vec![TeamTieBreak::GamePoints, TeamTieBreak::Sos],
            relay_order: RelayOrder::Fixed,
            relay_draw: DrawPolicy::Replay,
            relay_colours: Colours::Nigiri,
            team_colours: Colours::Alternate,
            absent_score: AbsentScore::Zero,
            strength: Strength::Rank,
            forbidden_pairs: Vec::new(),
            knockout_after: 0,
        }
    }
}

/// The code of a tie-break criterion, as typed in the event form ("points, sos, cuss, direct").
pub fn tie_break_code(tie_break: TieBreak) -> &'static str {
    match tie_break {
        TieBreak::Points => "points",
        TieBreak::McMahonScore => "mms",
        TieBreak::Sos => "sos",
        TieBreak::Sosos => "sosos",
        TieBreak::Sodos => "sodos",
        TieBreak::Cumulative => "cuss",
        TieBreak::DirectEncounter => "direct",
        TieBreak::Wins => "wins",
    }
}

/// "points, sos, cuss, direct" for an order.
pub fn tie_break_text(order: &[TieBreak]) -> String {
    order_text(order, tie_break_code)
}

/// An order of criteria typed as codes ("points, sos, cuss"): each known, none twice; may be
/// empty. `what` is the locale key naming the kind of criterion in messages.
fn parse_order<T: Copy + PartialEq>(
    text: &str,
    all: &[T],
    code: fn(T) -> &'static str,
    what: &'static str,
) -> Result<Vec<T>, FieldError> {
    let mut order = Vec::new();
    for word in text.split([',', '，', ' ']).map(str::trim).filter(|w| !w.is_empty()) {
        let found = all.iter().copied().find(|t| code(*t) == word.to_lowercase()).ok_or_else(|| {
            let codes: Vec<&str> = all.iter().map(|t| code(*t)).collect();
            Message::new("error-order-unknown")
                .text("word", word)
                .nested("what", Message::new(what))
                .text("codes", codes.join(", "))
        })?;
        if order.contains(&found) {
            return Err(Message::new("error-order-twice").nested("what", Message::new(what)).text("word", word).into());
        }
        order.push(found);
    }
    Ok(order)
}

/// "a, b, c" for an order of criteria.
fn order_text<T: Copy>(order: &[T], code: fn(T) -> &'static str) -> String {
    order.iter().map(|t| code(*t)).collect::<Vec<_>>().join(", ")
}

fn parse_tie_breaks(text: &str) -> Result<Vec<TieBreak>, FieldError> {
    let order = parse_order(text, &TieBreak::ALL, tie_break_code, "criterion-tie-break")?;
    if order.is_empty() {
        return Err(FieldError::new("error-tie-breaks-empty"));
    }
    Ok(order)
}

/// The raw text of the system's part of the event form.
#[derive(Debug, Clone, Default)]
pub struct SystemInput<'a> {
    pub mcmahon_bar: &'a str,
    pub mcmahon_floor: &'a str,
    pub placement: &'a str,
    pub weights: &'a str,
    pub avoid_same_club: bool,
    pub same_team_rounds: &'a str,
    pub handicap: bool,
    pub handicap_reduction: &'a str,
    pub handicap_max: &'a str,
    pub cycles: &'a str,
    pub groups: &'a str,
    pub seating: &'a str,
    pub lives: &'a str,
    pub third_place_game: bool,
    pub best_of: &'a str,
    pub tradition: &'a str,
    pub tie_breaks: &'a str,
    pub team_boards: &'a str,
    pub team_pairing: &'a str,
    pub team_tie_breaks: &'a str,
    pub team_colours: &'a str,
    pub relay_order: &'a str,
    pub relay_draw: &'a str,
    pub relay_colours: &'a str,
    pub knockout_after: &'a str,
    pub absent_score: &'a str,
    pub strength: &'a str,
}

/// The option whose code is `text`; a blank field is the first option.
/// `what` is the locale key naming the choice in messages.
fn choice<T: Copy>(
    text: &str,
    options: &[T],
    code: fn(T) -> &'static str,
    what: &'static str,
) -> Result<T, FieldError> {
    let text = text.trim();
    options.iter().copied().find(|&o| text.is_empty() || code(o) == text).ok_or_else(|| {
        let codes: Vec<&str> = options.iter().map(|&o| code(o)).collect();
        not_a_choice(text, what, &codes.join(", "))
    })
}

/// "`text` is not `what`: use `codes`".
fn not_a_choice(text: &str, what: &'static str, codes: &str) -> FieldError {
    Message::new("error-choice").text("text", text).nested("what", Message::new(what)).text("codes", codes).into()
}

/// Players each group (or the one table) sends to a knockout stage: 0 for none; the stage
/// needs 2 players and takes at most [`MAX_KNOCKOUT_STAGE`].
fn knockout_stage(text: &str, groups: u32) -> Result<u32, FieldError> {
    if text.trim().is_empty() {
        return Ok(0);
    }
    let what = if groups > 1 { "field-knockout-each-group" } else { "field-knockout-players" };
    let each = number_in(text, 0..=MAX_KNOCKOUT_STAGE, what)?;
    if each >= 1 && each * groups < 2 {
        return Err(FieldError::new("error-knockout-stage-two"));
    }
    if each * groups > MAX_KNOCKOUT_STAGE {
        return Err(Message::new("error-knockout-stage-most")
            .number("max", MAX_KNOCKOUT_STAGE)
            .number("groups", groups)
            .number("each", each)
            .into());
    }
    Ok(each)
}

/// A whole number in `range`; `what` is the locale key of the field's name.
fn number_in(text: &str, range: std::ops::RangeInclusive<u32>, what: &'static str) -> Result<u32, FieldError> {
    match text.trim().parse::<u32>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(Message::new("error-number-range")
            .nested("what", Message::new(what))
            .number("min", *range.start())
            .number("max", *range.end())
            .into()),
    }
}

impl SystemSettings {
    /// Parses the fields the system uses; the others keep their defaults, and so does a
    /// field left blank (a blank tie-break order is the tradition's usual one).
    pub fn parse(system: System, input: &SystemInput<'_>) -> Result<SystemSettings, FieldError> {
        let defaults = SystemSettings::default();
        let mut settings = defaults.clone();
        let given = |text: &'_ str| -> Option<String> { Some(text.trim().to_string()).filter(|t| !t.is_empty()) };
        let number =
            |text: &str, default: u32, range: std::ops::RangeInclusive<u32>, what: &'static str| match given(text) {
                None => Ok(default),
                Some(t) => number_in(&t, range, what),
            };
        if system.pairs_by_score() {
            if system == System::McMahon {
                let rank = |text: &str, default: i32, what: &'static str| match given(text) {
                    None => Ok(default),
                    Some(t) => Rank::parse(&t).map(|r| r.value()).map_err(|e| {
                        FieldError(
                            Message::new("error-field-is")
                                .nested("field", Message::new(what))
                                .nested("why", e.message()),
                        )
                    }),
                };
                settings.mcmahon_bar = rank(input.mcmahon_bar, defaults.mcmahon_bar, "field-mcmahon-bar")?;
                settings.mcmahon_floor = rank(input.mcmahon_floor, defaults.mcmahon_floor, "field-mcmahon-floor")?;
                if settings.mcmahon_floor > settings.mcmahon_bar {
                    return Err(FieldError::new("error-mcmahon-floor-above-bar"));
                }
            }
            if let Some(code) = given(input.placement) {
                settings.placement = Placement::parse(&code).ok_or_else(|| {
                    not_a_choice(&code, "choice-placement", "split-and-fold, split-and-random, adjacent")
                })?;
            }
            settings.weights = choice(input.weights, &Weights::ALL, Weights::code, "choice-weights")?;
            settings.avoid_same_club = input.avoid_same_club;
            settings.same_team_rounds = number(input.same_team_rounds, 0, 0..=MAX_ROUNDS, "field-same-team-rounds")?;
            // OpenGotha has no rule keeping team-mates apart: refused rather than ignored.
            if settings.weights == Weights::OpenGotha351 && settings.same_team_rounds > 0 {
                return Err(FieldError::new("error-opengotha-team-rule"));
            }
            settings.knockout_after = knockout_stage(input.knockout_after, 1)?;
            settings.absent_score =
                choice(input.absent_score, &AbsentScore::ALL, AbsentScore::code, "choice-absent-score")?;
            if input.handicap {
                settings.handicap = Some(HandicapRule {
                    reduction: number(input.handicap_reduction, 0, 0..=9, "field-handicap-reduction")? as u8,
                    max_stones: number(input.handicap_max, 9, 1..=9, "field-handicap-max")? as u8,
                });
            }
        }
        match system {
            System::RoundRobin => {
                settings.cycles = number(input.cycles, 1, 1..=2, "field-cycles")?;
                settings.groups = number(input.groups, 1, 1..=MAX_GROUPS, "field-groups")?;
                settings.knockout_after = knockout_stage(input.knockout_after, settings.groups)?;
            }
            System::Knockout => {
                settings.lives = number(input.lives, 1, 1..=5, "field-lives")?;
                settings.third_place_game = input.third_place_game && settings.lives == 1;
            }
            System::BestOf => {
                settings.best_of = number(input.best_of, 3, 1..=15, "field-best-of")?;
                if settings.best_of % 2 == 0 {
                    return Err(FieldError::new("error-best-of-odd"));
                }
            }
            System::Team => {
                settings.team_boards = number(input.team_boards, 4, 1..=BOARD_MAX as u32, "field-team-boards")?;
                settings.team_pairing = choice(
                    input.team_pairing,
                    &[TeamPairing::Swiss, TeamPairing::RoundRobin, TeamPairing::AllPlayAll],
                    TeamPairing::code,
                    "choice-team-pairing",
                )?;
                if settings.team_pairing == TeamPairing::RoundRobin {
                    settings.cycles = number(input.cycles, 1, 1..=2, "field-cycles")?;
                }
                if settings.team_pairing == TeamPairing::Swiss {
                    settings.knockout_after = knockout_stage(input.knockout_after, 1)?;
                    settings.team_colours = choice(
                        input.team_colours,
                        &[Colours::Alternate, Colours::Nigiri],
                        Colours::code,
                        "choice-team-colours",
                    )?;
                }
                if let Some(text) = given(input.team_tie_breaks) {
                    settings.team_tie_breaks =
                        parse_order(&text, &TEAM_TIE_BREAKS, team_tie_break_code, "criterion-team-tie-break")?;
                }
            }
            System::Relay => {
                settings.relay_order = choice(
                    input.relay_order,
                    &[RelayOrder::Fixed, RelayOrder::Nominated],
                    RelayOrder::code,
                    "choice-relay-order",
                )?;
                settings.relay_draw = choice(
                    input.relay_draw,
                    &[DrawPolicy::Replay, DrawPolicy::BothOut],
                    DrawPolicy::code,
                    "choice-relay-draw",
                )?;
                settings.relay_colours = choice(
                    input.relay_colours,
                    &[Colours::Nigiri, Colours::Alternate],
                    Colours::code,
                    "choice-relay-colours",
                )?;
            }
            System::Swiss | System::McMahon => {}
        }
        settings.strength = choice(input.strength, &Strength::ALL, Strength::code, "choice-strength")?;
        if let Some(code) = given(input.seating).filter(|_| !system.pairs_by_score()) {
            settings.seating =
                Seating::ALL.into_iter().find(|s| s.code() == code).ok_or_else(|| FieldError::new("error-seating"))?;
        }
        settings.tradition = match given(input.tradition).as_deref() {
            None | Some("chinese") => Tradition::Chinese,
            Some("european") => Tradition::European,
            Some(other) => {
                return Err(not_a_choice(other, "choice-tradition", "chinese, european"));
            }
        };
        settings.tie_breaks = match given(input.tie_breaks) {
            None => SystemSettings::default_order(system, settings.tradition),
            Some(text) => parse_tie_breaks(&text)?,
        };
        if settings.tie_breaks.contains(&TieBreak::McMahonScore) && system != System::McMahon {
            return Err(FieldError::new("error-mms-needs-mcmahon"));
        }
        Ok(settings)
    }

    /// Settings stored with an event; unreadable JSON (never written by Yunzi) gives the defaults.
    pub fn from_json(text: &str) -> SystemSettings {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// The standings rules: the tradition with the order (validated when parsed).
    pub fn tie_break_rules(&self) -> TieBreakRules {
        TieBreakRules::new(self.tradition, self.tie_breaks.clone())
            .unwrap_or_else(|_| TieBreakRules::chinese())
            .with_absent_points(self.absent_score.half_points())
    }

    /// The default order for a system and tradition, as the form pre-fills it.
    pub fn default_order(system: System, tradition: Tradition) -> Vec<TieBreak> {
        let mut order = match tradition {
            Tradition::Chinese => TieBreak::CHINESE.to_vec(),
            Tradition::European => TieBreak::EUROPEAN.to_vec(),
        };
        let first = if system == System::McMahon { TieBreak::McMahonScore } else { TieBreak::Points };
        order[0] = first;
        order
    }
}

/// The rule presets an event can name: exactly the engine's (the team's rules notes, §1).
pub const RULESETS: [&str; 14] = crate::games::go::ruleset::PRESET_NAMES;

pub const DEFAULT_RULESET: &str = "chinese-1988";

/// The rule sets of 五子棋 an event can name instead (docs/GAMES.md).
pub const GOMOKU_RULESETS: [&str; 3] = ["renju", "renju-seed", "gomoku-free"];

/// The other folk games an event can play (docs/GAMES.md): 三通棋, 四季棋, 二虎棋, 六角棋, and
/// 七星棋 under each of its two setups and 一字棋 under each of its three, the last piece in
/// winning or (as the players may agree) losing, and 八卦棋.
pub const FOLK_RULESETS: [&str; 15] = [
    "santong",
    "siji",
    "erhu",
    "liujiao",
    "qixing-1",
    "qixing-2",
    "qixing-1-last-loses",
    "qixing-2-last-loses",
    "yizi-1",
    "yizi-2",
    "yizi-3",
    "yizi-1-last-loses",
    "yizi-2-last-loses",
    "yizi-3-last-loses",
    "bagua",
];

/// The board of a folk game other than 五子棋, as the event form's board size writes it: 三通棋's
/// triangle has eight rows, 四季棋's board eight squares a side, 二虎棋's five lines, 六角棋's
/// hexagon seven rows of points, 七星棋's line 25 points, 一字棋's 11.
pub fn folk_board_size(ruleset: &str) -> Option<u8> {
    match ruleset {
        "santong" | "siji" => Some(8),
        "erhu" => Some(5),
        "liujiao" => Some(7),
        // 七星棋's line of 25 points.
        code if code.starts_with("qixing-") => Some(25),
        // 一字棋's line of 11 points.
        code if code.starts_with("yizi-") => Some(11),
        // 八卦棋's 13 points.
        "bagua" => Some(13),
        _ => None,
    }
}

/// Whether an event's rule set is one of 五子棋's: its games are 五子棋, not go.
pub fn is_gomoku(ruleset: &str) -> bool {
    GOMOKU_RULESETS.contains(&ruleset)
}

/// Whether an event plays a folk game (五子棋, 三通棋), not go: no komi, no handicap.
pub fn is_folk_game(ruleset: &str) -> bool {
    is_gomoku(ruleset) || FOLK_RULESETS.contains(&ruleset)
}

pub fn parse_ruleset(code: &str) -> Result<&'static str, FieldError> {
    RULESETS
        .iter()
        .chain(GOMOKU_RULESETS.iter())
        .chain(FOLK_RULESETS.iter())
        .find(|r| **r == code.trim())
        .copied()
        .ok_or_else(|| Message::new("error-ruleset-unknown").text("text", code.trim()).into())
}

/// Most rounds an event can have.
pub use crate::limits::MAX_ROUNDS;

/// Most groups a round robin may be split into.
pub const MAX_GROUPS: u32 = 32;

/// Most players a knockout stage after a Swiss or McMahon takes.
pub const MAX_KNOCKOUT_STAGE: u32 = 256;

/// The longest broadcast delay a director may set: two hours.
pub const MAX_BROADCAST_DELAY_MINUTES: u32 = 120;

/// Everything a director fills in to create or edit an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSettings {
    pub name: String,
    pub venue: String,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub time_zone: String,
    pub rounds: u32,
    pub system: System,
    pub ruleset: &'static str,
    pub komi: Komi,
    /// Lines of the board for games played live.
    pub board_size: u8,
    /// Minutes after a round's start past which an absent player loses (Art. 23); 0: none.
    pub late_limit_minutes: u32,
    /// Minutes spectators see a game in play behind the board (a broadcast delay against
    /// cheating); 0: none.
    pub broadcast_delay_minutes: u32,
    /// What a cycle comes to (Art. 20.3 leaves it to the event).
    pub cycle_outcome: crate::referee::CycleOutcome,
    /// What a warning costs at the count.
    pub warning_penalty: crate::referee::WarningPenalty,
    pub time_control: String,
    pub system_settings: SystemSettings,
}

/// The raw text of the event form.
#[derive(Debug, Clone, Default)]
pub struct EventInput<'a> {
    pub name: &'a str,
    pub venue: &'a str,
    pub start_date: &'a str,
    pub end_date: &'a str,
    pub time_zone: &'a str,
    pub rounds: &'a str,
    pub system: &'a str,
    pub ruleset: &'a str,
    pub komi: &'a str,
    /// Blank: 19.
    pub board_size: &'a str,
    /// Blank: no limit.
    pub late_limit_minutes: &'a str,
    /// Blank: no delay.
    pub broadcast_delay_minutes: &'a str,
    /// Blank: a draw.
    pub cycle_outcome: &'a str,
    /// Blank: as the rules say.
    pub warning_penalty: &'a str,
    pub time_control: &'a str,
    pub system_settings: SystemInput<'a>,
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl EventSettings {
    /// The settings, or the first thing wrong with them (see [`EventSettings::parse_all`]).
    pub fn parse(input: &EventInput<'_>) -> Result<EventSettings, FieldError> {
        EventSettings::parse_all(input).map_err(|mut errors| errors.remove(0).1)
    }

    /// The settings, or everything wrong with them: each field's problem with the form field it
    /// belongs to ("end_date" for dates out of order), in the form's order.
    pub fn parse_all(input: &EventInput<'_>) -> Result<EventSettings, Vec<(&'static str, FieldError)>> {
        let mut errors: Vec<(&'static str, FieldError)> = Vec::new();
        let name = keep(&mut errors, "name", clean_text(input.name, "field-event-name", 120, true));
        let venue = keep(&mut errors, "venue", clean_text(input.venue, "field-venue", 200, false));
        let start_date = keep(&mut errors, "start_date", parse_date(input.start_date, "field-start-date"));
        let end_date = keep(&mut errors, "end_date", parse_date(input.end_date, "field-end-date"));
        if let (Some(start), Some(end)) = (start_date, end_date)
            && end < start
        {
            keep(&mut errors, "end_date", Err::<(), _>(FieldError::new("error-event-ends-before")));
        }
        let time_zone = input.time_zone.trim();
        if time_zone.parse::<chrono_tz::Tz>().is_err() {
            keep(
                &mut errors,
                "time_zone",
                Err::<(), _>(FieldError(Message::new("error-time-zone").text("text", time_zone))),
            );
        }
        let rounds = keep(
            &mut errors,
            "rounds",
            match input.rounds.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_ROUNDS).contains(&n) => Ok(n),
                _ => Err(Message::new("error-number-range")
                    .nested("what", Message::new("field-rounds"))
                    .number("min", 1)
                    .number("max", MAX_ROUNDS)
                    .into()),
            },
        );
        let system = keep(&mut errors, "system", System::parse(input.system));
        let ruleset = keep(&mut errors, "ruleset", parse_ruleset(input.ruleset));
        // Left blank, the komi is the rule set's own (3¾子 under the Chinese 2002 rules, 6.5
        // 目 under the Japanese …), as a director expects.
        let gomoku = ruleset.is_some_and(is_gomoku);
        let folk = ruleset.is_some_and(is_folk_game);
        let komi = match (input.komi.trim(), ruleset) {
            // The folk games have no komi: their rules balance Black's first move otherwise.
            ("", Some(_)) if folk => Some(Komi::ZERO),
            (text, Some(_)) if folk => keep(
                &mut errors,
                "komi",
                Komi::parse(text).ok().filter(|k| *k == Komi::ZERO).ok_or_else(|| FieldError::new("error-folk-komi")),
            ),
            ("", Some(ruleset)) => keep(
                &mut errors,
                "komi",
                crate::games::go::ruleset::Ruleset::preset(ruleset)
                    .map(|rules| rules.komi)
                    .ok_or_else(|| Message::new("error-ruleset-unknown").text("text", ruleset).into()),
            ),
            ("", None) => None,
            (text, _) => keep(&mut errors, "komi", Komi::parse(text).map_err(|e| FieldError(e.0))),
        };
        let board_size = keep(
            &mut errors,
            "board_size",
            match input.board_size.trim() {
                // 五子棋's own board is 15×15; free gomoku may borrow a go board (19×19).
                "" | "15" if gomoku => Ok(15),
                "19" if ruleset == Some("gomoku-free") => Ok(19),
                _ if gomoku => Err(FieldError::new("error-gomoku-board-size")),
                // The other folk games have their own boards.
                text if folk => match ruleset.and_then(folk_board_size) {
                    Some(size) if text.is_empty() || text == size.to_string() => Ok(size),
                    Some(size) => Err(Message::new("error-folk-board-size").number("size", size).into()),
                    None => Err(FieldError::new("error-board-size")),
                },
                "" => Ok(19),
                text => match text.trim_end_matches(['路', 'x', '×']).trim().parse::<u8>() {
                    Ok(n) if (5..=25).contains(&n) => Ok(n),
                    _ => Err(FieldError::new("error-board-size")),
                },
            },
        );
        let late_limit_minutes = keep(
            &mut errors,
            "late_limit_minutes",
            match input.late_limit_minutes.trim() {
                "" => Ok(0),
                text => number_in(text, 0..=240, "field-late-limit"),
            },
        );
        let broadcast_delay_minutes = keep(
            &mut errors,
            "broadcast_delay_minutes",
            match input.broadcast_delay_minutes.trim() {
                "" => Ok(0),
                text => number_in(text, 0..=MAX_BROADCAST_DELAY_MINUTES, "field-broadcast-delay"),
            },
        );
        let cycle_outcome = keep(
            &mut errors,
            "cycle_outcome",
            crate::referee::CycleOutcome::parse(input.cycle_outcome).ok_or_else(|| {
                not_a_choice(input.cycle_outcome.trim(), "choice-cycle-outcome", "draw, replay, no-result")
            }),
        );
        let warning_penalty = keep(
            &mut errors,
            "warning_penalty",
            crate::referee::WarningPenalty::parse(input.warning_penalty)
                .ok_or_else(|| not_a_choice(input.warning_penalty.trim(), "choice-warning-penalty", "stone, none")),
        );
        // Stored in the canonical notation, which the live clocks read back.
        let time_control = keep(
            &mut errors,
            "time_control",
            clean_text(input.time_control, "field-time-control", 200, false).and_then(|text| {
                crate::clock::TimeControl::parse(&text)
                    .map_err(|e| {
                        FieldError(
                            Message::new("error-field-is")
                                .nested("field", Message::new("field-time-control"))
                                .nested("why", e.0),
                        )
                    })
                    .map(|control| control.map(|c| c.to_string()).unwrap_or_default())
            }),
        );
        let system_settings = match system {
            Some(system) => keep(
                &mut errors,
                "system_settings",
                SystemSettings::parse(system, &input.system_settings).and_then(|settings| {
                    if folk && settings.handicap.is_some() {
                        Err(FieldError::new("error-folk-handicap"))
                    } else {
                        Ok(settings)
                    }
                }),
            ),
            None => None,
        };
        // Every field read: the settings (None while any is missing, with its problem noted).
        let settings = (|| {
            Some(EventSettings {
                name: name?,
                venue: venue?,
                start_date: start_date?,
                end_date: end_date?,
                time_zone: time_zone.to_string(),
                rounds: rounds?,
                system: system?,
                ruleset: ruleset?,
                komi: komi?,
                board_size: board_size?,
                late_limit_minutes: late_limit_minutes?,
                broadcast_delay_minutes: broadcast_delay_minutes?,
                cycle_outcome: cycle_outcome?,
                warning_penalty: warning_penalty?,
                time_control: time_control?,
                system_settings: system_settings?,
            })
        })();
        match settings {
            Some(settings) if errors.is_empty() => Ok(settings),
            _ => Err(errors),
        }
    }
}

/// `parsed`'s value, or None with its problem noted against `field`.
fn keep<T>(
    errors: &mut Vec<(&'static str, FieldError)>,
    field: &'static str,
    parsed: Result<T, FieldError>,
) -> Option<T> {
    match parsed {
        Ok(value) => Some(value),
        Err(e) => {
            errors.push((field, e));
            None
        }
    }
}

fn parse_date(input: &str, what: &'static str) -> Result<NaiveDate, FieldError> {
    NaiveDate::parse_from_str(input.trim(), "%Y-%m-%d")
        .map_err(|_| Message::new("error-date").nested("field", Message::new(what)).into())
}

/// An instant as the venue's clocks show it: in the event's time zone, with its offset from
/// UTC ("2026-12-05 09:30 UTC+08:00"), which reads the same in every language where a zone's
/// abbreviation would not (CST is China's and America's); UTC if the zone is not one.
pub fn local_time(at: &chrono::DateTime<chrono::Utc>, time_zone: &str) -> String {
    in_zone(at, time_zone, "%Y-%m-%d %H:%M UTC%:z")
}

/// An instant as a `datetime-local` field shows it, in the event's time zone.
pub fn local_input(at: &chrono::DateTime<chrono::Utc>, time_zone: &str) -> String {
    in_zone(at, time_zone, "%Y-%m-%dT%H:%M")
}

/// [`local_time`] to the second, for the audit log.
pub fn local_time_exact(at: &chrono::DateTime<chrono::Utc>, time_zone: &str) -> String {
    in_zone(at, time_zone, "%Y-%m-%d %H:%M:%S UTC%:z")
}

fn in_zone(at: &chrono::DateTime<chrono::Utc>, time_zone: &str, format: &str) -> String {
    let zone: chrono_tz::Tz = time_zone.parse().unwrap_or(chrono_tz::UTC);
    at.with_timezone(&zone).format(format).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grade(rank: &str) -> i32 {
        Rank::parse(rank).map(|r| r.value()).unwrap_or(i32::MIN)
    }

    fn input() -> EventInput<'static> {
        EventInput {
            name: "Club Championship",
            venue: "Hangzhou Qiyuan",
            start_date: "2026-12-05",
            end_date: "2026-12-06",
            time_zone: "Asia/Shanghai",
            rounds: "5",
            system: "swiss",
            ruleset: "chinese-1988",
            komi: "3¾子",
            board_size: "",
            late_limit_minutes: "15",
            broadcast_delay_minutes: "15",
            cycle_outcome: "replay",
            warning_penalty: "stone",
            time_control: "60 min + 3×30 s",
            system_settings: system_input(),
        }
    }

    #[test]
    fn an_event_of_gomoku_has_no_komi_no_handicap_and_its_own_board() {
        let gomoku = |ruleset, komi, board_size, handicap| {
            EventSettings::parse_all(&EventInput {
                ruleset,
                komi,
                board_size,
                system_settings: SystemInput { handicap, ..system_input() },
                ..input()
            })
        };
        let made = gomoku("renju", "", "", false).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((made.ruleset, made.komi, made.board_size), ("renju", Komi::ZERO, 15));
        assert!(is_gomoku(made.ruleset) && !is_gomoku("chinese-1988"));
        assert_eq!(
            gomoku("gomoku-free", "0", "19", false).map(|s| s.board_size),
            Ok(19),
            "free gomoku may borrow a go board"
        );
        let field = |r: Result<EventSettings, Vec<(&'static str, FieldError)>>| {
            r.err().and_then(|e| e.first().map(|(f, e)| (*f, e.0.key.to_string())))
        };
        assert_eq!(field(gomoku("renju", "7.5", "", false)), Some(("komi", "error-folk-komi".to_string())));
        assert_eq!(
            field(gomoku("renju", "", "19", false)),
            Some(("board_size", "error-gomoku-board-size".to_string()))
        );
        assert_eq!(field(gomoku("renju", "", "", true)), Some(("system_settings", "error-folk-handicap".to_string())));
        let santong = gomoku("santong", "", "", false).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((santong.komi, santong.board_size), (Komi::ZERO, 8), "三通棋: eight rows, no komi");
        assert!(is_folk_game("santong") && !is_gomoku("santong"));
        assert_eq!(field(gomoku("santong", "", "19", false)).map(|f| f.0), Some("board_size"));
        assert_eq!(field(gomoku("chess", "", "", false)).map(|f| f.0), Some("ruleset"));
    }

    fn system_input() -> SystemInput<'static> {
        SystemInput {
            mcmahon_bar: "3d",
            mcmahon_floor: "15k",
            placement: "split-and-fold",
            weights: "",
            avoid_same_club: true,
            same_team_rounds: "2",
            handicap: false,
            handicap_reduction: "2",
            handicap_max: "9",
            cycles: "2",
            groups: "3",
            seating: "lot",
            lives: "2",
            third_place_game: true,
            best_of: "5",
            tradition: "chinese",
            tie_breaks: "points, sos, cuss, direct",
            team_boards: "3",
            team_pairing: "round-robin",
            team_tie_breaks: "key-board, game-points",
            team_colours: "nigiri",
            relay_order: "nominated",
            relay_draw: "both-out",
            relay_colours: "alternate",
            knockout_after: "8",
            absent_score: "half",
            strength: "rating",
        }
    }

    fn system_settings(system: &'static str, input: SystemInput<'static>) -> Result<SystemSettings, FieldError> {
        EventSettings::parse(&EventInput { system, system_settings: input, ..super::tests::input() })
            .map(|s| s.system_settings)
    }

    #[test]
    fn each_system_reads_its_own_fields() -> Result<(), FieldError> {
        let mcmahon =
            system_settings("mcmahon", SystemInput { tie_breaks: "mms，sos sosos", handicap: true, ..system_input() })?;
        assert_eq!(mcmahon.mcmahon_bar, grade("3d"));
        assert_eq!(mcmahon.mcmahon_floor, grade("15k"));
        assert_eq!(mcmahon.same_team_rounds, 2);
        assert_eq!(mcmahon.handicap, Some(HandicapRule { reduction: 2, max_stones: 9 }));
        assert_eq!(mcmahon.tie_breaks, vec![TieBreak::McMahonScore, TieBreak::Sos, TieBreak::Sosos]);
        assert_eq!(mcmahon.knockout_after, 8, "then a knockout of the top 8 (积分编排淘汰制)");
        assert_eq!(mcmahon.absent_score, AbsentScore::Half);
        assert_eq!(mcmahon.strength, Strength::Rating);
        assert_eq!(Strength::Rating.value(-1, Some(2100)), 0, "2100 is 1d");
        assert_eq!(Strength::Rating.value(-1, Some(2049)), -1, "2049 is 1k");
        assert_eq!(Strength::Rating.value(5, Some(1050)), -10, "1050 is 10k");
        assert_eq!(Strength::Rating.value(3, None), 3, "no rating: the rank");
        assert_eq!(Strength::Rank.value(3, Some(2700)), 3);
        assert!(system_settings("swiss", SystemInput { absent_score: "one", ..system_input() }).is_err());
        let blank = system_settings("swiss", SystemInput { absent_score: "", ..system_input() })?;
        assert_eq!(blank.absent_score, AbsentScore::Zero, "a round sat out scores nothing unless chosen");
        for (text, message) in [("1", "at least 2"), ("257", "from 0 to 256"), ("top", "from 0 to 256")] {
            let refused = system_settings("swiss", SystemInput { knockout_after: text, ..system_input() });
            assert!(refused.as_ref().is_err_and(|e| e.to_string().contains(message)), "{text}: {refused:?}");
        }

        let round_robin = system_settings("round-robin", system_input())?;
        assert_eq!((round_robin.cycles, round_robin.groups, round_robin.seating), (2, 3, Seating::Lot));
        // Fields of other systems keep their defaults.
        assert_eq!(round_robin.lives, SystemSettings::default().lives);
        assert_eq!(round_robin.knockout_after, 8, "then a knockout of the top 8 of each group");
        let crowded =
            system_settings("round-robin", SystemInput { groups: "32", knockout_after: "9", ..system_input() });
        assert!(crowded.is_err_and(|e| e.to_string().contains("at most 256")));
        let one_table =
            system_settings("round-robin", SystemInput { groups: "1", knockout_after: "1", ..system_input() });
        assert!(one_table.is_err_and(|e| e.to_string().contains("at least 2")));
        let winners =
            system_settings("round-robin", SystemInput { groups: "4", knockout_after: "1", ..system_input() })?;
        assert_eq!(winners.knockout_after, 1, "the four group winners play a knockout");

        let double = system_settings("knockout", system_input())?;
        assert_eq!(double.lives, 2);
        assert!(!double.third_place_game, "a third-place game belongs to single elimination only");
        assert_eq!(double.knockout_after, 0, "a knockout has no knockout stage after it");
        let single = system_settings("knockout", SystemInput { lives: "1", ..system_input() })?;
        assert!(single.third_place_game);

        assert_eq!(system_settings("best-of", system_input())?.best_of, 5);
        let team = system_settings("team", system_input())?;
        assert_eq!((team.team_boards, team.team_pairing, team.cycles), (3, TeamPairing::RoundRobin, 2));
        assert_eq!(team.team_tie_breaks, vec![TeamTieBreak::KeyBoard, TeamTieBreak::GamePoints]);
        assert_eq!(team.knockout_after, 0, "a knockout stage follows a team Swiss, not a team round robin");
        let team_swiss = system_settings("team", SystemInput::default())?;
        assert_eq!((team_swiss.team_boards, team_swiss.team_pairing), (4, TeamPairing::Swiss));
        let team_cup = system_settings("team", SystemInput { team_pairing: "swiss", ..system_input() })?;
        assert_eq!(team_cup.knockout_after, 8, "a team Swiss, then a knockout of the top 8 teams");
        assert_eq!((team_cup.team_colours, team_swiss.team_colours), (Colours::Nigiri, Colours::Alternate));
        assert_eq!(team.team_colours, Colours::Alternate, "a round robin's schedule keeps its colours");
        let relay = system_settings("relay", system_input())?;
        assert_eq!(
            (relay.relay_order, relay.relay_draw, relay.relay_colours, relay.seating),
            (RelayOrder::Nominated, DrawPolicy::BothOut, Colours::Alternate, Seating::Lot)
        );
        let relay_defaults = system_settings("relay", SystemInput::default())?;
        assert_eq!(
            (relay_defaults.relay_order, relay_defaults.relay_draw, relay_defaults.relay_colours),
            (RelayOrder::Fixed, DrawPolicy::Replay, Colours::Nigiri),
            "colours drawn for every game unless the event says otherwise"
        );
        let stored = SystemSettings::from_json(&mcmahon.to_json());
        assert_eq!(stored, mcmahon);
        assert_eq!(SystemSettings::from_json("{}"), SystemSettings::default(), "old events load with defaults");
        // Blank fields take the defaults; a blank order is the tradition's, led by MMS in a McMahon.
        let blank = system_settings("mcmahon", SystemInput { tradition: "european", ..SystemInput::default() })?;
        assert_eq!(blank.tie_breaks, SystemSettings::default_order(System::McMahon, Tradition::European));
        assert_eq!(blank.tie_breaks[0], TieBreak::McMahonScore);
        assert_eq!((blank.mcmahon_bar, blank.placement), (grade("1d"), Placement::SplitAndFold));
        Ok(())
    }

    #[test]
    fn bad_system_fields_are_named() {
        let cases: Vec<(&'static str, SystemInput<'static>, &str)> = vec![
            ("mcmahon", SystemInput { mcmahon_bar: "strong", ..system_input() }, "McMahon bar"),
            (
                "mcmahon",
                SystemInput { mcmahon_bar: "10k", mcmahon_floor: "5k", ..system_input() },
                "floor must not be above",
            ),
            ("swiss", SystemInput { placement: "shuffle", ..system_input() }, "placement"),
            (
                "mcmahon",
                SystemInput { weights: "opengotha-3.40", ..system_input() },
                "\"opengotha-3.40\" is not the weights",
            ),
            (
                "mcmahon",
                SystemInput { weights: "opengotha-3.51", ..system_input() },
                "no rule keeping team-mates apart",
            ),
            ("swiss", SystemInput { handicap: true, handicap_max: "12", ..system_input() }, "largest handicap"),
            ("round-robin", SystemInput { cycles: "3", ..system_input() }, "Cycles"),
            ("round-robin", SystemInput { groups: "0", ..system_input() }, "Groups"),
            ("knockout", SystemInput { lives: "0", ..system_input() }, "Lives"),
            ("best-of", SystemInput { best_of: "4", ..system_input() }, "odd number"),
            ("swiss", SystemInput { tie_breaks: "points, luck", ..system_input() }, "\"luck\" is not a tie-break"),
            ("swiss", SystemInput { tie_breaks: "sos, sos", ..system_input() }, "listed twice"),
            ("swiss", SystemInput { tie_breaks: ",", ..system_input() }, "at least one"),
            ("swiss", SystemInput { tie_breaks: "mms", ..system_input() }, "needs the McMahon system"),
            ("swiss", SystemInput { tradition: "martian", ..system_input() }, "tradition"),
            ("knockout", SystemInput { seating: "height", ..system_input() }, "Seating"),
            ("team", SystemInput { team_boards: "0", ..system_input() }, "Boards per match"),
            ("team", SystemInput { team_pairing: "lottery", ..system_input() }, "way for teams to meet"),
            ("team", SystemInput { team_tie_breaks: "luck", ..system_input() }, "not a team tie-break"),
            ("relay", SystemInput { relay_order: "random", ..system_input() }, "not a relay order"),
            ("relay", SystemInput { relay_draw: "coin", ..system_input() }, "what a relay draw does"),
            ("relay", SystemInput { relay_colours: "black", ..system_input() }, "how a relay's colours are decided"),
            (
                "team",
                SystemInput { team_pairing: "swiss", team_colours: "white", ..system_input() },
                "who has Black on board 1",
            ),
        ];
        for (system, input, expected) in cases {
            match system_settings(system, input) {
                Ok(s) => panic!("{system} accepted {s:?}"),
                Err(e) => assert!(e.to_string().contains(expected), "{e} should mention {expected}"),
            }
        }
    }

    #[test]
    fn the_default_ruleset_is_an_engine_preset() {
        assert!(crate::games::go::ruleset::Ruleset::preset(DEFAULT_RULESET).is_some());
        assert!(parse_ruleset("tromp-taylor").is_ok());
    }

    #[test]
    fn a_complete_form_parses() {
        let settings = EventSettings::parse(&input());
        assert!(settings.is_ok(), "{settings:?}");
        if let Ok(s) = settings {
            assert_eq!(s.komi.half_points(), 15);
            assert_eq!(s.rounds, 5);
            assert_eq!(s.time_control, "1h + 3x30s", "the time control in its canonical notation");
            assert_eq!(s.board_size, 19, "blank is 19 lines");
            assert_eq!(s.late_limit_minutes, 15);
            assert_eq!(s.broadcast_delay_minutes, 15);
            assert_eq!(s.cycle_outcome, crate::referee::CycleOutcome::Replay);
            assert_eq!(s.warning_penalty, crate::referee::WarningPenalty::Stone);
        }
    }

    #[test]
    fn a_blank_komi_is_the_rule_sets_own() -> Result<(), FieldError> {
        let chinese = EventSettings::parse(&EventInput { komi: " ", ..input() })?;
        assert_eq!(chinese.komi.display_stones(), "2¾子", "the 1988 preset's komi");
        let chinese_2002 = EventSettings::parse(&EventInput { komi: "", ruleset: "chinese-2002", ..input() })?;
        assert_eq!(chinese_2002.komi.display_stones(), "3¾子", "2002 Art. 11");
        let japanese = EventSettings::parse(&EventInput { komi: "", ruleset: "japanese-1989", ..input() })?;
        assert_eq!(japanese.komi.display_points(), "6.5");
        let typed = EventSettings::parse(&EventInput { komi: "7.5", ..input() })?;
        assert_eq!(typed.komi.half_points(), 15, "a komi typed is kept");
        Ok(())
    }

    #[test]
    fn every_bad_field_is_named_at_once() {
        let bad = EventInput { end_date: "2026-12-01", komi: "lots", time_control: "an hour or so", ..input() };
        let errors = EventSettings::parse_all(&bad).err().unwrap_or_default();
        let fields: Vec<&str> = errors.iter().map(|(field, _)| *field).collect();
        assert_eq!(fields, vec!["end_date", "komi", "time_control"], "{errors:?}");
        assert!(errors[0].1.to_string().contains("end before"), "{errors:?}");
        assert!(EventSettings::parse_all(&input()).is_ok());
    }

    #[test]
    fn each_bad_field_is_named() {
        let cases: Vec<(EventInput<'static>, &str)> = vec![
            (EventInput { name: " ", ..input() }, "event name"),
            (EventInput { end_date: "2026-12-01", ..input() }, "end before"),
            (EventInput { start_date: "5/12/2026", ..input() }, "start date"),
            (EventInput { time_zone: "Mars/Olympus", ..input() }, "time zone"),
            (EventInput { rounds: "0", ..input() }, "rounds"),
            (EventInput { rounds: "many", ..input() }, "rounds"),
            (EventInput { system: "lottery", ..input() }, "pairing system"),
            (EventInput { ruleset: "calvinball", ..input() }, "ruleset"),
            (EventInput { komi: "lots", ..input() }, "komi"),
            (EventInput { time_control: "an hour or so", ..input() }, "time control"),
            (EventInput { board_size: "42", ..input() }, "board size"),
            (EventInput { late_limit_minutes: "a while", ..input() }, "lateness limit"),
            (EventInput { broadcast_delay_minutes: "500", ..input() }, "broadcast delay"),
            (EventInput { cycle_outcome: "coin toss", ..input() }, "what a cycle comes to"),
            (EventInput { warning_penalty: "lashes", ..input() }, "not a warning penalty"),
        ];
        for (case, expected) in cases {
            match EventSettings::parse(&case) {
                Ok(_) => panic!("accepted {case:?}"),
                Err(e) => assert!(e.to_string().contains(expected), "{e} should mention {expected}"),
            }
        }
    }
}
