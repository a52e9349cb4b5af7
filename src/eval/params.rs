//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 1000 --lr 2 --groups material,psqt,mobility --zero-others --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006784, Ks = 0.006827, lambda 0.5;
//! loss train 0.030782 -> 0.028930, validation 0.032772 -> 0.031256.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s(  90,  139), s( 383,  258), s( 417,  287), s( 570,  471), s(1212,  857),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -45,   -6), s( -12,  -32), s( -13,  -16), s( -12,  -19), s(   0,  -22), s(  17,  -31), s(  30,  -30), s( -28,  -36),
    s( -32,  -29), s(  -9,  -35), s( -12,  -33), s(  -6,  -39), s(   5,  -30), s(  10,  -35), s(  21,  -34), s( -27,  -39),
    s( -38,  -19), s(  -9,  -26), s(   0,  -35), s(   6,  -49), s(  15,  -55), s(   9,  -45), s(   8,  -26), s( -27,  -36),
    s( -36,    1), s(   1,  -19), s( -12,  -10), s(   4,  -27), s(  19,  -41), s(  25,  -27), s(  15,  -22), s( -22,  -39),
    s(  -6,   24), s(  31,   41), s(  -8,   40), s(  50,    2), s(  32,   25), s(  22,   14), s( -12,   20), s( -12,    8),
    s(  38,  102), s(  73,  111), s(  52,   95), s(  -6,   85), s( 107,   85), s( -17,   79), s(-128,  130), s( -59,   80),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s(-110,   57), s(  -3,   -4), s(   8,   -7), s(  17,  -15), s(  15,   26), s(   4,  -31), s(  -3,   10), s( -46, -224),
    s(  11,   -2), s(  25,  -37), s(  -9,   11), s(  11,    2), s(  19,  -10), s(  13,  -16), s(  -4,    8), s(   2,   39),
    s(   0,   38), s(   1,  -15), s(  10,    7), s(  38,   14), s(  29,   18), s(  16,    3), s(  24,  -35), s(  11,    4),
    s(   9,  -25), s(  -5,    2), s(  21,   48), s(  21,   24), s(  35,   28), s(  45,   24), s(  39,    1), s(  20,    2),
    s(  46,  -36), s(  34,    1), s(  29,   28), s(  48,   27), s(  32,   44), s(  53,   29), s(  32,   30), s(  64,  -45),
    s(  26,  -64), s(  55,  -22), s(  42,   30), s(  50,   27), s( 112,    5), s(  69,   20), s(  71,   -8), s(   0,  -30),
    s(  20,  -25), s(   8,  -34), s(  77,  -34), s(  50,    1), s(  51,    8), s(  25,  -14), s( -18,  -38), s(  -6,   18),
    s(-173,  -17), s(   9,  -62), s(-101,   -4), s( 173,  -59), s(-350,   89), s(-226,   36), s(-424,  120), s(-140,   36),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(  17,    5), s(  37,    5), s(   1,  -13), s( -28,   -4), s(  29,  -21), s(  -8,   -8), s(  41,  -16), s( -27,    6),
    s(  17,  -12), s(  14,  -14), s(  11,    1), s(  11,  -17), s(   5,    7), s(  18,   -1), s(  16,  -18), s(  13,    3),
    s(  15,  -46), s(   2,   20), s(  17,    9), s(  18,    0), s(  19,    3), s(  15,    4), s(  24,   -1), s(  15,  -24),
    s(  28,   17), s(  25,  -20), s(  15,   -1), s(  13,    7), s(  -3,   32), s(   7,   16), s(  19,    3), s(  30,  -28),
    s(  11,   12), s(  22,   -1), s(  62,  -29), s(  30,   25), s(  39,   11), s(  -2,    4), s(  11,  -11), s(  12,    3),
    s(   1,  -41), s(  97,  -36), s(  23,   -9), s(  99,  -33), s(  16,   12), s(  63,  -40), s(  34,   -8), s(  25,   11),
    s( -61,   39), s( -26,   14), s(  87,  -29), s( -41,    4), s( -11,  -20), s( -38,   39), s(  -2,   -4), s(  18,  -42),
    s(-100,   44), s(  82,   18), s(-139,   -4), s(-103,   20), s(-121,   -2), s(-288,   53), s(-168,   76), s( -57,   30),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -39,    0), s( -30,    8), s( -17,  -25), s(   1,  -22), s(  -6,  -25), s( -28,   -9), s( -39,    3), s( -56,   -6),
    s( -56,  -11), s( -38,  -23), s( -29,    5), s( -11,  -12), s(   6,  -23), s( -26,   -2), s( -26,   -7), s(-105,   20),
    s( -66,   26), s( -61,   40), s( -26,  -15), s( -36,   20), s( -25,   14), s( -28,   -4), s( -46,  -10), s( -25,  -33),
    s( -63,   17), s( -30,   25), s(  -2,   -2), s( -31,    0), s( -16,    9), s( -68,   21), s( -76,   20), s( -48,   -7),
    s( -13,    6), s( -24,   16), s(  34,   -3), s(  32,    1), s(  12,    6), s(  25,    2), s(  -2,   13), s(  16,   -4),
    s(  15,    7), s(  55,   -3), s(  19,   13), s(  38,   -4), s(  35,    1), s(  48,   -8), s(  39,  -16), s(  93,  -41),
    s(  29,    0), s(  17,   11), s(  55,    6), s(  50,    5), s(  43,    6), s(  96,  -12), s(  28,  -15), s(  96,  -22),
    s(  46,  -13), s(  83,    0), s(  59,   -4), s(  -4,    9), s( -68,   60), s(  40,   12), s(  55,   -7), s(  98,  -16),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -16,  -26), s(  -3,  -45), s( -17,  -19), s(  -4,  -72), s(  -4,  -46), s(  -5, -115), s( -35,  -24), s( -27,  -15),
    s( -11,   -4), s( -27,  -13), s(  -1,  -46), s(  -4,  -25), s(  13,  -74), s(   4,  -55), s(  36,  -80), s( -34,  -33),
    s(   3,  -48), s(  -1,  -42), s( -15,   -2), s( -18,   24), s(  -2,   -6), s(  -3,  -14), s(   7,   -4), s(  18,  -49),
    s( -10,  -11), s( -20,  -17), s( -24,   48), s( -28,   44), s( -13,   37), s( -35,   46), s( -21,   23), s(   5,   -6),
    s(  34,  -91), s( -40,   38), s( -37,   74), s(  -8,   53), s(   0,   68), s( -31,   82), s(  -9,   69), s(  10,    0),
    s(   0,  -57), s(  -7,   25), s(   0,    5), s( -44,  114), s( -41,   98), s(  19,    9), s(  -9,   75), s(  -3,   73),
    s(  28,    3), s( -37,   24), s( -31,   33), s( -19,   53), s(  -6,   54), s(  38,   15), s( -12,   62), s(  99,  -26),
    s( -16,  -36), s( -38,   51), s(  28,  -12), s(  54,  -44), s(  68,  -25), s(  67,    4), s(  78,  -24), s( 161,  -95),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(  37,  -13), s(  28,  -30), s(   3,  -33), s( -77,  -26), s( -16,  -57), s( -46,  -30), s(  15,  -33), s(  17,  -52),
    s(  38,  -35), s( -25,    8), s( -59,    6), s( -57,    3), s( -79,    5), s( -46,   -5), s( -23,  -12), s(  -2,  -22),
    s(  27,  -40), s( -15,   -6), s( -76,   23), s( -99,   17), s(-115,   20), s( -48,    8), s( -29,   -3), s( -36,  -11),
    s( 117,  -55), s( 114,  -55), s( -53,   12), s(-104,   28), s(  14,    4), s( -70,   19), s( -10,   -1), s( -54,  -20),
    s(  61,  -37), s(  22,   -9), s( -38,    6), s( -85,   21), s( -71,   18), s(  80,    6), s(  89,  -22), s( 133,  -55),
    s(  14,    1), s( -26,   24), s( -23,   33), s( -13,   22), s(   9,   13), s(  50,   11), s( 110,  -14), s( 141,  -36),
    s(-111,   25), s( -58,   63), s( -62,   70), s(  44,   23), s(  10,   40), s(  93,   -9), s(  90,   41), s( 235,  -48),
    s(  54,  -27), s(-147,   97), s( -25,   14), s(   0,   50), s( -21,   -2), s(  23,   -8), s( 120,  108), s(  39,  -32),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s( -32,  -44), s( -26,   -2), s( -21,   22), s( -14,   23), s(  -8,   31), s(  -3,   29), s(   3,   31), s(  11,   20),
    s(   9,   10),
    // MOBILITY_BISHOP (14): safe squares attacked
    s( -37,  -35), s( -24,  -17), s( -10,    2), s(  -5,   -6), s(   2,   13), s(   8,   24), s(   8,   28), s(   9,   30),
    s(  13,   31), s(   9,   27), s(  16,   29), s( -18,   32), s(  94,  -10), s(-150,   50),
    // MOBILITY_ROOK (15): safe squares attacked
    s(-124, -261), s( -35,  -29), s( -20,   -6), s( -20,    3), s( -16,    8), s( -12,   25), s(  -9,   32), s(  -4,   29),
    s(   8,   28), s(  14,   30), s(  18,   33), s(  26,   29), s(  35,   27), s(  42,   28), s(  97,   -5),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(   2,  118), s(  -5,  -36), s(  -3,   11), s(  -2,   26), s(   4,   -8), s(   7,   -7), s(   9,   17),
    s(  12,   20), s(  14,   36), s(  17,   42), s(  21,   27), s(  21,   49), s(  25,   42), s(  38,   24), s(  27,   34),
    s(  33,   25), s(  50,   10), s(  26,   30), s(  40,   31), s(  97,  -31), s( 156,  -73), s(  27,   28), s( 106,  -30),
    s( -94,  103), s( 133,  -75), s(-280,   77), s( -99,   66),
    // PAWN_DOUBLED (1): a pawn with an own pawn in front of it on its file
    s(   0,    0),
    // PAWN_ISOLATED (1): a pawn with no own pawn on the adjacent files
    s(   0,    0),
    // PAWN_BACKWARD (1): no own pawn beside or behind on the adjacent files, stop square attacked by a pawn
    s(   0,    0),
    // PAWN_PHALANX (8): relative rank of a pawn with an own pawn beside it
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PAWN_SUPPORTED (8): relative rank of a pawn defended by an own pawn
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_RANK (8): relative rank of a passed pawn (the front one of its file)
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_CANDIDATE (8): relative rank of a candidate: open file, helpers at least as many as sentries
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_FREE (8): relative rank of a passer whose path is empty and not attacked
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_OWN_KING (8): distance of the own king to the passer's stop square
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_ENEMY_KING (8): distance of the enemy king to the passer's stop square
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PASSED_ROOK_BEHIND (1): an own rook behind the passer on its file
    s(   0,    0),
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
