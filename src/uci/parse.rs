//! Parsing the arguments of `position` and `go`.

use crate::board::{Board, STARTPOS};
use crate::position::Position;
use crate::search::{clamp_depth, Limits};

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

/// The deepest `go perft`: deeper trees take days, and `stop` ends one anyway.
pub(crate) const MAX_PERFT_DEPTH: u32 = 12;

/// What `go` asked for, plus warnings about parts it could not use.
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

pub struct Go {
    pub limits: Limits,
    /// The moves after `searchmoves`, as written: only the position can say which are legal.
    pub searchmoves: Vec<String>,
    pub perft: Option<u32>,
    /// `perft` was asked for with a bad depth: nothing should run.
    pub bad_perft: bool,
    pub(crate) warnings: Vec<String>,
}

fn number<T: std::str::FromStr>(key: &str, v: Option<&&str>) -> Result<T, String> {
    let Some(v) = v else {
        return Err(format!("go: '{key}' needs a value"));
    };
    v.parse()
        .map_err(|_| format!("go: '{key} {v}' is not a valid number"))
}

/// A time in milliseconds; a negative one (a clock that ran over) counts as 0.
fn millis(key: &str, v: Option<&&str>, warnings: &mut Vec<String>) -> Result<u64, String> {
    let n: i64 = number(key, v)?;
    if n < 0 {
        warnings.push(format!("go: {key} {n} is negative, using 0"));
    }
    Ok(n.max(0) as u64)
}

/// Parses `go` arguments. Unknown words are reported and skipped; a search still runs.
pub fn parse_go(args: &[&str]) -> Go {
    let mut l = Limits::default();
    let mut perft = None;
    let mut bad_perft = false;
    let mut warnings = Vec::new();
    let mut searchmoves = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let val = args.get(i + 1);
        let mut consumed = 2;
        let r: Result<(), String> = match key {
            "wtime" => millis(key, val, &mut warnings).map(|v| l.wtime = Some(v)),
            "btime" => millis(key, val, &mut warnings).map(|v| l.btime = Some(v)),
            "winc" => millis(key, val, &mut warnings).map(|v| l.winc = Some(v)),
            "binc" => millis(key, val, &mut warnings).map(|v| l.binc = Some(v)),
            "movetime" => millis(key, val, &mut warnings).map(|v| l.movetime = Some(v)),
            "movestogo" => {
                number::<i64>(key, val).map(|v| l.movestogo = Some(v.clamp(1, 10_000) as u32))
            }
            "depth" => number::<i64>(key, val).map(|v| l.depth = Some(clamp_depth(v))),
            "nodes" => number::<i64>(key, val).map(|v| l.nodes = Some(v.max(1) as u64)),
            "mate" => number::<i64>(key, val).map(|v| l.mate = Some(v.clamp(1, 63) as i32)),
            "perft" => {
                let r = number::<u32>(key, val).and_then(|v| {
                    if (1..=MAX_PERFT_DEPTH).contains(&v) {
                        perft = Some(v);
                        Ok(())
                    } else {
                        Err(format!(
                            "go perft: depth {v} is out of range 1 to {MAX_PERFT_DEPTH}"
                        ))
                    }
                });
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
                Err(format!("go: unknown parameter '{other}'"))
            }
        };
        if let Err(e) = r {
            warnings.push(e);
        }
        i += consumed;
    }
    Go {
        limits: l,
        searchmoves,
        perft,
        bad_perft,
        warnings,
    }
}

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
        assert_eq!(g.warnings.len(), 3);
        assert!(!g.bad_perft);
        for bad in [["perft", "0"], ["perft", "x"], ["perft", "99"]] {
            let g = parse_go(&bad);
            assert!(g.bad_perft && g.perft.is_none() && g.warnings.len() == 1);
        }
        assert_eq!(parse_go(&["perft", "3"]).perft, Some(3));
    }

    #[test]
    fn searchmoves_runs_to_the_next_keyword() {
        let g = parse_go(&["searchmoves", "e2e4", "zz", "d2d4", "depth", "3"]);
        assert_eq!(g.searchmoves, ["e2e4", "zz", "d2d4"]);
        assert_eq!(g.limits.depth, Some(3));
        assert!(g.warnings.is_empty());
        // Anywhere in the line, and each keyword ends it.
        let g = parse_go(&["wtime", "100", "searchmoves", "a2a3", "infinite"]);
        assert_eq!((g.searchmoves.len(), g.limits.infinite), (1, true));
        let g = parse_go(&["searchmoves", "ponder"]);
        assert!(g.searchmoves.is_empty() && g.limits.ponder);
        assert_eq!(g.warnings.len(), 1, "an empty list is said");
    }
}
