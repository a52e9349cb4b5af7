//! The ordering lab and the search statistics it reads: hand-counted tiny trees, suite sums,
//! broken lines, the classic position's node counts, and SAN best moves of the suites.

use cutoff::board::{legal_moves, Board, Move};
use cutoff::lab::ordering::{
    parse_configs, report, run_lab, LabLimit, LabOptions, LabReport, StopSignal, DEFAULT_CONFIGS,
};
use cutoff::position::Position;
use cutoff::search::heuristics::Heuristics;
use cutoff::search::ordering::{MovePicker, OrderingConfig, PickedFrom};
use cutoff::search::stats::SearchStats;
use cutoff::search::techniques::{all_but, Techniques};
use cutoff::search::{
    search_fresh, Control, Limits, SearchOptions, SearchResult, Searcher, StatsMode, MATE,
};
use cutoff::tools::epd::{parse_epd, read_epd_file};

mod support;

const CLASSIC: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn search(fen: &str, limits: Limits, heuristics: Heuristics, pure: bool) -> SearchResult {
    let pos = Position::from_fen(fen).unwrap();
    let mut opts = SearchOptions {
        pure,
        report: false,
        stats: StatsMode::Count,
        ..SearchOptions::default()
    };
    opts.set_heuristics(heuristics);
    search_fresh(&pos, &limits, &opts)
}

fn config(name: &str) -> Heuristics {
    Heuristics::parse(name).unwrap()
}

fn stages(pairs: &[(PickedFrom, u64)]) -> [u64; PickedFrom::COUNT] {
    let mut s = [0; PickedFrom::COUNT];
    for &(stage, n) in pairs {
        s[stage as usize] = n;
    }
    s
}

/// Back-rank mate: White Kg1, Re1, pawns f2 g2 h2; Black Kg8, Re8, pawns f7 g7 h7.
/// White has 20 legal moves: the rook 12 (e2-e7, Rxe8, d1-a1, f1), the king 2 (f1, h1) and
/// the pawns 6. Rxe8 is mate, the only capture, and no other move gives check.
///
/// Depth 1, with MVV-LVA on (the capture comes first whatever the quiet moves' order):
/// - root: 1 node, 1 probe (miss), 1 expanded (it reaches the move loop);
/// - Rxe8#, searched with the full window: Black is in check, so the check extension makes
///   the child a main-search node of depth 1: 1 node, 1 probe (miss), 1 expanded, no legal
///   move, so it returns -MATE+1 before storing anything. Alpha becomes MATE-1.
/// - the 19 other moves, each searched with the null window (-MATE, -MATE+1): the child is a
///   quiescence node (Black not in check) whose stand-pat score is above -MATE+1, so it
///   returns at once: 19 nodes, 19 quiescence nodes, 19 probes (all different positions).
///
/// Total: 21 nodes, 19 quiescence nodes, 21 probes, 0 hits, 2 expanded, no fail-high (the
/// root has beta = +inf and stand-pat cutoffs are not fail-highs), no hash move anywhere
/// (the table is fresh and the root has no previous iteration).
#[test]
fn mate_in_one_counts_match_hand_counts() {
    let fen = "4r1k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    assert_eq!(legal_moves(&Board::from_fen(fen).unwrap()).len(), 20);
    for name in ["mvvlva", "mvvlva+hash", "full"] {
        for pure in [false, true] {
            let r = search(fen, Limits::depth(1), config(name), pure);
            let what = format!("{name} pure={pure}");
            assert_eq!(r.best.uci(false).to_string(), "e1e8", "{what}");
            assert_eq!(r.score, MATE - 1, "{what}");
            assert_eq!(r.nodes, 21, "{what}");
            assert_eq!(r.iterations.len(), 1, "{what}");
            assert_eq!(r.iterations[0].nodes, 21, "{what}");
            assert_eq!(r.iterations[0].qnodes, 19, "{what}");
            let want = SearchStats {
                qnodes: 19,
                expanded: 2,
                tt_probes: 21,
                tt_hits: 0,
                ..SearchStats::default()
            };
            assert_eq!(r.stats, want, "{what}");
        }
    }
}

/// White: Kh1, Nd1 (pinned by the rook on b1), pawns g2 (blocked by g3) and h4; Black: Kc7,
/// Be6, Rb1, pawns a5 and g3. White has exactly two legal moves, Kg1 and h5, neither a
/// capture or a check; after either, Black has 30 legal moves, exactly one of them a capture,
/// Rxd1, which mates, and no other black move gives check. (Checked below with the move
/// generator, so the derivation rests on facts, not on the reader.) Every count below holds
/// whatever the order of the quiet moves and whatever the evaluation, since every score that
/// decides a cutoff is a mate score.
///
/// Depth 1 (iteration 1), any configuration, L = 2 root moves:
/// - root: 1 node, 1 probe, 1 expanded.
/// - first root move, full window: Black's quiescence node (1 node) stands pat, then tries
///   its one capture, Rxd1#: White's quiescence node (1 node) is in check with no move and
///   returns -MATE+2. Black's score MATE-2 raises alpha but beta is +inf: no fail-high.
///   Black stores its entry (best move Rxd1). The root's alpha is -MATE+2.
/// - second root move, window (MATE-3, MATE-2) for Black: 1 node, stand pat is below beta,
///   Rxd1# (1 more node) scores MATE-2 >= beta: a quiescence fail-high on the first move
///   searched, from the good-capture stage. The root sees -MATE+2, not above alpha, so no
///   re-search.
///
/// Iteration 1: 1 + 2L = 5 nodes, 4 quiescence nodes, 5 probes, 0 hits, 1 expanded.
///
/// Depth 2 (iteration 2), configurations with MVV-LVA (so Rxd1 comes first at Black's nodes):
/// - root: 1 node, a hit (its depth-1 entry); with the hash move on, the root's hash move
///   (last iteration's best) is available: 1.
/// - first root move, full window: Black's node is now a main-search node of depth 1:
///   1 node, a hit (its quiescence entry, too shallow to cut), 1 expanded; with the hash move
///   on, the entry's move Rxd1 is available (1) and tried first, otherwise it comes first as
///   the only capture. After it White is in check: the check extension makes White's node a
///   main-search node (1 node, 1 expanded, a miss: the mated node stored nothing), no move,
///   -MATE+2. Alpha = MATE-2 < beta = +inf, so Black's 29 other (quiet) moves follow, each to
///   a White quiescence node with window (-MATE+1, -MATE+2) that stands pat at once: 29
///   nodes, 29 quiescence nodes, 29 misses.
/// - second root move, window (MATE-3, MATE-2): Black's node (1 node, a hit, 1 expanded, hash
///   move available with the hash on) tries Rxd1 first: White mated (1 node, 1 expanded, a
///   miss), MATE-2 >= beta: a main-search fail-high on move 1, from the hash-move stage with
///   the hash on (a hash-move cutoff), else from the good-capture stage.
///
/// Iteration 2: root 1 + first line (1 + 1 + 29) + second line (1 + 1) = 34 nodes, 29
/// quiescence nodes, 34 probes, 1 + 2 = 3 hits (root and Black's two nodes), 1 + 2 + 2 = 5
/// expanded. Cumulative: 39 nodes, 33 quiescence nodes, 39 probes, 3 hits, 6 expanded; one
/// main-search fail-high (iteration 2) and one quiescence fail-high (iteration 1).
#[test]
fn two_legal_moves_counts_match_hand_counts() {
    let fen = "8/2k5/4b3/p7/7P/6p1/6P1/1r1N3K w - - 0 1";
    // The facts the derivation uses.
    let board = Board::from_fen(fen).unwrap();
    let root_moves = legal_moves(&board);
    assert_eq!(root_moves.len(), 2);
    for &m in root_moves.iter() {
        assert!(m.is_quiet());
        let mut b = board;
        b.make_move(m);
        assert!(!b.in_check());
        let replies = legal_moves(&b);
        assert_eq!(replies.len(), 30);
        let noisy: Vec<_> = replies.iter().filter(|r| r.is_noisy()).collect();
        assert_eq!(noisy.len(), 1);
        for &r in replies.iter() {
            let mut c = b;
            c.make_move(r);
            let mates = c.in_check() && legal_moves(&c).is_empty();
            assert_eq!(c.in_check(), r.is_noisy(), "only the capture checks");
            assert_eq!(mates, r.is_noisy(), "and it mates");
        }
    }

    // Depth 1: the same for every configuration of alpha-beta alone (pure). The selective
    // search finds the same mate.
    for name in [
        "none",
        "mvvlva",
        "mvvlva+hash",
        "hash+killers+history",
        "full",
    ] {
        let selective = search(fen, Limits::depth(1), config(name), false);
        assert_eq!(selective.score, -MATE + 2, "{name} selective");
        let what = format!("{name} pure");
        let r = search(fen, Limits::depth(1), config(name), true);
        assert_eq!(r.score, -MATE + 2, "{what}");
        assert_eq!(r.nodes, 5, "{what}");
        let mut want = SearchStats {
            qnodes: 4,
            expanded: 1,
            tt_probes: 5,
            ..SearchStats::default()
        };
        want.quiescence.fail_highs = 1;
        want.quiescence.first = 1;
        want.quiescence.first_four = 1;
        want.quiescence.index_sum = 1;
        want.quiescence.by_stage = stages(&[(PickedFrom::GoodCapture, 1)]);
        assert_eq!(r.stats, want, "{what}");
    }

    // Depth 2, configurations with MVV-LVA.
    for (name, hash) in [("mvvlva", false), ("mvvlva+hash", true), ("full", true)] {
        let what = name.to_string();
        let r = search(fen, Limits::depth(2), config(name), true);
        assert_eq!(r.score, -MATE + 2, "{what}");
        let per_depth: Vec<(i32, u64, u64)> = r
            .iterations
            .iter()
            .map(|i| (i.depth, i.nodes, i.qnodes))
            .collect();
        assert_eq!(per_depth, vec![(1, 5, 4), (2, 39, 33)], "{what}");
        assert_eq!(r.nodes, 39, "{what}");
        let mut want = SearchStats {
            qnodes: 33,
            expanded: 6,
            tt_probes: 39,
            tt_hits: 3,
            hash_move_available: if hash { 3 } else { 0 },
            hash_move_cutoffs: if hash { 1 } else { 0 },
            ..SearchStats::default()
        };
        want.quiescence.fail_highs = 1;
        want.quiescence.first = 1;
        want.quiescence.first_four = 1;
        want.quiescence.index_sum = 1;
        want.quiescence.by_stage = stages(&[(PickedFrom::GoodCapture, 1)]);
        want.main.fail_highs = 1;
        want.main.first = 1;
        want.main.first_four = 1;
        want.main.index_sum = 1;
        let stage = if hash {
            PickedFrom::HashMove
        } else {
            PickedFrom::GoodCapture
        };
        want.main.by_stage = stages(&[(stage, 1)]);
        assert_eq!(r.stats, want, "{what}");
    }
}

/// A suite from ../shared/data/suites, or its sample in tests/data (see tests/support).
fn suite(name: &str) -> String {
    support::data_file(&format!("suites/{name}"))
        .to_string_lossy()
        .into_owned()
}

fn first_positions(name: &str, n: usize) -> Vec<cutoff::tools::epd::EpdEntry> {
    let (mut entries, errors) = read_epd_file(&suite(name)).unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    entries.truncate(n);
    entries
}

fn lab(
    entries: &[cutoff::tools::epd::EpdEntry],
    configs: &str,
    limit: LabLimit,
    pure: bool,
) -> LabReport {
    let options = LabOptions {
        limit,
        configs: parse_configs(configs).unwrap(),
        pure,
        techniques: Techniques::ALL,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: None,
    };
    let stop = StopSignal::default();
    let run = run_lab(entries, &options, &stop, None);
    LabReport::new("test", options, entries.len(), Vec::new(), run)
}

#[test]
fn percentages_stay_within_bounds() {
    let entries = first_positions("bk.epd", 6);
    let configs = format!("none,{DEFAULT_CONFIGS}");
    let r = lab(&entries, &configs, LabLimit::Depth(3), false);
    // "none", then one rung a heuristic up to `full`.
    assert_eq!(r.summaries.len(), 1 + DEFAULT_CONFIGS.split(',').count());
    assert_eq!(r.summaries.len(), 14);
    for s in &r.summaries {
        for c in [&s.stats.main, &s.stats.quiescence] {
            assert!(c.fail_highs > 0, "{}", s.config.label);
            for p in [c.first_pct(), c.first_four_pct()] {
                assert!((0.0..=100.0).contains(&p), "{p}");
            }
            assert!(c.first <= c.first_four && c.first_four <= c.fail_highs);
            assert!(c.mean_index() >= 1.0);
            assert_eq!(c.by_stage.iter().sum::<u64>(), c.fail_highs);
            // The cutoffs after the first move, split by the two stages, are the rest.
            let late: u64 = c.late.iter().flatten().sum();
            assert_eq!(late, c.fail_highs - c.first, "{}", s.config.label);
            // The cutoff stage of each late cutoff is counted in `by_stage` too.
            for (cut, &n) in c.by_stage.iter().enumerate() {
                assert!(c.late.iter().map(|row| row[cut]).sum::<u64>() <= n);
            }
        }
        let st = &s.stats;
        assert!(st.hash_move_cutoffs <= st.hash_move_available);
        assert!(st.hash_move_available <= st.expanded);
        assert!(st.tt_hits <= st.tt_probes);
        assert!(s.qnodes <= s.nodes);
        assert!(s.mean_ebf > 1.0, "{}", s.mean_ebf);
    }
    // Every percentage cell of every table parses as 0..=100.
    for t in [
        report::effort_table(&r),
        report::main_cutoff_table(&r),
        report::quiescence_cutoff_table(&r),
        report::hash_table(&r),
    ] {
        for row in &t.rows {
            for (h, cell) in t.headers.iter().zip(row) {
                if h.contains('%') || h.starts_with("hash") && !h.contains("available") {
                    if let Ok(v) = cell.parse::<f64>() {
                        assert!((0.0..=100.0).contains(&v), "{h}: {v}");
                    }
                }
            }
        }
    }
    // The stage columns of the main table sum to about 100 % (rounding).
    for row in &report::main_cutoff_table(&r).rows {
        let sum: f64 = row[6..].iter().map(|c| c.parse::<f64>().unwrap()).sum();
        assert!((sum - 100.0).abs() < 0.5, "{row:?}");
    }
    // The late table's "all" column, summed over a configuration's rows, is 100 minus its
    // first-move share (rounding).
    let late = report::late_cutoff_table(&r);
    let main = report::main_cutoff_table(&r);
    for row in &main.rows {
        let first: f64 = row[3].parse().unwrap();
        let all: f64 = late
            .rows
            .iter()
            .filter(|l| l[0] == row[0])
            .map(|l| l.last().unwrap().parse::<f64>().unwrap())
            .sum();
        assert!(
            (first + all - 100.0).abs() < 0.5,
            "{}: {first} + {all}",
            row[0]
        );
    }
}

#[test]
fn suite_totals_equal_the_sum_over_positions() {
    let entries = first_positions("eret.epd", 4);
    let configs = "mvvlva,full";
    let r = lab(&entries, configs, LabLimit::Depth(3), false);
    assert_eq!(r.run.runs.len(), 4);
    for (c, cfg) in parse_configs(configs).unwrap().iter().enumerate() {
        let s = &r.summaries[c];
        let mut nodes = 0;
        let mut qnodes = 0;
        let mut stats = SearchStats::default();
        let mut depth_nodes = [0u64; 3];
        for (p, entry) in entries.iter().enumerate() {
            // The lab's run and a search of its own agree: both are deterministic.
            let own = search(&entry.fen, Limits::depth(3), cfg.heuristics, false);
            let run = &r.run.runs[p][c];
            assert_eq!(run.nodes, own.nodes);
            assert_eq!(run.stats, own.stats);
            nodes += own.nodes;
            qnodes += own.stats.qnodes;
            stats += own.stats;
            for it in &own.iterations {
                depth_nodes[it.depth as usize - 1] += it.nodes;
            }
        }
        assert_eq!(s.nodes, nodes);
        assert_eq!(s.qnodes, qnodes);
        assert_eq!(s.stats, stats);
        assert_eq!(
            s.depth_nodes,
            depth_nodes.iter().map(|&n| Some(n)).collect::<Vec<_>>()
        );
        assert_eq!(s.depth_nodes[2], Some(s.nodes), "depth 3 is the last");
        // EBF from the summed counts.
        let e = [
            depth_nodes[1] as f64 / depth_nodes[0] as f64,
            depth_nodes[2] as f64 / depth_nodes[1] as f64,
        ];
        assert!((s.ebf[0] - e[0]).abs() < 1e-9 && (s.ebf[1] - e[1]).abs() < 1e-9);
        assert!((s.mean_ebf - (e[0] * e[1]).sqrt()).abs() < 1e-9);
    }
    // Speed-up column: first / this.
    let t = report::effort_table(&r);
    let want = format!(
        "{:.2}x",
        r.summaries[0].nodes as f64 / r.summaries[1].nodes as f64
    );
    let col = t.headers.iter().position(|h| h == "speed-up").unwrap();
    assert_eq!(t.rows[1][col], want);
    let col = t.headers.iter().position(|h| h == "FH first %").unwrap();
    assert_eq!(
        t.rows[1][col],
        format!("{:.1}", r.summaries[1].stats.main.first_pct())
    );
}

/// The best move's rank: where the move the search chose stands in the root order the
/// picker gives with what that search learned (killers, histories), the hash move left out.
/// Recomputed here from a search of its own and a picker of its own; where only one move is
/// legal it must be 1.
#[test]
fn the_best_move_rank_is_its_place_in_the_learned_root_order() {
    // White: Kh1, pawn h3; Black: Ka8, Qf2 (it holds g1, g2 and h2). Only h4 is legal.
    let forced = "k7/8/8/8/8/7P/5q2/7K w - - 0 1";
    assert_eq!(legal_moves(&Board::from_fen(forced).unwrap()).len(), 1);
    let kiwipete =
        std::fs::read_to_string(support::crate_root().join("tests/data/kiwipete.epd")).unwrap();
    let (entries, errors) = parse_epd(&format!("{}\n{forced} id \"forced\";\n", kiwipete.trim()));
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(entries.len(), 2);
    let configs = "mvvlva,full";
    let depth = 5;
    let r = lab(&entries, configs, LabLimit::Depth(depth), false);
    let t = report::effort_table(&r);
    let col = |name: &str| t.headers.iter().position(|h| h == name).unwrap();
    let (rank_col, first_col) = (col("best move rank"), col("best first %"));
    for (c, cfg) in parse_configs(configs).unwrap().iter().enumerate() {
        let mut ranks = Vec::new();
        for (p, entry) in entries.iter().enumerate() {
            let pos = Position::new(entry.board);
            let mut opts = SearchOptions {
                report: false,
                stats: StatsMode::Count,
                ..SearchOptions::default()
            };
            opts.set_heuristics(cfg.heuristics);
            let limits = Limits::depth(depth);
            let control = Control::new();
            control.reset(&limits);
            let mut searcher = Searcher::default();
            let own = searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
            let run = &r.run.runs[p][c];
            assert_eq!((run.best, run.nodes), (own.best, own.nodes));
            let tables = searcher.main_tables();
            let mut picker =
                MovePicker::new(cfg.heuristics.ordering, Move::NULL, tables.killers.get(0));
            let mut order = Vec::new();
            while let Some((m, _)) = picker.next(pos.board(), tables) {
                order.push(m);
            }
            assert_eq!(order.len(), legal_moves(pos.board()).len());
            let want = order.iter().position(|&m| m == own.best).unwrap() + 1;
            assert_eq!(run.best_rank, Some(want), "{} {}", cfg.label, entry.name());
            ranks.push(want);
        }
        assert_eq!(ranks[1], 1, "{}: the one legal move is first", cfg.label);
        let s = &r.summaries[c];
        let firsts = ranks.iter().filter(|&&k| k == 1).count();
        assert_eq!(
            (s.ranked, s.rank_sum, s.rank_first),
            (2, (ranks[0] + ranks[1]) as u64, firsts)
        );
        let mean = (ranks[0] + ranks[1]) as f64 / 2.0;
        assert_eq!(s.mean_rank(), Some(mean));
        assert_eq!(t.rows[c][rank_col], format!("{mean:.2}"));
        assert_eq!(
            t.rows[c][first_col],
            format!("{:.1}", 100.0 * firsts as f64 / 2.0)
        );
    }
    assert!(report::markdown(&r, false).contains("*Best move rank*"));
}

#[test]
fn a_broken_line_is_reported_and_the_rest_runs() {
    let text = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";\n\
                this line is broken; id \"oops\";\n\
                3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id \"BK.02\";\n\
                3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm Qd5; id \"no queen\";\n";
    let (entries, errors) = parse_epd(text);
    assert_eq!(entries.len(), 2);
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0].line, 2);
    assert_eq!(errors[1].line, 4);
    let options = LabOptions {
        limit: LabLimit::Depth(2),
        configs: parse_configs("mvvlva,full").unwrap(),
        pure: false,
        techniques: Techniques::ALL,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: None,
    };
    let run = run_lab(&entries, &options, &StopSignal::default(), None);
    let r = LabReport::new("broken.epd", options, entries.len(), errors, run);
    assert_eq!(r.run.runs.len(), 2);
    assert!(r.summaries.iter().all(|s| s.positions == 2 && s.nodes > 0));
    assert!(r.summaries.iter().all(|s| s.bm_positions == 2));
    let text = report::text(&r);
    assert!(
        text.contains("2 lines could not be parsed and were skipped: line 2, 4"),
        "{text}"
    );
    assert!(report::markdown(&r, false).contains("2 lines could not be parsed"));
}

#[test]
fn a_stop_ends_the_run_with_what_was_finished() {
    let (entries, _) = parse_epd(&format!("{CLASSIC} id \"a\";\n{CLASSIC} id \"b\";\n"));
    // Stopped before it starts: nothing finished.
    let stop = StopSignal::default();
    stop.stop();
    let options = LabOptions {
        limit: LabLimit::Depth(2),
        configs: parse_configs("mvvlva,full").unwrap(),
        pure: true,
        techniques: Techniques::ALL,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: None,
    };
    let run = run_lab(&entries, &options, &stop, None);
    assert!(run.interrupted);
    assert!(run.runs.is_empty());

    // Stopped during a search that would take minutes (no ordering at all, pure: the
    // quiescence search explodes): the search itself stops, via the control.
    let stop = std::sync::Arc::new(StopSignal::default());
    let options = LabOptions {
        limit: LabLimit::Depth(3),
        configs: parse_configs("full,none").unwrap(),
        pure: true,
        techniques: Techniques::ALL,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: None,
    };
    let s = std::sync::Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(1500));
        s.stop();
    });
    let start = std::time::Instant::now();
    let run = run_lab(&entries, &options, &stop, None);
    stopper.join().unwrap();
    assert!(start.elapsed().as_secs() < 30, "the stop was not seen");
    assert!(run.interrupted);
    assert!(
        run.runs.is_empty(),
        "the first position was not finished under every configuration"
    );
    let r = LabReport::new("classic", options, 2, Vec::new(), run);
    assert!(report::text(&r).contains("INTERRUPTED: the tables cover the 0 of 2 positions"));
}

/// Turning heuristics on lowers the node count of the classic position (Kiwipete).
///
/// With no ordering at all the search explodes (pure, depth 1 alone takes about 10^8 nodes,
/// nearly all in quiescence), and a node limit only applies once depth 1 is done, so `none`
/// is compared with MVV-LVA at depth 1 with the engine as it plays. The other rungs are
/// compared at depth 3, pure alpha-beta, and through the lab at depth 4 as the engine plays.
#[test]
fn heuristics_lower_the_nodes_of_the_classic_position() {
    let none = search(CLASSIC, Limits::depth(1), Heuristics::NONE, false);
    let mvvlva1 = search(CLASSIC, Limits::depth(1), config("mvvlva"), false);
    assert_eq!(none.depth, 1);
    assert!(
        none.nodes > 100 * mvvlva1.nodes,
        "none {} mvvlva {}",
        none.nodes,
        mvvlva1.nodes
    );

    let depth = 3;
    let mvvlva = search(CLASSIC, Limits::depth(depth), config("mvvlva"), true);
    let hash = search(CLASSIC, Limits::depth(depth), config("mvvlva+hash"), true);
    let full = search(CLASSIC, Limits::depth(depth), Heuristics::FULL, true);
    assert_eq!(mvvlva.depth, depth);
    assert_eq!(full.depth, depth);
    assert!(
        mvvlva.nodes > hash.nodes && hash.nodes > full.nodes,
        "mvvlva {} hash {} full {}",
        mvvlva.nodes,
        hash.nodes,
        full.nodes
    );
    // The lab's own sums over a one-line suite, alpha-beta alone: nodes fall rung by rung
    // from mvvlva to the classic full ordering. Not to today's full: on this one position
    // the capture history (issue 12) takes more nodes in alpha-beta alone (30,752 against
    // 26,264 at depth 4), though fewer over the Arasan suite as the engine plays.
    let (entries, _) = parse_epd(&format!("{CLASSIC} id \"classic\";"));
    let r = lab(
        &entries,
        "mvvlva,+hash,mvvlva+hash+killers+history+see",
        LabLimit::Depth(4),
        true,
    );
    let n: Vec<u64> = r.summaries.iter().map(|s| s.nodes).collect();
    assert!(n[0] > n[1] && n[1] > n[2], "{n:?}");
    assert_eq!(
        r.summaries[0].nodes,
        search(CLASSIC, Limits::depth(4), config("mvvlva"), true).nodes
    );
    // The lab as the engine plays (selective) runs the same search as `go`.
    let r = lab(&entries, "full", LabLimit::Depth(6), false);
    assert_eq!(
        r.summaries[0].nodes,
        search(CLASSIC, Limits::depth(6), Heuristics::FULL, false).nodes
    );
}

/// `--without`: the lab as the engine plays with some techniques off runs the same search as
/// `go` with those techniques' options off, and its report says which.
#[test]
fn the_lab_without_a_technique_runs_the_search_with_that_option_off() {
    let (entries, _) = parse_epd(&format!("{CLASSIC} id \"classic\";"));
    let without = all_but("nmp,rfp").unwrap();
    let options = LabOptions {
        limit: LabLimit::Depth(6),
        configs: parse_configs("full").unwrap(),
        pure: false,
        techniques: without,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: None,
    };
    let run = run_lab(&entries, &options, &StopSignal::default(), None);
    let r = LabReport::new("classic.epd", options, 1, Vec::new(), run);
    let pos = Position::from_fen(CLASSIC).unwrap();
    let go = |techniques| {
        let opts = SearchOptions {
            ordering: OrderingConfig::FULL,
            techniques,
            report: false,
            stats: StatsMode::Count,
            ..SearchOptions::default()
        };
        search_fresh(&pos, &Limits::depth(6), &opts)
    };
    let off = go(without);
    assert_eq!(r.summaries[0].nodes, off.nodes);
    assert_eq!(r.summaries[0].stats, off.stats);
    assert_ne!(off.nodes, go(Techniques::ALL).nodes);
    let md = report::markdown(&r, false);
    assert!(
        md.contains("the engine as it plays without rfp, nmp"),
        "{md}"
    );
    assert!(
        md.contains("--depth 6 --without rfp,nmp --configs full"),
        "{md}"
    );
}

/// Every `bm` and `am` move of the three suites names exactly one legal move.
#[test]
fn all_suite_moves_resolve_to_one_legal_move() {
    let mut resolved = 0;
    for name in ["arasan2023.epd", "eret.epd", "bk.epd"] {
        let (entries, errors) = read_epd_file(&suite(name)).unwrap();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        assert!(!entries.is_empty());
        for e in &entries {
            assert!(
                !e.best_moves.is_empty() || !e.avoid_moves.is_empty(),
                "{name} {}",
                e.name()
            );
            let legal = legal_moves(&e.board);
            for op in e
                .ops
                .iter()
                .filter(|o| o.opcode == "bm" || o.opcode == "am")
            {
                for san in &op.operands {
                    let m = e.board.parse_san(san).unwrap();
                    assert!(legal.contains(m));
                    resolved += 1;
                }
            }
        }
    }
    // 200 + 111 + 24 positions in the shared suites (fewer in the samples), one or more
    // moves each.
    assert!(resolved >= 60, "{resolved}");

    // A few by hand: (suite, id, SAN, UCI).
    let cases = [
        ("bk.epd", "BK.01", "Qd1+", "d6d1"),
        ("bk.epd", "BK.02", "d5", "d4d5"),
        ("bk.epd", "BK.03", "f5", "f6f5"),
        ("bk.epd", "BK.04", "e6", "e5e6"),
        ("arasan2023.epd", "arasan2023.1", "g4", "g2g4"),
        ("arasan2023.epd", "arasan2023.2", "Rxf7", "f1f7"),
        ("arasan2023.epd", "arasan2023.3", "Bg4", "e2g4"),
        ("arasan2023.epd", "arasan2023.4", "Bxh7", "d3h7"),
        ("arasan2023.epd", "arasan2023.5", "Qh5", "e2h5"),
        ("eret.epd", "ERET 001 - Entlastung", "Rxf4", "f1f4"),
        ("eret.epd", "ERET 002 - Zugzwang", "Ng6", "f8g6"),
        ("eret.epd", "ERET 003 - Linienoeffnen", "f5", "f4f5"),
        ("eret.epd", "ERET 004 - Endspiel", "Nxg5", "f3g5"),
        ("eret.epd", "ERET 005 - Laeuferopfer f7", "Bxf7", "b3f7"),
    ];
    for (name, id, san, uci) in cases {
        let (entries, _) = read_epd_file(&suite(name)).unwrap();
        let e = entries
            .iter()
            .find(|e| e.id.as_deref() == Some(id))
            .unwrap_or_else(|| panic!("{name}: no {id}"));
        let m = e.board.parse_san(san).unwrap();
        assert_eq!(m.uci(false).to_string(), uci, "{id} {san}");
        assert!(e.best_moves.contains(&m), "{id}");
    }
}

#[test]
fn report_files_are_written() {
    let (entries, _) = parse_epd(&format!("{CLASSIC} id \"classic\";"));
    let r = lab(
        &entries,
        "none,mvvlva,+hash,full",
        LabLimit::Depth(2),
        false,
    );
    let dir = std::env::temp_dir().join(format!("cutoff-lab-{}", std::process::id()));
    let file = report::write(&r, dir.to_str().unwrap()).unwrap();
    let md = std::fs::read_to_string(&file).unwrap();
    assert!(md.contains("![Nodes to each depth](nodes_by_depth.svg)"));
    assert!(md.contains("| configuration | nodes |"));
    for chart in [report::NODES_CHART, report::FIRST_CHART] {
        let svg = std::fs::read_to_string(dir.join(chart)).unwrap();
        assert!(svg.starts_with("<svg"), "{chart}");
        // The texts drawn: what lies between a '>' and the next '<'.
        let texts: Vec<&str> = svg
            .split('>')
            .filter_map(|s| s.split('<').next())
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        for label in ["none", "mvvlva", "+hash", "full"] {
            assert!(texts.contains(&label), "{chart}: {label} in {texts:?}");
        }
        let axis = if chart == report::NODES_CHART {
            ["depth", "nodes (log scale)"]
        } else {
            ["configuration", "% of fail-high nodes"]
        };
        for a in axis {
            assert!(texts.contains(&a), "{chart}: {a} in {texts:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

mod epd_fuzz {
    //! The EPD reader never panics: on arbitrary text, on EPD-shaped text, and on suite lines
    //! with characters replaced. What it accepts has a board, and its bm/am moves are legal.
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::Config;

    fn config() -> Config {
        let mut c = Config::default();
        if std::env::var("PROPTEST_CASES").is_err() {
            c.cases = 500;
        }
        c
    }

    fn check(text: &str) {
        let (entries, errors) = parse_epd(text);
        let lines = text.lines().count();
        for e in &entries {
            assert!(e.line >= 1 && e.line <= lines);
            let legal = legal_moves(&e.board);
            for m in e.best_moves.iter().chain(&e.avoid_moves) {
                assert!(legal.contains(*m), "{text:?}");
            }
        }
        for e in &errors {
            assert!(e.line >= 1 && e.line <= lines);
        }
    }

    const LINE: &str = "r1b2rk1/1p1nbppp/pq1p4/3B4/P2NP3/2N1p3/1PP3PP/R2Q1R1K w - - bm Rxf7; am Nf5 e5; id \"x;y\"; c0 \"q\\\"t\";";

    proptest! {
        #![proptest_config(config())]

        #[test]
        fn arbitrary_text(text in "\\PC{0,200}") {
            check(&text);
        }

        #[test]
        fn epd_shaped_text(text in "([rnbqkpRNBQKP1-8/]{1,40} [wb] (-|[KQkq]{1,4}) (-|[a-h][36]) ?((bm|am|id|c0|hmvc|fmvn) ?[\"a-hxO0=+#;1-8NBRQK -]{0,12};? ?){0,4}\r?\n?){1,3}") {
            check(&text);
        }

        #[test]
        fn mutated_suite_line(changes in proptest::collection::vec((0usize..200, proptest::char::any()), 1..6)) {
            let mut chars: Vec<char> = LINE.chars().collect();
            for (i, c) in changes {
                let i = i % chars.len();
                chars[i] = c;
            }
            let text: String = chars.into_iter().collect();
            check(&text);
        }
    }

    #[test]
    fn the_unmutated_line_parses() {
        let (entries, errors) = parse_epd(LINE);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(entries[0].best_moves.len(), 1);
        assert_eq!(entries[0].avoid_moves.len(), 2);
        assert_eq!(entries[0].id.as_deref(), Some("x;y"));
    }
}

/// Play and `bench` (`StatsMode::Off`) run the search with the player's observer, without the
/// counters: the same tree, node for node, and every statistic zero.
#[test]
fn without_counting_the_search_is_the_same_and_counts_nothing() {
    let pos = Position::from_fen(CLASSIC).unwrap();
    let plain = SearchOptions {
        report: false,
        ..SearchOptions::default()
    };
    assert_eq!(plain.stats, StatsMode::Off);
    let counting = SearchOptions {
        stats: StatsMode::Count,
        ..plain.clone()
    };
    let a = search_fresh(&pos, &Limits::depth(5), &plain);
    let b = search_fresh(&pos, &Limits::depth(5), &counting);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.best, b.best);
    assert_eq!(a.stats, SearchStats::default());
    assert!(b.stats.main.fail_highs > 0 && b.stats.qnodes > 0);
    assert_eq!(
        a.iterations.iter().map(|i| i.nodes).collect::<Vec<_>>(),
        b.iterations.iter().map(|i| i.nodes).collect::<Vec<_>>()
    );
}

/// `cutoff ordering --eval-file`: the lab searches with that net and says so; a bad file is
/// refused with its name, before any search.
#[test]
fn the_lab_searches_with_the_net_it_is_given() {
    let dir = std::env::temp_dir().join(format!("cutoff-lab-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let suite = dir.join("two.epd");
    std::fs::write(
        &suite,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"a\";\n\
         8/8/4k3/8/2P5/4K3/8/8 w - - bm Kd4; id \"b\";\n",
    )
    .unwrap();
    let lab = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .args(["ordering", suite.to_str().unwrap(), "--depth", "4"])
            .args(["--configs", "none"])
            .args(extra)
            .output()
            .unwrap()
    };
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/2932d0616d641d58.nnue");
    let o = lab(&["--eval-file", net]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("Evaluation: net 2932d0616d641d58"), "{out}");
    let o = lab(&[]);
    let out = String::from_utf8_lossy(&o.stdout);
    let default = cutoff::eval::nnue::default_network()
        .map_or("the classical evaluation".to_string(), |n| {
            format!("net {}", n.id())
        });
    assert!(out.contains(&format!("Evaluation: {default}")), "{out}");
    let missing = dir.join("missing.nnue");
    let o = lab(&["--eval-file", missing.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--eval-file") && err.contains("missing.nnue"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `cutoff bench --ordering CONFIG --without LIST`: the bench's positions under other
/// switches, to measure a switch's cost in speed where the engine's speed is measured. The
/// engine's own configuration by name is the default bench node for node; another
/// configuration or a technique off is another tree, named in the summary; a bad name is
/// refused with the reason.
#[test]
fn bench_takes_ordering_switches_and_techniques() {
    let bench = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .arg("bench")
            .arg("4")
            .args(args)
            .output()
            .expect("run cutoff bench")
    };
    let nodes = |out: &std::process::Output| -> u64 {
        assert!(out.status.success(), "{out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        let last = text
            .trim_end()
            .lines()
            .last()
            .unwrap_or_default()
            .to_string();
        last.split_whitespace().next().unwrap().parse().unwrap()
    };
    let playing = Heuristics::PLAYING.names();
    assert_eq!(Heuristics::parse(&playing).unwrap(), Heuristics::PLAYING);
    let default = bench(&[]);
    assert!(String::from_utf8_lossy(&default.stdout).contains("Search          : as it plays"));
    let by_name = bench(&["--ordering", &playing]);
    assert_eq!(nodes(&by_name), nodes(&default));

    let more = format!("{playing}+counter+threats");
    let other = bench(&["--ordering", &more]);
    let text = String::from_utf8_lossy(&other.stdout).to_string();
    let want = Heuristics::parse(&more).unwrap().names();
    assert!(
        text.contains(&format!("Search          : ordering {want}")),
        "{text}"
    );
    assert_ne!(nodes(&other), nodes(&default));

    let without = bench(&["--without", "nmp,rfp"]);
    let text = String::from_utf8_lossy(&without.stdout).to_string();
    assert!(
        text.contains("without rfp,nmp") || text.contains("without nmp,rfp"),
        "{text}"
    );
    assert_ne!(nodes(&without), nodes(&default));

    for (flag, bad) in [("--ordering", "mvvlva+nosuch"), ("--without", "nosuch")] {
        let out = bench(&[flag, bad]);
        assert_eq!(out.status.code(), Some(2), "{flag} {bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(flag) && err.contains("nosuch"), "{err}");
    }
}

/// The oracle at k = 0 in alpha-beta alone, on the back-rank mate at depth 1: the deep
/// search's root answer is the mate, searched first, after which every other root move is
/// refuted by a single node (the null window (-MATE, -MATE + 1) makes each reply stand pat).
/// 1 + 20 nodes is the least any order can search at depth 1 with 20 root moves (each is
/// searched, since the root's window is open above), so the oracle's count is that floor
/// and ours is at least it, whatever the order; in general a better first move does not
/// promise fewer nodes (the table and the order of the rest change too). The stage table
/// covers every covered node once: its shares sum to 100%.
#[test]
fn the_oracle_reaches_the_floor_of_a_mate_in_one() {
    let fen = "4r1k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1";
    let (entries, errors) = parse_epd(&format!("{fen} bm Re8#;"));
    assert!(errors.is_empty());
    let options = LabOptions {
        limit: LabLimit::Depth(1),
        configs: parse_configs("none,mvvlva,playing").unwrap(),
        pure: true,
        techniques: Techniques::ALL,
        policy: None,
        network: cutoff::eval::nnue::default_network(),
        oracle: Some(0),
    };
    let stop = StopSignal::default();
    let run = run_lab(&entries, &options, &stop, None);
    let r = LabReport::new("test", options, 1, Vec::new(), run);
    for s in &r.summaries {
        let o = s.oracle.as_ref().expect("oracle runs");
        assert_eq!(o.nodes, 21, "{}", s.config.label);
        assert!(s.nodes >= o.nodes, "{}", s.config.label);
        assert_eq!(o.places.total(), 1, "the root, covered");
    }
    let table = report::oracle_places_table(&r).unwrap();
    let at = table.headers.iter().position(|h| h == "nodes %").unwrap();
    let mut sums = std::collections::HashMap::new();
    for row in table.rows.iter().filter(|row| row[1] != "all") {
        let share: f64 = row[at].parse().unwrap_or(0.0);
        *sums.entry(row[0].clone()).or_insert(0.0) += share;
    }
    assert_eq!(sums.len(), 3);
    for (config, sum) in sums {
        assert!((sum - 100.0).abs() < 0.1, "{config}: {sum}");
    }
    let text = report::text(&r);
    assert!(text.contains("How far from perfect"), "{text}");
    assert!(
        text.contains("The floor for pure alpha-beta at depth 1"),
        "{text}"
    );
}

/// On real positions the shares of the stage table sum to 100% too, in both modes.
#[test]
fn the_oracle_stage_shares_sum_to_a_hundred() {
    let entries = first_positions("eret.epd", 2);
    for pure in [true, false] {
        let options = LabOptions {
            limit: LabLimit::Depth(4),
            configs: parse_configs("playing").unwrap(),
            pure,
            techniques: Techniques::ALL,
            policy: None,
            network: cutoff::eval::nnue::default_network(),
            oracle: Some(1),
        };
        let stop = StopSignal::default();
        let run = run_lab(&entries, &options, &stop, None);
        let r = LabReport::new("test", options, 2, Vec::new(), run);
        let o = r.summaries[0].oracle.as_ref().unwrap();
        assert!(o.places.total() > 0);
        let table = report::oracle_places_table(&r).unwrap();
        let sum: f64 = table
            .rows
            .iter()
            .filter(|row| row[1] != "all")
            .map(|row| row[3].parse::<f64>().unwrap_or(0.0))
            .sum();
        assert!((sum - 100.0).abs() < 0.7, "pure={pure}: {sum}");
        assert_eq!(report::minimal_tree_table(&r).is_some(), pure);
        assert_eq!(report::oracle_verdict(&r).len(), 1);
    }
}

/// `--oracle` and `--oracle-extra` refuse what they cannot run, by name.
#[test]
fn the_oracle_flags_refuse_bad_values() {
    let suite = suite("eret.epd");
    let lab = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .args(["ordering", &suite, "--configs", "playing"])
            .args(extra)
            .output()
            .unwrap()
    };
    for (args, says) in [
        (&["--oracle", "--oracle-extra", "-1"][..], "from 0 to 8"),
        (&["--oracle", "--oracle-extra", "9"][..], "from 0 to 8"),
        (&["--oracle-extra", "2"][..], "needs --oracle"),
        (&["--oracle", "--nodes", "1000"][..], "--nodes"),
    ] {
        let o = lab(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let o = lab(&["--oracle", "--oracle-extra", "x"]);
    assert_eq!(o.status.code(), Some(2));
}
