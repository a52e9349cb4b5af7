//! `cutoff datagen`: tiny runs through the library and the binary. Lines must be well formed
//! (`FEN | cp | result`), their FENs must parse, no kept position may be in check or be scored
//! as a mate, every line of a game carries that game's result, and a seed fixes the games.

use cutoff::board::Board;
use cutoff::search::MATE_BOUND;
use cutoff::tools::datagen::{self, DatagenConfig, GamePlayer, GameResult};
use std::collections::HashMap;

fn config(games: usize, seed: u64, threads: usize) -> DatagenConfig {
    DatagenConfig {
        games,
        nodes: 400,
        threads,
        seed,
        hash_mb: 1,
        ..DatagenConfig::default()
    }
}

fn run(config: &DatagenConfig, book: &[Board]) -> (String, datagen::Summary) {
    let mut out = Vec::new();
    let summary = datagen::run(config, book, None, &mut out).expect("a run");
    (String::from_utf8(out).expect("UTF-8"), summary)
}

/// Checks one line and returns its FEN and result.
fn check_line(line: &str) -> (String, String) {
    let parts: Vec<&str> = line.split(" | ").collect();
    assert_eq!(parts.len(), 3, "{line}");
    let board = Board::from_fen(parts[0]).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(
        board.fen(),
        parts[0],
        "the FEN is written as the board writes it"
    );
    assert!(!board.in_check(), "a position in check was kept: {line}");
    let cp: i32 = parts[1].parse().unwrap_or_else(|_| panic!("{line}"));
    assert!(cp.abs() < MATE_BOUND, "{line}");
    assert!(["1.0", "0.5", "0.0"].contains(&parts[2]), "{line}");
    (parts[0].to_string(), parts[2].to_string())
}

#[test]
fn a_tiny_run_writes_well_formed_lines_game_by_game() {
    let cfg = config(2, 7, 1);
    let (text, summary) = run(&cfg, &[]);
    assert_eq!(summary.games, 2);
    assert_eq!(summary.results.iter().sum::<usize>(), 2);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), summary.positions);
    assert!(summary.positions > 20, "{}", summary.text());
    for l in &lines {
        check_line(l);
    }
    // The file is the games one after the other, each line with its own game's result.
    let mut player = GamePlayer::new(&cfg, &[], None);
    let mut at = 0;
    for index in 0..2 {
        let game = player.play(index);
        for s in &game.samples {
            assert_eq!(lines[at], datagen::format_line(s, game.result));
            at += 1;
        }
        let results: Vec<String> = lines[at - game.samples.len()..at]
            .iter()
            .map(|l| check_line(l).1)
            .collect();
        assert!(results.iter().all(|r| r == game.result.label()));
    }
    assert_eq!(at, lines.len());
}

#[test]
fn a_seed_fixes_the_games_and_threads_only_their_order() {
    let (a, _) = run(&config(3, 11, 1), &[]);
    let (b, _) = run(&config(3, 11, 1), &[]);
    assert_eq!(a, b, "same seed, one thread: the same file");
    let (c, _) = run(&config(3, 12, 1), &[]);
    assert_ne!(a, c, "another seed: other openings");
    let (d, _) = run(&config(3, 11, 2), &[]);
    let count = |t: &str| {
        let mut m: HashMap<String, usize> = HashMap::new();
        for l in t.lines() {
            *m.entry(l.to_string()).or_default() += 1;
        }
        m
    };
    assert_eq!(count(&a), count(&d), "two threads: the same lines");
}

#[test]
fn book_openings_start_the_games() {
    let book: Vec<Board> = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2",
    ]
    .iter()
    .map(|f| Board::from_fen(f).unwrap())
    .collect();
    let cfg = DatagenConfig {
        random_plies: 0,
        ..config(2, 3, 1)
    };
    let mut player = GamePlayer::new(&cfg, &book, None);
    for index in 0..2 {
        let game = player.play(index);
        let first = &game.samples.first().expect("kept positions").fen;
        assert!(
            book.iter().any(|b| &b.fen() == first),
            "game {index} starts at {first}"
        );
        assert!(matches!(
            game.result,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        ));
    }
}

#[test]
fn the_command_writes_its_file_and_counts() {
    let dir = std::env::temp_dir().join(format!("cutoff-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.txt");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - bm Nf3;\n",
    )
    .unwrap();
    let run = |seed: &str| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .args(["datagen", "--games", "2", "--nodes", "300", "--hash", "1"])
            .args(["--random-plies", "2", "--seed", seed, "--book"])
            .arg(&book)
            .arg("--out")
            .arg(&out)
            .output()
            .expect("run cutoff datagen");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        (
            String::from_utf8_lossy(&o.stdout).to_string(),
            std::fs::read_to_string(&out).unwrap(),
        )
    };
    let (stdout, text) = run("5");
    let positions = text.lines().count();
    assert!(positions > 0);
    assert!(
        stdout.contains(&format!("games 2 positions {positions} ")),
        "{stdout}"
    );
    assert!(stdout.contains("positions/s"), "{stdout}");
    for l in text.lines() {
        check_line(l);
    }
    assert_eq!(run("5").1, text, "the same seed writes the same file");
    let missing = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "datagen",
            "--games",
            "1",
            "--book",
            "/no/such/book.epd",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!missing.status.success());
    std::fs::remove_dir_all(&dir).ok();
}

/// With Syzygy tables (`CUTOFF_SYZYGY`, as in tests/syzygy.rs), a game in them ends at once with
/// their verdict.
#[test]
fn tablebase_positions_end_the_game_with_their_verdict() {
    let Some(dir) = std::env::var("CUTOFF_SYZYGY")
        .ok()
        .filter(|d| !d.is_empty())
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CUTOFF_SYZYGY must name the Syzygy test tables under CI"
        );
        eprintln!("SKIPPED: CUTOFF_SYZYGY is not set");
        return;
    };
    let opened = cutoff::search::tablebase::Tablebase::open(&dir);
    let tb = std::sync::Arc::new(opened.tablebase.expect("tables in CUTOFF_SYZYGY"));
    let cfg = DatagenConfig {
        random_plies: 0,
        ..config(1, 1, 1)
    };
    for (fen, want) in [
        ("8/8/4k3/8/8/3RK3/8/8 w - - 0 1", GameResult::WhiteWins),
        ("8/8/4k3/8/8/3RK3/8/8 b - - 0 1", GameResult::WhiteWins),
        ("8/8/8/4k3/4p3/8/8/4K3 w - - 0 1", GameResult::Draw),
        ("8/8/8/8/8/4k3/4p3/4K3 b - - 0 1", GameResult::BlackWins),
    ] {
        let book = [Board::from_fen(fen).unwrap()];
        let game = GamePlayer::new(&cfg, &book, Some(tb.clone())).play(0);
        assert_eq!(game.result, want, "{fen}");
        assert_eq!(game.ending, datagen::Ending::Tablebase, "{fen}");
        assert_eq!(game.plies, 0, "{fen}");
        assert!(game.samples.is_empty());
    }
}
