//! Where a datagen run's time goes: each game's wall time split into the move searches, the
//! openings' verification searches, table clearing and the rest of the game loop, the writing
//! of the file, how many nodes a move's search took against the soft limit, and the CPU time
//! of the process. `cutoff datagen` prints it under its summary, so that a change meant to
//! make data faster shows where it saved.

use std::time::Duration;

/// The wall time of one game (or of many, summed), by what it was spent on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GameTime {
    /// The move searches of the game.
    pub(crate) searches: Duration,
    /// The searches that check each opening (`Verification`), rejected ones included.
    pub(crate) verification: Duration,
    /// Clearing the table and histories before each verification and each game.
    pub(crate) clearing: Duration,
    /// The whole game, from drawing its opening to its last move.
    pub(crate) total: Duration,
}

impl GameTime {
    pub(crate) fn add(&mut self, other: &GameTime) {
        self.searches += other.searches;
        self.verification += other.verification;
        self.clearing += other.clearing;
        self.total += other.total;
    }
}

/// Moves by their search's nodes as a multiple of the soft limit, in quarters: bucket `i`
/// holds the moves of `i/4` to `(i+1)/4` times the limit, the last but one everything from
/// `MAX_RATIO` up, the last the moves stopped by the hard cap.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MoveNodes {
    buckets: [u64; BUCKETS],
    /// Nodes of all the moves, to give the mean exactly.
    nodes: u64,
}

/// Quarters of the soft limit up to this multiple get a bucket each.
const MAX_RATIO: usize = 20;
const BUCKETS: usize = MAX_RATIO * 4 + 2;
const HARD_CAP: usize = BUCKETS - 1;

impl Default for MoveNodes {
    fn default() -> Self {
        MoveNodes {
            buckets: [0; BUCKETS],
            nodes: 0,
        }
    }
}

impl MoveNodes {
    /// Counts a move whose search took `nodes` under the soft limit `soft` and the hard `hard`.
    pub(crate) fn record(&mut self, nodes: u64, soft: u64, hard: u64) {
        let i = if nodes >= hard {
            HARD_CAP
        } else {
            let quarters = nodes.saturating_mul(4) / soft.max(1);
            quarters.min(HARD_CAP as u64 - 1) as usize
        };
        self.buckets[i] += 1;
        self.nodes += nodes;
    }

    pub(crate) fn add(&mut self, other: &MoveNodes) {
        for (a, b) in self.buckets.iter_mut().zip(&other.buckets) {
            *a += b;
        }
        self.nodes += other.nodes;
    }

    pub(crate) fn moves(&self) -> u64 {
        self.buckets.iter().sum()
    }

    /// The multiple of the soft limit below which a `share` of the moves stayed (the upper
    /// edge of the bucket that reaches it); None without moves.
    pub(crate) fn quantile(&self, share: f64) -> Option<f64> {
        let moves = self.moves();
        if moves == 0 {
            return None;
        }
        let want = (share * moves as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (i, &n) in self.buckets.iter().enumerate() {
            seen += n;
            if seen >= want {
                return Some(if i >= HARD_CAP - 1 {
                    MAX_RATIO as f64
                } else {
                    (i + 1) as f64 / 4.0
                });
            }
        }
        Some(MAX_RATIO as f64)
    }

    /// The line of the summary: the mean, median and 90th percentile as multiples of the soft
    /// limit, and the share of moves the hard cap stopped.
    pub(crate) fn text(&self, soft: u64) -> String {
        let moves = self.moves();
        if moves == 0 {
            return format!("nodes a move against the soft limit {soft}: no moves");
        }
        let mean = self.nodes as f64 / moves as f64 / soft.max(1) as f64;
        let at_or_above = |q: Option<f64>| match q {
            Some(r) if r >= MAX_RATIO as f64 => format!(">= {MAX_RATIO}x"),
            Some(r) => format!("< {r:.2}x"),
            None => "-".into(),
        };
        format!(
            "nodes a move against the soft limit {soft}: mean {mean:.2}x, median {}, \
             90% {}, {:.2}% stopped by the hard cap",
            at_or_above(self.quantile(0.5)),
            at_or_above(self.quantile(0.9)),
            100.0 * self.buckets[HARD_CAP] as f64 / moves as f64
        )
    }
}

/// The line of the summary that splits the games' time, and the writing, into shares.
pub(crate) fn time_text(time: &GameTime, writing: Duration) -> String {
    let all = (time.total + writing).as_secs_f64().max(1e-9);
    let share = |d: Duration| 100.0 * d.as_secs_f64() / all;
    let rest = time
        .total
        .saturating_sub(time.searches + time.verification + time.clearing);
    format!(
        "where the time went: move searches {:.1}%, opening checks {:.1}%, table clearing \
         {:.1}%, the rest of the game loop {:.1}%, writing {:.1}%",
        share(time.searches),
        share(time.verification),
        share(time.clearing),
        share(rest),
        share(writing)
    )
}

/// The CPU time (user and system) the process has used so far, all its threads together;
/// None where it cannot be read.
pub(crate) fn process_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        // SAFETY: getrusage writes the struct it is given; an all-zero rusage is valid.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `usage` is a valid, writable rusage.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
            return None;
        }
        let tv = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.max(0) as u64)
                + Duration::from_micros(t.tv_usec.max(0) as u64)
        };
        Some(tv(usage.ru_utime) + tv(usage.ru_stime))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_fall_in_quarters_of_the_soft_limit() {
        let mut m = MoveNodes::default();
        for nodes in [4_000, 6_000, 9_000, 9_900, 12_000] {
            m.record(nodes, 5_000, 100_000);
        }
        m.record(100_000, 5_000, 100_000);
        assert_eq!(m.moves(), 6);
        // 4,000 is below 1x; 6,000 below 1.25x; 9,000 and 9,900 below 2x.
        assert_eq!(m.quantile(1.0 / 6.0), Some(1.0));
        assert_eq!(m.quantile(0.5), Some(2.0));
        assert_eq!(m.quantile(1.0), Some(MAX_RATIO as f64));
        let text = m.text(5_000);
        assert!(text.contains("median < 2.00x"), "{text}");
        assert!(text.contains("16.67% stopped by the hard cap"), "{text}");
    }

    #[test]
    fn shares_add_up_to_the_whole() {
        let t = GameTime {
            searches: Duration::from_millis(900),
            verification: Duration::from_millis(40),
            clearing: Duration::from_millis(10),
            total: Duration::from_millis(990),
        };
        let text = time_text(&t, Duration::from_millis(10));
        assert!(text.contains("move searches 90.0%"), "{text}");
        assert!(text.contains("opening checks 4.0%"), "{text}");
        assert!(text.contains("table clearing 1.0%"), "{text}");
        assert!(text.contains("the rest of the game loop 4.0%"), "{text}");
        assert!(text.contains("writing 1.0%"), "{text}");
    }

    #[test]
    fn the_process_has_used_some_cpu() {
        if cfg!(unix) {
            let spin: u64 = (0..2_000_000u64).fold(0, |a, b| a ^ b.wrapping_mul(31));
            assert!(spin != 1);
            assert!(process_cpu().is_some_and(|d| d > Duration::ZERO));
        }
    }
}
