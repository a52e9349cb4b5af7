//! Where each evaluation term's weights sit in `params::WEIGHTS`: one named slice per term,
//! each belonging to a group (for the tuner's report and the `eval` table). The weights
//! themselves live only in the generated `params.rs`; this file says what they mean.

/// The families of terms, reported and zeroed together by the tuner.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Group {
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
    pub(crate) const ALL: [Group; 9] = [
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

    pub(crate) fn name(self) -> &'static str {
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

/// One named term: weights `start..start + len` of `WEIGHTS`. Most are added to the side's
/// score, times a count; the `SAFETY_` terms are inputs of the king-danger sum, which the
/// evaluation turns into a penalty non-linearly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Term {
    pub(crate) name: &'static str,
    pub(crate) group: Group,
    pub(crate) start: usize,
    pub(crate) len: usize,
    /// What the entries are indexed by, for the generated file's comments.
    pub(crate) index: &'static str,
}

macro_rules! terms {
    ($($id:ident: $len:expr, $group:ident, $index:literal;)*) => {
        terms!(@offsets 0; $($id $len;)*);
        /// Every term, in the order of `WEIGHTS`.
        pub(crate) const TERMS: &[Term] = &[$(Term {
            name: stringify!($id),
            group: Group::$group,
            start: $id,
            len: $len,
            index: $index,
        }),*];
    };
    (@offsets $off:expr;) => {
        /// The number of weights.
        pub(crate) const N_PARAMS: usize = $off;
    };
    (@offsets $off:expr; $id:ident $len:expr; $($rest:tt)*) => {
        pub(crate) const $id: usize = $off;
        terms!(@offsets $off + $len; $($rest)*);
    };
}

terms! {
    MATERIAL: 5, Material, "piece type: pawn, knight, bishop, rook, queen";
    PST_PAWN: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    PST_KNIGHT: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    PST_BISHOP: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    PST_ROOK: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    PST_QUEEN: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    PST_KING: 64, Psqt, "square from the owner's side, a1 first, rank by rank";
    MOBILITY_KNIGHT: 9, Mobility, "safe squares attacked (not own pawn or king, not attacked by enemy pawns)";
    MOBILITY_BISHOP: 14, Mobility, "safe squares attacked";
    MOBILITY_ROOK: 15, Mobility, "safe squares attacked";
    MOBILITY_QUEEN: 28, Mobility, "safe squares attacked";
    PAWN_DOUBLED: 1, Pawns, "a pawn with an own pawn in front of it on its file";
    PAWN_ISOLATED: 1, Pawns, "a pawn with no own pawn on the adjacent files";
    PAWN_BACKWARD: 1, Pawns, "no own pawn beside or behind on the adjacent files, stop square attacked by a pawn";
    PAWN_PHALANX: 8, Pawns, "relative rank of a pawn with an own pawn beside it";
    PAWN_SUPPORTED: 8, Pawns, "relative rank of a pawn defended by an own pawn";
    PASSED_RANK: 8, Passed, "relative rank of a passed pawn (the front one of its file)";
    PASSED_CANDIDATE: 8, Passed, "relative rank of a candidate: open file, helpers at least as many as sentries";
    PASSED_FREE: 8, Passed, "relative rank of a passer whose path is empty and not attacked";
    PASSED_OWN_KING: 8, Passed, "distance of the own king to the passer's stop square";
    PASSED_ENEMY_KING: 8, Passed, "distance of the enemy king to the passer's stop square";
    PASSED_ROOK_BEHIND: 1, Passed, "an own rook behind the passer on its file";
    KING_SHIELD: 32, King, "[file class a/h, b/g, c/f, d/e][relative rank of the own pawn, 0 none] on the king's and adjacent files";
    KING_STORM: 32, King, "[file class][relative rank of the nearest enemy pawn, 0 none]";
    KING_OPEN_FILE: 1, King, "a file next to or of the king with no pawn";
    SAFETY_ATTACKERS: 4, King, "danger per knight, bishop, rook, queen attacking the king zone";
    SAFETY_ATTACKS: 1, King, "danger per attack on a king-zone square";
    SAFETY_WEAK: 1, King, "danger per attacked king-zone square defended only by king or queen";
    SAFETY_CHECKS: 4, King, "danger per safe check by knight, bishop, rook, queen";
    SAFETY_NO_QUEEN: 1, King, "danger if the attacker has no queen";
    SAFETY_OFFSET: 1, King, "danger of every attack (two attackers or more)";
    BISHOP_PAIR: 1, Pieces, "two bishops or more";
    ROOK_FILE: 2, Pieces, "rook on an open, half-open file";
    QUEEN_FILE: 2, Pieces, "queen on an open, half-open file";
    SEVENTH: 2, Pieces, "rook, queen on the seventh with the enemy king on the eighth or pawns on the seventh";
    OUTPOST: 2, Pieces, "knight, bishop on ranks 4-6 defended by a pawn, never attackable by an enemy pawn";
    MINOR_BEHIND_PAWN: 1, Pieces, "knight or bishop with a pawn in front";
    BAD_BISHOP: 1, Pieces, "per own pawn on the bishop's colour";
    THREAT_BY_PAWN: 4, Threats, "enemy knight, bishop, rook, queen attacked by a pawn";
    THREAT_BY_MINOR: 5, Threats, "enemy pawn .. queen attacked by a knight or bishop";
    THREAT_BY_ROOK: 5, Threats, "enemy pawn .. queen attacked by a rook";
    HANGING: 1, Threats, "enemy piece or pawn attacked and not defended";
    PUSH_THREAT: 1, Threats, "a safe pawn push that would attack an enemy piece";
    TEMPO: 1, Tempo, "the side to move";
}

/// The first piece-square weight of piece type `pt` (0 pawn .. 5 king).
#[inline(always)]
pub(crate) const fn pst(pt: usize) -> usize {
    PST_PAWN + 64 * pt
}

/// Phase weight of each piece type; the sum over the board, capped at `MAX_PHASE`, is the
/// middlegame share. Fixed, not tuned: it defines what "middlegame" means.
pub(crate) const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub(crate) const MAX_PHASE: i32 = 24;

/// The term holding weight `i`.
pub(crate) fn term_of(i: usize) -> &'static Term {
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
