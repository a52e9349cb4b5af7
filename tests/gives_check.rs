//! `Board::gives_check` and `CheckSquares::gives_check` (whether a move checks, without
//! playing it) agree with playing the move and asking the new board, over every legal move of
//! many random games: standard, Chess960 and the tricky sample (castling, en passant,
//! promotions, discovered checks).

mod support;

use cutoff::board::{legal_moves, Board, CheckSquares};
use cutoff::position::Position;
use support::{sample, Rng};

#[test]
fn gives_check_agrees_with_making_the_move() {
    let mut rng = Rng::new(0xC4EC_C4EC);
    let (mut moves, mut checks) = (0, 0);
    for e in ["standard", "chess960", "tricky"]
        .iter()
        .flat_map(|n| sample(n))
    {
        for _game in 0..10 {
            let mut pos = Position::new(Board::from_fen(&e.fen).unwrap());
            for _ply in 0..100 {
                let b = *pos.board();
                let list = legal_moves(&b);
                if list.is_empty() {
                    break;
                }
                let squares = CheckSquares::of(&b);
                for &m in list.iter() {
                    let mut after = b;
                    after.make_move(m);
                    assert_eq!(b.gives_check(m), after.in_check(), "{m:?} in {}", b.fen());
                    assert_eq!(
                        squares.gives_check(&b, m),
                        after.in_check(),
                        "check squares: {m:?} in {}",
                        b.fen()
                    );
                    moves += 1;
                    checks += after.in_check() as usize;
                }
                // Prefer checks and captures, so the games reach open, tactical positions.
                let sharp: Vec<_> = list
                    .iter()
                    .filter(|&&m| m.is_noisy() || b.gives_check(m))
                    .collect();
                let m = if !sharp.is_empty() && rng.below(2) == 0 {
                    *sharp[rng.below(sharp.len())]
                } else {
                    list[rng.below(list.len())]
                };
                pos.make_move(m);
            }
        }
    }
    assert!(checks > 5_000, "only {checks} checks in {moves} moves");
    println!("{moves} moves, {checks} checks");
}

#[test]
fn gives_check_by_kind() {
    let checks = |fen: &str, uci: &str| {
        let b = Board::from_fen(fen).unwrap();
        let m = b.parse_uci_move(uci, false).unwrap();
        let fast = CheckSquares::of(&b).gives_check(&b, m);
        assert_eq!(
            fast,
            b.gives_check(m),
            "the two ways disagree on {uci} in {fen}"
        );
        fast
    };
    // WAC #1 after 1.Qg6 Qxe5: Qh7 mates, Qxg7 checks, Qg4 does not.
    let wac = "2rr3k/pp3pp1/1n1qbNQp/3p4/2pP4/2P5/PPB4P/R4RK1 w - - 0 2";
    assert!(checks(wac, "g6h7"));
    assert!(checks(wac, "g6g7"));
    assert!(!checks(wac, "g6g4"));
    // A discovered check: the knight or bishop uncovers the rook; a pawn moving along the
    // rook's file still blocks it.
    assert!(checks("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "e4c5"));
    assert!(checks("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1", "e4d5"));
    assert!(!checks("4k3/8/8/8/4P3/8/8/4RK2 w - - 0 1", "e4e5"));
    // The king uncovers its own rook; a bishop moving along its diagonal away from the king
    // it was blocked from gives no check.
    assert!(checks("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2d2"));
    assert!(!checks("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2e3"));
    assert!(!checks("7k/8/5P2/8/3B4/8/8/K7 w - - 0 1", "d4c3"));
    // En passant opens the rank: to a rook it checks, to a king it does not.
    assert!(checks("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", "e5d6"));
    assert!(!checks("8/8/8/K2pP2k/8/8/8/8 w - d6 0 1", "e5d6"));
    // Castling: the rook checks from f1.
    assert!(checks("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"));
    // Under-promotion: a knight on d8 checks the king on e6, a queen there does not.
    assert!(checks("8/3P4/4k3/8/8/8/8/4K3 w - - 0 1", "d7d8n"));
    assert!(!checks("8/3P4/4k3/8/8/8/8/4K3 w - - 0 1", "d7d8q"));
}
