"""scripts/tactics.py, the tactics benchmark: EPD parsing (bm, am, dm, id, several bm, SAN to
UCI), `info` parsing, the solved rule (with the exact distance of `dm`) and the time-to-solution
rule on canned lines, the summary, and whole runs against Cutoff (three easy positions) and
against a small fake engine that ignores `go nodes` or never stops by itself."""

import json
import sys
from pathlib import Path

import pytest

import tactics
from tactics import EpdError, Info, Search, judge, parse_epd, parse_info

WAC1 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
# Easy positions every engine should solve at a few thousand nodes: Ra8 is the only mate in 1,
# Rd8+ the only mate in 2 (the black rook blocks once), Nc7+ forks king and queen.
MATE1 = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - -"
MATE2 = "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - -"
FORK = "q3k3/7p/8/3N4/8/8/PP6/4K3 w - -"
EASY_SUITE = f"""# three easy positions
{MATE1} bm Ra8#; dm 1; id "mate in 1";
{MATE2} dm 2; id "mate in 2";

{FORK} bm Nc7+; id "knight fork";
"""


# -- EPD ------------------------------------------------------------------------------------


def test_epd_with_several_best_moves_and_a_quoted_id():
    pos = parse_epd('r1b2r1k/ppp2ppp/8/4p3/2BPQ3/P3P1K1/1B3PPP/n3q1NR w - - bm dxe5 Nf3; '
                    'id "ERET 011 - Rochadeangriff; with a semicolon"; c0 "a comment";', "eret.epd", 11)
    assert pos.bm == ["d4e5", "g1f3"]
    assert pos.bm_san == ["dxe5", "Nf3"]
    assert pos.am == [] and pos.dm is None
    assert pos.id == "ERET 011 - Rochadeangriff; with a semicolon"
    assert pos.ops["c0"] == ["a comment"]
    assert pos.fen.endswith(" w - - 0 1")
    assert (pos.suite, pos.number) == ("eret.epd", 11)


def test_epd_avoid_move_and_direct_mate():
    am = parse_epd("4rrk1/Rpp3pp/6q1/2PPn3/4p3/2N5/1P2QPPP/5RK1 w - - am Rxb7; id \"ERET 028\";")
    assert am.am == ["a7b7"] and am.bm == []
    dm = parse_epd(f"{WAC1} bm Qg6; dm 2; id \"WAC.001\";")  # a full FEN, clocks and all
    assert dm.dm == 2 and dm.bm == ["g3g6"] and dm.fen == WAC1
    assert dm.wanted() == "dm 2 bm Qg6"


def test_epd_clocks_from_hmvc_and_fmvn_and_a_default_id():
    pos = parse_epd(f"{MATE1} dm 1; hmvc 7; fmvn 31;", "s.epd", 4)
    assert pos.fen == MATE1 + " 7 31"
    assert pos.id == "s.epd#4"


def test_san_to_uci_knows_castling_promotion_checks_and_marks():
    import chess
    board = chess.Board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert tactics.san_to_uci(board, "O-O") == "e1g1"
    assert tactics.san_to_uci(board, "O-O-O") == "e1c1"
    assert tactics.san_to_uci(board, "bxa8=Q+") == "b7a8q"
    assert tactics.san_to_uci(board, "Rxa8!?") == "a1a8"
    assert tactics.san_to_uci(chess.Board(), "Nc3") == "b1c3"
    knights = chess.Board("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    assert tactics.san_to_uci(knights, "Nbd2") == "b1d2"
    with pytest.raises(EpdError):
        tactics.san_to_uci(knights, "Nd2")  # ambiguous
    with pytest.raises(EpdError):
        tactics.san_to_uci(knights, "Qh5")  # no queen


@pytest.mark.parametrize("line", ["", "   ", "# a comment"])
def test_blank_lines_and_comments_are_no_positions(line):
    assert parse_epd(line) is None


@pytest.mark.parametrize("line", [
    "8/8/8 w -",  # too few fields
    "8/8/8/8/8/8/8/8 w - - bm e4;",  # no kings
    f"{MATE1} bm Qh5;",  # illegal SAN
    f"{MATE1} id \"nothing to test\";",
    f"{MATE1} dm 0;",
    f"{MATE1} dm two;",
    f"{MATE1} id \"unterminated;",
])
def test_bad_lines_are_errors(line):
    with pytest.raises(EpdError):
        parse_epd(line)


def test_a_suite_with_bad_lines_names_them_all(tmp_path):
    suite = tmp_path / "bad.epd"
    suite.write_text(f"{MATE1} bm Ra8;\n{MATE1} bm Qh5;\n{MATE2} bm Kh1 h4;\n")
    with pytest.raises(EpdError) as err:
        tactics.load_suite(suite)
    assert "bad.epd:2:" in str(err.value) and "bad.epd:3:" not in str(err.value)
    suite.write_text(EASY_SUITE)
    positions = tactics.load_suite(suite)
    assert [p.number for p in positions] == [1, 2, 3]
    assert [p.id for p in positions] == ["mate in 1", "mate in 2", "knight fork"]


def test_the_project_suites_parse():
    suites = Path(__file__).resolve().parents[3] / "shared" / "data" / "suites"
    if not suites.is_dir():
        pytest.skip(f"no {suites}")
    for f in sorted(suites.glob("*.epd")):
        assert tactics.load_suite(f), f


# -- info lines ----------------------------------------------------------------------------


def test_info_lines():
    i = parse_info("info depth 8 seldepth 15 multipv 1 score cp -55 lowerbound nodes 10064 nps 176561 "
                   "hashfull 7 tbhits 0 time 57 pv f6h5 g7g6", 60.0)
    assert (i.depth, i.multipv, i.score_kind, i.score, i.bound, i.nodes, i.time_ms) == (8, 1, "cp", -55, "lowerbound", 10064, 57)
    assert i.pv == ["f6h5", "g7g6"] and i.when_ms() == 57
    # Toga's order: pv before the other fields; no time: the wall time
    j = parse_info("info multipv 2 depth 3 score mate -4 pv g3g6 f7g6 nodes 50 wdl 1 2 997 hashfull 3", 12.5)
    assert (j.multipv, j.score_kind, j.score, j.pv, j.nodes, j.when_ms()) == (2, "mate", -4, ["g3g6", "f7g6"], 50, 12.5)
    assert parse_info("info string error: nothing") is None
    assert parse_info("bestmove e2e4") is None
    k = parse_info("info depth 5 currmove e2e4 currmovenumber 3 string pv a2a3")
    assert k.pv == [] and k.depth == 5


# -- the rules -----------------------------------------------------------------------------


def lines(*specs):
    """Info objects from (depth, pv first move, score, nodes, time) tuples; score "m2" is mate 2."""
    out = []
    for depth, move, score, nodes, ms in specs:
        kind, val = ("mate", int(score[1:])) if score.startswith("m") else ("cp", int(score))
        out.append(Info(depth=depth, score_kind=kind, score=val, nodes=nodes, time_ms=ms, pv=[move] if move else []))
    return out


def search(infos, best, nodes=None, ms=500.0):
    return Search(bestmove=best, infos=infos, nodes=nodes if nodes is not None else infos[-1].nodes,
                  time_ms=ms, wall_ms=ms)


WAC = parse_epd(f"{WAC1} bm Qg6; id \"WAC.001\";")


def test_time_to_solution_is_the_first_line_of_the_final_unbroken_run():
    # found at depth 3, lost at 4, found again at 5: the solution dates from depth 5
    infos = lines((1, "f6h5", "-10", 100, 1), (2, "g3g6", "50", 200, 2), (3, "g3g6", "300", 400, 3),
                  (4, "f6e8", "20", 900, 6), (5, "g3g6", "900", 2000, 9), (6, "g3g6", "m2", 4000, 15))
    o = judge(WAC, search(infos, "g3g6"))
    assert o.solved and (o.solution_time_ms, o.solution_nodes, o.solution_depth) == (9, 2000, 5)
    assert o.score == "mate 2" and o.depth == 6 and o.bestmove_san == "Qg6" and o.wall_ms == 500.0


def test_a_line_without_nodes_takes_the_last_count_before_it_and_lines_without_pv_are_skipped():
    infos = lines((1, "f6h5", "0", 100, 1), (2, "", "0", 300, 2), (3, "g3g6", "99", None, 4))
    o = judge(WAC, search(infos, "g3g6", nodes=500))
    assert (o.solution_time_ms, o.solution_nodes) == (4, 300)


def test_right_only_in_bestmove_dates_from_the_end_and_wrong_bestmove_is_unsolved():
    infos = lines((1, "g3g6", "0", 100, 1), (2, "f6h5", "0", 300, 2))
    o = judge(WAC, search(infos, "g3g6", nodes=700, ms=33.0))
    assert o.solved and (o.solution_time_ms, o.solution_nodes, o.solution_depth) == (33.0, 700, 2)
    o = judge(WAC, search(lines((1, "g3g6", "0", 100, 1)), "f6h5"))
    assert not o.solved and o.solution_time_ms is None
    assert not judge(WAC, search(lines((1, "g3g6", "0", 100, 1)), "(none)")).solved


def test_avoid_moves():
    pos = parse_epd("4rrk1/Rpp3pp/6q1/2PPn3/4p3/2N5/1P2QPPP/5RK1 w - - am Rxb7; id \"ERET 028\";")
    assert not judge(pos, search(lines((1, "a7b7", "0", 10, 1)), "a7b7")).solved
    o = judge(pos, search(lines((1, "a7b7", "0", 10, 1), (2, "e2e4", "0", 20, 2)), "e2e4"))
    assert o.solved and o.solution_depth == 2
    assert not judge(pos, search(lines((1, "e2e5", "0", 10, 1)), "e2e5")).solved  # illegal


def test_direct_mate_needs_the_exact_distance():
    pos = parse_epd(f"{WAC1} bm Qg6; dm 2; id \"WAC.001\";")
    ok = lines((1, "g3g6", "500", 10, 1), (2, "g3g6", "m3", 20, 2), (3, "g3g6", "m2", 30, 3))
    o = judge(pos, search(ok, "g3g6"))
    # the lines count from the first exact mate score on, not from the first right move
    assert o.solved and (o.solution_time_ms, o.solution_depth) == (3, 3)
    for score in ("m3", "m1", "900", "m-2"):
        assert not judge(pos, search(lines((1, "g3g6", score, 10, 1)), "g3g6")).solved, score
    assert not judge(pos, search(lines((1, "f6e8", "m2", 10, 1)), "f6e8")).solved  # not the bm
    # the score is that of the last scored line, even when a later line has no score
    tail = lines((1, "g3g6", "m2", 10, 1)) + [Info(depth=2, nodes=40, time_ms=2)]
    assert judge(pos, search(tail, "g3g6")).solved


def test_direct_mate_without_bm_checks_the_move_itself():
    pos = parse_epd(f"{MATE2} dm 2;")
    assert judge(pos, search(lines((1, "d2d8", "m2", 10, 1)), "d2d8")).solved
    # a move that does not mate, however sure the engine is
    o = judge(pos, search(lines((1, "d2d7", "m2", 10, 1)), "d2d7"))
    assert not o.solved
    assert tactics.forces_mate(MATE2 + " 0 1", "d2d8", 2) is True
    assert tactics.forces_mate(MATE2 + " 0 1", "d2d8", 1) is False
    assert tactics.forces_mate(WAC1, "g3g6", 2) is True
    assert tactics.forces_mate(WAC1, "f6e8", 2) is False
    # out of budget: unknown, and the engine's word is taken (noted)
    assert tactics.forces_mate(WAC1, "g3g6", 2, budget=3) is None
    j = tactics.Judge(parse_epd(f"{WAC1} dm 2;"), mate_budget=3)
    o = judge(j.pos, search(lines((1, "g3g6", "m2", 10, 1)), "g3g6"), judge_=j)
    assert o.solved and o.note == "unverified"


def test_summary_flags_an_engine_past_its_node_limit():
    def out(engine, number, solved, nodes, t):
        return tactics.Outcome(engine=engine, suite="s.epd", number=number, id=f"p{number}", fen="", wanted="",
                               solved=solved, bestmove="", bestmove_san="", score="", depth=1, nodes=nodes,
                               time_ms=1.0, solution_time_ms=t if solved else None,
                               solution_nodes=nodes if solved else None, solution_depth=1)
    outcomes = [out("a", 1, True, 10000, 10), out("a", 2, False, 10500, 0), out("a", 3, True, 11000, 30),
                out("b", 1, True, 90000, 5), out("b", 2, True, 10001, 7), out("b", 3, True, 50, 9)]
    rows = dict(tactics.summary_rows(["a", "b"], ["s.epd"], outcomes, 10000))
    assert rows["s.epd: solved"] == ["2/3 (66.7%)", "3/3 (100.0%)"]
    assert rows["mean time to solution (ms)"] == ["20", "7"]
    assert rows["go nodes honoured"] == ["yes", "NO: 1/3 over, up to 9.0x"]
    text = tactics.text_table(["a", "b"], tactics.summary_rows(["a", "b"], ["s.epd"], outcomes, None))
    assert "go nodes" not in text and text.splitlines()[0].split() == ["a", "b"]
    assert tactics.differences(["a", "b"], outcomes) == [
        "- a missed 1 that another engine solved: s.epd #2", "- b missed 0 that another engine solved"]


def test_option_and_engine_syntax():
    assert tactics.parse_option("Hash=64") == (None, "Hash", "64")
    assert tactics.parse_option("cutoff:Move Overhead=30") == ("cutoff", "Move Overhead", "30")
    assert tactics.parse_option("sf:SyzygyPath=/a:/b=c") == ("sf", "SyzygyPath", "/a:/b=c")
    spec = tactics.parse_engine("sf=/usr/games/stockfish --flag 'two words'")
    assert (spec.name, spec.command) == ("sf", ["/usr/games/stockfish", "--flag", "two words"])
    for bad in ("Hash", ":Hash=1", "x:=1"):
        with pytest.raises(Exception):
            tactics.parse_option(bad)
    with pytest.raises(Exception):
        tactics.parse_engine("stockfish")


# -- whole runs ----------------------------------------------------------------------------


@pytest.mark.wallclock(120)
def test_cutoff_solves_three_easy_positions(engine_path, tmp_path, capsys):
    suite = tmp_path / "easy.epd"
    suite.write_text(EASY_SUITE)
    out, md = tmp_path / "r.json", tmp_path / "r.md"
    rc = tactics.main([str(suite), "--nodes", "50000", "--engine", f"cutoff={engine_path}",
                       "--out", str(out), "--markdown", str(md), "-q"])
    printed = capsys.readouterr().out
    assert rc == 0
    data = json.loads(out.read_text())
    assert data["limit"] == "go nodes 50000"
    assert data["engines"]["cutoff"]["options"] == {"Threads": "1", "Hash": "16"}
    got = {p["id"]: p for p in data["positions"]}
    assert [p["solved"] for p in data["positions"]] == [True, True, True], data["positions"]
    assert got["mate in 1"]["score"] == "mate 1" and got["mate in 2"]["score"] == "mate 2"
    assert got["knight fork"]["bestmove"] == "d5c7"
    for p in data["positions"]:
        assert p["solution_nodes"] is not None and p["solution_nodes"] <= p["nodes"]
    assert "3/3 (100.0%)" in printed and "go nodes honoured" in printed
    assert "| easy.epd: solved | 3/3 (100.0%) |" in md.read_text()


# A fake engine. It plays Qg6 with mate 2, reports NODES nodes whatever `go nodes` says; with
# MODE "hang" it says nothing after `go` until it is sent `stop`, with "prove" it reports its
# lines at `go` but answers only at `stop`, with "die" it exits at `go`.
FAKE = '''#!{python}
import sys
mode, nodes = {mode!r}, {nodes}
for line in sys.stdin:
    w = line.split()
    if not w:
        continue
    if w[0] == "uci":
        print("id name fake\\noption name Hash type spin default 1 min 1 max 8\\nuciok", flush=True)
    elif w[0] == "isready":
        print("readyok", flush=True)
    elif w[0] in ("go", "stop"):
        if w[0] == "go" and mode == "hang":
            continue
        if mode == "die":
            sys.exit(3)
        if w[0] == "go" or mode != "prove":
            print("info depth 1 score cp 20 nodes %d time 3 pv f6e8" % (nodes // 2))
            if mode == "prove":
                print("info depth 2 score mate 2 lowerbound nodes %d time 5 pv g3g6" % nodes, flush=True)
            print("info depth 2 score mate 2 nodes %d time 7 pv g3g6 f7g6 e5g6" % nodes, flush=True)
        if w[0] == "stop" or mode != "prove":
            print("bestmove g3g6", flush=True)
    elif w[0] == "quit":
        break
'''


def fake(tmp_path, mode="ok", nodes=5_000_000):
    path = tmp_path / f"fake-{mode}-{nodes}.py"
    path.write_text(FAKE.format(python=sys.executable, mode=mode, nodes=nodes))
    path.chmod(0o755)
    return str(path)


def test_an_engine_that_ignores_go_nodes_is_flagged(tmp_path, capsys):
    suite = tmp_path / "wac.epd"
    suite.write_text(f"{WAC1} bm Qg6; dm 2; id \"WAC.001\";\n")
    out = tmp_path / "r.tsv"
    rc = tactics.main([str(suite), "--nodes", "100000", "--engine", f"greedy={fake(tmp_path)}",
                       "--engine", f"modest={fake(tmp_path, 'ok', 99_000)}",
                       "--option", "Hash=4", "--option", "modest:Threads=2", "--out", str(out), "-q"])
    captured = capsys.readouterr()
    assert rc == 0
    honoured = next(l for l in captured.out.splitlines() if l.startswith("go nodes honoured"))
    assert "NO: 1/1 over, up to 50.0x" in honoured and honoured.rstrip().endswith("yes")
    # a default the engine does not declare (Threads) is left out; one asked for by name is sent anyway
    assert "declares no option 'Threads'; sending it anyway" in captured.err
    rows = [l.split("\t") for l in out.read_text().splitlines()]
    head = rows[0]
    recs = [dict(zip(head, r)) for r in rows[1:]]
    assert [r["engine"] for r in recs] == ["greedy", "modest"]
    assert all(r["solved"] == "True" and r["score"] == "mate 2" for r in recs)
    assert [r["nodes"] for r in recs] == ["5000000", "99000"]
    assert float(recs[0]["solution_time_ms"]) == 7 and recs[0]["solution_depth"] == "2"


def test_a_search_that_never_ends_is_stopped(tmp_path, capsys):
    suite = tmp_path / "wac.epd"
    suite.write_text(f"{WAC1} bm Qg6; id \"WAC.001\";\n")
    out = tmp_path / "r.json"
    rc = tactics.main([str(suite), "--nodes", "1000", "--timeout", "0.5", "--engine",
                       f"hang={fake(tmp_path, 'hang')}", "--out", str(out), "-q"])
    assert rc == 0
    p = json.loads(out.read_text())["positions"][0]
    assert p["solved"] and p["note"] == "stopped"
    assert "stopped by --timeout" in capsys.readouterr().out


def test_an_engine_that_dies_costs_each_position_only_itself(tmp_path, capsys):
    suite = tmp_path / "two.epd"
    suite.write_text(f"{WAC1} bm Qg6;\n{MATE1} bm Ra8;\n")
    out = tmp_path / "r.json"
    rc = tactics.main([str(suite), "--movetime", "10", "--engine", f"dies={fake(tmp_path, 'die')}",
                       "--out", str(out), "-q"])
    assert rc == 0
    ps = json.loads(out.read_text())["positions"]
    assert [p["note"][:len("error: engine closed")] for p in ps] == ["error: engine closed"] * 2
    captured = capsys.readouterr()
    assert "errors (died / hung)" in captured.out and "engine closed its output" in captured.err


@pytest.mark.parametrize("dm, note, solved", [(2, "proved", True), (3, "stopped", False)])
def test_stop_on_mate_stops_at_the_exact_mate_only(tmp_path, capsys, dm, note, solved):
    # "prove" answers only when stopped: after its exact `mate 2` line when the suite says
    # dm 2, at the timeout when it says dm 3 (that a bound line proves nothing is the next
    # test's: here the fake prints its lines together, so the two cannot be told apart)
    suite = tmp_path / "wac.epd"
    suite.write_text(f"{WAC1} bm Qg6; dm {dm}; id \"WAC.001\";\n")
    out = tmp_path / "r.json"
    rc = tactics.main([str(suite), "--movetime", "600000", "--timeout", "3", "--stop-on-mate",
                       "--engine", f"prove={fake(tmp_path, 'prove')}", "--out", str(out), "-q"])
    assert rc == 0
    data = json.loads(out.read_text())
    p = data["positions"][0]
    assert (p["note"], p["solved"]) == (note, solved)
    assert p["wall_ms"] < 2000 if note == "proved" else p["wall_ms"] >= 3000
    assert data["limit"] == "go movetime 600000 (--stop-on-mate)"
    if solved:
        assert p["solution_time_ms"] == 5 and "stopped at a proved mate" in capsys.readouterr().out


def test_a_mate_is_proved_by_an_exact_unbounded_line_with_a_mating_move():
    proof = tactics.mate_proof(tactics.Judge(parse_epd(f"{WAC1} bm Qg6; dm 2;")))
    assert proof(parse_info("info depth 9 score mate 2 nodes 10 pv g3g6 f7g6 e5g6"))
    for line in ("info depth 9 score mate 2 lowerbound nodes 10 pv g3g6",  # a bound
                 "info depth 9 score mate 3 nodes 10 pv g3g6",  # not the distance
                 "info depth 9 score mate 2 nodes 10 pv f6e8",  # not the move
                 "info depth 9 score mate 2 nodes 10"):  # no move
        assert not proof(parse_info(line)), line
