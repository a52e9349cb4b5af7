//! FEN parsing and printing, with X-FEN and Shredder-FEN castling for Chess960.

use super::attacks::between;
use super::bitboard::Bitboard;
use super::chessboard::{Board, KING_SIDE, QUEEN_SIDE};
use super::types::{Color, File, Piece, PieceType, Rank, Square};
use std::fmt;

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was rejected: the field and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError(String);

impl FenError {
    fn new(msg: impl Into<String>) -> FenError {
        FenError(msg.into())
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

impl Board {
    /// The standard starting position.
    pub fn startpos() -> Board {
        Board::from_fen(STARTPOS).expect("the start position parses")
    }

    /// Parses a FEN; the halfmove clock and fullmove number may be left out (as in EPD).
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::new("empty FEN"));
        }
        if fields.len() < 4 {
            let missing = ["side to move", "castling", "en passant"][fields.len() - 1];
            return Err(FenError::new(format!(
                "FEN '{fen}': missing the {missing} field"
            )));
        }
        if fields.len() > 6 {
            return Err(FenError::new(format!(
                "FEN '{fen}': unexpected text '{}' after the fullmove number",
                fields[6..].join(" ")
            )));
        }
        let mut b = Board::empty();
        parse_placement(&mut b, fields[0])?;
        b.side = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            s => {
                return Err(FenError::new(format!(
                    "side to move field '{s}': expected 'w' or 'b'"
                )))
            }
        };
        check_material(&b)?;
        parse_castling(&mut b, fields[2])?;
        b.refresh_castling();
        let claimed_ep = parse_en_passant(&mut b, fields[3])?;
        if let Some(s) = fields.get(4) {
            b.halfmove = s.parse::<u16>().map_err(|_| {
                FenError::new(format!(
                    "halfmove clock field '{s}': not a number from 0 to 65535"
                ))
            })?;
        }
        if let Some(s) = fields.get(5) {
            let n = s.parse::<u16>().map_err(|_| {
                FenError::new(format!(
                    "fullmove number field '{s}': not a number from 1 to 65535"
                ))
            })?;
            b.fullmove = n.max(1);
        }

        finish(
            &mut b,
            claimed_ep,
            &format!("piece placement '{}'", fields[0]),
        )
    }

    /// The position as FEN, castling in X-FEN (KQkq unless a right needs its rook's file).
    pub fn fen(&self) -> String {
        self.fen_with(false)
    }

    /// The position as FEN with Shredder-FEN castling letters (rook files, like HAha).
    pub fn fen_shredder(&self) -> String {
        self.fen_with(true)
    }

    fn fen_with(&self, shredder: bool) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.mailbox[rank * 8 + file] {
                    Some(p) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let before = s.len();
        for color in Color::ALL {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(file) = self.castling[color.index()][side] {
                    let c = if !shredder && self.is_outermost_rook(color, side, file) {
                        if side == KING_SIDE {
                            'k'
                        } else {
                            'q'
                        }
                    } else {
                        file.char()
                    };
                    s.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        if s.len() == before {
            s.push('-');
        }
        match self.ep {
            Some(ep) => s.push_str(&format!(" {ep}")),
            None => s.push_str(" -"),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// Whether `file` holds the rook nearest the board's edge on `side` of the king.
    fn is_outermost_rook(&self, color: Color, side: usize, file: File) -> bool {
        outermost_rook(self, color, side) == Some(file)
    }
}

/// The checks and derived state common to `from_fen` and `from_parts`: the side that just
/// moved cannot have left its king in check, at most two checkers, and checks that fit the
/// claimed en passant square; then the key and check information. `placement` names the
/// position in errors.
fn finish(b: &mut Board, claimed_ep: Option<Square>, placement: &str) -> Result<Board, FenError> {
    let them = b.side.flip();
    if b.is_attacked(b.king(them), b.side, b.occupied()) {
        return Err(FenError::new(format!(
            "{placement}: the side not to move ({}) is in check",
            if them == Color::White {
                "white"
            } else {
                "black"
            }
        )));
    }
    b.key = b.compute_key();
    b.update_check_info();
    if b.checkers.count() > 2 {
        return Err(FenError::new(format!(
            "{placement}: the king is attacked by {} pieces at once",
            b.checkers.count()
        )));
    }
    if let Some(ep) = claimed_ep {
        check_en_passant_checkers(b, ep, &ep.to_string())?;
    }
    Ok(*b)
}

fn parse_placement(b: &mut Board, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::new(format!(
            "piece placement '{field}': {} ranks, expected 8",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::new(format!(
                        "piece placement '{field}': bad empty-square count '{c}' on rank {}",
                        rank + 1
                    )));
                }
                file += d as usize;
            } else if let Some(p) = Piece::from_char(c) {
                if file < 8 {
                    b.put(
                        p,
                        Square::new(File::from_index(file), Rank::from_index(rank)),
                    );
                }
                file += 1;
            } else {
                return Err(FenError::new(format!(
                    "piece placement '{field}': unknown piece letter '{c}'"
                )));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::new(format!(
                "piece placement '{field}': rank {} '{text}' has {} squares, expected 8",
                rank + 1,
                file
            )));
        }
    }
    Ok(())
}

fn check_material(b: &Board) -> Result<(), FenError> {
    for color in Color::ALL {
        let name = if color == Color::White {
            "white"
        } else {
            "black"
        };
        let kings = b.colored_pieces(color, PieceType::King).count();
        if kings != 1 {
            return Err(FenError::new(format!(
                "piece placement: {kings} {name} kings, expected exactly 1"
            )));
        }
        let pawns = b.colored_pieces(color, PieceType::Pawn).count();
        if pawns > 8 {
            return Err(FenError::new(format!(
                "piece placement: {pawns} {name} pawns, at most 8 are possible"
            )));
        }
        if b.colored(color).count() > 16 {
            return Err(FenError::new(format!(
                "piece placement: {} {name} pieces, at most 16 are possible",
                b.colored(color).count()
            )));
        }
    }
    let back_ranks = Bitboard::rank(Rank::R1) | Bitboard::rank(Rank::R8);
    if (b.pieces(PieceType::Pawn) & back_ranks).any() {
        let sq = (b.pieces(PieceType::Pawn) & back_ranks).lsb();
        return Err(FenError::new(format!(
            "piece placement: a pawn on {sq}, pawns cannot stand on the first or last rank"
        )));
    }
    Ok(())
}

/// The rook nearest the edge on `side` of `color`'s king, on the back rank.
fn outermost_rook(b: &Board, color: Color, side: usize) -> Option<File> {
    let rank = color.back_rank();
    let king = b.king(color);
    if king.rank() != rank {
        return None;
    }
    let rook = Piece::new(color, PieceType::Rook);
    let files: Vec<usize> = if side == KING_SIDE {
        ((king.file().index() + 1)..8).rev().collect()
    } else {
        (0..king.file().index()).collect()
    };
    files
        .into_iter()
        .map(File::from_index)
        .find(|&f| b.mailbox[Square::new(f, rank).index()] == Some(rook))
}

fn parse_castling(b: &mut Board, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let name = if color == Color::White {
            "white"
        } else {
            "black"
        };
        let lower = c.to_ascii_lowercase();
        if !matches!(lower, 'k' | 'q' | 'a'..='h') {
            return Err(FenError::new(format!(
                "castling field '{field}': unknown letter '{c}'"
            )));
        }
        let king = b.king(color);
        if king.rank() != color.back_rank() {
            return Err(FenError::new(format!(
                "castling field '{field}': letter '{c}' but the {name} king is not on its first rank"
            )));
        }
        let (side, file) = match lower {
            'k' => (KING_SIDE, outermost_rook(b, color, KING_SIDE)),
            'q' => (QUEEN_SIDE, outermost_rook(b, color, QUEEN_SIDE)),
            f => {
                let file = File::from_index((f as u8 - b'a') as usize);
                let side = if file > king.file() {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                let sq = Square::new(file, color.back_rank());
                let ok = b.mailbox[sq.index()] == Some(Piece::new(color, PieceType::Rook));
                (side, ok.then_some(file))
            }
        };
        let Some(file) = file else {
            return Err(FenError::new(format!(
                "castling field '{field}': letter '{c}' but no {name} rook stands there"
            )));
        };
        if b.castling[color.index()][side].is_some() {
            return Err(FenError::new(format!(
                "castling field '{field}': two rights for the same {name} side"
            )));
        }
        b.castling[color.index()][side] = Some(file);
    }
    Ok(())
}

/// Sets the en passant square if a pawn can take there; returns the square the FEN claims.
fn parse_en_passant(b: &mut Board, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let Some(sq) = Square::parse(field) else {
        return Err(FenError::new(format!(
            "en passant field '{field}': not a square"
        )));
    };
    set_en_passant(b, sq, field)
}

/// Sets the en passant square `sq` (written `field`) if a pawn can take there, after checking
/// that it fits a double push; returns it.
fn set_en_passant(b: &mut Board, sq: Square, field: &str) -> Result<Option<Square>, FenError> {
    let us = b.side;
    let them = us.flip();
    if sq.rank() != Rank::R6.relative(us) {
        return Err(FenError::new(format!(
            "en passant field '{field}': must be on rank {} when {} is to move",
            Rank::R6.relative(us) as u8 + 1,
            if us == Color::White { "white" } else { "black" }
        )));
    }
    let pushed = Square::new(sq.file(), Rank::R5.relative(us));
    let origin = Square::new(sq.file(), Rank::R7.relative(us));
    if b.mailbox[pushed.index()] != Some(Piece::new(them, PieceType::Pawn)) {
        return Err(FenError::new(format!(
            "en passant field '{field}': no pawn on {pushed} that could have just moved two squares"
        )));
    }
    if b.occupied().has(sq) || b.occupied().has(origin) {
        return Err(FenError::new(format!(
            "en passant field '{field}': {sq} and {origin} must be empty after a double push"
        )));
    }
    // Kept only when a pawn of the side to move could take, so equal positions hash equal.
    if (super::attacks::pawn_attacks(them, sq) & b.colored_pieces(us, PieceType::Pawn)).any() {
        b.ep = Some(sq);
    }
    Ok(Some(sq))
}

/// An en passant square says the last move was a double push; any check on the side to move
/// must then come from the pushed pawn or a slider whose line ran through the pawn's origin.
fn check_en_passant_checkers(b: &Board, ep: Square, field: &str) -> Result<(), FenError> {
    let us = b.side;
    let king = b.king(us);
    let pushed = Square::new(ep.file(), Rank::R5.relative(us));
    let origin = Square::new(ep.file(), Rank::R7.relative(us));
    let sliders =
        b.pieces(PieceType::Bishop) | b.pieces(PieceType::Rook) | b.pieces(PieceType::Queen);
    for checker in b.checkers {
        let discovered = sliders.has(checker) && between(king, checker).has(origin);
        if checker != pushed && !discovered {
            return Err(FenError::new(format!(
                "en passant field '{field}': the {} king is in check from {checker}, which a \
                 double push to {pushed} cannot have given",
                if us == Color::White { "white" } else { "black" }
            )));
        }
    }
    Ok(())
}

impl Board {
    /// A board from its parts (the packed positions of `cutoff data`), checked as `from_fen`
    /// checks a FEN: one king a side, no pawn on a back rank, each castling right's king on
    /// its first rank with its rook on `castling`'s file (on the side of the king the index
    /// says), the side not to move not in check. An en passant square is kept, as from a
    /// FEN, only when a pawn can take there, and must fit a double push.
    pub(crate) fn from_parts(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
        castling: [[Option<File>; 2]; 2],
        ep: Option<Square>,
        halfmove: u16,
        fullmove: u16,
    ) -> Result<Board, FenError> {
        let mut b = Board::empty();
        for (sq, piece) in pieces {
            if b.mailbox[sq.index()].is_some() {
                return Err(FenError::new(format!("two pieces on {sq}")));
            }
            b.put(piece, sq);
        }
        b.side = side;
        check_material(&b)?;
        for color in Color::ALL {
            for side in [KING_SIDE, QUEEN_SIDE] {
                let Some(file) = castling[color.index()][side] else {
                    continue;
                };
                let king = b.king(color);
                let rook = Square::new(file, color.back_rank());
                let on_side = if side == KING_SIDE {
                    file > king.file()
                } else {
                    file < king.file()
                };
                if king.rank() != color.back_rank()
                    || !on_side
                    || b.mailbox[rook.index()] != Some(Piece::new(color, PieceType::Rook))
                {
                    return Err(FenError::new(format!(
                        "castling right with the rook on {rook}: no such rook beside its king \
                         on the first rank"
                    )));
                }
            }
        }
        b.castling = castling;
        b.refresh_castling();
        if let Some(sq) = ep {
            set_en_passant(&mut b, sq, &sq.to_string())?;
        }
        b.halfmove = halfmove;
        b.fullmove = fullmove.max(1);
        finish(&mut b, ep, "the packed position")
    }
}

impl fmt::Display for Board {
    /// The board as a diagram with its FEN, as the UCI `d` command shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = self.mailbox[rank * 8 + file].map_or(' ', Piece::char);
                write!(f, " | {c}")?;
            }
            writeln!(f, " | {}", rank + 1)?;
            writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        }
        writeln!(f, "   a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.fen())?;
        write!(f, "Key: {:016X}", self.key)
    }
}
