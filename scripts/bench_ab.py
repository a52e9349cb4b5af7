#!/usr/bin/env python3
"""Compare the speed of two `cutoff bench` commands on a shared, noisy machine.

The two commands run in ABBA quads (A, B, B, A): a change in the machine's load during a quad
falls on both sides alike, and a slow drift cancels within it. Each quad gives one ratio, A's
two runs' nodes a second over B's two; the script prints the median of those ratios with a 95%
bootstrap interval of the median, and each side's median nodes a second. Each side must search
the same number of nodes in every run (bench is deterministic): a run that does not is an error,
since its speed would not compare.

    python3 scripts/bench_ab.py --quads 30 \\
        --a 'play=target/release/cutoff bench 13' \\
        --b 'before=target/release/cutoff bench 13 --ordering mvvlva+hash+killers+history+see+conthist'

A ratio below 1 means A is the slower. `--tsv FILE` keeps every run (quad, side, nodes, nps).
"""

import argparse
import random
import re
import shlex
import statistics
import subprocess
import sys

# bench's last line, as OpenBench reads it.
LAST_LINE = re.compile(r"^(\d+) nodes (\d+) nps$")


class BenchError(Exception):
    """A run that cannot be compared: it failed, printed no result, or searched other nodes."""


def parse_side(text):
    """`NAME=COMMAND` into (name, argv)."""
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=COMMAND, got {text!r}")
    return name, shlex.split(command)


def parse_bench(output):
    """(nodes, nps) from bench's output: its last non-empty line is `N nodes M nps`."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    if not lines:
        raise BenchError("bench printed nothing")
    m = LAST_LINE.match(lines[-1])
    if not m:
        raise BenchError(f"bench's last line is not 'N nodes M nps': {lines[-1]!r}")
    nodes, nps = int(m.group(1)), int(m.group(2))
    if nps <= 0:
        raise BenchError(f"bench reported {nps} nps")
    return nodes, nps


def run_once(argv):
    try:
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
    except OSError as e:
        raise BenchError(f"cannot run {argv[0]}: {e}") from e
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["(no stderr)"]
        raise BenchError(f"{shlex.join(argv)} exited with {done.returncode}: {tail[0]}")
    return parse_bench(done.stdout)


def quad_ratio(a1, b1, b2, a2):
    """A's two runs over B's two, in nodes a second."""
    return (a1 + a2) / (b1 + b2)


def bootstrap_median(values, resamples, seed):
    """A 95% percentile interval of the median, from `resamples` draws with replacement."""
    rng = random.Random(seed)
    n = len(values)
    medians = sorted(
        statistics.median(rng.choices(values, k=n)) for _ in range(resamples)
    )
    lo = medians[int(0.025 * (resamples - 1))]
    hi = medians[int(0.975 * (resamples - 1))]
    return lo, hi


def compare(a, b, quads, runner=run_once, resamples=10_000, seed=1, log=None):
    """Runs `quads` ABBA quads of the two (name, argv) sides and returns the summary."""
    (a_name, a_argv), (b_name, b_argv) = a, b
    nodes = {a_name: None, b_name: None}
    nps = {a_name: [], b_name: []}
    ratios = []
    for q in range(quads):
        quad = []
        for name, argv in ((a_name, a_argv), (b_name, b_argv), (b_name, b_argv), (a_name, a_argv)):
            n, speed = runner(argv)
            if nodes[name] is None:
                nodes[name] = n
            elif nodes[name] != n:
                raise BenchError(
                    f"{name} searched {n} nodes in quad {q + 1}, {nodes[name]} before: "
                    "the bench is not deterministic, so its speed does not compare"
                )
            nps[name].append(speed)
            quad.append(speed)
            if log:
                log(q + 1, name, n, speed)
        ratios.append(quad_ratio(*quad))
    lo, hi = bootstrap_median(ratios, resamples, seed)
    median_a = statistics.median(nps[a_name])
    median_b = statistics.median(nps[b_name])
    return {
        "names": (a_name, b_name),
        "nodes": (nodes[a_name], nodes[b_name]),
        "median_nps": (median_a, median_b),
        "ratios": ratios,
        "median_ratio": statistics.median(ratios),
        "interval": (lo, hi),
        "ratio_of_medians": median_a / median_b,
    }


def report(s):
    a, b = s["names"]
    lines = [
        f"quads: {len(s['ratios'])} (A = {a}, B = {b}; each run A B B A)",
        f"nodes: {a} {s['nodes'][0]:,}, {b} {s['nodes'][1]:,}",
        f"median nps: {a} {s['median_nps'][0]:,.0f}, {b} {s['median_nps'][1]:,.0f}",
        f"median quad ratio {a}/{b}: {s['median_ratio']:.3f} "
        f"({100 * (s['median_ratio'] - 1):+.1f}%), 95% bootstrap interval "
        f"[{s['interval'][0]:.3f}, {s['interval'][1]:.3f}]",
        f"quad ratios from {min(s['ratios']):.3f} to {max(s['ratios']):.3f}; "
        f"ratio of the medians {s['ratio_of_medians']:.3f}",
    ]
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--a", required=True, type=parse_side, metavar="NAME=COMMAND")
    p.add_argument("--b", required=True, type=parse_side, metavar="NAME=COMMAND")
    p.add_argument("--quads", type=int, default=10)
    p.add_argument("--seed", type=int, default=1, help="the bootstrap's seed")
    p.add_argument("--tsv", help="write every run here")
    args = p.parse_args(argv)
    if args.quads < 2:
        p.error("--quads must be at least 2")
    if args.a[0] == args.b[0]:
        p.error("the two sides need different names")

    try:
        out = open(args.tsv, "w") if args.tsv else None
    except OSError as e:
        p.error(f"cannot write --tsv {args.tsv}: {e.strerror}")
    if out:
        out.write("quad\tside\tnodes\tnps\n")

    def log(q, name, n, speed):
        print(f"quad {q}: {name} {speed:,} nps", file=sys.stderr, flush=True)
        if out:
            out.write(f"{q}\t{name}\t{n}\t{speed}\n")
            out.flush()

    try:
        summary = compare(args.a, args.b, args.quads, seed=args.seed, log=log)
    except BenchError as e:
        print(f"bench_ab: error: {e}", file=sys.stderr)
        return 1
    finally:
        if out:
            out.close()
    print(report(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
