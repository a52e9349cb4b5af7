#!/usr/bin/env python3
"""fh_reference.py - fail-high on the first move, measured in another UCI engine by the lab's rule.

Why: issue 12's target (90% of main-search fail-highs on the first move searched) was set when
the search was full-width. This measures the same share in other engines, to see where a strong
selective search stands by the same rule at the same depth.

The engine must be patched (outside this repository) to count, in its main search only, every
node where a searched move reached beta: ALL such nodes, FIRST where that move was the first one
made (moves skipped by pruning or illegal are not counted), FOUR where it was among the first
four; and to print, before each `bestmove`, the totals since it started:

    info string fhstats ALL FIRST FOUR

docs/lab/README.md says how Ethereal 12.75 and Stockfish 11 were patched. Each position is
searched from a new game (`ucinewgame`) to the depth given, one at a time.

Usage:
    scripts/fh_reference.py ENGINE EPD DEPTH [--option Name=Value ...] [--name NAME]
Prints one markdown table row: engine, suite, positions, depth, fail-highs, first %, first 4 %.
"""

import argparse
import sys
from pathlib import Path

from uci_engine import EngineDied, UciEngine


class EngineError(Exception):
    pass


def fen_of(line):
    """The position of an EPD line (its first four fields), or None for a blank or comment."""
    fields = line.split()
    if len(fields) < 4 or line.lstrip().startswith("#"):
        return None
    return " ".join(fields[:4]) + " 0 1"


def parse_fhstats(line):
    """(ALL, FIRST, FOUR) from an `info string fhstats` line, or None for any other line."""
    words = line.split()
    if words[:3] != ["info", "string", "fhstats"]:
        return None
    if len(words) != 6 or not all(w.isdigit() for w in words[3:]):
        raise EngineError(f"malformed fhstats line: {line.strip()!r}")
    counts = tuple(int(w) for w in words[3:])
    if not counts[2] <= counts[0] or not counts[1] <= counts[2]:
        raise EngineError(f"fhstats must have FIRST <= FOUR <= ALL: {line.strip()!r}")
    return counts


def measure(engine, fens, depth, options=()):
    """Searches every position to `depth`; returns the engine's totals (ALL, FIRST, FOUR)."""
    # The engine's stderr stays on ours; no read has a timeout (a deep search takes long).
    eng = UciEngine([engine], stderr=None)

    def send(text):
        try:
            eng.send(text)
        except EngineDied:
            raise EngineError(f"engine exited before '{text}' could be sent") from None

    def read_until(token):
        last = None

        def seen(line):
            nonlocal last
            stats = parse_fhstats(line)
            if stats is not None:
                last = stats
            return line.split()[:1] == [token]

        try:
            eng.expect(seen, None, f"'{token}'")
        except EngineDied:
            raise EngineError(f"engine exited while waiting for '{token}'") from None
        return last

    try:
        send("uci")
        read_until("uciok")
        for option in options:
            name, _, value = option.partition("=")
            send(f"setoption name {name} value {value}")
        totals = None
        for fen in fens:
            send("ucinewgame")
            send("isready")
            read_until("readyok")
            send(f"position fen {fen}")
            send(f"go depth {depth}")
            stats = read_until("bestmove")
            if stats is None:
                raise EngineError("no 'info string fhstats' before bestmove: is the engine patched?")
            if totals is not None and any(a < b for a, b in zip(stats, totals)):
                raise EngineError("fhstats went down: they must be totals since the engine started")
            totals = stats
        return totals
    finally:
        # quit, up to 5 s to go, then killed; after an error too, so it never lingers.
        eng.close(quit_timeout=5)


def row(name, suite, positions, depth, totals):
    """One markdown table row of the measurement."""
    all_, first, four = totals
    pct = (lambda n: 100.0 * n / all_) if all_ else (lambda n: 0.0)
    return (f"| {name} | {suite} | {positions} | {depth} | {all_:,} | "
            f"{pct(first):.1f} | {pct(four):.1f} |")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("engine")
    p.add_argument("epd")
    p.add_argument("depth", type=int)
    p.add_argument("--option", action="append", default=[], metavar="Name=Value")
    p.add_argument("--name", help="the engine's name in the row (default: the file's name)")
    a = p.parse_args(argv)
    if a.depth < 1:
        p.error("DEPTH must be at least 1")
    fens = [f for f in map(fen_of, Path(a.epd).read_text().splitlines()) if f]
    if not fens:
        p.error(f"{a.epd} has no position")
    try:
        totals = measure(a.engine, fens, a.depth, a.option)
    except (EngineError, OSError) as e:
        print(f"fh_reference.py: {e}", file=sys.stderr)
        return 1
    print(row(a.name or Path(a.engine).name, Path(a.epd).stem, len(fens), a.depth, totals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
