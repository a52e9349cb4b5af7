//! Evaluation: material plus tapered piece-square tables, the sum kept up to date move by
//! move in `Position`.

pub mod psqt;
pub mod pst;

use crate::board::{Board, Color};
use crate::position::Position;
use psqt::{phase_of, psq_of, Score};
use pst::MAX_PHASE;

/// The static evaluation in centipawns from the side to move's point of view, from the
/// position's incrementally kept piece-square sum (the search's evaluation).
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    from_white(pos.board(), taper(pos.board(), pos.psq()))
}

/// The same evaluation of a lone board, counted from scratch.
pub fn evaluate_board(board: &Board) -> i32 {
    from_white(board, taper(board, psq_of(board)))
}

#[inline(always)]
fn from_white(board: &Board, white: i32) -> i32 {
    match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Middlegame and endgame sums blended by the board's phase, from White's side.
#[inline(always)]
pub fn taper(board: &Board, s: Score) -> i32 {
    let phase = phase_of(board);
    (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE
}
