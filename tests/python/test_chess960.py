"""Chess960 (UCI_Chess960): games, castling notation, castling in the move list.

With a python-chess board created with chess960=True, python-chess sets
UCI_Chess960 true itself, sends Shredder-FEN and king-takes-rook castling
(e.g. ``f1g1`` for a king on f1 castling with the rook on g1), and expects the
engine to answer in the same notation.  play_game() checks the raw bestmove
token, so a castling move written any other way fails the game test.
"""

from __future__ import annotations

import chess
import chess.engine
import pytest

from uci_util import Clock, assert_legal_uci, play, play_game, same_position

#: Start positions where castling comes early:
#: 3 = BQNNRKRB (king f1 next to the g1 rook: castling h-side is legal at once
#: and swaps king and rook), 747 = RKNNBQRB (king b1 next to the a1 rook).
SELFPLAY_POSITIONS = [3, 747]

#: Positions where castling is the only mate in one (white to move).
#: (FEN, king-takes-rook castling, castling in standard notation or None when
#: the position is not a normal-chess position)
CASTLING_MATES = [
    ("8/8/8/6b1/5N2/1r4B1/7p/R3K2k w Q - 0 1", "e1a1", "e1c1"),
    ("8/6P1/8/8/8/7N/4r3/RK2k3 w Q - 0 1", "b1a1", None),
    ("8/1p6/7r/6B1/8/3N4/p7/k4K1R w K - 0 1", "f1h1", None),
]


@pytest.mark.wallclock(90)
@pytest.mark.parametrize("pos", SELFPLAY_POSITIONS)
def test_chess960_selfplay(engine_factory, uci_log, pos):
    start = chess.Board.from_chess960_pos(pos)
    assert start.chess960
    white, black = engine_factory(), engine_factory()
    uci_log.clear()
    rec = play_game({chess.WHITE: white, chess.BLACK: black}, start, Clock(1.0, 0.01),
                    label=f"chess960 #{pos}", max_plies=200, uci_log=uci_log)
    print(rec.summary(), "castlings:", rec.castlings)
    assert any(l == "setoption name UCI_Chess960 value true" for l in uci_log.sent(white))
    problems = uci_log.problems()
    assert not problems, "python-chess complained:\n" + "\n".join(problems[:10])


def _castling_cases():
    for fen, kxr, std in CASTLING_MATES:
        for color in ("white", "black"):
            board = chess.Board(fen, chess960=True)
            expected = kxr
            if color == "black":
                board = board.mirror()
                expected = kxr[0] + "8" + kxr[2] + "8"
            yield pytest.param(board.fen(shredder=True), True, expected, id=f"960-{kxr}-{color}")
        if std:
            yield pytest.param(fen, False, std, id=f"standard-{std}")


@pytest.mark.parametrize("fen,chess960,expected", list(_castling_cases()))
def test_castling_mate_in_one_notation(engine, uci_log, fen, chess960, expected):
    """Castling is the only mate: the engine must play it, written as UCI wants
    (king-takes-rook with UCI_Chess960, king two squares otherwise)."""
    board = chess.Board(fen, chess960=chess960)
    mates = []
    for m in board.legal_moves:
        board.push(m)
        if board.is_checkmate():
            mates.append(m)
        board.pop()
    assert len(mates) == 1 and board.is_castling(mates[0]) and board.uci(mates[0]) == expected  # test self-check
    res = play(engine, board, chess.engine.Limit(depth=3), timeout=30.0)
    raw = uci_log.last_bestmove(engine)
    assert raw is not None and raw.split()[1] == expected, f"engine answered {raw!r}, expected bestmove {expected}"
    assert res.move == mates[0]


def _castle_sequences():
    """(start position number, moves in king-takes-rook notation) with castling for both sides."""
    # 3 = BQNNRKRB: castle h-side at once (f1g1), a-side after clearing c/d files.
    yield 3, ["f1g1", "f8g8", "e2e4", "e7e5"]
    yield 3, ["c1b3", "c8b6", "d1e3", "d8e6", "f1e1", "f8e8", "g2g3"]
    # 747 = RKNNBQRB: a-side castling (king b1 -> c1, rook a1 -> d1) after the knights leave.
    yield 747, ["c1b3", "c8b6", "d1e3", "d8e6", "b1a1", "b8a8"]
    # 518 is the normal start position, played as Chess960: e1h1 castling.
    yield 518, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1", "f8c5", "d2d3", "e8h8"]


def _build(pos, moves):
    board = chess.Board.from_chess960_pos(pos)
    for m in moves:
        move = chess.Move.from_uci(m)
        assert move in board.legal_moves, f"test bug: {m} illegal in {board.fen(shredder=True)}"
        board.push(move)
    return board


@pytest.mark.parametrize("pos,moves", list(_castle_sequences()), ids=lambda v: str(v) if isinstance(v, int) else "-".join(v)[:40])
def test_castling_in_move_list(engine, uci_log, pos, moves):
    """The engine must follow king-takes-rook castling in 'position ... moves'
    (its reply has to be legal in the position python-chess has)."""
    board = _build(pos, moves)
    res = play(engine, board, chess.engine.Limit(depth=5), timeout=30.0)
    assert res.move in board.legal_moves
    raw = uci_log.last_bestmove(engine)
    assert_legal_uci(board, raw.split()[1], "after castling in the move list")


def test_switch_from_chess960_back_to_standard(engine, uci_log):
    board960 = _build(3, ["f1g1", "f8g8"])
    res = play(engine, board960, chess.engine.Limit(depth=4), game=object())
    assert res.move in board960.legal_moves
    std = chess.Board()
    for m in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]:
        std.push_uci(m)
    res = play(engine, std, chess.engine.Limit(depth=4), game=object())
    assert res.move in std.legal_moves
    assert "setoption name UCI_Chess960 value false" in uci_log.sent(engine)
    raw = uci_log.last_bestmove(engine)
    assert_legal_uci(std, raw.split()[1], "in standard chess after a Chess960 game")


@pytest.mark.cutoff_only
@pytest.mark.parametrize("fen_style", ["shredder", "xfen"])
@pytest.mark.parametrize("pos,moves", list(_castle_sequences()), ids=lambda v: str(v) if isinstance(v, int) else "-".join(v)[:40])
def test_d_after_chess960_castling(raw, fen_style, pos, moves):
    board = _build(pos, moves)
    root = chess.Board.from_chess960_pos(pos)
    fen = root.fen(shredder=(fen_style == "shredder"))
    raw.send("setoption name UCI_Chess960 value true")
    raw.send(f"position fen {fen} moves {' '.join(moves)}")
    ok, theirs, ours = same_position(raw.fen_from_d(), board)
    assert ok, f"after {' '.join(moves)} from {fen}: engine shows {theirs}, expected {ours}"
    move, _, _, _ = raw.go("go depth 3", timeout=10.0)
    assert_legal_uci(board, move, "(Chess960, after castling)")
