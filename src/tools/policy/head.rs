//! The policy head's training side: its float weights, the softmax loss over a node's quiet
//! moves and its gradient. The rows a move reads and the features they weigh are the
//! engine's (`search::ordering::policy`), so the head trains on what the picker will read.

use crate::board::{quiet_moves, Board, Move, MoveList};
use crate::eval::nnue::network::Network;
pub(crate) use crate::search::ordering::policy::{rows, rows_score, CLASSES};

/// The activated hidden layer of `board` (side to move, then the other side).
pub(crate) fn features(net: &Network, board: &Board, out: &mut Vec<f32>) {
    out.clear();
    out.resize(2 * net.hidden(), 0.0);
    crate::search::ordering::policy::features_into(net, board, out);
}

/// The head's float weights: `w[class * inputs + j]`, `b[class]`.
#[derive(Clone, Debug)]
pub struct PolicyHead {
    pub(crate) inputs: usize,
    /// Weights then biases, one slice for the optimiser.
    pub(crate) params: Vec<f32>,
}

impl PolicyHead {
    pub(crate) fn zeros(inputs: usize) -> PolicyHead {
        PolicyHead {
            inputs,
            params: vec![0.0; CLASSES * inputs + CLASSES],
        }
    }

    /// The score of a move with these rows (`rows`), as the picker computes it.
    #[inline]
    pub(crate) fn score(&self, features: &[f32], rows: [usize; 2]) -> f32 {
        rows_score(&self.params, self.inputs, features, rows)
    }

    /// Softmax cross-entropy of `target` among `moves` (which hold it); adds the gradient
    /// into `grad` (same layout as `params`) and returns the loss and the target's rank (how
    /// many other moves score at least as high: ties count against the head).
    pub(crate) fn learn(
        &self,
        board: &Board,
        features: &[f32],
        moves: &MoveList,
        target: Move,
        grad: Option<&mut [f32]>,
        logits: &mut Vec<([usize; 2], f32)>,
    ) -> (f32, usize) {
        logits.clear();
        let mut target_logit = 0.0;
        for &m in moves.iter() {
            let c = rows(board, m);
            let s = self.score(features, c);
            if m == target {
                target_logit = s;
            }
            logits.push((c, s));
        }
        let max = logits.iter().map(|&(_, s)| s).fold(f32::MIN, f32::max);
        let sum: f32 = logits.iter().map(|&(_, s)| (s - max).exp()).sum();
        let loss = -(target_logit - max - sum.ln());
        let rank = moves
            .iter()
            .zip(logits.iter())
            .filter(|(&m, &(_, s))| m != target && s >= target_logit)
            .count();
        if let Some(grad) = grad {
            let bias = CLASSES * self.inputs;
            for &(c, s) in logits.iter() {
                let p = (s - max).exp() / sum;
                for r in c {
                    add_gradient(grad, self.inputs, bias, r, features, p);
                }
            }
            for r in rows(board, target) {
                add_gradient(grad, self.inputs, bias, r, features, -1.0);
            }
        }
        (loss, rank)
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

    #[test]
    fn the_gradient_is_the_loss_slope() {
        let net = Network::random(32, 1, 7);
        let b = random_positions(1, 3)[0];
        let moves = quiets(&b);
        let target = moves.get(moves.len() / 2);
        let mut f = Vec::new();
        features(&net, &b, &mut f);
        let mut h = PolicyHead::zeros(f.len());
        let mut rng = SplitMix64::new(5);
        for p in h.params.iter_mut() {
            *p = (rng.below(2001) as f32 - 1000.0) / 5000.0;
        }
        let mut grad = vec![0.0; h.params.len()];
        let mut logits = Vec::new();
        h.learn(&b, &f, &moves, target, Some(&mut grad), &mut logits);
        // The weights and bias of the target's class and of another move's class.
        let other = moves
            .iter()
            .copied()
            .find(|&m| class(&b, m) != class(&b, target))
            .unwrap();
        for c in rows(&b, target).into_iter().chain(rows(&b, other)) {
            for i in [c * h.inputs, c * h.inputs + 7, CLASSES * h.inputs + c] {
                let eps = 1e-2;
                let mut up = h.clone();
                up.params[i] += eps;
                let mut down = h.clone();
                down.params[i] -= eps;
                let (lu, _) = up.learn(&b, &f, &moves, target, None, &mut logits);
                let (ld, _) = down.learn(&b, &f, &moves, target, None, &mut logits);
                let numeric = (lu - ld) / (2.0 * eps);
                assert!(
                    (numeric - grad[i]).abs() < 2e-3,
                    "param {i}: {numeric} vs {}",
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
        let best = |b: &Board| *quiets(b).iter().max_by_key(|&&m| class(b, m)).unwrap();
        let mut h = PolicyHead::zeros(64);
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
                h.learn(b, &f, &quiets(b), best(b), Some(&mut grad), &mut logits);
            }
            grad.iter_mut().for_each(|g| *g /= boards.len() as f32);
            opt.step(&mut h.params, &grad, 0.05);
        }
        let mut top1 = 0;
        for b in &boards {
            features(&net, b, &mut f);
            let (_, rank) = h.learn(b, &f, &quiets(b), best(b), None, &mut logits);
            top1 += (rank == 0) as usize;
        }
        assert!(
            top1 * 100 >= 90 * boards.len(),
            "top-1 {top1} of {}",
            boards.len()
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
