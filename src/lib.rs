//! Cutoff: a UCI chess engine whose move ordering is measured.

pub mod board;
pub mod eval;
pub mod position;
pub mod search;
pub mod tools;
pub mod uci;
