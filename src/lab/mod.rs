//! The lab beside the engine: what measures and teaches the move order, built on the engine
//! and never imported by it (`board`, `position`, `eval`, `search` and `uci` know nothing of
//! this module).
//!
//! - `ordering`: `cutoff ordering`, a suite searched under each ordering configuration, with
//!   the statistics the search counts as its observer;
//! - `explain`: `cutoff order`, the picker's view of one position (the engine's own
//!   `search::ordering::explain`) as a table or JSON;
//! - `cutoff_log`: the quiet cutoffs of a search, an observer of it;
//! - `policy`: the learned move order's data (`cutoff policy-data`, from the cutoff log) and
//!   its training (`cutoff policy-train`); the head as the picker reads it is the engine's
//!   (`search::ordering::policy`).

pub mod cutoff_log;
pub mod explain;
pub mod ordering;
pub mod policy;
