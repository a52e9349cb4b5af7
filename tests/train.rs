//! `cutoff train` end to end through the binary: it trains on a game-record file, writes the
//! net (which the engine's reader accepts), the log, the loss table and chart and a
//! checkpoint; the same seed and threads give the same net; `--resume` continues where a run
//! stopped; `--init` starts from a net; bad settings and files are refused with a message; a
//! file too small to validate on trains without validation and says so; a text file's games
//! are the games `cutoff data stats` counts.

use cutoff::board::{legal_moves, Board};
use cutoff::eval::nnue::{KingBuckets, Network};
use cutoff::rng::SplitMix64;
use cutoff::tools::data::viriformat::write_game;
use cutoff::tools::data::{GameRecord, GameResult};
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cutoff-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Random games, each position scored by a material count from White's side.
fn write_games(path: &Path, games: usize) {
    let mut out = Vec::new();
    for record in random_games(games) {
        write_game(&mut out, &record).unwrap();
    }
    std::fs::write(path, out).unwrap();
}

/// The same games as text lines, one a position.
fn write_text_games(path: &Path, games: usize) {
    let mut out = String::new();
    for record in random_games(games) {
        record.positions(|board, score, _| {
            out.push_str(&format!(
                "{} | {score} | {}\n",
                board.fen(),
                record.result.label()
            ))
        });
    }
    std::fs::write(path, out).unwrap();
}

fn random_games(games: usize) -> Vec<GameRecord> {
    let mut rng = SplitMix64::new(17);
    let mut records = Vec::new();
    for _ in 0..games {
        let start = Board::startpos();
        let mut board = start;
        let mut record = GameRecord::new(start, 0, GameResult::Draw);
        for _ in 0..80 {
            let moves = legal_moves(&board);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            let score = (board.material_count() as i16 % 7) * 10;
            record.moves.push((m, score));
            board.make_move(m);
        }
        record.result = [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
        ][(rng.next_u64() % 3) as usize];
        records.push(record);
    }
    records
}

fn train(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .arg("train")
        .args(args)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// The settings of a small run: 16 hidden units, batches of 512.
fn small_run(
    epochs: &'static str,
    threads: &'static str,
    seed: &'static str,
) -> [&'static str; 10] {
    [
        "--hidden",
        "16",
        "--epochs",
        epochs,
        "--batch",
        "512",
        "--threads",
        threads,
        "--seed",
        seed,
    ]
}

fn net_in(dir: &Path) -> (String, Network) {
    let path = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.ends_with(".nnue") && !name.starts_with("epoch-")
        })
        .expect("the final net");
    let net = Network::from_bytes(&std::fs::read(&path).unwrap()).expect("a net the engine reads");
    (path.file_stem().unwrap().to_string_lossy().to_string(), net)
}

#[test]
fn a_run_writes_its_net_log_chart_and_checkpoint_and_repeats_itself() {
    let dir = temp_dir("run");
    let data = dir.join("games.vf");
    write_games(&data, 60);
    let data = data.to_str().unwrap();
    let common = small_run("2", "2", "5");
    let a = dir.join("a");
    let (ok, text) = train(&[&[data, "--out-dir", a.to_str().unwrap()][..], &common[..]].concat());
    assert!(ok, "{text}");
    assert!(text.contains("epoch   2:"), "{text}");
    let (id, net) = net_in(&a);
    assert_eq!(id, net.id(), "the net is named by its id");
    for file in [
        "train.log",
        "loss.tsv",
        "loss.svg",
        "checkpoint.bin",
        "epoch-1.nnue",
        "epoch-2.nnue",
    ] {
        assert!(a.join(file).exists(), "{file} missing");
    }
    assert_eq!(
        std::fs::read_to_string(a.join("loss.tsv"))
            .unwrap()
            .lines()
            .count(),
        3
    );

    // The same data, seed and threads: the same net.
    let b = dir.join("b");
    let (ok, text) = train(&[&[data, "--out-dir", b.to_str().unwrap()][..], &common[..]].concat());
    assert!(ok, "{text}");
    assert_eq!(net_in(&b).0, id);

    // Stopped after one epoch and resumed for the second: the same net as the run in one go.
    let c = dir.join("c");
    let one = small_run("1", "2", "5");
    let (ok, text) = train(&[&[data, "--out-dir", c.to_str().unwrap()][..], &one[..]].concat());
    assert!(ok, "{text}");
    std::fs::remove_file(c.join(format!("{}.nnue", net_in(&c).0))).unwrap();
    let (ok, text) = train(
        &[
            &[data, "--out-dir", c.to_str().unwrap(), "--resume"][..],
            &common[..],
        ]
        .concat(),
    );
    assert!(ok, "{text}");
    assert!(text.contains("resuming after epoch 1"), "{text}");
    assert_eq!(
        std::fs::read_to_string(c.join("loss.tsv"))
            .unwrap()
            .lines()
            .count(),
        3
    );
    // The cosine schedule depends on the planned epochs, so a one-epoch run resumed to two is
    // not the two-epoch run; it must still be a net.
    net_in(&c);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mirrored_run_writes_a_mirrored_net_and_resumes_only_as_one() {
    let dir = temp_dir("mirror");
    let data = dir.join("games.vf");
    write_games(&data, 30);
    let data = data.to_str().unwrap();
    let common = small_run("1", "1", "3");
    let m = dir.join("m");
    let m = m.to_str().unwrap();
    let (ok, text) = train(&[&[data, "--out-dir", m, "--mirror"][..], &common[..]].concat());
    assert!(ok, "{text}");
    assert!(
        text.contains("mirrored"),
        "the log names the inputs: {text}"
    );
    let (id, net) = net_in(Path::new(m));
    assert_eq!(id, net.id());
    assert!(net.describe().contains("mirrored"), "{}", net.describe());
    // The same data and seed without --mirror: another net.
    let p = dir.join("p");
    let (ok, text) = train(&[&[data, "--out-dir", p.to_str().unwrap()][..], &common[..]].concat());
    assert!(ok, "{text}");
    let (plain_id, plain) = net_in(&p);
    assert_ne!(plain_id, id);
    assert!(!plain.describe().contains("mirrored"));
    // A mirrored checkpoint does not resume a plain run.
    let (ok, text) = train(&[&[data, "--out-dir", m, "--resume"][..], &common[..]].concat());
    assert!(!ok, "{text}");
    assert!(
        text.contains("the checkpoint's inputs are mirrored"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_king_bucketed_run_writes_its_net_and_needs_mirroring() {
    let dir = temp_dir("king-buckets");
    let data = dir.join("games.vf");
    write_games(&data, 30);
    let data = data.to_str().unwrap();
    let common = small_run("1", "1", "3");
    let k = dir.join("k");
    let k = k.to_str().unwrap();
    let kb = ["--mirror", "--king-buckets", "4"];
    let (ok, text) = train(&[&[data, "--out-dir", k][..], &kb[..], &common[..]].concat());
    assert!(ok, "{text}");
    assert!(
        text.contains("net (768 -> 16) x 2 -> 1 SCReLU, mirrored, 4 king buckets"),
        "the log names the layout: {text}"
    );
    let (id, net) = net_in(Path::new(k));
    assert_eq!(id, net.id());
    assert_eq!(net.king_buckets(), KingBuckets::Four);
    assert!(
        net.describe().contains("4 king buckets"),
        "{}",
        net.describe()
    );
    // Its checkpoint resumes only a king-bucketed run, its net starts only one.
    let (ok, text) = train(
        &[
            &[data, "--out-dir", k, "--resume", "--mirror"][..],
            &common[..],
        ]
        .concat(),
    );
    assert!(!ok && text.contains("4 king bucket(s)"), "{text}");
    let net_file = Path::new(k).join(format!("{id}.nnue"));
    let out = dir.join("init");
    let (ok, text) = train(
        &[
            &[
                data,
                "--out-dir",
                out.to_str().unwrap(),
                "--mirror",
                "--init",
            ][..],
            &[net_file.to_str().unwrap()][..],
            &common[..],
        ]
        .concat(),
    );
    assert!(
        !ok && text.contains("the net is --hidden 16 --buckets 1 --mirror --king-buckets 4"),
        "{text}"
    );
    // King buckets need mirroring, and come as 1 or 4.
    let (ok, text) = train(&[data, "--out-dir", k, "--king-buckets", "4"]);
    assert!(
        !ok && text.contains("--king-buckets 4 needs --mirror"),
        "{text}"
    );
    let (ok, text) = train(&[data, "--out-dir", k, "--mirror", "--king-buckets", "2"]);
    assert!(
        !ok && text.contains("--king-buckets 2: this build knows 1 and 4"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_another_score_scale_is_rescaled_as_it_loads() {
    let dir = temp_dir("scale");
    let data = dir.join("games.vf");
    write_games(&data, 10);
    let spec = format!("{}@350", data.to_str().unwrap());
    let out = dir.join("out");
    let (ok, text) = train(&[
        &spec,
        "--out-dir",
        out.to_str().unwrap(),
        "--score-scale",
        "175",
        "--hidden",
        "16",
        "--epochs",
        "1",
        "--threads",
        "1",
    ]);
    assert!(ok, "{text}");
    assert!(
        text.contains("(scores at K 350 rescaled by 0.5000)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_settings_and_files_are_refused_with_a_reason() {
    let dir = temp_dir("bad");
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    let (ok, text) = train(&["/nonexistent/games.vf", "--out-dir", out]);
    assert!(!ok && text.contains("/nonexistent/games.vf"), "{text}");
    let data = dir.join("games.vf");
    write_games(&data, 3);
    let data = data.to_str().unwrap();
    let (ok, text) = train(&[data, "--out-dir", out, "--hidden", "20"]);
    assert!(!ok && text.contains("hidden width 20"), "{text}");
    let (ok, text) = train(&[data, "--out-dir", out, "--buckets", "9"]);
    assert!(!ok && text.contains("9 output buckets"), "{text}");
    let garbage = dir.join("garbage.vf");
    std::fs::write(&garbage, [7u8; 50]).unwrap();
    let (ok, text) = train(&[garbage.to_str().unwrap(), "--out-dir", out]);
    assert!(!ok && text.contains("garbage.vf"), "{text}");
    let (ok, text) = train(&[data, "--out-dir", out, "--resume", "--hidden", "16"]);
    assert!(!ok && text.contains("--resume"), "{text}");
    let zero = format!("{data}@0");
    let (ok, text) = train(&[&zero, "--out-dir", out]);
    assert!(!ok && text.contains("must be positive"), "{text}");
    // The policy head has its own command, which `train --policy` names.
    let (ok, text) = train(&[data, "--out-dir", out, "--policy"]);
    assert!(!ok && text.contains("cutoff policy-train"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_may_start_from_a_net_of_its_shape() {
    let dir = temp_dir("init");
    let data = dir.join("games.vf");
    write_games(&data, 40);
    let data = data.to_str().unwrap();
    let first = dir.join("first");
    let (ok, text) = train(
        &[
            &[data, "--out-dir", first.to_str().unwrap()][..],
            &small_run("1", "2", "3")[..],
        ]
        .concat(),
    );
    assert!(ok, "{text}");
    let (id, _) = net_in(&first);
    let net_file = first.join(format!("{id}.nnue"));
    let net_file = net_file.to_str().unwrap();

    // With a learning rate of 0 the weights cannot move: the run writes back the net it
    // started from, so the start really is that net (and its floats quantise to it exactly).
    let still = dir.join("still");
    let (ok, text) = train(
        &[
            &[
                data,
                "--out-dir",
                still.to_str().unwrap(),
                "--init",
                net_file,
            ][..],
            &["--lr", "0", "--lr-end", "0"][..],
            &small_run("1", "2", "4")[..],
        ]
        .concat(),
    );
    assert!(ok, "{text}");
    assert!(text.contains(&format!("starting from net {id}")), "{text}");
    assert_eq!(net_in(&still).0, id);

    // With a learning rate it trains on from there: a different net.
    let on = dir.join("on");
    let (ok, text) = train(
        &[
            &[data, "--out-dir", on.to_str().unwrap(), "--init", net_file][..],
            &small_run("1", "2", "4")[..],
        ]
        .concat(),
    );
    assert!(ok, "{text}");
    assert_ne!(net_in(&on).0, id);

    // Another shape, a file that is no net, and --resume beside it are refused.
    let out = dir.join("bad");
    let out = out.to_str().unwrap();
    let (ok, text) = train(&[data, "--out-dir", out, "--init", net_file, "--hidden", "32"]);
    assert!(
        !ok && text.contains("--init") && text.contains("the net is --hidden 16 --buckets 1"),
        "{text}"
    );
    let (ok, text) = train(&[data, "--out-dir", out, "--init", data, "--hidden", "16"]);
    assert!(
        !ok && text.contains("--init") && text.contains("games.vf"),
        "{text}"
    );
    let (ok, text) = train(&[
        data,
        "--out-dir",
        out,
        "--init",
        net_file,
        "--resume",
        "--hidden",
        "16",
    ]);
    assert!(!ok && text.contains("--resume"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The number after `before` in `text`.
fn number_after(text: &str, before: &str) -> usize {
    let at = text
        .find(before)
        .unwrap_or_else(|| panic!("{before:?} in {text}"))
        + before.len();
    text[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("a number after {before:?} in {text}"))
}

#[test]
fn the_trainer_and_data_stats_count_the_same_games() {
    let dir = temp_dir("count");
    let text = dir.join("games.txt");
    write_text_games(&text, 12);
    let text = text.to_str().unwrap();
    let stats = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .args(["data", "stats", text])
        .output()
        .unwrap();
    assert!(stats.status.success());
    let stats = String::from_utf8_lossy(&stats.stdout).to_string();
    let out = dir.join("out");
    let (ok, log) = train(&[
        text,
        "--out-dir",
        out.to_str().unwrap(),
        "--hidden",
        "16",
        "--epochs",
        "1",
        "--threads",
        "1",
    ]);
    assert!(ok, "{log}");
    // Lines of one game are one game to both, not a game each.
    assert_eq!(number_after(&stats, "games "), 12, "{stats}");
    assert_eq!(number_after(&log, " positions from "), 12, "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_too_small_to_validate_on_trains_without_validation_and_says_so() {
    let dir = temp_dir("tiny");
    let data = dir.join("games.vf");
    write_games(&data, 1);
    let data = data.to_str().unwrap();
    let run = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        train(
            &[
                &[data, "--out-dir", out.to_str().unwrap()][..],
                &small_run("1", "1", "1")[..],
                extra,
            ]
            .concat(),
        )
    };
    let (ok, text) = run("a", &[]);
    assert!(ok, "{text}");
    assert!(
        text.contains("no validation: none of the 1 games fell into the 2% held out"),
        "{text}"
    );
    assert!(text.contains("validation loss none"), "{text}");
    assert!(!text.contains("NaN"), "{text}");
    let (ok, text) = run("b", &["--val-percent", "0"]);
    assert!(ok, "{text}");
    assert!(
        text.contains("no validation: --val-percent 0 holds out no games"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
