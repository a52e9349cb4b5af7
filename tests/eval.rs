//! The evaluation: colour symmetry over the perft and test suites and the tuning sample, and
//! the incremental, cached and from-scratch computations agreeing along random games.

mod support;

use cutoff::board::{legal_moves, Board};
use cutoff::eval::{self, EvalState, NoTrace};
use cutoff::position::Position;
use support::{load_fens, mirror, Rng};

fn positions() -> Vec<String> {
    let mut fens = Vec::new();
    for file in [
        "perft/standard.epd",
        "perft/tricky.epd",
        "suites/arasan2023.epd",
        "suites/eret.epd",
        "suites/bk.epd",
        "suites/zugzwang.epd",
    ] {
        fens.extend(load_fens(file));
    }
    let sample = support::crate_root().join("tests/data/tune_sample.txt");
    let text = std::fs::read_to_string(sample).expect("the tuning sample");
    fens.extend(
        text.lines()
            .map(|l| l.split('|').next().unwrap().trim().to_string()),
    );
    fens
}

#[test]
fn a_position_and_its_mirror_evaluate_the_same() {
    let fens = positions();
    assert!(fens.len() > 6000, "{} positions", fens.len());
    for fen in &fens {
        let a = Board::from_fen(fen).expect("a valid FEN");
        let m = mirror(fen);
        let b = Board::from_fen(&m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        let (ea, eb) = (eval::trace(&a, &mut NoTrace), eval::trace(&b, &mut NoTrace));
        assert_eq!(ea, eb, "{fen} vs its mirror {m}");
        // The term table is the mirror image too: White's column is the mirror's Black one.
        let (ta, tb) = (eval::breakdown(&a), eval::breakdown(&b));
        for (x, y) in ta.terms.iter().zip(&tb.terms) {
            assert_eq!((x[0], x[1]), (y[1], y[0]), "{fen}");
        }
    }
}

#[test]
fn incremental_cached_and_fresh_evaluations_agree() {
    let mut rng = Rng::new(13);
    let fens = positions();
    for fen in fens.iter().step_by(7) {
        let mut pos = Position::from_fen(fen).expect("a valid FEN");
        // The search's state: sums kept move by move and a pawn table that fills up.
        let mut state = EvalState::new(pos.board());
        for _ in 0..40 {
            let b = *pos.board();
            let fresh = eval::trace(&b, &mut NoTrace);
            assert_eq!(eval::evaluate(&b), fresh, "{}", b.fen());
            assert_eq!(state.evaluate(&b), fresh, "{} (incremental)", b.fen());
            assert_eq!(eval::breakdown(&b).eval, fresh);
            let moves = legal_moves(&b);
            if moves.is_empty() {
                break;
            }
            let dirty = pos.make_move(moves[rng.below(moves.len())]);
            state.push(&dirty, pos.board());
        }
    }
}

#[test]
fn mirroring_twice_is_the_identity() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(mirror(&mirror(fen)), fen);
    assert_eq!(
        mirror("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 2"
    );
}
