//! The move-order explainer (`cutoff order`): it lists exactly the legal moves, each once, in
//! the picker's order, on every position of the perft suites.

mod support;

use cutoff::lab::explain::json;
use cutoff::position::Position;
use cutoff::search::ordering::explain::explain;
use cutoff::search::ordering::PickedFrom;
use cutoff::search::SearchOptions;
use std::process::Command;
use support::{crate_root, load};

#[test]
fn order_lists_exactly_the_legal_moves_of_every_suite_position() {
    let mut positions = 0;
    for (file, chess960) in [
        ("standard.epd", false),
        ("tricky.epd", false),
        ("chess960.epd", true),
    ] {
        for e in load(&crate_root().join("tests/data").join(file)) {
            let mut pos = Position::from_fen(&e.fen).unwrap();
            pos.set_chess960(chess960);
            let opts = SearchOptions {
                chess960,
                ..SearchOptions::default()
            };
            let x = explain(&pos, None, &opts);
            let perft1 = e.counts.iter().find(|(d, _)| *d == 1).map(|c| c.1);
            let legal = cutoff::board::legal_moves(pos.board()).len() as u64;
            if let Some(n) = perft1 {
                assert_eq!(legal, n, "{file}: {}", e.fen);
            }
            assert_eq!(x.rows.len() as u64, legal, "{file}: {}", e.fen);
            let mut raw: Vec<u16> = x.rows.iter().map(|r| r.mv.raw()).collect();
            raw.sort_unstable();
            raw.dedup();
            assert_eq!(raw.len(), x.rows.len(), "a move twice: {}", e.fen);
            for (i, r) in x.rows.iter().enumerate() {
                assert_eq!(r.index, i + 1);
                // No search ran: no hash move, no killers.
                assert!(
                    matches!(
                        r.stage,
                        PickedFrom::GoodCapture | PickedFrom::Quiet | PickedFrom::BadCapture
                    ),
                    "{}: {:?}",
                    e.fen,
                    r.stage
                );
            }
            positions += 1;
        }
    }
    assert!(positions > 100, "{positions}");
}

#[test]
fn order_after_a_search_names_the_stages_and_ranks_the_choice() {
    let pos =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
            .unwrap();
    let x = explain(&pos, Some(5), &SearchOptions::default());
    let c = x.chosen.as_ref().expect("a move");
    assert_eq!(c.san, "Qxf7#");
    assert_eq!((c.rank, x.rows[0].stage), (1, PickedFrom::HashMove));
    let j = json(&x);
    for field in [
        "\"fen\":",
        "\"moves\":[",
        "\"stage\":\"hash\"",
        "\"chosen\":{",
        "\"rank\":1",
    ] {
        assert!(j.contains(field), "{field} in {j}");
    }
}

#[test]
fn the_command_prints_the_table_json_and_errors() {
    let bin = env!("CARGO_BIN_EXE_cutoff");
    let out = Command::new(bin)
        .args([
            "order",
            "4k3/8/8/8/8/8/8/4K2R",
            "w",
            "K",
            "-",
            "0",
            "1",
            "--depth",
            "3",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.trim().starts_with('{') && text.trim().ends_with('}'),
        "{text}"
    );
    assert_eq!(text.matches("\"index\":").count(), 15, "{text}");

    let out = Command::new(bin)
        .args(["order", "8/8/8/8/8/8/8/8 w - - 0 1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: ") && err.contains("king"), "{err}");
}

#[test]
fn the_uci_order_command_shows_what_the_last_search_learned() {
    use std::time::Duration;
    use support::engine::Engine;
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 6");
    let (_, best) = e.bestmove(Duration::from_secs(60));
    let best = best.split_whitespace().nth(1).unwrap().to_string();
    e.send("order");
    let lines = e.sync();
    assert!(lines[0].starts_with("order of "), "{lines:?}");
    assert!(
        lines[1].starts_with(&format!("hash move {best}")),
        "{lines:?}"
    );
    // The correction line, a header, then one row per legal move (29 here), the search's
    // move first.
    assert!(lines[2].starts_with("correction history "), "{lines:?}");
    assert_eq!(lines.len(), 4 + 29, "{lines:?}");
    let first: Vec<&str> = lines[4].split_whitespace().collect();
    assert_eq!((first[0], first[2], first[3]), ("1", best.as_str(), "hash"));
    e.quit();
}
