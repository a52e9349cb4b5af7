//! The transposition table: buckets of four 16-byte entries (one cache line), shared by all
//! search threads without locks. Each entry stores `key ^ data` beside `data`, so a torn write
//! from two threads fails the key check on read instead of returning another position's data.

use super::tablebase::TB_BOUND;
use crate::board::Move;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true score is at most this (the search failed low).
    Upper = 1,
    /// The true score is at least this (the search failed high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// What a node's best score bounds, given the window it was searched with: at or above
    /// beta it failed high, above the starting alpha it is exact, otherwise it failed low.
    #[inline(always)]
    pub(crate) fn of(best: i32, alpha0: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a score with this bound settles a node searched with `(alpha, beta)`: an
    /// exact score always, a lower bound at or above beta, an upper bound at or below alpha.
    #[inline(always)]
    pub(crate) fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// Mate and tablebase scores are stored relative to the node, not the root, so they stay
/// true when the same position is reached at another ply.
#[inline(always)]
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of `score_to_tt`: a stored score as seen from the root at `ply`.
#[inline(always)]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtEntry {
    pub(crate) mv: Move,
    pub(crate) score: i32,
    /// The static evaluation of the position, or `NO_EVAL` (in check, or not known).
    pub(crate) eval: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

const BUCKET_SLOTS: usize = 4;

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; BUCKET_SLOTS],
}

/// The static evaluation of an entry that has none.
pub(crate) const NO_EVAL: i32 = i16::MIN as i32;

/// Data layout: move (16 bits) | score (16) | depth (8) | bound (2) | age (6) | eval (16).
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    mv.raw() as u64
        | ((score as i16 as u16) as u64) << 16
        | ((depth.clamp(0, 255) as u8) as u64) << 32
        | (bound as u64) << 40
        | ((age & 63) as u64) << 42
        | ((eval.clamp(NO_EVAL, i16::MAX as i32) as i16 as u16) as u64) << 48
}

fn unpack(data: u64) -> Option<(TtEntry, u8)> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some((
        TtEntry {
            mv: Move::from_raw(data as u16),
            score: (data >> 16) as u16 as i16 as i32,
            eval: (data >> 48) as u16 as i16 as i32,
            depth: ((data >> 32) & 0xFF) as i32,
            bound,
        },
        ((data >> 42) & 63) as u8,
    ))
}

/// The buckets of a table, in zeroed memory straight from the operating system, which supplies
/// each page when it is first touched: making even a large table takes no time.
///
/// On Linux the memory is an anonymous `mmap` whose start is rounded up to 2 MB and advised
/// for transparent huge pages (`MADV_HUGEPAGE`): a probe lands on a random bucket, and with
/// 4 KB pages nearly every probe of a large table also misses the TLB (docs/datagen.md
/// measures what huge pages gave datagen). Elsewhere the memory comes from `calloc`: `alloc_zeroed`
/// with the buckets' own 64-byte alignment would not do, since the system allocator serves
/// alignments above 16 bytes with `posix_memalign` and then writes every byte (about 10 s for
/// 4 GB); the table is aligned by hand inside it.
struct Buckets {
    /// What was allocated: its start and length in bytes.
    base: NonNull<u8>,
    bytes: usize,
    /// The first bucket: `base` rounded up to the table's alignment.
    first: NonNull<Bucket>,
    len: usize,
}

// SAFETY: `Buckets` owns its memory alone (like a `Vec<Bucket>`), and `Bucket` is made of
// atomics, which any thread may read and write through a shared reference.
unsafe impl Send for Buckets {}
// SAFETY: as above.
unsafe impl Sync for Buckets {}

/// The size of a transparent huge page on x86-64 and most aarch64 Linux kernels.
#[cfg(target_os = "linux")]
const HUGE_PAGE: usize = 2 * 1024 * 1024;

impl Buckets {
    /// `len` (at least one) zeroed buckets, or None when the memory cannot be had.
    fn zeroed(len: usize) -> Option<Buckets> {
        let size = len.checked_mul(std::mem::size_of::<Bucket>())?;
        let (base, bytes, align) = Self::allocate(size)?;
        let offset = base.as_ptr().align_offset(align);
        // SAFETY: `allocate` made room for `offset < align` spare bytes, so the `size` bytes
        // from `base + offset` lie inside the allocation; they are zero, and all-zero bytes
        // are a valid `Bucket` (atomics).
        let first = unsafe { NonNull::new_unchecked(base.as_ptr().add(offset) as *mut Bucket) };
        Some(Buckets {
            base,
            bytes,
            first,
            len,
        })
    }

    /// Zeroed memory for `size` bytes plus room to align them: its start, its length and the
    /// alignment the buckets get in it.
    #[cfg(target_os = "linux")]
    fn allocate(size: usize) -> Option<(NonNull<u8>, usize, usize)> {
        let bytes = size.checked_add(HUGE_PAGE)?;
        // SAFETY: an anonymous private mapping with no address hint; the result is checked.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                bytes,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return None;
        }
        let start = (p as usize).next_multiple_of(HUGE_PAGE);
        // SAFETY: `[start, start + size)` lies inside the mapping. The advice is only a hint:
        // where the kernel has no huge pages to give, the table works on normal pages.
        unsafe { libc::madvise(start as *mut libc::c_void, size, libc::MADV_HUGEPAGE) };
        Some((NonNull::new(p as *mut u8)?, bytes, HUGE_PAGE))
    }

    #[cfg(not(target_os = "linux"))]
    fn allocate(size: usize) -> Option<(NonNull<u8>, usize, usize)> {
        let align = std::mem::align_of::<Bucket>();
        let bytes = size.checked_add(align)?;
        // An alignment of 8 keeps `alloc_zeroed` on the `calloc` path; the spare bytes make
        // room to round the start up to a bucket boundary.
        let layout = std::alloc::Layout::from_size_align(bytes, 8).ok()?;
        // SAFETY: the layout has a non-zero size.
        let base = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        Some((base, bytes, align))
    }
}

impl std::ops::Deref for Buckets {
    type Target = [Bucket];

    fn deref(&self) -> &[Bucket] {
        // SAFETY: `first` points at `len` initialised, aligned buckets that live as long as
        // `self` (see `zeroed`).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl Drop for Buckets {
    #[cfg(target_os = "linux")]
    fn drop(&mut self) {
        // SAFETY: `base` and `bytes` are the mapping `allocate` made, unmapped once.
        unsafe { libc::munmap(self.base.as_ptr() as *mut libc::c_void, self.bytes) };
    }

    #[cfg(not(target_os = "linux"))]
    fn drop(&mut self) {
        let layout = std::alloc::Layout::from_size_align(self.bytes, 8).expect("the layout made");
        // SAFETY: `base` was allocated by the global allocator with this layout, once.
        unsafe { std::alloc::dealloc(self.base.as_ptr(), layout) };
    }
}

/// Tables up to this size are cleared by the calling thread alone: starting threads would
/// cost more than it saves.
const SERIAL_CLEAR_BYTES: usize = 32 * 1024 * 1024;

pub(crate) struct TranspositionTable {
    buckets: Buckets,
    age: AtomicU64,
    /// False until something is stored after the table was made or cleared: clearing a table
    /// nothing has written to is skipped (a GUI's `ucinewgame` right after `setoption Hash`).
    written: AtomicBool,
}

impl TranspositionTable {
    pub(crate) const DEFAULT_MB: usize = 16;
    pub(crate) const MAX_MB: usize = 65536;

    /// A table of `mb` megabytes (clamped to 1..=MAX_MB). When that much memory cannot be had,
    /// the size halved until it can.
    pub(crate) fn new(mb: usize) -> TranspositionTable {
        let mut mb = mb.clamp(1, Self::MAX_MB);
        loop {
            match Self::try_new(mb) {
                Ok(tt) => return tt,
                Err(_) if mb > 1 => mb /= 2,
                // Not even one megabyte: the process is out of memory anyway.
                Err(e) => panic!("{e}"),
            }
        }
    }

    /// A table of `mb` megabytes, or an error that says why it cannot be made: the size is out
    /// of range, more than the memory the system has available, or the allocation failed.
    /// The memory comes zeroed from the operating system, which supplies each page when it is
    /// first touched: making even a large table takes no time (see `Buckets`).
    pub(crate) fn try_new(mb: usize) -> Result<TranspositionTable, String> {
        if !(1..=Self::MAX_MB).contains(&mb) {
            return Err(format!(
                "Hash {mb} MB is out of range 1 to {}",
                Self::MAX_MB
            ));
        }
        if let Some(available) = available_memory_mb() {
            if mb > available {
                return Err(format!(
                    "Hash {mb} MB is more than the {available} MB of memory available"
                ));
            }
        }
        let count = (mb * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let buckets =
            Buckets::zeroed(count).ok_or_else(|| format!("Hash {mb} MB: the allocation failed"))?;
        Ok(TranspositionTable {
            buckets,
            age: AtomicU64::new(0),
            written: AtomicBool::new(false),
        })
    }

    pub(crate) fn size_mb(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Empties the table, on up to `threads` threads (each zeroes its own run of buckets);
    /// a table nothing was stored in since it was made or cleared is left as it is.
    pub(crate) fn clear(&self, threads: usize) {
        if self.written.swap(false, Ordering::Relaxed) {
            let bytes = self.buckets.len() * std::mem::size_of::<Bucket>();
            let threads = if bytes <= SERIAL_CLEAR_BYTES {
                1
            } else {
                threads.max(1)
            };
            let chunk = self.buckets.len().div_ceil(threads);
            std::thread::scope(|scope| {
                let mut chunks = self.buckets.chunks(chunk);
                // The calling thread takes the first run itself.
                let own = chunks.next();
                for c in chunks {
                    // A thread that cannot be started leaves its run to the caller.
                    let spawned = std::thread::Builder::new()
                        .name("tt-clear".into())
                        .spawn_scoped(scope, move || clear_buckets(c));
                    if spawned.is_err() {
                        clear_buckets(c);
                    }
                }
                if let Some(c) = own {
                    clear_buckets(c);
                }
            });
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Called at the start of each search so older entries are replaced first.
    pub(crate) fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) & 63) as u8
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Hints the CPU to fetch the bucket for `key` before it is probed.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: prefetch is only a hint; the pointer is a valid reference.
            unsafe { core::arch::x86_64::_mm_prefetch(p, core::arch::x86_64::_MM_HINT_T0) };
        }
    }

    pub(crate) fn probe(&self, key: u64) -> Option<TtEntry> {
        for s in &self.bucket(key).slots {
            let data = s.data.load(Ordering::Relaxed);
            if s.key.load(Ordering::Relaxed) ^ data == key {
                if let Some((e, _)) = unpack(data) {
                    return Some(e);
                }
            }
        }
        None
    }

    /// Stores a search result: `score` (relative to the node, see `score_to_tt`), the node's
    /// static evaluation (`NO_EVAL` if none), its depth and bound.
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Move,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        // Read before written: the flag's cache line stays shared between search threads.
        if !self.written.load(Ordering::Relaxed) {
            self.written.store(true, Ordering::Relaxed);
        }
        let age = self.age();
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for s in &bucket.slots {
            let data = s.data.load(Ordering::Relaxed);
            let stored_key = s.key.load(Ordering::Relaxed) ^ data;
            let old = unpack(data);
            if stored_key == key || old.is_none() {
                // Same position (or an empty slot): keep an older move rather than none, and
                // keep a deeper entry of this search unless the new one is exact.
                let mv = match (mv.is_null(), old) {
                    (true, Some((o, _))) if stored_key == key => o.mv,
                    _ => mv,
                };
                if let Some((o, oage)) = old {
                    if stored_key == key
                        && oage == age
                        && bound != Bound::Exact
                        && o.depth > depth + 3
                    {
                        return;
                    }
                }
                write(s, key, pack(mv, score, eval, depth, bound, age));
                return;
            }
            let (o, oage) = old.unwrap_or((
                TtEntry {
                    mv: Move::NULL,
                    score: 0,
                    eval: NO_EVAL,
                    depth: 0,
                    bound: Bound::Upper,
                },
                age,
            ));
            let staleness = (age.wrapping_sub(oage) & 63) as i32;
            let worth = o.depth - 8 * staleness;
            if worth < victim_worth {
                victim_worth = worth;
                victim = s;
            }
        }
        write(victim, key, pack(mv, score, eval, depth, bound, age));
    }

    /// Permille of sampled entries written during the current search, as UCI `hashfull`.
    pub(crate) fn hashfull(&self) -> usize {
        let age = self.age();
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for s in &b.slots {
                if let Some((_, a)) = unpack(s.data.load(Ordering::Relaxed)) {
                    if a == age {
                        used += 1;
                    }
                }
            }
        }
        used * 1000 / (sample * BUCKET_SLOTS).max(1)
    }
}

fn clear_buckets(buckets: &[Bucket]) {
    for b in buckets {
        for s in &b.slots {
            s.key.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
    }
}

#[inline(always)]
fn write(s: &Slot, key: u64, data: u64) {
    s.key.store(key ^ data, Ordering::Relaxed);
    s.data.store(data, Ordering::Relaxed);
}

/// MemAvailable from /proc/meminfo, in MB (Linux); None where it cannot be read. A table
/// larger than this would be killed by the out-of-memory killer once the search fills it.
fn available_memory_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        let m = Move::new(Square::E1, Square::E8, MoveKind::Quiet);
        tt.store(42, m, -1234, 55, 7, Bound::Lower);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.mv, e.score, e.eval, e.depth, e.bound),
            (m, -1234, 55, 7, Bound::Lower)
        );
        tt.store(44, m, 300, NO_EVAL, 3, Bound::Upper);
        assert_eq!(
            tt.probe(44).map(|e| (e.score, e.eval)),
            Some((300, NO_EVAL))
        );
        assert!(tt.probe(43).is_none());
        tt.clear(1);
        assert!(tt.probe(42).is_none());
    }

    #[test]
    fn sizes_beyond_memory_or_range_are_errors_not_aborts() {
        assert!(TranspositionTable::try_new(0).is_err());
        assert!(TranspositionTable::try_new(TranspositionTable::MAX_MB + 1).is_err());
        let tt = TranspositionTable::try_new(3).unwrap();
        assert_eq!(tt.size_mb(), 3);
        assert!(tt.probe(1).is_none());
        // The largest size: an error naming the memory on a machine with less, else a table
        // whose pages the system supplies only when touched.
        match TranspositionTable::try_new(TranspositionTable::MAX_MB) {
            Err(e) => assert!(e.contains("65536 MB"), "{e}"),
            Ok(tt) => assert_eq!(tt.size_mb(), TranspositionTable::MAX_MB),
        }
        // Well beyond what is available (a margin, as other processes come and go).
        if let Some(mb) = available_memory_mb().filter(|&mb| mb + 512 <= TranspositionTable::MAX_MB)
        {
            let e = TranspositionTable::try_new(mb + 512).err().unwrap();
            assert!(e.contains("available"), "{e}");
        }
    }

    #[test]
    fn hashfull_counts_current_search() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..200_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                Move::NULL,
                0,
                NO_EVAL,
                1,
                Bound::Exact,
            );
        }
        assert!(tt.hashfull() > 900);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    /// Every entry of the table, as the raw words of its slots.
    fn raw(tt: &TranspositionTable) -> impl Iterator<Item = (u64, u64)> + '_ {
        tt.buckets.iter().flat_map(|b| {
            b.slots.iter().map(|s| {
                (
                    s.key.load(Ordering::Relaxed),
                    s.data.load(Ordering::Relaxed),
                )
            })
        })
    }

    fn fill(tt: &TranspositionTable, n: u64) {
        let m = Move::new(Square::E1, Square::E8, MoveKind::Quiet);
        for k in 1..=n {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(
                key,
                m,
                k as i32 % 1000,
                7,
                1 + (k % 20) as i32,
                Bound::Exact,
            );
        }
    }

    #[test]
    fn a_large_new_table_is_empty_aligned_and_usable() {
        let tt = TranspositionTable::try_new(256).unwrap();
        assert_eq!(tt.size_mb(), 256);
        assert_eq!(tt.buckets.len(), 256 * 1024 * 1024 / 64);
        // Bucket-aligned, so a probe reads one cache line.
        assert_eq!(tt.buckets.as_ptr() as usize % 64, 0);
        assert!(raw(&tt).all(|(k, d)| k == 0 && d == 0));
        assert_eq!(tt.hashfull(), 0);
        for k in 1..10_000u64 {
            assert!(tt.probe(k.wrapping_mul(0x2545_F491_4F6C_DD1D)).is_none());
        }
        fill(&tt, 100_000);
        let key = 77u64.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.score, e.eval, e.depth), (77, 7, 18));
        // The last bucket is inside the memory too.
        let last = u64::MAX;
        tt.store(last, Move::NULL, -5, NO_EVAL, 3, Bound::Upper);
        assert_eq!(tt.probe(last).map(|e| e.score), Some(-5));
    }

    #[test]
    fn a_parallel_clear_leaves_what_a_serial_one_does() {
        // Larger than SERIAL_CLEAR_BYTES, so the clear runs on several threads.
        let mb = 2 * SERIAL_CLEAR_BYTES / (1024 * 1024);
        let serial = TranspositionTable::try_new(mb).unwrap();
        let parallel = TranspositionTable::try_new(mb).unwrap();
        for tt in [&serial, &parallel] {
            fill(tt, 3_000_000);
            tt.new_search();
            assert!(raw(tt).filter(|&(_, d)| d != 0).count() > 1_000_000);
        }
        serial.clear(1);
        // An odd thread count: the runs are of unequal length.
        parallel.clear(3);
        assert!(raw(&serial).all(|(k, d)| k == 0 && d == 0));
        assert!(raw(&serial).eq(raw(&parallel)));
        assert_eq!((serial.age(), parallel.age()), (0, 0));
        for k in [1u64, 77, 2_999_999] {
            assert!(parallel
                .probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .is_none());
        }
        // Written again after the clear, and cleared again (the clear is not skipped).
        fill(&parallel, 1000);
        assert!(raw(&parallel).any(|(_, d)| d != 0));
        parallel.clear(2);
        assert!(raw(&parallel).all(|(k, d)| k == 0 && d == 0));
    }
}
