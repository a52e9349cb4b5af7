//! The data layer, and `cutoff data`. The layer: `game` (a game's result and record, and the
//! count of games), `text` (the `FEN | score | result` line), `viriformat` (binary game
//! records), `bullet` (bullet's single positions), `filter` (which positions a reader uses),
//! `scale_fit`, and `Games`, which reads a file of either format as game records. Datagen, the
//! trainer and the tuner use it; it uses none of them.
//!
//! `cutoff data` converts between the text format of `cutoff datagen` and binary game records,
//! or to bullet's single positions, and prints statistics of either. docs/datagen.md describes
//! the formats. Both formats are read as a stream of `GameRecord`s: a text line is a game of
//! one position (its start, with the line's score and result, and no moves).

pub mod bullet;
pub mod filter;
pub mod game;
pub mod scale_fit;
pub mod text;
pub mod viriformat;

pub use filter::{Filter, FilterCounts};
pub use game::{GameRecord, GameResult};
pub use scale_fit::ScaleFit;

use crate::board::Board;
use game::GameCounter;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Write};
use viriformat::{clamp_score, write_game, GameReader};

/// The two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DataFormat {
    /// `FEN | score | result` lines.
    Text,
    /// viriformat game records.
    Binary,
}

impl DataFormat {
    /// The format as its flag value names it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            DataFormat::Text => "text",
            DataFormat::Binary => "binary",
        }
    }

    /// The format a file name says: `.txt` (or `.txt.xz`, `.text`, `.epd`) is text; `.bin`,
    /// `.vf` and `.viri` (each perhaps with `.xz`) are binary.
    pub(crate) fn from_path(path: &str) -> Option<DataFormat> {
        let lower = path.to_ascii_lowercase();
        let name = lower.strip_suffix(".xz").unwrap_or(&lower);
        if [".txt", ".text", ".epd"].iter().any(|e| name.ends_with(e)) {
            Some(DataFormat::Text)
        } else if [".bin", ".vf", ".viri"].iter().any(|e| name.ends_with(e)) {
            Some(DataFormat::Binary)
        } else {
            None
        }
    }
}

/// What `cutoff data convert` writes: the two formats, or bullet's single positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// `FEN | score | result` lines, every position.
    Text,
    /// viriformat game records.
    Binary,
    /// bulletformat `ChessBoard` positions (32 bytes each) for the bullet trainer: only
    /// those `cutoff train`'s default filter keeps.
    Bullet,
}

impl From<DataFormat> for OutputFormat {
    fn from(format: DataFormat) -> OutputFormat {
        match format {
            DataFormat::Text => OutputFormat::Text,
            DataFormat::Binary => OutputFormat::Binary,
        }
    }
}

impl OutputFormat {
    /// The format an output file's name says: a data format's, or bullet for `.bullet` and
    /// `.data` (the name bullet's own tools give such files).
    pub(crate) fn from_path(path: &str) -> Option<OutputFormat> {
        let lower = path.to_ascii_lowercase();
        if [".bullet", ".data"].iter().any(|e| lower.ends_with(e)) {
            Some(OutputFormat::Bullet)
        } else {
            DataFormat::from_path(path).map(OutputFormat::from)
        }
    }
}

/// The subcommands of `cutoff data`.
#[derive(Clone, Debug, clap::Subcommand)]
pub enum DataCommand {
    /// Convert a data file between the text format and binary game records, or to bullet's
    /// single positions.
    Convert {
        /// Input file (text or binary, plain or .xz).
        input: String,
        /// Output file (overwritten).
        output: String,
        /// Output format [default: by the output's extension: .txt text, .bin/.vf/.viri
        /// binary, .bullet/.data bullet]. `bullet` writes the positions `cutoff train` learns
        /// from by default: not in check, the move played not a capture or promotion, not a
        /// mate, from ply 8 of each game record, |score| <= 3000 (Filter::TRAINING).
        #[arg(long, value_enum)]
        to: Option<OutputFormat>,
        /// Input format [default: by the input's extension, else by its first bytes].
        #[arg(long, value_enum)]
        from: Option<DataFormat>,
    },
    /// Games, positions, results, score and piece-count histograms and duplicate positions
    /// of a data file.
    Stats {
        /// Data file (text or binary, plain or .xz).
        file: String,
        /// Input format [default: by the extension, else by the first bytes].
        #[arg(long, value_enum)]
        from: Option<DataFormat>,
        /// The ply limit of the filter report: positions before this ply of their game.
        #[arg(long, default_value_t = DEFAULT_MIN_PLY)]
        min_ply: usize,
    },
}

/// The ply limit of the trainer's default filter (`Filter::TRAINING`) and of the report of
/// `cutoff data stats` when not told: datagen's default random plies, so the positions nearest
/// a random opening are dropped.
pub(crate) const DEFAULT_MIN_PLY: usize = 8;

/// Runs `cutoff data`.
pub fn run_cli(command: &DataCommand) -> Result<(), String> {
    match command {
        DataCommand::Convert {
            input,
            output,
            to,
            from,
        } => {
            let to = to
                .or_else(|| OutputFormat::from_path(output))
                .ok_or_else(|| {
                    format!("{output}: cannot tell the output format from its name; give --to")
                })?;
            let file = std::fs::File::create(output).map_err(|e| format!("{output}: {e}"))?;
            let mut out = std::io::BufWriter::new(file);
            let (games, positions) = convert(input, *from, to, &mut out)?;
            out.flush().map_err(|e| format!("{output}: {e}"))?;
            let what = match to {
                OutputFormat::Bullet => {
                    " (the positions cutoff train's default filter keeps, in game order: \
                     shuffle them before training)"
                }
                _ => "",
            };
            let _ = writeln!(
                std::io::stdout(),
                "{games} games, {positions} positions written to {output}{what}"
            );
            Ok(())
        }
        DataCommand::Stats {
            file,
            from,
            min_ply,
        } => {
            let stats = stats_with(file, *from, *min_ply)?;
            let _ = write!(std::io::stdout(), "{}", stats.text());
            Ok(())
        }
    }
}

/// The output of `xz -dc`, streamed; at its end, an error with xz's message if xz failed (a
/// corrupt or missing file), so that a bad archive is not read as a short file.
struct XzReader {
    child: std::process::Child,
    stdout: std::process::ChildStdout,
    path: String,
}

impl Read for XzReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.stdout.read(buf)?;
        if n == 0 && !buf.is_empty() {
            let status = self.child.wait()?;
            if !status.success() {
                let mut said = String::new();
                if let Some(mut stderr) = self.child.stderr.take() {
                    let _ = stderr.read_to_string(&mut said);
                }
                return Err(std::io::Error::other(format!(
                    "xz -dc {} failed ({status}): {}",
                    self.path,
                    said.trim()
                )));
            }
        }
        Ok(n)
    }
}

/// An input file as a byte stream: `.xz` files through `xz -dc` (the tuner reads its data
/// through this too).
pub(crate) fn open(path: &str) -> Result<Box<dyn Read>, String> {
    if path.to_ascii_lowercase().ends_with(".xz") {
        // xz's complaint goes into the error, not onto the terminal beside it.
        let mut child = std::process::Command::new("xz")
            .args(["-dc", path])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run xz for {path}: {e}"))?;
        let stdout = child.stdout.take().expect("piped stdout");
        Ok(Box::new(XzReader {
            child,
            stdout,
            path: path.to_string(),
        }))
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        Ok(Box::new(file))
    }
}

/// The games of a data file, text or binary, one by one.
pub(crate) struct Games {
    path: String,
    source: Source,
    counter: GameCounter,
}

enum Source {
    Text {
        lines: std::io::Lines<BufReader<Box<dyn Read>>>,
        number: usize,
    },
    Binary(GameReader<BufReader<Box<dyn Read>>>),
}

impl Games {
    /// Opens `path` in `format`, or the format its name says, or (failing both) the format
    /// its first bytes look like: text when they are a line of printable ASCII with a `|`.
    pub(crate) fn open(path: &str, format: Option<DataFormat>) -> Result<Games, String> {
        let mut reader = BufReader::with_capacity(1 << 16, open(path)?);
        let format = match format.or_else(|| DataFormat::from_path(path)) {
            Some(f) => f,
            None => {
                let head = reader.fill_buf().map_err(|e| format!("{path}: {e}"))?;
                let line = head.split(|&b| b == b'\n').next().unwrap_or(&[]);
                let text = !line.is_empty()
                    && line.contains(&b'|')
                    && line
                        .iter()
                        .all(|&b| (0x20..0x7f).contains(&b) || b == b'\r');
                if text {
                    DataFormat::Text
                } else {
                    DataFormat::Binary
                }
            }
        };
        let source = match format {
            DataFormat::Text => Source::Text {
                lines: reader.lines(),
                number: 0,
            },
            DataFormat::Binary => Source::Binary(GameReader::new(reader)),
        };
        Ok(Games {
            path: path.to_string(),
            source,
            counter: GameCounter::default(),
        })
    }

    /// The games read so far, single positions counted into games (`GameCounter`): the
    /// number of the last record's game, from 1.
    pub(crate) fn games(&self) -> u64 {
        self.counter.games()
    }

    /// Reads the next record into `game` (reusing its move list); `Ok(false)` at the end.
    pub(crate) fn next_into(&mut self, game: &mut GameRecord) -> Result<bool, String> {
        let read = self.read_record(game)?;
        if read {
            self.counter.add(game);
        }
        Ok(read)
    }

    fn read_record(&mut self, game: &mut GameRecord) -> Result<bool, String> {
        let path = &self.path;
        match &mut self.source {
            Source::Binary(reader) => reader.read_game(game).map_err(|e| format!("{path}: {e}")),
            Source::Text { lines, number } => loop {
                let Some(line) = lines.next() else {
                    return Ok(false);
                };
                *number += 1;
                let line = line.map_err(|e| format!("{path}:{number}: {e}"))?;
                let line = line.trim().trim_start_matches('\u{feff}');
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let parsed = text::parse_line(line).map_err(|e| format!("{path}:{number}: {e}"))?;
                game.start = parsed.board;
                game.start_score = clamp_score(parsed.score);
                game.result = parsed.result;
                game.moves.clear();
                return Ok(true);
            },
        }
    }
}

/// Writes every position of `game` as text lines.
fn write_text<W: Write>(out: &mut W, game: &GameRecord) -> std::io::Result<()> {
    let mut error = Ok(());
    game.positions(|board, score, _| {
        if error.is_ok() {
            error = writeln!(
                out,
                "{}",
                text::line(&board.fen(), i32::from(score), game.result)
            );
        }
    });
    error
}

/// Writes the positions of `game` that `Filter::TRAINING` keeps as bulletformat positions;
/// returns how many.
fn write_bullet<W: Write>(out: &mut W, game: &GameRecord) -> std::io::Result<usize> {
    let mut written = Ok(0);
    Filter::TRAINING.positions(game, |board, score, _| {
        if let Ok(n) = &mut written {
            match out.write_all(&bullet::pack(board, score, game.result)) {
                Ok(()) => *n += 1,
                Err(e) => written = Err(e),
            }
        }
    });
    written
}

/// Converts `input` (read as `from`, or as its name or bytes say) to `to` on `out`; returns
/// the records read and the positions written (every position, but for bullet's only those
/// `Filter::TRAINING` keeps).
pub fn convert<W: Write>(
    input: &str,
    from: Option<DataFormat>,
    to: impl Into<OutputFormat>,
    out: &mut W,
) -> Result<(usize, usize), String> {
    let to = to.into();
    let mut games = Games::open(input, from)?;
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
    let (mut n_games, mut n_positions) = (0, 0);
    while games.next_into(&mut game)? {
        n_positions += match to {
            OutputFormat::Text => write_text(out, &game).map(|_| game.position_count()),
            OutputFormat::Binary => write_game(out, &game).map(|_| game.position_count()),
            OutputFormat::Bullet => write_bullet(out, &game),
        }
        .map_err(|e| format!("writing: {e}"))?;
        n_games += 1;
    }
    Ok((n_games, n_positions))
}

/// What `cutoff data stats` counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Games, single positions counted into games as `cutoff train` counts them.
    pub games: usize,
    pub positions: usize,
    /// Positions held alone (text lines, or records without moves).
    pub single_positions: usize,
    /// Games won by White, drawn, won by Black.
    pub game_results: [usize; 3],
    /// The same for positions.
    pub position_results: [usize; 3],
    /// Positions by score (White's side) in bins of 100: bin `i` holds scores in
    /// `[-1000 + 100 (i - 1), -1000 + 100 i)`, bin 0 everything below -1000 and the last bin
    /// everything from 1000 up.
    pub scores: [usize; SCORE_BINS],
    /// Positions by the number of pieces on the board (kings included), 0 to 32.
    pub pieces: [usize; 33],
    /// Positions whose key was seen before in the file.
    pub duplicates: usize,
    /// The positions each filter would keep.
    pub filters: FilterCounts,
    /// Scores against results of the positions all four filters keep, for the score scale.
    pub scale: ScaleFit,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            games: 0,
            positions: 0,
            single_positions: 0,
            game_results: [0; 3],
            position_results: [0; 3],
            scores: [0; SCORE_BINS],
            pieces: [0; 33],
            duplicates: 0,
            filters: FilterCounts::default(),
            scale: ScaleFit::default(),
        }
    }
}

/// Score bins of `Stats::scores`.
pub(crate) const SCORE_BINS: usize = 22;

fn score_bin(score: i16) -> usize {
    ((score as i32 + 1100).div_euclid(100)).clamp(0, SCORE_BINS as i32 - 1) as usize
}

/// The statistics of a data file (the filter report's ply limit at `DEFAULT_MIN_PLY`).
pub fn stats(path: &str, from: Option<DataFormat>) -> Result<Stats, String> {
    stats_with(path, from, DEFAULT_MIN_PLY)
}

/// The statistics of a data file, the filter report's ply limit at `min_ply`.
pub fn stats_with(path: &str, from: Option<DataFormat>, min_ply: usize) -> Result<Stats, String> {
    let mut games = Games::open(path, from)?;
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
    let mut s = Stats {
        filters: FilterCounts::new(min_ply),
        ..Stats::default()
    };
    let mut seen = HashSet::new();
    while games.next_into(&mut game)? {
        let r = game.result.index();
        if games.games() > s.games as u64 {
            s.games += 1;
            s.game_results[r] += 1;
        }
        if game.moves.is_empty() {
            s.single_positions += 1;
        }
        s.filters.add(&game);
        let kept = Filter {
            min_ply,
            ..Filter::QUIET
        };
        kept.positions(&game, |board, score, _| {
            s.scale.add(board.side_to_move(), score, game.result)
        });
        game.positions(|board, score, _| {
            s.positions += 1;
            s.position_results[r] += 1;
            s.scores[score_bin(score)] += 1;
            s.pieces[board.occupied().count() as usize] += 1;
            if !seen.insert(board.key()) {
                s.duplicates += 1;
            }
        });
    }
    Ok(s)
}

impl Stats {
    pub fn text(&self) -> String {
        let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
        let mut o = String::new();
        let [w, d, l] = self.game_results;
        o.push_str(&format!(
            "games {} (white wins {w}, draws {d}, black wins {l})\n",
            self.games
        ));
        if self.single_positions > 0 {
            o.push_str(&format!(
                "  {} single positions (text lines, or records without moves), counted into games \
                 as cutoff train counts them: a game runs until the move number falls back or \
                 the result changes\n",
                self.single_positions
            ));
        }
        let [w, d, l] = self.position_results;
        o.push_str(&format!(
            "positions {} ({:.1} a game; by result: white wins {w}, draws {d}, black wins {l})\n",
            self.positions,
            self.positions as f64 / self.games.max(1) as f64
        ));
        o.push_str(&format!(
            "duplicates {} ({:.2}% of positions repeat one seen before, by hash key)\n",
            self.duplicates,
            pct(self.duplicates, self.positions)
        ));
        let f = &self.filters;
        o.push_str("\nfilter (tools::data::Filter)  kept positions\n");
        for (label, n) in [
            ("not in check".to_string(), f.not_in_check),
            ("move not noisy".to_string(), f.not_noisy),
            ("score not a mate".to_string(), f.not_mates),
            (format!("ply >= {}", f.min_ply), f.from_min_ply),
            ("all four".to_string(), f.all),
        ] {
            o.push_str(&format!(
                "{label:>20} {n:>10} {:>6.2}%\n",
                pct(n, self.positions)
            ));
        }
        if let Some(fit) = self.scale.best() {
            o.push_str(&format!(
                "\nscore scale: K {} fits the results best (mean squared error of \
                 sigmoid(score / K) {:.5}; at the trainer's default {}: {:.5}), over {} of the \
                 positions all four filters keep (|score| <= {})\n",
                fit.k,
                fit.error,
                scale_fit::DEFAULT_SCORE_SCALE,
                self.scale.error(f64::from(scale_fit::DEFAULT_SCORE_SCALE)),
                fit.positions,
                scale_fit::FIT_MAX_SCORE
            ));
        }
        o.push_str("\nscore (internal cp, White's side)  positions\n");
        for (i, &n) in self.scores.iter().enumerate() {
            let label = match i {
                0 => "< -1000".to_string(),
                i if i == SCORE_BINS - 1 => ">= 1000".to_string(),
                i => {
                    let lo = -1000 + 100 * (i as i32 - 1);
                    format!("{lo} .. {}", lo + 99)
                }
            };
            o.push_str(&format!(
                "{label:>14} {n:>10} {:>6.2}%\n",
                pct(n, self.positions)
            ));
        }
        o.push_str("\npieces  positions\n");
        for (count, &n) in self.pieces.iter().enumerate().filter(|(_, &n)| n > 0) {
            o.push_str(&format!(
                "{count:>6} {n:>10} {:>6.2}%\n",
                pct(n, self.positions)
            ));
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_bins_cover_every_score() {
        assert_eq!(score_bin(i16::MIN), 0);
        assert_eq!(score_bin(-1001), 0);
        assert_eq!(score_bin(-1000), 1);
        assert_eq!(score_bin(-901), 1);
        assert_eq!(score_bin(-1), 10);
        assert_eq!(score_bin(0), 11);
        assert_eq!(score_bin(999), 20);
        assert_eq!(score_bin(1000), 21);
        assert_eq!(score_bin(i16::MAX), 21);
    }

    #[test]
    fn formats_follow_file_names() {
        assert_eq!(DataFormat::from_path("a.txt.xz"), Some(DataFormat::Text));
        assert_eq!(DataFormat::from_path("a.BIN"), Some(DataFormat::Binary));
        assert_eq!(DataFormat::from_path("a.vf.xz"), Some(DataFormat::Binary));
        assert_eq!(DataFormat::from_path("a.data"), None);
        assert_eq!(
            OutputFormat::from_path("a.data"),
            Some(OutputFormat::Bullet)
        );
        assert_eq!(
            OutputFormat::from_path("a.Bullet"),
            Some(OutputFormat::Bullet)
        );
        assert_eq!(OutputFormat::from_path("a.vf"), Some(OutputFormat::Binary));
        assert_eq!(
            OutputFormat::from_path("a.bin.xz"),
            Some(OutputFormat::Binary)
        );
        assert_eq!(OutputFormat::from_path("a"), None);
    }
}
