//! bulletformat's `ChessBoard`: one position in 32 bytes, seen from the side to move, the
//! single-position format the bullet trainer reads (crate `bulletformat`, `src/chess.rs`).
//! `cutoff data convert --to bullet` writes it; docs/datagen.md describes it byte by byte.
//!
//! Seen from the side to move: when Black is to move the board is flipped top to bottom
//! (square s becomes s ^ 56) and the colours swapped, so "ours" is always the side to move.

use super::game::GameResult;
use crate::board::{Board, Color, PieceType, Square};

/// Bytes of a position.
pub(crate) const BULLET_BYTES: usize = 32;
/// The colour bit of a piece code: set for the side not to move.
const THEIRS: u8 = 8;

/// The 32 bytes of `board` with its score (White's side) and its game's result:
///
/// - 0-7: the occupancy (seen from the side to move), a little-endian u64;
/// - 8-23: a 4-bit code for each occupied square in the order of the occupancy's bits, the
///   i-th in byte `8 + i / 2`, low half first: the piece type (pawn 0 to king 5), plus 8 for
///   the side not to move;
/// - 24-25: the score for the side to move, a little-endian i16;
/// - 26: the result for the side to move: 0 lost, 1 drawn, 2 won;
/// - 27: the side to move's king square, seen from it; 28: the other king's square, seen from
///   that side (flipped back);
/// - 29-31: 0.
pub fn pack(board: &Board, white_score: i16, result: GameResult) -> [u8; BULLET_BYTES] {
    let us = board.side_to_move();
    let flip = if us == Color::White { 0 } else { 56 };
    let mut occupied = 0u64;
    for sq in board.occupied() {
        occupied |= 1 << (sq.index() ^ flip);
    }
    let mut bytes = [0u8; BULLET_BYTES];
    bytes[0..8].copy_from_slice(&occupied.to_le_bytes());
    let mut rest = occupied;
    let mut i = 0;
    while rest != 0 {
        let seen = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let piece = board
            .piece_at(Square::from_index(seen ^ flip))
            .expect("an occupied square holds a piece");
        let ours = piece.color() == us;
        let code = piece.piece_type() as u8 | if ours { 0 } else { THEIRS };
        bytes[8 + i / 2] |= code << (4 * (i % 2));
        if piece.piece_type() == PieceType::King {
            if ours {
                bytes[27] = seen as u8;
            } else {
                bytes[28] = (seen ^ 56) as u8;
            }
        }
        i += 1;
    }
    let score = if us == Color::White {
        white_score
    } else {
        white_score.saturating_neg()
    };
    bytes[24..26].copy_from_slice(&score.to_le_bytes());
    bytes[26] = result.half_points_for(us);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_seen_from_the_side_to_move() {
        let white = Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let bytes = pack(&white, 120, GameResult::WhiteWins);
        // e1 = 4, e2 = 12, e8 = 60.
        let occupied = 1u64 << 4 | 1 << 12 | 1 << 60;
        assert_eq!(bytes[0..8], occupied.to_le_bytes());
        // Our king, our pawn, their king (5 + 8).
        assert_eq!(bytes[8..10], [0x05, 0x0d]);
        assert_eq!(bytes[24..26], 120i16.to_le_bytes());
        assert_eq!((bytes[26], bytes[27], bytes[28]), (2, 4, 60 ^ 56));

        // The same position with Black to move: flipped, colours swapped, score and result
        // for Black.
        let black = Board::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
        let bytes = pack(&black, 120, GameResult::WhiteWins);
        // Black's king e8 seen as e1 (4); White's pawn e2 as e7 (52), its king e1 as e8 (60).
        let occupied = 1u64 << 4 | 1 << 52 | 1 << 60;
        assert_eq!(bytes[0..8], occupied.to_le_bytes());
        assert_eq!(bytes[8..10], [0x85, 0x0d]);
        assert_eq!(bytes[24..26], (-120i16).to_le_bytes());
        assert_eq!((bytes[26], bytes[27], bytes[28]), (0, 4, 4));
        assert_eq!(bytes[29..32], [0, 0, 0]);
    }
}
