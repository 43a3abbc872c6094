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
    // The usual reading of each character; other characters as they are.
    let usual: Vec<String> =
        chars.iter().map(|c| c.to_pinyin().map_or_else(|| fold(&c.to_string()), |p| fold(p.plain()))).collect();
    let surname_readings: Vec<String> = chars
        .first()
        .and_then(|c| c.to_pinyin_multi())
        .map(|multi| multi.into_iter().map(|p| fold(p.plain())).collect())
        .unwrap_or_default();
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

    #[test]
    fn names_sort_by_their_romanisation() {
        assert_eq!(romanised("张伟"), "zhang wei");
        assert_eq!(romanised(" Zhang Wei "), "zhang wei");
        let mut names = ["Zhang Li", "艾米", "Élise Martin", "Dumont Louis", "柯洁", "Baek Ji-hee"];
        names.sort_by_key(|n| romanised(n));
        assert_eq!(names, ["艾米", "Baek Ji-hee", "Dumont Louis", "Élise Martin", "柯洁", "Zhang Li"]);
    }
}
