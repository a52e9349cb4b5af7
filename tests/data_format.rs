//! The binary game records (viriformat) of `cutoff data` and `cutoff datagen --format binary`:
//! random games round-trip exactly (castling, Chess960 castling, en passant and promotions
//! included), hand-built bytes decode to the positions they describe, text converts to binary
//! and back unchanged, stats count what the file holds, and bad files give errors, not panics.

use cutoff::board::{legal_moves, Board, Move};
use cutoff::rng::SplitMix64;
use cutoff::tools::data::viriformat::{pack, unpack, write_game, GameReader};
use cutoff::tools::data::{convert, stats, stats_with, DataFormat, Filter, GameRecord, GameResult};
use cutoff::tools::datagen::{self, DatagenConfig};
use std::collections::HashSet;
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cutoff-data-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The FENs of an EPD suite in tests/data (the text before the first `;`).
fn suite(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

fn read_all(bytes: &[u8]) -> Result<Vec<GameRecord>, String> {
    let mut reader = GameReader::new(bytes);
    let mut games = Vec::new();
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
    while reader.read_game(&mut game)? {
        games.push(game.clone());
    }
    Ok(games)
}

/// A random game from `start`: special moves (castling, en passant, promotions) are chosen
/// whenever one is legal and a coin says so, so that every kind turns up.
fn random_game(start: Board, rng: &mut SplitMix64) -> GameRecord {
    let result = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ][(rng.next_u64() % 3) as usize];
    let mut game = GameRecord::new(start, rng.next_u64() as i16, result);
    let mut board = start;
    let plies = rng.next_u64() % 120;
    for _ in 0..plies {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            break;
        }
        let special: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.promotion_piece().is_some())
            .collect();
        let m = if !special.is_empty() && rng.next_u64().is_multiple_of(2) {
            special[(rng.next_u64() % special.len() as u64) as usize]
        } else {
            moves[(rng.next_u64() % moves.len() as u64) as usize]
        };
        game.moves.push((m, rng.next_u64() as i16));
        board.make_move(m);
    }
    game
}

#[test]
fn random_games_round_trip_exactly() {
    let mut starts: Vec<(Board, bool)> = vec![(Board::startpos(), false)];
    for name in ["standard.epd", "tricky.epd"] {
        starts.extend(
            suite(name)
                .iter()
                .map(|f| (Board::from_fen(f).unwrap(), false)),
        );
    }
    starts.extend(
        suite("chess960.epd")
            .iter()
            .map(|f| (Board::from_fen(f).unwrap(), true)),
    );
    let mut rng = SplitMix64::new(2024);
    let mut games = Vec::new();
    for &(start, _) in &starts {
        for _ in 0..6 {
            games.push(random_game(start, &mut rng));
        }
    }
    let mut bytes = Vec::new();
    for g in &games {
        write_game(&mut bytes, g).unwrap();
    }
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(bytes.len(), 36 * games.len() + 4 * moves);
    let read = read_all(&bytes).unwrap();
    assert_eq!(read.len(), games.len());
    for (a, b) in games.iter().zip(&read) {
        assert_eq!(a, b, "{}", a.start.fen());
        // The positions along the game match too (the boards, keys included).
        let mut pa = Vec::new();
        a.positions(|board, score, m| pa.push((*board, score, m)));
        let mut pb = Vec::new();
        b.positions(|board, score, m| pb.push((*board, score, m)));
        assert_eq!(pa, pb);
    }
    // Every kind of special move was written and read back.
    let count = |f: &dyn Fn(&Move) -> bool, chess960: bool| -> usize {
        games
            .iter()
            .zip(starts.iter().flat_map(|&(_, c)| std::iter::repeat_n(c, 6)))
            .filter(|(_, c)| *c == chess960)
            .map(|(g, _)| g.moves.iter().filter(|(m, _)| f(m)).count())
            .sum()
    };
    assert!(count(&|m| m.is_castle(), false) > 5);
    assert!(count(&|m| m.is_castle(), true) > 5, "Chess960 castling");
    assert!(count(&|m| m.is_en_passant(), false) > 0);
    assert!(count(&|m| m.promotion_piece().is_some(), false) > 5);
}

/// A record built by hand, byte by byte from the layout in docs/datagen.md: White to move
/// with an en passant square, a king-side castling rook (h1) and a rook without a right (a1).
fn hand_built() -> Vec<u8> {
    let mut b = vec![
        // occupancy: a1 e1 h1 (bits 0, 4, 7), d5 e5 (35, 36), e8 (60)
        0x91, 0, 0, 0, 0x18, 0, 0, 0x10,
        // pieces, low nibble first: a1 rook 3, e1 king 5 | h1 castling rook 6, d5 black pawn 8 |
        // e5 pawn 0, e8 black king 13
        0x53, 0x86, 0xd0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        // White to move, en passant d6 (43); halfmove 0; fullmove 3; score 123; White won; extra
        43, 0, 3, 0, 123, 0, 2, 0,
    ];
    // exd6 e.p. (e5 = 36, d6 = 43, kind 1) +50; Kd7 (60 -> 51) +40; O-O (e1 takes h1, kind 2) +35
    for (mv, score) in [
        (36u16 | 43 << 6 | 1 << 14, 50i16),
        (60 | 51 << 6, 40),
        (4 | 7 << 6 | 2 << 14, 35),
    ] {
        b.extend_from_slice(&mv.to_le_bytes());
        b.extend_from_slice(&score.to_le_bytes());
    }
    b.extend_from_slice(&[0, 0, 0, 0]);
    b
}

#[test]
fn hand_built_bytes_decode_to_their_position() {
    let bytes = hand_built();
    let games = read_all(&bytes).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    let start = Board::from_fen("4k3/8/8/3pP3/8/8/8/R3K2R w K d6 0 3").unwrap();
    assert_eq!(g.start, start);
    assert_eq!(g.start_score, 123);
    assert_eq!(g.result, GameResult::WhiteWins);
    let mut board = start;
    let mut expected = Vec::new();
    for (san, score) in [("exd6", 50), ("Kd7", 40), ("O-O", 35)] {
        let m = board.parse_san(san).unwrap();
        expected.push((m, score));
        board.make_move(m);
    }
    assert_eq!(g.moves, expected);
    assert_eq!(board.fen(), "8/3k4/3P4/8/8/8/8/R4RK1 b - - 2 4");
    // Writing it again gives the same bytes.
    let mut again = Vec::new();
    write_game(&mut again, g).unwrap();
    assert_eq!(again, bytes);
}

/// The worked example of the viriformat specification (the README of cosmobobak/viriformat),
/// the moves e4 e5 Qh5 Ke7 Qxe5# from the start position, White won. Its piece nibbles are
/// written here in byte order, low nibble first, as Viridithas's code stores them.
#[test]
fn the_specification_example_encodes_to_its_bytes() {
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::WhiteWins);
    let mut board = Board::startpos();
    for (san, score) in [
        ("e4", 10),
        ("e5", 20),
        ("Qh5", -30),
        ("Ke7", 32767),
        ("Qxe5#", 32767),
    ] {
        let m = board.parse_san(san).unwrap();
        game.moves.push((m, score));
        board.make_move(m);
    }
    let mut bytes = Vec::new();
    write_game(&mut bytes, &game).unwrap();
    let expected: Vec<u8> = [
        "ffff00000000ffff",
        "1642256100000000888888889ecaade9",
        "40000100000002 00",
        "0c070a00 34091400 c309e2ff 3c0dff7f 2709ff7f 00000000",
    ]
    .concat()
    .split_whitespace()
    .collect::<String>()
    .as_bytes()
    .chunks(2)
    .map(|h| u8::from_str_radix(std::str::from_utf8(h).unwrap(), 16).unwrap())
    .collect();
    assert_eq!(bytes, expected);
    assert_eq!(read_all(&bytes).unwrap(), vec![game]);
}

#[test]
fn text_converts_to_binary_and_back_unchanged() {
    let dir = temp_dir("convert");
    let sample = format!("{}/tests/data/tune_sample.txt", env!("CARGO_MANIFEST_DIR"));
    let bin = dir.join("sample.bin");
    let mut out = Vec::new();
    let (games, positions) = convert(&sample, None, DataFormat::Binary, &mut out).unwrap();
    assert_eq!((games, positions), (6000, 6000));
    // One record a line: 32 bytes and the terminator.
    assert_eq!(out.len(), 6000 * 36);
    std::fs::write(&bin, &out).unwrap();
    let mut text = Vec::new();
    convert(bin.to_str().unwrap(), None, DataFormat::Text, &mut text).unwrap();
    let original: Vec<String> = std::fs::read_to_string(&sample)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let back: Vec<String> = String::from_utf8(text)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(back, original);
    std::fs::remove_dir_all(&dir).ok();
}

/// `.xz` files are read through `xz -dc` (when xz is installed), and a corrupt one is an error.
#[test]
fn xz_files_are_read_through_xz() {
    let has_xz = std::process::Command::new("xz")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_xz {
        eprintln!("no xz: skipped");
        return;
    }
    let dir = temp_dir("xz");
    let bin = dir.join("game.bin");
    std::fs::write(&bin, hand_built()).unwrap();
    let ok = std::process::Command::new("xz")
        .args(["-k", "-f"])
        .arg(&bin)
        .status()
        .unwrap();
    assert!(ok.success());
    let xz = dir.join("game.bin.xz");
    let s = stats(xz.to_str().unwrap(), None).unwrap();
    assert_eq!((s.games, s.positions), (1, 3));
    let bad = dir.join("bad.txt.xz");
    std::fs::write(&bad, b"not xz at all").unwrap();
    let e = stats(bad.to_str().unwrap(), None).unwrap_err();
    assert!(e.contains("xz -dc") && e.contains("failed"), "{e}");
    assert!(e.contains("): xz: "), "xz's own words: {e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stats_count_what_the_sample_holds() {
    let sample = format!("{}/tests/data/tune_sample.txt", env!("CARGO_MANIFEST_DIR"));
    let s = stats(&sample, None).unwrap();
    let text = std::fs::read_to_string(&sample).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    // Lines are single positions: a game runs until the move number falls back or the
    // result changes (as `cutoff train` counts them), and has that result.
    let fields = |l: &str| -> (u32, String) {
        let mut f = l.split('|');
        let fen = f.next().unwrap();
        let number = fen.split_whitespace().last().unwrap().parse().unwrap();
        (number, f.nth(1).unwrap().trim().to_string())
    };
    let labels = ["1.0", "0.5", "0.0"];
    let mut game_results = [0; 3];
    for (i, l) in lines.iter().enumerate() {
        let (number, result) = fields(l);
        let new_game = i == 0 || {
            let (last_number, last_result) = fields(lines[i - 1]);
            number < last_number || result != last_result
        };
        if new_game {
            game_results[labels.iter().position(|&r| r == result).unwrap()] += 1;
        }
    }
    let games: usize = game_results.iter().sum();
    assert!(games < lines.len());
    assert_eq!((s.games, s.positions), (games, lines.len()));
    assert_eq!(s.single_positions, lines.len());
    assert_eq!(s.game_results, game_results);
    let results = labels.map(|r| {
        lines
            .iter()
            .filter(|l| l.rsplit('|').next().unwrap().trim() == r)
            .count()
    });
    assert_eq!(s.position_results, results);
    assert_eq!(s.scores.iter().sum::<usize>(), lines.len());
    assert_eq!(s.pieces.iter().sum::<usize>(), lines.len());
    let keys: HashSet<u64> = lines
        .iter()
        .map(|l| Board::from_fen(l.split('|').next().unwrap()).unwrap().key())
        .collect();
    assert_eq!(s.duplicates, lines.len() - keys.len());
    assert!(s.text().contains(&format!("games {games} ")));
    assert!(s.text().contains("single positions"));
}

#[test]
fn datagen_binary_records_hold_every_searched_move() {
    let cfg = |format| DatagenConfig {
        games: 3,
        nodes: 300,
        seed: 3,
        hash_mb: 1,
        format,
        ..DatagenConfig::default()
    };
    let mut bin = Vec::new();
    let summary = datagen::run(&cfg(DataFormat::Binary), &[], None, &mut bin).unwrap();
    let mut text = Vec::new();
    datagen::run(&cfg(DataFormat::Text), &[], None, &mut text).unwrap();
    let games = read_all(&bin).unwrap();
    assert_eq!(games.len(), 3);
    assert_eq!(
        games.iter().map(|g| g.moves.len()).sum::<usize>(),
        summary
            .text()
            .lines()
            .find_map(|l| l.strip_prefix("scored moves "))
            .and_then(|r| r.split(' ').next())
            .unwrap()
            .parse::<usize>()
            .unwrap()
    );
    // Every line of the text run is a position of the binary run, with its score and result.
    let mut lines = HashSet::new();
    for g in &games {
        g.positions(|board, score, _| {
            lines.insert(format!(
                "{} | {} | {}",
                board.fen(),
                score,
                g.result.label()
            ));
        });
    }
    let text = String::from_utf8(text).unwrap();
    assert!(text.lines().count() > 10);
    for l in text.lines() {
        assert!(lines.contains(l), "{l}");
    }
}

#[test]
fn truncated_and_garbage_files_are_errors_not_panics() {
    let bytes = hand_built();
    for cut in 1..bytes.len() {
        let e = read_all(&bytes[..cut]).unwrap_err();
        assert!(
            e.contains("truncated") && e.contains("game 1"),
            "{cut}: {e}"
        );
    }
    // A move that is not legal where it stands.
    let mut bad = bytes.clone();
    bad[32] ^= 1;
    let e = read_all(&bad).unwrap_err();
    assert!(e.contains("not a legal move"), "{e}");
    // Random bytes: an error naming the game, whatever they hold.
    let mut rng = SplitMix64::new(9);
    for len in [5, 31, 32, 36, 100, 1000] {
        let garbage: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let e = read_all(&garbage).unwrap_err();
        assert!(e.contains("game 1"), "{e}");
    }
    // A good game then a bad one: the error names the second.
    let mut two = bytes.clone();
    two.extend_from_slice(&[0xff; 40]);
    assert!(read_all(&two).unwrap_err().contains("game 2"));
    // Through the command: exit status 2 and the message, no panic.
    let dir = temp_dir("garbage");
    let path = dir.join("garbage.bin");
    std::fs::write(&path, &bytes[..42]).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["data", "stats"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("error:") && stderr.contains("truncated"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let text = dir.join("bad.txt");
    std::fs::write(&text, "not a fen | 1 | 0.5\n").unwrap();
    let e = stats(text.to_str().unwrap(), None).unwrap_err();
    assert!(e.contains("bad.txt:1"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn packed_positions_round_trip_through_every_suite() {
    for name in ["standard.epd", "tricky.epd", "chess960.epd"] {
        for fen in suite(name) {
            let board = Board::from_fen(&fen).unwrap();
            let bytes = pack(&board, -77, GameResult::BlackWins);
            assert_eq!(
                unpack(&bytes).unwrap(),
                (board, -77, GameResult::BlackWins),
                "{fen}"
            );
        }
    }
}

#[test]
fn stats_report_what_each_filter_keeps() {
    // A game of 6 positions: 1. e4 d5 2. exd5 (a capture) Qxd5 (a capture) 3. Nc3 Qe5+
    // (the position after it is in check) with a mate score on the last move, and a text
    // line (a position alone: no move, no ply).
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::WhiteWins);
    let mut board = Board::startpos();
    for (i, san) in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2"]
        .iter()
        .enumerate()
    {
        let m = board.parse_san(san).unwrap();
        let score = if i == 6 { -30_990 } else { 20 };
        game.moves.push((m, score));
        board.make_move(m);
    }
    let alone = GameRecord::new(Board::startpos(), 15, GameResult::Draw);
    let dir = temp_dir("filters");
    let path = dir.join("f.bin");
    let mut bytes = Vec::new();
    write_game(&mut bytes, &game).unwrap();
    write_game(&mut bytes, &alone).unwrap();
    std::fs::write(&path, bytes).unwrap();
    let s = stats_with(path.to_str().unwrap(), None, 2).unwrap();
    assert_eq!(s.positions, 8);
    let f = s.filters;
    assert_eq!(f.not_in_check, 7, "the position after Qe5+");
    assert_eq!(f.not_noisy, 6, "exd5 and Qxd5");
    assert_eq!(f.not_mates, 7, "the mate score of Be2");
    assert_eq!(f.from_min_ply, 6, "plies 0 and 1 of the game");
    // All four: e4 and d5 are before ply 2, exd5 and Qxd5 noisy, Be2 in check and a
    // mate: Nc3, Qe5+ and the position alone.
    assert_eq!(f.all, 3);
    assert!(s.text().contains("all four"), "{}", s.text());
    // The filter a trainer calls sees the same.
    let quiet = Filter {
        min_ply: 2,
        ..Filter::QUIET
    };
    let mut kept = Vec::new();
    quiet.positions(&game, |b, _, _| kept.push(b.fen()));
    assert_eq!(kept.len(), 2);
    std::fs::remove_dir_all(&dir).ok();
}
