//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 1000 --lr 2 --groups material,psqt,mobility,pawns,passed --zero-others --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006335, Ks = 0.006827, lambda 0.5;
//! loss train 0.028440 -> 0.027346, validation 0.030062 -> 0.029447.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s( 107,  101), s( 415,  279), s( 453,  309), s( 613,  523), s(1306,  948),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -50,    3), s( -25,  -31), s( -21,   -3), s( -21,    0), s( -12,   -8), s(  13,  -16), s(  15,  -29), s( -29,  -23),
    s( -38,  -25), s( -25,  -38), s( -24,  -21), s( -21,  -28), s( -10,  -20), s(   3,  -26), s(   5,  -40), s( -33,  -32),
    s( -40,  -14), s( -20,  -23), s(  -9,  -23), s(  -5,  -36), s(   6,  -42), s(   3,  -32), s(  -1,  -21), s( -29,  -24),
    s( -36,   -1), s(  -2,  -27), s( -14,   -7), s(   6,  -29), s(  20,  -35), s(  28,  -22), s(  13,  -23), s( -18,  -34),
    s(  -1,  -10), s(  35,    2), s(  -9,    6), s(  42,  -24), s(  25,   -3), s(  31,   -8), s(  -3,  -10), s(   1,  -11),
    s(  77,   90), s( 118,   89), s(  53,  114), s(   1,  108), s( 144,   77), s(  17,   81), s(-101,  139), s( -61,   91),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s( -96,   22), s(  -5,   -2), s(   7,  -12), s(  18,  -15), s(  11,   33), s(   1,  -31), s(  -6,   10), s( -36, -228),
    s(  11,  -19), s(  23,  -38), s( -13,    8), s(  10,    4), s(  18,  -13), s(  13,  -18), s(  -7,   13), s(  -2,   46),
    s(  -4,   45), s(   0,  -14), s(  10,   12), s(  38,   22), s(  30,   19), s(  16,    4), s(  24,  -36), s(   6,    8),
    s(   7,  -16), s(  -2,   -2), s(  24,   47), s(  22,   31), s(  38,   30), s(  47,   26), s(  37,   14), s(  20,   -9),
    s(  44,  -32), s(  34,    1), s(  33,   30), s(  53,   27), s(  37,   46), s(  64,   25), s(  35,   29), s(  67,  -54),
    s(  40,  -67), s(  61,  -27), s(  54,   24), s(  54,   29), s( 121,    2), s(  83,   22), s(  70,  -10), s(  -3,  -16),
    s(  13,  -21), s(   6,  -21), s(  84,  -39), s(  56,   -1), s(  56,    3), s(  21,  -10), s( -16,  -53), s(  -5,   14),
    s(-200,   -4), s(  45,  -90), s(-103,    6), s( 130,  -51), s(-342,   80), s(-262,   41), s(-421,  123), s(-173,   54),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(  17,    0), s(  46,  -23), s(   2,  -20), s( -31,    0), s(  32,  -26), s(  -6,  -11), s(  42,  -18), s( -20,   -5),
    s(  14,  -11), s(  16,  -17), s(  13,    0), s(  13,  -20), s(   8,    4), s(  22,   -4), s(  20,  -22), s(  17,   18),
    s(  15,  -52), s(   4,   28), s(  21,    4), s(  20,   -3), s(  21,    4), s(  16,    5), s(  24,    6), s(  16,  -34),
    s(  32,    9), s(  24,  -16), s(  20,    1), s(  18,    8), s(   2,   33), s(  11,   22), s(  20,   -3), s(  31,  -19),
    s(  12,   13), s(  23,    2), s(  65,  -25), s(  33,   28), s(  42,   15), s( -11,   14), s(  14,   -6), s(  15,   -1),
    s(  -4,  -35), s( 103,  -35), s(  22,   -8), s( 107,  -33), s(  22,   13), s(  75,  -32), s(  34,    4), s(  30,   16),
    s( -73,   52), s( -27,   22), s(  95,  -33), s(  -7,  -14), s( -12,  -15), s( -37,   31), s(   1,   -8), s(  24,  -41),
    s(-121,   49), s( 110,   12), s(-167,   -8), s(-135,   34), s(-145,   -8), s(-329,   69), s(-191,   75), s( -69,   15),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -38,  -10), s( -28,    1), s( -14,  -32), s(   3,  -28), s(  -2,  -35), s( -25,  -19), s( -35,   -4), s( -55,  -16),
    s( -57,  -18), s( -42,  -26), s( -32,    6), s( -11,  -18), s(   9,  -26), s( -24,  -12), s( -20,  -13), s(-106,    5),
    s( -67,   30), s( -59,   41), s( -31,   -8), s( -42,   21), s( -25,   15), s( -25,   -7), s( -41,  -10), s( -23,  -38),
    s( -66,   18), s( -25,   22), s(   7,   -2), s( -33,    2), s( -15,   11), s( -63,   16), s( -82,   24), s( -50,   -6),
    s(  -9,    7), s( -18,   14), s(  38,   -4), s(  35,    1), s(  14,    4), s(  30,   -2), s(  12,    1), s(  24,   -7),
    s(  19,   12), s(  70,   -6), s(  27,   15), s(  40,   -5), s(  41,    1), s(  51,   -9), s(  46,  -19), s(  94,  -31),
    s(  24,   10), s(  21,   14), s(  61,    4), s(  59,    0), s(  35,    8), s(  83,   -8), s(  15,   -5), s(  83,  -15),
    s(  40,    3), s(  93,    8), s(  47,   12), s( -30,   25), s( -84,   64), s(  39,   14), s(  36,    9), s(  84,   -2),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -14,  -38), s(  -4,  -60), s( -16,  -24), s(  -3,  -83), s(  -1,  -54), s(  -4, -113), s( -30,  -30), s( -15,  -14),
    s( -11,  -11), s( -26,  -32), s(   0,  -52), s(  -2,  -32), s(  14,  -80), s(   4,  -49), s(  43,  -93), s( -33,  -35),
    s(   3,  -49), s(  -1,  -53), s( -18,   -5), s( -17,   23), s(   0,   -9), s(  -1,  -24), s(  11,  -17), s(  12,  -39),
    s( -10,   -9), s( -19,  -23), s( -21,   47), s( -27,   36), s( -15,   34), s( -38,   45), s( -21,   25), s(   8,  -10),
    s(  27,  -92), s( -43,   42), s( -40,   76), s(  -9,   52), s(  -2,   75), s( -37,   90), s( -10,   78), s(   9,    7),
    s(  -4,  -60), s( -11,   28), s(   6,  -10), s( -40,  107), s( -50,  108), s(  17,   16), s(   5,   58), s(   2,   85),
    s(  29,    9), s( -51,   50), s( -23,   27), s( -10,   52), s( -16,   68), s(  37,   14), s( -17,   93), s( 104,  -36),
    s( -29,  -14), s( -47,   72), s(  27,   -8), s(  56,  -45), s(  79,  -21), s(  36,   30), s(  92,  -33), s( 162,  -90),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(  39,    2), s(  29,  -15), s(   8,  -24), s( -79,   -9), s( -15,  -45), s( -45,  -13), s(  17,  -18), s(  20,  -37),
    s(  42,  -25), s( -25,   19), s( -55,   13), s( -53,    9), s( -82,   15), s( -45,    7), s( -21,    3), s(   1,   -7),
    s(  44,  -38), s(  -3,   -6), s( -61,   22), s(-102,   16), s(-114,   20), s( -47,   11), s( -32,    2), s( -25,   -7),
    s( 145,  -58), s( 121,  -56), s( -46,    5), s(-115,   25), s(  -7,    3), s( -76,   14), s( -21,    3), s( -50,  -21),
    s(  62,  -44), s(  59,  -30), s( -53,    1), s(-103,   14), s( -86,   10), s( 101,   -6), s(  96,  -41), s( 134,  -57),
    s(  15,   -6), s( -31,   11), s( -19,   14), s( -14,   12), s(  28,   -7), s(  58,  -13), s( 151,  -45), s( 136,  -41),
    s( -81,   -9), s( -87,   77), s( -88,   76), s(  39,   19), s(  25,   23), s(  66,  -15), s(  88,   28), s( 196,  -64),
    s(  54,    6), s(-208,  137), s( -86,   53), s( -15,   76), s( -50,   37), s(  25,  -27), s( 189,   19), s(  50,  -15),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s( -27,  -34), s( -20,    1), s( -14,   27), s(  -6,   32), s(  -2,   42), s(   3,   42), s(   9,   42), s(  15,   33),
    s(  13,   22),
    // MOBILITY_BISHOP (14): safe squares attacked
    s( -23,  -31), s( -15,   -3), s(  -1,   18), s(   6,    7), s(  12,   26), s(  17,   36), s(  19,   38), s(  21,   40),
    s(  25,   40), s(  19,   36), s(  29,   37), s( -12,   37), s( 113,   -9), s(-164,   58),
    // MOBILITY_ROOK (15): safe squares attacked
    s(-132, -262), s( -33,  -28), s( -16,   -1), s( -15,   10), s( -10,   13), s(  -7,   34), s(  -2,   38), s(   4,   36),
    s(  17,   36), s(  24,   36), s(  31,   43), s(  36,   42), s(  47,   41), s(  59,   35), s( 119,   -2),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(   7,  107), s(   3,  -31), s(   7,   14), s(   6,   48), s(  13,   28), s(  16,   30), s(  19,   47),
    s(  22,   54), s(  24,   71), s(  26,   76), s(  32,   58), s(  31,   75), s(  35,   74), s(  49,   54), s(  36,   66),
    s(  42,   58), s(  61,   40), s(  36,   60), s(  56,   62), s( 114,    0), s( 177,  -40), s(  56,   46), s( 134,  -14),
    s( -43,  113), s( 175,  -66), s(-283,  109), s( -65,   49),
    // PAWN_DOUBLED (1): a pawn with an own pawn in front of it on its file
    s( -25,    1),
    // PAWN_ISOLATED (1): a pawn with no own pawn on the adjacent files
    s(  -2,  -15),
    // PAWN_BACKWARD (1): no own pawn beside or behind on the adjacent files, stop square attacked by a pawn
    s(  -8,   -7),
    // PAWN_PHALANX (8): relative rank of a pawn with an own pawn beside it
    s(   0,    0), s(   7,    5), s(   5,   11), s(  12,    5), s(  15,   24), s(  82,   63), s( 254,  263), s(   0,    0),
    // PAWN_SUPPORTED (8): relative rank of a pawn defended by an own pawn
    s(   0,    0), s(   0,    0), s(  17,   18), s(  13,   12), s(  19,   16), s(  25,   29), s( 140,   72), s(   0,    0),
    // PASSED_RANK (8): relative rank of a passed pawn (the front one of its file)
    s(   0,    0), s(  -4,  -34), s(   0,   -9), s(  -7,   20), s(   7,   46), s(  -7,   72), s(  -9,    5), s(   0,    0),
    // PASSED_CANDIDATE (8): relative rank of a candidate: open file, helpers at least as many as sentries
    s(   0,    0), s( -12,   13), s(   6,    1), s(   4,   10), s( -17,   21), s( -47,   99), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): relative rank of a passer whose path is empty and not attacked
    s(   0,    0), s(-106,   38), s( -65,   26), s( -40,   21), s( -24,   18), s(  17,   61), s( -33,  136), s(   0,    0),
    // PASSED_OWN_KING (8): distance of the own king to the passer's stop square
    s(  20,   53), s( -26,   65), s(   4,   26), s( -19,    8), s(   0,  -12), s( -18,  -11), s(  25,  -24), s(  23,  -22),
    // PASSED_ENEMY_KING (8): distance of the enemy king to the passer's stop square
    s( -19,  -60), s(  56,  -28), s(  24,    1), s(   7,   25), s( -10,   45), s( -28,   58), s( -23,   72), s(  11,   76),
    // PASSED_ROOK_BEHIND (1): an own rook behind the passer on its file
    s(  -1,   23),
    // KING_SHIELD (32): [file class a/h, b/g, c/f, d/e][relative rank of the own pawn, 0 none] on the king's and adjacent files
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // KING_STORM (32): [file class][relative rank of the nearest enemy pawn, 0 none]
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // KING_OPEN_FILE (1): a file next to or of the king with no pawn
    s(   0,    0),
    // SAFETY_ATTACKERS (4): danger per knight, bishop, rook, queen attacking the king zone
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // SAFETY_ATTACKS (1): danger per attack on a king-zone square
    s(   0,    0),
    // SAFETY_WEAK (1): danger per attacked king-zone square defended only by king or queen
    s(   0,    0),
    // SAFETY_CHECKS (4): danger per safe check by knight, bishop, rook, queen
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // SAFETY_NO_QUEEN (1): danger if the attacker has no queen
    s(   0,    0),
    // SAFETY_OFFSET (1): danger of every attack (two attackers or more)
    s(   0,    0),
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
