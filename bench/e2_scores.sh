#!/usr/bin/env bash
# The record-class E2 benchmark: 10 seeds x 60 s of the scan engine on ONE core each (several seeds run side
# by side, one per core), every board verified by the checker; then a summary and the best-score-vs-time chart.
# usage: bench/e2_scores.sh [SECONDS] [SEEDS] [JOBS] [-- extra edgecp-solve options]
#   defaults: 60 s, 10 seeds, one job per core. Needs build/examples/edgecp-solve (Release) and python3 with
#   matplotlib (apt-get install python3-matplotlib; PYTHON=/usr/bin/python3 picks Debian's python).
#   The chart goes to bench/out/e2_scores.svg; EDGECP_UPDATE_DOCS=1 writes it to docs/ instead, as
#   e2_scores.svg for 60 s on e2.txt, else e2_scores[_PUZZLE][_SECONDSs].svg.
#   The run measured best (docs/journal.md sections 10, 11 and 23): Blackwood's fill order of the last five
#   rows (--order tail-columns), Blackwood's quota on the colours 5,7,20, and the ten-break schedule 201..239
#   with a break at every placement from 240 on; on e2.txt without its breaks at 237 and 239 and with
#   --values shuffled (section 23); on e2_5hints breaks from 180, 180,190,200,205,...,235,240-256.
#   Environment:
#     EDGECP_BREAKS   another schedule          EDGECP_QUOTA  other favoured colours, or none
#     EDGECP_VALUES   another value order (rare, shuffled)
#     EDGECP_ORDER    another cell order (--order; blackwood: the order of section 10)
#     EDGECP_PUZZLE   e2 (default), e2_5hints or e2_nohint: ../shared/data/e2/<name>.txt
#     EDGECP_CORNERS  3: pin three corners too, on a copy of the puzzle written to bench/out: pieces 4, 1, 2
#                     at the top-left, top-right and bottom-left cells, as on the best five-hint board of
#                     docs/journal.md section 10 (so a matching frame exists around them)
#                     list: seed k pins the three corners of line k of bench/corner_triples.txt (ten ways
#                     drawn at random, each with a matching frame), one copy of the puzzle per seed; seeds
#                     past the last line start again at line 1 (seed 11 runs line 1 with seed 11)
#     EDGECP_DEFAULTS 1: no --order, --breaks, --quota or --values: the configuration edgecp-solve chooses
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
seeds=${2:-10}
jobs=${3:-$(nproc)}
shift $(( $# < 3 ? $# : 3 ))
[ "${1:-}" = "--" ] && shift
extra=("$@")
name=${EDGECP_PUZZLE:-e2}
puzzle=../shared/data/e2/$name.txt
[ -f "$puzzle" ] || {
  echo "e2_scores.sh: $puzzle not found: this benchmark needs the official Eternity II pieces in ../shared/data" >&2
  echo "  (edgecp ships only generated puzzles; README.md, 'Puzzle files and real puzzles')" >&2
  exit 1
}
default_breaks=201,206,211,216,221,225,229,233,237,239,240-256
default_values=rare
if [ "$name" = e2 ]; then  # rare's restarts repeat each other on e2.txt, and its last two early breaks cost
  default_breaks=201,206,211,216,221,225,229,233,240-256  # more than they bring (docs/journal.md section 23)
  default_values=shuffled
fi
if [ "$name" = e2_5hints ]; then  # the clue hints in rows 2 and 13 need breaks before placement 201
  default_breaks=180,190,200,205,210,215,220,225,230,235,240-256
fi
breaks=${EDGECP_BREAKS:-$default_breaks}
values=${EDGECP_VALUES:-$default_values}
order=${EDGECP_ORDER:-tail-columns}
quota=${EDGECP_QUOTA:-5,7,20}  # Blackwood's favoured colours in e2.txt's numbering (none: off)
out=bench/out/e2_scores
mkdir -p "$out"
rm -f "$out"/seed_*.json
puzzle_of_seed=$puzzle  # {} stands for the seed
if [ "${EDGECP_CORNERS:-0}" = 3 ]; then  # hint ROW COL PIECE ROTATION (the data README's format)
  pinned=bench/out/${name}_3corners.txt
  { cat "$puzzle"; printf 'hint 0 0 4 1\nhint 0 15 1 2\nhint 15 0 2 0\n'; } > "$pinned"
  puzzle_of_seed=$pinned
  name=${name}_3corners
elif [ "${EDGECP_CORNERS:-0}" = list ]; then
  mapfile -t ways < <(grep -v '^#' bench/corner_triples.txt)
  [ "${#ways[@]}" -gt 0 ] || { echo "e2_scores.sh: bench/corner_triples.txt has no lines" >&2; exit 1; }
  for ((k = 1; k <= seeds; ++k)); do
    { cat "$puzzle"; sed 's/ hint/\nhint/g' <<< "${ways[(k - 1) % ${#ways[@]}]}"; } > "bench/out/${name}_corners_$k.txt"
  done
  puzzle_of_seed=bench/out/${name}_corners_{}.txt
  name=${name}_corner_list
fi
configuration=(--order "$order" --breaks "$breaks" --quota "$quota" --values "$values")
[ "${EDGECP_DEFAULTS:-0}" = 1 ] && configuration=()
chart=bench/out/e2_scores.svg  # in docs/ only when asked: EDGECP_UPDATE_DOCS=1 (60 s on e2.txt: e2_scores.svg)
suffix=$([ "$name" = e2 ] || echo "_$name")$([ "$seconds" = 60 ] || echo "_${seconds}s")
[ "${EDGECP_UPDATE_DOCS:-0}" = 1 ] && chart=docs/e2_scores$suffix.svg
echo "e2_scores.sh: $name, $seeds seeds x ${seconds} s on $jobs cores (about $(( (seeds + jobs - 1) / jobs * seconds )) s); boards and JSON in $out" >&2
seq 1 "$seeds" | xargs -P "$jobs" -I{} sh -c \
  "build/examples/edgecp-solve '$puzzle_of_seed' ${configuration[*]:-} --time '$seconds' --threads 1 --seed {} --quiet --json ${extra[*]:-} > '$out/seed_{}.json'"
echo "e2_scores.sh: summary and chart ($chart)" >&2
"${PYTHON:-python3}" bench/plot_scores.py "$out" "$chart" "E2 ($name.txt), scan engine, one core per seed, ${seconds} s" | tee "$out/summary.md"
