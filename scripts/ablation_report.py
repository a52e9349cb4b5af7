#!/usr/bin/env python3
"""The table and chart of an ablation run (scripts/ablate.sh): for each variant, the games of
the full engine against the engine with one part switched off (or, for a part the engine plays
without, switched on), as Elo with a 95% interval, and the same result read as what the part
is worth.

Elo and its interval come from the pentanomial counts (game pairs of one opening with colours
swapped, as fastchess -repeat plays them): the pairs' mean score and its standard error, mapped
through the logistic Elo curve. Pairs are the independent unit, so this interval is honest
where the per-game (trinomial) one is too narrow with unbalanced openings.

A variant may have several rows in RESULTS_TSV, one per batch of games (ablate.sh --batch):
rows with the same name and options are summed; a row with other options for the same name
replaces what came before it.

Usage: ablation_report.py RESULTS_TSV --markdown OUT.md --svg OUT.svg [--title T]
                          [--conditions FILE]
       ablation_report.py RESULTS_TSV --next NAME OPTIONS --batch B --max-games G
                          [--precision E]
The second form prints how many games the variant's next batch should have (0: it is done)
and how many batches it has so far, for ablate.sh's loop.
"""

import argparse
import math
import re
import sys
from pathlib import Path

Z95 = 1.959964
# A game pair's score in each pentanomial class: LL, LD, DD or WL, WD, WW.
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
# A variant stops on --precision only with at least this many games: the spread of a few
# pairs is too rough a guess (two pairs scored 1-1 each have no spread at all).
MIN_GAMES_TO_STOP = 100


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def pair_mean_var(p):
    """Mean and variance of a game pair's score under frequencies p of the five classes."""
    mean = sum(pi * v for pi, v in zip(p, PAIR_SCORES))
    return mean, sum(pi * (v - mean) ** 2 for pi, v in zip(p, PAIR_SCORES))


def pentanomial_elo(ptnml):
    """Elo, low and high ends of its 95% interval, from pair counts [LL, LD, DD+WL, WD, WW]."""
    pairs = sum(ptnml)
    if pairs == 0:
        return None
    mean, var = pair_mean_var([n / pairs for n in ptnml])
    se = math.sqrt(var / pairs)
    return elo_of(mean), elo_of(mean - Z95 * se), elo_of(mean + Z95 * se)


def parse_log(path):
    """The last results block of a fastchess log: W/D/L of the first engine, pentanomial
    counts, the SPRT verdict if any."""
    text = Path(path).read_text(errors="replace") if Path(path).exists() else ""
    games = re.findall(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)", text)
    ptnml = re.findall(r"Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\]", text)
    if not games or not ptnml:
        return None
    n, w, l, d = map(int, games[-1])
    m = re.findall(r"SPRT \(\[[^]]*\]\) completed - (H[01]) was accepted", text)
    verdict = m[-1] if m else ""
    llr = re.findall(r"^LLR: (\S+)", text, re.M)
    return {
        "games": n,
        "wins": w,
        "draws": d,
        "losses": l,
        "ptnml": list(map(int, ptnml[-1])),
        "verdict": verdict,
        "llr": llr[-1] if llr else "",
    }


def add(total, r):
    """The batch r added to the running total of its variant."""
    for key in ("games", "wins", "draws", "losses"):
        total[key] += r[key]
    total["ptnml"] = [a + b for a, b in zip(total["ptnml"], r["ptnml"])]
    total["batches"] += 1
    # An SPRT verdict belongs to one run; summed batches have none.
    total["verdict"], total["llr"] = (r["verdict"], r["llr"]) if total["batches"] == 1 else ("", "")


def read_results(tsv):
    """One row per variant, in the order the variants first appear, batches summed."""
    rows = {}
    for line in Path(tsv).read_text().splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        name, options, log = parts
        r = parse_log(log)
        if r is None:
            continue
        total = rows.get(name)
        if total is None or total["options"] != options:
            # A first batch, or a run with other options, which replaces the earlier one.
            total = {"name": name, "options": options, "games": 0, "wins": 0, "draws": 0,
                     "losses": 0, "ptnml": [0] * 5, "batches": 0}
            rows[name] = total
        add(total, r)
    for r in rows.values():
        r["elo"], r["lo"], r["hi"] = pentanomial_elo(r["ptnml"])
    return list(rows.values())


def precise_enough(r, precision):
    """Whether the variant's 95% interval is narrow enough to stop: at most +-precision Elo,
    or, for a part worth far more than that, at most a quarter of its Elo either way (a
    +300 Elo part needs no +-15 to be ranked)."""
    half = (r["hi"] - r["lo"]) / 2
    return half <= max(precision, abs(r["elo"]) / 4)


def next_batch(rows, name, options, batch, max_games, precision=None):
    """(games for the variant's next batch, batches it has): 0 games once it has max_games,
    or once its interval is precise enough."""
    r = next((r for r in rows if r["name"] == name and r["options"] == options), None)
    played = r["games"] if r else 0
    batches = r["batches"] if r else 0
    if played >= max_games:
        return 0, batches
    if precision is not None and played >= MIN_GAMES_TO_STOP and precise_enough(r, precision):
        return 0, batches
    return min(batch, max_games - played), batches


def direction(options):
    """"off" when a variant switches parts off (every option set false), "on" when it
    switches parts on that the engine plays without (every option set true), "" otherwise."""
    values = {p.partition("=")[2].strip().lower() for p in options.split(",") if p}
    if values == {"false"}:
        return "off"
    if values == {"true"}:
        return "on"
    return ""


def worth(r):
    """(Elo, low, high) of what the part is worth to the engine: for a part in play, the Elo
    the full engine has over the engine without it; for a part out of play, the Elo the
    variant that switches it on has over the full engine (the negated result)."""
    if direction(r["options"]) == "on":
        return -r["elo"], -r["hi"], -r["lo"]
    return r["elo"], r["lo"], r["hi"]


def reading(r):
    """What the interval says of the part: it gains (all of the interval above 0), costs (all
    below), or its worth is within the error. A part out of play gains or costs "when on"; a
    variant that is neither (options of both kinds) is read from the full engine's side."""
    _, lo, hi = worth(r)
    kind = direction(r["options"])
    if lo > 0:
        return {"off": "gains", "on": "gains when on"}.get(kind, "full engine stronger")
    if hi < 0:
        return {"off": "costs", "on": "costs when on"}.get(kind, "full engine weaker")
    return "within the error"


def sprt_text(r):
    """The SPRT's verdict in the part's terms (the test is the full engine against the
    variant: H1 says the full engine is stronger), else the last LLR."""
    if not r["verdict"]:
        return f"LLR {r['llr']}" if r["llr"] else ""
    full_stronger = r["verdict"] == "H1"
    kind = direction(r["options"])
    if kind == "on":
        return r["verdict"] + (" (part costs when on)" if full_stronger else " (no loss shown)")
    if kind == "off":
        return r["verdict"] + (" (part gains)" if full_stronger else " (no gain shown)")
    return r["verdict"] + (" (full engine stronger)" if full_stronger else " (no gain shown)")


def markdown(rows, title, conditions):
    out = [f"### {title}", ""]
    if conditions:
        out += ["```", conditions.strip(), "```", ""]
    out += [
        "A part in play is switched off in its variant (`=false`); a part out of play is "
        "switched on (`=true`). *Full engine* is the Elo of the engine as it plays over the "
        "variant; *worth* is the same result in the part's terms: what it gains in play, or "
        "what it would gain if switched on (the negated result).",
        "",
        "| variant | options | games | W / D / L (full engine) | full engine "
        "| worth of the part | 95% interval (worth) | reading | SPRT |",
        "|---|---|---:|---:|---:|---:|---|---|---|",
    ]
    for r in rows:
        w, lo, hi = worth(r)
        out.append(
            f"| {r['name']} | `{r['options']}` | {r['games']} | "
            f"{r['wins']} / {r['draws']} / {r['losses']} | {r['elo']:+.1f} | {w:+.1f} | "
            f"[{lo:+.1f}, {hi:+.1f}] | {reading(r)} | {sprt_text(r)} |"
        )
    out.append("")
    return "\n".join(out)


def svg(rows, title):
    """A horizontal bar per variant, from 0 to the part's worth, with its 95% interval as a
    whisker."""
    points = [worth(r) for r in rows]
    row_h, top, left, right, width = 30, 50, 150, 30, 760
    height = top + row_h * max(len(rows), 1) + 50
    finite = [v for p in points for v in p]
    lo = min([0.0] + finite)
    hi = max([10.0] + finite)
    step = nice_step((hi - lo) / 8)
    lo = math.floor(lo / step) * step
    hi = math.ceil(hi / step) * step
    plot_w = width - left - right

    def x(v):
        return left + (v - lo) / (hi - lo) * plot_w

    e = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">{esc(title)}</text>',
    ]
    axis_y = top + row_h * len(rows) + 5
    t = lo
    while t <= hi + 1e-9:
        e.append(f'<line x1="{x(t):.1f}" y1="{top - 5}" x2="{x(t):.1f}" y2="{axis_y}" '
                 f'stroke="#ddd"/>')
        e.append(f'<text x="{x(t):.1f}" y="{axis_y + 16}" text-anchor="middle">{t:g}</text>')
        t += step
    e.append(f'<line x1="{x(0):.1f}" y1="{top - 5}" x2="{x(0):.1f}" y2="{axis_y}" '
             f'stroke="black"/>')
    e.append(f'<text x="{left + plot_w / 2}" y="{axis_y + 36}" text-anchor="middle">'
             f'Elo each part is worth: lost when switched off, or gained when switched on '
             f'(95% interval)</text>')
    for i, (r, (elo, lo_end, hi_end)) in enumerate(zip(rows, points)):
        y = top + i * row_h
        x0, x1 = sorted((x(0), x(elo)))
        color = "#4a7ebb" if lo_end > 0 else ("#bb4a4a" if hi_end < 0 else "#999")
        e.append(f'<rect x="{x0:.1f}" y="{y + 6}" width="{max(x1 - x0, 1):.1f}" '
                 f'height="{row_h - 12}" fill="{color}"/>')
        cy = y + row_h / 2
        e.append(f'<line x1="{x(lo_end):.1f}" y1="{cy}" x2="{x(hi_end):.1f}" y2="{cy}" '
                 f'stroke="black"/>')
        for end in (lo_end, hi_end):
            e.append(f'<line x1="{x(end):.1f}" y1="{cy - 6}" x2="{x(end):.1f}" '
                     f'y2="{cy + 6}" stroke="black"/>')
        e.append(f'<text x="{left - 8}" y="{cy + 4}" text-anchor="end">{esc(r["name"])}</text>')
        e.append(f'<text x="{x(hi_end) + 5:.1f}" y="{cy + 4}">{elo:+.0f} '
                 f'({r["games"]})</text>')
    e.append("</svg>")
    return "\n".join(e) + "\n"


def nice_step(raw):
    if raw <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("--markdown")
    ap.add_argument("--svg")
    ap.add_argument("--title", default="Elo lost when each part is off")
    ap.add_argument("--conditions")
    ap.add_argument("--next", nargs=2, metavar=("NAME", "OPTIONS"))
    ap.add_argument("--batch", type=int)
    ap.add_argument("--max-games", type=int)
    ap.add_argument("--precision", type=float)
    a = ap.parse_args()
    rows = read_results(a.results) if Path(a.results).exists() else []
    if a.next:
        if a.batch is None or a.max_games is None:
            ap.error("--next needs --batch and --max-games")
        games, batches = next_batch(rows, *a.next, a.batch, a.max_games, a.precision)
        print(games, batches)
        return
    if not a.markdown or not a.svg:
        ap.error("--markdown and --svg are required")
    if not rows:
        print("ablation_report.py: no finished variant yet", file=sys.stderr)
        return
    conditions = Path(a.conditions).read_text() if a.conditions else ""
    Path(a.markdown).write_text(markdown(rows, a.title, conditions))
    Path(a.svg).write_text(svg(rows, a.title))


if __name__ == "__main__":
    main()
