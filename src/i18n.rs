//! The four languages of the UI, 中文, English, 日本語 and 한국어, from Fluent files in
//! templates/locales.
//!
//! The locale is chosen per request (cookie `lang`, else Accept-Language) by the `PageCtx`
//! extractor and travels to templates as a value; nothing here is process-global but the
//! compiled-in message tables.
use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

use crate::domain::message::{Message, MessageArg};
use crate::domain::result::GameResult;

static_loader! {
    static LOCALES = {
        locales: "./templates/locales",
        fallback_language: "en-US",
        // Bidi isolation marks around arguments would end up inside e-mails and test assertions.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static EN: LanguageIdentifier = langid!("en-US");
static ZH: LanguageIdentifier = langid!("zh-CN");
static JA: LanguageIdentifier = langid!("ja-JP");
static KO: LanguageIdentifier = langid!("ko-KR");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    En,
    Zh,
    Ja,
    Ko,
}

/// A value for a Fluent placeable.
pub enum Arg<'a> {
    Str(&'a str),
    Num(i64),
}

impl Locale {
    pub const ALL: [Locale; 4] = [Locale::Zh, Locale::En, Locale::Ja, Locale::Ko];
    pub const COOKIE: &'static str = "lang";

    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Zh => "zh",
            Locale::Ja => "ja",
            Locale::Ko => "ko",
        }
    }

    /// The value of the HTML `lang` attribute, and the language the browser speaks a call in.
    pub fn html_lang(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Zh => "zh-CN",
            Locale::Ja => "ja",
            Locale::Ko => "ko",
        }
    }

    /// The language's own name, for the switcher.
    pub fn native_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::Zh => "中文",
            Locale::Ja => "日本語",
            Locale::Ko => "한국어",
        }
    }

    pub fn from_code(code: &str) -> Option<Locale> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" | "en-us" | "en-gb" => Some(Locale::En),
            "zh" | "zh-cn" | "zh-hans" => Some(Locale::Zh),
            "ja" | "ja-jp" => Some(Locale::Ja),
            "ko" | "ko-kr" => Some(Locale::Ko),
            _ => None,
        }
    }

    /// Whether the language writes East Asian script (its pages take no Latin words).
    pub fn is_cjk(self) -> bool {
        self != Locale::En
    }

    /// The languages a mail is written in, one after the other, for a reader who chose
    /// `chosen`: theirs first, then English (中文 and English both, whichever first; none known:
    /// 中文 then English, as before accounts kept a language).
    pub fn mail_languages(chosen: Option<Locale>) -> Vec<Locale> {
        match chosen {
            Some(Locale::Ja) => vec![Locale::Ja, Locale::En],
            Some(Locale::Ko) => vec![Locale::Ko, Locale::En],
            Some(Locale::En) => vec![Locale::En, Locale::Zh],
            Some(Locale::Zh) | None => vec![Locale::Zh, Locale::En],
        }
    }

    /// Picks the best of our languages from an Accept-Language header (highest q first;
    /// any zh-* counts as 中文, en-* as English, ja-* as 日本語, ko-* as 한국어). English when
    /// nothing matches.
    pub fn negotiate(accept_language: &str) -> Locale {
        let mut best: Option<(f32, Locale)> = None;
        for item in accept_language.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = parts
                .find_map(|p| p.trim().strip_prefix("q=").map(str::to_string))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            let locale = match primary {
                "zh" => Locale::Zh,
                "en" => Locale::En,
                "ja" => Locale::Ja,
                "ko" => Locale::Ko,
                _ => continue,
            };
            if quality > 0.0 && best.is_none_or(|(q, _)| quality > q) {
                best = Some((quality, locale));
            }
        }
        best.map(|(_, l)| l).unwrap_or(Locale::En)
    }

    fn langid(self) -> &'static LanguageIdentifier {
        match self {
            Locale::En => &EN,
            Locale::Zh => &ZH,
            Locale::Ja => &JA,
            Locale::Ko => &KO,
        }
    }

    /// The message `key` in this language.
    pub fn t(self, key: &str) -> String {
        LOCALES.lookup(self.langid(), key)
    }

    /// The message `key`, or None when the locale files have no such message.
    pub fn try_t(self, key: &str) -> Option<String> {
        LOCALES.try_lookup(self.langid(), key)
    }

    /// The message `key` with named arguments.
    pub fn t_args(self, key: &str, args: &[(&'static str, Arg<'_>)]) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Arg::Str(s) => FluentValue::from(s.to_string()),
                    Arg::Num(n) => FluentValue::from(*n),
                };
                (Cow::Borrowed(*name), value)
            })
            .collect();
        LOCALES.lookup_with_args(self.langid(), key, &map)
    }

    /// A message of the core in this language; arguments that are messages are said in it too.
    pub fn message(self, message: &Message) -> String {
        let map: HashMap<Cow<'static, str>, FluentValue> = message
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    MessageArg::Text(s) => FluentValue::from(s.clone()),
                    MessageArg::Number(n) => FluentValue::from(*n),
                    MessageArg::Message(inner) => FluentValue::from(self.message(inner)),
                };
                (name.clone(), value)
            })
            .collect();
        LOCALES.lookup_with_args(self.langid(), &message.key, &map)
    }

    /// A stored text in this language: a message the engine filed (see
    /// [`Message::to_stored`]) is said in it, words someone typed are shown as typed.
    pub fn stored_text(self, text: &str) -> String {
        match Message::from_stored(text) {
            Some(message) => self.message(&message),
            None => text.to_string(),
        }
    }

    /// A result as this language writes it (黑中盘胜, B+R, 黒中押し勝ち, 흑 불계승).
    pub fn result_text(self, result: &GameResult) -> String {
        match self {
            Locale::Zh => result.display_zh(),
            Locale::En => result.display_en(),
            Locale::Ja => result.display_ja(),
            Locale::Ko => result.display_ko(),
        }
    }

    /// A result as this language writes it for a game of `ruleset`: go's words for go
    /// (黑中盘胜, 持碁), the folk games' own (黑胜（对方认输）, 引き分け) for 五子棋 and the others.
    pub fn result_text_for(self, result: &GameResult, ruleset: &str) -> String {
        if crate::domain::tournament::event::is_folk_game(ruleset) {
            result.display_folk(match self {
                Locale::Zh => "zh",
                Locale::En => "en",
                Locale::Ja => "ja",
                Locale::Ko => "ko",
            })
        } else {
            self.result_text(result)
        }
    }

    /// A rank as this language writes it (5段, 1级; 5d, 1k; 1級; 3단); a text that is not a
    /// rank as typed.
    pub fn rank_text(self, text: &str) -> String {
        match crate::domain::rank::Rank::parse(text) {
            Ok(rank) => match self {
                Locale::Zh => rank.display_zh(),
                Locale::Ja => rank.display_ja(),
                Locale::Ko => rank.display_ko(),
                Locale::En => rank.to_string(),
            },
            Err(_) => text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The core says a message in English from the same locale file as the pages, with a reader
    /// of its own (the core cannot use the app's Fluent bundle): for every English message, with
    /// its arguments as numbers (0, 1, 2, 12: exact keys and plural categories) and as words,
    /// the two say the same.
    #[test]
    fn the_cores_english_is_the_pages() {
        let file = include_str!("../templates/locales/en-US/main.ftl");
        let mut checked = 0;
        for line in file.lines() {
            let Some((key, _)) = line.split_once(" =") else { continue };
            if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                continue;
            }
            // The arguments the message names, from its lines up to the next message.
            let start = file.find(line).unwrap_or(0);
            let body: String = file[start..]
                .lines()
                .enumerate()
                .take_while(|(i, l)| *i == 0 || l.starts_with(' ') || l.starts_with('}') || l.trim().is_empty())
                .map(|(_, l)| l)
                .collect::<Vec<_>>()
                .join("\n");
            let mut names: Vec<String> = body
                .split('$')
                .skip(1)
                .map(|rest| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect())
                .collect();
            names.sort();
            names.dedup();
            let mut variants: Vec<Vec<MessageArg>> =
                [0, 1, 2, 12].iter().map(|n| names.iter().map(|_| MessageArg::Number(*n)).collect()).collect();
            variants.push(names.iter().map(|n| MessageArg::Text(format!("‹{n}›"))).collect());
            for values in variants {
                let message = Message {
                    key: Cow::Owned(key.to_string()),
                    args: names.iter().cloned().map(Cow::Owned).zip(values).collect(),
                };
                assert_eq!(message.to_string(), Locale::En.message(&message), "{key} with {:?}", message.args);
                checked += 1;
            }
        }
        assert!(checked > 3000, "checked {checked}");
    }

    #[test]
    fn accept_language_picks_the_preferred_supported_language() {
        assert_eq!(Locale::negotiate("zh-CN,zh;q=0.9,en;q=0.8"), Locale::Zh);
        assert_eq!(Locale::negotiate("en-GB,en;q=0.9,zh;q=0.5"), Locale::En);
        assert_eq!(Locale::negotiate("fr-FR,fr;q=0.9,zh-TW;q=0.7,en;q=0.6"), Locale::Zh);
        assert_eq!(Locale::negotiate("de"), Locale::En);
        assert_eq!(Locale::negotiate(""), Locale::En);
        assert_eq!(Locale::negotiate("zh;q=0"), Locale::En);
        assert_eq!(Locale::negotiate("ja-JP,ja;q=0.9,en;q=0.8"), Locale::Ja);
        assert_eq!(Locale::negotiate("ko-KR,ko;q=0.9,en-US;q=0.8"), Locale::Ko);
        assert_eq!(Locale::negotiate("fr,ko;q=0.4,ja;q=0.5"), Locale::Ja);
    }

    fn keys_of(path: &str) -> BTreeSet<String> {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        text.lines()
            .filter(|l| !l.starts_with([' ', '#', '.', '\t', '[', '*', '}']) && l.contains(" ="))
            .filter_map(|l| l.split(" =").next().map(|k| k.trim().to_string()))
            .collect()
    }

    const FILES: [&str; 4] = [
        "templates/locales/en-US/main.ftl",
        "templates/locales/zh-CN/main.ftl",
        "templates/locales/ja-JP/main.ftl",
        "templates/locales/ko-KR/main.ftl",
    ];

    /// Acceptance (issue 27, item 3): no message is missing in any of the four languages.
    #[test]
    fn every_language_has_the_same_messages() {
        let en = keys_of(FILES[0]);
        assert!(en.len() > 50, "en-US has {} messages", en.len());
        for file in &FILES[1..] {
            let other = keys_of(file);
            let missing: Vec<_> = en.difference(&other).collect();
            let extra: Vec<_> = other.difference(&en).collect();
            assert!(missing.is_empty(), "missing in {file}: {missing:?}");
            assert!(extra.is_empty(), "in {file} but not in en-US: {extra:?}");
        }
    }

    /// Every file of the code and the pages, as one text (the locale files left out).
    fn code_text() -> String {
        let mut text = String::new();
        let mut stack: Vec<std::path::PathBuf> =
            ["templates", "src", "core/src", "static"].iter().map(Into::into).collect();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_none_or(|e| e != "ftl") {
                    text.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
                    text.push('\n');
                }
            }
        }
        text
    }

    /// Acceptance (issue 27, item 3): no message is unused. A message is used when the code or
    /// a page names it in quotes, another message refers to it, or the code builds its name
    /// from a prefix (`format!("ruleset-{code}")`: every `ruleset-…` message counts).
    #[test]
    fn no_message_is_unused() {
        let code = code_text();
        let messages = std::fs::read_to_string(FILES[0]).unwrap_or_default();
        let prefixes: Vec<String> = code
            .split('"')
            .filter_map(|piece| piece.split_once('{').map(|(prefix, _)| prefix))
            .filter(|prefix| prefix.ends_with('-') && prefix.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
            .map(str::to_string)
            .collect();
        // Every text that stands between two quotes, gathered once (a search of the whole code
        // for each key took 8 s): a key is named in quotes when it is one of them.
        let pieces: Vec<&str> = code.split('"').collect();
        let quoted: std::collections::HashSet<&str> =
            pieces.get(1..pieces.len().saturating_sub(1)).unwrap_or_default().iter().copied().collect();
        let unused: Vec<String> = keys_of(FILES[0])
            .into_iter()
            .filter(|key| !quoted.contains(key.as_str()))
            .filter(|key| !messages.contains(&format!("{{ {key} }}")))
            .filter(|key| !prefixes.iter().any(|p| key.starts_with(p.as_str())))
            .collect();
        assert!(unused.is_empty(), "messages no page or code uses: {unused:?}");
    }

    /// Every `t("key")` a template or the code uses, and every message the core names, must
    /// exist, or the page would show the bare key.
    #[test]
    fn every_key_used_in_templates_exists() {
        let en = keys_of("templates/locales/en-US/main.ftl");
        let mut missing = BTreeSet::new();
        let mut stack = vec![
            std::path::PathBuf::from("templates"),
            std::path::PathBuf::from("src"),
            std::path::PathBuf::from("core/src"),
        ];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for marker in [".t(\"", "{{ t(\"", ".t_args(\"", ".t_n(\"", ".t_s(\"", "Message::new(\""] {
                    for piece in text.split(marker).skip(1) {
                        if let Some(key) = piece.split('"').next()
                            && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                            && !en.contains(key)
                        {
                            missing.insert(format!("{}: {key}", path.display()));
                        }
                    }
                }
            }
        }
        assert!(missing.is_empty(), "keys used but not defined: {missing:?}");
    }

    #[test]
    fn lookups_work_in_both_languages() {
        assert_eq!(Locale::En.t("app-name"), "Yunzi");
        assert_eq!(Locale::Zh.t("app-name"), "云子");
        assert_eq!(Locale::En.t_args("round-n", &[("n", Arg::Num(3))]), "Round 3");
        assert_eq!(Locale::Zh.t_args("round-n", &[("n", Arg::Num(3))]), "第3轮");
        // One move, not "1 moves", on a live board's status line.
        assert_eq!(Locale::En.t_args("live-moves-n", &[("n", Arg::Num(1))]), "1 move");
        assert_eq!(Locale::En.t_args("live-moves-n", &[("n", Arg::Num(2))]), "2 moves");
        // The referee's calls as Japanese and Korean referees say them.
        assert_eq!(Locale::Ja.t_args("call-seconds", &[("n", Arg::Num(10))]), "10秒");
        assert_eq!(Locale::Ko.t_args("call-seconds", &[("n", Arg::Num(10))]), "10초");
        assert_eq!(Locale::Ja.t("app-name"), "云子");
        assert_eq!(Locale::Ko.t("app-name"), "윈쯔");
    }
}
