//! Tactics the selective search must not be blind to (issue 24): each position is searched
//! with every technique on, at a node budget, and must end with the right move and, for a
//! mate, the exact mate score. WAC #1 was missed at 1,000,000 nodes before checks were spared
//! from pruning (`SearchSpareChecks`), mate.007 of the mate suite at 3,000,000 before decisive
//! windows (`SearchDecisiveWindows`; see docs/tactics.md). Each case names the techniques that
//! keep it found, and checks that with them off the position is missed. Both
//! evaluations must find them; the misses without spared checks are the classical
//! evaluation's.

use cutoff::eval::nnue::{default_network, embedded, Network};
use cutoff::position::Position;
use cutoff::search::techniques::{Techniques, TECHNIQUES};
use cutoff::search::{search_fresh, Limits, SearchOptions, SearchResult};
use cutoff::uci::info::format_score;
use std::sync::Arc;

struct Case {
    name: &'static str,
    fen: &'static str,
    /// Moves to play first, UCI.
    moves: &'static [&'static str],
    best: &'static str,
    /// The final score, as `info` prints it ("mate 2"); None: any score.
    score: Option<&'static str>,
    /// The budget with the default net.
    nodes: u64,
    /// The budget with the hand-written evaluation (where it needs more than the net); the
    /// techniques' misses are checked at this budget too.
    classical_nodes: u64,
    /// The techniques (`TECHNIQUES`' short names) that keep it found within the budget: with
    /// all of them off, it is missed.
    kept_by: &'static [&'static str],
}

const CASES: &[Case] = &[
    // 1.Qg6 fxg6 2.Nxg6#, 1...gxf6 (or Nxe5, Qxe5) 2.Qh7#. Stockfish 15.1: 855 nodes. The
    // issue's bound is 200,000; found after 95,692 nodes with the generation-4 net (it likes
    // 1.Ne8 by 2 pawns until depth 10, then widens the aspiration window six times on 1.Qg6),
    // 61,285 with generation 3, 4,998 with generation 2; generation 5 after 76,508, 6 after
    // 69,925, 7 after 21,319 (all of these by `scripts/tactics.py`, Hash 16). With the correction history on in
    // play (23c60c2): mate 2 within 50,000 nodes with the net (5,000 without it) and from
    // 1,419,029 with the classical evaluation (100,000 without it), hence its own budget.
    // Without spared checks: missed at 1,500,000.
    Case {
        name: "WAC #1",
        fen: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        moves: &[],
        best: "g3g6",
        score: Some("mate 2"),
        nodes: 150_000,
        classical_nodes: 1_500_000,
        kept_by: &["checks"],
    },
    // The same after 1.Qg6: every Black move is mated at once (2.Qh7# is a quiet move).
    // Without spared checks the search sees a mate only from depth 8, and a longer one.
    Case {
        name: "WAC #1 after 1.Qg6",
        fen: "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        moves: &["g3g6"],
        best: "",
        score: Some("mate -1"),
        nodes: 5_000,
        classical_nodes: 5_000,
        kept_by: &["checks"],
    },
    // Bratko-Kopec 1: 1...Qd1+ 2.Kxd1 Bg4+ and mate (a quiet queen sacrifice giving check).
    // Either spared checks or decisive windows find it within the budget: mate 3 after 2,319
    // nodes with the classical evaluation, 3,029 with generation 4; without both, after 28,896
    // and 24,933 (depth 10 and 9). Before the pawn-structure and capture histories were on in
    // play (88fe0a3) the classical search without both needed 450,348 (depth 14), so the
    // budget was 100,000. Generation 5 finds it after 14,137 nodes (3,056 for generation 4 by
    // `scripts/tactics.py`): its first iterations re-search 1...Qd4 in widening windows.
    Case {
        name: "BK.01",
        fen: "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
        moves: &[],
        best: "d6d1",
        score: Some("mate 3"),
        nodes: 40_000,
        classical_nodes: 10_000,
        kept_by: &["checks", "decisive"],
    },
    // mate.007 of tests/data/mates.epd: 1.Bd5 (threat 2.Qf7#) mates in 4, but 1.e6 already
    // wins about 15 pawns, so Bd5's subtree is asked whether it wins by more: a decisive
    // window, where the defender's reverse futility and the attacker's razoring cut the mate
    // proof with static margins. 862 nodes with the net, 653 with the classical evaluation;
    // without decisive windows 2,214 and 6,595. Before the pawn-structure and capture histories
    // were on in play (88fe0a3): 872 and 680, without decisive windows 2.9 M and 0.76 M, so
    // the budget was 20,000. Generation 5 values 1.e6 below the decisive window (+8.7 pawns
    // at depth 6), so it finds the mate only at depth 8, after 18,526 nodes (`scripts/
    // tactics.py`), and only since the defender's null move is off in a decisive window: before,
    // its reduced search fell into quiescence, which cannot see the quiet 2.Qf7#, and 1.e6's
    // score climbed through aspiration re-searches past 1,000,000 nodes.
    Case {
        name: "mate.007",
        fen: "3b1k1q/3P4/1p3pQ1/1P2PP2/7p/7P/6B1/7K w - - 2 52",
        moves: &[],
        best: "g2d5",
        score: Some("mate 4"),
        nodes: 40_000,
        classical_nodes: 2_000,
        kept_by: &["decisive"],
    },
];

fn search(
    case: &Case,
    techniques: Techniques,
    network: Option<Arc<Network>>,
    nodes: u64,
) -> SearchResult {
    let mut pos = Position::from_fen(case.fen).unwrap();
    for uci in case.moves {
        let m = pos.board().parse_uci_move(uci, false).unwrap();
        pos.make_move(m);
    }
    let opts = SearchOptions {
        report: false,
        techniques,
        network,
        ..SearchOptions::default()
    };
    search_fresh(&pos, &Limits::nodes(nodes), &opts)
}

fn solved(case: &Case, r: &SearchResult) -> bool {
    let material = 78;
    (case.best.is_empty() || r.best.uci(false).to_string() == case.best)
        && case
            .score
            .is_none_or(|s| format_score(r.score, material) == s)
}

#[test]
fn tactics_are_found_within_their_node_budget() {
    // The default evaluation, the classical one, and the embedded net if it is not the default.
    let mut evaluations = vec![default_network(), None];
    if default_network().is_none() {
        evaluations.push(embedded());
    }
    for (case, network) in CASES
        .iter()
        .flat_map(|c| evaluations.iter().map(move |n| (c, n)))
    {
        let nodes = match network {
            Some(_) => case.nodes,
            None => case.classical_nodes,
        };
        let r = search(case, Techniques::ALL, network.clone(), nodes);
        assert!(
            solved(case, &r),
            "{} ({}): {} {} at depth {} after {} nodes",
            case.name,
            network.as_ref().map_or("classical".to_string(), |n| n.id()),
            r.best.uci(false),
            format_score(r.score, 78),
            r.depth,
            r.nodes
        );
    }
}

#[test]
fn without_the_techniques_that_keep_them_the_tactics_are_missed() {
    for case in CASES {
        let mut techniques = Techniques::ALL;
        for name in case.kept_by {
            let technique = TECHNIQUES.iter().find(|t| t.name == *name).unwrap();
            technique.set(&mut techniques, false);
        }
        let r = search(case, techniques, None, case.classical_nodes);
        assert!(
            !solved(case, &r),
            "{}: found without {:?}",
            case.name,
            case.kept_by
        );
    }
}

/// The mate suite's budget: each position is searched to this many nodes. 300,000 since
/// generation 5: at 100,000 the count moves by which mates fall just inside the budget (gen 4
/// 235, gen 5 234, each missing mates the other finds), at 300,000 it measures the misses that
/// stay (docs/tactics.md).
const MATE_SUITE_NODES: u64 = 300_000;
/// Mates the default search finds at their exact distance within that budget (generation 7:
/// 258; generation 6 254, generation 5 256, each missing mates the others find; over six
/// budgets from 50,000 to 300,000 nodes generation 7 finds 1,472, generation 6 1,465): fewer
/// means the blindness is back. At 100,000 nodes generation 4 found 235, generation 3 238.
const MATE_SUITE_FLOOR: usize = 258;

/// `tests/data/mates.epd` (issue 24): 262 mates in at most six, each with a unique shortest
/// mating move, from Cutoff's own games. A position counts as solved when the search ends on
/// that move with the mate at its exact distance; a mate reported shorter than the shortest
/// one, or the side to move reported mated, is a wrong score and fails the test whatever the
/// count.
#[test]
fn the_mate_suite_is_solved_at_exact_distances() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/mates.epd");
    let (entries, errors) = cutoff::tools::epd::read_epd_file(path).unwrap();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(entries.len(), 262);
    let network = default_network();
    let check = |entry: &cutoff::tools::epd::EpdEntry| -> Result<bool, String> {
        let distance: i32 = entry
            .ops
            .iter()
            .find(|op| op.opcode == "dm")
            .and_then(|op| op.operands.first())
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| format!("{}: no dm", entry.name()))?;
        let pos = Position::from_fen(&entry.fen).unwrap();
        let opts = SearchOptions {
            report: false,
            network: network.clone(),
            ..SearchOptions::default()
        };
        let r = search_fresh(&pos, &Limits::nodes(MATE_SUITE_NODES), &opts);
        let score = format_score(r.score, 78);
        let best = entry.best_moves.contains(&r.best);
        match score
            .strip_prefix("mate ")
            .map(|n| n.parse::<i32>().unwrap())
        {
            Some(n) if n <= 0 || n < distance || (n == distance && !best) => Err(format!(
                "{}: {} {score}, but the shortest mate is {} in {distance}",
                entry.name(),
                r.best.uci(false),
                entry.best_moves[0].uci(false)
            )),
            Some(n) => Ok(n == distance),
            None => Ok(false),
        }
    };
    // Two threads: the suite is the slowest test.
    let (first, second) = entries.split_at(entries.len() / 2);
    let results: Vec<Result<bool, String>> = std::thread::scope(|s| {
        let a = s.spawn(|| first.iter().map(check).collect::<Vec<_>>());
        let b = second.iter().map(check).collect::<Vec<_>>();
        let mut all = a.join().unwrap();
        all.extend(b);
        all
    });
    let wrong: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(wrong.is_empty(), "wrong mate scores: {wrong:#?}");
    let solved = results.iter().filter(|r| matches!(r, Ok(true))).count();
    eprintln!(
        "mate suite: {solved} of {} at {MATE_SUITE_NODES} nodes",
        entries.len()
    );
    assert!(
        solved >= MATE_SUITE_FLOOR,
        "{solved} of {} mates found at their exact distance within {MATE_SUITE_NODES} nodes, \
         fewer than the {MATE_SUITE_FLOOR} measured",
        entries.len()
    );
}
