//! Zobrist keys, generated at compile time from a fixed seed.

use super::types::{Piece, Square};
use crate::rng::step;

pub(crate) struct Keys {
    /// Indexed by [piece][square].
    pub(crate) pieces: [[u64; 64]; 12],
    /// Indexed by the 4-bit castling-rights mask (bit = colour * 2 + side).
    pub(crate) castling: [u64; 16],
    /// Indexed by the en passant square's file.
    pub(crate) en_passant: [u64; 8],
    pub(crate) black_to_move: u64,
}

const fn generate() -> Keys {
    let mut state = 0x0C07_0FF0_C07F_0FF1u64;
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        en_passant: [0; 8],
        black_to_move: 0,
    };
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            let (st, v) = step(state);
            state = st;
            keys.pieces[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    // Castling keys are XOR-combinations of one key per right, so toggling a right is one XOR.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (st, v) = step(state);
        state = st;
        single[i] = v;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0u64;
        let mut b = 0;
        while b < 4 {
            if mask >> b & 1 != 0 {
                k ^= single[b];
            }
            b += 1;
        }
        keys.castling[mask] = k;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (st, v) = step(state);
        state = st;
        keys.en_passant[f] = v;
        f += 1;
    }
    keys.black_to_move = step(state).1;
    keys
}

pub(crate) static KEYS: Keys = generate();

#[inline(always)]
pub(crate) fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The keys index the transposition table, so the bench count depends on them: pinned, so
    /// that a change to their generator shows here first.
    #[test]
    fn the_keys_are_pinned() {
        assert_eq!(KEYS.pieces[0][0], 0xce11_e7cb_2d60_428f);
        assert_eq!(KEYS.pieces[0][1], 0x42b6_5118_06c0_8aee);
        assert_eq!(KEYS.pieces[11][63], 0x4c36_2ff9_e0c2_65dc);
        assert_eq!(KEYS.castling[0], 0);
        assert_eq!(KEYS.castling[1], 0x34c7_7d58_62f0_d254);
        assert_eq!(KEYS.castling[15], 0x853f_8480_cbda_1c1b);
        assert_eq!(KEYS.en_passant[0], 0x9aa8_defe_e254_bfd5);
        assert_eq!(KEYS.en_passant[7], 0xe344_48ad_6e01_71c2);
        assert_eq!(KEYS.black_to_move, 0xf7c4_d032_2c44_5602);
        assert_eq!(Board::startpos().key(), 0x4d02_d29b_dd8d_3a99);
    }
}
