#!/usr/bin/env bash
# The record-class E2 benchmark: 10 seeds x 60 s of the scan engine on ONE core each (several seeds run side
# by side, one per core), every board verified by the checker; then a summary and the best-score-vs-time chart.
# usage: bench/e2_scores.sh [SECONDS] [SEEDS] [JOBS] [-- extra edgecp-solve options]
#   defaults: 60 s, 10 seeds, one job per core. Needs build/examples/edgecp-solve (Release) and python3 with
#   matplotlib (apt-get install python3-matplotlib; PYTHON=/usr/bin/python3 picks Debian's python).
#   The chart goes to bench/out/e2_scores.svg; EDGECP_UPDATE_DOCS=1 writes docs/e2_scores.svg instead.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
seeds=${2:-10}
jobs=${3:-$(nproc)}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
extra=("$@")
puzzle=../shared/data/e2/e2.txt
[ -f "$puzzle" ] || {
  echo "e2_scores.sh: $puzzle not found: this benchmark needs the official Eternity II pieces in ../shared/data" >&2
  echo "  (edgecp ships only generated puzzles; README.md, 'Puzzle files and real puzzles')" >&2
  exit 1
}
breaks=${EDGECP_BREAKS:-201,206,211,216,221,225,229,233,237,239,240-256}
quota=${EDGECP_QUOTA:-5,7,20}  # Blackwood's favoured colours in e2.txt's numbering (none: off)
out=bench/out/e2_scores
mkdir -p "$out"
rm -f "$out"/seed_*.json
chart=bench/out/e2_scores.svg  # docs/e2_scores.svg only when asked: EDGECP_UPDATE_DOCS=1
[ "${EDGECP_UPDATE_DOCS:-0}" = 1 ] && chart=docs/e2_scores.svg
echo "e2_scores.sh: $seeds seeds x ${seconds} s on $jobs cores (about $(( (seeds + jobs - 1) / jobs * seconds )) s); boards and JSON in $out" >&2
seq 1 "$seeds" | xargs -P "$jobs" -I{} sh -c \
  "build/examples/edgecp-solve '$puzzle' --breaks '$breaks' --quota '$quota' --time '$seconds' --threads 1 --seed {} --quiet --json ${extra[*]:-} > '$out/seed_{}.json'"
echo "e2_scores.sh: summary and chart ($chart)" >&2
"${PYTHON:-python3}" bench/plot_scores.py "$out" "$chart" "E2 (e2.txt), scan engine, one core per seed, ${seconds} s" | tee "$out/summary.md"
