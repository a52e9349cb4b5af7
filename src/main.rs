//! The `cutoff` command line: the UCI loop by default, and each tool (bench, perft, datagen,
//! the trainers, the tuner) and each of the lab's commands (the ordering lab, the explainer,
//! the policy's data and training) as a subcommand; a command whose flags are many has them
//! as a clap struct in its own module, handed over whole.

use clap::{Parser, Subcommand};
use cutoff::board::STARTPOS;
use cutoff::search::clamp_depth;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cutoff",
    version = cutoff::VERSION,
    long_version = cutoff::LONG_VERSION,
    about = "A UCI chess engine whose move ordering is measured",
    after_help = "Without a command, cutoff runs the UCI loop, as a chess GUI starts it: it \
                  reads UCI commands\non standard input and answers on standard output (try \
                  `uci`, then `quit`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft {
        /// 1 to 12, as `go perft` (deeper trees take days).
        depth: u32,
        /// Position to start from (default: the start position).
        #[arg(long)]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Print castling moves as king-takes-rook.
        #[arg(long)]
        chess960: bool,
    },
    /// Search a fixed set of positions to a fixed depth; prints `N nodes M nps` last.
    Bench {
        #[arg(default_value_t = cutoff::tools::bench::DEFAULT_DEPTH)]
        depth: i32,
        /// Evaluate with this net file instead of the default evaluation.
        #[arg(long, value_name = "PATH", conflicts_with = "classical")]
        eval_file: Option<String>,
        /// Evaluate with the hand-written evaluation (to compare its speed with the net's).
        #[arg(long)]
        classical: bool,
        /// Order moves with these heuristics instead of the engine's: `+`-joined lab names
        /// (`mvvlva+hash+killers+history+see+conthist+pawnhist`), `full` or `none`.
        #[arg(long, value_name = "CONFIG")]
        ordering: Option<String>,
        /// Switch these selective techniques off: comma-separated short names (`nmp,rfp`).
        #[arg(long, value_name = "LIST")]
        without: Option<String>,
    },
    /// The ordering lab: search an EPD suite under each move-ordering configuration and
    /// compare node counts, fail-high statistics and cutoffs by picker stage.
    Ordering {
        /// EPD file (`bm`/`am` moves in SAN are checked against the search's choice).
        epd_file: String,
        /// Search each position to this depth.
        #[arg(long, conflicts_with = "nodes", default_value_t = cutoff::lab::ordering::DEFAULT_DEPTH)]
        depth: i32,
        /// Limit each search by nodes instead of depth.
        #[arg(long)]
        nodes: Option<u64>,
        /// Comma-separated configurations (`none`, `full`, `playing`, `mvvlva+hash`...); `+x` means
        /// the previous one plus heuristic x, `-x` the previous one without it.
        #[arg(long, default_value = cutoff::lab::ordering::DEFAULT_CONFIGS)]
        configs: String,
        /// No pruning beyond alpha-beta, so node counts measure ordering alone.
        #[arg(long)]
        pure: bool,
        /// The engine as it plays but with these selective techniques off: comma-separated
        /// short names such as nmp,rfp (an unknown name gets the list of them all).
        #[arg(long, value_name = "LIST", conflicts_with = "pure")]
        without: Option<String>,
        /// Write DIR/report.md and SVG charts.
        #[arg(long, value_name = "DIR")]
        out: Option<String>,
        /// The learned order's head (`cutoff policy-train`), which configurations with
        /// `policy` read; it must have been trained on the net the searches use.
        #[arg(long, value_name = "FILE")]
        policy_head: Option<String>,
        /// Search with this net instead of the build's default evaluation.
        #[arg(long, value_name = "PATH")]
        eval_file: Option<String>,
        /// Set each search beside one in the oracle's order: at every node the best move a
        /// deeper search found there is searched first (docs/lab/README.md).
        #[arg(long)]
        oracle: bool,
        /// How many plies deeper the oracle's search goes (0 to 8, default 2; 0 makes the
        /// oracle of the same depth, the minimal tree's estimate with --pure).
        #[arg(long, value_name = "K", allow_hyphen_values = true)]
        oracle_extra: Option<i64>,
    },
    /// The move-order explainer: every legal move in the order the picker yields it at the
    /// root, with the stage and the numbers that placed it.
    Order {
        /// The position (quote it, or give its fields as separate words).
        #[arg(required = true, num_args = 1..)]
        fen: Vec<String>,
        /// Search to this depth first, so the hash move, killers and histories are the ones
        /// that search learned.
        #[arg(long)]
        depth: Option<i32>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Show the learned order's score of each quiet move (`cutoff policy-train`'s head,
        /// trained on the default net).
        #[arg(long, value_name = "FILE")]
        policy_head: Option<String>,
    },
    /// Self-play data: play games at a soft node limit a move and write their quiet
    /// positions as `FEN | cp | result` lines, or every move as binary game records (scores
    /// and results from White's side; see docs/datagen.md).
    Datagen {
        #[command(flatten)]
        args: cutoff::tools::datagen::DatagenArgs,
    },
    /// Training data files: convert between `FEN | cp | result` lines and binary game records
    /// (viriformat, as the bullet trainer reads) or to bullet's single positions, or print
    /// their statistics (see docs/datagen.md).
    Data {
        #[command(subcommand)]
        command: cutoff::tools::data::DataCommand,
    },
    /// Train the network on self-play data (`datagen` files) and write the quantised net the
    /// engine loads with `EvalFile` (see docs/nnue.md).
    Train {
        #[command(flatten)]
        args: cutoff::tools::train::TrainArgs,
    },
    /// The learned move order's data: search the positions of self-play game records again
    /// and write sampled quiet cutoffs, each with the rank the picker gave it (see
    /// docs/policy.md); `cutoff policy-train` fits the policy head to them.
    PolicyData {
        #[command(flatten)]
        args: cutoff::lab::policy::data::PolicyDataArgs,
    },
    /// Train the learned move order: fit the policy head on a net's hidden layer to
    /// `policy-data` files and write the head file that `PolicyFile` loads (see
    /// docs/policy.md).
    PolicyTrain {
        #[command(flatten)]
        args: cutoff::lab::policy::train::PolicyTrainArgs,
    },
    /// Fit the evaluation's weights to labelled positions (`FEN | cp | result` lines, plain or
    /// .xz) and write the parameter file the engine compiles (see docs/eval.md).
    Tune {
        #[command(flatten)]
        config: cutoff::tools::tune::TuneConfig,
    },
    /// Print the search's constants (src/search/tunable.rs) as OpenBench's SPSA input, one
    /// `name, int, default, min, max, c_end, r_end` line each: paste it into OpenBench's
    /// tune form, or give it to scripts/spsa.py (see docs/spsa.md). Any build prints it; a
    /// tune plays the `--features tune` build, where each constant is a UCI option.
    SpsaParams,
    /// Run an EPD perft suite (`FEN ;D1 n ;D2 n ...`).
    PerftSuite {
        file: String,
        /// Skip counts deeper than this.
        #[arg(long)]
        max_depth: Option<u32>,
    },
}

/// `Techniques::ALL` less `--without`'s list, or None after saying what was wrong.
fn techniques_without(list: Option<&str>) -> Option<cutoff::search::techniques::Techniques> {
    cutoff::search::techniques::all_but(list.unwrap_or(""))
        .map_err(|e| eprintln!("error: --without: {e}"))
        .ok()
}

/// A command whose reader goes away (`cutoff bench | head`) ends as Unix tools end: killed
/// by SIGPIPE at its next write, without a word. Rust ignores SIGPIPE, so each write to the
/// closed pipe would fail and `println!` would panic. The UCI loop keeps ignoring it: there a
/// failed write is dropped and the engine reads on until `quit` or the end of its input.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once, before any other thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.is_some() {
        end_quietly_on_a_closed_pipe();
    }
    match cli.command {
        None => {
            cutoff::uci::run();
            ExitCode::SUCCESS
        }
        Some(Command::Perft {
            depth,
            fen,
            divide,
            chess960,
        }) => match cutoff::tools::perft::run_perft(
            fen.as_deref().unwrap_or(STARTPOS),
            depth,
            divide,
            chess960,
        ) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Bench {
            depth,
            eval_file,
            classical,
            ordering,
            without,
        }) => {
            use cutoff::tools::bench::{BenchEval, BenchSetup};
            let eval = match eval_file.as_deref().map(cutoff::eval::nnue::load) {
                None if classical => BenchEval::Classical,
                None => BenchEval::Default,
                Some(Ok(net)) => BenchEval::Network(std::sync::Arc::new(net)),
                Some(Err(e)) => {
                    eprintln!("error: --eval-file {}: {e}", eval_file.unwrap_or_default());
                    return ExitCode::from(2);
                }
            };
            use cutoff::search::heuristics::Heuristics;
            let heuristics = match ordering.as_deref().map(Heuristics::parse) {
                None => Heuristics::PLAYING,
                Some(Ok(c)) => c,
                Some(Err(e)) => {
                    eprintln!("error: --ordering: {e}");
                    return ExitCode::from(2);
                }
            };
            let Some(techniques) = techniques_without(without.as_deref()) else {
                return ExitCode::from(2);
            };
            let setup = BenchSetup {
                eval,
                heuristics,
                techniques,
            };
            cutoff::tools::bench::run(clamp_depth(depth.into()), setup);
            ExitCode::SUCCESS
        }
        Some(Command::Ordering {
            epd_file,
            depth,
            nodes,
            configs,
            pure,
            without,
            out,
            policy_head,
            eval_file,
            oracle,
            oracle_extra,
        }) => {
            use cutoff::lab::ordering::{oracle::oracle_option, run_cli, LabFiles, LabLimit};
            let Some(techniques) = techniques_without(without.as_deref()) else {
                return ExitCode::from(2);
            };
            let limit = match nodes {
                Some(n) => LabLimit::Nodes(n.max(1)),
                None => LabLimit::Depth(clamp_depth(depth.into())),
            };
            let oracle = match oracle_option(oracle, oracle_extra, limit) {
                Ok(o) => o,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            match run_cli(
                &epd_file,
                limit,
                &configs,
                pure,
                techniques,
                oracle,
                LabFiles {
                    out: out.as_deref(),
                    policy_head: policy_head.as_deref(),
                    eval_file: eval_file.as_deref(),
                },
            ) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(130),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Order {
            fen,
            depth,
            json,
            policy_head,
        }) => {
            let depth = depth.map(|d| clamp_depth(d.into()));
            match cutoff::lab::explain::run_cli(&fen.join(" "), depth, json, policy_head.as_deref())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Datagen { args }) => match cutoff::tools::datagen::run_cli(&args) {
            Ok(true) => ExitCode::SUCCESS,
            // Stopped by a signal, its games written: the shell's code for an interrupt.
            Ok(false) => ExitCode::from(130),
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Train { args }) => match cutoff::tools::train::run_cli(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::PolicyData { args }) => match cutoff::lab::policy::data::run_cli(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::PolicyTrain { args }) => match cutoff::lab::policy::train::run_cli(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Data { command }) => match cutoff::tools::data::run_cli(&command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Tune { mut config }) => {
            if !(0.0..1.0).contains(&config.validation) || !(0.0..=1.0).contains(&config.lambda) {
                eprintln!("error: --validation must be in [0, 1) and --lambda in [0, 1]");
                return ExitCode::from(2);
            }
            config.command = std::iter::once("cutoff".to_string())
                .chain(std::env::args().skip(1))
                .collect::<Vec<_>>()
                .join(" ");
            match cutoff::tools::tune::run(&config) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::SpsaParams) => {
            use std::io::Write;
            // A closed pipe (`| head`) ends the listing, not the program with a panic.
            let _ = std::io::stdout().write_all(cutoff::search::spsa_input().as_bytes());
            ExitCode::SUCCESS
        }
        Some(Command::PerftSuite { file, max_depth }) => {
            match cutoff::tools::perft::run_suite(&file, max_depth) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
