//! The network's accumulators along the line a search thread is on: for each ply, both
//! perspectives' first-layer sums, kept from the move's change record (`DirtyPiece`) rather
//! than counted from the board. Memory for the line is taken once, when the stack is built
//! from the root (the one full refresh of a plain net; a net whose view depends on the king
//! also counts a perspective afresh when its king's move changes that side's view: a
//! mirrored net's king crossing between the d- and e-files, a king-bucketed net's king
//! changing buckets, since every input of that side then moves).
//!
//! Each push works its ply out at once. Lazy updates (a push records the move, an evaluation
//! works out the plies up to it) were tried at 03c816e: in `cutoff bench` with a 128-wide net
//! they skipped only 4.4% of the updates (3,548,452 for 3,713,381 pushes), no measurable
//! speed, so the simpler eager form stays (docs/nnue.md, "Inference speed").

use super::features::{feature, View};
use super::network::Network;
use super::simd::kernels;
use crate::board::{Board, Color, DirtyPiece, Piece, PieceSquare, PieceType};
use std::sync::Arc;

/// Sixteen i16, 32-byte aligned: the unit of an accumulator (hidden widths are multiples of
/// 16), so each register-wide load of an accumulator is aligned.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Block([i16; 16]);

/// Lanes in a `Block`.
const BLOCK: usize = 16;

/// The line's accumulators on one search thread.
pub(crate) struct AccumulatorStack {
    net: Arc<Network>,
    /// Blocks of one perspective's accumulator.
    blocks: usize,
    /// By ply, then perspective (White, Black), then hidden unit.
    acc: Vec<Block>,
    /// By ply: how each perspective (White, Black) sees the board there.
    views: Vec<[View; 2]>,
    top: usize,
}

impl AccumulatorStack {
    /// The stack for a search from `root`, with room for `plies` moves before it grows.
    pub(crate) fn new(net: Arc<Network>, root: &Board, plies: usize) -> AccumulatorStack {
        let blocks = net.hidden() / BLOCK;
        let views = [Color::White, Color::Black]
            .map(|c| View::of(root, c, net.mirroring(), net.king_buckets()));
        let mut stack = AccumulatorStack {
            net,
            blocks,
            acc: vec![Block([0; BLOCK]); (plies + 1) * 2 * blocks],
            views: vec![views; plies + 1],
            top: 0,
        };
        stack.refresh(root);
        stack
    }

    pub(crate) fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Counts the current ply's accumulators from `board`.
    pub(crate) fn refresh(&mut self, board: &Board) {
        let net = Arc::clone(&self.net);
        for c in Color::ALL {
            net.refresh(board, c, self.slice_mut(self.top, c));
            self.views[self.top][c.index()] =
                View::of(board, c, net.mirroring(), net.king_buckets());
        }
    }

    /// A move was made; `board` is the board after it (read only where a king's move
    /// changed its side's view).
    #[inline(always)]
    pub(crate) fn push(&mut self, dirty: &DirtyPiece, board: &Board) {
        self.advance();
        let mut counted = [false; 2];
        if self.net.view_depends_on_king() {
            for c in Color::ALL {
                let king = Piece::new(c, PieceType::King);
                let Some(to) = dirty.added().iter().find(|ps| ps.piece == king) else {
                    continue;
                };
                let net = &self.net;
                let view = View::new(c, net.mirroring(), net.king_buckets(), to.square.index());
                if view != self.views[self.top][c.index()] {
                    self.views[self.top][c.index()] = view;
                    let net = Arc::clone(&self.net);
                    net.refresh(board, c, self.slice_mut(self.top, c));
                    counted[c.index()] = true;
                }
            }
        }
        self.update(self.top, dirty, counted);
    }

    /// A null move was made: the accumulators stay.
    #[inline(always)]
    pub(crate) fn push_null(&mut self) {
        self.advance();
        self.update(self.top, &DirtyPiece::NONE, [false; 2]);
    }

    /// Moves the top up a ply, the views as they were.
    #[inline(always)]
    fn advance(&mut self) {
        self.top += 1;
        if (self.top + 1) * 2 * self.blocks > self.acc.len() {
            // Past the room taken at the start: only very long test lines get here.
            self.acc
                .extend(std::iter::repeat_n(Block([0; BLOCK]), 2 * self.blocks));
            self.views.push(self.views[self.top - 1]);
        }
        self.views[self.top] = self.views[self.top - 1];
    }

    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        self.top -= 1;
    }

    /// The network's evaluation of `board`, the current board of the line, from the side to
    /// move's point of view: `Network::evaluate`'s result, from the kept accumulators.
    #[inline(always)]
    pub(crate) fn evaluate(&self, board: &Board) -> i32 {
        let stm = board.side_to_move();
        let bucket = self.net.bucket_of(board);
        let (w_us, w_them) = self.net.output_weights(bucket);
        let sum = kernels::output_sum(
            self.slice(self.top, stm),
            self.slice(self.top, !stm),
            w_us,
            w_them,
        );
        self.net.finish(sum, bucket)
    }

    /// The current ply's accumulator of `perspective`.
    #[inline(always)]
    pub(crate) fn current(&self, perspective: Color) -> &[i16] {
        self.slice(self.top, perspective)
    }

    /// Ply `p`'s accumulators from ply `p - 1`'s and the move between them, but for the
    /// perspectives already `counted` from the board.
    #[inline(always)]
    fn update(&mut self, p: usize, dirty: &DirtyPiece, counted: [bool; 2]) {
        let (removed, added) = (dirty.removed(), dirty.added());
        let width = 2 * self.blocks;
        let (below, above) = self.acc.split_at_mut(p * width);
        let parent = &below[(p - 1) * width..];
        let child = &mut above[..width];
        for c in Color::ALL {
            if counted[c.index()] {
                continue;
            }
            let view = self.views[p][c.index()];
            let src = as_i16(&parent[c.index() * self.blocks..][..self.blocks]);
            let dst = as_i16_mut(&mut child[c.index() * self.blocks..][..self.blocks]);
            let col = |ps: &PieceSquare| {
                self.net
                    .column(feature(c, view, ps.piece, ps.square.index()))
            };
            match (added, removed) {
                ([a], [s]) => kernels::add_sub(dst, src, col(a), col(s)),
                ([a], [s1, s2]) => kernels::add_sub2(dst, src, col(a), col(s1), col(s2)),
                ([a1, a2], [s1, s2]) => {
                    kernels::add2_sub2(dst, src, col(a1), col(a2), col(s1), col(s2))
                }
                _ => {
                    // A null move, or a change the fused forms do not cover.
                    dst.copy_from_slice(src);
                    for a in added {
                        kernels::add(dst, col(a));
                    }
                    for s in removed {
                        kernels::sub(dst, col(s));
                    }
                }
            }
        }
    }

    fn slice(&self, ply: usize, c: Color) -> &[i16] {
        let at = (ply * 2 + c.index()) * self.blocks;
        as_i16(&self.acc[at..at + self.blocks])
    }

    fn slice_mut(&mut self, ply: usize, c: Color) -> &mut [i16] {
        let at = (ply * 2 + c.index()) * self.blocks;
        as_i16_mut(&mut self.acc[at..at + self.blocks])
    }
}

#[inline(always)]
fn as_i16(blocks: &[Block]) -> &[i16] {
    // SAFETY: a `Block` is `repr(C)` around `[i16; 16]` with no padding (32 bytes, aligned
    // to 32), so `n` blocks are `16 n` consecutive, initialised i16.
    unsafe { std::slice::from_raw_parts(blocks.as_ptr().cast(), blocks.len() * BLOCK) }
}

#[inline(always)]
fn as_i16_mut(blocks: &mut [Block]) -> &mut [i16] {
    // SAFETY: as in `as_i16`; the borrow of the blocks is exclusive.
    unsafe { std::slice::from_raw_parts_mut(blocks.as_mut_ptr().cast(), blocks.len() * BLOCK) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::legal_moves;
    use crate::eval::nnue::features::{KingBuckets, Mirroring};
    use crate::eval::nnue::network::MAX_HIDDEN;
    use crate::eval::nnue::simd::portable;
    use crate::rng::SplitMix64;

    /// What kinds of change the random games went through.
    #[derive(Default, Debug)]
    struct Seen {
        captures: usize,
        castles: usize,
        en_passant: usize,
        promotions: usize,
        capture_promotions: usize,
        nulls: usize,
        /// King moves between the wings (a mirrored net's refreshes).
        wing_changes: usize,
        /// King moves between king buckets (a king-bucketed net's refreshes).
        king_bucket_changes: usize,
    }

    impl Seen {
        fn add(&mut self, o: &Seen) {
            self.captures += o.captures;
            self.castles += o.castles;
            self.en_passant += o.en_passant;
            self.promotions += o.promotions;
            self.capture_promotions += o.capture_promotions;
            self.nulls += o.nulls;
            self.wing_changes += o.wing_changes;
            self.king_bucket_changes += o.king_bucket_changes;
        }

        fn record(&mut self, d: &DirtyPiece, before: &Board, after: &Board) {
            let bucketed = |b: &Board, c| View::of(b, c, Mirroring::Horizontal, KingBuckets::Four);
            for c in Color::ALL {
                if (before.king(c).index() % 8 < 4) != (after.king(c).index() % 8 < 4) {
                    self.wing_changes += 1;
                }
                let base = |v: View| feature(c, v, Piece::WhitePawn, 8) / 768;
                if base(bucketed(before, c)) != base(bucketed(after, c)) {
                    self.king_bucket_changes += 1;
                }
            }
            let (removed, added) = (d.removed(), d.added());
            if added.len() == 2 {
                self.castles += 1;
            }
            let promotes = removed.first().map(|p| p.piece.piece_type()) == Some(PieceType::Pawn)
                && added.first().map(|p| p.piece.piece_type()) != Some(PieceType::Pawn);
            if removed.len() == 2 && added.len() == 1 {
                self.captures += 1;
                if removed[1].square != added[0].square {
                    self.en_passant += 1;
                }
                if promotes {
                    self.capture_promotions += 1;
                }
            } else if promotes && added.len() == 1 {
                self.promotions += 1;
            }
        }
    }

    /// The stack's accumulators and evaluation against a count from scratch, and the output
    /// by both kernels.
    fn check(stack: &mut AccumulatorStack, net: &Network, board: &Board) {
        let mut fresh = [0i16; MAX_HIDDEN];
        for c in Color::ALL {
            net.refresh(board, c, &mut fresh);
            assert_eq!(stack.current(c), &fresh[..net.hidden()], "{}", board.fen());
        }
        let want = net.evaluate(board);
        assert_eq!(stack.evaluate(board), want, "{}", board.fen());
        let stm = board.side_to_move();
        let bucket = net.bucket_of(board);
        let (w_us, w_them) = net.output_weights(bucket);
        let (us, them) = (stack.current(stm).to_vec(), stack.current(!stm).to_vec());
        assert_eq!(net.output_scalar(&us, &them, bucket), want);
        let portable = portable::output_sum(&us, &them, w_us, w_them);
        assert_eq!(net.finish(portable, bucket), want);
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2; the slices are the hidden width long.
            let simd =
                unsafe { crate::eval::nnue::simd::avx2::output_sum_avx2(&us, &them, w_us, w_them) };
            assert_eq!(simd, portable);
        }
    }

    /// Random games from `fen`: moves, null moves and takebacks, the accumulators checked
    /// against a refresh at about half the plies.
    fn random_games(net: &Network, fen: &str, seed: u64, seen: &mut Seen) {
        let root = Board::from_fen(fen).expect("a valid FEN");
        let mut rng = SplitMix64::new(seed);
        for _ in 0..8 {
            let mut stack = AccumulatorStack::new(Arc::new(net.clone()), &root, 8);
            let mut line = vec![root];
            for _ in 0..60 {
                let board = *line.last().unwrap();
                let moves = legal_moves(&board);
                let roll = rng.next_u64() % 100;
                if roll < 10 && line.len() > 1 {
                    line.pop();
                    stack.pop();
                } else if roll < 18 && !board.in_check() {
                    let mut next = board;
                    next.make_null_move();
                    stack.push_null();
                    line.push(next);
                    seen.nulls += 1;
                } else if !moves.is_empty() {
                    let mut next = board;
                    let m = moves.as_slice()[(rng.next_u64() % moves.len() as u64) as usize];
                    let dirty = next.make_move(m);
                    seen.record(&dirty, &board, &next);
                    stack.push(&dirty, &next);
                    line.push(next);
                } else {
                    break;
                }
                if rng.next_u64().is_multiple_of(2) {
                    check(&mut stack, net, line.last().unwrap());
                }
            }
            check(&mut stack, net, line.last().unwrap());
        }
    }

    const FENS: [&str; 7] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        // Chess960: castling where the king or the rook stays put, or they swap sides.
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1",
    ];

    #[test]
    fn incremental_accumulators_equal_a_refresh_after_every_kind_of_move() {
        let mut seen = Seen::default();
        for (i, (hidden, buckets, mirroring, king_buckets)) in [
            (32, 1, Mirroring::Off, KingBuckets::One),
            (128, 8, Mirroring::Off, KingBuckets::One),
            (48, 4, Mirroring::Off, KingBuckets::One),
            (64, 1, Mirroring::Horizontal, KingBuckets::One),
            (32, 8, Mirroring::Horizontal, KingBuckets::One),
            (32, 1, Mirroring::Horizontal, KingBuckets::Four),
            (64, 8, Mirroring::Horizontal, KingBuckets::Four),
        ]
        .into_iter()
        .enumerate()
        {
            let net = Network::random_with(hidden, buckets, mirroring, king_buckets, 40 + i as u64);
            let mut this = Seen::default();
            for (j, fen) in FENS.iter().enumerate() {
                random_games(&net, fen, (i * 100 + j) as u64, &mut this);
            }
            if king_buckets == KingBuckets::Four {
                // A king-bucketed net went through bucket changes, castling and null moves.
                assert!(
                    this.king_bucket_changes > 0
                        && this.wing_changes > 0
                        && this.castles > 0
                        && this.nulls > 0,
                    "{this:?}"
                );
            }
            seen.add(&this);
        }
        assert!(
            seen.captures > 0
                && seen.castles > 0
                && seen.en_passant > 0
                && seen.promotions > 0
                && seen.capture_promotions > 0
                && seen.nulls > 0
                && seen.wing_changes > 0,
            "{seen:?}"
        );
    }

    #[test]
    fn a_king_bucketed_net_counts_a_side_afresh_when_its_king_changes_bucket() {
        let net = Network::random_with(48, 4, Mirroring::Horizontal, KingBuckets::Four, 3);
        let root = Board::from_fen("r3k2r/pp1p3p/8/8/8/8/PP1P3P/R3K2R w KQkq - 0 1").unwrap();
        let mut stack = AccumulatorStack::new(Arc::new(net.clone()), &root, 4);
        let mut board = root;
        // White: O-O (bucket 0 to 1), Kh1 (1), Kh1-g2 (2), Kg2-f3 (3), Kf3-e2 (2), Ke2-d1
        // (wing and bucket: 0), Kd1-c1 (0), Kc1-b1 (1). Black: O-O-O (its c8 seen as f1:
        // wing, bucket 0), Kc8-b8 (1), Kb8-c7 (2), Kc7-d6 (3), Kd6-c7 (2); nulls between.
        let line = "e1g1 e8c8 g1h1 null h1g2 c8b8 g2f3 b8c7 null c7d6 f3e2 null e2d1 d6c7 \
                    d1c1 null c1b1";
        let mut refreshed = 0;
        for text in line.split_whitespace() {
            let before = stack.views[stack.top];
            if text == "null" {
                board.make_null_move();
                stack.push_null();
            } else {
                let m = board.parse_uci_move(text, false).unwrap();
                let dirty = board.make_move(m);
                stack.push(&dirty, &board);
            }
            refreshed += (0..2)
                .filter(|&c| stack.views[stack.top][c] != before[c])
                .count();
            check(&mut stack, &net, &board);
        }
        assert!(refreshed >= 10, "{refreshed} views changed");
        // Back down the line: each ply's accumulators are as they were.
        while stack.top > 0 {
            stack.pop();
        }
        check(&mut stack, &net, &root);
    }

    #[test]
    fn the_stack_grows_past_its_room() {
        let net = Arc::new(Network::random(16, 1, 2));
        let mut board = Board::startpos();
        let mut stack = AccumulatorStack::new(net.clone(), &board, 2);
        for text in "g1f3 g8f6 f3g1 f6g8 e2e4".split_whitespace() {
            let m = board.parse_uci_move(text, false).unwrap();
            let dirty = board.make_move(m);
            stack.push(&dirty, &board);
        }
        assert_eq!(stack.evaluate(&board), net.evaluate(&board));
    }
}
