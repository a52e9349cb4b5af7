//! Move ordering: the staged move picker and the tables it learns from.

pub mod history;
pub mod movepick;

pub use history::{History, Killers};
pub use movepick::{MovePicker, PickedFrom};

/// What one search thread's ordering has learned, kept between searches (across the moves of
/// a game) and cleared by `ucinewgame`.
#[derive(Default)]
pub struct OrderingTables {
    pub history: History,
    pub killers: Killers,
}

impl OrderingTables {
    pub fn clear(&mut self) {
        self.history.clear();
        self.killers.clear();
    }
}

/// Which ordering heuristics are on. Each one maps to a UCI check option, so the classic
/// experiment (no ordering, MVV-LVA alone, everything) can be repeated from any GUI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingConfig {
    /// Try the transposition table's move (at the root, the last iteration's best) first.
    pub hash_move: bool,
    /// Generate captures apart and try them first, most valuable victim first.
    pub mvv_lva: bool,
    /// Try the two killer moves of the ply before other quiet moves.
    pub killers: bool,
    /// Order quiet moves by their history score.
    pub history: bool,
    /// Defer captures that lose material (SEE below 0) until after the quiet moves.
    pub see_split: bool,
}

impl OrderingConfig {
    pub const FULL: OrderingConfig = OrderingConfig {
        hash_move: true,
        mvv_lva: true,
        killers: true,
        history: true,
        see_split: true,
    };

    pub const NONE: OrderingConfig = OrderingConfig {
        hash_move: false,
        mvv_lva: false,
        killers: false,
        history: false,
        see_split: false,
    };

    /// Parses a configuration name: `none`, `full`, or `+`-joined heuristics
    /// (`mvvlva`, `hash`, `killers`, `history`, `see`), with a leading `+` meaning "the
    /// previous configuration plus" only in lists (see the ordering lab).
    pub fn parse(name: &str) -> Result<OrderingConfig, String> {
        match name {
            "none" => return Ok(OrderingConfig::NONE),
            "full" | "all" => return Ok(OrderingConfig::FULL),
            _ => {}
        }
        let mut c = OrderingConfig::NONE;
        for part in name.split('+').filter(|p| !p.is_empty()) {
            match part {
                "mvvlva" | "mvv-lva" => c.mvv_lva = true,
                "hash" => c.hash_move = true,
                "killers" | "killer" => c.killers = true,
                "history" => c.history = true,
                "see" | "seesplit" => c.see_split = true,
                "none" => {}
                "full" | "all" => c = OrderingConfig::FULL,
                other => {
                    return Err(format!(
                        "unknown heuristic '{other}' in '{name}' (known: none, full, mvvlva, hash, killers, history, see)"
                    ))
                }
            }
        }
        Ok(c)
    }
}

impl Default for OrderingConfig {
    fn default() -> Self {
        OrderingConfig::FULL
    }
}
