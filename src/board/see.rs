//! Static exchange evaluation: the material result of the capture sequence on one square,
//! each side recapturing with its least valuable attacker and free to stop.

use super::attacks::{bishop_attacks, pawn_attacks, rook_attacks};
use super::bitboard::Bitboard;
use super::chessboard::Board;
use super::moves::Move;
use super::types::{Color, PieceType, Rank, Square};

/// Piece values for exchanges, indexed by piece type. The one table SEE and MVV-LVA share;
/// knights and bishops are equal on purpose (a bishop-for-knight trade is not a loss).
pub const PIECE_VALUE: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

#[inline(always)]
fn value(pt: PieceType) -> i32 {
    PIECE_VALUE[pt.index()]
}

/// What the move wins at once (the victim, plus the promotion's gain) and the value of the
/// piece then standing on the target square.
#[inline(always)]
fn first_gain(b: &Board, m: Move) -> (i32, i32) {
    let mut gain = b.captured(m).map_or(0, value);
    let mut standing = b.moved_piece(m).map_or(0, |p| value(p.piece_type()));
    if let Some(promo) = m.promotion_piece() {
        gain += value(promo) - value(PieceType::Pawn);
        standing = value(promo);
    }
    (gain, standing)
}

/// Occupancy once the move's piece has left its square (and, for en passant, its victim).
#[inline(always)]
fn occupancy_after(b: &Board, m: Move) -> Bitboard {
    let mut occ = b.occupied().without(m.from()).with(m.to());
    if m.is_en_passant() {
        occ = occ.without(Square::new(m.to().file(), m.from().rank()));
    }
    occ
}

/// The least valuable piece of `side` among `attackers`.
#[inline(always)]
fn least_valuable(b: &Board, attackers: Bitboard, side: Color) -> Option<(PieceType, Bitboard)> {
    let mine = attackers & b.colored(side);
    if mine.is_empty() {
        return None;
    }
    for pt in PieceType::ALL {
        let set = mine & b.pieces(pt);
        if set.any() {
            return Some((pt, Bitboard::from_square(set.lsb())));
        }
    }
    None
}

/// Adds the sliders that a capture by `pt` uncovers behind it.
#[inline(always)]
fn add_xrays(b: &Board, pt: PieceType, m: Move, occ: Bitboard, attackers: &mut Bitboard) {
    let to = m.to();
    let bq = b.pieces(PieceType::Bishop) | b.pieces(PieceType::Queen);
    let rq = b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen);
    if matches!(pt, PieceType::Pawn | PieceType::Bishop | PieceType::Queen) {
        *attackers |= bishop_attacks(to, occ) & bq;
    }
    if matches!(pt, PieceType::Rook | PieceType::Queen) {
        *attackers |= rook_attacks(to, occ) & rq;
    }
}

/// A pawn taking on the first or last rank promotes (to a queen, in the exchange).
#[inline(always)]
fn on_promotion_rank(sq: Square) -> bool {
    matches!(sq.rank(), Rank::R1 | Rank::R8)
}

/// Whether the exchange that `m` starts gains at least `threshold` for the side to move.
pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return 0 >= threshold;
    }
    // The swap loop below assumes each capture gains just the piece taken. A pawn retaking
    // on its last rank also gains a queen: rare, so take the exact path then.
    let to = m.to();
    if on_promotion_rank(to)
        && ((pawn_attacks(Color::White, to) | pawn_attacks(Color::Black, to))
            & b.pieces(PieceType::Pawn))
        .any()
    {
        return see(b, m) >= threshold;
    }
    let (gain, standing) = first_gain(b, m);
    // Even if the opponent may not recapture, is the first capture enough?
    let mut swap = gain - threshold;
    if swap < 0 {
        return false;
    }
    // Even losing the moved piece for nothing, do we still reach the threshold?
    swap = standing - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = occupancy_after(b, m);
    let mut attackers = b.attackers_to(to, occ) & occ;
    let mut side = b.side_to_move();
    let mut res = true;
    loop {
        side = side.flip();
        attackers &= occ;
        let Some((pt, sq)) = least_valuable(b, attackers, side) else {
            break;
        };
        // The king may capture only if nothing can take it back.
        if pt == PieceType::King {
            if (attackers & b.colored(side.flip())).any() {
                break;
            }
            res = !res;
            break;
        }
        res = !res;
        swap = value(pt) - swap;
        if swap < res as i32 {
            break;
        }
        occ ^= sq;
        add_xrays(b, pt, m, occ, &mut attackers);
    }
    res
}

/// The exchange's value for the side to move, in centipawns of `PIECE_VALUE`.
pub fn see(b: &Board, m: Move) -> i32 {
    if m.is_castle() {
        return 0;
    }
    let (first, mut standing) = first_gain(b, m);
    let to = m.to();
    let promotes = on_promotion_rank(to);
    let mut gains = [0i32; 34];
    gains[0] = first;
    let mut occ = occupancy_after(b, m);
    let mut attackers = b.attackers_to(to, occ) & occ;
    let mut side = b.side_to_move();
    let mut depth = 0;
    loop {
        side = side.flip();
        attackers &= occ;
        let Some((pt, sq)) = least_valuable(b, attackers, side) else {
            break;
        };
        if pt == PieceType::King && (attackers & b.colored(side.flip())).any() {
            break;
        }
        depth += 1;
        gains[depth] = standing - gains[depth - 1];
        standing = value(pt);
        if pt == PieceType::Pawn && promotes {
            // The pawn retakes on its last rank and becomes a queen.
            gains[depth] += value(PieceType::Queen) - value(PieceType::Pawn);
            standing = value(PieceType::Queen);
        }
        occ ^= sq;
        add_xrays(b, pt, m, occ, &mut attackers);
        if pt == PieceType::King || depth == gains.len() - 1 {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}
