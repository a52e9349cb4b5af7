#!/usr/bin/env python3
"""mate_suite.py - build a mate suite from self-play games: positions where the side to move
mates in at most N moves with one shortest mating move, each verified by a reference engine
(Stockfish 15.1), written as EPD with `bm` and `dm` for scripts/tactics.py.

    python3 scripts/mate_suite.py GAMES.pgn [GAMES.pgn ...] --engine /usr/games/stockfish \\
        --out tests/data/mates.epd [--max-mate 6] [--nodes 400000] [--per-game 2]
    python3 scripts/mate_suite.py --recheck tests/data/mates.epd --nodes 5000000 --out NEW.epd

Why self-play: the published suites hold few mates, and the positions Cutoff reaches in its own
games are the ones its search has to get right. Games whose last move mates give candidates:
the positions of the last 2 * max-mate plies where the winner is to move.

What is kept: for each candidate the engine searches with `MultiPV 2` to `--nodes`; the
position is kept when the first line's score is `mate N` with N <= --max-mate and the second
line (if any) is not a mate in N or fewer: the shortest mating move is unique, so `bm` is one
move and `dm N` its exact distance. Per game at most --per-game positions are kept, the
farthest from the mate first, then every other candidate nearer it, so the suite mixes
distances. Positions are deduplicated by FEN without the clocks.

`--recheck SUITE` verifies an existing suite again, usually at a larger budget: a search of 400,000
nodes can report a longer mate than the shortest (its second line then hides a second mating
move, or its first line the true distance). Each line is searched anew; it is kept with its id
and comment when the engine again finds a unique shortest mate, with `bm` and `dm` replaced by
what this search found (counted and listed when they change), and dropped otherwise.

Each EPD line: `FEN bm SAN; dm N; id "mate.NNN"; c0 "FILE game G, ply P";`. The engine's
id name, the nodes and the command are printed at the end (and go in the docs).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from typing import List, Optional, Tuple

import chess
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_engine import UciEngine  # noqa: E402


def parse_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn", nargs="*", help="PGN files of self-play games")
    p.add_argument("--recheck", metavar="SUITE", help="verify this EPD suite again instead of reading games")
    p.add_argument("--engine", default="/usr/games/stockfish", help="the verifying UCI engine")
    p.add_argument("--out", required=True, help="the EPD file to write")
    p.add_argument("--max-mate", type=int, default=6, help="longest mate kept, in moves (6)")
    p.add_argument("--nodes", type=int, default=400_000, help="nodes per verification (400000)")
    p.add_argument("--per-game", type=int, default=2, help="positions kept per game (2)")
    p.add_argument("--hash", type=int, default=64, help="the engine's Hash in MB (64)")
    p.add_argument("--limit", type=int, default=0, help="stop after this many positions (0: all)")
    return p.parse_args(argv)


def mated_games(paths: List[str]):
    """(file, game number, the boards of the game in order) for every game ending in mate."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            number = 0
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                number += 1
                board = game.board()
                boards = [board.copy()]
                for move in game.mainline_moves():
                    board.push(move)
                    boards.append(board.copy())
                if board.is_checkmate():
                    yield os.path.basename(path), number, boards


def score_of(line: str) -> Tuple[int, Optional[Tuple[str, int]], Optional[str]]:
    """(multipv, score, first pv move) of an `info` line; score is ('mate'|'cp', value)."""
    toks = line.split()
    multipv, score, pv = 1, None, None
    i = 0
    while i < len(toks):
        t = toks[i]
        if t == "multipv":
            multipv = int(toks[i + 1])
        elif t == "score" and toks[i + 1] in ("mate", "cp"):
            score = (toks[i + 1], int(toks[i + 2]))
        elif t == "pv" and i + 1 < len(toks):
            pv = toks[i + 1]
            break
        i += 1
    return multipv, score, pv


def verify(engine: UciEngine, board: chess.Board, nodes: int, max_mate: int) -> Optional[Tuple[chess.Move, int]]:
    """(the unique shortest mating move, N) when the engine finds mate in N <= max_mate and no
    other move mates as fast; else None."""
    engine.send("ucinewgame")
    engine.isready()
    engine.send(f"position fen {board.fen()}")
    _, _, lines, _ = engine.go(f"go nodes {nodes}", timeout=120)
    last = {}
    for line in lines:
        if line.startswith("info") and " score " in line and " pv " in line:
            mpv, score, pv = score_of(line)
            if "bound" in line:
                continue
            last[mpv] = (score, pv)
    if 1 not in last:
        return None
    (kind, n), pv = last[1]
    if kind != "mate" or not 1 <= n <= max_mate:
        return None
    if 2 in last:
        (kind2, n2), _ = last[2]
        if kind2 == "mate" and 0 < n2 <= n:
            return None
    move = chess.Move.from_uci(pv)
    if move not in board.legal_moves:
        return None
    return move, n


def recheck(engine: UciEngine, args: argparse.Namespace, ident: dict) -> int:
    """Verifies every line of an existing suite again (see the module's docstring)."""
    out: List[str] = []
    changed: List[str] = []
    dropped: List[str] = []
    by_distance = {}
    with open(args.recheck, encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    for line in lines:
        m = re.match(r"^(\S+ \S+ \S+ \S+)(?: (\d+) (\d+))? bm ([^;]+); dm (\d+); (id \"[^\"]*\"); (.*)$", line)
        if not m:
            print(f"cannot read: {line}", file=sys.stderr)
            return 1
        fen = m.group(1) + (f" {m.group(2)} {m.group(3)}" if m.group(2) else " 0 1")
        board = chess.Board(fen)
        found = verify(engine, board, args.nodes, args.max_mate)
        ident_op = m.group(6)
        if found is None:
            dropped.append(f"{ident_op}: {m.group(4)} dm {m.group(5)}")
            continue
        move, n = found
        san = board.san(move)
        if san != m.group(4) or n != int(m.group(5)):
            changed.append(f"{ident_op}: {m.group(4)} dm {m.group(5)} -> {san} dm {n}")
        by_distance[n] = by_distance.get(n, 0) + 1
        out.append(f"{board.fen()} bm {san}; dm {n}; {ident_op}; {m.group(7)}")
    engine.quit()
    with open(args.out, "w", encoding="utf-8") as f:
        for line in out:
            f.write(line + "\n")
    dist = ", ".join(f"mate {n}: {c}" for n, c in sorted(by_distance.items()))
    print(f"{len(out)} of {len(lines)} positions kept, verified again by {ident.get('name', args.engine)} "
          f"at {args.nodes} nodes, MultiPV 2: {dist}")
    print(f"changed ({len(changed)}):" + "".join(f"\n  {c}" for c in changed))
    print(f"dropped, no unique shortest mate ({len(dropped)}):" + "".join(f"\n  {d}" for d in dropped))
    print(f"written to {args.out}")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if not args.pgn and not args.recheck:
        print("give PGN files of games, or --recheck SUITE", file=sys.stderr)
        return 2
    engine = UciEngine([args.engine], stderr=subprocess.DEVNULL)
    ident = engine.handshake()
    for name, value in (("Threads", 1), ("Hash", args.hash), ("MultiPV", 2)):
        engine.send(f"setoption name {name} value {value}")
    engine.isready()
    if args.recheck:
        return recheck(engine, args, ident)
    seen = set()
    out: List[str] = []
    games = asked = 0
    by_distance = {}
    for fname, number, boards in mated_games(args.pgn):
        games += 1
        last = len(boards) - 1  # the mated position
        # The winner is to move at plies last-1, last-3, ...: a mate in k at last-(2k-1).
        candidates = [last - (2 * k - 1) for k in range(args.max_mate, 0, -1)]
        candidates = [p for p in candidates if p >= 0]
        kept = 0
        skip_next = False
        for ply in candidates:
            if kept >= args.per_game:
                break
            if skip_next:
                skip_next = False
                continue
            board = boards[ply]
            key = " ".join(board.fen().split()[:4])
            if key in seen:
                continue
            asked += 1
            found = verify(engine, board, args.nodes, args.max_mate)
            if found is None:
                continue
            move, n = found
            seen.add(key)
            kept += 1
            skip_next = True
            by_distance[n] = by_distance.get(n, 0) + 1
            san = board.san(move)
            out.append(f'{board.fen()} bm {san}; dm {n}; id "mate.{len(out) + 1:03d}"; c0 "{fname} game {number}, ply {ply}";')
            if args.limit and len(out) >= args.limit:
                break
        if args.limit and len(out) >= args.limit:
            break
    engine.quit()
    with open(args.out, "w", encoding="utf-8") as f:
        for line in out:
            f.write(line + "\n")
    dist = ", ".join(f"mate {n}: {c}" for n, c in sorted(by_distance.items()))
    print(f"{len(out)} positions from {games} games ending in mate ({asked} verified by "
          f"{ident.get('name', args.engine)} at {args.nodes} nodes, MultiPV 2): {dist}")
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
