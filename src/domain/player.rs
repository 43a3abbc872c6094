//! The fields of a registered player, parsed at the boundary.
use std::fmt;

use super::message::Message;

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

/// Whether `c` is written in Chinese, Japanese or Korean script (where a name has no space
/// between surname and given name).
fn is_cjk_letter(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}')
}

fn all_cjk(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_cjk_letter)
}

/// Chinese and Korean surnames of two characters; any other is one.
const TWO_CHARACTER_SURNAMES: &[&str] = &[
    "欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "长孙", "宇文", "司徒", "夏侯",
    "轩辕", "端木", "独孤", "南宫", "西门", "百里", "呼延", "澹台", "歐陽", "諸葛", "東方", "長孫", "남궁", "제갈",
    "선우", "독고", "황보",
];

/// A name from its surname and given name as a file keeps them apart (OpenGotha's `name`
/// and `firstName`): 柯洁 in Chinese, Japanese and Korean script, "Surname Given" otherwise.
pub fn join_name(surname: &str, given: &str) -> String {
    let (surname, given) = (surname.trim(), given.trim());
    if all_cjk(surname) && all_cjk(given) {
        format!("{surname}{given}")
    } else {
        format!("{surname} {given}").trim().to_string()
    }
}

/// A name in Chinese or Korean script split into surname and given name (a two-character
/// surname when it is one of the known, else the first character), as OpenGotha keeps them;
/// any other name whole, as the surname. `join_name` of the parts gives the name back.
pub fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    let han_or_hangul = all_cjk(name) && !name.chars().any(|c| matches!(c, '\u{3040}'..='\u{30ff}'));
    if han_or_hangul && name.chars().count() >= 2 {
        let two = TWO_CHARACTER_SURNAMES.iter().find(|s| name.starts_with(**s) && name.chars().count() > 2);
        let cut = match two {
            Some(surname) => surname.len(),
            None => name.chars().next().map_or(0, char::len_utf8),
        };
        return (name[..cut].to_string(), name[cut..].to_string());
    }
    (name.to_string(), String::new())
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
    fn names_in_chinese_script_join_without_a_space_and_split_back() {
        for (surname, given) in
            [("柯", "洁"), ("欧阳", "明"), ("司马", "懿"), ("芈", "昱廷"), ("신", "진서"), ("남궁", "민")]
        {
            let name = join_name(surname, given);
            assert!(!name.contains(' '), "{name}");
            assert_eq!(split_name(&name), (surname.to_string(), given.to_string()), "{name}");
        }
        assert_eq!(join_name("Dumont", "Louis"), "Dumont Louis");
        assert_eq!(join_name("DU PONT", "Anne Marie"), "DU PONT Anne Marie");
        assert_eq!(split_name("Dumont Louis"), ("Dumont Louis".to_string(), String::new()));
        // Japanese names keep no telling mark between the two: kept whole.
        assert_eq!(split_name("井山ゆうた"), ("井山ゆうた".to_string(), String::new()));
        assert_eq!(join_name("欧阳", ""), "欧阳");
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
    pub rank: super::rank::Rank,
    pub rating: Option<i32>,
    pub club: String,
    pub country: String,
    pub email: Option<EmailAddress>,
    pub team: String,
    pub board: Option<i32>,
    pub aga_id: Option<super::interop::aga::AgaId>,
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
        let rank = super::rank::Rank::parse(input.rank).map_err(|e| FieldError(e.message()))?;
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
            aga_id: super::interop::aga::AgaId::parse(input.aga_id).map_err(|e| FieldError(e.message()))?,
            egf_pin: parse_egf_pin(input.egf_pin)?,
        })
    }
}
