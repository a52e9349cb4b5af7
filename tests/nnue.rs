//! The network in the engine: `EvalState` with a net follows random games and evaluates as
//! the net counted from scratch, a position and its colour flip evaluate the same, every
//! `EvalFile` error through the binary keeps the net in use, `UseNNUE` needs a net, and the
//! search with a (random) net plays legal moves, on one thread and on several.

mod support;

use cutoff::board::{legal_moves, Board};
use cutoff::eval::nnue::{KingBuckets, Mirroring, Network};
use cutoff::eval::EvalState;
use cutoff::uci::parse::parse_position;
use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;
use support::engine::{Engine, TIMEOUT};
use support::{mirror, Rng};

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cutoff-nnue-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Writes `net` to `dir/name` and returns the path as text.
fn write_net(dir: &std::path::Path, name: &str, net: &Network) -> String {
    let path = dir.join(name);
    std::fs::write(&path, net.to_bytes()).expect("write the net");
    path.to_str().expect("a UTF-8 path").to_string()
}

const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 b - - 0 1",
];

/// The inputs' layouts a net may have: plain, mirrored, mirrored with king buckets.
const SHAPES: [(Mirroring, KingBuckets); 3] = [
    (Mirroring::Off, KingBuckets::One),
    (Mirroring::Horizontal, KingBuckets::One),
    (Mirroring::Horizontal, KingBuckets::Four),
];

#[test]
fn eval_state_with_a_net_is_the_net_counted_from_scratch() {
    for (mirroring, king_buckets) in SHAPES {
        along_random_lines_the_state_is_the_net(Arc::new(Network::random_with(
            64,
            8,
            mirroring,
            king_buckets,
            21,
        )));
    }
}

fn along_random_lines_the_state_is_the_net(net: Arc<Network>) {
    let mut rng = Rng::new(3);
    for fen in FENS {
        let mut board = Board::from_fen(fen).unwrap();
        let mut state = EvalState::with_network(&board, Some(net.clone()));
        assert!(state.network().is_some());
        for _ in 0..80 {
            assert_eq!(
                state.evaluate(&board),
                net.evaluate(&board),
                "{}",
                board.fen()
            );
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            let dirty = board.make_move(m);
            state.push(&dirty, &board);
        }
    }
}

#[test]
fn a_position_and_its_colour_flip_evaluate_the_same_along_a_line() {
    for (mirroring, king_buckets) in SHAPES {
        along_random_lines_the_flip_evaluates_the_same(Arc::new(Network::random_with(
            32,
            4,
            mirroring,
            king_buckets,
            8,
        )));
    }
}

fn along_random_lines_the_flip_evaluates_the_same(net: Arc<Network>) {
    let mut rng = Rng::new(17);
    for fen in FENS {
        // Positions reached by the stack (incrementally), each against its flip counted from
        // a fresh state.
        let mut board = Board::from_fen(fen).unwrap();
        let mut state = EvalState::with_network(&board, Some(net.clone()));
        for _ in 0..30 {
            let flipped = Board::from_fen(&mirror(&board.fen())).unwrap();
            let mut fresh = EvalState::with_network(&flipped, Some(net.clone()));
            assert_eq!(
                state.evaluate(&board),
                fresh.evaluate(&flipped),
                "{}",
                board.fen()
            );
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let dirty = board.make_move(moves.as_slice()[rng.below(moves.len())]);
            state.push(&dirty, &board);
        }
    }
}

/// The last `eval` line: the evaluation the search uses.
fn eval_line(e: &mut Engine) -> String {
    e.send("eval");
    e.sync().last().cloned().expect("an eval line")
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect()
}

#[test]
fn every_eval_file_error_is_named_and_keeps_the_net_in_use() {
    let dir = scratch("errors");
    let net = Network::random(32, 1, 5);
    let good = write_net(&dir, "good.nnue", &net);
    let bytes = net.to_bytes();
    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() - 10]).unwrap();
    let foreign = dir.join("foreign.nnue");
    std::fs::write(
        &foreign,
        b"#!/bin/sh\necho this is no net, but long enough for a header\n",
    )
    .unwrap();
    let mut damaged = bytes.clone();
    let last = damaged.len() - 3;
    damaged[last] ^= 0x40;
    let damaged_path = dir.join("damaged.nnue");
    std::fs::write(&damaged_path, &damaged).unwrap();
    let missing = dir.join("no-such-file.nnue");

    let mut e = Engine::start();
    if cutoff::eval::nnue::embedded().is_none() {
        // No net yet: UseNNUE is refused and the hand-written evaluation stays.
        e.send("setoption name UseNNUE value true");
        let out = e.sync();
        assert_eq!(errors(&out).len(), 1, "{out:?}");
        assert!(out[0].contains("UseNNUE"), "{out:?}");
        assert!(eval_line(&mut e).contains("phase"), "classical");
    }

    e.send(&format!("setoption name EvalFile value {good}"));
    let out = e.sync();
    assert_eq!(
        out,
        vec![format!(
            "info string EvalFile {good}: loaded net {}",
            net.describe()
        )]
    );
    e.send("setoption name UseNNUE value true");
    assert!(e.sync().is_empty());
    let in_use = eval_line(&mut e);
    assert!(in_use.contains(&net.id()), "{in_use}");

    let cases: [(&std::path::Path, &str); 5] = [
        (&missing, "No such file"),
        (&dir, "directory"),
        (&truncated, "truncated"),
        (&foreign, "not a Cutoff net"),
        (&damaged_path, "damaged"),
    ];
    for (path, reason) in cases {
        let path = path.to_str().unwrap();
        e.send(&format!("setoption name EvalFile value {path}"));
        let out = e.sync();
        assert_eq!(errors(&out).len(), 1, "{path}: {out:?}");
        let prefix = format!("info string error: EvalFile {path}: ");
        assert!(out[0].starts_with(&prefix), "{out:?}");
        assert!(
            out[0].to_lowercase().contains(&reason.to_lowercase()),
            "{reason}: {out:?}"
        );
        assert_eq!(eval_line(&mut e), in_use, "after {path}");
    }
    // The net in use still searches.
    e.send("position startpos moves e2e4");
    e.send("go depth 5");
    let (_, best) = e.bestmove(TIMEOUT);
    assert!(best.starts_with("bestmove "), "{best}");
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The move of a `bestmove` line, checked legal in the position of `position_args`.
fn assert_legal(line: &str, position_args: &str) {
    let tokens: Vec<&str> = position_args.split_whitespace().collect();
    let pos = parse_position(&tokens, false).unwrap();
    let mv = line.split_whitespace().nth(1).expect("a move");
    pos.board()
        .parse_uci_move(mv, false)
        .unwrap_or_else(|e| panic!("{line} in {position_args}: {e}"));
}

#[test]
fn the_search_with_a_net_plays_legal_moves_on_one_thread_and_several() {
    let dir = scratch("search");
    let plain = Network::random(128, 8, 77);
    let bucketed = Network::random_with(64, 8, Mirroring::Horizontal, KingBuckets::Four, 77);
    let mut e = Engine::start();
    // A plain net on one thread and several, then a king-bucketed one.
    for (net, threads) in [(&plain, 1), (&plain, 2), (&bucketed, 2)] {
        let path = write_net(&dir, &format!("{}.nnue", net.id()), net);
        e.send(&format!("setoption name EvalFile value {path}"));
        e.send("setoption name UseNNUE value true");
        let out = e.sync();
        assert!(errors(&out).is_empty(), "{out:?}");
        assert!(out.iter().any(|l| l.contains(&net.describe())), "{out:?}");
        e.send(&format!("setoption name Threads value {threads}"));
        e.send("ucinewgame");
        let mut moves: Vec<String> = Vec::new();
        // A short game against itself from a position with castling and promotions near.
        for _ in 0..12 {
            let args = format!(
                "fen r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/P1PBBPPP/R3K2R w KQkq - 0 1 moves {}",
                moves.join(" ")
            );
            e.send(&format!("position {args}"));
            e.send("go nodes 3000");
            let (_, best) = e.bestmove(TIMEOUT);
            if best.starts_with("bestmove 0000") {
                break;
            }
            assert_legal(&best, &args);
            moves.push(best.split_whitespace().nth(1).unwrap().to_string());
        }
        assert!(moves.len() >= 4, "{moves:?}");
    }
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_runs_a_net_file_and_names_the_evaluation() {
    let dir = scratch("bench");
    let net = Network::random(32, 1, 9);
    let path = write_net(&dir, "net.nnue", &net);
    let bench = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .arg("bench")
            .args(args)
            .output()
            .expect("run cutoff bench")
    };
    let out = bench(&["3", "--eval-file", &path]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("Evaluation      : network {}", net.describe())),
        "{text}"
    );
    assert!(text.trim_end().ends_with(" nps"), "{text}");
    let out = bench(&["3"]);
    let default = match cutoff::eval::nnue::default_network() {
        Some(net) => format!("network {}", net.describe()),
        None => "classical".to_string(),
    };
    let default_text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(default_text.contains(&format!("Evaluation      : {default}")));
    // `--classical` benches the hand-written evaluation: another tree than the net's.
    let out = bench(&["3", "--classical"]);
    assert!(out.status.success());
    let classical_text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        classical_text.contains("Evaluation      : classical"),
        "{classical_text}"
    );
    let nodes = |text: &str| -> u64 {
        let last = text.trim_end().lines().last().unwrap_or_default();
        last.split_whitespace().next().unwrap().parse().unwrap()
    };
    if cutoff::eval::nnue::default_network().is_some() {
        assert_ne!(nodes(&classical_text), nodes(&default_text));
    }
    // One evaluation at a time.
    let out = bench(&["3", "--classical", "--eval-file", &path]);
    assert_eq!(out.status.code(), Some(2));
    let missing = dir.join("missing.nnue");
    let out = bench(&["3", "--eval-file", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--eval-file"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_search_options_net_reaches_every_thread() {
    use cutoff::position::Position;
    use cutoff::search::{search_fresh, Limits, SearchOptions};
    let pos = Position::from_fen(FENS[1]).unwrap();
    let limits = Limits::depth(6);
    let classical = SearchOptions {
        report: false,
        network: None,
        ..SearchOptions::default()
    };
    let with_net = SearchOptions {
        network: Some(Arc::new(Network::random(64, 1, 4))),
        ..classical.clone()
    };
    let a = search_fresh(&pos, &limits, &classical);
    let b = search_fresh(&pos, &limits, &with_net);
    // One thread is deterministic: the same net gives the same search, another evaluation
    // another one.
    assert_eq!(search_fresh(&pos, &limits, &with_net).nodes, b.nodes);
    assert_ne!(a.nodes, b.nodes);
    assert!(legal_moves(pos.board()).contains(b.best));
    let two = SearchOptions {
        threads: 2,
        ..with_net
    };
    let r = search_fresh(&pos, &limits, &two);
    assert!(legal_moves(pos.board()).contains(r.best));
}

/// Every net the repository ships (`nets/`, the default and the ones the docs name for
/// `EvalFile`) reads, is named by its id, updates incrementally as it counts from scratch,
/// is colour-symmetric, and knows the basics: the start position is near level, a queen up
/// is winning for the side that has it.
#[test]
fn every_net_in_the_repository_reads_is_named_by_its_id_and_plays_sense() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/nets");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("nets/") {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("nnue") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let net = Network::from_bytes(&std::fs::read(&path).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(net.id(), name, "the file is named by its id");
        let start = Board::from_fen(FENS[0]).unwrap();
        assert!(net.evaluate(&start).abs() < 100, "{name}: start position");
        // White has an extra queen; the net scores for the side to move.
        for (side, white) in [("w", 1), ("b", -1)] {
            let fen = format!("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {side} KQkq - 0 1");
            let board = Board::from_fen(&fen).unwrap();
            assert!(white * net.evaluate(&board) > 500, "{name}: {fen}");
        }
        let net = Arc::new(net);
        along_random_lines_the_state_is_the_net(net.clone());
        along_random_lines_the_flip_evaluates_the_same(net);
        count += 1;
    }
    assert!(count >= 4, "{count} nets in nets/");
}
