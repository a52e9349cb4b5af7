//! The terms that need the pieces: mobility, passed pawns in context, king shelter and danger,
//! piece terms, threats. One `Evaluator` per evaluation gathers the attack maps as it goes
//! (pieces first, then the terms that read them) and each side's score.

use super::layout::*;
use super::params::WEIGHTS;
use super::pawns::{adjacent_files, ahead, front_span, passed_span, push};
use super::{safety_penalty, Score, Trace};
use crate::board::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attack_set, rook_attacks,
};
use crate::board::{Bitboard, Board, Color, PieceType, Square};

const DARK: u64 = 0xAA55_AA55_AA55_AA55;

pub(super) struct Evaluator<'a, T: Trace> {
    board: &'a Board,
    trace: &'a mut T,
    /// Each side's sum of the terms here, from its own side.
    pub(crate) score: [Score; 2],
    occ: Bitboard,
    /// Indexed by [color][piece type]: squares attacked by that side's pieces of that type.
    by: [[Bitboard; 6]; 2],
    /// Squares attacked by a side, and attacked at least twice.
    all: [Bitboard; 2],
    twice: [Bitboard; 2],
    /// Each side's king zone: the king's square and its neighbours.
    zone: [Bitboard; 2],
    /// Indexed by the defender: attackers of its zone by type (knight .. queen) and their
    /// attacks on zone squares.
    zone_attackers: [[i32; 4]; 2],
    zone_attacks: [i32; 2],
}

#[inline(always)]
fn distance(a: Square, b: Square) -> usize {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr) as usize
}

impl<'a, T: Trace> Evaluator<'a, T> {
    #[inline(always)]
    pub(crate) fn new(board: &'a Board, trace: &'a mut T) -> Evaluator<'a, T> {
        let mut by = [[Bitboard::EMPTY; 6]; 2];
        let mut all = [Bitboard::EMPTY; 2];
        let mut twice = [Bitboard::EMPTY; 2];
        let mut zone = [Bitboard::EMPTY; 2];
        for c in Color::ALL {
            let i = c.index();
            let pawns = board.colored_pieces(c, PieceType::Pawn);
            let p = pawn_attack_set(c, pawns);
            let k = king_attacks(board.king(c));
            by[i][PieceType::Pawn.index()] = p;
            by[i][PieceType::King.index()] = k;
            // Two pawns on one square's both diagonals count as two attackers.
            let west_east = match c {
                Color::White => (
                    Bitboard((pawns.0 & !0x0101_0101_0101_0101) << 7),
                    Bitboard((pawns.0 & !0x8080_8080_8080_8080) << 9),
                ),
                Color::Black => (
                    Bitboard((pawns.0 & !0x0101_0101_0101_0101) >> 9),
                    Bitboard((pawns.0 & !0x8080_8080_8080_8080) >> 7),
                ),
            };
            twice[i] = (west_east.0 & west_east.1) | (p & k);
            all[i] = p | k;
            zone[i] = k.with(board.king(c));
        }
        Evaluator {
            board,
            trace,
            score: [Score::ZERO; 2],
            occ: board.occupied(),
            by,
            all,
            twice,
            zone,
            zone_attackers: [[0; 4]; 2],
            zone_attacks: [0; 2],
        }
    }

    /// `n` counts of weight `i` for `c`.
    #[inline(always)]
    pub(crate) fn add(&mut self, c: Color, i: usize, n: i32) {
        self.score[c.index()] += WEIGHTS[i] * n;
        if T::ON {
            self.trace.add(c, i, n);
        }
    }

    #[inline(always)]
    fn attacked(&mut self, c: Color, pt: PieceType, a: Bitboard) {
        let i = c.index();
        self.twice[i] |= self.all[i] & a;
        self.all[i] |= a;
        self.by[i][pt.index()] |= a;
    }

    /// Mobility, the piece terms and the attack maps of `us`'s knights, bishops, rooks and
    /// queens.
    pub(crate) fn pieces(&mut self, us: Color) {
        let b = self.board;
        let them = us.flip();
        let own_pawns = b.colored_pieces(us, PieceType::Pawn);
        let their_pawns = b.colored_pieces(them, PieceType::Pawn);
        let all_pawns = own_pawns | their_pawns;
        let area = !(own_pawns
            | b.colored_pieces(us, PieceType::King)
            | self.by[them.index()][PieceType::Pawn.index()]);
        let own_pawn_attacks = self.by[us.index()][PieceType::Pawn.index()];
        let their_zone = self.zone[them.index()];
        let their_king_rank8 = b.king(them).rank().relative(us).index() == 7;
        let seventh = Bitboard::rank(crate::board::Rank::from_index(6).relative(us));
        let pawns_on_seventh = (their_pawns & seventh).any();

        for (pt, table, slot) in [
            (PieceType::Knight, MOBILITY_KNIGHT, 0),
            (PieceType::Bishop, MOBILITY_BISHOP, 1),
            (PieceType::Rook, MOBILITY_ROOK, 2),
            (PieceType::Queen, MOBILITY_QUEEN, 3),
        ] {
            for sq in b.colored_pieces(us, pt) {
                let a = match pt {
                    PieceType::Knight => knight_attacks(sq),
                    PieceType::Bishop => bishop_attacks(sq, self.occ),
                    PieceType::Rook => rook_attacks(sq, self.occ),
                    _ => bishop_attacks(sq, self.occ) | rook_attacks(sq, self.occ),
                };
                self.attacked(us, pt, a);
                self.add(us, table + (a & area).count() as usize, 1);
                if (a & their_zone).any() {
                    let d = &mut self.zone_attackers[them.index()];
                    d[slot] += 1;
                    self.zone_attacks[them.index()] += (a & their_zone).count() as i32;
                }
                let rank = sq.rank().relative(us).index();
                match pt {
                    PieceType::Knight | PieceType::Bishop => {
                        let minor = if pt == PieceType::Knight { 0 } else { 1 };
                        if (3..=5).contains(&rank)
                            && own_pawn_attacks.has(sq)
                            && (passed_span(us, sq) & adjacent_files(sq) & their_pawns).is_empty()
                        {
                            self.add(us, OUTPOST + minor, 1);
                        }
                        if rank < 7 && all_pawns.has(sq.forward(us)) {
                            self.add(us, MINOR_BEHIND_PAWN, 1);
                        }
                        if pt == PieceType::Bishop {
                            let colour = if DARK >> sq.index() & 1 == 1 {
                                Bitboard(DARK)
                            } else {
                                Bitboard(!DARK)
                            };
                            let n = (own_pawns & colour).count() as i32;
                            if n > 0 {
                                self.add(us, BAD_BISHOP, n);
                            }
                        }
                    }
                    _ => {
                        let file = Bitboard::file(sq.file());
                        let term = if pt == PieceType::Rook {
                            ROOK_FILE
                        } else {
                            QUEEN_FILE
                        };
                        if (file & own_pawns).is_empty() {
                            let half = if (file & their_pawns).is_empty() {
                                0
                            } else {
                                1
                            };
                            self.add(us, term + half, 1);
                        }
                        if rank == 6 && (their_king_rank8 || pawns_on_seventh) {
                            let heavy = if pt == PieceType::Rook { 0 } else { 1 };
                            self.add(us, SEVENTH + heavy, 1);
                        }
                    }
                }
            }
        }
        if b.colored_pieces(us, PieceType::Bishop).several() {
            self.add(us, BISHOP_PAIR, 1);
        }
    }

    /// `us`'s passed pawns (found by the pawn terms) with the pieces in view: free path, king
    /// distances, rook behind.
    pub(crate) fn passed(&mut self, us: Color, passed: Bitboard) {
        let b = self.board;
        let them = us.flip();
        let mine = passed & b.colored(us);
        if mine.is_empty() {
            return;
        }
        let own_rooks = b.colored_pieces(us, PieceType::Rook);
        for sq in mine {
            let rank = sq.rank().relative(us).index();
            let path = front_span(us, sq);
            if (path & (self.occ | self.all[them.index()])).is_empty() {
                self.add(us, PASSED_FREE + rank, 1);
            }
            let stop = sq.forward(us);
            self.add(us, PASSED_OWN_KING + distance(b.king(us), stop), 1);
            self.add(us, PASSED_ENEMY_KING + distance(b.king(them), stop), 1);
            let behind = Bitboard::file(sq.file()) & !ahead(us, sq) & !Bitboard::from_square(sq);
            if (rook_attacks(sq, self.occ) & behind & own_rooks).any() {
                self.add(us, PASSED_ROOK_BEHIND, 1);
            }
        }
    }

    /// Pawn shield and storm on the king's file and its neighbours, and open files there.
    pub(crate) fn king_shelter(&mut self, us: Color) {
        let b = self.board;
        let k = b.king(us);
        let own_pawns = b.colored_pieces(us, PieceType::Pawn);
        let their_pawns = b.colored_pieces(them_of(us), PieceType::Pawn);
        let kf = k.file().index();
        for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
            let file = Bitboard::file(crate::board::File::from_index(f));
            let class = f.min(7 - f);
            // The own pawn nearest the own back rank, the enemy pawn nearest to it.
            let nearest = |pawns: Bitboard| -> usize {
                let on = pawns & file;
                if on.is_empty() {
                    return 0;
                }
                let sq = match us {
                    Color::White => on.lsb(),
                    Color::Black => Square::from_index(63 - on.0.leading_zeros() as usize),
                };
                sq.rank().relative(us).index()
            };
            let shield = nearest(own_pawns);
            let storm = nearest(their_pawns);
            self.add(us, KING_SHIELD + class * 8 + shield, 1);
            self.add(us, KING_STORM + class * 8 + storm, 1);
            if shield == 0 && storm == 0 {
                self.add(us, KING_OPEN_FILE, 1);
            }
        }
    }

    /// King danger of `us`'s king: the danger inputs of the enemy's attack, summed and turned
    /// into a penalty when two pieces or more attack the zone.
    pub(crate) fn king_danger(&mut self, us: Color) {
        let them = us.flip();
        let (u, t) = (us.index(), them.index());
        let attackers = self.zone_attackers[u];
        if attackers.iter().sum::<i32>() < 2 {
            return;
        }
        let b = self.board;
        let k = b.king(us);
        let mut danger = Score::ZERO;
        let mut input = |i: usize, n: i32, trace: &mut T| {
            if n != 0 {
                danger += WEIGHTS[i] * n;
                if T::ON {
                    trace.safety_input(us, i, n);
                }
            }
        };
        for (slot, &n) in attackers.iter().enumerate() {
            input(SAFETY_ATTACKERS + slot, n, self.trace);
        }
        input(SAFETY_ATTACKS, self.zone_attacks[u], self.trace);
        let minor_or_rook_or_pawn = self.by[u][PieceType::Pawn.index()]
            | self.by[u][PieceType::Knight.index()]
            | self.by[u][PieceType::Bishop.index()]
            | self.by[u][PieceType::Rook.index()];
        let weak = self.zone[u] & self.all[t] & !minor_or_rook_or_pawn;
        input(SAFETY_WEAK, weak.count() as i32, self.trace);
        let safe = !self.all[u] & !b.colored(them);
        let diag = bishop_attacks(k, self.occ);
        let straight = rook_attacks(k, self.occ);
        let checks = [
            knight_attacks(k) & self.by[t][PieceType::Knight.index()],
            diag & self.by[t][PieceType::Bishop.index()],
            straight & self.by[t][PieceType::Rook.index()],
            (diag | straight) & self.by[t][PieceType::Queen.index()],
        ];
        for (slot, squares) in checks.into_iter().enumerate() {
            input(
                SAFETY_CHECKS + slot,
                (squares & safe).count() as i32,
                self.trace,
            );
        }
        if b.colored_pieces(them, PieceType::Queen).is_empty() {
            input(SAFETY_NO_QUEEN, 1, self.trace);
        }
        input(SAFETY_OFFSET, 1, self.trace);
        let penalty = safety_penalty(danger);
        self.score[u] -= penalty;
        if T::ON {
            self.trace.safety(us, penalty);
        }
    }

    /// `us`'s threats against the enemy's pieces.
    pub(crate) fn threats(&mut self, us: Color) {
        let b = self.board;
        let them = us.flip();
        let (u, t) = (us.index(), them.index());
        let by_pawn = self.by[u][PieceType::Pawn.index()];
        let by_minor =
            self.by[u][PieceType::Knight.index()] | self.by[u][PieceType::Bishop.index()];
        let by_rook = self.by[u][PieceType::Rook.index()];
        for pt in [
            PieceType::Pawn,
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ] {
            let victims = b.colored_pieces(them, pt);
            if victims.is_empty() {
                continue;
            }
            let i = pt.index();
            if i > 0 {
                let n = (victims & by_pawn).count() as i32;
                if n > 0 {
                    self.add(us, THREAT_BY_PAWN + i - 1, n);
                }
            }
            let n = (victims & by_minor).count() as i32;
            if n > 0 {
                self.add(us, THREAT_BY_MINOR + i, n);
            }
            let n = (victims & by_rook).count() as i32;
            if n > 0 {
                self.add(us, THREAT_BY_ROOK + i, n);
            }
        }
        let their_king = b.colored_pieces(them, PieceType::King);
        let hanging = b.colored(them) & !their_king & self.all[u] & !self.all[t];
        if hanging.any() {
            self.add(us, HANGING, hanging.count() as i32);
        }
        let own_pawns = b.colored_pieces(us, PieceType::Pawn);
        let pushed = push(us, own_pawns) & !self.occ;
        let safe = pushed & !self.by[t][PieceType::Pawn.index()] & (self.all[u] | !self.all[t]);
        let targets = b.colored(them) & !their_king & !b.colored_pieces(them, PieceType::Pawn);
        let n = (pawn_attack_set(us, safe) & targets).count() as i32;
        if n > 0 {
            self.add(us, PUSH_THREAT, n);
        }
    }
}

#[inline(always)]
fn them_of(c: Color) -> Color {
    c.flip()
}
