#!/usr/bin/env python3
"""calibrate_levels.py - measure Cutoff's UCI_Elo levels against rated engines and fit
the mapping from UCI_Elo to the internal skill (src/search/level.rs, ELO_ANCHORS).

Method
------
* Each level is Cutoff with UCI_LimitStrength=true and UCI_Elo=<setting>, one thread,
  16 MB hash. It plays cutechess-cli matches (openings from 8moves_v3.pgn, each opening
  with both colours) against *anchors*: engines of known rating. Fixed anchors are the
  Debian engines with their approximate CCRL ratings (Fairy-Max 2000, Phalanx XXV 2500,
  GNU Chess 6 2660, Glaurung 2.2 2790) and full-strength Cutoff (--cutoff-rating, its
  measured rating: Glaurung 2.2 + 151 at 8+0.08 in docs/elo.md, so about 2940).
* Levels are played from the strongest down. A level already measured becomes an anchor
  for the levels below it (a ladder), because no Debian engine is weak enough to measure
  a 1200 level directly (a 1200 player scores nothing against a 2000 one, which says
  nothing). Each level plays the --opponents anchors nearest to where it is expected: its
  setting plus the last measured level's error (measured - setting), 0 for the first.
* A level's Elo is the maximum-likelihood rating given its scores against the anchors
  (logistic model, draws as half points), with one pseudo-draw added per anchor so a 0%
  or 100% score still gives a finite estimate. The 95% error bar is 1.96 standard errors
  from the Fisher information (binomial variance, so slightly wide when there are draws),
  plus the error of ladder anchors added in quadrature.
* The fit: measured Elo against skill (the skill each setting maps to today, read from
  ELO_ANCHORS) by weighted least squares, a line; inverting it gives a new ELO_ANCHORS
  table, printed for pasting into level.rs.

Output: a markdown report (--out, default stdout) with the command, the games, the table
of setting / skill / measured Elo +- 95% and the proposed anchors.

Usage
-----
  scripts/calibrate_levels.py --engine target/release/cutoff \\
      --levels 1200,1600,2000,2400 --games 6 --tc 10+0.1 --out /tmp/levels.md

Run it under `nice -n 10` on a shared machine; --concurrency 1 keeps timing fair.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parents[1]
LEVEL_RS = REPO / "src" / "search" / "level.rs"

#: Approximate CCRL ratings of the fixed anchors (the issue's figures).
FIXED_RATINGS = {"fairymax": 2000, "phalanx": 2500, "gnuchess": 2660, "glaurung": 2790}


@dataclass
class Anchor:
    name: str
    rating: float
    sigma: float  # standard error of the rating (0 for the fixed engines)
    args: List[str]  # cutechess-cli engine arguments


@dataclass
class Result:
    opponent: str
    opp_rating: float
    opp_sigma: float
    wins: int
    losses: int
    draws: int
    #: Games the level lost on time, and games either side disconnected or crashed.
    time_losses: int = 0
    disconnects: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass
class Level:
    setting: int
    skill: float
    results: List[Result] = field(default_factory=list)
    elo: Optional[float] = None
    sigma: Optional[float] = None


def find_binary(name: str) -> Optional[str]:
    p = shutil.which(name)
    if p:
        return p
    q = Path("/usr/games") / name
    return str(q) if q.exists() else None


def read_anchors() -> List[Tuple[int, float]]:
    """ELO_ANCHORS from level.rs: the one source of the mapping."""
    text = LEVEL_RS.read_text()
    m = re.search(r"ELO_ANCHORS: &\[\(i32, f64\)\] = &\[(.*?)\];", text, re.S)
    if not m:
        sys.exit(f"calibrate_levels.py: ELO_ANCHORS not found in {LEVEL_RS}")
    pairs = re.findall(r"\(\s*(-?\d+)\s*,\s*(-?[\d.]+)\s*\)", m.group(1))
    return [(int(e), float(s)) for e, s in pairs]


def skill_for(elo: int, anchors: List[Tuple[int, float]]) -> float:
    """The same piecewise-linear map as level.rs::skill_for_elo."""
    if elo <= anchors[0][0]:
        return anchors[0][1]
    if elo >= anchors[-1][0]:
        return anchors[-1][1]
    for (e0, s0), (e1, s1) in zip(anchors, anchors[1:]):
        if elo <= e1:
            return s0 + (s1 - s0) * (elo - e0) / (e1 - e0)
    return anchors[-1][1]


def expected(r: float, opp: float) -> float:
    return 1.0 / (1.0 + 10.0 ** ((opp - r) / 400.0))


def estimate(results: List[Result]) -> Tuple[float, float]:
    """Maximum-likelihood rating and its standard error (see the module doc)."""
    data = []
    for res in results:
        # One pseudo-draw per anchor keeps 0% and 100% finite.
        n = res.games + 1
        score = res.wins + 0.5 * res.draws + 0.5
        data.append((res.opp_rating, n, score, res.opp_sigma))
    # Newton's method on the log-likelihood, from the mean anchor rating.
    r = sum(d[0] for d in data) / len(data)
    k = math.log(10) / 400.0
    for _ in range(100):
        grad = sum(k * (s - n * expected(r, o)) for o, n, s, _ in data)
        info = sum(k * k * n * expected(r, o) * (1 - expected(r, o)) for o, n, _, _ in data)
        step = grad / info
        r += max(-200.0, min(200.0, step))
        if abs(step) < 0.01:
            break
    info = sum(k * k * n * expected(r, o) * (1 - expected(r, o)) for o, n, _, _ in data)
    sigma = 1.0 / math.sqrt(info)
    # The anchors' own errors, weighted by how much each anchor's games tell.
    w = [n * expected(r, o) * (1 - expected(r, o)) for o, n, _, _ in data]
    anchor_var = sum(wi * d[3] ** 2 for wi, d in zip(w, data)) / sum(w)
    return r, math.sqrt(sigma**2 + anchor_var)


def bound(results: List[Result]) -> Optional[Tuple[str, float]]:
    """For a level that lost (or won) every game, the one-sided 95% bound on its rating: the
    rating at which so clean a sweep has a 5% chance. None when the score is mixed."""
    if all(r.wins == 0 and r.draws == 0 for r in results):
        sign, p_of = "<", lambda x: 1.0 - x
    elif all(r.losses == 0 and r.draws == 0 for r in results):
        sign, p_of = ">", lambda x: x
    else:
        return None
    def chance(rating: float) -> float:
        return math.prod(p_of(expected(rating, r.opp_rating)) ** r.games for r in results)
    lo, hi = -2000.0, 6000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        # A sweep of losses gets likelier as the rating falls; of wins as it rises.
        if (chance(mid) > 0.05) == (sign == "<"):
            lo = mid
        else:
            hi = mid
    return sign, (lo + hi) / 2


def fit(levels: List[Level]) -> Tuple[float, float]:
    """Weighted least squares: elo = a + b * skill, over the levels with a real estimate
    (a clean sweep only bounds a rating). Needs two such levels, else (nan, 0)."""
    pts = [(lv.skill, lv.elo, 1.0 / lv.sigma**2) for lv in levels
           if lv.elo is not None and bound(lv.results) is None]
    if len({x for x, _, _ in pts}) < 2:
        return float("nan"), 0.0
    sw = sum(w for _, _, w in pts)
    mx = sum(w * x for x, _, w in pts) / sw
    my = sum(w * y for _, y, w in pts) / sw
    sxx = sum(w * (x - mx) ** 2 for x, _, w in pts)
    sxy = sum(w * (x - mx) * (y - my) for x, y, w in pts)
    b = sxy / sxx if sxx > 0 else 0.0
    return my - b * mx, b


def through_points(levels: List[Level], lo: int, hi: int) -> List[Tuple[int, float]]:
    """An ELO_ANCHORS table through the measured levels themselves (piecewise linear, for when
    Elo is not linear in the skill): each level with a real estimate becomes the pair
    (measured Elo, its skill); the ends lo and hi are read off the segment they fall in, or
    the nearest one extended, clamped to skills 0..20. A level out of order (measured below a
    weaker one) is left out. Empty with fewer than two usable levels."""
    pts = sorted((lv.skill, lv.elo) for lv in levels
                 if lv.elo is not None and bound(lv.results) is None)
    mono: List[Tuple[int, float]] = []
    for sk, elo in pts:
        if not mono or round(elo) > mono[-1][0]:
            mono.append((round(elo), sk))
    if len(mono) < 2:
        return []

    def skill_at(elo: int) -> float:
        i = 1
        while i < len(mono) - 1 and elo > mono[i][0]:
            i += 1
        (e0, s0), (e1, s1) = mono[i - 1], mono[i]
        return max(0.0, min(20.0, s0 + (s1 - s0) * (elo - e0) / (e1 - e0)))

    inner = [(e, sk) for e, sk in mono if lo < e < hi]
    table = [(lo, skill_at(lo))] + inner + [(hi, skill_at(hi))]
    # Strictly increasing in both (clamping can flatten the ends).
    out: List[Tuple[int, float]] = []
    for e, sk in table:
        if not out or (e > out[-1][0] and sk > out[-1][1]):
            out.append((e, sk))
    return out


def parse_score(log: str, name: str) -> Tuple[int, int, int]:
    """The last 'Score of NAME vs X: W - L - D' line."""
    m = None
    for m in re.finditer(rf"^Score of {re.escape(name)} vs .*?: (\d+) - (\d+) - (\d+)", log, re.M):
        pass
    if m is None:
        raise RuntimeError(f"no score line for {name} in cutechess output:\n{log[-2000:]}")
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=str(REPO / "target" / "release" / "cutoff"))
    ap.add_argument("--levels", default="1200,1600,2000,2400", help="UCI_Elo settings")
    ap.add_argument("--games", type=int, default=6, help="games per level and anchor (even)")
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--opponents", type=int, default=2, help="anchors per level, nearest first")
    ap.add_argument("--anchors", default="fairymax,phalanx,gnuchess,glaurung,cutoff",
                    help="fixed anchors to use")
    ap.add_argument("--cutoff-rating", type=float, default=2940.0,
                    help="full-strength Cutoff's rating (docs/elo.md: Glaurung 2790 + 151)")
    ap.add_argument("--book", default=str(REPO.parent / "shared" / "data" / "books" / "8moves_v3.pgn"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cutechess", default=os.environ.get("CUTECHESS") or shutil.which("cutechess-cli")
                    or "cutechess-cli")
    ap.add_argument("--pgn", default=None, help="also write all games here")
    ap.add_argument("--out", default=None, help="markdown report (default: stdout)")
    ap.add_argument("--overhead", type=int, default=None,
                    help="Move Overhead (ms) for every Cutoff engine (default: the engine's)")
    ap.add_argument("--json", default=None, help="save the results here (for --from-json)")
    ap.add_argument("--from-json", default=None,
                    help="play nothing: re-analyse results saved with --json (comma-separated "
                         "files: their levels are pooled, e.g. a run and a later check)")
    ap.add_argument("--line-above", type=float, default=None, metavar="SKILL",
                    help="in the proposal through the levels, take the Elo of levels at this "
                         "skill or above from a weighted line fitted to them alone (smooths a "
                         "noisy, nearly linear top)")
    args = ap.parse_args()
    if args.from_json:
        levels, headers, commands = [], [], []
        for path in args.from_json.split(","):
            saved = json.loads(Path(path).read_text())
            levels += [Level(lv["setting"], lv["skill"], [Result(**r) for r in lv["results"]])
                       for lv in saved["levels"]]
            headers.append(saved["header"])
            commands += saved["commands"]
        for lv in levels:
            lv.elo, lv.sigma = estimate(lv.results)
        report(args, levels, " ".join(headers), commands, read_anchors())
        return

    engine = str(Path(args.engine).resolve())
    if not os.access(engine, os.X_OK):
        sys.exit(f"calibrate_levels.py: no engine at {engine}")
    if args.games < 2 or args.games % 2:
        sys.exit("calibrate_levels.py: --games must be even (each opening with both colours)")
    settings = sorted({int(x) for x in args.levels.split(",")}, reverse=True)
    elo_anchors = read_anchors()
    work = Path(tempfile.mkdtemp(prefix="cutoff-levels."))
    cutoff_base = ["proto=uci", f"cmd={engine}", "option.Threads=1", "option.Hash=16", f"dir={work}"]
    if args.overhead is not None:
        cutoff_base.append(f"option.Move Overhead={args.overhead}")

    anchors: List[Anchor] = []
    for name in args.anchors.split(","):
        if name == "cutoff":
            anchors.append(Anchor("cutoff-full", args.cutoff_rating, 0.0, ["name=cutoff-full", *cutoff_base]))
            continue
        binary = find_binary(name)
        if binary is None:
            print(f"calibrate_levels.py: {name} not installed, skipped", file=sys.stderr)
            continue
        spec = {
            "fairymax": ["proto=xboard"],
            "phalanx": ["proto=xboard", "arg=-l-", "arg=-b-"],
            "gnuchess": ["proto=uci", "arg=--uci", "option.OwnBook=false", "option.Hash=16"],
            "glaurung": ["proto=uci", "option.Threads=1", "option.Hash=16", "option.OwnBook=false"],
        }[name]
        anchors.append(Anchor(name, FIXED_RATINGS[name], 0.0, [f"name={name}", f"cmd={binary}", *spec, f"dir={work}"]))

    levels: List[Level] = []
    commands: List[str] = []
    started = time.time()
    # The repository's commit now: the engine binary should be built from it.
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip()
    offset = 0.0
    for setting in settings:
        lv = Level(setting, skill_for(setting, elo_anchors))
        name = f"cutoff-elo{setting}"
        # Nearest to where the level is expected: its setting, moved by the last measured
        # level's error, so a mapping that is off does not pair levels with lopsided anchors.
        expect = setting + offset
        chosen = sorted(anchors, key=lambda a: abs(a.rating - expect))[: args.opponents]
        for anchor in chosen:
            cmd = [
                args.cutechess,
                "-engine", f"name={name}", *cutoff_base,
                "option.UCI_LimitStrength=true", f"option.UCI_Elo={setting}",
                "-engine", *anchor.args,
                "-each", f"tc={args.tc}",
                "-openings", f"file={args.book}", "format=pgn", "order=random",
                "-srand", str(args.seed),
                "-games", "2", "-rounds", str(args.games // 2), "-repeat",
                "-concurrency", str(args.concurrency),
                "-recover",
            ]
            if args.pgn:
                cmd += ["-pgnout", str(Path(args.pgn).resolve())]
            commands.append(" ".join(shlex.quote(c) for c in cmd))
            print(f"[{time.time() - started:6.0f}s] {name} (skill {lv.skill:.2f}) vs {anchor.name} "
                  f"({anchor.rating:.0f}), {args.games} games", file=sys.stderr, flush=True)
            out = subprocess.run(cmd, capture_output=True, text=True, cwd=work).stdout
            w, l, d = parse_score(out, name)
            flags = disconnects = 0
            # "Finished game 3 (A vs B): 0-1 {White loses on time}": who lost is a colour.
            for m in re.finditer(r"^Finished game \d+ \((.+?) vs (.+?)\): \S+ \{(.*)\}", out, re.M):
                white, _, text = m.groups()
                if "loses on time" in text and (text.startswith("White") == (white == name)):
                    flags += 1
                if "disconnects" in text or "stalls" in text or "crash" in text:
                    disconnects += 1
                if "illegal" in text:
                    print(f"  ILLEGAL MOVE: {m.group(0)}", file=sys.stderr)
            lv.results.append(Result(anchor.name, anchor.rating, anchor.sigma, w, l, d, flags, disconnects))
            print(f"  +{w} -{l} ={d} (level lost {flags} on time; {disconnects} disconnects)",
                  file=sys.stderr, flush=True)
        lv.elo, lv.sigma = estimate(lv.results)
        if bound(lv.results) is None:
            offset = lv.elo - setting
        levels.append(lv)
        # Measured levels anchor the ones below them.
        anchors.append(Anchor(name, lv.elo, lv.sigma,
                              [f"name={name}", *cutoff_base, "option.UCI_LimitStrength=true",
                               f"option.UCI_Elo={setting}"]))

        # Saved after every level, so a run cut short keeps what it measured (--from-json).
        header = save(args, levels, commands, engine, rev, started)
    report(args, levels, header, commands, elo_anchors)


def save(args, levels: List[Level], commands: List[str], engine: str, rev: str,
         started: float) -> str:
    """The report's header line; with --json, also writes the results so far."""
    header = (f"Engine `{engine}` (repository at {rev} when the run started), tc {args.tc}, concurrency {args.concurrency}, "
              f"{args.games} games per level and anchor, book `{Path(args.book).name}` (seed {args.seed}); "
              f"{time.time() - started:.0f} s in all.")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "header": header, "commands": commands,
            "levels": [{"setting": lv.setting, "skill": lv.skill,
                        "results": [r.__dict__ for r in lv.results]} for lv in levels]}, indent=1))
    return header


def report(args, levels: List[Level], header: str, commands: List[str],
           elo_anchors: List[Tuple[int, float]]) -> None:
    levels.sort(key=lambda lv: (lv.skill, lv.setting))
    a, b = fit(levels)
    monotone = all(x.elo < y.elo for x, y in zip(levels, levels[1:]))
    lo, hi = elo_anchors[0][0], elo_anchors[-1][0]
    proposed = []
    if b > 0:
        for elo in range(lo, hi + 1, 200 if hi - lo >= 800 else 100):
            proposed.append((elo, max(0.0, min(20.0, (elo - a) / b))))
        # Keep the table strictly increasing (clamping can flatten the ends).
        proposed = [p for i, p in enumerate(proposed) if i == 0 or p[1] > proposed[i - 1][1]]

    lines = [
        header,
        "",
        "| UCI_Elo | skill | games | results (W-L-D vs anchor) | lost on time | measured Elo | 95% | measured - setting | one-sided 95% bound |",
        "|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for lv in levels:
        games = sum(r.games for r in lv.results)
        res = "; ".join(f"{r.wins}-{r.losses}-{r.draws} vs {r.opponent} ({r.opp_rating:.0f})" for r in lv.results)
        flags = sum(r.time_losses for r in lv.results)
        bd = bound(lv.results)
        bd_text = f"{bd[0]} {bd[1]:.0f}" if bd else ""
        lines.append(f"| {lv.setting} | {lv.skill:.2f} | {games} | {res} | {flags} | {lv.elo:.0f} | "
                     f"±{1.96 * lv.sigma:.0f} | {lv.elo - lv.setting:+.0f} | {bd_text} |")
    lines += [
        "",
        f"Measured Elo rises with the skill at every step: {'yes' if monotone else 'NO'}.",
        "A level that lost every game has no real estimate (the one pseudo-draw per anchor "
        "sets it); its bound column says what the games do show.",
        (f"Weighted fit over the levels without a clean sweep: Elo = {a:.0f} + {b:.1f} x skill."
         if not math.isnan(a) else
         "No fit: it needs two levels of different skill without a clean sweep."),
        "",
    ]
    if proposed:
        table = ", ".join(f"({e}, {s:.2f})" for e, s in proposed)
        lines += ["Proposed `ELO_ANCHORS` (src/search/level.rs) from the fit:", "",
                  "```rust", f"pub const ELO_ANCHORS: &[(i32, f64)] = &[{table}];", "```", ""]
    smoothed = levels
    if args.line_above is not None:
        top = [lv for lv in levels if lv.skill >= args.line_above]
        ta, tb = fit(top)
        if tb > 0:
            smoothed = []
            for lv in levels:
                if lv.skill >= args.line_above:
                    lv = Level(lv.setting, lv.skill, lv.results, ta + tb * lv.skill, lv.sigma)
                smoothed.append(lv)
            lines += [f"Line over the levels at skill {args.line_above:g} or above: "
                      f"Elo = {ta:.0f} + {tb:.1f} x skill (used for them below).", ""]
    points = through_points(smoothed, lo, hi)
    if points:
        table = ", ".join(f"({e}, {s:.2f})" for e, s in points)
        resid = ", ".join(f"{lv.setting}: {lv.elo - (a + b * lv.skill):+.0f}" for lv in levels
                          if lv.elo is not None and bound(lv.results) is None)
        lines += [f"The line's residuals (measured - fit): {resid}.", "",
                  "Proposed `ELO_ANCHORS` through the measured levels (piecewise linear; better "
                  "when the residuals are large):", "",
                  "```rust", f"pub const ELO_ANCHORS: &[(i32, f64)] = &[{table}];", "```", ""]
    lines += ["Commands:", "", "```"] + commands + ["```", ""]
    text = "\n".join(lines)
    if args.out:
        Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    main()
