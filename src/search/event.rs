//! What a running search reports, as data. The search hands each event to a sink (a closure
//! the caller passes in); `uci/` turns them into protocol text, and the lab, the bench and the
//! tests read them or ignore them. Nothing under `search/` prints.

use super::stats::SearchStats;
use super::tt::Bound;
use super::SearchResult;
use crate::board::Move;

/// One event of a search.
#[derive(Debug)]
pub enum SearchEvent<'a> {
    /// A root line: one per MultiPV line at the end of each iteration, or an aspiration
    /// search that failed low or high (then `bound` says which).
    Line(LineReport<'a>),
    /// The root move now being searched (sent once the search has run a few seconds).
    CurrentMove { depth: i32, mv: Move, number: usize },
    /// The ordering statistics after an iteration (with `StatsMode::Report`).
    Stats(&'a SearchStats),
    /// The root has no legal move: mated (`score` is `-MATE`) or stalemated (0).
    NoLegalMove { score: i32 },
    /// The main thread has its result; sent once per search, also when reporting is off,
    /// before the helper threads are joined (a helper waiting for a core must not delay the
    /// move).
    Finished(&'a SearchResult),
}

/// A root line as it stands, with the search's counters at that moment.
#[derive(Debug)]
pub struct LineReport<'a> {
    pub(crate) depth: i32,
    pub(crate) seldepth: usize,
    /// 1-based, as UCI numbers MultiPV lines.
    pub(crate) multipv: usize,
    /// As shown to the user: with the root in the tablebases, their verdict.
    pub(crate) score: i32,
    /// `None` for a finished line; `Upper`/`Lower` for an aspiration fail low/high.
    pub(crate) bound: Option<Bound>,
    /// All threads.
    pub(crate) nodes: u64,
    pub(crate) time_ms: u64,
    /// Per mille of the table in use by this search.
    pub(crate) hashfull: usize,
    pub(crate) tbhits: u64,
    /// The root's material (`Board::material_count`): the game phase a reader's
    /// win/draw/loss model needs to interpret `score`.
    pub(crate) material: u32,
    pub(crate) pv: &'a [Move],
}

/// Where a search sends its events.
pub(crate) type EventSink<'a> = dyn FnMut(&SearchEvent) + Send + 'a;
