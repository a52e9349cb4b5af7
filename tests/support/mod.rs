//! Helpers shared by the integration tests: a seeded PRNG and the test positions.
#![allow(dead_code)]

pub mod engine;

use std::path::{Path, PathBuf};

/// xorshift64*: small, seeded, the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/data/<rel>` when the shared data sits beside the project, else the sample kept
/// in `tests/data/<file name>`. CUTOFF_TEST_SAMPLES=1 uses the samples even when the shared
/// data is there (to check that a checkout without it still passes).
pub fn data_file(rel: &str) -> PathBuf {
    let shared = manifest_dir().join("../shared/data").join(rel);
    if shared.is_file() && std::env::var_os("CUTOFF_TEST_SAMPLES").is_none() {
        return shared;
    }
    let name = Path::new(rel).file_name().expect("a file name");
    manifest_dir().join("tests/data").join(name)
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
