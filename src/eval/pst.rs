//! Placeholder tables (material only) until the fitted tables land.
/// Indexed by piece type: pawn, knight, bishop, rook, queen, king.
pub const MG_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];
pub const EG_VALUE: [i32; 6] = [120, 300, 320, 530, 950, 0];
/// Indexed by [piece type][square], a1 = 0 .. h8 = 63, from White's side.
pub const PST_MG: [[i32; 64]; 6] = [[0; 64]; 6];
pub const PST_EG: [[i32; 64]; 6] = [[0; 64]; 6];
/// Phase weight of each piece type.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const MAX_PHASE: i32 = 24;
