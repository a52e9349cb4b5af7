//! Search statistics for judging move ordering: where fail-high nodes found their cutoff,
//! how often the hash move was there and cut off, and the table's hit rate. They are plain
//! counters, bumped only at cutoffs and probes by the search's observer (`observer.rs`)
//! when the options ask for them (`StatsMode`); play and `bench` run the search without
//! them.

use super::ordering::PickedFrom;
use std::ops::AddAssign;

/// Cutoff counts for one kind of node (main search or quiescence).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CutoffStats {
    /// Nodes that failed high (a move reached beta).
    pub fail_highs: u64,
    /// ...on the first move searched.
    pub first: u64,
    /// ...within the first four moves searched.
    pub first_four: u64,
    /// Sum over fail-high nodes of the cutoff move's number (1 = first).
    pub index_sum: u64,
    /// Fail highs by where the cutoff move came from, indexed by `PickedFrom`.
    pub by_stage: [u64; PickedFrom::COUNT],
    /// Fail highs not on the first move, by where the first move searched came from and where
    /// the cutoff move came from, indexed by [first][cutoff] `PickedFrom`: which stage's
    /// first try failed, and which later stage made up for it.
    pub late: [[u64; PickedFrom::COUNT]; PickedFrom::COUNT],
}

impl CutoffStats {
    /// Records a cutoff by the `number`th move searched (1-based), which came from stage
    /// `from`; the first move searched came from stage `first`.
    #[inline(always)]
    pub(crate) fn record(&mut self, number: usize, from: PickedFrom, first: PickedFrom) {
        if number > 1 {
            self.late[first as usize][from as usize] += 1;
        }
        self.fail_highs += 1;
        self.first += (number == 1) as u64;
        self.first_four += (number <= 4) as u64;
        self.index_sum += number as u64;
        self.by_stage[from as usize] += 1;
    }

    pub fn first_pct(&self) -> f64 {
        pct(self.first, self.fail_highs)
    }

    pub fn first_four_pct(&self) -> f64 {
        pct(self.first_four, self.fail_highs)
    }

    pub fn mean_index(&self) -> f64 {
        if self.fail_highs == 0 {
            0.0
        } else {
            self.index_sum as f64 / self.fail_highs as f64
        }
    }
}

impl AddAssign for CutoffStats {
    fn add_assign(&mut self, o: CutoffStats) {
        self.fail_highs += o.fail_highs;
        self.first += o.first;
        self.first_four += o.first_four;
        self.index_sum += o.index_sum;
        for i in 0..PickedFrom::COUNT {
            self.by_stage[i] += o.by_stage[i];
            for j in 0..PickedFrom::COUNT {
                self.late[i][j] += o.late[i][j];
            }
        }
    }
}

/// Share in percent, 0 when there is nothing to share.
pub(crate) fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub main: CutoffStats,
    pub quiescence: CutoffStats,
    /// Quiescence nodes (also counted in the total node count).
    pub qnodes: u64,
    /// Main-search nodes that reached the move loop (past the table cutoff and the draw
    /// checks): the nodes where a hash move could be tried.
    pub expanded: u64,
    /// Main-search nodes where the table offered a legal move.
    pub hash_move_available: u64,
    /// ...and that move cut off.
    pub hash_move_cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
}

impl AddAssign for SearchStats {
    fn add_assign(&mut self, o: SearchStats) {
        self.main += o.main;
        self.quiescence += o.quiescence;
        self.qnodes += o.qnodes;
        self.expanded += o.expanded;
        self.hash_move_available += o.hash_move_available;
        self.hash_move_cutoffs += o.hash_move_cutoffs;
        self.tt_probes += o.tt_probes;
        self.tt_hits += o.tt_hits;
    }
}

/// One completed iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: i32,
    /// Nodes searched from the start of the search to the end of this iteration.
    pub nodes: u64,
    pub qnodes: u64,
    pub(crate) time_ms: u64,
    pub score: i32,
}

/// Effective branching factors (nodes to depth d over nodes to depth d-1) and their
/// geometric mean.
pub(crate) fn branching_factors(iterations: &[Iteration]) -> (Vec<f64>, f64) {
    let ebf: Vec<f64> = iterations
        .windows(2)
        .filter(|w| w[0].nodes > 0)
        .map(|w| w[1].nodes as f64 / w[0].nodes as f64)
        .collect();
    let mean = if ebf.is_empty() {
        0.0
    } else {
        (ebf.iter().map(|x| x.ln()).sum::<f64>() / ebf.len() as f64).exp()
    };
    (ebf, mean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_cutoffs_are_split_by_the_first_and_the_cutting_stage() {
        let mut c = CutoffStats::default();
        c.record(1, PickedFrom::HashMove, PickedFrom::HashMove);
        c.record(3, PickedFrom::Quiet, PickedFrom::GoodCapture);
        c.record(2, PickedFrom::Killer1, PickedFrom::GoodCapture);
        c.record(5, PickedFrom::Quiet, PickedFrom::GoodCapture);
        assert_eq!((c.fail_highs, c.first, c.first_four), (4, 1, 3));
        let (g, q, k) = (
            PickedFrom::GoodCapture as usize,
            PickedFrom::Quiet as usize,
            PickedFrom::Killer1 as usize,
        );
        assert_eq!((c.late[g][q], c.late[g][k]), (2, 1));
        // Every late cutoff once: the matrix sums to the fail highs not on the first move.
        let late: u64 = c.late.iter().flatten().sum();
        assert_eq!(late, c.fail_highs - c.first);
        let mut sum = c;
        sum += c;
        assert_eq!(sum.late[g][q], 4);
    }
}
