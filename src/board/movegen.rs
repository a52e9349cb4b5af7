//! Legal move generation with check and pin masks.
//!
//! The generator hands out the moves of one piece at a time as a `PieceMoves` (a from square
//! and a set of destinations). Perft counts those sets with a popcount; the move list expands
//! them into `Move`s. Captures and promotions ("noisy" moves) are generated apart from quiet
//! moves, so the move picker can stop before quiet moves are ever generated.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind, MoveList};
use super::position::{castle_destinations, Board, KING_SIDE, QUEEN_SIDE};
use super::types::{Color, PieceType, Rank, Square};

/// The legal destinations of one piece.
#[derive(Clone, Copy, Debug)]
pub struct PieceMoves {
    pub piece: PieceType,
    pub from: Square,
    pub to: Bitboard,
}

impl PieceMoves {
    /// Whether every destination is a promotion (a pawn on its seventh rank).
    #[inline(always)]
    fn promotes(&self, us: Color) -> bool {
        self.piece == PieceType::Pawn && self.from.rank().relative(us) == Rank::R7
    }

    /// The number of moves this set stands for (four per promotion square).
    #[inline(always)]
    pub fn count(&self, us: Color) -> u64 {
        let n = self.to.count() as u64;
        if self.promotes(us) {
            n * 4
        } else {
            n
        }
    }
}

/// Which moves to generate.
pub mod kind {
    /// Non-captures that do not promote, castling included.
    pub const QUIET: u8 = 1;
    /// Captures (en passant included) and every promotion.
    pub const NOISY: u8 = 2;
    pub const ALL: u8 = 3;
}

/// Calls `visit` with the legal moves of each piece of the side to move standing on `from_mask`,
/// restricted to the moves of `KIND`. Stops early and returns true when `visit` returns true.
#[inline(always)]
pub fn generate<const KIND: u8, F: FnMut(PieceMoves) -> bool>(
    b: &Board,
    from_mask: Bitboard,
    visit: &mut F,
) -> bool {
    let quiet = KIND & kind::QUIET != 0;
    let noisy = KIND & kind::NOISY != 0;
    let us = b.side;
    let them = us.flip();
    let own = b.colored(us);
    let enemy = b.colored(them);
    let occ = own | enemy;
    let king = b.king(us);
    let checkers = b.checkers;

    // Destinations by kind, before legality masks.
    let kind_mask = match (quiet, noisy) {
        (true, true) => !own,
        (true, false) => !occ,
        (false, true) => enemy,
        (false, false) => Bitboard::EMPTY,
    };

    // King moves: every destination must be unattacked once the king has left its square.
    if from_mask.has(king) {
        let mut to = Bitboard::EMPTY;
        let occ_without_king = occ.without(king);
        for sq in king_attacks(king) & kind_mask {
            if !b.is_attacked(sq, them, occ_without_king) {
                to = to.with(sq);
            }
        }
        if quiet && checkers.is_empty() {
            to |= castling_targets(b, us, king, occ);
        }
        if to.any()
            && visit(PieceMoves {
                piece: PieceType::King,
                from: king,
                to,
            })
        {
            return true;
        }
    }

    // In double check only the king moves.
    if checkers.several() {
        return false;
    }
    // Evasions: block the check or take the checker.
    let check_mask = if checkers.any() {
        between(king, checkers.lsb()) | checkers
    } else {
        Bitboard::FULL
    };
    let pinned = b.pinned;
    let movable = own & from_mask;

    // Pawns.
    let pawns = movable & b.pieces(PieceType::Pawn);
    let promo_rank = Bitboard::rank(Rank::R8.relative(us));
    for from in pawns {
        let mut to = Bitboard::EMPTY;
        let one = from.forward(us);
        let seventh = from.rank().relative(us) == Rank::R7;
        if !occ.has(one) {
            let push = Bitboard::from_square(one);
            // Pushes to the last rank are promotions, hence noisy.
            if (seventh && noisy) || (!seventh && quiet) {
                to |= push;
            }
            if quiet && from.rank().relative(us) == Rank::R2 {
                let two = one.forward(us);
                if !occ.has(two) {
                    to = to.with(two);
                }
            }
        }
        if noisy {
            to |= pawn_attacks(us, from) & enemy;
        }
        to &= check_mask;
        if pinned.has(from) {
            to &= line(king, from);
        }
        if noisy {
            if let Some(ep) = b.ep {
                if pawn_attacks(us, from).has(ep) && en_passant_is_legal(b, from, ep) {
                    to = to.with(ep);
                }
            }
        }
        debug_assert!(!seventh || (to & !promo_rank).is_empty());
        if to.any()
            && visit(PieceMoves {
                piece: PieceType::Pawn,
                from,
                to,
            })
        {
            return true;
        }
    }

    let targets = kind_mask & check_mask;
    // Knights: a pinned knight never moves.
    for from in movable & b.pieces(PieceType::Knight) & !pinned {
        let to = knight_attacks(from) & targets;
        if to.any()
            && visit(PieceMoves {
                piece: PieceType::Knight,
                from,
                to,
            })
        {
            return true;
        }
    }
    // Sliders: a pinned one moves only along the pin line.
    for pt in [PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        for from in movable & b.pieces(pt) {
            let attacks = match pt {
                PieceType::Bishop => bishop_attacks(from, occ),
                PieceType::Rook => rook_attacks(from, occ),
                _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
            };
            let mut to = attacks & targets;
            if pinned.has(from) {
                to &= line(king, from);
            }
            if to.any()
                && visit(PieceMoves {
                    piece: pt,
                    from,
                    to,
                })
            {
                return true;
            }
        }
    }
    false
}

/// Castling moves as king-takes-own-rook destinations.
#[inline(always)]
fn castling_targets(b: &Board, us: Color, king: Square, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for side in [KING_SIDE, QUEEN_SIDE] {
        let Some(rook) = b.castle_rook(us, side) else {
            continue;
        };
        let (king_to, rook_to) = castle_destinations(us, side);
        let movers = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let king_path = between(king, king_to) | Bitboard::from_square(king_to);
        let rook_path = between(rook, rook_to) | Bitboard::from_square(rook_to);
        if ((king_path | rook_path) & occ & !movers).any() {
            continue;
        }
        // With king and rook lifted, no square the king crosses may be attacked.
        let lifted = occ & !movers;
        if king_path
            .into_iter()
            .all(|sq| !b.is_attacked(sq, us.flip(), lifted))
        {
            out = out.with(rook);
        }
    }
    out
}

/// En passant can uncover an attack on the king along a rank (both pawns leave it) or a
/// diagonal, so test the position after the capture directly.
#[inline(never)]
fn en_passant_is_legal(b: &Board, from: Square, ep: Square) -> bool {
    let us = b.side;
    let them = us.flip();
    let king = b.king(us);
    let victim = Square::new(ep.file(), from.rank());
    let occ = (b.occupied().without(from).without(victim)).with(ep);
    let their = b.colored(them);
    let rq = (b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen)) & their;
    let bq = (b.pieces(PieceType::Bishop) | b.pieces(PieceType::Queen)) & their;
    let sliders = (rook_attacks(king, occ) & rq) | (bishop_attacks(king, occ) & bq);
    // Non-slider checkers other than the captured pawn still give check.
    let others = b.checkers & !(rq | bq) & !Bitboard::from_square(victim);
    sliders.is_empty() && others.is_empty()
}

/// Appends the moves of one piece's set to `list`.
#[inline(always)]
pub fn expand(b: &Board, pm: PieceMoves, list: &mut MoveList) {
    let us = b.side;
    let enemy = b.colored(us.flip());
    let from = pm.from;
    match pm.piece {
        PieceType::Pawn => {
            if pm.promotes(us) {
                for to in pm.to {
                    let capture = enemy.has(to);
                    for piece in [
                        PieceType::Queen,
                        PieceType::Knight,
                        PieceType::Rook,
                        PieceType::Bishop,
                    ] {
                        list.push(Move::promotion(from, to, piece, capture));
                    }
                }
            } else {
                for to in pm.to {
                    let kind = if enemy.has(to) {
                        MoveKind::Capture
                    } else if Some(to) == b.ep && to.file() != from.file() {
                        MoveKind::EnPassant
                    } else if to.index().abs_diff(from.index()) == 16 {
                        MoveKind::DoublePush
                    } else {
                        MoveKind::Quiet
                    };
                    list.push(Move::new(from, to, kind));
                }
            }
        }
        PieceType::King => {
            let own = b.colored(us);
            for to in pm.to {
                let kind = if own.has(to) {
                    MoveKind::Castle
                } else if enemy.has(to) {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                list.push(Move::new(from, to, kind));
            }
        }
        _ => {
            for to in pm.to & enemy {
                list.push(Move::new(from, to, MoveKind::Capture));
            }
            for to in pm.to & !enemy {
                list.push(Move::new(from, to, MoveKind::Quiet));
            }
        }
    }
}

/// Appends the legal moves of `KIND` to `list`.
#[inline(always)]
pub fn generate_into<const KIND: u8>(b: &Board, list: &mut MoveList) {
    generate::<KIND, _>(b, Bitboard::FULL, &mut |pm| {
        expand(b, pm, list);
        false
    });
}

/// All legal moves.
pub fn legal_moves(b: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate_into::<{ kind::ALL }>(b, &mut list);
    list
}

/// Captures (en passant included) and promotions.
pub fn noisy_moves(b: &Board, list: &mut MoveList) {
    generate_into::<{ kind::NOISY }>(b, list);
}

/// Quiet moves: not captures, not promotions; castling included.
pub fn quiet_moves(b: &Board, list: &mut MoveList) {
    generate_into::<{ kind::QUIET }>(b, list);
}

/// The number of legal moves, without making a move list.
#[inline]
pub fn count_legal(b: &Board) -> u64 {
    let us = b.side;
    let mut n = 0;
    generate::<{ kind::ALL }, _>(b, Bitboard::FULL, &mut |pm| {
        n += pm.count(us);
        false
    });
    n
}

pub fn has_legal_move(b: &Board) -> bool {
    generate::<{ kind::ALL }, _>(b, Bitboard::FULL, &mut |_| true)
}

/// Whether `m` (from a hash table, a killer slot or elsewhere) is legal here: exactly the test
/// "the generator would produce it", but generating only for the piece on `m.from()`.
pub fn is_legal(b: &Board, m: Move) -> bool {
    if m.is_null() {
        return false;
    }
    let from = m.from();
    match b.mailbox[from.index()] {
        Some(p) if p.color() == b.side => {}
        _ => return false,
    }
    let mut found = None;
    generate::<{ kind::ALL }, _>(b, Bitboard::from_square(from), &mut |pm| {
        found = Some(pm);
        true
    });
    let Some(pm) = found else {
        return false;
    };
    if !pm.to.has(m.to()) {
        return false;
    }
    // Same destination: the move's kind must be the one the generator gives it.
    let mut list = MoveList::new();
    expand(
        b,
        PieceMoves {
            to: Bitboard::from_square(m.to()),
            ..pm
        },
        &mut list,
    );
    list.contains(m)
}

/// Whether the side to move is checkmated.
pub fn is_checkmate(b: &Board) -> bool {
    b.in_check() && !has_legal_move(b)
}

/// Whether the side to move is stalemated.
pub fn is_stalemate(b: &Board) -> bool {
    !b.in_check() && !has_legal_move(b)
}
