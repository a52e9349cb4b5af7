//! Time management: how long to think, from the clock or a fixed move time.

use crate::board::Color;
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
    pub mate: Option<i32>,
    pub infinite: bool,
    pub ponder: bool,
    /// When `go` arrived: the clock runs from then, not from when the search thread starts.
    pub received: Option<Instant>,
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

    /// Whether the clock or a move time bounds this search.
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.wtime.is_some() || self.btime.is_some()
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

/// The search's clock: when it started and what it may spend.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub start: Instant,
    pub budget: Option<TimeBudget>,
}

impl Clock {
    pub fn new(budget: Option<TimeBudget>) -> Clock {
        Clock::starting_at(Instant::now(), budget)
    }

    pub fn starting_at(start: Instant, budget: Option<TimeBudget>) -> Clock {
        Clock { start, budget }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    pub fn past_soft(&self) -> bool {
        self.past_soft_scaled(1.0)
    }

    /// Past the soft limit times `scale` (never past the hard limit).
    pub fn past_soft_scaled(&self, scale: f64) -> bool {
        self.budget
            .is_some_and(|b| self.elapsed() >= b.soft.mul_f64(scale).min(b.hard))
    }

    pub fn past_hard(&self) -> bool {
        self.budget.is_some_and(|b| self.elapsed() >= b.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
