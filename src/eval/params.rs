//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 2000 --lr 2 --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006570, Ks = 0.006827, lambda 0.5;
//! loss train 0.030271 -> 0.025550, validation 0.030995 -> 0.027664.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s( 110,  107), s( 414,  265), s( 442,  290), s( 617,  486), s(1316,  892),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -46,    4), s( -24,  -32), s( -26,  -19), s( -33,   -9), s( -26,  -15), s( -28,  -21), s(   6,  -27), s( -30,  -10),
    s( -34,  -23), s( -24,  -39), s( -21,  -25), s( -20,  -34), s(  -9,  -31), s(   9,  -36), s(   1,  -43), s( -32,  -25),
    s( -31,  -16), s( -15,  -21), s(  -3,  -32), s( -10,  -36), s(  -1,  -42), s(   1,  -41), s(  -5,  -17), s( -26,  -25),
    s( -23,   -2), s(   5,  -26), s(  -3,  -17), s(   4,  -35), s(  16,  -40), s(  22,  -26), s(  23,  -17), s(   3,  -35),
    s(  10,   -6), s(  35,    2), s(  -8,    6), s(  65,  -18), s(  41,   11), s( -31,   26), s(  -9,    5), s(   4,    3),
    s(  73,   87), s(  84,   80), s(  65,   95), s(   6,  132), s( 150,  105), s(  70,   65), s(-137,  137), s( -38,   82),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s( -59,   -5), s(  -8,    2), s(  10,   -4), s(  15,   -2), s(  14,   35), s(   6,  -15), s(  -8,    9), s( -37, -169),
    s(  11,  -11), s(  21,  -33), s(  -8,   11), s(  12,   12), s(  21,  -10), s(  20,  -10), s(   2,    4), s(   4,   47),
    s(   1,   35), s(   7,   -8), s(  17,   16), s(  46,   17), s(  35,   18), s(  23,    8), s(  33,  -31), s(  12,    9),
    s(   9,  -25), s(  -2,   -7), s(  34,   36), s(  30,   24), s(  47,   22), s(  57,   15), s(  48,    3), s(  21,  -13),
    s(  40,  -27), s(  41,   -5), s(  23,   27), s(  53,   22), s(  47,   33), s(  71,   10), s(  48,   17), s(  59,  -49),
    s(  46,  -64), s(  38,  -20), s(  39,   23), s(  38,   25), s(  83,    9), s(  48,   14), s(  37,   -1), s( -31,   -9),
    s(   6,  -12), s(  -7,  -15), s(  75,  -33), s(  43,    4), s(  42,    5), s(  11,   -9), s( -27,  -43), s(  -2,   14),
    s(-202,    7), s(  15,  -95), s(-144,   19), s(  77,  -40), s(-228,   47), s(-271,   33), s(-346,   84), s(-155,   50),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(  19,    8), s(  46,  -26), s(  -2,  -16), s( -22,   -2), s(  32,  -20), s( -12,   -8), s(  36,  -18), s( -18,  -16),
    s(  11,  -16), s(  15,  -16), s(  16,   -1), s(  16,  -20), s(   7,    3), s(  26,   -4), s(  22,  -28), s(  23,    2),
    s(  15,  -48), s(  11,   21), s(  28,    0), s(  21,   -3), s(  26,    4), s(  20,    3), s(  35,    7), s(  13,  -32),
    s(  30,   12), s(  26,  -19), s(  25,   -5), s(  21,    2), s(  10,   27), s(  21,   14), s(  27,  -12), s(  33,  -22),
    s(   8,   24), s(  26,    3), s(  58,  -24), s(  32,   18), s(  43,    9), s(   0,    6), s(  24,  -20), s(  18,    1),
    s(  14,  -40), s(  92,  -37), s(   6,   -6), s(  81,  -22), s(   8,   13), s(  49,  -26), s(  18,   -1), s(  18,   16),
    s( -63,   56), s( -22,   27), s(  88,  -20), s( -11,   -4), s(   5,  -23), s( -20,   23), s( -25,    9), s(  25,  -30),
    s(-126,   58), s(  49,   25), s(-156,   -9), s( -97,   25), s( -97,  -11), s(-335,   73), s(-203,   81), s( -88,   33),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -39,    5), s( -33,   10), s( -25,  -16), s(  -6,  -16), s( -13,  -22), s( -24,  -11), s( -36,    6), s( -51,   -2),
    s( -56,   -7), s( -42,  -17), s( -33,   12), s( -15,  -11), s(  -1,  -15), s( -21,   -6), s( -26,   -3), s(-101,    9),
    s( -60,   33), s( -67,   45), s( -26,   -5), s( -29,   21), s( -27,   18), s( -24,   -3), s( -32,   -6), s( -19,  -33),
    s( -64,   18), s( -22,   22), s(  -7,    4), s( -41,    7), s( -15,    8), s( -57,   15), s( -66,   25), s( -48,   -4),
    s(  -1,    5), s( -18,    9), s(  27,   -2), s(  28,    0), s(  14,    0), s(  26,   -1), s(  13,   -5), s(  21,   -7),
    s(  13,    6), s(  44,   -5), s(   6,   11), s(  15,   -4), s(  22,    1), s(  44,  -12), s(  26,  -17), s(  70,  -28),
    s(  63,  -14), s(  72,  -19), s(  93,  -24), s(  97,  -31), s(  77,  -23), s(  95,  -21), s(  56,  -31), s( 122,  -40),
    s(  17,    9), s(  69,   16), s(  31,   14), s( -42,   30), s( -86,   62), s(  15,   19), s(  28,   15), s(  67,    7),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -27,  -18), s( -13,  -46), s( -24,  -14), s( -12,  -80), s( -15,  -38), s(   4, -112), s( -29,  -35), s( -30,   13),
    s( -20,   11), s( -33,  -12), s(  -5,  -42), s(  -6,  -22), s(   9,  -66), s(   4,  -58), s(  35,  -75), s( -40,  -45),
    s(  -5,  -40), s(  -8,  -40), s( -16,   -7), s( -16,   23), s(  -2,    0), s(  -4,  -14), s(  10,  -10), s(   3,  -23),
    s( -17,    9), s( -16,  -29), s( -20,   49), s( -25,   36), s( -15,   29), s( -33,   41), s( -22,   32), s(   1,    7),
    s(  25,  -85), s( -35,   28), s( -37,   64), s(  -3,   39), s(   2,   73), s( -34,   77), s( -11,   82), s(  14,   -7),
    s( -13,  -60), s( -18,   30), s(   9,  -18), s( -34,   84), s( -41,   91), s(  14,   15), s(   6,   48), s(  -3,   67),
    s(  57,    4), s(  -5,   28), s(  27,   -9), s(  50,    5), s(  19,   35), s(  92,   -7), s(  45,   41), s( 133,  -67),
    s( -49,   -3), s( -68,   85), s( -26,   26), s(  24,  -36), s(  72,  -13), s(  25,   41), s(  28,   -2), s( 125,  -78),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(   8,   -4), s(  13,  -10), s(   1,  -21), s( -70,  -14), s( -14,  -48), s( -45,  -11), s(   1,  -12), s(  -5,  -40),
    s(  22,  -31), s( -18,   21), s( -26,    9), s( -38,    6), s( -63,   10), s( -35,   10), s( -18,    6), s(  -8,  -12),
    s(  -1,  -30), s(  17,    0), s( -39,   24), s( -78,   13), s( -71,   11), s( -25,   11), s( -21,    7), s( -40,   -9),
    s( 114,  -52), s( 113,  -41), s( -24,   10), s( -99,   24), s(   7,   -1), s( -61,   15), s(   2,    8), s( -66,  -22),
    s(  31,  -47), s(  58,  -15), s( -42,    7), s( -81,   14), s( -81,    9), s( 104,   -3), s(  94,  -30), s( 116,  -58),
    s(  22,  -13), s( -14,   19), s( -32,   18), s( -18,   15), s(  30,  -11), s(  61,  -16), s( 162,  -38), s( 119,  -46),
    s( -88,  -19), s( -78,   84), s( -81,   76), s(  39,   21), s(  32,    5), s(  51,   -9), s(  92,   21), s( 167,  -74),
    s(  21,   36), s(-181,  131), s(-101,   61), s(  -7,   57), s( -58,   18), s(  14,  -35), s( 145,   27), s(  70,  -30),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s( -25,  -37), s( -21,  -10), s( -15,   23), s(  -7,   25), s(  -1,   36), s(   3,   34), s(   9,   34), s(  15,   25),
    s(  13,   15),
    // MOBILITY_BISHOP (14): safe squares attacked
    s( -27,  -38), s( -16,  -18), s(  -2,    6), s(   4,    0), s(   9,   14), s(  14,   23), s(  16,   24), s(  17,   28),
    s(  18,   30), s(  12,   30), s(  14,   33), s( -22,   34), s(  58,    7), s(-165,   58),
    // MOBILITY_ROOK (15): safe squares attacked
    s(-129, -223), s( -23,  -36), s(  -7,   -8), s(  -8,    6), s(  -6,    9), s(  -3,   25), s(  -1,   31), s(   3,   29),
    s(  10,   31), s(  15,   30), s(  16,   38), s(  18,   39), s(  23,   40), s(  35,   36), s(  97,    1),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(   9,   63), s(   6,  -42), s(   9,  -21), s(   8,   51), s(  15,   23), s(  17,   19), s(  19,   43),
    s(  22,   45), s(  23,   62), s(  25,   68), s(  29,   53), s(  30,   69), s(  34,   65), s(  47,   44), s(  37,   53),
    s(  41,   47), s(  61,   29), s(  35,   48), s(  59,   46), s( 107,   -8), s( 175,  -53), s(  49,   35), s( 114,  -16),
    s( -47,  102), s( 171,  -79), s(-248,   86), s( -61,   37),
    // PAWN_DOUBLED (1): a pawn with an own pawn in front of it on its file
    s( -24,   -5),
    // PAWN_ISOLATED (1): a pawn with no own pawn on the adjacent files
    s(   1,  -14),
    // PAWN_BACKWARD (1): no own pawn beside or behind on the adjacent files, stop square attacked by a pawn
    s(  -5,   -6),
    // PAWN_PHALANX (8): relative rank of a pawn with an own pawn beside it
    s(   0,    0), s(   8,    3), s(   5,    8), s(   9,    3), s(  15,   24), s(  43,   69), s( 224,  250), s(   0,    0),
    // PAWN_SUPPORTED (8): relative rank of a pawn defended by an own pawn
    s(   0,    0), s(   0,    0), s(  18,   15), s(  12,   10), s(  19,   15), s(  13,   36), s( 151,   62), s(   0,    0),
    // PASSED_RANK (8): relative rank of a passed pawn (the front one of its file)
    s(   0,    0), s( -13,  -25), s( -10,   -5), s( -12,   18), s(   9,   41), s(  -2,   77), s(  19,   16), s(   0,    0),
    // PASSED_CANDIDATE (8): relative rank of a candidate: open file, helpers at least as many as sentries
    s(   0,    0), s(  -8,    5), s(   5,    0), s(   4,    8), s( -15,   22), s( -38,  107), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): relative rank of a passer whose path is empty and not attacked
    s(   0,    0), s( -88,   28), s( -38,   18), s( -35,   19), s( -22,   20), s(  22,   47), s( -15,  114), s(   0,    0),
    // PASSED_OWN_KING (8): distance of the own king to the passer's stop square
    s(   7,   52), s( -30,   61), s(   7,   26), s( -12,   10), s(   0,   -7), s( -16,   -6), s(  18,  -19), s(  10,  -12),
    // PASSED_ENEMY_KING (8): distance of the enemy king to the passer's stop square
    s( -36,  -35), s(  33,   -9), s(  19,   -4), s(  10,   17), s(  -4,   37), s( -17,   47), s( -17,   60), s(  18,   59),
    // PASSED_ROOK_BEHIND (1): an own rook behind the passer on its file
    s(   9,   28),
    // KING_SHIELD (32): [file class a/h, b/g, c/f, d/e][relative rank of the own pawn, 0 none] on the king's and adjacent files
    s( -27,   10), s(  23,  -32), s(  10,  -21), s(   6,   -9), s(  -8,   -8), s(  44,  -25), s( -81,   26), s(   0,    0),
    s( -23,   11), s(  13,  -12), s(  10,   -9), s( -15,   -7), s( -41,    6), s(  46,    7), s(  83,   27), s(   0,    0),
    s( -25,    9), s(  28,    5), s( -15,    4), s( -12,    5), s(  -1,    0), s(  59,  -25), s(  93,   19), s(   0,    0),
    s( -13,   14), s(  30,  -11), s(  13,    1), s(  16,   -5), s(   1,  -10), s( -89,    5), s(  10,  -10), s(   0,    0),
    // KING_STORM (32): [file class][relative rank of the nearest enemy pawn, 0 none]
    s( -14,  -11), s(  38,   34), s(   3,   28), s(  18,  -10), s(  -7,   -4), s(   0,   -4), s(   7,    3), s(   0,    0),
    s(  -1,  -14), s( -65,   67), s( -27,   59), s(  -3,    8), s( -11,  -12), s(  15,  -27), s(   5,  -17), s(   0,    0),
    s(  -2,   -4), s( 170,   16), s( -78,   61), s(  -9,   -2), s(  -8,  -10), s(   2,  -11), s(  -4,   -8), s(   0,    0),
    s( -14,   -4), s( 152,   44), s( -54,   48), s( -17,  -22), s(  -9,  -16), s(   5,  -19), s(   2,  -36), s(   0,    0),
    // KING_OPEN_FILE (1): a file next to or of the king with no pawn
    s(  -3,  -23),
    // SAFETY_ATTACKERS (4): danger per knight, bishop, rook, queen attacking the king zone
    s(  26,  348), s(  45,  229), s(  50,  348), s(  19, -104),
    // SAFETY_ATTACKS (1): danger per attack on a king-zone square
    s(  37,  -34),
    // SAFETY_WEAK (1): danger per attacked king-zone square defended only by king or queen
    s(   9,   11),
    // SAFETY_CHECKS (4): danger per safe check by knight, bishop, rook, queen
    s(  38,   82), s(  35,  632), s( 163,  219), s(  53,   46),
    // SAFETY_NO_QUEEN (1): danger if the attacker has no queen
    s(-438, -319),
    // SAFETY_OFFSET (1): danger of every attack (two attackers or more)
    s( -49, -167),
    // BISHOP_PAIR (1): two bishops or more
    s(  40,   56),
    // ROOK_FILE (2): rook on an open, half-open file
    s(  36,   -2), s(  21,    5),
    // QUEEN_FILE (2): queen on an open, half-open file
    s(  -6,   19), s(   2,   16),
    // SEVENTH (2): rook, queen on the seventh with the enemy king on the eighth or pawns on the seventh
    s( -65,   37), s( -48,   18),
    // OUTPOST (2): knight, bishop on ranks 4-6 defended by a pawn, never attackable by an enemy pawn
    s(  31,    3), s(  27,    2),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn in front
    s(   4,   22),
    // BAD_BISHOP (1): per own pawn on the bishop's colour
    s(  -7,    2),
    // THREAT_BY_PAWN (4): enemy knight, bishop, rook, queen attacked by a pawn
    s(  50,   15), s(  52,   43), s(  10,   53), s(  26,   10),
    // THREAT_BY_MINOR (5): enemy pawn .. queen attacked by a knight or bishop
    s(  -4,    7), s(   9,   15), s(  30,   17), s(  53,    0), s(  34,    9),
    // THREAT_BY_ROOK (5): enemy pawn .. queen attacked by a rook
    s( -12,   17), s(  17,    2), s(   6,   18), s(-120,   83), s(  73,  -13),
    // HANGING (1): enemy piece or pawn attacked and not defended
    s(  15,   25),
    // PUSH_THREAT (1): a safe pawn push that would attack an enemy piece
    s(  14,   24),
    // TEMPO (1): the side to move
    s(  19,    8),
];
