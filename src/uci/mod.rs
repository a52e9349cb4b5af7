//! The UCI loop. It never blocks on a search: `go` starts a search thread that prints
//! `bestmove` itself, so `isready`, `stop` and `ponderhit` are answered while it runs.

mod eval_table;
pub mod info;
pub mod options;
pub(crate) mod order_table;
pub mod parse;
pub mod wdl;

use crate::board::movegen::legal_moves;
use crate::board::perft::perft;
use crate::board::{Board, Color, Move};
use crate::eval;
use crate::eval::nnue::{self, Network};
use crate::position::Position;
use crate::search::ordering::explain::explain_with;
use crate::search::ordering::policy::PolicyModel;
use crate::search::tablebase::Tablebase;
use crate::search::{level, time, Control, Level, Limits, SearchOptions, Searcher, StatsMode};
use options::{Effect, Options};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Whether the lines go through `println!` rather than straight to stdout: see
/// `print_through_the_test_harness`.
static THROUGH_PRINTLN: AtomicBool = AtomicBool::new(cfg!(test));

/// Sends the engine's lines through `println!` from now on, which a test harness running the
/// engine in its own process captures, showing them only for a test that fails. (Straight
/// writes to stdout pass the capture by; `println!` would panic on a closed pipe, which a
/// GUI that goes away leaves.)
pub fn print_through_the_test_harness() {
    THROUGH_PRINTLN.store(true, Ordering::Relaxed);
}

/// Writes one line to stdout at once (search and UCI threads both print).
pub(crate) fn send(line: &str) {
    if THROUGH_PRINTLN.load(Ordering::Relaxed) {
        println!("{line}");
        return;
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A part of a command that was left out, or a command that did nothing.
fn error(msg: &str) {
    send(&format!("info string error: {msg}"));
}

/// A value used otherwise than written: the message says what was used instead.
fn warning(msg: &str) {
    send(&format!("info string warning: {msg}"));
}

pub struct Engine {
    position: Position,
    options: Options,
    /// None while a search thread holds it.
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    control: Arc<Control>,
    /// The Syzygy tables of `SyzygyPath`; each search gets a share.
    tablebase: Option<Arc<Tablebase>>,
    /// The net of `EvalFile` (at first the embedded one, if the build has one); the searches
    /// use it while `UseNNUE` is on, all threads sharing it.
    network: Option<Arc<Network>>,
    /// The learned order's head of `PolicyFile`, which `OrderPolicy` reads (None: not
    /// loaded, and the switch does nothing).
    policy: Option<Arc<PolicyModel>>,
    /// Option changes for the searcher made while a search held it.
    pending: Pending,
    /// `debug on`: each search says what it was asked for and reports its statistics.
    debug: bool,
}

/// What `setoption` asked of the searcher while a search was running: done when the search
/// gives the searcher back, so the engine never blocks waiting for a search to end.
#[derive(Default)]
struct Pending {
    resize_hash: bool,
    set_threads: bool,
    clear_hash: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            position: Position::default(),
            searcher: Some(new_searcher(&options)),
            options,
            running: None,
            control: Arc::new(Control::new()),
            tablebase: None,
            network: nnue::embedded(),
            policy: None,
            pending: Pending::default(),
            debug: false,
        }
    }

    /// Waits for the running search (if any) to finish and takes its state back.
    fn join_search(&mut self) {
        if let Some(h) = self.running.take() {
            match h.join() {
                Ok(s) => self.searcher = Some(s),
                // The search thread died: start afresh rather than crash.
                Err(_) => {
                    self.searcher = Some(new_searcher(&self.options));
                    self.pending = Pending::default();
                }
            }
        }
        self.apply_pending();
    }

    /// Applies the option changes made while a search held the searcher.
    fn apply_pending(&mut self) {
        let Some(s) = self.searcher.as_mut() else {
            return;
        };
        let p = std::mem::take(&mut self.pending);
        if p.resize_hash {
            if let Err(e) = s.resize_tt(self.options.hash_mb) {
                error(&format!("{e}; Hash stays {} MB", s.tt.size_mb()));
                self.options.hash_mb = s.tt.size_mb();
            }
        }
        // Threads first, so a pending clear uses the new number of them.
        if p.set_threads {
            s.set_threads(self.options.threads);
        }
        if p.clear_hash && !p.resize_hash {
            s.clear_tt();
        }
    }

    /// Tells the running search to stop (`stop`): it prints its bestmove and ends, pondering
    /// and infinite searches too.
    fn signal_stop(&self) {
        self.control.stop.store(true, Ordering::SeqCst);
        self.control.pondering.store(false, Ordering::SeqCst);
        self.control.infinite.store(false, Ordering::SeqCst);
    }

    /// Stops the running search (its bestmove is still printed) and waits for it.
    fn stop_search(&mut self) {
        if self.running.is_some() {
            self.signal_stop();
            self.join_search();
        }
    }

    fn finish_at_end_of_input(&mut self) {
        let c = &self.control;
        if c.infinite.load(Ordering::SeqCst) || c.pondering.load(Ordering::SeqCst) {
            self.stop_search();
        } else {
            self.join_search();
        }
    }

    /// The searcher, once a search that holds it has finished.
    fn searcher(&mut self) -> &mut Searcher {
        self.join_search();
        self.searcher
            .get_or_insert_with(|| new_searcher(&self.options))
    }

    /// The searcher for a new search thread, after stopping the running one.
    fn take_searcher(&mut self) -> Searcher {
        self.stop_search();
        self.searcher
            .take()
            .unwrap_or_else(|| new_searcher(&self.options))
    }

    /// Handles one line of input; returns false on `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        // Finished searches give their state back as soon as possible.
        if self.running.as_ref().is_some_and(|h| h.is_finished()) {
            self.join_search();
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = tokens.split_first() else {
            return true;
        };
        match cmd {
            "uci" => {
                send(&format!("id name Cutoff {}", crate::VERSION));
                send("id author The Cutoff developers");
                for o in options::declarations() {
                    send(&o);
                }
                send("uciok");
            }
            "isready" => send("readyok"),
            "debug" => match args {
                ["on"] => self.debug = true,
                ["off"] => self.debug = false,
                _ => error("debug: expected 'debug on' or 'debug off'"),
            },
            // No registration is needed: `register later`, `register name ... code ...`
            // are all fine.
            "register" => {}
            "ucinewgame" => {
                self.stop_search();
                self.searcher().clear();
                self.position = Position::default();
                self.position.set_chess960(self.options.chess960);
            }
            "position" => match parse::parse_position(args, self.options.chess960) {
                Ok(p) => self.position = p,
                Err(e) => error(&e),
            },
            "go" => self.go(args),
            "stop" => self.signal_stop(),
            "ponderhit" => self.control.pondering.store(false, Ordering::SeqCst),
            "setoption" => self.setoption(args),
            "d" => {
                send(&self.position.board().to_string());
                send(&format!("Chess960: {}", self.position.chess960()));
            }
            "eval" => self.eval(),
            "order" => self.order(),
            "quit" => {
                self.stop_search();
                return false;
            }
            other => {
                let shown: String = other.chars().take(40).collect();
                error(&format!("unknown command '{shown}'"));
            }
        }
        true
    }

    /// The legal moves of `go searchmoves`, each once; a move that is not one (or not legal
    /// here) is named and left out, and with none left the search runs on all moves.
    fn root_moves_listed(&self, listed: &[String]) -> Vec<Move> {
        let board = self.position.board();
        let mut moves = Vec::new();
        for text in listed {
            match board.parse_uci_move(text, self.options.chess960) {
                Ok(m) if !moves.contains(&m) => moves.push(m),
                Ok(_) => {}
                Err(e) => error(&format!("go searchmoves: {e}; left out")),
            }
        }
        if !listed.is_empty() && moves.is_empty() {
            error("go searchmoves: no legal move listed; searching all moves");
        }
        moves
    }

    /// `debug on`: what a search was asked for, before it starts.
    fn debug_go(&self, limits: &Limits) {
        let side = self.position.board().side_to_move();
        let budget = time::budget(limits, side, self.options.move_overhead_ms);
        let clock = match budget {
            Some(b) => format!(
                "soft {} ms, hard {} ms",
                b.soft.as_millis(),
                b.hard.as_millis()
            ),
            None => "none (depth, nodes, mate, infinite or stop end it)".to_string(),
        };
        send(&format!("info string debug: time budget {clock}"));
        if !limits.searchmoves.is_empty() {
            let moves: Vec<String> = limits
                .searchmoves
                .iter()
                .map(|m| m.uci(self.options.chess960).to_string())
                .collect();
            send(&format!(
                "info string debug: root moves {}",
                moves.join(" ")
            ));
        }
    }

    fn setoption(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            error("setoption: expected 'setoption name <name> [value <value>]'");
            return;
        }
        let value_at = args.iter().position(|&t| t == "value");
        let name_end = value_at.unwrap_or(args.len());
        let name = args[1..name_end].join(" ");
        if name.is_empty() {
            error("setoption: missing option name");
            return;
        }
        let value = value_at.map(|i| args[i + 1..].join(" "));
        let mut next = self.options.clone();
        match next.set(&name, value.as_deref()) {
            Err(e) => error(&e),
            Ok(effect) => {
                // A running search holds the searcher: waiting for it here would hang the
                // engine under `go infinite`, so such changes wait for the search instead.
                // One that has been stopped (or has sent its bestmove) is only joining its
                // threads: that wait is short, and the change is then done now rather than
                // at the start of the next search, on its clock.
                let busy = self.running.is_some() && !self.control.stop.load(Ordering::SeqCst);
                match effect {
                    Effect::ResizeHash if busy => self.pending.resize_hash = true,
                    Effect::SetThreads if busy => self.pending.set_threads = true,
                    Effect::ClearHash if busy => self.pending.clear_hash = true,
                    Effect::ResizeHash => {
                        let mb = next.hash_mb;
                        let s = self.searcher();
                        if let Err(e) = s.resize_tt(mb) {
                            error(&format!("{e}; Hash stays {} MB", s.tt.size_mb()));
                            return;
                        }
                    }
                    Effect::SetThreads => {
                        let n = next.threads;
                        self.searcher().set_threads(n);
                    }
                    Effect::ClearHash => self.searcher().clear_tt(),
                    Effect::SetChess960 => self.position.set_chess960(next.chess960),
                    Effect::SetSyzygyPath => self.load_tablebase(&next.syzygy_path),
                    Effect::LoadEvalFile => {
                        if !self.load_eval_file(&next.eval_file, &mut next.use_nnue) {
                            return;
                        }
                    }
                    Effect::LoadPolicyFile => {
                        if !self.load_policy_file(&next.policy_file) {
                            return;
                        }
                    }
                    Effect::SetUseNnue if next.use_nnue && self.network.is_none() => {
                        error("UseNNUE: no net is loaded (set EvalFile first); the hand-written evaluation stays");
                        return;
                    }
                    Effect::SetUseNnue => {}
                    Effect::None => {}
                }
                self.options = next;
            }
        }
    }

    /// Loads the tables of `SyzygyPath` for the next search; a running search keeps the tables
    /// it started with (it holds its own reference), so nothing waits for it. Problems are
    /// reported; without tables, probing is off.
    fn load_tablebase(&mut self, spec: &str) {
        let had_tables = self.tablebase.take().is_some();
        let opened = Tablebase::open(spec);
        for e in &opened.errors {
            error(e);
        }
        match opened.tablebase {
            Some(tb) => {
                send(&format!("info string {}", tb.summary()));
                self.tablebase = Some(Arc::new(tb));
            }
            None if had_tables && opened.errors.is_empty() => {
                send("info string SyzygyPath is empty: tablebase probing is off");
            }
            None => {}
        }
    }

    /// Loads the net `EvalFile` names (`<default>` or empty: the embedded one) for the next
    /// search; a running search keeps the net it started with. On a failure the net in use
    /// stays and false is returned. Without an embedded net, `<default>` means no net, and
    /// `use_nnue` goes off.
    fn load_eval_file(&mut self, spec: &str, use_nnue: &mut bool) -> bool {
        if spec.is_empty() || spec == options::DEFAULT_EVAL_FILE {
            self.network = nnue::embedded();
            match &self.network {
                Some(net) => send(&format!(
                    "info string EvalFile {spec}: the embedded net {}",
                    net.describe()
                )),
                None => {
                    *use_nnue = false;
                    send(&format!(
                        "info string EvalFile {spec}: this build has no embedded net; the hand-written evaluation evaluates"
                    ));
                }
            }
            return true;
        }
        match nnue::load(spec) {
            Ok(net) => {
                send(&format!(
                    "info string EvalFile {spec}: loaded net {}",
                    net.describe()
                ));
                self.network = Some(Arc::new(net));
                true
            }
            Err(e) => {
                let kept = match &self.network {
                    Some(net) => format!("the net in use stays ({})", net.describe()),
                    None => "no net is loaded".to_string(),
                };
                error(&format!("EvalFile {spec}: {e}; {kept}"));
                false
            }
        }
    }

    /// Loads the policy head `PolicyFile` names (empty: none) for the next search; it must
    /// have been trained on the net of `EvalFile` (whose hidden layer it reads). On a failure
    /// the head in use stays and false is returned.
    fn load_policy_file(&mut self, spec: &str) -> bool {
        if spec.is_empty() || spec == "<empty>" {
            self.policy = None;
            send("info string PolicyFile: no policy head; OrderPolicy orders nothing");
            return true;
        }
        let loaded = std::fs::read(spec)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                let net = self
                    .network
                    .clone()
                    .ok_or("no net is loaded to read its hidden layer (set EvalFile first)")?;
                PolicyModel::from_bytes(&bytes, net)
            });
        match loaded {
            Ok(p) => {
                send(&format!("info string PolicyFile {spec}: loaded {p:?}"));
                self.policy = Some(Arc::new(p));
                true
            }
            Err(e) => {
                let kept = match &self.policy {
                    Some(p) => format!("the head in use stays ({p:?})"),
                    None => "no head is loaded".to_string(),
                };
                error(&format!("PolicyFile {spec}: {e}; {kept}"));
                false
            }
        }
    }

    /// The net the searches use now: None for the hand-written evaluation.
    fn network_in_use(&self) -> Option<Arc<Network>> {
        self.network.clone().filter(|_| self.options.use_nnue)
    }

    /// `eval`: the hand-written evaluation's table of every term and its total, then, with
    /// `UseNNUE` on, the net's evaluation. The last line is the evaluation the search uses.
    fn eval(&self) {
        let b = self.position.board();
        for line in eval_table::eval_table(b) {
            send(&line);
        }
        let white_side = |stm: i32| {
            if b.side_to_move() == Color::White {
                stm
            } else {
                -stm
            }
        };
        let stm = eval::evaluate(b);
        let label = if self.network_in_use().is_some() {
            "classical eval"
        } else {
            "eval"
        };
        send(&format!(
            "info string {label}: {stm} cp for the side to move (white side {}; phase {}/24)",
            white_side(stm),
            eval::psq::phase_of(b)
        ));
        if let Some(net) = self.network_in_use() {
            let stm = net.evaluate(b);
            send(&format!(
                "info string eval: {stm} cp for the side to move (white side {}; output bucket {} of {}; net {})",
                white_side(stm),
                net.bucket_of(b),
                net.buckets(),
                net.describe()
            ));
        }
    }

    /// `order`: the current position's moves in the order the picker would try them at the
    /// root now, with what the last searches taught the tables (the move-order explainer).
    fn order(&mut self) {
        // A search that has sent its move (or was told to stop) is only joining its threads:
        // `searcher()` waits for that. One still thinking keeps its tables.
        let thinking = self.running.as_ref().is_some_and(|h| !h.is_finished())
            && !self.control.stop.load(Ordering::SeqCst);
        if thinking {
            error("order: a search is running (send stop first)");
            return;
        }
        let opts = SearchOptions {
            ordering: self.options.heuristics.ordering,
            correction: self.options.heuristics.correction,
            chess960: self.options.chess960,
            policy: self.policy.clone(),
            ..SearchOptions::default()
        };
        let pos = self.position.clone();
        let e = explain_with(&pos, self.searcher(), &opts);
        for line in order_table::text(&e) {
            send(&line);
        }
    }

    /// `go perft N`: the leaf count under each root move, then the total, as Stockfish prints
    /// it. It runs on the search thread, so `isready` is answered and `stop` ends it (with the
    /// root moves finished so far and a note that the count is partial).
    fn perft(&mut self, depth: u32) {
        let searcher = self.take_searcher();
        let control = Arc::clone(&self.control);
        control.reset(&Default::default());
        let board = *self.position.board();
        let chess960 = self.position.chess960();
        let spawned = std::thread::Builder::new()
            .name("perft".into())
            .spawn(move || {
                let mut total = 0;
                for m in legal_moves(&board).iter() {
                    let mut child = board;
                    child.make_move(*m);
                    match stoppable_perft(&child, depth - 1, &control.stop) {
                        Some(n) => {
                            send(&format!("{}: {n}", m.uci(chess960)));
                            total += n;
                        }
                        None => {
                            send("info string perft stopped: the count covers the moves above");
                            break;
                        }
                    }
                }
                send("");
                send(&format!("Nodes searched: {total}"));
                searcher
            });
        match spawned {
            Ok(h) => self.running = Some(h),
            Err(e) => error(&format!("go perft: cannot start a thread: {e}")),
        }
    }

    fn go(&mut self, args: &[&str]) {
        let received = std::time::Instant::now();
        let mut go = parse::parse_go(args);
        go.limits.received = Some(received);
        for e in &go.errors {
            error(e);
        }
        for w in &go.warnings {
            warning(w);
        }
        let l = &go.limits;
        let (ours, theirs, name) = match self.position.board().side_to_move() {
            Color::White => (l.wtime, l.btime, "wtime"),
            Color::Black => (l.btime, l.wtime, "btime"),
        };
        if ours.is_none() && theirs.is_some() && l.movetime.is_none() {
            warning(&format!(
                "go: no {name} for the side to move; using the other side's clock"
            ));
        }
        if go.bad_perft {
            return;
        }
        if let Some(depth) = go.perft {
            self.perft(depth);
            return;
        }
        go.limits.searchmoves = self.root_moves_listed(&go.searchmoves);
        if self.debug {
            self.debug_go(&go.limits);
        }
        let mut searcher = self.take_searcher();
        let control = Arc::clone(&self.control);
        control.reset(&go.limits);
        let limits = go.limits;
        let opts = SearchOptions {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead_ms: self.options.move_overhead_ms,
            ordering: self.options.heuristics.ordering,
            correction: self.options.heuristics.correction,
            stats: if self.options.stats || self.debug {
                StatsMode::Report
            } else {
                StatsMode::Off
            },
            pure: !self.options.selectivity,
            techniques: self.options.techniques,
            chess960: self.options.chess960,
            report: true,
            tablebase: self.tablebase.clone(),
            // Limited strength plays games (clock, movetime, ponder, and `go depth`/`go
            // nodes`, which it caps further); analysis (`go infinite`, `go mate`) runs at
            // full strength.
            level: if limits.infinite || limits.mate.is_some() {
                None
            } else {
                self.options.level(level::fresh_seed())
            },
            extra_time: true,
            clock: self.options.clock,
            network: self.network_in_use(),
            policy: self.policy.clone(),
        };
        if let Some(level) = &opts.level {
            send(&level_text(&self.options, level));
        }
        let pos = self.position.clone();
        let style = info::InfoStyle {
            chess960: self.options.chess960,
            show_wdl: self.options.show_wdl,
        };
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                searcher.search(&pos, &limits, &opts, &control, &mut |e| {
                    for line in info::event_lines(e, &pos, style) {
                        send(&line);
                    }
                });
                searcher
            });
        match spawned {
            Ok(h) => self.running = Some(h),
            Err(e) => {
                error(&format!("go: cannot start the search thread: {e}"));
                let legal = legal_moves(self.position.board());
                let best = legal.iter().next().copied().unwrap_or(Move::NULL);
                send(&format!("bestmove {}", best.uci(self.options.chess960)));
            }
        }
    }
}

/// A searcher with the table size and threads `options` ask for: at the start, and after a
/// search thread died with the one it held.
fn new_searcher(options: &Options) -> Searcher {
    Searcher::new(options.hash_mb, options.threads)
}

/// The `info string` a limited search starts with: what the level is and what it does, so
/// a user (and a test) can see which setting is in force.
fn level_text(options: &Options, level: &Level) -> String {
    let setting = if options.limit_strength {
        format!("UCI_Elo {}", options.uci_elo)
    } else {
        format!("Skill Level {}", options.skill_level)
    };
    format!(
        "info string strength limited: {setting} (skill {:.2}): up to {} nodes, {} candidate moves, temperature {:.0} cp, gap cap {} cp",
        level.skill(),
        level.node_budget(),
        level.candidates(),
        level.temperature_cp(),
        level.gap_cap_cp()
    )
}

/// perft to `depth`, or None once `stop` is set. The flag is read above the last few plies,
/// so a stop takes effect within milliseconds at no measurable cost.
fn stoppable_perft(b: &Board, depth: u32, stop: &AtomicBool) -> Option<u64> {
    const UNCHECKED_PLIES: u32 = 4;
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= UNCHECKED_PLIES {
        return Some(perft(b, depth));
    }
    let mut nodes = 0;
    for m in legal_moves(b).iter() {
        let mut child = *b;
        child.make_move(*m);
        nodes += stoppable_perft(&child, depth - 1, stop)?;
    }
    Some(nodes)
}

/// Reads commands from stdin until `quit` or end of input. Bytes that are not UTF-8 are
/// replaced, never fatal.
pub fn run() {
    let mut engine = Engine::new();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf);
                if !engine.handle(line.trim_end_matches(['\n', '\r'])) {
                    return;
                }
            }
            Err(_) => break,
        }
    }
    // End of input: a search with a limit finishes (so `echo "go depth 9" | cutoff` works);
    // one that would wait for `stop` forever is stopped.
    engine.finish_at_end_of_input();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_options_set_during_a_search_apply_when_it_ends() {
        let mut e = Engine::new();
        e.handle("go infinite");
        e.handle("setoption name Hash value 2");
        e.handle("setoption name Threads value 3");
        e.handle("setoption name Clear Hash");
        e.handle("stop");
        let s = e.searcher();
        assert_eq!(s.threads(), 3);
        assert_eq!(s.tt.size_mb(), 2);
        assert_eq!(s.tt.hashfull(), 0);
    }

    #[test]
    fn a_hash_larger_than_memory_is_refused_and_the_table_kept() {
        let mut e = Engine::new();
        e.handle("setoption name Hash value 8");
        e.handle("setoption name Hash value 65536");
        let mb = e.searcher().tt.size_mb();
        // Refused where the memory is not there (keeping 8 MB), taken where it is.
        assert!(mb == 8 || mb == 65536, "{mb}");
        assert_eq!(e.options.hash_mb, mb);
        e.handle("setoption name Hash value 4");
        assert_eq!(e.searcher().tt.size_mb(), 4);
    }

    #[test]
    fn a_bad_hash_value_is_an_error_and_keeps_the_size() {
        let mut e = Engine::new();
        e.handle("setoption name Hash value 8");
        for bad in ["0", "65537", "-1", "lots", "99999999999999999999999"] {
            e.handle(&format!("setoption name Hash value {bad}"));
            assert_eq!(e.searcher().tt.size_mb(), 8, "after Hash {bad}");
            assert_eq!(e.options.hash_mb, 8, "after Hash {bad}");
        }
    }

    #[test]
    fn table_options_after_stop_apply_at_once() {
        let mut e = Engine::new();
        e.handle("setoption name Threads value 2");
        e.handle("go infinite");
        std::thread::sleep(std::time::Duration::from_millis(50));
        // The search is still ending (it has only been told to): the resize waits for that
        // rather than for the start of the next search, on its clock.
        e.handle("stop");
        e.handle("setoption name Hash value 2");
        assert!(e.running.is_none());
        assert!(!e.pending.resize_hash);
        assert_eq!(e.searcher.as_ref().map(|s| s.tt.size_mb()), Some(2));
    }
}
