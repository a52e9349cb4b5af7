//! The piece-square evaluation: the material and piece-square weights of `params.rs` folded into one look-up per
//! (piece, square), signed from White's side, and the change a move makes to their sum.

use super::layout::{pst, MATERIAL, PHASE_WEIGHT};
use super::params::WEIGHTS;
pub(crate) use super::score::Score;
use crate::board::{Board, DirtyPiece, PieceType, Square};

/// Material (none for the king) plus piece-square weight of piece type `pt` on `sq`, seen
/// from its owner's side.
const fn white_value(pt: usize, sq: usize) -> Score {
    let table = WEIGHTS[pst(pt) + sq];
    if pt == 5 {
        table
    } else {
        let m = WEIGHTS[MATERIAL + pt];
        Score::new(m.mg + table.mg, m.eg + table.eg)
    }
}

const fn build() -> [[Score; 64]; 12] {
    let mut t = [[Score::ZERO; 64]; 12];
    let mut pt = 0;
    while pt < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[pt][sq] = white_value(pt, sq);
            // Black's piece on `sq` is worth what White's is on the mirrored square, negated.
            let b = white_value(pt, sq ^ 56);
            t[pt + 6][sq] = Score::new(-b.mg, -b.eg);
            sq += 1;
        }
        pt += 1;
    }
    t
}

/// Indexed by [piece][square]: material plus piece-square value, White positive.
pub(crate) static PSQ: [[Score; 64]; 12] = build();

/// Indexed by piece type: how much each piece counts towards the middlegame phase.
pub(crate) const PHASE: [i32; 6] = PHASE_WEIGHT;

pub(crate) use super::layout::MAX_PHASE;

/// The material and piece-square sum of `board`, counted from scratch.
pub fn psq_of(board: &Board) -> Score {
    let mut sum = Score::ZERO;
    for sq in Square::all() {
        if let Some(p) = board.piece_at(sq) {
            sum += PSQ[p.index()][sq.index()];
        }
    }
    sum
}

/// What a move changes in the material and piece-square sum: its record of the pieces it
/// lifted and placed (`Board::make_move` decodes the move, once).
#[inline(always)]
pub fn psq_delta(dirty: &DirtyPiece) -> Score {
    let mut delta = Score::ZERO;
    for ps in dirty.removed() {
        delta -= PSQ[ps.piece.index()][ps.square.index()];
    }
    for ps in dirty.added() {
        delta += PSQ[ps.piece.index()][ps.square.index()];
    }
    delta
}

/// Game phase from the pieces on the board: the sum of their phase weights, at most
/// `MAX_PHASE` (the start position's).
#[inline(always)]
pub(crate) fn phase_of(board: &Board) -> i32 {
    let mut phase = 0;
    for pt in [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ] {
        phase += board.pieces(pt).count() as i32 * PHASE[pt.index()];
    }
    phase.min(MAX_PHASE)
}
