//! Generates the slider attack tables at build time.
//!
//! Magic numbers are found by a seeded search (so every build gets the same tables), and the
//! attack sets are laid out in one flat array indexed per square by `offset + index(occupancy)`.
//! When the target has BMI2, the index is PEXT of the occupancy under the mask instead of the
//! magic multiply-shift, and the magic numbers are left unused.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let mut attacks = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// Relevant occupancy: the rays without their last square (an edge blocker changes nothing).
fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let mut mask = 0u64;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

fn pext(occ: u64, mut mask: u64) -> u64 {
    let mut result = 0u64;
    let mut bit = 0;
    while mask != 0 {
        let lsb = mask & mask.wrapping_neg();
        if occ & lsb != 0 {
            result |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    result
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn build(
    dirs: &[(i32, i32); 4],
    use_pext: bool,
    rng: &mut Rng,
    table: &mut Vec<u64>,
) -> Vec<Entry> {
    let mut entries = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let occs = subsets(mask);
        let attacks: Vec<u64> = occs.iter().map(|&o| slide(sq, o, dirs)).collect();
        let offset = table.len();
        let size = 1usize << bits;
        table.resize(offset + size, 0);
        let shift = 64 - bits;
        let magic = if use_pext {
            for (o, a) in occs.iter().zip(&attacks) {
                table[offset + pext(*o, mask) as usize] = *a;
            }
            0
        } else {
            let mut used = vec![0u64; size];
            let mut filled = vec![false; size];
            loop {
                let magic = rng.sparse();
                if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                filled.iter_mut().for_each(|f| *f = false);
                let mut ok = true;
                for (o, a) in occs.iter().zip(&attacks) {
                    let idx = (o.wrapping_mul(magic) >> shift) as usize;
                    if !filled[idx] {
                        filled[idx] = true;
                        used[idx] = *a;
                    } else if used[idx] != *a {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    table[offset..offset + size].copy_from_slice(&used);
                    break magic;
                }
            }
        };
        entries.push(Entry {
            mask,
            magic,
            shift,
            offset,
        });
    }
    entries
}

/// The commit of the checkout (`unknown` without git), `-dirty` when tracked files differ
/// from it, for `cutoff::COMMIT`; and the files whose change must run this script again.
fn git_commit() -> String {
    // Read-only git: `git status` otherwise refreshes and rewrites `.git/index` (always on a
    // fresh clone), and a file written while this script runs makes cargo run it again on
    // the next build, and compile the crate again.
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .env("GIT_OPTIONAL_LOCKS", "0")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let Some(hash) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        return "unknown".to_string();
    };
    // A commit moves HEAD or the branch it names; an edit changes the sources. Not the
    // index: any git command may rewrite it (an editor's `git status` too) without a change
    // to the build, and staging changes nothing that `-dirty` reports.
    // Only files that exist: cargo takes a missing one (a fresh repository has no
    // packed-refs) as changed and would rebuild the crate on every command.
    let watch = |p: String| {
        if Path::new(&p).exists() {
            println!("cargo:rerun-if-changed={p}");
        }
    };
    for path in ["HEAD", "packed-refs"] {
        if let Some(p) = git(&["rev-parse", "--git-path", path]) {
            watch(p);
        }
    }
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        if let Some(p) = git(&["rev-parse", "--git-path", &branch]) {
            watch(p);
        }
    }
    for path in ["src", "Cargo.toml", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let dirty = git(&[
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
    ])
    .is_some_and(|s| !s.is_empty());
    if dirty {
        format!("{hash}-dirty")
    } else {
        hash
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rustc-env=CUTOFF_COMMIT={}", git_commit());
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let use_pext = arch == "x86_64" && features.split(',').any(|f| f == "bmi2");

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rook = build(&ROOK_DIRS, use_pext, &mut rng, &mut table);
    let bishop = build(&BISHOP_DIRS, use_pext, &mut rng, &mut table);

    let mut out = String::new();
    out.push_str("// Generated by build.rs: slider attack tables.\n");
    let _ = writeln!(out, "pub(crate) const USES_PEXT: bool = {use_pext};");
    for (name, entries) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        let _ = writeln!(out, "pub(crate) static {name}: [Magic; 64] = [");
        for e in entries {
            let _ = writeln!(
                out,
                "    Magic {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                e.mask, e.magic, e.shift, e.offset
            );
        }
        out.push_str("];\n");
    }
    let _ = writeln!(
        out,
        "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [",
        table.len()
    );
    for chunk in table.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            let _ = write!(out, " {v:#x},");
        }
        out.push('\n');
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("slider_tables.rs");
    fs::write(dest, out).unwrap();
}
