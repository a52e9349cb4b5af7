"""UCI options through python-chess (engine.options / engine.configure)."""

from __future__ import annotations

import chess
import chess.engine
import pytest

import uci_util
from uci_util import analyse, play, validate_info_pv_lines

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"

#: Options any engine used with lichess-bot should have, with their UCI types.
COMMON_OPTIONS = {
    "Hash": "spin",
    "Threads": "spin",
    "MultiPV": "spin",
    "Ponder": "check",
    "UCI_Chess960": "check",
    "Move Overhead": "spin",
    "Clear Hash": "button",
    "SyzygyPath": "string",
}

#: Cutoff's option list: name -> (type, default, min, max); None = not checked.
CUTOFF_OPTIONS = {
    "Hash": ("spin", 16, 1, 65536),
    "Threads": ("spin", 1, 1, 256),
    "MultiPV": ("spin", 1, 1, 256),
    "Move Overhead": ("spin", 10, None, None),
    "Clear Hash": ("button", None, None, None),
    "Ponder": ("check", None, None, None),
    "UCI_Chess960": ("check", False, None, None),
    "UCI_ShowWDL": ("check", False, None, None),
    "SyzygyPath": ("string", None, None, None),
    "Stats": ("check", False, None, None),
    "Selectivity": ("check", True, None, None),
    "UCI_LimitStrength": ("check", False, None, None),
    "UCI_Elo": ("spin", 1500, 1000, 2600),
    "Skill Level": ("spin", 20, 0, 20),
    **{
        name: ("check", True, None, None)
        for name in [
            "SearchMateDistance", "SearchReverseFutility", "SearchRazoring", "SearchNullMove",
            "SearchIIR", "SearchLateMovePruning", "SearchFutility", "SearchHistoryPruning",
            "SearchSeePruning", "SearchSingular", "SearchCheckSee", "SearchLMR", "SearchRootCaptureLMR",
            "SearchSpareChecks", "SearchDecisiveWindows", "SearchQsPruning",
        ]
    },
    "OrderHashMove": ("check", True, None, None),
    "OrderMvvLva": ("check", True, None, None),
    "OrderKillers": ("check", True, None, None),
    "OrderHistory": ("check", True, None, None),
    "OrderSeeSplit": ("check", True, None, None),
    # The history family: on by default once a game test showed a gain (docs/elo.md).
    "OrderCounterMove": ("check", False, None, None),
    "OrderContHistory": ("check", True, None, None),
    "OrderCaptureHistory": ("check", True, None, None),
    "OrderPawnHistory": ("check", True, None, None),
}
ORDER_OPTIONS = ["OrderHashMove", "OrderMvvLva", "OrderKillers", "OrderHistory", "OrderSeeSplit"]


def quick_search_ok(engine, board=None, depth=6):
    board = board or chess.Board(MIDDLEGAME)
    res = play(engine, board, chess.engine.Limit(depth=depth), timeout=60.0)
    assert res.move in board.legal_moves, f"illegal {res.move}"
    return res


def test_common_options_present(engine):
    opts = engine.options
    missing = [n for n in COMMON_OPTIONS if n not in opts]
    assert not missing, f"missing options: {missing} (have {list(opts)})"
    wrong = {n: opts[n].type for n, t in COMMON_OPTIONS.items() if opts[n].type != t}
    assert not wrong, f"wrong option types: {wrong}"
    assert opts["Hash"].min <= 1 and opts["Threads"].min == 1 and opts["MultiPV"].min == 1


@pytest.mark.cutoff_only
def test_cutoff_option_spec(engine):
    opts = engine.options
    problems = []
    for name, (typ, default, lo, hi) in CUTOFF_OPTIONS.items():
        if name not in opts:
            problems.append(f"{name}: missing")
            continue
        o = opts[name]
        if o.type != typ:
            problems.append(f"{name}: type {o.type}, expected {typ}")
        if default is not None and o.default != default:
            problems.append(f"{name}: default {o.default!r}, expected {default!r}")
        if lo is not None and o.min != lo:
            problems.append(f"{name}: min {o.min}, expected {lo}")
        if hi is not None and o.max != hi:
            problems.append(f"{name}: max {o.max}, expected {hi}")
    assert not problems, "\n".join(problems)


@pytest.mark.wallclock(120)
@pytest.mark.parametrize("mb", [1, 1024])
def test_hash_sizes(engine, mb):
    quick_search_ok(engine, depth=4)
    engine.configure({"Hash": mb})
    engine.ping()
    quick_search_ok(engine)
    board = chess.Board()
    for _ in range(6):  # a few moves so the table fills a little
        res = play(engine, board, chess.engine.Limit(time=0.05))
        board.push(res.move)
    engine.configure({"Hash": 16})
    engine.ping()
    quick_search_ok(engine, depth=4)


def test_threads_2(engine, uci_log):
    engine.configure({"Threads": 2})
    engine.ping()
    board = chess.Board(MIDDLEGAME)
    res = play(engine, board, chess.engine.Limit(time=0.5))
    assert res.move in board.legal_moves
    info = analyse(engine, board, chess.engine.Limit(depth=8), timeout=60.0)
    assert info["pv"] and info["pv"][0] in board.legal_moves
    problems = validate_info_pv_lines(board, [l for l in uci_log.received(engine) if l.startswith("info")][-200:])
    assert not problems, "\n".join(problems[:5])
    # a clock game move with 2 threads
    uci_util.ensure_move_overhead(engine)
    board.push(res.move)
    res = play(engine, board, chess.engine.Limit(white_clock=1.0, black_clock=1.0, white_inc=0.01, black_inc=0.01))
    assert res.move in board.legal_moves
    engine.configure({"Threads": 1})
    engine.ping()
    quick_search_ok(engine, depth=4)


def test_clear_hash(engine):
    quick_search_ok(engine)
    engine.configure({"Clear Hash": None})
    engine.ping()
    quick_search_ok(engine)


def test_move_overhead_and_syzygy_path(engine, tmp_path):
    engine.configure({"Move Overhead": 100, "SyzygyPath": str(tmp_path)})
    engine.ping()
    board = chess.Board("8/8/4k3/8/8/3RK3/8/8 w - - 0 1")  # KRK: a tablebase position, no tables present
    res = play(engine, board, chess.engine.Limit(white_clock=2.0, black_clock=2.0))
    assert res.move in board.legal_moves


def test_out_of_range_rejected_by_client(engine):
    """python-chess refuses out-of-range spin values before sending anything;
    the engine's own check is in test_raw_protocol.py (cutoff_only)."""
    opts = engine.options
    for name in ("Hash", "Threads"):
        lo, hi = opts[name].min, opts[name].max
        for bad in (lo - 1, hi + 1):
            with pytest.raises(chess.engine.EngineError):
                engine.configure({name: bad})
    with pytest.raises(chess.engine.EngineError):
        engine.configure({"NoSuchOption": 1})
    with pytest.raises(chess.engine.EngineError):
        engine.configure({"Hash": "lots"})
    engine.ping()
    quick_search_ok(engine, depth=4)


@pytest.mark.cutoff_only
@pytest.mark.parametrize("off", ORDER_OPTIONS + ["all"])
def test_move_ordering_toggles(engine, off):
    names = ORDER_OPTIONS if off == "all" else [off]
    engine.configure({n: False for n in names})
    engine.ping()
    res = quick_search_ok(engine, depth=6)
    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    res = play(engine, board, chess.engine.Limit(depth=4))
    assert res.move == chess.Move.from_uci("a1a8"), "mate in one missed with ordering options off"
    engine.configure({n: True for n in names})
    engine.ping()
    quick_search_ok(engine, depth=4)


@pytest.mark.cutoff_only
def test_stats_option(engine):
    engine.configure({"Stats": True})
    engine.ping()
    quick_search_ok(engine, depth=6)
    engine.configure({"Stats": False})
    engine.ping()
    quick_search_ok(engine, depth=4)
