//! The UCI options, in one table (`FIXED`, then the lines of the search's own tables): each
//! entry gives an option's name, its type with its range, the field of `Options` it sets and
//! what the engine does on a change. The `uci` declarations and the `setoption` parsing both
//! read it, so they cannot disagree; an option's default is its field in `Options::default()`.

use crate::eval::nnue::default::USE_BY_DEFAULT;
use crate::search::heuristics::{Heuristics, Switch, SWITCHES};
use crate::search::level::{Level, DEFAULT_ELO, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::search::techniques::{Technique, Techniques, TECHNIQUES};
use crate::search::time::{ClockReads, DEFAULT_MOVE_OVERHEAD_MS};
use crate::search::tt::TranspositionTable;
use std::fmt::Display;
use std::str::FromStr;

/// Every option's current value. Public for the strength levels' pins (tests/time_manager.rs),
/// which set the level the way the options do.
#[derive(Clone, Debug)]
pub struct Options {
    pub(crate) hash_mb: usize,
    pub(crate) threads: usize,
    pub(crate) multipv: usize,
    pub(crate) move_overhead_ms: u64,
    /// What scales the soft limit (`TimeStability`, `TimeNodeShare`, `TimeFallingScore`).
    pub(crate) clock: ClockReads,
    pub(crate) ponder: bool,
    pub(crate) chess960: bool,
    pub(crate) syzygy_path: String,
    pub(crate) stats: bool,
    /// Off: alpha-beta alone, no pruning, reductions or selective extensions (the search
    /// of the ordering experiments).
    pub(crate) selectivity: bool,
    /// Each selective technique alone (under `selectivity`).
    pub(crate) techniques: Techniques,
    /// `wdl W D L` on info lines with a score.
    pub(crate) show_wdl: bool,
    /// The ordering switches and the correction history (`heuristics::SWITCHES`).
    pub(crate) heuristics: Heuristics,
    /// `UseNNUE`: the net of `EvalFile` evaluates; off, the hand-written evaluation.
    pub(crate) use_nnue: bool,
    /// `EvalFile`: the net file loaded, `<default>` for the embedded net.
    pub(crate) eval_file: String,
    /// `PolicyFile`: the learned order's head (`cutoff policy-train`), empty for none.
    pub(crate) policy_file: String,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit_strength: bool,
    pub uci_elo: i32,
    /// `Skill Level`: 20 is full strength; lower plays at that skill unless
    /// `UCI_LimitStrength` is on, when `UCI_Elo` rules.
    pub skill_level: i32,
}

impl Default for Options {
    /// The defaults the `uci` declarations announce.
    fn default() -> Self {
        Options {
            hash_mb: TranspositionTable::DEFAULT_MB,
            threads: 1,
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            clock: ClockReads::ALL,
            ponder: false,
            chess960: false,
            syzygy_path: String::new(),
            stats: false,
            selectivity: true,
            techniques: Techniques::ALL,
            show_wdl: false,
            heuristics: Heuristics::PLAYING,
            use_nnue: USE_BY_DEFAULT,
            eval_file: DEFAULT_EVAL_FILE.to_string(),
            policy_file: String::new(),
            limit_strength: false,
            uci_elo: DEFAULT_ELO,
            skill_level: MAX_SKILL,
        }
    }
}

impl Options {
    /// The strength level the options ask for, None for full strength. `UCI_LimitStrength`
    /// with `UCI_Elo` wins over `Skill Level` (the standard pair is what GUIs' strength
    /// sliders set); `Skill Level` 20 is full strength.
    pub fn level(&self, seed: u64) -> Option<Level> {
        if self.limit_strength {
            Some(Level::from_elo(self.uci_elo, seed))
        } else if self.skill_level < MAX_SKILL {
            Some(Level::from_skill(self.skill_level as f64, seed))
        } else {
            None
        }
    }

    /// Applies `setoption name NAME [value VALUE]` (NAME in any case); on error nothing
    /// changes.
    pub(crate) fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let option = all()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("setoption: unknown option '{name}'"))?;
        option.kind.store(self, name, value)?;
        Ok(option.effect)
    }
}

/// What a `setoption` asks the engine to do beyond storing a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    None,
    ResizeHash,
    SetThreads,
    ClearHash,
    SetChess960,
    SetSyzygyPath,
    /// Load the net of `EvalFile`.
    LoadEvalFile,
    /// `UseNNUE` changed: a net must be loaded to turn it on.
    SetUseNnue,
    /// Load the policy head of `PolicyFile`.
    LoadPolicyFile,
}

/// One option: how `uci` names it, what its values are, and what a change does beyond
/// storing the value.
#[derive(Clone, Copy)]
struct UciOption {
    name: &'static str,
    kind: &'static dyn Kind,
    effect: Effect,
}

impl UciOption {
    /// A line of one of the search's tables: storing its value is all a change does.
    fn from_table(name: &'static str, kind: &'static dyn Kind) -> UciOption {
        UciOption {
            name,
            kind,
            effect: Effect::None,
        }
    }
}

/// An option's type: how it is declared and how a `setoption` value is read and stored.
trait Kind {
    /// The declaration after the option's name (`type spin default 16 min 1 max 65536`);
    /// the default is read from `defaults`.
    fn declaration(&self, defaults: &Options) -> String;

    /// Reads `value` into `options`, or says why it cannot; on error `options` is unchanged.
    /// `name` is the option as the GUI spelt it.
    fn store(&self, options: &mut Options, name: &str, value: Option<&str>) -> Result<(), String>;
}

/// A field of `Options`, reached as the search's tables reach theirs.
type Field<T> = fn(&mut Options) -> &mut T;

/// The value of `field` in `options`.
fn read<T: Clone>(field: Field<T>, options: &Options) -> T {
    field(&mut options.clone()).clone()
}

/// A spin option: an integer of its field's type from `min` to `max`. A value that type
/// cannot hold (`-1` for a size) is not a number; one it can but out of bounds is out of
/// range.
struct Spin<T> {
    min: T,
    max: T,
    field: Field<T>,
}

impl<T: FromStr + PartialOrd + Display + Copy> Kind for Spin<T> {
    fn declaration(&self, defaults: &Options) -> String {
        let default = read(self.field, defaults);
        format!(
            "type spin default {default} min {} max {}",
            self.min, self.max
        )
    }

    fn store(&self, options: &mut Options, name: &str, value: Option<&str>) -> Result<(), String> {
        *(self.field)(options) = parse_spin(name, value, self.min, self.max)?;
        Ok(())
    }
}

/// A check option: `true` or `false`, in any case.
struct Check {
    field: Field<bool>,
}

impl Kind for Check {
    fn declaration(&self, defaults: &Options) -> String {
        format!("type check default {}", read(self.field, defaults))
    }

    fn store(&self, options: &mut Options, name: &str, value: Option<&str>) -> Result<(), String> {
        *(self.field)(options) = parse_check(name, value)?;
        Ok(())
    }
}

/// A button: it has no value, only its effect (a value sent with it is ignored).
struct Button;

impl Kind for Button {
    fn declaration(&self, _: &Options) -> String {
        "type button".to_string()
    }

    fn store(&self, _: &mut Options, _: &str, _: Option<&str>) -> Result<(), String> {
        Ok(())
    }
}

/// A string option whose empty value is spelt `<empty>` (as GUIs send it); a missing value
/// is empty too.
struct Text {
    field: Field<String>,
}

/// How the protocol spells an empty string option.
const EMPTY: &str = "<empty>";

/// `EvalFile`'s value for the net embedded in the binary.
pub(crate) const DEFAULT_EVAL_FILE: &str = "<default>";

impl Kind for Text {
    fn declaration(&self, defaults: &Options) -> String {
        let default = read(self.field, defaults);
        let shown = if default.is_empty() { EMPTY } else { &default };
        format!("type string default {shown}")
    }

    fn store(&self, options: &mut Options, _: &str, value: Option<&str>) -> Result<(), String> {
        let v = value.unwrap_or("").trim();
        *(self.field)(options) = if v == EMPTY { "" } else { v }.to_string();
        Ok(())
    }
}

// The search's tables are options as they stand: a technique or an ordering switch is a check
// option, a tunable (in a `tune` build) a spin option. Their errors name them as their table
// spells them, where the engine's own options repeat the GUI's spelling.

impl Kind for Technique {
    fn declaration(&self, defaults: &Options) -> String {
        format!("type check default {}", self.get(defaults.techniques))
    }

    fn store(&self, options: &mut Options, _: &str, value: Option<&str>) -> Result<(), String> {
        let on = parse_check(self.uci, value)?;
        self.set(&mut options.techniques, on);
        Ok(())
    }
}

impl Kind for Switch {
    fn declaration(&self, defaults: &Options) -> String {
        format!("type check default {}", self.get(defaults.heuristics))
    }

    fn store(&self, options: &mut Options, _: &str, value: Option<&str>) -> Result<(), String> {
        let on = parse_check(self.uci, value)?;
        self.set(&mut options.heuristics, on);
        Ok(())
    }
}

#[cfg(feature = "tune")]
impl Kind for crate::search::tunable::Tunable {
    fn declaration(&self, _: &Options) -> String {
        format!(
            "type spin default {} min {} max {}",
            self.default, self.min, self.max
        )
    }

    fn store(&self, _: &mut Options, _: &str, value: Option<&str>) -> Result<(), String> {
        let v = parse_spin(self.name, value, self.min, self.max)?;
        crate::search::tunable::set(self.name, v);
        Ok(())
    }
}

const MAX_THREADS: usize = 256;
const MAX_MULTIPV: usize = 256;
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// The engine's own options, in the order `uci` lists them (the search's tables follow).
#[rustfmt::skip]
const FIXED: &[UciOption] = &[
    UciOption { name: "Hash",              kind: &Spin { min: 1, max: TranspositionTable::MAX_MB, field: |o| &mut o.hash_mb }, effect: Effect::ResizeHash },
    UciOption { name: "Threads",           kind: &Spin { min: 1, max: MAX_THREADS, field: |o| &mut o.threads },               effect: Effect::SetThreads },
    UciOption { name: "MultiPV",           kind: &Spin { min: 1, max: MAX_MULTIPV, field: |o| &mut o.multipv },               effect: Effect::None },
    UciOption { name: "Move Overhead",     kind: &Spin { min: 0, max: MAX_MOVE_OVERHEAD_MS, field: |o| &mut o.move_overhead_ms }, effect: Effect::None },
    UciOption { name: "TimeStability",     kind: &Check { field: |o| &mut o.clock.stability },                                effect: Effect::None },
    UciOption { name: "TimeNodeShare",     kind: &Check { field: |o| &mut o.clock.node_share },                               effect: Effect::None },
    UciOption { name: "TimeFallingScore",  kind: &Check { field: |o| &mut o.clock.falling_score },                            effect: Effect::None },
    UciOption { name: "Clear Hash",        kind: &Button,                                                                     effect: Effect::ClearHash },
    UciOption { name: "Ponder",            kind: &Check { field: |o| &mut o.ponder },                                         effect: Effect::None },
    UciOption { name: "UCI_Chess960",      kind: &Check { field: |o| &mut o.chess960 },                                       effect: Effect::SetChess960 },
    UciOption { name: "UCI_ShowWDL",       kind: &Check { field: |o| &mut o.show_wdl },                                       effect: Effect::None },
    UciOption { name: "SyzygyPath",        kind: &Text { field: |o| &mut o.syzygy_path },                                     effect: Effect::SetSyzygyPath },
    UciOption { name: "EvalFile",          kind: &Text { field: |o| &mut o.eval_file },                                       effect: Effect::LoadEvalFile },
    UciOption { name: "UseNNUE",           kind: &Check { field: |o| &mut o.use_nnue },                                       effect: Effect::SetUseNnue },
    UciOption { name: "PolicyFile",        kind: &Text { field: |o| &mut o.policy_file },                                     effect: Effect::LoadPolicyFile },
    UciOption { name: "Stats",             kind: &Check { field: |o| &mut o.stats },                                          effect: Effect::None },
    UciOption { name: "Selectivity",       kind: &Check { field: |o| &mut o.selectivity },                                    effect: Effect::None },
    UciOption { name: "UCI_LimitStrength", kind: &Check { field: |o| &mut o.limit_strength },                                 effect: Effect::None },
    UciOption { name: "UCI_Elo",           kind: &Spin { min: MIN_ELO, max: MAX_ELO, field: |o| &mut o.uci_elo },             effect: Effect::None },
    UciOption { name: "Skill Level",       kind: &Spin { min: 0, max: MAX_SKILL, field: |o| &mut o.skill_level },             effect: Effect::None },
];

/// Every option, in the order `uci` lists them: `FIXED`, the selective techniques, the
/// ordering switches, and in a `tune` build the search's constants.
fn all() -> impl Iterator<Item = UciOption> {
    let options = FIXED
        .iter()
        .copied()
        .chain(TECHNIQUES.iter().map(|t| UciOption::from_table(t.uci, t)))
        .chain(SWITCHES.iter().map(|s| UciOption::from_table(s.uci, s)));
    #[cfg(feature = "tune")]
    let options = options.chain(
        crate::search::tunable::ALL
            .iter()
            .map(|t| UciOption::from_table(t.name, t)),
    );
    options
}

/// The `option` lines printed in answer to `uci`.
pub(crate) fn declarations() -> Vec<String> {
    let defaults = Options::default();
    all()
        .map(|o| format!("option name {} {}", o.name, o.kind.declaration(&defaults)))
        .collect()
}

fn parse_spin<T: FromStr + PartialOrd + Display + Copy>(
    name: &str,
    value: Option<&str>,
    min: T,
    max: T,
) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("setoption {name}: missing value"))?;
    let n: T = v
        .parse()
        .map_err(|_| format!("setoption {name}: '{v}' is not a number from {min} to {max}"))?;
    if n < min || n > max {
        return Err(format!(
            "setoption {name}: {v} is out of range {min} to {max}"
        ));
    }
    Ok(n)
}

fn parse_check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(v) => Err(format!("setoption {name}: '{v}' is not true or false")),
        None => Err(format!("setoption {name}: missing value")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_in_any_case() {
        let mut names: Vec<String> = all().map(|o| o.name.to_ascii_lowercase()).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "{names:?}");
    }

    #[test]
    fn each_declared_default_is_accepted_and_is_the_default() {
        for line in declarations() {
            let (name, rest) = line
                .strip_prefix("option name ")
                .and_then(|l| l.split_once(" type "))
                .unwrap();
            let default = rest
                .split_once(" default ")
                .map(|(_, d)| d.split(" min ").next().unwrap());
            let mut o = Options::default();
            assert!(o.set(name, default).is_ok(), "{line}");
            assert_eq!(
                format!("{o:?}"),
                format!("{:?}", Options::default()),
                "{line}"
            );
        }
    }

    #[test]
    fn values_are_checked() {
        let mut o = Options::default();
        assert_eq!(o.set("Hash", Some("64")), Ok(Effect::ResizeHash));
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("Hash", Some("65537")).is_err());
        assert!(o.set("Hash", None).is_err());
        assert_eq!(o.hash_mb, 64);
        assert!(o.set("OrderKillers", Some("false")).is_ok());
        assert!(!o.heuristics.ordering.killers);
        assert!(o.set("OrderKillers", Some("maybe")).is_err());
        assert!(o.set("Foo", Some("1")).is_err());
        assert!(o.set("Move Overhead", Some("-1")).is_err());
        // Each of the clock's readings is its own switch.
        assert!(o.set("TimeNodeShare", Some("false")).is_ok());
        assert_eq!(
            o.clock,
            ClockReads {
                node_share: false,
                ..ClockReads::ALL
            }
        );
        assert!(o.set("timefallingscore", Some("false")).is_ok());
        assert!(o.set("TimeStability", Some("false")).is_ok());
        assert!(!o.clock.falling_score && !o.clock.stability);
        assert!(o.set("TimeStability", Some("1")).is_err());
        assert!(!o.clock.stability);
    }

    #[test]
    fn strength_options_are_checked_and_elo_wins_over_skill_level() {
        let mut o = Options::default();
        assert_eq!(o.level(0), None, "full strength by default");
        assert_eq!(o.set("UCI_Elo", Some("1800")), Ok(Effect::None));
        assert_eq!(o.level(0), None, "UCI_Elo alone changes nothing");
        for bad in ["999", "2601", "-5", "strong", ""] {
            assert!(o.set("UCI_Elo", Some(bad)).is_err(), "{bad}");
        }
        assert!(o.set("UCI_Elo", None).is_err());
        assert_eq!(o.uci_elo, 1800, "an error keeps the last good value");
        assert!(o.set("Skill Level", Some("21")).is_err());
        assert!(o.set("Skill Level", Some("-1")).is_err());
        assert_eq!(o.skill_level, MAX_SKILL);
        assert_eq!(o.set("skill level", Some("5")), Ok(Effect::None));
        assert_eq!(o.level(7), Some(Level::from_skill(5.0, 7)));
        assert_eq!(o.set("UCI_LimitStrength", Some("true")), Ok(Effect::None));
        assert_eq!(o.level(7), Some(Level::from_elo(1800, 7)));
        assert!(o.set("UCI_LimitStrength", Some("yes")).is_err());
        assert!(o.limit_strength);
        assert_eq!(o.set("UCI_LimitStrength", Some("false")), Ok(Effect::None));
        assert_eq!(o.set("Skill Level", Some("20")), Ok(Effect::None));
        assert_eq!(o.level(7), None);
        let lines = declarations();
        assert!(lines
            .contains(&"option name UCI_Elo type spin default 1500 min 1000 max 2600".to_string()));
        assert!(lines
            .contains(&"option name Skill Level type spin default 20 min 0 max 20".to_string()));
        assert!(
            lines.contains(&"option name UCI_LimitStrength type check default false".to_string())
        );
        assert!(Level::from_elo(1800, 0).skill() > Level::from_elo(1200, 0).skill());
    }

    #[test]
    fn every_technique_is_declared_and_sets_its_field_alone() {
        let lines = declarations();
        for t in TECHNIQUES {
            let line = format!("option name {} type check default true", t.uci);
            assert!(lines.contains(&line), "{line}");
            let mut o = Options::default();
            assert_eq!(o.set(t.uci, Some("false")), Ok(Effect::None));
            let mut want = Techniques::ALL;
            t.set(&mut want, false);
            assert_eq!(o.techniques, want, "{}", t.uci);
            assert!(o.set(t.uci, Some("nope")).is_err());
            assert_eq!(o.techniques, want, "an error changes nothing");
            assert_eq!(
                o.set(&t.uci.to_ascii_uppercase(), Some("true")),
                Ok(Effect::None)
            );
            assert_eq!(o.techniques, Techniques::ALL);
        }
    }

    #[test]
    fn every_heuristic_switch_is_declared_and_sets_its_field_alone() {
        let lines = declarations();
        for s in SWITCHES {
            let line = format!(
                "option name {} type check default {}",
                s.uci,
                s.get(Heuristics::PLAYING)
            );
            assert!(lines.contains(&line), "{line}");
            let mut o = Options::default();
            for (name, value) in [
                (s.uci.to_string(), "false"),
                (s.uci.to_ascii_lowercase(), "FALSE"),
            ] {
                let mut want = Heuristics::FULL;
                s.set(&mut want, false);
                o.heuristics = Heuristics::FULL;
                assert_eq!(o.set(&name, Some(value)), Ok(Effect::None));
                assert_eq!(o.heuristics, want, "{name}");
            }
            o.heuristics = Heuristics::NONE;
            assert_eq!(o.set(s.uci, Some("true")), Ok(Effect::None));
            let mut want = Heuristics::NONE;
            s.set(&mut want, true);
            assert_eq!(o.heuristics, want, "{}", s.uci);
            assert!(o.set(s.uci, None).is_err());
            assert_eq!(o.heuristics, want, "an error changes nothing");
        }
    }
}
