//! One search thread: its state, iterative deepening and aspiration windows. The node
//! search itself (alpha-beta and quiescence) is in `negamax.rs`.

use super::correction::CorrectionHistory;
use super::event::{EventSink, LineReport, SearchEvent};
use super::observer::SearchObserver;
use super::ordering::{OrderingTables, PieceTo};
use super::reductions::LmrTable;
use super::stats::Iteration;
use super::tablebase::TB_BOUND;
use super::time::TimeManager;
use super::tt::{Bound, NO_EVAL};
use super::tunable;
use super::{
    PvLine, SearchResult, Shared, StatsMode, ThreadTables, INFINITY, MATE, MATE_BOUND, MAX_DEPTH,
    MAX_PLY,
};
use crate::board::Move;
use crate::eval::EvalState;
use crate::position::Position;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How often (in nodes) the thread looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 256;
/// Aspiration windows start at this depth.
const ASPIRATION_DEPTH: i32 = 5;
/// Root `currmove` events start after this long, as GUIs expect.
pub(super) const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

/// One thread's search, reporting to observer `O` (`observer.rs`): with the player's, the
/// reports are no code at all.
pub(super) struct SearchThread<'a, O: SearchObserver> {
    pub(super) tables: &'a mut OrderingTables,
    /// The static evaluation's error per pawn structure, as this thread has learned it.
    pub(super) correction: &'a mut CorrectionHistory,
    /// What watches the search: statistics, the cutoff log, or nothing.
    pub(super) observer: &'a mut O,
    /// Where the thread's events go (the main thread's reach the UCI output; a helper's
    /// sink drops them).
    out: &'a mut EventSink<'a>,
    pub(super) shared: Shared<'a>,
    id: usize,
    /// Every time decision: the clock, its limits, ponderhit.
    pub(super) time: TimeManager,
    /// The node limit of `go nodes`.
    node_limit: u64,
    has_node_limit: bool,
    /// MultiPV lines reported.
    shown_lines: usize,
    pub(super) nodes: u64,
    next_check: u64,
    pub(super) stopped: bool,
    pub(super) seldepth: usize,
    /// Triangular PV table: `pv[ply][ply..pv_len[ply]]` is the line from `ply`.
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    /// Root moves already taken by earlier MultiPV lines of this iteration.
    pub(super) root_excluded: Vec<Move>,
    /// The root's hash move: the previous iteration's best move of the current line.
    pub(super) root_hash: Move,
    pub(super) root_depth: i32,
    /// What each ply of the current line knows: indexed by ply.
    pub(super) stack: Box<[PlyState; MAX_PLY + 2]>,
    /// Null-move pruning is off at plies below this (during a verification search).
    pub(super) nmp_min_ply: usize,
    pub(super) lmr: LmrTable,
    /// The root's material, for the line reports.
    root_material: u32,
    /// The evaluation's state along the current line (its incremental sums and pawn hash
    /// table, or the net's accumulators): this thread's own, made once per search.
    pub(super) eval: EvalState,
}

/// The search's knowledge of one ply of the current line.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlyState {
    /// The static evaluation here, `NO_EVAL` in check.
    pub(crate) static_eval: i32,
    /// The move a singular search leaves out, or null.
    pub(crate) excluded: Move,
    /// This ply was reached by a null move.
    pub(crate) after_null: bool,
    /// Double extensions on the line to here.
    pub(crate) double_extensions: i32,
    /// The move this ply is searching, as its piece and destination (None for a null move):
    /// the previous move of the ply below, which its countermove answers.
    pub(crate) moved: Option<PieceTo>,
    /// The move this ply is searching (null for a null move): the evaluation-difference
    /// history of the ply below rewards or blames it.
    pub(crate) current: Move,
}

impl Default for PlyState {
    fn default() -> Self {
        PlyState {
            static_eval: NO_EVAL,
            excluded: Move::NULL,
            after_null: false,
            double_extensions: 0,
            moved: None,
            current: Move::NULL,
        }
    }
}

impl<'a, O: SearchObserver> SearchThread<'a, O> {
    pub(super) fn new(
        tables: &'a mut ThreadTables,
        observer: &'a mut O,
        shared: Shared<'a>,
        id: usize,
        pos: &Position,
        out: &'a mut EventSink<'a>,
    ) -> SearchThread<'a, O> {
        let limits = shared.limits;
        let ThreadTables {
            ordering: tables,
            correction,
        } = tables;
        tables.policy = shared.opts.policy.clone();
        SearchThread {
            tables,
            correction,
            observer,
            out,
            shared,
            id,
            time: TimeManager::new(
                limits,
                pos.board().side_to_move(),
                shared.opts.move_overhead_ms,
                shared.opts.extra_time,
                shared.opts.clock,
            ),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            has_node_limit: limits.nodes.is_some(),
            shown_lines: shared.opts.multipv.max(1),
            nodes: 0,
            next_check: CHECK_INTERVAL,
            stopped: false,
            seldepth: 0,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_excluded: Vec::new(),
            root_hash: Move::NULL,
            root_depth: 0,
            stack: Box::new([PlyState::default(); MAX_PLY + 2]),
            nmp_min_ply: 0,
            lmr: LmrTable::new(),
            root_material: pos.board().material_count(),
            eval: EvalState::with_network(pos.board(), shared.opts.network.clone()),
        }
    }

    /// Plays `m` on the line: the board and the evaluation's state move together. The child's
    /// table bucket is fetched first, from the key the move will give (`key_after`), while the
    /// move is made and the evaluation updated: every node probes the table first, and the
    /// probe's cache miss was a fifth of datagen's time. For the few moves whose key that
    /// misses (castling, en passant, promotions), the bucket is fetched once the key is known.
    #[inline(always)]
    pub(super) fn make_move(&mut self, pos: &mut Position, m: Move) {
        let guess = pos.board().key_after(m);
        self.shared.tt.prefetch(guess);
        let dirty = pos.make_move(m);
        let key = pos.board().key();
        if key != guess {
            self.shared.tt.prefetch(key);
        }
        self.eval.push(&dirty, pos.board());
    }

    #[inline(always)]
    pub(super) fn unmake_move(&mut self, pos: &mut Position) {
        pos.unmake_move();
        self.eval.pop();
    }

    #[inline(always)]
    pub(super) fn make_null_move(&mut self, pos: &mut Position) {
        pos.make_null_move();
        self.shared.tt.prefetch(pos.board().key());
        self.eval.push_null();
    }

    #[inline(always)]
    pub(super) fn unmake_null_move(&mut self, pos: &mut Position) {
        pos.unmake_null_move();
        self.eval.pop();
    }

    /// Sends an event to the thread's sink.
    #[inline]
    pub(super) fn report(&mut self, event: &SearchEvent) {
        (self.out)(event);
    }

    pub(super) fn is_main(&self) -> bool {
        self.id == 0
    }

    fn total_nodes(&self) -> u64 {
        self.shared
            .node_counts
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == self.id {
                    self.nodes
                } else {
                    c.load(Ordering::Relaxed)
                }
            })
            .sum()
    }

    fn publish_nodes(&self) {
        self.shared.node_counts[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Called at every node: counts it and, every few nodes, checks whether to stop.
    #[inline(always)]
    pub(super) fn count_node(&mut self) {
        // Once stopped, the nodes still entered on the way out (re-searches) return at once
        // and are not counted, so a node limit is exact.
        if self.stopped {
            return;
        }
        self.nodes += 1;
        if self.nodes >= self.next_check || self.nodes >= self.node_limit {
            self.next_check = self.nodes + CHECK_INTERVAL;
            self.check_stop();
        }
    }

    fn check_stop(&mut self) {
        self.publish_nodes();
        if self.shared.control.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return;
        }
        if !self.is_main() {
            return;
        }
        // A search must finish depth 1 to have a move (or it plays the first one generated);
        // past that, the node limit and the clock's hard limit rule.
        if self.has_node_limit && self.root_depth > 1 && self.total_nodes() >= self.node_limit {
            self.stopped = true;
            return;
        }
        let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
        self.time.notice_ponderhit(pondering);
        if !pondering && self.root_depth > 1 && self.time.past_hard() {
            self.stopped = true;
        }
    }

    /// Iterative deepening; the main thread reports and returns the result.
    pub(super) fn iterate(&mut self, pos: &mut Position) -> SearchResult {
        let root_moves = super::listed_moves(pos.board(), &self.shared.limits.searchmoves);
        let mut result = SearchResult::default();
        if root_moves.is_empty() {
            let score = if pos.board().in_check() { -MATE } else { 0 };
            if self.is_main() && self.shared.opts.report {
                self.report(&SearchEvent::NoLegalMove { score });
            }
            result.score = score;
            self.wait_for_stop_if_needed();
            return result;
        }
        // In the tables, the root ranking says which moves keep the best outcome.
        let playable = self
            .shared
            .tb
            .root
            .as_ref()
            .map_or(root_moves.len(), |r| r.allowed.len());
        let multipv = self.shared.opts.multipv.clamp(1, playable);
        let multipv = if self.is_main() { multipv } else { 1 };
        let max_depth = self
            .shared
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mut lines: Vec<PvLine> = Vec::new();
        // Helpers start one ply deeper on odd threads so the threads spread over depths.
        let first_depth = if self.is_main() {
            1
        } else {
            1 + (self.id as i32 & 1)
        };

        for depth in first_depth..=max_depth {
            self.root_depth = depth;
            self.root_excluded.clear();
            self.time.new_iteration();
            let mut new_lines: Vec<PvLine> = Vec::with_capacity(multipv);
            for line_idx in 0..multipv {
                self.seldepth = 0;
                let prev = lines.get(line_idx);
                self.root_hash = prev
                    .and_then(|l| l.pv.first().copied())
                    .unwrap_or(Move::NULL);
                let prev_score = prev.map(|l| l.score);
                let prev_pv = prev.map(|l| l.pv.clone()).unwrap_or_default();
                let score = self.aspiration(pos, depth, prev_score, &prev_pv, line_idx);
                if self.stopped {
                    break;
                }
                let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
                if let Some(&m) = pv.first() {
                    self.root_excluded.push(m);
                }
                new_lines.push(PvLine { score, pv });
            }
            if self.stopped {
                // A partial iteration: keep its first line if it already beat the last one.
                if let (Some(l), Some(old)) = (new_lines.first(), lines.first()) {
                    if l.score > old.score && !l.pv.is_empty() {
                        lines[0] = l.clone();
                    }
                } else if lines.is_empty() && !new_lines.is_empty() {
                    lines = new_lines;
                }
                break;
            }
            // Lines come best first; a deeper search can reorder close scores.
            new_lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            lines = new_lines;
            self.publish_nodes();
            let elapsed = self.time.elapsed();
            result.iterations.push(Iteration {
                depth,
                nodes: self.nodes,
                qnodes: self.observer.stats().map_or(0, |s| s.qnodes),
                time_ms: elapsed.as_millis() as u64,
                score: lines[0].score,
            });
            result.depth = depth;
            if self.is_main() && self.shared.opts.report {
                for (i, l) in lines.iter().enumerate().take(self.shown_lines) {
                    self.report(&SearchEvent::Line(self.line_report(depth, i, l, None)));
                }
                if let Some(stats) = self
                    .observer
                    .stats()
                    .filter(|_| self.shared.opts.stats == StatsMode::Report)
                {
                    (self.out)(&SearchEvent::Stats(stats));
                }
            }
            if !self.is_main() {
                continue;
            }
            if self.should_stop_after_iteration(&lines, playable) {
                break;
            }
        }
        self.publish_nodes();

        if lines.is_empty() || lines[0].pv.is_empty() {
            // Stopped before depth 1 finished: any legal move beats none.
            let m = if !self.root_hash.is_null() && root_moves.contains(self.root_hash) {
                self.root_hash
            } else if let Some(r) = &self.shared.tb.root {
                r.allowed[0]
            } else {
                root_moves[0]
            };
            lines = vec![PvLine {
                score: 0,
                pv: vec![m],
            }];
        }
        // The lines keep the search's own scores (a level chooses by them); what the user
        // sees of them, the ponder move and a level's choice are settled when the search is
        // done (`Searcher::search`).
        result.best = lines[0].pv[0];
        result.score = lines[0].score;
        result.lines = lines;
        result.nodes = self.nodes;
        result.tbhits = self.shared.tb.hits.load(Ordering::Relaxed);
        result.time_ms = self.time.elapsed().as_millis() as u64;
        result.stats = self.observer.stats().copied().unwrap_or_default();
        if self.is_main() {
            self.wait_for_stop_if_needed();
        }
        result
    }

    /// Whether the root may play `m`: listed by `go searchmoves` (if any), kept by the
    /// tablebase ranking (if the root is in the tables), and not taken by an earlier MultiPV
    /// line of this iteration.
    #[inline]
    pub(super) fn root_allows(&self, m: Move) -> bool {
        let only = &self.shared.limits.searchmoves;
        (only.is_empty() || only.contains(&m))
            && self.shared.tb.root.as_ref().is_none_or(|r| r.allows(m))
            && !self.root_excluded.contains(&m)
    }

    /// After an iteration: is it time to stop?
    fn should_stop_after_iteration(&mut self, lines: &[PvLine], playable: usize) -> bool {
        if self.shared.control.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.has_node_limit && self.total_nodes() >= self.node_limit {
            return true;
        }
        if self
            .shared
            .limits
            .soft_nodes
            .is_some_and(|soft| self.total_nodes() >= soft)
        {
            return true;
        }
        if let Some(mate) = self.shared.limits.mate {
            let s = lines[0].score;
            if s >= MATE_BOUND && (MATE - s + 1) / 2 <= mate {
                return true;
            }
        }
        let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
        self.time.notice_ponderhit(pondering);
        if pondering || self.shared.control.infinite.load(Ordering::Relaxed) {
            return false;
        }
        // Only a game clock makes time saved now worth anything: it is spent on later moves.
        // A fixed move time (analysis, test suites, bots that give one; `searchmoves` with one
        // move) is searched to its end, where the hard limit stops the search.
        if !self.shared.limits.uses_clock() {
            return false;
        }
        // With one playable move under a clock, thinking longer only spends the clock.
        if playable == 1 {
            return true;
        }
        self.time.iteration_says_stop(&lines[0])
    }

    /// Nodes spent under a root move, for the time manager.
    #[inline]
    pub(super) fn root_move_nodes(&mut self, m: Move, nodes: u64) {
        self.time.root_move_nodes(m, nodes);
    }

    /// `go infinite` and `go ponder` must not print bestmove before `stop` or `ponderhit`.
    fn wait_for_stop_if_needed(&self) {
        loop {
            let stop = self.shared.control.stop.load(Ordering::Relaxed);
            let pondering = self.shared.control.pondering.load(Ordering::Relaxed);
            let infinite = self.shared.control.infinite.load(Ordering::Relaxed);
            if stop || (!pondering && !infinite) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Searches the root with an aspiration window around the last score, widening on a fail.
    fn aspiration(
        &mut self,
        pos: &mut Position,
        depth: i32,
        prev: Option<i32>,
        prev_pv: &[Move],
        line_idx: usize,
    ) -> i32 {
        let mut delta = tunable::aspiration_delta();
        let (mut alpha, mut beta) = match prev {
            Some(p) if depth >= ASPIRATION_DEPTH && p.abs() < TB_BOUND => {
                ((p - delta).max(-INFINITY), (p + delta).min(INFINITY))
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.alpha_beta(pos, depth, 0, alpha, beta, false);
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Some(Bound::Upper)
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                Some(Bound::Lower)
            } else {
                None
            };
            let Some(bound) = bound else {
                return score;
            };
            if self.is_main() && self.shared.opts.report && line_idx < self.shown_lines {
                // Failing low leaves no new PV: show the line being defended.
                let pv = if self.pv_len[0] > 0 {
                    self.pv[0][..self.pv_len[0]].to_vec()
                } else {
                    prev_pv.to_vec()
                };
                let line = PvLine { score, pv };
                self.report(&SearchEvent::Line(self.line_report(
                    depth,
                    line_idx,
                    &line,
                    Some(bound),
                )));
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn line_report<'l>(
        &self,
        depth: i32,
        idx: usize,
        line: &'l PvLine,
        bound: Option<Bound>,
    ) -> LineReport<'l> {
        LineReport {
            depth,
            seldepth: self.seldepth.max(depth as usize),
            multipv: idx + 1,
            score: self.shared.tb.shown_score(line.score),
            bound,
            nodes: self.total_nodes(),
            time_ms: self.time.elapsed().as_millis() as u64,
            hashfull: self.shared.tt.hashfull(),
            tbhits: self.shared.tb.hits.load(Ordering::Relaxed),
            material: self.root_material,
            pv: &line.pv,
        }
    }

    #[inline(always)]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }
}

/// Pins of the time decisions the thread asks for (ponderhit inside the search and between
/// iterations, the clock's start): the time manager's own pins are in `time.rs`.
#[cfg(test)]
mod tests {
    use super::super::observer::Unobserved;
    use super::super::time::Limits;
    use super::super::tt::TranspositionTable;
    use super::super::{Control, SearchOptions, TbState, SEARCH_STACK};
    use super::*;
    use std::sync::atomic::AtomicU64;
    use std::time::Instant;

    /// Runs `f` with a search thread on the start position, made from `limits` and `opts`,
    /// on a thread with the search's stack.
    fn with_thread(
        limits: Limits,
        opts: SearchOptions,
        f: impl FnOnce(&mut SearchThread<'_, Unobserved>) + Send,
    ) {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || {
                    let pos = Position::default();
                    let tt = TranspositionTable::new(1);
                    let control = Control::new();
                    control.reset(&limits);
                    let node_counts = [AtomicU64::new(0)];
                    let tb = TbState::new(None, &pos, &[]);
                    let shared = Shared {
                        tt: &tt,
                        control: &control,
                        opts: &opts,
                        limits: &limits,
                        node_counts: &node_counts,
                        tb: &tb,
                    };
                    let mut tables = ThreadTables::default();
                    let mut sink = |_: &SearchEvent| {};
                    let mut observer = Unobserved;
                    let mut t =
                        SearchThread::new(&mut tables, &mut observer, shared, 0, &pos, &mut sink);
                    f(&mut t);
                })
                .unwrap()
                .join()
                .unwrap();
        });
    }

    fn mv(text: &str) -> Move {
        Position::default()
            .board()
            .parse_uci_move(text, false)
            .unwrap()
    }

    /// A search thread that was pondering with 10 s on the clock (389 ms soft, 1167 ms
    /// hard), 5 s into its clock, at depth 5, after `ponderhit` (or, with `hit` false, one
    /// that never pondered), handed to `f`.
    fn after_ponderhit(hit: bool, f: impl FnOnce(&mut SearchThread<'_, Unobserved>) + Send) {
        let limits = Limits {
            wtime: Some(10_000),
            btime: Some(10_000),
            ponder: hit,
            ..Limits::default()
        };
        with_thread(limits, SearchOptions::default(), |t| {
            t.shared.control.pondering.store(false, Ordering::SeqCst);
            t.time.started_ago(Duration::from_secs(5));
            t.root_depth = 5;
            f(t);
        });
    }

    #[test]
    fn ponderhit_starts_the_clock_again_inside_the_search() {
        after_ponderhit(true, |t| {
            t.check_stop();
            assert!(!t.stopped);
            assert!(!t.time.waiting_for_ponderhit());
            assert!(t.time.elapsed() < Duration::from_secs(1));
        });
        // Without the ponderhit, 5 s is past the hard limit.
        after_ponderhit(false, |t| {
            t.check_stop();
            assert!(t.stopped);
        });
    }

    #[test]
    fn ponderhit_starts_the_clock_again_between_iterations() {
        let lines = [PvLine {
            score: 0,
            pv: vec![mv("e2e4")],
        }];
        after_ponderhit(true, |t| {
            assert!(!t.should_stop_after_iteration(&lines, 20));
            assert!(!t.time.waiting_for_ponderhit());
            assert!(t.time.elapsed() < Duration::from_secs(1));
        });
        after_ponderhit(false, |t| {
            assert!(t.should_stop_after_iteration(&lines, 20));
        });
    }

    #[test]
    fn the_clock_runs_from_when_go_arrived() {
        let received = Instant::now() - Duration::from_millis(300);
        let limits = Limits {
            wtime: Some(60_000),
            received: Some(received),
            ..Limits::default()
        };
        with_thread(limits, SearchOptions::default(), |t| {
            assert_eq!(t.time.start(), received);
            assert!(t.time.elapsed() >= Duration::from_millis(300));
        });
    }
}
