#!/usr/bin/env bash
# sprt.sh - SPRT-test a new Cutoff build against a base build with fastchess.
#
# Why: a change to search or evaluation is only kept if it gains Elo (or, for a
# simplification, does not lose any), and a fixed number of games either wastes
# time or decides on noise. An SPRT (sequential probability ratio test) plays
# game pairs until the log-likelihood ratio (LLR) crosses a bound: H1 accepted
# means "the gain is at least ELO1", H0 accepted means "at most ELO0".
# alpha = beta = 0.05 gives the bounds LLR = +-2.94.
#
# How the games are set up, and why:
#   - Both engines run Threads=1 Hash=16, so only the code differs.
#   - Openings come from UHO_4060_v3.epd (unbalanced human openings): fewer
#     draws than balanced books, so the test resolves in fewer games.
#     Order is random with a fixed seed (--seed, fastchess -srand), so reruns
#     of the same pair see the same openings.
#   - -repeat: each opening is played twice with colours swapped, cancelling
#     the opening's bias; results are counted as pentanomial game pairs.
#   - SPRT model is "normalized" (nElo, fastchess's default and fishtest's
#     choice): ELO0/ELO1 are normalized Elo, which is less dependent on
#     the draw rate than logistic Elo. Elo printed next to it is logistic.
#   - -recover: an engine crash restarts the engine instead of ending the run.
#   - --nodes N: both engines search N nodes per move and there is no clock.
#     Deterministic and load-independent, good for quick screening, but it
#     ignores speed changes; confirm with a time-control run.
#
# Usage:
#   scripts/sprt.sh NEW_BINARY BASE_BINARY [options] [-- EXTRA_FASTCHESS_ARGS...]
# Options (defaults in brackets):
#   --tc TC            time control, fastchess/cutechess form    [4+0.04]
#   --nodes N          nodes per move instead of a time control  [off]
#   --elo0 E           SPRT lower bound (nElo)                   [0]
#   --elo1 E           SPRT upper bound (nElo)                   [10]
#   --rounds N         max game pairs (2 games each)             [2500]
#   --games N          no SPRT: a match of exactly N games (N/2 pairs), the
#                      way an issue's bundle is proved; ends with its Elo
#   --concurrency N    games played at once                      [2]
#   --book PATH        opening book, .epd or .pgn  [<repo>/../shared/data/books/UHO_4060_v3.epd]
#   --seed N           seed for the random opening order         [42]
#   --pgn FILE         also write the games to FILE (appends)    [off]
#   --new-option N=V   a UCI option for the new engine only (repeatable), e.g.
#                      --new-option UseNNUE=true --new-option EvalFile=/path/net.nnue
#   --base-option N=V  the same for the base engine
#   --new-name NAME, --base-name NAME   the engines' names in the results
#   --check            play nothing: check the arguments, that both engines answer uci and
#                      isready and take their options, and print the fastchess command
# Anything after "--" is passed to fastchess unchanged (e.g. adjudication:
#   -- -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600).
#
# fastchess is taken from $FASTCHESS, else `fastchess` on PATH (--check needs none).
# fastchess saves its state (for resuming with
# `fastchess -config file=STATE`) outside the repo, in $SPRT_STATE_DIR
# (default ${TMPDIR:-/tmp}/cutoff-sprt); the path is printed at the start.
#
# Output: fastchess prints a results block every 10 pairs and at the end:
#   Results of NEW vs BASE (4+0.04, 1t, 16MB, UHO_4060_v3.epd):
#   Elo: 43.66 +/- 212.86, nElo: 56.36 +/- 240.76
#   LOS: 67.68 %, DrawRatio: 50.00 %, PairsRatio: 1.00
#   Games: 8, Wins: 4, Losses: 3, Draws: 1, Points: 4.5 (56.25 %)
#   Ptnml(0-2): [0, 1, 2, 0, 1], WL/DD Ratio: inf
#   LLR: 0.04 (1.3%) (-2.94, 2.94) [0.00, 10.00]
# and, when a bound is crossed, "SPRT ([0.00, 10.00]) completed - H1 was accepted"
# (or H0). This script ends with one line of its own, from the last LLR line:
#   SPRT verdict: H1 accepted; LLR: 2.95 (100.3%) (-2.94, 2.94) [0.00, 10.00]
# (or "H0 accepted", or "inconclusive (no bound crossed)" when --rounds ran out).
# With --games, the last line is the match's: "Match result: Games: 600, Wins: ...; Elo: ...".
# H1: new gains >= ELO1 nElo (5% false-positive rate); H0: it does not.
#
# A test played in parts (on machines with different core counts, or under a second seed
# after a lost state) is one test: scripts/sprt_merge.py sums the parts' game pairs from their
# state files or logs and prints the Elo, nElo and LLR of the whole, as fastchess computes them.
# If the state is lost but its counts are written down, the test goes on as itself: start this
# script with the same arguments, interrupt it, then `sprt_merge.py STATE COUNTS/W,D,L --into
# STATE` and resume STATE: fastchess stops on the whole test's LLR and continues the openings.

set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE_END='^#   -- -draw'

TC="4+0.04"
NODES=""
ELO0="0"
ELO1="10"
ROUNDS="2500"
GAMES=""
CONCURRENCY="2"
BOOK="$BOOKS_DIR/UHO_4060_v3.epd"
SEED="42"
PGN=""
EXTRA=()
POSITIONAL=()
NEW_OPTS=()
BASE_OPTS=()
NEW_NAME=""
BASE_NAME=""
CHECK=""
NEW_RAW=()
BASE_RAW=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        --tc) TC="${2:?--tc needs a value}"; shift 2 ;;
        --nodes) NODES="${2:?--nodes needs a value}"; shift 2 ;;
        --elo0) ELO0="${2:?--elo0 needs a value}"; shift 2 ;;
        --elo1) ELO1="${2:?--elo1 needs a value}"; shift 2 ;;
        --rounds) ROUNDS="${2:?--rounds needs a value}"; shift 2 ;;
        --games) GAMES="${2:?--games needs a value}"; shift 2 ;;
        --concurrency) CONCURRENCY="${2:?--concurrency needs a value}"; shift 2 ;;
        --book) BOOK="${2:?--book needs a value}"; shift 2 ;;
        --seed) SEED="${2:?--seed needs a value}"; shift 2 ;;
        --pgn) PGN="${2:?--pgn needs a value}"; shift 2 ;;
        --new-option) NEW_OPTS+=("option.${2:?--new-option needs NAME=VALUE}"); NEW_RAW+=("$2"); shift 2 ;;
        --base-option) BASE_OPTS+=("option.${2:?--base-option needs NAME=VALUE}"); BASE_RAW+=("$2"); shift 2 ;;
        --check) CHECK=1; shift ;;
        --new-name) NEW_NAME="${2:?--new-name needs a value}"; shift 2 ;;
        --base-name) BASE_NAME="${2:?--base-name needs a value}"; shift 2 ;;
        -h|--help) usage 0 ;;
        --) shift; EXTRA=("$@"); break ;;
        -*) die "unknown option: $1 (see --help)" ;;
        *) POSITIONAL+=("$1"); shift ;;
    esac
done

[[ ${#POSITIONAL[@]} -eq 2 ]] || usage 2

# Absolute paths, so nothing depends on fastchess's working directory.
NEW_BIN="$(abs_exe "${POSITIONAL[0]}")"
BASE_BIN="$(abs_exe "${POSITIONAL[1]}")"
BOOK="$(abs_book "$BOOK")"
BOOK_FORMAT="$(book_format "$BOOK" epd)"

if [[ -n "$CHECK" ]]; then
    FC="$(find_tool fastchess FASTCHESS 2>/dev/null)" || FC="fastchess"
else
    FC="$(find_tool fastchess FASTCHESS)"
fi

# Engine names: the file names, made distinct when both builds share one.
NEW_NAME="${NEW_NAME:-$(basename -- "$NEW_BIN")}"
BASE_NAME="${BASE_NAME:-$(basename -- "$BASE_BIN")}"
if [[ "$NEW_NAME" == "$BASE_NAME" ]]; then
    NEW_NAME="$NEW_NAME-new"
    BASE_NAME="$BASE_NAME-base"
fi

# A fixed match: whole pairs, so each opening is played from both sides.
if [[ -n "$GAMES" ]]; then
    game_pairs "$GAMES"
    ROUNDS=$PAIRS
    GAMES=$((PAIRS * 2))
    TEST=()
else
    TEST=(-sprt elo0="$ELO0" elo1="$ELO1" alpha=0.05 beta=0.05 model=normalized)
fi

if [[ -n "$NODES" ]]; then
    LIMIT=(nodes="$NODES")
else
    LIMIT=(tc="$TC")
fi

STATE_DIR="${SPRT_STATE_DIR:-${TMPDIR:-/tmp}/cutoff-sprt}"
if [[ -z "$CHECK" ]]; then
    mkdir -p "$STATE_DIR"
    # Absolute: fastchess saves its state to this name as given, relative to the folder it runs
    # in, so a relative name resumed from another folder would save nothing (and say nothing).
    STATE_DIR="$(cd "$STATE_DIR" && pwd)"
fi
STATE="$STATE_DIR/sprt-$(date +%Y%m%d-%H%M%S)-$$.json"
LOG="${STATE%.json}.log"

CMD=(
    "$FC"
    -engine cmd="$NEW_BIN" name="$NEW_NAME" "${NEW_OPTS[@]+"${NEW_OPTS[@]}"}"
    -engine cmd="$BASE_BIN" name="$BASE_NAME" "${BASE_OPTS[@]+"${BASE_OPTS[@]}"}"
    -each "${LIMIT[@]}" option.Threads=1 option.Hash=16
    -openings file="$BOOK" format="$BOOK_FORMAT" order=random
    -srand "$SEED"
    -rounds "$ROUNDS" -repeat
    -concurrency "$CONCURRENCY"
    "${TEST[@]+"${TEST[@]}"}"
    -recover
    -config outname="$STATE"
)
if [[ -n "$PGN" && -n "$CHECK" ]]; then
    CMD+=(-pgnout file="$PGN")
elif [[ -n "$PGN" ]]; then
    CMD+=(-pgnout file="$(abs_out "$PGN")")
fi
CMD+=("${EXTRA[@]+"${EXTRA[@]}"}")

if [[ -n "$CHECK" ]]; then
    check_engine "$NEW_BIN" "${NEW_RAW[@]+"${NEW_RAW[@]}"}"
    check_engine "$BASE_BIN" "${BASE_RAW[@]+"${BASE_RAW[@]}"}"
    printf 'sprt.sh: would run:'; printf ' %q' "${CMD[@]}"; echo
    echo "sprt.sh: check passed: both engines answer uci and isready with their options; no games played"
    exit 0
fi

echo "sprt.sh: $NEW_NAME ($NEW_BIN) vs $BASE_NAME ($BASE_BIN)"
if [[ -n "$GAMES" ]]; then
    echo "sprt.sh: ${LIMIT[*]}, a match of $GAMES games (no SPRT), book $BOOK (seed $SEED)"
else
    echo "sprt.sh: ${LIMIT[*]}, SPRT nElo [$ELO0, $ELO1] alpha=beta=0.05, up to $ROUNDS pairs, book $BOOK (seed $SEED)"
fi
echo "sprt.sh: fastchess state $STATE, log $LOG"
printf 'sprt.sh: command:'; printf ' %q' "${CMD[@]}"; echo

"${CMD[@]}" 2>&1 | tee "$LOG"

# A match ends with its counts and Elo, as fastchess last printed them.
if [[ -n "$GAMES" ]]; then
    COUNTS="$(grep '^Games:' "$LOG" | tail -n 1 || true)"
    ELO="$(grep '^Elo:' "$LOG" | tail -n 1 || true)"
    if [[ -z "$COUNTS" || -z "$ELO" ]]; then
        echo "Match result: none (fastchess printed no results block; see $LOG)"
        exit 1
    fi
    echo "Match result: $COUNTS; $ELO"
    exit 0
fi

# One closing line, decided from the last LLR line against its bounds
# ("LLR: 0.04 (1.3%) (-2.94, 2.94) [0.00, 10.00]"), so it is right whether or
# not fastchess printed its own "completed" line.
LLR_LINE="$(grep '^LLR:' "$LOG" | tail -n 1 || true)"
if [[ -z "$LLR_LINE" ]]; then
    echo "SPRT verdict: none (fastchess printed no LLR line; see $LOG)"
    exit 1
fi
VERDICT="$(awk '{ gsub(/[(),]/, " "); llr = $2 + 0; lo = $4 + 0; hi = $5 + 0;
    if (llr >= hi) print "H1 accepted";
    else if (llr <= lo) print "H0 accepted";
    else print "inconclusive (no bound crossed)" }' <<<"$LLR_LINE")"
echo "SPRT verdict: $VERDICT; $LLR_LINE"
