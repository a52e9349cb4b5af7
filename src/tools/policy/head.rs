//! The policy head's training side: its float weights, the softmax loss over a node's quiet
//! moves and its gradient. The rows a move reads and the features they weigh are the
//! engine's (`search::ordering::policy`), so the head trains on what the picker will read.
//!
//! A head can learn alone (the first heads: the net's hidden layer is all it sees) or beside
//! the history (the default): then a move's logit also holds its history score at the
//! node's entry times a learned weight, and a learned bonus for each refutation stage
//! (killers, countermove) that holds it. The head then learns what the history misses, and
//! the learned history weight says how many history points one unit of the head is worth
//! in the picker's mixed order.

use super::data::PolicySample;
use crate::board::{quiet_moves, Board, Move, MoveList};
use crate::eval::nnue::network::Network;
pub(crate) use crate::search::ordering::policy::{rows, rows_score, CLASSES};

/// The activated hidden layer of `board` (side to move, then the other side).
pub(crate) fn features(net: &Network, board: &Board, out: &mut Vec<f32>) {
    out.clear();
    out.resize(2 * net.hidden(), 0.0);
    crate::search::ordering::policy::features_into(net, board, out);
}

/// History points per unit of a candidate's `history` input: keeps the learned weight near 1.
pub(crate) const HISTORY_UNIT: f32 = 1024.0;

/// The weights after the head's rows and biases, in a head that learns beside the history:
/// the history's weight, then the first killer's, the second killer's and the countermove's
/// bonus (indexed by `Candidate::stage`, less one).
pub(crate) const EXTRAS: usize = 4;

/// A quiet move of a node, as the head and the history orders see it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub(crate) mv: Move,
    pub(crate) rows: [usize; 2],
    /// Its history score at the node's entry, in `HISTORY_UNIT`s.
    pub(crate) history: f32,
    /// The refutation stage that yields it: 1 and 2 the killers, 3 the countermove, 0 none.
    pub(crate) stage: u8,
    /// Its place in `quiet_moves` order (the picker's order among equal scores).
    pub(crate) index: usize,
}

impl Candidate {
    /// The picker's order, highest first, with a head worth `head_points` history points
    /// for this move (`OrderPolicy`; 0: the history family's order at the node's entry): the
    /// refutation stages in the picker's order, then the history plus the head's points,
    /// then the generation order.
    pub(crate) fn picker_key(&self, head_points: f32) -> (u8, i64, i64) {
        let stage = if self.stage == 0 { 0 } else { 4 - self.stage };
        (
            stage,
            (self.history * HISTORY_UNIT + head_points) as i64,
            -(self.index as i64),
        )
    }
}

/// The quiet moves of `s`'s node that the picker orders: every legal quiet move but the hash
/// move (searched first whatever the order; a cutoff by it is never logged).
pub(crate) fn candidates(s: &PolicySample, out: &mut Vec<Candidate>) {
    out.clear();
    let e = &s.entry;
    for (index, &mv) in quiets(&s.board).iter().enumerate() {
        if mv == e.hash_move {
            continue;
        }
        let stage = if mv == e.killers[0] {
            1
        } else if mv == e.killers[1] {
            2
        } else if mv == e.counter {
            3
        } else {
            0
        };
        out.push(Candidate {
            mv,
            rows: rows(&s.board, mv),
            history: e.scores[index] as f32 / HISTORY_UNIT,
            stage,
            index,
        });
    }
}

/// The head's float weights: `w[class * inputs + j]`, `b[class]`, then `EXTRAS`.
#[derive(Clone, Debug)]
pub struct PolicyHead {
    pub(crate) inputs: usize,
    /// Weights, biases and the extras, one slice for the optimiser.
    pub(crate) params: Vec<f32>,
    /// Whether the head learns beside the history (the extras are used and learned); if not,
    /// they stay 0.
    pub(crate) with_history: bool,
}

impl PolicyHead {
    pub(crate) fn zeros(inputs: usize, with_history: bool) -> PolicyHead {
        let mut params = vec![0.0; CLASSES * inputs + CLASSES + EXTRAS];
        if with_history {
            // Start as the history order: the head at zero, the history weighed, the
            // refutation stages ahead of it.
            let e = CLASSES * inputs + CLASSES;
            params[e..].copy_from_slice(&[1.0, 3.0, 2.5, 2.0]);
        }
        PolicyHead {
            inputs,
            params,
            with_history,
        }
    }

    /// Where the extras start in `params`.
    fn extras(&self) -> usize {
        CLASSES * self.inputs + CLASSES
    }

    /// The head's rows and biases: what the picker reads.
    pub(crate) fn rows_and_biases(&self) -> &[f32] {
        &self.params[..self.extras()]
    }

    /// The history's learned weight (per `HISTORY_UNIT`), or 0 for a head alone.
    pub(crate) fn history_weight(&self) -> f32 {
        self.params[self.extras()]
    }

    /// The head's own score of a move with these rows, as the picker computes it.
    #[inline]
    pub(crate) fn score(&self, features: &[f32], rows: [usize; 2]) -> f32 {
        rows_score(&self.params, self.inputs, features, rows)
    }

    /// A candidate's logit: the head's score, plus (beside the history) its weighed history
    /// and its stage's bonus.
    #[inline]
    pub(crate) fn logit(&self, features: &[f32], c: &Candidate) -> f32 {
        let mut s = self.score(features, c.rows);
        if self.with_history {
            let e = self.extras();
            s += self.params[e] * c.history;
            if c.stage > 0 {
                s += self.params[e + c.stage as usize];
            }
        }
        s
    }

    /// Softmax cross-entropy of `target` among `cands`: minus the log of the probability the
    /// head gives the target moves together. Adds the gradient into `grad` (same layout as
    /// `params`) and returns the loss and the target's rank: how many other moves score at
    /// least as high as its best-scored move (ties count against the head).
    pub(crate) fn learn(
        &self,
        features: &[f32],
        cands: &[Candidate],
        target: Target,
        grad: Option<&mut [f32]>,
        logits: &mut Vec<f32>,
    ) -> (f32, usize) {
        logits.clear();
        logits.extend(cands.iter().map(|c| self.logit(features, c)));
        let max = logits.iter().copied().fold(f32::MIN, f32::max);
        let sum: f32 = logits.iter().map(|&s| (s - max).exp()).sum();
        let hit: f32 = (0..cands.len())
            .filter(|&k| target.holds(k))
            .map(|k| (logits[k] - max).exp())
            .sum();
        let loss = -(hit.ln() - sum.ln());
        let best = (0..cands.len())
            .filter(|&k| target.holds(k))
            .map(|k| logits[k])
            .fold(f32::MIN, f32::max);
        let rank = (0..cands.len())
            .filter(|&k| !target.holds(k) && logits[k] >= best)
            .count();
        if let Some(grad) = grad {
            let bias = CLASSES * self.inputs;
            let e = self.extras();
            for (k, (c, &s)) in cands.iter().zip(logits.iter()).enumerate() {
                let share = (s - max).exp();
                let mut g = share / sum;
                if target.holds(k) {
                    g -= share / hit;
                }
                for r in c.rows {
                    add_gradient(grad, self.inputs, bias, r, features, g);
                }
                if self.with_history {
                    grad[e] += g * c.history;
                    if c.stage > 0 {
                        grad[e + c.stage as usize] += g;
                    }
                }
            }
        }
        (loss, rank)
    }
}

/// What a node's head should put first: the move the search met cutting first (the logged
/// cutoff), or any of the moves that cut (each quiet searched, `--policy-cut-labels`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Target<'a> {
    One(usize),
    Any(&'a [bool]),
}

impl Target<'_> {
    #[inline]
    fn holds(&self, k: usize) -> bool {
        match *self {
            Target::One(t) => k == t,
            Target::Any(cuts) => cuts[k],
        }
    }
}

#[inline]
fn add_gradient(grad: &mut [f32], inputs: usize, bias: usize, c: usize, f: &[f32], g: f32) {
    for (d, &x) in grad[c * inputs..(c + 1) * inputs].iter_mut().zip(f) {
        *d += g * x;
    }
    grad[bias + c] += g;
}

/// The legal quiet moves of `board`.
pub(crate) fn quiets(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    quiet_moves(board, &mut list);
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::legal_moves;
    use crate::rng::SplitMix64;
    use crate::search::ordering::policy::class;

    fn random_positions(n: usize, seed: u64) -> Vec<Board> {
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let mut b = Board::startpos();
            for _ in 0..(4 + rng.below(30)) {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                b.make_move(moves.get(rng.below(moves.len())));
            }
            if !quiets(&b).is_empty() {
                out.push(b);
            }
        }
        out
    }

    /// `b`'s quiet moves as candidates, each with a history drawn from `rng` and every
    /// fifth on a refutation stage (or all plain, without `rng`).
    fn candidates_of(b: &Board, mut rng: Option<&mut SplitMix64>) -> Vec<Candidate> {
        quiets(b)
            .iter()
            .enumerate()
            .map(|(index, &mv)| {
                let (history, stage) = match rng.as_deref_mut() {
                    Some(r) => (
                        (r.below(4001) as f32 - 2000.0) / 1000.0,
                        if index % 5 == 0 {
                            1 + (index / 5 % 3) as u8
                        } else {
                            0
                        },
                    ),
                    None => (0.0, 0),
                };
                Candidate {
                    mv,
                    rows: rows(b, mv),
                    history,
                    stage,
                    index,
                }
            })
            .collect()
    }

    #[test]
    fn the_gradient_is_the_loss_slope() {
        let net = Network::random(32, 1, 7);
        let b = random_positions(1, 3)[0];
        let mut rng = SplitMix64::new(5);
        let cands = candidates_of(&b, Some(&mut rng));
        let target = cands.len() / 2;
        let mut f = Vec::new();
        features(&net, &b, &mut f);
        // One target move, or any of several (every third move and the target).
        let cuts: Vec<bool> = (0..cands.len())
            .map(|k| k % 3 == 0 || k == target)
            .collect();
        for (with_history, goal) in [
            (false, Target::One(target)),
            (true, Target::One(target)),
            (true, Target::Any(&cuts)),
        ] {
            let mut h = PolicyHead::zeros(f.len(), with_history);
            for p in h.params.iter_mut() {
                *p = (rng.below(2001) as f32 - 1000.0) / 5000.0;
            }
            let mut grad = vec![0.0; h.params.len()];
            let mut logits = Vec::new();
            h.learn(&f, &cands, goal, Some(&mut grad), &mut logits);
            // The weights and bias of the target's class and of another move's class, and
            // the extras (whose gradient is 0 for a head alone).
            let other = cands
                .iter()
                .find(|c| c.rows[0] != cands[target].rows[0])
                .unwrap();
            let mut params: Vec<usize> = cands[target]
                .rows
                .into_iter()
                .chain(other.rows)
                .flat_map(|c| [c * h.inputs, c * h.inputs + 7, CLASSES * h.inputs + c])
                .collect();
            params.extend((0..EXTRAS).map(|k| h.extras() + k));
            for i in params {
                let eps = 1e-2;
                let mut up = h.clone();
                up.params[i] += eps;
                let mut down = h.clone();
                down.params[i] -= eps;
                let (lu, _) = up.learn(&f, &cands, goal, None, &mut logits);
                let (ld, _) = down.learn(&f, &cands, goal, None, &mut logits);
                let numeric = (lu - ld) / (2.0 * eps);
                assert!(
                    (numeric - grad[i]).abs() < 2e-3,
                    "param {i} (beside the history: {with_history}, {goal:?}): {numeric} vs {}",
                    grad[i]
                );
            }
        }
    }

    #[test]
    fn the_head_learns_a_preference_it_can_express() {
        // The target is always the quiet move whose class is highest: a fixed order of
        // classes, which the biases alone can learn.
        let net = Network::random(32, 1, 11);
        let boards = random_positions(300, 9);
        let best =
            |cands: &[Candidate]| (0..cands.len()).max_by_key(|&k| cands[k].rows[0]).unwrap();
        let mut h = PolicyHead::zeros(64, false);
        let mut opt = crate::tools::train::adamw::AdamW::new(
            h.params.len(),
            crate::tools::train::adamw::AdamWConfig::default(),
        );
        let mut f = Vec::new();
        let mut logits = Vec::new();
        let mut grad = vec![0.0; h.params.len()];
        for _ in 0..60 {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for b in &boards {
                features(&net, b, &mut f);
                let cands = candidates_of(b, None);
                h.learn(
                    &f,
                    &cands,
                    Target::One(best(&cands)),
                    Some(&mut grad),
                    &mut logits,
                );
            }
            grad.iter_mut().for_each(|g| *g /= boards.len() as f32);
            opt.step(&mut h.params, &grad, 0.05);
        }
        let mut top1 = 0;
        for b in &boards {
            features(&net, b, &mut f);
            let cands = candidates_of(b, None);
            let (_, rank) = h.learn(&f, &cands, Target::One(best(&cands)), None, &mut logits);
            top1 += (rank == 0) as usize;
        }
        assert!(
            top1 * 100 >= 90 * boards.len(),
            "top-1 {top1} of {}",
            boards.len()
        );
    }

    #[test]
    fn a_head_beside_the_history_learns_what_the_history_misses() {
        // The target is the move with the highest history, except that a knight move wins
        // over it: the history weight gets the first part, the rows must learn the second.
        // On 200 positions it did not train on, the head beside the history gets far more of
        // them right (118, when written) than the head alone, which cannot see the (random)
        // histories (40), or the history alone, which misses the knights (47).
        let net = Network::random(32, 1, 13);
        let boards = random_positions(500, 21);
        let mut rng = SplitMix64::new(8);
        type Node = (Board, Vec<Candidate>, usize);
        let data: Vec<Node> = boards
            .iter()
            .map(|b| {
                let mut cands = candidates_of(b, Some(&mut rng));
                cands.iter_mut().for_each(|c| c.stage = 0);
                let key = |c: &Candidate| {
                    let knight = b.moved_piece(c.mv).unwrap().piece_type()
                        == crate::board::PieceType::Knight;
                    (knight, c.picker_key(0.0))
                };
                let target = (0..cands.len()).max_by_key(|&k| key(&cands[k])).unwrap();
                (*b, cands, target)
            })
            .collect();
        let (train, test) = data.split_at(300);
        let top1 = |h: &PolicyHead| {
            let (mut f, mut logits) = (Vec::new(), Vec::new());
            test.iter()
                .filter(|(b, cands, t)| {
                    features(&net, b, &mut f);
                    h.learn(&f, cands, Target::One(*t), None, &mut logits).1 == 0
                })
                .count()
        };
        let fit = |with_history: bool| {
            let mut h = PolicyHead::zeros(64, with_history);
            let mut opt = crate::tools::train::adamw::AdamW::new(
                h.params.len(),
                crate::tools::train::adamw::AdamWConfig::default(),
            );
            let (mut f, mut logits) = (Vec::new(), Vec::new());
            let mut grad = vec![0.0; h.params.len()];
            for _ in 0..150 {
                grad.iter_mut().for_each(|g| *g = 0.0);
                for (b, cands, t) in train {
                    features(&net, b, &mut f);
                    h.learn(&f, cands, Target::One(*t), Some(&mut grad), &mut logits);
                }
                grad.iter_mut().for_each(|g| *g /= train.len() as f32);
                opt.step(&mut h.params, &grad, 0.05);
            }
            h
        };
        let history = test
            .iter()
            .filter(|(_, c, t)| {
                (0..c.len()).all(|k| k == *t || c[k].picker_key(0.0) < c[*t].picker_key(0.0))
            })
            .count();
        let alone = fit(false);
        let beside = fit(true);
        assert_eq!(alone.history_weight(), 0.0);
        assert!(
            beside.history_weight() > 1.0,
            "history weight {}",
            beside.history_weight()
        );
        let (alone, beside) = (top1(&alone), top1(&beside));
        assert!(
            beside > history + 40 && beside > alone + 40,
            "beside {beside}, history {history}, alone {alone} of {}",
            test.len()
        );
    }

    #[test]
    fn classes_are_seen_from_the_side_to_move() {
        // 1.Nf3 for White and 1...Nf6 for Black are the same class.
        let w = Board::startpos();
        let nf3 = w.parse_uci_move("g1f3", false).unwrap();
        let mut b = w;
        b.make_move(w.parse_uci_move("e2e4", false).unwrap());
        let nf6 = b.parse_uci_move("g8f6", false).unwrap();
        assert_eq!(class(&w, nf3), class(&b, nf6));
        assert_ne!(
            class(&w, nf3),
            class(&w, w.parse_uci_move("b1c3", false).unwrap())
        );
    }
}
