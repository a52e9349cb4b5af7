//! The sidecar of a data file, `<out>.json`: a JSON array with one object per run that wrote
//! to the file, each on a line of its own (so a line-based tool can read it too). A run's
//! object names the binary (version, commit), the evaluation, every setting and the seed, when
//! it started and what it wrote; it is written when the run starts, every
//! `UPDATE_EVERY` while it runs and when it ends, each time whole into a temporary file
//! renamed over the sidecar, so that a run killed at any moment leaves a readable sidecar
//! whose counts are at most that old.
//!
//! Earlier runs' lines are kept as they are; of them only `seed`, `first_game` and
//! `games_planned` are read back, so that an appended run with the same seed numbers its games
//! after theirs (`next_first_game`) and does not play the same games again.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How often a running run's counts are written.
pub(crate) const UPDATE_EVERY: Duration = Duration::from_secs(30);

/// What the sidecar remembers of an earlier run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EarlierRun {
    pub(crate) seed: u64,
    pub(crate) first_game: u64,
    pub(crate) games_planned: u64,
}

/// The sidecar of one output file, with this run's line.
pub(crate) struct Sidecar {
    path: String,
    /// The earlier runs' lines, verbatim.
    earlier: Vec<String>,
    last_write: Instant,
}

/// The sidecar's path for the data file `out`.
pub(crate) fn path_for(out: &str) -> String {
    format!("{out}.json")
}

impl Sidecar {
    /// The sidecar of `out`: its earlier runs when `keep` (an appended run) and the file
    /// exists, else none (a new data file starts a new sidecar).
    pub(crate) fn open(out: &str, keep: bool) -> Result<Sidecar, String> {
        let path = path_for(out);
        let mut earlier = Vec::new();
        if keep {
            match std::fs::read_to_string(&path) {
                Ok(text) => {
                    for line in text.lines().map(str::trim) {
                        if line.starts_with('{') {
                            earlier.push(line.trim_end_matches(',').to_string());
                        } else if !matches!(line, "[" | "]" | "") {
                            return Err(format!("{path}: not a sidecar of cutoff datagen"));
                        }
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(format!("{path}: {e}")),
            }
        }
        Ok(Sidecar {
            path,
            earlier,
            last_write: Instant::now(),
        })
    }

    pub(crate) fn path(&self) -> &str {
        &self.path
    }

    /// The earlier runs as far as the sidecar tells them.
    pub(crate) fn earlier_runs(&self) -> Vec<EarlierRun> {
        self.earlier
            .iter()
            .filter_map(|l| {
                Some(EarlierRun {
                    seed: number(l, "seed")?,
                    first_game: number(l, "first_game")?,
                    games_planned: number(l, "games_planned")?,
                })
            })
            .collect()
    }

    /// The first game number of a run with `seed`: after every game an earlier run with the
    /// same seed planned (played or not), so no game is played twice.
    pub(crate) fn next_first_game(&self, seed: u64) -> u64 {
        self.earlier_runs()
            .iter()
            .filter(|r| r.seed == seed)
            .map(|r| r.first_game + r.games_planned)
            .max()
            .unwrap_or(0)
    }

    /// Writes the earlier runs and `run` (a JSON object on one line).
    pub(crate) fn write(&mut self, run: &str) -> Result<(), String> {
        let mut text = String::from("[\n");
        for line in &self.earlier {
            text.push_str(line);
            text.push_str(",\n");
        }
        text.push_str(run);
        text.push_str("\n]\n");
        let tmp = format!("{}.tmp", self.path);
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, &self.path))
            .map_err(|e| format!("{}: {e}", self.path))?;
        self.last_write = Instant::now();
        Ok(())
    }

    /// Whether the counts are due to be written again.
    pub(crate) fn due(&self) -> bool {
        self.last_write.elapsed() >= UPDATE_EVERY
    }
}

/// The unsigned integer after `"key":` in a line of the sidecar. Inside a JSON string every
/// quote is escaped, so `"key":` cannot match there.
fn number(line: &str, key: &str) -> Option<u64> {
    let at = line.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = line[at..].trim_start();
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// A JSON value, as much of JSON as the sidecar needs.
#[derive(Clone, Debug)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Object(Vec<(&'static str, Json)>),
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::Str(s.to_string())
    }
}

impl From<usize> for Json {
    fn from(n: usize) -> Json {
        Json::Int(n.try_into().unwrap_or(i64::MAX))
    }
}

impl From<u64> for Json {
    fn from(n: u64) -> Json {
        Json::Int(n.try_into().unwrap_or(i64::MAX))
    }
}

impl From<i32> for Json {
    fn from(n: i32) -> Json {
        Json::Int(n.into())
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(v: Option<T>) -> Json {
        v.map_or(Json::Null, Into::into)
    }
}

impl std::fmt::Display for Json {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Json::Null => f.write_str("null"),
            Json::Bool(b) => write!(f, "{b}"),
            Json::Int(n) => write!(f, "{n}"),
            Json::Float(x) if x.is_finite() => write!(f, "{x:.1}"),
            Json::Float(_) => f.write_str("null"),
            Json::Str(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '"' => f.write_str("\\\"")?,
                        '\\' => f.write_str("\\\\")?,
                        '\n' => f.write_str("\\n")?,
                        c if (c as u32) < 0x20 => write!(f, "\\u{:04x}", c as u32)?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Json::Object(fields) => {
                f.write_str("{")?;
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "\"{k}\": {v}")?;
                }
                f.write_str("}")
            }
        }
    }
}

/// The time now: seconds since the Unix epoch and the UTC date and time (ISO 8601).
pub(crate) fn now() -> (u64, String) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    (secs, iso_utc(secs))
}

/// `secs` after the epoch as `YYYY-MM-DDTHH:MM:SSZ` (the civil-from-days algorithm of the
/// proleptic Gregorian calendar).
fn iso_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_iso() {
        assert_eq!(iso_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso_utc(1_735_689_599), "2024-12-31T23:59:59Z");
    }

    #[test]
    fn strings_are_escaped_and_numbers_read_back() {
        let o = Json::Object(vec![
            ("book", "a \"seed\": 9 \\ b".into()),
            ("seed", 7u64.into()),
            ("first_game", 0u64.into()),
            ("games_planned", 20usize.into()),
            ("syzygy", Json::from(None::<&str>)),
        ]);
        let line = o.to_string();
        assert_eq!(
            line,
            r#"{"book": "a \"seed\": 9 \\ b", "seed": 7, "first_game": 0, "games_planned": 20, "syzygy": null}"#
        );
        assert_eq!(number(&line, "seed"), Some(7));
        assert_eq!(number(&line, "games_planned"), Some(20));
        assert_eq!(number(&line, "games"), None);
    }
}
