#!/usr/bin/env bash
# Side by side in one run: Gecode (bench/gecode_compare) vs edgecp-solve (fc,ac,alldiff and no propagation),
# counting all solutions, reading order, one thread. Prints one JSON line per run to stdout.
# usage: bench/compare_gecode.sh [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-3}
data=../shared/data/brendan
solve=build/examples/edgecp-solve
gecode=build/bench/gecode_compare
[ -x "$gecode" ] || { echo "build/bench/gecode_compare missing: install libgecode-dev and rebuild" >&2; exit 1; }
run() {  # label, puzzle, extra flags
  local label=$1 puzzle=$2; shift 2
  for i in $(seq "$repeats"); do
    echo "{\"case\":\"$label\",\"run\":$i,\"gecode\":$("$gecode" "$puzzle" "$@")}"
    echo "{\"case\":\"$label\",\"run\":$i,\"edgecp\":$("$solve" "$puzzle" --mode count --quiet --json --propagators fc,ac,alldiff "$@")}"
    echo "{\"case\":\"$label\",\"run\":$i,\"plain\":$("$solve" "$puzzle" --mode count --quiet --json --propagators none "$@")}"
  done
}
run brendan5 "$data/set1_05x05.txt"
run bundled6 examples/puzzles/e2like_6x6.txt
run brendan6_fixed "$data/set1_06x06.txt" --fix-corner
repeats=1 run brendan6 "$data/set1_06x06.txt"
