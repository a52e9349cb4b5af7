//! The lab's tables, as aligned text for the terminal and as markdown for `report.md`.

use super::oracle::{minimal_interior, minimal_leaves, OracleSummary, Place};
use super::{chart, ConfigSummary, LabLimit, LabReport};
use crate::search::ordering::PickedFrom;
use crate::search::stats::{pct, CutoffStats, SearchStats};
use std::fmt::Write as _;
use std::path::Path;

/// A table: a title, column headers and rows of cells; the first column is text, the rest
/// are numbers (right-aligned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub(crate) title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn new(title: &str, headers: &[&str]) -> Table {
        Table {
            title: title.to_string(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub(crate) fn text(&self) -> String {
        let cols = self.headers.len();
        let mut width: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(cols) {
                width[i] = width[i].max(cell.chars().count());
            }
        }
        let line = |cells: &[String]| {
            let mut s = String::new();
            for (i, cell) in cells.iter().enumerate().take(cols) {
                if i > 0 {
                    s.push_str("  ");
                }
                let pad = width[i].saturating_sub(cell.chars().count());
                if i == 0 {
                    s.push_str(cell);
                    s.push_str(&" ".repeat(pad));
                } else {
                    s.push_str(&" ".repeat(pad));
                    s.push_str(cell);
                }
            }
            s.trim_end().to_string()
        };
        let mut out = format!("{}\n", self.title);
        out.push_str(&line(&self.headers));
        out.push('\n');
        let total: usize = width.iter().sum::<usize>() + 2 * (cols.saturating_sub(1));
        out.push_str(&"-".repeat(total));
        out.push('\n');
        for row in &self.rows {
            out.push_str(&line(row));
            out.push('\n');
        }
        out
    }

    pub(crate) fn markdown(&self) -> String {
        let mut out = format!("| {} |\n|", self.headers.join(" | "));
        for i in 0..self.headers.len() {
            out.push_str(if i == 0 { " --- |" } else { " ---: |" });
        }
        out.push('\n');
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        out
    }
}

/// 12345678 as `12,345,678`.
pub(crate) fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn opt_count(n: Option<u64>) -> String {
    n.map_or("-".to_string(), count)
}

fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".to_string()
    } else {
        format!("{:.1}", pct(part, whole))
    }
}

/// The deepest depth shown: the deepest any configuration completed on every position.
fn shown_depth(s: &[ConfigSummary]) -> usize {
    s.iter().map(|c| c.complete_depth()).max().unwrap_or(0)
}

pub fn effort_table(r: &LabReport) -> Table {
    let bm = r.summaries.iter().any(|s| s.bm_positions > 0);
    let am = r.summaries.iter().any(|s| s.am_positions > 0);
    let mut headers = vec![
        "configuration",
        "nodes",
        "qsearch %",
        "time s",
        "knps",
        "mean EBF",
        "FH first %",
        "FH first 4 %",
        "mean cut index",
        "best move rank",
        "best first %",
        "speed-up",
    ];
    if bm {
        headers.push("bm found");
    }
    if am {
        headers.push("am avoided");
    }
    let mut t = Table::new(
        "Summary (sums over the positions; FH = main-search fail-high nodes)",
        &headers,
    );
    let first = r.summaries.first().map_or(0, |s| s.nodes);
    for s in &r.summaries {
        let mut row = vec![
            s.config.label.clone(),
            count(s.nodes),
            percent(s.qnodes, s.nodes),
            format!("{:.2}", s.secs),
            format!("{:.0}", s.nodes as f64 / s.secs.max(1e-9) / 1000.0),
            if s.ebf.is_empty() {
                "-".to_string()
            } else {
                format!("{:.2}", s.mean_ebf)
            },
            percent(s.stats.main.first, s.stats.main.fail_highs),
            percent(s.stats.main.first_four, s.stats.main.fail_highs),
            if s.stats.main.fail_highs == 0 {
                "-".to_string()
            } else {
                format!("{:.2}", s.stats.main.mean_index())
            },
            s.mean_rank().map_or("-".to_string(), |m| format!("{m:.2}")),
            percent(s.rank_first as u64, s.ranked as u64),
            if s.nodes == 0 {
                "-".to_string()
            } else {
                format!("{:.2}x", first as f64 / s.nodes as f64)
            },
        ];
        if bm {
            row.push(format!("{}/{}", s.bm_found, s.bm_positions));
        }
        if am {
            row.push(format!("{}/{}", s.am_avoided, s.am_positions));
        }
        t.rows.push(row);
    }
    t
}

fn depth_table(
    r: &LabReport,
    title: &str,
    cell: impl Fn(&ConfigSummary, usize) -> String,
) -> Table {
    let depth = shown_depth(&r.summaries);
    let mut headers = vec!["configuration".to_string()];
    headers.extend((1..=depth).map(|d| format!("d{d}")));
    let mut t = Table {
        title: title.to_string(),
        headers,
        rows: Vec::new(),
    };
    for s in &r.summaries {
        let mut row = vec![s.config.label.clone()];
        row.extend((0..depth).map(|d| cell(s, d)));
        t.rows.push(row);
    }
    t
}

pub(crate) fn nodes_by_depth_table(r: &LabReport) -> Table {
    depth_table(
        r,
        "Nodes to each depth (cumulative, summed over the positions)",
        |s, d| opt_count(s.depth_nodes.get(d).copied().flatten()),
    )
}

pub(crate) fn qnodes_by_depth_table(r: &LabReport) -> Table {
    depth_table(
        r,
        "Quiescence nodes to each depth (cumulative, summed over the positions)",
        |s, d| opt_count(s.depth_qnodes.get(d).copied().flatten()),
    )
}

pub(crate) fn time_by_depth_table(r: &LabReport) -> Table {
    depth_table(
        r,
        "Time to each depth in seconds (summed over the positions)",
        |s, d| {
            s.depth_ms
                .get(d)
                .copied()
                .flatten()
                .map_or("-".to_string(), |ms| format!("{:.2}", ms as f64 / 1000.0))
        },
    )
}

pub(crate) fn ebf_by_depth_table(r: &LabReport) -> Table {
    depth_table(
        r,
        "Effective branching factor at each depth (nodes to d / nodes to d-1, summed counts)",
        |s, d| {
            if d == 0 {
                "-".to_string()
            } else {
                s.ebf
                    .get(d - 1)
                    .map_or("-".to_string(), |e| format!("{e:.2}"))
            }
        },
    )
}

fn cutoff_table(r: &LabReport, title: &str, quiescence: bool) -> Table {
    let mut headers = vec![
        "configuration",
        if quiescence { "qnodes" } else { "nodes" },
        "fail-highs",
        "first %",
        "first 4 %",
        "mean index",
    ];
    headers.extend(PickedFrom::NAMES.iter().copied());
    let mut t = Table::new(title, &headers);
    for s in &r.summaries {
        let (c, nodes): (&CutoffStats, u64) = if quiescence {
            (&s.stats.quiescence, s.qnodes)
        } else {
            (&s.stats.main, s.nodes - s.qnodes)
        };
        let mut row = vec![
            s.config.label.clone(),
            count(nodes),
            count(c.fail_highs),
            percent(c.first, c.fail_highs),
            percent(c.first_four, c.fail_highs),
            if c.fail_highs == 0 {
                "-".to_string()
            } else {
                format!("{:.2}", c.mean_index())
            },
        ];
        row.extend(c.by_stage.iter().map(|&n| percent(n, c.fail_highs)));
        t.rows.push(row);
    }
    t
}

pub fn main_cutoff_table(r: &LabReport) -> Table {
    cutoff_table(
        r,
        "Main search: fail-high nodes (stage columns: % of fail-highs whose cutoff move came from that stage)",
        false,
    )
}

/// The fail highs the first move missed, by where that first move came from (a row per
/// configuration and stage) and where the cutoff move came from (a column per stage), as
/// shares of all the main search's fail highs: where the first-move share is lost.
pub fn late_cutoff_table(r: &LabReport) -> Table {
    let mut headers = vec!["configuration", "first move from"];
    headers.extend(PickedFrom::NAMES.iter().copied());
    headers.push("all");
    let mut t = Table::new(
        "Main search: cutoffs after the first move (rows: where the first move searched came from; stage columns: where the cutoff move came from; % of all fail-highs)",
        &headers,
    );
    for s in &r.summaries {
        let c = &s.stats.main;
        for (first, late) in c.late.iter().enumerate() {
            let all: u64 = late.iter().sum();
            if all == 0 {
                continue;
            }
            let mut row = vec![s.config.label.clone(), PickedFrom::NAMES[first].to_string()];
            row.extend(late.iter().map(|&n| {
                if n == 0 {
                    "-".to_string()
                } else {
                    percent(n, c.fail_highs)
                }
            }));
            row.push(percent(all, c.fail_highs));
            t.rows.push(row);
        }
    }
    t
}

pub fn quiescence_cutoff_table(r: &LabReport) -> Table {
    cutoff_table(
        r,
        "Quiescence: fail-high nodes (stand-pat cutoffs are not counted: no move was searched)",
        true,
    )
}

pub fn hash_table(r: &LabReport) -> Table {
    let mut t = Table::new(
        "Hash move and transposition table",
        &[
            "configuration",
            "expanded nodes",
            "hash move available %",
            "hash move cut %",
            "TT probes",
            "TT hit %",
        ],
    );
    for s in &r.summaries {
        let st = &s.stats;
        t.rows.push(vec![
            s.config.label.clone(),
            count(st.expanded),
            percent(st.hash_move_available, st.expanded),
            percent(st.hash_move_cutoffs, st.hash_move_available),
            count(st.tt_probes),
            percent(st.tt_hits, st.tt_probes),
        ]);
    }
    t
}

/// The configurations with oracle runs, and the lab's depth.
fn with_oracle(r: &LabReport) -> Vec<(&ConfigSummary, &OracleSummary)> {
    r.summaries
        .iter()
        .filter_map(|s| s.oracle.as_ref().map(|o| (s, o)))
        .collect()
}

fn lab_depth(r: &LabReport) -> i32 {
    match r.options.limit {
        LabLimit::Depth(d) => d,
        LabLimit::Nodes(_) => 0,
    }
}

/// `a` as a multiple of `b`.
fn ratio(a: f64, b: f64) -> String {
    if b <= 0.0 {
        "-".to_string()
    } else {
        format!("{:.2}x", a / b)
    }
}

/// Our order against the oracle's: nodes, time and fail-high on the first move of both runs.
pub fn oracle_table(r: &LabReport) -> Option<Table> {
    let runs = with_oracle(r);
    let (_, first) = runs.first()?;
    let mut t = Table::new(
        &format!(
            "How far from perfect: our order against the oracle's, depth {} (the oracle: at each \
             node, the best move a depth-{} search found there, searched first; covered %: the \
             oracle run's main-search nodes whose key the map held)",
            lab_depth(r),
            first.record_depth
        ),
        &[
            "configuration",
            "order",
            "nodes",
            "main nodes",
            "time s",
            "FH first %",
            "FH first 4 %",
            "mean cut index",
            "nodes / oracle's",
            "time / oracle's",
            "covered %",
        ],
    );
    for (s, o) in runs {
        let row = |order: &str, nodes: u64, qnodes: u64, secs: f64, st: &SearchStats| {
            vec![
                s.config.label.clone(),
                order.to_string(),
                count(nodes),
                count(nodes - qnodes),
                format!("{secs:.2}"),
                percent(st.main.first, st.main.fail_highs),
                percent(st.main.first_four, st.main.fail_highs),
                if st.main.fail_highs == 0 {
                    "-".to_string()
                } else {
                    format!("{:.2}", st.main.mean_index())
                },
                ratio(nodes as f64, o.nodes as f64),
                ratio(secs, o.secs),
            ]
        };
        let mut ours = row("ours", s.nodes, s.qnodes, s.secs, &s.stats);
        ours.push("-".to_string());
        let mut oracle = row("oracle", o.nodes, o.qnodes, o.secs, &o.stats);
        oracle.push(percent(o.covered, o.loops));
        t.rows.push(ours);
        t.rows.push(oracle);
    }
    Some(t)
}

/// Where our order had the oracle's move, at the normal run's nodes the map covered.
pub fn oracle_places_table(r: &LabReport) -> Option<Table> {
    let runs = with_oracle(r);
    if runs.is_empty() {
        return None;
    }
    let mut t = Table::new(
        "Where our order had the oracle's move (the normal run's main-search nodes whose key \
         the map held; number: its place among the moves searched, from 1; moves before it: the \
         moves searched ahead of it, as a share of all such moves)",
        &[
            "configuration",
            "oracle's move from",
            "nodes",
            "nodes %",
            "mean number",
            "moves before it %",
        ],
    );
    for (s, o) in runs {
        let p = &o.places;
        let total = p.total();
        let before: u64 = (0..Place::COUNT).map(|i| p.moves_before(i)).sum();
        for (i, name) in Place::NAMES.iter().enumerate() {
            let searched = i != Place::CutBefore as usize && i != Place::Pruned as usize;
            t.rows.push(vec![
                s.config.label.clone(),
                name.to_string(),
                count(p.nodes[i]),
                percent(p.nodes[i], total),
                if searched && p.nodes[i] > 0 {
                    format!("{:.2}", p.number_sum[i] as f64 / p.nodes[i] as f64)
                } else {
                    "-".to_string()
                },
                if searched {
                    percent(p.moves_before(i), before)
                } else {
                    "-".to_string()
                },
            ]);
        }
        let searched_nodes =
            total - p.nodes[Place::CutBefore as usize] - p.nodes[Place::Pruned as usize];
        let number_sum: u64 = p.number_sum.iter().sum();
        t.rows.push(vec![
            s.config.label.clone(),
            "all".to_string(),
            count(total),
            percent(total, total),
            if searched_nodes == 0 {
                "-".to_string()
            } else {
                format!("{:.2}", number_sum as f64 / searched_nodes as f64)
            },
            percent(before, before),
        ]);
    }
    Some(t)
}

/// The stage that loses most, a line per configuration: where the oracle's move came from
/// at the nodes that searched the most moves ahead of it.
pub fn oracle_verdict(r: &LabReport) -> Vec<String> {
    with_oracle(r)
        .into_iter()
        .map(|(s, o)| {
            let p = &o.places;
            let before: u64 = (0..Place::COUNT).map(|i| p.moves_before(i)).sum();
            match p.worst() {
                Some((i, n)) => format!(
                    "{}: the stage that loses most is \"{}\": {}% of the moves searched ahead \
                     of the oracle's move were searched at nodes where it came from there.",
                    s.config.label,
                    Place::NAMES[i],
                    percent(n, before)
                ),
                None => format!(
                    "{}: the oracle's move was first wherever it was searched.",
                    s.config.label
                ),
            }
        })
        .collect()
}

/// With `--pure`: the oracle's tree beside Knuth and Moore's minimal tree of a uniform tree
/// with the roots' mean legal-move count.
pub fn minimal_tree_table(r: &LabReport) -> Option<Table> {
    if !r.options.pure {
        return None;
    }
    let runs = with_oracle(r);
    if runs.is_empty() {
        return None;
    }
    let depth = lab_depth(r);
    let mut t = Table::new(
        &format!(
            "The floor for pure alpha-beta at depth {depth}: the oracle's main-search nodes \
             (the minimal tree's estimate when the oracle comes from the same depth) beside a \
             uniform tree's minimal tree, b the mean legal-move count at the roots, times the \
             positions: its nodes at depth {depth}, b^ceil(D/2) + b^floor(D/2) - 1, and above \
             it (plies 0 to {})",
            depth - 1
        ),
        &[
            "configuration",
            "oracle from depth",
            "b",
            "uniform: nodes at D",
            "uniform: nodes above D",
            "oracle main nodes",
            "our main nodes",
            "oracle / uniform above D",
            "ours / oracle",
        ],
    );
    for (s, o) in runs {
        let positions = s.positions as f64;
        let b = o.root_moves as f64 / positions.max(1.0);
        let leaves = positions * minimal_leaves(b, depth);
        let interior = positions * minimal_interior(b, depth);
        let oracle_main = o.nodes - o.qnodes;
        let ours_main = s.nodes - s.qnodes;
        t.rows.push(vec![
            s.config.label.clone(),
            o.record_depth.to_string(),
            format!("{b:.1}"),
            count(leaves.round() as u64),
            count(interior.round() as u64),
            count(oracle_main),
            count(ours_main),
            ratio(oracle_main as f64, interior),
            ratio(ours_main as f64, oracle_main as f64),
        ]);
    }
    Some(t)
}

fn heading(r: &LabReport) -> Vec<String> {
    let mut lines = Vec::new();
    let done = r.run.runs.len();
    let mut positions = format!(
        "{} position{}",
        r.suite_positions,
        if r.suite_positions == 1 { "" } else { "s" }
    );
    if !r.parse_errors.is_empty() {
        let n = r.parse_errors.len();
        let lines_list: Vec<String> = r.parse_errors.iter().map(|e| e.line.to_string()).collect();
        let _ = write!(
            positions,
            " ({n} line{} could not be parsed and {} skipped: line {})",
            if n == 1 { "" } else { "s" },
            if n == 1 { "was" } else { "were" },
            lines_list.join(", ")
        );
    }
    lines.push(format!("Suite: {}, {positions}", r.suite));
    lines.push(format!(
        "Limit: {} per position; {}; one thread, a fresh 16 MB table per search",
        r.options.limit.describe(),
        r.options.mode()
    ));
    lines.push(format!(
        "Evaluation: {}",
        r.options
            .network
            .as_ref()
            .map_or("the classical evaluation".to_string(), |n| format!(
                "net {}",
                n.id()
            ))
    ));
    let legend: Vec<String> = r
        .options
        .configs
        .iter()
        .map(|c| {
            if c.label == c.switches() {
                c.label.clone()
            } else {
                format!("{} = {}", c.label, c.switches())
            }
        })
        .collect();
    lines.push(format!("Configurations: {}", legend.join("; ")));
    if r.run.interrupted {
        lines.push(format!(
            "INTERRUPTED: the tables cover the {done} of {} positions finished under every configuration",
            r.suite_positions
        ));
    }
    if matches!(r.options.limit, LabLimit::Nodes(_)) {
        lines.push(
            "Depth columns count only depths that every position completed within the node limit"
                .to_string(),
        );
    }
    lines
}

fn tables(r: &LabReport) -> Vec<Table> {
    vec![
        effort_table(r),
        nodes_by_depth_table(r),
        main_cutoff_table(r),
        late_cutoff_table(r),
        quiescence_cutoff_table(r),
        hash_table(r),
    ]
    .into_iter()
    .chain(oracle_table(r))
    .chain(oracle_places_table(r))
    .chain(minimal_tree_table(r))
    .collect()
}

/// The terminal report.
pub fn text(r: &LabReport) -> String {
    let mut out = String::new();
    for l in heading(r) {
        out.push_str(&l);
        out.push('\n');
    }
    for t in tables(r) {
        out.push('\n');
        out.push_str(&t.text());
    }
    for l in oracle_verdict(r) {
        out.push('\n');
        out.push_str(&l);
        out.push('\n');
    }
    out
}

pub const NODES_CHART: &str = "nodes_by_depth.svg";
pub const FIRST_CHART: &str = "fail_high_first.svg";

/// `report.md`; `charts` says whether the two SVG files are beside it.
pub fn markdown(r: &LabReport, charts: bool) -> String {
    let name = suite_name(&r.suite);
    let mut out = format!("# Ordering lab: {name}\n\n");
    for l in heading(r) {
        let _ = writeln!(out, "- {l}");
    }
    let _ = writeln!(
        out,
        "\nCommand: `cutoff ordering {} {}{}{} --configs {}`\n",
        r.suite,
        match r.options.limit {
            LabLimit::Depth(d) => format!("--depth {d}"),
            LabLimit::Nodes(n) => format!("--nodes {n}"),
        },
        r.options.mode_flags(),
        r.options
            .oracle
            .map_or(String::new(), |k| format!(" --oracle --oracle-extra {k}")),
        r.options
            .configs
            .iter()
            .map(|c| c.label.as_str())
            .collect::<Vec<_>>()
            .join(",")
    );
    if charts {
        let _ = writeln!(out, "![Nodes to each depth]({NODES_CHART})\n");
        let _ = writeln!(out, "![Fail-high on the first move]({FIRST_CHART})\n");
    }
    let mut all = tables(r);
    all.insert(2, qnodes_by_depth_table(r));
    all.insert(3, time_by_depth_table(r));
    all.insert(4, ebf_by_depth_table(r));
    for t in all {
        let _ = writeln!(out, "## {}\n\n{}", t.title, t.markdown());
    }
    for l in oracle_verdict(r) {
        let _ = writeln!(out, "{l}\n");
    }
    out.push_str(NOTES);
    if r.summaries.iter().any(|s| s.oracle.is_some()) {
        out.push_str(ORACLE_NOTES);
    }
    out
}

const NOTES: &str = "## How to read this

- *Nodes* count every node searched, quiescence included; *nodes to each depth* is the count at \
the end of that iteration of iterative deepening, summed over the positions.
- *Mean EBF* is the geometric mean of the effective branching factors, each the nodes to a depth \
over the nodes to the depth before, from the summed counts.
- A *fail-high* node is one where a searched move reached beta; *first %* is the share of them \
whose cutoff came from the first move searched, *first 4 %* from one of the first four, and the \
*mean index* is the mean number (1 = first) of the cutoff move. Table cutoffs before any move is \
searched are not fail-highs here.
- *Cutoffs after the first move* splits the fail-highs the first move missed (100 minus first %) \
by the stage of the first move searched (the row) and of the move that cut off (the column): a \
good capture tried first and a quiet move cutting later shows under good capture / quiet.
- Stage columns give the picker stage of the cutoff move. With MVV-LVA off there are no capture \
stages: noisy moves are counted as captures and the rest as quiet moves.
- *Hash move available* is the share of the main-search nodes that reached the move loop where \
the table (or, at the root, the last iteration) offered a legal move; *hash move cut* the share \
of those where that move cut off.
- *Best move rank* is the mean, over the positions, of where the move the search chose stands (1 = first) in the root order the picker gives with what that search learned (killers, histories) but without the hash move; *best first %* the share of positions where it is first. With the hash move the chosen move is the table's and nearly always first, so the column leaves it out and measures how well the other heuristics alone would have placed the best move.
- *Speed-up* is the first configuration's nodes over this one's.
";

const ORACLE_NOTES: &str = "
## How to read the oracle's tables

- *The oracle*: a search to the lab's depth plus k (`--oracle-extra`, 2 by default) records at \
every main-search node the move that failed high or the PV move, by the position's key, the \
deepest answer kept. A second search to the lab's depth, from a fresh state, tries that move \
first wherever the key is known. *Nodes / oracle's* is our count as a multiple of the oracle \
run's: how much a perfect first move would save, as far as the deeper search knows it.
- *Covered %*: the oracle run's nodes whose key the map held; the rest were ordered as usual \
(positions the deep search never reached, mostly because our order differs from the oracle's).
- *Where our order had the oracle's move*: at the normal run's nodes the map covered, the stage \
that yielded the oracle's move (quiet moves by their rank in the quiet stage), or why it was \
never searched: the node failed high on another move first (no loss: any cutoff will do), or \
pruning skipped it. *Moves before it* counts the moves searched ahead of it: the stage with the \
largest share is where the order loses most.
- The oracle is only an estimate: a deeper search's best move is not the true one, a move that \
fails high is not always the cheapest refutation, and a key met again by transposition carries \
an answer found in another line. With the selective search the oracle run's tree differs from \
the one the deep search saw (pruning and reductions read the order), so its count can even \
exceed ours. With `--pure` and k = 0 the oracle run approximates Knuth and Moore's minimal tree; \
the uniform tree's formula assumes every node has b moves, which the real tree does not, and \
neither counts quiescence.
";

/// The file name without directories and extension.
pub(crate) fn suite_name(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .map_or(path.to_string(), |s| s.to_string_lossy().into_owned())
}

/// Writes `dir/report.md` and the charts; returns the report's path.
pub fn write(r: &LabReport, dir: &str) -> Result<String, String> {
    let d = Path::new(dir);
    std::fs::create_dir_all(d).map_err(|e| format!("cannot create '{dir}': {e}"))?;
    let name = suite_name(&r.suite);
    let what = format!(
        "{name}, {}{}",
        r.options.limit.describe(),
        r.options.mode_tag()
    );
    chart::nodes_by_depth(&d.join(NODES_CHART), &r.summaries, &what)?;
    chart::fail_high_first(&d.join(FIRST_CHART), &r.summaries, &what)?;
    let file = d.join("report.md");
    std::fs::write(&file, markdown(r, true))
        .map_err(|e| format!("cannot write '{}': {e}", file.display()))?;
    Ok(file.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(12_345_678), "12,345,678");
    }

    #[test]
    fn tables_align_and_escape() {
        let mut t = Table::new("T", &["name", "n"]);
        t.rows.push(vec!["a|b".into(), "1".into()]);
        t.rows.push(vec!["long name".into(), "1,000".into()]);
        let text = t.text();
        assert_eq!(
            text,
            "T\nname           n\n----------------\na|b            1\nlong name  1,000\n"
        );
        assert_eq!(
            t.markdown(),
            "| name | n |\n| --- | ---: |\n| a\\|b | 1 |\n| long name | 1,000 |\n"
        );
    }
}
