//! AdamW: Adam with decoupled weight decay, over one parameter vector, and the schedule both
//! trainers (the network's and the policy head's) take on the command line.

/// How long and how fast a trainer learns: its flags, the same for both trainers.
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct Schedule {
    /// Passes over the training data (for the network, 12 was the best of 6, 12 and 20 on
    /// gen 1's data).
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Samples (positions, or cutoffs) per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Learning rate at the start; it falls along a cosine to `--lr-end`.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// Learning rate at the end.
    #[arg(long, default_value_t = 0.00001)]
    pub lr_end: f32,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = 0.01)]
    pub weight_decay: f32,
}

impl Schedule {
    /// An error when the schedule would take no step.
    pub(crate) fn check(&self) -> Result<(), String> {
        if self.batch == 0 || self.epochs == 0 {
            return Err("--batch and --epochs must be positive".into());
        }
        Ok(())
    }
}

/// The optimiser's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AdamWConfig {
    pub(crate) beta1: f32,
    pub(crate) beta2: f32,
    pub(crate) epsilon: f32,
    pub(crate) weight_decay: f32,
}

impl Default for AdamWConfig {
    fn default() -> AdamWConfig {
        AdamWConfig {
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            weight_decay: 0.01,
        }
    }
}

/// The moments of every parameter, and the number of steps taken.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct AdamW {
    pub(crate) config: AdamWConfig,
    pub(crate) m: Vec<f32>,
    pub(crate) v: Vec<f32>,
    pub(crate) steps: u64,
}

impl AdamW {
    pub(crate) fn new(len: usize, config: AdamWConfig) -> AdamW {
        AdamW {
            config,
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
        }
    }

    /// One step down the gradient `grad` (already averaged over the batch) at rate `lr`.
    pub(crate) fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        let c = self.config;
        self.steps += 1;
        let t = self.steps as i32;
        // Bias correction folded into the rate.
        let correction = (1.0 - c.beta2.powi(t)).sqrt() / (1.0 - c.beta1.powi(t));
        let rate = lr * correction;
        let decay = 1.0 - lr * c.weight_decay;
        for (((p, &g), m), v) in params
            .iter_mut()
            .zip(grad)
            .zip(self.m.iter_mut())
            .zip(self.v.iter_mut())
        {
            *m = c.beta1 * *m + (1.0 - c.beta1) * g;
            *v = c.beta2 * *v + (1.0 - c.beta2) * g * g;
            *p = *p * decay - rate * *m / (v.sqrt() + c.epsilon);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adamw_walks_down_a_bowl() {
        // f(x) = sum (x_i - i)^2
        let mut x = vec![0.0f32; 4];
        let mut opt = AdamW::new(
            4,
            AdamWConfig {
                weight_decay: 0.0,
                ..AdamWConfig::default()
            },
        );
        for _ in 0..3000 {
            let g: Vec<f32> = x
                .iter()
                .enumerate()
                .map(|(i, &v)| 2.0 * (v - i as f32))
                .collect();
            opt.step(&mut x, &g, 0.01);
        }
        for (i, &v) in x.iter().enumerate() {
            assert!((v - i as f32).abs() < 0.05, "x[{i}] = {v}");
        }
    }
}
