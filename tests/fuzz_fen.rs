//! Property tests of the FEN parser: it never panics, on arbitrary text, on FEN-shaped text
//! and on mutations of valid FENs; whatever it accepts prints back to a FEN that parses to the
//! same board, and the move generator copes with it.
//!
//! The case counts are small so the suite stays fast. To fuzz for longer:
//! `PROPTEST_CASES=100000 cargo test --release --test fuzz_fen`.

mod support;

use cutoff::board::{legal_moves, Board};
use proptest::prelude::*;
use proptest::test_runner::Config;
use support::load_fens;

/// `cases` unless PROPTEST_CASES says otherwise.
fn config(cases: u32) -> Config {
    let mut c = Config::default();
    if std::env::var("PROPTEST_CASES").is_err() {
        c.cases = cases;
    }
    c
}

fn valid_fens() -> Vec<String> {
    let mut v = load_fens("perft/standard.epd");
    v.extend(load_fens("perft/chess960.epd").into_iter().step_by(10));
    v.extend(load_fens("perft/tricky.epd"));
    v
}

/// What must hold for every FEN the parser accepts.
fn check_accepted(text: &str, b: &Board) {
    // X-FEN and Shredder-FEN both print back to the same board.
    let fen = b.fen();
    let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{text:?} -> {fen}: {e}"));
    assert_eq!(&again, b, "{text:?} -> {fen}");
    assert_eq!(again.fen(), fen);
    let shredder = b.fen_shredder();
    let again = Board::from_fen(&shredder).unwrap_or_else(|e| panic!("{shredder}: {e}"));
    assert_eq!(&again, b, "{text:?} -> {shredder}");
    assert_eq!(b.key(), b.compute_key());
    // Every legal move can be made, and the incremental key stays right.
    for &m in legal_moves(b).iter() {
        let mut next = *b;
        next.make_move(m);
        assert_eq!(next.key(), next.compute_key(), "{fen} {m:?}");
        assert!(
            !next.is_attacked(
                next.king(b.side_to_move()),
                next.side_to_move(),
                next.occupied()
            ),
            "{fen}: {m:?} leaves the king in check"
        );
    }
}

fn parse_and_check(text: &str) {
    if let Ok(b) = Board::from_fen(text) {
        check_accepted(text, &b);
    }
}

/// Text shaped like a FEN: a board with random pieces and (usually) one king each, then the
/// other fields, each sometimes wrong.
fn fen_like() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        8 => Just(' '),
        1 => proptest::sample::select(b"pnbrqPNBRQ".to_vec()).prop_map(|b| b as char),
    ];
    let board = (
        proptest::collection::vec(cell, 64),
        0usize..64,
        0usize..64,
        0u8..10,
    )
        .prop_map(|(mut cells, wk, bk, kings)| {
            if kings > 0 {
                cells[wk] = 'K';
                cells[bk] = 'k';
            }
            let mut ranks = Vec::new();
            for rank in (0..8).rev() {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match cells[rank * 8 + file] {
                        ' ' => empty += 1,
                        c => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(c);
                        }
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                ranks.push(text);
            }
            ranks.join("/")
        });
    let side = prop_oneof![4 => "w", 4 => "b", 1 => "[a-zA-Z-]{0,2}"];
    let castling = prop_oneof![
        4 => Just("-".to_string()),
        2 => "K?Q?k?q?",
        1 => "[A-Ha-h]{1,4}",
        1 => "[KQkqA-Ha-h-]{0,5}",
    ];
    let ep = prop_oneof![4 => Just("-".to_string()), 2 => "[a-h][36]", 1 => "[a-z][0-9]{1,2}"];
    let number = prop_oneof![
        4 => "[0-9]{1,3}",
        1 => "[0-9]{4,6}",
        1 => "-[0-9]",
        1 => "655[0-9][0-9]",
    ];
    (
        board,
        side,
        castling,
        ep,
        number.clone(),
        number,
        3usize..=6,
    )
        .prop_map(|(board, side, castling, ep, half, full, fields)| {
            let all = [board, side, castling, ep, half, full];
            all[..fields].join(" ")
        })
}

/// A valid FEN with a few bytes changed, inserted or deleted, or two fields swapped.
fn mutated_fen(fens: Vec<String>) -> impl Strategy<Value = String> {
    let edit = (0usize..4, 0usize..100, any::<u8>(), 0usize..6, 0usize..6);
    (0..fens.len(), proptest::collection::vec(edit, 1..4)).prop_map(move |(i, edits)| {
        let mut bytes = fens[i].clone().into_bytes();
        for (kind, at, byte, f1, f2) in edits {
            let at = at % (bytes.len() + 1);
            // Mostly characters a FEN uses, sometimes any byte.
            let alphabet = b"pnbrqkPNBRQK12345678/ -wKQkqabcdefgh0123456789";
            let c = if byte < 200 {
                alphabet[byte as usize % alphabet.len()]
            } else {
                byte
            };
            match kind {
                0 if at < bytes.len() => bytes[at] = c,
                1 => bytes.insert(at, c),
                2 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    let mut fields: Vec<&str> = text.split(' ').collect();
                    let n = fields.len();
                    fields.swap(f1 % n, f2 % n);
                    bytes = fields.join(" ").into_bytes();
                }
            }
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        parse_and_check(&text);
    }

    #[test]
    fn printable_text_never_panics(text in "[ -~]{0,90}") {
        parse_and_check(&text);
    }

    #[test]
    fn fen_shaped_text_never_panics(text in fen_like()) {
        parse_and_check(&text);
    }

    #[test]
    fn mutated_fens_never_panic(text in mutated_fen(valid_fens())) {
        parse_and_check(&text);
    }
}

#[test]
fn every_valid_test_fen_round_trips() {
    for fen in valid_fens() {
        let b = Board::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_accepted(&fen, &b);
    }
}

#[test]
fn the_generators_reach_accepted_fens() {
    // The FEN-shaped strategy must produce accepted boards often enough to test the round
    // trip, not only rejections.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = fen_like();
    let mut accepted = 0;
    for _ in 0..5000 {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        accepted += Board::from_fen(&text).is_ok() as u32;
    }
    // About 5% today.
    assert!(accepted >= 100, "only {accepted} of 5000 accepted");
    let strategy = mutated_fen(valid_fens());
    let mut accepted = 0;
    for _ in 0..2000 {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        accepted += Board::from_fen(&text).is_ok() as u32;
    }
    assert!(accepted >= 40, "only {accepted} of 2000 mutations accepted");
}
