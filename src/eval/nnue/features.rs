//! The network's inputs: 768 per perspective, one for each (whose piece, piece type, square)
//! with the board seen from that side (Black's view flips the ranks), so both perspectives
//! share one set of first-layer weights. A mirrored net also flips the files of a perspective
//! whose king stands on files a-d, so that side's king is always seen on e-h and one set of
//! weights serves both wings (twice the data for each king-relative pattern). A net with king
//! buckets (mirrored only) has 768 inputs for each bucket of the square its king is seen on,
//! and a perspective uses its king's bucket's.

use crate::board::{Board, Color, Piece};

/// Inputs of one perspective in one king bucket: 2 owners x 6 piece types x 64 squares.
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

/// How many sets of inputs a net has, chosen by where the perspective's king stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KingBuckets {
    /// One set of 768 inputs, wherever the king is.
    #[default]
    One,
    /// Four sets, by the king's square as its side sees it (on files e-h: king buckets need a
    /// mirrored net): rank 1 on files e-f, rank 1 on g-h, rank 2, ranks 3-8.
    Four,
}

/// The king bucket of each square a mirrored perspective may see its king on (a1 = 0, seen
/// from its own side). Files a-d, which a mirrored view never shows, repeat e-h's mirror image.
#[rustfmt::skip]
const FOUR_KING_BUCKETS: [u8; 64] = [
    1, 1, 0, 0, 0, 0, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3,
];

impl KingBuckets {
    /// The number of buckets: the word a net file and a checkpoint carry.
    pub fn count(self) -> usize {
        match self {
            KingBuckets::One => 1,
            KingBuckets::Four => 4,
        }
    }

    /// The layout of `count` buckets, if there is one.
    pub fn from_count(count: usize) -> Option<KingBuckets> {
        match count {
            1 => Some(KingBuckets::One),
            4 => Some(KingBuckets::Four),
            _ => None,
        }
    }

    /// Inputs of one perspective: 768 per bucket.
    pub(crate) fn inputs(self) -> usize {
        INPUTS * self.count()
    }

    /// The bucket of a king its side sees on `seen` (0..64).
    #[inline(always)]
    pub(crate) fn bucket(self, seen: usize) -> usize {
        match self {
            KingBuckets::One => 0,
            KingBuckets::Four => FOUR_KING_BUCKETS[seen] as usize,
        }
    }
}

/// Whether a net's inputs for one side change with where that side's king stands (mirroring
/// or king buckets): its accumulators then count a perspective afresh when its view changes.
#[inline(always)]
pub(crate) fn view_depends_on_king(mirroring: Mirroring, king_buckets: KingBuckets) -> bool {
    mirroring != Mirroring::Off || king_buckets != KingBuckets::One
}

/// How one perspective sees the squares: the xor that takes a board square (a1 = 0) to the
/// square of its input (56 flips the ranks for Black, 7 the files where a mirrored net's king
/// stands on a-d), and the first input of its king's bucket (0 without king buckets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct View {
    xor: u16,
    base: u16,
}

impl View {
    /// `perspective`'s view with its king on `king` (0..64).
    #[inline(always)]
    pub(crate) fn new(
        perspective: Color,
        mirroring: Mirroring,
        king_buckets: KingBuckets,
        king: usize,
    ) -> View {
        let ranks = match perspective {
            Color::White => 0,
            Color::Black => 56,
        };
        let files = match mirroring {
            Mirroring::Horizontal if king % 8 < 4 => 7,
            _ => 0,
        };
        let xor = ranks | files;
        let base = king_buckets.bucket(king ^ xor) * INPUTS;
        View {
            xor: xor as u16,
            base: base as u16,
        }
    }

    /// `perspective`'s view of `board`.
    #[inline(always)]
    pub(crate) fn of(
        board: &Board,
        perspective: Color,
        mirroring: Mirroring,
        king_buckets: KingBuckets,
    ) -> View {
        View::new(
            perspective,
            mirroring,
            king_buckets,
            board.king(perspective).index(),
        )
    }
}

/// The input of `piece` on `square` (0..64, a1 = 0) seen by `perspective` through `view`:
/// the king bucket's inputs, in them the side's own pieces first, then the opponent's, each
/// by piece type and then square.
#[inline(always)]
pub(crate) fn feature(perspective: Color, view: View, piece: Piece, square: usize) -> usize {
    let own = piece.color() == perspective;
    view.base as usize
        + (if own { 0 } else { 384 })
        + piece.piece_type().index() * 64
        + (square ^ view.xor as usize)
}

/// The output bucket of a board with `pieces` pieces (kings included, 2..=32) in a net with
/// `buckets` output buckets: equal bands of the piece count, the fullest board in the last.
#[inline(always)]
pub(crate) fn output_bucket(pieces: u32, buckets: usize) -> usize {
    let width = 32usize.div_ceil(buckets);
    ((pieces.saturating_sub(2) as usize) / width).min(buckets - 1)
}

/// Every active input of `board` for `perspective` in a net with `mirroring` and
/// `king_buckets`, in square order.
pub(crate) fn active_features(
    board: &Board,
    perspective: Color,
    mirroring: Mirroring,
    king_buckets: KingBuckets,
) -> impl Iterator<Item = usize> + '_ {
    let view = View::of(board, perspective, mirroring, king_buckets);
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
        let white = View::new(Color::White, Mirroring::Off, KingBuckets::One, e1);
        let black = View::new(Color::Black, Mirroring::Off, KingBuckets::One, e8);
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
                View::new(Color::White, Mirroring::Horizontal, KingBuckets::One, king),
                View::new(Color::White, Mirroring::Off, KingBuckets::One, king)
            );
        }
        for king in [c1, d1] {
            let v = View::new(Color::White, Mirroring::Horizontal, KingBuckets::One, king);
            // The king on c1 is seen on f1 (5), a pawn on a2 (8) on h2 (15).
            assert_eq!(
                feature(Color::White, v, Piece::WhiteKing, king),
                PieceType::King.index() * 64 + (king ^ 7)
            );
            assert_eq!(feature(Color::White, v, Piece::WhitePawn, 8), 15);
        }
        // Black's king on b8 (57): ranks and files both flipped, so it is seen on g1 (6).
        let v = View::new(Color::Black, Mirroring::Horizontal, KingBuckets::One, 57);
        assert_eq!(
            feature(Color::Black, v, Piece::BlackKing, 57),
            PieceType::King.index() * 64 + 6
        );
        // Plain nets ignore the king.
        assert_eq!(
            View::new(Color::Black, Mirroring::Off, KingBuckets::One, 57),
            View::new(Color::Black, Mirroring::Off, KingBuckets::One, 60)
        );
    }

    #[test]
    fn king_buckets_give_each_bucket_its_own_inputs() {
        let sq = |name: &str| Square::parse(name).unwrap().index();
        let bucket = |c: Color, king: &str| {
            View::new(c, Mirroring::Horizontal, KingBuckets::Four, sq(king)).base as usize / INPUTS
        };
        // White's king: e1, f1 -> 0; g1, h1 -> 1, and b1 (seen on g1) too; rank 2 -> 2; the
        // rest -> 3.
        for (king, want) in [
            ("e1", 0),
            ("f1", 0),
            ("d1", 0),
            ("c1", 0),
            ("g1", 1),
            ("h1", 1),
            ("b1", 1),
            ("a1", 1),
            ("e2", 2),
            ("a2", 2),
            ("h2", 2),
            ("e3", 3),
            ("e5", 3),
            ("b8", 3),
        ] {
            assert_eq!(bucket(Color::White, king), want, "White's king on {king}");
        }
        // Black's king, its ranks flipped: e8 -> 0, g8 and b8 -> 1, rank 7 -> 2, e1 -> 3.
        for (king, want) in [
            ("e8", 0),
            ("d8", 0),
            ("g8", 1),
            ("b8", 1),
            ("c7", 2),
            ("e6", 3),
            ("e1", 3),
        ] {
            assert_eq!(bucket(Color::Black, king), want, "Black's king on {king}");
        }
        // One bucket: the base is 0 wherever the king is.
        for king in ["a1", "e2", "h8"] {
            let v = View::new(
                Color::White,
                Mirroring::Horizontal,
                KingBuckets::One,
                sq(king),
            );
            assert_eq!(v.base, 0);
        }
        // Every (bucket, perspective's piece, square) is a distinct input below 768 x 4, and
        // each bucket's inputs are its own 768.
        let mut seen = vec![false; KingBuckets::Four.inputs()];
        for c in Color::ALL {
            let mut per_bucket = [0usize; 4];
            for king in 0..64 {
                let view = View::new(c, Mirroring::Horizontal, KingBuckets::Four, king);
                let b = view.base as usize / INPUTS;
                per_bucket[b] += 1;
                let mut inputs = std::collections::HashSet::new();
                for piece in Piece::ALL {
                    for square in 0..64 {
                        let f = feature(c, view, piece, square);
                        assert!(f < KingBuckets::Four.inputs());
                        assert_eq!(f / INPUTS, b, "bucket {b}'s inputs");
                        assert!(inputs.insert(f), "{c:?} king {king}: input {f} twice");
                        seen[f] = true;
                    }
                }
            }
            // The 64 squares of the king, files a-d seen as e-h: 4, 4, 8 and 48 per bucket.
            assert_eq!(per_bucket, [4, 4, 8, 48], "{c:?}");
        }
        assert!(seen.iter().all(|&s| s), "every input is some piece's");
        assert_eq!(KingBuckets::from_count(4), Some(KingBuckets::Four));
        assert_eq!(KingBuckets::from_count(2), None);
        assert_eq!(KingBuckets::Four.count(), 4);
        assert!(!view_depends_on_king(Mirroring::Off, KingBuckets::One));
        assert!(view_depends_on_king(
            Mirroring::Horizontal,
            KingBuckets::One
        ));
        assert!(view_depends_on_king(
            Mirroring::Horizontal,
            KingBuckets::Four
        ));
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
