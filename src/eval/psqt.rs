//! The tuned tables folded into one look-up per (piece, square), signed from White's side.

use super::pst::{EG_VALUE, MG_VALUE, PHASE_WEIGHT, PST_EG, PST_MG};
use std::ops::{AddAssign, Neg, SubAssign};

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

impl SubAssign for Score {
    #[inline(always)]
    fn sub_assign(&mut self, o: Score) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

impl Neg for Score {
    type Output = Score;
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
