//! Evaluation: material plus tapered piece-square tables, kept up to date by make/unmake.

pub mod psqt;
pub mod pst;

use crate::board::{Board, Color};
use pst::MAX_PHASE;

/// The static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(board: &Board) -> i32 {
    let white = taper(board);
    match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Middlegame and endgame sums blended by phase, from White's side.
pub fn taper(board: &Board) -> i32 {
    let phase = board.phase().min(MAX_PHASE);
    let s = board.psq();
    (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE
}
