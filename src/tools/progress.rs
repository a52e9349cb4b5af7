//! The progress bar of the long-running commands (the ordering lab, perft suites), drawn by
//! indicatif: one style for every command, shown only where someone is watching.

use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

/// A bar of `total` steps named `label` on stderr, drawn when stderr is a terminal or when
/// CUTOFF_PROGRESS is set (to watch a run whose stderr goes to a file), hidden otherwise so
/// that logs and tests see nothing. Advance it with `inc(1)`; end it with `finish`.
pub(crate) fn bar(total: usize, label: &str) -> ProgressBar {
    let shown = std::io::stderr().is_terminal() || shown();
    let target = if shown {
        // As a `TermLike`, the terminal is drawn to even when it is not a tty (indicatif's
        // own stderr target hides itself then).
        ProgressDrawTarget::term_like_with_hz(Box::new(Term::buffered_stderr()), 10)
    } else {
        ProgressDrawTarget::hidden()
    };
    let style = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {secs}")
        .expect("a valid template")
        .progress_chars("#-")
        .with_key("secs", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1}s", s.elapsed().as_secs_f64());
        });
    let bar = ProgressBar::with_draw_target(Some(total as u64), target);
    bar.set_style(style);
    bar.set_message(label.to_string());
    bar
}

/// Whether CUTOFF_PROGRESS asks for bars on a stderr that is not a terminal.
pub(crate) fn shown() -> bool {
    std::env::var_os("CUTOFF_PROGRESS").is_some()
}

/// Ends a bar made by `bar`, leaving the count where it stopped (a run cut short by Ctrl-C shows
/// how far it got; indicatif's own `finish` would fill it), and ends its line so that what
/// follows starts on a line of its own.
pub(crate) fn finish(bar: &ProgressBar) {
    bar.abandon();
    if !bar.is_hidden() {
        eprintln!();
    }
}
