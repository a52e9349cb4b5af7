//! Late move reductions' table: how many plies a late move is searched shallower, by the
//! node's depth and the move's number, before the adjustments of `late_move_reduction`
//! (`negamax.rs`). Made once per search thread from `tunable::lmr_base` and `lmr_div`.

use super::tunable as t;

/// Late move reductions in plies, indexed by [depth][move number], both capped at 63.
pub(super) struct LmrTable(Box<[[i32; 64]; 64]>);

impl LmrTable {
    pub(super) fn new() -> LmrTable {
        let mut table = Box::new([[0; 64]; 64]);
        let (base, div) = (t::lmr_base() as f64 / 100.0, t::lmr_div() as f64 / 100.0);
        for (d, row) in table.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (m as f64).ln() / div) as i32;
            }
        }
        LmrTable(table)
    }

    #[inline(always)]
    pub(super) fn get(&self, depth: i32, moves: usize) -> i32 {
        self.0[depth.clamp(0, 63) as usize][moves.min(63)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lmr_table_grows_with_depth_and_move_number() {
        let t = LmrTable::new();
        // The first move and depth 1 are never reduced by the table beyond its base.
        assert_eq!(t.get(1, 1), 0);
        assert_eq!(t.get(20, 1), 0);
        // 0.75 + ln(10) * ln(10) / 2.25 = 3.11
        assert_eq!(t.get(10, 10), 3);
        // 0.75 + ln(3) * ln(3) / 2.25 = 1.29
        assert_eq!(t.get(3, 3), 1);
        for d in 1..63 {
            for m in 1..63 {
                assert!(t.get(d + 1, m) >= t.get(d, m));
                assert!(t.get(d, m + 1) >= t.get(d, m));
            }
        }
        // Out-of-range depths and move numbers read the table's edge.
        assert_eq!(t.get(500, 500), t.get(63, 63));
        assert_eq!(t.get(-3, 5), 0);
    }
}
