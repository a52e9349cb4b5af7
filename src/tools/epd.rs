//! EPD test suites: a position (the first four FEN fields) followed by operations such as
//! `bm Rxf7; id "arasan2023.2"; c0 "comment";`. Best (`bm`) and avoid (`am`) moves are written
//! in SAN, so this module also reads SAN (matching it against the legal moves) and writes it.

use crate::board::{legal_moves, Board, Move, PieceType, Square};

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

    /// Whether `m` solves the position: it is one of the `bm` moves and none of the `am`
    /// moves. None when the line has neither.
    pub fn solved_by(&self, m: Move) -> Option<bool> {
        if self.best_moves.is_empty() && self.avoid_moves.is_empty() {
            return None;
        }
        let best_ok = self.best_moves.is_empty() || self.best_moves.contains(&m);
        Some(best_ok && !self.avoid_moves.contains(&m))
    }
}

/// A line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    pub line: usize,
    pub message: String,
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
pub fn parse_line(line: &str, number: usize) -> Result<EpdEntry, String> {
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
                let m = parse_san(&board, san).map_err(|e| format!("{name}: {e}"))?;
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

/// Finds the one legal move that a SAN text names: `e4`, `exd5`, `Nbd7`, `R1e2`, `Qh4xe1`,
/// `e8=Q` (or `e8Q`), `O-O`, `O-O-O` (or with zeros), with any `+`, `#`, `!` and `?` after it.
/// A written `x` must be a capture; a missing one is forgiven. Errors name the reason: no such
/// legal move, or more than one.
pub fn parse_san(board: &Board, text: &str) -> Result<Move, String> {
    let original = text;
    let mut s = text.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(t) = s.strip_suffix(suffix) {
            if t.len() >= 2 {
                s = t.trim_end();
            }
        }
    }
    let s = s.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(format!("'{original}' is not a move in SAN"));
    }
    let legal = legal_moves(board);

    let castle_side = match s {
        "O-O" | "0-0" | "o-o" => Some(true),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(false),
        _ => None,
    };
    if let Some(king_side) = castle_side {
        // Castling is encoded as the king taking its own rook.
        return legal
            .iter()
            .copied()
            .find(|m| m.is_castle() && (m.to().file() > m.from().file()) == king_side)
            .ok_or_else(|| format!("'{original}': castling is not legal in {}", board.fen()));
    }

    let bytes = s.as_bytes();
    let (piece, mut body) = match bytes[0] {
        b'K' | b'Q' | b'R' | b'B' | b'N' => (
            PieceType::from_char(bytes[0] as char).unwrap_or(PieceType::Pawn),
            &s[1..],
        ),
        b'P' => (PieceType::Pawn, &s[1..]),
        _ => (PieceType::Pawn, s),
    };

    // Promotion: `=Q`, or a piece letter straight after the destination.
    let mut promotion = None;
    if let Some(c) = body.chars().last() {
        if let Some(
            p @ (PieceType::Knight | PieceType::Bishop | PieceType::Rook | PieceType::Queen),
        ) = c
            .is_ascii_uppercase()
            .then(|| PieceType::from_char(c))
            .flatten()
        {
            promotion = Some(p);
            body = &body[..body.len() - 1];
            body = body
                .strip_suffix('=')
                .or_else(|| body.strip_suffix('/'))
                .unwrap_or(body);
        }
    }
    if body.len() < 2 || !body.is_ascii() {
        return Err(format!("'{original}' is not a move in SAN"));
    }
    let to = Square::parse(&body[body.len() - 2..])
        .ok_or_else(|| format!("'{original}' has no destination square"))?;
    let mut from_file = None;
    let mut from_rank = None;
    let mut capture = false;
    for c in body[..body.len() - 2].chars() {
        match c {
            'a'..='h' => from_file = Some(c as usize - 'a' as usize),
            '1'..='8' => from_rank = Some(c as usize - '1' as usize),
            'x' | 'X' | ':' => capture = true,
            '-' => {}
            _ => return Err(format!("'{original}' is not a move in SAN")),
        }
    }

    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            !m.is_castle()
                && m.to() == to
                && board.moved_piece(m).map(|p| p.piece_type()) == Some(piece)
                && from_file.is_none_or(|f| m.from().file().index() == f)
                && from_rank.is_none_or(|r| m.from().rank().index() == r)
                && (!capture || m.is_capture())
                && m.promotion_piece() == promotion
        })
        .collect();
    match matches.as_slice() {
        [m] => Ok(*m),
        [] => Err(format!(
            "'{original}' is not a legal move in {}",
            board.fen()
        )),
        _ => Err(format!(
            "'{original}' is ambiguous in {} ({} moves match)",
            board.fen(),
            matches.len()
        )),
    }
}

/// The SAN of a legal move, with `+` or `#` when it checks or mates.
pub fn to_san(board: &Board, m: Move) -> String {
    let legal = legal_moves(board);
    let mut s = String::new();
    if m.is_castle() {
        s.push_str(if m.to().file() > m.from().file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        let piece = board
            .moved_piece(m)
            .map_or(PieceType::Pawn, |p| p.piece_type());
        if piece == PieceType::Pawn {
            if m.is_capture() {
                s.push(m.from().file().char());
            }
        } else {
            s.push(piece.char().to_ascii_uppercase());
            let rivals: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&o| {
                    o != m
                        && !o.is_castle()
                        && o.to() == m.to()
                        && board.moved_piece(o).map(|p| p.piece_type()) == Some(piece)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| o.from().file() == m.from().file());
                let same_rank = rivals.iter().any(|o| o.from().rank() == m.from().rank());
                if !same_file {
                    s.push(m.from().file().char());
                } else if !same_rank {
                    s.push((b'1' + m.from().rank().index() as u8) as char);
                } else {
                    s.push_str(&m.from().to_string());
                }
            }
        }
        if m.is_capture() {
            s.push('x');
        }
        s.push_str(&m.to().to_string());
        if let Some(p) = m.promotion_piece() {
            s.push('=');
            s.push(p.char().to_ascii_uppercase());
        }
    }
    let mut after = *board;
    after.make_move(m);
    if after.in_check() {
        s.push(if legal_moves(&after).is_empty() {
            '#'
        } else {
            '+'
        });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn san(fen: &str, text: &str) -> Result<String, String> {
        let b = Board::from_fen(fen).unwrap();
        parse_san(&b, text).map(|m| m.uci(false).to_string())
    }

    #[test]
    fn san_forms() {
        assert_eq!(san(KIWIPETE, "O-O").unwrap(), "e1g1");
        assert_eq!(san(KIWIPETE, "0-0-0").unwrap(), "e1c1");
        assert_eq!(san(KIWIPETE, "Qxf6").unwrap(), "f3f6");
        assert_eq!(san(KIWIPETE, "Qxf6+").unwrap(), "f3f6");
        assert_eq!(san(KIWIPETE, "dxe6").unwrap(), "d5e6");
        assert_eq!(san(KIWIPETE, "Nxf7!?").unwrap(), "e5f7");
        assert_eq!(san(KIWIPETE, "gxh3").unwrap(), "g2h3");
        assert_eq!(san(KIWIPETE, "a4").unwrap(), "a2a4");
        // Two knights reach b5 (c3 and... only c3), two rooks none; a bishop move:
        assert_eq!(san(KIWIPETE, "Bxa6").unwrap(), "e2a6");
        // Missing x is forgiven; an x on a quiet move is not.
        assert_eq!(san(KIWIPETE, "Qf6").unwrap(), "f3f6");
        assert!(san(KIWIPETE, "Qxf4").is_err());
        // Illegal and nonsense.
        assert!(san(KIWIPETE, "Ke3").is_err());
        assert!(san(KIWIPETE, "Zz9").is_err());
        assert!(san(KIWIPETE, "").is_err());
    }

    #[test]
    fn disambiguation_and_promotion() {
        // Rooks on a1 and h1 both reach d1 and f1: file disambiguation.
        let fen = "4k3/1P6/8/8/8/7K/8/R6R w - - 0 1";
        assert!(san(fen, "Rd1").unwrap_err().contains("ambiguous"));
        assert_eq!(san(fen, "Rhf1").unwrap(), "h1f1");
        assert_eq!(san(fen, "Rad1").unwrap(), "a1d1");
        assert_eq!(san(fen, "b8=Q+").unwrap(), "b7b8q");
        assert_eq!(san(fen, "b8N").unwrap(), "b7b8n");
        assert!(san(fen, "b8").is_err(), "promotion piece missing");
        // Rank disambiguation: rooks on a1 and a5.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(fen, "R5a3").unwrap(), "a5a3");
        assert_eq!(san(fen, "R1a3").unwrap(), "a1a3");
        assert!(san(fen, "Ra3").is_err());
        // En passant.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san(fen, "exd6").unwrap(), "e5d6");
        assert_eq!(san(fen, "exd6 e.p.").unwrap(), "e5d6");
    }

    #[test]
    fn to_san_round_trips_every_legal_move() {
        for fen in [
            KIWIPETE,
            "4k3/1P6/8/8/8/8/8/R3K2R w - - 0 1",
            "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "1k6/8/8/8/N3N3/8/N3N3/6K1 w - - 0 1",
            "6k1/5ppp/8/8/8/8/8/R3K1R1 w - - 0 1",
        ] {
            let b = Board::from_fen(fen).unwrap();
            for &m in legal_moves(&b).iter() {
                let text = to_san(&b, m);
                assert_eq!(parse_san(&b, &text), Ok(m), "{fen}: {text}");
            }
        }
        // Checks and mates carry their sign; knights on four squares need both coordinates.
        let b = Board::from_fen("6k1/5ppp/8/8/8/8/8/R3K1R1 w - - 0 1").unwrap();
        assert_eq!(to_san(&b, parse_san(&b, "Ra8").unwrap()), "Ra8#");
        let b = Board::from_fen("1k6/8/8/8/N3N3/8/N3N3/6K1 w - - 0 1").unwrap();
        assert_eq!(to_san(&b, parse_san(&b, "Na2c3").unwrap()), "Na2c3");
        assert_eq!(to_san(&b, parse_san(&b, "Ne4c3").unwrap()), "Ne4c3");
        assert_eq!(to_san(&b, parse_san(&b, "Nac5").unwrap()), "Nac5");
        assert_eq!(to_san(&b, parse_san(&b, "Nb6").unwrap()), "Nb6");
        assert!(parse_san(&b, "N4c5").unwrap_err().contains("ambiguous"));
    }

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
        assert_eq!(e.solved_by(e.best_moves[0]), Some(true));

        let e = &entries[1];
        assert!(e.fen.ends_with(" 3 40"), "{}", e.fen);
        assert_eq!(e.avoid_moves.len(), 2);
        assert_eq!(e.solved_by(e.avoid_moves[0]), Some(false));
        assert_eq!(e.id.as_deref(), Some("clocks"));

        let e = &entries[2];
        assert!(e.fen.ends_with(" 7 12"), "{}", e.fen);
        assert_eq!(e.name(), "line 6");
    }
}
