//! A quiet move's history, read in one place. The picker's quiet order, the search's late
//! move reductions and history pruning, the move-order explainer's columns and the cutoff log
//! all read it through `OrderingTables::quiet_history` (or its parts), each under the
//! switches it honours (`HistoryRead`), so no reader can sum the tables its own way.

use super::{Continuation, OrderingConfig, OrderingTables, PawnHistory, PieceTo};
use crate::board::{Board, Move};
use crate::search::tunable;

/// How many parts a quiet move's history score is the sum of (`HistoryParts`).
pub const HISTORY_PARTS: usize = 5;

/// A quiet move's history score part by part, each 0 where its read leaves it out: the
/// butterfly history, the continuation histories of the moves one, two and four plies back,
/// and the pawn-structure history. Each table's entries are bounded by `HISTORY_MAX`, so
/// each part fits 16 bits (the cutoff log keeps them so).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HistoryParts(pub [i16; HISTORY_PARTS]);

impl HistoryParts {
    /// The parts' plain sum: the score the search reads (`HistoryRead::search`).
    pub fn sum(&self) -> i32 {
        self.0.iter().map(|&p| p as i32).sum()
    }
}

/// Which history tables a read sums, and how: the switches a reader honours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HistoryRead {
    butterfly: bool,
    /// The continuation tables (the four-ply one through `prev[2]`, None when its switch is
    /// off).
    continuation: bool,
    /// The one-ply continuation table counts this many times in the sum.
    cont1_weight: i32,
    pawn: bool,
}

impl HistoryRead {
    /// The picker's quiet order: each table only with its switch on, the one-ply
    /// continuation table counted `cont1_order_weight` times.
    #[inline(always)]
    pub(crate) fn picker(config: OrderingConfig) -> HistoryRead {
        HistoryRead {
            butterfly: config.history,
            continuation: config.cont_history,
            cont1_weight: tunable::cont1_order_weight(),
            pawn: config.pawn_history,
        }
    }

    /// The search's (late move reductions, history pruning), which the cutoff log keeps and
    /// a head trained on that log weighs: the butterfly history whatever `OrderHistory` says
    /// (that switch orders the quiets; the table learns either way), the continuation and
    /// pawn-structure histories under their switches, each table once.
    #[inline(always)]
    pub(crate) fn search(config: OrderingConfig) -> HistoryRead {
        HistoryRead {
            butterfly: true,
            continuation: config.cont_history,
            cont1_weight: 1,
            pawn: config.pawn_history,
        }
    }

    /// Every table, each once, whatever the switches: the explainer's columns.
    pub(crate) const EVERY: HistoryRead = HistoryRead {
        butterfly: true,
        continuation: true,
        cont1_weight: 1,
        pawn: true,
    };
}

impl OrderingTables {
    /// Quiet move `m` of `board`'s history under `read`, part by part; `prev` are the earlier
    /// moves the continuation tables are indexed by.
    #[inline(always)]
    pub(crate) fn quiet_history_parts(
        &self,
        read: HistoryRead,
        board: &Board,
        prev: Continuation,
        m: Move,
    ) -> HistoryParts {
        // Each table's entries are i16: the casts give each entry back as it is stored.
        let mut parts = [0i16; HISTORY_PARTS];
        if read.butterfly {
            parts[0] = self.history.get(board.side_to_move(), m) as i16;
        }
        // The piece is looked up once for the tables indexed by piece and destination.
        if let Some(piece) = board.moved_piece(m) {
            let to = PieceTo { piece, to: m.to() };
            if read.continuation {
                for (k, table) in self.continuation.iter().enumerate() {
                    parts[1 + k] = table.get(prev[k], to) as i16;
                }
            }
            if read.pawn {
                parts[4] = self.pawn.get(PawnHistory::bucket(board), to) as i16;
            }
        }
        HistoryParts(parts)
    }

    /// Quiet move `m` of `board`'s history under `read`: its parts summed, the one-ply
    /// continuation table at the read's weight.
    #[inline(always)]
    pub(crate) fn quiet_history(
        &self,
        read: HistoryRead,
        board: &Board,
        prev: Continuation,
        m: Move,
    ) -> i32 {
        let p = self.quiet_history_parts(read, board, prev, m);
        p.sum() + (read.cont1_weight - 1) * p.0[1] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::super::searched_tables;
    use super::*;
    use crate::board::{quiet_moves, MoveList};

    #[test]
    fn each_read_sums_the_parts_its_switches_allow() {
        // Tables filled by a search with every history on, then read after 1.e4 e5 2.Nf3 Nc6.
        let (searcher, board, prev) = searched_tables(
            &[],
            &["e2e4", "e7e5", "g1f3", "b8c6"],
            OrderingConfig::FULL,
            30_000,
        );
        let tables = searcher.main_tables();
        let mut quiets = MoveList::new();
        quiet_moves(&board, &mut quiets);
        let mut nonzero = [0usize; HISTORY_PARTS];
        for config in [
            OrderingConfig::PLAYING,
            OrderingConfig::FULL,
            OrderingConfig::NONE,
        ] {
            for &m in quiets.iter() {
                let every = tables.quiet_history_parts(HistoryRead::EVERY, &board, prev, m);
                for read in [HistoryRead::search(config), HistoryRead::picker(config)] {
                    let parts = tables.quiet_history_parts(read, &board, prev, m);
                    // Each part is the table's entry or 0, as the read's switches say.
                    let kept = [
                        read.butterfly,
                        read.continuation,
                        read.continuation,
                        read.continuation,
                        read.pawn,
                    ];
                    for (k, keep) in kept.into_iter().enumerate() {
                        let want = if keep { every.0[k] } else { 0 };
                        assert_eq!(parts.0[k], want, "{} part {k}", m.uci(false));
                    }
                    // The sum counts the one-ply table at the read's weight.
                    assert_eq!(
                        tables.quiet_history(read, &board, prev, m),
                        parts.sum() + (read.cont1_weight - 1) * parts.0[1] as i32
                    );
                }
                for (n, p) in nonzero.iter_mut().zip(every.0) {
                    *n += (p != 0) as usize;
                }
            }
        }
        // Each part was read somewhere: the test sees every table.
        assert!(nonzero.iter().all(|&n| n > 0), "{nonzero:?}");
        // The search reads the butterfly history whatever `OrderHistory` says; the picker
        // only with it on.
        let off = OrderingConfig {
            history: false,
            ..OrderingConfig::FULL
        };
        assert!(HistoryRead::search(off).butterfly);
        assert!(!HistoryRead::picker(off).butterfly);
    }

    #[test]
    fn the_one_ply_weight_counts_that_table_again() {
        use crate::board::{Piece, Square};
        let b = Board::startpos();
        let h3 = b.parse_uci_move("h2h3", false).unwrap();
        let back = |sq| PieceTo {
            piece: Piece::BlackKnight,
            to: sq,
        };
        let prev = [Some(back(Square::H8)), Some(back(Square::A1)), None];
        let to = PieceTo {
            piece: Piece::WhitePawn,
            to: h3.to(),
        };
        let mut t = OrderingTables::default();
        t.continuation[0].update(prev[0], to, 300);
        t.continuation[1].update(prev[1], to, 600);
        let read = |cont1_weight| HistoryRead {
            cont1_weight,
            ..HistoryRead::EVERY
        };
        assert_eq!(t.quiet_history(read(1), &b, prev, h3), 900);
        assert_eq!(t.quiet_history(read(2), &b, prev, h3), 1200);
    }
}
