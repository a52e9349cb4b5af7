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


def test_a_part_with_every_pair_in_one_class_is_read():
    # One pair of draws has no spread: normalized Elo 0, not a division by zero.
    s = sm.summary([0, 0, 1, 0, 0], 0, 5, 0.05, 0.05)
    assert s["nelo"] == 0.0 and s["elo"] == 0.0
    assert sm.summary([0, 0, 0, 0, 3], 0, 5, 0.05, 0.05)["nelo"] == float("inf")


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


def fastchess_state(path, stats, pairing="new vs base", rounds=1500, elo0=0.0, elo1=5.0):
    """A state file as fastchess writes it, the fields --into must keep around the stats."""
    path.write_text(json.dumps({
        "sprt": {"alpha": 0.05, "beta": 0.05, "elo0": elo0, "elo1": elo1,
                 "model": "normalized", "enabled": True},
        "config_name": str(path), "seed": 94, "games": 2, "rounds": rounds,
        "engines": [{"name": "new"}, {"name": "base"}],
        "stats": {pairing: stats},
    }, indent=4))
    return path


def test_wins_draws_and_losses_split_the_middle_pairs():
    # Issue 26's pawn+capt run at 1,256 games: 369 / 566 / 321 and [36, 139, 237, 173, 43]
    # leave 110 win-loss pairs and 127 pairs of two draws, as fastchess had saved them.
    counts, wdl = sm.parse_counts("36,139,237,173,43/369,566,321")
    stats = sm.full_stats("x", counts, wdl)
    assert (stats["penta_WL"], stats["penta_DD"]) == (110, 127)
    assert sm.counts_of(stats) == counts
    with pytest.raises(ValueError, match="do not fit"):
        sm.full_stats("x", counts, (369, 565, 322))
    assert "three whole numbers" in run("1,2,3,2,1/4,5").stderr


def test_a_reversed_pairing_is_counted_from_the_first_engine(tmp_path):
    stats = sm.full_stats("x", [1, 2, 3, 4, 5], (2 * 5 + 4 + 1, 4 + 2 * 2 + 2, 1 + 2 + 2))
    a = fastchess_state(tmp_path / "a.json", stats)
    b = fastchess_state(tmp_path / "b.json", stats, pairing="base vs new")
    out = run(a, b)
    assert out.returncode == 0, out.stderr
    assert "counted as new vs base" in out.stdout
    assert "together: 60 games, ptnml [6, 6, 6, 6, 6]" in out.stdout


def test_the_games_line_of_a_log_gives_its_wins_draws_and_losses(tmp_path):
    log = tmp_path / "run.log"
    log.write_text("Games: 8, Wins: 1, Losses: 1, Draws: 6, Points: 4.0 (50.00 %)\n"
                   "Ptnml(0-2): [0, 1, 2, 1, 0], WL/DD Ratio: 0.0\n"
                   "Games: 1257, Wins: 369, Losses: 321, Draws: 567\n")
    part = sm.read_input(str(log))
    assert part["counts"] == [0, 1, 2, 1, 0]
    assert part["stats"]["penta_DD"] == 2 and part["stats"]["wins"] == 1


def test_into_writes_the_whole_test_for_fastchess_to_resume(tmp_path):
    target = fastchess_state(tmp_path / "s.json", sm.full_stats("t", [0, 0, 1, 0, 0], (0, 2, 0)))
    before = json.loads(target.read_text())
    out = run(target, "36,139,237,173,43/369,566,321", "--into", target)
    assert out.returncode == 0, out.stderr
    assert "resume with: fastchess -config file=" in out.stdout
    after = json.loads(target.read_text())
    assert after["stats"] == {"new vs base": {
        "wins": 369, "losses": 321, "draws": 568, "penta_WW": 43, "penta_WD": 173,
        "penta_WL": 110, "penta_DD": 128, "penta_LD": 139, "penta_LL": 36}}
    # Everything but the results is the state fastchess wrote; the original is kept.
    assert {k: v for k, v in after.items() if k != "stats"} == \
        {k: v for k, v in before.items() if k != "stats"}
    assert json.loads((tmp_path / "s.json.orig").read_text()) == before
    # Read back, the written state is the sum that was printed.
    again = run(target)
    assert "together: 1258 games, ptnml [36, 139, 238, 173, 43]" in again.stdout


def test_into_refuses_what_it_cannot_write_honestly(tmp_path):
    stats = sm.full_stats("t", [0, 0, 1, 0, 0], (0, 2, 0))
    target = fastchess_state(tmp_path / "s.json", stats, rounds=10)
    # Literal counts without their wins, draws and losses.
    out = run(target, "1,1,1,1,1", "--into", target)
    assert out.returncode == 2 and "wins, draws and losses are unknown" in out.stderr
    # A sum that reaches the state's cap would end the run at once.
    out = run(target, "2,2,2,2,2/8,4,8", "--into", target)
    assert out.returncode == 2 and "reach its cap of 10 rounds" in out.stderr
    # Another test's bounds, or another pairing.
    other = fastchess_state(tmp_path / "o.json", stats, elo0=-5.0, elo1=0.0)
    out = run("1,1,1,1,1/4,2,4", "--elo0", 0, "--elo1", 5, "--into", other)
    assert out.returncode == 2 and "are not the inputs'" in out.stderr
    stranger = fastchess_state(tmp_path / "x.json", stats, pairing="a vs b")
    out = run(stranger, "--into", target)
    assert out.returncode == 2 and "is not the target's" in out.stderr
    assert json.loads(target.read_text())["stats"] == {"new vs base": stats}
    assert not (tmp_path / "s.json.orig").exists()
