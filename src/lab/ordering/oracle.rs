//! The oracle order (`cutoff ordering EPD --oracle`): how far the engine's move order is
//! from a perfect one. For each position and configuration:
//!
//! 1. a search to depth D + k records, at every main-search node, the move that failed high
//!    or the PV move, keyed by the position's Zobrist key; an answer from a deeper remaining
//!    depth replaces a shallower one. The map is then frozen (`OracleMap` has no way to be
//!    written);
//! 2. the normal search to depth D, from a fresh state, notes at every node the map covers
//!    where our picker placed the map's move (`Place`);
//! 3. the oracle search to depth D, from a fresh state, searches the map's move first at
//!    every node the map covers (before the hash move; an illegal one is ignored).
//!
//! The three roles share one observer (`Watch`), which also counts the usual statistics, so
//! each run reports like any other lab run. The search as it plays has no code for any of it
//! (`SearchObserver::first_move`, `move_picked`, `move_loop_end`).

use super::{search_one, LabConfig, LabLimit, LabOptions, PositionRun, StopSignal};
use crate::board::Move;
use crate::position::Position;
use crate::search::observer::{CutoffSeen, MoveLoopStart, SearchObserver};
use crate::search::ordering::PickedFrom;
use crate::search::stats::SearchStats;
use crate::search::{clamp_depth, Limits};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::AddAssign;

/// The default k: the oracle comes from a search two plies deeper.
pub const DEFAULT_EXTRA: i32 = 2;
/// The largest k the command takes: more would take hours a position.
pub const MAX_EXTRA: i32 = 8;

/// The command's oracle flags as the lab takes them: `--oracle` alone means k =
/// `DEFAULT_EXTRA`; `--oracle-extra K` needs `--oracle`, a depth limit and 0 <= K <=
/// `MAX_EXTRA`.
pub fn oracle_option(
    oracle: bool,
    extra: Option<i64>,
    limit: LabLimit,
) -> Result<Option<i32>, String> {
    if !oracle {
        return match extra {
            Some(_) => Err("--oracle-extra needs --oracle".to_string()),
            None => Ok(None),
        };
    }
    if let LabLimit::Nodes(_) = limit {
        return Err(
            "--oracle needs a depth limit (--depth), not --nodes: the oracle's search \
                    is its depth plus --oracle-extra"
                .to_string(),
        );
    }
    let extra = extra.unwrap_or(DEFAULT_EXTRA.into());
    if !(0..=MAX_EXTRA as i64).contains(&extra) {
        return Err(format!(
            "--oracle-extra {extra}: the oracle's extra depth must be from 0 to {MAX_EXTRA}"
        ));
    }
    Ok(Some(extra as i32))
}

/// Zobrist keys are already uniform: the map uses them as their own hash.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap = HashMap<u64, Answer, BuildHasherDefault<KeyHasher>>;

/// The deep search's answer at a position: its best move and the remaining depth it was
/// found at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub(crate) mv: Move,
    pub(crate) depth: i32,
}

/// The map as the deep search builds it.
#[derive(Default)]
pub(crate) struct Recording {
    moves: KeyMap,
}

impl Recording {
    /// Keeps `mv` for `key` unless a deeper answer is there already (an equal depth's later
    /// answer replaces the earlier: it was searched with more known).
    fn record(&mut self, key: u64, mv: Move, depth: i32) {
        let answer = Answer { mv, depth };
        self.moves
            .entry(key)
            .and_modify(|a| {
                if depth >= a.depth {
                    *a = answer;
                }
            })
            .or_insert(answer);
    }

    /// The finished map, which nothing writes again.
    pub(crate) fn freeze(self) -> OracleMap {
        OracleMap { moves: self.moves }
    }
}

/// The frozen map of the deep search's answers: read only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OracleMap {
    moves: KeyMap,
}

impl OracleMap {
    /// The answer for `key`, if the deep search had one.
    pub(crate) fn get(&self, key: u64) -> Option<Answer> {
        self.moves.get(&key).copied()
    }

    pub(crate) fn len(&self) -> usize {
        self.moves.len()
    }
}

/// Where our order placed the oracle's move at a node the map covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Hash,
    GoodCapture,
    Killer1,
    Killer2,
    CounterMove,
    Quiet1,
    Quiet2,
    Quiet3,
    /// The quiet stage's 4th to 7th move.
    Quiet4To7,
    Quiet8Plus,
    BadCapture,
    /// Never searched: the node failed high on another move first.
    CutBefore,
    /// Never searched: move pruning skipped it (or the picker, told the quiets are pruned,
    /// never yielded it).
    Pruned,
}

impl Place {
    pub(crate) const COUNT: usize = 13;
    /// Indexed by `Place as usize`.
    pub(crate) const NAMES: [&'static str; Place::COUNT] = [
        "hash",
        "good capture",
        "killer 1",
        "killer 2",
        "countermove",
        "quiet 1",
        "quiet 2",
        "quiet 3",
        "quiet 4-7",
        "quiet 8+",
        "bad capture",
        "not searched: cut before it",
        "not searched: pruned",
    ];

    /// The place of a move yielded from stage `from`; `quiet_rank`: its number in the quiet
    /// stage, from 1.
    fn of(from: PickedFrom, quiet_rank: u32) -> Place {
        match from {
            PickedFrom::HashMove => Place::Hash,
            PickedFrom::GoodCapture => Place::GoodCapture,
            PickedFrom::Killer1 => Place::Killer1,
            PickedFrom::Killer2 => Place::Killer2,
            PickedFrom::CounterMove => Place::CounterMove,
            PickedFrom::BadCapture => Place::BadCapture,
            PickedFrom::Quiet => match quiet_rank {
                0 | 1 => Place::Quiet1,
                2 => Place::Quiet2,
                3 => Place::Quiet3,
                4..=7 => Place::Quiet4To7,
                _ => Place::Quiet8Plus,
            },
        }
    }
}

/// The oracle's move's places over the covered nodes of a normal run: nodes per place, and
/// for the places where it was searched the sum of its numbers among the moves searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlaceCounts {
    pub(crate) nodes: [u64; Place::COUNT],
    pub(crate) number_sum: [u64; Place::COUNT],
}

impl PlaceCounts {
    pub fn total(&self) -> u64 {
        self.nodes.iter().sum()
    }

    /// The moves searched before the oracle's at the nodes of `place`: the work a perfect
    /// first move would have saved there.
    pub(crate) fn moves_before(&self, place: usize) -> u64 {
        self.number_sum[place].saturating_sub(self.nodes[place])
    }

    /// The place whose nodes searched the most moves before the oracle's, and that count.
    pub(crate) fn worst(&self) -> Option<(usize, u64)> {
        (0..Place::COUNT)
            .map(|p| (p, self.moves_before(p)))
            .filter(|&(_, n)| n > 0)
            .max_by_key(|&(p, n)| (n, std::cmp::Reverse(p)))
    }

    fn add(&mut self, place: Place, number: u32) {
        self.nodes[place as usize] += 1;
        self.number_sum[place as usize] += number as u64;
    }
}

impl AddAssign for PlaceCounts {
    fn add_assign(&mut self, o: PlaceCounts) {
        for p in 0..Place::COUNT {
            self.nodes[p] += o.nodes[p];
            self.number_sum[p] += o.number_sum[p];
        }
    }
}

/// What a role is doing in one search.
enum Role<'a> {
    /// The deep search: building the map.
    Record(Recording),
    /// The normal search: where our order placed the map's move.
    Place {
        map: &'a OracleMap,
        places: PlaceCounts,
    },
    /// The oracle search: the map's move first; `loops` full nodes (not a singular search's)
    /// reached their move loop, `covered` of them had a key in the map.
    Follow {
        map: &'a OracleMap,
        loops: u64,
        covered: u64,
    },
    /// A helper thread's observer (the lab runs one thread).
    Idle,
}

/// What the watch keeps of one node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NodeWatch {
    key: u64,
    depth: i32,
    /// Not a singular search's node.
    full: bool,
    /// The map's move at the node (null: none).
    oracle: Move,
    /// Quiet-stage moves yielded so far, and moves searched so far.
    quiets: u32,
    searched: u32,
    /// Where the oracle's move was, once the picker yielded it.
    found: Option<(Place, u32)>,
}

/// The observer of the three runs: the statistics, and the role's own work.
pub(crate) struct Watch<'a> {
    stats: SearchStats,
    role: Role<'a>,
}

impl<'a> Watch<'a> {
    fn new(role: Role<'a>) -> Watch<'a> {
        Watch {
            stats: SearchStats::default(),
            role,
        }
    }

    pub(crate) fn record() -> Watch<'a> {
        Watch::new(Role::Record(Recording::default()))
    }

    pub(crate) fn place(map: &'a OracleMap) -> Watch<'a> {
        Watch::new(Role::Place {
            map,
            places: PlaceCounts::default(),
        })
    }

    pub(crate) fn follow(map: &'a OracleMap) -> Watch<'a> {
        Watch::new(Role::Follow {
            map,
            loops: 0,
            covered: 0,
        })
    }

    /// The recorded map, frozen (an empty one for another role).
    pub(crate) fn into_map(self) -> OracleMap {
        match self.role {
            Role::Record(r) => r.freeze(),
            _ => Recording::default().freeze(),
        }
    }

    /// The places counted by a `place` watch.
    pub(crate) fn places(&self) -> PlaceCounts {
        match &self.role {
            Role::Place { places, .. } => *places,
            _ => PlaceCounts::default(),
        }
    }

    /// A `follow` watch's full nodes and how many the map covered.
    pub(crate) fn coverage(&self) -> (u64, u64) {
        match self.role {
            Role::Follow { loops, covered, .. } => (loops, covered),
            _ => (0, 0),
        }
    }
}

impl SearchObserver for Watch<'_> {
    type Node = NodeWatch;

    fn tt_probe(&mut self, hit: bool) {
        self.stats.tt_probe(hit);
    }

    fn quiescence_node(&mut self) {
        self.stats.quiescence_node();
    }

    fn move_loop(&mut self, node: &MoveLoopStart) -> NodeWatch {
        self.stats.move_loop(node);
        let key = node.board.key();
        let full = !node.singular;
        let answer = |map: &OracleMap| map.get(key).map_or(Move::NULL, |a| a.mv);
        let oracle = match &mut self.role {
            Role::Place { map, .. } if full => answer(map),
            Role::Follow {
                map,
                loops,
                covered,
            } => {
                let mv = answer(map);
                if full {
                    *loops += 1;
                    *covered += !mv.is_null() as u64;
                }
                mv
            }
            _ => Move::NULL,
        };
        NodeWatch {
            key,
            depth: node.depth,
            full,
            oracle,
            ..NodeWatch::default()
        }
    }

    fn first_move(&self, node: &NodeWatch) -> Move {
        match self.role {
            Role::Follow { .. } => node.oracle,
            _ => Move::NULL,
        }
    }

    fn move_picked(&mut self, node: &mut NodeWatch, m: Move, from: PickedFrom, pruned: bool) {
        if node.oracle.is_null() || node.found.is_some() {
            return;
        }
        node.quiets += (from == PickedFrom::Quiet) as u32;
        node.searched += !pruned as u32;
        if m == node.oracle {
            node.found = Some(if pruned {
                (Place::Pruned, 0)
            } else {
                (Place::of(from, node.quiets), node.searched)
            });
        }
    }

    fn move_loop_end(&mut self, node: NodeWatch, best: Move, cut: bool) {
        match &mut self.role {
            Role::Record(r) if node.full && !best.is_null() => r.record(node.key, best, node.depth),
            Role::Place { places, .. } if !node.oracle.is_null() => {
                let (place, number) = node.found.unwrap_or(if cut {
                    (Place::CutBefore, 0)
                } else {
                    (Place::Pruned, 0)
                });
                places.add(place, number);
            }
            _ => {}
        }
    }

    fn hash_move_searched(&mut self) {
        self.stats.hash_move_searched();
    }

    fn cutoff(&mut self, _node: &NodeWatch, cut: &CutoffSeen) {
        self.stats.cutoff(&(), cut);
    }

    fn quiescence_cutoff(&mut self, number: usize, from: PickedFrom, first: PickedFrom) {
        self.stats.quiescence_cutoff(number, from, first);
    }

    fn stats(&self) -> Option<&SearchStats> {
        Some(&self.stats)
    }

    fn helper(&self) -> Self {
        Watch::new(Role::Idle)
    }
}

/// One position's oracle runs under one configuration.
#[derive(Clone, Debug)]
pub struct OracleRun {
    /// The deep search: its depth, nodes and time, and the answers it left in the map.
    pub(crate) record_depth: i32,
    pub(crate) record_nodes: u64,
    pub(crate) record_secs: f64,
    pub(crate) entries: usize,
    /// The search to the lab's depth in the oracle's order.
    pub oracle: PositionRun,
    /// The oracle search's full nodes and how many the map covered.
    pub(crate) loops: u64,
    pub(crate) covered: u64,
    /// Where the normal search placed the oracle's move.
    pub places: PlaceCounts,
}

/// A configuration's oracle runs summed over the suite.
#[derive(Clone, Debug, Default)]
pub struct OracleSummary {
    /// The deep searches: their depth (the lab's plus k), nodes, time and answers.
    pub(crate) record_depth: i32,
    pub(crate) record_nodes: u64,
    pub(crate) record_secs: f64,
    pub(crate) entries: u64,
    /// The oracle searches.
    pub nodes: u64,
    pub(crate) qnodes: u64,
    pub(crate) secs: f64,
    pub stats: SearchStats,
    pub(crate) loops: u64,
    pub(crate) covered: u64,
    /// Where the normal searches placed the oracle's moves.
    pub places: PlaceCounts,
    /// The legal moves at the positions' roots, summed.
    pub(crate) root_moves: u64,
}

impl OracleSummary {
    /// Adds one position: its oracle runs, and its legal moves at the root.
    pub(crate) fn add(&mut self, run: &OracleRun, root_moves: usize) {
        self.record_depth = run.record_depth;
        self.record_nodes += run.record_nodes;
        self.record_secs += run.record_secs;
        self.entries += run.entries as u64;
        self.nodes += run.oracle.nodes;
        self.qnodes += run.oracle.qnodes;
        self.secs += run.oracle.secs;
        self.stats += run.oracle.stats;
        self.loops += run.loops;
        self.covered += run.covered;
        self.places += run.places;
        self.root_moves += root_moves as u64;
    }
}

/// The three searches of `pos` under `config` at `depth`, the map from depth + `extra`: the
/// normal run (as `run_one` gives it, the places counted beside) and the oracle's. None
/// when `stop` ended one first.
pub(crate) fn run_oracle(
    pos: &Position,
    config: &LabConfig,
    lab: &LabOptions,
    stop: &StopSignal,
    depth: i32,
    extra: i32,
) -> Option<(PositionRun, OracleRun)> {
    let record_depth = clamp_depth((depth + extra).into());
    let mut recorder = Watch::record();
    let record = search_one(
        pos,
        config,
        lab,
        stop,
        &Limits::depth(record_depth),
        &mut recorder,
    )?;
    let map = recorder.into_map();
    let limits = Limits::depth(depth);
    let mut placer = Watch::place(&map);
    let normal = search_one(pos, config, lab, stop, &limits, &mut placer)?;
    let mut follower = Watch::follow(&map);
    let oracle = search_one(pos, config, lab, stop, &limits, &mut follower)?;
    let (loops, covered) = follower.coverage();
    Some((
        normal,
        OracleRun {
            record_depth,
            record_nodes: record.nodes,
            record_secs: record.secs,
            entries: map.len(),
            oracle,
            loops,
            covered,
            places: placer.places(),
        },
    ))
}

/// The minimal tree of a uniform tree with `b` moves a node, searched to `depth` (Knuth and
/// Moore): its nodes at that depth, b^ceil(d/2) + b^floor(d/2) - 1.
pub(crate) fn minimal_leaves(b: f64, depth: i32) -> f64 {
    let d = depth.max(0);
    b.powi((d + 1) / 2) + b.powi(d / 2) - 1.0
}

/// The same tree's nodes above that depth (plies 0 to depth - 1): what a search counts as
/// main-search nodes, its nodes at the horizon going to quiescence.
pub(crate) fn minimal_interior(b: f64, depth: i32) -> f64 {
    (0..depth).map(|d| minimal_leaves(b, d)).sum()
}

#[cfg(test)]
mod tests {
    use super::super::{parse_configs, LabOptions};
    use super::*;
    use crate::search::techniques::Techniques;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";

    fn options(pure: bool, oracle: Option<i32>) -> LabOptions {
        LabOptions {
            limit: LabLimit::Depth(3),
            configs: parse_configs("playing").unwrap(),
            pure,
            techniques: Techniques::ALL,
            policy: None,
            network: crate::eval::nnue::default_network(),
            oracle,
        }
    }

    /// A watch that also notes the first move searched at each of the root's move loops.
    struct RootFirst<'a> {
        watch: Watch<'a>,
        firsts: Vec<Move>,
    }

    impl SearchObserver for RootFirst<'_> {
        /// The watch's node, whether it is the root, and whether a move was searched there.
        type Node = (NodeWatch, bool, bool);

        fn move_loop(&mut self, node: &MoveLoopStart) -> Self::Node {
            (self.watch.move_loop(node), node.ply == 0, false)
        }

        fn first_move(&self, node: &Self::Node) -> Move {
            self.watch.first_move(&node.0)
        }

        fn move_picked(&mut self, node: &mut Self::Node, m: Move, from: PickedFrom, pruned: bool) {
            if node.1 && !node.2 && !pruned {
                self.firsts.push(m);
                node.2 = true;
            }
            self.watch.move_picked(&mut node.0, m, from, pruned);
        }

        fn move_loop_end(&mut self, node: Self::Node, best: Move, cut: bool) {
            self.watch.move_loop_end(node.0, best, cut);
        }

        fn helper(&self) -> Self {
            RootFirst {
                watch: self.watch.helper(),
                firsts: Vec::new(),
            }
        }
    }

    /// The deep search leaves an answer for the root (its best move), the oracle run
    /// searches that move first at every iteration, and the map is the same afterwards.
    #[test]
    fn the_oracle_run_leads_with_the_map_and_leaves_it_alone() {
        for pure in [true, false] {
            for fen in [KIWIPETE, MIDDLEGAME] {
                let what = format!("{fen} pure={pure}");
                let pos = Position::from_fen(fen).unwrap();
                let lab = options(pure, None);
                let stop = StopSignal::default();
                let mut recorder = Watch::record();
                let deep = search_one(
                    &pos,
                    &lab.configs[0],
                    &lab,
                    &stop,
                    &Limits::depth(5),
                    &mut recorder,
                )
                .unwrap();
                let map = recorder.into_map();
                let root = map.get(pos.board().key()).expect("the map covers the root");
                assert_eq!(root.mv, deep.best, "{what}");
                assert!(map.len() > 1, "{what}");
                let frozen = map.clone();
                let mut follow = RootFirst {
                    watch: Watch::follow(&map),
                    firsts: Vec::new(),
                };
                search_one(
                    &pos,
                    &lab.configs[0],
                    &lab,
                    &stop,
                    &Limits::depth(3),
                    &mut follow,
                )
                .unwrap();
                assert!(!follow.firsts.is_empty(), "{what}");
                assert!(follow.firsts.iter().all(|&m| m == root.mv), "{what}");
                let (loops, covered) = follow.watch.coverage();
                assert!(0 < covered && covered <= loops, "{what}");
                assert_eq!(map, frozen, "the oracle run wrote the map: {what}");
            }
        }
    }

    /// With the oracle, the normal run is the run without it, node for node; the places it
    /// counts are nodes it expanded; the oracle runs report like any other.
    #[test]
    fn the_normal_run_is_the_same_with_the_oracle_beside_it() {
        for pure in [true, false] {
            let pos = Position::from_fen(MIDDLEGAME).unwrap();
            let stop = StopSignal::default();
            let plain = options(pure, None);
            let with = options(pure, Some(1));
            let a = super::super::run_one(&pos, &plain.configs[0], &plain, &stop).unwrap();
            let b = super::super::run_one(&pos, &with.configs[0], &with, &stop).unwrap();
            assert!(a.oracle.is_none());
            assert_eq!(a.nodes, b.nodes);
            assert_eq!(a.stats, b.stats);
            let o = b.oracle.expect("the oracle ran");
            assert_eq!(o.record_depth, 4);
            assert!(o.places.total() > 0 && o.places.total() <= b.stats.expanded);
            assert!(o.oracle.nodes > 0 && o.oracle.stats.expanded >= o.loops);
            assert!(o.entries > 0 && o.covered <= o.loops);
        }
    }

    #[test]
    fn bad_oracle_flags_are_named() {
        let depth = LabLimit::Depth(6);
        assert_eq!(oracle_option(false, None, depth), Ok(None));
        assert_eq!(oracle_option(true, None, depth), Ok(Some(DEFAULT_EXTRA)));
        assert_eq!(oracle_option(true, Some(0), depth), Ok(Some(0)));
        let err = |r: Result<Option<i32>, String>| r.unwrap_err();
        assert!(err(oracle_option(false, Some(1), depth)).contains("needs --oracle"));
        assert!(err(oracle_option(true, Some(-1), depth)).contains("from 0 to"));
        assert!(err(oracle_option(true, Some(9), depth)).contains("from 0 to"));
        assert!(err(oracle_option(true, None, LabLimit::Nodes(100))).contains("--nodes"));
    }

    #[test]
    fn the_deepest_answer_stays() {
        let a = Move::from_raw(0x0123);
        let b = Move::from_raw(0x0456);
        let mut r = Recording::default();
        r.record(1, a, 5);
        r.record(1, b, 3);
        r.record(2, a, 2);
        r.record(2, b, 2);
        let map = r.freeze();
        assert_eq!(map.get(1), Some(Answer { mv: a, depth: 5 }));
        assert_eq!(map.get(2), Some(Answer { mv: b, depth: 2 }));
        assert_eq!(map.get(3), None);
        assert_eq!(map.len(), 2);
    }

    #[test]
    fn quiet_ranks_fall_in_their_bands() {
        let q = |rank| Place::of(PickedFrom::Quiet, rank);
        assert_eq!(q(1), Place::Quiet1);
        assert_eq!(q(3), Place::Quiet3);
        assert_eq!(q(4), Place::Quiet4To7);
        assert_eq!(q(7), Place::Quiet4To7);
        assert_eq!(q(8), Place::Quiet8Plus);
        assert_eq!(Place::of(PickedFrom::Killer2, 0), Place::Killer2);
    }

    #[test]
    fn the_worst_place_searched_most_moves_before_it() {
        let mut c = PlaceCounts::default();
        c.add(Place::Hash, 1);
        c.add(Place::Quiet1, 4);
        c.add(Place::Quiet8Plus, 12);
        c.add(Place::GoodCapture, 2);
        c.add(Place::CutBefore, 0);
        assert_eq!(c.total(), 5);
        assert_eq!(c.moves_before(Place::Hash as usize), 0);
        assert_eq!(c.worst(), Some((Place::Quiet8Plus as usize, 11)));
    }

    #[test]
    fn minimal_tree_formula() {
        // b = 2: depth 3 has 2^2 + 2^1 - 1 = 5 leaves; depths 0, 1, 2 above it 1, 2, 3.
        assert_eq!(minimal_leaves(2.0, 3), 5.0);
        assert_eq!(minimal_leaves(2.0, 0), 1.0);
        assert_eq!(minimal_interior(2.0, 3), 6.0);
        assert_eq!(minimal_leaves(30.0, 8), 2.0 * 30f64.powi(4) - 1.0);
    }
}
