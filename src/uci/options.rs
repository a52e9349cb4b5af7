//! The UCI options: their declarations for `uci` and their parsing for `setoption`.

use crate::search::level::{Level, DEFAULT_ELO, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::search::ordering::{OrderingConfig, SWITCHES};
use crate::search::techniques::{Techniques, TECHNIQUES};
use crate::search::time::DEFAULT_MOVE_OVERHEAD_MS;
use crate::search::tt::TranspositionTable;

/// Every option's current value.
#[derive(Clone, Debug)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub ponder: bool,
    pub chess960: bool,
    pub syzygy_path: String,
    pub stats: bool,
    /// Off: alpha-beta alone, no pruning, reductions or selective extensions (the search
    /// of the ordering experiments).
    pub selectivity: bool,
    /// Each selective technique alone (under `selectivity`).
    pub techniques: Techniques,
    /// `wdl W D L` on info lines with a score.
    pub show_wdl: bool,
    pub ordering: OrderingConfig,
    /// `UCI_LimitStrength`: play at `UCI_Elo`.
    pub limit_strength: bool,
    pub uci_elo: i32,
    /// `Skill Level`: 20 is full strength; lower plays at that skill unless
    /// `UCI_LimitStrength` is on, when `UCI_Elo` rules.
    pub skill_level: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: TranspositionTable::DEFAULT_MB,
            threads: 1,
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            ponder: false,
            chess960: false,
            syzygy_path: String::new(),
            stats: false,
            selectivity: true,
            techniques: Techniques::ALL,
            show_wdl: false,
            ordering: OrderingConfig::PLAYING,
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
}

pub const MAX_THREADS: usize = 256;
pub const MAX_MULTIPV: usize = 256;
pub const MAX_MOVE_OVERHEAD: u64 = 5000;

/// The `option` lines printed in answer to `uci`.
pub fn declarations() -> Vec<String> {
    let mut v = vec![
        format!(
            "option name Hash type spin default {} min 1 max {}",
            TranspositionTable::DEFAULT_MB,
            TranspositionTable::MAX_MB
        ),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        format!("option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD}"),
        "option name Clear Hash type button".to_string(),
        "option name Ponder type check default false".to_string(),
        "option name UCI_Chess960 type check default false".to_string(),
        "option name UCI_ShowWDL type check default false".to_string(),
        "option name SyzygyPath type string default <empty>".to_string(),
        "option name Stats type check default false".to_string(),
        "option name Selectivity type check default true".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"),
        format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
    ];
    for t in TECHNIQUES {
        v.push(format!(
            "option name {} type check default {}",
            t.uci,
            t.get(Options::default().techniques)
        ));
    }
    let defaults = Options::default().ordering;
    for s in SWITCHES {
        v.push(format!(
            "option name {} type check default {}",
            s.uci,
            s.get(defaults)
        ));
    }
    #[cfg(feature = "tune")]
    for t in crate::search::tunable::ALL {
        v.push(format!(
            "option name {} type spin default {} min {} max {}",
            t.name, t.default, t.min, t.max
        ));
    }
    v
}

/// What a `setoption` asks the engine to do beyond storing a value.
#[derive(Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    ResizeHash,
    SetThreads,
    ClearHash,
    SetChess960,
    SetSyzygyPath,
}

fn parse_spin<T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy>(
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

impl Options {
    /// Applies `setoption name NAME [value VALUE]`; on error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, String> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "hash" => {
                self.hash_mb = parse_spin(name, value, 1, TranspositionTable::MAX_MB)?;
                Ok(Effect::ResizeHash)
            }
            "threads" => {
                self.threads = parse_spin(name, value, 1, MAX_THREADS)?;
                Ok(Effect::SetThreads)
            }
            "multipv" => {
                self.multipv = parse_spin(name, value, 1, MAX_MULTIPV)?;
                Ok(Effect::None)
            }
            "move overhead" => {
                self.move_overhead_ms = parse_spin(name, value, 0, MAX_MOVE_OVERHEAD)?;
                Ok(Effect::None)
            }
            "clear hash" => Ok(Effect::ClearHash),
            "ponder" => {
                self.ponder = parse_check(name, value)?;
                Ok(Effect::None)
            }
            "uci_chess960" => {
                self.chess960 = parse_check(name, value)?;
                Ok(Effect::SetChess960)
            }
            "uci_showwdl" => {
                self.show_wdl = parse_check(name, value)?;
                Ok(Effect::None)
            }
            "syzygypath" => {
                let v = value.unwrap_or("").trim();
                self.syzygy_path = if v == "<empty>" {
                    String::new()
                } else {
                    v.to_string()
                };
                Ok(Effect::SetSyzygyPath)
            }
            "stats" => {
                self.stats = parse_check(name, value)?;
                Ok(Effect::None)
            }
            "selectivity" => {
                self.selectivity = parse_check(name, value)?;
                Ok(Effect::None)
            }
            "uci_limitstrength" => {
                self.limit_strength = parse_check(name, value)?;
                Ok(Effect::None)
            }
            "uci_elo" => {
                self.uci_elo = parse_spin(name, value, MIN_ELO, MAX_ELO)?;
                Ok(Effect::None)
            }
            "skill level" => {
                self.skill_level = parse_spin(name, value, 0, MAX_SKILL)?;
                Ok(Effect::None)
            }
            _ => {
                if let Some(s) = SWITCHES.iter().find(|s| s.uci.eq_ignore_ascii_case(name)) {
                    let on = parse_check(s.uci, value)?;
                    s.set(&mut self.ordering, on);
                    return Ok(Effect::None);
                }
                if let Some(t) = TECHNIQUES.iter().find(|t| t.uci.eq_ignore_ascii_case(name)) {
                    let on = parse_check(t.uci, value)?;
                    t.set(&mut self.techniques, on);
                    return Ok(Effect::None);
                }
                #[cfg(feature = "tune")]
                for t in crate::search::tunable::ALL {
                    if t.name.eq_ignore_ascii_case(name) {
                        let v = parse_spin(t.name, value, t.min, t.max)?;
                        crate::search::tunable::set(t.name, v);
                        return Ok(Effect::None);
                    }
                }
                Err(format!("setoption: unknown option '{name}'"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(!o.ordering.killers);
        assert!(o.set("OrderKillers", Some("maybe")).is_err());
        assert!(o.set("Foo", Some("1")).is_err());
        assert!(o.set("Move Overhead", Some("-1")).is_err());
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
    fn every_ordering_switch_is_declared_and_sets_its_field_alone() {
        let lines = declarations();
        for s in SWITCHES {
            let line = format!(
                "option name {} type check default {}",
                s.uci,
                s.get(OrderingConfig::PLAYING)
            );
            assert!(lines.contains(&line), "{line}");
            let mut o = Options::default();
            for (name, value) in [
                (s.uci.to_string(), "false"),
                (s.uci.to_ascii_lowercase(), "FALSE"),
            ] {
                let mut want = OrderingConfig::FULL;
                s.set(&mut want, false);
                o.ordering = OrderingConfig::FULL;
                assert_eq!(o.set(&name, Some(value)), Ok(Effect::None));
                assert_eq!(o.ordering, want, "{name}");
            }
            o.ordering = OrderingConfig::NONE;
            assert_eq!(o.set(s.uci, Some("true")), Ok(Effect::None));
            let mut want = OrderingConfig::NONE;
            s.set(&mut want, true);
            assert_eq!(o.ordering, want, "{}", s.uci);
            assert!(o.set(s.uci, None).is_err());
            assert_eq!(o.ordering, want, "an error changes nothing");
        }
    }
}
