//! `cutoff train`: fits the network to self-play positions on the CPU and writes the quantised
//! net the engine loads (docs/nnue.md).
//!
//! - `data`: positions in memory (32 bytes each), the load-time filter, the validation split
//!   by game, the seeded shuffle;
//! - `model`: the float network, its forward and backward pass, quantisation;
//! - `adamw`: the optimiser;
//! - `chart`: the loss chart.
//!
//! Each batch is cut into one slice per thread; each thread adds its positions' gradients into
//! its own buffer (the first layer is sparse: a position touches only its ~30 inputs' columns),
//! the buffers are summed, and AdamW takes one step. The same data, seed and thread count give
//! the same net.

pub(crate) mod adamw;
mod chart;
pub(crate) mod data;
pub(crate) mod model;

use crate::eval::nnue::features::{KingBuckets, Mirroring};
use crate::tools::data::Filter;
use adamw::{AdamW, AdamWConfig, Schedule};
use data::{LoadStats, Sample};
use model::{FloatNet, Layout, Scratch, Target};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `cutoff train`'s settings.
#[derive(Clone, Debug, clap::Args)]
pub struct TrainArgs {
    /// Data files: `datagen` text lines or binary game records, plain or .xz. `FILE@K` says
    /// that FILE's scores fit results with the sigmoid's scale K (its engine's scale, which `cutoff
    /// data stats` fits): they are rescaled to `--score-scale` as they
    /// load, so data of engines with different scales can be mixed (docs/nnue.md).
    #[arg(required = true)]
    pub data: Vec<String>,
    /// Folder for the net, the checkpoint, the loss log and chart (created if missing).
    #[arg(long)]
    pub out_dir: PathBuf,
    /// Hidden units per perspective (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Output buckets by piece count (1 to 8).
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// Mirror the inputs left to right for a side whose king is on files a-d (the engine
    /// then counts that side afresh when its king changes wings).
    #[arg(long)]
    pub mirror: bool,
    /// King buckets: 1, or 4 (needs --mirror): each its own 768 inputs, chosen by the king's
    /// square as its side sees it: rank 1 on files e-f, rank 1 on g-h, rank 2, ranks 3-8 (the
    /// engine counts a side afresh when its king changes bucket).
    #[arg(long, default_value_t = 1)]
    pub king_buckets: usize,
    #[command(flatten)]
    pub schedule: Schedule,
    /// Weight of the game result in the target (the rest is the search score); 0.1 beat 0,
    /// 0.3 and 0.6 on gen 1's data (docs/nnue.md).
    #[arg(long, default_value_t = 0.1)]
    pub lambda: f32,
    /// Centipawns per unit of the sigmoid that turns a score (and the net's output in
    /// centipawns) into an expected result: the net keeps the scores' scale whatever this is.
    /// 175 fits the classical evaluation's self-play results best (docs/nnue.md).
    #[arg(long, default_value_t = crate::tools::data::scale_fit::DEFAULT_SCORE_SCALE)]
    pub score_scale: f32,
    /// Percent of the games held out for validation.
    #[arg(long, default_value_t = 2.0)]
    pub val_percent: f64,
    /// Threads [default: all the machine has].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the starting weights, the split and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Load at most this many positions (after the filter), in file order.
    #[arg(long)]
    pub max_positions: Option<usize>,
    /// Skip the first plies of each game record (openings' random moves).
    #[arg(long, default_value_t = crate::tools::data::DEFAULT_MIN_PLY)]
    pub min_ply: usize,
    /// Keep positions with the side to move in check.
    #[arg(long)]
    pub keep_in_check: bool,
    /// Keep positions whose move played was a capture or promotion.
    #[arg(long)]
    pub keep_noisy: bool,
    /// Skip positions whose score is beyond this many centipawns (mates always are).
    #[arg(long, default_value_t = crate::tools::data::scale_fit::FIT_MAX_SCORE)]
    pub max_score: i32,
    /// Continue from the checkpoint in `--out-dir` (same data and settings).
    #[arg(long)]
    pub resume: bool,
    /// Start from this net's weights instead of random ones: a new generation fine-tuned from
    /// the last on new data (its shape must be the command's `--hidden`, `--buckets`,
    /// `--mirror` and `--king-buckets`). The optimiser starts afresh; a lower `--lr` than from scratch suits it
    /// (docs/nnue.md).
    #[arg(long, conflicts_with = "resume")]
    pub init: Option<PathBuf>,
    /// The policy head's training moved to its own command: this flag only says so.
    #[arg(long, hide = true)]
    pub policy: bool,
}

/// One data file and, where given, the score scale its scores were made at.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DataFile {
    pub(crate) path: String,
    pub(crate) score_scale: Option<f32>,
}

impl DataFile {
    /// `PATH` or `PATH@K`; a suffix after the last `@` that is not a number is part of the
    /// path.
    pub(crate) fn parse(spec: &str) -> Result<DataFile, String> {
        if let Some((path, k)) = spec.rsplit_once('@') {
            if let Ok(k) = k.parse::<f32>() {
                if !(k.is_finite() && k > 0.0) || path.is_empty() {
                    return Err(format!("{spec}: the score scale after @ must be positive"));
                }
                return Ok(DataFile {
                    path: path.to_string(),
                    score_scale: Some(k),
                });
            }
        }
        Ok(DataFile {
            path: spec.to_string(),
            score_scale: None,
        })
    }

    /// The factor that takes this file's scores to `train_scale`: the same score over its own
    /// K and over the trainer's gives the same expected result.
    pub(crate) fn rescale_to(&self, train_scale: f32) -> f32 {
        self.score_scale.map_or(1.0, |k| train_scale / k)
    }
}

const CHECKPOINT: &str = "checkpoint.bin";
/// The checkpoint's format: the magic, then hidden, buckets, mirroring, king buckets, steps
/// and epochs (u64 words), the epochs' losses, the parameters and AdamW's moments.
const CHECKPOINT_MAGIC: &[u8; 8] = b"CUTOFFC3";
/// The format before the king-bucket word (hidden, buckets, mirroring, steps, epochs): a
/// checkpoint of one king bucket, the only layout there was, so it resumes as one.
const CHECKPOINT_MAGIC_V2: &[u8; 8] = b"CUTOFFC2";
/// The format before the mirroring word, refused with its reason.
const CHECKPOINT_MAGIC_V1: &[u8; 8] = b"CUTOFFCK";

/// What one epoch measured.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EpochLoss {
    pub(crate) epoch: usize,
    pub(crate) train: f64,
    pub(crate) validation: f64,
    pub(crate) positions_per_second: f64,
}

/// Runs `cutoff train`.
pub fn run_cli(args: &TrainArgs) -> Result<(), String> {
    if args.policy {
        return Err(
            "`cutoff train` trains the network: the policy head trains with `cutoff policy-train`"
                .into(),
        );
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let king_buckets = KingBuckets::from_count(args.king_buckets).ok_or_else(|| {
        format!(
            "--king-buckets {}: this build knows 1 and 4",
            args.king_buckets
        )
    })?;
    if king_buckets != KingBuckets::One && !args.mirror {
        return Err(format!(
            "--king-buckets {} needs --mirror: the king buckets are defined on the board \
             mirrored to the king's wing",
            args.king_buckets
        ));
    }
    let layout = Layout {
        hidden: args.hidden,
        buckets: args.buckets,
        mirroring: if args.mirror {
            Mirroring::Horizontal
        } else {
            Mirroring::Off
        },
        king_buckets,
    };
    // The shape, and the starting net, are checked before any data is read.
    FloatNet::random(layout, 0)
        .quantise()
        .map_err(|e| format!("--hidden {} --buckets {}: {e}", args.hidden, args.buckets))?;
    let init = match &args.init {
        Some(path) => Some(read_init(path, layout)?),
        None => None,
    };
    args.schedule.check()?;
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| format!("{}: {e}", args.out_dir.display()))?;
    let mut log = Log::new(&args.out_dir)?;
    log.line(&format!("net {}", layout.describe()));

    let filter = Filter {
        skip_in_check: !args.keep_in_check,
        skip_noisy: !args.keep_noisy,
        skip_mates: true,
        min_ply: args.min_ply,
        max_score: Some(args.max_score),
    };
    let started = Instant::now();
    let mut samples = Vec::new();
    let mut stats = LoadStats::default();
    let limit = args.max_positions.unwrap_or(usize::MAX);
    let files = args
        .data
        .iter()
        .map(|spec| DataFile::parse(spec))
        .collect::<Result<Vec<_>, _>>()?;
    for file in &files {
        let before = samples.len();
        let rescale = file.rescale_to(args.score_scale);
        data::load(
            &file.path,
            &filter,
            rescale,
            limit,
            &mut samples,
            &mut stats,
        )?;
        let scale = match file.score_scale {
            Some(k) => format!(" (scores at K {k} rescaled by {rescale:.4})"),
            None => String::new(),
        };
        log.line(&format!(
            "{}: {} positions kept{scale}",
            file.path,
            samples.len() - before
        ));
    }
    if samples.is_empty() {
        return Err("no positions left after the filter".into());
    }
    let (mut train, val) = data::split(samples, args.val_percent, args.seed);
    log.line(&format!(
        "loaded {} of {} positions from {} games in {:.1}s; training on {}, validating on {} ({}% of the games)",
        stats.kept,
        stats.seen,
        stats.games,
        started.elapsed().as_secs_f64(),
        train.len(),
        val.len(),
        args.val_percent
    ));
    if train.is_empty() {
        return Err("no training positions (all went to validation)".into());
    }
    if val.is_empty() {
        log.line(&no_validation(stats.games, args.val_percent));
    }

    let target = Target {
        lambda: args.lambda,
        score_scale: args.score_scale,
    };
    let config = AdamWConfig {
        weight_decay: args.schedule.weight_decay,
        ..AdamWConfig::default()
    };
    let (mut net, mut opt, mut history, first_epoch) = if args.resume {
        let (net, opt, history) = read_checkpoint(&args.out_dir.join(CHECKPOINT), layout, config)?;
        let next = history.len();
        log.line(&format!("resuming after epoch {next}"));
        (net, opt, history, next)
    } else {
        let net = match init {
            Some((net, id)) => {
                log.line(&format!("starting from net {id}"));
                net
            }
            None => FloatNet::random(layout, args.seed),
        };
        let opt = AdamW::new(layout.len(), config);
        (net, opt, Vec::new(), 0)
    };

    let steps_per_epoch = train.len().div_ceil(args.schedule.batch);
    let total_steps = (steps_per_epoch * args.schedule.epochs) as f64;
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(layout)).collect();
    for epoch in first_epoch..args.schedule.epochs {
        data::shuffle(
            &mut train,
            args.seed ^ (epoch as u64 + 1).wrapping_mul(0x9e37_79b9),
        );
        let bar = crate::tools::progress::bar(train.len(), &format!("epoch {}", epoch + 1));
        let clock = Instant::now();
        let mut loss_sum = 0.0f64;
        for (i, batch) in train.chunks(args.schedule.batch).enumerate() {
            let done_steps = (epoch * steps_per_epoch + i) as f64;
            let cosine = 0.5 * (1.0 + (std::f64::consts::PI * done_steps / total_steps).cos());
            let lr =
                args.schedule.lr_end + (args.schedule.lr - args.schedule.lr_end) * cosine as f32;
            loss_sum += step(&mut net, &mut opt, batch, target, &mut workers, lr);
            bar.inc(batch.len() as u64);
            if i % 16 == 0 {
                let done = (i * args.schedule.batch + batch.len()) as f64;
                bar.set_message(format!(
                    "epoch {} loss {:.5} {:.0} k pos/s",
                    epoch + 1,
                    loss_sum / done,
                    done / clock.elapsed().as_secs_f64() / 1000.0
                ));
            }
        }
        crate::tools::progress::finish(&bar);
        let seconds = clock.elapsed().as_secs_f64();
        let record = EpochLoss {
            epoch: epoch + 1,
            train: loss_sum / train.len() as f64,
            validation: validation_loss(&net, &val, target, &mut workers),
            positions_per_second: train.len() as f64 / seconds,
        };
        history.push(record);
        let validation = if val.is_empty() {
            "none".to_string()
        } else {
            format!("{:.6}", record.validation)
        };
        log.line(&format!(
            "epoch {:>3}: train loss {:.6}, validation loss {validation}, {:.0} positions/s, {:.1}s",
            record.epoch, record.train, record.positions_per_second, seconds
        ));
        log.tsv(&history)?;
        write_checkpoint(&args.out_dir.join(CHECKPOINT), &net, &opt, &history)?;
        let quantised = net.quantise().map_err(|e| e.to_string())?;
        let path = args.out_dir.join(format!("epoch-{}.nnue", epoch + 1));
        std::fs::write(&path, quantised.to_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Err(e) = chart::loss_chart(&args.out_dir.join("loss.svg"), &history) {
            log.line(&format!("loss chart not drawn: {e}"));
        }
    }
    let quantised = net.quantise().map_err(|e| e.to_string())?;
    let path = args.out_dir.join(format!("{}.nnue", quantised.id()));
    std::fs::write(&path, quantised.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
    log.line(&format!(
        "net {} written to {}",
        quantised.describe(),
        path.display()
    ));
    Ok(())
}

/// Why a run has no validation positions, and what it does without them.
fn no_validation(games: u64, val_percent: f64) -> String {
    let why = if val_percent > 0.0 {
        format!(
            "none of the {games} games fell into the {val_percent}% held out (--val-percent): \
             too few games to validate on"
        )
    } else {
        format!("--val-percent {val_percent} holds out no games")
    };
    format!("no validation: {why}; training without it (the validation loss is not measured)")
}

/// `--init`'s net in floats, and its id, if it is a net of the command's shape.
fn read_init(path: &Path, layout: Layout) -> Result<(FloatNet, String), String> {
    let bad = |what: String| format!("--init {}: {what}", path.display());
    let bytes = std::fs::read(path).map_err(|e| bad(e.to_string()))?;
    let net = crate::eval::nnue::Network::from_bytes(&bytes).map_err(|e| bad(e.to_string()))?;
    let float = FloatNet::from_network(&net);
    if float.layout != layout {
        return Err(bad(format!(
            "the net is {} ({}), the command asks for {}",
            float.layout.flags(),
            float.layout.describe(),
            layout.flags()
        )));
    }
    Ok((float, net.id()))
}

/// One thread's gradient buffer and scratch.
struct Worker {
    grad: Vec<f32>,
    scratch: Scratch,
    loss: f64,
}

impl Worker {
    fn new(layout: Layout) -> Worker {
        Worker {
            grad: vec![0.0; layout.len()],
            scratch: Scratch::new(layout.hidden),
            loss: 0.0,
        }
    }
}

/// One optimiser step on `batch` at rate `lr`; returns the batch's summed loss.
fn step(
    net: &mut FloatNet,
    opt: &mut AdamW,
    batch: &[Sample],
    target: Target,
    workers: &mut [Worker],
    lr: f32,
) -> f64 {
    let loss = gradient(net, batch, target, workers);
    let (first, rest) = workers.split_at_mut(1);
    let grad = &mut first[0].grad;
    for other in rest.iter() {
        for (g, &o) in grad.iter_mut().zip(&other.grad) {
            *g += o;
        }
    }
    let scale = 1.0 / batch.len() as f32;
    grad.iter_mut().for_each(|g| *g *= scale);
    opt.step(&mut net.params, grad, lr);
    net.clip();
    loss
}

/// Fills every worker's gradient with its share of `batch`; returns the batch's summed loss.
fn gradient(net: &FloatNet, batch: &[Sample], target: Target, workers: &mut [Worker]) -> f64 {
    let share = batch.len().div_ceil(workers.len());
    std::thread::scope(|scope| {
        for (worker, part) in workers
            .iter_mut()
            .zip(batch.chunks(share).chain(std::iter::repeat(&[][..])))
        {
            scope.spawn(move || {
                worker.grad.iter_mut().for_each(|g| *g = 0.0);
                let mut loss = 0.0f64;
                for s in part {
                    loss += net.backprop(s, target, &mut worker.scratch, &mut worker.grad) as f64;
                }
                worker.loss = loss;
            });
        }
    });
    workers.iter().map(|w| w.loss).sum()
}

/// The mean loss over `samples`, without gradients.
fn validation_loss(
    net: &FloatNet,
    samples: &[Sample],
    target: Target,
    workers: &mut [Worker],
) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let share = samples.len().div_ceil(workers.len());
    std::thread::scope(|scope| {
        for (worker, part) in workers.iter_mut().zip(samples.chunks(share)) {
            scope.spawn(move || {
                let mut loss = 0.0f64;
                for s in part {
                    let p = target.predict(net.forward(s, &mut worker.scratch));
                    let e = (p - target.of(s)) as f64;
                    loss += e * e;
                }
                worker.loss = loss;
            });
        }
    });
    let sum: f64 = workers
        .iter()
        .take(samples.len().div_ceil(share))
        .map(|w| w.loss)
        .sum();
    sum / samples.len() as f64
}

/// The run's log: printed, and kept in `train.log` beside the net.
struct Log {
    file: std::fs::File,
    dir: PathBuf,
}

impl Log {
    fn new(dir: &Path) -> Result<Log, String> {
        let path = dir.join("train.log");
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let mut log = Log {
            file,
            dir: dir.to_path_buf(),
        };
        let command: Vec<String> = std::env::args().collect();
        log.line(&format!("cutoff {}: {}", crate::VERSION, command.join(" ")));
        Ok(log)
    }

    fn line(&mut self, text: &str) {
        println!("{text}");
        let _ = writeln!(self.file, "{text}");
    }

    fn tsv(&self, history: &[EpochLoss]) -> Result<(), String> {
        let mut out = String::from("epoch\ttrain_loss\tvalidation_loss\tpositions_per_second\n");
        for e in history {
            out.push_str(&format!(
                "{}\t{:.6}\t{:.6}\t{:.0}\n",
                e.epoch, e.train, e.validation, e.positions_per_second
            ));
        }
        let path = self.dir.join("loss.tsv");
        std::fs::write(&path, out).map_err(|e| format!("{}: {e}", path.display()))
    }
}

fn write_checkpoint(
    path: &Path,
    net: &FloatNet,
    opt: &AdamW,
    history: &[EpochLoss],
) -> Result<(), String> {
    let mut out = Vec::with_capacity(64 + 12 * net.params.len() + 32 * history.len());
    out.extend_from_slice(CHECKPOINT_MAGIC);
    for v in [
        net.layout.hidden as u64,
        net.layout.buckets as u64,
        (net.layout.mirroring == Mirroring::Horizontal) as u64,
        net.layout.king_buckets.count() as u64,
        opt.steps,
        history.len() as u64,
    ] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for e in history {
        for v in [e.train, e.validation, e.positions_per_second] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    for x in net.params.iter().chain(&opt.m).chain(&opt.v) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    // Written beside and renamed, so a run killed while writing keeps the last checkpoint.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, out).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn read_checkpoint(
    path: &Path,
    layout: Layout,
    config: AdamWConfig,
) -> Result<(FloatNet, AdamW, Vec<EpochLoss>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("--resume: {}: {e}", path.display()))?;
    let bad = |what: &str| format!("--resume: {}: {what}", path.display());
    if bytes.len() >= 8 && &bytes[..8] == CHECKPOINT_MAGIC_V1 {
        return Err(bad(
            "a checkpoint of an older trainer (before --mirror); start the run afresh",
        ));
    }
    // The words after the magic: version 2's five, or six with the king buckets.
    let words = match bytes.get(..8) {
        Some(m) if m == CHECKPOINT_MAGIC => 6,
        Some(m) if m == CHECKPOINT_MAGIC_V2 => 5,
        _ => 0,
    };
    let header = 8 + 8 * words;
    if words == 0 || bytes.len() < header {
        return Err(bad("not a Cutoff training checkpoint"));
    }
    let word = |i: usize| u64::from_le_bytes(bytes[8 + 8 * i..16 + 8 * i].try_into().unwrap());
    let (hidden, buckets, mirrored) = (word(0) as usize, word(1) as usize, word(2) != 0);
    let (king_buckets, steps, epochs) = if words == 6 {
        (word(3), word(4), word(5) as usize)
    } else {
        (1, word(3), word(4) as usize)
    };
    if (hidden, buckets) != (layout.hidden, layout.buckets) {
        return Err(bad(&format!(
            "the checkpoint has {hidden} hidden units and {buckets} buckets, the command asks for {} and {}",
            layout.hidden, layout.buckets
        )));
    }
    if mirrored != (layout.mirroring == Mirroring::Horizontal) {
        return Err(bad(&format!(
            "the checkpoint's inputs are {}, the command's {}",
            if mirrored { "mirrored" } else { "plain" },
            layout.mirroring.name()
        )));
    }
    if king_buckets != layout.king_buckets.count() as u64 {
        return Err(bad(&format!(
            "the checkpoint has {king_buckets} king bucket(s), the command asks for {} (--king-buckets)",
            layout.king_buckets.count()
        )));
    }
    let mut at = header;
    let expected = at + 24 * epochs + 12 * layout.len();
    if bytes.len() != expected {
        return Err(bad(&format!("{} bytes, expected {expected}", bytes.len())));
    }
    let mut f64s = || {
        let v = f64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
        at += 8;
        v
    };
    let history = (0..epochs)
        .map(|i| EpochLoss {
            epoch: i + 1,
            train: f64s(),
            validation: f64s(),
            positions_per_second: f64s(),
        })
        .collect();
    let floats: Vec<f32> = bytes[at..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let n = layout.len();
    let net = FloatNet {
        layout,
        params: floats[..n].to_vec(),
    };
    let mut opt = AdamW::new(n, config);
    opt.m = floats[n..2 * n].to_vec();
    opt.v = floats[2 * n..].to_vec();
    opt.steps = steps;
    Ok((net, opt, history))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{legal_moves, Board, Color, PieceType};
    use crate::rng::SplitMix64;
    use crate::tools::data::GameResult;

    /// Positions of random games, scored by material (White's side).
    fn material_positions(games: usize, seed: u64) -> Vec<Sample> {
        let value = [100, 300, 300, 500, 900, 0];
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        for game in 0..games {
            let mut board = Board::startpos();
            for _ in 0..60 {
                let moves = legal_moves(&board);
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
                board.make_move(m);
                let mut score = 0;
                for pt in PieceType::ALL {
                    let v = value[pt.index()];
                    score += v * board.colored_pieces(Color::White, pt).count() as i32;
                    score -= v * board.colored_pieces(Color::Black, pt).count() as i32;
                }
                out.push(Sample::new(
                    &board,
                    score as i16,
                    GameResult::Draw,
                    game as u32,
                ));
            }
        }
        out
    }

    #[test]
    fn a_data_file_may_name_its_score_scale() {
        let plain = DataFile::parse("data/a.vf").unwrap();
        assert_eq!(plain.score_scale, None);
        assert_eq!(plain.rescale_to(175.0), 1.0);
        let scaled = DataFile::parse("data/a.vf@140").unwrap();
        assert_eq!(scaled.path, "data/a.vf");
        assert_eq!(scaled.score_scale, Some(140.0));
        assert!((scaled.rescale_to(175.0) - 1.25).abs() < 1e-6);
        // An @ that is not followed by a number belongs to the path.
        assert_eq!(
            DataFile::parse("me@host/a.vf").unwrap().path,
            "me@host/a.vf"
        );
        for bad in ["a.vf@0", "a.vf@-140", "@140", "a.vf@inf"] {
            assert!(DataFile::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn rescaled_scores_load_at_the_trainers_scale() {
        use crate::tools::data::viriformat::write_game;
        use crate::tools::data::GameRecord;
        let mut board = Board::startpos();
        let mut game = GameRecord::new(board, 0, GameResult::WhiteWins);
        for (i, san) in ["e4", "e5", "Nf3", "Nc6"].iter().enumerate() {
            let m = board.parse_san(san).unwrap();
            game.moves.push((m, 100 * (i as i16 + 1)));
            board.make_move(m);
        }
        let path = std::env::temp_dir().join(format!("cutoff-rescale-{}.vf", std::process::id()));
        let mut bytes = Vec::new();
        write_game(&mut bytes, &game).unwrap();
        std::fs::write(&path, bytes).unwrap();
        let path = path.to_str().unwrap().to_string();
        let keep_all = Filter::default();
        let load = |rescale: f32| {
            let (mut out, mut stats) = (Vec::new(), LoadStats::default());
            data::load(&path, &keep_all, rescale, usize::MAX, &mut out, &mut stats).unwrap();
            out.iter().map(|s| s.score).collect::<Vec<_>>()
        };
        // Scores from the side to move: White's 100 and 300, Black's -200 and -400.
        assert_eq!(load(1.0), [100, -200, 300, -400]);
        assert_eq!(load(1.25), [125, -250, 375, -500]);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_checkpoint_keeps_its_layout_and_an_older_one_resumes_as_one_king_bucket() {
        let dir = std::env::temp_dir().join(format!("cutoff-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(CHECKPOINT);
        let history = [EpochLoss {
            epoch: 1,
            train: 0.01,
            validation: 0.02,
            positions_per_second: 1000.0,
        }];
        let layout = |mirroring, king_buckets| Layout {
            hidden: 16,
            buckets: 2,
            mirroring,
            king_buckets,
        };
        let config = AdamWConfig::default();
        let bucketed = layout(Mirroring::Horizontal, KingBuckets::Four);
        let mirrored = layout(Mirroring::Horizontal, KingBuckets::One);
        let net = FloatNet::random(bucketed, 5);
        let mut opt = AdamW::new(bucketed.len(), config);
        opt.steps = 7;
        write_checkpoint(&path, &net, &opt, &history).unwrap();
        let (back, back_opt, back_history) = read_checkpoint(&path, bucketed, config).unwrap();
        assert_eq!(back, net);
        assert_eq!(back_opt.steps, 7);
        assert_eq!(back_history.len(), 1);
        let err = read_checkpoint(&path, mirrored, config).unwrap_err();
        assert!(
            err.contains("the checkpoint has 4 king bucket(s), the command asks for 1"),
            "{err}"
        );
        // The format before king buckets: the same without the king-bucket word.
        let net = FloatNet::random(mirrored, 5);
        let mut opt = AdamW::new(mirrored.len(), config);
        opt.steps = 7;
        write_checkpoint(&path, &net, &opt, &history).unwrap();
        let mut old = std::fs::read(&path).unwrap();
        old[..8].copy_from_slice(CHECKPOINT_MAGIC_V2);
        old.drain(8 + 8 * 3..8 + 8 * 4);
        std::fs::write(&path, &old).unwrap();
        let (back, back_opt, _) = read_checkpoint(&path, mirrored, config).unwrap();
        assert_eq!(back, net);
        assert_eq!(back_opt.steps, 7);
        let err = read_checkpoint(&path, bucketed, config).unwrap_err();
        assert!(err.contains("has 1 king bucket(s)"), "{err}");
        old[..8].copy_from_slice(b"CUTOFFC9");
        std::fs::write(&path, &old).unwrap();
        let err = read_checkpoint(&path, mirrored, config).unwrap_err();
        assert!(err.contains("not a Cutoff training checkpoint"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_trainer_learns_material() {
        let (mut train, val) = data::split(material_positions(300, 3), 10.0, 1);
        let layout = Layout {
            hidden: 32,
            buckets: 1,
            mirroring: Mirroring::Off,
            king_buckets: KingBuckets::One,
        };
        let mut net = FloatNet::random(layout, 2);
        let mut opt = AdamW::new(layout.len(), AdamWConfig::default());
        let target = Target {
            lambda: 0.0,
            score_scale: 400.0,
        };
        let mut workers: Vec<Worker> = (0..2).map(|_| Worker::new(layout)).collect();
        let before = validation_loss(&net, &val, target, &mut workers);
        for epoch in 0..30 {
            data::shuffle(&mut train, epoch);
            for batch in train.chunks(256) {
                step(&mut net, &mut opt, batch, target, &mut workers, 0.005);
            }
        }
        let after = validation_loss(&net, &val, target, &mut workers);
        // A net that learnt nothing stays near the variance of the targets; material is
        // a sum of the inputs, which the net can represent almost exactly.
        assert!(
            after < 0.002 && after < before / 5.0,
            "validation loss {before} -> {after}"
        );
        // The quantised net scores the start position about level and a knight up as a
        // knight (the random games' boards are full: that is what it has seen).
        let q = net.quantise().unwrap();
        let eval = |fen: &str| q.evaluate(&Board::from_fen(fen).unwrap());
        let level = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let knight_up = eval("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(level.abs() <= 60, "the start position: {level}");
        assert!((150..=450).contains(&knight_up), "a knight up: {knight_up}");
    }
}
