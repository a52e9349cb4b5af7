//! Where each evaluation term's weights sit in `params::WEIGHTS`: one named slice per term,
//! each belonging to a group (for the tuner's report and the `eval` table). The weights
//! themselves live only in the generated `params.rs`; this file says what they mean.

/// The families of terms, reported and zeroed together by the tuner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Material,
    Psqt,
    Mobility,
    Pawns,
    Passed,
    King,
    Pieces,
    Threats,
    Tempo,
}

impl Group {
    pub const ALL: [Group; 9] = [
        Group::Material,
        Group::Psqt,
        Group::Mobility,
        Group::Pawns,
        Group::Passed,
        Group::King,
        Group::Pieces,
        Group::Threats,
        Group::Tempo,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Group::Material => "material",
            Group::Psqt => "psqt",
            Group::Mobility => "mobility",
            Group::Pawns => "pawns",
            Group::Passed => "passed",
            Group::King => "king",
            Group::Pieces => "pieces",
            Group::Threats => "threats",
            Group::Tempo => "tempo",
        }
    }
}

/// How a term's weights enter the evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// Added to the side's score, times a count.
    Linear,
    /// An input of the king-danger sum, which the evaluation turns into a penalty non-linearly.
    Safety,
}

/// One named term: weights `start..start + len` of `WEIGHTS`.
#[derive(Clone, Copy, Debug)]
pub struct Term {
    pub name: &'static str,
    pub group: Group,
    pub kind: Kind,
    pub start: usize,
    pub len: usize,
    /// What the entries are indexed by, for the generated file's comments.
    pub index: &'static str,
}

macro_rules! terms {
    ($($id:ident: $len:expr, $group:ident, $kind:ident, $index:literal;)*) => {
        terms!(@offsets 0; $($id $len;)*);
        /// Every term, in the order of `WEIGHTS`.
        pub const TERMS: &[Term] = &[$(Term {
            name: stringify!($id),
            group: Group::$group,
            kind: Kind::$kind,
            start: $id,
            len: $len,
            index: $index,
        }),*];
    };
    (@offsets $off:expr;) => {
        /// The number of weights.
        pub const N_PARAMS: usize = $off;
    };
    (@offsets $off:expr; $id:ident $len:expr; $($rest:tt)*) => {
        pub const $id: usize = $off;
        terms!(@offsets $off + $len; $($rest)*);
    };
}

terms! {
    MATERIAL: 5, Material, Linear, "piece type: pawn, knight, bishop, rook, queen";
    PST_PAWN: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
    PST_KNIGHT: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
    PST_BISHOP: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
    PST_ROOK: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
    PST_QUEEN: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
    PST_KING: 64, Psqt, Linear, "square from the owner's side, a1 first, rank by rank";
}

/// The first piece-square weight of piece type `pt` (0 pawn .. 5 king).
#[inline(always)]
pub const fn pst(pt: usize) -> usize {
    PST_PAWN + 64 * pt
}

/// Phase weight of each piece type; the sum over the board, capped at `MAX_PHASE`, is the
/// middlegame share. Fixed, not tuned: it defines what "middlegame" means.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const MAX_PHASE: i32 = 24;

/// The term holding weight `i`.
pub fn term_of(i: usize) -> &'static Term {
    let at = TERMS.partition_point(|t| t.start + t.len <= i);
    &TERMS[at]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_tile_the_weights() {
        let mut next = 0;
        for t in TERMS {
            assert_eq!(t.start, next, "{}", t.name);
            assert!(t.len > 0);
            next += t.len;
        }
        assert_eq!(next, N_PARAMS);
        assert_eq!(term_of(0).name, "MATERIAL");
        assert_eq!(term_of(PST_KNIGHT + 63).name, "PST_KNIGHT");
        assert_eq!(term_of(N_PARAMS - 1).name, TERMS[TERMS.len() - 1].name);
    }
}
