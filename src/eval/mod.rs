//! Evaluation: material plus tapered piece-square tables, the sum kept up to date move by
//! move in `Position`.

pub mod params;
pub mod psq;

use crate::board::{Board, Color};
use params::MAX_PHASE;
use psq::{phase_of, Score};

/// The static evaluation in centipawns from the side to move's point of view, from the
/// board and its piece-square sum (kept move by move by `Position`, which calls this as
/// `Position::evaluate`: the evaluation depends on the board alone).
#[inline]
pub fn evaluate(board: &Board, psq: Score) -> i32 {
    from_white(board, taper(board, psq))
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
