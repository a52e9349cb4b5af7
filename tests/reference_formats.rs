//! The reference implementations read Cutoff's data. The `viriformat` crate (Viridithas's own
//! reader of the game records) reads a file `cutoff datagen --format binary` writes and finds
//! every position, score and result `cutoff data convert` finds, and reads random games from
//! Cutoff's writer (castling, Chess960 castling, en passant and promotions) position by
//! position as Cutoff's reader does. The `bulletformat` crate (the bullet trainer's data
//! loader) reads what `cutoff data convert --to bullet` writes and finds every position, score
//! and result of Cutoff's own reading under the trainer's default filter, as its own parser
//! makes them of the same positions' text lines.

use bulletformat::{ChessBoard, DataLoader};
use cutoff::board::{legal_moves, Board, Color, Move};
use cutoff::rng::SplitMix64;
use cutoff::tools::data::viriformat::{write_game, GameReader};
use cutoff::tools::data::{convert, Filter, GameRecord, GameResult, OutputFormat};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::Command;
use viriformat::chess::board::Board as ViriBoard;
use viriformat::chess::piece::Colour;
use viriformat::dataformat::{Game, WDL};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cutoff-ref-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn cutoff(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cutoff {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A small file of `cutoff datagen --format binary`.
fn datagen_file(dir: &Path) -> PathBuf {
    let path = dir.join("games.vf");
    cutoff(&[
        "datagen",
        "--format",
        "binary",
        "--games",
        "6",
        "--nodes",
        "300",
        "--hash",
        "1",
        "--threads",
        "1",
        "--seed",
        "11",
        "--out",
        path.to_str().unwrap(),
    ]);
    path
}

/// Every game of `bytes` as viriformat reads it.
fn viri_games(mut bytes: &[u8]) -> Vec<Game> {
    let mut games = Vec::new();
    while !bytes.fill_buf().unwrap().is_empty() {
        games.push(Game::deserialise_from(&mut bytes, Vec::new()).expect("viriformat reads it"));
    }
    games
}

fn viri_label(wdl: WDL) -> &'static str {
    match wdl {
        WDL::Win => "1.0",
        WDL::Draw => "0.5",
        WDL::Loss => "0.0",
    }
}

/// Cutoff's own reading of game records.
fn our_games(bytes: &[u8]) -> Vec<GameRecord> {
    let mut reader = GameReader::new(bytes);
    let mut games = Vec::new();
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
    while reader.read_game(&mut game).unwrap() {
        games.push(game.clone());
    }
    games
}

/// A position as both readers can print it: the FEN with its castling field as the castling
/// rooks' squares (Chess960 FENs spell castling differently in the two).
fn comparable(fen: &str, rooks: [Option<usize>; 4]) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    fields[2] = rooks
        .map(|r| r.map_or("-".to_string(), |s| s.to_string()))
        .join(",");
    fields.join(" ")
}

fn ours(board: &Board) -> String {
    let rook = |c, side| board.castle_rook(c, side).map(|s| s.index());
    let (w, b) = (Color::White, Color::Black);
    comparable(
        &board.fen(),
        [rook(w, 0), rook(w, 1), rook(b, 0), rook(b, 1)],
    )
}

fn theirs(board: &ViriBoard) -> String {
    let r = board.castling_rights();
    let (w, b) = (Colour::White, Colour::Black);
    comparable(
        &board.to_string(),
        [r.kingside(w), r.queenside(w), r.kingside(b), r.queenside(b)]
            .map(|s| s.map(|s| s.index())),
    )
}

#[test]
fn viriformat_reads_datagen_files_as_cutoff_data_convert_does() {
    let dir = temp_dir("viri");
    let file = datagen_file(&dir);
    let bytes = std::fs::read(&file).unwrap();
    let text = dir.join("games.txt");
    cutoff(&[
        "data",
        "convert",
        file.to_str().unwrap(),
        text.to_str().unwrap(),
    ]);
    let converted: Vec<String> = std::fs::read_to_string(&text)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let games = viri_games(&bytes);
    assert_eq!(games.len(), 6);
    let mut read = Vec::new();
    for game in &games {
        let result = viri_label(game.outcome());
        game.visit_positions(|board, score| read.push(format!("{board} | {score} | {result}")));
    }
    assert!(read.len() > 100, "{} positions", read.len());
    assert_eq!(
        read, converted,
        "viriformat's positions, scores and results"
    );
    // Viridithas's writer gives back the file byte for byte.
    let mut again = Vec::new();
    for game in &games {
        game.serialise_into(&mut again).unwrap();
    }
    assert!(
        again == bytes,
        "viriformat writes the games back as they were"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A random game of at least one move from `start`: special moves (castling, en passant,
/// promotions) are chosen whenever one is legal and a coin says so.
fn random_game(start: Board, rng: &mut SplitMix64) -> GameRecord {
    let result = [
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
    ][(rng.next_u64() % 3) as usize];
    let mut game = GameRecord::new(start, 0, result);
    let mut board = start;
    for _ in 0..1 + rng.next_u64() % 100 {
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

/// Random games from the start position and the positions of the standard, tricky and
/// Chess960 suites.
fn random_games() -> Vec<GameRecord> {
    let mut starts = vec![Board::startpos()];
    for name in ["standard.epd", "tricky.epd", "chess960.epd"] {
        let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
        for line in std::fs::read_to_string(path).unwrap().lines() {
            if !line.trim().is_empty() && !line.starts_with('#') {
                let fen = line.split(';').next().unwrap().trim();
                starts.push(Board::from_fen(fen).unwrap());
            }
        }
    }
    let mut rng = SplitMix64::new(75);
    let mut games = Vec::new();
    for start in starts {
        for _ in 0..4 {
            let game = random_game(start, &mut rng);
            if !game.moves.is_empty() {
                games.push(game);
            }
        }
    }
    games
}

#[test]
fn viriformat_reads_every_kind_of_move_as_cutoff_does() {
    let games = random_games();
    let mut bytes = Vec::new();
    for game in &games {
        write_game(&mut bytes, game).unwrap();
    }
    let read = viri_games(&bytes);
    assert_eq!(read.len(), games.len());
    let (mut castles, mut en_passant, mut promotions) = (0, 0, 0);
    for (game, viri) in games.iter().zip(&read) {
        let label = game.result.label();
        let mut expected = Vec::new();
        game.positions(|board, score, _| {
            expected.push(format!("{} | {score} | {label}", ours(board)))
        });
        let mut found = Vec::new();
        viri.visit_positions(|board, score| {
            found.push(format!(
                "{} | {score} | {}",
                theirs(board),
                viri_label(viri.outcome())
            ))
        });
        assert_eq!(found, expected, "the game from {}", game.start.fen());
        for (m, _) in &game.moves {
            castles += usize::from(m.is_castle());
            en_passant += usize::from(m.is_en_passant());
            promotions += usize::from(m.promotion_piece().is_some());
        }
    }
    assert!(castles > 10 && en_passant > 0 && promotions > 10);

    // A record without moves is Cutoff's way to hold a single position (a text line that
    // `cutoff data convert` wrote as a record): Cutoff reads its start, scored by the packed
    // score; viriformat, whose games are the positions before their moves, reads none.
    let mut single = Vec::new();
    write_game(
        &mut single,
        &GameRecord::new(Board::startpos(), 40, GameResult::Draw),
    )
    .unwrap();
    let mut n = 0;
    viri_games(&single)[0].visit_positions(|_, _| n += 1);
    let mut ours = Vec::new();
    our_games(&single)[0].positions(|board, score, _| ours.push((*board, score)));
    assert_eq!((n, ours), (0, vec![(Board::startpos(), 40)]));
}

/// Every position of `path` as bulletformat's loader reads it.
fn bullet_positions(path: &Path) -> Vec<ChessBoard> {
    let mut boards = Vec::new();
    DataLoader::<ChessBoard>::new(path, 1)
        .unwrap()
        .map_positions(|b| boards.push(*b));
    boards
}

/// What bulletformat's own parser makes of the positions of `games` the trainer's default
/// filter keeps, as text lines.
fn expected_bullet(games: &[GameRecord]) -> Vec<ChessBoard> {
    let mut boards = Vec::new();
    for game in games {
        Filter::TRAINING.positions(game, |board, score, _| {
            let line = format!("{} | {score} | {}", board.fen(), game.result.label());
            boards.push(
                line.parse::<ChessBoard>()
                    .expect("bulletformat parses the line"),
            );
        });
    }
    boards
}

#[test]
fn bulletformat_reads_what_data_convert_writes() {
    let dir = temp_dir("bullet");
    // Datagen's games, converted by the command (the format by the extension).
    let file = datagen_file(&dir);
    let out = dir.join("games.bullet");
    let printed = cutoff(&[
        "data",
        "convert",
        file.to_str().unwrap(),
        out.to_str().unwrap(),
    ]);
    let games = our_games(&std::fs::read(&file).unwrap());
    let expected = expected_bullet(&games);
    assert!(expected.len() > 100, "{} positions", expected.len());
    let read = bullet_positions(&out);
    assert_eq!(
        std::fs::metadata(&out).unwrap().len(),
        32 * read.len() as u64
    );
    assert_eq!(
        read, expected,
        "bulletformat's positions, scores and results"
    );
    assert!(
        printed.contains(&format!("{} positions written", expected.len())),
        "{printed}"
    );

    // Random games with every kind of move, through the library.
    let games = random_games();
    let mut bytes = Vec::new();
    for game in &games {
        write_game(&mut bytes, game).unwrap();
    }
    let vf = dir.join("random.vf");
    std::fs::write(&vf, bytes).unwrap();
    let mut written = Vec::new();
    let (_, n) = convert(
        vf.to_str().unwrap(),
        None,
        OutputFormat::Bullet,
        &mut written,
    )
    .unwrap();
    let out = dir.join("random.data");
    std::fs::write(&out, written).unwrap();
    let read = bullet_positions(&out);
    assert_eq!(read.len(), n);
    assert_eq!(read, expected_bullet(&games));

    // Text lines convert too: a line is a position alone (no move, no ply to filter on).
    let sample = format!("{}/tests/data/tune_sample.txt", env!("CARGO_MANIFEST_DIR"));
    let mut written = Vec::new();
    convert(&sample, None, OutputFormat::Bullet, &mut written).unwrap();
    let out = dir.join("sample.bullet");
    std::fs::write(&out, written).unwrap();
    let lines = std::fs::read_to_string(&sample).unwrap();
    let expected: Vec<ChessBoard> = lines
        .lines()
        .filter(|l| {
            let mut f = l.split('|');
            let board = Board::from_fen(f.next().unwrap()).unwrap();
            let score: i32 = f.next().unwrap().trim().parse().unwrap();
            !board.in_check() && score.abs() <= 3000
        })
        .map(|l| l.parse::<ChessBoard>().unwrap())
        .collect();
    assert!(expected.len() > 5000);
    assert_eq!(bullet_positions(&out), expected);
    let _ = std::fs::remove_dir_all(&dir);
}
