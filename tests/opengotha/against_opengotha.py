#!/usr/bin/env python3
"""Holds Yunzi's OpenGotha mode against OpenGotha itself, round by round, on real files.

Usage: python3 tests/opengotha/against_opengotha.py YUNZI_BINARY DIR OUT_DIR [--show KIND]

DIR holds OpenGotha's public tournament files (`remote/*.xml` of lucvannier/opengotha, fetched
into a git-ignored folder such as .cache/opengotha/remote). OUT_DIR holds, for each file NAME.xml,
NAME.jsonl: what OpenGotha 3.51.02 as released returns for each played round when given the
rounds before it and exactly the players the file paired (one line per round: {"round",
"file": [[black, white]...], "opengotha": [[black, white]...]}). OpenGotha is GPL, so the small
Java program that writes them is not kept here: docs/PAIRING.md ("OpenGotha itself as the
referee") says what it does, step by step, and what it must undo for the re-run to be faithful.

For each round, `yunzi pair FILE --compare` pairs the same players from the same earlier rounds.
Three pairings of one round are then held against each other: the file's (what the director
published), OpenGotha's re-run (what OpenGotha 3.51.02 makes of the file's parameters now) and
Yunzi's. A round is:
  identical          Yunzi's boards are the file's;
  opengotha differs  OpenGotha's own re-run is not the file's pairing: the director edited the
                     boards by hand, or changed parameters after the round (a file keeps only
                     its last), or an older OpenGotha paired it. Split by whether Yunzi gives
                     OpenGotha's re-run (`yunzi = opengotha`) or not;
  yunzi differs      OpenGotha's re-run is the file's, and Yunzi's is not: Yunzi's to explain.
                     Split into a tie (the same total weight under Yunzi's weights: the two
                     matchers broke a tie differently) and lighter/heavier by the scale of the
                     difference (the file's weight under Yunzi's formula against Yunzi's own);
  no opengotha run   the harness gave no answer for the round (the error is counted).
The last line: `against-opengotha: I identical, D opengotha-differs (Y of them yunzi = opengotha),
Z yunzi-differs (T ties), N no run, of R rounds`.
"""
import collections, json, math, os, subprocess, sys, unicodedata


def norm(key):
    key = unicodedata.normalize("NFKD", key or "")
    return "".join(ch for ch in key.upper() if ch.isalnum())


def board_set(pairs):
    return {frozenset((norm(b), norm(w))) for b, w in pairs}


SCALES = [(14, "rematch (10^14)"), (13, "categories/geography (10^13)"), (11, "score or geography (10^11)"),
          (8, "draw-up/down (10^8)"), (6, "seeding or colour (10^6)"), (0, "below 10^6")]


def scale(diff):
    exponent = int(math.log10(abs(diff))) if diff else 0
    return next(name for e, name in SCALES if exponent >= e)


def main():
    binary, folder, runs = sys.argv[1], sys.argv[2], sys.argv[3]
    show = sys.argv[sys.argv.index("--show") + 1] if "--show" in sys.argv else None
    kinds, details, errors = collections.Counter(), collections.Counter(), collections.Counter()
    shown = []
    total = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".xml"):
            continue
        run_path = os.path.join(runs, name[:-4] + ".jsonl")
        opengotha = {}
        if os.path.exists(run_path):
            with open(run_path, encoding="utf-8") as f:
                for line in f:
                    if line.startswith("{"):
                        r = json.loads(line)
                        opengotha[r["round"]] = r
        p = subprocess.run([binary, "pair", os.path.join(folder, name), "--compare"],
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            kinds["yunzi failed"] += 1
            continue
        for line in p.stdout.splitlines():
            c = json.loads(line)
            if "round" not in c:
                continue
            total += 1
            og = opengotha.get(c["round"])
            if og is None or og.get("opengotha") is None:
                kinds["no opengotha run"] += 1
                errors[(og or {}).get("error", "no line")[:60]] += 1
                continue
            filed, rerun, ours = board_set(og["file"]), board_set(og["opengotha"]), board_set(c["pairs"])
            if ours == filed:
                kind = "identical"
            elif rerun != filed:
                kind = "opengotha differs"
                details["yunzi = opengotha" if ours == rerun else "yunzi, opengotha, file all differ"] += 1
            else:
                kind = "yunzi differs"
                diff = c["weight"] - c["file_weight"]
                details["tie" if c["tie"] else ("lighter: " if diff > 0 else "heavier: ") + scale(diff)] += 1
                if show == "yunzi":
                    shown.append(f"{name} R{c['round']}: {len(filed - ours)} of {len(filed)} boards differ, "
                                  f"weight {c['weight']} vs file {c['file_weight']} ({c['weight'] - c['file_weight']:+d})")
            kinds[kind] += 1
    for line in shown:
        print(line)
    for kind, count in kinds.most_common():
        print(f"{count:5d}  {kind}")
    for detail, count in details.most_common():
        print(f"       {count:5d}  {detail}")
    for error, count in errors.most_common(8):
        print(f"       {count:5d}  no run: {error}")
    print(f"against-opengotha: {kinds['identical']} identical, {kinds['opengotha differs']} opengotha-differs "
          f"({details['yunzi = opengotha']} of them yunzi = opengotha), {kinds['yunzi differs']} yunzi-differs "
          f"({details['tie']} ties), {kinds['no opengotha run']} no run, of {total} rounds")


main()
