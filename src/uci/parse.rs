//! Parsing the arguments of `position` and `go`.

use crate::board::perft::check_perft_depth;
use crate::board::{Board, STARTPOS};
use crate::position::Position;
use crate::search::{Limits, MAX_DEPTH};

/// Builds the position a `position` command describes (the text after the word `position`).
/// Any error leaves nothing changed: the caller keeps its last good position.
pub fn parse_position(args: &[&str], chess960: bool) -> Result<Position, String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let board = match setup.first() {
        Some(&"startpos") => {
            if setup.len() > 1 {
                return Err(format!(
                    "position: unexpected '{}' after startpos",
                    setup[1..].join(" ")
                ));
            }
            Board::from_fen(STARTPOS).map_err(|e| e.to_string())?
        }
        Some(&"fen") => {
            if setup.len() < 2 {
                return Err("position fen: missing the FEN".to_string());
            }
            Board::from_fen(&setup[1..].join(" ")).map_err(|e| format!("position fen: {e}"))?
        }
        Some(other) => {
            return Err(format!(
                "position: expected 'startpos' or 'fen', got '{other}'"
            ))
        }
        None => return Err("position: expected 'startpos' or 'fen'".to_string()),
    };
    let mut pos = Position::new(board);
    pos.set_chess960(chess960);
    for (i, text) in moves.iter().enumerate() {
        let m = pos
            .board()
            .parse_uci_move(text, chess960)
            .map_err(|e| format!("position: move {} {e}", i + 1))?;
        pos.make_move(m);
    }
    Ok(pos)
}

/// The parameters `go` knows: a `searchmoves` list runs until the next of them.
const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// What `go` asked for, and what the engine has to say about the parts it could not use as
/// written.
pub struct Go {
    pub limits: Limits,
    /// The moves after `searchmoves`, as written: only the position can say which are legal.
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
    /// `perft` was asked for with a bad depth: nothing should run.
    pub bad_perft: bool,
    /// Parts left out (a value that is no number, a missing value, an unknown word): each
    /// an `info string error:` line.
    pub errors: Vec<String>,
    /// Values used otherwise than written (out of range, so clamped; a limit put in for
    /// want of any other): each an `info string warning:` line saying what was used.
    pub warnings: Vec<String>,
}

/// The value after `key`, a whole number within `lo..=hi`: one outside (too large for
/// `i64` too) is clamped, and a warning says what was used.
fn number(
    key: &str,
    v: Option<&&str>,
    (lo, hi): (i64, i64),
    warnings: &mut Vec<String>,
) -> Result<i64, String> {
    use std::num::IntErrorKind;
    let Some(v) = v else {
        return Err(format!("go: '{key}' needs a value; left out"));
    };
    // A value beyond `i64` is beyond the range too: clamped, with the same warning.
    let (n, beyond_i64) = match v.parse::<i64>() {
        Ok(n) => (n, false),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => (i64::MAX, true),
        Err(e) if *e.kind() == IntErrorKind::NegOverflow => (i64::MIN, true),
        Err(_) => return Err(format!("go: '{key} {v}' is not a whole number; left out")),
    };
    if n < lo || beyond_i64 && n == i64::MIN {
        warnings.push(format!("go: {key} {v} is below {lo}; using {key} {lo}"));
    } else if n > hi || beyond_i64 && n == i64::MAX {
        warnings.push(format!("go: {key} {v} is above {hi}; using {key} {hi}"));
    }
    Ok(n.clamp(lo, hi))
}

/// A time in milliseconds; a negative one (a clock that ran over) counts as 0.
const MILLIS: (i64, i64) = (0, i64::MAX);

/// Whether anything in `l` ends a search by itself (`ponder`, `winc`, `binc` and
/// `movestogo` do not).
fn has_limit(l: &Limits) -> bool {
    l.wtime.is_some()
        || l.btime.is_some()
        || l.movetime.is_some()
        || l.depth.is_some()
        || l.nodes.is_some()
        || l.mate.is_some()
        || l.infinite
}

/// Parses `go` arguments. A bad part is reported and left out; the search runs within the
/// limits that were understood, or to depth 1 when a bad part left it none (a GUI waiting
/// for `bestmove` must get one). A `go` with no parameter at all still searches until `stop`.
pub fn parse_go(args: &[&str]) -> Go {
    let mut l = Limits::default();
    let mut perft = None;
    let mut bad_perft = false;
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut searchmoves = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        // A keyword is never a value: `go movetime depth 5` lacks the time, not the depth.
        let val = args.get(i + 1).filter(|v| !GO_KEYWORDS.contains(v));
        let mut consumed = 1 + usize::from(val.is_some());
        let w = &mut warnings;
        let r: Result<(), String> = match key {
            "wtime" => number(key, val, MILLIS, w).map(|v| l.wtime = Some(v as u64)),
            "btime" => number(key, val, MILLIS, w).map(|v| l.btime = Some(v as u64)),
            "winc" => number(key, val, MILLIS, w).map(|v| l.winc = Some(v as u64)),
            "binc" => number(key, val, MILLIS, w).map(|v| l.binc = Some(v as u64)),
            "movetime" => number(key, val, MILLIS, w).map(|v| l.movetime = Some(v as u64)),
            "movestogo" => {
                number(key, val, (1, MAX_MOVESTOGO), w).map(|v| l.movestogo = Some(v as u32))
            }
            "depth" => number(key, val, (1, MAX_DEPTH.into()), w).map(|v| l.depth = Some(v as i32)),
            "nodes" => number(key, val, (1, i64::MAX), w).map(|v| l.nodes = Some(v as u64)),
            "mate" => number(key, val, (1, MAX_MATE), w).map(|v| l.mate = Some(v as i32)),
            "perft" => {
                let r = match val {
                    None => Err("go perft: needs a depth".to_string()),
                    Some(v) => v
                        .parse::<i64>()
                        .map_err(|_| format!("'{v}' is not a depth"))
                        .and_then(check_perft_depth)
                        .map_err(|e| format!("go perft: {e}")),
                }
                .map(|d| perft = Some(d));
                bad_perft |= r.is_err();
                r
            }
            "infinite" => {
                consumed = 1;
                l.infinite = true;
                Ok(())
            }
            "ponder" => {
                consumed = 1;
                l.ponder = true;
                Ok(())
            }
            "searchmoves" => {
                let list: Vec<String> = args[i + 1..]
                    .iter()
                    .take_while(|t| !GO_KEYWORDS.contains(t))
                    .map(|t| t.to_string())
                    .collect();
                consumed = 1 + list.len();
                let none = list.is_empty();
                searchmoves.extend(list);
                if none {
                    Err("go: searchmoves lists no move, searching all moves".to_string())
                } else {
                    Ok(())
                }
            }
            other => {
                consumed = 1;
                Err(format!("go: unknown parameter '{other}'; left out"))
            }
        };
        if let Err(e) = r {
            errors.push(e);
        }
        i += consumed;
    }
    if !errors.is_empty() && !has_limit(&l) && perft.is_none() && !bad_perft {
        l.depth = Some(1);
        warnings.push("go: no limit understood; searching depth 1".to_string());
    }
    Go {
        limits: l,
        searchmoves,
        perft,
        bad_perft,
        errors,
        warnings,
    }
}

/// `movestogo` beyond this is read as this (the time manager plans at most 50 moves ahead).
const MAX_MOVESTOGO: i64 = 10_000;
/// The longest mate `go mate` looks for, in moves (the search's plies, halved).
const MAX_MATE: i64 = 63;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_move_is_an_error() {
        let e = parse_position(&["startpos", "moves", "e2e4", "e7e5", "e1e8"], false)
            .err()
            .unwrap();
        assert!(e.contains("move 3") && e.contains("e1e8"), "{e}");
        let p = parse_position(&["startpos", "moves", "e2e4", "e7e5", "g1f3"], false).unwrap();
        assert_eq!(p.ply_count(), 3);
    }

    #[test]
    fn go_parses_and_warns() {
        let g = parse_go(&["wtime", "-10", "btime", "5000", "depth", "x", "bogus"]);
        assert_eq!(g.limits.wtime, Some(0));
        assert_eq!(g.limits.btime, Some(5000));
        assert_eq!(g.limits.depth, None, "a clock was understood");
        assert_eq!(g.errors.len(), 2, "{:?}", g.errors);
        assert_eq!(g.warnings, ["go: wtime -10 is below 0; using wtime 0"]);
        assert!(!g.bad_perft);
        for bad in [["perft", "0"], ["perft", "x"], ["perft", "99"]] {
            let g = parse_go(&bad);
            assert!(g.bad_perft && g.perft.is_none() && g.errors.len() == 1);
            assert!(g.warnings.is_empty(), "no search, so no depth 1");
        }
        assert_eq!(parse_go(&["perft", "3"]).perft, Some(3));
    }

    #[test]
    fn a_go_left_without_a_limit_by_bad_parts_searches_depth_1() {
        for args in [
            &["movetime", "abc"][..],
            &["movetime"],
            &["foo"],
            &["winc", "100", "depth", "-"],
            &["ponder", "nodes", "x"],
            &["searchmoves"],
        ] {
            let g = parse_go(args);
            assert_eq!(g.limits.depth, Some(1), "{args:?}");
            assert!(!g.errors.is_empty(), "{args:?}");
            assert!(
                g.warnings.last().unwrap().contains("depth 1"),
                "{args:?}: {:?}",
                g.warnings
            );
        }
        // What was understood stays the limit; no parameter at all is still "until stop".
        let g = parse_go(&["depth", "4", "movetime", "abc"]);
        assert_eq!((g.limits.depth, g.limits.movetime), (Some(4), None));
        assert!(parse_go(&["infinite", "bogus"]).limits.depth.is_none());
        let g = parse_go(&[]);
        assert!(g.limits.depth.is_none() && g.errors.is_empty() && g.warnings.is_empty());
        // A keyword is not taken for a missing value.
        let g = parse_go(&["movetime", "depth", "2"]);
        assert_eq!((g.limits.depth, g.errors.len()), (Some(2), 1));
        assert!(g.errors[0].contains("needs a value"), "{:?}", g.errors);
    }

    #[test]
    fn values_out_of_range_are_clamped_and_said() {
        let cases: [(&[&str], &str); 10] = [
            (&["depth", "-3"], "using depth 1"),
            (&["depth", "0"], "using depth 1"),
            (&["depth", "200"], "using depth 127"),
            (&["nodes", "-5"], "using nodes 1"),
            (&["mate", "0"], "using mate 1"),
            (&["movetime", "-5"], "using movetime 0"),
            (&["movestogo", "0", "wtime", "9"], "using movestogo 1"),
            (&["depth", "99999999999999999999"], "using depth 127"),
            (
                &["movetime", "99999999999999999999"],
                "using movetime 9223372036854775807",
            ),
            (&["wtime", "-99999999999999999999"], "using wtime 0"),
        ];
        for (args, said) in cases {
            let g = parse_go(args);
            assert!(g.errors.is_empty(), "{args:?}: {:?}", g.errors);
            assert_eq!(g.warnings.len(), 1, "{args:?}: {:?}", g.warnings);
            assert!(g.warnings[0].ends_with(said), "{args:?}: {:?}", g.warnings);
        }
        let g = parse_go(&["depth", "200", "nodes", "-5"]);
        assert_eq!((g.limits.depth, g.limits.nodes), (Some(127), Some(1)));
    }

    #[test]
    fn searchmoves_runs_to_the_next_keyword() {
        let g = parse_go(&["searchmoves", "e2e4", "zz", "d2d4", "depth", "3"]);
        assert_eq!(g.searchmoves, ["e2e4", "zz", "d2d4"]);
        assert_eq!(g.limits.depth, Some(3));
        assert!(g.errors.is_empty() && g.warnings.is_empty());
        // Anywhere in the line, and each keyword ends it.
        let g = parse_go(&["wtime", "100", "searchmoves", "a2a3", "infinite"]);
        assert_eq!((g.searchmoves.len(), g.limits.infinite), (1, true));
        let g = parse_go(&["searchmoves", "ponder"]);
        assert!(g.searchmoves.is_empty() && g.limits.ponder);
        assert_eq!(g.errors.len(), 1, "an empty list is said");
    }
}
