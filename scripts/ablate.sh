#!/usr/bin/env bash
# ablate.sh - what each part of the engine is worth in games: the full engine against the
# same binary with one part switched off, for each part in turn.
#
# Why: the ordering lab shows what a heuristic saves in nodes; this shows what it is worth in
# Elo, side by side, with error bars. Both sides are the same binary, so only the switch
# differs.
#
# Usage:
#   scripts/ablate.sh ENGINE [options] [VARIANT...]
# A VARIANT is NAME:Option=value[,Option=value...], e.g. nmp:SearchNullMove=false.
# Options (defaults in brackets):
#   --prefix P         also one variant per check option whose name starts with P and that
#                      is on (by default, or set true by --each), switched off (asks
#                      ENGINE's `uci`; Order: the ordering switches, Search: the selective
#                      search's techniques)
#   --games N          games per variant (pairs of the same opening, colours swapped)  [400]
#   --batch N          play the variants in turns of N games each, so that a run stopped at
#                      any time (or by --minutes) has about as many games for each; batch k
#                      draws its openings with seed + k                         [--games]
#   --precision E      with --batch: stop a variant once its 95% interval is at most +-E Elo
#                      (or +-a quarter of its Elo, for a part worth much more), at most
#                      --games games
#   --minutes M        with --batch: start no batch after M minutes; the table says so
#   --sprt E0,E1       instead of a fixed count, stop each variant at an SPRT verdict
#                      (nElo bounds, alpha = beta = 0.05), at most --games games (not with
#                      --batch)
#   --tc TC            time control                                   [4+0.04]
#   --nodes N          nodes per move instead of a clock (screening; load-independent)
#   --concurrency N    games at once                                  [2]
#   --book PATH        openings         [<repo>/../shared/data/books/UHO_4060_v3.epd]
#   --seed N           opening order seed                             [42]
#   --out DIR          where logs, results.tsv, table.md and chart.svg go  [ablation-out]
#   --title TEXT       the chart's title
#   --each OPTS        Option=value[,Option=value...] set on BOTH sides, e.g. to measure a
#                      heuristic on top of the build before it with the later ones off
# The table and chart are rewritten after every batch, so an interrupted run keeps what
# finished; run it again with the same --out to go on (batches are summed, and each variant
# goes on from the batches it has). The table gives the full engine's Elo over each variant
# and the same result as the part's worth: positive means the part gains, in play (a variant
# with Option=false) or when switched on (a variant with Option=true).
#
# fastchess: $FASTCHESS, else on PATH.

set -euo pipefail

# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE_END='^# fastchess:'

GAMES=400
BATCH=""
PRECISION=""
MINUTES=""
SPRT=""
TC="4+0.04"
NODES=""
CONCURRENCY=2
BOOK="$BOOKS_DIR/UHO_4060_v3.epd"
SEED=42
OUT="ablation-out"
TITLE=""
PREFIX=""
EACH=""
ENGINE=""
VARIANTS=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) PREFIX="${2:?}"; shift 2 ;;
        --games) GAMES="${2:?}"; shift 2 ;;
        --batch) BATCH="${2:?}"; shift 2 ;;
        --precision) PRECISION="${2:?}"; shift 2 ;;
        --minutes) MINUTES="${2:?}"; shift 2 ;;
        --sprt) SPRT="${2:?}"; shift 2 ;;
        --tc) TC="${2:?}"; shift 2 ;;
        --nodes) NODES="${2:?}"; shift 2 ;;
        --concurrency) CONCURRENCY="${2:?}"; shift 2 ;;
        --book) BOOK="${2:?}"; shift 2 ;;
        --seed) SEED="${2:?}"; shift 2 ;;
        --out) OUT="${2:?}"; shift 2 ;;
        --title) TITLE="${2:?}"; shift 2 ;;
        --each) EACH="${2:?}"; shift 2 ;;
        -h|--help) usage 0 ;;
        -*) die "unknown option: $1 (see --help)" ;;
        *) if [[ -z "$ENGINE" ]]; then ENGINE="$1"; else VARIANTS+=("$1"); fi; shift ;;
    esac
done
[[ -n "$ENGINE" ]] || usage 2
ENGINE="$(abs_exe "$ENGINE")"
BOOK="$(abs_book "$BOOK")"
BOOK_FORMAT="$(book_format "$BOOK" epd)"
[[ "$GAMES" =~ ^[0-9]+$ && "$GAMES" -ge 2 ]] || die "--games must be a number >= 2"
[[ -z "$BATCH" || ( "$BATCH" =~ ^[0-9]+$ && "$BATCH" -ge 2 ) ]] || die "--batch must be a number >= 2"
[[ -z "$PRECISION" || "$PRECISION" =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "--precision must be a number of Elo"
[[ -z "$MINUTES" || "$MINUTES" =~ ^[0-9]+$ ]] || die "--minutes must be a whole number"
[[ -z "$SPRT" || -z "$BATCH" ]] || die "--sprt and --batch do not mix (an SPRT is one run)"
[[ -n "$BATCH" || ( -z "$PRECISION" && -z "$MINUTES" ) ]] || die "--precision and --minutes need --batch"
BATCH="${BATCH:-$GAMES}"

FC="$(find_tool fastchess FASTCHESS)"

if [[ -n "$PREFIX" ]]; then
    # On by default and not switched off by --each, or switched on by --each.
    while read -r name default; do
        case ",$EACH," in
            *",$name=true,"*) on=true ;;
            *",$name=false,"*) on=false ;;
            *) on="$default" ;;
        esac
        [[ "$on" == true ]] && VARIANTS+=("$name:$name=false")
    done < <(printf 'uci\nquit\n' | "$ENGINE" \
        | sed -n "s/^option name \\(${PREFIX}[^ ]*\\) type check default \\(true\\|false\\)\$/\\1 \\2/p")
fi
[[ ${#VARIANTS[@]} -gt 0 ]] || die "no variants (give NAME:Option=value or --prefix)"

if [[ -n "$NODES" ]]; then LIMIT=(nodes="$NODES"); LIMIT_TEXT="$NODES nodes per move"
else LIMIT=(tc="$TC"); LIMIT_TEXT="$TC"; fi
EACH_OPTS=()
if [[ -n "$EACH" ]]; then
    IFS=, read -ra pairs <<<"$EACH"
    for p in "${pairs[@]}"; do EACH_OPTS+=("option.$p"); done
fi
SPRT_ARGS=()
if [[ -n "$SPRT" ]]; then
    IFS=, read -r E0 E1 <<<"$SPRT"
    SPRT_ARGS=(-sprt elo0="$E0" elo1="$E1" alpha=0.05 beta=0.05 model=normalized)
fi

mkdir -p "$OUT"
OUT="$(readlink -f -- "$OUT")"
RESULTS="$OUT/results.tsv"
RESUMED=0
[[ -f "$RESULTS" && $(wc -l < "$RESULTS") -gt 1 && -f "$OUT/conditions.txt" ]] && RESUMED=1
[[ -f "$RESULTS" ]] || printf 'variant\toptions\tlog\n' > "$RESULTS"
conditions() {
    echo "engine: $(shown_path "$ENGINE")"
    echo "limit: $LIMIT_TEXT; games per variant: $GAMES${SPRT:+ (SPRT nElo [$SPRT])}"
    if [[ "$BATCH" != "$GAMES" ]]; then
        echo "in turns of $BATCH games per variant${PRECISION:+, a variant stopping at +-$PRECISION Elo (95%, or +-a quarter of its Elo)}${MINUTES:+, no batch started after $MINUTES minutes}"
    fi
    echo "book: $(shown_path "$BOOK") (seed $SEED, + k for batch k); Threads 1, Hash 16; concurrency $CONCURRENCY"
    [[ -z "$EACH" ]] || echo "both sides: $EACH"
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ); host: $(nproc) cores"
}
# A run that goes on from earlier batches keeps their conditions and adds its own.
if [[ $RESUMED == 1 ]]; then { echo "resumed:"; conditions; } >> "$OUT/conditions.txt"
else conditions > "$OUT/conditions.txt"; fi

report() {
    python3 "$REPO_ROOT/scripts/ablation_report.py" "$RESULTS" \
        --title "${TITLE:-Elo lost when each part is off ($LIMIT_TEXT)}" \
        --conditions "$OUT/conditions.txt" --markdown "$OUT/table.md" --svg "$OUT/chart.svg"
}

START=$(date +%s)
while :; do
    ran=0
    for variant in "${VARIANTS[@]}"; do
        name="${variant%%:*}"
        opts="${variant#*:}"
        [[ "$name" != "$variant" && -n "$opts" ]] || die "variant must be NAME:Option=value: $variant"
        read -r games batches < <(python3 "$REPO_ROOT/scripts/ablation_report.py" "$RESULTS" \
            --next "$name" "$opts" --batch "$BATCH" --max-games "$GAMES" \
            ${PRECISION:+--precision "$PRECISION"})
        [[ -n "$SPRT" && "$batches" -gt 0 ]] && continue  # an SPRT is one run
        [[ "$games" -ge 2 ]] || continue
        if [[ -n "$MINUTES" && $(( $(date +%s) - START )) -ge $(( MINUTES * 60 )) ]]; then
            echo "stopped after $MINUTES minutes (--minutes), before all variants were done" \
                >> "$OUT/conditions.txt"
            report
            break 2
        fi
        engine_opts=()
        IFS=, read -ra pairs <<<"$opts"
        for p in "${pairs[@]}"; do engine_opts+=("option.$p"); done
        # --each options go on each engine, not in fastchess's -each: -each would override the
        # variant's own value of the same option (so --each X=true with a variant X=false would
        # play the same engine twice). The variant's value wins on its side.
        variant_each=()
        for e in "${EACH_OPTS[@]+"${EACH_OPTS[@]}"}"; do
            keep=1
            for o in "${engine_opts[@]}"; do [[ "${e%%=*}" == "${o%%=*}" ]] && keep=0; done
            [[ $keep == 1 ]] && variant_each+=("$e")
        done
        if [[ "$batches" -eq 0 ]]; then tag="$name"; else tag="$name.b$batches"; fi
        log="$OUT/$tag.log"
        echo "ablate.sh: full vs $name ($opts), $LIMIT_TEXT, $games games (batch $batches)"
        "$FC" \
            -engine cmd="$ENGINE" name=full "${EACH_OPTS[@]+"${EACH_OPTS[@]}"}" \
            -engine cmd="$ENGINE" name="$name-off" "${variant_each[@]+"${variant_each[@]}"}" "${engine_opts[@]}" \
            -each "${LIMIT[@]}" option.Threads=1 option.Hash=16 \
            -openings file="$BOOK" format="$BOOK_FORMAT" order=random \
            -srand "$((SEED + batches))" -rounds "$((games / 2))" -repeat \
            -concurrency "$CONCURRENCY" -recover \
            "${SPRT_ARGS[@]+"${SPRT_ARGS[@]}"}" \
            -config outname="$OUT/$tag.json" > "$log" 2>&1 || echo "ablate.sh: fastchess failed for $name (see $log)"
        grep -A6 '^Results of' "$log" | tail -7 || true
        printf '%s\t%s\t%s\n' "$name" "$opts" "$log" >> "$RESULTS"
        report
        ran=1
    done
    [[ $ran == 1 ]] || break
done
[[ -f "$OUT/table.md" ]] && cat "$OUT/table.md"
