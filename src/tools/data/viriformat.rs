//! Binary game records in the layout of Viridithas's datagen ("viriformat"), which the bullet
//! trainer reads: per game a 32-byte packed start position, then a (move, score) pair of 4
//! bytes for each move played, then 4 zero bytes. docs/datagen.md describes it byte by byte.
//!
//! All integers are little-endian; squares are numbered a1 = 0, h1 = 7, a8 = 56, h8 = 63.
//! Scores are Cutoff's internal centipawns from White's side.

use super::game::{GameRecord, GameResult};
use crate::board::chessboard::{KING_SIDE, QUEEN_SIDE};
use crate::board::{legal_moves, Board, Color, Move, Piece, PieceType, Square};
use std::io::{self, Read, Write};

/// Bytes of a packed position.
pub(crate) const PACKED_BYTES: usize = 32;
/// Bytes of a (move, score) pair, and of the terminator.
pub(crate) const PAIR_BYTES: usize = 4;
/// The piece code of a rook that still has its castling right (types 0-5 are pawn to king).
const UNMOVED_ROOK: u8 = 6;
/// The en passant field when there is no en passant square.
const NO_EP: u8 = 64;
/// The two high bits of a move: its kind.
const KIND_EN_PASSANT: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_PROMOTION: u16 = 3;

/// A score as the format holds it: an i16, saturating (Cutoff's scores stay within ±32,000).
pub(crate) fn clamp_score(score: i32) -> i16 {
    score.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

fn wdl_byte(result: GameResult) -> u8 {
    match result {
        GameResult::BlackWins => 0,
        GameResult::Draw => 1,
        GameResult::WhiteWins => 2,
    }
}

/// The 32 bytes of `board` with its score and the game's result. A halfmove clock beyond 255
/// is written as 255 (the field is one byte).
pub fn pack(board: &Board, score: i16, result: GameResult) -> [u8; PACKED_BYTES] {
    let mut bytes = [0u8; PACKED_BYTES];
    let occupied = board.occupied();
    bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
    for (i, sq) in occupied.enumerate() {
        let piece = board
            .piece_at(sq)
            .expect("an occupied square holds a piece");
        let color = piece.color();
        let castling_rook = [KING_SIDE, QUEEN_SIDE]
            .iter()
            .any(|&side| board.castle_rook(color, side) == Some(sq));
        let kind = if castling_rook {
            UNMOVED_ROOK
        } else {
            piece.piece_type() as u8
        };
        let code = kind | (color.index() as u8) << 3;
        bytes[8 + i / 2] |= code << (4 * (i % 2));
    }
    let ep = board.en_passant().map_or(NO_EP, |sq| sq.index() as u8);
    bytes[24] = ep | (board.side_to_move().index() as u8) << 7;
    bytes[25] = board.halfmove_clock().min(255) as u8;
    bytes[26..28].copy_from_slice(&board.fullmove_number().to_le_bytes());
    bytes[28..30].copy_from_slice(&score.to_le_bytes());
    bytes[30] = wdl_byte(result);
    bytes[31] = 0;
    bytes
}

/// The position, score and result of 32 packed bytes, or what is wrong with them.
pub fn unpack(bytes: &[u8; PACKED_BYTES]) -> Result<(Board, i16, GameResult), String> {
    let occupied = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
    if occupied.count_ones() > 32 {
        return Err(format!(
            "{} occupied squares, at most 32 fit",
            occupied.count_ones()
        ));
    }
    let mut pieces = [(
        Square::from_index(0),
        Piece::new(Color::White, PieceType::Pawn),
    ); 32];
    let mut castling = [[None; 2]; 2];
    let mut king_seen = [false; 2];
    let mut n = 0;
    let mut rest = occupied;
    while rest != 0 {
        let sq = Square::from_index(rest.trailing_zeros() as usize);
        rest &= rest - 1;
        let code = bytes[8 + n / 2] >> (4 * (n % 2)) & 0xF;
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let piece_type = match code & 7 {
            UNMOVED_ROOK => {
                if sq.rank() != color.back_rank() {
                    return Err(format!(
                        "a castling rook on {sq}, off its side's first rank"
                    ));
                }
                // Occupancy order runs from a1 up: a rook after its king is on the king side.
                let side = if king_seen[color.index()] {
                    KING_SIDE
                } else {
                    QUEEN_SIDE
                };
                if castling[color.index()][side].is_some() {
                    return Err(format!(
                        "two castling rooks on one side, the second on {sq}"
                    ));
                }
                castling[color.index()][side] = Some(sq.file());
                PieceType::Rook
            }
            7 => return Err(format!("piece code {code} on {sq}: no such piece")),
            t => PieceType::ALL[t as usize],
        };
        if piece_type == PieceType::King {
            king_seen[color.index()] = true;
        }
        pieces[n] = (sq, Piece::new(color, piece_type));
        n += 1;
    }
    let side = if bytes[24] >> 7 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let ep = match bytes[24] & 0x7F {
        NO_EP => None,
        s if s < 64 => Some(Square::from_index(s as usize)),
        s => return Err(format!("en passant field {s}: not a square nor 64 (none)")),
    };
    let halfmove = bytes[25] as u16;
    let fullmove = u16::from_le_bytes([bytes[26], bytes[27]]);
    let score = i16::from_le_bytes([bytes[28], bytes[29]]);
    let result = match bytes[30] {
        0 => GameResult::BlackWins,
        1 => GameResult::Draw,
        2 => GameResult::WhiteWins,
        w => return Err(format!("result byte {w}: expected 0, 1 or 2")),
    };
    let board = Board::from_parts(
        pieces[..n].iter().copied(),
        side,
        castling,
        ep,
        halfmove,
        fullmove,
    )
    .map_err(|e| e.to_string())?;
    Ok((board, score, result))
}

/// A move's 16 bits: from (bits 0-5), to (6-11), promotion piece knight..queen as 0..3
/// (12-13), kind (14-15: 1 en passant, 2 castling, 3 promotion). Castling is king takes rook,
/// as Cutoff's own moves are.
pub(crate) fn encode_move(m: Move) -> u16 {
    let base = m.from().index() as u16 | (m.to().index() as u16) << 6;
    if m.is_castle() {
        base | KIND_CASTLE << 14
    } else if m.is_en_passant() {
        base | KIND_EN_PASSANT << 14
    } else if let Some(p) = m.promotion_piece() {
        base | KIND_PROMOTION << 14 | (p as u16 - 1) << 12
    } else {
        base
    }
}

/// The legal move of `board` that `raw` encodes, if there is one.
pub(crate) fn decode_move(board: &Board, raw: u16) -> Option<Move> {
    let from = (raw & 63) as usize;
    let to = (raw >> 6 & 63) as usize;
    let kind = raw >> 14;
    let promotion = (kind == KIND_PROMOTION).then(|| PieceType::ALL[(raw >> 12 & 3) as usize + 1]);
    legal_moves(board).iter().copied().find(|m| {
        m.from().index() == from
            && m.to().index() == to
            && m.promotion_piece() == promotion
            && m.is_castle() == (kind == KIND_CASTLE)
            && m.is_en_passant() == (kind == KIND_EN_PASSANT)
    })
}

/// Writes one game: its packed start, its (move, score) pairs and the terminator.
pub fn write_game<W: Write>(out: &mut W, game: &GameRecord) -> io::Result<()> {
    out.write_all(&pack(&game.start, game.start_score, game.result))?;
    for &(m, score) in &game.moves {
        let mut pair = [0u8; PAIR_BYTES];
        pair[0..2].copy_from_slice(&encode_move(m).to_le_bytes());
        pair[2..4].copy_from_slice(&score.to_le_bytes());
        out.write_all(&pair)?;
    }
    out.write_all(&[0u8; PAIR_BYTES])
}

/// Reads games one by one, checking each: a packed position that makes a legal board, moves
/// legal where they are played, a terminator before the end.
pub struct GameReader<R> {
    input: R,
    /// Bytes read so far.
    offset: u64,
    /// Games read so far.
    games: u64,
}

impl<R: Read> GameReader<R> {
    pub fn new(input: R) -> GameReader<R> {
        GameReader {
            input,
            offset: 0,
            games: 0,
        }
    }

    /// Fills `buf` as far as the input goes; returns the bytes read.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize, String> {
        let mut n = 0;
        while n < buf.len() {
            match self.input.read(&mut buf[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(format!("reading at byte {}: {e}", self.offset + n as u64)),
            }
        }
        self.offset += n as u64;
        Ok(n)
    }

    /// Reads the next game into `game`, reusing its move list. `Ok(false)` at the end of the
    /// input; an error names the game, the byte and what is wrong.
    pub fn read_game(&mut self, game: &mut GameRecord) -> Result<bool, String> {
        let start = self.offset;
        let number = self.games + 1;
        let mut packed = [0u8; PACKED_BYTES];
        match self.fill(&mut packed)? {
            0 => return Ok(false),
            PACKED_BYTES => {}
            n => {
                return Err(format!(
                    "truncated: game {number} (byte {start}) has {n} of its 32 position bytes"
                ))
            }
        }
        let (board, score, result) = unpack(&packed)
            .map_err(|e| format!("game {number} (byte {start}): bad packed position: {e}"))?;
        game.start = board;
        game.start_score = score;
        game.result = result;
        game.moves.clear();
        let mut current = board;
        loop {
            let at = self.offset;
            let mut pair = [0u8; PAIR_BYTES];
            match self.fill(&mut pair)? {
                PAIR_BYTES => {}
                n => {
                    return Err(format!(
                        "truncated: game {number} (byte {start}) ends at byte {} without its \
                         terminator (4 zero bytes){}",
                        at + n as u64,
                        if n > 0 { ", inside a move" } else { "" }
                    ))
                }
            }
            let raw = u16::from_le_bytes([pair[0], pair[1]]);
            let score = i16::from_le_bytes([pair[2], pair[3]]);
            if raw == 0 && score == 0 {
                break;
            }
            let Some(m) = decode_move(&current, raw) else {
                return Err(format!(
                    "game {number} (byte {start}), move {} (byte {at}): {raw:#06x} is not a legal \
                     move in {}",
                    game.moves.len() + 1,
                    current.fen()
                ));
            };
            game.moves.push((m, score));
            current.make_move(m);
        }
        self.games += 1;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_encode_as_the_format_says() {
        let b = Board::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let enc = |san: &str| encode_move(b.parse_san(san).unwrap());
        // e1 = 4, h1 = 7: king takes rook, kind 2.
        assert_eq!(enc("O-O"), 4 | 7 << 6 | 2 << 14);
        assert_eq!(enc("O-O-O"), 4 | 2 << 14);
        // e5 = 36, d6 = 43.
        assert_eq!(enc("exd6"), 36 | 43 << 6 | 1 << 14);
        // b7 = 49, a8 = 56, b8 = 57.
        assert_eq!(enc("bxa8=N"), 49 | 56 << 6 | 3 << 14);
        assert_eq!(enc("b8=Q"), 49 | 57 << 6 | 3 << 14 | 3 << 12);
        assert_eq!(enc("Ra2"), 8 << 6);
        for m in legal_moves(&b).iter() {
            assert_eq!(decode_move(&b, encode_move(*m)), Some(*m));
        }
        // A castling flag on a king step, or a promotion flag on a rook move, is no move.
        assert_eq!(decode_move(&b, 4 | 5 << 6 | 2 << 14), None);
        assert_eq!(decode_move(&b, 3 << 14 | 8 << 6), None);
    }

    #[test]
    fn the_start_position_packs_to_known_bytes() {
        let bytes = pack(&Board::startpos(), -5, GameResult::Draw);
        let mut expected = [0u8; 32];
        expected[0..8].copy_from_slice(&[0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff]);
        // Nibbles a1, b1, ... low first: castling rook 6, knight 1, bishop 2, queen 4, king 5.
        expected[8..12].copy_from_slice(&[0x16, 0x42, 0x25, 0x61]);
        // Black pieces: colour bit 8 (pawns 8, castling rook 14, knight 9, ...).
        expected[16..20].copy_from_slice(&[0x88; 4]);
        expected[20..24].copy_from_slice(&[0x9e, 0xca, 0xad, 0xe9]);
        expected[24] = 64;
        expected[26] = 1;
        expected[28..30].copy_from_slice(&(-5i16).to_le_bytes());
        expected[30] = 1;
        assert_eq!(bytes, expected);
        assert_eq!(
            unpack(&bytes).unwrap(),
            (Board::startpos(), -5, GameResult::Draw)
        );
    }

    #[test]
    fn bad_packed_positions_are_errors() {
        let good = pack(&Board::startpos(), 0, GameResult::Draw);
        let mut b = good;
        b[30] = 3;
        assert!(unpack(&b).unwrap_err().contains("result byte 3"));
        let mut b = good;
        b[24] = 65;
        assert!(unpack(&b).unwrap_err().contains("en passant"));
        let mut b = good;
        b[8] = 0x17;
        assert!(unpack(&b).unwrap_err().contains("piece code 7"));
        let mut b = good;
        b[10] = 0x11; // the e1 king a knight: no white king
        assert!(unpack(&b).is_err());
        assert!(unpack(&[0u8; 32]).is_err());
    }
}
