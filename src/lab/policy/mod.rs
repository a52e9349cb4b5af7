//! The learned move order (issue 26): a policy head on the network's hidden layer, trained
//! on the quiet moves that cut off in Cutoff's own searches, and measured against the order
//! the history family gave those moves at the same nodes.
//!
//! - `data`: `cutoff policy-data` replays self-play games, searches their positions with the
//!   cutoff log on and writes sampled quiet cutoffs with the picker's rank of each;
//! - `head`: the linear head, its loss and gradient;
//! - `run_train` (`cutoff policy-train`, whose flags are in `train`): fits the head (alone,
//!   or beside the history) with AdamW, a validation split by game, and reports top-1 /
//!   top-3 accuracy of the head and of the history order on the held-out cutoffs.

pub mod data;
pub(crate) mod head;
pub mod train;

use crate::eval::nnue::Network;
use crate::lab::cutoff_log::NodeContext;
use crate::rng::SplitMix64;
use crate::search::ordering::policy::PolicyModel;
use crate::tools::train::adamw::{AdamW, AdamWConfig, Schedule};
use data::PolicySample;
use head::{Candidate, HeadInputs, PolicyHead};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// A head file for the tools' `--policy-head`, read against `network`, the net the searches
/// use (the head reads the hidden layer of the net it was trained on, and says so if that
/// is another net). Errors name the file.
pub(crate) fn load_head(path: &str, network: Option<Arc<Network>>) -> Result<PolicyModel, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let net = network
        .ok_or("--policy-head needs a net, and the searches use the classical evaluation")?;
    PolicyModel::from_bytes(&bytes, net).map_err(|e| format!("{path}: {e}"))
}

/// What the policy trainer reads from `cutoff policy-train`'s flags.
pub(crate) struct PolicyTrainSettings<'a> {
    pub(crate) files: &'a [String],
    pub(crate) out_dir: &'a Path,
    pub(crate) net: Arc<Network>,
    pub(crate) schedule: Schedule,
    pub(crate) val_percent: f64,
    pub(crate) seed: u64,
    pub(crate) max_positions: Option<usize>,
    /// Held-out cutoffs whose every quiet move is searched to see which of them cut.
    pub(crate) cut_check: usize,
    /// What the head reads beside the hidden layer: nothing, the summed history, or the
    /// history's parts (each with learned weights, with the refutation stages).
    pub(crate) reads: HeadInputs,
    /// The head's rows learn (false: they stay 0, and only the history's weights learn).
    pub(crate) learn_rows: bool,
    /// Train on this many cutoffs labelled with every quiet move that cuts (each searched
    /// as the any-cut check does) instead of on every cutoff's one logged move (0).
    pub(crate) cut_labels: usize,
    /// Threads that search the labels.
    pub(crate) threads: usize,
}

/// Accuracy of an order on a set of cutoffs: how often the cutting move was first, in the
/// first three, and the mean number of quiet moves placed before it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accuracy {
    pub samples: usize,
    pub top1: f64,
    pub top3: f64,
    pub mean_rank: f64,
}

impl Accuracy {
    fn of(ranks: &[usize]) -> Accuracy {
        let n = ranks.len().max(1) as f64;
        Accuracy {
            samples: ranks.len(),
            top1: ranks.iter().filter(|&&r| r == 0).count() as f64 / n * 100.0,
            top3: ranks.iter().filter(|&&r| r < 3).count() as f64 / n * 100.0,
            mean_rank: ranks.iter().sum::<usize>() as f64 / n,
        }
    }

    fn text(&self) -> String {
        format!(
            "top-1 {:5.1}%  top-3 {:5.1}%  mean rank {:5.2}",
            self.top1, self.top3, self.mean_rank
        )
    }
}

/// What a training run measured on the held-out cutoffs.
#[derive(Clone, Debug)]
pub struct PolicyReport {
    pub train_samples: usize,
    pub validation_samples: usize,
    /// Mean cross-entropy per epoch: (train, validation).
    pub losses: Vec<(f64, f64)>,
    /// The head's order (beside the history, the mixed order).
    pub head: Accuracy,
    /// The history family's order as the search met the node (the recorded rank).
    pub history: Accuracy,
    /// The history family's order from the tables at the node's entry (refutation stages,
    /// then history score): what the head beside the history reads.
    pub history_entry: Accuracy,
    /// The picker's order with the head (`OrderPolicy`): the refutation stages first, then
    /// the history plus the head's score in history points (`points_per_unit`).
    pub picker: Accuracy,
    /// The history's learned weight (per `head::HISTORY_UNIT` points), 0 for a head alone.
    pub history_weight: f32,
    /// History points a unit of the head's score, in the picker and in the head's file.
    pub points_per_unit: f32,
    /// A move drawn at random among the node's quiets.
    pub uniform_top1: f64,
    /// Against every quiet move that cuts (`cut_check`): the head's and the history's
    /// first move (and first three) among them, the cutoffs checked, and the mean share of
    /// a node's quiets that cut (a random first move's chance).
    pub any_cut: Option<AnyCut>,
}

/// The orders judged by whether their first moves cut at all, not whether they name the
/// move the search happened to meet first.
#[derive(Clone, Debug, Default)]
pub struct AnyCut {
    pub checked: usize,
    pub head_top1: f64,
    pub head_top3: f64,
    pub history_top1: f64,
    pub history_top3: f64,
    pub history_entry_top1: f64,
    pub history_entry_top3: f64,
    pub picker_top1: f64,
    pub picker_top3: f64,
    pub cutting_share: f64,
    /// The head's first move or the history's (at entry) cuts: what a perfect choice
    /// between the two orders, node by node, would reach.
    pub either_top1: f64,
    /// The picker's top-1 with the head's weight scaled by each factor of `SWEEP`: on the
    /// even-numbered checked nodes (where a weight is chosen) and on the odd ones (where the
    /// chosen weight is judged), with the history at entry's top-1 on the odd ones.
    pub sweep: Vec<(f32, f64, f64)>,
    pub history_entry_odd_top1: f64,
    /// Gates that take the head's first move instead of the history's where the history
    /// looks unsure: (gate, threshold in history points, top-1 on the even nodes, on the odd).
    pub gates: Vec<(Gate, i64, f64, f64)>,
    /// Nodes where the picker with the head put a cutting move first and the history at
    /// entry did not, and the reverse: the two orders' difference on the same nodes.
    pub picker_only: usize,
    pub history_entry_only: usize,
    /// The checked nodes by where they stood in their search (`CONTEXT_GROUPS`; data of
    /// format 3 only): do the two orders fail in different places?
    pub by_context: Vec<ContextTally>,
}

/// Nodes of one of `CONTEXT_GROUPS` and how often each order's first move cut there.
#[derive(Clone, Debug, Default)]
pub struct ContextTally {
    pub group: &'static str,
    pub nodes: usize,
    pub history_entry: usize,
    pub head: usize,
    pub picker: usize,
}

/// A group of checked nodes: its name, and whether a node's place puts it there.
type ContextGroup = (&'static str, fn(&NodeContext) -> bool);

/// Groups of checked nodes by their place in the search: fresh or full tables (the nodes
/// the search had visited when it entered the node; the policy data's searches stop at a
/// few thousand), near the root or deep.
const CONTEXT_GROUPS: [ContextGroup; 6] = [
    ("entered before node 1,000", |c| c.nodes < 1000),
    ("entered at node 1,000 to 2,999", |c| {
        (1000..3000).contains(&c.nodes)
    }),
    ("entered from node 3,000 on", |c| c.nodes >= 3000),
    ("1 or 2 plies from the root", |c| c.ply <= 2),
    ("3 or 4 plies from the root", |c| (3..=4).contains(&c.ply)),
    ("5 or more plies from the root", |c| c.ply >= 5),
];

/// Where a gate trusts the head's logits over the history at a node's entry (never when the
/// history's first move is a killer or the countermove, which the picker puts first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// The history's best candidate has fewer points than the threshold: little is known.
    WeakHistory,
    /// The history's first two candidates are closer than the threshold: a near tie.
    NearTie,
}

impl Gate {
    /// Whether the gate hands the node to the head: the history's first candidate (`first`,
    /// then `second`, as picker keys) is no refutation stage and looks unsure at `threshold`.
    fn unsure(self, first: PickerKey, second: Option<PickerKey>, threshold: i64) -> bool {
        first.0 == 0
            && match self {
                Gate::WeakHistory => first.1 < threshold,
                Gate::NearTie => second.is_some_and(|s| s.0 == 0 && first.1 - s.1 < threshold),
            }
    }
}

/// Cutting first moves counted apart on the even-numbered checked nodes (where a setting is
/// chosen) and the odd ones (where it is judged).
#[derive(Clone, Copy, Default)]
struct SplitTally {
    even: usize,
    odd: usize,
}

impl SplitTally {
    fn add(&mut self, odd: bool, cut: bool) {
        if odd {
            self.odd += cut as usize;
        } else {
            self.even += cut as usize;
        }
    }

    /// (even %, odd %) of `even` and `odd` nodes.
    fn percents(self, even: f64, odd: f64) -> (f64, f64) {
        (
            self.even as f64 / even * 100.0,
            self.odd as f64 / odd * 100.0,
        )
    }
}

/// The thresholds each gate tries, in history points (at 0 the weak-history gate acts only
/// where every candidate's history is negative).
const GATE_POINTS: [i64; 9] = [0, 64, 128, 256, 512, 1024, 2048, 4096, 8192];

/// The factors on the learned history points a unit of the head that the any-cut check
/// tries: does a heavier or lighter head order better than the weight the loss chose?
const SWEEP: [f32; 8] = [0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 8.0];

/// A candidate's place in the picker's order (`Candidate::picker_key`): stage, score,
/// generation order; highest first.
type PickerKey = (u8, i64, i64);

/// Each candidate's key in the picker's order with the head at `points` history points a
/// unit (0: the history family's order at the node's entry).
fn picker_keys(
    headp: &PolicyHead,
    features: &[f32],
    cands: &[Candidate],
    points: f32,
    out: &mut Vec<PickerKey>,
) {
    out.clear();
    out.extend(cands.iter().map(|c| {
        if points == 0.0 {
            return c.picker_key(0.0);
        }
        let head = headp.score(features, c.rows) * points;
        match headp.reads {
            // The history read part by part has no single weight in history points: the
            // order is the logit's (head and history, in the head's units), the refutation
            // stages first.
            HeadInputs::HistoryParts => {
                c.key_with(((headp.history_logit(c) + head) * LOGIT_STEPS) as i64)
            }
            HeadInputs::Alone | HeadInputs::History => c.picker_key(head),
        }
    }));
}

/// Steps a logit unit is cut into when an order is keyed by logits.
const LOGIT_STEPS: f32 = 65_536.0;

/// The rank of `target` among `keys`, highest first (keys are distinct).
fn rank_by(keys: &[PickerKey], target: usize) -> usize {
    keys.iter().filter(|&&k| k > keys[target]).count()
}

/// The first `n` candidates by `keys`, highest first.
fn first_by(keys: &[PickerKey], n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(keys[k]));
    order.truncate(n);
    order
}

/// Where the cutting move of `s` stands in `cands`.
fn target_of(s: &PolicySample, cands: &[Candidate]) -> usize {
    cands
        .iter()
        .position(|c| c.mv == s.mv)
        .expect("a logged cutoff is a quiet move other than the hash move")
}

/// Searches every candidate quiet move of up to `n` held-out cutoffs (the child to the
/// node's depth less one, a full window, the default evaluation) and scores the head's and
/// the history's first moves by whether they reach the node's beta. The history as searched
/// had its first quiet cut exactly when the search's cutoff had rank 0 (it was searched
/// first); its first three, when the rank was below 3.
fn any_cut(
    headp: &PolicyHead,
    points: f32,
    net: &Network,
    samples: &[PolicySample],
    val: &[usize],
    n: usize,
) -> AnyCut {
    let mut checker = CutChecker::new();
    let (mut feats, mut cands, mut keys) = (Vec::new(), Vec::new(), Vec::new());
    let mut out = AnyCut::default();
    let (mut h1, mut h3, mut y1, mut y3, mut share) = (0usize, 0usize, 0usize, 0usize, 0.0f64);
    let (mut e1, mut e3, mut p1, mut p3) = (0usize, 0usize, 0usize, 0usize);
    let mut either = 0usize;
    let mut swept = [SplitTally::default(); SWEEP.len()];
    let gates = [Gate::WeakHistory, Gate::NearTie];
    let mut gated = [[SplitTally::default(); GATE_POINTS.len()]; 2];
    let (mut odd, mut entry) = (0usize, SplitTally::default());
    let mut by_context: Vec<ContextTally> = CONTEXT_GROUPS
        .iter()
        .map(|&(group, _)| ContextTally {
            group,
            ..ContextTally::default()
        })
        .collect();
    for &i in val.iter().take(n) {
        let s = &samples[i];
        head::candidates(s, &mut cands);
        let cuts = checker.cuts(s, &cands);
        head::features(net, &s.board, &mut feats);
        let mut by_head: Vec<(f32, usize)> = cands
            .iter()
            .enumerate()
            .map(|(k, c)| (headp.logit(&feats, c), k))
            .collect();
        by_head.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        h1 += cuts[by_head[0].1] as usize;
        h3 += by_head.iter().take(3).any(|&(_, k)| cuts[k]) as usize;
        picker_keys(headp, &feats, &cands, 0.0, &mut keys);
        let by_entry = first_by(&keys, 3);
        e1 += cuts[by_entry[0]] as usize;
        e3 += by_entry.iter().any(|&k| cuts[k]) as usize;
        either += (cuts[by_entry[0]] || cuts[by_head[0].1]) as usize;
        let is_odd = out.checked % 2 == 1;
        odd += is_odd as usize;
        let (first, second) = (keys[by_entry[0]], by_entry.get(1).map(|&k| keys[k]));
        for (g, tallies) in gates.iter().zip(gated.iter_mut()) {
            for (&t, tally) in GATE_POINTS.iter().zip(tallies.iter_mut()) {
                let unsure = g.unsure(first, second, t);
                let pick = if unsure { by_head[0].1 } else { by_entry[0] };
                tally.add(is_odd, cuts[pick]);
            }
        }
        entry.add(is_odd, cuts[by_entry[0]]);
        for (f, tally) in SWEEP.iter().zip(swept.iter_mut()) {
            picker_keys(headp, &feats, &cands, points * f, &mut keys);
            tally.add(is_odd, cuts[first_by(&keys, 1)[0]]);
        }
        picker_keys(headp, &feats, &cands, points, &mut keys);
        let by_picker = first_by(&keys, 3);
        p1 += cuts[by_picker[0]] as usize;
        p3 += by_picker.iter().any(|&k| cuts[k]) as usize;
        out.picker_only += (cuts[by_picker[0]] && !cuts[by_entry[0]]) as usize;
        out.history_entry_only += (!cuts[by_picker[0]] && cuts[by_entry[0]]) as usize;
        if let Some(context) = s.entry.context {
            for ((_, holds), t) in CONTEXT_GROUPS.iter().zip(by_context.iter_mut()) {
                if holds(&context) {
                    t.nodes += 1;
                    t.history_entry += cuts[by_entry[0]] as usize;
                    t.head += cuts[by_head[0].1] as usize;
                    t.picker += cuts[by_picker[0]] as usize;
                }
            }
        }
        y1 += (s.rank == 0) as usize;
        y3 += (s.rank < 3) as usize;
        share += cuts.iter().filter(|&&c| c).count() as f64 / cuts.len() as f64;
        out.checked += 1;
    }
    let n = out.checked.max(1) as f64;
    let pct = |k: usize| k as f64 / n * 100.0;
    out.head_top1 = pct(h1);
    out.head_top3 = pct(h3);
    out.history_top1 = pct(y1);
    out.history_top3 = pct(y3);
    out.history_entry_top1 = pct(e1);
    out.history_entry_top3 = pct(e3);
    out.picker_top1 = pct(p1);
    out.picker_top3 = pct(p3);
    out.cutting_share = share / n * 100.0;
    out.either_top1 = pct(either);
    let even = (out.checked - odd).max(1) as f64;
    let odd = odd.max(1) as f64;
    out.sweep = SWEEP
        .iter()
        .zip(swept)
        .map(|(&f, t)| {
            let (e, o) = t.percents(even, odd);
            (f, e, o)
        })
        .collect();
    out.history_entry_odd_top1 = entry.percents(even, odd).1;
    out.by_context = by_context.into_iter().filter(|t| t.nodes > 0).collect();
    out.gates = gates
        .iter()
        .zip(gated)
        .flat_map(|(&g, tallies)| {
            GATE_POINTS.iter().zip(tallies).map(move |(&t, tally)| {
                let (e, o) = tally.percents(even, odd);
                (g, t, e, o)
            })
        })
        .collect();
    out
}

/// Searches each candidate of a logged node to see which of them cut: the child to the
/// node's depth less one, a full window, the default evaluation; a move cuts if its score
/// reaches the node's beta. The logged move cut in the search itself.
struct CutChecker {
    searcher: crate::search::Searcher,
    opts: crate::search::SearchOptions,
}

impl CutChecker {
    fn new() -> CutChecker {
        CutChecker {
            searcher: crate::search::Searcher::new(4, 1),
            opts: crate::search::SearchOptions {
                threads: 1,
                report: false,
                ..crate::search::SearchOptions::default()
            },
        }
    }

    fn cuts(&mut self, s: &PolicySample, cands: &[Candidate]) -> Vec<bool> {
        use crate::position::Position;
        use crate::search::{Control, Limits};
        let limits = Limits::depth((s.depth as i32 - 1).max(1));
        cands
            .iter()
            .map(|c| {
                if c.mv == s.mv {
                    return true;
                }
                let mut child = s.board;
                child.make_move(c.mv);
                let control = Control::new();
                control.reset(&limits);
                let r = self.searcher.search(
                    &Position::new(child),
                    &limits,
                    &self.opts,
                    &control,
                    &mut |_| {},
                );
                -r.score >= s.beta as i32
            })
            .collect()
    }
}

/// Labels `picked` samples with every candidate that cuts, on `threads` threads.
fn cut_labels(
    samples: &[PolicySample],
    picked: &[usize],
    threads: usize,
    say: &mut dyn FnMut(String),
) -> Vec<Option<Vec<bool>>> {
    let started = std::time::Instant::now();
    let mut labels: Vec<Option<Vec<bool>>> = vec![None; samples.len()];
    let chunk = picked.len().div_ceil(threads.max(1)).max(1);
    let done: Vec<Vec<(usize, Vec<bool>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = picked
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut checker = CutChecker::new();
                    let mut cands = Vec::new();
                    part.iter()
                        .map(|&i| {
                            head::candidates(&samples[i], &mut cands);
                            (i, checker.cuts(&samples[i], &cands))
                        })
                        .collect()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a labelling thread"))
            .collect()
    });
    for (i, cuts) in done.into_iter().flatten() {
        labels[i] = Some(cuts);
    }
    say(format!(
        "labelled {} cutoffs with every quiet move that cuts in {:.0} s ({} threads)",
        picked.len(),
        started.elapsed().as_secs_f64(),
        threads.max(1)
    ));
    labels
}

/// Whether game `game` is held out (`val_percent` of the games, by a seeded hash).
fn held_out(game: u32, seed: u64, val_percent: f64) -> bool {
    let mut r = SplitMix64::new(seed ^ (game as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (r.next_u64() % 10_000) as f64 / 100.0 < val_percent
}

/// What a training pass steps with: the optimiser, the batch size and the learning rate
/// of each step.
type Stepper<'a> = (&'a mut AdamW, usize, &'a dyn Fn(u64) -> f32);

/// One pass over `samples`: the mean loss and each sample's rank; with `train`, a step every
/// `batch` samples (learning rate `lr(step)`).
fn pass(
    headp: &mut PolicyHead,
    net: &Network,
    samples: &[PolicySample],
    labels: &[Option<Vec<bool>>],
    order: &[usize],
    mut train: Option<Stepper>,
) -> (f64, Vec<usize>) {
    let mut grad = vec![0.0f32; headp.params.len()];
    let mut feats = Vec::with_capacity(2 * net.hidden());
    let mut logits = Vec::with_capacity(64);
    let mut cands = Vec::with_capacity(64);
    let mut loss = 0.0f64;
    let mut ranks = Vec::with_capacity(order.len());
    let mut in_batch = 0;
    for &i in order {
        let s = &samples[i];
        head::features(net, &s.board, &mut feats);
        head::candidates(s, &mut cands);
        let target = match labels.get(i).and_then(|l| l.as_deref()) {
            Some(cuts) => head::Target::Any(cuts),
            None => head::Target::One(target_of(s, &cands)),
        };
        let g = train.as_ref().map(|_| grad.as_mut_slice());
        let (l, rank) = headp.learn(&feats, &cands, target, g, &mut logits);
        loss += l as f64;
        ranks.push(rank);
        if let Some((opt, batch, lr)) = train.as_mut() {
            in_batch += 1;
            if in_batch == *batch {
                let scale = 1.0 / in_batch as f32;
                grad.iter_mut().for_each(|g| *g *= scale);
                let rate = lr(opt.steps);
                opt.step(&mut headp.params, &grad, rate);
                grad.iter_mut().for_each(|g| *g = 0.0);
                in_batch = 0;
            }
        }
    }
    (loss / order.len().max(1) as f64, ranks)
}

/// Fits the head and measures it (`cutoff policy-train`).
pub(crate) fn run_train(s: &PolicyTrainSettings) -> Result<PolicyReport, String> {
    let mut samples = Vec::new();
    for f in s.files {
        samples.extend(data::read_file(f)?);
        if s.max_positions.is_some_and(|m| samples.len() >= m) {
            break;
        }
    }
    if let Some(m) = s.max_positions {
        samples.truncate(m);
    }
    if s.reads == HeadInputs::HistoryParts {
        if let Some(i) = samples.iter().position(|x| x.entry.parts.is_empty()) {
            return Err(format!(
                "cutoff {i} has no history parts (a policy file of format 2): --parts needs data made by this build's `cutoff policy-data`"
            ));
        }
    }
    let (mut train, mut val) = (Vec::new(), Vec::new());
    for (i, x) in samples.iter().enumerate() {
        if held_out(x.game, s.seed, s.val_percent) {
            val.push(i);
        } else {
            train.push(i);
        }
    }
    if train.is_empty() || val.is_empty() {
        return Err(format!(
            "{} cutoffs: too few for a training set and a validation set ({}% of the games)",
            samples.len(),
            s.val_percent
        ));
    }
    std::fs::create_dir_all(s.out_dir).map_err(|e| format!("{}: {e}", s.out_dir.display()))?;
    let mut log = std::fs::File::create(s.out_dir.join("policy.log"))
        .map_err(|e| format!("{}: {e}", s.out_dir.display()))?;
    let mut say = |line: String| {
        println!("{line}");
        let _ = writeln!(log, "{line}");
    };
    say(format!(
        "policy head {}{} on net {} ({} inputs): {} cutoffs, {} to train, {} held out ({}% of the games)",
        match s.reads {
            HeadInputs::Alone => "alone",
            HeadInputs::History => "beside the history",
            HeadInputs::HistoryParts => "beside the history's parts",
        },
        if s.learn_rows { "" } else { " (rows held at zero: a learned history)" },
        s.net.id(),
        2 * s.net.hidden(),
        samples.len(),
        train.len(),
        val.len(),
        s.val_percent
    ));
    // With cut labels, a seeded draw of the training cutoffs is labelled and trained on.
    let mut rng = SplitMix64::new(s.seed);
    let labels = if s.cut_labels > 0 {
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        train.truncate(s.cut_labels);
        cut_labels(&samples, &train, s.threads, &mut say)
    } else {
        Vec::new()
    };
    let mut headp = PolicyHead::zeros(2 * s.net.hidden(), s.reads, s.learn_rows);
    let mut opt = AdamW::new(
        headp.params.len(),
        AdamWConfig {
            weight_decay: s.schedule.weight_decay,
            ..AdamWConfig::default()
        },
    );
    let batch = s.schedule.batch.max(1);
    let total_steps = (s.schedule.epochs * train.len()).div_ceil(batch).max(1) as f32;
    let lr = |step: u64| {
        let t = (step as f32 / total_steps).min(1.0);
        s.schedule.lr_end
            + 0.5 * (s.schedule.lr - s.schedule.lr_end) * (1.0 + (std::f32::consts::PI * t).cos())
    };
    let mut losses = Vec::new();
    let mut val_ranks = Vec::new();
    for epoch in 1..=s.schedule.epochs {
        let started = std::time::Instant::now();
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let (train_loss, _) = pass(
            &mut headp,
            &s.net,
            &samples,
            &labels,
            &train,
            Some((&mut opt, batch, &lr)),
        );
        // Validation keeps the logged move as its target, comparable across runs.
        let (val_loss, ranks) = pass(&mut headp, &s.net, &samples, &[], &val, None);
        val_ranks = ranks;
        losses.push((train_loss, val_loss));
        say(format!(
            "epoch {epoch:3}  train loss {train_loss:.4}  validation loss {val_loss:.4}  validation {}  {:.0} cutoffs/s",
            Accuracy::of(&val_ranks).text(),
            train.len() as f64 / started.elapsed().as_secs_f64()
        ));
    }
    let history_ranks: Vec<usize> = val.iter().map(|&i| samples[i].rank as usize).collect();
    let points = points_per_unit(&headp);
    let (mut cands, mut keys, mut feats) = (Vec::new(), Vec::new(), Vec::new());
    let mut entry_ranks = Vec::with_capacity(val.len());
    let mut picker_ranks = Vec::with_capacity(val.len());
    let mut uniform_top1 = 0.0;
    for &i in &val {
        let x = &samples[i];
        head::candidates(x, &mut cands);
        head::features(&s.net, &x.board, &mut feats);
        let target = target_of(x, &cands);
        picker_keys(&headp, &feats, &cands, 0.0, &mut keys);
        entry_ranks.push(rank_by(&keys, target));
        picker_keys(&headp, &feats, &cands, points, &mut keys);
        picker_ranks.push(rank_by(&keys, target));
        uniform_top1 += 100.0 / cands.len() as f64;
    }
    uniform_top1 /= val.len() as f64;
    let any_cut =
        (s.cut_check > 0).then(|| any_cut(&headp, points, &s.net, &samples, &val, s.cut_check));
    let report = PolicyReport {
        train_samples: train.len(),
        validation_samples: val.len(),
        losses,
        head: Accuracy::of(&val_ranks),
        history: Accuracy::of(&history_ranks),
        history_entry: Accuracy::of(&entry_ranks),
        picker: Accuracy::of(&picker_ranks),
        history_weight: headp.history_weight(),
        points_per_unit: points,
        uniform_top1,
        any_cut,
    };
    say(format!("held-out cutoffs: {}", report.validation_samples));
    say(format!(
        "  policy head    {}  ({})",
        report.head.text(),
        match s.reads {
            HeadInputs::Alone => "the head alone",
            _ => "its logits: head, history and refutation stages",
        }
    ));
    say(format!(
        "  picker + head  {}  (killers, countermove, then history + {points:.0} points a unit of the head)",
        report.picker.text()
    ));
    say(format!(
        "  history order  {}  (the picker's rank as the search met the node)",
        report.history.text()
    ));
    say(format!(
        "  history order  {}  (the tables at the node's entry: killers, countermove, history)",
        report.history_entry.text()
    ));
    let stages = headp.stage_bonuses();
    match s.reads {
        HeadInputs::Alone => {}
        HeadInputs::History => say(format!(
            "  learned weights: history {:.3} per {} points, killers {:.2} and {:.2}, countermove {:.2}",
            headp.history_weight(),
            head::HISTORY_UNIT,
            stages[0],
            stages[1],
            stages[2]
        )),
        HeadInputs::HistoryParts => {
            let (parts, ranks) = headp.part_weights();
            let [b, c1, c2, c4, pawn] = [0, 1, 2, 3, 4].map(|k| parts[k]);
            say(format!(
                "  learned weights per {} points: butterfly {b:.3}, continuation one ply back {c1:.3}, two {c2:.3}, four {c4:.3}, pawn structure {pawn:.3}",
                head::HISTORY_UNIT
            ));
            say(format!(
                "  bonuses: the history's first moves {}; killers {:.2} and {:.2}, countermove {:.2}",
                ranks.iter().map(|r| format!("{r:.2}")).collect::<Vec<_>>().join(", "),
                stages[0],
                stages[1],
                stages[2]
            ));
        }
    }
    say(format!(
        "  a random quiet top-1 {:5.1}%",
        report.uniform_top1
    ));
    if let Some(a) = &report.any_cut {
        say(format!(
            "held-out cutoffs whose every quiet was searched: {} (a first move counts when it reaches beta)",
            a.checked
        ));
        say(format!(
            "  policy head    top-1 {:5.1}%  top-3 {:5.1}%",
            a.head_top1, a.head_top3
        ));
        say(format!(
            "  history order  top-1 {:5.1}%  top-3 {:5.1}%  (as searched)",
            a.history_top1, a.history_top3
        ));
        say(format!(
            "  history order  top-1 {:5.1}%  top-3 {:5.1}%  (at the node's entry)",
            a.history_entry_top1, a.history_entry_top3
        ));
        say(format!(
            "  picker + head  top-1 {:5.1}%  top-3 {:5.1}%",
            a.picker_top1, a.picker_top3
        ));
        let (p, h) = (a.picker_only, a.history_entry_only);
        say(format!(
            "  picker + head against the history at entry, node by node: {p} nodes where only the picker's first move cuts, {h} where only the history's does (sign test z = {:.2})",
            (p as f64 - h as f64) / ((p + h).max(1) as f64).sqrt()
        ));
        say(format!(
            "  share of the quiets that cut {:5.1}%",
            a.cutting_share
        ));
        say(format!(
            "  the head's or the history's first move cuts (a perfect choice between them) {:5.1}%",
            a.either_top1
        ));
        say(format!(
            "  picker + head with the head's weight scaled (top-1 on the even / odd nodes; history at entry on the odd: {:.1}%):",
            a.history_entry_odd_top1
        ));
        for &(f, even, odd) in &a.sweep {
            say(format!(
                "    x{f:<4} ({:6.0} points a unit)  {even:5.1}% / {odd:5.1}%",
                points * f
            ));
        }
        say(
            "  the head's logits first where the history is unsure (top-1 on the even / odd nodes):"
                .to_string(),
        );
        for &(g, t, even, odd) in &a.gates {
            let what = match g {
                Gate::WeakHistory => "history's best below",
                Gate::NearTie => "history's first two within",
            };
            say(format!(
                "    {what:<27} {t:>5} points  {even:5.1}% / {odd:5.1}%"
            ));
        }
        if let Some(&(g, t, _, odd)) = a
            .gates
            .iter()
            .max_by(|x, y| x.2.total_cmp(&y.2).then(y.1.cmp(&x.1)))
        {
            say(format!(
                "  gate chosen on the even nodes: {g:?} at {t} points, {odd:.1}% on the odd against the history's {:.1}%",
                a.history_entry_odd_top1
            ));
        }
        if let Some(&(f, _, odd)) = a
            .sweep
            .iter()
            .max_by(|x, y| x.1.total_cmp(&y.1).then(y.0.total_cmp(&x.0)))
        {
            say(format!(
                "  chosen on the even nodes: x{f}, {odd:.1}% on the odd against the history's {:.1}%",
                a.history_entry_odd_top1
            ));
        }
        if !a.by_context.is_empty() {
            say("  by where the node stood in its search (top-1: history at entry / head's logits / picker + head):".to_string());
            for t in &a.by_context {
                let pct = |k: usize| k as f64 / t.nodes as f64 * 100.0;
                say(format!(
                    "    {:<31} {:5} nodes  {:5.1}% / {:5.1}% / {:5.1}%",
                    t.group,
                    t.nodes,
                    pct(t.history_entry),
                    pct(t.head),
                    pct(t.picker)
                ));
            }
        }
    }
    if s.reads == HeadInputs::History && !s.learn_rows {
        // Its rows are zero and the picker's order is the summed history's: nothing to use.
        say("no head file written: a head without rows beside the summed history orders as the history does".to_string());
    } else {
        // A head beside the history's parts is keyed by its logit in the picker, so its
        // points a unit only scale the order; they are set so that the parts the data read
        // weigh, on average, a history point a point (the all-moves stage adds the head to
        // the summed history at that weight).
        let file_points = match headp.history_weights() {
            Some(w) => {
                let read: Vec<f32> = (0..w.parts.len())
                    .filter(|&k| {
                        samples
                            .iter()
                            .any(|x| x.entry.parts.iter().any(|p| p.0[k] != 0))
                    })
                    .map(|k| w.parts[k])
                    .collect();
                let mean = read.iter().sum::<f32>() / read.len().max(1) as f32;
                head::HISTORY_UNIT / mean.max(1e-3)
            }
            None => points,
        };
        let path = s.out_dir.join("policy.head");
        std::fs::write(&path, head_bytes(&headp, &s.net, file_points))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        say(format!(
            "head written to {} ({file_points:.0} history points a unit of the head{})",
            path.display(),
            if headp.history_weights().is_some() {
                ", with the history's learned weights"
            } else {
                ""
            }
        ));
    }
    Ok(report)
}

/// History points per unit of the head's score in the picker's mixed order: for a head
/// beside the history, what its learned history weight says; for a head alone (or a history
/// weight that is not positive), the fixed `POLICY_WEIGHT`.
fn points_per_unit(h: &PolicyHead) -> f32 {
    let w = h.history_weight();
    match h.reads {
        HeadInputs::History if w > 1e-3 => head::HISTORY_UNIT / w,
        // Keyed by logits (`picker_keys`): a unit of the head is a unit of the logit.
        HeadInputs::HistoryParts => 1.0,
        _ => crate::search::ordering::policy::POLICY_WEIGHT,
    }
}

/// The head's file (`search::ordering::policy::PolicyModel` reads it).
fn head_bytes(h: &PolicyHead, net: &Network, points_per_unit: f32) -> Vec<u8> {
    PolicyModel::file_bytes(
        net,
        h.rows_and_biases(),
        points_per_unit,
        h.history_weights().as_ref(),
    )
}
