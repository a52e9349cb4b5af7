//! Small types with meaning: colours, piece types, pieces, files, ranks and squares.

use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub(crate) const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub(crate) const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The rank this colour's pieces start on (its "back rank").
    #[inline(always)]
    pub(crate) const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::R1,
            Color::Black => Rank::R8,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceType {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl PieceType {
    pub(crate) const ALL: [PieceType; 6] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> PieceType {
        PieceType::ALL[i]
    }

    /// Lower-case letter as in FEN and UCI promotions.
    pub(crate) const fn char(self) -> char {
        match self {
            PieceType::Pawn => 'p',
            PieceType::Knight => 'n',
            PieceType::Bishop => 'b',
            PieceType::Rook => 'r',
            PieceType::Queen => 'q',
            PieceType::King => 'k',
        }
    }

    pub(crate) fn from_char(c: char) -> Option<PieceType> {
        Some(match c.to_ascii_lowercase() {
            'p' => PieceType::Pawn,
            'n' => PieceType::Knight,
            'b' => PieceType::Bishop,
            'r' => PieceType::Rook,
            'q' => PieceType::Queen,
            'k' => PieceType::King,
            _ => return None,
        })
    }
}

/// A coloured piece: `color * 6 + piece type`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Piece {
    WhitePawn = 0,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

impl Piece {
    pub(crate) const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];

    #[inline(always)]
    pub(crate) const fn new(color: Color, pt: PieceType) -> Piece {
        Piece::ALL[color as usize * 6 + pt as usize]
    }

    #[inline(always)]
    pub(crate) const fn color(self) -> Color {
        if (self as u8) < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub const fn piece_type(self) -> PieceType {
        // A table look-up: cheaper than the division `% 6` would be.
        const TYPES: [PieceType; 12] = {
            let mut t = [PieceType::Pawn; 12];
            let mut i = 0;
            while i < 12 {
                t[i] = PieceType::ALL[i % 6];
                i += 1;
            }
            t
        };
        TYPES[self as usize]
    }

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// FEN letter: upper case for White.
    pub(crate) fn char(self) -> char {
        let c = self.piece_type().char();
        match self.color() {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    pub(crate) fn from_char(c: char) -> Option<Piece> {
        let pt = PieceType::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, pt))
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    pub(crate) const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> File {
        File::ALL[i & 7]
    }

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn char(self) -> char {
        (b'a' + self as u8) as char
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum Rank {
    R1 = 0,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R8,
}

impl Rank {
    pub(crate) const ALL: [Rank; 8] = [
        Rank::R1,
        Rank::R2,
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
    ];

    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Rank {
        Rank::ALL[i & 7]
    }

    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The same rank seen from `color`'s side (rank 1 for White is rank 8 for Black).
    #[inline(always)]
    pub(crate) const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }
}

/// A square, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Squares the tests name.
#[cfg(test)]
impl Square {
    pub(crate) const C1: Square = Square(2);
    pub(crate) const D1: Square = Square(3);
    pub(crate) const E1: Square = Square(4);
    pub(crate) const F1: Square = Square(5);
    pub(crate) const G1: Square = Square(6);
    pub(crate) const H1: Square = Square(7);
    pub(crate) const E8: Square = Square(60);
    pub(crate) const H8: Square = Square(63);
}

impl Square {
    pub(crate) const A1: Square = Square(0);

    #[inline(always)]
    pub(crate) const fn new(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 8 + file as u8)
    }

    /// `i` must be below 64.
    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Square {
        debug_assert!(i < 64);
        Square(i as u8)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub(crate) const fn file(self) -> File {
        File::from_index(self.0 as usize & 7)
    }

    #[inline(always)]
    pub(crate) const fn rank(self) -> Rank {
        Rank::from_index(self.0 as usize >> 3)
    }

    /// Mirrored vertically: a1 <-> a8.
    #[inline(always)]
    pub(crate) const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square as seen by `color` (mirrored for Black).
    #[inline(always)]
    pub(crate) const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square one rank forward for `color`; the caller ensures it exists.
    #[inline(always)]
    pub(crate) const fn forward(self, color: Color) -> Square {
        match color {
            Color::White => Square(self.0 + 8),
            Color::Black => Square(self.0 - 8),
        }
    }

    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return None;
        }
        Some(Square((b[1] - b'1') * 8 + (b[0] - b'a')))
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank() as u8 + 1)
    }
}
