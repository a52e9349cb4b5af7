//! `cutoff datagen`: tiny runs through the library and the binary. Lines must be well formed
//! (`FEN | cp | result`), their FENs must parse, no kept position may be in check or be scored
//! as a mate, every line of a game carries that game's result, and a seed fixes the games.

use cutoff::board::Board;
use cutoff::position::Position;
use cutoff::search::MATE_BOUND;
use cutoff::search::{search_fresh, Limits, SearchOptions};
use cutoff::tools::data::{DataFormat, GameResult};
use cutoff::tools::datagen::{self, Adjudication, DatagenConfig, Ending, GamePlayer, Verification};
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
    let run = |seed: &str, threads: &str| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .args(["datagen", "--games", "2", "--nodes", "300", "--hash", "1"])
            .args(["--random-plies", "2", "--seed", seed, "--threads", threads])
            .arg("--book")
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
    let (stdout, text) = run("5", "1");
    std::fs::remove_file(&out).unwrap();
    let positions = text.lines().count();
    assert!(positions > 0);
    assert!(
        stdout.contains(&format!("games 2 positions {positions} ")),
        "{stdout}"
    );
    assert!(stdout.contains("positions/s"), "{stdout}");
    // Where the time went: the CPU line, the shares (which add up to about 100%), and the
    // moves' nodes against the soft limit.
    assert!(
        stdout.lines().any(|l| l.starts_with("cpu ")),
        "a cpu line: {stdout}"
    );
    let shares = stdout
        .lines()
        .find_map(|l| l.strip_prefix("where the time went: "))
        .expect("a line of where the time went");
    let total: f64 = shares
        .split(", ")
        .map(|part| {
            let pct = part.rsplit_once(' ').expect("a name and a share").1;
            pct.trim_end_matches('%').parse::<f64>().expect("a share")
        })
        .sum();
    assert!((99.0..=101.0).contains(&total), "{shares}");
    assert!(
        stdout.contains("nodes a move against the soft limit 300: mean "),
        "{stdout}"
    );
    // How the games ended, in words (not the code's names, such as `AdjudicatedDraw`).
    let endings = stdout
        .lines()
        .find_map(|l| l.strip_prefix("endings: "))
        .expect("an endings line");
    for part in endings.split(", ") {
        let (words, count) = part.rsplit_once(' ').expect("words and a count");
        assert!(count.parse::<usize>().is_ok(), "{stdout}");
        assert!(
            words.chars().all(|c| !c.is_ascii_uppercase()),
            "{words}: {stdout}"
        );
    }
    for l in text.lines() {
        check_line(l);
    }
    assert_eq!(run("5", "1").1, text, "the same seed writes the same file");
    std::fs::remove_file(&out).unwrap();
    // With two threads the same games are played; a game is written when it ends, so their
    // order in the file may differ.
    let sorted = |t: &str| {
        let mut lines: Vec<String> = t.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    let two_threads = run("5", "2").1;
    assert_eq!(
        sorted(&two_threads),
        sorted(&text),
        "two threads play the same games"
    );
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["datagen", "--games", "1", "--nodes", "300", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        !again.status.success(),
        "an existing file is not overwritten"
    );
    assert!(String::from_utf8_lossy(&again.stderr).contains("--append"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), two_threads);
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
/// their verdict. Ignored in a plain run, as the tests of tests/syzygy.rs are.
#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test datagen -- --ignored"]
fn tablebase_positions_end_the_game_with_their_verdict() {
    let dir = std::env::var("CUTOFF_SYZYGY")
        .ok()
        .filter(|d| !d.is_empty())
        .expect(
            "CUTOFF_SYZYGY names a directory of 3-4-piece Syzygy tables (.ci/run fetches them)",
        );
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

/// White a queen and a rook up in a middlegame (decided: over the verification's 1000 with
/// either evaluation; a queen alone is about 1000 with the generation-2 net), White with every
/// piece against Black's pawns, and a quiet equal position.
const QUEEN_AND_ROOK_UP: &str = "rnb1kbn1/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQq - 0 3";
const CRUSHING: &str = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";
const EQUAL: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

#[test]
fn a_won_position_is_adjudicated_once_both_sides_agree() {
    let book = [Board::from_fen(CRUSHING).unwrap()];
    let cfg = DatagenConfig {
        random_plies: 0,
        verification: Verification {
            nodes: 0,
            ..Verification::default()
        },
        ..config(1, 1, 1)
    };
    let adj = cfg.adjudication;
    let game = GamePlayer::new(&cfg, &book, None).play(0);
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_eq!(game.ending, Ending::AdjudicatedWin);
    // Each of the last `win_plies` scores (White's side) is decisive: both sides agreed.
    assert!(game.moves.len() >= adj.win_plies);
    for &(_, score) in &game.moves[game.moves.len() - adj.win_plies..] {
        assert!(i32::from(score) >= adj.win_score, "{score}");
    }
    assert_eq!(
        game.plies + 1,
        game.moves.len(),
        "the last move is recorded, not played"
    );

    // Turned off, the game goes on to its end by the rules (or the ply cap).
    let off = DatagenConfig {
        adjudication: Adjudication {
            win_plies: 0,
            max_plies: 60,
            ..adj
        },
        ..cfg.clone()
    };
    let game = GamePlayer::new(&off, &book, None).play(0);
    assert_ne!(game.ending, Ending::AdjudicatedWin);
}

#[test]
fn a_drawn_position_is_adjudicated_late_and_quiet() {
    // A fortress: the pawns are locked on the a, c, e and g files and every empty square of
    // the fourth and fifth ranks is guarded by a pawn, so neither king can cross and nothing
    // can be captured: the scores stay near 0 whatever the evaluation, and no net can trade
    // into a draw by the rules first (a rook each did, with generation 4). The kings can only
    // shuffle, so a threefold repetition comes at ply 8 at the earliest: adjudication from
    // ply 6 must come first.
    let book = [Board::from_fen("4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1").unwrap()];
    let adj = Adjudication {
        draw_score: 60,
        draw_plies: 4,
        draw_from_ply: 6,
        ..Adjudication::default()
    };
    let cfg = DatagenConfig {
        random_plies: 0,
        adjudication: adj,
        ..config(1, 1, 1)
    };
    let game = GamePlayer::new(&cfg, &book, None).play(0);
    assert_eq!(game.ending, Ending::AdjudicatedDraw, "{game:?}");
    assert_eq!(game.result, GameResult::Draw);
    // Not before its ply, and at the first ply it may.
    assert_eq!(game.plies, 6, "{game:?}");

    // Turned off, the same game goes on until the rules end it.
    let off = DatagenConfig {
        adjudication: Adjudication {
            draw_plies: 0,
            ..adj
        },
        ..cfg.clone()
    };
    let game = GamePlayer::new(&off, &book, None).play(0);
    assert_ne!(game.ending, Ending::AdjudicatedDraw, "{game:?}");
    assert!(game.plies >= 8, "{game:?}");
}

#[test]
fn the_verification_search_drops_decided_openings() {
    let book: Vec<Board> = [QUEEN_AND_ROOK_UP, EQUAL]
        .iter()
        .map(|f| Board::from_fen(f).unwrap())
        .collect();
    let cfg = DatagenConfig {
        random_plies: 0,
        ..config(1, 1, 1)
    };
    let mut player = GamePlayer::new(&cfg, &book, None);
    let mut dropped = 0;
    for index in 0..6 {
        let game = player.play(index);
        assert_eq!(game.start.fen(), EQUAL, "game {index}");
        dropped += game.openings_dropped;
    }
    assert!(
        dropped > 0,
        "the book's first position was drawn and dropped"
    );
    // Unchecked, the decided opening is played.
    let unchecked = DatagenConfig {
        verification: Verification {
            nodes: 0,
            ..Verification::default()
        },
        ..cfg.clone()
    };
    let mut player = GamePlayer::new(&unchecked, &book, None);
    assert!((0..6).any(|i| player.play(i).start.fen() == QUEEN_AND_ROOK_UP));
}

#[test]
fn a_move_never_searches_past_the_hard_cap() {
    // (A search always finishes depth 1, as `go nodes` does: the cap is above that.)
    let cfg = DatagenConfig {
        nodes: 1000,
        hard_nodes: Some(1500),
        ..config(1, 4, 1)
    };
    let game = GamePlayer::new(&cfg, &[], None).play(0);
    assert!(game.max_move_nodes <= 1500, "{}", game.max_move_nodes);
    // The soft limit lets an iteration finish: moves take more than it on average.
    let soft = DatagenConfig {
        hard_nodes: None,
        ..cfg.clone()
    };
    let game = GamePlayer::new(&soft, &[], None).play(0);
    assert!(game.nodes > 1000 * game.moves.len() as u64);

    for fen in [EQUAL, QUEEN_AND_ROOK_UP, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"] {
        let pos = Position::new(Board::from_fen(fen).unwrap());
        let opts = SearchOptions {
            threads: 1,
            report: false,
            ..SearchOptions::default()
        };
        let capped = search_fresh(&pos, &Limits::soft_nodes(2000, 2500), &opts);
        assert!(capped.nodes <= 2500, "{fen}: {}", capped.nodes);
        let finished = search_fresh(&pos, &Limits::soft_nodes(2000, 1_000_000), &opts);
        assert!(finished.nodes >= 2000, "{fen}: {}", finished.nodes);
        let last = finished.iterations.last().expect("iterations");
        assert_eq!(
            last.depth, finished.depth,
            "it ends at a finished iteration"
        );
    }
}

#[test]
fn appending_keeps_earlier_games_and_plays_new_ones() {
    let dir = std::env::temp_dir().join(format!("cutoff-datagen-append-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("games.bin");
    let sidecar = dir.join("games.bin.json");
    let run = |games: &str, append: bool| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"));
        cmd.args(["datagen", "--games", games, "--nodes", "200", "--hash", "1"])
            .args([
                "--threads",
                "1",
                "--seed",
                "3",
                "--format",
                "binary",
                "--out",
            ])
            .arg(&out);
        if append {
            cmd.arg("--append");
        }
        let o = cmd.output().expect("run cutoff datagen");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    let stats = || cutoff::tools::data::stats(out.to_str().unwrap(), None).unwrap();
    run("2", false);
    let first = std::fs::read(&out).unwrap();
    let before = stats();
    assert_eq!(before.games, 2);
    run("3", true);
    let after = stats();
    assert_eq!(after.games, 5, "the file is readable and the games add up");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(
        &bytes[..first.len()],
        &first[..],
        "earlier games kept as they were"
    );
    assert!(
        after.duplicates < after.positions / 2,
        "new games, not the same again"
    );

    // The sidecar: a JSON array, one run a line, the second after the first's games.
    let meta = std::fs::read_to_string(&sidecar).unwrap();
    let runs: Vec<&str> = meta.lines().filter(|l| l.starts_with('{')).collect();
    assert_eq!(runs.len(), 2, "{meta}");
    assert!(meta.starts_with("[\n") && meta.ends_with("\n]\n"), "{meta}");
    assert!(runs[0].contains("\"first_game\": 0,") && runs[0].contains("\"games\": 2,"));
    assert!(runs[1].contains("\"first_game\": 2,") && runs[1].contains("\"games\": 3,"));
    // The sidecar names the evaluation that played: the default net's id, or "classical".
    let net = cutoff::eval::nnue::default_network().map_or("classical".to_string(), |n| n.id());
    let net_key = format!("\"net\": \"{net}\"");
    for r in &runs {
        for key in [
            "\"commit\": ",
            net_key.as_str(),
            "\"seed\": 3",
            "\"finished\": true",
        ] {
            assert!(r.contains(key), "{key} in {r}");
        }
    }

    // A killed run's half-written game is cut off before the next run appends.
    let mut cut = bytes.clone();
    cut.extend_from_slice(&bytes[..40]);
    std::fs::write(&out, &cut).unwrap();
    run("1", true);
    assert_eq!(stats().games, 6);
    std::fs::remove_dir_all(&dir).ok();
}

/// SIGTERM (as `kill` sends it, and a background job's ignored SIGINT cannot be relied on):
/// the run finishes the games in play, writes them and its sidecar, and exits with 130. The
/// file holds exactly the games the summary counts, each whole.
#[cfg(unix)]
#[test]
fn a_signal_stops_the_run_with_its_games_written() {
    let dir = std::env::temp_dir().join(format!("cutoff-datagen-sig-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.txt");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "datagen", "--games", "100000", "--nodes", "300", "--hash", "1",
        ])
        .args(["--random-plies", "4", "--seed", "9", "--threads", "2"])
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start cutoff datagen");
    // Wait for some games on disk (a few seconds at most), then ask it to stop.
    let start = std::time::Instant::now();
    while std::fs::metadata(&out).map_or(0, |m| m.len()) < 2000 {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "no games written"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped by a signal after"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let positions = text.lines().count();
    assert!(
        stdout.contains(&format!(" positions {positions} ")),
        "{stdout} against {positions} lines"
    );
    for l in text.lines() {
        check_line(l);
    }
    let sidecar = std::fs::read_to_string(dir.join("out.txt.json")).unwrap();
    assert!(sidecar.contains("\"finished\": false"), "{sidecar}");
    assert!(
        sidecar.contains(&format!("\"positions\": {positions},")),
        "{sidecar}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A game that ends before its first move (here `--max-plies 0`) scored no position, and a
/// binary record without moves would read as a single position scored 0: neither format
/// writes anything for it.
#[test]
fn games_without_a_move_write_nothing() {
    for format in [DataFormat::Text, DataFormat::Binary] {
        let cfg = DatagenConfig {
            format,
            adjudication: Adjudication {
                max_plies: 0,
                ..Adjudication::default()
            },
            ..config(3, 1, 1)
        };
        let mut out = Vec::new();
        let summary = datagen::run(&cfg, &[], None, &mut out).expect("a run");
        assert_eq!(summary.games, 3);
        assert!(out.is_empty(), "{format:?}: {} bytes", out.len());
    }
}
