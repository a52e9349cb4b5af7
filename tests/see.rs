//! Static exchange evaluation on positions whose exchanges are worked out by hand with
//! PIECE_VALUE (pawn 100, knight 300, bishop 300, rook 500, queen 900), and `see_ge`
//! agreeing with `see` over every capture of many random positions.

mod support;

use cutoff::board::{legal_moves, see, see_ge, Board, PIECE_VALUE};
use cutoff::position::Position;
use support::{sample, Rng};

const P: i32 = PIECE_VALUE[0];
const N: i32 = PIECE_VALUE[1];
const B: i32 = PIECE_VALUE[2];
const R: i32 = PIECE_VALUE[3];
const Q: i32 = PIECE_VALUE[4];

fn value_of(fen: &str, uci: &str) -> i32 {
    let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = b
        .parse_uci_move(uci, false)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    let v = see(&b, m);
    // see_ge must agree on both sides of the value.
    assert!(see_ge(&b, m, v), "see_ge({uci}, {v}) in {fen}");
    assert!(!see_ge(&b, m, v + 1), "see_ge({uci}, {}) in {fen}", v + 1);
    v
}

#[test]
fn piece_values() {
    assert_eq!(PIECE_VALUE[..5], [100, 300, 300, 500, 900]);
}

#[test]
fn simple_captures() {
    // Undefended pawn.
    assert_eq!(value_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), P);
    // Pawn defended by a pawn: the rook is lost for it.
    assert_eq!(
        value_of("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
        P - R
    );
    // Pawn takes a defended knight: knight for pawn.
    assert_eq!(
        value_of("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
        N - P
    );
    // Equal trade: bishop takes a bishop defended by a pawn.
    assert_eq!(
        value_of("4k3/8/2p5/3b4/8/8/6B1/4K3 w - - 0 1", "g2d5"),
        B - B
    );
}

#[test]
fn x_rays() {
    // Doubled rooks: RxP, RxR, RxR. Black does better not to retake: +pawn.
    assert_eq!(value_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), P);
    // Both sides doubled: RxP RxR RxR RxR costs White a rook for a pawn.
    assert_eq!(
        value_of("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
        P - R
    );
    // Queen behind the bishop: BxN BxB QxB, a knight up.
    assert_eq!(value_of("4k2b/8/8/4n3/8/2B5/1Q6/4K3 w - - 0 1", "c3e5"), N);
    // Without the queen: BxN BxB, a bishop for a knight.
    assert_eq!(
        value_of("4k2b/8/8/4n3/8/2B5/8/4K3 w - - 0 1", "c3e5"),
        N - B
    );
    // PxR; NxP would meet BxN (the bishop sees d5 once the c4 pawn has left), so Black
    // keeps the knight home: a rook won. Without the x-ray it would be R - P.
    assert_eq!(value_of("4k3/8/5n2/3r4/2P5/1B6/8/4K3 w - - 0 1", "c4d5"), R);
}

#[test]
fn promotions() {
    // bxa8=Q takes a rook and makes a queen: 500 + 800.
    assert_eq!(
        value_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
        R + Q - P
    );
    // The same with a knight guarding a8: the new queen is lost, rook for pawn.
    assert_eq!(
        value_of("r3k3/1P6/1n6/8/8/8/8/4K3 w - - 0 1", "b7a8q"),
        R - P
    );
    // Under-promotion to a knight, unguarded: rook plus knight minus pawn.
    assert_eq!(
        value_of("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n"),
        R + N - P
    );
    // Quiet promotion, unguarded and guarded.
    assert_eq!(value_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), Q - P);
    assert_eq!(value_of("7r/1P6/8/8/8/8/k7/4K3 w - - 0 1", "b7b8q"), -P);
    // A pawn retaking on the last rank promotes too. QxN on d8; if RxQ then cxd8=Q, so
    // Black does not retake and White is a knight up. (Counting the pawn as a pawn would
    // give QxN RxQ PxR = 300 - 900 + 500 = -100.)
    assert_eq!(value_of("3n3r/2P5/8/8/8/8/k7/3QK3 w - - 0 1", "d1d8"), N);
    // And Black's pawns promote on the first rank: QxN on e1, RxQ would meet fxe1=Q.
    assert_eq!(value_of("4q3/k7/8/8/8/8/K4p2/4N2R b - - 0 1", "e8e1"), N);
}

#[test]
fn en_passant() {
    // exd6 e.p., nothing retakes.
    assert_eq!(value_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), P);
    // c7 retakes: pawn for pawn.
    assert_eq!(value_of("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
    // Taking the d5 pawn opens the d-file to the d1 rook, which guards d6: Black's
    // Rxd6 loses the rook, so White keeps the pawn.
    assert_eq!(value_of("3rk3/8/8/3pP3/8/8/8/3RK3 w - d6 0 1", "e5d6"), P);
}

#[test]
fn king_as_the_last_attacker() {
    // The king guards d5 alone: RxP KxR.
    assert_eq!(value_of("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), P - R);
    // The a2 bishop also guards d5, so the king cannot retake.
    assert_eq!(value_of("8/8/4k3/3p4/8/8/B7/3RK3 w - - 0 1", "d1d5"), P);
    // The rook behind the queen guards d5 once the queen has gone: the king cannot retake.
    assert_eq!(value_of("8/8/4k3/3p4/8/8/3Q4/3RK3 w - - 0 1", "d2d5"), P);
    // White's king ends it: RxP NxR KxN = 100 - 500 + 300.
    assert_eq!(
        value_of("8/8/2K2n2/3p4/8/7k/8/3R4 w - - 0 1", "d1d5"),
        P - R + N
    );
    // With the d8 rook also guarding d5 the king cannot retake: RxP NxR.
    assert_eq!(
        value_of("3r4/8/2K2n2/3p4/8/7k/8/3R4 w - - 0 1", "d1d5"),
        P - R
    );
}

#[test]
fn quiet_moves_and_castling() {
    // A queen stepping where a pawn takes it.
    assert_eq!(value_of("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1e2"), 0);
    assert_eq!(value_of("4k3/8/8/8/3p4/8/8/2Q1K3 w - - 0 1", "c1c3"), -Q);
    // Castling exchanges nothing.
    assert_eq!(value_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1"), 0);
}

/// see_ge(m, t) == (see(m) >= t) for every move of many positions of random games.
#[test]
fn see_ge_agrees_with_see() {
    let thresholds = [
        -2000, -1300, -900, -801, -800, -500, -400, -301, -300, -299, -200, -101, -100, -99, -1, 0,
        1, 99, 100, 101, 200, 299, 300, 301, 400, 500, 700, 800, 900, 1300, 2000,
    ];
    let mut rng = Rng::new(0x5EE_5EE);
    let mut checked = 0;
    let mut captures = 0;
    for e in ["standard", "chess960", "tricky"]
        .iter()
        .flat_map(|n| sample(n))
    {
        for game in 0..20 {
            let mut pos = Position::new(Board::from_fen(&e.fen).unwrap());
            for ply in 0..80 {
                let b = *pos.board();
                let list = legal_moves(&b);
                if list.is_empty() {
                    break;
                }
                if ply % 4 == game % 4 {
                    for &m in list.iter() {
                        let v = see(&b, m);
                        if m.is_capture() {
                            captures += 1;
                        }
                        for &t in &thresholds {
                            assert_eq!(
                                see_ge(&b, m, t),
                                v >= t,
                                "{m:?} {t} (see {v}) in {}",
                                b.fen()
                            );
                            checked += 1;
                        }
                        assert!(see_ge(&b, m, v) && !see_ge(&b, m, v + 1), "{m:?} {v}");
                    }
                }
                // Prefer captures, so the games reach crowded exchanges and endgames.
                let caps: Vec<_> = list.iter().filter(|m| m.is_noisy()).collect();
                let m = if !caps.is_empty() && rng.below(3) == 0 {
                    *caps[rng.below(caps.len())]
                } else {
                    list[rng.below(list.len())]
                };
                pos.make_move(m);
            }
        }
    }
    assert!(captures > 10_000, "only {captures} captures");
    println!("{checked} see_ge checks over {captures} captures");
}
