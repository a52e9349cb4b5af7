"""scripts/fh_reference.py, which measures fail-high on the first move in other (patched) UCI
engines: its protocol, its sums and its errors, against a small fake engine written here."""

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fh_reference.py"
spec = importlib.util.spec_from_file_location("fh_reference", SCRIPT)
fh = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fh)

# A fake engine: every search adds (10, 8, 9) per depth to its totals, so the sums are known.
# MODE "none" never reports, "down" reports totals that fall, "die" exits at the first go.
FAKE = '''#!{python}
import sys
mode = {mode!r}
totals = [0, 0, 0]
searches = 0
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("id name fake"); print("uciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] == "go":
        if mode == "die":
            sys.exit(3)
        searches += 1
        d = int(w[2])
        totals = [totals[0] + 10 * d, totals[1] + 8 * d, totals[2] + 9 * d]
        shown = totals if mode != "down" else [100 - searches, 0, 0]
        if mode != "none":
            print("info depth %d" % d)
            print("info string fhstats %d %d %d" % tuple(shown))
        print("bestmove e2e4", flush=True)
    elif w[0] == "quit":
        break
'''

FENS = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]


def fake(tmp_path, mode="ok"):
    path = tmp_path / f"fake-{mode}.py"
    path.write_text(FAKE.format(python=sys.executable, mode=mode))
    path.chmod(0o755)
    return str(path)


def test_the_totals_are_the_engines_last_report(tmp_path):
    totals = fh.measure(fake(tmp_path), FENS, 3)
    assert totals == (60, 48, 54)


def test_the_row_gives_the_shares_in_percent():
    assert fh.row("x", "eret", 111, 12, (1000, 838, 989)) == \
        "| x | eret | 111 | 12 | 1,000 | 83.8 | 98.9 |"
    assert fh.row("x", "s", 1, 1, (0, 0, 0)).endswith("| 0 | 0.0 | 0.0 |")


def test_epd_lines_become_fens_and_blank_lines_are_skipped():
    assert fh.fen_of("8/8/8/8/8/8/8/K1k5 w - - bm Kb1; id \"a\";") == "8/8/8/8/8/8/8/K1k5 w - - 0 1"
    assert fh.fen_of("   ") is None
    assert fh.fen_of("# a comment line here") is None


def test_an_unpatched_engine_is_an_error_not_a_number(tmp_path):
    with pytest.raises(fh.EngineError, match="patched"):
        fh.measure(fake(tmp_path, "none"), FENS, 2)


def test_counts_that_fall_are_refused(tmp_path):
    with pytest.raises(fh.EngineError, match="went down"):
        fh.measure(fake(tmp_path, "down"), FENS, 2)


def test_an_engine_that_dies_is_reported(tmp_path):
    with pytest.raises(fh.EngineError, match="exited"):
        fh.measure(fake(tmp_path, "die"), FENS, 2)


def test_malformed_or_inconsistent_lines_are_refused():
    assert fh.parse_fhstats("info depth 3 score cp 10") is None
    assert fh.parse_fhstats("info string fhstats 10 8 9") == (10, 8, 9)
    with pytest.raises(fh.EngineError):
        fh.parse_fhstats("info string fhstats 10 8")
    with pytest.raises(fh.EngineError):
        fh.parse_fhstats("info string fhstats 10 9 8")


def test_the_command_prints_one_row(tmp_path, capsys):
    epd = tmp_path / "two.epd"
    epd.write_text("\n".join(f.rsplit(" ", 2)[0] + " id \"p\";" for f in FENS) + "\n")
    assert fh.main([fake(tmp_path), str(epd), "2", "--name", "fake"]) == 0
    assert capsys.readouterr().out.strip() == "| fake | two | 2 | 2 | 40 | 80.0 | 90.0 |"
    assert fh.main([fake(tmp_path, "none"), str(epd), "2"]) == 1
    assert "patched" in capsys.readouterr().err
