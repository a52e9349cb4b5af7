"""The binary game records of ``cutoff datagen --format binary`` (viriformat), decoded by an
independent reader written here from the layout in docs/datagen.md with python-chess's rules:
each packed position must be a valid board, each move legal with the right kind bits (castling
as king takes rook, en passant, promotion), and every position, score and result must match
the text that ``cutoff data convert`` makes of the same file. Standard and Chess960 games."""

import os
import struct
import subprocess

import chess
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def decode(data: bytes):
    """Yields (board, score, result) for every position of every game in ``data``."""
    i = 0
    while i < len(data):
        occupancy, = struct.unpack_from("<Q", data, i)
        nibbles = data[i + 8:i + 24]
        stm_ep, halfmove, fullmove, score, wdl, _extra = struct.unpack_from("<BBHhBB", data, i + 24)
        i += 32
        board = chess.Board(None, chess960=True)
        castling = 0
        squares = [s for s in range(64) if occupancy >> s & 1]
        for k, sq in enumerate(squares):
            code = nibbles[k // 2] >> (4 * (k % 2)) & 15
            kind = code & 7
            assert kind != 7
            if kind == 6:
                castling |= chess.BB_SQUARES[sq]
                kind = 3
            board.set_piece_at(sq, chess.Piece(kind + 1, code < 8))
        board.castling_rights = castling
        board.turn = stm_ep >> 7 == 0
        ep = stm_ep & 127
        board.ep_square = None if ep == 64 else ep
        board.halfmove_clock, board.fullmove_number = halfmove, fullmove
        assert board.is_valid(), board.status()
        result = {0: "0.0", 1: "0.5", 2: "1.0"}[wdl]
        positions = []
        while True:
            raw, move_score = struct.unpack_from("<Hh", data, i)
            i += 4
            if raw == 0 and move_score == 0:
                break
            kind = raw >> 14
            move = chess.Move(raw & 63, raw >> 6 & 63,
                              promotion=(raw >> 12 & 3) + 2 if kind == 3 else None)
            assert move in board.legal_moves, (board.fen(), move)
            assert (kind == 2) == board.is_castling(move), (board.fen(), move)
            assert (kind == 1) == board.is_en_passant(move), (board.fen(), move)
            positions.append((board.copy(), move_score, result))
            board.push(move)
        if not positions:
            positions.append((board.copy(), score, result))
        yield from positions


def same(a: chess.Board, b: chess.Board) -> bool:
    def key(x):
        ep = x.ep_square if x.has_legal_en_passant() else None
        return (x.board_fen(), x.turn, x.castling_rights, ep, x.halfmove_clock, x.fullmove_number)
    return key(a) == key(b)


@pytest.mark.cutoff_only
@pytest.mark.parametrize("book", [None, "chess960.epd"])
def test_binary_records_decode_independently(engine_path, tmp_path, book):
    binary, text = tmp_path / "games.bin", tmp_path / "games.txt"
    args = [engine_path, "datagen", "--games", "6", "--nodes", "300", "--hash", "1",
            "--seed", "2", "--format", "binary", "--out", str(binary)]
    if book:
        args += ["--book", os.path.join(REPO, "tests", "data", book), "--random-plies", "4"]
    subprocess.run(args, check=True, capture_output=True, timeout=120)
    subprocess.run([engine_path, "data", "convert", str(binary), str(text)],
                   check=True, capture_output=True, timeout=60)
    lines = text.read_text().splitlines()
    decoded = list(decode(binary.read_bytes()))
    assert len(decoded) == len(lines) > 50
    for (board, score, result), line in zip(decoded, lines):
        fen, s, r = (x.strip() for x in line.split("|"))
        assert same(board, chess.Board(fen, chess960=True)), (board.fen(), fen)
        assert (int(s), r) == (score, result), line
