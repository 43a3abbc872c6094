//! What the core has to tell a reader (a refused form, an illegal move, a dispute's statement),
//! as a key of the locale files and its arguments. The core says what is wrong; the app's
//! `i18n` says it in the reader's language; a message's `Display` is its English, for the
//! command line and the logs, read from the same English locale file.
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// A message by its locale key and named arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub key: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, MessageArg)>,
}

/// An argument of a message: typed text (a name, a rank as written), a number, or another
/// message said in the same language (the reason inside "Illegal move: …").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MessageArg {
    Text(String),
    Number(i64),
    Message(Box<Message>),
}

/// How a stored text (a dispute's statement, a held move's reason) says that it is a message
/// to be put in each reader's language rather than words someone typed.
const STORED_PREFIX: &str = "yunzi-message:";

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message { key: Cow::Borrowed(key), args: Vec::new() }
    }

    /// A message whose key is made from a code ("dispute-" and a dispute kind's code).
    pub fn keyed(key: String) -> Message {
        Message { key: Cow::Owned(key), args: Vec::new() }
    }

    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((Cow::Borrowed(name), MessageArg::Text(value.into())));
        self
    }

    pub fn number(mut self, name: &'static str, value: impl Into<i64>) -> Message {
        self.args.push((Cow::Borrowed(name), MessageArg::Number(value.into())));
        self
    }

    pub fn nested(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((Cow::Borrowed(name), MessageArg::Message(Box::new(value))));
        self
    }

    /// This message, then `next` (two sentences, as the reader's language joins them).
    pub fn then(self, next: Message) -> Message {
        Message::new("joined-sentences").nested("first", self).nested("then", next)
    }

    /// The messages said one after the other as a list ("a; b; c"), or None for none.
    pub fn list(messages: Vec<Message>) -> Option<Message> {
        messages
            .into_iter()
            .rev()
            .reduce(|rest, first| Message::new("joined-list").nested("first", first).nested("rest", rest))
    }

    /// The message as a text column keeps it, to be said in each reader's language when shown.
    pub fn to_stored(&self) -> String {
        format!("{STORED_PREFIX}{}", serde_json::to_string(self).unwrap_or_default())
    }

    /// The message a stored text holds; None for words someone typed (or text stored before
    /// messages were).
    pub fn from_stored(text: &str) -> Option<Message> {
        serde_json::from_str(text.strip_prefix(STORED_PREFIX)?).ok()
    }
}

/// A message's English, for the command line and the logs: said from the English locale file the
/// pages use (`templates/locales/en-US/main.ftl`, compiled in), by [`english`]. The app's test
/// `i18n::tests::the_cores_english_is_the_pages` holds it to the app's Fluent bundle key by key.
impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&english(self))
    }
}

impl std::error::Error for Message {}

/// The English locale file the pages are said from.
const ENGLISH: &str = include_str!("../../templates/locales/en-US/main.ftl");

/// Each English message's pattern by key, read once from [`ENGLISH`]: the text after `key =`
/// and its indented continuation lines (joined by line breaks, the common indent removed, as
/// Fluent reads a multiline pattern); comments and attributes are left out.
fn english_patterns() -> &'static HashMap<&'static str, String> {
    static PATTERNS: OnceLock<HashMap<&'static str, String>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let mut patterns = HashMap::new();
        let mut lines = ENGLISH.lines().peekable();
        while let Some(line) = lines.next() {
            let Some((key, inline)) = line.split_once(" =") else { continue };
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                continue;
            }
            let mut block: Vec<&str> = Vec::new();
            while let Some(next) = lines.peek() {
                if next.trim().is_empty() || next.starts_with(' ') {
                    block.push(next);
                    lines.next();
                } else {
                    break;
                }
            }
            while block.last().is_some_and(|l| l.trim().is_empty()) {
                block.pop();
            }
            // A select expression's closing brace stands at the start of a line of its own.
            while let Some(next) = lines.peek() {
                if next.starts_with('}') {
                    block.push(next);
                    lines.next();
                    while let Some(more) = lines.peek() {
                        if more.starts_with(' ') {
                            block.push(more);
                            lines.next();
                        } else {
                            break;
                        }
                    }
                } else {
                    break;
                }
            }
            let indent = block
                .iter()
                .filter(|l| !l.trim().is_empty() && l.starts_with(' '))
                .map(|l| l.len() - l.trim_start().len())
                .min()
                .unwrap_or(0);
            let inline = inline.trim_start();
            let mut text: Vec<String> = Vec::new();
            if !inline.is_empty() {
                text.push(inline.to_string());
            }
            for l in block {
                if l.starts_with(' ') && l.trim_start().starts_with('.') && !inline.contains("->") {
                    break; // an attribute
                }
                text.push(if l.starts_with(' ') { l.get(indent..).unwrap_or("").to_string() } else { l.to_string() });
            }
            patterns.insert(key, text.join("\n"));
        }
        patterns
    })
}

/// A message in English (see the `Display` impl): its pattern with the arguments put in, a
/// nested message said in English too. An unknown key is said as itself, a missing argument
/// as `{$name}` (as Fluent does).
pub fn english(message: &Message) -> String {
    match english_patterns().get(message.key.as_ref()) {
        Some(pattern) => render(pattern, message),
        None => message.key.to_string(),
    }
}

/// An argument's value for the pattern, if the message has it.
enum Value {
    Text(String),
    Number(i64),
}

fn value_of(message: &Message, name: &str) -> Option<Value> {
    message.args.iter().find(|(n, _)| n == name).map(|(_, value)| match value {
        MessageArg::Text(t) => Value::Text(t.clone()),
        MessageArg::Number(n) => Value::Number(*n),
        MessageArg::Message(inner) => Value::Text(english(inner)),
    })
}

/// Puts a pattern's placeables in: `{ $name }`, `{ "literal" }`, and a select expression
/// `{ $name -> [key] … *[other] … }` (a number matches a key equal to it, else English's plural
/// category: "one" for 1, "other" for the rest; a text matches a key equal to it; else the
/// default variant).
fn render(pattern: &str, message: &Message) -> String {
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = matching_brace(after).unwrap_or(after.len());
        out.push_str(&placeable(after[..close].trim(), message));
        rest = after.get(close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// Where the brace closing a placeable is (braces nest in select expressions; a string literal
/// may hold any).
fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '{' if !in_string => depth += 1,
            '}' if !in_string => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    None
}

fn placeable(inside: &str, message: &Message) -> String {
    if let Some(literal) = inside.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        return literal.to_string();
    }
    let Some(variable) = inside.strip_prefix('$') else {
        // A message reference.
        return english(&Message { key: Cow::Owned(inside.to_string()), args: message.args.clone() });
    };
    let Some((name, variants)) = variable.split_once("->") else {
        return match value_of(message, variable.trim()) {
            Some(Value::Text(t)) => t,
            Some(Value::Number(n)) => n.to_string(),
            None => format!("{{${}}}", variable.trim()),
        };
    };
    let value = value_of(message, name.trim());
    let mut chosen: Option<&str> = None;
    let mut default: Option<&str> = None;
    for (is_default, key, body) in select_variants(variants) {
        let matches = match &value {
            Some(Value::Number(n)) => {
                key.parse::<i64>().ok() == Some(*n) || (key == "one" && *n == 1) || (key == "other" && *n != 1)
            }
            Some(Value::Text(t)) => key == t,
            None => false,
        };
        // An exact number goes before a plural category, whatever their order.
        if matches && (chosen.is_none() || key.parse::<i64>().is_ok()) {
            chosen = Some(body);
        }
        if is_default {
            default = Some(body);
        }
    }
    chosen.or(default).map(|body| render(body.trim(), message)).unwrap_or_default()
}

/// A select expression's variants: whether it is the default (`*[key]`), its key, its pattern.
fn select_variants(text: &str) -> Vec<(bool, &str, &str)> {
    let mut variants = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let is_default = rest[..open].trim_end().ends_with('*');
        let Some(close) = rest[open..].find(']') else { break };
        let key = &rest[open + 1..open + close];
        let body_start = open + close + 1;
        // The variant's pattern runs to the next line that starts a variant.
        let mut end = rest.len();
        let mut search = body_start;
        while let Some(nl) = rest[search..].find('\n') {
            let line_start = search + nl + 1;
            let line = rest[line_start..].trim_start();
            if line.starts_with('[') || line.starts_with("*[") {
                end = line_start;
                break;
            }
            search = line_start;
        }
        variants.push((is_default, key.trim(), &rest[body_start..end]));
        rest = &rest[end..];
    }
    variants
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_message_reads_back_and_typed_words_stay_words() {
        let message = Message::new("illegal-wrong-player").nested("colour", Message::new("black")).number("n", 3);
        assert_eq!(Message::from_stored(&message.to_stored()), Some(message));
        assert_eq!(Message::from_stored("My opponent talks during my moves"), None);
        assert_eq!(Message::from_stored("yunzi-message:{not json"), None);
    }
}
