#!/usr/bin/env bash
# ctest plot_scripts: the chart scripts draw real edgecp-solve output (scan runs, counts); skipped when the
# python given has no matplotlib. usage: bench/test_plots.sh EDGECP_SOLVE PUZZLE [PYTHON]
set -euo pipefail
cd "$(dirname "$0")/.."
solve=$1
puzzle=$2
py=${3:-python3}
if ! "$py" -c "import matplotlib" 2>/dev/null; then
  echo "matplotlib absent ($py; apt-get install python3-matplotlib): skipped"
  exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/scores"
for seed in 1 2; do
  "$solve" "$puzzle" --breaks 20,25 --time 0.5 --threads 1 --seed "$seed" --quiet --json > "$dir/scores/seed_$seed.json"
done
"$py" bench/plot_scores.py "$dir/scores" "$dir/scores.svg" "two seeds" > "$dir/summary.md"
grep -q "all verified: True" "$dir/summary.md"
grep -q "</svg>" "$dir/scores.svg"
if grep -q "at 60 s" "$dir/summary.md"; then  # short runs: no 60-s column
  echo "plot_scores.py: a 60-s column on runs shorter than 120 s" >&2
  exit 1
fi
# the same runs as if they had lasted 130 s: the 60-s column and line (every gain came before 60 s)
mkdir "$dir/long"
for seed in 1 2; do
  "$py" -c 'import json, sys; r = json.load(open(sys.argv[1])); r["seconds"] = 130.0; json.dump(r, open(sys.argv[2], "w"))' \
    "$dir/scores/seed_$seed.json" "$dir/long/seed_$seed.json"
done
"$py" bench/plot_scores.py "$dir/long" "$dir/long.svg" "two seeds, long" > "$dir/long.md"
grep -q "| seed | score | at 60 s |" "$dir/long.md"
grep -q "the final score is above it on 0 of 2 seeds" "$dir/long.md"
"$solve" "$puzzle" --mode count --propagators none --quiet --json > "$dir/none.json"
"$solve" "$puzzle" --mode count --propagators ac,alldiff --quiet --json > "$dir/ac.json"
"$py" bench/plot_nodes_by_depth.py "$dir/nodes.png" "two counts" none="$dir/none.json" ac+alldiff="$dir/ac.json"
[ "$(head -c 4 "$dir/nodes.png" | tail -c 3)" = PNG ]
echo "charts drawn"
