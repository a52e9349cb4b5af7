"""uci_engine.py - one UCI engine as a child process: write lines to it, read its answers with
timeouts, keep a transcript for error messages.

Every piece of Python in this repository that talks UCI over pipes itself uses this class:
the raw-protocol tests (tests/python, through conftest.py and uci_util.py), fh_reference.py,
hash_timing.py and tactics.py. (The python-chess tests use chess.engine instead, on purpose: it is the
client lichess-bot uses.)

Why here, in scripts/: the scripts are run as files (`python3 scripts/fh_reference.py ...`),
and Python puts a script's own folder on sys.path, so they import this with no install and no
path setup. The tests add scripts/ to sys.path once, in tests/python/conftest.py. Kept in
tests/, the scripts would have to reach into the test suite instead.

How it reads: a thread moves each line the engine prints into a queue, so a read can wait
with a timeout (or without one) and an engine that hangs or dies becomes an exception, not a
hang. EngineHung and EngineDied are AssertionErrors because in the tests a silent or dead
engine is a failed check; the scripts catch them where they report errors their own way.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from typing import Callable, Dict, List, Optional, Sequence, Tuple


class EngineHung(AssertionError):
    """The engine did not answer within the allowed wall-clock time."""


class EngineDied(AssertionError):
    """The engine process exited (or closed stdout) unexpectedly."""


# Put in the line queue when the engine's output ends.
_EOF = object()


class UciEngine:
    """Talks UCI over plain pipes; every read can have a timeout.

    stderr: subprocess.PIPE (the default) keeps the engine's stderr lines in stderr_lines
    and shows their tail in describe(); None leaves it on ours; subprocess.DEVNULL drops it.
    """

    def __init__(self, command: Sequence[str], stderr=subprocess.PIPE):
        self.command = list(command)
        self.proc = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            bufsize=1,
            errors="replace",
        )
        self.lines: "queue.Queue[object]" = queue.Queue()
        self.transcript: List[Tuple[float, str, str]] = []
        self.stderr_lines: List[str] = []
        self._t0 = time.perf_counter()
        self._lock = threading.Lock()
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        if stderr == subprocess.PIPE:
            threading.Thread(target=self._pump_stderr, daemon=True).start()
        self.id: Dict[str, str] = {}
        self.option_lines: List[str] = []

    # -- plumbing ----------------------------------------------------------
    def _log(self, direction: str, line: str) -> None:
        with self._lock:
            self.transcript.append((time.perf_counter() - self._t0, direction, line))

    def _pump_stdout(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            line = raw.rstrip("\r\n")
            self._log("<", line)
            self.lines.put(line)
        self.lines.put(_EOF)

    def _pump_stderr(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.rstrip("\r\n"))

    def describe(self, last: int = 40) -> str:
        """The end of the conversation (and of stderr), for error messages."""
        with self._lock:
            tail = self.transcript[-last:]
        text = "\n".join(f"  {t:8.3f} {d} {l}" for t, d, l in tail)
        err = "\n".join("  " + l for l in self.stderr_lines[-10:])
        return f"last {len(tail)} lines of the conversation (> sent, < received):\n{text}" + (
            f"\nstderr tail:\n{err}" if err else ""
        )

    def send(self, line: str) -> None:
        self._log(">", line)
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise EngineDied(f"cannot write {line!r}: engine exited with {self.proc.poll()}\n{self.describe()}") from exc

    def readline(self, timeout: Optional[float]) -> Optional[str]:
        """Next line, or None when nothing arrived within *timeout* seconds (None: wait as
        long as it takes)."""
        try:
            item = self.lines.get(timeout=None if timeout is None else max(0.0, timeout))
        except queue.Empty:
            return None
        if item is _EOF:
            self.lines.put(_EOF)  # keep reporting EOF
            try:
                rc = self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                rc = None
            raise EngineDied(f"engine closed its output (exit code {rc})\n{self.describe()}")
        return item  # type: ignore[return-value]

    def expect(self, pred: Callable[[str], bool], timeout: Optional[float], what: str) -> Tuple[str, List[str]]:
        """Read until a line satisfies *pred*; return it and the lines before it. *pred* sees
        every line, so a caller can also pick data out of the lines on the way. With
        *timeout* None it waits as long as the engine lives."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        before: List[str] = []
        while True:
            if deadline is None:
                line = self.readline(None)
            else:
                left = deadline - time.perf_counter()
                line = self.readline(left) if left > 0 else None
            if line is None:
                raise EngineHung(f"no {what} within {timeout:.2f}s\n{self.describe()}")
            if pred(line):
                return line, before
            before.append(line)

    def collect(self, duration: float) -> List[str]:
        """All lines arriving within *duration* seconds."""
        deadline = time.perf_counter() + duration
        out = []
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return out
            line = self.readline(left)
            if line is None:
                return out
            out.append(line)

    # -- UCI conveniences --------------------------------------------------
    def handshake(self, timeout: float = 10.0) -> Dict[str, str]:
        """uci ... uciok; keeps the id lines (returned) and the option lines."""
        self.send("uci")
        _, before = self.expect(lambda l: l.strip() == "uciok", timeout, "uciok")
        for line in before:
            toks = line.split(None, 2)
            if len(toks) >= 3 and toks[0] == "id":
                self.id[toks[1]] = toks[2].strip()
            elif line.startswith("option "):
                self.option_lines.append(line)
        return self.id

    def isready(self, timeout: float = 5.0) -> List[str]:
        """Send isready; return the lines that arrived before readyok."""
        self.send("isready")
        _, before = self.expect(lambda l: l.strip() == "readyok", timeout, "readyok")
        return before

    def wait_bestmove(self, timeout: float) -> Tuple[str, Optional[str], List[str], float]:
        """Wait for 'bestmove'; returns (move, ponder, lines before, seconds waited)."""
        t0 = time.perf_counter()
        line, before = self.expect(lambda l: l.split()[:1] == ["bestmove"], timeout, "bestmove")
        elapsed = time.perf_counter() - t0
        toks = line.split()
        move = toks[1] if len(toks) > 1 else ""
        ponder = toks[3] if len(toks) > 3 and toks[2] == "ponder" else None
        return move, ponder, before, elapsed

    def go(self, go_command: str, timeout: float) -> Tuple[str, Optional[str], List[str], float]:
        self.send(go_command)
        return self.wait_bestmove(timeout)

    def fen_from_d(self, timeout: float = 5.0) -> str:
        """Send 'd' (Cutoff's and Stockfish's board display) and return the FEN from its
        'Fen: ' line."""
        self.send("d")
        before = self.isready(timeout)
        for line in before:
            if line.startswith("Fen: "):
                return line[len("Fen: "):].strip()
        raise AssertionError(f"'d' printed no line starting with 'Fen: '\n{self.describe()}")

    def quit(self, timeout: float = 3.0) -> Optional[int]:
        """Send quit (if it still runs) and wait; the exit code, or None if it did not end."""
        if self.proc.poll() is None:
            try:
                self.send("quit")
            except EngineDied:
                pass
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def close(self, quit_timeout: float = 2.0) -> None:
        """End the engine whatever its state: quit, then kill if it does not go in time."""
        if self.proc.poll() is None:
            self.quit(quit_timeout)
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:  # pragma: no cover
                pass
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream:
                    stream.close()
            except Exception:
                pass
