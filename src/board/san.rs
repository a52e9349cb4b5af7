//! Moves in Standard Algebraic Notation (Nbd7, exd6, O-O, e8=Q+): reading a SAN text as the
//! one legal move it names, and writing a legal move's SAN. EPD suites write their `bm`/`am`
//! moves this way.

use super::chessboard::Board;
use super::movegen::legal_moves;
use super::moves::Move;
use super::types::{PieceType, Square};
use std::fmt;

/// Why a SAN text names no legal move. Each case keeps the text (and the position, as FEN)
/// so the message can say what was wrong where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not shaped like a move in SAN.
    Syntax { text: String },
    /// Shaped like one, but without a destination square.
    NoDestination { text: String },
    /// Castling on a side where it is not legal.
    IllegalCastling { text: String, fen: String },
    /// No legal move matches.
    Illegal { text: String, fen: String },
    /// More than one legal move matches (`count` of them).
    Ambiguous {
        text: String,
        fen: String,
        count: usize,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text } => write!(f, "'{text}' is not a move in SAN"),
            SanError::NoDestination { text } => write!(f, "'{text}' has no destination square"),
            SanError::IllegalCastling { text, fen } => {
                write!(f, "'{text}': castling is not legal in {fen}")
            }
            SanError::Illegal { text, fen } => write!(f, "'{text}' is not a legal move in {fen}"),
            SanError::Ambiguous { text, fen, count } => {
                write!(f, "'{text}' is ambiguous in {fen} ({count} moves match)")
            }
        }
    }
}

impl std::error::Error for SanError {}

impl Board {
    /// Finds the one legal move that a SAN text names: `e4`, `exd5`, `Nbd7`, `R1e2`, `Qh4xe1`,
    /// `e8=Q` (or `e8Q`), `O-O`, `O-O-O` (or with zeros), with any `+`, `#`, `!` and `?` after
    /// it. A written `x` must be a capture; a missing one is forgiven. Errors name the reason:
    /// no such legal move, or more than one.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let original = text;
        let syntax = || SanError::Syntax {
            text: original.to_string(),
        };
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
            return Err(syntax());
        }
        let legal = legal_moves(self);

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
                .ok_or_else(|| SanError::IllegalCastling {
                    text: original.to_string(),
                    fen: self.fen(),
                });
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
            return Err(syntax());
        }
        let to = Square::parse(&body[body.len() - 2..]).ok_or_else(|| SanError::NoDestination {
            text: original.to_string(),
        })?;
        let mut from_file = None;
        let mut from_rank = None;
        let mut capture = false;
        for c in body[..body.len() - 2].chars() {
            match c {
                'a'..='h' => from_file = Some(c as usize - 'a' as usize),
                '1'..='8' => from_rank = Some(c as usize - '1' as usize),
                'x' | 'X' | ':' => capture = true,
                '-' => {}
                _ => return Err(syntax()),
            }
        }

        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                !m.is_castle()
                    && m.to() == to
                    && self.moved_piece(m).map(|p| p.piece_type()) == Some(piece)
                    && from_file.is_none_or(|f| m.from().file().index() == f)
                    && from_rank.is_none_or(|r| m.from().rank().index() == r)
                    && (!capture || m.is_capture())
                    && m.promotion_piece() == promotion
            })
            .collect();
        match matches.as_slice() {
            [m] => Ok(*m),
            [] => Err(SanError::Illegal {
                text: original.to_string(),
                fen: self.fen(),
            }),
            _ => Err(SanError::Ambiguous {
                text: original.to_string(),
                fen: self.fen(),
                count: matches.len(),
            }),
        }
    }

    /// The SAN of a legal move, with `+` or `#` when it checks or mates.
    pub(crate) fn san(&self, m: Move) -> String {
        let legal = legal_moves(self);
        let mut s = String::new();
        if m.is_castle() {
            s.push_str(if m.to().file() > m.from().file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let piece = self
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
                            && self.moved_piece(o).map(|p| p.piece_type()) == Some(piece)
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
        let mut after = *self;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn parse(fen: &str, text: &str) -> Result<String, SanError> {
        let b = Board::from_fen(fen).unwrap();
        b.parse_san(text).map(|m| m.uci(false).to_string())
    }

    fn is_ambiguous(r: Result<String, SanError>) -> bool {
        matches!(r, Err(SanError::Ambiguous { .. }))
    }

    #[test]
    fn san_forms() {
        assert_eq!(parse(KIWIPETE, "O-O").unwrap(), "e1g1");
        assert_eq!(parse(KIWIPETE, "0-0-0").unwrap(), "e1c1");
        assert_eq!(parse(KIWIPETE, "Qxf6").unwrap(), "f3f6");
        assert_eq!(parse(KIWIPETE, "Qxf6+").unwrap(), "f3f6");
        assert_eq!(parse(KIWIPETE, "dxe6").unwrap(), "d5e6");
        assert_eq!(parse(KIWIPETE, "Nxf7!?").unwrap(), "e5f7");
        assert_eq!(parse(KIWIPETE, "gxh3").unwrap(), "g2h3");
        assert_eq!(parse(KIWIPETE, "a4").unwrap(), "a2a4");
        // Two knights reach b5 (c3 and... only c3), two rooks none; a bishop move:
        assert_eq!(parse(KIWIPETE, "Bxa6").unwrap(), "e2a6");
        // Missing x is forgiven; an x on a quiet move is not.
        assert_eq!(parse(KIWIPETE, "Qf6").unwrap(), "f3f6");
        assert!(parse(KIWIPETE, "Qxf4").is_err());
        // Illegal and nonsense.
        assert!(parse(KIWIPETE, "Ke3").is_err());
        assert!(parse(KIWIPETE, "Zz9").is_err());
        assert!(parse(KIWIPETE, "").is_err());
    }

    #[test]
    fn disambiguation_and_promotion() {
        // Rooks on a1 and h1 both reach d1 and f1: file disambiguation.
        let fen = "4k3/1P6/8/8/8/7K/8/R6R w - - 0 1";
        assert!(is_ambiguous(parse(fen, "Rd1")));
        assert_eq!(parse(fen, "Rhf1").unwrap(), "h1f1");
        assert_eq!(parse(fen, "Rad1").unwrap(), "a1d1");
        assert_eq!(parse(fen, "b8=Q+").unwrap(), "b7b8q");
        assert_eq!(parse(fen, "b8N").unwrap(), "b7b8n");
        assert!(parse(fen, "b8").is_err(), "promotion piece missing");
        // Rank disambiguation: rooks on a1 and a5.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(parse(fen, "R5a3").unwrap(), "a5a3");
        assert_eq!(parse(fen, "R1a3").unwrap(), "a1a3");
        assert!(parse(fen, "Ra3").is_err());
        // En passant.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(parse(fen, "exd6").unwrap(), "e5d6");
        assert_eq!(parse(fen, "exd6 e.p.").unwrap(), "e5d6");
    }

    #[test]
    fn error_messages() {
        let b = Board::from_fen(KIWIPETE).unwrap();
        let message = |text: &str| b.parse_san(text).unwrap_err().to_string();
        assert_eq!(message(""), "'' is not a move in SAN");
        assert_eq!(message("Qxz9"), "'Qxz9' has no destination square");
        assert_eq!(
            message("Ke3"),
            format!("'Ke3' is not a legal move in {KIWIPETE}")
        );
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(
            b.parse_san("O-O").unwrap_err().to_string(),
            "'O-O': castling is not legal in 4k3/8/8/8/8/8/8/4K3 w - - 0 1"
        );
        let b = Board::from_fen("4k3/1P6/8/8/8/7K/8/R6R w - - 0 1").unwrap();
        assert_eq!(
            b.parse_san("Rd1").unwrap_err().to_string(),
            "'Rd1' is ambiguous in 4k3/1P6/8/8/8/7K/8/R6R w - - 0 1 (2 moves match)"
        );
    }

    #[test]
    fn san_round_trips_every_legal_move() {
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
                let text = b.san(m);
                assert_eq!(b.parse_san(&text), Ok(m), "{fen}: {text}");
            }
        }
        // Checks and mates carry their sign; knights on four squares need both coordinates.
        let b = Board::from_fen("6k1/5ppp/8/8/8/8/8/R3K1R1 w - - 0 1").unwrap();
        assert_eq!(b.san(b.parse_san("Ra8").unwrap()), "Ra8#");
        let b = Board::from_fen("1k6/8/8/8/N3N3/8/N3N3/6K1 w - - 0 1").unwrap();
        assert_eq!(b.san(b.parse_san("Na2c3").unwrap()), "Na2c3");
        assert_eq!(b.san(b.parse_san("Ne4c3").unwrap()), "Ne4c3");
        assert_eq!(b.san(b.parse_san("Nac5").unwrap()), "Nac5");
        assert_eq!(b.san(b.parse_san("Nb6").unwrap()), "Nb6");
        assert!(is_ambiguous(
            b.parse_san("N4c5").map(|m| m.uci(false).to_string())
        ));
    }
}
