//! Moves as UCI text: e2e4, e7e8q; castling as e1g1, or king-takes-rook (e1h1) in Chess960.

use super::chessboard::{castle_destinations, Board, KING_SIDE, QUEEN_SIDE};
use super::movegen::legal_moves;
use super::moves::Move;
use std::fmt;

/// A move ready to print in UCI notation.
pub struct UciMove {
    m: Move,
    chess960: bool,
}

impl Move {
    /// The move's UCI text; castling as king-takes-rook when `chess960` is on.
    pub fn uci(self, chess960: bool) -> UciMove {
        UciMove { m: self, chess960 }
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.m;
        if m.is_null() {
            return f.write_str("0000");
        }
        let to = if m.is_castle() && !self.chess960 {
            let side = if m.to() > m.from() {
                KING_SIDE
            } else {
                QUEEN_SIDE
            };
            let color = if m.from().rank() == super::types::Rank::R1 {
                super::types::Color::White
            } else {
                super::types::Color::Black
            };
            castle_destinations(color, side).0
        } else {
            m.to()
        };
        write!(f, "{}{}", m.from(), to)?;
        if let Some(p) = m.promotion_piece() {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

impl Board {
    /// Finds the legal move that `text` names. Castling is accepted as king-takes-rook always,
    /// and as the king's two-square move when not in Chess960 mode.
    pub fn parse_uci_move(&self, text: &str, chess960: bool) -> Result<Move, String> {
        let valid_shape = (text.len() == 4 || text.len() == 5) && text.is_ascii();
        if !valid_shape {
            return Err(format!("'{text}' is not a move in UCI notation"));
        }
        let moves = legal_moves(self);
        for &m in moves.iter() {
            if m.uci(true).to_string() == text {
                return Ok(m);
            }
            if !chess960 && m.is_castle() && m.uci(false).to_string() == text {
                return Ok(m);
            }
        }
        if super::types::Square::parse(&text[..2]).is_none()
            || super::types::Square::parse(&text[2..4]).is_none()
        {
            return Err(format!("'{text}' is not a move in UCI notation"));
        }
        Err(format!("'{text}' is not a legal move in {}", self.fen()))
    }
}
