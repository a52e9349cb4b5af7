#!/usr/bin/env python3
"""The table and chart of an ablation run (scripts/ablate.sh): for each variant, the games of
the full engine against the engine with that part off, as Elo with a 95% interval.

Elo and its interval come from the pentanomial counts (game pairs of one opening with colours
swapped, as fastchess -repeat plays them): the pairs' mean score and its standard error, mapped
through the logistic Elo curve. Pairs are the independent unit, so this interval is honest
where the per-game (trinomial) one is too narrow with unbalanced openings.

Usage: ablation_report.py RESULTS_TSV --markdown OUT.md --svg OUT.svg [--title T]
                          [--conditions FILE]
"""

import argparse
import math
import re
import sys
from pathlib import Path

Z95 = 1.959964


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def pentanomial_elo(ptnml):
    """Elo, low and high ends of its 95% interval, from pair counts [LL, LD, DD+WL, WD, WW]."""
    pairs = sum(ptnml)
    if pairs == 0:
        return None
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    mean = sum(n * v for n, v in zip(ptnml, values)) / pairs
    var = sum(n * (v - mean) ** 2 for n, v in zip(ptnml, values)) / pairs
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
    verdict = ""
    m = re.findall(r"SPRT \(\[[^]]*\]\) completed - (H[01]) was accepted", text)
    if m:
        verdict = m[-1] + (" (part gains)" if m[-1] == "H1" else " (no gain shown)")
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


def read_results(tsv):
    rows = {}
    for line in Path(tsv).read_text().splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        name, options, log = parts
        r = parse_log(log)
        if r is None:
            continue
        r["name"], r["options"] = name, options
        r["elo"], r["lo"], r["hi"] = pentanomial_elo(r["ptnml"])
        rows[name] = r  # a later run of the same variant replaces an earlier one
    return list(rows.values())


def markdown(rows, title, conditions):
    out = [f"### {title}", ""]
    if conditions:
        out += ["```", conditions.strip(), "```", ""]
    out.append("| part switched off | options | games | W / D / L (full engine) "
               "| Elo lost when off | 95% interval | SPRT |")
    out.append("|---|---|---:|---:|---:|---|---|")
    for r in rows:
        sprt = r["verdict"] or (f"LLR {r['llr']}" if r["llr"] else "")
        out.append(
            f"| {r['name']} | `{r['options']}` | {r['games']} | "
            f"{r['wins']} / {r['draws']} / {r['losses']} | {r['elo']:+.1f} | "
            f"[{r['lo']:+.1f}, {r['hi']:+.1f}] | {sprt} |"
        )
    out.append("")
    return "\n".join(out)


def svg(rows, title):
    """A horizontal bar per variant, from 0 to its Elo, with its 95% interval as a whisker."""
    row_h, top, left, right, width = 30, 50, 150, 30, 760
    height = top + row_h * max(len(rows), 1) + 50
    finite = [v for r in rows for v in (r["lo"], r["hi"], r["elo"])]
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
             f'Elo lost when switched off (95% interval)</text>')
    for i, r in enumerate(rows):
        y = top + i * row_h
        x0, x1 = sorted((x(0), x(r["elo"])))
        color = "#4a7ebb" if r["lo"] > 0 else ("#bb4a4a" if r["hi"] < 0 else "#999")
        e.append(f'<rect x="{x0:.1f}" y="{y + 6}" width="{max(x1 - x0, 1):.1f}" '
                 f'height="{row_h - 12}" fill="{color}"/>')
        cy = y + row_h / 2
        e.append(f'<line x1="{x(r["lo"]):.1f}" y1="{cy}" x2="{x(r["hi"]):.1f}" y2="{cy}" '
                 f'stroke="black"/>')
        for end in (r["lo"], r["hi"]):
            e.append(f'<line x1="{x(end):.1f}" y1="{cy - 6}" x2="{x(end):.1f}" '
                     f'y2="{cy + 6}" stroke="black"/>')
        e.append(f'<text x="{left - 8}" y="{cy + 4}" text-anchor="end">{esc(r["name"])}</text>')
        e.append(f'<text x="{x(r["hi"]) + 5:.1f}" y="{cy + 4}">{r["elo"]:+.0f} '
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
    ap.add_argument("--markdown", required=True)
    ap.add_argument("--svg", required=True)
    ap.add_argument("--title", default="Elo lost when each part is off")
    ap.add_argument("--conditions")
    a = ap.parse_args()
    rows = read_results(a.results)
    if not rows:
        print("ablation_report.py: no finished variant yet", file=sys.stderr)
        return
    conditions = Path(a.conditions).read_text() if a.conditions else ""
    Path(a.markdown).write_text(markdown(rows, a.title, conditions))
    Path(a.svg).write_text(svg(rows, a.title))


if __name__ == "__main__":
    main()
