"""Complete games of the engine against itself, the way lichess-bot drives it.

Each side is a separate engine process (as in a real match) except for the
movetime game, where one process plays both colours (exercising side switches
with a shared hash table).  Openings come from the shared 8-move book (fixed
seed; CUTOFF_TEST_SEED changes it) or the start position when the book is
absent.  Games longer than uci_util.MAX_PLIES plies are adjudicated a draw.

Worst-case wall time per game: 2 * (base + MAX_PLIES/2 * inc) for clock games,
MAX_PLIES * (movetime + overhead) for the movetime game.
"""

from __future__ import annotations

import chess
import pytest

from uci_util import Clock, MoveTime, book_openings, play_game

OPENINGS = book_openings(4, salt="games")


def _check(rec, uci_log):
    print(rec.summary())
    assert rec.adjudicated or rec.outcome is not None
    assert rec.result in ("1-0", "0-1", "1/2-1/2")
    problems = uci_log.problems()
    assert not problems, "python-chess complained about engine output:\n" + "\n".join(problems[:10])


@pytest.mark.wallclock(60)
@pytest.mark.parametrize("game_no", [0, 1])
def test_game_1s_plus_10ms(engine_factory, uci_log, game_no):
    label, start = OPENINGS[game_no]
    white, black = engine_factory(), engine_factory()
    uci_log.clear()
    rec = play_game({chess.WHITE: white, chess.BLACK: black}, start, Clock(1.0, 0.01),
                    label=label, uci_log=uci_log)
    _check(rec, uci_log)


@pytest.mark.wallclock(120)
def test_game_5s_plus_50ms(engine_factory, uci_log):
    label, start = OPENINGS[2]
    white, black = engine_factory(), engine_factory()
    uci_log.clear()
    rec = play_game({chess.WHITE: white, chess.BLACK: black}, start, Clock(5.0, 0.05),
                    label=label, uci_log=uci_log)
    _check(rec, uci_log)


@pytest.mark.wallclock(90)
def test_game_movetime_50ms_single_process(engine_factory, uci_log):
    label, start = OPENINGS[3]
    eng = engine_factory()
    uci_log.clear()
    rec = play_game({chess.WHITE: eng, chess.BLACK: eng}, start, MoveTime(0.05),
                    label=label, uci_log=uci_log)
    _check(rec, uci_log)
