//! The score scale K that makes `sigmoid(score / K)` best predict a data file's game results:
//! the trainer's `--score-scale`, which differs between engines (the classical evaluation's
//! games fit 175, the first net's 140: docs/nnue.md), so each file's K is measured, not
//! assumed.

use super::game::GameResult;
use crate::board::Color;

/// Scores beyond this (either side) are left out of the fit, and of training by default
/// (`cutoff train --max-score`).
pub(crate) const FIT_MAX_SCORE: i32 = 3000;

/// `cutoff train --score-scale` when not given: the fit of the classical evaluation's games.
pub(crate) const DEFAULT_SCORE_SCALE: f32 = 175.0;

/// The K values tried, in centipawns.
const K_RANGE: std::ops::RangeInclusive<u32> = 50..=600;

/// Positions counted by score (side to move's point of view, one bin a centipawn from
/// `-FIT_MAX_SCORE`) and game result for the side to move (lost, drawn, won).
#[derive(Clone, Debug, PartialEq)]
pub struct ScaleFit {
    counts: Vec<[u64; 3]>,
}

/// The best K and the error there and at the trainer's default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    pub positions: u64,
    pub k: u32,
    /// Mean squared error of `sigmoid(score / k)` against the result (0, 1/2, 1).
    pub error: f64,
}

impl Default for ScaleFit {
    fn default() -> ScaleFit {
        ScaleFit {
            counts: vec![[0; 3]; 2 * FIT_MAX_SCORE as usize + 1],
        }
    }
}

impl ScaleFit {
    /// Counts a position given White's score and the game's result; scores beyond
    /// `FIT_MAX_SCORE` are skipped.
    pub(crate) fn add(&mut self, stm: Color, white_score: i16, result: GameResult) {
        let score = match stm {
            Color::White => i32::from(white_score),
            Color::Black => -i32::from(white_score),
        };
        let r = usize::from(result.half_points_for(stm));
        if score.abs() <= FIT_MAX_SCORE {
            self.counts[(score + FIT_MAX_SCORE) as usize][r] += 1;
        }
    }

    /// The positions counted.
    pub fn positions(&self) -> u64 {
        self.counts.iter().flatten().sum()
    }

    /// Mean squared error of `sigmoid(score / k)` against the results.
    pub fn error(&self, k: f64) -> f64 {
        let mut sum = 0.0;
        for (i, c) in self.counts.iter().enumerate() {
            if c == &[0; 3] {
                continue;
            }
            let score = i as f64 - f64::from(FIT_MAX_SCORE);
            let p = 1.0 / (1.0 + (-score / k).exp());
            for (r, &n) in c.iter().enumerate() {
                let d = p - r as f64 / 2.0;
                sum += n as f64 * d * d;
            }
        }
        sum / self.positions().max(1) as f64
    }

    /// The whole-centipawn K of least error in `K_RANGE`; `None` with no positions.
    pub fn best(&self) -> Option<Fitted> {
        let positions = self.positions();
        if positions == 0 {
            return None;
        }
        K_RANGE
            .map(|k| Fitted {
                positions,
                k,
                error: self.error(f64::from(k)),
            })
            .min_by(|a, b| a.error.total_cmp(&b.error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn the_fit_finds_the_scale_results_were_drawn_at() {
        // Results whose expectation is sigmoid(score / 140): a draw with chance min(p, 1 - p)
        // (most likely near level scores, as in games), else a win with what keeps the mean p.
        let mut fit = ScaleFit::default();
        let mut rng = SplitMix64::new(7);
        let mut uniform = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        for _ in 0..200_000 {
            let score = (uniform() * 1600.0 - 800.0) as i16;
            let p = 1.0 / (1.0 + (-f64::from(score) / 140.0).exp());
            let draw = p.min(1.0 - p);
            let u = uniform();
            let result = if u < draw {
                GameResult::Draw
            } else if u < draw + (p - draw / 2.0) {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            };
            fit.add(Color::White, score, result);
        }
        let best = fit.best().unwrap();
        assert_eq!(best.positions, 200_000);
        assert!((132..=148).contains(&best.k), "{best:?}");
        assert!(best.error < fit.error(110.0) && best.error < fit.error(175.0));
    }

    #[test]
    fn black_to_move_counts_from_its_own_side() {
        let mut a = ScaleFit::default();
        let mut b = ScaleFit::default();
        a.add(Color::White, 200, GameResult::WhiteWins);
        b.add(Color::Black, -200, GameResult::BlackWins);
        assert_eq!(a, b);
        a.add(Color::White, 4000, GameResult::WhiteWins);
        assert_eq!(a.positions(), 1, "beyond the bound is skipped");
        assert_eq!(ScaleFit::default().best(), None);
    }
}
