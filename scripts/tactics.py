#!/usr/bin/env python3
"""tactics.py - a tactics benchmark: runs EPD test suites through one or more UCI engines at a
fixed node budget (`go nodes`) or a fixed time (`go movetime`) and prints, engine beside
engine, how many positions each solved and how long it took to find the solutions.

    python3 scripts/tactics.py ../shared/data/suites/eret.epd --movetime 100 \\
        --engine cutoff=target/release/cutoff --engine stockfish=/usr/games/stockfish \\
        --out eret.json --markdown eret.md

Options
-------
  SUITE ...               EPD files (one position a line; blank lines and lines starting
                          with '#' are skipped)
  --engine NAME=COMMAND   an engine to test, repeatable; COMMAND is split like a shell line,
                          so it can carry arguments. NAME labels its column
  --option [NAME:]OPT=VAL a UCI option for engine NAME, or for every engine without NAME,
                          repeatable; OPT may contain spaces ("cutoff:Move Overhead=30").
                          Threads=1 and Hash=16 are set by default for every engine that
                          declares them; an --option overrides them
  --nodes N | --movetime MS  the limit of each search (one of the two)
  --timeout S             wall seconds after which a search that has not ended is sent
                          `stop` (an engine that ignores `go nodes` may never end on its own);
                          default: 30 with --nodes, movetime + 10 s with --movetime
  --concurrency K         engines run K at a time (default 1: one after another). Positions
                          of one engine always run one after another. With --movetime, two
                          engines at once on a loaded machine get less CPU each
  --out FILE              per-position results: TSV if FILE ends in .tsv, JSON otherwise
  --markdown FILE         the summary as a Markdown table, with the command and conditions
  --stop-on-mate          for `dm N` positions, send `stop` once the engine reports the mate
                          itself: a PV line with no bound, the exact `mate N` and a mating
                          first move (below). N is the shortest mate, so nothing the rest of
                          the search finds can better it; the search is cut short, not judged
                          differently (the final `bestmove` must still be right). Saves the
                          time of a long --movetime on the solved mates; off by default
  --limit-positions K     only the first K positions of each suite (for quick checks)
  -q                      no progress lines on stderr

What is asked of each position
------------------------------
For each position the engine gets `ucinewgame`, `isready`, `position fen ...` and `go nodes
N` / `go movetime MS`; every `info` line up to `bestmove` is read (with MultiPV, only the
lines of `multipv 1`; lines without a `pv` carry no move and are only read for `nodes` and
`time`). A move is *correct* when it is legal and
  * `bm` (best moves, SAN, any of several): it is one of them;
  * `am` (avoid moves): it is none of them;
  * `dm N` (direct mate in N moves): the score must say so too - see below.
A position is *solved* when the engine's final `bestmove` is correct; for `dm N` also the
score of its last scored `info` line must be exactly `mate N` (mate for the side to move in N
moves; a shorter or longer mate, or a cp score, does not solve it), and the move must be a
mating first move: one of `bm` when the EPD has `bm`, otherwise checked here by a small
exhaustive search (forced mate in at most N moves; cheap for N <= 2). When that search runs
out of its budget the engine's word is taken, and the result says `unverified`.

Time and nodes to solution (the usual convention of STS and EPD testing): the `time` and
`nodes` of the first `info` line from which the first move of the PV stayed correct up to the
end of the search - every later PV line starts with a correct move too (for `dm`, with the
exact `mate N` score), and the final `bestmove` is correct. A fail-high or fail-low line
(`lowerbound`/`upperbound`) counts like any other: a solution that is found, dropped and
found again dates from the second finding. `time` is the engine's own `time` field, or the
wall time since `go` when the line has none. When the engine is right only in its `bestmove`
(no PV line at the end agreed), the solution dates from the end of the search. Mean time to
solution is the mean over the solved positions only, so two engines' means cover different
positions.

Nodes searched: the `nodes` of the engine's last `info` line that has one (the search may
run on a little after its last report). With --nodes N, an engine whose count passes
N + max(N/10, 4096) on any position is flagged as not honouring `go nodes` (engines check the
limit every few thousand nodes, so a small overshoot is normal); one that reports no nodes
at all is flagged as unknown.

The per-position results (--out) hold the engine's final move, score, depth, nodes and time
(both from its last report), the solution's time, nodes and depth, a note (`stopped`, `proved`,
`error ...`, `unverified`) and the wall time from `go` to `bestmove` as measured here.
Everything talking UCI goes through scripts/uci_engine.py.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import shlex
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import chess

from uci_engine import EngineDied, EngineHung, UciEngine

DEFAULT_OPTIONS = {"Threads": "1", "Hash": "16"}
# A search that ended with `stop` gets this long to answer with bestmove.
STOP_GRACE_S = 5.0
# Budget (moves made) of the check that a move is a forced mate; mate in 2 needs a few
# thousand, so it is always verified; deeper mates usually need far more and are taken on trust.
MATE_CHECK_BUDGET = 20000


# ---------------------------------------------------------------------------
# EPD
# ---------------------------------------------------------------------------


class EpdError(ValueError):
    """A suite line that cannot be used (bad FEN, unknown or illegal SAN, no bm/am/dm)."""


@dataclass
class EpdPosition:
    fen: str  # a full FEN, the clocks from hmvc/fmvn or the line itself, else 0 1
    id: str
    suite: str  # the suite's file name
    number: int  # 1-based, among the suite's positions
    bm: List[str] = field(default_factory=list)  # best moves, UCI
    am: List[str] = field(default_factory=list)  # avoid moves, UCI
    dm: Optional[int] = None  # direct mate in N
    bm_san: List[str] = field(default_factory=list)
    am_san: List[str] = field(default_factory=list)
    ops: Dict[str, List[str]] = field(default_factory=dict)  # every operation, as written

    def board(self) -> chess.Board:
        return chess.Board(self.fen)

    def wanted(self) -> str:
        """What the position asks, for messages: 'bm Qg6', 'am Rxb7', 'dm 2 bm Qg6'."""
        parts = []
        if self.dm is not None:
            parts.append(f"dm {self.dm}")
        if self.bm_san:
            parts.append("bm " + " ".join(self.bm_san))
        if self.am_san:
            parts.append("am " + " ".join(self.am_san))
        return " ".join(parts)


def split_operations(text: str) -> List[List[str]]:
    """EPD operations: each is an opcode and its operands, ended by ';'. A quoted operand may
    hold spaces and semicolons (comments and ids often do); its quotes are dropped."""
    ops: List[List[str]] = []
    current: List[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c == ";":
            if current:
                ops.append(current)
            current = []
            i += 1
        elif c == '"':
            end = text.find('"', i + 1)
            if end < 0:
                raise EpdError(f"unterminated string: {text[i:]!r}")
            current.append(text[i + 1:end])
            i = end + 1
        else:
            j = i
            while j < len(text) and not text[j].isspace() and text[j] not in ';"':
                j += 1
            current.append(text[i:j])
            i = j
    if current:
        ops.append(current)
    return ops


def san_to_uci(board: chess.Board, san: str) -> str:
    """One SAN move of an EPD (annotation marks like '!' or '?' allowed) as UCI."""
    clean = san.rstrip("!?")
    try:
        return board.parse_san(clean).uci()
    except ValueError as exc:
        raise EpdError(f"move {san!r} is not legal SAN here ({exc})") from None


_CLOCKS = re.compile(r"^(\d+)\s+(\d+)(?=\s|;|$)")


def parse_epd(line: str, suite: str = "", number: int = 0) -> Optional[EpdPosition]:
    """One EPD line as a position, or None for a blank line or a '#' comment. A line may be a
    full FEN (with the two clocks) followed by operations, as positions are often quoted."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    fields = text.split(None, 4)
    if len(fields) < 4:
        raise EpdError(f"fewer than four FEN fields: {text!r}")
    rest = fields[4] if len(fields) > 4 else ""
    clocks = ["0", "1"]
    m = _CLOCKS.match(rest)
    if m:
        clocks = [m.group(1), m.group(2)]
        rest = rest[m.end():]
    ops: Dict[str, List[str]] = {}
    for op in split_operations(rest):
        ops.setdefault(op[0], op[1:])  # a repeated opcode: the first one stands
    if "hmvc" in ops and ops["hmvc"]:
        clocks[0] = ops["hmvc"][0]
    if "fmvn" in ops and ops["fmvn"]:
        clocks[1] = ops["fmvn"][0]
    fen = " ".join(fields[:4] + clocks)
    try:
        board = chess.Board(fen)
    except ValueError as exc:
        raise EpdError(f"bad FEN {fen!r}: {exc}") from None
    pos = EpdPosition(fen=fen, id="", suite=suite, number=number, ops=ops)
    pos.bm_san = list(ops.get("bm", []))
    pos.am_san = list(ops.get("am", []))
    pos.bm = [san_to_uci(board, s) for s in pos.bm_san]
    pos.am = [san_to_uci(board, s) for s in pos.am_san]
    if "dm" in ops:
        try:
            pos.dm = int(ops["dm"][0])
        except (IndexError, ValueError):
            raise EpdError(f"dm needs a whole number: {ops['dm']!r}") from None
        if pos.dm < 1:
            raise EpdError(f"dm must be at least 1: {pos.dm}")
    if not (pos.bm or pos.am or pos.dm is not None):
        raise EpdError("the position has no bm, am or dm operation to test")
    ids = ops.get("id")
    pos.id = ids[0] if ids else f"{suite}#{number}"
    return pos


def load_suite(path: Path) -> List[EpdPosition]:
    """Every position of an EPD file. Any bad line stops the run with all the bad lines
    listed: leaving one out would quietly change the suite's total."""
    positions: List[EpdPosition] = []
    errors: List[str] = []
    for lineno, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        try:
            pos = parse_epd(line, path.name, len(positions) + 1)
        except EpdError as exc:
            errors.append(f"{path}:{lineno}: {exc}")
            continue
        if pos is not None:
            positions.append(pos)
    if errors:
        raise EpdError("\n".join(errors))
    return positions


# ---------------------------------------------------------------------------
# The engine's report
# ---------------------------------------------------------------------------


@dataclass
class Info:
    """One `info` line (the fields this benchmark uses)."""
    depth: Optional[int] = None
    multipv: int = 1
    score_kind: Optional[str] = None  # "cp" or "mate"
    score: Optional[int] = None
    bound: Optional[str] = None  # "lowerbound" / "upperbound"
    nodes: Optional[int] = None
    time_ms: Optional[int] = None
    pv: List[str] = field(default_factory=list)
    wall_ms: float = 0.0  # when it arrived, since `go`

    def when_ms(self) -> float:
        return float(self.time_ms) if self.time_ms is not None else self.wall_ms


_INFO_KEYWORDS = {"depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
                  "currmovenumber", "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string",
                  "refutation", "currline", "wdl"}
_INT_FIELDS = {"depth": "depth", "multipv": "multipv", "nodes": "nodes", "time": "time_ms"}


def parse_info(line: str, wall_ms: float = 0.0) -> Optional[Info]:
    """An `info` line, or None for anything else and for `info string` (free text)."""
    toks = line.split()
    if not toks or toks[0] != "info" or "string" in toks[1:2]:
        return None
    info = Info(wall_ms=wall_ms)
    i = 1
    while i < len(toks):
        key = toks[i]
        i += 1
        if key == "string":
            break  # the rest of the line is text
        if key in _INT_FIELDS and i < len(toks):
            try:
                setattr(info, _INT_FIELDS[key], int(toks[i]))
            except ValueError:
                pass
            i += 1
        elif key == "score" and i + 1 < len(toks):
            info.score_kind = toks[i]
            try:
                info.score = int(toks[i + 1])
            except ValueError:
                info.score_kind = None
            i += 2
            if i < len(toks) and toks[i] in ("lowerbound", "upperbound"):
                info.bound = toks[i]
                i += 1
        elif key == "pv":
            while i < len(toks) and toks[i] not in _INFO_KEYWORDS:
                info.pv.append(toks[i])
                i += 1
        elif key == "wdl":
            i += 3
        elif key in ("refutation", "currline"):
            while i < len(toks) and toks[i] not in _INFO_KEYWORDS:
                i += 1
        elif key in _INFO_KEYWORDS:
            i += 1  # one value: seldepth, currmove, hashfull, nps, ...
    return info


@dataclass
class Search:
    """What one `go` produced."""
    bestmove: str
    infos: List[Info]  # the multipv-1 lines, in order
    nodes: Optional[int]  # from the last info line that had nodes
    time_ms: float  # the last reported time, else the wall time to bestmove
    wall_ms: float
    stopped: bool = False  # the script had to send `stop` (--timeout)
    proved: bool = False  # the script sent `stop` at a proved mate (--stop-on-mate)


# ---------------------------------------------------------------------------
# Judging
# ---------------------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


def _forces_mate(board: chess.Board, move: chess.Move, n: int, budget: List[int]) -> bool:
    """Does *move* force mate in at most *n* moves? Plain exhaustive search; checks first,
    since mating lines are mostly checks and `any` stops at the first one found."""
    budget[0] -= 1
    if budget[0] < 0:
        raise _OutOfBudget
    board.push(move)
    try:
        if board.is_checkmate():
            return True
        if n <= 1 or board.is_game_over():
            return False
        for reply in list(board.legal_moves):
            board.push(reply)
            try:
                moves = sorted(board.legal_moves, key=lambda m: not board.gives_check(m))
                if not any(_forces_mate(board, m, n - 1, budget) for m in moves):
                    return False
            finally:
                board.pop()
        return True
    finally:
        board.pop()


def forces_mate(fen: str, move_uci: str, n: int, budget: int = MATE_CHECK_BUDGET) -> Optional[bool]:
    """True / False, or None when the search ran out of budget (deep or wide mates)."""
    board = chess.Board(fen)
    try:
        move = board.parse_uci(move_uci)
    except ValueError:
        return False
    try:
        return _forces_mate(board, move, n, [budget])
    except _OutOfBudget:
        return None


class Judge:
    """The rules of one position: which moves are correct, which lines count, solved or not."""

    def __init__(self, pos: EpdPosition, mate_budget: int = MATE_CHECK_BUDGET):
        self.pos = pos
        self.board = pos.board()
        self.mate_budget = mate_budget
        self.mate_checks: Dict[str, Optional[bool]] = {}  # move -> forces_mate(), cached

    def normal(self, move: str) -> Optional[str]:
        """The move in python-chess' UCI spelling (castling as e1g1), None if not legal."""
        try:
            return self.board.parse_uci(move).uci()
        except ValueError:
            return None

    def move_ok(self, move: str) -> bool:
        m = self.normal(move)
        if m is None:
            return False
        if self.pos.bm and m not in self.pos.bm:
            return False
        if m in self.pos.am:
            return False
        if self.pos.dm is not None and not self.pos.bm:
            if m not in self.mate_checks:
                self.mate_checks[m] = forces_mate(self.pos.fen, m, self.pos.dm, self.mate_budget)
            if self.mate_checks[m] is False:
                return False
        return True

    def score_ok(self, info: Info) -> bool:
        if self.pos.dm is None:
            return True
        return info.score_kind == "mate" and info.score == self.pos.dm

    def line_ok(self, info: Info) -> bool:
        return bool(info.pv) and self.move_ok(info.pv[0]) and self.score_ok(info)

    def unverified(self, move: str) -> bool:
        m = self.normal(move)
        return self.pos.dm is not None and not self.pos.bm and m is not None and self.mate_checks.get(m, False) is None


@dataclass
class Outcome:
    """One engine on one position: the per-position record written by --out."""
    engine: str
    suite: str
    number: int
    id: str
    fen: str
    wanted: str
    solved: bool
    bestmove: str
    bestmove_san: str
    score: str  # "cp 35", "mate 2", "" (with bound when the last scored line had one)
    depth: Optional[int]
    nodes: Optional[int]
    time_ms: Optional[float]
    solution_time_ms: Optional[float]
    solution_nodes: Optional[int]
    solution_depth: Optional[int]
    note: str = ""
    wall_ms: Optional[float] = None  # from `go` to `bestmove`, as this script measured it


def judge(pos: EpdPosition, search: Search, engine: str = "", judge_: Optional[Judge] = None) -> Outcome:
    """Solved or not, and when (see the module's docstring for the rules)."""
    j = judge_ or Judge(pos)
    lines = [k for k, i in enumerate(search.infos) if i.pv]  # indices of the PV lines
    scored = [i for i in search.infos if i.score_kind is not None]
    last_scored = scored[-1] if scored else None
    solved = j.move_ok(search.bestmove) and (pos.dm is None or (last_scored is not None and j.score_ok(last_scored)))
    sol_time = sol_nodes = sol_depth = None
    if solved:
        k = len(lines)
        while k > 0 and j.line_ok(search.infos[lines[k - 1]]):
            k -= 1
        if k < len(lines):
            first = search.infos[lines[k]]
            sol_time, sol_nodes, sol_depth = first.when_ms(), first.nodes, first.depth
            if sol_nodes is None:
                # the line had no count: the last count reported before it
                sol_nodes = next((i.nodes for i in reversed(search.infos[:lines[k]]) if i.nodes is not None), None)
        else:
            sol_time, sol_nodes = search.time_ms, search.nodes
            sol_depth = search.infos[lines[-1]].depth if lines else None
    notes = []
    if search.stopped:
        notes.append("stopped")
    if search.proved:
        notes.append("proved")
    if solved and j.unverified(search.bestmove):
        notes.append("unverified")
    score = ""
    if last_scored is not None:
        score = f"{last_scored.score_kind} {last_scored.score}" + (f" {last_scored.bound}" if last_scored.bound else "")
    san = ""
    m = j.normal(search.bestmove)
    if m is not None:
        san = j.board.san(chess.Move.from_uci(m))
    depth = next((i.depth for i in reversed(search.infos) if i.depth is not None), None)
    return Outcome(engine=engine, suite=pos.suite, number=pos.number, id=pos.id, fen=pos.fen,
                   wanted=pos.wanted(), solved=solved, bestmove=search.bestmove, bestmove_san=san,
                   score=score, depth=depth, nodes=search.nodes, time_ms=search.time_ms,
                   solution_time_ms=sol_time, solution_nodes=sol_nodes, solution_depth=sol_depth,
                   note=" ".join(notes), wall_ms=round(search.wall_ms, 1))


def failed(pos: EpdPosition, engine: str, why: str) -> Outcome:
    """The record of a position the engine could not be asked (it died or hung)."""
    return Outcome(engine=engine, suite=pos.suite, number=pos.number, id=pos.id, fen=pos.fen,
                   wanted=pos.wanted(), solved=False, bestmove="", bestmove_san="", score="",
                   depth=None, nodes=None, time_ms=None, solution_time_ms=None,
                   solution_nodes=None, solution_depth=None, note=f"error: {why}")


# ---------------------------------------------------------------------------
# Running an engine
# ---------------------------------------------------------------------------


@dataclass
class EngineSpec:
    name: str
    command: List[str]
    options: Dict[str, str] = field(default_factory=dict)  # from --option (over the defaults)


def declared_options(option_lines: Sequence[str]) -> Dict[str, str]:
    """{lower-case name: name as declared} from the `option name X type ...` lines."""
    out = {}
    for line in option_lines:
        m = re.match(r"option\s+name\s+(.+?)\s+type\s", line)
        if m:
            out[m.group(1).lower()] = m.group(1)
    return out


class EngineRunner:
    """One engine process: started, set up, asked position after position; started again
    when it dies or hangs, so one bad position costs that position only."""

    def __init__(self, spec: EngineSpec, warn: Callable[[str], None] = lambda s: print(s, file=sys.stderr)):
        self.spec = spec
        self.warn = warn
        self.engine: Optional[UciEngine] = None
        self.id_name = ""
        self.options_set: Dict[str, str] = {}

    def start(self) -> None:
        eng = UciEngine(self.spec.command)
        self.engine = eng
        ident = eng.handshake(timeout=30)
        self.id_name = ident.get("name", "")
        declared = declared_options(eng.option_lines)
        wanted = {**DEFAULT_OPTIONS, **self.spec.options}
        self.options_set = {}
        for name, value in wanted.items():
            real = declared.get(name.lower())
            if real is None:
                if name in self.spec.options:  # asked for by name: say it is not there, send it anyway
                    self.warn(f"[{self.spec.name}] declares no option {name!r}; sending it anyway")
                    real = name
                else:  # a default the engine lacks (an old engine without Threads): leave it
                    self.warn(f"[{self.spec.name}] declares no option {name!r}; runs with its own default")
                    continue
            eng.send(f"setoption name {real} value {value}")
            self.options_set[real] = value
        for line in eng.isready(timeout=60):  # a large Hash can take a while to allocate
            if "error" in line.lower():
                self.warn(f"[{self.spec.name}] {line}")

    def stop(self) -> None:
        if self.engine is not None:
            self.engine.close()
            self.engine = None

    def search(self, fen: str, go: str, timeout: float,
               proof: Optional[Callable[[Info], bool]] = None) -> Search:
        """ucinewgame, position, go; reads to bestmove. After *timeout* seconds it sends stop
        and waits STOP_GRACE_S more; EngineHung if even that brings no bestmove. When *proof*
        holds for a multipv-1 line, stop is sent at once (the answer is settled)."""
        if self.engine is None:
            self.start()
        eng = self.engine
        assert eng is not None
        eng.send("ucinewgame")
        eng.isready(timeout=60)
        eng.send(f"position fen {fen}")
        t0 = time.perf_counter()
        eng.send(go)
        deadline = t0 + timeout
        stopped = proved = False
        infos: List[Info] = []
        nodes: Optional[int] = None
        last_time: Optional[int] = None
        while True:
            left = deadline - time.perf_counter()
            line = eng.readline(left) if left > 0 else None
            if line is None:
                if stopped:
                    raise EngineHung(f"no bestmove {STOP_GRACE_S:g}s after stop\n{eng.describe()}")
                eng.send("stop")
                stopped = True
                deadline = time.perf_counter() + STOP_GRACE_S
                continue
            wall_ms = (time.perf_counter() - t0) * 1000.0
            toks = line.split()
            if toks[:1] == ["bestmove"]:
                best = toks[1] if len(toks) > 1 else ""
                return Search(bestmove=best, infos=infos, nodes=nodes,
                              time_ms=float(last_time) if last_time is not None else wall_ms,
                              wall_ms=wall_ms, stopped=stopped, proved=proved)
            info = parse_info(line, wall_ms)
            if info is None:
                continue
            if info.nodes is not None:
                nodes = info.nodes
            if info.time_ms is not None:
                last_time = info.time_ms
            if info.multipv == 1:
                infos.append(info)
                if proof is not None and not (stopped or proved) and proof(info):
                    eng.send("stop")
                    proved = True
                    deadline = time.perf_counter() + STOP_GRACE_S


def mate_proof(j: Judge) -> Callable[[Info], bool]:
    """--stop-on-mate's test of a line: no bound, and the line solves the `dm` position."""
    return lambda info: info.bound is None and j.line_ok(info)


def run_engine(spec: EngineSpec, positions: Sequence[EpdPosition], go: str, timeout: float,
               progress: Callable[[str], None], warn: Callable[[str], None],
               stop_on_mate: bool = False) -> Tuple[List[Outcome], Dict[str, object]]:
    """All positions through one engine, one after another. Returns the outcomes and what
    the engine was (id name, options set). *progress* gets a line per position, *warn* the
    problems (an option missing, an engine that died). With *stop_on_mate*, a `dm` search
    is stopped as soon as it reports the exact mate with a mating move."""
    runner = EngineRunner(spec, warn=warn)
    outcomes: List[Outcome] = []
    try:
        runner.start()
        for k, pos in enumerate(positions, 1):
            try:
                j = Judge(pos)
                proof = mate_proof(j) if stop_on_mate and pos.dm is not None else None
                search = runner.search(pos.fen, go, timeout, proof)
                out = judge(pos, search, spec.name, j)
            except (EngineDied, EngineHung) as exc:
                first = str(exc).splitlines()[0]
                out = failed(pos, spec.name, first)
                warn(f"[{spec.name}] {exc}")
                runner.stop()  # the next search starts a fresh process
            outcomes.append(out)
            verdict = "ok  " if out.solved else "miss"
            when = f" at {out.solution_time_ms:.0f} ms" if out.solved and out.solution_time_ms is not None else ""
            progress(f"[{spec.name}] {k}/{len(positions)} {verdict} {pos.id}: {out.bestmove_san or out.bestmove or '-'}"
                     f" ({pos.wanted()}){when} {out.note}".rstrip())
    finally:
        runner.stop()
    return outcomes, {"command": spec.command, "id_name": runner.id_name, "options": runner.options_set}


# ---------------------------------------------------------------------------
# Summaries
# ---------------------------------------------------------------------------


def nodes_slack(limit: int) -> int:
    """How far past `go nodes N` a search may report before it counts as not honouring it."""
    return max(limit // 10, 4096)


def _mean(xs: Sequence[float]) -> Optional[float]:
    return statistics.fmean(xs) if xs else None


def _fmt_int(x: Optional[float]) -> str:
    return "-" if x is None else f"{x:,.0f}"


def summary_rows(engines: Sequence[str], suites: Sequence[str], outcomes: Sequence[Outcome],
                 nodes_limit: Optional[int]) -> List[Tuple[str, List[str]]]:
    """(label, one cell per engine) rows: solved per suite and in all, mean time and nodes to
    solution, nodes searched, whether `go nodes` was honoured, errors."""
    by = {e: [o for o in outcomes if o.engine == e] for e in engines}
    rows: List[Tuple[str, List[str]]] = []

    def solved_cell(os_: Sequence[Outcome]) -> str:
        n = sum(o.solved for o in os_)
        return f"{n}/{len(os_)} ({100.0 * n / len(os_):.1f}%)" if os_ else "-"

    def time_cell(os_: Sequence[Outcome]) -> str:
        m = _mean([o.solution_time_ms for o in os_ if o.solved and o.solution_time_ms is not None])
        return "-" if m is None else f"{m:,.0f}"

    if len(suites) > 1:
        for s in suites:
            total = sum(1 for o in by[engines[0]] if o.suite == s)
            rows.append((f"{s} ({total}): solved", [solved_cell([o for o in by[e] if o.suite == s]) for e in engines]))
            rows.append((f"{s}: mean ms to solution", [time_cell([o for o in by[e] if o.suite == s]) for e in engines]))
    label = "all suites" if len(suites) > 1 else suites[0]
    rows.append((f"{label}: solved", [solved_cell(by[e]) for e in engines]))
    rows.append(("mean time to solution (ms)", [time_cell(by[e]) for e in engines]))
    rows.append(("mean nodes to solution", [
        _fmt_int(_mean([o.solution_nodes for o in by[e] if o.solved and o.solution_nodes is not None]))
        for e in engines]))
    med, top, honoured = [], [], []
    for e in engines:
        counts = [o.nodes for o in by[e] if o.nodes is not None]
        med.append(_fmt_int(statistics.median(counts)) if counts else "-")
        top.append(_fmt_int(max(counts)) if counts else "-")
        if nodes_limit is not None:
            over = [c for c in counts if c > nodes_limit + nodes_slack(nodes_limit)]
            if not counts:
                honoured.append("unknown (no nodes reported)")
            elif over:
                honoured.append(f"NO: {len(over)}/{len(counts)} over, up to {max(over) / nodes_limit:.1f}x")
            else:
                honoured.append("yes")
    rows.append(("nodes searched, median", med))
    rows.append(("nodes searched, max", top))
    if nodes_limit is not None:
        rows.append(("go nodes honoured", honoured))
    errors = [sum(1 for o in by[e] if o.note.startswith("error")) for e in engines]
    stopped = [sum(1 for o in by[e] if "stopped" in o.note) for e in engines]
    proved = [sum(1 for o in by[e] if "proved" in o.note) for e in engines]
    if any(errors):
        rows.append(("errors (died / hung)", [str(n) for n in errors]))
    if any(stopped):
        rows.append(("stopped by --timeout", [str(n) for n in stopped]))
    if any(proved):
        rows.append(("stopped at a proved mate", [str(n) for n in proved]))
    return rows


def text_table(engines: Sequence[str], rows: Sequence[Tuple[str, List[str]]]) -> str:
    head = [""] + list(engines)
    body = [[label] + cells for label, cells in rows]
    widths = [max(len(r[c]) for r in [head] + body) for c in range(len(head))]
    out = []
    for r in [head] + body:
        out.append("  ".join(r[0].ljust(widths[0]) if c == 0 else r[c].rjust(widths[c]) for c in range(len(r)))
                   .rstrip())
    return "\n".join(out)


def markdown_table(engines: Sequence[str], rows: Sequence[Tuple[str, List[str]]]) -> str:
    lines = ["| | " + " | ".join(engines) + " |", "|---|" + "---:|" * len(engines)]
    lines += [f"| {label} | " + " | ".join(cells) + " |" for label, cells in rows]
    return "\n".join(lines)


def differences(engines: Sequence[str], outcomes: Sequence[Outcome]) -> List[str]:
    """For each engine, the positions it missed that some other engine solved: where to look
    for its blind spots."""
    solved = {(o.engine, o.suite, o.number): o.solved for o in outcomes}
    suites = list(dict.fromkeys(o.suite for o in outcomes))
    out: List[str] = []
    if len(engines) < 2:
        return out
    for e in engines:
        parts, count = [], 0
        for s in suites:
            # by number in the suite: the ids of some suites are long (the --out file has them)
            numbers = sorted({o.number for o in outcomes if o.suite == s and not solved.get((e, s, o.number))
                              and any(solved.get((f, s, o.number)) for f in engines if f != e)})
            count += len(numbers)
            if numbers:
                parts.append(f"{s} #" + " #".join(map(str, numbers)))
        out.append(f"- {e} missed {count} that another engine solved" + (": " + "; ".join(parts) if parts else ""))
    return out


def git_commit(where: Path) -> str:
    try:
        r = subprocess.run(["git", "-C", str(where), "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True, timeout=10)
        return r.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def write_results(path: Path, meta: Dict[str, object], outcomes: Sequence[Outcome]) -> None:
    if path.suffix.lower() == ".tsv":
        cols = list(Outcome.__dataclass_fields__)
        with path.open("w") as f:
            f.write("\t".join(cols) + "\n")
            for o in outcomes:
                row = asdict(o)
                f.write("\t".join("" if row[c] is None else str(row[c]).replace("\t", " ") for c in cols) + "\n")
    else:
        path.write_text(json.dumps({**meta, "positions": [asdict(o) for o in outcomes]}, indent=1) + "\n")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def parse_engine(text: str) -> EngineSpec:
    name, sep, command = text.partition("=")
    if not sep or not name or not command.strip() or ":" in name:
        raise argparse.ArgumentTypeError(f"--engine wants NAME=COMMAND (NAME without ':'), got {text!r}")
    return EngineSpec(name=name, command=shlex.split(command))


def parse_option(text: str) -> Tuple[Optional[str], str, str]:
    """[ENGINE:]NAME=VALUE -> (engine or None for all, name, value). Split at the first '='
    (values may hold ':' or '='), then the key at its first ':'."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"--option wants [ENGINE:]NAME=VALUE, got {text!r}")
    engine, colon, name = key.partition(":")
    if not colon:
        return None, key.strip(), value
    if not engine.strip() or not name.strip():
        raise argparse.ArgumentTypeError(f"--option wants [ENGINE:]NAME=VALUE, got {text!r}")
    return engine.strip(), name.strip(), value


def build_parser() -> argparse.ArgumentParser:
    first_paragraph = " ".join(__doc__.split("\n\n")[0].split()).split(" - ", 1)[1]
    ap = argparse.ArgumentParser(description=first_paragraph[0].upper() + first_paragraph[1:],
                                 epilog="The rules (what solves a position, time to solution, the go nodes "
                                        "check) are in the docstring at the top of scripts/tactics.py.")
    ap.add_argument("suites", nargs="+", type=Path, metavar="SUITE", help="EPD files")
    ap.add_argument("--engine", action="append", required=True, type=parse_engine, metavar="NAME=COMMAND",
                    help="an engine to test (repeatable)")
    ap.add_argument("--option", action="append", default=[], type=parse_option, metavar="[NAME:]OPT=VALUE",
                    help="a UCI option for engine NAME, or for all (repeatable); Threads=1 and Hash=16 by default")
    limit = ap.add_mutually_exclusive_group(required=True)
    limit.add_argument("--nodes", type=int, metavar="N", help="go nodes N")
    limit.add_argument("--movetime", type=int, metavar="MS", help="go movetime MS")
    ap.add_argument("--timeout", type=float, metavar="S", help="seconds before a search is sent stop "
                    "(default 30 with --nodes, movetime + 10 s with --movetime)")
    ap.add_argument("--concurrency", type=int, default=1, metavar="K", help="engines run at once (default 1)")
    ap.add_argument("--out", type=Path, metavar="FILE", help="per-position results: .tsv for TSV, else JSON")
    ap.add_argument("--markdown", type=Path, metavar="FILE", help="the summary as Markdown")
    ap.add_argument("--stop-on-mate", action="store_true",
                    help="stop a `dm N` search once it reports the exact mate N with a mating move")
    ap.add_argument("--limit-positions", type=int, metavar="K", help="only the first K positions of each suite")
    ap.add_argument("-q", "--quiet", action="store_true", help="no progress lines on stderr")
    return ap


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    specs: List[EngineSpec] = args.engine
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        ap.error(f"engine names must differ: {names}")
    for engine, name, value in args.option:
        if engine is not None and engine not in names:
            ap.error(f"--option names engine {engine!r}, which is not among {names}")
        for s in specs:
            if engine is None or engine == s.name:
                s.options[name] = value
    if (args.nodes is not None and args.nodes < 1) or (args.movetime is not None and args.movetime < 1):
        ap.error("the limit must be positive")
    if args.concurrency < 1:
        ap.error("--concurrency must be at least 1")

    positions: List[EpdPosition] = []
    suites: List[str] = []
    for path in args.suites:
        try:
            ps = load_suite(path)
        except (OSError, EpdError) as exc:
            print(f"tactics.py: {exc}", file=sys.stderr)
            return 2
        if args.limit_positions is not None:
            ps = ps[:args.limit_positions]
        if path.name in suites:
            ap.error(f"two suites are named {path.name}")
        suites.append(path.name)
        positions += ps
    if args.nodes is not None:
        go, limit_text = f"go nodes {args.nodes}", f"go nodes {args.nodes}"
        timeout = args.timeout if args.timeout is not None else 30.0
    else:
        go, limit_text = f"go movetime {args.movetime}", f"go movetime {args.movetime}"
        timeout = args.timeout if args.timeout is not None else args.movetime / 1000.0 + 10.0
    if args.stop_on_mate:
        limit_text += " (--stop-on-mate)"

    lock = threading.Lock()

    def progress(line: str) -> None:
        if not args.quiet:
            warn(line)

    def warn(line: str) -> None:  # printed even with -q
        with lock:
            print(line, file=sys.stderr, flush=True)

    results: Dict[str, Tuple[List[Outcome], Dict[str, object]]] = {}
    errors: Dict[str, str] = {}

    def one(spec: EngineSpec) -> None:
        try:
            results[spec.name] = run_engine(spec, positions, go, timeout, progress, warn, args.stop_on_mate)
        except (EngineDied, EngineHung, OSError) as exc:  # it could not even start
            errors[spec.name] = str(exc)

    started = datetime.datetime.now(datetime.timezone.utc)
    pending = list(specs)
    while pending:
        batch, pending = pending[:args.concurrency], pending[args.concurrency:]
        threads = [threading.Thread(target=one, args=(s,)) for s in batch]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for name, why in errors.items():
        print(f"tactics.py: engine {name} could not be started: {why}", file=sys.stderr)
    engines = [n for n in names if n in results]
    if not engines:
        return 1
    outcomes = [o for n in engines for o in results[n][0]]
    rows = summary_rows(engines, suites, outcomes, args.nodes)

    repo = Path(__file__).resolve().parents[1]
    meta: Dict[str, object] = {
        "command": ["python3", "scripts/tactics.py"] + list(argv if argv is not None else sys.argv[1:]),
        "date": started.isoformat(timespec="seconds"),
        "commit": git_commit(repo),
        "limit": limit_text,
        "suites": {s: sum(1 for p in positions if p.suite == s) for s in suites},
        "engines": {n: results[n][1] for n in engines},
    }
    if args.out:
        write_results(args.out, meta, outcomes)
    if args.markdown:
        md = [f"**{limit_text}**, " + ", ".join(f"{s} ({meta['suites'][s]})" for s in suites)
              + f"; repository at commit {meta['commit']}, {started:%Y-%m-%d}; concurrency {args.concurrency}.", ""]
        for n in engines:
            info = results[n][1]
            opts = ", ".join(f"{k} {v}" for k, v in info["options"].items()) or "no options set"  # type: ignore[union-attr]
            md.append(f"- {n}: `{' '.join(info['command'])}` (id name {info['id_name'] or '?'}; {opts})")  # type: ignore[arg-type]
        md += ["", "    " + shlex.join(meta["command"]), "", markdown_table(engines, rows)]  # type: ignore[arg-type]
        diff = differences(engines, outcomes)
        if diff:
            md += [""] + diff
        args.markdown.write_text("\n".join(md) + "\n")
    # printed after the files are written, so that a closed stdout (`| head`) loses no file
    print(f"{limit_text}; " + ", ".join(suites) + f" ({len(positions)} positions); "
          f"started {started:%Y-%m-%d %H:%M} UTC; concurrency {args.concurrency}")
    print(text_table(engines, rows))
    for line in differences(engines, outcomes):
        print(line)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
