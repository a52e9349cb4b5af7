//! Syzygy endgame tablebases, read through the `shakmaty-syzygy` crate.
//!
//! - Loading: `SyzygyPath` names one or more directories (separated by `:` or `;`); every
//!   `*.rtbw` (win/draw/loss) and `*.rtbz` (distance to zeroing) file in them is registered.
//!   Files are opened lazily on the first probe that needs them.
//! - In the search: a WDL probe at nodes where the 50-move counter is 0 (right after a capture
//!   or a pawn move), there are no castling rights and no more pieces than the largest table
//!   ([`can_probe`]). Such a probe is exact under the 50-move rule.
//! - At the root: every legal move is ranked by DTZ ([`Tablebase::rank_root`]) and the search
//!   only looks at the best-ranked ones, so a won position is never thrown away, also not by
//!   the 50-move rule.
//!
//! Positions are handed to the crate as a `shakmaty::Chess` built straight from our bitboards.

use super::{MATE_BOUND, MAX_PLY};
use crate::board::{legal_moves, Board, Color, Move, PieceType};
use crate::position::Position;
use shakmaty::{CastlingMode, FromSetup};
use shakmaty_syzygy::{Dtz, Wdl};
use std::collections::HashSet;
use std::fmt;
use std::io;
use std::num::NonZeroU32;
use std::path::Path;

/// The score of a tablebase win at the root; a win found `ply` plies into the search scores
/// `TB_WIN - ply`. It stays below every mate score, so a real mate always outranks it.
pub const TB_WIN: i32 = MATE_BOUND - 1 - MAX_PLY as i32;
/// Scores at or beyond this (in absolute value) are tablebase wins or losses (or mates).
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// How UCI shows a tablebase win at the root: `cp 20000` (less the plies to reach it).
pub(crate) const TB_WIN_CP: i32 = 20_000;

/// The tables found in the `SyzygyPath` directories, shared by all search threads.
pub struct Tablebase {
    tables: shakmaty_syzygy::Tablebase<shakmaty::Chess>,
    wdl_files: usize,
    dtz_files: usize,
    /// The directories, as given, that held at least one table.
    dirs: Vec<String>,
}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("wdl_files", &self.wdl_files)
            .field("dtz_files", &self.dtz_files)
            .field("max_pieces", &self.max_pieces())
            .field("dirs", &self.dirs)
            .finish()
    }
}

/// What [`Tablebase::open`] found: the tables (None when there are none) and one message per
/// problem (a directory that does not exist, a file that cannot be a table, ...).
#[derive(Debug)]
pub struct Opened {
    pub tablebase: Option<Tablebase>,
    pub errors: Vec<String>,
}

/// The directories named by a `SyzygyPath` value: separated by `:` or `;` (`;` only on
/// Windows, where `:` follows drive letters). `<empty>` and blanks name none.
pub(crate) fn split_path_list(spec: &str) -> Vec<&str> {
    let spec = spec.trim();
    if spec.is_empty() || spec == "<empty>" {
        return Vec::new();
    }
    let separators: &[char] = if cfg!(windows) { &[';'] } else { &[':', ';'] };
    spec.split(separators)
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .collect()
}

impl Tablebase {
    /// Registers every table file in the directories of `spec` (see [`split_path_list`]).
    /// Files whose names are not table names are ignored; directories that cannot be read and
    /// files that cannot be tables are reported in `errors`.
    pub fn open(spec: &str) -> Opened {
        let dirs = split_path_list(spec);
        let mut errors = Vec::new();
        if dirs.is_empty() {
            return Opened {
                tablebase: None,
                errors,
            };
        }
        let mut tb = Tablebase {
            tables: shakmaty_syzygy::Tablebase::new(),
            wdl_files: 0,
            dtz_files: 0,
            dirs: Vec::new(),
        };
        for dir in &dirs {
            match tb.add_dir(Path::new(dir), &mut errors) {
                Ok(0) => errors.push(format!("SyzygyPath: no tablebase files in '{dir}'")),
                Ok(_) => tb.dirs.push(dir.to_string()),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    errors.push(format!("SyzygyPath: directory '{dir}' does not exist"))
                }
                Err(e) => errors.push(format!("SyzygyPath: cannot read directory '{dir}': {e}")),
            }
        }
        if tb.files() == 0 {
            // Every directory failed and said why: the last word says what follows.
            if let Some(last) = errors.last_mut() {
                last.push_str("; tablebase probing is off");
            }
            return Opened {
                tablebase: None,
                errors,
            };
        }
        Opened {
            tablebase: Some(tb),
            errors,
        }
    }

    /// Adds the tables of one directory; returns how many files were added.
    fn add_dir(&mut self, dir: &Path, errors: &mut Vec<String>) -> io::Result<usize> {
        let mut added = 0;
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            match self.tables.add_file(&path) {
                Ok(()) => {
                    added += 1;
                    if path.extension().is_some_and(|e| e == "rtbz") {
                        self.dtz_files += 1;
                    } else {
                        self.wdl_files += 1;
                    }
                }
                // Not named like a table: README, a checksum file, ...
                Err(e) if e.kind() == io::ErrorKind::InvalidInput => {}
                Err(e) => errors.push(format!(
                    "SyzygyPath: skipping '{}': {e}",
                    path.to_string_lossy()
                )),
            }
        }
        Ok(added)
    }

    /// How many table files were registered (WDL and DTZ).
    pub(crate) fn files(&self) -> usize {
        self.wdl_files + self.dtz_files
    }

    #[cfg(test)]
    pub(crate) fn wdl_files(&self) -> usize {
        self.wdl_files
    }

    #[cfg(test)]
    pub(crate) fn dtz_files(&self) -> usize {
        self.dtz_files
    }

    /// The most pieces (kings included) of any registered table.
    #[inline]
    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    /// One line for the GUI: what was found where.
    pub(crate) fn summary(&self) -> String {
        format!(
            "found {} tablebase files in {} ({} WDL, {} DTZ, up to {} pieces)",
            self.files(),
            self.dirs.join(":"),
            self.wdl_files,
            self.dtz_files,
            self.max_pieces()
        )
    }

    /// WDL of `board` for the side to move, assuming its 50-move counter is 0 (the position
    /// came right after a capture or pawn move). None when no table answers.
    pub fn probe_wdl_after_zeroing(&self, board: &Board) -> Option<Wdl> {
        let pos = to_chess(board)?;
        self.tables.probe_wdl_after_zeroing(&pos).ok()
    }

    /// WDL of `board` for the side to move, counting its 50-move counter. None when no table
    /// answers or the answer is ambiguous (DTZ rounding right at the 50-move limit).
    pub fn probe_wdl(&self, board: &Board) -> Option<Wdl> {
        let pos = to_chess(board)?;
        self.tables.probe_wdl(&pos).ok()?.unambiguous()
    }

    /// DTZ of `board` for the side to move: plies to the next capture or pawn move with best
    /// play, positive when winning (see `shakmaty_syzygy::Dtz`). Needs the DTZ tables.
    pub fn probe_dtz(&self, board: &Board) -> Option<i32> {
        let pos = to_chess(board)?;
        self.tables
            .probe_dtz(&pos)
            .ok()
            .map(|d| d.ignore_rounding().0)
    }

    /// Ranks the root moves of `pos` when the root is in the tables; None when it is not (too
    /// many pieces, castling rights, a missing table).
    ///
    /// Each move gets the DTZ of the position after it, counted from the root. Moves that keep
    /// a win safely inside the 50-move budget rank equal (the search picks among them, and
    /// finds mates); once a position repeated since the last capture or pawn move, or the
    /// budget gets tight, the fastest conversion ranks first. Losing moves rank equal unless a
    /// 50-move draw is in reach, then the longest resistance ranks first. Without DTZ tables
    /// the moves are ranked by WDL alone.
    pub fn rank_root(&self, pos: &mut Position) -> Option<RootTb> {
        self.rank_root_among(pos, &[])
    }

    /// `rank_root` over the moves `only` lists (`go searchmoves`; empty: every legal move):
    /// the best outcome among them, and the ones that keep it.
    pub fn rank_root_among(&self, pos: &mut Position, only: &[Move]) -> Option<RootTb> {
        let board = *pos.board();
        if board.castling_mask() != 0 || piece_count(&board) > self.max_pieces() {
            return None;
        }
        let moves = super::listed_moves(&board, only);
        if moves.is_empty() {
            return None;
        }
        self.rank_root_dtz(pos, &moves)
            .or_else(|| self.rank_root_wdl(pos, &moves))
    }

    fn rank_root_dtz(&self, pos: &mut Position, moves: &crate::board::MoveList) -> Option<RootTb> {
        let cnt50 = i32::from(pos.board().halfmove_clock());
        let repeated = repeated_since_zeroing(pos);
        let mut ranked = Vec::with_capacity(moves.len());
        for &m in moves {
            pos.make_move(m);
            let dtz = self.root_move_dtz(pos);
            pos.unmake_move();
            let dtz = dtz?;
            ranked.push(RankedMove {
                mv: m,
                dtz,
                rank: root_rank(dtz, cnt50, repeated),
            });
        }
        let probes = ranked.len() as u64;
        let best = sort_ranked(&mut ranked);
        let score = if best.dtz > 0 && best.dtz + cnt50 <= 100 {
            TB_WIN
        } else if best.dtz < 0 && -best.dtz + cnt50 <= 100 {
            -TB_WIN
        } else {
            0
        };
        Some(RootTb::new(ranked, score, probes))
    }

    /// The DTZ of the move just made, from the root's side and counted from the root.
    fn root_move_dtz(&self, pos: &Position) -> Option<i32> {
        let child = pos.board();
        if child.halfmove_clock() == 0 {
            // A capture or pawn move: the result is all that matters.
            let wdl = -self.probe_wdl_after_zeroing(child)?;
            return Some(Dtz::before_zeroing(wdl).0);
        }
        if pos.is_repetition(1) || pos.is_fifty_move_draw() {
            return Some(0);
        }
        let d = -self.probe_dtz(child)?;
        let dtz = d + d.signum();
        // Mate without a capture: the child's DTZ is -1, and mate is as fast as it gets.
        if dtz == 2 && child.in_check() && legal_moves(child).is_empty() {
            return Some(1);
        }
        Some(dtz)
    }

    fn rank_root_wdl(&self, pos: &mut Position, moves: &crate::board::MoveList) -> Option<RootTb> {
        let mut ranked = Vec::with_capacity(moves.len());
        for &m in moves {
            pos.make_move(m);
            let wdl = if pos.is_repetition(1) || pos.is_fifty_move_draw() {
                Some(Wdl::Draw)
            } else {
                self.probe_wdl(pos.board())
                    .or_else(|| self.probe_wdl_after_zeroing(pos.board()))
                    .map(|w| -w)
            };
            pos.unmake_move();
            let wdl = wdl?;
            ranked.push(RankedMove {
                mv: m,
                dtz: 0,
                rank: i32::from(wdl),
            });
        }
        let probes = ranked.len() as u64;
        let best = sort_ranked(&mut ranked);
        let score = match best.rank {
            2 => TB_WIN,
            -2 => -TB_WIN,
            _ => 0,
        };
        Some(RootTb::new(ranked, score, probes))
    }
}

/// A root move with its tablebase rank (higher is better) and DTZ from the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub mv: Move,
    /// Plies to the next capture or pawn move, positive when winning (0 without DTZ tables).
    pub dtz: i32,
    pub rank: i32,
}

/// Sorts best first (rank, then the faster win or the longer loss); returns the best.
fn sort_ranked(ranked: &mut [RankedMove]) -> RankedMove {
    ranked.sort_by_key(|r| {
        let speed = if r.dtz > 0 { r.dtz } else { -r.dtz.abs() };
        (std::cmp::Reverse(r.rank), speed)
    });
    ranked[0]
}

/// The tablebase verdict on the root: which moves the search may play.
#[derive(Clone, Debug)]
pub struct RootTb {
    /// Every legal move, best first.
    pub ranked: Vec<RankedMove>,
    /// The moves that keep the best outcome, best first; never empty.
    pub allowed: Vec<Move>,
    /// The root's score by the tables: `TB_WIN`, 0 or `-TB_WIN`.
    pub score: i32,
    /// How many probes the ranking took.
    pub probes: u64,
}

impl RootTb {
    fn new(ranked: Vec<RankedMove>, score: i32, probes: u64) -> RootTb {
        let best = ranked[0].rank;
        let allowed = ranked
            .iter()
            .filter(|r| r.rank == best)
            .map(|r| r.mv)
            .collect();
        RootTb {
            ranked,
            allowed,
            score,
            probes,
        }
    }

    pub fn allows(&self, m: Move) -> bool {
        self.allowed.contains(&m)
    }
}

/// Rank of a root move from its DTZ (counted from the root), the root's 50-move counter and
/// whether a position repeated since the last capture or pawn move.
pub(crate) fn root_rank(dtz: i32, cnt50: i32, repeated: bool) -> i32 {
    const WIN: i32 = 1000;
    if dtz > 0 {
        if dtz + cnt50 <= 99 && !repeated {
            WIN
        } else {
            // Faster is better; a cursed win (past the budget) still beats a draw.
            (WIN / 2 - (dtz + cnt50)).max(1)
        }
    } else if dtz < 0 {
        if -dtz * 2 + cnt50 < 100 {
            -WIN
        } else {
            // A 50-move draw may be in reach: resist longest.
            (-WIN / 2 + (-dtz + cnt50)).min(-1)
        }
    } else {
        0
    }
}

/// Whether a position occurred twice since the last capture or pawn move.
fn repeated_since_zeroing(pos: &Position) -> bool {
    let reversible = usize::from(pos.board().halfmove_clock());
    let keys: Vec<u64> = pos.key_history().collect();
    let start = keys.len().saturating_sub(reversible);
    let mut seen = HashSet::with_capacity(keys.len() - start + 1);
    keys[start..]
        .iter()
        .chain(std::iter::once(&pos.board().key()))
        .any(|&k| !seen.insert(k))
}

#[inline(always)]
fn piece_count(board: &Board) -> usize {
    board.occupied().count() as usize
}

/// The search's probe gate: probe only right after a capture or pawn move (50-move counter
/// 0, where a WDL probe is exact under the 50-move rule), without castling rights, and with
/// no more pieces than the largest table.
#[inline(always)]
pub(crate) fn can_probe(board: &Board, max_pieces: usize) -> bool {
    board.halfmove_clock() == 0 && board.castling_mask() == 0 && piece_count(board) <= max_pieces
}

/// A tablebase result as a search score at `ply` from the root: wins and losses by distance
/// from the root, draws (also wins or losses the 50-move rule turns into draws) as 0.
#[inline]
pub(crate) fn wdl_score(wdl: Wdl, ply: usize) -> i32 {
    match wdl {
        Wdl::Win => TB_WIN - ply as i32,
        Wdl::Loss => -TB_WIN + ply as i32,
        Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => 0,
    }
}

/// Our board as a `shakmaty::Chess`, straight from the bitboards: no castling rights (the
/// tables hold none), the en passant square, the 50-move counter. None when shakmaty rejects
/// the position (which it does for positions no table holds anyway).
pub(crate) fn to_chess(board: &Board) -> Option<shakmaty::Chess> {
    if board.castling_mask() != 0 {
        return None;
    }
    let bb = |pt: PieceType| shakmaty::Bitboard(board.pieces(pt).0);
    let by_role = shakmaty::ByRole {
        pawn: bb(PieceType::Pawn),
        knight: bb(PieceType::Knight),
        bishop: bb(PieceType::Bishop),
        rook: bb(PieceType::Rook),
        queen: bb(PieceType::Queen),
        king: bb(PieceType::King),
    };
    let by_color = shakmaty::ByColor {
        white: shakmaty::Bitboard(board.colored(Color::White).0),
        black: shakmaty::Bitboard(board.colored(Color::Black).0),
    };
    let sk_board = shakmaty::Board::try_from_bitboards(by_role, by_color).ok()?;
    let setup = shakmaty::Setup {
        board: sk_board,
        promoted: shakmaty::Bitboard::EMPTY,
        pockets: None,
        turn: match board.side_to_move() {
            Color::White => shakmaty::Color::White,
            Color::Black => shakmaty::Color::Black,
        },
        castling_rights: shakmaty::Bitboard::EMPTY,
        ep_square: board
            .en_passant()
            .map(|sq| shakmaty::Square::new(sq.index() as u32)),
        remaining_checks: None,
        halfmoves: u32::from(board.halfmove_clock()),
        fullmoves: NonZeroU32::new(u32::from(board.fullmove_number())).unwrap_or(NonZeroU32::MIN),
    };
    shakmaty::Chess::from_setup(setup, CastlingMode::Standard).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::EnPassantMode;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen).expect("test FEN parses")
    }

    #[test]
    fn conversion_matches_shakmaty_fen_parsing() {
        for fen in [
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "8/8/8/4k3/8/8/3QK3/8 b - - 0 57",
            "8/8/8/8/3Pp3/8/8/K6k b - d3 0 1",
            "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 3 30",
            "8/P6k/8/8/8/8/6Kp/8 w - - 11 80",
        ] {
            let ours = to_chess(&board(fen)).expect("converts");
            let theirs: shakmaty::Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            assert_eq!(ours, theirs, "{fen}");
            assert_eq!(
                Fen::from_position(&ours, EnPassantMode::Legal).to_string(),
                Fen::from_position(&theirs, EnPassantMode::Legal).to_string(),
                "{fen}"
            );
        }
    }

    #[test]
    fn positions_with_castling_rights_are_not_converted() {
        assert!(to_chess(&board("4k3/8/8/8/8/8/8/4K2R w K - 0 1")).is_none());
        assert!(to_chess(&board("4k3/8/8/8/8/8/8/4K2R w - - 0 1")).is_some());
    }

    #[test]
    fn probe_gate_needs_zeroed_counter_no_castling_and_few_pieces() {
        let zeroed = board("7k/8/8/8/8/8/8/KQ6 w - - 0 1");
        assert!(can_probe(&zeroed, 3));
        assert!(can_probe(&zeroed, 5));
        assert!(!can_probe(&zeroed, 2), "3 pieces, 2-piece tables");
        assert!(!can_probe(&zeroed, 0), "no tables");
        let counting = board("7k/8/8/8/8/8/8/KQ6 w - - 1 1");
        assert!(!can_probe(&counting, 5), "50-move counter is 1");
        let late = board("7k/8/8/8/8/8/8/KQ6 w - - 99 80");
        assert!(!can_probe(&late, 5), "50-move counter is 99");
        let castling = board("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert!(!can_probe(&castling, 5), "castling rights");
        let no_rights = board("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert!(can_probe(&no_rights, 3));
        assert!(!can_probe(&Board::startpos(), 7), "32 pieces");
    }

    #[test]
    fn tablebase_scores_sit_between_evaluations_and_mates() {
        assert_eq!(TB_WIN, MATE_BOUND - 1 - MAX_PLY as i32);
        assert_eq!(wdl_score(Wdl::Win, 0), TB_WIN);
        assert_eq!(wdl_score(Wdl::Win, 5), TB_WIN - 5);
        assert_eq!(wdl_score(Wdl::Loss, 5), -TB_WIN + 5);
        assert_eq!(wdl_score(Wdl::CursedWin, 3), 0);
        assert_eq!(wdl_score(Wdl::BlessedLoss, 3), 0);
        assert_eq!(wdl_score(Wdl::Draw, 3), 0);
        // The longest mate still outranks the quickest tablebase win.
        assert!(super::super::MATE - MAX_PLY as i32 > wdl_score(Wdl::Win, 0));
        // The slowest tablebase win stays a tablebase score.
        assert!(wdl_score(Wdl::Win, MAX_PLY) >= TB_BOUND);
    }

    #[test]
    fn root_ranks_order_outcomes() {
        // Safe wins rank equal, and above everything else.
        assert_eq!(root_rank(1, 0, false), root_rank(60, 30, false));
        assert!(root_rank(60, 30, false) > root_rank(1, 0, true));
        // After a repetition the faster win ranks higher.
        assert!(root_rank(3, 10, true) > root_rank(9, 10, true));
        // Near the 50-move limit, too.
        assert!(root_rank(10, 90, false) > root_rank(20, 90, false));
        // A cursed win beats a draw, which beats any loss.
        assert!(root_rank(150, 0, false) > 0);
        assert_eq!(root_rank(0, 40, false), 0);
        assert!(root_rank(-1, 0, false) < 0);
        assert!(root_rank(-150, 0, false) < 0);
        // A blessed loss beats a plain loss; with a draw in reach, resisting longer is better.
        assert!(root_rank(-150, 0, false) > root_rank(-5, 0, false));
        assert!(root_rank(-40, 30, false) > root_rank(-36, 30, false));
        // Far from the limit, losses rank equal and the search chooses.
        assert_eq!(root_rank(-3, 0, false), root_rank(-20, 0, false));
    }

    #[test]
    fn path_lists_split_on_colons_and_semicolons() {
        assert!(split_path_list("").is_empty());
        assert!(split_path_list("  ").is_empty());
        assert!(split_path_list("<empty>").is_empty());
        assert_eq!(split_path_list("/a"), vec!["/a"]);
        if !cfg!(windows) {
            assert_eq!(split_path_list("/a:/b;/c"), vec!["/a", "/b", "/c"]);
            assert_eq!(split_path_list("/a::/b:"), vec!["/a", "/b"]);
        }
    }

    #[test]
    fn bad_paths_give_errors_and_no_tables() {
        let none = Tablebase::open("");
        assert!(none.tablebase.is_none());
        assert!(none.errors.is_empty());

        let missing = Tablebase::open("/no/such/cutoff/dir");
        assert!(missing.tablebase.is_none());
        assert_eq!(
            missing.errors,
            vec![
                "SyzygyPath: directory '/no/such/cutoff/dir' does not exist; tablebase probing is off"
            ]
        );

        let dir = std::env::temp_dir().join(format!("cutoff-tb-empty-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("README.txt"), "not a table").unwrap();
        // Named like a table, but no table can have this size.
        std::fs::write(dir.join("KQvK.rtbw"), [0u8; 10]).unwrap();
        let spec = dir.to_string_lossy().to_string();
        let empty = Tablebase::open(&spec);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(empty.tablebase.is_none());
        assert_eq!(empty.errors.len(), 2, "{:?}", empty.errors);
        assert!(
            empty.errors[0].starts_with("SyzygyPath: skipping '")
                && empty.errors[0].contains("KQvK.rtbw")
                && empty.errors[0].contains("unexpected file size"),
            "{:?}",
            empty.errors
        );
        assert_eq!(
            empty.errors[1],
            format!("SyzygyPath: no tablebase files in '{spec}'; tablebase probing is off")
        );

        // One good directory is enough; the bad one is still reported.
        let both = Tablebase::open("/no/such/cutoff/dir:/also/not/here");
        assert_eq!(both.errors.len(), 2, "{:?}", both.errors);
        assert!(both.errors[0].ends_with("does not exist"));
        assert!(both.errors[1].ends_with("does not exist; tablebase probing is off"));
    }

    #[test]
    fn a_garbage_file_with_a_table_name_fails_probes_quietly() {
        let dir = std::env::temp_dir().join(format!("cutoff-tb-garbage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // 64 * k + 16 bytes passes the size check; the contents are no table.
        std::fs::write(dir.join("KQvK.rtbw"), vec![0x5au8; 64 * 4 + 16]).unwrap();
        std::fs::write(dir.join("KQvK.rtbz"), vec![0u8; 64 + 16]).unwrap();
        let opened = Tablebase::open(&dir.to_string_lossy());
        let tb = opened.tablebase.expect("the names look like tables");
        assert!(opened.errors.is_empty(), "{:?}", opened.errors);
        assert_eq!((tb.wdl_files(), tb.dtz_files(), tb.max_pieces()), (1, 1, 3));
        let kqk = board("8/8/8/4k3/8/8/3QK3/8 w - - 0 1");
        assert_eq!(tb.probe_wdl_after_zeroing(&kqk), None);
        assert_eq!(tb.probe_wdl(&kqk), None);
        assert_eq!(tb.probe_dtz(&kqk), None);
        let mut pos = Position::new(kqk);
        assert!(tb.rank_root(&mut pos).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn repetitions_since_the_last_zeroing_move_are_seen() {
        let mut pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let play = |pos: &mut Position, moves: &[&str]| {
            for text in moves {
                let m = pos.board().parse_uci_move(text, false).unwrap();
                pos.make_move(m);
            }
        };
        assert!(!repeated_since_zeroing(&pos));
        play(&mut pos, &["e1d1", "e8d8", "d1e1"]);
        assert!(!repeated_since_zeroing(&pos));
        play(&mut pos, &["d8e8"]);
        assert!(repeated_since_zeroing(&pos), "the start position is back");
        // A pawn move forgets what came before.
        play(&mut pos, &["e2e4", "e8d8", "e1d1"]);
        assert_eq!(pos.board().halfmove_clock(), 2);
        assert!(!repeated_since_zeroing(&pos));
        play(&mut pos, &["d8e8", "d1e1"]);
        assert!(repeated_since_zeroing(&pos));
    }
}
