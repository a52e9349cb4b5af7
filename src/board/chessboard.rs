//! `Board`: the state of one position, copied to make a move (`Position`, above the board
//! module, keeps the stack of them).

use super::attacks::{
    bishop_attacks, king_attacks, king_lines, knight_attacks, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::dirty::DirtyPiece;
use super::moves::{Move, MoveKind};
use super::types::{Color, File, Piece, PieceType, Square};
use super::zobrist::{piece_key, KEYS};
use std::mem::MaybeUninit;

/// Castling sides, indexing `Board::castling`'s inner array.
pub(crate) const KING_SIDE: usize = 0;
pub(crate) const QUEEN_SIDE: usize = 1;

/// Everything about one position; `Copy`, so making a move is a copy plus changes.
/// Aligned to a cache line: the copy's wide loads then never straddle two lines (unaligned,
/// they did, and perft without bulk counting lost a sixth of its speed there).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(align(64))]
pub struct Board {
    /// Indexed by piece type.
    pub(crate) by_type: [Bitboard; 6],
    /// Indexed by colour.
    pub(crate) by_color: [Bitboard; 2],
    /// Indexed by square.
    pub(crate) mailbox: [Option<Piece>; 64],
    pub(crate) side: Color,
    /// Castling rook files, indexed by [colour][KING_SIDE or QUEEN_SIDE]; None when lost.
    pub(crate) castling: [[Option<File>; 2]; 2],
    /// The same rights as bits `colour * 2 + side`, for the key and quick tests.
    pub(crate) rights: u8,
    /// The rooks and kings whose moving (or capture) costs a castling right: most moves touch
    /// none, and skip the castling update.
    pub(crate) castle_touch: Bitboard,
    /// Set only when a pawn of the side to move attacks it (so keys of equal positions match).
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) key: u64,
    /// Pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    /// Pieces of the side to move pinned to their king.
    pub(crate) pinned: Bitboard,
}

impl Board {
    pub(crate) fn empty() -> Board {
        Board {
            by_type: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            mailbox: [None; 64],
            side: Color::White,
            castling: [[None; 2]; 2],
            rights: 0,
            castle_touch: Bitboard::EMPTY,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        }
    }

    // ---- queries ----

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.mailbox[sq.index()]
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, pt: PieceType) -> Bitboard {
        self.by_type[pt.index()]
    }

    #[inline(always)]
    pub(crate) fn colored(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    #[inline(always)]
    pub(crate) fn colored_pieces(&self, color: Color, pt: PieceType) -> Bitboard {
        self.by_type[pt.index()] & self.by_color[color.index()]
    }

    /// A hash of both sides' pawns alone (a multiply mix of the two bitboards, folded):
    /// positions with the same pawns share it, whatever the pieces. The pawn hash table of
    /// the evaluation and the correction history of the search index by it.
    #[inline(always)]
    pub(crate) fn pawn_hash(&self) -> u64 {
        let mix = |b: Bitboard, k: u64| (b.0 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let white = mix(
            self.colored_pieces(Color::White, PieceType::Pawn),
            0x5851_F42D_4C95_7F2D,
        );
        let black = mix(
            self.colored_pieces(Color::Black, PieceType::Pawn),
            0x1405_7B7E_F767_814F,
        );
        let h = white ^ black.rotate_left(29);
        h ^ (h >> 32)
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        self.colored_pieces(color, PieceType::King).lsb()
    }

    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key after `m` as far as the moved and the captured piece change it: exact for
    /// every quiet move and capture that neither sets an en passant square nor touches a
    /// castling right, which are nearly all of a search's moves. Cheap enough to fetch the
    /// child's table entry before `make_move` works out the rest (checks and pins).
    #[inline(always)]
    pub(crate) fn key_after(&self, m: Move) -> u64 {
        let (from, to) = (m.from(), m.to());
        let mut key = self.key ^ KEYS.black_to_move;
        if let Some(ep) = self.ep {
            key ^= KEYS.en_passant[ep.file().index()];
        }
        if let Some(piece) = self.mailbox[from.index()] {
            key ^= piece_key(piece, from) ^ piece_key(piece, to);
        }
        if let Some(victim) = self.mailbox[to.index()] {
            key ^= piece_key(victim, to);
        }
        key
    }

    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    #[inline(always)]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The castling rook's square for `color` on `side`, if that right remains.
    #[inline(always)]
    pub fn castle_rook(&self, color: Color, side: usize) -> Option<Square> {
        self.castling[color.index()][side].map(|f| Square::new(f, color.back_rank()))
    }

    /// Bit `color * 2 + side` for each castling right held.
    #[inline(always)]
    pub(crate) fn castling_mask(&self) -> usize {
        self.rights as usize
    }

    /// The piece that moves in `m` (the king, for castling).
    #[inline(always)]
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.mailbox[m.from().index()]
    }

    /// The type of piece `m` takes: a pawn for en passant, None for quiet moves and castling.
    #[inline(always)]
    pub fn captured(&self, m: Move) -> Option<PieceType> {
        if m.is_en_passant() {
            Some(PieceType::Pawn)
        } else if m.is_capture() {
            self.mailbox[m.to().index()].map(Piece::piece_type)
        } else {
            None
        }
    }

    /// All pieces of either colour attacking `sq`, given occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers_to(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let rq = self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen);
        let bq = self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen);
        (pawn_attacks(Color::White, sq) & self.colored_pieces(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.colored_pieces(Color::White, PieceType::Pawn))
            | (knight_attacks(sq) & self.pieces(PieceType::Knight))
            | (king_attacks(sq) & self.pieces(PieceType::King))
            | (rook_attacks(sq, occ) & rq)
            | (bishop_attacks(sq, occ) & bq)
    }

    /// Whether `by` attacks `sq` when the board's occupancy is `occ`.
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let them = self.colored(by);
        let rq = (self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen)) & them;
        let bq = (self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen)) & them;
        (knight_attacks(sq) & self.pieces(PieceType::Knight) & them).any()
            || (pawn_attacks(by.flip(), sq) & self.pieces(PieceType::Pawn) & them).any()
            || (king_attacks(sq) & self.pieces(PieceType::King) & them).any()
            || (rook_attacks(sq, occ) & rq).any()
            || (bishop_attacks(sq, occ) & bq).any()
    }

    /// Whether legal move `m` gives check, found without playing it: the opponent's king is
    /// attacked, once the move is made, by the moved piece (as what it promotes to), by a
    /// slider it uncovers (the en passant victim's square opens too), or by the rook of a
    /// castling move. The search asks it of moves it may prune before making them.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let king = self.king(us.flip());
        let (from, to) = (m.from(), m.to());
        let Some(piece) = self.mailbox[from.index()] else {
            return false;
        };
        let ours = |pt| self.colored_pieces(us, pt).without(from);
        let mut pawns = ours(PieceType::Pawn);
        let mut knights = ours(PieceType::Knight);
        let mut rq = ours(PieceType::Rook) | ours(PieceType::Queen);
        let mut bq = ours(PieceType::Bishop) | ours(PieceType::Queen);
        let mut occ = self.occupied().without(from);
        if m.is_castle() {
            // The king "takes" its own rook on `to`; both move to their castling squares (a
            // king never gives check, but the rook or a slider it uncovers may).
            let side = if to > from { KING_SIDE } else { QUEEN_SIDE };
            let (king_to, rook_to) = castle_destinations(us, side);
            occ = occ.without(to).with(king_to).with(rook_to);
            rq = rq.without(to).with(rook_to);
        } else {
            if m.is_en_passant() {
                occ = occ.without(Square::new(to.file(), from.rank()));
            }
            occ = occ.with(to);
            match m.promotion_piece().unwrap_or(piece.piece_type()) {
                PieceType::Pawn => pawns = pawns.with(to),
                PieceType::Knight => knights = knights.with(to),
                PieceType::Bishop => bq = bq.with(to),
                PieceType::Rook => rq = rq.with(to),
                PieceType::Queen => {
                    rq = rq.with(to);
                    bq = bq.with(to);
                }
                PieceType::King => {}
            }
        }
        (pawn_attacks(us.flip(), king) & pawns).any()
            || (knight_attacks(king) & knights).any()
            || (rook_attacks(king, occ) & rq).any()
            || (bishop_attacks(king, occ) & bq).any()
    }

    /// Both sides' material by the classic count (pawn 1, knight and bishop 3, rook 5, queen
    /// 9): 78 at the start. Reports use it as a measure of the game's phase (the win/draw/loss
    /// model); the evaluation has its own values.
    pub fn material_count(&self) -> u32 {
        let count = |pt| self.pieces(pt).count();
        count(PieceType::Pawn)
            + 3 * (count(PieceType::Knight) + count(PieceType::Bishop))
            + 5 * count(PieceType::Rook)
            + 9 * count(PieceType::Queen)
    }

    /// Neither side has enough material to mate (K v K, K+minor v K, bishops all on one colour).
    pub(crate) fn insufficient_material(&self) -> bool {
        let heavy = self.pieces(PieceType::Pawn)
            | self.pieces(PieceType::Rook)
            | self.pieces(PieceType::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.pieces(PieceType::Knight);
        let bishops = self.pieces(PieceType::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        knights.is_empty() && (bishops.0 & DARK == 0 || bishops.0 & !DARK == 0)
    }

    // ---- changing the board ----

    /// Makes this board a copy of `src`: the copy of copy-make, into a board kept for the
    /// purpose. The same as `*self = *src`, but without AVX done in 16-byte moves: for a
    /// struct this size LLVM then calls memcpy, and perft without bulk counting spent about
    /// a tenth of its time in that call and in loads waiting on its stores. (With AVX, LLVM
    /// inlines the copy in 32-byte moves itself.)
    #[inline(always)]
    pub(crate) fn copy_from(&mut self, src: &Board) {
        if cfg!(target_feature = "avx") {
            *self = *src;
            return;
        }
        const _: () = assert!(std::mem::size_of::<Board>().is_multiple_of(16));
        let from = (src as *const Board).cast::<MaybeUninit<u128>>();
        let to = (self as *mut Board).cast::<MaybeUninit<u128>>();
        for i in 0..std::mem::size_of::<Board>() / 16 {
            // SAFETY: both pointers cover a whole Board (64-byte aligned, a multiple of 16
            // bytes long) and cannot overlap (`&mut` and `&`). The bytes go across as
            // MaybeUninit, padding included, so `self` ends with `src`'s valid bit pattern.
            unsafe { to.add(i).write(from.add(i).read()) };
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.piece_type().index()] |= bb;
        self.by_color[piece.color().index()] |= bb;
        self.mailbox[sq.index()] = Some(piece);
        self.key ^= piece_key(piece, sq);
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_type[piece.piece_type().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.mailbox[sq.index()] = None;
        self.key ^= piece_key(piece, sq);
    }

    /// `remove` then `put` for a piece changing squares.
    #[inline(always)]
    fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_type[piece.piece_type().index()] ^= bb;
        self.by_color[piece.color().index()] ^= bb;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(piece);
        self.key ^= piece_key(piece, from) ^ piece_key(piece, to);
    }

    /// Recomputes `rights` and `castle_touch` from `castling` (after FEN parsing or a lost
    /// right). The key is the caller's business.
    pub(crate) fn refresh_castling(&mut self) {
        self.rights = 0;
        self.castle_touch = Bitboard::EMPTY;
        for color in Color::ALL {
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(rook) = self.castle_rook(color, side) {
                    self.rights |= 1 << (color.index() * 2 + side);
                    self.castle_touch |= Bitboard::from_square(rook);
                    self.castle_touch |= self.colored_pieces(color, PieceType::King);
                }
            }
        }
    }

    /// Drops the castling rights whose king or rook stands on `touched` (before the move).
    /// In positions with castling rights a fifth of the moves come here, so it updates the
    /// rights, `castle_touch` and the key in place rather than recomputing them.
    #[inline(never)]
    fn lose_castling(&mut self, touched: Bitboard) {
        let before = self.rights;
        for color in Color::ALL {
            let c = color.index();
            let king = self.colored_pieces(color, PieceType::King);
            let king_moves = (touched & king).any();
            for side in [KING_SIDE, QUEEN_SIDE] {
                if let Some(rook) = self.castle_rook(color, side) {
                    if king_moves || touched.has(rook) {
                        self.castling[c][side] = None;
                        self.rights &= !(1 << (c * 2 + side));
                        self.castle_touch = self.castle_touch.without(rook);
                    }
                }
            }
            if self.rights >> (c * 2) & 3 == 0 {
                self.castle_touch &= !king;
            }
        }
        self.key ^= KEYS.castling[before as usize] ^ KEYS.castling[self.rights as usize];
    }

    /// Plays `m`, which must be legal in this position, and says what it changed: the one
    /// place where castling, en passant and promotion are decoded.
    #[inline]
    pub fn make_move(&mut self, m: Move) -> DirtyPiece {
        let us = self.side;
        let them = us.flip();
        let from = m.from();
        let to = m.to();
        let mut dirty = DirtyPiece::NONE;
        let Some(piece) = self.mailbox[from.index()] else {
            debug_assert!(false, "no piece on {from} for {m:?}");
            return dirty;
        };
        debug_assert_eq!(
            m.is_capture() && !m.is_en_passant(),
            self.mailbox[to.index()].is_some_and(|p| p.color() == them),
            "capture flag of {m:?}"
        );

        if let Some(ep) = self.ep.take() {
            self.key ^= KEYS.en_passant[ep.file().index()];
        }
        // Saturating: a FEN may start the clocks at their maximum.
        self.halfmove = self.halfmove.saturating_add(1);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        if (touched & self.castle_touch).any() {
            self.lose_castling(touched);
        }

        match m.kind() {
            MoveKind::Quiet => {
                self.shift(piece, from, to);
                dirty.shift(piece, from, to);
                if piece.piece_type() == PieceType::Pawn {
                    self.halfmove = 0;
                }
            }
            MoveKind::DoublePush => {
                self.shift(piece, from, to);
                dirty.shift(piece, from, to);
                self.halfmove = 0;
                let ep = from.forward(us);
                // Kept only when a pawn can take, so transpositions hash alike.
                if (pawn_attacks(us, ep) & self.colored_pieces(them, PieceType::Pawn)).any() {
                    self.ep = Some(ep);
                    self.key ^= KEYS.en_passant[ep.file().index()];
                }
            }
            MoveKind::Castle => {
                // The king "takes" its own rook; both end on their castling squares.
                let side = if to > from { KING_SIDE } else { QUEEN_SIDE };
                let (king_to, rook_to) = castle_destinations(us, side);
                let rook = Piece::new(us, PieceType::Rook);
                // Lift both before placing either: in Chess960 a destination may be the other
                // piece's start square.
                self.remove(piece, from);
                self.remove(rook, to);
                self.put(piece, king_to);
                self.put(rook, rook_to);
                dirty.shift(piece, from, king_to);
                dirty.shift(rook, to, rook_to);
            }
            MoveKind::Capture => {
                if let Some(victim) = self.mailbox[to.index()] {
                    self.remove(victim, to);
                    dirty.remove(victim, to);
                }
                self.shift(piece, from, to);
                dirty.shift(piece, from, to);
                self.halfmove = 0;
            }
            MoveKind::EnPassant => {
                let victim_sq = Square::new(to.file(), from.rank());
                let victim = Piece::new(them, PieceType::Pawn);
                self.remove(victim, victim_sq);
                dirty.remove(victim, victim_sq);
                self.shift(piece, from, to);
                dirty.shift(piece, from, to);
                self.halfmove = 0;
            }
            _ => {
                // Promotions, capturing or not.
                if let Some(victim) = self.mailbox[to.index()] {
                    self.remove(victim, to);
                    dirty.remove(victim, to);
                }
                self.remove(piece, from);
                dirty.remove(piece, from);
                if let Some(pt) = m.promotion_piece() {
                    let promoted = Piece::new(us, pt);
                    self.put(promoted, to);
                    dirty.add(promoted, to);
                }
                self.halfmove = 0;
            }
        }

        self.side = them;
        self.key ^= KEYS.black_to_move;
        self.update_check_info();
        debug_assert_eq!(self.key, self.compute_key(), "incremental key after {m:?}");
        dirty
    }

    /// Passes the turn (for null-move search). Not legal when in check.
    pub(crate) fn make_null_move(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.key ^= KEYS.en_passant[ep.file().index()];
        }
        // Repetitions are not looked for across a null move: a position reached again only
        // because a side passed is no draw. The clock starting over ends the scan there.
        self.halfmove = 0;
        self.side = self.side.flip();
        self.key ^= KEYS.black_to_move;
        self.update_check_info();
    }

    /// Recomputes checkers and pins for the side to move.
    #[inline(always)]
    pub(crate) fn update_check_info(&mut self) {
        let us = self.side;
        let them = us.flip();
        let king = self.king(us);
        let occ = self.occupied();
        let their = self.colored(them);
        let rq = (self.pieces(PieceType::Rook) | self.pieces(PieceType::Queen)) & their;
        let bq = (self.pieces(PieceType::Bishop) | self.pieces(PieceType::Queen)) & their;

        // Their sliders each check with nothing between, or pin a lone piece of ours between.
        let (sliders, pinned) = king_lines(king, rq, bq, occ);
        self.checkers = sliders
            | (pawn_attacks(us, king) & self.pieces(PieceType::Pawn) & their)
            | (knight_attacks(king) & self.pieces(PieceType::Knight) & their);
        self.pinned = pinned & self.colored(us);
    }

    /// The key computed from scratch (checks the incremental one).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Square::all() {
            if let Some(p) = self.mailbox[sq.index()] {
                key ^= piece_key(p, sq);
            }
        }
        key ^= KEYS.castling[self.castling_mask()];
        if let Some(ep) = self.ep {
            key ^= KEYS.en_passant[ep.file().index()];
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }
}

/// Where king and rook end up when `color` castles on `side`: g/f or c/d on the back rank,
/// in Chess960 as in standard chess.
#[inline(always)]
pub(crate) fn castle_destinations(color: Color, side: usize) -> (Square, Square) {
    let rank = color.back_rank();
    if side == KING_SIDE {
        (Square::new(File::G, rank), Square::new(File::F, rank))
    } else {
        (Square::new(File::C, rank), Square::new(File::D, rank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::movegen::legal_moves;

    /// `key_after` gives the child's key for every move it claims to cover (a plain quiet
    /// move or capture that sets no en passant square and touches no castling right), over
    /// pseudo-random games from positions with castling, en passant and promotions at hand.
    #[test]
    fn key_after_is_the_child_s_key_for_plain_moves() {
        let fens = [
            crate::board::STARTPOS,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        ];
        let (mut covered, mut exact) = (0, 0);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for fen in fens {
            for _game in 0..20 {
                let mut board = Board::from_fen(fen).unwrap();
                for _ply in 0..60 {
                    let moves = legal_moves(&board);
                    if moves.is_empty() {
                        break;
                    }
                    for &m in moves.iter() {
                        let mut child = board;
                        child.make_move(m);
                        let touched =
                            Bitboard::from_square(m.from()) | Bitboard::from_square(m.to());
                        let plain = !m.is_promotion()
                            && !m.is_en_passant()
                            && !m.is_castle()
                            && child.en_passant().is_none()
                            && (touched & board.castle_touch).is_empty();
                        if plain {
                            covered += 1;
                            assert_eq!(board.key_after(m), child.key(), "{m:?} in {}", board.fen());
                        }
                        exact += (board.key_after(m) == child.key()) as usize;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves.as_slice()[(seed % moves.len() as u64) as usize];
                    board.make_move(m);
                }
            }
        }
        // Nearly every move is covered, so the early fetch nearly always hits.
        assert!(
            covered > 10_000 && exact * 100 > covered * 95,
            "{covered} {exact}"
        );
    }
}
