//! The piece-square evaluation: the tuned tables of `params.rs` folded into one look-up per
//! (piece, square), signed from White's side, and the change a move makes to their sum.

use super::params::{EG_VALUE, MAX_PHASE, MG_VALUE, PHASE_WEIGHT, PST_EG, PST_MG};
use crate::board::chessboard::{castle_destinations, KING_SIDE, QUEEN_SIDE};
use crate::board::{Board, Move, MoveKind, Piece, PieceType, Square};
use std::ops::{Add, AddAssign, Neg, SubAssign};

/// A middlegame and an endgame value, blended by game phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score {
    pub mg: i32,
    pub eg: i32,
}

impl Score {
    pub const ZERO: Score = Score { mg: 0, eg: 0 };
}

impl AddAssign for Score {
    #[inline(always)]
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl Add for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, o: Score) -> Score {
        Score {
            mg: self.mg + o.mg,
            eg: self.eg + o.eg,
        }
    }
}

impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score {
            mg: -self.mg,
            eg: -self.eg,
        }
    }
}

const fn build() -> [[Score; 64]; 12] {
    let mut t = [[Score::ZERO; 64]; 12];
    let mut pt = 0;
    while pt < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[pt][sq] = Score {
                mg: MG_VALUE[pt] + PST_MG[pt][sq],
                eg: EG_VALUE[pt] + PST_EG[pt][sq],
            };
            // Black's piece on `sq` is worth what White's is on the mirrored square, negated.
            t[pt + 6][sq] = Score {
                mg: -(MG_VALUE[pt] + PST_MG[pt][sq ^ 56]),
                eg: -(EG_VALUE[pt] + PST_EG[pt][sq ^ 56]),
            };
            sq += 1;
        }
        pt += 1;
    }
    t
}

/// Indexed by [piece][square]: material plus piece-square value, White positive.
pub static PSQ: [[Score; 64]; 12] = build();

/// Indexed by piece type: how much each piece counts towards the middlegame phase.
pub const PHASE: [i32; 6] = PHASE_WEIGHT;

/// The material and piece-square sum of `board`, counted from scratch.
pub fn psq_of(board: &Board) -> Score {
    let mut sum = Score::ZERO;
    for sq in Square::all() {
        if let Some(p) = board.piece_at(sq) {
            sum += PSQ[p.index()][sq.index()];
        }
    }
    sum
}

/// What `m` changes in the material and piece-square sum of `board` (the board before the
/// move; `m` must be legal there).
#[inline(always)]
pub fn psq_delta(board: &Board, m: Move) -> Score {
    let (from, to) = (m.from(), m.to());
    let Some(piece) = board.piece_at(from) else {
        return Score::ZERO;
    };
    let at = |p: Piece, sq: Square| PSQ[p.index()][sq.index()];
    let mut delta = -at(piece, from);
    match m.kind() {
        MoveKind::Castle => {
            // The king "takes" its own rook; both end on their castling squares.
            let us = piece.color();
            let side = if to > from { KING_SIDE } else { QUEEN_SIDE };
            let (king_to, rook_to) = castle_destinations(us, side);
            let rook = Piece::new(us, PieceType::Rook);
            delta += at(piece, king_to);
            delta += at(rook, rook_to);
            delta -= at(rook, to);
        }
        MoveKind::EnPassant => {
            let victim = Piece::new(piece.color().flip(), PieceType::Pawn);
            delta -= at(victim, Square::new(to.file(), from.rank()));
            delta += at(piece, to);
        }
        _ => {
            if let Some(victim) = board.piece_at(to) {
                delta -= at(victim, to);
            }
            let placed = match m.promotion_piece() {
                Some(pt) => Piece::new(piece.color(), pt),
                None => piece,
            };
            delta += at(placed, to);
        }
    }
    delta
}

/// Game phase from the pieces on the board: the sum of their phase weights, at most
/// `MAX_PHASE` (the start position's).
#[inline(always)]
pub fn phase_of(board: &Board) -> i32 {
    let mut phase = 0;
    for pt in [
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
    ] {
        phase += board.pieces(pt).count() as i32 * PHASE[pt.index()];
    }
    phase.min(MAX_PHASE)
}
