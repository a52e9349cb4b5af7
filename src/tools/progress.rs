//! A one-line progress bar on stderr, redrawn in place.

use std::io::{IsTerminal, Write};
use std::time::Instant;

pub struct Progress {
    total: usize,
    done: usize,
    label: String,
    start: Instant,
    last_draw: Option<Instant>,
    enabled: bool,
}

impl Progress {
    pub fn new(total: usize, label: &str) -> Progress {
        Progress {
            total,
            done: 0,
            label: label.to_string(),
            start: Instant::now(),
            last_draw: None,
            enabled: std::io::stderr().is_terminal()
                || std::env::var_os("CUTOFF_PROGRESS").is_some(),
        }
    }

    pub fn inc(&mut self) {
        self.done += 1;
        self.draw(false);
    }

    fn draw(&mut self, force: bool) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if !force && self.done < self.total {
            if let Some(t) = self.last_draw {
                if now.duration_since(t).as_millis() < 100 {
                    return;
                }
            }
        }
        self.last_draw = Some(now);
        const WIDTH: usize = 30;
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        eprint!(
            "\r{} [{}{}] {}/{} {:.1}s",
            self.label,
            "#".repeat(filled.min(WIDTH)),
            "-".repeat(WIDTH - filled.min(WIDTH)),
            self.done,
            self.total,
            self.start.elapsed().as_secs_f64()
        );
        let _ = std::io::stderr().flush();
    }

    pub fn finish(&mut self) {
        if self.enabled {
            self.draw(true);
            eprintln!();
        }
    }
}
