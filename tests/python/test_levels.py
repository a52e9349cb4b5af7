"""Limited strength (UCI_LimitStrength / UCI_Elo / Skill Level) as a GUI or lichess-bot
uses it: a whole limited game with legal moves and natural time use, and option errors."""

from __future__ import annotations

import statistics

import chess
import pytest

from uci_util import Clock, book_openings, error_lines, play, play_game

OPENINGS = book_openings(1, salt="levels")


def _clocks_before_each_move(rec, start_turn, control):
    """The mover's clock before each move, replayed from the recorded move times (the same
    bookkeeping play_game does)."""
    clocks = {chess.WHITE: control.base, chess.BLACK: control.base}
    side = start_turn
    before = []
    for t in rec.move_times:
        before.append(clocks[side])
        clocks[side] += control.inc - t
        side = not side
    return before, clocks


@pytest.mark.cutoff_only
@pytest.mark.wallclock(150)
def test_limited_game_at_1200_is_legal_and_paced(engine_factory, uci_log):
    label, start = OPENINGS[0]
    white, black = engine_factory(), engine_factory()
    for eng in (white, black):
        eng.configure({"UCI_LimitStrength": True, "UCI_Elo": 1200})
    control = Clock(4.0, 0.04)
    uci_log.clear()
    rec = play_game({chess.WHITE: white, chess.BLACK: black}, start, control, label=label,
                    uci_log=uci_log)
    print(rec.summary())
    assert rec.adjudicated or rec.outcome is not None
    assert not uci_log.problems(), "\n".join(uci_log.problems()[:10])
    before, left = _clocks_before_each_move(rec, start.turn, control)
    # The engine's normal share of the clock for a move is about (clock + 24 inc) / 25; a
    # limited search waits for 30-70% of it. Not instant: nearly every move takes at least
    # a fifth of that share (a few may not: a search can end on the hard limit... or the
    # harness be slow, which only lengthens moves).
    share = [(c + 24 * control.inc) / 25 for c in before]
    quick = [i for i, (t, s) in enumerate(zip(rec.move_times, share)) if t < 0.2 * s]
    assert len(quick) <= len(rec.move_times) // 20, (
        f"{len(quick)} of {len(rec.move_times)} moves were near-instant: "
        f"{[(round(rec.move_times[i], 3), round(share[i], 3)) for i in quick[:10]]}")
    ratio = statistics.median(t / s for t, s in zip(rec.move_times, share))
    assert 0.25 < ratio < 1.0, f"median move used {ratio:.2f} of the normal share"
    # ... and not the whole clock: both sides end with most of their time.
    for side in (chess.WHITE, chess.BLACK):
        assert left[side] > 0.3 * control.base, f"clock left {left[side]:.2f}s of {control.base}s"


def _level_line(lines):
    found = [l for l in lines if l.startswith("info string strength limited:")]
    assert found, "no 'info string strength limited' line before bestmove"
    return found[-1]


@pytest.mark.cutoff_only
@pytest.mark.parametrize("bad", ["999", "2601", "-1200", "9999999999999", "strong", ""])
def test_uci_elo_out_of_range_is_refused_and_the_last_value_kept(raw, bad):
    raw.send("setoption name UCI_LimitStrength value true")
    raw.send("setoption name UCI_Elo value 1700")
    assert not error_lines(raw.isready()), "UCI_Elo 1700 was refused"
    raw.send(f"setoption name UCI_Elo value {bad}".rstrip())
    assert error_lines(raw.isready()), f"UCI_Elo {bad!r} was accepted"
    raw.send("position startpos moves e2e4")
    move, _, before, _ = raw.go("go movetime 200", timeout=10.0)
    assert chess.Move.from_uci(move) in chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").legal_moves
    assert "UCI_Elo 1700 " in _level_line(before)


@pytest.mark.cutoff_only
def test_uci_elo_wins_over_skill_level_and_full_strength_is_silent(raw):
    raw.send("setoption name Skill Level value 21")
    assert error_lines(raw.isready()), "Skill Level 21 was accepted"
    raw.send("setoption name Skill Level value 3")
    assert not error_lines(raw.isready())
    raw.send("position startpos")
    _, _, before, _ = raw.go("go movetime 100", timeout=10.0)
    assert "Skill Level 3 (skill 3.00)" in _level_line(before)
    raw.send("setoption name UCI_LimitStrength value true")
    raw.send("setoption name UCI_Elo value 2200")
    _, _, before, _ = raw.go("go movetime 100", timeout=10.0)
    assert "UCI_Elo 2200 " in _level_line(before)
    # Analysis stays at full strength, and so does play once both are off.
    raw.send("go infinite")
    lines = raw.collect(0.3)
    raw.send("stop")
    raw.wait_bestmove(5.0)
    assert not [l for l in lines if "strength limited" in l]
    raw.send("setoption name UCI_LimitStrength value false")
    raw.send("setoption name Skill Level value 20")
    _, _, before, _ = raw.go("go movetime 100", timeout=10.0)
    assert not [l for l in before if "strength limited" in l]


@pytest.mark.cutoff_only
def test_stop_during_a_limited_move_answers_at_once(raw):
    raw.send("setoption name UCI_LimitStrength value true")
    raw.send("setoption name UCI_Elo value 1000")
    raw.send("position startpos")
    raw.isready()
    raw.send("go movetime 20000")
    raw.collect(0.3)  # the small search is done by now and the engine is pacing itself
    raw.send("stop")
    move, _, _, waited = raw.wait_bestmove(1.0)
    assert chess.Move.from_uci(move) in chess.Board().legal_moves
    assert waited < 0.2, f"bestmove {waited:.3f}s after stop"


def test_limit_strength_options_declared(engine):
    opts = engine.options
    if "UCI_Elo" not in opts:
        pytest.skip("engine has no UCI_Elo")
    assert opts["UCI_LimitStrength"].type == "check"
    assert opts["UCI_Elo"].type == "spin" and opts["UCI_Elo"].min < opts["UCI_Elo"].max
    board = chess.Board()
    engine.configure({"UCI_LimitStrength": True, "UCI_Elo": opts["UCI_Elo"].min})
    res = play(engine, board, chess.engine.Limit(time=0.2))
    assert res.move in board.legal_moves
