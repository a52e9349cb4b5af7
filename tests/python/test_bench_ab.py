"""scripts/bench_ab.py: bench's last line is read, the ABBA quads' ratios and their median
are the ones worked out by hand, a side whose node count changes is refused, and a failing or
silent command is an error, not a number."""

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
spec = importlib.util.spec_from_file_location("bench_ab", SCRIPTS / "bench_ab.py")
ab = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ab)


def test_the_last_line_is_read():
    out = "Position 1/40\n===\nNodes searched  : 1234\n1234 nodes 567890 nps\n\n"
    assert ab.parse_bench(out) == (1234, 567890)


@pytest.mark.parametrize("out", ["", "\n\n", "1234 nodes\n", "nodes 12 nps\n", "12 nodes 0 nps\n"])
def test_no_result_is_an_error(out):
    with pytest.raises(ab.BenchError):
        ab.parse_bench(out)


def test_sides_are_name_and_command():
    assert ab.parse_side("play=./cutoff bench 13 --ordering 'a+b'") == (
        "play",
        ["./cutoff", "bench", "13", "--ordering", "a+b"],
    )
    for bad in ["./cutoff bench", "=./cutoff", "play="]:
        with pytest.raises(Exception):
            ab.parse_side(bad)


def fake_runner(speeds):
    """A runner that answers each call with the next (nodes, nps) of `speeds`."""
    it = iter(speeds)
    calls = []

    def run(argv):
        calls.append(argv[0])
        return next(it)

    return run, calls


def test_quads_run_abba_and_their_ratios_are_a_over_b():
    # Quad 1: A 90, 110; B 100, 100 -> 200/200 = 1.0. Quad 2: A 80, 80; B 100, 100 -> 0.8.
    # Quad 3: A 90, 90; B 100, 100 -> 0.9.
    speeds = [(10, 90), (20, 100), (20, 100), (10, 110),
              (10, 80), (20, 100), (20, 100), (10, 80),
              (10, 90), (20, 100), (20, 100), (10, 90)]
    run, calls = fake_runner(speeds)
    s = ab.compare(("a", ["A"]), ("b", ["B"]), 3, runner=run, resamples=200)
    assert calls == ["A", "B", "B", "A"] * 3
    assert s["ratios"] == pytest.approx([1.0, 0.8, 0.9])
    assert s["median_ratio"] == pytest.approx(0.9)
    assert s["nodes"] == (10, 20)
    assert s["median_nps"] == (90, 100)
    lo, hi = s["interval"]
    assert 0.8 <= lo <= 0.9 <= hi <= 1.0
    assert "0.900 (-10.0%)" in ab.report(s)


def test_a_side_whose_nodes_change_is_refused():
    speeds = [(10, 90), (20, 100), (20, 100), (11, 110)]
    run, _ = fake_runner(speeds)
    with pytest.raises(ab.BenchError, match="not deterministic"):
        ab.compare(("a", ["A"]), ("b", ["B"]), 1, runner=run)


def test_a_failing_command_is_an_error(tmp_path, capsys):
    code = ab.main(["--quads", "2", "--a", f"a={sys.executable} -c 'import sys; sys.exit(3)'",
                    "--b", f"b={sys.executable} -c 'print(\"5 nodes 7 nps\")'"])
    assert code == 1
    assert "exited with 3" in capsys.readouterr().err


def test_end_to_end_with_commands_that_print_a_bench_line(tmp_path, capsys):
    tsv = tmp_path / "runs.tsv"
    code = ab.main(["--quads", "2", "--tsv", str(tsv),
                    "--a", f"fast={sys.executable} -c 'print(\"100 nodes 2000 nps\")'",
                    "--b", f"slow={sys.executable} -c 'print(\"100 nodes 1000 nps\")'"])
    assert code == 0
    out = capsys.readouterr().out
    assert "median quad ratio fast/slow: 2.000 (+100.0%)" in out
    assert "[2.000, 2.000]" in out
    rows = tsv.read_text().splitlines()
    assert rows[0] == "quad\tside\tnodes\tnps"
    assert len(rows) == 1 + 8


def test_an_unwritable_tsv_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        ab.main(["--quads", "2", "--tsv", str(tmp_path / "no" / "such" / "runs.tsv"),
                 "--a", "a=true", "--b", "b=true"])
    assert e.value.code == 2
    assert "cannot write --tsv" in capsys.readouterr().err
