//! The quantised network and its file.
//!
//! File layout (little-endian), written by `cutoff train` and read by `EvalFile`:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `CUTOFFNN` |
//! | 4 | format version: 1 plain, 2 mirrored, 3 mirrored with king buckets |
//! | 4 | inputs per perspective I (768 x the king buckets K) |
//! | 4 | hidden width H (a multiple of 16, at most `MAX_HIDDEN`) |
//! | 4 | output buckets B (1 to 8, by piece count) |
//! | 4 x 3 | QA, QB, SCALE (255, 64, 400) |
//! | 4 | versions 2 and 3: the inputs' mirroring (1: horizontal, by the king's wing) |
//! | 4 | version 3 only: the king buckets K (4) |
//! | 8 | FNV-1a 64 hash of the words above after SCALE (none in version 1) and of the weights that follow: the net's id |
//! | 2 x I x H | first-layer weights, i16, by input (king bucket, then its 768) then hidden unit |
//! | 2 x H | first-layer biases, i16 |
//! | 2 x B x 2H | output weights, i16, by bucket: the side to move's H, then the other's |
//! | 4 x B | output biases, i32 (scaled by QA x QB) |
//!
//! Each net is written in the oldest version that holds it, so the nets made before mirroring
//! or king buckets keep their bytes and their ids.

use super::features::{
    active_features, output_bucket, view_depends_on_king, KingBuckets, Mirroring, INPUTS,
    MAX_BUCKETS,
};
use crate::board::{Board, Color};
use std::fmt;

/// Quantisation of the first layer (and the clamp of the activation).
pub(crate) const QA: i32 = 255;
/// Quantisation of the output layer.
pub(crate) const QB: i32 = 64;
/// Centipawns per unit of the float network's output.
pub(crate) const SCALE: i32 = 400;
/// The widest hidden layer the engine's accumulators hold.
pub(crate) const MAX_HIDDEN: usize = 1024;
/// Hidden widths come in whole SIMD registers of i16.
pub(crate) const HIDDEN_STEP: usize = 16;
/// The largest output weight in magnitude (about 1.98 as a float): the engine forms
/// `clamp(x, 0, QA) * w` in i16 (`simd.rs`), which this keeps from overflowing.
pub(crate) const MAX_OUTPUT_WEIGHT: i16 = 127;

const MAGIC: &[u8; 8] = b"CUTOFFNN";
/// The format of a plain net.
const VERSION_PLAIN: u32 = 1;
/// The format with the mirroring word.
const VERSION_MIRRORING: u32 = 2;
/// The format with the mirroring word and the king-bucket word.
const VERSION_KING_BUCKETS: u32 = 3;
/// Version 1's header; version 2's has the mirroring word more, version 3's that and the
/// king-bucket word.
const HEADER_BYTES: usize = 8 + 4 * 7 + 8;
/// The mirroring word of a horizontally mirrored net.
const MIRRORING_HORIZONTAL: u32 = 1;

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// Shorter than its header.
    TooShort(usize),
    /// Not a Cutoff net.
    Magic,
    /// A format version this build does not read.
    Version(u32),
    /// A mirroring word this build does not know.
    Mirroring(u32),
    /// A king-bucket word this build does not read in a version 3 net.
    KingBuckets(u32),
    /// King buckets in a net that is not mirrored.
    KingBucketsWithoutMirroring,
    /// Not the inputs of the net's king buckets (768 each).
    Inputs { inputs: u32, king_buckets: usize },
    /// A hidden width that is not a positive multiple of 16 up to `MAX_HIDDEN`.
    Hidden(u32),
    /// No output buckets, or more than 8.
    Buckets(u32),
    /// Other quantisation constants than this build's.
    Quantisation { qa: i32, qb: i32, scale: i32 },
    /// The weights are not as long as the header says.
    Length { expected: usize, found: usize },
    /// The weights do not hash to the header's id: the file is damaged.
    Hash { stored: u64, computed: u64 },
    /// An output weight beyond `MAX_OUTPUT_WEIGHT` in magnitude (the trainer clips them).
    OutputWeight { index: usize, weight: i16 },
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            NetError::TooShort(n) => write!(
                f,
                "file too short for a net header ({n} bytes, a header is {HEADER_BYTES} to {})",
                HEADER_BYTES + 8
            ),
            NetError::Magic => write!(f, "not a Cutoff net (no CUTOFFNN magic)"),
            NetError::Version(v) => write!(
                f,
                "net format version {v}, this build reads {VERSION_PLAIN} to {VERSION_KING_BUCKETS}"
            ),
            NetError::Mirroring(m) => write!(
                f,
                "mirroring {m}, this build knows 0 (none) and {MIRRORING_HORIZONTAL} (horizontal)"
            ),
            NetError::KingBuckets(k) => write!(
                f,
                "{k} king buckets in a version {VERSION_KING_BUCKETS} net, this build reads 4 there \
                 (a net of one king bucket is version {VERSION_PLAIN} or {VERSION_MIRRORING})"
            ),
            NetError::KingBucketsWithoutMirroring => write!(
                f,
                "king buckets in a net that is not mirrored: they are defined on the mirrored board"
            ),
            NetError::Inputs {
                inputs,
                king_buckets,
            } => write!(
                f,
                "net has {inputs} inputs per perspective, one of {king_buckets} king bucket(s) has {}",
                INPUTS * king_buckets
            ),
            NetError::Hidden(h) => write!(
                f,
                "hidden width {h} is not a multiple of {HIDDEN_STEP} from {HIDDEN_STEP} to {MAX_HIDDEN}"
            ),
            NetError::Buckets(b) => {
                write!(f, "{b} output buckets, this build reads 1 to {MAX_BUCKETS}")
            }
            NetError::Quantisation { qa, qb, scale } => write!(
                f,
                "quantisation QA {qa}, QB {qb}, scale {scale}; this build uses {QA}, {QB}, {SCALE}"
            ),
            NetError::Length { expected, found } => write!(
                f,
                "truncated or padded: the header promises {expected} bytes of weights, the file has {found}"
            ),
            NetError::Hash { stored, computed } => write!(
                f,
                "damaged: the weights hash to {computed:016x}, the header says {stored:016x}"
            ),
            NetError::OutputWeight { index, weight } => write!(
                f,
                "output weight {index} is {weight}, beyond the +-{MAX_OUTPUT_WEIGHT} this build evaluates exactly"
            ),
        }
    }
}

impl std::error::Error for NetError {}

/// A quantised network.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    hidden: usize,
    buckets: usize,
    mirroring: Mirroring,
    king_buckets: KingBuckets,
    /// By input, then hidden unit: the column an input adds to the accumulator is contiguous.
    l0_weights: Vec<i16>,
    l0_bias: Vec<i16>,
    /// By bucket, then the side to move's hidden units, then the other side's.
    l1_weights: Vec<i16>,
    l1_bias: Vec<i32>,
    hash: u64,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Network({})", self.describe())
    }
}

/// FNV-1a, 64 bits: the net's id (not a defence against tampering, a check against damage).
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_more(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a of `bytes` after what hashed to `h`.
fn fnv1a_more(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The format version of a net with these inputs and the layout words its header carries
/// after SCALE: the oldest version that holds it, so older nets keep their bytes.
fn format(mirroring: Mirroring, king_buckets: KingBuckets) -> (u32, Vec<u32>) {
    let mirroring_word = match mirroring {
        Mirroring::Off => 0,
        Mirroring::Horizontal => MIRRORING_HORIZONTAL,
    };
    match (mirroring, king_buckets) {
        (Mirroring::Off, KingBuckets::One) => (VERSION_PLAIN, vec![]),
        (Mirroring::Horizontal, KingBuckets::One) => (VERSION_MIRRORING, vec![mirroring_word]),
        (_, k) => (VERSION_KING_BUCKETS, vec![mirroring_word, k.count() as u32]),
    }
}

/// The id of a net with these weights (`payload`): the hash covers the header's layout words
/// first (a mirrored net's mirroring word, a king-bucketed net's that and its king-bucket
/// word), so they cannot be damaged unseen; a plain net's is the weights' alone.
fn net_hash(mirroring: Mirroring, king_buckets: KingBuckets, payload: &[u8]) -> u64 {
    let (_, words) = format(mirroring, king_buckets);
    let layout: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    fnv1a_more(fnv1a(&layout), payload)
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("four bytes"))
}

/// SCReLU of a quantised pre-activation: `clamp(x, 0, QA)^2`.
#[inline(always)]
pub(crate) fn screlu(x: i16) -> i32 {
    let v = (x as i32).clamp(0, QA);
    v * v
}

impl Network {
    /// A net from its weights (the trainer's quantised output); the sizes must agree with
    /// `hidden`, `buckets` and `king_buckets`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        hidden: usize,
        buckets: usize,
        mirroring: Mirroring,
        king_buckets: KingBuckets,
        l0_weights: Vec<i16>,
        l0_bias: Vec<i16>,
        l1_weights: Vec<i16>,
        l1_bias: Vec<i32>,
    ) -> Result<Network, NetError> {
        check_shape(hidden as u32, buckets as u32)?;
        check_king_buckets(mirroring, king_buckets)?;
        let inputs = king_buckets.inputs();
        let expected = payload_bytes(inputs, hidden, buckets);
        let found = 2 * (l0_weights.len() + l0_bias.len() + l1_weights.len()) + 4 * l1_bias.len();
        if l0_weights.len() != inputs * hidden
            || l0_bias.len() != hidden
            || l1_weights.len() != buckets * 2 * hidden
            || l1_bias.len() != buckets
        {
            return Err(NetError::Length { expected, found });
        }
        check_output_weights(&l1_weights)?;
        let mut net = Network {
            hidden,
            buckets,
            mirroring,
            king_buckets,
            l0_weights,
            l0_bias,
            l1_weights,
            l1_bias,
            hash: 0,
        };
        net.hash = net_hash(mirroring, king_buckets, &net.payload());
        Ok(net)
    }

    /// Reads a net file's bytes, or says what is wrong with them.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER_BYTES {
            return Err(NetError::TooShort(bytes.len()));
        }
        if &bytes[..8] != MAGIC {
            return Err(NetError::Magic);
        }
        let version = read_u32(bytes, 8);
        let header = match version {
            VERSION_PLAIN => HEADER_BYTES,
            VERSION_MIRRORING => HEADER_BYTES + 4,
            VERSION_KING_BUCKETS => HEADER_BYTES + 8,
            _ => return Err(NetError::Version(version)),
        };
        if bytes.len() < header {
            return Err(NetError::TooShort(bytes.len()));
        }
        // The layout words after SCALE: the mirroring word (versions 2 and 3), the king-bucket
        // word (version 3, which holds king-bucketed nets only).
        let mirroring = match version {
            VERSION_PLAIN => Mirroring::Off,
            _ => match read_u32(bytes, 36) {
                0 => Mirroring::Off,
                MIRRORING_HORIZONTAL => Mirroring::Horizontal,
                m => return Err(NetError::Mirroring(m)),
            },
        };
        let king_buckets = match version {
            VERSION_KING_BUCKETS => match read_u32(bytes, 40) {
                4 => KingBuckets::Four,
                k => return Err(NetError::KingBuckets(k)),
            },
            _ => KingBuckets::One,
        };
        check_king_buckets(mirroring, king_buckets)?;
        let inputs = read_u32(bytes, 12);
        if inputs as usize != king_buckets.inputs() {
            return Err(NetError::Inputs {
                inputs,
                king_buckets: king_buckets.count(),
            });
        }
        let (hidden, buckets) = (read_u32(bytes, 16), read_u32(bytes, 20));
        check_shape(hidden, buckets)?;
        let (qa, qb, scale) = (
            read_u32(bytes, 24) as i32,
            read_u32(bytes, 28) as i32,
            read_u32(bytes, 32) as i32,
        );
        if (qa, qb, scale) != (QA, QB, SCALE) {
            return Err(NetError::Quantisation { qa, qb, scale });
        }
        let stored = u64::from_le_bytes(bytes[header - 8..header].try_into().expect("eight bytes"));
        let (hidden, buckets) = (hidden as usize, buckets as usize);
        let payload = &bytes[header..];
        let inputs = inputs as usize;
        let expected = payload_bytes(inputs, hidden, buckets);
        if payload.len() != expected {
            return Err(NetError::Length {
                expected,
                found: payload.len(),
            });
        }
        let computed = net_hash(mirroring, king_buckets, payload);
        if computed != stored {
            return Err(NetError::Hash { stored, computed });
        }
        let mut at = 0;
        let mut i16s = |n: usize| -> Vec<i16> {
            let v = payload[at..at + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect();
            at += 2 * n;
            v
        };
        let l0_weights = i16s(inputs * hidden);
        let l0_bias = i16s(hidden);
        let l1_weights = i16s(buckets * 2 * hidden);
        let l1_bias = payload[payload.len() - 4 * buckets..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        check_output_weights(&l1_weights)?;
        Ok(Network {
            hidden,
            buckets,
            mirroring,
            king_buckets,
            l0_weights,
            l0_bias,
            l1_weights,
            l1_bias,
            hash: computed,
        })
    }

    /// The weights as they follow the header.
    fn payload(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.payload_len());
        for w in self
            .l0_weights
            .iter()
            .chain(&self.l0_bias)
            .chain(&self.l1_weights)
        {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.l1_bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// The length of the weights that follow the header.
    fn payload_len(&self) -> usize {
        payload_bytes(self.king_buckets.inputs(), self.hidden, self.buckets)
    }

    /// The net file's bytes: version 1 for a plain net, 2 for a mirrored one, 3 for one with
    /// king buckets.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_BYTES + 8 + self.payload_len());
        out.extend_from_slice(MAGIC);
        let (version, layout_words) = format(self.mirroring, self.king_buckets);
        for v in [
            version,
            self.king_buckets.inputs() as u32,
            self.hidden as u32,
            self.buckets as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for w in layout_words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.hash.to_le_bytes());
        out.extend_from_slice(&self.payload());
        out
    }

    /// The hash of the net's weights, which its id spells.
    #[inline]
    pub(crate) fn id_hash(&self) -> u64 {
        self.hash
    }

    /// The net's id: the hash of its weights, as 16 hex digits.
    pub fn id(&self) -> String {
        format!("{:016x}", self.hash)
    }

    /// `(768 -> H) x 2 -> 1`, with its buckets, its mirroring, its king buckets and its id.
    pub fn describe(&self) -> String {
        let shape = describe_shape(self.hidden, self.buckets, self.mirroring, self.king_buckets);
        format!("{shape}, id {}", self.id())
    }

    pub(crate) fn hidden(&self) -> usize {
        self.hidden
    }

    pub(crate) fn buckets(&self) -> usize {
        self.buckets
    }

    /// How the inputs see the board.
    #[inline(always)]
    pub(crate) fn mirroring(&self) -> Mirroring {
        self.mirroring
    }

    /// Which set of inputs a perspective uses, by where its king stands.
    #[inline(always)]
    pub fn king_buckets(&self) -> KingBuckets {
        self.king_buckets
    }

    /// Whether a perspective's inputs change with where its king stands (mirroring or king
    /// buckets).
    #[inline(always)]
    pub(crate) fn view_depends_on_king(&self) -> bool {
        view_depends_on_king(self.mirroring, self.king_buckets)
    }

    /// The first-layer column of input `feature`: what it adds to an accumulator.
    #[inline(always)]
    pub(crate) fn column(&self, feature: usize) -> &[i16] {
        &self.l0_weights[feature * self.hidden..(feature + 1) * self.hidden]
    }

    pub(crate) fn l0_bias(&self) -> &[i16] {
        &self.l0_bias
    }

    /// The output weights of `bucket`: the side to move's half, then the other's.
    #[inline(always)]
    pub(crate) fn output_weights(&self, bucket: usize) -> (&[i16], &[i16]) {
        let w = &self.l1_weights[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        w.split_at(self.hidden)
    }

    pub(crate) fn output_bias(&self, bucket: usize) -> i32 {
        self.l1_bias[bucket]
    }

    /// The bucket of `board` in this net.
    #[inline(always)]
    pub(crate) fn bucket_of(&self, board: &Board) -> usize {
        output_bucket(board.occupied().count(), self.buckets)
    }

    /// Fills `acc` (the first `hidden` entries) with `perspective`'s accumulator of `board`,
    /// counted from scratch.
    pub(crate) fn refresh(&self, board: &Board, perspective: Color, acc: &mut [i16]) {
        let acc = &mut acc[..self.hidden];
        acc.copy_from_slice(self.l0_bias());
        for f in active_features(board, perspective, self.mirroring, self.king_buckets) {
            for (a, &w) in acc.iter_mut().zip(self.column(f)) {
                *a = a.wrapping_add(w);
            }
        }
    }

    /// The output from the two accumulators, scalar: the reference every SIMD path equals.
    /// The products are summed in wrapping i32, as the SIMD paths do.
    pub(crate) fn output_scalar(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let (w_us, w_them) = self.output_weights(bucket);
        let mut sum: i32 = 0;
        for (acc, w) in [(us, w_us), (them, w_them)] {
            for (&a, &w) in acc[..self.hidden].iter().zip(w) {
                sum = sum.wrapping_add(screlu(a).wrapping_mul(w as i32));
            }
        }
        self.finish(sum, bucket)
    }

    /// Centipawns from the summed products of a bucket.
    #[inline(always)]
    pub(crate) fn finish(&self, sum: i32, bucket: usize) -> i32 {
        (sum / QA + self.output_bias(bucket)) * SCALE / (QA * QB)
    }

    /// The evaluation of `board` from the side to move's point of view, counted from scratch.
    pub fn evaluate(&self, board: &Board) -> i32 {
        let mut us = [0i16; MAX_HIDDEN];
        let mut them = [0i16; MAX_HIDDEN];
        let stm = board.side_to_move();
        self.refresh(board, stm, &mut us);
        self.refresh(board, !stm, &mut them);
        self.output_scalar(&us, &them, self.bucket_of(board))
    }

    /// A net of small random weights, for tests (the integration tests write it to a file):
    /// deterministic in `seed`.
    #[doc(hidden)]
    pub fn random(hidden: usize, buckets: usize, seed: u64) -> Network {
        Network::random_with(hidden, buckets, Mirroring::Off, KingBuckets::One, seed)
    }

    /// `random`, with the inputs' mirroring and king buckets given (king buckets need
    /// mirroring).
    #[doc(hidden)]
    pub fn random_with(
        hidden: usize,
        buckets: usize,
        mirroring: Mirroring,
        king_buckets: KingBuckets,
        seed: u64,
    ) -> Network {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut small = |range: i32| -> i16 {
            ((rng.next_u64() % (2 * range as u64 + 1)) as i32 - range) as i16
        };
        let l0_weights = (0..king_buckets.inputs() * hidden)
            .map(|_| small(120))
            .collect();
        let l0_bias = (0..hidden).map(|_| small(60)).collect();
        let l1_weights = (0..buckets * 2 * hidden).map(|_| small(64)).collect();
        let l1_bias = (0..buckets).map(|_| small(2000) as i32).collect();
        Network::from_parts(
            hidden,
            buckets,
            mirroring,
            king_buckets,
            l0_weights,
            l0_bias,
            l1_weights,
            l1_bias,
        )
        .expect("a valid shape")
    }
}

/// A net's shape as `describe` and the trainer's log spell it: `(768 -> H) x 2 -> 1 SCReLU`,
/// then its output buckets, its mirroring and its king buckets where it has them.
pub(crate) fn describe_shape(
    hidden: usize,
    buckets: usize,
    mirroring: Mirroring,
    king_buckets: KingBuckets,
) -> String {
    let mut out = format!("(768 -> {hidden}) x 2 -> 1 SCReLU");
    if buckets > 1 {
        out += &format!(", {buckets} output buckets");
    }
    if mirroring == Mirroring::Horizontal {
        out += ", mirrored";
    }
    if king_buckets != KingBuckets::One {
        out += &format!(", {} king buckets", king_buckets.count());
    }
    out
}

fn check_shape(hidden: u32, buckets: u32) -> Result<(), NetError> {
    if hidden == 0 || hidden as usize > MAX_HIDDEN || !(hidden as usize).is_multiple_of(HIDDEN_STEP)
    {
        return Err(NetError::Hidden(hidden));
    }
    if buckets == 0 || buckets as usize > MAX_BUCKETS {
        return Err(NetError::Buckets(buckets));
    }
    Ok(())
}

/// King buckets are defined on the king's square as a mirrored view sees it (files e-h).
fn check_king_buckets(mirroring: Mirroring, king_buckets: KingBuckets) -> Result<(), NetError> {
    if king_buckets != KingBuckets::One && mirroring != Mirroring::Horizontal {
        return Err(NetError::KingBucketsWithoutMirroring);
    }
    Ok(())
}

fn check_output_weights(weights: &[i16]) -> Result<(), NetError> {
    match weights
        .iter()
        .position(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
    {
        Some(index) => Err(NetError::OutputWeight {
            index,
            weight: weights[index],
        }),
        None => Ok(()),
    }
}

/// The weights' bytes of a net with `inputs` per perspective.
fn payload_bytes(inputs: usize, hidden: usize, buckets: usize) -> usize {
    2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_net_survives_its_file() {
        let net = Network::random(32, 8, 7);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).expect("its own file");
        assert_eq!(back, net);
        assert_eq!(back.id(), net.id());
        assert_eq!(bytes.len(), HEADER_BYTES + payload_bytes(INPUTS, 32, 8));
        assert_eq!(read_u32(&bytes, 8), VERSION_PLAIN);
        // A mirrored net: version 2, its mirroring word, an id that covers it.
        let mirrored = Network::random_with(32, 8, Mirroring::Horizontal, KingBuckets::One, 7);
        let bytes = mirrored.to_bytes();
        assert_eq!(read_u32(&bytes, 8), VERSION_MIRRORING);
        assert_eq!(bytes.len(), HEADER_BYTES + 4 + payload_bytes(INPUTS, 32, 8));
        let back = Network::from_bytes(&bytes).expect("its own file");
        assert_eq!(back, mirrored);
        assert_eq!(back.mirroring(), Mirroring::Horizontal);
        assert_ne!(mirrored.id(), net.id(), "the same weights, another net");
        assert!(back.describe().contains("mirrored"));
        assert!(!net.describe().contains("mirrored"));
        assert!(!back.describe().contains("king buckets"));
        // With king buckets: version 3, 768 x 4 inputs, the mirroring and king-bucket words,
        // an id that covers both.
        let bucketed = Network::random_with(32, 8, Mirroring::Horizontal, KingBuckets::Four, 7);
        let bytes = bucketed.to_bytes();
        assert_eq!(read_u32(&bytes, 8), VERSION_KING_BUCKETS);
        assert_eq!(read_u32(&bytes, 12), 4 * 768);
        assert_eq!(read_u32(&bytes, 36), MIRRORING_HORIZONTAL);
        assert_eq!(read_u32(&bytes, 40), 4);
        assert_eq!(
            bytes.len(),
            HEADER_BYTES + 8 + payload_bytes(4 * INPUTS, 32, 8)
        );
        let back = Network::from_bytes(&bytes).expect("its own file");
        assert_eq!(back, bucketed);
        assert_eq!(back.id(), bucketed.id());
        assert_eq!(back.king_buckets(), KingBuckets::Four);
        assert_eq!(back.to_bytes(), bytes);
        assert!(back.view_depends_on_king());
        assert!(!net.view_depends_on_king());
        assert!(
            back.describe().contains("mirrored, 4 king buckets"),
            "{}",
            back.describe()
        );
        // The same weights hash to another id under other layout words.
        assert_ne!(
            net_hash(
                Mirroring::Horizontal,
                KingBuckets::Four,
                &bucketed.payload()
            ),
            net_hash(Mirroring::Horizontal, KingBuckets::One, &bucketed.payload())
        );
    }

    #[test]
    fn a_damaged_king_bucket_word_is_refused() {
        let good = Network::random_with(16, 2, Mirroring::Horizontal, KingBuckets::Four, 5);
        let good = good.to_bytes();
        for (word, want) in [
            (1, NetError::KingBuckets(1)),
            (2, NetError::KingBuckets(2)),
            (0, NetError::KingBuckets(0)),
            (8, NetError::KingBuckets(8)),
        ] {
            let mut bad = good.clone();
            bad[40..44].copy_from_slice(&(word as u32).to_le_bytes());
            assert_eq!(Network::from_bytes(&bad), Err(want), "word {word}");
        }
        // King buckets without mirroring, and a mirroring word this build does not know.
        let mut bad = good.clone();
        bad[36] = 0;
        assert_eq!(
            Network::from_bytes(&bad),
            Err(NetError::KingBucketsWithoutMirroring)
        );
        bad[36] = 2;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Mirroring(2)));
        // Inputs that are not 768 x 4.
        let mut bad = good.clone();
        bad[12..16].copy_from_slice(&768u32.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&bad),
            Err(NetError::Inputs {
                inputs: 768,
                king_buckets: 4
            })
        );
        // A version 2 net relabelled 3 (its hash is read as the king-bucket word), a version
        // 3 net relabelled 2 (its inputs are too many for one king bucket).
        let mirrored = Network::random_with(16, 2, Mirroring::Horizontal, KingBuckets::One, 5);
        let mut bad = mirrored.to_bytes();
        bad[8] = 3;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::KingBuckets(_))
        ));
        let mut bad = good.clone();
        bad[8] = 2;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Inputs { .. })
        ));
        // Cut in the header, or in the weights.
        assert_eq!(
            Network::from_bytes(&good[..HEADER_BYTES + 6]),
            Err(NetError::TooShort(HEADER_BYTES + 6))
        );
        assert!(matches!(
            Network::from_bytes(&good[..good.len() - 4]),
            Err(NetError::Length { .. })
        ));
        // Weights damaged: the id says so.
        let mut bad = good.clone();
        bad[HEADER_BYTES + 8 + 100] ^= 4;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Hash { .. })
        ));
        // The trainer cannot make what the reader refuses.
        let plain = Network::random(16, 2, 5);
        assert_eq!(
            Network::from_parts(
                16,
                2,
                Mirroring::Off,
                KingBuckets::Four,
                vec![0; 4 * INPUTS * 16],
                plain.l0_bias.clone(),
                plain.l1_weights.clone(),
                plain.l1_bias.clone(),
            ),
            Err(NetError::KingBucketsWithoutMirroring)
        );
        assert!(matches!(
            Network::from_parts(
                16,
                2,
                Mirroring::Horizontal,
                KingBuckets::Four,
                plain.l0_weights.clone(),
                plain.l0_bias.clone(),
                plain.l1_weights.clone(),
                plain.l1_bias.clone(),
            ),
            Err(NetError::Length { .. })
        ));
        // Every message names its problem.
        assert!(NetError::KingBuckets(2)
            .to_string()
            .contains("2 king buckets"));
        assert!(NetError::KingBucketsWithoutMirroring
            .to_string()
            .contains("not mirrored"));
        assert!(NetError::Inputs {
            inputs: 768,
            king_buckets: 4
        }
        .to_string()
        .contains("768 inputs per perspective, one of 4 king bucket(s) has 3072"));
    }

    #[test]
    fn a_damaged_mirroring_word_is_refused() {
        let good =
            Network::random_with(16, 1, Mirroring::Horizontal, KingBuckets::One, 5).to_bytes();
        let mut bad = good.clone();
        bad[36] = 0; // says plain: the id no longer matches
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Hash { .. })
        ));
        let mut bad = good.clone();
        bad[36] = 3;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Mirroring(3)));
        assert_eq!(
            Network::from_bytes(&good[..HEADER_BYTES + 2]),
            Err(NetError::TooShort(HEADER_BYTES + 2))
        );
        assert!(NetError::Mirroring(3).to_string().contains("mirroring 3"));
    }

    #[test]
    fn every_damaged_file_is_refused_with_its_reason() {
        let net = Network::random(16, 1, 3);
        let good = net.to_bytes();
        assert_eq!(
            Network::from_bytes(&good[..10]),
            Err(NetError::TooShort(10))
        );
        let mut bad = good.clone();
        bad[0] = b'X';
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Magic));
        let mut bad = good.clone();
        bad[8] = 9;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Version(9)));
        let mut bad = good.clone();
        bad[13] = 0;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Inputs { .. })
        ));
        let mut bad = good.clone();
        bad[16] = 17;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Hidden(17)));
        let mut bad = good.clone();
        bad[20] = 9;
        assert_eq!(Network::from_bytes(&bad), Err(NetError::Buckets(9)));
        let mut bad = good.clone();
        bad[24] = 0;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Quantisation { .. })
        ));
        let truncated = &good[..good.len() - 1];
        assert!(matches!(
            Network::from_bytes(truncated),
            Err(NetError::Length { .. })
        ));
        // An output weight out of range, with a hash that agrees: refused for the range.
        let mut wide = net.clone();
        wide.l1_weights[5] = -128;
        wide.hash = net_hash(Mirroring::Off, KingBuckets::One, &wide.payload());
        assert_eq!(
            Network::from_bytes(&wide.to_bytes()),
            Err(NetError::OutputWeight {
                index: 5,
                weight: -128
            })
        );
        let mut bad = good.clone();
        let last = bad.len() - 7;
        bad[last] ^= 1;
        assert!(matches!(
            Network::from_bytes(&bad),
            Err(NetError::Hash { .. })
        ));
        // Every message names its problem.
        assert!(NetError::Magic.to_string().contains("not a Cutoff net"));
    }

    /// `fen` (without en passant) with the colours swapped and the ranks mirrored.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let placement: Vec<String> = f[0].split('/').rev().map(swap).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        format!("{} {side} {} - 0 1", placement.join("/"), swap(f[2]))
    }

    /// `fen` (without castling rights or en passant) with the files mirrored.
    fn flip_files(fen: &str) -> String {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let placement: Vec<String> = f[0]
            .split('/')
            .map(|rank| rank.chars().rev().collect())
            .collect();
        format!("{} {} - - 0 1", placement.join("/"), f[1])
    }

    #[test]
    fn a_position_and_its_colour_flip_evaluate_the_same() {
        for net in [
            Network::random(64, 8, 11),
            Network::random_with(64, 8, Mirroring::Horizontal, KingBuckets::One, 11),
            Network::random_with(64, 8, Mirroring::Horizontal, KingBuckets::Four, 11),
        ] {
            for fen in [
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 b - - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "2kr3r/ppp2ppp/8/8/8/8/PPP2PPP/2KR3R w - - 0 1",
            ] {
                let board = Board::from_fen(fen).unwrap();
                let flipped = Board::from_fen(&mirror(fen)).unwrap();
                assert_eq!(net.evaluate(&board), net.evaluate(&flipped), "{fen}");
            }
        }
    }

    #[test]
    fn a_mirrored_net_sees_a_position_and_its_file_flip_alike() {
        let plain = Network::random(64, 4, 12);
        let mut plain_differs = false;
        for king_buckets in [KingBuckets::One, KingBuckets::Four] {
            let mirrored = Network::random_with(64, 4, Mirroring::Horizontal, king_buckets, 12);
            for fen in [
                "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 6 6",
                "2kr3r/ppp2ppp/2n5/8/3P4/8/PPP2PPP/2KR3R b - - 0 1",
                "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 b - - 0 1",
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
                // Kings in each of the four king buckets, on both wings.
                "6k1/5ppp/8/8/8/8/1PP5/1K1R4 b - - 0 1",
                "8/3k4/8/2p5/5P2/8/6K1/8 w - - 0 1",
                "8/8/2k5/8/8/5K2/8/8 w - - 0 1",
            ] {
                let board = Board::from_fen(fen).unwrap();
                let flipped = Board::from_fen(&flip_files(fen)).unwrap();
                assert_eq!(
                    mirrored.evaluate(&board),
                    mirrored.evaluate(&flipped),
                    "{fen} {king_buckets:?}"
                );
                plain_differs |= plain.evaluate(&board) != plain.evaluate(&flipped);
            }
        }
        assert!(plain_differs, "a plain net tells the wings apart");
    }
}
