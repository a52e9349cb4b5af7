//! `Position`: a board plus the stack of earlier boards, which gives make/unmake by
//! copy-make and the key history for repetitions. It knows the rules only (`board`): what
//! the evaluation keeps move by move lives on each search thread (`eval::EvalState`).

use crate::board::fen::FenError;
use crate::board::movegen::has_legal_move;
use crate::board::{Board, DirtyPiece, Move};

/// A board plus the boards before it: make/unmake by copy-make onto a stack, and the key
/// history that repetition detection needs.
///
/// `boards[..=ply]` are the boards of the game so far, the current one last. Making a move
/// copies the current board into the next slot and plays the move there; unmaking only steps
/// back, so nothing is copied back. Slots above `ply` are kept for reuse: the stack grows only
/// when a line goes deeper than any before it.
#[derive(Clone, Debug)]
pub struct Position {
    boards: Vec<Board>,
    ply: usize,
    chess960: bool,
}

impl Default for Position {
    fn default() -> Self {
        Position::new(Board::startpos())
    }
}

impl Position {
    pub fn new(board: Board) -> Position {
        let mut boards = Vec::with_capacity(1024);
        boards.push(board);
        Position {
            boards,
            ply: 0,
            chess960: false,
        }
    }

    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::new(Board::from_fen(fen)?))
    }

    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.boards[self.ply]
    }

    /// The board before the last move, if any.
    #[inline(always)]
    pub(crate) fn previous(&self) -> Option<&Board> {
        self.ply.checked_sub(1).map(|p| &self.boards[p])
    }

    pub(crate) fn chess960(&self) -> bool {
        self.chess960
    }

    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    /// Number of moves made since the root board.
    pub fn ply_count(&self) -> usize {
        self.ply
    }

    /// The current board and the slot above it, for copy-make. Grows the stack when the
    /// slot is new.
    #[inline(always)]
    fn current_and_next(&mut self) -> (&Board, &mut Board) {
        if self.ply + 1 == self.boards.len() {
            self.grow();
        }
        let (below, above) = self.boards.split_at_mut(self.ply + 1);
        (&below[self.ply], &mut above[0])
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        self.boards.push(self.boards[self.ply]);
    }

    /// Plays `m` (legal here) and says what it changed on the board, for whatever the caller
    /// keeps up to date move by move.
    #[inline(always)]
    pub fn make_move(&mut self, m: Move) -> DirtyPiece {
        let (current, next) = self.current_and_next();
        next.copy_from(current);
        let dirty = next.make_move(m);
        self.ply += 1;
        dirty
    }

    #[inline(always)]
    pub fn unmake_move(&mut self) {
        self.ply = self.ply.saturating_sub(1);
    }

    #[inline(always)]
    pub(crate) fn make_null_move(&mut self) {
        let (current, next) = self.current_and_next();
        next.copy_from(current);
        next.make_null_move();
        self.ply += 1;
    }

    #[inline(always)]
    pub(crate) fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    /// The boards before the current one, oldest first.
    #[inline(always)]
    fn earlier(&self) -> &[Board] {
        &self.boards[..self.ply]
    }

    /// Calls `stop(back, seen)` for each earlier occurrence of the current board, nearest
    /// first (`back` moves ago, after `seen` nearer ones), and answers whether it said stop.
    /// Only every second board within the reversible moves of the halfmove clock can match.
    #[inline(always)]
    fn any_earlier_occurrence(&self, mut stop: impl FnMut(usize, usize) -> bool) -> bool {
        let key = self.board().key();
        let reversible = self.board().halfmove_clock() as usize;
        let history = self.earlier();
        let n = history.len();
        let mut seen = 0;
        let mut back = 4;
        while back <= reversible && back <= n {
            if history[n - back].key() == key {
                if stop(back, seen) {
                    return true;
                }
                seen += 1;
            }
            back += 2;
        }
        false
    }

    /// The current board occurred before, within the reversible moves of the halfmove clock.
    /// `count` is how many earlier occurrences are needed (1 inside the search, 2 for the
    /// threefold rule in the game).
    pub fn is_repetition(&self, count: usize) -> bool {
        self.any_earlier_occurrence(|_, seen| seen + 1 >= count)
    }

    /// Repetition after `ply` moves of search from the root: a repetition inside the search
    /// tree counts at once; one that reaches back into the game needs two earlier occurrences.
    pub(crate) fn is_search_repetition(&self, ply: usize) -> bool {
        self.any_earlier_occurrence(|back, seen| back <= ply || seen >= 1)
    }

    /// The 50-move rule: a draw unless the side to move is checkmated right now.
    pub(crate) fn is_fifty_move_draw(&self) -> bool {
        let board = self.board();
        board.halfmove_clock() >= 100 && (!board.in_check() || has_legal_move(board))
    }

    /// A draw inside the search, `ply` moves from the root: a repetition, the 50-move rule or
    /// material that cannot mate.
    #[inline(always)]
    pub(crate) fn is_search_draw(&self, ply: usize) -> bool {
        self.is_search_repetition(ply)
            || self.is_fifty_move_draw()
            || self.board().insufficient_material()
    }

    pub(crate) fn key_history(&self) -> impl Iterator<Item = u64> + '_ {
        self.earlier().iter().map(Board::key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn play(pos: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            let m = pos
                .board()
                .parse_uci_move(text, false)
                .expect("a legal move");
            pos.make_move(m);
        }
    }

    fn fen_of(moves: &str) -> String {
        let mut pos = Position::default();
        play(&mut pos, moves);
        pos.board().fen()
    }

    #[test]
    fn the_stack_reuses_slots_after_unmaking() {
        let mut pos = Position::default();
        play(&mut pos, "e2e4 e7e5 g1f3");
        assert_eq!(pos.ply_count(), 3);
        pos.unmake_move();
        pos.unmake_move();
        assert_eq!(pos.board().fen(), fen_of("e2e4"));
        assert_eq!(pos.previous().map(Board::fen), Some(fen_of("")));
        // A different line over the slots the first one used.
        play(&mut pos, "c7c5 b1c3 b8c6");
        assert_eq!(pos.ply_count(), 4);
        assert_eq!(pos.board().fen(), fen_of("e2e4 c7c5 b1c3 b8c6"));
        assert_eq!(pos.key_history().count(), 4);
        // Unmaking at the root does nothing.
        for _ in 0..6 {
            pos.unmake_move();
        }
        assert_eq!(pos.board(), &Board::startpos());
        assert!(pos.previous().is_none());
    }

    #[test]
    fn null_moves_pass_and_unmake() {
        let mut pos = Position::default();
        play(&mut pos, "e2e4");
        let before = *pos.board();
        pos.make_null_move();
        assert_eq!(pos.board().side_to_move(), Color::White);
        let placement = |b: &Board| b.fen().split(' ').next().map(str::to_owned);
        assert_eq!(placement(pos.board()), placement(&before));
        pos.unmake_null_move();
        assert_eq!(pos.board(), &before);
    }

    #[test]
    fn a_deep_line_grows_the_stack() {
        let mut pos = Position::default();
        let shuffle = "g1f3 g8f6 f3g1 f6g8 ";
        play(&mut pos, &shuffle.repeat(300));
        assert_eq!(pos.ply_count(), 1200);
        // The start position again, only the clocks differ.
        assert_eq!(pos.board().key(), Board::startpos().key());
        assert!(pos.is_repetition(2));
    }
}
