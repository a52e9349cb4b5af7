//! Attack tables: leapers and rays computed by `const fn`, sliders by the build script's tables.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

/// One slider table entry per square: relevant-occupancy mask, magic number, shift and the
/// offset of the square's slice in `SLIDER_ATTACKS`.
pub(crate) struct Magic {
    mask: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    magic: u64,
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/slider_tables.rs"));

/// Whether slider look-ups use the BMI2 PEXT instruction (chosen at build time).
pub const fn uses_pext() -> bool {
    USES_PEXT
}

#[inline(always)]
fn slider_index(m: &Magic, occ: Bitboard) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the build enables BMI2, so the instruction exists on the target.
        m.offset + unsafe { core::arch::x86_64::_pext_u64(occ.0, m.mask) } as usize
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        m.offset + ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
    }
}

#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &ROOK_MAGICS[sq.index()];
    // SAFETY of the index: the build script sized each slice for every index the mask allows.
    Bitboard(SLIDER_ATTACKS[slider_index(m, occ)])
}

#[inline(always)]
pub(crate) fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let m = &BISHOP_MAGICS[sq.index()];
    Bitboard(SLIDER_ATTACKS[slider_index(m, occ)])
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                bits |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

/// Indexed by square.
static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
/// Indexed by square.
static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
/// Indexed by [colour of the pawn][square]: the squares a pawn there attacks.
static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

#[inline(always)]
pub(crate) fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

#[inline(always)]
pub(crate) fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// The squares `color`'s pawns on `pawns` attack, all at once.
#[inline(always)]
pub(crate) fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const FILE_H: u64 = FILE_A << 7;
    let p = pawns.0;
    Bitboard(match color {
        Color::White => ((p & !FILE_A) << 7) | ((p & !FILE_H) << 9),
        Color::Black => ((p & !FILE_A) >> 9) | ((p & !FILE_H) >> 7),
    })
}

/// Slider attacks on an empty board, indexed by square: every square a bishop or rook there
/// could ever reach. A cheap first filter before looking at blockers.
const fn empty_board_rays(diagonal: bool) -> [Bitboard; 64] {
    let mut table = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut bits = 0u64;
        let mut t = 0i32;
        while t < 64 {
            let (tf, tr) = (t % 8, t / 8);
            let (df, dr) = ((tf - f).abs(), (tr - r).abs());
            let hit = if diagonal {
                df == dr && df != 0
            } else {
                (df == 0) != (dr == 0)
            };
            if hit {
                bits |= 1 << t;
            }
            t += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

static BISHOP_RAYS: [Bitboard; 64] = empty_board_rays(true);
static ROOK_RAYS: [Bitboard; 64] = empty_board_rays(false);

/// Every square a bishop on `sq` attacks on an empty board.
#[inline(always)]
pub(crate) fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// Every square a rook on `sq` attacks on an empty board.
#[inline(always)]
pub(crate) fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// Ray tables indexed by [from][to]: `BETWEEN` holds the squares strictly between two aligned
/// squares (empty if not aligned); `LINE` the whole line through both (empty if not aligned).
const fn ray_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard(0); 64]; 64];
    let mut line = [[Bitboard(0); 64]; 64];
    let dirs: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            // the full line through `a` in this direction, both ways
            let mut full = 1u64 << a;
            let mut k = 1;
            while k < 8 {
                let (f1, r1) = (fa + df * k, ra + dr * k);
                if f1 >= 0 && f1 < 8 && r1 >= 0 && r1 < 8 {
                    full |= 1 << (r1 * 8 + f1);
                }
                let (f2, r2) = (fa - df * k, ra - dr * k);
                if f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8 {
                    full |= 1 << (r2 * 8 + f2);
                }
                k += 1;
            }
            let mut acc = 0u64;
            let (mut f, mut r) = (fa + df, ra + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                let b = (r * 8 + f) as usize;
                between[a][b] = Bitboard(acc);
                line[a][b] = Bitboard(full);
                acc |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static RAYS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = ray_tables();

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline(always)]
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    RAYS.0[a.index()][b.index()]
}

/// The whole line (rank, file or diagonal) through `a` and `b`, or empty if none.
#[inline(always)]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    RAYS.1[a.index()][b.index()]
}

/// The sliders on a line to `king` (`rq` move as rooks, `bq` as bishops), by what stands
/// between with occupancy `occ`: those with nothing between, which attack it, and the pieces
/// standing alone between one of them and it (pinned, or uncovering a check when they move).
#[inline(always)]
pub(crate) fn king_lines(
    king: Square,
    rq: Bitboard,
    bq: Bitboard,
    occ: Bitboard,
) -> (Bitboard, Bitboard) {
    let mut attackers = Bitboard::EMPTY;
    let mut lone = Bitboard::EMPTY;
    // On an empty board's lines first (a table look-up), then what stands between.
    for slider in (rook_rays(king) & rq) | (bishop_rays(king) & bq) {
        let blockers = between(king, slider) & occ;
        if blockers.is_empty() {
            attackers |= Bitboard::from_square(slider);
        } else if !blockers.several() {
            lone |= blockers;
        }
    }
    (attackers, lone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_rook(sq: Square, occ: Bitboard) -> Bitboard {
        let mut out = 0u64;
        for (df, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (mut f, mut r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                out |= 1 << (r * 8 + f);
                if occ.0 >> (r * 8 + f) & 1 != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        Bitboard(out)
    }

    #[test]
    fn rook_attacks_match_slow_version() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            let sq = Square::from_index((x % 64) as usize);
            assert_eq!(rook_attacks(sq, occ), slow_rook(sq, occ));
        }
    }

    #[test]
    fn empty_board_rays_match_slider_attacks() {
        for sq in Square::all() {
            assert_eq!(bishop_rays(sq), bishop_attacks(sq, Bitboard::EMPTY));
            assert_eq!(rook_rays(sq), rook_attacks(sq, Bitboard::EMPTY));
        }
    }

    #[test]
    fn rays() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::parse("b3").unwrap()).is_empty());
        assert_eq!(knight_attacks(a1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
    }
}
