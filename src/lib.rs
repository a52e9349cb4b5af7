//! Cutoff: a UCI chess engine whose move ordering is measured.

pub mod board;
pub mod eval;
pub mod lab;
pub mod position;
pub mod rng;
pub mod search;
pub mod tools;
pub mod uci;

// The instruction-set level of this build, from the target features it was compiled with (the
// Makefile's `release` builds one binary per level). A macro, so that `concat!` can use it.
// "x86-64-bmi2" is the level whose slider look-ups use PEXT (see build.rs).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
macro_rules! build_level {
    () => {
        "x86-64-bmi2"
    };
}
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "bmi2")
))]
macro_rules! build_level {
    () => {
        "x86-64-v3"
    };
}
#[cfg(all(
    target_arch = "x86_64",
    not(target_feature = "avx2"),
    not(target_feature = "bmi2")
))]
macro_rules! build_level {
    () => {
        "x86-64"
    };
}
#[cfg(not(target_arch = "x86_64"))]
macro_rules! build_level {
    () => {
        "generic"
    };
}

/// What this binary was built for (`x86-64`, `x86-64-v3`, `x86-64-bmi2`), so that a user can
/// check which build runs: `id name`, `--version` and `bench` show it.
pub(crate) const BUILD_LEVEL: &str = build_level!();

/// The version and the build level, as `id name` and `--version` show them.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " ", build_level!());

/// The git commit the binary was built from (`build.rs`): a short hash, with `-dirty` when
/// tracked files differed from it, or `unknown` outside a git checkout.
pub const COMMIT: &str = env!("CUTOFF_COMMIT");

/// What `cutoff --version` shows: the version, the build level and the commit.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " ",
    build_level!(),
    ", commit ",
    env!("CUTOFF_COMMIT")
);

#[cfg(test)]
mod tests {
    #[test]
    fn the_build_level_says_whether_sliders_use_pext() {
        assert_eq!(
            super::BUILD_LEVEL == "x86-64-bmi2",
            crate::board::attacks::uses_pext()
        );
        assert!(super::VERSION.ends_with(super::BUILD_LEVEL));
        assert!(super::VERSION.starts_with(env!("CARGO_PKG_VERSION")));
    }
}
