//! `DirtyPiece`: what one move changed on the board, as pieces lifted from squares and pieces
//! placed on squares. `Board::make_move` works it out while it plays the move, so castling, en
//! passant and promotion are decoded in one place; everything kept up to date move by move
//! (the evaluation's piece-square sums, a network's accumulators) reads this record instead
//! of decoding the move again.

use super::types::{Piece, Square};

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceSquare {
    pub piece: Piece,
    pub square: Square,
}

impl PieceSquare {
    /// Filler for the unused slots of a record.
    const UNUSED: PieceSquare = PieceSquare {
        piece: Piece::WhitePawn,
        square: Square::A1,
    };
}

/// What a move changed. At most two pieces are lifted and two placed: castling lifts and
/// places the king and the rook; a capturing promotion lifts the pawn and the victim and
/// places the new piece. A piece that moves is lifted from its square and placed on another.
/// No allocation: the record is a few bytes on the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirtyPiece {
    removed: [PieceSquare; 2],
    added: [PieceSquare; 2],
    removed_len: u8,
    added_len: u8,
}

impl DirtyPiece {
    /// Nothing changed (a null move).
    pub(crate) const NONE: DirtyPiece = DirtyPiece {
        removed: [PieceSquare::UNUSED; 2],
        added: [PieceSquare::UNUSED; 2],
        removed_len: 0,
        added_len: 0,
    };

    #[inline(always)]
    pub(crate) fn remove(&mut self, piece: Piece, square: Square) {
        debug_assert!(self.removed_len < 2, "a move lifts at most two pieces");
        self.removed[self.removed_len as usize] = PieceSquare { piece, square };
        self.removed_len += 1;
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, piece: Piece, square: Square) {
        debug_assert!(self.added_len < 2, "a move places at most two pieces");
        self.added[self.added_len as usize] = PieceSquare { piece, square };
        self.added_len += 1;
    }

    /// A piece moving from one square to another.
    #[inline(always)]
    pub(crate) fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        self.remove(piece, from);
        self.add(piece, to);
    }

    /// The pieces lifted, each from the square it stood on before the move.
    #[inline(always)]
    pub fn removed(&self) -> &[PieceSquare] {
        &self.removed[..self.removed_len as usize]
    }

    /// The pieces placed, each on its square after the move.
    #[inline(always)]
    pub fn added(&self) -> &[PieceSquare] {
        &self.added[..self.added_len as usize]
    }
}
