//! Killer moves and the history heuristic.

use crate::board::{Color, Move};
use crate::search::MAX_PLY;

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
    pub fn store(&mut self, ply: usize, m: Move) {
        let s = &mut self.slots[ply.min(MAX_PLY)];
        if s[0] != m {
            s[1] = s[0];
            s[0] = m;
        }
    }

    /// Forgets the killers of the ply below this one (a new subtree starts there).
    #[inline(always)]
    pub fn clear_ply(&mut self, ply: usize) {
        if ply <= MAX_PLY {
            self.slots[ply] = [Move::NULL; 2];
        }
    }

    pub fn clear(&mut self) {
        *self = Killers::default();
    }
}

/// The largest magnitude a history score reaches; the gravity update saturates towards it.
pub const HISTORY_MAX: i32 = 16_384;

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
    pub fn get(&self, side: Color, m: Move) -> i32 {
        self.table[side.index()][m.from().index()][m.to().index()] as i32
    }

    /// The reward for a cutoff at `depth`: grows with depth squared, clamped.
    #[inline(always)]
    pub fn bonus(depth: i32) -> i32 {
        (depth * depth * 16 + 32 * depth).min(1600)
    }

    /// Gravity update: the step shrinks as the score nears its bound, so scores never
    /// overflow and recent results outweigh old ones.
    #[inline(always)]
    pub fn update(&mut self, side: Color, m: Move, delta: i32) {
        let e = &mut self.table[side.index()][m.from().index()][m.to().index()];
        let v = *e as i32;
        let delta = delta.clamp(-HISTORY_MAX, HISTORY_MAX);
        let next = v + delta - v * delta.abs() / HISTORY_MAX;
        *e = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    /// Rewards the quiet move that cut off and penalises the quiet moves tried before it.
    pub fn reward_cutoff(&mut self, side: Color, best: Move, tried: &[Move], depth: i32) {
        let bonus = Self::bonus(depth);
        self.update(side, best, bonus);
        for &m in tried {
            if m != best {
                self.update(side, m, -bonus);
            }
        }
    }

    pub fn clear(&mut self) {
        *self.table = [[[0; 64]; 64]; 2];
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
