//! What the core has to tell a reader (a refused form, an illegal move, a dispute's statement),
//! as a key of the locale files and its arguments. The core says what is wrong; `crate::i18n`
//! says it in the reader's language, and a message's `Display` (written there too) is its
//! English, for the command line and the logs.
use std::borrow::Cow;

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

impl std::error::Error for Message {}

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
