use clap::{Parser, Subcommand};
use cutoff::board::STARTPOS;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "cutoff",
    version,
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
