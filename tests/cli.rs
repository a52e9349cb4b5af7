//! The `cutoff` command line as a newcomer meets it: what `--help` says, a perft too deep to
//! finish refused, a command whose reader goes away (`cutoff bench | head`) ending quietly,
//! and the ordering lab's default run saying nothing it need not.

use std::process::{Command, Output, Stdio};

fn cutoff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .output()
        .expect("run cutoff")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn data(name: &str) -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/").to_string() + name
}

#[test]
fn perft_keeps_to_the_depths_go_perft_allows() {
    for depth in ["0", "13", "99"] {
        let o = cutoff(&["perft", depth]);
        assert_eq!(o.status.code(), Some(2), "perft {depth}: {o:?}");
        let err = text(&o.stderr);
        assert!(
            err.contains(&format!("depth {depth} is out of range 1 to 12")),
            "perft {depth}: {err}"
        );
        assert!(o.stdout.is_empty(), "perft {depth}: nothing counted");
    }
    let o = cutoff(&["perft", "1"]);
    assert!(o.status.success(), "{o:?}");
    assert!(text(&o.stdout).ends_with("Nodes searched: 20\n"));
}
