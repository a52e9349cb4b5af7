//! `cutoff ordering EPD_FILE`: the ordering lab. Every position of a suite is searched under
//! each configuration of the move-ordering switches, on one thread from a fresh state, so the
//! node counts are deterministic and differ only by ordering. The statistics the search keeps
//! (`SearchStats`) are summed over the suite and printed as tables; `--out DIR` also writes
//! `DIR/report.md` with the same tables and two SVG charts.
//!
//! With `--oracle` each search is set beside one in the oracle's order, the best move a
//! deeper search found at each node searched first (`oracle.rs`): how far the order is from
//! perfect, and where our picker had put the move it should have tried first.
//!
//! Positions run one after another, each under every configuration in turn, so a run stopped
//! with Ctrl-C still compares the configurations on the same positions: the tables then cover
//! the positions finished under all of them.

pub(crate) mod chart;
pub mod oracle;
pub mod report;

use crate::board::{legal_moves, Move};
use crate::eval::nnue::{default_network, Network};
use crate::lab::policy::load_head;
use crate::position::Position;
use crate::search::heuristics::Heuristics;
use crate::search::observer::SearchObserver;
use crate::search::ordering::explain;
use crate::search::ordering::policy::PolicyModel;
use crate::search::stats::{branching_factors, Iteration, SearchStats};
use crate::search::techniques::{names_off, Techniques};
use crate::search::{Control, Limits, SearchOptions, Searcher, StatsMode};
use crate::tools::epd::{read_epd_file, EpdEntry, EpdError};
use indicatif::ProgressBar;
use oracle::{run_oracle, OracleRun, OracleSummary};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The classic ladder: each entry adds one heuristic to the one before; `full` adds the
/// pawn-structure history, the learned order (which orders nothing without a head) and the
/// newest terms (`threathist`, `capthistdef`, `conthist4q`, `conthist6q`, `lowply`), each
/// measured apart against the engine as it plays with `--configs playing,+NAME`.
/// `none` is left out: with no ordering at all the search explodes (on
/// Kiwipete 3.9 million nodes for depth 2 and over a minute for depth 3), so it is asked for by
/// name, at a small depth.
pub const DEFAULT_CONFIGS: &str =
    "mvvlva,+hash,+killers,+history,+counter,+conthist,+conthist4,+capthist,+see,+threats,+corrhist,+evalhist,full";

/// The default depth: the ladder over the 200 Arasan 2023 positions takes a few minutes on
/// one core at this depth.
pub const DEFAULT_DEPTH: i32 = 5;

/// A named set of ordering switches (and the correction history).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabConfig {
    /// As written in the list (`+hash` stays `+hash`).
    pub label: String,
    pub heuristics: Heuristics,
}

impl LabConfig {
    /// The heuristics that are on, `+`-joined (`none` when none is).
    pub(crate) fn switches(&self) -> String {
        self.heuristics.names()
    }
}

/// Parses a comma-separated list of configurations. An entry is a name `Heuristics::parse`
/// knows (`none`, `full`, `playing`, `mvvlva+hash`, ...); an entry starting with `+` is the
/// previous entry's configuration plus the heuristics after the `+`, one starting with `-`
/// the previous entry's without them (`playing,-killers`).
pub fn parse_configs(list: &str) -> Result<Vec<LabConfig>, String> {
    let mut out: Vec<LabConfig> = Vec::new();
    for raw in list.split(',') {
        let entry = raw.trim();
        if entry.is_empty() {
            return Err(format!("empty configuration in '{list}'"));
        }
        let previous = || {
            out.last().map(|c: &LabConfig| c.heuristics).ok_or_else(|| {
                format!("'{entry}' changes the previous configuration, but it comes first")
            })
        };
        let heuristics = if let Some(rest) = entry.strip_prefix('+') {
            previous()?.union(Heuristics::parse(rest)?)
        } else if let Some(rest) = entry.strip_prefix('-') {
            previous()?.without(Heuristics::parse(rest)?)
        } else {
            Heuristics::parse(entry)?
        };
        out.push(LabConfig {
            label: entry.to_string(),
            heuristics,
        });
    }
    Ok(out)
}

/// What bounds each search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabLimit {
    Depth(i32),
    Nodes(u64),
}

impl LabLimit {
    fn limits(self) -> Limits {
        match self {
            LabLimit::Depth(d) => Limits::depth(d),
            LabLimit::Nodes(n) => Limits::nodes(n),
        }
    }

    pub(crate) fn describe(self) -> String {
        match self {
            LabLimit::Depth(d) => format!("depth {d}"),
            LabLimit::Nodes(n) => format!("{n} nodes"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct LabOptions {
    pub limit: LabLimit,
    pub configs: Vec<LabConfig>,
    /// Alpha-beta alone (`SearchOptions::pure`): node counts then measure ordering only.
    pub pure: bool,
    /// The selective techniques on when not `pure` (`--without` switches some off, to see
    /// what each does to the fail-high statistics).
    pub techniques: Techniques,
    /// The learned order's head (`--policy-head`), for configurations with `policy`.
    pub policy: Option<Arc<PolicyModel>>,
    /// The evaluation the searches use: a net, or None for the classical evaluation
    /// (`run_cli` takes the build's default, or `--eval-file`).
    pub network: Option<Arc<Network>>,
    /// `--oracle`: each search is set beside one in the oracle's order, made from a search
    /// this many plies deeper (`--oracle-extra`, 0 for the same depth). Depth limits only.
    pub oracle: Option<i32>,
}

impl LabOptions {
    /// The search mode in words, for the report: pure, as it plays, or as it plays without
    /// some techniques.
    pub(crate) fn mode(&self) -> String {
        self.describe_mode(
            "pure alpha-beta (no pruning beyond it)",
            "the engine as it plays",
            "the engine as it plays without ",
            ", ",
        )
    }

    /// The command-line flags that select the mode (empty as it plays).
    pub(crate) fn mode_flags(&self) -> String {
        self.describe_mode(" --pure", "", " --without ", ",")
    }

    /// A short tag of the mode for chart titles (empty as it plays).
    pub(crate) fn mode_tag(&self) -> String {
        self.describe_mode(", pure", "", ", without ", ",")
    }

    /// `pure` when pure, `plays` with every technique on, else `without` and the names of
    /// the techniques off joined by `sep`.
    fn describe_mode(&self, pure: &str, plays: &str, without: &str, sep: &str) -> String {
        let off = names_off(self.techniques);
        if self.pure {
            pure.to_string()
        } else if off.is_empty() {
            plays.to_string()
        } else {
            format!("{without}{}", off.join(sep))
        }
    }
}

/// One position searched under one configuration.
#[derive(Clone, Debug)]
pub struct PositionRun {
    pub nodes: u64,
    pub(crate) qnodes: u64,
    /// Wall time of the search.
    pub(crate) secs: f64,
    /// The completed iterations (cumulative nodes and time at the end of each depth).
    pub(crate) iterations: Vec<Iteration>,
    pub stats: SearchStats,
    /// The best move at the last completed depth.
    pub best: Move,
    /// Where `best` stands (from 1) in the root order the search's learned tables give
    /// without the hash move (`ordering::explain::root_rank`); None when there is no legal move.
    pub best_rank: Option<usize>,
    /// With `--oracle`: the same position in the oracle's order, and where this search's
    /// picker had put the oracle's moves.
    pub oracle: Option<Box<OracleRun>>,
}

/// Ctrl-C's way in: the flag says "stop the run", the control stops the current search.
#[derive(Default)]
pub struct StopSignal {
    pub(crate) interrupted: AtomicBool,
    pub(crate) control: Control,
}

impl StopSignal {
    pub fn stop(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
        self.control.stop.store(true, Ordering::SeqCst);
    }

    pub(crate) fn is_stopped(&self) -> bool {
        self.interrupted.load(Ordering::SeqCst)
    }
}

/// Searches `pos` under `config` from a fresh state (with the oracle too, if the lab asks
/// for it and the limit is a depth); None when `stop` ended it first.
pub(crate) fn run_one(
    pos: &Position,
    config: &LabConfig,
    lab: &LabOptions,
    stop: &StopSignal,
) -> Option<PositionRun> {
    match (lab.oracle, lab.limit) {
        (Some(extra), LabLimit::Depth(depth)) => {
            let (mut normal, oracle) = run_oracle(pos, config, lab, stop, depth, extra)?;
            normal.oracle = Some(Box::new(oracle));
            Some(normal)
        }
        _ => {
            let mut stats = SearchStats::default();
            search_one(pos, config, lab, stop, &lab.limit.limits(), &mut stats)
        }
    }
}

/// Searches `pos` under `config` within `limits` from a fresh state, reporting to
/// `observer`; None when `stop` ended it first.
pub(crate) fn search_one<O: SearchObserver>(
    pos: &Position,
    config: &LabConfig,
    lab: &LabOptions,
    stop: &StopSignal,
    limits: &Limits,
    observer: &mut O,
) -> Option<PositionRun> {
    let opts = SearchOptions {
        threads: 1,
        multipv: 1,
        ordering: config.heuristics.ordering,
        correction: config.heuristics.correction,
        pure: lab.pure,
        techniques: lab.techniques,
        report: false,
        stats: StatsMode::Count,
        policy: lab.policy.clone(),
        network: lab.network.clone(),
        ..SearchOptions::default()
    };
    stop.control.reset(limits);
    if stop.is_stopped() {
        return None;
    }
    let start = Instant::now();
    // A fresh searcher per search, kept to read what the search learned.
    let mut searcher = Searcher::default();
    let r = searcher.search_observed(pos, limits, &opts, &stop.control, &mut |_| {}, observer);
    let secs = start.elapsed().as_secs_f64();
    if stop.is_stopped() {
        return None;
    }
    // Without the hash move: with it, the chosen move is the table's and nearly always first.
    let best_rank = (!r.best.is_null())
        .then(|| explain::root_rank(pos, &searcher, &opts, false, r.best))
        .flatten();
    Some(PositionRun {
        nodes: r.nodes,
        qnodes: r.stats.qnodes,
        secs,
        iterations: r.iterations,
        stats: r.stats,
        best: r.best,
        best_rank,
        oracle: None,
    })
}

/// The runs of a suite: `runs[p][c]` is position `p` under configuration `c`, for the
/// positions finished under every configuration.
#[derive(Clone, Debug)]
pub struct LabRun {
    pub(crate) entries: Vec<EpdEntry>,
    pub runs: Vec<Vec<PositionRun>>,
    pub interrupted: bool,
}

/// Runs every entry under every configuration (positions in turn). `progress` is advanced
/// once per search.
pub fn run_lab(
    entries: &[EpdEntry],
    opts: &LabOptions,
    stop: &StopSignal,
    progress: Option<&ProgressBar>,
) -> LabRun {
    let mut runs = Vec::with_capacity(entries.len());
    let mut done = Vec::with_capacity(entries.len());
    'positions: for entry in entries {
        let pos = Position::new(entry.board);
        let mut row = Vec::with_capacity(opts.configs.len());
        for config in &opts.configs {
            match run_one(&pos, config, opts, stop) {
                Some(r) => row.push(r),
                None => break 'positions,
            }
            if let Some(p) = progress {
                p.inc(1);
            }
        }
        runs.push(row);
        done.push(entry.clone());
    }
    LabRun {
        entries: done,
        runs,
        interrupted: stop.is_stopped(),
    }
}

/// A configuration's sums over the suite.
#[derive(Clone, Debug)]
pub struct ConfigSummary {
    pub config: LabConfig,
    pub positions: usize,
    pub nodes: u64,
    pub qnodes: u64,
    pub(crate) secs: f64,
    /// Index `d - 1`: nodes to the end of depth `d` summed over the positions, when every
    /// position completed depth `d` (None otherwise).
    pub depth_nodes: Vec<Option<u64>>,
    pub(crate) depth_qnodes: Vec<Option<u64>>,
    pub(crate) depth_ms: Vec<Option<u64>>,
    /// Branching factors of the summed counts, depth 2 on, and their geometric mean.
    pub ebf: Vec<f64>,
    pub mean_ebf: f64,
    pub stats: SearchStats,
    /// Positions with a `bm` operation, and how many of them the search's move was in.
    pub bm_positions: usize,
    pub(crate) bm_found: usize,
    /// Positions with an `am` operation, and how many of them the search's move avoided.
    pub(crate) am_positions: usize,
    pub(crate) am_avoided: usize,
    /// Positions with a ranked best move, the sum of those ranks, and how many were first.
    pub ranked: usize,
    pub rank_sum: u64,
    pub rank_first: usize,
    /// With `--oracle`, the oracle runs summed (when every position has them).
    pub oracle: Option<OracleSummary>,
}

impl ConfigSummary {
    /// The deepest depth every position completed.
    pub(crate) fn complete_depth(&self) -> usize {
        self.depth_nodes.iter().take_while(|d| d.is_some()).count()
    }

    /// The mean rank of the best move in the root order without the hash move.
    pub fn mean_rank(&self) -> Option<f64> {
        (self.ranked > 0).then(|| self.rank_sum as f64 / self.ranked as f64)
    }
}

/// Sums the runs of configuration `c`.
pub(crate) fn summarize(run: &LabRun, configs: &[LabConfig]) -> Vec<ConfigSummary> {
    configs
        .iter()
        .enumerate()
        .map(|(c, config)| {
            let mut s = ConfigSummary {
                config: config.clone(),
                positions: run.runs.len(),
                nodes: 0,
                qnodes: 0,
                secs: 0.0,
                depth_nodes: Vec::new(),
                depth_qnodes: Vec::new(),
                depth_ms: Vec::new(),
                ebf: Vec::new(),
                mean_ebf: 0.0,
                stats: SearchStats::default(),
                bm_positions: 0,
                bm_found: 0,
                am_positions: 0,
                am_avoided: 0,
                ranked: 0,
                rank_sum: 0,
                rank_first: 0,
                oracle: None,
            };
            let mut oracle = OracleSummary::default();
            let mut with_oracle = 0;
            let max_depth = run
                .runs
                .iter()
                .map(|row| row[c].iterations.len())
                .max()
                .unwrap_or(0);
            let mut depth_sum = vec![(0u64, 0u64, 0u64, 0usize); max_depth];
            for (entry, row) in run.entries.iter().zip(&run.runs) {
                let r = &row[c];
                s.nodes += r.nodes;
                s.qnodes += r.qnodes;
                s.secs += r.secs;
                s.stats += r.stats;
                for it in &r.iterations {
                    let d = (it.depth - 1) as usize;
                    if d < max_depth {
                        let e = &mut depth_sum[d];
                        e.0 += it.nodes;
                        e.1 += it.qnodes;
                        e.2 += it.time_ms;
                        e.3 += 1;
                    }
                }
                if let Some(o) = &r.oracle {
                    oracle.add(o, legal_moves(&entry.board).len());
                    with_oracle += 1;
                }
                if let Some(rank) = r.best_rank {
                    s.ranked += 1;
                    s.rank_sum += rank as u64;
                    s.rank_first += (rank == 1) as usize;
                }
                if !entry.best_moves.is_empty() {
                    s.bm_positions += 1;
                    s.bm_found += entry.best_moves.contains(&r.best) as usize;
                }
                if !entry.avoid_moves.is_empty() {
                    s.am_positions += 1;
                    s.am_avoided += (!entry.avoid_moves.contains(&r.best)) as usize;
                }
            }
            let all = run.runs.len();
            s.oracle = (with_oracle == all && all > 0).then_some(oracle);
            for &(n, q, ms, count) in &depth_sum {
                let complete = count == all && all > 0;
                s.depth_nodes.push(complete.then_some(n));
                s.depth_qnodes.push(complete.then_some(q));
                s.depth_ms.push(complete.then_some(ms));
            }
            let summed: Vec<Iteration> = s
                .depth_nodes
                .iter()
                .enumerate()
                .map_while(|(d, n)| {
                    n.map(|nodes| Iteration {
                        depth: d as i32 + 1,
                        nodes,
                        qnodes: 0,
                        time_ms: 0,
                        score: 0,
                    })
                })
                .collect();
            let (ebf, mean) = branching_factors(&summed);
            s.ebf = ebf;
            s.mean_ebf = mean;
            s
        })
        .collect()
}

/// Everything a report needs.
pub struct LabReport {
    pub(crate) suite: String,
    pub(crate) options: LabOptions,
    /// Positions read from the suite (before any interruption).
    pub(crate) suite_positions: usize,
    pub(crate) parse_errors: Vec<EpdError>,
    pub run: LabRun,
    pub summaries: Vec<ConfigSummary>,
}

impl LabReport {
    pub fn new(
        suite: &str,
        options: LabOptions,
        suite_positions: usize,
        parse_errors: Vec<EpdError>,
        run: LabRun,
    ) -> LabReport {
        let summaries = summarize(&run, &options.configs);
        LabReport {
            suite: suite.to_string(),
            options,
            suite_positions,
            parse_errors,
            run,
            summaries,
        }
    }
}

/// The files the command reads and writes besides the suite.
#[derive(Clone, Copy, Debug, Default)]
pub struct LabFiles<'a> {
    /// `--out`: the directory for `report.md` and the charts.
    pub out: Option<&'a str>,
    /// `--policy-head`: the learned order's head.
    pub policy_head: Option<&'a str>,
    /// `--eval-file`: the net the searches use instead of the build's default.
    pub eval_file: Option<&'a str>,
}

/// Whether a configuration asks for the learned order by name: `full` takes it in too, but
/// orders the same without a head, so only a named `policy` is worth a note.
fn names_policy(label: &str) -> bool {
    label
        .split('+')
        .filter(|p| !matches!(*p, "" | "full" | "all"))
        .any(|p| Heuristics::parse(p).is_ok_and(|c| c.ordering.policy))
}

/// The command: reads the suite (with `oracle`, the extra depth of the oracle's search), runs it with a progress bar and Ctrl-C handling, prints the
/// tables and writes the report. Returns whether the run finished (not interrupted).
pub fn run_cli(
    path: &str,
    limit: LabLimit,
    configs: &str,
    pure: bool,
    techniques: Techniques,
    oracle: Option<i32>,
    files: LabFiles,
) -> Result<bool, String> {
    let configs = parse_configs(configs)?;
    let network = match files.eval_file {
        None => default_network(),
        Some(path) => Some(Arc::new(
            crate::eval::nnue::load(path).map_err(|e| format!("--eval-file {path}: {e}"))?,
        )),
    };
    let policy = match files.policy_head {
        None => None,
        Some(path) => Some(Arc::new(load_head(path, network.clone())?)),
    };
    if policy.is_none() && configs.iter().any(|c| names_policy(&c.label)) {
        println!("note: no --policy-head given: the `policy` switch orders nothing");
    }
    let (entries, errors) = read_epd_file(path)?;
    for e in &errors {
        println!(
            "{path}: line {}: cannot parse, skipped: {}",
            e.line, e.message
        );
    }
    if entries.is_empty() {
        return Err(format!("'{path}' has no position to search"));
    }
    let stop = Arc::new(StopSignal::default());
    let handler_stop = Arc::clone(&stop);
    ctrlc::set_handler(move || {
        if handler_stop.is_stopped() {
            // A second Ctrl-C: the user wants out now.
            std::process::exit(130);
        }
        handler_stop.stop();
    })
    .map_err(|e| format!("cannot catch Ctrl-C: {e}"))?;

    let options = LabOptions {
        limit,
        configs,
        pure,
        techniques,
        policy,
        network,
        oracle,
    };
    let progress = crate::tools::progress::bar(entries.len() * options.configs.len(), "ordering");
    let run = run_lab(&entries, &options, &stop, Some(&progress));
    crate::tools::progress::finish(&progress);
    let report = LabReport::new(path, options, entries.len(), errors, run);
    print!("{}", report::text(&report));
    if let Some(dir) = files.out {
        let file = report::write(&report, dir)?;
        println!("report written to {file}");
    }
    Ok(!report.run.interrupted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_named_policy_asks_for_a_head() {
        let named = |list: &str| {
            let c = parse_configs(list).unwrap();
            c.iter().any(|c| names_policy(&c.label))
        };
        assert!(!named(DEFAULT_CONFIGS), "the default ladder needs no head");
        assert!(!named("full,all,mvvlva+hash"));
        assert!(named("mvvlva,+policy"));
        assert!(named("history+learned"));
    }

    #[test]
    fn each_new_term_is_measured_against_the_engine_as_it_plays() {
        let c = parse_configs(
            "playing,+threathist,playing,+capthistdef,playing,+conthist4q,playing,+conthist6q,playing,+lowply,playing,-killers",
        )
        .unwrap();
        let playing = Heuristics::PLAYING;
        for pair in c.chunks(2) {
            assert_eq!(pair[0].heuristics, playing);
        }
        let changed: Vec<String> = c
            .chunks(2)
            .map(|p| {
                let (a, b) = (p[0].heuristics, p[1].heuristics);
                if b.without(a) == Heuristics::NONE {
                    format!("-{}", a.without(b).names())
                } else {
                    format!("+{}", b.without(a).names())
                }
            })
            .collect();
        assert_eq!(
            changed,
            [
                "+threathist",
                "+capthistdef",
                "+conthist4q",
                "+conthist6q",
                "+lowply",
                "-killers"
            ]
        );
    }

    #[test]
    fn ladder_adds_one_heuristic_per_rung() {
        let c = parse_configs(&format!("none,{DEFAULT_CONFIGS}")).unwrap();
        let switches: Vec<String> = c.iter().map(|c| c.switches()).collect();
        assert_eq!(
            switches,
            vec![
                "none",
                "mvvlva",
                "mvvlva+hash",
                "mvvlva+hash+killers",
                "mvvlva+hash+killers+history",
                "mvvlva+hash+killers+history+counter",
                "mvvlva+hash+killers+history+counter+conthist",
                "mvvlva+hash+killers+history+counter+conthist+conthist4",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist+see",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist+see+threats",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist+see+threats+corrhist",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist+see+threats+corrhist+evalhist",
                "mvvlva+hash+killers+history+counter+conthist+conthist4+capthist+see+threats+corrhist+evalhist+pawnhist+policy+threathist+capthistdef+conthist4q+conthist6q+lowply"
            ]
        );
        assert_eq!(c[13].heuristics, Heuristics::FULL);
        assert_eq!(c[2].label, "+hash");
    }

    #[test]
    fn config_list_errors() {
        assert!(parse_configs("+hash").is_err());
        assert!(parse_configs("-hash").is_err());
        let c = parse_configs("playing,-killers,+killers+counter").unwrap();
        assert_eq!(c[0].heuristics, Heuristics::PLAYING);
        let mut no_killers = Heuristics::PLAYING;
        no_killers.ordering.killers = false;
        assert_eq!(c[1].heuristics, no_killers);
        let mut counter = Heuristics::PLAYING;
        counter.ordering.counter_move = true;
        assert_eq!(c[2].heuristics, counter);
        assert!(parse_configs("none,,full").is_err());
        assert!(parse_configs("none,+bogus").is_err());
        let c = parse_configs("hash+killers, +mvvlva").unwrap();
        assert_eq!(c[1].switches(), "mvvlva+hash+killers");
        assert_eq!(c[1].label, "+mvvlva");
    }
}
