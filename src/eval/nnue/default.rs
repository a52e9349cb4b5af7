//! The net the engine ships with, and whether it is the default evaluation: the one place to
//! change when a net becomes the default.
//!
//! To ship a net: put its file in the repository as `nets/<id>.nnue` and set
//! `EMBEDDED = Some(include_bytes!("../../../nets/<id>.nnue"))`; to make it the default
//! evaluation (of the UCI `UseNNUE` option, of `cutoff bench` and `cutoff datagen`, of every
//! `SearchOptions::default()`), set `USE_BY_DEFAULT = true`. That commit changes the bench
//! signature and the node-count tests' baselines.

use super::Network;
use std::sync::{Arc, OnceLock};

/// The embedded net's file: generation 7 (docs/nnue.md), trained on 16.0 M positions, 13.6 M of
/// them the games of generations 4 to 6, with 8 output buckets; `UseNNUE true` selects it.
/// Generations 1 to 6 stay in `nets/` for `EvalFile`.
pub(crate) const EMBEDDED: Option<&[u8]> =
    Some(include_bytes!("../../../nets/d795d9d3846a7fcb.nnue"));

/// Whether searches use the embedded net unless told otherwise (false: the hand-written
/// evaluation).
pub(crate) const USE_BY_DEFAULT: bool = true;

// A default net must be one the binary has.
const _: () = assert!(!USE_BY_DEFAULT || EMBEDDED.is_some());

/// The embedded net, read once (a test checks that it reads).
pub fn embedded() -> Option<Arc<Network>> {
    static NET: OnceLock<Option<Arc<Network>>> = OnceLock::new();
    NET.get_or_init(|| {
        EMBEDDED.map(|bytes| {
            Arc::new(Network::from_bytes(bytes).expect("the embedded net is a valid net file"))
        })
    })
    .clone()
}

/// The net a search uses unless told otherwise: None for the hand-written evaluation.
pub fn default_network() -> Option<Arc<Network>> {
    if USE_BY_DEFAULT {
        embedded()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_net_reads_and_the_default_is_a_net_the_binary_has() {
        if let Some(bytes) = EMBEDDED {
            let net = embedded().expect("read");
            assert_eq!(net.to_bytes(), bytes);
        }
        assert_eq!(default_network().is_some(), USE_BY_DEFAULT);
    }
}
