//! The text format: one position a line, `FEN | score | result`, the score (Cutoff's internal
//! centipawns) and the result from White's side. The one parser and the one writer of such a
//! line: datagen writes with it, `cutoff data`, the trainer and the tuner read with it.

use super::game::GameResult;
use crate::board::Board;

/// What a text line holds.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    pub board: Board,
    /// White's side, internal centipawns.
    pub score: i32,
    pub result: GameResult,
}

/// A result field: `1.0`/`0.5`/`0.0` (or `1`/`0`, any spelling of those numbers),
/// `1-0`/`1/2-1/2`/`0-1`, from White's side.
pub fn parse_result(s: &str) -> Option<GameResult> {
    match s.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" => Some(GameResult::Draw),
        t => {
            let points = t.parse::<f32>().ok()?;
            [
                GameResult::BlackWins,
                GameResult::Draw,
                GameResult::WhiteWins,
            ]
            .into_iter()
            .find(|r| r.white_points() == points)
        }
    }
}

/// A text line `FEN | score | result` (without its line end), or what is wrong with it.
pub fn parse_line(line: &str) -> Result<TextLine, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    if fields.len() != 3 {
        return Err(format!(
            "{} fields, expected 3 (FEN | score | result)",
            fields.len()
        ));
    }
    let board = Board::from_fen(fields[0]).map_err(|e| e.to_string())?;
    let score = fields[1]
        .parse::<i32>()
        .map_err(|_| format!("score '{}': not an integer", fields[1]))?;
    let result = parse_result(fields[2])
        .ok_or_else(|| format!("result '{}': expected 1.0, 0.5 or 0.0", fields[2]))?;
    Ok(TextLine {
        board,
        score,
        result,
    })
}

/// The line of a position (its FEN), its score and result, without a line end.
pub fn line(fen: &str, score: i32, result: GameResult) -> String {
    format!("{fen} | {score} | {}", result.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_parse_in_every_notation() {
        assert_eq!(parse_result("1-0"), Some(GameResult::WhiteWins));
        assert_eq!(parse_result(" 0.5"), Some(GameResult::Draw));
        assert_eq!(parse_result("1/2-1/2"), Some(GameResult::Draw));
        assert_eq!(parse_result("0"), Some(GameResult::BlackWins));
        assert_eq!(parse_result("1.00"), Some(GameResult::WhiteWins));
        assert_eq!(parse_result("0.3"), None);
        assert_eq!(parse_result("win"), None);
    }

    #[test]
    fn lines_parse_or_say_why_not() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let parsed = parse_line(&format!("{start} | -12 | 0.5")).unwrap();
        assert_eq!(
            parsed,
            TextLine {
                board: Board::startpos(),
                score: -12,
                result: GameResult::Draw
            }
        );
        assert_eq!(
            line(start, -12, GameResult::Draw),
            format!("{start} | -12 | 0.5")
        );
        assert_eq!(
            parse_line(&format!("{start} | 25 | 1/2-1/2"))
                .unwrap()
                .result,
            GameResult::Draw
        );
        let error = |l: &str| parse_line(l).unwrap_err();
        assert!(error("8/8/8/8/8/8/8/8 w - - 0 1 | 3").contains("fields"));
        assert!(error(&format!("{start} | 3 | 1.0 | x")).contains("4 fields"));
        assert!(error(&format!("{start} | x | 0.5")).contains("score"));
        assert!(error(&format!("{start} | 2.5 | 0.5")).contains("score"));
        assert!(error(&format!("{start} | 3 | 0.3")).contains("result"));
        assert!(!error("not a fen | 1 | 1-0").is_empty());
    }
}
