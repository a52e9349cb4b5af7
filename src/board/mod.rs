//! The board: types, bitboards, attack tables, the `Board` and its make_move, legal move
//! generation, FEN, SAN, static exchange evaluation and perft. It depends on nothing above it
//! (only on the leaf `crate::rng`, for the Zobrist keys).

pub mod attacks;
pub(crate) mod bitboard;
pub(crate) mod check;
pub(crate) mod chessboard;
pub(crate) mod dirty;
pub(crate) mod fen;
pub mod movegen;
pub(crate) mod moves;
pub mod perft;
pub(crate) mod san;
pub(crate) mod see;
pub(crate) mod types;
pub(crate) mod uci_move;
pub(crate) mod zobrist;

pub(crate) use bitboard::Bitboard;
pub use check::CheckSquares;
pub use chessboard::Board;
pub use dirty::{DirtyPiece, PieceSquare};
pub use fen::STARTPOS;
pub use movegen::{is_legal, legal_moves, noisy_moves, quiet_moves};
#[cfg(test)]
pub(crate) use moves::MoveKind;
pub(crate) use moves::MAX_MOVES;
pub use moves::{Move, MoveList};
pub use see::{see, see_ge, PIECE_VALUE};
pub use types::{Color, Piece, PieceType, Square};
pub(crate) use types::{File, Rank};
