//! Material and piece-square tables, tapered between middlegame and endgame.
//! Fitted by tools/tune_pst.py on ../shared/data/tuning/sf15-5knodes.txt.xz (L-BFGS on cross-entropy vs 0.5*result + 0.5*sigmoid(score/171), L2 3e-09 on PSTs, 90/10 split).
//! Generated file: rerun `python3 tools/tune_pst.py --out src/eval/pst.rs` instead of editing.

/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.
pub const MG_VALUE: [i32; 6] = [100, 441, 489, 638, 1177, 0];
/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.
pub const EG_VALUE: [i32; 6] = [143, 211, 230, 389, 790, 0];

/// Indexed by [piece type][square], square a1 = 0 .. h8 = 63, from White's side;
/// Black's pieces use the square mirrored vertically (sq ^ 56).
/// Each table lists rank 1 first, one rank of eight squares per line.
#[rustfmt::skip]
pub const PST_MG: [[i32; 64]; 6] = [
    // Pawn: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           0,    0,    0,    0,    0,    0,    0,    0,
         -62,  -23,  -22,  -34,  -27,    8,   21,  -44,
         -42,  -10,  -17,  -14,   -6,   -1,   19,  -38,
         -47,   -7,   -4,    4,   12,    4,    5,  -32,
         -33,    9,   -6,    9,   25,   16,   24,  -23,
          -6,   34,   15,   50,   36,   24,    9,  -19,
          35,   52,   38,   35,   38,   10,  -13,   -1,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    // Knight: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -25,  -42,  -28,  -15,  -20,  -25,  -44,  -42,
         -13,  -14,  -18,  -15,   -9,  -10,  -33,  -25,
         -18,  -21,    0,   36,   24,   -3,    3,  -17,
         -10,  -17,    9,    7,   21,   35,    7,  -12,
           8,   28,   31,   48,   34,   40,   24,   22,
          -9,   33,   10,   47,   72,   31,   45,   -9,
          -2,    3,   29,   12,   15,   25,  -12,   -9,
         -67,   -7,  -17,    1,  -28,  -20,  -15,  -30,
    ],
    // Bishop: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -10,    7,  -32,  -30,   -8,  -39,   23,  -42,
           2,    0,    1,  -10,  -11,   -1,   -1,   -2,
          -7,   -7,   -1,    5,    5,   -1,    9,   -3,
          12,    1,    8,    6,   -1,    3,    8,    6,
           0,    9,   46,   33,   35,   -3,    3,   14,
          -9,   38,   10,   62,    4,   23,   15,    4,
         -11,  -15,   32,   -1,  -11,   -7,   -3,   -9,
         -41,    0,  -17,  -17,   -7,  -30,   -8,  -31,
    ],
    // Rook: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -43,  -26,  -17,    0,   -2,  -24,  -41,  -60,
         -54,  -38,  -33,    0,    1,  -19,  -26,  -96,
         -55,  -43,  -29,  -15,   -2,  -18,  -32,  -26,
         -45,   -8,   -8,  -16,  -10,  -26,  -37,  -30,
          -7,   -7,   49,   47,   18,   28,   15,   14,
          26,   38,   34,   31,   35,   24,    5,   39,
          30,   43,   55,   32,   46,   48,   17,   51,
          24,   29,   25,   19,    8,   18,   18,   22,
    ],
    // Queen: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -21,  -28,  -33,  -23,  -19,  -36,  -21,  -13,
         -21,  -26,  -10,  -15,   -2,    2,   14,  -36,
           0,  -11,  -10,  -14,   -4,   -1,    8,   11,
          -9,  -13,   -9,  -13,    2,  -13,  -14,    8,
           9,  -21,    5,   17,   31,   12,   15,   21,
         -25,   11,    2,   22,    8,   20,   19,   13,
          32,  -16,   10,   11,   15,   26,   14,   52,
         -13,   -2,   10,   -1,   12,   21,    4,   34,
    ],
    // King: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          39,   51,   16,  -60,   -4,  -41,   34,   38,
          37,    2,  -23,  -36,  -61,  -21,    4,   25,
           6,    1,  -18,  -44,  -42,   -7,   -9,  -16,
           3,    9,    2,  -15,    4,  -11,    3,   -5,
           5,   -1,   -1,  -16,   -1,   16,   17,   12,
           3,    2,    5,   -5,    0,    8,   20,   14,
          -4,    6,    5,    4,    3,   10,   12,   13,
           2,   -1,    1,    4,   -1,    0,    8,    0,
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
           4,  -35,   -9,  -13,   -2,  -22,  -11,  -21,
         -30,  -41,  -33,  -34,  -21,  -29,  -24,  -30,
         -15,  -33,  -33,  -45,  -51,  -38,  -24,  -28,
           0,  -27,  -16,  -24,  -32,  -21,  -19,  -39,
          23,   42,   39,    8,   21,   20,   17,   15,
          74,   82,   90,   87,   86,   54,   82,   54,
           0,    0,    0,    0,    0,    0,    0,    0,
    ],
    // Knight: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           4,  -15,   -2,  -11,    2,  -28,  -14,  -30,
           0,  -29,   18,   15,    1,   -7,    0,    6,
          28,    4,    5,   11,   29,   12,  -13,    7,
         -33,    9,   41,   27,   30,   30,    5,   -5,
         -28,   12,   15,   14,   31,   17,   30,  -15,
         -20,    0,   24,   24,   10,   26,   -2,  -10,
          -2,   -9,   -9,    2,    4,   -5,  -23,  -16,
         -27,  -23,  -20,   -7,  -17,  -48,  -14,  -11,
    ],
    // Bishop: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          -8,   -4,  -18,   -7,  -10,  -14,    1,   -7,
           4,  -14,    1,  -11,   12,    4,   -6,   -3,
         -26,   18,   12,    3,   12,   11,    7,   -8,
          12,   -6,   12,   16,   12,   23,   -1,  -11,
          13,    4,   -5,    9,   10,   -2,    2,   -8,
         -25,  -10,   -1,   -1,   18,  -14,   -7,    1,
          15,   -9,    6,   -2,  -11,   22,   -6,  -16,
          14,   20,  -25,   16,  -17,    1,   16,   -9,
    ],
    // Rook: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
           0,   10,  -14,   -1,  -13,    0,    3,   -2,
         -18,  -16,    2,  -18,  -20,   -7,  -16,    7,
          10,   21,   -8,   10,    3,   -6,  -16,  -21,
           9,   14,    2,    1,    9,    1,   -1,  -14,
           1,   19,   -1,   -6,   14,    2,    8,   -1,
          10,    9,    8,   -1,    6,    5,   -9,  -14,
           3,   11,    5,   14,    2,    3,  -18,    0,
          -4,   14,   -1,   -7,   15,    4,  -10,    6,
    ],
    // Queen: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
         -12,  -23,  -13,  -50,  -28,  -33,   -9,  -12,
          -4,   -9,  -26,  -11,  -36,  -23,  -24,  -10,
         -12,  -18,    9,   13,   -2,  -14,    9,   -8,
          -3,   -5,   11,   23,   26,   18,    8,   -2,
         -18,    7,   19,   26,   36,   27,   23,   -6,
         -11,   10,    1,   22,   31,   10,   22,   10,
           7,   -3,    4,   18,   16,    2,   10,    8,
         -23,    2,    4,   -5,    0,   17,    2,    1,
    ],
    // King: rank 1 first (a1..h1), rank 8 last (a8..h8).
    [
          34,   -8,  -17,  -25,  -56,  -17,  -19,  -31,
         -17,    6,    1,    7,   12,   -3,   -7,  -15,
         -13,   -4,    9,   11,    9,    8,   -3,   -9,
         -14,  -23,   -3,   14,    6,    8,   -3,  -22,
           1,    1,   10,   16,    9,   13,   -4,  -20,
          -8,   20,   17,   17,   23,    8,   -1,   -9,
          -7,   19,   18,   16,    9,    3,    1,   -6,
          10,    9,    6,   13,   -5,    0,   11,   -4,
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
