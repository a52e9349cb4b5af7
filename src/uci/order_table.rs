//! The `order` command's table (also what `cutoff order` prints without `--json`): the
//! picker's order of the current position, one line a move with its stage and the numbers
//! that placed it.

use crate::board::Move;
use crate::search::ordering::explain::Explanation;
use crate::search::ordering::PickedFrom;

/// A column's number, `-` where it does not apply to the move.
fn opt(v: Option<i32>) -> String {
    v.map_or("-".to_string(), |v| v.to_string())
}

/// The explanation as a table, one line per move.
pub(crate) fn text(e: &Explanation) -> Vec<String> {
    let mut out = vec![format!("order of {}", e.fen)];
    let name = |m: Move| {
        if m.is_null() {
            "none".to_string()
        } else {
            m.uci(false).to_string()
        }
    };
    out.push(format!(
        "hash move {}, killers {} {}, countermove {}",
        name(e.hash_move),
        name(e.killers[0]),
        name(e.killers[1]),
        name(e.counter)
    ));
    out.push(format!(
        "correction history {:+} cp for this pawn structure; the evaluation-difference history \
         is part of the history column{}{}",
        e.correction,
        if e.threat_keyed {
            "; history: the threat-keyed table"
        } else {
            ""
        },
        if e.defended_captures {
            "; capthist: the table of the target's defence"
        } else {
            ""
        }
    ));
    // The learned order's column only when a head is loaded.
    let with_policy = e.rows.iter().any(|r| r.policy.is_some());
    let policy_cell = |v: Option<i32>| {
        if with_policy {
            format!(" {:>7}", opt(v))
        } else {
            String::new()
        }
    };
    out.push(format!(
        "{:>3}  {:<8} {:<6} {:<12} {:>8} {:>6} {:>8} {:>8} {:>8} {:>7} {:>8} {:>7} {:>7} {:>7}{}",
        "#",
        "san",
        "uci",
        "stage",
        "mvv-lva",
        "see",
        "history",
        "conthist",
        "capthist",
        "threat",
        "pawnhist",
        "cont4q",
        "cont6q",
        "lowply",
        if with_policy {
            format!(" {:>7}", "policy")
        } else {
            String::new()
        }
    ));
    for r in &e.rows {
        out.push(format!(
            "{:>3}  {:<8} {:<6} {:<12} {:>8} {:>6} {:>8} {:>8} {:>8} {:>7} {:>8} {:>7} {:>7} {:>7}{}",
            r.index,
            r.san,
            r.uci,
            PickedFrom::NAMES[r.stage as usize],
            opt(r.mvv_lva),
            r.see,
            opt(r.history),
            opt(r.cont_history),
            opt(r.capture_history),
            opt(r.threat),
            opt(r.pawn_history),
            opt(r.cont_history4_quiet),
            opt(r.cont_history6_quiet),
            opt(r.low_ply),
            policy_cell(r.policy)
        ));
    }
    if let Some(c) = &e.chosen {
        out.push(format!(
            "search to depth {} ({} nodes) chose {} ({}), score {} cp, number {} of {} in the order",
            c.depth,
            c.nodes,
            c.san,
            c.mv.uci(false),
            c.score,
            c.rank,
            e.rows.len()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ordering::explain::examples;

    #[test]
    fn a_countermove_is_named_after_the_killers() {
        let t = text(&examples::with_countermove());
        assert_eq!(t[1], "hash move none, killers g1f3 none, countermove e2e4");
        assert!(
            t[5].contains(" e2e4 ") && t[5].contains(" countermove "),
            "{}",
            t[5]
        );
    }

    #[test]
    fn the_continuation_history_has_a_column() {
        let t = text(&examples::after_a_knight_to_h8());
        assert!(
            t[3].ends_with(" history conthist capthist  threat pawnhist  cont4q  cont6q  lowply"),
            "{}",
            t[3]
        );
        let cells: Vec<&str> = t[4].split_whitespace().collect();
        assert_eq!(
            cells,
            ["1", "h3", "h2h3", "quiet", "-", "0", "0", "700", "-", "0", "0", "0", "0", "0"]
        );
        // Which tables the history and capture history columns read.
        assert!(!t[2].contains("threat-keyed"), "{}", t[2]);
        let t = text(&examples::with_countermove());
        assert!(
            t[2].ends_with(
                "; history: the threat-keyed table; capthist: the table of the target's defence"
            ),
            "{}",
            t[2]
        );
    }
}
