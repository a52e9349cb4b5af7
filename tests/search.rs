//! Search tests through the library: mates and their scores, draws (stalemate, repetition,
//! the 50-move rule, insufficient material), determinism, legal best moves over the test
//! suites, the staged picker's "perft" (every legal move exactly once, in every ordering
//! configuration) and the classic ordering experiment (none > MVV-LVA > everything).

mod support;

use cutoff::board::movegen::generate_into;
use cutoff::board::{is_legal, legal_moves, noisy_moves, see_ge, Board, Move, MoveList};
use cutoff::position::Position;
use cutoff::search::heuristics::{Heuristics, SWITCHES};
use cutoff::search::ordering::{
    movepick::CAPTURE_HISTORY_SEE_DIV, MovePicker, OrderingConfig, OrderingTables, PickedFrom,
    PieceTo,
};
use cutoff::search::{
    search_fresh, Control, Level, Limits, SearchOptions, SearchResult, Searcher, MATE,
};
use cutoff::uci::info::format_score;
use support::{load_fens, Rng};

fn quiet_opts() -> SearchOptions {
    SearchOptions {
        report: false,
        ..SearchOptions::default()
    }
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn search_depth(pos: &Position, depth: i32) -> SearchResult {
    search_fresh(pos, &Limits::depth(depth), &quiet_opts())
}

fn uci(m: Move) -> String {
    m.uci(false).to_string()
}

/// Plays UCI moves on a position (panics on an illegal one: the test is wrong then).
fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos
            .board()
            .parse_uci_move(text, false)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make_move(m);
    }
}

// ---------------------------------------------------------------------------------------
// Mates
// ---------------------------------------------------------------------------------------

/// Each position was checked by an independent brute-force mate solver (shakmaty, all moves of
/// both sides, while writing this test): the side to move mates in exactly `n` moves and no
/// sooner, and `key` is the only first move that does.
const MATES: [(&str, u32, &str); 4] = [
    // Back-rank mate.
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
    // Legall-style: 1. Nf6+ gxf6 2. Bxf7#.
    (
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
        2,
        "d5f6",
    ),
    // Black drives the king out: 1... Bc5+.
    (
        "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
        3,
        "f8c5",
    ),
    // Rook and bishop against king and pawn, a quiet key move (1. Kc3). Found by a seeded
    // random search over K+R+B v K+P positions for an exact mate in 4 with a unique key.
    ("8/8/1R6/2B5/1K4p1/8/8/2k5 w - - 0 1", 4, "b4c3"),
];

#[test]
fn mates_in_one_to_four_with_the_only_key_move() {
    for (fen, n, key) in MATES {
        let pos = position(fen);
        // 2n-1 plies see the mate in a full-width search; the selective search reduces and
        // prunes, so it gets a few plies more. The mate must still be the shortest one.
        let r = search_depth(&pos, 2 * n as i32 + 5);
        assert_eq!(r.score, MATE - (2 * n as i32 - 1), "{fen}");
        assert_eq!(format_score(r.score, 78), format!("mate {n}"), "{fen}");
        assert_eq!(uci(r.best), key, "{fen}");
        // The whole PV is the mate: legal moves ending in checkmate after 2n-1 plies.
        let pv = &r.lines[0].pv;
        assert_eq!(pv.len(), 2 * n as usize - 1, "{fen}: pv {pv:?}");
        let mut b = *pos.board();
        for &m in pv {
            assert!(is_legal(&b, m), "{fen}: pv move {m:?} illegal");
            b.make_move(m);
        }
        assert!(
            b.in_check() && legal_moves(&b).is_empty(),
            "{fen}: pv ends without mate"
        );
    }
}

#[test]
fn being_mated_scores_mate_minus_n() {
    // The mate positions above after their key move: the side to move is mated in n-1.
    for (fen, n, key) in MATES.iter().copied().skip(1) {
        let mut pos = position(fen);
        play(&mut pos, key);
        let r = search_depth(&pos, 2 * n as i32 + 4);
        assert_eq!(r.score, -(MATE - 2 * (n as i32 - 1)), "{fen} after {key}");
        assert_eq!(format_score(r.score, 78), format!("mate -{}", n - 1));
        assert!(legal_moves(pos.board()).contains(r.best));
    }
}

#[test]
fn stalemate_and_checkmate_at_the_root() {
    // Black to move has no legal move and is not in check.
    let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let r = search_depth(&stalemate, 5);
    assert_eq!(r.score, 0);
    assert_eq!(r.best, Move::NULL);
    assert_eq!(r.ponder, None);
    assert_eq!(uci(r.best), "0000");

    // Scholar's mate: Black is checkmated.
    let mated = position("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    let r = search_depth(&mated, 5);
    assert_eq!(r.score, -MATE);
    assert_eq!(r.best, Move::NULL);
}

// ---------------------------------------------------------------------------------------
// Draws
// ---------------------------------------------------------------------------------------

/// White (queen and knight against a knight) to move; both sides shuffle their knights.
const SHUFFLE_START: &str = "6nk/8/8/8/8/8/8/K2Q2N1 w - - 0 1";

#[test]
fn threefold_repetition_saves_the_losing_side() {
    // After these seven plies, Black's Nf6-g8 brings back the start position for the third
    // time: a draw, and the only thing that saves Black, a queen down.
    let mut pos = position(SHUFFLE_START);
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    for depth in [2, 4, 7] {
        let r = search_depth(&pos, depth);
        assert_eq!(r.score, 0, "depth {depth}");
        assert_eq!(uci(r.best), "f6g8", "depth {depth}");
    }

    // The same board with only one earlier occurrence: Nf6-g8 repeats it only twice, which is
    // no draw, so Black stays lost. This is what the test above would show without
    // repetition detection.
    let mut pos = position(SHUFFLE_START);
    play(&mut pos, "g1f3 g8f6 f3g1");
    let r = search_depth(&pos, 7);
    assert!(r.score < -500, "twofold must not draw: {}", r.score);

    // And without any history, the board itself is lost for Black.
    let fresh = position(&pos.board().fen());
    let r = search_depth(&fresh, 7);
    assert!(r.score < -500, "{}", r.score);
}

#[test]
fn draws_one_ply_from_the_root_are_seen_at_depth_one() {
    // At depth 1 each root move leads straight into quiescence; a draw by repetition or by
    // the 50-move rule made by that move must still score 0.
    let mut pos = position(SHUFFLE_START);
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    let r = search_depth(&pos, 1);
    assert_eq!((r.score, uci(r.best)), (0, "f6g8".to_string()));

    let r = search_depth(&position("8/8/8/4k3/8/8/8/KQ6 w - - 99 80"), 1);
    assert_eq!(r.score, 0);
    let r = search_depth(&position("8/8/8/4k3/8/8/8/KQ6 b - - 99 80"), 1);
    assert_eq!(r.score, 0);
}

#[test]
fn fifty_move_rule() {
    // Queen up, no capture and no mate in one: with the clock at 99 every move draws.
    let r = search_depth(&position("8/8/8/4k3/8/8/8/KQ6 w - - 99 80"), 6);
    assert_eq!(r.score, 0);
    let r = search_depth(&position("8/8/8/4k3/8/8/8/KQ6 w - - 0 80"), 6);
    assert!(r.score > 500, "{}", r.score);
    // The losing side sees the same draw.
    let r = search_depth(&position("8/8/8/4k3/8/8/8/KQ6 b - - 99 80"), 6);
    assert_eq!(r.score, 0);
    // Checkmate on the 100th half-move still wins (1. Qb8#).
    let r = search_depth(&position("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80"), 4);
    assert_eq!(format_score(r.score, 78), "mate 1");
    assert_eq!(uci(r.best), "b1b8");
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in [
        "8/8/8/4k3/8/8/8/KN6 w - - 0 1",
        "8/8/8/4k3/8/8/8/KN6 b - - 0 1",
        "8/8/8/4k3/8/8/8/KB6 w - - 0 1",
        // Bishops on the same colour (b1 and e4 are both light squares).
        "8/8/8/5k2/4b3/8/8/KB6 w - - 0 1",
    ] {
        let r = search_depth(&position(fen), 6);
        assert_eq!(r.score, 0, "{fen}");
    }
    // A rook, or two bishops on opposite colours, can mate: not a draw by material, and
    // clearly won (KR-K at depth 6: 294 with generation 5, above 300 with generation 4).
    for fen in [
        "8/8/8/4k3/8/8/8/KR6 w - - 0 1",
        "8/8/8/4k3/8/8/8/KBB5 w - - 0 1",
    ] {
        let r = search_depth(&position(fen), 6);
        assert!(r.score > 200, "{fen}: {}", r.score);
    }
}

// ---------------------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------------------

fn assert_same(a: &SearchResult, b: &SearchResult, what: &str) {
    assert_eq!(a.best, b.best, "{what}: best");
    assert_eq!(a.ponder, b.ponder, "{what}: ponder");
    assert_eq!(a.score, b.score, "{what}: score");
    assert_eq!(a.depth, b.depth, "{what}: depth");
    assert_eq!(a.nodes, b.nodes, "{what}: nodes");
    assert_eq!(a.lines, b.lines, "{what}: pv");
    let per_iteration = |r: &SearchResult| {
        r.iterations
            .iter()
            .map(|i| (i.depth, i.nodes, i.score))
            .collect::<Vec<_>>()
    };
    assert_eq!(per_iteration(a), per_iteration(b), "{what}: iterations");
}

#[test]
fn fixed_node_and_fixed_depth_searches_are_deterministic() {
    let opts = quiet_opts();
    for fen in [
        cutoff::board::STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let pos = position(fen);
        let limits = Limits::nodes(200_000);
        let a = search_fresh(&pos, &limits, &opts);
        let b = search_fresh(&pos, &limits, &opts);
        assert_same(&a, &b, fen);
        // The node limit is exact with one thread.
        assert_eq!(a.nodes, 200_000, "{fen}");
        assert!(a.depth >= 4, "{fen}: only depth {}", a.depth);

        let limits = Limits::depth(6);
        let a = search_fresh(&pos, &limits, &opts);
        let b = search_fresh(&pos, &limits, &opts);
        assert_same(&a, &b, fen);
        assert_eq!(a.depth, 6);
    }
}

// ---------------------------------------------------------------------------------------
// Legal best moves everywhere
// ---------------------------------------------------------------------------------------

fn suite_positions() -> Vec<(String, bool)> {
    let mut v = Vec::new();
    for f in [
        "suites/arasan2023.epd",
        "suites/eret.epd",
        "suites/bk.epd",
        "suites/zugzwang.epd",
        "perft/standard.epd",
        "perft/tricky.epd",
    ] {
        v.extend(load_fens(f).into_iter().map(|fen| (fen, false)));
    }
    // Every eighth Chess960 position keeps the time down.
    v.extend(
        load_fens("perft/chess960.epd")
            .into_iter()
            .step_by(8)
            .map(|fen| (fen, true)),
    );
    v
}

#[test]
fn every_bestmove_and_pv_is_legal() {
    let positions = suite_positions();
    assert!(positions.len() >= 100, "{} positions", positions.len());
    let mut with_ponder = 0;
    // One searcher, cleared before each search (as fresh as search_fresh, without allocating
    // a 16 MB table hundreds of times).
    let mut searcher = Searcher::new(1, 1);
    let control = Control::new();
    let limits = Limits::nodes(3000);
    for (fen, chess960) in &positions {
        let mut pos = position(fen);
        pos.set_chess960(*chess960);
        let opts = SearchOptions {
            chess960: *chess960,
            ..quiet_opts()
        };
        searcher.clear();
        control.reset(&limits);
        let r = searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
        let legal = legal_moves(pos.board());
        if legal.is_empty() {
            assert_eq!(r.best, Move::NULL, "{fen}");
            continue;
        }
        assert!(legal.contains(r.best), "{fen}: bestmove {:?}", r.best);
        let mut b = *pos.board();
        b.make_move(r.best);
        if let Some(p) = r.ponder {
            with_ponder += 1;
            assert!(is_legal(&b, p), "{fen}: ponder {p:?} after {:?}", r.best);
        }
        let mut b = *pos.board();
        for &m in &r.lines[0].pv {
            assert!(
                is_legal(&b, m),
                "{fen}: pv {:?} has illegal {m:?}",
                r.lines[0].pv
            );
            b.make_move(m);
        }
    }
    // Most searches of 3000 nodes get past depth 1 and have a reply to ponder on.
    assert!(
        with_ponder * 2 > positions.len(),
        "{with_ponder} of {}",
        positions.len()
    );
}

#[test]
fn a_node_limit_below_depth_one_still_searches_depth_one() {
    // Depth 1 of Kiwipete takes a few hundred nodes. A smaller node limit must not leave the
    // engine with an unsearched move (the first one generated): like the clock, the node
    // limit applies once depth 1 is done. With several threads this matters for any limit,
    // since the helpers can use up the shared budget before the main thread finishes depth 1.
    let pos = position(KIWIPETE);
    let full = search_fresh(&pos, &Limits::depth(1), &quiet_opts());
    assert!(full.nodes > 50, "depth 1 takes {} nodes", full.nodes);
    for n in [1, 50, full.nodes - 1] {
        let r = search_fresh(&pos, &Limits::nodes(n), &quiet_opts());
        assert_eq!(r.depth, 1, "nodes {n}");
        assert_eq!((r.best, r.score), (full.best, full.score), "nodes {n}");
        assert_eq!(r.nodes, full.nodes, "nodes {n}: depth 1 and no further");
    }
    // Above the cost of depth 1 the limit is exact again.
    let r = search_fresh(&pos, &Limits::nodes(full.nodes + 100), &quiet_opts());
    assert_eq!(r.nodes, full.nodes + 100);
}

#[test]
fn two_thread_searches_are_legal_too() {
    // Lazy SMP: helper threads share the table; the result must still be a legal line.
    let opts = SearchOptions {
        threads: 2,
        ..quiet_opts()
    };
    let mut searcher = Searcher::new(1, 2);
    let control = Control::new();
    // The node limit counts both threads and is obeyed even inside depth 1, so give enough
    // for depth 1 to finish in the capture-heavy suite positions.
    let limits = Limits::nodes(200_000);
    for (fen, _) in suite_positions().iter().step_by(12) {
        let pos = position(fen);
        searcher.clear();
        control.reset(&limits);
        let r = searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
        let mut b = *pos.board();
        if legal_moves(&b).is_empty() {
            continue;
        }
        assert!(!r.lines[0].pv.is_empty(), "{fen}");
        assert_eq!(r.lines[0].pv[0], r.best, "{fen}");
        for &m in &r.lines[0].pv {
            assert!(is_legal(&b, m), "{fen}: {:?}", r.lines[0].pv);
            b.make_move(m);
        }
        assert!(r.depth >= 1, "{fen}");
    }
}

// ---------------------------------------------------------------------------------------
// The staged picker
// ---------------------------------------------------------------------------------------

/// Configurations covering every switch and every pair of switches: each alone and each pair
/// on with the rest off, and off with the rest on. All 2^n combinations were tried once, but
/// with 14 switches that made the picker tests run for ten minutes. (The correction history's
/// switch orders nothing: its configurations repeat others, which costs little.)
fn covering_configs() -> Vec<OrderingConfig> {
    let n = SWITCHES.len();
    let with = |bits: &[usize], on: bool| {
        let mut c = if on {
            Heuristics::NONE
        } else {
            Heuristics::FULL
        };
        for &i in bits {
            SWITCHES[i].set(&mut c, on);
        }
        c.ordering
    };
    let mut out = vec![OrderingConfig::NONE, OrderingConfig::FULL];
    for i in 0..n {
        for on in [true, false] {
            out.push(with(&[i], on));
            for j in i + 1..n {
                out.push(with(&[i, j], on));
            }
        }
    }
    out
}

/// A configuration with each switch on or off at random.
fn random_config(rng: &mut Rng) -> OrderingConfig {
    let mut c = Heuristics::NONE;
    for s in SWITCHES {
        s.set(&mut c, rng.below(2) == 1);
    }
    c.ordering
}

/// The configurations to try on the `index`-th board: the covering set's next eight in turn
/// (over the ~3,000 boards each comes up on many) and eight random ones.
fn configs_for_board(
    covering: &[OrderingConfig],
    index: usize,
    rng: &mut Rng,
) -> Vec<OrderingConfig> {
    let mut out: Vec<OrderingConfig> = (0..8)
        .map(|k| covering[(index * 8 + k) % covering.len()])
        .collect();
    out.extend((0..8).map(|_| random_config(rng)));
    out
}

fn sorted_raw(moves: impl IntoIterator<Item = Move>) -> Vec<u16> {
    let mut v: Vec<u16> = moves.into_iter().map(Move::raw).collect();
    v.sort_unstable();
    v
}

/// A move that may or may not be legal here: from this board, another board, or raw bits.
fn candidate(rng: &mut Rng, legal: &MoveList, other: &MoveList, quiet_only: bool) -> Move {
    let pool: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !quiet_only || m.is_quiet())
        .collect();
    match rng.below(5) {
        0 => Move::NULL,
        1 | 2 if !pool.is_empty() => *rng.pick(&pool),
        3 if !other.is_empty() => *rng.pick(other.as_slice()),
        _ => Move::from_raw(rng.next_u64() as u16),
    }
}

/// Positions for the picker: each perft position and a few reached from it by random moves.
fn picker_positions(rng: &mut Rng) -> Vec<Board> {
    let mut out = Vec::new();
    for file in ["perft/standard.epd", "perft/chess960.epd"] {
        for fen in load_fens(file) {
            let b = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            out.push(b);
            let mut walk = b;
            for _ in 0..2 {
                for _ in 0..1 + rng.below(4) {
                    let moves = legal_moves(&walk);
                    if moves.is_empty() {
                        break;
                    }
                    walk.make_move(*rng.pick(moves.as_slice()));
                }
                out.push(walk);
            }
        }
    }
    out
}

/// The piece and destination of `m` on `board` (None if no piece stands on its square).
fn piece_to(board: &Board, m: Move) -> Option<PieceTo> {
    board
        .moved_piece(m)
        .map(|piece| PieceTo { piece, to: m.to() })
}

fn drain(
    board: &Board,
    tables: &OrderingTables,
    mut picker: MovePicker,
    limit: usize,
) -> Vec<(Move, PickedFrom)> {
    let mut out = Vec::new();
    while let Some(x) = picker.next(board, tables) {
        out.push(x);
        assert!(out.len() <= limit, "picker runs on: {out:?}");
    }
    out
}

#[test]
fn picker_yields_every_legal_move_exactly_once() {
    let mut rng = Rng::new(0x5eed_0001);
    let boards = picker_positions(&mut rng);
    assert!(boards.len() >= 300, "{} boards", boards.len());
    let covering = covering_configs();
    let mut tables = OrderingTables::default();
    let mut previous = MoveList::new();
    let mut prev_board = boards[0];
    let mut checked = 0u64;
    for (index, board) in boards.iter().enumerate() {
        let legal = legal_moves(board);
        let want = sorted_raw(legal.iter().copied());
        // Some history, so the quiet stage has an order to follow.
        for _ in 0..8 {
            let quiets: Vec<Move> = legal.iter().copied().filter(|m| m.is_quiet()).collect();
            if quiets.is_empty() {
                break;
            }
            let m = *rng.pick(&quiets);
            let bonus = (rng.below(4000) as i32) - 2000;
            tables.history.update(board.side_to_move(), m, bonus);
            // And capture history for a capture, if there is one.
            let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
            if !captures.is_empty() {
                let c = *rng.pick(&captures);
                if let (Some(piece), Some(victim)) = (board.moved_piece(c), board.captured(c)) {
                    tables.captures.update(piece, c.to(), victim, bonus);
                }
            }
            // And continuation history after the moves of the previous board.
            if let Some(&p) = previous
                .iter()
                .find(|p| prev_board.moved_piece(**p).is_some())
            {
                let before = piece_to(&prev_board, p);
                tables.continuation[rng.below(2)].update(
                    before,
                    piece_to(board, m).unwrap(),
                    bonus,
                );
            }
        }
        for config in configs_for_board(&covering, index, &mut rng) {
            for _ in 0..3 {
                let hash = candidate(&mut rng, &legal, &previous, false);
                let mut killers = [
                    candidate(&mut rng, &legal, &previous, true),
                    candidate(&mut rng, &legal, &previous, true),
                ];
                if rng.chance(10) {
                    killers[1] = hash;
                }
                // The countermove may repeat the hash move or a killer.
                let counter = match rng.below(6) {
                    0 => hash,
                    1 => killers[0],
                    _ => candidate(&mut rng, &legal, &previous, true),
                };
                // The continuation context: a move of the previous board, or none.
                let prev = [
                    previous
                        .iter()
                        .next()
                        .and_then(|&p| piece_to(&prev_board, p))
                        .filter(|_| rng.below(2) == 0),
                    None,
                    None,
                    None,
                    None,
                ];
                let got = drain(
                    board,
                    &tables,
                    MovePicker::new(config, hash, killers)
                        .with_counter(counter)
                        .with_continuation(prev),
                    legal.len(),
                );
                let ctx = || {
                    format!(
                        "{} config {config:?} hash {hash:?} killers {killers:?} counter {counter:?}",
                        board.fen()
                    )
                };
                assert_eq!(
                    sorted_raw(got.iter().map(|x| x.0)),
                    want,
                    "{}: {got:?}",
                    ctx()
                );
                check_stages(board, &tables, config, hash, killers, counter, &got, &ctx);
                checked += 1;
            }
        }
        previous = legal;
        prev_board = *board;
    }
    // Every board under each of its 16 configurations, three pickers each: 48 a board
    // (the shared suites give about 30,000, the samples in tests/data about 25,000).
    assert_eq!(checked, boards.len() as u64 * 48, "{checked}");
}

#[test]
fn picker_tries_a_killer_given_twice_once() {
    // The picker takes any killers; the same legal quiet move in both slots must come once.
    let tables = OrderingTables::default();
    let covering = covering_configs();
    for fen in [
        cutoff::board::STARTPOS,
        KIWIPETE,
        "7k/8/8/8/6K1/8/1p6/8 b - - 1 4",
    ] {
        let board = Board::from_fen(fen).unwrap();
        let legal = legal_moves(&board);
        for &k in legal.iter().filter(|m| m.is_quiet()) {
            for &config in &covering {
                let got = drain(
                    &board,
                    &tables,
                    MovePicker::new(config, Move::NULL, [k, k]),
                    legal.len(),
                );
                let times = got.iter().filter(|x| x.0 == k).count();
                assert_eq!(times, 1, "{fen} {config:?} killer {k:?}: {got:?}");
                assert_eq!(got.len(), legal.len(), "{fen} {config:?}");
            }
        }
    }
}

/// What each stage may hold, and (with MVV-LVA on) that stages never go backwards.
#[allow(clippy::too_many_arguments)]
fn check_stages(
    board: &Board,
    tables: &OrderingTables,
    config: OrderingConfig,
    hash: Move,
    killers: [Move; 2],
    counter: Move,
    got: &[(Move, PickedFrom)],
    ctx: &dyn Fn() -> String,
) {
    // The SEE a good capture needs: 0, or with the capture history minus its history / 64.
    let threshold = |m: Move| {
        if config.capture_history {
            -tables.capture(board, m, config.capture_history_defended) / CAPTURE_HISTORY_SEE_DIV
        } else {
            0
        }
    };
    for (i, &(m, stage)) in got.iter().enumerate() {
        match stage {
            PickedFrom::HashMove => {
                assert!(
                    config.hash_move && i == 0 && m == hash,
                    "{}: {got:?}",
                    ctx()
                )
            }
            PickedFrom::Killer1 => assert!(
                config.killers && m == killers[0] && m.is_quiet(),
                "{}: {got:?}",
                ctx()
            ),
            PickedFrom::Killer2 => assert!(
                config.killers && m == killers[1] && m.is_quiet(),
                "{}: {got:?}",
                ctx()
            ),
            PickedFrom::CounterMove => assert!(
                config.counter_move && m == counter && m.is_quiet(),
                "{}: {got:?}",
                ctx()
            ),
            // With MVV-LVA off all moves come in one list, and quiet promotions are counted
            // as quiet; with it on they come with the captures.
            PickedFrom::Quiet if config.mvv_lva => assert!(m.is_quiet(), "{}: {got:?}", ctx()),
            PickedFrom::Quiet => assert!(!m.is_capture(), "{}: {got:?}", ctx()),
            PickedFrom::GoodCapture => {
                assert!(m.is_noisy(), "{}: {got:?}", ctx());
                if config.mvv_lva && config.see_split && m.is_capture() {
                    assert!(
                        see_ge(board, m, threshold(m)),
                        "{}: {m:?} loses material",
                        ctx()
                    );
                }
            }
            PickedFrom::BadCapture => assert!(
                config.see_split
                    && config.mvv_lva
                    && m.is_capture()
                    && !see_ge(board, m, threshold(m)),
                "{}: {got:?}",
                ctx()
            ),
        }
    }
    if config.mvv_lva {
        for w in got.windows(2) {
            assert!(
                (w[0].1 as u8) <= (w[1].1 as u8),
                "{}: stage order {got:?}",
                ctx()
            );
        }
        // Noisy moves, not yet taken as the hash move, all come in the noisy stages.
        for &(m, stage) in got {
            if m.is_noisy() && stage != PickedFrom::HashMove {
                assert!(
                    matches!(stage, PickedFrom::GoodCapture | PickedFrom::BadCapture),
                    "{}: {m:?} in {stage:?}",
                    ctx()
                );
            }
        }
    }
}

#[test]
fn quiescence_picker_yields_exactly_the_noisy_moves() {
    let mut rng = Rng::new(0x5eed_0002);
    let boards = picker_positions(&mut rng);
    let tables = OrderingTables::default();
    let covering = covering_configs();
    let mut bad_seen = 0u64;
    for (index, board) in boards.iter().enumerate() {
        if board.in_check() {
            continue;
        }
        let legal = legal_moves(board);
        let mut noisy = MoveList::new();
        noisy_moves(board, &mut noisy);
        let want = sorted_raw(noisy.iter().copied());
        let want_from_all = sorted_raw(legal.iter().copied().filter(|m| m.is_noisy()));
        assert_eq!(want, want_from_all, "{}", board.fen());
        for config in configs_for_board(&covering, index, &mut rng) {
            let hash = candidate(&mut rng, &legal, &MoveList::new(), false);
            let got = drain(
                board,
                &tables,
                MovePicker::quiescence(config, hash, false),
                legal.len(),
            );
            let ctx = format!("{} {config:?} hash {hash:?}", board.fen());
            assert_eq!(sorted_raw(got.iter().map(|x| x.0)), want, "{ctx}: {got:?}");
            let mut past_good = false;
            for &(m, stage) in &got {
                match stage {
                    PickedFrom::HashMove => assert!(config.hash_move && m == hash, "{ctx}"),
                    PickedFrom::GoodCapture => {
                        assert!(!past_good, "{ctx}: good after bad {got:?}");
                        if config.see_split && m.is_capture() {
                            assert!(see_ge(board, m, 0), "{ctx}: {m:?}");
                        }
                    }
                    PickedFrom::BadCapture => {
                        // Losing captures come last, and only with the SEE split on.
                        past_good = true;
                        bad_seen += 1;
                        assert!(
                            config.see_split && m.is_capture() && !see_ge(board, m, 0),
                            "{ctx}: {m:?}"
                        );
                    }
                    other => panic!("{ctx}: {m:?} from stage {other:?}"),
                }
            }
            if config.see_split {
                // Every losing capture (except a hash move tried first) is set aside.
                let losing = got
                    .iter()
                    .filter(|&&(m, s)| {
                        s != PickedFrom::HashMove && m.is_capture() && !see_ge(board, m, 0)
                    })
                    .count();
                let bad = got.iter().filter(|x| x.1 == PickedFrom::BadCapture).count();
                assert_eq!(losing, bad, "{ctx}: {got:?}");
            }
        }
    }
    assert!(bad_seen > 100, "only {bad_seen} losing captures seen");
}

#[test]
fn quiescence_picker_in_check_yields_every_evasion() {
    let mut rng = Rng::new(0x5eed_0003);
    let tables = OrderingTables::default();
    let covering = covering_configs();
    let mut in_check = 0;
    for board in picker_positions(&mut rng) {
        if !board.in_check() {
            continue;
        }
        in_check += 1;
        let legal = legal_moves(&board);
        for &config in &covering {
            let hash = candidate(&mut rng, &legal, &MoveList::new(), false);
            let got = drain(
                &board,
                &tables,
                MovePicker::quiescence(config, hash, true),
                legal.len(),
            );
            assert_eq!(
                sorted_raw(got.iter().map(|x| x.0)),
                sorted_raw(legal.iter().copied()),
                "{} {config:?}",
                board.fen()
            );
        }
    }
    assert!(in_check >= 10, "{in_check}");
}

#[test]
fn noisy_and_quiet_generation_split_the_legal_moves() {
    let mut rng = Rng::new(0x5eed_0004);
    for board in picker_positions(&mut rng) {
        let mut noisy = MoveList::new();
        generate_into::<{ cutoff::board::movegen::kind::NOISY }>(&board, &mut noisy);
        let mut quiet = MoveList::new();
        generate_into::<{ cutoff::board::movegen::kind::QUIET }>(&board, &mut quiet);
        assert!(noisy.iter().all(|m| m.is_noisy()), "{}", board.fen());
        assert!(quiet.iter().all(|m| m.is_quiet()), "{}", board.fen());
        let both = sorted_raw(noisy.iter().chain(quiet.iter()).copied());
        assert_eq!(both, sorted_raw(legal_moves(&board).iter().copied()));
    }
}

// ---------------------------------------------------------------------------------------
// The ordering experiment
// ---------------------------------------------------------------------------------------

/// Node count of a search to `depth` with the ordering `config`.
fn nodes_to_depth(fen: &str, config: &str, depth: i32, pure: bool) -> u64 {
    let mut opts = SearchOptions {
        pure,
        ..quiet_opts()
    };
    opts.set_heuristics(Heuristics::parse(config).unwrap());
    let r = search_fresh(&position(fen), &Limits::depth(depth), &opts);
    assert_eq!(r.depth, depth);
    r.nodes
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn better_ordering_searches_fewer_nodes() {
    // Kiwipete to depth 6 with `pure` (no pruning): MVV-LVA alone against everything (a few
    // hundred thousand nodes each).
    let mvv_lva = nodes_to_depth(KIWIPETE, "mvvlva", 6, true);
    let full = nodes_to_depth(KIWIPETE, "full", 6, true);
    assert!(mvv_lva > full, "mvv-lva {mvv_lva} <= full {full}");

    // With no ordering at all, Kiwipete is out of reach at any depth in `pure` mode: its many
    // captures make the unordered quiescence search explode (depth 1 alone took 221 million
    // nodes, where MVV-LVA needs about 600). So the brief's "none at depth 6" cannot run here.
    // With the usual pruning of losing captures depth 1 is feasible, and shows the same gap.
    let none = nodes_to_depth(KIWIPETE, "none", 1, false);
    let mvv_lva = nodes_to_depth(KIWIPETE, "mvvlva", 1, false);
    assert!(none > 100 * mvv_lva, "none {none}, mvv-lva {mvv_lva}");

    // In the quiet start position all three finish depth 6 in `pure` mode (tens of thousands
    // of nodes each).
    let start = cutoff::board::STARTPOS;
    let none = nodes_to_depth(start, "none", 6, true);
    let mvv_lva = nodes_to_depth(start, "mvvlva", 6, true);
    let full = nodes_to_depth(start, "full", 6, true);
    assert!(
        none > mvv_lva && mvv_lva > full,
        "none {none}, mvv-lva {mvv_lva}, full {full}"
    );
}

// ---------------------------------------------------------------------------------------
// The selective search
// ---------------------------------------------------------------------------------------

/// The full ordering before the history family (countermove, continuation and capture
/// history, issue 12): the ordering the full-width node counts below were measured with.
const CLASSIC_ORDERING: &str = "mvvlva+hash+killers+history+see";

/// The classical evaluation: the node counts below that were measured with the builds of
/// earlier commits, from before the network became the default evaluation (4388d88), are
/// searches of the hand-written evaluation, and stay pinned with it.
fn classical_opts() -> SearchOptions {
    SearchOptions {
        network: None,
        ..quiet_opts()
    }
}

fn pure_opts() -> SearchOptions {
    SearchOptions {
        pure: true,
        ..classical_opts()
    }
}

/// With selectivity off (`pure`, the `Selectivity` option false) the search is the full-width
/// alpha-beta of the ordering experiments, node for node: these counts were measured with the
/// search before it became selective (e9652b6, the lab's `--pure`), and must not move unless
/// the evaluation changes (remeasured with the evaluation of issue 13). They are for the
/// ordering switches of then (`CLASSIC_ORDERING`): the history family changes the order.
#[test]
fn selectivity_off_reproduces_the_full_width_node_counts() {
    let pos = position(KIWIPETE);
    for (config, depth, nodes) in [(CLASSIC_ORDERING, 6, 488_919), ("mvvlva", 6, 563_640)] {
        let mut opts = pure_opts();
        opts.set_heuristics(Heuristics::parse(config).unwrap());
        let r = search_fresh(&pos, &Limits::depth(depth), &opts);
        assert_eq!(r.nodes, nodes, "{config} depth {depth}");
    }
}

/// Each heuristic of the history family, switched off, gives back the search of the commit
/// before it, node for node: the real test that its switch turns all of it off (ordering,
/// reductions, pruning and the updates of its table). Each row switches off a heuristic and
/// every one added after it; the counts are those the engine searched before the first of
/// them was added, measured with that commit's build (`go depth 10` after `ucinewgame`, 16 MB).
#[test]
fn each_history_switch_off_gives_back_the_search_before_it() {
    let fens = [
        KIWIPETE,
        cutoff::board::STARTPOS,
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        "8/8/1R6/2B5/1K4p1/8/8/2k5 w - - 0 1",
    ];
    // (switches off, the commit before them, its node counts at depth 10)
    // The threat term, the four-ply table, the correction and the evaluation-difference
    // histories came later, so each row has them off too; so did the threat-keyed, defended
    // capture, quiet-order continuation and low-ply histories (the last row).
    let rows: [(&[&str], &str, [u64; 4]); 5] = [
        (
            &[
                "OrderCounterMove",
                "OrderContHistory",
                "OrderCaptureHistory",
                "OrderThreats",
                "OrderContHistory4",
                "OrderCorrectionHistory",
                "OrderEvalHistory",
                "OrderPawnHistory",
                "OrderThreatHistory",
                "OrderCaptureHistoryDefended",
                "OrderContHistory4Quiet",
                "OrderContHistory6Quiet",
                "OrderLowPlyHistory",
            ],
            "63721f8",
            [125_603, 40_227, 29_496, 13_933],
        ),
        (
            &[
                "OrderContHistory",
                "OrderCaptureHistory",
                "OrderThreats",
                "OrderContHistory4",
                "OrderCorrectionHistory",
                "OrderEvalHistory",
                "OrderPawnHistory",
                "OrderThreatHistory",
                "OrderCaptureHistoryDefended",
                "OrderContHistory4Quiet",
                "OrderContHistory6Quiet",
                "OrderLowPlyHistory",
            ],
            "e7635ce",
            [111_221, 51_631, 34_373, 22_133],
        ),
        (
            &[
                "OrderCaptureHistory",
                "OrderThreats",
                "OrderContHistory4",
                "OrderCorrectionHistory",
                "OrderEvalHistory",
                "OrderPawnHistory",
                "OrderThreatHistory",
                "OrderCaptureHistoryDefended",
                "OrderContHistory4Quiet",
                "OrderContHistory6Quiet",
                "OrderLowPlyHistory",
            ],
            "f538e1c",
            [126_239, 18_496, 42_645, 28_416],
        ),
        (
            &[
                "OrderContHistory4",
                "OrderCorrectionHistory",
                "OrderEvalHistory",
                "OrderPawnHistory",
                "OrderThreatHistory",
                "OrderCaptureHistoryDefended",
                "OrderContHistory4Quiet",
                "OrderContHistory6Quiet",
                "OrderLowPlyHistory",
            ],
            "470f6e3",
            [49_834, 33_973, 27_207, 28_369],
        ),
        (
            &[
                "OrderThreatHistory",
                "OrderCaptureHistoryDefended",
                "OrderContHistory4Quiet",
                "OrderContHistory6Quiet",
                "OrderLowPlyHistory",
            ],
            "03795b7",
            [52_272, 30_230, 46_342, 19_262],
        ),
    ];
    for (off, before, want) in rows {
        let mut heuristics = Heuristics::FULL;
        for name in off {
            let s = SWITCHES.iter().find(|s| s.uci == *name).unwrap();
            s.set(&mut heuristics, false);
        }
        // The search's own techniques added since then are off too (spared checks, decisive
        // windows).
        let mut opts = SearchOptions {
            techniques: cutoff::search::techniques::all_but("checks,decisive").unwrap(),
            ..classical_opts()
        };
        opts.set_heuristics(heuristics);
        let got: Vec<u64> = fens
            .iter()
            .map(|f| search_fresh(&position(f), &Limits::depth(10), &opts).nodes)
            .collect();
        assert_eq!(got, want, "{off:?} off: the search of {before}");
        // And on, the heuristic changes the search.
        let full: Vec<u64> = fens
            .iter()
            .map(|f| search_fresh(&position(f), &Limits::depth(10), &quiet_opts()).nodes)
            .collect();
        assert_ne!(full, want, "{off:?} on changes nothing");
    }
}

/// Every technique's switch reaches the search: all off is `pure`, node for node, and each
/// one alone switched off changes the tree of a middlegame search (each guards live code).
#[test]
fn each_technique_switch_changes_the_search() {
    use cutoff::search::techniques::{Techniques, TECHNIQUES};
    let pos = position(KIWIPETE);
    let mut all_off = SearchOptions {
        techniques: Techniques::NONE,
        ..classical_opts()
    };
    all_off.set_heuristics(Heuristics::parse(CLASSIC_ORDERING).unwrap());
    let r = search_fresh(&pos, &Limits::depth(6), &all_off);
    assert_eq!(
        r.nodes, 488_919,
        "every technique off is the full-width search"
    );
    // Kiwipete, and a mate in 1 (mate distance pruning only acts once a mate is found).
    let depth = 12;
    let positions = [
        pos,
        position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"),
    ];
    // With both evaluations: a switch must reach the search with one of them at least (with
    // the network, history pruning happens not to act in these two searches).
    let nodes = |opts: &SearchOptions| -> Vec<u64> {
        let classical = SearchOptions {
            network: None,
            ..opts.clone()
        };
        [opts, &classical]
            .iter()
            .flat_map(|o| {
                positions
                    .iter()
                    .map(|p| search_fresh(p, &Limits::depth(depth), o).nodes)
            })
            .collect()
    };
    let full = nodes(&quiet_opts());
    for t in TECHNIQUES {
        let mut techniques = Techniques::ALL;
        t.set(&mut techniques, false);
        let opts = SearchOptions {
            techniques,
            ..quiet_opts()
        };
        assert_ne!(
            nodes(&opts),
            full,
            "{} off changes nothing at depth {depth}",
            t.name
        );
    }
}

/// The selective search reaches the same depth in a small fraction of the nodes (the issue's
/// target: Kiwipete depth 12 under 2,000,000 nodes, where depth 9 alone took 25 million).
#[test]
fn selectivity_cuts_the_tree() {
    let pos = position(KIWIPETE);
    let selective = search_depth(&pos, 6);
    let pure_with_the_same_evaluation = SearchOptions {
        pure: true,
        ..quiet_opts()
    };
    let pure = search_fresh(&pos, &Limits::depth(6), &pure_with_the_same_evaluation);
    assert!(
        selective.nodes * 5 < pure.nodes,
        "selective {} pure {}",
        selective.nodes,
        pure.nodes
    );
    let deep = search_depth(&pos, 12);
    assert_eq!(deep.depth, 12);
    assert!(deep.nodes < 2_000_000, "depth 12: {} nodes", deep.nodes);
}

/// Null-move pruning must not blind the search to zugzwang: the selective search finds the
/// key move of four of the five positions of the zugzwang suite by depth 18 (the fifth of
/// them, a knight ending, by depth 22 with the evaluation of issue 13). (Qxh4, the fourth,
/// is found at depth 19 as the engine plays, with the continuation history of issue 12: at 17
/// before it, at 18 with every heuristic of the history family on.) (The fifth of the
/// suite, 3. g5, a pawn race, is not found by depth 18 by the full-width search either.)
/// (Nxd5, the knight ending, moved to depth 24 when checks were spared from pruning: found
/// at depth 20 (`go depth`, Hash 16) with them spared and the quiet checks taken in the full
/// list's order, 24 with them cut down to the checks first, 22 before; the order of equal
/// quiets decides it.) (26 with the generation-3 net: Rd8 scores -66 through
/// depth 25 and Nxd5 takes over during 26; the generation-2 net switched during 24.) The
/// knight ending has its own ignored test below.
#[test]
fn zugzwang_positions_are_still_solved() {
    assert_zugzwang_solved(&[
        ("zugzwang.001", "e1f1", 18),
        ("zugzwang.002", "g5h6", 18),
        ("zugzwang.004", "h3h4", 19),
    ]);
}

/// The knight ending of the test above (Nxd5 at depth 26) alone, behind `--ignored`: the
/// slowest search of the CI run, so it runs on demand (README, "Long checks").
#[test]
#[ignore]
fn zugzwang_knight_ending_is_still_solved() {
    assert_zugzwang_solved(&[("zugzwang.005", "f4d5", 26)]);
}

/// Searches each (id, key move, depth) of tests/data/zugzwang.epd and checks the key move.
fn assert_zugzwang_solved(solved: &[(&str, &str, i32)]) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/zugzwang.epd"
    ))
    .unwrap();
    for &(id, key, depth) in solved {
        let line = text.lines().find(|l| l.contains(id)).unwrap();
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let pos = position(&format!("{} 0 1", fen.join(" ")));
        let r = search_depth(&pos, depth);
        assert_eq!(uci(r.best), key, "{id}");
    }
}

// ---------------------------------------------------------------------------------------
// Limited strength
// ---------------------------------------------------------------------------------------

#[test]
fn limited_searches_play_legal_moves_within_the_gap_cap_on_the_perft_suites() {
    let mut positions: Vec<(String, bool)> = Vec::new();
    for f in ["perft/standard.epd", "perft/tricky.epd"] {
        positions.extend(load_fens(f).into_iter().map(|fen| (fen, false)));
    }
    positions.extend(
        load_fens("perft/chess960.epd")
            .into_iter()
            .step_by(16)
            .map(|fen| (fen, true)),
    );
    assert!(positions.len() >= 50, "{} positions", positions.len());
    // Two threads asked for: a limited search runs on one, and must still be sound.
    let mut searcher = Searcher::new(1, 2);
    let control = Control::new();
    let mut not_best = 0;
    for (i, (fen, chess960)) in positions.iter().enumerate() {
        let mut pos = position(fen);
        pos.set_chess960(*chess960);
        let skill = [0.0, 6.0, 12.0][i % 3];
        let level = Level::from_skill(skill, i as u64);
        let opts = SearchOptions {
            chess960: *chess960,
            threads: 2,
            level: Some(level),
            ..quiet_opts()
        };
        // A clock that the node budget, not the time, ends (and with no time to pace).
        let limits = Limits::depth(64);
        searcher.clear();
        control.reset(&limits);
        let r = searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
        let legal = legal_moves(pos.board());
        if legal.is_empty() {
            assert_eq!(r.best, Move::NULL, "{fen}");
            continue;
        }
        assert!(legal.contains(r.best), "{fen}: bestmove {:?}", r.best);
        if let Some(p) = r.ponder {
            let mut b = *pos.board();
            b.make_move(r.best);
            assert!(is_legal(&b, p), "{fen}: ponder {p:?} after {:?}", r.best);
        }
        assert!(
            r.nodes <= level.node_budget() || r.depth <= 1,
            "{fen}: {} nodes at depth {} over the budget {}",
            r.nodes,
            r.depth,
            level.node_budget()
        );
        // The move played is one of the ranked lines, within the cap of the best of them.
        let best_score = r.lines.iter().map(|l| l.score).max().unwrap();
        let played = r
            .lines
            .iter()
            .find(|l| l.pv.first() == Some(&r.best))
            .unwrap_or_else(|| panic!("{fen}: {:?} is not a ranked line", r.best));
        assert!(
            best_score - played.score <= level.gap_cap_cp(),
            "{fen}: played {} cp below the best, cap {}",
            best_score - played.score,
            level.gap_cap_cp()
        );
        assert!(r.lines.len() <= level.candidates().min(legal.len()));
        if r.best != r.lines[0].pv[0] {
            not_best += 1;
        }
    }
    // Weak levels do not always play the search's first choice.
    assert!(not_best > 0, "every limited search played its best line");
}

#[test]
fn a_limited_search_with_a_fixed_seed_repeats_itself() {
    let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let run = |seed| {
        let opts = SearchOptions {
            level: Some(Level::from_skill(4.0, seed)),
            ..quiet_opts()
        };
        search_fresh(&pos, &Limits::depth(64), &opts).best
    };
    for seed in [1, 2, 3] {
        assert_eq!(run(seed), run(seed), "seed {seed}");
    }
    // Without a level, the same search plays its best line and searches all the way.
    let full = search_fresh(&pos, &Limits::depth(6), &quiet_opts());
    assert_eq!(full.best, full.lines[0].pv[0]);
    assert_eq!(full.depth, 6);
}

/// The network-era terms of issue 26 (correction, evaluation-difference and pawn-structure
/// histories): each one switched the other way from how the engine plays changes the search.
/// Off, the evaluation-difference history gives back the search before it (the rows above); the
/// pawn-structure and correction histories are on in play since their game tests passed
/// (docs/elo.md), so off they must differ too.
#[test]
fn each_network_era_term_reaches_the_search() {
    let pos = position(KIWIPETE);
    let playing = search_fresh(&pos, &Limits::depth(10), &quiet_opts()).nodes;
    for (name, on_in_play) in [
        ("OrderCorrectionHistory", true),
        ("OrderEvalHistory", false),
        ("OrderPawnHistory", true),
    ] {
        let mut heuristics = quiet_opts().heuristics();
        let s = SWITCHES.iter().find(|s| s.uci == name).unwrap();
        let mut as_said = heuristics;
        s.set(&mut as_said, on_in_play);
        assert_eq!(
            as_said, heuristics,
            "{name} is not {on_in_play} as the engine plays"
        );
        s.set(&mut heuristics, !on_in_play);
        let mut opts = quiet_opts();
        opts.set_heuristics(heuristics);
        let flipped = search_fresh(&pos, &Limits::depth(10), &opts).nodes;
        assert_ne!(flipped, playing, "{name} switched changes nothing");
    }
}
