//! Which techniques of the selective search are on. Each is a line of `TECHNIQUES`, which
//! gives it a UCI check option (default on), so any one of them can be switched off and its
//! worth measured in nodes or in games (`scripts/ablate.sh`). `Selectivity` off (the lab's
//! `--pure`) turns every one of them off at once: alpha-beta alone.

/// One flag per technique of `alpha_beta` and `quiescence` (see `negamax.rs`, where each
/// guards one block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Mate distance pruning.
    pub(crate) mate_distance: bool,
    /// Reverse futility pruning (static null move).
    pub(crate) reverse_futility: bool,
    /// Razoring: quiescence decides far below alpha at low depth.
    pub(crate) razoring: bool,
    /// Null-move pruning with verification at high depth.
    pub(crate) null_move: bool,
    /// Internal iterative reduction without a hash move.
    pub(crate) iir: bool,
    /// Late move pruning of quiets beyond a move count.
    pub(crate) late_move_pruning: bool,
    /// Futility pruning of quiets.
    pub(crate) futility: bool,
    /// Pruning of quiets with very bad history.
    pub(crate) history_pruning: bool,
    /// SEE pruning of quiets and captures.
    pub(crate) see_pruning: bool,
    /// Singular (and double) extensions, multi-cut.
    pub(crate) singular: bool,
    /// No check extension for checks that lose material (off: every check extended).
    pub(crate) check_extension_see: bool,
    /// Late move reductions.
    pub(crate) lmr: bool,
    /// Late move reductions of the root's losing captures too (off: the root searches each
    /// capture SEE calls losing, sacrifices among them, to full depth; see docs/tactics.md,
    /// Arasan 2023 #111 and #127).
    pub(crate) root_capture_lmr: bool,
    /// Moves that give check are spared from late move, futility and history pruning and
    /// from quiescence's delta pruning.
    pub(crate) spare_checks: bool,
    /// No reverse futility pruning or null move where beta is a decisive loss, and no razoring
    /// where alpha is a decisive win (beyond `tunable::decisive_window`): only a mate or a heap
    /// of material crosses such a bound, and neither a static margin nor a pass into
    /// quiescence (blind to quiet mates) bounds them.
    pub(crate) decisive_windows: bool,
    /// Quiescence: losing captures skipped, delta pruning.
    pub(crate) quiescence_pruning: bool,
}

impl Techniques {
    pub const ALL: Techniques = Techniques {
        mate_distance: true,
        reverse_futility: true,
        razoring: true,
        null_move: true,
        iir: true,
        late_move_pruning: true,
        futility: true,
        history_pruning: true,
        see_pruning: true,
        singular: true,
        check_extension_see: true,
        lmr: true,
        root_capture_lmr: true,
        spare_checks: true,
        decisive_windows: true,
        quiescence_pruning: true,
    };

    /// Alpha-beta alone (every check extended, every capture searched in quiescence).
    pub const NONE: Techniques = Techniques {
        mate_distance: false,
        reverse_futility: false,
        razoring: false,
        null_move: false,
        iir: false,
        late_move_pruning: false,
        futility: false,
        history_pruning: false,
        see_pruning: false,
        singular: false,
        check_extension_see: false,
        lmr: false,
        root_capture_lmr: false,
        spare_checks: false,
        decisive_windows: false,
        quiescence_pruning: false,
    };
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

/// One technique: a field of `Techniques` and the names it goes by.
#[derive(Clone, Copy, Debug)]
pub struct Technique {
    /// A short name, for scripts and tables.
    pub name: &'static str,
    /// Its UCI check option.
    pub uci: &'static str,
    pub(crate) field: fn(&mut Techniques) -> &mut bool,
}

impl Technique {
    pub(crate) fn get(&self, mut t: Techniques) -> bool {
        *(self.field)(&mut t)
    }

    pub fn set(&self, t: &mut Techniques, on: bool) {
        *(self.field)(t) = on;
    }
}

/// Every technique, in the order a node applies them. The UCI options and the ablation
/// scripts read this table.
#[rustfmt::skip]
pub const TECHNIQUES: &[Technique] = &[
    Technique { name: "mdp",     uci: "SearchMateDistance",     field: |t| &mut t.mate_distance },
    Technique { name: "rfp",     uci: "SearchReverseFutility",  field: |t| &mut t.reverse_futility },
    Technique { name: "razor",   uci: "SearchRazoring",         field: |t| &mut t.razoring },
    Technique { name: "nmp",     uci: "SearchNullMove",         field: |t| &mut t.null_move },
    Technique { name: "iir",     uci: "SearchIIR",              field: |t| &mut t.iir },
    Technique { name: "lmp",     uci: "SearchLateMovePruning",  field: |t| &mut t.late_move_pruning },
    Technique { name: "fp",      uci: "SearchFutility",         field: |t| &mut t.futility },
    Technique { name: "hp",      uci: "SearchHistoryPruning",   field: |t| &mut t.history_pruning },
    Technique { name: "seep",    uci: "SearchSeePruning",       field: |t| &mut t.see_pruning },
    Technique { name: "se",      uci: "SearchSingular",         field: |t| &mut t.singular },
    Technique { name: "checkext", uci: "SearchCheckSee",        field: |t| &mut t.check_extension_see },
    Technique { name: "lmr",     uci: "SearchLMR",              field: |t| &mut t.lmr },
    Technique { name: "lmrroot", uci: "SearchRootCaptureLMR",   field: |t| &mut t.root_capture_lmr },
    Technique { name: "checks",  uci: "SearchSpareChecks",      field: |t| &mut t.spare_checks },
    Technique { name: "decisive", uci: "SearchDecisiveWindows", field: |t| &mut t.decisive_windows },
    Technique { name: "qsp",     uci: "SearchQsPruning",        field: |t| &mut t.quiescence_pruning },
];

/// `Techniques::ALL` with the techniques named in `list` (comma-separated short names, as in
/// `TECHNIQUES`) switched off; an unknown name is an error that lists the known ones.
pub fn all_but(list: &str) -> Result<Techniques, String> {
    let mut t = Techniques::ALL;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let tech = TECHNIQUES
            .iter()
            .find(|x| x.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                let known: Vec<&str> = TECHNIQUES.iter().map(|x| x.name).collect();
                format!("unknown technique '{name}' (known: {})", known.join(", "))
            })?;
        tech.set(&mut t, false);
    }
    Ok(t)
}

/// The short names of the techniques `t` has off, in the table's order.
pub(crate) fn names_off(t: Techniques) -> Vec<&'static str> {
    TECHNIQUES
        .iter()
        .filter(|x| !x.get(t))
        .map(|x| x.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_covers_every_field_once_with_unique_names() {
        let mut t = Techniques::NONE;
        for (i, a) in TECHNIQUES.iter().enumerate() {
            let mut only = Techniques::NONE;
            a.set(&mut only, true);
            assert_ne!(only, Techniques::NONE, "{}", a.name);
            for b in &TECHNIQUES[i + 1..] {
                let mut other = Techniques::NONE;
                b.set(&mut other, true);
                assert_ne!(only, other, "{} and {}", a.name, b.name);
                assert_ne!(a.name, b.name);
                assert!(!a.uci.eq_ignore_ascii_case(b.uci));
            }
            a.set(&mut t, true);
        }
        assert_eq!(t, Techniques::ALL);
    }

    #[test]
    fn all_but_switches_off_exactly_the_named_ones() {
        let t = all_but("nmp, RFP").unwrap();
        assert!(!t.null_move && !t.reverse_futility);
        assert_eq!(names_off(t), vec!["rfp", "nmp"]);
        let mut back = t;
        back.null_move = true;
        back.reverse_futility = true;
        assert_eq!(back, Techniques::ALL);
        assert_eq!(all_but("").unwrap(), Techniques::ALL);
        assert!(names_off(Techniques::ALL).is_empty());
        assert_eq!(names_off(Techniques::NONE).len(), TECHNIQUES.len());
        let e = all_but("nmp,nope").unwrap_err();
        assert!(e.contains("'nope'") && e.contains("lmr"), "{e}");
    }
}
