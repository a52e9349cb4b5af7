//! `cutoff policy-train`: its flags, checked and handed to the trainer (`run_train`). The
//! flags' older names (`--policy-net`, `--policy-cut-check` and the others of
//! `cutoff train --policy`, which this command replaces) still work.

use super::head::HeadInputs;
use super::{run_train, PolicyTrainSettings};
use crate::eval::nnue::Network;
use crate::tools::train::adamw::Schedule;
use std::path::PathBuf;
use std::sync::Arc;

/// `cutoff policy-train`'s settings.
#[derive(Clone, Debug, clap::Args)]
pub struct PolicyTrainArgs {
    /// `cutoff policy-data` files.
    #[arg(required = true)]
    pub data: Vec<String>,
    /// Folder for the head, its log and the measurements (created if missing).
    #[arg(long)]
    pub out_dir: PathBuf,
    /// The net whose hidden layer the head reads [default: the embedded net].
    #[arg(long, alias = "policy-net")]
    pub net: Option<String>,
    #[command(flatten)]
    pub schedule: Schedule,
    /// Percent of the games held out for validation.
    #[arg(long, default_value_t = 2.0)]
    pub val_percent: f64,
    /// Threads that search the cut checks and labels [default: all the machine has].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the split and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Load at most this many cutoffs, in file order.
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Held-out cutoffs whose every quiet move is searched, to judge the head's and the
    /// history's first moves by whether they cut at all (0: none).
    #[arg(long, alias = "policy-cut-check", default_value_t = 500)]
    pub cut_check: usize,
    /// The head learns alone, from the hidden layer only (the first heads), instead of
    /// beside the history (the node's history scores and refutation stages as inputs with
    /// learned weights; the learned history weight sets the head's weight in the picker's
    /// mixed order).
    #[arg(long, alias = "policy-alone")]
    pub alone: bool,
    /// Train on this many cutoffs (a seeded draw of the training set), each labelled with
    /// every quiet move that cuts (searched as `--cut-check` does, on `--threads` threads),
    /// instead of on every cutoff's one logged move: the logged move is the first that cut
    /// in the history's order, so it teaches that order back (0: off).
    #[arg(long, alias = "policy-cut-labels", default_value_t = 0)]
    pub cut_labels: usize,
    /// The head reads the history part by part (butterfly, each continuation table, pawn
    /// structure), each with its own learned weight, and a bonus for the history's first
    /// three moves, instead of the summed score (data of format 3).
    #[arg(long, alias = "policy-parts", conflicts_with = "alone")]
    pub parts: bool,
    /// The head's rows stay zero and only its history weights learn: a learned reweighting
    /// of the history, to tell what the head adds from what reweighting buys.
    #[arg(long, alias = "policy-no-rows", conflicts_with = "alone")]
    pub no_rows: bool,
}

/// Runs `cutoff policy-train`.
pub fn run_cli(args: &PolicyTrainArgs) -> Result<(), String> {
    let net = match &args.net {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            Arc::new(Network::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?)
        }
        None => crate::eval::nnue::embedded().ok_or("no net is embedded: give --net")?,
    };
    args.schedule.check()?;
    run_train(&PolicyTrainSettings {
        files: &args.data,
        out_dir: &args.out_dir,
        net,
        schedule: args.schedule,
        val_percent: args.val_percent,
        seed: args.seed,
        max_positions: args.max_positions,
        cut_check: args.cut_check,
        reads: if args.alone {
            HeadInputs::Alone
        } else if args.parts {
            HeadInputs::HistoryParts
        } else {
            HeadInputs::History
        },
        learn_rows: !args.no_rows,
        cut_labels: args.cut_labels,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    })
    .map(|_| ())
}
