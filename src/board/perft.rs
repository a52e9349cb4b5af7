//! perft: the number of leaf nodes of the legal move tree, the move generator's exact test.

use super::movegen::{count_legal, generate_into, kind, legal_moves};
use super::moves::{Move, MoveList};
use super::position::Board;

/// Leaf count to `depth`, counting the last ply's moves without making them (bulk counting).
pub fn perft(b: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(b),
        _ => {
            let mut list = MoveList::new();
            generate_into::<{ kind::ALL }>(b, &mut list);
            let mut nodes = 0;
            for &m in list.iter() {
                let mut child = *b;
                child.make_move(m);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Leaf count to `depth`, making every move down to the leaves (no bulk counting).
pub fn perft_full(b: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = legal_moves(b);
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = *b;
        child.make_move(m);
        nodes += perft_full(&child, depth - 1);
    }
    nodes
}

/// Leaf counts below each root move.
pub fn divide(b: &Board, depth: u32) -> Vec<(Move, u64)> {
    let list = legal_moves(b);
    list.iter()
        .map(|&m| {
            let mut child = *b;
            child.make_move(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
