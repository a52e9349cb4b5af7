//! EPD test suites: a position (the first four FEN fields) followed by operations such as
//! `bm Rxf7; id "arasan2023.2"; c0 "comment";`. Best (`bm`) and avoid (`am`) moves are written
//! in SAN, which the board reads (`Board::parse_san`).

use crate::board::{Board, Move};

/// One operation: an opcode and its operands (quotes removed from string operands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdOp {
    pub opcode: String,
    pub operands: Vec<String>,
}

/// One parsed EPD line.
#[derive(Clone, Debug)]
pub struct EpdEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The position as a full FEN (halfmove clock and move number from `hmvc`/`fmvn`, from
    /// two numbers after the four fields, or 0 and 1).
    pub fen: String,
    pub board: Board,
    /// The `id` operand, if any.
    pub id: Option<String>,
    /// `bm`: the moves a solver should play (any of them).
    pub best_moves: Vec<Move>,
    /// `am`: the moves a solver should avoid (all of them).
    pub avoid_moves: Vec<Move>,
    pub ops: Vec<EpdOp>,
}

impl EpdEntry {
    /// A short name for reports: the id, or the line number.
    pub fn name(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("line {}", self.line))
    }
}

/// A line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    pub line: usize,
    pub(crate) message: String,
}

impl std::fmt::Display for EpdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Reads a whole suite. Blank lines and lines starting with `#` are skipped; every other line
/// either parses or is reported with its number. LF and CRLF line ends both work, and so does
/// a leading byte order mark.
pub fn parse_epd(text: &str) -> (Vec<EpdEntry>, Vec<EpdError>) {
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for (number, line) in super::content_lines(text) {
        match parse_line(line, number) {
            Ok(e) => entries.push(e),
            Err(message) => errors.push(EpdError {
                line: number,
                message,
            }),
        }
    }
    (entries, errors)
}

/// Reads a suite from a file; bytes that are not UTF-8 (a Latin-1 comment, say) are replaced,
/// since only the comments can hold them.
pub fn read_epd_file(path: &str) -> Result<(Vec<EpdEntry>, Vec<EpdError>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    Ok(parse_epd(&String::from_utf8_lossy(&bytes)))
}

/// Parses one non-blank EPD line.
pub(crate) fn parse_line(line: &str, number: usize) -> Result<EpdEntry, String> {
    let mut rest = line.trim_start();
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        fields.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    if fields.len() < 4 {
        return Err(format!(
            "expected four FEN fields, found {}: '{line}'",
            fields.len()
        ));
    }
    // Some suites keep the FEN's last two fields; take them when both are numbers.
    let mut clocks: Option<(u32, u32)> = None;
    let mut it = rest.split_whitespace();
    if let (Some(a), Some(b)) = (it.next(), it.next()) {
        let b_digits = b.strip_suffix(';').unwrap_or(b);
        if let (Ok(h), Ok(f)) = (a.parse::<u32>(), b_digits.parse::<u32>()) {
            clocks = Some((h, f));
            // `rest` starts with `a`; drop both numbers (and a ';' right after them).
            let after_a = rest[a.len()..].trim_start();
            rest = after_a[b.len()..].trim_start();
        }
    }
    let ops = parse_ops(rest)?;
    let op = |name: &str| ops.iter().find(|o| o.opcode == name);
    let number_op = |name: &str| -> Result<Option<u32>, String> {
        match op(name) {
            None => Ok(None),
            Some(o) => match o.operands.as_slice() {
                [v] => v
                    .parse::<u32>()
                    .map(Some)
                    .map_err(|_| format!("{name} '{v}' is not a number")),
                _ => Err(format!("{name} takes one number")),
            },
        }
    };
    let (mut half, mut full) = clocks.unwrap_or((0, 1));
    if let Some(h) = number_op("hmvc")? {
        half = h;
    }
    if let Some(f) = number_op("fmvn")? {
        full = f.max(1);
    }
    let fen = format!("{} {half} {full}", fields.join(" "));
    let board = Board::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
    let moves_of = |name: &str| -> Result<Vec<Move>, String> {
        let mut out = Vec::new();
        for o in ops.iter().filter(|o| o.opcode == name) {
            if o.operands.is_empty() {
                return Err(format!("'{name}' without a move"));
            }
            for san in &o.operands {
                let m = board.parse_san(san).map_err(|e| format!("{name}: {e}"))?;
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        Ok(out)
    };
    let best_moves = moves_of("bm")?;
    let avoid_moves = moves_of("am")?;
    let id = op("id").and_then(|o| {
        if o.operands.is_empty() {
            None
        } else {
            Some(o.operands.join(" "))
        }
    });
    Ok(EpdEntry {
        line: number,
        fen,
        board,
        id,
        best_moves,
        avoid_moves,
        ops,
    })
}

/// Splits `opcode operand ...;` operations. String operands are in double quotes and may hold
/// `;` and spaces (a backslash escapes a quote); the last `;` may be missing.
fn parse_ops(text: &str) -> Result<Vec<EpdOp>, String> {
    let mut ops = Vec::new();
    let mut chars = text.chars().peekable();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let finish = |words: &mut Vec<String>, ops: &mut Vec<EpdOp>| -> Result<(), String> {
        if words.is_empty() {
            return Ok(());
        }
        let opcode = words.remove(0);
        let valid = opcode.len() <= 15
            && opcode.starts_with(|c: char| c.is_ascii_alphabetic())
            && opcode
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(format!("'{opcode}' is not an EPD opcode"));
        }
        ops.push(EpdOp {
            opcode,
            operands: std::mem::take(words),
        });
        Ok(())
    };
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                // A string operand: read up to the closing quote.
                let mut s = String::new();
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '\\' if chars.peek() == Some(&'"') || chars.peek() == Some(&'\\') => {
                            s.extend(chars.next());
                        }
                        '"' => {
                            closed = true;
                            break;
                        }
                        c => s.push(c),
                    }
                }
                if !closed {
                    return Err("a string operand has no closing quote".to_string());
                }
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                words.push(s);
            }
            ';' => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                if words.is_empty() {
                    continue; // a stray ';'
                }
                finish(&mut words, &mut ops)?;
            }
            c if c.is_whitespace() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    finish(&mut words, &mut ops)?;
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_operations() {
        let text = "\u{feff}# a comment\r\n\
            r1b2rk1/1p1nbppp/pq1p4/3B4/P2NP3/2N1p3/1PP3PP/R2Q1R1K w - - bm Rxf7; id \"a;b\"; c0 \"Ĉu ĝi? ♔\";\r\n\
            \r\n\
            this is not a position\r\n\
            4k3/8/8/8/8/8/8/4K2R w K - 3 40 am Kd1 Kd2; id \"clocks\"\n\
            4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; hmvc 7; fmvn 12;\n\
            4k3/8/8/8/8/8/8/4K2R w K - bm Rh9;\n";
        let (entries, errors) = parse_epd(text);
        assert_eq!(entries.len(), 3, "{errors:?}");
        assert_eq!(
            errors.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![4, 7],
            "{errors:?}"
        );
        let e = &entries[0];
        assert_eq!(e.line, 2);
        assert_eq!(e.id.as_deref(), Some("a;b"));
        assert_eq!(e.best_moves.len(), 1);
        assert_eq!(e.best_moves[0].uci(false).to_string(), "f1f7");
        let c0 = e.ops.iter().find(|o| o.opcode == "c0").unwrap();
        assert_eq!(c0.operands, vec!["Ĉu ĝi? ♔".to_string()]);

        let e = &entries[1];
        assert!(e.fen.ends_with(" 3 40"), "{}", e.fen);
        assert_eq!(e.avoid_moves.len(), 2);
        assert_eq!(e.id.as_deref(), Some("clocks"));

        let e = &entries[2];
        assert!(e.fen.ends_with(" 7 12"), "{}", e.fen);
        assert_eq!(e.name(), "line 6");
    }
}
