"""scripts/spsa.py, the SPSA tuner, without fastchess: on a synthetic objective (a known
optimum per constant, noisy game results) it moves every constant toward its optimum; a tune
stopped and resumed from its state file ends exactly where an unstopped one ends; OpenBench's
input format round-trips through its parser (the engine's `spsa-params` too); the schedule is
OpenBench's. The command line runs end to end with a stand-in engine and a stand-in fastchess."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
spec = importlib.util.spec_from_file_location("spsa", SCRIPTS / "spsa.py")
spsa = importlib.util.module_from_spec(spec)
sys.modules["spsa"] = spsa  # dataclasses look their module up by name
spec.loader.exec_module(spsa)

# Constants of the kinds the engine has (a depth whose step is the integer floor, a margin, a
# divisor with a wide range, a percentage) and a float, as OpenBench's input.
PARAMS = """\
small_depth, int, 3, 1, 8, 0.5, 0.002
margin, int, 75, 20, 200, 9, 0.002
wide_div, int, 8192, 1024, 32768, 1587.2, 0.002
pct, int, 75, 0, 100, 5, 0.002
settled, int, 30, 0, 60, 3, 0.002
scale, float, 1.5, 0, 4, 0.2, 0.002
"""
# Their optima: some above the start, some below, one where it starts, one beyond the range.
OPTIMUM = {"small_depth": 6, "margin": 140, "wide_div": 20000, "pct": 40, "settled": 30, "scale": 5.0}


def strength(params, values):
    """The synthetic engine's strength in logits: quadratic around the optimum, in units of
    each constant's range."""
    return -40 * sum(((values[p.name] - OPTIMUM[p.name]) / (p.max - p.min)) ** 2 for p in params)


def synthetic_play(params, draw_rate=0.3):
    """A game-playing function with no games: each game is a draw with probability
    draw_rate, else a win for the + side with the logistic of the strength difference."""

    def play(plus, minus, pairs, rng):
        p_win = 1 / (1 + math.exp(-(strength(params, plus) - strength(params, minus))))
        wins = draws = losses = 0
        for _ in range(2 * pairs):
            if rng.random() < draw_rate:
                draws += 1
            elif rng.random() < p_win:
                wins += 1
            else:
                losses += 1
        return wins, draws, losses

    return play


def new_state(iterations, pairs=1, seed=7, text=PARAMS):
    return spsa.State(
        params=spsa.parse_params(text),
        schedule=spsa.Schedule(iterations),
        pairs=pairs,
        seed=seed,
        match={"limit": {"nodes": 1000}},
    )


def quiet_run(path, state, play, **kw):
    return spsa.run_tune(path, state, play, out=io.StringIO(), **kw)


def play_out(state, play):
    for _ in range(state.schedule.iterations - state.iteration):
        state, _ = spsa.step(state, play)
    return state


def test_every_constant_moves_toward_its_optimum():
    """2,000 iterations of 8 pairs (the games of a small tune), through `step` (run_tune adds
    only the state file, tested below): every constant ends near its optimum, or its range's
    end when the optimum lies beyond it."""
    state = new_state(2000, pairs=8)
    play = synthetic_play(state.params)
    final = play_out(state, play)
    assert final.finished and final.games == 2000 * 16
    for before, after in zip(state.params, final.params):
        assert after.min <= after.value <= after.max
        target = after.clamp(OPTIMUM[after.name])
        gap_before, gap_after = abs(before.start - target), abs(after.value - target)
        if gap_before == 0:
            # Noise moves a constant at its optimum, but not far: within one final step.
            assert gap_after <= after.c_end, after
        else:
            assert gap_after < 0.25 * gap_before, (after.name, before.start, after.value, target)


def test_a_flat_objective_moves_nothing_far():
    """Results that do not depend on the constants: a drawn score (as many wins as losses)
    moves nothing, and coin flips make a walk that stays within a fraction of each range."""
    def even(plus, minus, pairs, rng):
        return (pairs, 0, pairs) if rng.random() < 0.5 else (pairs - 1, 2, pairs - 1)

    for p in play_out(new_state(100, pairs=8), even).params:
        assert p.value == p.start, p

    def coin(plus, minus, pairs, rng):
        w = sum(rng.random() < 0.5 for _ in range(2 * pairs))
        return w, 0, 2 * pairs - w

    for p in play_out(new_state(2000, pairs=8), coin).params:
        assert abs(p.value - p.start) < 0.15 * (p.max - p.min), p


def test_a_stopped_tune_resumes_to_the_same_state(tmp_path):
    whole, stopped = tmp_path / "whole.json", tmp_path / "stopped.json"
    play = synthetic_play(new_state(1).params)
    quiet_run(whole, new_state(40, pairs=2), play)

    first, status = quiet_run(stopped, new_state(40, pairs=2), play, stop_after=15)
    assert status == 0 and first.iteration == 15 and not first.finished
    resumed = spsa.read_state(stopped)
    assert resumed.to_json() == first.to_json()
    quiet_run(stopped, resumed, play)
    assert stopped.read_bytes() == whole.read_bytes()


def test_ctrl_c_keeps_the_last_finished_iteration_and_resumes(tmp_path):
    whole, stopped = tmp_path / "whole.json", tmp_path / "stopped.json"
    play = synthetic_play(new_state(1).params)
    quiet_run(whole, new_state(30), play)

    calls = []

    def interrupted(plus, minus, pairs, rng):
        calls.append(1)
        if len(calls) == 12:
            raise KeyboardInterrupt
        return play(plus, minus, pairs, rng)

    out = io.StringIO()
    state, status = spsa.run_tune(stopped, new_state(30), interrupted, out=out)
    assert status == 130 and state.iteration == 11
    assert "--resume" in out.getvalue()
    assert spsa.read_state(stopped).iteration == 11
    quiet_run(stopped, spsa.read_state(stopped), play)
    assert stopped.read_bytes() == whole.read_bytes()


def test_a_failed_match_leaves_the_last_state(tmp_path, capsys):
    path = tmp_path / "s.json"

    def failing(plus, minus, pairs, rng):
        raise spsa.MatchError("fastchess exited with status 1")

    state, status = spsa.run_tune(path, new_state(10), failing, out=io.StringIO())
    assert status == 1 and state.iteration == 0
    assert "status 1" in capsys.readouterr().err
    # A match that reports the wrong number of games is no result either.
    state, status = spsa.run_tune(path, new_state(10), lambda *a: (1, 0, 0), out=io.StringIO())
    assert status == 1 and state.iteration == 0


def test_the_schedule_is_openbench_s():
    s = spsa.Schedule(1000)
    p = spsa.parse_params("x, int, 50, 0, 100, 5, 0.002")[0]
    # The last iteration plays with c_end and r_end themselves.
    assert s.c(p, 1000) == pytest.approx(5)
    assert s.r(p, 1000) == pytest.approx(0.002)
    # The first: c = c_end * N^gamma; r from a = r_end * c_end^2 * (A + N)^alpha, A = N/10.
    assert s.c(p, 1) == pytest.approx(5 * 1000**0.101)
    a = 0.002 * 25 * 1100**0.602
    assert s.r(p, 1) == pytest.approx(a / 101**0.602 / s.c(p, 1) ** 2)
    # The step c_k and SPSA's gain a_k = r_k * c_k^2 shrink as the tune goes on (r_k itself,
    # a_k / c_k^2, may grow); an integer's step never falls below half a unit.
    cs = [s.c(p, k) for k in range(1, 1001)]
    gains = [s.r(p, k) * s.c(p, k) ** 2 for k in range(1, 1001)]
    assert cs == sorted(cs, reverse=True) and gains == sorted(gains, reverse=True)
    depth = spsa.parse_params("d, int, 3, 1, 6, 0.5, 0.002")[0]
    assert s.c(depth, 1000) == 0.5
    fine = spsa.parse_params("f, float, 0.3, 0, 1, 0.01, 0.002")[0]
    assert s.c(fine, 1000) == pytest.approx(0.01)


def test_integers_are_sent_rounded_and_in_range():
    params = spsa.parse_params(PARAMS)
    params[0].value = 7.6  # small_depth: near its top (8), step 0.5 or more
    s = spsa.Schedule(100)
    rng = random.Random(3)
    spread = []
    for k in range(1, 101):
        pert = spsa.perturb(params, s, k, rng)
        for p, flip in zip(params, pert.flips):
            for v in (pert.plus[p.name], pert.minus[p.name]):
                assert p.min <= v <= p.max
                if p.kind == "int":
                    assert float(v).is_integer()
            assert flip in (-1, 1)
        spread.append((pert.plus["margin"] - pert.minus["margin"]) * pert.flips[1])
    # The + side is c_k above on average (2 c_k apart), the rounding unbiased.
    expected = sum(2 * s.c(params[1], k) for k in range(1, 101)) / 100
    assert sum(spread) / len(spread) == pytest.approx(expected, rel=0.05)


def test_openbench_input_round_trips():
    params = spsa.parse_params(PARAMS)
    assert spsa.format_params(params) == PARAMS
    assert spsa.parse_params(spsa.format_params(params)) == params
    # Floats that are not short decimals survive too.
    odd = spsa.parse_params("w, float, 0.1, -1e-05, 3.3333333333333335, 0.07, 0.0025\n")
    assert spsa.parse_params(spsa.format_params(odd)) == odd
    # OpenBench's own spacing and comments are read.
    assert spsa.parse_params("# tune\n\n margin ,int,75, 20,200 , 9,0.002 \n")[0] == params[1]


@pytest.mark.parametrize(
    "text,says",
    [
        ("margin, int, 75, 20, 200, 9", "expected"),
        ("margin, long, 75, 20, 200, 9, 0.002", "neither int nor float"),
        ("margin, int, 250, 20, 200, 9, 0.002", "not in"),
        ("margin, int, 7.5, 0, 200, 9, 0.002", "is an int"),
        ("margin, int, 75, 20, 200, 0, 0.002", "above 0"),
        ("margin, int, 75, 20, 200, 9, x", "not a number"),
        ("margin, int, 75, 20, 200, 9, nan", "not finite"),
        ("margin, int, 75, 20, 200, 9, 0.002\nmargin, int, 75, 20, 200, 9, 0.002", "twice"),
        ("", "no parameters"),
    ],
)
def test_bad_input_is_named(text, says):
    with pytest.raises(spsa.SpsaError, match=says):
        spsa.parse_params(text)


@pytest.mark.cutoff_only
def test_the_engine_s_table_round_trips(engine_path):
    text = subprocess.run([engine_path, "spsa-params"], capture_output=True, text=True, check=True).stdout
    params = spsa.parse_params(text)
    assert spsa.format_params(params) == text
    names = [p.name for p in params]
    assert "rfp_margin" in names and "lmr_div" in names and len(names) >= 30
    assert all(p.kind == "int" and p.r_end == 0.002 for p in params)


# fastchess's lines as it prints them (trimmed from the tuner's own run).
FASTCHESS_OUTPUT = """\
Started game 1 of 4 (spsa-plus vs spsa-minus)
Started game 2 of 4 (spsa-minus vs spsa-plus)
Finished game 1 (spsa-plus vs spsa-minus): 1-0 {White mates}
Finished game 2 (spsa-minus vs spsa-plus): 1/2-1/2 {Draw by 3-fold repetition}
Started game 3 of 4 (spsa-plus vs spsa-minus)
Finished game 3 (spsa-plus vs spsa-minus): 0-1 {Black mates}
Started game 4 of 4 (spsa-minus vs spsa-plus)
Finished game 4 (spsa-minus vs spsa-plus): 0-1 {Black mates}
Results of spsa-plus vs spsa-minus (2000 nodes, 1t, 16MB, openings.epd):
Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)
"""


def test_fastchess_results_are_read_from_the_plus_side():
    r = spsa.parse_fastchess(FASTCHESS_OUTPUT, "spsa-plus", "spsa-minus")
    assert (r.wins, r.draws, r.losses) == (2, 1, 1)
    assert not r.crashes and r.time_losses == 0
    swapped = spsa.parse_fastchess(FASTCHESS_OUTPUT, "spsa-minus", "spsa-plus")
    assert (swapped.wins, swapped.draws, swapped.losses) == (1, 1, 2)
    bad = "Finished game 1 (spsa-plus vs spsa-minus): 0-1 {White disconnects}\n"
    assert spsa.parse_fastchess(bad, "spsa-plus", "spsa-minus").crashes
    late = "Finished game 1 (spsa-plus vs spsa-minus): 0-1 {White loses on time}\n"
    assert spsa.parse_fastchess(late, "spsa-plus", "spsa-minus").time_losses == 1
    unsent = "Warning; spsa-plus doesn't have option rfp_margni\n" + FASTCHESS_OUTPUT
    assert spsa.parse_fastchess(unsent, "spsa-plus", "spsa-minus").option_warnings


def test_the_fastchess_command_sends_each_side_its_values():
    fc = spsa.Fastchess("/x/fastchess", "/x/cutoff", ["fen"], {"nodes": 5000}, 2, ["-draw", "movenumber=40"])
    cmd = fc.command({"margin": 84, "scale": 1.25}, {"margin": 66, "scale": 1.75}, 3, "/t/o.epd")
    plus = cmd.index("name=spsa-plus")
    minus = cmd.index("name=spsa-minus")
    assert cmd[plus + 1 : plus + 3] == ["option.margin=84", "option.scale=1.25"]
    assert cmd[minus + 1 : minus + 3] == ["option.margin=66", "option.scale=1.75"]
    assert "nodes=5000" in cmd and "file=/t/o.epd" in cmd and "order=sequential" in cmd
    assert cmd[cmd.index("-rounds") + 1] == "3" and "-repeat" in cmd
    assert cmd[cmd.index("-concurrency") + 1] == "2"
    assert cmd[-2:] == ["-draw", "movenumber=40"]
    tc = spsa.Fastchess("f", "e", ["fen"], {"tc": "8+0.08"}, 1, []).command({}, {}, 1, "o")
    assert "tc=8+0.08" in tc


# ---- the command line, with a stand-in engine and a stand-in fastchess ---------------------

FAKE_ENGINE = """\
import sys
PARAMS = {params!r}
if sys.argv[1:] == ["spsa-params"]:
    sys.stdout.write(PARAMS)
    sys.exit(0)
for line in sys.stdin:
    if line.strip() == "uci":
        for l in PARAMS.splitlines():
            name, _, default, lo, hi, _, _ = [f.strip() for f in l.split(",")]
            print(f"option name {{name}} type spin default {{default}} min {{lo}} max {{hi}}")
        print("uciok", flush=True)
    elif line.strip() == "quit":
        break
"""

# Plays no chess: the side whose `margin` is nearer 140 wins both games of each round; the
# openings file must hold one line a round. SLOW_FASTCHESS in the environment: sleep first.
FAKE_FASTCHESS = """\
import os, sys, time
args = sys.argv[1:]
time.sleep(float(os.environ.get("SLOW_FASTCHESS", "0")))
names, values, engine = [], [], None
for a in args:
    if a == "-engine":
        values.append({{}})
    elif a.startswith("name="):
        names.append(a[5:])
    elif a.startswith("option.") and values and a.split("=")[0] not in ("option.Threads", "option.Hash"):
        k, v = a[7:].split("=")
        values[-1][k] = float(v)
rounds = int(args[args.index("-rounds") + 1])
openings = [a[5:] for a in args if a.startswith("file=")][0]
assert len(open(openings).read().splitlines()) == rounds
a, b = names
da, db = abs(values[0]["margin"] - 140), abs(values[1]["margin"] - 140)
g = 0
for r in range(rounds):
    for white, black in ((a, b), (b, a)):
        g += 1
        score = "1/2-1/2" if da == db else ("1-0" if (white == a) == (da < db) else "0-1")
        print(f"Finished game {{g}} ({{white}} vs {{black}}): {{score}} {{{{fake}}}}", flush=True)
"""


@pytest.fixture
def fakes(tmp_path):
    engine = tmp_path / "engine"
    engine.write_text(f"#!{sys.executable}\n" + FAKE_ENGINE.format(params=PARAMS))
    fastchess = tmp_path / "fastchess"
    fastchess.write_text(f"#!{sys.executable}\n" + FAKE_FASTCHESS.format())
    for f in (engine, fastchess):
        f.chmod(0o755)
    book = tmp_path / "book.epd"
    book.write_text("8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/K5k1 w - - 0 1\n")
    return [f"--engine={engine}", f"--fastchess={fastchess}", f"--book={book}"]


def tuner(*args, env=None, **kw):
    return subprocess.run(
        [sys.executable, str(SCRIPTS / "spsa.py"), *args],
        capture_output=True, text=True, timeout=120, env=env, **kw,
    )


def test_the_command_line_tunes_stops_and_resumes(tmp_path, fakes):
    whole, parts = tmp_path / "whole.json", tmp_path / "parts.json"
    new = ["--iterations", "6", "--nodes", "100", "--pairs", "2", "--table-every", "3"]
    done = tuner("--state", str(whole), *new, *fakes)
    assert done.returncode == 0, done.stderr
    assert "iteration 6/6  games 24" in done.stdout and "finished" in done.stdout
    assert "margin" in done.stdout  # the table

    first = tuner("--state", str(parts), *new, *fakes, "--stop-after", "3")
    assert first.returncode == 0, first.stderr
    assert json.loads(parts.read_text())["iteration"] == 3
    again = tuner("--state", str(parts), *new, *fakes)
    assert again.returncode == 2 and "--resume" in again.stderr
    mixed = tuner("--resume", str(parts), "--iterations", "9")
    assert mixed.returncode == 2 and "--iterations is the tune's own" in mixed.stderr
    rest = tuner("--resume", str(parts), *fakes)
    assert rest.returncode == 0, rest.stderr
    assert parts.read_text() == whole.read_text()
    state = json.loads(whole.read_text())
    margin = next(p for p in state["params"] if p["name"] == "margin")
    assert margin["value"] > margin["start"]  # toward 140

    shown = tuner("--show", str(whole))
    assert shown.returncode == 0
    assert f"    margin = {round(margin['value'])}, 20..=200;" in shown.stdout


def test_show_into_a_closed_pipe_ends_without_a_traceback(tmp_path, fakes):
    path = tmp_path / "s.json"
    assert tuner("--state", str(path), "--iterations", "2", "--nodes", "100", *fakes).returncode == 0
    show = subprocess.Popen(
        [sys.executable, str(SCRIPTS / "spsa.py"), "--show", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    show.stdout.read(10)  # `| head -c 10`: read a little, then leave
    show.stdout.close()
    _, err = show.communicate(timeout=60)
    assert b"Traceback" not in err, err.decode()


def test_a_signal_stops_the_tune_with_its_state_written(tmp_path, fakes):
    path = tmp_path / "s.json"
    env = dict(os.environ, SLOW_FASTCHESS="0.3")
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPTS / "spsa.py"), "--state", str(path), "--iterations", "1000",
         "--nodes", "100", *fakes],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if json.loads(path.read_text())["iteration"] >= 2:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    stopped = json.loads(path.read_text())
    assert stopped["iteration"] >= 2 and "--resume" in out
    assert not list(tmp_path.glob("*.tmp"))
    rest = tuner("--resume", str(path), "--stop-after", "1", *fakes)
    assert rest.returncode == 0, rest.stderr
    assert json.loads(path.read_text())["iteration"] == stopped["iteration"] + 1


def test_a_build_without_the_options_is_refused(tmp_path, fakes):
    plain = tmp_path / "plain"
    plain.write_text(f"#!{sys.executable}\nimport sys\nprint('uciok')\n")
    plain.chmod(0o755)
    params = tmp_path / "p.txt"
    params.write_text(PARAMS)
    r = tuner("--state", str(tmp_path / "s.json"), "--iterations", "5", "--nodes", "10",
              "--params", str(params), *fakes, f"--engine={plain}")
    assert r.returncode == 2 and "--features tune" in r.stderr
    assert not (tmp_path / "s.json").exists()
