//! The network evaluation (NNUE): `(768 -> H) x 2 -> 1` with SCReLU, optional output
//! buckets by piece count, optional mirroring and king buckets, trained by `cutoff train` on
//! Cutoff's own games.
//!
//! - `features`: which input a piece on a square is, from each side's point of view (and
//!   where its king stands), and which output bucket a position uses;
//! - `network`: the quantised weights, the net file format (read with a reason for every
//!   refusal, written by the trainer) and the evaluation counted from scratch, the reference
//!   that the incremental accumulators must equal;
//! - `accumulator`: the accumulators along a search thread's line, kept move by move;
//! - `simd`: their inner loops, portable and AVX2;
//! - `default`: the embedded net and whether it is the default evaluation.
//!
//! Quantisation (docs/nnue.md): the first layer is scaled by `QA` (255), the output layer by
//! `QB` (64); the hidden activation is `clamp(x, 0, QA)^2`; the output, divided by `QA * QB`
//! and multiplied by `SCALE` (400), is the evaluation in centipawns.

pub(crate) mod accumulator;
pub(crate) mod default;
pub(crate) mod features;
pub(crate) mod network;
pub(crate) mod simd;

pub use default::{default_network, embedded};
pub use features::{KingBuckets, Mirroring};
pub use network::{NetError, Network};

/// Reads a net file, or says why it cannot (the file's problem, or the net's).
pub fn load(path: &str) -> Result<Network, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    Network::from_bytes(&bytes).map_err(|e| e.to_string())
}
