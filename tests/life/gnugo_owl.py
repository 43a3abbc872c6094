#!/usr/bin/env python3
"""Cross-checks tests/life/corpus.txt against GNU Go's owl reading (GNU Go is GPL and is not
part of Yunzi: pass the path of a gnugo binary you built). For each position it places the
board as the corpus test does (top left of a size x size board, 9 unless `size:` says) and
asks GNU Go `owl_attack` (the attacker moves first) and `owl_defend` (the owner moves first)
on the target, and `final_status` (which knows seki, where owl only reads two eyes), then
prints the verdict those imply beside the corpus's. A seki is "alive" in the corpus: the
group stands.

    python3 tests/life/gnugo_owl.py /path/to/gnugo [tests/life/corpus.txt]

GTP codes: 0 fails, 1 succeeds, 2 by a ko it takes first, 3 by a ko it needs a threat for.
The ko codes are read with the position's ko rule (`ko:`, no threats unless it says): a ko
taken first wins when the other side has no threat (and under the Japanese confirmation,
where the loser of the ko may retake only after a pass); a ko that needs a threat first wins
only when the side has one. GNU Go itself is not told of threats: it reads the ko and says
who must find one.
"""
import subprocess
import sys


def blocks(text):
    for block in text.split("\nname: ")[1:]:
        lines = block.splitlines()
        fields = {"name": lines[0].strip()}
        rows = []
        for line in lines[1:]:
            if not line.strip():
                if rows:
                    break
                continue
            key, sep, value = line.partition(": ")
            if sep and not rows and key in ("expect", "target", "source", "ko", "size"):
                fields[key] = value.strip()
            else:
                rows.append(line.strip())
        fields["rows"] = rows
        yield fields


def sgf(rows, size):
    stones = {"X": [], "O": []}
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c in stones:
                stones[c].append(chr(97 + x) + chr(97 + y))
    ab = "".join(f"[{p}]" for p in stones["X"])
    aw = "".join(f"[{p}]" for p in stones["O"])
    return f"(;GM[1]FF[4]SZ[{size}]KM[0]AB{ab}AW{aw})"


def vertex(target, size):
    x, y = ord(target[0]) - 97, ord(target[1]) - 97
    return "ABCDEFGHJKLMNOPQRST"[x] + str(size - y)


def threats(rule):
    """(black, white) ko threats of a `ko:` line; None for the confirmation rule."""
    if rule == "confirmation":
        return None
    counts = {"black": 0, "white": 0}
    for part in (rule or "").split(","):
        words = part.split()
        if len(words) == 3 and words[1] == "threats":
            counts[words[0]] = int(words[2])
    return counts["black"], counts["white"]


def wins(code, mine, theirs):
    """Whether a side with GNU Go's answer `code` wins, with `mine` and `theirs` ko threats
    (None: the confirmation rule)."""
    if code == "1":
        return True
    if code == "2":  # a ko it takes first
        return mine is None or theirs == 0 or mine > 0
    if code == "3":  # a ko it must find a threat for first
        return mine is not None and mine > 0
    return False


def main():
    gnugo = sys.argv[1]
    path = sys.argv[2] if len(sys.argv) > 2 else "tests/life/corpus.txt"
    agree = 0
    total = 0
    for b in blocks(open(path, encoding="utf-8").read()):
        # GNU Go has no mode for the 2012 proposal's verification (its side first, cycles
        # alive): those positions are Yunzi's own reading of the articles.
        if b.get("ko") == "verification":
            continue
        size = int(b.get("size", "9"))
        with open("/tmp/owl.sgf", "w") as f:
            f.write(sgf(b["rows"], size))
        v = vertex(b["target"], size)
        gtp = f"loadsgf /tmp/owl.sgf\nfinal_status {v}\nowl_attack {v}\nowl_defend {v}\nquit\n"
        out = subprocess.run([gnugo, "--mode", "gtp"], input=gtp, capture_output=True, text=True).stdout
        answers = [l[2:].split() for l in out.splitlines() if l.startswith("= ")]
        status, attack, defend = answers[1][0], answers[2][0], answers[3][0]
        x, y = ord(b["target"][0]) - 97, ord(b["target"][1]) - 97
        owner_is_black = b["rows"][y][x] == "X"
        counts = threats(b.get("ko"))
        if counts is None:
            owner = attacker = None
        else:
            owner, attacker = counts if owner_is_black else counts[::-1]
        attack_wins = wins(attack, attacker, owner)
        defence_wins = wins(defend, owner, attacker)
        if status == "seki":
            verdict = "alive"
        elif not defence_wins:
            verdict = "dead"
        elif not attack_wins:
            verdict = "alive"
        else:
            verdict = "unsettled"
        total += 1
        same = verdict == b["expect"]
        agree += same
        ko = f" [ko: {b['ko']}]" if "ko" in b else ""
        print(f"{'ok ' if same else '-- '} {b['name']}: corpus {b['expect']}, GNU Go {verdict}{ko}")
    print(f"gnugo-owl: {agree}/{total} agree")


if __name__ == "__main__":
    main()
