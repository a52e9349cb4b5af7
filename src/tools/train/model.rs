//! The float network the trainer fits: the same shape as the engine's quantised net,
//! `(768 x K -> H) x 2 -> 1` (K king buckets) with SCReLU on `[0, 1]`, whose output times
//! `SCALE` is centipawns.
//! All parameters live in one vector (`Layout` says where each layer is), so the optimiser,
//! the gradient buffers and the checkpoints treat them as one.

use super::data::{Sample, MAX_PIECES};
use crate::eval::nnue::features::{output_bucket, KingBuckets, Mirroring};
use crate::eval::nnue::network::{describe_shape, QA, QB, SCALE};
use crate::eval::nnue::{NetError, Network};
use crate::rng::SplitMix64;

/// The net's shape, and where each layer lies in the parameter vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) hidden: usize,
    pub(crate) buckets: usize,
    /// How the inputs see the board (the parameters lie alike either way).
    pub(crate) mirroring: Mirroring,
    /// The sets of 768 inputs, by the king's square: the first layer has one per bucket.
    pub(crate) king_buckets: KingBuckets,
}

impl Layout {
    /// Inputs of one perspective.
    fn inputs(&self) -> usize {
        self.king_buckets.inputs()
    }
    pub(crate) fn l0_weights(&self) -> std::ops::Range<usize> {
        0..self.inputs() * self.hidden
    }
    pub(crate) fn l0_bias(&self) -> std::ops::Range<usize> {
        let start = self.inputs() * self.hidden;
        start..start + self.hidden
    }
    pub(crate) fn l1_weights(&self) -> std::ops::Range<usize> {
        let start = (self.inputs() + 1) * self.hidden;
        start..start + self.buckets * 2 * self.hidden
    }
    pub(crate) fn l1_bias(&self) -> std::ops::Range<usize> {
        let start = (self.inputs() + 1 + 2 * self.buckets) * self.hidden;
        start..start + self.buckets
    }
    pub(crate) fn len(&self) -> usize {
        self.l1_bias().end
    }

    /// The net this layout makes, as the engine describes it (without an id).
    pub(crate) fn describe(&self) -> String {
        describe_shape(self.hidden, self.buckets, self.mirroring, self.king_buckets)
    }

    /// The `cutoff train` flags that ask for this layout.
    pub(crate) fn flags(&self) -> String {
        let mut out = format!("--hidden {} --buckets {}", self.hidden, self.buckets);
        if self.mirroring == Mirroring::Horizontal {
            out += " --mirror";
        }
        if self.king_buckets != KingBuckets::One {
            out += &format!(" --king-buckets {}", self.king_buckets.count());
        }
        out
    }
}

/// Weights are kept within this bound, so the quantised net cannot overflow: an output
/// weight times 64 stays within 127 (the SIMD output multiplies it by an activation up to 255
/// in i16), and 32 first-layer weights times 255 stay far inside i16.
pub(crate) const WEIGHT_CLIP: f32 = 1.98;

/// How targets are made from a position's score and result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Target {
    /// Weight of the game result against the search score (0: score only, 1: result only).
    pub(crate) lambda: f32,
    /// Centipawns per unit of the sigmoid that turns a score, or the net's output in
    /// centipawns, into an expected result.
    pub(crate) score_scale: f32,
}

impl Target {
    #[inline]
    pub(crate) fn of(&self, s: &Sample) -> f32 {
        let result = s.result as f32 / 2.0;
        let score = sigmoid(s.score as f32 / self.score_scale);
        self.lambda * result + (1.0 - self.lambda) * score
    }

    /// The expected result the net predicts from its raw output (centipawns / `SCALE`).
    #[inline]
    pub(crate) fn predict(&self, out: f32) -> f32 {
        sigmoid(out * self.output_to_logit())
    }

    /// d(logit) / d(output): the net's output times `SCALE` is centipawns, which the same
    /// sigmoid as the scores turns into an expected result, so net and scores share one scale.
    #[inline]
    pub(crate) fn output_to_logit(&self) -> f32 {
        SCALE as f32 / self.score_scale
    }
}

#[inline(always)]
pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The network in floats.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FloatNet {
    pub(crate) layout: Layout,
    pub(crate) params: Vec<f32>,
}

/// Per-thread working memory of one position's pass.
pub(crate) struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
}

impl Scratch {
    pub(crate) fn new(hidden: usize) -> Scratch {
        Scratch {
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
        }
    }
}

#[inline(always)]
fn add_column(acc: &mut [f32], column: &[f32]) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a += w;
    }
}

#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl FloatNet {
    /// Random starting weights: the first layer so that a position's ~30 inputs sum to a
    /// pre-activation of order 0.5, the output layer by its fan-in.
    pub(crate) fn random(layout: Layout, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |bound: f32| -> f32 {
            let u = (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32;
            (2.0 * u - 1.0) * bound
        };
        let mut params = vec![0.0; layout.len()];
        for w in &mut params[layout.l0_weights()] {
            *w = uniform(0.15);
        }
        for b in &mut params[layout.l0_bias()] {
            *b = uniform(0.15);
        }
        let bound = 1.0 / (2.0 * layout.hidden as f32).sqrt();
        for w in &mut params[layout.l1_weights()] {
            *w = uniform(bound);
        }
        FloatNet { layout, params }
    }

    /// A quantised net's weights in floats, so a new generation can start from the last one
    /// (`cutoff train --init`). Quantising the result gives back the same net, bit for bit.
    pub(crate) fn from_network(net: &Network) -> FloatNet {
        let layout = Layout {
            hidden: net.hidden(),
            buckets: net.buckets(),
            mirroring: net.mirroring(),
            king_buckets: net.king_buckets(),
        };
        let (qa, qb) = (QA as f32, QB as f32);
        let mut params = Vec::with_capacity(layout.len());
        for feature in 0..layout.inputs() {
            params.extend(net.column(feature).iter().map(|&w| w as f32 / qa));
        }
        params.extend(net.l0_bias().iter().map(|&b| b as f32 / qa));
        for bucket in 0..layout.buckets {
            let (us, them) = net.output_weights(bucket);
            params.extend(us.iter().chain(them).map(|&w| w as f32 / qb));
        }
        for bucket in 0..layout.buckets {
            params.push(net.output_bias(bucket) as f32 / (qa * qb));
        }
        debug_assert_eq!(params.len(), layout.len());
        FloatNet { layout, params }
    }

    /// The two pre-activations of `sample`, in `scratch`; returns the output bucket.
    #[inline]
    fn accumulate(
        &self,
        sample: &Sample,
        scratch: &mut Scratch,
    ) -> (usize, [u16; MAX_PIECES], [u16; MAX_PIECES], usize) {
        let h = self.layout.hidden;
        let f = sample.features(self.layout.mirroring, self.layout.king_buckets);
        let w = &self.params[self.layout.l0_weights()];
        let bias = &self.params[self.layout.l0_bias()];
        scratch.us.copy_from_slice(bias);
        scratch.them.copy_from_slice(bias);
        for i in 0..f.len {
            let (u, t) = (f.us[i] as usize, f.them[i] as usize);
            add_column(&mut scratch.us, &w[u * h..(u + 1) * h]);
            add_column(&mut scratch.them, &w[t * h..(t + 1) * h]);
        }
        let bucket = output_bucket(sample.piece_count(), self.layout.buckets);
        (bucket, f.us, f.them, f.len)
    }

    /// The output before the sigmoid (centipawns / `SCALE`).
    pub(crate) fn forward(&self, sample: &Sample, scratch: &mut Scratch) -> f32 {
        let (bucket, ..) = self.accumulate(sample, scratch);
        self.output(bucket, scratch)
    }

    #[inline]
    fn output(&self, bucket: usize, scratch: &Scratch) -> f32 {
        let h = self.layout.hidden;
        let l1 = &self.params[self.layout.l1_weights()][bucket * 2 * h..(bucket + 1) * 2 * h];
        let mut sum = self.params[self.layout.l1_bias()][bucket];
        let (w_us, w_them) = l1.split_at(h);
        for (x, w) in [(&scratch.us, w_us), (&scratch.them, w_them)] {
            let mut part = 0.0;
            for (&a, &w) in x.iter().zip(w) {
                part += screlu(a) * w;
            }
            sum += part;
        }
        sum
    }

    /// One position's squared error against `target`, with its gradient added to `grad`.
    pub(crate) fn backprop(
        &self,
        sample: &Sample,
        target: Target,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f32 {
        let layout = self.layout;
        let h = layout.hidden;
        let (bucket, us, them, len) = self.accumulate(sample, scratch);
        let out = self.output(bucket, scratch);
        let pred = target.predict(out);
        let err = pred - target.of(sample);
        let g = 2.0 * err * pred * (1.0 - pred) * target.output_to_logit();

        let l1_start = layout.l1_weights().start + bucket * 2 * h;
        let l1 = &self.params[l1_start..l1_start + 2 * h];
        grad[layout.l1_bias().start + bucket] += g;
        // The output layer's gradient, then the pre-activations' (kept in scratch).
        for (side, x) in [&mut scratch.us, &mut scratch.them].into_iter().enumerate() {
            let w = &l1[side * h..(side + 1) * h];
            let gw = &mut grad[l1_start + side * h..l1_start + (side + 1) * h];
            for ((a, &w), gw) in x.iter_mut().zip(w).zip(gw) {
                let c = a.clamp(0.0, 1.0);
                *gw += g * c * c;
                // d screlu / dx is 2x inside (0, 1) and 0 outside.
                *a = if *a > 0.0 && *a < 1.0 {
                    g * w * 2.0 * c
                } else {
                    0.0
                };
            }
        }
        let bias = layout.l0_bias();
        for ((gb, &du), &dt) in grad[bias].iter_mut().zip(&scratch.us).zip(&scratch.them) {
            *gb += du + dt;
        }
        for i in 0..len {
            let (u, t) = (us[i] as usize, them[i] as usize);
            add_column(&mut grad[u * h..(u + 1) * h], &scratch.us);
            add_column(&mut grad[t * h..(t + 1) * h], &scratch.them);
        }
        err * err
    }

    /// Keeps the weights where quantisation is safe.
    pub(crate) fn clip(&mut self) {
        let layout = self.layout;
        for range in [layout.l0_weights(), layout.l0_bias(), layout.l1_weights()] {
            for w in &mut self.params[range] {
                *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
    }

    /// The engine's quantised net.
    pub(crate) fn quantise(&self) -> Result<Network, NetError> {
        let layout = self.layout;
        let q16 = |x: f32, scale: i32| -> i16 {
            (x * scale as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        let l0w = self.params[layout.l0_weights()]
            .iter()
            .map(|&x| q16(x, QA))
            .collect();
        let l0b = self.params[layout.l0_bias()]
            .iter()
            .map(|&x| q16(x, QA))
            .collect();
        let l1w = self.params[layout.l1_weights()]
            .iter()
            .map(|&x| q16(x, QB))
            .collect();
        let l1b = self.params[layout.l1_bias()]
            .iter()
            .map(|&x| (x * (QA * QB) as f32).round() as i32)
            .collect();
        Network::from_parts(
            layout.hidden,
            layout.buckets,
            layout.mirroring,
            layout.king_buckets,
            l0w,
            l0b,
            l1w,
            l1b,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::tools::data::GameResult;

    fn samples() -> Vec<(Board, Sample)> {
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3QR1K1 b - - 0 1",
            // Kings away from their first ranks (the last king bucket).
            "8/8/4k3/1p6/8/3K4/5P2/7Q w - - 0 1",
        ]
        .iter()
        .map(|fen| {
            let b = Board::from_fen(fen).unwrap();
            (b, Sample::new(&b, 0, GameResult::Draw, 0))
        })
        .collect()
    }

    #[test]
    fn the_quantised_net_follows_the_float_net() {
        for (buckets, mirroring, king_buckets) in [
            (1, Mirroring::Off, KingBuckets::One),
            (8, Mirroring::Off, KingBuckets::One),
            (4, Mirroring::Horizontal, KingBuckets::One),
            (8, Mirroring::Horizontal, KingBuckets::Four),
        ] {
            let layout = Layout {
                hidden: 64,
                buckets,
                mirroring,
                king_buckets,
            };
            let mut net = FloatNet::random(layout, 9);
            // Output weights of a trained size, so the evaluations span hundreds of cp.
            for w in &mut net.params[layout.l1_weights()] {
                *w *= 8.0;
            }
            net.clip();
            let q = net.quantise().unwrap();
            // Rounding the output weights to 1/64 moves each product by up to 1/128 of an
            // activation: over 128 products that is a few centipawns, not more.
            let mut scratch = Scratch::new(64);
            let mut total = 0.0;
            for (board, s) in samples() {
                let float_cp = net.forward(&s, &mut scratch) * SCALE as f32;
                let quant_cp = q.evaluate(&board) as f32;
                let diff = (float_cp - quant_cp).abs();
                total += diff;
                assert!(
                    diff <= 16.0 + 0.03 * float_cp.abs(),
                    "{} float {float_cp} quantised {quant_cp}",
                    board.fen()
                );
            }
            assert!(
                total / samples().len() as f32 <= 8.0,
                "mean difference {total}"
            );
        }
    }

    #[test]
    fn a_net_read_back_into_floats_quantises_to_itself() {
        for (hidden, buckets, mirroring, king_buckets) in [
            (32, 1, Mirroring::Off, KingBuckets::One),
            (64, 8, Mirroring::Off, KingBuckets::One),
            (48, 4, Mirroring::Horizontal, KingBuckets::One),
            (32, 8, Mirroring::Horizontal, KingBuckets::Four),
        ] {
            let net = Network::random_with(hidden, buckets, mirroring, king_buckets, 11);
            let float = FloatNet::from_network(&net);
            assert_eq!(
                float.layout,
                Layout {
                    hidden,
                    buckets,
                    mirroring,
                    king_buckets
                }
            );
            assert_eq!(
                net.describe(),
                format!("{}, id {}", float.layout.describe(), net.id())
            );
            let back = float.quantise().unwrap();
            assert_eq!(back.to_bytes(), net.to_bytes());
            assert_eq!(back.id(), net.id());
            // The floats evaluate as the quantised net does, to rounding.
            let mut scratch = Scratch::new(hidden);
            for (board, s) in samples() {
                let float_cp = float.forward(&s, &mut scratch) * SCALE as f32;
                let quant_cp = net.evaluate(&board) as f32;
                assert!(
                    (float_cp - quant_cp).abs() <= 2.0 + 0.01 * quant_cp.abs(),
                    "{}: float {float_cp} quantised {quant_cp}",
                    board.fen()
                );
            }
        }
        if let Some(net) = crate::eval::nnue::embedded() {
            let back = FloatNet::from_network(&net).quantise().unwrap();
            assert_eq!(back.id(), net.id());
        }
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        for king_buckets in [KingBuckets::One, KingBuckets::Four] {
            the_gradient_matches_finite_differences_in(Layout {
                hidden: 16,
                buckets: 2,
                mirroring: Mirroring::Horizontal,
                king_buckets,
            });
        }
    }

    fn the_gradient_matches_finite_differences_in(layout: Layout) {
        let net = FloatNet::random(layout, 4);
        let s = samples()[1].1;
        let target = Target {
            lambda: 0.5,
            score_scale: 250.0,
        };
        let mut s = s;
        s.result = 2;
        s.score = 120;
        let mut scratch = Scratch::new(16);
        let mut grad = vec![0.0; layout.len()];
        net.backprop(&s, target, &mut scratch, &mut grad);
        let f = s.features(layout.mirroring, layout.king_buckets);
        let checks = [
            f.us[0] as usize * 16 + 3,
            f.them[5] as usize * 16 + 7,
            layout.l0_bias().start + 2,
            layout.l1_weights().start + 2 * 16 + 5, // bucket 1, the side to move's half
            layout.l1_bias().start + 1,
        ];
        for i in checks {
            let eps = 1e-3;
            let loss = |delta: f32| {
                let mut n = net.clone();
                n.params[i] += delta;
                let p = target.predict(n.forward(&s, &mut Scratch::new(16)));
                (p - target.of(&s)) * (p - target.of(&s))
            };
            let numeric = (loss(eps) - loss(-eps)) / (2.0 * eps);
            assert!(
                (numeric - grad[i]).abs() < 1e-3 + 0.05 * numeric.abs(),
                "param {i}: numeric {numeric} analytic {}",
                grad[i]
            );
        }
    }
}
