"""`go searchmoves`, `debug` and `register`: through python-chess (root_moves= in analyse
and play, as analysis GUIs and lichess-bot's client send them) and over raw UCI."""

from __future__ import annotations

import chess
import chess.engine
import pytest

from uci_util import analyse, error_lines, play

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

pytestmark = pytest.mark.cutoff_only


def firsts(infos):
    return [info["pv"][0] for info in infos if info.get("pv")]


@pytest.mark.parametrize("multipv,listed", [(1, 3), (2, 3), (3, 3), (5, 2)])
def test_analyse_keeps_to_the_root_moves(engine, multipv, listed):
    board = chess.Board(MIDDLEGAME)
    root = [chess.Move.from_uci(m) for m in ["a2a3", "h2h3", "f1d3"][:listed]]
    infos = analyse(
        engine, board, chess.engine.Limit(depth=6), multipv=multipv, root_moves=root, timeout=60.0
    )
    moves = firsts(infos)
    assert len(moves) == min(multipv, listed), f"{len(moves)} lines for MultiPV {multipv}, {listed} moves"
    assert set(moves) <= set(root), f"lines start with {moves}, not all among {root}"
    assert len(set(moves)) == len(moves)


def test_play_keeps_to_the_root_moves_and_a_full_search_after_it_does_not(engine):
    board = chess.Board(KIWIPETE)
    weak = chess.Move.from_uci("a2a3")
    res = play(engine, board, chess.engine.Limit(depth=6), root_moves=[weak])
    assert res.move == weak
    # The restricted search left nothing that keeps a plain search on a2a3.
    res = play(engine, board, chess.engine.Limit(depth=6))
    assert res.move != weak and res.move in board.legal_moves


def test_chess960_castling_in_the_root_moves(engine):
    # Chess960 position 518 (the standard setup) after both sides cleared the king side:
    # White may castle king-takes-rook, e1h1.
    board = chess.Board.from_chess960_pos(518)
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]:
        board.push_uci(m)
    castle = chess.Move.from_uci("e1h1")
    assert board.is_castling(castle)
    res = play(engine, board, chess.engine.Limit(depth=5), root_moves=[castle])
    assert res.move == castle
    infos = analyse(
        engine, board, chess.engine.Limit(depth=5), multipv=2,
        root_moves=[castle, chess.Move.from_uci("d2d3")], timeout=30.0,
    )
    assert set(firsts(infos)) == {castle, chess.Move.from_uci("d2d3")}


def test_an_illegal_move_in_the_list_is_named_and_left_out(raw):
    raw.send("position startpos")
    move, _, before, _ = raw.go("go depth 4 searchmoves e2e4 e7e5 zz9 g1f3", timeout=20.0)
    errs = error_lines(before)
    assert any("e7e5" in e for e in errs) and any("zz9" in e for e in errs), errs
    assert move in ("e2e4", "g1f3")


def test_with_no_legal_move_listed_the_search_runs_on_all_moves(raw):
    raw.send("position startpos")
    move, _, before, _ = raw.go("go depth 4 searchmoves e7e5 a1a8", timeout=20.0)
    errs = error_lines(before)
    assert any("searching all moves" in e for e in errs), errs
    assert chess.Move.from_uci(move) in chess.Board().legal_moves


def test_searchmoves_with_ponder_and_stop(raw):
    raw.send("position startpos")
    raw.send("go ponder wtime 5000 btime 5000 searchmoves b1c3")
    raw.isready()
    raw.send("stop")
    move, _, _, _ = raw.wait_bestmove(timeout=5.0)
    assert move == "b1c3"


def test_debug_and_register_are_accepted(raw):
    for command in ["register later", "register name Someone code 1234", "debug on"]:
        raw.send(command)
        assert not error_lines(raw.isready()), command
    raw.send("position startpos")
    _, _, before, _ = raw.go("go depth 3 searchmoves d2d4", timeout=20.0)
    assert any(l.startswith("info string debug: root moves d2d4") for l in before), before
    assert any(l.startswith("info string stats") for l in before), "debug on reports the statistics"
    raw.send("debug off")
    _, _, before, _ = raw.go("go depth 3", timeout=20.0)
    assert not any("debug:" in l or l.startswith("info string stats") for l in before), before
    raw.send("debug sideways")
    assert error_lines(raw.isready())
