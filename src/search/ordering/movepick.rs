//! The staged move picker. A node runs one of three fixed sequences of stages (`MAIN`,
//! `QUIESCENCE`, `NO_CAPTURE_STAGE`), top to bottom, each stage falling through to the next:
//!
//! 1. `HashMove`: the table's move (checked with `is_legal`, since it comes from the table);
//! 2. `GenerateNoisy`, `GoodNoisy`: captures and promotions, generated together and picked best
//!    first by MVV-LVA (plus the capture history); a capture whose SEE is below 0 (or, with
//!    the capture history, below minus its history over `CAPTURE_HISTORY_SEE_DIV`) is set
//!    aside for `BadNoisy`;
//! 3. `Killer1`, `Killer2`: quiet, legal, not the hash move;
//! 4. `CounterMove`: the quiet move that last refuted the opponent's previous move, if it is
//!    legal and not the hash move or a killer;
//! 5. `GenerateQuiets`, `Quiets`: the other quiet moves, generated only now, by history score
//!    (`quiet_history`, under the picker's switches) plus the threat term (a piece a
//!    cheaper one attacks moving off its square up, one moving onto such a square down);
//! 6. `BadNoisy`: the losing captures set aside in stage 2, best SEE first.
//!
//! Each step picks the best remaining move by selection rather than sorting, so when a move
//! cuts off, the work of ordering the rest is never done. Once the search has pruned the
//! quiet moves (`skip_quiets`), the quiet stages are passed over: the quiets are not
//! generated, scored or selected at all. Quiescence runs stages 1, 2 and 6.
//! With MVV-LVA off there is no capture stage: after the hash move, killers and countermove, every move
//! comes from one list in generation order (history-ordered if history is on), so "no
//! ordering" means exactly that.
//!
//! `Stage` names the picker's steps; `PickedFrom` is the class a yielded move is counted
//! under in the statistics.

use super::policy::{HistoryWeights, PolicyModel, RANKED};
use super::threats::Threats;
use super::{Continuation, HistoryKey, HistoryRead, OrderingConfig, OrderingTables};
use crate::board::movegen::{generate_into, kind};
use crate::board::{
    is_legal, see, see_ge, Board, CheckSquares, Move, MoveList, PieceType, MAX_MOVES, PIECE_VALUE,
};
use crate::eval::nnue::network::{Network, MAX_HIDDEN};
use std::mem::MaybeUninit;
use std::ptr::addr_of_mut;

/// A node's network accumulators (the side to move's, then the other side's) and the net
/// that made them: what the learned order reads, when its head was trained on that net.
pub(crate) type PolicyInputs<'a> = Option<(&'a [i16], &'a [i16], &'a Network)>;

/// Where a move the picker yields came from, as the statistics count it, in the order of
/// the stages.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PickedFrom {
    HashMove = 0,
    GoodCapture = 1,
    Killer1 = 2,
    Killer2 = 3,
    CounterMove = 4,
    Quiet = 5,
    BadCapture = 6,
}

impl PickedFrom {
    pub const COUNT: usize = 7;
    /// Indexed by `PickedFrom as usize`.
    pub(crate) const NAMES: [&'static str; PickedFrom::COUNT] = [
        "hash",
        "good capture",
        "killer 1",
        "killer 2",
        "countermove",
        "quiet",
        "bad capture",
    ];
}

/// One step of the picker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    HashMove,
    GenerateNoisy,
    GoodNoisy,
    Killer1,
    Killer2,
    CounterMove,
    GenerateQuiets,
    Quiets,
    BadNoisy,
    /// Without MVV-LVA: every move at once, in generation (or history) order.
    GenerateAll,
    AllMoves,
    Done,
}

/// A main-search node with MVV-LVA on (and quiescence in check).
const MAIN: &[Stage] = &[
    Stage::HashMove,
    Stage::GenerateNoisy,
    Stage::GoodNoisy,
    Stage::Killer1,
    Stage::Killer2,
    Stage::CounterMove,
    Stage::GenerateQuiets,
    Stage::Quiets,
    Stage::BadNoisy,
    Stage::Done,
];

/// Quiescence out of check: noisy moves only.
const QUIESCENCE: &[Stage] = &[
    Stage::HashMove,
    Stage::GenerateNoisy,
    Stage::GoodNoisy,
    Stage::BadNoisy,
    Stage::Done,
];

/// A main-search node with MVV-LVA off: no capture stage.
const NO_CAPTURE_STAGE: &[Stage] = &[
    Stage::HashMove,
    Stage::Killer1,
    Stage::Killer2,
    Stage::CounterMove,
    Stage::GenerateAll,
    Stage::AllMoves,
    Stage::Done,
];

/// Most valuable victim, then least valuable attacker, indexed by [victim][attacker]
/// (piece types); built from the one piece-value table that SEE also uses.
const MVV_LVA: [[i32; 6]; 6] = {
    let mut t = [[0; 6]; 6];
    let mut v = 0;
    while v < 6 {
        let mut a = 0;
        while a < 6 {
            t[v][a] = PIECE_VALUE[v] * 8 - a as i32;
            a += 1;
        }
        v += 1;
    }
    t
};

/// The MVV-LVA score of a capture (0 for a move that captures nothing), as the picker ranks
/// captures within their band.
pub(crate) fn mvv_lva(board: &Board, m: Move) -> i32 {
    let attacker = board
        .moved_piece(m)
        .map_or(PieceType::Pawn, |p| p.piece_type());
    board
        .captured(m)
        .map_or(0, |v| MVV_LVA[v.index()][attacker.index()])
}

/// With the capture history on, a capture scores twice its MVV-LVA plus its capture history
/// over this: at most 16384 / 16 = 1024 either way, so two captures differ by at most 2048
/// through it, less than the 3200 between a pawn and a minor piece as victims (twice
/// 8 * 200): the victim still comes first, and the history orders captures of equal victims.
pub(crate) const CAPTURE_HISTORY_DIV: i32 = 16;

/// With the capture history on, the SEE threshold of a good capture is minus its history over
/// this: at most 16384 / 64 = 256 centipawns either way, less than a minor piece for a pawn
/// (ERET at depth 12: fail-high on the first move 86.5% against 85.9% with a threshold of 0).
pub const CAPTURE_HISTORY_SEE_DIV: i32 = 64;

/// Score bands that keep promotion-captures above captures, and queen promotions above the
/// other quiet promotions.
const PROMO_CAPTURE_BAND: i32 = 1 << 24;
const QUEEN_PROMO_BAND: i32 = 1 << 23;
const CAPTURE_BAND: i32 = 1 << 22;

/// Scores at or above 0 are moves still to try in their stage; a losing capture found by the
/// good-capture stage is re-marked below 0 (`LOSING + SEE`) and left for the last stage.
const LOSING: i32 = i32::MIN / 2;

/// The scores of the picker's moves, index for index. Like `MoveList`, only `scores[..len]`
/// is initialised, so a node does not pay for filling 256 entries it mostly never uses.
struct Scores {
    scores: [MaybeUninit<i32>; MAX_MOVES],
    len: usize,
}

impl Scores {
    /// As `MoveList::init_empty`: only `len` is written.
    ///
    /// # Safety
    /// `this` must be valid for writes and aligned for `Scores`.
    #[inline(always)]
    unsafe fn init_empty(this: *mut Scores) {
        // SAFETY: the caller's promise.
        unsafe { addr_of_mut!((*this).len).write(0) }
    }

    #[inline(always)]
    fn push(&mut self, s: i32) {
        if self.len < MAX_MOVES {
            self.scores[self.len] = MaybeUninit::new(s);
            self.len += 1;
        }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> i32 {
        assert!(i < self.len);
        // SAFETY: entries below `len` were written by `push` (or `set`/`swap` among them).
        unsafe { self.scores[i].assume_init() }
    }

    #[inline(always)]
    fn set(&mut self, i: usize, s: i32) {
        assert!(i < self.len);
        self.scores[i] = MaybeUninit::new(s);
    }

    /// Keeps the first `len` scores (no more than there are).
    #[inline(always)]
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline(always)]
    fn swap(&mut self, a: usize, b: usize) {
        assert!(a < self.len && b < self.len);
        self.scores.swap(a, b);
    }
}

pub struct MovePicker {
    /// The node's sequence of stages and the index of the current one.
    sequence: &'static [Stage],
    at: usize,
    config: OrderingConfig,
    hash_move: Move,
    killers: [Move; 2],
    /// The countermove to the opponent's last move, null once it is known not to be tried.
    counter: Move,
    /// What the node's quiet histories are indexed by beside the move (the earlier moves,
    /// the ply, the attacks).
    key: HistoryKey,
    /// One buffer for the whole node: noisy moves in `[0, noisy_end)`, quiet moves after them.
    moves: MoveList,
    scores: Scores,
    /// Noisy moves before this index were handed out or dropped.
    noisy_next: usize,
    noisy_end: usize,
    /// Quiet moves (or, without a capture stage, all moves) before this index were handed out.
    quiet_next: usize,
    /// The search prunes every quiet move still to come: yield none.
    skip_quiets: bool,
    /// The search prunes every quiet move still to come but those that give check: yield
    /// only those.
    quiet_checks_only: bool,
    /// The generated quiets were cut down to the checks.
    checks_filtered: bool,
    /// The node's check squares, found the first time a move is asked whether it checks.
    checks: Option<CheckSquares>,
}

impl MovePicker {
    /// A picker for a main-search node. `hash_move` and `killers` may be anything (they are
    /// checked before use).
    pub fn new(config: OrderingConfig, hash_move: Move, killers: [Move; 2]) -> MovePicker {
        let sequence = if config.mvv_lva {
            MAIN
        } else {
            NO_CAPTURE_STAGE
        };
        MovePicker::with_sequence(sequence, config, hash_move, killers)
    }

    /// A picker for quiescence: the hash move if it is noisy, then captures and promotions.
    /// In check every move is needed, so it behaves as the main-search picker.
    pub fn quiescence(config: OrderingConfig, hash_move: Move, in_check: bool) -> MovePicker {
        if in_check {
            return MovePicker::new(config, hash_move, [Move::NULL; 2]);
        }
        let hash_move = if hash_move.is_noisy() {
            hash_move
        } else {
            Move::NULL
        };
        MovePicker::with_sequence(QUIESCENCE, config, hash_move, [Move::NULL; 2])
    }

    fn with_sequence(
        sequence: &'static [Stage],
        config: OrderingConfig,
        hash_move: Move,
        killers: [Move; 2],
    ) -> MovePicker {
        let hash_move = if config.hash_move {
            hash_move
        } else {
            Move::NULL
        };
        let killers = if config.killers {
            killers
        } else {
            [Move::NULL; 2]
        };
        // Built in place, the two buffers' entries left unwritten: a struct literal with
        // `MoveList::new()` in it made the compiler zero all 1,552 bytes of the buffers at
        // every node (a memset, about 2% of datagen's time by perf).
        let mut picker = MaybeUninit::<MovePicker>::uninit();
        let p = picker.as_mut_ptr();
        // SAFETY: every field but the buffers' entries is written before `assume_init`; the
        // entries are `MaybeUninit` and are read only below their lists' `len`.
        unsafe {
            addr_of_mut!((*p).sequence).write(sequence);
            addr_of_mut!((*p).at).write(0);
            addr_of_mut!((*p).config).write(config);
            addr_of_mut!((*p).hash_move).write(hash_move);
            addr_of_mut!((*p).killers).write(killers);
            addr_of_mut!((*p).counter).write(Move::NULL);
            addr_of_mut!((*p).key).write(HistoryKey::NONE);
            MoveList::init_empty(addr_of_mut!((*p).moves));
            Scores::init_empty(addr_of_mut!((*p).scores));
            addr_of_mut!((*p).noisy_next).write(0);
            addr_of_mut!((*p).noisy_end).write(0);
            addr_of_mut!((*p).quiet_next).write(0);
            addr_of_mut!((*p).skip_quiets).write(false);
            addr_of_mut!((*p).quiet_checks_only).write(false);
            addr_of_mut!((*p).checks_filtered).write(false);
            addr_of_mut!((*p).checks).write(None);
            picker.assume_init()
        }
    }

    /// No more quiet moves: the search would prune each one it was given (late move
    /// pruning, futility pruning). The noisy moves still come, in the same order.
    #[inline(always)]
    pub(crate) fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// No more quiet moves but those that give check: the search would prune the others
    /// (late move or futility pruning, sparing checks). The noisy moves still come, in the
    /// same order; the quiet checks in their order among the quiets.
    #[inline(always)]
    pub(crate) fn quiet_checks_only(&mut self) {
        self.quiet_checks_only = true;
    }

    /// Whether a quiet move is to be passed over after `quiet_checks_only`.
    #[inline(always)]
    fn passes_over(&mut self, board: &Board, m: Move) -> bool {
        self.quiet_checks_only && m.is_quiet() && !self.gives_check(board, m)
    }

    /// Whether `m`, a legal move of `board` (the node's position), gives check. The node's
    /// check squares are found at the first question and answer every later one.
    #[inline(always)]
    pub(crate) fn gives_check(&mut self, board: &Board, m: Move) -> bool {
        self.check_squares(board).gives_check(board, m)
    }

    #[inline(always)]
    fn check_squares(&mut self, board: &Board) -> &CheckSquares {
        self.checks.get_or_insert_with(|| CheckSquares::of(board))
    }

    /// Cuts the moves from `start` on down to those that give check, in their order, and
    /// their scores with them where they have been scored. Once a node.
    fn keep_only_checks(&mut self, board: &Board, start: usize) {
        // A copy: the loop below changes the moves and scores beside it.
        let checks = *self.check_squares(board);
        let scored = self.scores.len > start;
        let mut kept = start;
        for i in start..self.moves.len() {
            let m = self.moves.get(i);
            if checks.gives_check(board, m) {
                self.moves.as_mut_slice()[kept] = m;
                if scored {
                    self.scores.set(kept, self.scores.get(i));
                }
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        if scored {
            self.scores.truncate(kept);
        }
        self.checks_filtered = true;
    }

    /// Whether `skip_quiets` was called.
    pub(crate) fn skips_quiets(&self) -> bool {
        self.skip_quiets
    }

    /// Gives the picker the countermove to the opponent's last move (anything: it is checked
    /// before use), tried after the killers when the switch is on.
    pub fn with_counter(mut self, counter: Move) -> MovePicker {
        if self.config.counter_move {
            self.counter = counter;
        }
        self
    }

    /// Gives the picker the node's history key: the earlier moves (piece and destination;
    /// None for a null move, before the root, or with their table's switch off), which the
    /// continuation histories are indexed by (each read only under its switch), the ply and
    /// the attacks.
    pub(crate) fn with_key(mut self, key: HistoryKey) -> MovePicker {
        self.key = key;
        self
    }

    /// Gives the picker the earlier moves alone (`with_key`), as a node past the low plies
    /// whose attacks are found when needed.
    pub fn with_continuation(mut self, prev: Continuation) -> MovePicker {
        self.key.prev = prev;
        self
    }

    #[inline(always)]
    fn stage(&self) -> Stage {
        self.sequence[self.at]
    }

    /// On to the next stage of the sequence.
    #[inline(always)]
    fn advance(&mut self) {
        self.at += 1;
    }

    fn score_noisy(&self, board: &Board, m: Move, tables: &OrderingTables) -> i32 {
        if !self.config.mvv_lva {
            return 0;
        }
        let mvv_lva = mvv_lva(board, m);
        match m.promotion_piece() {
            Some(p) if m.is_capture() => PROMO_CAPTURE_BAND + PIECE_VALUE[p.index()] * 16 + mvv_lva,
            Some(PieceType::Queen) => QUEEN_PROMO_BAND,
            Some(p) => PIECE_VALUE[p.index()],
            None if self.config.capture_history => {
                CAPTURE_BAND
                    + 2 * mvv_lva
                    + tables.capture(board, m, self.config.capture_history_defended)
                        / CAPTURE_HISTORY_DIV
            }
            None => CAPTURE_BAND + mvv_lva,
        }
    }

    /// The SEE a capture needs to be tried with the good captures: 0, or with the capture
    /// history on, minus its history over `CAPTURE_HISTORY_SEE_DIV`, so a capture that has
    /// often cut off may lose a little material by SEE and still come early, and one that
    /// has often failed must win some.
    #[inline(always)]
    fn good_capture_threshold(&self, board: &Board, m: Move, tables: &OrderingTables) -> i32 {
        if self.config.capture_history {
            -tables.capture(board, m, self.config.capture_history_defended)
                / CAPTURE_HISTORY_SEE_DIV
        } else {
            0
        }
    }

    /// The index of the best-scored move in `[from, end)` (the first of equals, so ties keep
    /// generation order), or None if the range is empty.
    #[inline]
    fn best_in(&self, from: usize, end: usize) -> Option<usize> {
        if from >= end {
            return None;
        }
        let mut best = from;
        let mut best_score = self.scores.get(from);
        for i in from + 1..end {
            let s = self.scores.get(i);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        Some(best)
    }

    /// Moves entry `i` to position `at` (the cursor) and returns its move.
    #[inline(always)]
    fn take(&mut self, i: usize, at: usize) -> Move {
        self.moves.swap(i, at);
        self.scores.swap(i, at);
        self.moves.get(at)
    }

    /// Whether a move from a generated list was already handed out by an earlier stage.
    #[inline(always)]
    fn already_tried(&self, m: Move) -> bool {
        m == self.hash_move
            || (m.is_quiet() && (m == self.killers[0] || m == self.killers[1] || m == self.counter))
    }

    /// Generates the quiet (or all) moves after the noisy ones, each quiet one scored by its
    /// history as the picker reads it (`HistoryRead::picker`) plus the threat term, if on.
    fn generate_quiets<const KIND: u8>(
        &mut self,
        board: &Board,
        tables: &OrderingTables,
        inputs: PolicyInputs<'_>,
    ) {
        let start = self.moves.len();
        generate_into::<KIND>(board, &mut self.moves);
        if KIND == kind::QUIET && self.quiet_checks_only {
            // Only the checks will be yielded: the others are neither kept nor scored.
            self.keep_only_checks(board, start);
        }
        let read = HistoryRead::picker(self.config);
        if self.config.threat_history && self.key.threats.is_none() {
            // A picker given no key (quiescence in check) finds the attacks here, once.
            self.key.threats = Some(Threats::of(board));
        }
        // The threat term reads the key's attacks when the node found them.
        let threats = self
            .config
            .threats
            .then(|| self.key.threats.unwrap_or_else(|| Threats::of(board)));
        for i in start..self.moves.len() {
            let m = self.moves.get(i);
            let mut score = 0;
            if m.is_quiet() {
                score += tables.quiet_history(read, board, &self.key, m);
                if let Some(t) = &threats {
                    score += t.score(board, m);
                }
            }
            self.scores.push(score);
        }
        if let Some(p) = tables.policy.as_deref().filter(|_| self.config.policy) {
            if let Some(w) = p.history_weights().filter(|_| KIND == kind::QUIET) {
                self.reweigh_history(board, tables, w, p.points_per_unit, start);
            }
            self.add_policy_scores(board, p, start, inputs);
        }
        self.quiet_next = start;
    }

    /// A head trained beside the history's parts (`HistoryWeights`) orders the quiet stage
    /// by its whole logit: each quiet move's history parts at their learned weights, a bonus
    /// for the history's first `RANKED` moves (the hash move left out, as in training), and
    /// the head's score (added after), all at the head's points a unit. The summed scores
    /// above rank the moves; the threat term, off in play, is not read. In the all-moves
    /// stage (evasions) the head is added to the summed history instead, beside the
    /// captures' scores.
    #[inline(never)]
    fn reweigh_history(
        &mut self,
        board: &Board,
        tables: &OrderingTables,
        w: &HistoryWeights,
        points: f32,
        start: usize,
    ) {
        // The history's first quiet moves: the highest summed scores, ties in generation
        // order.
        let mut first = [usize::MAX; RANKED];
        for i in start..self.moves.len() {
            let m = self.moves.get(i);
            if m == self.hash_move {
                continue;
            }
            let mut at = i;
            for slot in first.iter_mut() {
                if *slot == usize::MAX {
                    *slot = at;
                    break;
                }
                if self.scores.get(at) > self.scores.get(*slot) {
                    std::mem::swap(slot, &mut at);
                }
            }
        }
        for i in start..self.moves.len() {
            let m = self.moves.get(i);
            let parts =
                tables.quiet_history_parts(HistoryRead::search(self.config), board, &self.key, m);
            self.scores.set(i, (w.score(parts) * points) as i32);
        }
        for (&i, bonus) in first.iter().zip(w.ranks) {
            if i != usize::MAX {
                self.scores
                    .set(i, self.scores.get(i) + (bonus * points) as i32);
            }
        }
    }

    /// The learned order (`OrderPolicy`): each quiet move's policy score, in history points,
    /// added to its score. The head reads the search's own accumulators when the search
    /// evaluates with the head's net, and counts them afresh otherwise. Apart, so the search
    /// without it does not even reserve a buffer.
    #[inline(never)]
    fn add_policy_scores(
        &mut self,
        board: &Board,
        p: &PolicyModel,
        start: usize,
        inputs: PolicyInputs<'_>,
    ) {
        match inputs.filter(|&(_, _, net)| p.reads(net)) {
            Some((us, them, _)) => self.add_policy_points(board, p, start, us, them),
            None => {
                let mut us = [0i16; MAX_HIDDEN];
                let mut them = [0i16; MAX_HIDDEN];
                p.refresh(board, &mut us, &mut them);
                self.add_policy_points(board, p, start, &us, &them);
            }
        }
    }

    #[inline(always)]
    fn add_policy_points(
        &mut self,
        board: &Board,
        p: &PolicyModel,
        start: usize,
        us: &[i16],
        them: &[i16],
    ) {
        for i in start..self.moves.len() {
            let m = self.moves.get(i);
            if m.is_quiet() {
                let points = p.points(us, them, board, m);
                self.scores.set(i, self.scores.get(i) + points);
            }
        }
    }

    /// Killer `i` (0 or 1), if it may be tried here; otherwise it is forgotten, so the quiet
    /// stage does not skip it.
    fn killer(&mut self, board: &Board, i: usize) -> Option<Move> {
        let k = self.killers[i];
        // Killer 2 may repeat killer 1 (the picker takes any killers).
        let repeated = i == 1 && k == self.killers[0];
        if !k.is_null() && !repeated && k != self.hash_move && k.is_quiet() && is_legal(board, k) {
            return Some(k);
        }
        self.killers[i] = Move::NULL;
        None
    }

    /// The countermove, if it may be tried here; otherwise it is forgotten, so the quiet stage
    /// does not skip it. A killer or the hash move already had its turn.
    fn counter_move(&mut self, board: &Board) -> Option<Move> {
        let c = self.counter;
        if !c.is_null()
            && c != self.hash_move
            && c != self.killers[0]
            && c != self.killers[1]
            && c.is_quiet()
            && is_legal(board, c)
        {
            return Some(c);
        }
        self.counter = Move::NULL;
        None
    }

    /// The next move to search and where it came from, or None when all are done.
    #[inline]
    pub fn next(&mut self, board: &Board, tables: &OrderingTables) -> Option<(Move, PickedFrom)> {
        self.next_with(board, tables, None)
    }

    /// `next`, given the node's network accumulators for the learned order (`OrderPolicy`);
    /// without them a head counts its own.
    pub(crate) fn next_with(
        &mut self,
        board: &Board,
        tables: &OrderingTables,
        inputs: PolicyInputs<'_>,
    ) -> Option<(Move, PickedFrom)> {
        loop {
            match self.stage() {
                Stage::HashMove => {
                    self.advance();
                    let skipped = (self.skip_quiets && self.hash_move.is_quiet())
                        || self.passes_over(board, self.hash_move);
                    if !self.hash_move.is_null() && !skipped && is_legal(board, self.hash_move) {
                        return Some((self.hash_move, PickedFrom::HashMove));
                    }
                    self.hash_move = Move::NULL;
                }
                Stage::GenerateNoisy => {
                    generate_into::<{ kind::NOISY }>(board, &mut self.moves);
                    self.noisy_end = self.moves.len();
                    for i in 0..self.noisy_end {
                        let s = self.score_noisy(board, self.moves.get(i), tables);
                        self.scores.push(s);
                    }
                    self.advance();
                }
                Stage::GoodNoisy => {
                    let best = self
                        .best_in(self.noisy_next, self.noisy_end)
                        .filter(|&i| self.scores.get(i) >= 0);
                    let Some(i) = best else {
                        // Only losing captures are left: they wait for `BadNoisy`.
                        self.advance();
                        continue;
                    };
                    let m = self.moves.get(i);
                    if m != self.hash_move
                        && self.config.see_split
                        && m.is_capture()
                        && !see_ge(board, m, self.good_capture_threshold(board, m, tables))
                    {
                        self.scores.set(i, LOSING + see(board, m));
                        continue;
                    }
                    let m = self.take(i, self.noisy_next);
                    self.noisy_next += 1;
                    if m != self.hash_move {
                        return Some((m, PickedFrom::GoodCapture));
                    }
                }
                Stage::Killer1
                | Stage::Killer2
                | Stage::CounterMove
                | Stage::GenerateQuiets
                | Stage::Quiets
                    if self.skip_quiets =>
                {
                    self.advance();
                }
                Stage::Killer1 => {
                    self.advance();
                    if let Some(k) = self
                        .killer(board, 0)
                        .filter(|&k| !self.passes_over(board, k))
                    {
                        return Some((k, PickedFrom::Killer1));
                    }
                }
                Stage::Killer2 => {
                    self.advance();
                    if let Some(k) = self
                        .killer(board, 1)
                        .filter(|&k| !self.passes_over(board, k))
                    {
                        return Some((k, PickedFrom::Killer2));
                    }
                }
                Stage::CounterMove => {
                    self.advance();
                    if let Some(c) = self
                        .counter_move(board)
                        .filter(|&c| !self.passes_over(board, c))
                    {
                        return Some((c, PickedFrom::CounterMove));
                    }
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets::<{ kind::QUIET }>(board, tables, inputs);
                    self.advance();
                }
                Stage::Quiets if self.quiet_checks_only && !self.checks_filtered => {
                    // Once, the quiets still to come are cut down to the checks, so the
                    // selection below scans only those.
                    self.keep_only_checks(board, self.quiet_next);
                }
                Stage::Quiets => match self.best_in(self.quiet_next, self.moves.len()) {
                    Some(i) => {
                        let m = self.take(i, self.quiet_next);
                        self.quiet_next += 1;
                        if !self.already_tried(m) {
                            return Some((m, PickedFrom::Quiet));
                        }
                    }
                    None => self.advance(),
                },
                Stage::BadNoisy => match self.best_in(self.noisy_next, self.noisy_end) {
                    Some(i) => {
                        let m = self.take(i, self.noisy_next);
                        self.noisy_next += 1;
                        return Some((m, PickedFrom::BadCapture));
                    }
                    None => self.advance(),
                },
                Stage::GenerateAll => {
                    self.generate_quiets::<{ kind::ALL }>(board, tables, inputs);
                    self.advance();
                }
                Stage::AllMoves => match self.best_in(self.quiet_next, self.moves.len()) {
                    Some(i) => {
                        let m = self.take(i, self.quiet_next);
                        self.quiet_next += 1;
                        if self.already_tried(m)
                            || (self.skip_quiets && m.is_quiet())
                            || self.passes_over(board, m)
                        {
                            continue;
                        }
                        // No capture stages here: for the statistics, a noisy move counts
                        // as a capture (as the staged picker would have placed it first).
                        let from = if m.is_noisy() {
                            PickedFrom::GoodCapture
                        } else {
                            PickedFrom::Quiet
                        };
                        return Some((m, from));
                    }
                    None => self.advance(),
                },
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::PieceTo;
    use super::*;
    use crate::board::{legal_moves, Color, MoveKind, Square};

    fn drain(b: &Board, p: MovePicker) -> Vec<(Move, PickedFrom)> {
        drain_with(b, p, &OrderingTables::default())
    }

    fn drain_with(b: &Board, mut p: MovePicker, t: &OrderingTables) -> Vec<(Move, PickedFrom)> {
        let mut out = Vec::new();
        while let Some(x) = p.next(b, t) {
            out.push(x);
        }
        out
    }

    #[test]
    fn mvv_lva_order_and_promotions_first() {
        // White can take a queen with a pawn or a rook, a rook with the queen, and promote.
        let b = Board::from_fen("2rq3k/1P6/8/8/8/2r5/1P6/2QR2K1 w - - 0 1").unwrap();
        let moves = drain(
            &b,
            MovePicker::new(OrderingConfig::FULL, Move::NULL, [Move::NULL; 2]),
        );
        let text: Vec<String> = moves
            .iter()
            .map(|(m, _)| m.uci(false).to_string())
            .collect();
        // Promotion-captures first (queen first), then captures by MVV-LVA, then the quiet
        // queen promotion above the other quiet promotions.
        assert_eq!(text[0], "b7c8q", "{text:?}");
        assert!(
            text.iter().position(|t| t == "d1d8").unwrap()
                < text.iter().position(|t| t == "b2c3").unwrap()
        );
        let b7b8q = text.iter().position(|t| t == "b7b8q").unwrap();
        let b7b8n = text.iter().position(|t| t == "b7b8n").unwrap();
        assert!(b7b8q < b7b8n);
    }

    #[test]
    fn quiet_checks_only_leaves_the_noisy_moves_and_the_quiet_checks() {
        // A position with many quiet checks (queen, rook, knight, a discovered check), told
        // after each number of moves, with and without a capture stage.
        let b = Board::from_fen("4k3/pp3ppp/8/8/2B5/4N3/PP3PPP/R2QR1K1 w - - 0 1").unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (hash, k1, k2) = (mv("h2h3"), mv("d1d3"), mv("e3d5"));
        for config in [OrderingConfig::FULL, OrderingConfig::NONE] {
            let full = drain(&b, MovePicker::new(config, hash, [k1, k2]));
            let checks = full
                .iter()
                .filter(|(m, _)| m.is_quiet() && b.gives_check(*m))
                .count();
            assert_eq!(checks, 9);
            for told_after in 0..full.len() {
                let mut p = MovePicker::new(config, hash, [k1, k2]);
                let mut got = Vec::new();
                for _ in 0..told_after {
                    got.push(p.next(&b, &OrderingTables::default()).unwrap());
                }
                p.quiet_checks_only();
                while let Some(x) = p.next(&b, &OrderingTables::default()) {
                    got.push(x);
                }
                let kept = |(m, _): &&(Move, PickedFrom)| !m.is_quiet() || b.gives_check(*m);
                let expected: Vec<_> = full[..told_after]
                    .iter()
                    .chain(full[told_after..].iter().filter(kept))
                    .copied()
                    .collect();
                // The noisy moves in the same order; the quiet checks the same set (the
                // selection among equal scores may take them in another order).
                let noisy = |v: &[(Move, PickedFrom)]| -> Vec<_> {
                    v.iter().filter(|(m, _)| !m.is_quiet()).copied().collect()
                };
                assert_eq!(
                    noisy(&got),
                    noisy(&expected),
                    "{config:?} after {told_after}"
                );
                let mut a: Vec<u16> = got.iter().map(|(m, _)| m.raw()).collect();
                let mut e: Vec<u16> = expected.iter().map(|(m, _)| m.raw()).collect();
                a.sort_unstable();
                e.sort_unstable();
                assert_eq!(a, e, "{config:?} after {told_after}");
            }
        }
    }

    #[test]
    fn skipping_quiets_leaves_the_noisy_moves_in_their_order() {
        // Kiwipete, with a quiet hash move and killers; with and without a capture stage.
        let b =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (hash, k1, k2) = (mv("a2a3"), mv("a1b1"), mv("e1f1"));
        for config in [OrderingConfig::FULL, OrderingConfig::NONE] {
            let full = drain(&b, MovePicker::new(config, hash, [k1, k2]));
            // Told to skip after each number of moves: the rest is the full order's noisy
            // moves from there on, in the same order and from the same stages.
            for told_after in 0..full.len() {
                let mut p = MovePicker::new(config, hash, [k1, k2]);
                let mut got = Vec::new();
                for _ in 0..told_after {
                    got.push(p.next(&b, &OrderingTables::default()).unwrap());
                }
                p.skip_quiets();
                assert!(p.skips_quiets());
                while let Some(x) = p.next(&b, &OrderingTables::default()) {
                    got.push(x);
                }
                let expected: Vec<_> = full[..told_after]
                    .iter()
                    .chain(full[told_after..].iter().filter(|(m, _)| !m.is_quiet()))
                    .copied()
                    .collect();
                assert_eq!(got, expected, "{config:?} after {told_after}");
            }
        }
    }

    #[test]
    fn the_countermove_comes_after_the_killers_and_only_once() {
        // Kiwipete: a hash move, two killers and a countermove, all quiet and legal.
        let b =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (hash, k1, k2, counter) = (mv("a2a3"), mv("a1b1"), mv("e1f1"), mv("c3b1"));
        let got = drain(
            &b,
            MovePicker::new(OrderingConfig::FULL, hash, [k1, k2]).with_counter(counter),
        );
        let stages: Vec<PickedFrom> = got.iter().map(|x| x.1).collect();
        let at = |from: PickedFrom| stages.iter().position(|&s| s == from).unwrap();
        assert_eq!(got[0], (hash, PickedFrom::HashMove));
        assert_eq!(got[at(PickedFrom::Killer2)].0, k2);
        // Right after killer 2, before every other quiet move.
        assert_eq!(
            got[at(PickedFrom::Killer2) + 1],
            (counter, PickedFrom::CounterMove)
        );
        assert_eq!(at(PickedFrom::Quiet), at(PickedFrom::CounterMove) + 1);
        assert_eq!(got.iter().filter(|x| x.0 == counter).count(), 1);
        assert_eq!(got.len(), 48);
        // A countermove that is a killer, the hash move, a capture or illegal is not repeated
        // or tried, and the quiet stage still yields every move once.
        for c in [
            k1,
            hash,
            mv("e2a6"),
            Move::new(Square::A1, Square::H8, MoveKind::Quiet),
        ] {
            let got = drain(
                &b,
                MovePicker::new(OrderingConfig::FULL, hash, [k1, k2]).with_counter(c),
            );
            assert!(got.iter().all(|x| x.1 != PickedFrom::CounterMove), "{c:?}");
            assert_eq!(got.len(), 48, "{c:?}");
        }
        // Switched off, the countermove is one quiet move among the others.
        let mut off = OrderingConfig::FULL;
        off.counter_move = false;
        let got = drain(
            &b,
            MovePicker::new(off, hash, [k1, k2]).with_counter(counter),
        );
        assert!(got.iter().all(|x| x.1 != PickedFrom::CounterMove));
        assert_eq!(got.len(), 48);
    }

    #[test]
    fn continuation_history_adds_to_the_butterfly_history() {
        use crate::board::Piece;
        let b = Board::startpos();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (a3, h3, nf3) = (mv("a2a3"), mv("h2h3"), mv("g1f3"));
        let one_back = PieceTo {
            piece: Piece::BlackPawn,
            to: Square::H8,
        };
        let two_back = PieceTo {
            piece: Piece::WhiteKnight,
            to: Square::H1,
        };
        let mut t = OrderingTables::default();
        let pt = |m: Move| PieceTo {
            piece: b.moved_piece(m).unwrap(),
            to: m.to(),
        };
        // Butterfly: a3 best. Continuation: h3 after the move one ply back, Nf3 after the
        // one two plies back; only h3's sum beats a3.
        t.history.update(Color::White, a3, 1000);
        t.continuation[0].update(Some(one_back), pt(h3), 1500);
        t.continuation[1].update(Some(two_back), pt(nf3), 800);
        // The continuation tables' parts of a move's history, summed.
        let key = |prev| HistoryKey {
            prev,
            ..HistoryKey::NONE
        };
        let cont = |t: &OrderingTables, prev, m| -> i32 {
            let parts = t.quiet_history_parts(
                HistoryRead::every(OrderingConfig::PLAYING),
                &b,
                &key(prev),
                m,
            );
            parts.0[1..4].iter().map(|&p| p as i32).sum()
        };
        assert_eq!(
            cont(&t, [Some(one_back), Some(two_back), None, None, None], h3),
            1500
        );
        assert_eq!(cont(&t, [Some(one_back), None, None, None, None], nf3), 0);
        // The third table, after the move four plies back, adds to the other two.
        let mut t4 = OrderingTables::default();
        t4.continuation[2].update(Some(two_back), pt(h3), 600);
        assert_eq!(cont(&t4, [None, None, Some(two_back), None, None], h3), 600);
        assert_eq!(cont(&t4, [None, Some(two_back), None, None, None], h3), 0);
        let first_quiets = |config: OrderingConfig, prev| -> Vec<Move> {
            let p = MovePicker::new(config, Move::NULL, [Move::NULL; 2]).with_continuation(prev);
            drain_with(&b, p, &t).iter().take(3).map(|x| x.0).collect()
        };
        let prev = [Some(one_back), Some(two_back), None, None, None];
        assert_eq!(first_quiets(OrderingConfig::PLAYING, prev), [h3, a3, nf3]);
        let searched = |config, m| t.quiet_history(HistoryRead::search(config), &b, &key(prev), m);
        assert_eq!(
            searched(OrderingConfig::PLAYING, nf3),
            800,
            "what reductions and pruning read"
        );
        // A null move one ply back: only the table two plies back counts.
        assert_eq!(
            first_quiets(
                OrderingConfig::PLAYING,
                [None, Some(two_back), None, None, None]
            )[..2],
            [a3, nf3]
        );
        // Switched off: the butterfly history alone, also for reductions and pruning.
        let mut off = OrderingConfig::PLAYING;
        off.cont_history = false;
        assert_eq!(first_quiets(off, prev)[0], a3);
        assert_eq!(searched(off, h3), 0);
        assert_eq!(searched(off, a3), 1000);
    }

    #[test]
    fn the_capture_history_moves_the_good_capture_threshold() {
        use crate::board::Piece;
        // Rxd5 loses the exchange to e6xd5 (SEE -200); Nxf4 is an even trade (g5xf4, SEE 0).
        let b = Board::from_fen("k7/8/4p3/3n2p1/5n2/7N/8/1K1R4 w - - 0 1").unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (rxd5, nxf4) = (mv("d1d5"), mv("h3f4"));
        assert_eq!((see(&b, rxd5), see(&b, nxf4)), (-200, 0));
        let stage_of = |config: OrderingConfig, t: &OrderingTables, m: Move| {
            let got = drain_with(&b, MovePicker::new(config, Move::NULL, [Move::NULL; 2]), t);
            got.iter().find(|x| x.0 == m).unwrap().1
        };
        // The capture history switched off, whatever the engine plays with.
        let off = OrderingConfig {
            capture_history: false,
            ..OrderingConfig::PLAYING
        };
        let mut t = OrderingTables::default();
        // Without history both thresholds are 0.
        for config in [OrderingConfig::PLAYING, off] {
            assert_eq!(stage_of(config, &t, rxd5), PickedFrom::BadCapture);
            assert_eq!(stage_of(config, &t, nxf4), PickedFrom::GoodCapture);
        }
        // Rxd5 has cut off again and again, Nxf4 has failed: the thresholds become -250 and
        // +250, so the exchange sacrifice is tried early and the even trade late.
        t.captures
            .update(Piece::WhiteRook, rxd5.to(), PieceType::Knight, 16_000);
        t.captures
            .update(Piece::WhiteKnight, nxf4.to(), PieceType::Knight, -16_000);
        assert_eq!(t.capture(&b, rxd5, false) / CAPTURE_HISTORY_SEE_DIV, 250);
        assert_eq!(
            stage_of(OrderingConfig::PLAYING, &t, rxd5),
            PickedFrom::GoodCapture
        );
        assert_eq!(
            stage_of(OrderingConfig::PLAYING, &t, nxf4),
            PickedFrom::BadCapture
        );
        // The capture history switched off: SEE 0 decides alone.
        assert_eq!(stage_of(off, &t, rxd5), PickedFrom::BadCapture);
        assert_eq!(stage_of(off, &t, nxf4), PickedFrom::GoodCapture);
        // Kept apart by defence (`OrderCaptureHistoryDefended`), both targets defended: the
        // defended table, still empty, decides, and SEE 0 again.
        let defended = OrderingConfig {
            capture_history_defended: true,
            ..OrderingConfig::PLAYING
        };
        assert_eq!(stage_of(defended, &t, rxd5), PickedFrom::BadCapture);
        assert_eq!(stage_of(defended, &t, nxf4), PickedFrom::GoodCapture);
        t.captures_defended
            .update(Piece::WhiteRook, rxd5.to(), PieceType::Knight, 16_000);
        assert_eq!(t.capture(&b, rxd5, true), 16_000);
        assert_eq!(stage_of(defended, &t, rxd5), PickedFrom::GoodCapture);
    }

    #[test]
    fn the_defended_capture_history_keys_the_target_s_defence() {
        use crate::board::Piece;
        // Nxd5 takes a knight the e6 pawn defends; Nxh5 one nothing defends.
        let b = Board::from_fen("k7/8/4p3/3n3n/8/4N1N1/8/1K6 w - - 0 1").unwrap();
        let mv = |t: &str| b.parse_uci_move(t, false).unwrap();
        let (nxd5, nxh5) = (mv("e3d5"), mv("g3h5"));
        let mut t = OrderingTables::default();
        let mut tried = super::super::TriedMoves::default();
        tried.push(nxh5);
        // Nxd5 cut off after Nxh5 failed: the bonus goes to the defended table, the malus to
        // the other one.
        t.reward_captures(&b, nxd5, tried.captures(), 8, true);
        let bonus = super::super::History::bonus(8);
        assert_eq!(
            t.captures_defended
                .get(Piece::WhiteKnight, nxd5.to(), PieceType::Knight),
            bonus
        );
        assert_eq!(
            t.captures
                .get(Piece::WhiteKnight, nxh5.to(), PieceType::Knight),
            -bonus
        );
        assert_eq!(t.capture(&b, nxd5, true), bonus);
        assert_eq!(t.capture(&b, nxh5, true), -bonus);
        // Read without the split, the defended table is not seen.
        assert_eq!(t.capture(&b, nxd5, false), 0);
        assert_eq!(t.capture(&b, nxh5, false), -bonus);
        // Without the split both go to the one table.
        let mut one = OrderingTables::default();
        one.reward_captures(&b, nxd5, tried.captures(), 8, false);
        assert_eq!(one.capture(&b, nxd5, false), bonus);
        assert_eq!(one.capture(&b, nxd5, true), 0);
    }

    #[test]
    fn picker_yields_each_legal_move_once() {
        let b =
            Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap();
        let legal = legal_moves(&b);
        let hash = legal[7];
        let killers = [legal[20], Move::from_raw(0x1234)];
        for config in [OrderingConfig::FULL, OrderingConfig::NONE] {
            let got = drain(&b, MovePicker::new(config, hash, killers));
            let mut got: Vec<u16> = got.iter().map(|(m, _)| m.raw()).collect();
            got.sort_unstable();
            let mut want: Vec<u16> = legal.iter().map(|m| m.raw()).collect();
            want.sort_unstable();
            assert_eq!(got, want);
        }
    }
}
