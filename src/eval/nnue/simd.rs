//! The network's inner loops: an accumulator from its parent's plus and minus a few
//! first-layer columns, and the output layer's sum of `SCReLU(us) . w_us + SCReLU(them) .
//! w_them`. `portable` has them as plain loops the compiler vectorises for the build's
//! instruction set (SSE2 on `x86-64`, AVX2 on `x86-64-v3` and `native`); `avx2` has the
//! output written with `std::arch` intrinsics. The build picks its `kernels` at compile
//! time; both outputs give the same bits (the sums wrap, and wrapping sums do not depend on
//! their order), and the tests run both wherever the CPU has AVX2.
//!
//! The output uses the `madd(v, mullo(v, w))` trick: with `v = clamp(x, 0, QA)` at most 255
//! and every output weight at most 127 in magnitude (`Network` refuses others), `v * w` fits
//! an i16, so 16 products are formed per instruction and `madd` sums `v * (v * w)` in pairs
//! into i32 lanes without overflow (each pair is below 2^25).
//!
//! Measured with `timing::kernel_timing` on a native build of this machine (AVX2; shared, so
//! the numbers are rough, three rounds each): a capture's update of one 128-wide accumulator
//! took 22.8-23.7 ns as the compiler's loop and 23.7-24.2 ns with the intrinsics of 03c816e
//! (512 wide: 81-88 ns and 84-92 ns), so the updates stay the loops on every build; the
//! output took 38-39 ns as the loop and 21.5-23 ns with intrinsics (512 wide: 119-144 ns
//! and 67-75 ns), so the output keeps them.

use super::network::QA;

/// The kernels this build uses.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub(crate) use avx2 as kernels;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
pub(crate) use portable as kernels;

/// Plain loops: the reference for the intrinsics, and every build's accumulator updates.
pub(crate) mod portable {
    use super::QA;

    /// `dst = src + add - sub`, lane by lane (wrapping).
    #[inline(always)]
    pub(crate) fn add_sub(dst: &mut [i16], src: &[i16], add: &[i16], sub: &[i16]) {
        let n = dst.len();
        let (src, add, sub) = (&src[..n], &add[..n], &sub[..n]);
        for i in 0..n {
            dst[i] = src[i].wrapping_add(add[i]).wrapping_sub(sub[i]);
        }
    }

    /// `dst = src + add - sub1 - sub2`: a capture.
    #[inline(always)]
    pub(crate) fn add_sub2(dst: &mut [i16], src: &[i16], add: &[i16], sub1: &[i16], sub2: &[i16]) {
        let n = dst.len();
        let (src, add, sub1, sub2) = (&src[..n], &add[..n], &sub1[..n], &sub2[..n]);
        for i in 0..n {
            dst[i] = src[i]
                .wrapping_add(add[i])
                .wrapping_sub(sub1[i])
                .wrapping_sub(sub2[i]);
        }
    }

    /// `dst = src + add1 + add2 - sub1 - sub2`: castling.
    #[inline(always)]
    pub(crate) fn add2_sub2(
        dst: &mut [i16],
        src: &[i16],
        add1: &[i16],
        add2: &[i16],
        sub1: &[i16],
        sub2: &[i16],
    ) {
        let n = dst.len();
        let (src, add1, add2) = (&src[..n], &add1[..n], &add2[..n]);
        let (sub1, sub2) = (&sub1[..n], &sub2[..n]);
        for i in 0..n {
            dst[i] = src[i]
                .wrapping_add(add1[i])
                .wrapping_add(add2[i])
                .wrapping_sub(sub1[i])
                .wrapping_sub(sub2[i]);
        }
    }

    /// `acc += column` (a refresh, and any change the fused forms do not cover).
    #[inline(always)]
    pub(crate) fn add(acc: &mut [i16], column: &[i16]) {
        let column = &column[..acc.len()];
        for (a, &w) in acc.iter_mut().zip(column) {
            *a = a.wrapping_add(w);
        }
    }

    /// `acc -= column`.
    #[inline(always)]
    pub(crate) fn sub(acc: &mut [i16], column: &[i16]) {
        let column = &column[..acc.len()];
        for (a, &w) in acc.iter_mut().zip(column) {
            *a = a.wrapping_sub(w);
        }
    }

    /// `sum SCReLU(us[i]) * w_us[i] + SCReLU(them[i]) * w_them[i]`, in wrapping i32. On AVX2
    /// builds only the tests call it, as the intrinsics' reference.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn output_sum(us: &[i16], them: &[i16], w_us: &[i16], w_them: &[i16]) -> i32 {
        half_sum(us, w_us).wrapping_add(half_sum(them, w_them))
    }

    #[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
    #[inline(always)]
    fn half_sum(acc: &[i16], w: &[i16]) -> i32 {
        let acc = &acc[..w.len()];
        let mut sum = 0i32;
        for (&x, &w) in acc.iter().zip(w) {
            let v = x.clamp(0, QA as i16);
            // v * w fits an i16 (|w| <= 127): the same products the AVX2 path forms.
            sum = sum.wrapping_add(v.wrapping_mul(w) as i32 * v as i32);
        }
        sum
    }
}

/// AVX2 intrinsics: the engine's kernels when the build targets AVX2 (`x86-64-v3`,
/// `native` on this machine). Compiled on every x86-64 build, so the tests can check them
/// against the portable loops wherever the CPU has AVX2.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(not(target_feature = "avx2"), allow(dead_code))]
pub(crate) mod avx2 {
    // The updates stay the compiler's loops: as fast as intrinsics (module comment).
    #[cfg(target_feature = "avx2")]
    pub(crate) use super::portable::{add, add2_sub2, add_sub, add_sub2, sub};
    use super::QA;
    use std::arch::x86_64::*;

    /// Sixteen i16 to a register.
    const LANES: usize = 16;

    /// The output sum, as `portable::output_sum`.
    #[cfg(target_feature = "avx2")]
    #[inline(always)]
    pub(crate) fn output_sum(us: &[i16], them: &[i16], w_us: &[i16], w_them: &[i16]) -> i32 {
        // SAFETY: this build targets AVX2, so every CPU it runs on has it.
        unsafe { output_sum_avx2(us, them, w_us, w_them) }
    }

    /// # Safety
    /// The CPU must have AVX2. `w_us` and `w_them` are the hidden width (a multiple of 16)
    /// long, `us` and `them` at least that long.
    #[target_feature(enable = "avx2")]
    pub(crate) unsafe fn output_sum_avx2(
        us: &[i16],
        them: &[i16],
        w_us: &[i16],
        w_them: &[i16],
    ) -> i32 {
        let n = w_us.len();
        assert!(n.is_multiple_of(LANES) && w_them.len() == n && us.len() >= n && them.len() >= n);
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for (acc, w) in [(us, w_us), (them, w_them)] {
            for i in (0..n).step_by(LANES) {
                // SAFETY: i + 16 <= n, and each slice is at least n long (asserted above).
                let x = _mm256_loadu_si256(acc.as_ptr().add(i).cast());
                let w = _mm256_loadu_si256(w.as_ptr().add(i).cast());
                let v = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
                let vw = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
            }
        }
        horizontal_sum(sum)
    }

    /// The eight i32 lanes of `v` added (wrapping).
    #[target_feature(enable = "avx2")]
    unsafe fn horizontal_sum(v: __m256i) -> i32 {
        let four = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
        let two = _mm_add_epi32(four, _mm_unpackhi_epi64(four, four));
        let one = _mm_add_epi32(two, _mm_shuffle_epi32(two, 0b01));
        _mm_cvtsi128_si32(one)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn random_vec(rng: &mut SplitMix64, n: usize, range: i32) -> Vec<i16> {
        (0..n)
            .map(|_| ((rng.next_u64() % (2 * range as u64 + 1)) as i32 - range) as i16)
            .collect()
    }

    #[test]
    fn the_output_sum_is_the_networks_reference_sum() {
        // Accumulators past both ends of the clamp, weights at the limit of the trick.
        let mut rng = SplitMix64::new(5);
        for n in [16, 32, 128, 1024] {
            let us = random_vec(&mut rng, n, 32767);
            let them = random_vec(&mut rng, n, 400);
            let w_us = random_vec(&mut rng, n, 127);
            let w_them = random_vec(&mut rng, n, 127);
            let mut reference = 0i32;
            for (acc, w) in [(&us, &w_us), (&them, &w_them)] {
                for (&a, &w) in acc.iter().zip(w.iter()) {
                    let v = (a as i32).clamp(0, QA);
                    reference = reference.wrapping_add(v * v * w as i32);
                }
            }
            assert_eq!(portable::output_sum(&us, &them, &w_us, &w_them), reference);
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2 (checked just above); the slices are n long.
                let simd = unsafe { avx2::output_sum_avx2(&us, &them, &w_us, &w_them) };
                assert_eq!(simd, reference, "width {n}");
            }
        }
    }

    #[test]
    fn the_fused_updates_are_adds_and_subs() {
        let mut rng = SplitMix64::new(9);
        let n = 64;
        let src = random_vec(&mut rng, n, 32767);
        let cols: Vec<Vec<i16>> = (0..4).map(|_| random_vec(&mut rng, n, 32767)).collect();
        let mut want = src.clone();
        portable::add(&mut want, &cols[0]);
        portable::add(&mut want, &cols[1]);
        portable::sub(&mut want, &cols[2]);
        portable::sub(&mut want, &cols[3]);
        let mut got = vec![0i16; n];
        portable::add2_sub2(&mut got, &src, &cols[0], &cols[1], &cols[2], &cols[3]);
        assert_eq!(got, want);
        let mut want = src.clone();
        portable::add(&mut want, &cols[0]);
        portable::sub(&mut want, &cols[2]);
        portable::add_sub(&mut got, &src, &cols[0], &cols[2]);
        assert_eq!(got, want);
        portable::sub(&mut want, &cols[3]);
        portable::add_sub2(&mut got, &src, &cols[0], &cols[2], &cols[3]);
        assert_eq!(got, want);
    }
}

#[cfg(all(test, target_arch = "x86_64", target_feature = "avx2"))]
mod timing {
    use super::*;
    use crate::eval::nnue::Network;
    use std::hint::black_box;
    use std::time::Instant;

    /// Times the kernels (the output as loops and as intrinsics; 03c816e also timed the
    /// updates' intrinsics): run by hand on an AVX2 build,
    /// `RUSTFLAGS='-C target-cpu=native' cargo test --release --target-dir target/native --lib
    /// kernel_timing -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn kernel_timing() {
        for hidden in [128, 512] {
            let net = Network::random(hidden, 1, 1);
            let mut acc = vec![vec![0i16; hidden]; 2];
            let n = 4_000_000usize;
            for round in 0..3 {
                let t = Instant::now();
                for i in 0..n {
                    let (a, b) = acc.split_at_mut(1);
                    portable::add_sub2(
                        &mut b[0],
                        black_box(&a[0]),
                        net.column(i & 511),
                        net.column((i * 7) & 511),
                        net.column((i * 13) & 511),
                    );
                }
                let update_ns = t.elapsed().as_nanos() as f64 / n as f64;
                let (w_us, w_them) = net.output_weights(0);
                let t = Instant::now();
                let mut s = 0i32;
                for _ in 0..n {
                    s = s.wrapping_add(portable::output_sum(
                        black_box(&acc[0]),
                        &acc[1],
                        w_us,
                        w_them,
                    ));
                }
                let portable_out = t.elapsed().as_nanos() as f64 / n as f64;
                let t = Instant::now();
                for _ in 0..n {
                    s = s.wrapping_add(avx2::output_sum(black_box(&acc[0]), &acc[1], w_us, w_them));
                }
                let avx2_out = t.elapsed().as_nanos() as f64 / n as f64;
                black_box(s);
                println!(
                    "H {hidden} round {round}: add_sub2 {update_ns:.2} ns; output portable {portable_out:.2} ns, avx2 {avx2_out:.2} ns"
                );
            }
        }
    }
}
