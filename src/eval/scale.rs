//! Endgame scaling: how much of the endgame sum a side that is ahead can expect to convert,
//! as a factor of `SCALE_NORMAL`. Known draws and drawish endgames are scaled towards 0. Fixed
//! rules, not tuned; the tuner sees the factor of each position as a multiplier on its
//! endgame sum.

use super::SCALE_NORMAL;
use crate::board::{Bitboard, Board, Color, PieceType, Square};

const DARK: u64 = 0xAA55_AA55_AA55_AA55;

/// Non-pawn material in pawns (knight and bishop 3, rook 5, queen 9).
fn points(board: &Board, c: Color) -> i32 {
    board.colored_pieces(c, PieceType::Knight).count() as i32 * 3
        + board.colored_pieces(c, PieceType::Bishop).count() as i32 * 3
        + board.colored_pieces(c, PieceType::Rook).count() as i32 * 5
        + board.colored_pieces(c, PieceType::Queen).count() as i32 * 9
}

fn only_bishops(board: &Board, c: Color) -> bool {
    let b = board.colored_pieces(c, PieceType::Bishop);
    b.count() == 1
        && (board.colored_pieces(c, PieceType::Knight)
            | board.colored_pieces(c, PieceType::Rook)
            | board.colored_pieces(c, PieceType::Queen))
        .is_empty()
}

/// The factor for the endgame sum when `strong` is the side ahead in it.
pub(crate) fn factor(board: &Board, strong: Color) -> i32 {
    let weak = strong.flip();
    if board.insufficient_material() {
        return 0;
    }
    let strong_pawns = board.colored_pieces(strong, PieceType::Pawn);
    let (ps, pw) = (points(board, strong), points(board, weak));
    if strong_pawns.is_empty() {
        // A lone minor cannot mate; a minor's worth of advantage (KR v KB, KR v KN,
        // KRB v KR) rarely wins.
        if ps <= 3 {
            return 0;
        }
        if ps - pw <= 3 {
            return SCALE_NORMAL / 8;
        }
    }
    // Wrong rook pawn: bishop and pawns all on one rook file, the bishop does not cover the
    // promotion square, and the weak king holds it.
    if only_bishops(board, strong)
        && (strong_pawns & !Bitboard::file(crate::board::File::from_index(0))).is_empty()
            != (strong_pawns & !Bitboard::file(crate::board::File::from_index(7))).is_empty()
        && strong_pawns.any()
    {
        let file = strong_pawns.lsb().file();
        let corner = Square::new(file, strong.flip().back_rank());
        let bishop = board.colored_pieces(strong, PieceType::Bishop).lsb();
        let same_colour = (DARK >> bishop.index() & 1) == (DARK >> corner.index() & 1);
        let k = board.king(weak);
        let near = (k.file().index() as i32 - corner.file().index() as i32).abs() <= 1
            && (k.rank().index() as i32 - corner.rank().index() as i32).abs() <= 1;
        if !same_colour && near {
            return 0;
        }
    }
    // Opposite-coloured bishops.
    let (bs, bw) = (
        board.colored_pieces(strong, PieceType::Bishop),
        board.colored_pieces(weak, PieceType::Bishop),
    );
    if bs.count() == 1 && bw.count() == 1 {
        let opposite = (DARK >> bs.lsb().index() & 1) != (DARK >> bw.lsb().index() & 1);
        if opposite {
            return if only_bishops(board, strong) && only_bishops(board, weak) {
                SCALE_NORMAL / 2
            } else {
                SCALE_NORMAL * 3 / 4
            };
        }
    }
    SCALE_NORMAL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fen: &str, strong: Color) -> i32 {
        factor(&Board::from_fen(fen).expect("a valid FEN"), strong)
    }

    #[test]
    fn known_draws_scale_down() {
        // KR v KB: drawish.
        assert_eq!(f("8/8/4k3/8/2b5/8/3RK3/8 w - - 0 1", Color::White), 16);
        // KQ v KR: a win.
        assert_eq!(f("8/8/4k3/8/2r5/8/3QK3/8 w - - 0 1", Color::White), 128);
        // King and bishop against king: no mate.
        assert_eq!(f("8/8/4k3/8/8/8/3BK3/8 w - - 0 1", Color::White), 0);
        // Wrong rook pawn: h8 is dark; a light bishop (c2) cannot drive the king off it.
        assert_eq!(f("6k1/8/8/7P/8/8/2B5/6K1 w - - 0 1", Color::White), 0);
        assert_eq!(f("6k1/8/8/7P/8/8/3B4/6K1 w - - 0 1", Color::White), 128);
        // Opposite bishops with pawns only, and with rooks.
        assert_eq!(
            f("4k3/5p2/8/3b4/8/4B3/4PP2/4K3 w - - 0 1", Color::White),
            64
        );
        assert_eq!(
            f("r3k3/5p2/8/3b4/8/4B3/4PP2/R3K3 w - - 0 1", Color::White),
            96
        );
        assert_eq!(
            f("4k3/5p2/8/4b3/8/4B3/4PP2/4K3 w - - 0 1", Color::White),
            128
        );
    }
}
