//! The command-line tools: perft, perft suites, bench, self-play data generation, data
//! conversion and statistics, the network's trainer and the evaluation tuner. The ordering
//! lab and the learned move order are the lab's (`crate::lab`).

pub mod bench;
pub mod data;
pub mod datagen;
pub mod epd;
pub mod perft;
pub(crate) mod progress;
pub mod train;
pub mod tune;

/// The lines of a suite file worth parsing, numbered from 1: trimmed, without blank lines and
/// `#` comments, after a leading byte order mark. LF and CRLF line ends both work.
pub(crate) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}
