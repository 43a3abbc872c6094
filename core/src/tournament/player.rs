//! The fields of a registered player, parsed at the boundary.
use std::collections::HashMap;
use std::fmt;

use crate::message::Message;

/// Why a field was refused, as a message for the reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError(pub Message);

impl FieldError {
    pub fn new(key: &'static str) -> FieldError {
        FieldError(Message::new(key))
    }
}

impl From<Message> for FieldError {
    fn from(message: Message) -> FieldError {
        FieldError(message)
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for FieldError {}

pub const NAME_MAX_CHARS: usize = 100;
pub const CLUB_MAX_CHARS: usize = 100;
pub const COUNTRY_MAX_CHARS: usize = 60;
pub const EMAIL_MAX_CHARS: usize = 254;

/// Trims, refuses control characters and checks the length. `what` is the locale key of the
/// field's name, for the message.
pub fn clean_text(input: &str, what: &'static str, max: usize, required: bool) -> Result<String, FieldError> {
    let text = input.split_whitespace().collect::<Vec<_>>().join(" ");
    let field = || Message::new(what);
    if required && text.is_empty() {
        return Err(Message::new("error-field-required").nested("field", field()).into());
    }
    let count = text.chars().count();
    if count > max {
        return Err(Message::new("error-field-too-long")
            .nested("field", field())
            .number("count", count as i64)
            .number("max", max as i64)
            .into());
    }
    if text.chars().any(char::is_control) {
        return Err(Message::new("error-field-control").nested("field", field()).into());
    }
    Ok(text)
}

/// A player's (or an account's) name as shown on pairings and standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerName(String);

impl PlayerName {
    pub fn parse(input: &str) -> Result<PlayerName, FieldError> {
        clean_text(input, "field-name", NAME_MAX_CHARS, true).map(PlayerName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name folded for duplicate detection: case and spacing do not make a new player
    /// ("Li Wei", "li  wei" and "LiWei" are one person; "张三" and "张 三" too).
    pub fn key(&self) -> String {
        name_key(&self.0)
    }
}

pub fn name_key(name: &str) -> String {
    name.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect()
}

/// One player of an event as far as telling namesakes apart goes.
#[derive(Debug, Clone, Copy)]
pub struct Entrant<'a> {
    pub id: i32,
    pub name_key: &'a str,
    pub club: &'a str,
    /// The player's number in the event: his place in registration order, from 1.
    pub number: usize,
}

/// What a page adds to each name that another player of the event shares, so that two 张伟
/// are told apart without renaming either: the club when it tells them apart, else the club
/// and the player's number, else the number. Players whose name is their own are not listed.
pub fn namesake_marks(entrants: &[Entrant<'_>]) -> HashMap<i32, String> {
    let mut by_name: HashMap<&str, Vec<&Entrant<'_>>> = HashMap::new();
    for e in entrants {
        by_name.entry(e.name_key).or_default().push(e);
    }
    let mut marks = HashMap::new();
    for namesakes in by_name.values().filter(|n| n.len() > 1) {
        for e in namesakes {
            let club = e.club.trim();
            let club_tells = !club.is_empty()
                && namesakes.iter().filter(|o| o.club.trim().to_lowercase() == club.to_lowercase()).count() == 1;
            let mark = if club_tells {
                club.to_string()
            } else if club.is_empty() {
                format!("#{}", e.number)
            } else {
                format!("{club} #{}", e.number)
            };
            marks.insert(e.id, mark);
        }
    }
    marks
}

/// The name as a page shows it: with its mark when a namesake plays in the same event.
pub fn shown_name(name: &str, mark: Option<&String>) -> String {
    match mark {
        Some(mark) => format!("{name} ({mark})"),
        None => name.to_string(),
    }
}

/// Whether a new entry is likely the same person as a registered one: the same name and the
/// same club, rating-list PIN or AGA number. Only warned about: two 张伟 of one club exist.
pub fn likely_same_person(
    (name_key, club, pin, aga): (&str, &str, Option<&str>, Option<&str>),
    (other_key, other_club, other_pin, other_aga): (&str, &str, Option<&str>, Option<&str>),
) -> bool {
    let same = |a: Option<&str>, b: Option<&str>| a.is_some_and(|a| !a.is_empty() && Some(a) == b);
    let same_club = !club.trim().is_empty() && club.trim().to_lowercase() == other_club.trim().to_lowercase();
    let same_name = name_key == other_key;
    (same_name && same_club) || same(pin, other_pin) || same(aga, other_aga)
}

/// An e-mail address, lower-cased. Deliberately simple: one @, a dotted domain, no spaces;
/// the mail server is the final judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(input: &str) -> Result<EmailAddress, FieldError> {
        let text = input.trim().to_lowercase();
        let bad = || FieldError(Message::new("error-email").text("text", input.trim()));
        if text.is_empty() || text.chars().count() > EMAIL_MAX_CHARS {
            return Err(bad());
        }
        let (local, domain) = text.split_once('@').ok_or_else(bad)?;
        let valid = !local.is_empty()
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains('@')
            && !text.chars().any(|c| c.is_whitespace() || c.is_control() || "<>(),;:\"[]\\".contains(c));
        if valid { Ok(EmailAddress(text)) } else { Err(bad()) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A rating (EGF/AGA/Chinese points). Optional; a bare number within a plausible range.
pub fn parse_rating(input: &str) -> Result<Option<i32>, FieldError> {
    let text = input.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<i32>() {
        Ok(r) if (-3000..=4000).contains(&r) => Ok(Some(r)),
        _ => Err(Message::new("error-rating").text("text", text).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(PlayerName::parse("  Li   Wei ").map(|n| n.0), Ok("Li Wei".to_string()));
        assert!(PlayerName::parse("   ").is_err());
        assert!(PlayerName::parse(&"x".repeat(101)).is_err());
        assert!(PlayerName::parse(&"张".repeat(100)).is_ok());
        assert!(PlayerName::parse("a\u{0007}b").is_err());
        // Markup is a name like any other here; templates escape it.
        assert!(PlayerName::parse("<script>alert(1)</script>").is_ok());
    }

    #[test]
    fn duplicate_keys_ignore_case_and_spacing() {
        assert_eq!(name_key("Li Wei"), name_key("li  wei"));
        assert_eq!(name_key("Li Wei"), name_key("LIWEI"));
        assert_eq!(name_key("张 三"), name_key("张三"));
        assert_ne!(name_key("张三"), name_key("张四"));
    }

    #[test]
    fn namesakes_are_told_apart_by_club_then_by_number() {
        let entrant = |id, name_key, club, number| Entrant { id, name_key, club, number };
        let field = [
            entrant(1, "张伟", "北京", 1),
            entrant(2, "张伟", "上海", 2),
            entrant(3, "李明", "北京", 3),
            entrant(4, "王芳", "", 4),
            entrant(5, "王芳", "", 5),
            entrant(6, "陈静", "杭州", 6),
            entrant(7, "陈静", "杭州", 7),
            entrant(8, "陈静", "", 8),
        ];
        let marks = namesake_marks(&field);
        assert_eq!(marks.get(&1).map(String::as_str), Some("北京"));
        assert_eq!(marks.get(&2).map(String::as_str), Some("上海"));
        assert_eq!(marks.get(&3), None, "a name of its own is shown as it is");
        assert_eq!((marks[&4].as_str(), marks[&5].as_str()), ("#4", "#5"));
        assert_eq!((marks[&6].as_str(), marks[&7].as_str(), marks[&8].as_str()), ("杭州 #6", "杭州 #7", "#8"));
        assert_eq!(shown_name("张伟", marks.get(&1)), "张伟 (北京)");
        assert_eq!(shown_name("李明", marks.get(&3)), "李明");
    }

    #[test]
    fn the_same_name_is_a_likely_duplicate_only_with_the_same_club_or_number() {
        let beijing = ("张伟", "北京", None, None);
        assert!(!likely_same_person(beijing, ("张伟", "上海", None, None)));
        assert!(likely_same_person(beijing, ("张伟", " 北京 ", None, None)));
        assert!(!likely_same_person(("张伟", "", None, None), ("张伟", "", None, None)), "no club tells nothing");
        assert!(likely_same_person(("zhangwei", "", Some("123"), None), ("张伟", "", Some("123"), None)));
        assert!(!likely_same_person(("a", "", Some(""), None), ("b", "", Some(""), None)));
        assert!(likely_same_person(("a", "", None, Some("77")), ("b", "x", None, Some("77"))));
    }

    #[test]
    fn emails_and_ratings() {
        assert_eq!(EmailAddress::parse(" Li@Example.ORG ").map(|e| e.0), Ok("li@example.org".into()));
        for bad in ["", "li", "li@", "@example.org", "li@example", "li wei@example.org", "a@b@c.org"] {
            assert!(EmailAddress::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_rating(""), Ok(None));
        assert_eq!(parse_rating(" 2100 "), Ok(Some(2100)));
        assert!(parse_rating("strong").is_err());
        assert!(parse_rating("99999").is_err());
    }
}

/// A player as typed into the registration form or a CSV line, before checking.
#[derive(Debug, Clone, Default)]
pub struct PlayerInput<'a> {
    pub name: &'a str,
    pub rank: &'a str,
    pub rating: &'a str,
    pub club: &'a str,
    pub country: &'a str,
    pub email: &'a str,
    /// Team events: the team's name, and the board in its registered order (blank: after
    /// the numbered boards, by strength).
    pub team: &'a str,
    pub board: &'a str,
    /// AGA membership number (blank: none).
    pub aga_id: &'a str,
    /// EGD PIN (blank: none), filled from the EGF rating list.
    pub egf_pin: &'a str,
}

/// A player ready to register.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPlayer {
    pub name: PlayerName,
    pub rank: crate::rank::Rank,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub email: Option<EmailAddress>,
    pub team: String,
    pub board: Option<i32>,
    pub aga_id: Option<crate::tournament::interop::aga::AgaId>,
    pub egf_pin: Option<String>,
}

/// An EGD PIN: up to 8 digits (the EGD numbers players from 10000000 up); blank for none.
pub fn parse_egf_pin(text: &str) -> Result<Option<String>, FieldError> {
    match text.trim() {
        "" => Ok(None),
        t if t.len() <= 8 && t.chars().all(|c| c.is_ascii_digit()) => Ok(Some(t.to_string())),
        _ => Err(FieldError::new("error-egf-pin")),
    }
}

/// The highest board number a team may register.
pub const BOARD_MAX: i32 = 20;

fn parse_board(text: &str) -> Result<Option<i32>, FieldError> {
    match text.trim() {
        "" => Ok(None),
        t => match t.parse::<i32>() {
            Ok(n) if (1..=BOARD_MAX).contains(&n) => Ok(Some(n)),
            _ => Err(Message::new("error-board-number").number("max", BOARD_MAX).into()),
        },
    }
}

impl NewPlayer {
    pub fn parse(input: &PlayerInput<'_>) -> Result<NewPlayer, FieldError> {
        let name = PlayerName::parse(input.name)?;
        let rank = crate::rank::Rank::parse(input.rank).map_err(|e| FieldError(e.message()))?;
        let email = if input.email.trim().is_empty() { None } else { Some(EmailAddress::parse(input.email)?) };
        Ok(NewPlayer {
            name,
            rank,
            rating: parse_rating(input.rating)?,
            club: clean_text(input.club, "field-club", CLUB_MAX_CHARS, false)?,
            country: clean_text(input.country, "field-country", COUNTRY_MAX_CHARS, false)?,
            email,
            team: clean_text(input.team, "field-team", CLUB_MAX_CHARS, false)?,
            board: parse_board(input.board)?,
            aga_id: crate::tournament::interop::aga::AgaId::parse(input.aga_id).map_err(|e| FieldError(e.message()))?,
            egf_pin: parse_egf_pin(input.egf_pin)?,
        })
    }
}
