//! Threat-aware quiet ordering: where the opponent attacks with pieces cheaper than ours.
//! A knight standing on a square an enemy pawn attacks is likely lost if it stays, and one
//! moving onto such a square is likely lost when it arrives; the history tables learn this
//! only move by move, the attack maps know it at once. The quiet stage adds `Threats::score`
//! to the history of each quiet move when the switch is on. The whole attack map (`all`)
//! keys the threat-keyed history (`OrderThreatHistory`).

use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attack_set, rook_attacks,
};
use crate::board::{Bitboard, Board, Move, PieceType};

/// The bonus for moving a piece off a square a cheaper enemy piece attacks to one it does not,
/// and the malus for moving it onto such a square, indexed by the moving piece's type (pawns
/// and the king have no cheaper attacker that matters). On the scale of the quiet scores: the
/// butterfly history and the two continuation tables sum to at most ±49,152.
pub(crate) const THREAT_SCORE: [i32; 6] = [0, 12_000, 12_000, 16_000, 24_000, 0];

/// The opponent's attacks of the side to move's position, by the value of the attacker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Threats {
    /// Squares the opponent's pawns attack.
    pub(crate) by_pawn: Bitboard,
    /// ... its pawns or minor pieces.
    pub(crate) by_minor: Bitboard,
    /// ... its pawns, minor pieces or rooks.
    pub(crate) by_rook: Bitboard,
    /// ... any of its pieces.
    pub(crate) all: Bitboard,
}

impl Threats {
    /// The attacks of the side not to move on `board`.
    pub(crate) fn of(board: &Board) -> Threats {
        let them = !board.side_to_move();
        let occ = board.occupied();
        let by_pawn = pawn_attack_set(them, board.colored_pieces(them, PieceType::Pawn));
        let mut by_minor = by_pawn;
        for sq in board.colored_pieces(them, PieceType::Knight) {
            by_minor |= knight_attacks(sq);
        }
        for sq in board.colored_pieces(them, PieceType::Bishop) {
            by_minor |= bishop_attacks(sq, occ);
        }
        let mut by_rook = by_minor;
        for sq in board.colored_pieces(them, PieceType::Rook) {
            by_rook |= rook_attacks(sq, occ);
        }
        let mut all = by_rook;
        for sq in board.colored_pieces(them, PieceType::Queen) {
            all |= rook_attacks(sq, occ) | bishop_attacks(sq, occ);
        }
        for sq in board.colored_pieces(them, PieceType::King) {
            all |= king_attacks(sq);
        }
        Threats {
            by_pawn,
            by_minor,
            by_rook,
            all,
        }
    }

    /// The squares where a piece of type `pt` of the side to move is attacked by a cheaper
    /// enemy piece.
    #[inline(always)]
    fn against(&self, pt: PieceType) -> Bitboard {
        match pt {
            PieceType::Knight | PieceType::Bishop => self.by_pawn,
            PieceType::Rook => self.by_minor,
            PieceType::Queen => self.by_rook,
            PieceType::Pawn | PieceType::King => Bitboard::EMPTY,
        }
    }

    /// The threat term of quiet move `m` of `board`: minus `THREAT_SCORE` if it moves onto a
    /// square a cheaper enemy piece attacks, plus it if it moves off one to a square not
    /// attacked so, 0 otherwise.
    #[inline(always)]
    pub(crate) fn score(&self, board: &Board, m: Move) -> i32 {
        let Some(piece) = board.moved_piece(m) else {
            return 0;
        };
        let pt = piece.piece_type();
        let danger = self.against(pt);
        if danger.has(m.to()) {
            -THREAT_SCORE[pt.index()]
        } else if danger.has(m.from()) {
            THREAT_SCORE[pt.index()]
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_score_up_and_moves_into_attacks_score_down() {
        // Black's pawns on d5 and b6 attack e4 (White's knight) and c5; its bishop on a6
        // attacks d3; its rook on h8 attacks White's queen on h5 and the square h6.
        let b = Board::from_fen("1k5r/8/bp6/3p3Q/4N3/8/P7/3RK3 w - - 0 1").unwrap();
        let t = Threats::of(&b);
        let score = |s: &str| t.score(&b, b.parse_uci_move(s, false).unwrap());
        let value = |pt: PieceType| THREAT_SCORE[pt.index()];
        // The attacked knight: to a safe square, a bonus; to another square a pawn
        // attacks, a malus.
        assert_eq!(score("e4g5"), value(PieceType::Knight));
        assert_eq!(score("e4d6"), value(PieceType::Knight));
        assert_eq!(score("e4c5"), -value(PieceType::Knight));
        // The safe rook: onto the bishop's diagonal, a malus; elsewhere nothing.
        assert_eq!(score("d1d3"), -value(PieceType::Rook));
        assert_eq!(score("d1d4"), 0);
        assert_eq!(score("d1c1"), 0);
        // The queen attacked by the rook.
        assert_eq!(score("h5g4"), value(PieceType::Queen));
        assert_eq!(score("h5f7"), value(PieceType::Queen));
        assert_eq!(score("h5h6"), -value(PieceType::Queen));
        // Pawns and the king never score.
        assert_eq!(score("a2a3"), 0);
        assert_eq!(score("e1d2"), 0);
        // Pieces attacked by a piece of their own value or more are not threatened here.
        assert!(!t
            .by_minor
            .has(b.parse_uci_move("d1d4", false).unwrap().to()));
        // At the start Black's pawns attack all of the sixth rank and nothing else.
        assert_eq!(
            Threats::of(&Board::startpos()).by_pawn,
            Bitboard::rank(crate::board::Rank::R6)
        );
        // The whole map: every square some black piece attacks, whatever it is worth.
        let mut all = Bitboard::EMPTY;
        for sq in (0..64).map(crate::board::Square::from_index) {
            if b.is_attacked(sq, crate::board::Color::Black, b.occupied()) {
                all |= Bitboard::from_square(sq);
            }
        }
        assert_eq!(t.all, all);
        assert!(
            t.all.has(crate::board::Square::parse("a7").unwrap())
                && t.all.has(crate::board::Square::parse("h5").unwrap())
        );
    }
}
