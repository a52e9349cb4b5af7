"""Analysis through python-chess: MultiPV, scores, PVs, go infinite/stop,
pondering (python-chess' play(ponder=True) and ponderhit), ucinewgame."""

from __future__ import annotations

import time

import chess
import chess.engine
import pytest

import uci_util
from uci_util import analyse, analysis_wait, load_note, play, validate_info_pv_lines, within

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"
#: Ra8# is the only mate.
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
#: White is in check with exactly two legal moves: Kxd2 (wins the queen) and Kf1.
TWO_LEGAL_MOVES = "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"


def test_multipv_3_distinct_and_ordered(engine, uci_log):
    board = chess.Board(MIDDLEGAME)
    infos = analyse(engine, board, chess.engine.Limit(depth=8), multipv=3, timeout=60.0)
    assert len(infos) == 3, f"expected 3 PVs, got {len(infos)}: {infos}"
    firsts = []
    for i, info in enumerate(infos, start=1):
        assert info.get("multipv", 1) == i
        assert info.get("pv"), f"PV {i} empty: {info}"
        assert "score" in info, f"PV {i} has no score: {info}"
        assert info["pv"][0] in board.legal_moves
        firsts.append(info["pv"][0])
    assert len(set(firsts)) == 3, f"first moves not distinct: {[m.uci() for m in firsts]}"
    scores = [info["score"].pov(board.turn) for info in infos]
    assert all(a >= b for a, b in zip(scores, scores[1:])), f"PVs not ordered by score: {scores}"
    problems = validate_info_pv_lines(board, [l for l in uci_log.received(engine) if l.startswith("info")])
    assert not problems, "\n".join(problems[:10])


def test_multipv_more_than_legal_moves(engine):
    board = chess.Board(TWO_LEGAL_MOVES)
    n_legal = board.legal_moves.count()
    assert n_legal == 2
    infos = analyse(engine, board, chess.engine.Limit(depth=6), multipv=3, timeout=30.0)
    assert 1 <= len(infos) <= n_legal, f"{len(infos)} PVs for {n_legal} legal moves: {infos}"
    firsts = [info["pv"][0] for info in infos if info.get("pv")]
    assert len(firsts) == len(set(firsts))
    assert all(m in board.legal_moves for m in firsts)
    assert firsts[0] == chess.Move.from_uci("e1d2"), f"best line should be Kxd2, got {firsts[0]}"
    # and the engine still plays normally afterwards (MultiPV goes back to 1)
    res = play(engine, board, chess.engine.Limit(depth=4))
    assert res.move in board.legal_moves


def test_mate_in_one_is_found_and_scored(engine):
    board = chess.Board(MATE_IN_ONE)
    info = analyse(engine, board, chess.engine.Limit(depth=4), timeout=30.0)
    assert info["pv"][0] == chess.Move.from_uci("a1a8"), f"PV {info.get('pv')}"
    assert info["score"].pov(chess.WHITE) == chess.engine.Mate(1), f"score {info['score']}"
    res = play(engine, board, chess.engine.Limit(depth=4))
    assert res.move == chess.Move.from_uci("a1a8")
    # the mated side's view: mate against it
    board.push(res.move)
    assert board.is_checkmate()
    board.pop()
    board.push_uci("a1b1")
    board.push_uci("g8h8")  # white to move again; Rb8# is the mate in one now
    info = analyse(engine, board, chess.engine.Limit(depth=4), timeout=30.0)
    assert info["score"].pov(chess.WHITE) == chess.engine.Mate(1), f"score {info['score']}"


def test_info_lines_well_formed(engine, uci_log):
    board = chess.Board(MIDDLEGAME)
    info = analyse(engine, board, chess.engine.Limit(depth=8), timeout=60.0)
    for key in ("depth", "score", "pv"):
        assert key in info, f"final info lacks {key!r}: {info}"
    assert info["depth"] >= 8 or info["score"].is_mate(), f"depth {info['depth']} < 8"
    lines = [l for l in uci_log.received(engine) if l.startswith("info")]
    problems = validate_info_pv_lines(board, lines)
    assert not problems, "\n".join(problems[:10])
    assert not uci_log.problems(), "python-chess complained:\n" + "\n".join(uci_log.problems()[:10])


def test_go_infinite_stop(engine):
    board = chess.Board(MIDDLEGAME)
    with engine.analysis(board) as analysis:
        time.sleep(0.6)
        info = analysis.info
        assert info.get("depth", 0) >= 1, f"no depth reported after 0.6s of go infinite: {info}"
        t0 = time.perf_counter()
        analysis.stop()
        best = analysis_wait(engine, analysis, timeout=5.0)
        elapsed = time.perf_counter() - t0
    assert elapsed < within(1.0), f"bestmove {elapsed:.3f}s after stop {load_note()}"
    assert best.move in board.legal_moves
    # the engine is usable right away
    res = play(engine, board, chess.engine.Limit(time=0.1))
    assert res.move in board.legal_moves


def test_new_command_interrupts_infinite_analysis(engine):
    """python-chess sends 'stop' itself when a new command supersedes an analysis."""
    board = chess.Board(MIDDLEGAME)
    analysis = engine.analysis(board)
    time.sleep(0.3)
    other = chess.Board()
    t0 = time.perf_counter()
    res = play(engine, other, chess.engine.Limit(time=0.1), timeout=5.0)
    assert time.perf_counter() - t0 < within(1.5)
    assert res.move in other.legal_moves
    analysis.stop()


@pytest.mark.wallclock(60)
def test_ponder_hits_and_misses(engine, uci_log):
    """The engine plays white with ponder=True against a scripted opponent that
    plays the predicted (ponder) move or another move, fast or after a pause,
    in turn: ponderhit right after 'go ponder', ponder miss (stop), late
    ponderhit, late miss.  Clocks are tracked as in the game tests."""
    uci_util.ensure_move_overhead(engine)
    board = chess.Board()
    game = object()
    base, inc = 3.0, 0.03
    clock = base
    hits = misses = 0
    for n in range(24):
        if board.is_game_over(claim_draw=True):
            break
        limit = chess.engine.Limit(white_clock=clock, black_clock=base, white_inc=inc, black_inc=inc)
        sent_before = len(uci_log.sent(engine))
        t0 = time.perf_counter()
        res = play(engine, board, limit, ponder=True, game=game, timeout=clock + inc + 5.0)
        elapsed = time.perf_counter() - t0
        sent = uci_log.sent(engine)[sent_before:]
        hits += "ponderhit" in sent
        clock -= elapsed
        assert clock > -uci_util.FLAG_TOLERANCE, f"flag at move {n}: {elapsed:.3f}s used, sent {sent}"
        clock += inc
        assert res.move in board.legal_moves, f"illegal {res.move} in {board.fen()}"
        board.push(res.move)
        if board.is_game_over(claim_draw=True):
            break
        want_hit = n % 2 == 0
        if res.ponder is not None:
            assert res.ponder in board.legal_moves, f"illegal ponder move {res.ponder} in {board.fen()}"
        if n % 4 >= 2:
            time.sleep(0.15)  # let the engine ponder a while
        if want_hit and res.ponder is not None:
            reply = res.ponder
        else:
            others = [m for m in board.legal_moves if m != res.ponder]
            reply = others[n % len(others)] if others else next(iter(board.legal_moves))
            misses += res.ponder is not None and reply != res.ponder
        board.push(reply)
    stops = [l for l in uci_log.sent(engine) if l == "stop"]
    assert hits >= 2, f"only {hits} ponderhits happened (engine gave ponder moves?)\n{uci_util.game_pgn(board)}"
    assert misses >= 2 and len(stops) >= 2, f"only {misses} ponder misses / {len(stops)} stops"
    assert not uci_log.problems(), "python-chess complained:\n" + "\n".join(uci_log.problems()[:10])


def test_ucinewgame_between_games(engine, uci_log):
    """python-chess sends ucinewgame when play(..., game=...) gets a new object."""
    for g in range(3):
        game = object()
        board = chess.Board()
        for _ in range(6):
            res = play(engine, board, chess.engine.Limit(time=0.03), game=game)
            assert res.move in board.legal_moves
            board.push(res.move)
    sent = uci_log.sent(engine)
    assert sent.count("ucinewgame") == 3, f"ucinewgame sent {sent.count('ucinewgame')} times"
    assert not uci_log.problems(), "\n".join(uci_log.problems()[:10])
