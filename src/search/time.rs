//! Time management: how long to think, from the clock or a fixed move time (`budget`), and
//! every time decision of a search in one place (`TimeManager`): stop inside the search at
//! the hard limit, start no new iteration past the soft limit scaled by how settled the
//! search looks, start the clock again at `ponderhit`, and pace a strength level's reply.

use super::PvLine;
use crate::board::{Color, Move};
use std::time::{Duration, Instant};

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// No new iteration starts once this many nodes are spent; the current one may finish,
    /// up to `nodes` (the hard cap). Not a UCI limit: datagen's, whose searches end at a
    /// finished iteration rather than mid-way (`Limits::soft_nodes`).
    pub soft_nodes: Option<u64>,
    pub mate: Option<i32>,
    pub infinite: bool,
    pub ponder: bool,
    /// When `go` arrived: the clock runs from then, not from when the search thread starts.
    pub received: Option<Instant>,
    /// `go searchmoves`: the root moves the search may play (legal, no repeats); empty for
    /// all of them.
    pub searchmoves: Vec<Move>,
}

impl Limits {
    pub fn depth(d: i32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// A soft node limit `soft` with the hard cap `hard` (at least `soft`): the search
    /// starts no iteration past `soft` and stops inside one at `hard`, as `go nodes` does.
    pub fn soft_nodes(soft: u64, hard: u64) -> Limits {
        Limits {
            nodes: Some(hard.max(soft)),
            soft_nodes: Some(soft),
            ..Limits::default()
        }
    }

    /// Whether a game clock (not a fixed move time) bounds this search: only then is time
    /// saved on one move spent on the next.
    pub(crate) fn uses_clock(&self) -> bool {
        self.movetime.is_none() && (self.wtime.is_some() || self.btime.is_some())
    }
}

/// The soft limit is checked between iterations (don't start what can't finish); the hard
/// limit inside the search (stop now).
#[derive(Clone, Copy, Debug)]
pub struct TimeBudget {
    pub soft: Duration,
    pub hard: Duration,
}

/// The default `Move Overhead`: time kept back per move for the GUI and the pipe (as
/// Stockfish's default; a bot on a laggy network raises it).
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// In sudden death, the clock is planned as if this many moves were left: the share of the
/// clock a move gets (before the search's own scaling, from half to three times this).
const SUDDEN_DEATH_MOVES: u32 = 25;

/// The budget for this move, or None when only depth, nodes, mate or `stop` end the search.
pub fn budget(limits: &Limits, side: Color, overhead_ms: u64) -> Option<TimeBudget> {
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead_ms).max(1);
        return Some(TimeBudget {
            soft: Duration::from_millis(t),
            hard: Duration::from_millis(t),
        });
    }
    // A clock for the other side only (a broken `go`) still bounds the search: that clock
    // is the best guess of ours, and thinking forever would lose on time.
    let (time, inc) = match side {
        Color::White => (limits.wtime.or(limits.btime)?, limits.winc.unwrap_or(0)),
        Color::Black => (limits.btime.or(limits.wtime)?, limits.binc.unwrap_or(0)),
    };
    // Plan over the next `moves_left` moves: the clock plus their increments, less the move
    // overhead paid on every one of them (the GUI, the pipe and the operating system take it
    // whether we think or not). So a short clock keeps a reserve instead of draining to zero.
    let moves_left = limits
        .movestogo
        .map_or(SUDDEN_DEATH_MOVES, |m| m.clamp(1, 50)) as u64;
    let pool = (time + inc * (moves_left - 1)).saturating_sub(overhead_ms * (2 + moves_left));
    // Never more than a quarter of the clock on one move (nearly all of it only for the last
    // move before the time control).
    let available = time.saturating_sub(overhead_ms);
    let cap = if moves_left == 1 {
        available * 3 / 4
    } else {
        available / 4
    };
    let soft = (pool / moves_left).min(cap).max(1);
    let hard = (soft * 3).min(cap).max(soft);
    Some(TimeBudget {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    })
}

/// What the clock reads of the search, each a UCI check option (`TimeStability`,
/// `TimeNodeShare`, `TimeFallingScore`): a reading switched off scales the soft limit by 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReads {
    /// How many iterations the best move has stayed best (`STABILITY`).
    pub stability: bool,
    /// The best move's share of the iteration's nodes (`EFFORT_BASE`, `EFFORT_SCALE`).
    pub node_share: bool,
    /// A score below the best of the last few iterations (`DROP_FACTOR_PER_CP`).
    pub falling_score: bool,
}

impl ClockReads {
    /// The engine as it plays: every reading on.
    pub const ALL: ClockReads = ClockReads {
        stability: true,
        node_share: true,
        falling_score: true,
    };
}

impl Default for ClockReads {
    fn default() -> Self {
        ClockReads::ALL
    }
}

/// The time decisions of one search thread.
pub(crate) struct TimeManager {
    /// When the clock started: when `go` arrived, or at `ponderhit`.
    start: Instant,
    /// None when only depth, nodes, mate or `stop` end the search.
    budget: Option<TimeBudget>,
    /// Pondering, and `ponderhit` not yet seen: the clock has not really started.
    was_pondering: bool,
    /// Nodes spent under each root move in the current iteration, indexed by [from][to].
    root_nodes: Box<[[u64; 64]; 64]>,
    /// The best move of the last iteration, for how many iterations in a row it has stayed
    /// best, and the best scores of the iterations so far.
    last_best: Move,
    stable_iterations: usize,
    scores: Vec<i32>,
    /// What the soft limit's scale reads.
    reads: ClockReads,
}

/// Indexed by iterations the best move has stayed best (capped): how much of the soft
/// limit to spend.
const STABILITY: [f64; 7] = [2.0, 1.5, 1.25, 1.1, 1.0, 0.9, 0.8];
/// A score below the best of the last few iterations earns more time: this much per
/// centipawn of the drop, counted up to `MAX_DROP_CP` (1.8 times as long).
const DROP_FACTOR_PER_CP: f64 = 0.008;
const MAX_DROP_CP: i32 = 100;
/// The drop is measured against the best of this many iterations before the last.
const DROP_WINDOW: usize = 3;
/// The best move's share of the iteration's nodes: `(EFFORT_BASE - share) * EFFORT_SCALE`,
/// so a best move that took few nodes (an unclear position) earns more time.
const EFFORT_BASE: f64 = 1.6;
const EFFORT_SCALE: f64 = 1.1;
/// The share assumed when no node was counted under any root move.
const UNKNOWN_SHARE: f64 = 0.5;
/// The soft limit is never scaled beyond these.
const SCALE_RANGE: (f64, f64) = (0.35, 3.0);

impl TimeManager {
    /// The time decisions of a search asked for `limits` with `side` to move. With
    /// `extra_time` false the search never takes the extra time an unclear position earns:
    /// its hard limit is its soft one (a strength level's longest move is the normal one).
    /// `reads` says what scales the soft limit.
    pub(crate) fn new(
        limits: &Limits,
        side: Color,
        overhead_ms: u64,
        extra_time: bool,
        reads: ClockReads,
    ) -> TimeManager {
        let budget = budget(limits, side, overhead_ms).map(|b| {
            if extra_time {
                b
            } else {
                TimeBudget { hard: b.soft, ..b }
            }
        });
        TimeManager {
            start: limits.received.unwrap_or_else(Instant::now),
            budget,
            was_pondering: limits.ponder,
            root_nodes: Box::new([[0; 64]; 64]),
            last_best: Move::NULL,
            stable_iterations: 0,
            scores: Vec::new(),
            reads,
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    #[cfg(test)]
    pub(crate) fn budget(&self) -> Option<TimeBudget> {
        self.budget
    }

    /// Told whether the search is still pondering: at `ponderhit` the clock starts now.
    #[inline]
    pub(crate) fn notice_ponderhit(&mut self, pondering: bool) {
        if self.was_pondering && !pondering {
            self.restart();
        }
    }

    /// A search that ended while pondering waited for `ponderhit` (or `stop`): its clock
    /// starts when the wait ends.
    pub(crate) fn ponder_wait_ended(&mut self) {
        if self.was_pondering {
            self.restart();
        }
    }

    #[cfg(test)]
    pub(crate) fn started_ago(&mut self, d: Duration) {
        self.start = Instant::now() - d;
    }

    #[cfg(test)]
    pub(crate) fn start(&self) -> Instant {
        self.start
    }

    #[cfg(test)]
    pub(crate) fn waiting_for_ponderhit(&self) -> bool {
        self.was_pondering
    }

    fn restart(&mut self) {
        self.was_pondering = false;
        self.start = Instant::now();
    }

    /// Past the hard limit: stop now.
    pub(crate) fn past_hard(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed() >= b.hard)
    }

    /// A new iteration starts: forget the last one's node counts.
    pub(crate) fn new_iteration(&mut self) {
        for row in self.root_nodes.iter_mut() {
            row.fill(0);
        }
    }

    /// Nodes spent under a root move.
    #[inline]
    pub(crate) fn root_move_nodes(&mut self, m: Move, nodes: u64) {
        self.root_nodes[m.from().index()][m.to().index()] += nodes;
    }

    /// After an iteration whose best line is `best_line`: whether to start no other, that
    /// is, whether the clock is past the soft limit scaled by `soft_scale`.
    pub(crate) fn iteration_says_stop(&mut self, best_line: &PvLine) -> bool {
        let scale = self.soft_scale(best_line);
        self.budget
            .is_some_and(|b| self.elapsed() >= b.soft.mul_f64(scale).min(b.hard))
    }

    /// How much of its soft limit the search should spend, from what the last iteration
    /// showed: a best move that keeps changing, a falling score, and a best move that took
    /// few of the nodes all say the position is unclear and earn more time; a best move that
    /// stays, holds its score and takes most of the nodes earns less.
    fn soft_scale(&mut self, best_line: &PvLine) -> f64 {
        let best = best_line.pv.first().copied().unwrap_or(Move::NULL);
        if best == self.last_best {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
            self.last_best = best;
        }
        self.scores.push(best_line.score);
        let stability = if self.reads.stability {
            STABILITY[self.stable_iterations.min(STABILITY.len() - 1)]
        } else {
            1.0
        };
        let n = self.scores.len();
        let earlier = self.scores[n.saturating_sub(DROP_WINDOW + 1)..n - 1]
            .iter()
            .copied()
            .max()
            .unwrap_or(best_line.score);
        let drop = (earlier - best_line.score).clamp(0, MAX_DROP_CP) as f64;
        let falling = if self.reads.falling_score {
            1.0 + drop * DROP_FACTOR_PER_CP
        } else {
            1.0
        };
        let effort = if self.reads.node_share {
            let total: u64 = self.root_nodes.iter().flatten().sum();
            let share = if total == 0 || best.is_null() {
                UNKNOWN_SHARE
            } else {
                self.root_nodes[best.from().index()][best.to().index()] as f64 / total as f64
            };
            (EFFORT_BASE - share) * EFFORT_SCALE
        } else {
            1.0
        };
        (stability * falling * effort).clamp(SCALE_RANGE.0, SCALE_RANGE.1)
    }

    /// A strength level's reply: when the search finished early, how long after the clock
    /// started the reply should go (the level's share of the soft limit, at most the hard
    /// limit); None without a clock (`go depth`, `go nodes`): nothing to pace.
    pub(crate) fn pace_target(&self, fraction: f64) -> Option<Duration> {
        self.budget.map(|b| b.soft.mul_f64(fraction).min(b.hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::PvLine;

    #[test]
    fn budgets_stay_inside_the_clock() {
        let l = Limits {
            wtime: Some(1000),
            winc: Some(10),
            btime: Some(5),
            ..Limits::default()
        };
        let w = budget(&l, Color::White, 30).unwrap();
        assert!(w.soft <= w.hard && w.hard <= Duration::from_millis(970 / 4));
        let b = budget(&l, Color::Black, 30).unwrap();
        assert_eq!(b.hard, Duration::from_millis(1));
        assert!(budget(&Limits::depth(3), Color::White, 30).is_none());
        let mt = budget(
            &Limits {
                movetime: Some(100),
                ..Limits::default()
            },
            Color::White,
            30,
        )
        .unwrap();
        assert_eq!(mt.hard, Duration::from_millis(70));
    }

    /// The budget of a time manager for `limits`, White to move, the default overhead, in ms.
    fn manager_budget(limits: &Limits, extra_time: bool) -> Option<(u64, u64)> {
        TimeManager::new(
            limits,
            Color::White,
            DEFAULT_MOVE_OVERHEAD_MS,
            extra_time,
            ClockReads::ALL,
        )
        .budget()
        .map(|b| (b.soft.as_millis() as u64, b.hard.as_millis() as u64))
    }

    fn mv(text: &str) -> Move {
        crate::board::Board::startpos()
            .parse_uci_move(text, false)
            .unwrap()
    }

    /// One iteration's worth of input to `soft_scale`: the best line's first move (None for
    /// an empty PV) and score, and the nodes each root move took (move, nodes).
    struct Step {
        best: Option<&'static str>,
        score: i32,
        nodes: &'static [(&'static str, u64)],
        expected: f64,
    }

    fn run_steps(steps: &'static [Step]) {
        run_steps_reading(ClockReads::ALL, steps);
    }

    fn run_steps_reading(reads: ClockReads, steps: &[Step]) {
        let mut t = TimeManager::new(&Limits::default(), Color::White, 10, true, reads);
        {
            for (i, s) in steps.iter().enumerate() {
                t.new_iteration();
                for &(m, n) in s.nodes {
                    t.root_move_nodes(mv(m), n);
                }
                let line = PvLine {
                    score: s.score,
                    pv: s.best.map(mv).into_iter().collect(),
                };
                let got = t.soft_scale(&line);
                assert!(
                    (got - s.expected).abs() < 1e-9,
                    "step {i}: soft_scale {got}, expected {}",
                    s.expected
                );
            }
        }
    }

    const fn step(best: &'static str, score: i32, expected: f64) -> Step {
        Step {
            best: Some(best),
            score,
            nodes: &[],
            expected,
        }
    }

    #[test]
    fn soft_scale_falls_as_the_best_move_stays_best() {
        // No node counts: the best move's share counts as one half (effort 1.21).
        static STEPS: [Step; 10] = [
            step("e2e4", 20, 2.42),
            step("e2e4", 20, 1.815),
            step("e2e4", 20, 1.5125),
            step("e2e4", 20, 1.331),
            step("e2e4", 20, 1.21),
            step("e2e4", 20, 1.089),
            step("e2e4", 20, 0.968),
            step("e2e4", 20, 0.968),
            // A new best move starts the count again.
            step("d2d4", 20, 2.42),
            step("d2d4", 20, 1.815),
        ];
        run_steps(&STEPS);
    }

    #[test]
    fn soft_scale_grows_with_a_falling_score() {
        static STEPS: [Step; 13] = [
            step("e2e4", 100, 2.42),
            step("e2e4", 100, 1.815),
            step("e2e4", 100, 1.5125),
            step("e2e4", 100, 1.331),
            // 60 below the best of the last three iterations: 1.48 times as long.
            step("e2e4", 40, 1.7908),
            // The 100 is still among the last three.
            step("e2e4", 40, 1.61172),
            step("e2e4", 40, 1.43264),
            // ... and now it is not.
            step("e2e4", 40, 0.968),
            // A rising score earns nothing; a drop counts up to 100 (1.8 times).
            step("e2e4", 90, 0.968),
            step("e2e4", -500, 1.7424),
            step("e2e4", -510, 1.7424),
            step("e2e4", -510, 1.7424),
            // Only 10 below the best of the last three (-500): 1.08 times.
            step("e2e4", -510, 1.04544),
        ];
        run_steps(&STEPS);
    }

    #[test]
    fn soft_scale_grows_when_the_best_move_takes_few_nodes_and_is_clamped() {
        static STEPS: [Step; 8] = [
            // All the nodes on the best move: (1.6 - 1.0) * 1.1 = 0.66.
            Step {
                best: Some("e2e4"),
                score: 0,
                nodes: &[("e2e4", 5000)],
                expected: 1.32,
            },
            // 90%: 0.77.
            Step {
                best: Some("e2e4"),
                score: 0,
                nodes: &[("e2e4", 900), ("d2d4", 100)],
                expected: 1.155,
            },
            // 10%: 1.65.
            Step {
                best: Some("e2e4"),
                score: 0,
                nodes: &[("e2e4", 100), ("d2d4", 300), ("g1f3", 600)],
                expected: 2.0625,
            },
            // None (the best move was not searched this iteration): 1.76.
            Step {
                best: Some("e2e4"),
                score: 0,
                nodes: &[("d2d4", 1000)],
                expected: 1.936,
            },
            // The weakest scale the factors reach: stable, steady, all the nodes.
            step("e2e4", 0, 1.0 * 1.21),
            step("e2e4", 0, 0.9 * 1.21),
            Step {
                best: Some("e2e4"),
                score: 0,
                nodes: &[("e2e4", 1)],
                expected: 0.528,
            },
            // A new best move, a score 200 down and none of the nodes: 6.336, clamped.
            Step {
                best: Some("d2d4"),
                score: -200,
                nodes: &[("e2e4", 1000)],
                expected: 3.0,
            },
        ];
        run_steps(&STEPS);
    }

    #[test]
    fn each_reading_switched_off_scales_by_one() {
        // Two iterations: the first with all the nodes on the best move and no earlier score
        // (stability 2.0, effort 0.66, falling 1); the second with the same best move
        // (stability 1.5), 60% of the nodes (effort 1.1) and a score 20 down (falling 1.16).
        for bits in 0..8u8 {
            let reads = ClockReads {
                stability: bits & 1 != 0,
                node_share: bits & 2 != 0,
                falling_score: bits & 4 != 0,
            };
            let factor = |on: bool, f: f64| if on { f } else { 1.0 };
            let first = factor(reads.stability, 2.0) * factor(reads.node_share, 0.66);
            let second = factor(reads.stability, 1.5)
                * factor(reads.node_share, 1.1)
                * factor(reads.falling_score, 1.16);
            let steps = [
                Step {
                    best: Some("e2e4"),
                    score: 100,
                    nodes: &[("e2e4", 5000)],
                    expected: first,
                },
                Step {
                    best: Some("e2e4"),
                    score: 80,
                    nodes: &[("e2e4", 600), ("d2d4", 400)],
                    expected: second,
                },
            ];
            run_steps_reading(reads, &steps);
        }
    }

    #[test]
    fn soft_scale_with_an_empty_pv() {
        static STEPS: [Step; 3] = [
            // The null move equals the initial "last best": stable for one iteration.
            Step {
                best: None,
                score: 0,
                nodes: &[("e2e4", 1000)],
                expected: 1.815,
            },
            step("e2e4", 0, 2.42),
            Step {
                best: None,
                score: 0,
                nodes: &[("e2e4", 1000)],
                expected: 2.42,
            },
        ];
        run_steps(&STEPS);
    }

    #[test]
    fn without_extra_time_the_hard_limit_is_the_soft_one() {
        let clock = Limits {
            wtime: Some(60_000),
            btime: Some(60_000),
            ..Limits::default()
        };
        assert_eq!(manager_budget(&clock, true), Some((2389, 7167)));
        assert_eq!(manager_budget(&clock, false), Some((2389, 2389)));
        let control = Limits {
            wtime: Some(10_000),
            btime: Some(500),
            winc: Some(100),
            movestogo: Some(10),
            ..Limits::default()
        };
        assert_eq!(manager_budget(&control, true), Some((1078, 2497)));
        assert_eq!(manager_budget(&control, false), Some((1078, 1078)));
        let movetime = Limits {
            movetime: Some(500),
            ..Limits::default()
        };
        assert_eq!(manager_budget(&movetime, true), Some((490, 490)));
        assert_eq!(manager_budget(&movetime, false), Some((490, 490)));
        assert_eq!(manager_budget(&Limits::nodes(1000), false), None);
    }
}
