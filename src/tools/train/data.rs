//! Training positions in memory: 32 bytes each, from the side to move's point of view, with
//! the game each came from (for a validation split by game, so that no game lends positions
//! to both sides of it).

use crate::board::{Board, Color, Piece, PieceType};
use crate::eval::nnue::features::{feature, view_depends_on_king, KingBuckets, Mirroring, View};
use crate::rng::SplitMix64;
use crate::tools::data::{Filter, GameRecord, GameResult, Games};

/// One position: the occupied squares and, a nibble each in square order, their pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Sample {
    occupied: u64,
    pieces: [u8; 16],
    /// The search's score, from the side to move's point of view.
    pub(crate) score: i16,
    /// The game's result for the side to move: 0 lost, 1 drawn, 2 won.
    pub(crate) result: u8,
    /// The side to move: 0 White, 1 Black.
    stm: u8,
    /// Which game (counted across all files loaded).
    pub(crate) game: u32,
}

/// Most pieces a position has.
pub(crate) const MAX_PIECES: usize = 32;

/// A position's active inputs, from the side to move's and the other side's point of view.
pub(crate) struct Features {
    pub(crate) us: [u16; MAX_PIECES],
    pub(crate) them: [u16; MAX_PIECES],
    pub(crate) len: usize,
}

impl Sample {
    /// `board` with a score and a result from White's side.
    pub(crate) fn new(board: &Board, white_score: i16, result: GameResult, game: u32) -> Sample {
        let stm = board.side_to_move();
        let mut pieces = [0u8; 16];
        let occupied = board.occupied();
        for (i, sq) in occupied.enumerate() {
            let p = board.piece_at(sq).expect("occupied") as u8;
            pieces[i / 2] |= p << (4 * (i % 2));
        }
        let score = match stm {
            Color::White => white_score,
            Color::Black => white_score.saturating_neg(),
        };
        let result = result.half_points_for(stm);
        Sample {
            occupied: occupied.0,
            pieces,
            score,
            result,
            stm: (stm == Color::Black) as u8,
            game,
        }
    }

    /// The number of pieces on the board.
    pub(crate) fn piece_count(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// The piece of the `i`-th occupied square (in square order).
    #[inline(always)]
    fn piece(&self, i: usize) -> Piece {
        Piece::ALL[((self.pieces[i / 2] >> (4 * (i % 2))) & 15) as usize % 12]
    }

    /// The square of `color`'s king.
    fn king(&self, color: Color) -> usize {
        let king = Piece::new(color, PieceType::King);
        let mut occ = self.occupied;
        let mut i = 0;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            if self.piece(i) == king {
                return sq;
            }
            occ &= occ - 1;
            i += 1;
        }
        unreachable!("a sample is made from a legal board, which has both kings")
    }

    /// The active inputs of both perspectives in a net with `mirroring` and `king_buckets`.
    #[inline]
    pub(crate) fn features(&self, mirroring: Mirroring, king_buckets: KingBuckets) -> Features {
        let (us, them) = if self.stm == 0 {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        let view = |c: Color| {
            // A plain net's view ignores the king: no need to find it.
            let king = if view_depends_on_king(mirroring, king_buckets) {
                self.king(c)
            } else {
                0
            };
            View::new(c, mirroring, king_buckets, king)
        };
        let (us_view, them_view) = (view(us), view(them));
        let mut out = Features {
            us: [0; MAX_PIECES],
            them: [0; MAX_PIECES],
            len: 0,
        };
        let mut occ = self.occupied;
        while occ != 0 {
            let sq = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            let i = out.len;
            let piece = self.piece(i);
            out.us[i] = feature(us, us_view, piece, sq) as u16;
            out.them[i] = feature(them, them_view, piece, sq) as u16;
            out.len += 1;
        }
        out
    }
}

/// What loading saw.
#[derive(Clone, Debug, Default)]
pub(crate) struct LoadStats {
    pub(crate) games: u64,
    pub(crate) seen: u64,
    pub(crate) kept: u64,
}

/// Appends the positions of `path` that `filter` keeps to `out` (its score bound applies in
/// the file's own units), their scores times `rescale` (1 keeps them), numbering games on from
/// `stats.games`. Games are counted as `cutoff data stats` counts them (single positions,
/// text lines, into games: `Games::games`).
pub(crate) fn load(
    path: &str,
    filter: &Filter,
    rescale: f32,
    limit: usize,
    out: &mut Vec<Sample>,
    stats: &mut LoadStats,
) -> Result<(), String> {
    let mut games = Games::open(path, None)?;
    let mut game = GameRecord::new(Board::startpos(), 0, GameResult::Draw);
    let first = stats.games;
    while out.len() < limit && games.next_into(&mut game)? {
        stats.games = first + games.games();
        let id = stats.games as u32;
        let result = game.result;
        stats.seen += game.position_count() as u64;
        filter.positions(&game, |board, score, _| {
            if out.len() < limit {
                let score = if rescale == 1.0 {
                    score
                } else {
                    (f32::from(score) * rescale)
                        .round()
                        .clamp(-f32::from(i16::MAX), f32::from(i16::MAX)) as i16
                };
                out.push(Sample::new(board, score, result, id));
                stats.kept += 1;
            }
        });
    }
    Ok(())
}

/// Splits off the positions of about `percent` % of the games (chosen by a hash of the game
/// and `seed`) as the validation set.
pub(crate) fn split(samples: Vec<Sample>, percent: f64, seed: u64) -> (Vec<Sample>, Vec<Sample>) {
    let threshold = (percent / 100.0 * u64::MAX as f64) as u64;
    samples.into_iter().partition(|s| {
        SplitMix64::new(seed ^ (s.game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64()
            >= threshold
    })
}

/// Shuffles in place (Fisher-Yates), the same way for the same seed.
pub(crate) fn shuffle(samples: &mut [Sample], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for i in (1..samples.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        samples.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::features::active_features;

    #[test]
    fn a_sample_keeps_its_position_from_the_side_to_move() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/8/4k3/8/8/3K4/8/7Q w - - 0 1",
            "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/5RK1 w - - 0 1",
        ] {
            let board = Board::from_fen(fen).unwrap();
            let s = Sample::new(&board, 150, GameResult::WhiteWins, 3);
            let stm = board.side_to_move();
            for (mirroring, king_buckets) in [
                (Mirroring::Off, KingBuckets::One),
                (Mirroring::Horizontal, KingBuckets::One),
                (Mirroring::Horizontal, KingBuckets::Four),
            ] {
                let f = s.features(mirroring, king_buckets);
                let inputs = |c: Color| -> Vec<u16> {
                    let mut v: Vec<u16> = active_features(&board, c, mirroring, king_buckets)
                        .map(|x| x as u16)
                        .collect();
                    v.sort();
                    v
                };
                let (mut got_us, mut got_them) = (f.us[..f.len].to_vec(), f.them[..f.len].to_vec());
                got_us.sort();
                got_them.sort();
                assert_eq!(got_us, inputs(stm), "{fen} {mirroring:?} {king_buckets:?}");
                assert_eq!(
                    got_them,
                    inputs(!stm),
                    "{fen} {mirroring:?} {king_buckets:?}"
                );
            }
            let white = stm == Color::White;
            assert_eq!(s.score, if white { 150 } else { -150 });
            assert_eq!(s.result, if white { 2 } else { 0 });
        }
        assert_eq!(std::mem::size_of::<Sample>(), 32);
    }

    #[test]
    fn the_split_keeps_games_whole() {
        let board = Board::startpos();
        let samples: Vec<Sample> = (0..2000)
            .map(|i| Sample::new(&board, 0, GameResult::Draw, i / 10))
            .collect();
        let (train, val) = split(samples, 10.0, 5);
        assert_eq!(train.len() + val.len(), 2000);
        assert!((100..=400).contains(&val.len()), "{}", val.len());
        for v in &val {
            assert!(train.iter().all(|t| t.game != v.game));
        }
    }
}
