//! The learned heuristics a search runs with, each switched on or off: the move ordering's
//! (`ordering::OrderingConfig`) and the evaluation's correction history (`correction.rs`).
//! The switch table `SWITCHES` names each one: its UCI check option, its name in the ordering
//! lab's configurations and in `bench --ordering`, and its place in the lab's labels.

use super::ordering::OrderingConfig;

/// Which learned heuristics are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristics {
    pub ordering: OrderingConfig,
    /// Add to the static evaluation that the node's pruning reads (reverse futility,
    /// razoring, null move, futility, `improving`) the search's average error against it in
    /// positions of the same pawn structure (`correction::CorrectionHistory`). Off, the table
    /// is neither read nor written: the search is the one without it, node for node.
    pub correction: bool,
}

impl Heuristics {
    /// Every heuristic (the lab's `full`).
    pub const FULL: Heuristics = Heuristics {
        ordering: OrderingConfig::FULL,
        correction: true,
    };

    /// The engine as it plays (the UCI options' defaults, bench, datagen).
    pub const PLAYING: Heuristics = Heuristics {
        ordering: OrderingConfig::PLAYING,
        correction: true,
    };

    pub const NONE: Heuristics = Heuristics {
        ordering: OrderingConfig::NONE,
        correction: false,
    };

    /// Parses a configuration name: `none`, `full` (or `all`), `playing` (as the engine
    /// plays), or `+`-joined switch names (`mvvlva`, `hash`, `killers`, `history`, `counter`,
    /// `conthist`, `capthist`, `see`, `corrhist`, ... or an alias from `SWITCHES`), with a leading
    /// `+` or `-` meaning "the previous configuration plus" or "minus" only in lists (see the
    /// ordering lab).
    pub fn parse(name: &str) -> Result<Heuristics, String> {
        match name {
            "none" => return Ok(Heuristics::NONE),
            "full" | "all" => return Ok(Heuristics::FULL),
            "playing" => return Ok(Heuristics::PLAYING),
            _ => {}
        }
        let mut c = Heuristics::NONE;
        for part in name.split('+').filter(|p| !p.is_empty()) {
            match part {
                "none" => {}
                "full" | "all" => c = Heuristics::FULL,
                "playing" => c = c.union(Heuristics::PLAYING),
                _ => match SWITCHES.iter().find(|s| s.answers_to(part)) {
                    Some(s) => s.set(&mut c, true),
                    None => {
                        let known: Vec<&str> = Switch::in_lab_order().map(|s| s.lab).collect();
                        return Err(format!(
                            "unknown heuristic '{part}' in '{name}' (known: none, full, playing, {})",
                            known.join(", ")
                        ));
                    }
                },
            }
        }
        Ok(c)
    }

    /// The heuristics that are on, `+`-joined in the lab's order (`none` when none is): a
    /// name `parse` reads back.
    pub fn names(self) -> String {
        let names: Vec<&str> = Switch::in_lab_order()
            .filter(|s| s.get(self))
            .map(|s| s.lab)
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join("+")
        }
    }

    /// The switches on in either configuration.
    pub(crate) fn union(self, other: Heuristics) -> Heuristics {
        self.with_each_of(other, true)
    }

    /// `self` with every switch of `other` off.
    pub(crate) fn without(self, other: Heuristics) -> Heuristics {
        self.with_each_of(other, false)
    }

    /// `self` with every switch that is on in `other` set to `on`.
    fn with_each_of(self, other: Heuristics, on: bool) -> Heuristics {
        let mut c = self;
        for s in SWITCHES.iter().filter(|s| s.get(other)) {
            s.set(&mut c, on);
        }
        c
    }
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics::PLAYING
    }
}

/// One switch: a field of `Heuristics` with the names it goes by.
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// Its name in the ordering lab's `--configs` lists and in the lab's labels.
    pub(crate) lab: &'static str,
    /// Other names `--configs` accepts.
    pub(crate) aliases: &'static [&'static str],
    /// Its UCI check option.
    pub uci: &'static str,
    /// Where labels list it: the order in which the classic ladder turns switches on, which
    /// starts from MVV-LVA (ordering nothing explodes the search), then the hash move.
    pub(crate) ladder: u8,
    /// The field it sets.
    pub(crate) field: fn(&mut Heuristics) -> &mut bool,
}

/// Every switch, in the order of the UCI options. The UCI options, the lab's configuration
/// lists, its labels and its report all read this table, so a new ordering heuristic needs a
/// field in `OrderingConfig` and one line here. The correction history keeps the UCI name it
/// had when it was counted among the ordering switches.
#[rustfmt::skip]
pub const SWITCHES: &[Switch] = &[
    Switch { lab: "hash",    aliases: &[],           uci: "OrderHashMove", ladder: 1, field: |c| &mut c.ordering.hash_move },
    Switch { lab: "mvvlva",  aliases: &["mvv-lva"],  uci: "OrderMvvLva",   ladder: 0, field: |c| &mut c.ordering.mvv_lva },
    Switch { lab: "killers", aliases: &["killer"],   uci: "OrderKillers",  ladder: 2, field: |c| &mut c.ordering.killers },
    Switch { lab: "history", aliases: &[],           uci: "OrderHistory",  ladder: 3, field: |c| &mut c.ordering.history },
    Switch { lab: "see",     aliases: &["seesplit"], uci: "OrderSeeSplit", ladder: 8, field: |c| &mut c.ordering.see_split },
    Switch { lab: "counter", aliases: &["countermove"], uci: "OrderCounterMove", ladder: 4, field: |c| &mut c.ordering.counter_move },
    Switch { lab: "conthist", aliases: &["continuation"], uci: "OrderContHistory", ladder: 5, field: |c| &mut c.ordering.cont_history },
    Switch { lab: "capthist", aliases: &["capture"], uci: "OrderCaptureHistory", ladder: 7, field: |c| &mut c.ordering.capture_history },
    Switch { lab: "conthist4", aliases: &["continuation4"], uci: "OrderContHistory4", ladder: 6, field: |c| &mut c.ordering.cont_history4 },
    Switch { lab: "threats", aliases: &["threat"], uci: "OrderThreats", ladder: 9, field: |c| &mut c.ordering.threats },
    Switch { lab: "corrhist", aliases: &["correction"], uci: "OrderCorrectionHistory", ladder: 10, field: |c| &mut c.correction },
    Switch { lab: "evalhist", aliases: &["evaldiff"], uci: "OrderEvalHistory", ladder: 11, field: |c| &mut c.ordering.eval_history },
    Switch { lab: "pawnhist", aliases: &["pawnstructure"], uci: "OrderPawnHistory", ladder: 12, field: |c| &mut c.ordering.pawn_history },
    Switch { lab: "policy", aliases: &["learned"], uci: "OrderPolicy", ladder: 13, field: |c| &mut c.ordering.policy },
    Switch { lab: "threathist", aliases: &["threathistory"], uci: "OrderThreatHistory", ladder: 14, field: |c| &mut c.ordering.threat_history },
    Switch { lab: "capthistdef", aliases: &["capturedefended"], uci: "OrderCaptureHistoryDefended", ladder: 15, field: |c| &mut c.ordering.capture_history_defended },
    Switch { lab: "conthist4q", aliases: &["continuation4quiet"], uci: "OrderContHistory4Quiet", ladder: 16, field: |c| &mut c.ordering.cont_history4_quiet },
    Switch { lab: "conthist6q", aliases: &["continuation6quiet"], uci: "OrderContHistory6Quiet", ladder: 17, field: |c| &mut c.ordering.cont_history6_quiet },
    Switch { lab: "lowply", aliases: &["lowplyhistory"], uci: "OrderLowPlyHistory", ladder: 18, field: |c| &mut c.ordering.low_ply_history },
];

impl Switch {
    /// Whether the switch is on in `c`.
    pub(crate) fn get(&self, mut c: Heuristics) -> bool {
        *(self.field)(&mut c)
    }

    pub fn set(&self, c: &mut Heuristics, on: bool) {
        *(self.field)(c) = on;
    }

    /// Whether `name` is the switch's lab name or one of its aliases.
    pub(crate) fn answers_to(&self, name: &str) -> bool {
        self.lab == name || self.aliases.contains(&name)
    }

    /// The switches in the order labels list them (`ladder`).
    pub(crate) fn in_lab_order() -> impl Iterator<Item = &'static Switch> {
        let mut v: Vec<&'static Switch> = SWITCHES.iter().collect();
        v.sort_by_key(|s| s.ladder);
        v.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The configuration with only switch `s` on.
    fn only(s: &Switch) -> Heuristics {
        let mut c = Heuristics::NONE;
        s.set(&mut c, true);
        c
    }

    #[test]
    fn every_switch_parses_alone_under_each_name() {
        for s in SWITCHES {
            for name in std::iter::once(&s.lab).chain(s.aliases) {
                let c = Heuristics::parse(name).unwrap();
                for other in SWITCHES {
                    assert_eq!(
                        other.get(c),
                        other.lab == s.lab,
                        "'{name}' and {}",
                        other.lab
                    );
                }
            }
        }
    }

    #[test]
    fn the_table_covers_every_field_once() {
        // Distinct fields: each switch alone differs from nothing and from every other.
        for (i, a) in SWITCHES.iter().enumerate() {
            assert_ne!(only(a), Heuristics::NONE, "{}", a.lab);
            for b in &SWITCHES[i + 1..] {
                assert_ne!(only(a), only(b), "{} and {}", a.lab, b.lab);
            }
        }
        // Every field: all switches on is FULL, all off is NONE.
        let all = SWITCHES
            .iter()
            .fold(Heuristics::NONE, |c, s| c.union(only(s)));
        assert_eq!(all, Heuristics::FULL);
        let mut none = Heuristics::FULL;
        for s in SWITCHES {
            s.set(&mut none, false);
        }
        assert_eq!(none, Heuristics::NONE);
        // Labels list each switch once.
        let mut ladder: Vec<u8> = SWITCHES.iter().map(|s| s.ladder).collect();
        ladder.sort_unstable();
        assert_eq!(ladder, (0..SWITCHES.len() as u8).collect::<Vec<_>>());
    }

    #[test]
    fn names_are_unique() {
        let mut lab: Vec<&str> = vec!["none", "full", "all", "playing"];
        for s in SWITCHES {
            lab.push(s.lab);
            lab.extend(s.aliases);
        }
        let uci: Vec<String> = SWITCHES
            .iter()
            .map(|s| s.uci.to_ascii_lowercase())
            .collect();
        for names in [&mut lab, &mut uci.iter().map(String::as_str).collect()] {
            let count = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), count, "{names:?}");
        }
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        assert_eq!(
            Heuristics::parse("hash+bogus").unwrap_err(),
            "unknown heuristic 'bogus' in 'hash+bogus' (known: none, full, playing, mvvlva, hash, killers, history, counter, conthist, conthist4, capthist, see, threats, corrhist, evalhist, pawnhist, policy, threathist, capthistdef, conthist4q, conthist6q, lowply)"
        );
        assert_eq!(Heuristics::parse("all"), Ok(Heuristics::FULL));
        assert_eq!(Heuristics::parse("none"), Ok(Heuristics::NONE));
        assert_eq!(Heuristics::parse("playing"), Ok(Heuristics::PLAYING));
    }
}
