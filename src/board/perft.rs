//! perft: the number of leaf nodes of the legal move tree, the move generator's exact test.

use super::chessboard::Board;
use super::movegen::{count_legal, for_each_move, legal_moves};
use super::moves::Move;

/// The deepest perft the commands run (`go perft`, `cutoff perft`): depth 12 from the start
/// position is 62 trillion leaves, days of counting, and anything deeper only hangs.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// `depth` as a perft the commands run, or what is wrong with it.
pub fn check_perft_depth(depth: i64) -> Result<u32, String> {
    if (1..=MAX_PERFT_DEPTH.into()).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(format!(
            "depth {depth} is out of range 1 to {MAX_PERFT_DEPTH}"
        ))
    }
}

/// Leaf count to `depth`, counting the last ply's moves without making them (bulk counting).
pub fn perft(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(b),
        _ => {
            let mut nodes = 0;
            let mut child = *b;
            for_each_move(b, |m| {
                child.copy_from(b);
                child.make_move(m);
                nodes += perft(&child, depth - 1);
            });
            nodes
        }
    }
}

/// Leaf count to `depth`, making every move down to the leaves (no bulk counting).
pub fn perft_full(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        // The leaf is looked at, so making it cannot be optimised away.
        std::hint::black_box(b);
        return 1;
    }
    let mut nodes = 0;
    let mut child = *b;
    if depth == 1 {
        // The leaves: made and looked at, without a call per leaf.
        for_each_move(b, |m| {
            child.copy_from(b);
            child.make_move(m);
            std::hint::black_box(&child);
            nodes += 1;
        });
        return nodes;
    }
    for_each_move(b, |m| {
        child.copy_from(b);
        child.make_move(m);
        nodes += perft_full(&child, depth - 1);
    });
    nodes
}

/// Leaf counts below each root move.
pub(crate) fn divide(b: &Board, depth: u32) -> Vec<(Move, u64)> {
    let list = legal_moves(b);
    list.iter()
        .map(|&m| {
            let mut child = *b;
            child.make_move(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
