//! The data layer's two types: a game's result and a game record (a start position, the moves
//! played with their scores, the result). Datagen writes them, `cutoff data`, the trainer and
//! the tuner read them; the file formats (`text`, `viriformat`, `bullet`) are encodings of them.

use crate::board::{Board, Color, Move};

/// A game's result from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
}

impl GameResult {
    /// As the data files write it: 1.0, 0.5 or 0.0.
    pub fn label(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1.0",
            GameResult::Draw => "0.5",
            GameResult::BlackWins => "0.0",
        }
    }

    /// White's points: 1, 0.5 or 0 (the tuner's target).
    pub(crate) fn white_points(self) -> f32 {
        f32::from(self.half_points_for(Color::White)) / 2.0
    }

    /// The result for `side` in half points: 0 lost, 1 drawn, 2 won (the trainer's targets
    /// and the score-scale fit read it so).
    pub(crate) fn half_points_for(self, side: Color) -> u8 {
        let white = match self {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
        };
        match side {
            Color::White => white,
            Color::Black => 2 - white,
        }
    }

    /// The win of `side`.
    pub(crate) fn win_for(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// White wins, draw, Black wins as 0, 1, 2: the index of per-result counts.
    pub(crate) fn index(self) -> usize {
        2 - self.half_points_for(Color::White) as usize
    }
}

/// One game: the position it starts from, the game's result, and each move played with the
/// search's score of the position it was played from. A game without moves holds one
/// position, its start, scored by `start_score` (what `cutoff data convert` makes of a text
/// line).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub start: Board,
    /// The packed start position's own score (White's side); 0 in datagen's games.
    pub start_score: i16,
    pub result: GameResult,
    /// Moves with the score of the position before each, from White's side.
    pub moves: Vec<(Move, i16)>,
}

impl GameRecord {
    /// A game from `start` with no moves yet.
    pub fn new(start: Board, start_score: i16, result: GameResult) -> GameRecord {
        GameRecord {
            start,
            start_score,
            result,
            moves: Vec::new(),
        }
    }

    /// The scored positions of the game in order: the position before each move, with its
    /// score and the move; for a game without moves, its start and `start_score`.
    pub fn positions(&self, mut visit: impl FnMut(&Board, i16, Option<Move>)) {
        if self.moves.is_empty() {
            visit(&self.start, self.start_score, None);
            return;
        }
        let mut board = self.start;
        for &(m, score) in &self.moves {
            visit(&board, score, Some(m));
            board.make_move(m);
        }
    }

    /// How many positions `positions` visits.
    pub(crate) fn position_count(&self) -> usize {
        self.moves.len().max(1)
    }
}

/// Counts the games of a stream of records, the one way `cutoff data stats` and `cutoff
/// train` count them. A record with moves is a game. Records without moves (text lines, or a
/// text file converted to records) are single positions, which datagen writes game after game:
/// consecutive ones belong to one game until the fullmove number falls back or the result
/// changes.
#[derive(Clone, Debug, Default)]
pub(crate) struct GameCounter {
    games: u64,
    /// The fullmove number and result of the last record if it was a single position.
    last_single: Option<(u16, GameResult)>,
}

impl GameCounter {
    /// Counts `record`; returns whether it begins a new game.
    pub(crate) fn add(&mut self, record: &GameRecord) -> bool {
        let new_game = if record.moves.is_empty() {
            let key = (record.start.fullmove_number(), record.result);
            let continues = self
                .last_single
                .is_some_and(|(number, result)| key.0 >= number && key.1 == result);
            self.last_single = Some(key);
            !continues
        } else {
            self.last_single = None;
            true
        };
        self.games += u64::from(new_game);
        new_game
    }

    /// The games begun so far: the number of the last record's game, from 1.
    pub(crate) fn games(&self) -> u64 {
        self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_in_half_points_is_seen_from_each_side() {
        use GameResult::*;
        let cases = [(WhiteWins, 2, 0, 0), (Draw, 1, 1, 1), (BlackWins, 0, 2, 2)];
        for (result, white, black, index) in cases {
            assert_eq!(result.half_points_for(Color::White), white, "{result:?}");
            assert_eq!(result.half_points_for(Color::Black), black, "{result:?}");
            assert_eq!(result.index(), index, "{result:?}");
            assert_eq!(result.white_points(), f32::from(white) / 2.0);
        }
        assert_eq!(GameResult::win_for(Color::Black), BlackWins);
    }

    #[test]
    fn single_positions_are_counted_into_games() {
        let at = |fen: &str, result| GameRecord::new(Board::from_fen(fen).unwrap(), 0, result);
        let (w, d) = (GameResult::WhiteWins, GameResult::Draw);
        let mut game = at("4k3/8/8/8/8/8/8/4K2R w K - 0 1", d);
        game.moves.push((game.start.parse_san("O-O").unwrap(), 0));
        let records = [
            (at("4k3/8/8/8/8/8/8/4K3 w - - 0 5", w), true),
            (at("4k3/8/8/8/8/8/8/4K3 b - - 0 5", w), false),
            (at("4k3/8/8/8/8/8/8/4K3 w - - 0 9", w), false),
            // The move number falls back: the next game.
            (at("4k3/8/8/8/8/8/8/4K3 w - - 0 6", w), true),
            // The result changes: the next game.
            (at("4k3/8/8/8/8/8/8/4K3 w - - 0 7", d), true),
            // A record with moves is a game of its own, and so is what follows it.
            (game, true),
            (at("4k3/8/8/8/8/8/8/4K3 w - - 0 8", d), true),
        ];
        let mut counter = GameCounter::default();
        for (i, (record, new_game)) in records.iter().enumerate() {
            assert_eq!(counter.add(record), *new_game, "record {i}");
        }
        assert_eq!(counter.games(), 5);
    }
}
