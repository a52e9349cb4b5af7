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
fn help_says_that_no_command_runs_the_uci_loop() {
    for flag in ["--help", "-h"] {
        let o = cutoff(&[flag]);
        assert!(o.status.success(), "{o:?}");
        let out = text(&o.stdout);
        assert!(
            out.contains("Without a command, cutoff runs the UCI loop"),
            "{out}"
        );
    }
}

/// `--version` names the commit, `-dirty` when the sources differed from it.
#[test]
fn version_names_the_commit() {
    let o = cutoff(&["--version"]);
    assert!(o.status.success(), "{o:?}");
    let out = text(&o.stdout);
    assert_eq!(out, format!("cutoff {}\n", cutoff::LONG_VERSION));
    assert!(
        out.contains(&format!(", commit {}", cutoff::COMMIT)),
        "{out}"
    );
    let o = cutoff(&["-V"]);
    assert_eq!(text(&o.stdout), format!("cutoff {}\n", cutoff::VERSION));
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

/// Each command that prints, its reader gone before it writes a word (as `| head` leaves
/// it): it ends at its first write, without a panic, as Unix tools end (killed by SIGPIPE,
/// which a shell reports as 141). `--help` and the UCI loop drop what they cannot write and
/// succeed.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_a_command_quietly() {
    use std::io::Write;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::os::unix::process::ExitStatusExt;
    let (epd, sample) = (data("kiwipete.epd"), data("tune_sample.txt"));
    let suite = data("standard_sample.epd");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let commands: [(&[&str], Option<i32>); 8] = [
        (&["bench", "4"], Some(libc::SIGPIPE)),
        (&["perft", "4", "--divide"], Some(libc::SIGPIPE)),
        (
            &["perft-suite", &suite, "--max-depth", "2"],
            Some(libc::SIGPIPE),
        ),
        (&["order", kiwipete], Some(libc::SIGPIPE)),
        (
            &[
                "ordering",
                &epd,
                "--depth",
                "2",
                "--configs",
                "mvvlva,+hash",
            ],
            Some(libc::SIGPIPE),
        ),
        (&["data", "stats", &sample], Some(libc::SIGPIPE)),
        (&["--help"], None),
        (&[], None),
    ];
    for (args, signal) in commands {
        // The pipe's reader is closed before the command starts, so even a command that
        // would finish before a reader could close finds no reader at its first write.
        let mut fds = [0; 2];
        // SAFETY: `pipe` fills both descriptors, which are owned from here on.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
        let (reader, writer) =
            unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        drop(reader);
        let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::from(writer))
            .stderr(Stdio::piped())
            .spawn()
            .expect("run cutoff");
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(b"uci\nisready\ngo depth 2\n");
        drop(stdin);
        let o = child.wait_with_output().unwrap();
        let err = text(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(
            o.status.signal(),
            signal,
            "{args:?}: {:?}, stderr: {err}",
            o.status
        );
        assert!(
            signal.is_some() || o.status.success(),
            "{args:?}: {:?}",
            o.status
        );
    }
}

/// The lab's default ladder includes `full`, which takes in the learned order; without a
/// head that orders nothing, and the run says nothing about it. Naming `policy` does.
#[test]
fn the_default_ordering_run_has_no_note_about_a_policy_head() {
    let epd = data("kiwipete.epd");
    let o = cutoff(&["ordering", &epd, "--depth", "1"]);
    let out = text(&o.stdout);
    assert!(o.status.success(), "{out}{}", text(&o.stderr));
    assert!(!out.contains("policy-head"), "{out}");
    assert!(out.contains("full"), "the ladder ran to `full`: {out}");
    let o = cutoff(&[
        "ordering",
        &epd,
        "--depth",
        "1",
        "--configs",
        "history+policy",
    ]);
    assert!(o.status.success(), "{o:?}");
    let out = text(&o.stdout);
    assert!(out.contains("no --policy-head given"), "{out}");
}
