//! The move-order explainer's command, `cutoff order FEN [--depth D] [--json]`: the picker's
//! order of a position (`search::ordering::explain`), as the UCI command `order`'s table or
//! as JSON for scripts.

use crate::board::Move;
use crate::lab::policy::load_head;
use crate::position::Position;
use crate::search::ordering::explain::{explain, Explanation};
use crate::search::ordering::PickedFrom;
use crate::search::SearchOptions;
use crate::uci::order_table::text;

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn json_opt(v: Option<i32>) -> String {
    v.map_or("null".to_string(), |v| v.to_string())
}

fn json_move(m: Move) -> String {
    if m.is_null() {
        "null".to_string()
    } else {
        json_str(&m.uci(false).to_string())
    }
}

/// The explanation as one JSON object (for scripts).
pub fn json(e: &Explanation) -> String {
    let rows: Vec<String> = e
        .rows
        .iter()
        .map(|r| {
            format!(
                "{{\"index\":{},\"san\":{},\"uci\":{},\"stage\":{},\"mvv_lva\":{},\"see\":{},\"history\":{},\"cont_history\":{},\"capture_history\":{},\"threat\":{},\"pawn_history\":{},\"cont_history4_quiet\":{},\"cont_history6_quiet\":{},\"low_ply\":{},\"policy\":{}}}",
                r.index,
                json_str(&r.san),
                json_str(&r.uci),
                json_str(PickedFrom::NAMES[r.stage as usize]),
                json_opt(r.mvv_lva),
                r.see,
                json_opt(r.history),
                json_opt(r.cont_history),
                json_opt(r.capture_history),
                json_opt(r.threat),
                json_opt(r.pawn_history),
                json_opt(r.cont_history4_quiet),
                json_opt(r.cont_history6_quiet),
                json_opt(r.low_ply),
                json_opt(r.policy)
            )
        })
        .collect();
    let chosen = e.chosen.as_ref().map_or("null".to_string(), |c| {
        format!(
            "{{\"depth\":{},\"nodes\":{},\"move\":{},\"san\":{},\"score\":{},\"rank\":{}}}",
            c.depth,
            c.nodes,
            json_move(c.mv),
            json_str(&c.san),
            c.score,
            c.rank
        )
    });
    format!(
        "{{\"fen\":{},\"hash_move\":{},\"killers\":[{},{}],\"countermove\":{},\"correction\":{},\"history_table\":{},\"capture_history_table\":{},\"moves\":[{}],\"chosen\":{}}}",
        json_str(&e.fen),
        json_move(e.hash_move),
        json_move(e.killers[0]),
        json_move(e.killers[1]),
        json_move(e.counter),
        e.correction,
        json_str(if e.threat_keyed { "threat-keyed" } else { "plain" }),
        json_str(if e.defended_captures {
            "by defence"
        } else {
            "one"
        }),
        rows.join(","),
        chosen
    )
}

/// The command: `cutoff order FEN [--depth D] [--json]`.
pub fn run_cli(
    fen: &str,
    depth: Option<i32>,
    as_json: bool,
    policy_head: Option<&str>,
) -> Result<(), String> {
    let pos = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let defaults = SearchOptions::default();
    let policy = match policy_head {
        None => None,
        Some(path) => Some(std::sync::Arc::new(load_head(
            path,
            defaults.network.clone(),
        )?)),
    };
    let e = explain(&pos, depth, &SearchOptions { policy, ..defaults });
    if as_json {
        println!("{}", json(&e));
    } else {
        for line in text(&e) {
            println!("{line}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::ordering::explain::examples;

    #[test]
    fn every_move_is_an_object_of_the_moves_list() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let e = explain(&pos, Some(2), &SearchOptions::default());
        let j = json(&e);
        assert!(j.starts_with("{\"fen\":") && j.ends_with('}'));
        assert_eq!(j.matches("\"index\":").count(), e.rows.len());
    }

    #[test]
    fn a_countermove_is_named_and_staged() {
        let j = json(&examples::with_countermove());
        assert!(j.contains("\"countermove\":\"e2e4\""), "{j}");
        assert!(
            j.contains("\"uci\":\"e2e4\",\"stage\":\"countermove\""),
            "{j}"
        );
    }

    #[test]
    fn the_continuation_history_has_a_field() {
        let j = json(&examples::after_a_knight_to_h8());
        assert!(j.contains("\"uci\":\"h2h3\",\"stage\":\"quiet\",\"mvv_lva\":null,\"see\":0,\"history\":0,\"cont_history\":700,\"capture_history\":null,\"threat\":0,\"pawn_history\":0,\"cont_history4_quiet\":0,\"cont_history6_quiet\":0,\"low_ply\":0,\"policy\":null}"), "{j}");
        assert!(
            j.contains("\"history_table\":\"plain\",\"capture_history_table\":\"one\""),
            "{j}"
        );
        let j = json(&examples::with_countermove());
        assert!(
            j.contains(
                "\"history_table\":\"threat-keyed\",\"capture_history_table\":\"by defence\""
            ),
            "{j}"
        );
    }
}
