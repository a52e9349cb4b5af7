//! What watches a search as it runs. A search thread reports to one observer, a type
//! parameter of the thread: the player's (`Unobserved`) does nothing, so the search compiled
//! with it has no code for any report; the ordering statistics (`SearchStats`) are one
//! observer, the lab's cutoff log another. Every hook does nothing unless an observer says
//! otherwise, and each is called where the node search meets what it reports.

use super::ordering::{HistoryKey, OrderingConfig, OrderingTables, PickedFrom, TriedMoves};
use super::stats::SearchStats;
use crate::board::{Board, Move};

/// A main-search node's move loop as it starts: what the picker knows before any move is
/// searched.
pub(crate) struct MoveLoopStart<'a> {
    pub(crate) tables: &'a OrderingTables,
    pub(crate) config: OrderingConfig,
    pub(crate) board: &'a Board,
    /// The earlier moves, ply and attacks, as the node's picker has them.
    pub(crate) key: HistoryKey,
    /// The node's hash move (at the root, the last iteration's best), unchecked.
    pub(crate) hash_move: Move,
    pub(crate) killers: [Move; 2],
    pub(crate) counter: Move,
    pub(crate) ply: usize,
    pub(crate) depth: i32,
    /// Nodes the thread had searched when it entered the node.
    pub(crate) nodes: u64,
    /// A singular search's node: the hash move is excluded, and the node shares the key of
    /// the full one.
    pub(crate) singular: bool,
}

/// A beta cutoff in the main search.
pub(crate) struct CutoffSeen<'a> {
    /// The node's board.
    pub(crate) board: &'a Board,
    /// The move that cut off, and the stage it came from.
    pub(crate) mv: Move,
    pub(crate) from: PickedFrom,
    /// Its number among the moves searched, from 1.
    pub(crate) number: usize,
    /// The stage of the first move searched.
    pub(crate) first_from: PickedFrom,
    /// The moves searched before it.
    pub(crate) tried: &'a TriedMoves,
    /// The node's hash move, as `MoveLoopStart` had it.
    pub(crate) hash_move: Move,
    pub(crate) depth: i32,
    pub(crate) beta: i32,
}

/// What a search thread reports to as it runs. Each hook's default does nothing.
pub(crate) trait SearchObserver: Send {
    /// What the observer keeps of one node while its moves are searched (the cutoff log:
    /// what the picker knew when the loop started); `()` for most.
    type Node: Default;

    /// A transposition table probe (main search or quiescence), and whether it hit.
    #[inline(always)]
    fn tt_probe(&mut self, _hit: bool) {}

    /// A quiescence node was entered.
    #[inline(always)]
    fn quiescence_node(&mut self) {}

    /// A main-search node starts its move loop.
    #[inline(always)]
    fn move_loop(&mut self, _node: &MoveLoopStart) -> Self::Node {
        Self::Node::default()
    }

    /// A move to search before every other at the node `node` is kept of (the hash move
    /// included), if legal there; `Move::NULL` for none. The lab's oracle order; no other
    /// observer gives one, and the search then has no code for it.
    #[inline(always)]
    fn first_move(&self, _node: &Self::Node) -> Move {
        Move::NULL
    }

    /// The picker yielded move `m` from stage `from` at a main-search node; `pruned`: move
    /// pruning skipped it.
    #[inline(always)]
    fn move_picked(&mut self, _node: &mut Self::Node, _m: Move, _from: PickedFrom, _pruned: bool) {}

    /// A main-search node's move loop ended, with the move that raised alpha last (the one
    /// that failed high, or the PV move; null when none did) and whether it failed high. Not
    /// heard at a node a singular search cut (multi-cut) or a stop ended.
    #[inline(always)]
    fn move_loop_end(&mut self, _node: Self::Node, _best: Move, _cut: bool) {}

    /// The hash move is searched.
    #[inline(always)]
    fn hash_move_searched(&mut self) {}

    /// A main-search node failed high; `node` is what `move_loop` kept of it.
    #[inline(always)]
    fn cutoff(&mut self, _node: &Self::Node, _cut: &CutoffSeen) {}

    /// A quiescence node failed high on its `number`th move (from 1), from stage `from`; its
    /// first move came from `first`.
    #[inline(always)]
    fn quiescence_cutoff(&mut self, _number: usize, _from: PickedFrom, _first: PickedFrom) {}

    /// The statistics counted so far, if it counts them.
    #[inline(always)]
    fn stats(&self) -> Option<&SearchStats> {
        None
    }

    /// A fresh observer for a helper thread of the same search.
    fn helper(&self) -> Self;
}

/// The player's observer: nothing is reported, and no hook leaves any code behind.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Unobserved;

impl SearchObserver for Unobserved {
    type Node = ();

    fn helper(&self) -> Self {
        Unobserved
    }
}

/// The statistics, counted where the search meets what they count.
impl SearchObserver for SearchStats {
    type Node = ();

    #[inline(always)]
    fn tt_probe(&mut self, hit: bool) {
        self.tt_probes += 1;
        self.tt_hits += hit as u64;
    }

    #[inline(always)]
    fn quiescence_node(&mut self) {
        self.qnodes += 1;
    }

    #[inline(always)]
    fn move_loop(&mut self, _node: &MoveLoopStart) {
        self.expanded += 1;
    }

    #[inline(always)]
    fn hash_move_searched(&mut self) {
        self.hash_move_available += 1;
    }

    #[inline(always)]
    fn cutoff(&mut self, _node: &(), cut: &CutoffSeen) {
        self.main.record(cut.number, cut.from, cut.first_from);
        self.hash_move_cutoffs += (cut.from == PickedFrom::HashMove) as u64;
    }

    #[inline(always)]
    fn quiescence_cutoff(&mut self, number: usize, from: PickedFrom, first: PickedFrom) {
        self.quiescence.record(number, from, first);
    }

    fn stats(&self) -> Option<&SearchStats> {
        Some(self)
    }

    fn helper(&self) -> Self {
        SearchStats::default()
    }
}
