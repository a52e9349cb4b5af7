//! Syzygy tablebases: probes of known endgames, searches that use them, and the SyzygyPath
//! option over UCI. The tables come from `CUTOFF_SYZYGY` (a directory of 3- and 4-piece
//! tables; `.ci/run` fetches them), so every test here is ignored in a plain run, which
//! lists them as such; `CUTOFF_SYZYGY=DIR cargo test --release --test syzygy -- --ignored`
//! runs them, and fails without the tables. `.ci/run` checks that they all ran.

use cutoff::board::{legal_moves, Move};
use cutoff::position::Position;
use cutoff::search::tablebase::{Tablebase, TB_BOUND, TB_WIN};
use cutoff::search::{Control, Limits, SearchOptions, SearchResult, Searcher, MATE_BOUND};
use shakmaty_syzygy::Wdl;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The tables of `CUTOFF_SYZYGY`, loaded once.
fn tables() -> Arc<Tablebase> {
    static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let opened = Tablebase::open(&tables_dir());
            assert!(opened.errors.is_empty(), "{:?}", opened.errors);
            let tb = opened.tablebase.expect("CUTOFF_SYZYGY holds tables");
            assert_eq!(tb.max_pieces(), 4, "the 3- and 4-piece set is expected");
            Arc::new(tb)
        })
        .clone()
}

/// The directory of the tables: a test that needs them and was asked for fails without.
fn tables_dir() -> String {
    match std::env::var("CUTOFF_SYZYGY") {
        Ok(d) if !d.is_empty() => d,
        _ => panic!(
            "CUTOFF_SYZYGY is not set: point it at a directory of 3-4-piece Syzygy tables \
             (.ci/run fetches them) to run the tablebase tests"
        ),
    }
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN parses")
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn wdl_of_known_endgames() {
    let tb = tables();
    let cases = [
        // KQvK: a win for the queen's side, whoever moves.
        ("8/8/8/4k3/8/8/3QK3/8 w - - 0 1", Wdl::Win),
        ("8/8/8/4k3/8/8/3QK3/8 b - - 0 1", Wdl::Loss),
        // ... unless the lone king takes the queen.
        ("8/8/8/8/8/2Q5/3k4/7K b - - 0 1", Wdl::Draw),
        // KRvK.
        ("8/8/8/8/8/2k5/8/KR6 w - - 0 1", Wdl::Win),
        ("8/8/8/8/8/2k5/8/KR6 b - - 0 1", Wdl::Loss),
        // KvK: no table, but the answer is known.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Wdl::Draw),
        // KPvK: the king on the sixth in front of its pawn wins, whoever moves...
        ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", Wdl::Win),
        ("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", Wdl::Loss),
        // ... a rook pawn with the defending king in the corner does not.
        ("k7/8/8/8/8/8/P7/K7 w - - 0 1", Wdl::Draw),
        // KRvKR: a draw, unless a rook hangs.
        ("r7/8/4k3/8/8/8/3RK3/8 w - - 0 1", Wdl::Draw),
        ("8/8/4k3/8/8/8/3RKr2/8 w - - 0 1", Wdl::Win),
    ];
    for (fen, want) in cases {
        let p = pos(fen);
        assert_eq!(tb.probe_wdl_after_zeroing(p.board()), Some(want), "{fen}");
        assert_eq!(tb.probe_wdl(p.board()), Some(want), "{fen}");
    }
    // Five pieces without a capture: no table here.
    let five = pos("7r/8/4k3/8/8/8/P2RK3/8 w - - 0 1");
    assert_eq!(tb.probe_wdl_after_zeroing(five.board()), None);
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn dtz_and_the_fifty_move_counter() {
    let tb = tables();
    // Distances to zeroing, as the tables give them (python-chess agrees).
    assert_eq!(
        tb.probe_dtz(pos("8/8/8/4k3/8/8/3QK3/8 w - - 0 1").board()),
        Some(13)
    );
    assert_eq!(
        tb.probe_dtz(pos("8/8/8/4k3/8/8/3QK3/8 b - - 0 1").board()),
        Some(-14)
    );
    assert_eq!(
        tb.probe_dtz(pos("8/8/8/8/8/2k5/8/KR6 w - - 0 1").board()),
        Some(27)
    );
    assert_eq!(
        tb.probe_dtz(pos("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").board()),
        Some(3)
    );
    assert_eq!(
        tb.probe_dtz(pos("r7/8/4k3/8/8/8/3RK3/8 w - - 0 1").board()),
        Some(0)
    );
    // Taking the rook zeroes at once.
    assert_eq!(
        tb.probe_dtz(pos("8/8/4k3/8/8/8/3RKr2/8 w - - 0 1").board()),
        Some(1)
    );
    // KRvK with 27 plies to mate: a win with the counter at 70, a draw (a cursed win) at 80.
    let k_r = |clock: u32| pos(&format!("8/8/8/8/8/2k5/8/KR6 w - - {clock} 1"));
    assert_eq!(tb.probe_wdl(k_r(70).board()), Some(Wdl::Win));
    assert_eq!(tb.probe_wdl(k_r(80).board()), Some(Wdl::CursedWin));
    // The search's probe assumes a zeroed counter; the root ranking counts it.
    assert_eq!(tb.probe_wdl_after_zeroing(k_r(80).board()), Some(Wdl::Win));
}

fn search(p: &Position, depth: i32, tb: Option<Arc<Tablebase>>) -> SearchResult {
    let mut searcher = Searcher::new(16, 1);
    search_with(&mut searcher, p, depth, tb)
}

fn search_with(
    searcher: &mut Searcher,
    p: &Position,
    depth: i32,
    tb: Option<Arc<Tablebase>>,
) -> SearchResult {
    let opts = SearchOptions {
        report: false,
        tablebase: tb,
        ..SearchOptions::default()
    };
    let limits = Limits::depth(depth);
    let control = Control::new();
    control.reset(&limits);
    searcher.search(p, &limits, &opts, &control, &mut |_| {})
}

/// The outcome for the side to move after `m`, counting the 50-move counter.
fn wdl_after(tb: &Tablebase, p: &Position, m: Move) -> Option<Wdl> {
    let mut p = p.clone();
    p.make_move(m);
    if p.board().halfmove_clock() == 0 {
        tb.probe_wdl_after_zeroing(p.board())
    } else {
        tb.probe_wdl(p.board())
    }
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn a_won_root_keeps_the_win_and_counts_tbhits() {
    let tb = tables();
    for fen in [
        "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
        "8/8/8/8/8/2k5/8/KR6 w - - 0 1",
        // The counter at 70 leaves 29 plies: only the fastest rook moves still win.
        "8/8/8/8/8/2k5/8/KR6 w - - 70 1",
        "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
        "8/8/4k3/8/8/8/3RKr2/8 w - - 0 1",
    ] {
        let p = pos(fen);
        assert_eq!(tb.probe_wdl(p.board()), Some(Wdl::Win), "{fen}");
        let r = search(&p, 6, Some(tb.clone()));
        assert!(legal_moves(p.board()).contains(r.best), "{fen}");
        assert_eq!(
            wdl_after(&tb, &p, r.best),
            Some(Wdl::Loss),
            "{fen}: {} throws the win away",
            r.best.uci(false)
        );
        assert!(r.tbhits > 0, "{fen}: no tbhits");
        // A tablebase win (cp 20000 less a few plies) or a mate, never an evaluation.
        assert!(r.score >= TB_BOUND, "{fen}: score {}", r.score);
    }
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn root_ranking_keeps_only_moves_that_keep_the_result() {
    let tb = tables();
    for (fen, want) in [
        ("8/8/8/8/8/2k5/8/KR6 w - - 0 1", Wdl::Loss),
        ("8/8/8/8/8/2k5/8/KR6 w - - 70 1", Wdl::Loss),
        ("8/8/8/8/8/2k5/8/KR6 w - - 80 1", Wdl::BlessedLoss),
        ("8/8/8/8/8/2Q5/3k4/7K b - - 0 1", Wdl::Draw),
        ("r7/8/4k3/8/8/8/3RK3/8 w - - 0 1", Wdl::Draw),
    ] {
        let mut p = pos(fen);
        let root = tb.rank_root(&mut p).expect("the root is in the tables");
        let legal = legal_moves(p.board());
        assert_eq!(root.ranked.len(), legal.len(), "{fen}");
        assert_eq!(root.probes, legal.len() as u64, "{fen}");
        assert!(!root.allowed.is_empty());
        for &m in &root.allowed {
            assert_eq!(wdl_after(&tb, &p, m), Some(want), "{fen}: {}", m.uci(false));
        }
        // The best-ranked move comes first and converts fastest.
        let first = root.ranked[0];
        assert_eq!(root.allowed[0], first.mv);
        assert!(root.ranked.iter().all(|r| r.rank <= first.rank));
    }
    // Safe wins rank equal: at counter 0 many rook moves are allowed, at 70 only the fast
    // ones (27 plies to mate leave two to spare), so the ranking does real work there.
    let mut relaxed = pos("8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    let mut tight = pos("8/8/8/8/8/2k5/8/KR6 w - - 70 1");
    let relaxed = tb.rank_root(&mut relaxed).unwrap();
    let tight_root = tb.rank_root(&mut tight).unwrap();
    assert!(relaxed.allowed.len() > tight_root.allowed.len());
    assert_eq!(relaxed.ranked[0].dtz, 27);
    assert!(tight_root.ranked.iter().any(|r| {
        !tight_root.allows(r.mv) && wdl_after(&tb, &tight, r.mv) == Some(Wdl::BlessedLoss)
    }));
    // The root's verdict as a score.
    assert_eq!(relaxed.score, TB_WIN);
    assert_eq!(tight_root.score, TB_WIN);
    let mut cursed = pos("8/8/8/8/8/2k5/8/KR6 w - - 80 1");
    assert_eq!(tb.rank_root(&mut cursed).unwrap().score, 0);
    let mut lost = pos("8/8/8/4k3/8/8/3QK3/8 b - - 0 1");
    assert_eq!(tb.rank_root(&mut lost).unwrap().score, -TB_WIN);
    // Not in the tables: castling rights, or too many pieces.
    let mut castling = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(tb.rank_root(&mut castling).is_none());
    let mut five = pos("7r/8/4k3/8/8/8/P2RK3/8 w - - 0 1");
    assert!(tb.rank_root(&mut five).is_none());
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn a_cursed_win_at_the_root_scores_as_a_draw_and_keeps_it() {
    let tb = tables();
    let p = pos("8/8/8/8/8/2k5/8/KR6 w - - 80 1");
    let r = search(&p, 6, Some(tb.clone()));
    assert_eq!(r.score, 0);
    // The best the rook can do is a win the opponent may still save by the 50-move rule.
    assert_eq!(
        wdl_after(&tb, &p, r.best),
        Some(Wdl::BlessedLoss),
        "{}",
        r.best.uci(false)
    );
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn a_lost_or_drawn_root_holds_what_it_can() {
    let tb = tables();
    // Black must take the queen to draw.
    let p = pos("8/8/8/8/8/2Q5/3k4/7K b - - 0 1");
    let r = search(&p, 6, Some(tb.clone()));
    assert_eq!(r.best.uci(false).to_string(), "d2c3");
    assert_eq!(r.score, 0);
    // KRvKR: never a move that loses the rook.
    let p = pos("r7/8/4k3/8/8/8/3RK3/8 w - - 0 1");
    let r = search(&p, 6, Some(tb.clone()));
    assert_eq!(wdl_after(&tb, &p, r.best), Some(Wdl::Draw));
    assert_eq!(r.score, 0);
    // Lost: the score says so.
    let p = pos("8/8/8/4k3/8/8/3QK3/8 b - - 0 1");
    let r = search(&p, 6, Some(tb.clone()));
    assert!(r.score <= -TB_BOUND, "score {}", r.score);
    assert_eq!(wdl_after(&tb, &p, r.best), Some(Wdl::Win));
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn the_search_probes_after_a_capture_into_the_tables() {
    let tb = tables();
    // Five pieces: the root is not in the tables, but taking the rook leads into KRPvK.
    let p = pos("8/8/4k3/8/8/8/P2RKr2/8 w - - 0 1");
    let with = search(&p, 5, Some(tb));
    assert_eq!(with.best.uci(false).to_string(), "e2f2");
    assert_eq!(with.score, TB_WIN - 1, "a tablebase win one ply away");
    assert!(with.tbhits > 0);
    let without = search(&p, 5, None);
    assert_eq!(without.best.uci(false).to_string(), "e2f2");
    assert_eq!(without.tbhits, 0);
    assert!(without.score < TB_BOUND, "score {}", without.score);
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn mates_outrank_tablebase_wins() {
    let tb = tables();
    // Mate in one (Qg8# or Qa7#) is found and reported as a mate, not as a tablebase win.
    let p = pos("k7/8/1K6/8/8/8/8/6Q1 w - - 0 1");
    let r = search(&p, 4, Some(tb));
    let mut after = p.clone();
    after.make_move(r.best);
    assert!(after.board().in_check() && legal_moves(after.board()).is_empty());
    assert!(r.score >= MATE_BOUND, "score {}", r.score);
    assert_eq!(cutoff::uci::info::format_score(r.score, 78), "mate 1");
}

/// The engine plays both sides from a won position: the win must end in mate before the
/// 50-move rule, and no move of the winner may spoil it.
fn play_out(fen: &str, depth: i32, tb: &Arc<Tablebase>) -> usize {
    let mut p = pos(fen);
    let winner = p.board().side_to_move();
    let mut searcher = Searcher::new(16, 1);
    for ply in 0..300 {
        let moves = legal_moves(p.board());
        if moves.is_empty() {
            assert!(p.board().in_check(), "{fen}: stalemate after {ply} plies");
            assert_ne!(
                p.board().side_to_move(),
                winner,
                "{fen}: the winner got mated"
            );
            return ply;
        }
        assert!(
            p.board().halfmove_clock() < 100,
            "{fen}: the 50-move rule drew the game after {ply} plies"
        );
        assert!(!p.is_repetition(2), "{fen}: threefold repetition");
        let r = search_with(&mut searcher, &p, depth, Some(tb.clone()));
        if p.board().side_to_move() == winner {
            let after = wdl_after(tb, &p, r.best);
            assert_eq!(
                after,
                Some(Wdl::Loss),
                "{fen}: ply {ply}: {} in {}",
                r.best.uci(false),
                p.board().fen()
            );
        }
        p.make_move(r.best);
    }
    panic!("{fen}: no mate in 300 plies");
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn won_endgames_are_converted_before_the_fifty_move_rule() {
    let tb = tables();
    // KRvK (27 plies to mate with best play), KQvK, and KPvK through a promotion.
    let plies = play_out("8/8/8/8/8/2k5/8/KR6 w - - 0 1", 4, &tb);
    assert!(plies >= 27, "faster than the tables allow: {plies}");
    play_out("8/8/8/4k3/8/8/3QK3/8 w - - 0 1", 4, &tb);
    play_out("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", 4, &tb);
    // With the counter already at 60 there is no time to waste.
    play_out("8/8/8/8/8/2k5/8/KR6 w - - 60 1", 4, &tb);
}

/// A running engine, read line by line with a time limit.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, cmd: &str) {
        writeln!(self.stdin, "{cmd}").expect("the engine reads");
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(60)) {
                Ok(l) => {
                    let done = l.starts_with(last);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(e) => panic!("no '{last}' from the engine ({e:?}); got {got:?}"),
            }
        }
    }

    /// Sends `cmd`, then `isready`: the lines `cmd` printed.
    fn ask(&mut self, cmd: &str) -> Vec<String> {
        self.send(cmd);
        self.send("isready");
        let mut got = self.until("readyok");
        got.pop();
        got
    }

    fn go(&mut self, fen: &str, depth: i32) -> (Vec<String>, Move) {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go depth {depth}"));
        let lines = self.until("bestmove");
        let text = lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string();
        let m = pos(fen)
            .board()
            .parse_uci_move(&text, false)
            .expect("bestmove is legal");
        (lines, m)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn last_info(lines: &[String]) -> &str {
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth") && l.contains(" score "))
        .expect("an info line with a score")
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let mut it = line.split_whitespace();
    while let Some(w) = it.next() {
        if w == key {
            return it.next().unwrap();
        }
    }
    panic!("no '{key}' in {line}");
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn uci_syzygy_path_option() {
    let dir = tables_dir();
    let tb = tables();
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            name.ends_with(".rtbw") || name.ends_with(".rtbz")
        })
        .count();
    let kqk = "8/8/8/4k3/8/8/3QK3/8 w - - 0 1";

    let mut e = Engine::start();
    e.send("uci");
    let uci = e.until("uciok");
    assert!(uci.contains(&"option name SyzygyPath type string default <empty>".to_string()));

    // A directory that does not exist: an error, and the engine goes on without tables.
    let out = e.ask("setoption name SyzygyPath value /no/such/cutoff/tables");
    assert_eq!(
        out,
        vec![
            "info string error: SyzygyPath: directory '/no/such/cutoff/tables' does not exist; \
             tablebase probing is off"
        ]
    );
    let (lines, _) = e.go(kqk, 4);
    assert_eq!(field(last_info(&lines), "tbhits"), "0");

    // A directory without tables.
    let empty = std::env::temp_dir().join(format!("cutoff-uci-no-tables-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = e.ask(&format!(
        "setoption name SyzygyPath value {}",
        empty.display()
    ));
    std::fs::remove_dir_all(&empty).unwrap();
    assert_eq!(
        out,
        vec![format!(
            "info string error: SyzygyPath: no tablebase files in '{}'; tablebase probing is off",
            empty.display()
        )]
    );

    // The tables, after a missing directory in the list: both are reported.
    let out = e.ask(&format!(
        "setoption name SyzygyPath value /no/such/cutoff/tables:{dir}"
    ));
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(
        out[0],
        "info string error: SyzygyPath: directory '/no/such/cutoff/tables' does not exist"
    );
    assert!(
        out[1].starts_with(&format!(
            "info string found {files} tablebase files in {dir} ("
        )),
        "{out:?}"
    );

    // A won root: a tablebase score, tbhits, and a move that keeps the win.
    let (lines, m) = e.go(kqk, 5);
    let info = last_info(&lines);
    assert!(field(info, "tbhits").parse::<u64>().unwrap() > 0, "{info}");
    let score = info.split(" score ").nth(1).unwrap();
    assert!(
        score.starts_with("cp 20000") || score.starts_with("mate "),
        "{info}"
    );
    assert_eq!(wdl_after(&tb, &pos(kqk), m), Some(Wdl::Loss));

    // A bad path unloads the tables; the engine still plays.
    let out = e.ask("setoption name SyzygyPath value /no/such/cutoff/tables");
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("info string error: "), "{out:?}");
    let (lines, m) = e.go(kqk, 4);
    assert_eq!(field(last_info(&lines), "tbhits"), "0");
    assert!(legal_moves(pos(kqk).board()).contains(m));

    // Loaded again, then cleared with <empty>.
    let out = e.ask(&format!("setoption name SyzygyPath value {dir}"));
    assert!(out[0].starts_with("info string found "), "{out:?}");
    let out = e.ask("setoption name SyzygyPath value <empty>");
    assert_eq!(
        out,
        vec!["info string SyzygyPath is empty: tablebase probing is off"]
    );
    let (lines, _) = e.go(kqk, 3);
    assert_eq!(field(last_info(&lines), "tbhits"), "0");

    e.send("quit");
    let status = e.child.wait().expect("the engine exits");
    assert!(status.success());
}

#[test]
#[ignore = "needs the Syzygy tables in CUTOFF_SYZYGY: cargo test --release --test syzygy -- --ignored"]
fn searchmoves_ranks_the_root_among_the_listed_moves() {
    let tb = tables();
    // KR v K, White wins, but Rb3+ hangs the rook (Kxb3: a draw).
    let p = pos("8/8/8/8/8/2k5/8/KR6 w - - 0 1");
    let mv = |t: &str| p.board().parse_uci_move(t, false).unwrap();
    let (hang, safe) = (mv("b1b3"), mv("b1b8"));
    let alone = tb.rank_root_among(&mut p.clone(), &[hang]).unwrap();
    assert_eq!((alone.allowed.as_slice(), alone.score), (&[hang][..], 0));
    assert_eq!(alone.ranked.len(), 1);
    let both = tb.rank_root_among(&mut p.clone(), &[hang, safe]).unwrap();
    assert_eq!((both.allowed.as_slice(), both.score), (&[safe][..], TB_WIN));
    // The search keeps to the listed move and shows the tables' verdict for it.
    let opts = SearchOptions {
        report: false,
        tablebase: Some(Arc::clone(&tb)),
        ..SearchOptions::default()
    };
    let limits = Limits {
        searchmoves: vec![hang],
        ..Limits::depth(6)
    };
    let control = Control::new();
    control.reset(&limits);
    let r = Searcher::new(16, 1).search(&p, &limits, &opts, &control, &mut |_| {});
    assert_eq!((r.best, r.score), (hang, 0));
}
