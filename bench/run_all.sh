#!/usr/bin/env bash
# Regenerates the figures of docs/results.md and docs/journal.md: the Google Benchmark suite, whole searches
# through edgecp-solve --json, and the charts. Needs a Release build in build/ and python3 with matplotlib for
# the charts (apt-get install python3-matplotlib; PYTHON=/usr/bin/python3 picks Debian's). Results and charts
# go to bench/out/ (EDGECP_UPDATE_DOCS=1: the charts to docs/, replacing the tracked ones); copy the tables
# you want into docs/journal.md and docs/results.md. Each step says on stderr what it runs. Google Benchmark's
# "Library was built as DEBUG" warning comes from Debian's package (built without NDEBUG): it slows the
# library's own timing loop, not our code (built Release); our benchmarks time microseconds or more per
# iteration, where that loop does not show, and ratios within one run stay comparable.
# usage: bench/run_all.sh [REPEATS]   (medians over REPEATS runs, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-3}
out=bench/out
mkdir -p "$out"
solve=build/examples/edgecp-solve
data=../shared/data
charts=$out  # tracked charts in docs/ are replaced only when asked
[ "${EDGECP_UPDATE_DOCS:-0}" = 1 ] && charts=docs
step() { echo "run_all.sh [$(date +%H:%M:%S)] $*" >&2; }
[ -d "$data" ] || step "note: $data absent: the steps on real puzzles are skipped"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  # family and model too: "AMD EPYC" alone hides the core's generation, and rates move with it (journal 31)
  echo "cpu: $(awk -F'\t*: ' '$1=="model name"{m=$2} $1=="cpu family"{f=$2} $1=="model"{n=$2} /^$/{exit}
    END{printf "%s (family %s, model %s)", m, f, n}' /proc/cpuinfo), $(nproc) cores"
  echo "commit: $(git rev-parse --short HEAD)"
} > "$out/machine.txt"

step "1-2. the Google Benchmark suite ($repeats repetitions; 40 minutes or more at 3)"
# 1-2. propagation cost by depth, alldiff from scratch vs incremental, throughput, counting (Google Benchmark)
build/bench/edgecp_bench --benchmark_repetitions="$repeats" --benchmark_report_aggregates_only=true \
  --benchmark_min_time=0.2 --benchmark_out="$out/bench.json" --benchmark_out_format=json | tee "$out/bench.txt"

# 3. counting Brendan's 6x6 (and 5x5) per propagator set, and the nodes-by-depth chart
if [ -f "$data/brendan/set1_06x06.txt" ]; then
  step "3. counting Brendan's 6x6 per propagator set ($repeats runs each)"
  for cfg in none fc ac ac,alldiff fc,ac,alldiff; do
    for i in $(seq "$repeats"); do
      "$solve" "$data/brendan/set1_06x06.txt" --mode count --quiet --json --propagators "$cfg" > "$out/count06_${cfg//,/+}_$i.json"
    done
  done
  "${PYTHON:-python3}" bench/plot_nodes_by_depth.py "$charts/nodes_by_depth.svg" "Brendan 6x6 set 1, count all 260 solutions, reading order" \
    none="$out/count06_none_1.json" fc="$out/count06_fc_1.json" ac="$out/count06_ac_1.json" \
    ac+alldiff="$out/count06_ac+alldiff_1.json"
fi

# the Gecode peer, side by side (needs libgecode-dev at build time)
if [ -x build/bench/gecode_compare ]; then step "the Gecode peer"; bench/compare_gecode.sh "$repeats" > "$out/gecode.jsonl"; fi

# 4. piece all-different inside a mismatch-tolerant search on E2: 10 seeds, same time, with and without
e2=$data/e2/e2.txt
[ -f "$e2" ] || e2=examples/puzzles/e2like_16x16.txt
step "4. the piece all-different in a budgeted search on $e2: 10 seeds x 2 configurations x 60 s (20 min)"
for seed in $(seq 1 10); do
  for cfg in none alldiff; do
    "$solve" "$e2" --mode best --quiet --json --time 60 --seed "$seed" --random-values --restart 5000000 \
      --breaks 180,190,200,205,210,215,220,225,230,235 --engine driver --propagators "$cfg" > "$out/e2_${cfg}_$seed.json"
  done
done

# 5. the scan engine on E2: 10 seeds x 60 s on one core each, verified scores and the best-score-vs-time chart
if [ -f "$data/e2/e2.txt" ]; then step "5. E2 scores: 10 seeds x 60 s"; bench/e2_scores.sh 60 10; fi
echo "done: $out"
