//! A player's name in its parts, as files and searches need them: surname and given name
//! split and joined the way each script writes them (柯洁 without a space, "Dumont Louis"
//! with one). Used by the tournament's files (OpenGotha keeps the two apart) and by the search.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
