//! Every reader of outside input against inputs of up to 1 MB: hostile shapes grown to size,
//! real files mutated and grown, and random text. Each call must end with a result or a clear
//! error (never a panic), and the slowest call of each reader is the figure (goal: under 1 s).
//!
//! Run: `cargo bench --bench readers` (release build). Exit status 1 if a call panicked or took
//! a second or more. Readers, each called as its command or page calls it:
//! - SGF: `yunzi score --dead auto` on the file (read, parse, replay, dead-stone proposal, count);
//! - CSV: the registration page's player import (`players::parse_csv`);
//! - OpenGotha XML: the new-event import and `yunzi pair` (`opengotha::parse`);
//! - Yunzi JSON: `yunzi pair`'s pairing file (`pairing_file::read`).
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use yunzi::domain::tournament::interop::opengotha;
use yunzi::services::records::{self, DeadStones};
use yunzi::services::{pairing_file, players};

#[path = "../tests/it/random_record.rs"]
mod random_record;
use random_record::random_record;

/// Inputs stay under this many bytes.
const MEGABYTE: usize = 1 << 20;
/// The sizes every growable shape is built at.
const SIZES: [usize; 5] = [1_000, 16_000, 128_000, 512_000, MEGABYTE - 1];
/// Mutated real files and random texts per reader.
const MUTANTS: usize = 120;

/// xorshift64: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// `text` cut to fewer than `size` bytes, at a character boundary.
fn cut(mut text: String, size: usize) -> String {
    let mut end = text.len().min(size.min(MEGABYTE - 1));
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

/// `head`, then `unit` as often as fits in `size` with `tail`, then `tail`.
fn repeat(head: &str, unit: &str, tail: &str, size: usize) -> String {
    let room = size.min(MEGABYTE - 1).saturating_sub(head.len() + tail.len());
    format!("{head}{}{tail}", unit.repeat(room / unit.len().max(1)))
}

/// Random text from `alphabet`.
fn random_text(rng: &mut Rng, alphabet: &[&str], size: usize) -> String {
    let mut out = String::with_capacity(size);
    while out.len() < size {
        out.push_str(alphabet[rng.below(alphabet.len())]);
    }
    cut(out, size)
}

/// A real input changed at random: bytes replaced, pieces deleted, pieces copied elsewhere
/// (so it grows), up to `size`.
fn mutate(rng: &mut Rng, seed: &str, alphabet: &[&str], size: usize) -> String {
    let mut text: Vec<char> = seed.chars().collect();
    let edits = 1 + rng.below(40);
    for _ in 0..edits {
        if text.is_empty() {
            break;
        }
        let at = rng.below(text.len());
        match rng.below(4) {
            0 => {
                let replacement: Vec<char> = alphabet[rng.below(alphabet.len())].chars().collect();
                text.splice(at..(at + 1).min(text.len()), replacement);
            }
            1 => {
                let end = (at + rng.below(64)).min(text.len());
                text.drain(at..end);
            }
            _ => {
                let end = (at + 1 + rng.below(400)).min(text.len());
                let piece: Vec<char> = text[at..end].to_vec();
                let most = if rng.below(8) == 0 { 5_000 } else { 8 };
                let copies = 1 + rng.below(most);
                let to = rng.below(text.len());
                let grown: Vec<char> = piece.iter().copied().cycle().take(piece.len() * copies).collect();
                text.splice(to..to, grown);
            }
        }
        if text.len() > size {
            text.truncate(size);
        }
    }
    cut(text.into_iter().collect(), size)
}

/// A named input for one reader.
struct Case {
    shape: String,
    text: String,
}

fn case(shape: impl Into<String>, text: String) -> Case {
    Case { shape: shape.into(), text }
}

fn sgf_cases(rng: &mut Rng) -> Vec<Case> {
    let mut cases = Vec::new();
    let real = [
        include_str!("../tests/sgf/count-9x9.sgf").to_string(),
        include_str!("../tests/sgf/triple-ko.sgf").to_string(),
        random_record(1, 19, 300),
        random_record(2, 25, 2_000),
    ];
    cases.push(case(
        "the issue's 21 KB file (AB[aa:ss] 3,000 times)",
        include_str!("../tests/sgf/hostile-repeated-range-values.sgf").into(),
    ));
    cases.push(case("AB[aa:ss] as 3,000 properties", include_str!("../tests/sgf/hostile-repeated-ranges.sgf").into()));
    // The most setup work the limits allow in one node: 198 properties of 1,000 board-wide ranges.
    let node = format!("AB{}", "[aa:yy]".repeat(1_000));
    cases.push(case(
        "one node of board-wide ranges, at the limits",
        cut(format!("(;SZ[25]{})", node.repeat(140)), MEGABYTE - 2) + ")",
    ));
    for size in SIZES {
        cases.push(case(format!("AB[aa:ss] repeated, {size} B"), repeat("(;GM[1]SZ[19]", "AB[aa:ss]", ")", size)));
        cases.push(case(format!("[aa:ss] values repeated, {size} B"), repeat("(;GM[1]SZ[19]AB", "[aa:ss]", ")", size)));
        // Setup nodes filling and clearing a 25×25 board, as many as fit.
        cases.push(case(
            format!("setup nodes filling and clearing the board, {size} B"),
            repeat("(;SZ[25]", ";AB[aa:yy];AE[aa:yy];AW[aa:yy];AE[aa:mm]", ")", size),
        ));
        cases.push(case(format!("passes, {size} B"), repeat("(;SZ[19]", ";B[];W[]", ")", size)));
        cases
            .push(case(format!("moves on an occupied point, {size} B"), repeat("(;SZ[19]", ";B[aa];W[aa]", ")", size)));
        cases.push(case(format!("nesting off the main line, {size} B"), {
            let depth = size.saturating_sub(8) / 3;
            format!("(;(;){}{})", "(;".repeat(depth), ")".repeat(depth))
        }));
        cases.push(case(format!("nesting on the main line, {size} B"), {
            let depth = size.saturating_sub(4) / 3;
            format!("(;{}{})", "(;".repeat(depth), ")".repeat(depth))
        }));
        cases.push(case(format!("sibling variations, {size} B"), repeat("(;B[aa]", "(;W[bb];B[cc])", ")", size)));
        cases.push(case(format!("an escaped comment, {size} B"), repeat("(;C[", "\\]\\\\", "])", size)));
        cases.push(case(format!("a comment of Chinese, {size} B"), repeat("(;C[", "围棋", "])", size)));
        cases.push(case(format!("unknown properties, {size} B"), repeat("(;", "XX[a]YY[b]", ")", size)));
        cases
            .push(case(format!("an unclosed value after many lines, {size} B"), repeat("(;SZ[19]", "\n", "C[x", size)));
        cases.push(case(
            format!("a bad move at the end of many lines, {size} B"),
            repeat("(;SZ[19]", "\r\n", ";B[zz])", size),
        ));
        cases.push(case(format!("a real game with a long comment, {size} B"), {
            let game = random_record(3, 25, 2_000);
            let comment = "好".repeat(size.saturating_sub(game.len() + 8) / 3);
            game.replacen("(;", &format!("(;C[{comment}]"), 1)
        }));
    }
    let alphabet = [
        "(", ")", ";", "[", "]", "\\", ":", "B", "W", "AB", "AW", "AE", "SZ", "KM", "aa", "ss", "yy", "tt", " ", "\n",
        "19", "25", "C", "围",
    ];
    for i in 0..MUTANTS {
        let size = SIZES[rng.below(SIZES.len())];
        let seed = &real[i % real.len()];
        cases.push(case(format!("mutated real record {}", i % real.len()), mutate(rng, seed, &alphabet, size)));
        cases.push(case("random SGF-like text", random_text(rng, &alphabet, size)));
    }
    cases
}

fn csv_cases(rng: &mut Rng) -> Vec<Case> {
    let mut cases = Vec::new();
    // Whole lines of players while they fit in `size` (past 5,000 the import refuses the file).
    let valid = |size: usize| {
        let mut out = String::from("name,rank,rating,club,country,email\n");
        let mut line = String::new();
        for i in 0.. {
            line.clear();
            let _ =
                writeln!(line, "Player {i},{}k,{},Club {},CN,p{i}@example.org", 1 + i % 30, 1000 + i % 1500, i % 97);
            if out.len() + line.len() >= size {
                break;
            }
            out.push_str(&line);
        }
        out
    };
    let real = [valid(2_000), "姓名,段位,俱乐部\n张三,3段,北京\n李四,1级,上海\n".to_string()];
    for size in SIZES {
        cases.push(case(format!("valid players, {size} B"), valid(size)));
        cases.push(case(
            format!("the same player on every line, {size} B"),
            repeat("name,rank\n", "Li Wei,3d\n", "", size),
        ));
        cases.push(case(format!("one enormous name, {size} B"), repeat("name,rank\n", "x", ",3d\n", size)));
        cases.push(case(format!("columns without end, {size} B"), repeat("", "name,rank,", "\n", size)));
        cases.push(case(
            format!("a quoted field over many lines, {size} B"),
            repeat("name,rank\n\"", "a\n", "\",3d\n", size),
        ));
        cases.push(case(format!("blank lines, {size} B"), repeat("name,rank\n", ",\n", "", size)));
        cases.push(case(format!("bad ranks, {size} B"), repeat("名字;棋力\n", "王;99段\n", "", size)));
    }
    let alphabet =
        [",", ";", "\t", "\"", "\n", "\r\n", "name", "rank", "3d", "5k", "段", "级", "张", "@", "x", " ", "\u{feff}"];
    for i in 0..MUTANTS {
        let size = SIZES[rng.below(SIZES.len())];
        cases.push(case("mutated real CSV", mutate(rng, &real[i % real.len()], &alphabet, size)));
        cases.push(case("random CSV-like text", random_text(rng, &alphabet, size)));
    }
    cases
}

fn opengotha_cases(rng: &mut Rng) -> Vec<Case> {
    let mut cases = Vec::new();
    let real = [
        include_str!("../tests/opengotha/2024-Toulouse_3511.xml"),
        include_str!("../tests/opengotha/Coupe_Confucius_2018.xml"),
        include_str!("../tests/opengotha/notsimplemm.xml"),
    ];
    cases.push(case(
        "the issue's 9 KB file (round 465536)",
        include_str!("../tests/opengotha/hostile-round-465536.xml").into(),
    ));
    // A whole event: players, then games round by round, as large as fits.
    let event = |size: usize| {
        let players = (size / 400).max(2);
        let mut out = String::from("<?xml version=\"1.0\"?>\n<Tournament fullVersionNumber=\"3.51.02\">\n<Players>\n");
        for i in 0..players {
            let _ = writeln!(
                out,
                "<Player name=\"P{i}\" firstName=\"F\" rank=\"{}K\" rating=\"{}\" club=\"C{}\" country=\"FR\" participating=\"11111111111111111111\" registeringStatus=\"FIN\"/>",
                1 + i % 30,
                100 + i % 2000,
                i % 50
            );
        }
        out.push_str("</Players>\n<Games>\n");
        'rounds: for round in 1..=30 {
            for table in 0..players / 2 {
                if out.len() + 300 > size {
                    break 'rounds;
                }
                let (a, b) = ((table * 2 + round) % players, (table * 2 + 1 + round) % players);
                let _ = writeln!(
                    out,
                    "<Game blackPlayer=\"P{a}F\" whitePlayer=\"P{b}F\" result=\"RESULT_BLACKWINS\" roundNumber=\"{round}\" tableNumber=\"{}\"/>",
                    table + 1
                );
            }
        }
        out.push_str("</Games>\n<TournamentParameterSet><GeneralParameterSet name=\"Big\" numberOfRounds=\"30\"/></TournamentParameterSet>\n</Tournament>\n");
        cut(out, size)
    };
    for size in SIZES {
        cases.push(case(format!("a whole event, {size} B"), event(size)));
        cases.push(case(
            format!("players only, {size} B"),
            repeat("<Tournament><Players>", "<Player name=\"A\" rank=\"1D\"/>", "</Players></Tournament>", size),
        ));
        cases.push(case(format!("one element's attributes, {size} B"), {
            let mut out = String::from("<Tournament><Player rank=\"1D\" ");
            let mut i = 0;
            while out.len() + 40 < size {
                let _ = write!(out, "a{i}=\"\" ");
                i += 1;
            }
            out + "/></Tournament>"
        }));
        cases.push(case(
            format!("a repeated attribute, {size} B"),
            repeat("<Tournament><Player rank=\"1D\" ", "name=\"A\" ", "/></Tournament>", size),
        ));
        cases.push(case(format!("nesting, {size} B"), {
            let depth = size.saturating_sub(30) / 7;
            format!("<Tournament>{}{}</Tournament>", "<a>".repeat(depth), "</a>".repeat(depth))
        }));
        cases.push(case(
            format!("an entity in every character, {size} B"),
            repeat("<Tournament><GeneralParameterSet name=\"", "&lt;&#x56FD;", "\"/></Tournament>", size),
        ));
        cases.push(case(format!("undefined entities, {size} B"), repeat("<!DOCTYPE t [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><Tournament name=\"", "&b;", "\"/>", size)));
        cases.push(case(
            format!("comments and text, {size} B"),
            repeat("<Tournament>", "<!-- x -->text<![CDATA[y]]>", "</Tournament>", size),
        ));
        cases.push(case(
            format!("a long participation string, {size} B"),
            repeat("<Tournament><Player name=\"A\" rank=\"1D\" participating=\"", "10", "\"/></Tournament>", size),
        ));
        cases.push(case(
            format!("byes of one player, {size} B"),
            repeat(
                "<Tournament><Player name=\"A\" rank=\"1D\"/>",
                "<ByePlayer player=\"A\" roundNumber=\"3\"/>",
                "</Tournament>",
                size,
            ),
        ));
    }
    let alphabet = [
        "<",
        ">",
        "/",
        "=",
        "\"",
        "&",
        ";",
        "Player",
        "Game",
        "Tournament",
        "name",
        "rank",
        "roundNumber",
        "1D",
        "30K",
        " ",
        "\n",
        "465536",
        "<!--",
        "]]>",
        "é",
    ];
    for i in 0..MUTANTS {
        let size = SIZES[rng.below(SIZES.len())];
        cases.push(case(
            format!("mutated real file {}", i % real.len()),
            mutate(rng, real[i % real.len()], &alphabet, size),
        ));
        cases.push(case("random XML-like text", random_text(rng, &alphabet, size)));
    }
    cases
}

fn pairing_file_cases(rng: &mut Rng) -> Vec<Case> {
    let mut cases = Vec::new();
    let event = |size: usize| {
        let players = (size / 300).clamp(2, 10_000);
        let mut out = String::from("{\"settings\": {\"round\": 1, \"avoid_same_club\": true}, \"entrants\": [");
        for i in 1..=players {
            let comma = if i == 1 { "" } else { "," };
            let _ = write!(
                out,
                "{comma}{{\"id\": {i}, \"initial_score\": {}, \"rank_value\": {}, \"rating\": {}, \"club\": \"C{}\"}}",
                i % 7,
                i % 40 - 30,
                1000 + i,
                i % 13
            );
        }
        out.push_str("], \"games\": [");
        let mut first = true;
        'rounds: for round in 1..=30usize {
            for table in 0..players / 2 {
                if out.len() + 200 > size {
                    break 'rounds;
                }
                let (a, b) = ((table * 2 + round) % players + 1, (table * 2 + 1 + round) % players + 1);
                let comma = if first { "" } else { "," };
                first = false;
                let _ =
                    write!(out, "{comma}{{\"round\": {round}, \"black\": {a}, \"white\": {b}, \"result\": \"B+R\"}}");
            }
        }
        out.push_str("]}");
        out
    };
    let real = [event(4_000), event(40_000)];
    for size in SIZES {
        cases.push(case(format!("a whole event, {size} B"), event(size)));
        cases.push(case(format!("entrants only, {size} B"), {
            let mut out = String::from("{\"entrants\": [");
            let mut i = 1;
            while out.len() + 40 < size {
                let _ = write!(out, "{}{{\"id\": {i}, \"rank_value\": 0}}", if i == 1 { "" } else { "," });
                i += 1;
            }
            out + "]}"
        }));
        cases.push(case(
            format!("one entrant everywhere, {size} B"),
            repeat(
                "{\"entrants\": [{\"id\": 1, \"rank_value\": 0}], \"byes\": [",
                "{\"round\": 1, \"player\": 1},",
                "{\"round\": 1, \"player\": 1}]}",
                size,
            ),
        ));
        cases.push(case(format!("nesting, {size} B"), {
            let depth = size.saturating_sub(20) / 2;
            format!("{{\"entrants\": {}{}}}", "[".repeat(depth), "]".repeat(depth))
        }));
        cases.push(case(
            format!("a long club name, {size} B"),
            repeat("{\"entrants\": [{\"id\": 1, \"rank_value\": 0, \"club\": \"", "\\u56fd", "\"}]}", size),
        ));
        cases.push(case(
            format!("a long number, {size} B"),
            repeat("{\"entrants\": [{\"id\": 1", "0", ", \"rank_value\": 0}]}", size),
        ));
        cases.push(case(
            format!("forbidden pairs, {size} B"),
            repeat("{\"entrants\": [], \"settings\": {\"forbidden_pairs\": [", "[1, 2],", "[1, 2]]}}", size),
        ));
    }
    let alphabet = [
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"",
        "\"id\"",
        "\"entrants\"",
        "\"games\"",
        "\"round\"",
        "1",
        "-7",
        "1e999",
        " ",
        "\n",
        "null",
        "\\u0000",
    ];
    for i in 0..MUTANTS {
        let size = SIZES[rng.below(SIZES.len())];
        cases.push(case("mutated real pairing file", mutate(rng, &real[i % real.len()], &alphabet, size)));
        cases.push(case("random JSON-like text", random_text(rng, &alphabet, size)));
    }
    cases
}

/// A reader's inputs, made from the shared random source.
type Cases = fn(&mut Rng) -> Vec<Case>;

/// What one reader made of its inputs.
#[derive(Default)]
struct Tally {
    inputs: usize,
    largest: usize,
    accepted: usize,
    refused: usize,
    panics: Vec<String>,
    times: Vec<(Duration, String, usize)>,
}

fn run(cases: Vec<Case>, read: impl Fn(&str) -> Result<(), String>) -> Tally {
    let mut tally = Tally::default();
    for case in cases {
        assert!(case.text.len() < MEGABYTE, "{} is {} bytes", case.shape, case.text.len());
        tally.inputs += 1;
        tally.largest = tally.largest.max(case.text.len());
        let started = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| read(&case.text)));
        tally.times.push((started.elapsed(), case.shape.clone(), case.text.len()));
        match outcome {
            Ok(Ok(())) => tally.accepted += 1,
            Ok(Err(message)) => {
                tally.refused += 1;
                if message.trim().is_empty() {
                    tally.panics.push(format!("{}: refused with no message", case.shape));
                }
            }
            Err(_) => tally.panics.push(case.shape),
        }
    }
    tally.times.sort_by_key(|t| std::cmp::Reverse(t.0));
    tally
}

fn sgf_file(dir: &Path) -> impl Fn(&str) -> Result<(), String> + '_ {
    move |text: &str| {
        let path: PathBuf = dir.join("input.sgf");
        std::fs::write(&path, text).map_err(|e| e.to_string())?;
        let scored = records::score(&[path], None, &[], None, &DeadStones::Auto { explain: false })?;
        if scored.len() == 1 { Ok(()) } else { Err("no result".into()) }
    }
}

fn main() {
    // `cargo bench` passes --bench; any other argument picks readers by name.
    let wanted: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let picked = |name: &str| wanted.is_empty() || wanted.iter().any(|w| name.contains(w.as_str()));
    std::panic::set_hook(Box::new(|_| {}));
    let dir = std::env::temp_dir().join(format!("yunzi-readers-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        std::process::exit(2);
    }
    let mut rng = Rng(0x5EED_CAFE_F00D_D00D);
    let mut failed = false;
    println!("| reader | inputs | largest | accepted | refused | panics | median | slowest (input) |");
    println!("|---|---|---|---|---|---|---|---|");
    let readers: [(&str, Cases); 4] = [
        ("SGF (yunzi score --dead auto)", sgf_cases),
        ("CSV (player import)", csv_cases),
        ("OpenGotha XML (import, yunzi pair)", opengotha_cases),
        ("Yunzi JSON (yunzi pair)", pairing_file_cases),
    ];
    for (name, cases) in readers {
        if !picked(name) {
            continue;
        }
        let cases = cases(&mut rng);
        let tally = match name {
            n if n.starts_with("SGF") => run(cases, sgf_file(&dir)),
            n if n.starts_with("CSV") => run(cases, |t| {
                players::parse_csv(t, &[]).map(|_| ()).map_err(|errors| {
                    errors.iter().map(|e| format!("line {}: {}", e.line, e.message)).collect::<Vec<_>>().join("; ")
                })
            }),
            n if n.starts_with("OpenGotha") => {
                run(cases, |t| opengotha::parse(t).map(|_| ()).map_err(|e| e.to_string()))
            }
            _ => run(cases, |t| pairing_file::read(t).map(|_| ())),
        };
        let median = tally.times.get(tally.times.len() / 2).map_or(Duration::ZERO, |t| t.0);
        let (slowest, shape, bytes) = tally.times.first().cloned().unwrap_or_default();
        println!(
            "| {name} | {} | {} B | {} | {} | {} | {:.3} ms | {:.1} ms ({shape}, {bytes} B) |",
            tally.inputs,
            tally.largest,
            tally.accepted,
            tally.refused,
            tally.panics.len(),
            median.as_secs_f64() * 1e3,
            slowest.as_secs_f64() * 1e3,
        );
        for panic in &tally.panics {
            println!("  panic: {panic}");
        }
        let over: Vec<_> = tally.times.iter().filter(|t| t.0 >= Duration::from_secs(1)).collect();
        for (time, shape, bytes) in &over {
            println!("  over a second: {shape} ({bytes} B): {:.2} s", time.as_secs_f64());
        }
        failed |= !tally.panics.is_empty() || !over.is_empty();
    }
    let _ = std::fs::remove_dir_all(&dir);
    if failed {
        std::process::exit(1);
    }
}
