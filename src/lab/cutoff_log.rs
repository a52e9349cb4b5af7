//! The cutoff log: the quiet moves that caused beta cutoffs, as the search met them, with
//! where the picker had placed each one and what it knew of every quiet move when the node
//! was entered. It is the learned move order's data (`cutoff policy-data`, `cutoff
//! policy-train`): what a policy should have put first, beside what the history family did put
//! first at that very node, with the histories as they were then (they change as the search
//! goes, so a later look would mean nothing).
//!
//! The log is the search's observer (`search::observer`) where a tool asks for it: the search
//! as it plays has no code for it.

use crate::board::{is_legal, quiet_moves, Board, Move, MoveList};
use crate::search::observer::{CutoffSeen, MoveLoopStart, SearchObserver};
use crate::search::ordering::{HistoryParts, HistoryRead, PickedFrom};

/// Where in its search a logged node stood: how fresh the histories it read were.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeContext {
    /// Plies from the root.
    pub ply: u8,
    /// Nodes the search had visited when it entered the node (saturated), counted from the
    /// search's start; the tables also hold what the game's earlier searches learned.
    pub nodes: u32,
}

/// What the picker knew of a node's quiet moves when the search entered it, before any move
/// was searched: the moves its refutation stages would yield first, and each quiet move's
/// history score, whole and part by part. Taken only at the nodes the log wants.
#[derive(Clone, Debug, Default)]
pub struct NodeEntry {
    /// The hash move, if it is a legal quiet move (it is searched first, whatever the
    /// histories say), else null.
    pub hash_move: Move,
    /// The killers, each if a legal quiet move other than the hash move, else null.
    pub killers: [Move; 2],
    /// The countermove, likewise.
    pub counter: Move,
    /// The history score of each legal quiet move, in `quiet_moves` order: the butterfly
    /// history plus the continuation and pawn-structure histories when on, as late move
    /// reductions read it (the threat term, off in play, is left out).
    pub scores: Vec<i32>,
    /// The same scores part by part, in the same order (empty in data of format 2, which
    /// kept only the sums).
    pub parts: Vec<HistoryParts>,
    /// Where the node stood in its search (None in data of format 2).
    pub context: Option<NodeContext>,
}

impl NodeEntry {
    /// What the picker knows at `node`'s move loop, before any move is searched.
    pub(crate) fn take(node: &MoveLoopStart) -> NodeEntry {
        let board = node.board;
        let quiet = |m: Move| {
            if !m.is_null() && m.is_quiet() && is_legal(board, m) {
                m
            } else {
                Move::NULL
            }
        };
        let hash_move = quiet(node.hash_move);
        let refuter = |m: Move| {
            let m = quiet(m);
            if m == hash_move {
                Move::NULL
            } else {
                m
            }
        };
        let mut list = MoveList::new();
        quiet_moves(board, &mut list);
        let parts: Vec<HistoryParts> = list
            .iter()
            .map(|&m| {
                node.tables.quiet_history_parts(
                    HistoryRead::search(node.config),
                    board,
                    &node.key,
                    m,
                )
            })
            .collect();
        NodeEntry {
            hash_move,
            killers: node.killers.map(refuter),
            counter: refuter(node.counter),
            scores: parts.iter().map(HistoryParts::sum).collect(),
            parts,
            context: Some(NodeContext {
                ply: node.ply.min(u8::MAX as usize) as u8,
                nodes: node.nodes.min(u32::MAX as u64) as u32,
            }),
        }
    }
}

/// One quiet beta cutoff.
#[derive(Clone, Debug)]
pub struct CutoffSample {
    pub board: Board,
    /// The quiet move that cut off.
    pub mv: Move,
    /// Quiet moves other than the hash move searched before it at this node (0: the
    /// picker's first quiet after the hash move cut off).
    pub rank: u8,
    /// The node's remaining depth.
    pub depth: u8,
    /// The node's beta (side to move's view, internal centipawns): what a move had to reach
    /// to cut off, so other moves can be tested against it later.
    pub beta: i32,
    /// What the picker knew when the node was entered.
    pub entry: NodeEntry,
}

/// Quiet cutoffs of a search, not by the hash move (the table's move is first whatever the
/// histories say) and not at the root (its order is the previous iteration's), at a depth of
/// at least `min_depth`: the main thread's (a helper thread's log is off).
#[derive(Debug, Default)]
pub struct CutoffLog {
    on: bool,
    min_depth: i32,
    samples: Vec<CutoffSample>,
}

impl CutoffLog {
    /// A log of the cutoffs at `min_depth` and deeper.
    pub fn new(min_depth: i32) -> CutoffLog {
        CutoffLog {
            on: true,
            min_depth,
            samples: Vec::new(),
        }
    }

    /// Hands over what was logged so far and goes on logging.
    pub fn take(&mut self) -> Vec<CutoffSample> {
        std::mem::take(&mut self.samples)
    }
}

impl SearchObserver for CutoffLog {
    /// What the picker knew when the node's move loop started, where the log wants the node.
    type Node = Option<NodeEntry>;

    fn move_loop(&mut self, node: &MoveLoopStart) -> Option<NodeEntry> {
        (self.on && node.ply > 0 && node.depth >= self.min_depth).then(|| NodeEntry::take(node))
    }

    fn cutoff(&mut self, node: &Option<NodeEntry>, cut: &CutoffSeen) {
        let Some(entry) = node else {
            return;
        };
        if !cut.mv.is_quiet() || cut.from == PickedFrom::HashMove {
            return;
        }
        let rank = cut
            .tried
            .quiets()
            .iter()
            .filter(|&&q| q != cut.hash_move)
            .count();
        self.samples.push(CutoffSample {
            board: *cut.board,
            mv: cut.mv,
            rank: rank.min(u8::MAX as usize) as u8,
            depth: cut.depth.clamp(0, u8::MAX as i32) as u8,
            beta: cut.beta,
            entry: entry.clone(),
        });
    }

    fn helper(&self) -> Self {
        CutoffLog::default()
    }
}
