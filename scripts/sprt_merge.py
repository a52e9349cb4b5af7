#!/usr/bin/env python3
"""One SPRT over several runs of the same test: their game pairs summed, then Elo, normalized
Elo and the log-likelihood ratio as fastchess reports them.

Why: a test may be played in parts, on machines with different numbers of cores, or
resumed under another seed after fastchess lost its state. Game pairs of one test are
independent of where they were played, so their pentanomial counts add, and the sum is tested
as one run (as OpenBench and fishtest sum their workers' pairs). Each part must be the same
test: the same two builds and options, the same time control or node limit, the same book.

Inputs, any mix:
  a fastchess state file (the JSON `-config outname=` writes; scripts/sprt.sh keeps it in
  $SPRT_STATE_DIR), its bounds read from the file; a fastchess log (its last `Ptnml(0-2):`
  line); or the pair counts themselves, `LL,LD,DD+WL,WD,WW`, optionally with the games'
  wins, draws and losses after a slash, `LL,LD,DD+WL,WD,WW/W,D,L`. Counts are the first
  engine's: a state file whose pairing is the first state file's reversed is turned round.

Usage: sprt_merge.py INPUT... [--elo0 E0 --elo1 E1] [--alpha A --beta B] [--into STATE]

--into STATE writes the sum into the fastchess state file STATE (the original is kept as
STATE.orig), so that `fastchess -config file=STATE` resumes the whole test and stops on its
LLR, not on a part's. This is how a test goes on after its state was lost: start the same
scripts/sprt.sh command, interrupt it, and write the recorded counts into the state it made.
Writing needs each input's wins, draws and losses (a state file and a log have them; give them
after a slash for literal counts), because fastchess keeps them beside the pairs. fastchess
takes the openings after the number of games in the state, so a resumed test under the
original seed continues the original order of openings.

The model is fastchess's `normalized` one (scripts/sprt.sh uses it): the bounds are normalized
Elo, and the LLR is the generalized likelihood ratio of the pair outcomes, each hypothesis's
distribution the most likely one whose normalized Elo is that bound. As fastchess does, an
empty pair class counts as 0.001 pairs, and WL and DD pairs are one class (both score 1/2).
"""

import argparse
import json
import math
import re
import sys
from pathlib import Path

from ablation_report import PAIR_SCORES, Z95, pair_mean_var, pentanomial_elo

# Normalized Elo per unit of t-value (a score's distance from 1/2 in standard deviations).
NELO_PER_T = 800.0 / math.log(10.0)
EMPTY_CLASS = 1e-3


# The fields of one pairing in a fastchess state file, the first engine's wins first.
STAT_FIELDS = ("wins", "losses", "draws", "penta_WW", "penta_WD", "penta_WL", "penta_DD",
               "penta_LD", "penta_LL")


def whole_numbers(text, n, what):
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != n or not all(p.isdigit() for p in parts):
        raise ValueError(f"{what}: {text!r}")
    return [int(p) for p in parts]


def parse_counts(text):
    """Pair counts [LL, LD, DD+WL, WD, WW], and the games' [W, D, L] or None."""
    pairs, _, games = text.partition("/")
    counts = whole_numbers(pairs, 5, "pair counts must be five whole numbers LL,LD,DD+WL,WD,WW")
    wdl = whole_numbers(games, 3, "wins, draws and losses must be three whole numbers W,D,L") \
        if games else None
    return counts, wdl


def full_stats(name, counts, wdl):
    """A fastchess pairing's fields from pair counts and the games' W, D, L: the WL pairs are
    the wins that WW and WD pairs do not explain, and the rest of the middle class is DD."""
    ll, ld, mid, wd, ww = counts
    w, d, l = wdl
    wl = w - 2 * ww - wd
    dd = mid - wl
    if wl < 0 or dd < 0 or d != wd + 2 * dd + ld or l != wl + ld + 2 * ll:
        raise ValueError(f"{name}: wins, draws and losses {w}, {d}, {l} do not fit the pair "
                         f"counts {counts}")
    return dict(zip(STAT_FIELDS, (w, l, d, ww, wd, wl, dd, ld, ll)))


def counts_of(stats):
    return [stats["penta_LL"], stats["penta_LD"], stats["penta_DD"] + stats["penta_WL"],
            stats["penta_WD"], stats["penta_WW"]]


def reversed_stats(stats):
    """The same pairing seen from the other engine."""
    swap = {"wins": "losses", "losses": "wins", "penta_WW": "penta_LL", "penta_LL": "penta_WW",
            "penta_WD": "penta_LD", "penta_LD": "penta_WD"}
    return {swap.get(k, k): v for k, v in stats.items()}


def read_input(arg):
    """One input as a dict: name, counts [LL, LD, DD+WL, WD, WW], bounds (elo0, elo1) or
    None, stats (a fastchess pairing's fields, or None where W, D, L are unknown) and pairing
    (the state file's "A vs B", or None)."""
    path = Path(arg)
    if not path.exists():
        counts, wdl = parse_counts(arg)
        stats = full_stats(arg, counts, wdl) if wdl else None
        return dict(name=arg, counts=counts, bounds=None, stats=stats, pairing=None)
    text = path.read_text(errors="replace")
    if path.suffix == ".json":
        try:
            state = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"{arg}: not a fastchess state file ({e})") from None
        stats = state.get("stats") or {}
        if len(stats) != 1:
            raise ValueError(f"{arg}: expected the results of one pairing, found {len(stats)}")
        pairing, s = next(iter(stats.items()))
        missing = [k for k in STAT_FIELDS if not isinstance(s.get(k), int) or s[k] < 0]
        if missing:
            raise ValueError(f"{arg}: no count {missing[0]!r} in its results")
        sprt = state.get("sprt") or {}
        bounds = None
        if sprt.get("enabled"):
            if sprt.get("model") != "normalized":
                raise ValueError(f"{arg}: an SPRT of the {sprt.get('model')!r} model, "
                                 "not the normalized one")
            bounds = (float(sprt["elo0"]), float(sprt["elo1"]))
        stats = {k: s[k] for k in STAT_FIELDS}
        return dict(name=arg, counts=counts_of(stats), bounds=bounds, stats=stats,
                    pairing=pairing)
    found = re.findall(r"Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]", text)
    if not found:
        raise ValueError(f"{arg}: no `Ptnml(0-2):` line (not a fastchess log?)")
    bounds = re.findall(r"^LLR: .*\[(-?[\d.]+), (-?[\d.]+)\]\s*$", text, re.M)
    counts = [int(n) for n in found[-1]]
    # The games line of the same results block: the last one before the last pair counts.
    before = text[:text.rfind("Ptnml(0-2):")]
    games = re.findall(r"Games: \d+, Wins: (\d+), Losses: (\d+), Draws: (\d+)", before)
    stats = None
    if games:
        w, l, d = map(int, games[-1])
        try:
            stats = full_stats(arg, counts, (w, d, l))
        except ValueError:
            stats = None  # the block counted games of an unfinished pair
    return dict(name=arg, counts=counts, bounds=tuple(map(float, bounds[-1])) if bounds else None,
                stats=stats, pairing=None)


def orient(parts):
    """Turn round each state file whose pairing is the first state file's reversed."""
    first = next((p["pairing"] for p in parts if p["pairing"]), None)
    if first is None or " vs " not in first:
        return parts
    a, b = first.split(" vs ", 1)
    for p in parts:
        if p["pairing"] == f"{b} vs {a}":
            p["stats"] = reversed_stats(p["stats"])
            p["counts"] = counts_of(p["stats"])
            p["pairing"] = first
            print(f"{p['name']}: pairing {b} vs {a}, counted as {first}")
    return parts


def write_into(target, parts, bounds):
    """Write the parts' summed results into the fastchess state file target; return the
    pairing written and the sum."""
    path = Path(target)
    if path.suffix != ".json" or not path.is_file():
        raise ValueError(f"{target}: no fastchess state file (a .json) there")
    # read_input checks it as any state file: one pairing, a normalized-model SPRT if any.
    checked = read_input(target)
    pairing, own_bounds = checked["pairing"], checked["bounds"]
    if own_bounds is None:
        raise ValueError(f"{target}: not a normalized-model SPRT")
    if own_bounds != bounds:
        raise ValueError(f"{target}: its bounds [{own_bounds[0]:g}, {own_bounds[1]:g}] are not "
                         f"the inputs' [{bounds[0]:g}, {bounds[1]:g}]")
    text = path.read_text()
    state = json.loads(text)
    for p in parts:
        if p["stats"] is None:
            raise ValueError(f"{p['name']}: its wins, draws and losses are unknown "
                             "(give them as LL,LD,DD+WL,WD,WW/W,D,L)")
        if p["pairing"] is not None and p["pairing"] != pairing:
            raise ValueError(f"{p['name']}: its pairing {p['pairing']!r} is not the target's "
                             f"{pairing!r}")
    total = {k: sum(p["stats"][k] for p in parts) for k in STAT_FIELDS}
    pairs = sum(counts_of(total))
    rounds = state.get("rounds")
    if isinstance(rounds, int) and state.get("games") == 2 and pairs >= rounds:
        raise ValueError(f"{target}: {pairs} pairs reach its cap of {rounds} rounds")
    state["stats"] = {pairing: total}
    orig = path.with_name(path.name + ".orig")
    if not orig.exists():
        orig.write_text(text)
    path.write_text(json.dumps(state, indent=4) + "\n")
    return pairing, total


def distribution(counts):
    total = sum(max(n, EMPTY_CLASS) for n in counts)
    return [max(n, EMPTY_CLASS) / total for n in counts], total


def t_value(p):
    """How far the pairs' mean score is from 1/2, in pair standard deviations."""
    mu, var = pair_mean_var(p)
    if var == 0:
        # Every pair in one class (a short part, or all draws): no spread to measure in.
        return 0.0 if mu == 0.5 else math.copysign(math.inf, mu - 0.5)
    return (mu - 0.5) / math.sqrt(var)


def most_likely_with_t(p_hat, t):
    """The distribution over the pair classes that makes the observed frequencies p_hat most
    likely among those with t-value t.

    With Lagrange multipliers, the optimum is p_i = p_hat_i / (1 + x g_i), where
    g_i = (a_i - mu) - t ((a_i - mu)^2 - var) / (2 sd) is the constraint's gradient (mu, var, sd
    those of p itself) and x makes the constraint hold. So: fix mu and sd at the current p,
    find x by bisection, renormalise, and repeat until p stops moving."""
    p = list(p_hat)
    for _ in range(500):
        mu, var = pair_mean_var(p)
        sd = math.sqrt(var)
        g = [(a - mu) - t * ((a - mu) ** 2 - var) / (2 * sd) for a in PAIR_SCORES]
        # 1 + x g_i must stay positive: x lies strictly between these ends.
        lo = max((-1 / gi for gi in g if gi > 0), default=-1e9)
        hi = min((-1 / gi for gi in g if gi < 0), default=1e9)

        def candidate(x):
            q = [ph / (1 + x * gi) for ph, gi in zip(p_hat, g)]
            s = sum(q)
            return [qi / s for qi in q]

        def excess(x):
            # The candidate's t-value against t, as a difference of means so that it moves
            # the same way as x throughout: mean - 1/2 - t sd.
            q = candidate(x)
            m, v = pair_mean_var(q)
            return m - 0.5 - t * math.sqrt(v)

        a, b = lo + (hi - lo) * 1e-12, hi - (hi - lo) * 1e-12
        fa, fb = excess(a), excess(b)
        if fa * fb > 0:
            # Not bracketed (only at degenerate counts): keep what we have.
            break
        for _ in range(200):
            m = (a + b) / 2
            fm = excess(m)
            if (fm > 0) == (fa > 0):
                a, fa = m, fm
            else:
                b = m
            if b - a < 1e-15:
                break
        new = candidate((a + b) / 2)
        moved = max(abs(x - y) for x, y in zip(new, p))
        p = new
        if moved < 1e-13:
            break
    return p


def llr(counts, elo0, elo1):
    """The log-likelihood ratio of normalized Elo elo1 against elo0 for these pair counts."""
    p_hat, total = distribution(counts)
    t0, t1 = (math.sqrt(2.0) * e / NELO_PER_T for e in (elo0, elo1))
    p0 = most_likely_with_t(p_hat, t0)
    p1 = most_likely_with_t(p_hat, t1)
    return total * sum(ph * math.log(a / b) for ph, a, b in zip(p_hat, p1, p0))


def normalized_elo(counts):
    """Normalized Elo and the half-width of its 95% interval, from the pair counts."""
    pairs = sum(counts)
    p = [n / pairs for n in counts]
    t = t_value(p)
    return NELO_PER_T * t / math.sqrt(2.0), NELO_PER_T * Z95 / math.sqrt(2.0 * pairs)


def bounds_of_llr(alpha, beta):
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def summary(counts, elo0, elo1, alpha, beta):
    elo, lo, hi = pentanomial_elo(counts)
    nelo, nhalf = normalized_elo(counts)
    value = llr(counts, elo0, elo1)
    lower, upper = bounds_of_llr(alpha, beta)
    if value >= upper:
        verdict = "H1 accepted"
    elif value <= lower:
        verdict = "H0 accepted"
    else:
        verdict = "no bound crossed"
    return {
        "pairs": sum(counts),
        "elo": elo,
        "elo_half": (hi - lo) / 2,
        "nelo": nelo,
        "nelo_half": nhalf,
        "llr": value,
        "lower": lower,
        "upper": upper,
        "verdict": verdict,
    }


def line(name, counts, s):
    return (f"{name}: {2 * s['pairs']} games, ptnml {counts}, "
            f"Elo {s['elo']:+.2f} +- {s['elo_half']:.2f}, "
            f"nElo {s['nelo']:+.2f} +- {s['nelo_half']:.2f}, LLR {s['llr']:.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("inputs", nargs="+", metavar="INPUT")
    ap.add_argument("--elo0", type=float)
    ap.add_argument("--elo1", type=float)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--into", metavar="STATE",
                    help="write the sum into this fastchess state file, to resume the whole test")
    a = ap.parse_args()
    try:
        parts = orient([read_input(i) for i in a.inputs])
    except (ValueError, OSError) as e:
        print(f"sprt_merge.py: error: {e}", file=sys.stderr)
        return 2
    if (a.elo0 is None) != (a.elo1 is None):
        ap.error("--elo0 and --elo1 go together")
    if a.elo0 is not None:
        elo0, elo1 = a.elo0, a.elo1
    else:
        found = {p["bounds"] for p in parts if p["bounds"] is not None}
        if len(found) != 1:
            ap.error("give --elo0 and --elo1 (the inputs name "
                     + ("no bounds" if not found else f"different bounds: {sorted(found)}") + ")")
        elo0, elo1 = found.pop()
    if not elo0 < elo1 or not (0 < a.alpha < 1 and 0 < a.beta < 1):
        ap.error("need elo0 < elo1 and alpha, beta between 0 and 1")
    total = [0] * 5
    for p in parts:
        name, counts = p["name"], p["counts"]
        if sum(counts) == 0:
            print(f"{name}: no game pairs")
            continue
        total = [x + y for x, y in zip(total, counts)]
        print(line(name, counts, summary(counts, elo0, elo1, a.alpha, a.beta)))
    if sum(total) == 0:
        print("sprt_merge.py: error: no game pairs in the inputs", file=sys.stderr)
        return 2
    s = summary(total, elo0, elo1, a.alpha, a.beta)
    print(line("together", total, s))
    print(f"SPRT nElo [{elo0:g}, {elo1:g}], alpha {a.alpha:g}, beta {a.beta:g}: "
          f"LLR {s['llr']:.2f} ({s['lower']:.2f}, {s['upper']:.2f}): {s['verdict']}")
    if a.into:
        try:
            pairing, written = write_into(a.into, parts, (elo0, elo1))
        except (ValueError, OSError) as e:
            print(f"sprt_merge.py: error: {e}", file=sys.stderr)
            return 2
        print(f"wrote {pairing}: " + ", ".join(f"{k} {v}" for k, v in written.items())
              + f" into {a.into}; resume with: fastchess -config file={Path(a.into).resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
