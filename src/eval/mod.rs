//! Evaluation: every term's weights live in the generated `params.rs` (named by `layout.rs`);
//! the code that applies them is written once, generic over a `Trace` sink. The engine runs it
//! with `NoTrace`, whose calls compile to nothing; the tuner runs the same code with a sink
//! that records how often each weight was counted for each side, so what it fits is exactly
//! what the engine evaluates.
//!
//! Material and piece-square values are summed move by move in `Position`.

pub mod layout;
pub mod params;
pub mod psq;
pub mod score;

use crate::board::{Board, Color, PieceType};
use layout::{pst, MATERIAL, MAX_PHASE};
use psq::phase_of;
pub use score::Score;

/// What the evaluation reports as it goes. Every method has an empty default, and `ON` tells
/// the evaluation whether to do work whose only use is the report.
pub trait Trace {
    const ON: bool;
    /// `n` more counts of weight `i` for side `c` (n may be negative).
    #[inline(always)]
    fn add(&mut self, _c: Color, _i: usize, _n: i32) {}
    /// `n` more counts of king-danger weight `i` against `defender`'s king. The weights of
    /// one king's danger are summed and the sum turned into a penalty non-linearly (see
    /// `safety_penalty`); only kings under a real attack get one, and only theirs are reported.
    #[inline(always)]
    fn safety_input(&mut self, _defender: Color, _i: usize, _n: i32) {}
    /// The penalty `defender` got for king danger.
    #[inline(always)]
    fn safety(&mut self, _defender: Color, _penalty: Score) {}
    /// The endgame scale factor (of `SCALE_NORMAL`) that applies if `strong` is ahead in the
    /// endgame sum; the trace hears both sides, the engine computes only the one it needs.
    #[inline(always)]
    fn scale(&mut self, _strong: Color, _factor: i32) {}
    /// The middlegame share of the position, 0..=MAX_PHASE.
    #[inline(always)]
    fn phase(&mut self, _phase: i32) {}
}

/// The endgame scale factor of a normal position; drawish endgames get less.
pub const SCALE_NORMAL: i32 = 128;

/// King danger `danger` (the sum of a king's danger weights) as a penalty: quadratic in the
/// middlegame, so that it bites only when several attackers add up, linear in the endgame.
/// The tuner differentiates exactly this (`SAFETY_MG_DIV`, `SAFETY_EG_DIV`).
#[inline(always)]
pub fn safety_penalty(danger: Score) -> Score {
    let mg = danger.mg.max(0);
    let eg = danger.eg.max(0);
    Score::new(mg * mg / SAFETY_MG_DIV, eg / SAFETY_EG_DIV)
}

pub const SAFETY_MG_DIV: i32 = 720;
pub const SAFETY_EG_DIV: i32 = 20;

/// The engine's sink: reports nothing, costs nothing.
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
}

/// The static evaluation in centipawns from the side to move's point of view, from the
/// board and its piece-square sum (kept move by move by `Position`).
#[inline]
pub fn evaluate(board: &Board, psq: Score) -> i32 {
    evaluate_with(board, psq, &mut NoTrace)
}

/// The evaluation of `board` counted from scratch, reporting to `trace`: from the side to
/// move's point of view, exactly what `evaluate` returns.
pub fn trace<T: Trace>(board: &Board, trace: &mut T) -> i32 {
    evaluate_with(board, psq::psq_of(board), trace)
}

#[inline(always)]
fn evaluate_with<T: Trace>(board: &Board, psq: Score, trace: &mut T) -> i32 {
    if T::ON {
        trace_psq(board, trace);
    }
    let total = psq;
    let phase = phase_of(board);
    if T::ON {
        trace.phase(phase);
    }
    from_white(board, blend(total, phase))
}

/// The incremental material and piece-square sum, told to the trace weight by weight.
fn trace_psq<T: Trace>(board: &Board, trace: &mut T) {
    for c in Color::ALL {
        for pt in PieceType::ALL {
            for sq in board.colored_pieces(c, pt) {
                if pt != PieceType::King {
                    trace.add(c, MATERIAL + pt.index(), 1);
                }
                trace.add(c, pst(pt.index()) + sq.relative(c).index(), 1);
            }
        }
    }
}

#[inline(always)]
fn from_white(board: &Board, white: i32) -> i32 {
    match board.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// Middlegame and endgame sums blended by the phase, from White's side.
#[inline(always)]
fn blend(s: Score, phase: i32) -> i32 {
    (s.mg * phase + s.eg * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Middlegame and endgame sums blended by the board's phase, from White's side.
#[inline(always)]
pub fn taper(board: &Board, s: Score) -> i32 {
    blend(s, phase_of(board))
}
