//! The evaluation's state on one search thread: what the evaluation keeps up to date move by
//! move along the line being searched (the material and piece-square sums, one per ply), and
//! its caches (the pawn hash table). The search pushes a move's change record when it makes
//! the move and pops when it unmakes it, and asks `evaluate` for the static evaluation; which
//! evaluation runs, and what state it keeps, is this module's business alone: the
//! hand-written evaluation keeps its sums and pawn table, the network its accumulators.

use super::nnue::accumulator::AccumulatorStack;
use super::nnue::Network;
use super::pawns::PawnTable;
use super::psq::{psq_delta, psq_of};
use super::score::Score;
use crate::board::{Board, Color, DirtyPiece};
use std::sync::Arc;

/// Plies the line's stack holds before it has to grow: more than the search ever reaches
/// (its ply limit is 128, quiescence included), so it never allocates during a search.
const LINE_CAPACITY: usize = 256;

/// The network's evaluations are kept within this, far inside the search's tablebase and mate
/// bands, whatever a net says.
pub(crate) const NET_EVAL_LIMIT: i32 = 15_000;

/// One search thread's evaluation state.
pub struct EvalState {
    /// Material and piece-square sum of each board on the current line, from White's side,
    /// indexed by the number of moves made since the root (`top` is the current board).
    psq: Vec<Score>,
    top: usize,
    /// The pawn-only terms by pawn structure: this thread's own.
    pawns: PawnTable,
    /// With a net, its accumulators along the line, and the sums above are not kept.
    net: Option<AccumulatorStack>,
}

impl EvalState {
    /// The hand-written evaluation's state for a search from `root`.
    pub fn new(root: &Board) -> EvalState {
        EvalState::with_network(root, None)
    }

    /// The state for a search from `root` by `net`, or without one by the hand-written
    /// evaluation. Everything the line needs is allocated here.
    pub fn with_network(root: &Board, net: Option<Arc<Network>>) -> EvalState {
        let mut psq = Vec::with_capacity(LINE_CAPACITY);
        psq.push(psq_of(root));
        EvalState {
            psq,
            top: 0,
            pawns: PawnTable::new(),
            net: net.map(|n| AccumulatorStack::new(n, root, LINE_CAPACITY)),
        }
    }

    /// The net that evaluates, None for the hand-written evaluation.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref().map(|n| n.network())
    }

    /// A move was made: `dirty` is what it changed, `board` the board after it.
    #[inline(always)]
    pub fn push(&mut self, dirty: &DirtyPiece, board: &Board) {
        if let Some(net) = &mut self.net {
            net.push(dirty, board);
            self.top += 1;
            return;
        }
        let next = self.psq[self.top] + psq_delta(dirty);
        self.set_next(next);
    }

    /// A null move was made: nothing changed on the board.
    #[inline(always)]
    pub(crate) fn push_null(&mut self) {
        if let Some(net) = &mut self.net {
            net.push_null();
            self.top += 1;
            return;
        }
        let next = self.psq[self.top];
        self.set_next(next);
    }

    #[inline(always)]
    fn set_next(&mut self, next: Score) {
        self.top += 1;
        if self.top == self.psq.len() {
            self.psq.push(next);
        } else {
            self.psq[self.top] = next;
        }
    }

    /// The last move pushed was unmade.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        debug_assert!(self.top > 0, "pop without a push");
        self.top -= 1;
        if let Some(net) = &mut self.net {
            net.pop();
        }
    }

    /// The current board's network accumulators, the side to move's (`stm`) and the other
    /// side's, with their net; None for the hand-written evaluation. The learned move order
    /// reads them.
    #[inline(always)]
    pub(crate) fn accumulators(&self, stm: Color) -> Option<(&[i16], &[i16], &Network)> {
        self.net
            .as_ref()
            .map(|n| (n.current(stm), n.current(!stm), &**n.network()))
    }

    /// Moves pushed and not yet popped.
    #[cfg(test)]
    pub(crate) fn depth(&self) -> usize {
        self.top
    }

    /// The static evaluation of `board`, the current board of the line, from the side to
    /// move's point of view.
    #[inline(always)]
    pub fn evaluate(&mut self, board: &Board) -> i32 {
        if let Some(net) = &mut self.net {
            return net.evaluate(board).clamp(-NET_EVAL_LIMIT, NET_EVAL_LIMIT);
        }
        let psq = self.psq[self.top];
        debug_assert_eq!(psq, psq_of(board), "incremental psq of {}", board.fen());
        super::evaluate_cached(board, psq, &mut self.pawns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(board: &mut Board, state: &mut EvalState, moves: &str) {
        for text in moves.split_whitespace() {
            let m = board.parse_uci_move(text, false).expect("a legal move");
            let dirty = board.make_move(m);
            state.push(&dirty, board);
        }
    }

    #[test]
    fn pushes_and_pops_follow_the_line() {
        let start = Board::startpos();
        let mut board = start;
        let mut state = EvalState::new(&board);
        // Castling both ways, a capture and a promotion-free line: the sums match a fresh
        // count after every move, and the evaluation a fresh one.
        play(
            &mut board,
            &mut state,
            "e2e4 d7d5 e4d5 g8f6 g1f3 f6d5 f1c4 c8e6 e1g1 b8c6 d2d4 d8d7",
        );
        assert_eq!(state.depth(), 12);
        assert_eq!(state.psq[state.top], psq_of(&board));
        assert_eq!(state.evaluate(&board), super::super::evaluate(&board));
        for _ in 0..12 {
            state.pop();
        }
        assert_eq!(state.depth(), 0);
        assert_eq!(state.evaluate(&start), super::super::evaluate(&start));
        // A null move keeps the sum.
        state.push_null();
        assert_eq!(state.psq[1], state.psq[0]);
    }

    #[test]
    fn the_stack_grows_past_its_capacity() {
        let mut board = Board::startpos();
        let mut state = EvalState::new(&board);
        play(&mut board, &mut state, &"g1f3 g8f6 f3g1 f6g8 ".repeat(80));
        assert_eq!(state.depth(), 320);
        assert_eq!(state.psq[state.top], psq_of(&Board::startpos()));
    }
}
