//! `go searchmoves` in the library: a search restricted to some root moves returns the best
//! of the searches of each listed move alone, plays only listed moves, shows at most as many
//! lines as moves, and leaves no root entry in the table for a later full search to trust.

mod support;

use cutoff::board::{legal_moves, Move};
use cutoff::position::Position;
use cutoff::search::{search_fresh, Control, Limits, SearchOptions, SearchResult, Searcher};
use support::{load_fens, Rng};

/// Alpha-beta alone (no pruning), silent: the score at a fixed depth does not depend on
/// which moves share the search.
fn pure() -> SearchOptions {
    SearchOptions {
        report: false,
        pure: true,
        ..SearchOptions::default()
    }
}

fn restricted(depth: i32, moves: &[Move]) -> Limits {
    Limits {
        searchmoves: moves.to_vec(),
        ..Limits::depth(depth)
    }
}

fn search(pos: &Position, limits: &Limits, opts: &SearchOptions) -> SearchResult {
    search_fresh(pos, limits, opts)
}

#[test]
fn a_restricted_search_returns_the_best_of_its_moves_searched_alone() {
    let mut rng = Rng::new(27);
    let mut fens = load_fens("tests/data/eret.epd");
    fens.extend(load_fens("tests/data/arasan2023.epd"));
    let mut compared = 0;
    for fen in &fens {
        let pos = Position::from_fen(fen).expect("a valid FEN");
        let moves = legal_moves(pos.board());
        if moves.len() < 3 {
            continue;
        }
        // Two to four distinct legal moves.
        let mut listed: Vec<Move> = Vec::new();
        let want = 2 + rng.below(3);
        while listed.len() < want.min(moves.len()) {
            let m = *rng.pick(moves.as_slice());
            if !listed.contains(&m) {
                listed.push(m);
            }
        }
        let depth = 3;
        let together = search(&pos, &restricted(depth, &listed), &pure());
        assert!(
            listed.contains(&together.best),
            "{fen}: played {:?}",
            together.best
        );
        let alone: Vec<i32> = listed
            .iter()
            .map(|&m| search(&pos, &restricted(depth, &[m]), &pure()).score)
            .collect();
        let best = *alone.iter().max().unwrap();
        assert_eq!(together.score, best, "{fen}: {listed:?} alone {alone:?}");
        let i = listed.iter().position(|&m| m == together.best).unwrap();
        assert_eq!(alone[i], best, "{fen}: the move played scores the best");
        compared += 1;
    }
    assert!(compared >= 60, "only {compared} positions compared");
}

#[test]
fn multipv_shows_at_most_the_listed_moves_in_order() {
    let pos = Position::default();
    let parse = |t: &str| pos.board().parse_uci_move(t, false).unwrap();
    let listed = [parse("a2a3"), parse("h2h3"), parse("g1f3")];
    for (multipv, lines) in [(1, 1), (2, 2), (3, 3), (5, 3)] {
        let opts = SearchOptions { multipv, ..pure() };
        let r = search(&pos, &restricted(4, &listed), &opts);
        assert_eq!(r.lines.len(), lines, "MultiPV {multipv}");
        for l in &r.lines {
            assert!(listed.contains(&l.pv[0]), "{:?}", l.pv);
        }
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
    }
}

#[test]
fn a_full_search_after_a_restricted_one_finds_the_true_best_move() {
    // Kiwipete: a2a3 is far from the best move.
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let weak = pos.board().parse_uci_move("a2a3", false).unwrap();
    let opts = pure();
    let fresh = search(&pos, &Limits::depth(4), &opts);
    assert_ne!(fresh.best, weak);

    let control = Control::new();
    let mut searcher = Searcher::new(16, 1);
    let limits = restricted(4, &[weak]);
    control.reset(&limits);
    let r = searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
    assert_eq!(r.best, weak);
    // (That the restricted root stored no table entry is checked inside the crate, in
    // search/mod.rs's tests.)
    let full = Limits::depth(4);
    control.reset(&full);
    let after = searcher.search(&pos, &full, &opts, &control, &mut |_| {});
    assert_eq!((after.best, after.score), (fresh.best, fresh.score));
}

#[test]
fn a_level_plays_only_a_listed_move() {
    let pos = Position::default();
    let parse = |t: &str| pos.board().parse_uci_move(t, false).unwrap();
    let listed = [parse("a2a3"), parse("h2h4")];
    for seed in 0..6 {
        let opts = SearchOptions {
            report: false,
            level: Some(cutoff::search::Level::from_skill(3.0, seed)),
            ..SearchOptions::default()
        };
        let r = search(&pos, &restricted(64, &listed), &opts);
        assert!(listed.contains(&r.best), "seed {seed}: {:?}", r.best);
    }
}

#[test]
fn every_lazy_smp_thread_keeps_to_the_list() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let parse = |t: &str| pos.board().parse_uci_move(t, false).unwrap();
    let listed = [parse("a2a3"), parse("g2g3")];
    let opts = SearchOptions {
        report: false,
        threads: 3,
        ..SearchOptions::default()
    };
    for depth in [6, 8] {
        let r = search(&pos, &restricted(depth, &listed), &opts);
        assert!(listed.contains(&r.best), "depth {depth}: {:?}", r.best);
        assert!(r.lines.iter().all(|l| listed.contains(&l.pv[0])));
    }
}
