//! The search: iterative deepening over a negamax alpha-beta with principal variation search,
//! aspiration windows and quiescence, on a shared transposition table (Lazy SMP threads).

pub(crate) mod correction;
pub(crate) mod event;
pub mod heuristics;
pub(crate) mod level;
mod negamax;
pub(crate) mod observer;
pub mod ordering;
mod reductions;
pub mod stats;
pub mod tablebase;
pub mod techniques;
mod thread;
pub mod time;
pub(crate) mod tt;
pub(crate) mod tunable;

use crate::board::{is_legal, Move};
use crate::eval::nnue::{default_network, Network};
use crate::position::Position;
use correction::CorrectionHistory;
pub(crate) use event::{EventSink, LineReport, SearchEvent};
use heuristics::Heuristics;
pub use level::Level;
use observer::{SearchObserver, Unobserved};
use ordering::{OrderingConfig, OrderingTables};
use stats::{Iteration, SearchStats};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use tablebase::{RootTb, Tablebase, TB_BOUND};
pub(crate) use techniques::Techniques;
use thread::SearchThread;
pub use time::Limits;
use time::TimeManager;
use tt::TranspositionTable;
pub use tunable::spsa_input;

/// The deepest ply the search reaches (check extensions included).
pub(crate) const MAX_PLY: usize = 128;
/// Larger than any score.
pub(crate) const INFINITY: i32 = 32_000;
/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The deepest iteration a search starts: every depth anyone asks for (`go depth`, `bench`,
/// the lab) is clamped to `1..=MAX_DEPTH` by `clamp_depth`.
pub(crate) const MAX_DEPTH: i32 = MAX_PLY as i32 - 1;

/// A requested depth as the search can run it.
pub fn clamp_depth(depth: i64) -> i32 {
    depth.clamp(1, MAX_DEPTH as i64) as i32
}

/// Whether a search keeps the ordering statistics (`SearchResult::stats`): which observer
/// `Searcher::search` gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatsMode {
    /// The player's observer, with no code for the counters: play and `bench`.
    #[default]
    Off,
    /// Counted and returned in the result (the ordering lab).
    Count,
    /// Counted, and also sent as a `Stats` event after each iteration (the `Stats` option).
    Report,
}

/// How a search runs, from the UCI options.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ordering: OrderingConfig,
    /// The evaluation's correction history (`heuristics::Heuristics::correction`).
    pub correction: bool,
    pub stats: StatsMode,
    /// Alpha-beta alone: every selective technique off, whatever `techniques` says
    /// (`active_techniques` gives `Techniques::NONE`): no pruning, reductions or selective
    /// extensions, every check extended, every capture searched in quiescence. Node counts
    /// then measure move ordering only. The `Selectivity` option off, the lab's `--pure`.
    pub pure: bool,
    /// The selective techniques on (each a UCI option); `pure` overrides them all.
    pub techniques: Techniques,
    pub chess960: bool,
    /// Send `Line`, `CurrentMove`, `Stats` and `NoLegalMove` events (bench and the lab run
    /// silent; `Finished` is always sent).
    pub report: bool,
    /// Syzygy tables to probe (the `SyzygyPath` option), shared by all threads.
    pub tablebase: Option<Arc<Tablebase>>,
    /// Limited strength: the search ranks the level's candidate moves within its node
    /// budget, draws the move to play among them and paces its reply; None plays at full
    /// strength. A limited search runs on one thread whatever `threads` says, so a level
    /// plays the same on every machine (`level::search_at_level` wraps the search).
    pub level: Option<Level>,
    /// The time manager may spend up to the hard limit on an unclear position; off, the
    /// hard limit is the soft one (a level's longest move is its normal one).
    pub extra_time: bool,
    /// What scales the soft limit (`TimeStability`, `TimeNodeShare`, `TimeFallingScore`).
    pub clock: time::ClockReads,
    /// The net that evaluates, shared by every thread; None: the hand-written evaluation.
    /// By default the build's default evaluation (`eval::nnue::default_network`).
    pub network: Option<Arc<Network>>,
    /// The learned move order's head, which `OrderPolicy` reads (None: the switch does
    /// nothing).
    pub policy: Option<Arc<ordering::policy::PolicyModel>>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead_ms: time::DEFAULT_MOVE_OVERHEAD_MS,
            ordering: OrderingConfig::PLAYING,
            correction: true,
            stats: StatsMode::Off,
            pure: false,
            techniques: Techniques::ALL,
            chess960: false,
            report: true,
            tablebase: None,
            level: None,
            extra_time: true,
            clock: time::ClockReads::ALL,
            network: default_network(),
            policy: None,
        }
    }
}

impl SearchOptions {
    /// The learned heuristics on, as `heuristics::SWITCHES` names them.
    pub fn heuristics(&self) -> Heuristics {
        Heuristics {
            ordering: self.ordering,
            correction: self.correction,
        }
    }

    /// Switches the learned heuristics to `h`.
    pub fn set_heuristics(&mut self, h: Heuristics) {
        self.ordering = h.ordering;
        self.correction = h.correction;
    }

    /// The techniques a search runs with: none when `pure`.
    pub(crate) fn active_techniques(&self) -> Techniques {
        if self.pure {
            Techniques::NONE
        } else {
            self.techniques
        }
    }
}

/// Signals between the UCI thread and a running search.
#[derive(Default)]
pub struct Control {
    /// Set by `stop` (or by the main search thread when it is done, to end the helpers).
    pub(crate) stop: AtomicBool,
    /// True while pondering: no time limit applies until `ponderhit` clears it.
    pub(crate) pondering: AtomicBool,
    /// True for `go infinite`: the bestmove waits for `stop`.
    pub(crate) infinite: AtomicBool,
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
    pub(crate) time_ms: u64,
    pub lines: Vec<PvLine>,
    pub iterations: Vec<Iteration>,
    pub stats: SearchStats,
}

/// What one search thread has learned, kept between searches (across the moves of a game)
/// and cleared by `ucinewgame`: its ordering's tables and its evaluation's correction.
#[derive(Default)]
pub(crate) struct ThreadTables {
    pub(crate) ordering: OrderingTables,
    pub(crate) correction: CorrectionHistory,
}

/// Owns what persists between searches: the table and what each thread has learned.
pub struct Searcher {
    pub(crate) tt: Arc<TranspositionTable>,
    tables: Vec<ThreadTables>,
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
            tables: Vec::new(),
        };
        s.set_threads(threads);
        s
    }

    pub(crate) fn set_threads(&mut self, n: usize) {
        self.tables.resize_with(n.max(1), ThreadTables::default);
    }

    pub(crate) fn threads(&self) -> usize {
        self.tables.len()
    }

    /// What the main search thread's ordering has learned (the move-order explainer shows it).
    pub fn main_tables(&self) -> &OrderingTables {
        &self.tables[0].ordering
    }

    /// The main search thread's correction history (the explainer shows it).
    pub(crate) fn main_correction(&self) -> &CorrectionHistory {
        &self.tables[0].correction
    }

    /// The main thread's ordering tables, for tests that set what a search would learn.
    #[cfg(test)]
    pub(crate) fn main_tables_mut(&mut self) -> &mut OrderingTables {
        &mut self.tables[0].ordering
    }

    /// Replaces the table with an empty one of `mb` megabytes; on an error the table keeps its
    /// old size (emptied: its memory was freed to make room for the new one).
    pub(crate) fn resize_tt(&mut self, mb: usize) -> Result<(), String> {
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

    /// Empties the table, with as many threads as the search has.
    pub(crate) fn clear_tt(&self) {
        self.tt.clear(self.threads());
    }

    /// Forgets everything learned: the table, history and killers.
    pub fn clear(&mut self) {
        self.clear_tt();
        for t in &mut self.tables {
            t.ordering.clear();
            t.correction.clear();
        }
    }

    /// Searches `pos` within `limits`, sending events to `out`: at full strength, or wrapped
    /// by the strength level the options ask for; counting the statistics if `opts.stats`
    /// asks for them.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        opts: &SearchOptions,
        control: &Control,
        out: &mut EventSink,
    ) -> SearchResult {
        match opts.stats {
            StatsMode::Off => {
                self.search_observed(pos, limits, opts, control, out, &mut Unobserved)
            }
            StatsMode::Count | StatsMode::Report => {
                let mut stats = SearchStats::default();
                self.search_observed(pos, limits, opts, control, out, &mut stats)
            }
        }
    }

    /// `search`, its main thread reporting to `observer` (its helpers, if any, to fresh ones
    /// of the same kind) whatever `opts.stats` says.
    pub(crate) fn search_observed<O: SearchObserver>(
        &mut self,
        pos: &Position,
        limits: &Limits,
        opts: &SearchOptions,
        control: &Control,
        out: &mut EventSink,
        observer: &mut O,
    ) -> SearchResult {
        match opts.level {
            Some(level) => {
                level::search_at_level(self, level, pos, limits, opts, control, out, observer)
            }
            None => self.run(pos, limits, opts, control, out, observer, |result, done| {
                done.settle(result, 0);
            }),
        }
    }

    /// Runs the search threads. When the main thread is done, `finish` settles its result
    /// (which line is played, the scores shown, any pacing) and `Finished` goes out with it,
    /// before the helper threads are joined: with more threads than cores a helper may wait
    /// tens of milliseconds for a core to see the stop, and the move should not wait with it.
    /// The returned result adds the helpers' node counts and statistics. A level's search
    /// (`opts.level`) runs the main thread alone. The main thread reports to `observer`, each
    /// helper to a fresh one of its kind.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<O: SearchObserver>(
        &mut self,
        pos: &Position,
        limits: &Limits,
        opts: &SearchOptions,
        control: &Control,
        out: &mut EventSink,
        observer: &mut O,
        finish: impl FnOnce(&mut SearchResult, Done<'_>),
    ) -> SearchResult {
        self.tt.new_search();
        for t in &mut self.tables {
            t.ordering.new_search();
        }
        let tt: &TranspositionTable = &self.tt;
        let tb = TbState::new(opts.tablebase.as_deref(), pos, &limits.searchmoves);
        let node_counts: Vec<AtomicU64> =
            (0..self.tables.len()).map(|_| AtomicU64::new(0)).collect();
        let shared = Shared {
            tt,
            control,
            opts,
            limits,
            node_counts: &node_counts,
            tb: &tb,
        };
        let (main, helpers) = self.tables.split_first_mut().expect("at least one thread");
        let mut helper_observers: Vec<O> = helpers.iter().map(|_| observer.helper()).collect();
        std::thread::scope(|scope| {
            // The main thread starts first: it holds the clock, so it must not queue behind
            // the helpers for a core. It hands the sink and its time manager back with its
            // result.
            let main_thread = std::thread::Builder::new()
                .name("search-main".into())
                .stack_size(SEARCH_STACK)
                .spawn_scoped(scope, move || {
                    let mut p = pos.clone();
                    let (r, time) = run_thread(main, observer, shared, 0, &mut p, &mut *out);
                    (r, time, out)
                });
            let mut handles = Vec::new();
            let helpers = if opts.level.is_some() {
                &mut helpers[..0]
            } else {
                helpers
            };
            for (i, (t, o)) in helpers.iter_mut().zip(&mut helper_observers).enumerate() {
                let mut p = pos.clone();
                let builder = std::thread::Builder::new()
                    .name(format!("search-{}", i + 1))
                    .stack_size(SEARCH_STACK);
                let handle = builder.spawn_scoped(scope, move || {
                    run_thread(t, &mut *o, shared, i + 1, &mut p, &mut |_| {});
                    o.stats().copied()
                });
                match handle {
                    Ok(h) => handles.push(h),
                    Err(_) => break, // fewer threads than asked: the search still runs
                }
            }
            let (mut result, out) = match main_thread.map(|h| h.join()) {
                Ok(Ok((mut r, mut time, out))) => {
                    finish(
                        &mut r,
                        Done {
                            pos,
                            tt,
                            tb: &tb,
                            control,
                            time: &mut time,
                        },
                    );
                    (r, Some(out))
                }
                _ => (SearchResult::default(), None),
            };
            control.stop.store(true, Ordering::SeqCst);
            if let Some(out) = out {
                out(&SearchEvent::Finished(&result));
            }
            for h in handles {
                if let Ok(Some(s)) = h.join() {
                    result.stats += s;
                }
            }
            result.nodes = node_counts.iter().map(|c| c.load(Ordering::Relaxed)).sum();
            result.tbhits = tb.hits.load(Ordering::Relaxed);
            result
        })
    }
}

/// What a search has when its main thread is done: what settling its result needs.
pub(crate) struct Done<'a> {
    pos: &'a Position,
    tt: &'a TranspositionTable,
    tb: &'a TbState<'a>,
    pub(crate) control: &'a Control,
    /// The main thread's time manager, its clock as the search left it.
    pub(crate) time: &'a mut TimeManager,
}

impl Done<'_> {
    /// Plays line `chosen` of the result (0: the best), with its ponder move, and turns the
    /// scores into what the user sees (with the root in the tablebases, their verdict).
    pub(crate) fn settle(&self, result: &mut SearchResult, chosen: usize) {
        let Some(line) = result.lines.get(chosen) else {
            return; // no legal move
        };
        result.best = line.pv[0];
        result.ponder = self.ponder_move(line);
        for l in &mut result.lines {
            l.score = self.tb.shown_score(l.score);
        }
        result.score = result.lines[0].score;
    }

    /// The reply expected after `line`'s move: its second move, or with a short PV (a table
    /// cutoff or a stop) the table's move there.
    fn ponder_move(&self, line: &PvLine) -> Option<Move> {
        let best = *line.pv.first()?;
        if let Some(&m) = line.pv.get(1) {
            return Some(m);
        }
        let mut after = *self.pos.board();
        after.make_move(best);
        self.tt
            .probe(after.key())
            .map(|e| e.mv)
            .filter(|&m| is_legal(&after, m))
    }
}

/// The legal moves of `board` that `only` lists (`go searchmoves`); all of them when `only`
/// is empty.
pub(crate) fn listed_moves(board: &crate::board::Board, only: &[Move]) -> crate::board::MoveList {
    let mut moves = crate::board::MoveList::new();
    for &m in crate::board::legal_moves(board).iter() {
        if only.is_empty() || only.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

/// What all threads of a search share.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) control: &'a Control,
    pub(crate) opts: &'a SearchOptions,
    pub(crate) limits: &'a Limits,
    /// Each thread's node count, published every few nodes, for the node limit and reports.
    pub(crate) node_counts: &'a [AtomicU64],
    pub(crate) tb: &'a TbState<'a>,
}

/// Runs one search thread reporting to `observer`; returns its result and its time manager.
fn run_thread<O: SearchObserver>(
    tables: &mut ThreadTables,
    observer: &mut O,
    shared: Shared<'_>,
    id: usize,
    pos: &mut Position,
    out: &mut EventSink,
) -> (SearchResult, TimeManager) {
    let mut t = SearchThread::new(tables, observer, shared, id, pos, out);
    let r = t.iterate(pos);
    (r, t.time)
}

/// The tablebase state of one search, shared by its threads.
pub(crate) struct TbState<'a> {
    pub(crate) tables: Option<&'a Tablebase>,
    /// Largest table's piece count; 0 when nothing is loaded (the search never probes).
    pub(crate) max_pieces: usize,
    /// The root's ranking, when the root is in the tables: the search keeps to its moves.
    pub(crate) root: Option<RootTb>,
    /// Successful probes, all threads.
    pub(crate) hits: AtomicU64,
}

impl<'a> TbState<'a> {
    /// The score to show for a search score: with the root in the tables, their verdict,
    /// unless the search found a mate or a tablebase result of its own.
    pub(crate) fn shown_score(&self, score: i32) -> i32 {
        match &self.root {
            Some(r) if score.abs() < TB_BOUND => r.score,
            _ => score,
        }
    }

    /// The tables' state for a search from `pos`, its root moves restricted to `only` (all
    /// when empty).
    fn new(tables: Option<&'a Tablebase>, pos: &Position, only: &[Move]) -> TbState<'a> {
        let root = tables.and_then(|t| t.rank_root_among(&mut pos.clone(), only));
        TbState {
            tables,
            max_pieces: tables.map_or(0, Tablebase::max_pieces),
            hits: AtomicU64::new(root.as_ref().map_or(0, |r| r.probes)),
            root,
        }
    }
}

/// Stack size of each search thread: the picker keeps its lists on the stack at every ply.
pub(crate) const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// A one-shot search from a fresh state (bench, tests).
pub fn search_fresh(pos: &Position, limits: &Limits, opts: &SearchOptions) -> SearchResult {
    let control = Control::new();
    control.reset(limits);
    let mut s = Searcher::new(TranspositionTable::DEFAULT_MB, opts.threads);
    s.search(pos, limits, opts, &control, &mut |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_root_searched_over_some_moves_stores_no_table_entry() {
        let pos = Position::default();
        let a2a3 = pos.board().parse_uci_move("a2a3", false).unwrap();
        let opts = SearchOptions {
            report: false,
            ..SearchOptions::default()
        };
        let control = Control::new();
        let mut searcher = Searcher::new(1, 1);
        let restricted = Limits {
            searchmoves: vec![a2a3],
            ..Limits::depth(5)
        };
        control.reset(&restricted);
        searcher.search(&pos, &restricted, &opts, &control, &mut |_| {});
        assert!(searcher.tt.probe(pos.board().key()).is_none());
        // A search of every move stores its root.
        let full = Limits::depth(5);
        control.reset(&full);
        searcher.search(&pos, &full, &opts, &control, &mut |_| {});
        assert!(searcher.tt.probe(pos.board().key()).is_some());
    }
}
