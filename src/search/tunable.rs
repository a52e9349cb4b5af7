//! Every constant of the selective search, in one table. Each is read through a function of
//! its own name (`tunable::rfp_margin()`): in a normal build that is the constant; built with
//! `--features tune`, every one is also a UCI spin option (the form OpenBench's SPSA tuner
//! and fastchess expect), set with `setoption` and read back at each use. `cutoff spsa-params`
//! prints the table in OpenBench's SPSA input format in every build, so that OpenBench and
//! `scripts/spsa.py` tune from this one list.

macro_rules! tunables {
    ($( $(#[doc = $doc:literal])* $name:ident = $value:literal, $min:literal ..= $max:literal; )*) => {
        /// One tunable: its option name, value and range.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) struct Tunable {
            pub(crate) name: &'static str,
            pub(crate) default: i32,
            pub(crate) min: i32,
            pub(crate) max: i32,
        }

        /// Every tunable, in the order they are declared.
        pub(crate) const ALL: &[Tunable] = &[
            $( Tunable { name: stringify!($name), default: $value, min: $min, max: $max }, )*
        ];

        #[cfg(not(feature = "tune"))]
        mod value {
            $( #[allow(non_upper_case_globals)] pub(crate) const $name: i32 = $value; )*
        }

        #[cfg(feature = "tune")]
        mod value {
            use std::sync::atomic::AtomicI32;
            $( #[allow(non_upper_case_globals)] pub(crate) static $name: AtomicI32 = AtomicI32::new($value); )*
        }

        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub(crate) fn $name() -> i32 {
                #[cfg(not(feature = "tune"))]
                { value::$name }
                #[cfg(feature = "tune")]
                { value::$name.load(std::sync::atomic::Ordering::Relaxed) }
            }
        )*

        /// Sets a tunable by name (case-insensitive); only in a `tune` build. Returns whether
        /// the name was known and the value in range.
        #[cfg(feature = "tune")]
        pub(crate) fn set(name: &str, v: i32) -> bool {
            $(
                if name.eq_ignore_ascii_case(stringify!($name)) {
                    if !($min..=$max).contains(&v) {
                        return false;
                    }
                    value::$name.store(v, std::sync::atomic::Ordering::Relaxed);
                    return true;
                }
            )*
            false
        }
    };
}

/// The SPSA learning rate each constant ends a tune with (OpenBench's `r_end`): the value
/// OpenBench users commonly give every parameter.
const R_END: f64 = 0.002;

/// The smallest step OpenBench takes for an integer (its `c` never falls below half a unit,
/// so that the two sides still round apart).
const MIN_INT_STEP: f64 = 0.5;

impl Tunable {
    /// The SPSA step this constant ends a tune with (OpenBench's `c_end`): a twentieth of its
    /// range, as OpenBench users commonly derive it. One rule from the range, not a column of
    /// its own, because the range already says how far a tune may move the constant; a
    /// constant that needs a finer step needs a narrower range. At least half a unit:
    /// OpenBench's step never goes below that for an integer, and a smaller `c_end` would
    /// only shrink the final learning rate (`a_end = r_end * c_end^2`), not the step.
    pub(crate) fn c_end(&self) -> f64 {
        let step = f64::from(self.max - self.min) / 20.0;
        // Two decimals are enough for a step and keep the printed table readable.
        ((step * 100.0).round() / 100.0).max(MIN_INT_STEP)
    }

    /// This constant's line of OpenBench's SPSA input:
    /// `name, int, default, min, max, c_end, r_end`.
    pub(crate) fn spsa_line(&self) -> String {
        format!(
            "{}, int, {}, {}, {}, {}, {}",
            self.name,
            self.default,
            self.min,
            self.max,
            self.c_end(),
            R_END
        )
    }
}

/// Every tunable as OpenBench's SPSA input, one line each in declaration order (what
/// `cutoff spsa-params` prints, and what `scripts/spsa.py` reads).
pub fn spsa_input() -> String {
    ALL.iter().map(|t| t.spsa_line() + "\n").collect()
}

tunables! {
    /// Reverse futility pruning: deepest depth, and margin per ply (less one ply when
    /// improving).
    rfp_depth = 8, 1..=16;
    rfp_margin = 75, 20..=200;
    /// Razoring: deepest depth, and the margin below alpha per ply (plus a base).
    razor_depth = 3, 1..=6;
    razor_base = 250, 0..=800;
    razor_margin = 200, 50..=600;
    /// Decisive windows (`Techniques::decisive_windows`): a beta below minus this, or an alpha
    /// above it, is one only a mate or a heap of material reaches (a queen is about 1000).
    decisive_window = 1000, 300..=32000;
    /// Null-move pruning: shallowest depth, base reduction, a ply more per this many plies of
    /// depth, a ply more per this much eval above beta (at most `nmp_eval_max` plies).
    nmp_depth = 3, 1..=8;
    nmp_base = 3, 1..=6;
    nmp_depth_div = 3, 1..=8;
    nmp_eval_div = 200, 50..=800;
    nmp_eval_max = 3, 0..=6;
    /// Depth from which a null-move cutoff is verified by a search without null moves; the
    /// verification keeps null moves off for this percentage of its depth.
    nmp_verify_depth = 12, 4..=40;
    nmp_verify_pct = 75, 0..=100;
    /// Internal iterative reduction: shallowest depth.
    iir_depth = 4, 2..=10;
    /// Late move reductions: from this depth on; the table is `lmr_base/100 + ln(depth) *
    /// ln(moves) * 100 / lmr_div`; history adds or removes a ply per `lmr_history_div`.
    lmr_depth = 3, 1..=8;
    lmr_base = 75, 0..=200;
    lmr_div = 225, 100..=400;
    lmr_history_div = 8192, 1024..=32768;
    /// Late move pruning: quiets after `(lmp_base + depth^2) / (2 - improving)` moves.
    lmp_depth = 8, 1..=16;
    lmp_base = 3, 0..=10;
    /// Futility pruning of quiets: deepest depth, base and per-ply margin.
    fp_depth = 8, 1..=16;
    fp_base = 90, 0..=300;
    fp_margin = 100, 20..=300;
    /// SEE pruning: deepest depth; quiets that lose more than `see_quiet * depth`,
    /// captures that lose more than `see_noisy * depth^2`.
    see_depth = 8, 1..=16;
    see_quiet = 60, 10..=200;
    see_noisy = 25, 5..=100;
    /// History pruning: deepest depth, and the history below which a quiet is pruned, per ply.
    hp_depth = 3, 1..=8;
    hp_margin = 2048, 256..=8192;
    /// Singular extensions: shallowest depth, how much shallower the table entry may be, the
    /// margin below its score per ply of depth, how far below that a double extension needs,
    /// and at most this many double extensions in a line.
    se_depth = 7, 4..=12;
    se_tt_depth = 3, 1..=6;
    se_margin = 2, 1..=8;
    se_double_margin = 20, 0..=100;
    se_double_max = 6, 0..=20;
    /// Quiescence delta pruning: a capture whose victim, plus this margin, cannot lift the
    /// stand-pat score to alpha is skipped.
    delta_margin = 200, 0..=600;
    /// Aspiration windows: first window half-width.
    aspiration_delta = 25, 5..=100;
    /// History bonus (and malus) for a cutoff at depth d: `quad * d^2 + lin * d`, at most
    /// `max`.
    history_bonus_quad = 16, 0..=64;
    history_bonus_lin = 32, 0..=128;
    history_bonus_max = 1600, 100..=4000;
    /// The picker's quiet order counts the one-ply continuation history this many times
    /// (the search's reads, for reductions and pruning, count it once).
    cont1_order_weight = 1, 1..=4;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_in_its_range_and_every_name_is_unique() {
        for (i, t) in ALL.iter().enumerate() {
            assert!(t.min <= t.default && t.default <= t.max, "{t:?}");
            assert!(t.min < t.max, "{t:?}");
            assert!(
                ALL[..i].iter().all(|u| u.name != t.name),
                "{} twice",
                t.name
            );
        }
    }

    #[test]
    fn steps_are_a_twentieth_of_the_range_and_at_least_half_a_unit() {
        let t = |min, max| Tunable {
            name: "x",
            default: min,
            min,
            max,
        };
        assert_eq!(t(20, 200).c_end(), 9.0);
        assert_eq!(t(1024, 32768).c_end(), 1587.2);
        assert_eq!(t(1, 16).c_end(), 0.75);
        assert_eq!(t(1, 6).c_end(), 0.5);
        assert_eq!(
            t(20, 200).spsa_line(),
            "x, int, 20, 20, 200, 9, 0.002",
            "OpenBench's format: name, type, default, min, max, c_end, r_end"
        );
    }
}
