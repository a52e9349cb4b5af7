"""UCI protocol test-suite for Cutoff, driven through python-chess.

What it is
==========
End-to-end tests of the engine *binary* over UCI, using ``chess.engine`` from
python-chess -- the same client lichess-bot uses -- plus a few tests that speak
raw UCI over pipes (``UciEngine`` in ``scripts/uci_engine.py``) where exact bytes matter.

How to run
==========
::

    pip install -r tests/python/requirements.txt   # chess (python-chess) + pytest
    python -m pytest tests/python -q

Without ``CUTOFF_BIN`` the engine under test is the repository's
``target/release/cutoff`` (under ``CARGO_TARGET_DIR`` if that is set), made
current with ``cargo build --release`` once per test run, before the first test
that needs the engine (a no-op when it is up to date; a binary left from before
a change would test old code).  Without cargo an existing binary is used as it
is.  When there is no engine (the build fails, or no cargo and no binary),
every test that needs it *fails* with the reason and the build's last lines;
nothing is skipped for it.  The tests of the scripts that need no engine run
either way.

``CUTOFF_BIN`` names another engine instead (no build); if it does not name an
executable file, pytest stops with a usage error.  A relative path is taken
relative to the current directory.  Most tests also pass against any decent
UCI engine, e.g.::

    CUTOFF_BIN=/usr/games/stockfish python -m pytest tests/python -q

Tests of behaviour only Cutoff promises (its option list, ``info string error``
replies, ``d``, ``eval``, ...) carry the ``cutoff_only`` marker and are skipped
unless the engine's ``id name`` starts with ``Cutoff``.  Select them with
``-m cutoff_only`` or leave them out with ``-m "not cutoff_only"``.

Optional environment variables
------------------------------
``CUTOFF_BOOK``       PGN opening book; default ``<repo>/../shared/data/books/8moves_v3.pgn``
                      (the start position is used when the file is absent).
``CUTOFF_TEST_SEED``  seed for choosing book openings (default fixed, so runs repeat).
``CUTOFF_TEST_TIMEOUT`` default per-test wall-clock limit in seconds (default 90).
``CUTOFF_TIME_SCALE``   multiplies every timing tolerance (default 1).  Timing
                      failures print the load average; on a machine busy with
                      other work (load well above the core count) try 2.

Rules the games are judged by (see ``uci_util.py``)
---------------------------------------------------
* every move must be legal and written as UCI requires (``e1g1`` castling in
  normal chess, king-takes-rook ``e1h1`` with ``UCI_Chess960``);
* clock games: the test keeps both clocks.  The wall time of each ``play()``
  round trip is charged to the mover; a clock below ``-FLAG_TOLERANCE``
  (50 ms) after a move is a flag fall; then the increment is added.  Clock
  games raise "Move Overhead" to 30 ms where the engine's default is lower
  (Cutoff's default is 10 ms, so its clock games run with 30);
* ``go movetime T`` moves may take at most T + 100 ms;
* every ``pv`` in every ``info`` line must be a legal move sequence (checked
  after each move, outside the timed part: python-chess is told not to parse
  info lines during games, because its PV parsing costs about 1 ms per line and
  would be charged to the engine; lichess-bot *does* parse them all, so an
  engine printing dozens of info lines per move loses real time there);
* games end by checkmate, stalemate, insufficient material, the 75-move rule,
  fivefold repetition, or a claimable draw (``board.is_game_over(claim_draw=True)``:
  threefold repetition / fifty moves).  Games reaching ``MAX_PLIES`` (300;
  200 for Chess960) plies are stopped and adjudicated a draw -- that is not a
  failure, it only keeps the run short.

Checking the suite itself
-------------------------
``selfcheck/fake_cutoff.py`` is a small stand-in that proxies searches to
Stockfish but answers like Cutoff (option list, ``info string error``, ``d``,
``eval``), so the ``cutoff_only`` tests can be exercised before Cutoff exists::

    CUTOFF_BIN=tests/python/selfcheck/fake_cutoff.py python -m pytest tests/python -q

``FAKE_CUTOFF_BUG=slow_bestmove|ignore_stop|std_castling|hang_after_40`` makes
it misbehave on purpose, to see the suite catch it.

Files
-----
``uci_util.py`` helpers (timed python-chess calls, game driver); the raw UCI
driver is ``scripts/uci_engine.py``;
``test_games.py`` self-play at 1+0.01, 5+0.05 and movetime 50 ms;
``test_analysis.py`` MultiPV, mate scores, go infinite/stop, pondering, ucinewgame;
``test_options.py`` option list, Hash/Threads/Clear Hash, out-of-range values;
``test_chess960.py`` Chess960 games and castling notation;
``test_raw_protocol.py`` raw UCI: time safety, ponderhit/stop, error replies, d, eval.

Time budget: about 1.5 minutes on a 2-core machine against Stockfish.
Every engine interaction has its own timeout and every test a wall-clock limit
(``@pytest.mark.wallclock(seconds)`` or CUTOFF_TEST_TIMEOUT; implemented here
with SIGALRM, no plugin needed), so a hung engine fails a test instead of
hanging the run.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import chess.engine
import pytest

# The helpers live beside this file; make them importable whatever pytest's import mode.
# scripts/ too: the raw UCI driver (uci_engine.py) lives there, shared with the scripts.
REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import uci_util  # noqa: E402
from uci_engine import UciEngine  # noqa: E402
from uci_util import UciLog, quit_engine  # noqa: E402

ENV_VAR = "CUTOFF_BIN"
DEFAULT_TEST_TIMEOUT = float(os.environ.get("CUTOFF_TEST_TIMEOUT", "90"))

_engine_path: Optional[str] = None
# Why there is no engine, when the build failed: every test that needs one fails with it;
# the build's last lines are printed once at the start and once at the end, not per test.
_engine_problem: Optional[str] = None
_build_tail: str = ""
_identity: Optional[Dict[str, str]] = None


def _resolve_engine() -> Optional[str]:
    value = os.environ.get(ENV_VAR, "").strip()
    if not value:
        return None
    path = Path(value).expanduser()
    if not path.is_absolute() and os.sep not in value:
        found = shutil.which(value)
        if found:
            return found
    path = path.resolve()
    if not path.is_file() or not os.access(path, os.X_OK):
        raise pytest.UsageError(f"{ENV_VAR}={value!r}: no executable file at {path}")
    return str(path)


def _built_engine(say) -> Tuple[Optional[str], Optional[str], str]:
    """(path, None, "") to the repository's release binary after `cargo build --release`, or
    (None, why not, the build's last lines). *say* prints a line to the terminal (the build
    can take minutes)."""
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO_ROOT / "target").resolve()
    binary = target / "release" / "cutoff"
    usable = binary.is_file() and os.access(binary, os.X_OK)
    cargo = shutil.which("cargo")
    if cargo is None:
        if usable:
            say(f"{ENV_VAR} is not set and cargo is not on PATH: testing {binary} as it is (not rebuilt)")
            return str(binary), None, ""
        return None, (f"{ENV_VAR} is not set, there is no {binary}, and cargo is not on PATH to build it. "
                      f"Build Cutoff (cargo build --release) or set {ENV_VAR} to an engine."), ""
    say(f"{ENV_VAR} is not set: cargo build --release in {REPO_ROOT} (once per test run; can take minutes)")
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    build = subprocess.run([cargo, "build", "--release"], cwd=REPO_ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    if build.returncode != 0:
        tail = "\n".join(build.stdout.splitlines()[-30:])
        return None, (f"{ENV_VAR} is not set and `cargo build --release` in {REPO_ROOT} failed "
                      f"(exit code {build.returncode}); fix the build or set {ENV_VAR}. "
                      f"Its last lines are printed at the start and the end of this run."), tail
    if not (binary.is_file() and os.access(binary, os.X_OK)):
        return None, f"`cargo build --release` succeeded but left no executable at {binary}; set {ENV_VAR}.", ""
    return str(binary), None, ""


def pytest_configure(config: pytest.Config) -> None:
    global _engine_path
    config.addinivalue_line("markers", "cutoff_only: checks behaviour only Cutoff promises; skipped for other engines")
    config.addinivalue_line("markers", "wallclock(seconds): wall-clock limit for one test (default CUTOFF_TEST_TIMEOUT=90)")
    _engine_path = _resolve_engine()


def _engine_line() -> str:
    try:
        name = repr(engine_identity().get("name"))
    except Exception as exc:  # reported properly by the tests themselves
        name = f"<handshake failed: {exc!r}>"[:200]
    return f"engine under test: {_engine_path} (id name {name})"


def pytest_report_header(config: pytest.Config) -> List[str]:
    book = f"opening book: {uci_util.book_path()} ({'found' if uci_util.book_path().is_file() else 'absent, using startpos'})"
    if _engine_path is None:
        return [f"{ENV_VAR} is not set: the engine is the repository's release build, "
                f"built before the first test that needs it", book]
    return [_engine_line(), book]


@pytest.hookimpl(trylast=True)  # after -k / -m have deselected: build only for tests that run
def pytest_collection_modifyitems(config: pytest.Config, items: List[pytest.Item]) -> None:
    global _engine_path, _engine_problem, _build_tail
    if _engine_path is not None or not any("engine_path" in item.fixturenames for item in items):
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")

    def say(line: str, **markup) -> None:
        if reporter is not None:
            reporter.write_line(line, **markup)

    _engine_path, _engine_problem, _build_tail = _built_engine(say)
    if _engine_path is not None:
        say(_engine_line())
    else:
        say(f"NO ENGINE: {_engine_problem}", red=True)
        if _build_tail:
            say(_build_tail)


def engine_identity() -> Dict[str, str]:
    """id name / id author of the engine, read once per test run over raw UCI."""
    global _identity
    if _identity is None:
        assert _engine_path is not None
        raw = UciEngine([_engine_path])
        try:
            _identity = dict(raw.handshake(timeout=15.0))
        finally:
            raw.close()
    return _identity


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _engine_path is not None and item.get_closest_marker("cutoff_only") is not None:
        name = engine_identity().get("name")
        if not uci_util.is_cutoff_name(name):
            pytest.skip(f"Cutoff-specific check; engine under test is {name!r}")


class _TestTimeout(Exception):
    pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Per-test wall-clock limit via SIGALRM (main thread, POSIX).  Any timer
    that was already running (e.g. pytest-timeout's --timeout) is put back
    with its remaining time afterwards."""
    marker = item.get_closest_marker("wallclock")
    limit = float(marker.args[0]) if marker and marker.args else DEFAULT_TEST_TIMEOUT
    use_alarm = hasattr(signal, "setitimer") and limit > 0

    def on_alarm(signum, frame):
        raise _TestTimeout(f"test exceeded its wall-clock limit of {limit:g}s (engine hung?)")

    old_handler = None
    old_timer = (0.0, 0.0)
    started = time.monotonic()
    if use_alarm:
        old_handler = signal.signal(signal.SIGALRM, on_alarm)
        old_timer = signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        yield
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
            if old_timer[0] > 0:
                left = old_timer[0] - (time.monotonic() - started)
                signal.setitimer(signal.ITIMER_REAL, max(left, 0.001), old_timer[1])


# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def engine_path() -> str:
    """The engine every engine test uses (all other engine fixtures build on this one)."""
    if _engine_path is None:
        pytest.fail(_engine_problem or f"no engine: set {ENV_VAR}", pytrace=False)
    return _engine_path


@pytest.fixture(scope="session")
def engine_name(engine_path: str) -> str:
    return engine_identity().get("name", "")


@pytest.fixture
def is_cutoff(engine_name: str) -> bool:
    return uci_util.is_cutoff_name(engine_name)


@pytest.fixture
def uci_log():
    """Records python-chess' protocol log (lines sent/received, warnings)."""
    handler = UciLog()
    logger = logging.getLogger("chess.engine")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)


@pytest.fixture
def engine_factory(engine_path: str):
    """Call it to start another python-chess SimpleEngine; all are shut down afterwards."""
    started: List[chess.engine.SimpleEngine] = []

    def start() -> chess.engine.SimpleEngine:
        eng = chess.engine.SimpleEngine.popen_uci([engine_path], timeout=10.0)
        started.append(eng)
        return eng

    yield start
    for eng in started:
        quit_engine(eng)


@pytest.fixture
def engine(engine_factory) -> chess.engine.SimpleEngine:
    return engine_factory()


@pytest.fixture
def raw_factory(engine_path: str):
    """Call it to start a UciEngine that has completed the uci handshake."""
    started: List[UciEngine] = []

    def start(handshake: bool = True) -> UciEngine:
        eng = UciEngine([engine_path])
        started.append(eng)
        if handshake:
            eng.handshake(timeout=10.0)
            eng.isready(timeout=10.0)
        return eng

    yield start
    for eng in started:
        eng.close()


@pytest.fixture
def raw(raw_factory) -> UciEngine:
    return raw_factory()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    if _engine_problem is not None:
        if _build_tail:
            terminalreporter.write_line(_build_tail)
        terminalreporter.write_line(f"NO ENGINE, so every test that needs it failed at setup: {_engine_problem}", red=True)
