//! One search thread: iterative deepening, alpha-beta with PVS, quiescence.

use super::ordering::{MovePicker, Stage};
use super::stats::{Iteration, SearchStats};
use super::tablebase::{self, TB_BOUND};
use super::time::{budget, Clock, Limits};
use super::tt::{Bound, TranspositionTable};
use super::{
    format_score, Control, PvLine, SearchOptions, SearchResult, TbState, Worker, INFINITY, MATE,
    MATE_BOUND, MAX_PLY,
};
use crate::board::movegen::legal_moves;
use crate::board::{is_legal, see_ge, Move};
use crate::eval::evaluate;
use crate::position::Position;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often (in nodes) the thread looks at the clock and the stop flag.
const CHECK_INTERVAL: u64 = 256;
/// Aspiration windows start at this depth.
const ASPIRATION_DEPTH: i32 = 5;
const ASPIRATION_DELTA: i32 = 25;
/// Root `currmove` lines start after this long, as GUIs expect.
const CURRMOVE_AFTER: Duration = Duration::from_secs(3);

pub(super) struct SearchThread<'a, const STATS: bool> {
    worker: &'a mut Worker,
    tt: &'a TranspositionTable,
    control: &'a Control,
    opts: &'a SearchOptions,
    limits: &'a Limits,
    counters: &'a [AtomicU64],
    tb: &'a TbState<'a>,
    id: usize,
    clock: Clock,
    was_pondering: bool,
    node_limit: u64,
    nodes: u64,
    next_check: u64,
    stopped: bool,
    seldepth: usize,
    stats: SearchStats,
    /// Triangular PV table: `pv[ply][ply..pv_len[ply]]` is the line from `ply`.
    pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Root moves already taken by earlier MultiPV lines of this iteration.
    excluded: Vec<Move>,
    /// The root's hash move: the previous iteration's best move of the current line.
    root_hash: Move,
    root_depth: i32,
}

impl<'a, const STATS: bool> SearchThread<'a, STATS> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        worker: &'a mut Worker,
        tt: &'a TranspositionTable,
        control: &'a Control,
        opts: &'a SearchOptions,
        limits: &'a Limits,
        counters: &'a [AtomicU64],
        tb: &'a TbState<'a>,
        id: usize,
        pos: &mut Position,
    ) -> SearchThread<'a, STATS> {
        let side = pos.board().side_to_move();
        SearchThread {
            worker,
            tt,
            control,
            opts,
            limits,
            counters,
            tb,
            id,
            clock: Clock::starting_at(
                limits.received.unwrap_or_else(Instant::now),
                budget(limits, side, opts.move_overhead_ms),
            ),
            was_pondering: limits.ponder,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            next_check: CHECK_INTERVAL,
            stopped: false,
            seldepth: 0,
            stats: SearchStats::default(),
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            excluded: Vec::new(),
            root_hash: Move::NULL,
            root_depth: 0,
        }
    }

    pub(super) fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Bumps a statistics counter; in the copy of the search without statistics
    /// (`STATS` false) this is no code at all.
    #[inline(always)]
    fn count(&mut self, f: impl FnOnce(&mut SearchStats)) {
        if STATS {
            f(&mut self.stats);
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    fn total_nodes(&self) -> u64 {
        self.counters
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
        self.counters[self.id].store(self.nodes, Ordering::Relaxed);
    }

    /// Called at every node: counts it and, every few nodes, checks whether to stop.
    #[inline(always)]
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_check || self.nodes >= self.node_limit {
            self.next_check = self.nodes + CHECK_INTERVAL;
            self.check_stop();
        }
    }

    fn check_stop(&mut self) {
        self.publish_nodes();
        if self.control.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return;
        }
        if !self.is_main() {
            return;
        }
        // A search must finish depth 1 to have a move (or it plays the first one generated);
        // past that, the node limit and the clock's hard limit rule.
        if self.limits.nodes.is_some()
            && self.root_depth > 1
            && self.total_nodes() >= self.node_limit
        {
            self.stopped = true;
            return;
        }
        let pondering = self.control.pondering.load(Ordering::Relaxed);
        if self.was_pondering && !pondering {
            // ponderhit: the clock starts now.
            self.was_pondering = false;
            self.clock.start = Instant::now();
        }
        if !pondering && self.root_depth > 1 && self.clock.past_hard() {
            self.stopped = true;
        }
    }

    /// Iterative deepening; the main thread reports and returns the result.
    pub(super) fn iterate(
        &mut self,
        pos: &mut Position,
        out: &mut (dyn FnMut(&str) + Send),
    ) -> SearchResult {
        let root_moves = legal_moves(pos.board());
        let mut result = SearchResult::default();
        if root_moves.is_empty() {
            let score = if pos.board().in_check() { -MATE } else { 0 };
            if self.is_main() && self.opts.report {
                out(&format!("info depth 0 score {}", format_score(score)));
            }
            result.score = score;
            self.wait_for_stop_if_needed();
            return result;
        }
        // In the tables, the root ranking says which moves keep the best outcome.
        let playable = self
            .tb
            .root
            .as_ref()
            .map_or(root_moves.len(), |r| r.allowed.len());
        let multipv = self.opts.multipv.clamp(1, playable);
        let multipv = if self.is_main() { multipv } else { 1 };
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 1)
            .clamp(1, MAX_PLY as i32 - 1);
        let mut lines: Vec<PvLine> = Vec::new();
        // Helpers start one ply deeper on odd threads so the threads spread over depths.
        let first_depth = if self.is_main() {
            1
        } else {
            1 + (self.id as i32 & 1)
        };

        for depth in first_depth..=max_depth {
            self.root_depth = depth;
            self.excluded.clear();
            let mut new_lines: Vec<PvLine> = Vec::with_capacity(multipv);
            for line_idx in 0..multipv {
                self.seldepth = 0;
                let prev = lines.get(line_idx);
                self.root_hash = prev
                    .and_then(|l| l.pv.first().copied())
                    .unwrap_or(Move::NULL);
                let prev_score = prev.map(|l| l.score);
                let prev_pv = prev.map(|l| l.pv.clone()).unwrap_or_default();
                let score = self.aspiration(pos, depth, prev_score, &prev_pv, line_idx, out);
                if self.stopped {
                    break;
                }
                let pv: Vec<Move> = self.pv[0][..self.pv_len[0]].to_vec();
                if let Some(&m) = pv.first() {
                    self.excluded.push(m);
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
            let elapsed = self.clock.elapsed();
            result.iterations.push(Iteration {
                depth,
                nodes: self.nodes,
                qnodes: self.stats.qnodes,
                time_ms: elapsed.as_millis() as u64,
                score: lines[0].score,
            });
            result.depth = depth;
            if self.is_main() && self.opts.report {
                for (i, l) in lines.iter().enumerate() {
                    out(&self.info_line(depth, i, l, None));
                }
                if self.opts.stats {
                    for s in self.stats.info_lines() {
                        out(&s);
                    }
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
            } else if let Some(r) = &self.tb.root {
                r.allowed[0]
            } else {
                root_moves[0]
            };
            lines = vec![PvLine {
                score: 0,
                pv: vec![m],
            }];
        }
        result.best = lines[0].pv[0];
        result.ponder = self.ponder_move(pos, &lines[0]);
        for l in &mut lines {
            l.score = self.shown_score(l.score);
        }
        result.score = lines[0].score;
        result.lines = lines;
        result.nodes = self.nodes;
        result.tbhits = self.tb.hits.load(Ordering::Relaxed);
        result.time_ms = self.clock.elapsed().as_millis() as u64;
        result.stats = self.stats;
        if self.is_main() {
            self.wait_for_stop_if_needed();
        }
        result
    }

    /// After an iteration: is it time to stop?
    fn should_stop_after_iteration(&mut self, lines: &[PvLine], playable: usize) -> bool {
        if self.control.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.limits.nodes.is_some() && self.total_nodes() >= self.node_limit {
            return true;
        }
        if let Some(mate) = self.limits.mate {
            let s = lines[0].score;
            if s >= MATE_BOUND && (MATE - s + 1) / 2 <= mate {
                return true;
            }
        }
        let pondering = self.control.pondering.load(Ordering::Relaxed);
        if self.was_pondering && !pondering {
            self.was_pondering = false;
            self.clock.start = Instant::now();
        }
        if pondering || self.control.infinite.load(Ordering::Relaxed) {
            return false;
        }
        // With one legal move there is nothing to think about once a move is known.
        if playable == 1 && self.limits.is_timed() {
            return true;
        }
        self.clock.past_soft()
    }

    /// `go infinite` and `go ponder` must not print bestmove before `stop` or `ponderhit`.
    fn wait_for_stop_if_needed(&self) {
        loop {
            let stop = self.control.stop.load(Ordering::Relaxed);
            let pondering = self.control.pondering.load(Ordering::Relaxed);
            let infinite = self.control.infinite.load(Ordering::Relaxed);
            if stop || (!pondering && !infinite) {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn ponder_move(&self, pos: &mut Position, line: &PvLine) -> Option<Move> {
        let best = *line.pv.first()?;
        if let Some(&m) = line.pv.get(1) {
            return Some(m);
        }
        // Short PV (a table cutoff or a stop): ask the table what follows.
        pos.make_move(best);
        let m = self
            .tt
            .probe(pos.board().key())
            .map(|e| e.mv)
            .filter(|&m| is_legal(pos.board(), m));
        pos.unmake_move();
        m
    }

    /// Searches the root with an aspiration window around the last score, widening on a fail.
    fn aspiration(
        &mut self,
        pos: &mut Position,
        depth: i32,
        prev: Option<i32>,
        prev_pv: &[Move],
        line_idx: usize,
        out: &mut (dyn FnMut(&str) + Send),
    ) -> i32 {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match prev {
            Some(p) if depth >= ASPIRATION_DEPTH && p.abs() < TB_BOUND => {
                ((p - delta).max(-INFINITY), (p + delta).min(INFINITY))
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.alpha_beta(pos, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                Some("upperbound")
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                Some("lowerbound")
            } else {
                None
            };
            let Some(bound) = bound else {
                return score;
            };
            if self.is_main() && self.opts.report {
                // Failing low leaves no new PV: show the line being defended.
                let pv = if self.pv_len[0] > 0 {
                    self.pv[0][..self.pv_len[0]].to_vec()
                } else {
                    prev_pv.to_vec()
                };
                let line = PvLine { score, pv };
                out(&self.info_line(depth, line_idx, &line, Some(bound)));
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The score to report: with the root in the tables, their verdict, unless the search
    /// found a mate or a tablebase result of its own.
    fn shown_score(&self, score: i32) -> i32 {
        match &self.tb.root {
            Some(r) if score.abs() < TB_BOUND => r.score,
            _ => score,
        }
    }

    fn info_line(&self, depth: i32, idx: usize, line: &PvLine, bound: Option<&str>) -> String {
        let elapsed = self.clock.elapsed();
        let nodes = self.total_nodes();
        let ms = elapsed.as_millis() as u64;
        let nps = (nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64;
        let mut s = format!(
            "info depth {depth} seldepth {} multipv {} score {}",
            self.seldepth.max(depth as usize),
            idx + 1,
            format_score(self.shown_score(line.score))
        );
        if let Some(b) = bound {
            s.push(' ');
            s.push_str(b);
        }
        s.push_str(&format!(
            " nodes {nodes} nps {nps} hashfull {} tbhits {} time {ms} pv",
            self.tt.hashfull(),
            self.tb.hits.load(Ordering::Relaxed)
        ));
        for m in &line.pv {
            s.push(' ');
            s.push_str(&m.uci(self.opts.chess960).to_string());
        }
        s
    }

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = m;
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Negamax alpha-beta with principal variation search.
    fn alpha_beta(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let in_check = pos.board().in_check();
        // In check there is no standing pat: such a node searches every evasion.
        if depth <= 0 && !in_check {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.pv_len[ply] = ply;
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        if !root {
            if pos.is_search_repetition(ply)
                || pos.is_fifty_move_draw()
                || pos.board().insufficient_material()
            {
                return 0;
            }
            if ply >= MAX_PLY {
                return evaluate(pos);
            }
        }

        let key = pos.board().key();
        self.count(|s| s.tt_probes += 1);
        let entry = self.tt.probe(key);
        let mut tt_move = Move::NULL;
        if let Some(e) = entry {
            self.count(|s| s.tt_hits += 1);
            tt_move = e.mv;
            if !pv_node && e.depth >= depth {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        // Tablebases: an exact result right after a capture or pawn move. At PV nodes a win
        // (loss) that does not cut only bounds the score from below (above), so the search can
        // still find a mate.
        let mut tb_floor = -INFINITY;
        let mut tb_ceiling = INFINITY;
        if !root && tablebase::can_probe(pos.board(), self.tb.max_pieces) {
            if let Some(wdl) = self
                .tb
                .tables
                .and_then(|t| t.probe_wdl_after_zeroing(pos.board()))
            {
                self.tb.hits.fetch_add(1, Ordering::Relaxed);
                let score = tablebase::wdl_score(wdl, ply);
                let bound = if score > 0 {
                    Bound::Lower
                } else if score < 0 {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                let cut = match bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    let tb_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    self.tt
                        .store(key, Move::NULL, score_to_tt(score, ply), tb_depth, bound);
                    return score;
                }
                if pv_node {
                    if bound == Bound::Lower {
                        tb_floor = score;
                        alpha = alpha.max(score);
                    } else {
                        tb_ceiling = score;
                    }
                }
            }
        }

        let hash_move = if root { self.root_hash } else { tt_move };
        let hash_move = if hash_move.is_null() {
            tt_move
        } else {
            hash_move
        };

        let killers = self.worker.killers.get(ply);
        self.worker.killers.clear_ply(ply + 1);
        let mut picker = MovePicker::new(self.opts.ordering, hash_move, killers);
        self.count(|s| s.expanded += 1);
        let side = pos.board().side_to_move();
        let mut best_score = tb_floor;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        // Quiet moves that failed to cut off, for the history malus (the first 64 suffice).
        let mut quiets_tried = [Move::NULL; 64];
        let mut quiets_count = 0;
        let original_alpha = alpha;

        while let Some((m, stage)) = picker.next(pos.board(), &self.worker.history) {
            if root
                && (self.excluded.contains(&m)
                    || self.tb.root.as_ref().is_some_and(|r| !r.allows(m)))
            {
                continue;
            }
            searched += 1;
            if stage == Stage::HashMove {
                self.count(|s| s.hash_move_available += 1);
            }
            if root && self.is_main() && self.opts.report && self.clock.elapsed() > CURRMOVE_AFTER {
                // Printed directly: the out callback is not reachable from here.
                println!(
                    "info depth {} currmove {} currmovenumber {}",
                    depth,
                    m.uci(self.opts.chess960),
                    searched + self.excluded.len()
                );
            }
            pos.make_move(m);
            self.tt.prefetch(pos.board().key());
            // Check extension: a move that gives check is searched one ply deeper, unless it
            // simply loses material (SEE below 0: the checking piece hangs), which would only
            // make a sacrifice's refutation deeper. `pure` extends every check. Bounded, so
            // perpetual checks cannot run past the ply limit. SEE is asked of the board before
            // the move, and only for checks.
            let extend = pos.board().in_check()
                && ply < MAX_PLY / 2
                && (self.opts.pure || pos.previous().is_some_and(|b| see_ge(b, m, 0)));
            let new_depth = depth - 1 + extend as i32;
            let score = if searched == 1 {
                -self.alpha_beta(pos, new_depth, ply + 1, -beta, -alpha)
            } else {
                let s = -self.alpha_beta(pos, new_depth, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    -self.alpha_beta(pos, new_depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        self.count(|s| s.main.record(searched, stage));
                        if stage == Stage::HashMove {
                            self.count(|s| s.hash_move_cutoffs += 1);
                        }
                        if m.is_quiet() {
                            self.worker.killers.store(ply, m);
                            self.worker.history.reward_cutoff(
                                side,
                                m,
                                &quiets_tried[..quiets_count],
                                depth,
                            );
                        }
                        break;
                    }
                }
            }
            if m.is_quiet() && quiets_count < quiets_tried.len() {
                quiets_tried[quiets_count] = m;
                quiets_count += 1;
            }
        }

        if searched == 0 {
            // No legal move (or, at the root, every move excluded by MultiPV).
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        best_score = best_score.min(tb_ceiling);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !root || self.excluded.is_empty() {
            self.tt
                .store(key, best_move, score_to_tt(best_score, ply), depth, bound);
        }
        best_score
    }

    /// Quiescence: only captures and promotions (all moves when in check), with stand-pat.
    fn quiescence(&mut self, pos: &mut Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        self.count_node();
        self.count(|s| s.qnodes += 1);
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // The main search hands nodes at depth 0 straight to quiescence, so the draws it checks
        // are checked here too: a quiet move into a repetition or past the 50-move limit at the
        // horizon is a draw, not a position to evaluate. (After a capture both are cheap: the
        // halfmove clock is 0.)
        if pos.is_search_repetition(ply)
            || pos.is_fifty_move_draw()
            || pos.board().insufficient_material()
        {
            return 0;
        }
        let in_check = pos.board().in_check();
        let key = pos.board().key();
        let pv_node = beta - alpha > 1;
        self.count(|s| s.tt_probes += 1);
        let mut tt_move = Move::NULL;
        if let Some(e) = self.tt.probe(key) {
            self.count(|s| s.tt_hits += 1);
            tt_move = e.mv;
            if !pv_node {
                let s = score_from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        let mut best_score = if in_check {
            -INFINITY
        } else {
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            stand_pat
        };
        let original_alpha = alpha;
        let prune_losing = !self.opts.pure && !in_check;
        let mut picker = MovePicker::quiescence(self.opts.ordering, tt_move, in_check);
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        while let Some((m, stage)) = picker.next(pos.board(), &self.worker.history) {
            if prune_losing {
                if stage == Stage::BadCapture {
                    break;
                }
                if !self.opts.ordering.see_split && m.is_capture() && !see_ge(pos.board(), m, 0) {
                    continue;
                }
            }
            searched += 1;
            pos.make_move(m);
            let score = -self.quiescence(pos, ply + 1, -beta, -alpha);
            pos.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = m;
                    self.update_pv(ply, m);
                    if score >= beta {
                        self.count(|s| s.quiescence.record(searched, stage));
                        break;
                    }
                }
            }
        }
        if in_check && searched == 0 {
            return -MATE + ply as i32;
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, score_to_tt(best_score, ply), 0, bound);
        best_score
    }
}

/// Mate and tablebase scores are stored relative to the node, not the root, so they stay true when the
/// same position is reached at another ply.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}
