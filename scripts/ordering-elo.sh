#!/usr/bin/env bash
# ordering-elo.sh - Elo per ordering heuristic: the full engine against the engine with one
# ordering heuristic switched off (each `Order...` UCI option in turn: hash move, MVV-LVA,
# SEE split, killers, history, and any added since), N games each, as a markdown table and an
# SVG bar chart with 95% error bars (scripts/ablate.sh does the work).
#
# Usage:
#   scripts/ordering-elo.sh ENGINE [--games N] [--tc TC | --nodes N] [--out DIR] [ablate.sh options]
# Defaults: 2000 games per heuristic (about +-15 Elo at 95% with the UHO book's draw rate),
# 4+0.04, out dir ordering-elo-out. The games of one heuristic are pairs of one opening with
# colours swapped, openings from ../shared/data/books/UHO_4060_v3.epd.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -ge 1 && "$1" != -* ]] || { sed -n '/^# Usage:/,/^# colours/p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
ENGINE="$1"; shift
exec "$REPO_ROOT/scripts/ablate.sh" "$ENGINE" --prefix Order --games 2000 --tc 4+0.04 \
    --out ordering-elo-out --title "Move ordering: Elo lost when each heuristic is off" "$@"
