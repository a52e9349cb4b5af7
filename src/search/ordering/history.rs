//! Killer moves, countermoves, the butterfly history (plain, keyed by threats, and for the
//! first plies), the continuation history, the pawn-structure history and the capture
//! history.

use crate::board::{Bitboard, Board, Color, Move, Piece, PieceType, Square};
use crate::search::tunable as t;
use crate::search::MAX_PLY;

/// The piece a move moved and the square it went to: what the countermove (and the
/// continuation history) remember of the moves before a node. A null move has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo {
    pub piece: Piece,
    pub to: Square,
}

/// Two quiet moves per ply that recently caused a beta cutoff there, newest first.
pub struct Killers {
    /// Indexed by ply.
    slots: [[Move; 2]; MAX_PLY + 1],
}

impl Default for Killers {
    fn default() -> Self {
        Killers {
            slots: [[Move::NULL; 2]; MAX_PLY + 1],
        }
    }
}

impl Killers {
    #[inline(always)]
    pub fn get(&self, ply: usize) -> [Move; 2] {
        self.slots[ply.min(MAX_PLY)]
    }

    #[inline(always)]
    pub(crate) fn store(&mut self, ply: usize, m: Move) {
        let s = &mut self.slots[ply.min(MAX_PLY)];
        if s[0] != m {
            s[1] = s[0];
            s[0] = m;
        }
    }

    /// Forgets the killers of the ply below this one (a new subtree starts there).
    #[inline(always)]
    pub(crate) fn clear_ply(&mut self, ply: usize) {
        if ply <= MAX_PLY {
            self.slots[ply] = [Move::NULL; 2];
        }
    }

    pub(crate) fn clear(&mut self) {
        *self = Killers::default();
    }
}

/// The quiet move that last refuted each move (cut off right after it), indexed by
/// [the refuted move's piece][its destination].
pub(crate) struct CounterMoves {
    table: Box<[[Move; 64]; 12]>,
}

impl Default for CounterMoves {
    fn default() -> Self {
        CounterMoves {
            table: Box::new([[Move::NULL; 64]; 12]),
        }
    }
}

impl CounterMoves {
    /// The countermove to `prev` (null when there is none, or no previous move).
    #[inline(always)]
    pub(crate) fn get(&self, prev: Option<PieceTo>) -> Move {
        prev.map_or(Move::NULL, |p| self.table[p.piece.index()][p.to.index()])
    }

    #[inline(always)]
    pub(crate) fn store(&mut self, prev: Option<PieceTo>, m: Move) {
        if let Some(p) = prev {
            self.table[p.piece.index()][p.to.index()] = m;
        }
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[Move::NULL; 64]; 12];
    }
}

/// The largest magnitude a history score reaches; the gravity update saturates towards it.
pub(crate) const HISTORY_MAX: i32 = 16_384;

/// The gravity update every history table uses: the step shrinks as the score nears its
/// bound, so scores never overflow and recent results outweigh old ones.
#[inline(always)]
fn gravity(e: &mut i16, delta: i32) {
    let v = *e as i32;
    let delta = delta.clamp(-HISTORY_MAX, HISTORY_MAX);
    let next = v + delta - v * delta.abs() / HISTORY_MAX;
    *e = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// How good each quiet move has been, indexed by [side][from][to].
pub struct History {
    table: Box<[[[i16; 64]; 64]; 2]>,
}

impl Default for History {
    fn default() -> Self {
        History {
            table: Box::new([[[0; 64]; 64]; 2]),
        }
    }
}

impl History {
    #[inline(always)]
    pub(crate) fn get(&self, side: Color, m: Move) -> i32 {
        self.table[side.index()][m.from().index()][m.to().index()] as i32
    }

    /// The reward for a cutoff at `depth`: grows with depth squared, clamped.
    #[inline(always)]
    pub(crate) fn bonus(depth: i32) -> i32 {
        (depth * depth * t::history_bonus_quad() + t::history_bonus_lin() * depth)
            .min(t::history_bonus_max())
    }

    /// Gravity update (`gravity`).
    #[inline(always)]
    pub fn update(&mut self, side: Color, m: Move, delta: i32) {
        gravity(
            &mut self.table[side.index()][m.from().index()][m.to().index()],
            delta,
        );
    }

    /// Rewards the quiet move that cut off and penalises the quiet moves tried before it.
    pub(crate) fn reward_cutoff(&mut self, side: Color, best: Move, tried: &[Move], depth: i32) {
        let bonus = Self::bonus(depth);
        self.update(side, best, bonus);
        for &m in tried {
            if m != best {
                self.update(side, m, -bonus);
            }
        }
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[[0; 64]; 64]; 2];
    }
}

/// Which of a quiet move's squares the opponent attacks: the threat-keyed history's key. A
/// move off an attacked square (an escape) and one onto an attacked square (into danger)
/// learn apart from the same move between safe squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThreatBucket(u8);

impl ThreatBucket {
    /// The bucket of `m` when the opponent attacks `attacked`: origin attacked counts 2,
    /// destination attacked 1.
    #[inline(always)]
    pub(crate) fn of(attacked: Bitboard, m: Move) -> ThreatBucket {
        ThreatBucket(((attacked.has(m.from()) as u8) << 1) | attacked.has(m.to()) as u8)
    }
}

/// The butterfly history keyed by threats (`OrderThreatHistory`): how good each quiet move
/// has been, indexed by [side][threat bucket][from][to] (64 KB, four butterfly tables). With
/// its switch on it takes the plain table's place, in the read and in the updates.
pub struct ThreatHistory {
    table: Box<[[[[i16; 64]; 64]; 4]; 2]>,
}

impl Default for ThreatHistory {
    fn default() -> Self {
        ThreatHistory {
            table: Box::new([[[[0; 64]; 64]; 4]; 2]),
        }
    }
}

impl ThreatHistory {
    #[inline(always)]
    pub(crate) fn get(&self, side: Color, bucket: ThreatBucket, m: Move) -> i32 {
        self.table[side.index()][bucket.0 as usize][m.from().index()][m.to().index()] as i32
    }

    /// Gravity update, as the butterfly history's.
    #[inline(always)]
    pub(crate) fn update(&mut self, side: Color, bucket: ThreatBucket, m: Move, delta: i32) {
        gravity(
            &mut self.table[side.index()][bucket.0 as usize][m.from().index()][m.to().index()],
            delta,
        );
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[[[0; 64]; 64]; 4]; 2];
    }
}

/// Plies from the root the low-ply history covers (0 to 3): near the root the same moves are
/// searched again at every iteration, so what cut off there is worth remembering apart.
pub(crate) const LOW_PLIES: usize = 4;

/// The low-ply history (`OrderLowPlyHistory`): how good each quiet move has been at each of
/// the first `LOW_PLIES` plies of this search, indexed by [ply][from][to] (32 KB). Cleared at
/// each new search, kept across its iterations.
pub struct LowPlyHistory {
    table: Box<[[[i16; 64]; 64]; LOW_PLIES]>,
}

impl Default for LowPlyHistory {
    fn default() -> Self {
        LowPlyHistory {
            table: Box::new([[[0; 64]; 64]; LOW_PLIES]),
        }
    }
}

impl LowPlyHistory {
    /// The score of `m` at `ply`; 0 at or past `LOW_PLIES`.
    #[inline(always)]
    pub(crate) fn get(&self, ply: usize, m: Move) -> i32 {
        self.table
            .get(ply)
            .map_or(0, |t| t[m.from().index()][m.to().index()] as i32)
    }

    /// Gravity update, as the butterfly history's; nothing at or past `LOW_PLIES`.
    #[inline(always)]
    pub(crate) fn update(&mut self, ply: usize, m: Move, delta: i32) {
        if let Some(t) = self.table.get_mut(ply) {
            gravity(&mut t[m.from().index()][m.to().index()], delta);
        }
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[[0; 64]; 64]; LOW_PLIES];
    }
}

/// How good each quiet move has been right after an earlier move, indexed by
/// [earlier piece * 64 + earlier destination][piece][destination] (1.2 MB). One table per
/// distance: the opponent's last move (one ply back), our own move before it (two plies
/// back), our move before that (four plies back), and for the quiet order alone four and six
/// plies back (`Continuation`).
pub struct ContinuationHistory {
    table: Box<[[[i16; 64]; 12]]>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        // Built on the heap row by row: the 1.2 MB table never passes through the stack.
        ContinuationHistory {
            table: vec![[[0; 64]; 12]; 12 * 64].into_boxed_slice(),
        }
    }
}

impl ContinuationHistory {
    #[inline(always)]
    fn row(prev: PieceTo) -> usize {
        prev.piece.index() * 64 + prev.to.index()
    }

    /// The score of `m` after `prev`; 0 without an earlier move (root, null move).
    #[inline(always)]
    pub(crate) fn get(&self, prev: Option<PieceTo>, m: PieceTo) -> i32 {
        prev.map_or(0, |p| {
            self.table[Self::row(p)][m.piece.index()][m.to.index()] as i32
        })
    }

    /// Gravity update, as the butterfly history's; nothing without an earlier move.
    #[inline(always)]
    pub fn update(&mut self, prev: Option<PieceTo>, m: PieceTo, delta: i32) {
        if let Some(p) = prev {
            gravity(
                &mut self.table[Self::row(p)][m.piece.index()][m.to.index()],
                delta,
            );
        }
    }

    pub(crate) fn clear(&mut self) {
        self.table.fill([[0; 64]; 12]);
    }

    /// How many entries are not 0.
    #[cfg(test)]
    pub(crate) fn entries(&self) -> usize {
        self.table
            .iter()
            .flatten()
            .flatten()
            .filter(|&&v| v != 0)
            .count()
    }
}

/// Buckets of the pawn-structure history (a power of two): positions whose pawns hash to the
/// same bucket share their quiet moves' scores.
pub(crate) const PAWN_HISTORY_BUCKETS: usize = 512;

/// How good each quiet move has been in positions with the same pawns, indexed by
/// [pawn structure hash % PAWN_HISTORY_BUCKETS][piece][destination]: a plan (a piece to a
/// square) that works against one pawn structure tends to work wherever the pieces stand.
pub struct PawnHistory {
    table: Box<[[[i16; 64]; 12]]>,
}

impl Default for PawnHistory {
    fn default() -> Self {
        // On the heap bucket by bucket: the 786 KB table never passes through the stack.
        PawnHistory {
            table: vec![[[0; 64]; 12]; PAWN_HISTORY_BUCKETS].into_boxed_slice(),
        }
    }
}

impl PawnHistory {
    /// The bucket of `board`'s pawn structure: found once for all of a node's moves.
    #[inline(always)]
    pub(crate) fn bucket(board: &Board) -> usize {
        board.pawn_hash() as usize & (PAWN_HISTORY_BUCKETS - 1)
    }

    /// The score of `m` (piece and destination) in pawn-structure bucket `bucket`.
    #[inline(always)]
    pub(crate) fn get(&self, bucket: usize, m: PieceTo) -> i32 {
        self.table[bucket][m.piece.index()][m.to.index()] as i32
    }

    /// Gravity update, as the butterfly history's.
    #[inline(always)]
    pub fn update(&mut self, bucket: usize, m: PieceTo, delta: i32) {
        gravity(
            &mut self.table[bucket][m.piece.index()][m.to.index()],
            delta,
        );
    }

    pub(crate) fn clear(&mut self) {
        self.table.fill([[0; 64]; 12]);
    }
}

/// How good each capture has been, indexed by [moving piece][destination][captured type]
/// (9 KB). With `OrderCaptureHistoryDefended` on there are two, one for captures of a
/// defended piece (its square attacked by the opponent of the mover) and one for the others.
pub struct CaptureHistory {
    table: Box<[[[i16; 6]; 64]; 12]>,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        CaptureHistory {
            table: Box::new([[[0; 6]; 64]; 12]),
        }
    }
}

impl CaptureHistory {
    #[inline(always)]
    pub(crate) fn get(&self, piece: Piece, to: Square, captured: PieceType) -> i32 {
        self.table[piece.index()][to.index()][captured.index()] as i32
    }

    /// Gravity update, as the butterfly history's.
    #[inline(always)]
    pub fn update(&mut self, piece: Piece, to: Square, captured: PieceType, delta: i32) {
        gravity(
            &mut self.table[piece.index()][to.index()][captured.index()],
            delta,
        );
    }

    pub(crate) fn clear(&mut self) {
        *self.table = [[[0; 6]; 64]; 12];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};

    #[test]
    fn gravity_saturates() {
        let mut h = History::default();
        let m = Move::new(Square::E1, Square::F1, MoveKind::Quiet);
        for _ in 0..10_000 {
            h.update(Color::White, m, History::bonus(30));
        }
        let v = h.get(Color::White, m);
        assert!(v > HISTORY_MAX * 9 / 10 && v <= HISTORY_MAX, "{v}");
        for _ in 0..10_000 {
            h.update(Color::White, m, -History::bonus(30));
        }
        let v = h.get(Color::White, m);
        assert!((-HISTORY_MAX..-HISTORY_MAX * 9 / 10).contains(&v), "{v}");
        assert_eq!(h.get(Color::Black, m), 0);
    }

    #[test]
    fn countermoves_are_kept_per_piece_and_square() {
        let mut c = CounterMoves::default();
        let knight_g1 = PieceTo {
            piece: Piece::WhiteKnight,
            to: Square::G1,
        };
        let bishop_g1 = PieceTo {
            piece: Piece::WhiteBishop,
            ..knight_g1
        };
        let a = Move::new(Square::E1, Square::F1, MoveKind::Quiet);
        let b = Move::new(Square::A1, Square::C1, MoveKind::Quiet);
        assert_eq!(c.get(Some(knight_g1)), Move::NULL);
        c.store(Some(knight_g1), a);
        c.store(Some(bishop_g1), b);
        // No previous move (the root, or after a null move): nothing stored, nothing found.
        c.store(None, b);
        assert_eq!(c.get(None), Move::NULL);
        assert_eq!(c.get(Some(knight_g1)), a);
        assert_eq!(c.get(Some(bishop_g1)), b);
        c.store(Some(knight_g1), b);
        assert_eq!(c.get(Some(knight_g1)), b);
        c.clear();
        assert_eq!(c.get(Some(bishop_g1)), Move::NULL);
    }

    #[test]
    fn continuation_gravity_stays_bounded_and_apart() {
        let mut c = ContinuationHistory::default();
        let prev = PieceTo {
            piece: Piece::BlackKnight,
            to: Square::H8,
        };
        let other = PieceTo {
            piece: Piece::BlackBishop,
            ..prev
        };
        let m = PieceTo {
            piece: Piece::WhiteRook,
            to: Square::E1,
        };
        let mut last = 0;
        for i in 0..10_000 {
            c.update(Some(prev), m, History::bonus(30));
            let v = c.get(Some(prev), m);
            assert!(v >= last && v <= HISTORY_MAX, "step {i}: {v}");
            last = v;
        }
        assert!(last > HISTORY_MAX * 9 / 10, "{last}");
        for _ in 0..10_000 {
            c.update(Some(prev), m, -History::bonus(30));
        }
        let v = c.get(Some(prev), m);
        assert!((-HISTORY_MAX..-HISTORY_MAX * 9 / 10).contains(&v), "{v}");
        // Another earlier move, another piece, or none: untouched.
        assert_eq!(c.get(Some(other), m), 0);
        let queen = PieceTo {
            piece: Piece::WhiteQueen,
            ..m
        };
        assert_eq!(c.get(Some(prev), queen), 0);
        c.update(None, m, 1000);
        assert_eq!(c.get(None, m), 0);
        // One bonus from 0 is the bonus itself.
        c.update(Some(other), m, 400);
        assert_eq!(c.get(Some(other), m), 400);
        c.clear();
        assert_eq!(c.get(Some(prev), m), 0);
    }

    #[test]
    fn capture_gravity_stays_bounded_and_apart() {
        let mut c = CaptureHistory::default();
        let (n, to) = (Piece::WhiteKnight, Square::E8);
        let mut last = 0;
        for i in 0..10_000 {
            c.update(n, to, PieceType::Rook, History::bonus(30));
            let v = c.get(n, to, PieceType::Rook);
            assert!(v >= last && v <= HISTORY_MAX, "step {i}: {v}");
            last = v;
        }
        assert!(last > HISTORY_MAX * 9 / 10, "{last}");
        for _ in 0..10_000 {
            c.update(n, to, PieceType::Rook, -History::bonus(30));
        }
        let v = c.get(n, to, PieceType::Rook);
        assert!((-HISTORY_MAX..-HISTORY_MAX * 9 / 10).contains(&v), "{v}");
        // Another victim, square or piece: untouched.
        assert_eq!(c.get(n, to, PieceType::Queen), 0);
        assert_eq!(c.get(n, Square::H8, PieceType::Rook), 0);
        assert_eq!(c.get(Piece::BlackKnight, to, PieceType::Rook), 0);
        // From 0 one update moves by the delta itself; at half the bound gravity takes half
        // the step back: 8192 + 1600 - 8192 * 1600 / 16384 = 8992.
        c.update(n, Square::H8, PieceType::Pawn, -300);
        assert_eq!(c.get(n, Square::H8, PieceType::Pawn), -300);
        c.update(n, Square::H1, PieceType::Pawn, 8192);
        c.update(n, Square::H1, PieceType::Pawn, 1600);
        assert_eq!(c.get(n, Square::H1, PieceType::Pawn), 8992);
        c.clear();
        assert_eq!(c.get(n, to, PieceType::Rook), 0);
    }

    #[test]
    fn the_threat_bucket_keys_the_origin_and_the_destination() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let m = Move::new(sq("e4"), sq("d6"), MoveKind::Quiet);
        let at = |squares: &[Square]| {
            squares
                .iter()
                .fold(Bitboard::EMPTY, |b, &sq| b | Bitboard::from_square(sq))
        };
        let buckets = [
            ThreatBucket::of(Bitboard::EMPTY, m),
            ThreatBucket::of(at(&[sq("d6")]), m),
            ThreatBucket::of(at(&[sq("e4")]), m),
            ThreatBucket::of(at(&[sq("e4"), sq("d6"), Square::A1]), m),
        ];
        assert_eq!(buckets.map(|b| b.0), [0, 1, 2, 3]);
        // Each bucket learns apart, per side.
        let mut h = ThreatHistory::default();
        for (k, &b) in buckets.iter().enumerate() {
            h.update(Color::White, b, m, 100 * (k as i32 + 1));
        }
        for (k, &b) in buckets.iter().enumerate() {
            assert_eq!(h.get(Color::White, b, m), 100 * (k as i32 + 1));
            assert_eq!(h.get(Color::Black, b, m), 0);
        }
        // Gravity bounds it as the plain table.
        for _ in 0..10_000 {
            h.update(Color::Black, buckets[3], m, History::bonus(30));
        }
        let v = h.get(Color::Black, buckets[3], m);
        assert!(v > HISTORY_MAX * 9 / 10 && v <= HISTORY_MAX, "{v}");
        h.clear();
        assert_eq!(h.get(Color::Black, buckets[3], m), 0);
    }

    #[test]
    fn the_low_ply_history_keeps_its_first_plies_apart() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let mut h = LowPlyHistory::default();
        let m = Move::new(Square::G1, sq("f3"), MoveKind::Quiet);
        for ply in 0..LOW_PLIES {
            h.update(ply, m, 10 * (ply as i32 + 1));
        }
        for ply in 0..LOW_PLIES {
            assert_eq!(h.get(ply, m), 10 * (ply as i32 + 1));
        }
        // Past the low plies nothing is kept or read.
        h.update(LOW_PLIES, m, 500);
        assert_eq!(h.get(LOW_PLIES, m), 0);
        assert_eq!(h.get(usize::MAX, m), 0);
        // Another move, untouched; clearing forgets all.
        assert_eq!(
            h.get(0, Move::new(sq("f3"), Square::G1, MoveKind::Quiet)),
            0
        );
        h.clear();
        assert_eq!(h.get(0, m), 0);
    }

    #[test]
    fn killers_keep_two_newest() {
        let mut k = Killers::default();
        let a = Move::new(Square::E1, Square::F1, MoveKind::Quiet);
        let b = Move::new(Square::E1, Square::D1, MoveKind::Quiet);
        let c = Move::new(Square::A1, Square::C1, MoveKind::Quiet);
        k.store(3, a);
        k.store(3, a);
        assert_eq!(k.get(3), [a, Move::NULL]);
        k.store(3, b);
        k.store(3, c);
        assert_eq!(k.get(3), [c, b]);
    }
}
