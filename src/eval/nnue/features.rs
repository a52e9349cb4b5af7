//! The network's inputs: 768 per perspective, one for each (whose piece, piece type, square)
//! with the board seen from that side (Black's view flips the ranks), so both perspectives
//! share one set of first-layer weights. A mirrored net also flips the files of a perspective
//! whose king stands on files a-d, so that side's king is always seen on e-h and one set of
//! weights serves both wings (twice the data for each king-relative pattern).

use crate::board::{Board, Color, Piece};

/// Inputs of one perspective: 2 owners x 6 piece types x 64 squares.
pub(crate) const INPUTS: usize = 768;

/// The output buckets a net may have: by the number of pieces on the board.
pub(crate) const MAX_BUCKETS: usize = 8;

/// Whether a net's inputs mirror the board left to right by its king's wing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mirroring {
    /// Squares as they are (rank-flipped for Black).
    #[default]
    Off,
    /// Files flipped for a perspective whose king is on files a-d.
    Horizontal,
}

impl Mirroring {
    /// The name in a net's description and the trainer's log.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Mirroring::Off => "plain",
            Mirroring::Horizontal => "mirrored",
        }
    }
}

/// How one perspective sees the squares: the xor that takes a board square (a1 = 0) to the
/// square of its input (56 flips the ranks for Black, 7 the files where a mirrored net's king
/// stands on a-d).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View(u8);

impl View {
    /// `perspective`'s view with its king on `king` (0..64).
    #[inline(always)]
    pub(crate) fn new(perspective: Color, mirroring: Mirroring, king: usize) -> View {
        let ranks = match perspective {
            Color::White => 0,
            Color::Black => 56,
        };
        let files = match mirroring {
            Mirroring::Horizontal if king % 8 < 4 => 7,
            _ => 0,
        };
        View(ranks | files)
    }

    /// `perspective`'s view of `board`.
    #[inline(always)]
    pub(crate) fn of(board: &Board, perspective: Color, mirroring: Mirroring) -> View {
        View::new(perspective, mirroring, board.king(perspective).index())
    }
}

/// The input of `piece` on `square` (0..64, a1 = 0) seen by `perspective` through `view`:
/// the side's own pieces first, then the opponent's, each by piece type and then square.
#[inline(always)]
pub(crate) fn feature(perspective: Color, view: View, piece: Piece, square: usize) -> usize {
    let own = piece.color() == perspective;
    (if own { 0 } else { 384 }) + piece.piece_type().index() * 64 + (square ^ view.0 as usize)
}

/// The output bucket of a board with `pieces` pieces (kings included, 2..=32) in a net with
/// `buckets` output buckets: equal bands of the piece count, the fullest board in the last.
#[inline(always)]
pub(crate) fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let width = 32usize.div_ceil(buckets);
    ((pieces.saturating_sub(2) as usize) / width).min(buckets - 1)
}

/// Every active input of `board` for `perspective` in a net with `mirroring`, in square order.
pub(crate) fn active_features(
    board: &Board,
    perspective: Color,
    mirroring: Mirroring,
) -> impl Iterator<Item = usize> + '_ {
    let view = View::of(board, perspective, mirroring);
    board.occupied().map(move |sq| {
        let piece = board
            .piece_at(sq)
            .expect("an occupied square holds a piece");
        feature(perspective, view, piece, sq.index())
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
        let (e1, e8) = (4, 60);
        let white = View::new(Color::White, Mirroring::Off, e1);
        let black = View::new(Color::Black, Mirroring::Off, e8);
        assert_eq!(
            feature(Color::White, white, Piece::WhitePawn, e2),
            feature(Color::Black, black, Piece::BlackPawn, e7)
        );
        assert_eq!(feature(Color::White, white, Piece::WhitePawn, e2), 12);
        assert_eq!(
            feature(Color::Black, black, Piece::WhiteKing, 0),
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
                let f = feature(Color::White, white, piece, sq);
                assert!(!seen[f]);
                seen[f] = true;
            }
        }
    }

    #[test]
    fn a_mirrored_view_flips_the_files_by_the_kings_wing() {
        let (c1, d1, e1, h8) = (2, 3, 4, 63);
        // The king on e-h: squares as in a plain net; on a-d: files flipped.
        for king in [e1, h8] {
            assert_eq!(
                View::new(Color::White, Mirroring::Horizontal, king),
                View::new(Color::White, Mirroring::Off, king)
            );
        }
        for king in [c1, d1] {
            let v = View::new(Color::White, Mirroring::Horizontal, king);
            // The king on c1 is seen on f1 (5), a pawn on a2 (8) on h2 (15).
            assert_eq!(
                feature(Color::White, v, Piece::WhiteKing, king),
                PieceType::King.index() * 64 + (king ^ 7)
            );
            assert_eq!(feature(Color::White, v, Piece::WhitePawn, 8), 15);
        }
        // Black's king on b8 (57): ranks and files both flipped, so it is seen on g1 (6).
        let v = View::new(Color::Black, Mirroring::Horizontal, 57);
        assert_eq!(
            feature(Color::Black, v, Piece::BlackKing, 57),
            PieceType::King.index() * 64 + 6
        );
        // Plain nets ignore the king.
        assert_eq!(
            View::new(Color::Black, Mirroring::Off, 57),
            View::new(Color::Black, Mirroring::Off, 60)
        );
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
