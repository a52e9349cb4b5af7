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

    python3 scripts/hash_timing.py --engine old=/work/main/target/release/cutoff \\
        --engine new=target/release/cutoff --engine sf=/usr/games/stockfish --runs 5
"""

import argparse
import queue
import statistics
import subprocess
import sys
import threading
import time

STEPS = ["resize", "fresh", "clear", "newgame"]


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix, timeout):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no '{prefix}' within {timeout} s")
            line = self.lines.get(timeout=left)
            if line is None:
                raise EOFError("the engine exited")
            if line.startswith("info string error"):
                print(f"  engine: {line}", file=sys.stderr)
            if line.startswith(prefix):
                return line

    def timed(self, cmds, timeout):
        """Seconds from writing `cmds` (then isready) to reading readyok."""
        start = time.monotonic()
        for c in cmds:
            self.send(c)
        self.send("isready")
        self.wait_for("readyok", timeout)
        return time.monotonic() - start

    def search(self, movetime_ms, timeout):
        self.send("position startpos")
        self.send(f"go movetime {movetime_ms}")
        self.wait_for("bestmove", timeout)

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def run_once(path, hash_mb, threads, movetime_ms, timeout):
    e = Engine(path)
    try:
        e.send("uci")
        e.wait_for("uciok", timeout)
        e.timed([f"setoption name Threads value {threads}"], timeout)
        t = {}
        t["resize"] = e.timed([f"setoption name Hash value {hash_mb}"], timeout)
        t["fresh"] = e.timed(["ucinewgame"], timeout)
        e.search(movetime_ms, timeout)
        t["clear"] = e.timed(["setoption name Clear Hash"], timeout)
        e.search(movetime_ms, timeout)
        t["newgame"] = e.timed(["ucinewgame"], timeout)
        return t
    finally:
        e.quit()


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
