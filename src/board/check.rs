//! `CheckSquares`: what a position needs to answer "does this move give check?" in a few
//! instructions, worked out once for the position and then asked of many moves.
//!
//! `Board::gives_check` answers for one move by rebuilding the slider attacks on the enemy
//! king with the move's occupancy: two magic look-ups a move. Where a node asks it of every
//! quiet move (the picker cutting the quiets down to the checks), that was 7% of the search's
//! instructions (docs/tactics.md). Here the look-ups are done once: the squares each piece
//! type would check from, and the pieces whose leaving their line uncovers a check. The moves
//! these cannot answer alone (castling, en passant, promotions: each changes the occupancy
//! in a way the squares do not see) go to `Board::gives_check`; they are rare.

use super::attacks::{
    bishop_attacks, king_lines, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::chessboard::Board;
use super::moves::Move;
use super::types::{PieceType, Square};

/// For the side to move of one position: where each of its pieces would give check from, and
/// which of its pieces uncover a check by moving off their line to the enemy king.
#[derive(Clone, Copy, Debug)]
pub struct CheckSquares {
    /// The enemy king.
    king: Square,
    /// Indexed by `PieceType`: the squares from which a piece of that type attacks the enemy
    /// king, with the board's occupancy (a king never checks: empty).
    direct: [Bitboard; 6],
    /// Pieces of the side to move standing alone between one of its sliders and the enemy
    /// king.
    discoverers: Bitboard,
}

impl CheckSquares {
    /// The squares and discoverers of `board`'s side to move.
    pub fn of(board: &Board) -> CheckSquares {
        let us = board.side_to_move();
        let king = board.king(us.flip());
        let occ = board.occupied();
        let bishop = bishop_attacks(king, occ);
        let rook = rook_attacks(king, occ);
        let direct = [
            // A pawn of ours checks from where an enemy pawn on the king's square would take.
            pawn_attacks(us.flip(), king),
            knight_attacks(king),
            bishop,
            rook,
            bishop | rook,
            Bitboard::EMPTY,
        ];
        let ours = |pt| board.colored_pieces(us, pt);
        let rq = ours(PieceType::Rook) | ours(PieceType::Queen);
        let bq = ours(PieceType::Bishop) | ours(PieceType::Queen);
        // None of ours attacks their king (it is our move): only the lone blockers count.
        let (_, discoverers) = king_lines(king, rq, bq, occ);
        CheckSquares {
            king,
            direct,
            discoverers: discoverers & board.colored(us),
        }
    }

    /// Whether `m`, a legal move of `board` (the position these squares were made for), gives
    /// check; the same answer as `board.gives_check(m)`.
    #[inline(always)]
    pub fn gives_check(&self, board: &Board, m: Move) -> bool {
        if m.is_castle() || m.is_en_passant() || m.promotion_piece().is_some() {
            return board.gives_check(m);
        }
        let (from, to) = (m.from(), m.to());
        let Some(piece) = board.piece_at(from) else {
            return false;
        };
        // Direct: the squares were found with `from` occupied, which cannot hide a check from
        // `to` (a piece leaving a line to the king along that same line was not checking,
        // so something else still blocks it).
        self.direct[piece.piece_type().index()].has(to)
            || (self.discoverers.has(from) && !line(self.king, from).has(to))
    }
}
