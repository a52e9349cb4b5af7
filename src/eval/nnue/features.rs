//! The network's inputs: 768 per perspective, one for each (whose piece, piece type, square)
//! with the board seen from that side (Black's view flips the ranks), so both perspectives
//! share one set of first-layer weights.

use crate::board::{Board, Color, Piece};

/// Inputs of one perspective: 2 owners x 6 piece types x 64 squares.
pub(crate) const INPUTS: usize = 768;

/// The output buckets a net may have: by the number of pieces on the board.
pub(crate) const MAX_BUCKETS: usize = 8;

/// The input of `piece` on `square` (0..64, a1 = 0) seen by `perspective`: the side's own
/// pieces first, then the opponent's, each by piece type and then square.
#[inline(always)]
pub(crate) fn feature(perspective: Color, piece: Piece, square: usize) -> usize {
    let own = piece.color() == perspective;
    let sq = match perspective {
        Color::White => square,
        Color::Black => square ^ 56,
    };
    (if own { 0 } else { 384 }) + piece.piece_type().index() * 64 + sq
}

/// The output bucket of a board with `pieces` pieces (kings included, 2..=32) in a net with
/// `buckets` output buckets: equal bands of the piece count, the fullest board in the last.
#[inline(always)]
pub(crate) fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let width = 32usize.div_ceil(buckets);
    ((pieces.saturating_sub(2) as usize) / width).min(buckets - 1)
}

/// Every active input of `board` for `perspective`, in square order.
pub(crate) fn active_features(
    board: &Board,
    perspective: Color,
) -> impl Iterator<Item = usize> + '_ {
    board.occupied().map(move |sq| {
        let piece = board
            .piece_at(sq)
            .expect("an occupied square holds a piece");
        feature(perspective, piece, sq.index())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PieceType, Square};

    #[test]
    fn perspectives_mirror_each_other() {
        // White's pawn on e2 seen by White is Black's pawn on e7 seen by Black.
        let e2 = Square::parse("e2").unwrap().index();
        let e7 = Square::parse("e7").unwrap().index();
        assert_eq!(
            feature(Color::White, Piece::WhitePawn, e2),
            feature(Color::Black, Piece::BlackPawn, e7)
        );
        assert_eq!(feature(Color::White, Piece::WhitePawn, e2), 12);
        assert_eq!(
            feature(Color::Black, Piece::WhiteKing, 0),
            384 + PieceType::King.index() * 64 + 56
        );
        // Every (perspective, piece, square) is a distinct input below 768.
        let mut seen = [false; INPUTS];
        for p in 0..12 {
            let piece = Piece::new(
                if p < 6 { Color::White } else { Color::Black },
                PieceType::ALL[p % 6],
            );
            for sq in 0..64 {
                let f = feature(Color::White, piece, sq);
                assert!(!seen[f]);
                seen[f] = true;
            }
        }
    }

    #[test]
    fn buckets_band_the_piece_count() {
        assert_eq!(output_bucket(32, 1), 0);
        assert_eq!(output_bucket(2, 8), 0);
        assert_eq!(output_bucket(5, 8), 0);
        assert_eq!(output_bucket(6, 8), 1);
        assert_eq!(output_bucket(32, 8), 7);
        assert_eq!(output_bucket(32, 4), 3);
        assert_eq!(output_bucket(2, 4), 0);
    }
}
