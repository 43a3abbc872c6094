//! OpenGotha's tournament file (the XML that OpenGotha 3.x saves): read and written, so a
//! director can bring an event over from OpenGotha mid-way, and take one back.
//!
//! What maps (everything else in the file is ignored on reading and written with OpenGotha's
//! defaults):
//! - `<Player>`: `name` + `firstName` (Yunzi keeps one name: "name firstName"), `rank`
//!   ("5D", "12K", "3P"), `rating`, `club`, `country`, `participating` (one digit a round;
//!   a player absent from the remaining rounds is withdrawn). OpenGotha names a player in games
//!   by a *key*: name and first name without spaces, upper-cased.
//! - `<Game>`: `roundNumber`, `tableNumber`, `blackPlayer`, `whitePlayer`, `handicap`,
//!   `result`: `RESULT_UNKNOWN` (not played yet), `RESULT_BLACKWINS`/`WHITEWINS` (a win with
//!   no margin, "B+"), the `_BYDEF` forms (forfeits), `RESULT_EQUAL` (draw), `RESULT_BOTHLOSE`.
//!   `RESULT_BOTHWIN` (a director's ruling that both players win) has no counterpart in the 1988
//!   rules: it is read as [`OgGame::both_win`] for OpenGotha mode, which counts a win for each, and
//!   an import into an event refuses it with its game named.
//! - `<ByePlayer player=… roundNumber=…>`.
//! - `<GeneralParameterSet>`: `name`, `location`, `beginDate`, `endDate`, `numberOfRounds`,
//!   `komi`, `genMMBar`, `genMMFloor`.
//! - For pairing as OpenGotha does (`domain::pairing::gotha`): each player's name and first name
//!   apart, `smmsCorrection`, `registeringStatus`, the raw rating, whether each game was played
//!   (`_BYDEF` results and unknown results were not), and [`OgParameters`]: the scoring,
//!   handicap, placement and pairing parameter sets and the clubs groups. An attribute the file
//!   lacks takes OpenGotha's import default, as OpenGotha itself reads the file.
use crate::message::Message;
use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::color::Color;
use crate::komi::Komi;
use crate::limits::{MAX_GAMES_PER_FILE, MAX_PLAYERS_PER_EVENT, MAX_ROUNDS};
use crate::rank::Rank;
use crate::result::{GameResult, Margin};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgPlayer {
    pub key: String,
    /// "name firstName", as Yunzi shows it.
    pub name: String,
    /// The file's `name` and `firstName` as written (OpenGotha sorts and draws lots by them).
    pub surname: String,
    pub first_name: String,
    pub rank: Rank,
    pub rating: Option<i32>,
    /// The file's rating as OpenGotha keeps it: −900 (no rating) to 2949.
    pub rating_points: i32,
    pub club: String,
    pub country: String,
    /// Round by round (index 0 is round 1).
    pub participating: Vec<bool>,
    /// Added to the McMahon initial score (OpenGotha's super-bar groups).
    pub smms_correction: i32,
    /// `registeringStatus="FIN"`: only finally registered players are paired.
    pub final_registration: bool,
    /// The rating bodies' numbers as the file gives them (empty: none): kept through an
    /// import and written back by the export.
    pub ids: PlayerIds,
}

/// A player's numbers with the rating bodies: EGD PIN, AGA number, FFG licence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayerIds {
    pub egf_pin: String,
    pub aga_id: String,
    pub ffg_licence: String,
}

impl OgPlayer {
    /// The player's rank on OpenGotha's scale (30k = −30 … 9d = 8; a professional rank counts as
    /// 7d, 8d or 9d, as OpenGotha reads "1P" … "9P").
    pub fn gotha_rank(&self) -> i32 {
        gotha_rank(self.rank)
    }
}

/// A rank as OpenGotha 3.x reads one Yunzi does not (Player.convertKDPToInt): a number and K, D
/// or P, held to 30K … 9D, so the "99K" some programs write for an unknown rank is 30K.
fn lenient_rank(text: &str) -> Option<Rank> {
    let text = text.trim();
    let last = text.chars().last()?;
    let number: i32 = text[..text.len() - last.len_utf8()].trim().parse().ok()?;
    let value = match last.to_ascii_uppercase() {
        'K' => -number,
        'D' => number - 1,
        'P' => match number {
            ..=3 => 6,
            4..=6 => 7,
            _ => 8,
        },
        _ => return None,
    };
    Rank::from_value(value.clamp(-30, 8))
}

/// A rank on OpenGotha's scale (see [`OgPlayer::gotha_rank`]).
pub fn gotha_rank(rank: Rank) -> i32 {
    match rank.kind() {
        crate::rank::RankKind::Pro => match rank.number() {
            0..=3 => 6,
            4..=6 => 7,
            _ => 8,
        },
        _ => rank.value(),
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgGame {
    pub round: u32,
    pub table: u32,
    pub black: String,
    pub white: String,
    pub handicap: u8,
    pub result: Option<GameResult>,
    /// False for a result "by default" (`_BYDEF`: a forfeit or an administrative result) and for
    /// an unknown result: the game counts as not played for OpenGotha's virtual scores.
    pub played: bool,
    /// OpenGotha's `RESULT_BOTHWIN`: both players win (`result` is then `None`).
    pub both_win: bool,
}

/// How OpenGotha places the player drawn up or down inside their score group
/// (`paiMaDUDDUpperMode`, `paiMaDUDDLowerMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuddMode {
    Top,
    Middle,
    Bottom,
}

/// OpenGotha's seeding inside a score group (`paiMaSeedSystem1`, `paiMaSeedSystem2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedSystem {
    SplitAndRandom,
    SplitAndFold,
    SplitAndSlip,
}

/// The parameters OpenGotha pairs and scores with. [`Default`] is what OpenGotha assumes for an
/// attribute its file lacks (not what a new OpenGotha tournament starts with: see
/// [`OgParameters::new_mcmahon`] and [`OgParameters::new_swiss`]).
#[derive(Debug, Clone, PartialEq)]
pub struct OgParameters {
    /// OpenGotha's version that wrote the file, as 347 for 3.47.xx (`fullVersionNumber` or
    /// `gothaVersion`; 351 when neither is written). Older versions numbered score groups and
    /// priced geography differently.
    pub version: u32,
    pub categories: u32,
    /// The lowest rank of each category but the last, on OpenGotha's scale, best category first
    /// (`<Category lowerLimit=… number=…>`); OpenGotha pads missing limits with 30K.
    pub category_limits: Vec<i32>,
    /// Points ×2 for a round marked absent and for the bye, in wins (NBW) and McMahon score.
    pub nbw_absent_x2: i32,
    pub nbw_bye_x2: i32,
    pub mms_absent_x2: i32,
    pub mms_bye_x2: i32,
    /// Rounds the accumulated absent and bye points down to whole points.
    pub round_down: bool,
    /// Rounds not played count as half a point in the opponents' scores (SOS and the like).
    pub count_not_played_as_half: bool,
    pub handicap_on_mms: bool,
    /// Ranks (or McMahon scores as ranks) above this count as this for handicaps.
    pub handicap_rank_threshold: i32,
    pub handicap_correction: i32,
    pub handicap_ceiling: i32,
    /// The placement criteria by OpenGotha's names ("MMS", "SOSM", …), "NULL" slots left out.
    pub criteria: Vec<String>,
    pub concavity: f64,
    pub avoid_duplicate: i64,
    pub random: i64,
    pub deterministic: bool,
    pub balance_colours: i64,
    pub avoid_mixing_categories: i64,
    pub minimize_score_difference: i64,
    pub dudd_weight: i64,
    pub compensate_dudd: bool,
    pub dudd_upper: DuddMode,
    pub dudd_lower: DuddMode,
    pub maximize_seeding: i64,
    /// Rounds 1..=this use the first seed system and additional criterion (1-based, as written).
    pub last_round_seed_system1: u32,
    pub seed_system1: SeedSystem,
    pub seed_system2: SeedSystem,
    pub additional_criterion1: String,
    pub additional_criterion2: String,
    pub rank_threshold: i32,
    pub wins_threshold_active: bool,
    pub bar_threshold_active: bool,
    pub minimize_handicap: i64,
    pub avoid_same_geography: i64,
    pub country_factor: i32,
    pub club_factor: i32,
    /// Written by OpenGotha before 3.49 only.
    pub clubs_group_factor: i32,
    /// Clubs that count as neighbours, each group's club names lower-cased.
    pub clubs_groups: Vec<Vec<String>>,
}

impl Default for OgParameters {
    fn default() -> Self {
        OgParameters {
            version: 351,
            categories: 1,
            category_limits: Vec::new(),
            nbw_absent_x2: 0,
            nbw_bye_x2: 0,
            mms_absent_x2: 0,
            mms_bye_x2: 0,
            round_down: true,
            count_not_played_as_half: false,
            handicap_on_mms: true,
            handicap_rank_threshold: 0,
            handicap_correction: 1,
            handicap_ceiling: 9,
            criteria: Vec::new(),
            concavity: 0.5,
            avoid_duplicate: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_colours: 1000,
            avoid_mixing_categories: 20_000_000_000_000,
            minimize_score_difference: 100_000_000_000,
            dudd_weight: 100_000_000,
            compensate_dudd: true,
            dudd_upper: DuddMode::Middle,
            dudd_lower: DuddMode::Middle,
            maximize_seeding: 5_000_000,
            last_round_seed_system1: 2,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndFold,
            additional_criterion1: "Rating".into(),
            additional_criterion2: "NULL".into(),
            rank_threshold: 3,
            wins_threshold_active: true,
            bar_threshold_active: true,
            minimize_handicap: 0,
            avoid_same_geography: 100_000_000_000,
            country_factor: 1,
            club_factor: 3,
            clubs_group_factor: 0,
            clubs_groups: Vec::new(),
        }
    }
}

impl OgParameters {
    /// What a new McMahon tournament gets in OpenGotha 3.51 (`initForMM`).
    pub fn new_mcmahon() -> Self {
        OgParameters {
            nbw_bye_x2: 2,
            mms_absent_x2: 1,
            mms_bye_x2: 2,
            criteria: vec!["MMS".into(), "SOSM".into(), "SOSOSM".into()],
            balance_colours: 1_000_000,
            avoid_mixing_categories: 0,
            seed_system2: SeedSystem::SplitAndSlip,
            rank_threshold: 0,
            wins_threshold_active: false,
            ..OgParameters::default()
        }
    }

    /// What a new Swiss tournament gets in OpenGotha 3.51 (`initForSwiss`): no handicap, no
    /// geography, split-and-slip throughout.
    pub fn new_swiss() -> Self {
        OgParameters {
            nbw_bye_x2: 2,
            mms_absent_x2: 1,
            mms_bye_x2: 2,
            handicap_on_mms: false,
            handicap_rank_threshold: -30,
            handicap_correction: 0,
            handicap_ceiling: 0,
            criteria: vec!["NBW".into(), "SOSW".into(), "SOSOSW".into()],
            balance_colours: 1_000_000,
            avoid_mixing_categories: 0,
            seed_system1: SeedSystem::SplitAndSlip,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_criterion2: "Rating".into(),
            rank_threshold: -30,
            avoid_same_geography: 0,
            country_factor: 0,
            club_factor: 0,
            ..OgParameters::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct OgTournament {
    pub name: String,
    pub location: String,
    pub begin: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub rounds: u32,
    pub komi: Option<Komi>,
    pub mcmahon_bar: Option<Rank>,
    pub mcmahon_floor: Option<Rank>,
    pub players: Vec<OgPlayer>,
    /// Sorted by round, then table.
    pub games: Vec<OgGame>,
    /// `(round, player key)`.
    pub byes: Vec<(u32, String)>,
    pub parameters: OgParameters,
}

impl OgTournament {
    /// The last round with a game or a bye (0 when none has).
    pub fn last_round(&self) -> u32 {
        self.games.iter().map(|g| g.round).chain(self.byes.iter().map(|b| b.0)).max().unwrap_or(0)
    }
}

/// Why a file cannot be read, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgError(pub Message);

impl fmt::Display for OgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpenGotha file: {}", self.0)
    }
}

impl std::error::Error for OgError {}

fn err(key: &'static str) -> OgError {
    OgError(Message::new(key))
}

/// OpenGotha's player key: name and first name, spaces removed, upper-cased.
pub fn player_key(name: &str, first_name: &str) -> String {
    format!("{name}{first_name}").chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect()
}

/// A key with the dotted capital İ and the dotless ı (Turkish) written as I, and i too.
fn fold_i(key: &str) -> String {
    key.chars().map(|c| if matches!(c, 'İ' | 'ı' | 'i') { 'I' } else { c }).collect()
}

fn attributes(tag: &BytesStart<'_>) -> Result<HashMap<String, String>, OgError> {
    let mut out = HashMap::new();
    // quick-xml's own duplicate check compares each attribute with every earlier one, which a
    // tag with 100,000 attributes turns into minutes; the map finds a repeat at once.
    for attribute in tag.attributes().with_checks(false) {
        let attribute =
            attribute.map_err(|e| OgError(Message::new("og-attribute-damaged").text("detail", e.to_string())))?;
        let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
        let value = attribute
            .unescape_value()
            .map_err(|e| OgError(Message::new("og-attribute-damaged").text("detail", format!("{key}: {e}"))))?
            .into_owned();
        if out.contains_key(&key) {
            return Err(OgError(Message::new("og-attribute-twice").text("key", key)));
        }
        out.insert(key, value);
    }
    Ok(out)
}

fn result_of(code: &str, round: u32, table: u32) -> Result<Option<GameResult>, OgError> {
    let win = |winner, margin| Some(GameResult::Win { winner, margin });
    Ok(match code {
        "" | "RESULT_UNKNOWN" => None,
        "RESULT_BLACKWINS" => win(Color::Black, Margin::Unspecified),
        "RESULT_WHITEWINS" => win(Color::White, Margin::Unspecified),
        "RESULT_BLACKWINS_BYDEF" => win(Color::Black, Margin::Forfeit),
        "RESULT_WHITEWINS_BYDEF" => win(Color::White, Margin::Forfeit),
        "RESULT_EQUAL" | "RESULT_EQUAL_BYDEF" => Some(GameResult::Draw),
        "RESULT_BOTHLOSE" | "RESULT_BOTHLOSE_BYDEF" => Some(GameResult::BothLose),
        "RESULT_BOTHWIN" | "RESULT_BOTHWIN_BYDEF" => None,
        other => {
            return Err(OgError(
                Message::new("og-result-unknown").number("round", round).number("table", table).text("result", other),
            ));
        }
    })
}

fn result_code(result: Option<&GameResult>, played: bool) -> &'static str {
    match result {
        None => "RESULT_UNKNOWN",
        Some(GameResult::Draw) if !played => "RESULT_EQUAL_BYDEF",
        Some(GameResult::BothLose) if !played => "RESULT_BOTHLOSE_BYDEF",
        Some(GameResult::Win { winner: Color::Black, margin: Margin::Forfeit }) => "RESULT_BLACKWINS_BYDEF",
        Some(GameResult::Win { winner: Color::White, margin: Margin::Forfeit }) => "RESULT_WHITEWINS_BYDEF",
        Some(GameResult::Win { winner: Color::Black, .. }) => "RESULT_BLACKWINS",
        Some(GameResult::Win { winner: Color::White, .. }) => "RESULT_WHITEWINS",
        Some(GameResult::Draw) => "RESULT_EQUAL",
        Some(GameResult::BothLose) => "RESULT_BOTHLOSE",
        // No result (无胜负): OpenGotha has none; the game counts as not played yet there.
        Some(GameResult::NoResult) => "RESULT_UNKNOWN",
    }
}

fn number<T: std::str::FromStr>(map: &HashMap<String, String>, key: &str) -> Result<T, OgError> {
    let text = map.get(key).map(String::as_str).unwrap_or("");
    text.trim().parse().map_err(|_| OgError(Message::new("og-not-a-number").text("key", key).text("text", text)))
}

/// A round number within what an event can have, so a file naming round 465536 is refused
/// at once instead of making the pairing walk half a million empty rounds.
fn round_number(map: &HashMap<String, String>, key: &str) -> Result<u32, OgError> {
    let round: u32 = number(map, key)?;
    if round > MAX_ROUNDS {
        return Err(OgError(
            Message::new("og-too-many-rounds").text("key", key).number("round", round).number("max", MAX_ROUNDS),
        ));
    }
    Ok(round)
}

/// An attribute that may be missing (then `default`), but not malformed.
fn optional<T: std::str::FromStr>(map: &HashMap<String, String>, key: &str, default: T) -> Result<T, OgError> {
    if map.contains_key(key) { number(map, key) } else { Ok(default) }
}

fn flag(map: &HashMap<String, String>, key: &str, default: bool) -> bool {
    map.get(key).map_or(default, |v| v.trim() == "true")
}

/// A rank attribute on OpenGotha's scale; `default` when missing or unreadable (as OpenGotha).
fn rank_attribute(map: &HashMap<String, String>, key: &str, default: i32) -> i32 {
    map.get(key).and_then(|r| Rank::parse(r).ok()).map_or(default, gotha_rank)
}

fn dudd_mode(map: &HashMap<String, String>, key: &str) -> DuddMode {
    match map.get(key).map(|m| m.trim()) {
        Some("TOP") => DuddMode::Top,
        Some("BOT") => DuddMode::Bottom,
        _ => DuddMode::Middle,
    }
}

fn seed_system(map: &HashMap<String, String>, key: &str, default: SeedSystem) -> SeedSystem {
    match map.get(key).map(|m| m.trim()) {
        None => default,
        Some("SPLITANDFOLD") => SeedSystem::SplitAndFold,
        Some("SPLITANDSLIP") => SeedSystem::SplitAndSlip,
        // OpenGotha reads any other word as split-and-random.
        Some(_) => SeedSystem::SplitAndRandom,
    }
}

fn read_handicap(p: &mut OgParameters, map: &HashMap<String, String>) -> Result<(), OgError> {
    p.handicap_on_mms = flag(map, "hdBasedOnMMS", true);
    p.handicap_rank_threshold = rank_attribute(map, "hdNoHdRankThreshold", 0);
    p.handicap_correction = optional(map, "hdCorrection", 1)?;
    p.handicap_ceiling = optional(map, "hdCeiling", 9)?;
    Ok(())
}

fn read_pairing(p: &mut OgParameters, map: &HashMap<String, String>) -> Result<(), OgError> {
    let d = OgParameters::default();
    p.concavity = optional(map, "paiStandardNX1Factor", d.concavity)?;
    p.avoid_duplicate = optional(map, "paiBaAvoidDuplGame", d.avoid_duplicate)?;
    p.random = optional(map, "paiBaRandom", d.random)?;
    p.deterministic = flag(map, "paiBaDeterministic", true);
    p.balance_colours = optional(map, "paiBaBalanceWB", d.balance_colours)?;
    p.avoid_mixing_categories = optional(map, "paiMaAvoidMixingCategories", d.avoid_mixing_categories)?;
    p.minimize_score_difference = optional(map, "paiMaMinimizeScoreDifference", d.minimize_score_difference)?;
    p.dudd_weight = optional(map, "paiMaDUDDWeight", d.dudd_weight)?;
    p.compensate_dudd = flag(map, "paiMaCompensateDUDD", true);
    p.dudd_upper = dudd_mode(map, "paiMaDUDDUpperMode");
    p.dudd_lower = dudd_mode(map, "paiMaDUDDLowerMode");
    p.maximize_seeding = optional(map, "paiMaMaximizeSeeding", d.maximize_seeding)?;
    p.last_round_seed_system1 = optional(map, "paiMaLastRoundForSeedSystem1", d.last_round_seed_system1)?;
    p.seed_system1 = seed_system(map, "paiMaSeedSystem1", SeedSystem::SplitAndRandom);
    p.seed_system2 = seed_system(map, "paiMaSeedSystem2", SeedSystem::SplitAndFold);
    p.additional_criterion1 =
        map.get("paiMaAdditionalPlacementCritSystem1").cloned().unwrap_or(d.additional_criterion1);
    p.additional_criterion2 =
        map.get("paiMaAdditionalPlacementCritSystem2").cloned().unwrap_or(d.additional_criterion2);
    p.rank_threshold = rank_attribute(map, "paiSeRankThreshold", d.rank_threshold);
    p.wins_threshold_active = flag(map, "paiSeNbWinsThresholdActive", true);
    p.bar_threshold_active = flag(map, "paiSeBarThresholdActive", true);
    p.minimize_handicap = optional(map, "paiSeMinimizeHandicap", d.minimize_handicap)?;
    p.avoid_same_geography = optional(map, "paiSeAvoidSameGeo", d.avoid_same_geography)?;
    p.country_factor = optional(map, "paiSePreferMMSDiffRatherThanSameCountry", d.country_factor)?;
    p.club_factor = optional(map, "paiSePreferMMSDiffRatherThanSameClub", d.club_factor)?;
    p.clubs_group_factor = optional(map, "paiSePreferMMSDiffRatherThanSameClubsGroup", d.clubs_group_factor)?;
    Ok(())
}

/// Reads an OpenGotha tournament file.
pub fn parse(xml: &str) -> Result<OgTournament, OgError> {
    let mut reader = Reader::from_str(xml);
    let mut tournament = OgTournament {
        name: String::new(),
        location: String::new(),
        begin: None,
        end: None,
        rounds: 0,
        komi: None,
        mcmahon_bar: None,
        mcmahon_floor: None,
        players: Vec::new(),
        games: Vec::new(),
        byes: Vec::new(),
        parameters: OgParameters::default(),
    };
    let mut root_seen = false;
    // Placement criteria are read inside <PlacementParameterSet> only (team events have their own).
    let mut in_placement = false;
    let mut criteria: Vec<(u32, String)> = Vec::new();
    let mut data_version: Option<u32> = None;
    loop {
        let event = reader.read_event().map_err(|e| {
            OgError(
                Message::new("og-not-xml")
                    .number("byte", reader.buffer_position() as i64)
                    .text("detail", e.to_string()),
            )
        })?;
        let tag = match &event {
            Event::Start(tag) | Event::Empty(tag) => tag.clone(),
            Event::End(tag) => {
                match tag.name().as_ref() {
                    b"PlacementParameterSet" => in_placement = false,
                    b"ClubsGroup" => tournament.parameters.clubs_groups.push(Vec::new()),
                    _ => {}
                }
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let map = attributes(&tag)?;
        let parameters = &mut tournament.parameters;
        match tag.name().as_ref() {
            b"Tournament" => {
                root_seen = true;
                data_version = map.get("dataVersion").and_then(|v| v.trim().parse().ok());
                let full = map.get("fullVersionNumber").and_then(|v| {
                    let mut parts = v.split('.');
                    let major: u32 = parts.next()?.trim().parse().ok()?;
                    let minor: u32 = parts.next()?.trim().parse().ok()?;
                    Some(major * 100 + minor)
                });
                let old = map.get("gothaVersion").and_then(|v| v.trim().parse().ok());
                parameters.version = full.or(old).unwrap_or(351);
            }
            b"PlacementParameterSet" => in_placement = matches!(event, Event::Start(_)),
            b"PlacementCriterion" if in_placement => {
                let name = map.get("name").cloned().unwrap_or_default();
                criteria.push((number(&map, "number")?, name));
            }
            b"HandicapParameterSet" => read_handicap(parameters, &map)?,
            b"PairingParameterSet" => read_pairing(parameters, &map)?,
            b"Category" => {
                let number: u32 = optional(&map, "number", 0)?;
                let limit = map.get("lowerLimit").and_then(|r| lenient_rank(r)).map(gotha_rank);
                if let (Some(limit), 1..=32) = (limit, number) {
                    let place = number as usize - 1;
                    if parameters.category_limits.len() <= place {
                        parameters.category_limits.resize(place + 1, -30);
                    }
                    parameters.category_limits[place] = limit;
                }
            }
            b"Club" => {
                let name = map.get("name").map(|n| n.to_lowercase()).unwrap_or_default();
                match parameters.clubs_groups.last_mut() {
                    Some(group) => group.push(name),
                    None => parameters.clubs_groups.push(vec![name]),
                }
            }
            b"Player" => {
                if tournament.players.len() == MAX_PLAYERS_PER_EVENT {
                    return Err(OgError(
                        Message::new("og-too-many-players").number("max", MAX_PLAYERS_PER_EVENT as i64),
                    ));
                }
                let (name, first) =
                    (map.get("name").cloned().unwrap_or_default(), map.get("firstName").cloned().unwrap_or_default());
                let full = crate::names::join_name(&name, &first);
                let rank_text = map.get("rank").map(String::as_str).unwrap_or("");
                let rank = Rank::parse(rank_text).or_else(|e| {
                    lenient_rank(rank_text).ok_or_else(|| {
                        OgError(Message::new("og-player").text("player", full.as_str()).nested("why", e.message()))
                    })
                })?;
                let rating_points = match map.get("rating") {
                    Some(r) => r.trim().parse::<i32>().map_err(|_| {
                        OgError(
                            Message::new("og-player")
                                .text("player", full.as_str())
                                .nested("why", Message::new("error-rating").text("text", r.as_str())),
                        )
                    })?,
                    None => -900,
                };
                tournament.players.push(OgPlayer {
                    key: player_key(&name, &first),
                    name: full,
                    surname: name,
                    first_name: first,
                    rank,
                    rating: Some(rating_points).filter(|r| *r > 0),
                    rating_points: rating_points.clamp(-900, 2949),
                    club: map.get("club").cloned().unwrap_or_default(),
                    country: map.get("country").cloned().unwrap_or_default(),
                    // One flag a round; OpenGotha writes 20 or more, an event has at most MAX_ROUNDS.
                    participating: map
                        .get("participating")
                        .map(|p| p.chars().take(MAX_ROUNDS as usize).map(|c| c != '0').collect())
                        .unwrap_or_default(),
                    smms_correction: optional(&map, "smmsCorrection", 0)?,
                    final_registration: map.get("registeringStatus").is_none_or(|s| s.trim() == "FIN"),
                    ids: PlayerIds {
                        egf_pin: map.get("egfPin").map(|t| t.trim().to_string()).unwrap_or_default(),
                        aga_id: map.get("agaId").map(|t| t.trim().to_string()).unwrap_or_default(),
                        ffg_licence: map.get("ffgLicence").map(|t| t.trim().to_string()).unwrap_or_default(),
                    },
                });
            }
            b"Game" => {
                if tournament.games.len() == MAX_GAMES_PER_FILE {
                    return Err(OgError(Message::new("og-too-many-games").number("max", MAX_GAMES_PER_FILE as i64)));
                }
                let round = round_number(&map, "roundNumber")?;
                let table: u32 = number(&map, "tableNumber")?;
                let code = map.get("result").map(String::as_str).unwrap_or("").trim();
                tournament.games.push(OgGame {
                    round,
                    table,
                    black: map.get("blackPlayer").cloned().unwrap_or_default(),
                    white: map.get("whitePlayer").cloned().unwrap_or_default(),
                    handicap: map.get("handicap").and_then(|h| h.parse().ok()).unwrap_or(0),
                    result: result_of(code, round, table)?,
                    played: !code.is_empty() && code != "RESULT_UNKNOWN" && !code.ends_with("_BYDEF"),
                    both_win: code.starts_with("RESULT_BOTHWIN"),
                });
            }
            b"ByePlayer" if map.contains_key("player") => {
                if tournament.byes.len() == MAX_GAMES_PER_FILE {
                    return Err(OgError(Message::new("og-too-many-byes").number("max", MAX_GAMES_PER_FILE as i64)));
                }
                tournament
                    .byes
                    .push((round_number(&map, "roundNumber")?, map.get("player").cloned().unwrap_or_default()));
            }
            b"GeneralParameterSet" => {
                tournament.name = map.get("name").cloned().unwrap_or_default();
                tournament.location = map.get("location").cloned().unwrap_or_default();
                tournament.begin = map.get("beginDate").and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
                tournament.end = map.get("endDate").and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
                tournament.rounds = round_number(&map, "numberOfRounds")?;
                tournament.komi = map.get("komi").and_then(|k| Komi::parse(k).ok());
                tournament.mcmahon_bar = map.get("genMMBar").and_then(|r| Rank::parse(r).ok());
                tournament.mcmahon_floor = map.get("genMMFloor").and_then(|r| Rank::parse(r).ok());
                parameters.categories = optional(&map, "numberOfCategories", 1)?;
                parameters.nbw_absent_x2 = optional(&map, "genNBW2ValueAbsent", 0)?;
                parameters.nbw_bye_x2 = optional(&map, "genNBW2ValueBye", 0)?;
                parameters.mms_absent_x2 = optional(&map, "genMMS2ValueAbsent", 0)?;
                parameters.mms_bye_x2 = optional(&map, "genMMS2ValueBye", 0)?;
                parameters.round_down = flag(&map, "genRoundDownNBWMMS", true);
                parameters.count_not_played_as_half = flag(&map, "genCountNotPlayedGamesAsHalfPoint", false);
            }
            _ => {}
        }
    }
    if !root_seen {
        return Err(err("og-no-tournament"));
    }
    criteria.sort_by_key(|(n, _)| *n);
    tournament.parameters.criteria = criteria.into_iter().map(|(_, name)| name).filter(|n| n != "NULL").collect();
    tournament.parameters.clubs_groups.retain(|g| !g.is_empty());
    // Files before data version 201 kept ratings on the French scale (OpenGotha adds 2050).
    if data_version.is_some_and(|v| v < 201) {
        for p in &mut tournament.players {
            p.rating_points = (p.rating_points + 2050).clamp(-900, 2949);
            p.rating = Some(p.rating_points).filter(|r| *r > 0);
        }
    }
    let keys: HashMap<&str, usize> = tournament.players.iter().enumerate().map(|(i, p)| (p.key.as_str(), i)).collect();
    if keys.len() != tournament.players.len() {
        return Err(err("og-same-player"));
    }
    // A game or bye names its player by the key the writing machine's Java made: in a Turkish
    // locale "i" upper-cases to "İ", so a file written there calls the player of the name
    // "Akdeniz" AKDENİZ. Such a key is taken as the player's own when it is the same but for
    // the dotted and dotless i.
    let folded: HashMap<String, &str> = tournament.players.iter().map(|p| (fold_i(&p.key), p.key.as_str())).collect();
    let own = |key: &str| -> Option<String> {
        if keys.contains_key(key) { None } else { folded.get(&fold_i(key)).map(|k| k.to_string()) }
    };
    let renamed: Vec<(Option<String>, Option<String>)> =
        tournament.games.iter().map(|g| (own(&g.black), own(&g.white))).collect();
    let renamed_byes: Vec<Option<String>> = tournament.byes.iter().map(|(_, key)| own(key)).collect();
    for (g, (black, white)) in tournament.games.iter_mut().zip(renamed) {
        g.black = black.unwrap_or(std::mem::take(&mut g.black));
        g.white = white.unwrap_or(std::mem::take(&mut g.white));
    }
    for ((_, key), renamed) in tournament.byes.iter_mut().zip(renamed_byes) {
        if let Some(own) = renamed {
            *key = own;
        }
    }
    for g in &tournament.games {
        for key in [&g.black, &g.white] {
            if !keys.contains_key(key.as_str()) {
                return Err(OgError(
                    Message::new("og-unknown-key")
                        .number("round", g.round)
                        .number("table", g.table)
                        .text("key", key.as_str()),
                ));
            }
        }
    }
    for (round, key) in &tournament.byes {
        if !keys.contains_key(key.as_str()) {
            return Err(OgError(Message::new("og-unknown-bye").number("round", *round).text("key", key.as_str())));
        }
    }
    tournament.games.sort_by_key(|g| (g.round, g.table));
    Ok(tournament)
}

fn escape(text: &str) -> String {
    quick_xml::escape::escape(text).into_owned()
}

/// Writes an OpenGotha tournament file that OpenGotha 3.x opens, with every parameter that
/// pairing reads (OpenGotha's import defaults differ from a new tournament's, so none is left out).
pub fn write(tournament: &OgTournament) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str("<Tournament dataVersion=\"201\" runningMode=\"SAL\">\n<Players>\n");
    for p in &tournament.players {
        let participating: String = p.participating.iter().map(|&b| if b { '1' } else { '0' }).collect();
        out.push_str(&format!(
            "<Player agaExpirationDate=\"\" agaId=\"{}\" club=\"{}\" country=\"{}\" egfPin=\"{}\" ffgLicence=\"{}\" ffgLicenceStatus=\"\" firstName=\"{}\" grade=\"\" name=\"{}\" participating=\"{participating}\" rank=\"{}\" rating=\"{}\" ratingOrigin=\"\" registeringStatus=\"{}\" smmsCorrection=\"{}\"/>\n",
            escape(&p.ids.aga_id),
            escape(&p.club),
            escape(&p.country),
            escape(&p.ids.egf_pin),
            escape(&p.ids.ffg_licence),
            escape(&p.first_name),
            escape(&p.surname),
            p.rank.to_string().to_uppercase(),
            p.rating_points,
            if p.final_registration { "FIN" } else { "PRE" },
            p.smms_correction,
        ));
    }
    out.push_str("</Players>\n<Games>\n");
    for g in &tournament.games {
        out.push_str(&format!(
            "<Game blackPlayer=\"{}\" handicap=\"{}\" knownColor=\"true\" result=\"{}\" roundNumber=\"{}\" tableNumber=\"{}\" whitePlayer=\"{}\"/>\n",
            escape(&g.black),
            g.handicap,
            match (g.both_win, g.played) {
                (true, true) => "RESULT_BOTHWIN",
                (true, false) => "RESULT_BOTHWIN_BYDEF",
                (false, _) => result_code(g.result.as_ref(), g.played),
            },
            g.round,
            g.table,
            escape(&g.white),
        ));
    }
    out.push_str("</Games>\n<ByePlayers>\n");
    for (round, key) in &tournament.byes {
        out.push_str(&format!("<ByePlayer player=\"{}\" roundNumber=\"{round}\"/>\n", escape(key)));
    }
    let date = |d: Option<NaiveDate>| d.map(|d| d.to_string()).unwrap_or_default();
    let rank = |r: Option<Rank>, default: &str| r.map(|r| r.to_string().to_uppercase()).unwrap_or(default.to_string());
    let p = &tournament.parameters;
    out.push_str(&format!(
        "</ByePlayers>\n<TournamentParameterSet>\n<GeneralParameterSet beginDate=\"{}\" endDate=\"{}\" genCountNotPlayedGamesAsHalfPoint=\"{}\" genMMBar=\"{}\" genMMFloor=\"{}\" genMMS2ValueAbsent=\"{}\" genMMS2ValueBye=\"{}\" genMMZero=\"30K\" genNBW2ValueAbsent=\"{}\" genNBW2ValueBye=\"{}\" genRoundDownNBWMMS=\"{}\" komi=\"{}\" location=\"{}\" name=\"{}\" numberOfCategories=\"{}\" numberOfRounds=\"{}\" shortName=\"{}\" size=\"19\">\n",
        date(tournament.begin),
        date(tournament.end),
        p.count_not_played_as_half,
        rank(tournament.mcmahon_bar, "9D"),
        rank(tournament.mcmahon_floor, "30K"),
        p.mms_absent_x2,
        p.mms_bye_x2,
        p.nbw_absent_x2,
        p.nbw_bye_x2,
        p.round_down,
        tournament.komi.map(|k| k.display_points()).unwrap_or_else(|| "7.5".into()),
        escape(&tournament.location),
        escape(&tournament.name),
        p.categories,
        tournament.rounds,
        escape(&tournament.name),
    ));
    let gotha_rank_text = |r: i32| rank(Rank::from_value(r), "1D");
    if !p.category_limits.is_empty() {
        out.push_str("<Categories>\n");
        for (place, limit) in p.category_limits.iter().enumerate() {
            out.push_str(&format!("<Category lowerLimit=\"{}\" number=\"{}\"/>\n", gotha_rank_text(*limit), place + 1));
        }
        out.push_str("</Categories>\n");
    }
    out.push_str("</GeneralParameterSet>\n");
    out.push_str(&format!(
        "<HandicapParameterSet hdBasedOnMMS=\"{}\" hdCeiling=\"{}\" hdCorrection=\"{}\" hdNoHdRankThreshold=\"{}\"/>\n<PlacementParameterSet>\n<PlacementCriteria>\n",
        p.handicap_on_mms,
        p.handicap_ceiling,
        p.handicap_correction,
        gotha_rank_text(p.handicap_rank_threshold),
    ));
    for slot in 0..6 {
        let name = p.criteria.get(slot).map_or("NULL", String::as_str);
        out.push_str(&format!("<PlacementCriterion name=\"{}\" number=\"{}\"/>\n", escape(name), slot + 1));
    }
    let mode = |m: DuddMode| match m {
        DuddMode::Top => "TOP",
        DuddMode::Middle => "MID",
        DuddMode::Bottom => "BOT",
    };
    let seed = |s: SeedSystem| match s {
        SeedSystem::SplitAndRandom => "SPLITANDRANDOM",
        SeedSystem::SplitAndFold => "SPLITANDFOLD",
        SeedSystem::SplitAndSlip => "SPLITANDSLIP",
    };
    out.push_str(&format!(
        "</PlacementCriteria>\n</PlacementParameterSet>\n<PairingParameterSet paiBaAvoidDuplGame=\"{}\" paiBaBalanceWB=\"{}\" paiBaDeterministic=\"{}\" paiBaRandom=\"{}\" paiMaAdditionalPlacementCritSystem1=\"{}\" paiMaAdditionalPlacementCritSystem2=\"{}\" paiMaAvoidMixingCategories=\"{}\" paiMaCompensateDUDD=\"{}\" paiMaDUDDLowerMode=\"{}\" paiMaDUDDUpperMode=\"{}\" paiMaDUDDWeight=\"{}\" paiMaLastRoundForSeedSystem1=\"{}\" paiMaMaximizeSeeding=\"{}\" paiMaMinimizeScoreDifference=\"{}\" paiMaSeedSystem1=\"{}\" paiMaSeedSystem2=\"{}\" paiSeAvoidSameGeo=\"{}\" paiSeBarThresholdActive=\"{}\" paiSeDefSecCrit=\"100000000000\" paiSeMinimizeHandicap=\"{}\" paiSeNbWinsThresholdActive=\"{}\" paiSePreferMMSDiffRatherThanSameClub=\"{}\" paiSePreferMMSDiffRatherThanSameCountry=\"{}\" paiSeRankThreshold=\"{}\" paiStandardNX1Factor=\"{}\"/>\n</TournamentParameterSet>\n",
        p.avoid_duplicate,
        p.balance_colours,
        p.deterministic,
        p.random,
        escape(&p.additional_criterion1),
        escape(&p.additional_criterion2),
        p.avoid_mixing_categories,
        p.compensate_dudd,
        mode(p.dudd_lower),
        mode(p.dudd_upper),
        p.dudd_weight,
        p.last_round_seed_system1,
        p.maximize_seeding,
        p.minimize_score_difference,
        seed(p.seed_system1),
        seed(p.seed_system2),
        p.avoid_same_geography,
        p.bar_threshold_active,
        p.minimize_handicap,
        p.wins_threshold_active,
        p.club_factor,
        p.country_factor,
        gotha_rank_text(p.rank_threshold),
        p.concavity,
    ));
    if !p.clubs_groups.is_empty() {
        out.push_str("<ClubsGroups>\n");
        for (i, group) in p.clubs_groups.iter().enumerate() {
            out.push_str(&format!("<ClubsGroup name=\"group{}\">\n", i + 1));
            for club in group {
                out.push_str(&format!("<Club name=\"{}\"/>\n", escape(club)));
            }
            out.push_str("</ClubsGroup>\n");
        }
        out.push_str("</ClubsGroups>\n");
    }
    out.push_str("</Tournament>\n");
    out
}

/// Keys for players named `names` (in order): OpenGotha's key of the name, with a number
/// added to the first name ("2", "3" …) where two names would give the same key.
pub fn unique_keys(names: &[String]) -> Vec<String> {
    let mut seen: HashMap<String, u32> = HashMap::new();
    names
        .iter()
        .map(|name| {
            let base = player_key(name, "");
            let count = seen.entry(base.clone()).or_insert(0);
            *count += 1;
            if *count == 1 { base } else { format!("{base}{count}") }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In OpenGotha 3.51's own layout (attribute order, result codes, byes), with made-up players.
    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament externalIPAddress="" fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20240528153507">
    <Players>
        <Player agaExpirationDate="" agaId="" club="Hang" country="CN" egfPin="13578642" ffgLicence="" ffgLicenceStatus="" firstName="Wei" grade="2D" name="ZHANG" participating="11111" rank="2D" rating="2150" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
        <Player agaExpirationDate="" agaId="21934" club="Lyon" country="FR" egfPin="" ffgLicence="0712345" ffgLicenceStatus="" firstName="Anne Marie" grade="5K" name="DU PONT" participating="11011" rank="5K" rating="1550" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
        <Player agaExpirationDate="" agaId="" club="Lyon" country="FR" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Élise" grade="12K" name="MARTIN" participating="11111" rank="12K" rating="-900" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
    </Players>
    <Games>
        <Game blackPlayer="DUPONTANNEMARIE" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="ZHANGWEI"/>
        <Game blackPlayer="MARTINÉLISE" handicap="0" knownColor="true" result="RESULT_BLACKWINS_BYDEF" roundNumber="2" tableNumber="1" whitePlayer="ZHANGWEI"/>
        <Game blackPlayer="MARTINÉLISE" handicap="7" knownColor="true" result="RESULT_UNKNOWN" roundNumber="3" tableNumber="1" whitePlayer="DUPONTANNEMARIE"/>
    </Games>
    <ByePlayers>
        <ByePlayer player="MARTINÉLISE" roundNumber="1"/>
    </ByePlayers>
    <TournamentParameterSet>
        <GeneralParameterSet basicTime="40" beginDate="2024-05-18" endDate="2024-05-20" genMMBar="2K" genMMFloor="20K" genMMZero="30K" komi="7.5" location="Puycelsi &amp; Co" name="Spring Open" numberOfRounds="5" shortName="spring" size="19"/>
    </TournamentParameterSet>
</Tournament>
"#;

    #[test]
    fn ranks_out_of_range_are_held_to_thirty_kyu_and_nine_dan_as_opengotha_does() {
        let file = |rank: &str| {
            format!(r#"<Tournament><Players><Player name="A" firstName="B" rank="{rank}"/></Players></Tournament>"#)
        };
        let rank_of = |rank: &str| parse(&file(rank)).map(|t| t.players[0].rank.to_string());
        assert_eq!(rank_of("99K").as_deref(), Ok("30k"), "the unknown rank");
        assert_eq!(rank_of("12D").as_deref(), Ok("9d"));
        assert_eq!(rank_of("3k").as_deref(), Ok("3k"));
        assert!(rank_of("strong").is_err(), "a rank that is no rank is still named");
    }

    #[test]
    fn keys_written_in_a_turkish_locale_find_their_players() {
        // Java upper-cases "i" to "İ" in a Turkish locale: the games name AKDENİZ, the player
        // is Akdeniz; a name with İ of its own keeps it.
        let file = r#"<Tournament><Players>
            <Player name="Akdeniz" firstName="Ali" rank="3K"/>
            <Player name="İnce" firstName="Su" rank="2K"/>
            </Players><Games>
            <Game blackPlayer="AKDENİZALİ" whitePlayer="İNCESU" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"/>
            </Games><ByePlayers><ByePlayer player="AKDENİZALİ" roundNumber="2"/></ByePlayers></Tournament>"#;
        let t = parse(file).expect("the Turkish keys are matched");
        assert_eq!((t.games[0].black.as_str(), t.games[0].white.as_str()), ("AKDENIZALI", "İNCESU"));
        assert_eq!(t.byes, vec![(2, "AKDENIZALI".to_string())]);
        let unknown = r#"<Tournament><Players><Player name="Akdeniz" firstName="Ali" rank="3K"/></Players><Games>
            <Game blackPlayer="AKDENİZVELİ" whitePlayer="AKDENİZALİ" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"/>
            </Games></Tournament>"#;
        assert!(
            parse(unknown).is_err_and(|e| format!("{e:?}").contains("AKDENİZVELİ")),
            "another key is still refused"
        );
    }

    #[test]
    fn reads_players_games_byes_and_parameters() -> Result<(), OgError> {
        let t = parse(SAMPLE)?;
        assert_eq!((t.name.as_str(), t.location.as_str(), t.rounds), ("Spring Open", "Puycelsi & Co", 5));
        assert_eq!(t.begin.map(|d| d.to_string()).as_deref(), Some("2024-05-18"));
        assert_eq!(t.mcmahon_bar.map(|r| r.to_string()).as_deref(), Some("2k"));
        assert_eq!(t.players.len(), 3);
        assert_eq!(t.players[1].name, "DU PONT Anne Marie");
        assert_eq!(t.players[1].key, "DUPONTANNEMARIE");
        assert_eq!(t.players[1].participating, vec![true, true, false, true, true]);
        assert_eq!(t.players[0].ids.egf_pin, "13578642");
        assert_eq!((t.players[1].ids.aga_id.as_str(), t.players[1].ids.ffg_licence.as_str()), ("21934", "0712345"));
        assert_eq!(t.players[2].key, "MARTINÉLISE");
        assert_eq!(t.players[2].rating, None, "OpenGotha's -900 means no rating");
        assert_eq!(t.games[0].result.map(|r| r.to_storage_string()).as_deref(), Some("W+"));
        assert_eq!(t.games[1].result.map(|r| r.to_storage_string()).as_deref(), Some("B+F"));
        assert_eq!((t.games[2].result, t.games[2].handicap), (None, 7));
        assert_eq!(t.byes, vec![(1, "MARTINÉLISE".to_string())]);
        Ok(())
    }

    #[test]
    fn what_it_writes_reads_back_the_same() -> Result<(), OgError> {
        let t = parse(SAMPLE)?;
        let again = parse(&write(&t))?;
        assert_eq!(again, t);
        Ok(())
    }

    #[test]
    fn bad_files_are_refused_with_the_place_named() {
        let cases = [
            ("<Players/>", "no <Tournament>"),
            ("<Tournament><Player name=\"A\" rank=\"40X\"/></Tournament>", "player A"),
            (
                "<Tournament><Games><Game blackPlayer=\"X\" whitePlayer=\"Y\" result=\"RESULT_WHITEWINS\" roundNumber=\"1\" tableNumber=\"4\"/></Games></Tournament>",
                "round 1, table 4: no player has the key X",
            ),
            (
                "<Tournament><Player name=\"A\" rank=\"1D\"/><Player name=\"B\" rank=\"1D\"/><Game blackPlayer=\"A\" whitePlayer=\"B\" result=\"RESULT_BOTHDRAW\" roundNumber=\"2\" tableNumber=\"1\"/></Tournament>",
                "round 2, table 1: the result RESULT_BOTHDRAW",
            ),
            ("<Tournament><Player name=\"A\" rank=\"1D\"/><Player name=\"a\" rank=\"2D\"/></Tournament>", "same name"),
            ("<Tournament><Game roundNumber=\"x\"/></Tournament>", "not a number"),
            (
                "<Tournament><Game blackPlayer=\"A\" whitePlayer=\"B\" roundNumber=\"465536\" tableNumber=\"1\"/></Tournament>",
                "an event has at most 30 rounds",
            ),
            ("<Tournament><Player name=\"A\" rank=\"1D\"></Tournament>", "not well-formed"),
        ];
        for (xml, expected) in cases {
            match parse(xml) {
                Ok(t) => panic!("accepted {xml}: {t:?}"),
                Err(e) => assert!(e.to_string().contains(expected), "{e} should mention {expected}"),
            }
        }
    }

    #[test]
    fn the_hostile_file_and_files_past_the_limits_are_refused_with_the_limit_named() {
        // The 9 KB file that made `yunzi pair` run for minutes: one game in round 465536.
        let hostile = include_str!("../../../../tests/opengotha/hostile-round-465536.xml");
        let refused = parse(hostile).map(|t| t.games.len()).map_err(|e| e.to_string());
        assert_eq!(
            refused,
            Err("OpenGotha file: the attribute roundNumber names round 465536: an event has at most 30 rounds".into())
        );

        let player = |i: usize| format!("<Player name=\"P{i}\" firstName=\"X\" rank=\"1D\"/>");
        let players = |n: usize| (0..n).map(player).collect::<String>();
        let at_limit = format!("<Tournament>{}</Tournament>", players(MAX_PLAYERS_PER_EVENT));
        assert_eq!(parse(&at_limit).map(|t| t.players.len()), Ok(MAX_PLAYERS_PER_EVENT));
        let past = format!("<Tournament>{}</Tournament>", players(MAX_PLAYERS_PER_EVENT + 1));
        assert!(parse(&past).is_err_and(|e| e.to_string().contains("more than 10000 players")));

        let twice = "<Tournament><Player name=\"A\" name=\"B\" rank=\"1D\"/></Tournament>";
        assert!(parse(twice).is_err_and(|e| e.to_string().contains("the attribute name is given twice")));

        // OpenGotha writes a participation flag for each of its 20 rounds or more; only an
        // event's rounds are kept.
        let long = format!(
            "<Tournament><Player name=\"A\" rank=\"1D\" participating=\"{}\"/></Tournament>",
            "1".repeat(100_000)
        );
        assert_eq!(parse(&long).map(|t| t.players[0].participating.len()), Ok(MAX_ROUNDS as usize));
    }

    #[test]
    fn colliding_names_get_distinct_keys() {
        let names = vec!["Li Wei".to_string(), "LI WEI".to_string(), "Wang Fang".to_string(), "li wei".to_string()];
        assert_eq!(unique_keys(&names), vec!["LIWEI", "LIWEI2", "WANGFANG", "LIWEI3"]);
    }

    /// OpenGotha's "both win" is read as such (no Yunzi result) and written back as it came.
    #[test]
    fn both_win_is_read_and_written_back() -> Result<(), OgError> {
        let t = parse(include_str!("../../../../tests/opengotha/bothwin.xml"))?;
        let both: Vec<(bool, Option<GameResult>, bool)> =
            t.games.iter().map(|g| (g.both_win, g.result, g.played)).collect();
        assert_eq!(both[0], (true, None, true));
        assert!(!both[1].0 && both[1].1.is_some());
        let written = write(&t);
        assert!(written.contains("result=\"RESULT_BOTHWIN\""), "{written}");
        assert_eq!(parse(&written)?.games, t.games);
        Ok(())
    }
}
