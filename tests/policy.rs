//! The learned move order end to end, through the binary (issue 26): `cutoff policy-data`
//! searches the positions of a game record and writes quiet cutoffs, `cutoff policy-train`
//! fits a head to them, `setoption name PolicyFile` loads it and `OrderPolicy` searches with
//! it; a bad head file is named and the head in use stays.

mod support;

use cutoff::board::Board;
use cutoff::tools::data::viriformat::write_game;
use cutoff::tools::data::{GameRecord, GameResult};
use std::path::PathBuf;
use std::process::Command;
use support::engine::{Engine, TIMEOUT};

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cutoff-policy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn cutoff(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(args)
        .output()
        .expect("run cutoff");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "cutoff {args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn cutoffs_train_a_head_that_the_engine_loads_and_searches_with() {
    let dir = scratch();
    // Two short games, as `cutoff datagen --format binary` writes them.
    let mut bytes = Vec::new();
    for line in [
        &[
            "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6",
        ][..],
        &[
            "d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7",
        ],
    ] {
        let start = Board::startpos();
        let mut game = GameRecord::new(start, 0, GameResult::Draw);
        let mut b = start;
        for uci in line {
            let m = b.parse_uci_move(uci, false).unwrap();
            game.moves.push((m, 0));
            b.make_move(m);
        }
        write_game(&mut bytes, &game).unwrap();
    }
    let games = dir.join("games.vf");
    std::fs::write(&games, bytes).unwrap();
    let data = dir.join("cutoffs.pol");
    let said = cutoff(&[
        "policy-data",
        games.to_str().unwrap(),
        "--out",
        data.to_str().unwrap(),
        "--nodes",
        "4000",
        "--every",
        "1",
        "--per-search",
        "8",
    ]);
    assert!(said.contains("2 games, 16 searches"), "{said}");
    // Refused a second time: the file is not empty.
    let again = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args([
            "policy-data",
            games.to_str().unwrap(),
            "--out",
            data.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!again.status.success());
    let out_dir = dir.join("head");
    // The flags' names from before the command had its own (`--policy-cut-check`) still work.
    let said = cutoff(&[
        "policy-train",
        data.to_str().unwrap(),
        "--out-dir",
        out_dir.to_str().unwrap(),
        "--epochs",
        "2",
        "--batch",
        "32",
        "--val-percent",
        "50",
        "--policy-cut-check",
        "5",
    ]);
    assert!(
        said.contains("policy head beside the history")
            && said.contains("(as searched)")
            && said.contains("(at the node's entry)")
            && said.contains("learned weights: history"),
        "{said}"
    );
    // The any-cut block: a perfect choice between the head's first move and the history's
    // cuts at least as often as either; each factor of the weight sweep has its line.
    let any_cut = said
        .split("every quiet was searched")
        .nth(1)
        .expect("an any-cut block");
    let percent_after = |key: &str| -> f64 {
        let line = any_cut
            .lines()
            .find(|l| l.contains(key))
            .unwrap_or_else(|| panic!("no '{key}' in {any_cut}"));
        let tail = &line[line.find(key).unwrap() + key.len()..];
        let number: String = tail
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        number.parse().unwrap_or_else(|_| panic!("{line}"))
    };
    let head_first = percent_after("policy head    top-1");
    let entry_first = any_cut
        .lines()
        .find(|l| l.contains("(at the node's entry)"))
        .map(|l| {
            let t = &l[l.find("top-1").unwrap() + 5..];
            t.trim_start()
                .split('%')
                .next()
                .unwrap()
                .trim()
                .parse::<f64>()
                .unwrap()
        })
        .unwrap();
    let either = percent_after("(a perfect choice between them)");
    assert!(any_cut.contains("node by node: "), "{any_cut}");
    assert!(
        either >= head_first && either >= entry_first,
        "{either} {head_first} {entry_first}: {any_cut}"
    );
    assert_eq!(
        any_cut
            .lines()
            .filter(|l| l.contains("points a unit)"))
            .count(),
        8,
        "{any_cut}"
    );
    assert!(any_cut.contains("chosen on the even nodes: x"), "{any_cut}");
    assert_eq!(
        any_cut.lines().filter(|l| l.contains(" points  ")).count(),
        18,
        "two gates, nine thresholds each: {any_cut}"
    );
    assert!(
        any_cut.contains("gate chosen on the even nodes: "),
        "{any_cut}"
    );
    let head = out_dir.join("policy.head");
    let head = head.to_str().unwrap();
    // Trained on cutoffs labelled with every quiet move that cuts, and alone.
    let labelled = dir.join("labelled");
    // One epoch, with `cut_check` held-out cutoffs searched whole.
    let train_one_epoch = |cut_check: &str, extra: &[&str]| {
        let mut args = vec![
            "policy-train",
            data.to_str().unwrap(),
            "--out-dir",
            labelled.to_str().unwrap(),
            "--epochs",
            "1",
            "--val-percent",
            "50",
            "--cut-check",
            cut_check,
        ];
        args.extend_from_slice(extra);
        cutoff(&args)
    };
    let said = train_one_epoch("0", &["--cut-labels", "6", "--threads", "2"]);
    assert!(said.contains("labelled 6 cutoffs"), "{said}");
    let said = train_one_epoch("0", &["--alone"]);
    assert!(
        said.contains("policy head alone") && !said.contains("learned weights"),
        "{said}"
    );
    // Beside the history's parts, and with the rows held at zero (a learned history): the
    // weights of each part are reported, and no head file is written for the picker.
    std::fs::remove_dir_all(&labelled).unwrap();
    let said = train_one_epoch("4", &["--parts", "--no-rows"]);
    assert!(
        said.contains("beside the history's parts (rows held at zero")
            && said.contains("continuation one ply back")
            && said.contains("the history's first moves")
            && said.contains("with the history's learned weights")
            && said.contains("by where the node stood in its search"),
        "{said}"
    );
    let reweighed = dir.join("reweighed.head");
    std::fs::copy(labelled.join("policy.head"), &reweighed).unwrap();
    let refused = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["policy-train", data.to_str().unwrap(), "--out-dir"])
        .arg(&labelled)
        .args(["--alone", "--parts"])
        .output()
        .unwrap();
    assert!(!refused.status.success());

    let mut e = Engine::start();
    e.send(&format!("setoption name PolicyFile value {head}"));
    let out = e.sync();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].starts_with(&format!("info string PolicyFile {head}: loaded"))
            && out[0].contains("history points a unit"),
        "{out:?}"
    );
    e.send("setoption name OrderPolicy value true");
    e.send("position startpos moves e2e4 d7d5");
    e.send("go depth 7");
    let (_, best) = e.bestmove(TIMEOUT);
    assert!(best.starts_with("bestmove "), "{best}");
    // The explainer shows the head's points: a policy column, numbers for the quiet moves
    // only, and, with `OrderPolicy` on, the quiet stage in the order of history plus
    // continuation history plus those points (the playing switches add nothing else).
    e.send("order");
    let table = e.sync();
    let header = table
        .iter()
        .position(|l| l.trim_start().starts_with("#  san"))
        .unwrap_or_else(|| panic!("{table:?}"));
    let cols: Vec<&str> = table[header].split_whitespace().collect();
    assert_eq!(cols.last(), Some(&"policy"), "{table:?}");
    // The numbers are the columns after the stage, whose names may hold a space
    // ("killer 1"): count them from the right.
    let from_end = |name: &str| cols.len() - cols.iter().position(|c| *c == name).unwrap();
    let mut quiet_keys = Vec::new();
    for line in table[header + 1..]
        .iter()
        .take_while(|l| !l.starts_with("search"))
    {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let cell = |name: &str| cells[cells.len() - from_end(name)];
        let policy = cell("policy");
        let is_quiet = cell("history") != "-";
        assert_eq!(policy != "-", is_quiet, "{line}");
        if cells[3] == "quiet" {
            let n = |name: &str| cell(name).parse::<i64>().unwrap();
            quiet_keys.push(n("history") + n("conthist") + n("policy"));
        }
    }
    assert!(quiet_keys.len() >= 10, "{table:?}");
    assert!(table.iter().any(|l| l.contains("exd5")), "{table:?}");
    assert!(
        quiet_keys.windows(2).all(|w| w[0] >= w[1]),
        "{quiet_keys:?} {table:?}"
    );
    // And on the command line, as JSON: a number for each quiet move, null for the others.
    let json = cutoff(&[
        "order",
        "--policy-head",
        head,
        "--json",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ]);
    // 31 legal moves: 30 quiet and exd5.
    assert_eq!(json.matches("\"policy\":").count(), 31, "{json}");
    assert_eq!(json.matches("\"policy\":null").count(), 1, "{json}");
    // A file that is not a head, and one cut short: named, and the head stays.
    let bad = dir.join("bad.head");
    std::fs::write(&bad, b"CUTOFFNN not a head").unwrap();
    let short = dir.join("short.head");
    let whole = std::fs::read(head).unwrap();
    std::fs::write(&short, &whole[..whole.len() - 8]).unwrap();
    for (path, reason) in [(&bad, "wrong magic"), (&short, "bytes of weights")] {
        let path = path.to_str().unwrap();
        e.send(&format!("setoption name PolicyFile value {path}"));
        let out = e.sync();
        assert_eq!(out.len(), 1, "{out:?}");
        assert!(
            out[0].starts_with(&format!("info string error: PolicyFile {path}: ")),
            "{out:?}"
        );
        assert!(
            out[0].contains(reason) && out[0].contains("the head in use stays"),
            "{out:?}"
        );
    }
    e.send("go depth 5");
    let (_, best) = e.bestmove(TIMEOUT);
    assert!(best.starts_with("bestmove "), "{best}");
    // A head trained beside the history's parts: loaded as one that reweighs the history,
    // and the search orders its quiet moves with it.
    e.send(&format!(
        "setoption name PolicyFile value {}",
        reweighed.display()
    ));
    let out = e.sync();
    assert!(
        out.len() == 1 && out[0].contains(": loaded") && out[0].contains("the history reweighed"),
        "{out:?}"
    );
    e.send("go depth 7");
    let (_, best) = e.bestmove(TIMEOUT);
    assert!(best.starts_with("bestmove "), "{best}");
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
