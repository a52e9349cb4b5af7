//! Limited strength (`UCI_LimitStrength` with `UCI_Elo`, or `Skill Level`): how a weakened
//! search plays.
//!
//! A level is one number, the *skill*, from 0.0 (weakest) to 20.0. It sets three things:
//! - a node budget that grows with the skill, so a weak level sees less (it misses tactics
//!   because it does not look deep enough, not because it throws pieces away);
//! - a MultiPV search of the top few root moves, from which the move is drawn by a softmax
//!   over the scores with a temperature that grows as the skill drops;
//! - a cap on how far below the best a drawn move may score, larger at lower skill, so even
//!   the weakest level never picks a move its own search saw losing a queen.
//!
//! `UCI_Elo` reaches the skill through `ELO_ANCHORS`, fitted by `scripts/calibrate_levels.py`
//! (see docs/levels.md). The draw is seeded: tests fix the seed, play seeds it per move.

use super::event::{EventSink, SearchEvent};
use super::observer::SearchObserver;
use super::tablebase::TB_BOUND;
use super::time::{Limits, TimeManager};
use super::{Control, PvLine, SearchOptions, SearchResult, Searcher};
use crate::position::Position;
use crate::rng::{mix, unit};
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The strongest skill; `Skill Level` runs from 0 to this.
pub(crate) const MAX_SKILL: i32 = 20;
/// `UCI_Elo` range and default.
pub(crate) const MIN_ELO: i32 = 1000;
pub(crate) const MAX_ELO: i32 = 2600;
pub(crate) const DEFAULT_ELO: i32 = 1500;

/// `UCI_Elo` to skill: piecewise linear between these (elo, skill) points, ascending in both.
/// Fitted by `scripts/calibrate_levels.py` to 278 games at 1b67dbb, the generation-4 net
/// (10 s + 0.1 s against Fairy-Max, Phalanx, Glaurung and each other; docs/levels.md):
/// through the measured levels below skill 11, where the Elo falls steeply, and a line (105
/// Elo a skill) above it. The net made every level from skill 7 up 130 to 250 Elo stronger
/// than the classical evaluation's mapping said.
pub(crate) const ELO_ANCHORS: &[(i32, f64)] = &[
    (1000, 3.37),
    (1140, 5.00),
    (1615, 7.44),
    (1931, 9.59),
    (2169, 11.41),
    (2490, 14.45),
    (2600, 15.50),
];

/// Nodes a search may spend at skill 0 and at skill 20; between them the budget grows
/// geometrically (each skill step multiplies it by the same factor).
const MIN_NODES: f64 = 200.0;
const MAX_NODES: f64 = 1_000_000.0;
/// Root moves searched for the draw.
const CANDIDATES: usize = 4;
/// Softmax temperature (centipawns) at skill 0 and at skill 20.
const TEMPERATURE_WEAKEST: f64 = 100.0;
const TEMPERATURE_STRONGEST: f64 = 5.0;
/// Largest score gap (centipawns) below the best that a drawn move may have, at skill 0
/// and at skill 20.
const GAP_WEAKEST: i32 = 250;
const GAP_STRONGEST: i32 = 20;
/// A search that ends early waits until this share of the normal (soft) move time has
/// passed: a random point in `PACE_MIN..PACE_MAX`, so replies neither come at once nor use
/// the full time, and vary as a person's do.
const PACE_MIN: f64 = 0.3;
const PACE_MAX: f64 = 0.7;

/// One strength level, with the seed of its random draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    skill: f64,
    seed: u64,
}

impl Level {
    /// A level at `skill` (clamped to 0..=20).
    pub fn from_skill(skill: f64, seed: u64) -> Level {
        let skill = if skill.is_nan() { 0.0 } else { skill };
        Level {
            skill: skill.clamp(0.0, MAX_SKILL as f64),
            seed,
        }
    }

    /// The level that `UCI_Elo` `elo` names (clamped to the anchors' range).
    pub(crate) fn from_elo(elo: i32, seed: u64) -> Level {
        Level::from_skill(skill_for_elo(elo), seed)
    }

    pub(crate) fn skill(&self) -> f64 {
        self.skill
    }

    /// 0.0 at skill 0, 1.0 at skill 20.
    fn strength(&self) -> f64 {
        self.skill / MAX_SKILL as f64
    }

    /// The most nodes the search may spend (all threads).
    pub fn node_budget(&self) -> u64 {
        (MIN_NODES * (MAX_NODES / MIN_NODES).powf(self.strength())).round() as u64
    }

    /// How many root moves the search ranks for the draw.
    pub fn candidates(&self) -> usize {
        CANDIDATES
    }

    /// Softmax temperature in centipawns: a move `t` centipawns below the best is `e` times
    /// less likely than the best. It falls with the square of the distance to full skill, so
    /// strong levels rarely stray from the best move while weak ones often do.
    pub(crate) fn temperature_cp(&self) -> f64 {
        let weakness = 1.0 - self.strength();
        TEMPERATURE_STRONGEST + (TEMPERATURE_WEAKEST - TEMPERATURE_STRONGEST) * weakness * weakness
    }

    /// No move scoring more than this below the best is ever drawn.
    pub fn gap_cap_cp(&self) -> i32 {
        let s = self.strength();
        (GAP_WEAKEST as f64 + (GAP_STRONGEST - GAP_WEAKEST) as f64 * s).round() as i32
    }

    /// The share of the normal move time a search that finished early waits for.
    pub fn pace_fraction(&self) -> f64 {
        PACE_MIN + (PACE_MAX - PACE_MIN) * unit(mix(self.seed ^ 0x7061_6365))
    }

    /// Which of `lines` (root lines from a MultiPV search, any order) to play: an index into
    /// `lines`. Lines without a move are never chosen; with a mate or a tablebase result on
    /// the board (either way) the best line is played, since a known result is no place
    /// for a random draw.
    pub(crate) fn choose(&self, lines: &[PvLine]) -> usize {
        // A stopped iteration can leave a move twice (its new line first, its old one
        // further down): only its first line counts.
        let playable = || {
            lines.iter().enumerate().filter(|&(i, l)| {
                !l.pv.is_empty() && !lines[..i].iter().any(|o| o.pv.first() == l.pv.first())
            })
        };
        let Some((best_idx, best)) =
            playable().max_by_key(|(i, l)| (l.score, std::cmp::Reverse(*i)))
        else {
            return 0;
        };
        if best.score.abs() >= TB_BOUND {
            return best_idx;
        }
        let cap = self.gap_cap_cp() as i64;
        let t = self.temperature_cp();
        let weight = |l: &PvLine| {
            let gap = best.score as i64 - l.score as i64;
            if gap > cap {
                0.0
            } else {
                (-(gap as f64) / t).exp()
            }
        };
        let total: f64 = playable().map(|(_, l)| weight(l)).sum();
        let mut x = unit(mix(self.seed)) * total;
        let mut last = best_idx;
        for (i, l) in playable() {
            let w = weight(l);
            if w == 0.0 {
                continue;
            }
            if x < w {
                return i;
            }
            x -= w;
            last = i;
        }
        // Rounding left a sliver past the last weight: it belongs to the last candidate.
        last
    }
}

/// A search at limited strength, wrapped around the full one: the search ranks at least the
/// level's candidate moves (the user sees the lines asked for) within the level's node
/// budget and never takes the extra time of an unclear position; then the level draws the
/// move to play among the ranked lines by their scores, and paces the reply. The search
/// reports to `observer`.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_at_level<O: SearchObserver>(
    searcher: &mut Searcher,
    level: Level,
    pos: &Position,
    limits: &Limits,
    opts: &SearchOptions,
    control: &Control,
    out: &mut EventSink,
    observer: &mut O,
) -> SearchResult {
    let shown = opts.multipv.max(1);
    let ranked = SearchOptions {
        multipv: opts.multipv.max(level.candidates()),
        extra_time: false,
        ..opts.clone()
    };
    let budget = level.node_budget();
    let limited = Limits {
        nodes: Some(limits.nodes.map_or(budget, |n| n.min(budget))),
        ..limits.clone()
    };
    let mut report = |e: &SearchEvent| match e {
        SearchEvent::Line(l) if l.multipv > shown => {}
        _ => out(e),
    };
    searcher.run(
        pos,
        &limited,
        &ranked,
        control,
        &mut report,
        observer,
        |result, done| {
            // The best line stays first in `lines` (what the search found); the move played
            // may come from another.
            let chosen = level.choose(&result.lines);
            done.settle(result, chosen);
            if !result.lines.is_empty() {
                pace(&level, done.time, done.control);
                result.time_ms = done.time.elapsed().as_millis() as u64;
            }
        },
    )
}

/// A limited search that finished early waits until the level's share of the normal move
/// time has passed, so its replies are neither instant nor slow. `stop` ends the wait at
/// once; without a clock (`go depth`, `go nodes`) there is nothing to pace.
fn pace(level: &Level, time: &mut TimeManager, control: &Control) {
    time.ponder_wait_ended();
    let Some(target) = time.pace_target(level.pace_fraction()) else {
        return;
    };
    while time.elapsed() < target && !control.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The skill `UCI_Elo` `elo` maps to, through `ELO_ANCHORS`.
pub(crate) fn skill_for_elo(elo: i32) -> f64 {
    let first = ELO_ANCHORS[0];
    let last = ELO_ANCHORS[ELO_ANCHORS.len() - 1];
    if elo <= first.0 {
        return first.1;
    }
    if elo >= last.0 {
        return last.1;
    }
    for w in ELO_ANCHORS.windows(2) {
        let ((e0, s0), (e1, s1)) = (w[0], w[1]);
        if elo <= e1 {
            return s0 + (s1 - s0) * (elo - e0) as f64 / (e1 - e0) as f64;
        }
    }
    last.1
}

/// A seed for one move's draws in play: different every time.
pub(crate) fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    mix(nanos ^ mix(COUNTER.fetch_add(1, Ordering::Relaxed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Move, MoveKind, Square};
    use crate::search::MATE;

    /// Root lines with the given scores, each with a distinct first move.
    fn lines(scores: &[i32]) -> Vec<PvLine> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &score)| PvLine {
                score,
                pv: vec![Move::new(
                    Square::from_index(8 + i),
                    Square::from_index(16 + i),
                    MoveKind::Quiet,
                )],
            })
            .collect()
    }

    fn counts(level_skill: f64, scores: &[i32], draws: u64) -> Vec<u64> {
        let ls = lines(scores);
        let mut n = vec![0; scores.len()];
        for seed in 0..draws {
            n[Level::from_skill(level_skill, seed).choose(&ls)] += 1;
        }
        n
    }

    #[test]
    fn the_same_seed_draws_the_same_move() {
        let ls = lines(&[30, 20, 5, -10]);
        for seed in [0, 1, 42, u64::MAX] {
            let a = Level::from_skill(3.0, seed).choose(&ls);
            let b = Level::from_skill(3.0, seed).choose(&ls);
            assert_eq!(a, b);
        }
        // ... and different seeds do not all draw the same one at a weak level.
        let n = counts(3.0, &[30, 20, 5, -10], 1000);
        assert!(n.iter().filter(|&&c| c > 0).count() >= 3, "{n:?}");
    }

    #[test]
    fn no_move_beyond_the_gap_cap_is_ever_drawn() {
        for skill in [0.0, 5.0, 10.0, 15.0, 20.0] {
            let cap = Level::from_skill(skill, 0).gap_cap_cp();
            // Line 1 just inside the cap, line 2 just outside, line 3 a queen down.
            let scores = [100, 100 - cap, 100 - cap - 1, 100 - 900];
            let n = counts(skill, &scores, 5000);
            assert_eq!(n[2], 0, "skill {skill}: {n:?}");
            assert_eq!(n[3], 0, "skill {skill}: {n:?}");
            assert!(n[0] > n[1], "skill {skill}: {n:?}");
        }
        // At the weakest level the move at the edge of the cap is still drawn sometimes.
        assert!(counts(0.0, &[100, 100 - GAP_WEAKEST], 5000)[1] > 0);
    }

    #[test]
    fn weaker_levels_run_hotter_with_wider_caps_and_fewer_nodes() {
        let mut prev = Level::from_skill(0.0, 0);
        assert_eq!(prev.node_budget(), MIN_NODES as u64);
        assert_eq!(prev.temperature_cp(), TEMPERATURE_WEAKEST);
        assert_eq!(prev.gap_cap_cp(), GAP_WEAKEST);
        for skill in 1..=MAX_SKILL {
            let l = Level::from_skill(skill as f64, 0);
            assert!(l.temperature_cp() < prev.temperature_cp(), "skill {skill}");
            assert!(l.gap_cap_cp() < prev.gap_cap_cp(), "skill {skill}");
            assert!(l.node_budget() > prev.node_budget(), "skill {skill}");
            prev = l;
        }
        assert_eq!(prev.node_budget(), MAX_NODES as u64);
        assert_eq!(prev.temperature_cp(), TEMPERATURE_STRONGEST);
        assert_eq!(prev.gap_cap_cp(), GAP_STRONGEST);
        // The effect of the temperature: the second-best move, 15 cp down, is drawn nearly
        // half the time at skill 2 (T 82 cp: 45%) and rarely at skill 18 (T 6 cp: 8%).
        let weak = counts(2.0, &[50, 35], 4000)[1];
        let strong = counts(18.0, &[50, 35], 4000)[1];
        assert!((1600..2000).contains(&weak), "weak {weak}");
        assert!((200..450).contains(&strong), "strong {strong}");
    }

    #[test]
    fn known_results_and_empty_lines_are_not_left_to_chance() {
        let mate = lines(&[MATE - 5, MATE - 9, 0]);
        let lost = lines(&[-MATE + 8, -MATE + 4]);
        let mut partial = lines(&[10, 40, 20]);
        partial[1].pv.clear();
        for seed in 0..500 {
            let l = Level::from_skill(0.0, seed);
            assert_eq!(l.choose(&mate), 0);
            assert_eq!(l.choose(&lost), 0, "the longest defence");
            assert_ne!(l.choose(&partial), 1);
        }
        assert_eq!(Level::from_skill(0.0, 0).choose(&[]), 0);
        // A move listed twice (a stopped iteration) is drawn by its first line alone.
        let mut twice = lines(&[60, 55, 0]);
        twice[2].pv = twice[0].pv.clone();
        assert!((0..500).all(|s| Level::from_skill(0.0, s).choose(&twice) != 2));
        // Lines in any order: the reference is the best score, wherever it is.
        let unsorted = lines(&[-300, 50, 40]);
        assert!((0..500).all(|s| Level::from_skill(0.0, s).choose(&unsorted) != 0));
    }

    #[test]
    fn elo_maps_onto_skill_monotonically_and_clamps() {
        assert_eq!(skill_for_elo(MIN_ELO - 500), skill_for_elo(MIN_ELO));
        assert_eq!(skill_for_elo(MAX_ELO + 500), skill_for_elo(MAX_ELO));
        assert!((0.0..=MAX_SKILL as f64).contains(&skill_for_elo(MIN_ELO)));
        assert!((0.0..=MAX_SKILL as f64).contains(&skill_for_elo(MAX_ELO)));
        let mut prev = -1.0;
        for elo in (MIN_ELO..=MAX_ELO).step_by(50) {
            let s = skill_for_elo(elo);
            assert!(s > prev, "{elo}");
            prev = s;
        }
        for w in ELO_ANCHORS.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1);
        }
        assert_eq!(ELO_ANCHORS[0].0, MIN_ELO);
        assert_eq!(ELO_ANCHORS[ELO_ANCHORS.len() - 1].0, MAX_ELO);
    }

    /// A seed's draws, pinned: a change to the generator or to its mapping onto [0, 1) would
    /// change which moves a level plays for a seed.
    #[test]
    fn the_draws_of_fixed_seeds_are_pinned() {
        let ls = lines(&[30, 20, 5, -10]);
        let drawn: Vec<usize> = (0..24)
            .map(|seed| Level::from_skill(0.0, seed).choose(&ls))
            .collect();
        assert_eq!(
            drawn,
            [3, 1, 2, 0, 1, 1, 2, 1, 2, 2, 0, 1, 2, 2, 1, 1, 1, 1, 0, 2, 0, 0, 2, 3]
        );
        let paces: Vec<f64> = [0, 1, u64::MAX]
            .iter()
            .map(|&seed| Level::from_skill(5.0, seed).pace_fraction())
            .collect();
        assert_eq!(
            paces,
            [0.33366930953078255, 0.6952306285892359, 0.510199032069935]
        );
    }

    #[test]
    fn the_pace_is_a_natural_share_of_the_move_time() {
        let mut seen = Vec::new();
        for seed in 0..200 {
            let f = Level::from_skill(5.0, seed).pace_fraction();
            assert!((PACE_MIN..PACE_MAX).contains(&f), "{f}");
            seen.push(f);
        }
        let spread =
            seen.iter().cloned().fold(0.0, f64::max) - seen.iter().cloned().fold(1.0, f64::min);
        assert!(spread > 0.3, "{spread}");
    }
}
