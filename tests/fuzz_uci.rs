//! Property tests of the UCI command handler in-process: `Engine::handle` never panics, on
//! arbitrary lines or on sequences of plausible-but-wrong commands, and no thread of the
//! engine panics either (a panic hook counts panics, since a search thread's panic would
//! otherwise be caught by the engine and go unseen). Every sequence ends with `quit`, which
//! must stop whatever search is running.
//!
//! The engine's lines go through the test harness, which shows them only for a failing test.
//! Case counts are small so the suite stays fast. To fuzz for longer:
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz_uci`.

use cutoff::uci::Engine;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

static PANICS: AtomicUsize = AtomicUsize::new(0);

/// One engine at a time: a panic counted during a case must come from that case.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// Counts every panic in the process, then reports it as usual.
fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            default(info);
        }));
    });
}

/// `cases` unless PROPTEST_CASES says otherwise.
fn config(cases: u32) -> Config {
    let mut c = Config::default();
    if std::env::var("PROPTEST_CASES").is_err() {
        c.cases = cases;
    }
    c
}

/// Runs the lines on a fresh engine, then quits; no panic anywhere.
fn run(lines: &[String]) {
    let _one_at_a_time = serial();
    count_panics();
    cutoff::uci::print_through_the_test_harness();
    let before = PANICS.load(Ordering::SeqCst);
    let mut e = Engine::new();
    for line in lines {
        if !e.handle(line) {
            // `quit` in the input: the engine must have stopped its search already.
            break;
        }
    }
    assert!(!e.handle("quit"), "quit must end the loop");
    assert_eq!(PANICS.load(Ordering::SeqCst), before, "a thread panicked");
}

/// Words the handler and its parsers look for, to get past the first branch.
const WORDS: [&str; 40] = [
    "uci",
    "isready",
    "ucinewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "setoption",
    "name",
    "value",
    "d",
    "eval",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "Hash",
    "Threads",
    "MultiPV",
    "Move",
    "Overhead",
    "Clear",
    "UCI_Chess960",
    "true",
    "false",
    "e2e4",
    "e1g1",
    "e7e8q",
    "0000",
];

/// Arguments that are wrong in interesting ways, and some that are right.
const ARGS: [&str; 24] = [
    "0",
    "1",
    "2",
    "-1",
    "-9223372036854775808",
    "99999999999999999999",
    "4294967296",
    "x",
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "w",
    "b",
    "KQkq",
    "-",
    "e3",
    "8/8/8/8/8/8/8/8",
    "r3k2r/8/8/8/8/8/8/R3K2R",
    "HAha",
    "a1a1",
    "e2e4",
    "e7e5",
    "g1f3",
    "e1h1",
    "<empty>",
];

/// A plausible command: a known first word, then a mix of known words and odd arguments.
/// `go perft` is kept shallow and Hash/Threads small by construction: the numbers used are
/// at most 2 where they would be in range.
fn command() -> impl Strategy<Value = String> {
    let first = proptest::sample::select(WORDS.to_vec());
    let token = prop_oneof![
        proptest::sample::select(WORDS.to_vec()),
        proptest::sample::select(ARGS.to_vec()),
    ];
    (first, proptest::collection::vec(token, 0..10)).prop_map(|(f, rest)| {
        let mut words = vec![f];
        words.extend(rest);
        words.join(" ")
    })
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn arbitrary_lines_never_panic(lines in proptest::collection::vec(any::<String>(), 1..8)) {
        run(&lines);
    }

    #[test]
    fn plausible_commands_never_panic(lines in proptest::collection::vec(command(), 1..12)) {
        run(&lines);
    }

    #[test]
    fn commands_around_a_running_search_never_panic(
        before in proptest::collection::vec(command(), 0..4),
        go in proptest::sample::select(vec![
            "go infinite", "go ponder", "go depth 3", "go movetime 5", "go nodes 1000",
            "go wtime 20 btime 20",
        ]),
        during in proptest::collection::vec(command(), 1..6),
    ) {
        let mut lines = before;
        lines.push(go.to_string());
        lines.extend(during);
        run(&lines);
    }
}

#[test]
fn a_search_thread_panic_would_be_seen() {
    // The hook counts panics from any thread, which is what makes the checks above cover the
    // search threads too.
    let _one_at_a_time = serial();
    count_panics();
    let before = PANICS.load(Ordering::SeqCst);
    let r = std::thread::spawn(|| panic!("deliberate")).join();
    assert!(r.is_err());
    assert!(PANICS.load(Ordering::SeqCst) > before);
}
