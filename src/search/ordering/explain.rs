//! The picker's view of a position (the move-order explainer's data, which `cutoff order` and
//! the UCI command `order` print): every legal move in the exact order the picker yields it at
//! the root of a search, with the stage that produced each and the numbers that placed it.
//!
//! The order comes from the real `MovePicker`, fed the hash move, killers and histories a
//! search would give it at the root; the numbers beside each move are read from the same
//! tables, so a reader can see why each move stands where it does. The search has no
//! previous move at its root, so it has no countermove there either, and the continuation
//! histories add nothing to the root's quiet moves (their columns read 0 there).

use super::{
    movepick, Continuation, HistoryKey, HistoryRead, MovePicker, OrderingTables, PickedFrom,
    Threats, CONTINUATION_TABLES,
};
use crate::board::{legal_moves, see, Board, Move};
use crate::eval::nnue::network::MAX_HIDDEN;
use crate::position::Position;
use crate::search::{Limits, SearchOptions, Searcher};

/// One move in the order.
#[derive(Clone, Debug)]
pub struct OrderRow {
    /// Position in the order, from 1.
    pub index: usize,
    pub mv: Move,
    pub(crate) san: String,
    pub(crate) uci: String,
    pub stage: PickedFrom,
    /// The MVV-LVA score (captures and promotions only).
    pub(crate) mvv_lva: Option<i32>,
    /// Static exchange evaluation of the move, in centipawns.
    pub(crate) see: i32,
    /// The butterfly history (quiet moves only): the threat-keyed table's entry with
    /// `OrderThreatHistory` on (`Explanation::threat_keyed`).
    pub(crate) history: Option<i32>,
    /// The continuation history after the moves one, two and four plies back, summed (quiet
    /// moves only).
    pub(crate) cont_history: Option<i32>,
    /// The quiet order's own continuation histories, after the moves four and six plies
    /// back (quiet moves only).
    pub(crate) cont_history4_quiet: Option<i32>,
    pub(crate) cont_history6_quiet: Option<i32>,
    /// The low-ply history at the root (quiet moves only).
    pub(crate) low_ply: Option<i32>,
    /// The capture history (captures only): the table of the target's defence with
    /// `OrderCaptureHistoryDefended` on (`Explanation::defended_captures`).
    pub(crate) capture_history: Option<i32>,
    /// The threat term (quiet moves only): up for a piece leaving a square a cheaper enemy
    /// piece attacks, down for one moving onto such a square.
    pub(crate) threat: Option<i32>,
    /// The pawn-structure history of the move's piece and destination (quiet moves only).
    pub(crate) pawn_history: Option<i32>,
    /// The learned order's score in history points (quiet moves only, when a head is
    /// loaded): what `OrderPolicy` adds to the move's score.
    pub(crate) policy: Option<i32>,
}

/// What a search before the order found.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub(crate) depth: i32,
    pub(crate) mv: Move,
    pub san: String,
    /// From the side to move's view, in the engine's internal centipawns.
    pub(crate) score: i32,
    /// Where the chosen move stands in the order (from 1).
    pub rank: usize,
    pub(crate) nodes: u64,
}

/// A position's root order and what placed it.
#[derive(Clone, Debug)]
pub struct Explanation {
    pub(crate) fen: String,
    pub(crate) hash_move: Move,
    pub(crate) killers: [Move; 2],
    /// The countermove given to the picker (null at a search's root: no previous move).
    pub(crate) counter: Move,
    /// What the correction history adds to the static evaluation of this position's pawn
    /// structure, side to move (internal centipawns; the pruning reads it when
    /// `OrderCorrectionHistory` is on). It orders no move, so it has no column.
    pub(crate) correction: i32,
    /// The history column reads the threat-keyed table (`OrderThreatHistory` on).
    pub(crate) threat_keyed: bool,
    /// The capture history column reads the table of the target's defence
    /// (`OrderCaptureHistoryDefended` on).
    pub(crate) defended_captures: bool,
    pub rows: Vec<OrderRow>,
    pub chosen: Option<Chosen>,
}

/// The order at the root of `pos` with what `searcher` has learned (its table and the main
/// thread's ordering tables), under the ordering switches of `opts`.
pub(crate) fn explain_with(
    pos: &Position,
    searcher: &Searcher,
    opts: &SearchOptions,
) -> Explanation {
    let board = pos.board();
    let (hash_move, killers) = learned_root(board, searcher);
    let tables = searcher.main_tables();
    // The root of a search: no move before it.
    let counter = Move::NULL;
    let rows = root_order(
        board,
        tables,
        opts,
        hash_move,
        killers,
        counter,
        [None; CONTINUATION_TABLES],
    );
    Explanation {
        fen: board.fen(),
        hash_move,
        killers,
        counter,
        correction: searcher.main_correction().get(board),
        threat_keyed: opts.ordering.threat_history,
        defended_captures: opts.ordering.capture_history_defended,
        rows,
        chosen: None,
    }
}

/// What a search's root takes from `searcher`: the table's move and the root's killers.
fn learned_root(board: &Board, searcher: &Searcher) -> (Move, [Move; 2]) {
    let hash_move = searcher.tt.probe(board.key()).map_or(Move::NULL, |e| e.mv);
    (hash_move, searcher.main_tables().killers.get(0))
}

/// The root's picker; the explainer and `root_rank` share it, so their orders are the same.
fn root_picker(
    opts: &SearchOptions,
    hash_move: Move,
    killers: [Move; 2],
    counter: Move,
    key: HistoryKey,
) -> MovePicker {
    MovePicker::new(opts.ordering, hash_move, killers)
        .with_counter(counter)
        .with_key(key)
}

/// The history key of the root of a search of `board` (ply 0) after the moves `prev`.
fn root_key(board: &Board, opts: &SearchOptions, prev: Continuation) -> HistoryKey {
    HistoryKey::new(board, prev, 0, opts.ordering)
}

/// Where `mv` stands (from 1) in the root order of `pos` with what `searcher` has learned, as
/// `explain_with` lists it; with `hash_move` false the table's move is left out, so the
/// captures, killers and histories alone place every move. None when `mv` is not legal.
/// Allocates nothing: the ordering lab calls it after every search.
pub(crate) fn root_rank(
    pos: &Position,
    searcher: &Searcher,
    opts: &SearchOptions,
    hash_move: bool,
    mv: Move,
) -> Option<usize> {
    let board = pos.board();
    let (tt_move, killers) = learned_root(board, searcher);
    let tt_move = if hash_move { tt_move } else { Move::NULL };
    let key = root_key(board, opts, [None; CONTINUATION_TABLES]);
    let mut picker = root_picker(opts, tt_move, killers, Move::NULL, key);
    let tables = searcher.main_tables();
    let mut rank = 0;
    while let Some((m, _)) = picker.next(board, tables) {
        rank += 1;
        if m == mv {
            return Some(rank);
        }
    }
    None
}

/// The order after a fresh search of `pos` to `depth` (one thread, 16 MB), or before any
/// search when `depth` is None.
pub fn explain(pos: &Position, depth: Option<i32>, opts: &SearchOptions) -> Explanation {
    let mut searcher = Searcher::new(16, 1);
    let opts = SearchOptions {
        threads: 1,
        report: false,
        ..opts.clone()
    };
    let mut chosen = None;
    if let Some(d) = depth {
        let control = crate::search::Control::new();
        control.reset(&Limits::depth(d));
        let r = searcher.search(pos, &Limits::depth(d), &opts, &control, &mut |_| {});
        if !r.best.is_null() {
            chosen = Some((r.best, r.score, r.depth, r.nodes));
        }
    }
    let mut e = explain_with(pos, &searcher, &opts);
    e.chosen = chosen.map(|(mv, score, depth, nodes)| Chosen {
        depth,
        mv,
        san: pos.board().san(mv),
        score,
        rank: e.rows.iter().position(|r| r.mv == mv).map_or(0, |i| i + 1),
        nodes,
    });
    e
}

/// Every legal move of `board` in the order the picker yields it, with what placed it.
fn root_order(
    board: &Board,
    tables: &OrderingTables,
    opts: &SearchOptions,
    hash_move: Move,
    killers: [Move; 2],
    counter: Move,
    prev: Continuation,
) -> Vec<OrderRow> {
    let key = root_key(board, opts, prev);
    let mut picker = root_picker(opts, hash_move, killers, counter, key);
    let threats = Threats::of(board);
    // The head's view of the root, counted once (the explainer is not on a hot path).
    let head = opts.policy.as_deref().map(|p| {
        let mut us = [0i16; MAX_HIDDEN];
        let mut them = [0i16; MAX_HIDDEN];
        p.refresh(board, &mut us, &mut them);
        (p, us, them)
    });
    let mut rows = Vec::new();
    while let Some((m, stage)) = picker.next(board, tables) {
        // Every history table's entry, whatever the switches: the columns show the tables.
        let parts = m.is_quiet().then(|| {
            tables
                .quiet_history_parts(HistoryRead::every(opts.ordering), board, &key, m)
                .0
        });
        let part = |k: usize| parts.map(|p| p[k] as i32);
        rows.push(OrderRow {
            index: rows.len() + 1,
            mv: m,
            san: board.san(m),
            uci: m.uci(opts.chess960).to_string(),
            stage,
            mvv_lva: m.is_noisy().then(|| movepick::mvv_lva(board, m)),
            see: see(board, m),
            history: part(0),
            cont_history: parts.map(|p| p[1..4].iter().map(|&c| c as i32).sum()),
            cont_history4_quiet: part(5),
            cont_history6_quiet: part(6),
            low_ply: part(7),
            capture_history: m
                .is_capture()
                .then(|| tables.capture(board, m, opts.ordering.capture_history_defended)),
            threat: m.is_quiet().then(|| threats.score(board, m)),
            pawn_history: part(4),
            policy: head
                .as_ref()
                .filter(|_| m.is_quiet())
                .map(|(p, us, them)| p.points(us, them, board, m)),
        });
    }
    debug_assert_eq!(rows.len(), legal_moves(board).len());
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ordering::OrderingConfig;

    #[test]
    fn every_legal_move_once_and_the_search_move_is_ranked() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let e = explain(&pos, Some(6), &SearchOptions::default());
        let mut got: Vec<u16> = e.rows.iter().map(|r| r.mv.raw()).collect();
        got.sort_unstable();
        let mut want: Vec<u16> = legal_moves(pos.board()).iter().map(|m| m.raw()).collect();
        want.sort_unstable();
        assert_eq!(got, want);
        let c = e.chosen.as_ref().unwrap();
        assert_eq!(e.rows[c.rank - 1].mv, c.mv);
        // `root_rank` walks the same order.
        let mut searcher = Searcher::new(16, 1);
        let opts = SearchOptions {
            report: false,
            ..SearchOptions::default()
        };
        let control = crate::search::Control::new();
        control.reset(&Limits::depth(6));
        let r = searcher.search(&pos, &Limits::depth(6), &opts, &control, &mut |_| {});
        assert_eq!(r.best, c.mv);
        assert_eq!(root_rank(&pos, &searcher, &opts, true, c.mv), Some(c.rank));
        // Without the table's move: the rank in the order explained with the hash switch off.
        let no_hash = SearchOptions {
            ordering: OrderingConfig {
                hash_move: false,
                ..opts.ordering
            },
            ..opts.clone()
        };
        let rows = explain_with(&pos, &searcher, &no_hash).rows;
        let want = rows.iter().position(|r| r.mv == c.mv).unwrap() + 1;
        assert_eq!(root_rank(&pos, &searcher, &opts, false, c.mv), Some(want));
        assert_eq!(root_rank(&pos, &searcher, &opts, false, Move::NULL), None);
        // After a search the table holds the best move, and the picker puts it first.
        assert_eq!(e.hash_move, c.mv);
        assert_eq!(c.rank, 1);
        assert_eq!(e.rows[0].stage, PickedFrom::HashMove);
        // Captures carry MVV-LVA, quiet moves history.
        for r in &e.rows {
            assert_eq!(r.mvv_lva.is_some(), r.mv.is_noisy(), "{}", r.uci);
            assert_eq!(r.history.is_some(), r.mv.is_quiet(), "{}", r.uci);
            // The root has no move before it: no continuation history.
            assert_eq!(r.cont_history, r.mv.is_quiet().then_some(0), "{}", r.uci);
            assert_eq!(r.capture_history.is_some(), r.mv.is_capture(), "{}", r.uci);
            assert_eq!(r.threat.is_some(), r.mv.is_quiet(), "{}", r.uci);
            assert_eq!(r.pawn_history.is_some(), r.mv.is_quiet(), "{}", r.uci);
            // The quiet order's own continuation tables read 0 at the root too.
            for c in [r.cont_history4_quiet, r.cont_history6_quiet] {
                assert_eq!(c, r.mv.is_quiet().then_some(0), "{}", r.uci);
            }
            assert_eq!(r.low_ply.is_some(), r.mv.is_quiet(), "{}", r.uci);
        }
    }

    #[test]
    fn a_countermove_comes_right_after_the_killers() {
        let e = examples::with_countermove();
        let (rows, killer, counter) = (&e.rows, e.killers[0], e.counter);
        let stages: Vec<(&str, PickedFrom)> = rows
            .iter()
            .take(2)
            .map(|r| (r.uci.as_str(), r.stage))
            .collect();
        assert_eq!(
            stages,
            [
                ("g1f3", PickedFrom::Killer1),
                ("e2e4", PickedFrom::CounterMove)
            ]
        );
        assert_eq!(rows.len(), 20);
        assert_eq!(rows.iter().filter(|r| r.mv == counter).count(), 1);
        // Switched off, the countermove waits among the quiet moves.
        let off = SearchOptions {
            ordering: OrderingConfig {
                counter_move: false,
                ..OrderingConfig::FULL
            },
            ..SearchOptions::default()
        };
        let pos = Position::from_fen(crate::board::STARTPOS).unwrap();
        let rows = root_order(
            pos.board(),
            &OrderingTables::default(),
            &off,
            Move::NULL,
            [killer, Move::NULL],
            counter,
            [None; CONTINUATION_TABLES],
        );
        assert!(rows.iter().all(|r| r.stage != PickedFrom::CounterMove));
        assert_eq!(rows.len(), 20);
    }

    #[test]
    fn the_continuation_history_scores_a_quiet_move_after_the_earlier_one() {
        let e = examples::after_a_knight_to_h8();
        let h3 = e.rows[0].mv;
        assert_eq!(h3.uci(false).to_string(), "h2h3");
        assert_eq!(e.rows[0].cont_history, Some(700));
        assert!(e.rows[1..].iter().all(|r| r.cont_history == Some(0)));
    }

    #[test]
    fn the_pawn_structure_history_orders_quiets_and_shows_in_a_column() {
        use crate::board::{Piece, STARTPOS};
        use crate::search::ordering::PieceTo;
        let pos = Position::from_fen(STARTPOS).unwrap();
        let b = pos.board();
        let nc3 = b.parse_uci_move("b1c3", false).unwrap();
        let mut tables = OrderingTables::default();
        let piece_to = PieceTo {
            piece: Piece::WhiteKnight,
            to: nc3.to(),
        };
        tables.pawn.update(
            crate::search::ordering::PawnHistory::bucket(b),
            piece_to,
            900,
        );
        let on = SearchOptions {
            ordering: OrderingConfig::FULL,
            ..SearchOptions::default()
        };
        let order = |opts: &SearchOptions| {
            root_order(
                b,
                &tables,
                opts,
                Move::NULL,
                [Move::NULL; 2],
                Move::NULL,
                [None; CONTINUATION_TABLES],
            )
        };
        let rows = order(&on);
        assert_eq!(rows[0].mv, nc3);
        assert_eq!(rows[0].pawn_history, Some(900));
        assert!(rows[1..].iter().all(|r| r.pawn_history == Some(0)));
        // Another pawn structure (after 1.e4 e5) has its own entry.
        let mut after = pos.clone();
        for m in ["e2e4", "e7e5"] {
            let m = after.board().parse_uci_move(m, false).unwrap();
            after.make_move(m);
        }
        let parts = tables.quiet_history_parts(
            HistoryRead::every(OrderingConfig::FULL),
            after.board(),
            &HistoryKey::NONE,
            nc3,
        );
        assert_eq!(parts.0[4], 0);
        // Switched off, the column still shows the table but the order ignores it.
        let off = SearchOptions {
            ordering: OrderingConfig {
                pawn_history: false,
                ..OrderingConfig::FULL
            },
            ..SearchOptions::default()
        };
        let rows = order(&off);
        assert_ne!(rows[0].mv, nc3);
        let r = rows.iter().find(|r| r.mv == nc3).unwrap();
        assert_eq!(r.pawn_history, Some(900));
    }

    #[test]
    fn without_a_search_captures_come_first_by_mvv_lva() {
        let pos = Position::from_fen("2rq3k/8/8/8/8/2r5/1P6/2QR2K1 w - - 0 1").unwrap();
        let e = explain(&pos, None, &SearchOptions::default());
        assert!(e.chosen.is_none());
        // Rxd8 takes the queen: first. Then the rook on c3, by the pawn before the queen
        // (least valuable attacker); Qxc3 still wins a pawn's worth (Q for R, then bxc3).
        let first: Vec<(&str, i32)> = e
            .rows
            .iter()
            .take(3)
            .map(|r| (r.uci.as_str(), r.see))
            .collect();
        assert_eq!(first, [("d1d8", 400), ("b2c3", 500), ("c1c3", 100)]);
        assert!(e.rows[..3]
            .iter()
            .all(|r| r.stage == PickedFrom::GoodCapture));
        assert!(e.rows[3..].iter().all(|r| r.stage == PickedFrom::Quiet));
    }

    #[test]
    fn the_capture_history_orders_equal_victims_and_shows_in_a_column() {
        use crate::board::{Piece, PieceType, Square};
        // White takes the rook on c3 with the pawn or the queen, the queen on d8 with the rook.
        let pos = Position::from_fen("2rq3k/8/8/8/8/2r5/1P6/2QR2K1 w - - 0 1").unwrap();
        let b = pos.board();
        let c3 = Square::from_index(18);
        let mut tables = OrderingTables::default();
        // Qxc3 has cut off often, bxc3 never: Qxc3 now comes first among the rook captures,
        // but not before Rxd8 (a bigger victim, with no history).
        tables
            .captures
            .update(Piece::WhiteQueen, c3, PieceType::Rook, 16_000);
        let order = |opts: &SearchOptions| -> Vec<(String, Option<i32>)> {
            root_order(
                b,
                &tables,
                opts,
                Move::NULL,
                [Move::NULL; 2],
                Move::NULL,
                [None; CONTINUATION_TABLES],
            )
            .iter()
            .take(3)
            .map(|r| (r.uci.clone(), r.capture_history))
            .collect()
        };
        let s = |t: &str| t.to_string();
        let on = SearchOptions {
            ordering: OrderingConfig::PLAYING,
            ..SearchOptions::default()
        };
        assert_eq!(
            order(&on),
            [
                (s("d1d8"), Some(0)),
                (s("c1c3"), Some(16_000)),
                (s("b2c3"), Some(0))
            ]
        );
        // Switched off: MVV-LVA alone, the pawn first.
        let off = SearchOptions {
            ordering: OrderingConfig {
                capture_history: false,
                ..OrderingConfig::PLAYING
            },
            ..SearchOptions::default()
        };
        assert_eq!(order(&off)[1].0, "b2c3");
    }

    #[test]
    fn the_threat_term_moves_attacked_pieces_away_first_and_shows_in_a_column() {
        // Black's rook on h8 attacks White's queen on h5, its pawns attack the knight on e4.
        let pos = Position::from_fen("1k5r/8/bp6/3p3Q/4N3/8/P7/3RK3 w - - 0 1").unwrap();
        let b = pos.board();
        let tables = OrderingTables::default();
        let quiets = |ordering: OrderingConfig| -> Vec<(String, Option<i32>)> {
            let opts = SearchOptions {
                ordering,
                ..SearchOptions::default()
            };
            root_order(
                b,
                &tables,
                &opts,
                Move::NULL,
                [Move::NULL; 2],
                Move::NULL,
                [None; CONTINUATION_TABLES],
            )
            .into_iter()
            .filter(|r| r.stage == PickedFrom::Quiet)
            .map(|r| (r.uci, r.threat))
            .collect()
        };
        let on = quiets(OrderingConfig::FULL);
        // The queen's escapes first (24,000), then the knight's (12,000); moves onto an
        // attacked square last.
        assert_eq!(on[0].1, Some(24_000), "{on:?}");
        assert!(on[0].0.starts_with("h5"), "{on:?}");
        let first_knight = on.iter().position(|r| r.0.starts_with("e4")).unwrap();
        assert_eq!(on[first_knight].1, Some(12_000), "{on:?}");
        assert!(on[..first_knight].iter().all(|r| r.1 == Some(24_000)));
        assert_eq!(on.last().unwrap().1, Some(-24_000), "h5h6: {on:?}");
        // Off: the same column, but the quiet moves in generation order.
        let off = quiets(OrderingConfig {
            threats: false,
            ..OrderingConfig::FULL
        });
        assert_eq!(off.len(), on.len());
        assert!(off.iter().zip(&on).any(|(a, b)| a.0 != b.0));
        let mut a: Vec<_> = off.clone();
        let mut b2: Vec<_> = on.clone();
        a.sort();
        b2.sort();
        assert_eq!(a, b2, "the same moves and the same column either way");
    }
}

/// Explanations for the printers' tests: the order of the start position with a countermove,
/// and with a continuation history.
#[cfg(test)]
pub(crate) mod examples {
    use super::*;
    use crate::board::{Piece, Square, STARTPOS};
    use crate::search::ordering::{OrderingConfig, PieceTo};

    /// The start position's order with killer Nf3 and countermove e4 (every heuristic on, the
    /// countermove too, whatever the playing defaults are).
    pub(crate) fn with_countermove() -> Explanation {
        let pos = Position::from_fen(STARTPOS).unwrap();
        let b = pos.board();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let opts = SearchOptions {
            ordering: OrderingConfig::FULL,
            ..SearchOptions::default()
        };
        let (killers, counter) = ([mv("g1f3"), Move::NULL], mv("e2e4"));
        let tables = OrderingTables::default();
        Explanation {
            fen: b.fen(),
            hash_move: Move::NULL,
            killers,
            counter,
            correction: 0,
            threat_keyed: true,
            defended_captures: true,
            rows: root_order(
                b,
                &tables,
                &opts,
                Move::NULL,
                killers,
                counter,
                [None; CONTINUATION_TABLES],
            ),
            chosen: None,
        }
    }

    /// The start position's order as if Black's last move had been a knight to h8 (any
    /// earlier move will do), after which h3 has a continuation history of 700.
    pub(crate) fn after_a_knight_to_h8() -> Explanation {
        let pos = Position::from_fen(STARTPOS).unwrap();
        let b = pos.board();
        let h3 = b.parse_uci_move("h2h3", false).unwrap();
        let prev = PieceTo {
            piece: Piece::BlackKnight,
            to: Square::H8,
        };
        let h3_to = PieceTo {
            piece: Piece::WhitePawn,
            to: h3.to(),
        };
        let mut tables = OrderingTables::default();
        tables.continuation[0].update(Some(prev), h3_to, 700);
        let opts = SearchOptions::default();
        let rows = root_order(
            b,
            &tables,
            &opts,
            Move::NULL,
            [Move::NULL; 2],
            Move::NULL,
            [Some(prev), None, None, None, None],
        );
        Explanation {
            fen: b.fen(),
            hash_move: Move::NULL,
            killers: [Move::NULL; 2],
            counter: Move::NULL,
            correction: 0,
            threat_keyed: false,
            defended_captures: false,
            rows,
            chosen: None,
        }
    }
}
