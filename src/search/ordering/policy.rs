//! The learned move order (`OrderPolicy`): a policy head, trained by `cutoff policy-train`
//! on the quiet moves that cut off in Cutoff's own searches, scores each quiet move from the
//! network's hidden layer; the picker adds that score times the head's history points a
//! unit to the move's history (with `OrderHistory` off, the policy orders the quiets alone).
//! A head trained beside the history learned that weight; a head trained alone uses
//! `POLICY_WEIGHT`. A head trained beside the history's parts also carries what it learned
//! of the history (`HistoryWeights`), and the quiet stage then orders by its whole logit.
//!
//! The head: for each (piece type, destination) and each (piece type, origin) of the side to
//! move, squares from its side (Black's flipped), a row of weights over the activated hidden
//! layer (side to move first) and a bias; a move's score is the sum of its two rows. The
//! trainer (`lab::policy`) and the engine read the rows and features defined here.

use super::quiet_history::{HistoryParts, LOGGED_PARTS};
use crate::board::{Board, Move};
use crate::eval::nnue::network::{Network, MAX_HIDDEN, QA};
use crate::eval::nnue::simd::kernels;
use std::sync::Arc;

/// Rows of the head: piece types times destinations, then piece types times origins.
pub(crate) const CLASSES: usize = 2 * 6 * 64;

/// History points per unit of policy score (a logit) in the mixed order, for a head trained
/// alone: a move the head prefers by one unit (e to 1 in odds) gains as much as a few good
/// cutoffs would give it.
pub(crate) const POLICY_WEIGHT: f32 = 2048.0;

/// The largest quantised head weight: the kernel forms `v * w` in i16 with `v <= QA` (255),
/// so `|w| <= 128`. For a 2 x 128 hidden layer, 127 also keeps a row's sum inside i32;
/// wider nets get less (`weight_limit`).
const QW_MAX: f32 = 127.0;

/// The largest quantised weight for a head of `inputs`: within `QW_MAX`, and small enough that
/// `inputs` products of `QA^2` and it cannot overflow the kernel's i32 sum.
fn weight_limit(inputs: usize) -> f32 {
    let sum_limit = i32::MAX as i64 / (i64::from(QA * QA) * inputs as i64);
    QW_MAX.min(sum_limit as f32)
}

/// History points per unit of a head's history inputs: keeps their learned weights near 1.
pub(crate) const HISTORY_UNIT: f32 = 1024.0;

/// The history's first moves that a head reading the history's parts gives a learned bonus
/// of their own: is its first choice worth more than its score says?
pub(crate) const RANKED: usize = 3;

/// What a head trained beside the history's parts (`cutoff policy-train --parts`)
/// learned of the history: each part's weight per `HISTORY_UNIT` points, and a bonus for each
/// of the history's first `RANKED` quiet moves, both in units of the head's score. With
/// them the picker's quiet stage orders by the head's whole logit instead of the summed
/// history plus the head.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HistoryWeights {
    pub parts: [f32; LOGGED_PARTS],
    pub ranks: [f32; RANKED],
}

impl HistoryWeights {
    /// A quiet move's learned history, in units of the head's score (its rank bonus apart).
    #[inline]
    pub(crate) fn score(&self, parts: HistoryParts) -> f32 {
        self.parts
            .iter()
            .zip(parts.0)
            .map(|(w, p)| w * p as f32)
            .sum::<f32>()
            / HISTORY_UNIT
    }
}

/// The head file's magic and format version: 3 ends with the head's history points a unit
/// and its `HistoryWeights` (f32s); 2 with the points a unit only; 1 (heads trained alone,
/// the first format) with neither, meaning `POLICY_WEIGHT`.
const MAGIC: &[u8; 8] = b"CUTOFFPH";
const VERSION: u32 = 3;

/// The destination row of quiet move `m` of `board`: its piece type and destination, from
/// the side to move's view.
#[inline]
pub(crate) fn class(board: &Board, m: Move) -> usize {
    let us = board.side_to_move();
    let piece = board.moved_piece(m).expect("a legal move moves a piece");
    piece.piece_type().index() * 64 + m.to().relative(us).index()
}

/// Both rows of quiet move `m`: its destination's and its origin's.
#[inline]
pub(crate) fn rows(board: &Board, m: Move) -> [usize; 2] {
    let us = board.side_to_move();
    let piece = board.moved_piece(m).expect("a legal move moves a piece");
    let from = 6 * 64 + piece.piece_type().index() * 64 + m.from().relative(us).index();
    [class(board, m), from]
}

/// The activated hidden layer of `board` (side to move, then the other side) into `out`
/// (the first `2 * hidden` entries), as floats in [0, 1]: the network's SCReLU of its
/// quantised accumulators.
pub(crate) fn features_into(net: &Network, board: &Board, out: &mut [f32]) {
    let h = net.hidden();
    let mut acc = [0i16; MAX_HIDDEN];
    let stm = board.side_to_move();
    for (half, side) in [stm, !stm].into_iter().enumerate() {
        net.refresh(board, side, &mut acc);
        for (o, &a) in out[half * h..(half + 1) * h].iter_mut().zip(&acc[..h]) {
            let x = (a as i32).clamp(0, QA) as f32 / QA as f32;
            *o = x * x;
        }
    }
}

/// The score of a move with rows `rows` under head weights `params` (rows of `inputs`
/// weights, then one bias a row): each row's dot product with `features` plus its bias. The
/// trainer and the picker both score with it.
#[inline]
pub(crate) fn rows_score(params: &[f32], inputs: usize, features: &[f32], rows: [usize; 2]) -> f32 {
    rows.iter()
        .map(|&row| {
            let w = &params[row * inputs..(row + 1) * inputs];
            let dot: f32 = w.iter().zip(features).map(|(a, b)| a * b).sum();
            dot + params[CLASSES * inputs + row]
        })
        .sum()
}

/// A trained head with the net whose hidden layer it reads.
pub struct PolicyModel {
    pub(crate) net: Arc<Network>,
    pub(crate) inputs: usize,
    /// Rows of weights (`CLASSES` x `inputs`), then one bias a row: the trained head, which
    /// the integer path below is tested against.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) params: Vec<f32>,
    /// History points per unit of the head's score.
    pub(crate) points_per_unit: f32,
    /// The history reweighed, for a head trained beside the history's parts.
    pub(crate) history: Option<HistoryWeights>,
    /// What the picker reads: the rows quantised to i16, scored from the net's accumulators
    /// with the evaluation's own SCReLU kernel.
    quantised: QuantisedHead,
}

/// The head in integers: each row's weights times `scale` (one scale for the head, the
/// largest that keeps every weight within `weight_limit`), and each row's bias in history
/// points.
struct QuantisedHead {
    rows: Vec<i16>,
    bias_points: Vec<i32>,
    /// History points per unit of a row's integer sum: `points_per_unit / (scale * QA^2)`.
    points_per_sum: f32,
}

impl QuantisedHead {
    fn new(params: &[f32], inputs: usize, points_per_unit: f32) -> QuantisedHead {
        let weights = &params[..CLASSES * inputs];
        let largest = weights.iter().fold(0.0f32, |m, w| m.max(w.abs()));
        let scale = if largest > 0.0 {
            weight_limit(inputs) / largest
        } else {
            1.0
        };
        QuantisedHead {
            rows: weights.iter().map(|w| (w * scale).round() as i16).collect(),
            bias_points: params[CLASSES * inputs..]
                .iter()
                .map(|b| (b * points_per_unit).round() as i32)
                .collect(),
            points_per_sum: points_per_unit / (scale * (QA * QA) as f32),
        }
    }
}

impl std::fmt::Debug for PolicyModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PolicyModel(net {}, {} inputs, {:.0} history points a unit{})",
            self.net.id(),
            self.inputs,
            self.points_per_unit,
            if self.history.is_some() {
                ", the history reweighed"
            } else {
                ""
            }
        )
    }
}

impl PolicyModel {
    /// The head file's bytes for `params` on `net`, worth `points_per_unit` history points a
    /// unit, with the history's learned weights if it has them (what `cutoff
    /// policy-train` writes; format 2 without them, 3 with).
    pub(crate) fn file_bytes(
        net: &Network,
        params: &[f32],
        points_per_unit: f32,
        history: Option<&HistoryWeights>,
    ) -> Vec<u8> {
        let inputs = 2 * net.hidden();
        let id = net.id();
        let version: u32 = if history.is_some() { VERSION } else { 2 };
        let mut out = Vec::with_capacity(64 + id.len() + 4 * params.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(inputs as u32).to_le_bytes());
        out.extend_from_slice(&(id.len() as u32).to_le_bytes());
        out.extend_from_slice(id.as_bytes());
        for p in params {
            out.extend_from_slice(&p.to_le_bytes());
        }
        out.extend_from_slice(&points_per_unit.to_le_bytes());
        if let Some(h) = history {
            for w in h.parts.iter().chain(&h.ranks) {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out
    }

    /// Reads a head file made for `net`; each fault is named.
    pub fn from_bytes(bytes: &[u8], net: Arc<Network>) -> Result<PolicyModel, String> {
        let word = |at: usize| -> Result<u32, String> {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
                .ok_or_else(|| "the file is too short for its header".to_string())
        };
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err("not a policy head (wrong magic)".into());
        }
        let version = word(8)?;
        if !(1..=VERSION).contains(&version) {
            return Err(format!(
                "policy head format {version}, this engine reads 1 to {VERSION}"
            ));
        }
        let inputs = word(12)? as usize;
        let id_len = word(16)? as usize;
        let id = bytes
            .get(20..20 + id_len)
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or("the file is too short for its header")?;
        if id != net.id() || inputs != 2 * net.hidden() {
            return Err(format!(
                "the head was trained on net {id} ({inputs} inputs), not on {} ({} inputs)",
                net.id(),
                2 * net.hidden()
            ));
        }
        let body = &bytes[20 + id_len..];
        let history_floats = if version == 3 {
            LOGGED_PARTS + RANKED
        } else {
            0
        };
        let want = 4 * (CLASSES * inputs + CLASSES + (version >= 2) as usize + history_floats);
        if body.len() != want {
            return Err(format!("{} bytes of weights, {want} expected", body.len()));
        }
        let mut params: Vec<f32> = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        let history = (version == 3).then(|| {
            let w = params.split_off(params.len() - history_floats);
            HistoryWeights {
                parts: std::array::from_fn(|k| w[k]),
                ranks: std::array::from_fn(|k| w[LOGGED_PARTS + k]),
            }
        });
        if let Some(h) = &history {
            if !h.parts.iter().chain(&h.ranks).all(|w| w.is_finite()) {
                return Err("a history weight is not a finite number".into());
            }
        }
        let points_per_unit = if version >= 2 {
            params.pop().expect("sized")
        } else {
            POLICY_WEIGHT
        };
        if !(points_per_unit.is_finite() && points_per_unit > 0.0 && points_per_unit < 1e6) {
            return Err(format!(
                "{points_per_unit} history points a unit of the head: not a positive weight"
            ));
        }
        let mut model = PolicyModel::new(net, params, points_per_unit);
        model.history = history;
        Ok(model)
    }

    /// The head `params` (rows of `2 * net.hidden()` weights, then one bias a row) on `net`.
    pub(crate) fn new(net: Arc<Network>, params: Vec<f32>, points_per_unit: f32) -> PolicyModel {
        let inputs = 2 * net.hidden();
        assert_eq!(params.len(), CLASSES * inputs + CLASSES, "a head's size");
        PolicyModel {
            quantised: QuantisedHead::new(&params, inputs, points_per_unit),
            points_per_unit,
            history: None,
            net,
            inputs,
            params,
        }
    }

    /// The history's learned weights, for a head trained beside its parts.
    #[inline]
    pub(crate) fn history_weights(&self) -> Option<&HistoryWeights> {
        self.history.as_ref()
    }

    /// Whether the search's accumulators are this head's inputs: it evaluates with the net
    /// the head was trained on.
    #[inline]
    pub(crate) fn reads(&self, net: &Network) -> bool {
        self.net.id_hash() == net.id_hash()
    }

    /// Quiet move `m`'s score in history points (`points_per_unit` a unit), from the node's
    /// accumulators (`us`: the side to move's, `them`: the other side's) of the head's net:
    /// the float score's integer path, what the picker adds.
    #[inline]
    pub(crate) fn points(&self, us: &[i16], them: &[i16], board: &Board, m: Move) -> i32 {
        let q = &self.quantised;
        let h = self.inputs / 2;
        let mut points = 0;
        for row in rows(board, m) {
            let w = &q.rows[row * self.inputs..(row + 1) * self.inputs];
            let sum = kernels::output_sum(us, them, &w[..h], &w[h..]);
            points += (sum as f32 * q.points_per_sum) as i32 + q.bias_points[row];
        }
        points
    }

    /// `board`'s accumulators under the head's net, counted from scratch into `us` and
    /// `them`: for a search that evaluates with another net, or none.
    #[inline]
    pub(crate) fn refresh(&self, board: &Board, us: &mut [i16], them: &mut [i16]) {
        let stm = board.side_to_move();
        self.net.refresh(board, stm, us);
        self.net.refresh(board, !stm, them);
    }

    /// The float score of quiet move `m` of `board` whose features are `features`: the
    /// reference of `points`.
    #[cfg(test)]
    pub(crate) fn score(&self, features: &[f32], board: &Board, m: Move) -> f32 {
        rows_score(&self.params, self.inputs, features, rows(board, m))
    }

    /// `board`'s features as floats (the trainer's inputs): the reference of `points`.
    #[cfg(test)]
    pub(crate) fn features(&self, board: &Board, out: &mut [f32; 2 * MAX_HIDDEN]) {
        features_into(&self.net, board, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{quiet_moves, MoveList};
    use crate::search::ordering::{HistoryRead, MovePicker, OrderingConfig, OrderingTables};

    fn net() -> Arc<Network> {
        Arc::new(Network::random(32, 1, 3))
    }

    #[test]
    fn a_head_file_is_read_back_and_bad_ones_are_named() {
        let n = net();
        let params: Vec<f32> = (0..CLASSES * 64 + CLASSES)
            .map(|i| i as f32 * 1e-4)
            .collect();
        let bytes = PolicyModel::file_bytes(&n, &params, POLICY_WEIGHT, None);
        let m = PolicyModel::from_bytes(&bytes, n.clone()).unwrap();
        assert_eq!(m.params, params);
        assert_eq!(m.points_per_unit, POLICY_WEIGHT);
        // A head trained beside the history carries its own weight.
        let beside = PolicyModel::file_bytes(&n, &params, 700.0, None);
        assert_eq!(
            PolicyModel::from_bytes(&beside, n.clone())
                .unwrap()
                .points_per_unit,
            700.0
        );
        // A head of the first format (no weight) is read with `POLICY_WEIGHT`.
        let mut v1 = bytes[..bytes.len() - 4].to_vec();
        v1[8..12].copy_from_slice(&1u32.to_le_bytes());
        let old = PolicyModel::from_bytes(&v1, n.clone()).unwrap();
        assert_eq!(
            (old.params.clone(), old.points_per_unit),
            (params.clone(), POLICY_WEIGHT)
        );
        let mut bad = beside.clone();
        let at = bad.len() - 4;
        bad[at..].copy_from_slice(&(-3.0f32).to_le_bytes());
        assert!(PolicyModel::from_bytes(&bad, n.clone())
            .unwrap_err()
            .contains("not a positive weight"));
        let err =
            |b: &[u8], net: &Arc<Network>| PolicyModel::from_bytes(b, net.clone()).unwrap_err();
        assert!(err(b"CUTOFFNN", &n).contains("wrong magic"));
        assert!(err(&bytes[..bytes.len() - 4], &n).contains("bytes of weights"));
        assert!(err(&bytes[..14], &n).contains("too short"));
        let other = Arc::new(Network::random(32, 1, 4));
        assert!(err(&bytes, &other).contains("trained on net"));
    }

    #[test]
    fn the_picker_orders_quiets_by_the_head_when_asked() {
        // A head whose only preference is the knight's destination f3 (White's view): with the
        // histories off and the policy on, Nf3 is the first quiet move.
        let n = net();
        let board = Board::startpos();
        let nf3 = board.parse_uci_move("g1f3", false).unwrap();
        let mut params = vec![0.0; CLASSES * 64 + CLASSES];
        params[CLASSES * 64 + class(&board, nf3)] = 3.0;
        let model = Arc::new(
            PolicyModel::from_bytes(
                &PolicyModel::file_bytes(&n, &params, POLICY_WEIGHT, None),
                n,
            )
            .unwrap(),
        );
        let mut list = MoveList::new();
        quiet_moves(&board, &mut list);
        let first = |config: OrderingConfig, tables: &OrderingTables| {
            let mut picker = MovePicker::new(config, Move::NULL, [Move::NULL; 2]);
            picker.next(&board, tables).unwrap().0
        };
        let config = OrderingConfig {
            policy: true,
            history: false,
            cont_history: false,
            ..OrderingConfig::PLAYING
        };
        let mut tables = OrderingTables {
            policy: Some(model),
            ..OrderingTables::default()
        };
        assert_eq!(first(config, &tables), nf3);
        // The switch off, or no head: the generation order stands (a2a3 or whatever comes
        // first), not Nf3.
        let off = OrderingConfig {
            policy: false,
            ..config
        };
        assert_ne!(first(off, &tables), nf3);
        tables.policy = None;
        assert_ne!(first(config, &tables), nf3);
        // The score is what the head says: 3 for Nf3, 0 for the rest.
        let p = PolicyModel::from_bytes(
            &PolicyModel::file_bytes(&net(), &params, POLICY_WEIGHT, None),
            net(),
        )
        .unwrap();
        let mut f = [0.0; 2 * MAX_HIDDEN];
        p.features(&board, &mut f);
        assert_eq!(p.score(&f, &board, nf3), 3.0);
        let other = *list.iter().find(|&&m| m != nf3).unwrap();
        assert_eq!(p.score(&f, &board, other), 0.0);
    }

    /// A head of random weights up to `scale` (and biases up to a tenth of it) on `n`.
    fn random_head(n: &Arc<Network>, scale: f32, seed: u64) -> PolicyModel {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let inputs = 2 * n.hidden();
        let params = (0..CLASSES * inputs + CLASSES)
            .map(|i| {
                let u = crate::rng::unit(rng.next_u64()) as f32 * 2.0 - 1.0;
                if i < CLASSES * inputs {
                    u * scale
                } else {
                    u * scale / 10.0
                }
            })
            .collect();
        PolicyModel::new(n.clone(), params, POLICY_WEIGHT)
    }

    const FENS: [&str; 3] = [
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];

    #[test]
    fn the_integer_path_gives_the_float_scores_in_history_points() {
        // The picker's points against POLICY_WEIGHT times the trainer's float score, for heads
        // of small and large weights on nets of two widths: within the quantisation's error
        // (a weight's rounding is at most half a step of largest / 127).
        for (hidden, scale, seed) in [(32, 0.05, 1), (32, 2.0, 2), (128, 0.3, 3)] {
            let n = Arc::new(Network::random(hidden, 1, seed));
            let head = random_head(&n, scale, seed);
            let mut worst = 0.0f32;
            for fen in FENS {
                let board = Board::from_fen(fen).unwrap();
                let mut f = [0.0; 2 * MAX_HIDDEN];
                head.features(&board, &mut f);
                let (mut us, mut them) = ([0i16; MAX_HIDDEN], [0i16; MAX_HIDDEN]);
                head.refresh(&board, &mut us, &mut them);
                let mut list = MoveList::new();
                quiet_moves(&board, &mut list);
                for &m in list.iter() {
                    let float = POLICY_WEIGHT * head.score(&f, &board, m);
                    let int = head.points(&us, &them, &board, m) as f32;
                    worst = worst.max((float - int).abs());
                }
            }
            // Rounding error a row: inputs x half a step x the mean feature, bounded well below
            // this; two rows a move, plus a point of truncation each.
            let step = scale / QW_MAX;
            let bound = POLICY_WEIGHT * (2.0 * n.hidden() as f32) * step * 0.5 * 0.25 + 4.0;
            assert!(
                worst <= bound,
                "hidden {hidden}, scale {scale}: {worst} > {bound}"
            );
            // And it is no vacuous bound: the scores themselves are far larger.
            assert!(bound < POLICY_WEIGHT * scale, "{bound}");
        }
    }

    #[test]
    fn the_weight_limit_keeps_the_widest_rows_sum_inside_i32() {
        assert_eq!(weight_limit(2 * 128), QW_MAX);
        for inputs in [2 * 128, 2 * 256, 2 * MAX_HIDDEN] {
            let w = weight_limit(inputs) as i64;
            assert!(
                w * i64::from(QA * QA) * inputs as i64 <= i64::from(i32::MAX),
                "{inputs}"
            );
        }
        assert!(weight_limit(2 * MAX_HIDDEN) < QW_MAX);
    }

    /// The quiet moves of `board` in the order the policy alone gives them.
    fn policy_order(
        board: &Board,
        model: &Arc<PolicyModel>,
        inputs: crate::search::ordering::movepick::PolicyInputs<'_>,
    ) -> Vec<Move> {
        let config = OrderingConfig {
            policy: true,
            history: false,
            cont_history: false,
            ..OrderingConfig::PLAYING
        };
        let tables = OrderingTables {
            policy: Some(model.clone()),
            ..OrderingTables::default()
        };
        let mut picker = MovePicker::new(config, Move::NULL, [Move::NULL; 2]);
        let mut order = Vec::new();
        while let Some((m, _)) = picker.next_with(board, &tables, inputs) {
            if m.is_quiet() {
                order.push(m);
            }
        }
        order
    }

    #[test]
    fn the_picker_reads_the_searchs_accumulators_only_for_the_heads_net() {
        let n = Arc::new(Network::random(64, 1, 7));
        let model = Arc::new(random_head(&n, 0.5, 7));
        let other = Arc::new(Network::random(64, 1, 8));
        for fen in FENS {
            let board = Board::from_fen(fen).unwrap();
            let counted = policy_order(&board, &model, None);
            assert!(counted.len() > 5);
            let acc = |net: &Arc<Network>| {
                let (mut us, mut them) = (vec![0i16; 64], vec![0i16; 64]);
                net.refresh(&board, board.side_to_move(), &mut us);
                net.refresh(&board, !board.side_to_move(), &mut them);
                (us, them)
            };
            // The head's own net: the search's accumulators are read, the same order.
            let (us, them) = acc(&n);
            assert_eq!(
                policy_order(&board, &model, Some((&us, &them, &n))),
                counted
            );
            // Another net's accumulators are not the head's inputs: it counts its own.
            let (us, them) = acc(&other);
            assert_eq!(
                policy_order(&board, &model, Some((&us, &them, &other))),
                counted
            );
            // Whereas read as if they were, they give another order.
            let wrong = Arc::new(PolicyModel::new(
                other.clone(),
                model.params.clone(),
                POLICY_WEIGHT,
            ));
            assert_ne!(policy_order(&board, &wrong, None), counted, "{fen}");
        }
    }

    #[test]
    fn a_head_beside_the_historys_parts_reweighs_the_quiet_stage() {
        use crate::search::ordering::{searched_tables, PickedFrom};
        // Tables filled by a search after 1.e4 e5 2.Nf3; the picker then orders White's
        // quiet moves after 2...Nc6, whose continuation tables that search filled.
        let n = net();
        let config = OrderingConfig {
            policy: true,
            ..OrderingConfig::PLAYING
        };
        let (mut searcher, board, key) =
            searched_tables(&["e2e4", "e7e5", "g1f3"], &["b8c6"], config, 40_000);
        let zero_rows = vec![0.0; CLASSES * 64 + CLASSES];
        let points = 1000.0;
        let quiet_order = |tables: &mut OrderingTables, w: HistoryWeights| {
            let bytes = PolicyModel::file_bytes(&n, &zero_rows, points, Some(&w));
            let model = PolicyModel::from_bytes(&bytes, n.clone()).unwrap();
            assert_eq!(model.history_weights(), Some(&w));
            tables.policy = Some(Arc::new(model));
            let mut picker = MovePicker::new(config, Move::NULL, [Move::NULL; 2]).with_key(key);
            let mut order = Vec::new();
            while let Some((m, from)) = picker.next(&board, tables) {
                if from == PickedFrom::Quiet {
                    order.push(m);
                }
            }
            order
        };
        let tables = searcher.main_tables_mut();
        let mut quiets = MoveList::new();
        quiet_moves(&board, &mut quiets);
        let parts: Vec<(Move, HistoryParts)> = quiets
            .iter()
            .map(|&m| {
                (
                    m,
                    tables.quiet_history_parts(HistoryRead::search(config), &board, &key, m),
                )
            })
            .collect();
        let part_of = |m: Move| parts.iter().find(|(q, _)| *q == m).unwrap().1;
        // Only the continuation one ply back counts: the quiet stage follows it.
        let one_ply = HistoryWeights {
            parts: [0.0, 1.0, 0.0, 0.0, 0.0],
            ranks: [0.0; RANKED],
        };
        assert!(
            parts.iter().filter(|(_, p)| p.0[1] != 0).count() >= 3,
            "the search filled the table: {parts:?}"
        );
        let order = quiet_order(tables, one_ply);
        assert_eq!(order.len(), parts.len());
        let keys: Vec<i32> = order
            .iter()
            .map(|&m| (part_of(m).0[1] as f32 / HISTORY_UNIT * points) as i32)
            .collect();
        assert!(keys.windows(2).all(|k| k[0] >= k[1]), "{keys:?}");
        // Only the rank bonuses count: the history's first three come first, in its order.
        let ranks_only = HistoryWeights {
            parts: [0.0; LOGGED_PARTS],
            ranks: [3.0, 2.0, 1.0],
        };
        let mut sums: Vec<i32> = parts.iter().map(|(_, p)| p.sum()).collect();
        sums.sort_by_key(|&s| -s);
        let order = quiet_order(tables, ranks_only);
        let first: Vec<i32> = order[..3].iter().map(|&m| part_of(m).sum()).collect();
        assert_eq!(first, sums[..3]);
        assert!(sums[0] > sums[3], "{sums:?}");
    }
}
