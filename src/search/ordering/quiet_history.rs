//! A quiet move's history, read in one place. The picker's quiet order, the search's late
//! move reductions and history pruning, the move-order explainer's columns and the cutoff log
//! all read it through `OrderingTables::quiet_history` (or its parts), each under the
//! switches it honours (`HistoryRead`), so no reader can sum the tables its own way.

use super::{HistoryKey, OrderingConfig, OrderingTables, PawnHistory, PieceTo};
use crate::board::{Board, Move};
use crate::search::tunable;

/// How many parts a quiet move's history score is the sum of (`HistoryParts`).
pub const HISTORY_PARTS: usize = 8;

/// The parts the search's read can have (`HistoryRead::search`): the first ones. The cutoff
/// log, the policy's data files and a head's history weights keep these; the parts after
/// them order the quiets alone and are 0 in every search read.
pub const LOGGED_PARTS: usize = 5;

/// A quiet move's history score part by part, each 0 where its read leaves it out: [0] the
/// butterfly history (the threat-keyed one in its place with `OrderThreatHistory` on), the
/// continuation histories of the moves [1] one, [2] two and [3] four plies back, [4] the
/// pawn-structure history, then the quiet order's own: the continuation histories of the
/// moves [5] four and [6] six plies back, and [7] the low-ply history. Each table's entries
/// are bounded by `HISTORY_MAX`, so each part fits 16 bits (the cutoff log keeps them so).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HistoryParts(pub [i16; HISTORY_PARTS]);

impl HistoryParts {
    /// The parts' plain sum: the score the search reads (`HistoryRead::search`).
    pub fn sum(&self) -> i32 {
        self.0.iter().map(|&p| p as i32).sum()
    }
}

/// The part each continuation table fills, indexed as `Continuation`.
const CONTINUATION_PART: [usize; super::CONTINUATION_TABLES] = [1, 2, 3, 5, 6];

/// The low-ply history's part.
const LOW_PLY_PART: usize = 7;

/// Which history tables a read sums, and how: the switches a reader honours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HistoryRead {
    butterfly: bool,
    /// The butterfly part comes from the threat-keyed table (`OrderThreatHistory`).
    threat_keyed: bool,
    /// The continuation tables every reader sees (the four-ply one through `prev[2]`, None
    /// when its switch is off).
    continuation: bool,
    /// The one-ply continuation table counts this many times in the sum.
    cont1_weight: i32,
    pawn: bool,
    /// The quiet order's own continuation tables (four and six plies back, through
    /// `prev[3]` and `prev[4]`, None when their switches are off).
    quiet_continuation: bool,
    /// The low-ply history, at the key's ply.
    low_ply: bool,
}

impl HistoryRead {
    /// The picker's quiet order: each table only with its switch on, the one-ply
    /// continuation table counted `cont1_order_weight` times.
    #[inline(always)]
    pub(crate) fn picker(config: OrderingConfig) -> HistoryRead {
        HistoryRead {
            butterfly: config.history,
            threat_keyed: config.threat_history,
            continuation: config.cont_history,
            cont1_weight: tunable::cont1_order_weight(),
            pawn: config.pawn_history,
            quiet_continuation: config.cont_history4_quiet || config.cont_history6_quiet,
            low_ply: config.low_ply_history,
        }
    }

    /// The search's (late move reductions, history pruning), which the cutoff log keeps and
    /// a head trained on that log weighs: the butterfly history whatever `OrderHistory` says
    /// (that switch orders the quiets; the table learns either way), the continuation and
    /// pawn-structure histories under their switches, each table once; not the quiet order's
    /// own tables (the parts from `LOGGED_PARTS` on).
    #[inline(always)]
    pub(crate) fn search(config: OrderingConfig) -> HistoryRead {
        HistoryRead {
            butterfly: true,
            threat_keyed: config.threat_history,
            continuation: config.cont_history,
            cont1_weight: 1,
            pawn: config.pawn_history,
            quiet_continuation: false,
            low_ply: false,
        }
    }

    /// Every table, each once, whatever the switches, the butterfly part from the table
    /// `config` plays with: the explainer's columns.
    pub(crate) fn every(config: OrderingConfig) -> HistoryRead {
        HistoryRead {
            butterfly: true,
            threat_keyed: config.threat_history,
            continuation: true,
            cont1_weight: 1,
            pawn: true,
            quiet_continuation: true,
            low_ply: true,
        }
    }
}

impl OrderingTables {
    /// Quiet move `m` of `board`'s history under `read`, part by part; `key` holds what the
    /// node's tables are indexed by beside the move.
    #[inline(always)]
    pub(crate) fn quiet_history_parts(
        &self,
        read: HistoryRead,
        board: &Board,
        key: &HistoryKey,
        m: Move,
    ) -> HistoryParts {
        let mut parts = [0i16; HISTORY_PARTS];
        self.for_each_part(read, board, key, m, |i, v| parts[i] = v);
        HistoryParts(parts)
    }

    /// Quiet move `m` of `board`'s history under `read`: its parts summed, the one-ply
    /// continuation table at the read's weight. Summed as the parts are read rather than
    /// through `quiet_history_parts`: the picker scores every quiet move with this, and
    /// writing sixteen-bit parts to memory only to load them back as one vector stalled on
    /// the store (about a tenth of the picker's time, perf on datagen).
    #[inline(always)]
    pub(crate) fn quiet_history(
        &self,
        read: HistoryRead,
        board: &Board,
        key: &HistoryKey,
        m: Move,
    ) -> i32 {
        let mut sum = 0i32;
        self.for_each_part(read, board, key, m, |i, v| {
            let weight = if i == 1 { read.cont1_weight } else { 1 };
            sum += weight * v as i32;
        });
        sum
    }

    /// Calls `f(part, value)` for each part of quiet move `m`'s history that `read` keeps:
    /// the one reading of the tables behind both `quiet_history_parts` and `quiet_history`.
    #[inline(always)]
    fn for_each_part(
        &self,
        read: HistoryRead,
        board: &Board,
        key: &HistoryKey,
        m: Move,
        mut f: impl FnMut(usize, i16),
    ) {
        // Each table's entries are i16: the casts give each entry back as it is stored.
        if read.butterfly {
            let side = board.side_to_move();
            f(
                0,
                if read.threat_keyed {
                    self.threat_history.get(side, key.threat_bucket(m), m)
                } else {
                    self.history.get(side, m)
                } as i16,
            );
        }
        // The piece is looked up once for the tables indexed by piece and destination.
        if let Some(piece) = board.moved_piece(m) {
            let to = PieceTo { piece, to: m.to() };
            // Tables 0 to 2 for every reader, 3 and 4 for the quiet order.
            let (first, end) = match (read.continuation, read.quiet_continuation) {
                (true, true) => (0, 5),
                (true, false) => (0, 3),
                (false, true) => (3, 5),
                (false, false) => (0, 0),
            };
            for (k, &part) in CONTINUATION_PART.iter().enumerate().take(end).skip(first) {
                f(part, self.continuation[k].get(key.prev[k], to) as i16);
            }
            if read.pawn {
                f(4, self.pawn.get(PawnHistory::bucket(board), to) as i16);
            }
        }
        if read.low_ply {
            f(LOW_PLY_PART, self.low_ply.get(key.ply, m) as i16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{searched_tables, HistoryKey, CONTINUATION_TABLES};
    use super::*;
    use crate::board::{quiet_moves, MoveList};

    /// Which parts `read` keeps.
    fn kept(read: HistoryRead) -> [bool; HISTORY_PARTS] {
        [
            read.butterfly,
            read.continuation,
            read.continuation,
            read.continuation,
            read.pawn,
            read.quiet_continuation,
            read.quiet_continuation,
            read.low_ply,
        ]
    }

    #[test]
    fn each_read_sums_the_parts_its_switches_allow() {
        // Tables filled by a search with every history on, then read three moves in (the
        // low-ply history's third ply) and after six moves (the six-ply table's move).
        for then in [
            &["e2e4", "e7e5", "g1f3"][..],
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"][..],
        ] {
            let (searcher, board, full_key) =
                searched_tables(&[], then, OrderingConfig::FULL, 30_000);
            let tables = searcher.main_tables();
            let mut quiets = MoveList::new();
            quiet_moves(&board, &mut quiets);
            let mut nonzero = [0usize; HISTORY_PARTS];
            for config in [
                OrderingConfig::PLAYING,
                OrderingConfig::FULL,
                OrderingConfig::NONE,
            ] {
                // The key a node of `config` has: each earlier move only under its switch.
                let mut key = HistoryKey::new(&board, full_key.prev, full_key.ply, config);
                key.prev[2] = key.prev[2].filter(|_| config.cont_history4);
                key.prev[3] = key.prev[3].filter(|_| config.cont_history4_quiet);
                key.prev[4] = key.prev[4].filter(|_| config.cont_history6_quiet);
                for &m in quiets.iter() {
                    let every =
                        tables.quiet_history_parts(HistoryRead::every(config), &board, &key, m);
                    for read in [HistoryRead::search(config), HistoryRead::picker(config)] {
                        let parts = tables.quiet_history_parts(read, &board, &key, m);
                        // Each part is the table's entry or 0, as the read's switches say.
                        for (k, keep) in kept(read).into_iter().enumerate() {
                            let want = if keep { every.0[k] } else { 0 };
                            assert_eq!(parts.0[k], want, "{} part {k}", m.uci(false));
                        }
                        // The search reads none of the quiet order's own parts.
                        if read == HistoryRead::search(config) {
                            assert!(parts.0[LOGGED_PARTS..].iter().all(|&p| p == 0));
                        }
                        // The sum counts the one-ply table at the read's weight.
                        assert_eq!(
                            tables.quiet_history(read, &board, &key, m),
                            parts.sum() + (read.cont1_weight - 1) * parts.0[1] as i32
                        );
                    }
                    for (n, p) in nonzero.iter_mut().zip(every.0) {
                        *n += (p != 0) as usize;
                    }
                }
            }
            // Each part was read somewhere (the six-ply table only six moves in, the
            // low-ply history only within its plies): the test sees every table.
            for (k, &n) in nonzero.iter().enumerate() {
                let expected = match k {
                    3 | 5 => then.len() >= 4,
                    6 => then.len() >= 6,
                    LOW_PLY_PART => then.len() < crate::search::ordering::history::LOW_PLIES,
                    _ => true,
                };
                assert_eq!(n > 0, expected, "part {k} after {then:?}: {nonzero:?}");
            }
        }
        // The search reads the butterfly history whatever `OrderHistory` says; the picker
        // only with it on.
        let off = OrderingConfig {
            history: false,
            ..OrderingConfig::FULL
        };
        assert!(HistoryRead::search(off).butterfly);
        assert!(!HistoryRead::picker(off).butterfly);
        // The threat-keyed table stands in for the plain one in every read.
        for read in [
            HistoryRead::search(OrderingConfig::FULL),
            HistoryRead::picker(OrderingConfig::FULL),
            HistoryRead::every(OrderingConfig::FULL),
        ] {
            assert!(read.threat_keyed);
        }
        assert!(!HistoryRead::every(OrderingConfig::PLAYING).threat_keyed);
    }

    #[test]
    fn the_threat_keyed_table_reads_the_key_s_bucket() {
        use super::super::{ThreatBucket, Threats};
        // Black's pawn on d5 attacks e4 and c4: Nc3-e4 moves into it, Nc3-b5 does not.
        let b = Board::from_fen("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
        let (ne4, nb5) = (
            b.parse_uci_move("c3e4", false).unwrap(),
            b.parse_uci_move("c3b5", false).unwrap(),
        );
        let config = OrderingConfig {
            threat_history: true,
            ..OrderingConfig::PLAYING
        };
        let key = HistoryKey::new(&b, [None; CONTINUATION_TABLES], 10, config);
        let all = Threats::of(&b).all;
        assert_eq!(key.threats.map(|t| t.all), Some(all));
        assert_eq!(key.threat_bucket(ne4), ThreatBucket::of(all, ne4));
        assert_ne!(key.threat_bucket(ne4), key.threat_bucket(nb5));
        let mut t = OrderingTables::default();
        t.threat_history
            .update(b.side_to_move(), key.threat_bucket(ne4), ne4, -700);
        t.history.update(b.side_to_move(), ne4, 300);
        let read = |c| {
            t.quiet_history_parts(HistoryRead::picker(c), &b, &key, ne4)
                .0[0]
        };
        assert_eq!(read(config), -700);
        assert_eq!(read(OrderingConfig::PLAYING), 300);
        // The same move from the safe bucket reads another entry.
        let safe = HistoryKey::new(&b, [None; CONTINUATION_TABLES], 10, OrderingConfig::PLAYING);
        assert_eq!(
            t.quiet_history_parts(HistoryRead::picker(config), &b, &safe, ne4)
                .0[0],
            0
        );
        // Without the attacks found, no attack is known: the safe bucket.
        assert_eq!(
            safe.threat_bucket(ne4),
            ThreatBucket::of(crate::board::Bitboard::EMPTY, ne4)
        );
    }

    #[test]
    fn the_low_ply_part_reads_the_key_s_ply() {
        let b = Board::startpos();
        let h3 = b.parse_uci_move("h2h3", false).unwrap();
        let mut t = OrderingTables::default();
        t.low_ply.update(1, h3, 500);
        let at = |t: &OrderingTables, ply| {
            let key = HistoryKey {
                ply,
                ..HistoryKey::NONE
            };
            t.quiet_history_parts(HistoryRead::every(OrderingConfig::FULL), &b, &key, h3)
                .0[LOW_PLY_PART]
        };
        assert_eq!([0, 1, 2, usize::MAX].map(|p| at(&t, p)), [0, 500, 0, 0]);
        // A new search forgets it.
        t.new_search();
        assert_eq!(at(&t, 1), 0);
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
        let key = HistoryKey {
            prev: [
                Some(back(Square::H8)),
                Some(back(Square::A1)),
                None,
                None,
                None,
            ],
            ..HistoryKey::NONE
        };
        let to = PieceTo {
            piece: Piece::WhitePawn,
            to: h3.to(),
        };
        let mut t = OrderingTables::default();
        t.continuation[0].update(key.prev[0], to, 300);
        t.continuation[1].update(key.prev[1], to, 600);
        let read = |cont1_weight| HistoryRead {
            cont1_weight,
            ..HistoryRead::every(OrderingConfig::PLAYING)
        };
        assert_eq!(t.quiet_history(read(1), &b, &key, h3), 900);
        assert_eq!(t.quiet_history(read(2), &b, &key, h3), 1200);
    }
}
