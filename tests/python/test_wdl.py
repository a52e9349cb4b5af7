"""UCI_ShowWDL: `wdl W D L` on every info line with a score when the option is on (per
mille, non-negative, summing to 1000), none when it is off; a won position's share of wins
is high, a lost one's low; python-chess reads the triple as it reads Stockfish's."""

from __future__ import annotations

import re

import chess
import chess.engine
import pytest

from uci_util import analyse, validate_info_pv_lines

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"
#: White is a queen up (KQ v K): won, but no mate within a shallow search.
QUEEN_UP = "4k3/8/8/8/8/8/3QK3/8 w - - 0 1"
#: White is a rook, a bishop and a knight up in a middlegame.
PIECES_UP = "r1bqk3/pppp1ppp/2n5/4p3/4P3/2NP1N2/PPP2PPP/R1BQKB1R w KQq - 0 8"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"

WDL_RE = re.compile(r" wdl (\S+) (\S+) (\S+)")


def scored_lines(lines):
    return [l for l in lines if l.startswith("info") and " score " in l]


def wdl_of(line):
    m = WDL_RE.search(line)
    assert m, f"no wdl in: {line}"
    values = [int(v) for v in m.groups()]
    assert all(v >= 0 for v in values), line
    assert sum(values) == 1000, line
    return values


def run(engine, uci_log, fen, limit, multipv=1):
    mark = uci_log.mark()
    board = chess.Board(fen)
    infos = analyse(engine, board, limit, multipv=multipv, timeout=60.0)
    lines = scored_lines(uci_log.received(engine, since=mark))
    assert lines, "no info line with a score"
    problems = validate_info_pv_lines(board, lines)
    assert not problems, "\n".join(problems[:5])
    return infos, lines


def test_option_is_declared_off(engine):
    opt = engine.options.get("UCI_ShowWDL")
    if opt is None:
        pytest.skip("the engine has no UCI_ShowWDL")
    assert opt.type == "check" and opt.default is False


def test_wdl_on_every_scored_line(engine, uci_log):
    if "UCI_ShowWDL" not in engine.options:
        pytest.skip("the engine has no UCI_ShowWDL")
    engine.configure({"UCI_ShowWDL": True})
    infos, lines = run(engine, uci_log, MIDDLEGAME, chess.engine.Limit(depth=9), multipv=3)
    for line in lines:
        wdl_of(line)
    for info in infos:
        wdl = info.get("wdl")
        assert wdl is not None, f"python-chess found no wdl in {info}"
        assert wdl.pov(chess.WHITE).total() == 1000
    # Bounds (aspiration fails) carry it too, if any were printed: checked above as lines.


def test_no_wdl_when_off(engine, uci_log):
    if "UCI_ShowWDL" in engine.options:
        engine.configure({"UCI_ShowWDL": False})
    infos, lines = run(engine, uci_log, MIDDLEGAME, chess.engine.Limit(depth=7))
    assert not [l for l in lines if " wdl " in l], lines[:3]
    assert "wdl" not in infos


def test_won_positions_map_to_wins(engine, uci_log):
    if "UCI_ShowWDL" not in engine.options:
        pytest.skip("the engine has no UCI_ShowWDL")
    engine.configure({"UCI_ShowWDL": True})
    for fen in (QUEEN_UP, PIECES_UP):
        _, lines = run(engine, uci_log, fen, chess.engine.Limit(depth=8))
        w, d, l = wdl_of(lines[-1])
        assert w >= 850 and l <= 10, f"{fen}: {lines[-1]}"
        # The same position seen by the losing side.
        board = chess.Board(fen)
        board.turn = chess.BLACK
        if board.is_valid():
            _, lines = run(engine, uci_log, board.fen(), chess.engine.Limit(depth=8))
            w, d, l = wdl_of(lines[-1])
            assert l >= 850 and w <= 10, f"{board.fen()}: {lines[-1]}"


def test_mate_scores_are_certain(engine, uci_log):
    if "UCI_ShowWDL" not in engine.options:
        pytest.skip("the engine has no UCI_ShowWDL")
    engine.configure({"UCI_ShowWDL": True})
    _, lines = run(engine, uci_log, MATE_IN_ONE, chess.engine.Limit(depth=4))
    last = lines[-1]
    assert " score mate 1 " in last, last
    assert wdl_of(last) == [1000, 0, 0], last


@pytest.mark.cutoff_only
def test_game_over_roots(raw):
    raw.send("setoption name UCI_ShowWDL value true")
    for fen, wdl in (("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "wdl 0 0 1000"),  # mated
                     ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "wdl 0 1000 0")):  # stalemate
        raw.send(f"position fen {fen}")
        raw.send("go depth 3")
        last, before = raw.expect(lambda l: l.startswith("bestmove"), 10.0, "bestmove")
        scored = scored_lines(before)
        assert scored and scored[-1].endswith(wdl), f"{fen}: {scored}"


@pytest.mark.cutoff_only
def test_score_is_normalised(engine):
    """`score cp` is in the normalised unit whether UCI_ShowWDL is on or not; the start
    position is level: below the 100 that means a 50% win rate. (Depth 6 scores it 47 to 60
    with generation 4 and the pawn-structure and capture histories; the bound was 60 before.)"""
    for show in (False, True):
        engine.configure({"UCI_ShowWDL": show})
        info = analyse(engine, chess.Board(), chess.engine.Limit(depth=6), timeout=30.0)
        assert abs(info["score"].white().score()) < 100, info["score"]
