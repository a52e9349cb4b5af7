//! The board: types, bitboards, attack tables, the `Board` and its make_move, legal move
//! generation, FEN, SAN, static exchange evaluation and perft. It depends on nothing above it
//! (only on the leaf `crate::rng`, for the Zobrist keys).

pub mod attacks;
pub mod bitboard;
pub mod chessboard;
pub mod dirty;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod san;
pub mod see;
pub mod types;
pub mod uci_move;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use chessboard::Board;
pub use dirty::DirtyPiece;
pub use fen::STARTPOS;
pub use movegen::{is_legal, legal_moves, noisy_moves, quiet_moves};
#[cfg(test)]
pub use moves::MoveKind;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use see::{see, see_ge, PIECE_VALUE};
pub use types::{Color, File, Piece, PieceType, Rank, Square};
