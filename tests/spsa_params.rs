//! `cutoff spsa-params`: every constant of the tunables! table in src/search/tunable.rs, read
//! here from the source itself, as one line of OpenBench's SPSA input, in the table's order,
//! with its default and range, the step its range gives and the common rate.

use std::process::Command;

/// (name, default, min, max) of each `name = default, min..=max;` line of the table.
fn table() -> Vec<(String, i32, i32, i32)> {
    let source = include_str!("../src/search/tunable.rs");
    let body = source
        .split("\ntunables! {")
        .nth(1)
        .expect("the tunables! invocation");
    let body = &body[..body.find("\n}").expect("the table's end")];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("///"))
        .map(|l| {
            let (name, rest) = l.split_once(" = ").expect(l);
            let (default, range) = rest.trim_end_matches(';').split_once(", ").expect(l);
            let (min, max) = range.split_once("..=").expect(l);
            let n = |s: &str| s.trim().parse::<i32>().expect(l);
            (name.to_string(), n(default), n(min), n(max))
        })
        .collect()
}

#[test]
fn spsa_params_lists_every_tunable_with_its_default_and_range() {
    let out = Command::new(env!("CARGO_BIN_EXE_cutoff"))
        .arg("spsa-params")
        .output()
        .expect("run cutoff spsa-params");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let table = table();
    assert!(table.len() >= 30, "the table was read: {table:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), table.len(), "one line each:\n{text}");
    for (line, (name, default, min, max)) in lines.iter().zip(&table) {
        let fields: Vec<&str> = line.split(", ").collect();
        assert_eq!(
            fields.len(),
            7,
            "name, type, default, min, max, c_end, r_end: {line}"
        );
        assert_eq!(
            fields[..5],
            [
                name.as_str(),
                "int",
                &default.to_string(),
                &min.to_string(),
                &max.to_string()
            ],
            "{line}"
        );
        let c_end: f64 = fields[5].parse().expect(line);
        let r_end: f64 = fields[6].parse().expect(line);
        let twentieth = f64::from(max - min) / 20.0;
        assert!(
            (c_end - twentieth.max(0.5)).abs() < 0.006,
            "{line}: c_end a twentieth of the range"
        );
        assert_eq!(r_end, 0.002, "{line}");
    }
}
