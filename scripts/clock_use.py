#!/usr/bin/env python3
"""How much of its clock an engine uses: reads a fastchess or cutechess-cli PGN (per-move
comments like `{+0.35/12 0.431s}`) and prints, per engine, the share of the available time
(base time plus the increments of the moves it played) that its moves took, the mean and
longest move, and the games lost on time.

Why: a time manager that leaves most of the clock unused plays far below its strength at
fast time controls, and one that overspends loses on time. Usage:

    python3 scripts/clock_use.py games.pgn [more.pgn ...]
"""
import re
import sys
from collections import defaultdict

MOVE_TIME = re.compile(r"\{[^}]*?(\d+(?:\.\d+)?)s\}")


def games(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        if "[White " in chunk:
            yield chunk


def header(chunk, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, chunk)
    return m.group(1) if m else None


def main(paths):
    used = defaultdict(float)
    available = defaultdict(float)
    moves = defaultdict(int)
    longest = defaultdict(float)
    time_losses = defaultdict(int)
    count = 0
    for path in paths:
        for g in games(path):
            tc = header(g, "TimeControl") or ""
            m = re.match(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", tc)
            if not m:
                continue
            base, inc = float(m.group(1)), float(m.group(2))
            white, black = header(g, "White"), header(g, "Black")
            body = g[g.rfind("]") + 1:]
            times = [float(t) for t in MOVE_TIME.findall(body)]
            count += 1
            for side, name in ((0, white), (1, black)):
                mine = times[side::2]
                used[name] += sum(mine)
                available[name] += base + inc * len(mine)
                moves[name] += len(mine)
                longest[name] = max([longest[name]] + mine)
            term = header(g, "Termination") or ""
            if "time" in term.lower() or "loses on time" in g:
                result = header(g, "Result")
                loser = white if result == "0-1" else black
                time_losses[loser] += 1
    print(f"{count} games")
    print("engine | moves | clock used % | mean move s | longest move s | time losses")
    for name in sorted(used):
        share = 100 * used[name] / max(available[name], 1e-9)
        mean = used[name] / max(moves[name], 1)
        print(f"{name} | {moves[name]} | {share:.1f} | {mean:.3f} | {longest[name]:.3f} | {time_losses[name]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
