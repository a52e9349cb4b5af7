//! The command-line tools: perft, perft suites, bench and the ordering lab.

pub mod bench;
pub mod epd;
pub mod ordering;
pub mod perft;
pub mod progress;
