"""Raw UCI over pipes: exact commands, exact timing.

The first part holds for any UCI engine (validated against Stockfish); the
part marked ``cutoff_only`` checks Cutoff's own promises: ``info string error``
replies to bad input with the previous state kept, and the ``d``/``eval``
debugging commands.
"""

from __future__ import annotations

import time

import chess
import pytest

from uci_engine import UciEngine
from uci_util import assert_legal_uci, error_lines, load_note, same_position, within

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
KIWIPETE_BLACK = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1"
MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"

#: Anything that must answer "immediately" has to produce its bestmove this fast.
QUICK = within(0.5)


def board_of(spec: str, moves=()) -> chess.Board:
    board = chess.Board() if spec == "startpos" else chess.Board(spec)
    for m in moves:
        board.push_uci(m)
    return board


def position_cmd(spec: str, moves=()) -> str:
    head = "position startpos" if spec == "startpos" else f"position fen {spec}"
    return head + (" moves " + " ".join(moves) if moves else "")


def set_position(raw: UciEngine, spec: str, moves=()) -> chess.Board:
    raw.send(position_cmd(spec, moves))
    return board_of(spec, moves)


# ---------------------------------------------------------------------------
# Generic UCI behaviour
# ---------------------------------------------------------------------------


def test_handshake(raw_factory):
    raw = raw_factory(handshake=False)
    t0 = time.perf_counter()
    ident = raw.handshake(timeout=10.0)
    assert "name" in ident and ident["name"], f"no 'id name' before uciok\n{raw.describe()}"
    assert "author" in ident, f"no 'id author' before uciok\n{raw.describe()}"
    for line in raw.option_lines:
        toks = line.split()
        assert toks[:2] == ["option", "name"] and "type" in toks, f"malformed option line {line!r}"
        typ = toks[toks.index("type") + 1]
        assert typ in {"check", "spin", "combo", "button", "string"}, f"bad option type in {line!r}"
    raw.isready(timeout=5.0)
    assert time.perf_counter() - t0 < 10.0


def test_isready_answers_during_search(raw):
    board = set_position(raw, "startpos", ["e2e4", "c7c5"])
    raw.send("go infinite")
    early = raw.collect(0.3)
    assert not [l for l in early if l.startswith("bestmove")], f"bestmove during go infinite\n{raw.describe()}"
    t0 = time.perf_counter()
    before = raw.isready(timeout=2.0)
    assert time.perf_counter() - t0 < QUICK, f"readyok took too long during search\n{raw.describe()}"
    assert not [l for l in before if l.startswith("bestmove")], f"isready stopped the search\n{raw.describe()}"
    raw.send("stop")
    move, _, _, elapsed = raw.wait_bestmove(timeout=3.0)
    assert elapsed < within(1.0), f"bestmove {elapsed:.3f}s after stop\n{raw.describe()}"
    assert_legal_uci(board, move, "after stop")


TIME_SAFETY = [
    ("startpos", (), "go wtime 10 btime 10"),
    ("startpos", ("e2e4",), "go wtime 10 btime 10"),
    (KIWIPETE, (), "go wtime 10 btime 10 winc 0 binc 0"),
    (KIWIPETE_BLACK, (), "go wtime 100000 btime 10"),
    (MIDDLEGAME, (), "go wtime 10 btime 10 winc 1000 binc 1000"),
    ("startpos", (), "go wtime 1 btime 1"),
    ("startpos", (), "go movetime 1"),
    (KIWIPETE, (), "go movetime 1"),
    (MIDDLEGAME, (), "go wtime 50 btime 50 movestogo 1"),
    (KIWIPETE, (), "go depth 1"),
]


@pytest.mark.parametrize("spec,moves,go", TIME_SAFETY, ids=[f"{i}-{g.replace(' ', '_')}" for i, (_, _, g) in enumerate(TIME_SAFETY)])
def test_time_safety(raw, spec, moves, go):
    """Nearly no time left (or movetime 1): a legal bestmove must come almost at once."""
    board = set_position(raw, spec, moves)
    raw.isready()
    move, _, _, elapsed = raw.go(go, timeout=QUICK + 5.0)
    assert elapsed < QUICK, f"'{go}' answered after {elapsed:.3f}s (limit {QUICK}s) {load_note()}\n{raw.describe()}"
    assert_legal_uci(board, move, f"after '{go}'")


def test_go_infinite_then_stop(raw):
    board = set_position(raw, MIDDLEGAME)
    raw.send("go infinite")
    early = raw.collect(0.5)
    assert not [l for l in early if l.startswith("bestmove")], f"bestmove without stop\n{raw.describe()}"
    assert [l for l in early if l.startswith("info")], f"no info lines within 0.5s of go infinite\n{raw.describe()}"
    raw.send("stop")
    move, _, _, elapsed = raw.wait_bestmove(timeout=3.0)
    assert elapsed < within(1.0), f"bestmove {elapsed:.3f}s after stop\n{raw.describe()}"
    assert_legal_uci(board, move, "after stop")
    # nothing stale afterwards
    stale = raw.isready()
    assert not [l for l in stale if l.startswith("bestmove")], f"second bestmove after stop\n{raw.describe()}"


@pytest.mark.parametrize("delay", [0.0, 0.4], ids=["immediate-ponderhit", "late-ponderhit"])
def test_go_ponder_then_ponderhit(raw, delay):
    # We played e2e4, expect e7e5 and ponder on it.
    board = set_position(raw, "startpos", ["e2e4", "e7e5"])
    raw.isready()
    raw.send("go ponder wtime 2000 btime 2000 winc 20 binc 20")
    if delay:
        early = raw.collect(delay)
        assert not [l for l in early if l.startswith("bestmove")], (
            f"bestmove while pondering (before ponderhit/stop)\n{raw.describe()}")
    raw.send("ponderhit")
    move, ponder, _, elapsed = raw.wait_bestmove(timeout=8.0)
    assert elapsed < within(1.5), f"bestmove {elapsed:.3f}s after ponderhit with 2s on the clock\n{raw.describe()}"
    mv = assert_legal_uci(board, move, "after ponderhit")
    if ponder is not None:
        board.push(mv)
        assert_legal_uci(board, ponder, "(ponder move) after ponderhit")
    stale = raw.isready()
    assert not [l for l in stale if l.startswith("bestmove")], f"second bestmove\n{raw.describe()}"


def test_go_ponder_then_stop_then_new_search(raw):
    # Ponder miss: we pondered on e7e5 but the opponent played c7c5.
    ponder_board = set_position(raw, "startpos", ["e2e4", "e7e5"])
    raw.isready()
    raw.send("go ponder wtime 5000 btime 5000")
    early = raw.collect(0.3)
    assert not [l for l in early if l.startswith("bestmove")], f"bestmove while pondering\n{raw.describe()}"
    raw.send("stop")
    move, _, _, elapsed = raw.wait_bestmove(timeout=3.0)
    assert elapsed < within(1.0), f"bestmove {elapsed:.3f}s after stop while pondering\n{raw.describe()}"
    assert_legal_uci(ponder_board, move, "(ponder search stopped)")
    real = set_position(raw, "startpos", ["e2e4", "c7c5"])
    move, _, _, elapsed = raw.go("go wtime 4900 btime 5000", timeout=8.0)
    assert elapsed < within(2.0), f"real search after a ponder miss took {elapsed:.3f}s\n{raw.describe()}"
    assert_legal_uci(real, move, "after ponder miss")
    stale = raw.isready()
    assert not [l for l in stale if l.startswith("bestmove")], f"stale bestmove\n{raw.describe()}"


@pytest.mark.parametrize("command", ["stop", "ponderhit"])
def test_idle_stop_or_ponderhit_is_harmless(raw, command):
    """A 'stop' that races with a finished search must not produce a second bestmove."""
    board = set_position(raw, "startpos")
    move, _, _, _ = raw.go("go depth 2", timeout=10.0)
    assert_legal_uci(board, move)
    raw.send(command)
    stale = raw.isready()
    assert not [l for l in stale if l.startswith("bestmove")], f"bestmove after idle {command}\n{raw.describe()}"
    move, _, _, _ = raw.go("go depth 2", timeout=10.0)
    assert_legal_uci(board, move, f"after idle {command}")


@pytest.mark.parametrize("fen", [
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",        # stalemate
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",        # checkmate
], ids=["stalemate", "checkmate"])
def test_go_without_legal_moves_still_answers(raw, fen):
    """UCI requires a bestmove reply to every go; lichess-bot never asks this, but a hang here is fatal."""
    assert chess.Board(fen).legal_moves.count() == 0  # test self-check
    raw.send(f"position fen {fen}")
    move, _, _, elapsed = raw.go("go depth 3", timeout=5.0)
    assert elapsed < within(2.0)
    assert move in ("(none)", "0000", "none", "NULL", ""), f"bestmove {move!r} in a position without legal moves"
    raw.isready()


def test_quit_while_searching(raw):
    set_position(raw, MIDDLEGAME)
    raw.send("go infinite")
    raw.collect(0.2)
    t0 = time.perf_counter()
    rc = raw.quit(timeout=3.0)
    assert rc is not None, f"engine still running 3s after quit during go infinite\n{raw.describe()}"
    assert time.perf_counter() - t0 < within(2.0)


def test_quit_while_pondering(raw):
    set_position(raw, "startpos", ["e2e4", "e7e5"])
    raw.send("go ponder wtime 60000 btime 60000")
    raw.collect(0.2)
    rc = raw.quit(timeout=3.0)
    assert rc is not None, f"engine still running 3s after quit during go ponder\n{raw.describe()}"


def test_ucinewgame_then_search(raw):
    board = set_position(raw, "startpos", ["d2d4"])
    raw.go("go depth 3", timeout=10.0)
    raw.send("ucinewgame")
    t0 = time.perf_counter()
    raw.isready(timeout=5.0)
    assert time.perf_counter() - t0 < within(2.0), "ucinewgame + isready took more than 2s"
    board = set_position(raw, "startpos", ["g1f3", "d7d5"])
    move, _, _, _ = raw.go("go depth 3", timeout=10.0)
    assert_legal_uci(board, move, "after ucinewgame")


def test_extra_whitespace_between_tokens(raw):
    raw.send("position   startpos   moves  e2e4    e7e5  g1f3 ")
    board = board_of("startpos", ["e2e4", "e7e5", "g1f3"])
    move, _, _, _ = raw.go("go   depth  2 ", timeout=10.0)
    assert_legal_uci(board, move, "(position sent with extra whitespace)")


def test_long_move_list_with_repetitions(raw):
    """96 plies of knight shuffles: threefold repetition in the history, 50-move counter at 96."""
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"] * 24
    board = set_position(raw, "startpos", shuffle)
    assert board.halfmove_clock == 96
    move, _, _, _ = raw.go("go depth 4", timeout=10.0)
    assert_legal_uci(board, move, "after a long repetitive move list")
    move, _, _, elapsed = raw.go("go wtime 3000 btime 3000", timeout=8.0)
    assert_legal_uci(board, move, "after a long repetitive move list (clock)")


def test_standard_castling_in_move_list(raw):
    board = set_position(raw, "startpos", ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f8c5", "d2d3", "e8g8"])
    move, _, _, _ = raw.go("go depth 4", timeout=10.0)
    assert_legal_uci(board, move, "after both sides castled")


# ---------------------------------------------------------------------------
# Cutoff-only: error handling, d, eval
# ---------------------------------------------------------------------------

GOOD_MOVES = ("e2e4",)

BAD_POSITIONS = [
    "position startpos moves e2e4 e7e5 e1e8",   # illegal move in the list (the spec's example)
    "position startpos moves e7e5",             # wrong side to move
    "position startpos moves e2e5",             # impossible pawn move
    "position startpos moves e2e4 xyz",         # garbage move token
    "position startpos moves e2e4 e7e5 e1g1",   # castling through pieces
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",           # 7 ranks
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",  # bad piece letter
    "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # rank too long
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",  # bad side to move
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",   # no kings
    "position fen 4k3/8/8/8/8/8/8/8 w - - 0 1", # no white king
    "position fen",                             # FEN missing
    "position",                                 # nothing at all
    "position foo",                             # unknown keyword
]


@pytest.mark.cutoff_only
@pytest.mark.parametrize("bad", BAD_POSITIONS, ids=range(len(BAD_POSITIONS)))
def test_bad_position_rejected_previous_kept(raw, bad):
    good = set_position(raw, "startpos", GOOD_MOVES)
    assert not error_lines(raw.isready()), "good position produced an error"
    raw.send(bad)
    lines = raw.isready()
    assert error_lines(lines), f"no 'info string error' after {bad!r}\n{raw.describe()}"
    fen = raw.fen_from_d()
    ok, theirs, ours = same_position(fen, good)
    assert ok, f"after rejected {bad!r} the engine has {theirs}, expected previous position {ours}"
    move, _, _, _ = raw.go("go depth 1", timeout=10.0)
    assert_legal_uci(good, move, f"after rejected {bad!r} (must keep the previous position)")


BAD_INPUT = [
    "setoption name Hash value 0",
    "setoption name Hash value 65537",
    "setoption name Hash value abc",
    "setoption name Hash value 99999999999999999999999",
    "setoption name Hash",
    "setoption name Threads value 0",
    "setoption name Threads value 257",
    "setoption name MultiPV value 0",
    "setoption name MultiPV value 257",
    "setoption name Ponder value maybe",
    "setoption name Foo value 1",
    "setoption name OrderKillers value 3",
    "setoption name UCI_Elo value 999",
    "setoption name UCI_Elo value 2601",
    "setoption name Skill Level value 21",
    "setoption name UCI_LimitStrength value 1",
    "fooo",
    "go_infinite",
]


@pytest.mark.cutoff_only
@pytest.mark.parametrize("bad", BAD_INPUT)
def test_bad_input_gives_error_line(raw, bad):
    raw.send(bad)
    lines = raw.isready()
    errs = error_lines(lines)
    assert errs, f"no 'info string error' line for {bad!r}\n{raw.describe()}"
    assert not [l for l in lines if l.startswith("bestmove")], f"bestmove after {bad!r}"
    board = set_position(raw, "startpos", ["d2d4", "d7d5"])
    move, _, _, _ = raw.go("go depth 2", timeout=10.0)
    assert_legal_uci(board, move, f"after bad input {bad!r}")


@pytest.mark.cutoff_only
def test_rejected_setoption_keeps_previous_value(raw):
    raw.send("setoption name MultiPV value 2")
    assert not error_lines(raw.isready()), "MultiPV 2 was rejected"
    raw.send("setoption name MultiPV value 0")
    assert error_lines(raw.isready()), "MultiPV 0 was accepted"
    board = set_position(raw, MIDDLEGAME)
    move, _, before, _ = raw.go("go depth 5", timeout=20.0)
    assert_legal_uci(board, move)
    pvs = set()
    for line in before:
        toks = line.split()
        if toks[:1] == ["info"] and "multipv" in toks:
            pvs.add(int(toks[toks.index("multipv") + 1]))
    assert pvs == {1, 2}, f"expected MultiPV 2 to stay in force, saw multipv indices {sorted(pvs)}"


@pytest.mark.cutoff_only
@pytest.mark.parametrize("spec,moves", [
    ("startpos", ()),
    ("startpos", ("e2e4",)),                                       # ep square after double push
    ("startpos", ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1")),  # castled
    ("startpos", ("e2e4", "d7d5", "e4d5", "c7c5", "d5c6")),        # en passant capture
    (KIWIPETE, ()),
    ("8/P6k/8/8/8/8/6Kp/8 w - - 3 60", ("a7a8q", "h2h1n")),       # promotions, counters
])
def test_d_prints_fen(raw, spec, moves):
    board = set_position(raw, spec, moves)
    fen = raw.fen_from_d()
    ok, theirs, ours = same_position(fen, board)
    assert ok, f"'d' shows {theirs}, expected {ours}"


@pytest.mark.cutoff_only
def test_d_after_standard_castling_both_sides(raw):
    moves = ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f8c5", "d2d3", "e8g8")
    board = set_position(raw, "startpos", moves)
    ok, theirs, ours = same_position(raw.fen_from_d(), board)
    assert ok, f"'d' shows {theirs}, expected {ours}"
    assert board.piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)


@pytest.mark.cutoff_only
@pytest.mark.parametrize("spec", ["startpos", KIWIPETE])
def test_eval_prints_an_evaluation(raw, spec):
    set_position(raw, spec)
    raw.send("eval")
    lines = raw.isready()
    assert lines, f"'eval' printed nothing\n{raw.describe()}"
    assert any(ch.isdigit() for l in lines for ch in l), f"'eval' output has no number: {lines}"
    assert not error_lines(lines), f"'eval' gave an error: {lines}"
