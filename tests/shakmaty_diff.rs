//! Differential test against shakmaty: random legal games (fixed seeds) from every suite
//! position, comparing at each position the legal move set, every child's FEN, check,
//! checkmate and stalemate, and checking our own invariants (keys restored by unmake,
//! incremental key and piece-square sum equal to those from scratch, `is_legal`, the
//! noisy/quiet split).

mod support;

use cutoff::board::movegen::{is_checkmate, is_stalemate};
use cutoff::board::{
    is_legal, legal_moves, noisy_moves, quiet_moves, Board, DirtyPiece, Move, MoveList, Piece,
    PieceType, Square,
};
use cutoff::eval::psq::{psq_delta, psq_of};
use cutoff::eval::{evaluate, EvalState};
use cutoff::position::Position;
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _, Role};
use std::collections::HashMap;
use support::{parallel_map, suite_or_sample, Entry, Rng};

fn their_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::PseudoLegal).to_string()
}

fn role_of(pt: PieceType) -> Role {
    match pt {
        PieceType::Pawn => Role::Pawn,
        PieceType::Knight => Role::Knight,
        PieceType::Bishop => Role::Bishop,
        PieceType::Rook => Role::Rook,
        PieceType::Queen => Role::Queen,
        PieceType::King => Role::King,
    }
}

/// What one game visited, for the cross-game key consistency check.
struct GameLog {
    positions: usize,
    moves: usize,
    /// (our key, shakmaty's key, FEN without clocks) of every position visited.
    keys: Vec<(u64, u64, String)>,
}

/// Compares everything about one position and its children; panics with the FEN on the
/// first difference. Returns our and shakmaty's moves, sorted and paired by UCI text.
fn compare(ours: &Board, theirs: &Chess, rng: &mut Rng) -> Vec<(Move, shakmaty::Move)> {
    let fen = ours.fen();
    assert_eq!(fen, their_fen(theirs), "FEN differs");

    let list = legal_moves(ours);
    let mut mine: Vec<(String, Move)> =
        list.iter().map(|&m| (m.uci(true).to_string(), m)).collect();
    mine.sort_by(|a, b| a.0.cmp(&b.0));
    let mut other: Vec<(String, shakmaty::Move)> = theirs
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_uci(CastlingMode::Chess960).to_string(), m))
        .collect();
    other.sort_by(|a, b| a.0.cmp(&b.0));
    let a: Vec<&str> = mine.iter().map(|x| x.0.as_str()).collect();
    let b: Vec<&str> = other.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(a, b, "legal moves differ in {fen}");

    assert_eq!(ours.checkers().0, theirs.checkers().0, "checkers in {fen}");
    assert_eq!(ours.in_check(), theirs.is_check(), "check in {fen}");
    assert_eq!(
        is_checkmate(ours),
        theirs.is_checkmate(),
        "checkmate in {fen}"
    );
    assert_eq!(
        is_stalemate(ours),
        theirs.is_stalemate(),
        "stalemate in {fen}"
    );

    // Noisy and quiet moves split the legal moves exactly, as shakmaty classifies them.
    let mut noisy = MoveList::new();
    let mut quiet = MoveList::new();
    noisy_moves(ours, &mut noisy);
    quiet_moves(ours, &mut quiet);
    let mut split: Vec<u16> = noisy.iter().chain(quiet.iter()).map(|m| m.raw()).collect();
    let mut all: Vec<u16> = list.iter().map(|m| m.raw()).collect();
    split.sort_unstable();
    all.sort_unstable();
    assert_eq!(split, all, "noisy + quiet != legal in {fen}");
    assert!(
        noisy.iter().all(|m| m.is_noisy()),
        "quiet move among noisy in {fen}"
    );
    assert!(
        quiet.iter().all(|m| m.is_quiet()),
        "noisy move among quiet in {fen}"
    );

    let pairs: Vec<(Move, shakmaty::Move)> = mine
        .into_iter()
        .map(|x| x.1)
        .zip(other.into_iter().map(|x| x.1))
        .collect();
    for &(m, t) in &pairs {
        assert_eq!(
            m.is_noisy(),
            t.is_capture() || t.is_promotion(),
            "{m:?} noisy in {fen}"
        );
        assert_eq!(m.is_capture(), t.is_capture(), "{m:?} capture in {fen}");
        assert_eq!(
            m.is_en_passant(),
            t.is_en_passant(),
            "{m:?} en passant in {fen}"
        );
        assert_eq!(m.is_castle(), t.is_castle(), "{m:?} castling in {fen}");
        assert_eq!(
            m.promotion_piece().map(role_of),
            t.promotion(),
            "{m:?} in {fen}"
        );
        assert_eq!(
            ours.captured(m).map(role_of),
            t.capture(),
            "{m:?} victim in {fen}"
        );
        assert_eq!(
            ours.moved_piece(m).map(|p| role_of(p.piece_type())),
            Some(t.role()),
            "{m:?} mover in {fen}"
        );
        assert!(
            is_legal(ours, m),
            "generated {m:?} is not is_legal in {fen}"
        );
    }

    // is_legal agrees with the list on garbage and on near misses of legal moves.
    let contains = |m: Move| list.contains(m);
    for _ in 0..24 {
        let m = Move::from_raw(rng.next_u64() as u16);
        assert_eq!(is_legal(ours, m), contains(m), "is_legal({m:?}) in {fen}");
    }
    for &m in list.iter() {
        let r = rng.next_u64() as u16;
        let other_kind = Move::from_raw(m.raw() & 0x0FFF | (r & 0xF000));
        let other_to = Move::from_raw(m.raw() & 0xF03F | (r & 0x0FC0));
        let other_from = Move::from_raw(m.raw() & 0xFFC0 | (r & 0x003F));
        for x in [other_kind, other_to, other_from] {
            assert_eq!(is_legal(ours, x), contains(x), "is_legal({x:?}) in {fen}");
        }
    }

    // Every child: same FEN as shakmaty's, a board equal to its own FEN parsed back
    // (so key, checkers and pins are all as if computed from scratch), the move's change
    // record turning the parent's pieces into the child's and its piece-square sum into the
    // child's, and make/unmake restoring the board exactly.
    let mut pos = Position::new(*ours);
    for &(m, t) in &pairs {
        let dirty = pos.make_move(m);
        let child = *pos.board();
        assert_eq!(
            apply_dirty(ours, &dirty),
            pieces_of(&child),
            "change record of {m:?} from {fen}: {dirty:?}"
        );
        assert_eq!(
            psq_of(ours) + psq_delta(&dirty),
            psq_of(&child),
            "psq after {m:?} from {fen}"
        );
        let mut their_child = theirs.clone();
        their_child.play_unchecked(t);
        let child_fen = child.fen();
        assert_eq!(child_fen, their_fen(&their_child), "after {m:?} from {fen}");
        assert_eq!(
            child.key(),
            child.compute_key(),
            "key after {m:?} from {fen}"
        );
        let reparsed = Board::from_fen(&child_fen).expect("our own FEN parses");
        assert_eq!(
            reparsed, child,
            "board after {m:?} from {fen} != its FEN parsed"
        );
        let shredder = Board::from_fen(&child.fen_shredder()).expect("Shredder-FEN parses");
        assert_eq!(
            shredder, child,
            "Shredder-FEN round trip after {m:?} from {fen}"
        );
        pos.unmake_move();
        assert_eq!(
            pos.board().key(),
            ours.key(),
            "key after unmaking {m:?} in {fen}"
        );
        assert_eq!(pos.board(), ours, "board after unmaking {m:?} in {fen}");
    }
    pairs
}

/// Every square's piece, indexed by square.
fn pieces_of(b: &Board) -> Vec<Option<Piece>> {
    Square::all().map(|sq| b.piece_at(sq)).collect()
}

/// `b`'s pieces after lifting and placing what a change record says: each lifted piece must
/// stand where the record says, each placed one land on an empty square.
fn apply_dirty(b: &Board, dirty: &DirtyPiece) -> Vec<Option<Piece>> {
    let mut squares = pieces_of(b);
    for ps in dirty.removed() {
        let slot = &mut squares[ps.square.index()];
        assert_eq!(*slot, Some(ps.piece), "lifted {ps:?} from {}", b.fen());
        *slot = None;
    }
    for ps in dirty.added() {
        let slot = &mut squares[ps.square.index()];
        assert_eq!(
            *slot,
            None,
            "placed {ps:?} on an occupied square in {}",
            b.fen()
        );
        *slot = Some(ps.piece);
    }
    squares
}

/// Plays `games` random games of up to `plies` moves from `e`, comparing every position.
fn play(e: &Entry, mode: CastlingMode, games: u64, plies: usize, seed: u64) -> GameLog {
    let start = Board::from_fen(&e.fen).unwrap_or_else(|err| panic!("{}: {err}", e.fen));
    let setup: Fen = e.fen.parse().unwrap();
    // Some perft positions have checks no legal game reaches (shakmaty's IMPOSSIBLE_CHECK);
    // they are still positions both generators must handle.
    let their_start: Chess = match setup.into_position(mode) {
        Ok(pos) => pos,
        Err(err) => err
            .ignore_impossible_check()
            .unwrap_or_else(|err| panic!("shakmaty rejects {}: {err}", e.fen)),
    };
    let mut log = GameLog {
        positions: 0,
        moves: 0,
        keys: Vec::new(),
    };
    for g in 0..games {
        let mut rng = Rng::new(seed ^ (e.line as u64) << 20 ^ g);
        let mut pos = Position::new(start);
        let mut eval = EvalState::new(&start);
        let mut theirs = their_start.clone();
        for _ in 0..plies {
            let b = *pos.board();
            // The evaluation kept move by move over the whole game equals the one from scratch.
            assert_eq!(eval.evaluate(&b), evaluate(&b), "evaluation in {}", b.fen());
            let pairs = compare(&b, &theirs, &mut rng);
            log.positions += 1;
            log.moves += pairs.len();
            let fen = b.fen();
            let epd: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
            let their_key: Zobrist64 = theirs.zobrist_hash(EnPassantMode::PseudoLegal);
            log.keys.push((b.key(), their_key.0, epd));
            if pairs.is_empty() {
                break;
            }
            // Half the time play a capture, promotion or pawn move when there is one, so
            // games reach endgames, promotions and en passant rather than shuffling pieces.
            let forcing: Vec<usize> = (0..pairs.len())
                .filter(|&i| {
                    let m = pairs[i].0;
                    m.is_noisy()
                        || b.moved_piece(m).map(|p| p.piece_type()) == Some(PieceType::Pawn)
                })
                .collect();
            let i = if !forcing.is_empty() && rng.below(2) == 0 {
                forcing[rng.below(forcing.len())]
            } else {
                rng.below(pairs.len())
            };
            let (m, t) = pairs[i];
            let dirty = pos.make_move(m);
            eval.push(&dirty, pos.board());
            theirs.play_unchecked(t);
        }
    }
    log
}

/// Equal positions have equal keys and (within this many positions) different positions
/// have different keys: checked through shakmaty's independent Zobrist hash.
fn check_keys(logs: &[GameLog]) {
    let mut by_ours: HashMap<u64, &str> = HashMap::new();
    let mut by_theirs: HashMap<u64, u64> = HashMap::new();
    for (ours, theirs, epd) in logs.iter().flat_map(|l| &l.keys) {
        let seen = *by_ours.entry(*ours).or_insert(epd);
        assert_eq!(seen, epd, "two positions share key {ours:016x}");
        let mine = *by_theirs.entry(*theirs).or_insert(*ours);
        assert_eq!(mine, *ours, "one position ({epd}) has two keys");
    }
}

fn run(name: &str, mode: CastlingMode, games: u64, plies: usize, min_positions: usize) {
    let (entries, full) = suite_or_sample(name);
    let (games, min_positions) = if full {
        (games, min_positions)
    } else {
        println!("{name}: ../shared missing, playing more games from the sample");
        (games * 8, min_positions / 20)
    };
    let logs = parallel_map(&entries, |e| play(e, mode, games, plies, 0x5EED_C0FF));
    let positions: usize = logs.iter().map(|l| l.positions).sum();
    let moves: usize = logs.iter().map(|l| l.moves).sum();
    println!("{name}: {positions} positions, {moves} moves compared");
    assert!(
        positions >= min_positions,
        "only {positions} positions were visited"
    );
    check_keys(&logs);
}

#[test]
fn shakmaty_standard() {
    run("standard", CastlingMode::Standard, 3, 120, 20_000);
}

#[test]
fn shakmaty_chess960() {
    run("chess960", CastlingMode::Chess960, 1, 60, 30_000);
}

#[test]
fn shakmaty_tricky() {
    run("tricky", CastlingMode::Standard, 4, 80, 500);
}
