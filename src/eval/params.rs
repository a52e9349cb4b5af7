//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 1000 --lr 2 --groups material,psqt,mobility,pawns,passed,king --zero-others --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006470, Ks = 0.006827, lambda 0.5;
//! loss train 0.027007 -> 0.026658, validation 0.029048 -> 0.028959.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s(  98,  104), s( 410,  274), s( 448,  304), s( 608,  510), s(1275,  940),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -44,    4), s( -20,  -33), s( -18,  -19), s( -26,   -9), s( -18,  -15), s( -21,  -21), s(  11,  -27), s( -29,  -12),
    s( -32,  -24), s( -20,  -40), s( -16,  -27), s( -13,  -36), s(  -3,  -30), s(  12,  -37), s(   5,  -42), s( -33,  -25),
    s( -34,  -16), s( -13,  -24), s(  -1,  -33), s(  -8,  -39), s(   3,  -45), s(   3,  -41), s(   0,  -18), s( -31,  -24),
    s( -29,   -1), s(   5,  -25), s(  -4,  -16), s(   5,  -35), s(  19,  -40), s(  23,  -26), s(  24,  -16), s(  -4,  -34),
    s(   1,   -6), s(  35,    3), s( -11,    9), s(  60,  -17), s(  37,   11), s( -33,   24), s( -16,    7), s(  -7,    2),
    s(  78,   79), s(  89,   82), s(  62,   95), s( -10,  137), s( 141,  108), s(  70,   65), s(-157,  145), s( -32,   80),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s( -66,    8), s(  -2,   -3), s(  11,   -8), s(  22,  -13), s(  15,   32), s(   2,  -22), s(  -3,   10), s( -35, -191),
    s(  16,  -17), s(  29,  -38), s(  -9,    8), s(  12,    6), s(  21,  -15), s(  18,  -16), s(   1,   11), s(   6,   48),
    s(   0,   38), s(   3,   -9), s(  13,   13), s(  40,   21), s(  32,   18), s(  19,    5), s(  25,  -32), s(  10,    5),
    s(  11,  -19), s(  -3,   -2), s(  27,   43), s(  25,   27), s(  41,   27), s(  49,   23), s(  39,   11), s(  24,  -12),
    s(  47,  -31), s(  37,    1), s(  31,   30), s(  54,   23), s(  38,   43), s(  65,   20), s(  33,   27), s(  59,  -47),
    s(  41,  -66), s(  65,  -27), s(  57,   23), s(  53,   28), s( 112,    0), s(  68,   23), s(  68,  -13), s( -38,   -3),
    s(  17,  -25), s(  -6,  -19), s(  90,  -43), s(  51,   -2), s(  42,    1), s(   9,   -9), s( -31,  -43), s(   3,    7),
    s(-217,    5), s(  32,  -94), s(-145,   17), s( 121,  -50), s(-288,   55), s(-275,   38), s(-415,  116), s(-173,   57),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(  15,    0), s(  48,  -23), s(   2,  -19), s( -22,   -7), s(  28,  -21), s(  -4,  -10), s(  42,  -19), s( -11,  -20),
    s(  12,   -7), s(  16,  -14), s(  18,   -1), s(  15,  -21), s(   9,    5), s(  26,   -3), s(  25,  -23), s(  18,   13),
    s(  15,  -51), s(   3,   27), s(  22,    4), s(  22,   -3), s(  23,    6), s(  16,    6), s(  27,    3), s(  17,  -34),
    s(  32,    9), s(  21,  -12), s(  22,    4), s(  18,   10), s(   3,   35), s(  14,   19), s(  20,   -1), s(  28,  -19),
    s(   5,   21), s(  26,    2), s(  60,  -21), s(  32,   26), s(  41,   15), s( -12,   16), s(  16,   -9), s(  12,    2),
    s(   3,  -37), s(  98,  -34), s(  20,  -10), s( 106,  -32), s(  19,   15), s(  53,  -28), s(  26,    7), s(  19,   17),
    s( -59,   45), s( -20,   22), s(  98,  -31), s(  -8,  -14), s(   7,  -27), s( -24,   30), s(  -6,   -2), s(  27,  -40),
    s(-128,   49), s(  78,   15), s(-177,   -4), s(-112,   28), s(-139,  -11), s(-305,   58), s(-204,   79), s( -93,   17),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -34,   -9), s( -26,    2), s( -11,  -30), s(   6,  -27), s(   0,  -34), s( -21,  -22), s( -30,   -5), s( -47,  -14),
    s( -53,  -17), s( -31,  -29), s( -26,    2), s(  -3,  -21), s(  11,  -23), s( -21,  -12), s( -24,   -9), s( -99,    6),
    s( -60,   28), s( -58,   41), s( -22,  -10), s( -29,   17), s( -20,   12), s( -24,   -8), s( -37,  -12), s( -21,  -39),
    s( -64,   17), s( -19,   21), s(  12,   -3), s( -33,    5), s( -12,    8), s( -58,   14), s( -76,   24), s( -49,   -7),
    s(  -5,    8), s( -12,   12), s(  36,   -1), s(  36,    2), s(  16,    3), s(  26,    0), s(   6,    1), s(  21,   -8),
    s(  23,   10), s(  61,   -3), s(  26,   12), s(  38,   -5), s(  37,    1), s(  49,   -8), s(  32,  -17), s(  72,  -27),
    s(  19,   13), s(  21,   13), s(  54,    7), s(  55,    1), s(  37,    8), s(  70,   -2), s(   6,   -6), s(  70,  -13),
    s(  44,    0), s(  96,    8), s(  43,   11), s( -26,   23), s( -93,   62), s(  20,   17), s(  23,   13), s(  76,    1),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -13,  -29), s(   1,  -60), s( -11,  -22), s(   2,  -82), s(   1,  -54), s(   7, -115), s( -23,  -42), s( -23,    5),
    s( -13,   10), s( -23,  -23), s(   5,  -47), s(   2,  -27), s(  20,  -73), s(   6,  -54), s(  47,  -84), s( -39,  -41),
    s(   9,  -51), s(   2,  -46), s( -13,   -7), s(  -8,   22), s(   6,   -2), s(   4,  -18), s(  15,  -22), s(  15,  -45),
    s(  -7,   -3), s( -11,  -27), s( -14,   50), s( -17,   30), s( -10,   31), s( -29,   35), s( -17,   25), s(   4,   -8),
    s(  35,  -91), s( -33,   35), s( -34,   66), s(  -3,   50), s(   4,   74), s( -35,   83), s(  -8,   70), s(  13,   -3),
    s(  -2,  -68), s(  -6,   29), s(  16,  -14), s( -33,   95), s( -39,   97), s(   8,   17), s(  11,   58), s(  -5,   71),
    s(  29,   11), s( -49,   50), s( -17,   20), s(  -5,   40), s( -19,   61), s(  43,   17), s(   3,   59), s(  88,  -41),
    s( -32,  -16), s( -59,   77), s( -23,   17), s(  13,  -26), s(  77,  -19), s(  14,   45), s(  46,  -16), s( 126,  -76),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(   9,   -7), s(  11,  -12), s(   7,  -25), s( -63,  -17), s(  -5,  -51), s( -38,  -18), s(   7,  -16), s(  -2,  -44),
    s(  17,  -31), s( -17,   17), s( -34,    9), s( -35,    5), s( -63,    9), s( -32,    7), s( -17,    3), s(  -7,  -16),
    s(   4,  -34), s(  18,    0), s( -50,   27), s( -79,   13), s( -81,   14), s( -27,   11), s( -26,    9), s( -35,  -12),
    s( 115,  -53), s( 111,  -39), s( -36,   13), s(-100,   25), s(  11,   -1), s( -63,   17), s(  -2,   11), s( -62,  -23),
    s(  25,  -46), s(  56,  -11), s( -41,    8), s( -89,   16), s( -82,   12), s( 111,   -3), s(  96,  -25), s( 119,  -58),
    s(  17,   -9), s( -18,   24), s( -29,   20), s( -22,   17), s(  24,   -6), s(  58,  -12), s( 165,  -34), s( 125,  -45),
    s( -91,  -19), s( -87,   94), s( -83,   77), s(  41,   19), s(  25,   10), s(  49,   -9), s(  94,   24), s( 170,  -75),
    s(  37,    9), s(-190,  134), s(-107,   67), s(  -4,   59), s( -54,   24), s(  17,  -32), s( 172,   14), s(  62,  -33),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s( -28,  -38), s( -22,   -5), s( -16,   24), s(  -7,   29), s(  -2,   39), s(   2,   39), s(   8,   39), s(  14,   30),
    s(  13,   19),
    // MOBILITY_BISHOP (14): safe squares attacked
    s( -22,  -26), s( -13,   -7), s(   0,   17), s(   7,    5), s(  12,   24), s(  17,   34), s(  19,   34), s(  21,   35),
    s(  23,   36), s(  18,   31), s(  22,   34), s( -20,   33), s(  92,   -9), s(-170,   54),
    // MOBILITY_ROOK (15): safe squares attacked
    s(-135, -252), s( -30,  -29), s( -13,   -1), s( -13,   10), s(  -8,   13), s(  -5,   32), s(  -1,   38), s(   4,   36),
    s(  17,   35), s(  24,   34), s(  28,   41), s(  33,   41), s(  40,   41), s(  53,   34), s( 113,   -4),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(   8,   97), s(   6,  -52), s(   9,   -4), s(   8,   52), s(  15,   28), s(  18,   25), s(  20,   45),
    s(  23,   45), s(  24,   66), s(  26,   72), s(  31,   55), s(  30,   72), s(  34,   69), s(  47,   49), s(  33,   63),
    s(  38,   55), s(  56,   39), s(  29,   59), s(  52,   58), s(  96,    6), s( 162,  -38), s(  51,   40), s( 112,  -13),
    s( -57,  111), s( 160,  -67), s(-316,  141), s( -83,   51),
    // PAWN_DOUBLED (1): a pawn with an own pawn in front of it on its file
    s( -23,    1),
    // PAWN_ISOLATED (1): a pawn with no own pawn on the adjacent files
    s(   0,  -15),
    // PAWN_BACKWARD (1): no own pawn beside or behind on the adjacent files, stop square attacked by a pawn
    s(  -7,   -6),
    // PAWN_PHALANX (8): relative rank of a pawn with an own pawn beside it
    s(   0,    0), s(   7,    4), s(   5,    9), s(  10,    5), s(  15,   25), s(  53,   71), s( 260,  258), s(   0,    0),
    // PAWN_SUPPORTED (8): relative rank of a pawn defended by an own pawn
    s(   0,    0), s(   0,    0), s(  18,   17), s(  12,   11), s(  20,   16), s(  21,   35), s( 141,   61), s(   0,    0),
    // PASSED_RANK (8): relative rank of a passed pawn (the front one of its file)
    s(   0,    0), s( -13,  -27), s(  -5,   -6), s(  -7,   19), s(  11,   41), s(  -5,   78), s(   7,   15), s(   0,    0),
    // PASSED_CANDIDATE (8): relative rank of a candidate: open file, helpers at least as many as sentries
    s(   0,    0), s( -12,    9), s(   6,    2), s(   5,   11), s( -17,   24), s( -46,  102), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): relative rank of a passer whose path is empty and not attacked
    s(   0,    0), s( -85,   30), s( -52,   22), s( -35,   20), s( -19,   19), s(  21,   45), s( -33,  116), s(   0,    0),
    // PASSED_OWN_KING (8): distance of the own king to the passer's stop square
    s(  22,   51), s( -24,   62), s(  10,   28), s( -13,   11), s(   0,   -7), s( -18,   -6), s(  20,  -19), s(  14,  -16),
    // PASSED_ENEMY_KING (8): distance of the enemy king to the passer's stop square
    s( -31,  -38), s(  35,   -9), s(  19,   -3), s(  10,   18), s(  -5,   37), s( -16,   46), s( -13,   60), s(  30,   59),
    // PASSED_ROOK_BEHIND (1): an own rook behind the passer on its file
    s(  -2,   23),
    // KING_SHIELD (32): [file class a/h, b/g, c/f, d/e][relative rank of the own pawn, 0 none] on the king's and adjacent files
    s( -28,   10), s(  23,  -29), s(  10,  -20), s(   7,   -8), s(  -9,   -8), s(  51,  -27), s( -91,   26), s(   0,    0),
    s( -25,   11), s(  13,  -12), s(  10,   -8), s( -15,   -8), s( -43,    6), s(  67,    2), s( 120,   17), s(   0,    0),
    s( -22,    7), s(  28,    5), s( -16,    5), s( -12,    6), s(  -2,   -1), s(  57,  -23), s(  97,   14), s(   0,    0),
    s( -13,   13), s(  28,   -9), s(  12,    2), s(  16,   -3), s(   2,  -11), s( -89,    5), s(   8,  -11), s(   0,    0),
    // KING_STORM (32): [file class][relative rank of the nearest enemy pawn, 0 none]
    s( -14,  -12), s(  43,   33), s(   5,   24), s(  18,  -10), s(  -8,   -5), s(  -3,   -5), s(   5,    2), s(   0,    0),
    s(  -1,  -14), s( -73,   76), s( -18,   60), s(  -4,    9), s( -11,  -12), s(  14,  -26), s(   5,  -18), s(   0,    0),
    s(  -2,   -3), s( 177,   20), s( -80,   62), s(  -7,   -2), s(  -9,   -9), s(   0,  -14), s(  -3,   -9), s(   0,    0),
    s( -14,   -4), s( 132,   50), s( -58,   51), s( -20,  -21), s( -10,  -17), s(   6,  -21), s(   4,  -36), s(   0,    0),
    // KING_OPEN_FILE (1): a file next to or of the king with no pawn
    s(  -4,  -25),
    // SAFETY_ATTACKERS (4): danger per knight, bishop, rook, queen attacking the king zone
    s(  27,  526), s(  40,  328), s(  44,  541), s(  19, -114),
    // SAFETY_ATTACKS (1): danger per attack on a king-zone square
    s(  39,  -55),
    // SAFETY_WEAK (1): danger per attacked king-zone square defended only by king or queen
    s(   7,    8),
    // SAFETY_CHECKS (4): danger per safe check by knight, bishop, rook, queen
    s(  35,   57), s(  22,  862), s( 183,  149), s(  48,   80),
    // SAFETY_NO_QUEEN (1): danger if the attacker has no queen
    s(-435, -464),
    // SAFETY_OFFSET (1): danger of every attack (two attackers or more)
    s( -53, -249),
    // BISHOP_PAIR (1): two bishops or more
    s(   0,    0),
    // ROOK_FILE (2): rook on an open, half-open file
    s(   0,    0), s(   0,    0),
    // QUEEN_FILE (2): queen on an open, half-open file
    s(   0,    0), s(   0,    0),
    // SEVENTH (2): rook, queen on the seventh with the enemy king on the eighth or pawns on the seventh
    s(   0,    0), s(   0,    0),
    // OUTPOST (2): knight, bishop on ranks 4-6 defended by a pawn, never attackable by an enemy pawn
    s(   0,    0), s(   0,    0),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn in front
    s(   0,    0),
    // BAD_BISHOP (1): per own pawn on the bishop's colour
    s(   0,    0),
    // THREAT_BY_PAWN (4): enemy knight, bishop, rook, queen attacked by a pawn
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // THREAT_BY_MINOR (5): enemy pawn .. queen attacked by a knight or bishop
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // THREAT_BY_ROOK (5): enemy pawn .. queen attacked by a rook
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // HANGING (1): enemy piece or pawn attacked and not defended
    s(   0,    0),
    // PUSH_THREAT (1): a safe pawn push that would attack an enemy piece
    s(   0,    0),
    // TEMPO (1): the side to move
    s(   0,    0),
];
