//! Move ordering: the staged move picker and the tables it learns from.

pub mod explain;
pub(crate) mod history;
pub mod movepick;
pub mod policy;
pub mod quiet_history;
pub(crate) mod threats;

pub use history::PieceTo;
pub(crate) use history::{
    CaptureHistory, ContinuationHistory, CounterMoves, History, Killers, LowPlyHistory,
    PawnHistory, ThreatBucket, ThreatHistory,
};

/// The earlier moves the continuation tables are indexed by, one per table: the moves one
/// and two plies back, four plies back (`OrderContHistory4`), and for the quiet order alone
/// four and six plies back (`OrderContHistory4Quiet`, `OrderContHistory6Quiet`). None before
/// the root, for a null move, or when the table's switch is off (the one- and two-ply moves
/// are always given: the countermove answers the first).
pub(crate) type Continuation = [Option<PieceTo>; CONTINUATION_TABLES];

/// How many continuation tables there are (`Continuation`).
pub(crate) const CONTINUATION_TABLES: usize = 5;

/// What a node's quiet histories are indexed by beside the move, found once a node: the
/// earlier moves, the node's ply (the low-ply history's row) and, when a switch reads them,
/// the opponent's attacks (the threat-keyed history's key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HistoryKey {
    pub(crate) prev: Continuation,
    pub(crate) ply: usize,
    /// Some when `OrderThreatHistory` is on.
    pub(crate) threats: Option<Threats>,
}

impl HistoryKey {
    /// No earlier move, no ply of the low-ply history (quiescence), no attacks yet.
    pub(crate) const NONE: HistoryKey = HistoryKey {
        prev: [None; CONTINUATION_TABLES],
        ply: usize::MAX,
        threats: None,
    };

    /// The key of a node of `board` at `ply` after the moves `prev`, with the attacks found
    /// only when `config` reads them.
    #[inline(always)]
    pub(crate) fn new(
        board: &Board,
        prev: Continuation,
        ply: usize,
        config: OrderingConfig,
    ) -> HistoryKey {
        HistoryKey {
            prev,
            ply,
            threats: config.threat_history.then(|| Threats::of(board)),
        }
    }

    /// The threat bucket of quiet move `m` (the attacks found, or none).
    #[inline(always)]
    pub(crate) fn threat_bucket(&self, m: Move) -> ThreatBucket {
        ThreatBucket::of(self.threats.map_or(Bitboard::EMPTY, |t| t.all), m)
    }
}

/// The moves a node searched without a cutoff, for the histories' malus when a later move
/// cuts: the first 64 quiet moves and the first 32 captures are enough.
pub(crate) struct TriedMoves {
    quiets: FirstMoves<64>,
    captures: FirstMoves<32>,
}

impl Default for TriedMoves {
    #[inline(always)]
    fn default() -> Self {
        TriedMoves {
            quiets: FirstMoves::new(),
            captures: FirstMoves::new(),
        }
    }
}

impl TriedMoves {
    /// `m` was searched and did not cut off.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        if m.is_quiet() {
            self.quiets.push(m);
        }
        if m.is_capture() {
            self.captures.push(m);
        }
    }

    pub(crate) fn quiets(&self) -> &[Move] {
        self.quiets.as_slice()
    }

    pub(crate) fn captures(&self) -> &[Move] {
        self.captures.as_slice()
    }
}

/// The first `N` moves pushed, the rest dropped. Like `MoveList`, only the pushed entries are
/// written: every node makes a `TriedMoves`, and filling its 96 entries was about 1% of
/// datagen's time (perf).
struct FirstMoves<const N: usize> {
    moves: [MaybeUninit<Move>; N],
    len: usize,
}

impl<const N: usize> FirstMoves<N> {
    #[inline(always)]
    fn new() -> Self {
        FirstMoves {
            moves: [MaybeUninit::uninit(); N],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move) {
        if self.len < N {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `MaybeUninit<Move>` has
        // the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

/// A beta cutoff, as the ordering tables learn from it.
#[derive(Clone, Copy)]
pub(crate) struct Cutoff<'a> {
    /// The node's board.
    pub(crate) board: &'a Board,
    pub(crate) ply: usize,
    /// The earlier moves, ply and attacks, as the node's picker had them.
    pub(crate) key: HistoryKey,
    /// The move that cut off.
    pub(crate) best: Move,
    pub(crate) depth: i32,
    /// The moves searched before it.
    pub(crate) tried: &'a TriedMoves,
}

use crate::board::{Bitboard, Board, Move};
pub use movepick::{MovePicker, PickedFrom};
pub(crate) use quiet_history::HistoryRead;
pub use quiet_history::{HistoryParts, HISTORY_PARTS, LOGGED_PARTS};
use std::mem::MaybeUninit;
pub(crate) use threats::Threats;

/// What one search thread's ordering has learned, kept between searches (across the moves of
/// a game) and cleared by `ucinewgame`.
#[derive(Default)]
pub struct OrderingTables {
    pub history: History,
    pub killers: Killers,
    pub(crate) counters: CounterMoves,
    /// Indexed as `Continuation`: [0] one ply back, [1] two plies, [2] four plies, [3] four
    /// plies for the quiet order alone, [4] six plies for the quiet order alone.
    pub continuation: [ContinuationHistory; CONTINUATION_TABLES],
    /// The capture history; with `OrderCaptureHistoryDefended` on, of captures of an
    /// undefended piece only.
    pub captures: CaptureHistory,
    /// Captures of a defended piece (`OrderCaptureHistoryDefended`).
    pub(crate) captures_defended: CaptureHistory,
    /// The butterfly history keyed by threats (`OrderThreatHistory`), in the plain one's
    /// place when on.
    pub(crate) threat_history: ThreatHistory,
    /// Quiet moves' scores at the first plies of this search (`OrderLowPlyHistory`).
    pub(crate) low_ply: LowPlyHistory,
    /// Quiet moves' scores per pawn structure (`OrderPawnHistory`).
    pub(crate) pawn: PawnHistory,
    /// The learned order's head (`OrderPolicy`), set from the search's options before each
    /// search: the picker reads it with the tables.
    pub(crate) policy: Option<std::sync::Arc<policy::PolicyModel>>,
}

impl OrderingTables {
    pub(crate) fn clear(&mut self) {
        self.history.clear();
        self.killers.clear();
        self.counters.clear();
        for c in &mut self.continuation {
            c.clear();
        }
        self.captures.clear();
        self.captures_defended.clear();
        self.threat_history.clear();
        self.pawn.clear();
        self.low_ply.clear();
    }

    /// A new search starts (not a new iteration): the low-ply history forgets the last
    /// search's root, which was another position.
    pub(crate) fn new_search(&mut self) {
        self.low_ply.clear();
    }

    /// The capture history of capture `m` on `board` (0 for a move that takes nothing): with
    /// `defended` on, the table of its target's kind (`capture_table`).
    #[inline(always)]
    pub fn capture(&self, board: &Board, m: Move, defended: bool) -> i32 {
        match (board.moved_piece(m), board.captured(m)) {
            (Some(piece), Some(victim)) => {
                self.capture_table(board, m, defended)
                    .get(piece, m.to(), victim)
            }
            _ => 0,
        }
    }

    /// The capture history table of capture `m` on `board`: the one table, or with
    /// `defended` on (`OrderCaptureHistoryDefended`), the one of captures of a defended piece
    /// when the opponent of the mover attacks the target square, the other one otherwise.
    #[inline(always)]
    fn capture_table(&self, board: &Board, m: Move, defended: bool) -> &CaptureHistory {
        if defended && board.is_attacked(m.to(), !board.side_to_move(), board.occupied()) {
            &self.captures_defended
        } else {
            &self.captures
        }
    }

    /// Learns from a beta cutoff: the capture history (cutting move and captures tried
    /// before it), and for a quiet cutting move the killers, the countermove, the
    /// continuation and the butterfly histories (it and the quiets tried before it), each
    /// table only when its switch is on.
    pub(crate) fn record_cutoff(&mut self, config: OrderingConfig, cutoff: &Cutoff) {
        let Cutoff {
            board,
            ply,
            key,
            best,
            depth,
            tried,
        } = *cutoff;
        if config.capture_history {
            self.reward_captures(
                board,
                best,
                tried.captures(),
                depth,
                config.capture_history_defended,
            );
        }
        if best.is_quiet() {
            if config.killers {
                self.killers.store(ply, best);
            }
            let prev = key.prev;
            if config.counter_move {
                self.counters.store(prev[0], best);
            }
            // Each continuation table with an earlier move learns: those every reader sees
            // only with `OrderContHistory`, the quiet order's own under their switches alone.
            let mut learning = prev;
            if !config.cont_history {
                learning[..3].fill(None);
            }
            if learning.iter().any(Option::is_some) {
                self.reward_continuation(board, learning, best, tried.quiets(), depth);
            }
            if config.pawn_history {
                self.reward_pawn_structure(board, best, tried.quiets(), depth);
            }
            if config.low_ply_history && ply < history::LOW_PLIES {
                reward_and_blame(best, tried.quiets(), depth, |m, delta| {
                    self.low_ply.update(ply, m, delta)
                });
            }
            let side = board.side_to_move();
            if config.threat_history {
                reward_and_blame(best, tried.quiets(), depth, |m, delta| {
                    self.threat_history
                        .update(side, key.threat_bucket(m), m, delta)
                });
            } else {
                self.history
                    .reward_cutoff(side, best, tried.quiets(), depth);
            }
        }
    }

    /// After a cutoff on `board`: a bonus for the cutting move if it is a capture, and the
    /// same malus for the captures `tried` before it (also when the cutoff was quiet).
    /// With `defended` on, each capture in the table of its target's kind (`capture`).
    pub(crate) fn reward_captures(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        depth: i32,
        defended: bool,
    ) {
        let them = !board.side_to_move();
        reward_and_blame(best, tried, depth, |m, delta| {
            if let (Some(piece), Some(victim)) = (board.moved_piece(m), board.captured(m)) {
                let table = if defended && board.is_attacked(m.to(), them, board.occupied()) {
                    &mut self.captures_defended
                } else {
                    &mut self.captures
                };
                table.update(piece, m.to(), victim, delta);
            }
        });
    }

    /// After quiet move `best` cut off on `board`: a bonus for it in the pawn-structure
    /// history and the same malus for the quiet moves `tried` before it.
    pub(crate) fn reward_pawn_structure(
        &mut self,
        board: &Board,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let bucket = PawnHistory::bucket(board);
        reward_and_blame(best, tried, depth, |m, delta| {
            if let Some(piece) = board.moved_piece(m) {
                self.pawn
                    .update(bucket, PieceTo { piece, to: m.to() }, delta);
            }
        });
    }

    /// After quiet move `best` cut off on `board`: a bonus for it in each continuation table
    /// with an earlier move, and the same malus for the quiet moves `tried` before it, as the
    /// butterfly history does.
    pub(crate) fn reward_continuation(
        &mut self,
        board: &Board,
        prev: Continuation,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let bonus = History::bonus(depth);
        let piece_to = |m: Move| {
            board
                .moved_piece(m)
                .map(|piece| PieceTo { piece, to: m.to() })
        };
        for (table, prev) in self.continuation.iter_mut().zip(prev) {
            if prev.is_none() {
                continue;
            }
            if let Some(b) = piece_to(best) {
                table.update(prev, b, bonus);
            }
            for &m in tried.iter().filter(|&&m| m != best) {
                if let Some(t) = piece_to(m) {
                    table.update(prev, t, -bonus);
                }
            }
        }
    }
}

/// A cutoff's lesson for one table: a bonus for the move that cut off and the same malus for
/// each move `tried` before it, in that order, through `update`.
fn reward_and_blame(best: Move, tried: &[Move], depth: i32, mut update: impl FnMut(Move, i32)) {
    let bonus = History::bonus(depth);
    update(best, bonus);
    for &m in tried.iter().filter(|&&m| m != best) {
        update(m, -bonus);
    }
}

/// Which ordering heuristics are on. Each one is a line of `search::heuristics::SWITCHES`,
/// which gives it a UCI check option, so the classic experiment (no ordering, MVV-LVA alone,
/// everything) can be repeated from any GUI, and a name in the ordering lab's configuration
/// lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingConfig {
    /// Try the transposition table's move (at the root, the last iteration's best) first.
    pub hash_move: bool,
    /// Generate captures apart and try them first, most valuable victim first.
    pub mvv_lva: bool,
    /// Try the two killer moves of the ply before other quiet moves.
    pub killers: bool,
    /// Order quiet moves by their history score.
    pub(crate) history: bool,
    /// Defer captures that lose material (SEE below 0) until after the quiet moves.
    pub see_split: bool,
    /// Try the quiet move that last refuted the opponent's previous move right after the
    /// killers (and reduce it a ply less, as the killers). Off, the table is neither read
    /// nor written: the search is the one without countermoves, node for node.
    pub counter_move: bool,
    /// Add the continuation history (the quiet move's score after the moves one and two
    /// plies back) to the butterfly history: in the quiet order, and where late move
    /// reductions and history pruning read history. Off, its tables are neither read nor
    /// written: the search is the one without it, node for node.
    pub cont_history: bool,
    /// Order captures by MVV-LVA plus their capture history (by moving piece, destination
    /// and victim) over `CAPTURE_HISTORY_DIV`, the victim still first. Off, its table is
    /// neither read nor written: the search is the one without it, node for node.
    pub capture_history: bool,
    /// Add a third continuation table, after the move four plies back (ours two moves ago),
    /// to the other two wherever they are read, with the same bonus and malus. Only with
    /// `cont_history` on; off, the table is neither read nor written.
    pub(crate) cont_history4: bool,
    /// Add to each quiet move's history a bonus for moving a piece off a square a cheaper
    /// enemy piece attacks and a malus for moving onto one (`threats::THREAT_SCORE`). Only
    /// the quiet order: reductions and pruning read the history alone.
    pub threats: bool,
    /// After a quiet move, reward (or blame) it in the butterfly history by how much it
    /// changed its side's static evaluation (the child's, negated, against the parent's),
    /// bounded. Off, nothing is written: the search is the one without it, node for node.
    pub eval_history: bool,
    /// Add the pawn-structure history (the quiet move's piece and destination, per pawn
    /// structure bucket) to the butterfly history wherever it is read: the quiet order,
    /// late move reductions and history pruning. Off, its table is neither read nor written:
    /// the search is the one without it, node for node.
    pub pawn_history: bool,
    /// Add the learned policy's score of each quiet move (in history points: `policy`) to
    /// its history in the quiet order; with `history` off, the policy orders the quiets
    /// alone. Only with a head loaded (`SearchOptions::policy`); reductions and pruning read
    /// the histories alone. Off, nothing is computed: the search is the one without it.
    pub policy: bool,
    /// Key the butterfly history also by whether the opponent attacks the move's origin and
    /// its destination (`ThreatHistory`, the node's attack map found once): that table takes
    /// the plain one's place in every read and update. Off, it is neither read nor written.
    pub threat_history: bool,
    /// Keep the capture history apart for captures of a defended piece (the target square
    /// attacked by the opponent of the mover) and of an undefended one, in the picker's
    /// capture order and where the capture history learns. Only with `capture_history` on.
    pub capture_history_defended: bool,
    /// Add a continuation table after the move four plies back to the quiet order only
    /// (reductions and pruning do not read it). Off, it is neither read nor written.
    pub cont_history4_quiet: bool,
    /// ... after the move six plies back, likewise.
    pub cont_history6_quiet: bool,
    /// Add the low-ply history (`LowPlyHistory`: a butterfly table per ply for the first
    /// `LOW_PLIES` plies of the search, cleared at each new search) to the quiet order at
    /// those plies. Off, it is neither read nor written.
    pub low_ply_history: bool,
}

impl OrderingConfig {
    pub const FULL: OrderingConfig = OrderingConfig {
        hash_move: true,
        mvv_lva: true,
        killers: true,
        history: true,
        see_split: true,
        counter_move: true,
        cont_history: true,
        capture_history: true,
        cont_history4: true,
        threats: true,
        eval_history: true,
        pawn_history: true,
        policy: true,
        threat_history: true,
        capture_history_defended: true,
        cont_history4_quiet: true,
        cont_history6_quiet: true,
        low_ply_history: true,
    };

    /// The engine as it plays (the UCI options' defaults, bench, datagen): every heuristic
    /// whose game test passed (docs/elo.md). A heuristic not yet shown to gain stays in the
    /// code, its switch off by default, so its test can go on one option apart; `FULL` (the
    /// lab's `full`) has every one.
    pub const PLAYING: OrderingConfig = OrderingConfig {
        counter_move: false,
        cont_history4: false,
        threats: false,
        eval_history: false,
        policy: false,
        threat_history: false,
        capture_history_defended: false,
        cont_history4_quiet: false,
        cont_history6_quiet: false,
        low_ply_history: false,
        ..OrderingConfig::FULL
    };

    pub const NONE: OrderingConfig = OrderingConfig {
        hash_move: false,
        mvv_lva: false,
        killers: false,
        history: false,
        see_split: false,
        counter_move: false,
        cont_history: false,
        capture_history: false,
        cont_history4: false,
        threats: false,
        eval_history: false,
        pawn_history: false,
        policy: false,
        threat_history: false,
        capture_history_defended: false,
        cont_history4_quiet: false,
        cont_history6_quiet: false,
        low_ply_history: false,
    };
}

impl Default for OrderingConfig {
    fn default() -> Self {
        OrderingConfig::PLAYING
    }
}

/// Test support: a searcher whose tables a search of `nodes` nodes with `config` filled from
/// the position after the moves `searched`, then the board after the moves `then` as well,
/// and the key a picker there reads under `config` (the earlier moves, at ply `then.len()`).
#[cfg(test)]
pub(crate) fn searched_tables(
    searched: &[&str],
    then: &[&str],
    config: OrderingConfig,
    nodes: u64,
) -> (crate::search::Searcher, Board, HistoryKey) {
    use crate::position::Position;
    use crate::search::{Control, Limits, SearchOptions, Searcher};
    let mut board = Board::startpos();
    let mut back = Vec::new();
    let mut play = |board: &mut Board, uci: &str| {
        let m = board.parse_uci_move(uci, false).unwrap();
        back.insert(
            0,
            board
                .moved_piece(m)
                .map(|piece| PieceTo { piece, to: m.to() }),
        );
        board.make_move(m);
    };
    for uci in searched {
        play(&mut board, uci);
    }
    let mut searcher = Searcher::new(16, 1);
    let limits = Limits::nodes(nodes);
    let control = Control::new();
    control.reset(&limits);
    let opts = SearchOptions {
        report: false,
        ordering: config,
        ..SearchOptions::default()
    };
    searcher.search(&Position::new(board), &limits, &opts, &control, &mut |_| {});
    for uci in then {
        play(&mut board, uci);
    }
    let at = |n: usize, on: bool| back.get(n).copied().flatten().filter(|_| on);
    let prev = [
        at(0, true),
        at(1, true),
        at(3, config.cont_history4),
        at(3, config.cont_history4_quiet),
        at(5, config.cont_history6_quiet),
    ];
    let key = HistoryKey::new(&board, prev, then.len(), config);
    (searcher, board, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The non-null countermoves of a searcher's main thread, with the move they answer.
    fn stored_counters(tables: &OrderingTables) -> Vec<(PieceTo, crate::board::Move)> {
        use crate::board::{Color, Piece, PieceType, Square};
        let mut out = Vec::new();
        for color in [Color::White, Color::Black] {
            for pt in PieceType::ALL {
                for sq in 0..64 {
                    let prev = PieceTo {
                        piece: Piece::new(color, pt),
                        to: Square::from_index(sq),
                    };
                    let m = tables.counters.get(Some(prev));
                    if !m.is_null() {
                        out.push((prev, m));
                    }
                }
            }
        }
        out
    }

    /// A fresh one-thread searcher after a depth-8 search of Kiwipete with `ordering`.
    fn searched_kiwipete(ordering: OrderingConfig) -> crate::search::Searcher {
        use crate::position::Position;
        use crate::search::{Control, Limits, SearchOptions, Searcher};
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let mut s = Searcher::new(16, 1);
        let opts = SearchOptions {
            ordering,
            report: false,
            ..SearchOptions::default()
        };
        let limits = Limits::depth(8);
        let control = Control::new();
        control.reset(&limits);
        s.search(&pos, &limits, &opts, &control, &mut |_| {});
        s
    }

    #[test]
    fn the_search_stores_quiet_countermoves_only_when_on() {
        let run = |ordering| stored_counters(searched_kiwipete(ordering).main_tables());
        let stored = run(OrderingConfig::FULL);
        // 20 distinct previous moves have a countermove after depth 8 (at the commit that
        // added them).
        assert!(stored.len() >= 10, "{}", stored.len());
        for (prev, m) in &stored {
            // A quiet reply by the other side to the move it answers.
            assert!(m.is_quiet(), "{prev:?}: {m:?}");
            assert_ne!(m.from(), prev.to, "{prev:?}: {m:?}");
        }
        let mut off = OrderingConfig::FULL;
        off.counter_move = false;
        assert!(run(off).is_empty());
    }

    #[test]
    fn the_search_fills_the_four_ply_table_only_when_on() {
        let run = |ordering| {
            let s = searched_kiwipete(ordering);
            let t = s.main_tables();
            [0, 1, 2, 3, 4].map(|i| t.continuation[i].entries())
        };
        let on = run(OrderingConfig::FULL);
        assert!(on.iter().all(|&n| n > 0), "{on:?}");
        let off = run(OrderingConfig {
            cont_history4: false,
            ..OrderingConfig::FULL
        });
        assert!(off[0] > 0 && off[1] > 0 && off[2] == 0, "{off:?}");
        // Without the continuation history the four-ply switch does nothing; the quiet
        // order's own tables learn under their switches alone.
        let none = run(OrderingConfig {
            cont_history: false,
            ..OrderingConfig::FULL
        });
        assert!(
            none[..3] == [0, 0, 0] && none[3] > 0 && none[4] > 0,
            "{none:?}"
        );
        let quiet_off = run(OrderingConfig {
            cont_history4_quiet: false,
            cont_history6_quiet: false,
            ..OrderingConfig::FULL
        });
        assert!(
            quiet_off[2] > 0 && quiet_off[3..] == [0, 0],
            "{quiet_off:?}"
        );
    }

    #[test]
    fn without_killers_none_is_stored_or_given() {
        use crate::board::STARTPOS;
        // Killers off: a quiet cutoff stores none, and a picker given killers anyway has no
        // killer stage (so no killer's reduction either).
        let no_killers = OrderingConfig {
            killers: false,
            ..OrderingConfig::PLAYING
        };
        let b = Board::from_fen(STARTPOS).unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let tried = TriedMoves::default();
        let cutoff = Cutoff {
            board: &b,
            ply: 3,
            key: HistoryKey::NONE,
            best: mv("e2e4"),
            depth: 5,
            tried: &tried,
        };
        let mut t = OrderingTables::default();
        t.record_cutoff(no_killers, &cutoff);
        assert_eq!(t.killers.get(3), [Move::NULL; 2]);
        t.record_cutoff(OrderingConfig::PLAYING, &cutoff);
        assert_eq!(t.killers.get(3), [mv("e2e4"), Move::NULL]);
        let killers = [mv("g1f3"), mv("d2d4")];
        let stages = |config| {
            let mut p = MovePicker::new(config, Move::NULL, killers);
            let mut out = Vec::new();
            while let Some((_, from)) = p.next(&b, &t) {
                out.push(from);
            }
            out
        };
        let killer = |s: &PickedFrom| matches!(s, PickedFrom::Killer1 | PickedFrom::Killer2);
        assert_eq!(
            stages(OrderingConfig::PLAYING)
                .iter()
                .filter(|s| killer(s))
                .count(),
            2
        );
        let off = stages(no_killers);
        assert_eq!(off.len(), 20);
        assert!(!off.iter().any(killer));
    }

    #[test]
    fn the_search_fills_the_new_tables_only_when_on() {
        let filled = |ordering: OrderingConfig| {
            let s = searched_kiwipete(ordering);
            let t = s.main_tables();
            let m = |from, to| crate::board::Move::new(from, to, crate::board::MoveKind::Quiet);
            use crate::board::{Color, Square};
            // Any nonzero entry of each table, over every quiet from-to pair.
            let mut threat = false;
            let mut low = false;
            let mut plain = false;
            let mut defended = false;
            for from in 0..64 {
                for to in 0..64 {
                    let mv = m(Square::from_index(from), Square::from_index(to));
                    for side in [Color::White, Color::Black] {
                        plain |= t.history.get(side, mv) != 0;
                        for b in 0..4 {
                            let attacked = [
                                crate::board::Bitboard::EMPTY,
                                crate::board::Bitboard::from_square(mv.to()),
                                crate::board::Bitboard::from_square(mv.from()),
                                crate::board::Bitboard::from_square(mv.from())
                                    | crate::board::Bitboard::from_square(mv.to()),
                            ][b];
                            threat |=
                                t.threat_history
                                    .get(side, ThreatBucket::of(attacked, mv), mv)
                                    != 0;
                        }
                    }
                    low |= (0..history::LOW_PLIES).any(|p| t.low_ply.get(p, mv) != 0);
                }
            }
            for p in crate::board::Piece::ALL {
                for sq in 0..64 {
                    for v in crate::board::PieceType::ALL {
                        defended |= t.captures_defended.get(p, Square::from_index(sq), v) != 0;
                    }
                }
            }
            [plain, threat, low, defended]
        };
        assert_eq!(filled(OrderingConfig::FULL), [false, true, true, true]);
        assert_eq!(filled(OrderingConfig::PLAYING), [true, false, false, false]);
    }
}
