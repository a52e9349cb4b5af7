#!/usr/bin/env python3
"""How long a UCI engine takes to answer `readyok` after it is told to resize or clear its
hash table: the wall time from writing the command to reading `readyok`.

For each engine, Hash size and Threads value, one run measures:
  resize   setoption name Hash value N, isready (from the default size)
  fresh    ucinewgame, isready, on the table just made (what a GUI sends next)
  clear    setoption name Clear Hash, isready, after a search wrote to the table
  newgame  ucinewgame, isready, after another search

The engines take turns run by run (old, new, old, new, ...), so that a change in the
machine's load falls on all of them alike; the medians are printed as a Markdown table.

    python3 scripts/hash_timing.py --engine old=OLD_CHECKOUT/target/release/cutoff \\
        --engine new=target/release/cutoff --engine sf=/usr/games/stockfish --runs 5
"""

import argparse
import statistics
import subprocess
import sys
import time

from uci_engine import UciEngine

STEPS = ["resize", "fresh", "clear", "newgame"]


def wait_for(engine, prefix, timeout):
    """Reads up to the first line starting with `prefix`; error replies on the way go to
    stderr, so a refused setting is seen."""
    def seen(line):
        line = line.strip()
        if line.startswith("info string error"):
            print(f"  engine: {line}", file=sys.stderr)
        return line.startswith(prefix)

    return engine.expect(seen, timeout, f"'{prefix}'")[0]


def timed(engine, cmds, timeout):
    """Seconds from writing `cmds` (then isready) to reading readyok."""
    start = time.monotonic()
    for c in cmds:
        engine.send(c)
    engine.send("isready")
    wait_for(engine, "readyok", timeout)
    return time.monotonic() - start


def search(engine, movetime_ms, timeout):
    engine.send("position startpos")
    engine.send(f"go movetime {movetime_ms}")
    wait_for(engine, "bestmove", timeout)


def run_once(path, hash_mb, threads, movetime_ms, timeout):
    e = UciEngine([path], stderr=subprocess.DEVNULL)
    try:
        e.send("uci")
        wait_for(e, "uciok", timeout)
        timed(e, [f"setoption name Threads value {threads}"], timeout)
        t = {}
        t["resize"] = timed(e, [f"setoption name Hash value {hash_mb}"], timeout)
        t["fresh"] = timed(e, ["ucinewgame"], timeout)
        search(e, movetime_ms, timeout)
        t["clear"] = timed(e, ["setoption name Clear Hash"], timeout)
        search(e, movetime_ms, timeout)
        t["newgame"] = timed(e, ["ucinewgame"], timeout)
        return t
    finally:
        # quit, then up to a minute to go (a large table can take a while to free), then killed.
        e.close(quit_timeout=60)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", action="append", required=True, metavar="NAME=PATH")
    ap.add_argument("--hash", type=int, action="append", metavar="MB")
    ap.add_argument("--threads", type=int, action="append")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--movetime", type=int, default=300, help="ms of each search in between")
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args()
    engines = [tuple(e.split("=", 1)) for e in args.engine]
    hashes = args.hash or [1024, 4096]
    threads = args.threads or [1, 2]

    results = {}  # (name, hash, threads) -> step -> [seconds]
    for mb in hashes:
        for th in threads:
            for run in range(args.runs):
                for name, path in engines:
                    t = run_once(path, mb, th, args.movetime, args.timeout)
                    cell = results.setdefault((name, mb, th), {s: [] for s in STEPS})
                    for s in STEPS:
                        cell[s].append(t[s])
                    shown = " ".join(f"{s} {t[s]:.3f}" for s in STEPS)
                    print(f"# Hash {mb} Threads {th} run {run + 1} {name}: {shown}", flush=True)

    print()
    print("| engine | Hash MB | Threads | " + " | ".join(STEPS) + " |")
    print("|---|---:|---:|" + "---:|" * len(STEPS))
    for (name, mb, th), cell in results.items():
        meds = " | ".join(f"{statistics.median(cell[s]):.3f}" for s in STEPS)
        print(f"| {name} | {mb} | {th} | {meds} |")


if __name__ == "__main__":
    main()
