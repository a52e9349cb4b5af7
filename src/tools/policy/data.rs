//! The policy's data: quiet cutoffs of Cutoff's own searches, replayed from its self-play
//! games (`cutoff policy-data`), in a file of fixed-size records.
//!
//! File: the 8 bytes `CUTOFFPL`, then records of `RECORD_BYTES`: the position packed as in a
//! binary game record (`viriformat::pack`, its score field holding the node's beta), the
//! move (`viriformat::encode_move`), the number of quiet moves searched before it at that
//! node (its rank in the picker's quiet order: killers, countermove, then history), the
//! node's depth, and the game's number in the run (the validation split keeps games whole).

use crate::board::{Board, Move};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::search::ordering::cutoff_log::CutoffSample;
use crate::search::{Control, Limits, SearchOptions, Searcher, StatsMode};
use crate::tools::data::viriformat::{self, decode_move, encode_move, GameRecord, PACKED_BYTES};
use crate::tools::data::Games;
use std::io::{Read, Write};

pub(crate) const MAGIC: &[u8; 8] = b"CUTOFFPL";
/// Packed position, move, rank, depth, padding, game number.
pub(crate) const RECORD_BYTES: usize = PACKED_BYTES + 2 + 1 + 1 + 4;

/// One quiet cutoff, as the trainer reads it.
#[derive(Clone, Copy, Debug)]
pub struct PolicySample {
    pub board: Board,
    pub mv: Move,
    /// Quiet moves the picker yielded before `mv` at that node.
    pub rank: u8,
    pub depth: u8,
    /// The node's beta, side to move's view (saturated to 16 bits).
    pub beta: i16,
    pub game: u32,
}

pub(crate) fn encode(s: &PolicySample) -> [u8; RECORD_BYTES] {
    let mut out = [0u8; RECORD_BYTES];
    let packed = viriformat::pack(&s.board, s.beta, crate::tools::datagen::GameResult::Draw);
    out[..PACKED_BYTES].copy_from_slice(&packed);
    out[PACKED_BYTES..PACKED_BYTES + 2].copy_from_slice(&encode_move(s.mv).to_le_bytes());
    out[PACKED_BYTES + 2] = s.rank;
    out[PACKED_BYTES + 3] = s.depth;
    out[PACKED_BYTES + 4..].copy_from_slice(&s.game.to_le_bytes());
    out
}

pub(crate) fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<PolicySample, String> {
    let packed: &[u8; PACKED_BYTES] = bytes[..PACKED_BYTES].try_into().expect("sized");
    let (board, beta, _) = viriformat::unpack(packed)?;
    let raw = u16::from_le_bytes([bytes[PACKED_BYTES], bytes[PACKED_BYTES + 1]]);
    let mv = decode_move(&board, raw).ok_or_else(|| format!("move {raw:#06x} is not legal"))?;
    if !mv.is_quiet() {
        return Err(format!("move {} is not quiet", mv.uci(false)));
    }
    let game = u32::from_le_bytes(bytes[PACKED_BYTES + 4..].try_into().expect("sized"));
    Ok(PolicySample {
        board,
        mv,
        rank: bytes[PACKED_BYTES + 2],
        depth: bytes[PACKED_BYTES + 3],
        beta,
        game,
    })
}

/// Reads a policy file whole; any fault names the file and the record.
pub fn read_file(path: &str) -> Result<Vec<PolicySample>, String> {
    let mut bytes = Vec::new();
    crate::tools::data::open(path)?
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(format!(
            "{path}: not a policy file (it does not start with {:?})",
            std::str::from_utf8(MAGIC).unwrap()
        ));
    }
    let body = &bytes[MAGIC.len()..];
    if !body.len().is_multiple_of(RECORD_BYTES) {
        return Err(format!(
            "{path}: {} bytes after the header, not a whole number of {RECORD_BYTES}-byte records (a file cut short?)",
            body.len()
        ));
    }
    body.chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(i, c)| {
            decode(c.try_into().expect("sized")).map_err(|e| format!("{path}: record {i}: {e}"))
        })
        .collect()
}

/// `cutoff policy-data`'s settings.
#[derive(Clone, Debug, clap::Args)]
pub struct PolicyDataArgs {
    /// Game records (`cutoff datagen --format binary` files): their positions are searched
    /// again, in game order, by one searcher cleared before each game.
    #[arg(required = true)]
    pub games: Vec<String>,
    /// The policy file to write (refused if it exists and is not empty).
    #[arg(long)]
    pub out: String,
    /// Nodes of each search (`go nodes`).
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Cutoffs kept per search, drawn at random among its quiet cutoffs (most are at depth 1
    /// to 3 of the last iterations, so a few per search spread the data over many positions).
    #[arg(long, default_value_t = 4)]
    pub per_search: usize,
    /// Cutoffs at this depth and deeper only.
    #[arg(long, default_value_t = 2)]
    pub min_depth: i32,
    /// Search every Nth position of each game.
    #[arg(long, default_value_t = 2)]
    pub every: usize,
    /// Stop after this many games.
    #[arg(long)]
    pub max_games: Option<usize>,
    /// Seed of the draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// What a run wrote.
#[derive(Debug, Default)]
pub struct PolicyDataSummary {
    pub games: usize,
    pub searches: usize,
    pub cutoffs_seen: usize,
    pub written: usize,
}

/// Searches the positions of `games` and writes the sampled quiet cutoffs to `out` (header
/// included).
pub fn make<W: Write>(
    args: &PolicyDataArgs,
    mut out: W,
    mut progress: impl FnMut(&PolicyDataSummary),
) -> Result<PolicyDataSummary, String> {
    out.write_all(MAGIC).map_err(|e| e.to_string())?;
    let mut searcher = Searcher::new(16, 1);
    let opts = SearchOptions {
        threads: 1,
        report: false,
        stats: StatsMode::Count,
        ..SearchOptions::default()
    };
    let limits = Limits::nodes(args.nodes);
    let mut rng = SplitMix64::new(args.seed);
    let mut summary = PolicyDataSummary::default();
    let mut game = GameRecord::new(
        Board::startpos(),
        0,
        crate::tools::datagen::GameResult::Draw,
    );
    'files: for path in &args.games {
        let mut games = Games::open(path, None)?;
        while games.next_into(&mut game)? {
            if args.max_games.is_some_and(|m| summary.games >= m) {
                break 'files;
            }
            searcher.clear();
            let mut pos = Position::new(game.start);
            for (i, &(m, _)) in game.moves.iter().enumerate() {
                if i % args.every.max(1) == 0 {
                    let control = Control::new();
                    control.reset(&limits);
                    searcher.main_tables_mut().cutoff_log.start(args.min_depth);
                    searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
                    let mut log = searcher.main_tables_mut().cutoff_log.stop();
                    summary.searches += 1;
                    summary.cutoffs_seen += log.len();
                    for _ in 0..args.per_search.min(log.len()) {
                        let pick = log.swap_remove(rng.below(log.len()));
                        let sample = from_log(&pick, summary.games as u32);
                        out.write_all(&encode(&sample)).map_err(|e| e.to_string())?;
                        summary.written += 1;
                    }
                }
                pos.make_move(m);
            }
            summary.games += 1;
            progress(&summary);
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(summary)
}

fn from_log(c: &CutoffSample, game: u32) -> PolicySample {
    PolicySample {
        board: c.board,
        mv: c.mv,
        rank: c.rank,
        depth: c.depth,
        beta: viriformat::clamp_score(c.beta),
        game,
    }
}

/// Runs `cutoff policy-data`.
pub fn run_cli(args: &PolicyDataArgs) -> Result<(), String> {
    if std::fs::metadata(&args.out).is_ok_and(|m| m.len() > 0) {
        return Err(format!("{} exists and is not empty", args.out));
    }
    let file =
        std::fs::File::create(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out))?;
    let started = std::time::Instant::now();
    let summary = make(args, std::io::BufWriter::new(file), |s| {
        if s.games % 100 == 0 {
            eprintln!(
                "{} games, {} searches, {} cutoffs written, {:.0} s",
                s.games,
                s.searches,
                s.written,
                started.elapsed().as_secs_f64()
            );
        }
    })?;
    println!(
        "{} games, {} searches of {} nodes, {} quiet cutoffs seen at depth {} or more, {} written to {} in {:.1} s",
        summary.games,
        summary.searches,
        args.nodes,
        summary.cutoffs_seen,
        args.min_depth,
        summary.written,
        args.out,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_games() -> Vec<u8> {
        // Two short games from the start position and after 1.e4, as a binary file.
        let mut bytes = Vec::new();
        for line in [
            &["g1f3", "g8f6", "b1c3", "b8c6", "e2e4", "e7e5"][..],
            &["e2e4", "c7c5", "g1f3", "d7d6"],
        ] {
            let start = Board::startpos();
            let mut game = GameRecord::new(start, 0, crate::tools::datagen::GameResult::Draw);
            let mut b = start;
            for uci in line {
                let m = b.parse_uci_move(uci, false).unwrap();
                game.moves.push((m, 0));
                b.make_move(m);
            }
            viriformat::write_game(&mut bytes, &game).unwrap();
        }
        bytes
    }

    #[test]
    fn cutoffs_are_searched_written_and_read_back() {
        let dir = std::env::temp_dir().join(format!("cutoff-policy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let games = dir.join("g.vf");
        std::fs::write(&games, tiny_games()).unwrap();
        let args = PolicyDataArgs {
            games: vec![games.to_string_lossy().into()],
            out: String::new(),
            nodes: 3000,
            per_search: 3,
            min_depth: 2,
            every: 1,
            max_games: None,
            seed: 1,
        };
        let mut out = Vec::new();
        let summary = make(&args, &mut out, |_| {}).unwrap();
        assert_eq!(summary.games, 2);
        assert_eq!(summary.searches, 10);
        assert!(summary.cutoffs_seen > summary.written);
        assert_eq!(summary.written, 30);
        assert_eq!(out.len(), MAGIC.len() + 30 * RECORD_BYTES);
        let path = dir.join("c.pol");
        std::fs::write(&path, &out).unwrap();
        let samples = read_file(path.to_str().unwrap()).unwrap();
        assert_eq!(samples.len(), 30);
        for s in &samples {
            assert!(s.mv.is_quiet() && crate::board::is_legal(&s.board, s.mv));
            assert!(s.depth >= 2);
            let quiets = crate::tools::policy::head::quiets(&s.board).len();
            assert!((s.rank as usize) < quiets, "rank {} of {quiets}", s.rank);
        }
        assert_eq!(samples.iter().filter(|s| s.game == 1).count(), 12);
        // A file cut short, or another kind of file, is refused with the reason.
        std::fs::write(&path, &out[..out.len() - 5]).unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("not a whole number"), "{e}");
        std::fs::write(&path, b"FEN | 0 | 0.5\n").unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("not a policy file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_playing_search_logs_nothing() {
        let mut searcher = Searcher::new(16, 1);
        let pos = Position::new(Board::startpos());
        let limits = Limits::nodes(5000);
        let control = Control::new();
        control.reset(&limits);
        let opts = SearchOptions {
            report: false,
            ..SearchOptions::default()
        };
        searcher.main_tables_mut().cutoff_log.start(1);
        searcher.search(&pos, &limits, &opts, &control, &mut |_| {});
        assert!(searcher.main_tables_mut().cutoff_log.stop().is_empty());
        // The counting copy logs, and the same search's nodes do not change.
        let counting = SearchOptions {
            stats: StatsMode::Count,
            ..opts.clone()
        };
        searcher.clear();
        control.reset(&limits);
        let plain = searcher
            .search(&pos, &limits, &opts, &control, &mut |_| {})
            .nodes;
        searcher.clear();
        control.reset(&limits);
        searcher.main_tables_mut().cutoff_log.start(1);
        let logged = searcher
            .search(&pos, &limits, &counting, &control, &mut |_| {})
            .nodes;
        assert!(!searcher.main_tables_mut().cutoff_log.stop().is_empty());
        assert_eq!(plain, logged);
    }
}
