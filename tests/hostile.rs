//! Thousands of random and malformed input lines (seeded, so a failure repeats): random
//! bytes with invalid UTF-8 and NUL, commands cut off anywhere, huge and negative numbers,
//! moves for the wrong side, a thousand-move game, searches started and stopped at once,
//! `isready` in between. The engine must keep answering, never exit, never panic, and still
//! play a legal move at the end.
//!
//! Longer or other floods: `HOSTILE_SEED=7 HOSTILE_LINES=100000 cargo test --release --test
//! hostile`.

mod support;

use cutoff::board::{legal_moves, Board, STARTPOS};
use cutoff::uci::parse::{parse_go, parse_position};
use std::time::{Duration, Instant};
use support::engine::{Engine, TIMEOUT};
use support::Rng;

/// A random legal game of `plies` moves from the start (never one that ends the game early:
/// a move that leaves no legal reply is avoided).
fn long_game(rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut b = Board::from_fen(STARTPOS).unwrap();
    let mut out = Vec::new();
    while out.len() < plies {
        let moves = legal_moves(&b);
        let playable: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = b;
                next.make_move(m);
                !legal_moves(&next).is_empty()
            })
            .collect();
        let m = *rng.pick(&playable);
        out.push(m.uci(false).to_string());
        b.make_move(m);
    }
    out
}

/// Commands as they should be; cut-off versions of these are sent too.
const TEMPLATES: [&str; 24] = [
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 moves e2e4",
    "position fen 8/8/8/4k3/8/8/8/KQ6 w - - 65535 65535 moves b1b2 e5e4",
    "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5",
    "position startpos moves e7e5",
    "position startpos moves e2e4 e2e4",
    "position startpos moves e1g1",
    "setoption name Hash value 2",
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "setoption name Move Overhead value 10",
    "setoption name UCI_Chess960 value true",
    "setoption name UCI_Chess960 value false",
    "setoption name OrderMvvLva value false",
    "setoption name OrderMvvLva value true",
    "setoption name Clear Hash",
    "setoption name SyzygyPath value /nonexistent",
    "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
    "go depth 2 nodes 500",
    "go perft 2",
    "go searchmoves e2e4 d2d4 depth 2",
    "ucinewgame",
    "d",
];

/// Numbers that parsers get wrong.
const NUMBERS: [&str; 14] = [
    "0",
    "-0",
    "-1",
    "-5",
    "1",
    "4294967296",
    "-4294967297",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "99999999999999999999",
    "1e9",
    "0x10",
    "",
];

fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(100);
    let mut v: Vec<u8> = (0..len)
        .map(|_| match rng.below(10) {
            0 => 0,                          // NUL
            1 => 0x80 + rng.below(64) as u8, // a stray continuation byte
            2 => 0xC0 + rng.below(64) as u8, // a lead byte, usually left incomplete
            3 => b' ',
            4 => b'\t',
            5 => b'\r',
            _ => 0x21 + rng.below(94) as u8, // printable ASCII
        })
        .collect();
    if rng.chance(30) {
        // A real command word in front, so the junk reaches the argument parsers.
        let word = *rng.pick(&["go", "position", "setoption", "position fen", "uci"]);
        let mut w = format!("{word} ").into_bytes();
        w.append(&mut v);
        v = w;
    }
    v
}

/// One hostile line, without the newline.
fn hostile_line(rng: &mut Rng, game: &[String]) -> Vec<u8> {
    let s = match rng.below(12) {
        0 | 1 => return random_bytes(rng),
        2 | 3 => {
            let t = *rng.pick(&TEMPLATES);
            let cut = rng.below(t.len() + 1);
            t[..cut].to_string()
        }
        4 => {
            let key = *rng.pick(&[
                "wtime",
                "btime",
                "winc",
                "binc",
                "movestogo",
                "movetime",
                "depth",
                "nodes",
                "mate",
                "perft",
            ]);
            let n = *rng.pick(&NUMBERS);
            // A perft depth above 4 would run for long: keep perft numbers invalid or small.
            let n = if key == "perft" && n == "1" { "3" } else { n };
            format!("go {key} {n}")
        }
        5 => {
            let name = *rng.pick(&[
                "Hash",
                "Threads",
                "MultiPV",
                "Move Overhead",
                "Ponder",
                "OrderKillers",
                "Nonsense Option",
                "",
            ]);
            let value = *rng.pick(&NUMBERS);
            match rng.below(4) {
                0 => format!("setoption name {name}"),
                1 => format!("setoption name {name} value"),
                2 => format!("setoption name {name} value {value} {value}"),
                // Hash 1 and Threads 1 are in range; the rest of NUMBERS are not (Hash 4294967296
                // and up is beyond 65536), so no huge table is ever asked for.
                _ => format!("setoption name {name} value {value}"),
            }
        }
        6 => {
            // Moves for the wrong side, illegal moves, half a game then garbage.
            let k = rng.below(game.len().min(40));
            let mut moves = game[..k].join(" ");
            match rng.below(3) {
                0 => moves.push_str(" e7e5"),
                1 => moves.push_str(" a1a8"),
                _ => moves.push_str(" e2e4q"),
            }
            format!("position startpos moves {moves}")
        }
        7 => format!("position startpos moves {}", game.join(" ")),
        8 => {
            let t = *rng.pick(&["-1", "-100000", "0", "-9223372036854775808"]);
            format!("go wtime {t} btime {t} winc {t} binc {t}")
        }
        9 => (*rng.pick(&[
            "isready",
            "stop",
            "ponderhit",
            "uci",
            "ucinewgame",
            "d",
            "eval",
            "go infinite",
            "go ponder",
            "go",
            "position",
            "setoption",
        ]))
        .to_string(),
        10 => {
            // Whitespace games around a valid command.
            let pad = *rng.pick(&["", " ", "\t", "  \t ", "\r"]);
            format!("{pad}position{pad} startpos{pad} moves{pad} e2e4{pad}")
        }
        _ => {
            // Long lines.
            let word = *rng.pick(&["e2e4 ", "moves ", "value ", "x"]);
            format!("position startpos moves {}", word.repeat(rng.below(3000)))
        }
    };
    s.into_bytes()
}

/// Whether the line is a `go` that starts a search (`go perft` does not, nor does a `go perft`
/// with a bad depth: that is an error, and nothing runs).
fn starts_search(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line);
    let words: Vec<&str> = text.split_whitespace().collect();
    let go = || parse_go(&words[1..]);
    words.first() == Some(&"go") && go().perft.is_none() && !go().bad_perft
}

/// The command word, as the engine reads it.
fn first_word(line: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(line);
    text.split_whitespace().next().map(str::to_string)
}

#[test]
fn hostile_input_never_kills_the_engine() {
    let started = Instant::now();
    // HOSTILE_SEED=n and HOSTILE_LINES=n run other or longer floods.
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let mut rng = Rng::new(env("HOSTILE_SEED", 0xbad_c0de));
    let lines = env("HOSTILE_LINES", 3000);
    let game = long_game(&mut rng, 1000);
    // The long game is valid: the engine's parser takes it.
    let tokens: Vec<&str> = std::iter::once("startpos")
        .chain(std::iter::once("moves"))
        .chain(game.iter().map(String::as_str))
        .collect();
    assert_eq!(parse_position(&tokens, false).unwrap().ply_count(), 1000);

    let mut e = Engine::start();
    let mut readies = 0;
    let mut searches = 0;
    for i in 0..lines {
        let mut line = hostile_line(&mut rng, &game);
        // A line ends at the newline we add; one inside would only split it in two.
        line.retain(|&b| b != b'\n');
        let search = starts_search(&line);
        searches += search as usize;
        if first_word(&line) == Some("isready".to_string()) {
            readies += 1;
        }
        line.push(b'\n');
        e.send_bytes(&line);
        if search {
            // Searches don't pile up: each one is stopped soon after it starts.
            if rng.chance(50) {
                std::thread::sleep(Duration::from_millis(1));
            }
            e.send("stop");
        }
        if rng.chance(3) {
            e.send("isready");
            readies += 1;
        }
        if i % 500 == 499 {
            // Still alive and answering, with every isready answered once.
            e.send("stop");
            e.send("isready");
            readies += 1;
            wait_for_readies(&mut e, readies);
            assert!(e.alive(), "engine exited after line {i}:\n{}", e.stderr());
        }
        // Drain what the engine printed so far.
        while e.recv(Duration::ZERO).is_some() {}
    }

    // Everything sent so far is handled: one readyok for each isready.
    e.send("stop");
    e.send("isready");
    readies += 1;
    wait_for_readies(&mut e, readies);
    // Every search ended with exactly one bestmove, well formed. (After `stop` the bestmove
    // may come after a later readyok: the search thread prints it.)
    let bestmoves = |e: &Engine| e.log.iter().filter(|l| l.starts_with("bestmove")).count();
    let deadline = Instant::now() + TIMEOUT;
    while bestmoves(&e) < searches && Instant::now() < deadline {
        e.recv(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(100));
    while e.recv(Duration::ZERO).is_some() {}
    assert_eq!(bestmoves(&e), searches, "{}", e.tail());
    assert!(searches > 300, "only {searches} searches");
    for l in e.log.iter().filter(|l| l.starts_with("bestmove")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert!(
            (w.len() == 2 || w.len() == 4) && (4..=5).contains(&w[1].len()),
            "malformed: {l:?}"
        );
    }

    // A normal game still works.
    e.send("setoption name UCI_Chess960 value false");
    e.send("setoption name MultiPV value 1");
    e.send("setoption name OrderMvvLva value true");
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let (_, best) = e.bestmove(TIMEOUT);
    let mv = best.split_whitespace().nth(1).unwrap().to_string();
    let pos = parse_position(&["startpos", "moves", "e2e4"], false).unwrap();
    assert!(
        pos.board().parse_uci_move(&mv, false).is_ok(),
        "illegal {best}"
    );
    assert!(e.alive());
    let stderr = e.stderr();
    assert!(!stderr.contains("panicked"), "{stderr}");
    e.quit();
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
}

fn count(lines: &[String], what: &str) -> usize {
    lines.iter().filter(|l| *l == what).count()
}

/// Reads until `n` readyok lines have come in all, and checks that no more have.
fn wait_for_readies(e: &mut Engine, n: usize) {
    let deadline = Instant::now() + TIMEOUT;
    while count(&e.log, "readyok") < n {
        assert!(
            Instant::now() < deadline,
            "{} readyok of {n}:\n{}\nstderr:\n{}",
            count(&e.log, "readyok"),
            e.tail(),
            e.stderr()
        );
        e.recv(Duration::from_millis(100));
    }
    assert_eq!(count(&e.log, "readyok"), n, "more readyok than isready");
}
