# shellcheck shell=bash
# lib.sh - helpers shared by the game-running scripts (sprt.sh, gauntlet.sh, ablate.sh,
# ordering-elo.sh): the error exit, --help from the script's own header, checked absolute
# paths, the opening books' folder and format, games rounded to whole pairs, and where fastchess
# and cutechess-cli are found.
#
# Why one file: each script carried its own copy of these, and the copies had begun to drift.
# It is sourced, not run, from the script's own folder:
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# It sets PROG, REPO_ROOT and BOOKS_DIR and defines functions; it sets no shell options (each
# script keeps its own `set -euo pipefail`). Functions that print a path are called as
# X="$(f ...)": a `die` inside then ends the script through `set -e`.

# The name messages start with: the script that was run, not this file.
PROG="$(basename -- "$0")"
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The shared data beside the repositories (books are not kept in the repository).
# shellcheck disable=SC2034  # used by the scripts that source this file
BOOKS_DIR="$REPO_ROOT/../shared/data/books"

die() { echo "$PROG: $*" >&2; exit 2; }

# usage [STATUS]: print the script's header from "# Usage:" down to the line matching the
# regex USAGE_END (set by the script), without the "# ", and exit with STATUS (default 2).
usage() {
    sed -n "/^# Usage:/,/${USAGE_END:?USAGE_END not set}/p" "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-2}"
}

# abs_exe PATH: PATH as an absolute path to an executable file, so nothing depends on the
# working directory the match tool runs engines in.
abs_exe() {
    local p
    p="$(readlink -f -- "$1" 2>/dev/null)" || die "no such file: $1"
    [[ -f "$p" && -x "$p" ]] || die "not an executable file: $1"
    printf '%s\n' "$p"
}

# abs_book PATH: the opening book's absolute path, once it is known to be readable.
abs_book() {
    [[ -r "$1" ]] || die "opening book not readable: $1"
    readlink -f -- "$1"
}

# book_format PATH DEFAULT: pgn or epd from the file's extension, DEFAULT for any other name.
book_format() {
    case "$1" in
        *.pgn) echo pgn ;;
        *.epd) echo epd ;;
        *) echo "$2" ;;
    esac
}

# game_pairs GAMES: check that GAMES is a positive number of games and set PAIRS to the game
# pairs that hold them (each opening is played from both sides), saying so when an odd count
# is rounded up. Not called as $(...): it sets a variable and prints its notice on stdout.
game_pairs() {
    [[ "$1" =~ ^[1-9][0-9]*$ ]] || die "--games needs a positive number of games, not: $1"
    PAIRS=$(( ($1 + 1) / 2 ))
    (( PAIRS * 2 == $1 )) || echo "$PROG: --games $1 is odd; playing $(( PAIRS * 2 ))"
}

# abs_out FILE: FILE's absolute path, its folder made first; the tools write it from their own
# working directory.
abs_out() {
    mkdir -p "$(dirname -- "$1")"
    printf '%s/%s\n' "$(readlink -f -- "$(dirname -- "$1")")" "$(basename -- "$1")"
}

# shown_path PATH: PATH as a record names it: `../shared/...` for the shared data beside the
# repository, else the file's name alone (a record names no machine's folders).
shown_path() {
    local up
    up="$(readlink -f -- "$REPO_ROOT/..")"
    case "$1" in
        "$up"/shared/*) printf '../shared/%s\n' "${1#"$up"/shared/}" ;;
        *) basename -- "$1" ;;
    esac
}

# find_tool NAME VAR: the match tool NAME from $VAR if set, else on PATH.
find_tool() {
    local name="$1" var="$2"
    if [[ -n "${!var:-}" ]]; then
        printf '%s\n' "${!var}"
    elif command -v "$name" >/dev/null 2>&1; then
        command -v "$name"
    else
        die "$name not found: set $var or put it on PATH"
    fi
}

# check_engine EXE [NAME=VALUE...]: EXE answers `uci` with `uciok` and lists each option NAME,
# takes each `setoption` without an `info string error` line, answers `isready` with `readyok`
# and exits on `quit`, all within 30 s; else the script ends with what went wrong. The game
# scripts' --check runs it on their engines, so a renamed option, a net file that does not load
# or an engine that does not start is caught without a match tool.
check_engine() {
    local exe="$1"; shift
    local input="uci"$'\n' opt out
    for opt in "$@"; do
        input+="setoption name ${opt%%=*} value ${opt#*=}"$'\n'
    done
    input+="isready"$'\n'"quit"$'\n'
    out="$(printf '%s' "$input" | timeout 30 "$exe" 2>&1)" \
        || die "$exe did not answer uci, setoption and isready and quit within 30 s"
    grep -qx 'uciok' <<<"$out" || die "$exe did not answer uci with uciok"
    for opt in "$@"; do
        grep -qiF "option name ${opt%%=*} type " <<<"$out" || die "$exe has no option ${opt%%=*}"
    done
    if grep -q '^info string error' <<<"$out"; then
        die "$exe: $(grep -m1 '^info string error' <<<"$out")"
    fi
    grep -qx 'readyok' <<<"$out" || die "$exe did not answer isready with readyok"
}
