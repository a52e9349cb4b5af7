//! Evaluation: every term's weights live in the generated `params.rs` (named by `layout.rs`);
//! the code that applies them is written once, generic over a `Trace` sink. The engine runs it
//! with `NoTrace`, whose calls compile to nothing; the tuner runs the same code with a sink
//! that records how often each weight was counted for each side, so what it fits is exactly
//! what the engine evaluates.
//!
//! Material and piece-square values are summed move by move in each search thread's
//! `EvalState`; the pawn-only terms come from its pawn hash table; the rest (mobility, passed pawns with the
//! pieces in view, king safety, pieces, threats, tempo, endgame scaling) is computed from the
//! board when it is evaluated.

mod evaluator;
pub(crate) mod layout;
pub mod nnue;
pub(crate) mod params;
pub(crate) mod pawns;
pub mod psq;
pub(crate) mod scale;
pub(crate) mod score;
mod state;

use crate::board::{Board, Color, PieceType};
use evaluator::Evaluator;
use layout::{pst, MATERIAL, MAX_PHASE, TEMPO};
pub(crate) use pawns::PawnTable;
use psq::phase_of;
pub(crate) use score::Score;
pub use state::EvalState;

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
pub(crate) const SCALE_NORMAL: i32 = 128;

/// King danger `danger` (the sum of a king's danger weights) as a penalty: quadratic in the
/// middlegame, so that it bites only when several attackers add up, linear in the endgame.
/// The tuner differentiates exactly this (`SAFETY_MG_DIV`, `SAFETY_EG_DIV`).
#[inline(always)]
pub(crate) fn safety_penalty(danger: Score) -> Score {
    let mg = danger.mg.max(0);
    let eg = danger.eg.max(0);
    Score::new(mg * mg / SAFETY_MG_DIV, eg / SAFETY_EG_DIV)
}

pub(crate) const SAFETY_MG_DIV: i32 = 720;
pub(crate) const SAFETY_EG_DIV: i32 = 20;

/// The engine's sink: reports nothing, costs nothing.
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
}

/// The static evaluation in centipawns from the side to move's point of view, counted from
/// scratch (the search keeps its sums move by move in an `EvalState` instead).
pub fn evaluate(board: &Board) -> i32 {
    evaluate_with(board, psq::psq_of(board), None, &mut NoTrace)
}

/// The evaluation from the board's material and piece-square sum `psq`, with the pawn terms
/// from (and into) a pawn hash table: what `EvalState` calls.
#[inline]
fn evaluate_cached(board: &Board, psq: Score, pawns: &mut PawnTable) -> i32 {
    evaluate_with(board, psq, Some(pawns), &mut NoTrace)
}

/// The evaluation of `board` counted from scratch, reporting to `trace`: from the side to
/// move's point of view, exactly what `evaluate` returns.
pub fn trace<T: Trace>(board: &Board, trace: &mut T) -> i32 {
    evaluate_with(board, psq::psq_of(board), None, trace)
}

#[inline(always)]
fn evaluate_with<T: Trace>(
    board: &Board,
    psq: Score,
    pawns: Option<&mut PawnTable>,
    trace: &mut T,
) -> i32 {
    if T::ON {
        trace_psq(board, trace);
    }
    let pawn_info = match pawns {
        Some(table) if !T::ON => table.probe(board),
        _ => pawns::pawn_info(board, trace),
    };
    let mut e = Evaluator::new(board, trace);
    e.pieces(Color::White);
    e.pieces(Color::Black);
    for c in Color::ALL {
        e.passed(c, pawn_info.passed);
        e.king_shelter(c);
        e.king_danger(c);
        e.threats(c);
    }
    e.add(board.side_to_move(), TEMPO, 1);
    let total = psq + pawn_info.score + e.score[0] - e.score[1];
    let phase = phase_of(board);
    if T::ON {
        trace.phase(phase);
        for strong in Color::ALL {
            trace.scale(strong, scale::factor(board, strong));
        }
    }
    let factor = match total.eg {
        0 => SCALE_NORMAL,
        eg if eg > 0 => scale::factor(board, Color::White),
        _ => scale::factor(board, Color::Black),
    };
    let scaled = Score::new(total.mg, total.eg * factor / SCALE_NORMAL);
    from_white(board, blend(scaled, phase))
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

/// Every term's contribution to one evaluation, for the `eval` command: the sink that sums
/// each term's weights times counts per side.
#[derive(Clone, Debug)]
pub struct Breakdown {
    /// Indexed by [term of `layout::TERMS`][color], from that side's view.
    pub terms: Vec<[Score; 2]>,
    /// King-danger penalty of each side (already negative).
    pub(crate) safety: [Score; 2],
    pub(crate) phase: i32,
    /// Endgame scale factor if White, Black is the stronger side.
    pub(crate) scale: [i32; 2],
    /// The evaluation, from the side to move's view.
    pub eval: i32,
}

impl Trace for Breakdown {
    const ON: bool = true;
    fn add(&mut self, c: Color, i: usize, n: i32) {
        let t = layout::TERMS.partition_point(|t| t.start + t.len <= i);
        self.terms[t][c.index()] += params::WEIGHTS[i] * n;
    }
    fn safety(&mut self, defender: Color, penalty: Score) {
        self.safety[defender.index()] = -penalty;
    }
    fn scale(&mut self, strong: Color, factor: i32) {
        self.scale[strong.index()] = factor;
    }
    fn phase(&mut self, phase: i32) {
        self.phase = phase;
    }
}

/// Every term of `board`'s evaluation.
pub fn breakdown(board: &Board) -> Breakdown {
    let mut b = Breakdown {
        terms: vec![[Score::ZERO; 2]; layout::TERMS.len()],
        safety: [Score::ZERO; 2],
        phase: 0,
        scale: [SCALE_NORMAL; 2],
        eval: 0,
    };
    b.eval = trace(board, &mut b);
    b
}
