//! Helpers shared by the integration tests: EPD perft suites, where to find them, and a
//! seeded PRNG so every run plays the same random games.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// One line of an EPD perft suite.
#[derive(Clone, Debug)]
pub struct Entry {
    pub file: String,
    pub line: usize,
    pub fen: String,
    /// (depth, expected leaf count)
    pub counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 n ;D2 n ...` lines; panics on a malformed line, since the suites are
/// fixed test data.
pub fn parse_epd(name: &str, text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let mut it = p.split_whitespace();
                let d = it.next().and_then(|d| d.strip_prefix('D'));
                let n = it.next();
                match (
                    d.and_then(|d| d.parse().ok()),
                    n.and_then(|n| n.parse().ok()),
                ) {
                    (Some(d), Some(n)) => (d, n),
                    _ => panic!("{name}:{}: bad count field '{p}'", i + 1),
                }
            })
            .collect();
        out.push(Entry {
            file: name.to_string(),
            line: i + 1,
            fen,
            counts,
        });
    }
    out
}

pub fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/data/perft` beside the crate, if it is there (CI clones it; a lone checkout
/// of this repository has only the samples in `tests/data`).
pub fn shared_perft_dir() -> Option<PathBuf> {
    let dir = crate_root().join("../shared/data/perft");
    dir.is_dir().then_some(dir)
}

pub fn load(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let entries = parse_epd(&name, &text);
    assert!(!entries.is_empty(), "{} holds no positions", path.display());
    entries
}

/// The suite `name` (standard, chess960 or tricky) from ../shared if present, else the
/// ten-line sample in tests/data. The flag says whether the full suite was found.
pub fn suite_or_sample(name: &str) -> (Vec<Entry>, bool) {
    match shared_perft_dir() {
        Some(dir) => (load(&dir.join(format!("{name}.epd"))), true),
        None => (sample(name), false),
    }
}

pub fn sample(name: &str) -> Vec<Entry> {
    load(&crate_root().join(format!("tests/data/{name}_sample.epd")))
}

/// SplitMix64: tiny, fast and good enough to pick random moves reproducibly.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform enough in `0..n` for n far below 2^32.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Runs `work` on every item using all cores (the suites are independent positions).
pub fn parallel_map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = work(item);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}
