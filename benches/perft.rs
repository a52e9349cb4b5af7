//! Perft speed, Cutoff against cozy-chess, in one binary so both get the same compiler flags.
//!
//! `cargo bench --bench perft` runs startpos perft 6, Kiwipete perft 5 and position 3 perft 7,
//! with bulk counting (the last ply counted, not made) and without (every leaf made). The two
//! generators alternate, and each figure is the median of the runs. Speeds use the thread's
//! CPU time, so other work on the machine slows the figures less than wall time would; wall
//! time is printed too.
//!
//! Options (after `--`): `--runs N` (default 3), `--quick` (each depth one less, or `--shallower
//! K` for K less), `--only bulk|full`, and for profilers `--engine cutoff|cozy` and
//! `--position 0|1|2` (one generator, one position).
//!
//! Configurations: plain, `RUSTFLAGS='-C target-cpu=native'` (Cutoff switches to PEXT on
//! BMI2), and that plus `--features cozy-pext` (cozy-chess's PEXT tables).

use std::hint::black_box;
use std::time::Instant;

use cutoff::board::perft::{perft, perft_full};
use cutoff::board::Board;

const POSITIONS: [(&str, &str, u8); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
];

/// cozy-chess's perft as its own example writes it: copy-make over the `PieceMoves` sets,
/// and with bulk counting the last ply's set sizes summed. Without bulk counting the last
/// ply is made in the loop and `black_box`ed, exactly as Cutoff's `perft_full` does.
fn cozy_perft(board: &cozy_chess::Board, depth: u8, bulk: bool) -> u64 {
    if depth == 0 {
        // As in Cutoff's perft_full: the leaf is looked at, so it must really be made.
        black_box(board);
        return 1;
    }
    let mut nodes = 0;
    if bulk && depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    if depth == 1 {
        // The leaves, made and looked at in the loop, as Cutoff's perft_full does.
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                black_box(&child);
                nodes += 1;
            }
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1, bulk);
        }
        false
    });
    nodes
}

/// CPU time of this thread in seconds (Linux); wall time elsewhere.
fn cpu_seconds() -> f64 {
    #[cfg(target_os = "linux")]
    {
        #[repr(C)]
        struct Timespec {
            tv_sec: i64,
            tv_nsec: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut t = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid, writable timespec; the call only fills it in.
        if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Nodes, CPU seconds and wall seconds of one run.
fn time(run: impl FnOnce() -> u64) -> (u64, f64, f64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let nodes = black_box(run());
    (nodes, cpu_seconds() - cpu, wall.elapsed().as_secs_f64())
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 3;
    let mut shallower = 0;
    let mut modes = vec![true, false];
    let mut engines = vec![0, 1];
    let mut only_position: Option<usize> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--runs" => {
                i += 1;
                runs = args[i].parse().expect("--runs N");
            }
            "--quick" => shallower = 1,
            "--shallower" => {
                i += 1;
                shallower = args[i].parse().expect("--shallower K");
            }
            "--position" => {
                i += 1;
                only_position = Some(args[i].parse().expect("--position 0|1|2"));
            }
            "--engine" => {
                i += 1;
                engines = vec![if args[i] == "cozy" { 1 } else { 0 }];
            }
            "--only" => {
                i += 1;
                modes = vec![args[i] == "bulk"];
            }
            _ => {} // cargo bench passes --bench
        }
        i += 1;
    }

    println!(
        "Cutoff sliders: {}; cozy-chess sliders: {}",
        if cutoff::board::attacks::uses_pext() {
            "PEXT"
        } else {
            "magic"
        },
        if cfg!(feature = "cozy-pext") {
            "PEXT"
        } else {
            "magic"
        }
    );
    println!(
        "median of {runs} runs, M nodes/s of thread CPU time (wall in brackets); ratio: median \
         of the runs' Cutoff/cozy-chess ratios"
    );
    println!(
        "{:<6} {:<11} {:>5} {:>12} {:>16} {:>16} {:>7}",
        "mode", "position", "depth", "nodes", "cutoff", "cozy-chess", "ratio"
    );
    for &bulk in &modes {
        for (index, &(name, fen, depth)) in POSITIONS.iter().enumerate() {
            if only_position.is_some_and(|p| p != index) {
                continue;
            }
            let depth = depth - shallower;
            let ours = Board::from_fen(fen).expect("valid FEN");
            let theirs: cozy_chess::Board = fen.parse().expect("valid FEN");
            let (mut our_speed, mut their_speed) = (Vec::new(), Vec::new());
            let (mut our_wall, mut their_wall) = (Vec::new(), Vec::new());
            let mut counts = (0, 0);
            for r in 0..runs {
                // Alternate which goes first, so neither always runs on a warm (or cold) core.
                for which in [r % 2, 1 - r % 2] {
                    if !engines.contains(&which) {
                        continue;
                    }
                    if which == 0 {
                        let (n, cpu, wall) = time(|| {
                            if bulk {
                                perft(black_box(&ours), depth as u32)
                            } else {
                                perft_full(black_box(&ours), depth as u32)
                            }
                        });
                        counts.0 = n;
                        our_speed.push(n as f64 / cpu / 1e6);
                        our_wall.push(n as f64 / wall / 1e6);
                    } else {
                        let (n, cpu, wall) = time(|| cozy_perft(black_box(&theirs), depth, bulk));
                        counts.1 = n;
                        their_speed.push(n as f64 / cpu / 1e6);
                        their_wall.push(n as f64 / wall / 1e6);
                    }
                }
            }
            if engines.len() == 2 {
                assert_eq!(counts.0, counts.1, "{name}: the generators disagree");
            } else {
                // One engine alone: report it in both columns' place.
                our_speed.resize(runs, f64::NAN);
                their_speed.resize(runs, f64::NAN);
                our_wall.resize(runs, f64::NAN);
                their_wall.resize(runs, f64::NAN);
                counts.0 = counts.0.max(counts.1);
            }
            // The ratio is the median of each round's ratio: both runs of a round see about
            // the same load on the machine, which a ratio of medians would not assume.
            let ratio = median(
                our_speed
                    .iter()
                    .zip(&their_speed)
                    .map(|(o, t)| o / t)
                    .collect(),
            );
            let (ours_m, theirs_m) = (median(our_speed), median(their_speed));
            println!(
                "{:<6} {:<11} {:>5} {:>12} {:>7.1} ({:>6.1}) {:>7.1} ({:>6.1}) {:>7.3}",
                if bulk { "bulk" } else { "full" },
                name,
                depth,
                counts.0,
                ours_m,
                median(our_wall),
                theirs_m,
                median(their_wall),
                ratio
            );
        }
    }
}
