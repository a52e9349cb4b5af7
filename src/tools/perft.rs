//! `cutoff perft` and `cutoff perft-suite`.

use crate::board::perft::{check_perft_depth, divide, perft};
use crate::board::Board;
use std::time::Instant;

/// Runs perft on one position and prints time, speed and the node count (last, as Stockfish).
/// The depth is `go perft`'s range: a deeper tree would run for days.
pub fn run_perft(fen: &str, depth: u32, show_divide: bool, chess960: bool) -> Result<u64, String> {
    let depth = check_perft_depth(depth.into()).map_err(|e| format!("perft: {e}"))?;
    let board = Board::from_fen(fen).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let nodes = if show_divide {
        let mut total = 0;
        for (m, n) in divide(&board, depth) {
            println!("{}: {n}", m.uci(chess960));
            total += n;
        }
        println!();
        total
    } else {
        perft(&board, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("Time: {:.3} s", secs);
    println!("Nodes/second: {:.0}", nodes as f64 / secs.max(1e-9));
    println!("Nodes searched: {nodes}");
    Ok(nodes)
}

/// One line of an EPD perft suite: a FEN and the expected counts by depth.
#[derive(Clone, Debug)]
pub struct SuiteEntry {
    pub line: usize,
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 n ;D2 n ...`. Blank lines and lines starting with '#' are skipped.
pub fn parse_suite(text: &str) -> (Vec<SuiteEntry>, Vec<(usize, String)>) {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for (number, line) in super::content_lines(text) {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        let mut bad = None;
        for p in parts {
            let p = p.trim();
            if p.is_empty() {
                continue;
            }
            let mut it = p.split_whitespace();
            let (Some(d), Some(n), None) = (it.next(), it.next(), it.next()) else {
                bad = Some(format!("'{p}' is not 'Dn count'"));
                break;
            };
            match (
                d.strip_prefix('D').and_then(|d| d.parse::<u32>().ok()),
                n.parse::<u64>(),
            ) {
                (Some(d), Ok(n)) => counts.push((d, n)),
                _ => {
                    bad = Some(format!("'{p}' is not 'Dn count'"));
                    break;
                }
            }
        }
        if bad.is_none() {
            if let Err(e) = Board::from_fen(&fen) {
                bad = Some(format!("bad FEN: {e}"));
            } else if counts.is_empty() {
                bad = Some("no ';Dn count' fields".to_string());
            }
        }
        match bad {
            Some(e) => errors.push((number, e)),
            None => entries.push(SuiteEntry {
                line: number,
                fen,
                counts,
            }),
        }
    }
    (entries, errors)
}

/// Runs a perft suite up to `max_depth`; prints each failure and a summary.
/// Returns true when every line parsed and every count matched.
pub fn run_suite(path: &str, max_depth: Option<u32>) -> Result<bool, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let (entries, errors) = parse_suite(&text);
    for (line, e) in &errors {
        println!("line {line}: cannot parse: {e}");
    }
    let mut passed = 0;
    let mut failed = 0;
    let start = Instant::now();
    let mut total_nodes = 0u64;
    let progress = super::progress::bar(entries.len(), "perft-suite");
    for entry in &entries {
        let board = Board::from_fen(&entry.fen).map_err(|e| e.to_string())?;
        for &(depth, expected) in &entry.counts {
            if max_depth.is_some_and(|m| depth > m) {
                continue;
            }
            let got = perft(&board, depth);
            total_nodes += got;
            if got == expected {
                passed += 1;
            } else {
                failed += 1;
                println!(
                    "FAIL line {} depth {depth}: expected {expected}, got {got}: {}",
                    entry.line, entry.fen
                );
            }
        }
        progress.inc(1);
    }
    super::progress::finish(&progress);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{total_nodes} nodes in {secs:.2} s ({:.0} nodes/s); {} lines could not be parsed",
        total_nodes as f64 / secs.max(1e-9),
        errors.len()
    );
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0 && errors.is_empty())
}
