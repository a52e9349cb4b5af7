//! Probe: copy-make alone and generation alone, Cutoff against cozy-chess, in ns per move
//! (the best of 9 rounds), to tell which half of perft without bulk counting a change moves.
//!
//! `cargo bench --bench make_probe`; `-- gen-ours` or `-- gen-cozy` loops one generator on
//! Kiwipete for a profiler.
use cutoff::board::movegen::for_each_move;
use cutoff::board::{legal_moves, Board};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    if let Some(which) = std::env::args().nth(1).filter(|a| a.starts_with("gen")) {
        let b =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let c: cozy_chess::Board =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
                .parse()
                .unwrap();
        let t = Instant::now();
        for _ in 0..10_000_000 {
            if which == "gen-cozy" {
                black_box(&c).generate_moves(|pm| {
                    for m in pm {
                        black_box(m);
                    }
                    false
                });
            } else {
                for_each_move(black_box(&b), |m| {
                    black_box(m);
                });
            }
        }
        println!(
            "{which}: {:.1} ns per generation",
            t.elapsed().as_nanos() as f64 / 1e7
        );
        return;
    }
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ];
    let mut best = vec![[f64::MAX; 4]; fens.len()];
    for _round in 0..9 {
        for (k, fen) in fens.iter().enumerate() {
            let b = Board::from_fen(fen).unwrap();
            let ms: Vec<_> = legal_moves(&b).iter().copied().collect();
            let c: cozy_chess::Board = fen.parse().unwrap();
            let mut cms = Vec::new();
            c.generate_moves(|m| {
                cms.extend(m);
                false
            });
            let n = 1_000_000 / ms.len();
            let t = Instant::now();
            for _ in 0..n {
                for &m in &ms {
                    let mut ch = *black_box(&b);
                    ch.make_move(m);
                    black_box(&ch);
                }
            }
            let ours = t.elapsed().as_nanos() as f64 / (n * ms.len()) as f64;
            let t = Instant::now();
            for _ in 0..n {
                for &m in &cms {
                    let mut ch = black_box(&c).clone();
                    ch.play_unchecked(m);
                    black_box(&ch);
                }
            }
            let theirs = t.elapsed().as_nanos() as f64 / (n * cms.len()) as f64;
            let t = Instant::now();
            for _ in 0..n {
                for_each_move(black_box(&b), |m| {
                    black_box(m);
                });
            }
            let gen_ours = t.elapsed().as_nanos() as f64 / (n * ms.len()) as f64;
            let t = Instant::now();
            for _ in 0..n {
                black_box(&c).generate_moves(|pm| {
                    for m in pm {
                        black_box(m);
                    }
                    false
                });
            }
            let gen_theirs = t.elapsed().as_nanos() as f64 / (n * cms.len()) as f64;
            let r = &mut best[k];
            r[0] = r[0].min(ours);
            r[1] = r[1].min(theirs);
            r[2] = r[2].min(gen_ours);
            r[3] = r[3].min(gen_theirs);
        }
    }
    println!("make ns/move: cutoff cozy | generate ns/move: cutoff cozy");
    for (k, fen) in fens.iter().enumerate() {
        let r = best[k];
        println!(
            "{:6.2} {:6.2} | {:6.2} {:6.2}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            &fen[..20]
        );
    }
}
