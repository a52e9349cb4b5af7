#!/usr/bin/env bash
# gauntlet.sh - play Cutoff against one known outside engine with cutechess-cli.
#
# Why: self-play SPRT (scripts/sprt.sh) only says whether a change beats the
# previous build. Games against fixed, unrelated engines show the absolute
# strength and catch flaws self-play hides (both sides share the same blind
# spots). cutechess-cli is used because it speaks both UCI and xboard, and
# some reference engines (Phalanx, Fairy-Max) are xboard-only.
#
# Setup, and why:
#   - Openings from 8moves_v3.pgn (balanced 8-move openings from the start
#     position, so even engines without setboard, like Fairy-Max, can play
#     them), random order with a fixed seed (--seed) so reruns are comparable.
#   - -repeat with -games 2: each opening is played with both colours.
#   - Engines get 1 thread and 16 MB hash where they have the options, and
#     their own opening books and learning are switched off, so the result
#     measures search and evaluation, not book preparation.
#   - -recover: a crashed engine is restarted rather than ending the match.
#   - Engines run in a scratch directory (dir=) so files they write (learning,
#     logs) do not land in the repo or the caller's directory.
#
# Usage:
#   scripts/gauntlet.sh ENGINE_BIN OPPONENT [options] [-- EXTRA_CUTECHESS_ARGS...]
# OPPONENT (Debian packages; binaries on PATH or in /usr/games):
#   phalanx    xboard, args -l- -b- (no learning, no book)
#   gnuchess   UCI via `gnuchess --uci`, OwnBook=false
#   fairymax   xboard
#   glaurung   UCI, OwnBook=false
#   toga2      UCI, OwnBook=false
#   stockfish  UCI
#   ethereal   UCI (binary ethereal-chess)
# Options (defaults in brackets):
#   --games N          games to play; rounded up to even          [100]
#   --tc TC            time control, cutechess form               [8+0.08]
#   --concurrency N    games played at once                       [2]
#   --book PATH        PGN opening book   [<repo>/../shared/data/books/8moves_v3.pgn]
#   --seed N           seed for the random opening order          [42]
#   --pgn FILE         also write the games to FILE (appends)     [off]
# Anything after "--" is passed to cutechess-cli unchanged (for example
#   -- -each timemargin=50   or   -- -resign movecount=3 score=800).
#
# cutechess-cli is taken from $CUTECHESS, else `cutechess-cli` on PATH.
#
# Output: cutechess-cli's game lines and, at the end, e.g.
#   Score of cutoff vs phalanx: 40 - 50 - 10  [0.450] 100
#   Elo difference: -34.9 +/- 64.2, LOS: 14.3 %, DrawRatio: 10.0 %
# then this script's summary: the same two lines plus counts of time losses,
# disconnects/crashes and illegal moves found in the game results.

set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE_END='^#   -- -each'

GAMES="100"
TC="8+0.08"
CONCURRENCY="2"
BOOK="$BOOKS_DIR/8moves_v3.pgn"
SEED="42"
PGN=""
EXTRA=()
POSITIONAL=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        --games) GAMES="${2:?--games needs a value}"; shift 2 ;;
        --tc) TC="${2:?--tc needs a value}"; shift 2 ;;
        --concurrency) CONCURRENCY="${2:?--concurrency needs a value}"; shift 2 ;;
        --book) BOOK="${2:?--book needs a value}"; shift 2 ;;
        --seed) SEED="${2:?--seed needs a value}"; shift 2 ;;
        --pgn) PGN="${2:?--pgn needs a value}"; shift 2 ;;
        -h|--help) usage 0 ;;
        --) shift; EXTRA=("$@"); break ;;
        -*) die "unknown option: $1 (see --help)" ;;
        *) POSITIONAL+=("$1"); shift ;;
    esac
done

[[ ${#POSITIONAL[@]} -eq 2 ]] || usage 2
game_pairs "$GAMES"

ENGINE_BIN="$(abs_exe "${POSITIONAL[0]}")"
ENGINE_NAME="$(basename -- "$ENGINE_BIN")"
OPPONENT="${POSITIONAL[1]}"

BOOK="$(abs_book "$BOOK")"
BOOK_FORMAT="$(book_format "$BOOK" pgn)"

CC="$(find_tool cutechess-cli CUTECHESS)"

# Debian installs the engines in /usr/games, which is often not on PATH.
find_engine() {
    local p
    if p="$(command -v "$1" 2>/dev/null)"; then
        printf '%s\n' "$p"
    elif [[ -x "/usr/games/$1" ]]; then
        printf '%s\n' "/usr/games/$1"
    else
        die "opponent binary '$1' not found (apt-get install the package providing it)"
    fi
}

# Opponent command, protocol and settings.
case "$OPPONENT" in
    phalanx)
        OPP=(cmd="$(find_engine phalanx)" proto=xboard arg=-l- arg=-b-) ;;
    gnuchess)
        # GNU Chess 6 speaks UCI with --uci. It may segfault on "quit" after the
        # match; that happens after the last game and does not affect results.
        OPP=(cmd="$(find_engine gnuchess)" proto=uci arg=--uci option.OwnBook=false option.Hash=16) ;;
    fairymax)
        OPP=(cmd="$(find_engine fairymax)" proto=xboard) ;;
    glaurung)
        OPP=(cmd="$(find_engine glaurung)" proto=uci option.Threads=1 option.Hash=16
             option.OwnBook=false) ;;
    toga2)
        OPP=(cmd="$(find_engine toga2)" proto=uci "option.Number of Threads=1" option.Hash=16
             option.OwnBook=false) ;;
    stockfish)
        OPP=(cmd="$(find_engine stockfish)" proto=uci option.Threads=1 option.Hash=16) ;;
    ethereal)
        OPP=(cmd="$(find_engine ethereal-chess)" proto=uci option.Threads=1 option.Hash=16) ;;
    *)
        die "unknown opponent '$OPPONENT' (phalanx, gnuchess, fairymax, glaurung, toga2, stockfish, ethereal)" ;;
esac

ROUNDS=$PAIRS

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/cutoff-gauntlet.XXXXXX")"
LOG="$WORK_DIR/cutechess.log"

CMD=(
    "$CC"
    -engine name="$ENGINE_NAME" cmd="$ENGINE_BIN" proto=uci option.Threads=1 option.Hash=16 dir="$WORK_DIR"
    -engine name="$OPPONENT" "${OPP[@]}" dir="$WORK_DIR"
    -each tc="$TC"
    -openings file="$BOOK" format="$BOOK_FORMAT" order=random
    -srand "$SEED"
    -games 2 -rounds "$ROUNDS" -repeat
    -concurrency "$CONCURRENCY"
    -recover
)
if [[ -n "$PGN" ]]; then
    CMD+=(-pgnout "$(abs_out "$PGN")")
fi
CMD+=("${EXTRA[@]+"${EXTRA[@]}"}")

echo "gauntlet.sh: $ENGINE_NAME ($ENGINE_BIN) vs $OPPONENT, $(( ROUNDS * 2 )) games at tc=$TC, book $BOOK (seed $SEED)"
echo "gauntlet.sh: scratch dir and log $WORK_DIR"
printf 'gauntlet.sh: command:'; printf ' %q' "${CMD[@]}"; echo

"$CC" --version >/dev/null 2>&1 || die "$CC does not run"
"${CMD[@]}" 2>&1 | tee "$LOG"

count() { grep -c -E "$1" "$LOG" || true; }
echo "---- gauntlet summary: $ENGINE_NAME vs $OPPONENT ($TC) ----"
grep -E '^Score of ' "$LOG" | tail -n 1 || echo "no score line (see $LOG)"
grep -E '^Elo difference: ' "$LOG" | tail -n 1 || echo "no Elo line (see $LOG)"
echo "time losses: $(count 'loses on time')," \
     "disconnects/crashes: $(count 'disconnects|connection stalls|crash')," \
     "illegal moves: $(count 'illegal move')"
