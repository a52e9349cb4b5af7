//! Pawn structure: the terms that depend on the pawns alone (doubled, isolated, backward,
//! phalanx, supported, passed and candidate pawns by rank), and the pawn hash table that keeps
//! them per pawn structure, so that a search computes each structure once.

use super::layout::{
    PASSED_CANDIDATE, PASSED_RANK, PAWN_BACKWARD, PAWN_DOUBLED, PAWN_ISOLATED, PAWN_PHALANX,
    PAWN_SUPPORTED,
};
use super::params::WEIGHTS;
use super::{Score, Trace};
use crate::board::attacks::pawn_attack_set;
use crate::board::{Bitboard, Board, Color, PieceType, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// `bb` one rank forward for `color`.
#[inline(always)]
pub(crate) fn push(color: Color, bb: Bitboard) -> Bitboard {
    Bitboard(match color {
        Color::White => bb.0 << 8,
        Color::Black => bb.0 >> 8,
    })
}

const fn build_ahead() -> [[u64; 8]; 2] {
    let mut t = [[0; 8]; 2];
    let mut r = 0;
    while r < 8 {
        // White: every rank above r; Black: every rank below r.
        t[0][r] = if r == 7 { 0 } else { !0u64 << (8 * (r + 1)) };
        t[1][r] = if r == 0 { 0 } else { !0u64 >> (8 * (8 - r)) };
        r += 1;
    }
    t
}

/// Indexed by [color][rank]: the ranks strictly in front of `rank` for `color`.
const AHEAD: [[u64; 8]; 2] = build_ahead();

/// The squares strictly in front of `sq` for `color`, on every file.
#[inline(always)]
pub(crate) fn ahead(color: Color, sq: Square) -> Bitboard {
    Bitboard(AHEAD[color.index()][sq.rank().index()])
}

/// The files beside `sq`'s.
#[inline(always)]
pub(crate) fn adjacent_files(sq: Square) -> Bitboard {
    let f = FILE_A << sq.file().index();
    Bitboard(((f & !FILE_H) << 1) | ((f & !FILE_A) >> 1))
}

/// The squares in front of `sq` on its file.
#[inline(always)]
pub(crate) fn front_span(color: Color, sq: Square) -> Bitboard {
    ahead(color, sq) & Bitboard(FILE_A << sq.file().index())
}

/// The squares in front of `sq` on its file and the adjacent ones: where enemy pawns stop a
/// passer.
#[inline(always)]
pub(crate) fn passed_span(color: Color, sq: Square) -> Bitboard {
    ahead(color, sq) & (Bitboard(FILE_A << sq.file().index()) | adjacent_files(sq))
}

/// What the pawn-only terms give: their sum from White's side and the passed pawns of both
/// sides (the rest of the evaluation scores those with the pieces in view).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PawnInfo {
    pub(crate) score: Score,
    pub(crate) passed: Bitboard,
}

/// The pawn-only terms of `board`, reported to `trace`.
pub(crate) fn pawn_info<T: Trace>(board: &Board, trace: &mut T) -> PawnInfo {
    let mut info = PawnInfo::default();
    for us in Color::ALL {
        let them = us.flip();
        let ours = board.colored_pieces(us, PieceType::Pawn);
        let theirs = board.colored_pieces(them, PieceType::Pawn);
        let their_attacks = pawn_attack_set(them, theirs);
        let mut score = Score::ZERO;
        let mut add = |i: usize, trace: &mut T| {
            score += WEIGHTS[i];
            if T::ON {
                trace.add(us, i, 1);
            }
        };
        for sq in ours {
            let rank = sq.rank().relative(us).index();
            let adjacent = adjacent_files(sq);
            let front = front_span(us, sq);
            let doubled = (front & ours).any();
            let isolated = (adjacent & ours).is_empty();
            if doubled {
                add(PAWN_DOUBLED, trace);
            }
            if isolated {
                add(PAWN_ISOLATED, trace);
            } else {
                let beside_or_behind = adjacent & ours & !ahead(us, sq);
                // A pawn stands on ranks 2-7, so its stop square exists.
                let stop = sq.forward(us);
                if rank < 7 && beside_or_behind.is_empty() && their_attacks.has(stop) {
                    add(PAWN_BACKWARD, trace);
                }
            }
            let beside = adjacent & ours & Bitboard::rank(sq.rank());
            if beside.any() {
                add(PAWN_PHALANX + rank, trace);
            }
            if (crate::board::attacks::pawn_attacks(them, sq) & ours).any() {
                add(PAWN_SUPPORTED + rank, trace);
            }
            if doubled || (front & theirs).any() {
                continue;
            }
            let sentries = passed_span(us, sq) & theirs;
            if sentries.is_empty() {
                add(PASSED_RANK + rank, trace);
                info.passed = info.passed.with(sq);
            } else {
                // Own pawns beside or behind on the adjacent files can trade off the sentries.
                let helpers = adjacent & ours & !ahead(us, sq);
                if helpers.count() >= sentries.count() {
                    add(PASSED_CANDIDATE + rank, trace);
                }
            }
        }
        match us {
            Color::White => info.score += score,
            Color::Black => info.score -= score,
        }
    }
    info
}

#[derive(Clone, Copy, Default)]
struct Entry {
    white: Bitboard,
    black: Bitboard,
    info: PawnInfo,
}

/// Pawn hash table: the pawn-only terms per pawn structure, one per search thread (allocated
/// once, never per node). Entries keep both pawn sets, so a hit is never a collision; the empty
/// entry is the structure without pawns, whose terms are all zero.
pub(crate) struct PawnTable {
    entries: Box<[Entry]>,
}

const ENTRIES: usize = 1 << 13;

impl Default for PawnTable {
    fn default() -> Self {
        PawnTable::new()
    }
}

impl PawnTable {
    pub(crate) fn new() -> PawnTable {
        PawnTable {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }

    /// The pawn-only terms of `board`, from the table when its structure is there.
    #[inline]
    pub(crate) fn probe(&mut self, board: &Board) -> PawnInfo {
        let white = board.colored_pieces(Color::White, PieceType::Pawn);
        let black = board.colored_pieces(Color::Black, PieceType::Pawn);
        let slot = &mut self.entries[board.pawn_hash() as usize & (ENTRIES - 1)];
        if slot.white == white && slot.black == black {
            return slot.info;
        }
        let info = pawn_info(board, &mut super::NoTrace);
        *slot = Entry { white, black, info };
        info
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn spans_and_masks() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!(front_span(Color::White, e4).count(), 4);
        assert_eq!(front_span(Color::Black, e4).count(), 3);
        assert_eq!(passed_span(Color::White, e4).count(), 12);
        assert_eq!(adjacent_files(Square::A1).count(), 8);
        let a2 = Bitboard::from_square(Square::parse("a2").unwrap());
        assert_eq!(
            pawn_attack_set(Color::White, a2),
            Bitboard::from_square(Square::parse("b3").unwrap())
        );
    }

    #[test]
    fn passed_pawns_are_found() {
        // White: d5 passed, b2 not (a7 guards a6), a2 blocked. Black: h4 passed.
        let b = board("4k3/p7/8/3P4/7p/8/PP6/4K3 w - - 0 1");
        let info = pawn_info(&b, &mut super::super::NoTrace);
        let names: Vec<String> = info.passed.map(|s| s.to_string()).collect();
        assert_eq!(names, ["h4", "d5"]);
    }

    #[test]
    fn a_table_hit_equals_a_fresh_computation() {
        let mut table = PawnTable::new();
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "4k3/p7/8/3P4/7p/8/PP6/4K3 w - - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "r1bqkb1r/pp3ppp/2n1pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R w KQkq - 0 6",
        ] {
            let b = board(fen);
            let fresh = pawn_info(&b, &mut super::super::NoTrace);
            assert_eq!(table.probe(&b), fresh, "{fen} (miss)");
            assert_eq!(table.probe(&b), fresh, "{fen} (hit)");
        }
    }
}
