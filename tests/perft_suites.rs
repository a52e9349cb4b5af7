//! Perft suites: the move generator's exact leaf counts against published values.
//!
//! The full suites live in `../shared/data/perft/` (beside the crate in CI). The default
//! tests run every position at the depths that fit in a short run; the `#[ignore]`d ones run
//! every depth (`cargo test --release -- --ignored`). Ten-line samples in `tests/data/` always
//! run, so a checkout without `shared/` still tests the generator.

mod support;

use cutoff::board::perft::{perft, perft_full};
use cutoff::board::Board;
use support::{load, parallel_map, sample, shared_perft_dir, Entry};

/// Which (depth, count) pairs of a line to run.
type Pick = fn(u32, u64) -> bool;

/// Runs the picked depths of every entry in parallel; panics listing every mismatch.
fn check(entries: &[Entry], pick: Pick) -> u64 {
    let results = parallel_map(entries, |e| {
        let board = Board::from_fen(&e.fen)
            .unwrap_or_else(|err| panic!("{}:{}: {err}: {}", e.file, e.line, e.fen));
        let mut nodes = 0;
        let mut failures = Vec::new();
        for &(depth, expected) in &e.counts {
            if !pick(depth, expected) {
                continue;
            }
            let got = perft(&board, depth);
            nodes += got;
            if got != expected {
                failures.push(format!(
                    "{}:{} depth {depth}: expected {expected}, got {got}: {}",
                    e.file, e.line, e.fen
                ));
            }
        }
        (nodes, failures)
    });
    let nodes = results.iter().map(|r| r.0).sum();
    let failures: Vec<&String> = results.iter().flat_map(|r| &r.1).collect();
    assert!(
        failures.is_empty(),
        "{} perft mismatches:\n{}",
        failures.len(),
        failures
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let picked = entries
        .iter()
        .flat_map(|e| &e.counts)
        .filter(|&&(d, n)| pick(d, n))
        .count();
    assert!(picked > 0, "no depth was picked");
    nodes
}

/// The suite from ../shared, or None (with a message) when that directory is absent.
fn shared_suite(name: &str) -> Option<Vec<Entry>> {
    match shared_perft_dir() {
        // Present directory, missing file: a broken checkout, so `load` panics.
        Some(dir) => Some(load(&dir.join(format!("{name}.epd")))),
        None => {
            println!("skipping the {name} suite: ../shared/data/perft is not beside the crate");
            None
        }
    }
}

// Depth picks: every shallow depth, plus deeper counts when they are cheap. Together these
// run about 1.3 G leaves with bulk counting, a few seconds per suite on two cores.

fn standard_pick(depth: u32, count: u64) -> bool {
    depth <= 5 || count <= 50_000_000
}

fn chess960_pick(depth: u32, count: u64) -> bool {
    depth <= 4 || count <= 5_000_000
}

fn all_depths(_: u32, _: u64) -> bool {
    true
}

#[test]
fn perft_standard() {
    if let Some(entries) = shared_suite("standard") {
        assert_eq!(entries.len(), 128);
        check(&entries, standard_pick);
    }
}

#[test]
fn perft_chess960() {
    if let Some(entries) = shared_suite("chess960") {
        assert_eq!(entries.len(), 960);
        check(&entries, chess960_pick);
    }
}

#[test]
fn perft_tricky() {
    if let Some(entries) = shared_suite("tricky") {
        check(&entries, all_depths);
    }
}

#[test]
#[ignore = "every depth of the standard suite: several minutes"]
fn perft_standard_full() {
    let entries = shared_suite("standard").expect("../shared/data/perft is required");
    let nodes = check(&entries, all_depths);
    println!("{nodes} leaves");
}

#[test]
#[ignore = "every depth of the Chess960 suite: about half a tera-leaf, hours"]
fn perft_chess960_full() {
    let entries = shared_suite("chess960").expect("../shared/data/perft is required");
    let nodes = check(&entries, all_depths);
    println!("{nodes} leaves");
}

/// Always runs: the committed samples, so the generator is tested even without ../shared.
#[test]
fn perft_samples() {
    for name in ["standard", "chess960", "tricky"] {
        let entries = sample(name);
        assert_eq!(entries.len(), 10, "{name} sample");
        check(&entries, |d, n| d <= 4 || n <= 20_000_000);
    }
}

/// Without bulk counting every leaf is made, so make_move itself is under test.
#[test]
fn perft_full_matches_bulk_counting() {
    for name in ["standard", "chess960", "tricky"] {
        for e in sample(name) {
            let board = Board::from_fen(&e.fen).unwrap();
            for &(depth, expected) in &e.counts {
                if expected <= 200_000 {
                    assert_eq!(perft_full(&board, depth), expected, "{}: {}", e.fen, depth);
                }
            }
        }
    }
}

#[test]
fn perft_known_values() {
    // Start position and Kiwipete: the two counts everybody knows.
    let start = Board::startpos();
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 3), 8_902);
    assert_eq!(perft(&start, 5), 4_865_609);
    let kiwipete =
        Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    assert_eq!(perft(&kiwipete, 1), 48);
    assert_eq!(perft(&kiwipete, 4), 4_085_603);
    assert_eq!(perft_full(&kiwipete, 3), 97_862);
    // Position 3: en passant discovered checks along the rank.
    let pos3 = Board::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
    assert_eq!(perft(&pos3, 6), 11_030_083);
}
