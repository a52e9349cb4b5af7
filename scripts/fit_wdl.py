#!/usr/bin/env python3
"""Fits Cutoff's win/draw/loss model to labelled positions and prints its Rust constants.

The model (src/uci/wdl.rs): with v the score (internal centipawns, from one side) and m the
material of both sides (pawn 1, knight/bishop 3, rook 5, queen 9, clamped to MATERIAL_MIN..MAX),

    win  = 1 / (1 + exp((a(m) - v) / b(m)))
    loss = 1 / (1 + exp((a(m) + v) / b(m)))
    draw = 1 - win - loss

a and b are cubics in x = m / 58. The fit maximises the likelihood of the games' results
(win, draw or loss from White's side) given the positions' scores from White's side: Newton's
method on the 8 parameters (the values of a and b at four materials, which keeps the problem
well conditioned; the cubics' coefficients are computed from them at the end), with a line
search. Plain Python, no numpy: positions are counted into (material, score) bins first.

Input: the text format of `cutoff datagen` (docs/datagen.md), `FEN | cp | result` per line,
plain or .xz. Usage:

    python3 scripts/fit_wdl.py DATA.txt
    python3 scripts/fit_wdl.py DATA --update src/uci/wdl.rs   # also rewrite the constants

The output is deterministic for a given input (no sampling).
"""

from __future__ import annotations

import argparse
import lzma
import math
import re
import sys
from collections import defaultdict

MATERIAL_MIN = 7
MATERIAL_MAX = 78
MATERIAL_SCALE = 58.0
# Scores are binned to this many centipawns (far below the model's spread b).
SCORE_BIN = 4
# Scores beyond this say nothing the model can use (all such games are decided).
SCORE_LIMIT = 4000
# The materials whose a and b are the fitted parameters.
NODES = [16, 36, 56, 76]

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}


def material_of(fen: str) -> int:
    placement = fen.split(" ", 1)[0]
    return sum(VALUES.get(c.lower(), 0) for c in placement)


def read_bins(paths):
    """{(material, score bin): [white wins, draws, black wins]} and the number of positions."""
    bins = defaultdict(lambda: [0, 0, 0])
    count = 0
    skipped = 0
    for path in paths:
        opener = lzma.open if path.endswith(".xz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.split("|")
                if len(parts) != 3:
                    skipped += 1
                    continue
                try:
                    v = int(parts[1])
                    r = float(parts[2])
                except ValueError:
                    skipped += 1
                    continue
                if abs(v) > SCORE_LIMIT:
                    continue
                m = min(max(material_of(parts[0]), MATERIAL_MIN), MATERIAL_MAX)
                outcome = 0 if r > 0.75 else (2 if r < 0.25 else 1)
                vb = int(round(v / SCORE_BIN)) * SCORE_BIN
                bins[(m, vb)][outcome] += 1
                count += 1
    if skipped:
        print(f"# skipped {skipped} malformed lines", file=sys.stderr)
    return bins, count


def lagrange(x: float, nodes):
    """The Lagrange basis at x for the given nodes."""
    out = []
    for i, xi in enumerate(nodes):
        p = 1.0
        for j, xj in enumerate(nodes):
            if j != i:
                p *= (x - xj) / (xi - xj)
        out.append(p)
    return out


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def shares(v: float, a: float, b: float):
    """Win, draw and loss probabilities. The draw is computed as the difference of two
    small numbers, not as 1 - win - loss, so that it keeps its precision at large scores."""
    pw = sigmoid((v - a) / b)
    pl = sigmoid((-v - a) / b)
    if v >= 0:
        pd = sigmoid((a - v) / b) - pl
    else:
        pd = sigmoid((a + v) / b) - pw
    return pw, pd, pl


class Problem:
    def __init__(self, bins, nodes=NODES):
        self.k = len(nodes)
        xs = [n / MATERIAL_SCALE for n in nodes]
        self.rows = []
        for (m, v), counts in sorted(bins.items()):
            self.rows.append((lagrange(m / MATERIAL_SCALE, xs), float(v), counts))
        self.n = sum(sum(c) for _, _, c in self.rows)

    def evaluate(self, params, want_grad=True):
        """Mean negative log-likelihood and its gradient; params = a at the nodes, then b."""
        k = self.k
        pa, pb = params[:k], params[k:]
        nll = 0.0
        grad = [0.0] * (2 * k)
        for basis, v, (nw, nd, nl) in self.rows:
            a = sum(w * p for w, p in zip(basis, pa))
            b = sum(w * p for w, p in zip(basis, pb))
            if b <= 1e-6:
                return math.inf, None
            pw, pd, pl = shares(v, a, b)
            if pd <= 1e-300 or pw <= 1e-300 or pl <= 1e-300:
                return math.inf, None
            nll -= nw * math.log(pw) + nd * math.log(pd) + nl * math.log(pl)
            if not want_grad:
                continue
            sw = pw * (1.0 - pw)
            sl = pl * (1.0 - pl)
            dpw_da, dpw_db = -sw / b, -sw * (v - a) / (b * b)
            dpl_da, dpl_db = -sl / b, -sl * (-v - a) / (b * b)
            d_da = -(nw * dpw_da / pw - nd * (dpw_da + dpl_da) / pd + nl * dpl_da / pl)
            d_db = -(nw * dpw_db / pw - nd * (dpw_db + dpl_db) / pd + nl * dpl_db / pl)
            for i, w in enumerate(basis):
                grad[i] += d_da * w
                grad[k + i] += d_db * w
        return nll / self.n, [g / self.n for g in grad]


def solve(matrix, rhs):
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(rhs)
    m = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-300:
            raise ValueError("singular system")
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(problem, start, iterations=30):
    params = start[:]
    loss, grad = problem.evaluate(params)
    for it in range(iterations):
        # The Hessian by central differences of the exact gradient.
        k = len(params)
        hess = [[0.0] * k for _ in range(k)]
        for i in range(k):
            h = 1e-3 * max(1.0, abs(params[i]))
            up = params[:]
            up[i] += h
            down = params[:]
            down[i] -= h
            gu = problem.evaluate(up)[1]
            gd = problem.evaluate(down)[1]
            if gu is None or gd is None:
                raise ValueError("the model left its domain while differentiating")
            for j in range(k):
                hess[j][i] = (gu[j] - gd[j]) / (2 * h)
        # Symmetrise; damp a little so that the step is always a descent direction.
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i] = 0.5 * (hess[i][j] + hess[j][i])
        damping = 0.0
        while True:
            try:
                step = solve([[hess[i][j] + (damping if i == j else 0.0) for j in range(k)]
                              for i in range(k)], [-g for g in grad])
            except ValueError:
                step = None
            if step is not None and sum(s * g for s, g in zip(step, grad)) < 0:
                break
            damping = max(1e-9, damping * 10)
        t = 1.0
        while True:
            trial = [p + t * s for p, s in zip(params, step)]
            trial_loss, trial_grad = problem.evaluate(trial)
            if trial_loss < loss or t < 1e-6:
                break
            t *= 0.5
        if not trial_loss < loss:
            break
        change = loss - trial_loss
        params, loss, grad = trial, trial_loss, trial_grad
        print(f"# iteration {it + 1}: loss {loss:.6f} (step {t:g})", file=sys.stderr)
        if change < 1e-10:
            break
    return params, loss


def cubic_coefficients(values):
    """Coefficients (x^3, x^2, x, 1) of the cubic through (NODES[i] / 58, values[i])."""
    xs = [n / MATERIAL_SCALE for n in NODES]
    c0, c1, c2, c3 = solve([[1.0, x, x * x, x ** 3] for x in xs], values)
    return [c3, c2, c1, c0]


def cubic(c, x):
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


def read_constants(path):
    """The A and B coefficient arrays written in a Rust file by --update, or None."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out = []
    for name in ("A", "B"):
        m = re.search(rf"const {name}: \[f64; 4\] = \[([^\]]*)\];", text)
        if m is None:
            print(f"{path}: no `const {name}: [f64; 4]` line", file=sys.stderr)
            return None
        out.append([float(c) for c in m.group(1).split(",")])
    return out


def rust_array(name, coeffs):
    return f"pub(crate) const {name}: [f64; 4] = [{', '.join(f'{c:.4f}' for c in coeffs)}];"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="FEN | cp | result files (plain or .xz)")
    ap.add_argument("--buckets", action="store_true",
                    help="also fit a and b for each material bucket on its own, to check the cubics' shape")
    ap.add_argument("--current", metavar="RUST_FILE",
                    help="also score the A and B constants now in this file (src/uci/wdl.rs) on "
                         "the same data: is a refit worth shipping?")
    ap.add_argument("--update", metavar="RUST_FILE",
                    help="rewrite the A and B constants in this file (src/uci/wdl.rs)")
    args = ap.parse_args()

    bins, count = read_bins(args.data)
    if count == 0:
        print("no positions", file=sys.stderr)
        return 1
    problem = Problem(bins)
    totals = [0, 0, 0]
    for c in bins.values():
        for i in range(3):
            totals[i] += c[i]
    print(f"# {count} positions in {len(bins)} bins: white wins {totals[0]}, draws {totals[1]}, "
          f"black wins {totals[2]}")

    # A start every engine's data is near: 50% at about two pawns, spread about one.
    start = [200.0] * len(NODES) + [100.0] * len(NODES)
    params, loss = fit(problem, start)
    k = len(NODES)
    a_coeffs = cubic_coefficients(params[:k])
    b_coeffs = cubic_coefficients(params[k:])
    # The likelihood of a model without the score (one W/D/L share for all), for scale.
    base = -sum(t * math.log(t / count) for t in totals if t) / count
    print(f"# mean negative log-likelihood {loss:.5f} (results alone, ignoring score: {base:.5f})")
    if args.current:
        current = read_constants(args.current)
        if current is None:
            return 1
        # The current cubics' values at the nodes are the same model in the fit's parameters.
        xs = [n / MATERIAL_SCALE for n in NODES]
        params_now = [cubic(current[0], x) for x in xs] + [cubic(current[1], x) for x in xs]
        now, _ = problem.evaluate(params_now, want_grad=False)
        print(f"# the constants in {args.current}: mean negative log-likelihood {now:.5f} "
              f"(the refit is {now - loss:.5f} lower)")
    print()
    print(rust_array("A", a_coeffs))
    print(rust_array("B", b_coeffs))
    print()
    print("# material | positions | a (score of a 50% win rate) | b (spread)")
    per_material = defaultdict(int)
    for (m, _), c in bins.items():
        per_material[m] += sum(c)
    for m in [12, 16, 20, 26, 32, 40, 48, 58, 68, 78]:
        x = m / MATERIAL_SCALE
        near = sum(n for mm, n in per_material.items() if abs(mm - m) <= 2)
        print(f"# {m:8d} | {near:9d} | {cubic(a_coeffs, x):8.1f} | {cubic(b_coeffs, x):8.1f}")

    if args.buckets:
        print()
        print("# material bucket | positions | a, b fitted on the bucket alone | the cubics at its centre")
        for lo, hi in [(10, 14), (15, 19), (20, 24), (25, 29), (30, 34), (35, 41), (42, 48),
                       (49, 55), (56, 62), (63, 69), (70, 74), (75, 78)]:
            sub = {key: c for key, c in bins.items() if lo <= key[0] <= hi}
            n = sum(sum(c) for c in sub.values())
            if n < 500:
                continue
            centre = (lo + hi) / 2
            try:
                (a, b), _ = fit(Problem(sub, [centre]), [200.0, 100.0])
            except ValueError:
                continue
            x = centre / MATERIAL_SCALE
            print(f"# {lo:3d}..{hi:3d} | {n:9d} | {a:7.1f} {b:7.1f} | {cubic(a_coeffs, x):7.1f} "
                  f"{cubic(b_coeffs, x):7.1f}")

    # Calibration: observed against predicted white-win share by score, all materials.
    print()
    print("# score bucket (white) | positions | observed W/D/L % | model W/D/L %")
    edges = [-10000, -600, -300, -150, -50, 50, 150, 300, 600, 10000]
    for lo, hi in zip(edges, edges[1:]):
        obs = [0, 0, 0]
        pred = [0.0, 0.0, 0.0]
        for (m, v), c in bins.items():
            if not lo <= v < hi:
                continue
            x = m / MATERIAL_SCALE
            a, b = cubic(a_coeffs, x), cubic(b_coeffs, x)
            pw, pd, pl = shares(v, a, b)
            n = sum(c)
            for i in range(3):
                obs[i] += c[i]
            pred[0] += n * pw
            pred[1] += n * pd
            pred[2] += n * pl
        n = sum(obs)
        if n:
            o = "/".join(f"{100 * x / n:.0f}" for x in obs)
            p = "/".join(f"{100 * x / n:.0f}" for x in pred)
            print(f"# [{lo:6d}, {hi:6d}) | {n:9d} | {o:>11} | {p:>11}")

    if args.update:
        with open(args.update, encoding="utf-8") as f:
            text = f.read()
        new = text
        for name, coeffs in (("A", a_coeffs), ("B", b_coeffs)):
            # The constants' visibility may be `pub` or `pub(crate)`; it is written as the latter.
            new, n = re.subn(rf"pub(?:\(crate\))? const {name}: \[f64; 4\] = \[[^\]]*\];",
                             rust_array(name, coeffs), new)
            if n != 1:
                print(f"{args.update}: no single `const {name}` line to replace", file=sys.stderr)
                return 1
        with open(args.update, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"# wrote the constants into {args.update}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
