//! `cutoff datagen`: the engine plays itself at a soft node limit a move and keeps the
//! quiet positions of each game, labelled with the search's score and the game's result, for
//! the evaluation tuner and the win/draw/loss fit (docs/datagen.md describes the format).
//!
//! Each game is a function of the seed and its number alone (its opening, its searches from a
//! cleared table), so a run with one thread is deterministic and a run with several writes
//! the same games in another order.
//!
//! A run can add to the file of an earlier one (`--append`); the sidecar `<out>.json`
//! (`sidecar`) records each run's binary, settings and counts, and the game numbers it used, so
//! that an appended run with the same seed plays new games rather than the same ones again.

mod output;
mod profile;
mod sidecar;

use crate::board::{legal_moves, Board, Color, Move};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::search::tablebase::Tablebase;
use crate::search::tt::TranspositionTable;
use crate::search::{Control, Limits, SearchOptions, Searcher, MATE_BOUND};
use crate::tools::data::viriformat::{clamp_score, write_game};
use crate::tools::data::{text, DataFormat, Filter, GameRecord, GameResult};
use crate::tools::progress;
use profile::{GameTime, MoveNodes};
use shakmaty_syzygy::Wdl;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Each searcher's hash table by default, in MB (`--hash`).
pub(crate) const DEFAULT_HASH_MB: usize = 2;

/// The settings of a run (`cutoff datagen` makes them from its `DatagenArgs`).
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    pub games: usize,
    /// The number of the run's first game (games are `first_game..first_game + games`): an
    /// appended run goes on from the numbers its file's earlier runs used.
    pub first_game: usize,
    /// The soft node limit of a move: no new iteration starts past it.
    pub nodes: u64,
    /// The hard cap of a move's nodes (the search stops inside an iteration there); None for
    /// `HARD_NODES_FACTOR` times `nodes`.
    pub hard_nodes: Option<u64>,
    /// Games played at once, each by its own single-threaded searcher.
    pub threads: usize,
    pub seed: u64,
    /// Random legal moves played from the start (or from the book position).
    pub random_plies: usize,
    /// Hash table of each searcher, in MB.
    pub hash_mb: usize,
    pub adjudication: Adjudication,
    /// The search that drops openings already decided.
    pub verification: Verification,
    /// What `run` writes: text lines of the kept positions, or binary game records of every
    /// move.
    pub format: DataFormat,
    /// The net the searchers evaluate with (None: the hand-written evaluation).
    pub network: Option<Arc<crate::eval::nnue::Network>>,
}

impl Default for DatagenConfig {
    fn default() -> Self {
        DatagenConfig {
            games: 100,
            first_game: 0,
            nodes: DEFAULT_NODES,
            hard_nodes: None,
            threads: 1,
            seed: 0,
            random_plies: 8,
            hash_mb: 16,
            adjudication: Adjudication::default(),
            verification: Verification::default(),
            format: DataFormat::Text,
            network: crate::eval::nnue::default_network(),
        }
    }
}

impl DatagenConfig {
    /// The limits of a move's search: the soft limit and its hard cap.
    fn move_limits(&self) -> Limits {
        let hard = self
            .hard_nodes
            .unwrap_or(self.nodes.saturating_mul(HARD_NODES_FACTOR));
        Limits::soft_nodes(self.nodes, hard)
    }
}

/// The soft node limit of a move when the command line does not say: at equal CPU time, the
/// net trained on 2,500-node games beat the 5,000- and 10,000-node ones (docs/datagen.md).
const DEFAULT_NODES: u64 = 2500;
/// The hard cap is this many times the soft limit when the command line does not say: far
/// enough that an iteration nearly always finishes, near enough that an explosion (a
/// search that finds a long forced line) cannot stall a game.
const HARD_NODES_FACTOR: u64 = 20;

/// The short search each opening gets before it is played: an opening it scores beyond
/// `max_score` (internal centipawns, either side) is drawn again, since random plies can
/// blunder a piece and a decided game teaches little.
#[derive(Clone, Copy, Debug)]
pub struct Verification {
    /// Nodes of the search (an exact limit); 0 plays every opening unchecked.
    pub nodes: u64,
    pub max_score: i32,
}

impl Default for Verification {
    fn default() -> Self {
        Verification {
            nodes: 4000,
            max_score: 1000,
        }
    }
}

/// The flags of `cutoff datagen`; the fields' doc comments are their help. Not the
/// `DatagenConfig` that `run` takes: these name the book, the tables and the output that
/// `run_cli` opens, and the default of `--random-plies` depends on the book.
#[derive(Clone, Debug, clap::Args)]
pub struct DatagenArgs {
    /// Output file; one that exists and is not empty is refused unless --append is given.
    #[arg(long)]
    pub(crate) out: String,
    /// Add the games to the end of --out (same format; an unfinished game a killed run left
    /// at its end is cut off first). With the same seed, the run goes on with new games.
    #[arg(long)]
    pub(crate) append: bool,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub(crate) games: usize,
    /// Soft node limit of a move: the search starts no new iteration past it.
    #[arg(long, visible_alias = "soft-nodes", default_value_t = DEFAULT_NODES)]
    pub(crate) nodes: u64,
    /// Hard node limit of a move: the search stops there even inside an iteration
    /// [default: 20 times --nodes].
    #[arg(long)]
    pub(crate) hard_nodes: Option<u64>,
    /// Games played at once (each by its own one-threaded searcher) [default: the available
    /// parallelism].
    #[arg(long)]
    pub(crate) threads: Option<usize>,
    /// Seed of the openings: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    pub(crate) seed: u64,
    /// Opening book, EPD or PGN; each game starts from a position drawn from it.
    #[arg(long)]
    pub(crate) book: Option<String>,
    /// Random legal moves played from the start (or book) position [default: 8 without a
    /// book, 0 with one].
    #[arg(long)]
    pub(crate) random_plies: Option<usize>,
    /// Hash table of each searcher, in MB. The default, 2, holds a whole datagen search
    /// (about 12,000 nodes a move) and stays in the core's own cache: about 13% more moves a
    /// CPU second than 16 (docs/measurements.md, "Datagen speed").
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    pub(crate) hash: usize,
    /// Syzygy tables to adjudicate with (and to search with), as for SyzygyPath.
    #[arg(long)]
    pub(crate) syzygy: Option<String>,
    /// Nodes of the search that checks each opening; 0 plays every opening unchecked.
    #[arg(long, default_value_t = Verification::default().nodes)]
    pub(crate) verify_nodes: u64,
    /// Openings the check scores beyond this (internal centipawns, either side) are drawn
    /// again.
    #[arg(long, default_value_t = Verification::default().max_score)]
    pub(crate) verify_max_score: i32,
    /// Win adjudication: scores at least this for the same side (internal centipawns) ...
    #[arg(long, default_value_t = Adjudication::default().win_score)]
    pub(crate) win_adj_score: i32,
    /// ... for this many plies in a row (both sides' searches); 0 turns it off.
    #[arg(long, default_value_t = Adjudication::default().win_plies)]
    pub(crate) win_adj_plies: usize,
    /// Draw adjudication: scores within this of 0 ...
    #[arg(long, default_value_t = Adjudication::default().draw_score)]
    pub(crate) draw_adj_score: i32,
    /// ... for this many plies in a row; 0 turns it off ...
    #[arg(long, default_value_t = Adjudication::default().draw_plies)]
    pub(crate) draw_adj_plies: usize,
    /// ... once this many plies have been played from the opening.
    #[arg(long, default_value_t = Adjudication::default().draw_from_ply)]
    pub(crate) draw_adj_from_ply: usize,
    /// A game is a draw at this many plies from the opening.
    #[arg(long, default_value_t = Adjudication::default().max_plies)]
    pub(crate) max_plies: usize,
    /// Tablebase adjudication (with --syzygy) of positions with at most this many pieces
    /// [default: all the tables hold]; 0 turns it off (the search still probes them).
    #[arg(long)]
    pub(crate) syzygy_adj_pieces: Option<usize>,
    /// Output format: `text` lines of the quiet positions, or `binary` game records
    /// (viriformat) of every move with its score.
    #[arg(long, value_enum, default_value_t = DataFormat::Text)]
    pub(crate) format: DataFormat,
    /// Evaluate with this net file instead of the default evaluation.
    #[arg(long, value_name = "PATH")]
    pub(crate) eval_file: Option<String>,
}

impl DatagenArgs {
    /// The settings of the run, for a book of `book_len` positions. Zero nodes, threads or
    /// hash get the least that works, and a hash beyond the table's largest gets that.
    fn config(&self, book_len: usize) -> DatagenConfig {
        let threads = self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        DatagenConfig {
            games: self.games,
            first_game: 0,
            nodes: self.nodes.max(1),
            hard_nodes: self.hard_nodes.map(|h| h.max(self.nodes).max(1)),
            threads: threads.max(1),
            seed: self.seed,
            random_plies: self
                .random_plies
                .unwrap_or(if book_len == 0 { 8 } else { 0 }),
            hash_mb: self.hash.clamp(1, TranspositionTable::MAX_MB),
            adjudication: Adjudication {
                win_score: self.win_adj_score,
                win_plies: self.win_adj_plies,
                draw_score: self.draw_adj_score,
                draw_plies: self.draw_adj_plies,
                draw_from_ply: self.draw_adj_from_ply,
                max_plies: self.max_plies,
                tablebase_pieces: self.syzygy_adj_pieces.unwrap_or(usize::MAX),
            },
            verification: Verification {
                nodes: self.verify_nodes,
                max_score: self.verify_max_score,
            },
            format: self.format,
            network: crate::eval::nnue::default_network(),
        }
    }
}

/// When a game ends before the rules end it. Scores are the searcher's, in internal
/// centipawns from White's side; plies are counted from the opening position.
#[derive(Clone, Copy, Debug)]
pub struct Adjudication {
    /// A side wins once every score for `win_plies` plies in a row (both sides' searches
    /// agreeing) is at least this for it, or a mate for it; `win_plies` 0 never.
    pub win_score: i32,
    pub win_plies: usize,
    /// A draw once, from ply `draw_from_ply` on, `draw_plies` scores in a row are within
    /// `draw_score` of 0; `draw_plies` 0 never.
    pub draw_score: i32,
    pub draw_plies: usize,
    pub draw_from_ply: usize,
    /// A draw at this many plies (a shuffle the other rules did not catch).
    pub max_plies: usize,
    /// With tables, a position of at most this many pieces (and what the tables hold) ends
    /// the game with their verdict; 0 never.
    pub tablebase_pieces: usize,
}

impl Default for Adjudication {
    fn default() -> Self {
        Adjudication {
            win_score: 2500,
            // Four moves of each side.
            win_plies: 8,
            draw_score: 10,
            draw_plies: 10,
            // After move 40 of a game from the opening position.
            draw_from_ply: 80,
            max_plies: 400,
            tablebase_pieces: usize::MAX,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    AdjudicatedWin,
    AdjudicatedDraw,
    Tablebase,
    MaxPlies,
}

impl Ending {
    /// The words the summary prints.
    pub fn label(self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition => "repetition",
            Ending::FiftyMoves => "50-move rule",
            Ending::InsufficientMaterial => "insufficient material",
            Ending::AdjudicatedWin => "adjudicated win",
            Ending::AdjudicatedDraw => "adjudicated draw",
            Ending::Tablebase => "tablebase",
            Ending::MaxPlies => "ply limit (--max-plies)",
        }
    }
}

/// A kept position: its FEN and the search's score for it, from White's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub fen: String,
    pub(crate) score_white: i32,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Game {
    pub result: GameResult,
    pub ending: Ending,
    /// Plies the searchers played (random opening plies not counted).
    pub plies: usize,
    /// Openings the verification search found decided and drew again before this one.
    pub openings_dropped: usize,
    /// Nodes of the game's move searches, all of them and the most one search took.
    pub nodes: u64,
    pub max_move_nodes: u64,
    pub samples: Vec<Sample>,
    /// The position the searchers started from (after the opening).
    pub start: Board,
    /// Every move the searchers chose, with their score from White's side (saturated to
    /// 16 bits), the last one included when an adjudication ended the game before it was
    /// played: what a binary record holds.
    pub moves: Vec<(Move, i16)>,
    /// Where the game's time went, and its moves' nodes against the soft limit.
    pub(crate) time: GameTime,
    pub(crate) move_nodes: MoveNodes,
}

/// The generator of game `index` under `seed`: its openings' draws.
fn game_rng(seed: u64, index: usize) -> SplitMix64 {
    let mut r = SplitMix64::new(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64();
    r
}

/// Plays games against itself with one searcher (its table and histories cleared before each
/// game, so a game depends only on its opening).
pub struct GamePlayer<'a> {
    searcher: Searcher,
    config: &'a DatagenConfig,
    book: &'a [Board],
    tablebase: Option<Arc<Tablebase>>,
}

impl<'a> GamePlayer<'a> {
    pub fn new(
        config: &'a DatagenConfig,
        book: &'a [Board],
        tablebase: Option<Arc<Tablebase>>,
    ) -> GamePlayer<'a> {
        GamePlayer {
            searcher: Searcher::new(config.hash_mb, 1),
            config,
            book,
            tablebase,
        }
    }

    /// A move's search under `limits`: its move and score (side to move's), and its nodes.
    fn search(&mut self, pos: &Position, limits: &Limits) -> Searched {
        let opts = SearchOptions {
            threads: 1,
            report: false,
            tablebase: self.tablebase.clone(),
            network: self.config.network.clone(),
            ..SearchOptions::default()
        };
        let control = Control::new();
        control.reset(limits);
        let r = self
            .searcher
            .search(pos, limits, &opts, &control, &mut |_| {});
        Searched {
            best: r.best,
            score: r.score,
            nodes: r.nodes,
        }
    }

    /// An opening: a book position (if any) followed by random legal moves, one that is not
    /// over and that the verification search scores within its bound. Returns the position
    /// and how many decided openings were drawn again before it.
    fn opening(&mut self, rng: &mut SplitMix64, time: &mut GameTime) -> (Position, usize) {
        const TRIES: usize = 100;
        let check = self.config.verification;
        let mut last = None;
        let mut dropped = 0;
        for _ in 0..TRIES {
            let start = if self.book.is_empty() {
                Board::startpos()
            } else {
                self.book[rng.below(self.book.len())]
            };
            let mut pos = Position::new(start);
            let mut ok = true;
            for _ in 0..self.config.random_plies {
                let moves = legal_moves(pos.board());
                if moves.is_empty() {
                    ok = false;
                    break;
                }
                pos.make_move(moves.get(rng.below(moves.len())));
            }
            if !ok || game_over(&pos).is_some() {
                continue;
            }
            // The game starts here: the history of random moves is no part of it.
            let pos = Position::new(*pos.board());
            if check.nodes == 0 {
                return (pos, dropped);
            }
            let cleared = Instant::now();
            self.searcher.clear();
            let searched = Instant::now();
            let verdict = self.search(&pos, &Limits::nodes(check.nodes));
            time.clearing += searched - cleared;
            time.verification += searched.elapsed();
            if verdict.score.abs() <= check.max_score {
                return (pos, dropped);
            }
            dropped += 1;
            last = Some(pos);
        }
        // Every try was lopsided (a book of won positions?): play the last one anyway.
        (last.unwrap_or_default(), dropped)
    }

    /// Plays game `index` of the run.
    pub fn play(&mut self, index: usize) -> Game {
        let started = Instant::now();
        let mut time = GameTime::default();
        let mut move_nodes = MoveNodes::default();
        let mut rng = game_rng(self.config.seed, index);
        let (mut pos, openings_dropped) = self.opening(&mut rng, &mut time);
        // Searches from a cleared table: the game depends on its opening alone, not on the
        // verification's search or the game before.
        let cleared = Instant::now();
        self.searcher.clear();
        time.clearing += cleared.elapsed();
        let start = *pos.board();
        let limits = self.config.move_limits();
        let hard = limits.nodes.unwrap_or(u64::MAX);
        let adj = self.config.adjudication;
        let mut samples = Vec::new();
        let mut moves = Vec::new();
        let mut plies = 0;
        // Plies in a row with a decisive score for White (positive) or Black (negative), and
        // with a drawish one.
        let mut win_run: i32 = 0;
        let mut draw_run = 0;
        let (mut nodes, mut max_move_nodes) = (0, 0);
        let (result, ending) = loop {
            if let Some(end) = game_over(&pos) {
                break end;
            }
            if let Some(end) = self.tablebase_result(&pos) {
                break end;
            }
            if plies >= adj.max_plies {
                break (GameResult::Draw, Ending::MaxPlies);
            }
            let search_started = Instant::now();
            let searched = self.search(&pos, &limits);
            time.searches += search_started.elapsed();
            move_nodes.record(searched.nodes, self.config.nodes, hard);
            let Searched { best, score, .. } = searched;
            nodes += searched.nodes;
            max_move_nodes = max_move_nodes.max(searched.nodes);
            let board = pos.board();
            let us = board.side_to_move();
            let white = if us == Color::White { score } else { -score };
            if !best.is_null() {
                moves.push((best, clamp_score(white)));
            }
            if is_kept(board, best, score) {
                samples.push(Sample {
                    fen: board.fen(),
                    score_white: white,
                });
            }
            // Adjudication on the scores of both sides' searches.
            win_run = if white >= adj.win_score || white >= MATE_BOUND {
                win_run.max(0) + 1
            } else if white <= -adj.win_score {
                win_run.min(0) - 1
            } else {
                0
            };
            if adj.win_plies > 0 && win_run.unsigned_abs() as usize >= adj.win_plies {
                let winner = if win_run > 0 {
                    Color::White
                } else {
                    Color::Black
                };
                break (GameResult::win_for(winner), Ending::AdjudicatedWin);
            }
            draw_run = if white.abs() <= adj.draw_score {
                draw_run + 1
            } else {
                0
            };
            if adj.draw_plies > 0 && plies >= adj.draw_from_ply && draw_run >= adj.draw_plies {
                break (GameResult::Draw, Ending::AdjudicatedDraw);
            }
            if best.is_null() {
                // Cannot happen (the game is not over), but never play a null move.
                break (GameResult::Draw, Ending::MaxPlies);
            }
            pos.make_move(best);
            plies += 1;
        };
        time.total = started.elapsed();
        Game {
            result,
            ending,
            plies,
            openings_dropped,
            nodes,
            max_move_nodes,
            samples,
            start,
            moves,
            time,
            move_nodes,
        }
    }

    /// The tables' verdict on the position, when they are configured and hold it.
    fn tablebase_result(&self, pos: &Position) -> Option<(GameResult, Ending)> {
        let tb = self.tablebase.as_deref()?;
        let board = pos.board();
        let pieces = board.occupied().count() as usize;
        if board.castling_mask() != 0
            || pieces > tb.max_pieces()
            || pieces > self.config.adjudication.tablebase_pieces
        {
            return None;
        }
        let us = board.side_to_move();
        let result = match tb.probe_wdl(board)? {
            Wdl::Win => GameResult::win_for(us),
            Wdl::Loss => GameResult::win_for(!us),
            Wdl::CursedWin | Wdl::Draw | Wdl::BlessedLoss => GameResult::Draw,
        };
        Some((result, Ending::Tablebase))
    }
}

/// What a move's search found.
#[derive(Clone, Copy, Debug)]
struct Searched {
    best: Move,
    /// The side to move's score.
    score: i32,
    nodes: u64,
}

/// The game's end by the rules, if it has ended.
fn game_over(pos: &Position) -> Option<(GameResult, Ending)> {
    let board = pos.board();
    if legal_moves(board).is_empty() {
        return Some(if board.in_check() {
            (
                GameResult::win_for(!board.side_to_move()),
                Ending::Checkmate,
            )
        } else {
            (GameResult::Draw, Ending::Stalemate)
        });
    }
    if board.insufficient_material() {
        return Some((GameResult::Draw, Ending::InsufficientMaterial));
    }
    if pos.is_fifty_move_draw() {
        return Some((GameResult::Draw, Ending::FiftyMoves));
    }
    if pos.is_repetition(2) {
        return Some((GameResult::Draw, Ending::Repetition));
    }
    None
}

/// A position worth keeping in the text format: one the data layer's quiet filter keeps (not
/// in check, the engine's move neither a capture nor a promotion, scored by the evaluation,
/// not by a mate or the tablebases), with a move.
pub(crate) fn is_kept(board: &Board, best: Move, score: i32) -> bool {
    !best.is_null() && Filter::QUIET.keeps(board, clamp_score(score), Some(best), None)
}

/// One line of the text format: `FEN | cp | result`, score and result from White's side.
pub fn format_line(s: &Sample, result: GameResult) -> String {
    text::line(&s.fen, s.score_white, result)
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: usize,
    pub positions: usize,
    /// White wins, draws, Black wins.
    pub results: [usize; 3],
    pub(crate) plies: usize,
    /// Moves searched and recorded (the positions of a binary file).
    pub(crate) scored: usize,
    pub(crate) seconds: f64,
    /// Games by how they ended, in `Ending` order of first appearance.
    pub(crate) endings: Vec<(Ending, usize)>,
    /// Openings the verification search drew again.
    pub(crate) openings_dropped: usize,
    /// Nodes of the move searches.
    pub(crate) nodes: u64,
    /// The soft node limit of the run's moves, for the nodes line.
    pub(crate) soft_nodes: u64,
    /// Where the games' time went (summed over the threads), the writing of the file, and
    /// the moves' nodes against the soft limit.
    pub(crate) time: GameTime,
    pub(crate) writing: Duration,
    pub(crate) move_nodes: MoveNodes,
    /// The CPU time of the process when the summary was last brought up to date.
    pub(crate) cpu: Option<Duration>,
}

impl Summary {
    fn add(&mut self, g: &Game) {
        self.games += 1;
        self.positions += g.samples.len();
        self.plies += g.plies;
        self.scored += g.moves.len();
        self.openings_dropped += g.openings_dropped;
        self.nodes += g.nodes;
        self.time.add(&g.time);
        self.move_nodes.add(&g.move_nodes);
        self.results[g.result.index()] += 1;
        match self.endings.iter_mut().find(|(e, _)| *e == g.ending) {
            Some((_, n)) => *n += 1,
            None => self.endings.push((g.ending, 1)),
        }
    }

    /// The positions a file of `format` got: kept positions in text, every scored move in
    /// binary records.
    pub(crate) fn written(&self, format: DataFormat) -> usize {
        match format {
            DataFormat::Text => self.positions,
            DataFormat::Binary => self.scored,
        }
    }

    /// The progress line: positions written and the rates so far.
    pub(crate) fn rates(&self, format: DataFormat) -> String {
        let secs = self.seconds.max(1e-9);
        let written = self.written(format);
        format!(
            "datagen {written} positions, {:.2} games/s, {:.0} positions/s",
            self.games as f64 / secs,
            written as f64 / secs
        )
    }

    /// The CPU line: the process's CPU time and the scored moves (every position of a binary
    /// file) and kept positions (a text file's lines) per CPU second.
    fn cpu_text(&self) -> String {
        match self.cpu {
            Some(cpu) => {
                let secs = cpu.as_secs_f64().max(1e-9);
                format!(
                    "cpu {:.1} s: {:.0} scored moves and {:.0} kept positions a cpu second",
                    cpu.as_secs_f64(),
                    self.scored as f64 / secs,
                    self.positions as f64 / secs
                )
            }
            None => "cpu time: not available here".into(),
        }
    }

    pub fn text(&self) -> String {
        let secs = self.seconds.max(1e-9);
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(e, n)| format!("{} {n}", e.label()))
            .collect();
        format!(
            "games {} positions {} (white wins {}, draws {}, black wins {}; {:.1} plies a game)\n\
             time {:.1} s, {:.0} positions/s, {:.2} games/s\n\
             endings: {}\n\
             scored moves {} (every searched position, as binary records hold them), {:.0}/s, \
             {:.0} nodes a move\n\
             openings drawn again after the verification search {}\n\
             {}\n\
             {}\n\
             {}",
            self.games,
            self.positions,
            self.results[0],
            self.results[1],
            self.results[2],
            self.plies as f64 / self.games.max(1) as f64,
            self.seconds,
            self.positions as f64 / secs,
            self.games as f64 / secs,
            endings.join(", "),
            self.scored,
            self.scored as f64 / secs,
            self.nodes as f64 / self.scored.max(1) as f64,
            self.openings_dropped,
            self.cpu_text(),
            profile::time_text(&self.time, self.writing),
            self.move_nodes.text(self.soft_nodes)
        )
    }
}

/// Reads an opening book: EPD (a FEN's first four fields per line, operations ignored) or PGN
/// (each game's `FEN` tag or the start position, then its moves in SAN).
fn read_book(path: &str) -> Result<Vec<Board>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let is_pgn = path.to_ascii_lowercase().ends_with(".pgn")
        || text
            .trim_start()
            .trim_start_matches('\u{feff}')
            .starts_with('[');
    let book = if is_pgn {
        read_pgn_book(&text).map_err(|e| format!("{path}: {e}"))?
    } else {
        let mut book = Vec::new();
        for (number, line) in super::content_lines(&text) {
            let entry = super::epd::parse_line(line, number)
                .map_err(|e| format!("{path}:{number}: {e}"))?;
            book.push(entry.board);
        }
        book
    };
    if book.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(book)
}

/// The end positions of a PGN file's games.
fn read_pgn_book(text: &str) -> Result<Vec<Board>, String> {
    let mut book = Vec::new();
    let mut board: Option<Board> = None;
    let mut game_line = 0;
    let mut in_comment = false;
    let mut finish = |board: &mut Option<Board>| {
        if let Some(b) = board.take() {
            book.push(b);
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !in_comment && line.starts_with('[') {
            if let Some(fen) = line
                .strip_prefix("[FEN \"")
                .and_then(|r| r.strip_suffix("\"]"))
            {
                let b = Board::from_fen(fen).map_err(|e| format!("line {}: {e}", i + 1))?;
                board = Some(b);
            } else if line.starts_with("[Event ") {
                finish(&mut board);
                board = Some(Board::startpos());
                game_line = i + 1;
            }
            continue;
        }
        for token in line.split_whitespace() {
            if in_comment {
                in_comment = !token.contains('}');
                continue;
            }
            if token.starts_with('{') {
                in_comment = !token.contains('}');
                continue;
            }
            if token.starts_with(';') {
                break;
            }
            // Move numbers ("12." or "12..."), results and NAGs.
            let t = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if t.is_empty()
                || token.starts_with('$')
                || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
            {
                continue;
            }
            let b = board.get_or_insert_with(Board::startpos);
            let m = b
                .parse_san(t)
                .map_err(|e| format!("game at line {game_line}: {e}"))?;
            b.make_move(m);
        }
    }
    finish(&mut board);
    Ok(book)
}

/// The bytes of a finished game in `format`: text lines of its kept positions, or a binary
/// game record of every move. A game that ended before its first move (`--max-plies 0`, or a
/// start position already in the tables) writes nothing: it scored no position, and a record
/// without moves would be read as a single position scored 0 (`GameRecord::positions`).
fn game_bytes(game: &mut Game, format: DataFormat) -> Vec<u8> {
    if game.moves.is_empty() {
        return Vec::new();
    }
    match format {
        DataFormat::Text => {
            let mut text = String::new();
            for s in &game.samples {
                text.push_str(&format_line(s, game.result));
                text.push('\n');
            }
            text.into_bytes()
        }
        DataFormat::Binary => {
            let record = GameRecord {
                start: game.start,
                start_score: 0,
                result: game.result,
                moves: std::mem::take(&mut game.moves),
            };
            let mut bytes = Vec::with_capacity(32 + 4 * (record.moves.len() + 1));
            write_game(&mut bytes, &record).expect("writing to memory");
            game.moves = record.moves;
            bytes
        }
    }
}

/// Runs the command: plays `config.games` games on `config.threads` threads, writing each
/// game to `out` as it finishes (`config.format`). Returns the summary.
pub fn run<W: Write + Send>(
    config: &DatagenConfig,
    book: &[Board],
    tablebase: Option<Arc<Tablebase>>,
    out: W,
) -> Result<Summary, String> {
    run_watched(
        config,
        book,
        tablebase,
        out,
        &AtomicBool::new(false),
        |_| {},
    )
}

/// `run`, calling `watch` with the summary so far (its `seconds` set) after each game is
/// written and flushed: the command keeps its sidecar up to date with it. Once `stop` is
/// set, no thread starts another game; the games in play are finished and written.
pub(crate) fn run_watched<W: Write + Send>(
    config: &DatagenConfig,
    book: &[Board],
    tablebase: Option<Arc<Tablebase>>,
    out: W,
    stop: &AtomicBool,
    watch: impl FnMut(&Summary) + Send,
) -> Result<Summary, String> {
    let started = Instant::now();
    let watch = Mutex::new(watch);
    let next_game = AtomicUsize::new(0);
    let summary = Summary {
        soft_nodes: config.nodes,
        ..Summary::default()
    };
    let shared = Mutex::new((out, summary, None::<String>));
    let bar = progress::bar(config.games, "datagen");
    let threads = config.threads.clamp(1, config.games.max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let builder = std::thread::Builder::new().name("datagen".into());
            let (next_game, shared, bar, tb) = (&next_game, &shared, &bar, tablebase.clone());
            let watch = &watch;
            let spawned = builder.spawn_scoped(scope, move || {
                let mut player = GamePlayer::new(config, book, tb);
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let index = next_game.fetch_add(1, Ordering::SeqCst);
                    if index >= config.games {
                        break;
                    }
                    let mut game = player.play(config.first_game + index);
                    let writing = Instant::now();
                    let bytes = game_bytes(&mut game, config.format);
                    let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                    let (out, summary, error) = &mut *guard;
                    if error.is_some() {
                        break;
                    }
                    // Written and flushed game by game: a run cut short keeps its games.
                    if let Err(e) = out.write_all(&bytes).and_then(|_| out.flush()) {
                        *error = Some(format!("writing the output: {e}"));
                        break;
                    }
                    summary.writing += writing.elapsed();
                    summary.add(&game);
                    summary.seconds = started.elapsed().as_secs_f64();
                    summary.cpu = profile::process_cpu();
                    bar.set_message(summary.rates(config.format));
                    bar.inc(1);
                    (watch.lock().unwrap_or_else(|e| e.into_inner()))(summary);
                }
            });
            if let Err(e) = spawned {
                let mut guard = shared.lock().unwrap_or_else(|e| e.into_inner());
                guard.2.get_or_insert(format!("cannot start a thread: {e}"));
            }
        }
    });
    progress::finish(&bar);
    let (_, mut summary, error) = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    summary.seconds = started.elapsed().as_secs_f64();
    summary.cpu = profile::process_cpu();
    match error {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// What the sidecar names as the evaluation that played when no net did.
const CLASSICAL_NET: &str = "classical";

/// Runs `cutoff datagen`: reads the book and opens the tables the flags name, opens the output
/// (appending with `--append`) and its sidecar, plays into the output and prints the summary.
/// Returns whether the run played all its games (false: a signal stopped it).
pub fn run_cli(args: &DatagenArgs) -> Result<bool, String> {
    let book = match &args.book {
        Some(path) => read_book(path)?,
        None => Vec::new(),
    };
    let tablebase = match &args.syzygy {
        Some(spec) => {
            let opened = Tablebase::open(spec);
            if let Some(e) = opened.errors.first() {
                return Err(e.clone());
            }
            let tb = opened
                .tablebase
                .ok_or_else(|| format!("no Syzygy tables in {spec}"))?;
            eprintln!("{}", tb.summary());
            Some(Arc::new(tb))
        }
        None => None,
    };
    let mut config = args.config(book.len());
    if let Some(path) = &args.eval_file {
        let net = crate::eval::nnue::load(path).map_err(|e| format!("--eval-file {path}: {e}"))?;
        config.network = Some(Arc::new(net));
    }
    let out = &args.out;
    let (file, existing) = output::open(out, config.format, args.append)?;
    let mut sidecar = sidecar::Sidecar::open(out, args.append)?;
    if args.append {
        if existing.cut > 0 {
            eprintln!(
                "{out}: cut off {} bytes of an unfinished game at its end",
                existing.cut
            );
        }
        let games = existing
            .games
            .map_or(String::new(), |g| format!("{g} games, "));
        eprintln!(
            "{out}: appending after {games}{} positions",
            existing.positions
        );
        config.first_game = sidecar.next_first_game(config.seed) as usize;
        if config.first_game == 0 && existing.positions > 0 && sidecar.earlier_runs().is_empty() {
            eprintln!(
                "warning: {} names no earlier run: the file's games may repeat this seed's",
                sidecar.path()
            );
        }
    }
    let record = RunRecord {
        args,
        config: &config,
        book_len: book.len(),
        started: sidecar::now(),
    };
    sidecar.write(&record.json(&Summary::default(), false))?;
    // SIGINT or SIGTERM: finish the games in play, write them and the sidecar, and stop (a
    // second signal stops at once; the file then ends with whole games all the same, as
    // each is written and flushed when it ends).
    let stop = Arc::new(AtomicBool::new(false));
    let handler_stop = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || {
        if handler_stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("datagen: stopping after the games in play (a second signal stops now)");
    }) {
        eprintln!("warning: no signal handler ({e}): a signal kills the run between writes");
    }
    let watched = std::io::stderr().is_terminal() || progress::shown();
    let mut sidecar_error = None;
    let result = run_watched(
        &config,
        &book,
        tablebase,
        std::io::BufWriter::new(file),
        &stop,
        |summary| {
            if sidecar.due() {
                if let Err(e) = sidecar.write(&record.json(summary, false)) {
                    sidecar_error.get_or_insert(e);
                }
                if !watched {
                    // A run in the background (its stderr a log): a line now and then.
                    eprintln!("{}", summary.rates(config.format));
                }
            }
        },
    );
    let summary = result?;
    let finished = !stop.load(Ordering::SeqCst);
    sidecar.write(&record.json(&summary, finished))?;
    if let Some(e) = sidecar_error {
        eprintln!("warning: {e}");
    }
    if !finished {
        eprintln!(
            "datagen: stopped by a signal after {} of {} games",
            summary.games, config.games
        );
    }
    // Not println!: a closed stdout (`| head`) must not panic.
    let _ = writeln!(std::io::stdout(), "{}", summary.text());
    Ok(finished)
}

/// A run as its sidecar line tells it.
struct RunRecord<'a> {
    args: &'a DatagenArgs,
    config: &'a DatagenConfig,
    book_len: usize,
    /// Seconds since the epoch and the UTC time.
    started: (u64, String),
}

impl RunRecord<'_> {
    /// The run's line: who wrote, with what settings, and what it has written so far
    /// (`finished` once it ended normally).
    fn json(&self, summary: &Summary, finished: bool) -> String {
        use sidecar::Json;
        let (c, a, adj) = (self.config, self.args, &self.config.adjudication);
        let hard = c.move_limits().nodes;
        let format = c.format.name();
        let settings = Json::Object(vec![
            ("games", c.games.into()),
            ("nodes", c.nodes.into()),
            ("hard_nodes", hard.into()),
            ("threads", c.threads.into()),
            ("random_plies", c.random_plies.into()),
            ("hash_mb", c.hash_mb.into()),
            ("verify_nodes", c.verification.nodes.into()),
            ("verify_max_score", c.verification.max_score.into()),
            ("win_adj_score", adj.win_score.into()),
            ("win_adj_plies", adj.win_plies.into()),
            ("draw_adj_score", adj.draw_score.into()),
            ("draw_adj_plies", adj.draw_plies.into()),
            ("draw_adj_from_ply", adj.draw_from_ply.into()),
            ("max_plies", adj.max_plies.into()),
            ("syzygy_adj_pieces", a.syzygy_adj_pieces.into()),
            ("book_positions", self.book_len.into()),
            ("book", a.book.as_deref().into()),
            ("syzygy", a.syzygy.as_deref().into()),
        ]);
        let command: Vec<String> = std::env::args().collect();
        Json::Object(vec![
            ("seed", c.seed.into()),
            ("first_game", c.first_game.into()),
            ("games_planned", c.games.into()),
            ("games", summary.games.into()),
            ("positions", summary.written(c.format).into()),
            ("seconds", Json::Float(summary.seconds)),
            (
                "cpu_seconds",
                summary
                    .cpu
                    .map_or(Json::Null, |c| Json::Float(c.as_secs_f64())),
            ),
            ("finished", Json::Bool(finished)),
            ("started_unix", self.started.0.into()),
            ("started", self.started.1.as_str().into()),
            ("version", crate::VERSION.into()),
            ("commit", crate::COMMIT.into()),
            (
                "net",
                c.network
                    .as_ref()
                    .map_or(CLASSICAL_NET.to_string(), |n| n.id())
                    .as_str()
                    .into(),
            ),
            ("format", format.into()),
            ("settings", settings),
            ("command", command.join(" ").as_str().into()),
        ])
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tablebase::TB_BOUND;

    #[test]
    fn the_summary_names_endings_in_words() {
        let game = |ending| Game {
            result: GameResult::Draw,
            ending,
            plies: 10,
            openings_dropped: 0,
            nodes: 100,
            max_move_nodes: 10,
            samples: Vec::new(),
            start: Board::startpos(),
            moves: Vec::new(),
            time: GameTime::default(),
            move_nodes: MoveNodes::default(),
        };
        let mut summary = Summary::default();
        for ending in [
            Ending::AdjudicatedDraw,
            Ending::FiftyMoves,
            Ending::AdjudicatedDraw,
        ] {
            summary.add(&game(ending));
        }
        let text = summary.text();
        assert!(
            text.contains("endings: adjudicated draw 2, 50-move rule 1\n"),
            "{text}"
        );
        assert!(!text.contains("Adjudicated"), "{text}");
    }

    #[test]
    fn pgn_books_give_the_position_after_the_moves() {
        let pgn = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {a comment} e5 2. Nf3 $1 Nc6 *\n\n\
                   [Event \"?\"]\n[FEN \"8/8/4k3/8/8/3RK3/8/8 w - - 0 1\"]\n\n1. Rd1 Ke5 *\n";
        let book = read_pgn_book(pgn).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(
            book[0].fen(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
        );
        assert_eq!(book[1].fen(), "8/8/8/4k3/8/4K3/8/3R4 w - - 2 2");
        assert!(read_pgn_book("[Event \"?\"]\n\n1. e5 *\n").is_err());
    }

    #[test]
    fn each_game_has_its_own_fixed_generator() {
        assert_ne!(game_rng(1, 0).next_u64(), game_rng(1, 1).next_u64());
        assert_eq!(game_rng(7, 3).next_u64(), game_rng(7, 3).next_u64());
    }

    /// The recorded runs (docs/datagen.md) are reproducible from their seed: the draws of a
    /// game's generator and the openings they make are pinned.
    #[test]
    fn the_openings_of_fixed_seeds_are_pinned() {
        let mut r = game_rng(7, 3);
        assert_eq!(
            [r.next_u64(), r.next_u64(), r.next_u64()],
            [
                0xa503_ef88_e857_d4c3,
                0x7bf0_ffc2_ab3b_7e72,
                0x8c34_ef3b_3681_d0ad
            ]
        );
        let mut r = game_rng(0, 0);
        let drawn: Vec<usize> = (0..10).map(|_| r.below(20)).collect();
        assert_eq!(drawn, [8, 0, 19, 2, 6, 3, 15, 4, 19, 7]);
        let config = DatagenConfig {
            nodes: 400,
            hash_mb: 1,
            ..DatagenConfig::default()
        };
        let mut player = GamePlayer::new(&config, &[], None);
        let openings: Vec<String> = [(0, 0), (11, 2)]
            .iter()
            .map(|&(seed, index)| {
                let mut time = GameTime::default();
                let (pos, _) = player.opening(&mut game_rng(seed, index), &mut time);
                pos.board().fen()
            })
            .collect();
        assert_eq!(
            openings,
            [
                "rnbqkbnr/3p1ppp/2p5/pp2p3/6P1/4P2Q/PPPP1P1P/RNB1KBNR w KQkq - 0 5",
                "r1bqkbnr/pp1pppp1/8/2p4p/1nP1NP2/8/PP1PP1PP/R1BQKBNR w KQkq - 0 5"
            ]
        );
    }

    #[test]
    fn noisy_moves_checks_and_mates_are_not_kept() {
        let b = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let capture = b.parse_san("exd5").unwrap();
        let push = b.parse_san("e5").unwrap();
        assert!(is_kept(&b, push, 30));
        assert!(!is_kept(&b, capture, 30));
        assert!(!is_kept(&b, push, MATE_BOUND + 3));
        assert!(!is_kept(&b, push, -TB_BOUND));
        let check = Board::from_fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1").unwrap();
        let m = check.parse_san("Kd2").unwrap();
        assert!(!is_kept(&check, m, 0));
    }
}
