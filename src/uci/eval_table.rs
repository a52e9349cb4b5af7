//! The `eval` command's text: every evaluation term for White, Black and their difference,
//! middlegame and endgame, then the phase, the scale factor and the result.

use crate::board::{Board, Color};
use crate::eval::layout::{MAX_PHASE, TERMS};
use crate::eval::{breakdown, Score, SCALE_NORMAL};
use std::fmt::Write as _;

fn cells(s: Score) -> String {
    format!("{:>6} {:>6}", s.mg, s.eg)
}

/// The table (the `eval` command ends it with its `info string eval:` line), one line a term that counts in this position (terms that are zero for both
/// sides are left out).
pub(crate) fn eval_table(board: &Board) -> Vec<String> {
    let b = breakdown(board);
    let mut lines = Vec::new();
    lines.push(format!(
        "{:<20} | {:^13} | {:^13} | {:^13}",
        "term", "White", "Black", "Total"
    ));
    lines.push(format!(
        "{:<20} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
        "", "mg", "eg", "mg", "eg", "mg", "eg"
    ));
    lines.push("-".repeat(20 + 3 * 16));
    let mut total = Score::ZERO;
    let mut row = |name: &str, w: Score, bl: Score, lines: &mut Vec<String>| {
        total += w - bl;
        lines.push(format!(
            "{:<20} | {} | {} | {}",
            name,
            cells(w),
            cells(bl),
            cells(w - bl)
        ));
    };
    for (t, [w, bl]) in TERMS.iter().zip(&b.terms) {
        if *w != Score::ZERO || *bl != Score::ZERO {
            row(&t.name.to_lowercase(), *w, *bl, &mut lines);
        }
    }
    row("king danger", b.safety[0], b.safety[1], &mut lines);
    lines.push("-".repeat(20 + 3 * 16));
    let strong = if total.eg >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let factor = b.scale[strong.index()];
    let mut s = String::new();
    let _ = write!(
        s,
        "{:<20} | {:>13} | {:>13} | {}",
        "sum",
        "",
        "",
        cells(total)
    );
    lines.push(s);
    lines.push(format!(
        "phase {}/{MAX_PHASE}, endgame scale {factor}/{SCALE_NORMAL} ({} stronger)",
        b.phase,
        if strong == Color::White {
            "White"
        } else {
            "Black"
        },
    ));
    lines
}
