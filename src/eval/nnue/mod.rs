//! The network evaluation (NNUE): `(768 -> H) x 2 -> 1` with SCReLU and optional output
//! buckets by piece count, trained by `cutoff train` on Cutoff's own games.
//!
//! - `features`: which input a piece on a square is, from each side's point of view, and
//!   which output bucket a position uses;
//! - `network`: the quantised weights, the net file format (read with a reason for every
//!   refusal, written by the trainer) and the evaluation counted from scratch, the reference
//!   that the incremental accumulators must equal.
//!
//! Quantisation (docs/nnue.md): the first layer is scaled by `QA` (255), the output layer by
//! `QB` (64); the hidden activation is `clamp(x, 0, QA)^2`; the output, divided by `QA * QB`
//! and multiplied by `SCALE` (400), is the evaluation in centipawns.

pub(crate) mod features;
pub(crate) mod network;

pub use network::{NetError, Network};
