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
//!   `RESULT_BOTHWIN` has no counterpart in the 1988 rules and is refused with its game named.
//! - `<ByePlayer player=… roundNumber=…>`.
//! - `<GeneralParameterSet>`: `name`, `location`, `beginDate`, `endDate`, `numberOfRounds`,
//!   `komi`, `genMMBar`, `genMMFloor`.
use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::domain::color::Color;
use crate::domain::komi::Komi;
use crate::domain::rank::Rank;
use crate::domain::result::{GameResult, Margin};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgPlayer {
    pub key: String,
    /// "name firstName", as Yunzi shows it.
    pub name: String,
    pub rank: Rank,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    /// Round by round (index 0 is round 1).
    pub participating: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgGame {
    pub round: u32,
    pub table: u32,
    pub black: String,
    pub white: String,
    pub handicap: u8,
    pub result: Option<GameResult>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
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
}

/// Why a file cannot be read, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OgError(pub String);

impl fmt::Display for OgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpenGotha file: {}", self.0)
    }
}

impl std::error::Error for OgError {}

fn err(message: impl Into<String>) -> OgError {
    OgError(message.into())
}

/// OpenGotha's player key: name and first name, spaces removed, upper-cased.
pub fn player_key(name: &str, first_name: &str) -> String {
    format!("{name}{first_name}").chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect()
}

fn attributes(tag: &BytesStart<'_>) -> Result<HashMap<String, String>, OgError> {
    let mut out = HashMap::new();
    for attribute in tag.attributes() {
        let attribute = attribute.map_err(|e| err(format!("a damaged attribute: {e}")))?;
        let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
        let value = attribute.unescape_value().map_err(|e| err(format!("attribute {key}: {e}")))?.into_owned();
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
        other => {
            return Err(err(format!(
                "round {round}, table {table}: the result {other} has no counterpart in Yunzi (both win is not a result under the 1988 rules)"
            )));
        }
    })
}

fn result_code(result: Option<&GameResult>) -> &'static str {
    match result {
        None => "RESULT_UNKNOWN",
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

fn number<T: std::str::FromStr>(map: &HashMap<String, String>, key: &str, what: &str) -> Result<T, OgError> {
    let text = map.get(key).map(String::as_str).unwrap_or("");
    text.trim().parse().map_err(|_| err(format!("{what}: \"{text}\" is not a number ({key})")))
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
    };
    let mut root_seen = false;
    loop {
        let event = reader
            .read_event()
            .map_err(|e| err(format!("not well-formed XML near byte {}: {e}", reader.buffer_position())))?;
        let tag = match &event {
            Event::Start(tag) | Event::Empty(tag) => tag.clone(),
            Event::Eof => break,
            _ => continue,
        };
        let map = attributes(&tag)?;
        match tag.name().as_ref() {
            b"Tournament" => root_seen = true,
            b"Player" => {
                let (name, first) =
                    (map.get("name").cloned().unwrap_or_default(), map.get("firstName").cloned().unwrap_or_default());
                let full = format!("{} {}", name.trim(), first.trim()).trim().to_string();
                let rank_text = map.get("rank").map(String::as_str).unwrap_or("");
                let rank = Rank::parse(rank_text).map_err(|e| err(format!("player {full}: {e}")))?;
                tournament.players.push(OgPlayer {
                    key: player_key(&name, &first),
                    name: full,
                    rank,
                    rating: map.get("rating").and_then(|r| r.trim().parse::<i32>().ok()).filter(|r| *r > 0),
                    club: map.get("club").cloned().unwrap_or_default(),
                    country: map.get("country").cloned().unwrap_or_default(),
                    participating: map
                        .get("participating")
                        .map(|p| p.chars().map(|c| c != '0').collect())
                        .unwrap_or_default(),
                });
            }
            b"Game" => {
                let round: u32 = number(&map, "roundNumber", "a game's round")?;
                let table: u32 = number(&map, "tableNumber", "a game's table")?;
                tournament.games.push(OgGame {
                    round,
                    table,
                    black: map.get("blackPlayer").cloned().unwrap_or_default(),
                    white: map.get("whitePlayer").cloned().unwrap_or_default(),
                    handicap: map.get("handicap").and_then(|h| h.parse().ok()).unwrap_or(0),
                    result: result_of(map.get("result").map(String::as_str).unwrap_or(""), round, table)?,
                });
            }
            b"ByePlayer" if map.contains_key("player") => {
                tournament.byes.push((
                    number(&map, "roundNumber", "a bye's round")?,
                    map.get("player").cloned().unwrap_or_default(),
                ));
            }
            b"GeneralParameterSet" => {
                tournament.name = map.get("name").cloned().unwrap_or_default();
                tournament.location = map.get("location").cloned().unwrap_or_default();
                tournament.begin = map.get("beginDate").and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
                tournament.end = map.get("endDate").and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
                tournament.rounds = number(&map, "numberOfRounds", "the number of rounds")?;
                tournament.komi = map.get("komi").and_then(|k| Komi::parse(k).ok());
                tournament.mcmahon_bar = map.get("genMMBar").and_then(|r| Rank::parse(r).ok());
                tournament.mcmahon_floor = map.get("genMMFloor").and_then(|r| Rank::parse(r).ok());
            }
            _ => {}
        }
    }
    if !root_seen {
        return Err(err("there is no <Tournament> element: this is not an OpenGotha tournament file"));
    }
    let keys: HashMap<&str, usize> = tournament.players.iter().enumerate().map(|(i, p)| (p.key.as_str(), i)).collect();
    if keys.len() != tournament.players.len() {
        return Err(err("two players have the same name and first name"));
    }
    for g in &tournament.games {
        for key in [&g.black, &g.white] {
            if !keys.contains_key(key.as_str()) {
                return Err(err(format!("round {}, table {}: no player has the key {key}", g.round, g.table)));
            }
        }
    }
    for (round, key) in &tournament.byes {
        if !keys.contains_key(key.as_str()) {
            return Err(err(format!("round {round}: the bye names {key}, who is not a player")));
        }
    }
    tournament.games.sort_by_key(|g| (g.round, g.table));
    Ok(tournament)
}

fn escape(text: &str) -> String {
    quick_xml::escape::escape(text).into_owned()
}

/// Writes an OpenGotha tournament file that OpenGotha 3.x opens. Player names go into
/// `name` with an empty `firstName`; keys that would collide get a number in `firstName`.
pub fn write(tournament: &OgTournament) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str("<Tournament dataVersion=\"201\" runningMode=\"SAL\">\n<Players>\n");
    for p in &tournament.players {
        let participating: String = p.participating.iter().map(|&b| if b { '1' } else { '0' }).collect();
        out.push_str(&format!(
            "<Player agaExpirationDate=\"\" agaId=\"\" club=\"{}\" country=\"{}\" egfPin=\"\" ffgLicence=\"\" ffgLicenceStatus=\"\" firstName=\"{}\" grade=\"\" name=\"{}\" participating=\"{participating}\" rank=\"{}\" rating=\"{}\" ratingOrigin=\"\" registeringStatus=\"FIN\" smmsCorrection=\"0\"/>\n",
            escape(&p.club),
            escape(&p.country),
            escape(p.key.strip_prefix(&player_key(&p.name, "")).unwrap_or("")),
            escape(&p.name),
            p.rank.to_string().to_uppercase(),
            p.rating.unwrap_or(-900),
        ));
    }
    out.push_str("</Players>\n<Games>\n");
    for g in &tournament.games {
        out.push_str(&format!(
            "<Game blackPlayer=\"{}\" handicap=\"{}\" knownColor=\"true\" result=\"{}\" roundNumber=\"{}\" tableNumber=\"{}\" whitePlayer=\"{}\"/>\n",
            escape(&g.black),
            g.handicap,
            result_code(g.result.as_ref()),
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
    out.push_str(&format!(
        "</ByePlayers>\n<TournamentParameterSet>\n<GeneralParameterSet beginDate=\"{}\" endDate=\"{}\" genMMBar=\"{}\" genMMFloor=\"{}\" genMMZero=\"30K\" komi=\"{}\" location=\"{}\" name=\"{}\" numberOfRounds=\"{}\" shortName=\"{}\" size=\"19\"/>\n</TournamentParameterSet>\n</Tournament>\n",
        date(tournament.begin),
        date(tournament.end),
        rank(tournament.mcmahon_bar, "9D"),
        rank(tournament.mcmahon_floor, "30K"),
        tournament.komi.map(|k| k.display_points()).unwrap_or_else(|| "7.5".into()),
        escape(&tournament.location),
        escape(&tournament.name),
        tournament.rounds,
        escape(&tournament.name),
    ));
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
        <Player agaExpirationDate="" agaId="" club="Hang" country="CN" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Wei" grade="2D" name="ZHANG" participating="11111" rank="2D" rating="2150" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
        <Player agaExpirationDate="" agaId="" club="Lyon" country="FR" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="Anne Marie" grade="5K" name="DU PONT" participating="11011" rank="5K" rating="1550" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
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
    fn reads_players_games_byes_and_parameters() -> Result<(), OgError> {
        let t = parse(SAMPLE)?;
        assert_eq!((t.name.as_str(), t.location.as_str(), t.rounds), ("Spring Open", "Puycelsi & Co", 5));
        assert_eq!(t.begin.map(|d| d.to_string()).as_deref(), Some("2024-05-18"));
        assert_eq!(t.mcmahon_bar.map(|r| r.to_string()).as_deref(), Some("2k"));
        assert_eq!(t.players.len(), 3);
        assert_eq!(t.players[1].name, "DU PONT Anne Marie");
        assert_eq!(t.players[1].key, "DUPONTANNEMARIE");
        assert_eq!(t.players[1].participating, vec![true, true, false, true, true]);
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
        let mut t = parse(SAMPLE)?;
        // Yunzi keeps one name per player; written back it is all in `name`.
        for p in &mut t.players {
            p.key = player_key(&p.name, "");
        }
        let again = parse(&write(&t))?;
        assert_eq!(again, t);
        Ok(())
    }

    #[test]
    fn bad_files_are_refused_with_the_place_named() {
        let cases = [
            ("<Players/>", "no <Tournament>"),
            ("<Tournament><Player name=\"A\" rank=\"40K\"/></Tournament>", "player A"),
            (
                "<Tournament><Games><Game blackPlayer=\"X\" whitePlayer=\"Y\" result=\"RESULT_WHITEWINS\" roundNumber=\"1\" tableNumber=\"4\"/></Games></Tournament>",
                "round 1, table 4: no player has the key X",
            ),
            (
                "<Tournament><Player name=\"A\" rank=\"1D\"/><Player name=\"B\" rank=\"1D\"/><Game blackPlayer=\"A\" whitePlayer=\"B\" result=\"RESULT_BOTHWIN\" roundNumber=\"2\" tableNumber=\"1\"/></Tournament>",
                "round 2, table 1: the result RESULT_BOTHWIN",
            ),
            ("<Tournament><Player name=\"A\" rank=\"1D\"/><Player name=\"a\" rank=\"2D\"/></Tournament>", "same name"),
            ("<Tournament><Game roundNumber=\"x\"/></Tournament>", "not a number"),
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
    fn colliding_names_get_distinct_keys() {
        let names = vec!["Li Wei".to_string(), "LI WEI".to_string(), "Wang Fang".to_string(), "li wei".to_string()];
        assert_eq!(unique_keys(&names), vec!["LIWEI", "LIWEI2", "WANGFANG", "LIWEI3"]);
    }
}
