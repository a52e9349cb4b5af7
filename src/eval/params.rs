//! The evaluation's weights: every term's middlegame and endgame values, in the order of
//! `layout::TERMS` (src/eval/layout.rs says what each one means).
//! Generated file: do not edit; rerun the command below instead.
//! Made by: `cutoff tune --data ../shared/data/tuning/sf15-5knodes.txt.xz --epochs 1000 --lr 2 --groups material,psqt --zero-others --out src/eval/params.rs`
//! 401132 training / 44544 validation positions; K = 0.006993, Ks = 0.006827, lambda 0.5;
//! loss train 0.031482 -> 0.029547, validation 0.033181 -> 0.032001.

use super::layout::N_PARAMS;
use super::score::Score;

const fn s(mg: i32, eg: i32) -> Score {
    Score::new(mg, eg)
}

/// Every weight of the evaluation, middlegame and endgame, in the order of `layout::TERMS`.
#[rustfmt::skip]
pub const WEIGHTS: [Score; N_PARAMS] = [
    // MATERIAL (5): piece type: pawn, knight, bishop, rook, queen
    s(  88,  135), s( 354,  278), s( 398,  305), s( 541,  493), s(1190,  853),
    // PST_PAWN (64): square from the owner's side, a1 first, rank by rank
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s( -59,   -1), s( -24,  -27), s( -21,  -14), s( -35,  -11), s( -22,  -12), s(   8,  -29), s(  17,  -24), s( -42,  -30),
    s( -42,  -27), s( -14,  -33), s( -16,  -32), s( -14,  -37), s(  -4,  -28), s(   2,  -33), s(  17,  -33), s( -35,  -35),
    s( -44,  -18), s(  -9,  -26), s(  -4,  -34), s(   4,  -47), s(  13,  -53), s(   3,  -42), s(   8,  -26), s( -33,  -34),
    s( -37,    1), s(   7,  -20), s(  -6,  -10), s(   9,  -27), s(  25,  -41), s(  28,  -28), s(  19,  -23), s( -26,  -36),
    s(  -6,   22), s(  36,   39), s(   9,   33), s(  55,   -1), s(  44,   21), s(  32,   10), s( -11,   18), s( -15,    9),
    s(  53,   96), s(  77,  108), s(  60,   91), s(  23,   75), s( 124,   77), s(  11,   71), s(-116,  125), s( -47,   75),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // PST_KNIGHT (64): square from the owner's side, a1 first, rank by rank
    s(-130,   55), s( -21,  -21), s( -10,   -1), s(   6,  -18), s(   0,   21), s(  -4,  -35), s( -20,   -9), s( -54, -237),
    s(  -3,   -7), s(  17,  -35), s( -11,   18), s(   3,    7), s(   9,   -1), s(  14,  -11), s( -13,    6), s(  -7,   33),
    s(  -4,   36), s(   6,   -9), s(  16,    9), s(  42,   16), s(  33,   19), s(  17,    7), s(  25,  -27), s(   6,   -2),
    s(   1,  -25), s(  -1,    6), s(  27,   47), s(  25,   26), s(  37,   30), s(  48,   26), s(  34,    8), s(   9,    2),
    s(  44,  -34), s(  40,    8), s(  43,   26), s(  54,   28), s(  40,   44), s(  60,   26), s(  36,   34), s(  57,  -42),
    s(  41,  -65), s(  70,  -15), s(  57,   22), s(  65,   24), s( 130,    0), s(  78,   17), s(  78,   -1), s(   5,  -29),
    s(  17,  -29), s(  20,  -34), s(  88,  -30), s(  63,    6), s(  68,   11), s(  38,  -12), s( -16,  -34), s(  -9,   11),
    s(-190,  -25), s(  13,  -62), s( -94,    1), s( 156,  -51), s(-357,   95), s(-219,   43), s(-429,  125), s(-143,    9),
    // PST_BISHOP (64): square from the owner's side, a1 first, rank by rank
    s(   5,   -5), s(  18,    1), s( -19,  -29), s( -42,   -6), s(  14,  -27), s( -22,  -19), s(  32,  -17), s( -38,   -3),
    s(   9,  -16), s(   8,  -16), s(  11,   -1), s(   2,  -17), s(   1,    8), s(  12,   -1), s(  10,  -20), s(   3,    1),
    s(   8,  -42), s(  -3,   26), s(  13,   13), s(  16,    4), s(  15,    7), s(  12,    5), s(  15,    1), s(  10,  -32),
    s(  20,   22), s(  26,  -17), s(  17,    3), s(  13,    9), s(  -3,   37), s(  10,   21), s(  25,    5), s(  23,  -29),
    s(  12,   12), s(  22,    6), s(  71,  -25), s(  34,   25), s(  40,   17), s(  11,    5), s(  11,   -8), s(  17,    1),
    s(   6,  -40), s( 106,  -35), s(  32,   -4), s( 110,  -29), s(  26,   16), s(  73,  -37), s(  36,   -4), s(  28,    7),
    s( -58,   33), s( -15,   11), s(  99,  -30), s( -22,    6), s(  -6,  -15), s( -28,   39), s(  14,   -3), s(  27,  -45),
    s(-119,   45), s(  81,   20), s(-131,   -4), s(-107,   23), s(-114,    1), s(-275,   54), s(-137,   63), s( -66,   25),
    // PST_ROOK (64): square from the owner's side, a1 first, rank by rank
    s( -48,    2), s( -39,   12), s( -26,  -18), s(  -8,  -13), s( -18,  -15), s( -40,   -6), s( -52,    9), s( -72,   -5),
    s( -66,  -11), s( -46,  -21), s( -36,    4), s( -22,   -8), s(  -5,  -19), s( -38,   -1), s( -42,   -3), s(-120,   21),
    s( -74,   25), s( -66,   40), s( -31,  -13), s( -47,   23), s( -30,   14), s( -40,   -2), s( -58,   -7), s( -37,  -33),
    s( -70,   18), s( -35,   26), s(  -8,    0), s( -34,    2), s( -19,    9), s( -73,   21), s( -87,   22), s( -57,   -8),
    s( -13,    5), s( -26,   17), s(  43,   -5), s(  32,    2), s(  15,    6), s(  21,    3), s(  -4,    9), s(   7,   -1),
    s(  18,    6), s(  54,   -3), s(  22,   12), s(  44,   -6), s(  35,    1), s(  54,  -10), s(  36,  -14), s(  96,  -41),
    s(  40,   -3), s(  35,    8), s(  67,    4), s(  70,   -2), s(  65,    1), s( 109,  -16), s(  35,  -17), s( 105,  -26),
    s(  64,  -20), s( 100,   -5), s(  91,  -11), s(  26,    2), s( -41,   56), s(  53,   12), s(  76,  -10), s( 117,  -20),
    // PST_QUEEN (64): square from the owner's side, a1 first, rank by rank
    s( -23,  -17), s( -24,  -31), s( -30,  -25), s( -17,  -78), s( -21,  -37), s( -23, -103), s( -63,   -2), s( -47,   -2),
    s( -23,    8), s( -34,   -6), s(  -8,  -38), s( -17,  -12), s(   0,  -64), s(  -5,  -54), s(  25,  -67), s( -50,  -19),
    s(  -3,  -45), s(  -8,  -36), s( -18,    2), s( -20,   19), s(  -9,   -2), s(  -7,  -15), s(   1,    1), s(  10,  -45),
    s( -17,    5), s( -20,   -8), s( -23,   46), s( -22,   34), s( -10,   35), s( -34,   42), s( -19,   17), s(  -1,   -8),
    s(  31,  -86), s( -42,   46), s( -26,   64), s(  -1,   43), s(   9,   61), s( -26,   78), s(  -8,   66), s(   8,  -10),
    s(  -4,  -44), s(  -5,   29), s(  10,   -3), s( -18,   90), s( -27,   83), s(  33,    1), s(  -6,   73), s(  -1,   65),
    s(  38,   -8), s( -22,   14), s(  -9,   20), s(  -2,   42), s(  22,   34), s(  47,   10), s(   6,   47), s(  89,  -17),
    s( -31,  -21), s( -11,   33), s(  46,  -16), s(  71,  -50), s(  81,  -34), s(  75,    1), s(  77,  -18), s( 154,  -89),
    // PST_KING (64): square from the owner's side, a1 first, rank by rank
    s(  46,  -14), s(  26,  -26), s(  -1,  -33), s( -80,  -27), s( -18,  -66), s( -54,  -30), s(  12,  -30), s(  25,  -51),
    s(  48,  -37), s( -16,    6), s( -50,    5), s( -63,    7), s( -78,    7), s( -35,   -7), s( -17,  -12), s(   6,  -23),
    s(  34,  -41), s( -11,   -6), s( -71,   21), s( -93,   15), s(-107,   19), s( -44,    8), s( -23,   -5), s( -32,  -11),
    s( 111,  -51), s( 115,  -54), s( -53,   12), s(-104,   27), s(  15,    4), s( -65,   17), s(  -9,   -2), s( -48,  -21),
    s(  58,  -35), s(  12,   -8), s( -37,    5), s( -88,   19), s( -70,   17), s(  84,    5), s(  76,  -21), s( 128,  -52),
    s(  16,    3), s( -34,   23), s( -26,   32), s( -14,   19), s(  13,    9), s(  47,   10), s( 102,  -14), s( 135,  -35),
    s(-119,   23), s( -69,   63), s( -49,   65), s(  44,   20), s(  15,   39), s(  89,   -8), s(  84,   42), s( 231,  -47),
    s(  45,  -15), s(-164,  104), s( -31,   19), s(   8,   49), s( -23,   10), s(   8,   -7), s( 123,   96), s(  39,  -29),
    // MOBILITY_KNIGHT (9): safe squares attacked (not own pawn or king, not attacked by enemy pawns)
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0),
    // MOBILITY_BISHOP (14): safe squares attacked
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // MOBILITY_ROOK (15): safe squares attacked
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    // MOBILITY_QUEEN (28): safe squares attacked
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
    s(   0,    0), s(   0,    0), s(   0,    0), s(   0,    0),
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
