//! The cutoff log: the quiet moves that caused beta cutoffs, as the search met them, with
//! where the picker had placed each one. It is the learned move order's data (`cutoff
//! policy-data`, `cutoff train --policy`): what a policy should have put first, beside what
//! the history family did put first at that very node, with the histories as they were then
//! (they change as the search goes, so a later look would mean nothing).
//!
//! Only the copy of the search that counts statistics writes it, and only when it is on: the
//! search as it plays has no code for it.

use crate::board::{Board, Move};

/// One quiet beta cutoff.
#[derive(Clone, Copy, Debug)]
pub struct CutoffSample {
    pub board: Board,
    /// The quiet move that cut off.
    pub mv: Move,
    /// Quiet moves searched before it at this node (0: the picker's first quiet cut off).
    pub rank: u8,
    /// The node's remaining depth.
    pub depth: u8,
    /// The node's beta (side to move's view, internal centipawns): what a move had to reach
    /// to cut off, so other moves can be tested against it later.
    pub beta: i32,
}

/// Quiet cutoffs of a search, not by the hash move (the table's move is first whatever the
/// histories say) and not at the root (its order is the previous iteration's), at a depth of
/// at least `min_depth`.
#[derive(Debug, Default)]
pub struct CutoffLog {
    on: bool,
    min_depth: i32,
    samples: Vec<CutoffSample>,
}

impl CutoffLog {
    /// Starts logging cutoffs at `min_depth` and deeper (the search must count statistics).
    pub fn start(&mut self, min_depth: i32) {
        self.on = true;
        self.min_depth = min_depth;
        self.samples.clear();
    }

    /// Stops logging and hands over what was logged.
    pub fn stop(&mut self) -> Vec<CutoffSample> {
        self.on = false;
        std::mem::take(&mut self.samples)
    }

    /// Hands over what was logged so far and goes on logging.
    pub fn take(&mut self) -> Vec<CutoffSample> {
        std::mem::take(&mut self.samples)
    }

    #[inline(always)]
    pub(crate) fn wants(&self, depth: i32) -> bool {
        self.on && depth >= self.min_depth
    }

    pub(crate) fn push(&mut self, board: &Board, mv: Move, rank: usize, depth: i32, beta: i32) {
        self.samples.push(CutoffSample {
            board: *board,
            mv,
            rank: rank.min(u8::MAX as usize) as u8,
            depth: depth.clamp(0, u8::MAX as i32) as u8,
            beta,
        });
    }
}
