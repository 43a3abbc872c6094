#!/usr/bin/env python3
"""Sorts the rounds of OpenGotha's public tournament files into kinds of difference.

Usage: python3 tests/opengotha/differences.py YUNZI_BINARY DIR
(DIR: the `remote/*.xml` of the lucvannier/opengotha repository, fetched into a git-ignored
folder such as .cache/opengotha/remote). For every file it runs `yunzi pair FILE --compare`,
which pairs each played round in OpenGotha mode from the rounds before it, with exactly the
players the file paired that round, and weighs the file's own pairing with the same weights.
A round is then:
  identical    the same boards;
  tie          other boards of exactly the same total weight (OpenGotha's scan order decides);
  roster       the file paired players OpenGotha's participation marks absent, or left out
               players it marks present (a director's hand edit of who plays);
  lighter      the file's pairing weighs less than the best one under the file's parameters:
               a director's hand edit of the boards, parameters changed after that round (a
               file keeps only its last), or a weight Yunzi computes differently; the largest
               term that differs is named by its scale (OpenGotha's weights are powers of ten
               apart);
  failed       the file cannot be paired (the message is counted).
"""
import collections, json, math, os, re, subprocess, sys

SCALES = [(14, "rematch (10^14)"), (13, "categories/geography (10^13)"), (11, "score or geography (10^11)"),
          (8, "draw-up/down (10^8)"), (6, "seeding or colour (10^6)"), (0, "below 10^6")]


def scale(diff):
    exponent = int(math.log10(diff)) if diff > 0 else 0
    return next(name for e, name in SCALES if exponent >= e)


def main():
    binary, folder = sys.argv[1], sys.argv[2]
    kinds, scales, failures = collections.Counter(), collections.Counter(), collections.Counter()
    by_version = collections.Counter()
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".xml"):
            continue
        p = subprocess.run([binary, "pair", os.path.join(folder, name), "--compare"],
                           capture_output=True, text=True, timeout=600)
        if p.returncode != 0:
            failures[p.stderr.split(": ", 2)[-1].strip()[:60]] += 1
            continue
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
            found = re.search(r'gothaVersion="(\d+)"', f.read(2000))
        version = "3.49 on" if found and int(found.group(1)) >= 349 else "before 3.49"
        for line in p.stdout.splitlines():
            r = json.loads(line)
            if "round" not in r:
                continue
            if r["identical"]:
                kind = "identical"
            elif r["tie"]:
                kind = "tie"
            elif r["left_out"] or r["paired_absent"]:
                kind = "roster"
            else:
                kind = "lighter"
                scales[scale(r["weight"] - r["file_weight"])] += 1
            kinds[kind] += 1
            by_version[(version, kind)] += 1
    total = sum(kinds.values())
    for kind in ["identical", "tie", "roster", "lighter"]:
        print(f"{kind:10} {kinds[kind]:5}  {100 * kinds[kind] / max(total, 1):5.1f} %")
    for version in ["before 3.49", "3.49 on"]:
        row = ", ".join(f"{k} {by_version[(version, k)]}" for k in ["identical", "tie", "roster", "lighter"])
        print(f"  files {version}: {row}")
    for name, count in scales.most_common():
        print(f"  lighter by {name}: {count}")
    for message, count in failures.most_common():
        print(f"failed files: {count}  {message}")
    print(f"differences: {kinds['identical']}/{total} rounds identical, {kinds['tie']} ties, "
          f"{kinds['roster']} roster edits, {kinds['lighter']} lighter; {sum(failures.values())} files failed")


main()
