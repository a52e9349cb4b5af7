//! The node search: negamax alpha-beta with principal variation search, and quiescence.
//!
//! A main-search node runs its steps in this order, each one numbered block of `alpha_beta`
//! or a function of its own: 1 the horizon (quiescence); 2 draws and the ply limit; 3 mate
//! distance pruning; 4 the transposition table; 5 the tablebases; 6 the static evaluation,
//! corrected; 7 the evaluation-difference history; 8 at non-PV nodes out of check, reverse
//! futility pruning, razoring and null-move pruning; 9 internal iterative reduction; 10 the
//! move loop, where each move may be 11 pruned (late move, futility, history, SEE), 12-13
//! extended (singular, check), 14 searched, 15 reduced (late move reductions), and 16 cut
//! off; 17 mate or stalemate; 18 what the node learned (the correction history, the table).
//!
//! Each technique has its own switch (`techniques.rs`, a UCI option each); with
//! `SearchOptions::pure` none of the selective steps run: alpha-beta alone, as the ordering
//! experiments need. The constants are in `tunable.rs`. A technique's comment gives its
//! worth as the ablation table measured it (docs/ablation/search-40k, 2026-11-23): the Elo
//! the engine lost with it switched off, at 40,000 nodes a move, with the 95% interval.

use super::observer::{CutoffSeen, MoveLoopStart, SearchObserver};
use super::ordering::{
    Continuation, Cutoff, HistoryKey, HistoryRead, MovePicker, OrderingConfig, PickedFrom, PieceTo,
    ThreatBucket, Threats, TriedMoves,
};
use super::tablebase;
use super::thread::{SearchThread, CURRMOVE_AFTER};
use super::tt::{score_from_tt, score_to_tt, Bound, TtEntry, NO_EVAL};
use super::tunable as t;
use super::{SearchEvent, Techniques, INFINITY, MATE, MATE_BOUND, MAX_PLY};
use crate::board::{is_legal, see_ge, Board, Move, PieceType, PIECE_VALUE};
use crate::position::Position;
use std::sync::atomic::Ordering;

/// A tablebase result is stored in the table this many plies deeper than the node's depth:
/// it is exact, and no search to that depth could improve it.
const TB_DEPTH_BONUS: i32 = 6;
/// No extension past half the ply limit, so perpetual checks cannot run past it.
const EXTENSION_PLY_LIMIT: usize = MAX_PLY / 2;

/// What a node expects of itself: the kind of window it has and whether it should fail high.
#[derive(Clone, Copy)]
struct NodeKind {
    /// A full window: on the principal variation.
    pv: bool,
    /// A null window expected to fail high.
    cut: bool,
}

/// What the singular search said of the hash move.
enum Singular {
    /// Other moves come close: search it at the normal depth.
    Not,
    /// Every other move fails well below it: search it this many plies deeper.
    Extend(i32),
    /// Other moves reach beta too: the node is cut with this score (multi-cut).
    MultiCut(i32),
}

/// Evaluation-difference history: the history bonus per internal centipawn a quiet move
/// changed its side's static evaluation by, and the largest bonus (the butterfly history's
/// cutoff bonus at depth 4 or so).
const EVAL_HISTORY_MULT: i32 = 4;
const EVAL_HISTORY_MAX: i32 = 800;

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

/// Whether the side to move has two pieces other than pawns and king: with fewer, zugzwang
/// is common (a lone rook or queen often has no good move either), and passing (the null
/// move) proves nothing.
fn has_two_pieces(pos: &Position) -> bool {
    let b = pos.board();
    let us = b.colored(b.side_to_move());
    (us & !(b.pieces(PieceType::Pawn) | b.pieces(PieceType::King))).count() >= 2
}

/// What the tablebases say of a node (step 5).
enum TbProbe {
    /// An exact result that settles the window: the node's score.
    Cut(i32),
    /// Bounds on the node's score (open ones when the tables say nothing).
    Window { floor: i32, ceiling: i32 },
}

/// A main-search node's own facts, as its later steps read them.
#[derive(Clone, Copy)]
struct Node {
    ply: usize,
    /// The remaining depth, less a ply after internal iterative reduction.
    depth: i32,
    kind: NodeKind,
    root: bool,
    /// The side to move stands better than two plies ago.
    improving: bool,
    /// The corrected static evaluation (`NO_EVAL` in check).
    static_eval: i32,
    tech: Techniques,
}

/// A move the picker yielded, as the pruning and the reductions read it.
struct Candidate {
    mv: Move,
    from: PickedFrom,
    quiet: bool,
    /// Its history as the search reads it (0 for a noisy move).
    history: i32,
}

/// Step 6: the static evaluation `static_eval`, or the table's score of `entry` where that
/// bounds it in the right direction (and is no mate score).
#[inline(always)]
fn bounded_by_table(static_eval: i32, entry: Option<TtEntry>, ply: usize) -> i32 {
    let Some(e) = entry else {
        return static_eval;
    };
    let s = score_from_tt(e.score, ply);
    let better = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s > static_eval,
        Bound::Upper => s < static_eval,
    };
    if better && s.abs() < MATE_BOUND {
        s
    } else {
        static_eval
    }
}

/// Decisive windows (`Techniques::decisive_windows`, not in the ablation table): beta is a
/// decisive loss, so the root already has a line that wins big and only a mate threat can
/// beat it here; neither a static margin nor a pass into quiescence bounds that.
#[inline(always)]
fn decisive_loss(tech: Techniques, beta: i32) -> bool {
    tech.decisive_windows && beta <= -t::decisive_window()
}

/// Decisive windows from the other side: alpha is a decisive win, which the tactic that
/// reaches it (often a quiet mate) alone can cross.
#[inline(always)]
fn decisive_win(tech: Techniques, alpha: i32) -> bool {
    tech.decisive_windows && alpha >= t::decisive_window()
}

/// Step 8, reverse futility pruning (static null move): whether the node stands far enough
/// above beta that a ply or a few cannot bring the score back down. Not when beta is a
/// decisive loss.
#[inline(always)]
fn reverse_futility(node: &Node, eval: i32, beta: i32) -> bool {
    let tech = node.tech;
    tech.reverse_futility
        && node.depth <= t::rfp_depth()
        && eval.abs() < MATE_BOUND
        && !decisive_loss(tech, beta)
        && eval - t::rfp_margin() * (node.depth - node.improving as i32) >= beta
}

/// Step 11, move pruning: whether candidate `c` is skipped, at a node out of check whose
/// score is no longer a loss. `enough_tried`: the node has searched as many moves as late
/// move pruning allows; `alpha`: the node's alpha now.
#[inline(always)]
fn prunes(
    picker: &mut MovePicker,
    board: &Board,
    node: &Node,
    c: &Candidate,
    enough_tried: bool,
    alpha: i32,
) -> bool {
    let (tech, depth) = (node.tech, node.depth);
    if c.quiet {
        // Late move pruning: enough quiets have been tried.
        // Worth: +117.8 Elo [+84.7, +153.2].
        let late = tech.late_move_pruning && depth <= t::lmp_depth() && enough_tried;
        // Futility pruning: even a generous margin cannot lift the evaluation to alpha.
        // Worth: +9.3 Elo [-20.7, +39.3].
        let futile = tech.futility
            && depth <= t::fp_depth()
            && node.static_eval + t::fp_base() + t::fp_margin() * depth <= alpha;
        if (late || futile) && hopeless_from_here(picker, board, c.mv, tech) {
            return true;
        }
        // History pruning: quiets that have failed again and again here.
        // Worth: +32.5 Elo [+4.7, +60.7].
        if tech.history_pruning
            && depth <= t::hp_depth()
            && c.history < -t::hp_margin() * depth
            && !spared(picker, board, c.mv, tech)
        {
            return true;
        }
    }
    // SEE pruning: moves that lose more material than the depth can win back.
    // Worth: +96.2 Elo [+59.7, +134.9].
    if tech.see_pruning && depth <= t::see_depth() {
        let threshold = if c.quiet {
            -t::see_quiet() * depth
        } else {
            -t::see_noisy() * depth * depth
        };
        if !see_ge(board, c.mv, threshold) {
            return true;
        }
    }
    false
}

/// Late move or futility pruning found quiet move `m` hopeless, and with it every quiet
/// still to come: the picker is told so (it yields no more quiets, or with `spare_checks`
/// only the quiet checks), and whether `m` is pruned: unless it is a check that is spared.
#[inline(always)]
fn hopeless_from_here(picker: &mut MovePicker, board: &Board, m: Move, tech: Techniques) -> bool {
    if !tech.spare_checks {
        picker.skip_quiets();
        return true;
    }
    picker.quiet_checks_only();
    !spared(picker, board, m, tech)
}

/// Whether move `m`, about to be pruned, is spared because it gives check
/// (`spare_checks`, not in the ablation table): a quiet move that gives check may mate or
/// win by force, which no count of moves, margin or history can see. Asked only of a move
/// that would be pruned, from the picker's check squares (found once a node).
#[inline(always)]
fn spared(picker: &mut MovePicker, board: &Board, m: Move, tech: Techniques) -> bool {
    tech.spare_checks && picker.gives_check(board, m)
}

impl<O: SearchObserver> SearchThread<'_, O> {
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

    /// The static evaluation of the line's current board, from the thread's evaluation state.
    #[inline(always)]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        self.eval.evaluate(pos.board())
    }

    /// The uncorrected static evaluation of a node out of check: the table entry's, when it
    /// has one, else the thread's own.
    #[inline(always)]
    fn raw_evaluation(&mut self, pos: &Position, entry: Option<TtEntry>) -> i32 {
        match entry {
            Some(e) if e.eval != NO_EVAL => e.eval,
            _ => self.evaluate(pos),
        }
    }

    /// Negamax alpha-beta with principal variation search. `cut_node`: a null-window node
    /// expected to fail high. Its steps, in the order a node applies them, are the numbered
    /// blocks below; each technique's comment gives its worth from the ablation table.
    pub(super) fn alpha_beta(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        let pv_node = beta - alpha > 1;
        let in_check = pos.board().in_check();
        let tech = self.shared.opts.active_techniques();
        let excluded = self.stack[ply].excluded;

        // 1. The horizon: quiescence decides. In check there is no standing pat: such a node
        // searches every evasion.
        if depth <= 0 && !in_check {
            return self.quiescence(pos, ply, alpha, beta);
        }
        self.pv_len[ply] = ply;
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);

        // 2. Draws and the ply limit.
        if !root {
            if pos.is_search_draw(ply) {
                return 0;
            }
            if ply >= MAX_PLY {
                return self.evaluate(pos);
            }
            // 3. Mate distance pruning: no line from here can beat a mate already found nearer
            // the root, or be worse than being mated here.
            // Worth: +5.8 Elo [-2.3, +13.9].
            if tech.mate_distance {
                alpha = alpha.max(-MATE + ply as i32);
                beta = beta.min(MATE - ply as i32 - 1);
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // 4. The transposition table: a deep enough entry whose bound settles the window ends
        // a non-PV node; any entry's move is tried first. A singular search (a move excluded)
        // shares the key of the full node, so it neither cuts on the entry nor stores one.
        let key = pos.board().key();
        let entry = if excluded.is_null() {
            self.shared.tt.probe(key)
        } else {
            None
        };
        self.observer.tt_probe(entry.is_some());
        let mut tt_move = Move::NULL;
        if let Some(e) = entry {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node && e.depth >= depth && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // 5. The tablebases.
        let (tb_floor, tb_ceiling) = if !root && excluded.is_null() {
            match self.probe_tablebases(pos, depth, ply, alpha, beta, pv_node) {
                TbProbe::Cut(score) => return score,
                TbProbe::Window { floor, ceiling } => (floor, ceiling),
            }
        } else {
            (-INFINITY, INFINITY)
        };
        alpha = alpha.max(tb_floor);

        // 6. The static evaluation, corrected, and a better estimate `eval` where the table's
        // score bounds it in the right direction.
        let (raw_eval, static_eval) = self.static_evaluation(pos, ply, entry, excluded);
        let eval = if in_check {
            static_eval
        } else {
            bounded_by_table(static_eval, entry, ply)
        };

        // 7. Evaluation-difference history (`OrderEvalHistory`, off in play; not in the
        // ablation table).
        if self.shared.opts.ordering.eval_history && !in_check && excluded.is_null() && ply >= 1 {
            self.eval_difference_history(pos, ply, static_eval);
        }
        // `improving`: the side to move stands better than two plies ago.
        let improving = !in_check
            && ply >= 2
            && (self.stack[ply - 2].static_eval == NO_EVAL
                || static_eval > self.stack[ply - 2].static_eval);
        // The killers of the ply below start afresh for this node's children.
        self.tables.killers.clear_ply(ply + 1);
        let mut node = Node {
            ply,
            depth,
            kind: NodeKind {
                pv: pv_node,
                cut: cut_node,
            },
            root,
            improving,
            static_eval,
            tech,
        };

        // 8. Pruning of the whole node: only at non-PV nodes out of check, and not while a
        // singular search looks at the other moves.
        if !pv_node && !in_check && excluded.is_null() {
            // Reverse futility pruning. Worth: +94.9 Elo [+64.6, +126.8].
            if reverse_futility(&node, eval, beta) {
                return eval;
            }
            // Razoring. Worth: -33.7 Elo [-64.2, -3.7] (it loses at this budget).
            if let Some(score) = self.razoring(pos, &node, eval, alpha) {
                return score;
            }
            // Null-move pruning. Worth: +34.9 Elo [+5.5, +64.7].
            if let Some(score) = self.null_move(pos, &node, eval, beta) {
                return score;
            }
        }

        // 9. Internal iterative reduction: a node the table knows nothing of is probably not
        // worth a full-depth search; search it a ply shallower (and store a move for later).
        // Worth: +38.4 Elo [+6.8, +70.6].
        if tech.iir
            && excluded.is_null()
            && (pv_node || cut_node)
            && tt_move.is_null()
            && depth >= t::iir_depth()
        {
            node.depth -= 1;
        }
        let depth = node.depth;

        // 10. The move loop: the picker, fed what the tables know of this node.
        let hash_move = if root && !self.root_hash.is_null() {
            self.root_hash
        } else {
            tt_move
        };
        let ordering = self.shared.opts.ordering;
        // Without the killers' switch no killer is given to the picker or the observers.
        let killers = if ordering.killers {
            self.tables.killers.get(ply)
        } else {
            [Move::NULL; 2]
        };
        let prev = self.earlier_moves(ply, ordering);
        let counter = if ordering.counter_move {
            self.tables.counters.get(prev[0])
        } else {
            Move::NULL
        };
        // Found once for the node: the picker, the reductions and the tables' updates read it.
        let history_key = HistoryKey::new(pos.board(), prev, ply, ordering);
        let mut picker = MovePicker::new(ordering, hash_move, killers)
            .with_counter(counter)
            .with_key(history_key);
        let mut observed = self.observer.move_loop(&MoveLoopStart {
            tables: self.tables,
            config: ordering,
            board: pos.board(),
            key: history_key,
            hash_move,
            killers,
            counter,
            ply,
            depth,
            nodes: self.nodes,
            singular: !excluded.is_null(),
        });
        let mut best = NodeBest::new(tb_floor, alpha, beta);
        let mut searched = 0usize;
        // Where the first move searched came from, for the statistics.
        let mut first_from = PickedFrom::HashMove;
        let mut tried = TriedMoves::default();
        let lmp_limit = (t::lmp_base() + depth * depth) as usize / (2 - improving as usize);
        // Extensions are bounded by the line's length: no deeper than twice the iteration's
        // depth, or extensions along a line could keep its depth from ever falling.
        let may_extend = (ply as i32) < 2 * self.root_depth;

        // The learned order reads the node's accumulators (nothing is looked up without it).
        let reads_net = ordering.policy && self.tables.policy.is_some();
        let stm = pos.board().side_to_move();
        // The observer's first move (the lab's oracle order; none as the engine plays, and
        // then no code for it): searched before the picker's, counted as the table's move,
        // and passed over when the picker yields it again.
        let first = self.observer.first_move(&observed);
        let mut first_due = !first.is_null() && is_legal(pos.board(), first);
        loop {
            let (m, from) = if first_due {
                first_due = false;
                (first, PickedFrom::HashMove)
            } else {
                let inputs = if reads_net {
                    self.eval.accumulators(stm)
                } else {
                    None
                };
                let Some((m, from)) = picker.next_with(pos.board(), self.tables, inputs) else {
                    break;
                };
                if !first.is_null() && m == first {
                    continue;
                }
                (m, from)
            };
            if m == excluded {
                continue;
            }
            if root && !self.root_allows(m) {
                continue;
            }
            let quiet = m.is_quiet();
            debug_assert!(
                !(quiet && picker.skips_quiets()),
                "the picker skips quiets once told"
            );
            let history = if quiet {
                self.tables.quiet_history(
                    HistoryRead::search(ordering),
                    pos.board(),
                    &history_key,
                    m,
                )
            } else {
                0
            };
            let candidate = Candidate {
                mv: m,
                from,
                quiet,
                history,
            };

            // 11. Move pruning: once a move has kept the node from being lost, late and
            // hopeless moves are skipped. Never at the root, in check or in pure mode.
            let pruned = !root
                && !in_check
                && best.score > -MATE_BOUND
                && prunes(
                    &mut picker,
                    pos.board(),
                    &node,
                    &candidate,
                    searched >= lmp_limit,
                    best.alpha,
                );
            self.observer.move_picked(&mut observed, m, from, pruned);
            if pruned {
                continue;
            }

            // 12. Singular extension: the hash move, when every other move fails well below
            // its table score in a reduced search, is the only good move here and is searched
            // deeper. If the others reach beta too, the node is cut (multi-cut).
            // Worth: +27.9 Elo [-3.3, +59.5].
            let mut extension = 0;
            if let Some(e) = entry.filter(|_| {
                tech.singular
                    && !root
                    && may_extend
                    && m == tt_move
                    && excluded.is_null()
                    && depth >= t::se_depth()
            }) {
                let singular = self.singular(pos, ply, depth, &e, beta, node.kind);
                if self.stopped {
                    return 0;
                }
                match singular {
                    Singular::Not => {}
                    Singular::Extend(plies) => extension = plies,
                    Singular::MultiCut(score) => return score,
                }
            }

            searched += 1;
            if searched == 1 {
                first_from = from;
            }
            if from == PickedFrom::HashMove {
                self.observer.hash_move_searched();
            }
            if root
                && self.is_main()
                && self.shared.opts.report
                && self.time.elapsed() > CURRMOVE_AFTER
            {
                self.report(&SearchEvent::CurrentMove {
                    depth,
                    mv: m,
                    number: searched + self.root_excluded.len(),
                });
            }
            let nodes_before = self.nodes;
            self.stack[ply].moved = pos
                .board()
                .moved_piece(m)
                .map(|piece| PieceTo { piece, to: m.to() });
            self.stack[ply].current = m;
            self.make_move(pos, m);
            let gives_check = pos.board().in_check();

            // 13. Check extension: a move that gives check is searched one ply deeper,
            // unless it simply loses material (SEE below 0: the checking piece hangs), which
            // would only make a sacrifice's refutation deeper (`check_extension_see`; off, or
            // in pure mode, every check is extended). Bounded, so perpetual checks cannot run
            // past the ply limit. SEE is asked of the board before the move, and only for
            // checks. Worth of the SEE condition: -1.2 Elo [-32.1, +29.8].
            if extension == 0
                && gives_check
                && ply < EXTENSION_PLY_LIMIT
                && (!tech.check_extension_see
                    || (may_extend && pos.previous().is_some_and(|b| see_ge(b, m, 0))))
            {
                extension = 1;
            }
            if ply >= EXTENSION_PLY_LIMIT {
                extension = extension.min(0);
            }
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + (extension == 2) as i32;
            let new_depth = depth - 1 + extension;
            let alpha = best.alpha;

            // 14. The search of the move: the first with the full window, the others with a
            // null window, reduced if late (step 15), and again in full when they beat alpha.
            let score = if searched == 1 {
                -self.alpha_beta(
                    pos,
                    new_depth,
                    ply + 1,
                    -beta,
                    -alpha,
                    !pv_node && !cut_node,
                )
            } else {
                let r =
                    self.late_move_reduction(&node, &candidate, searched, gives_check, new_depth);
                let mut s = -self.alpha_beta(pos, new_depth - r, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && r > 0 {
                    s = -self.alpha_beta(pos, new_depth, ply + 1, -alpha - 1, -alpha, !cut_node);
                }
                if s > alpha && s < beta {
                    -self.alpha_beta(pos, new_depth, ply + 1, -beta, -alpha, false)
                } else {
                    s
                }
            };
            self.unmake_move(pos);
            if self.stopped {
                return 0;
            }
            if root {
                self.root_move_nodes(m, self.nodes - nodes_before);
            }

            // 16. A cutoff: the observer hears of it and the ordering tables learn from it.
            let outcome = self.take_score(&mut best, ply, m, score);
            if outcome == Outcome::Cutoff {
                self.observer.cutoff(
                    &observed,
                    &CutoffSeen {
                        board: pos.board(),
                        mv: m,
                        from,
                        number: searched,
                        first_from,
                        tried: &tried,
                        hash_move,
                        depth,
                        beta,
                    },
                );
                self.tables.record_cutoff(
                    ordering,
                    &Cutoff {
                        board: pos.board(),
                        ply,
                        key: history_key,
                        best: m,
                        depth,
                        tried: &tried,
                    },
                );
                break;
            }
            tried.push(m);
        }
        self.observer
            .move_loop_end(observed, best.mv, best.score >= beta);

        // 17. No move searched: mate, stalemate, or a singular search's verdict.
        if searched == 0 {
            // A singular search with no other move: fail low, the hash move is singular.
            if !excluded.is_null() {
                return alpha;
            }
            // No legal move (or, at the root, every move excluded by MultiPV).
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        best.score = best.score.min(tb_ceiling);

        // 18. What the node learned: the correction history and the table. A root searched
        // over some of its moves (MultiPV's later lines, `go searchmoves`) would leave a
        // misleading entry: a later search of all moves must not trust it.
        let partial_root =
            root && (!self.root_excluded.is_empty() || !self.shared.limits.searchmoves.is_empty());
        if excluded.is_null() && !partial_root {
            let bound = best.bound();
            if !in_check {
                self.learn_correction(pos, &best, bound, static_eval, depth);
            }
            self.shared.tt.store(
                key,
                best.mv,
                score_to_tt(best.score, ply),
                raw_eval,
                depth,
                bound,
            );
        }
        best.score
    }

    /// The earlier moves from `ply` the continuation tables read (`Continuation`; none
    /// before the root or for a null move): the opponent's move that led here, which the
    /// countermove answers, ours before it, and ours two and three moves ago (each only when
    /// its table's switch is on).
    #[inline(always)]
    fn earlier_moves(&self, ply: usize, ordering: OrderingConfig) -> Continuation {
        let back = |n: usize, on: bool| {
            if on {
                ply.checked_sub(n).and_then(|p| self.stack[p].moved)
            } else {
                None
            }
        };
        [
            back(1, true),
            back(2, true),
            back(4, ordering.cont_history4),
            back(4, ordering.cont_history4_quiet),
            back(6, ordering.cont_history6_quiet),
        ]
    }

    /// Step 5, the tablebases: an exact result right after a capture or pawn move. One that
    /// settles the window cuts the node (and is stored in the table); at PV nodes a win (loss)
    /// that does not cut only bounds the score from below (above), so the search can still
    /// find a mate.
    #[inline(always)]
    fn probe_tablebases(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        pv_node: bool,
    ) -> TbProbe {
        let open = TbProbe::Window {
            floor: -INFINITY,
            ceiling: INFINITY,
        };
        if !tablebase::can_probe(pos.board(), self.shared.tb.max_pieces) {
            return open;
        }
        let Some(wdl) = self
            .shared
            .tb
            .tables
            .and_then(|t| t.probe_wdl_after_zeroing(pos.board()))
        else {
            return open;
        };
        self.shared.tb.hits.fetch_add(1, Ordering::Relaxed);
        let score = tablebase::wdl_score(wdl, ply);
        let bound = match score {
            s if s > 0 => Bound::Lower,
            s if s < 0 => Bound::Upper,
            _ => Bound::Exact,
        };
        if bound.cuts(score, alpha, beta) {
            let tb_depth = (depth + TB_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
            self.shared.tt.store(
                pos.board().key(),
                Move::NULL,
                score_to_tt(score, ply),
                NO_EVAL,
                tb_depth,
                bound,
            );
            return TbProbe::Cut(score);
        }
        match bound {
            Bound::Lower if pv_node => TbProbe::Window {
                floor: score,
                ceiling: INFINITY,
            },
            _ if pv_node => TbProbe::Window {
                floor: -INFINITY,
                ceiling: score,
            },
            _ => open,
        }
    }

    /// Step 6, the static evaluation: `(raw, corrected)`, from the table when it has one,
    /// `NO_EVAL` in check; also the ply's. The table keeps the raw evaluation; the correction
    /// history's average error for this pawn structure is added afresh (a singular search
    /// reuses its node's value).
    #[inline(always)]
    fn static_evaluation(
        &mut self,
        pos: &Position,
        ply: usize,
        entry: Option<TtEntry>,
        excluded: Move,
    ) -> (i32, i32) {
        let in_check = pos.board().in_check();
        let raw_eval = if in_check || !excluded.is_null() {
            NO_EVAL
        } else {
            self.raw_evaluation(pos, entry)
        };
        let static_eval = if in_check {
            NO_EVAL
        } else if !excluded.is_null() {
            self.stack[ply].static_eval
        } else if self.shared.opts.correction {
            raw_eval + self.correction.get(pos.board())
        } else {
            raw_eval
        };
        self.stack[ply].static_eval = static_eval;
        (raw_eval, static_eval)
    }

    /// Step 7, evaluation-difference history: the quiet move that led here is rewarded by how
    /// much it raised its side's static evaluation (and blamed by how much it lowered it),
    /// whatever the search of this node goes on to find.
    #[inline(always)]
    fn eval_difference_history(&mut self, pos: &Position, ply: usize, static_eval: i32) {
        let parent = self.stack[ply - 1];
        if parent.static_eval != NO_EVAL && !parent.current.is_null() && parent.current.is_quiet() {
            let gain = -(static_eval + parent.static_eval);
            let bonus = (gain * EVAL_HISTORY_MULT).clamp(-EVAL_HISTORY_MAX, EVAL_HISTORY_MAX);
            let mover = !pos.board().side_to_move();
            match pos
                .previous()
                .filter(|_| self.shared.opts.ordering.threat_history)
            {
                // With the threat-keyed history on, the parent's attacks key its move.
                Some(before) => {
                    let bucket = ThreatBucket::of(Threats::of(before).all, parent.current);
                    self.tables
                        .threat_history
                        .update(mover, bucket, parent.current, bonus);
                }
                None => self.tables.history.update(mover, parent.current, bonus),
            }
        }
    }

    /// Step 8, razoring: so far below alpha at low depth that only a tactic could help; ask
    /// quiescence, and trust it when it agrees. Not when alpha is a decisive win
    /// (`decisive_windows`): the tactic that reaches it is often a quiet mate, which
    /// quiescence cannot see. The node's score if it is cut.
    #[inline(always)]
    fn razoring(&mut self, pos: &mut Position, node: &Node, eval: i32, alpha: i32) -> Option<i32> {
        let tech = node.tech;
        if !(tech.razoring
            && node.depth <= t::razor_depth()
            && !decisive_win(tech, alpha)
            && eval + t::razor_base() + t::razor_margin() * node.depth < alpha)
        {
            return None;
        }
        let score = self.quiescence(pos, node.ply, alpha - 1, alpha);
        if self.stopped {
            return Some(0);
        }
        (score < alpha).then_some(score)
    }

    /// Step 8, null-move pruning: let the opponent move twice; if a reduced search still
    /// reaches beta, the real moves will too. Not twice in a row, not without pieces
    /// (zugzwang), not where beta is a decisive loss (the reduced search falls into
    /// quiescence, blind to the quiet mate that is the only threat left), and verified by a
    /// search without null moves at high depth. The node's score if it is cut.
    #[inline(always)]
    fn null_move(&mut self, pos: &mut Position, node: &Node, eval: i32, beta: i32) -> Option<i32> {
        let (ply, depth) = (node.ply, node.depth);
        if !(node.tech.null_move
            && depth >= t::nmp_depth()
            && eval >= beta
            && node.static_eval >= beta
            && !self.stack[ply].after_null
            && ply >= self.nmp_min_ply
            && beta.abs() < MATE_BOUND
            && !decisive_loss(node.tech, beta)
            && has_two_pieces(pos))
        {
            return None;
        }
        let r = t::nmp_base()
            + depth / t::nmp_depth_div()
            + ((eval - beta) / t::nmp_eval_div()).min(t::nmp_eval_max());
        self.stack[ply].moved = None;
        self.stack[ply].current = Move::NULL;
        self.make_null_move(pos);
        self.stack[ply + 1].after_null = true;
        let score = -self.alpha_beta(pos, depth - r, ply + 1, -beta, -beta + 1, !node.kind.cut);
        self.stack[ply + 1].after_null = false;
        self.unmake_null_move(pos);
        if self.stopped {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        // A mate found by passing is no proof of one.
        let score = if score >= MATE_BOUND { beta } else { score };
        if depth < t::nmp_verify_depth() {
            return Some(score);
        }
        // Verification: the same reduced search, with null moves off for the first plies of
        // it, so a zugzwang cannot hide behind a pass.
        let saved = self.nmp_min_ply;
        self.nmp_min_ply = ply + (t::nmp_verify_pct() * (depth - r) / 100) as usize;
        let v = self.alpha_beta(pos, depth - r, ply, beta - 1, beta, false);
        self.nmp_min_ply = saved;
        self.pv_len[ply] = ply;
        if self.stopped {
            return Some(0);
        }
        (v >= beta).then_some(score)
    }

    /// Step 15, late move reductions: later moves in the order are searched this many plies
    /// shallower with a null window (0: not reduced); a move that beats alpha anyway is
    /// searched again in full. Worth: +131.1 Elo [+96.8, +167.9].
    #[inline(always)]
    fn late_move_reduction(
        &self,
        node: &Node,
        c: &Candidate,
        searched: usize,
        gives_check: bool,
        new_depth: i32,
    ) -> i32 {
        let tech = node.tech;
        // The root's losing captures are reduced only with `root_capture_lmr` (not in the
        // ablation table; docs/tactics.md).
        if !(tech.lmr
            && node.depth >= t::lmr_depth()
            && searched > 1 + node.kind.pv as usize
            && (c.quiet
                || (c.from == PickedFrom::BadCapture && (!node.root || tech.root_capture_lmr))))
        {
            return 0;
        }
        let mut r = self.lmr.get(node.depth, searched);
        r -= node.kind.pv as i32;
        r -= node.improving as i32;
        r -= gives_check as i32;
        // The refutation stages (killers, countermove) earned some trust.
        r -= matches!(
            c.from,
            PickedFrom::Killer1 | PickedFrom::Killer2 | PickedFrom::CounterMove
        ) as i32;
        r += node.kind.cut as i32;
        r -= c.history / t::lmr_history_div();
        r.min(new_depth - 1).max(0)
    }

    /// Step 18, the correction history (`SearchOptions::correction`): learns the evaluation's
    /// error from a result that bounds it on the informative side, where no capture decided
    /// it and no mate or table score stands in for an evaluation. Out of check only.
    #[inline(always)]
    fn learn_correction(
        &mut self,
        pos: &Position,
        best: &NodeBest,
        bound: Bound,
        static_eval: i32,
        depth: i32,
    ) {
        if self.shared.opts.correction
            && (best.mv.is_null() || best.mv.is_quiet())
            && best.score.abs() < tablebase::TB_BOUND
            && match bound {
                Bound::Exact => true,
                Bound::Lower => best.score > static_eval,
                Bound::Upper => best.score < static_eval,
            }
        {
            self.correction
                .update(pos.board(), depth, best.score, static_eval);
        }
    }

    /// The singular search of hash move `e.mv` at a node of `depth` with window top `beta`:
    /// every other move, searched at half the depth against a bound below the table's score,
    /// either fails below it (the hash move is singular: extend it, twice as far when the
    /// others fail far below) or reaches it (when that bound is at or above beta, several
    /// moves beat beta: cut). Only an entry that is no upper bound, nearly as deep as the
    /// node and no mate score is trusted.
    fn singular(
        &mut self,
        pos: &mut Position,
        ply: usize,
        depth: i32,
        e: &TtEntry,
        beta: i32,
        kind: NodeKind,
    ) -> Singular {
        let tt_score = score_from_tt(e.score, ply);
        if e.bound == Bound::Upper
            || e.depth < depth - t::se_tt_depth()
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::Not;
        }
        let singular_beta = tt_score - t::se_margin() * depth;
        self.stack[ply].excluded = e.mv;
        let s = self.alpha_beta(
            pos,
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            kind.cut,
        );
        self.stack[ply].excluded = Move::NULL;
        self.pv_len[ply] = ply;
        if s < singular_beta {
            let double = !kind.pv
                && s < singular_beta - t::se_double_margin()
                && self.stack[ply].double_extensions < t::se_double_max();
            Singular::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else {
            Singular::Not
        }
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
        self.observer.quiescence_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let in_check = pos.board().in_check();
        // The main search hands nodes at depth 0 straight to quiescence, so the draws it checks
        // are checked here too: a quiet move into a repetition or past the 50-move limit at the
        // horizon is a draw, not a position to evaluate. (After a capture both are cheap: the
        // halfmove clock is 0.)
        if pos.is_search_draw(ply) {
            return 0;
        }
        let tech = self.shared.opts.active_techniques();
        let key = pos.board().key();
        let pv_node = beta - alpha > 1;
        let entry = self.shared.tt.probe(key);
        self.observer.tt_probe(entry.is_some());
        let mut tt_move = Move::NULL;
        if let Some(e) = entry {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node && e.bound.cuts(s, alpha, beta) {
                return s;
            }
        }

        // Stand pat: out of check the side to move may decline every capture.
        let static_eval = if in_check {
            NO_EVAL
        } else {
            self.raw_evaluation(pos, entry)
        };
        let stand_pat = if in_check {
            -INFINITY
        } else {
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            static_eval
        };
        let mut best = NodeBest::new(stand_pat, alpha, beta);
        let prune = tech.quiescence_pruning && !in_check;
        let mut picker = MovePicker::quiescence(self.shared.opts.ordering, tt_move, in_check);
        let mut searched = 0usize;
        let mut first_from = PickedFrom::HashMove;
        while let Some((m, from)) = picker.next(pos.board(), self.tables) {
            // Captures that lose material (SEE below 0) are not searched here.
            if prune {
                if from == PickedFrom::BadCapture {
                    break;
                }
                if !self.shared.opts.ordering.see_split
                    && m.is_capture()
                    && !see_ge(pos.board(), m, 0)
                {
                    continue;
                }
                // Delta pruning: a capture whose victim cannot lift the score to alpha even
                // with a margin for position.
                if m.promotion_piece().is_none() {
                    let gain = pos
                        .board()
                        .captured(m)
                        .map_or(0, |v| PIECE_VALUE[v.index()]);
                    // A capture that gives check is spared (`spare_checks`): it may mate.
                    if stand_pat + gain + t::delta_margin() <= best.alpha
                        && !(tech.spare_checks && picker.gives_check(pos.board(), m))
                    {
                        continue;
                    }
                }
            }
            searched += 1;
            if searched == 1 {
                first_from = from;
            }
            self.make_move(pos, m);
            let score = -self.quiescence(pos, ply + 1, -beta, -best.alpha);
            self.unmake_move(pos);
            if self.stopped {
                return 0;
            }
            let outcome = self.take_score(&mut best, ply, m, score);
            if outcome == Outcome::Cutoff {
                self.observer.quiescence_cutoff(searched, from, first_from);
                break;
            }
        }
        if in_check && searched == 0 {
            return -MATE + ply as i32;
        }
        self.shared.tt.store(
            key,
            best.mv,
            score_to_tt(best.score, ply),
            static_eval,
            0,
            best.bound(),
        );
        best.score
    }
}
