//! Finding a player by name as people type it at a venue: part of the name in characters
//! (明), in pinyin with or without spaces (ke jie, kejie), by the initials of the pinyin (kj),
//! or a Latin name in any case.
use pinyin::{ToPinyin, ToPinyinMulti};

/// The text of a query or a key, as compared: lower case, without spaces, apostrophes or
/// hyphens, ü written v (as Chinese keyboards do).
fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '\'' | '’' | '-' | '·' | '.'))
        .flat_map(char::to_lowercase)
        .map(|c| if c == 'ü' { 'v' } else { c })
        .collect()
}

/// The ways `name` may be typed: as written, its pinyin (each reading of the first character,
/// which is the surname's, and the usual reading of the others), and the pinyin's initials.
pub fn keys(name: &str) -> Vec<String> {
    let mut keys = vec![fold(name)];
    let chars: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
    if !chars.iter().any(|c| c.to_pinyin().is_some()) {
        return keys;
    }
    let (usual, surname_readings) = pinyin_of(&chars);
    keys.push(usual.concat());
    for reading in surname_readings {
        let mut spelled = usual.clone();
        if let Some(first) = spelled.first_mut() {
            *first = reading;
        }
        keys.push(spelled.concat());
    }
    keys.push(usual.iter().filter_map(|syllable| syllable.chars().next()).collect());
    keys.sort();
    keys.dedup();
    keys
}

/// The usual pinyin of each character (other characters as they are, folded), and every
/// reading of the first, which is the surname's.
fn pinyin_of(chars: &[char]) -> (Vec<String>, Vec<String>) {
    let usual = chars.iter().map(|c| c.to_pinyin().map_or_else(|| fold(&c.to_string()), |p| fold(p.plain()))).collect();
    let surname_readings = chars
        .first()
        .and_then(|c| c.to_pinyin_multi())
        .map(|multi| multi.into_iter().map(|p| fold(p.plain())).collect())
        .unwrap_or_default();
    (usual, surname_readings)
}

/// The name as a desk sorts it: Chinese characters in their usual pinyin, other letters
/// lower-cased without accents, so 张伟 and "Zhang Wei" sort together under Z, "Élise" under E.
pub fn romanised(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        match c.to_pinyin() {
            Some(p) => {
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str(p.plain());
            }
            None => out.push_str(&fold_accents(&c.to_string())),
        }
    }
    out
}

/// Whether `query` finds `name`: part of any of its keys. An empty query finds nothing.
pub fn finds(query: &str, name: &str) -> bool {
    let query = fold(query);
    !query.is_empty() && keys(name).iter().any(|key| key.contains(&query))
}

/// The spellings a word typed in a search box may find a name under, in another script: a
/// word in Han characters by its pinyin (each reading of the surname, the surname first or
/// last: 柯洁 finds "Ke Jie" and "Jie Ke"), a word in Hangul by its Revised Romanisation with
/// the surname as Korean names are usually spelt (김서연 finds "Kim Seoyeon" and "Gim Seoyeon"),
/// and German's `ue`, `oe`, `ae` as the umlaut they stand for (`mueller` finds Müller). Folded
/// as [`fold`] folds, the word itself first.
pub fn spellings(word: &str) -> Vec<String> {
    let mut out = vec![fold(word)];
    let chars: Vec<char> = word.chars().filter(|c| !c.is_whitespace()).collect();
    if chars.iter().any(|c| c.to_pinyin().is_some()) {
        let (usual, surnames) = pinyin_of(&chars);
        let rest = usual.get(1..).unwrap_or_default().concat();
        for surname in std::iter::once(usual.first().cloned().unwrap_or_default()).chain(surnames) {
            out.push(format!("{surname}{rest}"));
            if !rest.is_empty() {
                out.push(format!("{rest}{surname}"));
            }
        }
    }
    if chars.iter().any(|c| hangul_syllable(*c).is_some()) {
        let syllables: Vec<String> =
            chars.iter().map(|c| hangul_syllable(*c).unwrap_or_else(|| fold(&c.to_string()))).collect();
        let rest = syllables.get(1..).unwrap_or_default().concat();
        let first = chars.first().map(|c| c.to_string()).unwrap_or_default();
        let mut surnames: Vec<String> = korean_surname(&first).iter().map(|s| s.to_string()).collect();
        surnames.insert(0, syllables.first().cloned().unwrap_or_default());
        for surname in surnames {
            out.push(format!("{surname}{rest}"));
            if !rest.is_empty() {
                out.push(format!("{rest}{surname}"));
            }
        }
    }
    let folded = fold(word);
    if ["ue", "oe", "ae"].iter().any(|d| folded.contains(d)) {
        out.push(folded.replace("ue", "u").replace("oe", "o").replace("ae", "a"));
    }
    out.dedup();
    let mut seen = std::collections::HashSet::new();
    out.retain(|s| !s.is_empty() && seen.insert(s.clone()));
    out
}

/// A name in Han characters or Hangul as the federations' lists write it in Latin letters,
/// surname and given name each capitalised and written together: 王小明 is ("Wang",
/// "Xiaoming"), 欧阳明 ("Ouyang", "Ming"), 김서연 ("Kim", "Seoyeon"). None for a name in any other
/// script (a Japanese name in kana has no such reading here).
pub fn romanised_parts(name: &str) -> Option<(String, String)> {
    let (surname, given) = crate::names::split_name(name);
    let capitalised = |text: String| -> String {
        let mut chars = text.chars();
        chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
    };
    let syllables = |part: &str| -> Option<String> {
        part.chars()
            .map(|c| c.to_pinyin().map(|p| fold(p.plain())).or_else(|| hangul_syllable(c)))
            .collect::<Option<Vec<String>>>()
            .map(|all| all.concat())
    };
    if surname.is_empty() || given.is_empty() {
        return None;
    }
    let latin_surname = match korean_surname(&surname).first() {
        Some(usual) => usual.to_string(),
        None => syllables(&surname)?,
    };
    Some((capitalised(latin_surname), capitalised(syllables(&given)?)))
}

/// A Hangul syllable in the Revised Romanisation (syllable by syllable, as personal names are
/// written: 서연 is "seoyeon"); None for any other character.
fn hangul_syllable(c: char) -> Option<String> {
    const INITIALS: [&str; 19] =
        ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
    const VOWELS: [&str; 21] = [
        "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi", "yu",
        "eu", "ui", "i",
    ];
    const FINALS: [&str; 28] = [
        "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng",
        "t", "t", "k", "t", "p", "t",
    ];
    let code = u32::from(c).checked_sub(0xAC00).filter(|n| *n < 11_172)? as usize;
    let (initial, vowel, last) = (code / 588, code % 588 / 28, code % 28);
    Some(format!("{}{}{}", INITIALS.get(initial)?, VOWELS.get(vowel)?, FINALS.get(last)?))
}

/// How a Korean surname is usually spelt in Latin letters where that is not its Revised
/// Romanisation (김 is mostly "Kim", 이 "Lee", 박 "Park"), as on the federations' lists.
fn korean_surname(surname: &str) -> &'static [&'static str] {
    match surname {
        "김" => &["kim"],
        "이" => &["lee", "yi", "rhee"],
        "박" => &["park", "pak"],
        "최" => &["choi", "choe"],
        "정" => &["jung", "chung", "jeong"],
        "강" => &["kang"],
        "조" => &["cho", "jo"],
        "윤" => &["yoon", "yun"],
        "장" => &["jang", "chang"],
        "임" => &["lim", "im"],
        "오" => &["oh"],
        "서" => &["seo", "suh"],
        "신" => &["shin"],
        "권" => &["kwon"],
        "황" => &["hwang"],
        "안" => &["ahn"],
        "류" | "유" => &["ryu", "yoo", "yu"],
        "전" => &["jeon", "jun", "chun"],
        "고" => &["ko"],
        "문" => &["moon"],
        "손" => &["son", "sohn"],
        "백" => &["baek", "paek"],
        "허" => &["heo", "huh"],
        "심" => &["shim"],
        "노" => &["noh", "roh"],
        "곽" => &["kwak"],
        "성" => &["sung", "seong"],
        "주" => &["joo", "ju"],
        "우" => &["woo"],
        "구" => &["koo", "gu"],
        "엄" => &["um", "eom"],
        "천" => &["chun", "cheon"],
        "공" => &["kong"],
        "현" => &["hyun"],
        "변" => &["byun"],
        "목" => &["mok"],
        "경" => &["kyung", "gyeong"],
        "기" => &["ki"],
        "금" => &["keum"],
        "육" => &["yook"],
        "국" => &["kook"],
        _ => &[],
    }
}

/// Lower case without accents: "Gómez" is "gomez", "Łukasz" is "lukasz", "Straße" is "strasse".
pub fn fold_accents(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match plain_letters(c) {
            Some(plain) => folded.push_str(plain),
            None => folded.push(c),
        }
    }
    folded
}

/// The letters of a lower-case Latin letter without its accent; combining accents vanish.
fn plain_letters(c: char) -> Option<&'static str> {
    let plain = match c {
        '\u{300}'..='\u{36f}' => "",
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' | 'ǎ' => "a",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' => "o",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' | 'ǖ' | 'ǘ' | 'ǚ' | 'ǜ' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'ß' => "ss",
        'æ' => "ae",
        'œ' => "oe",
        'þ' => "th",
        _ => return None,
    };
    Some(plain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_and_korean_names_are_written_as_the_lists_write_them() {
        let parts = |name: &str| romanised_parts(name).map(|(s, g)| format!("{s} {g}"));
        assert_eq!(parts("王小明").as_deref(), Some("Wang Xiaoming"));
        assert_eq!(parts("欧阳明").as_deref(), Some("Ouyang Ming"));
        assert_eq!(parts("柯洁").as_deref(), Some("Ke Jie"));
        assert_eq!(parts("김서연").as_deref(), Some("Kim Seoyeon"));
        assert_eq!(parts("신진서").as_deref(), Some("Shin Jinseo"));
        assert_eq!(parts("Chen Yaoye"), None);
        assert_eq!(parts("井山ゆうた"), None);
    }

    #[test]
    fn characters_pinyin_initials_and_latin_names_find_a_player() {
        for query in ["柯洁", "洁", "kejie", "Ke Jie", "ke", "jie", "kj"] {
            assert!(finds(query, "柯洁"), "{query}");
        }
        for query in ["mi yu ting", "miyuting", "yuting", "芈昱"] {
            assert!(finds(query, "芈昱廷"), "{query}");
        }
        // A surname with two readings is found by either (曾 zeng, ceng).
        assert!(finds("zeng", "曾庆") && finds("ceng", "曾庆"));
        assert!(finds("lv", "吕明"), "ü is typed v");
        assert!(finds("dumont", "Dumont Louis") && finds("louis", "Dumont Louis"));
        assert!(!finds("", "柯洁") && !finds("  ", "柯洁"));
        assert!(!finds("shin", "柯洁") && !finds("kx", "柯洁"));
    }

    /// Issue 49, item 4: a name typed in another script finds the list's spelling.
    #[test]
    fn a_word_in_another_script_has_the_lists_spellings() {
        let of = |word: &str| spellings(word);
        assert!(
            of("柯洁").contains(&"kejie".to_string()) && of("柯洁").contains(&"jieke".to_string()),
            "{:?}",
            of("柯洁")
        );
        assert!(
            of("曾").contains(&"ceng".to_string()) && of("曾").contains(&"zeng".to_string()),
            "the surname's readings"
        );
        let kim = of("김서연");
        for spelt in ["gimseoyeon", "kimseoyeon", "seoyeonkim"] {
            assert!(kim.contains(&spelt.to_string()), "{spelt}: {kim:?}");
        }
        assert_eq!(hangul_syllable('신').as_deref(), Some("sin"));
        assert_eq!(hangul_syllable('진').as_deref(), Some("jin"));
        assert_eq!(hangul_syllable('혁').as_deref(), Some("hyeok"));
        assert!(of("이세돌").contains(&"leesedol".to_string()), "{:?}", of("이세돌"));
        assert!(of("박정환").contains(&"parkjeonghwan".to_string()));
        assert_eq!(of("mueller"), ["mueller", "muller"]);
        assert_eq!(of("Goethe"), ["goethe", "gothe"]);
        assert_eq!(of("zhang"), ["zhang"], "a Latin word stays itself");
    }

    #[test]
    fn names_sort_by_their_romanisation() {
        assert_eq!(romanised("张伟"), "zhang wei");
        assert_eq!(romanised(" Zhang Wei "), "zhang wei");
        let mut names = ["Zhang Li", "艾米", "Élise Martin", "Dumont Louis", "柯洁", "Baek Ji-hee"];
        names.sort_by_key(|n| romanised(n));
        assert_eq!(names, ["艾米", "Baek Ji-hee", "Dumont Louis", "Élise Martin", "柯洁", "Zhang Li"]);
    }
}
