//! FEN parsing and printing: round trips, one error per malformed field naming that field,
//! unplayable positions rejected, and no panic on thousands of mangled strings (drawn by the
//! test support's generator, whose numbers are pinned here).

mod support;

use cutoff::board::perft::perft;
use cutoff::board::{is_legal, legal_moves, Board, Color, Square, STARTPOS};
use support::{sample, Rng};

fn err(fen: &str) -> String {
    match Board::from_fen(fen) {
        Ok(b) => panic!("accepted '{fen}' as {}", b.fen()),
        Err(e) => e.to_string(),
    }
}

/// The error for `fen` contains every one of `parts`.
fn assert_err(fen: &str, parts: &[&str]) {
    let e = err(fen);
    for p in parts {
        assert!(e.contains(p), "error for '{fen}' is '{e}', lacking '{p}'");
    }
}

#[test]
fn round_trips() {
    for fen in [
        STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
        "8/8/8/8/k7/8/8/7K b - - 99 150",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 65535",
        // Chess960: X-FEN keeps KQkq for the outermost rooks and names an inner rook's file.
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1",
        "rk2r3/8/8/8/8/8/8/RK2R3 w KQk - 0 1",
    ] {
        let b = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(b.fen(), fen);
        assert_eq!(Board::from_fen(&b.fen_shredder()).unwrap(), b, "{fen}");
    }
}

#[test]
fn shredder_and_xfen() {
    let b = Board::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
        .unwrap();
    assert_eq!(
        b.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    assert_eq!(
        b.fen_shredder(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
    // Two rooks on the king's side: the inner one needs its file in X-FEN too.
    let inner = Board::from_fen("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").unwrap();
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert_eq!(inner.fen_shredder(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    let outer = Board::from_fen("4k3/8/8/8/8/8/8/4KR1R w H - 0 1").unwrap();
    assert_eq!(outer.fen(), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    assert_eq!(outer.castle_rook(Color::White, 0), Square::parse("h1"));
}

#[test]
fn epd_and_defaults() {
    // EPD: the clocks may be left out; they default to 0 and 1.
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(b.fen(), STARTPOS);
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7").unwrap();
    assert_eq!(b.halfmove_clock(), 7);
    assert_eq!(b.fullmove_number(), 1);
    // A fullmove number of 0 is read as 1.
    let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 0").unwrap();
    assert_eq!(b.fullmove_number(), 1);
    // Extra spaces between fields do not matter.
    let b = Board::from_fen("  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 ").unwrap();
    assert_eq!(b.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
}

#[test]
fn en_passant_square_kept_only_when_a_pawn_can_take() {
    // After 1.e4 no black pawn attacks e3: the square is dropped (so the key equals the one
    // reached by transposition).
    let b = Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(b.en_passant(), None);
    let same =
        Board::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(b.key(), same.key());
    let b =
        Board::from_fen("rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3").unwrap();
    assert_eq!(b.en_passant(), Square::parse("d3"));
}

#[test]
fn malformed_fields_name_the_field() {
    // The example from the brief, word for word.
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"),
        "castling field 'KQxq': unknown letter 'x'"
    );
    let cases: &[(&str, &[&str])] = &[
        ("", &["empty"]),
        ("   ", &["empty"]),
        // piece placement
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "7 ranks"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "9 ranks"],
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "'9'"],
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "'0'"],
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "rank 7", "7 squares"],
        ),
        (
            "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "rank 8"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "unknown piece letter 'X'"],
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["piece placement", "rank 6"],
        ),
        // side to move
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            &["side to move field 'x'"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
            &["side to move field 'white'"],
        ),
        // castling
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
            &["castling field 'KKkq'", "two rights"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            &["castling field 'K'", "no white rook"],
        ),
        (
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
            &["castling field 'K'", "white king is not on its first rank"],
        ),
        (
            "r3k3/8/8/8/8/8/8/4K3 w c - 0 1",
            &["castling field 'c'", "no black rook"],
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w Kz - 0 1",
            &["castling field 'Kz'", "unknown letter 'z'"],
        ),
        // en passant
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d9 0 3",
            &["en passant field 'd9'", "not a square"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d4 0 3",
            &["en passant field 'd4'", "rank 3"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq xx 0 3",
            &["en passant field 'xx'"],
        ),
        // halfmove clock and fullmove number
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            &["halfmove clock field 'x'"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            &["halfmove clock field '-1'"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 70000 1",
            &["halfmove clock field '70000'"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 one",
            &["fullmove number field 'one'"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1.5",
            &["fullmove number field '1.5'"],
        ),
        // missing and extra fields
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            &["missing the side to move field"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            &["missing the castling field"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            &["missing the en passant field"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4",
            &["unexpected text 'moves e2e4' after the fullmove number"],
        ),
    ];
    for (fen, parts) in cases {
        assert_err(fen, parts);
    }
}

#[test]
fn unplayable_positions_are_rejected() {
    let cases: &[(&str, &[&str])] = &[
        ("8/8/8/8/8/8/8/K7 w - - 0 1", &["0 black kings"]),
        ("k7/8/8/8/8/8/8/8 b - - 0 1", &["0 white kings"]),
        ("kk6/8/8/8/8/8/8/K7 w - - 0 1", &["2 black kings"]),
        ("k7/8/8/8/8/8/8/KK6 w - - 0 1", &["2 white kings"]),
        ("k7/8/8/8/8/8/8/K6P w - - 0 1", &["pawn on h1"]),
        ("k6p/8/8/8/8/8/8/K7 w - - 0 1", &["pawn on h8"]),
        ("k2P4/8/8/8/8/8/8/K7 b - - 0 1", &["pawn on d8"]),
        ("k7/8/8/8/8/8/8/Kp6 b - - 0 1", &["pawn on b1"]),
        ("k7/pppppppp/p7/8/8/8/8/K7 w - - 0 1", &["9 black pawns"]),
        (
            "k7/pppppppp/nnnnnnnn/n7/8/8/8/K7 w - - 0 1",
            &["18 black pieces"],
        ),
        // The side not to move is in check: White could take the king.
        (
            "k6R/8/8/8/8/8/8/K7 w - - 0 1",
            &["side not to move (black) is in check"],
        ),
        (
            "k7/8/8/8/8/8/8/K5r1 b - - 0 1",
            &["side not to move (white) is in check"],
        ),
        // Three checkers at once cannot arise from one move.
        ("4k3/8/8/8/8/5n2/3b4/r3K3 w - - 0 1", &["3 pieces"]),
        // En passant squares that make no sense.
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq e3 0 3",
            &["en passant field 'e3'", "no pawn on e4"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 3",
            &["en passant field 'd6'", "no pawn on d5"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/3P4/PPP1PPP1/RNBQKBNR b KQkq d3 0 3",
            &["en passant field 'd3'", "must be empty"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPPNPPPP/R1BQKBNR b KQkq d3 0 3",
            &["en passant field 'd3'", "must be empty"],
        ),
        // Black is in check from a rook the double push could not have uncovered.
        (
            "R3k3/8/8/8/3Pp3/8/8/K7 b - d3 0 1",
            &["en passant field 'd3'", "check"],
        ),
    ];
    for (fen, parts) in cases {
        assert_err(fen, parts);
    }
    // Also when no black pawn could take (the square is then dropped): the claim that d2-d4
    // was the last move is still false.
    assert_err(
        "R3k3/8/8/8/3P4/8/8/K7 b - d3 0 1",
        &["en passant field 'd3'", "check"],
    );
    assert_err(
        "8/8/8/8/3Pp3/8/5k2/K5B1 b - d3 0 1",
        &["en passant field 'd3'", "check"],
    );

    // Checks the double push did give are fine: by the pushed pawn itself, or by a bishop
    // whose diagonal ran through the square the pawn left.
    let b = Board::from_fen("8/8/8/2k5/3Pp3/8/8/K7 b - d3 0 1").unwrap();
    assert!(b.in_check());
    assert_eq!(b.en_passant(), Square::parse("d3"));
    let b = Board::from_fen("8/8/8/8/3Pp3/4k3/8/K1B5 b - d3 0 1").unwrap();
    assert!(b.in_check());
    assert_eq!(b.en_passant(), Square::parse("d3"));
}

/// Edits a string at random: replace, insert, delete, or swap two fields.
fn mutate(s: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', 'w', 'a', 'c', 'd', 'e', 'f',
        'g', 'h', 'x', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', 'é', '♞',
    ];
    let mut chars: Vec<char> = s.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let c = ALPHABET[rng.below(ALPHABET.len())];
        let i = rng.below(chars.len() + 1);
        match rng.below(6) {
            // Swapping two characters mostly keeps the shape: pieces trade squares.
            3 | 4 if chars.len() > 1 => {
                let (n, j) = (chars.len(), rng.below(chars.len()));
                chars.swap(i.min(n - 1), j);
            }
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i, c),
            2 if i < chars.len() => {
                chars.remove(i);
            }
            _ => {
                let text: String = chars.iter().collect();
                let mut fields: Vec<&str> = text.split(' ').collect();
                let (a, b) = (rng.below(fields.len()), rng.below(fields.len()));
                fields.swap(a, b);
                chars = fields.join(" ").chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

/// A board that parsed must behave: FEN round trip, legal generation, perft 2.
fn check_accepted(b: &Board, source: &str) {
    let fen = b.fen();
    let again = Board::from_fen(&fen).unwrap_or_else(|e| panic!("'{source}' -> '{fen}': {e}"));
    assert_eq!(&again, b, "'{source}' round trip");
    for &m in legal_moves(b).iter() {
        assert!(is_legal(b, m), "'{source}': {m:?}");
    }
    perft(b, 2);
}

#[test]
fn never_panics() {
    let mut rng = Rng::new(0xFE4_2025);
    let mut bases: Vec<String> = ["standard", "chess960", "tricky"]
        .iter()
        .flat_map(|n| sample(n))
        .map(|e| e.fen)
        .collect();
    bases.push(STARTPOS.to_string());
    let mut accepted = 0;
    let mut tried = 0;
    for round in 0..20_000 {
        let text = if round % 10 == 0 {
            // Entirely random text from the FEN alphabet.
            let len = rng.below(80);
            const CHARS: &[u8] = b"pnbrqkPNBRQK12345678/ -wbKQkqabcdefgh";
            let junk: String = (0..len)
                .map(|_| CHARS[rng.below(CHARS.len())] as char)
                .collect();
            junk
        } else {
            mutate(&bases[rng.below(bases.len())], &mut rng)
        };
        tried += 1;
        if let Ok(b) = Board::from_fen(&text) {
            accepted += 1;
            check_accepted(&b, &text);
        }
    }
    // The mutations must be mild enough that some survive, or the check above tests nothing.
    assert!(accepted > 500, "{accepted} of {tried} accepted");
    assert!(accepted < tried, "every mutation was accepted");
}

#[test]
fn clocks_saturate() {
    let mut b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 65535 65535").unwrap();
    let m = b.parse_uci_move("e8d8", false).unwrap();
    b.make_move(m);
    assert_eq!(b.halfmove_clock(), 65535);
    assert_eq!(b.fullmove_number(), 65535);
}

/// The mangled strings above, and the random games and positions of the other test files, are
/// drawn by `support::Rng`: its numbers are pinned, so that a seed keeps naming the same inputs.
#[test]
fn the_fixture_generator_is_pinned() {
    let mut rng = Rng::new(0);
    // SplitMix64's published first outputs for seed 0.
    assert_eq!(
        [rng.next_u64(), rng.next_u64(), rng.next_u64()],
        [
            0xe220_a839_7b1d_cdaf,
            0x6e78_9e6a_a1b9_65f4,
            0x06c4_5d18_8009_454f
        ]
    );
    let mut rng = Rng::new(0x5eed_0001);
    let below: Vec<usize> = [2, 3, 7, 100, 1000, 1 << 20]
        .iter()
        .map(|&n| rng.below(n))
        .collect();
    assert_eq!(below, [0, 2, 3, 18, 314, 621_903]);
    let chances: Vec<bool> = (0..8).map(|_| rng.chance(50)).collect();
    assert_eq!(
        chances,
        [false, false, true, false, false, true, false, false]
    );
    let picks: String = (0..8).map(|_| *rng.pick(&['a', 'b', 'c'])).collect();
    assert_eq!(picks, "abaaccac");
}
