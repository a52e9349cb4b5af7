"""Helpers shared by the UCI protocol test-suite (see conftest.py for how to run it).

Nothing in here is a test; the test modules import it.  Two ways of talking to
the engine are provided:

* ``chess.engine.SimpleEngine`` (python-chess, the client lichess-bot uses),
  wrapped by :func:`play` / :func:`analyse` / :func:`run_sync` so that *every*
  call has a wall-clock timeout (python-chess itself puts no timeout on
  ``play`` with clock limits, so a hung engine would hang the suite);
* ``UciEngine`` from ``scripts/uci_engine.py`` (the one raw UCI driver of the
  repository, shared with the scripts; conftest.py puts scripts/ on sys.path),
  a bare subprocess with a line queue, for tests that need exact control over
  the bytes sent (error handling, ponderhit timing, ...).  A python-chess call
  that times out raises the same EngineHung as a raw read.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import io
import logging
import os
import random
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import chess
import chess.engine
import chess.pgn

from uci_engine import EngineHung

# ---------------------------------------------------------------------------
# Tunables (documented in conftest.py)
# ---------------------------------------------------------------------------

#: Multiplies every timing tolerance of the suite (CUTOFF_TIME_SCALE, default 1).
#: Raise it on a machine that is busy with other work; timing failures print
#: the load average to help tell contention from engine bugs.
TIME_SCALE = float(os.environ.get("CUTOFF_TIME_SCALE", "1"))


def within(seconds: float) -> float:
    """A timing limit of the suite, scaled by CUTOFF_TIME_SCALE."""
    return seconds * TIME_SCALE


def load_note() -> str:
    try:
        one, five, _ = os.getloadavg()
        return f"(load average {one:.1f}/{five:.1f} on {os.cpu_count()} CPUs)"
    except OSError:  # pragma: no cover
        return ""

#: An engine's clock may go this far below zero on a single move before we call
#: it a flag fall.  It covers the python-chess / pipe overhead that is charged to
#: the engine's clock by our wall-clock measurement (a few ms in practice).
FLAG_TOLERANCE = within(0.050)

#: With ``go movetime N`` a move may take at most N ms plus this.
MOVETIME_TOLERANCE = within(0.100)

#: Games longer than this many plies (counted from the initial position,
#: including book moves) are stopped and adjudicated as a draw.
MAX_PLIES = 300

#: Clock games run with at least this "Move Overhead" (ms): Cutoff's default.
#: Engines whose default is lower (Stockfish: 10) get it raised to this, because
#: the harness' own round trip (python-chess, pipes, scheduling) costs 3-25 ms
#: per move, which a 10 ms reserve does not cover in 1+0.01 games.
MIN_MOVE_OVERHEAD_MS = 30

#: Generous "the engine is hung" margin added to every expected duration.
HANG_MARGIN = 5.0

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK_DIR = REPO_ROOT.parent / "shared" / "data" / "books"
DEFAULT_BOOK = BOOK_DIR / "8moves_v3.pgn"


# ---------------------------------------------------------------------------
# Engine identity
# ---------------------------------------------------------------------------


def is_cutoff_name(name: Optional[str]) -> bool:
    return bool(name) and name.startswith("Cutoff")


def skip_unless_cutoff(engine_or_name) -> None:
    """pytest.skip() unless the engine under test is Cutoff."""
    import pytest

    if isinstance(engine_or_name, str) or engine_or_name is None:
        name = engine_or_name
    else:
        name = engine_or_name.id.get("name")
    if not is_cutoff_name(name):
        pytest.skip(f"Cutoff-specific check; engine under test is {name!r}")


# ---------------------------------------------------------------------------
# Capturing python-chess' protocol log
# ---------------------------------------------------------------------------


class UciLog(logging.Handler):
    """Records every line python-chess sends to / receives from any engine.

    python-chess logs sent lines as ``"%s: << %s"`` and received lines as
    ``"%s: >> %s"`` (first argument: the protocol object), at DEBUG level.
    Only plain tuples are kept (no LogRecord objects), to keep the garbage
    collector out of the timing of clock games.
    """

    SENT = "%s: << %s"
    RECEIVED = "%s: >> %s"

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: List[Tuple[int, str, str]] = []  # (id(protocol), "<<" or ">>", line)
        self.warnings: List[str] = []
        self._lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg in (self.SENT, self.RECEIVED) and isinstance(record.args, tuple) and len(record.args) == 2:
            entry = (id(record.args[0]), "<<" if record.msg == self.SENT else ">>", str(record.args[1]))
            with self._lock:
                self.lines.append(entry)
        elif record.levelno >= logging.WARNING:
            try:
                msg = record.getMessage()
            except Exception:  # pragma: no cover - defensive
                msg = repr(record.msg)
            with self._lock:
                self.warnings.append(msg)

    def clear(self) -> None:
        with self._lock:
            self.lines.clear()
            self.warnings.clear()

    def mark(self) -> int:
        """Position to pass as *since* to sent()/received() later."""
        with self._lock:
            return len(self.lines)

    def _select(self, engine, direction: str, since: int) -> List[str]:
        pid = id(engine.protocol) if engine is not None else None
        with self._lock:
            entries = self.lines[since:]
        return [line for p, d, line in entries if d == direction and (pid is None or p == pid)]

    def sent(self, engine=None, since: int = 0) -> List[str]:
        return self._select(engine, "<<", since)

    def received(self, engine=None, since: int = 0) -> List[str]:
        return self._select(engine, ">>", since)

    def last_bestmove(self, engine) -> Optional[str]:
        pid = id(engine.protocol)
        with self._lock:
            for p, d, line in reversed(self.lines):
                if p == pid and d == ">>" and line.startswith("bestmove"):
                    return line
        return None

    def problems(self) -> List[str]:
        """Warnings/errors python-chess logged (bad info lines, unexpected output...)."""
        with self._lock:
            return list(self.warnings)


# ---------------------------------------------------------------------------
# Timed python-chess calls
# ---------------------------------------------------------------------------


def run_sync(engine: chess.engine.SimpleEngine, coro, timeout: float, what: str):
    """Run a python-chess protocol coroutine on the engine's loop with a hard timeout."""
    fut = asyncio.run_coroutine_threadsafe(asyncio.wait_for(coro, timeout), engine.protocol.loop)
    try:
        return fut.result(timeout + 2.0)
    except (concurrent.futures.TimeoutError, asyncio.TimeoutError, TimeoutError) as exc:
        fut.cancel()
        raise EngineHung(f"{what}: engine gave no answer within {timeout:.1f}s") from exc


def expected_duration(board: chess.Board, limit: chess.engine.Limit) -> float:
    """Upper bound of how long a search with this limit may legitimately take."""
    if limit.time is not None:
        return limit.time
    clock = limit.white_clock if board.turn == chess.WHITE else limit.black_clock
    inc = limit.white_inc if board.turn == chess.WHITE else limit.black_inc
    if clock is not None:
        return clock + (inc or 0.0)
    return 20.0  # depth / nodes / mate limits: "reasonable"


def ensure_move_overhead(engine, ms: int = MIN_MOVE_OVERHEAD_MS) -> None:
    """Raise the engine's "Move Overhead" to *ms* if its default is lower
    (a no-op for Cutoff, whose default is 30)."""
    opt = engine.options.get("Move Overhead")
    if opt is not None and opt.type == "spin" and opt.default is not None and opt.default < ms:
        engine.configure({"Move Overhead": ms})


def play(engine, board: chess.Board, limit: chess.engine.Limit, *, timeout: Optional[float] = None, **kwargs) -> chess.engine.PlayResult:
    if timeout is None:
        timeout = expected_duration(board, limit) + HANG_MARGIN
    return run_sync(engine, engine.protocol.play(board, limit, **kwargs), timeout, f"play({limit})")


def analyse(engine, board: chess.Board, limit: chess.engine.Limit, *, timeout: Optional[float] = None, **kwargs):
    if timeout is None:
        timeout = expected_duration(board, limit) + HANG_MARGIN
    return run_sync(engine, engine.protocol.analyse(board, limit, **kwargs), timeout, f"analyse({limit})")


def analysis_wait(engine, analysis: chess.engine.SimpleAnalysisResult, timeout: float) -> chess.engine.BestMove:
    return run_sync(engine, analysis.inner.wait(), timeout, "waiting for bestmove after stop")


def quit_engine(engine: chess.engine.SimpleEngine, timeout: float = 3.0) -> None:
    try:
        run_sync(engine, engine.protocol.quit(), timeout, "quit")
    except Exception:
        pass
    finally:
        engine.close()


def error_lines(lines: Sequence[str]) -> List[str]:
    return [l for l in lines if l.startswith("info string error")]


# ---------------------------------------------------------------------------
# Board helpers
# ---------------------------------------------------------------------------


def assert_legal_uci(board: chess.Board, token: str, context: str = "") -> chess.Move:
    """Assert a raw bestmove token is a legal move in *board* written the way
    UCI requires for that board (king-takes-rook castling in Chess960 mode,
    king-two-squares castling otherwise, lower-case promotion piece)."""
    try:
        chess.Move.from_uci(token)
    except ValueError:
        raise AssertionError(f"bestmove {token!r} is not a UCI move {context}\nFEN {board.fen()}")
    legal = {board.uci(m): m for m in board.legal_moves}
    assert token in legal, (
        f"bestmove {token!r} is not legal (or not in the expected notation) {context}\n"
        f"FEN {board.fen(shredder=board.chess960)}\nlegal: {sorted(legal)}"
    )
    return legal[token]


def same_position(engine_fen: str, board: chess.Board) -> Tuple[bool, str, str]:
    """Compare a FEN printed by the engine with *board*, tolerant of
    Shredder-FEN vs X-FEN castling and of en passant squares printed although
    no capture is possible."""
    try:
        theirs = chess.Board(engine_fen, chess960=board.chess960)
    except ValueError as exc:
        return False, f"<unparsable: {engine_fen!r}: {exc}>", board.fen(shredder=True, en_passant="legal")
    a = theirs.fen(shredder=True, en_passant="legal")
    b = board.fen(shredder=True, en_passant="legal")
    return a == b, a, b


def game_pgn(board: chess.Board, headers: Optional[Dict[str, str]] = None) -> str:
    game = chess.pgn.Game.from_board(board)
    for k, v in (headers or {}).items():
        game.headers[k] = v
    return str(game)


def validate_info_pv_lines(root: chess.Board, lines: Sequence[str]) -> List[str]:
    """Check that every 'pv' in raw 'info' lines is a legal move sequence from *root*.
    Returns a list of problems (empty when all fine)."""
    problems = []
    for line in lines:
        toks = line.split()
        if not toks or toks[0] != "info" or "pv" not in toks or "string" in toks[:2]:
            continue
        i = toks.index("pv") + 1
        b = root.copy(stack=False)
        while i < len(toks) and re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbn]?", toks[i]):
            tok = toks[i]
            legal = {b.uci(m): m for m in b.legal_moves}
            if tok not in legal:
                problems.append(f"illegal pv move {tok!r} at ply {len(b.move_stack)} in: {line}")
                break
            b.push(legal[tok])
            i += 1
    return problems


# ---------------------------------------------------------------------------
# Openings
# ---------------------------------------------------------------------------


def book_path() -> Path:
    return Path(os.environ.get("CUTOFF_BOOK", str(DEFAULT_BOOK)))


def seed_value() -> int:
    return int(os.environ.get("CUTOFF_TEST_SEED", "20240601"))


_book_cache: Dict[str, List[str]] = {}


def book_openings(count: int, salt: str = "") -> List[Tuple[str, chess.Board]]:
    """*count* opening positions from the shared PGN book (chosen with a fixed,
    overridable seed: CUTOFF_TEST_SEED), or the start position when the book is
    not there."""
    path = book_path()
    if not path.is_file():
        return [("startpos (book not found)", chess.Board()) for _ in range(count)]
    key = str(path)
    if key not in _book_cache:
        text = path.read_text(encoding="utf-8", errors="replace")
        _book_cache[key] = [c for c in re.split(r"\n(?=\[Event )", text) if c.strip()]
    chunks = _book_cache[key]
    rng = random.Random(f"{seed_value()}:{salt}")
    out = []
    for idx in rng.sample(range(len(chunks)), min(count, len(chunks))):
        game = chess.pgn.read_game(io.StringIO(chunks[idx]))
        if game is None:
            continue
        board = game.board()
        for mv in game.mainline_moves():
            board.push(mv)
        out.append((f"{path.name}#{idx} ({board.ply()} plies)", board))
    while len(out) < count:
        out.append(("startpos", chess.Board()))
    return out


# ---------------------------------------------------------------------------
# Playing games
# ---------------------------------------------------------------------------


@dataclass
class Clock:
    base: float
    inc: float

    def __str__(self) -> str:
        return f"{self.base:g}+{self.inc:g}"


@dataclass
class MoveTime:
    seconds: float

    def __str__(self) -> str:
        return f"movetime {self.seconds * 1000:g}ms"


@dataclass
class GameRecord:
    board: chess.Board
    label: str
    control: Union[Clock, MoveTime]
    outcome: Optional[chess.Outcome]
    adjudicated: bool
    move_times: List[float] = field(default_factory=list)
    min_clock: Dict[bool, float] = field(default_factory=dict)
    castlings: List[str] = field(default_factory=list)
    info_lines: int = 0

    @property
    def result(self) -> str:
        if self.adjudicated:
            return "1/2-1/2"
        return self.outcome.result() if self.outcome else "*"

    @property
    def termination(self) -> str:
        if self.adjudicated:
            return f"adjudicated draw after {self.board.ply()} plies"
        return self.outcome.termination.name if self.outcome else "unfinished"

    def summary(self) -> str:
        mins = ", ".join(f"{'white' if c else 'black'} min clock {v:.3f}s" for c, v in self.min_clock.items())
        mx = max(self.move_times) if self.move_times else 0.0
        per_move = self.info_lines / max(1, len(self.move_times))
        return (f"{self.label} [{self.control}]: {self.result} ({self.termination}), "
                f"{len(self.move_times)} engine moves, longest {mx:.3f}s" + (f", {mins}" if mins else "")
                + f", {per_move:.1f} info lines/move")


def play_game(
    engines: Dict[bool, chess.engine.SimpleEngine],
    start: chess.Board,
    control: Union[Clock, MoveTime],
    *,
    label: str = "",
    max_plies: int = MAX_PLIES,
    uci_log: Optional[UciLog] = None,
    game_id: Optional[object] = None,
) -> GameRecord:
    """Play one game between engines[WHITE] and engines[BLACK] (may be the same
    object) starting at *start*.  Asserts legality, notation and time use move by
    move; returns a GameRecord.

    Clock handling: the test keeps both clocks itself.  Before each move the
    engine gets both clocks and increments; the wall time of the whole
    ``play()`` round trip is charged to the mover; the mover flags when its
    clock is below ``-FLAG_TOLERANCE`` after the move; then the increment is
    added (Fischer).

    python-chess is asked not to parse info lines during the game
    (info=INFO_NONE): its PV parsing costs ~1 ms per line, which would be
    charged to the engine's clock.  (lichess-bot does pay that, with INFO_ALL:
    an engine printing many info lines per move loses time there.)  Instead,
    when *uci_log* is given, every PV the engine printed is checked for
    legality after the move, outside the timed section; the garbage collector
    is off during the game for the same reason."""
    gc_was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        return _play_game(engines, start, control, label=label, max_plies=max_plies,
                          uci_log=uci_log, game_id=game_id)
    finally:
        if gc_was_enabled:
            gc.enable()


def _play_game(engines, start, control, *, label, max_plies, uci_log, game_id) -> GameRecord:
    board = start.copy()
    game_id = game_id if game_id is not None else object()
    rec = GameRecord(board=board, label=label, control=control, outcome=None, adjudicated=False)
    clocks = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    if isinstance(control, Clock):
        clocks = {chess.WHITE: control.base, chess.BLACK: control.base}
        rec.min_clock = {chess.WHITE: control.base, chess.BLACK: control.base}
        for eng in {id(e): e for e in engines.values()}.values():
            ensure_move_overhead(eng)

    def fail(msg: str) -> None:
        raise AssertionError(f"{msg}\n{rec.summary()}\n{game_pgn(board, {'Event': label, 'BookEndFEN': start.fen(shredder=start.chess960)})}")

    while not board.is_game_over(claim_draw=True):
        if board.ply() >= max_plies:
            rec.adjudicated = True
            break
        side = board.turn
        engine = engines[side]
        if isinstance(control, Clock):
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                white_inc=control.inc, black_inc=control.inc)
            timeout = max(clocks[side], 0.0) + control.inc + HANG_MARGIN
        else:
            limit = chess.engine.Limit(time=control.seconds)
            timeout = control.seconds + HANG_MARGIN
        mark = uci_log.mark() if uci_log is not None else 0
        t0 = time.perf_counter()
        try:
            result = play(engine, board, limit, timeout=timeout, game=game_id, info=chess.engine.INFO_NONE)
        except (EngineHung, chess.engine.EngineError) as exc:
            fail(f"engine failed at ply {board.ply()}: {exc!r}")
        elapsed = time.perf_counter() - t0
        rec.move_times.append(elapsed)
        move = result.move
        if move is None:
            fail(f"engine returned no move at ply {board.ply()} although the game is not over")
        if move not in board.legal_moves:
            fail(f"illegal move {move} at ply {board.ply()}")
        if uci_log is not None:
            raw = uci_log.last_bestmove(engine)
            token = raw.split()[1] if raw and len(raw.split()) > 1 else None
            if token != board.uci(move):
                fail(f"bestmove written as {token!r}, expected {board.uci(move)!r} "
                     f"(chess960={board.chess960}) at ply {board.ply()}")
            infos = [l for l in uci_log.received(engine, since=mark) if l.startswith("info")]
            rec.info_lines += len(infos)
            bad_pvs = validate_info_pv_lines(board, infos)
            if bad_pvs:
                fail(f"illegal PV at ply {board.ply()}:\n" + "\n".join(bad_pvs[:5]))
        if board.is_castling(move):
            rec.castlings.append(board.uci(move))
        if isinstance(control, Clock):
            clocks[side] -= elapsed
            rec.min_clock[side] = min(rec.min_clock[side], clocks[side])
            if clocks[side] < -FLAG_TOLERANCE:
                fail(f"{'white' if side else 'black'} flagged at ply {board.ply()}: move took "
                     f"{elapsed:.3f}s with {clocks[side] + elapsed:.3f}s on the clock {load_note()}")
            clocks[side] += control.inc
        else:
            if elapsed > control.seconds + MOVETIME_TOLERANCE:
                fail(f"move at ply {board.ply()} took {elapsed:.3f}s with movetime {control.seconds:.3f}s {load_note()}")
        board.push(move)

    if not rec.adjudicated:
        rec.outcome = board.outcome(claim_draw=True)
        if rec.outcome is None:
            fail("game loop ended without an outcome")
        if rec.outcome.result() not in ("1-0", "0-1", "1/2-1/2"):
            fail(f"bad result {rec.outcome.result()}")
    return rec
