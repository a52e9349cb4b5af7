//! Correction history: how far the search's results have landed from the static evaluation
//! in positions of the same pawn structure, learned as the search goes and added to the
//! static evaluation that the pruning reads.
//!
//! An evaluation is wrong in the same direction across positions that share their pawns (a
//! structure it over- or underrates), and the search's scores show by how much. The table
//! keeps a running average of `search score - static evaluation` per side to move and pawn
//! structure; `corrected = static + average` is what reverse futility, razoring, null move,
//! futility and `improving` read. The transposition table keeps the raw evaluation, so the
//! correction is applied once, fresh, wherever an entry is read.

use crate::board::Board;

/// Entries per side: a power of two, indexed by the pawn structure's hash.
const SIZE: usize = 16_384;
/// An entry holds the average correction in 1/GRAIN centipawns, for a smooth running average
/// in integers.
const GRAIN: i32 = 256;
/// Corrections are bounded to this many internal centipawns either way.
const MAX_CORRECTION: i32 = 96;
/// The weight (out of 256) of one search result: deeper results count more, up to this.
const MAX_WEIGHT: i32 = 16;

/// Indexed by [side to move][pawn structure hash % SIZE]; values in 1/GRAIN centipawns.
pub struct CorrectionHistory {
    table: Box<[[i16; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: Box::new([[0; SIZE]; 2]),
        }
    }
}

/// The entry of `board`'s pawn structure: positions with the same pawns share it.
#[inline(always)]
fn pawn_index(board: &Board) -> usize {
    board.pawn_hash() as usize & (SIZE - 1)
}

impl CorrectionHistory {
    /// The correction (internal centipawns) to add to the static evaluation of `board`.
    #[inline(always)]
    pub(crate) fn get(&self, board: &Board) -> i32 {
        self.table[board.side_to_move().index()][pawn_index(board)] as i32 / GRAIN
    }

    /// Learns from a node searched to `depth` whose result was `score` where the static
    /// evaluation (already corrected) said `corrected_eval`.
    #[inline(always)]
    pub(crate) fn update(&mut self, board: &Board, depth: i32, score: i32, corrected_eval: i32) {
        let entry = &mut self.table[board.side_to_move().index()][pawn_index(board)];
        // The raw evaluation's error is the corrected one's plus what is already added.
        let old = *entry as i32;
        let error = (score - corrected_eval) * GRAIN + old;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let new = (old * (256 - weight) + error * weight) / 256;
        *entry = new.clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN) as i16;
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[0; SIZE]; 2];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_are_learned_and_bounded() {
        let board = Board::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1").unwrap();
        let mut c = CorrectionHistory::default();
        assert_eq!(c.get(&board), 0);
        // The search keeps finding 40 cp more than the evaluation says.
        for _ in 0..400 {
            let corrected = 10 + c.get(&board);
            c.update(&board, 10, 50, corrected);
        }
        assert!((38..=40).contains(&c.get(&board)), "{}", c.get(&board));
        // Far larger errors stay within the bound.
        for _ in 0..400 {
            let corrected = c.get(&board);
            c.update(&board, 20, 5_000, corrected);
        }
        assert_eq!(c.get(&board), MAX_CORRECTION);
        // Same pawns, other pieces: the same entry; the other side to move: its own.
        let other = Board::from_fen("r3k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1").unwrap();
        assert_eq!(c.get(&other), MAX_CORRECTION);
        let black = Board::from_fen("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1").unwrap();
        assert_eq!(c.get(&black), 0);
        c.clear();
        assert_eq!(c.get(&board), 0);
    }
}
