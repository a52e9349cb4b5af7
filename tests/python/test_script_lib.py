"""The game-running shell scripts (sprt.sh, gauntlet.sh, ablate.sh, ordering-elo.sh) and what
they share in scripts/lib.sh: --help from each header, the error exits, and the arguments they
hand the match tool (absolute engine, book and PGN paths, the book's format), with a fake
fastchess / cutechess-cli that records its arguments and prints a results block. No engine and
no real match tool are needed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"

# Records its arguments, one a line, in $FAKE_ARGS; prints what fastchess and cutechess-cli
# print at the end of a match.
FAKE_TOOL = '''#!/bin/sh
for a in "$@"; do printf '%s\\n' "$a"; done > "$FAKE_ARGS"
echo "Results of a vs b (x):"
echo "Elo: 43.66 +/- 212.86, nElo: 56.36 +/- 240.76"
echo "Games: 8, Wins: 3, Losses: 2, Draws: 3, Points: 4.5 (56.25 %)"
echo "Ptnml(0-2): [0, 1, 2, 1, 0], WL/DD Ratio: inf"
echo "LLR: 3.00 (100.0%) (-2.94, 2.94) [0.00, 10.00]"
echo "Score of a vs b: 3 - 2 - 3  [0.562] 8"
echo "Elo difference: 1.0 +/- 2.0, LOS: 50.0 %, DrawRatio: 50.0 %"
'''
# Enough of an engine for ablate.sh --prefix, which asks for the option list, and for
# sprt.sh --check, which sets options and asks isready (a value "bad" gets an error line).
FAKE_ENGINE = '''#!/bin/sh
while read -r l; do case "$l" in
 uci) echo "option name OrderA type check default true"
      echo "option name OrderB type check default false"; echo uciok ;;
 *" value bad") echo "info string error: bad value" ;;
 isready) echo readyok ;;
 quit) exit 0 ;;
esac; done
'''


@pytest.fixture
def lab(tmp_path):
    """A folder with a fake tool, fake engines, a book of each format and the environment."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("fastchess", FAKE_TOOL), ("cutechess-cli", FAKE_TOOL),
                       ("eng", FAKE_ENGINE), ("stockfish", FAKE_ENGINE)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (tmp_path / "book.epd").write_text("8/8/8/8/8/8/8/K1k5 w - -\n")
    (tmp_path / "book.pgn").write_text("[Event \"x\"]\n\n1. e4 *\n")
    env = dict(os.environ, PATH=f"{bin_dir}:/usr/bin:/bin", TMPDIR=str(tmp_path),
               FAKE_ARGS=str(tmp_path / "args"), PYTHON=sys.executable)
    env.pop("FASTCHESS", None)
    env.pop("CUTECHESS", None)
    return tmp_path, env


def run(lab, script, *args, env=None):
    path, base_env = lab
    return subprocess.run(["bash", str(SCRIPTS / script), *args], cwd=path, env=env or base_env,
                          capture_output=True, text=True, timeout=60)


def tool_args(lab):
    return (lab[0] / "args").read_text().splitlines()


@pytest.mark.parametrize("script,first,last", [
    ("sprt.sh", "Usage:", "  -- -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600)."),
    ("gauntlet.sh", "Usage:", "  -- -each timemargin=50   or   -- -resign movecount=3 score=800)."),
    ("ablate.sh", "Usage:", "fastchess: $FASTCHESS, else on PATH."),
])
def test_help_is_the_headers_usage_part(lab, script, first, last):
    r = run(lab, script, "--help")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and lines[0] == first and lines[-1] == last


def test_ordering_elo_without_an_engine_prints_its_usage_and_fails(lab):
    r = run(lab, "ordering-elo.sh")
    assert r.returncode == 2
    assert r.stdout.splitlines()[0] == "Usage:" and r.stdout.rstrip().endswith("UHO_4060_v3.epd.")


@pytest.mark.parametrize("script,args,message", [
    ("sprt.sh", ["bin/eng", "nodir/eng"], "sprt.sh: no such file: nodir/eng"),
    ("sprt.sh", ["bin/eng", "bin/none"], "sprt.sh: not an executable file: bin/none"),
    ("sprt.sh", ["bin/eng", "bin"], "sprt.sh: not an executable file: bin"),
    ("sprt.sh", ["bin/eng", "bin/eng", "--book", "no.epd"], "sprt.sh: opening book not readable: no.epd"),
    ("sprt.sh", ["bin/eng", "bin/eng", "--bogus"], "sprt.sh: unknown option: --bogus (see --help)"),
    ("gauntlet.sh", ["bin/eng", "nobody", "--book", "book.pgn"], "gauntlet.sh: unknown opponent 'nobody'"),
    ("ablate.sh", ["bin"], "ablate.sh: not an executable file: bin"),
    ("ablate.sh", ["bin/eng", "--book", "book.epd"], "ablate.sh: no variants"),
])
def test_errors_name_the_script_and_exit_2(lab, script, args, message):
    r = run(lab, script, *args)
    assert r.returncode == 2 and r.stderr.startswith(message)


def test_a_missing_match_tool_is_named_with_where_it_was_looked_for(lab):
    path, env = lab
    (path / "bin" / "fastchess").unlink()
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd")
    assert r.returncode == 2
    assert r.stderr.strip() == "sprt.sh: fastchess not found: set FASTCHESS or put it on PATH"


def test_sprt_hands_fastchess_absolute_paths_and_the_books_format(lab):
    path, env = lab
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.pgn", "--nodes", "500",
            "--pgn", "out/games.pgn", "--", "-draw", "movenumber=40")
    assert r.returncode == 0, r.stderr
    args = tool_args(lab)
    eng = str(path / "bin" / "eng")
    assert args[:6] == ["-engine", f"cmd={eng}", "name=eng-new", "-engine", f"cmd={eng}", "name=eng-base"]
    assert ["-openings", f"file={path / 'book.pgn'}", "format=pgn"] == args[10:13]
    assert args[args.index("-pgnout") + 1] == f"file={path / 'out' / 'games.pgn'}"
    assert (path / "out").is_dir() and args[-2:] == ["-draw", "movenumber=40"]
    assert r.stdout.splitlines()[-1].startswith("SPRT verdict: H1 accepted;")


def test_sprt_games_plays_a_fixed_match_of_whole_pairs_without_an_sprt(lab):
    path, env = lab
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd", "--games", "599",
            "--tc", "8+0.08")
    assert r.returncode == 0, r.stderr
    args = tool_args(lab)
    assert "-sprt" not in args and args[args.index("-rounds") + 1] == "300"
    out = r.stdout.splitlines()
    assert "sprt.sh: --games 599 is odd; playing 600" in out
    assert out[-1] == ("Match result: Games: 8, Wins: 3, Losses: 2, Draws: 3, Points: 4.5 (56.25 %); "
                       "Elo: 43.66 +/- 212.86, nElo: 56.36 +/- 240.76")
    bad = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd", "--games", "x")
    assert bad.returncode != 0 and "--games needs a positive number of games, not: x" in bad.stderr


def test_sprt_names_its_state_file_absolutely(lab):
    # fastchess saves its state to the name it was given, relative to the folder it runs in:
    # a relative name resumed from another folder saved nothing, and said nothing.
    path, env = lab
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd",
            env=dict(env, SPRT_STATE_DIR="states"))
    assert r.returncode == 0, r.stderr
    args = tool_args(lab)
    name = args[args.index("-config") + 1]
    assert name.startswith(f"outname={path / 'states'}/sprt-") and name.endswith(".json")
    assert (path / "states").is_dir()


def test_the_tool_can_be_named_by_environment_variable(lab):
    path, env = lab
    (path / "bin" / "fastchess").rename(path / "fc")
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd", env=dict(env, FASTCHESS=str(path / "fc")))
    assert r.returncode == 0, r.stderr
    assert "format=epd" in tool_args(lab)


def test_gauntlet_hands_cutechess_the_opponent_and_an_epd_book_as_epd(lab):
    path, env = lab
    r = run(lab, "gauntlet.sh", "bin/eng", "stockfish", "--book", "book.epd", "--games", "3",
            "--pgn", "g.pgn")
    assert r.returncode == 0, r.stderr
    args = tool_args(lab)
    assert f"cmd={path / 'bin' / 'stockfish'}" in args
    assert ["-openings", f"file={path / 'book.epd'}", "format=epd"] == args[args.index("-openings"):][:3]
    assert args[args.index("-rounds") + 1] == "2" and args[args.index("-pgnout") + 1] == str(path / "g.pgn")
    assert "gauntlet.sh: --games 3 is odd; playing 4" in r.stdout


def test_ablate_finds_variants_by_prefix_and_writes_its_table(lab):
    path, env = lab
    r = run(lab, "ablate.sh", "bin/eng", "--prefix", "Order", "--games", "4", "--book", "book.epd",
            "--out", "abl")
    assert r.returncode == 0, r.stderr
    assert "ablate.sh: full vs OrderA (OrderA=false), 4+0.04, 4 games (batch 0)" in r.stdout
    assert "OrderB" not in r.stdout  # off by default: nothing to switch off
    args = tool_args(lab)
    assert "name=OrderA-off" in args and "option.OrderA=false" in args
    assert (path / "abl" / "table.md").is_file() and (path / "abl" / "chart.svg").is_file()
    # The conditions are a record: the engine and book by name, no machine's folders.
    conditions = (path / "abl" / "conditions.txt").read_text().splitlines()
    assert "engine: eng" in conditions and conditions[2].startswith("book: book.epd (seed 42")


def test_sprt_check_plays_nothing_and_needs_no_fastchess(lab):
    path, env = lab
    (path / "bin" / "fastchess").unlink()
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd", "--check",
            "--new-option", "OrderA=false", "--base-option", "OrderB=true",
            env=dict(env, SPRT_STATE_DIR="states"))
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[-2].startswith("sprt.sh: would run: fastchess -engine") and "option.OrderA=false" in out[-2]
    assert out[-1].startswith("sprt.sh: check passed")
    assert not (path / "args").exists() and not (path / "states").exists()


@pytest.mark.parametrize("option,message", [
    ("OrderZ=true", "has no option OrderZ"),
    ("OrderA=bad", "info string error: bad value"),
])
def test_sprt_check_fails_on_an_option_the_engine_does_not_take(lab, option, message):
    r = run(lab, "sprt.sh", "bin/eng", "bin/eng", "--book", "book.epd", "--check", "--new-option", option)
    assert r.returncode == 2 and message in r.stderr
