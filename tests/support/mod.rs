//! Helpers shared by the integration tests: a seeded PRNG (the crate's SplitMix64) so every run
//! plays the same random games, where the test data lives (../shared beside the crate, else the
//! samples in tests/data), the perft suites read with the library's reader, and a parallel map.
//! The engine as a child process is in `engine`.

// Each test crate uses its own subset of these helpers.
#![allow(dead_code)]

pub mod engine;

use cutoff::rng::SplitMix64;
use std::path::{Path, PathBuf};

/// The crate's SplitMix64 (any seed, 0 too, the same on every machine) with the tests' own
/// mapping onto ranges, kept so that each test's seed still names the same random inputs.
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform enough in `0..n` for 0 < n far below 2^32.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

pub fn crate_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/data/<rel>` when the shared data sits beside the project, else the sample kept
/// in `tests/data/<file name>`. CUTOFF_TEST_SAMPLES=1 uses the samples even when the shared
/// data is there (to check that a checkout without it still passes).
pub fn data_file(rel: &str) -> PathBuf {
    let shared = crate_root().join("../shared/data").join(rel);
    if shared.is_file() && std::env::var_os("CUTOFF_TEST_SAMPLES").is_none() {
        return shared;
    }
    let name = Path::new(rel).file_name().expect("a file name");
    crate_root().join("tests/data").join(name)
}

/// The FENs of an EPD or perft file: the text before the first `;` when it holds a full FEN
/// (perft files), else the first four fields (EPD with operations). CRLF and blank lines are
/// skipped over.
pub fn load_fens(rel: &str) -> Vec<String> {
    let path = data_file(rel);
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&text);
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let head = line.split(';').next().unwrap_or("").trim();
        let fields: Vec<&str> = head.split_whitespace().collect();
        let fen = if fields.len() == 6 && fields[4].parse::<u32>().is_ok() {
            fields.join(" ")
        } else {
            line.split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ")
        };
        out.push(fen);
    }
    assert!(!out.is_empty(), "{}: no positions", path.display());
    out
}

/// One line of an EPD perft suite, with its file's name for failure messages.
#[derive(Clone, Debug)]
pub struct Entry {
    pub file: String,
    pub line: usize,
    pub fen: String,
    /// (depth, expected leaf count)
    pub counts: Vec<(u32, u64)>,
}

/// `../shared/data/perft` beside the crate, if it is there (CI clones it; a lone checkout
/// of this repository has only the samples in `tests/data`).
pub fn shared_perft_dir() -> Option<PathBuf> {
    let dir = crate_root().join("../shared/data/perft");
    dir.is_dir().then_some(dir)
}

/// Reads a perft suite (`FEN ;D1 n ;D2 n ...`) with the reader `cutoff perft-suite` uses;
/// panics on a line it cannot parse, since the suites are fixed test data.
pub fn load(path: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (entries, errors) = cutoff::tools::perft::parse_suite(&text);
    if let Some((line, e)) = errors.first() {
        panic!("{name}:{line}: {e}");
    }
    assert!(!entries.is_empty(), "{} holds no positions", path.display());
    entries
        .into_iter()
        .map(|e| Entry {
            file: name.clone(),
            line: e.line,
            fen: e.fen,
            counts: e.counts,
        })
        .collect()
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

/// `fen` with the colours swapped and the board mirrored top to bottom.
pub fn mirror(fen: &str) -> String {
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
    let castling = if f[2] == "-" {
        "-".to_string()
    } else {
        swap(f[2])
    };
    let ep = if f[3] == "-" {
        "-".to_string()
    } else {
        let b = f[3].as_bytes();
        format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
    };
    let mut out = format!("{} {side} {castling} {ep}", placement.join("/"));
    for rest in &f[4..] {
        out.push(' ');
        out.push_str(rest);
    }
    out
}
