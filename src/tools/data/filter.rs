//! Which positions of a data file a consumer uses. The files keep every position the
//! searchers scored (checks, captures, mates, the first moves of a game); which of them to
//! learn from is a choice of each experiment, made here when the file is read, so that the
//! same games serve several experiments: `Filter { min_ply: 8, ..Filter::QUIET }`, then
//! `keeps(board, score, mv, ply)` for each position, or `positions(game, visit)` for the kept
//! positions of a game record.

use super::game::GameRecord;
use super::scale_fit::FIT_MAX_SCORE;
use super::DEFAULT_MIN_PLY;
use crate::board::{Board, Move};
use crate::search::tablebase::TB_BOUND;
use crate::search::MATE_BOUND;

/// A filter of positions. Each field drops one kind; `Filter::default()` keeps everything.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Drop positions whose side to move is in check (its score is about the escape).
    pub skip_in_check: bool,
    /// Drop positions whose move played is a capture (en passant included) or a promotion:
    /// their score is about the tactic. Known only where the move is (binary game records);
    /// a position without its move (a text line) is kept.
    pub skip_noisy: bool,
    /// Drop positions scored as a mate or a tablebase result (|score| at least `MATE_SCORE`):
    /// nothing for an evaluation to learn.
    pub skip_mates: bool,
    /// Drop the first `min_ply` positions of each game (the opening, near the random plies
    /// or the book). Known only in game records; a position alone (a text line) is kept.
    pub min_ply: usize,
    /// Drop positions whose |score| is beyond this (internal centipawns, the file's own);
    /// None keeps every score.
    pub max_score: Option<i32>,
}

impl Filter {
    /// What `cutoff datagen`'s text format keeps (quiet positions with evaluation scores),
    /// without a ply limit.
    pub const QUIET: Filter = Filter {
        skip_in_check: true,
        skip_noisy: true,
        skip_mates: true,
        min_ply: 0,
        max_score: None,
    };

    /// What `cutoff train` learns from unless its flags say otherwise, and what `cutoff data
    /// convert --to bullet` writes: the quiet positions from ply 8 of each game record on,
    /// |score| at most 3000.
    pub const TRAINING: Filter = Filter {
        min_ply: DEFAULT_MIN_PLY,
        max_score: Some(FIT_MAX_SCORE),
        ..Filter::QUIET
    };

    /// The least |score| (internal centipawns) that is a mate or a tablebase result.
    pub const MATE_SCORE: i32 = if TB_BOUND < MATE_BOUND {
        TB_BOUND
    } else {
        MATE_BOUND
    };

    /// Whether to use a position: `board` as it stands, its `score` (any side's: only its
    /// size matters), `mv` the move played from it (None when the file does not hold it) and
    /// `ply` its index in its game (0 for the first position; None for a position alone).
    pub fn keeps(&self, board: &Board, score: i16, mv: Option<Move>, ply: Option<usize>) -> bool {
        !(self.skip_in_check && board.in_check()
            || self.skip_noisy && mv.is_some_and(|m| m.is_noisy())
            || self.skip_mates && i32::from(score).abs() >= Filter::MATE_SCORE
            || ply.is_some_and(|p| p < self.min_ply)
            || self.max_score.is_some_and(|m| i32::from(score).abs() > m))
    }

    /// Calls `visit` with each position of `game` that the filter keeps: the board, its
    /// score (White's side) and the move played from it. A record without moves is a position
    /// alone (no move, no ply).
    pub fn positions(&self, game: &GameRecord, mut visit: impl FnMut(&Board, i16, Option<Move>)) {
        let alone = game.moves.is_empty();
        let mut ply = 0;
        game.positions(|board, score, mv| {
            let at = (!alone).then_some(ply);
            ply += 1;
            if self.keeps(board, score, mv, at) {
                visit(board, score, mv);
            }
        });
    }
}

/// How many positions of a file each filter alone keeps, and all of them together
/// (`cutoff data stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FilterCounts {
    /// The `min_ply` counted.
    pub min_ply: usize,
    pub not_in_check: usize,
    pub not_noisy: usize,
    pub not_mates: usize,
    pub from_min_ply: usize,
    /// Kept by all four at once.
    pub all: usize,
}

impl FilterCounts {
    /// Counts under `Filter::QUIET` and a ply limit of `min_ply`.
    pub(crate) fn new(min_ply: usize) -> FilterCounts {
        FilterCounts {
            min_ply,
            ..FilterCounts::default()
        }
    }

    /// Counts the positions of `game`.
    pub(crate) fn add(&mut self, game: &GameRecord) {
        let each = [
            Filter {
                skip_in_check: true,
                ..Filter::default()
            },
            Filter {
                skip_noisy: true,
                ..Filter::default()
            },
            Filter {
                skip_mates: true,
                ..Filter::default()
            },
            Filter {
                min_ply: self.min_ply,
                ..Filter::default()
            },
            Filter {
                min_ply: self.min_ply,
                ..Filter::QUIET
            },
        ];
        let mut kept = [0; 5];
        for (filter, n) in each.iter().zip(&mut kept) {
            filter.positions(game, |_, _, _| *n += 1);
        }
        self.not_in_check += kept[0];
        self.not_noisy += kept[1];
        self.not_mates += kept[2];
        self.from_min_ply += kept[3];
        self.all += kept[4];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::data::GameResult;

    #[test]
    fn each_field_drops_its_kind_only() {
        let b = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let capture = b.parse_san("exd5").unwrap();
        let push = b.parse_san("e5").unwrap();
        let all = Filter::default();
        let quiet = Filter {
            min_ply: 2,
            ..Filter::QUIET
        };
        assert!(all.keeps(&b, i16::MAX, Some(capture), Some(0)));
        assert!(quiet.keeps(&b, 30, Some(push), Some(2)));
        assert!(!quiet.keeps(&b, 30, Some(capture), Some(2)));
        assert!(quiet.keeps(&b, 30, None, None), "unknown move and ply");
        assert!(!quiet.keeps(&b, 30, Some(push), Some(1)));
        let mate = Filter::MATE_SCORE as i16;
        assert!(!quiet.keeps(&b, -mate, Some(push), Some(2)));
        assert!(quiet.keeps(&b, 1 - mate, Some(push), Some(2)));
        let check = Board::from_fen("4k3/8/8/8/8/8/8/R3K2r w - - 0 1").unwrap();
        assert!(!quiet.keeps(&check, 0, None, None));
        let bounded = Filter {
            max_score: Some(300),
            ..Filter::default()
        };
        assert!(bounded.keeps(&b, -300, Some(capture), Some(0)));
        assert!(!bounded.keeps(&b, 301, None, None));
        assert_eq!(Filter::TRAINING.min_ply, 8);
        assert!(!Filter::TRAINING.keeps(&b, 30, Some(push), Some(7)));
        assert!(Filter::TRAINING.keeps(&b, 3000, Some(push), Some(8)));
        assert!(!Filter::TRAINING.keeps(&b, -3001, Some(push), Some(8)));
    }

    #[test]
    fn a_game_counts_by_ply() {
        let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
        let mut board = Board::startpos();
        for san in ["e4", "d5", "exd5", "Qxd5"] {
            let m = board.parse_san(san).unwrap();
            game.moves.push((m, 0));
            board.make_move(m);
        }
        let mut counts = FilterCounts::new(1);
        counts.add(&game);
        assert_eq!(
            counts,
            FilterCounts {
                min_ply: 1,
                not_in_check: 4,
                not_noisy: 2,
                not_mates: 4,
                from_min_ply: 3,
                all: 1,
            }
        );
    }
}
