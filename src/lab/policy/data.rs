//! The policy's data: quiet cutoffs of Cutoff's own searches, replayed from its self-play
//! games (`cutoff policy-data`).
//!
//! File: the 8 bytes `CUTOFFP3` (format 3), then one record per cutoff: `FIXED_BYTES` of
//! - the position packed as in a binary game record (`viriformat::pack`, its score field
//!   holding the node's beta);
//! - the move (`viriformat::encode_move`);
//! - its rank in the picker's quiet order: how many quiet moves other than the hash move were
//!   searched before it at that node (killers, countermove, then history);
//! - the node's depth; the game's number in the run (the validation split keeps games whole);
//! - what the picker knew when the node was entered: the quiet hash move, the two killers and
//!   the countermove (each 0 where there was none), and the number `n` of legal quiet moves;
//! - where the node stood in its search: its ply (u8) and the nodes the search had visited
//!   when it entered it (u32);
//!
//! then, per legal quiet move in `quiet_moves` order, its history score in `LOGGED_PARTS`
//! parts (i16 each: butterfly, continuation one, two and four plies back, pawn structure;
//! the parts the search reads, the quiet order's own ones after them left out).
//!
//! Format 2 (`CUTOFFP2`) is still read: the same record without the
//! node's place in its search, then one summed score (i32) per quiet move. Format 1
//! (`CUTOFFPL`) had no node entry; it is refused by name.

use crate::board::{quiet_moves, Board, Move, MoveList};
use crate::lab::cutoff_log::{CutoffLog, CutoffSample, NodeContext, NodeEntry};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::search::ordering::{HistoryParts, LOGGED_PARTS};
use crate::search::{Control, Limits, SearchOptions, Searcher};
use crate::tools::data::viriformat::{self, decode_move, encode_move, PACKED_BYTES};
use crate::tools::data::Games;
use crate::tools::data::{GameRecord, GameResult};
use std::io::{Read, Write};

pub(crate) const MAGIC: &[u8; 8] = b"CUTOFFP3";
/// Format 2's magic: still read, without the parts and the node's place in its search.
const MAGIC_V2: &[u8; 8] = b"CUTOFFP2";
/// The first format's magic, refused with the reason.
const MAGIC_V1: &[u8; 8] = b"CUTOFFPL";
/// Format 2's fixed part: packed position, move, rank, depth, game number, hash move,
/// killers, countermove, the number of quiet moves.
const FIXED_BYTES_V2: usize = PACKED_BYTES + 2 + 1 + 1 + 4 + 2 + 2 + 2 + 2 + 1;
/// Format 3's: format 2's, then the node's ply and the nodes visited before it; the parts of
/// the quiet moves' scores follow.
pub(crate) const FIXED_BYTES: usize = FIXED_BYTES_V2 + 1 + 4;
/// Bytes of one quiet move's history parts (format 3).
const PARTS_BYTES: usize = 2 * LOGGED_PARTS;

/// The record layouts this build reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// Summed scores only.
    V2,
    /// Scores part by part and the node's place in its search.
    V3,
}

/// The legal quiet moves of `board`, in the order a record lists their history parts.
pub(crate) fn quiets(board: &Board) -> MoveList {
    let mut list = MoveList::new();
    quiet_moves(board, &mut list);
    list
}

/// One quiet cutoff, as the trainer reads it.
#[derive(Clone, Debug)]
pub struct PolicySample {
    pub board: Board,
    pub mv: Move,
    /// Quiet moves other than the hash move that the picker yielded before `mv` at that
    /// node.
    pub rank: u8,
    pub depth: u8,
    /// The node's beta, side to move's view (saturated to 16 bits).
    pub beta: i16,
    pub game: u32,
    /// What the picker knew when the node was entered.
    pub entry: NodeEntry,
}

fn raw_move(m: Move) -> u16 {
    if m.is_null() {
        0
    } else {
        encode_move(m)
    }
}

/// Writes `s` as a record of format 3: a sample read from a file of format 2 (no parts) is
/// refused.
pub(crate) fn encode(s: &PolicySample, out: &mut Vec<u8>) -> Result<(), String> {
    let e = &s.entry;
    let Some(context) = e.context.filter(|_| e.parts.len() == e.scores.len()) else {
        return Err(
            "a cutoff without its history parts (format 2) cannot be written as format 3".into(),
        );
    };
    let packed = viriformat::pack(&s.board, s.beta, GameResult::Draw);
    out.extend_from_slice(&packed);
    out.extend_from_slice(&encode_move(s.mv).to_le_bytes());
    out.push(s.rank);
    out.push(s.depth);
    out.extend_from_slice(&s.game.to_le_bytes());
    for m in [e.hash_move, e.killers[0], e.killers[1], e.counter] {
        out.extend_from_slice(&raw_move(m).to_le_bytes());
    }
    out.push(e.parts.len() as u8);
    out.push(context.ply);
    out.extend_from_slice(&context.nodes.to_le_bytes());
    for p in &e.parts {
        for v in &p.0[..LOGGED_PARTS] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    Ok(())
}

/// Decodes the record of `format` at the start of `bytes`: the sample and the bytes it took.
pub(crate) fn decode(bytes: &[u8], format: Format) -> Result<(PolicySample, usize), String> {
    let fixed_bytes = match format {
        Format::V2 => FIXED_BYTES_V2,
        Format::V3 => FIXED_BYTES,
    };
    let fixed = bytes
        .get(..fixed_bytes)
        .ok_or("the file ends inside a record (cut short?)")?;
    let packed: &[u8; PACKED_BYTES] = fixed[..PACKED_BYTES].try_into().expect("sized");
    let (board, beta, _) = viriformat::unpack(packed)?;
    let word = |at: usize| u16::from_le_bytes([fixed[at], fixed[at + 1]]);
    let raw = word(PACKED_BYTES);
    let mv = decode_move(&board, raw).ok_or_else(|| format!("move {raw:#06x} is not legal"))?;
    if !mv.is_quiet() {
        return Err(format!("move {} is not quiet", mv.uci(false)));
    }
    let game = u32::from_le_bytes(
        fixed[PACKED_BYTES + 4..PACKED_BYTES + 8]
            .try_into()
            .expect("4"),
    );
    let refuter = |at: usize| -> Result<Move, String> {
        match word(at) {
            0 => Ok(Move::NULL),
            raw => decode_move(&board, raw)
                .filter(|m| m.is_quiet())
                .ok_or_else(|| format!("node move {raw:#06x} is not a legal quiet move")),
        }
    };
    let at = PACKED_BYTES + 8;
    let hash_move = refuter(at)?;
    if hash_move == mv {
        // The trainer finds the cutting move among the candidates, which leave the hash move
        // out: a cutoff by the hash move is never logged.
        return Err(format!(
            "move {} is the node's hash move, whose cutoffs are never logged",
            mv.uci(false)
        ));
    }
    let killers = [refuter(at + 2)?, refuter(at + 4)?];
    let counter = refuter(at + 6)?;
    let n = fixed[FIXED_BYTES_V2 - 1] as usize;
    let quiets = quiets(&board).len();
    if n != quiets {
        return Err(format!(
            "{n} quiet scores for a position with {quiets} quiet moves"
        ));
    }
    let cut_short = "the file ends inside a record (cut short?)";
    let (scores, parts, context, used) = match format {
        Format::V2 => {
            let scores = bytes
                .get(FIXED_BYTES_V2..FIXED_BYTES_V2 + 4 * n)
                .ok_or(cut_short)?
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes(c.try_into().expect("4")))
                .collect();
            (scores, Vec::new(), None, FIXED_BYTES_V2 + 4 * n)
        }
        Format::V3 => {
            let context = NodeContext {
                ply: fixed[FIXED_BYTES_V2],
                nodes: u32::from_le_bytes(
                    fixed[FIXED_BYTES_V2 + 1..FIXED_BYTES]
                        .try_into()
                        .expect("4"),
                ),
            };
            let parts: Vec<HistoryParts> = bytes
                .get(FIXED_BYTES..FIXED_BYTES + PARTS_BYTES * n)
                .ok_or(cut_short)?
                .chunks_exact(PARTS_BYTES)
                .map(|c| {
                    // The parts the file keeps; the quiet order's own ones read 0.
                    HistoryParts(std::array::from_fn(|k| match c.get(2 * k..2 * k + 2) {
                        Some(b) => i16::from_le_bytes([b[0], b[1]]),
                        None => 0,
                    }))
                })
                .collect();
            let scores = parts.iter().map(HistoryParts::sum).collect();
            (scores, parts, Some(context), FIXED_BYTES + PARTS_BYTES * n)
        }
    };
    let sample = PolicySample {
        board,
        mv,
        rank: fixed[PACKED_BYTES + 2],
        depth: fixed[PACKED_BYTES + 3],
        beta,
        game,
        entry: NodeEntry {
            hash_move,
            killers,
            counter,
            scores,
            parts,
            context,
        },
    };
    Ok((sample, used))
}

/// Reads a policy file whole; any fault names the file and the record.
pub fn read_file(path: &str) -> Result<Vec<PolicySample>, String> {
    let mut bytes = Vec::new();
    crate::tools::data::open(path)?
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() >= MAGIC_V1.len() && &bytes[..MAGIC_V1.len()] == MAGIC_V1 {
        return Err(format!(
            "{path}: a policy file of format 1, without what the picker knew at each node; make it again with this build's `cutoff policy-data`"
        ));
    }
    let format = match bytes.get(..MAGIC.len()) {
        Some(m) if m == MAGIC => Format::V3,
        Some(m) if m == MAGIC_V2 => Format::V2,
        _ => {
            return Err(format!(
                "{path}: not a policy file (it does not start with {:?} or {:?})",
                std::str::from_utf8(MAGIC).unwrap(),
                std::str::from_utf8(MAGIC_V2).unwrap()
            ))
        }
    };
    let mut at = MAGIC.len();
    let mut out = Vec::new();
    while at < bytes.len() {
        let (sample, used) = decode(&bytes[at..], format)
            .map_err(|e| format!("{path}: record {}: {e}", out.len()))?;
        out.push(sample);
        at += used;
    }
    Ok(out)
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
        ..SearchOptions::default()
    };
    let limits = Limits::nodes(args.nodes);
    let mut rng = SplitMix64::new(args.seed);
    let mut summary = PolicyDataSummary::default();
    let mut record = Vec::new();
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
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
                    let mut log = CutoffLog::new(args.min_depth);
                    searcher.search_observed(&pos, &limits, &opts, &control, &mut |_| {}, &mut log);
                    let mut log = log.take();
                    summary.searches += 1;
                    summary.cutoffs_seen += log.len();
                    for _ in 0..args.per_search.min(log.len()) {
                        let pick = log.swap_remove(rng.below(log.len()));
                        let sample = from_log(pick, summary.games as u32);
                        record.clear();
                        encode(&sample, &mut record)?;
                        out.write_all(&record).map_err(|e| e.to_string())?;
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

fn from_log(c: CutoffSample, game: u32) -> PolicySample {
    PolicySample {
        board: c.board,
        mv: c.mv,
        rank: c.rank,
        depth: c.depth,
        beta: viriformat::clamp_score(c.beta),
        game,
        entry: c.entry,
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
            let mut game = GameRecord::new(start, 0, GameResult::Draw);
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
        let path = dir.join("c.pol");
        std::fs::write(&path, &out).unwrap();
        let samples = read_file(path.to_str().unwrap()).unwrap();
        assert_eq!(samples.len(), 30);
        let mut written = MAGIC.len();
        let (mut with_refuters, mut with_continuation) = (0, 0);
        for s in &samples {
            assert!(s.mv.is_quiet() && crate::board::is_legal(&s.board, s.mv));
            assert!(s.depth >= 2);
            let quiets = quiets(&s.board);
            assert!(
                (s.rank as usize) < quiets.len(),
                "rank {} of {}",
                s.rank,
                quiets.len()
            );
            // One score per quiet move; the cutting move was never the hash move; the node's
            // refuters are legal quiet moves other than the hash move.
            let e = &s.entry;
            assert_eq!(e.scores.len(), quiets.len());
            assert_ne!(e.hash_move, s.mv);
            for m in [e.killers[0], e.killers[1], e.counter] {
                assert!(m.is_null() || (quiets.contains(m) && m != e.hash_move));
            }
            with_refuters += (!e.killers[0].is_null()) as usize;
            // The parts add up to the scores; the node was met inside the search.
            assert_eq!(e.parts.len(), quiets.len());
            for (p, &score) in e.parts.iter().zip(&e.scores) {
                assert_eq!(p.sum(), score);
            }
            with_continuation += e.parts.iter().any(|p| p.0[1] != 0) as usize;
            let context = e.context.expect("format 3 keeps the node's place");
            assert!(context.ply >= 1 && context.nodes > 0, "{context:?}");
            written += FIXED_BYTES + PARTS_BYTES * quiets.len();
        }
        assert!(with_refuters > 0, "no node had a killer");
        assert!(with_continuation > 0, "no node read a continuation history");
        assert_eq!(out.len(), written);
        assert_eq!(samples.iter().filter(|s| s.game == 1).count(), 12);
        // Records are read back as written.
        let mut again = MAGIC.to_vec();
        for s in &samples {
            encode(s, &mut again).unwrap();
        }
        assert_eq!(again, out);
        // The same records in format 2 (summed scores, no place in the search) are read with
        // the same scores, no parts, and cannot be written again as format 3.
        let mut v2 = MAGIC_V2.to_vec();
        let mut at = MAGIC.len();
        for s in &samples {
            let n = s.entry.scores.len();
            v2.extend_from_slice(&out[at..at + FIXED_BYTES_V2]);
            for score in &s.entry.scores {
                v2.extend_from_slice(&score.to_le_bytes());
            }
            at += FIXED_BYTES + PARTS_BYTES * n;
        }
        std::fs::write(&path, &v2).unwrap();
        let old = read_file(path.to_str().unwrap()).unwrap();
        assert_eq!(old.len(), samples.len());
        for (o, s) in old.iter().zip(&samples) {
            assert_eq!((o.mv, o.rank, o.game), (s.mv, s.rank, s.game));
            assert_eq!(o.entry.scores, s.entry.scores);
            assert!(o.entry.parts.is_empty() && o.entry.context.is_none());
        }
        let e = encode(&old[0], &mut Vec::new()).unwrap_err();
        assert!(e.contains("format 2"), "{e}");
        // A record whose cutting move is its hash move, a file cut short, a file of the first
        // format, or another kind of file, is refused with the reason.
        let mut bad = out.clone();
        let at = MAGIC.len() + PACKED_BYTES;
        bad.copy_within(at..at + 2, at + 8);
        std::fs::write(&path, &bad).unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("record 0") && e.contains("hash move"), "{e}");
        std::fs::write(&path, &out[..out.len() - 5]).unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("record 29") && e.contains("cut short"), "{e}");
        std::fs::write(&path, b"CUTOFFPL").unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("format 1"), "{e}");
        std::fs::write(&path, b"FEN | 0 | 0.5\n").unwrap();
        let e = read_file(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("not a policy file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn logging_the_cutoffs_leaves_the_search_as_it_plays() {
        let mut searcher = Searcher::new(16, 1);
        let pos = Position::new(Board::startpos());
        let limits = Limits::nodes(5000);
        let control = Control::new();
        let opts = SearchOptions {
            report: false,
            ..SearchOptions::default()
        };
        let mut search = |log: Option<&mut CutoffLog>| {
            searcher.clear();
            control.reset(&limits);
            let r = match log {
                Some(log) => {
                    searcher.search_observed(&pos, &limits, &opts, &control, &mut |_| {}, log)
                }
                None => searcher.search(&pos, &limits, &opts, &control, &mut |_| {}),
            };
            (r.best, r.nodes)
        };
        let mut log = CutoffLog::new(1);
        let logged = search(Some(&mut log));
        assert!(!log.take().is_empty());
        // The same search, node for node.
        assert_eq!(search(None), logged);
    }
}
