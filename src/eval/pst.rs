//! Material and piece-square tables, tapered between middlegame and endgame.
//! Fitted by scripts/tune_pst.py on ../shared/data/tuning/sf15-5knodes.txt.xz (logistic fit, L-BFGS, target 0.5*result + 0.5*sigmoid(score/171), L2 3e-10 + smoothness 1e-09 on PSTs).
//! Generated file: rerun `python3 scripts/tune_pst.py --out src/eval/pst.rs` instead of editing.

/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.
pub const MG_VALUE: [i32; 6] = [100, 436, 480, 644, 1172, 0];
/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.
pub const EG_VALUE: [i32; 6] = [142, 203, 226, 379, 773, 0];

/// Indexed by [piece type][square], square a1 = 0 .. h8 = 63, from White's side;
/// Black's pieces use the square mirrored vertically (sq ^ 56).
/// Each table lists rank 1 first, one rank of eight squares per line.
#[rustfmt::skip]
pub const PST_MG: [[i32; 64]; 6] = [
    // Pawn: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           0,    0,    0,    0,    0,    0,    0,    0,
         -65,  -25,  -24,  -36,  -27,    6,   18,  -46,
         -45,  -12,  -18,  -15,   -7,   -2,   16,  -40,
         -49,   -9,   -6,    3,   11,    3,    3,  -34,
         -35,    7,   -6,    9,   23,   16,   22,  -24,
          -5,   35,   21,   48,   41,   25,    5,  -22,
          46,   68,   52,   51,   51,   14,  -19,  -22,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    // Knight: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -52,  -43,  -37,  -21,  -22,  -27,  -44,  -73,
         -22,  -25,  -20,  -15,   -9,  -12,  -33,  -31,
         -19,  -22,   -1,   33,   23,   -3,    2,  -17,
         -12,  -14,    9,    7,   21,   34,   10,  -11,
          12,   28,   33,   48,   36,   44,   26,   23,
           3,   35,   29,   60,   80,   58,   48,    6,
         -15,    8,   33,   36,   38,   34,    0,  -15,
         -89,  -32,  -12,    5,  -16,  -19,  -32,  -48,
    ],
    // Bishop: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          -7,    6,  -29,  -28,   -9,  -35,    9,  -43,
           4,    2,    3,   -8,   -7,    0,    2,   -3,
          -5,   -2,    1,    8,    7,    2,   11,    0,
          15,    4,   12,   11,    4,    6,   12,   11,
           5,   14,   50,   44,   38,    6,    7,   18,
          -4,   37,   33,   66,   22,   23,   18,    8,
         -25,   -9,   30,   12,  -10,  -10,  -10,  -19,
         -62,  -25,  -22,  -25,  -31,  -49,  -36,  -50,
    ],
    // Rook: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -61,  -43,  -34,  -17,  -20,  -41,  -60,  -78,
         -73,  -63,  -50,  -20,  -17,  -37,  -54, -117,
         -77,  -65,  -51,  -32,  -21,  -37,  -55,  -50,
         -67,  -34,  -22,  -26,  -23,  -41,  -53,  -48,
         -22,   -8,   42,   42,   19,   21,    7,    7,
          25,   42,   51,   47,   50,   46,   28,   58,
          38,   57,   70,   61,   71,   78,   57,   85,
          47,   65,   68,   61,   58,   71,   70,   76,
    ],
    // Queen: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -29,  -33,  -35,  -26,  -20,  -34,  -27,  -27,
         -27,  -29,  -15,  -19,   -5,    2,    8,  -37,
          -7,  -16,  -16,  -19,  -10,   -6,    5,    6,
         -13,  -20,  -17,  -20,   -7,  -18,  -19,    5,
           0,  -24,   -6,    8,   21,    8,   12,   17,
         -21,    0,   -1,   18,   14,   23,   25,   23,
          24,  -13,    8,   17,   27,   40,   36,   70,
         -11,   -3,   13,   13,   31,   47,   41,   70,
    ],
    // King: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          51,   43,    4,  -69,  -15,  -49,   22,   30,
          39,    0,  -33,  -53,  -71,  -34,   -6,   15,
          17,   -2,  -38,  -70,  -67,  -29,  -18,  -18,
          12,    3,  -19,  -42,  -26,  -17,    1,   -1,
           9,   -2,  -14,  -29,  -10,   18,   33,   35,
           4,    1,   -3,  -10,    4,   27,   49,   52,
          -2,    3,    4,    5,   12,   32,   46,   52,
           1,    0,    2,    9,   11,   24,   39,   38,
    ],
];

/// Indexed by [piece type][square], square a1 = 0 .. h8 = 63, from White's side;
/// Black's pieces use the square mirrored vertically (sq ^ 56).
/// Each table lists rank 1 first, one rank of eight squares per line.
#[rustfmt::skip]
pub const PST_EG: [[i32; 64]; 6] = [
    // Pawn: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           0,    0,    0,    0,    0,    0,    0,    0,
           2,  -36,  -12,  -17,   -6,  -24,  -13,  -23,
         -32,  -42,  -36,  -37,  -24,  -32,  -26,  -32,
         -17,  -35,  -36,  -47,  -53,  -40,  -26,  -30,
          -2,  -28,  -18,  -27,  -35,  -25,  -21,  -40,
          23,   41,   38,   10,   20,   20,   19,   15,
          79,   87,   99,   95,   98,   70,   91,   67,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    // Knight: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          10,  -10,    7,    0,    6,  -21,  -14,  -34,
           8,  -14,   23,   21,    8,   -1,    2,    6,
          29,   10,   12,   19,   34,   17,   -5,   10,
         -26,   13,   45,   32,   36,   35,   12,    0,
         -29,   13,   20,   21,   34,   24,   31,  -10,
         -25,    1,   22,   23,   14,   22,    0,  -16,
         -15,  -14,   -9,   -1,   -3,  -11,  -32,  -28,
         -45,  -40,  -31,  -17,  -32,  -59,  -44,  -33,
    ],
    // Bishop: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          -9,   -5,  -17,   -8,   -7,  -13,    1,   -6,
          -1,  -13,    1,  -10,   10,    5,   -6,   -5,
         -23,   14,   12,    3,   12,   12,    6,  -10,
          10,   -4,   10,   15,   12,   21,   -1,  -13,
          11,    1,   -6,    5,    9,   -3,   -1,  -10,
         -22,  -11,   -8,   -2,   11,  -11,   -8,   -3,
          17,   -6,    3,   -3,   -8,   18,   -2,  -14,
          28,   22,  -18,   12,  -12,    7,   17,   -5,
    ],
    // Rook: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           8,   17,   -6,    5,   -6,    9,   11,    8,
          -9,   -4,    7,  -10,  -13,   -2,   -4,   13,
          19,   28,    1,   14,    9,    0,   -9,  -13,
          18,   24,    6,    4,   14,    5,    3,   -9,
           6,   19,    1,   -5,   11,    4,    8,   -1,
           9,    7,    1,   -8,   -1,   -3,  -17,  -21,
          -2,    5,   -3,    1,   -7,   -9,  -31,  -14,
         -12,    3,  -14,  -19,    0,  -10,  -24,  -10,
    ],
    // Queen: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -23,  -33,  -32,  -59,  -54,  -58,  -40,  -36,
         -17,  -20,  -28,  -21,  -41,  -39,  -35,  -31,
         -18,  -16,    8,   15,    0,  -13,    0,  -14,
          -7,    1,   22,   36,   38,   27,   15,    0,
         -13,   11,   31,   45,   55,   44,   35,    5,
         -10,   14,   16,   39,   44,   28,   31,   14,
           2,    1,   11,   24,   24,   14,   13,    6,
         -27,    0,    7,    0,    6,   16,    1,   -8,
    ],
    // King: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          26,   -7,  -16,  -26,  -54,  -18,  -18,  -33,
         -17,    4,    2,   11,   12,   -1,   -6,  -14,
         -19,   -4,   12,   16,   14,   12,   -2,  -11,
         -19,  -22,    0,   18,   11,    9,   -4,  -25,
          -2,    1,   12,   18,   10,   11,   -8,  -26,
          -5,   20,   19,   19,   21,    5,   -7,  -18,
          -2,   21,   21,   18,    9,    1,   -5,  -16,
          18,   16,   13,   16,   -3,   -2,    4,  -11,
    ],
];

/// Phase weight of each piece type; the sum over the board, capped at 24, is the middlegame share.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const MAX_PHASE: i32 = 24;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_tables_are_zero_on_back_ranks() {
        for sq in (0..8).chain(56..64) {
            assert_eq!(PST_MG[0][sq], 0);
            assert_eq!(PST_EG[0][sq], 0);
        }
    }

    #[test]
    fn tables_are_roughly_centred() {
        for pt in 0..6 {
            let squares: Vec<usize> = if pt == 0 {
                (8..56).collect()
            } else {
                (0..64).collect()
            };
            for table in [&PST_MG, &PST_EG] {
                let sum: i32 = squares.iter().map(|&sq| table[pt][sq]).sum();
                assert!(sum.abs() <= squares.len() as i32, "piece {pt}: sum {sum}");
            }
        }
    }
}
