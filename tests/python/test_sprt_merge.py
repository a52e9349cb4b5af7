"""scripts/sprt_merge.py: the normalized-model LLR, Elo and normalized Elo of summed game pairs
must be the numbers fastchess prints for the same counts (its LLR lines, two decimals, taken
from this project's own SPRT logs), and the inputs it reads are checked."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
sys.path.insert(0, str(SCRIPTS))
spec = importlib.util.spec_from_file_location("sprt_merge", SCRIPTS / "sprt_merge.py")
sm = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sm)

# (pair counts LL, LD, DD+WL, WD, WW; elo0; elo1; the LLR fastchess printed for them).
FASTCHESS_LLR = [
    ([0, 2, 5, 2, 1], 0, 5, 0.05),
    ([0, 8, 13, 5, 4], 0, 5, 0.10),
    ([3, 1, 2, 0, 4], 0, 10, 0.02),
    ([1, 2, 5, 1, 1], -5, 0, -0.02),
    ([1, 11, 13, 4, 1], -5, 0, -0.15),
    ([8, 35, 61, 29, 7], -5, 0, -0.14),
    ([5, 2, 5, 2, 6], 0, 10, 0.04),
    ([6, 8, 13, 6, 7], 0, 10, -0.03),
    ([7, 11, 15, 10, 7], 0, 10, -0.07),
    ([9, 18, 26, 21, 6], 0, 5, -0.07),
    ([10, 68, 95, 66, 21], 0, 5, 0.36),
    ([28, 107, 188, 142, 35], 0, 5, 0.89),
    ([36, 113, 234, 160, 57], 0, 5, 1.62),
]


@pytest.mark.parametrize("counts,elo0,elo1,expected", FASTCHESS_LLR)
def test_the_llr_is_the_one_fastchess_prints(counts, elo0, elo1, expected):
    assert round(sm.llr(counts, elo0, elo1), 2) == pytest.approx(expected, abs=1e-9)


def test_elo_and_normalized_elo_are_the_ones_fastchess_prints():
    # "Elo: 17.04 +/- 15.22, nElo: 24.17 +/- 21.53" and "Elo: -9.93 +/- 27.11, nElo: -14.94 +/-
    # 40.70" in the logs of the pawn+capt and the bundle SPRTs.
    for counts, elo, elo_half, nelo, nelo_half in [
        ([28, 107, 188, 142, 35], 17.04, 15.22, 24.17, 21.53),
        ([8, 35, 61, 29, 7], -9.93, 27.11, -14.94, 40.70),
    ]:
        s = sm.summary(counts, 0, 5, 0.05, 0.05)
        assert [round(s[k], 2) for k in ("elo", "elo_half", "nelo", "nelo_half")] == [
            elo, elo_half, nelo, nelo_half]


def test_the_llr_grows_with_the_games_and_crosses_its_bounds():
    # The same frequencies with ten times the pairs: ten times the evidence.
    counts = [28, 107, 188, 142, 35]
    assert sm.llr([10 * n for n in counts], 0, 5) == pytest.approx(10 * sm.llr(counts, 0, 5))
    assert sm.summary([10 * n for n in counts], 0, 5, 0.05, 0.05)["verdict"] == "H1 accepted"
    even = [30, 120, 200, 120, 30]
    assert sm.llr(even, 0, 5) < 0 < sm.llr(even, -5, 0)
    # At exactly 0 a [0, 5] test needs about 28,400 games to end (-0.104 per 1,000).
    assert sm.summary([20 * n for n in even], 0, 5, 0.05, 0.05)["verdict"] == "no bound crossed"
    assert sm.summary([40 * n for n in even], 0, 5, 0.05, 0.05)["verdict"] == "H0 accepted"
    lower, upper = sm.bounds_of_llr(0.05, 0.05)
    assert round(lower, 2) == -2.94 and round(upper, 2) == 2.94


def test_the_most_likely_distribution_has_the_asked_t_value():
    p_hat, _ = sm.distribution([28, 107, 188, 142, 35])
    for t in (-0.1, 0.0, 0.02, 0.1):
        p = sm.most_likely_with_t(p_hat, t)
        assert sum(p) == pytest.approx(1.0)
        assert sm.t_value(p) == pytest.approx(t, abs=1e-9)


def state_file(path, counts, elo0=0.0, elo1=5.0, model="normalized"):
    ll, ld, mid, wd, ww = counts
    path.write_text(json.dumps({
        "sprt": {"alpha": 0.05, "beta": 0.05, "elo0": elo0, "elo1": elo1, "model": model,
                 "enabled": True},
        "stats": {"new vs base": {"wins": 0, "losses": 0, "draws": 0, "penta_WW": ww,
                                  "penta_WD": wd, "penta_WL": 1, "penta_DD": mid - 1,
                                  "penta_LD": ld, "penta_LL": ll}},
    }))
    return path


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPTS / "sprt_merge.py"), *map(str, args)],
                          capture_output=True, text=True)


def test_parts_from_state_files_logs_and_counts_are_summed(tmp_path):
    a = state_file(tmp_path / "a.json", [28, 107, 188, 142, 35])
    log = tmp_path / "b.log"
    log.write_text("Ptnml(0-2): [1, 1, 1, 1, 1], WL/DD Ratio: 1\n"
                   "Ptnml(0-2): [8, 35, 61, 29, 7], WL/DD Ratio: 0.97\n"
                   "LLR: -0.14 (-4.9%) (-2.94, 2.94) [0.00, 5.00]\n")
    out = run(a, log, "0,1,2,3,4")
    assert out.returncode == 0, out.stderr
    total = [28 + 8, 107 + 35 + 1, 188 + 61 + 2, 142 + 29 + 3, 35 + 7 + 4]
    assert f"together: {2 * sum(total)} games, ptnml {total}" in out.stdout
    assert f"LLR {sm.llr(total, 0, 5):.2f} (-2.94, 2.94)" in out.stdout


def test_bad_inputs_are_named(tmp_path):
    out = run("1,2,3")
    assert out.returncode == 2 and "five whole numbers" in out.stderr
    bad = tmp_path / "x.json"
    bad.write_text("{")
    assert "not a fastchess state file" in run(bad).stderr
    log = tmp_path / "x.log"
    log.write_text("nothing here\n")
    assert "no `Ptnml(0-2):` line" in run(log).stderr
    logistic = state_file(tmp_path / "l.json", [1, 2, 3, 2, 1], model="logistic")
    assert "not the normalized one" in run(logistic).stderr
    # Parts of different tests are not summed under one pair of bounds.
    a = state_file(tmp_path / "a.json", [1, 2, 3, 2, 1])
    b = state_file(tmp_path / "b.json", [1, 2, 3, 2, 1], elo0=-5.0, elo1=0.0)
    out = run(a, b)
    assert out.returncode == 2 and "different bounds" in out.stderr
    assert run(a, b, "--elo0", 0, "--elo1", 5).returncode == 0
