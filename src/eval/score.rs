//! `Score`: a middlegame and an endgame value, the unit every evaluation term is counted in.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame and an endgame value, blended by game phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score {
    pub(crate) mg: i32,
    pub(crate) eg: i32,
}

impl Score {
    pub(crate) const ZERO: Score = Score { mg: 0, eg: 0 };

    #[inline(always)]
    pub(crate) const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }
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

impl Sub for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, o: Score) -> Score {
        Score {
            mg: self.mg - o.mg,
            eg: self.eg - o.eg,
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

impl Mul<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn mul(self, n: i32) -> Score {
        Score {
            mg: self.mg * n,
            eg: self.eg * n,
        }
    }
}
