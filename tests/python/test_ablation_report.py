"""The statistics of scripts/ablation_report.py, which writes the Elo-per-heuristic tables:
the pentanomial Elo and its interval, batches of one variant summed, and the rule that stops a
variant once its interval is narrow enough. Pure functions and small files, no engine."""

import importlib.util
import math
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ablation_report.py"
spec = importlib.util.spec_from_file_location("ablation_report", SCRIPT)
rep = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rep)


def log_text(ptnml):
    """The results block fastchess prints, for pair counts [LL, LD, DD+WL, WD, WW]; W/D/L as
    if every DD+WL pair were two draws."""
    ll, ld, mid, wd, ww = ptnml
    wins = ww * 2 + wd
    losses = ll * 2 + ld
    draws = ld + mid * 2 + wd
    games = wins + losses + draws
    return (f"Results of full vs x-off (1+0.01, NULL, NULL, UHO):\n"
            f"Games: {games}, Wins: {wins}, Losses: {losses}, Draws: {draws}, Points: 0\n"
            f"Ptnml(0-2): [{ll}, {ld}, {mid}, {wd}, {ww}], WL/DD Ratio: 1.00\n")


def results(tmp_path, rows):
    """A results.tsv with one row per (name, options, ptnml)."""
    lines = ["variant\toptions\tlog"]
    for i, (name, options, ptnml) in enumerate(rows):
        log = tmp_path / f"{name}.{i}.log"
        log.write_text(log_text(ptnml))
        lines.append(f"{name}\t{options}\t{log}")
    tsv = tmp_path / "results.tsv"
    tsv.write_text("\n".join(lines) + "\n")
    return tsv


def test_an_even_pentanomial_is_zero_elo_with_a_symmetric_interval():
    elo, lo, hi = rep.pentanomial_elo([10, 20, 40, 20, 10])
    assert abs(elo) < 1e-9
    assert abs(lo + hi) < 1e-9
    # Pair scores 0, 1/4, 1/2, 3/4, 1 around a mean of 1/2: squared deviations 1/4 and 1/16.
    var = (10 * 0.25 + 20 * 0.0625 + 20 * 0.0625 + 10 * 0.25) / 100
    se = math.sqrt(var / 100)
    assert abs(hi - rep.elo_of(0.5 + rep.Z95 * se)) < 1e-9


def test_batches_of_one_variant_are_summed_and_other_options_replace(tmp_path):
    tsv = results(tmp_path, [
        ("hash", "OrderHashMove=false", [1, 2, 3, 4, 5]),
        ("see", "OrderSeeSplit=false", [0, 1, 1, 1, 0]),
        ("hash", "OrderHashMove=false", [5, 4, 3, 2, 1]),
        ("see", "OrderSeeSplit=false,X=1", [2, 2, 2, 2, 2]),
    ])
    rows = {r["name"]: r for r in rep.read_results(tsv)}
    assert rows["hash"]["ptnml"] == [6, 6, 6, 6, 6]
    assert rows["hash"]["games"] == 60 and rows["hash"]["batches"] == 2
    assert abs(rows["hash"]["elo"]) < 1e-9
    # The second "see" row has other options: a new run, not a batch of the first.
    assert rows["see"]["ptnml"] == [2, 2, 2, 2, 2] and rows["see"]["batches"] == 1
    assert [r["name"] for r in rep.read_results(tsv)] == ["hash", "see"]


def test_next_batch_counts_down_to_the_game_limit(tmp_path):
    tsv = results(tmp_path, [("k", "OrderKillers=false", [10, 10, 10, 10, 10])])
    rows = rep.read_results(tsv)
    assert rep.next_batch(rows, "k", "OrderKillers=false", 100, 1000) == (100, 1)
    assert rep.next_batch(rows, "k", "OrderKillers=false", 100, 130) == (30, 1)
    assert rep.next_batch(rows, "k", "OrderKillers=false", 100, 100) == (0, 1)
    assert rep.next_batch(rows, "new", "X=false", 100, 1000) == (100, 0)


def test_precision_stops_a_variant_only_when_its_interval_is_narrow(tmp_path):
    # 50 pairs, all 1-1: no spread, but too few games to trust that.
    few = rep.read_results(results(tmp_path, [("a", "A=false", [0, 0, 49, 0, 0])]))
    assert rep.next_batch(few, "a", "A=false", 100, 2000, precision=15)[0] == 100
    # 500 pairs with a wide spread around an even score: about +-17 Elo, not yet +-15.
    wide = rep.read_results(results(tmp_path, [("b", "B=false", [50, 100, 200, 100, 50])]))
    half = (wide[0]["hi"] - wide[0]["lo"]) / 2
    assert 15 < half < 20
    assert rep.next_batch(wide, "b", "B=false", 100, 4000, precision=15)[0] == 100
    assert rep.next_batch(wide, "b", "B=false", 100, 4000, precision=20)[0] == 0
    # Worth about +200 Elo with +-40: a quarter of its Elo is enough to stop.
    big = rep.read_results(results(tmp_path, [("c", "C=false", [2, 5, 20, 40, 33])]))
    r = big[0]
    assert r["elo"] > 150 and (r["hi"] - r["lo"]) / 2 > 15
    assert rep.precise_enough(r, 15) == ((r["hi"] - r["lo"]) / 2 <= r["elo"] / 4)
    assert rep.next_batch(big, "c", "C=false", 100, 4000, precision=15)[0] == 0


def test_the_table_reads_each_interval(tmp_path):
    tsv = results(tmp_path, [
        ("up", "U=false", [2, 5, 20, 40, 33]),
        ("even", "E=false", [10, 20, 40, 20, 10]),
        ("down", "D=false", [33, 40, 20, 5, 2]),
    ])
    rows = rep.read_results(tsv)
    assert [rep.reading(r) for r in rows] == ["gains", "within the error", "costs"]
    table = rep.markdown(rows, "t", "")
    assert "| up | `U=false` | 200 |" in table and "| gains |" in table


def test_a_part_out_of_play_is_read_from_the_variant_that_switches_it_on(tmp_path):
    tsv = results(tmp_path, [
        # The full engine loses to the engine with the part switched on: the part gains.
        ("plus-gain", "P=true", [33, 40, 20, 5, 2]),
        # The full engine wins: switching the part on costs.
        ("plus-cost", "Q=true,R=true", [2, 5, 20, 40, 33]),
        # Options of both kinds: read from the full engine's side.
        ("mixed", "S=true,T=false", [33, 40, 20, 5, 2]),
        ("off", "U=false", [33, 40, 20, 5, 2]),
    ])
    rows = {r["name"]: r for r in rep.read_results(tsv)}
    assert [rep.direction(r["options"]) for r in rows.values()] == ["on", "on", "", "off"]
    gain = rows["plus-gain"]
    assert gain["elo"] < -100
    assert rep.worth(gain) == (-gain["elo"], -gain["hi"], -gain["lo"])
    assert rep.reading(gain) == "gains when on"
    assert rep.reading(rows["plus-cost"]) == "costs when on"
    assert rep.worth(rows["mixed"]) == (rows["mixed"]["elo"], rows["mixed"]["lo"],
                                        rows["mixed"]["hi"])
    assert rep.reading(rows["mixed"]) == "full engine weaker"
    assert rep.reading(rows["off"]) == "costs"
    table = rep.markdown(list(rows.values()), "t", "")
    line = next(x for x in table.splitlines() if x.startswith("| plus-gain |"))
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert float(cells[4]) == round(gain["elo"], 1) and float(cells[5]) == round(-gain["elo"], 1)
    assert cells[7] == "gains when on"
    # The chart draws the worth: the bar of the part that gains ends right of the zero line.
    chart = rep.svg([gain], "t")
    assert f"{-gain['elo']:+.0f} (" in chart and f"{gain['elo']:+.0f} (" not in chart


def test_an_sprt_verdict_is_read_in_the_parts_terms(tmp_path):
    h1 = "SPRT ([0.00, 5.00]) completed - H1 was accepted\n"
    for name, options, expect in [("off", "A=false", "H1 (part gains)"),
                                  ("on", "B=true", "H1 (part costs when on)")]:
        log = tmp_path / f"{name}.log"
        log.write_text(log_text([10, 20, 40, 20, 10]) + h1)
        tsv = tmp_path / f"{name}.tsv"
        tsv.write_text(f"variant\toptions\tlog\n{name}\t{options}\t{log}\n")
        (r,) = rep.read_results(tsv)
        assert rep.sprt_text(r) == expect
