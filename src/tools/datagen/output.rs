//! The output file of a run: a new one, or (`--append`) the end of an existing one of the same
//! format, cut back to its last finished game first (a run killed while writing can leave
//! half a game, which would make everything after it unreadable).

use crate::tools::data::viriformat::{unpack, PACKED_BYTES, PAIR_BYTES};
use crate::tools::data::{text, DataFormat};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read};

/// What an existing file held when a run appended to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Existing {
    /// Finished games (binary records; a text file's lines are not grouped into games).
    pub(crate) games: Option<usize>,
    pub(crate) positions: usize,
    /// Bytes of an unfinished game cut off its end.
    pub(crate) cut: u64,
}

/// Opens `path` for a run writing `format`: creates it, or with `append` opens an existing
/// file at its end after checking its format and cutting off an unfinished last game. A file
/// that exists and is not empty is refused without `append`: hours of data are not
/// overwritten by a repeated command.
pub(crate) fn open(
    path: &str,
    format: DataFormat,
    append: bool,
) -> Result<(File, Existing), String> {
    let len = std::fs::metadata(path).map_or(0, |m| m.len());
    if len == 0 {
        let file = File::create(path).map_err(|e| format!("{path}: {e}"))?;
        return Ok((file, Existing::default()));
    }
    if !append {
        return Err(format!(
            "{path} exists ({len} bytes): give --append to add games to it, or remove it"
        ));
    }
    if let Some(named) = DataFormat::from_path(path) {
        if named != format {
            return Err(format!(
                "{path}: its name says {} but the run writes {} (--format)",
                named.name(),
                format.name()
            ));
        }
    }
    let reader = BufReader::with_capacity(
        1 << 16,
        File::open(path).map_err(|e| format!("{path}: {e}"))?,
    );
    let (finished, mut existing) = match format {
        DataFormat::Text => scan_text(reader),
        DataFormat::Binary => scan_binary(reader),
    }
    .map_err(|e| format!("{path}: cannot append {} games: {e}", format.name()))?;
    existing.cut = len - finished;
    let file = OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    if existing.cut > 0 {
        file.set_len(finished)
            .map_err(|e| format!("{path}: cutting off the unfinished game: {e}"))?;
    }
    // Appends go to the end whatever else writes the file meanwhile.
    drop(file);
    let file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    Ok((file, existing))
}

/// A text file: its length up to its last full line and its lines; its first line must be one
/// of the format.
fn scan_text(mut reader: impl BufRead) -> Result<(u64, Existing), String> {
    let (mut finished, mut lines) = (0u64, 0usize);
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = reader
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?;
        if n == 0 || line.last() != Some(&b'\n') {
            break;
        }
        if lines == 0 {
            let line = String::from_utf8_lossy(&line);
            text::parse_line(line.trim()).map_err(|e| format!("line 1: {e}"))?;
        }
        finished += n as u64;
        lines += 1;
    }
    let existing = Existing {
        games: None,
        positions: lines,
        cut: 0,
    };
    Ok((finished, existing))
}

/// A binary file: its length up to the end of its last finished game, its games and
/// positions. Only the layout is followed (a packed board, pairs up to the zero terminator)
/// and the first board checked, so a file of tens of millions of positions is scanned at
/// disk speed; `cutoff data stats` checks every move.
fn scan_binary(mut reader: impl Read) -> Result<(u64, Existing), String> {
    let (mut finished, mut games, mut positions) = (0u64, 0usize, 0usize);
    let mut packed = [0u8; PACKED_BYTES];
    let mut pair = [0u8; PAIR_BYTES];
    'games: loop {
        if !read_full(&mut reader, &mut packed)? {
            break;
        }
        if games == 0 {
            unpack(&packed).map_err(|e| format!("game 1: {e}"))?;
        }
        let mut moves = 0;
        loop {
            if !read_full(&mut reader, &mut pair)? {
                break 'games;
            }
            if pair == [0; PAIR_BYTES] {
                break;
            }
            moves += 1;
        }
        finished += (PACKED_BYTES + PAIR_BYTES * (moves + 1)) as u64;
        games += 1;
        positions += moves.max(1);
    }
    let existing = Existing {
        games: Some(games),
        positions,
        cut: 0,
    };
    Ok((finished, existing))
}

/// Fills `buf`; false at the end of the input (a part read before it is dropped).
fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> Result<bool, String> {
    let mut at = 0;
    while at < buf.len() {
        match reader.read(&mut buf[at..]) {
            Ok(0) => return Ok(false),
            Ok(n) => at += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::tools::data::viriformat::write_game;
    use crate::tools::data::{GameRecord, GameResult};

    #[test]
    fn an_unfinished_last_game_is_cut_off() {
        let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
        let e4 = Board::startpos().parse_san("e4").unwrap();
        game.moves.push((e4, 12));
        let mut bytes = Vec::new();
        write_game(&mut bytes, &game).unwrap();
        write_game(&mut bytes, &game).unwrap();
        let whole = bytes.len() as u64;
        let half = bytes[..PACKED_BYTES + 3].to_vec();
        bytes.extend_from_slice(&half);
        let (finished, existing) = scan_binary(&bytes[..]).unwrap();
        assert_eq!(finished, whole);
        assert_eq!((existing.games, existing.positions), (Some(2), 2));

        let text = b"8/8/4k3/8/8/3RK3/8/8 w - - 0 1 | 300 | 1.0\n8/8/4k3/8/8/3RK3/8/8 w - -";
        let (finished, existing) = scan_text(&text[..]).unwrap();
        let first_line = text.iter().position(|&b| b == b'\n').unwrap() + 1;
        assert_eq!(finished, first_line as u64);
        assert_eq!(existing.positions, 1);
        assert!(scan_text(&b"not a line of the format\n"[..]).is_err());
        assert!(scan_binary(&b"8/8/4k3/8/8/3RK3/8/8 w - - 0 1 | 300 | 1.0\n"[..]).is_err());
    }
}
