//! A move in 16 bits, and a fixed-capacity move list that never allocates.

use super::types::{PieceType, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// Bits 0-5: from square; 6-11: to square; 12-15: kind (`MoveKind`).
/// Castling is encoded as the king capturing its own rook (the Chess960 convention),
/// so the rook's square is `to()`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// The four bits of a move's kind. Bit 2 marks a capture, bit 3 a promotion, and for
/// promotions the low two bits give the piece (knight, bishop, rook, queen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum MoveKind {
    Quiet = 0,
    DoublePush = 1,
    Castle = 2,
    Capture = 4,
    EnPassant = 5,
    PromoKnight = 8,
    PromoBishop = 9,
    PromoRook = 10,
    PromoQueen = 11,
    PromoCaptureKnight = 12,
    PromoCaptureBishop = 13,
    PromoCaptureRook = 14,
    PromoCaptureQueen = 15,
}

impl Move {
    /// Not a move: a1a1. Never legal, so it can mark "no move" in tables.
    pub const NULL: Move = Move(0);

    #[inline(always)]
    pub(crate) const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    /// A promotion to `piece` (knight to queen), capturing or not.
    #[inline(always)]
    pub(crate) const fn promotion(
        from: Square,
        to: Square,
        piece: PieceType,
        capture: bool,
    ) -> Move {
        let kind = 8 | (capture as u16) << 2 | (piece as u16 - 1);
        Move(from.index() as u16 | (to.index() as u16) << 6 | kind << 12)
    }

    #[inline(always)]
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub(crate) const fn is_null(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub(crate) const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as usize)
    }

    #[inline(always)]
    const fn kind_bits(self) -> u16 {
        self.0 >> 12
    }

    pub(crate) const fn kind(self) -> MoveKind {
        match self.kind_bits() {
            0 => MoveKind::Quiet,
            1 => MoveKind::DoublePush,
            2 => MoveKind::Castle,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            8 => MoveKind::PromoKnight,
            9 => MoveKind::PromoBishop,
            10 => MoveKind::PromoRook,
            11 => MoveKind::PromoQueen,
            12 => MoveKind::PromoCaptureKnight,
            13 => MoveKind::PromoCaptureBishop,
            14 => MoveKind::PromoCaptureRook,
            _ => MoveKind::PromoCaptureQueen,
        }
    }

    /// Takes a piece (en passant included; castling is not a capture).
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.kind_bits() & 4 != 0
    }

    #[inline(always)]
    pub(crate) const fn is_promotion(self) -> bool {
        self.kind_bits() & 8 != 0
    }

    /// Captures and promotions: the moves the picker's first stages and quiescence look at.
    #[inline(always)]
    pub const fn is_noisy(self) -> bool {
        self.kind_bits() & 12 != 0
    }

    #[inline(always)]
    pub const fn is_quiet(self) -> bool {
        !self.is_noisy()
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.kind_bits() == MoveKind::EnPassant as u16
    }

    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.kind_bits() == MoveKind::Castle as u16
    }

    /// The piece a pawn becomes, if this is a promotion.
    #[inline(always)]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        if self.is_promotion() {
            Some(PieceType::from_index((self.kind_bits() & 3) as usize + 1))
        } else {
            None
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(p) = self.promotion_piece() {
            write!(f, "{}", p.char())?;
        }
        write!(f, "({:?})", self.kind())
    }
}

/// The most legal moves any chess position has is 218; 256 leaves room.
pub(crate) const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves, on the stack.
#[derive(Clone)]
pub struct MoveList {
    /// Only `moves[..len]` is initialised: a new list costs no 512-byte fill, which matters
    /// when every node of a search makes one.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    #[inline(always)]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [MaybeUninit::uninit(); MAX_MOVES],
            len: 0,
        }
    }

    /// Makes the list at `this` empty without writing its entries: for a struct built in
    /// place around an uninitialised list (the move picker), where a whole `MoveList::new()`
    /// moved in was filled with zeros by the compiler.
    ///
    /// # Safety
    /// `this` must be valid for writes and aligned for a `MoveList`.
    #[inline(always)]
    pub(crate) unsafe fn init_empty(this: *mut MoveList) {
        // SAFETY: the caller's promise; `len` is the only field that needs a value.
        unsafe { std::ptr::addr_of_mut!((*this).len).write(0) }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // A legal position never has more than MAX_MOVES moves; drop rather than panic.
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Keeps the first `len` moves (no more than there are).
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and `MaybeUninit<Move>` has
        // the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Swaps entries `a` and `b`, both below `len()`.
    #[inline(always)]
    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        self.as_mut_slice().swap(a, b);
    }

    /// Entry `i`, which must be below `len()`.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Move {
        self.as_slice()[i]
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
