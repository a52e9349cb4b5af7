//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 2000 --lr 2 --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006544, Ks = 0.006827, lambda 0.5;
//! loss train 0.026660 -> 0.025547, validation 0.028971 -> 0.027666.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub(crate) const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s( 110,  108), s( 415,  266), s( 443,  291), s( 621,  490), s(1320,  893),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -45,    4), s( -24,  -32), s( -25,  -19), s( -33,   -9), s( -26,  -15), s( -28,  -21), s(   6,  -27), s( -30,  -10),
    s( -33,  -24), s( -23,  -39), s( -21,  -26), s( -20,  -34), s(  -9,  -31), s(   9,  -36), s(   1,  -43), s( -32,  -25),
    s( -30,  -16), s( -14,  -21), s(  -3,  -32), s( -10,  -36), s(  -1,  -42), s(   2,  -41), s(  -5,  -17), s( -26,  -26),
    s( -23,   -2), s(   6,  -26), s(  -3,  -17), s(   4,  -35), s(  16,  -40), s(  23,  -26), s(  24,  -17), s(   3,  -35),
    s(  11,   -6), s(  35,    2), s(  -8,    6), s(  66,  -18), s(  42,   11), s( -31,   26), s(  -8,    5), s(   4,    3),
    s(  71,   88), s(  82,   81), s(  63,   96), s(   4,  133), s( 149,  105), s(  69,   66), s(-138,  138), s( -41,   83),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s( -59,   -5), s(  -8,    3), s(  11,   -3), s(  16,   -2), s(  14,   35), s(   6,  -15), s(  -8,    9), s( -37, -169),
    s(  11,  -11), s(  21,  -33), s(  -8,   12), s(  13,   12), s(  21,  -10), s(  20,  -10), s(   2,    4), s(   5,   48),
    s(   1,   35), s(   7,   -8), s(  18,   17), s(  46,   17), s(  35,   18), s(  24,    8), s(  33,  -31), s(  12,   10),
    s(   9,  -25), s(  -2,   -7), s(  34,   36), s(  30,   24), s(  47,   22), s(  58,   15), s(  48,    3), s(  21,  -14),
    s(  40,  -27), s(  42,   -5), s(  23,   27), s(  53,   22), s(  48,   32), s(  72,   10), s(  48,   16), s(  60,  -49),
    s(  46,  -65), s(  38,  -20), s(  39,   23), s(  38,   25), s(  83,    8), s(  48,   14), s(  37,   -2), s( -31,   -9),
    s(   7,  -13), s(  -7,  -15), s(  76,  -34), s(  43,    4), s(  41,    5), s(  11,   -9), s( -26,  -43), s(  -2,   13),
    s(-203,    7), s(  12,  -95), s(-144,   19), s(  77,  -40), s(-229,   48), s(-272,   32), s(-352,   86), s(-155,   50),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(  19,    8), s(  46,  -26), s(  -2,  -16), s( -22,   -2), s(  33,  -20), s( -12,   -7), s(  36,  -17), s( -18,  -17),
    s(  11,  -16), s(  15,  -16), s(  17,   -1), s(  16,  -19), s(   7,    3), s(  26,   -4), s(  22,  -28), s(  23,    3),
    s(  15,  -48), s(  12,   21), s(  28,    0), s(  21,   -2), s(  27,    4), s(  20,    3), s(  36,    7), s(  13,  -32),
    s(  30,   12), s(  26,  -19), s(  26,   -5), s(  21,    2), s(  10,   27), s(  21,   14), s(  27,  -12), s(  33,  -22),
    s(   8,   24), s(  26,    3), s(  58,  -24), s(  33,   18), s(  43,    9), s(   0,    5), s(  25,  -21), s(  18,    1),
    s(  14,  -41), s(  92,  -37), s(   6,   -7), s(  81,  -22), s(   8,   13), s(  49,  -26), s(  18,   -1), s(  18,   16),
    s( -63,   57), s( -22,   27), s(  88,  -20), s( -11,   -4), s(   6,  -23), s( -20,   23), s( -25,    9), s(  26,  -30),
    s(-126,   58), s(  48,   26), s(-156,   -9), s( -96,   25), s( -98,  -11), s(-337,   74), s(-205,   81), s( -88,   33),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -39,    5), s( -33,   10), s( -25,  -16), s(  -6,  -17), s( -12,  -22), s( -24,  -11), s( -36,    6), s( -51,   -2),
    s( -56,   -7), s( -42,  -17), s( -33,   12), s( -15,  -12), s(  -1,  -15), s( -20,   -7), s( -26,   -3), s(-101,    9),
    s( -60,   33), s( -67,   46), s( -25,   -5), s( -29,   21), s( -27,   18), s( -24,   -3), s( -32,   -6), s( -19,  -33),
    s( -64,   18), s( -22,   22), s(  -7,    4), s( -41,    7), s( -14,    8), s( -57,   15), s( -66,   25), s( -48,   -4),
    s(  -1,    5), s( -17,    9), s(  28,   -2), s(  28,   -1), s(  14,    0), s(  26,   -1), s(  13,   -5), s(  22,   -7),
    s(  13,    6), s(  45,   -5), s(   6,   11), s(  15,   -4), s(  22,    1), s(  44,  -13), s(  26,  -17), s(  70,  -29),
    s(  63,  -14), s(  72,  -20), s(  93,  -24), s(  97,  -31), s(  77,  -23), s(  94,  -21), s(  55,  -31), s( 122,  -40),
    s(  17,    9), s(  68,   17), s(  32,   14), s( -43,   30), s( -87,   63), s(  15,   19), s(  27,   15), s(  66,    7),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -27,  -19), s( -13,  -46), s( -24,  -14), s( -12,  -81), s( -15,  -38), s(   4, -113), s( -29,  -35), s( -30,   13),
    s( -20,   11), s( -33,  -12), s(  -5,  -43), s(  -6,  -23), s(   9,  -67), s(   4,  -59), s(  35,  -76), s( -40,  -46),
    s(  -5,  -41), s(  -8,  -40), s( -16,   -7), s( -16,   23), s(  -2,    0), s(  -4,  -14), s(  10,  -10), s(   3,  -23),
    s( -17,    9), s( -15,  -29), s( -20,   49), s( -25,   36), s( -15,   29), s( -33,   41), s( -22,   33), s(   2,    6),
    s(  25,  -86), s( -34,   28), s( -37,   64), s(  -3,   39), s(   3,   73), s( -34,   77), s( -11,   82), s(  14,   -7),
    s( -13,  -60), s( -18,   30), s(   9,  -18), s( -34,   84), s( -41,   91), s(  14,   14), s(   7,   49), s(  -3,   68),
    s(  56,    5), s(  -6,   29), s(  26,   -8), s(  49,    6), s(  18,   37), s(  91,   -7), s(  44,   42), s( 133,  -67),
    s( -49,   -3), s( -69,   85), s( -26,   26), s(  24,  -36), s(  73,  -13), s(  26,   41), s(  28,   -2), s( 126,  -78),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(   7,   -4), s(  13,  -10), s(  -1,  -20), s( -71,  -14), s( -14,  -48), s( -47,  -11), s(   1,  -12), s(  -5,  -41),
    s(  22,  -31), s( -19,   22), s( -27,   10), s( -39,    6), s( -63,   10), s( -36,   11), s( -19,    7), s(  -8,  -12),
    s(  -2,  -30), s(  18,    0), s( -40,   24), s( -78,   12), s( -70,   10), s( -26,   11), s( -22,    7), s( -41,   -9),
    s( 114,  -52), s( 114,  -40), s( -25,   11), s( -99,   23), s(   7,   -2), s( -61,   15), s(   2,    8), s( -66,  -23),
    s(  31,  -48), s(  58,  -14), s( -43,    7), s( -81,   13), s( -81,    8), s( 103,   -3), s(  94,  -29), s( 117,  -58),
    s(  21,  -13), s( -14,   20), s( -33,   18), s( -18,   15), s(  30,  -11), s(  60,  -16), s( 163,  -37), s( 119,  -46),
    s( -88,  -19), s( -78,   85), s( -83,   76), s(  39,   21), s(  32,    5), s(  52,   -9), s(  93,   21), s( 168,  -74),
    s(  23,   35), s(-182,  132), s(-102,   62), s(  -7,   56), s( -57,   18), s(  19,  -36), s( 152,   23), s(  71,  -31),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s( -25,  -36), s( -21,  -10), s( -15,   24), s(  -6,   26), s(  -1,   37), s(   4,   34), s(   9,   34), s(  15,   25),
    s(  13,   15),
    // MOBILITY_BISHOP (14): safe squares attacked
    s( -26,  -37), s( -15,  -18), s(  -1,    7), s(   6,    0), s(  11,   15), s(  16,   24), s(  17,   25), s(  18,   29),
    s(  20,   31), s(  13,   31), s(  15,   34), s( -21,   34), s(  58,    8), s(-165,   59),
    // MOBILITY_ROOK (15): safe squares attacked
    s(-131, -226), s( -25,  -38), s(  -9,   -9), s( -10,    5), s(  -8,    8), s(  -4,   23), s(  -3,   30), s(   1,   27),
    s(   8,   29), s(  13,   29), s(  14,   37), s(  16,   37), s(  22,   39), s(  34,   35), s(  95,   -1),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(  10,   72), s(   7,  -40), s(   9,  -18), s(   9,   55), s(  16,   26), s(  17,   22), s(  20,   46),
    s(  23,   48), s(  24,   65), s(  25,   71), s(  30,   56), s(  30,   72), s(  34,   68), s(  47,   48), s(  38,   56),
    s(  41,   50), s(  62,   32), s(  36,   51), s(  60,   49), s( 108,   -5), s( 175,  -49), s(  49,   38), s( 111,  -11),
    s( -47,  106), s( 172,  -76), s(-345,  146), s( -82,   54),
    // PAWN_DOUBLED (1): a pawn with an own pawn in front of it on its file
    s( -24,   -5),
    // PAWN_ISOLATED (1): a pawn with no own pawn on the adjacent files
    s(   1,  -14),
    // PAWN_BACKWARD (1): no own pawn beside or behind on the adjacent files, stop square attacked by a pawn
    s(  -5,   -6),
    // PAWN_PHALANX (8): relative rank of a pawn with an own pawn beside it
    s(   0,    0), s(   8,    3), s(   5,    8), s(   9,    3), s(  15,   24), s(  44,   69), s( 301,  229), s(   0,    0),
    // PAWN_SUPPORTED (8): relative rank of a pawn defended by an own pawn
    s(   0,    0), s(   0,    0), s(  18,   15), s(  12,   10), s(  19,   15), s(  13,   36), s( 152,   62), s(   0,    0),
    // PASSED_RANK (8): relative rank of a passed pawn (the front one of its file)
    s(   0,    0), s( -13,  -26), s( -10,   -5), s( -12,   18), s(  10,   40), s(  -2,   77), s(  22,   15), s(   0,    0),
    // PASSED_CANDIDATE (8): relative rank of a candidate: open file, helpers at least as many as sentries
    s(   0,    0), s(  -8,    5), s(   5,    0), s(   4,    8), s( -15,   23), s( -38,  108), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): relative rank of a passer whose path is empty and not attacked
    s(   0,    0), s( -87,   28), s( -38,   18), s( -35,   19), s( -21,   20), s(  23,   47), s( -15,  115), s(   0,    0),
    // PASSED_OWN_KING (8): distance of the own king to the passer's stop square
    s(   7,   53), s( -31,   62), s(   7,   26), s( -13,   10), s(   0,   -7), s( -16,   -6), s(  18,  -18), s(   9,  -12),
    // PASSED_ENEMY_KING (8): distance of the enemy king to the passer's stop square
    s( -37,  -35), s(  33,   -9), s(  18,   -4), s(  10,   17), s(  -5,   37), s( -18,   47), s( -18,   60), s(  18,   59),
    // PASSED_ROOK_BEHIND (1): an own rook behind the passer on its file
    s(   9,   28),
    // KING_SHIELD (32): [file class a/h, b/g, c/f, d/e][relative rank of the own pawn, 0 none] on the king's and adjacent files
    s( -28,   11), s(  23,  -31), s(  10,  -20), s(   6,   -8), s(  -9,   -6), s(  44,  -24), s( -82,   27), s(   0,    0),
    s( -22,   11), s(  14,  -12), s(  10,   -9), s( -14,   -7), s( -40,    6), s(  47,    7), s(  86,   26), s(   0,    0),
    s( -25,    8), s(  28,    4), s( -15,    3), s( -11,    5), s(  -1,    0), s(  59,  -26), s(  91,   19), s(   0,    0),
    s( -14,   14), s(  29,  -11), s(  13,    1), s(  15,   -5), s(   0,  -10), s( -89,    5), s(  11,  -10), s(   0,    0),
    // KING_STORM (32): [file class][relative rank of the nearest enemy pawn, 0 none]
    s( -16,  -12), s(  37,   34), s(   1,   27), s(  16,  -10), s(  -9,   -5), s(  -2,   -5), s(   6,    3), s(   0,    0),
    s(  -1,  -14), s( -63,   67), s( -27,   60), s(  -3,    8), s( -11,  -11), s(  15,  -27), s(   5,  -17), s(   0,    0),
    s(  -3,   -5), s( 171,   16), s( -79,   60), s( -10,   -2), s(  -9,  -10), s(   1,  -12), s(  -4,   -9), s(   0,    0),
    s( -14,   -4), s( 156,   44), s( -54,   49), s( -17,  -21), s(  -9,  -16), s(   5,  -19), s(   2,  -35), s(   0,    0),
    // KING_OPEN_FILE (1): a file next to or of the king with no pawn
    s(  -3,  -24),
    // SAFETY_ATTACKERS (4): danger per knight, bishop, rook, queen attacking the king zone
    s(  19,  707), s(  40,  567), s(  43,  713), s(  21, -164),
    // SAFETY_ATTACKS (1): danger per attack on a king-zone square
    s(  37,  -52),
    // SAFETY_WEAK (1): danger per attacked king-zone square defended only by king or queen
    s(   9,   18),
    // SAFETY_CHECKS (4): danger per safe check by knight, bishop, rook, queen
    s(  39,   76), s(  32,  801), s( 165,  231), s(  53,   56),
    // SAFETY_NO_QUEEN (1): danger if the attacker has no queen
    s(-442, -747),
    // SAFETY_OFFSET (1): danger of every attack (two attackers or more)
    s( -46, -413),
    // BISHOP_PAIR (1): two bishops or more
    s(  41,   56),
    // ROOK_FILE (2): rook on an open, half-open file
    s(  36,   -2), s(  21,    5),
    // QUEEN_FILE (2): queen on an open, half-open file
    s(  -6,   19), s(   2,   16),
    // SEVENTH (2): rook, queen on the seventh with the enemy king on the eighth or pawns on the seventh
    s( -65,   37), s( -47,   17),
    // OUTPOST (2): knight, bishop on ranks 4-6 defended by a pawn, never attackable by an enemy pawn
    s(  31,    3), s(  27,    2),
    // MINOR_BEHIND_PAWN (1): knight or bishop with a pawn in front
    s(   4,   23),
    // BAD_BISHOP (1): per own pawn on the bishop's colour
    s(  -7,    2),
    // THREAT_BY_PAWN (4): enemy knight, bishop, rook, queen attacked by a pawn
    s(  50,   15), s(  52,   43), s(  11,   54), s(  26,    9),
    // THREAT_BY_MINOR (5): enemy pawn .. queen attacked by a knight or bishop
    s(  -4,    7), s(   9,   15), s(  31,   17), s(  54,    0), s(  34,    9),
    // THREAT_BY_ROOK (5): enemy pawn .. queen attacked by a rook
    s( -12,   17), s(  17,    1), s(   7,   18), s(-120,   84), s(  73,  -13),
    // HANGING (1): enemy piece or pawn attacked and not defended
    s(  15,   25),
    // PUSH_THREAT (1): a safe pawn push that would attack an enemy piece
    s(  14,   24),
    // TEMPO (1): the side to move
    s(  19,    8),
];
