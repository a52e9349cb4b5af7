//! SplitMix64 (Steele, Lea and Flood, 2014): the crate's one small seeded generator. It makes
//! the Zobrist keys at compile time, datagen's openings, the tuner's train/validation split and
//! the strength levels' draws, and the integration tests draw their fixtures from it; the same
//! seed gives the same numbers on every machine. Each use is pinned by a test, since the keys
//! fix the bench count and a seed names a recorded datagen run or tuning split.
//!
//! A leaf module: it uses nothing of the crate, so the board may depend on it.

/// What each step adds to the state: the odd integer nearest 2^64 divided by the golden ratio.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// One step from `state`: the next state and the number it gives. `const`, for the Zobrist
/// keys.
#[inline]
pub(crate) const fn step(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(GAMMA);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// The number one step from `x` gives: a hash that spreads any seed over all 64 bits.
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    step(x).1
}

/// A number in [0, 1) from the top 53 bits of `bits` (an f64's precision).
#[inline]
pub(crate) fn unit(bits: u64) -> f64 {
    (bits >> 11) as f64 / (1u64 << 53) as f64
}

/// A seeded SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Any seed, 0 too.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = step(self.0);
        self.0 = state;
        out
    }

    /// Uniform in `0..n` (n > 0): the high half of the 128-bit product, so no division and a
    /// bias below n / 2^64.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// `0..n` (n > 0) by the remainder. Slower than `below` and biased towards small values
    /// for n near 2^64, but the tuner's splits were drawn with it, so they stay as recorded.
    pub(crate) fn below_by_remainder(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_its_steps_and_mix_is_one_step() {
        let mut r = SplitMix64::new(42);
        let (s1, a) = step(42);
        let (_, b) = step(s1);
        assert_eq!([r.next_u64(), r.next_u64()], [a, b]);
        assert_eq!(mix(42), a);
    }

    #[test]
    fn the_ranges_are_uniform_enough() {
        let mut r = SplitMix64::new(1);
        let mut counts = [0usize; 5];
        for _ in 0..5000 {
            counts[r.below(5)] += 1;
            counts[r.below_by_remainder(5)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (1800..2200).contains(&c)),
            "{counts:?}"
        );
        let u: Vec<f64> = (0..1000).map(|_| unit(r.next_u64())).collect();
        assert!(u.iter().all(|x| (0.0..1.0).contains(x)));
        assert!((0.45..0.55).contains(&(u.iter().sum::<f64>() / 1000.0)));
        assert_eq!(unit(u64::MAX), 1.0 - f64::EPSILON / 2.0);
    }
}
