//! The search's events as UCI text: `info` lines, scores, statistics and `bestmove`.

use crate::board::{legal_moves, Move};
use crate::position::Position;
use crate::search::ordering::PickedFrom;
use crate::search::stats::{pct, CutoffStats, SearchStats};
use crate::search::tablebase::{TB_BOUND, TB_WIN, TB_WIN_CP};
use crate::search::tt::Bound;
use crate::search::{LineReport, SearchEvent, SearchResult, MATE, MATE_BOUND};
use crate::uci::wdl::{self, Wdl};
use std::fmt::Write;

/// Formats a score as UCI `cp N` or `mate N` (moves, negative when being mated). Centipawns
/// are normalised for the root's `material` (`wdl::normalise`: 100 means a 50% win rate);
/// tablebase wins show as `cp 20000` less the plies to reach the tablebase position.
pub fn format_score(score: i32, material: u32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        // Mated now (a checkmated root) is `mate 0`, not `mate -0`.
        match (MATE + score) / 2 {
            0 => "mate 0".to_string(),
            n => format!("mate -{n}"),
        }
    } else if score >= TB_BOUND {
        format!("cp {}", TB_WIN_CP - (TB_WIN - score))
    } else if score <= -TB_BOUND {
        format!("cp {}", -TB_WIN_CP + (TB_WIN + score))
    } else {
        format!("cp {}", wdl::normalise(score, material))
    }
}

/// How info lines are written, from the options.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct InfoStyle {
    /// Castling as king-takes-rook.
    pub(crate) chess960: bool,
    /// `wdl W D L` after each score (`UCI_ShowWDL`).
    pub(crate) show_wdl: bool,
}

/// ` wdl W D L` for a score, as `UCI_ShowWDL` adds it.
fn wdl_text(w: Wdl) -> String {
    format!(" wdl {} {} {}", w.win, w.draw, w.loss)
}

/// One root line as an `info` line.
pub(crate) fn line_text(l: &LineReport, style: InfoStyle) -> String {
    let nps = l.nodes as u128 * 1000 / l.time_ms.max(1) as u128;
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {}",
        l.depth,
        l.seldepth,
        l.multipv,
        format_score(l.score, l.material)
    );
    if style.show_wdl {
        s.push_str(&wdl_text(wdl::wdl(l.score, l.material)));
    }
    match l.bound {
        Some(Bound::Upper) => s.push_str(" upperbound"),
        Some(Bound::Lower) => s.push_str(" lowerbound"),
        _ => {}
    }
    let _ = write!(
        s,
        " nodes {} nps {nps} hashfull {} tbhits {} time {} pv",
        l.nodes, l.hashfull, l.tbhits, l.time_ms
    );
    for m in l.pv {
        let _ = write!(s, " {}", m.uci(style.chess960));
    }
    s
}

/// The `info string` lines the `Stats` option prints after each iteration.
pub(crate) fn stats_lines(st: &SearchStats) -> Vec<String> {
    let stage_text = |c: &CutoffStats| {
        PickedFrom::NAMES
            .iter()
            .zip(c.by_stage)
            .map(|(n, v)| format!("{n} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    vec![
        format!(
            "info string stats failhigh {} first {:.1}% first4 {:.1}% meanindex {:.2} by stage: {}",
            st.main.fail_highs,
            st.main.first_pct(),
            st.main.first_four_pct(),
            st.main.mean_index(),
            stage_text(&st.main)
        ),
        format!(
            "info string stats qsearch nodes {} failhigh {} first {:.1}% first4 {:.1}% meanindex {:.2} by stage: {}",
            st.qnodes,
            st.quiescence.fail_highs,
            st.quiescence.first_pct(),
            st.quiescence.first_four_pct(),
            st.quiescence.mean_index(),
            stage_text(&st.quiescence)
        ),
        format!(
            "info string stats hashmove available {} cutoffs {} ({:.1}%) nodes with a move loop {} (hash move in {:.1}%) tt probes {} hits {} ({:.1}%)",
            st.hash_move_available,
            st.hash_move_cutoffs,
            pct(st.hash_move_cutoffs, st.hash_move_available),
            st.expanded,
            pct(st.hash_move_available, st.expanded),
            st.tt_probes,
            st.tt_hits,
            pct(st.tt_hits, st.tt_probes)
        ),
    ]
}

/// The `bestmove` line for a result. Never an illegal move: if the result's move is not legal
/// in `pos` (it cannot be, but a GUI must never see one), any legal move is sent instead, and
/// the ponder move only with the search's own best move.
pub(crate) fn bestmove_text(result: &SearchResult, pos: &Position, chess960: bool) -> String {
    let legal = legal_moves(pos.board());
    let best = if legal.contains(result.best) {
        result.best
    } else {
        legal.iter().next().copied().unwrap_or(Move::NULL)
    };
    let mut line = format!("bestmove {}", best.uci(chess960));
    if let Some(p) = result.ponder.filter(|_| best == result.best) {
        let _ = write!(line, " ponder {}", p.uci(chess960));
    }
    line
}

/// The UCI lines for one search event (`Finished` gives the `bestmove` line).
pub(crate) fn event_lines(e: &SearchEvent, pos: &Position, style: InfoStyle) -> Vec<String> {
    let chess960 = style.chess960;
    match e {
        SearchEvent::Line(l) => vec![line_text(l, style)],
        SearchEvent::CurrentMove { depth, mv, number } => vec![format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.uci(chess960)
        )],
        SearchEvent::Stats(st) => stats_lines(st),
        SearchEvent::NoLegalMove { score } => {
            let material = pos.board().material_count();
            let mut line = format!("info depth 0 score {}", format_score(*score, material));
            if style.show_wdl {
                // The game is over: mated, or stalemate (a certain draw).
                line.push_str(&wdl_text(if *score < 0 { Wdl::LOST } else { Wdl::DRAWN }));
            }
            vec![line]
        }
        SearchEvent::Finished(r) => vec![bestmove_text(r, pos, chess960)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablebase_scores_show_as_large_centipawns() {
        for material in [3, 40, 78] {
            assert_eq!(format_score(TB_WIN, material), "cp 20000");
            assert_eq!(format_score(TB_WIN - 7, material), "cp 19993");
            assert_eq!(format_score(-TB_WIN + 7, material), "cp -19993");
        }
    }
}
