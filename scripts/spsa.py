#!/usr/bin/env python3
"""SPSA tuning of Cutoff's search constants with fastchess, the way OpenBench runs it.

Each iteration k = 1, 2, ... N draws a direction d = +1 or -1 for every constant, plays PAIRS
game pairs between two copies of the `tune` build (every constant of src/search/tunable.rs is
a UCI option there), one at theta + c_k*d and one at theta - c_k*d, both colours of one UHO
opening per pair, and moves every constant by r_k * c_k * (wins - losses) * d, counting the
`+` side's wins and losses, kept inside its range. Each constant's step c_k and rate r_k follow
OpenBench's schedule from its c_end and r_end, which the last iteration plays with exactly:

    c_k = max(c_end * (N / k)^gamma, 0.5 for an integer)
    a   = r_end * c_end^2 * (A + N)^alpha,    A = a_ratio * N
    r_k = a / (A + k)^alpha / c_k^2

so that r_k * c_k * result is SPSA's a_k / c_k * result. alpha 0.602, gamma 0.101 and a_ratio
0.1 are OpenBench's defaults. An integer is sent rounded, both sides as floor(x + u) with one
uniform u (OpenBench's rounding: the two sides stay 2*c_k apart on average); each side is
clamped to the range.

The constants come from `ENGINE spsa-params` (OpenBench's SPSA input, one
`name, int, default, min, max, c_end, r_end` line each) or from a file in that format
(`--params`: an edited copy, a subset, other steps).

The state (iteration, values, games, the + side's W/D/L, the settings) is written atomically
after every iteration to the state file, JSON meant to be committed; `--resume STATE` goes on
from it. Every random draw of iteration k (directions, rounding, openings) comes from the seed
and k alone, so a resumed tune is the tune that was never stopped. Ctrl-C (or SIGTERM) drops the
iteration in play and leaves the state of the last one finished.

Usage:
    cargo build --release --features tune --target-dir target/tune
    scripts/spsa.py --state tune.json --iterations 12000 --nodes 10000 --concurrency 2
    scripts/spsa.py --resume tune.json [--stop-after K] [--concurrency C]
    scripts/spsa.py --show tune.json      # the values, and as lines of tunable.rs

Anything after `--` goes to fastchess as it is (adjudication, say). fastchess is `--fastchess`,
else $FASTCHESS, else `fastchess` on PATH. Exit status: 0 when the tune (or `--stop-after`'s
stretch) is done, 1 when a match failed (the state is that of the last iteration finished),
2 for a usage error, 130 when stopped by a signal.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence, TextIO

REPO = Path(__file__).resolve().parents[1]
DEFAULT_ENGINE = "target/tune/release/cutoff"
DEFAULT_BOOK = "../shared/data/books/UHO_4060_v3.epd"
STATE_FORMAT = 1

# OpenBench's defaults.
ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
# OpenBench never lets an integer's step fall below half a unit: below it both sides would
# round to the same value too often to measure anything.
MIN_INT_STEP = 0.5

# Game ends that mean a broken engine, not a played game: a tune must not learn from them.
CRASH_WORDS = ("disconnects", "stalls", "illegal move")
# fastchess's warnings that a value never reached the engine (an unknown option, a value out of
# its range): the two sides would not be the values the tuner moves.
OPTION_WARNING = re.compile(r"^Warning; .*(doesn't have option|Invalid value for option)")


class SpsaError(Exception):
    """A bad input or setting, said in words (exit status 2)."""


class MatchError(Exception):
    """A match that gave no usable result (exit status 1; the state stays as it was)."""


@dataclass
class Param:
    """One tuned constant: OpenBench's input line, and its current value."""

    name: str
    kind: str  # "int" or "float"
    start: float
    min: float
    max: float
    c_end: float
    r_end: float
    value: float

    def clamp(self, x: float) -> float:
        return min(self.max, max(self.min, x))


def _number(text: str, what: str, line_no: int) -> float:
    try:
        x = float(text)
    except ValueError:
        raise SpsaError(f"line {line_no}: {what} '{text}' is not a number") from None
    if not math.isfinite(x):
        raise SpsaError(f"line {line_no}: {what} '{text}' is not finite")
    return x


def parse_params(text: str) -> list[Param]:
    """OpenBench's SPSA input (`name, int|float, default, min, max, c_end, r_end` a line) into
    parameters, each at its default. Blank lines and `#` comments are skipped."""
    params: list[Param] = []
    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7:
            raise SpsaError(
                f"line {line_no}: expected 'name, type, default, min, max, c_end, r_end', got {line!r}"
            )
        name, kind = fields[0], fields[1]
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
            raise SpsaError(f"line {line_no}: '{name}' is not an option name")
        if kind not in ("int", "float"):
            raise SpsaError(f"line {line_no}: type '{kind}' is neither int nor float")
        start, lo, hi, c_end, r_end = (
            _number(t, w, line_no)
            for t, w in zip(fields[2:], ("default", "min", "max", "c_end", "r_end"))
        )
        if kind == "int" and not all(x.is_integer() for x in (start, lo, hi)):
            raise SpsaError(f"line {line_no}: {name} is an int, but its default or range is not")
        if not lo <= start <= hi or lo == hi:
            raise SpsaError(f"line {line_no}: {name}: default {start:g} not in [{lo:g}, {hi:g}]")
        if c_end <= 0 or r_end <= 0:
            raise SpsaError(f"line {line_no}: {name}: c_end and r_end must be above 0")
        if any(p.name == name for p in params):
            raise SpsaError(f"line {line_no}: {name} is listed twice")
        params.append(Param(name, kind, start, lo, hi, c_end, r_end, start))
    if not params:
        raise SpsaError("no parameters (expected OpenBench's SPSA input lines)")
    return params


def _fmt(x: float) -> str:
    """A number as OpenBench's input writes it: integers without a fraction, others exactly."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def format_params(params: Sequence[Param]) -> str:
    """The parameters (at their defaults) as OpenBench's SPSA input, one line each."""
    return "".join(
        ", ".join([p.name, p.kind, *(_fmt(x) for x in (p.start, p.min, p.max, p.c_end, p.r_end))])
        + "\n"
        for p in params
    )


@dataclass(frozen=True)
class Schedule:
    """OpenBench's gains: how the step c and the rate r of each parameter shrink over a tune of
    `iterations` iterations (k counts from 1)."""

    iterations: int
    alpha: float = ALPHA
    gamma: float = GAMMA
    a_ratio: float = A_RATIO

    def c(self, p: Param, k: int) -> float:
        c = p.c_end * (self.iterations / k) ** self.gamma
        return max(c, MIN_INT_STEP) if p.kind == "int" else c

    def r(self, p: Param, k: int) -> float:
        big_a = self.a_ratio * self.iterations
        a = p.r_end * p.c_end**2 * (big_a + self.iterations) ** self.alpha
        return a / (big_a + k) ** self.alpha / self.c(p, k) ** 2


def iteration_rng(seed: int, k: int, purpose: str) -> random.Random:
    """The random numbers of iteration k, from the seed and k alone (string seeds are hashed
    with SHA-512, the same in every run and every Python 3)."""
    return random.Random(f"cutoff-spsa {seed} {k} {purpose}")


@dataclass
class Perturbation:
    """One iteration's two engines: the directions, and the values each side is sent."""

    flips: list[int]
    plus: dict[str, float]
    minus: dict[str, float]


def perturb(params: Sequence[Param], schedule: Schedule, k: int, rng: random.Random) -> Perturbation:
    flips: list[int] = []
    plus: dict[str, float] = {}
    minus: dict[str, float] = {}
    for p in params:
        flip = rng.choice((-1, 1))
        c = schedule.c(p, k)
        hi, lo = p.value + flip * c, p.value - flip * c
        if p.kind == "int":
            u = rng.random()
            hi, lo = math.floor(hi + u), math.floor(lo + u)
        flips.append(flip)
        plus[p.name] = p.clamp(hi)
        minus[p.name] = p.clamp(lo)
    return Perturbation(flips, plus, minus)


# play(plus, minus, pairs, rng) -> (wins, draws, losses) of the + side over 2 * pairs games,
# both colours of each pair's opening. The random numbers are the iteration's own.
PlayFn = Callable[[dict, dict, int, random.Random], tuple]


@dataclass
class State:
    """Everything a tune needs to go on, as the state file holds it."""

    params: list[Param]
    schedule: Schedule
    pairs: int
    seed: int
    match: dict  # how the games are played: limit, book, engine, fastchess's extra arguments
    iteration: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def to_json(self) -> dict:
        return {
            "format": STATE_FORMAT,
            "iteration": self.iteration,
            "iterations": self.schedule.iterations,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "pairs": self.pairs,
            "seed": self.seed,
            "alpha": self.schedule.alpha,
            "gamma": self.schedule.gamma,
            "a_ratio": self.schedule.a_ratio,
            "match": self.match,
            "params": [dataclasses.asdict(p) for p in self.params],
        }

    @staticmethod
    def from_json(data: dict) -> "State":
        if data.get("format") != STATE_FORMAT:
            raise SpsaError(f"not a state file of this tuner (format {data.get('format')!r})")
        try:
            params = [Param(**p) for p in data["params"]]
            schedule = Schedule(
                int(data["iterations"]), float(data["alpha"]), float(data["gamma"]), float(data["a_ratio"])
            )
            return State(
                params=params,
                schedule=schedule,
                pairs=int(data["pairs"]),
                seed=int(data["seed"]),
                match=dict(data["match"]),
                iteration=int(data["iteration"]),
                games=int(data["games"]),
                wins=int(data["wins"]),
                draws=int(data["draws"]),
                losses=int(data["losses"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise SpsaError(f"state file is damaged: {e!r}") from None

    @property
    def finished(self) -> bool:
        return self.iteration >= self.schedule.iterations


def write_state(path: Path, state: State) -> None:
    """Write the state so that the file is always whole: a temporary file beside it, synced,
    then renamed over it."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(state.to_json(), f, indent=1)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_state(path: Path) -> State:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise SpsaError(f"cannot read the state file {path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise SpsaError(f"state file {path} is not JSON: {e}") from None
    return State.from_json(data)


def step(state: State, play: PlayFn) -> tuple[State, tuple]:
    """Play iteration state.iteration + 1 and return the state after it (the given state is
    left as it was, so an interrupted game loses nothing) and the iteration's W/D/L."""
    k = state.iteration + 1
    pert = perturb(state.params, state.schedule, k, iteration_rng(state.seed, k, "perturb"))
    wins, draws, losses = play(pert.plus, pert.minus, state.pairs, iteration_rng(state.seed, k, "games"))
    if wins + draws + losses != 2 * state.pairs:
        raise MatchError(f"iteration {k}: {wins + draws + losses} games played, not {2 * state.pairs}")
    result = wins - losses
    params = [
        dataclasses.replace(
            p,
            value=p.clamp(
                p.value + state.schedule.r(p, k) * state.schedule.c(p, k) * result * flip
            ),
        )
        for p, flip in zip(state.params, pert.flips)
    ]
    after = dataclasses.replace(
        state,
        params=params,
        iteration=k,
        games=state.games + wins + draws + losses,
        wins=state.wins + wins,
        draws=state.draws + draws,
        losses=state.losses + losses,
    )
    return after, (wins, draws, losses)


def compact_table(state: State, columns: int = 3) -> str:
    """Every parameter's value and how far it moved from its start, several to a line."""
    # round(..) + 0.0: a move too small to show is +0.00, not -0.00.
    cells = [f"{p.name} {p.value:.2f} ({round(p.value - p.start, 2) + 0.0:+.2f})" for p in state.params]
    width = max(len(c) for c in cells) + 2
    lines = []
    for i in range(0, len(cells), columns):
        lines.append("  " + "".join(c.ljust(width) for c in cells[i : i + columns]).rstrip())
    return "\n".join(lines)


def full_table(state: State) -> str:
    """The parameters one a line (name, start, value, range, the step and rate of the next
    iteration), then each as a line of the tunables! table in src/search/tunable.rs."""
    k = min(state.iteration + 1, state.schedule.iterations)
    s = state.schedule
    w = max(len(p.name) for p in state.params)
    out = [
        f"iteration {state.iteration}/{s.iterations}, {state.games} games, "
        f"+ side W-D-L {state.wins}-{state.draws}-{state.losses}",
        f"{'name':<{w}}  {'start':>8}  {'value':>10}  {'min':>7}  {'max':>7}  {'c':>8}  {'r':>8}",
    ]
    for p in state.params:
        out.append(
            f"{p.name:<{w}}  {p.start:>8g}  {p.value:>10.3f}  {p.min:>7g}  {p.max:>7g}  "
            f"{s.c(p, k):>8.3f}  {s.r(p, k):>8.5f}"
        )
    out.append("")
    out.append("As src/search/tunable.rs lines (integers rounded):")
    for p in state.params:
        v = round(p.value) if p.kind == "int" else round(p.value, 4)
        lo, hi = (int(p.min), int(p.max)) if p.kind == "int" else (p.min, p.max)
        out.append(f"    {p.name} = {v}, {lo}..={hi};")
    return "\n".join(out)


def run_tune(
    path: Path,
    state: State,
    play: PlayFn,
    stop_after: Optional[int] = None,
    table_every: int = 10,
    out: TextIO = sys.stdout,
) -> tuple[State, int]:
    """Play iterations until the tune is done (or `stop_after` of them), writing the state to
    `path` after each. Returns the last state written and the exit status: 0 done, 1 a match
    failed, 130 stopped by Ctrl-C or SIGTERM (the iteration in play is dropped either way)."""
    played = 0
    shown = state.iteration  # the iteration whose values were printed last
    try:
        while not state.finished and (stop_after is None or played < stop_after):
            began = time.monotonic()
            state, (w, d, l) = step(state, play)
            write_state(path, state)
            played += 1
            out.write(
                f"iteration {state.iteration}/{state.schedule.iterations}  games {state.games}  "
                f"this {w - l:+d} ({w}-{d}-{l})  + side W-D-L {state.wins}-{state.draws}-{state.losses}  "
                f"{time.monotonic() - began:.1f} s\n"
            )
            if table_every > 0 and state.iteration % table_every == 0:
                out.write(compact_table(state) + "\n")
                shown = state.iteration
            out.flush()
    except KeyboardInterrupt:
        # The state in hand is a finished iteration's (a step replaces it whole); writing it
        # again costs nothing and covers a signal that came during its write.
        write_state(path, state)
        out.write(
            f"stopped: the state of iteration {state.iteration}/{state.schedule.iterations} "
            f"is in {path}; go on with --resume {path}\n"
        )
        out.write(compact_table(state) + "\n")
        return state, 130
    except MatchError as e:
        out.flush()
        print(f"spsa.py: error: {e}", file=sys.stderr)
        print(f"spsa.py: the state of iteration {state.iteration} is in {path}", file=sys.stderr)
        return state, 1
    if state.finished:
        out.write(f"finished: {state.schedule.iterations} iterations, {state.games} games\n")
    if shown != state.iteration:
        out.write(compact_table(state) + "\n")
    out.write(f"values as tunable.rs lines: scripts/spsa.py --show {path}\n")
    return state, 0


# ---- fastchess ----------------------------------------------------------------------------

FINISHED = re.compile(r"^Finished game \d+ \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2|\*)\s*\{(.*)\}")


@dataclass
class MatchResult:
    wins: int
    draws: int
    losses: int
    crashes: list
    time_losses: int
    option_warnings: list


def parse_fastchess(output: str, plus: str, minus: str) -> MatchResult:
    """The + side's wins, draws and losses from fastchess's `Finished game` lines, and the
    games that ended by a crash or on time."""
    r = MatchResult(0, 0, 0, [], 0, [])
    for line in output.splitlines():
        if OPTION_WARNING.match(line.strip()):
            r.option_warnings.append(line.strip())
        m = FINISHED.match(line.strip())
        if not m:
            continue
        white, black, score, why = m.groups()
        if {white, black} != {plus, minus}:
            raise MatchError(f"a game between unknown engines: {line.strip()}")
        if score == "*":
            raise MatchError(f"a game without a result: {line.strip()}")
        if any(word in why for word in CRASH_WORDS):
            r.crashes.append(line.strip())
        if "loses on time" in why:
            r.time_losses += 1
        if score == "1/2-1/2":
            r.draws += 1
        elif (score == "1-0") == (white == plus):
            r.wins += 1
        else:
            r.losses += 1
    return r


def read_book(path: Path) -> list[str]:
    """The opening lines of an EPD book (blank lines and comments skipped)."""
    if path.suffix.lower() != ".epd":
        raise SpsaError(f"the book must be an EPD file (one position a line): {path}")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise SpsaError(f"cannot read the book {path}: {e.strerror}") from None
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines:
        raise SpsaError(f"the book {path} has no positions")
    return lines


def send(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


class Fastchess:
    """The game-playing function of a real tune: one fastchess match of `pairs` pairs a call,
    each pair both colours of a book line the iteration's random numbers pick."""

    PLUS, MINUS = "spsa-plus", "spsa-minus"

    def __init__(self, fastchess: str, engine: str, book: list[str], limit: dict, concurrency: int,
                 extra: Sequence[str], log: Optional[str] = None, out: TextIO = sys.stdout):
        self.fastchess = fastchess
        self.engine = engine
        self.book = book
        self.limit = limit
        self.concurrency = concurrency
        self.extra = list(extra)
        self.log = log
        self.out = out

    def command(self, plus: dict, minus: dict, pairs: int, openings: str) -> list[str]:
        limit = [f"nodes={self.limit['nodes']}"] if "nodes" in self.limit else [f"tc={self.limit['tc']}"]

        def engine(name: str, values: dict) -> list[str]:
            return ["-engine", f"cmd={self.engine}", f"name={name}"] + [
                f"option.{k}={send(v)}" for k, v in values.items()
            ]

        return [
            self.fastchess,
            *engine(self.PLUS, plus),
            *engine(self.MINUS, minus),
            "-each", "proto=uci", *limit, "option.Threads=1", "option.Hash=16",
            "-openings", f"file={openings}", "format=epd", "order=sequential",
            "-rounds", str(pairs), "-repeat",
            "-concurrency", str(self.concurrency),
            "-ratinginterval", "0",
            "-autosaveinterval", "0",
            *self.extra,
        ]

    def __call__(self, plus: dict, minus: dict, pairs: int, rng: random.Random) -> tuple:
        lines = [self.book[rng.randrange(len(self.book))] for _ in range(pairs)]
        # fastchess writes its own state file (config.json) into the folder it runs in: a
        # temporary one, with the openings.
        with tempfile.TemporaryDirectory(prefix="cutoff-spsa-") as tmp:
            openings = Path(tmp) / "openings.epd"
            openings.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            cmd = self.command(plus, minus, pairs, str(openings))
            try:
                proc = subprocess.Popen(cmd, cwd=tmp, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
            except OSError as e:
                raise MatchError(f"cannot run {self.fastchess}: {e.strerror}") from None
            try:
                output, _ = proc.communicate()
            except BaseException:
                # Ctrl-C or SIGTERM: the match is dropped, and its engines with it.
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
                raise
        tail = "\n".join(output.splitlines()[-15:])
        if proc.returncode != 0:
            raise MatchError(f"fastchess exited with status {proc.returncode}; its last lines:\n{tail}")
        if self.log is not None:
            with open(self.log, "a", encoding="utf-8") as f:
                f.write(f"== {' '.join(cmd)}\n{output}")
        r = parse_fastchess(output, self.PLUS, self.MINUS)
        if r.option_warnings:
            raise MatchError("a value did not reach the engine:\n" + "\n".join(r.option_warnings[:5]))
        if r.crashes:
            raise MatchError("an engine crashed; the iteration is not counted:\n" + "\n".join(r.crashes))
        if r.time_losses:
            self.out.write(f"warning: {r.time_losses} game(s) lost on time\n")
        if r.wins + r.draws + r.losses != 2 * pairs:
            raise MatchError(
                f"fastchess finished {r.wins + r.draws + r.losses} games, not {2 * pairs}; "
                f"its last lines:\n{tail}"
            )
        return r.wins, r.draws, r.losses


def engine_params(engine: str) -> str:
    """`ENGINE spsa-params`: the engine's constants as OpenBench's SPSA input."""
    try:
        done = subprocess.run([engine, "spsa-params"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SpsaError(f"cannot run {engine} spsa-params: {e}") from None
    if done.returncode != 0:
        raise SpsaError(f"{engine} spsa-params failed: {done.stderr.strip()}")
    return done.stdout


def engine_options(engine: str) -> set:
    """The names of the engine's UCI spin options."""
    try:
        done = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SpsaError(f"cannot run {engine}: {e}") from None
    return set(re.findall(r"^option name (\S+) type spin", done.stdout, re.MULTILINE))


def check_engine(engine: str, params: Sequence[Param]) -> None:
    if not (os.path.isfile(engine) and os.access(engine, os.X_OK)):
        raise SpsaError(
            f"no engine at {engine}: build the tune build with "
            f"`cargo build --release --features tune --target-dir target/tune`, or give --engine"
        )
    missing = [p.name for p in params if p.name not in engine_options(engine)]
    if missing:
        raise SpsaError(
            f"{engine} has no spin option for {', '.join(missing[:5])}"
            f"{' ...' if len(missing) > 5 else ''}: is it the `--features tune` build?"
        )


def find_fastchess(given: Optional[str]) -> str:
    for candidate in (given, os.environ.get("FASTCHESS"), shutil.which("fastchess")):
        if candidate:
            if not (os.path.isfile(candidate) and os.access(candidate, os.X_OK)):
                raise SpsaError(f"fastchess at {candidate} is not an executable file")
            return str(Path(candidate).resolve())
    raise SpsaError("fastchess not found: give --fastchess, set FASTCHESS or put it on PATH")


def parse_args(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    argv = list(argv)
    extra: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1 :]
    ap = argparse.ArgumentParser(
        description="SPSA tuning of Cutoff's search constants with fastchess, as OpenBench runs it.",
        epilog="Anything after -- goes to fastchess as it is. See docs/spsa.md.",
    )
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--state", metavar="FILE", help="start a tune, its state in FILE (must not exist)")
    mode.add_argument("--resume", metavar="FILE", help="go on with the tune whose state is FILE")
    mode.add_argument("--show", metavar="FILE", help="print a state's values (and as tunable.rs lines)")
    new = ap.add_argument_group("a new tune (a resumed one keeps its own)")
    new.add_argument("--iterations", type=int, help="iterations planned (the gains depend on it)")
    new.add_argument("--pairs", type=int, help="game pairs an iteration (default 1)")
    limit = new.add_mutually_exclusive_group()
    limit.add_argument("--nodes", type=int, help="nodes a move")
    limit.add_argument("--tc", help="time control, fastchess's form (8+0.08)")
    new.add_argument("--seed", type=int, help="random seed (default 1)")
    new.add_argument("--params", metavar="FILE", help="OpenBench SPSA input (default: ENGINE spsa-params)")
    new.add_argument("--alpha", type=float, help=f"the rate's decay (default {ALPHA})")
    new.add_argument("--gamma", type=float, help=f"the step's decay (default {GAMMA})")
    new.add_argument("--a-ratio", type=float, help=f"A as a share of the iterations (default {A_RATIO})")
    run = ap.add_argument_group("the games (a resumed tune takes the state's unless given)")
    run.add_argument("--engine", help=f"the tune build (default {DEFAULT_ENGINE})")
    run.add_argument("--book", help=f"EPD openings (default {DEFAULT_BOOK}, from the repository)")
    run.add_argument("--fastchess", help="fastchess (default $FASTCHESS, else on PATH)")
    run.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    run.add_argument("--stop-after", type=int, metavar="K", help="stop after K iterations (a stretch)")
    run.add_argument("--table-every", type=int, default=10, metavar="K",
                     help="print every value every K iterations (default 10; 0: at the end only)")
    run.add_argument("--log", metavar="FILE",
                     help="append each match's fastchess command and output to FILE")
    args = ap.parse_args(argv)
    return args, extra


def stored_path(given: str) -> str:
    """A path as the state file keeps it: relative to the repository when it lies beside it
    (`target/...`, `../shared/...`), so that the committed file means the same on every
    machine; absolute otherwise."""
    p = Path(given).resolve()
    if p.is_relative_to(REPO.parent):
        return os.path.relpath(p, REPO)
    return str(p)


def resolved_path(stored: str) -> str:
    """A path from the state file as an absolute one (fastchess runs in a folder of its own)."""
    return str((REPO / stored).resolve())


NEW_ONLY = ("iterations", "pairs", "nodes", "tc", "seed", "params", "alpha", "gamma", "a_ratio")


def new_state(args: argparse.Namespace, extra: list[str]) -> State:
    args.pairs = 1 if args.pairs is None else args.pairs
    args.seed = 1 if args.seed is None else args.seed
    args.alpha = ALPHA if args.alpha is None else args.alpha
    args.gamma = GAMMA if args.gamma is None else args.gamma
    args.a_ratio = A_RATIO if args.a_ratio is None else args.a_ratio
    if args.iterations is None or args.iterations < 1:
        raise SpsaError("a new tune needs --iterations N (N >= 1)")
    if args.pairs < 1:
        raise SpsaError("--pairs must be at least 1")
    if args.nodes is None and args.tc is None:
        raise SpsaError("a new tune needs --nodes N or --tc TC")
    if args.nodes is not None and args.nodes < 1:
        raise SpsaError("--nodes must be at least 1")
    if not (0 < args.alpha and 0 < args.gamma and 0 <= args.a_ratio):
        raise SpsaError("--alpha and --gamma must be above 0, --a-ratio not below 0")
    engine = stored_path(args.engine) if args.engine else DEFAULT_ENGINE
    if args.params:
        try:
            text = Path(args.params).read_text(encoding="utf-8")
        except OSError as e:
            raise SpsaError(f"cannot read {args.params}: {e.strerror}") from None
    else:
        check_engine(resolved_path(engine), [])
        text = engine_params(resolved_path(engine))
    params = parse_params(text)
    limit = {"nodes": args.nodes} if args.nodes is not None else {"tc": args.tc}
    match = {
        "limit": limit,
        "engine": engine,
        "book": stored_path(args.book) if args.book else DEFAULT_BOOK,
        "fastchess_args": extra,
    }
    schedule = Schedule(args.iterations, args.alpha, args.gamma, args.a_ratio)
    return State(params=params, schedule=schedule, pairs=args.pairs, seed=args.seed, match=match)


def main(argv: Sequence[str]) -> int:
    args, extra = parse_args(argv)
    try:
        if args.show:
            print(full_table(read_state(Path(args.show))))
            return 0
        if args.resume:
            path = Path(args.resume)
            state = read_state(path)
            given = [o for o in NEW_ONLY if getattr(args, o) is not None]
            if given:
                name = given[0].replace("_", "-")
                raise SpsaError(f"--{name} is the tune's own: a resumed tune keeps its state's")
            # Where the engine, book and fastchess are may differ from machine to machine.
            if args.engine:
                state.match["engine"] = stored_path(args.engine)
            if args.book:
                state.match["book"] = stored_path(args.book)
            if extra:
                state.match["fastchess_args"] = extra
            if state.finished:
                print(f"the tune in {path} is finished ({state.iteration} iterations)")
                print(full_table(state))
                return 0
        else:
            path = Path(args.state)
            if path.exists():
                raise SpsaError(f"{path} exists: go on with --resume {path}, or choose another name")
            state = new_state(args, extra)
        if args.concurrency < 1:
            raise SpsaError("--concurrency must be at least 1")
        if args.stop_after is not None and args.stop_after < 1:
            raise SpsaError("--stop-after must be at least 1")
        engine = resolved_path(state.match["engine"])
        check_engine(engine, state.params)
        book = read_book(Path(resolved_path(state.match["book"])))
        play = Fastchess(find_fastchess(args.fastchess), engine, book, state.match["limit"],
                         args.concurrency, state.match.get("fastchess_args", []), args.log)
        if not args.resume:
            write_state(path, state)
    except SpsaError as e:
        print(f"spsa.py: error: {e}", file=sys.stderr)
        return 2

    limit = state.match["limit"]
    limit_text = f"nodes={limit['nodes']}" if "nodes" in limit else f"tc={limit['tc']}"
    print(
        f"spsa.py: {len(state.params)} constants, iteration {state.iteration}/"
        f"{state.schedule.iterations}, {state.pairs} pair(s) an iteration at {limit_text}, "
        f"seed {state.seed}, state {path}",
        flush=True,
    )
    # SIGTERM ends a tune as Ctrl-C does: with the state of the last iteration finished. SIGINT
    # is set too: a shell starts a background job (`nohup spsa.py ... &`) with SIGINT ignored,
    # and Python then leaves it ignored, so `kill -INT` would not stop the tune.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _, status = run_tune(path, state, play, args.stop_after, args.table_every)
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        # Stopped while setting up, before the first iteration: nothing new to write.
        sys.exit(130)
    except BrokenPipeError:
        # `spsa.py --show FILE | head`: the reader left; end quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
