#!/usr/bin/env bash
# ordering-elo.sh - Elo per ordering heuristic: the full engine (every ordering heuristic on)
# against the engine with one heuristic switched off (each `Order...` UCI option in turn: hash
# move, MVV-LVA, SEE split, killers, history, countermove, continuation history, capture
# history, threat term, and any added since), as a markdown table and an SVG bar chart with 95%
# error bars (scripts/ablate.sh does the work).
#
# Usage:
#   scripts/ordering-elo.sh ENGINE [--games N] [--tc TC | --nodes N] [--out DIR] [ablate.sh options]
# Defaults: 4+0.04; the heuristics take turns of 100 games, and each stops once its 95% interval
# is within +-15 Elo (or +-a quarter of its Elo, for one worth far more), at most 2000 games
# (about +-15 Elo with the UHO book's draw rate); out dir ordering-elo-out. `--minutes M` stops
# starting batches after M minutes, with about as many games for each heuristic. Games are
# pairs of one opening with colours swapped, openings from ../shared/data/books/UHO_4060_v3.epd.
#
# The full engine is the engine as it plays plus the heuristics it plays without (countermove,
# threat term): the issue asks for each heuristic's worth on top of all the others. The
# four-ply continuation table is left off: it is a variant of the continuation history's
# depth, not a heuristic of its own, and it measured no better.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
USAGE_END='^# pairs'
[[ $# -ge 1 && "$1" != -* ]] || usage 2
ENGINE="$1"; shift
exec "$REPO_ROOT/scripts/ablate.sh" "$ENGINE" --prefix Order \
    --each OrderCounterMove=true,OrderThreats=true \
    --games 2000 --batch 100 --precision 15 --tc 4+0.04 \
    --out ordering-elo-out --title "Move ordering: Elo lost when each heuristic is off" "$@"
