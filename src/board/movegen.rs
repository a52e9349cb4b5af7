//! Legal move generation with check and pin masks.
//!
//! The generator hands out the moves of one piece at a time as a `PieceMoves` (a from square
//! and a set of destinations). Perft counts those sets with a popcount; the move list expands
//! them into `Move`s. Captures and promotions ("noisy" moves) are generated apart from quiet
//! moves, so the move picker can stop before quiet moves are ever generated.
//!
//! Each generator is instantiated for "not in check" and "in single check" (a const
//! parameter), so the check mask and the pinned-piece cases cost nothing where they cannot
//! apply; in double check only the king moves. `count_legal`, the perft leaf counter, does
//! the pawns a whole set at a time instead of pawn by pawn.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::chessboard::{castle_destinations, Board, KING_SIDE, QUEEN_SIDE};
use super::moves::{Move, MoveKind, MoveList};
use super::types::{Color, File, PieceType, Rank, Square};

/// The legal destinations of one piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PieceMoves {
    pub(crate) piece: PieceType,
    pub(crate) from: Square,
    pub(crate) to: Bitboard,
}

impl PieceMoves {
    /// Whether every destination is a promotion (a pawn on its seventh rank).
    #[inline(always)]
    fn promotes(&self, us: Color) -> bool {
        self.piece == PieceType::Pawn && self.from.rank().relative(us) == Rank::R7
    }
}

/// Which moves to generate.
pub mod kind {
    /// Non-captures that do not promote, castling included.
    pub const QUIET: u8 = 1;
    /// Captures (en passant included) and every promotion.
    pub const NOISY: u8 = 2;
    pub(crate) const ALL: u8 = 3;
}

/// Calls `visit` with the legal moves of each piece of the side to move standing on `from_mask`,
/// restricted to the moves of `KIND`. Stops early and returns true when `visit` returns true.
/// Pieces come king first, then pawns, knights, bishops, rooks and queens.
#[inline(always)]
pub(crate) fn generate<const KIND: u8, F: FnMut(PieceMoves) -> bool>(
    b: &Board,
    from_mask: Bitboard,
    visit: &mut F,
) -> bool {
    if b.checkers.is_empty() {
        generate_for::<KIND, false, F>(b, from_mask, visit)
    } else if !b.checkers.several() {
        generate_for::<KIND, true, F>(b, from_mask, visit)
    } else {
        king_moves::<KIND, true, F>(b, from_mask, visit)
    }
}

/// Destinations allowed by `KIND` before any legality mask.
#[inline(always)]
fn kind_mask<const KIND: u8>(own: Bitboard, enemy: Bitboard) -> Bitboard {
    match (KIND & kind::QUIET != 0, KIND & kind::NOISY != 0) {
        (true, true) => !own,
        (true, false) => !(own | enemy),
        (false, true) => enemy,
        (false, false) => Bitboard::EMPTY,
    }
}

/// Squares a check can be answered on by a piece other than the king: the checker's square
/// and the squares between it and the king. Everything when not in check.
#[inline(always)]
fn check_mask<const IN_CHECK: bool>(b: &Board, king: Square) -> Bitboard {
    if IN_CHECK {
        between(king, b.checkers.lsb()) | b.checkers
    } else {
        Bitboard::FULL
    }
}

/// Every square `them` attacks, with occupancy `occ`.
#[inline(always)]
fn attacked_by(b: &Board, them: Color, occ: Bitboard) -> Bitboard {
    let their = b.colored(them);
    let pawns = b.pieces(PieceType::Pawn) & their;
    let mut attacked =
        forward_west(pawns, them) | forward_east(pawns, them) | king_attacks(b.king(them));
    for sq in b.pieces(PieceType::Knight) & their {
        attacked |= knight_attacks(sq);
    }
    let queens = b.pieces(PieceType::Queen);
    for sq in (b.pieces(PieceType::Bishop) | queens) & their {
        attacked |= bishop_attacks(sq, occ);
    }
    for sq in (b.pieces(PieceType::Rook) | queens) & their {
        attacked |= rook_attacks(sq, occ);
    }
    attacked
}

/// Whether to find the king's safe squares among `candidates` with a map of everything the
/// opponent attacks rather than square by square. Testing one square costs about as much as
/// adding two or three of the opponent's pieces to the map, so the map pays for an open king
/// (three squares or more) facing three pieces or fewer besides pawns and king: endgames.
#[inline(always)]
fn king_map_pays(b: &Board, them: Color, candidates: Bitboard) -> bool {
    let without_lowest = |x: u64| x & x.wrapping_sub(1);
    let officers = b.colored(them) & !(b.pieces(PieceType::Pawn) | b.pieces(PieceType::King));
    without_lowest(without_lowest(candidates.0)) != 0
        && without_lowest(without_lowest(without_lowest(officers.0))) == 0
}

/// The squares of `candidates` (next to the king of the side to move) where that king is
/// safe. The king is lifted from the board first, so it cannot hide from a slider behind its
/// own square.
#[inline(always)]
fn safe_king_squares(b: &Board, candidates: Bitboard) -> Bitboard {
    let us = b.side;
    let them = us.flip();
    let occ = b.occupied().without(b.king(us));
    if king_map_pays(b, them, candidates) {
        return candidates & !attacked_by(b, them, occ);
    }
    let mut safe = Bitboard::EMPTY;
    for sq in candidates {
        if !b.is_attacked(sq, them, occ) {
            safe = safe.with(sq);
        }
    }
    safe
}

#[inline(always)]
fn king_moves<const KIND: u8, const IN_CHECK: bool, F: FnMut(PieceMoves) -> bool>(
    b: &Board,
    from_mask: Bitboard,
    visit: &mut F,
) -> bool {
    let us = b.side;
    let them = us.flip();
    let king = b.king(us);
    if !from_mask.has(king) {
        return false;
    }
    let own = b.colored(us);
    let mut to = safe_king_squares(
        b,
        king_attacks(king) & kind_mask::<KIND>(own, b.colored(them)),
    );
    if KIND & kind::QUIET != 0 && !IN_CHECK {
        to |= castling_targets(b, us, king, b.occupied());
    }
    to.any()
        && visit(PieceMoves {
            piece: PieceType::King,
            from: king,
            to,
        })
}

/// The destinations of the pawn on `from`, before pins, checks and en passant.
#[inline(always)]
fn pawn_targets<const KIND: u8>(
    us: Color,
    from: Square,
    occ: Bitboard,
    enemy: Bitboard,
) -> Bitboard {
    let quiet = KIND & kind::QUIET != 0;
    let noisy = KIND & kind::NOISY != 0;
    let mut to = Bitboard::EMPTY;
    let one = from.forward(us);
    let rank = from.rank().relative(us);
    if !occ.has(one) {
        // Pushes to the last rank are promotions, hence noisy.
        if (rank == Rank::R7 && noisy) || (rank != Rank::R7 && quiet) {
            to = to.with(one);
        }
        if quiet && rank == Rank::R2 {
            let two = one.forward(us);
            if !occ.has(two) {
                to = to.with(two);
            }
        }
    }
    if noisy {
        to |= pawn_attacks(us, from) & enemy;
    }
    to
}

#[inline(always)]
fn generate_for<const KIND: u8, const IN_CHECK: bool, F: FnMut(PieceMoves) -> bool>(
    b: &Board,
    from_mask: Bitboard,
    visit: &mut F,
) -> bool {
    if king_moves::<KIND, IN_CHECK, F>(b, from_mask, visit) {
        return true;
    }
    let us = b.side;
    let them = us.flip();
    let own = b.colored(us);
    let enemy = b.colored(them);
    let occ = own | enemy;
    let king = b.king(us);
    let check_mask = check_mask::<IN_CHECK>(b, king);
    let pinned = b.pinned;
    // In check a pinned piece has no move: it cannot leave its line, and the line through the
    // king meets the checking line only at the king.
    let movable = if IN_CHECK {
        own & from_mask & !pinned
    } else {
        own & from_mask
    };
    // A pinned piece keeps to the line through its king.
    let pin_line = |from: Square| {
        if !IN_CHECK && pinned.has(from) {
            line(king, from)
        } else {
            Bitboard::FULL
        }
    };

    for from in movable & b.pieces(PieceType::Pawn) {
        let mut to = pawn_targets::<KIND>(us, from, occ, enemy) & check_mask & pin_line(from);
        if KIND & kind::NOISY != 0 {
            if let Some(ep) = b.ep {
                if pawn_attacks(us, from).has(ep) && en_passant_is_legal(b, from, ep) {
                    to = to.with(ep);
                }
            }
        }
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

    let targets = kind_mask::<KIND>(own, enemy) & check_mask;
    // A pinned knight never moves.
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
    for pt in [PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        for from in movable & b.pieces(pt) {
            let attacks = match pt {
                PieceType::Bishop => bishop_attacks(from, occ),
                PieceType::Rook => rook_attacks(from, occ),
                _ => bishop_attacks(from, occ) | rook_attacks(from, occ),
            };
            let to = attacks & targets & pin_line(from);
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
    if b.rights >> (us.index() * 2) & 3 == 0 {
        return out;
    }
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

/// Calls `f` with each move of one piece's set.
#[inline(always)]
fn expand_with<F: FnMut(Move)>(b: &Board, pm: PieceMoves, f: &mut F) {
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
                        f(Move::promotion(from, to, piece, capture));
                    }
                }
            } else {
                for to in pm.to {
                    let kind = if enemy.has(to) {
                        MoveKind::Capture
                    } else if to.file() != from.file() {
                        // A diagonal step onto an empty square.
                        MoveKind::EnPassant
                    } else if to.index().abs_diff(from.index()) == 16 {
                        MoveKind::DoublePush
                    } else {
                        MoveKind::Quiet
                    };
                    f(Move::new(from, to, kind));
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
                f(Move::new(from, to, kind));
            }
        }
        _ => {
            for to in pm.to & enemy {
                f(Move::new(from, to, MoveKind::Capture));
            }
            for to in pm.to & !enemy {
                f(Move::new(from, to, MoveKind::Quiet));
            }
        }
    }
}

/// Appends the moves of one piece's set to `list`.
#[inline(always)]
pub(crate) fn expand(b: &Board, pm: PieceMoves, list: &mut MoveList) {
    expand_with(b, pm, &mut |m| list.push(m));
}

/// Calls `f` with every legal move, without a move list.
#[inline(always)]
pub fn for_each_move<F: FnMut(Move)>(b: &Board, mut f: F) {
    generate::<{ kind::ALL }, _>(b, Bitboard::FULL, &mut |pm| {
        expand_with(b, pm, &mut f);
        false
    });
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

/// One step forward for `us`, a whole set at once.
#[inline(always)]
fn forward(bb: Bitboard, us: Color) -> Bitboard {
    match us {
        Color::White => Bitboard(bb.0 << 8),
        Color::Black => Bitboard(bb.0 >> 8),
    }
}

/// One step forward and towards the a-file, a whole set at once.
#[inline(always)]
fn forward_west(bb: Bitboard, us: Color) -> Bitboard {
    let bb = bb.0 & !Bitboard::file(File::A).0;
    match us {
        Color::White => Bitboard(bb << 7),
        Color::Black => Bitboard(bb >> 9),
    }
}

/// One step forward and towards the h-file, a whole set at once.
#[inline(always)]
fn forward_east(bb: Bitboard, us: Color) -> Bitboard {
    let bb = bb.0 & !Bitboard::file(File::H).0;
    match us {
        Color::White => Bitboard(bb << 9),
        Color::Black => Bitboard(bb >> 7),
    }
}

/// The number of legal moves, without making a move list.
#[inline]
pub(crate) fn count_legal(b: &Board) -> u64 {
    if b.checkers.is_empty() {
        count_for::<false>(b)
    } else if !b.checkers.several() {
        count_for::<true>(b)
    } else {
        count_king(b)
    }
}

#[inline(always)]
fn count_king(b: &Board) -> u64 {
    let us = b.side;
    let them = us.flip();
    let king = b.king(us);
    let candidates = king_attacks(king) & !b.colored(us);
    let occ = b.occupied().without(king);
    if king_map_pays(b, them, candidates) {
        return (candidates & !attacked_by(b, them, occ)).count() as u64;
    }
    // Summed as we go: a popcount costs a dozen instructions where the CPU has none.
    let mut n = 0;
    for sq in candidates {
        n += !b.is_attacked(sq, them, occ) as u64;
    }
    n
}

#[inline(always)]
fn count_for<const IN_CHECK: bool>(b: &Board) -> u64 {
    let us = b.side;
    let them = us.flip();
    let own = b.colored(us);
    let enemy = b.colored(them);
    let occ = own | enemy;
    let king = b.king(us);
    let pinned = b.pinned;
    let check_mask = check_mask::<IN_CHECK>(b, king);
    let targets = !own & check_mask;

    let mut n = count_king(b);
    if !IN_CHECK {
        n += castling_targets(b, us, king, occ).count() as u64;
    }

    // Unpinned pawns, all at once: pushes, double pushes and both captures, each a shifted
    // set. A promotion counts four times.
    let pawns = b.colored_pieces(us, PieceType::Pawn);
    let seventh = Bitboard::rank(Rank::R7.relative(us));
    let third = Bitboard::rank(Rank::R3.relative(us));
    let empty = !occ;
    let free = pawns & !pinned;
    let stay = free & !seventh;
    let one = forward(stay, us) & empty;
    let two = forward(one & third, us) & empty & check_mask;
    let takes = enemy & check_mask;
    n += ((one & check_mask).count()
        + two.count()
        + (forward_west(stay, us) & takes).count()
        + (forward_east(stay, us) & takes).count()) as u64;
    let promoting = free & seventh;
    if promoting.any() {
        n += 4
            * ((forward(promoting, us) & empty & check_mask).count()
                + (forward_west(promoting, us) & takes).count()
                + (forward_east(promoting, us) & takes).count()) as u64;
    }
    if !IN_CHECK {
        for from in pawns & pinned {
            let to = pawn_targets::<{ kind::ALL }>(us, from, occ, enemy) & line(king, from);
            let promotes = seventh.has(from) as u32 * 3 + 1;
            n += (to.count() * promotes) as u64;
        }
    }
    if let Some(ep) = b.ep {
        for from in pawn_attacks(them, ep) & pawns {
            n += en_passant_is_legal(b, from, ep) as u64;
        }
    }

    for from in b.pieces(PieceType::Knight) & own & !pinned {
        n += (knight_attacks(from) & targets).count() as u64;
    }
    // Queens count as a bishop and a rook: the two move sets never overlap.
    let queens = b.pieces(PieceType::Queen);
    let diagonal = (b.pieces(PieceType::Bishop) | queens) & own;
    let straight = (b.pieces(PieceType::Rook) | queens) & own;
    for from in diagonal & !pinned {
        n += (bishop_attacks(from, occ) & targets).count() as u64;
    }
    for from in straight & !pinned {
        n += (rook_attacks(from, occ) & targets).count() as u64;
    }
    if !IN_CHECK {
        for from in diagonal & pinned {
            n += (bishop_attacks(from, occ) & targets & line(king, from)).count() as u64;
        }
        for from in straight & pinned {
            n += (rook_attacks(from, occ) & targets & line(king, from)).count() as u64;
        }
    }
    n
}

pub(crate) fn has_legal_move(b: &Board) -> bool {
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
    let mut same = false;
    expand_with(
        b,
        PieceMoves {
            to: Bitboard::from_square(m.to()),
            ..pm
        },
        &mut |g| same |= g == m,
    );
    same
}

/// Whether the side to move is checkmated.
pub fn is_checkmate(b: &Board) -> bool {
    b.in_check() && !has_legal_move(b)
}

/// Whether the side to move is stalemated.
pub fn is_stalemate(b: &Board) -> bool {
    !b.in_check() && !has_legal_move(b)
}
