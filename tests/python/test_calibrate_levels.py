"""The statistics of scripts/calibrate_levels.py: the rating estimate, the sweep bound, the fit
and the setting-to-skill map. Pure functions, no engine: they decide what the levels table in
docs/levels.md says, so they are checked against values worked out by hand."""

import importlib.util
import math
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "calibrate_levels.py"
spec = importlib.util.spec_from_file_location("calibrate_levels", SCRIPT)
cal = importlib.util.module_from_spec(spec)
sys.modules["calibrate_levels"] = cal  # its dataclasses look their module up
spec.loader.exec_module(cal)


def result(opp, w, l, d, sigma=0.0):
    return cal.Result("anchor", opp, sigma, w, l, d)


def test_an_even_score_against_one_anchor_is_its_rating():
    r, sigma = cal.estimate([result(2000, 10, 10, 0)])
    assert abs(r - 2000) < 0.5
    # 21 games (one pseudo-draw) at p = 1/2: 1 / sqrt(n k^2 / 4), k = ln 10 / 400.
    k = math.log(10) / 400
    assert abs(sigma - 1 / math.sqrt(21 * k * k / 4)) < 0.5


def test_a_75_percent_score_is_about_191_above():
    # 15.5 of 21 (with the pseudo-draw): the logistic rating difference of p = 15.5/21.
    r, _ = cal.estimate([result(2500, 15, 5, 0)])
    p = 15.5 / 21
    assert abs(r - (2500 + 400 * math.log10(p / (1 - p)))) < 0.5


def test_anchor_errors_widen_the_error_bar():
    _, plain = cal.estimate([result(2000, 10, 10, 0)])
    _, wide = cal.estimate([result(2000, 10, 10, 0, sigma=100.0)])
    assert abs(wide - math.hypot(plain, 100.0)) < 0.5


def test_sweeps_get_one_sided_bounds_and_mixed_scores_none():
    assert cal.bound([result(2000, 3, 2, 1)]) is None
    sign, b = cal.bound([result(2000, 0, 6, 0)])
    # Six losses have a 5% chance at the rating where one loss has 0.05 ** (1/6).
    p_loss = 0.05 ** (1 / 6)
    assert sign == "<"
    assert abs(b - (2000 - 400 * math.log10(p_loss / (1 - p_loss)))) < 1.0
    sign, b = cal.bound([result(2000, 6, 0, 0)])
    assert sign == ">" and b > 2000


def measured(points):
    """Levels at these (skill, measured Elo) points, each with a mixed score and ±50."""
    levels = []
    for skill, elo in points:
        lv = cal.Level(0, skill, [result(2000, 5, 5, 0)])
        lv.elo, lv.sigma = elo, 50.0
        levels.append(lv)
    return levels


def test_the_fit_recovers_a_line_and_skips_bounded_levels():
    levels = measured([(skill, 1000 + 80 * skill) for skill in (10.0, 15.0, 20.0)])
    swept = cal.Level(1000, 0.0, [result(2000, 0, 10, 0)])
    swept.elo, swept.sigma = 500.0, 50.0
    a, b = cal.fit(levels + [swept])
    assert abs(a - 1000) < 1e-6 and abs(b - 80) < 1e-6


def test_skill_for_matches_a_piecewise_linear_table():
    table = [(1000, 0.0), (1800, 8.0), (2600, 20.0)]
    assert cal.skill_for(900, table) == 0.0
    assert cal.skill_for(1400, table) == 4.0
    assert cal.skill_for(2200, table) == 14.0
    assert cal.skill_for(2700, table) == 20.0


def test_through_points_follows_the_measured_levels_and_extends_to_the_ends():
    table = cal.through_points(measured([(5.0, 1300.0), (10.0, 1900.0), (20.0, 2700.0)]), 1000, 2600)
    # 1000 lies below the lowest level: the lowest segment (120 Elo a skill) extended, 2.5.
    assert table[0][0] == 1000 and abs(table[0][1] - 2.5) < 1e-9
    assert table[1:3] == [(1300, 5.0), (1900, 10.0)]
    # 2600 lies inside the top segment (80 Elo a skill): interpolated, 18.75.
    assert table[3][0] == 2600 and abs(table[3][1] - 18.75) < 1e-9
    assert len(table) == 4


def test_through_points_skips_a_level_out_of_order():
    table = cal.through_points(measured([(5.0, 1500.0), (10.0, 1400.0), (15.0, 2000.0)]), 1000, 2600)
    assert (1400, 10.0) not in table
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(table, table[1:]))
