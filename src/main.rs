use clap::{Parser, Subcommand};
use cutoff::board::STARTPOS;
use cutoff::search::clamp_depth;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cutoff",
    version = cutoff::VERSION,
    about = "A UCI chess engine whose move ordering is measured"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal move tree.
    Perft {
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
    },
    /// The ordering lab: search an EPD suite under each move-ordering configuration and
    /// compare node counts, fail-high statistics and cutoffs by picker stage.
    Ordering {
        /// EPD file (`bm`/`am` moves in SAN are checked against the search's choice).
        epd_file: String,
        /// Search each position to this depth.
        #[arg(long, conflicts_with = "nodes", default_value_t = cutoff::tools::ordering::DEFAULT_DEPTH)]
        depth: i32,
        /// Limit each search by nodes instead of depth.
        #[arg(long)]
        nodes: Option<u64>,
        /// Comma-separated configurations; `+x` means the previous one plus heuristic x.
        #[arg(long, default_value = cutoff::tools::ordering::DEFAULT_CONFIGS)]
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
    },
    /// Self-play data: play games at a fixed number of nodes a move and write their quiet
    /// positions as `FEN | cp | result` lines (scores and results from White's side; see
    /// docs/datagen.md).
    Datagen {
        /// Output file (overwritten).
        #[arg(long)]
        out: String,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Nodes searched per move.
        #[arg(long, default_value_t = cutoff::tools::datagen::DEFAULT_NODES)]
        nodes: u64,
        /// Games played at once (each by its own one-threaded searcher).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seed of the openings: the same seed gives the same games.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Opening book, EPD or PGN; each game starts from a position drawn from it.
        #[arg(long)]
        book: Option<String>,
        /// Random legal moves played from the start (or book) position [default: 8 without a
        /// book, 0 with one].
        #[arg(long)]
        random_plies: Option<usize>,
        /// Hash table of each searcher, in MB.
        #[arg(long, default_value_t = 16)]
        hash: usize,
        /// Syzygy tables to adjudicate with (and to search with), as for SyzygyPath.
        #[arg(long)]
        syzygy: Option<String>,
    },
    /// Fit the evaluation's weights to labelled positions (`FEN | cp | result` lines, plain or
    /// .xz) and write the parameter file the engine compiles (see docs/eval.md).
    Tune {
        /// Comma-separated data files.
        #[arg(long, value_delimiter = ',', required = true)]
        data: Vec<String>,
        /// Use this many positions (training + validation), chosen by the seed.
        #[arg(long)]
        positions: Option<usize>,
        /// Full-batch Adam steps.
        #[arg(long, default_value_t = 1000)]
        epochs: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Share of the positions held out for validation.
        #[arg(long, default_value_t = 0.1)]
        validation: f64,
        /// Weight of the game result in the target (1 - lambda: the data's engine score).
        #[arg(long, default_value_t = 0.5)]
        lambda: f64,
        /// Adam's step size, in centipawns.
        #[arg(long, default_value_t = 1.0)]
        lr: f64,
        /// L2 penalty on every weight but material (mean loss + l2 * sum of squares).
        #[arg(long, default_value_t = 0.0)]
        l2: f64,
        /// Threads for tracing and gradients (results depend on it in the last bits).
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Start from zero weights instead of the compiled ones.
        #[arg(long)]
        zero: bool,
        /// Only move these groups' weights (comma-separated; default all).
        #[arg(long)]
        groups: Option<String>,
        /// The groups not in --groups start at zero and stay there.
        #[arg(long, requires = "groups")]
        zero_others: bool,
        /// Write the parameter file here (e.g. src/eval/params.rs).
        #[arg(long)]
        out: Option<String>,
    },
    /// Run an EPD perft suite (`FEN ;D1 n ;D2 n ...`).
    PerftSuite {
        file: String,
        /// Skip counts deeper than this.
        #[arg(long)]
        max_depth: Option<u32>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
        Some(Command::Bench { depth }) => {
            cutoff::tools::bench::run(clamp_depth(depth.into()));
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
        }) => {
            use cutoff::tools::ordering::{run_cli, LabLimit};
            let techniques =
                match cutoff::search::techniques::all_but(without.as_deref().unwrap_or("")) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("error: --without: {e}");
                        return ExitCode::from(2);
                    }
                };
            let limit = match nodes {
                Some(n) => LabLimit::Nodes(n.max(1)),
                None => LabLimit::Depth(clamp_depth(depth.into())),
            };
            match run_cli(&epd_file, limit, &configs, pure, techniques, out.as_deref()) {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(130),
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Order { fen, depth, json }) => {
            let depth = depth.map(|d| clamp_depth(d.into()));
            match cutoff::tools::explain::run_cli(&fen.join(" "), depth, json) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Datagen {
            out,
            games,
            nodes,
            threads,
            seed,
            book,
            random_plies,
            hash,
            syzygy,
        }) => match datagen(
            &out,
            games,
            nodes,
            threads,
            seed,
            book.as_deref(),
            random_plies,
            hash,
            syzygy.as_deref(),
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Tune {
            data,
            positions,
            epochs,
            seed,
            validation,
            lambda,
            lr,
            l2,
            threads,
            zero,
            groups,
            zero_others,
            out,
        }) => {
            use cutoff::tools::tune;
            let groups = match tune::parse_groups(groups.as_deref().unwrap_or("")) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            if !(0.0..1.0).contains(&validation) || !(0.0..=1.0).contains(&lambda) {
                eprintln!("error: --validation must be in [0, 1) and --lambda in [0, 1]");
                return ExitCode::from(2);
            }
            let command = std::iter::once("cutoff".to_string())
                .chain(std::env::args().skip(1))
                .collect::<Vec<_>>()
                .join(" ");
            let cfg = tune::TuneConfig {
                data,
                positions,
                epochs,
                seed,
                validation,
                lambda,
                lr,
                l2,
                threads,
                zero,
                groups,
                zero_others,
                out,
                command,
            };
            match tune::run(&cfg) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
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

#[allow(clippy::too_many_arguments)]
fn datagen(
    out: &str,
    games: usize,
    nodes: u64,
    threads: usize,
    seed: u64,
    book: Option<&str>,
    random_plies: Option<usize>,
    hash: usize,
    syzygy: Option<&str>,
) -> Result<(), String> {
    use cutoff::search::tablebase::Tablebase;
    use cutoff::tools::datagen::{self, DatagenConfig};
    use std::io::Write;
    let book = match book {
        Some(path) => datagen::read_book(path)?,
        None => Vec::new(),
    };
    let tablebase = match syzygy {
        Some(spec) => {
            let opened = Tablebase::open(spec);
            if let Some(e) = opened.errors.first() {
                return Err(e.clone());
            }
            let tb = opened
                .tablebase
                .ok_or_else(|| format!("no Syzygy tables in {spec}"))?;
            eprintln!("{}", tb.summary());
            Some(std::sync::Arc::new(tb))
        }
        None => None,
    };
    let config = DatagenConfig {
        games,
        nodes: nodes.max(1),
        threads: threads.max(1),
        seed,
        random_plies: random_plies.unwrap_or(if book.is_empty() { 8 } else { 0 }),
        hash_mb: hash.clamp(1, cutoff::search::tt::TranspositionTable::MAX_MB),
        ..DatagenConfig::default()
    };
    let file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let summary = datagen::run(&config, &book, tablebase, std::io::BufWriter::new(file))?;
    // Not println!: a closed stdout (`| head`) must not panic.
    let _ = writeln!(std::io::stdout(), "{}", summary.text());
    Ok(())
}
