//! Presenters: the one place that turns what the services return — results, points,
//! tie-break values, cross-table cells, knockout games, a draft's warnings — into text in the
//! reader's language. Handlers build their pages with these; templates print what they are
//! given.
use crate::domain::color::Color;
use crate::domain::result::GameResult;
use crate::domain::tournament::standings::{TieBreak, Tradition, points_text, value_text};
use crate::i18n::{Arg, Locale};
use crate::services::rounds::DraftWarning;
use crate::services::standings::{CellOutcome, CrossCell, MatchGame, StandingView};

/// Half-points as points: 3 → "1½".
pub fn points(half_points: i64) -> String {
    points_text(half_points)
}

/// A whole number with its thousands grouped by commas: OpenGotha's weights run to 10¹⁵.
pub fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A komi of `half_points` in the unit its rule set counts in and the reader's words: 3¾子 or
/// "3¾ stones" under the Chinese rules, 6.5目 or "6.5 points" under the Japanese. The form
/// reads either back.
pub fn komi(locale: Locale, ruleset: &str, half_points: i32) -> String {
    let in_stones = crate::domain::games::go::ruleset::Ruleset::preset(ruleset).is_some_and(|r| r.count_in_stones);
    match crate::domain::komi::Komi::from_half_points(half_points) {
        Ok(k) => komi_in(locale, k, in_stones),
        Err(_) => half_points.to_string(),
    }
}

/// A komi in stones (`in_stones`) or points, in the reader's words.
pub fn komi_in(locale: Locale, komi: crate::domain::komi::Komi, in_stones: bool) -> String {
    // One stone or less is "stone" in English; the number is given as text (3¾).
    let (key, number) = if in_stones {
        let key = if komi.half_points().abs() > 4 { "komi-stones" } else { "komi-stone" };
        (key, komi.display_stones().trim_end_matches('子').to_string())
    } else {
        ("komi-points", komi.display_points())
    };
    locale.t_args(key, &[("n", Arg::Str(&number))])
}

pub use crate::domain::tournament::event::{local_time, local_time_exact};

/// A date in the reader's order: 2026年11月26日 in 日本語, 2026년 11월 26일 in 한국어; 中文 and
/// English pages keep the ISO form (2026-11-26) their tables and forms use.
pub fn date(locale: Locale, date: chrono::NaiveDate) -> String {
    use chrono::Datelike;
    let (y, m, d) = (date.year(), date.month(), date.day());
    match locale {
        Locale::Ja => format!("{y}年{m}月{d}日"),
        Locale::Ko => format!("{y}년 {m}월 {d}일"),
        Locale::Zh | Locale::En => date.to_string(),
    }
}

/// A rank as the reader's language writes it: 5段, 1级, 职业9段 in 中文; 5d, 1k, 9p in English.
/// A text that is not a rank is shown as typed.
pub fn rank(locale: Locale, text: &str) -> String {
    locale.rank_text(text)
}

/// An article of the rules as the reader's language cites it: "1988 Art. 21.3" stays so in
/// English and is 1988年规则第21条第3款 in 中文; "Art. 17.3–17.4" is 第17条第3款至第4款;
/// several ("1988 Art. 15, 24; 1988 Art. 25.2") are each turned.
pub fn article(locale: Locale, text: &str) -> String {
    // How the language cites an article, a paragraph, a range, a list, a year's rules.
    struct Citing {
        article: fn(&str) -> String,
        paragraph: fn(&str) -> String,
        up_to: &'static str,
        list: &'static str,
        year: fn(&str) -> String,
        parts: &'static str,
        /// A rule set's supplementary rules (the Korean rules' 补充规定).
        supplementary: &'static str,
    }
    let citing = match locale {
        Locale::En => return text.to_string(),
        Locale::Zh => Citing {
            article: |a| format!("第{a}条"),
            paragraph: |p| format!("第{p}款"),
            up_to: "至",
            list: "、",
            year: |y| format!("{y}年规则"),
            parts: "；",
            supplementary: "补充规定",
        },
        Locale::Ja => Citing {
            article: |a| format!("第{a}条"),
            paragraph: |p| format!("第{p}項"),
            up_to: "から",
            list: "、",
            year: |y| format!("{y}年規則"),
            parts: "；",
            supplementary: "補充規定",
        },
        Locale::Ko => Citing {
            article: |a| format!("제{a}조"),
            paragraph: |p| format!(" 제{p}항"),
            up_to: "~",
            list: ", ",
            year: |y| format!("{y}년 규칙 "),
            parts: "; ",
            supplementary: "보충 규정 ",
        },
    };
    let clause = |reference: &str| -> String {
        match (reference.split_once('.'), reference.split_once('-')) {
            (Some((article, paragraph)), _) => {
                format!("{}{}", (citing.article)(article), (citing.paragraph)(paragraph))
            }
            // The Japanese rules number their paragraphs 9-3 (第9条-3).
            (None, Some((article, paragraph))) => format!("{}-{paragraph}", (citing.article)(article)),
            (None, None) => (citing.article)(reference),
        }
    };
    // A text other than the Chinese rules of a year: "Japanese 1989" → its name.
    let text_name = |prefix: &str| -> Option<String> {
        let (prefix, supplementary) = match prefix.strip_suffix(" Supp.") {
            Some(text) => (text, citing.supplementary),
            None => (prefix, ""),
        };
        let edition = crate::domain::referee::Edition::of_prefix(prefix)?;
        Some(format!("{}{supplementary}", locale.t(&format!("ruleset-{}", edition.ruleset()))))
    };
    let citation = |part: &str| -> String {
        let part = part.trim();
        let (year, text, rest) = match part.split_once(" Art. ") {
            Some((year, rest)) if year.chars().all(|c| c.is_ascii_digit()) => (Some(year), None, rest),
            Some((prefix, rest)) if text_name(prefix).is_some() => (None, text_name(prefix), rest),
            _ => (None, None, part.strip_prefix("Art. ").unwrap_or(part)),
        };
        let references: Vec<String> = rest
            .split(',')
            .map(str::trim)
            .map(|reference| match reference.split_once('–') {
                Some((from, to)) => {
                    let to_paragraph = to.split_once('.').map_or(to, |(_, p)| p);
                    format!("{}{}{}", clause(from), citing.up_to, (citing.paragraph)(to_paragraph).trim_start())
                }
                None => clause(reference),
            })
            .collect();
        let cited = references.join(citing.list);
        match (year, text) {
            (Some(year), _) => format!("{}{cited}", (citing.year)(year)),
            (None, Some(text)) => format!("{text}{cited}"),
            (None, None) => cited,
        }
    };
    text.split(';').map(citation).collect::<Vec<_>>().join(citing.parts)
}

/// What a knockout match is called, in the reader's language: 决赛, 半决赛, 16强 …
pub fn stage_name(locale: Locale, stage: &crate::domain::tournament::pairing::knockout::StageName) -> String {
    use crate::domain::tournament::pairing::knockout::StageName;
    let with = |key: &str, n: u32| locale.t_args(key, &[("n", Arg::Num(n.into()))]);
    match *stage {
        StageName::Final => locale.t("stage-final"),
        StageName::SemiFinal => locale.t("stage-semi-final"),
        StageName::QuarterFinal => locale.t("stage-quarter-final"),
        StageName::RoundOf(n) => with("stage-round-of", n),
        StageName::ThirdPlace => locale.t("stage-third-place"),
        StageName::Winners(n) => with("stage-winners", n),
        StageName::Losers(n) => with("stage-losers", n),
        StageName::GrandFinal => locale.t("stage-grand-final"),
        StageName::Group(n) => with("stage-group", n),
        StageName::Mixed => locale.t("stage-mixed"),
    }
}

/// A rule set's name in the reader's language ("中国围棋竞赛规则（1988）").
pub fn ruleset_name(locale: Locale, code: &str) -> String {
    locale.t(&format!("ruleset-{code}"))
}

/// A result as the reader's language writes it ("黑中盘胜", "B+R").
pub fn result(locale: Locale, result: &GameResult, ruleset: &str) -> String {
    locale.result_text_for(result, ruleset)
}

/// A cross-table cell as printed tables write it: "3b+" = against the player numbered 3, with
/// black, won ("=" drawn, "-" lost, "+!" / "-!" won or lost without play, "×" void, "?" not
/// yet played); a bye; blank when not paired.
pub fn cross_cell(locale: Locale, cell: &CrossCell) -> String {
    match cell {
        CrossCell::NotPaired => String::new(),
        CrossCell::Bye => locale.t("bye"),
        CrossCell::Game { opponent, colour, outcome } => {
            let colour = match colour {
                Color::Black => 'b',
                Color::White => 'w',
            };
            let outcome = match outcome {
                CellOutcome::Pending => "?",
                CellOutcome::NoResult => "×",
                CellOutcome::Won => "+",
                CellOutcome::Drawn => "=",
                CellOutcome::Lost => "-",
                CellOutcome::WonByForfeit => "+!",
                CellOutcome::LostByForfeit => "-!",
            };
            format!("{opponent}{colour}{outcome}")
        }
    }
}

/// A row's tie-break values, one per column, as the table's tradition writes them.
/// An event's time control in the reader's language (a text that is not one, as typed).
pub fn time_control(locale: Locale, text: &str) -> String {
    match crate::domain::clock::TimeControl::parse(text) {
        Ok(Some(control)) => time_control_of(locale, control),
        _ => text.to_string(),
    }
}

/// A time control in the reader's language.
pub fn time_control_of(locale: Locale, control: crate::domain::clock::TimeControl) -> String {
    match locale {
        Locale::Zh => control.display_zh(),
        Locale::En => control.display_en(),
        Locale::Ja => control.display_ja(),
        Locale::Ko => control.display_ko(),
    }
}

/// A criterion's column title in the reader's language.
pub fn tie_break_name(locale: Locale, tie_break: TieBreak) -> String {
    locale.t(match tie_break {
        TieBreak::Points => "points",
        TieBreak::McMahonScore => "mms",
        TieBreak::Sos => "sos",
        TieBreak::Sosos => "sosos",
        TieBreak::Sodos => "sodos",
        TieBreak::Cumulative => "cumulative",
        TieBreak::DirectEncounter => "direct-encounter",
        TieBreak::Wins => "wins",
    })
}

pub fn tie_break_values(row: &StandingView, columns: &[TieBreak], tradition: Tradition) -> Vec<String> {
    columns.iter().zip(&row.values).map(|(&column, &value)| value_text(value, column, tradition)).collect()
}

/// A knockout game: "Black – White result", or for a team match "Team A 2 – 1 Team B".
pub fn match_game(locale: Locale, game: &MatchGame, ruleset: &str) -> String {
    match game.team_points {
        Some((a, b)) => format!("{} {a} – {b} {}", game.black, game.white),
        None => {
            let outcome = game.result.map(|r| locale.result_text_for(&r, ruleset)).unwrap_or_default();
            format!("{} – {} {outcome}", game.black, game.white).trim_end().to_string()
        }
    }
}

/// What a director should check in a draft, as a sentence.
pub fn draft_warning(locale: Locale, warning: &DraftWarning) -> String {
    match warning {
        DraftWarning::Rematch { board, a, b } => locale
            .t_args("warning-rematch", &[("board", Arg::Num((*board).into())), ("a", Arg::Str(a)), ("b", Arg::Str(b))]),
        DraftWarning::Colour { board, name, colour, excess } => locale.t_args(
            "warning-colour",
            &[
                ("board", Arg::Num((*board).into())),
                ("name", Arg::Str(name)),
                ("colour", Arg::Str(&locale.t(colour.as_str()))),
                ("n", Arg::Num(*excess)),
            ],
        ),
        DraftWarning::SecondBye { name } => locale.t_args("warning-second-bye", &[("name", Arg::Str(name))]),
        DraftWarning::NotPaired { names } => locale.t_args(
            "warning-not-paired",
            &[("n", Arg::Num(names.len() as i64)), ("names", Arg::Str(&names.join(&locale.t("list-separator"))))],
        ),
        DraftWarning::Forbidden { board, a, b } => locale.t_args(
            "warning-forbidden",
            &[("board", Arg::Num((*board).into())), ("a", Arg::Str(a)), ("b", Arg::Str(b))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::result::Margin;

    #[test]
    fn big_weights_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(-1_234_567), "-1,234,567");
        assert_eq!(grouped(500_000_000_000_000), "500,000,000,000,000");
    }

    #[test]
    fn times_are_shown_in_the_events_time_zone() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-12-05T01:30:00Z")
            .map(|t| t.with_timezone(&chrono::Utc))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(local_time(&at, "Asia/Shanghai"), "2026-12-05 09:30 UTC+08:00");
        assert_eq!(local_time(&at, "Europe/Amsterdam"), "2026-12-05 02:30 UTC+01:00");
        assert_eq!(local_time(&at, "Mars/Olympus"), "2026-12-05 01:30 UTC+00:00");
        assert_eq!(local_time_exact(&at, "Asia/Shanghai"), "2026-12-05 09:30:00 UTC+08:00");
    }

    #[test]
    fn articles_are_cited_in_the_readers_language() {
        assert_eq!(article(Locale::En, "1988 Art. 21.3"), "1988 Art. 21.3");
        assert_eq!(article(Locale::Zh, "1988 Art. 21.3"), "1988年规则第21条第3款");
        assert_eq!(article(Locale::Zh, "2002 Art. 23"), "2002年规则第23条");
        assert_eq!(article(Locale::Ja, "1988 Art. 21.3"), "1988年規則第21条第3項");
        assert_eq!(article(Locale::Ko, "1988 Art. 21.3"), "1988년 규칙 제21조 제3항");
        assert_eq!(article(Locale::Ko, "1988 Art. 17.3–17.4"), "1988년 규칙 제17조 제3항~제4항");
        assert_eq!(rank(Locale::Ja, "1k"), "1級");
        assert_eq!(rank(Locale::Ko, "3d"), "3단");
        assert_eq!(
            article(Locale::Zh, "1988 Art. 15, 24; 1988 Art. 25.2"),
            "1988年规则第15条、第24条；1988年规则第25条第2款"
        );
        assert_eq!(article(Locale::Zh, "1988 Art. 17.3–17.4"), "1988年规则第17条第3款至第4款");
        // Each rule set's own text, by its name.
        assert_eq!(article(Locale::Zh, "Japanese 1989 Art. 14"), "日本围棋规约（1989）第14条");
        assert_eq!(article(Locale::Zh, "Japanese 1989 Art. 9-3, 13-1"), "日本围棋规约（1989）第9条-3、第13条-1");
        assert_eq!(article(Locale::Zh, "Korean 1992 Supp. Art. 4.1"), "韩国围棋规则（1992）补充规定第4条第1款");
        assert_eq!(article(Locale::En, "AGA Art. 8"), "AGA Art. 8");
    }

    #[test]
    fn ranks_are_written_in_the_readers_language() {
        assert_eq!(rank(Locale::Zh, "5d"), "5段");
        assert_eq!(rank(Locale::Zh, "1k"), "1级");
        assert_eq!(rank(Locale::Zh, "9p"), "职业9段");
        assert_eq!(rank(Locale::En, "3段"), "3d");
        assert_eq!(rank(Locale::En, "?"), "?");
    }

    #[test]
    fn komi_is_written_in_its_rule_sets_unit() {
        assert_eq!(komi(Locale::Zh, "chinese-1988", 15), "3¾子");
        assert_eq!(komi(Locale::En, "chinese-1988", 15), "3¾ stones");
        assert_eq!(komi(Locale::En, "chinese-1988", 3), "¾ stone");
        assert_eq!(komi(Locale::Zh, "japanese-1989", 13), "6.5目");
        assert_eq!(komi(Locale::En, "aga", 15), "7.5 points");
        for text in [komi(Locale::En, "chinese-2002", 15), komi(Locale::Zh, "japanese-1989", 13)] {
            assert!(crate::domain::komi::Komi::parse(&text).is_ok(), "{text} reads back");
        }
    }

    #[test]
    fn every_rule_set_has_a_name_in_each_language() {
        for code in crate::domain::games::go::ruleset::PRESET_NAMES {
            for locale in [Locale::En, Locale::Zh] {
                let name = ruleset_name(locale, code);
                assert!(!name.is_empty() && !name.contains("ruleset-"), "{code} in {locale:?}: {name}");
            }
        }
        assert_eq!(ruleset_name(Locale::Zh, "chinese-1988"), "中国围棋竞赛规则（1988）");
    }

    #[test]
    fn cross_table_cells_read_as_printed_tables_write_them() {
        let game = |outcome| CrossCell::Game { opponent: 3, colour: Color::Black, outcome };
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::Won)), "3b+");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::Drawn)), "3b=");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::Lost)), "3b-");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::NoResult)), "3b×");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::Pending)), "3b?");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::WonByForfeit)), "3b+!");
        assert_eq!(cross_cell(Locale::En, &game(CellOutcome::LostByForfeit)), "3b-!");
        let white = CrossCell::Game { opponent: 12, colour: Color::White, outcome: CellOutcome::Won };
        assert_eq!(cross_cell(Locale::En, &white), "12w+");
        assert_eq!(cross_cell(Locale::En, &CrossCell::NotPaired), "");
        assert_eq!(cross_cell(Locale::En, &CrossCell::Bye), Locale::En.t("bye"));
        assert_eq!(cross_cell(Locale::Zh, &CrossCell::Bye), Locale::Zh.t("bye"));
    }

    #[test]
    fn knockout_games_name_both_sides_and_the_result() {
        let won = GameResult::Win { winner: Color::White, margin: Margin::Resignation };
        let game = MatchGame { black: "Li".into(), white: "Wang".into(), result: Some(won), team_points: None };
        assert_eq!(
            match_game(Locale::En, &game, "chinese-1988"),
            format!("Li – Wang {}", Locale::En.result_text(&won))
        );
        let pending = MatchGame { result: None, ..game };
        assert_eq!(match_game(Locale::En, &pending, "chinese-1988"), "Li – Wang");
        let team = MatchGame { black: "A".into(), white: "B".into(), result: None, team_points: Some((2, 1)) };
        assert_eq!(match_game(Locale::Zh, &team, "chinese-1988"), "A 2 – 1 B");
    }

    #[test]
    fn draft_warnings_are_sentences_in_the_readers_language() {
        let rematch = DraftWarning::Rematch { board: 4, a: "Li".into(), b: "Wang".into() };
        for locale in [Locale::En, Locale::Zh] {
            let text = draft_warning(locale, &rematch);
            assert!(text.contains("Li") && text.contains("Wang") && text.contains('4'), "{text}");
        }
        let colour = DraftWarning::Colour { board: 2, name: "Li".into(), colour: Color::White, excess: 3 };
        assert!(draft_warning(Locale::Zh, &colour).contains(&Locale::Zh.t("white")));
        assert!(draft_warning(Locale::En, &DraftWarning::SecondBye { name: "Li".into() }).contains("Li"));
        let forbidden = DraftWarning::Forbidden { board: 3, a: "Li".into(), b: "Wang".into() };
        assert!(draft_warning(Locale::En, &forbidden).contains("Board 3: Li and Wang are a pair you forbade"));
        assert!(draft_warning(Locale::Zh, &forbidden).contains("第3台"));
    }
}
