//! The search: iterative deepening over a negamax alpha-beta with principal variation search,
//! aspiration windows and quiescence, on a shared transposition table (Lazy SMP threads).

pub mod ordering;
pub mod stats;
pub mod tablebase;
pub mod time;
pub mod tt;
mod worker;

use crate::board::Move;
use crate::position::Position;
use ordering::{History, Killers, OrderingConfig};
use stats::{Iteration, SearchStats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tablebase::{RootTb, Tablebase, TB_BOUND, TB_WIN, TB_WIN_CP};
pub use time::Limits;
use tt::TranspositionTable;
use worker::SearchThread;

/// The deepest ply the search reaches (check extensions included).
pub const MAX_PLY: usize = 128;
/// Larger than any score.
pub const INFINITY: i32 = 32_000;
/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// How a search runs, from the UCI options.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ordering: OrderingConfig,
    /// Print the ordering statistics after each iteration (and so count them).
    pub stats: bool,
    /// Count the ordering statistics (`SearchResult::stats`) without printing them, as the
    /// ordering lab does. When neither this nor `stats` is set, the search runs a copy of
    /// itself with the counters compiled out, so play and `bench` pay nothing for them.
    pub count_stats: bool,
    /// Alpha-beta alone: no pruning beyond it (today: no SEE pruning in quiescence), so node
    /// counts measure move ordering only.
    pub pure: bool,
    pub chess960: bool,
    /// Print `info` lines (bench and the lab run silent).
    pub report: bool,
    /// Syzygy tables to probe (the `SyzygyPath` option), shared by all threads.
    pub tablebase: Option<Arc<Tablebase>>,
}

impl SearchOptions {
    /// Whether the search counts its statistics.
    pub fn counts_stats(&self) -> bool {
        self.stats || self.count_stats
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            ordering: OrderingConfig::FULL,
            stats: false,
            count_stats: false,
            pure: false,
            chess960: false,
            report: true,
            tablebase: None,
        }
    }
}

/// Signals between the UCI thread and a running search.
#[derive(Default)]
pub struct Control {
    /// Set by `stop` (or by the main search thread when it is done, to end the helpers).
    pub stop: AtomicBool,
    /// True while pondering: no time limit applies until `ponderhit` clears it.
    pub pondering: AtomicBool,
    /// True for `go infinite`: the bestmove waits for `stop`.
    pub infinite: AtomicBool,
}

impl Control {
    pub fn new() -> Control {
        Control::default()
    }

    pub fn reset(&self, limits: &Limits) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(limits.ponder, Ordering::SeqCst);
        self.infinite.store(limits.infinite, Ordering::SeqCst);
    }
}

/// What a stored score bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    Exact,
    Lower,
    Upper,
}

/// One principal variation (one per MultiPV line).
#[derive(Clone, Debug, PartialEq)]
pub struct PvLine {
    pub score: i32,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// Null only when the side to move has no legal move.
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// Successful tablebase probes, all threads (root ranking included).
    pub tbhits: u64,
    pub time_ms: u64,
    pub lines: Vec<PvLine>,
    pub iterations: Vec<Iteration>,
    pub stats: SearchStats,
}

/// The per-thread state that outlives one search: history and killers (kept across the moves
/// of a game, cleared by `ucinewgame`).
#[derive(Default)]
pub struct Worker {
    pub history: History,
    pub killers: Killers,
}

/// Owns what persists between searches: the table and one worker per thread.
pub struct Searcher {
    pub tt: Arc<TranspositionTable>,
    workers: Vec<Worker>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(TranspositionTable::DEFAULT_MB, 1)
    }
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        let mut s = Searcher {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            workers: Vec::new(),
        };
        s.set_threads(threads);
        s
    }

    pub fn set_threads(&mut self, n: usize) {
        self.workers.resize_with(n.max(1), Worker::default);
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Replaces the table with an empty one of `mb` megabytes; on an error the table keeps its
    /// old size (emptied: its memory was freed to make room for the new one).
    pub fn resize_tt(&mut self, mb: usize) -> Result<(), String> {
        // The old table goes first, so its memory is free for the new one.
        let old_mb = self.tt.size_mb();
        self.tt = Arc::new(TranspositionTable::new(1));
        match TranspositionTable::try_new(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                Ok(())
            }
            Err(e) => {
                self.tt = Arc::new(TranspositionTable::new(old_mb));
                Err(e)
            }
        }
    }

    /// Forgets everything learned: the table, history and killers.
    pub fn clear(&mut self) {
        self.tt.clear();
        for w in &mut self.workers {
            w.history.clear();
            w.killers.clear();
        }
    }

    /// Searches `pos` within `limits`; `out` receives the UCI `info` lines.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        opts: &SearchOptions,
        control: &Control,
        out: &mut (dyn FnMut(&str) + Send),
    ) -> SearchResult {
        self.search_then(pos, limits, opts, control, out, &mut |_| {})
    }

    /// `search`, calling `done` with the main thread's result as soon as it has one, before
    /// the helper threads are joined: with more threads than cores a helper may wait tens of
    /// milliseconds for a core to see the stop, and the bestmove should not wait with it.
    /// The returned result adds the helpers' node counts and statistics.
    pub fn search_then(
        &mut self,
        pos: &Position,
        limits: &Limits,
        opts: &SearchOptions,
        control: &Control,
        out: &mut (dyn FnMut(&str) + Send),
        done: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.tt.new_search();
        let tt: &TranspositionTable = &self.tt;
        let tb = TbState::new(opts.tablebase.as_deref(), pos);
        let tb = &tb;
        let counters: Vec<AtomicU64> = (0..self.workers.len()).map(|_| AtomicU64::new(0)).collect();
        let counters = &counters;
        let (main, helpers) = self.workers.split_first_mut().expect("at least one worker");
        std::thread::scope(|scope| {
            // The main thread starts first: it holds the clock, so it must not queue behind
            // the helpers for a core.
            let main_thread = std::thread::Builder::new()
                .name("search-main".into())
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || {
                    let mut p = pos.clone();
                    let shared = (tt, control, opts, limits, counters.as_slice(), tb);
                    if opts.counts_stats() {
                        run_thread::<true>(main, shared, 0, &mut p, out).0
                    } else {
                        run_thread::<false>(main, shared, 0, &mut p, out).0
                    }
                });
            let mut handles = Vec::new();
            for (i, w) in helpers.iter_mut().enumerate() {
                let mut p = pos.clone();
                let builder = std::thread::Builder::new()
                    .name(format!("search-{}", i + 1))
                    .stack_size(SEARCH_STACK);
                let handle = builder.spawn_scoped(scope, move || {
                    let shared = (tt, control, opts, limits, counters.as_slice(), tb);
                    if opts.counts_stats() {
                        run_thread::<true>(w, shared, i + 1, &mut p, &mut |_| {}).1
                    } else {
                        run_thread::<false>(w, shared, i + 1, &mut p, &mut |_| {}).1
                    }
                });
                match handle {
                    Ok(h) => handles.push(h),
                    Err(_) => break, // fewer threads than asked: the search still runs
                }
            }
            let mut result = match main_thread {
                Ok(h) => h.join().unwrap_or_default(),
                Err(_) => SearchResult::default(),
            };
            control.stop.store(true, Ordering::SeqCst);
            done(&result);
            for h in handles {
                if let Ok(s) = h.join() {
                    result.stats += s;
                }
            }
            result.nodes = counters.iter().map(|c| c.load(Ordering::Relaxed)).sum();
            result.tbhits = tb.hits.load(Ordering::Relaxed);
            result
        })
    }
}

/// What all threads of a search share.
type Shared<'a> = (
    &'a TranspositionTable,
    &'a Control,
    &'a SearchOptions,
    &'a Limits,
    &'a [AtomicU64],
    &'a TbState<'a>,
);

/// Runs one search thread, with its statistics counted (`STATS`) or compiled out; returns its
/// result and its statistics.
fn run_thread<const STATS: bool>(
    worker: &mut Worker,
    (tt, control, opts, limits, counters, tb): Shared<'_>,
    id: usize,
    pos: &mut Position,
    out: &mut (dyn FnMut(&str) + Send),
) -> (SearchResult, SearchStats) {
    let mut t =
        SearchThread::<STATS>::new(worker, tt, control, opts, limits, counters, tb, id, pos);
    let r = t.iterate(pos, out);
    (r, t.stats())
}

/// The tablebase state of one search, shared by its threads.
pub(crate) struct TbState<'a> {
    pub tables: Option<&'a Tablebase>,
    /// Largest table's piece count; 0 when nothing is loaded (the search never probes).
    pub max_pieces: usize,
    /// The root's ranking, when the root is in the tables: the search keeps to its moves.
    pub root: Option<RootTb>,
    /// Successful probes, all threads.
    pub hits: AtomicU64,
}

impl<'a> TbState<'a> {
    fn new(tables: Option<&'a Tablebase>, pos: &Position) -> TbState<'a> {
        let root = tables.and_then(|t| t.rank_root(&mut pos.clone()));
        TbState {
            tables,
            max_pieces: tables.map_or(0, Tablebase::max_pieces),
            hits: AtomicU64::new(root.as_ref().map_or(0, |r| r.probes)),
            root,
        }
    }
}

/// Stack size of each search thread: the picker keeps its lists on the stack at every ply.
pub const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// Formats a score as UCI `cp N` or `mate N` (moves, negative when being mated). Tablebase
/// wins show as `cp 20000` less the plies to reach the tablebase position.
pub fn format_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        // Mated now (a checkmated root) is `mate 0`, not `mate -0`.
        match (MATE + score) / 2 {
            0 => "mate 0".to_string(),
            n => format!("mate -{n}"),
        }
    } else if score >= TB_BOUND {
        format!("cp {}", TB_WIN_CP - (TB_WIN - score))
    } else if score <= -TB_BOUND {
        format!("cp {}", -TB_WIN_CP + (TB_WIN + score))
    } else {
        format!("cp {score}")
    }
}

/// A one-shot search from a fresh state (bench, the lab, tests).
pub fn search_fresh(pos: &Position, limits: &Limits, opts: &SearchOptions) -> SearchResult {
    let control = Control::new();
    control.reset(limits);
    search_fresh_with(pos, limits, opts, &control)
}

/// `search_fresh` under a caller's `Control`, so another thread (the lab's Ctrl-C handler)
/// can stop it. The caller resets the control for `limits` (and then checks its own stop
/// signal, so that a stop that came before the search started is not lost).
pub fn search_fresh_with(
    pos: &Position,
    limits: &Limits,
    opts: &SearchOptions,
    control: &Control,
) -> SearchResult {
    let mut s = Searcher::new(TranspositionTable::DEFAULT_MB, opts.threads);
    s.search(pos, limits, opts, control, &mut |_| {})
}
