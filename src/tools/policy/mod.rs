//! The learned move order (issue 26): a policy head on the network's hidden layer, trained
//! on the quiet moves that cut off in Cutoff's own searches, and measured against the order
//! the history family gave those moves at the same nodes.
//!
//! - `data`: `cutoff policy-data` replays self-play games, searches their positions with the
//!   cutoff log on and writes sampled quiet cutoffs with the picker's rank of each;
//! - `head`: the linear head, its loss and gradient;
//! - `run_train` (`cutoff train --policy`): fits the head with AdamW, a validation split by
//!   game, and reports top-1 / top-3 accuracy of the head and of the history order on the
//!   held-out cutoffs.

pub mod data;
pub(crate) mod head;

use crate::eval::nnue::Network;
use crate::rng::SplitMix64;
use crate::tools::train::adamw::{AdamW, AdamWConfig};
use data::PolicySample;
use head::PolicyHead;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// What the policy trainer reads from `cutoff train`'s flags.
pub(crate) struct PolicyTrainSettings<'a> {
    pub(crate) files: &'a [String],
    pub(crate) out_dir: &'a Path,
    pub(crate) net: Arc<Network>,
    pub(crate) epochs: usize,
    pub(crate) batch: usize,
    pub(crate) lr: f32,
    pub(crate) lr_end: f32,
    pub(crate) weight_decay: f32,
    pub(crate) val_percent: f64,
    pub(crate) seed: u64,
    pub(crate) max_positions: Option<usize>,
    /// Held-out cutoffs whose every quiet move is searched to see which of them cut.
    pub(crate) cut_check: usize,
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
    pub head: Accuracy,
    pub history: Accuracy,
    /// A move drawn at random among the node's quiets.
    pub uniform_top1: f64,
    /// Against every quiet move that cuts (`cut_check`): the head's and the history's
    /// first move (and first three) among them, the cutoffs checked, and the mean share of
    /// a node's quiets that cut (a random first move's chance).
    pub any_cut: Option<AnyCut>,
}

/// The orders judged by whether their first moves cut at all, not whether they name the
/// move the search happened to meet first.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyCut {
    pub checked: usize,
    pub head_top1: f64,
    pub head_top3: f64,
    pub history_top1: f64,
    pub history_top3: f64,
    pub cutting_share: f64,
}

/// Searches every quiet move of up to `n` held-out cutoffs (the child to the node's depth
/// less one, a full window, the default evaluation) and scores the head's and the history's
/// first moves by whether they reach the node's beta. The history's first quiet cut exactly
/// when the search's cutoff had rank 0 (it was searched first); its first three, when the
/// rank was below 3.
fn any_cut(
    headp: &PolicyHead,
    net: &Network,
    samples: &[PolicySample],
    val: &[usize],
    n: usize,
) -> AnyCut {
    use crate::position::Position;
    use crate::search::{Control, Limits, SearchOptions, Searcher};
    let mut searcher = Searcher::new(4, 1);
    let opts = SearchOptions {
        threads: 1,
        report: false,
        ..SearchOptions::default()
    };
    let mut feats = Vec::new();
    let mut out = AnyCut::default();
    let (mut h1, mut h3, mut y1, mut y3, mut share) = (0usize, 0usize, 0usize, 0usize, 0.0f64);
    for &i in val.iter().take(n) {
        let s = &samples[i];
        let moves = head::quiets(&s.board);
        let limits = Limits::depth((s.depth as i32 - 1).max(1));
        let cuts: Vec<bool> = moves
            .iter()
            .map(|&m| {
                if m == s.mv {
                    return true;
                }
                let mut child = s.board;
                child.make_move(m);
                let control = Control::new();
                control.reset(&limits);
                let r =
                    searcher.search(&Position::new(child), &limits, &opts, &control, &mut |_| {});
                -r.score >= s.beta as i32
            })
            .collect();
        head::features(net, &s.board, &mut feats);
        let mut scored: Vec<(f32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(k, &m)| (headp.score(&feats, head::rows(&s.board, m)), k))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        h1 += cuts[scored[0].1] as usize;
        h3 += scored.iter().take(3).any(|&(_, k)| cuts[k]) as usize;
        y1 += (s.rank == 0) as usize;
        y3 += (s.rank < 3) as usize;
        share += cuts.iter().filter(|&&c| c).count() as f64 / cuts.len() as f64;
        out.checked += 1;
    }
    let n = out.checked.max(1) as f64;
    out.head_top1 = h1 as f64 / n * 100.0;
    out.head_top3 = h3 as f64 / n * 100.0;
    out.history_top1 = y1 as f64 / n * 100.0;
    out.history_top3 = y3 as f64 / n * 100.0;
    out.cutting_share = share / n * 100.0;
    out
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
    order: &[usize],
    mut train: Option<Stepper>,
) -> (f64, Vec<usize>) {
    let mut grad = vec![0.0f32; headp.params.len()];
    let mut feats = Vec::with_capacity(2 * net.hidden());
    let mut logits = Vec::with_capacity(64);
    let mut loss = 0.0f64;
    let mut ranks = Vec::with_capacity(order.len());
    let mut in_batch = 0;
    for &i in order {
        let s = &samples[i];
        head::features(net, &s.board, &mut feats);
        let moves = head::quiets(&s.board);
        let g = train.as_ref().map(|_| grad.as_mut_slice());
        let (l, rank) = headp.learn(&s.board, &feats, &moves, s.mv, g, &mut logits);
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

/// Fits the head and measures it (`cutoff train --policy`).
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
        "policy head on net {} ({} inputs): {} cutoffs, {} to train, {} held out ({}% of the games)",
        s.net.id(),
        2 * s.net.hidden(),
        samples.len(),
        train.len(),
        val.len(),
        s.val_percent
    ));
    let mut headp = PolicyHead::zeros(2 * s.net.hidden());
    let mut opt = AdamW::new(
        headp.params.len(),
        AdamWConfig {
            weight_decay: s.weight_decay,
            ..AdamWConfig::default()
        },
    );
    let batch = s.batch.max(1);
    let total_steps = (s.epochs * train.len()).div_ceil(batch).max(1) as f32;
    let lr = |step: u64| {
        let t = (step as f32 / total_steps).min(1.0);
        s.lr_end + 0.5 * (s.lr - s.lr_end) * (1.0 + (std::f32::consts::PI * t).cos())
    };
    let mut rng = SplitMix64::new(s.seed);
    let mut losses = Vec::new();
    let mut val_ranks = Vec::new();
    for epoch in 1..=s.epochs {
        let started = std::time::Instant::now();
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i + 1));
        }
        let (train_loss, _) = pass(
            &mut headp,
            &s.net,
            &samples,
            &train,
            Some((&mut opt, batch, &lr)),
        );
        let (val_loss, ranks) = pass(&mut headp, &s.net, &samples, &val, None);
        val_ranks = ranks;
        losses.push((train_loss, val_loss));
        say(format!(
            "epoch {epoch:3}  train loss {train_loss:.4}  validation loss {val_loss:.4}  validation {}  {:.0} cutoffs/s",
            Accuracy::of(&val_ranks).text(),
            train.len() as f64 / started.elapsed().as_secs_f64()
        ));
    }
    let history_ranks: Vec<usize> = val.iter().map(|&i| samples[i].rank as usize).collect();
    let uniform_top1 = val
        .iter()
        .map(|&i| 100.0 / head::quiets(&samples[i].board).len().max(1) as f64)
        .sum::<f64>()
        / val.len() as f64;
    let any_cut = (s.cut_check > 0).then(|| any_cut(&headp, &s.net, &samples, &val, s.cut_check));
    let report = PolicyReport {
        train_samples: train.len(),
        validation_samples: val.len(),
        losses,
        head: Accuracy::of(&val_ranks),
        history: Accuracy::of(&history_ranks),
        uniform_top1,
        any_cut,
    };
    say(format!("held-out cutoffs: {}", report.validation_samples));
    say(format!("  policy head    {}", report.head.text()));
    say(format!(
        "  history order  {}  (the picker's rank as the search met the node)",
        report.history.text()
    ));
    say(format!(
        "  a random quiet top-1 {:5.1}%",
        report.uniform_top1
    ));
    if let Some(a) = report.any_cut {
        say(format!(
            "held-out cutoffs whose every quiet was searched: {} (a first move counts when it reaches beta)",
            a.checked
        ));
        say(format!(
            "  policy head    top-1 {:5.1}%  top-3 {:5.1}%",
            a.head_top1, a.head_top3
        ));
        say(format!(
            "  history order  top-1 {:5.1}%  top-3 {:5.1}%",
            a.history_top1, a.history_top3
        ));
        say(format!(
            "  share of the quiets that cut {:5.1}%",
            a.cutting_share
        ));
    }
    let path = s.out_dir.join("policy.head");
    std::fs::write(&path, head_bytes(&headp, &s.net))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    say(format!("head written to {}", path.display()));
    Ok(report)
}

/// The head's file (`search::ordering::policy::PolicyModel` reads it).
fn head_bytes(h: &PolicyHead, net: &Network) -> Vec<u8> {
    crate::search::ordering::policy::PolicyModel::file_bytes(net, &h.params)
}
