//! `cutoff bench [DEPTH]`: a fixed set of positions searched to a fixed depth from a fresh
//! state (one thread, 16 MB table). Deterministic, so its node count identifies a build's
//! search, and its speed compares builds. The last line is `N nodes M nps`, as OpenBench reads.
//! It runs the build's default evaluation, or the net of `--eval-file`; with the engine's
//! ordering and selective techniques as it plays, or others (`--ordering`, `--without`), so
//! that a switch's cost in speed is measured on the same positions as the engine's.

use crate::eval::nnue::Network;
use crate::position::Position;
use crate::search::heuristics::Heuristics;
use crate::search::techniques::{names_off, Techniques};
use crate::search::{search_fresh, Limits, SearchOptions};
use std::sync::Arc;
use std::time::Instant;

pub const DEFAULT_DEPTH: i32 = 13;

/// Openings, middlegames and endgames: the start position, unbalanced openings from the
/// UHO book, Bratko-Kopec, ERET and Arasan middlegames, and endgames written for this list.
pub(crate) const POSITIONS: [&str; 40] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rn1qkb1r/1b2pppp/p1p5/1p1nP3/P1pP4/2N2N1P/1P3PP1/R1BQKB1R w KQkq - 0 9",
    "r2qkbnr/pp1npppp/2p5/4N3/8/7P/PPPPQPP1/RNB2RK1 w kq - 0 7",
    "r2qkb1r/ppn1pp1p/2p2n2/3p1p2/3P1B2/2P1PN1P/PP3PP1/RN1QK2R w KQkq - 0 9",
    "r1bqk2r/ppp1ppbp/6p1/n6P/8/1QP2N2/P2PPPP1/R1B1KB1R w KQkq - 0 8",
    "rnbq1rk1/4ppbp/p2p1np1/1PpP4/4P3/2N2N2/PPQ2PPP/R1B1KB1R w KQ - 0 9",
    "rn1q1rk1/pb1pnpbp/1p2p1p1/2p5/2BP1B2/2P1PN2/PP1N1PPP/R2Q1RK1 w - - 0 9",
    "r1b1kb1r/1p1nqpp1/2pp1n1p/p2Pp3/P3P2P/2N2N2/1PP1BPP1/R1BQK2R w KQkq - 0 10",
    "rnb1k2r/4bppp/p1pp1n2/qp2p3/3PP3/2N1BP2/PPPQ2PP/1K1R1BNR w kq - 0 10",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    "r1b1r1k1/1pqn1pbp/p2pp1p1/P7/1n1NPP1Q/2NBBR2/1PP3PP/R6K w - - 0 1",
    "1nrq1rk1/p4pp1/bp2pn1p/3p4/2PP1B2/P1PB2N1/4QPPP/1R2R1K1 w - - 0 1",
    "r3r2k/1bq1nppp/p2b4/1pn1p2P/2p1P1QN/2P1N1P1/PPBB1P1R/2KR4 w - - 0 1",
    "r3kb1r/ppnq2pp/2n5/4pp2/1P1PN3/P4N2/4QPPP/R1B1K2R w KQkq - 0 1",
    "2r1rbk1/1pqb1p1p/p2p1np1/P4p2/3NP1P1/2NP1R1Q/1P5P/R5BK w - - 0 1",
    "r1bq1rk1/p4ppp/3p2n1/1PpPp2n/4P2P/P1PB1PP1/2Q1N3/R1B1K2R b KQ - 0 1",
    "r3k2r/4qn2/p1p1b2p/6pB/P1p5/2P5/5PPP/RQ2R1K1 b kq - 0 1",
    "r4rk1/ppp2ppp/1nnb4/8/1P1P3q/PBN1B2P/4bPP1/R2QR1K1 w - - 0 1",
    "3q1rk1/7p/rp1n4/p1pPbp2/P1P2pb1/1QN4P/1B2B1P1/1R3RK1 w - - 0 1",
    "R4bk1/2Bbp2p/2p2pp1/1rPp4/3P4/4P2P/4BPPK/1q1Q4 w - - 0 1",
    "r4k2/5Pp1/1n1b2p1/p2p2Pr/1ppP1NqP/8/PPQB1P2/2R1K2R w K - 0 1",
    "5rk1/pp3ppp/3q4/8/2Pp2b1/P5Pn/PBQPr1BP/4RR1K b - - 0 1",
    "2r1rb1k/ppq2pp1/4b2p/3pP2Q/5B2/2PB2R1/P4PPP/1R4K1 w - - 0 1",
    "1r1rkb2/2q2p2/p2p1P1B/P1pPp2Q/2P3b1/1P6/2B3PP/5R1K w - - 0 1",
    "r2q1r2/1b2bpkp/p3p1p1/2ppP1P1/7R/1PN1BQR1/1PP2P1P/4K3 w - - 0 1",
    "8/5k2/8/3KP3/8/8/8/8 w - - 0 1",
    "8/8/1p3k2/1P6/5K2/8/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/8/4k3/8/3K4/3R4/8 w - - 0 1",
    "8/2r5/8/3k4/8/3KP3/8/5R2 w - - 0 1",
    "8/6pk/8/8/2q5/8/5QPK/8 w - - 0 1",
    "8/8/3bk3/8/8/2N5/2K3P1/8 w - - 0 1",
    "2r3k1/5pp1/p3p2p/1p1bP3/3B4/P5P1/1P3PKP/2R5 w - - 0 1",
];

/// The evaluation a bench runs with.
pub enum BenchEval {
    /// The engine's default: the embedded net, or the hand-written evaluation in a build
    /// without one.
    Default,
    /// A net loaded from a file (`--eval-file`).
    Network(Arc<Network>),
    /// The hand-written evaluation (`--classical`), for the nps comparison with the net.
    Classical,
}

/// What a bench searches with besides its depth: the evaluation, the ordering switches and
/// the selective techniques (by default all three as the engine plays).
pub struct BenchSetup {
    pub eval: BenchEval,
    /// The ordering switches and the correction history.
    pub heuristics: Heuristics,
    pub techniques: Techniques,
}

impl Default for BenchSetup {
    fn default() -> Self {
        BenchSetup {
            eval: BenchEval::Default,
            heuristics: Heuristics::PLAYING,
            techniques: Techniques::ALL,
        }
    }
}

/// Runs the bench and returns (total nodes, nodes per second).
pub fn run(depth: i32, setup: BenchSetup) -> (u64, u64) {
    let defaults = SearchOptions::default();
    let network = match setup.eval {
        BenchEval::Default => defaults.network.clone(),
        BenchEval::Network(net) => Some(net),
        BenchEval::Classical => None,
    };
    let mut opts = SearchOptions {
        report: false,
        network,
        techniques: setup.techniques,
        ..defaults
    };
    opts.set_heuristics(setup.heuristics);
    let evaluation = match &opts.network {
        Some(net) => format!("network {}", net.describe()),
        None => "classical".to_string(),
    };
    let search = if setup.heuristics == Heuristics::PLAYING && opts.techniques == Techniques::ALL {
        "as it plays".to_string()
    } else {
        let mut parts = vec![format!("ordering {}", setup.heuristics.names())];
        let off = names_off(opts.techniques);
        if !off.is_empty() {
            parts.push(format!("without {}", off.join(",")));
        }
        parts.join(", ")
    };
    let limits = Limits::depth(depth);
    let start = Instant::now();
    let mut total = 0u64;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let pos = Position::from_fen(fen).expect("bench positions are valid");
        let r = search_fresh(&pos, &limits, &opts);
        total += r.nodes;
        println!(
            "position {:>2}/{}: {:>10} nodes  bestmove {}",
            i + 1,
            POSITIONS.len(),
            r.nodes,
            r.best.uci(false)
        );
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    let nps = total * 1000 / ms;
    println!("===========================");
    println!("Build           : {}", crate::BUILD_LEVEL);
    println!("Evaluation      : {evaluation}");
    println!("Search          : {search}");
    println!("Total time (ms) : {ms}");
    println!("Nodes searched  : {total}");
    println!("Nodes/second    : {nps}");
    println!("{total} nodes {nps} nps");
    (total, nps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_valid_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for fen in POSITIONS {
            let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(seen.insert(p.board().key()), "duplicate {fen}");
        }
    }
}
