#!/bin/bash
# What the search statistics cost: builds Cutoff with them (the plain release build) and
# without them (`--features no-stats`), then runs `cutoff bench DEPTH` on the two builds in
# turn, ROUNDS times, and prints each run and the medians. Speed is nodes per CPU second
# (user + sys from /usr/bin/time), which other jobs on a shared machine disturb less than
# wall-clock time; the bench's own wall-clock nps is printed beside it.
#
#   tools/stats_cost.sh [ROUNDS] [DEPTH]      (default 6 rounds, depth 7)
set -euo pipefail
ROUNDS=${1:-6}
DEPTH=${2:-7}
cd "$(dirname "$0")/.."
cargo build --release --quiet
cargo build --release --quiet --features no-stats --target-dir target/no-stats
declare -A BIN=([stats]=target/release/cutoff [nostats]=target/no-stats/release/cutoff)
OUT=$(mktemp)
echo "build round nodes wall_nps cpu_s cpu_nps"
for i in $(seq 1 "$ROUNDS"); do
  for b in stats nostats; do
    run=$( { /usr/bin/time -f "CPU %U %S" "${BIN[$b]}" bench "$DEPTH" | tail -1; } 2>&1 )
    nodes=$(echo "$run" | awk '/ nodes /{print $1}')
    nps=$(echo "$run" | awk '/ nodes /{print $3}')
    cpu=$(echo "$run" | awk '/^CPU/{print $2 + $3}')
    cpu_nps=$(awk -v n="$nodes" -v c="$cpu" 'BEGIN{printf "%d", n / c}')
    echo "$b $i $nodes $nps $cpu $cpu_nps" | tee -a "$OUT"
  done
done
median() { sort -n | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
s=$(awk '$1=="stats"{print $6}' "$OUT" | median)
n=$(awk '$1=="nostats"{print $6}' "$OUT" | median)
echo "median nodes per CPU second: with statistics $s, without $n"
awk -v s="$s" -v n="$n" 'BEGIN{printf "statistics cost: %.2f%% (negative: the plain build was faster)\n", 100 * (n - s) / n}'
rm -f "$OUT"
