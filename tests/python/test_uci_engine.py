"""scripts/uci_engine.py, the one raw UCI driver of the tests and the scripts: reads with and
without timeouts, an engine that hangs, dies or writes to stderr, and close() of an engine that
ignores quit. Against small fake engines written here, so no real engine is needed."""

import subprocess
import sys
import time

import pytest

from uci_engine import EngineDied, EngineHung, UciEngine

# A fake engine. MODE "ok" answers uci/isready/go (after a pause) and quits on quit; "mute"
# reads and never answers nor quits; "die" exits at its first line.
FAKE = '''#!{python}
import sys, time
mode = {mode!r}
print("started", file=sys.stderr, flush=True)
for line in sys.stdin:
    w = line.split()
    if mode == "die":
        sys.exit(3)
    if mode == "mute" or not w:
        continue
    if w[0] == "uci":
        print("id name fake\\noption name Hash type spin default 16 min 1 max 64\\nuciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "go":
        time.sleep(0.3)
        print("info depth 1\\nbestmove e2e4 ponder e7e5", flush=True)
    elif w[0] == "quit":
        break
'''


def fake(tmp_path, mode):
    path = tmp_path / f"fake-{mode}.py"
    path.write_text(FAKE.format(python=sys.executable, mode=mode))
    path.chmod(0o755)
    return [str(path)]


def test_handshake_keeps_id_and_options_and_quit_ends_it(tmp_path):
    eng = UciEngine(fake(tmp_path, "ok"))
    try:
        assert eng.handshake(timeout=10) == {"name": "fake"}
        assert eng.option_lines == ["option name Hash type spin default 16 min 1 max 64"]
        assert eng.isready(timeout=10) == []
        assert eng.quit(timeout=10) == 0
    finally:
        eng.close()


def test_a_read_without_timeout_waits_and_the_predicate_sees_every_line(tmp_path):
    eng = UciEngine(fake(tmp_path, "ok"))
    seen = []
    try:
        eng.send("go depth 1")
        line, before = eng.expect(lambda l: seen.append(l) or l.startswith("bestmove"), None, "bestmove")
        assert (line, before, seen) == ("bestmove e2e4 ponder e7e5", ["info depth 1"], ["info depth 1", line])
    finally:
        eng.close()


def test_bestmove_and_ponder_are_split(tmp_path):
    eng = UciEngine(fake(tmp_path, "ok"))
    try:
        move, ponder, before, waited = eng.go("go depth 1", timeout=10)
        assert (move, ponder, before) == ("e2e4", "e7e5", ["info depth 1"]) and waited > 0.2
    finally:
        eng.close()


def test_an_engine_that_does_not_answer_is_hung_in_time(tmp_path):
    eng = UciEngine(fake(tmp_path, "mute"))
    try:
        t0 = time.perf_counter()
        with pytest.raises(EngineHung, match="no uciok within 0.30s"):
            eng.handshake(timeout=0.3)
        assert time.perf_counter() - t0 < 5
    finally:
        eng.close(quit_timeout=0.2)  # it ignores quit: killed
    assert eng.proc.poll() is not None


def test_an_engine_that_exits_is_dead_for_reads_and_writes(tmp_path):
    eng = UciEngine(fake(tmp_path, "die"))
    try:
        eng.send("uci")
        with pytest.raises(EngineDied, match="exit code 3"):
            eng.expect(lambda l: False, None, "anything")
        with pytest.raises(EngineDied):  # the end is reported again, not waited for
            eng.readline(None)
        with pytest.raises(EngineDied, match="cannot write"):
            for _ in range(100):  # the pipe may take a write or two to break
                eng.send("isready")
    finally:
        eng.close()


def test_stderr_is_kept_only_when_piped(tmp_path):
    piped = UciEngine(fake(tmp_path, "ok"))
    dropped = UciEngine(fake(tmp_path, "ok"), stderr=subprocess.DEVNULL)
    try:
        piped.handshake(timeout=10)
        dropped.handshake(timeout=10)
        deadline = time.perf_counter() + 5  # stderr has a thread of its own: give it time
        while not piped.stderr_lines and time.perf_counter() < deadline:
            time.sleep(0.01)
        assert piped.stderr_lines == ["started"]
        assert dropped.stderr_lines == []
        assert "stderr tail:\n  started" in piped.describe()
    finally:
        piped.close()
        dropped.close()
