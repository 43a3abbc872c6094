//! OpenGotha mode's weights against OpenGotha's own weight dumps (issue 24): data other people
//! published, fetched into a git-ignored folder; the test skips when it is absent.
use yunzi::domain::tournament::interop::opengotha::parse;
use yunzi::domain::tournament::pairing::gotha::Gotha;

/// Every pair's terms against OpenGotha's own weight dumps, where pairgoth's test files
/// (its tournaments and the dumps an instrumented OpenGotha printed for them) have been
/// fetched into the git-ignored `.cache/pairgoth` (ffrgo/pairgoth's
/// `api-webapp/src/test/resources/opengotha`, kept as laid out there): each dump's round is
/// re-weighed from the file and compared term by term. Skipped when the folder is absent.
/// What the dumps show and Yunzi does not follow, each for a reason (docs/PAIRING.md):
/// - the draw-up/draw-down term beyond four groups apart: the build that printed the dumps
///   prices every distance, but the pairings it made in the files are reproduced with the
///   term up to four (Toulouse round 4); released OpenGotha up to 3.51.02 prices it up to
///   three groups apart, and Yunzi reads files of those versions so (docs/PAIRING.md);
/// - KPMC's round 2 (3.52.03): its dump places the players in score groups of only those
///   who took part (one fewer), which the 3.51 source does not, and no 3.52 source is at
///   hand; Yunzi's pairing of that round is the file's all the same.
#[test]
fn weights_equal_every_opengotha_dump_fetched() -> Result<(), Box<dyn std::error::Error>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(".cache/pairgoth/api-webapp/src/test/resources/opengotha");
    if !root.exists() {
        eprintln!("skipped: {} is absent", root.display());
        return Ok(());
    }
    let mut report = Vec::new();
    let mut compared = 0;
    for (file, stem, version, set_aside) in DUMPED {
        let Ok(xml) = std::fs::read_to_string(root.join("pairings").join(file)) else { continue };
        let mut t = parse(&xml)?;
        if let Some(version) = version {
            t.parameters.version = version;
        }
        for round in (1..=t.rounds).filter(|r| !set_aside.contains(r)) {
            let dump_path = root.join(stem).join(format!("{stem}_weights_R{round}.txt"));
            let Ok(dump) = std::fs::read_to_string(dump_path) else { continue };
            let gotha = Gotha::new(&t, round)?;
            let by_name = |name: &str| t.players.iter().position(|p| format!("{} {}", p.surname, p.first_name) == name);
            for block in dump.split("Player1Name=").skip(1) {
                let field = |key: &str| -> Option<&str> {
                    block.lines().find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
                };
                let first = by_name(block.lines().next().unwrap_or(""));
                let (Some(a), Some(b)) = (first, field("Player2Name").and_then(by_name)) else {
                    report.push(format!("{file} R{round}: no player for {:?}", block.lines().next()));
                    continue;
                };
                let ours = gotha.costs(a, b);
                let theirs = |key: &str| field(key).and_then(|v| v.trim().parse::<i64>().ok()).unwrap_or(-1);
                let distance = (gotha.score_group(a) - gotha.score_group(b)).abs();
                compared += 1;
                for (name, mine, key) in [
                    ("duplicate", ours.duplicate, "baseDuplicateGameCost"),
                    ("random", ours.random, "baseRandomCost"),
                    ("colour", ours.colour, "baseBWBalanceCost"),
                    ("category", ours.category, "mainCategoryCost"),
                    ("score", ours.score, "mainScoreDiffCost"),
                    ("dudd", ours.dudd, "mainDUDDCost"),
                    ("seeding", ours.seeding, "mainSeedCost"),
                    ("handicap", ours.handicap, "secHandiCost"),
                    ("geography", ours.geography, "secGeoCost"),
                ] {
                    if name == "dudd" && distance > 4 {
                        continue;
                    }
                    if mine != theirs(key) {
                        let (x, y) = (&t.players[a].name, &t.players[b].name);
                        report.push(format!("{file} R{round} {x} – {y}: {name} {mine} ≠ {}", theirs(key)));
                    }
                }
            }
        }
    }
    eprintln!("{compared} pairs compared with OpenGotha's dumps");
    assert!(report.is_empty(), "{} differences:\n{}", report.len(), report[..report.len().min(40)].join("\n"));
    Ok(())
}

/// pairgoth's tournament files with OpenGotha's weight dumps: the file, the dumps' folder,
/// the OpenGotha version to read it as (None: as it says), and rounds set aside (above).
/// The files say 3.51.02 (or 3.48), but the build that printed the dumps weighs as 3.52 does
/// (geography blended by the thresholds; released 3.51.02 prices it in full): read as 3.52.
const DUMPED: [(&str, &str, Option<u32>, &[u32]); 4] = [
    ("20240921-KPMC-Splitbug.xml", "20240921-KPMC-Splitbug", None, &[2]),
    ("simplemm.xml", "simplemm", Some(352), &[]),
    // A 3.48 header on a file made again in 2024 (as the unit test above reads it); in its
    // round 2 one pair's seeding term differs (their places in a group of four, a tie of
    // the placement criteria), though the round's pairing is the file's.
    ("notsimplemm.xml", "notsimplemm", Some(352), &[2]),
    ("notsosimpleswiss.xml", "notsosimpleswiss", Some(352), &[]),
];
