//! The node search: negamax alpha-beta with principal variation search, and quiescence.
//! Each node runs its steps in order: the draw checks, the table probe, the tablebase probe,
//! then the move loop; the pruning of a selective search will sit between the probes and the
//! move loop, one block per technique.

use super::ordering::{MovePicker, PickedFrom};
use super::tablebase;
use super::thread::{SearchThread, CURRMOVE_AFTER};
use super::tt::{score_from_tt, score_to_tt, Bound};
use super::{EventSink, SearchEvent, INFINITY, MATE, MAX_PLY};
use crate::board::{see_ge, Move};
use crate::eval::evaluate;
use crate::position::Position;
use std::sync::atomic::Ordering;

/// The best score and move of a node so far, against the window it was searched with.
struct NodeBest {
    score: i32,
    mv: Move,
    /// Raised by every move that beats it.
    alpha: i32,
    /// Alpha as the move loop started, to classify the result.
    alpha0: i32,
    beta: i32,
}

/// What one searched move did to its node.
#[derive(PartialEq, Eq)]
enum Outcome {
    /// Not above alpha.
    Below,
    /// A new best line inside the window: the PV takes it.
    RaisedAlpha,
    /// At or above beta: the node is done.
    Cutoff,
}

impl NodeBest {
    fn new(score: i32, alpha: i32, beta: i32) -> NodeBest {
        NodeBest {
            score,
            mv: Move::NULL,
            alpha,
            alpha0: alpha,
            beta,
        }
    }

    #[inline(always)]
    fn update(&mut self, m: Move, score: i32) -> Outcome {
        if score > self.score {
            self.score = score;
        }
        if score <= self.alpha {
            return Outcome::Below;
        }
        self.mv = m;
        self.alpha = score;
        if score >= self.beta {
            Outcome::Cutoff
        } else {
            Outcome::RaisedAlpha
        }
    }

    fn bound(&self) -> Bound {
        Bound::of(self.score, self.alpha0, self.beta)
    }
}

impl<const STATS: bool> SearchThread<'_, STATS> {
    /// Takes a searched move's score into the node's best, and into the PV when it is the
    /// new best line.
    #[inline(always)]
    fn take_score(&mut self, best: &mut NodeBest, ply: usize, m: Move, score: i32) -> Outcome {
        let outcome = best.update(m, score);
        if outcome != Outcome::Below {
            self.update_pv(ply, m);
        }
        outcome
    }

    /// Negamax alpha-beta with principal variation search. `out` receives the root's
    /// `CurrentMove` events.
    pub(super) fn alpha_beta(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        out: &mut EventSink,
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

        // Draws and the ply limit.
        if !root {
            if pos.is_search_draw(ply) {
                return 0;
            }
            if ply >= MAX_PLY {
                return evaluate(pos);
            }
        }

        // The transposition table: a deep enough entry whose bound settles the window ends a
        // non-PV node; any entry's move is tried first.
        let key = pos.board().key();
        self.count(|s| s.tt_probes += 1);
        let mut tt_move = Move::NULL;
        if let Some(e) = self.shared.tt.probe(key) {
            self.count(|s| s.tt_hits += 1);
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node && e.depth >= depth && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // Tablebases: an exact result right after a capture or pawn move. At PV nodes a win
        // (loss) that does not cut only bounds the score from below (above), so the search can
        // still find a mate.
        let mut tb_floor = -INFINITY;
        let mut tb_ceiling = INFINITY;
        if !root && tablebase::can_probe(pos.board(), self.shared.tb.max_pieces) {
            if let Some(wdl) = self
                .shared
                .tb
                .tables
                .and_then(|t| t.probe_wdl_after_zeroing(pos.board()))
            {
                self.shared.tb.hits.fetch_add(1, Ordering::Relaxed);
                let score = tablebase::wdl_score(wdl, ply);
                let bound = match score {
                    s if s > 0 => Bound::Lower,
                    s if s < 0 => Bound::Upper,
                    _ => Bound::Exact,
                };
                if bound.cuts(score, alpha, beta) {
                    let tb_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    self.shared
                        .tt
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

        // The move loop.
        let hash_move = if root && !self.root_hash.is_null() {
            self.root_hash
        } else {
            tt_move
        };
        let killers = self.tables.killers.get(ply);
        self.tables.killers.clear_ply(ply + 1);
        let mut picker = MovePicker::new(self.shared.opts.ordering, hash_move, killers);
        self.count(|s| s.expanded += 1);
        let side = pos.board().side_to_move();
        let mut best = NodeBest::new(tb_floor, alpha, beta);
        let mut searched = 0usize;
        // Quiet moves that failed to cut off, for the history malus (the first 64 suffice).
        let mut quiets_tried = [Move::NULL; 64];
        let mut quiets_count = 0;

        while let Some((m, from)) = picker.next(pos.board(), &self.tables.history) {
            if root
                && (self.excluded.contains(&m)
                    || self.shared.tb.root.as_ref().is_some_and(|r| !r.allows(m)))
            {
                continue;
            }
            searched += 1;
            if from == PickedFrom::HashMove {
                self.count(|s| s.hash_move_available += 1);
            }
            if root
                && self.is_main()
                && self.shared.opts.report
                && self.clock.elapsed() > CURRMOVE_AFTER
            {
                out(&SearchEvent::CurrentMove {
                    depth,
                    mv: m,
                    number: searched + self.excluded.len(),
                });
            }
            pos.make_move(m);
            self.shared.tt.prefetch(pos.board().key());
            // Check extension: a move that gives check is searched one ply deeper, unless it
            // simply loses material (SEE below 0: the checking piece hangs), which would only
            // make a sacrifice's refutation deeper. `pure` extends every check. Bounded, so
            // perpetual checks cannot run past the ply limit. SEE is asked of the board before
            // the move, and only for checks.
            let extend = pos.board().in_check()
                && ply < MAX_PLY / 2
                && (self.shared.opts.pure || pos.previous().is_some_and(|b| see_ge(b, m, 0)));
            let new_depth = depth - 1 + extend as i32;
            let alpha = best.alpha;
            let score = if searched == 1 {
                -self.alpha_beta(pos, new_depth, ply + 1, -beta, -alpha, out)
            } else {
                let s = -self.alpha_beta(pos, new_depth, ply + 1, -alpha - 1, -alpha, out);
                if s > alpha && s < beta {
                    -self.alpha_beta(pos, new_depth, ply + 1, -beta, -alpha, out)
                } else {
                    s
                }
            };
            pos.unmake_move();
            if self.stopped {
                return 0;
            }
            let outcome = self.take_score(&mut best, ply, m, score);
            if outcome == Outcome::Cutoff {
                self.count(|s| s.main.record(searched, from));
                if from == PickedFrom::HashMove {
                    self.count(|s| s.hash_move_cutoffs += 1);
                }
                if m.is_quiet() {
                    self.tables.killers.store(ply, m);
                    self.tables.history.reward_cutoff(
                        side,
                        m,
                        &quiets_tried[..quiets_count],
                        depth,
                    );
                }
                break;
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
        best.score = best.score.min(tb_ceiling);
        if !root || self.excluded.is_empty() {
            self.shared.tt.store(
                key,
                best.mv,
                score_to_tt(best.score, ply),
                depth,
                best.bound(),
            );
        }
        best.score
    }

    /// Quiescence: only captures and promotions (all moves when in check), with stand-pat.
    pub(super) fn quiescence(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
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
        if pos.is_search_draw(ply) {
            return 0;
        }
        let in_check = pos.board().in_check();
        let key = pos.board().key();
        let pv_node = beta - alpha > 1;
        self.count(|s| s.tt_probes += 1);
        let mut tt_move = Move::NULL;
        if let Some(e) = self.shared.tt.probe(key) {
            self.count(|s| s.tt_hits += 1);
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // Stand pat: out of check the side to move may decline every capture.
        let stand_pat = if in_check {
            -INFINITY
        } else {
            let stand_pat = evaluate(pos);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            stand_pat
        };
        let mut best = NodeBest::new(stand_pat, alpha, beta);
        let prune_losing = !self.shared.opts.pure && !in_check;
        let mut picker = MovePicker::quiescence(self.shared.opts.ordering, tt_move, in_check);
        let mut searched = 0usize;
        while let Some((m, from)) = picker.next(pos.board(), &self.tables.history) {
            // Captures that lose material (SEE below 0) are not searched here.
            if prune_losing {
                if from == PickedFrom::BadCapture {
                    break;
                }
                if !self.shared.opts.ordering.see_split
                    && m.is_capture()
                    && !see_ge(pos.board(), m, 0)
                {
                    continue;
                }
            }
            searched += 1;
            pos.make_move(m);
            let score = -self.quiescence(pos, ply + 1, -beta, -best.alpha);
            pos.unmake_move();
            if self.stopped {
                return 0;
            }
            let outcome = self.take_score(&mut best, ply, m, score);
            if outcome == Outcome::Cutoff {
                self.count(|s| s.quiescence.record(searched, from));
                break;
            }
        }
        if in_check && searched == 0 {
            return -MATE + ply as i32;
        }
        self.shared
            .tt
            .store(key, best.mv, score_to_tt(best.score, ply), 0, best.bound());
        best.score
    }
}
