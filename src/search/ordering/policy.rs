//! The learned move order (`OrderPolicy`): a policy head, trained by `cutoff train --policy`
//! on the quiet moves that cut off in Cutoff's own searches, scores each quiet move from the
//! network's hidden layer; the picker adds `POLICY_WEIGHT` times that score to the move's
//! history (with `OrderHistory` off, the policy orders the quiets alone).
//!
//! The head: for each (piece type, destination) and each (piece type, origin) of the side to
//! move, squares from its side (Black's flipped), a row of weights over the activated hidden
//! layer (side to move first) and a bias; a move's score is the sum of its two rows. The
//! trainer (`tools::policy`) and the engine read the rows and features defined here.

use crate::board::{Board, Move};
use crate::eval::nnue::network::{Network, MAX_HIDDEN, QA};
use std::sync::Arc;

/// Rows of the head: piece types times destinations, then piece types times origins.
pub(crate) const CLASSES: usize = 2 * 6 * 64;

/// History points per unit of policy score (a logit) in the mixed order: a move the head
/// prefers by one unit (e to 1 in odds) gains as much as a few good cutoffs would give it.
pub(crate) const POLICY_WEIGHT: f32 = 2048.0;

/// The head file's magic and format version.
const MAGIC: &[u8; 8] = b"CUTOFFPH";
const VERSION: u32 = 1;

/// The destination row of quiet move `m` of `board`: its piece type and destination, from
/// the side to move's view.
#[inline]
pub(crate) fn class(board: &Board, m: Move) -> usize {
    let us = board.side_to_move();
    let piece = board.moved_piece(m).expect("a legal move moves a piece");
    piece.piece_type().index() * 64 + m.to().relative(us).index()
}

/// Both rows of quiet move `m`: its destination's and its origin's.
#[inline]
pub(crate) fn rows(board: &Board, m: Move) -> [usize; 2] {
    let us = board.side_to_move();
    let piece = board.moved_piece(m).expect("a legal move moves a piece");
    let from = 6 * 64 + piece.piece_type().index() * 64 + m.from().relative(us).index();
    [class(board, m), from]
}

/// The activated hidden layer of `board` (side to move, then the other side) into `out`
/// (the first `2 * hidden` entries), as floats in [0, 1]: the network's SCReLU of its
/// quantised accumulators.
pub(crate) fn features_into(net: &Network, board: &Board, out: &mut [f32]) {
    let h = net.hidden();
    let mut acc = [0i16; MAX_HIDDEN];
    let stm = board.side_to_move();
    for (half, side) in [stm, !stm].into_iter().enumerate() {
        net.refresh(board, side, &mut acc);
        for (o, &a) in out[half * h..(half + 1) * h].iter_mut().zip(&acc[..h]) {
            let x = (a as i32).clamp(0, QA) as f32 / QA as f32;
            *o = x * x;
        }
    }
}

/// The score of a move with rows `rows` under head weights `params` (rows of `inputs`
/// weights, then one bias a row): each row's dot product with `features` plus its bias. The
/// trainer and the picker both score with it.
#[inline]
pub(crate) fn rows_score(params: &[f32], inputs: usize, features: &[f32], rows: [usize; 2]) -> f32 {
    rows.iter()
        .map(|&row| {
            let w = &params[row * inputs..(row + 1) * inputs];
            let dot: f32 = w.iter().zip(features).map(|(a, b)| a * b).sum();
            dot + params[CLASSES * inputs + row]
        })
        .sum()
}

/// A trained head with the net whose hidden layer it reads.
pub struct PolicyModel {
    pub(crate) net: Arc<Network>,
    pub(crate) inputs: usize,
    /// Rows of weights (`CLASSES` x `inputs`), then one bias a row.
    pub(crate) params: Vec<f32>,
}

impl std::fmt::Debug for PolicyModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "PolicyModel(net {}, {} inputs)",
            self.net.id(),
            self.inputs
        )
    }
}

impl PolicyModel {
    /// The head file's bytes for `params` on `net` (what `cutoff train --policy` writes).
    pub(crate) fn file_bytes(net: &Network, params: &[f32]) -> Vec<u8> {
        let inputs = 2 * net.hidden();
        let id = net.id();
        let mut out = Vec::with_capacity(24 + id.len() + 4 * params.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(inputs as u32).to_le_bytes());
        out.extend_from_slice(&(id.len() as u32).to_le_bytes());
        out.extend_from_slice(id.as_bytes());
        for p in params {
            out.extend_from_slice(&p.to_le_bytes());
        }
        out
    }

    /// Reads a head file made for `net`; each fault is named.
    pub fn from_bytes(bytes: &[u8], net: Arc<Network>) -> Result<PolicyModel, String> {
        let word = |at: usize| -> Result<u32, String> {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
                .ok_or_else(|| "the file is too short for its header".to_string())
        };
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err("not a policy head (wrong magic)".into());
        }
        let version = word(8)?;
        if version != VERSION {
            return Err(format!(
                "policy head format {version}, this engine reads {VERSION}"
            ));
        }
        let inputs = word(12)? as usize;
        let id_len = word(16)? as usize;
        let id = bytes
            .get(20..20 + id_len)
            .and_then(|b| std::str::from_utf8(b).ok())
            .ok_or("the file is too short for its header")?;
        if id != net.id() || inputs != 2 * net.hidden() {
            return Err(format!(
                "the head was trained on net {id} ({inputs} inputs), not on {} ({} inputs)",
                net.id(),
                2 * net.hidden()
            ));
        }
        let body = &bytes[20 + id_len..];
        let want = 4 * (CLASSES * inputs + CLASSES);
        if body.len() != want {
            return Err(format!("{} bytes of weights, {want} expected", body.len()));
        }
        let params = body
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(PolicyModel {
            net,
            inputs,
            params,
        })
    }

    /// The score of quiet move `m` of `board` whose features are `features`.
    #[inline]
    pub(crate) fn score(&self, features: &[f32], board: &Board, m: Move) -> f32 {
        rows_score(&self.params, self.inputs, features, rows(board, m))
    }

    /// `board`'s features (no allocation: a fixed buffer the size of the largest net).
    #[inline]
    pub(crate) fn features(&self, board: &Board, out: &mut [f32; 2 * MAX_HIDDEN]) {
        features_into(&self.net, board, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{quiet_moves, MoveList};
    use crate::search::ordering::{MovePicker, OrderingConfig, OrderingTables};

    fn net() -> Arc<Network> {
        Arc::new(Network::random(32, 1, 3))
    }

    #[test]
    fn a_head_file_is_read_back_and_bad_ones_are_named() {
        let n = net();
        let params: Vec<f32> = (0..CLASSES * 64 + CLASSES)
            .map(|i| i as f32 * 1e-4)
            .collect();
        let bytes = PolicyModel::file_bytes(&n, &params);
        let m = PolicyModel::from_bytes(&bytes, n.clone()).unwrap();
        assert_eq!(m.params, params);
        let err =
            |b: &[u8], net: &Arc<Network>| PolicyModel::from_bytes(b, net.clone()).unwrap_err();
        assert!(err(b"CUTOFFNN", &n).contains("wrong magic"));
        assert!(err(&bytes[..bytes.len() - 4], &n).contains("bytes of weights"));
        assert!(err(&bytes[..14], &n).contains("too short"));
        let other = Arc::new(Network::random(32, 1, 4));
        assert!(err(&bytes, &other).contains("trained on net"));
    }

    #[test]
    fn the_picker_orders_quiets_by_the_head_when_asked() {
        // A head whose only preference is the knight's destination f3 (White's view): with the
        // histories off and the policy on, Nf3 is the first quiet move.
        let n = net();
        let board = Board::startpos();
        let nf3 = board.parse_uci_move("g1f3", false).unwrap();
        let mut params = vec![0.0; CLASSES * 64 + CLASSES];
        params[CLASSES * 64 + class(&board, nf3)] = 3.0;
        let model =
            Arc::new(PolicyModel::from_bytes(&PolicyModel::file_bytes(&n, &params), n).unwrap());
        let mut list = MoveList::new();
        quiet_moves(&board, &mut list);
        let first = |config: OrderingConfig, tables: &OrderingTables| {
            let mut picker = MovePicker::new(config, Move::NULL, [Move::NULL; 2]);
            picker.next(&board, tables).unwrap().0
        };
        let config = OrderingConfig {
            policy: true,
            history: false,
            cont_history: false,
            ..OrderingConfig::PLAYING
        };
        let mut tables = OrderingTables {
            policy: Some(model),
            ..OrderingTables::default()
        };
        assert_eq!(first(config, &tables), nf3);
        // The switch off, or no head: the generation order stands (a2a3 or whatever comes
        // first), not Nf3.
        let off = OrderingConfig {
            policy: false,
            ..config
        };
        assert_ne!(first(off, &tables), nf3);
        tables.policy = None;
        assert_ne!(first(config, &tables), nf3);
        // The score is what the head says: 3 for Nf3, 0 for the rest.
        let p = PolicyModel::from_bytes(&PolicyModel::file_bytes(&net(), &params), net()).unwrap();
        let mut f = [0.0; 2 * MAX_HIDDEN];
        p.features(&board, &mut f);
        assert_eq!(p.score(&f, &board, nf3), 3.0);
        let other = *list.iter().find(|&&m| m != nf3).unwrap();
        assert_eq!(p.score(&f, &board, other), 0.0);
    }
}
